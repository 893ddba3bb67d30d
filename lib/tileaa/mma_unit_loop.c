/* mma_unit_loop: TileAA pass 4 — an mmaf / mmai that no loop encloses (at the entry's top level, or
 * inside `if`s there) is wrapped in a one-trip `tileaa.for` carrying its accumulator:
 *
 *     %d = mmaf %a, %b, %c          →   %n = constant 1
 *                                       %d = tileaa.for(%n, %c) ({
 *                                       ^bb0(%i, %acc):
 *                                         %m = mmaf %a, %b, %acc
 *                                         continue %m
 *                                       }) {trip_count = 1}
 *
 * Why: TileAS's tensor-core plan (hopper_plan.c) is a plan for a loop — its operands either rings
 * filled per iteration or tiles loaded once before the loop, the accumulator carried, the wgmma
 * group's completion waited for on the loop's exit. A one-trip loop gives a straight-line mmaf
 * (a GEMM whose K fits one tile; the "anywhere in the kernel (top level ...)") that same
 * form: its operands, loaded before it, become once-loaded TMA pipes or registers staged into
 * shared memory, and it takes wgmma / tcgen05 instead of mma.sync. The operands stay where they
 * are (before the loop); nothing else moves. An mmaf inside any loop is left as it is (a loop
 * around it already gives the plan its form, or the plan declines that nesting with a remark).
 * Semantics: unchanged (one iteration computes the mmaf once from the same accumulator).
 * Seed: 001 (the TMA + wgmma pipeline is planned per loop). Knobs: none. */
#include <stdlib.h>

#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

static void wrap_one(MlirContext ctx, MlirOperation mma) {
  MlirLocation loc = mlirOperationGetLocation(mma);
  MlirValue acc = mlirOperationGetOperand(mma, 2), res = mlirOperationGetResult(mma, 0);
  MlirType acc_ty = mlirValueGetType(acc);
  MlirValue n = ct_ir_ct_scalar_const(ctx, loc, CT_I32, 1, mma);
  MlirType counter_ty = mlirValueGetType(n);
  MlirOperationState s = mlirOperationStateGet(ct_ir_sref("tileaa.for"), loc);
  MlirValue opd[2] = {n, acc};
  mlirOperationStateAddOperands(&s, 2, opd);
  mlirOperationStateAddResults(&s, 1, &acc_ty);
  MlirRegion body = mlirRegionCreate();
  MlirType arg_ty[2] = {counter_ty, acc_ty};
  MlirLocation arg_loc[2] = {loc, loc};
  MlirBlock blk = mlirBlockCreate(2, arg_ty, arg_loc);
  mlirRegionAppendOwnedBlock(body, blk);
  mlirOperationStateAddOwnedRegions(&s, 1, &body);
  MlirNamedAttribute trip = ct_ir_named(ctx, "trip_count", ct_ir_i64_attr(ctx, 1));
  mlirOperationStateAddAttributes(&s, 1, &trip);
  MlirOperation loop = mlirOperationCreate(&s);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(mma), mma, loop);
  mlirValueReplaceAllUsesOfWith(res, mlirOperationGetResult(loop, 0)); /* (before the continue uses res) */
  MlirOperation cont = ct_ir_build(loc, "cuda_tile.continue", 0, NULL, 1, &res, 0, NULL, (MlirOperation){NULL});
  mlirBlockAppendOwnedOperation(blk, cont);
  mlirOperationMoveBefore(mma, cont);
  mlirOperationSetOperand(mma, 2, mlirBlockGetArgument(blk, 1));
}

bool ct_tileaa_mma_unit_loops(ct_ctx *c, MlirOperation module_op) {
  ct_oplist mmas = {0};
  ct_ir_collect(module_op, "cuda_tile.mma", &mmas); /* (mmaf and mmai) */
  for (size_t i = 0; i < mmas.n; i++) {
    MlirOperation op = mmas.ops[i];
    if (!ct_ir_is_mma(op) || mlirOperationGetNumOperands(op) != 3 || mlirOperationGetNumResults(op) != 1) continue;
    if (ct_ir_outside_loops(op)) wrap_one(c->mlir, op);
  }
  ct_oplist_free(&mmas);
  return true;
}

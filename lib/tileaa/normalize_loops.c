/* normalize_loops: TileAA pass 3 — every `cuda_tile.for %iv in (%lb to %ub, step %s)` becomes a
 * `tileaa.for` that counts 0..n step 1, with the original induction value recomputed in the body.
 *
 * Algorithm:
 *   trip count n = max(0, ceil((ub - lb) / step)); folded to a constant (and recorded as the
 *   `trip_count` i64 attribute, read by TileAS) when lb, ub and step are constants; otherwise
 *   emitted as cuda_tile integer ops before the loop: n = (ub - lb + step - 1) / step (signed,
 *   truncating; step is positive per the cuda_tile spec), with the +step-1 dropped when step == 1
 *   and the subtraction dropped when lb == 0.
 *   The loop op is rebuilt as "tileaa.for"(%n, %inits...) taking over the original region; its
 *   block argument 0 is now the normalised counter %i and every former use of the induction value
 *   reads %iv = lb + i * step (muli/addi at the top of the body, each omitted when it is the
 *   identity). Attributes of the original loop (unsignedCmp) are kept.
 * Seed: issue 4 item 1 (loops normalised, trip count computed). Knobs: none. */
#include <stdlib.h>

#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

static bool normalize_one(ct_ctx *c, MlirOperation f) {
  MlirContext ctx = c->mlir;
  MlirLocation loc = mlirOperationGetLocation(f);
  if (mlirOperationGetNumOperands(f) < 3) {
    ct_error_op(c, f, "TileAA: `for` needs lower bound, upper bound and step");
    return false;
  }
  MlirValue lb = mlirOperationGetOperand(f, 0), ub = mlirOperationGetOperand(f, 1), st = mlirOperationGetOperand(f, 2);
  ct_type it;
  if (!ct_type_from_mlir(mlirValueGetType(lb), &it) || it.kind != CT_TYPE_TILE || it.rank != 0 || !ct_elem_is_int(it.elem)) {
    ct_error_op(c, f, "TileAA: `for` bounds must be integer scalar tiles");
    return false;
  }
  int64_t vlb = 0, vub = 0, vst = 0;
  bool clb = ct_ir_const_int(lb, &vlb), cub = ct_ir_const_int(ub, &vub), cst = ct_ir_const_int(st, &vst);
  if (cst && vst <= 0) {
    ct_error_op(c, f, "TileAA: `for` step must be positive (got %lld)", (long long)vst);
    return false;
  }
  MlirValue n;
  bool static_trip = clb && cub && cst;
  int64_t trip = 0;
  if (static_trip) {
    trip = vub > vlb ? (vub - vlb + vst - 1) / vst : 0;
    n = ct_ir_ct_scalar_const(ctx, loc, it.elem, trip, f);
  } else {
    MlirValue span = (clb && vlb == 0) ? ub : ct_ir_ct_binop(ctx, loc, "subi", ub, lb, f);
    if (cst && vst == 1) n = span;
    else {
      MlirValue one = ct_ir_ct_scalar_const(ctx, loc, it.elem, 1, f);
      MlirValue sm1 = ct_ir_ct_binop(ctx, loc, "subi", st, one, f);
      n = ct_ir_ct_binop(ctx, loc, "divi", ct_ir_ct_binop(ctx, loc, "addi", span, sm1, f), st, f);
    }
  }
  intptr_t nop = mlirOperationGetNumOperands(f), nres = mlirOperationGetNumResults(f);
  MlirValue *opd = malloc((size_t)(nop - 2) * sizeof *opd);
  MlirType *rt = malloc((size_t)(nres ? nres : 1) * sizeof *rt);
  if (!opd || !rt) abort();
  opd[0] = n;
  for (intptr_t i = 3; i < nop; i++) opd[i - 2] = mlirOperationGetOperand(f, i);
  for (intptr_t i = 0; i < nres; i++) rt[i] = mlirValueGetType(mlirOperationGetResult(f, i));
  MlirOperation nf = ct_ir_rebuild_loop(f, "tileaa.for", nop - 2, opd, nres, rt);
  free(opd);
  free(rt);
  if (static_trip) mlirOperationSetAttributeByName(nf, ct_ir_sref("trip_count"), ct_ir_i64_attr(ctx, trip));

  /* Recompute the induction value lb + i * step at the top of the body. */
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(nf, 0));
  if (mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) < 1) {
    ct_error_op(c, nf, "TileAA: `for` body has no induction variable");
    return false;
  }
  MlirValue i = mlirBlockGetArgument(b, 0);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(i))) return true;
  MlirOperation first = mlirBlockGetFirstOperation(b);
  MlirValue iv = i;
  MlirOperation except[2];
  int nexc = 0;
  if (!(cst && vst == 1)) {
    iv = ct_ir_ct_binop(ctx, loc, "muli", i, st, first);
    except[nexc++] = mlirOpResultGetOwner(iv);
  }
  if (!(clb && vlb == 0)) {
    iv = ct_ir_ct_binop(ctx, loc, "addi", iv, lb, first);
    except[nexc++] = mlirOpResultGetOwner(iv);
  }
  if (nexc) mlirValueReplaceAllUsesExcept(i, iv, nexc, except);
  return true;
}

bool ct_tileaa_normalize_loops(ct_ctx *c, MlirOperation module_op) {
  ct_oplist fors = {0};
  ct_ir_collect(module_op, "cuda_tile.for", &fors);
  bool ok = true;
  for (size_t i = 0; i < fors.n && ok; i++) ok = normalize_one(c, fors.ops[i]);
  ct_oplist_free(&fors);
  return ok;
}

/* async_memory: TileAA pass 2 — loads and stores through a resolved view become explicit async
 * producer/consumer pairs with completion tokens.
 *
 * Algorithm:
 *   load_view_tko %view[%i..] (token=%t)?  ->
 *     %f, %tok = "tileaa.async_load"(%view, %i.., %t?) : -> (!tileaa.future<tile<..>>, !cuda_tile.token)
 *     %v = "tileaa.wait"(%f)      placed right before the first op of the load's block that uses
 *                                 the loaded tile (the consumer), so the producer/consumer distance
 *                                 is explicit; no wait when the tile is unused.
 *   store_view_tko %x, %view[%i..] (token=%t)?  ->
 *     %f, %tok = "tileaa.async_store"(%x, %view, %i.., %t?) : -> (!tileaa.future<store>, !cuda_tile.token)
 *     "tileaa.wait"(%f)           right after the store (completion of the bulk write; TileAS may
 *                                 defer it, TILEIR_DELAY_TMA_STORE_WAIT).
 * The ordering token (memory-model token of cuda_tile) is kept separate from the completion future.
 * Attributes (memory_ordering_semantics, memory_scope, optimization_hints) are copied;
 * operandSegmentSizes follows the cuda_tile layout ([view, index*, token?] / [tile, view, index*, token?]).
 * Only ops whose view is a `tileaa.view` are rewritten; others pass through.
 * Seed: issue 4 item 1 (TileAA normal form). Knobs: none. */
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

static bool is_tileaa_view(MlirValue v) {
  return mlirValueIsAOpResult(v) && ct_ir_is(mlirOpResultGetOwner(v), "tileaa.view");
}

static MlirAttribute segments(MlirContext ctx, int n, const int32_t *s) { return mlirDenseI32ArrayGet(ctx, n, s); }

static bool convert_load(ct_ctx *c, MlirOperation ld) {
  MlirContext ctx = c->mlir;
  if (!is_tileaa_view(mlirOperationGetOperand(ld, 0))) return true;
  int is, in, ts, tn;
  if (!ct_op_group_range(ld, 1, &is, &in) || !ct_op_group_range(ld, 2, &ts, &tn)) {
    ct_error_op(c, ld, "TileAA: malformed load_view_tko operand groups");
    return false;
  }
  MlirValue tile = mlirOperationGetResult(ld, 0), tok = mlirOperationGetResult(ld, 1);
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_type tt;
  if (!ct_type_from_mlir(mlirValueGetType(tile), &tt)) {
    ct_strbuf_free(&sb);
    ct_error_op(c, ld, "TileAA: load result is not a cuda_tile tile");
    return false;
  }
  ct_strbuf_puts(&sb, "future<");
  ct_type_print(&tt, &sb);
  ct_strbuf_puts(&sb, ">");
  MlirType rt[2] = {mlirOpaqueTypeGet(ctx, ct_ir_sref("tileaa"), ct_ir_sref(sb.data)), mlirValueGetType(tok)};
  ct_strbuf_free(&sb);
  intptr_t nop = mlirOperationGetNumOperands(ld);
  MlirValue opd[2 + CT_MAX_RANK];
  for (intptr_t i = 0; i < nop && i < 2 + CT_MAX_RANK; i++) opd[i] = mlirOperationGetOperand(ld, i);
  int32_t seg[3] = {1, in, tn};
  MlirNamedAttribute na = ct_ir_named(ctx, "operandSegmentSizes", segments(ctx, 3, seg));
  MlirOperation al = ct_ir_build(mlirOperationGetLocation(ld), "tileaa.async_load", 2, rt, nop, opd, 1, &na, ld);
  ct_ir_copy_attrs(ld, al);
  mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(al, 1));
  MlirOperation consumer = ct_ir_first_user_in_block(tile, mlirOperationGetBlock(ld));
  if (!mlirOperationIsNull(consumer)) {
    MlirValue fut = mlirOperationGetResult(al, 0);
    MlirType vt = mlirValueGetType(tile);
    MlirOperation w = ct_ir_build(mlirOperationGetLocation(consumer), "tileaa.wait", 1, &vt, 1, &fut, 0, NULL, consumer);
    mlirValueReplaceAllUsesOfWith(tile, mlirOperationGetResult(w, 0));
  }
  mlirOperationDestroy(ld);
  return true;
}

static bool convert_store(ct_ctx *c, MlirOperation st) {
  MlirContext ctx = c->mlir;
  if (!is_tileaa_view(mlirOperationGetOperand(st, 1))) return true;
  int is, in, ts, tn;
  if (!ct_op_group_range(st, 2, &is, &in) || !ct_op_group_range(st, 3, &ts, &tn)) {
    ct_error_op(c, st, "TileAA: malformed store_view_tko operand groups");
    return false;
  }
  MlirValue tok = mlirOperationGetResult(st, 0);
  MlirType rt[2] = {mlirOpaqueTypeGet(ctx, ct_ir_sref("tileaa"), ct_ir_sref("future<store>")), mlirValueGetType(tok)};
  intptr_t nop = mlirOperationGetNumOperands(st);
  MlirValue opd[3 + CT_MAX_RANK];
  for (intptr_t i = 0; i < nop && i < 3 + CT_MAX_RANK; i++) opd[i] = mlirOperationGetOperand(st, i);
  int32_t seg[4] = {1, 1, in, tn};
  MlirNamedAttribute na = ct_ir_named(ctx, "operandSegmentSizes", segments(ctx, 4, seg));
  MlirOperation as = ct_ir_build(mlirOperationGetLocation(st), "tileaa.async_store", 2, rt, nop, opd, 1, &na, st);
  ct_ir_copy_attrs(st, as);
  mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(as, 1));
  MlirValue fut = mlirOperationGetResult(as, 0);
  ct_ir_build(mlirOperationGetLocation(st), "tileaa.wait", 0, NULL, 1, &fut, 0, NULL, mlirOperationGetNextInBlock(st));
  mlirOperationDestroy(st);
  return true;
}

bool ct_tileaa_async_memory(ct_ctx *c, MlirOperation module_op) {
  ct_oplist ops = {0};
  ct_ir_collect(module_op, "cuda_tile.", &ops);
  bool ok = true;
  for (size_t i = 0; i < ops.n && ok; i++) {
    if (ct_ir_is(ops.ops[i], "cuda_tile.load_view_tko")) ok = convert_load(c, ops.ops[i]);
    else if (ct_ir_is(ops.ops[i], "cuda_tile.store_view_tko")) ok = convert_store(c, ops.ops[i]);
  }
  ct_oplist_free(&ops);
  return ok;
}

/* view_resolve: TileAA pass 1 — resolves cuda_tile views to base/shape/stride/tile-box form.
 *
 * Algorithm: for every `cuda_tile.make_partition_view` whose tensor view comes from
 * `cuda_tile.make_tensor_view`, build one `tileaa.view` op:
 *   %v = "tileaa.view"(%base, %shape0..%shapeR-1, %stride0..%strideR-1)
 *        {box = array<i64: tile dims>, elem = <elem type>, base_align = N, padding = "zero",
 *         dim_map = array<i64: ..>} : -> !tileaa.view<box x elem>
 * Static shape/stride entries become `tileaa.constant {value = N : i64} : i64` ops (one per distinct
 * value per kernel, at the top of the entry block); dynamic ones are the view's runtime operands
 * converted by `tileaa.to_i64`. The view (and its conversions) is built before the outermost
 * enclosing for / loop / if whose body the view's inputs do not depend on (view_anchor: a view is
 * pure address arithmetic; cuTile 13.1 re-makes loop-invariant partition views every iteration),
 * else where the partition view was. base_align is the `assume div_by<N>` divisor on the base pointer
 * (0 when unknown); TileAS's TMA filter reads it. Users that TileAA understands
 * (load_view_tko, store_view_tko — rewritten right after by async_memory.c — and
 * get_index_space_shape, rewritten here to `tileaa.index_space`, ceil(shape / box) per dimension)
 * are re-pointed at the new view; the cuda_tile view ops are erased once unused, otherwise kept
 * (views used by ops TileAA does not handle pass through unchanged).
 * Seed: issue 4 item 1 (TileAA normal form); no seed section gives the algorithm. Knobs: none. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

typedef struct const_cache {
  MlirOperation entry;
  int64_t values[64];
  MlirValue results[64];
  int n;
} const_cache;

static MlirValue i64_constant(MlirContext ctx, const_cache *cc, MlirOperation entry, int64_t v) {
  if (!mlirOperationEqual(cc->entry, entry)) cc->entry = entry, cc->n = 0;
  for (int i = 0; i < cc->n; i++)
    if (cc->values[i] == v) return cc->results[i];
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirNamedAttribute na = ct_ir_named(ctx, "value", ct_ir_i64_attr(ctx, v));
  MlirOperation op = ct_ir_build(mlirOperationGetLocation(entry), "tileaa.constant", 1, &i64, 0, NULL, 1, &na,
                                 mlirBlockGetFirstOperation(body));
  MlirValue r = mlirOperationGetResult(op, 0);
  if (cc->n < 64) cc->values[cc->n] = v, cc->results[cc->n] = r, cc->n++;
  return r;
}

static MlirValue to_i64(MlirContext ctx, MlirValue v, MlirOperation anchor) {
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirOperation op = ct_ir_build(mlirOperationGetLocation(anchor), "tileaa.to_i64", 1, &i64, 1, &v, 0, NULL, anchor);
  return mlirOperationGetResult(op, 0);
}

/* Where the view of partition view `pv` is built: before the outermost enclosing `for` / `loop` /
 * `if` (inside the entry) that the view's inputs (`in`, n values) are all defined outside of, else
 * at pv. A view is pure address arithmetic, so building it once before a loop that re-makes it
 * every iteration (cuTile 13.1 places make_partition_view in the loop body) changes nothing but
 * lets TileAS see a loop-invariant view: its loads can become TMA pipes. */
static MlirOperation view_anchor(MlirOperation pv, const MlirValue *in, int n) {
  MlirOperation anchor = pv;
  for (MlirOperation p = mlirOperationGetParentOperation(pv); !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p)) {
    if (!ct_ir_is(p, "cuda_tile.for") && !ct_ir_is(p, "cuda_tile.loop") && !ct_ir_is(p, "cuda_tile.if")) break;
    for (int i = 0; i < n; i++)
      if (!ct_ir_defined_outside(in[i], p)) return anchor;
    anchor = p;
  }
  return anchor;
}

static bool resolve_one(ct_ctx *c, const_cache *cc, MlirOperation pv) {
  MlirContext ctx = c->mlir;
  ct_type t;
  MlirValue tv = mlirOperationGetOperand(pv, 0);
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(pv, 0)), &t) || t.kind != CT_TYPE_PARTITION_VIEW)
    return true; /* not ours: pass through */
  if (!mlirValueIsAOpResult(tv) || !ct_ir_is(mlirOpResultGetOwner(tv), "cuda_tile.make_tensor_view")) return true;
  MlirOperation mtv = mlirOpResultGetOwner(tv);
  MlirOperation entry = ct_ir_enclosing(pv, "cuda_tile.entry");
  if (mlirOperationIsNull(entry)) return true;
  int sh_start, sh_n, st_start, st_n;
  if (!ct_op_group_range(mtv, 1, &sh_start, &sh_n) || !ct_op_group_range(mtv, 2, &st_start, &st_n)) {
    ct_error_op(c, mtv, "TileAA: malformed make_tensor_view operand groups");
    return false;
  }
  MlirValue opd[1 + 2 * CT_MAX_RANK];
  int n = 0, dyn_sh = 0, dyn_st = 0;
  /* the view's inputs: the tensor view's base and dynamic shape/stride operands */
  MlirValue in[1 + 2 * CT_MAX_RANK];
  int nin = 0;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(mtv) && nin < 1 + 2 * CT_MAX_RANK; i++)
    in[nin++] = mlirOperationGetOperand(mtv, i);
  MlirOperation at = view_anchor(pv, in, nin);
  opd[n++] = mlirOperationGetOperand(mtv, 0);
  for (int d = 0; d < t.rank; d++) {
    if (t.shape[d] != CT_DYNAMIC) opd[n++] = i64_constant(ctx, cc, entry, t.shape[d]);
    else if (dyn_sh < sh_n) opd[n++] = to_i64(ctx, mlirOperationGetOperand(mtv, sh_start + dyn_sh++), at);
    else {
      ct_error_op(c, mtv, "TileAA: tensor view has more dynamic dimensions than shape operands");
      return false;
    }
  }
  for (int d = 0; d < t.rank; d++) {
    if (t.strides[d] != CT_DYNAMIC) opd[n++] = i64_constant(ctx, cc, entry, t.strides[d]);
    else if (dyn_st < st_n) opd[n++] = to_i64(ctx, mlirOperationGetOperand(mtv, st_start + dyn_st++), at);
    else {
      ct_error_op(c, mtv, "TileAA: tensor view has more dynamic strides than stride operands");
      return false;
    }
  }
  int64_t box[CT_MAX_RANK], dmap[CT_MAX_RANK];
  ct_strbuf ty;
  ct_strbuf_init(&ty);
  ct_strbuf_puts(&ty, "view<");
  for (int d = 0; d < t.tile_rank; d++) {
    box[d] = t.tile_shape[d];
    dmap[d] = t.has_dim_map ? t.dim_map[d] : d;
    ct_strbuf_printf(&ty, "%" PRId64 "x", box[d]);
  }
  ct_strbuf_printf(&ty, "%s>", ct_elem_name(t.elem));
  MlirNamedAttribute attrs[5];
  int na = 0;
  attrs[na++] = ct_ir_named(ctx, "box", mlirDenseI64ArrayGet(ctx, t.tile_rank, box));
  attrs[na++] = ct_ir_named(ctx, "elem", mlirTypeAttrGet(ct_elem_to_mlir(ctx, t.elem)));
  attrs[na++] = ct_ir_named(ctx, "base_align", ct_ir_i64_attr(ctx, ct_ir_assumed_divisor(opd[0])));
  if (t.padding != CT_PAD_NONE) attrs[na++] = ct_ir_named(ctx, "padding", ct_ir_str_attr(ctx, ct_padding_name(t.padding)));
  if (t.has_dim_map) attrs[na++] = ct_ir_named(ctx, "dim_map", mlirDenseI64ArrayGet(ctx, t.tile_rank, dmap));
  MlirType vt = mlirOpaqueTypeGet(ctx, ct_ir_sref("tileaa"), ct_ir_sref(ty.data));
  ct_strbuf_free(&ty);
  MlirOperation view = ct_ir_build(mlirOperationGetLocation(pv), "tileaa.view", 1, &vt, n, opd, na, attrs, at);
  MlirValue vv = mlirOperationGetResult(view, 0), old = mlirOperationGetResult(pv, 0);

  /* Re-point the users TileAA understands. */
  ct_oplist users = {0};
  for (MlirOpOperand u = mlirValueGetFirstUse(old); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    ct_oplist_push(&users, mlirOpOperandGetOwner(u));
  for (size_t i = 0; i < users.n; i++) {
    MlirOperation u = users.ops[i];
    if (ct_ir_is(u, "cuda_tile.load_view_tko")) mlirOperationSetOperand(u, 0, vv);
    else if (ct_ir_is(u, "cuda_tile.store_view_tko")) mlirOperationSetOperand(u, 1, vv);
    else if (ct_ir_is(u, "cuda_tile.get_index_space_shape") && mlirOperationGetNumOperands(u) == 1) {
      intptr_t nr = mlirOperationGetNumResults(u);
      MlirType rt[CT_MAX_RANK];
      for (intptr_t r = 0; r < nr && r < CT_MAX_RANK; r++) rt[r] = mlirValueGetType(mlirOperationGetResult(u, r));
      MlirOperation is = ct_ir_build(mlirOperationGetLocation(u), "tileaa.index_space", nr, rt, 1, &vv, 0, NULL, u);
      for (intptr_t r = 0; r < nr; r++)
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(u, r), mlirOperationGetResult(is, r));
      mlirOperationDestroy(u);
    }
  }
  ct_oplist_free(&users);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(old))) {
    mlirOperationDestroy(pv);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(tv))) mlirOperationDestroy(mtv);
  }
  return true;
}

bool ct_tileaa_resolve_views(ct_ctx *c, MlirOperation module_op) {
  ct_oplist pvs = {0};
  ct_ir_collect(module_op, "cuda_tile.make_partition_view", &pvs);
  const_cache cc = {.entry = {NULL}};
  bool ok = true;
  for (size_t i = 0; i < pvs.n && ok; i++) ok = resolve_one(c, &cc, pvs.ops[i]);
  ct_oplist_free(&pvs);
  return ok;
}

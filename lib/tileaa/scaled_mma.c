/* scaled_mma: `mmaf_scaled` (block-scaled MX matrix multiply) rewritten into cuda_tile ops the rest
 * of the pipeline compiles, TileAA's first step (so every later stage, the layout selector and the
 * tensor-core paths included, sees an ordinary `mmaf`).
 *
 * Semantics (the interpreter's, interp_ops.c): D = C + sum_k (A[m,k] * sa[m,k/bs]) * (B[k,n] *
 * sb[k/bs,n]), bs = K / the scales' K extent (32 for f8 with f8E8M0FNU scales; 16 or 32 for f4E2M1FN
 * with f8E8M0FNU scales (MXFP4), 16 with f8E4M3FN scales (NVFP4)).
 * Algorithm: each operand is widened to bf16 and multiplied by its scale broadcast over its block:
 *
 *   %s16 = ftof %sa : tile<MxKSxf8E8M0FNU> -> tile<MxKSxbf16>
 *   %s3 = reshape %s16 -> tile<MxKSx1xbf16>; %sb = broadcast %s3 -> tile<MxKSxbsxbf16>
 *   %sk = reshape %sb -> tile<MxKxbf16>
 *   %a16 = ftof %a : tile<MxKxf8E4M3FN> -> tile<MxKxbf16>; %as = mulf %a16, %sk : tile<MxKxbf16>
 *
 * (the rhs alike, its blocks along dim -2: KSx1xN -> KSxbsxN -> KxN; 3-D batched tiles keep their
 * batch dim in front), then `mmaf %as, %bs, %c : bf16 x bf16 -> f32`. Exact: an f8 value has at
 * most 4 significant bits and an e8m0 scale is a power of two, so the product has as many, and
 * bf16 (8 bits, f32's exponent range) holds it — unless it leaves that range (|x| > 3.4e38, or
 * below bf16's smallest subnormal 2^-133 for scales near 2^-127), where bf16 rounds. The
 * products of two bf16 values are exact in the f32 accumulation, so the result is the
 * interpreter's up to the order of the f32 sums. f4E2M1FN operands (2 significant bits) times an
 * f8E4M3FN scale (4 bits, 2^-9 .. 448) give at most 6 bits within bf16's range: exact as well. This is how a GPU without block-scaled MMA (sm_90a)
 * runs MX: at bf16 tensor-core rate; Blackwell's tcgen05.mma.kind::mxf8f6f4.block_scale (scales in
 * tensor memory) is not used yet, and runs the same bf16 form.
 * Knobs: TILEC_DEBUG_SCALED_MMA=1 prints the rewritten module to stderr (it verifies and
 * the interpreter runs it: test/interp/scaled_mma.test). Owner: tileaa. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/types.h"
#include "support/context.h"
#include "support/strbuf.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

static bool operand_type(MlirOperation op, int i, ct_type *t) {
  return ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, i)), t) && t->kind == CT_TYPE_TILE;
}

static MlirValue build1(MlirOperation anchor, const char *name, const ct_type *rt, int n, const MlirValue *opd,
                        int nattr, const MlirNamedAttribute *attrs) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirType t = ct_type_to_mlir(ctx, rt);
  MlirOperation op = ct_ir_build(mlirOperationGetLocation(anchor), name, 1, &t, n, opd, nattr, attrs, anchor);
  return mlirOperationGetResult(op, 0);
}

static MlirValue to_bf16(MlirOperation anchor, MlirValue v, const ct_type *t) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  ct_type r = ct_tile_type(CT_BF16, t->rank, t->shape);
  MlirNamedAttribute rnd = ct_ir_named(ctx, "rounding_mode", ct_ir_opaque_attr(ctx, "cuda_tile", "rounding<nearest_even>"));
  return build1(anchor, "cuda_tile.ftof", &r, 1, &v, 1, &rnd);
}

/* The operand x (type xt, bf16 after widening) times its scale s (type st) broadcast over blocks
 * of `block` along dim `kdim` of x (the last dim for the lhs, the one before for the rhs). */
static MlirValue scale_operand(MlirOperation anchor, MlirValue x, const ct_type *xt, MlirValue s, const ct_type *st,
                               int kdim, int64_t block) {
  MlirContext ctx = mlirOperationGetContext(anchor);
  MlirValue s16 = to_bf16(anchor, s, st);
  /* [.., KS, ..] -> [.., KS, 1, ..] -> [.., KS, block, ..] -> [.., K, ..] */
  int64_t shape[CT_MAX_RANK];
  int r = 0;
  for (int d = 0; d < st->rank; d++) {
    shape[r++] = st->shape[d];
    if (d == kdim) shape[r++] = 1;
  }
  ct_type one = ct_tile_type(CT_BF16, r, shape);
  MlirValue v = build1(anchor, "cuda_tile.reshape", &one, 1, &s16, 0, NULL);
  shape[kdim + 1] = block;
  ct_type wide = ct_tile_type(CT_BF16, r, shape);
  v = build1(anchor, "cuda_tile.broadcast", &wide, 1, &v, 0, NULL);
  ct_type full = ct_tile_type(CT_BF16, xt->rank, xt->shape);
  v = build1(anchor, "cuda_tile.reshape", &full, 1, &v, 0, NULL);
  /* the operand widened next to its use (after the scale's broadcast: ptxas keeps the batched
   * form's registers at 0 spills in this order, not in the other) */
  MlirValue ops[2] = {to_bf16(anchor, x, xt), v};
  MlirNamedAttribute rnd = ct_ir_named(ctx, "rounding_mode", ct_ir_opaque_attr(ctx, "cuda_tile", "rounding<nearest_even>"));
  return build1(anchor, "cuda_tile.mulf", &full, 2, ops, 1, &rnd);
}

static bool decompose(ct_ctx *c, MlirOperation op) {
  ct_type a, b, acc, sa, sb;
  if (mlirOperationGetNumOperands(op) != 5 || !operand_type(op, 0, &a) || !operand_type(op, 1, &b) ||
      !operand_type(op, 2, &acc) || !operand_type(op, 3, &sa) || !operand_type(op, 4, &sb)) {
    ct_error_op(c, op, "`mmaf_scaled`: expected five tile operands");
    return false;
  }
  int rank = a.rank, kd = rank - 1;
  int64_t ks = sa.shape[kd], block = ks > 0 ? a.shape[kd] / ks : 0;
  if (block <= 0) {
    ct_error_op(c, op, "`mmaf_scaled`: the scales' K extent does not divide K");
    return false;
  }
  MlirValue as = scale_operand(op, mlirOperationGetOperand(op, 0), &a, mlirOperationGetOperand(op, 3), &sa, kd, block);
  MlirValue bs = scale_operand(op, mlirOperationGetOperand(op, 1), &b, mlirOperationGetOperand(op, 4), &sb, kd - 1, block);
  MlirValue ops[3] = {as, bs, mlirOperationGetOperand(op, 2)};
  MlirValue d = build1(op, "cuda_tile.mmaf", &acc, 3, ops, 0, NULL);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), d);
  mlirOperationDestroy(op);
  return true;
}

bool ct_tileaa_decompose_scaled_mma(ct_ctx *c, MlirOperation module_op) {
  ct_oplist ops = {0};
  ct_ir_collect(module_op, "cuda_tile.mmaf_scaled", &ops);
  bool ok = true;
  for (size_t i = 0; i < ops.n; i++) ok = decompose(c, ops.ops[i]) && ok;
  if (ok && ops.n && getenv("TILEC_DEBUG_SCALED_MMA")) {
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    mlirOperationPrint(module_op, ct_strbuf_mlir_callback, &sb);
    fprintf(stderr, "%s\n", sb.data ? sb.data : "");
    ct_strbuf_free(&sb);
  }
  ct_oplist_free(&ops);
  return ok;
}

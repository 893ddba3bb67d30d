/* verify_shape: verifier hooks for tile construction, shape ops, matrix multiply and misc —
 * constant, iota, reshape, broadcast, permute, extract, cat, pack, unpack, mmaf, mmai,
 * mmaf_scaled, assume, get_tile_block_id, get_num_tile_blocks.
 *
 * Algorithm: type-class checks, then NVIDIA's per-op rules: constant value type == result tile,
 * iota 1-d and not longer than its element type can count, reshape keeps the element count,
 * broadcast only expands size-1 dims, permute is a valid permutation with the permuted shape,
 * mma ranks 2/3 with M/N/K (and batch) agreeing and the allowed element-type combinations
 * (roster §3.13), assume predicates (#cuda_tile.div_by / same_elements / bounded, parsed from their
 * opaque text) valid for the constrained value.
 * Knobs: none. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/verify.h"

bool verify_get_tile_block_id(ct_vop *v) {
  if (!v_num_operands(v, 0) || !v_num_results(v, 3)) return false;
  for (int i = 0; i < 3; i++)
    if (!v_result(v, i, TC_SCALAR_I32, NULL)) return false;
  return true;
}

bool verify_get_num_tile_blocks(ct_vop *v) { return verify_get_tile_block_id(v); }

bool verify_constant(ct_vop *v) {
  ct_type r;
  if (!v_num_operands(v, 0) || !v_num_results(v, 1)) return false;
  if (!v_result(v, 0, TC_TILE_NUMBER, &r)) return false;
  MlirAttribute val = v_attr(v, "value");
  if (mlirAttributeIsNull(val)) return v_error(v, "requires attribute 'value'");
  if (!mlirAttributeIsADenseElements(val)) return v_error(v, "attribute 'value' must be a dense elements attribute");
  MlirType vt = mlirAttributeGetType(val);
  ct_elem e = v_elem_from_mlir(mlirShapedTypeGetElementType(vt));
  if (e != r.elem)
    return v_error(v, "mismatch between the element type: '%s' and the tile element type '%s'",
                   v_type_str(mlirShapedTypeGetElementType(vt)), ct_elem_name(r.elem));
  int rank = (int)mlirShapedTypeGetRank(vt);
  bool same = rank == r.rank;
  for (int i = 0; same && i < rank; i++) same = mlirShapedTypeGetDimSize(vt, i) == r.shape[i];
  if (!same) {
    int64_t shape[CT_MAX_RANK];
    int n = rank < CT_MAX_RANK ? rank : CT_MAX_RANK;
    for (int i = 0; i < n; i++) shape[i] = mlirShapedTypeGetDimSize(vt, i);
    return v_error(v, "inferred shape of elements literal ([%s]) does not match type ([%s])", v_shape_str(shape, n, ", "),
                   v_shape_str(r.shape, r.rank, ", "));
  }
  return true;
}

bool verify_iota(ct_vop *v) {
  ct_type r;
  if (!v_num_operands(v, 0) || !v_num_results(v, 1) || !v_result(v, 0, TC_TILE_INT, &r)) return false;
  if (r.rank != 1) return v_error(v, "expects result type to be 1-d tile");
  int bits = ct_elem_width(r.elem);
  if (bits < 64 && (uint64_t)r.shape[0] > ((uint64_t)1 << bits))
    return v_error(v, "the number of elements %lld exceeds the maximum value of element type '%s'", (long long)r.shape[0],
                   ct_elem_name(r.elem));
  return true;
}

static bool unary_tiles(ct_vop *v, ct_type *s, ct_type *r) {
  if (!v_num_operands(v, 1) || !v_num_results(v, 1)) return false;
  return v_operand(v, 0, TC_TILE, s) && v_result(v, 0, TC_TILE, r);
}

bool verify_reshape(ct_vop *v) {
  ct_type s, r;
  if (!unary_tiles(v, &s, &r)) return false;
  if (!v_same_elem(&s, &r)) return v_error(v, "requires the same element type for all operands and results");
  if (ct_type_num_elements(&s) != ct_type_num_elements(&r))
    return v_error(v, "expected source tile and result tile to have the same number of elements");
  return true;
}

bool verify_broadcast(ct_vop *v) {
  ct_type s, r;
  if (!unary_tiles(v, &s, &r)) return false;
  if (!v_same_elem(&s, &r)) return v_error(v, "requires the same element type for all operands and results");
  if (s.rank != r.rank) return v_error(v, "failed to verify that all of {source, result} have same rank");
  for (int i = 0; i < s.rank; i++)
    if (s.shape[i] != r.shape[i] && s.shape[i] != 1)
      return v_error(v, "expects the shape of source tile to be compatible with that of the result tile, but got: %s and %s",
                     v_shape_str(s.shape, s.rank, ", "), v_shape_str(r.shape, r.rank, ", "));
  return true;
}

bool verify_permute(ct_vop *v) {
  ct_type s, r;
  if (!unary_tiles(v, &s, &r)) return false;
  if (!v_same_elem(&s, &r)) return v_error(v, "failed to verify that all of {source, result} have the same element type");
  if (s.rank != r.rank) return v_error(v, "failed to verify that all of {source, result} have same rank");
  MlirAttribute p = v_attr(v, "permutation");
  if (mlirAttributeIsNull(p)) return v_error(v, "requires attribute 'permutation'");
  if (!mlirAttributeIsADenseI32Array(p)) return v_error(v, "attribute 'permutation' must be an array<i32: ...>");
  if (s.rank < 2) return v_error(v, "expects at least rank 2, but got: %d", s.rank);
  int n = (int)mlirDenseArrayGetNumElements(p);
  if (n != s.rank) return v_error(v, "expect permutation size (%d) to equal the rank of the source (%d)", n, s.rank);
  int32_t perm[CT_MAX_RANK];
  for (int i = 0; i < n; i++) perm[i] = mlirDenseI32ArrayGetElement(p, i);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (perm[i] == perm[j]) return v_error(v, "expect permutation elements to be unique");
  for (int i = 0; i < n; i++)
    if (perm[i] < 0 || perm[i] >= s.rank)
      return v_error(v, "permutation element at index %d (%d) is out of bound [0, %d)", i, (int)perm[i], s.rank);
  for (int i = 0; i < n; i++)
    if (r.shape[i] != s.shape[perm[i]])
      return v_error(v, "result shape invalid at index %d, expected: %lld, but got: %lld", i, (long long)s.shape[perm[i]],
                     (long long)r.shape[i]);
  return true;
}

bool verify_extract(ct_vop *v) {
  ct_type s, r;
  if (!v_num_operands_range(v, 1, -1) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE, &s)) return false;
  for (int i = 1; i < v->nops; i++)
    if (!v_operand_variadic(v, i, TC_SCALAR_INT, NULL)) return false;
  if (!v_result(v, 0, TC_TILE, &r)) return false;
  if (s.rank != r.rank) return v_error(v, "failed to verify that all of {source, result} have same rank");
  if (!v_same_elem(&s, &r)) return v_error(v, "source and result element type do not match");
  for (int i = 0; i < s.rank; i++)
    if (s.shape[i] % r.shape[i] != 0)
      return v_error(v, "source dimension %d size (%lld) must be evenly divisible by result dimension %d size (%lld)", i,
                     (long long)s.shape[i], i, (long long)r.shape[i]);
  if (v->nops - 1 != s.rank)
    return v_error(v, "incorrect number of indices, expected %d, but found %d", s.rank, v->nops - 1);
  return true;
}

/* insert %src, %dst[%i, ..] (13.4): the inverse of extract; the result has the destination's type. */
bool verify_insert(ct_vop *v) {
  ct_type s, d, r;
  if (!v_num_operands_range(v, 2, -1) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE, &s) || !v_operand(v, 1, TC_TILE, &d)) return false;
  for (int i = 2; i < v->nops; i++)
    if (!v_operand_variadic(v, i, TC_SCALAR_INT, NULL)) return false;
  if (!v_result(v, 0, TC_TILE, &r)) return false;
  if (!ct_type_equal(&d, &r)) return v_error(v, "failed to verify that all of {destination, result} have same type");
  if (s.rank != d.rank) return v_error(v, "failed to verify that all of {source, destination} have same rank");
  if (!v_same_elem(&s, &d)) return v_error(v, "source and destination element type do not match");
  for (int i = 0; i < s.rank; i++)
    if (s.shape[i] == 0 || d.shape[i] % s.shape[i] != 0)
      return v_error(v, "destination dimension %d size (%lld) must be evenly divisible by source dimension %d size (%lld)", i,
                     (long long)d.shape[i], i, (long long)s.shape[i]);
  if (v->nops - 2 != d.rank)
    return v_error(v, "incorrect number of indices, expected %d, but found %d", d.rank, v->nops - 2);
  return true;
}

bool verify_cat(ct_vop *v) {
  ct_type a, b, r;
  if (!v_num_operands(v, 2) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE, &a) || !v_operand(v, 1, TC_TILE, &b) || !v_result(v, 0, TC_TILE, &r)) return false;
  if (!v_same_elem(&a, &b) || !v_same_elem(&a, &r))
    return v_error(v, "failed to verify that all of {lhs, rhs, result} have the same element type");
  if (a.rank != b.rank || a.rank != r.rank) return v_error(v, "failed to verify that all of {lhs, rhs, result} have same rank");
  int64_t dim;
  if (mlirAttributeIsNull(v_attr(v, "dim"))) return v_error(v, "requires attribute 'dim'");
  if (!v_int_attr(v, "dim", &dim)) return v_error(v, "attribute 'dim' must be an i64 integer attribute");
  if (dim < 0 || dim >= a.rank) return v_error(v, "expect dim to be [0, %d), but got: %lld", a.rank, (long long)dim);
  if (a.shape[dim] + b.shape[dim] != r.shape[dim])
    return v_error(v, "invalid concat at position %lld, expected: %lld but got: %lld", (long long)dim,
                   (long long)(a.shape[dim] + b.shape[dim]), (long long)r.shape[dim]);
  for (int i = 0; i < a.rank; i++) {
    if (i == dim) continue;
    if (a.shape[i] != r.shape[i])
      return v_error(v, "expect lhs and result shapes to match at non-concat position %d, expected: %lld but got: %lld", i,
                     (long long)a.shape[i], (long long)r.shape[i]);
    if (b.shape[i] != r.shape[i])
      return v_error(v, "expect rhs and result shapes to match at non-concat position %d, expected: %lld but got: %lld", i,
                     (long long)b.shape[i], (long long)r.shape[i]);
  }
  return true;
}

/* pack: tile<N x T> -> tile<M x i8>; unpack: the inverse. Same byte size, rank 1, T not i8-wide. */
static bool pack_like(ct_vop *v, bool pack) {
  ct_type s, r;
  if (!v_num_operands(v, 1) || !v_num_results(v, 1)) return false;
  if (!v_value_type(mlirOperationGetOperand(v->op, 0), &s) || s.kind != CT_TYPE_TILE || s.elem == CT_PTR)
    return v_error(v, "operand #0 must be tile of number values, but got '%s'", v_type_str(v_operand_mlir_type(v, 0)));
  if (!ct_type_from_mlir(v_result_mlir_type(v, 0), &r) || r.kind != CT_TYPE_TILE || r.elem == CT_PTR)
    return v_error(v, "result #0 must be tile of number values, but got '%s'", v_type_str(v_result_mlir_type(v, 0)));
  const ct_type *bytes = pack ? &r : &s, *other = pack ? &s : &r;
  if (bytes->elem != CT_I8)
    return v_error(v, "%s #0 must be tile of i8 values, but got '%s'", pack ? "result" : "operand",
                   v_type_str(pack ? v_result_mlir_type(v, 0) : v_operand_mlir_type(v, 0)));
  if (s.rank != 1 || r.rank != 1) return v_error(v, "expects source and result to be rank-1 tiles");
  if (ct_elem_bits(other->elem) == 8) return v_error(v, "expects source and result to have different element type widths");
  int64_t sb, rb; /* (sizes in bits first: a shape from bytecode is not yet bounded here) */
  if (__builtin_mul_overflow(s.shape[0], (int64_t)ct_elem_bits(s.elem), &sb) ||
      __builtin_mul_overflow(r.shape[0], (int64_t)ct_elem_bits(r.elem), &rb))
    return v_error(v, "expects source and result sizes in bytes that fit 64 bits");
  sb /= 8, rb /= 8;
  if (sb != rb)
    return v_error(v, "expects source and result to have the same size in bytes, but got source tile size %lld bytes and result tile size %lld bytes",
                   (long long)sb, (long long)rb);
  return true;
}

bool verify_pack(ct_vop *v) { return pack_like(v, true); }
bool verify_unpack(ct_vop *v) { return pack_like(v, false); }

/* ------------------------------------------------------------------------------------------
 * Matrix multiply */

typedef bool (*elem_pred)(ct_elem e);
static bool mmaf_in(ct_elem e) {
  return e == CT_F16 || e == CT_BF16 || e == CT_F32 || e == CT_F64 || e == CT_TF32 || e == CT_F8E4M3FN || e == CT_F8E5M2;
}
static bool mmaf_acc(ct_elem e) { return e == CT_F16 || e == CT_F32 || e == CT_F64; }
static bool mmai_in(ct_elem e) { return e == CT_I8; }
static bool mmai_acc(ct_elem e) { return e == CT_I32; }
static bool scaled_in(ct_elem e) { return e == CT_F8E4M3FN || e == CT_F8E5M2 || e == CT_F4E2M1FN; }
static bool scaled_acc(ct_elem e) { return e == CT_F32; }
static bool scaled_scale(ct_elem e) { return e == CT_F8E4M3FN || e == CT_F8E8M0FNU || e == CT_F8E5M3FNU; }

static bool mma_operand(ct_vop *v, int i, elem_pred ok, const char *desc, ct_type *out) {
  if (i >= v->nops) return v_error(v, "expected an operand #%d", i);
  if (!v_value_type(mlirOperationGetOperand(v->op, i), out) || out->kind != CT_TYPE_TILE || !ok(out->elem))
    return v_error(v, "operand #%d must be %s, but got '%s'", i, desc, v_type_str(v_operand_mlir_type(v, i)));
  return true;
}

static const char *dims(const ct_type *t) { return v_shape_str(t->shape, t->rank, ", "); }

static bool mma_shapes(ct_vop *v, const ct_type *a, const ct_type *b, const ct_type *c) {
  if (a->rank != 2 && a->rank != 3) return v_error(v, "operands must be 2D or 3D tiles");
  int batched = a->rank == 3, row = batched, col = batched + 1;
  if (batched && a->shape[0] != b->shape[0])
    return v_error(v, "shape error: dim 0 of lhs (%lld) and dim 0 of rhs (%lld) must match, but got lhs shape (%s) and rhs shape (%s)",
                   (long long)a->shape[0], (long long)b->shape[0], dims(a), dims(b));
  if (batched && a->shape[0] != c->shape[0])
    return v_error(v, "shape error: dim 0 of lhs (%lld) and dim 0 of acc (%lld) must match, but got lhs shape (%s) and acc shape (%s)",
                   (long long)a->shape[0], (long long)c->shape[0], dims(a), dims(c));
  if (a->shape[col] != b->shape[row])
    return v_error(v, "shape error: dim %d of lhs (%lld) and dim %d of rhs (%lld) must match, but got lhs shape (%s) and rhs shape (%s)",
                   col, (long long)a->shape[col], row, (long long)b->shape[row], dims(a), dims(b));
  if (a->shape[row] != c->shape[row])
    return v_error(v, "shape error: dim %d of lhs (%lld) and dim %d of acc (%lld) must match, but got lhs shape (%s) and acc shape (%s)",
                   row, (long long)a->shape[row], row, (long long)c->shape[row], dims(a), dims(c));
  if (b->shape[col] != c->shape[col])
    return v_error(v, "shape error: dim %d of rhs (%lld) and dim %d of acc (%lld) must match, but got rhs shape (%s) and acc shape (%s)",
                   col, (long long)b->shape[col], col, (long long)c->shape[col], dims(b), dims(c));
  return true;
}

static bool mma_result(ct_vop *v, const ct_type *acc) {
  ct_type r;
  if (!v_num_results(v, 1)) return false;
  if (!ct_type_from_mlir(v_result_mlir_type(v, 0), &r) || !ct_type_equal(&r, acc))
    return v_error(v, "failed to verify that all of {acc, result} have same type");
  return true;
}

bool verify_mmaf(ct_vop *v) {
  static const char *in_desc = "mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values";
  static const char *acc_desc = "mmaf acc/result tile type of f16 or f32 or f64 values";
  ct_type a, b, c;
  if (!v_num_operands(v, 3)) return false;
  if (!mma_operand(v, 0, mmaf_in, in_desc, &a) || !mma_operand(v, 1, mmaf_in, in_desc, &b) ||
      !mma_operand(v, 2, mmaf_acc, acc_desc, &c))
    return false;
  if (a.rank != b.rank || a.rank != c.rank) return v_error(v, "failed to verify that all of {lhs, rhs, acc} have same rank");
  if (a.elem != b.elem) return v_error(v, "failed to verify that all of {lhs, rhs} have the same element type");
  if (!mma_result(v, &c) || !mma_shapes(v, &a, &b, &c)) return false;
  const char *allowed;
  bool ok;
  switch (a.elem) {
  case CT_F8E4M3FN:
  case CT_F8E5M2:
  case CT_F16: allowed = "'f16', 'f32'"; ok = c.elem == CT_F16 || c.elem == CT_F32; break;
  case CT_F64: allowed = "'f64'"; ok = c.elem == CT_F64; break;
  default: allowed = "'f32'"; ok = c.elem == CT_F32; break; /* bf16, tf32, f32 */
  }
  if (!ok)
    return v_error(v, "unsupported combination of element types. Input type '%s' expects accumulator/result type to be one of {%s}, but got '%s'",
                   ct_elem_name(a.elem), allowed, ct_elem_name(c.elem));
  if (v_has_unit(v, "fast_acc") && a.elem != CT_F8E4M3FN && a.elem != CT_F8E5M2)
    return v_error(v, "fast_acc is only supported with f8E4M3FN or f8E5M2 inputs");
  return true;
}

bool verify_mmai(ct_vop *v) {
  ct_type a, b, c;
  if (!v_num_operands(v, 3)) return false;
  if (!mma_operand(v, 0, mmai_in, "mmai operand tile type of i8 values", &a) ||
      !mma_operand(v, 1, mmai_in, "mmai operand tile type of i8 values", &b) ||
      !mma_operand(v, 2, mmai_acc, "mmai acc/result tile type of i32 values", &c))
    return false;
  if (a.rank != b.rank || a.rank != c.rank) return v_error(v, "failed to verify that all of {lhs, rhs, acc} have same rank");
  if (!mma_result(v, &c) || !mma_shapes(v, &a, &b, &c)) return false;
  static const char *const sign_names[] = {"unsigned", "signed"};
  const char *attrs[2] = {"signedness_lhs", "signedness_rhs"};
  for (int i = 0; i < 2; i++) {
    if (mlirAttributeIsNull(v_attr(v, attrs[i]))) return v_error(v, "requires attribute '%s'", attrs[i]);
    if (v_enum_attr(v, attrs[i], "signedness", sign_names, 2, 1) < 0) return false;
  }
  return true;
}

bool verify_mmaf_scaled(ct_vop *v) {
  static const char *in_desc = "mmaf_scaled operand tile type of f8E4M3FN or f8E5M2 or f4E2M1FN values";
  static const char *scale_desc = "mmaf_scaled scale tile type of f8E4M3FN or f8E8M0FNU or fnv8E5M3FNU values";
  ct_type a, b, c, sa, sb;
  if (!v_num_operands(v, 5)) return false;
  if (!mma_operand(v, 0, scaled_in, in_desc, &a) || !mma_operand(v, 1, scaled_in, in_desc, &b) ||
      !mma_operand(v, 2, scaled_acc, "mmaf_scaled result tile type of f32 values", &c) ||
      !mma_operand(v, 3, scaled_scale, scale_desc, &sa) || !mma_operand(v, 4, scaled_scale, scale_desc, &sb))
    return false;
  if (a.elem != b.elem) return v_error(v, "failed to verify that all of {lhs, rhs} have the same element type");
  if (sa.elem != sb.elem) return v_error(v, "failed to verify that all of {lhs_scale, rhs_scale} have the same element type");
  if (a.rank != b.rank || a.rank != c.rank || a.rank != sa.rank || a.rank != sb.rank)
    return v_error(v, "failed to verify that all of {lhs, rhs, acc, lhs_scale, rhs_scale} have same rank");
  if (!mma_result(v, &c) || !mma_shapes(v, &a, &b, &c)) return false;
  if ((sa.elem == CT_F8E4M3FN || sa.elem == CT_F8E5M3FNU) && a.elem != CT_F4E2M1FN)
    return v_error(v, "unsupported combination of element types. Scale type '%s' expects lhs and rhs element types to be 'f4E2M1FN', but got '%s'",
                   ct_elem_name(sa.elem), ct_elem_name(a.elem));
  int row = a.rank == 3, col = row + 1;
  if (row && a.shape[0] != sa.shape[0])
    return v_error(v, "shape error: dim 0 of lhs (%lld) and dim 0 of lhs_scale (%lld) must match", (long long)a.shape[0],
                   (long long)sa.shape[0]);
  if (row && b.shape[0] != sb.shape[0])
    return v_error(v, "shape error: dim 0 of rhs (%lld) and dim 0 of rhs_scale (%lld) must match", (long long)b.shape[0],
                   (long long)sb.shape[0]);
  if (a.shape[row] != sa.shape[row])
    return v_error(v, "shape error: dim %d of lhs (%lld) and dim %d of lhs_scale (%lld) must match", row,
                   (long long)a.shape[row], row, (long long)sa.shape[row]);
  if (b.shape[col] != sb.shape[col])
    return v_error(v, "shape error: dim %d of rhs (%lld) and dim %d of rhs_scale (%lld) must match", col,
                   (long long)b.shape[col], col, (long long)sb.shape[col]);
  if (sa.shape[col] != sb.shape[row])
    return v_error(v, "shape error: dim %d of lhs_scale (%lld) and dim %d of rhs_scale (%lld) must match, but got lhs_scale shape (%s) and rhs_scale shape (%s)",
                   col, (long long)sa.shape[col], row, (long long)sb.shape[row], dims(&sa), dims(&sb));
  int64_t k = a.shape[col], ks = sa.shape[col];
  int64_t factor = ks > 0 && k % ks == 0 ? k / ks : -1;
  if (a.elem == CT_F4E2M1FN && sa.elem == CT_F8E4M3FN) {
    if (factor != 16)
      return v_error(v, "shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got %lld",
                     (long long)factor);
  } else if (a.elem == CT_F4E2M1FN) {
    if (factor != 16 && factor != 32)
      return v_error(v, "shape error: f4E2M1FN element type with %s scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got %lld",
                     ct_elem_name(sa.elem), (long long)factor);
  } else if (factor != 32) {
    return v_error(v, "shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got %lld",
                   (long long)factor);
  }
  return true;
}

/* ------------------------------------------------------------------------------------------
 * assume */

/* Parse a (possibly negative) integer or `?` at *p; returns false on malformed text. */
static bool parse_int(const char **p, const char *end, bool allow_q, bool *is_q, long long *out, bool *too_big) {
  while (*p < end && **p == ' ') (*p)++;
  if (allow_q && *p < end && **p == '?') {
    (*p)++;
    *is_q = true;
    return true;
  }
  *is_q = false;
  char buf[48];
  size_t n = 0;
  while (*p < end && (**p == '-' || (**p >= '0' && **p <= '9')) && n + 1 < sizeof buf) buf[n++] = *(*p)++;
  buf[n] = 0;
  if (n == 0) return false;
  errno = 0;
  *out = strtoll(buf, NULL, 10);
  if (too_big) *too_big = errno == ERANGE;
  return true;
}

static bool skip(const char **p, const char *end, const char *lit) {
  while (*p < end && **p == ' ') (*p)++;
  size_t l = strlen(lit);
  if ((size_t)(end - *p) < l || memcmp(*p, lit, l) != 0) return false;
  *p += l;
  return true;
}

static bool assume_div_by(ct_vop *v, const char *p, const char *end, const ct_type *t) {
  bool q, big = false;
  long long div, every = -1, along = -1;
  if (!parse_int(&p, end, false, &q, &div, &big)) return v_error(v, "malformed 'cuda_tile.div_by' predicate");
  bool has_every = false;
  if (skip(&p, end, ",")) {
    if (!skip(&p, end, "every") || !parse_int(&p, end, false, &q, &every, NULL) || !skip(&p, end, "along") ||
        !parse_int(&p, end, false, &q, &along, NULL))
      return v_error(v, "malformed 'cuda_tile.div_by' predicate");
    has_every = true;
  }
  if (!skip(&p, end, ">") || p != end) return v_error(v, "malformed 'cuda_tile.div_by' predicate");
  bool tile_ok = t->kind == CT_TYPE_TILE && (ct_elem_is_int(t->elem) || t->elem == CT_PTR);
  if (!tile_ok && t->kind != CT_TYPE_TENSOR_VIEW)
    return v_error_plain(v, "'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values");
  if (big) return v_error_plain(v, "'cuda_tile.div_by' divisor is too large");
  if (div <= 0 || (div & (div - 1)) != 0) return v_error_plain(v, "'cuda_tile.div_by' divisor must be a power of 2");
  if (has_every) {
    if (t->kind == CT_TYPE_TENSOR_VIEW)
      return v_error_plain(v, "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view");
    if (t->rank == 0)
      return v_error_plain(v, "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile");
    if (along < 0 || along >= t->rank)
      return v_error_plain(v, "'cuda_tile.div_by' every_dim (%lld) must be >= 0 and < tile rank (%d)", along, t->rank);
    if (every < 0 || every > t->shape[along])
      return v_error_plain(v, "expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (%lld)",
                           (long long)t->shape[along]);
  }
  return true;
}

static bool assume_same_elements(ct_vop *v, const char *p, const char *end, const ct_type *t) {
  long long vals[CT_MAX_RANK + 1];
  int n = 0;
  bool q;
  if (!skip(&p, end, "[")) return v_error(v, "malformed 'cuda_tile.same_elements' predicate");
  if (!skip(&p, end, "]")) {
    do {
      if (n > CT_MAX_RANK || !parse_int(&p, end, false, &q, &vals[n], NULL))
        return v_error(v, "malformed 'cuda_tile.same_elements' predicate");
      n++;
    } while (skip(&p, end, ","));
    if (!skip(&p, end, "]")) return v_error(v, "malformed 'cuda_tile.same_elements' predicate");
  }
  if (!skip(&p, end, ">") || p != end) return v_error(v, "malformed 'cuda_tile.same_elements' predicate");
  if (!(t->kind == CT_TYPE_TILE && (ct_elem_is_int(t->elem) || t->elem == CT_PTR)))
    return v_error_plain(v, "'cuda_tile.same_elements' is valid only for tile of integer/pointer values");
  if (n != t->rank)
    return v_error_plain(v, "expected number of values in 'cuda_tile.same_elements' (%d) to match rank of constrained tile (%d)", n,
                         t->rank);
  for (int i = 0; i < n; i++)
    if (vals[i] < 0 || vals[i] > t->shape[i])
      return v_error_plain(v, "expected 'cuda_tile.same_elements' value %d to be within 0 and the size of the respective dimension (%lld)",
                           i, (long long)t->shape[i]);
  return true;
}

static bool assume_bounded(ct_vop *v, const char *p, const char *end, const ct_type *t) {
  bool lq, hq;
  long long lo = 0, hi = 0;
  if (!parse_int(&p, end, true, &lq, &lo, NULL) || !skip(&p, end, ",") || !parse_int(&p, end, true, &hq, &hi, NULL) ||
      !skip(&p, end, ">") || p != end)
    return v_error(v, "malformed 'cuda_tile.bounded' predicate");
  if (!(t->kind == CT_TYPE_TILE && ct_elem_is_int(t->elem)))
    return v_error_plain(v, "'cuda_tile.bounded' is valid only for tile of integer values");
  int w = ct_elem_width(t->elem);
  long long mn = w >= 64 ? INT64_MIN : -(1LL << (w - 1)), mx = w >= 64 ? INT64_MAX : (1LL << (w - 1)) - 1;
  if (!lq && (lo < mn || lo > mx))
    return v_error_plain(v, "'cuda_tile.bounded' expects lower bound to be within [%lld, %lld]", mn, mx);
  if (!hq && (hi < mn || hi > mx))
    return v_error_plain(v, "'cuda_tile.bounded' expects upper bound to be within [%lld, %lld]", mn, mx);
  if (!lq && !hq && lo > hi)
    return v_error_plain(v, "'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound");
  return true;
}

bool verify_assume(ct_vop *v) {
  ct_type t, r;
  if (!v_num_operands(v, 1) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_ANY, &t) || !v_value_type(mlirOperationGetOperand(v->op, 0), &t))
    return v_error(v, "operand #0 must be a cuda_tile type, but got '%s'", v_type_str(v_operand_mlir_type(v, 0)));
  if (!ct_type_from_mlir(v_result_mlir_type(v, 0), &r) || !ct_type_equal(&t, &r))
    return v_error(v, "failed to verify that all of {value, result} have same type");
  MlirAttribute a = v_attr(v, "predicate");
  if (mlirAttributeIsNull(a)) return v_error(v, "requires attribute 'predicate'");
  if (!mlirAttributeIsAOpaque(a)) return v_error_plain(v, "expected assume predicate attribute");
  MlirStringRef data = mlirOpaqueAttrGetData(a);
  const char *p = data.data, *end = data.data + data.length;
  if (skip(&p, end, "div_by<")) return assume_div_by(v, p, end, &t);
  if (skip(&p, end, "same_elements<")) return assume_same_elements(v, p, end, &t);
  if (skip(&p, end, "bounded<")) return assume_bounded(v, p, end, &t);
  return v_error_plain(v, "expected assume predicate attribute");
}

/* verify_memory: verifier hooks for views, loads/stores, tokens, atomics and pointers —
 * make_tensor_view, make_{partition,strided,gather_scatter}_view, get_tensor_shape,
 * get_index_space_shape, load/store_view_tko, load/store_ptr_tko, offset, make_token, join_tokens,
 * atomic_cas_tko, atomic_rmw_tko, atomic_red_view_tko, alloca.
 *
 * Algorithm: operand groups come from operandSegmentSizes (v_segments); each group is checked
 * against its type class, then the op's rules: dynamic operand counts vs `?` in the tensor_view,
 * index count == view index rank, loaded/stored tile == the view's tile type (tile shape x tensor
 * element; dim_map does not permute it), memory model (ordering allowed per op, weak => no scope,
 * non-weak => scope required), pointer/mask/padding shapes and element types.
 * Knobs: none. */
#include <string.h>

#include "frontend/ops.h"
#include "frontend/verify.h"

enum { MO_WEAK, MO_RELAXED, MO_ACQUIRE, MO_RELEASE, MO_ACQ_REL };
static const char *const mo_names[] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
static const char *const scope_names[] = {"tl_blk", "device", "sys"};

/* The tile type loaded from / stored to a view: tile shape x tensor element type. */
static ct_type view_tile_type(const ct_type *view) {
  int64_t shape[CT_MAX_RANK] = {0};
  for (int i = 0; i < view->tile_rank; i++) shape[i] = view->tile_shape[i];
  return ct_tile_type(view->elem, view->tile_rank, shape);
}

static bool same_tensor_view(const ct_type *tv, const ct_type *view) {
  if (tv->elem != view->elem || tv->rank != view->rank) return false;
  for (int i = 0; i < tv->rank; i++)
    if (tv->shape[i] != view->shape[i] || tv->strides[i] != view->strides[i]) return false;
  return true;
}

/* Memory-model rules for loads (is_load) and stores. View-based ops (is_view) word the weak+scope
 * error as NVIDIA's view parser does. */
static bool check_memory_model(ct_vop *v, bool is_load, bool is_view) {
  int mo = v_int_enum_attr(v, "memory_ordering_semantics", MO_ACQ_REL, MO_WEAK, true);
  if (mo < 0) return false;
  int scope = v_int_enum_attr(v, "memory_scope", 2, -2, false);
  if (scope == -1) return false;
  bool has_scope = scope >= 0;
  if (is_load && mo != MO_WEAK && mo != MO_RELAXED && mo != MO_ACQUIRE)
    return v_error(v, "expect one of: weak, relaxed, or acquire, but got: %s", mo_names[mo]);
  if (!is_load && mo != MO_WEAK && mo != MO_RELAXED && mo != MO_RELEASE)
    return v_error(v, "expect one of: weak, relaxed, or release, but got: %s", mo_names[mo]);
  const char *kind = is_load ? "load" : "store";
  if (mo == MO_WEAK && has_scope && is_view)
    return v_error_plain(v, "operation specifies weak memory ordering semantics, but then provides \"%s\" scope, expected no memory scope.",
                         scope_names[scope]);
  if (mo == MO_WEAK && has_scope) return v_error(v, "weak %s must not have memory scope", kind);
  if (mo != MO_WEAK && !has_scope) return v_error(v, "memory scope is required for %s %s", mo_names[mo], kind);
  return true;
}

static bool check_hints(ct_vop *v) {
  MlirAttribute h = v_attr(v, "optimization_hints");
  if (mlirAttributeIsNull(h)) return true;
  if (!mlirAttributeIsAOpaque(h) && !mlirAttributeIsADictionary(h))
    return v_error(v, "attribute 'optimization_hints' must be a #cuda_tile.optimization_hints<...> attribute");
  return true;
}

/* ------------------------------------------------------------------------------------------ */

bool verify_make_tensor_view(ct_vop *v) {
  int st[3], sz[3];
  if (!v_segments(v, "svv", st, sz)) return false;
  ct_type base, tv;
  if (!v_operand(v, 0, TC_SCALAR_PTR, &base)) return false;
  MlirType dyn_type = {NULL};
  for (int g = 1; g <= 2; g++)
    for (int i = 0; i < sz[g]; i++) {
      if (!v_operand_variadic(v, st[g] + i, TC_SCALAR_INT, NULL)) return false;
    }
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TENSOR_VIEW, &tv)) return false;
  if (tv.elem != base.pointee)
    return v_error(v, "expected pointer to '%s' to build tensor_view of this type, got '%s'", ct_elem_name(tv.elem),
                   ct_elem_name(base.pointee));
  int dyn_shape = 0, dyn_stride = 0;
  for (int i = 0; i < tv.rank; i++) dyn_shape += tv.shape[i] == CT_DYNAMIC, dyn_stride += tv.strides[i] == CT_DYNAMIC;
  if (dyn_shape != sz[1]) return v_error(v, "expected %d dynamic shape operands, got %d", dyn_shape, sz[1]);
  if (dyn_stride != sz[2]) return v_error(v, "expected %d dynamic stride operands, got %d", dyn_stride, sz[2]);
  for (int g = 1; g <= 2; g++)
    for (int i = 0; i < sz[g]; i++) {
      MlirType t = v_operand_mlir_type(v, st[g] + i);
      if (mlirTypeIsNull(dyn_type)) dyn_type = t;
      else if (!v_types_equal(t, dyn_type))
        return v_error(v, "expected dynamic %s index %d to be of the same type as the other dynamic values (%s), got %s",
                       g == 1 ? "shape" : "stride", i, v_type_str(dyn_type), v_type_str(t));
    }
  return true;
}

static bool verify_make_view_kind(ct_vop *v, ct_type_kind kind, const char *kind_name) {
  ct_type tv, view;
  if (!v_num_operands(v, 1) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TENSOR_VIEW, &tv)) return false;
  if (!ct_type_from_mlir(v_result_mlir_type(v, 0), &view) || view.kind != kind)
    return v_error_plain(v, "'cuda_tile.%s' expected '%s' type, but got '%s'", v->name, kind_name,
                         v_type_str(v_result_mlir_type(v, 0)));
  if (!same_tensor_view(&tv, &view)) {
    ct_type inner = tv;
    inner.kind = CT_TYPE_TENSOR_VIEW;
    inner.elem = view.elem;
    inner.rank = view.rank;
    memcpy(inner.shape, view.shape, sizeof inner.shape);
    memcpy(inner.strides, view.strides, sizeof inner.strides);
    return v_error(v, "expected the type of the provided tensor_view value (%s) to be the same as the view's tensor_view type (%s)",
                   v_type_str(v_operand_mlir_type(v, 0)), v_ct_type_str(&inner));
  }
  return true;
}

bool verify_make_partition_view(ct_vop *v) {
  return verify_make_view_kind(v, CT_TYPE_PARTITION_VIEW, "partition_view");
}
bool verify_make_strided_view(ct_vop *v) { return verify_make_view_kind(v, CT_TYPE_STRIDED_VIEW, "strided_view"); }
bool verify_make_gather_scatter_view(ct_vop *v) {
  return verify_make_view_kind(v, CT_TYPE_GATHER_SCATTER_VIEW, "gather_scatter_view");
}

static bool shape_results(ct_vop *v, int want, const char *why) {
  MlirType first = {NULL};
  for (int i = 0; i < v->nres; i++) {
    if (!v_result_variadic(v, i, TC_SCALAR_INT, NULL)) return false;
    MlirType t = v_result_mlir_type(v, i);
    if (i == 0) first = t;
    else if (!v_types_equal(t, first)) return v_error(v, "requires all results to have the same type");
  }
  if (v->nres != want) return v_error(v, "expected %d results due to %s, but got %d", want, why, v->nres);
  return true;
}

bool verify_get_tensor_shape(ct_vop *v) {
  ct_type tv;
  if (!v_num_operands(v, 1)) return false;
  if (!v_value_type(mlirOperationGetOperand(v->op, 0), &tv) || tv.kind != CT_TYPE_TENSOR_VIEW)
    return v_error_plain(v, "'cuda_tile.get_tensor_shape' expected tensor_view, got '%s'", v_type_str(v_operand_mlir_type(v, 0)));
  return shape_results(v, tv.rank, "tensor rank");
}

bool verify_get_index_space_shape(ct_vop *v) {
  ct_type view;
  if (!v_num_operands(v, 1) || !v_operand(v, 0, TC_TILE_VIEW, &view)) return false;
  return shape_results(v, view.tile_rank, "view index space rank");
}

/* Shared by load_view_tko / store_view_tko: the view, index group and tile. */
static bool check_view_access(ct_vop *v, const ct_type *view, int idx_start, int nidx, const ct_type *tile,
                              MlirType tile_mlir) {
  for (int i = 0; i < nidx; i++)
    if (!v_operand_variadic(v, idx_start + i, TC_TILE_INT, NULL)) return false;
  if (nidx != view->tile_rank)
    return v_error(v, "expected %d index operands (based on view type), got %d", view->tile_rank, nidx);
  ct_type want = view_tile_type(view);
  if (!ct_type_equal(tile, &want))
    return v_error(v, "expected tile type to be '%s' (based on view type), got '%s'", v_ct_type_str(&want),
                   v_type_str(tile_mlir));
  MlirType base = {NULL};
  for (int i = 0; i < nidx; i++) {
    MlirType t = v_operand_mlir_type(v, idx_start + i);
    bool sparse = view->kind == CT_TYPE_GATHER_SCATTER_VIEW && i == view->sparse_dim;
    if (sparse) continue;
    if (mlirTypeIsNull(base)) base = t;
    else if (!v_types_equal(t, base))
      return v_error(v, "expected index type %d to be the same as other index types ('%s'), got '%s'", i,
                     v_type_str(base), v_type_str(t));
  }
  for (int i = 0; i < nidx; i++) {
    ct_type it;
    v_value_type(mlirOperationGetOperand(v->op, idx_start + i), &it);
    bool sparse = view->kind == CT_TYPE_GATHER_SCATTER_VIEW && i == view->sparse_dim;
    if (sparse) {
      if (it.rank != 1 || it.shape[0] != view->tile_shape[i])
        return v_error(v, "expected the index at sparse dimension %d to be a 1-d tile of %d elements, got '%s'", i,
                       (int)view->tile_shape[i], v_type_str(v_operand_mlir_type(v, idx_start + i)));
    } else if (it.rank != 0) {
      return v_error(v, "expected index type to be a scalar tile, got '%s'",
                     v_type_str(v_operand_mlir_type(v, idx_start + i)));
    }
  }
  return true;
}

bool verify_load_view_tko(ct_vop *v) {
  int st[3], sz[3];
  ct_type view, tile;
  if (!v_segments(v, "svo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_VIEW, &view)) return false;
  if (sz[2] && !v_operand(v, st[2], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 2) || !v_result(v, 0, TC_TILE, &tile) || !v_result(v, 1, TC_TOKEN, NULL)) return false;
  if (!check_view_access(v, &view, st[1], sz[1], &tile, v_result_mlir_type(v, 0))) return false;
  if (!v_check_inbounds(v, sz[1])) return false;
  if (view.ptr_attr == 3) return v_error(v, "multicast ptr_attr is not allowed");
  return check_hints(v) && check_memory_model(v, true, true);
}

bool verify_store_view_tko(ct_vop *v) {
  int st[4], sz[4];
  ct_type view, tile;
  if (!v_segments(v, "ssvo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE, &tile) || !v_operand(v, 1, TC_TILE_VIEW, &view)) return false;
  if (sz[3] && !v_operand(v, st[3], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  if (!check_view_access(v, &view, st[2], sz[2], &tile, v_operand_mlir_type(v, 0))) return false;
  if (!v_check_inbounds(v, sz[2])) return false;
  if (view.ptr_attr == 3) return v_error(v, "multicast ptr_attr is not allowed");
  return check_hints(v) && check_memory_model(v, false, true);
}

/* A tile of pointers whose shape and pointee match `value`. */
static bool ptr_matches(const ct_type *ptrs, const ct_type *value) {
  return v_same_shape(ptrs, value) && ptrs->pointee == value->elem;
}

bool verify_load_ptr_tko(ct_vop *v) {
  int st[4], sz[4];
  ct_type ptrs, mask, pad, res;
  if (!v_segments(v, "sooo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_PTR, &ptrs)) return false;
  if (sz[1] && !v_operand(v, st[1], TC_TILE_I1, &mask)) return false;
  if (sz[2] && !v_operand(v, st[2], TC_TILE_NUMBER, &pad)) return false;
  if (sz[3] && !v_operand(v, st[3], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 2) || !v_result(v, 0, TC_TILE_NUMBER, &res) || !v_result(v, 1, TC_TOKEN, NULL)) return false;
  if (!ptr_matches(&ptrs, &res)) return v_error(v, "failed to verify that `source` type is expected a pointer type of `result` type");
  if (sz[1] && !v_same_shape(&mask, &ptrs)) return v_error(v, "failed to verify that shape of 'mask' must match the shape of 'source'");
  if (sz[2] && !ct_type_equal(&pad, &res))
    return v_error(v, "failed to verify that type of 'paddingValue' must match the type of 'result'");
  if (sz[2] && !sz[1]) return v_error(v, "a padding value requires a mask");
  return check_hints(v) && check_memory_model(v, true, false);
}

bool verify_store_ptr_tko(ct_vop *v) {
  int st[4], sz[4];
  ct_type ptrs, val, mask;
  if (!v_segments(v, "ssoo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_PTR, &ptrs) || !v_operand(v, 1, TC_TILE_NUMBER, &val)) return false;
  if (sz[2] && !v_operand(v, st[2], TC_TILE_I1, &mask)) return false;
  if (sz[3] && !v_operand(v, st[3], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  if (!ptr_matches(&ptrs, &val))
    return v_error(v, "failed to verify that `destination` type is expected a pointer type of `value` type");
  if (sz[2] && !v_same_shape(&mask, &ptrs))
    return v_error(v, "failed to verify that shape of 'destination' must match the shape of 'mask'");
  return check_hints(v) && check_memory_model(v, false, false);
}

bool verify_offset(ct_vop *v) {
  ct_type p, o, r;
  if (!v_num_operands(v, 2) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE_PTR, &p) || !v_operand(v, 1, TC_TILE_INT, &o) || !v_result(v, 0, TC_TILE_PTR, &r))
    return false;
  if (!ct_type_equal(&p, &r)) return v_error(v, "failed to verify that all of {result, ptr} have same type");
  if (!v_same_shape(&p, &o)) return v_error(v, "requires the same shape for all operands and results");
  return true;
}

bool verify_make_token(ct_vop *v) {
  return v_num_operands(v, 0) && v_num_results(v, 1) && v_result(v, 0, TC_TOKEN, NULL);
}

/* multimem_*_view_tko (13.5): a view over multicast memory (ptr_attr multicast), scalar integer
 * indices, an optional token; NVIDIA's rules as tileirdisasm 13.5 reports them. */
static bool multimem_common(ct_vop *v, const char *kinds, int view_i, int tile_i, ct_type *tile, bool tile_is_result) {
  int st[4], sz[4];
  ct_type view;
  if (!v_segments(v, kinds, st, sz)) return false;
  int gi = (int)strlen(kinds) - 2, gt = gi + 1; /* index and token groups */
  if (!v_operand(v, st[view_i], TC_TILE_VIEW, &view)) return false;
  for (int i = 0; i < sz[gi]; i++)
    if (!v_operand_variadic(v, st[gi] + i, TC_SCALAR_INT, NULL)) return false;
  if (sz[gt] && !v_operand(v, st[gt], TC_TOKEN, NULL)) return false;
  if (tile_is_result) {
    if (!v_num_results(v, 2) || !v_result(v, 0, TC_TILE, tile) || !v_result(v, 1, TC_TOKEN, NULL)) return false;
  } else {
    if (!v_operand(v, st[tile_i], TC_TILE, tile)) return false;
    if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  }
  if (view.ptr_attr != 3)
    return v_error(v, "expected a multicast pointer, but got %s", view.ptr_attr == 2 ? "unicast" : "none");
  if (sz[gi] != view.tile_rank)
    return v_error(v, "expected %d indices, got %d", view.tile_rank, sz[gi]);
  if (tile->elem != view.elem) return v_error(v, "tile and view element types do not match");
  return v_check_inbounds(v, sz[gi]);
}

static bool multimem_reduction(ct_vop *v, const ct_type *tile) {
  int red = v_enum_attr(v, "reduction", "multimem_reduction_kind", ct_mmred_names, 8, 0);
  if (red < 0) return false;
  if (ct_elem_is_float(tile->elem) && red != 0) return v_error(v, "supports only add for floating-point element types");
  return true;
}

bool verify_multimem_load_reduce_view_tko(ct_vop *v) {
  ct_type tile;
  return multimem_common(v, "svo", 0, -1, &tile, true) && multimem_reduction(v, &tile);
}

bool verify_multimem_reduce_view_tko(ct_vop *v) {
  ct_type tile;
  return multimem_common(v, "ssvo", 0, 1, &tile, false) && multimem_reduction(v, &tile);
}

bool verify_multimem_store_view_tko(ct_vop *v) {
  ct_type tile;
  if (!multimem_common(v, "ssvo", 0, 1, &tile, false)) return false;
  int mo = v_int_enum_attr(v, "memory_ordering_semantics", MO_ACQ_REL, MO_WEAK, true);
  if (mo < 0) return false;
  if (mo == MO_WEAK && !mlirAttributeIsNull(v_attr(v, "memory_scope"))) return v_error(v, "weak store must not have memory scope");
  return true;
}

/* memory_fence_alias_tko %t (13.4): token -> token. */
bool verify_memory_fence_alias_tko(ct_vop *v) {
  return v_num_operands(v, 1) && v_operand(v, 0, TC_TOKEN, NULL) && v_num_results(v, 1) && v_result(v, 0, TC_TOKEN, NULL);
}

/* gdc_wait_tko / gdc_launch_dependents_tko (13.4, grid dependency control): optional token -> token. */
static bool gdc_op(ct_vop *v) {
  if (!v_num_operands_range(v, 0, 1)) return false;
  if (v->nops == 1 && !v_operand(v, 0, TC_TOKEN, NULL)) return false;
  return v_num_results(v, 1) && v_result(v, 0, TC_TOKEN, NULL);
}
bool verify_gdc_wait_tko(ct_vop *v) { return gdc_op(v); }
bool verify_gdc_launch_dependents_tko(ct_vop *v) { return gdc_op(v); }

bool verify_join_tokens(ct_vop *v) {
  for (int i = 0; i < v->nops; i++)
    if (!v_operand_variadic(v, i, TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  if (v->nops < 2) return v_error(v, "expect two or more tokens");
  return true;
}

/* ------------------------------------------------------------------------------------------
 * Atomics */

enum { AM_AND, AM_OR, AM_XOR, AM_ADD, AM_ADDF, AM_MAX, AM_MIN, AM_UMAX, AM_UMIN, AM_XCHG };
static const char *const am_names[] = {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"};

/* 32- or 64-bit element (MLIR's bit width: tf32 counts 19 bits, so it is not one). */
static bool atomic_width_ok(ct_elem e) { return e != CT_TF32 && (ct_elem_width(e) == 32 || ct_elem_width(e) == 64); }

static bool check_atomic_mode(ct_vop *v, int mode, ct_elem e) {
  switch (mode) {
  case AM_ADDF:
    if (e != CT_F16 && e != CT_BF16 && e != CT_F32 && e != CT_F64)
      return v_error(v, "'%s' works only with floats f16, bf16, f32, and f64", am_names[mode]);
    return true;
  case AM_XCHG:
    if (!(ct_elem_is_int(e) || ct_elem_is_float(e)) || !atomic_width_ok(e))
      return v_error(v, "'%s' works only with integers or float of 32 or 64 bitwidth", am_names[mode]);
    return true;
  default:
    if (e != CT_I32 && e != CT_I64) return v_error(v, "'%s' works only with integers i32 and i64", am_names[mode]);
    return true;
  }
}

static bool check_atomic_ordering(ct_vop *v) {
  int mo = v_int_enum_attr(v, "memory_ordering_semantics", MO_ACQ_REL, MO_WEAK, true);
  if (mo < 0) return false;
  if (mo == MO_WEAK) return v_error(v, "memory ordering semantics must be one of: relaxed, acquire, release, acq_rel");
  int scope = v_int_enum_attr(v, "memory_scope", 2, -2, true);
  return scope >= 0;
}

bool verify_atomic_cas_tko(ct_vop *v) {
  int st[5], sz[5];
  ct_type p, cmp, val, res, mask;
  if (!v_segments(v, "sssoo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_PTR, &p) || !v_operand(v, 1, TC_TILE_NUMBER, &cmp) || !v_operand(v, 2, TC_TILE_NUMBER, &val))
    return false;
  if (sz[3] && !v_operand(v, st[3], TC_TILE_I1, &mask)) return false;
  if (sz[4] && !v_operand(v, st[4], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 2) || !v_result(v, 0, TC_TILE_NUMBER, &res) || !v_result(v, 1, TC_TOKEN, NULL)) return false;
  if (!v_same_shape(&p, &cmp) || !v_same_shape(&p, &val) || !v_same_shape(&p, &res))
    return v_error(v, "failed to verify that all of {pointers, cmp, val, result} have same shape");
  if (!ct_type_equal(&cmp, &val) || !ct_type_equal(&val, &res))
    return v_error(v, "failed to verify that all of {cmp, val, result} have the same element type");
  if (p.pointee != val.elem)
    return v_error(v, "expected pointee type ('%s') to match element type of 'val' ('%s')", ct_elem_name(p.pointee),
                   ct_elem_name(val.elem));
  if (!atomic_width_ok(val.elem)) return v_error(v, "expect only float or integer types with 32 or 64 bit");
  if (sz[3] && !v_same_shape(&mask, &val))
    return v_error(v, "failed to verify that all of {pointers, val, cmp and mask} have same shape");
  return check_atomic_ordering(v);
}

bool verify_atomic_rmw_tko(ct_vop *v) {
  int st[4], sz[4];
  ct_type p, arg, res, mask;
  if (!v_segments(v, "ssoo", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_PTR, &p) || !v_operand(v, 1, TC_TILE_NUMBER, &arg)) return false;
  if (sz[2] && !v_operand(v, st[2], TC_TILE_I1, &mask)) return false;
  if (sz[3] && !v_operand(v, st[3], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 2) || !v_result(v, 0, TC_TILE_NUMBER, &res) || !v_result(v, 1, TC_TOKEN, NULL)) return false;
  if (!v_same_shape(&p, &arg) || !v_same_shape(&p, &res))
    return v_error(v, "failed to verify that all of {pointers, arg, result} have same shape");
  if (!ct_type_equal(&arg, &res)) return v_error(v, "failed to verify that all of {arg, result} have same type");
  if (p.pointee != arg.elem)
    return v_error(v, "expected pointee type ('%s') to match element type of 'arg' ('%s')", ct_elem_name(p.pointee),
                   ct_elem_name(arg.elem));
  if (sz[2] && !v_same_shape(&mask, &arg))
    return v_error(v, "failed to verify that all of {pointers, arg, mask} have same shape");
  int mode = v_int_enum_attr(v, "mode", AM_XCHG, 0, true);
  if (mode < 0 || !check_atomic_mode(v, mode, arg.elem)) return false;
  return check_atomic_ordering(v);
}

bool verify_atomic_red_view_tko(ct_vop *v) {
  int st[4], sz[4];
  ct_type view, val;
  if (!v_segments(v, "svso", st, sz)) return false;
  if (!v_operand(v, 0, TC_TILE_VIEW, &view)) return false;
  for (int i = 0; i < sz[1]; i++)
    if (!v_operand_variadic(v, st[1] + i, TC_TILE_INT, NULL)) return false;
  if (!v_operand(v, st[2], TC_TILE_NUMBER, &val)) return false;
  if (sz[3] && !v_operand(v, st[3], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  if (!v_check_inbounds(v, sz[1])) return false;
  int mo = v_int_enum_attr(v, "memory_ordering_semantics", MO_ACQ_REL, MO_WEAK, true);
  if (mo < 0) return false;
  if (mo != MO_RELAXED) return v_error(v, "only 'relaxed' memory ordering is supported for view-based atomic reductions");
  int scope = v_int_enum_attr(v, "memory_scope", 2, -2, true);
  if (scope < 0) return false;
  if (scope == 2)
    return v_error(v, "memory scope '%s' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility",
                   scope_names[scope]);
  int mode = v_int_enum_attr(v, "mode", AM_XCHG, 0, true);
  if (mode < 0) return false;
  if (mode == AM_XCHG) return v_error(v, "atomic_red_view_tko op cannot use xchg operation");
  if (view.kind == CT_TYPE_GATHER_SCATTER_VIEW) return v_error(v, "gather_scatter_view is not supported; use partition_view instead");
  if (view.padding != CT_PAD_NONE) return v_error(v, "views with padding_value are not supported for atomic reductions");
  if (view.elem != val.elem)
    return v_error(v, "view element type ('%s') must match value element type ('%s')", ct_elem_name(view.elem),
                   ct_elem_name(val.elem));
  ct_type want = view_tile_type(&view);
  if (!v_same_shape(&want, &val))
    return v_error(v, "view tile shape %s must match value shape %s for element-wise atomic operations",
                   v_shape_str(want.shape, want.rank, ", "), v_shape_str(val.shape, val.rank, ", "));
  if (!check_atomic_mode(v, mode, val.elem)) return false;
  if (sz[1] != view.tile_rank)
    return v_error(v, "expected %d index operand(s) for view with tile rank %d, got %d", view.tile_rank, view.tile_rank, sz[1]);
  for (int i = 0; i < sz[1]; i++) {
    ct_type it;
    v_value_type(mlirOperationGetOperand(v->op, st[1] + i), &it);
    if (it.rank != 0)
      return v_error(v, "index operand %d must be a scalar tile (rank 0), got shape %s", i, v_shape_str(it.shape, it.rank, "x"));
  }
  return true;
}

bool verify_alloca(ct_vop *v) {
  ct_type r;
  if (!v_num_operands(v, 0) || !v_num_results(v, 1) || !v_result(v, 0, TC_SCALAR_PTR, &r)) return false;
  int64_t n, align;
  if (!v_int_attr(v, "num_elem", &n)) return v_error(v, "requires attribute 'num_elem'");
  if (n < 0) return v_error(v, "attribute 'num_elem' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0");
  if (!v_int_attr(v, "alignment", &align)) return v_error(v, "requires attribute 'alignment'");
  if (align < 0)
    return v_error(v, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0");
  if (align == 0 || (align & (align - 1)) != 0) return v_error(v, "'alignment' must be power of two");
  int natural = (ct_elem_bits(r.pointee) + 7) / 8;
  if (align < natural)
    return v_error(v, "'alignment' (%lld) must be at least the natural size (%d bytes) for element type '%s'", (long long)align,
                   natural, ct_elem_name(r.pointee));
  return true;
}

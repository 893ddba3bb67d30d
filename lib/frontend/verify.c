/* verify: the cuda_tile verifier driver and its shared helpers (see verify.h).
 *
 * Algorithm: a pre-order walk over the builtin module. For every op (cuda_tile or foreign) the
 * cuda_tile types it defines (results, block arguments of its regions) are checked against the
 * type-level rules (v_check_type_rules: power-of-two tile dims, <= 2^24 elements, view
 * invariants). Then a `cuda_tile.<name>` op runs its hook from the table below; an unknown
 * cuda_tile op is an error. Like MLIR's verifier, the ops nested in an op that failed are not
 * visited (their errors would be consequences); independent ops keep being verified so every
 * independent error is reported. Foreign ops (e.g. test value producers) are not checked
 * themselves, but their regions are walked.
 * Knobs: none. */
#include "frontend/verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/debuginfo.h"
#include "frontend/frontend.h"
#include "frontend/ops.h"

/* ---------------------------------------------------------------------------------------------
 * Messages */

static bool v_vreport(ct_vop *v, bool prefix, const char *fmt, va_list ap) {
  ct_strbuf msg;
  ct_strbuf_init(&msg);
  if (prefix) ct_strbuf_printf(&msg, "'cuda_tile.%s' op ", v->name);
  ct_strbuf_vprintf(&msg, fmt, ap);
  ct_error_op(v->c, v->op, "%s", msg.data ? msg.data : "");
  ct_strbuf_free(&msg);
  v->nerrors++;
  return false;
}

bool v_error(ct_vop *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  v_vreport(v, true, fmt, ap);
  va_end(ap);
  return false;
}

bool v_error_plain(ct_vop *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  v_vreport(v, false, fmt, ap);
  va_end(ap);
  return false;
}

/* A small ring of message buffers so several printed types can appear in one message. */
#define V_RING 8
static ct_strbuf v_ring[V_RING];
static int v_ring_next;

static ct_strbuf *v_ring_buf(void) {
  ct_strbuf *sb = &v_ring[v_ring_next];
  v_ring_next = (v_ring_next + 1) % V_RING;
  ct_strbuf_clear(sb);
  return sb;
}

static void v_ring_release(void) {
  for (int i = 0; i < V_RING; i++) ct_strbuf_free(&v_ring[i]);
  v_ring_next = 0;
}

void v_print_mlir_type(MlirType t, ct_strbuf *sb) {
  if (mlirTypeIsNull(t)) {
    ct_strbuf_puts(sb, "<<NULL TYPE>>");
    return;
  }
  mlirTypePrint(t, ct_strbuf_mlir_callback, sb);
}

void v_print_ct_type(const ct_type *t, ct_strbuf *sb) {
  ct_strbuf_puts(sb, "!cuda_tile.");
  ct_type_print(t, sb);
}

const char *v_type_str(MlirType t) {
  ct_strbuf *sb = v_ring_buf();
  v_print_mlir_type(t, sb);
  return sb->data ? sb->data : "";
}

const char *v_ct_type_str(const ct_type *t) {
  ct_strbuf *sb = v_ring_buf();
  v_print_ct_type(t, sb);
  return sb->data ? sb->data : "";
}

const char *v_shape_str(const int64_t *shape, int rank, const char *sep) {
  ct_strbuf *sb = v_ring_buf();
  for (int i = 0; i < rank; i++) {
    if (i) ct_strbuf_puts(sb, sep);
    if (shape[i] == CT_DYNAMIC)
      ct_strbuf_putc(sb, '?');
    else
      ct_strbuf_printf(sb, "%lld", (long long)shape[i]);
  }
  return sb->data ? sb->data : "";
}

const char *v_elem_str(const ct_type *t) {
  ct_strbuf *sb = v_ring_buf();
  if (t->elem == CT_PTR)
    ct_strbuf_printf(sb, "ptr<%s>", ct_elem_name(t->pointee));
  else
    ct_strbuf_puts(sb, ct_elem_name(t->elem));
  return sb->data ? sb->data : "";
}

/* ---------------------------------------------------------------------------------------------
 * Types */

bool v_value_type(MlirValue val, ct_type *out) {
  if (mlirValueIsNull(val)) return false;
  return ct_type_from_mlir(mlirValueGetType(val), out);
}

bool v_types_equal(MlirType a, MlirType b) {
  if (mlirTypeEqual(a, b)) return true;
  ct_type ta, tb;
  return ct_type_from_mlir(a, &ta) && ct_type_from_mlir(b, &tb) && ct_type_equal(&ta, &tb);
}

bool v_same_elem(const ct_type *a, const ct_type *b) {
  return a->elem == b->elem && (a->elem != CT_PTR || a->pointee == b->pointee);
}

bool v_same_shape(const ct_type *a, const ct_type *b) {
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->shape[i] != b->shape[i]) return false;
  return true;
}

ct_elem v_elem_from_mlir(MlirType t) { return ct_elem_from_mlir(t); }

static bool is_number_elem(ct_elem e) { return e != CT_ELEM_NONE && e != CT_PTR; }

const char *v_tclass_desc(ct_tclass tc) {
  switch (tc) {
  case TC_ANY: return "any type";
  case TC_TILE: return "tile of any type values";
  case TC_TILE_NUMBER:
    return "tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or "
           "f8E5M2 or f8E8M0FNU or f4E2M1FN values";
  case TC_TILE_INT: return "tile of i1 or i8 or i16 or i32 or i64 values";
  case TC_TILE_INT_I4: return "tile of i1 or i4 or i8 or i16 or i32 or i64 values";
  case TC_TILE_BASEFLOAT: return "tile of f16 or bf16 or f32 or f64 values";
  case TC_TILE_FLOAT:
    return "tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN "
           "values";
  case TC_TILE_I1: return "tile of i1 values";
  case TC_TILE_I64: return "tile of i64 values";
  case TC_TILE_PTR: return "tile of Pointer type values";
  case TC_SCALAR_INT: return "0D tile of i1 or i8 or i16 or i32 or i64 values";
  case TC_SCALAR_I1: return "0D tile of i1 values";
  case TC_SCALAR_I32: return "0D tile of i32 values";
  case TC_SCALAR_PTR: return "0D tile of Pointer type values";
  case TC_TOKEN: return "cuda tile token type";
  case TC_TENSOR_VIEW: return "tensor_view type";
  case TC_TILE_VIEW: return "TileView instance";
  }
  return "?";
}

static bool is_int_no_i4(ct_elem e) { return ct_elem_is_int(e) && e != CT_I4; }

bool v_tclass_match(ct_tclass tc, const ct_type *t) {
  if (tc == TC_ANY) return true;
  bool tile = t->kind == CT_TYPE_TILE;
  switch (tc) {
  case TC_ANY: return true;
  case TC_TILE: return tile;
  case TC_TILE_NUMBER: return tile && is_number_elem(t->elem) && t->elem != CT_I4;
  case TC_TILE_INT: return tile && is_int_no_i4(t->elem);
  case TC_TILE_INT_I4: return tile && ct_elem_is_int(t->elem);
  case TC_TILE_BASEFLOAT: return tile && ct_elem_is_base_float(t->elem);
  case TC_TILE_FLOAT: return tile && ct_elem_is_float(t->elem);
  case TC_TILE_I1: return tile && t->elem == CT_I1;
  case TC_TILE_I64: return tile && t->elem == CT_I64;
  case TC_TILE_PTR: return tile && t->elem == CT_PTR;
  case TC_SCALAR_INT: return tile && t->rank == 0 && is_int_no_i4(t->elem);
  case TC_SCALAR_I1: return tile && t->rank == 0 && t->elem == CT_I1;
  case TC_SCALAR_I32: return tile && t->rank == 0 && t->elem == CT_I32;
  case TC_SCALAR_PTR: return tile && t->rank == 0 && t->elem == CT_PTR;
  case TC_TOKEN: return t->kind == CT_TYPE_TOKEN;
  case TC_TENSOR_VIEW: return t->kind == CT_TYPE_TENSOR_VIEW;
  case TC_TILE_VIEW:
    return t->kind == CT_TYPE_PARTITION_VIEW || t->kind == CT_TYPE_STRIDED_VIEW ||
           t->kind == CT_TYPE_GATHER_SCATTER_VIEW;
  }
  return false;
}

static const char *number_list =
    "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or "
    "i16 or i32 or i64";

static bool is_pow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

static bool check_tile_shape(const int64_t *shape, int rank, ct_elem elem, ct_strbuf *err) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] <= 0) {
      ct_strbuf_printf(err, "all dimensions must be positive constants, got %s", v_shape_str(shape, rank, ", "));
      return false;
    }
    if (!is_pow2(shape[i])) {
      ct_strbuf_printf(err, "all dimensions must be powers of two, got %s", v_shape_str(shape, rank, ", "));
      return false;
    }
    if (n > (int64_t)(1 << 24) / shape[i]) {
      ct_strbuf_printf(err, "tile would exceed the maximum of %d elements", 1 << 24);
      return false;
    }
    n *= shape[i];
  }
  if (elem == CT_F4E2M1FN && n % 2 != 0) {
    ct_strbuf_puts(err, "F4E2M1FN tiles must have an even number of elements");
    return false;
  }
  return true;
}

static bool check_view_part(const ct_type *t, ct_strbuf *err) {
  if (t->tile_rank == 0) {
    ct_strbuf_puts(err, "0-dimension tile shape is not supported");
    return false;
  }
  if (t->tile_rank != t->rank) {
    ct_strbuf_printf(err, "expected tensor_view rank and tile rank to match, got tensor_view of rank %d and tiles of rank %d",
                     t->rank, t->tile_rank);
    return false;
  }
  int64_t tshape[CT_MAX_RANK];
  for (int i = 0; i < t->tile_rank; i++) tshape[i] = t->tile_shape[i];
  for (int i = 0; i < t->tile_rank; i++)
    if (t->tile_shape[i] <= 0) {
      ct_strbuf_printf(err, "tile shape dimensions must have positive length but got [%s]",
                       v_shape_str(tshape, t->tile_rank, ", "));
      return false;
    }
  for (int i = 0; i < t->tile_rank; i++)
    if (!is_pow2(t->tile_shape[i])) {
      ct_strbuf_printf(err, "tile shape dimensions must have power of two length but got [%s]",
                       v_shape_str(tshape, t->tile_rank, ", "));
      return false;
    }
  int used[CT_MAX_RANK];
  for (int i = 0; i < CT_MAX_RANK; i++) used[i] = -1;
  for (int i = 0; i < t->tile_rank; i++) {
    int32_t d = t->has_dim_map ? t->dim_map[i] : i;
    if (d < 0) {
      ct_strbuf_printf(err, "target dimension must not be negative, got %d", (int)d);
      return false;
    }
    if (d >= t->rank) {
      ct_strbuf_printf(err, "target dimension is outside of tensor view dimensions, expected strictly less than %d, got %d",
                       t->tile_rank, (int)d);
      return false;
    }
    if (used[d] >= 0) {
      ct_strbuf_printf(err, "target dimension %d mapped at least twice (for tile dimensions %d and %d)", (int)d,
                       used[d], i);
      return false;
    }
    used[d] = i;
  }
  if (!check_tile_shape(tshape, t->tile_rank, t->elem, err)) return false;
  if (t->padding != CT_PAD_NONE && t->padding != CT_PAD_ZERO && !ct_elem_is_float(t->elem)) {
    static const char *pad_names[] = {"", "zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
    ct_strbuf_printf(err, "padding_value %s can only be used with floating point element types, got %s",
                     pad_names[t->padding], ct_elem_name(t->elem));
    return false;
  }
  if (t->kind == CT_TYPE_STRIDED_VIEW) {
    for (int i = 0; i < t->tile_rank; i++)
      if (t->traversal_strides[i] <= 0) {
        int64_t s[CT_MAX_RANK];
        for (int k = 0; k < t->tile_rank; k++) s[k] = t->traversal_strides[k];
        ct_strbuf_printf(err, "traversal strides must be strictly positive but got [%s]",
                         v_shape_str(s, t->tile_rank, ", "));
        return false;
      }
  }
  if (t->kind == CT_TYPE_GATHER_SCATTER_VIEW && (t->sparse_dim < 0 || t->sparse_dim >= t->rank)) {
    ct_strbuf_printf(err, "sparse_dim %d is out of bounds for a tensor_view of rank %d", (int)t->sparse_dim, t->rank);
    return false;
  }
  return true;
}

bool v_check_type_rules(const ct_type *t, ct_strbuf *err) {
  switch (t->kind) {
  case CT_TYPE_TILE:
    if (t->elem == CT_PTR && !is_number_elem(t->pointee)) {
      ct_strbuf_printf(err, "failed to verify 'pointeeType': %s", number_list);
      return false;
    }
    if (t->elem == CT_ELEM_NONE) {
      ct_strbuf_printf(err, "failed to verify 'elementType': %s or Pointer type", number_list);
      return false;
    }
    return check_tile_shape(t->shape, t->rank, t->elem, err);
  case CT_TYPE_TENSOR_VIEW:
  case CT_TYPE_PARTITION_VIEW:
  case CT_TYPE_STRIDED_VIEW:
  case CT_TYPE_GATHER_SCATTER_VIEW:
    if (!is_number_elem(t->elem) || t->elem == CT_I4) {
      ct_strbuf_printf(err, "failed to verify 'elementType': %s", number_list);
      return false;
    }
    for (int i = 0; i < t->rank; i++)
      if (t->shape[i] != CT_DYNAMIC && t->shape[i] <= 0) {
        ct_strbuf_printf(err, "dimensions must have strictly positive constant sizes but got [%s]",
                         v_shape_str(t->shape, t->rank, ", "));
        return false;
      }
    for (int i = 0; i < t->rank; i++)
      if (t->strides[i] != CT_DYNAMIC && t->strides[i] <= 0) {
        ct_strbuf_printf(err, "dimensions must have strictly positive constant strides but got [%s]",
                         v_shape_str(t->strides, t->rank, ", "));
        return false;
      }
    if (t->kind == CT_TYPE_TENSOR_VIEW) return true;
    return check_view_part(t, err);
  case CT_TYPE_TOKEN: return true;
  case CT_TYPE_INVALID: ct_strbuf_puts(err, "invalid cuda_tile type"); return false;
  }
  return true;
}

/* ---------------------------------------------------------------------------------------------
 * Counts, operands, results */

bool v_num_operands(ct_vop *v, int n) {
  if (v->nops == n) return true;
  return v_error(v, "expected %d operand%s, but found %d", n, n == 1 ? "" : "s", v->nops);
}

bool v_num_operands_range(ct_vop *v, int lo, int hi) {
  if (v->nops >= lo && (hi < 0 || v->nops <= hi)) return true;
  if (hi < 0) return v_error(v, "expected %d or more operands, but found %d", lo, v->nops);
  return v_error(v, "expected between %d and %d operands, but found %d", lo, hi, v->nops);
}

bool v_num_results(ct_vop *v, int n) {
  if (v->nres == n) return true;
  return v_error(v, "expected %d result%s, but found %d", n, n == 1 ? "" : "s", v->nres);
}

bool v_num_regions(ct_vop *v, int n) {
  int have = (int)mlirOperationGetNumRegions(v->op);
  if (have == n) return true;
  return v_error(v, "expected %d region%s, but found %d", n, n == 1 ? "" : "s", have);
}

MlirType v_operand_mlir_type(ct_vop *v, int i) {
  if (i < 0 || i >= v->nops) return (MlirType){NULL};
  return mlirValueGetType(mlirOperationGetOperand(v->op, i));
}

MlirType v_result_mlir_type(ct_vop *v, int i) {
  if (i < 0 || i >= v->nres) return (MlirType){NULL};
  return mlirValueGetType(mlirOperationGetResult(v->op, i));
}

static bool v_check_value(ct_vop *v, const char *what, int i, MlirType mt, ct_tclass tc, bool variadic,
                          ct_type *out) {
  ct_type t;
  memset(&t, 0, sizeof t);
  bool ok = !mlirTypeIsNull(mt) && ct_type_from_mlir(mt, &t) && v_tclass_match(tc, &t);
  if (!ok && tc == TC_ANY && !mlirTypeIsNull(mt)) ok = true; /* foreign type, unchecked */
  if (!ok) {
    return v_error(v, "%s #%d must be %s%s, but got '%s'", what, i, variadic ? "variadic of " : "",
                   v_tclass_desc(tc), v_type_str(mt));
  }
  if (out) *out = t;
  return true;
}

bool v_operand(ct_vop *v, int i, ct_tclass tc, ct_type *out) {
  if (i >= v->nops) return v_error(v, "expected an operand #%d, but the op has %d operands", i, v->nops);
  return v_check_value(v, "operand", i, v_operand_mlir_type(v, i), tc, false, out);
}

bool v_operand_variadic(ct_vop *v, int i, ct_tclass tc, ct_type *out) {
  if (i >= v->nops) return v_error(v, "expected an operand #%d, but the op has %d operands", i, v->nops);
  return v_check_value(v, "operand", i, v_operand_mlir_type(v, i), tc, true, out);
}

bool v_result(ct_vop *v, int i, ct_tclass tc, ct_type *out) {
  if (i >= v->nres) return v_error(v, "expected a result #%d, but the op has %d results", i, v->nres);
  return v_check_value(v, "result", i, v_result_mlir_type(v, i), tc, false, out);
}

bool v_result_variadic(ct_vop *v, int i, ct_tclass tc, ct_type *out) {
  if (i >= v->nres) return v_error(v, "expected a result #%d, but the op has %d results", i, v->nres);
  return v_check_value(v, "result", i, v_result_mlir_type(v, i), tc, true, out);
}

/* ---------------------------------------------------------------------------------------------
 * Attributes */

MlirAttribute v_attr(ct_vop *v, const char *name) {
  return mlirOperationGetAttributeByName(v->op, mlirStringRefCreateFromCString(name));
}

bool v_has_unit(ct_vop *v, const char *name) {
  MlirAttribute a = v_attr(v, name);
  return !mlirAttributeIsNull(a) && !(mlirAttributeIsABool(a) && !mlirBoolAttrGetValue(a));
}

bool v_check_inbounds(ct_vop *v, int nindex) {
  MlirAttribute a = v_attr(v, "inbounds");
  if (mlirAttributeIsNull(a)) return true;
  if (!mlirAttributeIsADenseBoolArray(a)) return v_error(v, "attribute 'inbounds' failed to satisfy constraint: i1 dense array attribute");
  if (mlirDenseArrayGetNumElements(a) != nindex)
    return v_error(v, "'inbounds' has %d entries, expected one per index (%d)", (int)mlirDenseArrayGetNumElements(a), nindex);
  return true;
}

bool v_segments(ct_vop *v, const char *kinds, int *starts, int *sizes) {
  int nseg = (int)strlen(kinds);
  MlirAttribute a = v_attr(v, "operandSegmentSizes");
  if (mlirAttributeIsNull(a)) {
    /* Without the attribute the op is only unambiguous when at most one group varies. */
    return v_error(v, "requires attribute 'operandSegmentSizes'");
  }
  if (!mlirAttributeIsADenseI32Array(a))
    return v_error(v, "attribute 'operandSegmentSizes' must be an array<i32: ...>");
  if (mlirDenseArrayGetNumElements(a) != nseg)
    return v_error(v, "'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d",
                   nseg, (int)mlirDenseArrayGetNumElements(a));
  int sum = 0;
  for (int i = 0; i < nseg; i++) {
    int s = mlirDenseI32ArrayGetElement(a, i);
    if (s < 0) return v_error(v, "'operandSegmentSizes' attribute cannot have negative elements");
    if (kinds[i] == 's' && s != 1)
      return v_error(v, "operand group #%d requires exactly one operand, but 'operandSegmentSizes' gives %d", i, s);
    if (kinds[i] == 'o' && s > 1)
      return v_error(v, "optional operand group #%d has %d operands, expected at most 1", i, s);
    starts[i] = sum;
    sizes[i] = s;
    sum += s;
  }
  if (sum != v->nops)
    return v_error(v, "operand count (%d) does not match with the total size (%d) specified in attribute 'operandSegmentSizes'",
                   v->nops, sum);
  return true;
}

int v_enum_attr(ct_vop *v, const char *attr, const char *mnemonic, const char *const *names, int n, int dflt) {
  MlirAttribute a = v_attr(v, attr);
  if (mlirAttributeIsNull(a)) return dflt;
  if (!mlirAttributeIsAOpaque(a)) {
    ct_strbuf *sb = v_ring_buf();
    mlirAttributePrint(a, ct_strbuf_mlir_callback, sb);
    v_error(v, "attribute '%s' must be a #cuda_tile.%s<...> attribute, got '%s'", attr, mnemonic, sb->data ? sb->data : "");
    return -1;
  }
  MlirStringRef ns = mlirOpaqueAttrGetDialectNamespace(a);
  MlirStringRef data = mlirOpaqueAttrGetData(a);
  size_t ml = strlen(mnemonic);
  bool shape_ok = ns.length == strlen("cuda_tile") && memcmp(ns.data, "cuda_tile", ns.length) == 0 &&
                  data.length > ml + 2 && memcmp(data.data, mnemonic, ml) == 0 && data.data[ml] == '<' &&
                  data.data[data.length - 1] == '>';
  if (shape_ok) {
    const char *kw = data.data + ml + 1;
    size_t kl = data.length - ml - 2;
    for (int i = 0; i < n; i++)
      if (strlen(names[i]) == kl && memcmp(names[i], kw, kl) == 0) return i;
  }
  ct_strbuf *sb = v_ring_buf();
  for (int i = 0; i < n; i++) ct_strbuf_printf(sb, "%s'%s'", i ? ", " : "", names[i]);
  v_error(v, "attribute '%s' has an invalid value '#%.*s.%.*s', expected #cuda_tile.%s<kw> with kw one of: %s", attr,
          (int)ns.length, ns.data, (int)data.length, data.data, mnemonic, sb->data ? sb->data : "");
  return -1;
}

bool v_int_attr(ct_vop *v, const char *attr, int64_t *out) {
  MlirAttribute a = v_attr(v, attr);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

int v_int_enum_attr(ct_vop *v, const char *attr, int max, int dflt, bool required) {
  MlirAttribute a = v_attr(v, attr);
  if (mlirAttributeIsNull(a)) {
    if (required) {
      v_error(v, "requires attribute '%s'", attr);
      return -1;
    }
    return dflt;
  }
  if (!mlirAttributeIsAInteger(a)) {
    v_error(v, "attribute '%s' must be an i32 integer attribute", attr);
    return -1;
  }
  int64_t x = mlirIntegerAttrGetValueInt(a);
  if (x < 0 || x > max) {
    v_error(v, "attribute '%s' has invalid value %lld (expected 0..%d)", attr, (long long)x, max);
    return -1;
  }
  return (int)x;
}

/* ---------------------------------------------------------------------------------------------
 * Regions */

MlirBlock v_region_block(MlirOperation op, int region) {
  if (region >= (int)mlirOperationGetNumRegions(op)) return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

int v_region_num_blocks(MlirOperation op, int region) {
  if (region >= (int)mlirOperationGetNumRegions(op)) return 0;
  int n = 0;
  for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region)); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b))
    n++;
  return n;
}

MlirOperation v_block_last_op(MlirBlock b) {
  MlirOperation last = {NULL};
  if (mlirBlockIsNull(b)) return last;
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    last = o;
  return last;
}

bool v_op_is(MlirOperation op, const char *short_name) {
  if (mlirOperationIsNull(op)) return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t sl = strlen(short_name);
  return n.length == 10 + sl && memcmp(n.data, "cuda_tile.", 10) == 0 && memcmp(n.data + 10, short_name, sl) == 0;
}

/* ---------------------------------------------------------------------------------------------
 * Hook table */

typedef struct hook_entry {
  const char *name;
  ct_verify_hook hook;
} hook_entry;

static const hook_entry hook_table[] = {
#define CT_OP(id, name, operands, results, attrs, traits, nregions, format, hook) {name, hook},
#include "dialect/cuda_tile_ops.def"
#undef CT_OP
};

ct_verify_hook ct_verify_find_hook(const char *short_name) {
  for (size_t i = 0; i < sizeof hook_table / sizeof hook_table[0]; i++)
    if (strcmp(hook_table[i].name, short_name) == 0) return hook_table[i].hook;
  return NULL;
}

/* ---------------------------------------------------------------------------------------------
 * Walk */

static bool is_cuda_tile_op(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 10 && memcmp(n.data, "cuda_tile.", 10) == 0;
}

/* Check one defined type; reports at op. Returns false after an error. */
static bool check_defined_type(ct_vop *v, MlirType mt) {
  ct_type t;
  if (!mlirTypeIsAOpaque(mt)) return true;
  MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(mt);
  if (!(ns.length == 9 && memcmp(ns.data, "cuda_tile", 9) == 0)) return true;
  /* A bare `ptr<T>` (not inside a tile) is a valid type of its own; its pointee must be a number type. */
  MlirStringRef data = mlirOpaqueTypeGetData(mt);
  if (data.length > 5 && memcmp(data.data, "ptr<", 4) == 0 && data.data[data.length - 1] == '>') {
    ct_elem pointee = ct_elem_from_name(data.data + 4, data.length - 5);
    if (pointee == CT_ELEM_NONE || pointee == CT_PTR)
      return v_error_plain(v, "invalid cuda_tile type '%s': the pointee must be a number type", v_type_str(mt));
    return true;
  }
  if (!ct_type_from_mlir(mt, &t)) return v_error_plain(v, "invalid cuda_tile type '%s'", v_type_str(mt));
  ct_strbuf err;
  ct_strbuf_init(&err);
  bool ok = v_check_type_rules(&t, &err);
  if (!ok) v_error_plain(v, "%s", err.data ? err.data : "invalid type");
  ct_strbuf_free(&err);
  return ok;
}

static bool check_defined_types(ct_vop *v) {
  for (int i = 0; i < v->nres; i++)
    if (!check_defined_type(v, v_result_mlir_type(v, i))) return false;
  intptr_t nreg = mlirOperationGetNumRegions(v->op);
  for (intptr_t r = 0; r < nreg; r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(v->op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); a++)
        if (!check_defined_type(v, mlirValueGetType(mlirBlockGetArgument(b, a)))) return false;
  return true;
}

static void verify_op_tree(ct_ctx *c, MlirOperation op);

/* Table-driven structure (dialect/cuda_tile_ops.def): region count and the attributes that must
 * be present (marked `!` without a default). Operand/result groups are checked by the hooks,
 * which know each group's type class. */
static bool verify_table_structure(ct_vop *v) {
  const ct_op_info *info = ct_op_info_by_name(v->name, strlen(v->name));
  if (!info) return true;
  if (!v_num_regions(v, info->nregions)) return false;
  for (int i = 0; i < info->nattrs; i++) {
    const ct_attr_info *a = &info->attrs[i];
    if (a->always && !a->dflt && mlirAttributeIsNull(v_attr(v, a->name)))
      return v_error(v, "requires attribute '%s'", a->name);
  }
  return true;
}

/* The cuda_tile terminator op (return, yield, continue, break), or NULL. */
static const ct_op_info *terminator_info(MlirOperation op) {
  if (!is_cuda_tile_op(op)) return NULL;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  const ct_op_info *info = ct_op_info_by_name(n.data + 10, n.length - 10);
  return info && (info->traits & CT_T_TERMINATOR) ? info : NULL;
}

static void verify_regions(ct_ctx *c, MlirOperation op) {
  intptr_t nreg = mlirOperationGetNumRegions(op);
  for (intptr_t r = 0; r < nreg; r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      const ct_op_info *terminator = NULL;
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        /* A terminator ends its block: whatever follows it could never run, and the printed form
         * would not parse back (the ops after `return` become its operands). */
        if (terminator) {
          ct_error_op(c, o, "operation after the block's terminator 'cuda_tile.%s' (a terminator must be the "
                      "last operation of its block)", terminator->name);
          break;
        }
        int errors_before = c->nerrors;
        verify_op_tree(c, o);
        /* (a terminator already reported as misplaced, e.g. `continue` outside a loop, is not
         * reported again through the ops after it) */
        terminator = c->nerrors == errors_before ? terminator_info(o) : NULL;
      }
    }
}

static void verify_op_tree(ct_ctx *c, MlirOperation op) {
  char name[96];
  ct_vop v = {
      .c = c,
      .op = op,
      .name = ct_op_short_name(op, name, sizeof name),
      .nops = (int)mlirOperationGetNumOperands(op),
      .nres = (int)mlirOperationGetNumResults(op),
      .nerrors = 0,
  };
  bool ok = check_defined_types(&v);
  bool stage_continue = false;
  if (ok && is_cuda_tile_op(op) && !strcmp(v.name, "continue")) ok = ct_verify_stage_continue(c, op, &stage_continue);
  if (ok && ct_verify_stage_is_stage_op(op)) {
    ok = ct_verify_stage_op(c, op);
  } else if (ok && is_cuda_tile_op(op) && !stage_continue) {
    ct_verify_hook hook = ct_verify_find_hook(v.name);
    if (!hook) {
      ct_error_op(c, op, "unknown operation 'cuda_tile.%s'", v.name);
      ok = false;
    } else {
      ok = verify_table_structure(&v) && hook(&v) && v.nerrors == 0 && ct_verify_stage_attrs_on_cuda_tile(c, op);
    }
  }
  if (ok) verify_regions(c, op);
}

bool ct_verify_module(ct_ctx *c, MlirModule m) {
  if (mlirModuleIsNull(m)) return false;
  int before = c->nerrors;
  MlirOperation top = mlirModuleGetOperation(m);
  verify_regions(c, top);
  /* cuda_tile ops live in a cuda_tile.module: an ordinary op directly in the builtin module (which
   * the pretty printer cannot print and code generation cannot compile) is refused here, at its
   * location. Symbol ops (module, entry, global, testing$func) have their own parent rules, NVIDIA's
   * (the conformance suite puts testing$func at the top level). Checked after the ops themselves, and
   * only when they verify: NVIDIA's test files put ops at the top level and expect the errors of
   * those ops, on their lines. */
  MlirBlock body = mlirModuleGetBody(m);
  for (MlirOperation o = c->nerrors == before ? mlirBlockGetFirstOperation(body) : (MlirOperation){NULL};
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (!is_cuda_tile_op(o)) continue;
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(o));
    const ct_op_info *info = ct_op_info_by_name(n.data + 10, n.length - 10);
    if (!info || !(info->traits & CT_T_SYMBOL))
      ct_error_op(c, o, "'%.*s' must be inside a cuda_tile.module (found directly in the top-level module)",
                  (int)n.length, n.data);
  }
  ct_verify_debuginfo(c, m); /* debug-info scope rules (verify_debuginfo.c) */
  v_ring_release();
  return c->nerrors == before;
}

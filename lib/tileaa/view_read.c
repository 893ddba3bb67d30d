/* view_read: reads a `tileaa.view` op back into a partition-view ct_type (view_read.h). The
 * inverse of view_resolve.c's builder; no knobs. Owner: tileaa. */
#include "tileaa/view_read.h"

#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool ct_tileaa_is(MlirOperation op, const char *name) {
  if (mlirOperationIsNull(op)) return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(name);
  return n.length == 7 + len && !memcmp(n.data, "tileaa.", 7) && !memcmp(n.data + 7, name, len);
}

bool ct_tileaa_const_value(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v)) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!ct_tileaa_is(d, "constant")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, sref("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

MlirValue ct_tileaa_view_operand(MlirOperation view_op, int rank, int d, bool is_stride) {
  return mlirOperationGetOperand(view_op, 1 + (is_stride ? rank : 0) + d);
}

static bool padding_from_name(MlirStringRef s, ct_padding *out) {
  for (int p = CT_PAD_ZERO; p <= CT_PAD_NEG_INF; p++) {
    const char *n = ct_padding_name((ct_padding)p);
    if (s.length == strlen(n) && !memcmp(s.data, n, s.length)) {
      *out = (ct_padding)p;
      return true;
    }
  }
  return false;
}

const char *ct_tileaa_view_read(MlirOperation view_op, ct_type *out) {
  memset(out, 0, sizeof *out);
  if (!ct_tileaa_is(view_op, "view")) return "not a tileaa.view";
  intptr_t nops = mlirOperationGetNumOperands(view_op);
  if (nops < 1 || (nops - 1) % 2 || (nops - 1) / 2 > CT_MAX_RANK) return "tileaa.view needs a base and rank shape and stride operands";
  int rank = (int)((nops - 1) / 2);
  MlirAttribute box = mlirOperationGetAttributeByName(view_op, sref("box"));
  if (mlirAttributeIsNull(box) || !mlirAttributeIsADenseI64Array(box)) return "tileaa.view without a `box` array";
  intptr_t tr = mlirDenseArrayGetNumElements(box);
  if (tr < 1 || tr > CT_MAX_RANK) return "tileaa.view `box` rank out of range";
  MlirAttribute elem = mlirOperationGetAttributeByName(view_op, sref("elem"));
  if (mlirAttributeIsNull(elem) || !mlirAttributeIsAType(elem)) return "tileaa.view without an `elem` type";
  out->kind = CT_TYPE_PARTITION_VIEW;
  out->elem = ct_elem_from_mlir(mlirTypeAttrGetValue(elem));
  if (out->elem == CT_ELEM_NONE) return "tileaa.view `elem` is not a cuda_tile element type";
  out->rank = rank;
  for (int d = 0; d < rank; d++) {
    int64_t v;
    out->shape[d] = ct_tileaa_const_value(ct_tileaa_view_operand(view_op, rank, d, false), &v) ? v : CT_DYNAMIC;
    out->strides[d] = ct_tileaa_const_value(ct_tileaa_view_operand(view_op, rank, d, true), &v) ? v : CT_DYNAMIC;
  }
  out->tile_rank = (int)tr;
  for (int i = 0; i < out->tile_rank; i++) {
    out->tile_shape[i] = (int32_t)mlirDenseI64ArrayGetElement(box, i);
    out->dim_map[i] = i;
  }
  MlirAttribute dm = mlirOperationGetAttributeByName(view_op, sref("dim_map"));
  if (!mlirAttributeIsNull(dm)) {
    if (!mlirAttributeIsADenseI64Array(dm) || mlirDenseArrayGetNumElements(dm) != tr) return "tileaa.view `dim_map` is not one entry per box dim";
    out->has_dim_map = true;
    for (int i = 0; i < out->tile_rank; i++) {
      int64_t m = mlirDenseI64ArrayGetElement(dm, i);
      if (m < 0 || m >= rank) return "tileaa.view `dim_map` entry out of range";
      out->dim_map[i] = (int32_t)m;
    }
  } else if (tr != rank) return "tileaa.view `box` rank differs from the view's rank without a `dim_map`";
  MlirAttribute pad = mlirOperationGetAttributeByName(view_op, sref("padding"));
  if (!mlirAttributeIsNull(pad)) {
    if (!mlirAttributeIsAString(pad) || !padding_from_name(mlirStringAttrGetValue(pad), &out->padding))
      return "tileaa.view `padding` is not one of zero, neg_zero, nan, pos_inf, neg_inf";
  }
  return NULL;
}

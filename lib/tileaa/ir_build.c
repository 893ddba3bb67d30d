/* ir_build: helpers shared by the TileAA/TileAS passes (see ir_build.h). Not a pass. */
#include "tileaa/ir_build.h"

#include "frontend/attr_read.h"
#include "frontend/ops.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ct_oplist_push(ct_oplist *l, MlirOperation op) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 32;
    l->ops = realloc(l->ops, l->cap * sizeof *l->ops);
    if (!l->ops) abort();
  }
  l->ops[l->n++] = op;
}

void ct_oplist_free(ct_oplist *l) {
  free(l->ops);
  l->ops = NULL;
  l->n = l->cap = 0;
}

bool ct_oplist_has(const ct_oplist *l, MlirOperation op) {
  for (size_t i = 0; i < l->n; i++)
    if (mlirOperationEqual(l->ops[i], op)) return true;
  return false;
}

bool ct_ir_defined_outside(MlirValue v, MlirOperation op) {
  MlirOperation owner = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                                : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (MlirOperation p = owner; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, op)) return false;
  return true;
}

MlirStringRef ct_ir_sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool name_has_prefix(MlirOperation op, const char *prefix) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t k = strlen(prefix);
  return n.length >= k && memcmp(n.data, prefix, k) == 0;
}

bool ct_ir_is(MlirOperation op, const char *name) { return ct_op_is(op, name); }
bool ct_ir_is_mma(MlirOperation op) { return ct_op_is(op, "cuda_tile.mmaf") || ct_op_is(op, "cuda_tile.mmai"); }

static void collect_rec(MlirOperation op, const char *prefix, ct_oplist *out) {
  for (MlirRegion r = mlirOperationGetFirstRegion(op); !mlirRegionIsNull(r); r = mlirRegionGetNextInOperation(r))
    for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        if (name_has_prefix(o, prefix)) ct_oplist_push(out, o);
        collect_rec(o, prefix, out);
      }
}

void ct_ir_collect(MlirOperation root, const char *prefix, ct_oplist *out) { collect_rec(root, prefix, out); }

void ct_ir_collect_users(MlirValue v, ct_oplist *out) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    ct_oplist_push(out, mlirOpOperandGetOwner(u));
}

MlirNamedAttribute ct_ir_named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ct_ir_sref(name)), a);
}

MlirAttribute ct_ir_i64_attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirAttribute ct_ir_str_attr(MlirContext ctx, const char *s) { return mlirStringAttrGet(ctx, ct_ir_sref(s)); }

MlirType ct_ir_opaque_type(MlirContext ctx, const char *ns, const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return mlirOpaqueTypeGet(ctx, ct_ir_sref(ns), ct_ir_sref(buf));
}

MlirAttribute ct_ir_opaque_attr(MlirContext ctx, const char *ns, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return mlirOpaqueAttrGet(ctx, ct_ir_sref(ns), (intptr_t)strlen(buf), buf, mlirNoneTypeGet(ctx));
}

MlirOperation ct_ir_build(MlirLocation loc, const char *name, intptr_t nres, const MlirType *res, intptr_t nopd,
                          const MlirValue *opd, intptr_t nattr, const MlirNamedAttribute *attrs,
                          MlirOperation anchor) {
  MlirOperationState st = mlirOperationStateGet(ct_ir_sref(name), loc);
  if (nres) mlirOperationStateAddResults(&st, nres, res);
  if (nopd) mlirOperationStateAddOperands(&st, nopd, opd);
  if (nattr) mlirOperationStateAddAttributes(&st, nattr, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (!mlirOperationIsNull(anchor))
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, op);
  return op;
}

void ct_ir_copy_attrs(MlirOperation from, MlirOperation to) {
  intptr_t n = mlirOperationGetNumAttributes(from);
  for (intptr_t i = 0; i < n; i++) {
    MlirNamedAttribute na = mlirOperationGetAttribute(from, i);
    MlirStringRef nm = mlirIdentifierStr(na.name);
    if (nm.length == 19 && memcmp(nm.data, "operandSegmentSizes", 19) == 0) continue;
    mlirOperationSetAttributeByName(to, nm, na.attribute);
  }
}

int64_t ct_ir_assumed_divisor(MlirValue v) {
  while (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (ct_ir_is(def, "tileaa.to_i64")) {
      v = mlirOperationGetOperand(def, 0);
      continue;
    }
    if (!ct_ir_is(def, "cuda_tile.assume")) break;
    int64_t n;
    if (ct_attr_div_by(mlirOperationGetAttributeByName(def, ct_ir_sref("predicate")), &n)) return n;
    v = mlirOperationGetOperand(def, 0);
  }
  return 0;
}

bool ct_ir_const_int(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v)) return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!ct_ir_is(def, "cuda_tile.constant") && !ct_ir_is(def, "tileaa.constant")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(def, ct_ir_sref("value"));
  if (mlirAttributeIsNull(a)) return false;
  if (mlirAttributeIsAInteger(a)) {
    *out = mlirIntegerAttrGetValueInt(a);
    return true;
  }
  if (!mlirAttributeIsADenseElements(a) || !mlirDenseElementsAttrIsSplat(a)) return false;
  MlirAttribute s = mlirDenseElementsAttrGetSplatValue(a);
  if (!mlirAttributeIsAInteger(s)) return false;
  *out = mlirIntegerAttrGetValueInt(s);
  return true;
}

MlirValue ct_ir_ct_scalar_const(MlirContext ctx, MlirLocation loc, ct_elem elem, int64_t v, MlirOperation anchor) {
  MlirType et = ct_elem_to_mlir(ctx, elem);
  MlirType tt = mlirRankedTensorTypeGet(0, NULL, et, mlirAttributeGetNull());
  MlirAttribute dense = mlirDenseElementsAttrGet(tt, 1, (MlirAttribute[]){mlirIntegerAttrGet(et, v)});
  ct_type t = ct_tile_type(elem, 0, NULL);
  MlirType rt = ct_type_to_mlir(ctx, &t);
  MlirNamedAttribute na = ct_ir_named(ctx, "value", dense);
  MlirOperation op = ct_ir_build(loc, "cuda_tile.constant", 1, &rt, 0, NULL, 1, &na, anchor);
  return mlirOperationGetResult(op, 0);
}

MlirValue ct_ir_ct_binop(MlirContext ctx, MlirLocation loc, const char *op, MlirValue a, MlirValue b,
                         MlirOperation anchor) {
  char name[64];
  snprintf(name, sizeof name, "cuda_tile.%s", op);
  MlirType rt = mlirValueGetType(a);
  MlirNamedAttribute attrs[2];
  intptr_t na = 0;
  if (strcmp(op, "divi") == 0 || strcmp(op, "mini") == 0 || strcmp(op, "maxi") == 0)
    attrs[na++] = ct_ir_named(ctx, "signedness", ct_ir_opaque_attr(ctx, "cuda_tile", "signedness<signed>"));
  if (strcmp(op, "divi") == 0) {
    attrs[na++] = ct_ir_named(ctx, "rounding_mode", ct_ir_opaque_attr(ctx, "cuda_tile", "rounding<zero>"));
  }
  MlirOperation o = ct_ir_build(loc, name, 1, &rt, 2, (MlirValue[]){a, b}, na, attrs, anchor);
  return mlirOperationGetResult(o, 0);
}

MlirOperation ct_ir_ancestor_in_block(MlirOperation op, MlirBlock block) {
  while (!mlirOperationIsNull(op)) {
    MlirBlock b = mlirOperationGetBlock(op);
    if (mlirBlockIsNull(b)) return (MlirOperation){NULL};
    if (mlirBlockEqual(b, block)) return op;
    op = mlirOperationGetParentOperation(op);
  }
  return op;
}

static MlirOperation user_in_block(MlirValue v, MlirBlock block, bool last) {
  MlirOperation best = {NULL};
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation a = ct_ir_ancestor_in_block(mlirOpOperandGetOwner(u), block);
    if (mlirOperationIsNull(a)) continue;
    if (mlirOperationIsNull(best) || (last ? mlirOperationIsBeforeInBlock(best, a) : mlirOperationIsBeforeInBlock(a, best)))
      best = a;
  }
  return best;
}

MlirOperation ct_ir_first_user_in_block(MlirValue v, MlirBlock block) { return user_in_block(v, block, false); }
MlirOperation ct_ir_last_user_in_block(MlirValue v, MlirBlock block) { return user_in_block(v, block, true); }

MlirOperation ct_ir_block_last_op(MlirBlock b) {
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    last = o;
  return last;
}

MlirOperation ct_ir_enclosing(MlirOperation op, const char *name) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (ct_ir_is(p, name)) return p;
  return (MlirOperation){NULL};
}

MlirOperation ct_ir_rebuild_loop(MlirOperation f, const char *name, intptr_t nopd, const MlirValue *opd, intptr_t nres,
                                 const MlirType *res) {
  MlirOperationState s = mlirOperationStateGet(ct_ir_sref(name), mlirOperationGetLocation(f));
  mlirOperationStateAddOperands(&s, nopd, opd);
  if (nres) mlirOperationStateAddResults(&s, nres, res);
  MlirRegion body = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&s, 1, &body);
  MlirOperation nf = mlirOperationCreate(&s);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(f), f, nf);
  ct_ir_copy_attrs(f, nf);
  mlirRegionTakeBody(mlirOperationGetRegion(nf, 0), mlirOperationGetRegion(f, 0));
  for (intptr_t i = 0; i < mlirOperationGetNumResults(f); i++)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(f, i), mlirOperationGetResult(nf, i));
  mlirOperationDestroy(f);
  return nf;
}

bool ct_ir_scalar_arith(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  char name[96];
  snprintf(name, sizeof name, "%.*s", (int)n.length, n.data);
  if (strstr(name, "load") || strstr(name, "store") || strstr(name, "atomic") || strstr(name, "print")) return false;
  intptr_t no = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < no + mlirOperationGetNumResults(op); i++) {
    MlirValue v = i < no ? mlirOperationGetOperand(op, i) : mlirOperationGetResult(op, i - no);
    MlirType ty = mlirValueGetType(v);
    ct_type t;
    if (mlirTypeIsAInteger(ty) || mlirTypeIsAIndex(ty) || mlirTypeIsAFloat(ty)) continue;
    if (!ct_type_from_mlir(ty, &t) || t.kind != CT_TYPE_TILE || t.rank != 0) return false;
  }
  return true;
}

bool ct_ir_outside_loops(MlirOperation op) {
  for (MlirOperation a = mlirOperationGetParentOperation(op); !mlirOperationIsNull(a); a = mlirOperationGetParentOperation(a)) {
    if (ct_ir_is(a, "cuda_tile.entry")) return true;
    if (!ct_ir_is(a, "cuda_tile.if")) return false;
  }
  return false;
}

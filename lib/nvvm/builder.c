/* builder: creation helpers for `llvm` dialect ops (see builder.h). Algorithm: each helper fills an
 * MlirOperationState (generic form, inherent attributes as named attributes) and appends the op
 * at the end of b->block. No knobs. */
#include "nvvm/builder.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

void bld_init(ct_bld *b, MlirContext ctx) {
  memset(b, 0, sizeof *b);
  b->ctx = ctx;
  b->loc = mlirLocationUnknownGet(ctx);
  b->i1 = mlirIntegerTypeGet(ctx, 1);
  b->i8 = mlirIntegerTypeGet(ctx, 8);
  b->i16 = mlirIntegerTypeGet(ctx, 16);
  b->i32 = mlirIntegerTypeGet(ctx, 32);
  b->i64 = mlirIntegerTypeGet(ctx, 64);
  b->f16 = mlirF16TypeGet(ctx);
  b->bf16 = mlirBF16TypeGet(ctx);
  b->f32 = mlirF32TypeGet(ctx);
  b->f64 = mlirF64TypeGet(ctx);
  b->ptr_global = mlirLLVMPointerTypeGet(ctx, 1);
  b->ptr_data = b->ptr_global;
  b->ptr_shared = mlirLLVMPointerTypeGet(ctx, 3);
  b->ptr_generic = mlirLLVMPointerTypeGet(ctx, 0);
  b->void_ty = mlirLLVMVoidTypeGet(ctx);
}

MlirAttribute bld_attr(ct_bld *b, const char *text) {
  MlirAttribute a = mlirAttributeParseGet(b->ctx, sref(text));
  if (mlirAttributeIsNull(a)) {
    fprintf(stderr, "tilec internal error: cannot parse attribute `%s`\n", text);
    abort();
  }
  return a;
}

MlirNamedAttribute bld_named(ct_bld *b, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, sref(name)), a);
}

MlirOperation bld_op(ct_bld *b, const char *name, int nres, const MlirType *res, int nops, const MlirValue *ops,
                     int nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(sref(name), b->loc);
  if (nops) mlirOperationStateAddOperands(&st, nops, ops);
  if (nres) mlirOperationStateAddResults(&st, nres, res);
  if (nattrs) mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op)) {
    fprintf(stderr, "tilec internal error: cannot create `%s`\n", name);
    abort();
  }
  mlirBlockAppendOwnedOperation(b->block, op);
  return op;
}

MlirValue bld_op1(ct_bld *b, const char *name, MlirType res, int nops, const MlirValue *ops, int nattrs,
                  const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(bld_op(b, name, 1, &res, nops, ops, nattrs, attrs), 0);
}

bool bld_is_float_type(MlirType t) { return mlirTypeIsAFloat(t); }
int bld_int_width(MlirType t) { return mlirTypeIsAInteger(t) ? (int)mlirIntegerTypeGetWidth(t) : 0; }

MlirValue bld_const_attr(ct_bld *b, MlirType t, MlirAttribute value) {
  MlirNamedAttribute na = bld_named(b, "value", value);
  return bld_op1(b, "llvm.mlir.constant", t, 0, NULL, 1, &na);
}
MlirValue bld_const_int(ct_bld *b, MlirType t, int64_t v) {
  return bld_const_attr(b, t, mlirIntegerAttrGet(t, v));
}
MlirValue bld_i32(ct_bld *b, int64_t v) { return bld_const_int(b, b->i32, v); }
MlirValue bld_i64(ct_bld *b, int64_t v) { return bld_const_int(b, b->i64, v); }
MlirValue bld_const_float(ct_bld *b, MlirType t, double v) {
  return bld_const_attr(b, t, mlirFloatAttrDoubleGet(b->ctx, t, v));
}
MlirValue bld_undef(ct_bld *b, MlirType t) { return bld_op1(b, "llvm.mlir.undef", t, 0, NULL, 0, NULL); }
MlirValue bld_zero(ct_bld *b, MlirType t) { return bld_op1(b, "llvm.mlir.zero", t, 0, NULL, 0, NULL); }

MlirValue bld_bin(ct_bld *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return bld_op1(b, name, mlirValueGetType(x), 2, ops, 0, NULL);
}
MlirValue bld_un(ct_bld *b, const char *name, MlirValue x) { return bld_op1(b, name, mlirValueGetType(x), 1, &x, 0, NULL); }
MlirValue bld_add(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.add", x, y); }
MlirValue bld_sub(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.sub", x, y); }
MlirValue bld_mul(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.mul", x, y); }
MlirValue bld_and(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.and", x, y); }
MlirValue bld_or(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.or", x, y); }
MlirValue bld_shl(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.shl", x, y); }
MlirValue bld_lshr(ct_bld *b, MlirValue x, MlirValue y) { return bld_bin(b, "llvm.lshr", x, y); }

MlirValue bld_icmp(ct_bld *b, int pred, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  MlirNamedAttribute na = bld_named(b, "predicate", mlirIntegerAttrGet(b->i64, pred));
  return bld_op1(b, "llvm.icmp", b->i1, 2, ops, 1, &na);
}
MlirValue bld_fcmp(ct_bld *b, int pred, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  MlirNamedAttribute na = bld_named(b, "predicate", mlirIntegerAttrGet(b->i64, pred));
  return bld_op1(b, "llvm.fcmp", b->i1, 2, ops, 1, &na);
}
MlirValue bld_select(ct_bld *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[3] = {c, x, y};
  return bld_op1(b, "llvm.select", mlirValueGetType(x), 3, ops, 0, NULL);
}
MlirValue bld_cast(ct_bld *b, const char *name, MlirValue x, MlirType to) {
  return bld_op1(b, name, to, 1, &x, 0, NULL);
}
MlirValue bld_int_resize(ct_bld *b, MlirValue x, MlirType to, bool is_signed) {
  int from_w = bld_int_width(mlirValueGetType(x)), to_w = bld_int_width(to);
  if (from_w == to_w) return x;
  if (from_w > to_w) return bld_cast(b, "llvm.trunc", x, to);
  return bld_cast(b, is_signed ? "llvm.sext" : "llvm.zext", x, to);
}

MlirValue bld_gep(ct_bld *b, MlirValue base, MlirValue idx, MlirType elem) {
  MlirValue ops[2] = {base, idx};
  MlirNamedAttribute na[2] = {bld_named(b, "elem_type", mlirTypeAttrGet(elem)),
                              bld_named(b, "rawConstantIndices", mlirDenseI32ArrayGet(b->ctx, 1, (int32_t[]){INT32_MIN}))};
  return bld_op1(b, "llvm.getelementptr", mlirValueGetType(base), 2, ops, 2, na);
}

MlirValue bld_load_ordered(ct_bld *b, MlirType t, MlirValue ptr, int64_t align, int ordering, const char *scope) {
  MlirNamedAttribute na[3];
  int n = 0;
  if (align > 0) na[n++] = bld_named(b, "alignment", mlirIntegerAttrGet(b->i64, align));
  if (ordering) na[n++] = bld_named(b, "ordering", mlirIntegerAttrGet(b->i64, ordering));
  if (scope) na[n++] = bld_named(b, "syncscope", mlirStringAttrGet(b->ctx, sref(scope)));
  return bld_op1(b, "llvm.load", t, 1, &ptr, n, na);
}
MlirValue bld_entry_alloca(ct_bld *b, MlirBlock entry, MlirType elem, int64_t n, int64_t align) {
  MlirOperationState cs = mlirOperationStateGet(sref("llvm.mlir.constant"), b->loc);
  MlirNamedAttribute cv = bld_named(b, "value", mlirIntegerAttrGet(b->i64, n));
  mlirOperationStateAddAttributes(&cs, 1, &cv);
  mlirOperationStateAddResults(&cs, 1, &b->i64);
  MlirOperation count = mlirOperationCreate(&cs);
  mlirBlockInsertOwnedOperation(entry, 0, count);
  MlirOperationState as = mlirOperationStateGet(sref("llvm.alloca"), b->loc);
  MlirValue nv = mlirOperationGetResult(count, 0);
  mlirOperationStateAddOperands(&as, 1, &nv);
  MlirNamedAttribute aa[2] = {bld_named(b, "elem_type", mlirTypeAttrGet(elem)),
                              bld_named(b, "alignment", mlirIntegerAttrGet(b->i64, align))};
  mlirOperationStateAddAttributes(&as, 2, aa);
  mlirOperationStateAddResults(&as, 1, &b->ptr_generic);
  MlirOperation alloca = mlirOperationCreate(&as);
  mlirBlockInsertOwnedOperationAfter(entry, count, alloca);
  return mlirOperationGetResult(alloca, 0);
}

MlirValue bld_load(ct_bld *b, MlirType t, MlirValue ptr, int64_t align) {
  return bld_load_ordered(b, t, ptr, align, 0, NULL);
}
void bld_store_ordered(ct_bld *b, MlirValue v, MlirValue ptr, int64_t align, int ordering, const char *scope) {
  MlirValue ops[2] = {v, ptr};
  MlirNamedAttribute na[3];
  int n = 0;
  if (align > 0) na[n++] = bld_named(b, "alignment", mlirIntegerAttrGet(b->i64, align));
  if (ordering) na[n++] = bld_named(b, "ordering", mlirIntegerAttrGet(b->i64, ordering));
  if (scope) na[n++] = bld_named(b, "syncscope", mlirStringAttrGet(b->ctx, sref(scope)));
  bld_op(b, "llvm.store", 0, NULL, 2, ops, n, na);
}
void bld_store(ct_bld *b, MlirValue v, MlirValue ptr, int64_t align) { bld_store_ordered(b, v, ptr, align, 0, NULL); }

static MlirNamedAttribute segment_sizes(ct_bld *b, int n) {
  return bld_named(b, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, (int32_t[]){n, 0}));
}

MlirValue bld_intr(ct_bld *b, const char *name, MlirType res, int n, const MlirValue *ops) {
  MlirNamedAttribute na[3] = {bld_named(b, "intrin", mlirStringAttrGet(b->ctx, sref(name))),
                              bld_named(b, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
                              segment_sizes(b, n)};
  bool is_void = mlirTypeEqual(res, b->void_ty);
  MlirOperation op = bld_op(b, "llvm.call_intrinsic", is_void ? 0 : 1, &res, n, ops, 3, na);
  return is_void ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}
MlirValue bld_intr1(ct_bld *b, const char *name, MlirType res, MlirValue x) { return bld_intr(b, name, res, 1, &x); }
void bld_intr_void(ct_bld *b, const char *name, int n, const MlirValue *ops) { bld_intr(b, name, b->void_ty, n, ops); }

MlirValue bld_call(ct_bld *b, const char *callee, MlirType res, int n, const MlirValue *ops) {
  MlirNamedAttribute na[3] = {bld_named(b, "callee", mlirFlatSymbolRefAttrGet(b->ctx, sref(callee))),
                              bld_named(b, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL)),
                              segment_sizes(b, n)};
  bool is_void = mlirTypeEqual(res, b->void_ty);
  MlirOperation op = bld_op(b, "llvm.call", is_void ? 0 : 1, &res, n, ops, 3, na);
  return is_void ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

MlirValue bld_extractvalue(ct_bld *b, MlirValue agg, int64_t pos, MlirType t) {
  MlirNamedAttribute na = bld_named(b, "position", mlirDenseI64ArrayGet(b->ctx, 1, &pos));
  return bld_op1(b, "llvm.extractvalue", t, 1, &agg, 1, &na);
}
MlirValue bld_bitcast(ct_bld *b, MlirValue x, MlirType to) { return bld_cast(b, "llvm.bitcast", x, to); }

MlirValue bld_addressof(ct_bld *b, const char *global, MlirType ptr_type) {
  MlirNamedAttribute na = bld_named(b, "global_name", mlirFlatSymbolRefAttrGet(b->ctx, sref(global)));
  return bld_op1(b, "llvm.mlir.addressof", ptr_type, 0, NULL, 1, &na);
}

void bld_br(ct_bld *b, MlirBlock dest, int n, const MlirValue *args) {
  MlirOperationState st = mlirOperationStateGet(sref("llvm.br"), b->loc);
  if (n) mlirOperationStateAddOperands(&st, n, args);
  mlirOperationStateAddSuccessors(&st, 1, &dest);
  mlirBlockAppendOwnedOperation(b->block, mlirOperationCreate(&st));
}

void bld_cond_br(ct_bld *b, MlirValue cond, MlirBlock t, int nt, const MlirValue *targs, MlirBlock f, int nf,
                 const MlirValue *fargs) {
  MlirOperationState st = mlirOperationStateGet(sref("llvm.cond_br"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &cond);
  if (nt) mlirOperationStateAddOperands(&st, nt, targs);
  if (nf) mlirOperationStateAddOperands(&st, nf, fargs);
  MlirBlock succ[2] = {t, f};
  mlirOperationStateAddSuccessors(&st, 2, succ);
  MlirNamedAttribute na = bld_named(b, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 3, (int32_t[]){1, nt, nf}));
  mlirOperationStateAddAttributes(&st, 1, &na);
  mlirBlockAppendOwnedOperation(b->block, mlirOperationCreate(&st));
}

void bld_barrier(ct_bld *b) {
  if (b->barrier_threads > 0) { /* the consumer agent only: the producer warpgroup has left */
    MlirValue ops[2] = {bld_i32(b, CT_CONSUMER_BARRIER_ID), bld_i32(b, b->barrier_threads)};
    bld_intr(b, "llvm.nvvm.barrier.cta.sync.aligned.count", b->void_ty, 2, ops);
    return;
  }
  MlirValue zero = bld_i32(b, 0);
  bld_intr(b, "llvm.nvvm.barrier.cta.sync.aligned.all", b->void_ty, 1, &zero);
}

MlirValue bld_inline_asm(ct_bld *b, const char *asm_text, const char *constraints, MlirType res, int n,
                         const MlirValue *ops) {
  MlirNamedAttribute na[2] = {bld_named(b, "asm_string", mlirStringAttrGet(b->ctx, sref(asm_text))),
                              bld_named(b, "constraints", mlirStringAttrGet(b->ctx, sref(constraints)))};
  return bld_op1(b, "llvm.inline_asm", res, n, ops, 2, na);
}

MlirValue bld_inline_asm_volatile(ct_bld *b, const char *asm_text, const char *constraints, MlirType res, int n,
                                  const MlirValue *ops) {
  MlirNamedAttribute na[3] = {bld_named(b, "asm_string", mlirStringAttrGet(b->ctx, sref(asm_text))),
                              bld_named(b, "constraints", mlirStringAttrGet(b->ctx, sref(constraints))),
                              bld_named(b, "has_side_effects", mlirUnitAttrGet(b->ctx))};
  return bld_op1(b, "llvm.inline_asm", res, n, ops, 3, na);
}

void bld_asm_stmt_memory(ct_bld *b, const char *asm_text) {
  MlirNamedAttribute na[3] = {bld_named(b, "asm_string", mlirStringAttrGet(b->ctx, sref(asm_text))),
                              bld_named(b, "constraints", mlirStringAttrGet(b->ctx, sref("~{memory}"))),
                              bld_named(b, "has_side_effects", mlirUnitAttrGet(b->ctx))};
  bld_op(b, "llvm.inline_asm", 0, NULL, 0, NULL, 3, na);
}

void bld_asm_void(ct_bld *b, const char *text, const char *constraints, int n, const MlirValue *ops) {
  MlirNamedAttribute na[3] = {bld_named(b, "asm_string", mlirStringAttrGet(b->ctx, sref(text))),
                              bld_named(b, "constraints", mlirStringAttrGet(b->ctx, sref(constraints))),
                              bld_named(b, "has_side_effects", mlirUnitAttrGet(b->ctx))};
  bld_op(b, "llvm.inline_asm", 0, NULL, n, ops, 3, na);
}

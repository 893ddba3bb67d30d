/* lower_print: `print_tko` as device printf (CUDA's vprintf), once per tile block.
 *
 * Semantics (as the reference interpreter, docs/interpreter.md): each %-conversion of the format
 * takes the next argument; a scalar tile prints as itself, a tile of rank >= 1 as
 * `[a, b, ...]` in row-major order; `%%` is a percent sign.
 * Algorithm: the format is cut at its conversions into vprintf calls of at most one value each
 * (the literal text before a conversion travels with it; the text after the last one is a call
 * of its own). Tiles of rank >= 1 are first staged to shared memory in row-major order (every
 * thread stores the elements it holds; replicated copies store the same value), then thread 0
 * prints `[`, each element through a loop (`%spec` for the first, `, %spec` for the others) and
 * `]`. Values are promoted as C varargs are: f16/bf16/f32 to f64, integers narrower than 32 bits
 * to i32 (sign-extended), pointers as 64-bit integers. The one-value argument buffer is an
 * alloca in the kernel's entry block; format strings are internal constant globals. Barriers
 * before and after the staging keep the shared buffer's other users apart.
 * Knobs: none. Seed: none (issue 18 item 1, "print (vprintf, as CUDA does)"). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "nvvm/lower_internal.h"
#include "support/strbuf.h"

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

/* An internal constant global holding `text` and its NUL; returns its generic address. */
static MlirValue format_global(ct_lower *L, const char *text, size_t len) {
  ct_bld *b = &L->b;
  char name[64];
  snprintf(name, sizeof name, "__tilec_fmt_%d", L->nformats++);
  char *data = malloc(len + 1);
  if (!data) abort();
  memcpy(data, text, len);
  data[len] = 0;
  MlirOperationState st = mlirOperationStateGet(sref("llvm.mlir.global"), mlirLocationUnknownGet(b->ctx));
  MlirNamedAttribute na[6] = {
      bld_named(b, "sym_name", mlirStringAttrGet(b->ctx, sref(name))),
      bld_named(b, "global_type", mlirTypeAttrGet(mlirLLVMArrayTypeGet(b->i8, (unsigned)len + 1))),
      bld_named(b, "linkage", mlirLLVMLinkageAttrGet(b->ctx, MlirLLVMLinkageInternal)),
      bld_named(b, "constant", mlirUnitAttrGet(b->ctx)),
      bld_named(b, "value", mlirStringAttrGet(b->ctx, mlirStringRefCreate(data, len + 1))),
      bld_named(b, "addr_space", mlirIntegerAttrGet(b->i32, 0))};
  mlirOperationStateAddAttributes(&st, 6, na);
  MlirRegion r = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockInsertOwnedOperation(L->out_body, 0, mlirOperationCreate(&st));
  free(data);
  return bld_addressof(b, name, b->ptr_generic);
}

/* The kernel's 8-byte vprintf argument buffer (an alloca at the top of its entry block). */
static MlirValue arg_buffer(ct_lower *L) {
  if (L->print_buf.ptr) return L->print_buf;
  L->print_buf = bld_entry_alloca(&L->b, mlirRegionGetFirstBlock(L->fn_region), L->b.i64, 1, 8);
  return L->print_buf;
}

/* v promoted as a C vararg (f64, i32 or i64). */
static MlirValue promote(ct_lower *L, MlirValue v) {
  ct_bld *b = &L->b;
  MlirType t = mlirValueGetType(v);
  if (mlirTypeEqual(t, b->f64)) return v;
  if (bld_is_float_type(t)) return bld_cast(b, "llvm.fpext", v, b->f64);
  if (mlirTypeEqual(t, b->ptr_data)) return bld_cast(b, "llvm.ptrtoint", v, b->i64);
  int w = bld_int_width(t);
  if (w == 1) return bld_cast(b, "llvm.zext", v, b->i32);
  if (w > 0 && w < 32) return bld_cast(b, "llvm.sext", v, b->i32);
  return v;
}

/* vprintf(fmt, buffer holding v) — v may be null (no argument). */
static void emit_vprintf(ct_lower *L, MlirValue fmt, MlirValue v) {
  ct_bld *b = &L->b;
  MlirValue buf = bld_zero(b, b->ptr_generic);
  if (v.ptr) {
    buf = arg_buffer(L);
    bld_store(b, v, buf, 8);
  }
  MlirType args[2] = {b->ptr_generic, b->ptr_generic};
  declare_extern(L, "vprintf", b->i32, 2, args);
  MlirValue ops[2] = {fmt, buf};
  bld_call(b, "vprintf", b->i32, 2, ops);
}

/* Bytes a staged tile of `count` promoted values of type pt takes. */
static int64_t staged_bytes(ct_lower *L, MlirType pt, int64_t count) {
  return count * (mlirTypeEqual(pt, L->b.i32) ? 4 : 8);
}

/* Stage tile t (rank >= 1, promoted values) to shared memory at `base` in row-major order. */
static void stage_tile(ct_lower *L, ct_lv *t, MlirValue base) {
  ct_bld *b = &L->b;
  const ct_layout *l = t->layout;
  int rank = t->type.rank;
  MlirValue tc[CT_MAX_RANK];
  for (int d = 0; d < rank; d++) tc[d] = thread_coord(L, l, d);
  for (int k = 0; k < t->nregs; k++) {
    uint32_t rf = ct_layout_reg_flat(l, (uint32_t)k);
    MlirValue idx = bld_i32(b, 0);
    for (int d = 0; d < rank; d++) {
      MlirValue c = bld_add(b, tc[d], bld_i32(b, ct_layout_coord(l, rf, d)));
      idx = bld_add(b, bld_mul(b, idx, bld_i32(b, t->type.shape[d])), c);
    }
    smem_store_elem(L, base, idx, promote(L, t->regs[k]));
  }
}

/* One conversion of the format: [start, end) in the text, its spec is [pct, end). */
typedef struct conv {
  size_t pct, end;
} conv;

int lower_print_op(ct_lower *L, MlirOperation op, const char *name) {
  if (strcmp(name, "print_tko")) return LOWER_NOT_MINE;
  ct_bld *b = &L->b;
  MlirAttribute s = mlirOperationGetAttributeByName(op, sref("str"));
  MlirStringRef text = !mlirAttributeIsNull(s) && mlirAttributeIsAString(s) ? mlirStringAttrGetValue(s)
                                                                            : mlirStringRefCreate("", 0);
  int start = 0, count = (int)mlirOperationGetNumOperands(op);
  ct_op_group_range(op, 0, &start, &count);
  /* the conversions */
  conv *cv = calloc(text.length + 1, sizeof *cv);
  if (!cv) abort();
  int ncv = 0;
  for (size_t i = 0; i < text.length; i++) {
    if (text.data[i] != '%') continue;
    if (i + 1 < text.length && text.data[i + 1] == '%') {
      i++;
      continue;
    }
    size_t j = i + 1;
    while (j < text.length && strchr("0123456789.-+ #lh", text.data[j])) j++;
    if (j < text.length) j++;
    cv[ncv++] = (conv){i, j};
    i = j - 1;
  }
  if (ncv > count) {
    ct_error_op(L->c, op, "`print_tko`: the format has %d conversions but %d arguments", ncv, count);
    free(cv);
    return LOWER_FAILED;
  }
  /* the arguments: staged tiles first (every thread), then thread 0 prints */
  ct_lv **args = calloc((size_t)ncv + 1, sizeof *args);
  MlirValue *staged = calloc((size_t)ncv + 1, sizeof *staged);
  MlirType *ptypes = calloc((size_t)ncv + 1, sizeof *ptypes);
  if (!args || !staged || !ptypes) abort();
  bool ok = true, any_tile = false;
  for (int a = 0; a < ncv && ok; a++) {
    if (!(args[a] = lv_get(L, op, start + a)) || args[a]->kind != LV_TILE) {
      if (args[a]) ct_error_op(L->c, op, "`print_tko`: argument %d is not a tile", a);
      ok = false;
      break;
    }
    ptypes[a] = mlirValueGetType(promote(L, args[a]->regs[0]));
    if (args[a]->type.rank > 0) any_tile = true;
  }
  if (ok && any_tile) {
    /* every tile argument gets its own region of one shared buffer (8-byte aligned offsets) */
    int64_t total = 0;
    for (int a = 0; a < ncv; a++)
      if (args[a]->type.rank > 0) total += (staged_bytes(L, ptypes[a], ct_type_num_elements(&args[a]->type)) + 7) / 8 * 8;
    MlirValue base = smem_base(L, total);
    bld_barrier(b);
    int64_t off = 0;
    for (int a = 0; a < ncv; a++) {
      if (args[a]->type.rank == 0) continue;
      staged[a] = off ? bld_gep(b, base, bld_i32(b, off), b->i8) : base;
      stage_tile(L, args[a], staged[a]);
      off += (staged_bytes(L, ptypes[a], ct_type_num_elements(&args[a]->type)) + 7) / 8 * 8;
    }
    bld_barrier(b);
  }
  if (ok) {
    MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
    ct_strbuf lit;
    ct_strbuf_init(&lit);
    size_t pos = 0;
    for (int a = 0; a < ncv; a++) {
      ct_strbuf_append(&lit, text.data + pos, cv[a].pct - pos);
      const char *spec = text.data + cv[a].pct;
      size_t slen = cv[a].end - cv[a].pct;
      ct_lv *v = args[a];
      if (v->type.rank == 0) {
        ct_strbuf_append(&lit, spec, slen);
        emit_vprintf(L, format_global(L, lit.data, lit.len), promote(L, v->regs[0]));
        ct_strbuf_free(&lit);
        ct_strbuf_init(&lit);
      } else {
        ct_strbuf_puts(&lit, "[");
        emit_vprintf(L, format_global(L, lit.data, lit.len), (MlirValue){NULL});
        ct_strbuf first, rest;
        ct_strbuf_init(&first);
        ct_strbuf_init(&rest);
        ct_strbuf_append(&first, spec, slen);
        ct_strbuf_puts(&rest, ", ");
        ct_strbuf_append(&rest, spec, slen);
        MlirValue f0 = format_global(L, first.data, first.len), f1 = format_global(L, rest.data, rest.len);
        ct_strbuf_free(&first);
        ct_strbuf_free(&rest);
        /* for (i = 0; i < n; i++) vprintf(i ? ", spec" : "spec", smem[i]) */
        int64_t n = ct_type_num_elements(&v->type);
        MlirBlock header = lower_new_block(L), body = lower_new_block(L), exit = lower_new_block(L);
        MlirValue i = mlirBlockAddArgument(header, b->i32, b->loc);
        MlirValue zero = bld_i32(b, 0);
        bld_br(b, header, 1, &zero);
        b->block = header;
        bld_cond_br(b, bld_icmp(b, BLD_SLT, i, bld_i32(b, n)), body, 0, NULL, exit, 0, NULL);
        b->block = body;
        MlirValue is_first = bld_icmp(b, BLD_EQ, i, zero);
        MlirValue ops[3] = {is_first, f0, f1};
        MlirValue fmt = bld_op1(b, "llvm.select", b->ptr_generic, 3, ops, 0, NULL);
        emit_vprintf(L, fmt, smem_load_elem(L, staged[a], i, ptypes[a]));
        MlirValue next = bld_add(b, i, bld_i32(b, 1));
        bld_br(b, header, 1, &next);
        b->block = exit;
        ct_strbuf_free(&lit);
        ct_strbuf_init(&lit);
        ct_strbuf_puts(&lit, "]");
      }
      pos = cv[a].end;
    }
    ct_strbuf_append(&lit, text.data + pos, text.length - pos);
    if (lit.len) emit_vprintf(L, format_global(L, lit.data, lit.len), (MlirValue){NULL});
    ct_strbuf_free(&lit);
    hopper_close_if(L, join);
    hopper_warp_sync(b); /* warp 0 re-converges before any later .aligned op (wgmma, bar) */
    if (any_tile) bld_barrier(b); /* the staging buffer's next user */
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); r++)
      lv_bind(L, mlirOperationGetResult(op, r), lv_alloc(L, LV_TOKEN, NULL));
  }
  free(cv);
  free(args);
  free(staged);
  free(ptypes);
  return ok ? LOWER_DONE : LOWER_FAILED;
}

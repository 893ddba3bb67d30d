/* lower_reduce: `reduce` (and `scan`, below) along one dim, with the combiner region inlined per element pair (its
 * ops are ordinary cuda_tile ops on rank-0 tiles, lowered by the same code as everywhere else).
 * Algorithm (operand layout l, reduced dim d):
 *  1. in-thread: registers that differ only in dim-d bits are combined in register order;
 *  2. in-warp: for every lane bit whose basis lies in dim d, a butterfly shfl.sync.bfly exchange
 *     and combine (values narrower than 32 bits are widened, 64-bit ones split);
 *  3. across warps: when warp bits lie in dim d, every thread writes its partials to shared
 *     memory at [warp-group][slice index], bar.sync, then combines the 2^w partials in order.
 * The result layout is the slice of l (dim d removed), held by every thread that held the row.
 * Multi-operand reduces combine all operands together (region args: cur0, acc0, cur1, acc1...).
 * No knobs. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_internal.h"

#define MAX_REDUCE_OPERANDS 64 /* (a cap on the stack arrays: above it, refused by name) */

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }

/* Run the combiner region on (cur[i], acc[i]) → out[i]. */
static bool combine(ct_lower *L, MlirOperation op, int n, const MlirValue *cur, const MlirValue *acc, MlirValue *out) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if ((int)mlirBlockGetNumArguments(body) != 2 * n) {
    ct_error_op(L->c, op, "code generation: reduce region must take %d arguments", 2 * n);
    return false;
  }
  for (int i = 0; i < 2 * n; i++) {
    MlirValue a = mlirBlockGetArgument(body, i);
    ct_type t;
    if (!value_type(L, op, a, &t)) return false;
    const ct_layout *l = layout_blocked_for(L, op, &t);
    if (!l) return false;
    ct_lv *lv = lv_new_tile(L, &t, l);
    lv->regs[0] = (i % 2 == 0) ? cur[i / 2] : acc[i / 2];
    lv_bind(L, a, lv);
  }
  ct_rctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.kind = RCTX_REDUCE;
  ctx.op = op;
  ctx.yielded = out;
  ctx.nyielded = n;
  for (int i = 0; i < n; i++) out[i] = (MlirValue){NULL};
  ctx.parent = L->rctx;
  L->rctx = &ctx;
  MlirLocation saved = L->b.loc;
  bool ok = lower_block(L, body);
  L->rctx = ctx.parent;
  L->b.loc = saved;
  for (int i = 0; ok && i < n; i++)
    if (!out[i].ptr) {
      ct_error_op(L->c, op, "code generation: reduce region does not yield %d values", n);
      ok = false;
    }
  return ok;
}

/* shfl.sync.<mode> of any scalar (mode "bfly" with arg = lane mask, "up" with arg = delta; full warp,
 * no segments): values narrower than 32 bits are widened, 64-bit ones (and pointers) split. */
static MlirValue shfl_sync(ct_lower *L, const char *mode, MlirValue v, int arg) {
  ct_bld *b = &L->b;
  char intr[48];
  snprintf(intr, sizeof intr, "llvm.nvvm.shfl.sync.%s.i32", mode);
  bool up = !strcmp(mode, "up");
  MlirType t = mlirValueGetType(v);
  /* c: bfly clamps at lane 31; up takes segment mask 0 and min lane 0 (CUDA's __shfl_up_sync, width 32) */
  MlirValue full = bld_i32(b, -1), off = bld_i32(b, arg), clamp = bld_i32(b, up ? 0 : 31);
  if (mlirTypeEqual(t, b->f32) || mlirTypeEqual(t, b->i32)) {
    MlirValue ops[4] = {full, mlirTypeEqual(t, b->f32) ? bld_bitcast(b, v, b->i32) : v, off, clamp};
    MlirValue r = bld_intr(b, intr, b->i32, 4, ops);
    return mlirTypeEqual(t, b->f32) ? bld_bitcast(b, r, b->f32) : r;
  }
  bool is_ptr = mlirTypeEqual(t, b->ptr_data);
  bool is_float = bld_is_float_type(t);
  int w = is_ptr ? 64 : is_float ? (int)mlirFloatTypeGetWidth(t) : bld_int_width(t);
  MlirType it = mlirIntegerTypeGet(b->ctx, (unsigned)w);
  MlirValue x = is_ptr ? bld_cast(b, "llvm.ptrtoint", v, it) : is_float ? bld_bitcast(b, v, it) : v;
  MlirValue r;
  if (w <= 32) {
    MlirValue ops[4] = {full, bld_int_resize(b, x, b->i32, false), off, clamp};
    r = bld_int_resize(b, bld_intr(b, intr, b->i32, 4, ops), it, false);
  } else {
    MlirValue lo = bld_cast(b, "llvm.trunc", x, b->i32);
    MlirValue hi = bld_cast(b, "llvm.trunc", bld_lshr(b, x, bld_i64(b, 32)), b->i32);
    MlirValue o1[4] = {full, lo, off, clamp}, o2[4] = {full, hi, off, clamp};
    MlirValue rl = bld_intr(b, intr, b->i32, 4, o1);
    MlirValue rh = bld_intr(b, intr, b->i32, 4, o2);
    r = bld_or(b, bld_cast(b, "llvm.zext", rl, b->i64), bld_shl(b, bld_cast(b, "llvm.zext", rh, b->i64), bld_i64(b, 32)));
  }
  return is_ptr ? bld_cast(b, "llvm.inttoptr", r, t) : is_float ? bld_bitcast(b, r, t) : r;
}

static MlirValue shfl_xor(ct_lower *L, MlirValue v, int lane_mask) { return shfl_sync(L, "bfly", v, lane_mask); }

/* One shared-memory region per operand, each `count` elements of the operand's type rounded up to
 * 16 bytes, laid out back to back from the shared buffer (smem_base); region[i] points at operand
 * i's. Used by the cross-warp step of reduce and by scan. */
static void smem_operand_regions(ct_lower *L, ct_lv *const *in, int n, int64_t count, MlirValue *region) {
  int64_t off[MAX_REDUCE_OPERANDS], total = 0;
  for (int i = 0; i < n; i++) {
    int bits = ct_elem_bits(in[i]->type.elem);
    int64_t es = bits >= 8 ? bits / 8 : 1;
    off[i] = total;
    total += (es * count + 15) / 16 * 16;
  }
  MlirValue base = smem_base(L, total);
  for (int i = 0; i < n; i++) region[i] = bld_gep(&L->b, base, bld_i32(&L->b, off[i]), L->b.i8);
}

/* Emit `for (cnt = 1, pos = pos0, acc = x[pos0]; cnt < count; cnt++) { pos += step; acc = f(x[pos], acc);
 * if (write_back) x[pos] = acc; }` over the shared-memory regions (one per operand): the serial
 * inclusive scan of `count` elements from pos0, `step` apart (without write_back: only their fold).
 * Leaves the builder after the loop with total[i] = the last prefix (x[pos0] when count <= 1). The
 * combiner region is inlined once, in the loop body. */
static bool scan_serial_run(ct_lower *L, MlirOperation op, int n, const MlirValue *region, const MlirType *et,
                            MlirValue pos0, MlirValue count, int64_t step, bool write_back, MlirValue *total) {
  ct_bld *b = &L->b;
  MlirBlock head = lower_new_block(L), body = lower_new_block(L), exit = lower_new_block(L);
  MlirValue init[MAX_REDUCE_OPERANDS + 2];
  init[0] = bld_i32(b, 1); /* elements done */
  init[1] = pos0;
  for (int i = 0; i < n; i++) init[2 + i] = smem_load_elem(L, region[i], pos0, et[i]);
  bld_br(b, head, n + 2, init);
  b->block = head;
  MlirValue cnt = mlirBlockAddArgument(head, b->i32, b->loc);
  MlirValue pos = mlirBlockAddArgument(head, b->i32, b->loc);
  MlirValue acc[MAX_REDUCE_OPERANDS] = {{NULL}};
  for (int i = 0; i < n; i++) acc[i] = mlirBlockAddArgument(head, et[i], b->loc);
  bld_cond_br(b, bld_icmp(b, BLD_SLT, cnt, count), body, 0, NULL, exit, 0, NULL);
  b->block = body;
  MlirValue npos = bld_add(b, pos, bld_i32(b, step));
  MlirValue cur[MAX_REDUCE_OPERANDS] = {{NULL}}, out[MAX_REDUCE_OPERANDS] = {{NULL}};
  for (int i = 0; i < n; i++) cur[i] = smem_load_elem(L, region[i], npos, et[i]);
  if (!combine(L, op, n, cur, acc, out)) return false;
  for (int i = 0; write_back && i < n; i++) smem_store_elem(L, region[i], npos, out[i]);
  MlirValue nxt[MAX_REDUCE_OPERANDS + 2];
  nxt[0] = bld_add(b, cnt, bld_i32(b, 1));
  nxt[1] = npos;
  for (int i = 0; i < n; i++) nxt[2 + i] = out[i];
  bld_br(b, head, n + 2, nxt);
  b->block = exit;
  for (int i = 0; i < n; i++) total[i] = acc[i];
  return true;
}

/* Emit `for (cnt = 0, pos = pos0; cnt < count; cnt++, pos += step) x[pos] = f(x[pos], prefix)`: folds
 * the exclusive prefix of a chunk into the chunk's (already scanned) elements, prefix first. */
static bool scan_fold_prefix(ct_lower *L, MlirOperation op, int n, const MlirValue *region, const MlirType *et,
                             MlirValue pos0, MlirValue count, int64_t step, const MlirValue *prefix) {
  ct_bld *b = &L->b;
  MlirBlock head = lower_new_block(L), body = lower_new_block(L), exit = lower_new_block(L);
  MlirValue init[2] = {bld_i32(b, 0), pos0};
  bld_br(b, head, 2, init);
  b->block = head;
  MlirValue cnt = mlirBlockAddArgument(head, b->i32, b->loc);
  MlirValue pos = mlirBlockAddArgument(head, b->i32, b->loc);
  bld_cond_br(b, bld_icmp(b, BLD_SLT, cnt, count), body, 0, NULL, exit, 0, NULL);
  b->block = body;
  MlirValue cur[MAX_REDUCE_OPERANDS] = {{NULL}}, out[MAX_REDUCE_OPERANDS] = {{NULL}};
  for (int i = 0; i < n; i++) cur[i] = smem_load_elem(L, region[i], pos, et[i]);
  if (!combine(L, op, n, cur, prefix, out)) return false;
  for (int i = 0; i < n; i++) smem_store_elem(L, region[i], pos, out[i]);
  MlirValue nxt[2] = {bld_add(b, cnt, bld_i32(b, 1)), bld_add(b, pos, bld_i32(b, step))};
  bld_br(b, head, 2, nxt);
  b->block = exit;
  return true;
}

/* A line's first flat index: (line / inner) * len * inner + line % inner (its elements step by inner). */
static MlirValue scan_line_first(ct_bld *b, MlirValue line, int64_t inner, int64_t len) {
  MlirValue q = bld_op1(b, "llvm.sdiv", b->i32, 2, (MlirValue[]){line, bld_i32(b, inner)}, 0, NULL);
  MlirValue r = bld_op1(b, "llvm.srem", b->i32, 2, (MlirValue[]){line, bld_i32(b, inner)}, 0, NULL);
  return bld_add(b, bld_mul(b, q, bld_i32(b, len * inner)), r);
}

/* `scan` (inclusive; `reverse` scans from the end) along dim d, any layout, any number of operands.
 * The tile goes through shared memory (one region per operand, row-major flat index): every thread
 * writes its elements, bar.sync, the lines along d are scanned there, bar.sync, every thread reads
 * its elements back in the operand's layout. The lines (lines = numel / len, one per index of the
 * other dims) are scanned by tpl = min(T / lines, len) threads each (T threads in the CTA; every
 * count is a power of two):
 *  - tpl == 1 (lines >= T): thread t scans lines t, t + T, ... serially in a run-time loop;
 *  - tpl > 1: thread t works on line t / tpl; its sub-index s = t % tpl owns the chunk of
 *    len / tpl consecutive elements (in scan order) from s * len / tpl.
 *    1. each thread scans its chunk serially in place; its last prefix is the chunk total;
 *    2. the chunk totals are scanned across the line's threads: a Hillis-Steele scan with
 *       shfl.sync.up within each warp (lines of <= 32 threads sit in one warp, aligned), then, for
 *       lines wider than a warp, each warp's total goes to shared memory (bar.sync) and a thread
 *       folds the totals of the warps before it in its line; a final shfl.up by one gives every
 *       thread the exclusive prefix of the chunks before its own;
 *    3. each thread but the first of a line folds that prefix into its chunk (prefix first).
 * Threads beyond lines * tpl (numel < T) scan an empty chunk and write nothing; every thread
 * reaches every shuffle and bar.sync. Elements are combined in scan order (f(later, earlier)), so
 * non-commutative combiners are exact; the regrouping assumes the combiner is associative, as
 * the reduce lowering does (floating-point sums may round differently from a serial loop). The
 * combiner region is inlined log2(min(tpl, 32)) + 2 times (+ 2 for lines wider than a warp). */
static bool lower_scan(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  int n = (int)mlirOperationGetNumOperands(op);
  if (n < 1 || n > MAX_REDUCE_OPERANDS) {
    ct_error_op(L->c, op, "code generation: `scan` with %d operands is not supported", n);
    return false;
  }
  int dim = (int)attr_int(op, "dim", -1);
  bool reverse = false;
  MlirAttribute rv = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("reverse"));
  if (!mlirAttributeIsNull(rv) && mlirAttributeIsABool(rv)) reverse = mlirBoolAttrGetValue(rv);
  ct_lv *in[MAX_REDUCE_OPERANDS] = {0};
  for (int i = 0; i < n; i++)
    if (!(in[i] = lv_get(L, op, i))) return false;
  const ct_layout *l = in[0]->layout;
  const ct_type *t0 = &in[0]->type;
  if (dim < 0 || dim >= t0->rank) {
    ct_error_op(L->c, op, "code generation: bad scan dim %d", dim);
    return false;
  }
  for (int i = 1; i < n; i++)
    if (!(in[i] = lv_require(L, op, i, in[i], l))) return false;
  int64_t numel = 1, inner = 1;
  for (int d = 0; d < t0->rank; d++) numel *= t0->shape[d];
  for (int d = dim + 1; d < t0->rank; d++) inner *= t0->shape[d];
  int64_t len = t0->shape[dim], lines = numel / len;
  int64_t T = L->nthreads;
  int64_t tpl = lines >= T ? 1 : T / lines < len ? T / lines : len;
  int64_t warps_per_line = tpl > 32 ? tpl / 32 : 1;
  /* 1. to shared memory (the chunk totals of wide lines after the elements: one per warp) */
  MlirValue region[MAX_REDUCE_OPERANDS];
  int64_t total_at = (numel + 15) / 16 * 16;
  smem_operand_regions(L, in, n, warps_per_line > 1 ? total_at + T / 32 : numel, region);
  MlirValue tflat = thread_flat_index(L, l);
  bld_barrier(b); /* the buffer may still be read by an earlier user */
  for (int k = 0; k < in[0]->nregs; k++) {
    MlirValue idx = bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(l, (uint32_t)k)));
    for (int i = 0; i < n; i++) smem_store_elem(L, region[i], idx, in[i]->regs[k]);
  }
  bld_barrier(b);
  MlirType et[MAX_REDUCE_OPERANDS];
  for (int i = 0; i < n; i++) et[i] = mlirValueGetType(in[i]->regs[0]);
  MlirValue total[MAX_REDUCE_OPERANDS] = {{NULL}};
  int64_t step = reverse ? -inner : inner;
  if (tpl == 1) {
    /* 2. for (line = tid; line < lines; line += T) scan the line */
    MlirBlock line_head = lower_new_block(L), line_body = lower_new_block(L), done = lower_new_block(L);
    MlirValue line = mlirBlockAddArgument(line_head, b->i32, b->loc);
    bld_br(b, line_head, 1, &L->tid);
    b->block = line_head;
    bld_cond_br(b, bld_icmp(b, BLD_SLT, line, bld_i32(b, lines)), line_body, 0, NULL, done, 0, NULL);
    b->block = line_body;
    MlirValue pos0 = bld_add(b, scan_line_first(b, line, inner, len), bld_i32(b, (reverse ? len - 1 : 0) * inner));
    if (!scan_serial_run(L, op, n, region, et, pos0, bld_i32(b, len), step, true, total)) return false;
    MlirValue next_line = bld_add(b, line, bld_i32(b, T));
    bld_br(b, line_head, 1, &next_line);
    b->block = done;
  } else {
    int64_t chunk = len / tpl;
    int tpl_bits = ct_log2_exact(tpl);
    MlirValue line = bld_lshr(b, L->tid, bld_i32(b, tpl_bits));
    MlirValue sub = bld_and(b, L->tid, bld_i32(b, tpl - 1));
    MlirValue active = bld_icmp(b, BLD_SLT, L->tid, bld_i32(b, lines * tpl));
    /* chunk start in scan order: sub * chunk; as an element index along d, reversed when `reverse` */
    MlirValue p0 = bld_mul(b, sub, bld_i32(b, chunk));
    if (reverse) p0 = bld_sub(b, bld_i32(b, len - 1), p0);
    MlirValue pos0 = bld_add(b, scan_line_first(b, line, inner, len), bld_mul(b, p0, bld_i32(b, inner)));
    /* idle threads scan one element at flat index 0 (read only) */
    pos0 = bld_select(b, active, pos0, bld_i32(b, 0));
    MlirValue count = bld_select(b, active, bld_i32(b, chunk), bld_i32(b, 1));
    /* 2.1 */
    if (!scan_serial_run(L, op, n, region, et, pos0, count, step, true, total)) return false;
    /* 2.2 inclusive scan of the chunk totals within each warp's group of min(tpl, 32) lanes */
    int64_t group = tpl < 32 ? tpl : 32;
    MlirValue lane_in_group = bld_and(b, L->tid, bld_i32(b, group - 1));
    MlirValue incl[MAX_REDUCE_OPERANDS] = {{NULL}};
    for (int i = 0; i < n; i++) incl[i] = total[i];
    for (int64_t off = 1; off < group; off *= 2) {
      MlirValue other[MAX_REDUCE_OPERANDS] = {{NULL}}, out[MAX_REDUCE_OPERANDS] = {{NULL}};
      for (int i = 0; i < n; i++) other[i] = shfl_sync(L, "up", incl[i], (int)off);
      if (!combine(L, op, n, incl, other, out)) return false;
      MlirValue take = bld_icmp(b, BLD_SGE, lane_in_group, bld_i32(b, off));
      for (int i = 0; i < n; i++) incl[i] = bld_select(b, take, out[i], incl[i]);
    }
    /* exclusive prefix within the group: the previous lane's inclusive value */
    MlirValue prefix[MAX_REDUCE_OPERANDS] = {{NULL}};
    for (int i = 0; i < n; i++) prefix[i] = shfl_sync(L, "up", incl[i], 1);
    MlirValue has_prefix = bld_icmp(b, BLD_SGE, lane_in_group, bld_i32(b, 1));
    if (warps_per_line > 1) {
      /* lanes 31 hold their warp's total: to shared memory at [warp], bar.sync */
      MlirValue warp = bld_lshr(b, L->tid, bld_i32(b, 5));
      MlirValue is_last = bld_icmp(b, BLD_EQ, lane_in_group, bld_i32(b, 31));
      MlirBlock st = lower_new_block(L), st_done = lower_new_block(L);
      bld_cond_br(b, is_last, st, 0, NULL, st_done, 0, NULL);
      b->block = st;
      MlirValue slot = bld_add(b, warp, bld_i32(b, total_at));
      for (int i = 0; i < n; i++) smem_store_elem(L, region[i], slot, incl[i]);
      bld_br(b, st_done, 0, NULL);
      b->block = st_done;
      bld_barrier(b);
      /* warps before this one in its line: w0 .. w0 + wl - 1; wl = 0 for the line's first warp */
      MlirValue wl = bld_and(b, warp, bld_i32(b, warps_per_line - 1));
      MlirValue w0 = bld_add(b, bld_sub(b, warp, wl), bld_i32(b, total_at));
      MlirBlock fold = lower_new_block(L), merge = lower_new_block(L);
      MlirValue merge_args[MAX_REDUCE_OPERANDS + 1];
      for (int i = 0; i < n; i++) {
        mlirBlockAddArgument(merge, et[i], b->loc);
        merge_args[i] = prefix[i];
      }
      mlirBlockAddArgument(merge, mlirValueGetType(has_prefix), b->loc);
      merge_args[n] = has_prefix;
      bld_cond_br(b, bld_icmp(b, BLD_SGT, wl, bld_i32(b, 0)), fold, 0, NULL, merge, n + 1, merge_args);
      b->block = fold;
      /* fold the earlier warps' totals in order: slots w0 .. w0 + wl - 1 (read only: later warps
       * read them too) */
      MlirValue wsum[MAX_REDUCE_OPERANDS] = {{NULL}};
      if (!scan_serial_run(L, op, n, region, et, w0, wl, 1, false, wsum)) return false;
      /* the lane's prefix: the earlier warps' sum, then the earlier lanes' (when there are any) */
      MlirValue out[MAX_REDUCE_OPERANDS] = {{NULL}};
      if (!combine(L, op, n, prefix, wsum, out)) return false;
      for (int i = 0; i < n; i++) merge_args[i] = bld_select(b, has_prefix, out[i], wsum[i]);
      merge_args[n] = bld_const_int(b, mlirValueGetType(has_prefix), 1);
      bld_br(b, merge, n + 1, merge_args);
      b->block = merge;
      for (int i = 0; i < n; i++) prefix[i] = mlirBlockGetArgument(merge, (intptr_t)i);
      has_prefix = mlirBlockGetArgument(merge, n);
    }
    /* 2.3 fold the prefix into the chunk (threads with one, idle threads excluded) */
    MlirValue fold_count = bld_select(b, bld_and(b, active, has_prefix), bld_i32(b, chunk), bld_i32(b, 0));
    if (!scan_fold_prefix(L, op, n, region, et, pos0, fold_count, step, prefix)) return false;
  }
  /* 3. back to registers */
  bld_barrier(b);
  for (int i = 0; i < n; i++) {
    ct_type rt;
    if (!result_type(L, op, i, &rt)) return false;
    ct_lv *r = lv_new_tile(L, &rt, l);
    for (int k = 0; k < r->nregs; k++) {
      MlirValue idx = bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(l, (uint32_t)k)));
      r->regs[k] = smem_load_elem(L, region[i], idx, et[i]);
    }
    lv_bind(L, mlirOperationGetResult(op, i), r);
  }
  return true;
}

int lower_reduce_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "scan")) return lower_scan(L, op) ? LOWER_DONE : LOWER_FAILED;
  if (!streq(name, "reduce")) return LOWER_NOT_MINE;
  ct_bld *b = &L->b;
  int n = (int)mlirOperationGetNumOperands(op);
  if (n < 1 || n > MAX_REDUCE_OPERANDS) {
    ct_error_op(L->c, op, "code generation: `reduce` with %d operands is not supported", n);
    return LOWER_FAILED;
  }
  int dim = (int)attr_int(op, "dim", -1);
  ct_lv *in[MAX_REDUCE_OPERANDS] = {0};
  for (int i = 0; i < n; i++)
    if (!(in[i] = lv_get(L, op, i))) return LOWER_FAILED;
  const ct_layout *l = in[0]->layout;
  if (dim < 0 || dim >= l->rank) {
    ct_error_op(L->c, op, "code generation: bad reduce dim %d", dim);
    return LOWER_FAILED;
  }
  for (int i = 1; i < n; i++)
    if (!(in[i] = lv_require(L, op, i, in[i], l))) return LOWER_FAILED;
  ct_layout sl_tmp;
  ct_layout_slice(&sl_tmp, l, dim);
  const ct_layout *sl = layout_intern(L, &sl_tmp);
  int off = ct_layout_dim_offset(l, dim), width = ct_layout_dim_bits(l, dim);
  uint32_t dmask = ((1u << width) - 1) << off;
  int nres = ct_layout_num_regs(sl);
  MlirValue *acc = calloc((size_t)nres * n + 1, sizeof *acc);
  if (!acc) abort();
  /* 1. in-thread */
  for (int k = 0; k < in[0]->nregs; k++) {
    int j = 0, jb = 0;
    for (int bit = 0; bit < l->nreg_bits; bit++) {
      if (l->reg[bit] & dmask) continue;
      if (k >> bit & 1) j |= 1 << jb;
      jb++;
    }
    MlirValue cur[MAX_REDUCE_OPERANDS] = {{0}}, prev[MAX_REDUCE_OPERANDS] = {{0}}, out[MAX_REDUCE_OPERANDS];
    for (int i = 0; i < n; i++) cur[i] = in[i]->regs[k], prev[i] = acc[j * n + i];
    if (!prev[0].ptr) {
      for (int i = 0; i < n; i++) acc[j * n + i] = cur[i];
      continue;
    }
    if (!combine(L, op, n, cur, prev, out)) goto fail;
    for (int i = 0; i < n; i++) acc[j * n + i] = out[i];
  }
  /* 2. in-warp butterflies */
  for (int lb = 0; lb < CT_LAYOUT_LANE_BITS; lb++) {
    if (!(l->lane[lb] & dmask)) continue;
    for (int j = 0; j < nres; j++) {
      MlirValue other[MAX_REDUCE_OPERANDS], self[MAX_REDUCE_OPERANDS], out[MAX_REDUCE_OPERANDS];
      for (int i = 0; i < n; i++) self[i] = acc[j * n + i], other[i] = shfl_xor(L, self[i], 1 << lb);
      if (!combine(L, op, n, other, self, out)) goto fail;
      for (int i = 0; i < n; i++) acc[j * n + i] = out[i];
    }
  }
  /* 3. across warps */
  int wbits[CT_LAYOUT_MAX_WARP_BITS], nw = 0;
  for (int wb = 0; wb < l->nwarp_bits; wb++)
    if (l->warp[wb] & dmask) wbits[nw++] = wb;
  if (nw) {
    int64_t slice_numel = 1LL << ct_layout_flat_bits(sl);
    int64_t groups = 1LL << nw;
    MlirValue region[MAX_REDUCE_OPERANDS];
    smem_operand_regions(L, in, n, groups * slice_numel, region);
    MlirValue group = bld_i32(b, 0);
    for (int q = 0; q < nw; q++) {
      int tb = CT_LAYOUT_LANE_BITS + wbits[q];
      MlirValue bit = bld_lshr(b, bld_and(b, L->tid, bld_i32(b, 1LL << tb)), bld_i32(b, tb));
      group = bld_or(b, group, bld_shl(b, bit, bld_i32(b, q)));
    }
    MlirValue tflat = thread_flat_index(L, sl);
    bld_barrier(b);
    MlirValue gofs = bld_mul(b, group, bld_i32(b, slice_numel));
    for (int j = 0; j < nres; j++) {
      MlirValue idx = bld_add(b, bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(sl, (uint32_t)j))), gofs);
      for (int i = 0; i < n; i++) smem_store_elem(L, region[i], idx, acc[j * n + i]);
    }
    bld_barrier(b);
    for (int j = 0; j < nres; j++) {
      MlirValue sidx = bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(sl, (uint32_t)j)));
      MlirValue r[MAX_REDUCE_OPERANDS];
      for (int g = 0; g < groups; g++) {
        MlirValue idx = bld_add(b, sidx, bld_i32(b, g * slice_numel));
        MlirValue v[MAX_REDUCE_OPERANDS], out[MAX_REDUCE_OPERANDS];
        for (int i = 0; i < n; i++) v[i] = smem_load_elem(L, region[i], idx, mlirValueGetType(acc[j * n + i]));
        if (g == 0) {
          for (int i = 0; i < n; i++) r[i] = v[i];
          continue;
        }
        if (!combine(L, op, n, v, r, out)) goto fail;
        for (int i = 0; i < n; i++) r[i] = out[i];
      }
      for (int i = 0; i < n; i++) acc[j * n + i] = r[i];
    }
    /* no trailing bar.sync: the next user of the shared buffer starts with one */
  }
  for (int i = 0; i < n; i++) {
    ct_type rt;
    if (!result_type(L, op, i, &rt)) goto fail;
    ct_lv *r = lv_new_tile(L, &rt, sl);
    for (int j = 0; j < nres; j++) r->regs[j] = acc[j * n + i];
    lv_bind(L, mlirOperationGetResult(op, i), r);
  }
  free(acc);
  return LOWER_DONE;
fail:
  free(acc);
  return LOWER_FAILED;
}

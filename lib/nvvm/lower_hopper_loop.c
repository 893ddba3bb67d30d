/* lower_hopper_loop: emits the planned `for` loop (lower_hopper_plan.c) as a TMA + mbarrier ring
 * of S stages feeding wgmma.mma_async, for every warpgroup of the CTA (non-warp-specialised: all
 * 128 × W threads compute, thread 0 also issues the copies).
 * Algorithm (op sequence of the verified ptx_ground_truth_files/gen_sm90.py, §3.1, §5.3):
 *  - SMEM (one buffer, rounded up to 1024 B at run time): S A-stages, S B-stages, then the
 *    mbarriers full[S] and empty[S] (8 B each). Thread 0: mbarrier.init full[s] = 1,
 *    empty[s] = 128 × W; fence.mbarrier_init.release.cluster; bar.sync 0.
 *  - prologue (thread 0): for j < min(S, n): arrive.expect_tx(full[j], tx); the TMA boxes of A
 *    and B of iteration j (cp.async.bulk.tensor.2d, coordinates innermost first).
 *  - iteration kt (s = kt % S, ph = (kt / S) & 1): every thread spins on try_wait.parity(full[s],
 *    ph); wgmma.fence; per k16 step one m64nNk16 wgmma (A descriptor: K-major, the warpgroup's
 *    64 rows; B descriptor: MN-major, transposed) on the accumulator kept in registers;
 *    commit_group; wait_group 0; arrive(empty[s]). Thread 0 then refills stage s for iteration
 *    kt + S (< n) after try_wait.parity(empty[s], ph); bar.warp.sync re-converges its warp
 *    before the next .aligned op.
 *  - after the loop bar.sync 0 (the SMEM may be reused by the epilogue); the accumulator leaves
 *    in the wgmma D-fragment layout (hopper_acc_layout), consumed by the ordinary epilogue ops.
 * Seed: 001. Knobs: SMEM_ALIGN (swizzle-pattern repeat of 128B swizzle). */
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"

#define SMEM_ALIGN 1024

bool hopper_acc_layout(ct_layout *out, int64_t m, int64_t n, int nwarps) {
  return ct_layout_mma_acc_grid(out, m, n, nwarps, 1);
}

typedef struct ring {
  ct_lower *L;
  const ct_hopper_plan *p;
  MlirValue raw;      /* !llvm.ptr<3> of the module's SMEM buffer */
  MlirValue pad;      /* i32: bytes from raw to the 1024-aligned ring start */
  MlirValue base32;   /* i32 shared-window address of the ring start */
  int64_t a_off, b_off, full_off, empty_off;
  MlirValue tmap_a, tmap_b; /* kernel parameters (!llvm.ptr to the grid-constant CUtensorMap) */
  MlirValue lb, step, n;    /* i32 */
  MlirType ptr7;
} ring;

static MlirBlock new_block(ct_lower *L) {
  MlirBlock blk = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(L->fn_region, blk);
  return blk;
}

/* !llvm.ptr<3> at byte offset `off` (i32 value) from the ring start. */
static MlirValue ring_ptr(ring *r, MlirValue off) {
  return bld_gep(&r->L->b, r->raw, bld_add(&r->L->b, r->pad, off), r->L->b.i8);
}

static MlirValue bar_ptr(ring *r, int64_t which_off, MlirValue stage) {
  ct_bld *b = &r->L->b;
  return ring_ptr(r, bld_add(b, bld_i32(b, which_off), bld_mul(b, stage, bld_i32(b, 8))));
}

static void intr0(ct_bld *b, const char *name, int n, const MlirValue *ops) { bld_intr(b, name, b->void_ty, n, ops); }

static void warp_sync(ct_bld *b) {
  MlirValue all = bld_i32(b, -1);
  intr0(b, "llvm.nvvm.bar.warp.sync", 1, &all);
}

/* Spin until the phase of `bar` with parity `parity` has completed. */
static void spin_wait(ct_lower *L, MlirValue bar, MlirValue parity) {
  ct_bld *b = &L->b;
  MlirBlock wait = new_block(L), done = new_block(L);
  bld_br(b, wait, 0, NULL);
  b->block = wait;
  MlirValue ops[2] = {bar, parity};
  MlirValue ok = bld_intr(b, "llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta", b->i1, 2, ops);
  bld_cond_br(b, ok, done, 0, NULL, wait, 0, NULL);
  b->block = done;
}

/* The tile index of load operand `opnd` (1 = outer dim, 2 = inner) at iteration j. */
static MlirValue load_index(ring *r, MlirOperation load, int opnd, MlirValue j) {
  ct_bld *b = &r->L->b;
  MlirValue v = mlirOperationGetOperand(load, opnd);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(r->p->for_op, 0));
  if (mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
    return bld_add(b, r->lb, bld_mul(b, j, r->step));
  ct_lv *lv = lv_get(r->L, load, opnd);
  return lv ? lv->regs[0] : bld_i32(b, 0);
}

/* The TMA boxes of one operand of iteration j into stage `stage`, landing on `full`. */
static void issue_operand(ring *r, const ct_hopper_operand *o, int64_t off, MlirValue tmap, MlirValue stage, MlirValue j,
                          MlirValue full) {
  ct_bld *b = &r->L->b;
  MlirValue outer = bld_mul(b, load_index(r, o->load, 1, j), bld_i32(b, o->view.tile_shape[0]));
  MlirValue inner0 = bld_mul(b, load_index(r, o->load, 2, j), bld_i32(b, o->view.tile_shape[1]));
  MlirValue stage_off = bld_add(b, bld_i32(b, off), bld_mul(b, stage, bld_i32(b, o->tile_bytes)));
  for (int bx = 0; bx < o->nboxes; bx++) {
    MlirValue dst = ring_ptr(r, bld_add(b, stage_off, bld_i32(b, bx * o->geom.box_bytes)));
    dst = bld_cast(b, "llvm.addrspacecast", dst, r->ptr7);
    MlirValue inner = bld_add(b, inner0, bld_i32(b, bx * o->box[1]));
    MlirValue ops[10] = {dst,
                         full,
                         tmap,
                         inner,
                         outer,
                         bld_const_int(b, b->i16, 0),
                         bld_i64(b, 0),
                         bld_const_int(b, b->i1, 0),
                         bld_const_int(b, b->i1, 0),
                         bld_i32(b, 0)};
    intr0(b, "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d", 10, ops);
  }
}

/* Fill stage `stage` with the tiles of iteration j (one thread). */
static void issue(ring *r, MlirValue stage, MlirValue j) {
  ct_bld *b = &r->L->b;
  MlirValue full = bar_ptr(r, r->full_off, stage);
  MlirValue ops[2] = {full, bld_i32(b, r->p->tx_bytes)};
  bld_intr(b, "llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta", b->i64, 2, ops);
  issue_operand(r, &r->p->a, r->a_off, r->tmap_a, stage, j, full);
  issue_operand(r, &r->p->b, r->b_off, r->tmap_b, stage, j, full);
}

/* if (cond) { ... } : returns the join block; the builder is left in the then block. */
static MlirBlock open_if(ct_lower *L, MlirValue cond) {
  MlirBlock then_blk = new_block(L), join = new_block(L);
  bld_cond_br(&L->b, cond, then_blk, 0, NULL, join, 0, NULL);
  L->b.block = then_blk;
  return join;
}
static void close_if(ct_lower *L, MlirBlock join) {
  bld_br(&L->b, join, 0, NULL);
  L->b.block = join;
}

/* Descriptor (i64) of an operand at shared address addr32 (i32): start-address field | constant. */
static MlirValue desc_at(ct_bld *b, MlirValue addr32, const ct_wgmma_operand_geom *g) {
  MlirValue field = bld_lshr(b, bld_and(b, addr32, bld_i32(b, 0x3FFFF)), bld_i32(b, 4));
  MlirValue f64 = bld_cast(b, "llvm.zext", field, b->i64);
  return bld_or(b, f64, bld_i64(b, (int64_t)ct_wgmma_desc_const(g->swizzle, g->lbo, g->sbo)));
}

static MlirValue wgmma(ct_lower *L, const ct_hopper_plan *p, MlirValue *acc, int nacc, MlirValue da, MlirValue db) {
  ct_bld *b = &L->b;
  const char *ty = p->elem == CT_BF16 ? "bf16" : "f16";
  /* text: {$0..$R-1}, $2R, $2R+1 (inputs R..2R-1 are tied to the outputs) */
  size_t cap = 64 + (size_t)nacc * 12;
  char *text = malloc(cap), *cons = malloc((size_t)nacc * 8 + 16);
  if (!text || !cons) abort();
  int pos = snprintf(text, cap, "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\nwgmma.mma_async.sync.aligned.m64n%lldk16.f32.%s.%s {",
                     (long long)p->n, ty, ty);
  for (int i = 0; i < nacc; i++) pos += snprintf(text + pos, cap - (size_t)pos, "%s$%d", i ? ", " : "", i);
  snprintf(text + pos, cap - (size_t)pos, "}, $%d, $%d, p, 1, 1, 0, 1;\n}\n", 2 * nacc, 2 * nacc + 1);
  int cp = 0;
  for (int i = 0; i < nacc; i++) cp += sprintf(cons + cp, "=f,");
  for (int i = 0; i < nacc; i++) cp += sprintf(cons + cp, "%d,", i);
  sprintf(cons + cp, "l,l");
  MlirType *fs = malloc((size_t)nacc * sizeof *fs);
  MlirValue *ops = malloc(((size_t)nacc + 2) * sizeof *ops);
  if (!fs || !ops) abort();
  for (int i = 0; i < nacc; i++) {
    fs[i] = b->f32;
    ops[i] = acc[i];
  }
  ops[nacc] = da;
  ops[nacc + 1] = db;
  MlirType st = mlirLLVMStructTypeLiteralGet(b->ctx, nacc, fs, false);
  MlirValue res = bld_inline_asm_volatile(b, text, cons, st, nacc + 2, ops);
  for (int i = 0; i < nacc; i++) acc[i] = bld_extractvalue(b, res, i, b->f32);
  free(text);
  free(cons);
  free(fs);
  free(ops);
  return res;
}

int lower_hopper_for(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  ring r;
  memset(&r, 0, sizeof r);
  r.L = L;
  r.p = p;
  r.ptr7 = mlirLLVMPointerTypeGet(b->ctx, 7);
  ct_lv *lb = lv_get(L, op, 0), *ub = lv_get(L, op, 1), *step = lv_get(L, op, 2), *init = lv_get(L, op, 3);
  if (!lb || !ub || !step || !init) return LOWER_FAILED;
  ct_type ct;
  if (!value_type(L, op, mlirOperationGetOperand(op, 3), &ct)) return LOWER_FAILED;
  ct_layout al;
  if (!hopper_acc_layout(&al, p->m, p->n, L->nwarps)) {
    ct_error_op(L->c, op, "internal error: no wgmma accumulator layout");
    return LOWER_FAILED;
  }
  const ct_layout *acc_layout = layout_intern(L, &al);
  ct_lv *acc0 = lv_convert(L, init, acc_layout);
  int nacc = acc0->nregs;
  int S = p->stages;
  r.lb = lb->regs[0];
  r.step = step->regs[0];
  /* n = (ub - lb + step - 1) / step */
  r.n = bld_bin(b, "llvm.sdiv", bld_sub(b, bld_add(b, bld_sub(b, ub->regs[0], r.lb), r.step), bld_i32(b, 1)), r.step);
  MlirBlock fn_entry = mlirRegionGetFirstBlock(L->fn_region);
  r.tmap_a = mlirBlockGetArgument(fn_entry, L->nuser_args + p->a.param);
  r.tmap_b = mlirBlockGetArgument(fn_entry, L->nuser_args + p->b.param);
  r.a_off = 0;
  r.b_off = S * p->a.tile_bytes;
  r.full_off = p->ring_bytes;
  r.empty_off = p->ring_bytes + 8 * S;

  r.raw = smem_base(L, p->smem_bytes + SMEM_ALIGN);
  MlirValue raw32 = bld_cast(b, "llvm.trunc", bld_cast(b, "llvm.ptrtoint", r.raw, b->i64), b->i32);
  r.base32 = bld_and(b, bld_add(b, raw32, bld_i32(b, SMEM_ALIGN - 1)), bld_i32(b, -SMEM_ALIGN));
  r.pad = bld_sub(b, r.base32, raw32);
  MlirValue is0 = bld_icmp(b, BLD_EQ, L->tid, bld_i32(b, 0));

  /* barrier init (thread 0) */
  bld_barrier(b); /* earlier users of the SMEM buffer are done */
  MlirBlock join = open_if(L, is0);
  for (int s = 0; s < S; s++) {
    MlirValue f[2] = {bar_ptr(&r, r.full_off, bld_i32(b, s)), bld_i32(b, 1)};
    intr0(b, "llvm.nvvm.mbarrier.init.shared", 2, f);
    MlirValue e[2] = {bar_ptr(&r, r.empty_off, bld_i32(b, s)), bld_i32(b, L->nthreads)};
    intr0(b, "llvm.nvvm.mbarrier.init.shared", 2, e);
  }
  intr0(b, "llvm.nvvm.fence.mbarrier_init.release.cluster", 0, NULL);
  close_if(L, join);
  bld_barrier(b);

  /* prologue: fill every stage (thread 0) */
  join = open_if(L, is0);
  for (int s = 0; s < S; s++) {
    MlirValue js = bld_i32(b, s);
    MlirBlock j2 = open_if(L, bld_icmp(b, BLD_SLT, js, r.n));
    issue(&r, js, js);
    close_if(L, j2);
  }
  close_if(L, join);
  warp_sync(b);

  /* loop header(kt, acc...) */
  MlirBlock header = new_block(L), body = new_block(L), exit = new_block(L);
  MlirValue kt = mlirBlockAddArgument(header, b->i32, b->loc);
  MlirValue *hacc = malloc(((size_t)nacc + 1) * sizeof *hacc);
  MlirValue *args = malloc(((size_t)nacc + 1) * sizeof *args);
  if (!hacc || !args) abort();
  ct_lv *res = lv_new_tile(L, &ct, acc_layout);
  for (int i = 0; i < nacc; i++) {
    hacc[i] = mlirBlockAddArgument(header, b->f32, b->loc);
    res->regs[i] = mlirBlockAddArgument(exit, b->f32, b->loc);
  }
  args[0] = bld_i32(b, 0);
  for (int i = 0; i < nacc; i++) args[1 + i] = acc0->regs[i];
  bld_br(b, header, nacc + 1, args);
  b->block = header;
  bld_cond_br(b, bld_icmp(b, BLD_SLT, kt, r.n), body, 0, NULL, exit, nacc, hacc);

  b->block = body;
  MlirValue cS = bld_i32(b, S);
  MlirValue s = bld_bin(b, "llvm.urem", kt, cS);
  MlirValue ph = bld_and(b, bld_bin(b, "llvm.udiv", kt, cS), bld_i32(b, 1));
  spin_wait(L, bar_ptr(&r, r.full_off, s), ph);
  /* descriptors of this stage: A rows of this warpgroup, all of B */
  MlirValue wg = bld_lshr(b, L->tid, bld_i32(b, 7));
  MlirValue a_addr = bld_add(b, bld_add(b, r.base32, bld_mul(b, s, bld_i32(b, p->a.tile_bytes))),
                             bld_mul(b, wg, bld_i32(b, 64 * p->a.geom.swizzle)));
  MlirValue b_addr = bld_add(b, bld_add(b, r.base32, bld_i32(b, r.b_off)), bld_mul(b, s, bld_i32(b, p->b.tile_bytes)));
  MlirValue da0 = desc_at(b, a_addr, &p->a.geom), db0 = desc_at(b, b_addr, &p->b.geom);
  intr0(b, "llvm.nvvm.wgmma.fence.sync.aligned", 0, NULL);
  for (int i = 0; i < nacc; i++) args[1 + i] = hacc[i];
  for (int64_t kk = 0; kk < p->k / 16; kk++) {
    int64_t ao = ct_wgmma_kstep_offset(&p->a.geom, kk, 0), bo = ct_wgmma_kstep_offset(&p->b.geom, kk, 0);
    MlirValue da = ao ? bld_add(b, da0, bld_i64(b, ao >> 4)) : da0;
    MlirValue db = bo ? bld_add(b, db0, bld_i64(b, bo >> 4)) : db0;
    wgmma(L, p, args + 1, nacc, da, db);
  }
  intr0(b, "llvm.nvvm.wgmma.commit_group.sync.aligned", 0, NULL);
  MlirValue zero64 = bld_i64(b, 0);
  intr0(b, "llvm.nvvm.wgmma.wait_group.sync.aligned", 1, &zero64);
  MlirValue empty = bar_ptr(&r, r.empty_off, s);
  bld_intr(b, "llvm.nvvm.mbarrier.arrive.shared", b->i64, 1, &empty);
  /* refill stage s for iteration kt + S (thread 0) */
  MlirValue j = bld_add(b, kt, cS);
  MlirValue refill = bld_and(b, is0, bld_icmp(b, BLD_SLT, j, r.n));
  join = open_if(L, refill);
  spin_wait(L, empty, ph);
  issue(&r, s, j);
  close_if(L, join);
  warp_sync(b);
  args[0] = bld_add(b, kt, bld_i32(b, 1));
  bld_br(b, header, nacc + 1, args);

  b->block = exit;
  bld_barrier(b); /* every warpgroup's wgmma reads of the ring are complete */
  lv_bind(L, mlirOperationGetResult(op, 0), res);
  free(hacc);
  free(args);
  return LOWER_DONE;
}

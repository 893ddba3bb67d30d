/* lower_tcgen05: the Blackwell (sm_100a) form of the planned TMA path (tileas/hopper_plan.h,
 * plan->tcgen05): the loop's mmaf run on tcgen05.mma with their accumulators in tensor memory.
 * Algorithm (op sequence of the verified ptx_ground_truth_files/gen_sm100.py, ptx_ground_truth.md
 * §3.2, §5.2, §5.6, §5.7), on the ring lower_hopper_loop.c builds (same TMA pipes, prologue fills):
 *  - kernel start (tcgen05_kernel_prologue): thread 0 has initialised the rings' mbarriers (each
 *    empty[s] with one arrival: a tcgen05.commit) and the accumulator-ready mbarrier `done`; warp 0
 *    runs tcgen05.alloc (tileas.tmem `columns`, the address written to the `slot` word) and
 *    relinquish_alloc_permit; tcgen05.fence::before_thread_sync, bar.sync 0,
 *    tcgen05.fence::after_thread_sync; every thread reads the TMEM address from the slot.
 *  - the mmaf (lower_tcgen05_mma), thread 0 only: wait full[s] of A's and B's ring (parity of this
 *    iteration), tcgen05.fence::after_thread_sync, per k step (32 bytes of K) one
 *    tcgen05.mma.cta_group::1.kind::{f16,tf32,f8f6f4,i8} [tmem + column], A desc, B desc, idesc,
 *    enable-input-d (0 for the first k step of iteration 0: the accumulator starts at zero);
 *    tcgen05.commit → empty[s] of every ring whose last reader it is (the stage is free once these
 *    MMAs complete); then, from the second iteration on, the stages of iteration kt - 1 are
 *    refilled for kt - 1 + S (< n) after their empty phase completes — so one iteration of MMAs
 *    stays queued on the tensor core while thread 0 waits (the in-flight form of the wgmma path).
 *    An A or B staged from registers (hopper_plan.c plan_staging, 3 slots each) is written by every
 *    thread before thread 0's part, followed by fence.proxy.async and a CTA barrier; thread 0 then
 *    commits to order[kt % 2] and waits for iteration kt - 1's commit on order[(kt - 1) % 2]
 *    (parity ((kt - 1) / 2) & 1: two mbarriers, so the one waited for cannot be a phase ahead),
 *    so the slot rewritten after the next barrier is no longer read by any MMA.
 *    Descriptors: the wgmma geometry with the tcgen05 version bit (ct_tcgen05_desc_const); A is
 *    K-major over all 128 rows; B MN- or K-major (instruction-descriptor bit 16).
 *  - the loop's TMEM results (tcgen05_read_accumulators, on the loop's exit edge, which only a
 *    loop that ran reaches; one per mmaf when every mmaf of the loop keeps its accumulator in TMEM,
 *    each in its own columns): thread 0 commits → done (one commit tracks all its MMAs); every
 *    thread waits done (parity 0), tcgen05.fence::after_thread_sync, and warp w reads each from
 *    TMEM lanes 32(w % 4).. (the access restriction; all the loads before one wait::ld): M = 128 with tcgen05.ld.32x32b.xC (a row per lane, C <= 32 columns per load)
 *    from column column + (w / 4) × N / (warps / 4); M = 64 (data-path layout F: the warp's 16
 *    rows in lanes 32w..32w+15) with tcgen05.ld.16x256b.xC (the m16n8 C fragment per 8 columns,
 *    C <= 8) — the tcgen05 accumulator register layouts (ct_layout_tcgen05_acc);
 *    tcgen05.wait::ld is an asm the loaded registers pass through, so no use of them is scheduled
 *    before it. Zero trips skip the loop and take the zero initial value.
 *  - a loop whose initial accumulator is not a zero constant (plan acc_from_registers): before
 *    the loop every thread stores it into TMEM (tcgen05_store_accumulators: tcgen05.st, the ld's
 *    shapes and addresses), tcgen05.wait::st, fence::before_thread_sync and a CTA barrier; every
 *    MMA then accumulates (enable-input-d 1).
 *  - an f16 accumulator (f16/fp8 mmaf) is f32 in TMEM (instruction-descriptor D type F32): the
 *    initial value is widened before tcgen05.st and the read-back rounded to f16 once.
 *  - a loop nested in another (a persistent kernel's tile loop): the rings and the order mbarriers
 *    index iterations globally (lower_hopper_loop.c hopper_ring_pos), the r-th read-back waits
 *    for parity r & 1 of `done`, and the CTA barrier after the loop is fenced
 *    (tcgen05_fenced_barrier: fence::before_thread_sync, bar.sync, fence::after_thread_sync), so
 *    every thread's tcgen05.ld of this execution's accumulator precedes the next execution's MMAs.
 *  - an accumulator the loop rescales (plan tmem_rescaled: its C is acc x scale, attention's O,
 *    a GEMM with a decay): it stays in TMEM, its initial value stored before the loop (zero too);
 *    the mulf (lower_tcgen05_rescale) has every thread wait for the phase of the mmaf's done
 *    mbarrier that the previous iteration's commit completes, then per chunk of columns
 *    tcgen05.ld, wait::ld, multiply, tcgen05.st, then wait::st and fence::before_thread_sync; the
 *    next CTA barrier (P's staging barrier, else one before the MMAs) orders the stores before
 *    thread 0's MMAs, which accumulate (enable-input-d 1) and commit to done every iteration; after
 *    the loop every thread waits for the last iteration's phase and reads it back once.
 *  - the mmaf of a loop where some accumulator is neither kept nor rescaled (plan tmem_per_iter:
 *    attention's S = Q·Kᵀ): enable-input-d 0 at every iteration's first k
 *    step, thread 0 commits to the mmaf's own done mbarrier after its MMAs, and every thread waits
 *    for phase kt & 1 (read_back_per_iter), fence::after_thread_sync, reads the columns (the
 *    layout TileAS gave the result), adds a non-zero C in registers, and fence::before_thread_sync;
 *    the next CTA barrier (an operand's staging barrier in the loop, else one right there) orders
 *    the reads before thread 0 rewrites the columns. Its staged operands need one slot (its MMAs
 *    are complete before any thread leaves the iteration) and no order mbarriers.
 *  - before the kernel's return (tcgen05_at_return): tcgen05.fence::before_thread_sync, bar.sync
 *    0, warp 0: fence::after_thread_sync and tcgen05.dealloc.
 * Seed: 001 (TMEM accumulator, pool 4 tmem_columns). Knobs: TMEM_LD_MAX_REGS. */
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdlib.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"

#define TMEM_LD_MAX_REGS CT_TCGEN05_ACCESS_MAX_REGS /* registers per thread per tcgen05.ld (tileas/hopper_plan.h) */

static void fence_before(ct_bld *b) { bld_intr_void(b, "llvm.nvvm.tcgen05.fence.before.thread.sync", 0, NULL); }
static void fence_after(ct_bld *b) { bld_intr_void(b, "llvm.nvvm.tcgen05.fence.after.thread.sync", 0, NULL); }
static MlirValue is_warp0(ct_lower *L) { return bld_icmp(&L->b, BLD_ULT, L->tid, bld_i32(&L->b, 32)); }

/* The !llvm.ptr<6> of TMEM address base + offset (i32: lane << 16 | column). */
static MlirValue tmem_ptr(ct_lower *L, MlirValue off) {
  ct_bld *b = &L->b;
  return bld_cast(b, "llvm.inttoptr", bld_add(b, L->hopper_emit->tmem, off), mlirLLVMPointerTypeGet(b->ctx, 6));
}

void tcgen05_kernel_prologue(ct_lower *L) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirValue slot = hopper_ring_ptr(L, bld_i32(b, (int32_t)p->mmas[0].tmem.slot));
  MlirBlock join = hopper_open_if(L, is_warp0(L));
  MlirValue a[2] = {slot, bld_i32(b, (int32_t)p->mmas[0].tmem.columns)};
  bld_intr_void(b, "llvm.nvvm.tcgen05.alloc.shared.cg1", 2, a);
  bld_intr_void(b, "llvm.nvvm.tcgen05.relinq.alloc.permit.cg1", 0, NULL);
  hopper_close_if(L, join);
  fence_before(b);
  bld_barrier(b);
  fence_after(b);
  L->hopper_emit->tmem = bld_load(b, b->i32, slot, 4);
}

void tcgen05_at_return(ct_lower *L) {
  const ct_hopper_plan *p = L->hopper;
  if (!p || !p->tcgen05) return;
  ct_bld *b = &L->b;
  fence_before(b);
  bld_barrier(b);
  MlirBlock join = hopper_open_if(L, is_warp0(L));
  fence_after(b);
  MlirValue d[2] = {tmem_ptr(L, bld_i32(b, 0)), bld_i32(b, (int32_t)p->mmas[0].tmem.columns)};
  bld_intr_void(b, "llvm.nvvm.tcgen05.dealloc.cg1", 2, d);
  hopper_close_if(L, join);
}

bool hopper_acc_in_tmem(ct_lower *L) {
  const ct_hopper_plan *p = L->hopper;
  return p && p->tcgen05;
}

/* tcgen05.commit of thread 0's MMAs so far to the mbarrier at `bar`. */
static void commit(ct_bld *b, MlirValue bar) { bld_intr_void(b, "llvm.nvvm.tcgen05.commit.shared.cg1", 1, &bar); }

static int read_back_per_iter(ct_lower *L, MlirOperation op, const ct_hopper_mma *mm);

int lower_tcgen05_mma(ct_lower *L, MlirOperation op, int idx) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  const ct_hopper_mma *mm = &p->mmas[idx];
  const ct_hopper_pipe *pa = mm->a_staged ? NULL : &p->pipes[mm->a_pipe], *pb = mm->b_staged ? NULL : &p->pipes[mm->b_pipe];
  const ct_wgmma_operand_geom *ag = pa ? &pa->geom : &mm->a_geom, *bg = pb ? &pb->geom : &mm->b_geom;
  MlirValue kt = L->hopper_emit->kt;
  /* operands staged from registers: every thread writes this iteration's slots first ([M,K]: K is
   * A's dim 1; [K,N]: B's dim 0), then fence.proxy.async and a CTA barrier */
  MlirValue aaddr = {NULL}, baddr = {NULL};
  /* (a thread's run of consecutive K as one store of up to 16 bytes, as on wgmma: ptxas 13.0 fits
   * them without spills under the kernel's .maxnreg, lower_kernel.c) */
  if (!pa && mlirValueIsNull(aaddr = hopper_stage_operand(L, op, 0, 1, mm->a_slots, mm->a_stage_off, mm->a_slot_bytes, ag)))
    return LOWER_FAILED;
  if (!pb && mlirValueIsNull(baddr = hopper_stage_operand(L, op, 1, 0, mm->b_slots, mm->b_stage_off, mm->b_slot_bytes, bg)))
    return LOWER_FAILED;
  if (!pa || !pb) hopper_staged_to_async(b);
  if (!pa) aaddr = bld_add(b, L->hopper_emit->base32, aaddr);
  if (!pb) baddr = bld_add(b, L->hopper_emit->base32, baddr);
  /* a rescaled accumulator: every thread's tcgen05.st (fenced by lower_tcgen05_rescale) precede
   * the MMAs through a CTA barrier (the staging barrier of an operand staged from registers) */
  if (mm->tmem_rescaled && pa && pb) bld_barrier(b);
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  const ct_hopper_pipe *operands[2] = {pa, pb};
  for (int i = 0; i < 2; i++)
    if (operands[i] && operands[i]->in_loop && (i == 0 || pb != pa))
      hopper_spin_wait(L, hopper_bar_ptr(L, operands[i]->full_off, hopper_stage_of(L, operands[i])),
                       hopper_phase_of(L, operands[i]));
  fence_after(b);
  MlirValue da0 = hopper_desc_at(b, pa ? hopper_stage_addr(L, pa) : aaddr, ct_tcgen05_desc_const(ag->swizzle, ag->lbo, ag->sbo));
  MlirValue db0 = hopper_desc_at(b, pb ? hopper_stage_addr(L, pb) : baddr, ct_tcgen05_desc_const(bg->swizzle, bg->lbo, bg->sbo));
  uint32_t idesc = ct_tcgen05_idesc(mm->elem, mm->acc_elem == CT_F16 ? CT_F32 : mm->acc_elem, /* f16: f32 in TMEM */ mm->a_unsigned, mm->b_unsigned, false,
                                    pb && pb->role == CT_PIPE_B_MN, mm->m, mm->n);
  MlirValue yes = bld_const_int(b, b->i1, 1);
  /* iteration 0's first k step starts from zero, unless the initial value was stored into TMEM (an
   * accumulator read back every iteration: every iteration's first k step) */
  MlirValue accumulate = mm->acc_from_registers ? yes
                         : mm->tmem_per_iter    ? bld_const_int(b, b->i1, 0)
                                                : bld_icmp(b, BLD_NE, kt, bld_i32(b, 0));
  int nk = (int)(mm->k / ct_wgmma_kstep_elems(mm->elem));
  /* a batched mmaf: batch bb's MMAs read its slabs (box_bytes apart) into columns bb × N.. */
  for (int64_t bb = 0; bb < mm->batch; bb++) {
    MlirValue d = tmem_ptr(L, bld_i32(b, (int32_t)(mm->tmem.column + bb * mm->n)));
    for (int kk = 0; kk < nk; kk++) {
      int64_t ao = ct_wgmma_kstep_offset(ag, kk, 0) + bb * ag->box_bytes, bo = ct_wgmma_kstep_offset(bg, kk, 0) + bb * bg->box_bytes;
      MlirValue ops[8] = {d,
                          ao ? bld_add(b, da0, bld_i64(b, ao >> 4)) : da0,
                          bo ? bld_add(b, db0, bld_i64(b, bo >> 4)) : db0,
                          bld_i32(b, (int32_t)idesc),
                          kk ? yes : accumulate,
                          bld_i32(b, ct_tcgen05_kind(mm->elem)),
                          bld_i32(b, 1), /* cta_group::1 */
                          bld_i32(b, 0)}; /* collector::a::discard */
      bld_intr_void(b, "llvm.nvvm.tcgen05.mma.shared", 8, ops);
    }
  }
  /* the stages these MMAs read are free once they complete: one commit per released ring */
  bool any = false;
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop || !mlirOperationEqual(o->last_use, op)) continue;
    commit(b, hopper_bar_ptr(L, o->empty_off, hopper_stage_of(L, o)));
    any = true;
  }
  if (mm->tmem_per_iter || mm->tmem_rescaled) /* the accumulator is ready (rescaled: for the next rescale) */
    commit(b, hopper_ring_ptr(L, bld_i32(b, (int32_t)mm->tmem.done)));
  if (any && !p->ws) { /* refill iteration kt - 1's stages for kt - 1 + S once its MMAs are done (warp-specialised: the producer) */
    MlirBlock has_prev = hopper_open_if(L, bld_icmp(b, BLD_SGT, kt, bld_i32(b, 0)));
    MlirValue rel = bld_sub(b, kt, bld_i32(b, 1));
    for (int i = 0; i < p->npipes; i++) {
      const ct_hopper_pipe *o = &p->pipes[i];
      if (!o->in_loop || !mlirOperationEqual(o->last_use, op)) continue;
      MlirValue stage, parity;
      hopper_ring_pos(L, o, rel, &stage, &parity);
      hopper_refill(L, o, rel, stage, parity);
    }
    hopper_close_if(L, has_prev);
  }
  if (mm->tmem.order >= 0) { /* staged operands: commit to order[g % 2], wait for iteration g - 1's (g: the
                               * global index, for a nested loop; the previous execution's last commit needs no wait) */
    MlirValue two = bld_i32(b, 2);
    MlirValue g = hopper_global_iter(L, kt);
    commit(b, hopper_bar_ptr(L, mm->tmem.order, bld_bin(b, "llvm.urem", g, two)));
    MlirBlock has_prev = hopper_open_if(L, bld_icmp(b, BLD_SGT, kt, bld_i32(b, 0)));
    MlirValue prev = bld_sub(b, g, bld_i32(b, 1));
    hopper_spin_wait(L, hopper_bar_ptr(L, mm->tmem.order, bld_bin(b, "llvm.urem", prev, two)),
                     bld_and(b, bld_bin(b, "llvm.udiv", prev, two), bld_i32(b, 1)));
    hopper_close_if(L, has_prev);
  }
  hopper_close_if(L, join);
  hopper_warp_sync(b);
  if (mm->tmem_per_iter) return read_back_per_iter(L, op, mm);
  /* the accumulator stays in TMEM: its value in the loop is a token (read back after the loop) */
  lv_bind(L, mlirOperationGetResult(op, 0), lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

/* This thread's part of the accumulator in TMEM, per ct_layout_tcgen05_acc: M = 128, 32x32b, a
 * register per column of the thread's row, its warp's column group w / 4; M = 64, 16x256b, 4
 * registers per 8 columns (the m16n8 C fragment), all N columns. The warp's lanes are 32(w % 4)..
 * (the access restriction). `base`: the TMEM address of its first column; `per`: registers per
 * tcgen05.ld/st; `shape`: the instruction shape. A batched accumulator: batch b's batch_regs
 * registers read columns b × n.. the same way. */
typedef struct tmem_fragment {
  MlirValue base;
  int per, batch_regs;
  int64_t n;
  bool m64;
} tmem_fragment;

static bool tmem_fragment_of(ct_lower *L, MlirOperation at, const ct_hopper_mma *mm, const ct_layout *layout, int nregs,
                             tmem_fragment *f) {
  ct_bld *b = &L->b;
  ct_layout want;
  if (!hopper_mma_acc_layout(&want, mm, true, L->nwarps) || layout_intern(L, &want) != layout) {
    ct_error_op(L->c, at, "the %s layout (tileas.reg_layout%s) is not the tcgen05.ld layout of %d warps (TileAS assigns it: "
                "ct_layout_tcgen05_acc)", mm->tmem_per_iter ? "mmaf result's" : "loop-carried accumulator's",
                mm->tmem_per_iter ? "" : "s", L->nwarps);
    return false;
  }
  MlirValue warp = bld_lshr(b, L->tid, bld_i32(b, 5));
  MlirValue lane_base = bld_shl(b, bld_and(b, warp, bld_i32(b, 3)), bld_i32(b, 5 + 16)); /* 32 (w % 4) << 16 */
  f->base = bld_add(b, lane_base, bld_i32(b, (int32_t)mm->tmem.column));
  f->m64 = mm->m == 64;
  f->batch_regs = nregs / (int)mm->batch; /* a batched accumulator: batch b's registers, then b + 1's */
  f->n = mm->n;
  if (!f->m64) f->base = bld_add(b, f->base, bld_mul(b, bld_lshr(b, warp, bld_i32(b, 2)), bld_i32(b, f->batch_regs)));
  f->per = f->batch_regs < TMEM_LD_MAX_REGS ? f->batch_regs : TMEM_LD_MAX_REGS;
  return true;
}

/* The intrinsic of tcgen05.<op> (ld / st) for one chunk of f, and the chunk's TMEM pointer. */
static void tmem_intrinsic(const tmem_fragment *f, const char *op, char *buf, size_t cap) {
  snprintf(buf, cap, "llvm.nvvm.tcgen05.%s.%s.x%d", op, f->m64 ? "16x256b" : "32x32b", f->m64 ? f->per / 4 : f->per);
}
static MlirValue tmem_chunk_ptr(ct_lower *L, const tmem_fragment *f, int r0) {
  int64_t bb = r0 / f->batch_regs, r = r0 % f->batch_regs; /* (a chunk never straddles two batches) */
  return tmem_ptr(L, bld_add(&L->b, f->base, bld_i32(&L->b, (int32_t)(bb * f->n + (f->m64 ? r / 4 * 8 : r)))));
}

/* One tcgen05.ld (`name`) of f's chunk at register r0 into raw[0..f->per) (i32, valid only after a
 * tcgen05.wait::ld they pass through), and one tcgen05.st (`name`) of i32 words w[0..f->per). */
static void tmem_ld_chunk(ct_lower *L, const tmem_fragment *f, const char *name, int r0, MlirValue *raw) {
  ct_bld *b = &L->b;
  int64_t shape = f->per;
  MlirValue ops[2] = {tmem_chunk_ptr(L, f, r0), bld_const_int(b, b->i1, 0)};
  MlirValue v = bld_intr(b, name, mlirVectorTypeGet(1, &shape, b->i32), 2, ops);
  for (int i = 0; i < f->per; i++) {
    MlirValue e[2] = {v, bld_i32(b, i)};
    raw[i] = bld_op1(b, "llvm.extractelement", b->i32, 2, e, 0, NULL);
  }
}
static void tmem_st_chunk(ct_lower *L, const tmem_fragment *f, const char *name, int r0, const MlirValue *w) {
  ct_bld *b = &L->b;
  int64_t shape = f->per;
  MlirType vt = mlirVectorTypeGet(1, &shape, b->i32);
  MlirValue v = bld_undef(b, vt);
  for (int i = 0; i < f->per; i++) {
    MlirValue e[3] = {v, w[i], bld_i32(b, i)};
    v = bld_op1(b, "llvm.insertelement", vt, 3, e, 0, NULL);
  }
  MlirValue ops[3] = {tmem_chunk_ptr(L, f, r0), v, bld_const_int(b, b->i1, 0)};
  bld_intr_void(b, name, 3, ops);
}

void tcgen05_fenced_barrier(ct_lower *L) {
  fence_before(&L->b);
  bld_barrier(&L->b);
  fence_after(&L->b);
}

bool tcgen05_store_accumulators(ct_lower *L, MlirOperation loop, int n, const int *mmas, ct_lv *const *inits) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  bool any = false;
  for (int k = 0; k < n; k++) {
    const ct_lv *init = inits[k];
    const ct_hopper_mma *mm = &p->mmas[mmas[k]];
    if (!mm->acc_from_registers) continue;
    tmem_fragment f;
    if (!tmem_fragment_of(L, loop, mm, init->layout, init->nregs, &f)) return false;
    char name[64];
    tmem_intrinsic(&f, "st", name, sizeof name);
    MlirValue w[TMEM_LD_MAX_REGS];
    for (int r0 = 0; r0 < init->nregs; r0 += f.per) {
      for (int i = 0; i < f.per; i++) {
        MlirValue x = init->regs[r0 + i];
        if (mlirTypeEqual(mlirValueGetType(x), b->f16)) x = bld_cast(b, "llvm.fpext", x, b->f32); /* TMEM holds f32 */
        w[i] = mlirTypeEqual(mlirValueGetType(x), b->i32) ? x : bld_bitcast(b, x, b->i32);
      }
      tmem_st_chunk(L, &f, name, r0, w);
    }
    any = true;
  }
  if (!any) return true;
  /* the stores have landed before the MMA thread (after this barrier and its fence::after) reads them */
  bld_intr_void(b, "llvm.nvvm.tcgen05.wait.st", 0, NULL);
  fence_before(b);
  bld_barrier(b);
  return true;
}

/* Every thread's tcgen05.ld of fragments f[0..n) into res[0..n) (tiles of t[i]'s element type),
 * the registers of all passed through one tcgen05.wait::ld. */
static void tmem_read(ct_lower *L, int n, const tmem_fragment *f, const ct_type *const *t, ct_lv **res) {
  ct_bld *b = &L->b;
  int total = 0;
  for (int k = 0; k < n; k++) total += res[k]->nregs;
  MlirValue *raw = malloc((size_t)total * sizeof *raw + 1);
  if (!raw) abort();
  for (int k = 0, at = 0; k < n; at += res[k]->nregs, k++) {
    char name[64];
    tmem_intrinsic(&f[k], "ld", name, sizeof name);
    for (int r0 = 0; r0 < res[k]->nregs; r0 += f[k].per) tmem_ld_chunk(L, &f[k], name, r0, raw + at + r0);
  }
  /* registers are valid after tcgen05.wait::ld: they pass through it */
  hopper_through_asm(b, "tcgen05.wait::ld.sync.aligned;", "llvm.nvvm.tcgen05.wait.ld", -1, raw, total, NULL, 0);
  for (int k = 0, at = 0; k < n; at += res[k]->nregs, k++) {
    MlirType et = elem_llvm_type(L, t[k]->elem);
    for (int i = 0; i < res[k]->nregs; i++) {
      MlirValue x = raw[at + i];
      if (mlirTypeEqual(et, b->i32)) res[k]->regs[i] = x;
      else if (mlirTypeEqual(et, b->f16)) /* an f16 accumulator is f32 in TMEM: rounded once, here */
        res[k]->regs[i] = bld_cast(b, "llvm.fptrunc", bld_bitcast(b, x, b->f32), b->f16);
      else res[k]->regs[i] = bld_bitcast(b, x, et);
    }
  }
  free(raw);
}

bool tcgen05_read_accumulators(ct_lower *L, MlirOperation loop, int n, const int *mmas, ct_lv **out,
                               const ct_type *const *types, const ct_layout *const *layouts) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  tmem_fragment f[CT_HOPPER_MAX_MMAS];
  bool ok = n <= p->nmmas;
  for (int k = 0; k < n; k++) {
    out[k] = lv_new_tile(L, types[k], layouts[k]);
    if (ok && !tmem_fragment_of(L, loop, &p->mmas[mmas[k]], layouts[k], out[k]->nregs, &f[k])) ok = false;
  }
  if (!ok) {
    for (int k = 0; k < n; k++)
      for (int i = 0; i < out[k]->nregs; i++) out[k]->regs[i] = bld_undef(b, elem_llvm_type(L, types[k]->elem));
    return false;
  }
  if (p->mmas[mmas[0]].tmem_rescaled) {
    /* (its loop's other mmaf are read back every iteration:) thread 0 has committed each one's
     * MMAs to its done mbarrier every iteration; the last iteration's phase completes last */
    MlirValue last = hopper_global_iter(L, bld_sub(b, L->hopper_emit->trip, bld_i32(b, 1)));
    for (int k = 0; k < n; k++)
      hopper_spin_wait(L, hopper_ring_ptr(L, bld_i32(b, (int32_t)p->mmas[mmas[k]].tmem.done)), bld_and(b, last, bld_i32(b, 1)));
    fence_after(b);
    tmem_read(L, n, f, types, out);
    return true;
  }
  /* one commit tracks all of thread 0's MMAs so far: every accumulator is ready at its phase */
  MlirValue done = hopper_ring_ptr(L, bld_i32(b, (int32_t)p->mmas[mmas[0]].tmem.done));
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  commit(b, done);
  hopper_close_if(L, join);
  hopper_warp_sync(b);
  /* phase r of `done` is the r-th read-back (a nested loop reads one back per execution that ran) */
  MlirValue parity = bld_i32(b, 0);
  if (p->nested) {
    MlirValue at = hopper_ring_state_ptr(L, 1);
    MlirValue r = bld_load(b, b->i32, at, 4);
    parity = bld_and(b, r, bld_i32(b, 1));
    bld_store(b, bld_add(b, r, bld_i32(b, 1)), at, 4);
  }
  hopper_spin_wait(L, done, parity);
  fence_after(b);
  tmem_read(L, n, f, types, out);
  return true;
}

int tcgen05_rescale_of(const ct_hopper_plan *p, MlirOperation op) {
  for (int k = 0; p && p->tcgen05 && k < p->nmmas; k++)
    if (p->mmas[k].tmem_rescaled && mlirOperationEqual(p->mmas[k].rescale, op)) return k;
  return -1;
}

/* The accumulator of mmaf idx, kept in TMEM across iterations, times the scale (hopper_plan.h
 * tmem_rescaled), in place. Every thread waits for the phase of the mmaf's done mbarrier that
 * thread 0's commit after the previous iteration's MMAs completes (global iteration g - 1: at the
 * first iteration the phase before the first, complete already; the initial value was stored
 * before the loop, after the previous execution's read-back), tcgen05.fence::after_thread_sync,
 * then per chunk of at most TMEM_LD_MAX_REGS registers: tcgen05.ld, tcgen05.wait::ld, multiply,
 * tcgen05.st — so the accumulator is never whole in registers. tcgen05.wait::st and
 * fence::before_thread_sync end it; the CTA barrier before the mmaf's MMAs orders the stores
 * before them. */
int lower_tcgen05_rescale(ct_lower *L, MlirOperation op, int idx) {
  ct_bld *b = &L->b;
  const ct_hopper_mma *mm = &L->hopper->mmas[idx];
  ct_layout al;
  if (!hopper_mma_acc_layout(&al, mm, true, L->nwarps)) {
    ct_error_op(L->c, op, "internal error: no tcgen05 accumulator layout");
    return LOWER_FAILED;
  }
  const ct_layout *acc_layout = layout_intern(L, &al);
  ct_lv *s = lv_get(L, op, mm->rescale_scale);
  if (!s || !(s = lv_require(L, op, mm->rescale_scale, s, acc_layout))) return LOWER_FAILED;
  tmem_fragment f;
  if (!tmem_fragment_of(L, op, mm, acc_layout, s->nregs, &f)) return LOWER_FAILED;
  MlirValue prev = bld_sub(b, hopper_global_iter(L, L->hopper_emit->kt), bld_i32(b, 1));
  hopper_spin_wait(L, hopper_ring_ptr(L, bld_i32(b, (int32_t)mm->tmem.done)), bld_and(b, prev, bld_i32(b, 1)));
  fence_after(b);
  char ld[64], st[64];
  tmem_intrinsic(&f, "ld", ld, sizeof ld);
  tmem_intrinsic(&f, "st", st, sizeof st);
  MlirValue raw[TMEM_LD_MAX_REGS];
  for (int r0 = 0; r0 < s->nregs; r0 += f.per) {
    tmem_ld_chunk(L, &f, ld, r0, raw);
    hopper_through_asm(b, "tcgen05.wait::ld.sync.aligned;", "llvm.nvvm.tcgen05.wait.ld", -1, raw, f.per, NULL, 0);
    for (int i = 0; i < f.per; i++) raw[i] = bld_bitcast(b, bld_bin(b, "llvm.fmul", bld_bitcast(b, raw[i], b->f32), s->regs[r0 + i]), b->i32);
    tmem_st_chunk(L, &f, st, r0, raw);
  }
  bld_intr_void(b, "llvm.nvvm.tcgen05.wait.st", 0, NULL);
  fence_before(b);
  lv_bind(L, mlirOperationGetResult(op, 0), lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

/* An accumulator read back every iteration (hopper_plan.h tmem_per_iter): every thread waits for
 * this iteration's phase of its done mbarrier, tcgen05.fence::after_thread_sync, reads it (the
 * tcgen05.ld layout, which TileAS gave the mmaf's result) and adds a non-zero C in registers.
 * tcgen05.fence::before_thread_sync then orders the reads before the next CTA barrier, after which
 * thread 0 rewrites the columns: the staging barrier of an operand staged from registers in the
 * loop (one per iteration, before that mmaf's MMAs: between any read-back and the next iteration's
 * MMAs of the same mmaf), else a CTA barrier here. */
static int read_back_per_iter(ct_lower *L, MlirOperation op, const ct_hopper_mma *mm) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  ct_type ct;
  ct_layout al;
  if (!result_type(L, op, 0, &ct)) return LOWER_FAILED;
  if (!hopper_mma_acc_layout(&al, mm, true, L->nwarps)) {
    ct_error_op(L->c, op, "internal error: no tcgen05 accumulator layout");
    return LOWER_FAILED;
  }
  const ct_layout *acc_layout = layout_intern(L, &al), *chosen;
  int r = reg_layout_read(L, op, &ct, &chosen);
  if (r < 0) return LOWER_FAILED;
  ct_lv *res = lv_new_tile(L, &ct, r > 0 ? chosen : acc_layout);
  tmem_fragment f;
  if (!tmem_fragment_of(L, op, mm, res->layout, res->nregs, &f)) return LOWER_FAILED;
  MlirValue g = hopper_global_iter(L, L->hopper_emit->kt);
  hopper_spin_wait(L, hopper_ring_ptr(L, bld_i32(b, (int32_t)mm->tmem.done)), bld_and(b, g, bld_i32(b, 1)));
  fence_after(b);
  const ct_type *cts = &ct;
  tmem_read(L, 1, &f, &cts, &res);
  fence_before(b);
  bool staged = false;
  for (int k = 0; k < p->nmmas; k++) staged |= p->mmas[k].a_staged || p->mmas[k].b_staged;
  if (!staged) bld_barrier(b);
  ct_lv *c = lv_get(L, op, 2);
  if (!c || !(c = lv_require(L, op, 2, c, res->layout))) return LOWER_FAILED;
  bool fp = ct_elem_is_float(ct.elem);
  for (int i = 0; i < res->nregs; i++) /* (a zero C, e.g. S = Q·Kᵀ from a zero constant, adds nothing) */
    if (!hopper_is_zero_const(c->regs[i])) res->regs[i] = bld_bin(b, fp ? "llvm.fadd" : "llvm.add", c->regs[i], res->regs[i]);
  lv_bind(L, mlirOperationGetResult(op, 0), res);
  return LOWER_DONE;
}

/* lower_hopper_loop: emits the planned Hopper kernel (tileas/hopper_plan.c): TMA pipes on mbarrier
 * rings feeding wgmma.mma_async, inside an otherwise ordinary loop (non-warp-specialised: all
 * 128 × W threads compute, thread 0 also issues the copies).
 * Algorithm (op sequence of the verified ptx_ground_truth_files/gen_sm90.py, §3.1, §5.3):
 *  - kernel start (hopper_kernel_prologue): SMEM = one buffer rounded up to 1024 B at run time;
 *    each pipe's stages, then its mbarriers. Thread 0: mbarrier.init full[s] = 1 and, for ring
 *    pipes, empty[s] = 128 × W; fence.mbarrier_init.release.cluster; under the self-contained ABI
 *    warp 0 then builds the tensor maps (lower_device_tmap.c); bar.sync 0. Every other
 *    shared-memory user of the kernel (reductions, layout conversions) is placed after this region
 *    (ct_lower.smem_reserved).
 *  - a pipe load before the loop: thread 0 arrive.expect_tx(full[0], bytes) + its TMA boxes
 *    (cp.async.bulk.tensor.2d, or .3d/.4d for a 3-D/4-D view read through a unit-dim reshape,
 *    coordinates innermost first); all threads wait once, before the loop.
 *  - loop entry (hopper_loop_begin): trip count n; thread 0 fills stage j of every ring for
 *    j < min(S, n), in a run-time loop (code size independent of S). Body start (hopper_loop_body_begin): kt = (iv - lb) / step, per ring
 *    s = kt % S, ph = (kt / S) & 1.
 *  - a ring load in the body: every thread spins on try_wait.parity(full[s], ph); the tile stays
 *    in SMEM (no registers); `permute [1,0]` of it only flips the descriptor to K-major B, and a
 *    reshape dropping a 3-D/4-D view tile's leading unit dims emits nothing.
 *  - mmaf/mmai: wgmma.fence (an asm through which the accumulator and register-A values pass, so
 *    that nothing writing them lands between the fence and the wgmmas); per k step (32 bytes of
 *    K: k16 of f16/bf16, k8 of tf32, k32 of e4m3/e5m2/s8/u8) one m64nNkK wgmma with the
 *    kind's operand list (scale-d 0 for a known-zero accumulator): A from a K-major descriptor (the
 *    warpgroup's 64 rows) or from registers (the tile converted to the accumulator-shaped
 *    fragment layout, two f16/bf16 per .b32 — wgmma's register-A layout), B from an MN-major
 *    (imm-trans-b 1) or K-major (imm-trans-b 0) descriptor; the accumulator is the tile C in the
 *    wgmma D-fragment layout (ct_layout_wgmma_frag); commit_group; wait_group 0. Then every ring
 *    whose last reader this mmaf is is released: arrive(empty[s]) by every thread, and thread 0
 *    refills stage s for iteration kt + S (< n) after try_wait.parity(empty[s], ph);
 *    bar.warp.sync re-converges its warp before the next .aligned op. When the plan keeps the
 *    group in flight (hopper_plan.c plan_in_flight: a GEMM main loop), wait_group 1 instead, and
 *    the stages released (from the second iteration on) are iteration kt - 1's, refilled for
 *    kt - 1 + S; the loop is guarded so that zero trips skip it, and its exit edge waits for the
 *    last group (wait_group 0, the accumulator passed through: hopper_wait_in_flight).
 *  - the other ops of the body (softmax, rescaling, ...) are lowered as anywhere else, on the
 *    accumulator layout; after the loop bar.sync 0 (the SMEM may be reused by the epilogue).
 *  - a loop nested in control flow (plan->nested: a persistent kernel's K loop inside its tile
 *    loop, or a loop in an `if`): the mbarriers are initialised once, and the rings run on across the loop's executions —
 *    stage and parity of iteration kt are those of its global index base + kt (hopper_ring_pos),
 *    base being the trips of the earlier executions (an i32 every thread keeps, in an alloca SROA
 *    promotes, updated after the loop); the fills at the loop's start need no empty wait (the
 *    previous execution's reads completed before its exit), and an in-flight group's last stages
 *    are released on the exit edge, so that every use of a stage completes one empty phase.
 * Seed: 001. Knobs: SMEM_ALIGN (swizzle-pattern repeat of 128B swizzle). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"

#define SMEM_ALIGN CT_SMEM_RING_SLACK /* the ring base's run-time alignment (128B swizzle repeat) */

/* The accumulator layout of planned mmaf mm (wgmma's D fragment, or the tcgen05.ld layout): a
 * batched one's batch bits sit above the 2-D layout's registers, so batch b's registers are the
 * b-th 1/batch of them. */
bool hopper_mma_acc_layout(ct_layout *out, const ct_hopper_mma *mm, bool tcgen05, int nwarps) {
  if (tcgen05) {
    ct_type acc = {.kind = CT_TYPE_TILE, .rank = mm->batch > 1 ? 3 : 2};
    int64_t *sh = acc.shape;
    if (mm->batch > 1) *sh++ = mm->batch;
    sh[0] = mm->m, sh[1] = mm->n;
    return ct_layout_tcgen05_acc_of(out, &acc, nwarps);
  }
  return ct_layout_wgmma_frag(out, mm->batch, mm->m, mm->n, nwarps);
}

void hopper_warp_sync(ct_bld *b) {
  MlirValue all = bld_i32(b, -1);
  bld_intr_void(b, "llvm.nvvm.bar.warp.sync", 1, &all);
}

MlirValue hopper_ring_ptr(ct_lower *L, MlirValue off) {
  return bld_gep(&L->b, L->hopper_emit->raw, bld_add(&L->b, L->hopper_emit->pad, off), L->b.i8);
}

/* Pipe o's ring stage and mbarrier parity in this iteration (i32; hopper_loop_body_begin). */
MlirValue hopper_stage_of(ct_lower *L, const ct_hopper_pipe *o) { return L->hopper_emit->stage[o - L->hopper->pipes]; }
MlirValue hopper_phase_of(ct_lower *L, const ct_hopper_pipe *o) { return L->hopper_emit->phase[o - L->hopper->pipes]; }

MlirValue hopper_global_iter(ct_lower *L, MlirValue j) {
  return L->hopper->nested ? bld_add(&L->b, L->hopper_emit->base, j) : j;
}

/* Pipe o's stage and mbarrier parity at iteration j (i32, 0-based in this execution of the loop):
 * of its global index base + j, so that a nested loop's rings run on across its executions. */
void hopper_ring_pos(ct_lower *L, const ct_hopper_pipe *o, MlirValue j, MlirValue *stage, MlirValue *parity) {
  ct_bld *b = &L->b;
  MlirValue g = hopper_global_iter(L, j);
  MlirValue cS = bld_i32(b, o->stages);
  *stage = bld_bin(b, "llvm.urem", g, cS);
  if (parity) *parity = bld_and(b, bld_bin(b, "llvm.udiv", g, cS), bld_i32(b, 1));
}

/* Word `which` of a nested loop's ring state (hopper_emit.ring_state). */
MlirValue hopper_ring_state_ptr(ct_lower *L, int which) {
  return bld_gep(&L->b, L->hopper_emit->ring_state, bld_i32(&L->b, L->hopper->ring_word + which), L->b.i32);
}

MlirValue hopper_bar_ptr(ct_lower *L, int64_t which_off, MlirValue stage) {
  ct_bld *b = &L->b;
  return hopper_ring_ptr(L, bld_add(b, bld_i32(b, which_off), bld_mul(b, stage, bld_i32(b, 8))));
}

/* Spin until the phase of `bar` with parity `parity` has completed. */
void hopper_spin_wait(ct_lower *L, MlirValue bar, MlirValue parity) {
  ct_bld *b = &L->b;
  MlirBlock wait = lower_new_block(L), done = lower_new_block(L);
  bld_br(b, wait, 0, NULL);
  b->block = wait;
  MlirValue ops[2] = {bar, parity};
  MlirValue ok = bld_intr(b, "llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta", b->i1, 2, ops);
  bld_cond_br(b, ok, done, 0, NULL, wait, 0, NULL);
  b->block = done;
}

MlirBlock hopper_open_if(ct_lower *L, MlirValue cond) {
  MlirBlock then_blk = lower_new_block(L), join = lower_new_block(L);
  bld_cond_br(&L->b, cond, then_blk, 0, NULL, join, 0, NULL);
  L->b.block = then_blk;
  return join;
}
void hopper_close_if(ct_lower *L, MlirBlock join) {
  bld_br(&L->b, join, 0, NULL);
  L->b.block = join;
}

MlirValue hopper_is_thread0(ct_lower *L) { return bld_icmp(&L->b, BLD_EQ, L->tid, bld_i32(&L->b, 0)); }

void hopper_kernel_prologue(ct_lower *L) {
  ct_bld *b = &L->b;
  ct_hopper_plan *p = L->hopper;
  ct_hopper_emit *E = L->hopper_emit;
  /* every later SMEM user goes after the ring, 16-aligned like every smem_base region (the
   * mbarriers can end on 8 mod 16) */
  int64_t staging = (p->smem_bytes + 127) / 128 * 128; /* (device-built tensor maps: 128-aligned) */
  int64_t dev_tmaps = device_tmaps_smem_bytes(L);
  int64_t reserved = ((dev_tmaps ? staging + dev_tmaps : p->smem_bytes) + SMEM_ALIGN + 15) / 16 * 16;
  E->raw = smem_base(L, reserved);
  L->smem_reserved = reserved;
  E->ring_state = (MlirValue){NULL};
  bool any_nested = p->nested;
  for (int l = 0; l < p->nloops && p->nloops > 1; l++) any_nested |= p->loop_nested[l];
  if (any_nested) { /* the counters start at 0 (every thread keeps its own, uniform, copy); two per loop */
    int words = p->nloops > 1 ? 2 * p->nloops : 2;
    E->ring_state = bld_entry_alloca(b, mlirRegionGetFirstBlock(L->fn_region), b->i32, words, 4);
    for (int i = 0; i < words; i++) bld_store(b, bld_i32(b, 0), hopper_ring_state_ptr(L, i), 4);
  }
  MlirValue raw32 = bld_cast(b, "llvm.trunc", bld_cast(b, "llvm.ptrtoint", E->raw, b->i64), b->i32);
  E->base32 = bld_and(b, bld_add(b, raw32, bld_i32(b, SMEM_ALIGN - 1)), bld_i32(b, -SMEM_ALIGN));
  E->pad = bld_sub(b, E->base32, raw32);
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    for (int s = 0; s < o->stages; s++) {
      MlirValue f[2] = {hopper_bar_ptr(L, o->full_off, bld_i32(b, s)), bld_i32(b, (int32_t)o->full_arrivals)};
      bld_intr_void(b, "llvm.nvvm.mbarrier.init.shared", 2, f);
      if (!o->in_loop) continue;
      MlirValue e[2] = {hopper_bar_ptr(L, o->empty_off, bld_i32(b, s)), bld_i32(b, (int32_t)o->empty_arrivals)};
      bld_intr_void(b, "llvm.nvvm.mbarrier.init.shared", 2, e);
    }
  }
  for (int k = 0; k < p->nmmas && p->tcgen05; k++) { /* each accumulator-ready mbarrier, and the 2 that order staged operands' slots */
    const ct_tileas_tmem *t = &p->mmas[k].tmem;
    for (int i = 0; i < (t->order >= 0 ? 3 : 1); i++) {
      int64_t off = i == 0 ? t->done : t->order + 8 * (i - 1);
      MlirValue d[2] = {hopper_ring_ptr(L, bld_i32(b, (int32_t)off)), bld_i32(b, 1)};
      bld_intr_void(b, "llvm.nvvm.mbarrier.init.shared", 2, d);
    }
  }
  bld_intr_void(b, "llvm.nvvm.fence.mbarrier_init.release.cluster", 0, NULL);
  hopper_close_if(L, join);
  device_tmaps_prologue(L, staging);
  if (p->tcgen05) tcgen05_kernel_prologue(L); /* TMEM allocation, and the CTA barrier */
  else bld_barrier(b);
}

/* Tile index (i32) of tileas.produce operand `opnd` (2 = outer dim, 3 = inner) of pipe o; ring pipes at
 * iteration j (the induction variable is lb + j × step). */
static MlirValue load_index(ct_lower *L, const ct_hopper_pipe *o, int opnd, MlirValue j) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirValue v = mlirOperationGetOperand(o->load, opnd);
  MlirValue iv = {NULL}, x = {NULL};
  if (o->in_loop) iv = mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(p->for_op, 0)), 0);
  if (o->in_loop && (mlirValueEqual(v, iv) || hopper_iv_plus_invariant(v, iv, p->for_op, &x))) {
    MlirValue at = bld_add(b, L->hopper_emit->lb, bld_mul(b, j, L->hopper_emit->step)); /* iv at iteration j */
    if (!x.ptr) return at;
    MlirOperation add = mlirOpResultGetOwner(v); /* iv + x, x from before the loop */
    ct_lv *xl = lv_get(L, add, mlirValueEqual(mlirOperationGetOperand(add, 0), x) ? 0 : 1);
    return bld_add(b, at, xl ? xl->regs[0] : bld_i32(b, 0));
  }
  ct_lv *lv = lv_get(L, o->load, opnd);
  return lv ? lv->regs[0] : bld_i32(b, 0);
}

/* One thread: expect_tx on full[stage] and the TMA boxes of pipe o's tile (iteration j) into `stage`. */
void hopper_issue(ct_lower *L, const ct_hopper_pipe *o, MlirValue stage, MlirValue j) {
  ct_bld *b = &L->b;
  MlirValue full = hopper_bar_ptr(L, o->full_off, stage);
  MlirValue tx[2] = {full, bld_i32(b, o->tile_bytes)};
  bld_intr(b, "llvm.nvvm.mbarrier.arrive.expect.tx.scope.cta.space.cta", b->i64, 2, tx);
  MlirValue tmap = hopper_tmap(L, o->param);
  /* coordinates innermost first: inner, outer, then the leading unit dims of a 3-D/4-D view (a
   * tile index there is the element index) */
  bool rank1 = o->view.tile_rank == 1; /* (a bulk plan's row: one coordinate) */
  MlirValue outer = rank1 ? (MlirValue){NULL} : bld_mul(b, load_index(L, o, 2 + o->lead, j), bld_i32(b, o->view.tile_shape[o->lead]));
  MlirValue inner0 = rank1 ? bld_mul(b, load_index(L, o, 2, j), bld_i32(b, o->view.tile_shape[0]))
                           : bld_mul(b, load_index(L, o, 3 + o->lead, j), bld_i32(b, o->view.tile_shape[o->lead + 1]));
  MlirValue stage_off = bld_add(b, bld_i32(b, o->smem_off), bld_mul(b, stage, bld_i32(b, o->tile_bytes)));
  MlirType ptr7 = mlirLLVMPointerTypeGet(b->ctx, 7);
  /* (box column bx at bx × box_stride: a batched pipe's box [batch, rows, span] is batch slabs of
   * box_bytes each, which the descriptors read there — ct_wgmma_operand_geom_batch) */
  for (int bx = 0; bx < o->nboxes; bx++) {
    MlirValue dst = hopper_ring_ptr(L, bld_add(b, stage_off, bld_i32(b, (int32_t)(bx * o->geom.box_stride))));
    dst = bld_cast(b, "llvm.addrspacecast", dst, ptr7);
    MlirValue ops[8 + CT_MAX_RANK];
    int n = 0;
    ops[n++] = dst, ops[n++] = full, ops[n++] = tmap;
    ops[n++] = bld_add(b, inner0, bld_i32(b, bx * o->box[1]));
    if (!rank1) ops[n++] = outer;
    for (int d = o->lead - 1; d >= 0; d--) /* (a batched pipe's batch dim: tile index × batch) */
      ops[n++] = d == 0 && o->batch > 1 ? bld_mul(b, load_index(L, o, 2, j), bld_i32(b, (int32_t)o->batch))
                                        : load_index(L, o, 2 + d, j);
    ops[n++] = bld_const_int(b, b->i16, 0);
    ops[n++] = bld_i64(b, 0);
    ops[n++] = bld_const_int(b, b->i1, 0);
    ops[n++] = bld_const_int(b, b->i1, 0);
    ops[n++] = bld_i32(b, 0);
    static const char *const g2s[] = {"llvm.nvvm.cp.async.bulk.tensor.g2s.tile.1d", "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d",
                                      "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.3d", "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.4d",
                                      "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.5d"};
    bld_intr_void(b, g2s[rank1 ? 0 : o->lead + 1], n, ops);
  }
}

void hopper_refill(ct_lower *L, const ct_hopper_pipe *o, MlirValue rel, MlirValue stage, MlirValue parity) {
  ct_bld *b = &L->b;
  MlirValue j = bld_add(b, rel, bld_i32(b, o->stages));
  MlirBlock j2 = hopper_open_if(L, bld_icmp(b, BLD_SLT, j, L->hopper_emit->trip));
  hopper_spin_wait(L, hopper_bar_ptr(L, o->empty_off, stage), parity);
  hopper_issue(L, o, stage, j);
  hopper_close_if(L, j2);
}

void hopper_ws_split(ct_lower *L, MlirBlock *consumer, MlirBlock *leave) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirBlock producer = lower_new_block(L);
  *consumer = lower_new_block(L);
  bld_cond_br(b, bld_icmp(b, BLD_SGE, L->tid, bld_i32(b, L->nthreads)), producer, 0, NULL, *consumer, 0, NULL);
  b->block = producer;
  MlirValue regs = bld_i32(b, (int32_t)p->ws_agents.agents[p->producer_agent].regs);
  bld_intr_void(b, "llvm.nvvm.setmaxnreg.dec.sync.aligned.u32", 1, &regs);
  MlirBlock fills = lower_new_block(L);
  *leave = lower_new_block(L);
  bld_cond_br(b, bld_icmp(b, BLD_EQ, L->tid, bld_i32(b, L->nthreads)), fills, 0, NULL, *leave, 0, NULL);
  b->block = fills;
  if (L->hopper_emit->tmaps_built) device_tmaps_acquire(L, hopper_tmap(L, 0)); /* the maps warp 0 built, for this thread's TMA */
}

void hopper_ws_consumers(ct_lower *L, MlirBlock consumer) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  b->block = consumer;
  MlirValue regs = bld_i32(b, (int32_t)p->ws_agents.agents[p->consumer_agent].regs);
  bld_intr_void(b, "llvm.nvvm.setmaxnreg.inc.sync.aligned.u32", 1, &regs);
  b->barrier_threads = L->nthreads;
}

void hopper_fill_loop(ct_lower *L, MlirBlock done) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirBlock head = lower_new_block(L), body = lower_new_block(L);
  MlirValue j = mlirBlockAddArgument(head, b->i32, b->loc);
  MlirValue zero = bld_i32(b, 0);
  bld_br(b, head, 1, &zero);
  b->block = head;
  bld_cond_br(b, bld_icmp(b, BLD_SLT, j, L->hopper_emit->trip), body, 0, NULL, done, 0, NULL);
  b->block = body;
  MlirValue g = hopper_global_iter(L, j);
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop) continue;
    MlirValue stage, parity;
    hopper_ring_pos(L, o, j, &stage, &parity);
    MlirBlock refill = hopper_open_if(L, bld_icmp(b, BLD_SGE, g, bld_i32(b, o->stages)));
    hopper_spin_wait(L, hopper_bar_ptr(L, o->empty_off, stage), bld_bin(b, "llvm.xor", parity, bld_i32(b, 1)));
    hopper_close_if(L, refill);
    hopper_issue(L, o, stage, j);
  }
  MlirValue next = bld_add(b, j, bld_i32(b, 1));
  bld_br(b, head, 1, &next);
}

/* Warp specialization (the plan's agents, tileas.agents) split at the loop (a prefix every thread
 * runs; else lower_ws_producer.c): the producer warpgroup (threads from L->nthreads on) gives its
 * registers back (setmaxnreg.dec), its first thread runs every ring fill of the loop — fill j of a
 * ring of S stages waits for phase j/S - 1 of empty[j % S] (j >= S), then arrive.expect_tx + the
 * TMA boxes into stage j % S — and the warpgroup returns; the consumer warpgroups take the
 * registers (setmaxnreg.inc) and continue with the loop, every later CTA barrier becoming named
 * barrier 1 over their threads. */
static void ws_dispatch(ct_lower *L) {
  ct_bld *b = &L->b;
  MlirBlock consumer, leave;
  hopper_ws_split(L, &consumer, &leave);
  hopper_fill_loop(L, leave);
  b->block = leave;
  bld_op(b, "llvm.return", 0, NULL, 0, NULL, 0, NULL);
  hopper_ws_consumers(L, consumer);
}

void hopper_loop_begin(ct_lower *L, MlirValue lb, MlirValue ub, MlirValue step) {
  ct_bld *b = &L->b;
  ct_hopper_plan *p = L->hopper;
  ct_hopper_emit *E = L->hopper_emit;
  E->lb = lb;
  E->step = step;
  /* n = (ub - lb + step - 1) / step */
  E->trip = bld_bin(b, "llvm.sdiv", bld_sub(b, bld_add(b, bld_sub(b, ub, lb), step), bld_i32(b, 1)), step);
  E->base = p->nested ? bld_load(b, b->i32, hopper_ring_state_ptr(L, 0), 4) : bld_i32(b, 0);
  if (p->ws) {
    if (!p->ws_replay) ws_dispatch(L); /* (else the agents split at the kernel's start: lower_ws_producer.c) */
    for (int i = 0; i < p->npipes; i++) /* operands loaded before the loop have landed */
      if (!p->pipes[i].in_loop) hopper_spin_wait(L, hopper_bar_ptr(L, p->pipes[i].full_off, bld_i32(b, 0)), bld_i32(b, 0));
    return;
  }
  /* thread 0: for j in [0, min(S, n)) fill stage j of every ring — a run-time loop, so the code
   * does not grow with the ring depth (the rings of one loop share S) */
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  int depth = 0;
  for (int i = 0; i < p->npipes; i++)
    if (p->pipes[i].in_loop && p->pipes[i].stages > depth) depth = p->pipes[i].stages;
  if (depth > 0) {
    MlirBlock head = lower_new_block(L), body = lower_new_block(L), done = lower_new_block(L);
    MlirValue j = mlirBlockAddArgument(head, b->i32, b->loc);
    MlirValue zero = bld_i32(b, 0);
    bld_br(b, head, 1, &zero);
    b->block = head;
    MlirValue more = bld_and(b, bld_icmp(b, BLD_SLT, j, bld_i32(b, depth)), bld_icmp(b, BLD_SLT, j, E->trip));
    bld_cond_br(b, more, body, 0, NULL, done, 0, NULL);
    b->block = body;
    for (int i = 0; i < p->npipes; i++) {
      const ct_hopper_pipe *o = &p->pipes[i];
      if (!o->in_loop) continue;
      /* (nested: the stages the previous execution read are free — its MMAs completed before its
       * exit, and a CTA barrier followed) */
      MlirValue stage;
      hopper_ring_pos(L, o, j, &stage, NULL);
      if (o->stages == depth) hopper_issue(L, o, stage, j);
      else { /* a shallower ring (not made by TileAS today) fills only its own stages */
        MlirBlock j2 = hopper_open_if(L, bld_icmp(b, BLD_SLT, j, bld_i32(b, o->stages)));
        hopper_issue(L, o, stage, j);
        hopper_close_if(L, j2);
      }
    }
    MlirValue next = bld_add(b, j, bld_i32(b, 1));
    bld_br(b, head, 1, &next);
    b->block = done;
  }
  hopper_close_if(L, join);
  hopper_warp_sync(b);
  if (p->bulk) return; /* (a bulk plan's one-shot loads are waited for where they are read) */
  /* operands loaded before the loop have landed */
  for (int i = 0; i < p->npipes; i++)
    if (!p->pipes[i].in_loop) hopper_spin_wait(L, hopper_bar_ptr(L, p->pipes[i].full_off, bld_i32(b, 0)), bld_i32(b, 0));
}

/* A load before the loops is waited for where it is read — at the start of each loop that reads it,
 * at each consume of a bulk plan's slot. When every such reader sits inside an `if` or another loop,
 * the entry may run none of them; then the copy could still be writing shared memory after the CTA
 * exits (into the next CTA's), so every thread waits here for its phase 0 too (at once when a
 * reader already did). */
void hopper_loads_at_return(ct_lower *L) {
  const ct_hopper_plan *p = L->hopper;
  for (int i = 0; p && i < p->npipes; i++)
    if (p->pipes[i].wait_at_return)
      hopper_spin_wait(L, hopper_bar_ptr(L, p->pipes[i].full_off, bld_i32(&L->b, 0)), bld_i32(&L->b, 0));
}

void hopper_loop_body_begin(ct_lower *L, MlirValue iv) {
  ct_bld *b = &L->b;
  ct_hopper_plan *p = L->hopper;
  ct_hopper_emit *E = L->hopper_emit;
  E->kt = bld_bin(b, "llvm.sdiv", bld_sub(b, iv, E->lb), E->step);
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop) continue;
    hopper_ring_pos(L, o, E->kt, &E->stage[i], &E->phase[i]);
  }
}

static void bind_tokens(ct_lower *L, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    lv_bind(L, mlirOperationGetResult(op, i), lv_alloc(L, LV_TOKEN, NULL));
}

/* A pipe's load: issue (before the loop) or wait for this iteration's stage (ring). The value
 * stays in shared memory; its uses (planned mmaf operands, the permute of a K-major B) read it
 * through descriptors. */
static int lower_pipe_load(ct_lower *L, MlirOperation op, int pipe) {
  const ct_hopper_pipe *o = &L->hopper->pipes[pipe];
  if (o->in_loop && L->hopper->bulk) {
    /* a bulk plan's ring: filled ahead (hopper_loop_begin, lower_bulk_release), waited for at its consume */
  } else if (!o->in_loop) {
    MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
    hopper_issue(L, o, bld_i32(&L->b, 0), bld_i32(&L->b, 0));
    hopper_close_if(L, join);
    hopper_warp_sync(&L->b);
  } else if (!L->hopper->tcgen05) { /* (tcgen05: the issuing thread waits, lower_tcgen05_mma) */
    hopper_spin_wait(L, hopper_bar_ptr(L, o->full_off, hopper_stage_of(L, o)), hopper_phase_of(L, o));
  }
  bind_tokens(L, op);
  return LOWER_DONE;
}

MlirValue hopper_desc_at(ct_bld *b, MlirValue addr32, uint64_t desc_const) {
  MlirValue field = bld_lshr(b, bld_and(b, addr32, bld_i32(b, 0x3FFFF)), bld_i32(b, 4));
  MlirValue f64 = bld_cast(b, "llvm.zext", field, b->i64);
  return bld_or(b, f64, bld_i64(b, (int64_t)desc_const));
}
static MlirValue desc_at(ct_bld *b, MlirValue addr32, const ct_wgmma_operand_geom *g) {
  return hopper_desc_at(b, addr32, ct_wgmma_desc_const(g->swizzle, g->lbo, g->sbo));
}

/* Shared address (i32) of pipe o's current stage. */
MlirValue hopper_stage_addr(ct_lower *L, const ct_hopper_pipe *o) {
  ct_bld *b = &L->b;
  MlirValue a = bld_add(b, L->hopper_emit->base32, bld_i32(b, o->smem_off));
  return o->in_loop ? bld_add(b, a, bld_mul(b, hopper_stage_of(L, o), bld_i32(b, o->tile_bytes))) : a;
}

/* The PTX type of a wgmma operand element (.u8/.s8 by signedness for mmai). */
static const char *wgmma_elem_name(ct_elem e, bool is_unsigned) {
  switch (e) {
  case CT_BF16: return "bf16";
  case CT_TF32: return "tf32";
  case CT_F8E4M3FN: return "e4m3";
  case CT_F8E5M2: return "e5m2";
  case CT_I8: return is_unsigned ? "u8" : "s8";
  default: return "f16";
  }
}

/* One m64nNkK wgmma (K: one 32-byte k step of the element type) on the accumulator regs
 * acc[nacc] (updated; .f32, .s32, or for an f16 accumulator .b32 registers of two f16 each, the
 * even column low: wgmma's .f16 D fragment): A from descriptor `da` or from the four .b32 registers a_regs (f16/bf16
 * only); B from descriptor `db` (trans_b: MN-major, f16/bf16 only). The operand list follows the
 * instruction kind: f16/bf16 take scale-d, imm-scale-a/b and imm-trans-a/b; tf32 and fp8 scale-d
 * and imm-scale-a/b; the integer kinds (.s32 accumulator) scale-d only. zero_d: the accumulator
 * is known to be zero, so scale-d is 0 (D = A·B) and D is an output only — no register is written
 * for it, in particular none between wgmma.fence and the wgmma (the ISA requires the fence
 * between any write of a register a wgmma reads and that wgmma). */
static void wgmma(ct_lower *L, const ct_hopper_mma *mm, MlirValue *acc, int nacc, MlirValue da, const MlirValue *a_regs,
                  MlirValue db, bool trans_b, bool zero_d) {
  ct_bld *b = &L->b;
  bool is_int = mm->acc_elem == CT_I32, is_f16 = mm->acc_elem == CT_F16, transposable = ct_wgmma_transposable(mm->elem);
  int kstep = ct_wgmma_kstep_elems(mm->elem);
  int na = a_regs ? 4 : 1;
  size_t cap = 200 + (size_t)nacc * 12;
  char *text = malloc(cap), *cons = malloc((size_t)nacc * 8 + 32);
  if (!text || !cons) abort();
  int pos = snprintf(text, cap, "{\n.reg .pred p;\nsetp.ne.b32 p, %d, 0;\nwgmma.mma_async.sync.aligned.m64n%lldk%d.%s.%s.%s {",
                     zero_d ? 0 : 1, (long long)mm->n, kstep, is_int ? "s32" : is_f16 ? "f16" : "f32",
                     wgmma_elem_name(mm->elem, mm->a_unsigned), wgmma_elem_name(mm->elem, mm->b_unsigned));
  for (int i = 0; i < nacc; i++) pos += snprintf(text + pos, cap - (size_t)pos, "%s$%d", i ? ", " : "", i);
  /* inputs: acc (tied, $nacc..$2nacc-1; none when zero_d), then A, then B */
  int nin = zero_d ? 0 : nacc, in = nacc + nin;
  const char *tail = is_int ? "p" : transposable ? (a_regs ? "p, 1, 1, %d" : "p, 1, 1, 0, %d") : "p, 1, 1";
  char tail_text[32];
  snprintf(tail_text, sizeof tail_text, tail, trans_b ? 1 : 0);
  if (a_regs) pos += snprintf(text + pos, cap - (size_t)pos, "}, {$%d, $%d, $%d, $%d}, $%d, %s;\n}\n", in, in + 1, in + 2,
                              in + 3, in + 4, tail_text);
  else pos += snprintf(text + pos, cap - (size_t)pos, "}, $%d, $%d, %s;\n}\n", in, in + 1, tail_text);
  int cp = 0;
  for (int i = 0; i < nacc; i++) cp += sprintf(cons + cp, is_int || is_f16 ? "=r," : "=f,");
  for (int i = 0; i < nin; i++) cp += sprintf(cons + cp, "%d,", i);
  sprintf(cons + cp, a_regs ? "r,r,r,r,l" : "l,l");
  MlirType acc_ty = is_int || is_f16 ? b->i32 : b->f32;
  MlirType *fs = malloc((size_t)nacc * sizeof *fs);
  MlirValue *ops = malloc(((size_t)nacc + 5) * sizeof *ops);
  if (!fs || !ops) abort();
  for (int i = 0; i < nacc; i++) fs[i] = acc_ty;
  for (int i = 0; i < nin; i++) ops[i] = acc[i];
  for (int i = 0; i < na; i++) ops[nin + i] = a_regs ? a_regs[i] : da;
  ops[nin + na] = db;
  MlirType st = mlirLLVMStructTypeLiteralGet(b->ctx, nacc, fs, false);
  MlirValue res = bld_inline_asm_volatile(b, text, cons, st, nin + na + 1, ops);
  for (int i = 0; i < nacc; i++) acc[i] = bld_extractvalue(b, res, i, acc_ty);
  free(text);
  free(cons);
  free(fs);
  free(ops);
}

/* Is v an llvm.mlir.constant zero (float +0 or -0, or integer 0)? */
bool hopper_is_zero_const(MlirValue v) {
  if (!mlirValueIsAOpResult(v)) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(d));
  if (n.length != strlen("llvm.mlir.constant") || memcmp(n.data, "llvm.mlir.constant", n.length)) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a)) return false;
  if (mlirAttributeIsAInteger(a)) return mlirIntegerAttrGetValueInt(a) == 0;
  return mlirAttributeIsAFloat(a) && mlirFloatAttrGetValueDouble(a) == 0.0;
}

/* Run `instr` (wgmma.fence / wgmma.wait_group) as an asm through which the registers v[nv] and
 * w[nw] (f32 accumulators as .f32, i32 accumulators and packed A fragments as .b32) pass as tied
 * operands (updated in place): every instruction computing them is ordered before it and every
 * reader after it, as CUTLASS's warpgroup_fence_operand does. With no register, the intrinsic
 * `intrinsic` (its i64 argument `arg` when arg >= 0). */
void hopper_through_asm(ct_bld *b, const char *instr, const char *intrinsic, int64_t arg, MlirValue *v, int nv,
                        MlirValue *w, int nw) {
  int n = nv + nw;
  if (n == 0) {
    MlirValue a = bld_i64(b, arg);
    bld_intr_void(b, intrinsic, arg >= 0 ? 1 : 0, arg >= 0 ? &a : NULL);
    return;
  }
  char *cons = malloc((size_t)n * 10 + 1);
  MlirType *ts = calloc((size_t)n, sizeof *ts);
  MlirValue *ops = malloc((size_t)n * sizeof *ops);
  if (!cons || !ts || !ops) abort();
  int cp = 0;
  for (int i = 0; i < n; i++) {
    ops[i] = i < nv ? v[i] : w[i - nv];
    ts[i] = mlirValueGetType(ops[i]);
    cp += sprintf(cons + cp, "%s", mlirTypeEqual(ts[i], b->f32) ? "=f," : "=r,");
  }
  for (int i = 0; i < n; i++) cp += sprintf(cons + cp, i + 1 < n ? "%d," : "%d", i);
  MlirType st = mlirLLVMStructTypeLiteralGet(b->ctx, n, ts, false);
  MlirValue res = bld_inline_asm_volatile(b, instr, cons, st, n, ops);
  for (int i = 0; i < n; i++) {
    MlirValue r = bld_extractvalue(b, res, i, ts[i]);
    if (i < nv) v[i] = r;
    else w[i - nv] = r;
  }
  free(cons);
  free(ts);
  free(ops);
}

/* wgmma.fence with the registers the chain's wgmmas read (acc[nacc]: the accumulator, a[na]: .b32
 * A fragments) passed through it: none of them is computed (or rematerialised) between the fence
 * and the wgmmas. */
static void fence_operands(ct_bld *b, MlirValue *acc, int nacc, MlirValue *a, int na) {
  hopper_through_asm(b, "wgmma.fence.sync.aligned;", "llvm.nvvm.wgmma.fence.sync.aligned", -1, acc, nacc, a, na);
}

/* Two f16/bf16 registers as one .b32 (low half = first). */
static MlirValue pack2(ct_lower *L, MlirValue lo, MlirValue hi) {
  ct_bld *b = &L->b;
  int64_t two = 2;
  MlirType vt = mlirVectorTypeGet(1, &two, mlirValueGetType(lo));
  MlirValue v = bld_undef(b, vt);
  MlirValue i0[3] = {v, lo, bld_i32(b, 0)};
  v = bld_op1(b, "llvm.insertelement", vt, 3, i0, 0, NULL);
  MlirValue i1[3] = {v, hi, bld_i32(b, 1)};
  v = bld_op1(b, "llvm.insertelement", vt, 3, i1, 0, NULL);
  return bld_bitcast(b, v, b->i32);
}

/* The two f16 halves of a .b32 (pack2's inverse). */
static void unpack2(ct_lower *L, MlirValue w, MlirValue *lo, MlirValue *hi) {
  ct_bld *b = &L->b;
  int64_t two = 2;
  MlirType vt = mlirVectorTypeGet(1, &two, b->f16);
  MlirValue v = bld_bitcast(b, w, vt);
  MlirValue e0[2] = {v, bld_i32(b, 0)}, e1[2] = {v, bld_i32(b, 1)};
  *lo = bld_op1(b, "llvm.extractelement", b->f16, 2, e0, 0, NULL);
  *hi = bld_op1(b, "llvm.extractelement", b->f16, 2, e1, 0, NULL);
}

/* An operand staged from registers (hopper_plan.c plan_staging; wgmma's B, tcgen05's A and B):
 * every thread writes its registers of the operand (any register layout) into slot kt % slots of
 * its K-major staging buffer (rows of K bytes — B^T's N rows, A's M rows — as a TMA box of the
 * buffer's swizzle would hold them: slab kb / span at slab × rows × span, row × span, then the
 * swizzle). Returns the slot's offset from the ring start (i32), or NULL on failure; the caller then
 * hands the slots over with fence.proxy.async (generic → async proxy) and a CTA barrier. */
MlirValue hopper_stage_operand(ct_lower *L, MlirOperation op, int operand, int kdim, int slots, int64_t stage_off,
                               int64_t slot_bytes, const ct_wgmma_operand_geom *g) {
  ct_bld *b = &L->b;
  ct_lv *v = lv_get(L, op, operand);
  if (!v) return (MlirValue){NULL};
  const ct_layout *l = v->layout;
  if (!l || (l->rank != 2 && l->rank != 3)) {
    ct_error_op(L->c, op, "internal error: the staged %s operand has no 2-D or batched 3-D register layout", operand ? "B" : "A");
    return (MlirValue){NULL};
  }
  /* (batched: dim 0 is the batch; batch bb's box of slab s at s x box_stride + bb x box_bytes) */
  int lead = l->rank - 2, rdim = lead + 1 - kdim;
  kdim += lead;
  int esize = g->esize, span = g->swizzle, span_bits = ct_log2_exact(span);
  int offk = ct_layout_dim_offset(l, kdim), bitsk = ct_layout_dim_bits(l, kdim);
  int offr = ct_layout_dim_offset(l, rdim), bitsr = ct_layout_dim_bits(l, rdim);
  int offb = lead ? ct_layout_dim_offset(l, 0) : 0, bitsb = lead ? ct_layout_dim_bits(l, 0) : 0;
  MlirValue slot = bld_bin(b, "llvm.urem", L->hopper_emit->kt, bld_i32(b, slots));
  MlirValue base = bld_add(b, bld_i32(b, stage_off), bld_mul(b, slot, bld_i32(b, slot_bytes)));
  MlirValue t = thread_flat_index(L, l);
  MlirValue tk = hopper_bit_field(b, t, offk, bitsk), trow = hopper_bit_field(b, t, offr, bitsr);
  MlirValue tb = hopper_bit_field(b, t, offb, bitsb);
  /* a thread's run of consecutive K (register bits 0.. on K's bits 0..: a blocked A, a K-major B, a
   * B in reg_layouts.c's k_run_layout) lands in one 16-byte swizzle chunk, contiguous: one store of
   * up to 16 bytes (st.shared.v4 as for mma.sync's staging) instead of one per element */
  int run_bits = 0;
  while (run_bits < l->nreg_bits && run_bits < bitsk && l->reg[run_bits] == 1u << (offk + run_bits) &&
         (esize << (run_bits + 1)) <= 16)
    run_bits++;
  int run = 1 << run_bits;
  for (int r = 0; r < v->nregs; r += run) {
    uint32_t rf = ct_layout_reg_flat(l, (uint32_t)r);
    MlirValue k = bld_or(b, tk, bld_i32(b, bitsk ? (rf >> offk) & ((1u << bitsk) - 1) : 0));
    MlirValue row = bld_or(b, trow, bld_i32(b, bitsr ? (rf >> offr) & ((1u << bitsr) - 1) : 0));
    MlirValue kb = bld_mul(b, k, bld_i32(b, esize));
    MlirValue slab = bld_lshr(b, kb, bld_i32(b, span_bits));
    MlirValue in_box = bld_add(b, bld_shl(b, row, bld_i32(b, span_bits)), bld_and(b, kb, bld_i32(b, span - 1)));
    MlirValue off = bld_add(b, bld_mul(b, slab, bld_i32(b, g->box_stride)), hopper_swizzle(b, in_box, span));
    if (lead) {
      MlirValue bb = bld_or(b, tb, bld_i32(b, bitsb ? (rf >> offb) & ((1u << bitsb) - 1) : 0));
      off = bld_add(b, off, bld_mul(b, bb, bld_i32(b, g->box_bytes)));
    }
    MlirValue val = v->regs[r];
    if (run > 1) { /* <run x elem> as .b32 words (a vector of them for 8 / 16 bytes) */
      int64_t n = run, words = run * esize / 4;
      MlirValue vec = bld_undef(b, mlirVectorTypeGet(1, &n, mlirValueGetType(val)));
      for (int i = 0; i < run; i++) {
        MlirValue ins[3] = {vec, v->regs[r + i], bld_i32(b, i)};
        vec = bld_op1(b, "llvm.insertelement", mlirValueGetType(vec), 3, ins, 0, NULL);
      }
      MlirType wt = run * esize == 2 ? mlirIntegerTypeGet(b->ctx, 16)
                    : words == 1     ? b->i32
                                     : mlirVectorTypeGet(1, &words, b->i32);
      val = bld_bitcast(b, vec, wt);
    }
    bld_store(b, val, hopper_ring_ptr(L, bld_add(b, base, off)), esize * run);
  }
  return base;
}

void hopper_staged_to_async(ct_bld *b) {
  bld_intr(b, "llvm.nvvm.fence.proxy.async.shared_cta", b->void_ty, 0, NULL);
  bld_barrier(b);
}

/* wgmma's B staged from registers ([K,N]: K is dim 0), then the generic -> async handover. */
static MlirValue stage_b(ct_lower *L, MlirOperation op, const ct_hopper_mma *mm) {
  MlirValue off = hopper_stage_operand(L, op, 1, 0, mm->b_slots, mm->b_stage_off, mm->b_slot_bytes, &mm->b_geom);
  if (mlirValueIsNull(off)) return off;
  hopper_staged_to_async(&L->b);
  return bld_add(&L->b, L->hopper_emit->base32, off);
}

static int lower_wgmma(ct_lower *L, MlirOperation op, int idx) {
  ct_bld *b = &L->b;
  ct_hopper_plan *p = L->hopper;
  const ct_hopper_mma *mm = &p->mmas[idx];
  ct_type ct;
  if (!result_type(L, op, 0, &ct)) return LOWER_FAILED;
  ct_layout al, afl;
  /* (A in registers: the same fragment over M x K) */
  if (!hopper_mma_acc_layout(&al, mm, false, L->nwarps) || !ct_layout_wgmma_frag(&afl, mm->batch, mm->m, mm->k, L->nwarps)) {
    ct_error_op(L->c, op, "internal error: no wgmma accumulator layout");
    return LOWER_FAILED;
  }
  const ct_layout *acc_layout = layout_intern(L, &al);
  /* TileAS's accumulator layout (reg_layouts.c) must be the wgmma one: wgmma fixes its fragment */
  const ct_layout *chosen;
  int r = reg_layout_read(L, op, &ct, &chosen);
  if (r < 0) return LOWER_FAILED;
  if (r > 0 && chosen != acc_layout) { /* interned: equal layouts are one pointer */
    ct_error_op(L->c, op, "the accumulator layout (tileas.reg_layout) of this mmaf on wgmma is not the wgmma "
                "accumulator layout of %d warps", L->nwarps);
    return LOWER_FAILED;
  }
  ct_lv *c = lv_get(L, op, 2);
  if (!c) return LOWER_FAILED;
  ct_lv *acc0 = lv_require(L, op, 2, c, acc_layout);
  if (!acc0) return LOWER_FAILED;
  int nacc = acc0->nregs;
  /* a known-zero accumulator (e.g. S = Q·Kᵀ from a zero constant): the first wgmma gets scale-d
   * 0 and the zeros are never materialised (as CUTLASS does) */
  bool zero_d = true;
  for (int i = 0; i < nacc && zero_d; i++) zero_d = hopper_is_zero_const(acc0->regs[i]);
  ct_lv *res = lv_new_tile(L, &ct, acc_layout);
  for (int i = 0; i < nacc; i++) res->regs[i] = acc0->regs[i];
  /* the warpgroup's part: its 64 rows (warpgroup w % (m / 64)) and, batches split over the
   * warpgroups (batch_warpgroups G), its nbl = batch / G batches from (w / (m / 64)) x nbl on —
   * the accumulator and A layouts (ct_layout_wgmma_frag) hold just those */
  bool split = p->batch_warpgroups > 1;
  int64_t nbl = split ? mm->batch / p->batch_warpgroups : mm->batch;
  int wg_m = split ? p->warpgroups / p->batch_warpgroups : p->warpgroups;
  MlirValue wg = bld_lshr(b, L->tid, bld_i32(b, 7));
  MlirValue wg_row = split ? bld_bin(b, "llvm.urem", wg, bld_i32(b, wg_m)) : wg;
  MlirValue wg_batch0 =
      split ? bld_mul(b, bld_bin(b, "llvm.udiv", wg, bld_i32(b, wg_m)), bld_i32(b, (int32_t)nbl)) : (MlirValue){NULL};
  /* A: the warpgroup's 64 rows of a K-major SMEM tile (a TMA pipe's stage, or a tf32 / 8-bit A
   * staged from registers: its slots, handed over to the async proxy with B's or alone), or
   * register fragments */
  ct_lv *areg = NULL;
  MlirValue da0 = {NULL};
  const ct_hopper_pipe *pa = mm->a_pipe >= 0 ? &p->pipes[mm->a_pipe] : NULL;
  const ct_wgmma_operand_geom *ag = pa ? &pa->geom : mm->a_staged ? &mm->a_geom : NULL;
  if (ag) {
    MlirValue abase;
    if (pa) abase = hopper_stage_addr(L, pa);
    else {
      MlirValue off = hopper_stage_operand(L, op, 0, 1, mm->a_slots, mm->a_stage_off, mm->a_slot_bytes, &mm->a_geom);
      if (mlirValueIsNull(off)) return LOWER_FAILED;
      if (!mm->b_staged) hopper_staged_to_async(b); /* (else after B's staging: one handover) */
      abase = bld_add(b, L->hopper_emit->base32, off);
    }
    MlirValue addr = bld_add(b, abase, bld_mul(b, wg_row, bld_i32(b, 64 * ag->swizzle)));
    if (!mlirValueIsNull(wg_batch0)) addr = bld_add(b, addr, bld_mul(b, wg_batch0, bld_i32(b, (int32_t)ag->box_bytes)));
    da0 = desc_at(b, addr, ag);
  } else {
    ct_lv *a = lv_get(L, op, 0);
    if (!a) return LOWER_FAILED;
    if (!(areg = lv_require(L, op, 0, a, layout_intern(L, &afl)))) return LOWER_FAILED;
    if (areg->nregs != (int)(nbl * mm->k / 2)) {
      ct_error_op(L->c, op, "internal error: unexpected wgmma A fragment size");
      return LOWER_FAILED;
    }
  }
  const ct_hopper_pipe *pb = mm->b_staged ? NULL : &p->pipes[mm->b_pipe];
  const ct_wgmma_operand_geom *bg = pb ? &pb->geom : &mm->b_geom;
  MlirValue baddr = pb ? hopper_stage_addr(L, pb) : stage_b(L, op, mm);
  if (mlirValueIsNull(baddr)) return LOWER_FAILED;
  if (!mlirValueIsNull(wg_batch0)) baddr = bld_add(b, baddr, bld_mul(b, wg_batch0, bld_i32(b, (int32_t)bg->box_bytes)));
  MlirValue db0 = desc_at(b, baddr, bg);
  /* every operand of the chain is ready before wgmma.fence: no register of an in-flight wgmma is
   * written between the wgmmas (ptxas would serialise them or inject warpgroup.arrive) */
  int nk = (int)(mm->k / ct_wgmma_kstep_elems(mm->elem));
  MlirValue *da = calloc((size_t)nk, sizeof *da), *db = calloc((size_t)nk, sizeof *db);
  int na = ag ? 0 : (int)(4 * nk * nbl); /* (A in registers: 4 .b32 per k16 step per batch) */
  MlirValue *ar = calloc((size_t)na + 1, sizeof *ar);
  if (!da || !db || !ar) abort();
  for (int kk = 0; kk < nk; kk++) {
    int64_t bo = ct_wgmma_kstep_offset(bg, kk, 0);
    db[kk] = bo ? bld_add(b, db0, bld_i64(b, bo >> 4)) : db0;
    if (ag) {
      int64_t ao = ct_wgmma_kstep_offset(ag, kk, 0);
      da[kk] = ao ? bld_add(b, da0, bld_i64(b, ao >> 4)) : da0;
    } else {
      /* register k = 4·n8-chunk + c: the two chunks of this k16 step are a0..a7 in order (batch
       * bb's: the bb-th k/2 registers, at ar + 4 nk bb) */
      for (int64_t bb = 0; bb < nbl; bb++) {
        MlirValue *src = areg->regs + bb * (mm->k / 2) + 8 * kk;
        for (int i = 0; i < 4; i++) ar[4 * (nk * bb + kk) + i] = pack2(L, src[2 * i], src[2 * i + 1]);
      }
    }
  }
  /* an f16 accumulator runs through the wgmmas as .b32 pairs (wgmma's .f16 D fragment: element
   * 2j low, 2j + 1 high, the f32 fragment's order), unpacked after the wait (the plan never keeps
   * such a group in flight: ct_loop_mma_in_flight) */
  bool packed = mm->acc_elem == CT_F16;
  int nd = packed ? nacc / 2 : nacc;
  MlirValue *d = packed ? calloc((size_t)nd + 1, sizeof *d) : res->regs;
  if (!d) abort();
  for (int j = 0; packed && !zero_d && j < nd; j++) d[j] = pack2(L, res->regs[2 * j], res->regs[2 * j + 1]);
  fence_operands(b, d, zero_d ? 0 : nd, ar, na);
  /* a batched mmaf: one chain per batch (of the warpgroup's), on its slabs (box_bytes apart) and
   * its registers */
  int nd_batch = nd / (int)nbl;
  for (int64_t bb = 0; bb < nbl; bb++) {
    int64_t aoff = ag ? bb * ag->box_bytes : 0, boff = bb * bg->box_bytes;
    for (int kk = 0; kk < nk; kk++)
      wgmma(L, mm, d + bb * nd_batch, nd_batch, aoff ? bld_add(b, da[kk], bld_i64(b, aoff >> 4)) : da[kk],
            ag ? NULL : ar + 4 * (nk * bb + kk), boff ? bld_add(b, db[kk], bld_i64(b, boff >> 4)) : db[kk],
            pb && pb->role == CT_PIPE_B_MN, zero_d && kk == 0);
  }
  free(da);
  free(db);
  free(ar);
  bld_intr_void(b, "llvm.nvvm.wgmma.commit_group.sync.aligned", 0, NULL);
  /* keep_in_flight (hopper_plan.c plan_in_flight): this group runs on while the next iteration
   * waits for its stage; wait_group 1 means the previous iteration's group is done, so the stages
   * it read are the ones released (M chains in flight: wait_group M after each, the previous
   * iteration's same chain and every one before it done). Otherwise wait for this group (0) and
   * release its own stages. */
  int in_flight = 0; /* the loop's chains kept in flight (one group each: wait_group M leaves this
                       iteration's groups so far and the previous iteration's later ones running) */
  for (int k = 0; k < p->nmmas; k++) in_flight += p->mmas[k].loop == mm->loop && p->mmas[k].keep_in_flight;
  MlirValue pending = bld_i64(b, mm->keep_in_flight ? in_flight : 0);
  if (packed) { /* the registers pass through the wait: nothing unpacks them earlier */
    hopper_through_asm(b, "wgmma.wait_group.sync.aligned 0;", "llvm.nvvm.wgmma.wait_group.sync.aligned", 0, d, nd, NULL, 0);
    for (int j = 0; j < nd; j++) unpack2(L, d[j], &res->regs[2 * j], &res->regs[2 * j + 1]);
    free(d);
  } else bld_intr_void(b, "llvm.nvvm.wgmma.wait_group.sync.aligned", 1, &pending);
  lv_bind(L, mlirOperationGetResult(op, 0), res);

  bool any = false;
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (o->in_loop && mlirOperationEqual(o->last_use, op)) any = true;
  }
  if (!any) return LOWER_DONE;
  /* the iteration whose stages are released: kt, or kt - 1 (none in the first iteration) */
  MlirValue rel = L->hopper_emit->kt;
  MlirBlock has_prev = (MlirBlock){NULL};
  if (mm->keep_in_flight) {
    has_prev = hopper_open_if(L, bld_icmp(b, BLD_SGT, rel, bld_i32(b, 0)));
    rel = bld_sub(b, rel, bld_i32(b, 1));
  }
  MlirValue rel_stage[CT_HOPPER_MAX_PIPES], rel_phase[CT_HOPPER_MAX_PIPES];
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop || !mlirOperationEqual(o->last_use, op)) continue;
    if (mm->keep_in_flight) hopper_ring_pos(L, o, rel, &rel_stage[i], &rel_phase[i]);
    else rel_stage[i] = hopper_stage_of(L, o), rel_phase[i] = hopper_phase_of(L, o);
    MlirValue empty = hopper_bar_ptr(L, o->empty_off, rel_stage[i]);
    bld_intr(b, "llvm.nvvm.mbarrier.arrive.shared", b->i64, 1, &empty);
  }
  if (p->ws) { /* the producer agent refills them */
    if (mm->keep_in_flight) hopper_close_if(L, has_prev);
    hopper_warp_sync(b);
    return LOWER_DONE;
  }
  /* thread 0 refills the released stages for iteration rel + S */
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop || !mlirOperationEqual(o->last_use, op)) continue;
    hopper_refill(L, o, rel, rel_stage[i], rel_phase[i]);
  }
  hopper_close_if(L, join);
  if (mm->keep_in_flight) hopper_close_if(L, has_prev);
  hopper_warp_sync(b);
  return LOWER_DONE;
}

int hopper_in_flight_results(ct_lower *L, int *results, int *mmas, int cap) {
  const ct_hopper_plan *p = L->hopper;
  int n = 0;
  for (int k = 0; p && k < p->nmmas; k++) {
    const ct_hopper_mma *mm = &p->mmas[k];
    if (p->tcgen05 && mm->tmem_per_iter) continue; /* (read back in the loop: attention's S beside its O) */
    if (!mm->keep_in_flight && !(p->tcgen05 && mm->tmem_rescaled))
      return 0; /* (the plan keeps all of a loop's chains in flight, or none) */
    if (n < cap) results[n] = mm->loop_result, mmas[n++] = k;
  }
  return n;
}

/* The in-flight groups of the loop's last iteration complete (wait_group 0) before their results
 * are read; the accumulators (all of them, regs[n]) pass through the wait, so nothing reads them
 * earlier. */
void hopper_wait_in_flight(ct_lower *L, MlirValue *regs, int n) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  hopper_through_asm(b, "wgmma.wait_group.sync.aligned 0;", "llvm.nvvm.wgmma.wait_group.sync.aligned", 0, regs, n, NULL, 0);
  if (!p->nested && !ct_hopper_loop_drained(p)) return;
  /* a nested loop's rings run on: the last iteration's stages are released too (its group is
   * done), so that every use of a stage completes one phase of its empty mbarrier; a drained loop's
   * (several warp-specialised loops): the producer waits for that release before it fills a later
   * loop's rings in the same shared memory (lower_ws_producer.c) */
  MlirValue last = bld_sub(b, L->hopper_emit->trip, bld_i32(b, 1));
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    bool by_in_flight = false;
    for (int k = 0; k < p->nmmas; k++) by_in_flight |= p->mmas[k].keep_in_flight && mlirOperationEqual(o->last_use, p->mmas[k].mmaf);
    if (!o->in_loop || !by_in_flight) continue;
    MlirValue stage;
    hopper_ring_pos(L, o, last, &stage, NULL);
    MlirValue empty = hopper_bar_ptr(L, o->empty_off, stage);
    bld_intr(b, "llvm.nvvm.mbarrier.arrive.shared", b->i64, 1, &empty);
  }
}

void hopper_loop_end(ct_lower *L) {
  ct_bld *b = &L->b;
  /* every warpgroup's wgmma reads of the ring are complete; tcgen05 in a nested loop: every
   * thread's tcgen05.ld of the accumulator also precedes the next execution's MMAs */
  if (L->hopper->nested && L->hopper->tcgen05) tcgen05_fenced_barrier(L);
  else bld_barrier(b);
  if (!L->hopper->nested) return;
  MlirValue at = hopper_ring_state_ptr(L, 0); /* the next execution's iterations start after this one's */
  bld_store(b, bld_add(b, L->hopper_emit->base, L->hopper_emit->trip), at, 4);
}

int lower_hopper_op(ct_lower *L, MlirOperation op, const char *name) {
  ct_hopper_plan *p = L->hopper;
  if (!p) return LOWER_NOT_MINE;
  if (!strcmp(name, "tileas.produce")) {
    int i = hopper_pipe_of_load(p, op);
    return i >= 0 ? lower_pipe_load(L, op, i) : LOWER_NOT_MINE;
  }
  /* a pipe's tile stays in shared memory: its consume, its release (the empty-barrier arrive
   * follows the pipe's last mmaf) and the permute of a K-major B bind nothing */
  if (!strcmp(name, "tileas.consume") || !strcmp(name, "tileas.release")) {
    if (!hopper_takes_pipe_slot(p, op)) return LOWER_NOT_MINE;
    if (p->bulk && !strcmp(name, "tileas.consume")) return lower_bulk_consume(L, op);
    if (p->bulk) return lower_bulk_release(L, op);
    bind_tokens(L, op);
    return LOWER_DONE;
  }
  if (!strcmp(name, "reshape") && hopper_is_unit_reshape(op)) {
    MlirOperation prod = hopper_produce_of(mlirOperationGetResult(op, 0));
    if (!mlirOperationIsNull(prod) && hopper_pipe_of_load(p, prod) >= 0) {
      bind_tokens(L, op); /* the 2-D view of a 3-D/4-D view load's tile in shared memory: no code */
      return LOWER_DONE;
    }
    return LOWER_NOT_MINE;
  }
  if (!strcmp(name, "permute")) {
    MlirOperation prod = hopper_produce_of(mlirOperationGetOperand(op, 0));
    if (!mlirOperationIsNull(prod) && hopper_pipe_of_load(p, prod) >= 0) {
      bind_tokens(L, op); /* K-major B: the descriptor of the untransposed tile */
      return LOWER_DONE;
    }
    return LOWER_NOT_MINE;
  }
  if (!strcmp(name, "mulf") && p->tcgen05) {
    int i = tcgen05_rescale_of(p, op);
    return i < 0 ? LOWER_NOT_MINE : lower_tcgen05_rescale(L, op, i);
  }
  if (!strcmp(name, "mmaf") || !strcmp(name, "mmai")) {
    int i = hopper_mma_index(p, op);
    return i < 0 ? LOWER_NOT_MINE : p->tcgen05 ? lower_tcgen05_mma(L, op, i) : lower_wgmma(L, op, i);
  }
  if (!strcmp(name, "tileas.store") && p->has_store && mlirOperationEqual(op, p->st.store)) return lower_hopper_store(L, op);
  return LOWER_NOT_MINE;
}

const ct_layout *hopper_result_layout(ct_lower *L, MlirOperation mmaf) {
  if (!L->hopper) return NULL;
  int i = hopper_mma_index(L->hopper, mmaf);
  if (i < 0) return NULL;
  ct_layout al;
  const ct_hopper_mma *mm = &L->hopper->mmas[i];
  if (!hopper_mma_acc_layout(&al, mm, L->hopper->tcgen05, L->nwarps))
    return NULL;
  return layout_intern(L, &al);
}

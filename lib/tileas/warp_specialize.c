/* warp_specialize: a TileAS pass (after layout propagation) — decides, for the loop of each entry
 * on the Hopper TMA + wgmma path or its Blackwell tcgen05 form, the pipeline strategy, and for warp specialization partitions the
 * loop's pipe protocol across two agents, written into the IR the code generator reads:
 *   tileas.pipeline = {strategy = "warp_specialize", variant = "light" | "heavy"} and
 *   tileas.agents = [{role = "producer", warps = [4W, 4W+4), regs = 40},
 *                    {role = "consumer", warps = [0, 4W), regs = R}] on the tileaa.for,
 *   tileas.agent = 0 on each ring pipe's tileas.produce, 1 on its tileas.consume / tileas.release.
 * The producer agent is one warpgroup after the consumer warpgroups (whose warps every tile layout
 * and wgmma already use, so nothing else changes); its first thread runs every ring fill (waits for
 * the stage's empty mbarrier, arrive.expect_tx, the TMA boxes), the other 127 threads only give
 * their registers back (setmaxnreg.dec to 40). The consumers (setmaxnreg.inc to R = the rest of the
 * register file, at most 240) wait for full stages, compute, release stages and run everything
 * after the loop.
 * Variant (seed 001 "Opt Level Table": the light variant inserts boundaries and barriers without
 * scheduling, the heavy one keeps the modulo schedule): light when the loop's modulo schedule was
 * not computed (tileas.schedule status "light": its RRT is over --rrt-size-threshold, 0 = always),
 * so every iteration waits for its wgmma group and releases its own stages; heavy otherwise: the
 * modulo scheduler runs again per agent, on an RRT of the agent's own ops (sched_ir.c
 * ct_sched_agent_schedules: the producer's fills, the consumer's waits, mma and releases), and when
 * the consumer's schedule releases a stage one stage after consuming it, one wgmma group stays in
 * flight and the stages of the previous iteration are released (hopper_plan.c plan_in_flight).
 * On the tcgen05 path the consumer agent is the MMA agent: its thread 0 waits for full stages,
 * issues the tcgen05.mma and commits each stage to its empty mbarrier (one arrival), and all its
 * warps read the TMEM accumulator back after the loop; the variants differ only in the schedule
 * (a commit tracks its MMAs, so a stage is always released by the iteration that read it).
 * Several loops on the tensor cores (top-level, inside `if`s or inside other loops): every loop gets the same
 * agents and variant (heavy only when every loop's schedule stands), one producer serving them in
 * turn with its replayed slice; a later loop's rings that share shared memory with an earlier
 * loop's move to their own (past the plan's end) when the CTAs per SM chosen still fit, so the
 * producer fills them while the consumers finish the earlier loop; otherwise the producer first
 * waits for the other loop's last stages so far (hopper_plan.c ws_drained_loops; a loop inside
 * another loop releases its last stages on every exit anyway).
 * Eligibility: the entry is on the wgmma or tcgen05 path with at least one ring pipe. When every op
 * before the loop is register-only (ws_slice.c ct_ws_register_only: no store, atomic, print,
 * reduction, layout conversion or nested region, no load but of one element, which both agents
 * read: a grouped GEMM's tile-to-group entry) the producer warpgroup runs the kernel up to the loop
 * too and the agents split at the loop. Otherwise, and for a loop nested in control flow (a
 * persistent kernel's K loop inside its tile loop; wgmma, or tcgen05 with its MMA agent), the
 * agents split at the kernel's start and the producer's thread replays its slice of the kernel —
 * eligible when ws_slice.c finds it (register-only ops computing the fill coordinates and the bounds
 * and conditions around the loop; what the control flow around it carries or yields is the
 * consumers', a placeholder in the replay).
 * Strategy: --pipeline-strategy=modulo (default: no attribute), warp-specialize (every eligible
 * loop; a remark says why one is not), auto (the cost model below).
 * Cost model of `auto` (ws_pays): specialization takes the fills and the empty-stage waits out of
 * the consumers' instruction stream (in the modulo pipeline thread 0 of the first consumer warp
 * waits for each released stage before refilling it, stalling its warpgroup's next wgmma) at the
 * price of 128 more threads and a lower consumer register ceiling (the launch share); it is chosen
 * when the loop runs at least two fills per stage (a shorter loop is mostly prologue), its
 * loop-carried tiles leave CARRIED_MARGIN of the share per consumer thread (one CTA per SM), and
 * it costs no occupancy that matters (ws_occupancy_pays): as many CTAs per SM as the modulo
 * pipeline, a persistent kernel (the loop nested in a tile loop whose trip count reads the grid
 * size: one wave by design), or a grid the views' static shapes bound to one wave.
 * CTAs per SM (ws_choose_budget): the agents' setmaxnreg budgets are cut for the entry's
 * `occupancy` hint when it fits, else for the most CTAs (up to 4) whose registers, shared memory
 * and TMEM columns fit; tileas.pipeline's ctas_per_sm records it, the launch's .maxnreg follows.
 * Seed: 001 "Opt Level Table" (warp-specialised scheduling). Knobs: --pipeline-strategy,
 * --rrt-size-threshold, the `occupancy` optimization hint. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/attr_read.h"
#include "frontend/ops.h"
#include "support/strbuf.h"
#include "tileaa/ir_build.h"
#include "tileaa/view_read.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/sched.h"
#include "tileas/tileas.h"

#define PRODUCER_REGS 40       /* setmaxnreg.dec of the producer warpgroup at one CTA per SM (CUTLASS's 40) */
#define PRODUCER_REGS_SHARED 24 /* ... at two or more CTAs per SM (setmaxnreg's floor; the 24-40) */
#define CONSUMER_REGS_MAX 240   /* setmaxnreg.inc ceiling of a consumer warpgroup */
#define CARRIED_MARGIN 64       /* registers a consumer needs besides the loop-carried tiles (descriptors,
                                   addresses, loop state, the softmax temporaries of attention) */
#define WS_MAX_CTAS_PER_SM 4
#define TMEM_COLUMNS_PER_SM 512 /* sm_100a: a CTA's tcgen05.alloc waits while the columns are taken */

/* The agents' setmaxnreg budgets for `ctas` CTAs per SM: each CTA launches with the share
 * .maxnreg = 65536 / ctas / threads (a multiple of 8) of every thread, and the agents redistribute
 * that pool (threads x share) at run time: the producer warpgroup keeps PRODUCER_REGS
 * (PRODUCER_REGS_SHARED when CTAs share the SM), the consumers take the rest, a multiple of 8
 * (setmaxnreg's granule), at most 240. One CTA, two consumer warpgroups: 40 / 232 (share 168); two
 * CTAs, one consumer warpgroup: 24 / 232 (share 128). ptxas allocates every agent's code within
 * the share (it refuses a wgmma m64n128 under 90: two CTAs of 384 threads, share 80, cannot run
 * one), so the share, not the consumer budget, is what the consumers' code must fit. */
typedef struct {
  int ctas_per_sm, share, producer, consumer;
} ws_budget;

static ws_budget ws_budget_for(int consumer_threads, int ctas) {
  int threads = consumer_threads + 128;
  ws_budget b = {ctas, ct_ws_launch_share(ctas, threads), ctas > 1 ? PRODUCER_REGS_SHARED : PRODUCER_REGS, 0};
  int64_t r = ((int64_t)b.share * threads - 128 * b.producer) / consumer_threads / 8 * 8;
  b.consumer = (int)(r < CONSUMER_REGS_MAX ? r : CONSUMER_REGS_MAX);
  return b;
}

/* Why the loop of plan p cannot be warp-specialised, or NULL; *bad: the op at fault, if one. */
static const char *ineligible(MlirOperation entry, const ct_hopper_plan *p, MlirOperation *bad) {
  *bad = (MlirOperation){NULL};
  bool ring = false;
  for (int i = 0; i < p->npipes; i++) ring |= p->pipes[i].in_loop;
  if (!ring) return "the loop has no TMA ring (its operands are loaded before it or staged from registers)";
  ct_oplist allocas = {0};
  ct_ir_collect(entry, "cuda_tile.alloca", &allocas);
  bool global_alloca = false;
  for (size_t i = 0; i < allocas.n; i++)
    global_alloca |= !mlirAttributeIsNull(mlirOperationGetAttributeByName(allocas.ops[i], ct_ir_sref("global")));
  ct_oplist_free(&allocas);
  if (global_alloca) return "the kernel has an `alloca global` (its buffer is freed by the whole CTA at its return)";
  if (!ct_ws_replays(entry, p)) return NULL; /* the producer warpgroup runs the kernel up to the loop too */
  /* the producer's thread replays its slice of the kernel (the control flow around a nested loop,
   * what the fills read) */
  ct_oplist slice = {0};
  const char *why = ct_ws_producer_slice(p, &slice, bad);
  ct_oplist_free(&slice);
  return why;
}

/* 32-bit words per consumer thread of the loop's carried tiles (accumulators, softmax state; not
 * the tcgen05 accumulators that stay in TMEM). */
static int64_t carried_words(const ct_hopper_plan *p, int threads) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->for_op, 0));
  int64_t words = 0;
  for (intptr_t i = 1; i < mlirBlockGetNumArguments(b); i++) {
    bool in_tmem = false;
    for (int k = 0; k < p->nmmas && p->tcgen05; k++) in_tmem |= (p->mmas[k].keep_in_flight || p->mmas[k].tmem_rescaled) && i == 1 + p->mmas[k].loop_result;
    if (in_tmem) continue;
    ct_type t;
    if (ct_type_from_mlir(mlirValueGetType(mlirBlockGetArgument(b, i)), &t) && t.kind == CT_TYPE_TILE)
      words += ct_tile_regs_per_thread(&t, threads);
  }
  return words;
}

/* Does v depend (through at most `depth` ops) on cuda_tile.get_num_tile_blocks? */
static bool reads_grid_size(MlirValue v, int depth) {
  if (!mlirValueIsAOpResult(v) || depth <= 0) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (ct_ir_is(d, "cuda_tile.get_num_tile_blocks")) return true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++)
    if (reads_grid_size(mlirOperationGetOperand(d, i), depth - 1)) return true;
  return false;
}

/* Is the loop nested in a persistent tile loop: an enclosing loop whose trip count is computed
 * from the grid size (`for %t in (%bid to %tiles, step %grid)`, which TileAA counts as
 * (%tiles - %bid + %grid - 1) / %grid)? Such a kernel is written for a grid of at most one wave. */
static bool in_persistent_tile_loop(const ct_hopper_plan *p) {
  if (!p->nested) return false;
  for (MlirOperation a = mlirOperationGetParentOperation(p->for_op); !mlirOperationIsNull(a) && !ct_ir_is(a, "cuda_tile.entry");
       a = mlirOperationGetParentOperation(a))
    if (ct_ir_is(a, "tileaa.for") && reads_grid_size(mlirOperationGetOperand(a, 0), 8)) return true;
  return false;
}

/* auto: does specialization pay for this loop at budget b? NULL = yes, else why not. */
static const char *ws_pays(const ct_hopper_plan *p, const ws_budget *b) {
  MlirAttribute tc = mlirOperationGetAttributeByName(p->for_op, ct_ir_sref("trip_count"));
  if (!mlirAttributeIsNull(tc) && mlirAttributeIsAInteger(tc) && mlirIntegerAttrGetValueInt(tc) < 2 * p->stages &&
      !in_persistent_tile_loop(p)) /* (a persistent kernel's rings run on across its tiles: no prologue per tile) */
    return "the loop runs fewer than two fills per stage";
  if (carried_words(p, 128 * p->warpgroups) + CARRIED_MARGIN > b->share && b->ctas_per_sm == 1)
    return "the loop-carried tiles and the loop's addressing do not fit the consumer register budget";
  return NULL;
}

/* Shared memory one resident CTA of plan p takes from its SM: the ring and mbarriers, the 1024 B
 * alignment pad, the driver's reservation. */
static int64_t cta_smem_footprint(const ct_hopper_plan *p, const ct_machine *m) {
  return (p->smem_bytes + 1023) / 1024 * 1024 + 1024 + m->smem_reserved_per_cta;
}

/* Do `b.ctas_per_sm` CTAs fit: the wgmma accumulators and their issue, and the consumers' register
 * pressure (reg_pressure.c, the estimate the code generator's budget check uses) in 7/8 of the
 * launch share; the CTAs' shared memory in the SM's; their TMEM columns in the SM's 512? NULL =
 * yes, else why not. */
static const char *ws_budget_fits(MlirOperation entry, const ct_hopper_plan *p, const ws_budget *b, const ct_machine *m) {
  if (ct_hopper_mma_min_regs(p) > b->share)
    return p->tcgen05 ? "a tcgen05.ld / st of the accumulator needs more registers than that many CTAs leave a thread"
                      : "the wgmma accumulators and their issue need more registers than that many CTAs leave a thread";
  ct_reg_pressure P = {.nthreads = 128 * p->warpgroups, .budget = b->share * 7 / 8, .plan = p};
  if (!ct_reg_pressure_fits(entry, &P)) return "the consumers' registers do not fit that many CTAs' share";
  if (b->ctas_per_sm * cta_smem_footprint(p, m) > m->smem_per_sm_bytes) return "that many CTAs' shared memory exceeds the SM's";
  if (p->tcgen05 && b->ctas_per_sm * p->mmas[0].tmem.columns > TMEM_COLUMNS_PER_SM)
    return "that many CTAs' tensor-memory columns exceed the SM's 512";
  return NULL;
}

int64_t ct_static_grid_bound(MlirOperation entry) {
  ct_oplist ids = {0};
  ct_ir_collect(entry, "cuda_tile.get_tile_block_id", &ids);
  int64_t grid = ids.n ? 1 : 0;
  for (size_t i = 0; i < ids.n && grid; i++)
    for (intptr_t d = 0; d < mlirOperationGetNumResults(ids.ops[i]) && grid; d++) {
      MlirValue id = mlirOperationGetResult(ids.ops[i], d);
      int64_t bound = INT64_MAX;
      bool used = false;
      for (MlirOpOperand u = mlirValueGetFirstUse(id); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        used = true;
        MlirOperation user = mlirOpOperandGetOwner(u);
        intptr_t at = (intptr_t)mlirOpOperandGetOperandNumber(u);
        /* the view operand before the indices: tileas.produce / tileas.store / tileaa loads */
        for (intptr_t v = 0; v < at; v++) {
          MlirValue view = mlirOperationGetOperand(user, v);
          if (!mlirValueIsAOpResult(view) || !ct_ir_is(mlirOpResultGetOwner(view), "tileaa.view")) continue;
          ct_type vt;
          intptr_t j = at - v - 1;
          if (ct_tileaa_view_read(mlirOpResultGetOwner(view), &vt) || vt.has_dim_map || j >= vt.tile_rank ||
              vt.shape[j] == CT_DYNAMIC || vt.tile_shape[j] <= 0)
            break;
          int64_t extent = (vt.shape[j] + vt.tile_shape[j] - 1) / vt.tile_shape[j];
          if (extent < bound) bound = extent;
          break;
        }
      }
      if (!used) continue;
      grid = bound == INT64_MAX ? 0 : grid * bound;
    }
  ct_oplist_free(&ids);
  return grid;
}

/* CTAs per SM of the modulo pipeline for plan p: its shared memory, and its registers estimated
 * as the larger of the MMAs' need (ct_hopper_mma_min_regs) and the pressure estimate,
 * rounded up to 8 (ptxas gives examples/gemm.mlir's 256 threads 90: two CTAs). */
static int modulo_ctas_per_sm(MlirOperation entry, const ct_hopper_plan *p, const ct_machine *m) {
  int threads = 128 * p->warpgroups;
  ct_reg_pressure P = {.nthreads = threads, .budget = CT_REG_MAX_PER_THREAD, .plan = p};
  ct_reg_pressure_fits(entry, &P);
  int64_t regs = ct_hopper_mma_min_regs(p);
  if (P.peak > regs) regs = P.peak;
  return ct_ctas_per_sm(m, threads, regs, cta_smem_footprint(p, m));
}

int ct_ctas_per_sm(const ct_machine *m, int threads, int64_t regs, int64_t smem_footprint) {
  regs = (regs + 7) / 8 * 8;
  int64_t ctas = CT_REG_FILE_PER_CTA / (threads * regs);
  if (2048 / threads < ctas) ctas = 2048 / threads;
  if (smem_footprint > 0 && m->smem_per_sm_bytes / smem_footprint < ctas) ctas = m->smem_per_sm_bytes / smem_footprint;
  return ctas < 1 ? 1 : ctas > 32 ? 32 : (int)ctas;
}

/* auto, occupancy: specialization pays when it runs as many CTAs per SM as the modulo pipeline, or
 * when the grid fits one wave of its CTAs (then both run one CTA per SM, or fewer, and the
 * producer's decoupled fills win). Measured on an H200 (docs/performance.md): 1.58x faster on the
 * static 1024^3 GEMM (64 CTAs), 1.35x slower at 4096^3 (one CTA per SM against two). Writes the
 * reason either way into buf. */
static bool ws_occupancy_pays(MlirOperation entry, const ct_hopper_plan *p, const ws_budget *b, const ct_machine *m,
                              char *buf, size_t cap) {
  int modulo = modulo_ctas_per_sm(entry, p, m);
  const char *s = b->ctas_per_sm > 1 ? "s" : "";
  if (b->ctas_per_sm >= modulo) {
    snprintf(buf, cap, "auto: the fills and empty-stage waits leave the consumers' instruction stream, at %d CTA%s per SM "
             "as the modulo pipeline's estimated %d", b->ctas_per_sm, s, modulo);
    return true;
  }
  if (in_persistent_tile_loop(p)) {
    snprintf(buf, cap, "auto: a persistent kernel (its tile loop strides by the grid: one wave by design); the producer "
             "loads the next tile's stages during the consumers' epilogue");
    return true;
  }
  int64_t grid = ct_static_grid_bound(entry);
  if (grid > 0 && grid <= (int64_t)m->roofline.sms * b->ctas_per_sm) {
    snprintf(buf, cap, "auto: the fills and empty-stage waits leave the consumers' instruction stream, and the grid "
             "(at most %lld CTAs) fits one wave at %d CTA%s per SM", (long long)grid, b->ctas_per_sm, s);
    return true;
  }
  snprintf(buf, cap, "warp specialization would run %d CTA%s per SM where the modulo pipeline runs an estimated %d, and the grid is %s",
           b->ctas_per_sm, s, modulo, grid > 0 ? "larger than one wave" : "not known to fit one wave");
  return false;
}

/* How many CTAs per SM the agents' register budgets are cut for: the entry's `occupancy` hint for
 * the target (1-4) when it fits, else the most (up to four) that fit: a second resident CTA
 * overlaps one CTA's prologue and epilogue with the other's main loop, which one CTA per SM
 * leaves idle (measured on an H200: docs/performance.md, 2026-11-27). *note: why a hint
 * was not followed, or NULL. */
static ws_budget ws_choose_budget(MlirOperation entry, const ct_hopper_plan *p, const ct_tileas_options *o,
                                  const char **note) {
  const ct_machine *m = ct_machine_for(o->target);
  int consumer_threads = 128 * p->warpgroups;
  *note = NULL;
  int64_t hint = 0;
  ct_attr_hint_int(mlirOperationGetAttributeByName(entry, ct_ir_sref("optimization_hints")),
                   o->target == CT_TILEAS_SM100A ? "sm_100" : "sm_90", "occupancy", &hint);
  if (hint >= 1 && hint <= WS_MAX_CTAS_PER_SM) {
    ws_budget b = ws_budget_for(consumer_threads, (int)hint);
    if (hint == 1 || !(*note = ws_budget_fits(entry, p, &b, m))) return b;
  } else if (hint) {
    *note = "the occupancy hint is outside 1-4";
  }
  for (int ctas = hint > 1 && hint <= WS_MAX_CTAS_PER_SM ? (int)hint - 1 : WS_MAX_CTAS_PER_SM; ctas > 1; ctas--) {
    ws_budget b = ws_budget_for(consumer_threads, ctas);
    if (!ws_budget_fits(entry, p, &b, m)) return b;
  }
  return ws_budget_for(consumer_threads, 1);
}

/* The decision in the schedule trace (--schedule-trace-file: "pipelines"), when one is collected. */
static void trace_decision(MlirOperation entry, MlirOperation loop, const char *variant, const char *reason,
                           const ct_tileas_ws *w) {
  ct_sched_trace *t = ct_sched_installed_trace();
  if (!t) return;
  char kname[128];
  ct_strbuf lb;
  ct_sched_loop_names(entry, loop, kname, sizeof kname, &lb);
  ct_sched_trace_add_pipeline(t, kname, lb.data ? lb.data : "", w ? "warp_specialize" : "modulo", variant, reason, w);
  ct_strbuf_free(&lb);
}

/* Several loops: a later loop's rings that share shared memory with an earlier loop's move past the
 * end of the plan's shared memory (ct_hopper_separate_loop_rings) while `b.ctas_per_sm` CTAs still
 * fit the SM, so that the producer fills them while the consumers run the earlier loop; the new
 * tileas.offset of each moved buffer and the entry's tileas.smem_bytes are recorded. Else the rings
 * keep sharing and the producer drains the earlier loop first (lower_ws_producer.c). */
static void separate_loop_rings(MlirOperation entry, ct_hopper_plan *p, const ws_budget *b, const ct_machine *m) {
  int64_t per_cta = m->smem_per_sm_bytes / b->ctas_per_sm - 1024 - m->smem_reserved_per_cta;
  int64_t added = ct_hopper_separate_loop_rings(p, per_cta / 1024 * 1024);
  if (!added) return;
  for (int i = 0; i < p->npipes; i++)
    if (p->pipes[i].in_loop) ct_tileas_set_offset(p->pipes[i].alloc, p->pipes[i].smem_off);
  MlirAttribute smem = mlirOperationGetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"));
  if (!mlirAttributeIsNull(smem) && mlirAttributeIsAInteger(smem))
    mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"),
                                    ct_ir_i64_attr(mlirOperationGetContext(entry), mlirIntegerAttrGetValueInt(smem) + added));
}

static bool specialize_entry(ct_ctx *c, MlirOperation entry, const ct_tileas_options *o) {
  ct_hopper_plan_env env = {.c = c,
                            .has_wgmma = o->target == CT_TILEAS_SM90A,
                            .has_tcgen05 = o->target == CT_TILEAS_SM100A && !o->tunables.disable_tcgen05};
  ct_hopper_plan plan;
  const char *why = NULL;
  if (!ct_hopper_plan_entry(&env, entry, &plan, 0, &why)) return true; /* not on the wgmma path */
  MlirOperation bad;
  if ((why = ineligible(entry, &plan, &bad))) { /* (the pass runs for warp-specialize and auto only) */
    char on[64] = "";
    if (!mlirOperationIsNull(bad)) ct_op_short_name(bad, on, sizeof on);
    ct_remark_op(c, mlirOperationIsNull(bad) ? plan.for_op : bad, "warp specialization: not for this loop: %s%s%s%s", why,
                 on[0] ? " (" : "", on, on[0] ? ")" : "");
    trace_decision(entry, plan.for_op, NULL, why, NULL);
    return true;
  }
  const char *hint_note;
  ws_budget budget = ws_choose_budget(entry, &plan, o, &hint_note);
  if (hint_note) ct_remark_op(c, entry, "warp specialization: occupancy hint not followed: %s", hint_note);
  char occupancy[200] = "";
  /* auto: every loop must pay (several loops: one producer agent serves them in turn, and every
   * loop's consumers run at the agents' budgets) */
  ct_hopper_plan *lp = malloc(sizeof *lp);
  if (!lp) abort();
  MlirOperation at = plan.for_op;
  why = NULL;
  for (int l = 0; l < plan.nloops && o->pipeline_strategy == CT_PIPELINE_AUTO && !why; l++) {
    ct_hopper_plan_of_loop(&plan, l, lp);
    if ((why = ws_pays(lp, &budget))) at = plan.loops[l];
  }
  free(lp);
  if (o->pipeline_strategy == CT_PIPELINE_AUTO &&
      (why || (!ws_occupancy_pays(entry, &plan, &budget, ct_machine_for(o->target), occupancy, sizeof occupancy) &&
               (why = occupancy)))) {
    ct_remark_op(c, at, "warp specialization: auto keeps the modulo pipeline: %s", why);
    for (int l = 0; l < plan.nloops; l++) trace_decision(entry, plan.loops[l], NULL, why, NULL);
    return true;
  }
  /* the variant: heavy when every loop's modulo schedule was computed (one agent set serves all) */
  bool heavy = true;
  for (int l = 0; l < plan.nloops; l++) {
    ct_tileas_schedule sch;
    MlirAttribute sa = mlirOperationGetAttributeByName(plan.loops[l], ct_ir_sref("tileas.schedule"));
    heavy &= !mlirAttributeIsNull(sa) && !ct_tileas_schedule_read(sa, &sch) && strcmp(sch.status, "light") != 0;
  }
  ct_tileas_ws w = {.heavy = heavy, .ctas_per_sm = budget.ctas_per_sm, .nagents = 2};
  w.agents[0] = (ct_tileas_agent){CT_AGENT_PRODUCER, 4 * plan.warpgroups, 4 * plan.warpgroups + 4, budget.producer};
  w.agents[1] = (ct_tileas_agent){CT_AGENT_CONSUMER, 0, 4 * plan.warpgroups, budget.consumer};
  MlirContext ctx = mlirOperationGetContext(entry);
  const char *reason = o->pipeline_strategy == CT_PIPELINE_AUTO ? occupancy : "--pipeline-strategy=warp-specialize";
  for (int l = 0; l < plan.nloops; l++) {
    MlirOperation loop = plan.loops[l];
    mlirOperationSetAttributeByName(loop, ct_ir_sref("tileas.pipeline"), ct_tileas_pipeline_attr(ctx, heavy, budget.ctas_per_sm));
    mlirOperationSetAttributeByName(loop, ct_ir_sref("tileas.agents"), ct_tileas_agents_attr(ctx, &w));
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
      if (ct_ir_is(op, "tileas.produce") && hopper_pipe_of_load(&plan, op) >= 0) ct_tileas_set_agent(op, 0);
      else if ((ct_ir_is(op, "tileas.consume") || ct_ir_is(op, "tileas.release")) && hopper_takes_pipe_slot(&plan, op))
        ct_tileas_set_agent(op, 1);
    }
    trace_decision(entry, loop, heavy ? "heavy" : "light", reason, &w);
    /* heavy: the modulo scheduler once more, per agent (its own RRT; sched_ir.c) */
    if (heavy && !ct_sched_agent_schedules(c, o->target, entry, loop, 0)) return false;
  }
  char loops[200] = "";
  if (plan.nloops > 1) {
    separate_loop_rings(entry, &plan, &budget, ct_machine_for(o->target));
    bool shared = false;
    for (int l = 1; l < plan.nloops; l++)
      for (int e = 0; e < l; e++) shared |= ct_hopper_loop_rings_overlap(&plan, e, l);
    snprintf(loops, sizeof loops, " for the kernel's %d loops in turn (%s)", plan.nloops,
             shared ? "a loop's rings reuse an earlier loop's shared memory: the producer waits for that loop's last "
                      "stages first"
                    : "each loop's rings in their own shared memory: the producer fills a loop during the one before");
  }
  bool per_iter = false, rescaled = false; /* (tcgen05: an accumulator read back every iteration, attention's S;
                                             * one rescaled in TMEM, its O) */
  for (int k = 0; k < plan.nmmas; k++) per_iter |= plan.mmas[k].tmem_per_iter, rescaled |= plan.mmas[k].tmem_rescaled;
  ct_remark_op(c, plan.for_op, "warp specialization (%s, %s variant%s): producer warpgroup warps %d-%d at %d registers "
               "issues the TMA fills%s; consumer warps 0-%d at %d registers %s%s; budgets for %d CTA%s per SM",
               reason, heavy ? "heavy" : "light", heavy ? ": each agent modulo-scheduled on its own RRT" : ": no schedule",
               4 * plan.warpgroups, 4 * plan.warpgroups + 3, budget.producer, loops, 4 * plan.warpgroups - 1, budget.consumer,
               plan.tcgen05 && per_iter ? "(the MMA agent: thread 0 issues tcgen05.mma and commits each stage; all read "
                                          "TMEM back every iteration)"
               : plan.tcgen05           ? "(the MMA agent: thread 0 issues tcgen05.mma and commits each stage; all read "
                                          "TMEM back after the loop)"
               : heavy                  ? "compute"
                                        : "compute, waiting for each iteration's wgmma group",
               rescaled ? " (a rescaled accumulator stays in TMEM: the consumers rescale it there every iteration)" : "",
               budget.ctas_per_sm, budget.ctas_per_sm > 1 ? "s" : "");
  return true;
}

bool ct_tileas_warp_specialize(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  if (o->pipeline_strategy == CT_PIPELINE_MODULO) return true;
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t i = 0; i < entries.n && ok; i++) ok = specialize_entry(c, entries.ops[i], o);
  ct_oplist_free(&entries);
  return ok;
}

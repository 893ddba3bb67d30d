/* sched: the TileAS modulo scheduler — machine model as data (machine.h rows/pools/latencies),
 * MII (ResMII from the Resource Reservation Table, RecMII from loop-carried cycles), placement into
 * the modulo RRT by a lexicographic cost-based generator, the stage count of each loop's pipes, and
 * the schedule trace (docs/schedule-trace.md).
 *
 *   sched_solve.c  the core on a plain dependence graph (no MLIR): MII, Floyd-Warshall structural
 *                  distances, threshold search, placement, cost vectors, zero-producer fallback
 *   sched_ir.c     the TileAS hook: builds the graph of every tileaa.for body, solves it, writes the
 *                  stage count onto tileas.pipe / tileas.alloc and `tileas.sched` onto the ops
 *   sched_trace.c  options (--rrt-size-threshold, env knobs), the trace collector, its JSON writer
 * Seed: 001 "Lexicographic Cost Vector", "Roofline Reasoning", "Performance-Analysis Workflow",
 * Blackwell 15-slot model / pools / Big-M; seed 000 hot/cold memory-op priority. Owner: sched. */
#ifndef TILEC_TILEAS_SCHED_H
#define TILEC_TILEAS_SCHED_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mlir-c/IR.h>

#include "support/context.h"
#include "tileas/machine.h"

/* ---- problem ---------------------------------------------------------------------------------- */
typedef enum ct_sched_temp { CT_SCHED_NEUTRAL, CT_SCHED_HOT, CT_SCHED_COLD } ct_sched_temp;

typedef struct ct_sched_op {
  char name[48];          /* "tileas.produce#0" (trace label) */
  ct_lat_op lat_class;    /* latency-table entry (or -1 for a zero-latency op) */
  int latency;            /* cycles until a dependent may start */
  uint32_t issue_rows;    /* issue slots held for 1 cycle */
  uint32_t transport_rows;/* singleton transport rows held for `occupancy` cycles */
  int occupancy;
  ct_sched_temp temp;     /* seed 000: hot ops first among ties */
  int pipe;               /* index of the pipe this op produces into / consumes from, -1 none */
  bool pipe_producer, pipe_consumer;
  bool compute;           /* counts toward the roofline compute_cycles */
} ct_sched_op;

typedef struct ct_sched_edge {
  int from, to;
  int latency;  /* min cycles between the starts */
  int distance; /* iteration distance (0 = same iteration, 1 = loop-carried; -1: `to` of iteration i after `from` of i + 1) */
} ct_sched_edge;

typedef struct ct_sched_pipe_info {
  int64_t stage_bytes;   /* SMEM bytes of one stage of this pipe */
  bool tmem_staged;      /* pool 1 */
  bool named_barrier;    /* cp.async handoff through bar.sync (pool 6) */
} ct_sched_pipe_info;

typedef struct ct_sched_problem {
  const ct_machine *m;
  ct_sched_op *ops;        int nops;   /* program order */
  ct_sched_edge *edges;    int nedges;
  ct_sched_pipe_info *pipes; int npipes;
  int64_t other_smem_bytes; /* SMEM committed outside this loop's pipes */
  bool unlimited_smem;      /* TILE_AS_DEBUG_UNLIMITED_SMEM: pool 5 cap = INT_MAX */
  int memory_cycles, compute_cycles; /* issue-occupancy roofline (RRT units): the TMEM pool check */
  const ct_roofline *roofline;       /* latency-true terms of the stage count (trace), or NULL */
} ct_sched_problem;

/* ---- latency-true roofline (roofline.c) ------------------------------------------------------- */
/* The compute terms of one iteration of `loop` (a tileaa.for; nested regions included): each
 * mmaf/mmai at the rate of its `tileas.mma` family (mma.sync when absent) and operand type, the
 * other cuda_tile ops by their element results. Fills mma_fmas .. compute_cycles of r. */
void ct_roofline_compute(const ct_machine *m, MlirOperation loop, ct_roofline *r);
/* All the terms of one iteration of `loop`: ct_roofline_memory (load_bytes = one stage of every
 * pipe of the loop) and ct_roofline_compute. */
void ct_roofline_loop(const ct_machine *m, MlirOperation loop, int64_t load_bytes, bool tmem_staged, ct_roofline *r);
/* The mmaf ops of `loop` (a tileaa.for; 1 to cap of them, in program order) when every one
 * accumulates into a loop-carried value that nothing else reads (its C operand an iteration
 * argument only it uses, its result read by nothing but the loop's `continue`, at that argument's
 * position): then their tensor-core work can stay in flight into the next iteration (a GEMM main
 * loop, SwiGLU's gate and up projections; attention's S = Q Kᵀ is read by the softmax in the same
 * iteration and is not). wgmma (tcgen05 false) also needs A straight from memory (a tileaa.wait or
 * tileas.consume: an A in registers would be rewritten while the group reads it) and an f32 / i32
 * accumulator (an f16 one is repacked around every chain); tcgen05 keeps the accumulators in TMEM
 * (any type; an A from registers is copied into shared-memory slots each iteration). Returns
 * their count (mmafs[i], results[i]: the loop result each accumulates into; either may be NULL),
 * else 0. */
#define CT_LOOP_MAX_IN_FLIGHT 4
int ct_loop_mmas_in_flight(MlirOperation loop, MlirOperation *mmafs, int *results, int cap, bool tcgen05);
/* The `mulf` that rescales mmaf mm's loop-carried accumulator in place when mm's C is
 * mulf(acc, scale) (either order) with acc an iteration argument of `loop` only that mulf uses,
 * the mulf's result only mm reads, and mm's result read by nothing but the loop's `continue` at
 * acc's position (attention's O = O · alpha + P · V): *result is that loop result's index,
 * *scale_operand the mulf operand that is the scale. Else a null operation. tcgen05 keeps such an
 * accumulator in TMEM for the whole loop and rescales it there (hopper_plan.c plan_tmem). */
MlirOperation ct_mma_acc_rescaled(MlirOperation loop, MlirOperation mm, int *result, int *scale_operand);
/* Is ct_loop_mmas_in_flight's count at least 1? (The stage count: an in-flight group holds one more stage.) */
bool ct_loop_mma_in_flight(MlirOperation loop, bool tcgen05);
/* Shared memory the code generator takes, beyond the pipes' rings, for the ops of `entry` that
 * always go through it (extract, cat, print, both operands of an mma on mma.sync): the largest
 * single need, as the code generator reuses one region for all (lower_kernel.c smem_base). Layout
 * conversions are placed after the stage count and are not in it (their bytes are checked by the
 * code generator against the 227 KiB a block may use). */
int64_t ct_roofline_scratch_bytes(MlirOperation entry);
/* exp, log, rsqrt, sqrt, divf, sin, cos, tanh, pow: ops that run on the SFU (MUFU). */
bool ct_op_is_sfu(MlirOperation op);

/* ---- options ---------------------------------------------------------------------------------- */
typedef struct ct_sched_options {
  int64_t rrt_size_threshold; /* --rrt-size-threshold=N: RRT cells (ops x MII) above which the light
                                 path (no modulo placement, zero-producer schedule) runs; 0 = always
                                 light; default 1<<22 */
  int max_ii_tries;           /* II search: MII .. MII + max_ii_tries (default 64) */
  int candidate_budget;       /* legal candidates ranked per op (default 8) */
  char latency_override[256]; /* TILEC_SCHED_LATENCY_OVERRIDE "tma_load=40,wgmma=4" (test-only) */
  char pool_override[256];    /* TILEC_SCHED_POOL_OVERRIDE "named_barriers=1,smem_bytes=65536" */
  int num_stages;             /* --num-stages=N: every pipelined loop's ring depth (0 = roofline) */
  ct_pipeline_strategy pipeline_strategy; /* --pipeline-strategy=modulo|warp-specialize|auto */
} ct_sched_options;

void ct_sched_options_init(ct_sched_options *o);
/* Reads TILEC_SCHED_LATENCY_OVERRIDE and TILEC_SCHED_POOL_OVERRIDE. */
void ct_sched_options_from_env(ct_sched_options *o);
/* Try to consume one command-line argument (--rrt-size-threshold=N). 1 consumed, 0 not ours,
 * -1 ours but invalid (message in err). */
int ct_sched_parse_arg(ct_sched_options *o, const char *arg, char *err, size_t errlen);
const char *ct_sched_help(void);
/* A copy of `base` with the overrides applied; false + err on a bad override string. */
bool ct_sched_machine_apply(ct_machine *out, const ct_machine *base, const ct_sched_options *o, char *err, size_t errlen);

/* ---- result ----------------------------------------------------------------------------------- */
#define CT_SCHED_INF INT32_MAX
typedef struct ct_sched_cost { int32_t c[4]; } ct_sched_cost; /* legality, pipe-slot, bank, kendall */

typedef struct ct_sched_candidate_log {
  int op, cycle;
  ct_sched_cost cost;
  bool chosen;
} ct_sched_candidate_log;

typedef struct ct_sched_result {
  int res_mii, rec_mii, mii, ii;
  const char *res_mii_row;      /* the row binding ResMII */
  int *cycle, *stage;           /* per op: absolute cycle in iteration 0, cycle / II */
  const char **arm;             /* per op: "cost" (ranked), "asap" (only legal candidate), "fallback" */
  int schedule_stages;          /* max over pipes of stage(consumer) - stage(producer) + 1 */
  int length;                   /* last cycle + latency */
  const char *status;           /* "scheduled", "fallback-zero-producer", "light" */
  char binding[128];            /* on fallback: the constraint that failed ("row tp_smem_wr", "pool
                                   smem_bytes", "cycle ceiling 5000"); scheduled at II > MII: the one
                                   that rejected II - 1 ("II 16: row tp_mma at cuda_tile.mmaf#2") */
  int *ii_tries; int nii_tries; /* the II values tried (placement-arm sequence) */
  ct_sched_candidate_log *cands; int ncands, cands_cap; /* ranked candidates (trace) */
  int64_t pool_use[CT_POOL__COUNT];
  double solve_ms;
} ct_sched_result;

/* Solve one loop body. Always produces a schedule (the trivial zero-producer fallback when nothing
 * fits). Destroy with ct_sched_result_free. */
void ct_sched_solve(const ct_sched_problem *p, const ct_sched_options *o, ct_sched_result *r);
void ct_sched_result_free(ct_sched_result *r);

/* Building blocks (exposed for the unit tests). */
int ct_sched_res_mii(const ct_sched_problem *p, const char **binding_row);
int ct_sched_rec_mii(const ct_sched_problem *p, const int32_t *dist);
/* Longest-path closure over distance-0 edges (n x n, CT_SCHED_NO_PATH where none). Caller frees. */
#define CT_SCHED_NO_PATH (-(1 << 29))
#define CT_SCHED_HAS_PATH(v) ((v) > -(1 << 28))
int32_t *ct_sched_structural_distance(const ct_sched_problem *p);
/* Exponential-then-binary search: the smallest t in [0, cap] with feasible(t) (monotone), or -1. */
int64_t ct_sched_threshold_search(bool (*feasible)(int64_t t, void *ctx), void *ctx, int64_t cap);
/* Kendall-tau inversions of `cycle` (placed ops only, placed[i]) against program order. */
int ct_sched_kendall_inversions(const int *cycle, const bool *placed, int n);
int ct_sched_cost_compare(const ct_sched_cost *a, const ct_sched_cost *b);

/* ---- trace ------------------------------------------------------------------------------------ */
typedef struct ct_sched_trace ct_sched_trace;
ct_sched_trace *ct_sched_trace_create(void);
void ct_sched_trace_destroy(ct_sched_trace *t);
/* Record one solved loop (copies what it needs); agent: NULL for the whole loop, else the agent whose
 * part of a warp-specialised loop this schedule is ("producer", "consumer"). */
void ct_sched_trace_add_loop(ct_sched_trace *t, const char *kernel, const char *loc, const char *agent,
                             const ct_sched_problem *p, const ct_sched_result *r, int final_stages, const char *limited_by,
                             int roofline);
/* Record one pipeline-strategy decision (warp_specialize.c): strategy "modulo" | "warp_specialize",
 * variant "light" | "heavy" (NULL for modulo), the reason, and the agents (NULL for modulo). */
struct ct_tileas_ws;
void ct_sched_trace_add_pipeline(ct_sched_trace *t, const char *kernel, const char *loc, const char *strategy,
                                 const char *variant, const char *reason, const struct ct_tileas_ws *agents);
/* The heavy variant of warp specialization (warp_specialize.c): the modulo scheduler again, once per
 * agent, on an RRT of the agent's own ops of `loop` (the producer agent: the ring pipes'
 * tileas.produce marked tileas.agent = producer_agent; the consumer agent: every other op), the
 * cross-agent edges left to the ring's mbarriers. Each op's tileas.sched becomes its slot in its
 * agent's schedule, each agent's schedule a loop record (with "agent") in the trace; the ring depth
 * stays the whole loop's. */
bool ct_sched_agent_schedules(ct_ctx *c, ct_tileas_target target, MlirOperation entry, MlirOperation loop,
                              int producer_agent);
/* The collector installed by ct_sched_install (NULL: none). */
ct_sched_trace *ct_sched_installed_trace(void);
/* A loop's kernel name (its entry's sym_name, "?" without one) and location text, as the trace
 * records them; *loc is initialised here, the caller frees it. */
struct ct_strbuf;
void ct_sched_loop_names(MlirOperation entry, MlirOperation loop, char *kname, size_t cap, struct ct_strbuf *loc);
/* Write the JSON (docs/schedule-trace.md). false + errno on I/O failure. */
bool ct_sched_write_trace(const ct_sched_trace *t, const char *path, const char *input, const char *target,
                          int opt_level);

/* ---- the TileAS hook (sched_ir.c) ------------------------------------------------------------- */
/* The driver installs its options and trace collector for the conversions that follow (NULL, NULL
 * = defaults from the environment, no trace). Not thread-safe; one compile at a time. */
void ct_sched_install(const ct_sched_options *o, ct_sched_trace *t);
/* Schedule every tileaa.for of the converted TileAS module `module_op`: sets `stages` on each loop's
 * tileas.pipe / tileas.alloc (types included), `tileas.sched` on the scheduled tileas.* ops, a
 * `tileas.schedule` summary on the loop, and the kernels' tileas.smem_bytes. False after a located
 * error (bad override string; the stage count does not fit the SMEM pool). */
bool ct_sched_module(ct_ctx *c, MlirOperation module_op, ct_tileas_target target, bool unlimited_smem);
#endif

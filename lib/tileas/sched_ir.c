/* sched_ir: the TileAS hook of the modulo scheduler — turns every tileaa.for body of a converted
 * TileAS kernel into a dependence graph, solves it (sched_solve.c) and makes the result what code
 * generation reads: the pipe stage count.
 *
 * Algorithm, per cuda_tile.entry, loops in program order:
 *  1. Ops = the top-level ops of the loop body (terminator excluded), classified by the machine
 *     table: tileas.produce (tma: tma + tp_smem_wr; cp_async: lsu + tp_smem_wr; hot),
 *     tileas.consume (tcgen05_tmem: SMEM->TMEM staging on tp_tmem_wr; ldmatrix/blocked: lsu +
 *     tp_smem_rd; descriptor fragments: an mbarrier wait on sync), tileas.release (sync),
 *     tileas.load (lsu + tp_gmem, hot), tileas.store (tma or lsu), mma by `tileas.mma` (tc_and_mma +
 *     tp_mma), SFU ops, reductions (alu + tp_reduce), reduction atomics (hot), CAS atomics and
 *     constant-space loads (cold), other cuda_tile ops with results (alu).
 *  2. Edges: SSA def-use inside the body (nested uses lifted to their top-level op; latency = the
 *     producer's), loop-carried through the body's block arguments <- cuda_tile.continue operands
 *     (distance 1), and users-of-a-consumed-tile -> its tileas.release (the stage stays busy until
 *     the last reader is done; users of a cuda_tile.permute of the tile count as readers, e.g. the
 *     mma reading a K-major B operand through permute [1, 0]).
 *  3. Issue-occupancy roofline for the scheduler's TMEM pool check (RRT units, the seed's worked
 *     examples): memory = heaviest produce (+ tcgen05.cp when TMEM-staged); compute = summed
 *     latency of the loop's compute ops (nested included).
 *  3b. Latency-true roofline for the depth (roofline.c): memory = load latency + one stage of every
 *     pipe at the SM's share of DRAM bandwidth; compute = the iteration's tensor-core and ALU work.
 *  4. ct_sched_solve, then ct_stage_count (3b, schedule_stages, --num-stages), clamped to the
 *     mbarrier pool (2 per pipe stage; limited_by "mbarriers"; a --num-stages that does not fit, or
 *     is below the schedule's span, is a located error): the result replaces `stages` on every
 *     pipe of the loop (type, `limited_by`, roofline inputs) and on its tileas.alloc (type, bytes),
 *     and the kernel's tileas.smem_bytes; each scheduled tileas.* op gets
 *     `tileas.sched = {cycle, stage}` and the loop a `tileas.schedule` summary (attrs.h).
 * Seed: 001 "Roofline Reasoning", "Lexicographic Cost Vector"; 000 hot/cold classification.
 * Knobs: ct_sched_install (options, trace), TILE_AS_DEBUG_UNLIMITED_SMEM (unlimited_smem),
 * TILEC_SCHED_LATENCY_OVERRIDE / TILEC_SCHED_POOL_OVERRIDE (test-only). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/strbuf.h"
#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/sched.h"

/* Bytes of the kernel's TMA-store staging buffers (a tileas.store's last operand, a tileas.alloc):
 * the code generator lays them over the ring after the loop when the ring is at least as large. */
static int64_t store_staging_bytes(MlirOperation entry) {
  ct_oplist st = {0};
  ct_ir_collect(entry, "tileas.store", &st);
  int64_t bytes = 0;
  for (size_t i = 0; i < st.n; i++) {
    intptr_t k = mlirOperationGetNumOperands(st.ops[i]);
    if (k < 1) continue;
    MlirValue last = mlirOperationGetOperand(st.ops[i], k - 1);
    if (!mlirValueIsAOpResult(last)) continue;
    MlirOperation al = mlirOpResultGetOwner(last);
    ct_tileas_alloc a;
    if (ct_ir_is(al, "tileas.alloc") && !ct_tileas_alloc_read(al, &a)) bytes += a.bytes;
  }
  ct_oplist_free(&st);
  return bytes;
}

static ct_sched_options installed_options;
static bool have_installed_options;
static ct_sched_trace *installed_trace;

ct_sched_trace *ct_sched_installed_trace(void) { return installed_trace; }

void ct_sched_loop_names(MlirOperation entry, MlirOperation loop, char *kname, size_t cap, ct_strbuf *loc) {
  MlirAttribute nm = mlirOperationGetAttributeByName(entry, ct_ir_sref("sym_name"));
  snprintf(kname, cap, "?");
  if (!mlirAttributeIsNull(nm) && mlirAttributeIsAString(nm)) {
    MlirStringRef s = mlirStringAttrGetValue(nm);
    snprintf(kname, cap, "%.*s", (int)s.length, s.data);
  }
  ct_strbuf_init(loc);
  mlirLocationPrint(mlirOperationGetLocation(loop), ct_strbuf_mlir_callback, loc);
}

void ct_sched_install(const ct_sched_options *o, ct_sched_trace *t) {
  have_installed_options = o != NULL;
  if (o) installed_options = *o;
  installed_trace = t;
}

static bool str_attr_is(MlirOperation op, const char *name, const char *value) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ct_ir_sref(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  return s.length == strlen(value) && memcmp(s.data, value, s.length) == 0;
}

static int64_t i64_attr(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ct_ir_sref(name));
  return mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ? 0 : mlirIntegerAttrGetValueInt(a);
}

static bool name_starts(MlirOperation op, const char *prefix) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t k = strlen(prefix);
  return n.length >= k && memcmp(n.data, prefix, k) == 0;
}

/* The decisions of pipe p (false when p is null or malformed). */
static bool read_pipe(MlirOperation p, ct_tileas_pipe *out) {
  return !mlirOperationIsNull(p) && ct_tileas_pipe_read(p, out) == NULL;
}

static MlirOperation pipe_of(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) < 1) return (MlirOperation){NULL};
  MlirValue v = mlirOperationGetOperand(op, 0);
  if (!mlirValueIsAOpResult(v)) return (MlirOperation){NULL};
  MlirOperation d = mlirOpResultGetOwner(v);
  return ct_ir_is(d, "tileas.pipe") ? d : (MlirOperation){NULL};
}

#define ROW(r) (1u << (r))

/* Classify one op (step 1). Returns false for ops the model ignores (zero cost, no rows). */
static void classify(const ct_machine *m, MlirOperation op, ct_sched_op *s) {
  memset(s, 0, sizeof *s);
  s->lat_class = CT_LAT__COUNT;
  s->pipe = -1;
  ct_lat_op lc = CT_LAT__COUNT;
  if (ct_ir_is(op, "tileas.produce")) {
    ct_tileas_pipe pa;
    bool tma = read_pipe(pipe_of(op), &pa) && pa.producer == CT_ATOM_TMA;
    lc = tma ? CT_LAT_TMA_LOAD : CT_LAT_CP_ASYNC;
    s->issue_rows = ROW(tma ? CT_ROW_TMA : CT_ROW_LSU), s->transport_rows = ROW(CT_ROW_TP_SMEM_WR);
    s->temp = CT_SCHED_HOT, s->pipe_producer = true;
  } else if (ct_ir_is(op, "tileas.consume")) {
    ct_tileas_pipe pa;
    bool have = read_pipe(pipe_of(op), &pa);
    s->pipe_consumer = true;
    if (have && pa.consumer == CT_FRAG_TCGEN05_TMEM)
      lc = CT_LAT_TCGEN05_CP, s->issue_rows = ROW(CT_ROW_TC_AND_MMA), s->transport_rows = ROW(CT_ROW_TP_TMEM_WR);
    else if (have && (pa.consumer == CT_FRAG_LDMATRIX || pa.consumer == CT_FRAG_BLOCKED)) {
      lc = pa.consumer == CT_FRAG_LDMATRIX ? CT_LAT_LDMATRIX : CT_LAT_LDS;
      s->issue_rows = ROW(CT_ROW_LSU), s->transport_rows = ROW(CT_ROW_TP_SMEM_RD), s->compute = true;
    } else s->issue_rows = ROW(CT_ROW_SYNC);
  } else if (ct_ir_is(op, "tileas.release") || ct_ir_is(op, "tileas.store_wait")) {
    s->issue_rows = ROW(CT_ROW_SYNC);
  } else if (ct_ir_is(op, "tileas.load") || ct_ir_is(op, "cuda_tile.load_ptr_tko")) {
    lc = CT_LAT_LDG, s->issue_rows = ROW(CT_ROW_LSU), s->transport_rows = ROW(CT_ROW_TP_GMEM);
    s->temp = str_attr_is(op, "memory_space", "constant") ? CT_SCHED_COLD : CT_SCHED_HOT;
  } else if (ct_ir_is(op, "tileas.store")) {
    bool tma = mlirOperationGetNumResults(op) == 2;
    lc = tma ? CT_LAT_TMA_STORE : CT_LAT_STG;
    s->issue_rows = ROW(tma ? CT_ROW_TMA : CT_ROW_LSU), s->transport_rows = ROW(tma ? CT_ROW_TP_SMEM_RD : CT_ROW_TP_GMEM);
  } else if (ct_ir_is(op, "cuda_tile.atomic_rmw_tko") || ct_ir_is(op, "cuda_tile.atomic_red_view_tko") ||
             ct_ir_is(op, "cuda_tile.atomic_cas_tko")) {
    lc = CT_LAT_STG, s->issue_rows = ROW(CT_ROW_LSU), s->transport_rows = ROW(CT_ROW_TP_GMEM);
    s->temp = ct_ir_is(op, "cuda_tile.atomic_cas_tko") ? CT_SCHED_COLD : CT_SCHED_HOT;
  } else if (ct_ir_is(op, "cuda_tile.mmaf") || ct_ir_is(op, "cuda_tile.mmai")) {
    ct_mma_family fam = CT_MMA_SYNC;
    (void)ct_tileas_op_mma(op, &fam);
    lc = fam == CT_MMA_WGMMA ? CT_LAT_WGMMA : fam == CT_MMA_TCGEN05 ? CT_LAT_TCGEN05_MMA : CT_LAT_MMA_SYNC;
    s->issue_rows = ROW(CT_ROW_TC_AND_MMA), s->transport_rows = ROW(CT_ROW_TP_MMA), s->compute = true;
  } else if (ct_op_is_sfu(op)) {
    lc = CT_LAT_SFU, s->issue_rows = ROW(CT_ROW_SFU), s->compute = true;
  } else if (ct_ir_is(op, "cuda_tile.reduce") || ct_ir_is(op, "cuda_tile.scan")) {
    lc = CT_LAT_REDUCE, s->issue_rows = ROW(CT_ROW_ALU), s->transport_rows = ROW(CT_ROW_TP_REDUCE), s->compute = true;
  } else if (name_starts(op, "cuda_tile.") && !ct_ir_is(op, "cuda_tile.constant") && !ct_ir_is(op, "cuda_tile.continue") &&
             !ct_ir_is(op, "cuda_tile.yield") && !ct_ir_is(op, "cuda_tile.break") && mlirOperationGetNumResults(op) > 0) {
    lc = CT_LAT_ALU, s->issue_rows = ROW(CT_ROW_ALU), s->compute = true;
  }
  if (lc != CT_LAT__COUNT) {
    s->lat_class = lc;
    s->latency = m->latency[lc];
    s->occupancy = s->transport_rows ? (s->latency > 0 ? s->latency : 1) : 0;
  }
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(s->name, sizeof s->name, "%.*s", (int)n.length, n.data);
}

typedef struct body {
  ct_oplist ops;        /* top-level body ops, terminator excluded */
  ct_oplist pipes;      /* distinct tileas.pipe ops of the loop */
} body;

static int index_in(const ct_oplist *l, MlirOperation op) {
  for (size_t i = 0; i < l->n; i++)
    if (mlirOperationEqual(l->ops[i], op)) return (int)i;
  return -1;
}

typedef struct edge_list { ct_sched_edge *e; int n, cap; } edge_list;
static void push_edge(edge_list *l, int from, int to, int lat, int dist) {
  if (from < 0 || to < 0 || (from == to && dist == 0)) return;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->e = realloc(l->e, (size_t)l->cap * sizeof *l->e);
    if (!l->e) abort();
  }
  l->e[l->n++] = (ct_sched_edge){from, to, lat, dist};
}

/* The top-level body op that defines v (distance 0) or, through a block argument, the one feeding
 * the continue (distance 1). */
static int def_index(const body *b, MlirBlock blk, MlirOperation term, MlirValue v, int *distance) {
  *distance = 0;
  if (mlirValueIsABlockArgument(v)) {
    if (!mlirBlockEqual(mlirBlockArgumentGetOwner(v), blk)) return -1;
    intptr_t k = mlirBlockArgumentGetArgNumber(v);
    if (k < 1 || mlirOperationIsNull(term) || k - 1 >= mlirOperationGetNumOperands(term)) return -1;
    MlirValue fed = mlirOperationGetOperand(term, k - 1);
    if (!mlirValueIsAOpResult(fed)) return -1;
    MlirOperation top = ct_ir_ancestor_in_block(mlirOpResultGetOwner(fed), blk);
    *distance = 1;
    return mlirOperationIsNull(top) ? -1 : index_in(&b->ops, top);
  }
  MlirOperation top = ct_ir_ancestor_in_block(mlirOpResultGetOwner(v), blk);
  return mlirOperationIsNull(top) ? -1 : index_in(&b->ops, top);
}

/* Edges reader -> release (op index rel) for every user of the consumed tile v; a cuda_tile.permute
 * is a view of the tile (e.g. the K-major B of an mma), so its users read the stage too. */
static void release_reader_edges(const body *b, MlirBlock blk, const ct_sched_op *ops, edge_list *el, MlirValue v, int rel,
                                 int depth) {
  for (MlirOpOperand w = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(w); w = mlirOpOperandGetNextUse(w)) {
    MlirOperation user = mlirOpOperandGetOwner(w);
    MlirOperation top = ct_ir_ancestor_in_block(user, blk);
    int j = mlirOperationIsNull(top) ? -1 : index_in(&b->ops, top);
    if (j >= 0) push_edge(el, j, rel, ops[j].latency, 0);
    if (ct_ir_is(user, "cuda_tile.permute") && mlirOperationGetNumResults(user) == 1 && depth < 8)
      release_reader_edges(b, blk, ops, el, mlirOperationGetResult(user, 0), rel, depth + 1);
  }
}

static void set_stage_type(MlirContext ctx, MlirOperation op, int stages) {
  MlirValue v = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAOpaque(t)) return;
  MlirStringRef d = mlirOpaqueTypeGetData(t);
  const char *lt = memchr(d.data, '<', d.length), *x = lt ? memchr(lt, 'x', d.length - (size_t)(lt - d.data)) : NULL;
  if (!lt || !x) return;
  MlirType nt = ct_ir_opaque_type(ctx, "tileas", "%.*s%d%.*s", (int)(lt - d.data + 1), d.data, stages,
                                  (int)(d.length - (size_t)(x - d.data)), x);
  mlirValueSetType(v, nt);
}

/* Which ops of a warp-specialised loop one agent's schedule takes (ct_sched_agent_schedules). */
typedef struct agent_part {
  int producer_agent; /* tileas.agent of the producer's ops */
  bool producer;      /* this schedule: the producer's ops (else every other op) */
} agent_part;

static bool in_part(const agent_part *ap, MlirOperation op) {
  int64_t a;
  const char *why;
  bool prod = ct_ir_is(op, "tileas.produce") && ct_tileas_op_agent(op, &a, &why) && a == ap->producer_agent;
  return prod == ap->producer;
}

/* The loop's schedule in the installed trace (agent: NULL for the whole loop). */
static void trace_loop(MlirOperation entry, MlirOperation loop, const char *agent, const ct_sched_problem *prob,
                       const ct_sched_result *res, int stages, const char *limited_by, int roofline) {
  if (!installed_trace) return;
  char kname[128];
  ct_strbuf lb;
  ct_sched_loop_names(entry, loop, kname, sizeof kname, &lb);
  ct_sched_trace_add_loop(installed_trace, kname, lb.data ? lb.data : "", agent, prob, res, stages, limited_by, roofline);
  ct_strbuf_free(&lb);
}

/* scratch_bytes: the code generator's own shared memory in the kernel (ct_roofline_scratch_bytes);
 * staging_bytes: its TMA-store staging (store_staging_bytes). Both once per kernel.
 * part: NULL for the whole loop (the stage count and the pipes' depth follow its schedule); else
 * one agent's ops, whose schedule only sets their tileas.sched and goes to the trace. */
static bool schedule_loop(ct_ctx *c, const ct_machine *m, const ct_sched_options *so, bool unlimited, MlirOperation entry,
                          int64_t scratch_bytes, int64_t staging_bytes, MlirOperation loop, const agent_part *part) {
  MlirContext ctx = c->mlir;
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirOperation term = ct_ir_block_last_op(blk);
  body b = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!mlirOperationEqual(op, term) && (!part || in_part(part, op))) ct_oplist_push(&b.ops, op);
  int n = (int)b.ops.n;
  ct_sched_op *ops = calloc(n ? (size_t)n : 1, sizeof *ops);
  if (!ops) abort();
  edge_list el = {0};
  int memory = 0, compute = 0;
  for (int i = 0; i < n; i++) {
    classify(m, b.ops.ops[i], &ops[i]);
    /* "<op>#<index>": the index suffix always survives; the op name is cut to fit. */
    char suffix[16], nm[sizeof ops[i].name];
    int sl = snprintf(suffix, sizeof suffix, "#%d", i);
    int keep = (int)sizeof nm - 1 - sl;
    snprintf(nm, sizeof nm, "%.*s%s", keep, ops[i].name, suffix);
    memcpy(ops[i].name, nm, sizeof nm);
    MlirOperation p = pipe_of(b.ops.ops[i]);
    if (!mlirOperationIsNull(p) && name_starts(b.ops.ops[i], "tileas.")) {
      int q = index_in(&b.pipes, p);
      if (q < 0) ct_oplist_push(&b.pipes, p), q = (int)b.pipes.n - 1;
      ops[i].pipe = q;
    }
    if (ops[i].pipe_producer) {
      ct_tileas_pipe pa;
      int mc = ops[i].latency + (read_pipe(p, &pa) && pa.consumer == CT_FRAG_TCGEN05_TMEM ? m->latency[CT_LAT_TCGEN05_CP] : 0);
      if (mc > memory) memory = mc;
    }
  }
  /* Compute cycles over every nested op, like the roofline of from_tileaa.c. */
  ct_oplist all = {0};
  ct_ir_collect(loop, "", &all);
  for (size_t i = 0; i < all.n; i++) {
    ct_sched_op tmp;
    classify(m, all.ops[i], &tmp);
    if (tmp.compute) compute += tmp.latency;
  }
  if (compute < 1) compute = 1;
  /* Edges (step 2). */
  for (int i = 0; i < n; i++) {
    ct_oplist nested = {0};
    ct_oplist_push(&nested, b.ops.ops[i]);
    ct_ir_collect(b.ops.ops[i], "", &nested);
    for (size_t k = 0; k < nested.n; k++)
      for (intptr_t a = 0; a < mlirOperationGetNumOperands(nested.ops[k]); a++) {
        int dist, j = def_index(&b, blk, term, mlirOperationGetOperand(nested.ops[k], a), &dist);
        if (j >= 0) push_edge(&el, j, i, ops[j].latency, dist);
      }
    ct_oplist_free(&nested);
    if (ct_ir_is(b.ops.ops[i], "tileas.release") && mlirOperationGetNumOperands(b.ops.ops[i]) >= 2) {
      MlirValue slot = mlirOperationGetOperand(b.ops.ops[i], 1);
      for (MlirOpOperand u = mlirValueGetFirstUse(slot); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation co = mlirOpOperandGetOwner(u);
        if (ct_ir_is(co, "tileas.consume")) release_reader_edges(&b, blk, ops, &el, mlirOperationGetResult(co, 0), i, 0);
      }
    }
  }
  /* A warp-specialised consumer whose wgmma chains stay in flight (ct_loop_mmas_in_flight: the
   * code generator waits for a chain's group only after the same chain of the next iteration,
   * wait_group M): a stage such a chain reads is released one iteration late, after the same
   * chain of the next iteration has issued, which the edge mmaf -> release at distance -1 and
   * latency 0 says (t_release >= t_mmaf + II; the distance-0 edge keeps t_mmaf + latency); the
   * agent's schedule then holds the stage past its iteration (hopper_plan.c
   * consumer_schedule_holds_stages). */
  MlirOperation in_flight[CT_LOOP_MAX_IN_FLIGHT];
  int nfl = part && !part->producer && m->has_wgmma ? ct_loop_mmas_in_flight(loop, in_flight, NULL, CT_LOOP_MAX_IN_FLIGHT, false) : 0;
  for (int e = 0, ne = el.n; e < ne && nfl; e++) {
    ct_sched_edge E = el.e[e];
    bool chain = false;
    for (int k = 0; k < nfl; k++) chain |= mlirOperationEqual(b.ops.ops[E.from], in_flight[k]);
    if (chain && E.distance == 0 && ct_ir_is(b.ops.ops[E.to], "tileas.release")) push_edge(&el, E.from, E.to, 0, -1);
  }
  ct_sched_pipe_info *pipes = calloc(b.pipes.n ? b.pipes.n : 1, sizeof *pipes);
  if (!pipes) abort();
  int64_t loop_bytes = 0;
  bool tmem = false;
  for (size_t q = 0; q < b.pipes.n; q++) {
    MlirOperation pipe = b.pipes.ops[q];
    MlirValue buf = mlirOperationGetOperand(pipe, 0);
    MlirOperation alloc = mlirValueIsAOpResult(buf) ? mlirOpResultGetOwner(buf) : (MlirOperation){NULL};
    ct_tileas_alloc al;
    bool have_alloc = !mlirOperationIsNull(alloc) && ct_tileas_alloc_read(alloc, &al) == NULL;
    ct_tileas_pipe pa;
    bool have_pipe = read_pipe(pipe, &pa);
    pipes[q].stage_bytes = have_alloc ? al.stage_bytes : 0;
    pipes[q].tmem_staged = have_pipe && pa.consumer == CT_FRAG_TCGEN05_TMEM;
    pipes[q].named_barrier = have_pipe && pa.producer == CT_ATOM_CP_ASYNC;
    tmem |= pipes[q].tmem_staged;
    loop_bytes += have_alloc ? al.bytes : 0;
  }
  int64_t kernel_bytes = i64_attr(entry, "tileas.smem_bytes");
  int64_t stage_bytes = 0; /* one stage of every pipe: what travels per iteration */
  for (size_t q = 0; q < b.pipes.n; q++) stage_bytes += pipes[q].stage_bytes;
  /* Latency-true roofline (step 3b). */
  ct_roofline roof;
  ct_roofline_loop(m, loop, stage_bytes, tmem, &roof);
  ct_sched_problem prob = {.m = m, .ops = ops, .nops = n, .edges = el.e, .nedges = el.n, .pipes = pipes,
                           .npipes = (int)b.pipes.n, .other_smem_bytes = kernel_bytes - loop_bytes + scratch_bytes,
                           .unlimited_smem = unlimited, .memory_cycles = memory, .compute_cycles = compute,
                           .roofline = &roof};
  ct_sched_result res;
  ct_sched_solve(&prob, so, &res);
  bool ok = true;
  if (part) { /* one agent's schedule: its ops' slots and the trace, nothing else */
    for (int i = 0; i < n; i++)
      if (name_starts(b.ops.ops[i], "tileas."))
        mlirOperationSetAttributeByName(b.ops.ops[i], ct_ir_sref("tileas.sched"),
                                        ct_tileas_sched_attr(ctx, res.stage[i], res.cycle[i]));
    trace_loop(entry, loop, part->producer ? "producer" : "consumer", &prob, &res, 0, "agent", 0);
    goto done;
  }
  ct_stage_request req = {.memory_cycles = roof.memory_cycles, .compute_cycles = roof.compute_cycles,
                          .transfer_cycles = roof.transfer_cycles,
                          .mma_in_flight = (m->has_wgmma || m->has_tcgen05) && ct_loop_mma_in_flight(loop, !m->has_wgmma),
                          .two_ctas_per_sm = true, .reusable_smem_bytes = staging_bytes,
                          /* each stage also holds a full and an empty mbarrier per pipe; the ring's base is
                           * aligned at run time (CT_SMEM_RING_SLACK): what the code generator reserves */
                          .stage_bytes = stage_bytes + CT_SMEM_MBARRIER_PAIR_BYTES * (int64_t)b.pipes.n,
                          .other_smem_bytes = prob.other_smem_bytes + (b.pipes.n ? CT_SMEM_RING_SLACK : 0), .tmem_staged = tmem,
                          .unlimited_smem = unlimited, .schedule_stages = res.schedule_stages,
                          .forced_stages = b.pipes.n ? so->num_stages : 0};
  ct_stage_result st = ct_stage_count(m, &req);
  /* Pool 0: every pipe stage holds a full and an empty mbarrier; the depth is clamped to the cap. */
  int64_t mbar_fit = b.pipes.n && m->pool_cap[CT_POOL_MBARRIERS] > 0 ? m->pool_cap[CT_POOL_MBARRIERS] / (2 * (int64_t)b.pipes.n) : INT32_MAX;
  if (req.forced_stages) {
    const char *why = !st.stages_fit || st.stages > mbar_fit ? "does not fit the shared-memory / mbarrier / TMEM pools"
                      : st.stages < res.schedule_stages ? "is fewer than the stages the loop's schedule spans" : NULL;
    if (why) {
      ct_error_op(c, loop, "--num-stages=%d %s (the loop's pipes need %" PRId64 " bytes of shared memory per stage, "
                  "%" PRId64 " are used elsewhere; the schedule spans %d stages)", req.forced_stages, why, stage_bytes,
                  prob.other_smem_bytes, res.schedule_stages);
      ok = false;
    }
  } else if (mbar_fit < st.stages) st.stages = (int)mbar_fit, st.limited_by = "mbarriers";
  if (ok && b.pipes.n && st.stages < 1) {
    ct_error_op(c, loop, "TileAS scheduler: the loop's pipes need %" PRId64 " bytes of shared memory per stage, more than "
                "the pool (index 5) leaves", stage_bytes);
    ok = false;
  }
  if (ok) {
    int64_t new_loop_bytes = 0;
    for (size_t q = 0; q < b.pipes.n; q++) {
      MlirOperation pipe = b.pipes.ops[q];
      MlirOperation alloc = mlirOpResultGetOwner(mlirOperationGetOperand(pipe, 0));
      ct_tileas_pipe pa;
      if (read_pipe(pipe, &pa)) {
        pa.stages = st.stages;
        pa.in_loop = true;
        snprintf(pa.limited_by, sizeof pa.limited_by, "%s", st.limited_by);
        pa.roofline = st.roofline;
        pa.memory_cycles = roof.memory_cycles;
        pa.compute_cycles = roof.compute_cycles;
        ct_tileas_pipe_set(pipe, &pa);
      }
      set_stage_type(ctx, pipe, st.stages);
      int64_t bytes = pipes[q].stage_bytes * st.stages;
      ct_tileas_alloc al;
      if (!ct_tileas_alloc_read(alloc, &al)) {
        al.stages = st.stages;
        al.bytes = bytes;
        ct_tileas_alloc_set(alloc, &al);
      }
      set_stage_type(ctx, alloc, st.stages);
      new_loop_bytes += bytes;
    }
    if (b.pipes.n)
      mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"), ct_ir_i64_attr(ctx, kernel_bytes - loop_bytes + new_loop_bytes));
    for (int i = 0; i < n; i++)
      if (name_starts(b.ops.ops[i], "tileas."))
        mlirOperationSetAttributeByName(b.ops.ops[i], ct_ir_sref("tileas.sched"),
                                        ct_tileas_sched_attr(ctx, res.stage[i], res.cycle[i]));
    ct_tileas_schedule summary = {res.ii, res.mii, res.res_mii, res.rec_mii, st.stages, ""};
    snprintf(summary.status, sizeof summary.status, "%s", res.status);
    mlirOperationSetAttributeByName(loop, ct_ir_sref("tileas.schedule"), ct_tileas_schedule_attr(ctx, &summary));
    trace_loop(entry, loop, NULL, &prob, &res, b.pipes.n ? st.stages : 0, b.pipes.n ? st.limited_by : "no-pipes",
               st.roofline);
  }
done:
  ct_sched_result_free(&res);
  ct_oplist_free(&all);
  ct_oplist_free(&b.ops);
  ct_oplist_free(&b.pipes);
  free(ops), free(el.e), free(pipes);
  return ok;
}

/* The installed (or default) options and the target's machine table with their overrides. */
static bool sched_setup(ct_ctx *c, MlirOperation at, ct_tileas_target target, ct_sched_options *so, ct_machine *m) {
  if (have_installed_options) *so = installed_options;
  else ct_sched_options_init(so);
  ct_sched_options_from_env(so);
  char err[160];
  if (!ct_sched_machine_apply(m, ct_machine_for(target), so, err, sizeof err)) {
    ct_error_op(c, at, "TileAS scheduler: %s", err);
    return false;
  }
  return true;
}

bool ct_sched_agent_schedules(ct_ctx *c, ct_tileas_target target, MlirOperation entry, MlirOperation loop,
                              int producer_agent) {
  ct_sched_options so;
  ct_machine m;
  if (!sched_setup(c, loop, target, &so, &m)) return false;
  bool ok = true;
  for (int k = 0; k < 2 && ok; k++) {
    agent_part part = {producer_agent, k == 0};
    ok = schedule_loop(c, &m, &so, true, entry, 0, 0, loop, &part);
  }
  return ok;
}

bool ct_sched_module(ct_ctx *c, MlirOperation module_op, ct_tileas_target target, bool unlimited_smem) {
  ct_sched_options so;
  ct_machine m;
  if (!sched_setup(c, module_op, target, &so, &m)) return false;
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t e = 0; e < entries.n && ok; e++) {
    ct_oplist loops = {0};
    ct_ir_collect(entries.ops[e], "tileaa.for", &loops);
    int64_t scratch = loops.n ? ct_roofline_scratch_bytes(entries.ops[e]) : 0;
    int64_t staging = loops.n ? store_staging_bytes(entries.ops[e]) : 0;
    for (size_t i = 0; i < loops.n && ok; i++)
      ok = schedule_loop(c, &m, &so, unlimited_smem, entries.ops[e], scratch, staging, loops.ops[i], NULL);
    ct_oplist_free(&loops);
  }
  ct_oplist_free(&entries);
  return ok;
}

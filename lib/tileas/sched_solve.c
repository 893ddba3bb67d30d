/* sched_solve: the modulo scheduler core on a plain dependence graph (no MLIR).
 *
 * Algorithm:
 *  1. Structural distance: longest-path closure of the distance-0 edges by Floyd-Warshall (branch-free
 *     max inner loop the compiler vectorises; the seed's SSE2-unrolled closure).
 *  2. MII = max(ResMII, RecMII). ResMII: per RRT row, issue slots count 1 cycle per op, singleton
 *     transport rows the op's occupancy; the busiest row binds. RecMII: for every loop-carried edge
 *     u->v (distance d), ceil((dist[v][u] + lat(u->v)) / d).
 *  3. Order: list order over distance-0 edges, highest height first; among ties hot memory ops
 *     (seed 000: global loads, reduction atomics) before neutral ones before cold ones (constant
 *     loads, non-reduction atomics), then program order.
 *  4. II search from MII upward (max_ii_tries). At each II every op, in order, gets the candidate
 *     cycles [est, min(est + II - 1, lst)] (est: over placed predecessors u, cycle(u) + lat -
 *     II x distance; a distance of -1, u of the next iteration before v, adds II); each candidate
 *     gets the four-component cost vector
 *       (1) resource legality: RRT row-OR test at t mod II (issue rows 1 cycle, transport rows
 *           `occupancy` cycles) + pool caps (mbarriers and SMEM bytes with the stages the placement
 *           implies, TMEM banks with max(that, roofline), named barriers) + the Big-M cycle
 *           ceiling: 0 or INF;
 *       (2) pipe-slot pressure: the stage reach to structurally related placed ops;
 *       (3) bank pressure: dual probe of the in-iteration (absolute-cycle) and cross-iteration
 *           (modulo) occupancy of the SMEM/TMEM bank rows over the candidate's window;
 *       (4) Kendall-tau inversions against program order;
 *     (2) and (3) come from the exponential-then-binary threshold search over their feasibility
 *     predicates. The first `candidate_budget` legal candidates are ranked lexicographically; the
 *     minimum wins (earliest cycle on ties). An op with no legal candidate fails this II.
 *  5. Nothing fits up to MII + max_ii_tries (or the Big-M ceiling binds): the trivial zero-producer
 *     schedule — program order, no overlap, II = its length, every op at stage 0 — reported with
 *     the binding constraint. RRTs larger than rrt_size_threshold take that path directly ("light").
 *  6. schedule_stages = max over pipes of stage(consumer) - stage(producer) + 1. Scheduled at
 *     II > MII: `binding` names the constraint that rejected II - 1 ("II 16: row tp_mma at ...").
 * Seed: 001 "Lexicographic Cost Vector" (four components, threshold search driver, fallback),
 * "Roofline Reasoning" (stage (0, 1) promotion, TMEM cap rejection, Big-M), 15-slot model / pools;
 * seed 000 hot/cold instruction classification.
 * Knobs: ct_sched_options (rrt_size_threshold, max_ii_tries, candidate_budget). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tileas/sched.h"

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) abort();
  return p;
}

int ct_sched_cost_compare(const ct_sched_cost *a, const ct_sched_cost *b) {
  for (int i = 0; i < 4; i++)
    if (a->c[i] != b->c[i]) return a->c[i] < b->c[i] ? -1 : 1;
  return 0;
}

int64_t ct_sched_threshold_search(bool (*feasible)(int64_t t, void *ctx), void *ctx, int64_t cap) {
  if (feasible(0, ctx)) return 0;
  int64_t lo = 0, hi = 1; /* feasible(lo) false */
  while (!feasible(hi, ctx)) {
    lo = hi;
    if (hi >= cap) return -1;
    hi = hi * 2 > cap ? cap : hi * 2;
  }
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    if (feasible(mid, ctx)) hi = mid;
    else lo = mid;
  }
  return hi;
}

int ct_sched_kendall_inversions(const int *cycle, const bool *placed, int n) {
  int inv = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (placed[i] && placed[j] && cycle[i] > cycle[j]) inv++;
  return inv;
}

int32_t *ct_sched_structural_distance(const ct_sched_problem *p) {
  int n = p->nops;
  int32_t *d = xcalloc((size_t)n * (size_t)n, sizeof *d);
  for (size_t i = 0; i < (size_t)n * (size_t)n; i++) d[i] = CT_SCHED_NO_PATH;
  for (int i = 0; i < n; i++) d[(size_t)i * n + i] = 0;
  for (int e = 0; e < p->nedges; e++) {
    const ct_sched_edge *E = &p->edges[e];
    if (E->distance != 0 || E->from == E->to) continue;
    int32_t *cell = &d[(size_t)E->from * n + E->to];
    if (E->latency > *cell) *cell = E->latency;
  }
  for (int k = 0; k < n; k++) {
    const int32_t *rowk = d + (size_t)k * n;
    for (int i = 0; i < n; i++) {
      int32_t dik = d[(size_t)i * n + k];
      if (!CT_SCHED_HAS_PATH(dik) || i == k) continue;
      int32_t *rowi = d + (size_t)i * n;
      for (int j = 0; j < n; j++) {
        int32_t cand = dik + rowk[j];
        rowi[j] = cand > rowi[j] ? cand : rowi[j];
      }
    }
  }
  /* Normalise sums of a path and a no-path back to NO_PATH. */
  for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
    if (!CT_SCHED_HAS_PATH(d[i])) d[i] = CT_SCHED_NO_PATH;
  return d;
}

static int row_load(const ct_sched_op *op, int row) {
  int l = 0;
  if (op->issue_rows & (1u << row)) l += 1;
  if (op->transport_rows & (1u << row)) l += op->occupancy > 0 ? op->occupancy : 1;
  return l;
}

int ct_sched_res_mii(const ct_sched_problem *p, const char **binding_row) {
  int best = 1;
  if (binding_row) *binding_row = "none";
  for (int r = 0; r < CT_ROW__COUNT; r++) {
    int sum = 0;
    for (int i = 0; i < p->nops; i++) sum += row_load(&p->ops[i], r);
    if (sum > best || (sum == best && binding_row && sum > 1 && strcmp(*binding_row, "none") == 0)) {
      best = sum;
      if (binding_row) *binding_row = ct_sched_row_name((ct_sched_row)r);
    }
  }
  return best;
}

int ct_sched_rec_mii(const ct_sched_problem *p, const int32_t *dist) {
  int best = 0, n = p->nops;
  for (int e = 0; e < p->nedges; e++) {
    const ct_sched_edge *E = &p->edges[e];
    if (E->distance <= 0) continue;
    int32_t back = dist[(size_t)E->to * n + E->from];
    if (!CT_SCHED_HAS_PATH(back)) continue;
    int cyc = back + E->latency;
    int r = (cyc + E->distance - 1) / E->distance;
    if (r > best) best = r;
  }
  return best;
}

/* ---- placement ------------------------------------------------------------------------------- */
typedef struct placer {
  const ct_sched_problem *p;
  const ct_sched_options *o;
  const int32_t *dist;
  int ii;
  uint32_t *mrt;         /* [ii] row bits */
  int *mod_bank;         /* [ii] bank-row occupancy of all iterations */
  int *abs_bank;         /* [abs_cap] bank-row occupancy of iteration 0 */
  int abs_cap;
  int *cycle;
  bool *placed;
  int roofline_stages;
  int *adj_start, *adj;  /* CSR: edges touching op i (as source or target) */
  char fail[128];
} placer;

#define BANK_ROWS ((1u << CT_ROW_TP_SMEM_WR) | (1u << CT_ROW_TP_SMEM_RD) | (1u << CT_ROW_TP_TMEM_WR) | (1u << CT_ROW_TP_TMEM_RD))

static int floordiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static bool rows_free(const placer *pl, const ct_sched_op *op, int t, const char **row) {
  int ii = pl->ii;
  uint32_t issue = op->issue_rows & pl->p->m->row_mask, tp = op->transport_rows & pl->p->m->row_mask;
  int occ = op->occupancy > 0 ? op->occupancy : 1;
  if (tp && occ > ii) { *row = "occupancy"; return false; }
  for (int r = 0; r < CT_ROW__COUNT; r++) {
    uint32_t bit = 1u << r;
    if ((issue & bit) && (pl->mrt[((t % ii) + ii) % ii] & bit)) { *row = ct_sched_row_name((ct_sched_row)r); return false; }
    if (tp & bit)
      for (int k = 0; k < occ; k++)
        if (pl->mrt[(((t + k) % ii) + ii) % ii] & bit) { *row = ct_sched_row_name((ct_sched_row)r); return false; }
  }
  return true;
}

/* Stages pipe `pipe` needs if op `self` (placed or not) sits at `t`: the producer->consumer span the
 * placement implies, promoted to 2; with `roofline`, also raised to the roofline depth. */
static int pipe_need(const placer *pl, int pipe, int self, int t, bool roofline) {
  const ct_sched_problem *p = pl->p;
  int lo = INT_MAX, hi = INT_MIN;
  for (int i = 0; i < p->nops; i++) {
    if (p->ops[i].pipe != pipe) continue;
    int c;
    if (i == self) c = t;
    else if (pl->placed[i]) c = pl->cycle[i];
    else continue;
    int s = floordiv(c, pl->ii);
    if (p->ops[i].pipe_producer && s < lo) lo = s;
    if (p->ops[i].pipe_consumer && s > hi) hi = s;
  }
  int span = (lo != INT_MAX && hi != INT_MIN) ? hi - lo + 1 : 1;
  int need = roofline && pl->roofline_stages > span ? pl->roofline_stages : span;
  return need < 2 ? 2 : need;
}

static void pool_usage(const placer *pl, int self, int t, int64_t *use) {
  const ct_sched_problem *p = pl->p;
  memset(use, 0, sizeof(int64_t) * CT_POOL__COUNT);
  use[CT_POOL_SMEM_BYTES] = p->other_smem_bytes;
  for (int q = 0; q < p->npipes; q++) {
    /* SMEM and mbarriers: what the placement itself needs (the roofline's deeper wish is clamped to
     * the pools afterwards by ct_stage_count / sched_ir.c); TMEM banks: the seed's roofline rejection. */
    int need = pipe_need(pl, q, self, t, false);
    use[CT_POOL_SMEM_BYTES] += p->pipes[q].stage_bytes * need;
    use[CT_POOL_MBARRIERS] += 2 * need;
    if (p->pipes[q].tmem_staged)
      use[CT_POOL_TMEM_BANKS] += (int64_t)pipe_need(pl, q, self, t, true) * (p->m->tmem_banks_per_stage > 0 ? p->m->tmem_banks_per_stage : 1);
    if (p->pipes[q].named_barrier) use[CT_POOL_NAMED_BARRIERS] += 1;
  }
}

static bool pools_ok(const placer *pl, const int64_t *use, const char **pool) {
  const ct_machine *m = pl->p->m;
  for (int k = 0; k < CT_POOL__COUNT; k++) {
    int64_t cap = m->pool_cap[k];
    if (k == CT_POOL_SMEM_BYTES && pl->p->unlimited_smem) cap = INT_MAX;
    if (cap <= 0 || use[k] <= 0) {
      if (cap <= 0 && use[k] > 0 && k == CT_POOL_TMEM_BANKS) { *pool = ct_sched_pool_name((ct_sched_pool)k); return false; }
      continue;
    }
    if (use[k] > cap) { *pool = ct_sched_pool_name((ct_sched_pool)k); return false; }
  }
  return true;
}

typedef struct reach_ctx { const placer *pl; int op, t; } reach_ctx;
static bool reach_feasible(int64_t th, void *vctx) {
  const reach_ctx *c = vctx;
  const placer *pl = c->pl;
  int n = pl->p->nops, s = floordiv(c->t, pl->ii);
  for (int j = 0; j < n; j++) {
    if (!pl->placed[j]) continue;
    if (!CT_SCHED_HAS_PATH(pl->dist[(size_t)j * n + c->op]) && !CT_SCHED_HAS_PATH(pl->dist[(size_t)c->op * n + j])) continue;
    int d = s - floordiv(pl->cycle[j], pl->ii);
    if (d < 0) d = -d;
    if (d > th) return false;
  }
  return true;
}

static bool bank_feasible(int64_t th, void *vctx) {
  const reach_ctx *c = vctx;
  const placer *pl = c->pl;
  const ct_sched_op *op = &pl->p->ops[c->op];
  if (!((op->transport_rows | op->issue_rows) & BANK_ROWS)) return true;
  int occ = op->occupancy > 0 ? op->occupancy : 1;
  for (int k = 0; k < occ; k++) {
    int a = c->t + k, in = a < pl->abs_cap && a >= 0 ? pl->abs_bank[a] : 0;
    int cross = pl->mod_bank[((a % pl->ii) + pl->ii) % pl->ii] - in;
    if (in + cross > th) return false;
  }
  return true;
}

static void add_candidate(ct_sched_result *r, int op, int t, const ct_sched_cost *cost) {
  if (r->ncands == r->cands_cap) {
    r->cands_cap = r->cands_cap ? 2 * r->cands_cap : 64;
    r->cands = realloc(r->cands, (size_t)r->cands_cap * sizeof *r->cands);
    if (!r->cands) abort();
  }
  r->cands[r->ncands++] = (ct_sched_candidate_log){op, t, *cost, false};
}

static void ensure_abs(placer *pl, int need) {
  if (need <= pl->abs_cap) return;
  int cap = pl->abs_cap ? pl->abs_cap : 256;
  while (cap < need) cap *= 2;
  pl->abs_bank = realloc(pl->abs_bank, (size_t)cap * sizeof *pl->abs_bank);
  if (!pl->abs_bank) abort();
  memset(pl->abs_bank + pl->abs_cap, 0, (size_t)(cap - pl->abs_cap) * sizeof *pl->abs_bank);
  pl->abs_cap = cap;
}

/* Place every op at II = pl->ii in `order`. */
static bool place_all(placer *pl, const int *order, ct_sched_result *r) {
  const ct_sched_problem *p = pl->p;
  int n = p->nops, ii = pl->ii;
  memset(pl->mrt, 0, (size_t)ii * sizeof *pl->mrt);
  memset(pl->mod_bank, 0, (size_t)ii * sizeof *pl->mod_bank);
  if (pl->abs_cap) memset(pl->abs_bank, 0, (size_t)pl->abs_cap * sizeof *pl->abs_bank);
  for (int i = 0; i < n; i++) pl->placed[i] = false, pl->cycle[i] = 0;
  r->ncands = 0;
  int budget = pl->o->candidate_budget > 0 ? pl->o->candidate_budget : 8;
  for (int k = 0; k < n; k++) {
    int i = order[k];
    const ct_sched_op *op = &p->ops[i];
    int est = 0, lst = INT_MAX;
    for (int a = pl->adj_start[i]; a < pl->adj_start[i + 1]; a++) {
      const ct_sched_edge *E = &p->edges[pl->adj[a]];
      if (E->to == i && pl->placed[E->from]) {
        int v = pl->cycle[E->from] + E->latency - ii * E->distance;
        if (v > est) est = v;
      }
      if (E->from == i && (pl->placed[E->to] || E->to == i)) {
        if (E->to == i) {
          if (E->latency > ii * E->distance) { snprintf(pl->fail, sizeof pl->fail, "recurrence at %s", op->name); return false; }
          continue;
        }
        int v = pl->cycle[E->to] - E->latency + ii * E->distance;
        if (v < lst) lst = v;
      }
    }
    if (est > lst) { snprintf(pl->fail, sizeof pl->fail, "recurrence at %s", op->name); return false; }
    int last = est + ii - 1;
    if (lst < last) last = lst;
    int chosen = -1, first_legal = -1, nlegal = 0;
    ct_sched_cost best = {{CT_SCHED_INF, CT_SCHED_INF, CT_SCHED_INF, CT_SCHED_INF}};
    const char *why = NULL;
    int64_t use[CT_POOL__COUNT];
    size_t log_start = (size_t)r->ncands;
    for (int t = est; t <= last && nlegal < budget; t++) {
      ct_sched_cost cost = {{0, 0, 0, 0}};
      const char *what = NULL;
      if (t + op->latency > p->m->big_m_cycles) {
        why = "cycle ceiling";
        snprintf(pl->fail, sizeof pl->fail, "cycle ceiling %d at %s", p->m->big_m_cycles, op->name);
        break;
      }
      if (!rows_free(pl, op, t, &what)) {
        if (!why || strncmp(why, "row", 3) == 0) snprintf(pl->fail, sizeof pl->fail, "row %s at %s", what, op->name), why = "row";
        continue;
      }
      pool_usage(pl, op->pipe >= 0 ? i : -1, t, use);
      if (!pools_ok(pl, use, &what)) {
        snprintf(pl->fail, sizeof pl->fail, "pool %s at %s", what, op->name), why = "pool";
        cost.c[0] = CT_SCHED_INF;
        add_candidate(r, i, t, &cost);
        continue;
      }
      nlegal++;
      if (first_legal < 0) first_legal = t;
      reach_ctx rc = {pl, i, t};
      cost.c[1] = (int32_t)ct_sched_threshold_search(reach_feasible, &rc, 1 << 20);
      cost.c[2] = (int32_t)ct_sched_threshold_search(bank_feasible, &rc, 1 << 20);
      int inv = 0;
      for (int j = 0; j < n; j++)
        if (pl->placed[j] && ((j < i && pl->cycle[j] > t) || (j > i && pl->cycle[j] < t))) inv++;
      cost.c[3] = inv;
      add_candidate(r, i, t, &cost);
      if (ct_sched_cost_compare(&cost, &best) < 0) best = cost, chosen = t;
    }
    if (chosen < 0) return false;
    for (size_t q = log_start; q < (size_t)r->ncands; q++)
      if (r->cands[q].cycle == chosen) r->cands[q].chosen = true;
    r->arm[i] = (nlegal == 1) ? "asap" : "cost";
    pl->cycle[i] = chosen;
    pl->placed[i] = true;
    int occ = op->occupancy > 0 ? op->occupancy : 1;
    pl->mrt[chosen % ii] |= op->issue_rows & p->m->row_mask;
    for (int q = 0; q < occ; q++) pl->mrt[(chosen + q) % ii] |= op->transport_rows & p->m->row_mask;
    if ((op->transport_rows | op->issue_rows) & BANK_ROWS) {
      ensure_abs(pl, chosen + occ + 1);
      for (int q = 0; q < occ; q++) pl->abs_bank[chosen + q]++, pl->mod_bank[(chosen + q) % ii]++;
    }
  }
  return true;
}

/* Ready-list order: distance-0 predecessors first; then height, hot before neutral before cold,
 * program order. */
static void priority_order(const ct_sched_problem *p, const int32_t *dist, int *order) {
  int n = p->nops;
  int *height = xcalloc((size_t)n, sizeof *height), *npred = xcalloc((size_t)n, sizeof *npred);
  bool *done = xcalloc((size_t)n, sizeof *done);
  for (int i = 0; i < n; i++) {
    int h = p->ops[i].latency;
    for (int j = 0; j < n; j++) {
      int32_t d = dist[(size_t)i * n + j];
      if (CT_SCHED_HAS_PATH(d) && d + p->ops[j].latency > h) h = d + p->ops[j].latency;
    }
    height[i] = h;
  }
  for (int e = 0; e < p->nedges; e++)
    if (p->edges[e].distance == 0 && p->edges[e].from != p->edges[e].to) npred[p->edges[e].to]++;
  static const int temp_rank[] = {[CT_SCHED_HOT] = 0, [CT_SCHED_NEUTRAL] = 1, [CT_SCHED_COLD] = 2};
  for (int k = 0; k < n; k++) {
    int pick = -1;
    for (int i = 0; i < n; i++) {
      if (done[i] || npred[i] > 0) continue;
      if (pick < 0 || height[i] > height[pick] ||
          (height[i] == height[pick] && temp_rank[p->ops[i].temp] < temp_rank[p->ops[pick].temp]))
        pick = i;
    }
    if (pick < 0) /* a distance-0 cycle (malformed graph): take program order */
      for (int i = 0; i < n && pick < 0; i++)
        if (!done[i]) pick = i;
    done[pick] = true;
    order[k] = pick;
    for (int e = 0; e < p->nedges; e++)
      if (p->edges[e].from == pick && p->edges[e].distance == 0 && p->edges[e].to != pick) npred[p->edges[e].to]--;
  }
  free(height), free(npred), free(done);
}

static void zero_producer(const ct_sched_problem *p, ct_sched_result *r, const char *status) {
  int n = p->nops, t = 0, len = 1;
  for (int i = 0; i < n; i++) {
    int c = t;
    for (int e = 0; e < p->nedges; e++)
      if (p->edges[e].to == i && p->edges[e].distance == 0 && p->edges[e].from < i) {
        int v = r->cycle[p->edges[e].from] + p->edges[e].latency;
        if (v > c) c = v;
      }
    r->cycle[i] = c;
    r->arm[i] = "fallback";
    t = c + 1;
    int end = c + (p->ops[i].latency > p->ops[i].occupancy ? p->ops[i].latency : p->ops[i].occupancy);
    if (end > len) len = end;
  }
  r->ii = len > r->mii ? len : r->mii;
  for (int i = 0; i < n; i++) r->stage[i] = 0;
  r->schedule_stages = 1;
  r->length = len;
  r->status = status;
}

void ct_sched_solve(const ct_sched_problem *p, const ct_sched_options *o, ct_sched_result *r) {
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  memset(r, 0, sizeof *r);
  int n = p->nops;
  r->cycle = xcalloc((size_t)n, sizeof *r->cycle);
  r->stage = xcalloc((size_t)n, sizeof *r->stage);
  r->arm = xcalloc((size_t)n, sizeof *r->arm);
  int32_t *dist = ct_sched_structural_distance(p);
  r->res_mii = ct_sched_res_mii(p, &r->res_mii_row);
  r->rec_mii = ct_sched_rec_mii(p, dist);
  r->mii = r->res_mii > r->rec_mii ? r->res_mii : r->rec_mii;
  int tries = o->max_ii_tries > 0 ? o->max_ii_tries : 64;
  r->ii_tries = xcalloc((size_t)tries + 1, sizeof *r->ii_tries);
  int64_t cells = (int64_t)n * r->mii;
  if (cells > o->rrt_size_threshold) {
    snprintf(r->binding, sizeof r->binding, "rrt size %lld > threshold %lld", (long long)cells, (long long)o->rrt_size_threshold);
    zero_producer(p, r, "light");
  } else {
    placer pl = {.p = p, .o = o, .dist = dist};
    pl.cycle = xcalloc((size_t)n, sizeof *pl.cycle);
    pl.placed = xcalloc((size_t)n, sizeof *pl.placed);
    int compute = p->compute_cycles > 0 ? p->compute_cycles : 1;
    pl.roofline_stages = (p->memory_cycles + compute - 1) / compute;
    int *order = xcalloc((size_t)n, sizeof *order);
    priority_order(p, dist, order);
    pl.adj_start = xcalloc((size_t)n + 1, sizeof *pl.adj_start);
    pl.adj = xcalloc((size_t)p->nedges * 2, sizeof *pl.adj);
    for (int e = 0; e < p->nedges; e++) {
      pl.adj_start[p->edges[e].from + 1]++;
      if (p->edges[e].to != p->edges[e].from) pl.adj_start[p->edges[e].to + 1]++;
    }
    for (int i = 0; i < n; i++) pl.adj_start[i + 1] += pl.adj_start[i];
    int *fill = xcalloc((size_t)n, sizeof *fill);
    for (int e = 0; e < p->nedges; e++) {
      int f = p->edges[e].from, t = p->edges[e].to;
      pl.adj[pl.adj_start[f] + fill[f]++] = e;
      if (t != f) pl.adj[pl.adj_start[t] + fill[t]++] = e;
    }
    free(fill);
    int max_ii = r->mii + tries;
    pl.mrt = xcalloc((size_t)max_ii + 1, sizeof *pl.mrt);
    pl.mod_bank = xcalloc((size_t)max_ii + 1, sizeof *pl.mod_bank);
    bool ok = false;
    char below[160] = ""; /* why the last II below the final one failed */
    for (int ii = r->mii; ii < max_ii && !ok; ii++) {
      pl.ii = ii;
      pl.fail[0] = 0;
      r->ii_tries[r->nii_tries++] = ii;
      ok = place_all(&pl, order, r);
      if (!ok) snprintf(below, sizeof below, "II %d: %s", ii, pl.fail[0] ? pl.fail : "no legal candidate");
      if (!ok && strncmp(pl.fail, "cycle ceiling", 13) == 0) break; /* Big-M: more II cannot help */
      if (!ok && strncmp(pl.fail, "pool", 4) == 0 && strstr(pl.fail, "named_barriers")) break; /* II-independent */
    }
    if (ok) {
      r->ii = pl.ii;
      r->status = "scheduled";
      /* II > MII: name the constraint that rejected II - 1 (docs/schedule-trace.md). */
      if (pl.ii > r->mii) snprintf(r->binding, sizeof r->binding, "%.*s", (int)sizeof r->binding - 1, below);
      int len = 0;
      for (int i = 0; i < n; i++) {
        r->cycle[i] = pl.cycle[i];
        r->stage[i] = pl.cycle[i] / pl.ii;
        int end = pl.cycle[i] + (p->ops[i].latency > p->ops[i].occupancy ? p->ops[i].latency : p->ops[i].occupancy);
        if (end > len) len = end;
      }
      r->length = len;
      r->schedule_stages = 1;
      for (int q = 0; q < p->npipes; q++) {
        int lo = INT_MAX, hi = INT_MIN;
        for (int i = 0; i < n; i++) {
          if (p->ops[i].pipe != q) continue;
          if (p->ops[i].pipe_producer && r->stage[i] < lo) lo = r->stage[i];
          if (p->ops[i].pipe_consumer && r->stage[i] > hi) hi = r->stage[i];
        }
        if (lo != INT_MAX && hi != INT_MIN && hi - lo + 1 > r->schedule_stages) r->schedule_stages = hi - lo + 1;
      }
      pool_usage(&pl, -1, 0, r->pool_use);
    } else {
      snprintf(r->binding, sizeof r->binding, "%s", pl.fail[0] ? pl.fail : "unknown");
      zero_producer(p, r, "fallback-zero-producer");
    }
    free(order), free(pl.adj_start), free(pl.adj), free(pl.cycle), free(pl.placed), free(pl.mrt), free(pl.mod_bank), free(pl.abs_bank);
  }
  free(dist);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  r->solve_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
}

void ct_sched_result_free(ct_sched_result *r) {
  free(r->cycle), free(r->stage), free(r->arm), free(r->ii_tries), free(r->cands);
  memset(r, 0, sizeof *r);
}

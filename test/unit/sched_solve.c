/* sched_solve: the modulo scheduler core (lib/tileas/sched_solve.c) on hand-built bodies — ResMII,
 * RecMII, the Floyd-Warshall structural distances, the threshold search, Kendall-tau inversions, the
 * lexicographic cost order, the seed's worked examples through placement + ct_stage_count (Hopper
 * TMA 8 + WGMMA 8 -> 1 promoted to 2; Blackwell (8 + 7) / 8 -> 2), hot-first ties, the named-barrier
 * pool forcing the zero-producer fallback, II > MII naming its binding constraint, and the
 * --rrt-size-threshold parser. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tileas/sched.h"

#include "unit_check.h"

static ct_sched_op mkop(const ct_machine *m, const char *name, ct_lat_op lc, uint32_t issue, uint32_t tp, int pipe, bool prod, bool cons) {
  ct_sched_op o;
  memset(&o, 0, sizeof o);
  snprintf(o.name, sizeof o.name, "%s", name);
  o.lat_class = lc;
  o.latency = lc < CT_LAT__COUNT ? m->latency[lc] : 0;
  o.issue_rows = issue, o.transport_rows = tp, o.occupancy = tp ? o.latency : 0;
  o.pipe = pipe, o.pipe_producer = prod, o.pipe_consumer = cons;
  return o;
}
#define R(x) (1u << (x))

static bool ge5(int64_t t, void *ctx) { (void)ctx; return t >= 5; }
static bool never(int64_t t, void *ctx) { (void)ctx; (void)t; return false; }

int main(void) {
  ct_sched_options o;
  ct_sched_options_init(&o);
  const ct_machine *h = ct_machine_hopper(), *b = ct_machine_blackwell();
  CHECK(b->row_mask == (1u << 15) - 1 && __builtin_popcount(h->row_mask) == 13, "15 / 13 rows");
  CHECK(b->pool_cap[1] == 4 && b->pool_cap[5] == 227 * 1024 && b->pool_cap[6] == 3 && b->big_m_cycles == 5000, "pools");

  /* Threshold search: smallest feasible, -1 when none up to the cap. */
  CHECK(ct_sched_threshold_search(ge5, NULL, 1000) == 5, "threshold 5");
  CHECK(ct_sched_threshold_search(never, NULL, 64) == -1, "threshold none");
  int cyc[4] = {0, 5, 3, 9};
  bool pl[4] = {true, true, true, true};
  CHECK(ct_sched_kendall_inversions(cyc, pl, 4) == 1, "kendall 1");
  ct_sched_cost a = {{0, 1, 9, 9}}, c2 = {{0, 2, 0, 0}};
  CHECK(ct_sched_cost_compare(&a, &c2) < 0, "lexicographic: component 2 dominates 3 and 4");

  /* Worked example 1 (Hopper): TMA produce -> consume (wait) -> wgmma, acc carried. */
  ct_sched_op hops[3] = {mkop(h, "produce", CT_LAT_TMA_LOAD, R(CT_ROW_TMA), R(CT_ROW_TP_SMEM_WR), 0, true, false),
                         mkop(h, "consume", CT_LAT__COUNT, R(CT_ROW_SYNC), 0, 0, false, true),
                         mkop(h, "wgmma", CT_LAT_WGMMA, R(CT_ROW_TC_AND_MMA), R(CT_ROW_TP_MMA), -1, false, false)};
  ct_sched_edge hed[3] = {{0, 1, 8, 0}, {1, 2, 0, 0}, {2, 2, 8, 1}};
  ct_sched_pipe_info pipe = {.stage_bytes = 16384};
  ct_sched_problem p = {.m = h, .ops = hops, .nops = 3, .edges = hed, .nedges = 3, .pipes = &pipe, .npipes = 1,
                        .memory_cycles = 8, .compute_cycles = 8};
  const char *row;
  CHECK(ct_sched_res_mii(&p, &row) == 8, "ResMII 8");
  int32_t *d = ct_sched_structural_distance(&p);
  CHECK(d[0 * 3 + 2] == 8 && d[2 * 3 + 0] == CT_SCHED_NO_PATH, "FW distance produce->wgmma 8");
  CHECK(ct_sched_rec_mii(&p, d) == 8, "RecMII 8 (acc self-loop)");
  free(d);
  ct_sched_result r;
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "scheduled") == 0 && r.ii == 8, "Hopper II 8 (got %s %d)", r.status, r.ii);
  CHECK(r.cycle[0] == 0 && r.cycle[2] == 8 && r.stage[2] == 1, "wgmma at cycle 8, stage 1 (got %d/%d)", r.cycle[2], r.stage[2]);
  ct_stage_request req = {.memory_cycles = 8, .compute_cycles = 8, .stage_bytes = 16384, .schedule_stages = r.schedule_stages};
  ct_stage_result st = ct_stage_count(h, &req);
  CHECK(st.roofline == 1 && st.stages == 2, "Hopper: 1 -> 2 (got %d/%d)", st.roofline, st.stages);
  ct_sched_result_free(&r);

  /* Worked example 2 (Blackwell): TMA -> tcgen05.cp (tp_tmem_wr 7) -> tcgen05.mma. */
  ct_sched_op bops[3] = {mkop(b, "produce", CT_LAT_TMA_LOAD, R(CT_ROW_TMA), R(CT_ROW_TP_SMEM_WR), 0, true, false),
                         mkop(b, "tcgen05.cp", CT_LAT_TCGEN05_CP, R(CT_ROW_TC_AND_MMA), R(CT_ROW_TP_TMEM_WR), 0, false, true),
                         mkop(b, "tcgen05.mma", CT_LAT_TCGEN05_MMA, R(CT_ROW_TC_AND_MMA), R(CT_ROW_TP_MMA), -1, false, false)};
  ct_sched_edge bed[3] = {{0, 1, 8, 0}, {1, 2, 7, 0}, {2, 2, 8, 1}};
  pipe.tmem_staged = true;
  p = (ct_sched_problem){.m = b, .ops = bops, .nops = 3, .edges = bed, .nedges = 3, .pipes = &pipe, .npipes = 1,
                         .memory_cycles = 15, .compute_cycles = 8};
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "scheduled") == 0 && r.ii == 8 && r.cycle[2] == 15, "Blackwell: mma at 15 (got %d)", r.cycle[2]);
  req = (ct_stage_request){.memory_cycles = 15, .compute_cycles = 8, .stage_bytes = 16384, .tmem_staged = true,
                           .schedule_stages = r.schedule_stages};
  st = ct_stage_count(b, &req);
  CHECK(st.roofline == 2 && st.stages == 2, "Blackwell: 15/8 -> 2 (got %d/%d)", st.roofline, st.stages);
  ct_sched_result_free(&r);
  /* TMEM cap: a roofline of 3 needs 6 banks > 4 -> nothing fits -> fallback naming the pool. */
  p.memory_cycles = 24;
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "fallback-zero-producer") == 0 && strstr(r.binding, "tmem_banks"), "TMEM cap fallback (%s: %s)", r.status, r.binding);
  ct_sched_result_free(&r);

  /* Four cp.async pipes need 4 named barriers > cap 3: zero-producer fallback, reported. */
  ct_sched_op cops[8];
  ct_sched_edge ced[4];
  ct_sched_pipe_info cp[4];
  for (int q = 0; q < 4; q++) {
    cops[2 * q] = mkop(h, "produce", CT_LAT_CP_ASYNC, R(CT_ROW_LSU), R(CT_ROW_TP_SMEM_WR), q, true, false);
    cops[2 * q + 1] = mkop(h, "consume", CT_LAT_LDMATRIX, R(CT_ROW_LSU), R(CT_ROW_TP_SMEM_RD), q, false, true);
    ced[q] = (ct_sched_edge){2 * q, 2 * q + 1, 16, 0};
    cp[q] = (ct_sched_pipe_info){.stage_bytes = 1024, .named_barrier = true};
  }
  p = (ct_sched_problem){.m = h, .ops = cops, .nops = 8, .edges = ced, .nedges = 4, .pipes = cp, .npipes = 4,
                         .memory_cycles = 16, .compute_cycles = 16};
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "fallback-zero-producer") == 0 && strstr(r.binding, "named_barriers") && r.schedule_stages == 1,
        "named-barrier fallback (%s: %s)", r.status, r.binding);
  ct_sched_result_free(&r);
  p.npipes = 3; /* three pipes fit the cap (ops of pipe 3 now belong to no pipe) */
  for (int i = 6; i < 8; i++) cops[i].pipe = -1;
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "scheduled") == 0, "three cp.async pipes schedule (%s: %s)", r.status, r.binding);
  ct_sched_result_free(&r);

  /* Hot first among ties: two independent loads of equal height, the cold one first in program order. */
  ct_sched_op tops[2] = {mkop(h, "const_load", CT_LAT_LDG, R(CT_ROW_LSU), R(CT_ROW_TP_GMEM), -1, false, false),
                         mkop(h, "global_load", CT_LAT_LDG, R(CT_ROW_LSU), R(CT_ROW_TP_GMEM), -1, false, false)};
  tops[0].temp = CT_SCHED_COLD, tops[1].temp = CT_SCHED_HOT;
  p = (ct_sched_problem){.m = h, .ops = tops, .nops = 2, .memory_cycles = 0, .compute_cycles = 1};
  ct_sched_solve(&p, &o, &r);
  CHECK(r.cycle[1] < r.cycle[0], "hot load placed first (hot %d, cold %d)", r.cycle[1], r.cycle[0]);
  ct_sched_result_free(&r);
  tops[0].temp = CT_SCHED_NEUTRAL, tops[1].temp = CT_SCHED_NEUTRAL;
  ct_sched_solve(&p, &o, &r);
  CHECK(r.cycle[0] < r.cycle[1], "program order without hot/cold");
  ct_sched_result_free(&r);

  /* II > MII with a named binding constraint: A holds tp_mma 3 cycles, B 1 cycle; A -> B (1) and
   * B -> A (2, next iteration) confine B to [A + 1, A + II - 2]. ResMII 4, RecMII 3; at II 4 B's
   * window {1, 2} is inside A's reservation -> II 5, B at 3, binding "II 4: row tp_mma at B". */
  ct_sched_op iops[2] = {mkop(h, "A", CT_LAT__COUNT, 0, 0, -1, false, false), mkop(h, "B", CT_LAT__COUNT, 0, 0, -1, false, false)};
  iops[0].transport_rows = iops[1].transport_rows = R(CT_ROW_TP_MMA);
  iops[0].latency = 1, iops[0].occupancy = 3, iops[1].latency = 2, iops[1].occupancy = 1;
  ct_sched_edge ied[2] = {{0, 1, 1, 0}, {1, 0, 2, 1}};
  p = (ct_sched_problem){.m = h, .ops = iops, .nops = 2, .edges = ied, .nedges = 2, .compute_cycles = 1};
  ct_sched_solve(&p, &o, &r);
  CHECK(r.res_mii == 4 && r.rec_mii == 3 && r.mii == 4, "II>MII: MII 4 (res %d rec %d)", r.res_mii, r.rec_mii);
  CHECK(strcmp(r.status, "scheduled") == 0 && r.ii == 5 && r.cycle[1] - r.cycle[0] == 3 && r.nii_tries == 2,
        "II>MII: II 5 (%s, II %d, A %d, B %d)", r.status, r.ii, r.cycle[0], r.cycle[1]);
  CHECK(strcmp(r.binding, "II 4: row tp_mma at B") == 0, "II>MII binding named (got '%s')", r.binding);
  ct_sched_result_free(&r);
  p = (ct_sched_problem){.m = h, .ops = tops, .nops = 2, .memory_cycles = 0, .compute_cycles = 1};
  ct_sched_solve(&p, &o, &r);
  CHECK(r.binding[0] == 0 && r.ii == r.mii, "II = MII: no binding (got '%s')", r.binding);
  /* Light path: --rrt-size-threshold=0. */
  ct_sched_result_free(&r);
  char err[128];
  CHECK(ct_sched_parse_arg(&o, "--rrt-size-threshold=0", err, sizeof err) == 1 && o.rrt_size_threshold == 0, "parse");
  CHECK(ct_sched_parse_arg(&o, "--rrt-size-threshold=x", err, sizeof err) == -1, "parse error");
  CHECK(ct_sched_parse_arg(&o, "--other", err, sizeof err) == 0, "not ours");
  ct_sched_solve(&p, &o, &r);
  CHECK(strcmp(r.status, "light") == 0, "light path");
  ct_sched_result_free(&r);
  /* Overrides. */
  ct_machine mm;
  snprintf(o.latency_override, sizeof o.latency_override, "tma_load=40");
  CHECK(ct_sched_machine_apply(&mm, h, &o, err, sizeof err) && mm.latency[CT_LAT_TMA_LOAD] == 40, "latency override");
  snprintf(o.latency_override, sizeof o.latency_override, "bogus=1");
  CHECK(!ct_sched_machine_apply(&mm, h, &o, err, sizeof err), "bad override rejected");
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}

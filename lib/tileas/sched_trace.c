/* sched_trace: the modulo scheduler's knobs and its trace.
 *
 * Algorithm: options parsing (--rrt-size-threshold=N, --num-stages=N), the test-only machine overrides
 * (TILEC_SCHED_LATENCY_OVERRIDE="<lat_op>=N,...", TILEC_SCHED_POOL_OVERRIDE="<pool>=N,...", names as
 * in ct_lat_op_name / ct_sched_pool_name) applied to a copy of the machine table, and a trace
 * collector that snapshots every solved loop and writes the JSON of docs/schedule-trace.md.
 * Seed: 001 "Performance-Analysis Workflow" step 1 (per-op stage and order, II, placement-arm
 * sequence, fallback cost vectors, binding constraint), "Performance-Critical Tunables"
 * (--rrt-size-threshold). Knobs: the ones above. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/strbuf.h"
#include "tileas/attrs.h"
#include "tileas/sched.h"

void ct_sched_options_init(ct_sched_options *o) {
  memset(o, 0, sizeof *o);
  o->rrt_size_threshold = (int64_t)1 << 22;
  o->max_ii_tries = 64;
  o->candidate_budget = 8;
}

void ct_sched_options_from_env(ct_sched_options *o) {
  const char *l = getenv("TILEC_SCHED_LATENCY_OVERRIDE"), *p = getenv("TILEC_SCHED_POOL_OVERRIDE");
  if (l) snprintf(o->latency_override, sizeof o->latency_override, "%s", l);
  if (p) snprintf(o->pool_override, sizeof o->pool_override, "%s", p);
}

int ct_sched_parse_arg(ct_sched_options *o, const char *arg, char *err, size_t errlen) {
  static const char stages_key[] = "--num-stages=";
  if (strncmp(arg, stages_key, sizeof stages_key - 1) == 0) {
    const char *v = arg + sizeof stages_key - 1;
    char *end = NULL;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < 1 || n > 32) {
      snprintf(err, errlen, "--num-stages expects an integer from 1 to 32, got '%s'", v);
      return -1;
    }
    o->num_stages = (int)n;
    return 1;
  }
  static const char strategy_key[] = "--pipeline-strategy=";
  if (strncmp(arg, strategy_key, sizeof strategy_key - 1) == 0) {
    const char *v = arg + sizeof strategy_key - 1;
    if (!strcmp(v, "modulo")) o->pipeline_strategy = CT_PIPELINE_MODULO;
    else if (!strcmp(v, "warp-specialize")) o->pipeline_strategy = CT_PIPELINE_WARP_SPECIALIZE;
    else if (!strcmp(v, "auto")) o->pipeline_strategy = CT_PIPELINE_AUTO;
    else {
      snprintf(err, errlen, "--pipeline-strategy expects modulo, warp-specialize or auto, got '%s'", v);
      return -1;
    }
    return 1;
  }
  static const char key[] = "--rrt-size-threshold=";
  if (strncmp(arg, key, sizeof key - 1) != 0) return 0;
  const char *v = arg + sizeof key - 1;
  char *end = NULL;
  errno = 0;
  long long n = strtoll(v, &end, 10);
  if (!*v || *end || errno || n < 0) {
    snprintf(err, errlen, "--rrt-size-threshold expects a non-negative integer, got '%s'", v);
    return -1;
  }
  o->rrt_size_threshold = n;
  return 1;
}

const char *ct_sched_help(void) {
  return "  --rrt-size-threshold=<N>     modulo-schedule loops whose RRT (ops x MII) has at most N cells;\n"
         "                               larger ones (and all with N=0) get the zero-producer schedule\n"
         "  --num-stages=<N>             every pipelined loop's ring gets N stages instead of the\n"
         "                               latency-true roofline's count (experiments; must fit SMEM)\n"
         "  --pipeline-strategy=<modulo|warp-specialize|auto>\n"
         "                               modulo (default): every warp computes, one thread issues the\n"
         "                               TMA fills; warp-specialize: a producer warpgroup issues them\n"
         "                               (light variant when the loop's RRT is over --rrt-size-threshold,\n"
         "                               heavy otherwise); auto: the cost model picks (--remarks says why)\n"
         "  environment (test-only machine overrides, comma-separated name=N):\n"
         "  TILEC_SCHED_LATENCY_OVERRIDE  latency cycles: tma_load tma_store cp_async ldg stg lds ldmatrix\n"
         "                               wgmma mma_sync tcgen05_cp tcgen05_mma tcgen05_ld alu sfu reduce\n"
         "  TILEC_SCHED_POOL_OVERRIDE     pool caps: mbarriers tmem_banks bulk_groups cp_async_groups\n"
         "                               tmem_columns smem_bytes named_barriers\n"
         "  TILE_AS_DEBUG_UNLIMITED_SMEM  lift the 227 KiB shared-memory pool\n"
         "  (render a --schedule-trace-file with tilec-trace: docs/schedule-trace.md)\n";
}

/* Parse "name=N,name=N" against a name table; calls set(index, N). */
static bool apply_list(const char *list, int count, const char *(*name_of)(int), int64_t *vals, char *err, size_t errlen) {
  const char *s = list;
  while (*s) {
    const char *eq = strchr(s, '='), *comma = strchr(s, ',');
    if (!comma) comma = s + strlen(s);
    if (!eq || eq > comma) { snprintf(err, errlen, "bad override entry '%.*s'", (int)(comma - s), s); return false; }
    int idx = -1;
    for (int i = 0; i < count; i++)
      if (strlen(name_of(i)) == (size_t)(eq - s) && strncmp(name_of(i), s, (size_t)(eq - s)) == 0) idx = i;
    char *end = NULL;
    long long v = strtoll(eq + 1, &end, 10);
    if (idx < 0 || end != comma || v < 0) { snprintf(err, errlen, "bad override entry '%.*s'", (int)(comma - s), s); return false; }
    vals[idx] = v;
    s = *comma ? comma + 1 : comma;
  }
  return true;
}
static const char *lat_name(int i) { return ct_lat_op_name((ct_lat_op)i); }
static const char *pool_name(int i) { return ct_sched_pool_name((ct_sched_pool)i); }

bool ct_sched_machine_apply(ct_machine *out, const ct_machine *base, const ct_sched_options *o, char *err, size_t errlen) {
  *out = *base;
  int64_t lat[CT_LAT__COUNT];
  for (int i = 0; i < CT_LAT__COUNT; i++) lat[i] = base->latency[i];
  if (!apply_list(o->latency_override, CT_LAT__COUNT, lat_name, lat, err, errlen)) return false;
  for (int i = 0; i < CT_LAT__COUNT; i++) out->latency[i] = (int)lat[i];
  if (!apply_list(o->pool_override, CT_POOL__COUNT, pool_name, out->pool_cap, err, errlen)) return false;
  out->smem_ceiling_bytes = out->pool_cap[CT_POOL_SMEM_BYTES];
  if (out->pool_cap[CT_POOL_TMEM_BANKS] != base->pool_cap[CT_POOL_TMEM_BANKS]) out->tmem_bank_cap = (int)out->pool_cap[CT_POOL_TMEM_BANKS];
  return true;
}

/* ---- trace collector ------------------------------------------------------------------------- */
struct ct_sched_trace {
  ct_strbuf loops; /* the JSON objects of the loops, comma-separated */
  int nloops;
  ct_strbuf pipelines; /* the pipeline-strategy decisions (warp_specialize.c), comma-separated */
  int npipelines;
};

ct_sched_trace *ct_sched_trace_create(void) {
  ct_sched_trace *t = calloc(1, sizeof *t);
  if (!t) abort();
  ct_strbuf_init(&t->loops);
  ct_strbuf_init(&t->pipelines);
  return t;
}

void ct_sched_trace_destroy(ct_sched_trace *t) {
  if (!t) return;
  ct_strbuf_free(&t->loops);
  ct_strbuf_free(&t->pipelines);
  free(t);
}

static void json_str(ct_strbuf *b, const char *s) {
  ct_strbuf_putc(b, '"');
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\') ct_strbuf_putc(b, '\\'), ct_strbuf_putc(b, *s);
    else if ((unsigned char)*s < 0x20) ct_strbuf_printf(b, "\\u%04x", *s);
    else ct_strbuf_putc(b, *s);
  }
  ct_strbuf_putc(b, '"');
}

static void rows_json(ct_strbuf *b, uint32_t rows) {
  ct_strbuf_putc(b, '[');
  bool first = true;
  for (int r = 0; r < CT_ROW__COUNT; r++)
    if (rows & (1u << r)) {
      if (!first) ct_strbuf_puts(b, ", ");
      json_str(b, ct_sched_row_name((ct_sched_row)r));
      first = false;
    }
  ct_strbuf_putc(b, ']');
}

static void cost_json(ct_strbuf *b, const ct_sched_cost *c) {
  ct_strbuf_putc(b, '[');
  for (int i = 0; i < 4; i++) {
    if (i) ct_strbuf_puts(b, ", ");
    if (c->c[i] == CT_SCHED_INF) ct_strbuf_puts(b, "\"inf\"");
    else ct_strbuf_printf(b, "%d", c->c[i]);
  }
  ct_strbuf_putc(b, ']');
}

void ct_sched_trace_add_loop(ct_sched_trace *t, const char *kernel, const char *loc, const char *agent,
                             const ct_sched_problem *p, const ct_sched_result *r, int final_stages, const char *limited_by,
                             int roofline) {
  if (!t) return;
  ct_strbuf *b = &t->loops;
  if (t->nloops++) ct_strbuf_puts(b, ",\n");
  ct_strbuf_puts(b, "    {\n      \"kernel\": ");
  json_str(b, kernel);
  ct_strbuf_puts(b, ", \"loc\": ");
  json_str(b, loc);
  if (agent) ct_strbuf_puts(b, ", \"agent\": "), json_str(b, agent);
  ct_strbuf_puts(b, ",\n      \"status\": ");
  json_str(b, r->status);
  if (r->binding[0]) ct_strbuf_puts(b, ", \"binding_constraint\": "), json_str(b, r->binding);
  ct_strbuf_printf(b, ",\n      \"ii\": %d, \"mii\": %d, \"res_mii\": %d, \"res_mii_row\": ", r->ii, r->mii, r->res_mii);
  json_str(b, r->res_mii_row);
  ct_strbuf_printf(b, ", \"rec_mii\": %d, \"length\": %d,\n", r->rec_mii, r->length);
  const ct_roofline *rf = p->roofline;
  ct_strbuf_printf(b, "      \"stages\": %d, \"schedule_stages\": %d, \"roofline\": %d, \"memory_cycles\": %" PRId64 ", "
                      "\"compute_cycles\": %" PRId64 ", \"limited_by\": ",
                   final_stages, r->schedule_stages, roofline, rf ? rf->memory_cycles : (int64_t)p->memory_cycles,
                   rf ? rf->compute_cycles : (int64_t)p->compute_cycles);
  json_str(b, limited_by);
  if (rf)
    ct_strbuf_printf(b, ",\n      \"roofline_terms\": {\"load_bytes\": %" PRId64 ", \"load_latency\": %d, "
                        "\"bytes_per_cycle\": %.2f, \"transfer_cycles\": %" PRId64 ", \"staging_cycles\": %d, "
                        "\"mma_fmas\": %" PRId64 ", \"mma_cycles\": %" PRId64 ", \"other_elements\": %" PRId64 ", "
                        "\"other_cycles\": %" PRId64 ", \"period_cycles\": %" PRId64 "}",
                     rf->load_bytes, rf->load_latency, rf->bytes_per_cycle, rf->transfer_cycles, rf->staging_cycles,
                     rf->mma_fmas, rf->mma_cycles, rf->other_elements, rf->other_cycles, rf->period_cycles);
  ct_strbuf_printf(b, ", \"rrt_memory_cycles\": %d, \"rrt_compute_cycles\": %d", p->memory_cycles, p->compute_cycles);
  ct_strbuf_puts(b, ",\n      \"ii_tries\": [");
  for (int i = 0; i < r->nii_tries; i++) ct_strbuf_printf(b, "%s%d", i ? ", " : "", r->ii_tries[i]);
  ct_strbuf_puts(b, "],\n      \"pools\": {");
  for (int k = 0; k < CT_POOL__COUNT; k++) {
    ct_strbuf_printf(b, "%s", k ? ", " : "");
    json_str(b, ct_sched_pool_name((ct_sched_pool)k));
    int64_t cap = p->m->pool_cap[k];
    if (k == CT_POOL_SMEM_BYTES && p->unlimited_smem) cap = INT32_MAX;
    ct_strbuf_printf(b, ": [%" PRId64 ", %" PRId64 "]", r->pool_use[k], cap);
  }
  ct_strbuf_puts(b, "},\n      \"ops\": [\n");
  for (int i = 0; i < p->nops; i++) {
    const ct_sched_op *op = &p->ops[i];
    ct_strbuf_puts(b, "        {\"name\": ");
    json_str(b, op->name);
    ct_strbuf_printf(b, ", \"cycle\": %d, \"stage\": %d, \"slot\": %d, \"latency\": %d, \"occupancy\": %d, \"arm\": ",
                     r->cycle[i], r->stage[i], r->ii > 0 ? r->cycle[i] % r->ii : 0, op->latency, op->occupancy);
    json_str(b, r->arm[i]);
    ct_strbuf_puts(b, ", \"priority\": ");
    json_str(b, op->temp == CT_SCHED_HOT ? "hot" : op->temp == CT_SCHED_COLD ? "cold" : "neutral");
    ct_strbuf_puts(b, ", \"issue_rows\": ");
    rows_json(b, op->issue_rows & p->m->row_mask);
    ct_strbuf_puts(b, ", \"transport_rows\": ");
    rows_json(b, op->transport_rows & p->m->row_mask);
    ct_strbuf_printf(b, "}%s\n", i + 1 < p->nops ? "," : "");
  }
  ct_strbuf_puts(b, "      ],\n      \"candidates\": [\n");
  for (int i = 0; i < r->ncands; i++) {
    const ct_sched_candidate_log *c = &r->cands[i];
    ct_strbuf_puts(b, "        {\"op\": ");
    json_str(b, p->ops[c->op].name);
    ct_strbuf_printf(b, ", \"cycle\": %d, \"cost\": ", c->cycle);
    cost_json(b, &c->cost);
    ct_strbuf_printf(b, ", \"chosen\": %s}%s\n", c->chosen ? "true" : "false", i + 1 < r->ncands ? "," : "");
  }
  ct_strbuf_puts(b, "      ]\n    }");
}

void ct_sched_trace_add_pipeline(ct_sched_trace *t, const char *kernel, const char *loc, const char *strategy,
                                 const char *variant, const char *reason, const struct ct_tileas_ws *w) {
  ct_strbuf *b = &t->pipelines;
  if (t->npipelines++) ct_strbuf_puts(b, ",\n");
  ct_strbuf_puts(b, "    { \"kernel\": ");
  json_str(b, kernel);
  ct_strbuf_puts(b, ", \"loc\": ");
  json_str(b, loc);
  ct_strbuf_puts(b, ", \"strategy\": ");
  json_str(b, strategy);
  if (variant) ct_strbuf_puts(b, ", \"variant\": "), json_str(b, variant);
  ct_strbuf_puts(b, ", \"reason\": ");
  json_str(b, reason);
  if (w) {
    ct_strbuf_printf(b, ", \"ctas_per_sm\": %d, \"agents\": [", w->ctas_per_sm);
    for (int i = 0; i < w->nagents; i++) {
      const ct_tileas_agent *g = &w->agents[i];
      ct_strbuf_printf(b, "%s{ \"role\": ", i ? ", " : "");
      json_str(b, ct_agent_role_name(g->role));
      ct_strbuf_printf(b, ", \"warps\": [%lld, %lld], \"regs\": %lld }", (long long)g->warp_begin, (long long)g->warp_end,
                       (long long)g->regs);
    }
    ct_strbuf_puts(b, "]");
  }
  ct_strbuf_puts(b, " }");
}

bool ct_sched_write_trace(const ct_sched_trace *t, const char *path, const char *input, const char *target, int opt_level) {
  ct_strbuf j;
  ct_strbuf_init(&j);
  ct_strbuf_puts(&j, "{\n  \"format\": \"tilec-schedule-trace\",\n  \"version\": 2,\n  \"input\": ");
  json_str(&j, input);
  ct_strbuf_puts(&j, ",\n  \"target\": ");
  json_str(&j, target);
  ct_strbuf_printf(&j, ",\n  \"opt_level\": %d,\n  \"status\": ", opt_level);
  json_str(&j, t && t->nloops ? "scheduled" : "no-loops");
  ct_strbuf_puts(&j, ",\n  \"loops\": [");
  if (t && t->nloops) ct_strbuf_puts(&j, "\n"), ct_strbuf_append(&j, t->loops.data, t->loops.len), ct_strbuf_puts(&j, "\n  ");
  ct_strbuf_puts(&j, "]");
  if (t && t->npipelines)
    ct_strbuf_puts(&j, ",\n  \"pipelines\": [\n"), ct_strbuf_append(&j, t->pipelines.data, t->pipelines.len),
        ct_strbuf_puts(&j, "\n  ]");
  ct_strbuf_puts(&j, "\n}\n");
  FILE *f = fopen(path, "w");
  bool ok = f && fwrite(j.data, 1, j.len, f) == j.len;
  if (f && fclose(f) != 0) ok = false;
  ct_strbuf_free(&j);
  return ok;
}

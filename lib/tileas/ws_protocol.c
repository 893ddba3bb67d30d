/* ws_protocol: the static protocol check of a planned TMA ring (Hopper wgmma path), modulo-scheduled
 * or warp-specialised — run by the code generator on every compile before it emits anything, so a
 * broken protocol is a located error instead of a hang on the GPU.
 * Algorithm: the decisions in the TileAS module (each ring's stages and tileas.barriers init
 * counts, the loop's tileas.agents and each pipe op's tileas.agent, the in-flight wgmma group) are
 * turned into one event program per agent for a trip count n — arrive(mbarrier, count) and
 * wait(mbarrier, phase f) in the order the code generator emits them (lib/nvvm/lower_hopper_loop.c):
 *   warp-specialised: the producer's fill of iteration j waits for phase j/S - 1 of empty[j % S]
 *     (j >= S) and arrives once on full[j % S]; a consume waits for phase kt/S of full[kt % S]; a
 *     release arrives on empty with every thread of its agent (iteration kt, or kt - 1 from the
 *     second iteration on when a wgmma group stays in flight);
 *   modulo: one agent; the prologue fills stages 0..min(S, n)-1, a release is followed by thread
 *     0's refill for iteration rel + S < n (wait for phase rel/S of the released stage's empty);
 *   tcgen05 (Blackwell): the release of iteration kt is the MMA thread's one tcgen05.commit on
 *     empty[kt % S]; modulo, thread 0 then refills iteration kt - 1's stage (kt >= 1, kt - 1 + S < n),
 *     warp-specialised the producer does (as above); with operands staged from registers it then
 *     commits to the mmaf's order[kt % 2] and waits for phase (kt - 1) / 2 of order[(kt - 1) % 2];
 *     an accumulator read back every iteration: its commit to done, then the wait for phase kt;
 *   a pipe loaded before the loop: one arrive on full[0], one wait for phase 0;
 *   several loops (plan->nloops): each loop's plan on its own (ct_hopper_plan_of_loop), its rings
 *     and mbarriers being its own; warp-specialised, a loop whose rings a later loop's reuse
 *     (ct_hopper_loop_drained) ends with the producer's wait for the release of each ring's last fill n - 1
 *     (phase (n-1)/S of empty[(n-1) % S]), an in-flight group's last stages released on the exit
 *     edge;
 *   a loop nested in control flow (plan->nested): several executions in a row, every stage and
 *     phase at the global index base + kt (base: the earlier executions' trips), the fills at each
 *     start without an empty wait (modulo), the wait for the loads before the loop repeated, and an
 *     in-flight group's last stages released on the exit edge (by the releasing agent);
 *     warp-specialised, the producer's fills run on across the executions as well: fill g = base + kt
 *     waits for phase g/S - 1 of empty[g % S] whenever g >= S.
 * Then: (1) no agent waits on an mbarrier only it arrives on (with two agents or more); (2) the
 * programs run against an mbarrier model (pending arrivals, completed phases k; try_wait.parity(f)
 * passes when k's parity differs from f's, as the hardware does) for n in {0, 1, 2, S-1, S, S+1,
 * 2S-1, 2S, 2S+1, 3S+2}, once letting the lower-numbered agent run ahead as far as it can and once
 * the higher-numbered: every program must finish (else a deadlock: the blocked waits are named),
 * every passing wait must see exactly its own phase completed (k = f + 1; otherwise it passed on an
 * earlier or a later phase's parity), no phase may get more arrivals than the init count, and no
 * mbarrier may end with a partial phase (arrivals per phase != init count).
 * Seed: 001 (warp specialization; the named-barrier pool). Knobs: none. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"

#define MAX_STAGES 32
#define MAX_AGENTS CT_TILEAS_MAX_AGENTS
#define PIPE_BARS (CT_HOPPER_MAX_PIPES * 2 * MAX_STAGES) /* bar_id's range: full and empty per stage per pipe */
#define ORDER_BAR PIPE_BARS /* + 2k + j: mmaf k's tcgen05 order mbarriers j = 0, 1 */
#define DONE_BAR (ORDER_BAR + 2 * CT_HOPPER_MAX_MMAS) /* + k: mmaf k's done mbarrier (read back every iteration) */
#define NBARS (DONE_BAR + CT_HOPPER_MAX_MMAS)

typedef struct pev {
  bool wait;
  int bar;
  int64_t count, phase;
  MlirOperation op;
} pev;

typedef struct pagent {
  pev *ev;
  int n, cap, pc, threads;
  const char *name;
} pagent;

typedef struct pcheck {
  const ct_hopper_plan *p;
  int nagents;
  pagent ag[MAX_AGENTS];
  int64_t init[NBARS];
  int produce_agent[CT_HOPPER_MAX_PIPES];
  char *msg;
  size_t cap;
  MlirOperation *where;
} pcheck;

static int bar_id(int pipe, bool empty, int64_t stage) { return (pipe * 2 + (empty ? 1 : 0)) * MAX_STAGES + (int)stage; }

static void bar_name(int id, char *buf, size_t cap) {
  if (id >= DONE_BAR) {
    snprintf(buf, cap, "mmaf %d's accumulator-ready mbarrier (tileas.tmem done)", id - DONE_BAR);
    return;
  }
  if (id >= ORDER_BAR) {
    snprintf(buf, cap, "mmaf %d's staging-order mbarrier %d (tileas.tmem order)", (id - ORDER_BAR) / 2, (id - ORDER_BAR) % 2);
    return;
  }
  int pipe = id / (2 * MAX_STAGES), empty = (id / MAX_STAGES) % 2, stage = id % MAX_STAGES;
  snprintf(buf, cap, "pipe %d's %s mbarrier (stage %d)", pipe, empty ? "empty" : "full", stage);
}

static void push(pagent *a, bool wait, int bar, int64_t count, int64_t phase, MlirOperation op) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 64;
    a->ev = realloc(a->ev, (size_t)a->cap * sizeof *a->ev);
    if (!a->ev) abort();
  }
  a->ev[a->n++] = (pev){wait, bar, count, phase, op};
}

static bool fail(pcheck *k, MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(pcheck *k, MlirOperation op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(k->msg, k->cap, fmt, ap);
  va_end(ap);
  *k->where = op;
  return false;
}

/* Agent running pipe op `op` (its tileas.agent; the one agent of a modulo loop). */
static bool agent_of(pcheck *k, MlirOperation op, int *out) {
  if (!k->p->ws) {
    *out = 0;
    return true;
  }
  int64_t a;
  const char *why;
  if (!ct_tileas_op_agent(op, &a, &why))
    return fail(k, op, "%s%sa pipe op of a warp-specialised loop needs tileas.agent (the agent that runs it)", why ? why : "",
                why ? ": " : "");
  if (a < 0 || a >= k->nagents) return fail(k, op, "tileas.agent = %lld is not an agent of the loop (tileas.agents)", (long long)a);
  *out = (int)a;
  return true;
}

/* The consumes and releases of pipe o (the users of its produce's slot), in program order. */
static void slot_users(const ct_hopper_pipe *o, ct_oplist *consumes, ct_oplist *releases) {
  MlirValue slot = mlirOperationGetResult(o->load, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(slot); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (ct_ir_is(user, "tileas.consume")) ct_oplist_push(consumes, user);
    else if (ct_ir_is(user, "tileas.release")) ct_oplist_push(releases, user);
  }
}

/* The agents' programs for the loop's executions of trip counts trips[nexec] (one, unless the loop
 * is nested in control flow: then the rings run on from one execution to the next, every stage
 * and phase taken at the global index base + kt, base the trips of the earlier executions). */
static bool build(pcheck *k, const int64_t *trips, int nexec) {
  const ct_hopper_plan *p = k->p;
  for (int a = 0; a < k->nagents; a++) k->ag[a].n = k->ag[a].pc = 0;
  bool in_flight = p->nmmas >= 1 && p->mmas[0].keep_in_flight; /* (a loop's chains are all in flight, or none) */
  int thread0 = p->ws ? p->consumer_agent : 0; /* tid 0: the loads before the loop, the modulo fills */
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (o->in_loop) continue;
    push(&k->ag[thread0], false, bar_id(i, false, 0), 1, 0, o->load);
    push(&k->ag[thread0], true, bar_id(i, false, 0), 0, 0, o->load);
  }
  ct_oplist cons[CT_HOPPER_MAX_PIPES], rels[CT_HOPPER_MAX_PIPES];
  memset(cons, 0, sizeof cons);
  memset(rels, 0, sizeof rels);
  for (int i = 0; i < p->npipes; i++)
    if (p->pipes[i].in_loop) slot_users(&p->pipes[i], &cons[i], &rels[i]);
  bool ok = true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(p->for_op, 0));
  int64_t base = 0;
  for (int e = 0; e < nexec && ok; base += trips[e++]) {
  int64_t n = trips[e];
  for (int i = 0; e > 0 && i < p->npipes; i++) /* a nested loop's start waits again for the loads before it */
    if (!p->pipes[i].in_loop) push(&k->ag[thread0], true, bar_id(i, false, 0), 0, 0, p->pipes[i].load);
  if (!p->ws) /* the fills at the loop's start (no empty wait: the previous execution's reads are done) */
    for (int64_t j = 0; j < n; j++)
      for (int i = 0; i < p->npipes; i++)
        if (p->pipes[i].in_loop && j < p->pipes[i].stages)
          push(&k->ag[0], false, bar_id(i, false, (base + j) % p->pipes[i].stages), 1, 0, p->pipes[i].load);
  for (int64_t kt = 0; kt < n && ok; kt++) {
    int64_t g = base + kt;
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && ok; op = mlirOperationGetNextInBlock(op))
      for (int i = 0; i < p->npipes && ok; i++) {
        const ct_hopper_pipe *o = &p->pipes[i];
        if (!o->in_loop) continue;
        int64_t S = o->stages;
        int a;
        if (mlirOperationEqual(op, o->load)) {
          if (!(ok = agent_of(k, op, &a))) break;
          k->produce_agent[i] = a;
          if (!p->ws) continue; /* modulo: filled ahead (prologue, refills) */
          if (g >= S) push(&k->ag[a], true, bar_id(i, true, g % S), 0, g / S - 1, op); /* (its fills run on too) */
          push(&k->ag[a], false, bar_id(i, false, g % S), 1, 0, op);
        } else if (ct_oplist_has(&cons[i], op)) {
          if (!(ok = agent_of(k, op, &a))) break;
          push(&k->ag[a], true, bar_id(i, false, g % S), 0, g / S, op);
        } else if (ct_oplist_has(&rels[i], op)) {
          if (!(ok = agent_of(k, op, &a))) break;
          if (p->tcgen05) { /* the MMA thread's tcgen05.commit of iteration kt (modulo: then its refill of kt - 1's stage) */
            push(&k->ag[a], false, bar_id(i, true, g % S), 1, 0, op);
            if (!p->ws && kt >= 1 && kt - 1 + S < n) {
              push(&k->ag[a], true, bar_id(i, true, (g - 1) % S), 0, (g - 1) / S, op);
              push(&k->ag[a], false, bar_id(i, false, (g - 1) % S), 1, 0, op);
            }
            continue;
          }
          int64_t rel = in_flight ? kt - 1 : kt, grel = base + rel;
          if (rel < 0) continue;
          push(&k->ag[a], false, bar_id(i, true, grel % S), k->ag[a].threads, 0, op);
          if (!p->ws && rel + S < n) { /* thread 0 refills the stage for iteration rel + S */
            push(&k->ag[a], true, bar_id(i, true, grel % S), 0, grel / S, op);
            push(&k->ag[a], false, bar_id(i, false, grel % S), 1, 0, op);
          }
        }
      }
    /* tcgen05, per mmaf: with staged operands, after the iteration's ring commits and refills, the
     * MMA thread's commit to order[g % 2], then its wait for iteration g - 1's (in this execution);
     * an accumulator read back (or rescaled) every iteration: the commit to done, every thread's wait
     * for phase g (in this iteration, or the next one's rescale, or after the loop) */
    for (int m = 0; m < p->nmmas && p->tcgen05; m++) {
      const ct_hopper_mma *mm = &p->mmas[m];
      if (mm->tmem_per_iter || mm->tmem_rescaled) { /* (rescaled: waited for by the next iteration's rescale) */
        push(&k->ag[thread0], false, DONE_BAR + m, 1, 0, mm->mmaf);
        push(&k->ag[thread0], true, DONE_BAR + m, 0, g, mm->mmaf);
      }
      if (mm->tmem.order < 0) continue;
      push(&k->ag[thread0], false, ORDER_BAR + 2 * m + (int)(g % 2), 1, 0, mm->mmaf);
      if (kt >= 1) push(&k->ag[thread0], true, ORDER_BAR + 2 * m + (int)((g - 1) % 2), 0, (g - 1) / 2, mm->mmaf);
    }
  }
  /* a nested or drained loop's exit edge: an in-flight wgmma group's last stages are released too */
  for (int i = 0; ok && (p->nested || ct_hopper_loop_drained(p)) && in_flight && !p->tcgen05 && n > 0 && i < p->npipes; i++) {
    int a;
    if (p->pipes[i].in_loop && rels[i].n && (ok = agent_of(k, rels[i].ops[0], &a)))
      push(&k->ag[a], false, bar_id(i, true, (base + n - 1) % p->pipes[i].stages), k->ag[a].threads, 0, rels[i].ops[0]);
  }
  /* a drained loop (a later loop's rings reuse its shared memory): the producer then waits for the
   * release of each ring's last fill */
  for (int i = 0; ok && ct_hopper_loop_drained(p) && n > 0 && i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    int a;
    if (o->in_loop && (ok = agent_of(k, o->load, &a)))
      push(&k->ag[a], true, bar_id(i, true, (base + n - 1) % o->stages), 0, (base + n - 1) / o->stages, o->load);
  }
  }
  for (int i = 0; i < p->npipes; i++) {
    ct_oplist_free(&cons[i]);
    ct_oplist_free(&rels[i]);
  }
  return ok;
}

/* (1) with two agents or more, no agent waits on a ring's mbarrier only it arrives on (a pipe
 * loaded before the loop is thread 0's arrive, then every thread's wait: one agent's sequence). */
static bool check_waiters(pcheck *k) {
  unsigned arrivers[NBARS] = {0};
  for (int a = 0; a < k->nagents; a++)
    for (int e = 0; e < k->ag[a].n; e++)
      if (!k->ag[a].ev[e].wait) arrivers[k->ag[a].ev[e].bar] |= 1u << a;
  for (int a = 0; a < k->nagents; a++)
    for (int e = 0; e < k->ag[a].n; e++) {
      const pev *v = &k->ag[a].ev[e];
      if (v->wait && v->bar < PIPE_BARS && k->p->pipes[v->bar / (2 * MAX_STAGES)].in_loop && arrivers[v->bar] == 1u << a) {
        char bn[96];
        bar_name(v->bar, bn, sizeof bn);
        return fail(k, v->op, "the %s agent waits on %s, which only it arrives on", k->ag[a].name, bn);
      }
    }
  return true;
}

/* (2) run the programs; `reverse`: the higher-numbered agent runs ahead first. */
static bool simulate(pcheck *k, bool reverse, int64_t n) {
  int64_t pending[NBARS] = {0}, done[NBARS] = {0};
  char bn[96];
  for (;;) {
    bool progressed = false, finished = true;
    for (int t = 0; t < k->nagents; t++) {
      pagent *a = &k->ag[reverse ? k->nagents - 1 - t : t];
      while (a->pc < a->n) {
        const pev *v = &a->ev[a->pc];
        bar_name(v->bar, bn, sizeof bn);
        if (!v->wait) {
          pending[v->bar] += v->count;
          if (pending[v->bar] > k->init[v->bar])
            return fail(k, v->op, "the %s agent's arrive on %s exceeds its init count %lld in one phase", a->name, bn,
                        (long long)k->init[v->bar]);
          if (pending[v->bar] == k->init[v->bar]) pending[v->bar] = 0, done[v->bar]++;
        } else {
          if ((done[v->bar] & 1) == (v->phase & 1)) break; /* try_wait.parity fails: blocked */
          if (done[v->bar] != v->phase + 1)
            return fail(k, v->op, "the %s agent's wait on %s for phase %lld passes after %lld completed phases (the "
                        "parity of another phase)", a->name, bn, (long long)v->phase, (long long)done[v->bar]);
        }
        a->pc++;
        progressed = true;
      }
      if (a->pc < a->n) finished = false;
    }
    if (finished) break;
    if (!progressed) {
      for (int t = 0; t < k->nagents; t++) {
        pagent *a = &k->ag[t];
        if (a->pc >= a->n) continue;
        const pev *v = &a->ev[a->pc];
        bar_name(v->bar, bn, sizeof bn);
        return fail(k, v->op, "deadlock: the %s agent waits on %s for phase %lld, which no remaining arrive completes "
                    "(trip count %lld)", a->name, bn, (long long)v->phase, (long long)n);
      }
    }
  }
  for (int b = 0; b < NBARS; b++)
    if (pending[b]) {
      bar_name(b, bn, sizeof bn);
      MlirOperation at = b < PIPE_BARS   ? k->p->pipes[b / (2 * MAX_STAGES)].pipe_op
                         : b < DONE_BAR  ? k->p->mmas[(b - ORDER_BAR) / 2].mmaf
                                         : k->p->mmas[b - DONE_BAR].mmaf;
      return fail(k, at, "%s ends a loop of %lld iterations in a partial phase: arrivals per phase differ "
                  "from its init count %lld (tileas.barriers)", bn, (long long)n, (long long)k->init[b]);
    }
  return true;
}

static bool check_loop(const ct_hopper_plan *p, char *msg, size_t cap, MlirOperation *where) {
  pcheck k;
  memset(&k, 0, sizeof k);
  k.p = p;
  k.msg = msg;
  k.cap = cap;
  k.where = where;
  *where = p->for_op;
  msg[0] = 0;
  int64_t S = 1;
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (o->stages > MAX_STAGES) return fail(&k, o->pipe_op, "more than 32 stages");
    if (o->stages > S) S = o->stages;
    for (int s = 0; s < o->stages; s++) {
      k.init[bar_id(i, false, s)] = o->full_arrivals;
      k.init[bar_id(i, true, s)] = o->empty_arrivals;
    }
  }
  for (int b = ORDER_BAR; b < NBARS; b++) k.init[b] = 1; /* one commit per phase */
  if (p->ws) {
    k.nagents = p->ws_agents.nagents;
    for (int a = 0; a < k.nagents; a++) {
      const ct_tileas_agent *g = &p->ws_agents.agents[a];
      k.ag[a].threads = (int)(32 * (g->warp_end - g->warp_begin));
      k.ag[a].name = ct_agent_role_name(g->role);
    }
  } else {
    k.nagents = 1;
    k.ag[0].threads = p->bulk ? p->bulk_threads : 128 * p->warpgroups;
    k.ag[0].name = "whole-CTA";
  }
  int64_t trips[] = {0, 1, 2, S - 1, S, S + 1, 2 * S - 1, 2 * S, 2 * S + 1, 3 * S + 2};
  /* (1) on the longest program (every wait of the steady state is in it), then (2) per trip count */
  int64_t longest = 3 * S + 2;
  bool ok = build(&k, &longest, 1) && (k.nagents < 2 || check_waiters(&k));
  for (size_t t = 0; t < sizeof trips / sizeof trips[0] && ok; t++) {
    if (trips[t] < 0 || (t > 0 && trips[t] <= trips[t - 1])) continue;
    ok = build(&k, &trips[t], 1) && simulate(&k, false, trips[t]) && (k.nagents < 2 || simulate(&k, true, trips[t]));
  }
  /* a nested loop: sequences of executions whose trips leave the rings at every offset */
  if (p->nested) {
    int64_t seqs[][4] = {{S + 1, 1, 2 * S - 1, S}, {0, S - 1, 0, 2}, {3 * S + 2, 2 * S + 1, 1, S + 1}, {1, 1, 1, 1}};
    for (size_t q = 0; q < sizeof seqs / sizeof seqs[0] && ok; q++) {
      bool valid = true;
      for (int e = 0; e < 4; e++) valid &= seqs[q][e] >= 0;
      if (!valid) continue;
      ok = build(&k, seqs[q], 4) && simulate(&k, false, seqs[q][0]) && (k.nagents < 2 || simulate(&k, true, seqs[q][0]));
    }
  }
  /* the code generator's form of a warp-specialised loop: the producer fills, the consumer waits and releases */
  for (int i = 0; ok && p->ws && i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop) continue;
    ct_oplist cons = {0}, rels = {0};
    slot_users(o, &cons, &rels);
    int a;
    if (!agent_of(&k, o->load, &a)) ok = false;
    else if (a != p->producer_agent)
      ok = fail(&k, o->load, "the code generator runs a ring's tileas.produce on the producer agent only");
    for (size_t u = 0; ok && u < cons.n + rels.n; u++) {
      MlirOperation op = u < cons.n ? cons.ops[u] : rels.ops[u - cons.n];
      if (!agent_of(&k, op, &a)) ok = false;
      else if (a != p->consumer_agent)
        ok = fail(&k, op, "the code generator runs a ring's tileas.consume and tileas.release on the consumer agent only");
    }
    ct_oplist_free(&cons);
    ct_oplist_free(&rels);
  }
  for (int a = 0; a < MAX_AGENTS; a++) free(k.ag[a].ev);
  return ok;
}

bool ct_ring_protocol_check(const ct_hopper_plan *p, char *msg, size_t cap, MlirOperation *where) {
  if (p->nloops <= 1) return check_loop(p, msg, cap, where);
  /* several loops: each loop's rings on their own mbarriers, proven one loop at a time */
  ct_hopper_plan *q = malloc(sizeof *q);
  if (!q) abort();
  bool ok = true;
  for (int l = 0; l < p->nloops && ok; l++) {
    ct_hopper_plan_of_loop(p, l, q);
    ok = check_loop(q, msg, cap, where);
  }
  free(q);
  return ok;
}

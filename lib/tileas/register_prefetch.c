/* register_prefetch: a TileAS pass (after reg_layouts.c, before layout_propagate.c) — software
 * pipelining of the ordinary loads that feed a tensor-core loop: a `tileas.load` that TMA cannot
 * take (no alignment proof, a strided or non-contiguous view: path_select.c made it a SIMT load
 * straight into registers) is issued one iteration ahead, so its global-memory latency overlaps
 * the iteration before instead of stalling every iteration's mma.
 *
 * This is the (0, 1) stage assignment of the seed's roofline section ("the modulo scheduler models
 * this by promoting the producer-consumer pair to stage (0, 1)") for a pair whose buffer is the
 * register file: the load is stage 0, its consumers stage 1, and the value crosses the back edge as
 * a loop-carried value. The decision is the rewritten IR itself (printable and fed back like any
 * TileAS module):
 *
 *   %x0 = tileas.load %view[idx(0)]            // before the loop
 *   tileaa.for %n (..., %x = %x0) {
 *   ^bb0(%i, ..., %x):
 *     %x1 = tileas.load %view[idx(min(%i + 1, %n - 1))]   // the load, moved one iteration ahead
 *     ... uses of the load now read %x ...
 *     continue ..., %x1
 *   }
 *
 * idx(j) is the load's index computation with the counter replaced by j (its ops in the body are
 * cloned: scalar, register-only arithmetic). The clamp makes the last iteration re-read its own
 * tile instead of the next one (no traffic past the loop's range; view loads are bounds-checked in
 * any case, so the prologue's load of a loop that runs 0 times reads nothing out of bounds).
 *
 * Conditions (each loop, innermost first; a loop not taken gets a remark when the registers or
 * the cost model below decide it): a `tileaa.for` whose body holds an mmaf/mmai directly; nothing
 * in the body writes memory (store, atomic: moving a load across one would change what it reads);
 * the load sits directly in the body, is a weak view load with a SIMT layout, waits for no token
 * made in the loop and its own token is unused; its indices are loop-invariant or computed from
 * the counter by scalar ops; and the entry's register estimate (reg_pressure.c) plus the
 * prefetched tiles stays within the budget (ct_reg_budget_words) — a kernel near the limit keeps
 * the plain loop rather than spill.
 * Cost model (seed 001's roofline, per iteration): memory M = the loads' latency + their bytes at
 * the SM's share of DRAM bandwidth, compute W = the iteration's mma and other work
 * (roofline.c). The plain loop's period is M + W on wgmma / mma.sync (the mma waits for its
 * operands, the next loads wait for the mma) and max(M, W) on tcgen05 (one thread issues the
 * MMA asynchronously) and for a wgmma group the plan keeps in flight into the next iteration (A
 * from a TMA ring): the next loads overlap it already. The prefetching loop's is max(M, W).
 * The tensor cores' busy fraction is min(1, C x W / period, W / transfer) with C the CTAs per SM
 * the register estimate (+ CT_WGMMA_REG_OVERHEAD) and shared memory allow, at most one wave of a
 * static grid; the loop prefetches only when that fraction rises — more registers per thread
 * can cost a resident CTA, whose interleaving hides the same latency (a remark gives the terms).
 * Seed: 001, "Roofline Reasoning" (stage (0, 1) for a producer-consumer pair). Knobs:
 * TILEC_REGISTER_PREFETCH=0 turns the pass off, =always prefetches wherever it is legal and the
 * registers fit, whatever the cost model says (experiments: the GPU suite's A/B rows). */
#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/sched.h"
#include "tileas/tileas.h"

#define PF_MAX_LOADS 16
#define PF_MAX_INDEX_OPERANDS 8 /* an index op's operands (binary / ternary scalar ops) */

/* A value map for cloning an index computation: from[k] -> to[k]. */
typedef struct pf_map {
  size_t n, cap;
  MlirValue *from, *to;
} pf_map;

static void map_add(pf_map *m, MlirValue from, MlirValue to) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 16;
    m->from = realloc(m->from, m->cap * sizeof *m->from);
    m->to = realloc(m->to, m->cap * sizeof *m->to);
    if (!m->from || !m->to) abort();
  }
  m->from[m->n] = from, m->to[m->n] = to, m->n++;
}

static void map_free(pf_map *m) {
  free(m->from);
  free(m->to);
}

static MlirValue map_find(const pf_map *m, MlirValue v) {
  for (size_t k = 0; k < m->n; k++)
    if (mlirValueEqual(m->from[k], v)) return m->to[k];
  return (MlirValue){NULL};
}

/* A register-only scalar op an index may be computed with: no region, at most
 * PF_MAX_INDEX_OPERANDS operands, scalar arithmetic (ct_ir_scalar_arith: no memory access, every
 * value a scalar or a rank-0 tile). */
static bool scalar_index_op(MlirOperation op) {
  return mlirOperationGetNumRegions(op) == 0 && mlirOperationGetNumOperands(op) <= PF_MAX_INDEX_OPERANDS &&
         ct_ir_scalar_arith(op);
}

/* Can v be recomputed for another counter value: loop-invariant, the counter, or a scalar op of such? */
static bool index_computable(MlirValue v, MlirOperation loop, MlirValue counter, int depth) {
  if (ct_ir_defined_outside(v, loop)) return true;
  if (mlirValueEqual(v, counter)) return true;
  if (depth > 16 || !mlirValueIsAOpResult(v)) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!scalar_index_op(d)) return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++)
    if (!index_computable(mlirOperationGetOperand(d, i), loop, counter, depth + 1)) return false;
  return true;
}

/* v recomputed with the counter mapped (m holds counter -> j): ops of the body are cloned before
 * anchor, loop-invariant values are used as they are. */
static MlirValue recompute(MlirValue v, MlirOperation loop, pf_map *m, MlirOperation anchor) {
  if (ct_ir_defined_outside(v, loop)) return v;
  MlirValue got = map_find(m, v);
  if (got.ptr) return got;
  MlirOperation d = mlirOpResultGetOwner(v);
  intptr_t no = mlirOperationGetNumOperands(d);
  MlirValue opd[PF_MAX_INDEX_OPERANDS]; /* scalar_index_op bounds no */
  for (intptr_t i = 0; i < no; i++) opd[i] = recompute(mlirOperationGetOperand(d, i), loop, m, anchor);
  MlirOperation k = mlirOperationClone(d);
  for (intptr_t i = 0; i < no; i++) mlirOperationSetOperand(k, i, opd[i]);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, k);
  MlirValue res = (MlirValue){NULL};
  for (intptr_t r = 0; r < mlirOperationGetNumResults(d); r++) {
    map_add(m, mlirOperationGetResult(d, r), mlirOperationGetResult(k, r));
    if (mlirValueEqual(mlirOperationGetResult(d, r), v)) res = mlirOperationGetResult(k, r);
  }
  return res;
}

/* Is op a load this pass may move one iteration ahead in loop (body block B, counter i)? */
static bool prefetchable(MlirOperation op, MlirOperation loop, MlirValue counter) {
  if (!ct_ir_is(op, "tileas.load") || mlirOperationGetNumResults(op) != 2) return false;
  ct_tileas_layout l;
  if (!ct_tileas_op_layout(op, &l) || l.atom != CT_ATOM_SIMT) return false;
  if (ct_attr_int(op, "memory_ordering_semantics", 0) != 0) return false;
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 1)))) return false; /* its token orders something */
  MlirAttribute seg = mlirOperationGetAttributeByName(op, ct_ir_sref("operandSegmentSizes"));
  if (mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) || mlirDenseArrayGetNumElements(seg) != 3) return false;
  /* a token it waits for must come from before the loop (cuTile's `token = make_token`): then the
   * prologue's copy, placed right before the loop, is ordered after it as well */
  intptr_t ntok = mlirDenseI32ArrayGetElement(seg, 2), nopd = mlirOperationGetNumOperands(op);
  for (intptr_t i = nopd - ntok; i < nopd; i++)
    if (!ct_ir_defined_outside(mlirOperationGetOperand(op, i), loop)) return false;
  ct_type vt;
  MlirValue view = mlirOperationGetOperand(op, 0);
  if (!ct_ir_defined_outside(view, loop) || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &vt) ||
      vt.kind != CT_TYPE_TILE || vt.rank < 1)
    return false;
  for (intptr_t i = 1; i < nopd - ntok; i++)
    if (!index_computable(mlirOperationGetOperand(op, i), loop, counter, 0)) return false;
  return true;
}

/* Does anything in block B (nested regions included) write memory? */
static bool writes_memory(MlirBlock B) {
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    char name[96];
    ct_op_short_name(op, name, sizeof name);
    if (strstr(name, "store") || strstr(name, "atomic") || strstr(name, "multimem")) return true;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
           b = mlirBlockGetNextInRegion(b))
        if (writes_memory(b)) return true;
  }
  return false;
}

/* Bytes (sub-byte types packed) and 32-bit registers per thread over nthreads (reg_pressure.c's
 * rule) of tile value v. */
static int64_t tile_bytes(MlirValue v) {
  ct_type t;
  if (!ct_type_from_mlir(mlirValueGetType(v), &t) || t.kind != CT_TYPE_TILE) return 0;
  return (ct_type_num_elements(&t) * ct_elem_bits(t.elem) + 7) / 8;
}

static int64_t tile_words(MlirValue v, int nthreads) {
  ct_type t;
  if (!ct_type_from_mlir(mlirValueGetType(v), &t) || t.kind != CT_TYPE_TILE) return 0;
  return (ct_type_num_elements(&t) + nthreads - 1) / nthreads * ((ct_elem_bits(t.elem) + 31) / 32);
}

/* The loop rebuilt with extra loop-carried values: inits appended to its operands, types to its
 * results; the body's new block arguments must already be in place. Returns the new loop. */
static MlirOperation rebuild_loop(MlirOperation f, int nextra, const MlirValue *inits) {
  intptr_t nop = mlirOperationGetNumOperands(f), nres = mlirOperationGetNumResults(f);
  MlirValue *opd = malloc((size_t)(nop + nextra) * sizeof *opd);
  MlirType *rt = malloc((size_t)(nres + nextra) * sizeof *rt);
  if (!opd || !rt) abort();
  for (intptr_t i = 0; i < nop; i++) opd[i] = mlirOperationGetOperand(f, i);
  for (intptr_t i = 0; i < nres; i++) rt[i] = mlirValueGetType(mlirOperationGetResult(f, i));
  for (int k = 0; k < nextra; k++) opd[nop + k] = inits[k], rt[nres + k] = mlirValueGetType(inits[k]);
  MlirOperation nf = ct_ir_rebuild_loop(f, "tileaa.for", nop + nextra, opd, nres + nextra, rt);
  free(opd);
  free(rt);
  return nf;
}

static const char *operand_role(MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!ct_ir_is_mma(user)) continue;
    unsigned k = mlirOpOperandGetOperandNumber(u);
    return k == 0 ? "the A operand of an mma" : k == 1 ? "the B operand of an mma" : "an mma's accumulator";
  }
  return "a tile the loop's mma work reads";
}

/* What the decision needs of the entry. */
typedef struct pf_entry {
  const ct_machine *m;
  int nthreads;
  int64_t budget;             /* ct_reg_budget_words */
  int64_t smem;               /* tileas.smem_bytes */
  int64_t grid;               /* ct_static_grid_bound (0: unknown) */
  const ct_hopper_plan *plan; /* the tensor-core plan (its TMA tiles cost no registers), or NULL */
} pf_entry;

/* CTAs per SM (ct_ctas_per_sm) at an estimate of regs registers per thread plus
 * CT_WGMMA_REG_OVERHEAD for addresses and issue (as modulo_ctas_per_sm in warp_specialize.c), the
 * entry's shared memory and threads; at most one wave's share of a static grid. */
static int ctas_per_sm(const pf_entry *E, int64_t regs) {
  int64_t footprint = E->smem > 0 ? (E->smem + 1023) / 1024 * 1024 + E->m->smem_reserved_per_cta : 0;
  int c = ct_ctas_per_sm(E->m, E->nthreads, regs + CT_WGMMA_REG_OVERHEAD, footprint);
  if (E->grid > 0 && E->m->roofline.sms > 0) {
    int64_t wave = (E->grid + E->m->roofline.sms - 1) / E->m->roofline.sms;
    if (wave < c) c = (int)wave;
  }
  return c;
}

/* The tensor cores' busy fraction when ctas CTAs per SM each compute r's compute_cycles every
 * `period` cycles (the SM interleaves them), at most 1 and at most what the SM's share of DRAM
 * bandwidth delivers (compute / transfer: one iteration's bytes per iteration, whatever the CTAs). */
static double utilization(int ctas, const ct_roofline *r, int64_t period) {
  double w = (double)r->compute_cycles;
  double u = period > 0 ? ctas * w / (double)period : 1.0;
  if (r->transfer_cycles > 0 && w / (double)r->transfer_cycles < u) u = w / (double)r->transfer_cycles;
  return u > 1.0 ? 1.0 : u;
}

/* TILEC_REGISTER_PREFETCH: 0 / off / false: the pass does nothing; always: every legal loop whose
 * registers fit prefetches, whatever the cost model says (calibration runs); unset, empty, 1 / true
 * / on / auto: the model; anything else is an error. */
static bool env_is(const char *const *words) {
  const char *v = getenv("TILEC_REGISTER_PREFETCH");
  for (; v && *words; words++)
    if (!strcmp(v, *words)) return true;
  return false;
}
static bool env_off(void) { return env_is((const char *const[]){"0", "false", "off", NULL}); }
static bool env_always(void) { return env_is((const char *const[]){"always", NULL}); }
/* Unset, empty, or one of the words this knob reads (1 / true / on / auto: the cost model)? */
static bool env_valid(void) {
  const char *v = getenv("TILEC_REGISTER_PREFETCH");
  return !v || !*v || env_off() || env_always() || env_is((const char *const[]){"1", "true", "on", "auto", NULL});
}

static bool prefetch_loop(ct_ctx *c, MlirOperation entry, MlirOperation loop, const pf_entry *E) {
  MlirContext ctx = mlirOperationGetContext(loop);
  MlirBlock B = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  if (mlirBlockIsNull(B) || mlirBlockGetNumArguments(B) < 1 || mlirOperationGetNumOperands(loop) < 1) return true;
  MlirValue counter = mlirBlockGetArgument(B, 0), n = mlirOperationGetOperand(loop, 0);
  if (ct_attr_int(loop, "trip_count", 2) < 2) return true; /* nothing to overlap */
  bool has_mma = false, async_mma = false;
  MlirOperation loads[PF_MAX_LOADS];
  int nl = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    ct_mma_family fam;
    if (ct_ir_is_mma(op)) has_mma = true, async_mma |= ct_tileas_op_mma(op, &fam) && fam == CT_MMA_TCGEN05;
    else if (nl < PF_MAX_LOADS && prefetchable(op, loop, counter)) loads[nl++] = op;
  }
  if (!has_mma || !nl || writes_memory(B)) return true;
  /* a wgmma group the plan keeps in flight into the next iteration (A from a TMA ring) overlaps
   * the next iteration's loads as the tcgen05 MMA does */
  for (int k = 0; E->plan && k < E->plan->nmmas; k++)
    if (E->plan->mmas[k].keep_in_flight &&
        mlirOperationEqual(mlirOperationGetParentOperation(E->plan->mmas[k].mmaf), loop))
      async_mma = true;
  /* registers: the entry's estimate plus one more copy of every prefetched tile (the next
   * iteration's, in flight while this one's is used) */
  int64_t extra = 0, bytes = 0;
  for (int k = 0; k < nl; k++) {
    MlirValue v = mlirOperationGetResult(loads[k], 0);
    extra += tile_words(v, E->nthreads), bytes += tile_bytes(v);
  }
  ct_reg_pressure P = {.nthreads = E->nthreads, .budget = E->budget, .plan = E->plan};
  bool fits = ct_reg_pressure_fits(entry, &P);
  if (!fits || P.peak + extra > E->budget) {
    ct_remark_op(c, loads[0],
                 "ordinary loads of this loop not prefetched: the live tiles (estimate %lld registers per thread) plus "
                 "the next iteration's %lld would exceed the budget of %lld",
                 (long long)P.peak, (long long)extra, (long long)E->budget);
    return true;
  }
  if (E->plan && E->plan->batch_warpgroups > 1) { /* (path_select.c split_batches) */
    ct_remark_op(c, loads[0],
                 "ordinary loads of this loop not prefetched: the batches are split over %d warpgroups because the live "
                 "tiles did not fit the register budget at fewer; the next iteration's %lld registers would undo that",
                 E->plan->warpgroups, (long long)extra);
    return true;
  }
  /* the roofline: memory = the loads' latency + transfer, compute = the iteration's mma (and other)
   * work; the plain loop waits for both in turn, the prefetching one for the longer */
  ct_roofline r;
  ct_roofline_compute(E->m, loop, &r);
  ct_roofline_memory(E->m, bytes, false, &r);
  int c0 = ctas_per_sm(E, P.peak), c1 = ctas_per_sm(E, P.peak + extra);
  int64_t ahead_period = r.memory_cycles > r.compute_cycles ? r.memory_cycles : r.compute_cycles;
  /* wgmma / mma.sync: the iteration waits for its mma before the next loads issue; tcgen05 (one
   * thread issues the MMA asynchronously) and a wgmma group kept in flight: the next iteration's
   * loads overlap it already */
  int64_t plain = async_mma ? ahead_period : r.memory_cycles + r.compute_cycles;
  double u0 = utilization(c0, &r, plain), u1 = utilization(c1, &r, ahead_period);
  char why[440];
  bool always = env_always(), pays = always || u1 > u0 + 1e-9;
  snprintf(why, sizeof why,
           "memory %lld cycles (latency %d + %lld bytes), compute %lld; prefetched: %lld-cycle iterations at an estimated "
           "%d CTA%s per SM (%lld registers per thread), tensor cores %.0f%% busy; plain: %lld-cycle iterations at %d "
           "(%lld), %.0f%%",
           (long long)r.memory_cycles, r.load_latency, (long long)bytes, (long long)r.compute_cycles, (long long)ahead_period,
           c1, c1 > 1 ? "s" : "", (long long)(P.peak + extra), 100 * u1, (long long)plain, c0, (long long)P.peak, 100 * u0);
  if (always) strncat(why, " (TILEC_REGISTER_PREFETCH=always)", sizeof why - strlen(why) - 1);
  if (!pays) {
    ct_remark_op(c, loads[0], "ordinary loads of this loop not prefetched: %s", why);
    return true;
  }
  MlirLocation loc = mlirOperationGetLocation(loop);
  ct_type ct;
  if (!ct_type_from_mlir(mlirValueGetType(counter), &ct) || ct.kind != CT_TYPE_TILE || ct.rank != 0 || !ct_elem_is_int(ct.elem))
    return true;
  ct_remark_op(c, loop, "register prefetch of %d ordinary load%s: %s", nl, nl > 1 ? "s" : "", why);
  /* the counters: 0 before the loop; min(i + 1, n - 1) at the top of the body */
  MlirValue zero = ct_ir_ct_scalar_const(ctx, loc, ct.elem, 0, loop);
  MlirOperation top = mlirBlockGetFirstOperation(B);
  MlirValue one = ct_ir_ct_scalar_const(ctx, loc, ct.elem, 1, top);
  MlirValue last = ct_ir_ct_binop(ctx, loc, "subi", n, one, top);
  MlirValue next = ct_ir_ct_binop(ctx, loc, "mini", ct_ir_ct_binop(ctx, loc, "addi", counter, one, top), last, top);
  pf_map before = {0}, ahead = {0};
  map_add(&before, counter, zero);
  map_add(&ahead, counter, next);
  MlirValue inits[PF_MAX_LOADS], carried[PF_MAX_LOADS];
  for (int k = 0; k < nl; k++) {
    MlirOperation ld = loads[k];
    /* the prologue's load: a clone before the loop on idx(0) */
    MlirOperation pro = mlirOperationClone(ld);
    mlirOperationRemoveAttributeByName(pro, ct_ir_sref("tileas.sched")); /* (not in the scheduled loop) */
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(ld); i++)
      mlirOperationSetOperand(pro, i, recompute(mlirOperationGetOperand(ld, i), loop, &before, loop));
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(loop), loop, pro);
    inits[k] = mlirOperationGetResult(pro, 0);
    /* the body's load reads the next iteration's tile; its uses read the carried value */
    MlirValue v = mlirOperationGetResult(ld, 0);
    carried[k] = mlirBlockAddArgument(B, mlirValueGetType(v), mlirOperationGetLocation(ld));
    ct_remark_op(c, ld, "%s is loaded with ordinary loads one iteration ahead (a register prefetch: the next "
                 "iteration's tile is in flight during this one's mma)", operand_role(v));
    mlirValueReplaceAllUsesOfWith(v, carried[k]);
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(ld); i++)
      mlirOperationSetOperand(ld, i, recompute(mlirOperationGetOperand(ld, i), loop, &ahead, ld));
  }
  /* the continue carries the loads' results */
  MlirOperation cont = ct_ir_block_last_op(B);
  intptr_t nc = mlirOperationGetNumOperands(cont);
  MlirValue *co = malloc((size_t)(nc + nl) * sizeof *co);
  if (!co) abort();
  for (intptr_t i = 0; i < nc; i++) co[i] = mlirOperationGetOperand(cont, i);
  for (int k = 0; k < nl; k++) co[nc + k] = mlirOperationGetResult(loads[k], 0);
  mlirOperationSetOperands(cont, nc + nl, co);
  free(co);
  map_free(&before);
  map_free(&ahead);
  rebuild_loop(loop, nl, inits);
  return true;
}


bool ct_tileas_prefetch_registers(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  if (!env_valid()) {
    ct_error_op(c, module_op, "TILEC_REGISTER_PREFETCH expects 0 (off), always (wherever legal and the registers fit) "
                "or auto (the cost model, the default), got '%s'", getenv("TILEC_REGISTER_PREFETCH"));
    return false;
  }
  if (env_off()) return true;
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  ct_hopper_plan *plan = malloc(sizeof *plan);
  if (!plan) abort();
  ct_hopper_plan_env env = {.c = c,
                            .has_wgmma = o->target == CT_TILEAS_SM90A,
                            .has_tcgen05 = o->target == CT_TILEAS_SM100A && !o->tunables.disable_tcgen05};
  bool ok = true;
  for (size_t e = 0; e < entries.n && ok; e++) {
    MlirOperation entry = entries.ops[e];
    pf_entry E = {.m = ct_machine_for(o->target), .nthreads = (int)(32 * ct_attr_int(entry, "tileas.num_warps", 4))};
    E.budget = ct_reg_budget_words(E.nthreads);
    E.smem = ct_attr_int(entry, "tileas.smem_bytes", 0);
    E.grid = ct_static_grid_bound(entry);
    ct_oplist loops = {0};
    ct_ir_collect(entry, "tileaa.for", &loops);
    /* innermost first (ct_ir_collect is pre-order: a loop precedes the loops nested in it); the
     * tensor-core plan (its TMA tiles cost no registers) made again for each, as a rewritten loop
     * is a new op */
    for (size_t i = loops.n; i-- > 0 && ok;) {
      const char *why = NULL;
      E.plan = ct_hopper_plan_entry(&env, entry, plan, 0, &why) && !plan->bulk ? plan : NULL;
      ok = prefetch_loop(c, entry, loops.ops[i], &E);
    }
    ct_oplist_free(&loops);
  }
  free(plan);
  ct_oplist_free(&entries);
  return ok;
}

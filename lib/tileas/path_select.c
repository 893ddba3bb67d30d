/* path_select: a TileAS pass — decides, per entry, the path its mma ops take and the warps per CTA,
 * and writes both into the module, where the code generator reads them:
 *   tileas.mma = "wgmma" | "tcgen05.mma" | "mma.sync" | "fma" on every mmaf/mmai (final: what the PTX uses), and
 *   tileas.num_warps = W on the entry.
 * Algorithm: the earlier TileAS passes name the family the operand layouts allow (from_tileaa.c:
 * wgmma for wgmma SMEM descriptors, tcgen05.mma for tcgen05 ones, mma.sync for ldmatrix / register
 * fragments). The Hopper TMA + wgmma path is then planned for the whole entry (hopper_plan.c:
 * every mmaf directly in one tileaa.for (top-level or nested; an mmaf no loop encloses is in the
 * one-trip loop TileAA's mma_unit_loop.c gives it), TMA pipes of TileAS's stages, the ring in shared
 * memory, tile M 64/128, the hinted warps matching 4 per m64 warpgroup, sm_90a, host-built tensor
 * maps; on sm_100a its tcgen05 form: hopper_plan.h, docs/tileaa-tileas.md — unless
 * TILEC_DISABLE_TCGEN05 is set). When it is planned, the mmaf ops keep wgmma / tcgen05.mma and
 * the entry gets 4 warps per 64 rows (and, for tcgen05, its TMEM decision tileas.tmem) — unless
 * its live tiles would then exceed the register budget (reg_pressure.c, the code generator's own
 * estimate; not checked for a warp-specialised plan, whose agents are already in the IR): then,
 * every mmaf being batched and no warps hinted, the batches are split over 2 or 4 warpgroups per 64
 * rows (hopper_plan.h batch_warpgroups; split_batches: the fewest that fit, with a remark), or
 * else the plan is declined with a remark;
 * otherwise — with a remark saying why — the entry gets its hinted warps (num_worker_warps_per_cta;
 * with no hint 4, or the fewest of 8 and 16 at which its live tiles fit the register budget:
 * fitting_warps) and every mmaf/mmai another family: mma.sync when its operands fit
 * mma.sync on those warps (reg_layout.h ct_reg_layout_mma_sync_ok: m16n8k16 for f16/bf16 -> f32,
 * m16n8k32 for i8 -> i32; M % 16, N % 8, a warp grid), else fma. An invalid hint leaves
 * tileas.num_warps out; the code
 * generator reports it. An entry without mmaf on sm_90a/sm_100a gets the bulk plan of the TMA loads
 * and store TileAS chose (TILEIR_PREFER_TMA_FOR_LOAD_STORE; hopper_plan.c plan_bulk: read into
 * registers with ld.shared, the kernel's own warps; a load in a top-level loop a ring whose empty
 * mbarriers count the warps decided here), its offsets and mbarriers recorded like the wgmma
 * path's, each one-shot fill moved up to just after its operands (hoist_bulk_fills). Then the
 * shared-memory paths the entry does not take are rewritten into
 * what the PTX does (demote_untaken_paths): a pipe the plan does not feed wgmma from becomes a SIMT
 * tileas.load, a TMA store its epilogue does not take a SIMT store, and unused pipes and buffers
 * go; so the code generator lowers every tileas.produce on the wgmma path and refuses one it cannot.
 * Seed: 001 (the TMA + wgmma pipeline). Knobs: none (the tunables act in
 * the passes before; TILEIR_DELAY_TMA_STORE_WAIT through tileas.store_wait). */
#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

#include "frontend/attr_read.h"
#include "frontend/ops.h"
#include "tileaa/ir_build.h"
#include "tileaa/view_read.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/tileas.h"

/* The SIMT form of a layout TileAS chose for an SMEM path: same costs and bias, atom simt, the
 * blocked fragment, no swizzle or box. */
static MlirAttribute simt_layout(MlirOperation op) {
  ct_tileas_layout lay;
  if (!ct_tileas_op_layout(op, &lay)) return mlirOperationGetAttributeByName(op, ct_ir_sref("layout"));
  lay.atom = CT_ATOM_SIMT;
  lay.frag = CT_FRAG_BLOCKED;
  lay.swizzle = 0;
  lay.rank = 0;
  lay.boxes = 0;
  return ct_tileas_layout_attr(mlirOperationGetContext(op), &lay);
}

/* tileas.produce → tileas.load at the same place (the view, indices and token of the produce, the
 * tile type of its consume); its consumes hand on the load's tile, its releases go. */
static void produce_to_load(MlirOperation pr) {
  MlirContext ctx = mlirOperationGetContext(pr);
  int32_t seg[4];
  intptr_t nop = mlirOperationGetNumOperands(pr);
  if (ct_attr_segments(pr, seg, 4) != 4 || nop < 2 || nop > 2 + CT_MAX_RANK + 1) return; /* the verifier's */
  MlirValue slot = mlirOperationGetResult(pr, 0), tok = mlirOperationGetResult(pr, 1);
  ct_oplist users = {0};
  ct_ir_collect_users(slot, &users);
  MlirType tile = {NULL};
  for (size_t i = 0; i < users.n && mlirTypeIsNull(tile); i++)
    if (ct_ir_is(users.ops[i], "tileas.consume") && mlirOperationGetNumResults(users.ops[i]) == 1)
      tile = mlirValueGetType(mlirOperationGetResult(users.ops[i], 0));
  ct_type vt;
  MlirValue view = mlirOperationGetOperand(pr, 1);
  if (mlirTypeIsNull(tile) && mlirValueIsAOpResult(view) && !ct_tileaa_view_read(mlirOpResultGetOwner(view), &vt)) {
    int64_t shape[CT_MAX_RANK];
    for (int d = 0; d < vt.tile_rank; d++) shape[d] = vt.tile_shape[d];
    ct_type tt = ct_tile_type(vt.elem, vt.tile_rank, shape);
    tile = ct_type_to_mlir(ctx, &tt);
  }
  if (mlirTypeIsNull(tile)) {
    ct_oplist_free(&users);
    return;
  }
  MlirValue opd[2 + CT_MAX_RANK];
  for (intptr_t i = 1; i < nop; i++) opd[i - 1] = mlirOperationGetOperand(pr, i);
  MlirType rt[2] = {tile, mlirValueGetType(tok)};
  MlirNamedAttribute na[2] = {ct_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, seg + 1)),
                              ct_ir_named(ctx, "layout", simt_layout(pr))};
  MlirOperation lo = ct_ir_build(mlirOperationGetLocation(pr), "tileas.load", 2, rt, nop - 1, opd, 2, na, pr);
  ct_ir_copy_attrs(pr, lo);
  mlirOperationSetAttributeByName(lo, ct_ir_sref("layout"), na[1].attribute);
  mlirOperationRemoveAttributeByName(lo, ct_ir_sref("tileas.sched"));
  mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(lo, 1));
  for (size_t i = 0; i < users.n; i++) {
    if (ct_ir_is(users.ops[i], "tileas.consume") && mlirOperationGetNumResults(users.ops[i]) == 1)
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(users.ops[i], 0), mlirOperationGetResult(lo, 0));
    mlirOperationDestroy(users.ops[i]);
  }
  ct_oplist_free(&users);
  mlirOperationDestroy(pr);
}

/* Removes the schedule slots (tileas.sched) of the ops in loop's body, down to (not into) the
 * loops nested in it, which have their own schedules. */
static void drop_sched_slots(MlirOperation loop) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(loop); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, r)); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        mlirOperationRemoveAttributeByName(o, ct_ir_sref("tileas.sched"));
        if (!ct_op_is_loop(o)) drop_sched_slots(o);
      }
}

/* A TMA tileas.store → the SIMT store: no staging buffer, no future, no store_wait. */
static void tma_store_to_simt(MlirOperation st) {
  MlirContext ctx = mlirOperationGetContext(st);
  int32_t seg[5];
  intptr_t nop = mlirOperationGetNumOperands(st);
  if (ct_attr_segments(st, seg, 5) != 5 || seg[4] != 1 || mlirOperationGetNumResults(st) != 2 || nop > 3 + CT_MAX_RANK + 1)
    return; /* the verifier's */
  MlirValue opd[3 + CT_MAX_RANK];
  for (intptr_t i = 0; i + 1 < nop; i++) opd[i] = mlirOperationGetOperand(st, i);
  seg[4] = 0;
  MlirValue fut = mlirOperationGetResult(st, 0), tok = mlirOperationGetResult(st, 1);
  MlirType rt = mlirValueGetType(tok);
  MlirNamedAttribute na[2] = {ct_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, seg)),
                              ct_ir_named(ctx, "layout", simt_layout(st))};
  MlirOperation so = ct_ir_build(mlirOperationGetLocation(st), "tileas.store", 1, &rt, nop - 1, opd, 2, na, st);
  ct_ir_copy_attrs(st, so);
  mlirOperationSetAttributeByName(so, ct_ir_sref("layout"), na[1].attribute);
  mlirOperationRemoveAttributeByName(so, ct_ir_sref("tileas.sched"));
  mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(so, 0));
  ct_oplist waits = {0};
  ct_ir_collect_users(fut, &waits);
  for (size_t i = 0; i < waits.n; i++) mlirOperationDestroy(waits.ops[i]);
  ct_oplist_free(&waits);
  mlirOperationDestroy(st);
}

/* The shared-memory paths the entry does not take become what the PTX does (plan NULL: the entry is
 * not on the wgmma path, so it takes none):
 *  - a tileas.produce the plan does not feed wgmma from (a TMA pipe of sm_100a, of a kernel on
 *    mma.sync, or one the plan refused) becomes a tileas.load: a SIMT load into registers;
 *  - a tileas.store with a TMA layout the plan's TMA store epilogue does not take becomes a SIMT
 *    store (st.global), with a remark;
 *  - the pipes and buffers nobody uses any more go, and tileas.smem_bytes drops by their bytes;
 *  - a loop left without pipes loses its tileas.schedule (nothing in the PTX follows it). */
static void demote_untaken_paths(ct_ctx *c, MlirOperation entry, const ct_hopper_plan *plan, bool stores_explained) {
  ct_oplist ops = {0};
  ct_ir_collect(entry, "tileas.produce", &ops);
  for (size_t i = 0; i < ops.n; i++)
    if (!plan || hopper_pipe_of_load(plan, ops.ops[i]) < 0) produce_to_load(ops.ops[i]);
  ct_oplist_free(&ops);
  /* (the prefix collects tileas.store_wait too, which tma_store_to_simt destroys with its store:
   * keep only the stores before rewriting any) */
  ct_oplist all = {0};
  ct_ir_collect(entry, "tileas.store", &all);
  for (size_t i = 0; i < all.n; i++)
    if (ct_ir_is(all.ops[i], "tileas.store")) ct_oplist_push(&ops, all.ops[i]);
  ct_oplist_free(&all);
  for (size_t i = 0; i < ops.n; i++) {
    MlirOperation st = ops.ops[i];
    ct_tileas_layout lay;
    if (!ct_tileas_op_layout(st, &lay) || lay.atom != CT_ATOM_TMA) continue;
    if (plan && plan->has_store && mlirOperationEqual(plan->st.store, st)) continue;
    if (!plan && !stores_explained) /* (a declined store of a planned entry, or of a bulk plan, has its remark from the plan) */
      ct_remark_op(c, st, "TileAS chose a TMA store for this result, but the TMA store epilogue is part of the wgmma "
                   "path, which this kernel does not take; it is stored with st.global");
    tma_store_to_simt(st);
  }
  ct_oplist_free(&ops);
  int64_t freed = 0;
  for (int pass = 0; pass < 2; pass++) { /* pipes first: they use the allocs */
    ct_ir_collect(entry, pass ? "tileas.alloc" : "tileas.pipe", &ops);
    for (size_t i = 0; i < ops.n; i++) {
      MlirOperation op = ops.ops[i];
      if (mlirOperationGetNumResults(op) != 1 || !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
        continue;
      ct_tileas_alloc al;
      if (pass && !ct_tileas_alloc_read(op, &al)) freed += al.bytes;
      mlirOperationDestroy(op);
    }
    ct_oplist_free(&ops);
  }
  /* a loop left without pipes has no modulo schedule in the PTX: its summary and its ops' slots go
   * (the trace file keeps them) */
  ct_ir_collect(entry, "tileaa.for", &ops);
  for (size_t i = 0; i < ops.n; i++) {
    ct_oplist pipes = {0};
    ct_ir_collect(ops.ops[i], "tileas.produce", &pipes);
    if (!pipes.n) {
      mlirOperationRemoveAttributeByName(ops.ops[i], ct_ir_sref("tileas.schedule"));
      drop_sched_slots(ops.ops[i]);
    }
    ct_oplist_free(&pipes);
  }
  ct_oplist_free(&ops);
  MlirAttribute smem = mlirOperationGetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"));
  if (freed && !mlirAttributeIsNull(smem) && mlirAttributeIsAInteger(smem))
    mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"),
                                    ct_ir_i64_attr(mlirOperationGetContext(entry), mlirIntegerAttrGetValueInt(smem) - freed));
}

/* The wgmma path's shared-memory assignment, as the plan computed it (hopper_plan.c: each pipe's
 * stages from a 1024-aligned offset in program order, then the mbarriers, then the TMA store's
 * staging, which reuses the ring when it fits), recorded for the code generator: tileas.offset on
 * each pipe's and the staging buffer's tileas.alloc, tileas.barriers on each pipe, and
 * tileas.b_staging_offset on each mmaf/mmai whose B is staged from registers (no TMA pipe, or a
 * tf32/8-bit B not K-major in one), tileas.a_staging_offset on each whose tf32 / 8-bit A is (no TMA
 * pipe), whose bytes join the kernel's tileas.smem_bytes. */
static void record_smem_assignment(MlirOperation entry, const ct_hopper_plan *plan) {
  for (int i = 0; i < plan->npipes; i++) {
    const ct_hopper_pipe *o = &plan->pipes[i];
    ct_tileas_set_offset(o->alloc, o->smem_off);
    ct_tileas_barriers bars = {o->full_off, o->in_loop ? o->empty_off : -1, o->full_arrivals,
                               o->in_loop ? o->empty_arrivals : -1};
    mlirOperationSetAttributeByName(o->pipe_op, ct_ir_sref("tileas.barriers"),
                                    ct_tileas_barriers_attr(mlirOperationGetContext(o->pipe_op), &bars));
  }
  if (plan->has_store && !mlirOperationIsNull(plan->st.alloc)) ct_tileas_set_offset(plan->st.alloc, plan->st.smem_off);
  for (int i = 0; i < plan->nmmas && plan->tcgen05; i++) ct_tileas_set_tmem(plan->mmas[i].mmaf, &plan->mmas[i].tmem);
  int64_t staged = 0;
  for (int i = 0; i < plan->nmmas; i++) {
    const ct_hopper_mma *mm = &plan->mmas[i];
    if (mm->b_staged) {
      ct_tileas_set_b_staging_offset(mm->mmaf, mm->b_stage_off);
      staged += mm->b_slots * mm->b_slot_bytes;
    }
    if (mm->a_staged && !plan->tcgen05) { /* (tcgen05: in tileas.tmem) */
      ct_tileas_set_a_staging_offset(mm->mmaf, mm->a_stage_off);
      staged += mm->a_slots * mm->a_slot_bytes;
    }
  }
  /* the kernel's footprint includes the staging buffers */
  MlirAttribute smem = mlirOperationGetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"));
  if (staged && !mlirAttributeIsNull(smem) && mlirAttributeIsAInteger(smem))
    mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"),
                                    ct_ir_i64_attr(mlirOperationGetContext(entry), mlirIntegerAttrGetValueInt(smem) + staged));
}

/* A bulk plan's one-shot fills go as early as their operands allow, right after the last op of the entry's
 * body that defines one (the view, the tile indices): each TMA load then overlaps everything up to
 * its first use, where its consume waits. Weak view loads whose token nothing uses are not ordered
 * with the ops they move above. The tensor maps follow the new program order. */
static void hoist_bulk_fills(MlirOperation entry, const ct_hopper_plan *plan) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  for (int i = 0; i < plan->npipes; i++) {
    MlirOperation pr = plan->pipes[i].load, after = {NULL};
    if (plan->pipes[i].in_loop) continue; /* (a ring's fills are issued ahead, wherever its produce is) */
    for (MlirOperation q = mlirBlockGetFirstOperation(body); !mlirOperationEqual(q, pr); q = mlirOperationGetNextInBlock(q))
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(pr); k++) {
        MlirValue v = mlirOperationGetOperand(pr, k);
        if (mlirValueIsAOpResult(v) && mlirOperationEqual(mlirOpResultGetOwner(v), q)) after = q;
      }
    /* (after the fills already moved there: they keep their program order) */
    for (MlirOperation n = mlirOperationIsNull(after) ? mlirBlockGetFirstOperation(body) : mlirOperationGetNextInBlock(after);
         !mlirOperationIsNull(n) && !mlirOperationEqual(n, pr); n = mlirOperationGetNextInBlock(n)) {
      int j = hopper_pipe_of_load(plan, n);
      if (j < 0 || j >= i) break;
      after = n;
    }
    if (mlirOperationIsNull(after)) mlirOperationMoveBefore(pr, mlirBlockGetFirstOperation(body));
    else mlirOperationMoveAfter(pr, after);
  }
}

/* The warps of an entry with no warps hint and no tensor-core plan: the fewest of 4, 8, 16 at which
 * its live tiles fit the register budget (reg_pressure.c, the code generator's own estimate) — a
 * kernel the code generator would refuse at 128 threads compiles with more threads sharing its
 * tiles, as if num_worker_warps_per_cta said so (a remark says it did); 4 when none fits (then the
 * code generator refuses it, located). Kernels that fit at 4 warps keep 4. */
static int64_t fitting_warps(ct_ctx *c, MlirOperation entry) {
  for (int64_t w = CT_DEFAULT_WARPS; w <= 4 * CT_DEFAULT_WARPS; w *= 2) {
    ct_reg_pressure P = {.nthreads = (int)(32 * w), .budget = ct_reg_budget_words((int)(32 * w))};
    if (!ct_reg_pressure_fits(entry, &P)) continue;
    if (w != CT_DEFAULT_WARPS)
      ct_remark_op(c, entry, "%lld warps per CTA (no num_worker_warps_per_cta hint): at %d the live tiles would need "
                   "more than the register budget; at %lld they need %lld of %lld registers per thread", (long long)w,
                   CT_DEFAULT_WARPS, (long long)w, (long long)P.peak, (long long)P.budget);
    return w;
  }
  return CT_DEFAULT_WARPS;
}

/* A wgmma plan whose live tiles exceed the register budget at its m / 64 warpgroups, every mmaf
 * batched: the fewest warpgroups (2, 4 per 64 rows; at most 16 warps) that split the batches
 * (hopper_plan.h batch_warpgroups: each holds its batches' accumulators) and bring the estimate
 * within the budget at their threads. Replaces *plan and says so; false when none does. */
static bool split_batches(ct_ctx *c, MlirOperation entry, const ct_hopper_plan_env *env, ct_hopper_plan *plan,
                          ct_reg_pressure *P) {
  ct_hopper_plan_env quiet = *env;
  quiet.explain_decline = false;
  int threads0 = 128 * plan->warpgroups;
  for (int g = 2; 4 * plan->warpgroups * g <= 16; g *= 2) {
    ct_hopper_plan q;
    const char *why = NULL;
    if (!ct_hopper_plan_entry(&quiet, entry, &q, 4 * plan->warpgroups * g, &why) || q.batch_warpgroups != g) continue;
    ct_reg_pressure Q = {.nthreads = 128 * q.warpgroups, .budget = ct_reg_budget_words(128 * q.warpgroups), .plan = &q};
    if (!ct_reg_pressure_fits(entry, &Q)) continue;
    char over[96];
    if (P->too_wide) snprintf(over, sizeof over, "a tile would hold %lld elements per thread", (long long)P->wide_per);
    else snprintf(over, sizeof over, "the live tiles would need %lld registers per thread", (long long)P->need);
    for (int i = 0; i < q.nmmas; i++)
      ct_remark_op(c, q.mmas[i].mmaf, "wgmma path with the batches split over %d warpgroups (%d threads): at %d threads %s, "
                   "over the budget of %lld; split, %lld of %lld", q.warpgroups, 128 * q.warpgroups, threads0, over,
                   (long long)P->budget, (long long)Q.peak, (long long)Q.budget);
    *plan = q;
    return true;
  }
  return false;
}

static bool select_entry(ct_ctx *c, MlirOperation entry, const ct_tileas_options *o) {
  MlirContext ctx = mlirOperationGetContext(entry);
  const char *arch = o->target == CT_TILEAS_SM100A ? "sm_100" : "sm_90";
  int64_t warps = ct_entry_hinted_warps(entry, arch), hint = -1;
  ct_attr_hint_int(mlirOperationGetAttributeByName(entry, ct_ir_sref("optimization_hints")), arch, "num_worker_warps_per_cta",
                   &hint);
  bool valid = warps >= 1 && warps <= 32 && !(warps & (warps - 1));
  ct_hopper_plan_env env = {.c = c,
                            .has_wgmma = o->target == CT_TILEAS_SM90A,
                            .has_tcgen05 = o->target == CT_TILEAS_SM100A && !o->tunables.disable_tcgen05,
                            .has_tma = o->target == CT_TILEAS_SM90A || o->target == CT_TILEAS_SM100A,
                            .explain_decline = true};
  ct_hopper_plan plan;
  const char *why = NULL;
  bool planned = valid && ct_hopper_plan_entry(&env, entry, &plan, warps == CT_DEFAULT_WARPS ? 0 : (int)warps, &why);
  bool wgmma = planned && !plan.bulk; /* (a bulk plan: no mmaf, the kernel's own warps) */
  if (wgmma && !plan.ws) { /* the planned path's live tiles must fit the code generator's budget (its estimate) */
    int threads = 128 * plan.warpgroups;
    ct_reg_pressure P = {.nthreads = threads, .budget = ct_reg_budget_words(threads), .plan = &plan};
    bool fits = ct_reg_pressure_fits(entry, &P);
    if (!fits && hint < 0) fits = split_batches(c, entry, &env, &plan, &P); /* (a batched mmaf: more warpgroups) */
    if (!fits) {
      ct_oplist mm = {0};
      ct_ir_collect(entry, "cuda_tile.mma", &mm);
      for (size_t i = 0; i < mm.n; i++)
        ct_remark_op(c, mm.ops[i], "mma.sync path: on the %s path the live tiles would need more than the register "
                     "budget of %lld per thread at %d threads%s", plan.tcgen05 ? "tcgen05" : "wgmma", (long long)P.budget,
                     threads, plan.tcgen05 ? "" : " (the accumulators stay in registers)");
      ct_oplist_free(&mm);
      wgmma = planned = false;
      warps = CT_DEFAULT_WARPS;
    }
  }
  if (wgmma) warps = 4 * plan.warpgroups;
  else if (valid && hint < 0) warps = fitting_warps(c, entry);
  ct_oplist mmas = {0};
  ct_ir_collect(entry, "cuda_tile.mma", &mmas);
  for (size_t i = 0; i < mmas.n && valid; i++) {
    MlirOperation op = mmas.ops[i];
    if (wgmma && hopper_mma_index(&plan, op) >= 0) continue; /* keeps wgmma */
    ct_type a, b, acc;
    bool sync = ct_ir_is_mma(op) && mlirOperationGetNumOperands(op) == 3 &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &a) &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 1)), &b) &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 2)), &acc) &&
                ct_reg_layout_mma_sync_ok(&a, &b, &acc, (int)warps);
    ct_tileas_set_mma(op, sync ? CT_MMA_SYNC : CT_MMA_FMA);
  }
  bool has_mma = mmas.n > 0;
  ct_oplist_free(&mmas);
  if (planned && plan.bulk) { /* a ring's empty mbarriers count every thread of the warps now decided */
    plan.bulk_threads = (int)(32 * warps);
    for (int i = 0; i < plan.npipes; i++)
      if (plan.pipes[i].in_loop) plan.pipes[i].empty_arrivals = plan.bulk_threads;
  }
  if (planned) record_smem_assignment(entry, &plan);
  if (planned && plan.bulk) hoist_bulk_fills(entry, &plan);
  /* a kernel without mmaf on a TMA target had its TMA accesses planned (plan_bulk), each declined one explained */
  bool bulk_tried = valid && env.has_tma && !has_mma;
  demote_untaken_paths(c, entry, planned ? &plan : NULL, bulk_tried);
  if (valid) mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.num_warps"), ct_ir_i64_attr(ctx, warps));
  return true;
}

bool ct_tileas_select_paths(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t i = 0; i < entries.n && ok; i++) ok = select_entry(c, entries.ops[i], o);
  ct_oplist_free(&entries);
  return ok;
}

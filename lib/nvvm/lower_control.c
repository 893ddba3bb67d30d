/* lower_control: structured control flow (for, loop, if, yield, continue, break, return) into
 * llvm.br / llvm.cond_br with block arguments carrying every per-thread register of the
 * loop-carried / yielded tiles.
 *   for:  pre → header(iv, regs..) → cond_br(iv < ub) body | exit(regs..); continue → header(iv+step, ..)
 *   loop: pre → header(regs..) = body; continue → header; break → exit(regs..)
 *   if:   cond_br then | else; yield → merge(regs..)
 * Layouts of carried values and results are TileAS's (tileas.reg_layouts on for / loop / if,
 * tileas.result_layouts on loop; layout_propagate.c chooses them); the inits, continues, yields
 * and breaks arrive in them (TileAS converted them with tileas.convert_layout). A module written
 * by hand without them: the inits' layouts, and the first yield's / break's. No knobs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }

MlirBlock lower_new_block(ct_lower *L) {
  MlirBlock blk = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(L->fn_region, blk);
  return blk;
}

/* Append block args for a tile of layout l; returns the lv reading them. */
static ct_lv *add_tile_args(ct_lower *L, MlirBlock blk, const ct_type *t, const ct_layout *l) {
  ct_lv *lv = lv_new_tile(L, t, l);
  MlirType et = elem_llvm_type(L, t->elem);
  for (int k = 0; k < lv->nregs; k++) lv->regs[k] = mlirBlockAddArgument(blk, et, L->b.loc);
  return lv;
}

static bool is_carriable(ct_lower *L, MlirOperation op, const ct_type *t) {
  if (t->kind == CT_TYPE_TILE && !mlirTypeIsNull(elem_llvm_type(L, t->elem))) return true;
  if (t->kind == CT_TYPE_TOKEN) return true;
  ct_error_op(L->c, op, "code generation: only tiles and tokens can be carried through control flow");
  return false;
}

/* Flatten the regs of values (tokens contribute nothing). */
static MlirValue *flatten(ct_lv **vals, int n, int *count) {
  int total = 0;
  for (int i = 0; i < n; i++)
    if (vals[i]->kind == LV_TILE) total += vals[i]->nregs;
  MlirValue *out = malloc(((size_t)total + 2) * sizeof *out);
  if (!out) abort();
  int p = 1; /* slot 0 reserved for the induction variable */
  for (int i = 0; i < n; i++)
    if (vals[i]->kind == LV_TILE)
      for (int k = 0; k < vals[i]->nregs; k++) out[p++] = vals[i]->regs[k];
  *count = total;
  return out;
}

static ct_lv *token_lv(ct_lower *L) { return lv_alloc(L, LV_TOKEN, NULL); }

/* Entry i of op's array attribute `key` (tileas.reg_layouts / tileas.result_layouts,
 * layout_propagate.c) for a tile of type t: 1 and *out, 0 when absent or empty, -1 after an error. */
static int carried_layout(ct_lower *L, MlirOperation op, const char *key, int i, const ct_type *t, const ct_layout **out) {
  ct_layout l;
  const char *why;
  *out = NULL;
  if (t->kind != CT_TYPE_TILE || t->rank == 0) return 0;
  if (!ct_tileas_op_reg_layouts_at(op, key, i, t->rank, t->shape, &l, &why)) {
    if (!why) return 0;
    ct_error_op(L->c, op, "attribute '%s' entry #%d %s", key, i, why);
    return -1;
  }
  char what[64];
  snprintf(what, sizeof what, "%s entry #%d", key, i);
  return (*out = layout_for_kernel(L, op, &l, what)) ? 1 : -1;
}

/* `for` (is_for), `loop`, and TileAA's normalised `tileaa.for` (is_for and normalized: operand 0 is
 * the trip count n, the counter runs 0..n step 1; the body recomputes the original induction value). */
static int lower_loop_like(ct_lower *L, MlirOperation op, bool is_for, bool normalized) {
  ct_bld *b = &L->b;
  int nops = (int)mlirOperationGetNumOperands(op);
  int first_init = normalized ? 1 : is_for ? 3 : 0;
  int ninit = nops - first_init;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));

  ct_lv **inits = calloc((size_t)ninit + 1, sizeof *inits);
  const ct_layout **layouts = calloc((size_t)ninit + 1, sizeof *layouts);
  if (!inits || !layouts) abort();
  bool ok = true;
  for (int i = 0; i < ninit && ok; i++) {
    ct_type t;
    if (!(inits[i] = lv_get(L, op, first_init + i))) { ok = false; break; }
    if (!value_type(L, op, mlirOperationGetOperand(op, first_init + i), &t) || !is_carriable(L, op, &t)) { ok = false; break; }
    if (inits[i]->kind != LV_TILE) continue;
    /* TileAS's (tileas.reg_layouts), else the init's (a module written by hand) */
    const ct_layout *chosen;
    int r = carried_layout(L, op, "tileas.reg_layouts", i, &t, &chosen);
    if (r < 0) { ok = false; break; }
    layouts[i] = r ? chosen : inits[i]->layout;
    if (!(inits[i] = lv_require(L, op, first_init + i, inits[i], layouts[i]))) { ok = false; break; }
  }
  ct_lv *lb = NULL, *ub = NULL, *step = NULL;
  if (ok && normalized) {
    ok = (ub = lv_get(L, op, 0)) != NULL;
    if (ok && (ub->kind != LV_TILE || ub->type.rank != 0 || !ct_elem_is_int(ub->type.elem))) {
      ct_error_op(L->c, op, "code generation: tileaa.for's trip count is not an integer scalar tile");
      ok = false;
    }
    if (ok) {
      MlirType it = mlirValueGetType(ub->regs[0]);
      lb = lv_new_tile(L, &ub->type, ub->layout);
      lb->regs[0] = bld_const_int(b, it, 0);
      step = lv_new_tile(L, &ub->type, ub->layout);
      step->regs[0] = bld_const_int(b, it, 1);
    }
  } else if (ok && is_for) ok = (lb = lv_get(L, op, 0)) && (ub = lv_get(L, op, 1)) && (step = lv_get(L, op, 2));
  if (!ok) {
    free(inits);
    free(layouts);
    return LOWER_FAILED;
  }
  int hopper_loop = is_for && L->hopper ? hopper_loop_index(L->hopper, op) : -1;
  bool hopper = hopper_loop >= 0;
  /* a kernel with several wgmma loops: this loop is emitted from its own plan (its rings, its mmaf) */
  ct_hopper_plan *whole_plan = L->hopper, *loop_plan = NULL;
  if (hopper && whole_plan->nloops > 1) {
    if (!(loop_plan = malloc(sizeof *loop_plan))) abort();
    ct_hopper_plan_of_loop(whole_plan, hopper_loop, loop_plan);
    L->hopper = loop_plan;
  }
  if (hopper) hopper_loop_begin(L, lb->regs[0], ub->regs[0], step->regs[0]);
  /* the loop results whose wgmma groups are still in flight at the exit (lower_hopper_loop.c;
   * in_flight: the first) */
  int fl[CT_HOPPER_MAX_MMAS], flm[CT_HOPPER_MAX_MMAS], nfl = hopper ? hopper_in_flight_results(L, fl, flm, CT_HOPPER_MAX_MMAS) : 0;
  for (int i = 0; i < nfl; i++)
    if (fl[i] >= ninit || inits[fl[i]]->kind != LV_TILE) nfl = 0;
  int in_flight = nfl ? fl[0] : -1;
  /* ... whose accumulators live in TMEM during the loop (lower_tcgen05.c): no registers carry them */
  bool in_tmem = nfl > 0 && hopper_acc_in_tmem(L);
  MlirBlock header = lower_new_block(L), exit = lower_new_block(L);
  MlirValue iv = {NULL};
  if (is_for) iv = mlirBlockAddArgument(header, mlirValueGetType(lb->regs[0]), b->loc);
  ct_lv **carried = calloc((size_t)ninit + 1, sizeof *carried);
  /* a `for` has a result per carried value; a `loop` as many as its breaks yield (its own count) */
  int nres = is_for ? ninit : (int)mlirOperationGetNumResults(op);
  ct_lv **results = calloc((size_t)(nres > ninit ? nres : ninit) + 1, sizeof *results);
  if (!carried || !results) abort();
  for (int i = 0; i < ninit; i++) {
    bool tmem = false;
    for (int k = 0; in_tmem && k < nfl; k++) tmem |= fl[k] == i;
    if (inits[i]->kind != LV_TILE || tmem) {
      carried[i] = token_lv(L);
      continue;
    }
    carried[i] = add_tile_args(L, header, &inits[i]->type, layouts[i]);
  }
  /* entry edge */
  int n;
  MlirValue *args = flatten(inits, ninit, &n);
  if (is_for) args[0] = lb->regs[0];
  if (in_flight >= 0) { /* zero trips skip the loop and its exit wait (below) altogether */
    int nh = n;
    MlirValue *hargs = args;
    if (in_tmem) { /* the header carries no accumulator registers; the exit takes the initial values */
      ct_lv *init[CT_HOPPER_MAX_MMAS];
      for (int k = 0; k < nfl; k++) init[k] = inits[fl[k]];
      if (!tcgen05_store_accumulators(L, op, nfl, flm, init)) ok = false;
      for (int k = 0; k < nfl; k++) inits[fl[k]] = carried[fl[k]];
      hargs = flatten(inits, ninit, &nh);
      for (int k = 0; k < nfl; k++) inits[fl[k]] = init[k];
      hargs[0] = args[0];
    }
    bld_cond_br(b, bld_icmp(b, BLD_SLT, lb->regs[0], ub->regs[0]), header, nh + 1, hargs, exit, n, args + 1);
    if (hargs != args) free(hargs);
  } else bld_br(b, header, n + (is_for ? 1 : 0), is_for ? args : args + 1);
  free(args);

  MlirBlock body_entry = header;
  if (is_for) {
    /* exit carries the current values */
    for (int i = 0; i < ninit; i++)
      results[i] = inits[i]->kind == LV_TILE ? add_tile_args(L, exit, &inits[i]->type, layouts[i]) : token_lv(L);
    b->block = header;
    bool is_unsigned = attr_present(op, "unsignedCmp");
    MlirValue c = bld_icmp(b, is_unsigned ? BLD_ULT : BLD_SLT, iv, ub->regs[0]);
    MlirValue *cur = flatten(carried, ninit, &n);
    body_entry = lower_new_block(L);
    if (in_flight >= 0) {
      /* wgmma groups still in flight at the exit: wait for them on the loop's own exit edge, which
       * only a loop that ran reaches (the guard above sends zero trips straight to the exit), so
       * no path defines an accumulator between a wgmma and this wait (ptxas would serialise every
       * wgmma of the kernel) */
      MlirBlock waits = lower_new_block(L);
      bld_cond_br(b, c, body_entry, 0, NULL, waits, 0, NULL);
      b->block = waits;
      ct_lv *saved[CT_HOPPER_MAX_MMAS];
      for (int i = 0; i < nfl; i++) saved[i] = carried[fl[i]];
      if (in_tmem) { /* tcgen05: commit, wait, read TMEM back into the carried layouts */
        ct_lv *done[CT_HOPPER_MAX_MMAS];
        const ct_type *types[CT_HOPPER_MAX_MMAS];
        const ct_layout *lays[CT_HOPPER_MAX_MMAS];
        for (int k = 0; k < nfl; k++) types[k] = &inits[fl[k]]->type, lays[k] = layouts[fl[k]];
        if (!tcgen05_read_accumulators(L, op, nfl, flm, done, types, lays)) ok = false;
        for (int k = 0; k < nfl; k++) carried[fl[k]] = done[k];
      } else { /* wgmma: every in-flight accumulator passes through one wait */
        int total = 0;
        for (int i = 0; i < nfl; i++) total += saved[i]->nregs;
        MlirValue *all = calloc((size_t)total + 1, sizeof *all);
        if (!all) abort();
        for (int i = 0, at = 0; i < nfl; i++)
          for (int k = 0; k < saved[i]->nregs; k++) all[at++] = saved[i]->regs[k];
        hopper_wait_in_flight(L, all, total);
        for (int i = 0, at = 0; i < nfl; i++) {
          ct_lv *w = lv_new_tile(L, &saved[i]->type, saved[i]->layout);
          for (int k = 0; k < w->nregs; k++) w->regs[k] = all[at++];
          carried[fl[i]] = w;
        }
        free(all);
      }
      int n2;
      MlirValue *waited = flatten(carried, ninit, &n2);
      for (int i = 0; i < nfl; i++) carried[fl[i]] = saved[i];
      bld_br(b, exit, n2, waited + 1);
      free(waited);
      b->block = header;
    } else bld_cond_br(b, c, body_entry, 0, NULL, exit, n, cur + 1);
    free(cur);
    b->block = body_entry;
    if (hopper) hopper_loop_body_begin(L, iv);
    body_entry = b->block;
  }
  /* bind region arguments */
  int argi = 0;
  if (is_for) {
    ct_type ivt;
    if (!value_type(L, op, mlirBlockGetArgument(body, 0), &ivt)) ok = false;
    const ct_layout *sl = ok ? layout_blocked_for(L, op, &ivt) : NULL;
    if (!sl) ok = false;
    if (ok) {
      ct_lv *ivl = lv_new_tile(L, &ivt, sl);
      ivl->regs[0] = iv;
      lv_bind(L, mlirBlockGetArgument(body, 0), ivl);
    }
    argi = 1;
  }
  for (int i = 0; ok && i < ninit; i++) lv_bind(L, mlirBlockGetArgument(body, argi + i), carried[i]);

  ct_rctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.kind = RCTX_LOOP;
  ctx.op = op;
  ctx.header = header;
  ctx.exit = exit;
  ctx.is_for = is_for;
  ctx.iv = iv;
  ctx.step = is_for ? step->regs[0] : (MlirValue){NULL};
  ctx.nresults = nres;
  ctx.ncarried = ninit;
  ctx.carried_layouts = layouts;
  ctx.merge_args_ready = is_for; /* `loop`: exit args come from the first break */
  ctx.result_layouts = calloc((size_t)nres + 1, sizeof *ctx.result_layouts);
  if (!ctx.result_layouts) abort();
  if (is_for)
    for (int i = 0; i < ninit; i++) ctx.result_layouts[i] = layouts[i];
  else /* `loop`: TileAS's result layouts (tileas.result_layouts), else the first break's */
    for (int i = 0; ok && i < nres; i++) {
      ct_type t;
      if (!result_type(L, op, i, &t)) { ok = false; break; }
      if (carried_layout(L, op, "tileas.result_layouts", i, &t, &ctx.result_layouts[i]) < 0) ok = false;
    }
  ctx.fixed_layouts = !is_for && attr_present(op, "tileas.result_layouts");
  ctx.parent = L->rctx;
  L->rctx = &ctx;
  b->block = body_entry;
  if (ok) ok = lower_block(L, body);
  L->rctx = ctx.parent;

  if (ok) {
    if (!is_for) {
      /* results: exit args (created by the first break) */
      int pos = 0;
      for (int i = 0; i < nres; i++) {
        ct_type t;
        if (!result_type(L, op, i, &t)) { ok = false; break; }
        if (t.kind != CT_TYPE_TILE) {
          results[i] = token_lv(L);
          continue;
        }
        if (!ctx.merge_args_ready) {
          ct_error_op(L->c, op, "code generation: `loop` with results but no `break`");
          ok = false;
          break;
        }
        results[i] = lv_new_tile(L, &t, ctx.result_layouts[i]);
        for (int k = 0; k < results[i]->nregs; k++) results[i]->regs[k] = mlirBlockGetArgument(exit, pos++);
      }
    }
    for (int i = 0; ok && i < nres && i < mlirOperationGetNumResults(op); i++)
      lv_bind(L, mlirOperationGetResult(op, i), results[i]);
  }
  b->block = exit;
  if (hopper) hopper_loop_end(L);
  L->hopper = whole_plan;
  free(loop_plan);
  free(ctx.result_layouts);
  free(inits);
  free(layouts);
  free(carried);
  free(results);
  return ok ? LOWER_DONE : LOWER_FAILED;
}

static int lower_if(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  ct_lv *cond = lv_get(L, op, 0);
  if (!cond) return LOWER_FAILED;
  int nres = (int)mlirOperationGetNumResults(op);
  MlirBlock then_blk = lower_new_block(L), merge = lower_new_block(L);
  MlirBlock else_src = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  bool has_else = mlirOperationGetNumRegions(op) > 1 && !mlirBlockIsNull(else_src);
  MlirBlock else_blk = has_else ? lower_new_block(L) : merge;
  if (!has_else && nres) {
    ct_error_op(L->c, op, "code generation: `if` with results needs an else region");
    return LOWER_FAILED;
  }
  bld_cond_br(b, cond->regs[0], then_blk, 0, NULL, else_blk, 0, NULL);
  ct_rctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.kind = RCTX_IF;
  ctx.op = op;
  ctx.merge = merge;
  ctx.nresults = nres;
  ctx.result_layouts = calloc((size_t)nres + 1, sizeof *ctx.result_layouts);
  if (!ctx.result_layouts) abort();
  /* TileAS's result layouts (tileas.reg_layouts), else the first yield's */
  bool ok = true;
  for (int i = 0; ok && i < nres; i++) {
    ct_type t;
    if (!result_type(L, op, i, &t)) { ok = false; break; }
    if (carried_layout(L, op, "tileas.reg_layouts", i, &t, &ctx.result_layouts[i]) < 0) ok = false;
  }
  ctx.fixed_layouts = attr_present(op, "tileas.reg_layouts");
  if (!ok) {
    free(ctx.result_layouts);
    return LOWER_FAILED;
  }
  ctx.parent = L->rctx;
  L->rctx = &ctx;
  b->block = then_blk;
  ok = lower_block(L, mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
  if (ok && has_else) {
    b->block = else_blk;
    ok = lower_block(L, else_src);
  }
  L->rctx = ctx.parent;
  if (ok) {
    int pos = 0;
    for (int i = 0; i < nres; i++) {
      ct_type t;
      if (!result_type(L, op, i, &t)) { ok = false; break; }
      if (t.kind != CT_TYPE_TILE) {
        lv_bind(L, mlirOperationGetResult(op, i), token_lv(L));
        continue;
      }
      const ct_layout *l = ctx.merge_args_ready ? ctx.result_layouts[i] : NULL;
      if (!l && !(l = layout_blocked_for(L, op, &t))) { ok = false; break; }
      ct_lv *r = lv_new_tile(L, &t, l);
      for (int k = 0; k < r->nregs; k++)
        r->regs[k] = ctx.merge_args_ready ? mlirBlockGetArgument(merge, pos++) : bld_undef(b, elem_llvm_type(L, t.elem));
      lv_bind(L, mlirOperationGetResult(op, i), r);
    }
  }
  free(ctx.result_layouts);
  b->block = merge;
  return ok ? LOWER_DONE : LOWER_FAILED;
}

/* Branch to `dest` with the operands of op (from operand `first`), creating dest's arguments on
 * first use (ctx->merge_args_ready) or converting to the established layouts. */
static bool branch_with_values(ct_lower *L, MlirOperation op, ct_rctx *ctx, MlirBlock dest, const ct_layout **layouts,
                               int want, bool create, MlirValue lead) {
  int n = (int)mlirOperationGetNumOperands(op);
  if (n != want) {
    ct_error_op(L->c, op, "code generation: expected %d values, got %d", want, n);
    return false;
  }
  ct_lv **vals = calloc((size_t)n + 1, sizeof *vals);
  if (!vals) abort();
  for (int i = 0; i < n; i++) {
    if (!(vals[i] = lv_get(L, op, i))) {
      free(vals);
      return false;
    }
    if (vals[i]->kind != LV_TILE) continue;
    if (create && !(ctx->fixed_layouts && layouts[i])) {
      layouts[i] = vals[i]->layout;
      MlirType et = elem_llvm_type(L, vals[i]->type.elem);
      for (int k = 0; k < vals[i]->nregs; k++) mlirBlockAddArgument(dest, et, L->b.loc);
    } else {
      if (create) { /* the layout TileAS fixed */
        MlirType et = elem_llvm_type(L, vals[i]->type.elem);
        for (int k = 0; k < ct_layout_num_regs(layouts[i]); k++) mlirBlockAddArgument(dest, et, L->b.loc);
      }
      if (!(vals[i] = lv_require(L, op, i, vals[i], layouts[i]))) {
        free(vals);
        return false;
      }
    }
  }
  int cnt;
  MlirValue *args = flatten(vals, n, &cnt);
  if (lead.ptr) args[0] = lead;
  bld_br(&L->b, dest, cnt + (lead.ptr ? 1 : 0), lead.ptr ? args : args + 1);
  free(args);
  free(vals);
  return true;
}

static ct_rctx *find_ctx(ct_lower *L, ct_rctx_kind k1, ct_rctx_kind k2) {
  for (ct_rctx *c = L->rctx; c; c = c->parent)
    if (c->kind == k1 || c->kind == k2) return c;
  return NULL;
}

int lower_control_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "for")) return lower_loop_like(L, op, true, false);
  if (streq(name, "tileaa.for")) return lower_loop_like(L, op, true, true);
  if (streq(name, "loop")) return lower_loop_like(L, op, false, false);
  if (streq(name, "if")) return lower_if(L, op);
  if (streq(name, "return")) {
    if (mlirOperationGetNumOperands(op)) {
      ct_error_op(L->c, op, "code generation: `return` with values is not supported");
      return LOWER_FAILED;
    }
    hopper_loads_at_return(L);
    hopper_store_at_return(L);
    tcgen05_at_return(L);
    device_tmaps_at_return(L);
    alloca_global_at_return(L);
    bld_op(&L->b, "llvm.return", 0, NULL, 0, NULL, 0, NULL);
    return LOWER_DONE;
  }
  if (streq(name, "yield")) {
    ct_rctx *ctx = find_ctx(L, RCTX_IF, RCTX_REDUCE);
    if (!ctx) {
      ct_error_op(L->c, op, "code generation: `yield` outside of if/reduce");
      return LOWER_FAILED;
    }
    if (ctx->kind == RCTX_REDUCE) {
      int n = (int)mlirOperationGetNumOperands(op);
      for (int i = 0; i < n && i < ctx->nyielded; i++) {
        ct_lv *v = lv_get(L, op, i);
        if (!v) return LOWER_FAILED;
        ctx->yielded[i] = v->regs[0];
      }
      return LOWER_DONE;
    }
    bool create = !ctx->merge_args_ready;
    if (!branch_with_values(L, op, ctx, ctx->merge, ctx->result_layouts, ctx->nresults, create, (MlirValue){NULL}))
      return LOWER_FAILED;
    ctx->merge_args_ready = true;
    return LOWER_DONE;
  }
  if (streq(name, "continue") || streq(name, "break")) {
    ct_rctx *ctx = find_ctx(L, RCTX_LOOP, RCTX_LOOP);
    if (!ctx) {
      ct_error_op(L->c, op, "code generation: `%s` outside of a loop", name);
      return LOWER_FAILED;
    }
    if (streq(name, "continue")) {
      MlirValue next = ctx->is_for ? bld_add(&L->b, ctx->iv, ctx->step) : (MlirValue){NULL};
      return branch_with_values(L, op, ctx, ctx->header, ctx->carried_layouts, ctx->ncarried, false, next) ? LOWER_DONE
                                                                                                          : LOWER_FAILED;
    }
    if (ctx->is_for) {
      /* unreachable from verified input: verify_break allows `break` only under `loop` (through `if`s) */
      ct_error_op(L->c, op, "code generation: `break` inside `for` (CUDA Tile IR allows `break` only in `loop`)");
      return LOWER_FAILED;
    }
    bool create = !ctx->merge_args_ready;
    if (!branch_with_values(L, op, ctx, ctx->exit, ctx->result_layouts, ctx->nresults, create, (MlirValue){NULL}))
      return LOWER_FAILED;
    ctx->merge_args_ready = true;
    return LOWER_DONE;
  }
  return LOWER_NOT_MINE;
}

/* lower_ws_producer: the agents of a warp-specialised loop whose producer replays its slice of the
 * kernel (plan->ws_replay, tileas/ws_slice.c ct_ws_replays): a loop nested in control flow (a
 * persistent kernel's K loop inside its tile loop: the producer's loads for the next tile overlap
 * the consumers' epilogue of this one), a top-level loop after ops the producer warpgroup cannot
 * run with the consumers (a load before the loop, e.g. cuTile's attention's Q tile), or several
 * loops on the tensor cores.
 * Algorithm: right after the kernel prologue (mbarriers initialised, tensor maps built, one CTA
 * barrier) the CTA splits: the producer warpgroup (threads from L->nthreads on) gives registers
 * back (setmaxnreg.dec); its first thread lowers the entry body a second time in producer mode
 * (L->ws_slice: the ops of tileas/ws_slice.c's producer slice, the `for` / `if` ops around the loop
 * and their terminators; every other op is skipped, and a token or tile a skipped op would have
 * made, which that control flow carries or yields, is a placeholder) with the loop itself replaced
 * by its fill loop — fill j of an execution waits, when its global index g = base + j (base: the
 * trips of the earlier executions, in the thread's own ring_state word; 0 for a loop at the top
 * level) is >= S, for phase g/S - 1 of empty[g % S], then arrive.expect_tx + the TMA boxes into
 * stage g % S — and returns at the entry's `return`; the other 127 producer threads
 * return at once. The consumer warpgroups (setmaxnreg.inc) then lower the whole body as usual, CTA
 * barriers becoming named barrier 1 over their threads; their loop waits for full stages and
 * releases them (lower_hopper_loop.c), the last stages of each execution on its exit edge, so the
 * rings run on across executions for both agents alike (the protocol ws_protocol.c proves).
 * Several loops (one after the other at the entry's top level, inside `if`s there, or inside other
 * loops): each becomes its fill loop, from its own plan (ct_hopper_plan_of_loop), in program order
 * (the replay runs the control flow around them); before the fills of a loop whose rings share
 * shared memory with another loop's that has filled any, the producer waits, per ring of that loop,
 * for the consumers' release of its last fill so far (drain_other_loops), which the consumers give
 * on the exit edge when a wgmma group was in flight (hopper_wait_in_flight).
 * Seed: 001 (warp specialization; persistent variant). Knobs: none. */
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "tileaa/ir_build.h"

/* Before the fills of loop l (several loops): every other loop whose rings share shared memory with
 * loop l's and that has filled any (its global fill count n >= 1, in its word: for a loop inside
 * another loop, the fills of all its executions so far — so also a loop that follows l in the body of
 * a loop around both, from that loop's previous iteration) is drained — for each of its rings, a wait
 * for the consumers' release of its last fill n - 1 (phase (n-1)/S of empty[(n-1) % S]): the consumers
 * release in program order (a drained or nested loop's last stages too, on its exit edge), so every
 * read of that loop's stages is then complete. That loop fills again only after this point, so no
 * later phase of that mbarrier can have completed: the parity is its last phase's. */
static void drain_other_loops(ct_lower *L, const ct_hopper_plan *whole, int l, ct_hopper_plan *q) {
  ct_bld *b = &L->b;
  ct_hopper_emit *E = L->hopper_emit;
  for (int e = 0; e < whole->nloops; e++) {
    /* (a later loop fills before loop l only when a loop around both runs them again) */
    bool later_first = e > l && whole->loop_nested[e] && whole->loop_nested[l];
    if (e == l || (e > l && !later_first) || !ct_hopper_loop_rings_overlap(whole, e, l)) continue;
    ct_hopper_plan_of_loop(whole, e, q);
    MlirValue n = bld_load(b, b->i32, E->fill_trip[e], 4); /* (0: loop e did not run yet — or its `if` was skipped) */
    MlirBlock ran = hopper_open_if(L, bld_icmp(b, BLD_SGT, n, bld_i32(b, 0)));
    MlirValue last = bld_sub(b, n, bld_i32(b, 1)); /* (a global index: the whole plan is not `nested`) */
    for (int i = 0; i < q->npipes; i++) {
      const ct_hopper_pipe *o = &q->pipes[i];
      if (!o->in_loop) continue;
      MlirValue stage, parity;
      hopper_ring_pos(L, o, last, &stage, &parity);
      hopper_spin_wait(L, hopper_bar_ptr(L, o->empty_off, stage), parity);
    }
    hopper_close_if(L, ran);
  }
}

/* The producer's fills of one execution of loop l of the kernel's plan: every fill of every ring,
 * on the global index (several loops: from that loop's own plan, after the drain of the earlier
 * loops whose rings it reuses). */
static void producer_fills(ct_lower *L, MlirOperation loop, int l) {
  ct_bld *b = &L->b;
  ct_hopper_plan *whole = L->hopper, *q = NULL;
  ct_hopper_emit *E = L->hopper_emit;
  ct_lv *trip = lv_get(L, loop, 0);
  E->trip = trip ? trip->regs[0] : bld_i32(b, 0);
  if (whole->nloops > 1) {
    if (!(q = malloc(sizeof *q))) abort();
    drain_other_loops(L, whole, l, q);
    ct_hopper_plan_of_loop(whole, l, q);
    L->hopper = q;
  }
  const ct_hopper_plan *p = L->hopper;
  E->lb = bld_i32(b, 0), E->step = bld_i32(b, 1); /* (tileaa.for counts 0..n-1) */
  E->base = p->nested ? bld_load(b, b->i32, hopper_ring_state_ptr(L, 0), 4) : bld_i32(b, 0);
  MlirBlock done = lower_new_block(L);
  hopper_fill_loop(L, done);
  b->block = done;
  MlirValue filled = p->nested ? bld_add(b, E->base, E->trip) : E->trip; /* (the loop's global fill count) */
  if (p->nested) bld_store(b, filled, hopper_ring_state_ptr(L, 0), 4);
  if (whole->nloops > 1) bld_store(b, filled, E->fill_trip[l], 4);
  L->hopper = whole;
  free(q);
}

int lower_ws_producer_op(ct_lower *L, MlirOperation op, const char *name) {
  const ct_hopper_plan *p = L->hopper;
  int l = hopper_loop_index(p, op);
  if (l >= 0) {
    producer_fills(L, op, l);
    return LOWER_DONE;
  }
  if (!strcmp(name, "return")) { /* (the consumers' thread 0 releases what the kernel holds) */
    bld_op(&L->b, "llvm.return", 0, NULL, 0, NULL, 0, NULL);
    return LOWER_DONE;
  }
  bool terminator = !strcmp(name, "continue") || !strcmp(name, "yield");
  if (!terminator && !ct_ws_is_around(p, op) && !ct_oplist_has(L->ws_slice, op)) return LOWER_DONE; /* the consumers' */
  /* a value the skipped ops (or the loop, now its fills) would have made, carried or yielded by the
   * control flow around the loop: a token (a store's, carried by the tile loop), or a tile the
   * consumers compute (an accumulator an `if` yields, a persistent loop carries) — a uniform undef
   * tile, which any layout takes without code; nothing in the producer's slice reads it */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    ct_type t;
    if (lv_lookup(L, v) || !ct_type_from_mlir(mlirValueGetType(v), &t)) continue;
    if (t.kind == CT_TYPE_TOKEN) {
      lv_bind(L, v, lv_alloc(L, LV_TOKEN, NULL));
    } else if (t.kind == CT_TYPE_TILE) {
      const ct_layout *l = layout_blocked_for(L, op, &t);
      if (!l) return LOWER_FAILED;
      ct_lv *u = lv_new_tile(L, &t, l);
      MlirValue undef = bld_undef(&L->b, elem_llvm_type(L, t.elem));
      for (int k = 0; k < u->nregs; k++) u->regs[k] = undef;
      u->uniform = true;
      lv_bind(L, v, u);
    }
  }
  return LOWER_NOT_MINE;
}

bool ws_replay_dispatch(ct_lower *L, MlirBlock body) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  ct_oplist slice = {0};
  MlirOperation bad;
  const char *why = ct_ws_producer_slice(p, &slice, &bad);
  if (why) { /* (TileAS checked it: a hand-written module) */
    ct_error_op(L->c, mlirOperationIsNull(bad) ? p->for_op : bad, "code generation: warp specialization: %s", why);
    ct_oplist_free(&slice);
    return false;
  }
  MlirBlock consumer, leave;
  hopper_ws_split(L, &consumer, &leave); /* (in the issuing thread's block now) */
  MlirBlock fills = b->block;
  b->block = leave;
  bld_op(b, "llvm.return", 0, NULL, 0, NULL, 0, NULL);
  b->block = fills;
  /* several loops: each loop's trip count once its fills are issued, 0 before (and for a loop
   * inside an `if` the replay skips) */
  for (int l = 0; l < p->nloops && p->nloops > 1; l++) {
    L->hopper_emit->fill_trip[l] = bld_entry_alloca(b, mlirRegionGetFirstBlock(L->fn_region), b->i32, 1, 4);
    bld_store(b, bld_i32(b, 0), L->hopper_emit->fill_trip[l], 4);
  }
  L->ws_slice = &slice;
  bool ok = lower_block(L, body);
  L->ws_slice = NULL;
  ct_oplist_free(&slice);
  hopper_ws_consumers(L, consumer);
  return ok;
}

/* lower_ws_producer: the agents of a warp-specialised loop whose producer replays its slice of the
 * kernel (plan->ws_replay, tileas/ws_slice.c ct_ws_replays): a loop nested in control flow (a
 * persistent kernel's K loop inside its tile loop: the producer's loads for the next tile overlap
 * the consumers' epilogue of this one), or a top-level loop after ops the producer warpgroup cannot
 * run with the consumers (a load before the loop, e.g. cuTile's attention's Q tile).
 * Algorithm: right after the kernel prologue (mbarriers initialised, tensor maps built, one CTA
 * barrier) the CTA splits: the producer warpgroup (threads from L->nthreads on) gives registers
 * back (setmaxnreg.dec); its first thread lowers the entry body a second time in producer mode
 * (L->ws_slice: the ops of tileas/ws_slice.c's producer slice, the `for` / `if` ops around the loop
 * and their terminators; every other op is skipped, and a token a skipped op would have made is
 * a placeholder) with the loop itself replaced by its fill loop — fill j of an execution waits, when
 * its global index g = base + j (base: the trips of the earlier executions, in the thread's own
 * ring_state word; 0 for a loop at the top level) is >= S, for phase g/S - 1 of empty[g % S], then arrive.expect_tx + the TMA
 * boxes into stage g % S — and returns at the entry's `return`; the other 127 producer threads
 * return at once. The consumer warpgroups (setmaxnreg.inc) then lower the whole body as usual, CTA
 * barriers becoming named barrier 1 over their threads; their loop waits for full stages and
 * releases them (lower_hopper_loop.c), the last stages of each execution on its exit edge, so the
 * rings run on across executions for both agents alike (the protocol ws_protocol.c proves).
 * Seed: 001 (warp specialization; persistent variant). Knobs: none. */
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "tileaa/ir_build.h"

/* The producer's fills of one execution of the loop: every fill of every ring, on the global index. */
static void producer_fills(ct_lower *L, MlirOperation loop) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  ct_hopper_emit *E = L->hopper_emit;
  ct_lv *trip = lv_get(L, loop, 0);
  E->lb = bld_i32(b, 0), E->step = bld_i32(b, 1); /* (tileaa.for counts 0..n-1) */
  E->trip = trip ? trip->regs[0] : bld_i32(b, 0);
  E->base = p->nested ? bld_load(b, b->i32, hopper_ring_state_ptr(L, 0), 4) : bld_i32(b, 0);
  MlirBlock done = lower_new_block(L);
  hopper_fill_loop(L, done);
  b->block = done;
  if (p->nested) bld_store(b, bld_add(b, E->base, E->trip), hopper_ring_state_ptr(L, 0), 4);
}

int lower_ws_producer_op(ct_lower *L, MlirOperation op, const char *name) {
  const ct_hopper_plan *p = L->hopper;
  if (mlirOperationEqual(op, p->for_op)) {
    producer_fills(L, op);
    return LOWER_DONE;
  }
  if (!strcmp(name, "return")) { /* (the consumers' thread 0 releases what the kernel holds) */
    bld_op(&L->b, "llvm.return", 0, NULL, 0, NULL, 0, NULL);
    return LOWER_DONE;
  }
  bool terminator = !strcmp(name, "continue") || !strcmp(name, "yield");
  if (!terminator && !ct_ws_is_around(p, op) && !ct_oplist_has(L->ws_slice, op)) return LOWER_DONE; /* the consumers' */
  /* a token the skipped ops would have made (a store's, carried by the tile loop) */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    ct_type t;
    if (!lv_lookup(L, v) && ct_type_from_mlir(mlirValueGetType(v), &t) && t.kind == CT_TYPE_TOKEN)
      lv_bind(L, v, lv_alloc(L, LV_TOKEN, NULL));
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
  L->ws_slice = &slice;
  bool ok = lower_block(L, body);
  L->ws_slice = NULL;
  ct_oplist_free(&slice);
  hopper_ws_consumers(L, consumer);
  return ok;
}

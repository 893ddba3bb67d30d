/* ws_slice: the producer slice of a warp-specialised loop nested in control flow (a persistent
 * kernel's K loop inside its tile loop) — the ops the producer agent runs to issue every fill of
 * every execution of the loop, while the consumer warpgroups run the whole kernel.
 * Algorithm: a backward slice from what the fills read — the loop's trip count and every ring
 * pipe's tile coordinates (tileas.produce indices: loop-invariant values, the counter, or the
 * counter plus an invariant: the invariant is what the slice needs) — and from the bounds of every
 * loop and the condition of every `if` around the loop (the producer runs that control flow too).
 * Closure over operands: each defining op outside the loop joins the slice; block arguments are
 * the entry's arguments or the induction values of the enclosing loops. Refused (the reason is the
 * remark / error the caller gives): a coordinate computed in the loop body in another way; an op in
 * the slice that is not register-only (ct_ws_register_only: a store, atomic, print, a load of more
 * than one element, a region — so never an `if`'s or a loop's result); a `loop` around the loop
 * (its exit is a `break` inside the body). The results of the `if`s and the values the `for`s
 * around the loop carry are the consumers': the producer's replay carries placeholders in their
 * place (lower_ws_producer.c), which the slice never reads.
 * Several loops (at the top level, inside `if`s or inside other loops): the union of every loop's slice.
 * Used for a nested loop, for several loops, and for a top-level loop whose prefix (the ops before it) is not
 * register-only (ct_ws_replays: e.g. a load before the loop, which the producer warpgroup cannot
 * run with the consumers); a loop with a register-only prefix keeps the simpler form, where every
 * thread runs the prefix and the agents split at the loop (lower_hopper_loop.c ws_dispatch).
 * The code generator (lib/nvvm/lower_ws_producer.c) lowers the entry body a second time for the
 * producer's issuing thread, keeping only the slice, the control flow around the loop and its
 * terminators, with the loop itself turned into the fill loop; TileAS (warp_specialize.c) asks the
 * same question to decide eligibility.
 * Seed: 001 (warp specialization). Knobs: none. */
#include <stdio.h>
#include <string.h>

#include "frontend/ops.h"
#include "tileaa/ir_build.h"
#include "tileas/hopper_plan.h"

/* Every result of op is a token or a tile of one element. */
static bool one_element_results(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, i)), &t)) return false;
    if (t.kind == CT_TYPE_TOKEN) continue;
    if (t.kind != CT_TYPE_TILE) return false;
    for (int d = 0; d < t.rank; d++)
      if (t.shape[d] != 1) return false;
  }
  return true;
}

bool ct_ws_register_only(MlirOperation op, const ct_hopper_plan *p) {
  if (mlirOperationGetNumRegions(op) > 0) return false;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  char name[96];
  snprintf(name, sizeof name, "%.*s", (int)n.length, n.data);
  if (!strcmp(name, "tileas.produce") || !strcmp(name, "tileas.consume")) return hopper_takes_pipe_slot(p, op) ||
                                                                                 hopper_pipe_of_load(p, op) >= 0;
  static const char *const ok[] = {"tileas.alloc", "tileas.pipe", "tileaa.view", "tileaa.constant", "tileaa.index_space",
                                   "cuda_tile.constant", "cuda_tile.get_tile_block_id", "cuda_tile.get_num_tile_blocks",
                                   "cuda_tile.assume", "cuda_tile.iota", "cuda_tile.make_token", "cuda_tile.broadcast"};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
    if (!strcmp(name, ok[i])) return true;
  if (!strncmp(name, "cuda_tile.", 10) && ct_op_name_is_elementwise(name)) return true;
  /* the 2-D view of a pipe tile loaded before the loop (a reshape dropping unit dims: no code) */
  if (!strcmp(name, "cuda_tile.reshape") && hopper_is_unit_reshape(op)) {
    MlirOperation prod = hopper_produce_of(mlirOperationGetResult(op, 0));
    if (!mlirOperationIsNull(prod) && hopper_pipe_of_load(p, prod) >= 0) return true;
  }
  /* a one-element load (a grouped GEMM's tile-to-group table, a scale) and its reshape to a scalar:
   * every thread of both agents reads the same element (nothing before the loop stores: every
   * earlier op passed this test) */
  if ((strstr(name, "load") || !strcmp(name, "cuda_tile.reshape")) && !strstr(name, "store") && one_element_results(op))
    return true;
  /* scalar arithmetic of any dialect (index conversions, ...): no memory op, every value rank 0 */
  return ct_ir_scalar_arith(op);
}

bool ct_ws_replays(MlirOperation entry, const ct_hopper_plan *p) {
  if (p->nested || p->nloops > 1) return true; /* (one producer serves several loops in turn) */
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && !mlirOperationEqual(op, p->for_op);
       op = mlirOperationGetNextInBlock(op))
    if (!ct_ws_register_only(op, p)) return true;
  return false;
}

bool ct_ws_is_around(const ct_hopper_plan *p, MlirOperation op) {
  for (int l = 0; l < p->nloops; l++)
    for (MlirOperation a = mlirOperationGetParentOperation(p->loops[l]); !mlirOperationIsNull(a);
         a = mlirOperationGetParentOperation(a)) {
      if (mlirOperationEqual(a, op)) return true;
      if (mlirOperationEqual(a, p->top_op) || ct_op_is(a, "cuda_tile.entry")) break;
    }
  return false;
}

typedef struct {
  const ct_hopper_plan *p;
  ct_oplist *out;
  MlirOperation *bad;
} slicer;

/* Add v's definition (and, transitively, its operands') to the slice. */
static const char *need(slicer *s, MlirValue v) {
  if (!mlirValueIsAOpResult(v)) return NULL; /* an entry argument or an enclosing loop's induction value */
  MlirOperation d = mlirOpResultGetOwner(v);
  if (ct_oplist_has(s->out, d)) return NULL;
  if (!ct_ws_register_only(d, s->p)) {
    *s->bad = d;
    return "a value the producer agent needs (a fill coordinate or a bound of the control flow around the loop) is "
           "computed by an op that is not register-only";
  }
  ct_oplist_push(s->out, d);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++) {
    const char *why = need(s, mlirOperationGetOperand(d, i));
    if (why) return why;
  }
  return NULL;
}

/* The slice of loop l of p (p->loops[l]): appended to s->out. */
static const char *loop_slice(slicer *s, int l) {
  const ct_hopper_plan *p = s->p;
  MlirOperation *bad = s->bad;
  MlirOperation loop = p->loops[l];
  MlirValue iv = mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)), 0);
  /* the trip count (tileaa.for operand 0; the carried initial values are the consumers') */
  const char *why = need(s, mlirOperationGetOperand(loop, 0));
  for (int i = 0; !why && i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop || o->loop != l) continue;
    for (intptr_t k = 2; !why && k < mlirOperationGetNumOperands(o->load); k++) {
      MlirValue v = mlirOperationGetOperand(o->load, k), x;
      if (mlirValueEqual(v, iv)) continue;
      if (hopper_iv_plus_invariant(v, iv, loop, &x)) why = need(s, x);
      else if (!ct_ir_defined_outside(v, loop)) {
        *bad = o->load;
        why = "a fill coordinate is computed in the loop body (the producer agent runs only the fills)";
      } else why = need(s, v);
    }
  }
  /* the control flow around the loop */
  for (MlirOperation a = mlirOperationGetParentOperation(loop); !why && !mlirOperationIsNull(a);
       a = mlirOperationGetParentOperation(a)) {
    bool is_for = ct_ir_is(a, "tileaa.for") || ct_ir_is(a, "cuda_tile.for");
    /* (its results, a loop's carried values: the consumers'; the producer carries placeholders) */
    if (ct_ir_is(a, "cuda_tile.if")) {
      why = need(s, mlirOperationGetOperand(a, 0));
    } else if (is_for) {
      int bounds = ct_ir_is(a, "tileaa.for") ? 1 : 3;
      for (intptr_t k = 0; !why && k < bounds && k < mlirOperationGetNumOperands(a); k++)
        why = need(s, mlirOperationGetOperand(a, k));
    } else if (ct_ir_is(a, "cuda_tile.entry")) {
      break;
    } else {
      *bad = a;
      why = "the loop is nested in control flow other than `for` and `if` (the producer agent replays `for` and `if` only)";
    }
    if (mlirOperationEqual(a, p->top_op)) break;
  }
  return why;
}

const char *ct_ws_producer_slice(const ct_hopper_plan *p, ct_oplist *out, MlirOperation *bad) {
  *bad = (MlirOperation){NULL};
  slicer s = {p, out, bad};
  const char *why = NULL;
  for (int l = 0; !why && l < p->nloops; l++) why = loop_slice(&s, l);
  return why;
}

/* reg_pressure: the estimate of an entry's peak registers per thread for its live tiles (docs/
 * driver.md, "Code generation limits"), on the TileAS module, before anything is unrolled — shared
 * by TileAS (path_select.c: an entry with no warps hint and no tensor-core plan gets the fewest
 * warps whose estimate fits) and the code generator (nvvm/reg_budget.c: the located refusal).
 * Tiles are unrolled into one LLVM scalar per element a thread holds, so a tile too big for the
 * register file becomes megabytes of PTX that ptxas spills for minutes or never finishes.
 * Algorithm:
 *   - each tile value's 32-bit registers per thread under the layout it gets: every layout of the
 *     code generator (blocked, mma accumulator, wgmma accumulator) spreads the N elements of a
 *     tile over the T threads of the CTA, so ceil(N / T) elements per thread, times the 32-bit
 *     words of one element (ceil(bits / 32): f16 and i1 count one word, f64/i64/ptr two).
 *     Exceptions: tiles whose elements are all equal (splat constants, and element-wise ops,
 *     broadcasts and reshapes of those) are one register; a non-splat constant of up to
 *     CT_CONSTANT_REPLICATED_MAX elements is replicated in every thread (N elements; a bigger one
 *     counts as a tile); a tile the Hopper plan loads by TMA into shared memory for
 *     wgmma is none, and so is an accumulator the tcgen05 plan keeps in tensor memory for the
 *     whole loop (the mmaf's result, the loop's block argument carrying it, a rescale's result:
 *     ct_hopper_mma keep_in_flight / tmem_rescaled; the loop's result is read back into
 *     registers after it and counts);
 *   - the peak per thread of the tile values live at the same time: a value is live from its
 *     definition to its last use in its block (a use inside a nested region counts at the op
 *     holding the region; a value captured by a region stays live through it, an explicit operand
 *     of a loop/if is handed to the region's block arguments), at each op the larger of the
 *     pressure into it and out of it, plus the peak inside its regions.
 * The budget: ct_reg_budget_words (tileas/reg_layout.h: 7/8 of min(255, 65536 / threads)). Linear
 * in the size of the IR (each nesting level walks the ops below it once), independent of tile
 * sizes. Seed: none (a code-generation limit). Knobs: none. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "support/ptr_hash.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"

typedef struct rb_val {
  const void *key;
  MlirBlock block; /* defining block */
  int64_t cost;    /* 32-bit registers per thread */
  int last;        /* index in its block of the op holding its last use (-1: unused) */
  int capture;     /* index of the last op whose regions use it (-1: none) */
  int stamp;       /* de-duplicates the operands of one op */
  bool uniform;
} rb_val;

typedef struct rb {
  ct_reg_pressure *P;
  int64_t budget;
  rb_val *vals; /* entries; the hash table holds indices + 1 */
  size_t nvals, vals_cap;
  size_t *tab;
  size_t tab_cap;
  int stamp;
} rb;


/* Is op the tileas.consume of a Hopper-path pipe (its tile stays in shared memory, no registers; a
 * bulk plan's consume reads its tile into registers)? */
static bool in_pipe_smem(const ct_reg_pressure *P, MlirOperation op, const char *name) {
  return P->plan && !P->plan->bulk && !strcmp(name, "tileas.consume") && hopper_takes_pipe_slot(P->plan, op);
}

/* Does v stay in tensor memory on the plan's tcgen05 path (no registers)? An accumulator the loop
 * keeps in TMEM (every mmaf but a tmem_per_iter one, which is read back every iteration): the
 * mmaf's result, the rescale mulf's result, and the loop body's block argument carrying it. */
static bool in_tmem(const ct_reg_pressure *P, MlirValue v) {
  const ct_hopper_plan *p = P->plan;
  if (!p || p->bulk || !p->tcgen05) return false;
  bool arg = mlirValueIsABlockArgument(v);
  for (int i = 0; i < p->nmmas; i++) {
    const ct_hopper_mma *mm = &p->mmas[i];
    if (!mm->keep_in_flight && !mm->tmem_rescaled) continue; /* (tmem_per_iter) */
    if (!arg) {
      if (mlirValueEqual(v, mlirOperationGetResult(mm->mmaf, 0))) return true;
      if (mm->tmem_rescaled && !mlirOperationIsNull(mm->rescale) && mlirValueEqual(v, mlirOperationGetResult(mm->rescale, 0)))
        return true;
    } else if (mlirBlockEqual(mlirBlockArgumentGetOwner(v), mlirRegionGetFirstBlock(mlirOperationGetRegion(p->loops[mm->loop], 0))) &&
               mlirBlockArgumentGetArgNumber(v) == 1 + mm->loop_result) {
      return true;
    }
  }
  return false;
}

static long rb_find(const rb *R, MlirValue v) {
  if (!R->tab_cap) return -1;
  size_t h = ct_ptr_hash(v.ptr, R->tab_cap);
  while (R->tab[h]) {
    if (R->vals[R->tab[h] - 1].key == v.ptr) return (long)(R->tab[h] - 1);
    h = (h + 1) & (R->tab_cap - 1);
  }
  return -1;
}

static void rb_define(rb *R, MlirValue v, MlirBlock block, int64_t cost, bool uniform) {
  if ((R->nvals + 1) * 2 > R->tab_cap) {
    size_t n = R->tab_cap ? R->tab_cap * 2 : 256;
    size_t *nt = calloc(n, sizeof *nt);
    if (!nt) abort();
    for (size_t i = 0; i < R->nvals; i++) {
      size_t h = ct_ptr_hash(R->vals[i].key, n);
      while (nt[h]) h = (h + 1) & (n - 1);
      nt[h] = i + 1;
    }
    free(R->tab);
    R->tab = nt;
    R->tab_cap = n;
  }
  if (R->nvals == R->vals_cap) {
    R->vals_cap = R->vals_cap ? 2 * R->vals_cap : 128;
    R->vals = realloc(R->vals, R->vals_cap * sizeof *R->vals);
    if (!R->vals) abort();
  }
  R->vals[R->nvals] = (rb_val){.key = v.ptr, .block = block, .cost = cost, .last = -1, .capture = -1, .uniform = uniform};
  size_t h = ct_ptr_hash(v.ptr, R->tab_cap);
  while (R->tab[h]) h = (h + 1) & (R->tab_cap - 1);
  R->tab[h] = ++R->nvals;
}

int64_t ct_reg_budget_words(int nthreads) {
  int64_t per_thread = nthreads > 0 ? CT_REG_FILE_PER_CTA / nthreads : CT_REG_MAX_PER_THREAD;
  if (per_thread > CT_REG_MAX_PER_THREAD) per_thread = CT_REG_MAX_PER_THREAD;
  return per_thread * 7 / 8;
}

/* Cost and uniformity of result `ri` of op (defined in the block being analysed). */
static void result_cost(rb *R, MlirOperation op, int ri, int64_t *cost, bool *uniform) {
  *cost = 0;
  *uniform = false;
  ct_type t;
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, ri)), &t) || t.kind != CT_TYPE_TILE) return;
  char name[48];
  ct_op_short_name(op, name, sizeof name);
  if (!strcmp(name, "constant")) {
    MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
    if (ct_constant_replicated(op)) {
      *cost = ct_tile_regs_per_thread(&t, 1); /* replicated in every thread */
      return;
    }
    if (!mlirAttributeIsNull(v) && mlirAttributeIsADenseElements(v) && mlirDenseElementsAttrIsSplat(v)) {
      *cost = 1;
      *uniform = true;
      return;
    }
    *cost = ct_tile_regs_per_thread(&t, R->P->nthreads); /* a big one: spread, loaded from memory */
    return;
  }
  if (ri == 0 && in_pipe_smem(R->P, op, name)) return;
  if (in_tmem(R->P, mlirOperationGetResult(op, ri))) return;
  /* a broadcast renames its source's registers, or is materialised element by element straight
   * into its consumer (lower_shape.c): it costs what its source costs */
  if (!strcmp(name, "broadcast") && mlirOperationGetNumOperands(op) == 1) {
    long k = rb_find(R, mlirOperationGetOperand(op, 0));
    if (k >= 0) {
      *cost = R->vals[k].cost;
      *uniform = R->vals[k].uniform;
      return;
    }
  }
  bool all_uniform = mlirOperationGetNumOperands(op) > 0 && mlirOperationGetNumRegions(op) == 0 &&
                     (ct_op_name_is_elementwise(name) || !strcmp(name, "broadcast") || !strcmp(name, "reshape"));
  for (intptr_t i = 0; all_uniform && i < mlirOperationGetNumOperands(op); i++) {
    long k = rb_find(R, mlirOperationGetOperand(op, i));
    ct_type ot;
    bool is_tile = ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, i)), &ot) && ot.kind == CT_TYPE_TILE;
    if (is_tile && (k < 0 || !R->vals[k].uniform)) all_uniform = false;
  }
  if (all_uniform) {
    *cost = 1;
    *uniform = true;
    return;
  }
  *cost = ct_tile_regs_per_thread(&t, R->P->nthreads);
}

/* Record the uses by op (index i of block B) and by everything nested in it. */
static void mark_uses(rb *R, MlirOperation op, MlirBlock B, int i, bool nested) {
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++) {
    long v = rb_find(R, mlirOperationGetOperand(op, k));
    if (v < 0 || !mlirBlockEqual(R->vals[v].block, B)) continue;
    if (R->vals[v].last < i) R->vals[v].last = i;
    if (nested) R->vals[v].capture = i;
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        mark_uses(R, o, B, i, true);
}

/* A tile result held in registers needs a layout of at most 2^CT_LAYOUT_MAX_REG_BITS registers
 * per thread, even when its elements are all equal (a big splat or broadcast is still spread over
 * that many registers): such an op is the fault. */
static bool too_wide(rb *R, MlirOperation op) {
  ct_reg_pressure *P = R->P;
  char name[48];
  ct_op_short_name(op, name, sizeof name);
  if (!strcmp(name, "constant")) {
    if (ct_constant_replicated(op)) return false; /* replicated, bounded by CT_CONSTANT_REPLICATED_MAX */
  }
  for (intptr_t k = 0; k < mlirOperationGetNumResults(op); k++) {
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, k)), &t) || t.kind != CT_TYPE_TILE) continue;
    if ((k == 0 && in_pipe_smem(P, op, name)) || in_tmem(P, mlirOperationGetResult(op, k))) continue;
    int64_t n = ct_type_num_elements(&t);
    int64_t per = n == INT64_MAX ? n : (n + P->nthreads - 1) / P->nthreads;
    if (per <= (1 << CT_LAYOUT_MAX_REG_BITS)) continue;
    P->fault = op;
    P->too_wide = true;
    P->wide_result = (int)k;
    P->wide_per = per;
    return true;
  }
  return false;
}

/* Peak pressure inside block B on top of `base` (registers live around it); false once refused. */
static bool block_peak(rb *R, MlirBlock B, int64_t base, int64_t *peak) {
  *peak = 0;
  int nops = 0;
  size_t first = R->nvals;
  for (intptr_t a = 0; a < mlirBlockGetNumArguments(B); a++) {
    ct_type t;
    MlirValue v = mlirBlockGetArgument(B, a);
    int64_t cost = ct_type_from_mlir(mlirValueGetType(v), &t) && !in_tmem(R->P, v) ? ct_tile_regs_per_thread(&t, R->P->nthreads) : 0;
    rb_define(R, v, B, cost, false);
  }
  size_t first_result = R->nvals;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    for (intptr_t k = 0; k < mlirOperationGetNumResults(op); k++) {
      int64_t cost;
      bool uniform;
      result_cost(R, op, (int)k, &cost, &uniform);
      rb_define(R, mlirOperationGetResult(op, k), B, cost, uniform);
    }
    nops++;
  }
  int i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    mark_uses(R, op, B, i++, false);
  /* dead[i]: registers freed after op i; direct[i]: of those, values only used as explicit
   * operands of op i (handed over to its regions' block arguments, not live inside them) */
  int64_t *dead = calloc((size_t)nops + 1, sizeof *dead), *direct = calloc((size_t)nops + 1, sizeof *direct);
  if (!dead || !direct) abort();
  int64_t cur = 0;
  for (size_t k = first; k < R->nvals; k++) {
    rb_val *v = &R->vals[k];
    if (v->last < 0) continue;
    if (k < first_result) cur += v->cost;
    dead[v->last] += v->cost;
    if (v->capture != v->last) direct[v->last] += v->cost;
  }
  size_t res = first_result;
  i = 0;
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), i++) {
    int64_t here = cur;
    if (mlirOperationGetNumRegions(op) > 0) {
      int64_t during = cur - direct[i], inner = 0;
      for (intptr_t r = 0; ok && r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); ok && !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b)) {
          int64_t p;
          ok = block_peak(R, b, base + during, &p);
          if (p > inner) inner = p;
        }
      if (!ok) break;
      if (during + inner > here) here = during + inner;
    }
    int64_t results = 0, unused = 0;
    for (intptr_t k = 0; k < mlirOperationGetNumResults(op); k++, res++) {
      results += R->vals[res].cost;
      if (R->vals[res].last < 0) unused += R->vals[res].cost;
    }
    int64_t after = cur - dead[i] + results;
    if (after > here) here = after;
    if (here > *peak) *peak = here;
    if (base + here > R->budget) {
      R->P->fault = op;
      R->P->need = base + here;
      ok = false;
      break;
    }
    if (too_wide(R, op)) {
      ok = false;
      break;
    }
    cur = after - unused;
  }
  free(dead);
  free(direct);
  return ok;
}

bool ct_reg_pressure_fits(MlirOperation entry, ct_reg_pressure *P) {
  rb R;
  memset(&R, 0, sizeof R);
  R.P = P;
  R.budget = P->budget;
  P->peak = 0;
  P->fault = (MlirOperation){NULL};
  P->need = 0;
  P->too_wide = false;
  bool ok = true;
  MlirRegion body = mlirOperationGetRegion(entry, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); ok && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    int64_t peak;
    ok = block_peak(&R, b, 0, &peak);
    if (peak > P->peak) P->peak = peak;
  }
  free(R.vals);
  free(R.tab);
  return ok;
}

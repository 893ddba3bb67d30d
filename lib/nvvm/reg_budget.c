/* reg_budget: the register budget of the code generator (docs/driver.md, "Code generation
 * limits"): the estimate of the kernel's live tiles (tileas/reg_pressure.c) at its threads per CTA
 * (and the warp-specialised consumer agent's setmaxnreg budget), refused with an error located on
 * the op that pushes it over — before anything of the kernel is unrolled. Owner: nvvm. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "support/strbuf.h"

/* The largest tile type among op's results and operands (for the message). */
static bool biggest_tile(ct_lower *L, MlirOperation op, ct_type *out, int64_t *regs) {
  bool any = false;
  *regs = -1;
  intptr_t nr = mlirOperationGetNumResults(op), no = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < nr + no; i++) {
    MlirValue v = i < nr ? mlirOperationGetResult(op, i) : mlirOperationGetOperand(op, i - nr);
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(v), &t) || t.kind != CT_TYPE_TILE) continue;
    int64_t r = ct_tile_regs_per_thread(&t, L->nthreads);
    if (r > *regs) {
      *regs = r;
      *out = t;
      any = true;
    }
  }
  return any;
}

bool ct_reg_budget_check(ct_lower *L, MlirOperation entry) {
  ct_reg_pressure P = {.nthreads = L->nthreads, .budget = ct_reg_budget_words(L->nthreads), .plan = L->hopper};
  if (L->hopper && L->hopper->ws) {
    /* one CTA per SM: 7/8 of the consumers' setmaxnreg budget (ptxas allocates within the launch
     * share, 168 at 384 threads, which the estimate, high on attention's masks, may pass: R152 of
     * an estimated 169 on attention_d64_causal_bm128); several: the launch share, which TileAS
     * checked against 7/8 of it (warp_specialize.c ws_budget_fits) */
    const ct_tileas_agent *co = &L->hopper->ws_agents.agents[L->hopper->consumer_agent];
    int share = ct_hopper_ws_share(L->hopper);
    int64_t b = L->hopper->ws_agents.ctas_per_sm > 1 ? share : co->regs * 7 / 8;
    if (b < P.budget) P.budget = b;
    int64_t acc = ct_hopper_wgmma_acc_words(L->hopper), need = ct_hopper_mma_min_regs(L->hopper);
    if (need > share) {
      ct_error_op(L->c, L->hopper->for_op,
                  "warp specialization at %d CTAs per SM: the launch's %d registers per thread (.maxnreg) are fewer "
                  "than the %lld %s %lld %s per thread needs; use fewer CTAs per SM "
                  "(tileas.pipeline ctas_per_sm, the occupancy hint)",
                  L->hopper->ws_agents.ctas_per_sm, share, (long long)need,
                  L->hopper->tcgen05 ? "a tcgen05.ld / st of" : "a wgmma with", (long long)acc,
                  L->hopper->tcgen05 ? "registers" : "accumulator words");
      return false;
    }
  }
  bool ok = ct_reg_pressure_fits(entry, &P);
  char name[48];
  ct_strbuf ts;
  ct_strbuf_init(&ts);
  if (!ok && P.too_wide) {
    ct_type t;
    if (ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(P.fault, P.wide_result)), &t)) ct_type_print(&t, &ts);
    ct_error_op(L->c, P.fault,
                "`%s` on %s: %lld elements per thread at %d threads per CTA, more than the %d a tile may hold per "
                "thread (docs/driver.md, \"Code generation limits\"); use smaller tiles or more warps "
                "(num_worker_warps_per_cta), or process the data in pieces in a `for` loop",
                lower_user_op_name(P.fault, name, sizeof name), ts.data ? ts.data : "?", (long long)P.wide_per, L->nthreads,
                1 << CT_LAYOUT_MAX_REG_BITS);
  } else if (!ok) {
    lower_user_op_name(P.fault, name, sizeof name);
    ct_type t;
    int64_t regs;
    if (biggest_tile(L, P.fault, &t, &regs)) ct_type_print(&t, &ts);
    if (ts.data)
      ct_error_op(L->c, P.fault,
                  "`%s` on %s (%lld registers per thread): the tiles live here need %lld 32-bit registers per thread "
                  "at %d threads per CTA, over the code generator's budget of %lld (docs/driver.md, \"Code generation "
                  "limits\"); use smaller tiles or more warps (num_worker_warps_per_cta), or process the data in "
                  "pieces in a `for` loop",
                  name, ts.data, (long long)regs, (long long)P.need, L->nthreads, (long long)P.budget);
    else
      ct_error_op(L->c, P.fault,
                  "`%s`: the tiles live here need %lld 32-bit registers per thread at %d threads per CTA, over the code "
                  "generator's budget of %lld (docs/driver.md, \"Code generation limits\"); use smaller tiles or "
                  "more warps (num_worker_warps_per_cta), or process the data in pieces in a `for` loop",
                  name, (long long)P.need, L->nthreads, (long long)P.budget);
  }
  ct_strbuf_free(&ts);
  if (ok && getenv("TILEC_DEBUG_REG_BUDGET")) {
    char ename[128] = "?";
    MlirAttribute a = mlirOperationGetAttributeByName(entry, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
      MlirStringRef s = mlirStringAttrGetValue(a);
      snprintf(ename, sizeof ename, "%.*s", (int)s.length, s.data);
    }
    fprintf(stderr, "tilec: register budget: `%s` peak %lld of %lld 32-bit registers per thread (%d threads)\n", ename,
            (long long)P.peak, (long long)P.budget, L->nthreads);
  }
  return ok;
}

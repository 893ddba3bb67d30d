/* tier_pipeline: runs the LLVM-tier passes of one pipeline position over every function with a
 * body (functions in module order, so output is deterministic), then verifies the module.
 * Positions (seed 002 "Multi-Run Pipeline Pattern", seed 000 layout last):
 *   EARLY          Sinking2 standard (fixpoint)
 *   POST_PEEPHOLE  base-address strength reduction (seed 001 knobs), then Sinking2 fast (1 round)
 *   LATE           Sinking2 standard ("late"), then hot/cold marking + in-loop + function layout
 * Knobs: see tier_options.c. */
#include <llvm-c/Analysis.h>

#include "llvm/tier.h"

static const char *position_name(ct_tier_position pos) {
  switch (pos) {
  case CT_TIER_EARLY: return "early";
  case CT_TIER_POST_PEEPHOLE: return "post-peephole";
  case CT_TIER_LATE: return "late";
  }
  return "?";
}

bool ct_llvm_tier_run(ct_ctx *c, LLVMModuleRef m, const ct_llvm_tier_options *o, ct_tier_position pos, FILE *dump) {
  const char *where = position_name(pos);
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn)) continue;
    switch (pos) {
    case CT_TIER_EARLY:
      ct_sink2_run(fn, o, false, where, dump);
      break;
    case CT_TIER_POST_PEEPHOLE:
      ct_base_address_sr_run(m, fn, o, dump);
      ct_sink2_run(fn, o, true, where, dump);
      break;
    case CT_TIER_LATE:
      ct_sink2_run(fn, o, false, where, dump);
      ct_hot_cold_layout_run(fn, o, dump);
      break;
    }
  }
  char *msg = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    if (c) ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "internal error: LLVM-tier passes (%s) broke the module: %s", where,
                        msg ? msg : "");
    LLVMDisposeMessage(msg);
    return false;
  }
  LLVMDisposeMessage(msg);
  return true;
}

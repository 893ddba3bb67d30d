/* tier: the LLVM-tier passes that run between mlirTranslateModuleToLLVMIR (+ the LLVM O-level
 * pipeline) and the NVPTX backend, and their command-line knobs. Owner: llvm-tier (issue 6).
 *
 *   Sinking2            (sink2.c, seed 002)          texture-aware fixpoint code sinking
 *   hot/cold layout     (hot_cold_layout.c, seed 000) cold-block marking, in-loop + function layout
 *   base-address SR     (base_address_sr.c, seed 001) shared-base rebasing of constant-offset GEPs
 *
 * Positions (call them in this order; a .ll input runs all three):
 *   CT_TIER_EARLY          Sinking2 (standard mode, fixpoint)
 *   CT_TIER_POST_PEEPHOLE  base-address strength reduction, then Sinking2 in fast mode (one round)
 *   CT_TIER_LATE           late Sinking2 (standard), then hot/cold marking and block layout
 * Knobs are documented in ct_llvm_tier_help() and docs/llvm-tier.md. */
#ifndef TILEC_LLVM_TIER_H
#define TILEC_LLVM_TIER_H
#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "support/context.h"

typedef struct ct_llvm_tier_options {
  bool sink2;               /* --disable-sink2 clears */
  int sink_into_texture;    /* --sink-into-texture=0..3 (default 3) */
  int sink_limit;           /* --sink-limit=N, N >= 0 (default 20): sinks per function per run */
  bool dump_sink2;          /* --dump-sink2 */
  bool hot_cold_layout;     /* --disable-hot-cold-layout clears */
  bool dump_hot_cold;       /* --dump-hot-cold-layout */
  int cold_branch_percent;  /* --cold-branch-percent=0..50 (default 5): edge probability below = cold */
  int basr_level;           /* --do-base-address-strength-reduce=0..4 (default 4); --disable-base-address-sr = 0 */
  bool dump_basr;           /* --dump-base-address-sr */
  int max_chain_length;     /* --max-chain-length=N >= 1 (default 64): GEPs rebased on one anchor */
  int scev_cgp_inst_limit;  /* --scev-cgp-inst-limit=N >= 0 (default 500): BASR instruction budget */
} ct_llvm_tier_options;

typedef enum { CT_TIER_EARLY, CT_TIER_POST_PEEPHOLE, CT_TIER_LATE } ct_tier_position;

void ct_llvm_tier_options_init(ct_llvm_tier_options *o);
/* Try to consume one command-line argument. Returns 1 consumed, 0 not ours, -1 ours but invalid
 * (a message is written to err). */
int ct_llvm_tier_parse_arg(ct_llvm_tier_options *o, const char *arg, char *err, size_t errlen);
/* Help text lines for tilec --help (static storage). */
const char *ct_llvm_tier_help(void);
/* Run the passes of one pipeline position on every function with a body. Debug dumps (--dump-*)
 * go to `dump` (may be NULL: no dumps). Returns false (with a diagnostic) when the module is broken
 * after the passes. */
bool ct_llvm_tier_run(ct_ctx *c, LLVMModuleRef m, const ct_llvm_tier_options *o, ct_tier_position pos,
                      FILE *dump);

/* The individual passes (one function each; return the number of changes made). */
int ct_sink2_run(LLVMValueRef fn, const ct_llvm_tier_options *o, bool fast_mode, const char *position,
                 FILE *dump);
int ct_hot_cold_layout_run(LLVMValueRef fn, const ct_llvm_tier_options *o, FILE *dump);
int ct_base_address_sr_run(LLVMModuleRef m, LLVMValueRef fn, const ct_llvm_tier_options *o, FILE *dump);
#endif

/* hot_cold_layout: hot/cold partitioning at the LLVM tier (seed 000_a892b49c33caad2e: phases 41
 * MarkAdditionalColdBlocks, 108 OptimizeHotColdInLoop, 109 OptimizeHotColdFlow). The block order it
 * leaves is the order the NVPTX backend emits.
 *
 * Algorithm (per function with a body and a reducible CFG):
 *  1. Mark cold blocks with the seed's static heuristics:
 *       trap        the block calls llvm.trap/debugtrap/ubsantrap, __assertfail/__assert_fail or
 *                   another noreturn function, or ends in `unreachable`;
 *       error-exit  exit(nonzero)-style calls, or `ret <nonzero integer constant>` in a function
 *                   that also returns the constant 0 (abnormal termination);
 *       tiny-to-return  at most 2 instructions, none with side effects (a cleanup epilogue, not a
 *                   masked store), and an unconditional branch to a block that returns;
 *       loop-exit   outside every loop, a successor of a block of a loop L, dominated by a latch
 *                   of L (taken once, after the loop);
 *       branch-weight   every incoming edge has !prof branch_weights probability below
 *                   --cold-branch-percent (default 5%);
 *     then propagate to a fixpoint: a block all of whose forward (non-back-edge) predecessors are
 *     cold or reach it through cold edges is cold (cold-region); a block all of whose successors
 *     are cold is cold (leads-to-cold). The entry block is never cold.
 *  2. Layout, recursively per region (function, then each loop as an atomic unit): the region's
 *     entry (function entry / loop header) first, then its hot units, then its cold units, each
 *     group in source order; a nested loop is one unit, cold when its header is. Cold loop blocks
 *     thus end their loop region (phase 108); cold non-loop blocks end the function (phase 109).
 *     Unreachable blocks go last, in source order.
 *  3. Branch fix-ups: branches in LLVM IR are explicit, so the order needs no new branches; a
 *     conditional branch with one hot and one cold successor and no !prof gets branch_weights
 *     (2000:1 toward the hot side) so the backend's block placement keeps the cold side out of
 *     line instead of undoing the layout.
 * Knobs: --disable-hot-cold-layout, --cold-branch-percent=0..50, --dump-hot-cold-layout. */
#include <stdlib.h>
#include <string.h>

#include "llvm/dominators.h"
#include "llvm/loops.h"
#include "llvm/tier.h"
#include "llvm/tier_memory.h"

typedef enum {
  HOT = 0,
  COLD_TRAP,
  COLD_ERROR_EXIT,
  COLD_TINY_TO_RETURN,
  COLD_LOOP_EXIT,
  COLD_BRANCH_WEIGHT,
  COLD_REGION,
  COLD_LEADS_TO_COLD,
} cold_reason;

static const char *const reason_names[] = {"hot", "trap", "error-exit", "tiny-to-return", "loop-exit",
                                           "branch-weight", "cold-region", "leads-to-cold"};

typedef struct layout_state {
  ct_cfg cfg;
  ct_domtree dt;
  ct_loops loops;
  cold_reason *cold;
  bool *cold_edge; /* per CSR successor slot: edge probability below the threshold */
  LLVMBasicBlockRef *order;
  int norder;
  bool *placed;
} layout_state;

static bool is_trap_call(LLVMValueRef call) {
  const char *n = ct_callee_name(call);
  static const char *const names[] = {"llvm.trap", "llvm.debugtrap", "llvm.ubsantrap", "__assertfail",
                                      "__assert_fail", "abort", "__trap", "llvm.nvvm.trap"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(n, names[i]) == 0) return true;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee && LLVMIsAFunction(callee)) {
    unsigned k = LLVMGetEnumAttributeKindForName("noreturn", 8);
    if (LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, k)) return true;
  }
  return LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, LLVMGetEnumAttributeKindForName("noreturn", 8)) !=
         NULL;
}

static bool is_error_exit_call(LLVMValueRef call) {
  const char *n = ct_callee_name(call);
  if (strcmp(n, "exit") != 0 && strcmp(n, "_exit") != 0 && strcmp(n, "_Exit") != 0) return false;
  if (LLVMGetNumArgOperands(call) < 1) return false;
  LLVMValueRef code = LLVMGetOperand(call, 0);
  return LLVMIsAConstantInt(code) && LLVMConstIntGetZExtValue(code) != 0;
}

/* ret of an integer constant: 1 nonzero, 0 zero, -1 other */
static int ret_constant_kind(LLVMValueRef term) {
  if (LLVMGetInstructionOpcode(term) != LLVMRet || LLVMGetNumOperands(term) != 1) return -1;
  LLVMValueRef v = LLVMGetOperand(term, 0);
  if (!LLVMIsAConstantInt(v)) return -1;
  return LLVMConstIntGetZExtValue(v) != 0 ? 1 : 0;
}

static bool is_return_block(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i && LLVMGetInstructionOpcode(i) == LLVMRet;
}

static int count_instructions(LLVMBasicBlockRef bb) {
  int n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) n++;
  return n;
}

/* A block with a store or another side effect does real work (a masked store, say), not cleanup. */
static bool writes_memory(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (!LLVMIsATerminatorInst(i) && ct_has_side_effects(i)) return true;
  return false;
}

/* branch_weights of a terminator into w (one per successor operand); false when absent. */
static bool branch_weights(LLVMValueRef term, unsigned prof_kind, uint64_t *w, unsigned nsucc) {
  LLVMValueRef md = LLVMGetMetadata(term, prof_kind);
  if (!md) return false;
  unsigned n = LLVMGetMDNodeNumOperands(md);
  if (n < 2) return false;
  LLVMValueRef *ops = calloc(n, sizeof *ops);
  if (!ops) abort();
  LLVMGetMDNodeOperands(md, ops);
  unsigned len = 0;
  const char *tag = LLVMGetMDString(ops[0], &len);
  bool ok = tag && len == 14 && memcmp(tag, "branch_weights", 14) == 0;
  unsigned k = 0;
  for (unsigned i = 1; ok && i < n; i++) {
    if (LLVMGetMDString(ops[i], &len)) continue; /* optional "expected" tag */
    if (!LLVMIsAConstantInt(ops[i]) || k >= nsucc) {
      ok = false;
      break;
    }
    w[k++] = LLVMConstIntGetZExtValue(ops[i]);
  }
  free(ops);
  return ok && k == nsucc;
}

static void mark_cold_blocks(layout_state *s, LLVMValueRef fn, const ct_llvm_tier_options *o) {
  const ct_cfg *g = &s->cfg;
  int n = g->n;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  unsigned prof = LLVMGetMDKindIDInContext(ctx, "prof", 4);
  bool returns_zero = false;
  for (int b = 0; b < n; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[b]);
    if (t && ret_constant_kind(t) == 0) returns_zero = true;
  }
  /* cold edges from branch_weights */
  for (int b = 0; b < n; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    if (ns < 2) continue;
    uint64_t *w = calloc(ns, sizeof *w);
    if (!w) abort();
    if (branch_weights(t, prof, w, ns)) {
      uint64_t total = 0;
      for (unsigned k = 0; k < ns; k++) total += w[k];
      for (int e = g->succ_start[b]; e < g->succ_start[b + 1]; e++) {
        uint64_t sum = 0; /* a target reached by several switch cases sums their weights */
        for (unsigned k = 0; k < ns; k++)
          if (ct_cfg_index(g, LLVMGetSuccessor(t, k)) == g->succs[e]) sum += w[k];
        s->cold_edge[e] = total > 0 && sum * 100 < (uint64_t)o->cold_branch_percent * total;
      }
    }
    free(w);
  }
  for (int b = 1; b < n; b++) {
    if (!ct_reachable(&s->dt, b)) continue;
    LLVMBasicBlockRef bb = g->blocks[b];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !s->cold[b]; i = LLVMGetNextInstruction(i)) {
      if (LLVMGetInstructionOpcode(i) != LLVMCall) continue;
      if (is_error_exit_call(i))
        s->cold[b] = COLD_ERROR_EXIT;
      else if (is_trap_call(i))
        s->cold[b] = COLD_TRAP;
    }
    if (s->cold[b]) continue;
    if (t && LLVMGetInstructionOpcode(t) == LLVMUnreachable) {
      s->cold[b] = COLD_TRAP;
      continue;
    }
    if (t && returns_zero && ret_constant_kind(t) == 1) {
      s->cold[b] = COLD_ERROR_EXIT;
      continue;
    }
    if (t && LLVMGetInstructionOpcode(t) == LLVMBr && !LLVMIsConditional(t) && count_instructions(bb) <= 3 &&
        !writes_memory(bb) && is_return_block(LLVMGetSuccessor(t, 0))) {
      s->cold[b] = COLD_TINY_TO_RETURN;
      continue;
    }
    /* loop-exit: outside every loop (so it runs once), entered from a loop L, dominated by a latch
     * of L. A block after an inner loop but inside an outer one runs every outer iteration: hot. */
    for (int l = 0; l < s->loops.nloops && !s->cold[b] && s->loops.block_loop[b] < 0; l++) {
      if (ct_loop_contains(&s->loops, l, b)) continue;
      bool from_loop = false, after_latch = false;
      for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++)
        from_loop |= ct_loop_contains(&s->loops, l, g->preds[e]);
      int h = s->loops.loops[l].header;
      for (int e = g->pred_start[h]; e < g->pred_start[h + 1] && from_loop && !after_latch; e++) {
        int latch = g->preds[e]; /* a back edge of L: latch -> header inside L */
        after_latch = ct_loop_contains(&s->loops, l, latch) && ct_dominates(&s->dt, latch, b);
      }
      if (from_loop && after_latch) s->cold[b] = COLD_LOOP_EXIT;
    }
    if (s->cold[b]) continue;
    int npred = 0, ncold = 0;
    for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
      int p = g->preds[e];
      if (!ct_reachable(&s->dt, p)) continue;
      npred++;
      for (int f = g->succ_start[p]; f < g->succ_start[p + 1]; f++)
        if (g->succs[f] == b && s->cold_edge[f]) ncold++;
    }
    if (npred > 0 && ncold == npred) s->cold[b] = COLD_BRANCH_WEIGHT;
  }
  /* propagation to a fixpoint (monotone: blocks only become cold) */
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 1; k < s->dt.nrpo; k++) {
      int b = s->dt.rpo[k];
      if (s->cold[b]) continue;
      int npred = 0, ncold = 0;
      for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
        int p = g->preds[e];
        if (!ct_reachable(&s->dt, p) || ct_dominates(&s->dt, b, p)) continue; /* back edges do not count */
        npred++;
        bool edge_cold = s->cold[p] != HOT;
        for (int f = g->succ_start[p]; f < g->succ_start[p + 1] && !edge_cold; f++)
          edge_cold = g->succs[f] == b && s->cold_edge[f];
        ncold += edge_cold;
      }
      if (npred > 0 && ncold == npred) {
        s->cold[b] = COLD_REGION;
        changed = true;
        continue;
      }
      int nsucc = ct_cfg_nsuccs(g, b), ncs = 0;
      for (int e = g->succ_start[b]; e < g->succ_start[b + 1]; e++) ncs += s->cold[g->succs[e]] != HOT;
      if (nsucc > 0 && ncs == nsucc) {
        s->cold[b] = COLD_LEADS_TO_COLD;
        changed = true;
      }
    }
  }
}

/* The child loop of `region` (-1: function) that contains block b, or -1 when b belongs directly. */
static int child_unit(const layout_state *s, int region, int b) {
  int l = s->loops.block_loop[b];
  if (l == region) return -1;
  while (l >= 0 && s->loops.loops[l].parent != region) l = s->loops.loops[l].parent;
  return l;
}

static void place_block(layout_state *s, int b) {
  if (s->placed[b]) return;
  s->placed[b] = true;
  s->order[s->norder++] = s->cfg.blocks[b];
}

static void layout_region(layout_state *s, int region) {
  int n = s->cfg.n;
  int first = region < 0 ? 0 : s->loops.loops[region].header;
  place_block(s, first);
  for (int pass = 0; pass < 2; pass++) { /* 0: hot units, 1: cold units */
    for (int b = 0; b < n; b++) {
      if (s->placed[b] || !ct_reachable(&s->dt, b)) continue;
      if (region >= 0 && !ct_loop_contains(&s->loops, region, b)) continue;
      int child = child_unit(s, region, b);
      int unit_head = child < 0 ? b : s->loops.loops[child].header;
      bool cold = s->cold[unit_head] != HOT;
      if (cold != (pass == 1)) continue;
      if (child < 0)
        place_block(s, b);
      else
        layout_region(s, child);
    }
  }
}

static void print_block(FILE *f, const layout_state *s, LLVMBasicBlockRef bb) {
  const char *n = LLVMGetBasicBlockName(bb);
  if (n && *n)
    fprintf(f, " %%%s", n);
  else
    fprintf(f, " #%d", ct_cfg_index(&s->cfg, bb));
}

static void set_branch_weights(LLVMValueRef br, unsigned prof, uint32_t w0, uint32_t w1) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(br));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef ops[3] = {LLVMMDStringInContext2(ctx, "branch_weights", 14),
                            LLVMValueAsMetadata(LLVMConstInt(i32, w0, false)),
                            LLVMValueAsMetadata(LLVMConstInt(i32, w1, false))};
  LLVMSetMetadata(br, prof, LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, ops, 3)));
}

int ct_hot_cold_layout_run(LLVMValueRef fn, const ct_llvm_tier_options *o, FILE *dump) {
  if (!o->hot_cold_layout || !LLVMGetFirstBasicBlock(fn)) return 0;
  size_t namelen;
  const char *fname = LLVMGetValueName2(fn, &namelen);
  bool dumping = dump && o->dump_hot_cold;
  layout_state s;
  memset(&s, 0, sizeof s);
  ct_cfg_build(&s.cfg, fn);
  ct_domtree_build(&s.dt, &s.cfg);
  ct_loops_build(&s.loops, &s.dt);
  int n = s.cfg.n, changes = 0;
  if (s.loops.irreducible) {
    if (dumping) fprintf(dump, "hot-cold @%s: irreducible control flow, layout kept\n", fname);
    goto done;
  }
  s.cold = calloc((size_t)n, sizeof *s.cold);
  s.cold_edge = calloc((size_t)s.cfg.succ_start[n] + 1, sizeof(bool));
  s.order = calloc((size_t)n, sizeof *s.order);
  s.placed = calloc((size_t)n, sizeof(bool));
  if (!s.cold || !s.cold_edge || !s.order || !s.placed) abort();
  mark_cold_blocks(&s, fn, o);
  if (dumping)
    for (int b = 0; b < n; b++)
      if (s.cold[b]) {
        fprintf(dump, "hot-cold @%s: cold", fname);
        print_block(dump, &s, s.cfg.blocks[b]);
        fprintf(dump, " (%s)\n", reason_names[s.cold[b]]);
      }
  layout_region(&s, -1);
  for (int b = 0; b < n; b++) place_block(&s, b); /* unreachable blocks keep their relative order */
  for (int k = 0; k < n; k++)
    if (s.order[k] != s.cfg.blocks[k]) changes++;
  for (int k = 1; k < n; k++) LLVMMoveBasicBlockAfter(s.order[k], s.order[k - 1]);
  /* branch fix-ups */
  unsigned prof = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(fn)), "prof", 4);
  for (int b = 0; b < n; b++) {
    if (!ct_reachable(&s.dt, b) || s.cold[b]) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(s.cfg.blocks[b]);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || !LLVMIsConditional(t) || LLVMGetMetadata(t, prof)) continue;
    int s0 = ct_cfg_index(&s.cfg, LLVMGetSuccessor(t, 0)), s1 = ct_cfg_index(&s.cfg, LLVMGetSuccessor(t, 1));
    bool c0 = s.cold[s0] != HOT, c1 = s.cold[s1] != HOT;
    if (c0 == c1) continue;
    set_branch_weights(t, prof, c0 ? 1 : 2000, c0 ? 2000 : 1);
    changes++;
  }
  if (dumping) {
    fprintf(dump, "hot-cold @%s: order", fname);
    for (int k = 0; k < n; k++) print_block(dump, &s, s.order[k]);
    fputc('\n', dump);
  }
done:
  free(s.cold);
  free(s.cold_edge);
  free(s.order);
  free(s.placed);
  ct_loops_free(&s.loops);
  ct_domtree_free(&s.dt);
  ct_cfg_free(&s.cfg);
  return changes;
}

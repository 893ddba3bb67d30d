/* dominators: the control-flow graph of an LLVM function (blocks in function order, successor and
 * predecessor lists) and its dominator tree, for the LLVM-tier passes (the LLVM C API has neither).
 * Algorithm: Cooper-Harvey-Kennedy iterative dominators over reverse post-order; the tree is then
 * numbered by an iterative DFS (pre/post numbers) so `dominates` is O(1); children are kept in
 * function order so every walk is deterministic. Unreachable blocks have no dominator-tree node
 * (rpo_index -1) and are left alone by every pass. Ownership: ct_cfg_build/ct_cfg_free,
 * ct_domtree_build/ct_domtree_free. */
#ifndef TILEC_LLVM_DOMINATORS_H
#define TILEC_LLVM_DOMINATORS_H
#include <llvm-c/Core.h>
#include <stdbool.h>

typedef struct ct_cfg {
  LLVMValueRef fn;
  int n;                   /* blocks, in function order */
  LLVMBasicBlockRef *blocks;
  int *succ_start, *succs; /* CSR adjacency, duplicates removed, successor order kept */
  int *pred_start, *preds; /* CSR, predecessors in function order */
  LLVMBasicBlockRef *hkeys; /* open-addressing map block -> index */
  int *hvals;
  int hcap;
} ct_cfg;

void ct_cfg_build(ct_cfg *g, LLVMValueRef fn);
void ct_cfg_free(ct_cfg *g);
int ct_cfg_index(const ct_cfg *g, LLVMBasicBlockRef bb); /* -1 when not in the function */
static inline int ct_cfg_nsuccs(const ct_cfg *g, int b) { return g->succ_start[b + 1] - g->succ_start[b]; }
static inline int ct_cfg_npreds(const ct_cfg *g, int b) { return g->pred_start[b + 1] - g->pred_start[b]; }

typedef struct ct_domtree {
  const ct_cfg *cfg;
  int *idom;          /* immediate dominator, -1 for the entry and unreachable blocks */
  int *rpo;           /* reachable blocks in reverse post-order */
  int nrpo;
  int *rpo_index;     /* block -> position in rpo, -1 when unreachable */
  int *child_start, *children; /* tree children in function order (CSR) */
  int *preorder;      /* tree DFS preorder (nrpo entries) */
  int *pre, *post;    /* tree DFS numbers */
  int *depth;         /* tree depth, entry 0 */
} ct_domtree;

void ct_domtree_build(ct_domtree *dt, const ct_cfg *g);
void ct_domtree_free(ct_domtree *dt);
static inline bool ct_reachable(const ct_domtree *dt, int b) { return dt->rpo_index[b] >= 0; }
/* a dominates b (reflexive). False when either is unreachable. */
bool ct_dominates(const ct_domtree *dt, int a, int b);
/* Nearest common dominator of two reachable blocks. */
int ct_nearest_common_dominator(const ct_domtree *dt, int a, int b);
#endif

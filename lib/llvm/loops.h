/* loops: natural-loop analysis for the LLVM-tier passes (the LLVM C API has no LoopInfo).
 * Algorithm: an edge t->h whose target dominates its source is a back edge; the loop of header h is
 * h plus every block that reaches a latch without passing h (backward walk); loops sharing a header
 * are one loop. Nesting: a loop's parent is the smallest other loop containing its header. A
 * retreating DFS edge whose target does not dominate its source marks the function irreducible
 * (passes then leave it alone). Loops are numbered in RPO order of their headers, so parents come
 * before children. Ownership: ct_loops_build/ct_loops_free. No knobs. */
#ifndef TILEC_LLVM_LOOPS_H
#define TILEC_LLVM_LOOPS_H
#include <stdbool.h>

#include "llvm/dominators.h"

typedef struct ct_loop {
  int header;
  int parent; /* -1 for top-level loops */
  int depth;  /* 1 for top-level loops */
  int size;   /* blocks in the loop, nested loops included */
} ct_loop;

typedef struct ct_loops {
  int nblocks, nloops;
  ct_loop *loops;
  unsigned char *member; /* nloops x nblocks */
  int *block_loop;       /* innermost loop of each block, -1 outside loops */
  bool *is_latch;        /* block is the source of a back edge */
  bool irreducible;
} ct_loops;

void ct_loops_build(ct_loops *li, const ct_domtree *dt);
void ct_loops_free(ct_loops *li);
static inline bool ct_loop_contains(const ct_loops *li, int loop, int block) {
  return loop >= 0 && li->member[(size_t)loop * (size_t)li->nblocks + (size_t)block];
}
/* Loop depth of a block (0 outside loops). */
static inline int ct_loop_depth(const ct_loops *li, int block) {
  return li->block_loop[block] < 0 ? 0 : li->loops[li->block_loop[block]].depth;
}
bool ct_is_loop_header(const ct_loops *li, int block);
#endif

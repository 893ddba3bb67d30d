/* loops: natural loops from back edges (see loops.h for the algorithm). No knobs. Part of issue 6:
 * the loop facts seeds 000 (in-loop layout, loop-exit cold paths) and 002 (loop-header skip, never
 * sink out of a loop) rely on. */
#include "llvm/loops.h"

#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) abort();
  return p;
}

void ct_loops_build(ct_loops *li, const ct_domtree *dt) {
  const ct_cfg *g = dt->cfg;
  int n = g->n;
  memset(li, 0, sizeof *li);
  li->nblocks = n;
  li->block_loop = xcalloc((size_t)n, sizeof(int));
  li->is_latch = xcalloc((size_t)n, sizeof(bool));
  for (int b = 0; b < n; b++) li->block_loop[b] = -1;
  /* headers in RPO order */
  int *header_loop = xcalloc((size_t)n, sizeof(int));
  for (int b = 0; b < n; b++) header_loop[b] = -1;
  for (int i = 0; i < dt->nrpo; i++) {
    int h = dt->rpo[i];
    for (int e = g->pred_start[h]; e < g->pred_start[h + 1]; e++) {
      int t = g->preds[e];
      if (ct_reachable(dt, t) && ct_dominates(dt, h, t)) {
        if (header_loop[h] < 0) header_loop[h] = li->nloops++;
        li->is_latch[t] = true;
      }
    }
  }
  li->loops = xcalloc((size_t)li->nloops, sizeof(ct_loop));
  li->member = xcalloc((size_t)li->nloops * (size_t)n, 1);
  int *work = xcalloc((size_t)n, sizeof(int));
  for (int h = 0; h < n; h++) {
    int l = header_loop[h];
    if (l < 0) continue;
    unsigned char *m = li->member + (size_t)l * (size_t)n;
    li->loops[l].header = h;
    m[h] = 1;
    int sp = 0;
    for (int e = g->pred_start[h]; e < g->pred_start[h + 1]; e++) {
      int t = g->preds[e];
      if (ct_reachable(dt, t) && ct_dominates(dt, h, t) && !m[t]) {
        m[t] = 1;
        work[sp++] = t;
      }
    }
    while (sp) {
      int b = work[--sp];
      for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
        int p = g->preds[e];
        if (ct_reachable(dt, p) && !m[p]) {
          m[p] = 1;
          work[sp++] = p;
        }
      }
    }
    for (int b = 0; b < n; b++) li->loops[l].size += m[b];
  }
  /* nesting: parent = smallest other loop containing the header */
  for (int l = 0; l < li->nloops; l++) {
    int best = -1;
    for (int k = 0; k < li->nloops; k++)
      if (k != l && ct_loop_contains(li, k, li->loops[l].header) &&
          (best < 0 || li->loops[k].size < li->loops[best].size))
        best = k;
    li->loops[l].parent = best;
  }
  for (int l = 0; l < li->nloops; l++) { /* parents come first in RPO-of-header order */
    int d = 1;
    for (int p = li->loops[l].parent; p >= 0; p = li->loops[p].parent) d++;
    li->loops[l].depth = d;
  }
  for (int b = 0; b < n; b++)
    for (int l = 0; l < li->nloops; l++)
      if (ct_loop_contains(li, l, b) &&
          (li->block_loop[b] < 0 || li->loops[l].size < li->loops[li->block_loop[b]].size))
        li->block_loop[b] = l;
  /* irreducibility: a retreating DFS edge whose target does not dominate its source */
  int *stack = xcalloc((size_t)n, sizeof(int)), *next = xcalloc((size_t)n, sizeof(int));
  char *state = xcalloc((size_t)n, 1); /* 0 new, 1 on stack, 2 done */
  int sp = 0;
  if (n) {
    stack[sp++] = 0;
    state[0] = 1;
  }
  while (sp) {
    int b = stack[sp - 1];
    if (next[b] < ct_cfg_nsuccs(g, b)) {
      int s = g->succs[g->succ_start[b] + next[b]++];
      if (state[s] == 1 && !ct_dominates(dt, s, b)) li->irreducible = true;
      if (state[s] == 0) {
        state[s] = 1;
        stack[sp++] = s;
      }
    } else {
      state[b] = 2;
      sp--;
    }
  }
  free(stack);
  free(next);
  free(state);
  free(work);
  free(header_loop);
}

void ct_loops_free(ct_loops *li) {
  free(li->loops);
  free(li->member);
  free(li->block_loop);
  free(li->is_latch);
  memset(li, 0, sizeof *li);
}

bool ct_is_loop_header(const ct_loops *li, int block) {
  for (int l = 0; l < li->nloops; l++)
    if (li->loops[l].header == block) return true;
  return false;
}

/* dominators: CFG + dominator tree of an LLVM function (see dominators.h). Algorithm: successor
 * lists from the terminators (duplicates removed), predecessor lists by inversion, an iterative DFS
 * for reverse post-order, Cooper-Harvey-Kennedy "A Simple, Fast Dominance Algorithm" iterated to a
 * fixpoint, then an iterative DFS of the tree for pre/post numbers. No knobs. Part of issue 6 (the
 * analyses the seed passes 000/002 need and the C API lacks). */
#include "llvm/dominators.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz);
  if (!p) abort();
  return p;
}

static unsigned hash_ptr(const void *p, int cap) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  return (unsigned)(x & (uintptr_t)(cap - 1));
}

int ct_cfg_index(const ct_cfg *g, LLVMBasicBlockRef bb) {
  for (unsigned h = hash_ptr(bb, g->hcap);; h = (h + 1) & (unsigned)(g->hcap - 1)) {
    if (g->hkeys[h] == bb) return g->hvals[h];
    if (!g->hkeys[h]) return -1;
  }
}

void ct_cfg_build(ct_cfg *g, LLVMValueRef fn) {
  memset(g, 0, sizeof *g);
  g->fn = fn;
  g->n = (int)LLVMCountBasicBlocks(fn);
  int n = g->n;
  g->blocks = xcalloc((size_t)n, sizeof *g->blocks);
  LLVMGetBasicBlocks(fn, g->blocks);
  g->hcap = 16;
  while (g->hcap < 2 * n + 2) g->hcap *= 2;
  g->hkeys = xcalloc((size_t)g->hcap, sizeof *g->hkeys);
  g->hvals = xcalloc((size_t)g->hcap, sizeof *g->hvals);
  for (int i = 0; i < n; i++) {
    unsigned h = hash_ptr(g->blocks[i], g->hcap);
    while (g->hkeys[h]) h = (h + 1) & (unsigned)(g->hcap - 1);
    g->hkeys[h] = g->blocks[i];
    g->hvals[h] = i;
  }
  /* successors */
  int total = 0;
  for (int i = 0; i < n; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[i]);
    if (t) total += (int)LLVMGetNumSuccessors(t);
  }
  g->succ_start = xcalloc((size_t)n + 1, sizeof(int));
  g->succs = xcalloc((size_t)total, sizeof(int));
  int k = 0;
  for (int i = 0; i < n; i++) {
    g->succ_start[i] = k;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->blocks[i]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      int j = ct_cfg_index(g, LLVMGetSuccessor(t, s));
      if (j < 0) continue;
      bool dup = false;
      for (int q = g->succ_start[i]; q < k; q++) dup |= g->succs[q] == j;
      if (!dup) g->succs[k++] = j;
    }
  }
  g->succ_start[n] = k;
  /* predecessors, in function order of the predecessor */
  int *count = xcalloc((size_t)n + 1, sizeof(int));
  for (int e = 0; e < k; e++) count[g->succs[e]]++;
  g->pred_start = xcalloc((size_t)n + 1, sizeof(int));
  for (int i = 0; i < n; i++) g->pred_start[i + 1] = g->pred_start[i] + count[i];
  g->preds = xcalloc((size_t)k, sizeof(int));
  memset(count, 0, sizeof(int) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    for (int e = g->succ_start[i]; e < g->succ_start[i + 1]; e++) {
      int j = g->succs[e];
      g->preds[g->pred_start[j] + count[j]++] = i;
    }
  free(count);
}

void ct_cfg_free(ct_cfg *g) {
  free(g->blocks);
  free(g->succ_start);
  free(g->succs);
  free(g->pred_start);
  free(g->preds);
  free(g->hkeys);
  free(g->hvals);
  memset(g, 0, sizeof *g);
}

static int intersect(const ct_domtree *dt, int a, int b) {
  while (a != b) {
    while (dt->rpo_index[a] > dt->rpo_index[b]) a = dt->idom[a];
    while (dt->rpo_index[b] > dt->rpo_index[a]) b = dt->idom[b];
  }
  return a;
}

void ct_domtree_build(ct_domtree *dt, const ct_cfg *g) {
  memset(dt, 0, sizeof *dt);
  dt->cfg = g;
  int n = g->n;
  dt->idom = xcalloc((size_t)n, sizeof(int));
  dt->rpo = xcalloc((size_t)n, sizeof(int));
  dt->rpo_index = xcalloc((size_t)n, sizeof(int));
  dt->child_start = xcalloc((size_t)n + 1, sizeof(int));
  dt->children = xcalloc((size_t)n, sizeof(int));
  dt->preorder = xcalloc((size_t)n, sizeof(int));
  dt->pre = xcalloc((size_t)n, sizeof(int));
  dt->post = xcalloc((size_t)n, sizeof(int));
  dt->depth = xcalloc((size_t)n, sizeof(int));
  for (int i = 0; i < n; i++) dt->idom[i] = dt->rpo_index[i] = dt->pre[i] = dt->post[i] = -1;
  if (n == 0) return;
  /* iterative DFS post-order from the entry (successors visited in order) */
  int *stack = xcalloc((size_t)n, sizeof(int)), *next = xcalloc((size_t)n, sizeof(int));
  char *seen = xcalloc((size_t)n, 1);
  int *post = xcalloc((size_t)n, sizeof(int));
  int sp = 0, np = 0;
  stack[sp++] = 0;
  seen[0] = 1;
  while (sp) {
    int b = stack[sp - 1];
    if (next[b] < ct_cfg_nsuccs(g, b)) {
      int s = g->succs[g->succ_start[b] + next[b]++];
      if (!seen[s]) {
        seen[s] = 1;
        stack[sp++] = s;
      }
    } else {
      post[np++] = b;
      sp--;
    }
  }
  dt->nrpo = np;
  for (int i = 0; i < np; i++) {
    dt->rpo[i] = post[np - 1 - i];
    dt->rpo_index[dt->rpo[i]] = i;
  }
  /* Cooper-Harvey-Kennedy */
  dt->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 1; i < np; i++) {
      int b = dt->rpo[i], nd = -1;
      for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
        int p = g->preds[e];
        if (dt->rpo_index[p] < 0 || dt->idom[p] < 0) continue;
        nd = nd < 0 ? p : intersect(dt, p, nd);
      }
      if (nd != dt->idom[b]) {
        dt->idom[b] = nd;
        changed = true;
      }
    }
  }
  dt->idom[0] = -1;
  /* children lists in function order */
  int *count = xcalloc((size_t)n + 1, sizeof(int));
  for (int b = 0; b < n; b++)
    if (dt->idom[b] >= 0) count[dt->idom[b]]++;
  for (int b = 0; b < n; b++) dt->child_start[b + 1] = dt->child_start[b] + count[b];
  memset(count, 0, sizeof(int) * (size_t)(n + 1));
  for (int b = 0; b < n; b++)
    if (dt->idom[b] >= 0) dt->children[dt->child_start[dt->idom[b]] + count[dt->idom[b]]++] = b;
  free(count);
  /* tree DFS numbering */
  memset(next, 0, sizeof(int) * (size_t)n);
  int clock = 0, npre = 0;
  sp = 0;
  stack[sp++] = 0;
  dt->pre[0] = clock++;
  dt->preorder[npre++] = 0;
  while (sp) {
    int b = stack[sp - 1];
    int nc = dt->child_start[b + 1] - dt->child_start[b];
    if (next[b] < nc) {
      int c = dt->children[dt->child_start[b] + next[b]++];
      dt->pre[c] = clock++;
      dt->depth[c] = dt->depth[b] + 1;
      dt->preorder[npre++] = c;
      stack[sp++] = c;
    } else {
      dt->post[b] = clock++;
      sp--;
    }
  }
  free(stack);
  free(next);
  free(seen);
  free(post);
}

void ct_domtree_free(ct_domtree *dt) {
  free(dt->idom);
  free(dt->rpo);
  free(dt->rpo_index);
  free(dt->child_start);
  free(dt->children);
  free(dt->preorder);
  free(dt->pre);
  free(dt->post);
  free(dt->depth);
  memset(dt, 0, sizeof *dt);
}

bool ct_dominates(const ct_domtree *dt, int a, int b) {
  if (dt->pre[a] < 0 || dt->pre[b] < 0) return false;
  return dt->pre[a] <= dt->pre[b] && dt->post[b] <= dt->post[a];
}

int ct_nearest_common_dominator(const ct_domtree *dt, int a, int b) {
  while (!ct_dominates(dt, a, b)) a = dt->idom[a];
  return a;
}

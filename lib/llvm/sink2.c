/* sink2: Sinking2, texture-aware fixpoint code sinking (seed 002_cb25938107fecd19, "Sinking2").
 *
 * Algorithm (per function with a body, reducible CFG only):
 *   repeat (a round) until a round moves nothing, the sink limit is reached, or 64 rounds:
 *     worklist = for BB in dominator-tree DFS preorder, skipping loop headers:
 *                  BB's instructions bottom-up (snapshot taken at the start of the round, so an
 *                  instruction sunk into a block later in the order waits for the next round —
 *                  the fixpoint "exposes" the next sink)
 *     for I in worklist (stop when sink-limit moves were made in this function):
 *       skip side effects (stores, calls that write or may not return, volatile/atomic, convergent,
 *       barriers), PHIs, terminators, allocas, unused values;
 *       target T = nearest common dominator of the uses (a PHI use counts in its incoming block);
 *       cross-block when T != BB (I has no use in BB: "outside-only"):
 *         never out of a loop: T must stay inside BB's innermost loop;
 *         into a deeper loop: only pure instructions, and T itself must hold a non-coherent
 *           (texture / ld.global.nc) read — the seed's texture-fetch case; plain global accesses
 *           in loops measured worse (ptxas re-hoists and needs more registers);
 *         at levels 1-2, T must contain a texture-class access or dominate a block that does
 *           (profitability); level 3 drops that rule for targets in the same loop depth (pure
 *           live-range shortening of outside-only values);
 *         register guard: at most one operand may get a longer live range (arguments and
 *           constants are free, operands used at/below the target or in its loop already live);
 *         memory reads never sink into a loop (they would execute every iteration);
 *         reads: no conflicting access (tier_memory.h rules: barriers/fences/ordered atomics block
 *           every read, writes block per address space and underlying object) on any block of
 *           a path BB -> T (the rest of BB, every block reachable from BB that reaches T);
 *         move I before T's first non-PHI instruction;
 *       intra-block (level >= 2) when every use is in BB and I is address arithmetic (GEP, cast,
 *         integer op) feeding the pointer of a texture-class access of BB: move I to just before
 *         its first user when an unrelated instruction sits between.
 *   Fast mode (the post-peephole position) runs a single round.
 * Knobs: --sink-into-texture=0..3 (0 = pass off), --sink-limit=N (moves per function per run),
 *        --dump-sink2 (decisions on the dump stream), --disable-sink2. */
#include <stdlib.h>
#include <string.h>

#include "llvm/dominators.h"
#include "llvm/loops.h"
#include "llvm/tier.h"
#include "llvm/tier_memory.h"

#define SINK2_MAX_ROUNDS 64
#define SINK2_CHAIN_DEPTH 8

typedef struct sink2_state {
  LLVMValueRef fn;
  ct_cfg cfg;
  ct_domtree dt;
  ct_loops loops;
  bool *has_tex; /* block holds a texture-class access */
  bool *dom_tex; /* block dominates a block holding one */
  bool *has_nc;  /* block holds a non-coherent (ld.global.nc / tex) read: loop sinks need one */
  int *mark;     /* path computation scratch */
  int *stack;
  const ct_llvm_tier_options *o;
  FILE *dump;
  const char *position;
  int sinks, round;
  LLVMBuilderRef builder;
} sink2_state;

static const char *fn_name(LLVMValueRef fn) {
  size_t len;
  return LLVMGetValueName2(fn, &len);
}

static void print_value(FILE *f, LLVMValueRef v) {
  size_t len;
  const char *n = LLVMGetValueName2(v, &len);
  if (len) {
    fprintf(f, "%%%s", n);
    return;
  }
  char *s = LLVMPrintValueToString(v);
  const char *p = s;
  while (*p == ' ') p++;
  const char *eq = strstr(p, " = ");
  fprintf(f, "%.*s", eq ? (int)(eq - p) : (int)strlen(p), p);
  LLVMDisposeMessage(s);
}

static void print_block(FILE *f, const sink2_state *s, int b) {
  const char *n = LLVMGetBasicBlockName(s->cfg.blocks[b]);
  if (n && *n)
    fprintf(f, "%%%s", n);
  else
    fprintf(f, "#%d", b);
}

static void dump_line(sink2_state *s, LLVMValueRef inst, const char *what, int from, int to, const char *why) {
  if (!s->dump || !s->o->dump_sink2) return;
  fprintf(s->dump, "sink2[%s] @%s round %d: %s ", s->position, fn_name(s->fn), s->round, what);
  print_value(s->dump, inst);
  if (from >= 0) {
    fputs(" from ", s->dump);
    print_block(s->dump, s, from);
  }
  if (to >= 0) {
    fputs(" to ", s->dump);
    print_block(s->dump, s, to);
  }
  if (why) fprintf(s->dump, ": %s", why);
  fputc('\n', s->dump);
}

static bool block_has_access(LLVMBasicBlockRef bb, bool noncoherent_only) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    ct_mem_access m;
    ct_mem_classify(i, &m);
    if (noncoherent_only ? m.noncoherent : m.texture_class) return true;
  }
  return false;
}

static void mark_texture_blocks(sink2_state *s) {
  int n = s->cfg.n;
  memset(s->dom_tex, 0, sizeof(bool) * (size_t)n);
  for (int b = 0; b < n; b++) {
    s->has_tex[b] = ct_reachable(&s->dt, b) && block_has_access(s->cfg.blocks[b], false);
    s->has_nc[b] = s->has_tex[b] && block_has_access(s->cfg.blocks[b], true);
    if (!s->has_tex[b]) continue;
    for (int d = b; d >= 0 && !s->dom_tex[d]; d = s->dt.idom[d]) s->dom_tex[d] = true;
  }
}

static void note_texture_block(sink2_state *s, int b) {
  s->has_tex[b] = true;
  for (int d = b; d >= 0; d = s->dt.idom[d]) s->dom_tex[d] = true;
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i;
}

/* Is the instruction a candidate at all? Loads and read-only calls are; writes are not. */
static bool sinkable(LLVMValueRef inst, ct_mem_access *m) {
  if (ct_has_side_effects(inst)) return false;
  ct_mem_classify(inst, m);
  return m->kind == CT_MEM_NONE || m->kind == CT_MEM_READ;
}

/* Collect the use blocks of inst. Returns false when a user is not an instruction of a reachable
 * block. *uses_here: some use is in `home`. */
static bool use_blocks_lcd(sink2_state *s, LLVMValueRef inst, int home, int *lcd, bool *uses_here, bool *phi_user) {
  *lcd = -1;
  *uses_here = *phi_user = false;
  for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) return false;
    int ub;
    if (LLVMIsAPHINode(user)) {
      *phi_user = true;
      unsigned n = LLVMCountIncoming(user);
      for (unsigned k = 0; k < n; k++) {
        if (LLVMGetIncomingValue(user, k) != inst) continue;
        ub = ct_cfg_index(&s->cfg, LLVMGetIncomingBlock(user, k));
        if (ub < 0 || !ct_reachable(&s->dt, ub)) return false;
        if (ub == home) *uses_here = true;
        *lcd = *lcd < 0 ? ub : ct_nearest_common_dominator(&s->dt, *lcd, ub);
      }
      continue;
    }
    ub = ct_cfg_index(&s->cfg, LLVMGetInstructionParent(user));
    if (ub < 0 || !ct_reachable(&s->dt, ub)) return false;
    if (ub == home) *uses_here = true;
    *lcd = *lcd < 0 ? ub : ct_nearest_common_dominator(&s->dt, *lcd, ub);
  }
  return *lcd >= 0;
}

/* Check one instruction against the read being moved; records the blocker for the dump. */
static bool conflicts(const ct_mem_access *read, LLVMValueRef other, LLVMValueRef *blocker) {
  ct_mem_access m;
  ct_mem_classify(other, &m);
  if (ct_read_conflicts_with(read, &m)) {
    *blocker = other;
    return true;
  }
  return false;
}

/* Blocks on a path from `from` (after inst) to the top of `to`: reachable from from's successors
 * and reaching `to` through at least one edge. */
static bool path_is_clear(sink2_state *s, LLVMValueRef inst, const ct_mem_access *read, int from, int to,
                          LLVMValueRef *blocker) {
  int n = s->cfg.n;
  for (LLVMValueRef j = LLVMGetNextInstruction(inst); j; j = LLVMGetNextInstruction(j))
    if (conflicts(read, j, blocker)) return false;
  /* forward from the successors of `from`: bit 1 */
  memset(s->mark, 0, sizeof(int) * (size_t)n);
  int sp = 0;
  for (int e = s->cfg.succ_start[from]; e < s->cfg.succ_start[from + 1]; e++) {
    int x = s->cfg.succs[e];
    if (!(s->mark[x] & 1)) {
      s->mark[x] |= 1;
      s->stack[sp++] = x;
    }
  }
  while (sp) {
    int b = s->stack[--sp];
    for (int e = s->cfg.succ_start[b]; e < s->cfg.succ_start[b + 1]; e++) {
      int x = s->cfg.succs[e];
      if (!(s->mark[x] & 1)) {
        s->mark[x] |= 1;
        s->stack[sp++] = x;
      }
    }
  }
  /* backward from the predecessors of `to`: bit 2 */
  for (int e = s->cfg.pred_start[to]; e < s->cfg.pred_start[to + 1]; e++) {
    int x = s->cfg.preds[e];
    if (!(s->mark[x] & 2)) {
      s->mark[x] |= 2;
      s->stack[sp++] = x;
    }
  }
  while (sp) {
    int b = s->stack[--sp];
    for (int e = s->cfg.pred_start[b]; e < s->cfg.pred_start[b + 1]; e++) {
      int x = s->cfg.preds[e];
      if (!(s->mark[x] & 2)) {
        s->mark[x] |= 2;
        s->stack[sp++] = x;
      }
    }
  }
  for (int b = 0; b < n; b++) {
    if (s->mark[b] != 3) continue;
    for (LLVMValueRef j = LLVMGetFirstInstruction(s->cfg.blocks[b]); j; j = LLVMGetNextInstruction(j))
      if (j != inst && conflicts(read, j, blocker)) return false;
  }
  return true;
}

/* Move inst before `before`, keeping its name. */
static void move_before(sink2_state *s, LLVMValueRef inst, LLVMValueRef before) {
  size_t len;
  const char *n = LLVMGetValueName2(inst, &len);
  char *name = malloc(len + 1);
  if (!name) abort();
  memcpy(name, n, len);
  name[len] = '\0';
  LLVMInstructionRemoveFromParent(inst);
  LLVMPositionBuilderBefore(s->builder, before);
  LLVMInsertIntoBuilderWithName(s->builder, inst, name);
  free(name);
}

/* Register-pressure guard: how many operands of inst would become live down to `target` only
 * because inst moved there? Constants, globals and arguments (kernel parameters are constant-bank
 * operands in PTX/SASS) are free; an instruction operand is already live at the target when it has
 * another use in a block the target dominates, or anywhere in the target's loop when the target is
 * in a loop (a value defined outside a loop and used in it is live through the whole loop). */
static int extended_operands(sink2_state *s, LLVMValueRef inst, int target) {
  int count = 0, n = LLVMGetNumOperands(inst);
  int tloop = s->loops.block_loop[target];
  for (int k = 0; k < n; k++) {
    LLVMValueRef op = LLVMGetOperand(inst, k);
    if (!LLVMIsAInstruction(op)) continue;
    bool repeated = false;
    for (int q = 0; q < k && !repeated; q++) repeated = LLVMGetOperand(inst, q) == op;
    if (repeated) continue;
    bool live = false;
    for (LLVMUseRef u = LLVMGetFirstUse(op); u && !live; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (user == inst || !LLVMIsAInstruction(user)) continue;
      int ub = ct_cfg_index(&s->cfg, LLVMGetInstructionParent(user));
      if (ub < 0) continue;
      live = ct_dominates(&s->dt, target, ub) || (tloop >= 0 && ct_loop_contains(&s->loops, tloop, ub));
    }
    count += !live;
  }
  return count;
}

static bool try_cross_block(sink2_state *s, LLVMValueRef inst, int home, const ct_mem_access *m) {
  int target;
  bool uses_here, phi_user;
  if (!use_blocks_lcd(s, inst, home, &target, &uses_here, &phi_user)) return false;
  if (uses_here || target == home) return false;
  int home_loop = s->loops.block_loop[home];
  if (home_loop >= 0 && !ct_loop_contains(&s->loops, home_loop, target)) {
    dump_line(s, inst, "keep", home, target, "never sinks out of a loop");
    return false;
  }
  bool into_loop = ct_loop_depth(&s->loops, target) > ct_loop_depth(&s->loops, home);
  bool texture_target = s->has_tex[target] || s->dom_tex[target];
  if (into_loop && !s->has_nc[target]) {
    dump_line(s, inst, "keep", home, target, "no non-coherent (texture) read in the loop target");
    return false;
  }
  if (s->o->sink_into_texture < 3 && !texture_target) {
    dump_line(s, inst, "keep", home, target, "target holds no texture-class access");
    return false;
  }
  if (into_loop && m->kind != CT_MEM_NONE) {
    dump_line(s, inst, "keep", home, target, "memory reads are not sunk into loops");
    return false;
  }
  int extended = extended_operands(s, inst, target);
  if (extended > 1) {
    dump_line(s, inst, "keep", home, target, "would extend more than one operand live range");
    return false;
  }
  LLVMValueRef before = first_non_phi(s->cfg.blocks[target]);
  if (!before || LLVMIsALandingPadInst(before) || LLVMIsAFuncletPadInst(before)) return false;
  if (m->kind == CT_MEM_READ) {
    LLVMValueRef blocker = NULL;
    if (!path_is_clear(s, inst, m, home, target, &blocker)) {
      if (s->dump && s->o->dump_sink2) {
        dump_line(s, inst, "keep", home, target, NULL);
        fputs("  blocked by:", s->dump);
        char *t = LLVMPrintValueToString(blocker);
        fprintf(s->dump, "%s\n", t);
        LLVMDisposeMessage(t);
      }
      return false;
    }
  }
  move_before(s, inst, before);
  if (m->texture_class) note_texture_block(s, target);
  dump_line(s, inst, "sink", home, target, into_loop ? "into loop" : NULL);
  return true;
}

/* Is v an address computation feeding (within `bb`, through at most SINK2_CHAIN_DEPTH GEP/cast/
 * integer steps) the pointer operand of a texture-class access? Stored values are not addresses. */
static bool is_pointer_operand(LLVMValueRef mem, LLVMValueRef v) {
  ct_mem_access m;
  ct_mem_classify(mem, &m);
  if (!m.texture_class) return false;
  if (m.ptr) return m.ptr == v;
  /* intrinsic texture/surface calls: every non-value operand is a coordinate/handle */
  return LLVMGetInstructionOpcode(mem) == LLVMCall;
}

static bool is_address_arith(LLVMValueRef inst) {
  if (LLVMIsAGetElementPtrInst(inst) || LLVMIsACastInst(inst)) return true;
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(inst));
  return LLVMIsABinaryOperator(inst) && k == LLVMIntegerTypeKind;
}

static bool feeds_texture_access(LLVMValueRef inst, LLVMBasicBlockRef bb, int depth) {
  if (!is_address_arith(inst)) return false;
  for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != bb) continue;
    if (is_pointer_operand(user, inst)) return true;
    if (depth > 0 && feeds_texture_access(user, bb, depth - 1)) return true;
  }
  return false;
}

/* Does `user` depend on `v` through instructions that lie in (lo, user)? */
static bool depends_within(LLVMValueRef user, LLVMValueRef v, LLVMBasicBlockRef bb, int depth) {
  int n = LLVMGetNumOperands(user);
  for (int k = 0; k < n; k++) {
    LLVMValueRef op = LLVMGetOperand(user, k);
    if (op == v) return true;
    if (depth > 0 && LLVMIsAInstruction(op) && LLVMGetInstructionParent(op) == bb && depends_within(op, v, bb, depth - 1))
      return true;
  }
  return false;
}

static bool try_intra_block(sink2_state *s, LLVMValueRef inst, int home, const ct_mem_access *m) {
  LLVMBasicBlockRef bb = s->cfg.blocks[home];
  for (LLVMUseRef u = LLVMGetFirstUse(inst); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMIsAPHINode(user) || LLVMGetInstructionParent(user) != bb) return false;
  }
  if (!LLVMGetFirstUse(inst) || !feeds_texture_access(inst, bb, SINK2_CHAIN_DEPTH)) return false;
  /* first user, and whether an unrelated instruction lies before it */
  LLVMValueRef first = NULL;
  bool unrelated = false;
  for (LLVMValueRef j = LLVMGetNextInstruction(inst); j; j = LLVMGetNextInstruction(j)) {
    bool uses = false;
    int n = LLVMGetNumOperands(j);
    for (int k = 0; k < n && !uses; k++) uses = LLVMGetOperand(j, k) == inst;
    if (uses) {
      first = j;
      break;
    }
  }
  if (!first) return false;
  for (LLVMValueRef j = LLVMGetNextInstruction(inst); j != first; j = LLVMGetNextInstruction(j))
    if (!depends_within(first, j, bb, SINK2_CHAIN_DEPTH)) unrelated = true;
  if (!unrelated) return false;
  if (m->kind == CT_MEM_READ)
    for (LLVMValueRef j = LLVMGetNextInstruction(inst); j != first; j = LLVMGetNextInstruction(j)) {
      LLVMValueRef blocker;
      if (conflicts(m, j, &blocker)) return false;
    }
  move_before(s, inst, first);
  dump_line(s, inst, "reorder", home, -1, "next to its texture-class use");
  return true;
}

int ct_sink2_run(LLVMValueRef fn, const ct_llvm_tier_options *o, bool fast_mode, const char *position, FILE *dump) {
  if (!o->sink2 || o->sink_into_texture <= 0 || o->sink_limit <= 0 || !LLVMGetFirstBasicBlock(fn)) return 0;
  sink2_state s;
  memset(&s, 0, sizeof s);
  s.fn = fn;
  s.o = o;
  s.dump = dump;
  s.position = position;
  ct_cfg_build(&s.cfg, fn);
  ct_domtree_build(&s.dt, &s.cfg);
  ct_loops_build(&s.loops, &s.dt);
  int n = s.cfg.n;
  if (s.loops.irreducible) {
    if (dump && o->dump_sink2) fprintf(dump, "sink2[%s] @%s: irreducible control flow, skipped\n", position, fn_name(fn));
    goto done;
  }
  s.has_tex = calloc((size_t)n, sizeof(bool));
  s.dom_tex = calloc((size_t)n, sizeof(bool));
  s.has_nc = calloc((size_t)n, sizeof(bool));
  s.mark = calloc((size_t)n, sizeof(int));
  s.stack = calloc((size_t)n * 2 + 1, sizeof(int));
  if (!s.has_tex || !s.dom_tex || !s.has_nc || !s.mark || !s.stack) abort();
  s.builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn)));
  int max_rounds = fast_mode ? 1 : SINK2_MAX_ROUNDS;
  bool limit_hit = false;
  for (s.round = 1; s.round <= max_rounds && !limit_hit; s.round++) {
    mark_texture_blocks(&s);
    /* worklist snapshot: (instruction, block) in domtree preorder, bottom-up */
    size_t cap = 64, len = 0;
    LLVMValueRef *items = malloc(cap * sizeof *items);
    int *homes = malloc(cap * sizeof *homes);
    if (!items || !homes) abort();
    for (int k = 0; k < s.dt.nrpo; k++) {
      int b = s.dt.preorder[k];
      if (ct_is_loop_header(&s.loops, b)) continue;
      for (LLVMValueRef i = LLVMGetLastInstruction(s.cfg.blocks[b]); i; i = LLVMGetPreviousInstruction(i)) {
        if (LLVMIsATerminatorInst(i) || LLVMIsAPHINode(i)) continue;
        if (len == cap) {
          cap *= 2;
          items = realloc(items, cap * sizeof *items);
          homes = realloc(homes, cap * sizeof *homes);
          if (!items || !homes) abort();
        }
        items[len] = i;
        homes[len++] = b;
      }
    }
    bool changed = false;
    for (size_t k = 0; k < len; k++) {
      if (s.sinks >= o->sink_limit) {
        limit_hit = true;
        if (dump && o->dump_sink2)
          fprintf(dump, "sink2[%s] @%s round %d: sink-limit %d reached\n", position, fn_name(fn), s.round, o->sink_limit);
        break;
      }
      LLVMValueRef inst = items[k];
      ct_mem_access m;
      if (!LLVMGetFirstUse(inst) || !sinkable(inst, &m)) continue;
      if (try_cross_block(&s, inst, homes[k], &m) ||
          (o->sink_into_texture >= 2 && try_intra_block(&s, inst, homes[k], &m))) {
        s.sinks++;
        changed = true;
      }
    }
    free(items);
    free(homes);
    if (!changed) break;
  }
  LLVMDisposeBuilder(s.builder);
done:
  free(s.has_tex);
  free(s.dom_tex);
  free(s.has_nc);
  free(s.mark);
  free(s.stack);
  ct_loops_free(&s.loops);
  ct_domtree_free(&s.dt);
  ct_cfg_free(&s.cfg);
  return s.sinks;
}

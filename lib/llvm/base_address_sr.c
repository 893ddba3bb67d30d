/* base_address_sr: base-address strength reduction (BASR) at the LLVM tier (seed 001
 * "Performance-Critical Tunables": --do-base-address-strength-reduce 0..4 default 4,
 * --max-chain-length default 64, --scev-cgp-inst-limit default 500; the seed gives the knobs, the
 * levels below are tilec's definition, docs/llvm-tier.md).
 *
 * Several addresses `gep T, %base, (%x + C_k)` that differ only by constants each cost a 64-bit
 * add chain (and keep %base and %x live). BASR keeps one of them as the anchor and rewrites the
 * others as `gep i8, %anchor, (C_k - C_anchor) * sizeof(T)`, which the NVPTX backend folds into the
 * [reg+imm] addressing mode: one live 64-bit base instead of many.
 *
 * Algorithm (per function): if the function has more than --scev-cgp-inst-limit instructions, skip
 * it. Walk blocks in reverse post-order, instructions in order; decompose every single-index GEP
 * with a sized source element type into (base, element size, root index value, extension, C):
 *   index = root + C through `add` / `sub` by a constant (`or disjoint` too), where the GEP's implicit
 *   sign extension of a narrow index needs `nsw`; constant indices are left alone (already
 *   base + immediate); level >= 3 also
 *   looks through explicit `sext` (of add nsw) and `zext` (of add nuw) to the pointer width.
 * GEPs with the same key form a group; each group member either rebases on an earlier member of
 * the group (the anchor) that dominates it — level 1: same block, level 2: any dominating block in
 * the same innermost loop, level 4: also an anchor in an enclosing loop or outside loops — and
 * whose chain holds fewer than --max-chain-length members, or becomes an anchor itself. A member
 * equal to its anchor (same C) is replaced by it. Rewritten GEPs keep `inbounds` only when both
 * the member and the anchor had it.
 * Knobs: --do-base-address-strength-reduce=0..4 (--disable-base-address-sr = 0),
 *        --max-chain-length=N, --scev-cgp-inst-limit=N, --dump-base-address-sr. */
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#include "llvm/dominators.h"
#include "llvm/loops.h"
#include "llvm/tier.h"

typedef enum { EXT_NONE, EXT_SEXT, EXT_ZEXT } ext_kind;

typedef struct basr_member {
  LLVMValueRef gep;
  LLVMValueRef base, root;
  uint64_t elem_size;
  ext_kind ext;
  int64_t c;
  int block;
  int anchor;      /* index of its anchor member, -1 when it is an anchor */
  int chain_count; /* for anchors: members rebased on it */
} basr_member;

/* Dump name of a value: "%name", or its slot ("%12") when it has no name. */
static void print_ref(FILE *f, LLVMValueRef v) {
  size_t len;
  const char *n = LLVMGetValueName2(v, &len);
  if (len) {
    fprintf(f, "%%%.*s", (int)len, n);
    return;
  }
  char *t = LLVMPrintValueToString(v);
  const char *p = t;
  while (*p == ' ') p++;
  const char *eq = strstr(p, " = ");
  fprintf(f, "%.*s", eq ? (int)(eq - p) : (int)strlen(p), p);
  LLVMDisposeMessage(t);
}

static bool const_int(LLVMValueRef v, int64_t *out) {
  if (!LLVMIsAConstantInt(v)) return false;
  *out = LLVMConstIntGetSExtValue(v);
  return true;
}

/* index = root + c, root computed in `bits` wide arithmetic; need_nsw/need_nuw: the add must not wrap
 * in that sense for the decomposition to survive extension. */
static bool split_add(LLVMValueRef idx, bool need_nsw, bool need_nuw, LLVMValueRef *root, int64_t *c) {
  if (!LLVMIsAInstruction(idx)) return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(idx);
  if (op != LLVMAdd && op != LLVMSub && op != LLVMOr) return false;
  if (op == LLVMOr) {
    if (!LLVMGetIsDisjoint(idx)) return false;
  } else {
    if (need_nsw && !LLVMGetNSW(idx)) return false;
    if (need_nuw && !LLVMGetNUW(idx)) return false;
  }
  LLVMValueRef a = LLVMGetOperand(idx, 0), b = LLVMGetOperand(idx, 1);
  int64_t k;
  if (const_int(b, &k)) {
    *root = a;
    *c = op == LLVMSub ? -k : k;
    return true;
  }
  if (op != LLVMSub && const_int(a, &k)) {
    *root = b;
    *c = k;
    return true;
  }
  return false;
}

static bool decompose(LLVMValueRef gep, LLVMTargetDataRef td, int level, basr_member *m) {
  if (LLVMGetNumOperands(gep) != 2) return false;
  LLVMTypeRef elem = LLVMGetGEPSourceElementType(gep);
  if (!LLVMTypeIsSized(elem) || LLVMGetTypeKind(elem) == LLVMScalableVectorTypeKind) return false;
  LLVMValueRef base = LLVMGetOperand(gep, 0), idx = LLVMGetOperand(gep, 1);
  LLVMTypeRef it = LLVMTypeOf(idx);
  if (LLVMGetTypeKind(it) != LLVMIntegerTypeKind || LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind)
    return false;
  unsigned ptr_bits = LLVMPointerSizeForAS(td, LLVMGetPointerAddressSpace(LLVMTypeOf(base))) * 8;
  unsigned bits = LLVMGetIntTypeWidth(it);
  if (bits > ptr_bits) return false;
  memset(m, 0, sizeof *m);
  m->gep = gep;
  m->base = base;
  m->elem_size = LLVMABISizeOfType(td, elem);
  m->anchor = -1;
  int64_t k;
  if (const_int(idx, &k)) return false; /* already base + immediate */
  m->ext = bits < ptr_bits ? EXT_SEXT : EXT_NONE; /* GEP sign-extends narrow indices */
  if (bits == ptr_bits && level >= 3 && LLVMIsAInstruction(idx) &&
      (LLVMGetInstructionOpcode(idx) == LLVMSExt || LLVMGetInstructionOpcode(idx) == LLVMZExt)) {
    bool sext = LLVMGetInstructionOpcode(idx) == LLVMSExt;
    LLVMValueRef inner = LLVMGetOperand(idx, 0);
    m->ext = sext ? EXT_SEXT : EXT_ZEXT;
    if (!split_add(inner, sext, !sext, &m->root, &m->c)) {
      m->root = inner;
      m->c = 0;
    }
    return true;
  }
  if (!split_add(idx, bits < ptr_bits, false, &m->root, &m->c)) {
    m->root = idx;
    m->c = 0;
  }
  return true;
}

static bool same_key(const basr_member *a, const basr_member *b) {
  return a->base == b->base && a->root == b->root && a->ext == b->ext && a->elem_size == b->elem_size;
}

static bool before_in_block(LLVMValueRef a, LLVMValueRef b) {
  for (LLVMValueRef i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
    if (i == b) return true;
  return false;
}

static bool anchor_usable(const ct_domtree *dt, const ct_loops *li, int level, const basr_member *a,
                          const basr_member *m) {
  if (a->block == m->block) return before_in_block(a->gep, m->gep);
  if (level < 2 || !ct_dominates(dt, a->block, m->block)) return false;
  int la = li->block_loop[a->block], lm = li->block_loop[m->block];
  if (la == lm) return true;
  /* level 4: the anchor may sit in an enclosing loop (or outside loops) of the member */
  return level >= 4 && (la < 0 || ct_loop_contains(li, la, m->block));
}

int ct_base_address_sr_run(LLVMModuleRef mod, LLVMValueRef fn, const ct_llvm_tier_options *o, FILE *dump) {
  if (o->basr_level <= 0 || !LLVMGetFirstBasicBlock(fn)) return 0;
  size_t namelen;
  const char *fname = LLVMGetValueName2(fn, &namelen);
  bool dumping = dump && o->dump_basr;
  long ninst = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) ninst++;
  if (ninst > o->scev_cgp_inst_limit) {
    if (dumping)
      fprintf(dump, "basr @%s: %ld instructions exceed --scev-cgp-inst-limit=%d, skipped\n", fname, ninst,
              o->scev_cgp_inst_limit);
    return 0;
  }
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  ct_cfg cfg;
  ct_domtree dt;
  ct_loops li;
  ct_cfg_build(&cfg, fn);
  ct_domtree_build(&dt, &cfg);
  ct_loops_build(&li, &dt);
  size_t cap = 64, n = 0;
  basr_member *ms = malloc(cap * sizeof *ms);
  if (!ms) abort();
  for (int k = 0; k < dt.nrpo; k++) {
    int b = dt.rpo[k];
    for (LLVMValueRef i = LLVMGetFirstInstruction(cfg.blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsAGetElementPtrInst(i)) continue;
      basr_member m;
      if (!decompose(i, td, o->basr_level, &m)) continue;
      m.block = b;
      if (n == cap) {
        cap *= 2;
        ms = realloc(ms, cap * sizeof *ms);
        if (!ms) abort();
      }
      ms[n++] = m;
    }
  }
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(ctx);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  LLVMValueRef *dead = calloc(n + 1, sizeof *dead);
  if (!dead) abort();
  size_t ndead = 0;
  int changes = 0;
  for (size_t j = 0; j < n; j++) {
    basr_member *m = &ms[j];
    int anchor = -1;
    for (size_t a = 0; a < j && anchor < 0; a++) {
      basr_member *c = &ms[a];
      if (c->anchor >= 0 || !same_key(c, m) || c->chain_count >= o->max_chain_length) continue;
      if (anchor_usable(&dt, &li, o->basr_level, c, m)) anchor = (int)a;
    }
    if (anchor < 0) continue; /* m starts a chain */
    basr_member *a = &ms[anchor];
    m->anchor = anchor;
    a->chain_count++;
    int64_t bytes = (m->c - a->c) * (int64_t)m->elem_size;
    size_t len;
    const char *nm = LLVMGetValueName2(m->gep, &len);
    char *name = malloc(len + 1);
    if (!name) abort();
    memcpy(name, nm, len);
    name[len] = '\0';
    if (dumping) { /* before this rewrite inserts its GEP (slots of the function as it is now) */
      fprintf(dump, "basr @%s: ", fname);
      print_ref(dump, m->gep);
      fputs(" = ", dump);
      print_ref(dump, a->gep);
      fprintf(dump, " %+lld bytes (chain %d)\n", (long long)bytes, a->chain_count);
    }
    LLVMValueRef repl = a->gep;
    if (bytes != 0) {
      LLVMPositionBuilderBefore(builder, m->gep);
      LLVMTypeRef ity = LLVMIntPtrTypeForASInContext(ctx, td, LLVMGetPointerAddressSpace(LLVMTypeOf(m->base)));
      LLVMValueRef off = LLVMConstInt(ity, (unsigned long long)bytes, true);
      bool inbounds = LLVMIsInBounds(m->gep) && LLVMIsInBounds(a->gep);
      LLVMValueRef g = inbounds ? LLVMBuildInBoundsGEP2(builder, i8, a->gep, &off, 1, "")
                                : LLVMBuildGEP2(builder, i8, a->gep, &off, 1, "");
      repl = g;
    }
    LLVMReplaceAllUsesWith(m->gep, repl);
    dead[ndead++] = m->gep;
    LLVMSetValueName2(m->gep, "", 0);
    if (repl != a->gep) LLVMSetValueName2(repl, name, len);
    free(name);
    changes++;
  }
  for (size_t k = 0; k < ndead; k++) LLVMInstructionEraseFromParent(dead[k]);
  free(dead);
  free(ms);
  LLVMDisposeBuilder(builder);
  ct_loops_free(&li);
  ct_domtree_free(&dt);
  ct_cfg_free(&cfg);
  LLVMDisposeTargetData(td);
  return changes;
}

/* tier_analysis: unit test of the LLVM-tier analyses and knobs — dominator tree (idom, dominance,
 * nearest common dominator), natural loops (headers, nesting, membership, irreducibility), option
 * parsing (defaults, ranges, unknown flags), and byte-identical output of the passes across runs.
 * Prints "N passed, N failed"; exit status 1 on any failure. */
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llvm/dominators.h"
#include "llvm/loops.h"
#include "llvm/tier.h"

static int passed, failed;
static void check(bool ok, const char *what) {
  if (ok)
    passed++;
  else {
    failed++;
    fprintf(stderr, "FAIL: %s\n", what);
  }
}

static LLVMModuleRef parse(LLVMContextRef ctx, const char *text) {
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, strlen(text), "test");
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    fprintf(stderr, "parse error: %s\n", msg);
    LLVMDisposeMessage(msg);
    exit(1);
  }
  return m;
}

static int block(const ct_cfg *g, const char *name) {
  for (int b = 0; b < g->n; b++)
    if (strcmp(LLVMGetBasicBlockName(g->blocks[b]), name) == 0) return b;
  return -1;
}

static const char *nested =
    "define void @f(i1 %c, i1 %d, i1 %e) {\n"
    "entry:\n  br label %outer\n"
    "outer:\n  br label %inner\n"
    "inner:\n  br i1 %c, label %inner, label %olatch\n"
    "olatch:\n  br i1 %d, label %outer, label %side\n"
    "side:\n  br i1 %e, label %exit, label %exit2\n"
    "exit:\n  ret void\n"
    "exit2:\n  ret void\n"
    "dead:\n  br label %exit\n"
    "}\n"
    "define void @irr(i1 %c) {\n"
    "entry:\n  br i1 %c, label %a, label %b\n"
    "a:\n  br label %b\n"
    "b:\n  br label %a\n"
    "}\n";

static void test_analyses(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse(ctx, nested);
  LLVMValueRef f = LLVMGetNamedFunction(m, "f");
  ct_cfg g;
  ct_domtree dt;
  ct_loops li;
  ct_cfg_build(&g, f);
  ct_domtree_build(&dt, &g);
  ct_loops_build(&li, &dt);
  int entry = block(&g, "entry"), outer = block(&g, "outer"), inner = block(&g, "inner"),
      olatch = block(&g, "olatch"), side = block(&g, "side"), exit = block(&g, "exit"), exit2 = block(&g, "exit2"),
      dead = block(&g, "dead");
  check(dt.idom[outer] == entry && dt.idom[inner] == outer && dt.idom[olatch] == inner, "idom chain");
  check(dt.idom[exit] == side && dt.idom[exit2] == side, "idom of exits");
  check(!ct_reachable(&dt, dead) && !ct_dominates(&dt, entry, dead), "unreachable block");
  check(ct_dominates(&dt, outer, exit) && !ct_dominates(&dt, exit, exit2), "dominates");
  check(ct_nearest_common_dominator(&dt, exit, exit2) == side, "nearest common dominator");
  check(li.nloops == 2 && !li.irreducible, "two natural loops");
  int lo = li.block_loop[outer], lin = li.block_loop[inner];
  check(lo >= 0 && lin >= 0 && lo != lin, "innermost loops");
  check(li.loops[lin].parent == lo && li.loops[lin].depth == 2 && li.loops[lo].depth == 1, "nesting");
  check(ct_loop_contains(&li, lo, inner) && ct_loop_contains(&li, lo, olatch) && !ct_loop_contains(&li, lo, side),
        "outer loop membership");
  check(ct_is_loop_header(&li, outer) && ct_is_loop_header(&li, inner) && !ct_is_loop_header(&li, olatch), "headers");
  check(li.is_latch[olatch] && li.is_latch[inner] && ct_loop_depth(&li, side) == 0, "latches and depth");
  ct_loops_free(&li);
  ct_domtree_free(&dt);
  ct_cfg_free(&g);
  ct_cfg_build(&g, LLVMGetNamedFunction(m, "irr"));
  ct_domtree_build(&dt, &g);
  ct_loops_build(&li, &dt);
  check(li.irreducible && li.nloops == 0, "irreducible cycle detected");
  ct_loops_free(&li);
  ct_domtree_free(&dt);
  ct_cfg_free(&g);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

static void test_options(void) {
  ct_llvm_tier_options o;
  ct_llvm_tier_options_init(&o);
  char err[256];
  check(o.sink_into_texture == 3 && o.sink_limit == 20 && o.basr_level == 4 && o.max_chain_length == 64 &&
            o.scev_cgp_inst_limit == 500 && o.cold_branch_percent == 5 && o.sink2 && o.hot_cold_layout,
        "seed defaults");
  check(ct_llvm_tier_parse_arg(&o, "--sink-limit=5", err, sizeof err) == 1 && o.sink_limit == 5, "sink-limit");
  check(ct_llvm_tier_parse_arg(&o, "--sink-into-texture=4", err, sizeof err) == -1 && strstr(err, "0..3"),
        "sink-into-texture range");
  check(ct_llvm_tier_parse_arg(&o, "--max-chain-length=0", err, sizeof err) == -1, "max-chain-length >= 1");
  check(ct_llvm_tier_parse_arg(&o, "--scev-cgp-inst-limit=abc", err, sizeof err) == -1, "non-numeric value");
  check(ct_llvm_tier_parse_arg(&o, "--sink-limit", err, sizeof err) == -1 && strstr(err, "needs a value"),
        "missing value");
  check(ct_llvm_tier_parse_arg(&o, "--sink-limitx=3", err, sizeof err) == 0, "prefix is not ours");
  check(ct_llvm_tier_parse_arg(&o, "--opt-level=3", err, sizeof err) == 0, "other flags are not ours");
  check(ct_llvm_tier_parse_arg(&o, "--disable-llvm-tier", err, sizeof err) == 1 && !o.sink2 && !o.hot_cold_layout &&
            o.basr_level == 0,
        "disable all");
  check(strstr(ct_llvm_tier_help(), "--do-base-address-strength-reduce") != NULL, "help text");
}

static const char *kernel =
    "declare void @llvm.trap()\n"
    "define void @k(ptr addrspace(1) noalias readonly %a, ptr addrspace(1) %o, i32 %i, i64 %n) {\n"
    "entry:\n  %p = getelementptr float, ptr addrspace(1) %a, i32 %i\n  %i1 = add nsw i32 %i, 1\n"
    "  %q = getelementptr float, ptr addrspace(1) %a, i32 %i1\n  %ok = icmp slt i64 0, %n\n"
    "  br i1 %ok, label %loop, label %bad\n"
    "bad:\n  call void @llvm.trap()\n  unreachable\n"
    "loop:\n  %j = phi i64 [ 0, %entry ], [ %j1, %loop ]\n  %v = load float, ptr addrspace(1) %p\n"
    "  %w = load float, ptr addrspace(1) %q\n  %s = fadd float %v, %w\n  store float %s, ptr addrspace(1) %o\n"
    "  %j1 = add i64 %j, 1\n  %c = icmp slt i64 %j1, %n\n  br i1 %c, label %loop, label %done\n"
    "done:\n  ret void\n}\n";

static char *run_all(void) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse(ctx, kernel);
  ct_llvm_tier_options o;
  ct_llvm_tier_options_init(&o);
  ct_tier_position ps[] = {CT_TIER_EARLY, CT_TIER_POST_PEEPHOLE, CT_TIER_LATE};
  bool ok = true;
  for (int i = 0; i < 3; i++) ok &= ct_llvm_tier_run(NULL, m, &o, ps[i], NULL);
  check(ok, "tier passes keep the module valid");
  char *s = LLVMPrintModuleToString(m);
  char *copy = strdup(s);
  LLVMDisposeMessage(s);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return copy;
}

static void test_determinism(void) {
  char *a = run_all(), *b = run_all();
  check(strcmp(a, b) == 0, "byte-identical output across runs");
  check(strstr(a, "getelementptr i8, ptr addrspace(1) %p, i64 4") != NULL, "BASR rebased %q on %p");
  char *bad = strstr(a, "\nbad:"), *loop = strstr(a, "\nloop:");
  check(bad && loop && loop < bad, "cold trap block laid out after the hot loop");
  free(a);
  free(b);
}

int main(void) {
  test_analyses();
  test_options();
  test_determinism();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

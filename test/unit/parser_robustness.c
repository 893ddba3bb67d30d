/* parser_robustness: fuzz-style unit test of lib/frontend/parser.c (with verify and print).
 *
 * A small kernel that uses most syntactic shapes (module, entry, constant, for with iter_values,
 * if/else, loop, reduce with a region, views, loads with token, global, generic op) must:
 *   - parse, verify and print, and the printed text (pretty and generic) must re-parse and print
 *     the same text (a fixed point);
 *   - be rejected with at least one located error when truncated at every byte offset (every
 *     proper prefix is an incomplete program);
 *   - never crash when any single byte is replaced by one of a few troublesome bytes (whatever the
 *     outcome, a failed parse must have reported an error; a successful one must verify and print).
 * Diagnostics are captured (not printed). Prints "N passed, N failed"; exit status 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "support/context.h"
#include "support/strbuf.h"

static int passed, failed;

static void check(bool ok, const char *what, size_t offset, const char *detail) {
  if (ok) {
    passed++;
    return;
  }
  failed++;
  if (failed <= 20) fprintf(stderr, "FAIL: %s (offset %zu)%s%s\n", what, offset, detail ? ": " : "", detail ? detail : "");
}

static const char kernel[] =
    "cuda_tile.module @m {\n"
    "  global private @g alignment = 8 <f32: [1.0, 2.0]> : tile<2xf32>\n"
    "  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {\n"
    "    %tv = make_tensor_view %p, shape = [%n, 8], strides = [8, 1] : tile<i32> -> tensor_view<?x8xf32, strides=[8,1]>\n"
    "    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<?x8xf32, strides=[8,1]>>\n"
    "    %c0 = constant <i32: 0> : tile<i32>\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %t0 = make_token : token\n"
    "    %x, %tok = load_view_tko weak %pv[%c0, %c0] token = %t0 : partition_view<tile=(4x8), "
    "tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x8xf32>, token\n"
    "    %z = constant <f32: 0.0> : tile<4x8xf32>\n"
    "    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %z) -> (tile<4x8xf32>) {\n"
    "      %s = addf %a, %x rounding<zero> : tile<4x8xf32>\n"
    "      continue %s : tile<4x8xf32>\n"
    "    }\n"
    "    %r = reduce %acc dim=1 identities=[0.000000e+00 : f32] : tile<4x8xf32> -> tile<4xf32>\n"
    "    (%e: tile<f32>, %f: tile<f32>) {\n"
    "      %m = maxf %e, %f : tile<f32>\n"
    "      yield %m : tile<f32>\n"
    "    }\n"
    "    %cond = cmpi less_than %c0, %n, signed : tile<i32> -> tile<i1>\n"
    "    %two:2 = if %cond -> (tile<i32>, tile<i32>) {\n"
    "      yield %c0, %c1 : tile<i32>, tile<i32>\n"
    "    } else {\n"
    "      yield %c1, %c0 : tile<i32>, tile<i32>\n"
    "    }\n"
    "    %l = loop iter_values(%v = %c0) : tile<i32> -> tile<i32> {\n"
    "      %w = addi %v, %two#1 : tile<i32>\n"
    "      break %w : tile<i32>\n"
    "    }\n"
    "    %gp = get_global @g : tile<ptr<f32>>\n"
    "    %q = \"cuda_tile.negi\"(%l) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>\n"
    "    return\n"
    "  }\n"
    "}";

/* Parse (and, when that works, verify and print) one buffer. Returns 1 parsed+verified, 0 rejected
 * with an error, -1 rejected without any error (a bug). out receives the printed text when given. */
static int run_one(ct_ctx *c, const char *text, size_t len, bool generic, ct_strbuf *out) {
  int errors_before = c->nerrors;
  MlirModule m = ct_parse_text(c, "fuzz.mlir", 1, text, len);
  int result;
  if (mlirModuleIsNull(m)) {
    result = c->nerrors > errors_before ? 0 : -1;
  } else {
    bool ok = ct_verify_module(c, m);
    if (ok) {
      ct_print_options po = {.generic = generic};
      ct_strbuf sink;
      ct_strbuf_init(&sink);
      ct_print_module(m, &po, out ? out : &sink);
      ct_strbuf_free(&sink);
    }
    result = ok ? 1 : c->nerrors > errors_before ? 0 : -1;
    mlirModuleDestroy(m);
  }
  ct_ctx_clear_diags(c);
  return result;
}

static void test_fixed_point(ct_ctx *c) {
  ct_strbuf first, second, generic, from_generic;
  ct_strbuf_init(&first);
  ct_strbuf_init(&second);
  ct_strbuf_init(&generic);
  ct_strbuf_init(&from_generic);
  check(run_one(c, kernel, strlen(kernel), false, &first) == 1, "the kernel parses, verifies and prints", 0, NULL);
  if (first.data) {
    check(run_one(c, first.data, first.len, false, &second) == 1, "the printed kernel re-parses", 0, first.data);
    check(second.data && strcmp(first.data, second.data) == 0, "printing is a fixed point", 0, second.data);
  }
  check(run_one(c, kernel, strlen(kernel), true, &generic) == 1, "the kernel prints in the generic form", 0, NULL);
  if (generic.data) {
    check(run_one(c, generic.data, generic.len, false, &from_generic) == 1, "the generic form re-parses", 0,
          generic.data);
    check(from_generic.data && first.data && strcmp(first.data, from_generic.data) == 0,
          "the generic form prints the same pretty text", 0, from_generic.data);
  }
  ct_strbuf_free(&first);
  ct_strbuf_free(&second);
  ct_strbuf_free(&generic);
  ct_strbuf_free(&from_generic);
}

static void test_truncation(ct_ctx *c) {
  size_t len = strlen(kernel);
  for (size_t n = 1; n < len; n++) {
    /* a heap copy of exactly n bytes, so that ASan catches any read past the end */
    char *copy = malloc(n);
    if (!copy) abort();
    memcpy(copy, kernel, n);
    int r = run_one(c, copy, n, false, NULL);
    check(r == 0, "a truncated kernel is rejected with an error", n, r == 1 ? "accepted" : "no error reported");
    free(copy);
  }
}

static void test_mutation(ct_ctx *c) {
  static const char replacements[] = {'}', '{', '%', '<', '>', '"', '(', ':', '#', '\n', 'x', '-', '0', '\0'};
  size_t len = strlen(kernel);
  char *copy = malloc(len);
  if (!copy) abort();
  int accepted = 0;
  for (size_t i = 0; i < len; i++) {
    for (size_t k = 0; k < sizeof replacements; k++) {
      if (kernel[i] == replacements[k]) continue;
      memcpy(copy, kernel, len);
      copy[i] = replacements[k];
      int r = run_one(c, copy, len, false, NULL);
      accepted += r == 1;
      check(r >= 0, "a mutated kernel is accepted, or rejected with an error", i, NULL);
    }
  }
  free(copy);
  check(accepted > 0, "some mutations (e.g. inside a number) are still valid programs", 0, NULL);
}

int main(void) {
  ct_ctx *c = ct_ctx_create();
  c->capture = true; /* keep the thousands of expected diagnostics off stderr */
  test_fixed_point(c);
  test_truncation(c);
  test_mutation(c);
  ct_ctx_destroy(c);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

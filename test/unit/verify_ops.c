/* verify_ops: unit test of the cuda_tile verifier (lib/frontend/verify*.c), independent of the
 * pretty parser. Each case is a kernel body in MLIR's generic syntax, parsed by MLIR itself
 * (cuda_tile ops are unregistered), wrapped in a cuda_tile.module / entry. A positive case must
 * verify cleanly; a negative case must produce exactly one error that contains the expected text,
 * located on the line marked `// ERR` (or the first body line when unmarked).
 * Prints "N passed, N failed" and exits non-zero on failure. */
#include <mlir-c/IR.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "support/context.h"
#include "support/strbuf.h"

static int passed, failed;

typedef struct vcase {
  const char *name;
  const char *args;  /* entry block arguments, e.g. "%p: !cuda_tile.tile<ptr<f32>>" */
  const char *body;  /* ops of the entry body (the return is added) */
  const char *error; /* expected error substring, NULL for a valid body */
} vcase;

/* Types written once. */
#define T(x) "!cuda_tile.tile<" x ">"
#define TOK "!cuda_tile.token"
#define TV "!cuda_tile.tensor_view<128x64xf32, strides=[64,1]>"
#define PV "!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>>"
#define MK(name, type) "%" name " = \"test.make\"() : () -> " type "\n"
#define MKE(name, type) "%" name " = \"test.make\"() : () -> " type " // ERR\n"
#define C32(name, v) "%" name " = \"cuda_tile.constant\"() {value = dense<" v "> : tensor<i32>} : () -> " T("i32") "\n"

static int line_of_marker(const char *text) {
  const char *m = strstr(text, "// ERR");
  if (!m) return -1;
  int line = 1;
  for (const char *p = text; p < m; p++) line += *p == '\n';
  return line;
}

static void run_case(const vcase *k) {
  ct_strbuf text;
  ct_strbuf_init(&text);
  /* The argument types, derived from "%name: type, %name: type". */
  ct_strbuf types;
  ct_strbuf_init(&types);
  const char *a = k->args ? k->args : "";
  while (*a) {
    const char *colon = strchr(a, ':');
    if (!colon) break;
    const char *end = colon + 1;
    int depth = 0;
    while (*end && !(*end == ',' && depth == 0)) {
      if (*end == '<' || *end == '(' || *end == '[') depth++;
      if (*end == '>' || *end == ')' || *end == ']') depth--;
      end++;
    }
    if (types.len) ct_strbuf_puts(&types, ", ");
    ct_strbuf_append(&types, colon + 1, (size_t)(end - colon - 1));
    a = *end ? end + 1 : end;
  }
  ct_strbuf_printf(&text,
                   "\"cuda_tile.module\"() ({\n"
                   "\"cuda_tile.entry\"() ({\n"
                   "^bb0(%s):\n"
                   "%s"
                   "\"cuda_tile.return\"() : () -> ()\n"
                   "}) {sym_name = \"k\", function_type = (%s) -> ()} : () -> ()\n"
                   "}) {sym_name = \"m\"} : () -> ()\n",
                   k->args ? k->args : "", k->body, types.data ? types.data : "");
  ct_ctx *c = ct_ctx_create();
  c->capture = true;
  MlirModule m = mlirModuleCreateParse(c->mlir, mlirStringRefCreateFromCString(text.data));
  char detail[2048] = "";
  bool ok;
  if (mlirModuleIsNull(m)) {
    ok = false;
    snprintf(detail, sizeof detail, "MLIR could not parse the case: %s", c->ndiags ? c->diags[0].message : "");
  } else {
    ct_ctx_clear_diags(c);
    c->nerrors = 0;
    bool verified = ct_verify_module(c, m);
    if (!k->error) {
      ok = verified && c->ndiags == 0;
      if (!ok) snprintf(detail, sizeof detail, "unexpected error: %s", c->ndiags ? c->diags[0].message : "(none)");
    } else {
      int want_line = line_of_marker(text.data);
      ok = !verified && c->ndiags == 1 && strstr(c->diags[0].message, k->error) != NULL &&
           (want_line < 0 || c->diags[0].line == want_line);
      if (!ok) {
        if (c->ndiags == 0)
          snprintf(detail, sizeof detail, "no error, expected '%s'", k->error);
        else
          snprintf(detail, sizeof detail, "%zu error(s); first at line %d (want %d): %s", c->ndiags, c->diags[0].line,
                   want_line, c->diags[0].message);
      }
    }
    mlirModuleDestroy(m);
  }
  if (ok)
    passed++;
  else {
    failed++;
    fprintf(stderr, "FAIL %s: %s\n", k->name, detail);
  }
  ct_ctx_destroy(c);
  ct_strbuf_free(&text);
  ct_strbuf_free(&types);
}

static const vcase cases[] = {
    /* ---------------- structure */
    {"empty kernel", NULL, "", NULL},
    {"entry scalar args", "%p: " T("ptr<f32>") ", %n: " T("i32"), "", NULL},
    {"entry non-scalar arg", "%p: " T("4xf32"), "", "entry op must have scalar types (rank 0 !cuda_tile.tile)"},
    {"unknown op", NULL, "\"cuda_tile.frobnicate\"() : () -> () // ERR\n", "unknown operation 'cuda_tile.frobnicate'"},
    {"return with operand in entry", NULL, C32("c", "1") "\"cuda_tile.return\"(%c) : (" T("i32") ") -> () // ERR\n",
     "has 1 operands, but enclosing function (@k) returns 0"},
    {"continue outside loop", NULL, "\"cuda_tile.continue\"() : () -> () // ERR\n",
     "expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'"},
    {"break outside loop", NULL, "\"cuda_tile.break\"() : () -> () // ERR\n",
     "expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'"},
    {"yield outside if", NULL, "\"cuda_tile.yield\"() : () -> () // ERR\n", "expects parent op to be one of"},
    /* ---------------- tile types */
    {"non pow2 tile", NULL, MKE("x", T("3x4xf32")), "all dimensions must be powers of two, got 3, 4"},
    {"too many elements", NULL, MKE("x", T("8192x4096xf32")), "tile would exceed the maximum of 16777216 elements"},
    {"odd f4 count", NULL, MKE("x", T("f4E2M1FN")), "F4E2M1FN tiles must have an even number of elements"},
    {"partition rank mismatch", NULL,
     MKE("x", "!cuda_tile.partition_view<tile=(16), tensor_view<128x64xf32, strides=[64,1]>>"),
     "expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1"},
    {"partition non pow2", NULL,
     MKE("x", "!cuda_tile.partition_view<tile=(5x32), tensor_view<128x64xf32, strides=[64,1]>>"),
     "tile shape dimensions must have power of two length but got [5, 32]"},
    {"partition dim_map twice", NULL,
     MKE("x", "!cuda_tile.partition_view<tile=(16x32), tensor_view<128x64xf32, strides=[64,1]>, dim_map=[0, 0]>"),
     "target dimension 0 mapped at least twice (for tile dimensions 0 and 1)"},
    {"padding nan on int", NULL,
     MKE("x", "!cuda_tile.partition_view<tile=(16), padding_value = nan, tensor_view<128xi32, strides=[1]>>"),
     "padding_value nan can only be used with floating point element types, got i32"},
    {"padding zero on int", NULL,
     MK("x", "!cuda_tile.partition_view<tile=(16), padding_value = zero, tensor_view<128xi32, strides=[1]>>"), NULL},
    /* ---------------- tile block id, constant, iota */
    {"block id", NULL,
     "%x, %y, %z = \"cuda_tile.get_tile_block_id\"() : () -> (" T("i32") ", " T("i32") ", " T("i32") ")\n", NULL},
    {"block id wrong type", NULL,
     "%x, %y, %z = \"cuda_tile.get_num_tile_blocks\"() : () -> (" T("i64") ", " T("i32") ", " T("i32") ") // ERR\n",
     "result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'"},
    {"block id count", NULL, "%x, %y = \"cuda_tile.get_tile_block_id\"() : () -> (" T("i32") ", " T("i32") ") // ERR\n",
     "expected 3 results, but found 2"},
    {"constant", NULL, "%c = \"cuda_tile.constant\"() {value = dense<1.0> : tensor<4x8xf16>} : () -> " T("4x8xf16") "\n", NULL},
    {"constant elem mismatch", NULL,
     "%c = \"cuda_tile.constant\"() {value = dense<1.0> : tensor<4xf16>} : () -> " T("4xf32") " // ERR\n",
     "mismatch between the element type: 'f16' and the tile element type 'f32'"},
    {"constant shape mismatch", NULL,
     "%c = \"cuda_tile.constant\"() {value = dense<1.0> : tensor<8xf32>} : () -> " T("4xf32") " // ERR\n",
     "inferred shape of elements literal ([8]) does not match type ([4])"},
    {"constant missing value", NULL, "%c = \"cuda_tile.constant\"() : () -> " T("4xf32") " // ERR\n",
     "requires attribute 'value'"},
    {"constant ptr", NULL, "%c = \"cuda_tile.constant\"() {value = dense<1> : tensor<i64>} : () -> " T("ptr<f32>") " // ERR\n",
     "result #0 must be tile of i1 or i8"},
    {"iota", NULL, "%i = \"cuda_tile.iota\"() : () -> " T("128xi32") "\n", NULL},
    {"iota 2d", NULL, "%i = \"cuda_tile.iota\"() : () -> " T("2x2xi32") " // ERR\n", "expects result type to be 1-d tile"},
    {"iota overflow", NULL, "%i = \"cuda_tile.iota\"() : () -> " T("512xi8") " // ERR\n",
     "the number of elements 512 exceeds the maximum value of element type 'i8'"},
    {"iota float", NULL, "%i = \"cuda_tile.iota\"() : () -> " T("8xf32") " // ERR\n", "result #0 must be tile of i1 or i8"},
    /* ---------------- arithmetic */
    {"addf", NULL,
     MK("a", T("4xf32")) "%r = \"cuda_tile.addf\"(%a, %a) {rounding_mode = #cuda_tile.rounding<zero>, flush_to_zero} : (" T("4xf32") ", " T("4xf32") ") -> " T("4xf32") "\n",
     NULL},
    {"addf int operand", NULL,
     MK("a", T("4xi32")) "%r = \"cuda_tile.addf\"(%a, %a) : (" T("4xi32") ", " T("4xi32") ") -> " T("4xi32") " // ERR\n",
     "operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'"},
    {"addf type mismatch", NULL,
     MK("a", T("4xf32")) MK("b", T("4xf16")) "%r = \"cuda_tile.addf\"(%a, %b) : (" T("4xf32") ", " T("4xf16") ") -> " T("4xf32") " // ERR\n",
     "requires the same element type for all operands and results"},
    {"addf operand count", NULL, MK("a", T("4xf32")) "%r = \"cuda_tile.addf\"(%a) : (" T("4xf32") ") -> " T("4xf32") " // ERR\n",
     "expected 2 operands, but found 1"},
    {"addf ftz f64", NULL,
     MK("a", T("4xf64")) "%r = \"cuda_tile.addf\"(%a, %a) {flush_to_zero} : (" T("4xf64") ", " T("4xf64") ") -> " T("4xf64") " // ERR\n",
     "flush_to_zero modifier only supported for f32 data type, but got: 'f64'"},
    {"addf approx", NULL,
     MK("a", T("4xf32")) "%r = \"cuda_tile.addf\"(%a, %a) {rounding_mode = #cuda_tile.rounding<approx>} : (" T("4xf32") ", " T("4xf32") ") -> " T("4xf32") " // ERR\n",
     "invalid rounding error specified, expect one of [nearest_even, zero, negative_inf, positive_inf]"},
    {"addf bad rounding kw", NULL,
     MK("a", T("4xf32")) "%r = \"cuda_tile.addf\"(%a, %a) {rounding_mode = #cuda_tile.rounding<sideways>} : (" T("4xf32") ", " T("4xf32") ") -> " T("4xf32") " // ERR\n",
     "attribute 'rounding_mode' has an invalid value"},
    {"divf approx f64", NULL,
     MK("a", T("4xf64")) "%r = \"cuda_tile.divf\"(%a, %a) {rounding_mode = #cuda_tile.rounding<approx>} : (" T("4xf64") ", " T("4xf64") ") -> " T("4xf64") " // ERR\n",
     "approx modifier only supported for f32 data type, but got: 'f64'"},
    {"divf full f32", NULL,
     MK("a", T("4xf32")) "%r = \"cuda_tile.divf\"(%a, %a) {rounding_mode = #cuda_tile.rounding<full>} : (" T("4xf32") ", " T("4xf32") ") -> " T("4xf32") "\n",
     NULL},
    {"tanh f16 default full", NULL, MK("a", T("2xf16")) "%r = \"cuda_tile.tanh\"(%a) : (" T("2xf16") ") -> " T("2xf16") "\n", NULL},
    {"exp ieee rounding", NULL,
     MK("a", T("2xf32")) "%r = \"cuda_tile.exp\"(%a) {rounding_mode = #cuda_tile.rounding<zero>} : (" T("2xf32") ") -> " T("2xf32") " // ERR\n",
     "invalid rounding error specified, expect one of [approx, full]"},
    {"sqrt int", NULL, MK("a", T("4xi16")) "%r = \"cuda_tile.sqrt\"(%a) : (" T("4xi16") ") -> " T("4xi16") " // ERR\n",
     "'cuda_tile.sqrt' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi16>'"},
    {"absf tf32", NULL, MK("a", T("4xtf32")) "%r = \"cuda_tile.absf\"(%a) : (" T("4xtf32") ") -> " T("4xtf32") " // ERR\n",
     "operand #0 must be tile of f16 or bf16 or f32 or f64 values"},
    {"addi overflow", NULL,
     MK("a", T("i16")) "%r = \"cuda_tile.addi\"(%a, %a) {overflow = #cuda_tile.overflow<no_wrap>} : (" T("i16") ", " T("i16") ") -> " T("i16") "\n",
     NULL},
    {"addi float", NULL, MK("a", T("f32")) "%r = \"cuda_tile.addi\"(%a, %a) : (" T("f32") ", " T("f32") ") -> " T("f32") " // ERR\n",
     "operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values"},
    {"negi nuw", NULL,
     MK("a", T("i16")) "%r = \"cuda_tile.negi\"(%a) {overflow = #cuda_tile.overflow<no_unsigned_wrap>} : (" T("i16") ") -> " T("i16") " // ERR\n",
     "'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported"},
    {"divi negative_inf unsigned", NULL,
     MK("a", T("i32")) "%r = \"cuda_tile.divi\"(%a, %a) {signedness = #cuda_tile.signedness<unsigned>, rounding_mode = #cuda_tile.rounding<negative_inf>} : (" T("i32") ", " T("i32") ") -> " T("i32") " // ERR\n",
     "rounding mode 'negative_inf' is not allowed with 'unsigned' flag"},
    {"divi nearest_even", NULL,
     MK("a", T("i32")) "%r = \"cuda_tile.divi\"(%a, %a) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<nearest_even>} : (" T("i32") ", " T("i32") ") -> " T("i32") " // ERR\n",
     "invalid rounding error specified, expect one of [zero, negative_inf, positive_inf]"},
    {"maxi no signedness", NULL, MK("a", T("i32")) "%r = \"cuda_tile.maxi\"(%a, %a) : (" T("i32") ", " T("i32") ") -> " T("i32") " // ERR\n",
     "requires attribute 'signedness'"},
    {"cmpi", NULL,
     MK("a", T("2x2xi64")) "%r = \"cuda_tile.cmpi\"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<unsigned>} : (" T("2x2xi64") ", " T("2x2xi64") ") -> " T("2x2xi1") "\n",
     NULL},
    {"cmpi result shape", NULL,
     MK("a", T("2x2xi64")) "%r = \"cuda_tile.cmpi\"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<unsigned>} : (" T("2x2xi64") ", " T("2x2xi64") ") -> " T("4xi1") " // ERR\n",
     "Result type has i1 element type and same shape as operands"},
    {"cmpf no ordering", NULL,
     MK("a", T("2xf32")) "%r = \"cuda_tile.cmpf\"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<equal>} : (" T("2xf32") ", " T("2xf32") ") -> " T("2xi1") " // ERR\n",
     "requires attribute 'comparison_ordering'"},
    {"select shape", NULL,
     MK("c", T("i1")) MK("a", T("4xi32")) "%r = \"cuda_tile.select\"(%c, %a, %a) : (" T("i1") ", " T("4xi32") ", " T("4xi32") ") -> " T("4xi32") " // ERR\n",
     "failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape"},
    {"select ok", NULL,
     MK("c", T("4xi1")) MK("a", T("4xi32")) "%r = \"cuda_tile.select\"(%c, %a, %a) : (" T("4xi1") ", " T("4xi32") ", " T("4xi32") ") -> " T("4xi32") "\n",
     NULL},
    /* ---------------- conversions */
    {"exti narrowing", NULL,
     MK("a", T("i16")) "%r = \"cuda_tile.exti\"(%a) {signedness = #cuda_tile.signedness<signed>} : (" T("i16") ") -> " T("i8") " // ERR\n",
     "extending to smaller or identical integer"},
    {"exti i4", NULL,
     MK("a", T("2xi4")) "%r = \"cuda_tile.exti\"(%a) {signedness = #cuda_tile.signedness<signed>} : (" T("2xi4") ") -> " T("2xi8") "\n",
     NULL},
    {"trunci widening", NULL, MK("a", T("i16")) "%r = \"cuda_tile.trunci\"(%a) : (" T("i16") ") -> " T("i32") " // ERR\n",
     "truncating to larger or identical integer"},
    {"exti shape", NULL,
     MK("a", T("2xi16")) "%r = \"cuda_tile.exti\"(%a) {signedness = #cuda_tile.signedness<signed>} : (" T("2xi16") ") -> " T("4xi32") " // ERR\n",
     "failed to verify that all of {from, to} have same shape"},
    {"itof rounding", NULL,
     MK("a", T("i32")) "%r = \"cuda_tile.itof\"(%a) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<zero>} : (" T("i32") ") -> " T("f32") " // ERR\n",
     "invalid rounding mode specified. Only 'nearest_even' is supported"},
    {"itof e8m0", NULL,
     MK("a", T("2xi32")) "%r = \"cuda_tile.itof\"(%a) {signedness = #cuda_tile.signedness<signed>} : (" T("2xi32") ") -> " T("2xf8E8M0FNU") " // ERR\n",
     "integer to f8E8M0FNU conversion is not supported"},
    {"ftoi rounding", NULL,
     MK("a", T("f32")) "%r = \"cuda_tile.ftoi\"(%a) {signedness = #cuda_tile.signedness<signed>, rounding_mode = #cuda_tile.rounding<nearest_even>} : (" T("f32") ") -> " T("i32") " // ERR\n",
     "Only 'nearest_int_to_zero' is supported"},
    {"ftof noop", NULL, MK("a", T("2xf32")) "%r = \"cuda_tile.ftof\"(%a) : (" T("2xf32") ") -> " T("2xf32") " // ERR\n",
     "converting tiles must not be a no-op"},
    {"ftof e8m0 rounding", NULL, MK("a", T("2xf32")) "%r = \"cuda_tile.ftof\"(%a) : (" T("2xf32") ") -> " T("2xf8E8M0FNU") " // ERR\n",
     "Only 'zero' and 'positive_inf' are supported"},
    {"ftof", NULL, MK("a", T("2xf32")) "%r = \"cuda_tile.ftof\"(%a) : (" T("2xf32") ") -> " T("2xf16") "\n", NULL},
    {"bitcast width", NULL, MK("a", T("i32")) "%r = \"cuda_tile.bitcast\"(%a) : (" T("i32") ") -> " T("i16") " // ERR\n",
     "types must be equal width"},
    /* ---------------- shape ops */
    {"reshape count", NULL, MK("a", T("4xf32")) "%r = \"cuda_tile.reshape\"(%a) : (" T("4xf32") ") -> " T("2x4xf32") " // ERR\n",
     "expected source tile and result tile to have the same number of elements"},
    {"reshape elem", NULL, MK("a", T("4xf32")) "%r = \"cuda_tile.reshape\"(%a) : (" T("4xf32") ") -> " T("2x2xi32") " // ERR\n",
     "requires the same element type for all operands and results"},
    {"reshape ptr", NULL, MK("a", T("ptr<f32>")) "%r = \"cuda_tile.reshape\"(%a) : (" T("ptr<f32>") ") -> " T("1xptr<f32>") "\n", NULL},
    {"broadcast", NULL, MK("a", T("1x2xf32")) "%r = \"cuda_tile.broadcast\"(%a) : (" T("1x2xf32") ") -> " T("4x2xf32") "\n", NULL},
    {"broadcast bad dim", NULL, MK("a", T("4x4xf32")) "%r = \"cuda_tile.broadcast\"(%a) : (" T("4x4xf32") ") -> " T("2x4xf32") " // ERR\n",
     "expects the shape of source tile to be compatible with that of the result tile, but got: 4, 4 and 2, 4"},
    {"broadcast rank", NULL, MK("a", T("2xf32")) "%r = \"cuda_tile.broadcast\"(%a) : (" T("2xf32") ") -> " T("2x2xf32") " // ERR\n",
     "failed to verify that all of {source, result} have same rank"},
    {"permute", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.permute\"(%a) {permutation = array<i32: 1, 0>} : (" T("1x2xf32") ") -> " T("2x1xf32") "\n",
     NULL},
    {"permute dup", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.permute\"(%a) {permutation = array<i32: 0, 0>} : (" T("1x2xf32") ") -> " T("1x2xf32") " // ERR\n",
     "expect permutation elements to be unique"},
    {"permute oob", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.permute\"(%a) {permutation = array<i32: 1, 100>} : (" T("1x2xf32") ") -> " T("2x1xf32") " // ERR\n",
     "permutation element at index 1 (100) is out of bound [0, 2)"},
    {"permute shape", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.permute\"(%a) {permutation = array<i32: 1, 0>} : (" T("1x2xf32") ") -> " T("1x2xf32") " // ERR\n",
     "result shape invalid at index 0, expected: 2, but got: 1"},
    {"permute size", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.permute\"(%a) {permutation = array<i32: 1, 0, 2>} : (" T("1x2xf32") ") -> " T("2x1xf32") " // ERR\n",
     "expect permutation size (3) to equal the rank of the source (2)"},
    {"cat", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.cat\"(%a, %a) {dim = 0 : i64} : (" T("1x2xf32") ", " T("1x2xf32") ") -> " T("2x2xf32") "\n",
     NULL},
    {"cat dim", NULL,
     MK("a", T("1x2xf32")) "%r = \"cuda_tile.cat\"(%a, %a) {dim = 2 : i64} : (" T("1x2xf32") ", " T("1x2xf32") ") -> " T("2x2xf32") " // ERR\n",
     "expect dim to be [0, 2), but got: 2"},
    /* ---------------- mma */
    {"mmaf", NULL,
     MK("a", T("4x8xf16")) MK("b", T("8x2xf16")) MK("c", T("4x2xf32")) "%d = \"cuda_tile.mmaf\"(%a, %b, %c) : (" T("4x8xf16") ", " T("8x2xf16") ", " T("4x2xf32") ") -> " T("4x2xf32") "\n",
     NULL},
    {"mmaf K mismatch", NULL,
     MK("a", T("4x16xf16")) MK("b", T("8x16xf16")) MK("c", T("4x16xf32")) "%d = \"cuda_tile.mmaf\"(%a, %b, %c) : (" T("4x16xf16") ", " T("8x16xf16") ", " T("4x16xf32") ") -> " T("4x16xf32") " // ERR\n",
     "dim 1 of lhs (16) and dim 0 of rhs (8) must match, but got lhs shape (4, 16) and rhs shape (8, 16)"},
    {"mmaf bf16 f16", NULL,
     MK("a", T("4x8xbf16")) MK("b", T("8x2xbf16")) MK("c", T("4x2xf16")) "%d = \"cuda_tile.mmaf\"(%a, %b, %c) : (" T("4x8xbf16") ", " T("8x2xbf16") ", " T("4x2xf16") ") -> " T("4x2xf16") " // ERR\n",
     "Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'"},
    {"mmaf rank", NULL,
     MK("a", T("4xf32")) MK("b", T("8x16xf32")) MK("c", T("4x16xf32")) "%d = \"cuda_tile.mmaf\"(%a, %b, %c) : (" T("4xf32") ", " T("8x16xf32") ", " T("4x16xf32") ") -> " T("4x16xf32") " // ERR\n",
     "failed to verify that all of {lhs, rhs, acc} have same rank"},
    {"mmaf int", NULL,
     MK("a", T("2x2xi8")) MK("c", T("2x2xf32")) "%d = \"cuda_tile.mmaf\"(%a, %a, %c) : (" T("2x2xi8") ", " T("2x2xi8") ", " T("2x2xf32") ") -> " T("2x2xf32") " // ERR\n",
     "operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values"},
    {"mmai", NULL,
     MK("a", T("4x8xi8")) MK("b", T("8x16xi8")) MK("c", T("4x16xi32")) "%d = \"cuda_tile.mmai\"(%a, %b, %c) {signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>} : (" T("4x8xi8") ", " T("8x16xi8") ", " T("4x16xi32") ") -> " T("4x16xi32") "\n",
     NULL},
    /* ---------------- views and memory */
    {"tensor view", "%p: " T("ptr<f32>"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p) {operandSegmentSizes = array<i32: 1, 0, 0>} : (" T("ptr<f32>") ") -> " TV "\n"
     "%pv = \"cuda_tile.make_partition_view\"(%tv) : (" TV ") -> " PV "\n",
     NULL},
    {"tensor view dynamic", "%p: " T("ptr<f32>") ", %n: " T("i64"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p, %n) {operandSegmentSizes = array<i32: 1, 1, 0>} : (" T("ptr<f32>") ", " T("i64") ") -> !cuda_tile.tensor_view<?x64xf32, strides=[64,1]>\n",
     NULL},
    {"tensor view missing dyn", "%p: " T("ptr<f32>"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p) {operandSegmentSizes = array<i32: 1, 0, 0>} : (" T("ptr<f32>") ") -> !cuda_tile.tensor_view<?x64xf32, strides=[64,1]> // ERR\n",
     "expected 1 dynamic shape operands, got 0"},
    {"tensor view dyn types", "%p: " T("ptr<f32>") ", %n: " T("i64") ", %m: " T("i32"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p, %n, %m) {operandSegmentSizes = array<i32: 1, 1, 1>} : (" T("ptr<f32>") ", " T("i64") ", " T("i32") ") -> !cuda_tile.tensor_view<?x64xf32, strides=[?,1]> // ERR\n",
     "expected dynamic stride index 0 to be of the same type as the other dynamic values"},
    {"tensor view pointee", "%p: " T("ptr<f16>"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p) {operandSegmentSizes = array<i32: 1, 0, 0>} : (" T("ptr<f16>") ") -> " TV " // ERR\n",
     "expected pointer to 'f32' to build tensor_view of this type, got 'f16'"},
    {"tensor view no segments", "%p: " T("ptr<f32>"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p) : (" T("ptr<f32>") ") -> " TV " // ERR\n",
     "requires attribute 'operandSegmentSizes'"},
    {"tensor view bad segment sum", "%p: " T("ptr<f32>"),
     "%tv = \"cuda_tile.make_tensor_view\"(%p) {operandSegmentSizes = array<i32: 1, 1, 0>} : (" T("ptr<f32>") ") -> " TV " // ERR\n",
     "operand count (1) does not match with the total size (2)"},
    {"partition view wrong tv", NULL,
     MK("tv", "!cuda_tile.tensor_view<128x32xf32, strides=[32,1]>")
     "%pv = \"cuda_tile.make_partition_view\"(%tv) : (!cuda_tile.tensor_view<128x32xf32, strides=[32,1]>) -> " PV " // ERR\n",
     "expected the type of the provided tensor_view value"},
    {"partition view result kind", NULL,
     MK("tv", TV) "%pv = \"cuda_tile.make_partition_view\"(%tv) : (" TV ") -> " TV " // ERR\n" " // ERR\n",
     "'cuda_tile.make_partition_view' expected 'partition_view' type"},
    {"load view", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i32") ") -> (" T("16x32xf32") ", " TOK ")\n",
     NULL},
    {"load view index count", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (" PV ", " T("i32") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "expected 2 index operands (based on view type), got 1"},
    {"load view tile type", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i32") ") -> (" T("8xf32") ", " TOK ") // ERR\n",
     "expected tile type to be '!cuda_tile.tile<16x32xf32>' (based on view type), got '!cuda_tile.tile<8xf32>'"},
    {"load view index types", NULL,
     MK("pv", PV) C32("i", "0") MK("j", T("i64"))
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %j) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i64") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'"},
    {"load view index not scalar", NULL,
     MK("pv", PV) MK("i", T("1xi32"))
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("1xi32") ", " T("1xi32") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "expected index type to be a scalar tile, got '!cuda_tile.tile<1xi32>'"},
    {"load view release", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 3 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i32") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "expect one of: weak, relaxed, or acquire, but got: release"},
    {"load view weak scope", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i32") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "operation specifies weak memory ordering semantics, but then provides \"device\" scope, expected no memory scope."},
    {"load view acquire no scope", NULL,
     MK("pv", PV) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%pv, %i, %i) {memory_ordering_semantics = 2 : i32, operandSegmentSizes = array<i32: 1, 2, 0>} : (" PV ", " T("i32") ", " T("i32") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "memory scope is required for acquire load"},
    {"load view on tile", NULL,
     MK("x", T("32xf32")) C32("i", "0")
     "%t, %tok = \"cuda_tile.load_view_tko\"(%x, %i) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (" T("32xf32") ", " T("i32") ") -> (" T("8xf32") ", " TOK ") // ERR\n",
     "operand #0 must be TileView instance, but got '!cuda_tile.tile<32xf32>'"},
    {"store view acquire", NULL,
     MK("pv", PV) MK("t", T("16x32xf32")) C32("i", "0")
     "%tok = \"cuda_tile.store_view_tko\"(%t, %pv, %i, %i) {memory_ordering_semantics = 2 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (" T("16x32xf32") ", " PV ", " T("i32") ", " T("i32") ") -> " TOK " // ERR\n",
     "expect one of: weak, relaxed, or release, but got: acquire"},
    {"store view relaxed no scope", NULL,
     MK("pv", PV) MK("t", T("16x32xf32")) C32("i", "0")
     "%tok = \"cuda_tile.store_view_tko\"(%t, %pv, %i, %i) {memory_ordering_semantics = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (" T("16x32xf32") ", " PV ", " T("i32") ", " T("i32") ") -> " TOK " // ERR\n",
     "memory scope is required for relaxed store"},
    {"store view ok with token", NULL,
     MK("pv", PV) MK("t", T("16x32xf32")) C32("i", "0") "%k = \"cuda_tile.make_token\"() : () -> " TOK "\n"
     "%tok = \"cuda_tile.store_view_tko\"(%t, %pv, %i, %i, %k) {memory_ordering_semantics = 3 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 1>} : (" T("16x32xf32") ", " PV ", " T("i32") ", " T("i32") ", " TOK ") -> " TOK "\n",
     NULL},
    {"load ptr", NULL,
     MK("p", T("16x32xptr<f32>")) MK("m", T("16x32xi1")) MK("z", T("16x32xf32"))
     "%v, %t = \"cuda_tile.load_ptr_tko\"(%p, %m, %z) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (" T("16x32xptr<f32>") ", " T("16x32xi1") ", " T("16x32xf32") ") -> (" T("16x32xf32") ", " TOK ")\n",
     NULL},
    {"load ptr mask shape", NULL,
     MK("p", T("16x32xptr<f32>")) MK("m", T("16x64xi1"))
     "%v, %t = \"cuda_tile.load_ptr_tko\"(%p, %m) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (" T("16x32xptr<f32>") ", " T("16x64xi1") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "shape of 'mask' must match the shape of 'source'"},
    {"load ptr pointee", NULL,
     MK("p", T("16x32xptr<i32>"))
     "%v, %t = \"cuda_tile.load_ptr_tko\"(%p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (" T("16x32xptr<i32>") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "`source` type is expected a pointer type of `result` type"},
    {"load ptr padding type", NULL,
     MK("p", T("16x32xptr<f32>")) MK("m", T("16x32xi1")) MK("z", T("16x32xf16"))
     "%v, %t = \"cuda_tile.load_ptr_tko\"(%p, %m, %z) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (" T("16x32xptr<f32>") ", " T("16x32xi1") ", " T("16x32xf16") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "type of 'paddingValue' must match the type of 'result'"},
    {"load ptr mask type", NULL,
     MK("p", T("16x32xptr<f32>"))
     "%v, %t = \"cuda_tile.load_ptr_tko\"(%p, %p) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (" T("16x32xptr<f32>") ", " T("16x32xptr<f32>") ") -> (" T("16x32xf32") ", " TOK ") // ERR\n",
     "operand #1 must be tile of i1 values, but got '!cuda_tile.tile<16x32xptr<f32>>'"},
    {"store ptr value", NULL,
     MK("p", T("16x32xptr<f32>")) MK("x", T("16x32xf16"))
     "%t = \"cuda_tile.store_ptr_tko\"(%p, %x) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (" T("16x32xptr<f32>") ", " T("16x32xf16") ") -> " TOK " // ERR\n",
     "`destination` type is expected a pointer type of `value` type"},
    {"store ptr weak scope", NULL,
     MK("p", T("16x32xptr<f32>")) MK("x", T("16x32xf32"))
     "%t = \"cuda_tile.store_ptr_tko\"(%p, %x) {memory_ordering_semantics = 0 : i32, memory_scope = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (" T("16x32xptr<f32>") ", " T("16x32xf32") ") -> " TOK " // ERR\n",
     "weak store must not have memory scope"},
    {"offset", NULL,
     MK("p", T("8xptr<f32>")) MK("o", T("8xi32"))
     "%q = \"cuda_tile.offset\"(%p, %o) : (" T("8xptr<f32>") ", " T("8xi32") ") -> " T("8xptr<f32>") "\n",
     NULL},
    {"offset float", NULL,
     MK("p", T("8xptr<f32>")) MK("o", T("8xf32"))
     "%q = \"cuda_tile.offset\"(%p, %o) : (" T("8xptr<f32>") ", " T("8xf32") ") -> " T("8xptr<f32>") " // ERR\n",
     "'cuda_tile.offset' op operand #1 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<8xf32>'"},
    {"offset result", NULL,
     MK("p", T("8xptr<f32>")) MK("o", T("8xi32"))
     "%q = \"cuda_tile.offset\"(%p, %o) : (" T("8xptr<f32>") ", " T("8xi32") ") -> " T("8xptr<f16>") " // ERR\n",
     "failed to verify that all of {result, ptr} have same type"},
    {"join one token", NULL,
     "%a = \"cuda_tile.make_token\"() : () -> " TOK "\n%j = \"cuda_tile.join_tokens\"(%a) : (" TOK ") -> " TOK " // ERR\n",
     "expect two or more tokens"},
    {"make_token type", NULL, "%a = \"cuda_tile.make_token\"() : () -> " T("i32") " // ERR\n",
     "'cuda_tile.make_token' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i32>'"},
    {"index space shape", NULL,
     MK("pv", PV) "%a, %b = \"cuda_tile.get_index_space_shape\"(%pv) : (" PV ") -> (" T("i32") ", " T("i32") ")\n", NULL},
    {"index space shape count", NULL,
     MK("pv", PV) "%a = \"cuda_tile.get_index_space_shape\"(%pv) : (" PV ") -> " T("i32") " // ERR\n",
     "expected 2 results due to view index space rank, but got 1"},
    {"atomic rmw addf int", NULL,
     MK("p", T("2xptr<i32>")) MK("x", T("2xi32"))
     "%o, %t = \"cuda_tile.atomic_rmw_tko\"(%p, %x) {memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (" T("2xptr<i32>") ", " T("2xi32") ") -> (" T("2xi32") ", " TOK ") // ERR\n",
     "'addf' works only with floats f16, bf16, f32, and f64"},
    /* ---------------- control flow */
    {"for", NULL,
     C32("lb", "0") C32("ub", "8") C32("st", "1") MK("z", T("f32"))
     "%r = \"cuda_tile.for\"(%lb, %ub, %st, %z) ({\n^bb0(%iv: " T("i32") ", %acc: " T("f32") "):\n"
     "  \"cuda_tile.continue\"(%acc) : (" T("f32") ") -> ()\n"
     "}) : (" T("i32") ", " T("i32") ", " T("i32") ", " T("f32") ") -> " T("f32") "\n",
     NULL},
    {"for continue types", NULL,
     C32("lb", "0") C32("ub", "8") C32("st", "1")
     "\"cuda_tile.for\"(%lb, %ub, %st) ({\n^bb0(%iv: " T("i32") "):\n"
     "  \"cuda_tile.continue\"(%iv) : (" T("i32") ") -> () // ERR\n"
     "}) : (" T("i32") ", " T("i32") ", " T("i32") ") -> ()\n",
     "`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: (), but found: ('!cuda_tile.tile<i32>')"},
    {"for iter mismatch", NULL,
     C32("lb", "0") C32("ub", "8") C32("st", "1") MK("z", T("f32"))
     "%r = \"cuda_tile.for\"(%lb, %ub, %st, %z) ({ // ERR\n^bb0(%iv: " T("i32") ", %acc: " T("f64") "):\n"
     "  \"cuda_tile.continue\"(%z) : (" T("f32") ") -> ()\n"
     "}) : (" T("i32") ", " T("i32") ", " T("i32") ", " T("f32") ") -> " T("f32") "\n",
     "init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<f32>' != '!cuda_tile.tile<f64>'"},
    {"for bound type", NULL,
     C32("lb", "0") MK("ub", T("i64")) C32("st", "1")
     "\"cuda_tile.for\"(%lb, %ub, %st) ({ // ERR\n^bb0(%iv: " T("i32") "):\n"
     "  \"cuda_tile.continue\"() : () -> ()\n"
     "}) : (" T("i32") ", " T("i64") ", " T("i32") ") -> ()\n",
     "failed to verify that all of {lowerBound, upperBound, step} have same type"},
    {"for non-scalar bound", NULL,
     MK("lb", T("1xi32"))
     "\"cuda_tile.for\"(%lb, %lb, %lb) ({ // ERR\n^bb0(%iv: " T("1xi32") "):\n"
     "  \"cuda_tile.continue\"() : () -> ()\n"
     "}) : (" T("1xi32") ", " T("1xi32") ", " T("1xi32") ") -> ()\n",
     "operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<1xi32>'"},
    {"for carries view", NULL,
     C32("lb", "0") MK("tv", TV)
     "%r = \"cuda_tile.for\"(%lb, %lb, %lb, %tv) ({ // ERR\n^bb0(%iv: " T("i32") ", %x: " TV "):\n"
     "  \"cuda_tile.continue\"(%x) : (" TV ") -> ()\n"
     "}) : (" T("i32") ", " T("i32") ", " T("i32") ", " TV ") -> " TV "\n",
     "loop-carried value 0 is a tensor_view, which is not supported"},
    {"for without continue", NULL,
     C32("lb", "0")
     "\"cuda_tile.for\"(%lb, %lb, %lb) ({ // ERR\n^bb0(%iv: " T("i32") "):\n"
     "  \"cuda_tile.yield\"() : () -> ()\n"
     "}) : (" T("i32") ", " T("i32") ", " T("i32") ") -> ()\n",
     "must end with 'cuda_tile.continue'"},
    {"if", NULL,
     MK("c", T("i1")) C32("a", "1")
     "%r = \"cuda_tile.if\"(%c) ({\n  \"cuda_tile.yield\"(%a) : (" T("i32") ") -> ()\n}, {\n  \"cuda_tile.yield\"(%a) : (" T("i32") ") -> ()\n}) : (" T("i1") ") -> " T("i32") "\n",
     NULL},
    {"if no else", NULL,
     MK("c", T("i1")) C32("a", "1")
     "%r = \"cuda_tile.if\"(%c) ({ // ERR\n  \"cuda_tile.yield\"(%a) : (" T("i32") ") -> ()\n}, {\n}) : (" T("i1") ") -> " T("i32") "\n",
     "has non-empty return type, must define else branch"},
    {"if yield type", NULL,
     MK("c", T("i1")) C32("a", "1")
     "%r = \"cuda_tile.if\"(%c) ({ // ERR\n  \"cuda_tile.yield\"(%a) : (" T("i32") ") -> ()\n}, {\n  \"cuda_tile.yield\"(%a) : (" T("i32") ") -> ()\n}) : (" T("i1") ") -> " T("i64") "\n",
     "type does not match yield type, then branch yields '!cuda_tile.tile<i32>' but op result type is '!cuda_tile.tile<i64>'"},
    {"if cond type", NULL,
     C32("a", "1")
     "\"cuda_tile.if\"(%a) ({ // ERR\n  \"cuda_tile.yield\"() : () -> ()\n}, {\n}) : (" T("i32") ") -> ()\n",
     "operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<i32>'"},
    {"if early return", NULL,
     MK("c", T("i1"))
     "\"cuda_tile.if\"(%c) ({\n  \"cuda_tile.return\"() : () -> ()\n}, {\n}) : (" T("i1") ") -> ()\n",
     NULL},
    {"continue in if outside loop", NULL,
     MK("c", T("i1"))
     "\"cuda_tile.if\"(%c) ({\n  \"cuda_tile.continue\"() : () -> () // ERR\n}, {\n}) : (" T("i1") ") -> ()\n",
     "can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations"},
    {"loop break", NULL,
     C32("a", "1")
     "%r = \"cuda_tile.loop\"(%a) ({\n^bb0(%x: " T("i32") "):\n  \"cuda_tile.break\"(%x) : (" T("i32") ") -> ()\n}) : (" T("i32") ") -> " T("i32") "\n",
     NULL},
    {"loop break types", NULL,
     C32("a", "1")
     "%r = \"cuda_tile.loop\"(%a) ({\n^bb0(%x: " T("i32") "):\n  \"cuda_tile.break\"() : () -> () // ERR\n}) : (" T("i32") ") -> " T("i32") "\n",
     "operand types must correspond to the parent loop result types"},
    {"reduce", NULL,
     MK("x", T("8x64xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  %v = \"cuda_tile.addf\"(%p, %q) : (" T("f32") ", " T("f32") ") -> " T("f32") "\n"
     "  \"cuda_tile.yield\"(%v) : (" T("f32") ") -> ()\n"
     "}) {dim = 1 : i32, identities = [0.000000e+00 : f32]} : (" T("8x64xf32") ") -> " T("8xf32") "\n",
     NULL},
    {"reduce dim oob", NULL,
     MK("x", T("8xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({ // ERR\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  \"cuda_tile.yield\"(%p) : (" T("f32") ") -> ()\n"
     "}) {dim = 10 : i32, identities = [0.000000e+00 : f32]} : (" T("8xf32") ") -> " T("f32") "\n",
     "dimension (10) is out of bound [0, 1)"},
    {"reduce identity type", NULL,
     MK("x", T("8xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({ // ERR\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  \"cuda_tile.yield\"(%p) : (" T("f32") ") -> ()\n"
     "}) {dim = 0 : i32, identities = [0 : i32]} : (" T("8xf32") ") -> " T("f32") "\n",
     "expect same type for operand at index: 0 and identity at index: 0 but got: 'f32' and 'i32'"},
    {"reduce result", NULL,
     MK("x", T("8x4xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({ // ERR\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  \"cuda_tile.yield\"(%p) : (" T("f32") ") -> ()\n"
     "}) {dim = 0 : i32, identities = [0.0 : f32]} : (" T("8x4xf32") ") -> " T("8xf32") "\n",
     "inferred type(s) '!cuda_tile.tile<4xf32>' are incompatible with return type(s) of operation '!cuda_tile.tile<8xf32>'"},
    {"reduce block args", NULL,
     MK("x", T("8xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({ // ERR\n^bb0(%p: " T("f32") "):\n"
     "  \"cuda_tile.yield\"(%p) : (" T("f32") ") -> ()\n"
     "}) {dim = 0 : i32, identities = [0.0 : f32]} : (" T("8xf32") ") -> " T("f32") "\n",
     "expect 2 block arguments but got: 1"},
    {"reduce yield type", NULL,
     MK("x", T("8xf32")) C32("k", "0")
     "%s = \"cuda_tile.reduce\"(%x) ({ // ERR\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  \"cuda_tile.yield\"(%k) : (" T("i32") ") -> ()\n"
     "}) {dim = 0 : i32, identities = [0.0 : f32]} : (" T("8xf32") ") -> " T("f32") "\n",
     "expect same type for operand at index: 0 and terminator argument at index: 0 but got: 'f32' and 'i32'"},
    {"reduce impure", NULL,
     MK("x", T("8xf32"))
     "%s = \"cuda_tile.reduce\"(%x) ({\n^bb0(%p: " T("f32") ", %q: " T("f32") "):\n"
     "  %t = \"cuda_tile.make_token\"() : () -> " TOK " // ERR\n"
     "  \"cuda_tile.yield\"(%p) : (" T("f32") ") -> ()\n"
     "}) {dim = 0 : i32, identities = [0.0 : f32]} : (" T("8xf32") ") -> " T("f32") "\n",
     "'cuda_tile.make_token' op only pure operations are allowed inside 'cuda_tile.reduce'"},
    /* ---------------- assume, print, assert */
    {"assume div_by", NULL,
     MK("p", T("ptr<f32>")) "%q = \"cuda_tile.assume\"(%p) {predicate = #cuda_tile.div_by<16>} : (" T("ptr<f32>") ") -> " T("ptr<f32>") "\n",
     NULL},
    {"assume div_by float", NULL,
     MK("x", T("f32")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.div_by<16>} : (" T("f32") ") -> " T("f32") " // ERR\n",
     "'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values"},
    {"assume div_by not pow2", NULL,
     MK("x", T("16xi32")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.div_by<7>} : (" T("16xi32") ") -> " T("16xi32") " // ERR\n",
     "'cuda_tile.div_by' divisor must be a power of 2"},
    {"assume div_by along", NULL,
     MK("x", T("16xi32")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.div_by<1, every 2 along 1>} : (" T("16xi32") ") -> " T("16xi32") " // ERR\n",
     "'cuda_tile.div_by' every_dim (1) must be >= 0 and < tile rank (1)"},
    {"assume same_elements rank", NULL,
     MK("x", T("ptr<f16>")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.same_elements<[8]>} : (" T("ptr<f16>") ") -> " T("ptr<f16>") " // ERR\n",
     "expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (0)"},
    {"assume bounded", NULL,
     MK("x", T("16xi8")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.bounded<0, ?>} : (" T("16xi8") ") -> " T("16xi8") "\n",
     NULL},
    {"assume bounded range", NULL,
     MK("x", T("16xi8")) "%q = \"cuda_tile.assume\"(%x) {predicate = #cuda_tile.bounded<0, 128>} : (" T("16xi8") ") -> " T("16xi8") " // ERR\n",
     "'cuda_tile.bounded' expects upper bound to be within [-128, 127]"},
    {"print args", NULL,
     C32("a", "1") "%t = \"cuda_tile.print_tko\"(%a) {str = \"%d %d\", operandSegmentSizes = array<i32: 1, 0>} : (" T("i32") ") -> " TOK " // ERR\n",
     "incorrect number of operands: expected 2, found 1"},
    {"print ok", NULL,
     C32("a", "1") "%t = \"cuda_tile.print_tko\"(%a) {str = \"100%% %d\", operandSegmentSizes = array<i32: 1, 0>} : (" T("i32") ") -> " TOK "\n",
     NULL},
    {"assert", NULL, MK("c", T("2xi1")) "\"cuda_tile.assert\"(%c) {message = \"boom\"} : (" T("2xi1") ") -> ()\n", NULL},
    /* ---------------- independent errors are all reported (two ops, two errors) */
};

/* Two independent bad ops: both must be reported. */
static void run_two_errors(void) {
  const char *text =
      "\"cuda_tile.module\"() ({\n"
      "\"cuda_tile.entry\"() ({\n"
      "%a = \"test.make\"() : () -> !cuda_tile.tile<4xi32>\n"
      "%r = \"cuda_tile.addf\"(%a, %a) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>\n"
      "%i = \"cuda_tile.iota\"() : () -> !cuda_tile.tile<2x2xi32>\n"
      "\"cuda_tile.return\"() : () -> ()\n"
      "}) {sym_name = \"k\", function_type = () -> ()} : () -> ()\n"
      "}) {sym_name = \"m\"} : () -> ()\n";
  ct_ctx *c = ct_ctx_create();
  c->capture = true;
  MlirModule m = mlirModuleCreateParse(c->mlir, mlirStringRefCreateFromCString(text));
  bool ok = !mlirModuleIsNull(m) && !ct_verify_module(c, m) && c->ndiags == 2 && c->diags[0].line == 4 &&
            c->diags[1].line == 5;
  if (ok)
    passed++;
  else {
    failed++;
    fprintf(stderr, "FAIL two independent errors: %zu diagnostics\n", c->ndiags);
  }
  if (!mlirModuleIsNull(m)) mlirModuleDestroy(m);
  ct_ctx_destroy(c);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&cases[i]);
  run_two_errors();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

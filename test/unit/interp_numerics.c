/* interp_numerics: unit tests of the reference interpreter (lib/interp) — float rounding to
 * f16/bf16/f32 in every IEEE mode, the f16/bf16 bit encodings, and ct_interp_run on small kernels
 * parsed from text (values, grid, bounds errors, argument mismatches, no leaks under LSan).
 * Expected values are hand-computed. Exit status 0 = pass. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"
#include "interp/interp.h"
#include "support/context.h"

static int failures;
#define EXPECT(cond)                                                      \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                         \
    }                                                                     \
  } while (0)

static void test_rounding(void) {
  /* 1 + 0.75 ulp(f32) */
  long double x = 1.0L + 1.5L * ldexpl(1.0L, -24);
  EXPECT(ct_interp_round_float(x, CT_F32, 0) == 1.0 + ldexp(1.0, -23));
  EXPECT(ct_interp_round_float(x, CT_F32, 1) == 1.0);
  EXPECT(ct_interp_round_float(x, CT_F32, 2) == 1.0);
  EXPECT(ct_interp_round_float(x, CT_F32, 3) == 1.0 + ldexp(1.0, -23));
  EXPECT(ct_interp_round_float(-x, CT_F32, 2) == -(1.0 + ldexp(1.0, -23)));
  /* ties to even: 1 + 0.5 ulp(f16) -> 1; 1 + 1.5 ulp -> 1 + 2 ulp */
  EXPECT(ct_interp_round_float(1.0L + ldexpl(1.0L, -11), CT_F16, 0) == 1.0);
  EXPECT(ct_interp_round_float(1.0L + 3 * ldexpl(1.0L, -11), CT_F16, 0) == 1.0 + ldexp(1.0, -9));
  /* overflow: f16 max 65504; 65520 rounds to inf (nearest) but to 65504 toward zero */
  EXPECT(isinf(ct_interp_round_float(65520.0L, CT_F16, 0)));
  EXPECT(ct_interp_round_float(65520.0L, CT_F16, 1) == 65504.0);
  EXPECT(ct_interp_round_float(-70000.0L, CT_F16, 3) == -65504.0);
  /* subnormals: the smallest f16 subnormal is 2^-24; 2^-26 rounds to 0, 3 * 2^-26 to 2^-24 */
  EXPECT(ct_interp_round_float(ldexpl(1.0L, -26), CT_F16, 0) == 0.0);
  EXPECT(ct_interp_round_float(3 * ldexpl(1.0L, -26), CT_F16, 0) == ldexp(1.0, -24));
  /* bf16 keeps 8 significant bits: 1 + 2^-8 is a tie -> 1 */
  EXPECT(ct_interp_round_float(1.0L + ldexpl(1.0L, -8), CT_BF16, 0) == 1.0);
  /* i64 values round once: 2^53 + 1 -> 2^53 in f64 */
  EXPECT(ct_interp_round_float(9007199254740993.0L, CT_F64, 0) == 9007199254740992.0);
}

/* fp8 (OCP FP8: e4m3fn has no infinities, 448 at its top; e5m2 is IEEE-like) and tf32: codes,
 * nearest-even rounding, saturation (the compiled cvt.rn.satfinite), every code round-trips */
static void test_fp8_tf32(void) {
  EXPECT(ct_interp_float_to_bits(1.0, CT_F8E4M3FN) == 0x38 && ct_interp_bits_to_float(0x38, CT_F8E4M3FN) == 1.0);
  EXPECT(ct_interp_bits_to_float(0x7E, CT_F8E4M3FN) == 448.0 && isnan(ct_interp_bits_to_float(0x7F, CT_F8E4M3FN)));
  EXPECT(ct_interp_bits_to_float(0x78, CT_F8E4M3FN) == 256.0); /* exponent 15 is a normal number */
  EXPECT(ct_interp_bits_to_float(0x01, CT_F8E4M3FN) == ldexp(1.0, -9));
  EXPECT(ct_interp_float_to_bits(NAN, CT_F8E4M3FN) == 0x7F);
  EXPECT(ct_interp_round_float(1000.0L, CT_F8E4M3FN, 0) == 448.0);
  EXPECT(ct_interp_round_float(-INFINITY, CT_F8E4M3FN, 0) == -448.0);
  EXPECT(ct_interp_round_float(464.0L, CT_F8E4M3FN, 0) == 448.0);
  EXPECT(ct_interp_round_float(1.0625L, CT_F8E4M3FN, 0) == 1.0);   /* tie -> even */
  EXPECT(ct_interp_round_float(1.1875L, CT_F8E4M3FN, 0) == 1.25);
  EXPECT(ct_interp_round_float(ldexpl(1.0L, -10), CT_F8E4M3FN, 0) == 0.0); /* half the smallest subnormal: even */
  EXPECT(ct_interp_bits_to_float(0x7B, CT_F8E5M2) == 57344.0 && isinf(ct_interp_bits_to_float(0x7C, CT_F8E5M2)));
  EXPECT(ct_interp_round_float(1e6L, CT_F8E5M2, 0) == 57344.0 && ct_interp_round_float(INFINITY, CT_F8E5M2, 0) == 57344.0);
  EXPECT(ct_interp_float_to_bits(3.0, CT_F8E5M2) == 0x42);
  for (unsigned b = 0; b < 0x7F; b++)
    EXPECT(ct_interp_float_to_bits(ct_interp_bits_to_float(b, CT_F8E4M3FN), CT_F8E4M3FN) == b);
  for (unsigned b = 0; b < 0x7C; b++)
    EXPECT(ct_interp_float_to_bits(ct_interp_bits_to_float(b, CT_F8E5M2), CT_F8E5M2) == b);
  EXPECT(ct_interp_round_float(1.0L + ldexpl(1.0L, -11), CT_TF32, 0) == 1.0);
  EXPECT(ct_interp_round_float(1.0L + 3 * ldexpl(1.0L, -11), CT_TF32, 0) == 1.0 + ldexp(1.0, -9));
  EXPECT(ct_interp_float_to_bits(1.0 + ldexp(1.0, -10), CT_TF32) == 0x3F802000u);
  EXPECT(ct_interp_bits_to_float(0x3F802000u, CT_TF32) == 1.0 + ldexp(1.0, -10));
}

static void test_bits(void) {
  EXPECT(ct_interp_float_to_bits(1.0, CT_F16) == 0x3C00);
  EXPECT(ct_interp_float_to_bits(-2.0, CT_F16) == 0xC000);
  EXPECT(ct_interp_float_to_bits(65504.0, CT_F16) == 0x7BFF);
  EXPECT(ct_interp_float_to_bits(ldexp(1.0, -24), CT_F16) == 0x0001);
  EXPECT(ct_interp_float_to_bits(INFINITY, CT_F16) == 0x7C00);
  EXPECT(ct_interp_float_to_bits(1.0, CT_BF16) == 0x3F80);
  EXPECT(ct_interp_float_to_bits(-0.0, CT_BF16) == 0x8000);
  EXPECT(ct_interp_bits_to_float(0x3555, CT_F16) == 0x1.554p-2);
  EXPECT(ct_interp_bits_to_float(0x0001, CT_F16) == ldexp(1.0, -24));
  EXPECT(isnan(ct_interp_bits_to_float(0x7E00, CT_F16)));
  EXPECT(ct_interp_bits_to_float(0xC0490FDB, CT_F32) == (double)-3.14159274f);
  for (unsigned b = 0; b < 0x7C00; b++) EXPECT(ct_interp_float_to_bits(ct_interp_bits_to_float(b, CT_F16), CT_F16) == b);
}

static const char kernel[] =
    "cuda_tile.module @m {\n"
    "  entry @scale(%x: tile<ptr<f16>>, %y: tile<ptr<f32>>, %s: tile<f32>) {\n"
    "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "    %xtv = make_tensor_view %x, shape = [6], strides = [1] : tensor_view<6xf16, strides=[1]>\n"
    "    %ytv = make_tensor_view %y, shape = [6], strides = [1] : tensor_view<6xf32, strides=[1]>\n"
    "    %xpv = make_partition_view %xtv : partition_view<tile=(4), tensor_view<6xf16, strides=[1]>>\n"
    "    %ypv = make_partition_view %ytv : partition_view<tile=(4), tensor_view<6xf32, strides=[1]>>\n"
    "    %v, %t = load_view_tko weak %xpv[%bx] : partition_view<tile=(4), tensor_view<6xf16, strides=[1]>>, tile<i32> -> tile<4xf16>, token\n"
    "    %w = ftof %v : tile<4xf16> -> tile<4xf32>\n"
    "    %s1 = reshape %s : tile<f32> -> tile<1xf32>\n"
    "    %sb = broadcast %s1 : tile<1xf32> -> tile<4xf32>\n"
    "    %r = mulf %w, %sb : tile<4xf32>\n"
    "    %t2 = store_view_tko weak %r, %ypv[%bx] : tile<4xf32>, partition_view<tile=(4), tensor_view<6xf32, strides=[1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_run(void) {
  ct_ctx *c = ct_ctx_create();
  c->capture = true;
  MlirModule m = ct_parse_text(c, "unit.mlir", 1, kernel, strlen(kernel));
  EXPECT(!mlirModuleIsNull(m));
  if (mlirModuleIsNull(m)) {
    ct_ctx_destroy(c);
    return;
  }
  EXPECT(ct_verify_module(c, m));
  MlirOperation entry = ct_interp_find_entry(c, m, NULL);
  EXPECT(!mlirOperationIsNull(entry));
  ct_type params[4];
  EXPECT(ct_interp_entry_params(entry, params, 4) == 3);
  EXPECT(params[0].elem == CT_PTR && params[0].pointee == CT_F16 && params[2].elem == CT_F32);

  uint16_t x[6];
  float y[6];
  for (int i = 0; i < 6; i++) x[i] = (uint16_t)ct_interp_float_to_bits(i + 0.5, CT_F16);
  for (int i = 0; i < 6; i++) y[i] = -1.0f;
  ct_interp_buffer buffers[2] = {{x, sizeof x, "x"}, {y, sizeof y, "y"}};
  float scale = 2.0f;
  uint32_t scale_bits;
  memcpy(&scale_bits, &scale, sizeof scale_bits);
  ct_interp_arg args[3] = {{CT_INTERP_ARG_BUFFER, 0, 0}, {CT_INTERP_ARG_BUFFER, 1, 0}, {CT_INTERP_ARG_SCALAR, 0, scale_bits}};
  ct_interp_config config = {.grid = {2, 1, 1}, .buffers = buffers, .buffer_count = 2, .args = args, .arg_count = 3};
  EXPECT(ct_interp_run(c, entry, &config));
  for (int i = 0; i < 6; i++) EXPECT(y[i] == 2.0f * (float)i + 1.0f);

  /* a 5-element y buffer: the view still says 6 elements, so element [1] of tile block 1 writes
   * past the end of "y" (at 0x20000000014) and the run fails with a located error */
  buffers[1].bytes = 5 * sizeof(float);
  c->nerrors = 0;
  EXPECT(!ct_interp_run(c, entry, &config));
  EXPECT(c->ndiags >= 1);
  bool found = false;
  for (size_t i = 0; i < c->ndiags; i++)
    if (strstr(c->diags[i].message, "store_view_tko: element [1] writes address 0x20000000014 outside every buffer") &&
        strstr(c->diags[i].message, "(nearest: y at 0x20000000000, 20 bytes)"))
      found = true;
  EXPECT(found);

  /* a scalar where a pointer is expected */
  args[0].kind = CT_INTERP_ARG_SCALAR;
  EXPECT(!ct_interp_run(c, entry, &config));
  mlirModuleDestroy(m);
  ct_ctx_destroy(c);
}

int main(void) {
  test_rounding();
  test_bits();
  test_fp8_tf32();
  test_run();
  if (failures) {
    fprintf(stderr, "interp_numerics: %d failures\n", failures);
    return 1;
  }
  printf("interp_numerics: all passed\n");
  return 0;
}

/* run_types_test.c - unit tests of f16/bf16 conversions, element load/store, scalar parsing and
 * the seeded RNG (run_types.c). Knobs: none. */
#include "run_types.h"

#include "run_test.h"

static void test_f16(void) {
  EXPECT(run_f32_to_f16(1.0f) == 0x3C00);
  EXPECT(run_f32_to_f16(-2.0f) == 0xC000);
  EXPECT(run_f32_to_f16(0.0f) == 0x0000);
  EXPECT(run_f32_to_f16(-0.0f) == 0x8000);
  EXPECT(run_f32_to_f16(65504.0f) == 0x7BFF);          /* max finite */
  EXPECT(run_f32_to_f16(65520.0f) == 0x7C00);          /* rounds up to inf */
  EXPECT(run_f32_to_f16(1e10f) == 0x7C00);
  EXPECT(run_f32_to_f16(5.9604645e-8f) == 0x0001);     /* 2^-24, smallest subnormal */
  EXPECT(run_f32_to_f16(6.1035156e-5f) == 0x0400);     /* 2^-14, smallest normal */
  EXPECT(run_f32_to_f16(1.0f + 1.0f / 2048) == 0x3C00); /* tie -> even (down) */
  EXPECT(run_f32_to_f16(1.0f + 3.0f / 2048) == 0x3C02); /* tie -> even (up) */
  EXPECT(run_f32_to_f16(NAN) >= 0x7C01 && run_f32_to_f16(NAN) <= 0x7FFF);
  EXPECT(run_f16_to_f32(0x3C00) == 1.0f);
  EXPECT(run_f16_to_f32(0x0001) == 5.9604645e-8f);
  EXPECT(run_f16_to_f32(0x7BFF) == 65504.0f);
  EXPECT(isinf(run_f16_to_f32(0xFC00)) && run_f16_to_f32(0xFC00) < 0);
  EXPECT(isnan(run_f16_to_f32(0xFFFF))); /* the poison pattern is NaN */
  /* every finite half round-trips */
  int bad = 0;
  for (unsigned bits = 0; bits < 0x10000; bits++) {
    if ((bits & 0x7C00) == 0x7C00) continue;
    if (run_f32_to_f16(run_f16_to_f32((uint16_t)bits)) != bits) bad++;
  }
  EXPECT(bad == 0);
}

/* fp8 and tf32: the values the formats define (OCP FP8 spec; NVIDIA tf32), rounding to nearest
 * even, saturation, NaN */
static void test_fp8_tf32(void) {
  EXPECT(run_f32_to_fp8(1.0f, 1) == 0x38 && run_fp8_to_f32(0x38, 1) == 1.0f);
  EXPECT(run_fp8_to_f32(0x7E, 1) == 448.0f && isnan(run_fp8_to_f32(0x7F, 1)));
  EXPECT(run_fp8_to_f32(0x01, 1) == 0x1p-9f);                 /* smallest e4m3 subnormal */
  EXPECT(run_f32_to_fp8(1000.0f, 1) == 0x7E);                 /* saturates */
  EXPECT(run_f32_to_fp8(-1000.0f, 1) == 0xFE);
  EXPECT(run_f32_to_fp8(1.0625f, 1) == 0x38);                 /* 1 + 1/16: tie -> even (1.0) */
  EXPECT(run_f32_to_fp8(1.1875f, 1) == 0x3A);                 /* 1 + 3/16: tie -> even (1.25) */
  EXPECT(run_f32_to_fp8(0.3f, 1) == 0x2A && run_fp8_to_f32(0x2A, 1) == 0.3125f);
  EXPECT(run_f32_to_fp8(1.0f, 0) == 0x3C && run_fp8_to_f32(0x3C, 0) == 1.0f);
  EXPECT(run_fp8_to_f32(0x7B, 0) == 57344.0f && isinf(run_fp8_to_f32(0x7C, 0)));
  EXPECT(run_f32_to_fp8(1e6f, 0) == 0x7B && run_f32_to_fp8(INFINITY, 0) == 0x7B);
  EXPECT(isnan(run_fp8_to_f32(run_f32_to_fp8(NAN, 1), 1)) && isnan(run_fp8_to_f32(run_f32_to_fp8(NAN, 0), 0)));
  EXPECT(run_fp8_to_f32(0x80, 1) == 0.0f && signbit(run_fp8_to_f32(0x80, 1)));
  for (int c = 0; c < 0x7F; c++) /* every finite code round-trips */
    EXPECT(run_f32_to_fp8(run_fp8_to_f32((uint8_t)c, 1), 1) == c);
  for (int c = 0; c < 0x7C; c++) EXPECT(run_f32_to_fp8(run_fp8_to_f32((uint8_t)c, 0), 0) == c);
  EXPECT(run_f32_to_tf32(1.0f + 0x1p-11f) == 1.0f);                   /* tie -> even */
  EXPECT(run_f32_to_tf32(1.0f + 0x1p-11f + 0x1p-20f) == 1.0f + 0x1p-10f);
  EXPECT(run_f32_to_tf32(1.0f + 0x1p-10f) == 1.0f + 0x1p-10f);
  EXPECT(run_dtype_parse("f8E4M3FN", 8) == RUN_DTYPE_F8E4M3FN && run_dtype_size(RUN_DTYPE_F8E4M3FN) == 1);
  EXPECT(run_dtype_parse("tf32", 4) == RUN_DTYPE_TF32 && run_dtype_size(RUN_DTYPE_TF32) == 4);
  unsigned char buf[4];
  run_store_element(buf, RUN_DTYPE_F8E5M2, 0, 3.0);
  EXPECT(buf[0] == 0x42 && run_load_element(buf, RUN_DTYPE_F8E5M2, 0) == 3.0);
  run_store_element(buf, RUN_DTYPE_TF32, 0, 1.0 + 0x1p-12);
  EXPECT(run_load_element(buf, RUN_DTYPE_TF32, 0) == 1.0);
}

static void test_bf16(void) {
  EXPECT(run_f32_to_bf16(1.0f) == 0x3F80);
  EXPECT(run_bf16_to_f32(0x3F80) == 1.0f);
  EXPECT(run_f32_to_bf16(1.0f + 1.0f / 256) == 0x3F80); /* tie -> even */
  EXPECT(run_f32_to_bf16(1.0f + 3.0f / 256) == 0x3F82);
  EXPECT(isnan(run_bf16_to_f32(run_f32_to_bf16(NAN))));
  EXPECT(isnan(run_bf16_to_f32(0xFFFF)));
}

static void test_elements_and_scalars(void) {
  unsigned char buffer[16];
  run_store_element(buffer, RUN_DTYPE_I32, 1, -7.0);
  EXPECT(run_load_element(buffer, RUN_DTYPE_I32, 1) == -7.0);
  run_store_element(buffer, RUN_DTYPE_F16, 0, 0.5);
  EXPECT(run_load_element(buffer, RUN_DTYPE_F16, 0) == 0.5);
  unsigned char raw[8];
  EXPECT(run_parse_scalar("1024", RUN_DTYPE_I32, raw) == 0 && raw[0] == 0 && raw[1] == 4);
  EXPECT(run_parse_scalar("0x10", RUN_DTYPE_I8, raw) == 0 && raw[0] == 16);
  EXPECT(run_parse_scalar("300", RUN_DTYPE_I8, raw) == -1);
  EXPECT(run_parse_scalar("2", RUN_DTYPE_I1, raw) == -1);
  EXPECT(run_parse_scalar("1.5", RUN_DTYPE_I32, raw) == -1);
  EXPECT(run_parse_scalar("", RUN_DTYPE_I32, raw) == -1);
  EXPECT(run_parse_scalar("1e-5", RUN_DTYPE_F32, raw) == 0);
  EXPECT_NEAR(run_load_element(raw, RUN_DTYPE_F32, 0), 1e-5, 1e-12);
  EXPECT(run_parse_scalar("1.0", RUN_DTYPE_F16, raw) == 0 && raw[0] == 0x00 && raw[1] == 0x3C);
  EXPECT(run_parse_scalar("abc", RUN_DTYPE_F32, raw) == -1);
  EXPECT(run_dtype_parse("bf16", 4) == RUN_DTYPE_BF16);
  EXPECT(run_dtype_parse("f8", 2) == RUN_DTYPE_INVALID);
  EXPECT(run_dtype_size(RUN_DTYPE_I1) == 1 && run_dtype_size(RUN_DTYPE_F64) == 8);
}

static void test_rng(void) {
  run_rng first, second;
  run_rng_seed(&first, 42);
  run_rng_seed(&second, 42);
  int same = 1, in_range = 1;
  double sum = 0;
  for (int i = 0; i < 10000; i++) {
    double a = run_rng_uniform(&first, -1, 1), b = run_rng_uniform(&second, -1, 1);
    if (a != b) same = 0;
    if (a < -1 || a >= 1) in_range = 0;
    sum += a;
  }
  EXPECT(same);
  EXPECT(in_range);
  EXPECT(fabs(sum / 10000) < 0.05); /* mean near 0 */
  run_rng_seed(&second, 43);
  run_rng_seed(&first, 42);
  EXPECT(run_rng_next(&first) != run_rng_next(&second));
  /* splitmix64 reference value for seed 0 */
  run_rng_seed(&first, 0);
  EXPECT(run_rng_next(&first) == 0xE220A8397B1DCDAFull);
}

int main(void) {
  test_f16();
  test_bf16();
  test_fp8_tf32();
  test_elements_and_scalars();
  test_rng();
  TEST_DONE("run_types_test");
}

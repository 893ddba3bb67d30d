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
  test_elements_and_scalars();
  test_rng();
  TEST_DONE("run_types_test");
}

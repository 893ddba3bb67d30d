/* run_check_test.c - unit tests of the tolerance tables and the max-relative-error comparison,
 * NaN (poison) detection included (run_check.c). Knobs: none. */
#include "run_check.h"

#include "run_test.h"

static void test_tolerances(void) {
  EXPECT(run_default_tolerance(RUN_CHECK_ELEMENTWISE, RUN_DTYPE_F32, RUN_DTYPE_F32) == 1e-5);
  EXPECT(run_default_tolerance(RUN_CHECK_ELEMENTWISE, RUN_DTYPE_F16, RUN_DTYPE_F16) == 1e-3);
  EXPECT(run_default_tolerance(RUN_CHECK_ELEMENTWISE, RUN_DTYPE_BF16, RUN_DTYPE_BF16) == 8e-3);
  EXPECT(run_default_tolerance(RUN_CHECK_ELEMENTWISE, RUN_DTYPE_I32, RUN_DTYPE_I32) == 0.0);
  EXPECT(run_default_tolerance(RUN_CHECK_REDUCTION, RUN_DTYPE_F32, RUN_DTYPE_F32) == 1e-4);
  EXPECT(run_default_tolerance(RUN_CHECK_GEMM, RUN_DTYPE_F32, RUN_DTYPE_F16) == 1e-2);
  EXPECT(run_default_tolerance(RUN_CHECK_GEMM, RUN_DTYPE_F32, RUN_DTYPE_BF16) == 1e-2);
  EXPECT(run_default_tolerance(RUN_CHECK_GEMM, RUN_DTYPE_F32, RUN_DTYPE_F32) == 1e-4);
  /* gemm into bf16 output: at least the bf16 elementwise tolerance */
  EXPECT(run_default_tolerance(RUN_CHECK_GEMM, RUN_DTYPE_BF16, RUN_DTYPE_F32) == 8e-3);
}

static void test_compare(void) {
  double want[4] = {1.0, -2.0, 4.0, 0.0};
  float got[4] = {1.0f, -2.0f, 4.0f, 0.0f};
  run_check_result result;
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_ELEMENTWISE, 1e-5, &result);
  EXPECT(result.passed && result.max_rel_err == 0.0 && result.checked_count == 4);

  got[2] = 4.0f * (1.0f + 2e-5f); /* 2e-5 relative: fails at 1e-5 */
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_ELEMENTWISE, 1e-5, &result);
  EXPECT(!result.passed && result.bad_count == 1 && result.worst_index == 2);
  EXPECT_NEAR(result.max_rel_err, 2e-5, 1e-7);
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_ELEMENTWISE, 1e-4, &result);
  EXPECT(result.passed);

  /* gemm metric: error relative to max |ref| = 4, so 0.03 off on the 1.0 element is 0.0075 */
  got[2] = 4.0f;
  got[0] = 1.03f;
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_GEMM, 1e-2, &result);
  EXPECT(result.passed);
  EXPECT_NEAR(result.max_rel_err, 0.03 / 4, 1e-6);
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_ELEMENTWISE, 1e-2, &result);
  EXPECT(!result.passed); /* 3% element-relative */

  /* reduction floor: an error of 1e-7 on a zero reference is judged against 1e-3 * 4 */
  got[0] = 1.0f;
  got[3] = 1e-7f;
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_REDUCTION, 1e-4, &result);
  EXPECT(result.passed);
  EXPECT_NEAR(result.max_rel_err, 1e-7 / 4e-3, 1e-7);
  got[3] = 1e-6f; /* 2.5e-4 of the scale: fails */
  run_check_compare(want, got, RUN_DTYPE_F32, 4, RUN_CHECK_REDUCTION, 1e-4, &result);
  EXPECT(!result.passed && result.worst_index == 3);
}

static void test_nan_and_poison(void) {
  double want[3] = {1.0, 2.0, 3.0};
  uint16_t got[3] = {0x3C00, 0x4000, 0xFFFF}; /* f16: 1, 2, poison */
  run_check_result result;
  run_check_compare(want, got, RUN_DTYPE_F16, 3, RUN_CHECK_ELEMENTWISE, 1.0, &result);
  EXPECT(!result.passed && result.nan_count == 1 && result.worst_index == 2);
  EXPECT(run_count_nans(got, RUN_DTYPE_F16, 3) == 1);
  uint32_t poisoned_f32 = 0xFFFFFFFFu;
  EXPECT(run_count_nans(&poisoned_f32, RUN_DTYPE_F32, 1) == 1);
  int32_t ints[2] = {-1, 5};
  EXPECT(run_count_nans(ints, RUN_DTYPE_I32, 2) == 0);

  /* infinity where the reference is finite fails even with a huge tolerance */
  float inf_got[1] = {INFINITY};
  double one[1] = {1.0};
  run_check_compare(one, inf_got, RUN_DTYPE_F32, 1, RUN_CHECK_ELEMENTWISE, 1e30, &result);
  EXPECT(!result.passed);

  /* NaN in want = element not checked, but a NaN output there still fails */
  double sampled[2] = {NAN, 2.0};
  float sampled_got[2] = {123.0f, 2.0f};
  run_check_compare(sampled, sampled_got, RUN_DTYPE_F32, 2, RUN_CHECK_GEMM, 1e-2, &result);
  EXPECT(result.passed && result.checked_count == 1);
  sampled_got[0] = NAN;
  run_check_compare(sampled, sampled_got, RUN_DTYPE_F32, 2, RUN_CHECK_GEMM, 1e-2, &result);
  EXPECT(!result.passed && result.nan_count == 1);

  /* integers: exact */
  int32_t int_got[2] = {3, 4};
  double int_want[2] = {3, 5};
  run_check_compare(int_want, int_got, RUN_DTYPE_I32, 2, RUN_CHECK_ELEMENTWISE, 0.0, &result);
  EXPECT(!result.passed && result.bad_count == 1);
}

int main(void) {
  test_tolerances();
  test_compare();
  test_nan_and_poison();
  TEST_DONE("run_check_test");
}

/* run_reference_test.c - unit tests of the built-in C references (run_reference.c) on small
 * hand-computed cases, and their shape validation. Knobs: none. */
#include "run_reference.h"

#include <stdlib.h>

#include "run_test.h"

static run_host_tensor tensor(run_dtype dtype, unsigned rank, const uint64_t *shape, const void *data) {
  uint64_t count = 1;
  for (unsigned i = 0; i < rank; i++) count *= shape[i];
  return (run_host_tensor){dtype, rank, shape, count, data};
}

static void test_vadd(void) {
  static const uint64_t shape[1] = {3};
  float a[3] = {1, 2, 3}, b[3] = {10, 20, 30};
  run_host_tensor inputs[2] = {tensor(RUN_DTYPE_F32, 1, shape, a), tensor(RUN_DTYPE_F32, 1, shape, b)};
  run_host_tensor output = tensor(RUN_DTYPE_F32, 1, shape, NULL);
  run_reference_spec spec = {.mode = RUN_REF_C, .name = RUN_CREF_VADD};
  double want[3];
  run_reference_info info;
  char error[256];
  EXPECT(run_reference_compute(&spec, inputs, 2, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  EXPECT(want[0] == 11 && want[1] == 22 && want[2] == 33);
  EXPECT(info.kind == RUN_CHECK_ELEMENTWISE);
  EXPECT(run_reference_compute(&spec, inputs, 1, &output, NULL, 0, want, &info, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "wants 2 input buffers");
}

static void test_softmax(void) {
  static const uint64_t shape[2] = {2, 3};
  float x[6] = {0, 0, 0, 1, 2, 3};
  run_host_tensor input = tensor(RUN_DTYPE_F32, 2, shape, x);
  run_host_tensor output = tensor(RUN_DTYPE_F32, 2, shape, NULL);
  run_reference_spec spec = {.mode = RUN_REF_C, .name = RUN_CREF_SOFTMAX};
  double want[6];
  run_reference_info info;
  char error[256];
  EXPECT(run_reference_compute(&spec, &input, 1, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  EXPECT_NEAR(want[0], 1.0 / 3, 1e-15);
  double denominator = exp(1) + exp(2) + exp(3);
  EXPECT_NEAR(want[5], exp(3) / denominator, 1e-15);
  EXPECT_NEAR(want[3] + want[4] + want[5], 1.0, 1e-15);
  EXPECT(info.kind == RUN_CHECK_REDUCTION);
}

static void test_layernorm(void) {
  static const uint64_t shape[2] = {1, 4}, vector_shape[1] = {4};
  float x[4] = {1, 2, 3, 4}, gamma[4] = {1, 2, 1, 1}, beta[4] = {0, 0, 0, 10};
  run_host_tensor inputs[3] = {tensor(RUN_DTYPE_F32, 2, shape, x), tensor(RUN_DTYPE_F32, 1, vector_shape, gamma),
                               tensor(RUN_DTYPE_F32, 1, vector_shape, beta)};
  run_host_tensor output = tensor(RUN_DTYPE_F32, 2, shape, NULL);
  run_reference_spec spec = {.mode = RUN_REF_C, .name = RUN_CREF_LAYERNORM};
  double want[4], eps = 0.0;
  run_reference_info info;
  char error[256];
  /* mean 2.5, variance 1.25 */
  EXPECT(run_reference_compute(&spec, inputs, 3, &output, &eps, 1, want, &info, error, sizeof error) == 0);
  double inverse_std = 1.0 / sqrt(1.25);
  EXPECT_NEAR(want[0], -1.5 * inverse_std, 1e-12);
  EXPECT_NEAR(want[1], -0.5 * inverse_std * 2, 1e-12);
  EXPECT_NEAR(want[3], 1.5 * inverse_std + 10, 1e-12);
  EXPECT(run_reference_compute(&spec, inputs, 1, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  EXPECT_NEAR(want[0], -1.5 / sqrt(1.25 + 1e-5), 1e-12); /* default eps */
  static const uint64_t wrong_shape[1] = {3};
  inputs[1] = tensor(RUN_DTYPE_F32, 1, wrong_shape, gamma);
  EXPECT(run_reference_compute(&spec, inputs, 2, &output, NULL, 0, want, &info, error, sizeof error) == -1);
}

static void test_gemm(void) {
  /* A [2,3], B [3,2] -> C [2,2]; f16 inputs */
  static const uint64_t a_shape[2] = {2, 3}, b_shape[2] = {3, 2}, bt_shape[2] = {2, 3}, c_shape[2] = {2, 2},
                        bias_shape[1] = {2};
  float a_values[6] = {1, 2, 3, 4, 5, 6}, b_values[6] = {1, -1, 0, 2, -1, 0};
  uint16_t a[6], b[6], bt[6];
  for (int i = 0; i < 6; i++) {
    a[i] = run_f32_to_f16(a_values[i]);
    b[i] = run_f32_to_f16(b_values[i]);
  }
  for (int k = 0; k < 3; k++)
    for (int n = 0; n < 2; n++) bt[n * 3 + k] = b[k * 2 + n];
  float bias[2] = {0.5f, -100.0f};
  run_host_tensor inputs[3] = {tensor(RUN_DTYPE_F16, 2, a_shape, a), tensor(RUN_DTYPE_F16, 2, b_shape, b),
                               tensor(RUN_DTYPE_F32, 1, bias_shape, bias)};
  run_host_tensor output = tensor(RUN_DTYPE_F32, 2, c_shape, NULL);
  run_reference_spec spec = {.mode = RUN_REF_C, .name = RUN_CREF_GEMM};
  double want[4];
  run_reference_info info;
  char error[256];
  EXPECT(run_reference_compute(&spec, inputs, 2, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  /* row0: [1,2,3].[1,0,-1] = -2, [1,2,3].[-1,2,0] = 3; row1: 4-6 = -2, -4+10 = 6 */
  EXPECT(want[0] == -2 && want[1] == 3 && want[2] == -2 && want[3] == 6);
  EXPECT(info.kind == RUN_CHECK_GEMM && info.flops == 24 && info.input_dtype == RUN_DTYPE_F16);

  spec.gemm_b_transposed = 1;
  inputs[1] = tensor(RUN_DTYPE_F16, 2, bt_shape, bt);
  spec.gemm_bias = 1;
  spec.gemm_relu = 1;
  EXPECT(run_reference_compute(&spec, inputs, 3, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  EXPECT(want[0] == 0 && want[1] == 0 && want[2] == 0 && want[3] == 0); /* -1.5, -97, -1.5, -94 -> relu */
  bias[1] = 100.0f;
  EXPECT(run_reference_compute(&spec, inputs, 3, &output, NULL, 0, want, &info, error, sizeof error) == 0);
  EXPECT(want[1] == 103 && want[3] == 106);

  spec.gemm_b_transposed = 0; /* B is now [2,3]: K mismatch */
  EXPECT(run_reference_compute(&spec, inputs, 3, &output, NULL, 0, want, &info, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "want KxN");
  spec.gemm_b_transposed = 1;
  static const uint64_t bad_c_shape[2] = {2, 3};
  run_host_tensor bad_output = tensor(RUN_DTYPE_F32, 2, bad_c_shape, NULL);
  double want6[6];
  EXPECT(run_reference_compute(&spec, inputs, 3, &bad_output, NULL, 0, want6, &info, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "output is 2x3, want 2x2");
}

static void test_gemm_sampling(void) {
  /* 512 x 256 x 4096 = 2^29 MACs: rows sampled with step 3 (2 rounded up to odd) + the last */
  static const uint64_t a_shape[2] = {512, 4096}, b_shape[2] = {4096, 256}, c_shape[2] = {512, 256};
  uint16_t *a = calloc(512 * 4096, 2), *b = calloc(4096 * 256, 2);
  double *want = malloc(sizeof(double) * 512 * 256);
  if (!a || !b || !want) {
    EXPECT(0);
  } else {
    run_host_tensor inputs[2] = {tensor(RUN_DTYPE_F16, 2, a_shape, a), tensor(RUN_DTYPE_F16, 2, b_shape, b)};
    run_host_tensor output = tensor(RUN_DTYPE_F32, 2, c_shape, NULL);
    run_reference_spec spec = {.mode = RUN_REF_C, .name = RUN_CREF_GEMM};
    run_reference_info info;
    char error[256];
    EXPECT(run_reference_compute(&spec, inputs, 2, &output, NULL, 0, want, &info, error, sizeof error) == 0);
    EXPECT(want[0] == 0.0 && isnan(want[256]) && isnan(want[2 * 256]) && want[3 * 256] == 0.0);
    EXPECT(want[511 * 256] == 0.0); /* last row checked */
    EXPECT(info.flops == 2.0 * 512 * 256 * 4096);
  }
  free(a);
  free(b);
  free(want);
}

int main(void) {
  test_vadd();
  test_softmax();
  test_layernorm();
  test_gemm();
  test_gemm_sampling();
  TEST_DONE("run_reference_test");
}

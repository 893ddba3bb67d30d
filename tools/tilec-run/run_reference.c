/* run_reference.c - the C references of run_reference.h.
 * Algorithm: straightforward loops in double (softmax subtracts the row max; layernorm uses a
 * two-pass mean/variance; gemm is the i-j-k triple loop with a double accumulator).
 * Knobs: none. */
#include "run_reference.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static double at(const run_host_tensor *tensor, uint64_t index) {
  return run_load_element(tensor->data, tensor->dtype, (size_t)index);
}

static uint64_t last_dim(const run_host_tensor *tensor) { return tensor->shape[tensor->rank - 1]; }

static int reference_vadd(const run_host_tensor *inputs, unsigned input_count,
                          const run_host_tensor *output, double *want, char *error, size_t error_size) {
  if (input_count != 2) return run_fail(error, error_size, "reference vadd wants 2 input buffers, got %u", input_count);
  if (inputs[0].count != output->count || inputs[1].count != output->count)
    return run_fail(error, error_size, "reference vadd wants inputs and output of equal size");
  for (uint64_t i = 0; i < output->count; i++) want[i] = at(&inputs[0], i) + at(&inputs[1], i);
  return 0;
}

static int reference_softmax(const run_host_tensor *inputs, unsigned input_count,
                             const run_host_tensor *output, double *want, char *error, size_t error_size) {
  if (input_count != 1) return run_fail(error, error_size, "reference softmax wants 1 input buffer, got %u", input_count);
  if (inputs[0].count != output->count || last_dim(&inputs[0]) != last_dim(output))
    return run_fail(error, error_size, "reference softmax wants input and output of the same shape");
  uint64_t columns = last_dim(&inputs[0]), rows = inputs[0].count / columns;
  for (uint64_t r = 0; r < rows; r++) {
    double row_max = -INFINITY, sum = 0.0;
    for (uint64_t c = 0; c < columns; c++) row_max = fmax(row_max, at(&inputs[0], r * columns + c));
    for (uint64_t c = 0; c < columns; c++) {
      want[r * columns + c] = exp(at(&inputs[0], r * columns + c) - row_max);
      sum += want[r * columns + c];
    }
    for (uint64_t c = 0; c < columns; c++) want[r * columns + c] /= sum;
  }
  return 0;
}

static int reference_layernorm(const run_host_tensor *inputs, unsigned input_count,
                               const run_host_tensor *output, const double *float_scalars,
                               unsigned float_scalar_count, double *want, char *error, size_t error_size) {
  if (input_count < 1 || input_count > 3)
    return run_fail(error, error_size, "reference layernorm wants 1 to 3 input buffers (x, gamma, beta), got %u",
                input_count);
  const run_host_tensor *x = &inputs[0];
  if (x->count != output->count || last_dim(x) != last_dim(output))
    return run_fail(error, error_size, "reference layernorm wants x and output of the same shape");
  uint64_t columns = last_dim(x), rows = x->count / columns;
  for (unsigned i = 1; i < input_count; i++)
    if (inputs[i].count != columns)
      return run_fail(error, error_size, "reference layernorm wants gamma/beta of %llu elements",
                  (unsigned long long)columns);
  double eps = float_scalar_count > 0 ? float_scalars[0] : 1e-5;
  for (uint64_t r = 0; r < rows; r++) {
    double mean = 0.0, variance = 0.0;
    for (uint64_t c = 0; c < columns; c++) mean += at(x, r * columns + c);
    mean /= (double)columns;
    for (uint64_t c = 0; c < columns; c++) {
      double d = at(x, r * columns + c) - mean;
      variance += d * d;
    }
    variance /= (double)columns;
    double inverse_std = 1.0 / sqrt(variance + eps);
    for (uint64_t c = 0; c < columns; c++) {
      double value = (at(x, r * columns + c) - mean) * inverse_std;
      if (input_count > 1) value *= at(&inputs[1], c);
      if (input_count > 2) value += at(&inputs[2], c);
      want[r * columns + c] = value;
    }
  }
  return 0;
}

static int reference_gemm(const run_reference_spec *spec, const run_host_tensor *inputs,
                          unsigned input_count, const run_host_tensor *output, double *want,
                          run_reference_info *info, char *error, size_t error_size) {
  unsigned want_inputs = spec->gemm_bias ? 3 : 2;
  if (input_count != want_inputs)
    return run_fail(error, error_size, "reference gemm%s wants %u input buffers, got %u",
                spec->gemm_bias ? " with bias" : "", want_inputs, input_count);
  const run_host_tensor *a = &inputs[0], *b = &inputs[1];
  if (a->rank != 2 || b->rank != 2 || output->rank != 2)
    return run_fail(error, error_size, "reference gemm wants 2-D A, B and output");
  uint64_t m = a->shape[0], k = a->shape[1];
  uint64_t n = spec->gemm_b_transposed ? b->shape[0] : b->shape[1];
  uint64_t b_k = spec->gemm_b_transposed ? b->shape[1] : b->shape[0];
  if (b_k != k)
    return run_fail(error, error_size, "reference gemm: A is %llux%llu but B is %llux%llu%s",
                (unsigned long long)m, (unsigned long long)k, (unsigned long long)b->shape[0],
                (unsigned long long)b->shape[1], spec->gemm_b_transposed ? " (bt: want NxK)" : " (want KxN)");
  if (output->shape[0] != m || output->shape[1] != n)
    return run_fail(error, error_size, "reference gemm: output is %llux%llu, want %llux%llu",
                (unsigned long long)output->shape[0], (unsigned long long)output->shape[1],
                (unsigned long long)m, (unsigned long long)n);
  if (spec->gemm_bias && inputs[2].count != n)
    return run_fail(error, error_size, "reference gemm: bias has %llu elements, want %llu",
                (unsigned long long)inputs[2].count, (unsigned long long)n);
  /* Convert once to double so the triple loop does not decode f16 per multiply. */
  double *a_values = malloc((size_t)(m * k) * sizeof *a_values);
  double *b_values = malloc((size_t)(k * n) * sizeof *b_values); /* stored [N][K] */
  if (!a_values || !b_values) {
    free(a_values);
    free(b_values);
    return run_fail(error, error_size, "out of memory in reference gemm");
  }
  for (uint64_t i = 0; i < m * k; i++) a_values[i] = at(a, i);
  for (uint64_t j = 0; j < n; j++)
    for (uint64_t kk = 0; kk < k; kk++)
      b_values[j * k + kk] = spec->gemm_b_transposed ? at(b, j * k + kk) : at(b, kk * n + j);
  /* Large problems: check every row_step-th row only (about 2^28 multiply-adds in all). The step
   * is odd so the sampled rows fall on every residue modulo a power-of-two tile height; the
   * last row (edge tile) is always checked. */
  uint64_t row_step = 1;
  double macs = (double)m * (double)n * (double)k;
  if (macs > 268435456.0) row_step = ((uint64_t)ceil(macs / 268435456.0)) | 1;
  for (uint64_t i = 0; i < m; i++)
    for (uint64_t j = 0; j < n; j++) {
      if (i % row_step != 0 && i != m - 1) {
        want[i * n + j] = NAN;
        continue;
      }
      double sum = 0.0;
      const double *a_row = a_values + i * k, *b_row = b_values + j * k;
      for (uint64_t kk = 0; kk < k; kk++) sum += a_row[kk] * b_row[kk];
      if (spec->gemm_bias) sum += at(&inputs[2], j);
      if (spec->gemm_relu && sum < 0.0) sum = 0.0;
      want[i * n + j] = sum;
    }
  free(a_values);
  free(b_values);
  info->flops = 2.0 * (double)m * (double)n * (double)k;
  info->input_dtype = a->dtype;
  return 0;
}

int run_reference_compute(const run_reference_spec *spec, const run_host_tensor *inputs,
                          unsigned input_count, const run_host_tensor *output,
                          const double *float_scalars, unsigned float_scalar_count, double *want,
                          run_reference_info *info, char *error, size_t error_size) {
  info->kind = RUN_CHECK_ELEMENTWISE;
  info->input_dtype = input_count ? inputs[0].dtype : output->dtype;
  info->flops = 0.0;
  if (!output || output->rank == 0) return run_fail(error, error_size, "the reference needs an output buffer (ptr:...:out)");
  switch (spec->name) {
  case RUN_CREF_VADD:
    info->flops = (double)output->count;
    return reference_vadd(inputs, input_count, output, want, error, error_size);
  case RUN_CREF_SOFTMAX:
    info->kind = RUN_CHECK_REDUCTION;
    return reference_softmax(inputs, input_count, output, want, error, error_size);
  case RUN_CREF_LAYERNORM:
    info->kind = RUN_CHECK_REDUCTION;
    return reference_layernorm(inputs, input_count, output, float_scalars, float_scalar_count, want,
                               error, error_size);
  case RUN_CREF_GEMM:
    info->kind = RUN_CHECK_GEMM;
    return reference_gemm(spec, inputs, input_count, output, want, info, error, error_size);
  }
  return run_fail(error, error_size, "unknown reference");
}

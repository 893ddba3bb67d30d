/* run_check.c - tolerance tables and the max-relative-error comparison of run_check.h.
 * Algorithm: one pass to find max|want| (scale), one pass computing each element's relative
 * error against max(|want|, floor * scale); the worst element is remembered for the report.
 * Knobs: none. */
#include "run_check.h"

#include <math.h>
#include <string.h>

double run_check_floor(run_check_kind kind) {
  switch (kind) {
  case RUN_CHECK_ELEMENTWISE: return 1e-6;
  case RUN_CHECK_REDUCTION: return 1e-3;
  case RUN_CHECK_GEMM: return 1.0;
  }
  return 1.0;
}

static double elementwise_tolerance(run_dtype dtype) {
  switch (dtype) {
  case RUN_DTYPE_F64: return 1e-12;
  case RUN_DTYPE_F32: return 1e-5;
  case RUN_DTYPE_F16: return 1e-3;
  case RUN_DTYPE_BF16: return 8e-3;
  case RUN_DTYPE_TF32: return 1e-3;
  case RUN_DTYPE_F8E4M3FN: return 7e-2; /* half an ulp of 3 mantissa bits */
  case RUN_DTYPE_F8E5M2: return 1.3e-1;
  default: return 0.0; /* integers: exact */
  }
}

double run_default_tolerance(run_check_kind kind, run_dtype output_dtype, run_dtype input_dtype) {
  double base = elementwise_tolerance(output_dtype);
  switch (kind) {
  case RUN_CHECK_ELEMENTWISE: return base;
  case RUN_CHECK_REDUCTION:
    switch (output_dtype) {
    case RUN_DTYPE_F64: return 1e-10;
    case RUN_DTYPE_F32: return 1e-4;
    case RUN_DTYPE_F16: return 2e-3;
    case RUN_DTYPE_BF16: return 1.6e-2;
    case RUN_DTYPE_TF32: return 2e-3;
    case RUN_DTYPE_F8E4M3FN: return 1.3e-1;
    case RUN_DTYPE_F8E5M2: return 2.5e-1;
    default: return 0.0;
    }
  case RUN_CHECK_GEMM: {
    double by_input;
    switch (input_dtype) {
    case RUN_DTYPE_F16:
    case RUN_DTYPE_BF16: by_input = 1e-2; break;
    case RUN_DTYPE_F32: by_input = 1e-4; break;
    case RUN_DTYPE_TF32: by_input = 1e-3; break;
    case RUN_DTYPE_F8E4M3FN:
    case RUN_DTYPE_F8E5M2: by_input = 1e-2; break; /* exact products; the tensor core's f32 sums */
    case RUN_DTYPE_F64: by_input = 1e-10; break;
    default: by_input = 0.0; break;
    }
    return by_input > base ? by_input : base;
  }
  }
  return base;
}

size_t run_count_nans(const void *data, run_dtype dtype, size_t count) {
  if (!run_dtype_is_float(dtype)) return 0;
  size_t nans = 0;
  for (size_t i = 0; i < count; i++)
    if (isnan(run_load_element(data, dtype, i))) nans++;
  return nans;
}

void run_check_compare(const double *want, const void *got, run_dtype got_dtype, size_t count,
                       run_check_kind kind, double tolerance, run_check_result *result) {
  memset(result, 0, sizeof *result);
  result->tolerance = tolerance;
  double scale = 0.0;
  for (size_t i = 0; i < count; i++)
    if (isfinite(want[i]) && fabs(want[i]) > scale) scale = fabs(want[i]);
  double floor_value = run_check_floor(kind) * scale;
  if (floor_value <= 0.0) floor_value = 1e-30; /* all-zero reference: absolute error */
  for (size_t i = 0; i < count; i++) {
    double value = run_load_element(got, got_dtype, i);
    double error;
    if (isnan(want[i])) { /* element not checked (sampled reference); NaN output still fails */
      if (isnan(value)) {
        result->nan_count++;
        result->bad_count++;
      }
      continue;
    }
    if (isnan(value)) {
      result->nan_count++;
      error = INFINITY;
    } else if (!isfinite(want[i]) || !isfinite(value)) {
      error = (value == want[i]) ? 0.0 : INFINITY;
    } else {
      double denominator = fabs(want[i]) > floor_value ? fabs(want[i]) : floor_value;
      error = fabs(value - want[i]) / denominator;
    }
    if (error > tolerance) result->bad_count++;
    if (!result->checked_count++ || error > result->max_rel_err) {
      result->max_rel_err = error;
      result->worst_index = i;
      result->worst_got = value;
      result->worst_want = want[i];
    }
  }
  result->passed = result->nan_count == 0 && result->bad_count == 0;
}

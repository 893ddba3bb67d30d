/* run_check.h - output comparison against a reference, with per-dtype tolerances.
 * Error measure: max over elements of |got - want| / max(|want|, floor * max|want|), where
 * `floor` depends on the check kind (so values near zero are judged against the output scale):
 *   elementwise 1e-6, reduction (softmax, layernorm) 1e-3, gemm 1 (error relative to max |ref|).
 * Default tolerances (--rtol overrides), by kind and output dtype:
 *   elementwise: f64 1e-12, f32 1e-5, f16 1e-3, bf16 8e-3, integers exact
 *   reduction:   f64 1e-10, f32 1e-4, f16 2e-3, bf16 1.6e-2
 *   gemm:        f16/bf16 inputs 1e-2, f32 inputs 1e-4, f64 1e-10 (at least the elementwise
 *                tolerance of the output dtype)
 * A NaN in `want` marks an element as not checked (the gemm reference samples rows of large
 * problems); the output's element must still not be NaN.
 * Any NaN in an output fails (outputs are poisoned with 0xFF bytes, NaN for float types, so an
 * element the kernel never wrote is caught); so does an infinity where the reference is finite.
 * Knobs: none beyond the tables above. */
#ifndef TILEC_RUN_CHECK_H
#define TILEC_RUN_CHECK_H

#include <stddef.h>

#include "run_types.h"

typedef enum { RUN_CHECK_ELEMENTWISE, RUN_CHECK_REDUCTION, RUN_CHECK_GEMM } run_check_kind;

typedef struct {
  double max_rel_err;
  double tolerance;
  size_t worst_index;
  double worst_got, worst_want;
  size_t nan_count;
  size_t checked_count; /* elements compared (want not NaN) */
  size_t bad_count;     /* elements above tolerance (NaN/inf included) */
  int passed;
} run_check_result;

double run_default_tolerance(run_check_kind kind, run_dtype output_dtype, run_dtype input_dtype);
double run_check_floor(run_check_kind kind);

/* Compares `count` elements of `got` (typed) with `want` (doubles). */
void run_check_compare(const double *want, const void *got, run_dtype got_dtype, size_t count,
                       run_check_kind kind, double tolerance, run_check_result *result);

/* Number of NaN elements in a typed buffer (0 for integer types). */
size_t run_count_nans(const void *data, run_dtype dtype, size_t count);

#endif

/* run_reference.h - built-in C references for the example kernels (--reference=c:NAME).
 * Which kernel arguments play which role: the `ptr` buffers not marked `out` are the inputs in
 * order, the first `out` buffer is the checked output, float scalars are parameters.
 *   vadd       out = in0 + in1 (same element count)
 *   softmax    out[r, :] = softmax(in0[r, :]) over the last dimension
 *   layernorm  out[r, :] = (x - mean) / sqrt(var + eps) [* in1 (gamma, [N])] [+ in2 (beta, [N])];
 *              biased variance; eps = first float scalar argument, else 1e-5
 *   gemm       out[M,N] = in0[M,K] . in1[K,N]  (in1 is [N,K] with option bt)
 *              [+ in2 (bias, [N]) with option bias] [relu with option relu]
 * Large gemms (M*N*K above 2^28) are checked on every s-th row (s odd) and the last row only
 * (the rest of `want` is NaN = not checked, see run_check.h), so the reference stays fast.
 * All arithmetic is in double on the values the inputs hold (after f16/bf16 rounding).
 * Knobs: none. */
#ifndef TILEC_RUN_REFERENCE_H
#define TILEC_RUN_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

#include "run_args.h"
#include "run_check.h"

typedef struct {
  run_dtype dtype;
  unsigned rank;
  const uint64_t *shape; /* outermost first */
  uint64_t count;
  const void *data;
} run_host_tensor;

typedef struct {
  run_check_kind kind;
  run_dtype input_dtype; /* drives the gemm tolerance */
  double flops;          /* per launch, 0 when not meaningful */
} run_reference_info;

/* Computes the expected output into `want` (output->count doubles). Returns 0, or -1 with a
 * message when the arguments do not fit the reference (counts, shapes). */
int run_reference_compute(const run_reference_spec *spec, const run_host_tensor *inputs,
                          unsigned input_count, const run_host_tensor *output,
                          const double *float_scalars, unsigned float_scalar_count, double *want,
                          run_reference_info *info, char *error, size_t error_size);

#endif

/* run_types.h - element types, half-precision conversions and a seeded RNG for tilec-run.
 * Algorithm: f16/bf16 <-> f32 by bit manipulation with round-to-nearest-even (no compiler
 * _Float16 needed); RNG is splitmix64 (one 64-bit state word, reproducible across machines).
 * Knobs: none. */
#ifndef TILEC_RUN_TYPES_H
#define TILEC_RUN_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  RUN_DTYPE_INVALID = 0,
  RUN_DTYPE_I1,
  RUN_DTYPE_I8,
  RUN_DTYPE_I16,
  RUN_DTYPE_I32,
  RUN_DTYPE_I64,
  RUN_DTYPE_F16,
  RUN_DTYPE_BF16,
  RUN_DTYPE_F32,
  RUN_DTYPE_F64,
} run_dtype;

/* "f16" -> RUN_DTYPE_F16; RUN_DTYPE_INVALID when unknown. */
run_dtype run_dtype_parse(const char *name, size_t len);
const char *run_dtype_name(run_dtype type);
/* Bytes per element in memory (i1 is stored as one byte). */
size_t run_dtype_size(run_dtype type);
int run_dtype_is_float(run_dtype type);

uint16_t run_f32_to_f16(float value);
float run_f16_to_f32(uint16_t bits);
uint16_t run_f32_to_bf16(float value);
float run_bf16_to_f32(uint16_t bits);

/* Read/write element `index` of a typed buffer as a double (integers are signed). */
double run_load_element(const void *data, run_dtype type, size_t index);
void run_store_element(void *data, run_dtype type, size_t index, double value);

/* Parse a scalar literal of `type` ("1e-5", "-3", "0x10") into its raw little-endian bytes
 * (`out` holds 8 bytes). Returns 0 on success, -1 when the text is not a valid value of the type. */
int run_parse_scalar(const char *text, run_dtype type, unsigned char out[8]);

/* Formats a message into error (error_size bytes) and returns -1: the error convention of
 * tilec-run's parsers (run_args.c, run_reference.c, run_cubin.c). */
int run_fail(char *error, size_t error_size, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

typedef struct {
  uint64_t state;
} run_rng;

void run_rng_seed(run_rng *rng, uint64_t seed);
uint64_t run_rng_next(run_rng *rng);
/* Uniform double in [lo, hi). */
double run_rng_uniform(run_rng *rng, double lo, double hi);

#endif

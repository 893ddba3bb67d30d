/* run_types.h - element types, half-precision and fp8/tf32 conversions and a seeded RNG for
 * tilec-run.
 * Algorithm: f16/bf16 <-> f32 by bit manipulation with round-to-nearest-even (no compiler
 * _Float16 needed); fp8 by a binary search over the (monotonic) positive codes; RNG is splitmix64
 * (one 64-bit state word, reproducible across machines).
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
  RUN_DTYPE_TF32,     /* stored as f32 with the low 13 mantissa bits zero */
  RUN_DTYPE_F8E4M3FN, /* 1-4-3, bias 7, no infinities, max 448 */
  RUN_DTYPE_F8E5M2,   /* 1-5-2, bias 15, IEEE-like, max 57344 */
  RUN_DTYPE_F8E8M0FNU, /* the MX scale: code c is 2^(c-127), 0xFF NaN; stored from |x| rounded down */
  RUN_DTYPE_F4E2M1FN,  /* 1-2-1, bias 1: 0, 0.5, 1, 1.5, 2, 3, 4, 6; two per byte, element 2i the low nibble */
} run_dtype;

/* "f16" -> RUN_DTYPE_F16; RUN_DTYPE_INVALID when unknown. */
run_dtype run_dtype_parse(const char *name, size_t len);
const char *run_dtype_name(run_dtype type);
/* Bytes per element in memory (i1 is stored as one byte; f4E2M1FN, half a byte, says 1: use
 * run_dtype_bytes for a buffer's size). */
size_t run_dtype_size(run_dtype type);
/* Bytes of `count` elements (f4E2M1FN: packed two per byte, rounded up). */
size_t run_dtype_bytes(run_dtype type, size_t count);
int run_dtype_is_float(run_dtype type);

uint16_t run_f32_to_f16(float value);
float run_f16_to_f32(uint16_t bits);
uint16_t run_f32_to_bf16(float value);
float run_bf16_to_f32(uint16_t bits);
/* f32 -> tf32 (round to nearest even to 10 mantissa bits; the result is an f32). */
float run_f32_to_tf32(float value);
/* fp8 (e4m3fn when e4m3, else e5m2) <-> f32: round to nearest even, finite values beyond the
 * largest finite saturate to it (as cvt.rn.satfinite), NaN stays NaN. */
uint8_t run_f32_to_fp8(float value, int e4m3);
/* |value| rounded down to a power of two as an f8E8M0FNU code (0 and tiny values: 2^-127, inf: 2^127). */
uint8_t run_f32_to_e8m0(double value);
float run_fp8_to_f32(uint8_t bits, int e4m3);
/* f4E2M1FN code <-> value: nearest even, saturating to +-6, NaN -> +6 (CUDA's __nv_cvt_float_to_fp4). */
uint8_t run_f32_to_f4(double value);
double run_f4_to_f32(uint8_t code);

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

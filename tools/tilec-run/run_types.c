/* run_types.c - element types, f16/bf16/tf32/fp8/e8m0/f4 conversions, scalar parsing and the splitmix64 RNG.
 * Algorithm: IEEE binary16 and bfloat16 conversions with round-to-nearest-even, NaN kept quiet,
 * subnormals handled exactly; scalar literals checked for range of the target type.
 * Knobs: none. */
#include "run_types.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
  const char *name;
  run_dtype type;
  size_t size;
} dtype_table[] = {
    {"i1", RUN_DTYPE_I1, 1},    {"i8", RUN_DTYPE_I8, 1},     {"i16", RUN_DTYPE_I16, 2},
    {"i32", RUN_DTYPE_I32, 4},  {"i64", RUN_DTYPE_I64, 8},   {"f16", RUN_DTYPE_F16, 2},
    {"bf16", RUN_DTYPE_BF16, 2}, {"f32", RUN_DTYPE_F32, 4},  {"f64", RUN_DTYPE_F64, 8},
    {"tf32", RUN_DTYPE_TF32, 4}, {"f8E4M3FN", RUN_DTYPE_F8E4M3FN, 1}, {"f8E5M2", RUN_DTYPE_F8E5M2, 1},
    {"f8E8M0FNU", RUN_DTYPE_F8E8M0FNU, 1}, {"f4E2M1FN", RUN_DTYPE_F4E2M1FN, 1},
};

run_dtype run_dtype_parse(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
    if (strlen(dtype_table[i].name) == len && memcmp(dtype_table[i].name, name, len) == 0)
      return dtype_table[i].type;
  return RUN_DTYPE_INVALID;
}

const char *run_dtype_name(run_dtype type) {
  for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
    if (dtype_table[i].type == type) return dtype_table[i].name;
  return "invalid";
}

size_t run_dtype_size(run_dtype type) {
  for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
    if (dtype_table[i].type == type) return dtype_table[i].size;
  return 0;
}

size_t run_dtype_bytes(run_dtype type, size_t count) {
  return type == RUN_DTYPE_F4E2M1FN ? (count + 1) / 2 : count * run_dtype_size(type);
}

int run_dtype_is_float(run_dtype type) {
  return type == RUN_DTYPE_F16 || type == RUN_DTYPE_BF16 || type == RUN_DTYPE_F32 ||
         type == RUN_DTYPE_F64 || type == RUN_DTYPE_TF32 || type == RUN_DTYPE_F8E4M3FN ||
         type == RUN_DTYPE_F8E5M2 || type == RUN_DTYPE_F8E8M0FNU || type == RUN_DTYPE_F4E2M1FN;
}

static uint32_t float_bits(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits;
}

static float bits_float(uint32_t bits) {
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

uint16_t run_f32_to_f16(float value) {
  uint32_t bits = float_bits(value);
  uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
  uint32_t exponent = (bits >> 23) & 0xFFu;
  uint32_t mantissa = bits & 0x7FFFFFu;
  if (exponent == 0xFF) /* inf or NaN (NaN stays quiet NaN) */
    return (uint16_t)(sign | 0x7C00u | (mantissa ? 0x200u | (mantissa >> 13) : 0));
  int32_t half_exponent = (int32_t)exponent - 127 + 15;
  if (half_exponent >= 0x1F) return (uint16_t)(sign | 0x7C00u); /* overflow -> inf */
  if (half_exponent <= 0) {
    /* Subnormal half (or zero): shift the full 24-bit significand into place, round to even. */
    if (half_exponent < -10) return sign;
    uint32_t significand = mantissa | 0x800000u;
    uint32_t shift = (uint32_t)(14 - half_exponent);
    uint32_t result = significand >> shift;
    uint32_t remainder = significand & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (remainder > halfway || (remainder == halfway && (result & 1))) result++;
    return (uint16_t)(sign | result);
  }
  uint32_t result = ((uint32_t)half_exponent << 10) | (mantissa >> 13);
  uint32_t remainder = mantissa & 0x1FFFu;
  if (remainder > 0x1000u || (remainder == 0x1000u && (result & 1))) result++; /* may carry to inf */
  return (uint16_t)(sign | result);
}

float run_f16_to_f32(uint16_t bits) {
  uint32_t sign = (uint32_t)(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1Fu;
  uint32_t mantissa = bits & 0x3FFu;
  if (exponent == 0x1F) return bits_float(sign | 0x7F800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0) return bits_float(sign);
    float magnitude = (float)mantissa * (1.0f / 16777216.0f); /* mantissa * 2^-24 */
    return sign ? -magnitude : magnitude;
  }
  return bits_float(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

uint16_t run_f32_to_bf16(float value) {
  uint32_t bits = float_bits(value);
  if ((bits & 0x7F800000u) == 0x7F800000u && (bits & 0x7FFFFFu))
    return (uint16_t)((bits >> 16) | 0x40u); /* quiet NaN */
  uint32_t rounding = 0x7FFFu + ((bits >> 16) & 1u);
  return (uint16_t)((bits + rounding) >> 16);
}

float run_bf16_to_f32(uint16_t bits) { return bits_float((uint32_t)bits << 16); }

float run_f32_to_tf32(float value) {
  uint32_t bits = float_bits(value);
  if ((bits & 0x7F800000u) == 0x7F800000u) return value; /* inf, NaN */
  bits += 0xFFFu + ((bits >> 13) & 1u);                   /* may carry into the exponent (or to inf) */
  return bits_float(bits & ~0x1FFFu);
}

/* fp8 format: exponent/mantissa bits, bias, largest finite code (positive). */
static void fp8_format(int e4m3, int *mbits, int *bias, uint8_t *max_code) {
  *mbits = e4m3 ? 3 : 2;
  *bias = e4m3 ? 7 : 15;
  *max_code = e4m3 ? 0x7E : 0x7B;
}

float run_fp8_to_f32(uint8_t bits, int e4m3) {
  int mbits, bias;
  uint8_t max_code;
  fp8_format(e4m3, &mbits, &bias, &max_code);
  uint8_t mag = bits & 0x7F;
  float sign = (bits & 0x80) ? -1.0f : 1.0f;
  if (mag > max_code) {
    if (!e4m3 && mag == 0x7C) return sign * INFINITY; /* e5m2 infinity */
    return NAN;
  }
  int exponent = mag >> mbits, mantissa = mag & ((1 << mbits) - 1);
  if (exponent == 0) return sign * ldexpf((float)mantissa, 1 - bias - mbits);
  return sign * ldexpf((float)((1 << mbits) + mantissa), exponent - bias - mbits);
}

uint8_t run_f32_to_fp8(float value, int e4m3) {
  int mbits, bias;
  uint8_t max_code;
  fp8_format(e4m3, &mbits, &bias, &max_code);
  if (isnan(value)) return 0x7F;
  uint8_t sign = signbit(value) ? 0x80 : 0;
  float mag = fabsf(value);
  if (mag >= run_fp8_to_f32(max_code, e4m3)) return sign | max_code; /* saturate (inf too) */
  /* the largest code whose value is <= mag (positive codes increase with their value) */
  int lo = 0, hi = max_code;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (run_fp8_to_f32((uint8_t)mid, e4m3) <= mag) lo = mid;
    else hi = mid - 1;
  }
  float below = run_fp8_to_f32((uint8_t)lo, e4m3), above = run_fp8_to_f32((uint8_t)(lo + 1), e4m3);
  int code = lo;
  if (mag - below > above - mag || (mag - below == above - mag && (lo & 1))) code = lo + 1;
  return (uint8_t)(sign | code);
}

double run_f4_to_f32(uint8_t code) {
  static const double magnitude[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return code & 8 ? -magnitude[code & 7] : magnitude[code & 7];
}

uint8_t run_f32_to_f4(double value) {
  if (isnan(value)) return 0x7;
  double mag = fabs(value);
  int code = 0;
  for (int i = 1; i < 8; i++) { /* past the midpoint below code i, or at it when i is even */
    double mid = (run_f4_to_f32((uint8_t)(i - 1)) + run_f4_to_f32((uint8_t)i)) / 2;
    if (mag > mid || (mag == mid && i % 2 == 0)) code = i;
  }
  return (uint8_t)((signbit(value) ? 8 : 0) | code);
}

uint8_t run_f32_to_e8m0(double value) {
  if (isnan(value)) return 0xFF;
  double mag = fabs(value);
  if (mag == 0.0) return 0;
  if (isinf(mag)) return 0xFE;
  int exponent;
  frexp(mag, &exponent); /* mag in [2^(exponent-1), 2^exponent): rounded toward zero */
  int code = exponent - 1 + 127;
  return (uint8_t)(code < 0 ? 0 : code > 0xFE ? 0xFE : code);
}

double run_load_element(const void *data, run_dtype type, size_t index) {
  if (type == RUN_DTYPE_F4E2M1FN) return run_f4_to_f32((uint8_t)(((const unsigned char *)data)[index / 2] >> (index % 2 * 4) & 0xF));
  const unsigned char *base = (const unsigned char *)data + index * run_dtype_size(type);
  switch (type) {
  case RUN_DTYPE_I1: return (double)(*base & 1);
  case RUN_DTYPE_I8: { int8_t v; memcpy(&v, base, 1); return v; }
  case RUN_DTYPE_I16: { int16_t v; memcpy(&v, base, 2); return v; }
  case RUN_DTYPE_I32: { int32_t v; memcpy(&v, base, 4); return v; }
  case RUN_DTYPE_I64: { int64_t v; memcpy(&v, base, 8); return (double)v; }
  case RUN_DTYPE_F16: { uint16_t v; memcpy(&v, base, 2); return run_f16_to_f32(v); }
  case RUN_DTYPE_BF16: { uint16_t v; memcpy(&v, base, 2); return run_bf16_to_f32(v); }
  case RUN_DTYPE_F32: { float v; memcpy(&v, base, 4); return v; }
  case RUN_DTYPE_F64: { double v; memcpy(&v, base, 8); return v; }
  case RUN_DTYPE_TF32: { float v; memcpy(&v, base, 4); return v; }
  case RUN_DTYPE_F8E4M3FN: return run_fp8_to_f32(*base, 1);
  case RUN_DTYPE_F8E5M2: return run_fp8_to_f32(*base, 0);
  case RUN_DTYPE_F8E8M0FNU: return *base == 0xFF ? NAN : ldexp(1.0, *base - 127);
  default: return 0.0;
  }
}

void run_store_element(void *data, run_dtype type, size_t index, double value) {
  if (type == RUN_DTYPE_F4E2M1FN) {
    unsigned char *byte = (unsigned char *)data + index / 2;
    unsigned shift = index % 2 * 4;
    *byte = (unsigned char)((*byte & ~(0xFu << shift)) | (unsigned)run_f32_to_f4(value) << shift);
    return;
  }
  unsigned char *base = (unsigned char *)data + index * run_dtype_size(type);
  switch (type) {
  case RUN_DTYPE_I1: *base = value != 0.0; break;
  case RUN_DTYPE_I8: { int8_t v = (int8_t)value; memcpy(base, &v, 1); break; }
  case RUN_DTYPE_I16: { int16_t v = (int16_t)value; memcpy(base, &v, 2); break; }
  case RUN_DTYPE_I32: { int32_t v = (int32_t)value; memcpy(base, &v, 4); break; }
  case RUN_DTYPE_I64: { int64_t v = (int64_t)value; memcpy(base, &v, 8); break; }
  case RUN_DTYPE_F16: { uint16_t v = run_f32_to_f16((float)value); memcpy(base, &v, 2); break; }
  case RUN_DTYPE_BF16: { uint16_t v = run_f32_to_bf16((float)value); memcpy(base, &v, 2); break; }
  case RUN_DTYPE_F32: { float v = (float)value; memcpy(base, &v, 4); break; }
  case RUN_DTYPE_F64: memcpy(base, &value, 8); break;
  case RUN_DTYPE_TF32: { float v = run_f32_to_tf32((float)value); memcpy(base, &v, 4); break; }
  case RUN_DTYPE_F8E4M3FN: *base = run_f32_to_fp8((float)value, 1); break;
  case RUN_DTYPE_F8E5M2: *base = run_f32_to_fp8((float)value, 0); break;
  case RUN_DTYPE_F8E8M0FNU: *base = run_f32_to_e8m0(value); break;
  default: break;
  }
}

int run_parse_scalar(const char *text, run_dtype type, unsigned char out[8]) {
  memset(out, 0, 8);
  if (!text || !*text) return -1;
  char *end = NULL;
  errno = 0;
  if (run_dtype_is_float(type)) {
    double value = strtod(text, &end);
    if (*end || errno == ERANGE) return -1;
    run_store_element(out, type, 0, value);
    return 0;
  }
  long long value = strtoll(text, &end, 0);
  if (*end || errno == ERANGE) return -1;
  long long lo, hi;
  switch (type) {
  case RUN_DTYPE_I1: lo = 0; hi = 1; break;
  case RUN_DTYPE_I8: lo = INT8_MIN; hi = UINT8_MAX; break;
  case RUN_DTYPE_I16: lo = INT16_MIN; hi = UINT16_MAX; break;
  case RUN_DTYPE_I32: lo = INT32_MIN; hi = UINT32_MAX; break;
  case RUN_DTYPE_I64: lo = INT64_MIN; hi = INT64_MAX; break;
  default: return -1;
  }
  if (value < lo || value > hi) return -1;
  uint64_t raw = (uint64_t)value;
  for (size_t i = 0; i < run_dtype_size(type); i++) out[i] = (unsigned char)(raw >> (8 * i));
  return 0;
}

void run_rng_seed(run_rng *rng, uint64_t seed) { rng->state = seed; }

uint64_t run_rng_next(run_rng *rng) {
  uint64_t z = (rng->state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double run_rng_uniform(run_rng *rng, double lo, double hi) {
  double unit = (double)(run_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0); /* [0,1) */
  return lo + (hi - lo) * unit;
}

int run_fail(char *error, size_t error_size, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  vsnprintf(error, error_size, format, ap);
  va_end(ap);
  return -1;
}

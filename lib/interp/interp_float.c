/* interp_float: float formats for the interpreter — rounding a value to f16/bf16/f32/f64/tf32 and
 * the fp8 formats (f8E4M3FN, f8E5M2) with an IEEE rounding mode, and the bit encodings of those
 * formats. fp8 results saturate at the largest finite value (as the compiled cvt.rn.satfinite).
 * f4E2M1FN (s.ee.m, bias 1: 0, 0.5, 1, 1.5, 2, 3, 4, 6) has no infinity and no NaN: conversions
 * saturate to +-6 and NaN becomes +6 (CUDA's __nv_cvt_float_to_fp4; the compiled code agrees).
 * f8E8M0FNU (the MX scale type: code c is 2^(c - 127), 0xFF is NaN, no sign, no zero): rounding
 * takes |x| to a power of two by the mode (zero: 2^floor(log2|x|), positive_inf: the next power of
 * two at or above |x|), clamped to [2^-127, 2^127] (zero and tiny values give 2^-127, infinity
 * 2^127: satfinite); NaN stays NaN. The sign is dropped (a scale is a magnitude). The compiled
 * conversion (lower_elementwise.c, float_to_e8m0) computes the same from the f32 or f64 bits.
 *
 * Algorithm: for finite x, the unit in the last place of the target format at |x| is
 * ulp = 2^(max(exponent(x), emin) - (p - 1)); x / ulp is exact in long double (a power-of-two
 * scaling), is rounded to an integer by the mode (ties to even for nearest_even) and scaled back.
 * Overflow goes to infinity or to the largest finite value, by the mode's direction (IEEE 754).
 * The input is a long double so that integer conversions (i64) and values computed in double are
 * rounded once. Limits: NaN payloads are not preserved (a canonical quiet NaN is produced).
 * Owner: interp. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

typedef struct float_format {
  int precision; /* significand bits including the implicit one */
  int emin, emax;
  int exp_bits;
} float_format;

static bool format_of(ct_elem e, float_format *f) {
  switch (e) {
  case CT_F16: *f = (float_format){11, -14, 15, 5}; return true;
  case CT_BF16: *f = (float_format){8, -126, 127, 8}; return true;
  case CT_F32: *f = (float_format){24, -126, 127, 8}; return true;
  case CT_F64: *f = (float_format){53, -1022, 1023, 11}; return true;
  case CT_TF32: *f = (float_format){11, -126, 127, 8}; return true; /* held in an f32 container */
  case CT_F8E4M3FN: *f = (float_format){4, -6, 8, 4}; return true;  /* no infinities; S.1111.111 is NaN */
  case CT_F8E5M2: *f = (float_format){3, -14, 15, 5}; return true;
  case CT_F4E2M1FN: *f = (float_format){2, 0, 2, 2}; return true;   /* no infinities, no NaN: max 6 */
  default: return false;
  }
}

bool iv_is_float(ct_elem e) {
  return e == CT_F16 || e == CT_BF16 || e == CT_F32 || e == CT_F64 || e == CT_TF32 || e == CT_F8E4M3FN || e == CT_F8E5M2 ||
         e == CT_F8E8M0FNU || e == CT_F4E2M1FN;
}

/* x rounded to f8E8M0FNU by mode (see the file comment). */
static double round_e8m0(long double x, ct_rounding mode) {
  if (isnan(x)) return NAN;
  long double a = fabsl(x);
  if (isinf(a)) return ldexp(1.0, 127);
  if (a == 0.0L) return ldexp(1.0, -127);
  int exponent;
  long double frac = frexpl(a, &exponent); /* a = frac * 2^exponent, frac in [0.5, 1) */
  int k = exponent - 1;
  if (mode == CT_RND_POS_INF && frac != 0.5L) k++;
  if (k < -127) k = -127;
  if (k > 127) k = 127;
  return ldexp(1.0, k);
}

/* The formats whose conversions saturate (cvt.rn.satfinite): fp8 and f4. */
static bool is_fp8(ct_elem e) { return e == CT_F8E4M3FN || e == CT_F8E5M2 || e == CT_F4E2M1FN; }

/* The largest finite value of format f (e4m3fn: 448, its top mantissa code at the top exponent
 * being NaN). */
static long double max_finite_of(ct_elem e, const float_format *f) {
  if (e == CT_F8E4M3FN) return 448.0L;
  return ldexpl(2.0L - ldexpl(1.0L, 1 - f->precision), f->emax);
}

static long double round_integral(long double q, ct_rounding mode) {
  switch (mode) {
  case CT_RND_ZERO: return truncl(q);
  case CT_RND_NEG_INF: return floorl(q);
  case CT_RND_POS_INF: return ceill(q);
  case CT_RND_NEAREST_AWAY: return roundl(q); /* ties away from zero */
  default: {
    long double r = floorl(q), diff = q - r;
    if (diff > 0.5L || (diff == 0.5L && fmodl(r, 2.0L) != 0.0L)) r += 1.0L;
    return r;
  }
  }
}

double iv_round(long double x, ct_elem e, ct_rounding mode) {
  if (e == CT_F8E8M0FNU) return round_e8m0(x, mode);
  float_format f;
  if (!format_of(e, &f)) return (double)x;
  if (isnan(x)) return e == CT_F4E2M1FN ? 6.0 : NAN; /* f4 has no NaN: +6, as CUDA's __nv_cvt_float_to_fp4 */
  /* fp8 results saturate (the compiled cvt.rn.satfinite): +-inf and finite overflow give +-max */
  if (is_fp8(e) && isinf(x)) return (double)(x < 0 ? -max_finite_of(e, &f) : max_finite_of(e, &f));
  if (isinf(x) || x == 0.0L) return (double)x;
  int exponent;
  frexpl(x, &exponent); /* |x| in [2^(exponent-1), 2^exponent) */
  int k = exponent - 1;
  if (k < f.emin) k = f.emin;
  long double ulp = ldexpl(1.0L, k - (f.precision - 1));
  long double r = round_integral(x / ulp, mode) * ulp;
  if (r == 0.0L) return copysign(0.0, (double)x); /* an underflow keeps its sign (IEEE; cvt gives -0 too) */
  long double max_finite = max_finite_of(e, &f);
  if (fabsl(r) > max_finite) {
    bool negative = x < 0;
    if (is_fp8(e)) return (double)(negative ? -max_finite : max_finite);
    switch (mode) {
    case CT_RND_ZERO: return (double)(negative ? -max_finite : max_finite);
    case CT_RND_NEG_INF: return negative ? -INFINITY : (double)max_finite;
    case CT_RND_POS_INF: return negative ? (double)-max_finite : INFINITY;
    default: return negative ? -INFINITY : INFINITY;
    }
  }
  return (double)r;
}

double ct_interp_round_float(long double x, ct_elem e, int rounding) { return iv_round(x, e, (ct_rounding)rounding); }

uint64_t ct_interp_float_to_bits(double value, ct_elem e) {
  if (e == CT_F64) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
  }
  if (e == CT_F32 || e == CT_TF32) { /* a tf32 value is an f32 value (low 13 mantissa bits zero) */
    float v = (float)value;
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits;
  }
  if (e == CT_F8E8M0FNU) { /* a power of two (iv_round made it one): its biased exponent */
    if (isnan(value) || value == 0.0) return isnan(value) ? 0xFF : 0;
    int exponent;
    frexp(fabs(value), &exponent);
    int code = exponent - 1 + 127;
    return (uint64_t)(code < 0 ? 0 : code > 0xFE ? 0xFE : code);
  }
  float_format f;
  if (!format_of(e, &f)) return 0;
  int mant_bits = f.precision - 1;
  uint64_t sign = signbit(value) ? 1u : 0u;
  uint64_t exp_all = (1u << f.exp_bits) - 1;
  uint64_t out = sign << (f.exp_bits + mant_bits);
  if (e == CT_F8E4M3FN && (isnan(value) || isinf(value))) return out | 0x7F; /* its only NaN code */
  if (e == CT_F4E2M1FN && (isnan(value) || isinf(value) || fabs(value) > 6.0)) return isnan(value) ? 0x7 : out | 0x7;
  if (isnan(value)) return out | (exp_all << mant_bits) | (1u << (mant_bits - 1));
  double a = fabs(value);
  if (isinf(a)) return out | (exp_all << mant_bits);
  if (a == 0.0) return out;
  int exponent;
  frexp(a, &exponent);
  int k = exponent - 1;
  int bias = 1 - f.emin; /* the IEEE bias, and e4m3fn's 7 (its emax is 8) */
  if (k < f.emin) { /* subnormal */
    uint64_t m = (uint64_t)ldexp(a, -(f.emin - mant_bits));
    return out | m;
  }
  uint64_t m = (uint64_t)ldexp(a, mant_bits - k) & ((1u << mant_bits) - 1);
  return out | ((uint64_t)(k + bias) << mant_bits) | m;
}

double ct_interp_bits_to_float(uint64_t bits, ct_elem e) {
  if (e == CT_F64) {
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
  }
  if (e == CT_F32 || e == CT_TF32) {
    uint32_t b = (uint32_t)bits;
    float v;
    memcpy(&v, &b, sizeof v);
    return v;
  }
  if (e == CT_F8E8M0FNU) return (bits & 0xFF) == 0xFF ? NAN : ldexp(1.0, (int)(bits & 0xFF) - 127);
  float_format f;
  if (!format_of(e, &f)) return 0.0;
  int mant_bits = f.precision - 1;
  uint64_t exp_all = (1u << f.exp_bits) - 1;
  uint64_t m = bits & ((1u << mant_bits) - 1);
  uint64_t ex = (bits >> mant_bits) & exp_all;
  bool negative = (bits >> (mant_bits + f.exp_bits)) & 1u;
  double v;
  if (e == CT_F8E4M3FN && ex == exp_all && m == ((1u << mant_bits) - 1)) v = NAN;
  else if (ex == exp_all && e != CT_F8E4M3FN && e != CT_F4E2M1FN) v = m ? NAN : INFINITY;
  else if (ex == 0) v = ldexp((double)m, f.emin - mant_bits);
  else v = ldexp((double)(m | (1u << mant_bits)), (int)ex - (1 - f.emin) - mant_bits);
  return negative ? -v : v;
}

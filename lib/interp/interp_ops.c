/* interp_ops: the interpreter's value ops — integer and float arithmetic, math, comparisons,
 * select, constant/iota, conversions, shape ops (broadcast, reshape, permute, extract, cat) and
 * matrix multiply (mmaf, mmai).
 *
 * Algorithm / numerics:
 *  - integers are computed exactly and wrapped to the element width; overflow<no_signed_wrap /
 *    no_unsigned_wrap / no_wrap> flags are checked and a violation is an error naming the element
 *    (the spec makes such results undefined). divi rounds by its rounding mode (zero = truncate,
 *    negative_inf = floor, positive_inf = ceil); division by zero and MIN / -1 are errors.
 *    Shifts by >= the width give 0 (shri signed: the sign fill), as PTX does.
 *  - addf/subf/mulf/divf/fma/sqrt run in f32 (f16, bf16, f32) or f64 under the op's IEEE rounding
 *    mode (fesetround), then f16/bf16 are rounded to their format in the same mode (rounding twice
 *    in one direction, or to nearest from f32 for +-x/ sqrt, equals rounding once); approx/full
 *    act as nearest_even. flush_to_zero flushes f32 subnormal inputs and results.
 *  - math functions (exp, log, sin, ...) use the C library in double, rounded to nearest.
 *  - mmaf accumulates in f32 (f64 for f64) with one fused multiply-add per k, k ascending; an f16
 *    accumulator is rounded once at the end. mmai multiplies i8 by i8 into i32 (wrapping).
 *  - ftoi: NaN -> 0, out-of-range values saturate (as PTX cvt does).
 *  - mmaf_scaled scales each lhs/rhs element by its block's scale (exact in f32), then as mmaf.
 * Limits: f4/i4 element types and pack/unpack are rejected by name.
 * Owner: interp. */
#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp_internal.h"

static bool supported_elem(ct_elem e) {
  return e == CT_I1 || e == CT_I4 || e == CT_I8 || e == CT_I16 || e == CT_I32 || e == CT_I64 || iv_is_float(e) || e == CT_PTR;
}

static bool check_tile(iv_interp *I, MlirOperation op, const iv_value *v) {
  if (v->kind != IV_TILE) {
    ct_error_op(I->c, op, "interpreter: %s: operand is not a tile", iv_op_name(op));
    return false;
  }
  if (!supported_elem(v->type.elem)) {
    ct_error_op(I->c, op, "interpreter: %s: element type %s is not supported by the interpreter", iv_op_name(op),
                ct_elem_name(v->type.elem));
    return false;
  }
  return true;
}

/* Operands 0..n-1 (tiles) and a new result tile of result 0's type. */
static bool prepare(iv_interp *I, MlirOperation op, int n, iv_value **ops, iv_value *out) {
  for (int i = 0; i < n; i++) {
    ops[i] = iv_operand(I, op, i);
    if (!ops[i] || !check_tile(I, op, ops[i])) return false;
  }
  ct_type t;
  if (!iv_result_type(I, op, 0, &t)) return false;
  if (!supported_elem(t.elem)) {
    ct_error_op(I->c, op, "interpreter: %s: element type %s is not supported by the interpreter", iv_op_name(op),
                ct_elem_name(t.elem));
    return false;
  }
  return iv_tile_new(I, op, &t, out);
}

static void finish(iv_interp *I, MlirOperation op, iv_value *out) { iv_bind(I, mlirOperationGetResult(op, 0), out); }

static bool fail_element(iv_interp *I, MlirOperation op, iv_value *out, int64_t k, const char *fmt, ...)
    CT_PRINTF(5, 6);
static bool fail_element(iv_interp *I, MlirOperation op, iv_value *out, int64_t k, const char *fmt, ...) {
  char where[128], what[256];
  iv_format_index(where, sizeof where, out->type.shape, out->type.rank, k);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  ct_error_op(I->c, op, "%s: element %s %s in tile block (%u, %u, %u)", iv_op_name(op), where, what, I->block_id[0],
              I->block_id[1], I->block_id[2]);
  iv_value_free(out);
  return false;
}

/* ------------------------------------------------------------------ integers */

static const char *overflow_name(ct_overflow o) { return ct_overflow_names[o]; }

static bool int_binary(iv_interp *I, MlirOperation op, ct_op_id id) {
  iv_value *o[2], out;
  if (!prepare(I, op, 2, o, &out)) return false;
  ct_elem e = out.type.elem;
  int w = iv_width(e);
  uint64_t m = iv_mask(w);
  int64_t smin = w >= 64 ? INT64_MIN : -(int64_t)(1ULL << (w - 1)), smax = w >= 64 ? INT64_MAX : (int64_t)((1ULL << (w - 1)) - 1);
  ct_overflow ovf = (id == CT_OP_addi || id == CT_OP_subi || id == CT_OP_muli || id == CT_OP_shli) ? ct_attr_overflow(op) : CT_OVF_NONE;
  bool nsw = ovf == CT_OVF_NSW || ovf == CT_OVF_NW, nuw = ovf == CT_OVF_NUW || ovf == CT_OVF_NW;
  bool is_signed = true;
  if (id == CT_OP_divi || id == CT_OP_remi || id == CT_OP_maxi || id == CT_OP_mini || id == CT_OP_shri)
    is_signed = ct_attr_signed(op, "signedness");
  ct_rounding rnd = id == CT_OP_divi ? ct_attr_rounding(op) : CT_RND_ZERO;
  const char *sym = id == CT_OP_addi ? "+" : id == CT_OP_subi ? "-" : id == CT_OP_muli ? "*" : "<<";
  for (int64_t k = 0; k < out.count; k++) {
    uint64_t ua = o[0]->data[k].u & m, ub = o[1]->data[k].u & m;
    int64_t sa = iv_sext(ua, w), sb = iv_sext(ub, w);
    uint64_t r = 0;
    bool s_over = false, u_over = false;
    switch (id) {
    case CT_OP_addi: {
      int64_t sr;
      s_over = __builtin_add_overflow(sa, sb, &sr) || sr < smin || sr > smax;
      uint64_t ur;
      u_over = __builtin_add_overflow(ua, ub, &ur) || ur > m;
      r = ua + ub;
      break;
    }
    case CT_OP_subi: {
      int64_t sr;
      s_over = __builtin_sub_overflow(sa, sb, &sr) || sr < smin || sr > smax;
      u_over = ua < ub;
      r = ua - ub;
      break;
    }
    case CT_OP_muli: {
      int64_t sr;
      s_over = __builtin_mul_overflow(sa, sb, &sr) || sr < smin || sr > smax;
      uint64_t ur;
      u_over = __builtin_mul_overflow(ua, ub, &ur) || ur > m;
      r = ua * ub;
      break;
    }
    case CT_OP_shli:
      if (ub >= (uint64_t)w) {
        r = 0;
        s_over = u_over = ua != 0;
      } else {
        r = (ua << ub) & m;
        s_over = iv_sext(r, w) >> ub != sa;
        u_over = (r >> ub) != ua;
      }
      break;
    case CT_OP_mulhii: {
      /* high half of the unsigned 2w-bit product */
      if (w <= 32) {
        r = (ua * ub) >> w;
      } else {
        uint64_t a_lo = ua & 0xffffffffu, a_hi = ua >> 32, b_lo = ub & 0xffffffffu, b_hi = ub >> 32;
        uint64_t p0 = a_lo * b_lo, p1 = a_lo * b_hi, p2 = a_hi * b_lo, p3 = a_hi * b_hi;
        uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
        r = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
      }
      break;
    }
    case CT_OP_divi:
    case CT_OP_remi:
      if (ub == 0) return fail_element(I, op, &out, k, "divides by zero");
      if (is_signed) {
        if (sa == smin && sb == -1) {
          if (id == CT_OP_remi) {
            r = 0;
            break;
          }
          return fail_element(I, op, &out, k, "overflows: %" PRId64 " / -1", sa);
        }
        int64_t q = sa / sb, rem = sa % sb;
        if (id == CT_OP_remi) {
          r = (uint64_t)rem;
          break;
        }
        if (rem != 0 && rnd == CT_RND_NEG_INF && ((rem < 0) != (sb < 0))) q -= 1;
        if (rem != 0 && rnd == CT_RND_POS_INF && ((rem < 0) == (sb < 0))) q += 1;
        r = (uint64_t)q;
      } else {
        uint64_t q = ua / ub, rem = ua % ub;
        if (id == CT_OP_remi) r = rem;
        else r = q + (rnd == CT_RND_POS_INF && rem != 0);
      }
      break;
    case CT_OP_maxi: r = is_signed ? (sa >= sb ? ua : ub) : (ua >= ub ? ua : ub); break;
    case CT_OP_mini: r = is_signed ? (sa <= sb ? ua : ub) : (ua <= ub ? ua : ub); break;
    case CT_OP_shri:
      if (ub >= (uint64_t)w) r = is_signed && sa < 0 ? m : 0;
      else r = is_signed ? (uint64_t)(sa >> ub) : ua >> ub;
      break;
    case CT_OP_andi: r = ua & ub; break;
    case CT_OP_ori: r = ua | ub; break;
    case CT_OP_xori: r = ua ^ ub; break;
    default: break;
    }
    if ((nsw && s_over) || (nuw && u_over))
      return fail_element(I, op, &out, k, "overflows %s with overflow<%s>: %" PRId64 " %s %" PRId64 " (unsigned %" PRIu64
                          " %s %" PRIu64 ")", ct_elem_name(e), overflow_name(ovf), sa, sym, sb, ua, sym, ub);
    out.data[k].u = r & m;
  }
  finish(I, op, &out);
  return true;
}

static bool int_unary(iv_interp *I, MlirOperation op, ct_op_id id) {
  iv_value *o[1], out;
  if (!prepare(I, op, 1, o, &out)) return false;
  int w = iv_width(out.type.elem);
  uint64_t m = iv_mask(w);
  ct_overflow ovf = id == CT_OP_negi ? ct_attr_overflow(op) : CT_OVF_NONE;
  for (int64_t k = 0; k < out.count; k++) {
    uint64_t ua = o[0]->data[k].u & m;
    int64_t sa = iv_sext(ua, w);
    if (id == CT_OP_negi) {
      bool s_over = w < 64 ? sa == -(int64_t)(1ULL << (w - 1)) : sa == INT64_MIN, u_over = ua != 0;
      if (((ovf == CT_OVF_NSW || ovf == CT_OVF_NW) && s_over) || ((ovf == CT_OVF_NUW || ovf == CT_OVF_NW) && u_over))
        return fail_element(I, op, &out, k, "overflows %s with overflow<%s>: -(%" PRId64 ")", ct_elem_name(out.type.elem),
                            overflow_name(ovf), sa);
      out.data[k].u = (0 - ua) & m;
    } else { /* absi */
      out.data[k].u = (sa < 0 ? 0 - ua : ua) & m;
    }
  }
  finish(I, op, &out);
  return true;
}

static bool compare(ct_predicate p, int c) {
  switch (p) {
  case CT_PRED_EQ: return c == 0;
  case CT_PRED_NE: return c != 0;
  case CT_PRED_LT: return c < 0;
  case CT_PRED_LE: return c <= 0;
  case CT_PRED_GT: return c > 0;
  default: return c >= 0;
  }
}

static bool exec_cmp(iv_interp *I, MlirOperation op, bool is_float) {
  iv_value *o[2], out;
  if (!prepare(I, op, 2, o, &out)) return false;
  ct_predicate p = ct_attr_predicate(op);
  ct_elem e = o[0]->type.elem;
  int w = iv_width(e);
  bool is_signed = !is_float && e != CT_PTR && ct_attr_signed(op, "signedness");
  bool ordered = is_float && ct_attr_ordered(op);
  for (int64_t k = 0; k < out.count; k++) {
    bool r;
    if (is_float) {
      double a = o[0]->data[k].f, b = o[1]->data[k].f;
      if (isnan(a) || isnan(b)) r = !ordered;
      else r = compare(p, (a > b) - (a < b));
    } else if (is_signed) {
      int64_t a = iv_sext(o[0]->data[k].u, w), b = iv_sext(o[1]->data[k].u, w);
      r = compare(p, (a > b) - (a < b));
    } else {
      uint64_t a = o[0]->data[k].u & iv_mask(w), b = o[1]->data[k].u & iv_mask(w);
      r = compare(p, (a > b) - (a < b));
    }
    out.data[k].u = r;
  }
  finish(I, op, &out);
  return true;
}

/* ------------------------------------------------------------------ floats */

static int fe_mode(ct_rounding r) {
  switch (r) {
  case CT_RND_ZERO: return FE_TOWARDZERO;
  case CT_RND_NEG_INF: return FE_DOWNWARD;
  case CT_RND_POS_INF: return FE_UPWARD;
  default: return FE_TONEAREST;
  }
}

static double flush(double x) { return (x != 0 && fabs(x) < 0x1p-126) ? copysign(0.0, x) : x; }

/* One element of an IEEE-rounded op, computed in the current rounding mode. */
static double arith_element(ct_op_id id, ct_elem e, double a, double b, double c) {
  if (e == CT_F64) {
    volatile double x = a, y = b, z = c, r;
    switch (id) {
    case CT_OP_addf: r = x + y; break;
    case CT_OP_subf: r = x - y; break;
    case CT_OP_mulf: r = x * y; break;
    case CT_OP_divf: r = x / y; break;
    case CT_OP_fma: r = fma(x, y, z); break;
    default: r = sqrt(x); break;
    }
    return r;
  }
  volatile float x = (float)a, y = (float)b, z = (float)c, r;
  switch (id) {
  case CT_OP_addf: r = x + y; break;
  case CT_OP_subf: r = x - y; break;
  case CT_OP_mulf: r = x * y; break;
  case CT_OP_divf: r = x / y; break;
  case CT_OP_fma: r = fmaf(x, y, z); break;
  default: r = sqrtf(x); break;
  }
  return r;
}

static bool float_rounded(iv_interp *I, MlirOperation op, ct_op_id id) {
  int n = id == CT_OP_fma ? 3 : id == CT_OP_sqrt ? 1 : 2;
  iv_value *o[3], out;
  if (!prepare(I, op, n, o, &out)) return false;
  ct_elem e = out.type.elem;
  ct_rounding rnd = ct_attr_rounding(op);
  if (rnd == CT_RND_APPROX || rnd == CT_RND_FULL) rnd = CT_RND_NEAREST_EVEN;
  bool ftz = ct_attr_unit(op, "flush_to_zero") && e == CT_F32;
  int saved = fegetround();
  fesetround(fe_mode(rnd));
  for (int64_t k = 0; k < out.count; k++) {
    double a = o[0]->data[k].f, b = n > 1 ? o[1]->data[k].f : 0, c = n > 2 ? o[2]->data[k].f : 0;
    if (ftz) {
      a = flush(a);
      b = flush(b);
      c = flush(c);
    }
    double r = arith_element(id, e, a, b, c);
    if (e == CT_F16 || e == CT_BF16) r = iv_round(r, e, rnd);
    if (ftz) r = flush(r);
    out.data[k].f = r;
  }
  fesetround(saved);
  finish(I, op, &out);
  return true;
}

static double math1(ct_op_id id, double x) {
  switch (id) {
  case CT_OP_negf: return -x;
  case CT_OP_absf: return fabs(x);
  case CT_OP_ceil: return ceil(x);
  case CT_OP_floor: return floor(x);
  case CT_OP_exp: return exp(x);
  case CT_OP_exp2: return exp2(x);
  case CT_OP_log: return log(x);
  case CT_OP_log2: return log2(x);
  case CT_OP_rsqrt: return (double)(1.0L / sqrtl((long double)x));
  case CT_OP_sin: return sin(x);
  case CT_OP_cos: return cos(x);
  case CT_OP_tan: return tan(x);
  case CT_OP_sinh: return sinh(x);
  case CT_OP_cosh: return cosh(x);
  case CT_OP_tanh: return tanh(x);
  default: return NAN;
  }
}

static bool float_math(iv_interp *I, MlirOperation op, ct_op_id id, int n) {
  iv_value *o[2], out;
  if (!prepare(I, op, n, o, &out)) return false;
  ct_elem e = out.type.elem;
  bool ftz = ct_attr_unit(op, "flush_to_zero") && e == CT_F32;
  bool propagate = ct_attr_unit(op, "propagate_nan");
  for (int64_t k = 0; k < out.count; k++) {
    double a = o[0]->data[k].f, b = n > 1 ? o[1]->data[k].f : 0, r;
    if (ftz) {
      a = flush(a);
      b = flush(b);
    }
    switch (id) {
    case CT_OP_remf: r = fmod(a, b); break;
    case CT_OP_pow: r = pow(a, b); break;
    case CT_OP_atan2: r = atan2(a, b); break;
    case CT_OP_maxf:
    case CT_OP_minf:
      if (isnan(a) || isnan(b)) r = propagate ? NAN : isnan(a) ? b : a;
      else if (a == b) r = (id == CT_OP_maxf) == (signbit(a) != 0) ? b : a; /* +0 > -0 */
      else r = (id == CT_OP_maxf) == (a > b) ? a : b;
      break;
    default: r = math1(id, a); break;
    }
    r = iv_round(r, e, CT_RND_NEAREST_EVEN);
    out.data[k].f = ftz ? flush(r) : r;
  }
  finish(I, op, &out);
  return true;
}

/* fpowi: x^n (n a signed integer of any width) as pow in double, rounded to the element type, as
 * `pow` is (the code generator calls libdevice's powi). */
static bool exec_fpowi(iv_interp *I, MlirOperation op) {
  iv_value *o[2], out;
  if (!prepare(I, op, 2, o, &out)) return false;
  int w = iv_width(o[1]->type.elem);
  for (int64_t k = 0; k < out.count; k++)
    out.data[k].f = iv_round(pow(o[0]->data[k].f, (double)iv_sext(o[1]->data[k].u, w)), out.type.elem, CT_RND_NEAREST_EVEN);
  finish(I, op, &out);
  return true;
}

/* ------------------------------------------------------------------ constant, iota, select */

static bool exec_constant(iv_interp *I, MlirOperation op) {
  ct_type t;
  iv_value out;
  if (!iv_result_type(I, op, 0, &t)) return false;
  if (!supported_elem(t.elem)) {
    ct_error_op(I->c, op, "interpreter: constant: element type %s is not supported by the interpreter", ct_elem_name(t.elem));
    return false;
  }
  MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v)) {
    ct_error_op(I->c, op, "interpreter: constant needs a dense value");
    return false;
  }
  if (!iv_tile_new(I, op, &t, &out)) return false;
  bool splat = mlirDenseElementsAttrIsSplat(v);
  for (int64_t k = 0; k < out.count; k++) {
    MlirAttribute a;
    if (splat) {
      a = mlirDenseElementsAttrGetSplatValue(v);
    } else {
      uint64_t idx[CT_MAX_RANK];
      int64_t rest = k;
      for (int d = t.rank - 1; d >= 0; d--) {
        idx[d] = (uint64_t)(rest % t.shape[d]);
        rest /= t.shape[d];
      }
      a = mlirElementsAttrGetValue(v, t.rank, idx);
    }
    if (mlirAttributeIsAFloat(a)) out.data[k].f = mlirFloatAttrGetValueDouble(a);
    else if (mlirAttributeIsAInteger(a)) out.data[k].u = (uint64_t)mlirIntegerAttrGetValueInt(a) & iv_mask(iv_width(t.elem));
    else if (mlirAttributeIsABool(a)) out.data[k].u = mlirBoolAttrGetValue(a);
    if (splat) {
      for (int64_t j = 1; j < out.count; j++) out.data[j] = out.data[0];
      break;
    }
  }
  finish(I, op, &out);
  return true;
}

static bool exec_iota(iv_interp *I, MlirOperation op) {
  iv_value out;
  if (!prepare(I, op, 0, NULL, &out)) return false;
  for (int64_t k = 0; k < out.count; k++) out.data[k].u = (uint64_t)k & iv_mask(iv_width(out.type.elem));
  finish(I, op, &out);
  return true;
}

static bool exec_select(iv_interp *I, MlirOperation op) {
  iv_value *o[3], out;
  if (!prepare(I, op, 3, o, &out)) return false;
  for (int64_t k = 0; k < out.count; k++) out.data[k] = (o[0]->data[k].u & 1) ? o[1]->data[k] : o[2]->data[k];
  finish(I, op, &out);
  return true;
}

/* ------------------------------------------------------------------ conversions */

static bool exec_convert(iv_interp *I, MlirOperation op, ct_op_id id) {
  iv_value *o[1], out;
  if (!prepare(I, op, 1, o, &out)) return false;
  ct_elem se = o[0]->type.elem, de = out.type.elem;
  int sw = iv_width(se), dw = iv_width(de);
  uint64_t dm = iv_mask(dw);
  bool is_signed = (id == CT_OP_exti || id == CT_OP_itof || id == CT_OP_ftoi) ? ct_attr_signed(op, "signedness") : true;
  ct_rounding rnd = (id == CT_OP_itof || id == CT_OP_ftoi || id == CT_OP_ftof) ? ct_attr_rounding(op) : CT_RND_NEAREST_EVEN;
  ct_overflow ovf = id == CT_OP_trunci ? ct_attr_overflow(op) : CT_OVF_NONE;
  for (int64_t k = 0; k < out.count; k++) {
    iv_slot s = o[0]->data[k];
    iv_slot r = {.u = 0};
    switch (id) {
    case CT_OP_exti: r.u = (is_signed ? (uint64_t)iv_sext(s.u, sw) : s.u & iv_mask(sw)) & dm; break;
    case CT_OP_trunci: {
      r.u = s.u & dm;
      bool s_over = iv_sext(r.u, dw) != iv_sext(s.u, sw), u_over = r.u != (s.u & iv_mask(sw));
      if (((ovf == CT_OVF_NSW || ovf == CT_OVF_NW) && s_over) || ((ovf == CT_OVF_NUW || ovf == CT_OVF_NW) && u_over))
        return fail_element(I, op, &out, k, "does not fit %s with overflow<%s>: %" PRId64, ct_elem_name(de),
                            overflow_name(ovf), iv_sext(s.u, sw));
      break;
    }
    case CT_OP_itof: {
      long double v = is_signed ? (long double)iv_sext(s.u, sw) : (long double)(s.u & iv_mask(sw));
      r.f = iv_round(v, de, rnd);
      break;
    }
    case CT_OP_ftoi: {
      double v = s.f, q;
      switch (rnd) {
      case CT_RND_NEAREST_EVEN: q = nearbyint(v); break; /* the default (to nearest) mode */
      case CT_RND_NEG_INF: q = floor(v); break;
      case CT_RND_POS_INF: q = ceil(v); break;
      default: q = trunc(v); break;
      }
      if (isnan(q)) {
        r.u = 0;
      } else if (is_signed) {
        long double lo = -ldexpl(1.0L, dw - 1), hi = ldexpl(1.0L, dw - 1) - 1;
        long double c = q < lo ? lo : q > hi ? hi : q;
        r.u = (uint64_t)(int64_t)c & dm;
      } else {
        long double hi = ldexpl(1.0L, dw) - 1;
        long double c = q < 0 ? 0 : q > hi ? hi : q;
        r.u = (uint64_t)c & dm;
      }
      break;
    }
    case CT_OP_ftof: r.f = iv_round(s.f, de, rnd); break;
    case CT_OP_bitcast:
      if (iv_is_float(se) && iv_is_float(de)) r.f = ct_interp_bits_to_float(ct_interp_float_to_bits(s.f, se), de);
      else if (iv_is_float(se)) r.u = ct_interp_float_to_bits(s.f, se) & dm;
      else if (iv_is_float(de)) r.f = ct_interp_bits_to_float(s.u & iv_mask(sw), de);
      else r.u = s.u & dm;
      break;
    default: /* int_to_ptr, ptr_to_int, ptr_to_ptr */ r.u = s.u & dm; break;
    }
    out.data[k] = r;
  }
  finish(I, op, &out);
  return true;
}

bool iv_exec_elementwise(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled) {
  *handled = true;
  switch (id) {
  case CT_OP_addi: case CT_OP_subi: case CT_OP_muli: case CT_OP_shli: case CT_OP_mulhii: case CT_OP_divi:
  case CT_OP_remi: case CT_OP_maxi: case CT_OP_mini: case CT_OP_shri: case CT_OP_andi: case CT_OP_ori:
  case CT_OP_xori:
    return int_binary(I, op, id);
  case CT_OP_negi: case CT_OP_absi: return int_unary(I, op, id);
  case CT_OP_cmpi: return exec_cmp(I, op, false);
  case CT_OP_cmpf: return exec_cmp(I, op, true);
  case CT_OP_addf: case CT_OP_subf: case CT_OP_mulf: case CT_OP_divf: case CT_OP_fma: case CT_OP_sqrt:
    return float_rounded(I, op, id);
  case CT_OP_remf: case CT_OP_maxf: case CT_OP_minf: case CT_OP_pow: case CT_OP_atan2: return float_math(I, op, id, 2);
  case CT_OP_fpowi: return exec_fpowi(I, op);
  case CT_OP_negf: case CT_OP_absf: case CT_OP_ceil: case CT_OP_floor: case CT_OP_exp: case CT_OP_exp2:
  case CT_OP_log: case CT_OP_log2: case CT_OP_rsqrt: case CT_OP_sin: case CT_OP_cos: case CT_OP_tan:
  case CT_OP_sinh: case CT_OP_cosh: case CT_OP_tanh:
    return float_math(I, op, id, 1);
  case CT_OP_constant: return exec_constant(I, op);
  case CT_OP_iota: return exec_iota(I, op);
  case CT_OP_select: return exec_select(I, op);
  case CT_OP_exti: case CT_OP_trunci: case CT_OP_itof: case CT_OP_ftoi: case CT_OP_ftof: case CT_OP_bitcast:
  case CT_OP_int_to_ptr: case CT_OP_ptr_to_int: case CT_OP_ptr_to_ptr:
    return exec_convert(I, op, id);
  default: *handled = false; return true;
  }
}

/* ------------------------------------------------------------------ shape ops */

static void unflatten(int64_t flat, const int64_t *shape, int rank, int64_t *idx) {
  for (int d = rank - 1; d >= 0; d--) {
    idx[d] = flat % shape[d];
    flat /= shape[d];
  }
}

static int64_t flatten(const int64_t *idx, const int64_t *shape, int rank) {
  int64_t flat = 0;
  for (int d = 0; d < rank; d++) flat = flat * shape[d] + idx[d];
  return flat;
}

/* The slice indices of extract / insert (operands first.., one per dimension): slice[d] counts
 * slices of part's shape inside whole's; out of range is an error naming the op and the block. */
static bool slice_indices(iv_interp *I, MlirOperation op, int first, const ct_type *part, const ct_type *whole,
                          int64_t *slice) {
  for (int d = 0; d < whole->rank; d++) {
    iv_value *iv = iv_operand(I, op, first + d);
    if (!iv) return false;
    slice[d] = iv_sext(iv->data[0].u, iv_width(iv->type.elem));
    if (slice[d] < 0 || (slice[d] + 1) * part->shape[d] > whole->shape[d]) {
      ct_error_op(I->c, op, "%s: slice index %" PRId64 " of dimension %d is out of range (%" PRId64
                  " slices) in tile block (%u, %u, %u)", iv_op_name(op), slice[d], d, whole->shape[d] / part->shape[d],
                  I->block_id[0], I->block_id[1], I->block_id[2]);
      return false;
    }
  }
  return true;
}

static bool exec_shape_op(iv_interp *I, MlirOperation op, ct_op_id id) {
  int n = id == CT_OP_cat ? 2 : 1;
  iv_value *o[2], out;
  if (!prepare(I, op, n, o, &out)) return false;
  const ct_type *st = &o[0]->type, *rt = &out.type;
  int32_t perm[CT_MAX_RANK];
  int64_t slice[CT_MAX_RANK] = {0};
  int64_t cat_dim = id == CT_OP_cat ? ct_attr_int(op, "dim", 0) : 0;
  if (id == CT_OP_permute && ct_attr_i32_array(op, "permutation", perm, CT_MAX_RANK) != rt->rank) {
    ct_error_op(I->c, op, "interpreter: permute: bad permutation");
    iv_value_free(&out);
    return false;
  }
  if (id == CT_OP_extract && !slice_indices(I, op, 1, rt, st, slice)) {
    iv_value_free(&out);
    return false;
  }
  if (id == CT_OP_reshape) {
    memcpy(out.data, o[0]->data, (size_t)out.count * sizeof *out.data);
    finish(I, op, &out);
    return true;
  }
  int64_t idx[CT_MAX_RANK], src[CT_MAX_RANK];
  for (int64_t k = 0; k < out.count; k++) {
    unflatten(k, rt->shape, rt->rank, idx);
    const iv_value *from = o[0];
    switch (id) {
    case CT_OP_broadcast:
      for (int d = 0; d < rt->rank; d++) src[d] = st->shape[d] == 1 ? 0 : idx[d];
      break;
    case CT_OP_permute:
      for (int d = 0; d < rt->rank; d++) src[perm[d]] = idx[d];
      break;
    case CT_OP_extract:
      for (int d = 0; d < rt->rank; d++) src[d] = slice[d] * rt->shape[d] + idx[d];
      break;
    default: /* cat */
      for (int d = 0; d < rt->rank; d++) src[d] = idx[d];
      if (idx[cat_dim] >= st->shape[cat_dim]) {
        src[cat_dim] -= st->shape[cat_dim];
        from = o[1];
      }
      break;
    }
    out.data[k] = from->data[flatten(src, from->type.shape, from->type.rank)];
  }
  finish(I, op, &out);
  return true;
}

/* insert (13.4): the destination with slice [i, ..] (in units of the source's shape) replaced by
 * the source; an index out of range is an error, as extract's is. */
static bool exec_insert(iv_interp *I, MlirOperation op) {
  iv_value *o[2], out;
  if (!prepare(I, op, 2, o, &out)) return false;
  const ct_type *st = &o[0]->type, *rt = &out.type;
  int64_t slice[CT_MAX_RANK] = {0};
  if (!slice_indices(I, op, 2, st, rt, slice)) {
    iv_value_free(&out);
    return false;
  }
  memcpy(out.data, o[1]->data, (size_t)out.count * sizeof *out.data);
  int64_t idx[CT_MAX_RANK], dst[CT_MAX_RANK];
  for (int64_t k = 0; k < o[0]->count; k++) {
    unflatten(k, st->shape, st->rank, idx);
    for (int d = 0; d < rt->rank; d++) dst[d] = slice[d] * st->shape[d] + idx[d];
    out.data[flatten(dst, rt->shape, rt->rank)] = o[0]->data[k];
  }
  finish(I, op, &out);
  return true;
}

/* ------------------------------------------------------------------ mma */

/* mmaf, mmai and mmaf_scaled (scaled: lhs element (m, k) times lhs_scale (m, k / block), rhs
 * element (k, n) times rhs_scale (k / block, n), block = K / the scales' K; each scaled element is
 * exact in f32 for every value the scale types hold in range, then one fused multiply-add per k as
 * mmaf). */
static bool exec_mma(iv_interp *I, MlirOperation op, bool integer, bool scaled) {
  iv_value *o[5], out;
  if (!prepare(I, op, scaled ? 5 : 3, o, &out)) return false;
  const ct_type *a = &o[0]->type, *b = &o[1]->type;
  int rank = out.type.rank;
  int64_t batch = rank == 3 ? out.type.shape[0] : 1;
  int64_t M = out.type.shape[rank - 2], N = out.type.shape[rank - 1], K = a->shape[rank - 1];
  if (b->shape[rank - 2] != K) {
    ct_error_op(I->c, op, "interpreter: %s: inner dimensions differ", iv_op_name(op));
    iv_value_free(&out);
    return false;
  }
  int64_t KS = scaled ? o[3]->type.shape[rank - 1] : 1, block = KS > 0 ? K / KS : 1;
  ct_elem ce = out.type.elem;
  bool sa = integer && ct_attr_signed(op, "signedness_lhs"), sb = integer && ct_attr_signed(op, "signedness_rhs");
  for (int64_t bi = 0; bi < batch; bi++)
    for (int64_t i = 0; i < M; i++)
      for (int64_t j = 0; j < N; j++) {
        int64_t ci = (bi * M + i) * N + j;
        const iv_slot *arow = &o[0]->data[(bi * M + i) * K];
        const iv_slot *bcol = &o[1]->data[bi * K * N + j];
        if (integer) {
          uint64_t acc = o[2]->data[ci].u;
          for (int64_t k = 0; k < K; k++) {
            int64_t x = sa ? iv_sext(arow[k].u, 8) : (int64_t)(arow[k].u & 0xff);
            int64_t y = sb ? iv_sext(bcol[k * N].u, 8) : (int64_t)(bcol[k * N].u & 0xff);
            acc += (uint64_t)(x * y);
          }
          out.data[ci].u = acc & iv_mask(iv_width(ce));
        } else if (ce == CT_F64) {
          double acc = o[2]->data[ci].f;
          for (int64_t k = 0; k < K; k++) acc = fma(arow[k].f, bcol[k * N].f, acc);
          out.data[ci].f = acc;
        } else if (scaled) {
          const iv_slot *sarow = &o[3]->data[(bi * M + i) * KS], *sbcol = &o[4]->data[bi * KS * N + j];
          float acc = (float)o[2]->data[ci].f;
          for (int64_t k = 0; k < K; k++)
            acc = fmaf((float)(arow[k].f * sarow[k / block].f), (float)(bcol[k * N].f * sbcol[k / block * N].f), acc);
          out.data[ci].f = acc;
        } else {
          float acc = (float)o[2]->data[ci].f;
          for (int64_t k = 0; k < K; k++) acc = fmaf((float)arow[k].f, (float)bcol[k * N].f, acc);
          out.data[ci].f = ce == CT_F32 ? acc : iv_round(acc, ce, CT_RND_NEAREST_EVEN);
        }
      }
  finish(I, op, &out);
  return true;
}

/* pack: the tile's elements as their little-endian bytes in row-major order (an i8 tile of the same
 * rank); unpack: the inverse. 4-bit types (i4, f4E2M1FN): element 2j in the low nibble of byte j,
 * 2j+1 in the high one (as memory packs f4). */
static uint64_t elem_bits_of(const iv_value *v, int64_t k, ct_elem e) {
  return iv_is_float(e) ? ct_interp_float_to_bits(v->data[k].f, e) : v->data[k].u;
}

static void elem_set_bits(iv_value *v, int64_t k, ct_elem e, uint64_t bits) {
  if (iv_is_float(e)) v->data[k].f = ct_interp_bits_to_float(bits, e);
  else v->data[k].u = bits & iv_mask(iv_width(e));
}

static bool exec_pack(iv_interp *I, MlirOperation op, bool unpack) {
  iv_value *src = iv_operand(I, op, 0);
  ct_type rt;
  iv_value out;
  if (!src || !iv_result_type(I, op, 0, &rt)) return false;
  ct_elem wide = unpack ? rt.elem : src->type.elem;
  bool nibbles = ct_elem_bits(wide) == 4;
  int nb = wide == CT_I1 ? 0 : iv_elem_bytes(wide);
  if (!nb && !nibbles) {
    ct_error_op(I->c, op, "interpreter: %s of %s elements is not supported (i4, f4E2M1FN and whole-byte element types "
                "are)", iv_op_name(op), ct_elem_name(wide));
    return false;
  }
  if (!iv_tile_new(I, op, &rt, &out)) return false;
  if (nibbles) {
    int64_t bytes = unpack ? src->count : out.count;
    if ((unpack ? out.count : src->count) != 2 * bytes) {
      ct_error_op(I->c, op, "interpreter: %s: %lld bytes do not hold %lld 4-bit elements", iv_op_name(op),
                  (long long)bytes, (long long)(unpack ? out.count : src->count));
      iv_value_free(&out);
      return false;
    }
    for (int64_t j = 0; j < bytes; j++) {
      if (!unpack) out.data[j].u = (elem_bits_of(src, 2 * j, wide) & 15) | (elem_bits_of(src, 2 * j + 1, wide) & 15) << 4;
      else
        for (int h = 0; h < 2; h++) elem_set_bits(&out, 2 * j + h, wide, src->data[j].u >> (4 * h) & 15);
    }
    finish(I, op, &out);
    return true;
  }
  int64_t n = unpack ? out.count : src->count;
  if ((unpack ? src->count : out.count) != n * nb) {
    ct_error_op(I->c, op, "interpreter: %s: %lld elements do not make %lld bytes", iv_op_name(op), (long long)n,
                (long long)(unpack ? src->count : out.count));
    iv_value_free(&out);
    return false;
  }
  for (int64_t k = 0; k < n; k++) {
    if (!unpack) {
      uint64_t bits = elem_bits_of(src, k, wide);
      for (int b = 0; b < nb; b++) out.data[k * nb + b].u = (bits >> (8 * b)) & 0xFF;
    } else {
      uint64_t bits = 0;
      for (int b = 0; b < nb; b++) bits |= (src->data[k * nb + b].u & 0xFF) << (8 * b);
      elem_set_bits(&out, k, wide, bits);
    }
  }
  finish(I, op, &out);
  return true;
}

bool iv_exec_shape(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled) {
  *handled = true;
  switch (id) {
  case CT_OP_broadcast: case CT_OP_reshape: case CT_OP_permute: case CT_OP_extract: case CT_OP_cat:
    return exec_shape_op(I, op, id);
  case CT_OP_insert: return exec_insert(I, op);
  case CT_OP_pack: return exec_pack(I, op, false);
  case CT_OP_unpack: return exec_pack(I, op, true);
  case CT_OP_mmaf: return exec_mma(I, op, false, false);
  case CT_OP_mmai: return exec_mma(I, op, true, false);
  case CT_OP_mmaf_scaled: return exec_mma(I, op, false, true);
  default: *handled = false; return true;
  }
}

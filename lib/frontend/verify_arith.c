/* verify_arith: verifier hooks for element-wise integer/float arithmetic, math, comparisons,
 * select and conversions.
 *
 * Algorithm: a small per-op description (operand class, arity, which modifiers the op accepts)
 * drives one shared checker: every operand and the result must be a tile of the op's class and of
 * one identical type; then the modifiers are checked — rounding mode in the op's allowed set,
 * flush_to_zero (and approx/full rounding) only on f32, overflow only where the op has it
 * (negi rejects no_unsigned_wrap), signedness present where required. Conversions have their own
 * hooks (same shape; widen/narrow rules; allowed rounding per direction).
 * Knobs: none. */
#include <string.h>

#include "frontend/ops.h"
#include "frontend/verify.h"

enum { RM_NEAREST_EVEN, RM_ZERO, RM_NEG_INF, RM_POS_INF, RM_APPROX, RM_FULL, RM_NEAREST_INT_TO_ZERO, RM_NEAREST_AWAY,
       RM_COUNT };
#define rm_names ct_rounding_names
#define RM_BIT(x) (1u << (x))
#define RM_IEEE (RM_BIT(RM_NEAREST_EVEN) | RM_BIT(RM_ZERO) | RM_BIT(RM_NEG_INF) | RM_BIT(RM_POS_INF))

enum { OV_NONE, OV_NSW, OV_NUW, OV_NW };
static const char *const ov_names[] = {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"};
static const char *const sign_names[] = {"unsigned", "signed"};
static const char *const pred_names[] = {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
                                         "greater_than_or_equal"};
static const char *const ord_names[] = {"unordered", "ordered"};

/* Rounding mode of the op ("rounding_mode", or divi's "rounding"); -1 after an error. */
static int rounding(ct_vop *v, int dflt) {
  const char *attr = mlirAttributeIsNull(v_attr(v, "rounding_mode")) && !mlirAttributeIsNull(v_attr(v, "rounding"))
                         ? "rounding"
                         : "rounding_mode";
  return v_enum_attr(v, attr, "rounding", rm_names, RM_COUNT, dflt);
}

static const char *allowed_list(unsigned mask) {
  static char buf[160];
  buf[0] = 0;
  for (int i = 0; i < RM_COUNT; i++)
    if (mask & RM_BIT(i)) {
      if (buf[0]) strcat(buf, ", ");
      strcat(buf, rm_names[i]);
    }
  return buf;
}

static bool require_signedness(ct_vop *v) {
  if (mlirAttributeIsNull(v_attr(v, "signedness"))) return v_error(v, "requires attribute 'signedness'");
  return v_enum_attr(v, "signedness", "signedness", sign_names, 2, 1) >= 0;
}

/* Same-typed element-wise op: n operands and one result, all of class tc and of one type. */
static bool elementwise(ct_vop *v, int n, ct_tclass tc, ct_type *out) {
  if (!v_num_operands(v, n) || !v_num_results(v, 1)) return false;
  ct_type t0, t;
  for (int i = 0; i < n; i++) {
    if (!v_operand(v, i, tc, i == 0 ? &t0 : &t)) return false;
    if (i > 0 && !ct_type_equal(&t0, &t)) {
      if (t0.rank != t.rank) return v_error(v, "requires the same shape for all operands and results");
      if (!v_same_elem(&t0, &t)) return v_error(v, "requires the same element type for all operands and results");
      return v_error(v, "requires the same type for all operands and results");
    }
  }
  if (!v_result(v, 0, tc, &t)) return false;
  if (!ct_type_equal(&t0, &t)) {
    if (!v_same_elem(&t0, &t)) return v_error(v, "requires the same element type for all operands and results");
    return v_error(v, "requires the same shape for all operands and results");
  }
  if (out) *out = t;
  return true;
}

static bool check_ftz(ct_vop *v, const ct_type *t) {
  if (v_has_unit(v, "flush_to_zero") && t->elem != CT_F32)
    return v_error(v, "flush_to_zero modifier only supported for f32 data type, but got: '%s'", ct_elem_name(t->elem));
  return true;
}

static bool check_overflow(ct_vop *v, bool negi) {
  int ov = v_enum_attr(v, "overflow", "overflow", ov_names, 4, OV_NONE);
  if (ov < 0) return false;
  if (negi && ov == OV_NUW) return v_error(v, "'%s' overflow flag is not supported", ov_names[ov]);
  return true;
}

/* ---- integer ---- */

static bool int_binary(ct_vop *v, bool overflow, bool signedness) {
  if (!elementwise(v, 2, TC_TILE_INT, NULL)) return false;
  if (overflow && !check_overflow(v, false)) return false;
  if (signedness && !require_signedness(v)) return false;
  return true;
}

bool verify_addi(ct_vop *v) { return int_binary(v, true, false); }
bool verify_subi(ct_vop *v) { return int_binary(v, true, false); }
bool verify_muli(ct_vop *v) { return int_binary(v, true, false); }
bool verify_shli(ct_vop *v) { return int_binary(v, true, false); }
bool verify_mulhii(ct_vop *v) { return int_binary(v, false, false); }
bool verify_andi(ct_vop *v) { return int_binary(v, false, false); }
bool verify_ori(ct_vop *v) { return int_binary(v, false, false); }
bool verify_xori(ct_vop *v) { return int_binary(v, false, false); }
bool verify_remi(ct_vop *v) { return int_binary(v, false, true); }
bool verify_maxi(ct_vop *v) { return int_binary(v, false, true); }
bool verify_mini(ct_vop *v) { return int_binary(v, false, true); }
bool verify_shri(ct_vop *v) { return int_binary(v, false, true); }

bool verify_divi(ct_vop *v) {
  if (!int_binary(v, false, true)) return false;
  int rm = rounding(v, RM_ZERO);
  if (rm < 0) return false;
  if (rm != RM_ZERO && rm != RM_NEG_INF && rm != RM_POS_INF)
    return v_error(v, "invalid rounding error specified, expect one of [zero, negative_inf, positive_inf]");
  int s = v_enum_attr(v, "signedness", "signedness", sign_names, 2, 1);
  if (rm == RM_NEG_INF && s == 0) return v_error(v, "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return true;
}

bool verify_negi(ct_vop *v) { return elementwise(v, 1, TC_TILE_INT, NULL) && check_overflow(v, true); }
bool verify_absi(ct_vop *v) { return elementwise(v, 1, TC_TILE_INT, NULL); }

/* ---- float ---- */

/* BaseFloat element-wise op with the given arity, allowed rounding modes (0: no rounding attr),
 * default rounding, and whether flush_to_zero is accepted. */
static bool float_op(ct_vop *v, int n, unsigned rmask, int rdefault, bool ftz) {
  ct_type t = {0}; /* set by elementwise() on success; zeroed so -O3 -Wmaybe-uninitialized has nothing to doubt */
  if (!elementwise(v, n, TC_TILE_BASEFLOAT, &t)) return false;
  if (rmask) {
    int rm = rounding(v, rdefault);
    if (rm < 0) return false;
    if (!(rmask & RM_BIT(rm)))
      return v_error(v, "invalid rounding error specified, expect one of [%s]", allowed_list(rmask));
    if (ftz && !check_ftz(v, &t)) return false; /* NVIDIA checks flush_to_zero before approx/full */
    if ((rm == RM_APPROX || rm == RM_FULL) && t.elem != CT_F32 && (rmask & RM_IEEE))
      return v_error(v, "%s modifier only supported for f32 data type, but got: '%s'", rm_names[rm], ct_elem_name(t.elem));
  }
  if (ftz) return check_ftz(v, &t);
  if (v_has_unit(v, "flush_to_zero")) return v_error(v, "does not support the flush_to_zero modifier");
  return true;
}

bool verify_addf(ct_vop *v) { return float_op(v, 2, RM_IEEE, RM_NEAREST_EVEN, true); }
bool verify_subf(ct_vop *v) { return float_op(v, 2, RM_IEEE, RM_NEAREST_EVEN, true); }
bool verify_mulf(ct_vop *v) { return float_op(v, 2, RM_IEEE, RM_NEAREST_EVEN, true); }
bool verify_fma(ct_vop *v) { return float_op(v, 3, RM_IEEE, RM_NEAREST_EVEN, true); }
bool verify_divf(ct_vop *v) {
  return float_op(v, 2, RM_IEEE | RM_BIT(RM_APPROX) | RM_BIT(RM_FULL), RM_NEAREST_EVEN, true);
}
bool verify_sqrt(ct_vop *v) { return float_op(v, 1, RM_IEEE | RM_BIT(RM_APPROX), RM_NEAREST_EVEN, true); }
bool verify_remf(ct_vop *v) { return float_op(v, 2, 0, 0, false); }
bool verify_negf(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_absf(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_maxf(ct_vop *v) { return float_op(v, 2, 0, 0, true); }
bool verify_minf(ct_vop *v) { return float_op(v, 2, 0, 0, true); }
bool verify_ceil(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_floor(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_exp(ct_vop *v) { return float_op(v, 1, RM_BIT(RM_APPROX) | RM_BIT(RM_FULL), RM_FULL, false); }
bool verify_tanh(ct_vop *v) { return float_op(v, 1, RM_BIT(RM_APPROX) | RM_BIT(RM_FULL), RM_FULL, false); }
bool verify_exp2(ct_vop *v) { return float_op(v, 1, 0, 0, true); }
bool verify_rsqrt(ct_vop *v) { return float_op(v, 1, 0, 0, true); }
bool verify_log(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_log2(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_pow(ct_vop *v) { return float_op(v, 2, 0, 0, false); }
bool verify_sin(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_cos(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_tan(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_sinh(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_cosh(ct_vop *v) { return float_op(v, 1, 0, 0, false); }
bool verify_atan2(ct_vop *v) { return float_op(v, 2, 0, 0, false); }

/* fpowi (13.4): float tile raised to an integer tile of the same shape. */
bool verify_fpowi(ct_vop *v) {
  ct_type s, e, r;
  if (!v_num_operands(v, 2) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE_BASEFLOAT, &s) || !v_operand(v, 1, TC_TILE_INT, &e) || !v_result(v, 0, TC_TILE_BASEFLOAT, &r))
    return false;
  if (!ct_type_equal(&s, &r)) return v_error(v, "failed to verify that all of {source, result} have same type");
  if (!v_same_shape(&s, &e)) return v_error(v, "failed to verify that all of {source, exponent} have same shape");
  return true;
}

/* ---- comparisons and select ---- */

static bool compare(ct_vop *v, ct_tclass tc) {
  ct_type a, b, r;
  if (!v_num_operands(v, 2) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, tc, &a) || !v_operand(v, 1, tc, &b)) return false;
  if (!ct_type_equal(&a, &b)) return v_error(v, "failed to verify that all of {lhs, rhs} have same type");
  if (!v_result(v, 0, TC_TILE_I1, &r)) return false;
  if (!v_same_shape(&a, &r))
    return v_error(v, "failed to verify that Result type has i1 element type and same shape as operands");
  if (mlirAttributeIsNull(v_attr(v, "comparison_predicate"))) return v_error(v, "requires attribute 'comparison_predicate'");
  return v_enum_attr(v, "comparison_predicate", "comparison_predicate", pred_names, 6, 0) >= 0;
}

bool verify_cmpi(ct_vop *v) { return compare(v, TC_TILE_INT) && require_signedness(v); }

bool verify_cmpf(ct_vop *v) {
  if (!compare(v, TC_TILE_BASEFLOAT)) return false;
  if (mlirAttributeIsNull(v_attr(v, "comparison_ordering"))) return v_error(v, "requires attribute 'comparison_ordering'");
  return v_enum_attr(v, "comparison_ordering", "comparison_ordering", ord_names, 2, 0) >= 0;
}

bool verify_select(ct_vop *v) {
  ct_type c, a, b, r;
  if (!v_num_operands(v, 3) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, TC_TILE_I1, &c) || !v_operand(v, 1, TC_TILE, &a) || !v_operand(v, 2, TC_TILE, &b) ||
      !v_result(v, 0, TC_TILE, &r))
    return false;
  if (!v_same_shape(&c, &a) || !v_same_shape(&c, &b) || !v_same_shape(&c, &r))
    return v_error(v, "failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape");
  if (!ct_type_equal(&a, &b) || !ct_type_equal(&a, &r))
    return v_error(v, "failed to verify that all of {val_if_true, val_if_false, result} have same type");
  if (a.elem == CT_F4E2M1FN) return v_error(v, "cannot operate on sub-byte type F4E2M1FN");
  return true;
}

/* ---- conversions ---- */

/* One operand of class from, one result of class to, same shape. */
static bool conversion(ct_vop *v, ct_tclass from, ct_tclass to, ct_type *src, ct_type *dst, const char *names) {
  if (!v_num_operands(v, 1) || !v_num_results(v, 1)) return false;
  if (!v_operand(v, 0, from, src) || !v_result(v, 0, to, dst)) return false;
  if (!v_same_shape(src, dst)) return v_error(v, "failed to verify that all of {%s} have same shape", names);
  return true;
}

bool verify_bitcast(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_NUMBER, TC_TILE_NUMBER, &s, &d, "source, result")) return false;
  if (ct_elem_width(s.elem) != ct_elem_width(d.elem))
    return v_error(v, "types must be equal width, cannot convert '%s' of width %d to type '%s' of width %d",
                   v_type_str(v_operand_mlir_type(v, 0)), ct_elem_width(s.elem), v_type_str(v_result_mlir_type(v, 0)),
                   ct_elem_width(d.elem));
  return true;
}

bool verify_exti(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_INT_I4, TC_TILE_INT, &s, &d, "from, to")) return false;
  if (ct_elem_width(d.elem) <= ct_elem_width(s.elem)) return v_error(v, "extending to smaller or identical integer");
  return require_signedness(v);
}

bool verify_trunci(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_INT, TC_TILE_INT_I4, &s, &d, "from, to")) return false;
  if (ct_elem_width(d.elem) >= ct_elem_width(s.elem)) return v_error(v, "truncating to larger or identical integer");
  return check_overflow(v, false);
}

bool verify_itof(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_INT, TC_TILE_FLOAT, &s, &d, "from, to")) return false;
  if (!require_signedness(v)) return false;
  int rm = rounding(v, RM_NEAREST_EVEN);
  if (rm < 0) return false;
  if (rm != RM_NEAREST_EVEN) return v_error(v, "invalid rounding mode specified. Only 'nearest_even' is supported");
  if (d.elem == CT_F8E8M0FNU)
    return v_error(v, "integer to f8E8M0FNU conversion is not supported, please first convert to another float type");
  return true;
}

bool verify_ftoi(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_FLOAT, TC_TILE_INT, &s, &d, "from, to")) return false;
  if (!require_signedness(v)) return false;
  int rm = rounding(v, RM_NEAREST_INT_TO_ZERO);
  if (rm < 0) return false;
  if (rm != RM_NEAREST_INT_TO_ZERO)
    return v_error(v, "invalid rounding error specified. Only 'nearest_int_to_zero' is supported");
  return true;
}

/* ftof's rounding modes, as tileiras 13.5 checks them (13.3 took nearest_even only, and zero /
 * positive_inf to f8E8M0FNU): to f8E8M0FNU zero or positive_inf; to the other low-precision types
 * (f8E4M3FN, f8E5M2, f4E2M1FN) nearest_even; a widening conversion (ct_float_widens) any IEEE mode
 * (nearest_away included; the value is exact anyway); f64 -> f32 the four IEEE modes; f32 -> tf32
 * nearest_even, zero or nearest_away; any other narrowing to a standard type nearest_even or zero. */
bool verify_ftof(ct_vop *v) {
  ct_type s, d;
  if (!conversion(v, TC_TILE_FLOAT, TC_TILE_FLOAT, &s, &d, "from, to")) return false;
  if (s.elem == d.elem) return v_error(v, "converting tiles must not be a no-op");
  int rm = rounding(v, RM_NEAREST_EVEN);
  if (rm < 0) return false;
  bool ieee = (RM_IEEE | RM_BIT(RM_NEAREST_AWAY)) & RM_BIT(rm);
  if (d.elem == CT_F8E8M0FNU) {
    if (rm != RM_ZERO && rm != RM_POS_INF)
      return v_error(v, "invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported");
  } else if (d.elem == CT_F8E4M3FN || d.elem == CT_F8E5M2 || d.elem == CT_F4E2M1FN || d.elem == CT_F8E5M3FNU) {
    if (rm != RM_NEAREST_EVEN)
      return v_error(v, "invalid rounding mode specified for conversion to low-precision type. Only 'nearest_even' is supported");
  } else if (ct_float_widens(s.elem, d.elem)) {
    if (!ieee)
      return v_error(v, "invalid rounding mode specified for widening conversion. Only IEEE float rounding modes are "
                     "supported: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'nearest_away'");
  } else if (s.elem == CT_F64 && d.elem == CT_F32) {
    if (!(RM_IEEE & RM_BIT(rm)))
      return v_error(v, "invalid rounding mode specified for conversion from f64 to f32. Only 'nearest_even', 'zero', "
                     "'negative_inf', and 'positive_inf' are supported");
  } else if (s.elem == CT_F32 && d.elem == CT_TF32) {
    if (rm != RM_NEAREST_EVEN && rm != RM_ZERO && rm != RM_NEAREST_AWAY)
      return v_error(v, "invalid rounding mode specified for conversion from f32 to tf32. Only 'nearest_even', 'zero', "
                     "and 'nearest_away' are supported");
  } else if (rm != RM_NEAREST_EVEN && rm != RM_ZERO) {
    return v_error(v, "invalid rounding mode specified. Only 'nearest_even' and 'zero' are supported for narrowing "
                   "conversions to standard types");
  }
  return true;
}

bool verify_int_to_ptr(ct_vop *v) {
  ct_type s, d;
  return conversion(v, TC_TILE_I64, TC_TILE_PTR, &s, &d, "source, result");
}

bool verify_ptr_to_int(ct_vop *v) {
  ct_type s, d;
  return conversion(v, TC_TILE_PTR, TC_TILE_I64, &s, &d, "source, result");
}

bool verify_ptr_to_ptr(ct_vop *v) {
  ct_type s, d;
  return conversion(v, TC_TILE_PTR, TC_TILE_PTR, &s, &d, "source, result");
}

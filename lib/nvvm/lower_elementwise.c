/* lower_elementwise: constants, iota, select, integer/float arithmetic, comparisons, math and
 * conversions, one LLVM scalar op per register. Algorithm: the result's layout is TileAS's
 * (tileas.reg_layout, layout_propagate.c), every operand is in it already (uniform ones are
 * re-spread without code; TileAS converts the others with tileas.convert_layout), then
 * lower_scalar_op() emits each element (once when every operand is uniform). Rounding modes are
 * honoured with NVVM intrinsics (add/mul/div/fma/sqrt .rz/.rm/.rp, .ftz); on f16/bf16 the directed
 * modes are computed in f32 with the same mode and converted with it (directed roundings compose,
 * so the result is exact); a mode/type combination without an exact form is rejected by name.
 * f16/bf16 math (exp, log, sin, ...) is computed in f32 and rounded back. Transcendentals use
 * libdevice (__nv_*f), linked by the back end; `approx` modes use ex2.approx / tanh.approx.
 * Knobs: CT_CONSTANT_REPLICATED_MAX (tileas/reg_layout.h: non-splat constants up to this size are
 * replicated in every thread, TileAS and this file deciding by ct_constant_replicated;
 * bigger ones live in a read-only module global, `__tilec_const_<n>`, each thread loading its own
 * elements). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "nvvm/lower_internal.h"

_Static_assert(CT_CONSTANT_REPLICATED_MAX <= (1 << CT_LAYOUT_MAX_REG_BITS), "a replicated constant must fit a layout");
#define LOG2E 1.4426950408889634

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }


static const char *rounding(MlirOperation op, char *buf, size_t cap, const char *dflt) {
  if (!attr_keyword(op, "rounding_mode", buf, cap)) snprintf(buf, cap, "%s", dflt);
  return buf;
}

static bool is_signed_op(MlirOperation op, const char *attr) {
  char kw[32];
  if (!attr_keyword(op, attr, kw, sizeof kw)) return true;
  return streq(kw, "signed");
}

/* ---- float helpers ---- */
static MlirType value_ty(MlirValue v) { return mlirValueGetType(v); }
static bool is_f16ish(ct_lower *L, MlirType t) { return mlirTypeEqual(t, L->b.f16) || mlirTypeEqual(t, L->b.bf16); }
static bool is_f32(ct_lower *L, MlirType t) { return mlirTypeEqual(t, L->b.f32); }
static bool is_f64(ct_lower *L, MlirType t) { return mlirTypeEqual(t, L->b.f64); }

static MlirValue to_f32(ct_lower *L, MlirValue v) {
  return is_f16ish(L, value_ty(v)) ? bld_cast(&L->b, "llvm.fpext", v, L->b.f32) : v;
}
static MlirValue from_f32(ct_lower *L, MlirValue v, MlirType t) {
  return mlirTypeEqual(value_ty(v), t) ? v : bld_cast(&L->b, "llvm.fptrunc", v, t);
}

static MlirValue libdevice1(ct_lower *L, const char *base, MlirValue x) {
  MlirType t = value_ty(x);
  MlirValue xf = to_f32(L, x);
  MlirType ft = value_ty(xf);
  char name[64];
  snprintf(name, sizeof name, "__nv_%s%s", base, is_f64(L, ft) ? "" : "f");
  declare_extern(L, name, ft, 1, &ft);
  return from_f32(L, bld_call(&L->b, name, ft, 1, &xf), t);
}
static MlirValue libdevice2(ct_lower *L, const char *base, MlirValue x, MlirValue y) {
  MlirType t = value_ty(x);
  MlirValue a[2] = {to_f32(L, x), to_f32(L, y)};
  MlirType ft = value_ty(a[0]);
  MlirType args[2] = {ft, ft};
  char name[64];
  snprintf(name, sizeof name, "__nv_%s%s", base, is_f64(L, ft) ? "" : "f");
  declare_extern(L, name, ft, 2, args);
  return from_f32(L, bld_call(&L->b, name, ft, 2, a), t);
}

/* fpowi: x^n by libdevice's __nv_powif / __nv_powi (f16/bf16 through f32). The signed exponent
 * (i1..i64) goes to i32 sign-extended; an i64 beyond the i32 range is clamped keeping its parity
 * (x^n has saturated to 0, 1 or inf there, and the sign of a negative x depends on the parity). */
static MlirValue powi(ct_lower *L, MlirValue x, MlirValue n) {
  ct_bld *b = &L->b;
  MlirType t = value_ty(x);
  MlirValue xf = to_f32(L, x);
  MlirType ft = value_ty(xf);
  MlirValue e;
  if (mlirIntegerTypeGetWidth(value_ty(n)) > 32) {
    MlirValue odd = bld_and(b, n, bld_const_int(b, b->i64, 1));
    MlirValue hi = bld_add(b, bld_const_int(b, b->i64, INT32_MAX - 1), odd);
    MlirValue lo = bld_add(b, bld_const_int(b, b->i64, INT32_MIN), odd);
    MlirValue c = bld_select(b, bld_icmp(b, BLD_SGT, n, bld_const_int(b, b->i64, INT32_MAX)), hi, n);
    c = bld_select(b, bld_icmp(b, BLD_SLT, c, bld_const_int(b, b->i64, INT32_MIN)), lo, c);
    e = bld_cast(b, "llvm.trunc", c, b->i32);
  } else e = bld_int_resize(b, n, b->i32, true);
  const char *name = is_f64(L, ft) ? "__nv_powi" : "__nv_powif";
  MlirType args[2] = {ft, b->i32};
  declare_extern(L, name, ft, 2, args);
  MlirValue a[2] = {xf, e};
  return from_f32(L, bld_call(b, name, ft, 2, a), t);
}

/* The PTX rounding modifier of an IEEE rounding mode (rn, rz, rm, rp), or NULL. */
static const char *ptx_rounding(const char *mode) {
  return streq(mode, "nearest_even") ? "rn" : streq(mode, "zero") ? "rz" : streq(mode, "negative_inf") ? "rm"
       : streq(mode, "positive_inf") ? "rp" : NULL;
}

/* NVVM rounding-mode intrinsic like llvm.nvvm.add.rz.ftz.f; NULL name means "not available". */
static bool rounded_intrinsic(ct_lower *L, MlirOperation op, const char *base, const char *mode, bool ftz,
                              MlirType t, char *name, size_t cap) {
  const char *rm = ptx_rounding(mode);
  if (!rm) return false;
  if (is_f32(L, t)) snprintf(name, cap, "llvm.nvvm.%s.%s%s.f", base, rm, ftz ? ".ftz" : "");
  else if (is_f64(L, t) && !ftz) snprintf(name, cap, "llvm.nvvm.%s.%s.d", base, rm);
  else return false;
  (void)op;
  return true;
}

static bool reject_mode(ct_lower *L, MlirOperation op, const char *name, const char *mode, MlirType t) {
  const char *tn = is_f32(L, t) ? "f32" : is_f64(L, t) ? "f64" : mlirTypeEqual(t, L->b.f16) ? "f16" : "bf16";
  ct_error_op(L->c, op, "`%s` with rounding<%s> on %s is not supported by code generation yet", name, mode, tn);
  return false;
}

/* add/sub/mul/div/fma with IEEE rounding modes. */
static bool lower_rounded(ct_lower *L, MlirOperation op, const char *name, const MlirValue *in, MlirValue *out) {
  ct_bld *b = &L->b;
  char mode[32];
  rounding(op, mode, sizeof mode, "nearest_even");
  bool ftz = attr_present(op, "flush_to_zero");
  MlirType t = value_ty(in[0]);
  bool plain = streq(mode, "nearest_even") && !ftz;
  if (streq(name, "divf") && (streq(mode, "approx") || streq(mode, "full"))) {
    if (!is_f32(L, t) && !is_f16ish(L, t)) return reject_mode(L, op, name, mode, t);
    MlirValue a[2] = {to_f32(L, in[0]), to_f32(L, in[1])};
    const char *intr = streq(mode, "approx") ? (ftz ? "llvm.nvvm.div.approx.ftz.f" : "llvm.nvvm.div.approx.f")
                                             : (ftz ? "llvm.nvvm.div.full.ftz" : "llvm.nvvm.div.full");
    *out = from_f32(L, bld_intr(b, intr, b->f32, 2, a), t);
    return true;
  }
  if (plain) {
    if (streq(name, "fma")) {
      MlirValue a[3] = {in[0], in[1], in[2]};
      *out = bld_op1(b, "llvm.intr.fma", t, 3, a, 0, NULL);
    } else {
      const char *o = streq(name, "addf") ? "llvm.fadd" : streq(name, "subf") ? "llvm.fsub"
                    : streq(name, "mulf") ? "llvm.fmul" : "llvm.fdiv";
      *out = bld_bin(b, o, in[0], in[1]);
    }
    return true;
  }
  const char *base = streq(name, "addf") || streq(name, "subf") ? "add" : streq(name, "mulf") ? "mul"
                   : streq(name, "divf") ? "div" : "fma";
  char intr[64];
  const char *dir = ptx_rounding(mode); /* directed: rz, rm, rp */
  if (is_f16ish(L, t) && dir && strcmp(dir, "rn") && !ftz) {
    /* f16 / bf16 have no directed-rounding arithmetic: compute in f32 rounded the same way, then
     * convert rounded the same way (cvt.rz/rm/rp.f16|bf16.f32). Directed roundings compose (every
     * f16 / bf16 value is an f32 value, and the f32 result lies between the exact one and its
     * f16 / bf16 rounding), so this is the exactly rounded result. */
    if (!rounded_intrinsic(L, op, base, mode, false, b->f32, intr, sizeof intr)) return reject_mode(L, op, name, mode, t);
    int n = streq(name, "fma") ? 3 : 2;
    MlirValue a[3];
    for (int i = 0; i < n; i++) a[i] = to_f32(L, in[i]);
    if (streq(name, "subf")) a[1] = bld_un(b, "llvm.fneg", a[1]); /* exact */
    MlirValue r = bld_intr(b, intr, b->f32, n, a);
    char text[48];
    snprintf(text, sizeof text, "cvt.%s.%s.f32 $0, $1;", dir, mlirTypeEqual(t, b->bf16) ? "bf16" : "f16");
    *out = bld_cast(b, "llvm.bitcast", bld_inline_asm(b, text, "=h,f", mlirIntegerTypeGet(b->ctx, 16), 1, &r), t);
    return true;
  }
  if (!rounded_intrinsic(L, op, base, mode, ftz, t, intr, sizeof intr)) return reject_mode(L, op, name, mode, t);
  MlirValue a[3] = {in[0], in[1], streq(name, "fma") ? in[2] : (MlirValue){NULL}};
  if (streq(name, "subf")) a[1] = bld_un(b, "llvm.fneg", in[1]); /* exact */
  *out = bld_intr(b, intr, t, streq(name, "fma") ? 3 : 2, a);
  return true;
}

static int cmp_pred(const char *p, bool is_signed, bool is_float, bool ordered) {
  if (is_float) {
    int o[6] = {BLD_F_OEQ, BLD_F_ONE, BLD_F_OLT, BLD_F_OLE, BLD_F_OGT, BLD_F_OGE};
    int u[6] = {BLD_F_UEQ, BLD_F_UNE, BLD_F_ULT, BLD_F_ULE, BLD_F_UGT, BLD_F_UGE};
    int i = streq(p, "equal") ? 0 : streq(p, "not_equal") ? 1 : streq(p, "less_than") ? 2
          : streq(p, "less_than_or_equal") ? 3 : streq(p, "greater_than") ? 4 : streq(p, "greater_than_or_equal") ? 5 : -1;
    return i < 0 ? -1 : ordered ? o[i] : u[i];
  }
  if (streq(p, "equal")) return BLD_EQ;
  if (streq(p, "not_equal")) return BLD_NE;
  if (streq(p, "less_than")) return is_signed ? BLD_SLT : BLD_ULT;
  if (streq(p, "less_than_or_equal")) return is_signed ? BLD_SLE : BLD_ULE;
  if (streq(p, "greater_than")) return is_signed ? BLD_SGT : BLD_UGT;
  if (streq(p, "greater_than_or_equal")) return is_signed ? BLD_SGE : BLD_UGE;
  return -1;
}

static MlirValue int_div(ct_lower *L, MlirOperation op, MlirValue x, MlirValue y, bool *ok) {
  ct_bld *b = &L->b;
  bool sgn = is_signed_op(op, "signedness");
  char mode[32];
  rounding(op, mode, sizeof mode, "zero");
  MlirValue q = bld_bin(b, sgn ? "llvm.sdiv" : "llvm.udiv", x, y);
  if (streq(mode, "zero")) return q;
  MlirValue r = bld_bin(b, sgn ? "llvm.srem" : "llvm.urem", x, y);
  MlirType t = value_ty(x);
  MlirValue zero = bld_const_int(b, t, 0), one = bld_const_int(b, t, 1);
  MlirValue rnz = bld_icmp(b, BLD_NE, r, zero);
  if (streq(mode, "positive_inf")) {
    MlirValue adj = rnz;
    if (sgn) /* same sign of r and y → quotient was rounded down toward zero from above */
      adj = bld_and(b, rnz, bld_icmp(b, BLD_SGE, bld_bin(b, "llvm.xor", r, y), zero));
    return bld_select(b, adj, bld_add(b, q, one), q);
  }
  if (streq(mode, "negative_inf")) {
    if (!sgn) return q;
    MlirValue adj = bld_and(b, rnz, bld_icmp(b, BLD_SLT, bld_bin(b, "llvm.xor", r, y), zero));
    return bld_select(b, adj, bld_sub(b, q, one), q);
  }
  ct_error_op(L->c, op, "`divi` with rounding<%s> is not supported by code generation", mode);
  *ok = false;
  return q;
}

static MlirValue to_ptr_elem(ct_lower *L, MlirValue v) { return v; }

/* ---- storage types: tf32 (f32 storage), fp8 e4m3 / e5m2 / e8m0 (byte storage) and f4E2M1FN (a
 * register byte whose low nibble is the code; memory packs two per byte: lower_memory.c) ---- */
bool lower_is_code_elem(ct_elem e) { return e == CT_F8E4M3FN || e == CT_F8E5M2 || e == CT_F8E8M0FNU || e == CT_F4E2M1FN; }
bool lower_is_storage_elem(ct_elem e) { return e == CT_TF32 || lower_is_code_elem(e); }

/* f4E2M1FN code s.ee.m -> f32, exactly. sm_100a: cvt.rn.f16x2.e2m1x2 on the byte (the low nibble is
 * the low half), then f16 -> f32. sm_90a has no such cvt: from the fields, e = 0 is m * 0.5 and
 * otherwise 2^(e-1) * (1 + m/2), i.e. the f32 bits (e + 126) << 23 | m << 22; the sign is bit 3. */
static MlirValue f4_to_f32(ct_lower *L, MlirValue v) {
  ct_bld *b = &L->b;
  if (L->opts->gpu == CT_SM_100A) {
    int64_t two = 2;
    MlirValue pair = bld_cast(b, "llvm.zext", v, b->i16);
    MlirValue h = bld_intr(b, "llvm.nvvm.e2m1x2.to.f16x2.rn", mlirVectorTypeGet(1, &two, b->f16), 1, &pair);
    MlirValue ops[2] = {h, bld_i32(b, 0)};
    return bld_cast(b, "llvm.fpext", bld_op1(b, "llvm.extractelement", b->f16, 2, ops, 0, NULL), b->f32);
  }
  MlirValue c = bld_cast(b, "llvm.zext", v, b->i32);
  MlirValue ex = bld_and(b, bld_lshr(b, c, bld_i32(b, 1)), bld_i32(b, 3));
  MlirValue m = bld_and(b, c, bld_i32(b, 1));
  MlirValue normal = bld_or(b, bld_shl(b, bld_add(b, ex, bld_i32(b, 126)), bld_i32(b, 23)), bld_shl(b, m, bld_i32(b, 22)));
  MlirValue sub = bld_mul(b, m, bld_i32(b, 0x3F000000)); /* 0.5 or 0 */
  MlirValue bits = bld_select(b, bld_icmp(b, BLD_EQ, ex, bld_i32(b, 0)), sub, normal);
  bits = bld_or(b, bits, bld_shl(b, bld_and(b, c, bld_i32(b, 8)), bld_i32(b, 28)));
  return bld_bitcast(b, bits, b->f32);
}

/* f32 -> f4E2M1FN, nearest even, saturating to +-6 (satfinite), NaN -> +6 (code 0x7, as CUDA's
 * __nv_cvt_float_to_fp4 and the interpreter), the sign kept on zero. sm_100a: cvt.rn.satfinite.
 * e2m1x2.f32 (its second operand is the low nibble). sm_90a: the magnitude's code counts the
 * rounding boundaries of the grid 0, 0.5, 1, 1.5, 2, 3, 4, 6 below |x|: a tie goes to the even code
 * (0.25 -> 0, 0.75 -> 1, 1.25 -> 1, 1.75 -> 2, 2.5 -> 2, 3.5 -> 4, 5 -> 4), so the boundary counts
 * when |x| is above it, or at it when the upper neighbour is even; unordered compares make NaN 7. */
static MlirValue f32_to_f4(ct_lower *L, MlirValue x) {
  ct_bld *b = &L->b;
  if (L->opts->gpu == CT_SM_100A) {
    MlirValue ops[2] = {bld_const_float(b, b->f32, 0.0), x};
    return bld_cast(b, "llvm.trunc", bld_intr(b, "llvm.nvvm.ff.to.e2m1x2.rn.satfinite", b->i16, 2, ops), b->i8);
  }
  enum { FCMP_UGT = 9, FCMP_UGE = 10, FCMP_UNO = 14 };
  static const struct { double at; bool tie_up; } bounds[7] = {
      {0.25, false}, {0.75, true}, {1.25, false}, {1.75, true}, {2.5, false}, {3.5, true}, {5.0, false}};
  MlirValue a = bld_un(b, "llvm.intr.fabs", x);
  MlirValue code = bld_i32(b, 0);
  for (int i = 0; i < 7; i++) {
    MlirValue above = bld_fcmp(b, bounds[i].tie_up ? FCMP_UGE : FCMP_UGT, a, bld_const_float(b, b->f32, bounds[i].at));
    code = bld_add(b, code, bld_cast(b, "llvm.zext", above, b->i32));
  }
  MlirValue sign = bld_and(b, bld_lshr(b, bld_bitcast(b, x, b->i32), bld_i32(b, 28)), bld_i32(b, 8));
  sign = bld_select(b, bld_fcmp(b, FCMP_UNO, x, x), bld_i32(b, 0), sign);
  return bld_cast(b, "llvm.trunc", bld_or(b, code, sign), b->i8);
}

/* f8E8M0FNU code c -> the f32 2^(c - 127): c << 23, except c = 0 (2^-127, the f32 subnormal
 * 0x00400000) and c = 0xFF (NaN). Exact. */
static MlirValue e8m0_to_f32(ct_lower *L, MlirValue v) {
  ct_bld *b = &L->b;
  MlirValue c = bld_cast(b, "llvm.zext", v, b->i32);
  MlirValue bits = bld_shl(b, c, bld_i32(b, 23));
  bits = bld_select(b, bld_icmp(b, BLD_EQ, c, bld_i32(b, 0)), bld_i32(b, 0x00400000), bits);
  bits = bld_select(b, bld_icmp(b, BLD_EQ, c, bld_i32(b, 0xFF)), bld_i32(b, 0x7FC00000), bits);
  return bld_bitcast(b, bits, b->f32);
}

/* f32 / f64 -> f8E8M0FNU by rounding zero or positive_inf (interp_float.c states the semantics;
 * sm_90a has no cvt to ue8m0, so both targets use the bits): with E, M the exponent and mantissa
 * fields, the code is E - bias + 127 for zero, plus (M != 0) for positive_inf — for an f32 with
 * E = 0 (below 2^-126) the next power of two is 2^-126 only above 2^-127 (M > 0x400000) — clamped
 * to [0, 0xFE] (satfinite; +-inf give 0xFE); NaN gives 0xFF. The sign is dropped. */
static MlirValue float_to_e8m0(ct_lower *L, MlirValue x, bool round_up) {
  ct_bld *b = &L->b;
  bool f64 = mlirTypeEqual(value_ty(x), b->f64);
  MlirType it = f64 ? b->i64 : b->i32;
  MlirValue bits = bld_bitcast(b, x, it);
  int64_t emax = f64 ? 0x7FF : 0xFF, mmask = f64 ? (int64_t)((1ULL << 52) - 1) : 0x7FFFFF;
  MlirValue ex = bld_and(b, bld_lshr(b, bits, bld_const_int(b, it, f64 ? 52 : 23)), bld_const_int(b, it, emax));
  MlirValue m = bld_and(b, bits, bld_const_int(b, it, mmask));
  MlirValue zero = bld_const_int(b, it, 0);
  MlirValue code = f64 ? bld_sub(b, ex, bld_const_int(b, it, 1023 - 127)) : ex;
  if (round_up) {
    MlirValue inexact = bld_icmp(b, BLD_NE, m, zero);
    if (!f64)
      inexact = bld_select(b, bld_icmp(b, BLD_EQ, ex, zero), bld_icmp(b, BLD_UGT, m, bld_const_int(b, it, 0x400000)), inexact);
    code = bld_add(b, code, bld_cast(b, "llvm.zext", inexact, it));
  }
  code = bld_select(b, bld_icmp(b, BLD_SLT, code, zero), zero, code);
  code = bld_select(b, bld_icmp(b, BLD_SGT, code, bld_const_int(b, it, 0xFE)), bld_const_int(b, it, 0xFE), code);
  MlirValue nan = bld_and(b, bld_icmp(b, BLD_EQ, ex, bld_const_int(b, it, emax)), bld_icmp(b, BLD_NE, m, zero));
  code = bld_select(b, nan, bld_const_int(b, it, 0xFF), code);
  return bld_cast(b, "llvm.trunc", code, b->i8);
}

MlirValue lower_storage_to_f32(ct_lower *L, MlirValue v, ct_elem e) {
  ct_bld *b = &L->b;
  if (e == CT_TF32) return v; /* every tf32 value is an f32 value */
  if (e == CT_F8E8M0FNU) return e8m0_to_f32(L, v);
  if (e == CT_F4E2M1FN) return f4_to_f32(L, v);
  /* cvt.rn.f16x2.{e4m3,e5m2}x2 on the byte (low half of the pair), then f16 -> f32 (exact) */
  int64_t two = 2;
  MlirType h2 = mlirVectorTypeGet(1, &two, b->f16);
  MlirValue pair = bld_cast(b, "llvm.zext", v, b->i16);
  MlirValue h = bld_intr(b, e == CT_F8E4M3FN ? "llvm.nvvm.e4m3x2.to.f16x2.rn" : "llvm.nvvm.e5m2x2.to.f16x2.rn", h2, 1, &pair);
  MlirValue ops[2] = {h, bld_i32(b, 0)};
  MlirValue lo = bld_op1(b, "llvm.extractelement", b->f16, 2, ops, 0, NULL);
  return bld_cast(b, "llvm.fpext", lo, b->f32);
}

MlirValue lower_f32_to_storage(ct_lower *L, MlirValue v, ct_elem e) {
  ct_bld *b = &L->b;
  if (e == CT_TF32) /* cvt.rn.tf32.f32: nearest, ties to even (the ftof default) */
    return bld_bitcast(b, bld_intr(b, "llvm.nvvm.f2tf32.rn", b->i32, 1, &v), b->f32);
  if (e == CT_F4E2M1FN) return f32_to_f4(L, v);
  /* cvt.rn.satfinite.{e4m3,e5m2}x2.f32 d, a, b puts b in the low byte */
  MlirValue ops[2] = {bld_const_float(b, b->f32, 0.0), v};
  MlirValue pair = bld_intr(b, e == CT_F8E4M3FN ? "llvm.nvvm.ff.to.e4m3x2.rn" : "llvm.nvvm.ff.to.e5m2x2.rn", b->i16, 2, ops);
  return bld_cast(b, "llvm.trunc", pair, b->i8);
}

/* ftof with a tf32 / fp8 source or result: through f32 (f64 results: exact fpext; f64 sources
 * are rounded to f32 first, a double rounding only for values between f32 and the storage type;
 * f8E8M0FNU results come from the source's own bits). */
static bool ftof_storage(ct_lower *L, MlirOperation op, MlirValue in, ct_elem se, ct_elem de, MlirType res,
                         MlirValue *out) {
  ct_bld *b = &L->b;
  MlirValue x = lower_is_storage_elem(se) ? lower_storage_to_f32(L, in, se) : in;
  if (de == CT_F8E8M0FNU) { /* from the f32 or f64 bits: no double rounding */
    char mode[32];
    rounding(op, mode, sizeof mode, "nearest_even");
    MlirType st = value_ty(x);
    if (!mlirTypeEqual(st, b->f32) && !mlirTypeEqual(st, b->f64)) x = bld_cast(b, "llvm.fpext", x, b->f32);
    *out = float_to_e8m0(L, x, streq(mode, "positive_inf"));
    return true;
  }
  if (!lower_is_storage_elem(se)) {
    MlirType st = value_ty(x);
    if (mlirTypeEqual(st, b->f64)) x = bld_cast(b, "llvm.fptrunc", x, b->f32);
    else if (!mlirTypeEqual(st, b->f32)) x = bld_cast(b, "llvm.fpext", x, b->f32);
  }
  if (lower_is_storage_elem(de)) *out = lower_f32_to_storage(L, x, de);
  else if (mlirTypeEqual(res, b->f32)) *out = x;
  else *out = bld_cast(b, mlirTypeEqual(res, b->f64) ? "llvm.fpext" : "llvm.fptrunc", x, res);
  return true;
}

/* ftof with a rounding mode other than nearest_even on a conversion that rounds (13.4; the verifier
 * allows: zero to any standard type, negative_inf / positive_inf for f64 -> f32, nearest_away for
 * f32 -> tf32; a widening conversion is exact, its mode changes nothing and never comes here).
 * f64 sources round to f32 in the mode first (cvt.r{z,m,p}.f32.f64; toward zero twice is toward zero
 * once), f16 / bf16 / storage sources widen to f32 exactly, then cvt.rz.{f16,bf16,tf32}.f32 or
 * cvt.rna.tf32.f32. */
static MlirValue ftof_directed(ct_lower *L, MlirValue in, ct_elem se, ct_elem de, const char *mode, MlirType res) {
  ct_bld *b = &L->b;
  const char *rm = streq(mode, "zero") ? "rz" : streq(mode, "negative_inf") ? "rm" : streq(mode, "positive_inf") ? "rp" : "rna";
  char text[64];
  MlirValue x = lower_is_storage_elem(se) ? lower_storage_to_f32(L, in, se) : in;
  if (se == CT_F64) {
    snprintf(text, sizeof text, "cvt.%s.f32.f64 $0, $1;", rm);
    x = bld_inline_asm(b, text, "=f,d", b->f32, 1, &x);
  } else if (!mlirTypeEqual(value_ty(x), b->f32)) {
    x = bld_cast(b, "llvm.fpext", x, b->f32);
  }
  if (de == CT_F32) return x; /* (from f8E8M0FNU, not a widening by the verifier's rule: exact anyway) */
  if (de == CT_TF32) return bld_bitcast(b, bld_intr(b, streq(rm, "rna") ? "llvm.nvvm.f2tf32.rna" : "llvm.nvvm.f2tf32.rz",
                                                    b->i32, 1, &x), b->f32);
  snprintf(text, sizeof text, "cvt.%s.%s.f32 $0, $1;", rm, de == CT_BF16 ? "bf16" : "f16");
  return bld_cast(b, "llvm.bitcast", bld_inline_asm(b, text, "=h,f", mlirIntegerTypeGet(b->ctx, 16), 1, &x), res);
}

/* ftof: a conversion that rounds in a mode other than nearest_even (ftof_directed); tf32 / fp8 / f4
 * on either side (ftof_storage); else LLVM's fpext / fptrunc (nearest even; exact when widening,
 * whatever the mode). */
static bool lower_ftof(ct_lower *L, MlirOperation op, MlirValue in, ct_elem se, ct_elem de, MlirType res, MlirValue *out) {
  ct_bld *b = &L->b;
  char mode[32];
  rounding(op, mode, sizeof mode, "nearest_even");
  if (de != CT_F8E8M0FNU && !streq(mode, "nearest_even") && !ct_float_widens(se, de)) {
    *out = ftof_directed(L, in, se, de, mode, res);
    return true;
  }
  if (lower_is_storage_elem(se) || lower_is_storage_elem(de)) return ftof_storage(L, op, in, se, de, res, out);
  MlirType src = value_ty(in);
  int sb = mlirFloatTypeGetWidth(src), db = mlirFloatTypeGetWidth(res);
  if (mlirTypeEqual(src, res)) *out = in;
  else if (sb == db) *out = bld_cast(b, "llvm.fptrunc", bld_cast(b, "llvm.fpext", in, b->f32), res); /* f16 <-> bf16 */
  else *out = bld_cast(b, sb < db ? "llvm.fpext" : "llvm.fptrunc", in, res);
  return true;
}

/* itof: LLVM's [su]itofp (to nearest, the one mode the verifier takes for itof; any other is
 * refused by name). A tf32 / fp8 result (`storage`): the f32 value rounded to nearest, then cvt.rn
 * to the storage type (f32's 24 bits >= 2p+2 for them, so the double rounding is exact). */
static bool int_to_float(ct_lower *L, MlirOperation op, MlirValue x, MlirType res, ct_elem storage, MlirValue *out) {
  ct_bld *b = &L->b;
  const char *cast = is_signed_op(op, "signedness") ? "llvm.sitofp" : "llvm.uitofp";
  char mode[32];
  rounding(op, mode, sizeof mode, "nearest_even");
  if (!streq(mode, "nearest_even")) {
    ct_error_op(L->c, op, "`itof` with rounding<%s> is not supported by code generation (nearest_even is)", mode);
    return false;
  }
  *out = storage != CT_ELEM_NONE ? lower_f32_to_storage(L, bld_cast(b, cast, x, b->f32), storage) : bld_cast(b, cast, x, res);
  return true;
}

/* ftoi by its rounding mode (nearest_int_to_zero the default; nearest_even, negative_inf,
 * positive_inf round the float to an integral value first, exactly), then saturating:
 * llvm.fpto[su]i.sat.<int>.<float> (MLIR has no op for it: a named intrinsic call; cvt.rzi), NaN
 * gives 0. */
static MlirValue float_to_int(ct_lower *L, MlirOperation op, MlirValue x, MlirType res) {
  ct_bld *b = &L->b;
  bool sgn = is_signed_op(op, "signedness");
  char mode[32];
  rounding(op, mode, sizeof mode, "nearest_int_to_zero");
  const char *integral = streq(mode, "nearest_even") ? "llvm.intr.roundeven" : streq(mode, "negative_inf") ? "llvm.intr.floor"
                       : streq(mode, "positive_inf") ? "llvm.intr.ceil" : NULL;
  if (integral) x = bld_un(b, integral, x);
  MlirType ft = value_ty(x);
  const char *fname = is_f64(L, ft) ? "f64" : is_f32(L, ft) ? "f32" : mlirTypeEqual(ft, b->bf16) ? "bf16" : "f16";
  char iname[64];
  snprintf(iname, sizeof iname, "llvm.fpto%ci.sat.i%u.%s", sgn ? 's' : 'u', mlirIntegerTypeGetWidth(res), fname);
  return bld_intr(b, iname, res, 1, &x);
}

bool lower_scalar_op(ct_lower *L, MlirOperation op, const char *name, const MlirValue *in, MlirValue *out) {
  ct_bld *b = &L->b;
  ct_type rt;
  if (!result_type(L, op, 0, &rt)) return false;
  MlirType res = elem_llvm_type(L, rt.elem);
  if (mlirTypeIsNull(res)) {
    ct_error_op(L->c, op, "`%s` on %s elements is not supported by code generation yet", name, ct_elem_name(rt.elem));
    return false;
  }
  /* tf32 / fp8 are storage types: ftof converts them; other arithmetic is refused by name */
  ct_elem se = CT_ELEM_NONE;
  ct_type it;
  if (mlirOperationGetNumOperands(op) > 0 && ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &it) &&
      it.kind == CT_TYPE_TILE)
    se = it.elem;
  if (lower_is_storage_elem(rt.elem) || lower_is_storage_elem(se)) {
    if (streq(name, "ftof")) return lower_ftof(L, op, in[0], se, rt.elem, res, out);
    if (streq(name, "select")) {
      *out = bld_select(b, in[0], in[1], in[2]);
      return true;
    }
    if (streq(name, "ftoi") && !lower_is_storage_elem(rt.elem)) { /* exactly through f32 */
      *out = float_to_int(L, op, lower_storage_to_f32(L, in[0], se), res);
      return true;
    }
    if (streq(name, "itof") && lower_is_storage_elem(rt.elem)) return int_to_float(L, op, in[0], res, rt.elem, out);
    if (streq(name, "bitcast")) { /* the storage holds the bits */
      *out = mlirTypeEqual(value_ty(in[0]), res) ? in[0] : bld_bitcast(b, in[0], res);
      return true;
    }
    ct_elem e = lower_is_storage_elem(rt.elem) ? rt.elem : se;
    ct_error_op(L->c, op, "`%s` on %s elements is not supported by code generation yet (%s is a storage type here: "
                "convert with ftof)", name, ct_elem_name(e), ct_elem_name(e));
    return false;
  }
  bool ok = true;
  /* integer */
  if (streq(name, "addi")) *out = bld_add(b, in[0], in[1]);
  else if (streq(name, "subi")) *out = bld_sub(b, in[0], in[1]);
  else if (streq(name, "muli")) *out = bld_mul(b, in[0], in[1]);
  else if (streq(name, "mulhii")) {
    int w = bld_int_width(res);
    MlirType wide = mlirIntegerTypeGet(b->ctx, (unsigned)(2 * w));
    MlirValue p = bld_mul(b, bld_cast(b, "llvm.zext", in[0], wide), bld_cast(b, "llvm.zext", in[1], wide));
    *out = bld_cast(b, "llvm.trunc", bld_lshr(b, p, bld_const_int(b, wide, w)), res);
  } else if (streq(name, "divi")) *out = int_div(L, op, in[0], in[1], &ok);
  else if (streq(name, "remi")) *out = bld_bin(b, is_signed_op(op, "signedness") ? "llvm.srem" : "llvm.urem", in[0], in[1]);
  else if (streq(name, "negi")) *out = bld_sub(b, bld_const_int(b, res, 0), in[0]);
  else if (streq(name, "absi")) {
    MlirValue neg = bld_sub(b, bld_const_int(b, res, 0), in[0]);
    *out = bld_select(b, bld_icmp(b, BLD_SLT, in[0], bld_const_int(b, res, 0)), neg, in[0]);
  } else if (streq(name, "maxi") || streq(name, "mini")) {
    bool sgn = is_signed_op(op, "signedness");
    int pred = streq(name, "maxi") ? (sgn ? BLD_SGT : BLD_UGT) : (sgn ? BLD_SLT : BLD_ULT);
    *out = bld_select(b, bld_icmp(b, pred, in[0], in[1]), in[0], in[1]);
  } else if (streq(name, "cmpi") || streq(name, "cmpf")) {
    char p[48], ord[32];
    if (!attr_keyword(op, "comparison_predicate", p, sizeof p)) {
      ct_error_op(L->c, op, "`%s` without a comparison_predicate", name);
      return false;
    }
    bool fl = streq(name, "cmpf");
    bool ordered = !attr_keyword(op, "comparison_ordering", ord, sizeof ord) || streq(ord, "ordered");
    int pred = cmp_pred(p, is_signed_op(op, "signedness"), fl, ordered);
    if (pred < 0) {
      ct_error_op(L->c, op, "comparison predicate `%s` is not supported by code generation", p);
      return false;
    }
    *out = fl ? bld_fcmp(b, pred, in[0], in[1]) : bld_icmp(b, pred, in[0], in[1]);
  } else if (streq(name, "shli")) *out = bld_shl(b, in[0], in[1]);
  else if (streq(name, "shri")) *out = bld_bin(b, is_signed_op(op, "signedness") ? "llvm.ashr" : "llvm.lshr", in[0], in[1]);
  else if (streq(name, "andi")) *out = bld_and(b, in[0], in[1]);
  else if (streq(name, "ori")) *out = bld_or(b, in[0], in[1]);
  else if (streq(name, "xori")) *out = bld_bin(b, "llvm.xor", in[0], in[1]);
  else if (streq(name, "select")) *out = bld_select(b, in[0], in[1], in[2]);
  /* float arithmetic */
  else if (streq(name, "addf") || streq(name, "subf") || streq(name, "mulf") || streq(name, "divf") || streq(name, "fma"))
    ok = lower_rounded(L, op, name, in, out);
  else if (streq(name, "remf")) *out = bld_bin(b, "llvm.frem", in[0], in[1]);
  else if (streq(name, "negf")) *out = bld_un(b, "llvm.fneg", in[0]);
  else if (streq(name, "absf")) *out = bld_un(b, "llvm.intr.fabs", in[0]);
  else if (streq(name, "ceil")) *out = bld_un(b, "llvm.intr.ceil", in[0]);
  else if (streq(name, "floor")) *out = bld_un(b, "llvm.intr.floor", in[0]);
  else if (streq(name, "maxf") || streq(name, "minf")) {
    bool nan = attr_present(op, "propagate_nan"), ftz = attr_present(op, "flush_to_zero");
    bool mx = streq(name, "maxf");
    if (ftz && is_f32(L, res)) {
      char intr[48];
      snprintf(intr, sizeof intr, "llvm.nvvm.%s.ftz%s.f", mx ? "fmax" : "fmin", nan ? ".nan" : "");
      MlirValue a[2] = {in[0], in[1]};
      *out = bld_intr(b, intr, res, 2, a);
    } else {
      const char *o = nan ? (mx ? "llvm.intr.maximum" : "llvm.intr.minimum") : (mx ? "llvm.intr.maxnum" : "llvm.intr.minnum");
      *out = bld_bin(b, o, in[0], in[1]);
    }
  }
  /* math */
  else if (streq(name, "exp") || streq(name, "exp2")) {
    char mode[32];
    rounding(op, mode, sizeof mode, "full");
    bool ftz = attr_present(op, "flush_to_zero");
    bool approx = streq(mode, "approx") || (streq(name, "exp2") && ftz);
    if (approx && !is_f64(L, res)) {
      MlirValue x = to_f32(L, in[0]);
      if (streq(name, "exp")) x = bld_bin(b, "llvm.fmul", x, bld_const_float(b, b->f32, LOG2E));
      *out = from_f32(L, bld_intr1(b, ftz ? "llvm.nvvm.ex2.approx.ftz.f" : "llvm.nvvm.ex2.approx.f32", b->f32, x), res);
    } else *out = libdevice1(L, streq(name, "exp") ? "exp" : "exp2", in[0]); /* f64 approx: the full-precision one */
  } else if (streq(name, "log") || streq(name, "log2") || streq(name, "sin") || streq(name, "cos") ||
             streq(name, "tan") || streq(name, "sinh") || streq(name, "cosh"))
    *out = libdevice1(L, name, in[0]);
  else if (streq(name, "tanh")) {
    char mode[32];
    rounding(op, mode, sizeof mode, "full");
    if (streq(mode, "approx") && !is_f64(L, res)) {
      MlirValue x = to_f32(L, in[0]);
      *out = from_f32(L, bld_inline_asm(b, "tanh.approx.f32 $0, $1;", "=f,f", b->f32, 1, &x), res);
    } else *out = libdevice1(L, "tanh", in[0]);
  } else if (streq(name, "pow")) *out = libdevice2(L, "pow", in[0], in[1]);
  else if (streq(name, "fpowi")) *out = powi(L, in[0], in[1]);
  else if (streq(name, "atan2")) *out = libdevice2(L, "atan2", in[0], in[1]);
  else if (streq(name, "sqrt")) {
    char mode[32];
    rounding(op, mode, sizeof mode, "nearest_even");
    bool ftz = attr_present(op, "flush_to_zero");
    if (streq(mode, "approx") && is_f64(L, res)) {
      /* no sqrt.approx.f64: the correctly rounded root is an admissible approximation */
      *out = bld_un(b, "llvm.intr.sqrt", in[0]);
    } else if (streq(mode, "approx")) {
      MlirValue x = to_f32(L, in[0]);
      *out = from_f32(L, bld_inline_asm(b, ftz ? "sqrt.approx.ftz.f32 $0, $1;" : "sqrt.approx.f32 $0, $1;", "=f,f",
                                        b->f32, 1, &x), res);
    } else if (streq(mode, "nearest_even") && !ftz) {
      MlirValue x = to_f32(L, in[0]);
      *out = from_f32(L, bld_un(b, "llvm.intr.sqrt", x), res);
    } else {
      const char *rm = streq(mode, "nearest_even") ? "rn" : streq(mode, "zero") ? "rz"
                     : streq(mode, "negative_inf") ? "rm" : streq(mode, "positive_inf") ? "rp" : NULL;
      if (!rm) return reject_mode(L, op, name, mode, res);
      char text[64];
      if (is_f16ish(L, res)) {
        /* no f16/bf16 sqrt: the f32 root rounded the same way, then converted rounded the same way
         * (directed roundings compose, as in lower_rounded; nearest: f32 has more than 2p+2 bits) */
        MlirValue x = to_f32(L, in[0]);
        snprintf(text, sizeof text, "sqrt.%s%s.f32 $0, $1;", rm, ftz ? ".ftz" : "");
        MlirValue r = bld_inline_asm(b, text, "=f,f", b->f32, 1, &x);
        snprintf(text, sizeof text, "cvt.%s.%s.f32 $0, $1;", rm, mlirTypeEqual(res, b->bf16) ? "bf16" : "f16");
        *out = bld_cast(b, "llvm.bitcast", bld_inline_asm(b, text, "=h,f", mlirIntegerTypeGet(b->ctx, 16), 1, &r), res);
        return ok;
      }
      bool d = is_f64(L, res);
      snprintf(text, sizeof text, "sqrt.%s%s.%s $0, $1;", rm, ftz && !d ? ".ftz" : "", d ? "f64" : "f32");
      *out = bld_inline_asm(b, text, d ? "=d,d" : "=f,f", res, 1, &in[0]);
    }
  } else if (streq(name, "rsqrt")) {
    bool ftz = attr_present(op, "flush_to_zero");
    if (is_f64(L, res)) *out = bld_inline_asm(b, "rsqrt.approx.f64 $0, $1;", "=d,d", res, 1, &in[0]);
    else {
      MlirValue x = to_f32(L, in[0]);
      *out = from_f32(L, bld_inline_asm(b, ftz ? "rsqrt.approx.ftz.f32 $0, $1;" : "rsqrt.approx.f32 $0, $1;", "=f,f",
                                        b->f32, 1, &x), res);
    }
  }
  /* conversions */
  else if (streq(name, "bitcast")) *out = mlirTypeEqual(value_ty(in[0]), res) ? in[0] : bld_bitcast(b, in[0], res);
  /* an i4 lives in the low nibble of a byte, the high nibble zero (trunci masks; unpack makes it so):
   * widening it unsigned is a zext, signed a zext, xor 8, minus 8 */
  else if (streq(name, "exti") && se == CT_I4) {
    *out = bld_int_resize(b, in[0], res, false);
    if (is_signed_op(op, "signedness"))
      *out = bld_sub(b, bld_bin(b, "llvm.xor", *out, bld_const_int(b, res, 8)), bld_const_int(b, res, 8));
  } else if (streq(name, "exti")) *out = bld_int_resize(b, in[0], res, is_signed_op(op, "signedness"));
  else if (streq(name, "trunci") && rt.elem == CT_I4) *out = bld_and(b, bld_int_resize(b, in[0], res, false), bld_const_int(b, res, 15));
  else if (streq(name, "trunci")) *out = bld_int_resize(b, in[0], res, false);
  else if (streq(name, "itof")) {
    if (!int_to_float(L, op, in[0], res, CT_ELEM_NONE, out)) return false;
  } else if (streq(name, "ftoi")) {
    *out = float_to_int(L, op, in[0], res);
  } else if (streq(name, "ftof")) {
    if (!lower_ftof(L, op, in[0], se, rt.elem, res, out)) return false;
  } else if (streq(name, "int_to_ptr")) *out = bld_cast(b, "llvm.inttoptr", in[0], res);
  else if (streq(name, "ptr_to_int")) *out = bld_cast(b, "llvm.ptrtoint", in[0], res);
  else if (streq(name, "ptr_to_ptr")) *out = to_ptr_elem(L, in[0]);
  else if (streq(name, "offset")) {
    ct_type pt;
    if (!value_type(L, op, mlirOperationGetOperand(op, 0), &pt)) return false;
    if (pt.pointee == CT_F4E2M1FN) { /* (the interpreter refuses it too) */
      ct_error_op(L->c, op, "`offset` of a pointer to f4E2M1FN elements: two f4 elements share a byte, so an element "
                  "has no address of its own; address them through a tensor view");
      return false;
    }
    MlirType pointee = elem_llvm_type(L, pt.pointee);
    if (mlirTypeIsNull(pointee) || pt.pointee == CT_I1) pointee = b->i8;
    *out = bld_gep(b, in[0], bld_int_resize(b, in[1], b->i64, true), pointee);
  } else {
    ct_error_op(L->c, op, "`%s` is not supported by code generation yet", name);
    return false;
  }
  return ok;
}

static bool reject_exotic_elems(ct_lower *L, MlirOperation op, const char *name) {
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i <= n; i++) {
    MlirValue v = i < n ? mlirOperationGetOperand(op, i) : mlirOperationGetResult(op, 0);
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(v), &t)) continue;
    /* byte storage: conversions, selects, bit casts and constants only */
    bool f8 = lower_is_code_elem(t.elem);
    bool f8_ok = streq(name, "ftof") || streq(name, "select") || streq(name, "bitcast") || streq(name, "constant") ||
                 streq(name, "ftoi") || streq(name, "itof");
    if (t.kind == CT_TYPE_TILE && (mlirTypeIsNull(elem_llvm_type(L, t.elem)) || (f8 && !f8_ok))) {
      ct_error_op(L->c, op, "`%s` on %s elements is not supported by code generation yet", name, ct_elem_name(t.elem));
      return false;
    }
  }
  return true;
}

/* The bits of an f8 value (exactly representable: the attribute has the f8 type). E4M3FN: bias 7,
 * 3 mantissa bits, no infinities, NaN 0x7f; E5M2: bias 15, 2 mantissa bits, IEEE-like; E8M0FNU: a
 * power of two 2^(c - 127), NaN 0xff. */
int64_t lower_f8_bits(double v, ct_elem e) {
  if (e == CT_F4E2M1FN) { /* s.ee.m, bias 1: the grid 0, 0.5, 1, 1.5, 2, 3, 4, 6 (f32_to_f4's rounding) */
    static const double grid[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    if (isnan(v)) return 0x7;
    double a = fabs(v);
    int code = 0;
    for (int i = 1; i < 8; i++) {
      double mid = (grid[i - 1] + grid[i]) / 2;
      if (a > mid || (a == mid && i % 2 == 0)) code = i;
    }
    return (signbit(v) ? 0x8 : 0) | code;
  }
  if (e == CT_F8E8M0FNU) {
    if (isnan(v) || v <= 0.0) return 0xff;
    int ex;
    frexp(v, &ex);
    return ex - 1 + 127 < 0 ? 0 : ex - 1 + 127 > 0xfe ? 0xfe : ex - 1 + 127;
  }
  int64_t sign = signbit(v) ? 0x80 : 0;
  bool e4m3 = e == CT_F8E4M3FN;
  int mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  if (isnan(v)) return sign | 0x7f;
  double a = fabs(v);
  if (isinf(a)) return sign | (e4m3 ? 0x7f : 0x7c);
  if (a == 0.0) return sign;
  int ex;
  frexp(a, &ex);
  int k = ex - 1; /* a = 1.m x 2^k */
  if (k < 1 - bias) return sign | (int64_t)ldexp(a, bias - 1 + mbits); /* subnormal */
  return sign | (int64_t)(k + bias) << mbits | ((int64_t)ldexp(a, mbits - k) - (1 << mbits));
}

/* An element of a constant as an LLVM constant (f8: its bits in the byte it is stored in). */
static MlirValue constant_elem(ct_lower *L, MlirType et, ct_elem e, MlirAttribute a) {
  if (lower_is_code_elem(e) && mlirAttributeIsAFloat(a))
    return bld_const_int(&L->b, et, lower_f8_bits(mlirFloatAttrGetValueDouble(a), e));
  if (e == CT_TF32 && mlirAttributeIsAFloat(a)) /* tf32 lives in f32 registers: the same value as an f32 constant */
    return bld_const_attr(&L->b, et, mlirFloatAttrDoubleGet(mlirAttributeGetContext(a), et, mlirFloatAttrGetValueDouble(a)));
  return bld_const_attr(&L->b, et, a);
}

/* Element k (row-major) of dense constant v of type t. */
static MlirAttribute constant_attr_at(MlirAttribute v, const ct_type *t, int64_t k) {
  uint64_t idx[CT_MAX_RANK];
  for (int d = t->rank - 1; d >= 0; d--) {
    idx[d] = (uint64_t)(k % t->shape[d]);
    k /= t->shape[d];
  }
  return mlirElementsAttrGetValue(v, t->rank, idx);
}

/* A non-splat constant too big to replicate in registers: a read-only module global (PTX .global,
 * loaded through the non-coherent cache) holding one element per slot of its register type (i1 as
 * a byte, fp8 / f4 as their code bytes, tf32 as f32), each thread loading its elements at their
 * row-major flat index in the layout TileAS chose. */
static int lower_big_constant(ct_lower *L, MlirOperation op, const ct_type *t, MlirAttribute v) {
  ct_bld *b = &L->b;
  MlirType et = elem_llvm_type(L, t->elem);
  MlirType mt = bld_int_width(et) == 1 ? b->i8 : et;
  int64_t n = ct_type_num_elements(t);
  MlirAttribute *elems = malloc((size_t)n * sizeof *elems);
  if (!elems) abort();
  bool code = lower_is_code_elem(t->elem);
  for (int64_t k = 0; k < n; k++) {
    MlirAttribute a = constant_attr_at(v, t, k);
    if (code) elems[k] = mlirIntegerAttrGet(mt, lower_f8_bits(mlirFloatAttrGetValueDouble(a), t->elem));
    else if (t->elem == CT_TF32) elems[k] = mlirFloatAttrDoubleGet(b->ctx, mt, mlirFloatAttrGetValueDouble(a));
    else if (t->elem == CT_I1) elems[k] = mlirIntegerAttrGet(mt, mlirIntegerAttrGetValueInt(a) & 1);
    else elems[k] = a;
  }
  MlirAttribute dense = mlirDenseElementsAttrGet(mlirRankedTensorTypeGet(1, &n, mt, mlirAttributeGetNull()), n, elems);
  free(elems);
  char name[48];
  snprintf(name, sizeof name, "__tilec_const_%d", L->nconst_globals++);
  int bits = ct_elem_bits(t->elem);
  int64_t align = bits >= 8 ? bits / 8 : 1; /* (i1, f4: a byte each here) */
  add_global_array(L, mlirOperationGetLocation(op), mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(name)), mt, n,
                   align, dense, true);
  const ct_layout *l = layout_chosen_for(L, op, t);
  if (!l) return LOWER_FAILED;
  ct_lv *lv = lv_new_tile(L, t, l);
  MlirValue base = bld_addressof(b, name, b->ptr_global), thread = thread_flat_index(L, l);
  for (int k = 0; k < lv->nregs; k++) {
    MlirValue at = bld_add(b, thread, bld_i32(b, (int32_t)ct_layout_reg_flat(l, (uint32_t)k)));
    MlirValue x = bld_load(b, mt, bld_gep(b, base, at, mt), align);
    lv->regs[k] = mlirTypeEqual(mt, et) ? x : bld_icmp(b, BLD_NE, x, bld_const_int(b, mt, 0));
  }
  lv_bind(L, mlirOperationGetResult(op, 0), lv);
  return LOWER_DONE;
}

static int lower_constant(ct_lower *L, MlirOperation op) {
  ct_type t;
  if (!result_type(L, op, 0, &t)) return LOWER_FAILED;
  if (!reject_exotic_elems(L, op, "constant")) return LOWER_FAILED;
  MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v)) {
    ct_error_op(L->c, op, "code generation: `constant` needs a dense `value`");
    return LOWER_FAILED;
  }
  MlirType et = elem_llvm_type(L, t.elem);
  if (mlirDenseElementsAttrIsSplat(v)) {
    const ct_layout *l = layout_chosen_for(L, op, &t);
    if (!l) return LOWER_FAILED;
    ct_lv *lv = lv_new_tile(L, &t, l);
    MlirValue c = constant_elem(L, et, t.elem, mlirDenseElementsAttrGetSplatValue(v));
    for (int k = 0; k < lv->nregs; k++) lv->regs[k] = c;
    lv->uniform = true;
    lv_bind(L, mlirOperationGetResult(op, 0), lv);
    return LOWER_DONE;
  }
  if (!ct_constant_replicated(op)) return lower_big_constant(L, op, &t, v);
  /* replicated layout: every thread holds every element */
  ct_layout l;
  ct_layout_replicated(&l, t.rank, t.shape, L->nwarps);
  ct_lv *lv = lv_new_tile(L, &t, layout_intern(L, &l));
  /* flat element k (row-major) */
  for (int k = 0; k < lv->nregs; k++) lv->regs[k] = constant_elem(L, et, t.elem, constant_attr_at(v, &t, k));
  lv_bind(L, mlirOperationGetResult(op, 0), lv);
  return LOWER_DONE;
}

static int lower_iota(ct_lower *L, MlirOperation op) {
  ct_type t;
  if (!result_type(L, op, 0, &t)) return LOWER_FAILED;
  const ct_layout *l = layout_chosen_for(L, op, &t);
  if (!l) return LOWER_FAILED;
  ct_lv *lv = lv_new_tile(L, &t, l);
  MlirType et = elem_llvm_type(L, t.elem);
  MlirValue base = thread_coord(L, l, 0);
  for (int k = 0; k < lv->nregs; k++) {
    MlirValue c = bld_add(&L->b, base, bld_i32(&L->b, ct_layout_coord(l, ct_layout_reg_flat(l, (uint32_t)k), 0)));
    lv->regs[k] = bld_int_resize(&L->b, c, et, false);
  }
  lv_bind(L, mlirOperationGetResult(op, 0), lv);
  return LOWER_DONE;
}

int lower_elementwise_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "constant")) return lower_constant(L, op);
  if (streq(name, "iota")) return lower_iota(L, op);
  if (!ct_op_name_is_elementwise(name)) return LOWER_NOT_MINE; /* the ops the dialect marks element-wise */
  if (!reject_exotic_elems(L, op, name)) return LOWER_FAILED;
  int n = (int)mlirOperationGetNumOperands(op);
  if (n < 1 || n > 3) {
    ct_error_op(L->c, op, "code generation: unexpected operand count for `%s`", name);
    return LOWER_FAILED;
  }
  ct_lv *in[3] = {NULL, NULL, NULL};
  for (int i = 0; i < n; i++)
    if (!(in[i] = lv_get(L, op, i))) return LOWER_FAILED;
  ct_type rt;
  if (!result_type(L, op, 0, &rt)) return LOWER_FAILED;
  /* layout: TileAS's (tileas.reg_layout, layout_propagate.c); a module without one (written by
   * hand): the first non-uniform operand's */
  const ct_layout *l = in[0]->layout;
  int r = rt.rank > 0 ? reg_layout_read(L, op, &rt, &l) : 0;
  if (r < 0) return LOWER_FAILED;
  for (int i = 0; i < n && r == 0; i++)
    if (!lv_is_uniform(in[i])) {
      l = in[i]->layout;
      break;
    }
  bool all_uniform = true;
  for (int i = 0; i < n; i++) {
    if (!(in[i] = lv_require(L, op, i, in[i], l))) return LOWER_FAILED;
    all_uniform = all_uniform && lv_is_uniform(in[i]);
  }
  ct_lv *out = lv_new_tile(L, &rt, l);
  /* uniform operands: one scalar op, spread over every register */
  int ncompute = all_uniform ? 1 : out->nregs;
  for (int k = 0; k < ncompute; k++) {
    MlirValue args[3];
    for (int i = 0; i < n; i++) args[i] = in[i]->regs[all_uniform ? 0 : k];
    if (!lower_scalar_op(L, op, name, args, &out->regs[k])) return LOWER_FAILED;
  }
  if (all_uniform) {
    for (int k = 1; k < out->nregs; k++) out->regs[k] = out->regs[0];
    out->uniform = true;
  }
  if (streq(name, "offset") || streq(name, "ptr_to_ptr")) out->ptr_align = 0;
  lv_bind(L, mlirOperationGetResult(op, 0), out);
  return LOWER_DONE;
}

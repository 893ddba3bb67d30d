#!/usr/bin/env python3
"""The op x type x target matrix (issue 18): every element-wise cuda_tile op, with every element
type and attribute choice the verifier accepts, and the structured ops (reduce and scan with add
and max combiners along every dim of 1-D and 2-D tiles; permute, broadcast, reshape, extract,
insert, cat up to 3-D) on every numeric type, mmaf/mmai with every operand and accumulator
type the verifier takes (2-D and batched 3-D; K = 16 and 32, so both the mma.sync shapes and the
multiply-add form), and atomic_rmw_tko (every mode) / atomic_cas_tko on every type the verifier
takes, load_ptr_tko / store_ptr_tko (masked, with padding) and constant (splat and dense) on
every element type (f8E8M0FNU, the MX scale type, and f4E2M1FN, packed two per byte, included),
mmaf_scaled (MXFP8, NVFP4, MXFP4), the 13.5
multimem view ops, strided / gather views and big dense constants on every element type, and i4
(13.3) with pack / unpack of the 4-bit types, compiles at -O3 for sm_90a and sm_100a, ptxas
accepts it with 0 spills, and the reference interpreter runs it; for the exact ops (and every
structured one: small integer inputs make any summation order exact) the outputs are checked
against values this script computes itself.

Each kernel loads its operands from 1-D views of N elements, applies the op once and stores the
result. The verifier (tilec -O0) decides which combinations are legal: a combination it refuses is
counted, not compiled. A legal combination that code generation refuses must be listed in
EXPECTED_REFUSALS with the reason (the hardware lacks it); an entry there that starts compiling
fails the run too, so the list stays true.

Usage: op_matrix.py --tilec T --tilec-run R [--ptxas P --ptxas-available] --work DIR [--summary FILE]
       [--jobs J] [--only REGEX] [--min-verified N] [--bundle FILE.tgz [--bundle-gpu sm_90a|sm_100a]]
       op_matrix.py --gpu-run FILE.tgz --tilec-run R --work DIR [--jobs J] [--only REGEX] [--timeout S]
       [--dry-run] [--failures FILE]
The GPU (issue 18: "the GPU suite runs the same matrix"): --bundle writes every compiled case's PTX
for one target, its input files, the exact reference where the script has one and the
interpreter's output otherwise into one archive (bench/gpu_suite.sh prepare --matrix); --gpu-run
(on the GPU machine, bench/gpu_suite.sh run --matrix) launches each with tilec-run and compares its
output: bit for bit with the exact reference, within a per-type tolerance with the interpreter's
(approximate math). --dry-run checks the launches without a driver (CI).
Pointer ops (offset, int_to_ptr, ptr_to_int, ptr_to_ptr) are covered by test/lowering tests, not
here: a view of pointers is not a kernel input.
"""
import argparse, concurrent.futures, math, os, re, struct, subprocess, sys

N = 64
INTS = ["i1", "i8", "i16", "i32", "i64"]
FLOATS = ["f16", "bf16", "f32", "f64", "tf32", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"]
F4_GRID = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]  # f4E2M1FN magnitudes by code (bit 3 the sign)
ALL = INTS + FLOATS
BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "f16": 16, "bf16": 16, "f32": 32, "f64": 64,
        "tf32": 32, "f8E4M3FN": 8, "f8E5M2": 8, "f8E8M0FNU": 8, "f4E2M1FN": 4}
ROUND = ["nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full"]
PRED = ["equal", "not_equal", "less_than", "less_than_or_equal", "greater_than", "greater_than_or_equal"]


def a_enum(kind, v):
    return "%s = #cuda_tile.%s<%s>" % (kind, {"rounding_mode": "rounding", "signedness": "signedness",
                                              "overflow": "overflow", "comparison_predicate": "comparison_predicate",
                                              "comparison_ordering": "comparison_ordering"}[kind], v)


def variants():
    """(op, operand types, result type, attribute list) for every combination to try."""
    out = []
    ints_bin = ["addi", "subi", "muli", "shli", "mulhii", "andi", "ori", "xori"]
    for t in INTS:
        for op in ints_bin:
            out.append((op, [t, t], t, []))
        for op in ["addi", "subi", "muli", "shli"]:
            for ov in ["no_signed_wrap", "no_unsigned_wrap", "no_wrap"]:
                out.append((op, [t, t], t, [a_enum("overflow", ov)]))
        for op in ["remi", "maxi", "mini", "shri"]:
            for s in ["signed", "unsigned"]:
                out.append((op, [t, t], t, [a_enum("signedness", s)]))
        for s in ["signed", "unsigned"]:
            for r in ["zero", "negative_inf", "positive_inf"]:
                out.append(("divi", [t, t], t, [a_enum("signedness", s), a_enum("rounding_mode", r)]))
        out.append(("negi", [t], t, []))
        out.append(("absi", [t], t, []))
        for p in PRED:
            for s in ["signed", "unsigned"]:
                out.append(("cmpi", [t, t], "i1", [a_enum("comparison_predicate", p), a_enum("signedness", s)]))
        for u in INTS:
            for s in ["signed", "unsigned"]:
                out.append(("exti", [t], u, [a_enum("signedness", s)]))
            out.append(("trunci", [t], u, []))
        for f in FLOATS:
            for s in ["signed", "unsigned"]:
                for r in ROUND:
                    out.append(("itof", [t], f, [a_enum("signedness", s), a_enum("rounding_mode", r)]))
                for r in ["nearest_int_to_zero"] + ROUND:
                    out.append(("ftoi", [f], t, [a_enum("signedness", s), a_enum("rounding_mode", r)]))
    for t in FLOATS:
        for op in ["addf", "subf", "mulf", "divf"]:
            for r in ROUND:
                out.append((op, [t, t], t, [a_enum("rounding_mode", r)]))
                out.append((op, [t, t], t, [a_enum("rounding_mode", r), "flush_to_zero"]))
        for r in ROUND:
            out.append(("fma", [t, t, t], t, [a_enum("rounding_mode", r)]))
            out.append(("sqrt", [t], t, [a_enum("rounding_mode", r)]))
            out.append(("sqrt", [t], t, [a_enum("rounding_mode", r), "flush_to_zero"]))
        for op in ["remf", "pow", "atan2"]:
            out.append((op, [t, t], t, []))
        for op in ["maxf", "minf"]:
            for a in ([], ["propagate_nan"], ["flush_to_zero"]):
                out.append((op, [t, t], t, list(a)))
        for op in ["negf", "absf", "ceil", "floor", "log", "log2", "sin", "cos", "tan", "sinh", "cosh", "rsqrt"]:
            out.append((op, [t], t, []))
        out.append(("rsqrt", [t], t, ["flush_to_zero"]))
        for op in ["exp", "tanh"]:
            for r in ["full", "approx"]:
                out.append((op, [t], t, [a_enum("rounding_mode", r)]))
        out.append(("exp2", [t], t, []))
        out.append(("exp2", [t], t, ["flush_to_zero"]))
        for p in PRED:
            for o in ["ordered", "unordered"]:
                out.append(("cmpf", [t, t], "i1", [a_enum("comparison_predicate", p), a_enum("comparison_ordering", o)]))
        for e in INTS:
            out.append(("fpowi", [t, e], t, []))
        for u in FLOATS:
            for r in ROUND + ["nearest_away"]:  # (13.4: nearest_away, ftof only)
                out.append(("ftof", [t], u, [a_enum("rounding_mode", r)]))
    for t in ALL:
        out.append(("select", ["i1", t, t], t, []))
        for u in ALL:
            out.append(("bitcast", [t], u, []))
    return out


def kernel(op, ins, res, attrs):
    name = "k"
    args = ", ".join("%%p%d: tile<ptr<%s>>" % (i, t) for i, t in enumerate(ins + [res]))
    lines = ["cuda_tile.module @m {", "  entry @%s(%s) {" % (name, args), "    %c0 = constant <i32: 0> : tile<i32>"]
    for i, t in enumerate(ins + [res]):
        lines.append("    %%v%d = make_tensor_view %%p%d, shape = [%d], strides = [1] : tensor_view<%dx%s, strides=[1]>" % (i, i, N, N, t))
        lines.append("    %%q%d = make_partition_view %%v%d : partition_view<tile=(%d), tensor_view<%dx%s, strides=[1]>>" % (i, i, N, N, t))
    for i, t in enumerate(ins):
        lines.append("    %%a%d, %%t%d = load_view_tko weak %%q%d[%%c0] : partition_view<tile=(%d), tensor_view<%dx%s, strides=[1]>>, tile<i32> -> tile<%dx%s>, token" % (i, i, i, N, N, t, N, t))
    at = (" <{%s}>" % ", ".join(attrs)) if attrs else ""
    lines.append('    %%r = "cuda_tile.%s"(%s)%s : (%s) -> !cuda_tile.tile<%dx%s>' % (
        op, ", ".join("%%a%d" % i for i in range(len(ins))), at, ", ".join("!cuda_tile.tile<%dx%s>" % (N, t) for t in ins), N, res))
    o = len(ins)
    lines.append("    %%tr = store_view_tko weak %%r, %%q%d[%%c0] : tile<%dx%s>, partition_view<tile=(%d), tensor_view<%dx%s, strides=[1]>>, tile<i32> -> token" % (o, N, res, N, N, res))
    lines += ["    return", "  }", "}", ""]
    return "\n".join(lines)


def tag(op, ins, res, attrs):
    a = "_".join(re.sub(r".*<(.*)>", r"\1", x) for x in attrs)
    return "%s.%s.%s%s" % (op, "_".join(ins), res, ("." + a) if a else "")


# ---- inputs and the exact reference ----
def input_values(t, idx, op):
    """N deterministic values for operand idx of op, in range for the type."""
    vals = []
    for k in range(N):
        if t == "i1":
            v = (k * 7 + idx) % 3 == 0
            vals.append(int(v))
        elif t in INTS:
            b = BITS[t]
            lo, hi = -(1 << (b - 1)), (1 << (b - 1)) - 1
            v = ((k * 37 + idx * 11) % 61) - 30
            if op in ("divi", "remi") and idx == 1 and v == 0:
                v = 3
            if op in ("shli", "shri") and idx == 1:
                v = k % b
            v = max(lo, min(hi, v))
            vals.append(v)
        elif t == "f8E8M0FNU":  # powers of two (the only values it has)
            vals.append(math.ldexp(1.0, (k * 5 + idx * 3) % 17 - 8))
        elif t == "f4E2M1FN":  # its 15 values
            c = (k * 5 + idx * 3) % 16
            vals.append(-F4_GRID[c & 7] if c & 8 and c != 8 else F4_GRID[c & 7])
        else:
            v = ((k * 13 + idx * 5) % 41 - 20) * 0.375
            if op == "ftof" and t in ("f32", "f64"):
                # below f16 / bf16 / tf32 precision (and f32's, from f64): the rounding mode shows
                v *= 1 + 3 * 2.0 ** -12 + 5 * 2.0 ** -20 + (2.0 ** -40 if t == "f64" else 0)
                v = f32(v) if t == "f32" else v
            if op in ("divf", "remf", "atan2") and idx == 1 and v == 0:
                v = 1.5
            if op in ("sqrt", "rsqrt", "log", "log2", "pow") and idx == 0:
                v = abs(v) + 0.5
            vals.append(v)
    return vals


def enc_n(t, vals):
    n = len(vals)
    if t == "i1":
        return bytes(v & 1 for v in vals)
    if t in ("i8", "i16", "i32", "i64", "f16", "f32", "tf32", "f64"):
        return struct.pack("<%d%s" % (n, {"i8": "b", "i16": "h", "i32": "i", "i64": "q", "f16": "e", "f32": "f",
                                          "tf32": "f", "f64": "d"}[t]), *vals)
    if t == "bf16":
        return b"".join(struct.pack("<f", v)[2:] for v in vals)
    if t in ("f8E4M3FN", "f8E5M2"):  # exact values only (the structured cases' small integers)
        codes = {fp8_value(c, t == "f8E4M3FN"): c for c in range(256) if c not in (0x80,)}
        if not all(v in codes for v in vals):
            return None
        return bytes(codes[v] for v in vals)
    if t == "f4E2M1FN":  # exact values only, two per byte (element 2i in the low nibble)
        codes = []
        for v in vals:
            if abs(v) not in F4_GRID:
                return None
            codes.append(nibble_code("f4E2M1FN", v))
        codes += [0] * (len(codes) % 2)
        return bytes(codes[k] | codes[k + 1] << 4 for k in range(0, len(codes), 2))
    if t == "f8E8M0FNU":  # powers of two 2^-127 .. 2^127 only
        if not all(v > 0 and math.frexp(v)[0] == 0.5 and -127 <= math.frexp(v)[1] - 1 <= 127 for v in vals):
            return None
        return bytes(math.frexp(v)[1] - 1 + 127 for v in vals)
    return None


def e8m0_round(v, up):
    """|v| to a power of two: down (rounding<zero>) or up (positive_inf), clamped to 2^-127 .. 2^127."""
    if math.isnan(v):
        return v
    a = abs(v)
    if math.isinf(a):
        return math.ldexp(1.0, 127)
    if a == 0.0:
        return math.ldexp(1.0, -127)
    m, e = math.frexp(a)  # a = m 2^e, m in [0.5, 1)
    k = e - 1 + (1 if up and m != 0.5 else 0)
    return math.ldexp(1.0, max(-127, min(127, k)))


def dec_n(t, data):
    if t == "i1":
        return [x & 1 for x in data]
    code = {"i8": "b", "i16": "h", "i32": "i", "i64": "q", "f16": "e", "f32": "f", "tf32": "f", "f64": "d"}.get(t)
    if code:
        size = struct.calcsize("<" + code)
        return list(struct.unpack("<%d%s" % (len(data) // size, code), data))
    if t == "bf16":
        return [struct.unpack("<f", b"\0\0" + data[k:k + 2])[0] for k in range(0, len(data), 2)]
    if t in ("f8E4M3FN", "f8E5M2"):
        return [fp8_value(x, t == "f8E4M3FN") for x in data]
    if t == "f8E8M0FNU":
        return [float("nan") if x == 0xFF else math.ldexp(1.0, x - 127) for x in data]
    if t == "f4E2M1FN":
        return [(-1.0 if c & 8 else 1.0) * F4_GRID[c & 7] for x in data for c in (x & 0xF, x >> 4)]
    return None


def f4_round(v):
    """f32 -> f4E2M1FN: nearest even, saturating to +-6, NaN -> +6 (CUDA's __nv_cvt_float_to_fp4)."""
    if math.isnan(v):
        return 6.0
    a, code = abs(v), 0
    for i in range(1, 8):
        mid = (F4_GRID[i - 1] + F4_GRID[i]) / 2
        if a > mid or (a == mid and i % 2 == 0):
            code = i
    return math.copysign(F4_GRID[code], v)


def fp8_value(code, e4m3):
    """The value of an fp8 byte (OCP FP8: e4m3fn has no infinities and one NaN code per sign)."""
    mbits, bias = (3, 7) if e4m3 else (2, 15)
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code >> mbits) & ((1 << (7 - mbits)) - 1), code & ((1 << mbits) - 1)
    if e4m3 and (code & 0x7F) == 0x7F:
        return float("nan")
    if not e4m3 and e == 31:
        return sign * float("inf") if m == 0 else float("nan")
    if e == 0:
        return sign * math.ldexp(m, 1 - bias - mbits)
    return sign * math.ldexp((1 << mbits) + m, e - bias - mbits)


def wrap(v, b):
    v &= (1 << b) - 1
    return v - (1 << b) if v >= (1 << (b - 1)) else v


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


FLOAT_FORMATS = {"f64": (53, -1022, 1023), "f32": (24, -126, 127), "tf32": (11, -126, 127), "f16": (11, -14, 15),
                 "bf16": (8, -126, 127)}  # precision, normal exponent range


def round_float(v, t, mode):
    """v rounded to float type t in an IEEE mode (exact arithmetic: fractions)."""
    from fractions import Fraction
    if v == 0 or math.isnan(v) or math.isinf(v):
        return v
    p, emin, emax = FLOAT_FORMATS[t]
    sign = -1 if v < 0 else 1
    ulp = Fraction(2) ** (max(math.frexp(abs(v))[1] - 1, emin) - (p - 1))
    q = Fraction(abs(v)) / ulp
    fl = math.floor(q)
    if mode == "zero" or (mode == "negative_inf" and sign > 0) or (mode == "positive_inf" and sign < 0):
        n = fl
    elif mode in ("negative_inf", "positive_inf"):
        n = math.ceil(q)
    elif mode == "nearest_away":
        n = math.floor(q + Fraction(1, 2))
    else:
        n = fl + 1 if q - fl > Fraction(1, 2) or (q - fl == Fraction(1, 2) and fl % 2) else fl
    r = float(n * ulp)
    max_finite = (2 - 2.0 ** (1 - p)) * 2.0 ** emax
    if r > max_finite:
        toward_zero = mode == "zero" or (mode == "negative_inf" and sign > 0) or (mode == "positive_inf" and sign < 0)
        r = max_finite if toward_zero else math.inf
    return sign * r


def reference(op, ins, res, attrs, xs):
    """Expected outputs of the exact ops (None: not checked here)."""
    if op == "ftof" and res in FLOAT_FORMATS and ins[0] in FLOAT_FORMATS:
        mode = re.sub(r".*<(.*)>", r"\1", attrs[0])
        if mode in ("nearest_even", "zero", "negative_inf", "positive_inf", "nearest_away"):
            return [round_float(v, res, mode) for v in xs[0]]
    if op == "ftof" and res == "f8E8M0FNU" and ins[0] in ("f16", "bf16", "f32", "f64"):
        return [e8m0_round(v, "positive_inf" in attrs[0]) for v in xs[0]]
    if op == "ftof" and ins[0] == "f8E8M0FNU" and res in ("f32", "f64"):
        return list(xs[0])
    if op == "ftof" and res == "f4E2M1FN" and ins[0] in ("f16", "bf16", "f32", "f64"):
        return [f4_round(v) for v in xs[0]]
    if op == "ftof" and ins[0] == "f4E2M1FN" and res in ("f32", "f64"):
        return list(xs[0])
    if res not in ("i8", "i16", "i32", "i64", "f32", "f64"):
        return None
    b = BITS.get(res, 0)
    sgn = not any("unsigned" in a for a in attrs)
    if ins and ins[0] in ("i8", "i16", "i32", "i64"):
        ib = BITS[ins[0]]
        u = [[x & ((1 << ib) - 1) for x in col] for col in xs]
    rnd = lambda v: f32(v) if res == "f32" else v
    simple = {"addi": lambda a, c: a + c, "subi": lambda a, c: a - c, "muli": lambda a, c: a * c,
              "andi": lambda a, c: a & c, "ori": lambda a, c: a | c, "xori": lambda a, c: a ^ c}
    if op in simple and not attrs:
        return [wrap(simple[op](a, c), b) for a, c in zip(*xs)]
    if op in ("maxi", "mini"):
        src = xs if sgn else u
        f = max if op == "maxi" else min
        return [wrap(f(a, c), b) for a, c in zip(*src)]
    if op == "negi":
        return [wrap(-a, b) for a in xs[0]]
    if op == "absi":
        return [wrap(abs(a), b) for a in xs[0]]
    if op == "exti" and ins[0] in ("i8", "i16", "i32", "i64"):
        return [wrap(a if sgn else a & ((1 << BITS[ins[0]]) - 1), b) for a in xs[0]]
    if op == "trunci" and ins[0] in ("i8", "i16", "i32", "i64") and not attrs:
        return [wrap(a, b) for a in xs[0]]
    if res in ("f32", "f64") and ins and ins[0] == res:
        plain = "rounding_mode = #cuda_tile.rounding<nearest_even>" in attrs and len(attrs) == 1
        ops = {"addf": lambda a, c: a + c, "subf": lambda a, c: a - c, "mulf": lambda a, c: a * c}
        if op in ops and plain:
            return [rnd(ops[op](a, c)) for a, c in zip(*xs)]
        if op == "negf":
            return [-a for a in xs[0]]
        if op == "absf":
            return [abs(a) for a in xs[0]]
        if op in ("maxf", "minf") and not attrs:
            return [(max if op == "maxf" else min)(a, c) for a, c in zip(*xs)]
        if op in ("ceil", "floor"):
            return [float((math.ceil if op == "ceil" else math.floor)(a)) for a in xs[0]]
    if op == "itof" and res in ("f32", "f64") and ins[0] in ("i8", "i16", "i32") and \
            "rounding_mode = #cuda_tile.rounding<nearest_even>" in attrs:
        return [rnd(float(a if sgn else a & ((1 << BITS[ins[0]]) - 1))) for a in xs[0]]
    if op == "ftoi" and ins[0] in ("f32", "f64") and sgn:
        lo, hi = -(1 << (b - 1)), (1 << (b - 1)) - 1
        mode = re.sub(r".*<(.*)>", r"\1", attrs[1])
        to_int = {"nearest_int_to_zero": math.trunc, "zero": math.trunc, "negative_inf": math.floor,
                  "positive_inf": math.ceil, "nearest_even": round}.get(mode)
        if to_int:
            return [max(lo, min(hi, int(to_int(a)))) for a in xs[0]]
    if op == "ftof" and ins[0] == "f32" and res == "f64" and "nearest_even" in attrs[0]:
        return list(xs[0])
    return None



# ---- structured ops: reduce, scan and the shape ops, on 1-D to 3-D tiles ----
NUMS = ["i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
IDENT_MAX = {"f16": "0xFC00 : f16", "bf16": "0xFF80 : bf16", "f32": "0xFF800000 : f32", "f64": "0xFFF0000000000000 : f64"}


def prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def tile_ty(t, shape):
    return "tile<%s%s>" % ("".join("%dx" % d for d in shape), t)


def view_lines(i, t, shape, index_var="%c0"):
    """A contiguous tensor view of `shape` over parameter %p<i>, its partition view (one tile)."""
    st = [prod(shape[k + 1:]) for k in range(len(shape))]
    tv = "tensor_view<%s%s, strides=[%s]>" % ("".join("%dx" % d for d in shape), t, ",".join(map(str, st)))
    pv = "partition_view<tile=(%s), %s>" % ("x".join(map(str, shape)), tv)
    idx = ", ".join([index_var] * len(shape))
    return (["    %%v%d = make_tensor_view %%p%d, shape = [%s], strides = [%s] : %s" % (i, i, ", ".join(map(str, shape)), ", ".join(map(str, st)), tv),
             "    %%q%d = make_partition_view %%v%d : %s" % (i, i, pv)], pv, idx)


def structured_kernel(ins, out, body):
    """ins: [(type, shape)] loaded as %a0.. ; body: lines computing %r; out: (type, shape) stored."""
    params = ins + [out]
    args = ", ".join("%%p%d: tile<ptr<%s>>" % (i, t) for i, (t, _) in enumerate(params))
    lines = ["cuda_tile.module @m {", "  entry @k(%s) {" % args, "    %c0 = constant <i32: 0> : tile<i32>"]
    for i, (t, shape) in enumerate(ins):
        vl, pv, idx = view_lines(i, t, shape)
        lines += vl
        lines.append("    %%a%d, %%t%d = load_view_tko weak %%q%d[%s] : %s, tile<i32> -> %s, token" % (i, i, i, idx, pv, tile_ty(t, shape)))
    lines += body
    o = len(ins)
    vl, pv, idx = view_lines(o, out[0], out[1])
    lines += vl
    lines.append("    %%tr = store_view_tko weak %%r, %%q%d[%s] : %s, %s, tile<i32> -> token" % (o, idx, tile_ty(*out), pv))
    lines += ["    return", "  }", "}", ""]
    return "\n".join(lines)


def small_values(t, n, salt):
    """Small integers (exact in every type and in any summation order)."""
    if t == "f8E8M0FNU":  # powers of two
        return [math.ldexp(1.0, ((k * 7 + salt * 3) % 9) - 4) for k in range(n)]
    if t == "f4E2M1FN":  # the integers -4 .. 4 (f4 has all of them)
        return [float([-4, -3, -2, -1, 0, 1, 2, 3, 4][(k * 7 + salt * 3) % 9]) for k in range(n)]
    vals = [((k * 7 + salt * 3) % 9) - 4 for k in range(n)]
    return [float(v) for v in vals] if t not in INTS else vals


def unflat(k, shape):
    idx = []
    for d in reversed(shape):
        idx.append(k % d)
        k //= d
    return list(reversed(idx))


def flat(idx, shape):
    k = 0
    for i, d in zip(idx, shape):
        k = k * d + i
    return k


def mma_want(csh, batched, kdim, product):
    """C = A x B element by element over the result shape csh ([M, N], or [B, M, N] when batched):
    the sum over q < kdim of product(batch, i, j, q), in order."""
    want = []
    for kk in range(prod(csh)):
        idx = unflat(kk, csh)
        bi, i, j = idx if batched else [0] + idx
        acc = 0
        for q in range(kdim):
            acc += product(bi, i, j, q)
        want.append(acc)
    return want


def nibble_code(t, v):
    """The 4-bit code of v in i4 (two's complement) or f4E2M1FN (sign, magnitude index)."""
    if t == "i4":
        return v & 15
    return F4_GRID.index(abs(v)) | (8 if math.copysign(1.0, v) < 0 else 0)


def i4_and_nibble_cases():
    """i4 (13.3) exists only in registers: exti / trunci make and consume it, select and the shape
    ops move it, pack / unpack turn it (and f4E2M1FN) into bytes, two per byte, element 2j in the low
    nibble. Each kernel loads an integer tile, truncates it to i4 (trunci), applies the op and widens
    it back (exti signed) to store it."""
    cases = []
    sext4 = lambda v: (v & 15) - 16 if v & 8 else v & 15
    for t in ["i8", "i16", "i32", "i64"]:
        xs = [((k * 37) % 61) - 30 for k in range(N)]
        for s in ["signed", "unsigned"]:
            body = ["    %%n = trunci %%a0 : %s -> %s" % (tile_ty(t, [N]), tile_ty("i4", [N])),
                    "    %%r = exti %%n %s : %s -> %s" % (s, tile_ty("i4", [N]), tile_ty(t, [N]))]
            cases.append(dict(tag="i4.trunci_exti.%s.%s" % (t, s), text=structured_kernel([(t, [N])], (t, [N]), body),
                              ins=[(t, N, xs)], out=(t, N), want=[sext4(v) if s == "signed" else v & 15 for v in xs]))
    def via_i4(tag_, ins, out, body_fn, fn):
        """ins / out: shapes; loads i8 tiles, trunci to i4, body_fn(names) -> lines making %r4, exti signed."""
        cols = [[((k * 7 + i * 3) % 16) - 8 for k in range(prod(sh))] for i, sh in enumerate(ins)]
        body = ["    %%n%d = trunci %%a%d : %s -> %s" % (i, i, tile_ty("i8", sh), tile_ty("i4", sh)) for i, sh in enumerate(ins)]
        body += body_fn(["%%n%d" % i for i in range(len(ins))])
        body.append("    %%r = exti %%r4 signed : %s -> %s" % (tile_ty("i4", out), tile_ty("i8", out)))
        cases.append(dict(tag="i4." + tag_, text=structured_kernel([("i8", sh) for sh in ins], ("i8", out), body),
                          ins=[("i8", prod(sh), c) for sh, c in zip(ins, cols)], out=("i8", prod(out)), want=fn(cols)))
    t4 = lambda sh: tile_ty("i4", sh)
    via_i4("permute.8x16.10", [[8, 16]], [16, 8], lambda n: ["    %%r4 = permute %s [1, 0] : %s -> %s" % (n[0], t4([8, 16]), t4([16, 8]))],
           lambda c: [c[0][(k % 8) * 16 + k // 8] for k in range(128)])
    via_i4("broadcast.1x32.16x32", [[1, 32]], [16, 32], lambda n: ["    %%r4 = broadcast %s : %s -> %s" % (n[0], t4([1, 32]), t4([16, 32]))],
           lambda c: [c[0][k % 32] for k in range(512)])
    via_i4("reshape.16x32.4x128", [[16, 32]], [4, 128], lambda n: ["    %%r4 = reshape %s : %s -> %s" % (n[0], t4([16, 32]), t4([4, 128]))],
           lambda c: list(c[0]))
    via_i4("extract.16x32.4x8", [[16, 32]], [4, 8],
           lambda n: ["    %c1 = constant <i32: 1> : tile<i32>", "    %c2 = constant <i32: 2> : tile<i32>",
                      "    %%r4 = extract %s[%%c2, %%c1] : %s -> %s" % (n[0], t4([16, 32]), t4([4, 8]))],
           lambda c: [c[0][flat([8 + k // 8, 8 + k % 8], [16, 32])] for k in range(32)])
    via_i4("cat.dim1", [[8, 32], [8, 32]], [8, 64],
           lambda n: ["    %%r4 = cat %s, %s dim = 1 : %s, %s -> %s" % (n[0], n[1], t4([8, 32]), t4([8, 32]), t4([8, 64]))],
           lambda c: [c[0][(k // 64) * 32 + k % 64] if k % 64 < 32 else c[1][(k // 64) * 32 + k % 64 - 32] for k in range(512)])
    via_i4("select", [[N], [N]], [N],
           lambda n: ["    %%m = cmpi less_than %%a0, %%a1, signed : %s -> %s" % (tile_ty("i8", [N]), tile_ty("i1", [N])),
                      "    %%r4 = select %%m, %s, %s : %s, %s" % (n[0], n[1], tile_ty("i1", [N]), t4([N]))],
           lambda c: [min(x, y) for x, y in zip(c[0], c[1])])
    # the i4 as a loop-carried value: the loop swaps two i4 tiles three times
    via_i4("for", [[N], [N]], [N],
           lambda n: ["    %lb = constant <i32: 0> : tile<i32>", "    %ub = constant <i32: 3> : tile<i32>",
                      "    %st = constant <i32: 1> : tile<i32>",
                      "    %%r4, %%o = for %%iv in (%%lb to %%ub, step %%st) : tile<i32> iter_values(%%x = %s, %%y = %s) -> (%s, %s) {" % (n[0], n[1], t4([N]), t4([N])),
                      "      continue %%y, %%x : %s, %s" % (t4([N]), t4([N])), "    }"],
           lambda c: list(c[1]))
    # pack / unpack: i4 (through trunci / exti) and f4E2M1FN (loaded and stored as it is)
    xs = [((k * 7) % 16) - 8 for k in range(N)]
    body = ["    %%n = trunci %%a0 : %s -> %s" % (tile_ty("i8", [N]), t4([N])),
            "    %%r = pack %%n : %s -> %s" % (t4([N]), tile_ty("i8", [N // 2]))]
    cases.append(dict(tag="pack.i4", text=structured_kernel([("i8", [N])], ("i8", [N // 2]), body), ins=[("i8", N, xs)],
                      out=("i8", N // 2), want=[wrap(nibble_code("i4", xs[2 * j]) | nibble_code("i4", xs[2 * j + 1]) << 4, 8) for j in range(N // 2)]))
    bs = [((j * 53 + 11) % 256) - 128 for j in range(N // 2)]
    body = ["    %%n = unpack %%a0 : %s -> %s" % (tile_ty("i8", [N // 2]), t4([N])),
            "    %%r = exti %%n signed : %s -> %s" % (t4([N]), tile_ty("i8", [N]))]
    cases.append(dict(tag="unpack.i4", text=structured_kernel([("i8", [N // 2])], ("i8", [N]), body), ins=[("i8", N // 2, bs)],
                      out=("i8", N), want=[sext4((bs[k // 2] & 255) >> (4 * (k % 2))) for k in range(N)]))
    fs = input_values("f4E2M1FN", 0, "pack")
    body = ["    %%r = pack %%a0 : %s -> %s" % (tile_ty("f4E2M1FN", [N]), tile_ty("i8", [N // 2]))]
    cases.append(dict(tag="pack.f4E2M1FN", text=structured_kernel([("f4E2M1FN", [N])], ("i8", [N // 2]), body),
                      ins=[("f4E2M1FN", N, fs)], out=("i8", N // 2),
                      want=[wrap(nibble_code("f", fs[2 * j]) | nibble_code("f", fs[2 * j + 1]) << 4, 8) for j in range(N // 2)]))
    body = ["    %%r = unpack %%a0 : %s -> %s" % (tile_ty("i8", [N // 2]), tile_ty("f4E2M1FN", [N]))]
    decode = lambda c: (-1.0 if c & 8 else 1.0) * F4_GRID[c & 7]
    cases.append(dict(tag="unpack.f4E2M1FN", text=structured_kernel([("i8", [N // 2])], ("f4E2M1FN", [N]), body),
                      ins=[("i8", N // 2, bs)], out=("f4E2M1FN", N), want=[decode((bs[k // 2] & 255) >> (4 * (k % 2)) & 15) for k in range(N)]))
    return cases


def view_kind_cases():
    """Strided views (tile index 1 of 16-element tiles every 3 elements: coordinates 3..18, an odd
    start), gather views (16 rows picked by an index tile, repeats included) and dense constants
    over 256 elements (a read-only module global) on every element type: loads, stores and
    constants of each type through each addressing form."""
    cases = []
    for t in ["i1"] + NUMS + ["tf32", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"]:
        xs = small_values(t, 64, 5) if t != "i1" else [k % 3 % 2 for k in range(64)]
        tv = "tensor_view<64x%s, strides=[1]>" % t
        sv = "strided_view<tile=(16), traversal_strides=[3], %s>" % tv
        body = ["    %c1 = constant <i32: 1> : tile<i32>",
                "    %%sv = make_strided_view %%v0 : %s" % sv,
                "    %%r, %%tk = load_view_tko weak %%sv[%%c1] : %s, tile<i32> -> %s, token" % (sv, tile_ty(t, [16]))]
        cases.append(dict(tag="strided_view.%s" % t, text=structured_kernel([(t, [64])], (t, [16]), body),
                          ins=[(t, 64, xs)], out=(t, 16), want=xs[3:19]))
        idx = [(k * 7 + 3) % 64 if k % 5 else 9 for k in range(16)]
        gv = "gather_scatter_view<tile=(16), %s, sparse_dim=0>" % tv
        body = ["    %%gv = make_gather_scatter_view %%v0 : %s" % gv,
                "    %%r, %%tk = \"cuda_tile.load_view_tko\"(%%gv, %%a1) {memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (!cuda_tile.%s, !cuda_tile.tile<16xi32>) -> (!cuda_tile.%s, !cuda_tile.token)" % (gv, tile_ty(t, [16]))]
        cases.append(dict(tag="gather_view.%s" % t, text=structured_kernel([(t, [64]), ("i32", [16])], (t, [16]), body),
                          ins=[(t, 64, xs), ("i32", 16, idx)], out=(t, 16), want=[xs[i] for i in idx]))
        big = small_values(t, 512, 7) if t != "i1" else [k % 5 % 2 for k in range(512)]
        lit = ", ".join(("true" if v else "false") if t == "i1" else repr(v) if t not in INTS else str(v) for v in big)
        body = ["    %%r = constant <%s: [%s]> : %s" % (t, lit, tile_ty(t, [512]))]
        cases.append(dict(tag="big_constant.%s" % t, text=structured_kernel([], (t, [512]), body),
                          ins=[], out=(t, 512), want=big))
    return cases


def structured_cases():
    cases = []
    for t in NUMS:
        isf = t not in INTS
        b = BITS[t]
        for combiner in ["add", "max"]:
            if combiner == "add":
                op = "addf" if isf else "addi"
                ident = ("0.0 : %s" if isf else "0 : %s") % t
            else:
                op = "maxf" if isf else "maxi"
                ident = IDENT_MAX[t] if isf else "%d : %s" % (-(1 << (b - 1)), t)
            sig = "" if isf else " signed"
            fold = (lambda x, y: x + y) if combiner == "add" else max
            for shape in ([64], [16, 32]):
                for dim in range(len(shape)):
                    rshape = shape[:dim] + shape[dim + 1:]
                    xs = small_values(t, prod(shape), dim)
                    # reduce
                    oshape = rshape or [1]
                    rname = "%r" if rshape else "%r0"
                    body = ["    %s = reduce %%a0 dim=%d identities=[%s] : %s -> %s" % (rname, dim, ident, tile_ty(t, shape), tile_ty(t, rshape)),
                            "    (%%x: tile<%s>, %%acc: tile<%s>) {" % (t, t),
                            "      %%s = %s %%acc, %%x%s : tile<%s>" % (op, sig if op == "maxi" else "", t),
                            "      yield %%s : tile<%s>" % t, "    }"]
                    if not rshape:
                        body.append("    %%r = reshape %%r0 : %s -> %s" % (tile_ty(t, rshape), tile_ty(t, oshape)))
                    want = []
                    for k in range(prod(oshape)):
                        ridx = unflat(k, oshape) if rshape else []
                        acc = None
                        for j in range(shape[dim]):
                            idx = ridx[:dim] + [j] + ridx[dim:]
                            v = xs[flat(idx, shape)]
                            acc = v if acc is None else fold(acc, v)
                        want.append(acc)
                    if not isf:
                        want = [wrap(v, b) for v in want]
                    cases.append(dict(tag="reduce.%s.%s.%s.dim%d" % (combiner, t, "x".join(map(str, shape)), dim),
                                      text=structured_kernel([(t, shape)], (t, oshape), body),
                                      ins=[(t, prod(shape), xs)], out=(t, prod(oshape)), want=want))
                    # scan, forward and reverse
                    for rev in (False, True):
                        body = ["    %%r = scan %%a0 dim=%d reverse=%s identities=[%s] : %s -> %s" % (dim, "true" if rev else "false", ident, tile_ty(t, shape), tile_ty(t, shape)),
                                "    (%%x: tile<%s>, %%acc: tile<%s>) {" % (t, t),
                                "      %%s = %s %%acc, %%x%s : tile<%s>" % (op, sig if op == "maxi" else "", t),
                                "      yield %%s : tile<%s>" % t, "    }"]
                        want = []
                        for k in range(prod(shape)):
                            idx = unflat(k, shape)
                            js = range(idx[dim], shape[dim]) if rev else range(0, idx[dim] + 1)
                            acc = None
                            for j in js:
                                v = xs[flat(idx[:dim] + [j] + idx[dim + 1:], shape)]
                                acc = v if acc is None else fold(acc, v)
                            want.append(wrap(acc, b) if not isf else acc)
                        cases.append(dict(tag="scan.%s%s.%s.%s.dim%d" % (combiner, ".rev" if rev else "", t, "x".join(map(str, shape)), dim),
                                          text=structured_kernel([(t, shape)], (t, shape), body),
                                          ins=[(t, prod(shape), xs)], out=(t, prod(shape)), want=want))
    # shape ops over every type (i1 and the storage floats included: data movement only; f4E2M1FN
    # tiles hold one element per register byte, memory two per byte)
    for t in ["i1"] + NUMS + ["tf32", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"]:
        tt = lambda sh: tile_ty(t, sh)
        def add(tag_, ins, out, body, fn):
            cols = [small_values(t, prod(sh), i) if t != "i1" else [k % 2 for k in range(prod(sh))] for i, (_, sh) in enumerate(ins)]
            want = fn(cols)
            cases.append(dict(tag=tag_ + "." + t, text=structured_kernel(ins, out, body),
                              ins=[(t, prod(sh), c) for (_, sh), c in zip(ins, cols)], out=(t, prod(out[1])), want=want))
        for shape, perm in (([8, 16], [1, 0]), ([4, 8, 16], [2, 0, 1]), ([4, 8, 16], [1, 2, 0])):
            oshape = [shape[p] for p in perm]
            def f(cols, shape=shape, perm=perm, oshape=oshape):
                res = []
                for k in range(prod(oshape)):
                    oi = unflat(k, oshape)
                    si = [0] * len(shape)
                    for d, p in enumerate(perm):
                        si[p] = oi[d]
                    res.append(cols[0][flat(si, shape)])
                return res
            add("permute.%s.%s" % ("x".join(map(str, shape)), "".join(map(str, perm))), [(t, shape)], (t, oshape),
                ["    %%r = permute %%a0 [%s] : %s -> %s" % (", ".join(map(str, perm)), tt(shape), tt(oshape))], f)
        add("broadcast.1x32.16x32", [(t, [1, 32])], (t, [16, 32]),
            ["    %%r = broadcast %%a0 : %s -> %s" % (tt([1, 32]), tt([16, 32]))], lambda c: [c[0][k % 32] for k in range(512)])
        add("reshape.16x32.4x128", [(t, [16, 32])], (t, [4, 128]),
            ["    %%r = reshape %%a0 : %s -> %s" % (tt([16, 32]), tt([4, 128]))], lambda c: list(c[0]))
        add("extract.16x32.4x8", [(t, [16, 32])], (t, [4, 8]),
            ["    %c1 = constant <i32: 1> : tile<i32>", "    %c2 = constant <i32: 2> : tile<i32>",
             "    %%r = extract %%a0[%%c2, %%c1] : %s -> %s" % (tt([16, 32]), tt([4, 8]))],
            lambda c: [c[0][flat([8 + k // 8, 8 + k % 8], [16, 32])] for k in range(32)])
        add("insert.4x8.16x32", [(t, [4, 8]), (t, [16, 32])], (t, [16, 32]),
            ["    %c1 = constant <i32: 1> : tile<i32>", "    %c2 = constant <i32: 2> : tile<i32>",
             "    %%r = insert %%a0, %%a1[%%c2, %%c1] : %s, %s" % (tt([4, 8]), tt([16, 32]))],
            lambda c: [c[0][(k // 32 - 8) * 8 + (k % 32 - 8)] if 8 <= k // 32 < 12 and 8 <= k % 32 < 16 else c[1][k] for k in range(512)])
        for dim in (0, 1):
            osh = [16, 32] if dim == 0 else [8, 64]
            def fc(c, dim=dim, osh=osh):
                res = []
                for k in range(prod(osh)):
                    i, j = unflat(k, osh)
                    if dim == 0:
                        res.append(c[0][flat([i, j], [8, 32])] if i < 8 else c[1][flat([i - 8, j], [8, 32])])
                    else:
                        res.append(c[0][flat([i, j], [8, 32])] if j < 32 else c[1][flat([i, j - 32], [8, 32])])
                return res
            add("cat.dim%d" % dim, [(t, [8, 32]), (t, [8, 32])], (t, osh),
                ["    %%r = cat %%a0, %%a1 dim = %d : %s, %s -> %s" % (dim, tt([8, 32]), tt([8, 32]), tt(osh))], fc)
    cases += i4_and_nibble_cases()
    cases += view_kind_cases()
    # mmaf / mmai: every operand type the verifier takes with every accumulator type, 2-D and
    # batched 3-D, M x N x K 32 x 32 x K for K = 16 and 32 (mma.sync shapes and the FMA form)
    for at in FLOATS + ["i8"]:
        for ct in (["i32"] if at == "i8" else ["f16", "f32", "f64"]):
            for kdim in (16, 32):
                for nb in (0, 2):
                    ash = ([nb] if nb else []) + [32, kdim]
                    bsh = ([nb] if nb else []) + [kdim, 32]
                    csh = ([nb] if nb else []) + [32, 32]
                    cols = [small_values(at, prod(ash), 0), small_values(at, prod(bsh), 1)]
                    if at == "i8":
                        body = ["    %z = constant <i32: 0> : " + tile_ty(ct, csh),
                                "    %%r = mmai %%a0, %%a1, %%z signed signed : %s, %s, %s" % (tile_ty(at, ash), tile_ty(at, bsh), tile_ty(ct, csh))]
                    else:
                        body = ["    %%z = constant <%s: 0.0> : %s" % (ct, tile_ty(ct, csh)),
                                "    %%r = mmaf %%a0, %%a1, %%z : %s, %s, %s" % (tile_ty(at, ash), tile_ty(at, bsh), tile_ty(ct, csh))]
                    # small integers: exact in every operand type (fp8 too), the sums exact in every accumulator
                    want = mma_want(csh, nb, kdim, lambda bi, i, j, q: cols[0][(bi * 32 + i) * kdim + q] * cols[1][(bi * kdim + q) * 32 + j])
                    if at != "i8":
                        want = [float(v) for v in want]
                    cases.append(dict(tag="%s.%s.%s.%s.k%d" % ("mmai" if at == "i8" else "mmaf", at, ct, "x".join(map(str, csh)), kdim),
                                      text=structured_kernel([(at, ash), (at, bsh)], (ct, csh), body),
                                      ins=[(at, prod(ash), cols[0]), (at, prod(bsh), cols[1])], out=(ct, prod(csh)), want=want))
    # mmaf_scaled: f8 operands with f8E8M0FNU scales (MXFP8), f4E2M1FN ones with f8E8M0FNU scales
    # (MXFP4) and with f8E4M3FN scales over 16-element blocks (NVFP4), 2-D and batched, K = 64;
    # small integers times powers of two: exact, whatever the summation order
    for at, st, blk in (("f8E4M3FN", "f8E8M0FNU", 32), ("f8E5M2", "f8E8M0FNU", 32), ("f4E2M1FN", "f8E8M0FNU", 32),
                        ("f4E2M1FN", "f8E4M3FN", 16)):
        for nb in (0, 2):
            kdim, ks = 64, 64 // blk
            pre = [nb] if nb else []
            ash, bsh, csh, sash, sbsh = pre + [32, kdim], pre + [kdim, 32], pre + [32, 32], pre + [32, ks], pre + [ks, 32]
            cols = [small_values(at, prod(ash), 0), small_values(at, prod(bsh), 1),
                    [math.ldexp(1.0, (k % 5) - 2) for k in range(prod(sash))], [math.ldexp(1.0, (k % 3) - 1) for k in range(prod(sbsh))]]
            body = ["    %%z = constant <f32: 0.0> : %s" % tile_ty("f32", csh),
                    "    %%r = mmaf_scaled %%a0, %%a1, %%z, %%a2, %%a3 : %s, %s, %s, %s, %s" % (
                        tile_ty(at, ash), tile_ty(at, bsh), tile_ty("f32", csh), tile_ty(st, sash), tile_ty(st, sbsh))]
            want = [float(v) for v in mma_want(csh, nb, kdim, lambda bi, i, j, q: (
                cols[0][(bi * 32 + i) * kdim + q] * cols[2][(bi * 32 + i) * ks + q // blk] *
                cols[1][(bi * kdim + q) * 32 + j] * cols[3][(bi * ks + q // blk) * 32 + j]))]
            cases.append(dict(tag="mmaf_scaled.%s.%s.%s" % (at, st, "x".join(map(str, csh))),
                              text=structured_kernel([(at, ash), (at, bsh), (st, sash), (st, sbsh)], ("f32", csh), body),
                              ins=[(at, prod(ash), cols[0]), (at, prod(bsh), cols[1]), (st, prod(sash), cols[2]),
                                   (st, prod(sbsh), cols[3])], out=("f32", prod(csh)), want=want))
    # atomic_rmw_tko: every mode on every type (the verifier keeps the legal pairs), on the 32
    # elements of input 0's buffer: two rounds with input 1's values, the second returning what the
    # first left (op(initial, v)), so the outputs check the operation, not only the read
    def rmw(mode, t, old, v):
        if t not in INTS and mode in ("and", "or", "xor", "umax", "umin"):
            return None  # the verifier refuses these (no reference needed)
        if mode == "xchg":
            return v
        if mode in ("add", "addf"):
            r = old + v
        elif mode in ("and", "or", "xor"):
            r = {"and": old & v, "or": old | v, "xor": old ^ v}[mode]
        elif mode in ("max", "min"):
            r = max(old, v) if mode == "max" else min(old, v)
        else:  # umax / umin on the unsigned view of the bits
            bits = BITS[t]
            uo, uv = old & ((1 << bits) - 1), v & ((1 << bits) - 1)
            r = max(uo, uv) if mode == "umax" else min(uo, uv)
        return wrap(r, BITS[t]) if t in INTS else float(r)
    for t in INTS + FLOATS:
        for mode in ("and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"):
            n = 32
            init, vals = small_values(t, n, 2), small_values(t, n, 3)
            pt = "tile<%dxptr<%s>>" % (n, t)
            body = ["    %%pr = reshape %%p0 : tile<ptr<%s>> -> tile<1xptr<%s>>" % (t, t),
                    "    %%pb = broadcast %%pr : tile<1xptr<%s>> -> %s" % (t, pt),
                    "    %%lane = iota : tile<%dxi32>" % n,
                    "    %%ptrs = offset %%pb, %%lane : %s, tile<%dxi32> -> %s" % (pt, n, pt),
                    "    %%o0, %%u0 = atomic_rmw_tko relaxed device %%ptrs, %s, %%a1 : %s, %s -> %s, token" % (mode, pt, tile_ty(t, [n]), tile_ty(t, [n])),
                    "    %%r, %%u1 = atomic_rmw_tko relaxed device %%ptrs, %s, %%a1 token=%%u0 : %s, %s -> %s, token" % (mode, pt, tile_ty(t, [n]), tile_ty(t, [n]))]
            want = [rmw(mode, t, o, v) for o, v in zip(init, vals)]
            want = None if None in want else want
            cases.append(dict(tag="atomic_rmw.%s.%s" % (mode, t), text=structured_kernel([(t, [n]), (t, [n])], (t, [n]), body),
                              ins=[(t, n, init), (t, n, vals)], out=(t, n), want=want))
        # atomic_cas_tko: swap in input 1's values where memory holds input 0's (it does), then a
        # second compare with the initial values fails and returns what the first swap wrote
        n = 32
        init, vals = small_values(t, n, 2), small_values(t, n, 3)
        pt = "tile<%dxptr<%s>>" % (n, t)
        tt = tile_ty(t, [n])
        body = ["    %%pr = reshape %%p0 : tile<ptr<%s>> -> tile<1xptr<%s>>" % (t, t),
                "    %%pb = broadcast %%pr : tile<1xptr<%s>> -> %s" % (t, pt),
                "    %%lane = iota : tile<%dxi32>" % n,
                "    %%ptrs = offset %%pb, %%lane : %s, tile<%dxi32> -> %s" % (pt, n, pt),
                "    %%o0, %%u0 = atomic_cas_tko relaxed device %%ptrs, %%a0, %%a1 : %s, %s -> %s, token" % (pt, tt, tt),
                "    %%r, %%u1 = atomic_cas_tko relaxed device %%ptrs, %%a0, %%a0 token=%%u0 : %s, %s -> %s, token" % (pt, tt, tt)]
        want = list(vals)  # where input 1 equals input 0 the second compare succeeds, writing the same value
        cases.append(dict(tag="atomic_cas.%s" % t, text=structured_kernel([(t, [n]), (t, [n])], (t, [n]), body),
                          ins=[(t, n, init), (t, n, vals)], out=(t, n), want=want))
    cases += pointer_memory_cases()
    cases += control_flow_cases()
    cases += pointer_op_cases()
    cases += multimem_cases()
    # constant (splat and dense) of every element type: the value survives into the output
    for t in INTS + FLOATS:
        n = 8
        vals = small_values(t, n, 4)
        if t == "i1":
            vals = [v & 1 for v in vals]
        lit = lambda v: str(v) if t in INTS else repr(v) if t == "f8E8M0FNU" else "%.1f" % v
        norm = (lambda v: v & 1) if t == "i1" else (lambda v: wrap(v, BITS[t])) if t in INTS else float
        for splat in (True, False):
            value = lit(vals[0]) if splat else "[%s]" % ", ".join(lit(v) for v in vals)
            body = ["    %%r = constant <%s: %s> : %s" % (t, value, tile_ty(t, [n]))]
            cases.append(dict(tag="constant.%s.%s" % ("splat" if splat else "dense", t),
                              text=structured_kernel([], (t, [n]), body), ins=[], out=(t, n),
                              want=[norm(vals[0] if splat else v) for v in vals]))
    return cases


def pointer_memory_cases():
    """load_ptr_tko / store_ptr_tko on every element type: a tile of pointers (offset of a splat base
    by iota), masked to the first `keep` lanes. load_ptr: masked lanes read the padding value;
    store_ptr: the masked store writes input 0 over input 1's buffer, read back (unmasked, ordered
    after the store by its token)."""
    cases = []
    n, keep = 32, 27
    for t in INTS + FLOATS:
        if t == "f4E2M1FN":  # tiles of ptr<f4E2M1FN> have rank 0 (two f4 share a byte): views only, test/lowering/f4.mlir
            continue
        pt = "tile<%dxptr<%s>>" % (n, t)
        tt = tile_ty(t, [n])
        pad_lit, pad = ("1", 1) if t in INTS else ("1.0", 1.0)
        norm = (lambda v: v & 1) if t == "i1" else (lambda v: wrap(v, BITS[t])) if t in INTS else float
        def pointers(param):
            return ["    %%pr%d = reshape %%p%d : tile<ptr<%s>> -> tile<1xptr<%s>>" % (param, param, t, t),
                    "    %%pb%d = broadcast %%pr%d : tile<1xptr<%s>> -> %s" % (param, param, t, pt),
                    "    %%ptrs%d = offset %%pb%d, %%lane : %s, tile<%dxi32> -> %s" % (param, param, pt, n, pt)]
        mask = ["    %%lane = iota : tile<%dxi32>" % n,
                "    %%lim = constant <i32: %d> : tile<%dxi32>" % (keep, n),
                "    %%mask = cmpi less_than %%lane, %%lim, signed : tile<%dxi32> -> tile<%dxi1>" % (n, n)]
        vals, other = small_values(t, n, 2), small_values(t, n, 5)
        body = mask + pointers(0) + [
            "    %%pad = constant <%s: %s> : %s" % (t, pad_lit, tt),
            "    %%r, %%tl = load_ptr_tko weak %%ptrs0, %%mask, %%pad : %s, tile<%dxi1>, %s -> %s, token" % (pt, n, tt, tt)]
        cases.append(dict(tag="load_ptr.%s" % t, text=structured_kernel([(t, [n])], (t, [n]), body), ins=[(t, n, vals)],
                          out=(t, n), want=[norm(v) for v in vals[:keep]] + [norm(pad)] * (n - keep)))
        body = mask + pointers(1) + [
            "    %%ts = store_ptr_tko weak %%ptrs1, %%a0, %%mask token=%%t1 : %s, %s, tile<%dxi1> -> token" % (pt, tt, n),
            "    %%r, %%tl = load_ptr_tko weak %%ptrs1 token=%%ts : %s -> %s, token" % (pt, tt)]
        cases.append(dict(tag="store_ptr.%s" % t, text=structured_kernel([(t, [n]), (t, [n])], (t, [n]), body),
                          ins=[(t, n, vals), (t, n, other)], out=(t, n),
                          want=[norm(v) for v in vals[:keep] + other[keep:]]))
    return cases

def control_flow_cases():
    """if / for / loop carrying tiles of every element type (registers of every width, i1 to f64,
    the 8-bit float storage types): `if` on a run-time condition (the block id) yielding one of two
    tiles; `for` over a run-time trip count swapping two loop-carried tiles (3 trips: the second);
    `loop` with a counter, swapping the two until a `break` inside an `if` (2 trips: the first); a
    `loop` with a result and no carried value. (A `loop` whose results differ from its carried values
    was refused by code generation: "expected 3 values, got 1".)"""
    cases = []
    n = 32
    for t in INTS + FLOATS:
        tt = tile_ty(t, [n])
        x, y = small_values(t, n, 6), small_values(t, n, 7)
        norm = (lambda v: v & 1) if t == "i1" else (lambda v: wrap(v, BITS[t])) if t in INTS else float
        ins = [(t, [n]), (t, [n])]
        block = ["    %bx, %by, %bz = get_tile_block_id : tile<i32>",
                 "    %first = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>"]
        body = block + ["    %%r = if %%first -> (%s) {" % tt, "      yield %%a1 : %s" % tt, "    } else {",
                        "      yield %%a0 : %s" % tt, "    }"]
        cases.append(dict(tag="if.%s" % t, text=structured_kernel(ins, (t, [n]), body), ins=[(t, n, x), (t, n, y)],
                          out=(t, n), want=[norm(v) for v in y]))
        body = block + ["    %c1 = constant <i32: 1> : tile<i32>",
                        "    %n = select %first, %c1, %c0 : tile<i1>, tile<i32>",
                        "    %c2 = constant <i32: 2> : tile<i32>",
                        "    %trips = addi %n, %c2 : tile<i32>",
                        "    %%r, %%s = for %%i in (%%c0 to %%trips, step %%c1) : tile<i32> iter_values(%%u = %%a0, %%w = %%a1) -> (%s, %s) {" % (tt, tt),
                        "      continue %%w, %%u : %s, %s" % (tt, tt), "    }"]
        cases.append(dict(tag="for.%s" % t, text=structured_kernel(ins, (t, [n]), body), ins=[(t, n, x), (t, n, y)],
                          out=(t, n), want=[norm(v) for v in y]))
        body = ["    %c1 = constant <i32: 1> : tile<i32>", "    %c2 = constant <i32: 2> : tile<i32>",
                "    %%r = loop iter_values(%%i = %%c0, %%u = %%a0, %%w = %%a1) : tile<i32>, %s, %s -> %s {" % (tt, tt, tt),
                "      %done = cmpi equal %i, %c2, signed : tile<i32> -> tile<i1>",
                "      if %done {", "        break %%u : %s" % tt, "      }",
                "      %next = addi %i, %c1 : tile<i32>",
                "      continue %%next, %%w, %%u : tile<i32>, %s, %s" % (tt, tt), "    }"]
        cases.append(dict(tag="loop.%s" % t, text=structured_kernel(ins, (t, [n]), body), ins=[(t, n, x), (t, n, y)],
                          out=(t, n), want=[norm(v) for v in x]))
        # a `loop` carrying nothing whose break yields a tile: its results are not its carried values
        body = ["    %%r = loop : %s {" % tt, "      break %%a1 : %s" % tt, "    }"]
        cases.append(dict(tag="loop_result.%s" % t, text=structured_kernel(ins, (t, [n]), body), ins=[(t, n, x), (t, n, y)],
                          out=(t, n), want=[norm(v) for v in y]))
    return cases

MMRED = ["add", "min", "max", "and", "or", "xor", "umin", "umax"]


def multimem_cases():
    """The 13.5 multimem view ops on every element type and reduction the verifier takes, over a
    multicast buffer (input 0, one device: the whole multicast group, so a load-reduce reads it):
    load_reduce (out = x), reduce (x op= y, read back by a weak load-reduce) and store (x = y, read
    back); 256-element tiles with the base 16-byte aligned, so f16 / bf16 pair up (.f16x2)."""
    cases = []
    n = 256
    for t in INTS + FLOATS:
        x, y = small_values(t, n, 1), small_values(t, n, 2)
        b = BITS[t]
        mask = (1 << b) - 1
        norm = (lambda v: v & 1) if t == "i1" else (lambda v: wrap(v, b)) if t in INTS else float
        mc = "tile<ptr<%s, <multicast>>>" % t
        tv = "tensor_view<%dx%s, strides=[1], #cuda_tile.ptr_attr<multicast>>" % (n, t)
        pv = "partition_view<tile=(%d), %s>" % (n, tv)
        tt = tile_ty(t, [n])
        head = ["cuda_tile.module @m {", "  entry @k(%%p0: %s, %%p1: tile<ptr<%s>>, %%p2: tile<ptr<%s>>) {" % (mc, t, t),
                "    %c0 = constant <i32: 0> : tile<i32>",
                "    %%m = assume div_by<16>, %%p0 : %s" % mc,
                "    %%mv = make_tensor_view %%m, shape = [%d], strides = [1] : %s -> %s" % (n, mc, tv),
                "    %%mp = make_partition_view %%mv : %s" % pv]
        yv, ypv, yidx = view_lines(1, t, [n])
        ov, opv, oidx = view_lines(2, t, [n])
        load_y = yv + ["    %%a1, %%t1 = load_view_tko weak %%q1[%s] : %s, tile<i32> -> %s, token" % (yidx, ypv, tt)]
        tail = ov + ["    %%tr = store_view_tko weak %%r, %%q2[%s] : %s, %s, tile<i32> -> token" % (oidx, tt, opv),
                     "    return", "  }", "}", ""]

        def read_back(tok):
            return ["    %%r, %%tb = multimem_load_reduce_view_tko weak %%mp[%%c0] token = %s : %s, tile<i32>, token -> %s, token" % (
                tok, pv, tt)]

        def attr(red):
            return " attributes {reduction = #cuda_tile.multimem_reduction_kind<%s>}" % red

        for red in MMRED:
            body = ["    %%r, %%tl = multimem_load_reduce_view_tko relaxed device %%mp[%%c0]%s : %s, tile<i32> -> %s, token" % (
                attr(red), pv, tt)]
            cases.append(dict(tag="multimem_load_reduce.%s.%s" % (red, t), text="\n".join(head + body + tail),
                              ins=[(t, n, x), (t, n, y)], out=(t, n), want=[norm(v) for v in x]))
            body = load_y + ["    %%tm = multimem_reduce_view_tko release sys %%mp, %%a1[%%c0]%s : %s, %s, tile<i32> -> token" % (
                attr(red), pv, tt)] + read_back("%tm")
            if t in INTS:
                ux, uy = [v & mask for v in x], [v & mask for v in y]
                sx, sy = [wrap(v, b) for v in x], [wrap(v, b) for v in y]  # signed in the element's width (i1: 1 is -1)
                ref = {"add": [a + c for a, c in zip(x, y)], "and": [a & c for a, c in zip(ux, uy)],
                       "or": [a | c for a, c in zip(ux, uy)], "xor": [a ^ c for a, c in zip(ux, uy)],
                       "min": [min(a, c) for a, c in zip(sx, sy)], "max": [max(a, c) for a, c in zip(sx, sy)],
                       "umin": [min(a, c) for a, c in zip(ux, uy)], "umax": [max(a, c) for a, c in zip(ux, uy)]}[red]
                want = [norm(v) for v in ref]
            else:
                want = [float(a + c) for a, c in zip(x, y)] if red == "add" and t in ("f16", "bf16", "f32", "f64") else None
            cases.append(dict(tag="multimem_reduce.%s.%s" % (red, t), text="\n".join(head + body + tail),
                              ins=[(t, n, x), (t, n, y)], out=(t, n), want=want))
        body = load_y + ["    %%ts = multimem_store_view_tko relaxed device %%mp, %%a1[%%c0] : %s, %s, tile<i32> -> token" % (
            pv, tt)] + read_back("%ts")
        cases.append(dict(tag="multimem_store.%s" % t, text="\n".join(head + body + tail), ins=[(t, n, x), (t, n, y)],
                          out=(t, n), want=[norm(v) for v in y]))
    return cases


def pointer_op_cases():
    """ptr_to_int / int_to_ptr / ptr_to_ptr on pointers to every element type: the byte distance of
    offset lanes from the base (ptr_to_int, subi), a load through pointers rebuilt from those integers
    (int_to_ptr), and a load of each element's first byte through an i8 view of the same pointers
    (ptr_to_ptr; little-endian); and alloca as an exchange buffer between threads."""
    cases = []
    n = 32
    for t in INTS + FLOATS:
        if t == "f4E2M1FN":  # tiles of ptr<f4E2M1FN> have rank 0 (two f4 share a byte): views only, test/lowering/f4.mlir
            continue
        pt, tt = "tile<%dxptr<%s>>" % (n, t), tile_ty(t, [n])
        it = "tile<%dxi64>" % n
        vals = small_values(t, n, 8)
        data = enc_n(t, vals)
        size = max(1, BITS[t] // 8)
        norm = (lambda v: v & 1) if t == "i1" else (lambda v: wrap(v, BITS[t])) if t in INTS else float
        ptrs = ["    %%pr = reshape %%p0 : tile<ptr<%s>> -> tile<1xptr<%s>>" % (t, t),
                "    %%pb = broadcast %%pr : tile<1xptr<%s>> -> %s" % (t, pt),
                "    %%lane = iota : tile<%dxi32>" % n,
                "    %%ptrs = offset %%pb, %%lane : %s, tile<%dxi32> -> %s" % (pt, n, pt),
                "    %%pi = ptr_to_int %%ptrs : %s -> %s" % (pt, it)]
        body = ptrs + ["    %%bi = ptr_to_int %%pb : %s -> %s" % (pt, it), "    %%r = subi %%pi, %%bi : %s" % it]
        cases.append(dict(tag="ptr_to_int.%s" % t, text=structured_kernel([(t, [n])], ("i64", [n]), body),
                          ins=[(t, n, vals)], out=("i64", n), want=[k * size for k in range(n)]))
        body = ptrs + ["    %%back = int_to_ptr %%pi : %s -> %s" % (it, pt),
                       "    %%r, %%tl = load_ptr_tko weak %%back token=%%t0 : %s -> %s, token" % (pt, tt)]
        cases.append(dict(tag="int_to_ptr.%s" % t, text=structured_kernel([(t, [n])], (t, [n]), body),
                          ins=[(t, n, vals)], out=(t, n), want=[norm(v) for v in vals]))
        # alloca: the block's scratch buffer, written in reverse lane order and read back in order
        # (other threads' elements: the token order is a barrier)
        body = ["    %%sp = alloca num_elem = %d, alignment = 16 : tile<ptr<%s>>" % (n, t),
                "    %%sr = reshape %%sp : tile<ptr<%s>> -> tile<1xptr<%s>>" % (t, t),
                "    %%sb = broadcast %%sr : tile<1xptr<%s>> -> %s" % (t, pt),
                "    %%lane = iota : tile<%dxi32>" % n,
                "    %%last = constant <i32: %d> : tile<%dxi32>" % (n - 1, n),
                "    %%rev = subi %%last, %%lane : tile<%dxi32>" % n,
                "    %%wp = offset %%sb, %%rev : %s, tile<%dxi32> -> %s" % (pt, n, pt),
                "    %%rp = offset %%sb, %%lane : %s, tile<%dxi32> -> %s" % (pt, n, pt),
                "    %%ts = store_ptr_tko weak %%wp, %%a0 token=%%t0 : %s, %s -> token" % (pt, tt),
                "    %%r, %%tl = load_ptr_tko weak %%rp token=%%ts : %s -> %s, token" % (pt, tt)]
        cases.append(dict(tag="alloca.%s" % t, text=structured_kernel([(t, [n])], (t, [n]), body),
                          ins=[(t, n, vals)], out=(t, n), want=[norm(v) for v in reversed(vals)]))
        if data is None or t == "i8":
            continue
        bt = "tile<%dxptr<i8>>" % n
        body = ptrs + ["    %%bytes = ptr_to_ptr %%ptrs : %s -> %s" % (pt, bt),
                       "    %%r, %%tl = load_ptr_tko weak %%bytes token=%%t0 : %s -> tile<%dxi8>, token" % (bt, n)]
        cases.append(dict(tag="ptr_to_ptr.%s" % t, text=structured_kernel([(t, [n])], ("i8", [n]), body),
                          ins=[(t, n, vals)], out=("i8", n),
                          want=[wrap(data[k * size], 8) for k in range(n)]))
    return cases

# ---- the run ----
def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


EXPECTED_REFUSALS = [
    # (regex over the tag, reason). Keep each entry explained.
    (r"^multimem_[a-z_]+\.([a-z]+\.)?(i1|i8|i16|tf32|f8E4M3FN|f8E5M2|f8E8M0FNU|f4E2M1FN)$",
     "PTX multimem.ld_reduce / red / st have 32- and 64-bit integer, f32, f64 and f16x2 / bf16x2 forms only"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilec", default="")
    ap.add_argument("--tilec-run", required=True)
    ap.add_argument("--bundle", default="", help="write the GPU bundle (an archive) of the compiled cases")
    ap.add_argument("--bundle-gpu", default="sm_90a", choices=["sm_90a", "sm_100a"])
    ap.add_argument("--gpu-run", default="", help="run a bundle's cases on the GPU and compare their outputs")
    ap.add_argument("--dry-run", action="store_true", help="--gpu-run: tilec-run --dry-run (no driver)")
    ap.add_argument("--emulate", default="", help="--gpu-run on the CPU emulator: the path of libtilec_emu_cuda.so")
    ap.add_argument("--emu-build", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools",
                                                         "tilec-emu", "tilec-emu-build"))
    ap.add_argument("--timeout", type=float, default=30.0, help="--gpu-run: seconds per launch")
    ap.add_argument("--failures", default="", help="--gpu-run: write the failing cases' lines here")
    ap.add_argument("--ptxas", default="")
    ap.add_argument("--ptxas-available", action="store_true", help="lit's %if-ptxas: without it ptxas is skipped, visibly")
    ap.add_argument("--min-verified", type=int, default=0, help="fail when fewer combinations verify (the generator shrank)")
    ap.add_argument("--work", required=True)
    ap.add_argument("--summary", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    if a.gpu_run:
        return gpu_run(a)
    if not a.tilec:
        ap.error("--tilec is required (except with --gpu-run)")
    if not a.ptxas_available:
        a.ptxas = ""  # lit's stub (no ptxas on this machine): the summary line says SKIPPED
    os.makedirs(a.work, exist_ok=True)
    cases = []
    for v in variants():
        op, ins, res, attrs = v
        cols = [input_values(tp, i, op) for i, tp in enumerate(ins)]
        exact = all(enc_n(tp, c) is not None for tp, c in zip(ins, cols))
        cases.append(dict(tag=tag(*v), op=op, text=kernel(*v), ins=[(tp, N, c) for tp, c in zip(ins, cols)], out=(res, N),
                          want=reference(op, ins, res, attrs, cols) if exact else None))
    for c in structured_cases():
        c["op"] = c["tag"].split(".")[0]
        cases.append(c)
    cases = [c for c in cases if not a.only or re.search(a.only, c["tag"])]
    # each case's tag names its scratch files, and the cases run in a thread pool: a repeated tag
    # would let two cases overwrite each other's files
    tag_counts = {}
    for c in cases:
        tag_counts[c["tag"]] = tag_counts.get(c["tag"], 0) + 1
    repeated = sorted(t for t, n in tag_counts.items() if n > 1)
    if repeated:
        sys.exit("op matrix: repeated case tags: " + ", ".join(repeated[:10]))
    # TILEC_MATRIX_STRIDE=k (scripts/test.sh, sanitizer build: each compile is ~10x slower): every
    # k-th combination
    stride = max(1, int(os.environ.get("TILEC_MATRIX_STRIDE", "1")))
    cases = cases[::stride]
    a.min_verified //= stride

    def verify(c):
        path = os.path.join(a.work, c["tag"] + ".mlir")
        with open(path, "w") as f:
            f.write(c["text"])
        r = run([a.tilec, "-O0", path, "-o", os.devnull])
        c["path"] = path
        return c if r.returncode == 0 else None

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        verified = [c for c in ex.map(verify, cases) if c]
    print("combinations: %d tried, %d verified (the rest the verifier refuses)" % (len(cases), len(verified)))
    if len(verified) < a.min_verified:
        print("op matrix: only %d combinations verified, expected at least %d" % (len(verified), a.min_verified))
        return 1

    def compile_one(c):
        t, path, op = c["tag"], c["path"], c["op"]
        problems = []
        refusal = None
        for gpu in ("sm_90a", "sm_100a"):
            ptx = os.path.join(a.work, "%s.%s.ptx" % (t, gpu))
            r = run([a.tilec, "-O3", "--gpu-name=" + gpu, path, "-o", ptx])
            if r.returncode:
                msg = r.stderr.strip().splitlines()[0] if r.stderr.strip() else "exit %d" % r.returncode
                refusal = "%s: %s" % (gpu, msg)
                continue
            if a.ptxas:
                p = run([a.ptxas, "-v", "-arch=" + gpu, ptx, "-o", os.devnull])
                if p.returncode:
                    problems.append("%s ptxas: %s" % (gpu, (p.stderr.strip().splitlines() or ["?"])[0]))
                elif re.search(r"[1-9][0-9]* bytes spill", p.stderr):
                    problems.append("%s ptxas: spills" % gpu)
        # the interpreter, with this script's inputs, and the exact reference where there is one
        args = []
        for i, (tp, n, col) in enumerate(c["ins"]):
            data = enc_n(tp, col)
            if data is None:
                args += ["--arg", "ptr:%s:%d:random" % (tp, n)]
                continue
            fn = os.path.join(a.work, "%s.in%d" % (t, i))
            with open(fn, "wb") as f:
                f.write(data)
            args += ["--arg", "ptr:%s:%d:file=%s" % (tp, n, fn)]
        out = os.path.join(a.work, t + ".out")
        res, n_out = c["out"]
        args += ["--arg", "ptr:%s:%d:out" % (res, n_out), "--save", "%d=%s" % (len(c["ins"]), out)]
        interp_err = None
        checked = False
        r = run([a.tilec_run, "--interpret", path, "--grid", "1"] + args)
        if r.returncode:
            msg = r.stderr.strip()
            # value-dependent errors (overflow flags, division by zero) are the interpreter doing its job
            value_dependent = re.search(r"overflows|divides by zero|out of range", msg) or \
                (op == "bitcast" and re.search(r"are NaN", msg))  # integer bits that are NaN as floats
            if not value_dependent:
                interp_err = (msg.splitlines() or ["exit %d" % r.returncode])[0]
        elif c["want"] is not None and os.path.exists(out):
            got = dec_n(res, open(out, "rb").read())
            if got is not None:
                checked = True
                for k, (g, w) in enumerate(zip(got, c["want"])):
                    if not (g == w or (isinstance(w, float) and math.isnan(w) and math.isnan(g))):
                        problems.append("interpreter: element %d is %r, want %r" % (k, g, w))
                        break
        if interp_err:
            problems.append("interpreter: " + interp_err)
        c["interp_out"] = out if r.returncode == 0 and os.path.exists(out) else None
        c["gpu_args"] = args
        return t, refusal, problems, checked

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(compile_one, verified))
    failed = 0
    refused = []
    checked = 0
    used = set()
    for t, refusal, problems, ck in results:
        checked += ck
        if refusal:
            hit = [i for i, (rx, _) in enumerate(EXPECTED_REFUSALS) if re.search(rx, t)]
            if hit:
                used.update(hit)
                refused.append((t, refusal))
            else:
                failed += 1
                print("FAIL %s: code generation refused it: %s" % (t, refusal))
        else:
            for i, (rx, _) in enumerate(EXPECTED_REFUSALS):
                if re.search(rx, t):
                    failed += 1
                    print("FAIL %s: compiles, but EXPECTED_REFUSALS[%d] says it is refused" % (t, i))
        for p in problems:
            failed += 1
            print("FAIL %s: %s" % (t, p))
    print("compiled on sm_90a and sm_100a: %d; refused as expected: %d; interpreter outputs checked: %d; ptxas: %s" % (
        len(results) - len(refused), len(refused), checked, "yes" if a.ptxas else "SKIPPED (not found)"))
    if a.summary:
        with open(a.summary, "w") as f:
            for t, refusal in sorted(refused):
                f.write("%s\t%s\n" % (t, refusal))
    if a.bundle:
        write_bundle(a, verified, {t for t, refusal, _, _ in results if refusal})
    print("op matrix: %s" % ("PASS" if failed == 0 else "%d FAILURES" % failed))
    return 1 if failed else 0


def write_bundle(a, cases, refused):
    """The archive --gpu-run reads: matrix/manifest.json and each case's PTX, inputs, reference."""
    import json, tarfile
    entries = []
    with tarfile.open(a.bundle, "w:gz") as tf:
        def add(path, name):
            tf.add(path, arcname="matrix/" + name)
            return name
        for c in cases:
            t = c["tag"]
            ptx = os.path.join(a.work, "%s.%s.ptx" % (t, a.bundle_gpu))
            if t in refused or not os.path.exists(ptx):
                continue
            args, k = [], 0
            spec = c.get("gpu_args", [])
            while k < len(spec):  # ["--arg", SPEC, ..., "--save", N=PATH]
                if spec[k] == "--arg":
                    m = re.match(r"^(ptr:[^:]+:\d+:file=)(.*)$", spec[k + 1])
                    args.append(m.group(1) + add(m.group(2), os.path.basename(m.group(2))) if m else spec[k + 1])
                k += 2
            res, n_out = c["out"]
            # where the interpreter stopped (an overflow flag broken, ...) the output is undefined:
            # the GPU run is only launched
            # the LLVM IR too: --gpu-run --emulate runs it on the CPU emulator (tools/tilec-emu)
            ll = os.path.join(a.work, "%s.%s.ll" % (t, a.bundle_gpu))
            r = run([a.tilec, "-O3", "--gpu-name=" + a.bundle_gpu, c["path"], "--emit=llvm", "-o", ll])
            entries.append(dict(tag=t, op=c["op"], ptx=add(ptx, t + ".ptx"), args=args, out_index=len(c["ins"]),
                                llvm=add(ll, t + ".ll") if r.returncode == 0 else None,
                                out=[res, n_out], want=c["want"] if c.get("interp_out") else None,
                                interp=add(c["interp_out"], t + ".interp") if c.get("interp_out") else None))
        data = json.dumps(dict(gpu=a.bundle_gpu, cases=entries), indent=0).encode()
        import io
        info = tarfile.TarInfo("matrix/manifest.json")
        info.size = len(data)
        tf.addfile(info, io.BytesIO(data))
    print("GPU bundle: %d cases for %s in %s" % (len(entries), a.bundle_gpu, a.bundle))


# Tolerances against the interpreter's output (cases without an exact reference: approximate math);
# an element passes when |got - want| <= tol * max(|want|, scale / 10), scale the largest |want|.
GPU_TOLERANCE = {"f64": 1e-9, "f32": 1e-5, "tf32": 2e-3, "f16": 2e-3, "bf16": 1.6e-2, "f8E4M3FN": 0.13,
                 "f8E5M2": 0.26, "f8E8M0FNU": 1.0, "f4E2M1FN": 0.34}
# transcendental math and rounding<approx> (the hardware's approximate instructions, e.g.
# tanh.approx.f32 to about 2^-11) against the interpreter's libm: looser, a first guess to
# calibrate on the first GPU run
GPU_TOLERANCE_APPROX = {"f64": 1e-6, "f32": 2e-3, "tf32": 2e-3, "f16": 4e-3, "bf16": 1.6e-2}
TRANSCENDENTAL = {"exp", "exp2", "log", "log2", "sin", "cos", "tan", "sinh", "cosh", "tanh", "pow", "atan2",
                  "rsqrt", "sqrt", "fpowi"}


def gpu_compare(res, got, want, exact, approx=False):
    """None when got matches want, else a description of the first mismatch."""
    if len(got) < len(want):
        return "%d elements, want %d" % (len(got), len(want))
    tol = 0.0 if exact else GPU_TOLERANCE.get(res, 0.0)
    if approx and not exact:
        tol = max(tol, GPU_TOLERANCE_APPROX.get(res, 0.0))
    finite = [abs(w) for w in want if isinstance(w, (int, float)) and math.isfinite(w)]
    scale = max(finite) if finite else 0.0
    for k, (g, w) in enumerate(zip(got, want)):
        if g == w or (isinstance(w, float) and math.isnan(w) and math.isnan(g)):
            continue
        if tol and math.isfinite(w) and math.isfinite(g) and abs(g - w) <= tol * max(abs(w), scale / 10):
            continue
        return "element %d is %r, want %r" % (k, g, w)
    return None


def gpu_run(a):
    """Launch every case of the bundle on the GPU (tilec-run, one CTA) and compare its output."""
    import json, tarfile
    os.makedirs(a.work, exist_ok=True)
    with tarfile.open(a.gpu_run) as tf:
        tf.extractall(a.work)
    d = os.path.join(a.work, "matrix")
    with open(os.path.join(d, "manifest.json")) as f:
        man = json.load(f)
    cases = [c for c in man["cases"] if not a.only or re.search(a.only, c["tag"])]

    not_emulated = []

    def one(c):
        t = c["tag"]
        out = os.path.join(d, t + ".gpu.out")
        env = None
        if a.emulate:
            # the CPU emulator: the case's LLVM IR as a host module, tilec-run over libtilec_emu_cuda.so
            so = os.path.join(d, t + ".so")
            r = run([sys.executable, a.emu_build, os.path.join(d, c["llvm"]), "-o", so]) if c.get("llvm") else None
            if r is None or r.returncode == 1:
                not_emulated.append((t, (r.stderr.strip().splitlines() or ["?"])[0] if r else "no LLVM IR in the bundle"))
                return t, None, False
            if r.returncode:
                return t, "tilec-emu-build: " + (r.stderr.strip().splitlines() or ["?"])[-1], False
            env = dict(os.environ, TILEC_RUN_LIBCUDA=a.emulate, TILEC_EMU_MODULE=so, TILEC_EMU_SM=man["gpu"][3:].rstrip("a"))
        cmd = [a.tilec_run, os.path.join(d, c["ptx"]), "--grid", "1", "--iters", "0", "--warmup", "0"]
        for spec in c["args"]:
            cmd += ["--arg", spec.replace(":file=", ":file=" + d + "/")]
        cmd += ["--save", "%d=%s" % (c["out_index"], out)]
        if a.dry_run:
            cmd.append("--dry-run")
        try:
            r = run(cmd, timeout=a.timeout, env=env)
        except subprocess.TimeoutExpired:
            return t, "TIMEOUT after %gs" % a.timeout, False
        first = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0]
        if a.dry_run:
            return t, None if r.returncode == 0 else "tilec-run --dry-run: " + first, False
        # exit 1: tilec-run's NaN check (no reference given); the saved output is still compared
        if r.returncode not in (0, 1) or not os.path.exists(out):
            return t, "tilec-run exit %d: %s" % (r.returncode, first), False
        res, n = c["out"]
        got = dec_n(res, open(out, "rb").read())
        if c["want"] is not None:
            bad = gpu_compare(res, got, c["want"], True)
            return t, bad and "exact reference: " + bad, True
        if c["interp"]:
            approx = c["op"] in TRANSCENDENTAL or ".approx" in t
            bad = gpu_compare(res, got, dec_n(res, open(os.path.join(d, c["interp"]), "rb").read()), False, approx)
            return t, bad and "interpreter's output: " + bad, True
        return t, None, False

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(one, cases))
    bad = [(t, p) for t, p, _ in results if p]
    for t, p in bad:
        print("FAIL %s: %s" % (t, p))
    if a.failures:
        with open(a.failures, "w") as f:
            f.writelines("%s\t%s\n" % (t, p) for t, p in bad)
    if not_emulated:
        reasons = {}
        for t, why in not_emulated:
            why = re.sub(r"^tilec-emu-build: ", "", why)
            reasons.setdefault(why, []).append(t)
        for why, ts in sorted(reasons.items(), key=lambda kv: -len(kv[1])):
            print("not emulated (%d cases, e.g. %s): %s" % (len(ts), ts[0], why))
    print("op matrix on the %s (%s kernels)%s: %d cases, %d outputs compared, %d failed%s" % (
        "CPU emulator" if a.emulate else "GPU", man["gpu"], " DRY RUN (no driver)" if a.dry_run else "", len(results),
        sum(ck for _, _, ck in results), len(bad), ", %d not emulated" % len(not_emulated) if a.emulate else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

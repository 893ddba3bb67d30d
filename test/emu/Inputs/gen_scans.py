#!/usr/bin/env python3
"""Scan kernels for test/emu/scan.test: one entry per case, each (in0, in1, out0, out1: i32
pointers), covering every work split of lib/nvvm/lower_reduce.c lower_scan at 128 threads:
a line per thread (lines >= 128), 2, 16 (idle threads), 32 and 64 / 128 threads per line (lines
wider than a warp), dim 0 / middle dims (strided lines), reverse, and a two-operand
non-commutative combiner (composition of affine maps x -> a*x + b, exact in i32).
Usage: gen_scans.py          prints the module
       gen_scans.py --cases  prints test/emu/emu_compare.py's case lines (random inputs in -5..5;
                             both outputs compared with the interpreter's)."""
import sys
CASES = [
    ("add_1024", [1024], 0, False, "add"),
    ("add_1024_rev", [1024], 0, True, "add"),
    ("add_4x64_d1", [4, 64], 1, False, "add"),
    ("add_4x64_d0", [4, 64], 0, False, "add"),
    ("add_16", [16], 0, False, "add"),
    ("add_16_rev", [16], 0, True, "add"),
    ("add_256x8_d1", [256, 8], 1, False, "add"),
    ("add_4x8x16_d1_rev", [4, 8, 16], 1, True, "add"),
    ("affine_512", [512], 0, False, "affine"),
    ("affine_512_rev", [512], 0, True, "affine"),
    ("affine_2x256_d1_rev", [2, 256], 1, True, "affine"),
    ("affine_8x32_d0", [8, 32], 0, False, "affine"),
]


def tile(shape):
    return "tile<%sxi32>" % "x".join(map(str, shape))


def view(shape):
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    s = "x".join(map(str, shape))
    tv = "tensor_view<%sxi32, strides=[%s]>" % (s, ",".join(map(str, strides)))
    return tv, "partition_view<tile=(%s), %s>" % (s, tv), strides


def case(name, shape, dim, rev, kind):
    tv, pv, strides = view(shape)
    t = tile(shape)
    zeros = ", ".join(["%c0"] * len(shape))
    L = ["  entry @%s(%%i0: tile<ptr<i32>>, %%i1: tile<ptr<i32>>, %%o0: tile<ptr<i32>>, %%o1: tile<ptr<i32>>) {" % name,
         "    %c0 = constant <i32: 0> : tile<i32>"]
    for p in ["i0", "i1", "o0", "o1"]:
        L.append("    %%%sv = make_tensor_view %%%s, shape = [%s], strides = [%s] : %s" % (
            p, p, ", ".join(map(str, shape)), ", ".join(map(str, strides)), tv))
        L.append("    %%%sp = make_partition_view %%%sv : %s" % (p, p, pv))
    for p in ["i0", "i1"]:
        L.append("    %%%s_t, %%%s_k = load_view_tko weak %%%sp[%s] : %s, tile<i32> -> %s, token" % (p, p, p, zeros, pv, t))
    r = "true" if rev else "false"
    if kind == "add":
        L += ["    %%r0 = scan %%i0_t dim=%d reverse=%s identities=[0 : i32] : %s -> %s" % (dim, r, t, t),
              "    (%e: tile<i32>, %acc: tile<i32>) {",
              "      %s = addi %acc, %e : tile<i32>",
              "      yield %s : tile<i32>",
              "    }",
              "    %r1 = addi %i1_t, %i1_t : " + t]
    else:
        # acc = (a1, b1) applied first, then cur = (a2, b2): x -> a2 * (a1 * x + b1) + b2
        L += ["    %%r0, %%r1 = scan %%i0_t, %%i1_t dim=%d reverse=%s identities=[1 : i32, 0 : i32] : %s, %s -> %s, %s" % (
                  dim, r, t, t, t, t),
              "    (%a2: tile<i32>, %a1: tile<i32>, %b2: tile<i32>, %b1: tile<i32>) {",
              "      %na = muli %a2, %a1 : tile<i32>",
              "      %m = muli %a2, %b1 : tile<i32>",
              "      %nb = addi %m, %b2 : tile<i32>",
              "      yield %na, %nb : tile<i32>, tile<i32>",
              "    }"]
    L.append("    %%s0 = store_view_tko weak %%r0, %%o0p[%s] : %s, %s, tile<i32> -> token" % (zeros, t, pv))
    L.append("    %%s1 = store_view_tko weak %%r1, %%o1p[%s] : %s, %s, tile<i32> -> token" % (zeros, t, pv))
    L += ["    return", "  }"]
    return L


if __name__ == "__main__":
    if sys.argv[1:] == ["--cases"]:
        for name, shape, *_ in CASES:
            s = "x".join(map(str, shape))
            print("%s|1|ptr:i32:%s:random ptr:i32:%s:random ptr:i32:%s:out ptr:i32:%s:out|2,3" % (name, s, s, s, s))
        sys.exit(0)
    out = ["cuda_tile.module @emu_scans {"]
    for c in CASES:
        out += case(*c)
    out.append("}")
    print("\n".join(out))

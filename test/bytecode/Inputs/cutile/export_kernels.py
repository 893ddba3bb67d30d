#!/usr/bin/env python3
"""export_kernels.py: regenerate the vendored cuTile-exported bytecode in this folder (see NOTICE).

Not run by the test suite (the suite reads only the .tileirbc files). Needs cuTile Python
(`pip install cuda-tile==1.7.0`); no GPU: the kernels are exported with gpu_code=None.

    python3 export_kernels.py [OUTDIR [KERNEL...]]

Writes <kernel>.<version>.tileirbc for versions 13.3, 13.4 (cuTile's default with tileiras
13.5) and 13.5. 13.5 is a development-only version in cuTile 1.7 (export_kernel refuses the
string "13.5"), so it is requested through cuda.tile._compile.compile_tile with
BytecodeVersion.V_13_5 directly.
"""
import os
import sys

import cuda.tile as ct
from cuda.tile import _bytecode as bc
from cuda.tile._compile import compile_tile
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature, ScalarConstraint


@ct.kernel
def vector_add(a, b, c, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    ta = ct.load(a, index=(bid,), shape=(TILE,))
    tb = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=ta + tb)


@ct.kernel
def softmax(x, y, TILE_N: ct.Constant[int]):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(1, TILE_N)).astype(ct.float32)
    m = ct.max(t, axis=1, keepdims=True)
    e = ct.exp(t - m)
    s = ct.sum(e, axis=1, keepdims=True)
    ct.store(y, index=(row, 0), tile=(e / s).astype(y.dtype))


@ct.kernel
def gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.full((TM, TN), 0, dtype=ct.float32)
    nk = ct.num_tiles(a, axis=1, shape=(TM, TK))
    for k in range(nk):
        ta = ct.load(a, index=(bm, k), shape=(TM, TK))
        tb = ct.load(b, index=(k, bn), shape=(TK, TN))
        acc = ct.mma(ta, tb, acc)
    ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


@ct.kernel
def gemm_int8(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.full((TM, TN), 0, dtype=ct.int32)
    nk = ct.num_tiles(a, axis=1, shape=(TM, TK))
    for k in range(nk):
        ta = ct.load(a, index=(bm, k), shape=(TM, TK))
        tb = ct.load(b, index=(k, bn), shape=(TK, TN))
        acc = ct.mma(ta, tb, acc)
    ct.store(c, index=(bm, bn), tile=acc)


@ct.kernel
def attention(q, k, v, o, scale: float, TM: ct.Constant[int], TN: ct.Constant[int],
              D: ct.Constant[int]):
    bm = ct.bid(0)
    tq = ct.load(q, index=(bm, 0), shape=(TM, D))
    m_i = ct.full((TM, 1), -1.0e30, dtype=ct.float32)
    l_i = ct.full((TM, 1), 0.0, dtype=ct.float32)
    acc = ct.full((TM, D), 0.0, dtype=ct.float32)
    nn = ct.num_tiles(k, axis=0, shape=(TN, D))
    for j in range(nn):
        tk = ct.load(k, index=(j, 0), shape=(TN, D))
        s = ct.mma(tq, ct.transpose(tk), ct.full((TM, TN), 0.0, dtype=ct.float32)) * scale
        m_new = ct.maximum(m_i, ct.max(s, axis=1, keepdims=True))
        p = ct.exp(s - m_new)
        alpha = ct.exp(m_i - m_new)
        l_i = l_i * alpha + ct.sum(p, axis=1, keepdims=True)
        tv = ct.load(v, index=(j, 0), shape=(TN, D))
        acc = ct.mma(p.astype(tv.dtype), tv, acc * alpha)
        m_i = m_new
    ct.store(o, index=(bm, 0), tile=(acc / l_i).astype(o.dtype))


@ct.kernel
def persistent_gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    ntm = ct.num_tiles(c, axis=0, shape=(TM, TN))
    ntn = ct.num_tiles(c, axis=1, shape=(TM, TN))
    nk = ct.num_tiles(a, axis=1, shape=(TM, TK))
    for t in range(ct.bid(0), ntm * ntn, ct.num_blocks(0)):
        bm = t // ntn
        bn = t % ntn
        acc = ct.full((TM, TN), 0, dtype=ct.float32)
        for k in range(nk):
            ta = ct.load(a, index=(bm, k), shape=(TM, TK))
            tb = ct.load(b, index=(k, bn), shape=(TK, TN))
            acc = ct.mma(ta, tb, acc)
        ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


@ct.kernel
def rounding(x, y, z, w, TILE: ct.Constant[int]):
    # 13.4's ftof modes: toward zero on narrowing conversions (cuTile refuses them below 13.4)
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=t.astype(ct.float16, rounding_mode=ct.RoundingMode.RZ))
    ct.store(z, index=(bid,), tile=t.astype(ct.bfloat16, rounding_mode=ct.RoundingMode.RZ))
    ct.store(w, index=(bid,), tile=t.astype(ct.bfloat16).astype(ct.float16, rounding_mode=ct.RoundingMode.RZ))


@ct.kernel
def e5m3(x, y, z, TILE: ct.Constant[int]):
    # 13.4's fnv8E5M3FNU (cuTile's float8_e5m3fnu): to it and back
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=t.astype(ct.float8_e5m3fnu))
    u = ct.load(y, index=(bid,), shape=(TILE,))
    ct.store(z, index=(bid,), tile=u.astype(ct.float32))


@ct.kernel
def layernorm(x, w, b, y, eps: float, TILE_N: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid, 0), shape=(1, TILE_N)).astype(ct.float32)
    mean = ct.sum(t, axis=1, keepdims=True) / TILE_N
    d = t - mean
    var = ct.sum(d * d, axis=1, keepdims=True) / TILE_N
    tw = ct.load(w, index=(0,), shape=(TILE_N,)).astype(ct.float32)
    tb = ct.load(b, index=(0,), shape=(TILE_N,)).astype(ct.float32)
    out = d * ct.rsqrt(var + eps) * ct.reshape(tw, (1, TILE_N)) + ct.reshape(tb, (1, TILE_N))
    ct.store(y, index=(bid, 0), tile=out.astype(y.dtype))


@ct.kernel
def gemm_bias_relu(a, b, bias, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.full((TM, TN), 0, dtype=ct.float32)
    nk = ct.num_tiles(a, axis=1, shape=(TM, TK))
    for k in range(nk):
        ta = ct.load(a, index=(bm, k), shape=(TM, TK))
        tb = ct.load(b, index=(k, bn), shape=(TK, TN))
        acc = ct.mma(ta, tb, acc)
    tbias = ct.load(bias, index=(bn,), shape=(TN,)).astype(ct.float32)
    acc = ct.maximum(acc + ct.reshape(tbias, (1, TN)), 0.0)
    ct.store(c, index=(bm, bn), tile=acc.astype(c.dtype))


@ct.kernel
def batched_gemm(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bz = ct.bid(2)
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.full((TM, TN), 0, dtype=ct.float32)
    nk = ct.num_tiles(a, axis=2, shape=(1, TM, TK))
    for k in range(nk):
        ta = ct.reshape(ct.load(a, index=(bz, bm, k), shape=(1, TM, TK)), (TM, TK))
        tb = ct.reshape(ct.load(b, index=(bz, k, bn), shape=(1, TK, TN)), (TK, TN))
        acc = ct.mma(ta, tb, acc)
    ct.store(c, index=(bz, bm, bn), tile=ct.reshape(acc.astype(c.dtype), (1, TM, TN)))


@ct.kernel
def attention_causal(q, k, v, o, scale: float, TM: ct.Constant[int], TN: ct.Constant[int],
                     D: ct.Constant[int]):
    bm = ct.bid(0)
    tq = ct.load(q, index=(bm, 0), shape=(TM, D))
    m_i = ct.full((TM, 1), -1.0e30, dtype=ct.float32)
    l_i = ct.full((TM, 1), 0.0, dtype=ct.float32)
    acc = ct.full((TM, D), 0.0, dtype=ct.float32)
    rows = ct.reshape(ct.arange(TM, dtype=ct.int32) + bm * TM, (TM, 1))
    nn = (bm + 1) * TM // TN
    for j in range(nn):
        tk = ct.load(k, index=(j, 0), shape=(TN, D))
        s = ct.mma(tq, ct.transpose(tk), ct.full((TM, TN), 0.0, dtype=ct.float32)) * scale
        cols = ct.reshape(ct.arange(TN, dtype=ct.int32) + j * TN, (1, TN))
        s = ct.where(cols <= rows, s, -1.0e30)
        m_new = ct.maximum(m_i, ct.max(s, axis=1, keepdims=True))
        p = ct.exp(s - m_new)
        alpha = ct.exp(m_i - m_new)
        l_i = l_i * alpha + ct.sum(p, axis=1, keepdims=True)
        tv = ct.load(v, index=(j, 0), shape=(TN, D))
        acc = ct.mma(p.astype(tv.dtype), tv, acc * alpha)
        m_i = m_new
    ct.store(o, index=(bm, 0), tile=(acc / l_i).astype(o.dtype))


def arr(dtype, ndim):
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False,
                           stride_constant=(None,) * (ndim - 1) + (1,),
                           shape_divisible_by=16, stride_divisible_by=(16,) * (ndim - 1) + (1,),
                           base_addr_divisible_by=16)


CC = CallingConvention.cutile_python_v1()
KERNELS = {
    "vector_add": (vector_add, [arr(ct.float32, 1)] * 3 + [1024]),
    "softmax": (softmax, [arr(ct.float16, 2)] * 2 + [1024]),
    "gemm_f16": (gemm, [arr(ct.float16, 2)] * 3 + [128, 128, 64]),
    "gemm_int8": (gemm_int8, [arr(ct.int8, 2)] * 2 + [arr(ct.int32, 2), 64, 64, 64]),
    "attention_d64": (attention, [arr(ct.float16, 2)] * 4 + [ScalarConstraint(ct.float32), 128, 64, 64]),
    "attention_d128": (attention, [arr(ct.float16, 2)] * 4 + [ScalarConstraint(ct.float32), 128, 64, 128]),
    "persistent_gemm": (persistent_gemm, [arr(ct.float16, 2)] * 3 + [128, 128, 64]),
    "rounding": (rounding, [arr(ct.float32, 1), arr(ct.float16, 1), arr(ct.bfloat16, 1), arr(ct.float16, 1), 256]),
    "e5m3": (e5m3, [arr(ct.float32, 1), arr(ct.float8_e5m3fnu, 1), arr(ct.float32, 1), 256]),
    "layernorm": (layernorm, [arr(ct.float16, 2), arr(ct.float16, 1), arr(ct.float16, 1), arr(ct.float16, 2),
                              ScalarConstraint(ct.float32), 1024]),
    "gemm_bf16_bias_relu": (gemm_bias_relu, [arr(ct.bfloat16, 2)] * 2 + [arr(ct.bfloat16, 1), arr(ct.bfloat16, 2),
                                                                           128, 128, 64]),
    "batched_gemm": (batched_gemm, [arr(ct.float16, 3)] * 3 + [128, 128, 64]),
    "attention_causal_d64": (attention_causal, [arr(ct.float16, 2)] * 4 + [ScalarConstraint(ct.float32), 128, 64, 64]),
}
SINCE = {"rounding": "13.4", "e5m3": "13.4"}  # kernels an older version cannot carry
ONLY = {"layernorm": "13.4", "gemm_bf16_bias_relu": "13.4", "batched_gemm": "13.4",
        "attention_causal_d64": "13.4"}  # exported in cuTile's default version only
VERSIONS = {"13.3": bc.BytecodeVersion.V_13_3, "13.4": bc.BytecodeVersion.V_13_4,
            "13.5": bc.BytecodeVersion.V_13_5}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    only = sys.argv[2:]  # kernel names (default: all)
    for name, (kernel, params) in KERNELS.items():
        if only and name not in only:
            continue
        sig = KernelSignature(params, CC, symbol=name)
        for vname, v in VERSIONS.items():
            if vname < SINCE.get(name, vname) or vname != ONLY.get(name, vname):
                continue
            res = compile_tile(kernel._annotated_function, [sig], sm_arch=None,
                               compiler_options=kernel._compiler_options, bytecode_version=v,
                               return_bytecode=True, return_cubin=False)
            path = os.path.join(out, f"{name}.{vname}.tileirbc")
            with open(path, "wb") as f:
                f.write(res.bytecode)
            print(path, len(res.bytecode))


if __name__ == "__main__":
    main()

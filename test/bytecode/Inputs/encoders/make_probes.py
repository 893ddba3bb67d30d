#!/usr/bin/env python3
"""make_probes.py: regenerate the bytecode probes in this folder (see NOTICE) with NVIDIA's generated
encoders in cuTile Python 1.7 (`cuda.tile._bytecode`), which spell out the 13.4/13.5 fields that
cuTile's kernels do not use. Not run by the test suite; needs `pip install cuda-tile==1.7.0`.

    python3 make_probes.py [OUTDIR]
"""
import os
import sys

from cuda.tile._bytecode import *  # noqa: F403
from cuda.tile._bytecode.attribute import AttributeArray, Dictionary, Integer, LoadStoreHints, make_load_store_hints
from cuda.tile._bytecode.type import SimpleType

V = {"13.4": BytecodeVersion.V_13_4, "13.5": BytecodeVersion.V_13_5}


class RawPtrAttr:
    """A pointer attribute byte cuTile 1.7's PtrAttr enum lacks (1 unicast, 2 multicast)."""

    def __init__(self, byte):
        self._value_ = bytes([byte])


def view_kernel(version, which):
    """One kernel: a tensor/partition view over arg 0, a load with inbounds, then `which`."""
    buf = bytearray()
    with write_bytecode(1, buf, version) as w:
        tt = w.type_table
        f32, i32, tok = tt.F32, tt.I32, tt.Token
        if which == "multimem_int":
            f32 = i32  # integer tiles: any reduction kind
        pa = PtrAttr.Default if which.startswith("ptr_attr") else PtrAttr.Missing
        if which in ("ptr_attr_unicast", "ptr_attr_multicast", "multimem", "multimem_int"):
            pa = RawPtrAttr(1 if which == "ptr_attr_unicast" else 2)
        dyn = which == "ptr_attr_dynamic"  # a dynamic shape: tileirdisasm writes base and index types
        tptr = tt.tile(tt.pointer(f32, pa), [])
        tvt = tt.tensor_view(f32, [-1 << 63 if dyn else 128], [1], pa)
        pvt = tt.partition_view([16], tvt, [0], PaddingValue.Missing)
        t16, t16i, ti, t4 = tt.tile(f32, [16]), tt.tile(i32, [16]), tt.tile(i32, []), tt.tile(f32, [4])
        with w.function("k", [tptr, ti], [], True, {}, MISSING_DEBUG_ATTR_ID) as fb:
            cb = fb.code_builder
            p, n = fb.parameters
            tv = encode_MakeTensorViewOp(cb, tvt, p, [n] if dyn else [], [])
            pv = encode_MakePartitionViewOp(cb, pvt, tv)
            t0 = encode_MakeTokenOp(cb, tok)
            multicast = which in ("ptr_attr_multicast", "multimem", "multimem_int")  # no plain view loads/stores
            tile, tk = None, t0
            # hints_inbounds: optimization hints and inbounds together (tileirdisasm prints hints first)
            hints = make_load_store_hints({"sm_90": LoadStoreHints(latency=3, allow_tma=False)}) \
                if which == "hints_inbounds" else None
            if not multicast:
                tile, tk = encode_LoadViewTkoOp(cb, t16, tok, pv, [n], t0, MemoryOrderingSemantics.WEAK,
                                                None, hints, [True])
            if which == "ops_13_4":
                encode_FToIOp(cb, t16i, tile, Signedness.Signed, RoundingMode.NEAREST_INT_TO_ZERO, True)
                sm = encode_ExtractOp(cb, t4, tile, [n])
                tile = encode_InsertOp(cb, t16, sm, tile, [n])
                g1 = encode_GdcWaitTkoOp(cb, tok, None)
                g2 = encode_GdcLaunchDependentsTkoOp(cb, tok, g1)
                encode_MemoryFenceAliasTkoOp(cb, tok, g2)
                tile = encode_FPowIOp(cb, t16, tile, encode_ConstantOp(cb, t16i, b"\x02\x00\x00\x00"))
            if which == "multimem":  # the 13.5 multimem ops; add is the (left out) default reduction
                red = MultimemReductionKind.ADD
                tile, tk = encode_MultimemLoadReduceViewTkoOp(cb, t16, tok, pv, [n], tk, MemoryOrderingSemantics.WEAK,
                                                              None, red, [True])
                tk = encode_MultimemReduceViewTkoOp(cb, tok, pv, tile, [n], tk, MemoryOrderingSemantics.RELAXED,
                                                    MemoryScope.SYS, red, [False])
                tk = encode_MultimemStoreViewTkoOp(cb, tok, pv, tile, [n], tk, MemoryOrderingSemantics.RELAXED,
                                                   MemoryScope.DEVICE, [True])
            if which == "multimem_int":  # other reduction kinds, no token on the reduce
                tile, tk = encode_MultimemLoadReduceViewTkoOp(cb, t16, tok, pv, [n], tk, MemoryOrderingSemantics.WEAK,
                                                              None, MultimemReductionKind.UMAX, [True])
                tk = encode_MultimemReduceViewTkoOp(cb, tok, pv, tile, [n], None, MemoryOrderingSemantics.RELEASE,
                                                    MemoryScope.DEVICE, MultimemReductionKind.XOR, [False])
                tk = encode_MultimemStoreViewTkoOp(cb, tok, pv, tile, [n], tk, MemoryOrderingSemantics.RELAXED,
                                                   MemoryScope.DEVICE, [True])
            if which == "f8e5m3fnu":
                encode_FToFOp(cb, tt.tile(tt.simple(SimpleType.FNV8E5M3FNU), [16]), tile,
                              RoundingMode.NEAREST_EVEN)
            if not multicast:
                encode_StoreViewTkoOp(cb, tok, tile, pv, [n], tk, MemoryOrderingSemantics.WEAK, None, hints,
                                      [which == "hints_inbounds"])
            if which == "red_inbounds":
                encode_AtomicRedViewTkoOp(cb, tok, pv, [n], tile, None, MemoryOrderingSemantics.RELAXED,
                                          MemoryScope.DEVICE, AtomicRMWMode.ADDF, [True])
            encode_ReturnOp(cb, [])
    return buf


def arg_attrs_kernel():
    """13.5: entry hints and argument attributes; a global; two entries."""
    buf = bytearray()
    orig = AttributeArray.encode_tagged
    first = [True]

    def with_arg_attrs(self, st, out):  # the writer always writes an empty arg_attrs array
        if not self.items and first[0]:
            first[0] = False
            self = AttributeArray([Dictionary([("cuda_tile.foo", Integer.create_i32(7))]), Dictionary([])])
        return orig(self, st, out)

    AttributeArray.encode_tagged = with_arg_attrs
    try:
        with write_bytecode(2, buf, BytecodeVersion.V_13_5) as w:
            tt = w.type_table
            ti = tt.tile(tt.I32, [])
            w.global_section.define_global("g", tt.tile(tt.F32, [4]), b"\x00\x00\x80\x3f" * 4, alignment=16)
            with w.function("k", [ti, ti], [], True, {"sm_90": EntryHints(num_cta_in_cga=2)},
                            MISSING_DEBUG_ATTR_ID) as fb:
                encode_ReturnOp(fb.code_builder, [])
            with w.function("k2", [ti], [], True, {}, MISSING_DEBUG_ATTR_ID) as fb:
                encode_ReturnOp(fb.code_builder, [])
    finally:
        AttributeArray.encode_tagged = orig
    return buf


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    files = {}
    for v in ("13.4", "13.5"):
        for which in ("ptr_attr", "ops_13_4", "f8e5m3fnu"):
            files[f"{which}.{v}.tileirbc"] = view_kernel(V[v], which)
    files["ptr_attr_dynamic.13.5.tileirbc"] = view_kernel(V["13.5"], "ptr_attr_dynamic")
    files["ptr_attr_unicast.13.5.tileirbc"] = view_kernel(V["13.5"], "ptr_attr_unicast")
    files["ptr_attr_multicast.13.5.tileirbc"] = view_kernel(V["13.5"], "ptr_attr_multicast")
    files["multimem.13.5.tileirbc"] = view_kernel(V["13.5"], "multimem")
    files["multimem_int.13.5.tileirbc"] = view_kernel(V["13.5"], "multimem_int")
    files["hints_inbounds.13.4.tileirbc"] = view_kernel(V["13.4"], "hints_inbounds")
    files["red_inbounds.13.5.tileirbc"] = view_kernel(V["13.5"], "red_inbounds")
    files["arg_attrs.13.5.tileirbc"] = arg_attrs_kernel()
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(name, len(data))


if __name__ == "__main__":
    main()

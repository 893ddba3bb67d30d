#!/usr/bin/env python3
"""Regenerates cutile_atomic_hist.13.3.tileirbc: a histogram written with cuTile Python 1.7
(pip install cuda-tile, Apache-2.0), exported as bytecode 13.3 with no GPU. The .tileirbc is cuTile's
machine output, kept as test data for test/lowering/atomics.mlir (ct.atomic_add -> atomic_rmw_tko).
Not run by the test suite."""
import cuda.tile as ct
from cuda.tile.compilation import export_kernel, KernelSignature, ArrayConstraint, CallingConvention
@ct.kernel
def hist(x, bins, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    ct.atomic_add(bins, v, 1)
arr_i = ArrayConstraint(ct.int32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0, alias_groups=[], may_alias_internally=False, base_addr_divisible_by=16, shape_divisible_by=1)
sig = KernelSignature([arr_i, arr_i, 128], CallingConvention.cutile_python_v1())
export_kernel(hist, [sig], "hist.tileirbc", gpu_code=None, output_format="tileir_bytecode", bytecode_version="13.3")
print("ok")

#!/usr/bin/env python3
"""A stand-in for tilec-run on a GPU, for test/matrix/op_matrix_gpu.test: takes the arguments
op_matrix.py --gpu-run passes (IMAGE.ptx --grid 1 ... --arg SPEC ... --save N=PATH) and writes as
the kernel's output the interpreter's output that the bundle keeps beside the PTX (TAG.interp), or
zeros when there is none. FAKE_GPU_CORRUPT=1 flips bits 0 and 6 of the first element's top byte
(an exponent bit of a float, a large change of an integer), so the comparison must report every
compared case, the approximate ones (compared within a tolerance) too."""
import os, re, sys

argv = sys.argv[1:]
image = argv[0]
specs = [argv[k + 1] for k in range(len(argv) - 1) if argv[k] == "--arg"]
save = [argv[k + 1] for k in range(len(argv) - 1) if argv[k] == "--save"][0]
index, path = save.split("=", 1)
spec = specs[int(index)]
m = re.match(r"^ptr:([^:]+):(\d+):out$", spec)
if not m:
    sys.exit("fake_gpu_run: output argument %s is not ptr:DTYPE:N:out" % spec)
sizes = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2, "bf16": 2, "f32": 4, "tf32": 4, "f64": 8}
interp = os.path.splitext(image)[0] + ".interp"
if os.path.exists(interp):
    data = bytearray(open(interp, "rb").read())
else:
    n = int(m.group(2))
    data = bytearray((n + 1) // 2 if m.group(1) == "f4E2M1FN" else n * sizes.get(m.group(1), 1))
if os.environ.get("FAKE_GPU_CORRUPT") and data:
    data[sizes.get(m.group(1), 1) - 1] ^= 0x41
open(path, "wb").write(bytes(data))

#!/usr/bin/env python3
"""Expected values of shfl.ll's @shfl at 64 threads (the PTX ISA's shfl.sync rules), compared with
the raw i32 output file given as argv[1]; prints `shfl ok` or the first mismatch."""
import struct, sys
got = struct.unpack("<%di" % (64 * 5), open(sys.argv[1], "rb").read())
for t in range(64):
    lane, base = t % 32, t - t % 32
    want = [t - 3 if lane >= 3 else t, t + 3 if lane + 3 <= 31 else t, base + (lane ^ 5), base + 7,
            t + 3 if lane % 8 + 3 <= 7 else t]
    if list(got[t * 5:t * 5 + 5]) != want:
        print("thread %d: got %s want %s" % (t, got[t * 5:t * 5 + 5], want))
        sys.exit(1)
print("shfl ok")

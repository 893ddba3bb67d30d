#!/usr/bin/env python3
"""cuTile kernels on the CPU emulator for test/emu/cutile.test: compile each for both targets and both
kernel ABIs (PTX and LLVM IR), build the emulator module, launch with tilec-run over
libtilec_emu_cuda.so and print `NAME TARGET ABI: ` + tilec-run's verdict line (PASS ... / FAIL ...).
Under the self-contained ABI the kernel builds its tensor maps itself: tilec-run passes exactly the
entry's arguments (the PTX has no tilec.tensormap lines)."""
import argparse, os, subprocess, sys

A2 = ["--arg", "i32:256"] * 3 + ["--arg", "i32:1"]
A3 = ["--arg", "i32:2", "--arg", "i32:256", "--arg", "i32:256", "--arg", "i32:65536", "--arg", "i32:256", "--arg", "i32:1"]
Q = ["--arg", "i32:1024", "--arg", "i32:64", "--arg", "i32:64", "--arg", "i32:1"]
CASES = [
    ("gemm_f16", ["--grid", "2,2", "--arg", "ptr:f16:256x256:random"] + A2 + ["--arg", "ptr:f16:256x256:random"] + A2 +
     ["--arg", "ptr:f16:256x256:out"] + A2 + ["--reference=c:gemm"]),
    ("persistent_gemm", ["--grid", "3", "--arg", "ptr:f16:256x256:random"] + A2 + ["--arg", "ptr:f16:256x256:random"] + A2 +
     ["--arg", "ptr:f16:256x256:out"] + A2 + ["--reference=c:gemm"]),
    ("gemm_int8", ["--grid", "4,4", "--arg", "ptr:i8:256x256:random"] + A2 + ["--arg", "ptr:i8:256x256:random"] + A2 +
     ["--arg", "ptr:i32:256x256:out"] + A2 + ["--reference=c:gemm"]),
    ("attention_d64", ["--grid", "2"] + sum([["--arg", "ptr:f16:1024x64:random"] + Q for _ in range(3)], []) +
     ["--arg", "ptr:f16:1024x64:out"] + Q + ["--arg", "f32:0.125", "--reference=interpret", "--source", "SRC", "--unwritten-ok"]),
    # bytecode 13.4 only: layer norm (no mmaf), a bf16 GEMM with a bias + ReLU epilogue, a batched GEMM
    # over 3-D arrays (rank-3 tensor maps), causal flash attention (the K loop's trip count depends on
    # the block); the interpreter's output is the reference
    ("layernorm", ["--grid", "8", "--arg", "ptr:f16:8x1024:random", "--arg", "i32:8", "--arg", "i32:1024", "--arg", "i32:1024",
                   "--arg", "i32:1"] + sum([["--arg", "ptr:f16:1024:random", "--arg", "i32:1024", "--arg", "i32:1"]
                                            for _ in range(2)], []) +
     ["--arg", "ptr:f16:8x1024:out", "--arg", "i32:8", "--arg", "i32:1024", "--arg", "i32:1024", "--arg", "i32:1",
      "--arg", "f32:0.00001", "--reference=interpret", "--source", "SRC"]),
    ("gemm_bf16_bias_relu", ["--grid", "2,2", "--arg", "ptr:bf16:256x256:random"] + A2 + ["--arg", "ptr:bf16:256x256:random"] + A2 +
     ["--arg", "ptr:bf16:256:random", "--arg", "i32:256", "--arg", "i32:1", "--arg", "ptr:bf16:256x256:out"] + A2 +
     ["--reference=interpret", "--source", "SRC"]),
    ("batched_gemm", ["--grid", "2,2,2"] + sum([["--arg", "ptr:f16:2x256x256:random"] + A3 for _ in range(2)], []) +
     ["--arg", "ptr:f16:2x256x256:out"] + A3 + ["--reference=interpret", "--source", "SRC"]),
    ("attention_causal_d64", ["--grid", "2"] + sum([["--arg", "ptr:f16:1024x64:random"] + Q for _ in range(3)], []) +
     ["--arg", "ptr:f16:1024x64:out"] + Q + ["--arg", "f32:0.125", "--reference=interpret", "--source", "SRC", "--unwritten-ok"]),
]


def main():
    ap = argparse.ArgumentParser()
    for o in ["--tilec", "--tilec-run", "--emu-build", "--libcuda", "--cutile", "--work"]:
        ap.add_argument(o, required=True)
    ap.add_argument("--only", default="", help="comma-separated kernel names (default: all)")
    a = ap.parse_args()
    for name, argv in [c for c in CASES if not a.only or c[0] in a.only.split(",")]:
        src = os.path.join(a.cutile, name + ".13.4.tileirbc")
        for gpu, abi in [(g, b) for g in ("sm_90a", "sm_100a") for b in ("host-tensormaps", "self-contained")]:
            base = os.path.join(a.work, "%s.%s%s" % (name, gpu, ".sc" if abi == "self-contained" else ""))
            flags = ["-O3", "--gpu-name=" + gpu, "--abi=" + abi]
            steps = [[a.tilec] + flags + [src, "-o", base + ".ptx"],
                     [a.tilec] + flags + [src, "--emit=llvm", "-o", base + ".ll"],
                     [sys.executable, a.emu_build, base + ".ll", "-o", base + ".so"]]
            bad = next((s for s in steps if subprocess.run(s, capture_output=True).returncode), None)
            if bad:
                print("%s %s %s: FAIL (%s)" % (name, gpu, abi, os.path.basename(bad[0])))
                continue
            env = dict(os.environ, TILEC_RUN_LIBCUDA=a.libcuda, TILEC_EMU_MODULE=base + ".so", TILEC_EMU_SM=gpu[3:-1])
            r = subprocess.run([a.tilec_run, base + ".ptx", "--iters", "0"] + [src if x == "SRC" else x for x in argv],
                               capture_output=True, text=True, env=env)
            verdict = [l for l in r.stdout.splitlines() if l.startswith(("PASS", "FAIL"))]
            print("%s %s %s: %s" % (name, gpu, abi, verdict[-1] if verdict else "FAIL: " + (r.stderr.strip().splitlines() or ["?"])[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

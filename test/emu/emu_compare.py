#!/usr/bin/env python3
"""Run kernels on tilec's CPU emulator and compare their outputs with the reference interpreter's
(docs/emulator.md). The kernel module is compiled once (PTX for tilec-run's launch metadata,
LLVM IR for tilec-emu-build); each case then runs twice on the same inputs (same --seed):
`tilec-run --interpret` and tilec-run over libtilec_emu_cuda.so, saving the listed outputs; the
files must be byte-identical (integer kernels, or float kernels whose every rounding is fixed).

Usage: emu_compare.py --tilec T --tilec-run R --emu-build B --libcuda L --mlir M --work DIR
       [--gpu sm_90a] [--range LO,HI] [--seed N] --cases FILE
A case line: KERNEL|GRID|ARG SPEC ...|OUTPUT INDICES (comma separated), e.g.
  add_16|1|ptr:i32:16:random ptr:i32:16:out|1
Prints `same KERNEL` or `DIFF KERNEL (output N)` / `FAIL KERNEL: ...` per case and a summary;
exit status 1 when any case differs or fails."""
import argparse, os, subprocess, sys


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env)


def main():
    ap = argparse.ArgumentParser()
    for a in ["--tilec", "--tilec-run", "--emu-build", "--libcuda", "--mlir", "--work", "--cases"]:
        ap.add_argument(a, required=True)
    ap.add_argument("--gpu", default="sm_90a")
    ap.add_argument("--range", default="-5,5")
    ap.add_argument("--seed", default="7")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    ptx, ll, so = (os.path.join(a.work, "k" + ext) for ext in (".ptx", ".ll", ".so"))
    for cmd in ([a.tilec, "-O3", "--gpu-name=" + a.gpu, a.mlir, "-o", ptx],
                [a.tilec, "-O3", "--gpu-name=" + a.gpu, a.mlir, "--emit=llvm", "-o", ll],
                [sys.executable, a.emu_build, ll, "-o", so]):
        r = run(cmd)
        if r.returncode:
            sys.stderr.write("FAIL: %s\n%s" % (" ".join(cmd), r.stderr))
            return 1
    env = dict(os.environ, TILEC_RUN_LIBCUDA=a.libcuda, TILEC_EMU_MODULE=so, TILEC_EMU_SM=a.gpu[3:].rstrip("a"))
    bad = total = 0
    for line in open(a.cases):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        kernel, grid, specs, outs = line.split("|")
        total += 1
        common = ["--kernel", kernel, "--grid", grid, "--range", a.range, "--seed", a.seed]
        for s in specs.split():
            common += ["--arg", s]
        files = {}
        for mode in ("interp", "emu"):
            saves = []
            for o in outs.split(","):
                f = os.path.join(a.work, "%s.%s.out%s" % (kernel, mode, o))
                files[(mode, o)] = f
                saves += ["--save", "%s=%s" % (o, f)]
            if mode == "interp":
                cmd = [a.tilec_run, "--interpret", a.mlir] + common + saves
                r = run(cmd)
            else:
                cmd = [a.tilec_run, ptx] + common + ["--iters", "0"] + saves
                r = run(cmd, env)
            if r.returncode:
                print("FAIL %s: %s exited %d: %s" % (kernel, mode, r.returncode, (r.stderr or r.stdout).strip()[-400:]))
                bad += 1
                break
        else:
            diff = [o for o in outs.split(",") if open(files[("interp", o)], "rb").read() != open(files[("emu", o)], "rb").read()]
            if diff:
                print("DIFF %s (output %s)" % (kernel, ",".join(diff)))
                bad += 1
            else:
                print("same %s" % kernel)
    print("%d of %d cases match the interpreter" % (total - bad, total))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The tensor-core corpus (test/corpus/*.mlir) on tilec's CPU emulator (docs/emulator.md): every
kernel compiled for sm_90a and sm_100a, each also warp-specialised where the pass takes its loop
(--pipeline-strategy=warp-specialize), is built for the emulator (tilec --emit=llvm,
tilec-emu-build) and launched by tilec-run over libtilec_emu_cuda.so on its CORPUS-RUN shape, and
its output is checked against the same reference run_corpus.py checks the interpreter against
(tilec-run's C reference, or the attention / batched / grouped / MX references computed here).
A variant the emulator cannot build (an instruction it lacks) is counted and named, not failed.
--abi self-contained compiles every variant under that kernel ABI (docs/abi.md: the kernel builds its
tensor maps on the device; tilec-run passes only the entry's arguments).

Usage: emulate_corpus.py --tilec T --tilec-run R --libcuda L [--emu-build B] [--only REGEX] [--abi A]
Prints one line per kernel (each variant: ok, FAIL or -) and a summary; exit 1 on any failure."""
import argparse, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_corpus  # noqa: E402

VARIANTS = [("sm_90a", False), ("sm_90a", True), ("sm_100a", False), ("sm_100a", True)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--tilec-run", dest="tilec_run", required=True)
    ap.add_argument("--libcuda", required=True)
    ap.add_argument("--emu-build", default=os.path.join(HERE, "..", "..", "tools", "tilec-emu", "tilec-emu-build"))
    ap.add_argument("--only", default="")
    ap.add_argument("--abi", default="host-tensormaps", choices=["host-tensormaps", "self-contained"])
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    # TILEC_CORPUS_EMU_STRIDE=k (scripts/test.sh, sanitizer build; default TILEC_CORPUS_STRIDE): every
    # k-th kernel
    stride = max(1, int(os.environ.get("TILEC_CORPUS_EMU_STRIDE", os.environ.get("TILEC_CORPUS_STRIDE", "1"))))
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".mlir") and (not args.only or re.search(args.only, f)))
    failures, not_emulated, lines, runs, passed = [], {}, [], 0, 0
    with tempfile.TemporaryDirectory() as work:
        for fname in files[::stride]:
            name, path = fname[:-5], os.path.join(HERE, fname)
            text = open(path).read()
            run, ref = run_corpus.header(text, "CORPUS-RUN"), run_corpus.header(text, "CORPUS-REF")
            if len(run) != 1 or len(ref) != 1:
                continue
            cols = []
            for arch, ws in VARIANTS:
                tag = "%s%s" % (arch, "+ws" if ws else "")
                base = os.path.join(work, "%s.%s%s" % (name, arch, ".ws" if ws else ""))
                flags = ["-O3", "--gpu-name=" + arch, "--abi=" + args.abi] + (["--pipeline-strategy=warp-specialize", "--remarks"] if ws else [])
                c = subprocess.run([args.tilec] + flags + [path, "-o", base + ".ptx"], capture_output=True, text=True)
                if c.returncode != 0 or (ws and "remark: warp specialization (" not in c.stderr):
                    cols.append("%s -" % tag)  # does not compile there (run_corpus.py says why) / not specialised
                    continue
                c = subprocess.run([args.tilec] + flags + [path, "--emit=llvm", "-o", base + ".ll"], capture_output=True,
                                   text=True)
                b = subprocess.run([sys.executable, args.emu_build, base + ".ll", "-o", base + ".so"], capture_output=True,
                                   text=True)
                if b.returncode == 1:
                    why = re.sub(r"^tilec-emu-build: ", "", (b.stderr.strip().splitlines() or ["?"])[0])
                    not_emulated.setdefault(why, []).append("%s %s" % (name, tag))
                    cols.append("%s not-emulated" % tag)
                    continue
                if b.returncode != 0:
                    failures.append("%s %s: tilec-emu-build: %s" % (name, tag, b.stderr.strip().splitlines()[-1:]))
                    cols.append("%s FAIL" % tag)
                    continue
                env = dict(os.environ, TILEC_RUN_LIBCUDA=args.libcuda, TILEC_EMU_MODULE=base + ".so",
                           TILEC_EMU_SM=arch[3:].rstrip("a"))

                def launch(tail, ptx=base + ".ptx", env=env):
                    return subprocess.run([args.tilec_run, ptx] + tail + ["--iters", "0"], capture_output=True, text=True,
                                          env=env, timeout=args.timeout)
                runs += 1
                if ref[0].startswith("c:"):
                    r = launch(run[0].split() + ["--reference", ref[0]])
                    ok = r.returncode == 0
                    msg = ((r.stdout + r.stderr).strip().splitlines()[-1:] or ["exit %d" % r.returncode])[0]
                else:
                    ok, msg = run_corpus.run_own_reference(args, path, run[0], ref[0], work, name + "." + tag, launch)
                if ok:
                    passed += 1
                    cols.append("%s ok" % tag)
                else:
                    failures.append("%s %s: %s" % (name, tag, msg))
                    cols.append("%s FAIL" % tag)
            lines.append("%-30s %s" % (name, "  ".join(cols)))
    for l in lines:
        print(l)
    for why, vs in sorted(not_emulated.items(), key=lambda kv: -len(kv[1])):
        print("not emulated (%d: %s): %s" % (len(vs), ", ".join(vs[:4]) + (" ..." if len(vs) > 4 else ""), why))
    for f in failures:
        print("FAIL:", f)
    print("corpus on the CPU emulator (%s ABI): %d kernels, %d runs, %d passed, %d failed, %d not emulated" % (
        args.abi, len(lines), runs, passed, len(failures), sum(len(v) for v in not_emulated.values())))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

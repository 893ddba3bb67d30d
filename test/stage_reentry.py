#!/usr/bin/env python3
"""Stage re-entry check (issue 11): for every kernel under the given files/folders and both targets,
`tilec -O3 k` must give byte-identical PTX to `tilec --emit=tileaa k -o a.mlir; tilec -O3 a.mlir`
and to the same through --emit=tileas: each stage's printed IR is the next stage's only input.

Kernels: every *.mlir file (split at `// -----` lines, as --split-input-file does) and every
*.tileirbc file. A chunk that the direct compile refuses (verifier tests, unsupported ops) is
counted as refused and skipped; its re-entry is not defined. Fails on any difference, on a stage
that refuses what the direct compile accepted, or when fewer than --min kernels were checked (so
a broken harness cannot pass). Usage: stage_reentry.py TILEC PATH... [--min N] [--jobs N].
TILEC_REENTRY_STRIDE=k (set by scripts/test.sh for the sanitizer build, where each compile is ~10x
slower) checks every k-th kernel compile only, and --min is divided by k."""
import argparse, concurrent.futures, os, re, subprocess, sys, tempfile

SPLIT = re.compile(r"^// -----\s*$", re.M)


def chunks(path):
    if path.endswith(".tileirbc"):
        with open(path, "rb") as f:
            yield "", f.read(), ".tileirbc"
        return
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    parts = SPLIT.split(text)
    for i, p in enumerate(parts):
        # kernels at the cuda_tile stage (a TileAA/TileAS input re-enters by definition)
        code = "\n".join(l for l in p.splitlines() if not l.lstrip().startswith("//"))
        if "entry" in code and '"tileaa.' not in code and '"tileas.' not in code:
            yield ("#%d" % i if len(parts) > 1 else ""), p.encode(), ".mlir"


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    return r.returncode, r.stderr.decode(errors="replace")


def check(tilec, tmp, number, name, data, suffix, gpu):
    base = os.path.join(tmp, "job%d" % number)  # the job's index: unique, unlike a hash of its name
    src = base + suffix
    with open(src, "wb") as f:
        f.write(data)
    env_ok = ["--gpu-name=" + gpu]
    rc, _ = run([tilec, "-O3", *env_ok, src, "-o", base + ".ptx"])
    if rc != 0:
        return "refused", None
    with open(base + ".ptx", "rb") as f:
        direct = f.read()
    for stage in ("tileaa", "tileas"):
        ir = base + "." + stage + ".mlir"
        rc, err = run([tilec, "--emit=" + stage, *env_ok, src, "-o", ir])
        if rc != 0:
            return "fail", "%s %s: --emit=%s failed: %s" % (name, gpu, stage, err.strip()[:300])
        rc, err = run([tilec, "-O3", *env_ok, ir, "-o", base + "." + stage + ".ptx"])
        if rc != 0:
            return "fail", "%s %s: -O3 on its %s form failed: %s" % (name, gpu, stage, err.strip()[:300])
        with open(base + "." + stage + ".ptx", "rb") as f:
            if f.read() != direct:
                return "fail", "%s %s: -O3 on its %s form gives different PTX" % (name, gpu, stage)
    return "ok", None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tilec")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--exclude", action="append", default=[])
    a = ap.parse_args()
    files = []
    for p in a.paths:
        if os.path.isfile(p):
            files.append(p)
            continue
        for root, dirs, names in os.walk(p):
            dirs.sort()
            for n in sorted(names):
                f = os.path.join(root, n)
                if (n.endswith(".mlir") or n.endswith(".tileirbc")) and not any(x in f for x in a.exclude):
                    files.append(f)
    jobs = []
    for f in files:
        for tag, data, suffix in chunks(f):
            for gpu in ("sm_90a", "sm_100a"):
                jobs.append((f + tag, data, suffix, gpu))
    stride = max(1, int(os.environ.get("TILEC_REENTRY_STRIDE", "1")))
    jobs = jobs[::stride]
    a.min = (a.min + stride - 1) // stride
    counts = {"ok": 0, "refused": 0, "fail": 0}
    failures = []
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for status, msg in ex.map(lambda j: check(a.tilec, tmp, *j), ((n, *job) for n, job in enumerate(jobs))):
            counts[status] += 1
            if msg:
                failures.append(msg)
    for m in sorted(failures):
        print("FAIL:", m)
    print("stage re-entry: %d kernel compiles identical through TileAA and TileAS, %d refused by the direct "
          "compile, %d failed" % (counts["ok"], counts["refused"], counts["fail"]))
    if counts["ok"] < a.min:
        print("FAIL: fewer than %d kernels checked" % a.min)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

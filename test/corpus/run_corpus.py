#!/usr/bin/env python3
"""Checks the tensor-core corpus (test/corpus/*.mlir, written by gen_corpus.py; issue 12, item 6).
For every kernel:
  1. the checked-in file is what gen_corpus.py writes (no hand edits that the generator would lose);
  2. tilec -O3 --gpu-name=sm_90a compiles it, and the PTX's mma family (wgmma.mma_async, else
     mma.sync, else fma) is the file's CORPUS-PATH;
  3. ptxas -arch=sm_90a -v accepts it with 0 spills (SKIPPED, said once, where ptxas is absent), and
     so its warp-specialised form (--pipeline-strategy=warp-specialize, setmaxnreg present) where
     the pass takes the loop (the summary lists the kernels it does not take, and why);
  4. tilec -O3 --gpu-name=sm_100a compiles it (or refuses it with the register-budget error, the only
     refusal a corpus kernel may get there), on tcgen05.mma (with its TMEM allocation, read-back and
     release) or mma.sync / fma, and ptxas -arch=sm_100a accepts it with 0 spills (a tcgen05 one also
     warp-specialised, the MMA agent, where the pass takes its loop); the summary lists
     the kernels not on tcgen05 with the remark that says why (issue 14);
  5. the reference interpreter (tilec-run --interpret) runs it on its CORPUS-RUN shape, checked
     against tilec-run's C reference (CORPUS-REF c:...) or against a reference computed here
     (attention, causal or not; batched GEMM) from the same inputs, written to files.
Prints one line per kernel (family, registers, interpreter error) and a summary: how many take
wgmma, and the known gaps (CORPUS-WANT: the family issue 12 asks for where it is not yet taken).
Exit 1 on any failure."""
import argparse
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile


def header(text, key):
    return [m.group(1).strip() for m in re.finditer(r"^// %s: (.*)$" % key, text, re.M)]


def family(ptx):
    if "wgmma.mma_async" in ptx:
        return "wgmma"
    if "tcgen05.mma" in ptx:
        return "tcgen05"
    return "mma.sync" if "mma.sync" in ptx else "fma"


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def write_f16(path, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%de" % len(values), *values))


def read_f32(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%df" % (len(data) // 4), data))


def random_f16(rng, n):
    # values exactly representable in f16, so the reference reads what the kernel reads
    return [struct.unpack("<e", struct.pack("<e", rng.uniform(-1.0, 1.0)))[0] for _ in range(n)]


def f8_value(code, dtype):
    """The value of an f8E4M3FN / f8E5M2 / f8E8M0FNU byte."""
    if dtype == "f8E8M0FNU":
        return math.ldexp(1.0, code - 127)
    mbits, bias = (3, 7) if dtype == "f8E4M3FN" else (2, 15)
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code & 0x7F) >> mbits, code & ((1 << mbits) - 1)
    return sign * (math.ldexp(m, 1 - bias - mbits) if e == 0 else math.ldexp((1 << mbits) + m, e - bias - mbits))


F4_GRID = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def random_f4(rng, n):
    """n random f4E2M1FN codes (every value but -0) and their values; the file packs two per byte."""
    codes = [rng.choice([c for c in range(16) if c != 8]) for _ in range(n)]
    return codes, [(-1.0 if c & 8 else 1.0) * F4_GRID[c & 7] for c in codes]


def random_f8(rng, n, dtype):
    """n random codes of an 8-bit float and their values: operands within +-2 (no NaN / infinity),
    scales 2^-3 .. 2^3."""
    if dtype == "f8E8M0FNU":
        codes = [rng.randint(124, 130) for _ in range(n)]
    else:
        ok = [c for c in range(256) if abs(f8_value(c, dtype)) <= 2.0]  # (NaN excluded too)
        codes = [rng.choice(ok) for _ in range(n)]
    return codes, [f8_value(c, dtype) for c in codes]


def ref_attention(q, k, v, seq, d, causal):
    scale = 1.0 / math.sqrt(d)
    out = []
    for i in range(seq):
        qi = q[i * d:(i + 1) * d]
        keys = range(i + 1) if causal else range(seq)
        s = [scale * sum(qi[t] * k[j * d + t] for t in range(d)) for j in keys]
        m = max(s)
        p = [math.exp(x - m) for x in s]
        l = sum(p)
        for t in range(d):
            out.append(sum(p[jj] * v[j * d + t] for jj, j in enumerate(keys)) / l)
    return out


def ref_batched(a, b, batch, m, n, k, bt):
    """C[z] = A[z] x B[z]; B[z] stored [N, K] when bt, else [K, N]."""
    out = []
    for z in range(batch):
        for i in range(m):
            row = a[(z * m + i) * k:(z * m + i + 1) * k]
            for j in range(n):
                if bt:
                    out.append(sum(row[t] * b[(z * n + j) * k + t] for t in range(k)))
                else:
                    out.append(sum(row[t] * b[(z * k + t) * n + j] for t in range(k)))
    return out


def run_own_reference(args, path, run, ref, work, name, launch=None):
    """Inputs as files, the interpreter's output saved, compared with the reference computed here.
    launch(argv) runs the kernel another way (argv: --grid, --arg and --save options; the CPU
    emulator, test/corpus/emulate_corpus.py). Returns (ok, message)."""
    words = run.split()
    specs = [words[i + 1] for i in range(len(words)) if words[i] == "--arg"]
    grid = words[words.index("--grid") + 1]
    rng = random.Random(name)
    inputs, argv, out_index, out_shape = [], [], None, None
    for i, spec in enumerate(specs):
        kind, dtype, shape, init = spec.split(":")
        dims = [int(x) for x in shape.split("x")]
        if init == "out" or (init == "zeros" and i == len(specs) - 1):  # zeros: an output kernels add into
            out_index, out_shape = i, dims
            argv += ["--arg", spec]
            continue
        if dtype == "i32" and init.startswith("list="):  # a table (tile -> group): tilec-run fills it
            vals = [int(v) for v in init[5:].split(",")]
            inputs.append(([vals[e % len(vals)] for e in range(math.prod(dims))], dims))
            argv += ["--arg", spec]
            continue
        if dtype not in ("f16", "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN") or init != "random":
            return False, "own reference: unsupported input %s" % spec
        f = os.path.join(work, "%s.in%d.bin" % (name, i))
        if dtype == "f16":
            vals = random_f16(rng, math.prod(dims))
            write_f16(f, vals)
        elif dtype == "f4E2M1FN":  # element 2i in the low nibble of byte i
            codes, vals = random_f4(rng, math.prod(dims))
            with open(f, "wb") as fh:
                fh.write(bytes(codes[e] | codes[e + 1] << 4 for e in range(0, len(codes), 2)))
        else:
            codes, vals = random_f8(rng, math.prod(dims), dtype)
            with open(f, "wb") as fh:
                fh.write(bytes(codes))
        inputs.append((vals, dims))
        argv += ["--arg", "%s:%s:%s:file=%s" % (kind, dtype, shape, f)]
    saved = os.path.join(work, name + ".out.bin")
    tail = ["--grid", grid] + argv + ["--save", "%d=%s" % (out_index, saved)]
    r = launch(tail) if launch else subprocess.run([args.tilec_run, "--interpret", path] + tail, capture_output=True,
                                                   text=True, timeout=args.timeout)
    if r.returncode != 0:
        return False, "%s failed: " % ("the run" if launch else "interpreter") + \
            ((r.stdout + r.stderr).strip().splitlines()[-1:] or ["exit %d" % r.returncode])[0]
    got = read_f32(saved)
    if ref.startswith("attention"):
        (q, qdims), (k, _), (v, _) = inputs
        seq, d = qdims[-2:]
        heads = math.prod(qdims[:-2])  # [batch, head, seq, d]: one attention per (batch, head)
        n = seq * d
        want = []
        for h in range(heads):
            want += ref_attention(q[h * n:(h + 1) * n], k[h * n:(h + 1) * n], v[h * n:(h + 1) * n], seq, d,
                                  ref.endswith(",causal"))
        tol = 2e-2  # P is rounded to f16 before P·V, as the kernel does
    elif ref == "gemm_into_zeros":  # C (zero-initialised) += A x B, e.g. split-K with atomic adds
        (a, (m, kk)), (b, (_, n)) = inputs
        want = ref_batched(a, b, 1, m, n, kk, False)
        tol = 1e-3
    elif ref in ("batched_gemm", "batched_gemm,bt"):
        bt = ref.endswith(",bt")
        (a, (batch, m, kk)), (b, bdims) = inputs
        want = ref_batched(a, b, batch, m, bdims[1] if bt else bdims[2], kk, bt)
        tol = 1e-3
    elif ref in ("grouped_gemm", "grouped_gemm,bt"):  # M tile i of C = A's tile x B[table[i]]
        bt = ref.endswith(",bt")
        (a, (m, kk)), (b, bdims), (table, (tiles,)) = inputs
        n, rows = bdims[1] if bt else bdims[2], m // tiles
        want = []
        for i, g in enumerate(table):
            want += ref_batched(a[i * rows * kk:(i + 1) * rows * kk], b[g * n * kk:(g + 1) * n * kk], 1, rows, n, kk, bt)
        tol = 1e-3
    elif ref == "swiglu":  # silu(X x Wg) * (X x Wu)
        (x, (m, kk)), (wg, (_, n)), (wu, _) = inputs
        g, u = ref_batched(x, wg, 1, m, n, kk, False), ref_batched(x, wu, 1, m, n, kk, False)
        want = [a / (1.0 + math.exp(-a)) * b for a, b in zip(g, u)]
        tol = 1e-3
    elif ref == "mx_gemm":  # mmaf_scaled: each operand element times its K block's scale
        (a, (m, kk)), (b, (_, n)), (sa, (_, ks)), (sb, _) = inputs
        blk = kk // ks
        a = [a[i * kk + t] * sa[i * ks + t // blk] for i in range(m) for t in range(kk)]
        b = [b[t * n + j] * sb[(t // blk) * n + j] for t in range(kk) for j in range(n)]
        want = ref_batched(a, b, 1, m, n, kk, False)
        tol = 1e-3
    elif ref == "gemm_plus_lowrank":  # C = A x B + U x V
        (a, (m, kk)), (b, (_, n)), (u, (_, r)), (v, _) = inputs
        want = [x + y for x, y in zip(ref_batched(a, b, 1, m, n, kk, False), ref_batched(u, v, 1, m, n, r, False))]
        tol = 1e-3
    else:
        return False, "unknown CORPUS-REF %s" % ref
    if len(got) != len(want):
        return False, "output has %d elements, want %d" % (len(got), len(want))
    worst = max(abs(g - w) / max(1.0, abs(w)) for g, w in zip(got, want))
    if not worst <= tol:  # (a NaN fails too)
        return False, "%s result differs from the reference: max error %.3g > %.3g" % (
            "the" if launch else "interpreter", worst, tol)
    return True, "max error %.2g" % worst


def compile_ws(args, arch, path, out, fname, failures):
    """tilec -O3 --pipeline-strategy=warp-specialize --remarks for arch: the completed process, or None
    (a failure recorded) when tilec fails."""
    w = subprocess.run([args.tilec, "-O3", "--gpu-name=" + arch, "--pipeline-strategy=warp-specialize", "--remarks", path,
                        "-o", out], capture_output=True, text=True, timeout=args.timeout)
    if w.returncode != 0:
        failures.append("%s: tilec --gpu-name=%s --pipeline-strategy=warp-specialize failed: %s" % (
            fname, arch, w.stderr.strip().splitlines()[:1]))
        return None
    return w


def ptxas_check(args, arch, ptx, what, failures):
    """ptxas -arch=<arch> -v on ptx: a failure for a rejection or a spill (named `what`); the log, or
    None without ptxas."""
    if not args.ptxas:
        return None
    p = subprocess.run([args.ptxas, "-arch=" + arch, "-v", ptx, "-o", os.devnull], capture_output=True, text=True)
    log = p.stdout + p.stderr
    if p.returncode != 0:
        failures.append("%s: ptxas -arch=%s rejected the PTX: %s" % (what, arch, log.strip().splitlines()[:2]))
    if re.search(r"[1-9][0-9]* bytes spill (stores|loads)", log):
        failures.append("%s: spills registers on %s" % (what, arch))
    return log


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--tilec-run", dest="tilec_run", required=True)
    ap.add_argument("--corpus", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--ptxas", default=os.environ.get("TILEC_PTXAS") or shutil.which("ptxas") or
                    ("/usr/local/cuda/bin/ptxas" if os.access("/usr/local/cuda/bin/ptxas", os.X_OK) else ""))
    ap.add_argument("--min", type=int, default=30, help="fewest kernels the corpus must hold")
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    failures, lines, gaps, nwgmma, nws, ws_declined = [], [], [], 0, 0, []
    ntc5, tc5_declined = 0, []
    with tempfile.TemporaryDirectory() as work:
        gen = os.path.join(work, "gen")
        subprocess.run([sys.executable, os.path.join(args.corpus, "gen_corpus.py"), gen], check=True)
        generated = sorted(f for f in os.listdir(gen) if f.endswith(".mlir"))
        present = sorted(f for f in os.listdir(args.corpus) if f.endswith(".mlir"))
        if generated != present:
            failures.append("the checked-in corpus is not gen_corpus.py's output: missing %s, extra %s" % (
                sorted(set(generated) - set(present)), sorted(set(present) - set(generated))))
        if not args.ptxas:
            print("SKIPPED: ptxas not found -- the corpus PTX was not assembled")
        # TILEC_CORPUS_STRIDE=k (scripts/test.sh, sanitizer build): every k-th kernel
        stride = max(1, int(os.environ.get("TILEC_CORPUS_STRIDE", "1")))
        args.min = (args.min + stride - 1) // stride
        for fname in present[::stride]:
            name = fname[:-5]
            path = os.path.join(args.corpus, fname)
            text = open(path).read()
            if fname in generated and open(os.path.join(gen, fname)).read() != text:
                failures.append("%s: differs from gen_corpus.py's output (edit the generator and rerun it)" % fname)
            want_path, want_more = header(text, "CORPUS-PATH"), header(text, "CORPUS-WANT")
            run, ref = header(text, "CORPUS-RUN"), header(text, "CORPUS-REF")
            if len(want_path) != 1 or len(run) != 1 or len(ref) != 1:
                failures.append("%s: needs one CORPUS-PATH, CORPUS-RUN and CORPUS-REF line each" % fname)
                continue
            ptx = os.path.join(work, name + ".ptx")
            r = subprocess.run([args.tilec, "-O3", "--gpu-name=sm_90a", path, "-o", ptx], capture_output=True, text=True,
                               timeout=args.timeout)
            if r.returncode != 0:
                failures.append("%s: tilec failed: %s" % (fname, r.stderr.strip().splitlines()[:1]))
                continue
            fam = family(open(ptx).read())
            nwgmma += fam == "wgmma"
            if fam != want_path[0]:
                failures.append("%s: takes %s on sm_90a, CORPUS-PATH says %s" % (fname, fam, want_path[0]))
            if want_more and want_more[0] != fam:
                gaps.append("%s (%s, wanted %s)" % (name, fam, want_more[0]))
            regs = "-"
            log = ptxas_check(args, "sm_90a", ptx, fname, failures)
            if log is not None:
                m = re.search(r"Used (\d+) registers", log)
                regs = m.group(1) if m else "?"
            # warp specialization (issue 13): the same kernel with a producer warpgroup, when the
            # pass takes its loop (--remarks says why not), must assemble with 0 spills too
            ws = "-"
            if fam == "wgmma":
                wptx = os.path.join(work, name + ".ws.ptx")
                w = compile_ws(args, "sm_90a", path, wptx, fname, failures)
                if w is not None and "remark: warp specialization (" in w.stderr:
                    wtext = open(wptx).read()
                    if "setmaxnreg.dec.sync.aligned.u32" not in wtext or "setmaxnreg.inc.sync.aligned.u32" not in wtext:
                        failures.append("%s: warp-specialised PTX without setmaxnreg" % fname)
                    ws = "ws"
                    ptxas_check(args, "sm_90a", wptx, "%s: warp-specialised" % fname, failures)
                    nws += 1
                elif w is not None:
                    m = re.search(r"warp specialization: not for this loop: ([^(\n]*)", w.stderr)
                    why = m.group(1).strip() if m else "no remark"
                    ws_declined.append("%s (%s)" % (name, why))
                    # the only reason a corpus kernel may have: no ring (operands staged from registers,
                    # a known gap of issues 12 and 13); nested loops (the persistent GEMM) and several
                    # loops with mmaf (gemm_lowrank) are specialised
                    if not why.startswith("the loop has no TMA ring"):
                        failures.append("%s: not warp-specialised: %s" % (fname, why))
            # Blackwell (issue 14): tcgen05 with the accumulator in TMEM where the path takes the kernel
            bw = "-"
            bptx = os.path.join(work, name + ".sm100.ptx")
            b = subprocess.run([args.tilec, "-O3", "--gpu-name=sm_100a", "--remarks", path, "-o", bptx], capture_output=True,
                               text=True, timeout=args.timeout)
            if b.returncode != 0:
                err = [l for l in b.stderr.splitlines() if ": error: " in l][:1]
                if b.returncode != 1 or not err or "over the code generator's budget" not in err[0]:
                    failures.append("%s: tilec --gpu-name=sm_100a failed: %s" % (fname, err or b.stderr.strip().splitlines()[-1:]))
                tc5_declined.append("%s (does not compile for sm_100a: register budget)" % name)
            else:
                btext = open(bptx).read()
                bw = family(btext)
                if bw == "tcgen05":
                    ntc5 += 1
                    for need in ("tcgen05.alloc", "tcgen05.commit", "tcgen05.ld.sync.aligned", "tcgen05.dealloc"):
                        if need not in btext:
                            failures.append("%s: tcgen05 PTX without %s" % (fname, need))
                    # ... and its warp-specialised form (the MMA agent) where the pass takes the loop
                    wb = os.path.join(work, name + ".sm100.ws.ptx")
                    w = compile_ws(args, "sm_100a", path, wb, fname, failures)
                    if w is not None and "remark: warp specialization (" in w.stderr:
                        bw = "tcgen05+ws"
                        ptxas_check(args, "sm_100a", wb, "%s: warp-specialised" % fname, failures)
                else:
                    m = re.search(r"remark: mma.sync path: ([^\n]*)", b.stderr)
                    tc5_declined.append("%s (%s)" % (name, m.group(1).strip() if m else "no remark"))
                ptxas_check(args, "sm_100a", bptx, fname, failures)
            if ref[0].startswith("c:"):
                words = run[0].split()
                ir = subprocess.run([args.tilec_run, "--interpret", path] + words + ["--reference", ref[0]],
                                    capture_output=True, text=True, timeout=args.timeout)
                ok = ir.returncode == 0
                msg = (ir.stdout + ir.stderr).strip().splitlines()[-1:] or ["(no output)"]
                m = re.search(r"max_rel_err=(\S+)", msg[0])
                msg = "max error " + m.group(1) if ok and m else msg[0]
            else:
                ok, msg = run_own_reference(args, path, run[0], ref[0], work, name)
            if not ok:
                failures.append("%s: %s" % (fname, msg))
            lines.append("%-28s %-8s %-3s regs %-4s sm_100a %-10s interpreter %s" % (name, fam, ws, regs, bw, msg if ok else "FAILED"))
    for l in lines:
        print(l)
    print("corpus: %d kernels, %d on wgmma; known gaps (CORPUS-WANT): %s" % (len(lines), nwgmma, ", ".join(gaps) or "none"))
    print("corpus: %d of the wgmma kernels warp-specialised (--pipeline-strategy=warp-specialize); not: %s" % (
        nws, ", ".join(ws_declined) or "none"))
    print("corpus: %d kernels on tcgen05 on sm_100a; not: %s" % (ntc5, "; ".join(tc5_declined) or "none"))
    if len(lines) < args.min:
        failures.append("the corpus holds %d kernels, fewer than %d" % (len(lines), args.min))
    for f in failures:
        print("FAIL:", f)
    print("corpus: %s" % ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

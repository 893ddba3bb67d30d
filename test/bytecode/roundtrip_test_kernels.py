#!/usr/bin/env python3
"""roundtrip_test_kernels: every positive kernel of tilec's own tests goes text -> bytecode -> text
unchanged (issue: "every example and test kernel round-trips").

For each .mlir file under the given folders, each `// -----` chunk that has no expected-* annotation,
holds exactly one cuda_tile.module and that tilec accepts at -O0 is written with --emit=bytecode, read
back and printed; the text must equal the chunk's own -O0 print (module name normalised to @kernels,
which the bytecode does not store). Chunks tilec rejects are negative tests checked elsewhere.
Chunks the format cannot carry - the writer refuses them as NVIDIA's does (fused/name locations;
docs/bytecode.md "Limits") - are listed and counted apart.
Prints the counts; fails on any difference, on any crash, or when fewer than --min chunks were
checked (so the test cannot pass by checking nothing)."""
import argparse, os, re, subprocess, sys, tempfile

def chunks(text):
    parts, cur = [], []
    for line in text.split("\n"):
        if line.strip() == "// -----":
            parts.append("\n".join(cur)); cur = []
        else:
            cur.append(line)
    parts.append("\n".join(cur))
    return parts

def run(tilec, args, data=None):
    return subprocess.run([tilec] + args, input=data, capture_output=True, timeout=60)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--min", type=int, default=1)
    ap.add_argument("--bytecode-version", default=None, help="passed to --emit=bytecode (default: tilec's, 13.5)")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    checked, failures, not_encodable = 0, [], []
    format_limits = ("cannot be encoded in CUDA Tile IR bytecode", "unsupported location, got")
    # with an older --bytecode-version, kernels using newer ops/attributes are refused by name
    format_limits += ("requires bytecode version",) if a.bytecode_version else ()
    with tempfile.TemporaryDirectory() as tmp:
        bc = os.path.join(tmp, "k.tileirbc")
        for d in a.dirs:
            for root, _, names in sorted(os.walk(d)):
                for name in sorted(names):
                    if not name.endswith(".mlir"):
                        continue
                    path = os.path.join(root, name)
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                    for i, chunk in enumerate(chunks(text)):
                        if "expected-" in chunk or len(re.findall(r"^\s*cuda_tile\.module\b", chunk, re.M)) != 1:
                            continue
                        src = chunk.encode()
                        first = run(a.tilec, ["-O0", "-", "-o", "-"], src)
                        if first.returncode < 0:
                            failures.append("%s chunk %d: tilec crashed (signal %d)" % (path, i, -first.returncode))
                            continue
                        if first.returncode != 0:
                            continue  # a negative or unsupported chunk, tested elsewhere
                        want = re.sub(rb'cuda_tile\.module @(?:"(?:[^"\\]|\\.)*"|[\w$.]+)', b"cuda_tile.module @kernels",
                                      first.stdout, count=1)
                        vflag = ["--bytecode-version=" + a.bytecode_version] if a.bytecode_version else []
                        w = run(a.tilec, ["-O0", "--emit=bytecode"] + vflag + ["-", "-o", bc], src)
                        message = w.stderr.decode(errors="replace").strip()
                        if w.returncode == 1 and any(limit in message for limit in format_limits):
                            not_encodable.append("%s chunk %d: %s" % (path, i, message.splitlines()[0]))
                            continue
                        if w.returncode != 0:
                            failures.append("%s chunk %d: --emit=bytecode failed: %s" % (path, i, w.stderr.decode(errors="replace").strip()))
                            continue
                        r = run(a.tilec, ["-O0", bc, "-o", "-"])
                        if r.returncode != 0 or r.stdout != want:
                            failures.append("%s chunk %d: bytecode round trip differs" % (path, i))
                            continue
                        checked += 1
    print("test kernels round-tripped through bytecode: %d" % checked)
    print("not encodable in the format (refused by the writer, as NVIDIA's does): %d" % len(not_encodable))
    for n in not_encodable:
        print("  " + n)
    for f in failures:
        print("FAIL: " + f)
    if checked < a.min:
        print("FAIL: only %d chunks checked (expected at least %d)" % (checked, a.min))
        return 1
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())

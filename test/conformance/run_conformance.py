#!/usr/bin/env python3
"""run_conformance: tilec's conformance runner over NVIDIA's CUDA Tile IR test files.

Usage: run_conformance.py --tilec PATH --data DIR [--filecheck PATH] [--baseline FILE]
                          [--update-baseline] [--timeout SECONDS] [--jobs N] [--verbose]

What it does (see test/conformance/README.md):
  * Every `.mlir` file under DIR is split into `// -----` chunks. Each chunk is written to its own
    temporary file, padded with blank lines so that tilec reports the original file's line numbers,
    and tilec is run on it once per check (so a crash is pinned to one chunk).
  * Positive chunk (no `expected-error`): `tilec -O0 chunk` must succeed; printing its output again
    must give the same text (a fixed point); the generic form (`--mlir-print-op-generic`) must
    re-parse and print the same pretty text as well.
  * Negative chunk (has `expected-error`): tilec must fail, reporting an `error:` on a line that one
    of the chunk's `expected-error` annotations points to (`@+N`, `@-N`, `@above`, `@below`, none;
    `@unknown` accepts any line). Message texts are tilec's own and are not compared.
  * Printer checks: a RUN line of the form `cuda-tile-opt [-split-input-file]
    [-mlir-print-op-generic] %s [| cuda-tile-opt] | FileCheck %s` is re-enacted with tilec and
    FileCheck (the file's own CHECK lines against tilec's output). RUN lines that need NVIDIA passes
    (e.g. --canonicalize) are not re-enacted.
  * Bytecode checks (kind "bytecode"):
    - every positive chunk is written with `--emit=bytecode` and read back; the text read back must
      equal the chunk's printed text (the module name normalised to @kernels: the format has no
      module name). Chunks with more than one cuda_tile.module are skipped (one module per file);
    - RUN lines are translated into tilec terms: `%round_trip_test` (the round trip above),
      `-test-cudatile-roundtrip -bytecode-version=V` (the round trip at V), `-mlir-to-cudatilebc
      -bytecode-version=V -o %t.bc` followed by `-cudatilebc-to-mlir %t.bc | FileCheck` (write at V,
      read back, the file's CHECK lines), `not ... -mlir-to-cudatilebc [-bytecode-version=V]` (tilec
      must refuse to write each chunk with an error located inside it; an unsupported V must be
      refused by the option parser), `-mlir-to-cudatilebc -verify-diagnostics` (writing each chunk
      must fail with an error on an annotated line; NVIDIA puts its error on the module and an
      `expected-remark` on the offending op, tilec's error on either counts); a chunk of a
      `not ... -mlir-to-cudatilebc` file whose op carries a location the format cannot hold (fused,
      name: Bytecode/invalid_loc.mlir) must be refused with the error reported where NVIDIA reports it,
      at the op's own `loc(...)` resolved as MLIR shows it (first file location of a fused location,
      the callee of a call site; e.g. /tmp/foo.py:1:1), and the chunk's CHECK lines (NVIDIA's message)
      must match tilec's diagnostics;
    - `%round_trip_test ... --mlir-print-debuginfo` (Bytecode/debug_info.mlir): each positive chunk
      printed with --mlir-print-debuginfo shows every "file":line:col the chunk spells and is a fixed
      point, and text -> bytecode (debug-info section) -> text with --mlir-print-debuginfo prints the
      same text and locations (module named @kernels; the RUN line's FileCheck, if any, on the result);
    - each binary fixture (`.tileirbc`, `.bc`) is decided by the RUN lines that reference it: after
      `not`, tilec must reject it with an `error:` that names the bytecode; otherwise tilec must read
      it, and the referencing file's CHECK lines must match what tilec prints. A fixture no RUN line
      references is rejected if under invalid/, read otherwise.
    What cannot be expressed in tilec terms is skipped with its reason (NVIDIA's test-only bytecode
    versions 250.x and testing$ ops, --list-versions).
  * Skipped, and counted as skipped with a reason: chunks that use NVIDIA's test-only `testing$`
    ops other than `testing$func` (tilec parses and verifies testing$func like an entry).
  * A run of tilec that dies from a signal, reports a sanitizer error, or exceeds the timeout is a
    crash/hang, and always fails the suite.

Result: a per-file table and totals on stdout, then the failures (one line each). Exit status 1 when
a crash or hang happened, or when a file's passing counts fall below the checked-in baseline
(baseline.json: per-file minimum passing counts, kinds positive/negative/check/bytecode). Whether the
final thresholds (100% of positive chunks, printer checks and bytecode checks, 98% of negative
chunks) are met is printed but not enforced yet. --update-baseline rewrites the baseline with the
current counts (never lowering an existing entry unless --allow-lower).
Only the Python standard library is used.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

SKIP_TESTING_OPS = "uses NVIDIA's test-only testing$ ops (other than testing$func, which tilec supports)"
SKIP_MULTI_MODULE = "bytecode holds one cuda_tile.module per file; the chunk has several"
SKIP_TEST_VERSION = "NVIDIA's test-only bytecode version %s (with its testing$ ops) is not in tilec"
SKIP_LIST_VERSIONS = "tilec has no --list-versions (tilec --help lists its versions: 13.1, 13.2, 13.3)"
SKIP_UNREFERENCED = "binary fixture that no RUN line references"
# 13.3 rules that later CUDA Tile IR releases relaxed: tileiras 13.5 (and tilec) accept these chunks
SUPERSEDED = {
    ("Dialect/invalid.mlir", "ftof %arg0 rounding<negative_inf> : tile<2x2xf32> -> tile<2x2xf64>"):
        "13.4 lets ftof widen in any IEEE rounding mode (tileirdisasm 13.5 accepts f32 -> f64 negative_inf)",
}
SKIP_SUPERSEDED = "a 13.3 rule a later release relaxed: %s"
SUPPORTED_VERSIONS = ("13.1", "13.2", "13.3")
KINDS = ("positive", "negative", "check", "bytecode")
MODULE_RE = re.compile(r"^(\s*cuda_tile\.module\s+)@(?:\"[^\"]*\"|[\w$.-]+)", re.M)
CRASH_MARKERS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
                 "PLEASE submit a bug report", "Assertion `", "Stack dump:")
DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): error: ", re.M)
EXPECT_RE = re.compile(r"expected-(error|warning|note|remark)(?:-re)?\s*(?:@\s*([^\s{]+))?\s*\{\{")
RELATIVE_RE = re.compile(r"^([+-])(\d+)$")
FILE_LOC_RE = re.compile(r'"([^"]*)":(\d+):(\d+)')
LOC_ALIAS_RE = re.compile(r"^\s*(#[\w$.-]+)\s*=\s*loc\((.*)\)\s*$", re.M)


class Outcome:
    """The result of one check: kind is positive/negative/check/bytecode; status is pass/fail/crash/skip."""

    def __init__(self, path, line, kind, status, reason=""):
        self.path, self.line, self.kind, self.status, self.reason = path, line, kind, status, reason


def split_chunks(text):
    """Split like mlir-opt's --split-input-file: returns [(first_line, chunk_text)], 1-based lines."""
    chunks, current, first = [], [], 1
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip().startswith("// -----"):
            chunks.append((first, "\n".join(current)))
            current, first = [], number + 1
        else:
            current.append(line)
    chunks.append((first, "\n".join(current)))
    return chunks


def expected_error_lines(chunk, first_line):
    """Lines that the chunk's expected-error annotations point to; None in the set means @unknown."""
    lines = chunk.split("\n")
    targets, pending_below = set(), 0
    for index, line in enumerate(lines):
        number = first_line + index
        found = list(EXPECT_RE.finditer(line))
        if not found:
            if pending_below:
                targets.add(number)
                pending_below = 0
            continue
        for match in found:
            if match.group(1) != "error":
                continue
            where = match.group(2)
            if where is None:
                targets.add(number)
            elif where == "above":
                previous = index - 1
                while previous >= 0 and EXPECT_RE.search(lines[previous]):
                    previous -= 1
                targets.add(first_line + previous)
            elif where == "below":
                pending_below += 1
            elif where == "unknown":
                targets.add(None)
            else:
                relative = RELATIVE_RE.match(where)
                if relative:
                    offset = int(relative.group(2))
                    targets.add(number + offset if relative.group(1) == "+" else number - offset)
                else:
                    targets.add(None)  # a file:line designator we do not model: any line will do
    return targets


class Runner:
    def __init__(self, args, workdir):
        self.tilec, self.filecheck, self.timeout = args.tilec, args.filecheck, args.timeout
        self.workdir = workdir
        self.counter = 0
        self.counter_lock = threading.Lock()

    def scratch_path(self, stem, suffix):
        """A fresh file name in the work directory. Chunks are checked by a thread pool, so the
        counter is taken under a lock: two threads given the same number would write the same file
        and one chunk would be checked with the other's text."""
        with self.counter_lock:
            self.counter += 1
            number = self.counter
        return os.path.join(self.workdir, "%s.%d.%s" % (re.sub(r"[^A-Za-z0-9_.-]", "_", stem), number, suffix))

    def new_path(self, stem):
        return self.scratch_path(stem, "mlir")

    def tilec_run(self, args, stdin_text=None):
        """Run tilec; returns (rc, stdout, stderr, crash_reason or None)."""
        try:
            proc = subprocess.run([self.tilec] + args, input=stdin_text, capture_output=True, text=True,
                                  errors="replace", timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return 124, "", "", "hang: no answer within %g s" % self.timeout
        crash = None
        if proc.returncode < 0:
            crash = "crash: killed by signal %d" % -proc.returncode
        else:
            for marker in CRASH_MARKERS:
                if marker in proc.stderr:
                    crash = "crash: %s" % marker.strip()
                    break
        return proc.returncode, proc.stdout, proc.stderr, crash

    def write_chunk(self, rel, first_line, chunk):
        path = self.new_path(rel)
        with open(path, "w") as handle:
            handle.write("\n" * (first_line - 1) + chunk + "\n")
        return path

    def check_positive(self, rel, first_line, chunk):
        path = self.write_chunk(rel, first_line, chunk)

        def fail(status, reason):
            return Outcome(rel, first_line, "positive", status, reason)

        rc, printed, err, crash = self.tilec_run(["-O0", "--emit=mlir", path, "-o", "-"])
        if crash:
            return fail("crash", crash)
        if rc != 0:
            return fail("fail", "rejected: " + first_error(err))
        again_path = self.new_path(rel + ".printed")
        with open(again_path, "w") as handle:
            handle.write(printed)
        rc, reprinted, err, crash = self.tilec_run(["-O0", "--emit=mlir", again_path, "-o", "-"])
        if crash:
            return fail("crash", crash + " (re-parsing the printed form)")
        if rc != 0:
            return fail("fail", "printed form rejected: " + first_error(err))
        if reprinted != printed:
            return fail("fail", "printing is not a fixed point: " + first_difference(printed, reprinted))
        rc, generic, err, crash = self.tilec_run(["-O0", "--emit=mlir", "--mlir-print-op-generic", path, "-o", "-"])
        if crash:
            return fail("crash", crash + " (printing the generic form)")
        if rc != 0:
            return fail("fail", "generic printing failed: " + first_error(err))
        generic_path = self.new_path(rel + ".generic")
        with open(generic_path, "w") as handle:
            handle.write(generic)
        rc, from_generic, err, crash = self.tilec_run(["-O0", "--emit=mlir", generic_path, "-o", "-"])
        if crash:
            return fail("crash", crash + " (re-parsing the generic form)")
        if rc != 0:
            return fail("fail", "generic form rejected: " + first_error(err))
        if from_generic != printed:
            return fail("fail", "generic form prints differently: " + first_difference(printed, from_generic))
        return Outcome(rel, first_line, "positive", "pass")

    def check_negative(self, rel, first_line, chunk, targets):
        path = self.write_chunk(rel, first_line, chunk)
        rc, _, err, crash = self.tilec_run(["-O0", "--emit=mlir", path, "-o", os.devnull])
        if crash:
            return Outcome(rel, first_line, "negative", "crash", crash)
        error_lines = [int(m.group(2)) for m in DIAG_RE.finditer(err)]
        if rc == 0 or not error_lines:
            return Outcome(rel, first_line, "negative", "fail",
                           "accepted (expected an error on line %s)" % describe_lines(targets))
        if None in targets or any(line in targets for line in error_lines):
            return Outcome(rel, first_line, "negative", "pass")
        return Outcome(rel, first_line, "negative", "fail", "error on line %d, expected line %s: %s" % (
            error_lines[0], describe_lines(targets), first_error(err)))

    def check_run_line(self, rel, path, number, pipeline):
        """Re-enact `cuda-tile-opt ... | [cuda-tile-opt |] FileCheck ...` with tilec."""
        stdin_text = None
        for stage in pipeline[:-1]:
            rc, out, err, crash = self.tilec_run(stage, stdin_text)
            if crash:
                return Outcome(rel, number, "check", "crash", crash)
            if rc != 0:
                return Outcome(rel, number, "check", "fail", "tilec failed: " + first_error(err))
            stdin_text = out
        try:
            proc = subprocess.run(pipeline[-1], input=stdin_text, capture_output=True, text=True, errors="replace",
                                  timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return Outcome(rel, number, "check", "fail", "FileCheck timed out")
        if proc.returncode != 0:
            message = proc.stderr.strip().split("\n")
            return Outcome(rel, number, "check", "fail", "FileCheck: " + (message[0] if message else "failed"))
        return Outcome(rel, number, "check", "pass")


    def run_filecheck(self, rel, number, kind, text, argv):
        """FileCheck argv (the program first) over text; returns a failing Outcome or None."""
        try:
            proc = subprocess.run(argv, input=text, capture_output=True, text=True, errors="replace",
                                  timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return Outcome(rel, number, kind, "fail", "FileCheck timed out")
        if proc.returncode != 0:
            message = proc.stderr.strip().split("\n")
            return Outcome(rel, number, kind, "fail", "FileCheck: " + (message[0] if message else "failed"))
        return None

    def write_read(self, rel, line, src, version):
        """tilec --emit=bytecode [--bytecode-version=V] src, then tilec reads it back.
        Returns (printed text, None), or (None, failing Outcome)."""
        bc = self.scratch_path(rel, "tileirbc")
        at = " at " + version if version else ""
        argv = ["-O0", "--emit=bytecode"] + (["--bytecode-version=" + version] if version else []) + [src, "-o", bc]
        rc, _, err, crash = self.tilec_run(argv)
        if crash:
            return None, Outcome(rel, line, "bytecode", "crash", crash + " (writing bytecode%s)" % at)
        if rc != 0:
            return None, Outcome(rel, line, "bytecode", "fail", "writing bytecode%s failed: %s" % (at, first_error(err)))
        rc, text, err, crash = self.tilec_run(["-O0", "--emit=mlir", bc, "-o", "-"])
        if crash:
            return None, Outcome(rel, line, "bytecode", "crash", crash + " (reading bytecode%s back)" % at)
        if rc != 0:
            return None, Outcome(rel, line, "bytecode", "fail",
                                 "bytecode%s written by tilec is not read back: %s" % (at, first_error(err)))
        return text, None

    def check_bytecode_roundtrip(self, rel, first_line, chunk, version):
        """text -> bytecode (version V) -> text gives the chunk's printed text (module named @kernels)."""
        path = self.write_chunk(rel, first_line, chunk)
        rc, printed, err, crash = self.tilec_run(["-O0", "--emit=mlir", path, "-o", "-"])
        if crash:
            return Outcome(rel, first_line, "bytecode", "crash", crash)
        if rc != 0:
            return Outcome(rel, first_line, "bytecode", "fail", "rejected as text: " + first_error(err))
        text, bad = self.write_read(rel, first_line, path, version)
        if bad:
            return bad
        expected = MODULE_RE.sub(r"\1@kernels", printed)
        if text != expected:
            return Outcome(rel, first_line, "bytecode", "fail", "bytecode%s reads back differently: %s" % (
                " at " + version if version else "", first_difference(expected, text)))
        return Outcome(rel, first_line, "bytecode", "pass")

    def check_bytecode_filecheck(self, rel, path, number, version, checker):
        """`-mlir-to-cudatilebc -bytecode-version=V %s -o %t.bc` + `-cudatilebc-to-mlir %t.bc | FileCheck`."""
        text, bad = self.write_read(rel, number, path, version)
        if bad:
            return bad
        return self.run_filecheck(rel, number, "bytecode", text, checker) or Outcome(rel, number, "bytecode", "pass")

    def check_bytecode_refused(self, rel, first_line, last_line, chunk, version):
        """`not cuda-tile-translate -mlir-to-cudatilebc`: writing the chunk fails, the error inside the chunk."""
        path = self.write_chunk(rel, first_line, chunk)
        argv = ["-O0", "--emit=bytecode"] + (["--bytecode-version=" + version] if version else []) + [path, "-o", os.devnull]
        rc, _, err, crash = self.tilec_run(argv)
        if crash:
            return Outcome(rel, first_line, "bytecode", "crash", crash)
        error_lines = [int(m.group(2)) for m in DIAG_RE.finditer(err)]
        if rc == 0 or not error_lines:
            return Outcome(rel, first_line, "bytecode", "fail", "bytecode%s written (expected an error)" % (
                " " + version if version else ""))
        if not any(first_line <= line <= last_line for line in error_lines):
            return Outcome(rel, first_line, "bytecode", "fail", "error on line %d, outside the chunk (%d-%d): %s" % (
                error_lines[0], first_line, last_line, first_error(err)))
        return Outcome(rel, first_line, "bytecode", "pass")

    def check_bytecode_version_refused(self, rel, number, path, version):
        """`-bytecode-version=12.0`: tilec's option parser refuses the version with an error."""
        rc, _, err, crash = self.tilec_run(["-O0", "--emit=bytecode", "--bytecode-version=" + version, path,
                                            "-o", os.devnull])
        if crash:
            return Outcome(rel, number, "bytecode", "crash", crash)
        if rc == 0 or "error" not in err or version not in err:
            return Outcome(rel, number, "bytecode", "fail", "--bytecode-version=%s not refused with an error naming it"
                           % version)
        return Outcome(rel, number, "bytecode", "pass")

    def check_bytecode_negative(self, rel, first_line, chunk, targets, version):
        """`-mlir-to-cudatilebc -verify-diagnostics`: writing fails with an error on an annotated line."""
        path = self.write_chunk(rel, first_line, chunk)
        argv = ["-O0", "--emit=bytecode"] + (["--bytecode-version=" + version] if version else []) + [path, "-o", os.devnull]
        rc, _, err, crash = self.tilec_run(argv)
        if crash:
            return Outcome(rel, first_line, "bytecode", "crash", crash)
        error_lines = [int(m.group(2)) for m in DIAG_RE.finditer(err)]
        if rc == 0 or not error_lines:
            return Outcome(rel, first_line, "bytecode", "fail",
                           "bytecode written (expected an error on line %s)" % describe_lines(targets))
        if None in targets or any(line in targets for line in error_lines):
            return Outcome(rel, first_line, "bytecode", "pass")
        return Outcome(rel, first_line, "bytecode", "fail", "error on line %d, expected line %s: %s" % (
            error_lines[0], describe_lines(targets), first_error(err)))

    def check_debuginfo_roundtrip(self, rel, first_line, chunk, checker):
        """`%round_trip_test %s %t --mlir-print-debuginfo`: the chunk printed with its locations is a fixed
        point, shows every file:line:col the chunk spells, and text -> bytecode (debug-info section) -> text
        prints the same locations (module named @kernels); the RUN line's FileCheck, if any, on the result."""
        path = self.write_chunk(rel, first_line, chunk)

        def fail(status, reason):
            return Outcome(rel, first_line, "bytecode", status, reason)

        rc, printed, err, crash = self.tilec_run(["-O0", "--emit=mlir", "--mlir-print-debuginfo", path, "-o", "-"])
        if crash:
            return fail("crash", crash + " (printing with --mlir-print-debuginfo)")
        if rc != 0:
            return fail("fail", "--mlir-print-debuginfo printing failed: " + first_error(err))
        spelled = set(FILE_LOC_RE.findall(re.sub(r"//.*", "", chunk)))
        missing = sorted(spelled - set(FILE_LOC_RE.findall(printed)))
        if missing:
            return fail("fail", "--mlir-print-debuginfo does not print the location \"%s\":%s:%s" % missing[0])
        again_path = self.new_path(rel + ".debuginfo")
        with open(again_path, "w") as handle:
            handle.write(printed)
        rc, reprinted, err, crash = self.tilec_run(["-O0", "--emit=mlir", "--mlir-print-debuginfo", again_path,
                                                    "-o", "-"])
        if crash:
            return fail("crash", crash + " (re-parsing the text printed with debug info)")
        if rc != 0:
            return fail("fail", "text printed with debug info rejected: " + first_error(err))
        if reprinted != printed:
            return fail("fail", "printing with debug info is not a fixed point: " + first_difference(printed, reprinted))
        bc = self.scratch_path(rel, "tileirbc")
        rc, _, err, crash = self.tilec_run(["-O0", "--emit=bytecode", path, "-o", bc])
        if crash:
            return fail("crash", crash + " (writing bytecode with debug info)")
        if rc != 0:
            return fail("fail", "writing bytecode with debug info failed: " + first_error(err))
        rc, text, err, crash = self.tilec_run(["-O0", "--emit=mlir", "--mlir-print-debuginfo", bc, "-o", "-"])
        if crash:
            return fail("crash", crash + " (reading bytecode back with --mlir-print-debuginfo)")
        if rc != 0:
            return fail("fail", "bytecode with debug info is not read back: " + first_error(err))
        expected = MODULE_RE.sub(r"\1@kernels", printed)
        if text != expected:
            return fail("fail", "debug info does not survive bytecode: " + first_difference(expected, text))
        if checker:
            return self.run_filecheck(rel, first_line, "bytecode", text, checker) or Outcome(
                rel, first_line, "bytecode", "pass")
        return Outcome(rel, first_line, "bytecode", "pass")

    def check_bytecode_refused_location(self, rel, first_line, chunk, version, where):
        """`not cuda-tile-translate -mlir-to-cudatilebc ... | FileCheck` over a chunk whose op carries a
        location the format cannot hold (fused, name): writing fails with an error reported at that op's
        location (where: set of (file, line, column), the `loc(...)` resolved as MLIR shows it), and the
        chunk's own CHECK lines match tilec's diagnostics."""
        path = self.write_chunk(rel, first_line, chunk)
        argv = ["-O0", "--emit=bytecode"] + (["--bytecode-version=" + version] if version else []) + [path, "-o", os.devnull]
        rc, _, err, crash = self.tilec_run(argv)
        if crash:
            return Outcome(rel, first_line, "bytecode", "crash", crash)
        errors = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in DIAG_RE.finditer(err)]
        if rc == 0 or not errors:
            return Outcome(rel, first_line, "bytecode", "fail", "bytecode%s written (expected an error)" % (
                " " + version if version else ""))
        if not any(found in where for found in errors):
            return Outcome(rel, first_line, "bytecode", "fail", "error at %s:%d:%d, expected at %s: %s" % (
                errors[0] + (" or ".join("%s:%d:%d" % w for w in sorted(where)), first_error(err))))
        if self.filecheck and re.search(r"//\s*CHECK", chunk):
            bad = self.run_filecheck(rel, first_line, "bytecode", err, [self.filecheck, path])
            if bad:
                return bad
        return Outcome(rel, first_line, "bytecode", "pass")

    def check_fixture(self, rel, path, reject, checkers):
        """A binary fixture: rejected with an error about the bytecode, or read (CHECK lines, round trip)."""
        if reject:
            rc, _, err, crash = self.tilec_run(["-O0", "--emit=mlir", path, "-o", os.devnull])
            if crash:
                return Outcome(rel, 0, "bytecode", "crash", crash)
            if rc == 0:
                return Outcome(rel, 0, "bytecode", "fail", "read (NVIDIA's RUN line expects rejection)")
            if not DIAG_RE.search(err) and "error:" not in err:
                return Outcome(rel, 0, "bytecode", "fail", "rejected without an error diagnostic")
            if "bytecode" not in first_error(err):
                return Outcome(rel, 0, "bytecode", "fail", "the error does not say it is about the bytecode: "
                               + first_error(err))
            return Outcome(rel, 0, "bytecode", "pass")
        rc, printed, err, crash = self.tilec_run(["-O0", "--emit=mlir", path, "-o", "-"])
        if crash:
            return Outcome(rel, 0, "bytecode", "crash", crash)
        if rc != 0:
            return Outcome(rel, 0, "bytecode", "fail", "not read: " + first_error(err))
        for ref, number, checker in checkers:
            bad = self.run_filecheck(rel, 0, "bytecode", printed, checker)
            if bad:
                bad.reason += " (RUN line %d of %s)" % (number, ref)
                return bad
        again = self.new_path(rel + ".read")
        with open(again, "w") as handle:
            handle.write(printed)
        text, bad = self.write_read(rel, 0, again, None)
        if bad:
            return bad
        if text != printed:
            return Outcome(rel, 0, "bytecode", "fail", "read, written again and re-read, it prints differently: "
                           + first_difference(printed, text))
        return Outcome(rel, 0, "bytecode", "pass")

def first_error(stderr):
    for line in stderr.split("\n"):
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:160]
    text = stderr.strip().split("\n")[0] if stderr.strip() else "no message"
    return text[:160]


def first_difference(a, b):
    la, lb = a.split("\n"), b.split("\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end>"
        y = lb[i] if i < len(lb) else "<end>"
        if x != y:
            return "line %d: %r vs %r" % (i + 1, x.strip()[:70], y.strip()[:70])
    return "?"


def describe_lines(targets):
    known = sorted(t for t in targets if t is not None)
    return "/".join(str(t) for t in known) if known else "any"


def resolve_location(text, aliases, depth=0):
    """The (file, line, column) MLIR shows for a location's text (`"f":1:2`, `#alias`, `fused[a, b]`,
    `"name"(a)`, `callsite(a at b)`): the first file location found, the callee of a call site. None if none."""
    text = text.strip()
    if depth > 32:
        return None
    if text.startswith("#"):
        return resolve_location(aliases[text], aliases, depth + 1) if text in aliases else None
    match = re.match(r'^"([^"]*)":(\d+):(\d+)', text)
    if match:
        return match.group(1), int(match.group(2)), int(match.group(3))
    match = re.match(r"^fused(?:<[^>]*>)?\[(.*)\]$", text, re.S)
    if match:
        for part in match.group(1).split(","):
            found = resolve_location(part, aliases, depth + 1)
            if found:
                return found
        return None
    match = re.match(r'^"[^"]*"\((.*)\)$', text, re.S)
    if match:
        return resolve_location(match.group(1), aliases, depth + 1)
    match = re.match(r"^callsite\((.*?)\s+at\s+(.*)\)$", text, re.S)
    if match:
        return resolve_location(match.group(1), aliases, depth + 1)
    return None


def op_locations(chunk):
    """Where MLIR reports an error on the chunk's annotated ops: the `loc(...)` of the op that follows each
    `// CHECK` line (of every op with a `loc(...)` when none is annotated), resolved; a set of
    (file, line, column)."""
    body = re.sub(r"//.*", "", chunk)
    aliases = {name: value for name, value in LOC_ALIAS_RE.findall(body)}
    lines = chunk.split("\n")
    annotated = []
    for index, line in enumerate(lines):
        if re.search(r"//\s*CHECK", line):
            following = index + 1
            while following < len(lines) and (not lines[following].strip() or lines[following].strip().startswith("//")):
                following += 1
            if following < len(lines):
                annotated.append(lines[following])
    candidates = annotated or [line for line in body.split("\n") if not LOC_ALIAS_RE.match(line)]
    found = set()
    for line in candidates:
        match = re.search(r"\bloc\((.*)\)\s*$", re.sub(r"//.*", "", line))
        if match:
            where = resolve_location(match.group(1), aliases)
            if where:
                found.add(where)
    return found


def run_lines(text):
    """The file's RUN commands (continuations joined) with their line numbers."""
    result, pending, start = [], None, 0
    for number, line in enumerate(text.split("\n"), start=1):
        match = re.search(r"//\s*RUN:\s?(.*)$", line)
        if not match:
            continue
        body = match.group(1).rstrip()
        if pending is None:
            pending, start = "", number
        if body.endswith("\\"):
            pending += body[:-1] + " "
            continue
        result.append((start, pending + body))
        pending = None
    return result


def translate_pipeline(command, path, tilec, filecheck):
    """Map one RUN line to [tilec argv..., FileCheck argv], or None when it cannot be re-enacted."""
    stages = [s.split() for s in command.split("|")]
    if len(stages) < 2 or not stages[-1] or stages[-1][0] != "FileCheck":
        return None
    pipeline = []
    for index, stage in enumerate(stages[:-1]):
        if not stage or stage[0] != "cuda-tile-opt":
            return None
        argv, has_input = ["-O0", "--emit=mlir"], False
        for word in stage[1:]:
            if word == "%s":
                argv.append(path)
                has_input = True
            elif word in ("-split-input-file", "--split-input-file"):
                argv.append("--split-input-file")
            elif word in ("-mlir-print-op-generic", "--mlir-print-op-generic"):
                argv.append("--mlir-print-op-generic")
            elif word in ("-allow-unregistered-dialect", "--allow-unregistered-dialect"):
                continue
            else:
                return None  # a pass or an option tilec does not have
        if not has_input:
            if index == 0:
                return None
            argv.append("-")
        argv += ["-o", "-"]
        pipeline.append(argv)  # tilec's arguments; Runner.tilec_run supplies the program
    checker = [filecheck]
    for word in stages[-1][1:]:
        checker.append(path if word == "%s" else word)
    pipeline.append(checker)
    return pipeline


def option_value(words, name):
    """The value of `-name=V` / `--name=V` / `-name V` in words, or None."""
    for index, word in enumerate(words):
        for prefix in ("-" + name + "=", "--" + name + "="):
            if word.startswith(prefix):
                return word[len(prefix):]
        if word in ("-" + name, "--" + name) and index + 1 < len(words):
            return words[index + 1]
    return None


def filecheck_argv(stage, path, filecheck):
    """[FileCheck, args...] for a RUN line's `FileCheck ...` stage (%s is the referencing file)."""
    return [filecheck] + [path if word == "%s" else word for word in stage[1:]]


def fixture_references(data, files):
    """{fixture rel: [(referencing rel, line, command)]} from every RUN line naming `%S/...`."""
    refs = {}
    for rel in files:
        if not rel.endswith(".mlir"):
            continue
        with open(os.path.join(data, rel), encoding="utf-8", errors="replace") as handle:
            runs = run_lines(handle.read())
        for number, command in runs:
            for match in re.finditer(r"%S/(\S+)", command):
                target = os.path.normpath(os.path.join(os.path.dirname(rel), match.group(1)))
                refs.setdefault(target, []).append((rel, number, command))
    return refs


def plan_fixture(runner, data, rel, refs):
    """A binary fixture: rejection when a referencing RUN line starts with `not`, else a read."""
    path = os.path.join(data, rel)
    mine = refs.get(rel, [])
    if not mine:
        if rel.startswith("Bytecode/invalid/"):
            reject, checkers = True, []
        elif rel.startswith("Bytecode/versioning/Inputs/"):
            reject, checkers = False, []
        else:
            return [], [(0, SKIP_UNREFERENCED)]
    else:
        reject = any(command.lstrip().startswith("not ") for _, _, command in mine)
        checkers = []
        for ref, number, command in mine:
            stages = [stage.split() for stage in command.split("|")]
            if not reject and runner.filecheck and len(stages) > 1 and stages[-1] and stages[-1][0] == "FileCheck":
                checkers.append((ref, number, filecheck_argv(stages[-1], os.path.join(data, ref), runner.filecheck)))
    return [lambda: runner.check_fixture(rel, path, reject, checkers)], []


def code_chunks(text, split):
    """[(first_line, last_line, chunk)] of the chunks that hold more than comments."""
    pieces = split_chunks(text) if split else [(1, text)]
    return [(first, first + chunk.count("\n"), chunk) for first, chunk in pieces
            if re.search(r"\S", re.sub(r"//.*", "", chunk))]


def remark_lines(chunk, first_line):
    """Lines that `expected-remark` annotations point to (NVIDIA marks the offending op with one)."""
    lines = chunk.split("\n")
    targets = set()
    for index, line in enumerate(lines):
        match = re.search(r"expected-remark\s*@\s*(below|above|[+-]\d+)?", line)
        if not match:
            continue
        where = match.group(1)
        if where == "below":
            following = index + 1
            while following < len(lines) and EXPECT_RE.search(lines[following]):
                following += 1
            targets.add(first_line + following)
        elif where == "above":
            targets.add(first_line + index - 1)
        elif where:
            targets.add(first_line + index + int(where))
        else:
            targets.add(first_line + index)
    return targets


def plan_file(runner, data, rel, refs):
    """Returns (jobs, skips): jobs are callables producing an Outcome, skips are (line, reason)."""
    path = os.path.join(data, rel)
    if not rel.endswith(".mlir"):
        return plan_fixture(runner, data, rel, refs)
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    runs = run_lines(text)
    jobs, skips = [], []
    text_checks = True      # False for files whose kernels NVIDIA only feeds to a failing writer
    roundtrip_versions = [None]
    written = {}            # %t.bc of a `-mlir-to-cudatilebc ... -o %t.bc` RUN line -> its version
    debuginfo, debuginfo_checker = False, None  # a `%round_trip_test ... --mlir-print-debuginfo` RUN line
    for number, command in runs:
        stages = [stage.split() for stage in command.split("|")]
        words = stages[0]
        negated = bool(words) and words[0] == "not"
        if negated:
            words = words[1:]
        if not words or any("%S/" in word for word in words):
            continue  # a fixture's RUN line: checked with the fixture
        checker = None
        if runner.filecheck and len(stages) > 1 and stages[-1] and stages[-1][0] == "FileCheck":
            checker = filecheck_argv(stages[-1], path, runner.filecheck)
        version = option_value(words, "bytecode-version")
        if words[0] == "%round_trip_test":
            if "--mlir-print-debuginfo" in words or "-mlir-print-debuginfo" in words:
                debuginfo_checker = checker or debuginfo_checker
                debuginfo = True
            continue  # every positive chunk is round-tripped below
        if words[0] != "cuda-tile-translate":
            continue  # cuda-tile-opt (printer checks), diff: part of another RUN line's check
        if "--list-versions" in words or "-list-versions" in words:
            skips.append((number, SKIP_LIST_VERSIONS))
            continue
        if version and version.startswith("250."):
            skips.append((number, SKIP_TEST_VERSION % version))
            continue
        split = "-split-input-file" in words or "--split-input-file" in words
        if "-test-cudatile-roundtrip" in words:
            if version and version not in roundtrip_versions:
                roundtrip_versions.append(version)
            continue
        if "-mlir-to-cudatilebc" in words:
            if version and version not in SUPPORTED_VERSIONS:
                text_checks = text_checks and not negated  # NVIDIA refuses the option before reading
                jobs.append(lambda n=number, v=version: runner.check_bytecode_version_refused(rel, n, path, v))
                continue
            if "-verify-diagnostics" in words:
                text_checks = False
                for first, last, chunk in code_chunks(text, split):
                    if re.search(r"testing\$(?!func\b)", chunk):
                        skips.append((first, SKIP_TESTING_OPS))
                        continue
                    targets = expected_error_lines(chunk, first) | remark_lines(chunk, first)
                    if targets:
                        jobs.append(lambda f=first, c=chunk, t=targets, v=version:
                                    runner.check_bytecode_negative(rel, f, c, t, v))
                continue
            if negated:
                text_checks = False
                for first, last, chunk in code_chunks(text, split):
                    if re.search(r"testing\$(?!func\b)", chunk):
                        skips.append((first, SKIP_TESTING_OPS))
                    elif re.search(r"\bloc\(", re.sub(r"//.*", "", chunk)) and op_locations(chunk):
                        jobs.append(lambda f=first, c=chunk, v=version, w=op_locations(chunk):
                                    runner.check_bytecode_refused_location(rel, f, c, v, w))
                    else:
                        jobs.append(lambda f=first, l=last, c=chunk, v=version:
                                    runner.check_bytecode_refused(rel, f, l, c, v))
                continue
            output = option_value(words, "o")
            if output:
                written[output] = version
            continue
        if "-cudatilebc-to-mlir" in words:
            source = next((word for word in words if word in written), None)
            if source is not None and checker:
                jobs.append(lambda n=number, v=written[source], k=checker:
                            runner.check_bytecode_filecheck(rel, path, n, v, k))
            continue
    if not text_checks:
        return jobs, skips
    for first_line, chunk in split_chunks(text):
        if not re.search(r"\S", re.sub(r"//.*", "", chunk)):
            continue  # a chunk with nothing but comments
        if re.search(r"testing\$(?!func\b)", chunk):
            skips.append((first_line, SKIP_TESTING_OPS))
            continue
        targets = expected_error_lines(chunk, first_line)
        superseded = [why for (f, line), why in SUPERSEDED.items() if f == rel and line in chunk]
        if targets and superseded:
            skips.append((first_line, SKIP_SUPERSEDED % superseded[0]))
            continue
        if targets:
            jobs.append(lambda r=rel, f=first_line, c=chunk, t=targets: runner.check_negative(r, f, c, t))
            continue
        jobs.append(lambda r=rel, f=first_line, c=chunk: runner.check_positive(r, f, c))
        if len(re.findall(r"^\s*cuda_tile\.module\b", re.sub(r"//.*", "", chunk), re.M)) > 1:
            skips.append((first_line, SKIP_MULTI_MODULE))
            continue
        for version in roundtrip_versions:
            jobs.append(lambda f=first_line, c=chunk, v=version: runner.check_bytecode_roundtrip(rel, f, c, v))
        if debuginfo:
            jobs.append(lambda f=first_line, c=chunk, k=debuginfo_checker:
                        runner.check_debuginfo_roundtrip(rel, f, c, k))
    if runner.filecheck and re.search(r"//\s*CHECK", text):
        for number, command in runs:
            pipeline = translate_pipeline(command, path, runner.tilec, runner.filecheck)
            if pipeline:
                jobs.append(lambda r=rel, n=number, p=pipeline: runner.check_run_line(r, path, n, p))
    return jobs, skips


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tilec", required=True)
    parser.add_argument("--data", required=True, help="the cuda-tile-13.3 folder")
    parser.add_argument("--filecheck", default=shutil.which("FileCheck"))
    parser.add_argument("--baseline")
    parser.add_argument("--update-baseline", action="store_true")
    parser.add_argument("--allow-lower", action="store_true", help="with --update-baseline: also lower entries")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per tilec run")
    parser.add_argument("--jobs", type=int, default=min(8, os.cpu_count() or 1))
    parser.add_argument("--verbose", action="store_true", help="also list passing checks")
    args = parser.parse_args()
    if not os.path.isdir(args.data):
        print("error: conformance data folder '%s' not found" % args.data)
        return 1
    if not os.access(args.tilec, os.X_OK):
        print("error: tilec '%s' is not executable" % args.tilec)
        return 1

    files = []
    for root, _, names in os.walk(args.data):
        for name in names:
            if name.endswith((".mlir", ".tileirbc", ".bc")):
                files.append(os.path.relpath(os.path.join(root, name), args.data))
    files.sort()

    workdir = tempfile.mkdtemp(prefix="tilec-conformance-")
    try:
        runner = Runner(args, workdir)
        refs = fixture_references(args.data, files)
        plans = {rel: plan_file(runner, args.data, rel, refs) for rel in files}
        ordered = [(rel, job) for rel in files for job in plans[rel][0]]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(lambda item: item[1](), ordered))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    table = {}
    for rel in files:
        table[rel] = {"positive": [0, 0], "negative": [0, 0], "check": [0, 0], "bytecode": [0, 0],
                      "skipped": len(plans[rel][1]), "crashes": 0}
    for outcome in outcomes:
        row = table[outcome.path]
        row[outcome.kind][1] += 1
        if outcome.status == "pass":
            row[outcome.kind][0] += 1
        elif outcome.status == "crash":
            row["crashes"] += 1

    def cell(pair):
        return "%d/%d" % tuple(pair) if pair[1] else "-"

    width = max(len(rel) for rel in files) if files else 10
    print("%-*s %9s %9s %7s %9s %7s %7s" % (width, "file", "positive", "negative", "checks", "bytecode", "skipped",
                                              "crashes"))
    totals = {"positive": [0, 0], "negative": [0, 0], "check": [0, 0], "bytecode": [0, 0], "skipped": 0, "crashes": 0}
    for rel in files:
        row = table[rel]
        print("%-*s %9s %9s %7s %9s %7d %7d" % (width, rel, cell(row["positive"]), cell(row["negative"]),
                                                cell(row["check"]), cell(row["bytecode"]), row["skipped"],
                                                row["crashes"]))
        for kind in KINDS:
            totals[kind][0] += row[kind][0]
            totals[kind][1] += row[kind][1]
        totals["skipped"] += row["skipped"]
        totals["crashes"] += row["crashes"]
    print("%-*s %9s %9s %7s %9s %7d %7d" % (width, "TOTAL", cell(totals["positive"]), cell(totals["negative"]),
                                            cell(totals["check"]), cell(totals["bytecode"]), totals["skipped"],
                                            totals["crashes"]))

    reasons = {}
    for rel in files:
        for _, reason in plans[rel][1]:
            reasons[reason] = reasons.get(reason, 0) + 1
    for reason in sorted(reasons):
        print("skipped %3d: %s" % (reasons[reason], reason))

    failures = [o for o in outcomes if o.status in ("fail", "crash")]
    if failures:
        print("\nfailures:")
        for o in failures:
            print("  %s:%d: %s %s: %s" % (o.path, o.line, o.kind, "CRASH" if o.status == "crash" else "fail",
                                          o.reason))
    if args.verbose:
        for o in outcomes:
            if o.status == "pass":
                print("  %s:%d: %s pass" % (o.path, o.line, o.kind))

    def percent(pair):
        return 100.0 * pair[0] / pair[1] if pair[1] else 100.0

    positive_met = all(totals[kind][0] == totals[kind][1] for kind in ("positive", "check", "bytecode"))
    negative_met = percent(totals["negative"]) >= 98.0
    print("\nissue thresholds: positive chunks, printer checks and bytecode checks 100%%: %s (%.1f%%, %.1f%%, %.1f%%); "
          "negative chunks >= 98%%: %s (%.1f%%)" % ("met" if positive_met else "NOT met", percent(totals["positive"]),
                                                     percent(totals["check"]), percent(totals["bytecode"]),
                                                     "met" if negative_met else "NOT met", percent(totals["negative"])))

    status = 0
    if totals["crashes"]:
        print("FAIL: %d crash(es) or hang(s)" % totals["crashes"])
        status = 1
    current = {rel: {kind: table[rel][kind][0] for kind in KINDS} for rel in files
               if any(table[rel][kind][1] for kind in KINDS)}
    if args.baseline:
        baseline = {}
        if os.path.exists(args.baseline):
            with open(args.baseline) as handle:
                baseline = json.load(handle).get("minimum_passing", {})
        regressions = []
        for rel, minimum in sorted(baseline.items()):
            for kind, count in sorted(minimum.items()):
                got = current.get(rel, {}).get(kind, 0)
                if got < count:
                    regressions.append("%s: %s %d < baseline %d" % (rel, kind, got, count))
        if args.update_baseline:
            merged = {}
            for rel in sorted(set(baseline) | set(current)):
                merged[rel] = {}
                for kind in KINDS:
                    value = current.get(rel, {}).get(kind, 0)
                    if not args.allow_lower:
                        value = max(value, baseline.get(rel, {}).get(kind, 0))
                    merged[rel][kind] = value
            with open(args.baseline, "w") as handle:
                json.dump({"comment": "per-file minimum passing counts for test/conformance/run_conformance.py; "
                                      "raise with --update-baseline, never lower by hand",
                           "minimum_passing": merged}, handle, indent=1, sort_keys=True)
                handle.write("\n")
            print("baseline updated: %s" % args.baseline)
        elif regressions:
            print("FAIL: below the baseline (%s):" % args.baseline)
            for line in regressions:
                print("  " + line)
            status = 1
    print("conformance: %s" % ("PASS" if status == 0 else "FAIL"))
    return status


if __name__ == "__main__":
    sys.exit(main())

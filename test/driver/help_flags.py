#!/usr/bin/env python3
"""help_flags.py: run every flag that `tilec --help` lists, and check the docs describe each one.

Usage: help_flags.py --tilec PATH --input KERNEL.mlir --docs FILE [FILE ...] [--ptxas-available]

For each option line of `tilec --help` (an indented `-flag` or `--flag[=<placeholder>]`), the values
to try come from the help text itself:
  <a|b|c>          each of a, b, c              <0..3>, 0..4    each number in the range
  <kind>, <v>      the `a|b|c` list or the `13.1, 13.2` numbers in the flag's description
  N                1                            <path>, <file|->  a file in a temporary folder
Each value is run as `tilec FLAG[=VALUE] KERNEL -o OUT` and must exit 0 without a crash; a flag
the driver does not know (exit 2 with "unknown option") fails. --help/--version run alone.
Every flag must also appear in one of the docs files (docs/driver.md, docs/llvm-tier.md): the
help and the documentation cannot drift apart. Prints one line per run and a summary line
"help flags: N passed, M failed"; exits 1 on any failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

OPTION = re.compile(r"^\s{2,}(-{1,2}[A-Za-z][A-Za-z0-9-]*)(=<([^>]*)>|=([0-9]+\.\.[0-9]+|N))?"
                    r"(?:,\s*(-[A-Za-z0-9<>.]+))?\s*(.*)$")


def parse_help(text):
    """[(flag, placeholder or None, description including continuation lines)]"""
    flags = []
    for line in text.splitlines():
        m = OPTION.match(line)
        if m:
            placeholder = m.group(3) if m.group(3) is not None else m.group(4)
            flags.append([m.group(1), placeholder, m.group(6)])
            alias = re.fullmatch(r"(-[A-Za-z])<([0-9]+\.\.[0-9]+)>", m.group(5) or "")
            if alias:  # "-O<0..3>": the short form is run as -O0 ... -O3
                flags.append([alias.group(1), "short:" + alias.group(2), m.group(6)])
        elif flags and line.startswith(" " * 10) and line.strip():
            flags[-1][2] += " " + line.strip()  # a continuation of the previous description
        elif not line.strip() or not line.startswith(" "):
            pass
    return flags


def values_for(flag, placeholder, description, tmp):
    if placeholder is None:
        return [None]
    if placeholder.startswith("short:"):
        lo, hi = placeholder[6:].split("..")
        return ["%s%d" % (flag, v) for v in range(int(lo), int(hi) + 1)]
    if "|" in placeholder and placeholder not in ("file|-",):
        return placeholder.split("|")
    m = re.fullmatch(r"([0-9]+)\.\.([0-9]+)", placeholder)
    if m:
        return number_range(int(m.group(1)), int(m.group(2)))
    if placeholder == "N":
        return ["1"]
    if placeholder in ("path", "file", "file|-"):
        return [os.path.join(tmp, flag.strip("-") + ".out")]
    # <kind>, <v>: the choices are spelled in the description.
    m = re.search(r"([a-z0-9_][a-z0-9_-]*(?:\|[a-z0-9_][a-z0-9_-]*)+)", description)
    if m:
        return m.group(1).split("|")
    nums = re.findall(r"\b[0-9]+\.[0-9]+\b", description)
    if nums:
        return nums
    m = re.search(r"\b([0-9]+)\.\.([0-9]+)\b", description)
    if m:
        return number_range(int(m.group(1)), int(m.group(2)))
    return None


def number_range(lo, hi):
    """Every value of a short range; the ends and the middle of a long one (0..50)."""
    if hi - lo <= 5:
        return [str(v) for v in range(lo, hi + 1)]
    return [str(lo), str((lo + hi) // 2), str(hi)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--docs", nargs="+", required=True)
    ap.add_argument("--ptxas-available", action="store_true")
    args = ap.parse_args()

    help_text = subprocess.run([args.tilec, "--help"], capture_output=True, text=True, check=True).stdout
    docs = "".join(open(d, encoding="utf-8").read() for d in args.docs)
    flags = parse_help(help_text)
    passed = failed = 0

    def report(ok, what):
        nonlocal passed, failed
        print(("PASS: " if ok else "FAIL: ") + what)
        if ok:
            passed += 1
        else:
            failed += 1

    if len(flags) < 10:
        report(False, "found only %d options in tilec --help" % len(flags))
    with tempfile.TemporaryDirectory() as tmp:
        for flag, placeholder, description in flags:
            report(flag in docs, "%s is documented" % flag)
            if flag in ("--help", "--version"):
                r = subprocess.run([args.tilec, flag], capture_output=True, text=True)
                report(r.returncode == 0 and r.stdout, "%s exits 0 and prints" % flag)
                continue
            if flag == "-o":
                continue  # every run below uses it
            vals = values_for(flag, placeholder, description, tmp)
            if vals is None:
                report(False, "%s: no value to try for <%s>" % (flag, placeholder))
                continue
            for val in vals:
                if val is None:
                    arg = flag
                elif placeholder.startswith("short:"):
                    arg = val
                else:
                    arg = "%s=%s" % (flag, val)
                if arg == "--emit=cubin" and not args.ptxas_available:
                    print("SKIPPED: %s (no ptxas)" % arg)
                    continue
                out = os.path.join(tmp, "out")
                cmd = [args.tilec, arg, args.input, "-o", out]
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
                ok = r.returncode == 0 and "unknown option" not in r.stderr
                report(ok, "%s (exit %d)%s" % (arg, r.returncode,
                                               "" if ok else ": " + r.stderr.strip()[:300]))
    print("help flags: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""wgmma_fence_check.py FILE.ptx: fail when a register that a wgmma.mma_async reads is written
between that wgmma and the wgmma.fence before it.

PTX ISA (wgmma.fence): the fence must order every write of a register the wgmma reads — the
accumulator D (read unless scale-d is 0, which this check does not try to prove) and the A
fragment registers when A is in registers — before the wgmma.mma_async. Writes by the wgmma
instructions of the same chain are the one exception (several wgmmas may accumulate into the same
registers after one fence). ptxas 13 accepts such PTX without a word, hence this check.

The scan is textual, statement by statement in file order, within each function: for every
wgmma.mma_async it looks back to the nearest wgmma.fence (a wgmma with no fence before it in its
function is an error too) and collects the registers written by the statements in between (the
destination operand(s): first operand of anything that is not a store / barrier / branch / fence;
`{..}` vector destinations and `p|q` pairs count in full). Inline-asm scoping braces and `.reg`
declarations are not statements. Errors are printed as `FILE:LINE: error: ...` (the wgmma's line;
one per offending wgmma, naming the first such write) and the exit status is 1; 0 when every wgmma is clean (a summary line is printed).
"""
import re
import sys

REG = re.compile(r"%?[A-Za-z_$][\w$]*")
# opcodes (first dotted component, or the full prefix) whose first operand is not written
# (memory destinations `[..]` are recognised by their bracket)
NO_DEST = {"st", "red", "bar", "barrier", "bra", "brx", "ret", "exit", "membar", "fence", "prefetch", "prefetchu",
           "trap", "brkpt", "call", "cp", "wgmma", "setmaxnreg", "griddepcontrol", "stmatrix", "tensormap",
           "nanosleep", "pmevent", "discard", "applypriority"}


def statements(text):
    """(line, statement) in file order; comments stripped, labels and braces dropped."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    out, cur, start, line = [], [], None, 1
    for raw in text.split("\n"):
        code = raw.split("//", 1)[0]
        for part in re.split(r"(;)", code):
            if part == ";":
                s = " ".join(cur).strip()
                if s:
                    out.append((start, s))
                cur, start = [], None
                continue
            stripped = part.strip()
            if not cur:
                # labels (`$L__BB0_3:`) and inline-asm / function scoping braces start no statement
                stripped = re.sub(r"^[\w$]+:\s*", "", stripped)
                while stripped[:1] in ("{", "}"):
                    stripped = stripped[1:].strip()
            if stripped:
                if start is None:
                    start = line
                cur.append(stripped)
        line += 1
    return out


def split_operands(ops):
    """Top-level comma split of an operand list (commas inside {} or [] do not split)."""
    res, depth, cur = [], 0, ""
    for ch in ops:
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        if ch == "," and depth == 0:
            res.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        res.append(cur.strip())
    return res


def parse(stmt):
    """(opcode, operands) of a statement, guard predicate dropped; None for directives."""
    s = re.sub(r"^@!?%?[\w$]+\s+", "", stmt)
    if s.startswith("."):
        return None
    m = re.match(r"([A-Za-z_][\w.:]*)\s*(.*)$", s, re.S)
    if not m:
        return None
    return m.group(1), split_operands(m.group(2))


def regs_in(operand):
    return {r for r in REG.findall(operand) if not r.isdigit()}


def written(opcode, operands):
    if not operands:
        return set()
    if opcode.split(".")[0] in NO_DEST or operands[0].startswith("["):
        return set()
    return regs_in(operands[0])


def read_by_wgmma(operands):
    """D registers and, when A is in registers, the A registers."""
    regs = set()
    if operands:
        regs |= regs_in(operands[0].strip("{}"))
    if len(operands) > 1 and operands[1].startswith("{"):
        regs |= regs_in(operands[1].strip("{}"))
    return regs


def check(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    errors, nwgmma = [], 0
    fence_line, writes = None, []  # writes since the last fence: (line, reg, opcode)
    for line, stmt in statements(text):
        if re.match(r"^(\.(visible|weak|extern)\s+)*\.(entry|func)\b", stmt):
            fence_line, writes = None, []
        p = parse(stmt)
        if p is None:
            continue
        opcode, operands = p
        if opcode.startswith("wgmma.fence"):
            fence_line, writes = line, []
            continue
        if opcode.startswith("wgmma.mma_async"):
            nwgmma += 1
            if fence_line is None:
                errors.append(f"{path}:{line}: error: wgmma.mma_async without a wgmma.fence before it in its function")
                continue
            reads = read_by_wgmma(operands)
            bad = [(wl, reg, op) for wl, reg, op in writes if reg in reads]
            if bad:
                wl, reg, op = bad[0]
                more = f" (and {len(bad) - 1} more write(s))" if len(bad) > 1 else ""
                errors.append(f"{path}:{line}: error: {reg}, read by this wgmma.mma_async, is written by `{op}` at "
                              f"line {wl}, after the wgmma.fence at line {fence_line}{more}")
            continue
        if fence_line is not None:
            for r in written(opcode, operands):
                writes.append((line, r, opcode))
    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"{path}: OK: {nwgmma} wgmma.mma_async, no register they read is written after their wgmma.fence")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: wgmma_fence_check.py FILE.ptx")
    sys.exit(check(sys.argv[1]))

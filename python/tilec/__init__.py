"""tilec: an open compiler for CUDA Tile IR, from Python.

The package carries the tilec binaries (built from the repository's CMake tree by scikit-build-core)
and runs them: ``compile`` turns CUDA Tile IR text (str) or bytecode (bytes) into PTX, a cubin, or
any intermediate form; errors raise ``CompileError`` with the first error's file, line and column;
``remarks`` returns what the compiler says about the paths it took. ``binary(name)`` locates a
bundled tool (tilec, tilec-run, tilec-trace, or the ``tileiras`` entry point for cuTile Python).

Where the binaries come from, in order: $TILEC_BIN_DIR (a folder holding them, e.g. a build's
tools/ folder), the package's own bin/ folder, then PATH.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import List, Optional, Union

__all__ = ["compile", "remarks", "binary", "CompileError", "Diagnostic", "EMIT_KINDS", "GPUS", "ABIS"]
__version__ = "0.1.0"

EMIT_KINDS = ("mlir", "bytecode", "tileaa", "tileas", "llvm", "ptx", "cubin")
ABIS = ("host-tensormaps", "self-contained")
GPUS = ("sm_90a", "sm_100a")
_BYTECODE_MAGIC = b"\x7fTileIR\x00"
_DIAG = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note|remark): (?P<msg>.*)$")


@dataclass
class Diagnostic:
    """One diagnostic of tilec: where (file, line, col; line 0 = a byte offset in bytecode) and what."""

    severity: str
    file: str
    line: int
    col: int
    message: str


class CompileError(Exception):
    """tilec rejected the input. ``file``/``line``/``col``/``message`` are the first error's;
    ``diagnostics`` holds every diagnostic, ``stderr`` the raw text."""

    def __init__(self, diagnostics: List[Diagnostic], stderr: str, returncode: int):
        self.diagnostics = diagnostics
        self.stderr = stderr
        self.returncode = returncode
        first = next((d for d in diagnostics if d.severity == "error"), None)
        self.file = first.file if first else None
        self.line = first.line if first else None
        self.col = first.col if first else None
        self.message = first.message if first else stderr.strip()
        where = "%s:%s:%s: " % (self.file, self.line, self.col) if first else ""
        super().__init__(where + self.message)


def _bin_dirs() -> List[str]:
    dirs = []
    env = os.environ.get("TILEC_BIN_DIR")
    if env:
        dirs += [env, os.path.join(env, "tilec-run"), os.path.join(env, "tilec-trace")]
    dirs.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin"))
    return dirs


def binary(name: str = "tilec") -> str:
    """Path of a bundled tool: tilec, tilec-run, tilec-trace or tileiras. FileNotFoundError if absent."""
    if name not in ("tilec", "tilec-run", "tilec-trace", "tileiras"):
        raise ValueError("unknown tilec tool %r" % name)
    for d in _bin_dirs():
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError("%s not found (looked in %s and PATH)" % (name, ", ".join(_bin_dirs())))


def _parse_diagnostics(stderr: str) -> List[Diagnostic]:
    out = []
    for line in stderr.splitlines():
        m = _DIAG.match(line)
        if m:
            out.append(Diagnostic(m["sev"], m["file"], int(m["line"]), int(m["col"]), m["msg"]))
    return out


@dataclass
class _Result:
    output: bytes
    diagnostics: List[Diagnostic] = field(default_factory=list)


def _run(src: Union[str, bytes], gpu: str, opt: int, emit: str, filename: Optional[str],
         extra: List[str]) -> _Result:
    if gpu not in GPUS:
        raise ValueError("gpu must be one of %s, not %r" % (", ".join(GPUS), gpu))
    if emit not in EMIT_KINDS:
        raise ValueError("emit must be one of %s, not %r" % (", ".join(EMIT_KINDS), emit))
    if opt not in (0, 1, 2, 3):
        raise ValueError("opt must be 0..3, not %r" % (opt,))
    if isinstance(src, str):
        data, suffix = src.encode("utf-8"), ".mlir"
    elif isinstance(src, (bytes, bytearray)):
        data = bytes(src)
        suffix = ".tileirbc" if data.startswith(_BYTECODE_MAGIC) else ".mlir"
    else:
        raise TypeError("src must be str (text) or bytes (bytecode or text)")
    with tempfile.TemporaryDirectory(prefix="tilec-") as tmp:
        name = filename or ("input" + suffix)
        path = os.path.join(tmp, os.path.basename(name))
        with open(path, "wb") as f:
            f.write(data)
        out = os.path.join(tmp, "output")
        cmd = [binary("tilec"), "--opt-level=%d" % opt, "--gpu-name=" + gpu, "--emit=" + emit, path, "-o", out] + extra
        proc = subprocess.run(cmd, capture_output=True, cwd=tmp)
        stderr = proc.stderr.decode("utf-8", "replace")
        stderr = stderr.replace(path, filename or "<input>")  # the input as the caller names it
        diags = _parse_diagnostics(stderr)
        if proc.returncode != 0:
            raise CompileError(diags, stderr, proc.returncode)
        with open(out, "rb") as f:
            return _Result(f.read(), diags)


def compile(src: Union[str, bytes], gpu: str = "sm_90a", opt: int = 3, emit: str = "ptx",
            filename: Optional[str] = None, abi: str = "host-tensormaps", lineinfo: bool = False) -> bytes:
    """Compile CUDA Tile IR text (str) or bytecode (bytes) and return the output's bytes (PTX text,
    a cubin, bytecode, or the printed IR of a stage). Raises CompileError on bad input.
    abi: "host-tensormaps" (TMA kernels take CUtensorMap parameters the launcher encodes from the
    PTX's tilec.tensormap lines) or "self-contained" (only the entry's arguments; the kernel builds
    its tensor maps itself, as tileiras's cubins need). lineinfo: .file / .loc line information."""
    if abi not in ABIS:
        raise ValueError("abi must be one of %s, not %r" % (", ".join(ABIS), abi))
    extra = ["--abi=" + abi] + (["--lineinfo"] if lineinfo else [])
    return _run(src, gpu, opt, emit, filename, extra).output


def remarks(src: Union[str, bytes], gpu: str = "sm_90a", opt: int = 3,
            filename: Optional[str] = None) -> List[Diagnostic]:
    """The compiler's remarks for src (which code path each loop and mmaf takes, and why; shared
    memory per kernel), as Diagnostic records with severity 'remark'."""
    return [d for d in _run(src, gpu, opt, "ptx", filename, ["--remarks"]).diagnostics if d.severity == "remark"]

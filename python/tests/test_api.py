"""The tilec Python API against the repository's examples (tilec's own binaries, bundled or from
$TILEC_BIN_DIR)."""
import os
import shutil
import subprocess

import pytest

import tilec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")


def example(name):
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return f.read()


def test_text_to_ptx():
    ptx = tilec.compile(example("vector_add.mlir")).decode()
    assert ".entry vector_add_view(" in ptx
    assert ".target sm_90a" in ptx


def test_bytecode_round_trip_gives_the_same_ptx():
    src = example("gemm.mlir")
    bc = tilec.compile(src, emit="bytecode")
    assert bc.startswith(b"\x7fTileIR\x00")
    assert tilec.compile(bc) == tilec.compile(src)


def test_targets_and_stages():
    assert b".target sm_100a" in tilec.compile(example("softmax.mlir"), gpu="sm_100a")
    assert b"tileas.pipe" in tilec.compile(example("gemm.mlir"), emit="tileas")
    assert b"cuda_tile.module" in tilec.compile(example("gemm.mlir"), opt=0, emit="mlir")


def test_error_carries_the_location():
    bad = "cuda_tile.module @m {\n  entry @k() {\n    %c = constant <i32: 1> : tile<i32>\n" \
          "    %d = addf %c, %c : tile<i32>\n    return\n  }\n}\n"
    with pytest.raises(tilec.CompileError) as info:
        tilec.compile(bad, filename="bad.mlir")
    e = info.value
    assert (e.file, e.line, e.col) == ("bad.mlir", 4, 5)
    assert "addf" in e.message and e.returncode == 1
    assert str(e).startswith("bad.mlir:4:5: ")


def test_bad_arguments():
    with pytest.raises(ValueError):
        tilec.compile("", gpu="sm_80")
    with pytest.raises(ValueError):
        tilec.compile("", emit="sass")
    with pytest.raises(TypeError):
        tilec.compile(42)


def test_abi_and_lineinfo():
    src = example("gemm.mlir")
    host = tilec.compile(src).decode()
    own = tilec.compile(src, abi="self-contained").decode()
    assert "// tilec.tensormap" in host and "tilec.tensormap" not in own
    assert "tensormap.replace" in own and "tensormap.cp_fenceproxy" in own
    assert ".loc" not in host
    assert "\t.loc\t" in tilec.compile(src, lineinfo=True).decode()
    with pytest.raises(ValueError):
        tilec.compile(src, abi="other")


def test_remarks_say_which_path():
    rs = tilec.remarks(example("gemm.mlir"))
    assert any(r.message.startswith("wgmma path") for r in rs)
    assert all(r.severity == "remark" for r in rs)


@pytest.mark.skipif(not (shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas")),
                    reason="ptxas not found")
def test_cubin():
    cubin = tilec.compile(example("vector_add.mlir"), emit="cubin")
    assert cubin[:4] == b"\x7fELF"


def test_bundled_tools():
    for tool in ("tilec", "tilec-run", "tileiras"):
        assert os.access(tilec.binary(tool), os.X_OK)
    out = subprocess.run([tilec.binary("tileiras"), "--version"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("tileiras: tilec")

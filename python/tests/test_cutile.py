"""cuTile Python (pip install cuda-tile) compiling through tilec: bytecode it exports goes through
tilec.compile, and its own cubin export goes through the bundled `tileiras` entry point. Skipped
where cuda-tile is not installed or NVIDIA's pip tileiras (which cuTile prefers) is."""
import importlib.util
import os
import subprocess

import pytest

import tilec

ct = pytest.importorskip("cuda.tile")
if importlib.util.find_spec("nvidia") is not None and importlib.util.find_spec("nvidia.cu13") is not None:
    pytest.skip("NVIDIA's pip tileiras is installed; cuTile would use it instead of tilec", allow_module_level=True)
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature, export_kernel  # noqa: E402


@ct.kernel
def vadd(a, b, c, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


def signature():
    arr = ArrayConstraint(ct.float32, 1, index_dtype=ct.int32, stride_lower_bound_incl=0, alias_groups=[],
                          may_alias_internally=False, base_addr_divisible_by=16, shape_divisible_by=1024)
    return KernelSignature([arr, arr, arr, 1024], CallingConvention.cutile_python_v1())


@pytest.fixture
def tileiras_on_path(monkeypatch):
    monkeypatch.setenv("PATH", os.path.dirname(tilec.binary("tileiras")) + os.pathsep + os.environ.get("PATH", ""))


@pytest.mark.parametrize("version", ["13.1", "13.3"])
def test_exported_bytecode_compiles(tmp_path, version):
    path = tmp_path / "vadd.tileirbc"
    export_kernel(vadd, [signature()], str(path), gpu_code=None if version >= "13.3" else "sm_90",
                  output_format="tileir_bytecode", bytecode_version=version)
    ptx = tilec.compile(path.read_bytes()).decode()
    assert ".entry vadd" in ptx


def test_cutile_exports_a_cubin_through_tilec(tmp_path, tileiras_on_path):
    path = tmp_path / "vadd.cubin"
    export_kernel(vadd, [signature()], str(path), gpu_code="sm_90", output_format="cubin")
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF"
    listing = subprocess.run([tilec.binary("tilec-run"), str(path), "--list"], capture_output=True, text=True,
                             check=True).stdout
    # the self-contained ABI: the entry's own parameters (cuTile flattens each array to
    # pointer, shape, stride), nothing appended, no dynamic shared memory
    assert "params=9 sizes=8,4,4,8,4,4,8,4,4" in listing
    assert "dynamic_smem=0" in listing

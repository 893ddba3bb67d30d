#!/usr/bin/env bash
# test_python.sh: the Python package as a user gets it — a fresh venv, `pip install ./python`
# (scikit-build-core builds tilec from this CMake tree into the wheel), then pytest on python/tests
# (the API on the examples; cuTile Python exporting through the bundled `tileiras` when cuda-tile
# installs). Needs PyPI for scikit-build-core, pytest and cuda-tile: without it, says SKIPPED.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
venv=${TILEC_PY_VENV:-$here/build-python/venv}
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
if ! "$venv/bin/pip" install -q --disable-pip-version-check scikit-build-core pytest cuda-tile; then
  echo "SKIPPED: Python package tests (could not install scikit-build-core/pytest/cuda-tile from PyPI)"
  exit 0
fi
"$venv/bin/pip" install -q --disable-pip-version-check "$here/python"
cd "$here"
exec "$venv/bin/python" -m pytest -q python/tests

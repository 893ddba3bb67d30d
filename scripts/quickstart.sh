#!/usr/bin/env bash
# quickstart.sh: set up and build tilec, then compile examples/gemm.mlir to PTX.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh"
out="$here/build/gemm.ptx"
"$here/build/tools/tilec" --opt-level=3 --gpu-name=sm_90a "$here/examples/gemm.mlir" -o "$out"
echo "tilec: wrote PTX for examples/gemm.mlir to $out"

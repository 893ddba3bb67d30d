#!/usr/bin/env bash
# setup.sh: install what tilec needs on a Debian machine (only what is missing), then configure and
# build into $BUILD_DIR (default: build). Extra arguments are passed to cmake's configure step.
# TILEC_WERROR=ON (as .ci/run sets it) makes compiler warnings errors; the default is OFF.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$here/build}
pkgs=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libzstd-dev cmake make gcc g++ python3 python3-venv)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x /usr/local/cuda/bin/ptxas ] && ! command -v ptxas >/dev/null 2>&1; then
  echo "setup: note: ptxas (CUDA toolkit) not found; PTX assembly checks will be SKIPPED"
fi
cmake -S "$here" -B "$BUILD_DIR" -G "Unix Makefiles" -DTILEC_WERROR="${TILEC_WERROR:-OFF}" "$@" >/dev/null
make -C "$BUILD_DIR" -j"$(nproc)" --no-print-directory

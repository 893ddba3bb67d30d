#!/usr/bin/env bash
# build_types.sh: configure and build tilec (every target, unit tests included) once per CMake build
# type, each in build-types/<type>, to catch warnings that only an optimisation level shows (GCC's
# -Wmaybe-uninitialized at -O3, for example). CI runs it with TILEC_WERROR=ON.
# Usage: scripts/build_types.sh [type ...]   (default: Debug Release RelWithDebInfo MinSizeRel)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
types=("$@")
[ ${#types[@]} -gt 0 ] || types=(Debug Release RelWithDebInfo MinSizeRel)
for t in "${types[@]}"; do
  echo "== build type $t (TILEC_WERROR=${TILEC_WERROR:-OFF}) =="
  BUILD_DIR="$here/build-types/$t" "$here/scripts/setup.sh" -DCMAKE_BUILD_TYPE="$t"
done
echo "build types: ${types[*]}: all built"

#!/usr/bin/env bash
# check-ptx.sh <arch> <file.ptx>: assemble PTX with ptxas -arch=<arch> -v and fail on any error, on
# any spill store/load, or when ptxas serialises wgmma (its "Potential Performance Loss:
# wgmma.mma_async instructions are serialized" warnings, e.g. C7515: an accumulator defined while a
# wgmma group is in flight). Prints "SKIPPED: ..." and succeeds where ptxas is absent.
set -euo pipefail
arch=$1 ptx=$2
ptxas=${TILEC_PTXAS:-$(command -v ptxas || true)}
[ -n "$ptxas" ] || { [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas; }
if [ -z "$ptxas" ]; then
  echo "SKIPPED: ptxas not found -- $ptx was not assembled for $arch"
  exit 0
fi
log=$("$ptxas" -arch="$arch" -v "$ptx" -o /dev/null 2>&1) || { echo "$log"; echo "FAIL: ptxas rejected $ptx for $arch"; exit 1; }
if echo "$log" | grep -E "[1-9][0-9]* bytes spill (stores|loads)" >/dev/null; then
  echo "$log"; echo "FAIL: $ptx spills registers on $arch"; exit 1
fi
if echo "$log" | grep -E "wgmma.mma_async instructions are serialized" >/dev/null; then
  echo "$log"; echo "FAIL: ptxas serialises the wgmma of $ptx on $arch"; exit 1
fi
echo "$log" | grep -E "Used [0-9]+ registers" | sed "s|^|$arch: |"
echo "OK: $ptx assembles for $arch with 0 spills"

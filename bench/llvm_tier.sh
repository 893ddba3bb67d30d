#!/usr/bin/env bash
# llvm_tier.sh [tilec] [gpu] [files...]: per-kernel effect of the LLVM-tier passes (Sinking2,
# hot/cold layout, base-address SR; docs/llvm-tier.md). Each input (default: examples/*.mlir) is
# compiled to PTX with the passes on (defaults) and off (--disable-llvm-tier); ptxas -v gives
# registers and spill bytes, the PTX instruction count is the number of instruction lines.
# Exit status 1 when some kernel needs more registers with the passes on than off.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tilec=${1:-$here/build/tools/tilec}
gpu=${2:-sm_90a}
shift $(( $# >= 2 ? 2 : $# ))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/examples/*.mlir)
ptxas=${TILEC_PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
[ -x "$ptxas" ] || { echo "llvm_tier.sh: ptxas not found (set TILEC_PTXAS)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ptx_stats <ptx>: "<registers> <spill bytes> <instructions>" (registers/spills summed over entries)
ptx_stats() {
  local log
  log=$("$ptxas" -arch="$gpu" -v "$1" -o /dev/null 2>&1) || { echo "ptxas failed on $1" >&2; echo "$log" >&2; return 1; }
  local regs spills insts
  regs=$(echo "$log" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | awk '{s+=$1} END {print s+0}')
  spills=$(echo "$log" | sed -n 's/.*\([0-9][0-9]*\) bytes spill stores, \([0-9][0-9]*\) bytes spill loads.*/\1 \2/p' |
           awk '{s+=$1+$2} END {print s+0}')
  insts=$(grep -vE '^\s*(//|\.|\{|\}|$|[$A-Za-z_0-9]+:)' "$1" | grep -cE ';\s*$' || true)
  echo "$regs $spills $insts"
}

status=0
printf "%-24s %8s %8s %8s %8s %9s %9s\n" kernel regs_on regs_off spill_on spill_off insts_on insts_off
for f in "${files[@]}"; do
  name=$(basename "$f"); name=${name%.*}
  emit=(--opt-level=3 --gpu-name="$gpu" --emit=ptx)
  if ! "$tilec" "${emit[@]}" "$f" -o "$tmp/on.ptx" 2>"$tmp/err" ||
     ! "$tilec" "${emit[@]}" --disable-llvm-tier "$f" -o "$tmp/off.ptx" 2>>"$tmp/err"; then
    printf "%-24s %s\n" "$name" "compile failed: $(head -1 "$tmp/err")"
    status=1
    continue
  fi
  read -r ron son ion < <(ptx_stats "$tmp/on.ptx")
  read -r roff soff ioff < <(ptx_stats "$tmp/off.ptx")
  printf "%-24s %8s %8s %8s %8s %9s %9s\n" "$name" "$ron" "$roff" "$son" "$soff" "$ion" "$ioff"
  if [ "$ron" -gt "$roff" ]; then echo "  REGRESSION: $name uses more registers with the LLVM tier on" >&2; status=1; fi
done
exit $status

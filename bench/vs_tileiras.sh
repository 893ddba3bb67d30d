#!/usr/bin/env bash
# vs_tileiras.sh - tilec beside NVIDIA's tileiras on the same kernels, without a GPU: registers,
# spill/stack bytes, shared memory, threads per CTA and the SASS instructions that tell which path a
# kernel took (HGMMA = wgmma, HMMA = mma.sync, UTMALDG/UTMASTG = TMA, USETMAXREG = register
# reallocation of warp specialisation, LDL/STL = local-memory traffic).
# Algorithm: per kernel, tilec -O3 -> PTX -> ptxas -v -> cubin -> cuobjdump -sass; and
# tilec --emit=bytecode -> tileiras -> cubin -> cuobjdump -res-usage / -elf (REQNTID) / -sass.
# Needs tileiras, cuobjdump and nvdisasm (cuobjdump -sass runs it): pip install nvidia-cuda-tileiras
# nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm, CUDA_HOME set
# to the pip nvidia/cu13 folder (or --cuda-home). Prints "SKIPPED: ..." and exits 0 without them.
# Usage: vs_tileiras.sh [--tilec PATH] [--cuda-home DIR] [--gpu-name sm_90a|sm_100a] [kernel.mlir ...]
#        (default kernels: examples/*.mlir and the tensor-core corpus test/corpus/*.mlir)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tilec=$here/build/tools/tilec
tilec_run=$here/build/tools/tilec-run/tilec-run   # reads the cubin's required block size
cuda_home=${CUDA_HOME:-}
gpu_name=sm_90a
files=()
while [ $# -gt 0 ]; do
  case $1 in
    --tilec) tilec=$2; shift ;;
    --cuda-home) cuda_home=$2; shift ;;
    --gpu-name) gpu_name=$2; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) files+=("$1") ;;
  esac
  shift
done
[ ${#files[@]} -gt 0 ] || files=("$here"/examples/*.mlir "$here"/test/corpus/*.mlir)
tileiras=$cuda_home/bin/tileiras cuobjdump=$cuda_home/bin/cuobjdump ptxas=$cuda_home/bin/ptxas
if [ -z "$cuda_home" ] || [ ! -x "$tileiras" ] || [ ! -x "$cuobjdump" ] || [ ! -x "$cuda_home/bin/nvdisasm" ]; then
  echo "SKIPPED: tileiras/cuobjdump/nvdisasm not found (set CUDA_HOME or --cuda-home to the pip nvidia/cu13 folder)"
  exit 0
fi
export PATH="$cuda_home/bin:$PATH"   # cuobjdump -sass runs nvdisasm from PATH
export CUDA_HOME="$cuda_home"         # tileiras finds libNVVM through it (--cuda-home alone is not enough)
[ -x "$ptxas" ] || ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
case $gpu_name in sm_90a) ti_arch=sm_90 ;; sm_100a) ti_arch=sm_100 ;; *) echo "bad --gpu-name" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# sass_counts CUBIN -> "GMMA (HGMMA/QGMMA/IGMMA, tcgen05 UTC*MMA) HMMA UTMALDG UTMASTG USETMAXREG LDL+STL"
sass_counts() {
  "$cuobjdump" -sass "$1" 2>/dev/null | awk '
    /HGMMA|QGMMA|IGMMA|IMMA\.|UTCHMMA|UTCQMMA|UTCIMMA/ { if ($0 ~ /GMMA|UTC/) g++ }
    / HMMA\./ { h++ } /UTMALDG/ { l++ } /UTMASTG/ { s++ } /USETMAXREG/ { r++ } / (LDL|STL)/ { ls++ }
    END { printf "%d %d %d %d %d %d", g, h, l, s, r, ls }'
}

printf "| kernel | compiler | threads | registers | spill/stack B | smem B | GMMA | HMMA | UTMALDG | UTMASTG | USETMAXREG | LDL+STL |\n"
printf "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
for f in "${files[@]}"; do
  k=$(basename "$f" .mlir)
  # tilec
  if "$tilec" -O3 --gpu-name="$gpu_name" "$f" -o "$work/$k.ptx" 2> "$work/$k.err"; then
    log=$("$ptxas" -arch="$gpu_name" -v "$work/$k.ptx" -o "$work/$k.cubin" 2>&1)
    regs=$(echo "$log" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
    spill=$(echo "$log" | awk '/spill stores/ { s += $5 + $9 } /bytes stack frame/ { f += $5 } END { printf "%d/%d", s, f }')
    smem=$(echo "$log" | sed -n 's/.* \([0-9]*\) bytes smem.*/\1/p' | head -1)
    dyn=$(sed -n "s/^\/\/ tilec.dynamic_smem_bytes [^ ]* \([0-9]*\)/\1/p" "$work/$k.ptx" | head -1)
    [ -z "$dyn" ] || smem="${smem:-0}+${dyn}dyn"
    threads=$(sed -n 's/^\.reqntid \([0-9]*\).*/\1/p' "$work/$k.ptx" | head -1)
    read -r g h l s r ls <<< "$(sass_counts "$work/$k.cubin")"
    printf "| %s | tilec | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" "$k" "${threads:--}" "${regs:--}" \
      "$spill" "${smem:-0}" "$g" "$h" "$l" "$s" "$r" "$ls"
  else
    printf "| %s | tilec | error: %s |||||||||\n" "$k" "$(head -c 120 "$work/$k.err" | tr '\n|' '  ')"
  fi
  # tileiras on tilec's bytecode of the same kernel
  if "$tilec" --emit=bytecode "$f" -o "$work/$k.tileirbc" 2> "$work/$k.err" &&
     "$tileiras" --gpu-name="$ti_arch" "$work/$k.tileirbc" -o "$work/$k.ti.cubin" > "$work/$k.ti.err" 2>&1; then
    res=$("$cuobjdump" -res-usage "$work/$k.ti.cubin" 2>/dev/null | grep -m1 "REG:")
    regs=$(echo "$res" | sed -n 's/.*REG:\([0-9]*\).*/\1/p')
    stack=$(echo "$res" | sed -n 's/.*STACK:\([0-9]*\).*/\1/p')
    smem=$(echo "$res" | sed -n 's/.*SHARED:\([0-9]*\).*/\1/p')
    threads=$("$tilec_run" "$work/$k.ti.cubin" --list 2>/dev/null | sed -n 's/.* block=\([0-9]*\),.*/\1/p' | head -1)
    read -r g h l s r ls <<< "$(sass_counts "$work/$k.ti.cubin")"
    printf "| %s | tileiras | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" "$k" "${threads:--}" "${regs:--}" \
      "-/${stack:-0}" "${smem:-0}" "$g" "$h" "$l" "$s" "$r" "$ls"
  else
    printf "| %s | tileiras | error: %s |||||||||\n" "$k" "$(cat "$work/$k.err" "$work/$k.ti.err" 2>/dev/null | head -c 120 | tr '\n|' '  ')"
  fi
done
echo
echo "$(date -u +%Y-%m-%d); tilec $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo ?); tileiras $("$tileiras" --version 2>&1 | sed -n 's/.*, \(V[0-9.]*\)$/\1/p'); $gpu_name"

#!/usr/bin/env bash
# gpu_bench.sh - compile every example with tilec, run it on the GPU with tilec-run (checked
# against tilec-run's C references) and print a table: kernel, shape, time, TFLOP/s or GB/s, and
# for GEMMs the cuBLAS (cublasGemmEx through dlopen) time and the throughput ratio tilec/cuBLAS.
# Algorithm: probe the GPU (tilec-run --device-info; exit 3 = no driver -> print
# "SKIPPED: no CUDA driver" and succeed), pick --gpu-name from its sm_XY, then for each row of
# the table below whose examples/NAME.mlir exists: tilec -O3 -> PTX, tilec-run --json, parse.
# Usage: gpu_bench.sh [--check] [--tilec PATH] [--tilec-run PATH] [--examples DIR] [--work DIR]
#                     [--iters N] [--warmup N] [--gpu-name sm_90a|sm_100a]
# Knobs: --check (the gpu-tests target: few iterations, no cuBLAS, exit 1 if any kernel fails);
#        --iters/--warmup (default 50/5; --check 3/1). Exit: 0 all pass (or skipped), 1 a failure.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tilec=$here/build/tools/tilec
tilec_run=$here/build/tools/tilec-run/tilec-run
examples=$here/examples
work=${TMPDIR:-/tmp}/tilec-gpu-bench
check=0 iters=50 warmup=5 gpu_name=""
while [ $# -gt 0 ]; do
  case $1 in
    --check) check=1; iters=3; warmup=1 ;;
    --tilec) tilec=$2; shift ;;
    --tilec-run) tilec_run=$2; shift ;;
    --examples) examples=$2; shift ;;
    --work) work=$2; shift ;;
    --iters) iters=$2; shift ;;
    --warmup) warmup=$2; shift ;;
    --gpu-name) gpu_name=$2; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "gpu_bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
for tool in "$tilec" "$tilec_run"; do
  [ -x "$tool" ] || { echo "gpu_bench.sh: $tool not found (build first)" >&2; exit 2; }
done

info=$("$tilec_run" --device-info 2>&1); rc=$?
if [ $rc -eq 3 ]; then echo "SKIPPED: no CUDA driver ($info)"; exit 0; fi
if [ $rc -ne 0 ]; then echo "gpu_bench.sh: $info" >&2; exit 1; fi
echo "$info"
if [ -z "$gpu_name" ]; then
  case $info in
    *" sm_90 "*) gpu_name=sm_90a ;;
    *" sm_100 "*|*" sm_103 "*) gpu_name=sm_100a ;;
    *) echo "SKIPPED: tilec targets sm_90a/sm_100a; this GPU is not one ($info)"; exit 0 ;;
  esac
fi
mkdir -p "$work"

# name | entry | grid | args (space-separated --arg specs) | reference | shape | cuBLAS MxNxK:dtype | env
# name: examples/NAME.mlir, or NAME+variant for the same example compiled under `env` (space-separated
# VAR=value, e.g. the TileAS tunables). On sm_90a the GEMMs take the Hopper TMA + wgmma path and
# tilec-run appends their tensor maps from the PTX comments.
N=16777216 ROWS=4096
table="
vector_add|vector_add_view|16384|ptr:f32:${N}:random ptr:f32:${N}:random ptr:f32:${N}:out i64:${N}|c:vadd|n=${N}|
vector_add_ptr|vector_add_masked|16384|ptr:f32:${N}:random ptr:f32:${N}:random ptr:f32:${N}:out i32:${N}|c:vadd|n=${N}|
softmax|softmax_rows|1024|ptr:f32:${ROWS}x1024:random ptr:f32:${ROWS}x1024:out i64:${ROWS}|c:softmax|${ROWS}x1024|
layernorm|layernorm_rows|1024|ptr:f32:${ROWS}x1024:random ptr:f32:1024:random ptr:f32:1024:random ptr:f32:${ROWS}x1024:out i64:${ROWS}|c:layernorm|${ROWS}x1024|
gemm|gemm_f16_f32|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|1024x1024x1024 f16|1024x1024x1024:f16
gemm_bf16|gemm_bf16_f32|8,8|ptr:bf16:1024x1024:random ptr:bf16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|1024x1024x1024 bf16|1024x1024x1024:bf16
gemm_epilogue|gemm_bias_relu|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024:random ptr:f16:1024x1024:out|c:gemm,bias,relu|1024x1024x1024 f16+bias+relu|1024x1024x1024:f16
gemm_dynamic|gemm_dyn_f16_f32|16,8|ptr:f16:2000x1000:random ptr:f16:1000x1000:random ptr:f32:2000x1000:out i64:2000 i64:1000 i64:1000|c:gemm|2000x1000x1000 f16|2000x1000x1000:f16
attention|flash_attention_fwd|16|ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f32:1024x64:out|interpret|1024x1024x64 flash attn||
gemm+tma_store|gemm_f16_f32|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|1024x1024x1024 f16 TMA store|1024x1024x1024:f16|TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
gemm+delay_wait|gemm_f16_f32|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|1024x1024x1024 f16 TMA st+delay|1024x1024x1024:f16|TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 TILEIR_DELAY_TMA_STORE_WAIT=1
gemm_epilogue+tma_store|gemm_bias_relu|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024:random ptr:f16:1024x1024:out|c:gemm,bias,relu|1024^3 f16+bias+relu TMA st|1024x1024x1024:f16|TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
"

# shellcheck source=bench/json_field.sh
. "$(dirname "$0")/json_field.sh"

printf "%-16s %-28s %6s %10s %10s %10s %12s %8s\n" kernel shape status time_ms TFLOP/s GB/s cuBLAS_ms ratio
failures=0 ran=0
while IFS='|' read -r name entry grid args reference shape cublas envs; do
  [ -n "$name" ] || continue
  src=$examples/${name%%+*}.mlir
  [ -f "$src" ] || { echo "note: $src missing, skipped" >&2; continue; }
  ptx=$work/$name.$gpu_name.ptx
  # shellcheck disable=SC2086 # envs is a list of VAR=value words
  if ! env $envs "$tilec" --opt-level=3 --gpu-name="$gpu_name" "$src" -o "$ptx" 2>"$work/$name.compile.log"; then
    printf "%-16s %-28s %6s (tilec failed: see %s)\n" "$name" "$shape" FAIL "$work/$name.compile.log"
    failures=$((failures + 1)); continue
  fi
  arg_list=()
  for a in $args; do arg_list+=(--arg "$a"); done
  # no C reference for attention: the interpreter checks it (and Q K^T + P V = 4 * L^2 * d flops)
  [ "$reference" != interpret ] || arg_list+=(--source "$src" --flops 268435456)
  out=$("$tilec_run" "$ptx" --kernel "$entry" --grid "$grid" "${arg_list[@]}" --reference="$reference" \
        --iters "$iters" --warmup "$warmup" --json 2>"$work/$name.run.log"); rc=$?
  ran=$((ran + 1))
  status=$(json_field status "$out"); [ -n "$status" ] || status=ERR
  [ $rc -eq 0 ] || failures=$((failures + 1))
  time_ms=$(json_field time_ms "$out"); tflops=$(json_field tflops "$out"); gbps=$(json_field gbps "$out")
  [ "$tflops" != null ] || tflops=-; [ "$gbps" != null ] || gbps=-; [ "$time_ms" != null ] || time_ms=-
  cublas_ms="-" ratio="-"
  if [ -n "$cublas" ] && [ $check -eq 0 ] && [ "$status" = PASS ]; then
    cout=$("$tilec_run" --cublas-gemm "${cublas%%:*}" --cublas-dtype "${cublas##*:}" --iters "$iters" \
           --warmup "$warmup" --json 2>>"$work/$name.run.log")
    cublas_ms=$(json_field time_ms "$cout"); cublas_tflops=$(json_field tflops "$cout")
    if [ -n "$tflops" ] && [ "$tflops" != - ] && [ -n "$cublas_tflops" ] && [ "$cublas_tflops" != null ]; then
      ratio=$(awk -v a="$tflops" -v b="$cublas_tflops" 'BEGIN { printf "%.3f", a / b }')
    fi
  fi
  printf "%-16s %-28s %6s %10s %10s %10s %12s %8s\n" "$name" "$shape" "$status" "${time_ms:--}" \
    "${tflops:--}" "${gbps:--}" "${cublas_ms:--}" "$ratio"
  [ $rc -eq 0 ] || sed 's/^/    /' "$work/$name.run.log" | head -5
done <<< "$table"
echo "ran $ran kernels, $failures failed"
[ $failures -eq 0 ]

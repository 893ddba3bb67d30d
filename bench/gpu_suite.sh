#!/usr/bin/env bash
# gpu_suite.sh - every example kernel (and GEMMs at the cuBLAS comparison sizes) checked and timed on
# a GPU, tilec beside NVIDIA's tileiras on the same input and beside cuBLAS, in one table.
#
# Two phases, because tilec needs LLVM/MLIR 22 (the development machine) while the GPU machine has
# CUDA, CMake and a C compiler only:
#   prepare  (where tilec is built): compile every row with tilec -O3 to PTX; when tileiras is found
#            (--tileiras, $TILEIRAS, or $CUDA_HOME/bin), compile tilec's --emit=bytecode output of
#            the same kernel to a cubin; rows checked by the reference interpreter get their expected
#            output computed here (tilec-run --interpret --save) and saved in the bundle. Writes the
#            bundle folder (default bench/gpu-bundle, git-ignored): PTX, cubins, references and
#            suite.txt (one line per run: name|ptx|cubin|grid|args|reference|flops|cublas).
#   run      (on the GPU machine): build the standalone tilec-run from tools/tilec-run (no MLIR),
#            then for each line run tilec's PTX and tileiras's cubin on the same inputs (same seed),
#            check them (C reference, or the saved interpreter output: --reference=file:), time them
#            (median of --iters after --warmup launches), time cuBLAS for GEMM lines, and write
#            table.md: status, ms, TFLOP/s or GB/s, tilec/tileiras and tilec/cuBLAS time ratios.
#   all      prepare, then run, on one machine (tilec and a GPU both there).
# --dry-run: every tilec-run call gets --dry-run (inputs, references, tensor-map fields; no driver),
# so CI checks the whole suite without a GPU (test/bench/gpu_suite_dry_run.test).
# --quick: only the 1024-cubed GEMMs (CI). Check failures make the exit status 1.
# --timeout S: each tilec-run call is killed after S seconds (default 60; a kernel that never ends,
# e.g. an mbarrier wait that is never satisfied, shows as TIMEOUT instead of eating the lease).
# --deadline S: rows not started within S seconds of the run phase's start are marked SKIPPED, so
# the table is written even when a device call's time is short. --only REGEX: run matching rows.
# --ncu: after timing, profile each kernel once with Nsight Compute (speed of light, occupancy,
# launch statistics, warp states; clocks not locked) into <row>[.tileiras].ncu.log, which the
# logs archive carries (the GPU machine's ncu: on PATH or under /opt/nvidia/nsight-compute).
# The run phase prints one progress line per row and, with --out, copies every log there as
# gpu_suite_logs.tgz.
# --matrix: prepare also compiles the op x type matrix (test/op_matrix.py, every op with every
# element type) for --gpu-name into matrix.tgz; run also launches each of its kernels (one CTA,
# --jobs J at once, default 8; --matrix-only REGEX: the cases whose tags match) and compares the output with the script's exact reference or the
# interpreter's (a line in table.md; the failures in $OUT/matrix_failures.txt). It takes python3.
#
# Usage: gpu_suite.sh prepare|run|all [--bundle DIR] [--tilec PATH] [--tilec-run PATH]
#          [--tileiras PATH] [--gpu-name sm_90a|sm_100a] [--iters N] [--warmup N] [--dry-run]
#          [--quick] [--out DIR] [--timeout S] [--deadline S] [--only REGEX] [--ncu] [--matrix [--jobs J] [--matrix-only REGEX]]
# On the device tool: carry bench/gpu-bundle, run `bash bench/gpu_suite.sh run --out $OUT`.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
phase=${1:-}
case $phase in prepare|run|all) shift ;; -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
  *) echo "usage: gpu_suite.sh prepare|run|all [options] (--help)" >&2; exit 2 ;; esac
bundle=$here/bench/gpu-bundle
tilec=$here/build/tools/tilec
tilec_run=""
tileiras=${TILEIRAS:-}
gpu_name=sm_90a iters=20 warmup=5 dry_run=0 quick=0 out="" call_timeout=60 deadline=0 only="" ncu=0 matrix=0 matrix_only="" jobs=8
while [ $# -gt 0 ]; do
  case $1 in
    --bundle) bundle=$2; shift ;;
    --tilec) tilec=$2; shift ;;
    --tilec-run) tilec_run=$2; shift ;;
    --tileiras) tileiras=$2; shift ;;
    --gpu-name) gpu_name=$2; shift ;;
    --iters) iters=$2; shift ;;
    --warmup) warmup=$2; shift ;;
    --dry-run) dry_run=1 ;;
    --quick) quick=1 ;;
    --out) out=$2; shift ;;
    --timeout) call_timeout=$2; shift ;;
    --deadline) deadline=$2; shift ;;
    --only) only=$2; shift ;;
    --ncu) ncu=1 ;;
    --matrix) matrix=1 ;;
    --matrix-only) matrix=1; matrix_only=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    *) echo "gpu_suite.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case $gpu_name in sm_90a) ti_arch=sm_90 ;; sm_100a) ti_arch=sm_100 ;;
  *) echo "gpu_suite.sh: --gpu-name must be sm_90a or sm_100a" >&2; exit 2 ;; esac
ex=$here/examples

# --- the suite -------------------------------------------------------------------------------------
# name | source | grid | args (space-separated --arg specs) | reference | flops | cuBLAS MxNxK:dtype | env
# (env: VAR=value words for tilec's environment and --flag words for its command line)
# reference: c:NAME[,opts] (tilec-run's C references), or interpret:KIND (the interpreter's output,
# saved at prepare time; KIND = elementwise|reduction|gemm picks the tolerance class).
# Static-shape examples run at their one shape; run-time-shape GEMMs run at several, edge tiles
# included. gemm_dynamic_bf16 is gemm_dynamic.mlir with every f16 made bf16, gemm_dynamic_m64 the
# same with 64x128 tiles (sources named @NAME are written at prepare).
suite_rows() {
  local N=16777216 NE=16777000 R=4096 BB=16 BS=256 # batched_gemm: batches, M = N = K
  local SR=1024 # softmax_cols: rows (4 per CTA), 2048 columns in two column loops of 8 chunks
  [ $quick -eq 0 ] || { BB=4; BS=128; SR=256; }
  local base
  base=$(cat <<EOF
vector_add|$ex/vector_add.mlir|16384|ptr:f32:$N:random ptr:f32:$N:random ptr:f32:$N:out i64:$N|c:vadd|||
vector_add_ptr|$ex/vector_add_ptr.mlir|16384|ptr:f32:$NE:random ptr:f32:$NE:random ptr:f32:$NE:out i32:$NE|c:vadd|||
softmax|$ex/softmax.mlir|1024|ptr:f32:${R}x1024:random ptr:f32:${R}x1024:out i64:$R|c:softmax|||
layernorm|$ex/layernorm.mlir|1024|ptr:f32:${R}x1024:random ptr:f32:1024:random ptr:f32:1024:random ptr:f32:${R}x1024:out i64:$R|c:layernorm|||
softmax+tma|$ex/softmax.mlir|1024|ptr:f32:${R}x1024:random ptr:f32:${R}x1024:out i64:$R|c:softmax|||TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
layernorm+tma|$ex/layernorm.mlir|1024|ptr:f32:${R}x1024:random ptr:f32:1024:random ptr:f32:1024:random ptr:f32:${R}x1024:out i64:$R|c:layernorm|||TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
softmax_cols|$here/test/emu/Inputs/online_softmax_cols.mlir|$((SR / 4))|ptr:f32:${SR}x2048:random ptr:f32:${SR}x2048:out i64:$SR|interpret:reduction|||
softmax_cols+tma_ring|$here/test/emu/Inputs/online_softmax_cols.mlir|$((SR / 4))|ptr:f32:${SR}x2048:random ptr:f32:${SR}x2048:out i64:$SR|interpret:reduction|||TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
gemm|$ex/gemm.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:f16|
gemm+tma_store|$ex/gemm.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:f16|TILEIR_PREFER_TMA_FOR_LOAD_STORE=1
gemm_bf16|$ex/gemm_bf16.mlir|8,8|ptr:bf16:1024x1024:random ptr:bf16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:bf16|
gemm_epilogue|$ex/gemm_epilogue.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024:random ptr:f16:1024x1024:out|c:gemm,bias,relu|2147483648|1024x1024x1024:f16|
gemm_edge|$here/test/hopper/gemm_edge.mlir|8,8|ptr:f16:1000x1000:random ptr:f16:1000x1000:random ptr:f32:1000x1000:out|c:gemm|2000000000||
attention|$ex/attention.mlir|16|ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f32:1024x64:out|interpret:gemm|268435456||
gemm+ws|$ex/gemm.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:f16|--pipeline-strategy=warp-specialize
gemm+ws_light|$ex/gemm.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:f16|--pipeline-strategy=warp-specialize --rrt-size-threshold=0
attention+ws|$ex/attention.mlir|16|ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f16:1024x64:random ptr:f32:1024x64:out|interpret:gemm|268435456||--pipeline-strategy=warp-specialize
gemm_unaligned|$here/bench/gemm_unaligned.mlir|8,8|ptr:f16:1024x1024:random ptr:f16:1024x1024:random ptr:f32:1024x1024:out|c:gemm|2147483648|1024x1024x1024:f16|
batched_gemm_reshape|$here/test/corpus/batched_gemm_reshape_nt.mlir|1,1,2|ptr:f16:2x128x128:random ptr:f16:2x128x128:random ptr:f32:2x128x128:out|interpret:gemm|8388608||
attention_heads|$here/test/corpus/attention_heads_d64.mlir|2,2,1|ptr:f16:1x2x128x64:random ptr:f16:1x2x128x64:random ptr:f16:1x2x128x64:random ptr:f32:1x2x128x64:out|interpret:gemm|8388608||
gemm_i8_nt|$here/bench/gemm_i8_nt.mlir|8,8|ptr:i8:1024x1024:random ptr:i8:1024x1024:random ptr:i32:1024x1024:out|c:gemm,bt|2147483648||
gemm_e4m3_nt|$here/bench/gemm_e4m3_nt.mlir|8,8|ptr:f8E4M3FN:1024x1024:random ptr:f8E4M3FN:1024x1024:random ptr:f32:1024x1024:out|c:gemm,bt|2147483648||
gemm_tf32_nt|$here/bench/gemm_tf32_nt.mlir|8,8|ptr:tf32:1024x1024:random ptr:tf32:1024x1024:random ptr:f32:1024x1024:out|c:gemm,bt|2147483648||
grouped_gemm|$here/test/corpus/grouped_gemm_nt.mlir|2,1|ptr:f16:256x128:random ptr:f16:2x128x128:random ptr:f32:256x128:out ptr:i32:2:list=1,0|interpret:gemm|8388608||
grouped_gemm+ws|$here/test/corpus/grouped_gemm_nt.mlir|2,1|ptr:f16:256x128:random ptr:f16:2x128x128:random ptr:f32:256x128:out ptr:i32:2:list=1,0|interpret:gemm|8388608||--pipeline-strategy=warp-specialize
persistent_gemm|$here/test/corpus/persistent_gemm.mlir|2|ptr:f16:256x256:random ptr:f16:256x256:random ptr:f32:256x256:out|c:gemm|33554432||
gemm_lowrank|$here/test/corpus/gemm_lowrank.mlir|2,2|ptr:f16:256x256:random ptr:f16:256x256:random ptr:f16:256x64:random ptr:f16:64x256:random ptr:f32:256x256:out|interpret:gemm|41943040||
gemm_swiglu|$here/test/corpus/gemm_swiglu.mlir|4,4|ptr:f16:256x256:random ptr:f16:256x256:random ptr:f16:256x256:random ptr:f32:256x256:out|interpret:gemm|67108864||
gemm_mx_e4m3|$here/test/corpus/gemm_mx_e4m3.mlir|2,2|ptr:f8E4M3FN:256x256:random ptr:f8E4M3FN:256x256:random ptr:f8E8M0FNU:256x8:random ptr:f8E8M0FNU:8x256:random ptr:f32:256x256:out|interpret:gemm|33554432||
gemm_nvfp4|$here/test/corpus/gemm_nvfp4.mlir|2,2|ptr:f4E2M1FN:256x256:random ptr:f4E2M1FN:256x256:random ptr:f8E4M3FN:256x16:random ptr:f8E4M3FN:16x256:random ptr:f32:256x256:out|interpret:gemm|33554432||
gemm_mxfp4|$here/test/corpus/gemm_mxfp4.mlir|2,2|ptr:f4E2M1FN:256x256:random ptr:f4E2M1FN:256x256:random ptr:f8E8M0FNU:256x8:random ptr:f8E8M0FNU:8x256:random ptr:f32:256x256:out|interpret:gemm|33554432||
batched_gemm@${BB}x${BS}x${BS}x$BS|$here/bench/batched_gemm.mlir|$((BS / 64)),$((BS / 64)),$((BB / 2))|ptr:f16:${BB}x${BS}x$BS:random ptr:f16:${BB}x${BS}x$BS:random ptr:f32:${BB}x${BS}x$BS:out i32:$BB i32:$BS i32:$BS i32:$BS|interpret:gemm|$((2 * BB * BS * BS * BS))||
EOF
)
  echo "$base"
  # cuTile Python's own kernels (test/bytecode/Inputs/cutile, bytecode 13.4 as cuTile 1.7 writes it;
  # tileiras compiles the same file): every array is (pointer, shape..., strides...) in i32.
  local ct=$here/test/bytecode/Inputs/cutile G=4096
  [ $quick -eq 0 ] || G=1024
  local A2="i32:$G i32:$G i32:$G i32:1" S2="i32:$R i32:1024 i32:1024 i32:1" Q="i32:1024 i32:64 i32:64 i32:1"
  local I2="i32:1024 i32:1024 i32:1024 i32:1"
  cat <<EOF
cutile_vector_add|$ct/vector_add.13.4.tileirbc|16384|ptr:f32:$N:random i32:$N i32:1 ptr:f32:$N:random i32:$N i32:1 ptr:f32:$N:out i32:$N i32:1|c:vadd|||
cutile_softmax|$ct/softmax.13.4.tileirbc|$R|ptr:f16:${R}x1024:random $S2 ptr:f16:${R}x1024:out $S2|c:softmax|||
cutile_gemm_f16@${G}x${G}x$G|$ct/gemm_f16.13.4.tileirbc|$((G / 128)),$((G / 128))|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|$((2 * G * G * G))|${G}x${G}x$G:f16|
cutile_gemm_int8@1024x1024x1024|$ct/gemm_int8.13.4.tileirbc|16,16|ptr:i8:1024x1024:random $I2 ptr:i8:1024x1024:random $I2 ptr:i32:1024x1024:out $I2|c:gemm|2147483648||
cutile_persistent_gemm@${G}x${G}x$G|$ct/persistent_gemm.13.4.tileirbc|132|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|$((2 * G * G * G))|${G}x${G}x$G:f16|
cutile_attention_d64|$ct/attention_d64.13.4.tileirbc|8|ptr:f16:1024x64:random $Q ptr:f16:1024x64:random $Q ptr:f16:1024x64:random $Q ptr:f16:1024x64:out $Q f32:0.125|interpret:gemm|268435456||
EOF
  if [ $quick -eq 0 ]; then # d128: the roofline's 2 stages (two CTAs per SM) beside 3
    local Q8="i32:1024 i32:128 i32:128 i32:1" s
    for s in "" 3; do
      echo "cutile_attention_d128${s:++stages$s}|$ct/attention_d128.13.4.tileirbc|8|ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:out $Q8 f32:0.088388|interpret:gemm|536870912||${s:+--num-stages=$s}"
    done
    # warp-specialised (the 2x128-row consumers at one CTA per SM)
    echo "cutile_attention_d64+ws|$ct/attention_d64.13.4.tileirbc|8|ptr:f16:1024x64:random $Q ptr:f16:1024x64:random $Q ptr:f16:1024x64:random $Q ptr:f16:1024x64:out $Q f32:0.125|interpret:gemm|268435456||--pipeline-strategy=warp-specialize"
    echo "cutile_attention_d128+ws|$ct/attention_d128.13.4.tileirbc|8|ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:random $Q8 ptr:f16:1024x128:out $Q8 f32:0.088388|interpret:gemm|536870912||--pipeline-strategy=warp-specialize"
  fi
  local shapes="1024 1024 1024
200 144 80
1000 1000 1000"
  [ $quick -eq 1 ] || shapes="$shapes
4096 4096 4096
8192 8192 8192"
  local m n k dt
  while read -r m n k; do
    for dt in f16 bf16; do
      local src=$ex/gemm_dynamic.mlir name=gemm_dynamic
      [ $dt = f16 ] || { src=@gemm_dynamic_bf16; name=gemm_dynamic_bf16; }
      local cublas=""
      [ "$m" != "$n" ] || [ "$m" -lt 1024 ] || cublas="${m}x${n}x${k}:$dt"
      echo "$name@${m}x${n}x${k}|$src|$(( (m + 127) / 128 )),$(( (n + 127) / 128 ))|ptr:$dt:${m}x${k}:random ptr:$dt:${k}x${n}:random ptr:f32:${m}x${n}:out i64:$m i64:$n i64:$k|c:gemm|$((2 * m * n * k))|$cublas|"
    done
  done <<< "$shapes"
  local r
  # the self-contained ABI (docs/abi.md "Tensor maps built on the device": every CTA claims a pool
  # slot and builds its tensor maps in its prologue) against the host-built maps of the rows above:
  # the price of the per-CTA prologue, before --abi=self-contained can become the default (issue 15)
  for r in gemm attention softmax+tma gemm+tma_store; do
    echo "$base" | awk -F'|' -v n="$r" 'BEGIN { OFS = "|" } $1 == n { $1 = n "+abi_sc"; $8 = ($8 == "" ? "" : $8 " ") "--abi=self-contained"; print }'
  done
  [ $quick -eq 1 ] && return 0
  # `--pipeline-strategy=auto` on the static-shape kernels above (warp_specialize.c
  # ws_occupancy_pays: it specialises them when the grid the views bound fits one wave), beside
  # their modulo rows
  for r in gemm_epilogue attention gemm_i8_nt gemm_e4m3_nt gemm_tf32_nt; do
    echo "$base" | awk -F'|' -v n="$r" 'BEGIN { OFS = "|" } $1 == n { $1 = n "+auto"; $8 = "--pipeline-strategy=auto"; print }'
  done
  local s
  # warp specialization against the modulo pipeline at 4096^3 (issue 13: the default stays modulo
  # until these rows say otherwise)
  echo "gemm_dynamic@4096x4096x4096+ws|$ex/gemm_dynamic.mlir|32,32|ptr:f16:4096x4096:random ptr:f16:4096x4096:random ptr:f32:4096x4096:out i64:4096 i64:4096 i64:4096|c:gemm|137438953472|4096x4096x4096:f16|--pipeline-strategy=warp-specialize"
  # 64x128 tiles: one consumer warpgroup, so warp specialization runs two CTAs per SM (the
  # occupancy1 row: the hint holds it to one)
  local gd64="ptr:f16:4096x4096:random ptr:f16:4096x4096:random ptr:f32:4096x4096:out i64:4096 i64:4096 i64:4096"
  echo "gemm_dynamic_m64@4096x4096x4096|@gemm_dynamic_m64|64,32|$gd64|c:gemm|137438953472||"
  echo "gemm_dynamic_m64@4096x4096x4096+ws|@gemm_dynamic_m64|64,32|$gd64|c:gemm|137438953472||--pipeline-strategy=warp-specialize"
  echo "gemm_dynamic_m64_occupancy1@4096x4096x4096+ws|@gemm_dynamic_m64_occupancy1|64,32|$gd64|c:gemm|137438953472||--pipeline-strategy=warp-specialize"
  echo "cutile_gemm_f16@4096x4096x4096+ws|$ct/gemm_f16.13.4.tileirbc|32,32|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|137438953472||--pipeline-strategy=warp-specialize"
  # a persistent kernel warp-specialised (the producer fills the next tile's stages during the
  # epilogue: issue 13's persistent variant) against its modulo rows above
  echo "persistent_gemm+ws|$here/test/corpus/persistent_gemm.mlir|2|ptr:f16:256x256:random ptr:f16:256x256:random ptr:f32:256x256:out|c:gemm|33554432||--pipeline-strategy=warp-specialize"
  # two K loops under one producer (issue 13): the second loop's rings in their own shared memory,
  # filled while the consumers run the first, against the gemm_lowrank modulo row above
  echo "gemm_lowrank+ws|$here/test/corpus/gemm_lowrank.mlir|2,2|ptr:f16:256x256:random ptr:f16:256x256:random ptr:f16:256x64:random ptr:f16:64x256:random ptr:f32:256x256:out|interpret:gemm|41943040||--pipeline-strategy=warp-specialize"
  echo "cutile_persistent_gemm@${G}x${G}x$G+ws|$ct/persistent_gemm.13.4.tileirbc|132|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|$((2 * G * G * G))|${G}x${G}x$G:f16|--pipeline-strategy=warp-specialize"
  echo "gemm_dynamic@4096x4096x4096+abi_sc|$ex/gemm_dynamic.mlir|32,32|ptr:f16:4096x4096:random ptr:f16:4096x4096:random ptr:f32:4096x4096:out i64:4096 i64:4096 i64:4096|c:gemm|137438953472||--abi=self-contained"
  echo "cutile_gemm_f16@4096x4096x4096+abi_sc|$ct/gemm_f16.13.4.tileirbc|32,32|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|137438953472||--abi=self-contained"
  # register prefetch (lib/tileas/register_prefetch.c) against the plain loop: the kernels whose
  # operands TMA cannot take, prefetched by default (one wave each), with the pass off
  for r in gemm_unaligned gemm_mx_e4m3 gemm_nvfp4; do
    echo "$base" | awk -F'|' -v n="$r" 'BEGIN { OFS = "|" } $1 == n { $1 = n "+no_prefetch"; $8 = ($8 == "" ? "" : $8 " ") "TILEC_REGISTER_PREFETCH=0"; print }'
  done
  # two wgmma chains kept in flight together (SwiGLU's gate and up projections; K = 1024: every ring
  # stage refilled), and warp-specialised (whose consumers wait for their groups every iteration)
  local sw="ptr:f16:256x1024:random ptr:f16:1024x256:random ptr:f16:1024x256:random ptr:f32:256x256:out"
  echo "swiglu@256x256x1024|$here/test/emu/Inputs/swiglu_k1024.mlir|4,4|$sw|interpret:gemm|268435456||"
  echo "swiglu@256x256x1024+ws|$here/test/emu/Inputs/swiglu_k1024.mlir|4,4|$sw|interpret:gemm|268435456||--pipeline-strategy=warp-specialize"
  local gu="ptr:f16:4096x4096:random ptr:f16:4096x4096:random ptr:f32:4096x4096:out"
  echo "gemm_unaligned@4096x4096x4096|@gemm_unaligned_4096|32,32|$gu|c:gemm|137438953472|4096x4096x4096:f16|"
  echo "gemm_unaligned@4096x4096x4096+prefetch|@gemm_unaligned_4096|32,32|$gu|c:gemm|137438953472||TILEC_REGISTER_PREFETCH=always"
  # the stage-count calibration sweeps (docs/tileaa-tileas.md "Stage count"): 4096-cubed GEMMs with
  # their ring forced to N stages; the row without +stages is the roofline's choice. gemm_dynamic
  # moves 16 KiB per stage (128x128x32), cuTile's gemm_f16 32 KiB (128x128x64).
  for s in 2 3 4 5 6 7 8 9; do
    echo "gemm_dynamic@4096x4096x4096+stages$s|$ex/gemm_dynamic.mlir|32,32|ptr:f16:4096x4096:random ptr:f16:4096x4096:random ptr:f32:4096x4096:out i64:4096 i64:4096 i64:4096|c:gemm|137438953472||--num-stages=$s"
  done
  for s in 3 5 6; do # 8192^3: operands beyond L2
    echo "gemm_dynamic@8192x8192x8192+stages$s|$ex/gemm_dynamic.mlir|64,64|ptr:f16:8192x8192:random ptr:f16:8192x8192:random ptr:f32:8192x8192:out i64:8192 i64:8192 i64:8192|c:gemm|1099511627776||--num-stages=$s"
  done
  for s in 2 4 5 6; do
    echo "cutile_gemm_f16@4096x4096x4096+stages$s|$ct/gemm_f16.13.4.tileirbc|32,32|ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:random $A2 ptr:f16:${G}x$G:out $A2|c:gemm|137438953472||--num-stages=$s"
  done
}

note() { echo "gpu_suite: $*" >&2; }

# --- prepare -----------------------------------------------------------------------------------------
prepare() {
  [ -x "$tilec" ] || { note "$tilec not found (build tilec first: scripts/setup.sh)"; return 2; }
  local run=${tilec_run:-$here/build/tools/tilec-run/tilec-run}
  [ -x "$run" ] || { note "$run not found (build first)"; return 2; }
  if [ -z "$tileiras" ] && [ -n "${CUDA_HOME:-}" ] && [ -x "$CUDA_HOME/bin/tileiras" ]; then tileiras=$CUDA_HOME/bin/tileiras; fi
  [ -n "$tileiras" ] || tileiras=$(command -v tileiras || true)
  [ -n "$tileiras" ] && note "tileiras: $tileiras" || note "tileiras not found: no tileiras column (pip install nvidia-cuda-tileiras; set CUDA_HOME to its nvidia/cu13 folder)"
  rm -rf "$bundle"; mkdir -p "$bundle"
  # the commit the PTX comes from (the run phase's table names it; the GPU machine's copy may differ)
  { git -C "$here" rev-parse --short HEAD 2>/dev/null || echo "?"; } | tr -d '\n' > "$bundle/tilec_commit"
  [ -z "$(git -C "$here" status --porcelain --untracked-files=no 2>/dev/null)" ] || printf '+changes' >> "$bundle/tilec_commit"
  sed -e 's/f16/bf16/g' -e 's/bbf16/bf16/g' "$ex/gemm_dynamic.mlir" > "$bundle/gemm_dynamic_bf16.mlir"
  # gemm_dynamic with 64x128 output tiles (one warpgroup), and the same with the entry's occupancy
  # hint at 1 (warp specialization's register budgets cut for one CTA per SM instead of two)
  sed -e 's/128x32/64x32/g' -e 's/tile=(128x128)/tile=(64x128)/' -e 's/128x128xf32/64x128xf32/g' \
    "$ex/gemm_dynamic.mlir" > "$bundle/gemm_dynamic_m64.mlir"
  sed 's/%k: tile<i64>) {/%k: tile<i64>) optimization_hints=<sm_90 = {occupancy = 1}, sm_100 = {occupancy = 1}> {/' \
    "$bundle/gemm_dynamic_m64.mlir" > "$bundle/gemm_dynamic_m64_occupancy1.mlir"
  # bench/gemm_unaligned.mlir at 4096^3 (register prefetch: several waves, so the cost model keeps
  # the plain loop at two CTAs per SM; the +prefetch row forces it)
  sed -e 's/1024/4096/g' -e 's/<i32: 32>/<i32: 128>/' "$here/bench/gemm_unaligned.mlir" > "$bundle/gemm_unaligned_4096.mlir"
  local failures=0 name src grid args reference flops cublas envs
  : > "$bundle/suite.txt"
  while IFS='|' read -r name src grid args reference flops cublas envs; do
    [ -n "$name" ] || continue
    case $src in @*) src=$bundle/${src#@}.mlir ;; esac # written above
    local stem=${name//[@+]/_}
    local ptx=$bundle/$stem.ptx cubin="" ref=$reference
    # envs: VAR=value words for the environment, --flag words for tilec (e.g. --num-stages=4)
    local env_words=() flag_words=() w
    for w in $envs; do case $w in --*) flag_words+=("$w") ;; *) env_words+=("$w") ;; esac; done
    if ! env "${env_words[@]}" "$tilec" --opt-level=3 --gpu-name="$gpu_name" "${flag_words[@]}" "$src" -o "$ptx" \
         2> "$bundle/$stem.tilec.log"; then
      note "$name: tilec failed ($(head -c 300 "$bundle/$stem.tilec.log"))"; failures=$((failures + 1)); ptx=""
    fi
    if [ -n "$tileiras" ] && [ -z "$envs" ]; then
      # cuTile's bytecode goes to tileiras as cuTile wrote it; tilec's own examples as tilec writes them
      if { case $src in *.tileirbc) cp "$src" "$bundle/$stem.tileirbc" ;;
           *) "$tilec" --emit=bytecode "$src" -o "$bundle/$stem.tileirbc" 2>> "$bundle/$stem.tilec.log" ;; esac; } &&
         "$tileiras" --gpu-name="$ti_arch" "$bundle/$stem.tileirbc" -o "$bundle/$stem.tileiras.cubin" \
           > "$bundle/$stem.tileiras.log" 2>&1; then
        cubin=$bundle/$stem.tileiras.cubin
      else
        note "$name: tileiras failed ($(head -c 300 "$bundle/$stem.tileiras.log"))"
      fi
    fi
    if [ "${reference%%:*}" = interpret ]; then
      local out_index=0 i=0 a
      for a in $args; do
        case $a in ptr:*:*:out) out_index=$i; break ;; esac
        i=$((i + 1))
      done
      local arg_list=()
      for a in $args; do arg_list+=(--arg "$a"); done
      if "$run" --interpret "$src" --grid "$grid" "${arg_list[@]}" --save "$out_index=$bundle/$stem.ref.bin" \
           > "$bundle/$stem.interp.log" 2>&1; then
        local in_dtype; in_dtype=$(echo "$args" | awk '{ split($1, f, ":"); print f[2] }')
        ref="file:$stem.ref.bin,${reference#interpret:},in=$in_dtype"
      else
        note "$name: the interpreter failed ($(head -c 300 "$bundle/$stem.interp.log"))"; failures=$((failures + 1)); ref=none
      fi
    fi
    printf '%s|%s|%s|%s|%s|%s|%s|%s\n' "$name" "${ptx:+$(basename "$ptx")}" "${cubin:+$(basename "$cubin")}" \
      "$grid" "$args" "$ref" "$flops" "$cublas" >> "$bundle/suite.txt"
  done < <(suite_rows)
  if [ $matrix -eq 1 ]; then
    rm -rf "$bundle/matrix-work"
    if python3 "$here/test/op_matrix.py" --tilec "$tilec" --tilec-run "$run" --work "$bundle/matrix-work" \
         --bundle "$bundle/matrix.tgz" --bundle-gpu "$gpu_name" --jobs "$(nproc)" > "$bundle/matrix.prepare.log" 2>&1; then
      note "$(grep '^GPU bundle' "$bundle/matrix.prepare.log")"
    else
      note "the op matrix failed on this machine:"; tail -5 "$bundle/matrix.prepare.log" >&2; failures=$((failures + 1))
      [ -f "$bundle/matrix.tgz" ] || rm -f "$bundle/matrix.tgz"
    fi
    rm -rf "$bundle/matrix-work"
  fi
  note "prepared $(wc -l < "$bundle/suite.txt") runs in $bundle ($(du -sh "$bundle" | cut -f1))"
  return $((failures > 0))
}

# --- run ---------------------------------------------------------------------------------------------
# shellcheck source=bench/json_field.sh
. "$(dirname "$0")/json_field.sh"

# run_one IMAGE GRID ARGS REF FLOPS LOG -> "status ms tflops gbps"
run_one() {
  local image=$1 grid=$2 args=$3 ref=$4 flops=$5 log=$6 a
  local arg_list=()
  for a in $args; do arg_list+=(--arg "$a"); done
  [ -z "$flops" ] || arg_list+=(--flops "$flops")
  case $ref in file:*) ref="file:$bundle/${ref#file:}" ;; esac
  if [ $dry_run -eq 1 ]; then
    if "$tilec_run" "$image" --grid "$grid" "${arg_list[@]}" --reference="$ref" --dry-run > "$log" 2>&1; then
      echo "DRY - - -"
    else
      echo "ERR - - -"
    fi
    return
  fi
  local out rc=0
  out=$(timeout --kill-after=5 "$call_timeout" "$tilec_run" "$image" --grid "$grid" "${arg_list[@]}" \
        --reference="$ref" --iters "$iters" --warmup "$warmup" --json 2> "$log") || rc=$?
  local status; status=$(json_field status "$out")
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then status=TIMEOUT; echo "killed after ${call_timeout}s" >> "$log"; fi
  if [ $ncu -eq 1 ] && [ "$status" = PASS ]; then
    if [ -n "$ncu_bin" ]; then
      timeout --kill-after=5 $((call_timeout * 4)) "$ncu_bin" --clock-control none --section SpeedOfLight \
        --section Occupancy --section LaunchStats --section WarpStateStats "$tilec_run" "$image" --grid "$grid" \
        "${arg_list[@]}" --reference=none --iters 1 --warmup 0 > "${log%.run.log}.ncu.log" 2>&1
    else
      echo "--ncu: no ncu found" >> "$log"
    fi
  fi
  echo "${status:-ERR} $(json_field time_ms "$out") $(json_field tflops "$out") $(json_field gbps "$out")"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3f", a / b; else printf "-" }'; }

run_suite() {
  [ -f "$bundle/suite.txt" ] || { note "$bundle/suite.txt not found: run 'gpu_suite.sh prepare' first"; return 2; }
  if [ -z "$tilec_run" ]; then
    # The standalone tilec-run: no MLIR, builds wherever CMake and a C compiler are.
    tilec_run=$bundle/build-run/tilec-run
    if [ ! -x "$tilec_run" ]; then
      cmake -S "$here/tools/tilec-run" -B "$bundle/build-run" -DCMAKE_BUILD_TYPE=Release > "$bundle/build-run.log" 2>&1 &&
        make -C "$bundle/build-run" -j"$(nproc)" tilec-run >> "$bundle/build-run.log" 2>&1 ||
        { note "building tilec-run failed:"; tail -20 "$bundle/build-run.log" >&2; return 1; }
    fi
  fi
  # --ncu: Nsight Compute, found once (on PATH or under /opt/nvidia/nsight-compute)
  ncu_bin=""
  [ $ncu -eq 0 ] || ncu_bin=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
  local device="(dry run: no GPU)"
  if [ $dry_run -eq 0 ]; then
    device=$("$tilec_run" --device-info 2>&1) || { note "no GPU: $device"; return 3; }
  fi
  local table=$bundle/table.md failures=0 ran=0
  {
    echo "GPU suite: $device; $(date -u +%Y-%m-%d); tilec $(cat "$bundle/tilec_commit" 2>/dev/null || echo ?); iters $iters, warm-up $warmup (median)"
    echo
    echo "| kernel | tilec | ms | TFLOP/s | GB/s | tileiras | ms | tilec/tileiras time | cuBLAS ms | tilec/cuBLAS time |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
  } > "$table"
  local name ptx cubin grid args ref flops cublas started=$SECONDS
  while IFS='|' read -r name ptx cubin grid args ref flops cublas; do
    local t=(- - - -) ti=(- - - -) cb_ms=- stem=${name//[@+]/_}
    if [ -n "$only" ] && ! [[ $name =~ $only ]]; then continue; fi
    if [ "$deadline" -gt 0 ] && [ $((SECONDS - started)) -ge "$deadline" ]; then
      echo "| $name | SKIPPED (deadline) | - | - | - | - | - | - | - | - |" >> "$table"; continue
    fi
    if [ -n "$ptx" ]; then
      read -r -a t <<< "$(run_one "$bundle/$ptx" "$grid" "$args" "$ref" "$flops" "$bundle/$stem.run.log")"
      ran=$((ran + 1))
      case ${t[0]} in PASS|DRY) ;; *) failures=$((failures + 1)); note "$name (tilec): ${t[0]}"; sed 's/^/    /' "$bundle/$stem.run.log" | head -5 >&2 ;; esac
    else
      t=(COMPILE-FAIL - - -); failures=$((failures + 1))
    fi
    if [ -n "$cubin" ]; then
      read -r -a ti <<< "$(run_one "$bundle/$cubin" "$grid" "$args" "$ref" "$flops" "$bundle/$stem.tileiras.run.log")"
      case ${ti[0]} in PASS|DRY) ;; *) note "$name (tileiras): ${ti[0]}"; sed 's/^/    /' "$bundle/$stem.tileiras.run.log" | head -5 >&2 ;; esac
    fi
    if [ -n "$cublas" ] && [ $dry_run -eq 0 ]; then
      local cout; cout=$(timeout --kill-after=5 "$call_timeout" "$tilec_run" --cublas-gemm "${cublas%%:*}" --cublas-dtype "${cublas##*:}" --iters "$iters" \
                         --warmup "$warmup" --json 2>> "$bundle/$stem.run.log")
      cb_ms=$(json_field time_ms "$cout"); [ -n "$cb_ms" ] || cb_ms=-
    fi
    echo "| $name | ${t[0]} | ${t[1]:--} | ${t[2]:--} | ${t[3]:--} | ${ti[0]} | ${ti[1]:--} | $(ratio "${t[1]:-}" "${ti[1]:-}") | $cb_ms | $(ratio "${t[1]:-}" "$cb_ms") |" >> "$table"
    note "[$((SECONDS - started))s] $name: tilec ${t[0]} ${t[1]:--} ms, tileiras ${ti[0]} ${ti[1]:--} ms, cuBLAS $cb_ms ms"
  done < "$bundle/suite.txt"
  echo >> "$table"
  echo "ran $ran tilec kernels, $failures failed" >> "$table"
  if [ $matrix -eq 1 ]; then
    if [ ! -f "$bundle/matrix.tgz" ]; then
      echo "op matrix: no matrix.tgz in the bundle (gpu_suite.sh prepare --matrix)" >> "$table"; failures=$((failures + 1))
    else
      local mflags=(); [ $dry_run -eq 0 ] || mflags+=(--dry-run); [ -z "$matrix_only" ] || mflags+=(--only "$matrix_only")
      rm -rf "$bundle/matrix-run"
      python3 "$here/test/op_matrix.py" --gpu-run "$bundle/matrix.tgz" --tilec-run "$tilec_run" --work "$bundle/matrix-run" \
        --jobs "$jobs" --timeout "$call_timeout" --failures "$bundle/matrix_failures.txt" "${mflags[@]}" > "$bundle/matrix.run.log" 2>&1 ||
        failures=$((failures + 1))
      tail -1 "$bundle/matrix.run.log" >> "$table"
      note "$(tail -1 "$bundle/matrix.run.log")"
    fi
  fi
  cat "$table"
  if [ -n "$out" ]; then
    mkdir -p "$out" && cp "$table" "$out/gpu_suite_table.md"
    [ ! -f "$bundle/matrix_failures.txt" ] || cp "$bundle/matrix_failures.txt" "$out/matrix_failures.txt"
    (cd "$bundle" && tar czf "$out/gpu_suite_logs.tgz" -- *.log 2>/dev/null)
  fi
  return $((failures > 0))
}

status=0
if [ "$phase" = prepare ] || [ "$phase" = all ]; then prepare || status=$?; fi
if [ "$phase" = run ] || [ "$phase" = all ]; then
  [ "$phase" = run ] || [ $status -lt 2 ] || exit $status
  run_suite || { rc=$?; [ $status -ne 0 ] || status=$rc; }
fi
exit $status

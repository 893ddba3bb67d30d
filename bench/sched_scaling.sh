#!/bin/sh
# sched_scaling: times the modulo scheduler on synthetic loop bodies of 10, 100 and 1000 ops
# (a chain of addf on a loop-carried accumulator plus independent mulf ops, so both RecMII and
# ResMII grow with N) through `tilec --emit=tileas`, and prints II / status from the loop's
# tileas.schedule attribute. Target: 1000 ops under 1 s. Usage: bench/sched_scaling.sh [tilec]
set -eu
TILEC=${1:-build-sched/tools/tilec}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 10 100 1000; do
  f="$tmp/body$n.mlir"
  {
    echo 'cuda_tile.module @bench {'
    echo '  entry @body() {'
    echo '    %c0 = constant <i32: 0> : tile<i32>'
    echo '    %c1 = constant <i32: 1> : tile<i32>'
    echo '    %nk = constant <i32: 8> : tile<i32>'
    echo '    %z = constant <f32: 1.000000e+00> : tile<f32>'
    echo '    %r = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {'
    prev=%acc
    i=0
    while [ $i -lt $((n / 2)) ]; do
      echo "      %a$i = addf $prev, %z : tile<f32>"
      echo "      %m$i = mulf %acc, %z : tile<f32>"
      prev=%a$i
      i=$((i + 1))
    done
    echo "      continue $prev : tile<f32>"
    echo '    }'
    echo '    return'
    echo '  }'
    echo '}'
  } > "$f"
  start=$(date +%s.%N)
  sched=$("$TILEC" --emit=tileas "$f" | grep -o 'tileas.schedule<[^>]*>' || true)
  end=$(date +%s.%N)
  printf '%5d ops  %.3f s  %s\n' "$n" "$(echo "$end - $start" | bc -l)" "$sched"
done

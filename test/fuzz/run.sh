#!/usr/bin/env bash
# run.sh: run one libFuzzer target for a time — see docs/fuzzing.md.
# Usage: test/fuzz/run.sh text|bytecode SECONDS [extra libFuzzer flags...]
# Builds the targets if needed (build.sh; BUILD_DIR from $FUZZ_BUILD, default <repo>/build-fuzz).
# New inputs go to $FUZZ_BUILD/corpus-<target> (the checked-in seeds under corpus/ are read only);
# crashes are written to $FUZZ_BUILD/artifacts-<target>/. Log: $FUZZ_BUILD/<target>.log.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${1:?usage: run.sh text|bytecode SECONDS}"
seconds="${2:?usage: run.sh text|bytecode SECONDS}"
shift 2
case "$target" in text|bytecode) ;; *) echo "run.sh: unknown target '$target'" >&2; exit 2 ;; esac
out="${FUZZ_BUILD:-$root/build-fuzz}"
[ -x "$out/fuzz_$target" ] || "$here/build.sh" "$out"
mkdir -p "$out/corpus-$target" "$out/artifacts-$target"
dict=()
[ "$target" = text ] && dict=(-dict="$here/text.dict")
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
"$out/fuzz_$target" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/artifacts-$target/" "$@" \
  "$out/corpus-$target" "$here/corpus/$target" 2>&1 | tee "$out/$target.log"

#!/usr/bin/env bash
# build.sh: build tilec's libFuzzer targets (fuzz_text, fuzz_bytecode) — see docs/fuzzing.md.
# Usage: test/fuzz/build.sh [BUILD_DIR]   (default: <repo>/build-fuzz)
# lib/support and lib/frontend are compiled with clang -fsanitize=fuzzer-no-link,address,undefined
# (coverage instrumentation); each harness is linked with -fsanitize=fuzzer,address,undefined against
# them and the MLIR C API of LLVM 22. Needs clang with libFuzzer (Debian: libclang-rt-14-dev).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/build-fuzz}"
llvm="${TILEC_LLVM_ROOT:-/usr/lib/llvm-22}"
cc="${CC:-clang}"
mkdir -p "$out/obj"

san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cflags="-std=c11 -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter $san \
  -D_POSIX_C_SOURCE=200809L -DTILEC_VERSION=\"fuzz\" -I$root/lib -I$root -isystem $llvm/include"

# lib/tileas/attrs.c: the TileAS attribute spellings the stage-op verifier (verify_stage.c) reads;
# lib/tileas/reg_layout.c: the register layouts attrs.c reads back (ct_log2_exact)
sources=("$root"/lib/support/*.c "$root"/lib/frontend/*.c "$root"/lib/tileas/attrs.c "$root"/lib/tileas/reg_layout.c)
printf '%s\n' "${sources[@]}" | xargs -P "$(nproc)" -I{} sh -c \
  'f="{}"; o="'"$out"'/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o";
   if [ ! -e "$o" ] || [ "$f" -nt "$o" ] || [ -n "$(find "'"$root"'/lib" "'"$root"'/dialect" -newer "$o" -name "*.h" -o -newer "$o" -name "*.def" | head -1)" ]; then
     '"$cc $cflags"' -fsanitize=fuzzer-no-link -c "$f" -o "$o" || exit 255; fi'

libs="-L$llvm/lib -Wl,-rpath,$llvm/lib -Wl,--start-group -lMLIRCAPIIR -lMLIRCAPILLVM -lMLIRCAPINVVM \
  -lMLIRCAPITarget -lMLIRCAPIRegisterEverything -Wl,--end-group -lMLIR -lLLVM -lstdc++ -lm"
for target in fuzz_text fuzz_bytecode; do
  # shellcheck disable=SC2086
  $cc $cflags -fsanitize=fuzzer "$here/$target.c" "$out"/obj/*.o $libs -o "$out/$target"
  echo "built $out/$target"
done

#!/usr/bin/env bash
# test.sh: set up and build tilec, run the whole test suite (unit tests + lit), the Python package
# tests (scripts/test_python.sh: pip install ./python, pytest), then build again
# with AddressSanitizer + UndefinedBehaviorSanitizer and run the suite once more.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh"
echo "== test suite (release build) =="
(cd "$here/build" && ctest --output-on-failure)
echo "== Python package (pip install ./python, pytest) =="
bash "$here/scripts/test_python.sh"
echo "== test suite (ASan + UBSan build) =="
BUILD_DIR="$here/build-asan" "$here/scripts/setup.sh" -DTILEC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
# LLVM/MLIR are not instrumented; leaks inside their global registries are not ours.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions="$here/test/lsan.supp"
# the stage re-entry check compiles every test kernel 5 times; under the sanitizers every 4th suffices
export TILEC_REENTRY_STRIDE=4
# the op matrix (test/op_matrix.py) likewise: every 4th combination under the sanitizers
export TILEC_MATRIX_STRIDE=4
# and the tensor-core corpus (test/corpus/run_corpus.py): every 3rd kernel; on the CPU emulator
# (emulate_corpus.py: the emulator and the launcher under the sanitizers, the release suite runs
# every kernel) every 6th
export TILEC_CORPUS_STRIDE=3 TILEC_CORPUS_EMU_STRIDE=6
(cd "$here/build-asan" && ctest --output-on-failure)

// --split-input-file compiles each chunk on its own, with line numbers of the original file, and
// --verify-diagnostics matches the diagnostics against the annotations.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s
// RUN: not %tilec -O0 --split-input-file %s 2>&1 | %FileCheck %s
// RUN: %tilec -O0 --split-input-file %S/Inputs/two_chunks.mlir | %FileCheck --check-prefix=OUT %S/Inputs/two_chunks.mlir

cuda_tile.module @ok {
  entry @k() {
    return
  }
}

// -----

cuda_tile.module @bad {
  entry @k() {
    // CHECK: split_verify.mlir:[[@LINE+2]]:{{[0-9]+}}: error: {{.*}}undefined{{.*}}%nope
    // expected-error@+1 {{undefined}}
    %x = addi %nope, %nope : tile<i32>
    return
  }
}

// -----

cuda_tile.module @also_ok {
  entry @k() {
    return
  }
}

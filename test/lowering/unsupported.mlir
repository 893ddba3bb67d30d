// Ops without code generation are rejected by name at their location.
// RUN: not %tilec --emit=ptx %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: unsupported.mlir:[[@LINE+4]]:5: error: `print_tko` is not supported by code generation yet
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<f32>
    %t = print_tko "%f", %v : tile<f32> -> token
    return
  }
}

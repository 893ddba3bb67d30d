// Ops without code generation are rejected by name at their location.
// RUN: not %tilec --emit=ptx %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: unsupported.mlir:[[@LINE+3]]:5: error: `alloca` is not supported by code generation yet
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %p = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    return
  }
}

// Ops without code generation are rejected by name at their location.
// RUN: not %tilec --emit=ptx %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: unsupported.mlir:[[@LINE+2]]:3: error: `global` is not supported by code generation yet
cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k(%x: tile<ptr<f32>>) {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}

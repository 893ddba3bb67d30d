// Ops without code generation are rejected by name at their location.
// RUN: not %tilec --emit=ptx %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: unsupported.mlir:[[@LINE+4]]:5: error: `scan` is not supported by code generation yet
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<8xf32>
    %s = scan %v dim=0 reverse=false identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<8xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      %c = addf %a, %b : tile<f32>
      yield %c : tile<f32>
    }
    return
  }
}

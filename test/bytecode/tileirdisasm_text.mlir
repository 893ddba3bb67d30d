// The text NVIDIA's tileirdisasm prints: the module's ops with no cuda_tile.module around them, its
// producer as a `// Producer:` comment. tilec reads it as one cuda_tile.module @kernels (the name the
// bytecode reader gives) with that producer; written as bytecode it comes back the same.
// RUN: %tilec -O0 %s | FileCheck %s
// RUN: %tilec -O0 --emit=bytecode %s -o %t.bc && %tilec -O0 %t.bc -o %t.back.mlir
// RUN: %tilec -O0 %s | diff - %t.back.mlir
// RUN: not %tilec -O0 --split-input-file %S/Inputs/bare_op_invalid.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: cuda_tile.module @kernels attributes {producer = "cuTile 1.7.0"} {
// CHECK-NEXT:   global @g alignment = 16 <f32: 1.000000e+00> : tile<4xf32>
// CHECK-NEXT:   entry @k(%arg0: tile<i32> {cuda_tile.foo = 7 : i32}, %arg1: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {
// CHECK:        entry @k2(%arg0: tile<i32>) {
// CHECK:      }
// CHECK-NOT:  cuda_tile.module
// BAD: bare_op_invalid.mlir:3:1: error: custom op 'addi' is unknown

// Producer: cuTile 1.7.0
global  @g alignment = 16 <f32: 1.000000e+00> : tile<4xf32>
entry @k(%arg0: tile<i32> {cuda_tile.foo = 7 : i32}, %arg1: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {
  return
}
entry @k2(%arg0: tile<i32>) {
  return
}

// Module-level globals (`global`, `get_global`): an LLVM global in the global address space
// (PTX `.global`) initialised with the dense value, read through a view over `get_global`'s
// pointer. `constant` makes it read-only data; `alignment` sets its alignment.
// RUN: %tilec -O3 %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.bw.ptx
// RUN: %check-ptx sm_100a %t.bw.ptx
// The reference interpreter reads the same data (the GPU suite runs the PTX against it).
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:i32:16:out --arg ptr:f32:4:out --print-outputs=16 | %FileCheck %s --check-prefix=INTERP
// RUN: not %tilec -O3 %S/Inputs/global_bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK-DAG: .global .align 64 .b8 table[64] = {
// CHECK-DAG: .global .align 4 .b8 scale[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
// CHECK: .entry lookup(
// CHECK: mov.b64 {{.*}}, table;
// CHECK: mov.b64 {{.*}}, scale;
// INTERP: output 0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
// INTERP: output 1: 1 2 3 4
// BAD: global_bad.mlir:7:3: error: code generation: two symbols are named `k` (kernels and globals share one PTX module)
cuda_tile.module @m {
  global private constant @table alignment = 64 <i32: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tile<16xi32>
  global @scale <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  entry @lookup(%out: tile<ptr<i32>>, %outf: tile<ptr<f32>>) {
    %t = get_global @table : tile<ptr<i32>>
    %tv = make_tensor_view %t, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %tp = make_partition_view %tv : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %tp[%c0] : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %ov = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %s1 = store_view_tko weak %x, %op[%c0] : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    %g = get_global @scale : tile<ptr<f32>>
    %gv = make_tensor_view %g, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %gp = make_partition_view %gv : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %y, %ty = load_view_tko weak %gp[%c0] : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %fv = make_tensor_view %outf, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %fp = make_partition_view %fv : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %s2 = store_view_tko weak %y, %fp[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

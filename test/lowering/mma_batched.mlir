// Batched (3-D) `mmaf` and `mmai` compile on both targets: per batch b, D[b] = A[b] x B[b] + C[b],
// in the multiply-add form with A and B staged in shared memory as [batch x rows] and a K loop
// per accumulator register (f32 fma for f16 operands, i32 multiply-adds for i8). 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// CHECK-LABEL: .entry bmm_f16(
// CHECK: fma.rn.f32
// CHECK-LABEL: .entry bmm_i8(
// CHECK: mul.wide.s16
cuda_tile.module @m {
  entry @bmm_f16(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 32, 16], strides = [512, 16, 1] : tensor_view<4x32x16xf16, strides=[512,16,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 16, 32], strides = [512, 32, 1] : tensor_view<4x16x32xf16, strides=[512,32,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 32, 32], strides = [1024, 32, 1] : tensor_view<4x32x32xf32, strides=[1024,32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(4x32x16), tensor_view<4x32x16xf16, strides=[512,16,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(4x16x32), tensor_view<4x16x32xf16, strides=[512,32,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(4x32x32), tensor_view<4x32x32xf32, strides=[1024,32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<4x32x32xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0, %c0] : partition_view<tile=(4x32x16), tensor_view<4x32x16xf16, strides=[512,16,1]>>, tile<i32> -> tile<4x32x16xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0, %c0] : partition_view<tile=(4x16x32), tensor_view<4x16x32xf16, strides=[512,32,1]>>, tile<i32> -> tile<4x16x32xf16>, token
    %d = mmaf %a, %b, %zero : tile<4x32x16xf16>, tile<4x16x32xf16>, tile<4x32x32xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0, %c0] : tile<4x32x32xf32>, partition_view<tile=(4x32x32), tensor_view<4x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
  entry @bmm_i8(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xi8, strides=[1024,32,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xi8, strides=[1024,32,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xi32, strides=[1024,32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x32x32), tensor_view<2x32x32xi8, strides=[1024,32,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x32), tensor_view<2x32x32xi8, strides=[1024,32,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x32x32), tensor_view<2x32x32xi32, strides=[1024,32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<2x32x32xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0, %c0] : partition_view<tile=(2x32x32), tensor_view<2x32x32xi8, strides=[1024,32,1]>>, tile<i32> -> tile<2x32x32xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0, %c0] : partition_view<tile=(2x32x32), tensor_view<2x32x32xi8, strides=[1024,32,1]>>, tile<i32> -> tile<2x32x32xi8>, token
    %d = mmai %a, %b, %zero signed signed : tile<2x32x32xi8>, tile<2x32x32xi8>, tile<2x32x32xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0, %c0] : tile<2x32x32xi32>, partition_view<tile=(2x32x32), tensor_view<2x32x32xi32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
}

// Batched (3-D) `mmaf` and `mmai` compile on both targets: per batch b, D[b] = A[b] x B[b] + C[b].
// When every batch fits an mma.sync shape they run on tensor cores: the accumulator layout is the
// m16n8 C fragment of every batch (the batch bits the highest register bits), A and B staged in
// shared memory as [batch x rows] (i8 B transposed: [batch x columns]), each batch's fragments read
// at its own offset. bmm_f16: 4 batches x 32x32x16 on a 2x2 warp grid, 1 k step x 2 n8 tiles = 8
// m16n8k16 per warp; bmm_i8: 2 batches x 32x32x32 = 4 m16n8k32. bmm_f16_k8 (K = 8, no mma.sync
// shape) keeps the multiply-add form with a K loop per accumulator register. 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: FileCheck %s < %t.b.ptx
// CHECK-LABEL: .entry bmm_f16(
// CHECK-NOT: fma.rn.f32
// CHECK-COUNT-8: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK-LABEL: .entry bmm_i8(
// CHECK-NOT: mul.wide.s16
// CHECK-COUNT-4: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// CHECK-NOT: mma.sync
// CHECK-LABEL: .entry bmm_f16_k8(
// CHECK-NOT: mma.sync
// CHECK: fma.rn.f32
// TileAS writes the batched accumulator layout (a reg bit above the 2-D ones per batch bit):
// RUN: %tilec --gpu-name=sm_90a --emit=tileas %s | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: "cuda_tile.mmaf"{{.*}}tileas.mma = "mma.sync", tileas.reg_layout = {lane = array<i64: 1, 2, 5, 6, 7>, reg = array<i64: 0, 8, 3, 10, 11>, warp = array<i64: 4, 9>}
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
  entry @bmm_f16_k8(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 32, 8], strides = [256, 8, 1] : tensor_view<4x32x8xf16, strides=[256,8,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 8, 32], strides = [256, 32, 1] : tensor_view<4x8x32xf16, strides=[256,32,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 32, 32], strides = [1024, 32, 1] : tensor_view<4x32x32xf32, strides=[1024,32,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(4x32x8), tensor_view<4x32x8xf16, strides=[256,8,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(4x8x32), tensor_view<4x8x32xf16, strides=[256,32,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(4x32x32), tensor_view<4x32x32xf32, strides=[1024,32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<4x32x32xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0, %c0] : partition_view<tile=(4x32x8), tensor_view<4x32x8xf16, strides=[256,8,1]>>, tile<i32> -> tile<4x32x8xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0, %c0] : partition_view<tile=(4x8x32), tensor_view<4x8x32xf16, strides=[256,32,1]>>, tile<i32> -> tile<4x8x32xf16>, token
    %d = mmaf %a, %b, %zero : tile<4x32x8xf16>, tile<4x8x32xf16>, tile<4x32x32xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0, %c0] : tile<4x32x32xf32>, partition_view<tile=(4x32x32), tensor_view<4x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
}

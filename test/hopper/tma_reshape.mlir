// wgmma operands from 3-D/4-D view loads read through `reshape` (issue 12, item 1; cuTile indexes
// batch and head this way): a [1, R, C] (or [1, 1, R, C]) view tile reshaped to [R, C] is a TMA
// pipe whose box keeps the unit dims, copied by cp.async.bulk.tensor.3d/.4d with the batch (and
// head) index as the outer coordinates; the reshape emits nothing. A reshape that merges a
// non-unit dim ([2, 64, 32] -> [128, 32]) is not such a view: that operand comes from registers.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// sm_100a (no wgmma, no tcgen05 code generation yet): the same kernels on mma.sync.
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// The host launcher reads the rank-3 and rank-4 maps (tilec-run --dry-run: the fields it encodes).
// RUN: %tilec-run %t.ptx --kernel batched_3d --dry-run --grid 2,2,2 --arg ptr:f16:2x128x64:random --arg ptr:f16:2x64x128:random --arg ptr:f32:2x128x128:out | %FileCheck %s --check-prefix=MAP3
// MAP3: tmap arg=3 dtype=6 rank=3 dims=64,128,2 strides=128,16384 box=32,64,1
// MAP3: tmap arg=4 dtype=6 rank=3 dims=128,64,2 strides=256,16384 box=64,32,1

// REMARK-DAG: tma_reshape.mlir:[[@LINE+37]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 32x64, MN-major
// REMARK-DAG: tma_reshape.mlir:[[@LINE+65]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64, K-major
// REMARK-DAG: tma_reshape.mlir:[[@LINE+92]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: registers; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 32x64, MN-major

// CHECK: tilec.tensormap batched_3d param=3 base_arg=0 dtype=f16 rank=3 dims=64,128,2 strides_bytes=128,16384 box=32,64,1
// CHECK-LABEL: .entry batched_3d(
// CHECK-NOT: mma.sync
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}]
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: tilec.tensormap heads_4d_nt param=3 base_arg=0 dtype=f16 rank=4 dims=64,64,2,2 strides_bytes=128,8192,16384 box=64,64,1,1
// CHECK-LABEL: .entry heads_4d_nt(
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}]
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry merged_batch(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{[{].*[}]}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd

cuda_tile.module @tma_reshape {
  entry @batched_3d(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [2, 128, 64], strides = [8192, 64, 1] : tensor_view<2x128x64xf16, strides=[8192,64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(1x64x32), tensor_view<2x128x64xf16, strides=[8192,64,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [2, 64, 128], strides = [8192, 128, 1] : tensor_view<2x64x128xf16, strides=[8192,128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1x32x64), tensor_view<2x64x128xf16, strides=[8192,128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [2, 128, 128], strides = [16384, 128, 1] : tensor_view<2x128x128xf32, strides=[16384,128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(1x64x64), tensor_view<2x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a3, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(1x64x32), tensor_view<2x128x64xf16, strides=[8192,64,1]>>, tile<i32> -> tile<1x64x32xf16>, token
      %b3, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(1x32x64), tensor_view<2x64x128xf16, strides=[8192,128,1]>>, tile<i32> -> tile<1x32x64xf16>, token
      %a = reshape %a3 : tile<1x64x32xf16> -> tile<64x32xf16>
      %b = reshape %b3 : tile<1x32x64xf16> -> tile<32x64xf16>
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %acc3 = reshape %acc : tile<64x64xf32> -> tile<1x64x64xf32>
    %t = store_view_tko weak %acc3, %c_pv[%bz, %bx, %by] : tile<1x64x64xf32>, partition_view<tile=(1x64x64), tensor_view<2x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  // Q·Kᵀ for (batch, head) with 4-D views [2, 2, 64, 64]: Q [1,1,64,64] -> [64,64]; K the same,
  // reshaped then permuted (K-major B).
  entry @heads_4d_nt(%q_ptr: tile<ptr<f16>>, %k_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %q16 = assume div_by<16>, %q_ptr : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k_ptr : tile<ptr<f16>>
    %o16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %q_tv = make_tensor_view %q16, shape = [2, 2, 64, 64], strides = [8192, 4096, 64, 1] : tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>
    %k_tv = make_tensor_view %k16, shape = [2, 2, 64, 64], strides = [8192, 4096, 64, 1] : tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>
    %o_tv = make_tensor_view %o16, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf32, strides=[4096,64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(1x1x64x64), tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(1x1x64x64), tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(1x64x64), tensor_view<4x64x64xf32, strides=[4096,64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %h in (%c0 to %c1, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %q4, %tq = load_view_tko weak %q_pv[%bz, %by, %c0, %c0] : partition_view<tile=(1x1x64x64), tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>>, tile<i32> -> tile<1x1x64x64xf16>, token
      %k4, %tk = load_view_tko weak %k_pv[%bz, %by, %c0, %c0] : partition_view<tile=(1x1x64x64), tensor_view<2x2x64x64xf16, strides=[8192,4096,64,1]>>, tile<i32> -> tile<1x1x64x64xf16>, token
      %q = reshape %q4 : tile<1x1x64x64xf16> -> tile<64x64xf16>
      %kn = reshape %k4 : tile<1x1x64x64xf16> -> tile<64x64xf16>
      %kt = permute %kn [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %d = mmaf %q, %kt, %acc_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %acc3 = reshape %acc : tile<64x64xf32> -> tile<1x64x64xf32>
    %t = store_view_tko weak %acc3, %o_pv[%bx, %c0, %c0] : tile<1x64x64xf32>, partition_view<tile=(1x64x64), tensor_view<4x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }
  // A [2, 32, 32] tile (two batches of 32 rows) merged into 64 rows: not a unit-dim reshape, so A
  // is loaded into registers; B stays a TMA pipe.
  entry @merged_batch(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 32, 64], strides = [2048, 64, 1] : tensor_view<4x32x64xf16, strides=[2048,64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %c_tv = make_tensor_view %c16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x32x32), tensor_view<4x32x64xf16, strides=[2048,64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<64x64xf16, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a3, %ta = load_view_tko weak %a_pv[%bx, %c0, %k] : partition_view<tile=(2x32x32), tensor_view<4x32x64xf16, strides=[2048,64,1]>>, tile<i32> -> tile<2x32x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %c0] : partition_view<tile=(32x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
      %a = reshape %a3 : tile<2x32x32xf16> -> tile<64x32xf16>
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

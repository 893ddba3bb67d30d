// wgmma for operands that cannot use TMA (issue 12, item 2): with no `assume div_by` on the operand
// pointers TileAS has no TMA or cp.async path for them (16-byte alignment unproven) and loads them
// with SIMT loads, yet the mmaf still runs on wgmma: A straight into wgmma's register fragment (its
// loads land where wgmma reads them: no conversion through shared memory), B staged from registers,
// transposed, into K-major swizzled slots (2 slots; 3 when a wgmma group stays in flight), with
// fence.proxy.async and a barrier before the wgmma reads them. A TMA A pipe and a staged B mix.
// The loads stay 2-byte loads (no alignment proof: no vectors); B, loaded element by element
// anyway, is laid out as its transpose (reg_layouts.c k_run_layout: 8 consecutive K per thread), so
// each thread's run of K goes to its K-major slot as one 16-byte store (before: 16 st.shared.b16). An f16 accumulator takes wgmma's
// .f16 D as well (last kernel).
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// sm_100a has no wgmma: with the tcgen05 path off the same kernels stay on mma.sync there.
// RUN: env TILEC_DISABLE_TCGEN05=1 %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s --check-prefix=SM100 < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// SM100-NOT: wgmma
// SM100: mma.sync.aligned.m16n8k16

// Why each operand is not on TMA (TileAS's rejection of the TMA layout):
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+40]]:7: remark: the A operand of an mma is loaded with ordinary loads, not TMA: base pointer not proven 16-byte aligned (assume div_by<16>)
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+40]]:7: remark: the B operand of an mma is loaded with ordinary loads, not TMA: base pointer not proven 16-byte aligned (assume div_by<16>)
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+40]]:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+62]]:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x32; B: registers, staged transposed into 3 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+84]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 128B) each iteration
// REMARK-DAG: wgmma_unaligned.mlir:[[@LINE+105]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration

// CHECK-LABEL: .entry gemm_unaligned(
// CHECK-NOT: ld.shared
// CHECK-DAG: ld.global.b16
// CHECK-DAG: st.shared.v4.b32
// CHECK-DAG: fence.proxy.async.shared::cta
// CHECK-DAG: wgmma.fence.sync.aligned
// CHECK-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{[{].*[}]}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
// CHECK-NOT: ld.global.v
// CHECK-NOT: st.shared.b16
// CHECK-LABEL: .entry gemm_b_unaligned(
// CHECK-DAG: cp.async.bulk.tensor.2d
// CHECK-DAG: st.shared.v4.b32
// CHECK-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{[{].*[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
// CHECK-LABEL: .entry gemm_bt_unaligned(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-LABEL: .entry gemm_f16_acc_unaligned(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16

cuda_tile.module @wgmma_unaligned {
  entry @gemm_unaligned(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_b_unaligned(%a_ptr: tile<ptr<bf16>>, %b_ptr: tile<ptr<bf16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<bf16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xbf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xbf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xbf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xbf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xbf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xbf16>, tile<32x128xbf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_bt_unaligned(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %bn, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b = permute %bn [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %d = mmaf %a, %b, %acc_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_f16_acc_unaligned(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f16>>) {
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f16: 0.000000e+00> : tile<64x64xf16>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf16>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf16>
      continue %d : tile<64x64xf16>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// Shapes and targets the Hopper path cannot handle fall back to mma.sync with a remark.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks --split-input-file %s -o %t.ptx 2>&1 | %FileCheck %s
// RUN: %FileCheck --check-prefix=PTX %s < %t.ptx
// sm_100a has no wgmma: the same kernel takes the Blackwell tcgen05 path (test/blackwell/), and
// the ones that path does not take fall back to mma.sync (test/blackwell/tcgen05_fallback.mlir).
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %examples/gemm.mlir -o %t.100.ptx 2>&1 | %FileCheck --check-prefix=SM100 %s
// RUN: %FileCheck --check-prefix=PTX100 %s < %t.100.ptx

// SM100: remark: tcgen05 path: m128n128k16 kind::f16
// PTX100-NOT: wgmma
// PTX100: tcgen05.mma.cta_group::1.kind::f16

// A tile M of 32 is below one m64 warpgroup tile.
// CHECK: fallback.mlir:[[@LINE+17]]:7: remark: mma.sync path: tile M must be 64 or 128
cuda_tile.module @m32 {
  entry @gemm_m32(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(32x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<32x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(32x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<32x32xf16>, tile<32x64xf16>, tile<32x64xf32>
      continue %d : tile<32x64xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
// PTX-LABEL: .entry gemm_m32
// PTX-NOT: wgmma
// PTX: mma.sync.aligned.m16n8k16

// -----

// The load index is computed inside the loop (k * 2): not supported by the Hopper path yet (the
// producer would have to evaluate it for iteration k + S).
// CHECK: fallback.mlir:[[@LINE+19]]:7: remark: mma.sync path: a load index is computed inside the loop (only the induction variable and values from before the loop are supported)
cuda_tile.module @idx {
  entry @gemm_idx(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %k2 = muli %k, %c2 : tile<i32>
      %a, %ta = load_view_tko weak %a_pv[%bx, %k2] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k2, %by] : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
// PTX-LABEL: .entry gemm_idx
// PTX-NOT: wgmma
// PTX: mma.sync.aligned.m16n8k16

// -----

// The A tile is also read by an ordinary op: a TMA pipe's tile lives in shared memory only, so the
// Hopper path does not take the kernel.
// CHECK: fallback.mlir:[[@LINE+17]]:7: remark: mma.sync path: a TMA-loaded tile is also used by ordinary ops
cuda_tile.module @also_used {
  entry @gemm_also_used(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %a32 = ftof %a : tile<64x64xf16> -> tile<64x64xf32>
      %e = addf %d, %a32 : tile<64x64xf32>
      continue %e : tile<64x64xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
// PTX-LABEL: .entry gemm_also_used
// PTX-NOT: wgmma
// PTX: mma.sync.aligned.m16n8k16

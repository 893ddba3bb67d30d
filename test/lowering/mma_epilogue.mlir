// Epilogue in the mma fragment layout: D = relu(A*B + bias) as f16. The bias row (one f32 per
// thread in its blocked layout) is broadcast straight into the accumulator layout through a
// 256-byte shared-memory exchange (each thread reads its distinct columns as pairs), the
// accumulator itself never moves (buffer = operand staging only, no 16 KiB conversion), and D is
// stored from the fragments as packed f16 pairs. Barriers: 2 for the staging + 2 for the bias
// (+ 2 in row_bcast).
// The mma.sync form is checked on sm_100a with the tcgen05 path off (TILEC_DISABLE_TCGEN05); on sm_90a the same
// kernels run on wgmma (A and B in registers: no operand pointer is proven aligned, so no TMA).
// RUN: env TILEC_DISABLE_TCGEN05=1 %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %FileCheck --check-prefix=SMEM %s < %t.100.ptx
// RUN: grep -c "bar.sync" %t.100.ptx | %FileCheck --check-prefix=BARS %s
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck --check-prefix=WGMMA %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// WGMMA-LABEL: .entry epi(
// WGMMA: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA: max.f32
// SMEM: .shared .align 16 .b8 __tilec_smem[9728];
// CHECK: .entry epi(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: st.shared.b32
// CHECK: bar.sync
// CHECK: ld.shared.v2.b32
// CHECK: max.f32
// CHECK: cvt.rn.f16x2.f32
// CHECK: st.global.b32
// BARS: {{^}}6{{$}}
//
// A distributed 1-D tile broadcast into a 2-D blocked layout of another thread mapping must move
// data (its single register differs per thread: it is not a splat).
// CHECK: .entry row_bcast(
// CHECK: bar.sync
// CHECK: ld.shared
cuda_tile.module @m {
  entry @epi(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %bias_ptr: tile<ptr<f32>>, %d_ptr: tile<ptr<f16>>) {
    %d_a16 = assume div_by<16>, %d_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %bias_tv = make_tensor_view %bias_ptr, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %d_tv = make_tensor_view %d_a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %bias_pv = make_partition_view %bias_tv : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>
    %d_pv = make_partition_view %d_tv : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %bias, %tbias = load_view_tko weak %bias_pv[%by] : partition_view<tile=(64), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %bias_row = reshape %bias : tile<64xf32> -> tile<1x64xf32>
    %bias_2d = broadcast %bias_row : tile<1x64xf32> -> tile<64x64xf32>
    %sum = addf %bias_2d, %acc : tile<64x64xf32>
    %relu = maxf %sum, %zero : tile<64x64xf32>
    %out = ftof %relu : tile<64x64xf32> -> tile<64x64xf16>
    %t = store_view_tko weak %out, %d_pv[%bx, %by] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @row_bcast(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %y_tv = make_tensor_view %y_ptr, shape = [4, 128], strides = [128, 1] : tensor_view<4x128xf32, strides=[128,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(4x128), tensor_view<4x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %x_row = reshape %x : tile<128xf32> -> tile<1x128xf32>
    %x_2d = broadcast %x_row : tile<1x128xf32> -> tile<4x128xf32>
    %t = store_view_tko weak %x_2d, %y_pv[%c0, %c0] : tile<4x128xf32>, partition_view<tile=(4x128), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

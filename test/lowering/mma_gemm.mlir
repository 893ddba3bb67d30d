// mmaf f16 x f16 -> f32 in a k-loop on mma.sync (sm_100a with TILEC_DISABLE_TCGEN05):
// ldmatrix (+.trans for B) and mma.sync m16n8k16; the accumulator stays in the mma fragment layout
// across iterations (no shared-memory round trip per iteration: exactly two barriers in the loop
// body, around the operand staging). On sm_90a the same kernel runs on wgmma although neither
// operand pointer is proven aligned (no TMA): A loaded straight into wgmma's register fragment, B
// staged from registers into K-major swizzled slots (test/hopper/wgmma_unaligned.mlir).
// RUN: env TILEC_DISABLE_TCGEN05=1 %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s < %t.100.ptx
// RUN: %ptxas -arch=sm_100a -v %t.100.ptx -o %t.100.cubin 2>&1 | %FileCheck %s --check-prefix=SPILL
// RUN: grep -c "bar.sync" %t.100.ptx | %FileCheck --check-prefix=BARS %s
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck --check-prefix=WGMMA %s < %t.90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.90.ptx -o %t.90.cubin 2>&1 | %FileCheck %s --check-prefix=SPILL
// WGMMA-NOT: mma.sync
// WGMMA: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// The only shared memory is the operand staging (2*64*40 + 2*32*72 bytes; no 16 KiB accumulator
// conversion buffer), operands are staged with 16-byte vectors, and the accumulator is stored
// straight from the mma fragments (pairs of consecutive columns).
// CHECK: .entry gemm(
// CHECK: .shared .align 16 .b8 __tilec_smem[9728];
// CHECK: st.shared.v4.b32
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: st.global.v2.b32
// SPILL: 0 bytes spill stores
// BARS: {{^}}2{{$}}
cuda_tile.module @m {
  entry @gemm(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
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
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

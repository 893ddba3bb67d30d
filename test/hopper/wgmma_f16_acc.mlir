// f16 accumulators on the tensor-core paths (issue 12: f16 and fp8 -> f16): on sm_90a wgmma's
// .f16 D fragment, two f16 per .b32 register (half the f32 accumulator's registers), repacked
// around every wgmma chain, so the loop waits for its group every iteration (wait_group 0: no group
// is kept in flight while its registers are unpacked); A from TMA (f16, e4m3) or from registers
// (negf of the loaded tile). On sm_100a the TMEM accumulator is f32 (instruction descriptor D type
// F32) and is rounded to f16 once, when it is read back (cvt.rn.f16x2.f32). ptxas accepts every
// kernel on both targets with 0 spills. Where neither is taken (sm_100a with TILEC_DISABLE_TCGEN05)
// the mmaf runs on mma.sync's f16 accumulator (m16n8k16 .f16, m16n8k32 .f16.e4m3.e4m3.f16).
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW-REMARK < %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: env TILEC_DISABLE_TCGEN05=1 %tilec -O3 --gpu-name=sm_100a %s -o %t.sync.ptx
// RUN: %FileCheck %s --check-prefix=SYNC < %t.sync.ptx
// RUN: %check-ptx sm_100a %t.sync.ptx
// SYNC-LABEL: .entry gemm_f16_acc16(
// SYNC: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// SYNC-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// SYNC-LABEL: .entry gemm_e4m3_acc16(
// SYNC: mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16
// SYNC-NEXT: {%r{{[0-9]+}}, %r{{[0-9]+}}},
// REMARK-NOT: stays in flight
// REMARK: wgmma_f16_acc.mlir:[[@LINE+33]]:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring
// REMARK-NOT: stays in flight
// CHECK-LABEL: .entry gemm_f16_acc16(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {{[{](%r[0-9]+, ){31}%r[0-9]+[}]}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.wait_group.sync.aligned 1;
// BW-REMARK: wgmma_f16_acc.mlir:[[@LINE+24]]:7: remark: tcgen05 path: m128n128k16 kind::f16
// BW-LABEL: .entry gemm_f16_acc16(
// BW: tcgen05.mma.cta_group::1.kind::f16
// BW: tcgen05.ld.sync.aligned.32x32b
// BW: cvt.rn.f16x2.f32
cuda_tile.module @m {
  entry @gemm_f16_acc16(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f16>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f16: 0.000000e+00> : tile<128x128xf16>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf16>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf16>
      continue %d : tile<128x128xf16>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
// e4m3 -> f16, A and B K-major (B an [N,K] tile through permute); a non-zero initial accumulator
// (an argument of the loop, loaded from C): on sm_100a it is widened to f32 and stored into TMEM.
// REMARK: wgmma_f16_acc.mlir:[[@LINE+29]]:7: remark: wgmma path: m64n64k32 x 1 warpgroup (128 threads); A: TMA ring
// CHECK-LABEL: .entry gemm_e4m3_acc16(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f16.e4m3.e4m3 {{.*}}, p, 1, 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// BW-REMARK: wgmma_f16_acc.mlir:[[@LINE+25]]:7: remark: tcgen05 path: m64n64k32 kind::f8f6f4
// BW-LABEL: .entry gemm_e4m3_acc16(
// BW: cvt.f32.f16
// BW: tcgen05.st.sync.aligned.16x256b
// BW: tcgen05.mma.cta_group::1.kind::f8f6f4
// BW: cvt.rn.f16x2.f32
  entry @gemm_e4m3_acc16(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f16>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f8E4M3FN>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %init, %ti = load_view_tko weak %c_pv[%bx, %by] : partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %init) -> (tile<64x64xf16>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %b, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(64x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %bt = permute %b [1, 0] : tile<64x64xf8E4M3FN> -> tile<64x64xf8E4M3FN>
      %d = mmaf %a, %bt, %acc_it : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf16>
      continue %d : tile<64x64xf16>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

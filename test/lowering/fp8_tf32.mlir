// tf32 and fp8 (f8E4M3FN, f8E5M2) compile as storage types: loads and stores move them (tf32 as
// f32, fp8 as bytes), `ftof` converts them with the PTX conversions (cvt.rn.tf32.f32,
// cvt.rn.satfinite.{e4m3,e5m2}x2.f32, cvt.rn.f16x2.{e4m3,e5m2}x2), and `mmaf` on them runs on
// tensor cores when M, N, K are multiples of 16, 8 and the k step: on sm_90a wgmma (m64nNk32
// .e4m3/.e5m2, m64nNk8 .tf32), on sm_100a tcgen05.mma kind::f8f6f4 / kind::tf32 (no alignment proof,
// so A and B are staged into shared memory, A with 16-byte stores: test/hopper/wgmma_staged_a.mlir);
// with M below 64 (mm_f8_m32, mm_tf32_m32) on both targets mma.sync.m16n8k32 .e4m3 and
// mma.sync.m16n8k8 .tf32, f32 accumulators, B staged transposed in shared memory (ldmatrix moves
// 16-bit elements, so no .trans); otherwise (mm_f8_k16) the multiply-add form on their f32 values. The verifier refuses arithmetic on them (addf wants a base float); code
// generation refuses any other op on them by name as a second line.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: FileCheck %s --check-prefix=MMA < %t.b.ptx
// CHECK-LABEL: .entry conv(
// CHECK-DAG: cvt.rn.satfinite.e4m3x2.f32
// CHECK-DAG: cvt.rn.f16x2.e4m3x2
// CHECK-DAG: cvt.rn.satfinite.e5m2x2.f32
// CHECK-DAG: cvt.rn.tf32.f32
// 64x64x64 on sm_90a: 2 k32 steps of one m64n64k32 wgmma.
// CHECK-LABEL: .entry mm_f8(
// CHECK-NOT: mma.sync
// CHECK: st.shared.v4.b32
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// CHECK-LABEL: .entry mm_f8_e5m2(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
// CHECK-LABEL: .entry mm_f8_k16(
// CHECK-NOT: mma.sync
// CHECK-NOT: wgmma.mma_async
// CHECK: cvt.rn.f16x2.e4m3x2
// CHECK: fma.rn.f32
// M 64, K 32, N 64: 4 k8 steps.
// CHECK-LABEL: .entry mm_tf32(
// CHECK-NOT: fma.rn.f32
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// CHECK-NOT: mma.sync
// M 32: mma.sync on both targets, a 2x2 warp grid of 16x32 per warp: 4 n8 x 2 k32 steps = 8
// m16n8k32 per warp; tf32 K 32: 4 n8 x 4 k8 = 16 m16n8k8.
// CHECK-LABEL: .entry mm_f8_m32(
// CHECK-COUNT-8: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// CHECK-NOT: mma.sync
// CHECK-LABEL: .entry mm_tf32_m32(
// CHECK-COUNT-16: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CHECK-NOT: mma.sync
// sm_100a, 64x64x64: 2 k32 steps of one tcgen05.mma each (M 64, N 64); tf32 K 32: 4 k8 steps.
// MMA-LABEL: .entry mm_f8(
// MMA: .maxnreg 255
// MMA-NOT: mma.sync
// MMA-COUNT-2: tcgen05.mma.cta_group::1.kind::f8f6f4
// MMA-LABEL: .entry mm_f8_e5m2(
// MMA-COUNT-2: tcgen05.mma.cta_group::1.kind::f8f6f4
// MMA-LABEL: .entry mm_tf32(
// MMA-NOT: mma.sync
// MMA-COUNT-4: tcgen05.mma.cta_group::1.kind::tf32
// MMA-LABEL: .entry mm_f8_m32(
// MMA-COUNT-8: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// MMA-LABEL: .entry mm_tf32_m32(
// MMA-COUNT-16: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
cuda_tile.module @m {
  entry @conv(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f8E4M3FN>>, %z_ptr: tile<ptr<f32>>, %w_ptr: tile<ptr<tf32>>, %v_ptr: tile<ptr<f8E5M2>>) {
    %x_tv = make_tensor_view %x_ptr, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %y_tv = make_tensor_view %y_ptr, shape = [256], strides = [1] : tensor_view<256xf8E4M3FN, strides=[1]>
    %z_tv = make_tensor_view %z_ptr, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %w_tv = make_tensor_view %w_ptr, shape = [256], strides = [1] : tensor_view<256xtf32, strides=[1]>
    %v_tv = make_tensor_view %v_ptr, shape = [256], strides = [1] : tensor_view<256xf8E5M2, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %w_pv = make_partition_view %w_tv : partition_view<tile=(256), tensor_view<256xtf32, strides=[1]>>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(256), tensor_view<256xf8E5M2, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %y = ftof %x : tile<256xf32> -> tile<256xf8E4M3FN>
    %t1 = store_view_tko weak %y, %y_pv[%c0] : tile<256xf8E4M3FN>, partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    %y2, %ty = load_view_tko weak %y_pv[%c0] : partition_view<tile=(256), tensor_view<256xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<256xf8E4M3FN>, token
    %z = ftof %y2 : tile<256xf8E4M3FN> -> tile<256xf32>
    %t2 = store_view_tko weak %z, %z_pv[%c0] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    %w = ftof %x : tile<256xf32> -> tile<256xtf32>
    %t3 = store_view_tko weak %w, %w_pv[%c0] : tile<256xtf32>, partition_view<tile=(256), tensor_view<256xtf32, strides=[1]>>, tile<i32> -> token
    %h = ftof %x : tile<256xf32> -> tile<256xf16>
    %v = ftof %h : tile<256xf16> -> tile<256xf8E5M2>
    %t4 = store_view_tko weak %v, %v_pv[%c0] : tile<256xf8E5M2>, partition_view<tile=(256), tensor_view<256xf8E5M2, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @mm_f8(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %d = mmaf %a, %b, %zero : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mm_f8_e5m2(%a_ptr: tile<ptr<f8E5M2>>, %b_ptr: tile<ptr<f8E5M2>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E5M2, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E5M2, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xf8E5M2, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xf8E5M2, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf8E5M2, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E5M2>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf8E5M2, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E5M2>, token
    %d = mmaf %a, %b, %zero : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mm_f8_k16(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf8E4M3FN, strides=[16,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf8E4M3FN, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[16,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), tensor_view<16x64xf8E4M3FN, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<64x16xf8E4M3FN>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<16x64xf8E4M3FN>, token
    %d = mmaf %a, %b, %zero : tile<64x16xf8E4M3FN>, tile<16x64xf8E4M3FN>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mm_tf32(%a_ptr: tile<ptr<tf32>>, %b_ptr: tile<ptr<tf32>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xtf32, strides=[32,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xtf32, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<64x32xtf32, strides=[32,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<32x64xtf32, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xtf32, strides=[32,1]>>, tile<i32> -> tile<64x32xtf32>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xtf32, strides=[64,1]>>, tile<i32> -> tile<32x64xtf32>, token
    %d = mmaf %a, %b, %zero : tile<64x32xtf32>, tile<32x64xtf32>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mm_f8_m32(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf8E4M3FN, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<32x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %d = mmaf %a, %b, %zero : tile<32x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<32x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mm_tf32_m32(%a_ptr: tile<ptr<tf32>>, %b_ptr: tile<ptr<tf32>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xtf32, strides=[32,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xtf32, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(32x32), tensor_view<32x32xtf32, strides=[32,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<32x64xtf32, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <f32: 0.0> : tile<32x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(32x32), tensor_view<32x32xtf32, strides=[32,1]>>, tile<i32> -> tile<32x32xtf32>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(32x64), tensor_view<32x64xtf32, strides=[64,1]>>, tile<i32> -> tile<32x64xtf32>, token
    %d = mmaf %a, %b, %zero : tile<32x32xtf32>, tile<32x64xtf32>, tile<32x64xf32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

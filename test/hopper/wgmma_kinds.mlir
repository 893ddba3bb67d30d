// wgmma beyond f16/bf16 (issue 12): tf32 (m64nNk8), f8E4M3FN / f8E5M2 (m64nNk32, f32
// accumulator) and mmai i8 -> i32 (m64nNk32 .s32, .u8/.s8 by each operand's signedness), with A
// and B both K-major in shared memory (the only order wgmma reads these types in): A a row-major
// [M,K] tile, B an [N,K] tile transposed by `permute [1, 0]`. Every wgmma k step is 32 bytes of K,
// so the descriptors advance as for f16. A tf32/8-bit B stored [K,N] (N contiguous) is staged
// from registers into K-major slots (last kernel). ptxas accepts every kernel with 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s --check-prefix=MN < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// REMARK: wgmma_kinds.mlir:[[@LINE+28]]:7: remark: wgmma path: m64n128k32 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x64; B: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x64, K-major
// REMARK: one wgmma group stays in flight
// CHECK-LABEL: .entry gemm_e5m2(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e5m2 {{.*}}, p, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 1;
// CHECK-NOT: mma.sync.aligned.m16n8
cuda_tile.module @m {
  entry @gemm_e5m2(%a_ptr: tile<ptr<f8E5M2>>, %b_ptr: tile<ptr<f8E5M2>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f8E5M2>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f8E5M2>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E5M2, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E5M2, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<1024x1024xf8E5M2, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x64), tensor_view<1024x1024xf8E5M2, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<1024x1024xf8E5M2, strides=[1024,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
      %b, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(128x64), tensor_view<1024x1024xf8E5M2, strides=[1024,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
      %bt = permute %b [1, 0] : tile<128x64xf8E5M2> -> tile<64x128xf8E5M2>
      %d = mmaf %a, %bt, %acc_it : tile<128x64xf8E5M2>, tile<64x128xf8E5M2>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

// REMARK: wgmma_kinds.mlir:[[@LINE+25]]:7: remark: wgmma path: m64n128k32 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 128x128; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 128x128, K-major
// CHECK-LABEL: .entry gemm_u8s8(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.u8.s8 {{.*}}, p;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: mma.sync.aligned.m16n8
  entry @gemm_u8s8(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<i8>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<i8>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<i32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi8, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi8, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), tensor_view<1024x1024xi8, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x128), tensor_view<1024x1024xi8, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xi32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xi32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x128), tensor_view<1024x1024xi8, strides=[1024,1]>>, tile<i32> -> tile<128x128xi8>, token
      %b, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(128x128), tensor_view<1024x1024xi8, strides=[1024,1]>>, tile<i32> -> tile<128x128xi8>, token
      %bt = permute %b [1, 0] : tile<128x128xi8> -> tile<128x128xi8>
      %d = mmai %a, %bt, %acc_it unsigned signed : tile<128x128xi8>, tile<128x128xi8>, tile<128x128xi32>
      continue %d : tile<128x128xi32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<1024x1024xi32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

// REMARK: wgmma_kinds.mlir:[[@LINE+25]]:7: remark: wgmma path: m64n128k8 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 128x32; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 128x32, K-major
// CHECK-LABEL: .entry gemm_tf32(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}, p, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: mma.sync.aligned.m16n8
  entry @gemm_tf32(%a_ptr: tile<ptr<tf32>>, %b_ptr: tile<ptr<tf32>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<tf32>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<tf32>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xtf32, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xtf32, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xtf32, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x32), tensor_view<1024x1024xtf32, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xtf32, strides=[1024,1]>>, tile<i32> -> tile<128x32xtf32>, token
      %b, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xtf32, strides=[1024,1]>>, tile<i32> -> tile<128x32xtf32>, token
      %bt = permute %b [1, 0] : tile<128x32xtf32> -> tile<32x128xtf32>
      %d = mmaf %a, %bt, %acc_it : tile<128x32xtf32>, tile<32x128xtf32>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

// cuTile's gemm_int8 form: B is [K,N] with N contiguous, which wgmma cannot read for 8-bit types
// (it transposes 16-bit ones only). B is SIMT-loaded and staged from registers: every thread
// writes its bytes of B transposed into a K-major 64B-swizzled slot (3 slots, slot kt % 3, as the
// group stays in flight), then fence.proxy.async and one CTA barrier, then the wgmmas read it.
// MN: wgmma_kinds.mlir:[[@LINE+26]]:7: remark: wgmma path: m64n128k32 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x64; B: registers, staged transposed into 3 K-major slots (swizzle 64B) each iteration
// CHECK-LABEL: .entry gemm_i8_mn(
// CHECK-COUNT-32: st.shared.b8
// CHECK-NEXT: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {{.*}}, p;
// CHECK-NOT: mma.sync.aligned.m16n8
  entry @gemm_i8_mn(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<i8>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<i8>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<i32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi8, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi8, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xi32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<1024x1024xi8, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<1024x1024xi8, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xi32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <i32: 0> : tile<128x128xi32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xi32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<1024x1024xi8, strides=[1024,1]>>, tile<i32> -> tile<128x64xi8>, token
      %bt, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<1024x1024xi8, strides=[1024,1]>>, tile<i32> -> tile<64x128xi8>, token
      %d = mmai %a, %bt, %acc_it signed signed : tile<128x64xi8>, tile<64x128xi8>, tile<128x128xi32>
      continue %d : tile<128x128xi32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xi32>, partition_view<tile=(128x128), tensor_view<1024x1024xi32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

// fp8 [K,N] B, staged like the i8 one (64B swizzle, one slab).
// MN: wgmma_kinds.mlir:[[@LINE+25]]:7: remark: wgmma path: m64n128k32 x 2 warpgroups{{.*}}B: registers, staged transposed into 3 K-major slots (swizzle 64B) each iteration
// CHECK-LABEL: .entry st_f8E4M3FN(
// CHECK: st.shared.b8
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// CHECK-NOT: mma.sync.aligned.m16n8
  entry @st_f8E4M3FN(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f8E4M3FN>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f8E4M3FN>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
      %bt, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<64x128xf8E4M3FN>, token
      %d = mmaf %a, %bt, %acc_it : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }

// tf32 [K,N] B with K = 64: 256 bytes of K per row, two 128B-swizzled slabs.
// MN: wgmma_kinds.mlir:[[@LINE+25]]:7: remark: wgmma path: m64n128k8 x 2 warpgroups{{.*}}B: registers, staged transposed into 3 K-major slots (swizzle 128B) each iteration
// CHECK-LABEL: .entry st_tf32(
// CHECK: st.shared.b32
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// CHECK-NOT: mma.sync.aligned.m16n8
  entry @st_tf32(%a_ptr: tile<ptr<tf32>>, %b_ptr: tile<ptr<tf32>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<tf32>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<tf32>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xtf32, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xtf32, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x64), tensor_view<1024x1024xtf32, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x128), tensor_view<1024x1024xtf32, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<1024x1024xtf32, strides=[1024,1]>>, tile<i32> -> tile<128x64xtf32>, token
      %bt, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x128), tensor_view<1024x1024xtf32, strides=[1024,1]>>, tile<i32> -> tile<64x128xtf32>, token
      %d = mmaf %a, %bt, %acc_it : tile<128x64xtf32>, tile<64x128xtf32>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

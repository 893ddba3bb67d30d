// Batched (3-D) mmaf on the tensor-core paths (issue 12: "batched (3-D) mmaf"; issue 14): A
// [B, M, K] and B [B, K, N] tiles of 3-D views, each one TMA box [B, rows, span] per box column
// (the tensor map's box has the batch as its outer dim: B consecutive [rows, span] slabs, each on
// its swizzle repeat), and one wgmma chain per batch on its slabs into its part of the
// accumulator (the batched accumulator layout: batch bits above the m64 layout's registers).
// With more than one box column (B with N = 128 f16 MN-major; A with K = 128 f16) the next column
// of a batch is B slabs on: the MN-major LBO and the K-major k-step offset use that stride
// (test/unit/hopper_desc.c). On sm_100a one tcgen05.mma chain per batch into TMEM columns
// b x N.., read back per batch (M = 64: 16x256b, M = 128: 32x32b). A batched B through
// `permute [0, 2, 1]` is a K-major TMA pipe like A (batched_nt; batched_nt_k128: 2 box columns).
// ptxas: 0 spills, both targets, WS forms; results: test/emu/batched_mma.test.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize %s -o %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW-REMARK < %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize %s -o %t.100ws.ptx
// RUN: %check-ptx sm_100a %t.100ws.ptx
// REMARK-DAG: wgmma_batched.mlir:79:7: remark: wgmma path: m64n128k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches); B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches) x 2, MN-major
// REMARK-DAG: wgmma_batched.mlir:103:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches) x 2;
// REMARK-DAG: wgmma_batched.mlir:127:7: remark: wgmma path: m64n64k16 x 2 warpgroups (256 threads), one chain for each of 2 batches
// REMARK-DAG: wgmma_batched.mlir:152:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32 per batch (2 batches); B: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32 per batch (2 batches), K-major
// REMARK-DAG: wgmma_batched.mlir:177:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches) x 2; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches) x 2, K-major
// CHECK-LABEL: // tilec.tensormap batched_wide param=3 base_arg=0 dtype=f16 rank=3 dims=256,256,4 strides_bytes=512,131072 box=64,64,2
// CHECK-NEXT: // tilec.tensormap batched_wide param=4 base_arg=1 dtype=f16 rank=3 dims=256,256,4 strides_bytes=512,131072 box=64,64,2
// CHECK-LABEL: .entry batched_wide(
// CHECK: cp.async.bulk.tensor.3d
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry batched_k128(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry batched_nt(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: mma.sync
// CHECK-LABEL: .entry batched_nt_k128(
// CHECK-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// BW-REMARK-DAG: wgmma_batched.mlir:79:7: remark: tcgen05 path: m64n128k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 256) of 256 allocated
// BW-REMARK-DAG: wgmma_batched.mlir:127:7: remark: tcgen05 path: m128n64k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 128) of 128 allocated; 256 threads
// BW-REMARK-DAG: wgmma_batched.mlir:152:7: remark: tcgen05 path: m64n64k16 kind::f16 for each of 2 batches issued by thread 0, {{.*}}; B: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32 per batch (2 batches), K-major
// BW-REMARK-DAG: wgmma_batched.mlir:177:7: remark: tcgen05 path: m64n64k16 kind::f16 for each of 2 batches issued by thread 0, {{.*}}; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 64x64 per batch (2 batches) x 2, K-major
// BW-LABEL: .entry batched_wide(
// BW-COUNT-8: tcgen05.mma.cta_group::1.kind::f16
// BW: tcgen05.ld.sync.aligned.16x256b.x8.b32
// BW-LABEL: .entry batched_m128(
// BW-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// BW: tcgen05.ld.sync.aligned.32x32b.x32.b32
// BW: tcgen05.ld.sync.aligned.32x32b.x32.b32
cuda_tile.module @m {
  entry @batched_wide(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf16, strides=[65536,256,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf16, strides=[65536,256,1]>
    %c_tv = make_tensor_view %c16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf32, strides=[65536,256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x64), tensor_view<4x256x256xf16, strides=[65536,256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x128), tensor_view<4x256x256xf16, strides=[65536,256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x128), tensor_view<4x256x256xf32, strides=[65536,256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x64), tensor_view<4x256x256xf16, strides=[65536,256,1]>>, tile<i32> -> tile<2x64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x64x128), tensor_view<4x256x256xf16, strides=[65536,256,1]>>, tile<i32> -> tile<2x64x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x64xf16>, tile<2x64x128xf16>, tile<2x64x128xf32>
      continue %d : tile<2x64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x128xf32>, partition_view<tile=(2x64x128), tensor_view<4x256x256xf32, strides=[65536,256,1]>>, tile<i32> -> token
    return
  }
  entry @batched_k128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 128, 256], strides = [32768, 256, 1] : tensor_view<4x128x256xf16, strides=[32768,256,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 256, 128], strides = [32768, 128, 1] : tensor_view<4x256x128xf16, strides=[32768,128,1]>
    %c_tv = make_tensor_view %c16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x128x64), tensor_view<4x256x128xf16, strides=[32768,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>, tile<i32> -> tile<2x64x128xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x128x64), tensor_view<4x256x128xf16, strides=[32768,128,1]>>, tile<i32> -> tile<2x128x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x128xf16>, tile<2x128x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_m128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf16, strides=[65536,256,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf16, strides=[65536,256,1]>
    %c_tv = make_tensor_view %c16, shape = [4, 256, 256], strides = [65536, 256, 1] : tensor_view<4x256x256xf32, strides=[65536,256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x128x32), tensor_view<4x256x256xf16, strides=[65536,256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x256x256xf16, strides=[65536,256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x128x64), tensor_view<4x256x256xf32, strides=[65536,256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x128x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x128x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x128x32), tensor_view<4x256x256xf16, strides=[65536,256,1]>>, tile<i32> -> tile<2x128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x256x256xf16, strides=[65536,256,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x128x32xf16>, tile<2x32x64xf16>, tile<2x128x64xf32>
      continue %d : tile<2x128x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x128x64xf32>, partition_view<tile=(2x128x64), tensor_view<4x256x256xf32, strides=[65536,256,1]>>, tile<i32> -> token
    return
  }
  entry @batched_nt(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %bn, %tb = load_view_tko weak %b_pv[%bz, %by, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b = permute %bn [0, 2, 1] : tile<2x64x32xf16> -> tile<2x32x64xf16>
      %d = mmaf %a, %b, %acc_it : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_nt_k128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [4, 128, 256], strides = [32768, 256, 1] : tensor_view<4x128x256xf16, strides=[32768,256,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 128, 256], strides = [32768, 256, 1] : tensor_view<4x128x256xf16, strides=[32768,256,1]>
    %c_tv = make_tensor_view %c16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>, tile<i32> -> tile<2x64x128xf16>, token
      %bn, %tb = load_view_tko weak %b_pv[%bz, %by, %k] : partition_view<tile=(2x64x128), tensor_view<4x128x256xf16, strides=[32768,256,1]>>, tile<i32> -> tile<2x64x128xf16>, token
      %b = permute %bn [0, 2, 1] : tile<2x64x128xf16> -> tile<2x128x64xf16>
      %d = mmaf %a, %b, %acc_it : tile<2x64x128xf16>, tile<2x128x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
}

// A tf32 / 8-bit A that TMA cannot take (no alignment proof) on wgmma (issue 12 item 2: "operands
// that cannot use TMA still use tensor cores"; before: mma.sync, "wgmma with A in registers is used
// for f16/bf16 only"). wgmma's register-A form is f16/bf16's fragment here, so such an A is staged
// into shared memory like B (hopper_plan.c plan_a_staging; tileas.a_staging_offset on the mmaf):
// every thread writes its registers, K-major and swizzled, into slot kt % slots, then
// fence.proxy.async and a CTA barrier hand the slots to wgmma, which reads A through a descriptor.
// A thread's run of consecutive K goes out as one store of up to 16 bytes (lower_hopper_loop.c
// hopper_stage_operand: st.shared.v4.b32 for a blocked 8-bit A, and for B, staged transposed,
// whose loads move one element each without an alignment proof: reg_layouts.c gives it the blocked
// layout of its transpose, 16 bytes of consecutive K per thread). On sm_100a tcgen05 stages them the same way (3 slots, ordered by its commit mbarriers;
// before: mma.sync, "tcgen05 stages an A that is not a view load for f16/bf16 only here"), its
// staging with 16-byte stores too, under the kernel's .maxnreg (lower_kernel.c).
// test/emu/staged_a.test runs every kernel here on the CPU emulator.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=TILEAS < %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.as.ptx
// RUN: cmp %t.ptx %t.as.ptx
// A wrong offset is refused, located: off the 1024-byte repeat (the verifier), over B's slots (the plan).
// RUN: sed 's/tileas.a_staging_offset = [0-9]*/tileas.a_staging_offset = 100/' %t.tileas.mlir > %t.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.bad.mlir -o %t.bad.ptx 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: .mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'cuda_tile.mmaf' op attribute 'tileas.a_staging_offset' must be a non-negative multiple of 1024
// RUN: sed 's/tileas.a_staging_offset = [0-9]*/tileas.a_staging_offset = 0/' %t.tileas.mlir > %t.overlap.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.overlap.mlir -o %t.overlap.ptx 2>&1 | %FileCheck %s --check-prefix=OVERLAP
// OVERLAP: .mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}two shared-memory ranges of the assignment overlap (tileas.offset / tileas.barriers / tileas.a_staging_offset / tileas.b_staging_offset / tileas.tmem)
// The B layout is TileAS's decision: given B's N-major blocked layout instead (on its loads and the
// loop's carried values), the same module stages it one byte per store.
// RUN: sed 's/{lane = array<i64: 10, 11, 0, 1, 2>, reg = array<i64: 6, 7, 8, 9, 5>, warp = array<i64: 3, 4>}/{lane = array<i64: 4, 5, 6, 7, 8>, reg = array<i64: 0, 1, 2, 3, 11>, warp = array<i64: 9, 10>}/g' %t.tileas.mlir > %t.nmajor.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.nmajor.mlir -o %t.nmajor.ptx
// RUN: %check-ptx sm_90a %t.nmajor.ptx
// RUN: %FileCheck %s --check-prefix=NMAJOR < %t.nmajor.ptx
// NMAJOR-LABEL: .entry e4m3_unaligned(
// NMAJOR: st.shared.b8
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize %s -o %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.remarks
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %FileCheck %s --check-prefix=BWPTX < %t.100.ptx
//
// REMARK-DAG: :108:7: remark: wgmma path: m64n64k32 x 1 warpgroup (128 threads); A: registers, staged into 2 K-major slots (swizzle 64B) each iteration; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: :130:7: remark: wgmma path: m64n64k8 x 1 warpgroup (128 threads); A: registers, staged into 2 K-major slots (swizzle 128B) each iteration; B: registers, staged transposed into 2 K-major slots
// REMARK-DAG: :152:7: remark: wgmma path: m64n64k32 x 1 warpgroup (128 threads); A: registers, staged into 2 K-major slots (swizzle 64B) each iteration; B: registers, staged transposed
// REMARK-DAG: :176:7: remark: wgmma path: m64n64k32 x 1 warpgroup (128 threads); A: registers, staged into 2 K-major slots (swizzle 64B) each iteration; B: TMA ring of {{[0-9]+}} stages, swizzle 64B, box 64x64, K-major
// BW-DAG: :108:7: remark: tcgen05 path: m64n64k32 kind::f8f6f4 issued by thread 0, {{.*}}; A: registers, staged into 3 K-major slots (swizzle 64B) each iteration; B: registers, staged transposed into 3 K-major slots (swizzle 64B) each iteration
// BW-DAG: :130:7: remark: tcgen05 path: m64n64k8 kind::tf32 issued by thread 0, {{.*}}; A: registers, staged into 3 K-major slots (swizzle 128B) each iteration
// BW-DAG: :152:7: remark: tcgen05 path: m64n64k32 kind::i8 issued by thread 0, {{.*}}; A: registers, staged into 3 K-major slots (swizzle 64B) each iteration
// BW-DAG: :176:7: remark: tcgen05 path: m64n64k32 kind::f8f6f4 issued by thread 0, {{.*}}; A: registers, staged into 3 K-major slots (swizzle 64B) each iteration; B: TMA ring of {{[0-9]+}} stages, swizzle 64B, box 64x64, K-major
// BW-NOT: mma.sync path
// BWPTX-LABEL: .entry e4m3_unaligned(
// BWPTX: .maxnreg 255
// BWPTX-NOT: mma.sync
// BWPTX: st.shared.v4.b32
// BWPTX: tcgen05.mma.cta_group::1.kind::f8f6f4
// BWPTX-LABEL: .entry tf32_unaligned(
// BWPTX-NOT: mma.sync
// BWPTX: tcgen05.mma.cta_group::1.kind::tf32
// BWPTX-LABEL: .entry i8_unaligned(
// BWPTX-NOT: mma.sync
// BWPTX: tcgen05.mma.cta_group::1.kind::i8
// BWPTX-LABEL: .entry e4m3_a_staged_b_ring(
// BWPTX-NOT: mma.sync
// BWPTX: cp.async.bulk.tensor
// BWPTX: tcgen05.mma.cta_group::1.kind::f8f6f4
//
// A [M, K] blocked (16 consecutive K per thread: flat bits 0-3); B [K, N] in the layout of its
// transpose (reg_layouts.c k_run_layout: registers on K's bits, flat 6-9).
// TILEAS: "tileas.load"{{.*}}tileas.reg_layout = {lane = array<i64: 4, 5, 6, 7, 8>, reg = array<i64: 0, 1, 2, 3, 11>, warp = array<i64: 9, 10>}
// TILEAS: "tileas.load"{{.*}}tileas.reg_layout = {lane = array<i64: 10, 11, 0, 1, 2>, reg = array<i64: 6, 7, 8, 9, 5>, warp = array<i64: 3, 4>}
// TILEAS: "cuda_tile.mmaf"{{.*}}tileas.a_staging_offset = {{[0-9]+}} : i64, tileas.b_staging_offset = {{[0-9]+}} : i64, tileas.mma = "wgmma"
// TILEAS-LABEL: sym_name = "e4m3_unaligned"
//
// A and B (64x64 bytes each, 32 per thread) go out as 2 + 2 16-byte stores per iteration, no
// byte stores (B per element before: 32 st.shared.b8, 167 registers; now 78).
// CHECK-LABEL: .entry e4m3_unaligned(
// CHECK-NOT: mma.sync
// CHECK-NOT: st.shared.{{[ub]}}8
// CHECK-COUNT-4: st.shared.v4.b32
// CHECK-NOT: st.shared
// CHECK: fence.proxy.async.shared::cta
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK-LABEL: .entry tf32_unaligned(
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// CHECK-LABEL: .entry i8_unaligned(
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8
// CHECK-LABEL: .entry e4m3_a_staged_b_ring(
// CHECK: cp.async.bulk.tensor.2d
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
cuda_tile.module @staged_a {
  entry @e4m3_unaligned(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf8E4M3FN, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>
    %b_tv = make_tensor_view %b_ptr, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf8E4M3FN, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<128x256xf8E4M3FN, strides=[256,1]>>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %r = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<128x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %d = mmaf %a, %b, %acc : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @tf32_unaligned(%a_ptr: tile<ptr<tf32>>, %b_ptr: tile<ptr<tf32>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xtf32, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x128xtf32, strides=[128,1]>>
    %b_tv = make_tensor_view %b_ptr, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xtf32, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<128x256xtf32, strides=[256,1]>>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %r = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x128xtf32, strides=[128,1]>>, tile<i32> -> tile<64x64xtf32>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<128x256xtf32, strides=[256,1]>>, tile<i32> -> tile<64x64xtf32>, token
      %d = mmaf %a, %b, %acc : tile<64x64xtf32>, tile<64x64xtf32>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @i8_unaligned(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xi8, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x128xi8, strides=[128,1]>>
    %b_tv = make_tensor_view %b_ptr, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xi8, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<128x256xi8, strides=[256,1]>>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xi32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xi32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %r = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<64x64xi32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x128xi8, strides=[128,1]>>, tile<i32> -> tile<64x64xi8>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<128x256xi8, strides=[256,1]>>, tile<i32> -> tile<64x64xi8>, token
      %d = mmai %a, %b, %acc signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
      continue %d : tile<64x64xi32>
    }
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<256x256xi32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  entry @e4m3_a_staged_b_ring(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f8E4M3FN>>
    %a_tv = make_tensor_view %a_ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf8E4M3FN, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>
    %b_tv = make_tensor_view %b16, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf8E4M3FN, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %r = for %k in (%c0 to %c2, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %bt, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(64x64), tensor_view<256x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %b = permute %bt [1, 0] : tile<64x64xf8E4M3FN> -> tile<64x64xf8E4M3FN>
      %d = mmaf %a, %b, %acc : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

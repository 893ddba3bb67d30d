// Batched (3-D) mmaf on wgmma with operands TMA cannot take (issue 12: "batched (3-D) mmaf",
// "operands that cannot use TMA still use tensor cores"): without an alignment proof an operand is
// loaded with ordinary loads, and on sm_90a the mmaf still runs one wgmma chain per batch — A from
// registers (the batched fragment layout: batch b's k/2 registers feed its chain), B staged per
// batch into K-major slots laid out as a [batch, N, span] TMA box would be. Either operand may
// instead be a TMA ring. A kernel whose live tiles exceed the register budget at M / 64 warpgroups
// takes more warpgroups that split the batches (batched_k64_n128: 2 warpgroups, each one batch's
// chain and accumulators; no register prefetch then), with the remark. On sm_100a one tcgen05.mma chain per
// batch, A and B staged per batch alike; there the accumulators live in tensor memory, so the
// register estimate does not count them in the loop and batched_k64_n128 takes tcgen05 (its 2 x 64 x
// 128 f32 accumulator is read back after the loop). ptxas: 0 spills, both targets, and the warp-specialised
// forms. Results on the emulator: test/emu/batched_mma.test.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2> %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WS < %t.ws.remarks
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.remarks
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize %s -o %t.100ws.ptx
// RUN: %check-ptx sm_100a %t.100ws.ptx
// REMARK-DAG: wgmma_batched_registers.mlir:75:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_batched_registers.mlir:97:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: registers; B: TMA ring of {{[0-9]}} stages, swizzle 128B, box 32x64 per batch (2 batches), MN-major
// REMARK-DAG: wgmma_batched_registers.mlir:119:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32 per batch (2 batches); B: registers, staged transposed into {{[0-9]}} K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_batched_registers.mlir:140:7: remark: wgmma path: m64n64k16 x 2 warpgroups (256 threads), one chain for each of 2 batches; A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_batched_registers.mlir:161:7: remark: wgmma path with the batches split over 2 warpgroups (256 threads): at 128 threads the live tiles would need {{[0-9]+}} registers per thread, over the budget of 223; split, {{[0-9]+}} of 223
// REMARK-DAG: wgmma_batched_registers.mlir:159:7: remark: ordinary loads of this loop not prefetched: the batches are split over 2 warpgroups
// REMARK-DAG: wgmma_batched_registers.mlir:161:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads), the 2 batches split over them (1 per warpgroup, one chain each); A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 128B) each iteration
// REMARK-NOT: mma.sync path
// REMARK-DAG: wgmma_batched_registers.mlir:182:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads), one chain for each of 2 batches; A: registers; B: registers, staged transposed into 2 K-major slots (swizzle 64B) each iteration
// CHECK-LABEL: .entry batched_regs(
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry batched_m128_regs(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK-LABEL: .entry batched_k64_n128(
// CHECK: .reqntid 256
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry batched_acc_f16(
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16
// CHECK-NOT: wgmma.mma_async
// WS-DAG: wgmma_batched_registers.mlir:72:5: remark: warp specialization: not for this loop: the loop has no TMA ring
// WS-DAG: wgmma_batched_registers.mlir:94:5: remark: warp specialization (--pipeline-strategy=warp-specialize
// WS-DAG: wgmma_batched_registers.mlir:116:5: remark: warp specialization (--pipeline-strategy=warp-specialize
// BW-DAG: wgmma_batched_registers.mlir:75:7: remark: tcgen05 path: m64n64k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 128) of 128 allocated; 128 threads read it back (tcgen05.ld); A: registers, staged into {{[0-9]}} K-major slots (swizzle 64B) each iteration; B: registers, staged transposed into {{[0-9]}} K-major slots (swizzle 64B) each iteration
// BW-DAG: wgmma_batched_registers.mlir:119:7: remark: tcgen05 path: m64n64k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 128) of 128 allocated; 128 threads read it back (tcgen05.ld); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 64x32 per batch (2 batches); B: registers, staged transposed
// BW-DAG: wgmma_batched_registers.mlir:140:7: remark: tcgen05 path: m128n64k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 128) of 128 allocated; 256 threads
// BW-DAG: wgmma_batched_registers.mlir:161:7: remark: tcgen05 path: m64n128k16 kind::f16 for each of 2 batches issued by thread 0, accumulator in TMEM columns [0, 256) of 256 allocated; 128 threads read it back (tcgen05.ld); A: registers, staged into 3 K-major slots (swizzle 128B) each iteration; B: registers, staged transposed into 3 K-major slots (swizzle 128B) each iteration
// BW-NOT: mma.sync path
cuda_tile.module @wgmma_batched_registers {
  entry @batched_regs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_a_regs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_b_staged(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_m128_regs(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x128x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x128x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x128x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x128x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x128x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x128x32xf16>, tile<2x32x64xf16>, tile<2x128x64xf32>
      continue %d : tile<2x128x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x128x64xf32>, partition_view<tile=(2x128x64), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_k64_n128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x64x128), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x128), tensor_view<4x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x64x128), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x64xf16>, tile<2x64x128xf16>, tile<2x64x128xf32>
      continue %d : tile<2x64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x128xf32>, partition_view<tile=(2x64x128), tensor_view<4x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @batched_acc_f16(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f16>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [4, 128, 128], strides = [16384, 128, 1] : tensor_view<4x128x128xf16, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f16: 0.000000e+00> : tile<2x64x64xf16>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<2x64x64xf16>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(2x64x32), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(2x32x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf16>
      continue %d : tile<2x64x64xf16>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<2x64x64xf16>, partition_view<tile=(2x64x64), tensor_view<4x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
}

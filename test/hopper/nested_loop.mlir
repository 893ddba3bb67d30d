// The TMA tensor-core paths for a loop nested in control flow (issue 12: loops nested in other
// control flow, persistent kernels): the K loop inside a persistent tile loop, or inside an `if`.
// The mbarriers are initialised once (16 = 2 pipes x 4 stages x full/empty); the rings run on
// across the loop's executions, indexed by the global iteration base + kt that every thread keeps
// (an alloca LLVM promotes to registers: no local memory); an in-flight wgmma group's last stages
// are released on the loop's exit edge. On sm_100a the r-th read-back of the TMEM accumulator
// waits for parity r & 1 of its mbarrier, and the barrier after the loop is fenced
// (tcgen05.fence::before/after_thread_sync) so that the next tile's MMAs follow every tcgen05.ld.
// Warp specialized (--pipeline-strategy=warp-specialize; `auto` for the persistent ones): the agents
// split at the kernel's start; the producer's thread replays the tile loop and the `if` (the producer
// slice: tileas/ws_slice.c) with the K loop as its fill loop, its fills running on across executions;
// a tile loop carrying a value the consumers compute carries a placeholder there (persistent_carried).
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s --check-prefix=BW < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2>&1 | %FileCheck %s --check-prefix=WS
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=auto --remarks %s -o %t.auto.ptx 2>&1 | %FileCheck %s --check-prefix=AUTO
// WS: nested_loop.mlir:104:7: remark: warp specialization (--pipeline-strategy=warp-specialize
// WS: nested_loop.mlir:137:7: remark: warp specialization (--pipeline-strategy=warp-specialize
// WS: nested_loop.mlir:169:7: remark: warp specialization (--pipeline-strategy=warp-specialize
// WS: nested_loop.mlir:201:7: remark: warp specialization (--pipeline-strategy=warp-specialize
// WSPTX-LABEL: .entry persistent_init(
// WSPTX: .reqntid 384, 1, 1
// WSPTX: setmaxnreg.dec.sync.aligned.u32 40;
// WSPTX: cp.async.bulk.tensor.2d
// WSPTX: setmaxnreg.inc.sync.aligned.u32 232;
// WSPTX-NOT: cp.async.bulk.tensor
// WSPTX: bar.sync 1, 256;
// WSPTX-NOT: cp.async.bulk.tensor
// WSPTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// WSPTX-NOT: cp.async.bulk.tensor
// WSPTX-LABEL: .entry gemm_in_if(
// WSPTX: setmaxnreg.dec.sync.aligned.u32 40;
// WSPTX-LABEL: .entry persistent_unaligned_b(
// WSPTX: setmaxnreg.dec.sync.aligned.u32 40;
// WSPTX-LABEL: .entry persistent_carried(
// WSPTX: .reqntid 384, 1, 1
// WSPTX: setmaxnreg.dec.sync.aligned.u32 40;
// AUTO: remark: warp specialization (auto: a persistent kernel (its tile loop strides by the grid: one wave by design)
// AUTO: remark: warp specialization: auto keeps the modulo pipeline: the loop runs fewer than two fills per stage
// AUTO-COUNT-2: remark: warp specialization (auto: a persistent kernel
// REMARK-DAG: nested_loop.mlir:107:9: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of 4 stages
// REMARK-DAG: nested_loop.mlir:140:9: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of 4 stages
// REMARK-DAG: nested_loop.mlir:172:9: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of 5 stages, swizzle 64B, box 128x32; B: registers, staged
// CHECK-NOT: .local
// CHECK-LABEL: .entry persistent_init(
// CHECK-COUNT-16: mbarrier.init.shared.b64
// CHECK-NOT: mbarrier.init
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: bar.sync
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NEXT: mbarrier.arrive.shared.b64
// CHECK-NEXT: bar.sync 0;
// CHECK-LABEL: .entry gemm_in_if(
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-LABEL: .entry persistent_unaligned_b(
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// BW-NOT: .local
// BW-LABEL: .entry persistent_init(
// BW: tcgen05.st.sync.aligned.32x32b
// BW: tcgen05.mma.cta_group::1.kind::f16
// BW: and.b32 [[PAR:%r[0-9]+]], %r{{[0-9]+}}, 1;
// BW: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [%rd{{[0-9]+}}], [[PAR]];
// BW: tcgen05.ld.sync.aligned.32x32b
// BW: tcgen05.wait::ld.sync.aligned;
// BW: tcgen05.fence::before_thread_sync;
// BW-NEXT: bar.sync 0;
// BW-NEXT: tcgen05.fence::after_thread_sync;
// BW-LABEL: .entry gemm_in_if(
// BW: tcgen05.mma.cta_group::1.kind::f16
// BW-LABEL: .entry persistent_unaligned_b(
// BW: tcgen05.mma.cta_group::1.kind::f16
cuda_tile.module @m {
  // a persistent GEMM whose K loop has 5 trips (not a multiple of the ring depth), an accumulator
  // starting from the C tile (non-zero), and an A tile loaded once before the tile loop
  entry @persistent_init(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 160], strides = [160, 1] : tensor_view<1024x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 1024], strides = [1024, 1] : tensor_view<160x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 8> : tile<i32>
    %ntiles = constant <i32: 64> : tile<i32>
    for %t in (%bx to %ntiles, step %gx) : tile<i32> {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %init, %ti = load_view_tko weak %c_pv[%tm, %tn] : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<128x128xf32>, token
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %init) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    }
    return
  }
  // the K loop inside an `if`
  entry @gemm_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 160], strides = [160, 1] : tensor_view<1024x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 1024], strides = [1024, 1] : tensor_view<160x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 8> : tile<i32>
    %ntiles = constant <i32: 64> : tile<i32>
    %go = cmpi less_than %bx, %ntiles, signed : tile<i32> -> tile<i1>
    if %go {
      %tm = divi %bx, %ntn signed : tile<i32>
      %tn = remi %bx, %ntn signed : tile<i32>
      %init, %ti = load_view_tko weak %c_pv[%tm, %tn] : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<128x128xf32>, token
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %init) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    }
    return
  }
  // the same with B unaligned: staged from registers (tcgen05: the slots ordered by two commit mbarriers)
  entry @persistent_unaligned_b(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<2>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 160], strides = [160, 1] : tensor_view<1024x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 1024], strides = [1024, 1] : tensor_view<160x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 8> : tile<i32>
    %ntiles = constant <i32: 64> : tile<i32>
    for %t in (%bx to %ntiles, step %gx) : tile<i32> {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %init, %ti = load_view_tko weak %c_pv[%tm, %tn] : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<128x128xf32>, token
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %init) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    }
    return
  }
  // the tile loop carries a count of its tiles (a value only the consumers compute): not specialised
  entry @persistent_carried(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 160], strides = [160, 1] : tensor_view<1024x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 1024], strides = [1024, 1] : tensor_view<160x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 8> : tile<i32>
    %ntiles = constant <i32: 64> : tile<i32>
    %done = for %t in (%bx to %ntiles, step %gx) : tile<i32> iter_values(%n = %c0) -> (tile<i32>) {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %init, %ti = load_view_tko weak %c_pv[%tm, %tn] : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<128x128xf32>, token
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %init) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<1024x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
      %n1 = addi %n, %c1 : tile<i32>
      continue %n1 : tile<i32>
    }
    return
  }
}

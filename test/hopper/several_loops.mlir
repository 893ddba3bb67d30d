// Several loops with mmaf in one kernel on the Hopper TMA + wgmma path (issue 12: "anywhere in the
// kernel ... several loops"): each top-level loop gets its own TMA rings and mbarriers, filled,
// waited for and refilled inside it; the rings of different loops share one shared-memory region
// (the loops run one after the other, and every fill of a loop is read before its exit barrier),
// the mbarriers do not. A tile loaded before a loop that reads it (here between the two loops) is
// a one-shot pipe of that loop. Each loop's protocol is proven on its own. On sm_100a each loop's
// one mmaf runs on tcgen05, the loops' accumulators sharing the kernel's one TMEM allocation, each
// with its own accumulator-ready mbarrier: loop 1's read back (tcgen05.ld), loop 2's stored from
// registers (tcgen05.st) before its MMAs. A loop inside an `if` (`second_in_if`: run at most
// once, its rings start afresh; test/hopper/loops_in_if.mlir) is taken too. Warp specialization: one producer warpgroup serves both loops in turn (every loop
// carries the same tileas.agents; one that differs, or a loop without them, is refused with a
// located error); at 4 CTAs per SM the rings keep sharing shared memory, so the producer waits for
// loop 1's last stages before it fills loop 2 (test/emu/ws_several_loops.test runs it); its TileAS
// re-enters to the same PTX.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=TILEAS < %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.re.ptx
// RUN: cmp %t.ptx %t.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --emit=tileaa %s -o %t.tileaa.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileaa.mlir -o %t.re2.ptx
// RUN: cmp %t.ptx %t.re2.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2>&1 | %FileCheck %s --check-prefix=BW
// RUN: %FileCheck %s --check-prefix=BWPTX < %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --emit=tileas %s -o %t.100.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_100a %t.100.tileas.mlir -o %t.100.re.ptx
// RUN: cmp %t.100.ptx %t.100.re.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2>&1 | %FileCheck %s --check-prefix=WS
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.ws.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.ws.tileas.mlir -o %t.ws.re.ptx
// RUN: cmp %t.ws.ptx %t.ws.re.ptx
// RUN: sed -z 's/regs = 104 : i64/regs = 112 : i64/2' %t.ws.tileas.mlir > %t.ws.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.ws.bad.mlir -o %t.ws.bad.ptx 2>&1 | %FileCheck %s --check-prefix=WSBAD
// RUN: sed '0,/tileas.offset = 20480/s//tileas.offset = 40960/' %t.tileas.mlir > %t.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_90a %t.bad.mlir -o %t.bad.ptx 2>&1 | %FileCheck %s --check-prefix=BAD
// REMARK-DAG: several_loops.mlir:134:5: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: several_loops.mlir:140:5: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: several_loops.mlir:143:7: remark: wgmma path: one wgmma group stays in flight across iterations
// REMARK-DAG: several_loops.mlir:112:3: remark: shared memory: 42304 bytes
// REMARK-DAG: several_loops.mlir:178:7: remark: the B operand of an mma is loaded with ordinary loads, not TMA
// REMARK-DAG: several_loops.mlir:179:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA ring of 6 stages, swizzle 64B, box 64x32; B: registers, staged transposed into 3 K-major slots
// REMARK-DAG: several_loops.mlir:176:5: remark: wgmma path: 1 TMA pipe, 4096 bytes per iteration, 12 mbarriers; loop 2 of 2
// REMARK-DAG: several_loops.mlir:216:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA load before the loop, swizzle 64B, box 64x32; B: TMA ring of 6 stages
// REMARK-DAG: several_loops.mlir:214:5: remark: wgmma path: 2 TMA pipes, 4096 bytes per iteration, 13 mbarriers; loop 2 of 2
// REMARK-DAG: several_loops.mlir:244:5: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 1 of 2, its rings sharing shared memory with the other loops'
// REMARK-DAG: several_loops.mlir:252:7: remark: wgmma path: 2 TMA pipes, 8192 bytes per iteration, 20 mbarriers; loop 2 of 2, its rings sharing shared memory with the other loops'
// Two loops, 2 pipes x 5 stages x (full, empty) each; loop 2's fills follow loop 1's exit wait and barrier.
// CHECK-LABEL: .entry two_loops(
// CHECK-COUNT-40: mbarrier.init.shared.b64
// CHECK-NOT: mbarrier.init.shared
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NEXT: // end inline asm
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.bulk.tensor.2d
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .entry second_b_staged(
// CHECK-COUNT-32: mbarrier.init.shared.b64
// CHECK-NOT: mbarrier.init.shared
// CHECK: wgmma.mma_async
// CHECK: fence.proxy.async.shared::cta
// CHECK: wgmma.mma_async
// CHECK-LABEL: .entry between(
// CHECK-COUNT-33: mbarrier.init.shared.b64
// CHECK: wgmma.mma_async
// CHECK-LABEL: .entry second_in_if(
// CHECK-NOT: mma.sync.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// two_loops (the first entry): loop 2's rings at loop 1's offsets (0 and 20480), its mbarriers after loop 1's.
// TILEAS: "tileas.alloc"() {{.*}}tileas.offset = 0 : i64
// TILEAS: tileas.barriers = {empty = 41000 : i64
// TILEAS: "tileas.alloc"() {{.*}}tileas.offset = 20480 : i64
// TILEAS: "tileas.alloc"() {{.*}}tileas.offset = 0 : i64
// TILEAS: tileas.barriers = {empty = 41160 : i64
// TILEAS: "tileas.alloc"() {{.*}}tileas.offset = 20480 : i64
// BW-DAG: several_loops.mlir:134:5: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 1 of 2
// BW-DAG: several_loops.mlir:140:5: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2
// BW-DAG: several_loops.mlir:143:7: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated
// BW-DAG: several_loops.mlir:176:5: remark: tcgen05 path: 1 TMA pipe, 4096 bytes per iteration, 21 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; the staging slots are ordered by two commit mbarriers; loop 2 of 2
// BW-DAG: several_loops.mlir:216:7: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated; 128 threads read it back (tcgen05.ld); A: TMA load before the loop
// BW-DAG: several_loops.mlir:252:7: remark: tcgen05 path: 2 TMA pipes, 8192 bytes per iteration, 25 mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; loop 2 of 2, its rings sharing shared memory with the other loops'
// One TMEM allocation; loop 1's accumulator read back, loop 2's stored from registers into the same columns.
// BWPTX-LABEL: .entry two_loops(
// BWPTX: tcgen05.alloc.cta_group::1
// BWPTX-NOT: tcgen05.alloc
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// BWPTX: tcgen05.ld.sync.aligned
// BWPTX: tcgen05.wait::ld.sync.aligned
// BWPTX: tcgen05.st.sync.aligned
// BWPTX: tcgen05.wait::st.sync.aligned
// BWPTX: tcgen05.mma.cta_group::1.kind::f16
// BWPTX: tcgen05.ld.sync.aligned
// BWPTX: tcgen05.dealloc.cta_group::1
// BWPTX-NOT: tcgen05.alloc
// BWPTX-LABEL: .entry second_b_staged(
// WS: several_loops.mlir:134:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant: each agent modulo-scheduled on its own RRT): producer warpgroup warps 4-7 at 24 registers issues the TMA fills for the kernel's 2 loops in turn (a loop's rings reuse an earlier loop's shared memory: the producer waits for that loop's last stages first)
// WSPTX-LABEL: .entry two_loops(
// WSPTX: setmaxnreg.dec.sync.aligned.u32 24
// WSPTX: setmaxnreg.inc.sync.aligned.u32 104
// WSPTX-NOT: setmaxnreg
// WSPTX-LABEL: .entry second_b_staged(
// WSBAD: .ws.bad.mlir:{{[0-9]+}}:7: error: the wgmma path cannot use this tileaa.for's warp specialization: the loops' tileas.pipeline or tileas.agents differ
// BAD: .bad.mlir:7:7: error: the wgmma path cannot use this tileas.alloc's shared-memory assignment: two shared-memory ranges of the assignment overlap
cuda_tile.module @several_loops {
  entry @two_loops(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d0 : tile<64x64xf32>
    }
    %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
      %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @second_b_staged(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_tv = make_tensor_view %v_ptr, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d0 : tile<64x64xf32>
    }
    %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
      %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @between(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d0 : tile<64x64xf32>
    }
    %u0, %tu0 = load_view_tko weak %u_pv[%bx, %c0] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc2 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
      %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d1 = mmaf %u0, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @second_in_if(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>
    %b_ptr16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>
    %u_ptr16 = assume div_by<16>, %u_ptr : tile<ptr<f16>>
    %u_tv = make_tensor_view %u_ptr16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %u_pv = make_partition_view %u_tv : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>
    %c_ptr16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_ptr16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %nr = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d0 = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d0 : tile<64x64xf32>
    }
    %pos = cmpi greater_than %bx, %c0, signed : tile<i32> -> tile<i1>
    %acc2 = if %pos -> (tile<64x64xf32>) {
      %acc3 = for %r in (%c0 to %nr, step %c1) : tile<i32> iter_values(%acc2_it = %acc) -> (tile<64x64xf32>) {
        %u, %tu = load_view_tko weak %u_pv[%bx, %r] : partition_view<tile=(64x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
        %v, %tv = load_view_tko weak %v_pv[%r, %by] : partition_view<tile=(32x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x64xf16>, token
        %d1 = mmaf %u, %v, %acc2_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
        continue %d1 : tile<64x64xf32>
      }
      yield %acc3 : tile<64x64xf32>
    } else {
      yield %acc : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc2, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

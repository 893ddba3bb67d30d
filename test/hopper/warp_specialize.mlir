// Warp specialization (issue 13; warp_specialize.c, lower_hopper_loop.c ws_dispatch, ws_protocol.c):
// with --pipeline-strategy=warp-specialize a pipelined wgmma loop gets a producer warpgroup after
// the consumer warpgroups: .reqntid grows by 128, .maxnreg is the launch's share of the register
// file for the CTAs per SM the budgets are cut for (the most, up to 4, whose registers, shared and
// tensor memory fit: one for two 128x128 warpgroups, four for one 64x64), the producer gives
// registers back (setmaxnreg.dec 40, or 24 when CTAs share the SM) and its first thread runs every
// ring fill (waiting on the stage's empty mbarrier from the second round on), the consumers take the
// rest of the CTA's pool (setmaxnreg.inc 232 for two warpgroups at one CTA, 104 for one at four),
// wait, compute, release (no refill in their loop), and every barrier after the dispatch is named
// barrier 1 over the consumer threads. test/hopper/ws_occupancy.mlir: the occupancy hint.
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %FileCheck %s --check-prefix=GROUPED < %t.ptx
// RUN: %FileCheck %s --check-prefix=PREFIX < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// The light variant (no modulo schedule: --rrt-size-threshold=0) waits for each iteration's wgmma
// group; the heavy one keeps one in flight (the schedule's release stage).
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --rrt-size-threshold=0 %s -o %t.light.ptx
// RUN: %FileCheck %s --check-prefix=LIGHT < %t.light.ptx
// RUN: %check-ptx sm_90a %t.light.ptx
// The decision is in TileAS, and the TileAS file compiles to the same PTX.
// RUN: %tilec --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=TILEAS < %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// auto: the cost model specializes the long loops and says why it keeps the modulo pipeline elsewhere.
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=auto --remarks --schedule-trace-file=%t.trace.json %s -o %t.auto.ptx 2> %t.auto.remarks
// RUN: %FileCheck %s --check-prefix=AUTO < %t.auto.remarks
// RUN: %FileCheck %s --check-prefix=TRACE < %t.trace.json
// RUN: %FileCheck %s --check-prefix=AGENTS < %t.trace.json
// RUN: %check-ptx sm_90a %t.auto.ptx
// The default strategy is modulo: no producer warpgroup.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.modulo.ptx
// RUN: %FileCheck %s --check-prefix=MODULO < %t.modulo.ptx
// sm_100a: the loops on the tcgen05 path are specialised the same way (the MMA agent: test/blackwell/).
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize %s -o %t.100.ptx
// RUN: %FileCheck %s --check-prefix=SM100 < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx

// REMARK: warp_specialize.mlir:[[@LINE+92]]:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant: each agent modulo-scheduled on its own RRT): producer warpgroup warps 8-11 at 40 registers issues the TMA fills; consumer warps 0-7 at 232 registers compute; budgets for 1 CTA per SM
// REMARK: warp_specialize.mlir:[[@LINE+120]]:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant: each agent modulo-scheduled on its own RRT): producer warpgroup warps 4-7 at 24 registers issues the TMA fills; consumer warps 0-3 at 104 registers compute; budgets for 4 CTAs per SM
// REMARK: warp_specialize.mlir:[[@LINE+145]]:5: remark: warp specialization (--pipeline-strategy=warp-specialize
// REMARK: warp_specialize.mlir:[[@LINE+173]]:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant: each agent modulo-scheduled on its own RRT): producer warpgroup warps 4-7 at 24 registers issues the TMA fills; consumer warps 0-3 at 136 registers compute; budgets for 3 CTAs per SM
// REMARK: warp_specialize.mlir:[[@LINE+202]]:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant: each agent modulo-scheduled on its own RRT): producer warpgroup warps 4-7 at 24 registers issues the TMA fills; consumer warps 0-3 at 104 registers compute; budgets for 4 CTAs per SM
// The tile loaded before gemm_prefix_load's loop is the consumers' alone: the agents split at the
// kernel's start, before it (lower_ws_producer.c), and the producer's thread replays only what its
// fills read.
// PREFIX-LABEL: .entry gemm_prefix_load(
// PREFIX: setmaxnreg.dec.sync.aligned.u32 24;
// PREFIX-NOT: ld.global
// PREFIX: cp.async.bulk.tensor.2d
// PREFIX-NOT: ld.global
// PREFIX: setmaxnreg.inc.sync.aligned.u32 136;
// PREFIX-NOT: cp.async.bulk.tensor
// PREFIX: ld.global
// PREFIX-NOT: cp.async.bulk.tensor
// PREFIX: wgmma.mma_async
// PREFIX-LABEL: .entry gemm_grouped_ws(
// GROUPED-LABEL: .entry gemm_grouped_ws(
// GROUPED: ld.global{{.*}}.b32
// GROUPED: setmaxnreg.dec.sync.aligned.u32 24;
// GROUPED: cp.async.bulk.tensor.3d
// GROUPED: setmaxnreg.inc.sync.aligned.u32 104;
// GROUPED: wgmma.mma_async

// CHECK-LABEL: .entry gemm_ws(
// CHECK: .reqntid 384, 1, 1
// CHECK: .maxnreg 168
// CHECK: mbarrier.init.shared.b64
// CHECK: bar.sync 0;
// CHECK: setp.lt.u32 [[P:%p[0-9]+]], %r{{[0-9]+}}, 256;
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setp.ne.b32 {{%p[0-9]+}}, %r{{[0-9]+}}, 256;
// CHECK: mbarrier.try_wait.parity
// CHECK: mbarrier.arrive.expect_tx
// CHECK: cp.async.bulk.tensor.2d
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-NOT: mbarrier.arrive.expect_tx
// CHECK: wgmma.mma_async
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: mbarrier.arrive.shared.b64
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: bar.sync 1, 256;
// CHECK-NOT: bar.sync 0;
// CHECK: ret;
// LIGHT-LABEL: .entry gemm_ws(
// LIGHT-NOT: wgmma.wait_group.sync.aligned 1;
// LIGHT: wgmma.wait_group.sync.aligned 0;
// LIGHT: .entry gemm_ws64(
// TILEAS: "tileas.pipe"({{.*}}tileas.barriers = {empty = {{[0-9]+}} : i64, empty_arrivals = 256 : i64, full = {{[0-9]+}} : i64, full_arrivals = 1 : i64}
// TILEAS: "tileas.produce"({{.*}}tileas.agent = 0 : i64
// TILEAS: "tileas.consume"({{.*}}tileas.agent = 1 : i64
// TILEAS: "tileas.release"({{.*}}tileas.agent = 1 : i64
// TILEAS: tileas.agents = [{regs = 40 : i64, role = "producer", warps = array<i64: 8, 12>}, {regs = 232 : i64, role = "consumer", warps = array<i64: 0, 8>}], tileas.pipeline = {ctas_per_sm = 1 : i64, strategy = "warp_specialize", variant = "heavy"}
// The heavy variant schedules each agent's ops on an RRT of its own: the producer's two TMA fills
// (II 16: the shared-memory write port), the consumer's waits, wgmma and releases (II 8, the
// releases one stage later: the group in flight).
// AGENTS: "kernel": "gemm_ws", "loc": {{.*}}:{{[0-9]+}}:5)",{{$}}
// AGENTS: "kernel": "gemm_ws", "loc": {{.*}}, "agent": "producer",
// AGENTS-NEXT: "status": "scheduled"
// AGENTS-NEXT: "ii": 16,
// AGENTS: {"name": "tileas.produce#0", "cycle": 0, "stage": 0,
// AGENTS: "kernel": "gemm_ws", "loc": {{.*}}, "agent": "consumer",
// AGENTS-NEXT: "status": "scheduled"
// AGENTS-NEXT: "ii": 8,
// AGENTS: {"name": "tileas.release#3", "cycle": {{[0-9]+}}, "stage": 1,
// TRACE: "pipelines": [
// TRACE-NEXT: { "kernel": "gemm_ws", "loc": {{.*}}, "strategy": "warp_specialize", "variant": "heavy", "reason": "auto: the fills and empty-stage waits leave the consumers' instruction stream, and the grid (at most 64 CTAs) fits one wave at 1 CTA per SM", "ctas_per_sm": 1, "agents": [{ "role": "producer", "warps": [8, 12], "regs": 40 }, { "role": "consumer", "warps": [0, 8], "regs": 232 }] },
// TRACE-NEXT: { "kernel": "gemm_ws64", {{.*}} "ctas_per_sm": 4, {{.*}} "regs": 104 }] },
// TRACE-NEXT: { "kernel": "gemm_short", "loc": {{.*}}, "strategy": "modulo", "reason": "the loop runs fewer than two fills per stage" },
// TRACE-NEXT: { "kernel": "gemm_prefix_load", {{.*}}"strategy": "warp_specialize", "variant": "heavy", "reason": "auto: {{.*}}", "ctas_per_sm": 3,
// MODULO-NOT: setmaxnreg
// MODULO: .reqntid 256, 1, 1
// SM100: .entry gemm_ws(
// SM100: .maxnreg 80
// SM100-COUNT-3: setmaxnreg.dec.sync.aligned.u32 24;
cuda_tile.module @ws {
  entry @gemm_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // CHECK-LABEL: .entry gemm_ws64(
  // CHECK: .reqntid 256, 1, 1
  // CHECK: .maxnreg 64
  // CHECK: setmaxnreg.dec.sync.aligned.u32 24;
  // CHECK: setmaxnreg.inc.sync.aligned.u32 104;
  // CHECK: bar.sync 1, 128;
  entry @gemm_ws64(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // A two-iteration loop: auto keeps the modulo pipeline.
  // AUTO-DAG: warp_specialize.mlir:[[@LINE+16]]:5: remark: warp specialization: auto keeps the modulo pipeline: the loop runs fewer than two fills per stage
  // AUTO-DAG: warp_specialize.mlir:[[@LINE-40]]:5: remark: warp specialization (auto: the fills and empty-stage waits leave the consumers' instruction stream, and the grid (at most 64 CTAs) fits one wave at 1 CTA per SM, heavy variant
  entry @gemm_short(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %b_tv = make_tensor_view %b16, shape = [64, 1024], strides = [1024, 1] : tensor_view<64x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x64xf16, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<64x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<64x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // A tile loaded before the loop (here a bias, added after it): the producer warpgroup cannot run
  // the kernel up to the loop with the consumers, so the agents split at the kernel's start and the
  // producer's thread replays only its slice (tileas/ws_slice.c); the load is the consumers'.
  entry @gemm_prefix_load(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %bias_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %s_tv = make_tensor_view %bias_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %s_pv = make_partition_view %s_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %bias, %tbias = load_view_tko weak %s_pv[%bx, %by] : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x64xf32>, token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %r = addf %acc, %bias : tile<64x64xf32>
    %t = store_view_tko weak %r, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // A one-element load before the loop (a grouped GEMM's tile-to-group table entry, the B tile's
  // group coordinate): both agents read it, so the loop is specialised; the producer uses it.
  entry @gemm_grouped_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %g_ptr: tile<ptr<i32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [4, 1024, 1024], strides = [1048576, 1024, 1] : tensor_view<4x1024x1024xf16, strides=[1048576,1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %g_tv = make_tensor_view %g_ptr, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1x32x64), tensor_view<4x1024x1024xf16, strides=[1048576,1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %g_pv = make_partition_view %g_tv : partition_view<tile=(1), tensor_view<16xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %g1, %tg = load_view_tko weak %g_pv[%bx] : partition_view<tile=(1), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<1xi32>, token
    %g = reshape %g1 : tile<1xi32> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b3, %tb = load_view_tko weak %b_pv[%g, %k, %by] : partition_view<tile=(1x32x64), tensor_view<4x1024x1024xf16, strides=[1048576,1024,1]>>, tile<i32> -> tile<1x32x64xf16>, token
      %b = reshape %b3 : tile<1x32x64xf16> -> tile<32x64xf16>
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

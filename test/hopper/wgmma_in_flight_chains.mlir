// Several wgmma chains in one loop stay in flight together (lib/tileas/hopper_plan.c plan_in_flight,
// roofline.c ct_loop_mmas_in_flight): SwiGLU's gate and up projections each accumulate into a
// loop-carried value nothing else reads and take A from a TMA ring, so each commits its own group
// and waits with wait_group 2 (this iteration's groups so far and the previous iteration's later
// one keep running; the previous iteration's same chain, and every one before it, are done: their
// stages are released, one iteration late), both accumulators waited for together after the loop
// (wait_group 0), and the rings get the stage the groups in flight hold (4 instead of 3). When
// one chain accumulates in f16 (repacked around every chain), no chain stays in flight: every
// group is waited for (wait_group 0) in its iteration. test/emu/wgmma_in_flight_chains.test runs them.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec --gpu-name=sm_90a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// Warp-specialised (heavy): the consumer's schedule releases each chain's stages one iteration late
// (sched_ir.c: mmaf -> release at distance -1), so both chains stay in flight there too; a TileAS
// file whose releases are moved back into the consuming stage waits for every group (wait_group 0).
// RUN: %tilec --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.ws.tileas.mlir
// RUN: %FileCheck %s --check-prefix=SCHED < %t.ws.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.ws.tileas.mlir -o %t.ws.ptx
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: sed -E '/"tileas.release"/s/stage = [0-9]+ : i64/stage = 0 : i64/' %t.ws.tileas.mlir > %t.ws.held.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.ws.held.mlir -o %t.ws.held.ptx
// RUN: %FileCheck %s --check-prefix=WSWAIT < %t.ws.held.ptx
// SCHED: "cuda_tile.entry"
// SCHED-COUNT-3: "tileas.release"{{.*}}tileas.sched = {cycle = {{[0-9]+}} : i64, stage = 1 : i64}
// SCHED: "cuda_tile.entry"
// SCHED: "tileas.release"{{.*}}tileas.sched = {cycle = {{[0-9]+}} : i64, stage = 0 : i64}
// WSPTX-LABEL: .entry swiglu_chains(
// WSPTX: setmaxnreg.inc.sync.aligned.u32
// WSPTX: wgmma.commit_group.sync.aligned;
// WSPTX-NEXT: wgmma.wait_group.sync.aligned 2;
// WSPTX: wgmma.commit_group.sync.aligned;
// WSPTX-NEXT: wgmma.wait_group.sync.aligned 2;
// WSWAIT-LABEL: .entry swiglu_chains(
// WSWAIT-NOT: wgmma.wait_group.sync.aligned {{[12]}};
// WSWAIT: setmaxnreg.inc.sync.aligned.u32
// WSWAIT-NOT: wgmma.wait_group.sync.aligned {{[12]}};
// WSWAIT: .entry swiglu_f16acc(
// REMARK-DAG: remark: wgmma path: the 2 mmaf chains of the loop stay in flight across iterations, one wgmma group each (wait_group 2 after each
// REMARK-DAG: wgmma_in_flight_chains.mlir:[[@LINE+41]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA ring of 4 stages
// REMARK-DAG: wgmma_in_flight_chains.mlir:[[@LINE+76]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads); A: TMA ring of 3 stages
// CHECK-LABEL: .entry swiglu_chains(
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 2;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 2;
// CHECK-NOT: .entry
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-LABEL: .entry swiglu_f16acc(
// CHECK-NOT: wgmma.wait_group.sync.aligned {{[12]}};
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.wait_group.sync.aligned {{[12]}};
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: wgmma.wait_group.sync.aligned {{[12]}};
cuda_tile.module @wgmma_in_flight_chains {
  entry @swiglu_chains(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_ptr16 = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_ptr16, shape = [256, 1024], strides = [1024, 1] : tensor_view<256x1024xf16, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>
    %wg_ptr16 = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %wu_ptr16 = assume div_by<16>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %o_ptr16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<64x64xf32>
    %g, %u = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %zero, %u_it = %zero) -> (tile<64x64xf32>, tile<64x64xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %dg, %du : tile<64x64xf32>, tile<64x64xf32>
    }
    %ng = negf %g : tile<64x64xf32>
    %e = exp %ng : tile<64x64xf32>
    %den = addf %e, %one : tile<64x64xf32>
    %silu = divf %g, %den : tile<64x64xf32>
    %out = mulf %silu, %u : tile<64x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @swiglu_f16acc(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_ptr16 = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_ptr16, shape = [256, 1024], strides = [1024, 1] : tensor_view<256x1024xf16, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>
    %wg_ptr16 = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %wu_ptr16 = assume div_by<16>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %o_ptr16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<64x64xf32>
    %zero16 = constant <f16: 0.000000e+00> : tile<64x64xf16>
    %g, %u16 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %zero, %u_it = %zero16) -> (tile<64x64xf32>, tile<64x64xf16>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf16>
      continue %dg, %du : tile<64x64xf32>, tile<64x64xf16>
    }
    %ng = negf %g : tile<64x64xf32>
    %e = exp %ng : tile<64x64xf32>
    %den = addf %e, %one : tile<64x64xf32>
    %silu = divf %g, %den : tile<64x64xf32>
    %u = ftof %u16 : tile<64x64xf16> -> tile<64x64xf32>
    %out = mulf %silu, %u : tile<64x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

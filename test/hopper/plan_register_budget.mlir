// A planned TMA tensor-core path must fit the register budget too (issue 12, item 5), checked with
// the code generator's own estimate (path_select.c, tileas/reg_pressure.c):
// - batched8: a batched mmaf of 8 x 64x64 f32 keeps 256 accumulator registers per thread on wgmma's
//   one warpgroup, over the budget of 223; TileAS splits the batches over 2 warpgroups (4 each: its
//   accumulators and wgmma chains; hopper_plan.h batch_warpgroups) with a remark — wgmma at 256
//   threads, both operands TMA rings (each warpgroup's descriptors start at its first batch's slab).
//   It used to fall back to mma.sync at 8 warps (240 registers; now 156). Results on the emulator:
//   scripts/emu_sweep.py, test/emu/batched_mma.test.
// - c_live: a 2-D mmaf (nothing to split) whose 64x256 f32 accumulator and a 64x256 f32 tile loaded
//   before the loop and added after it need 256 registers per thread at 128 threads: TileAS declines
//   the plan with a remark instead of planning a kernel the code generator would refuse; the kernel
//   then takes mma.sync at the fewest warps that fit (8).
// Both compile with 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize %s -o %t.ws.ptx
// RUN: %check-ptx sm_90a %t.ws.ptx
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.tma.ptx 2> %t.tma.remarks
// RUN: %FileCheck %s --check-prefix=TMA < %t.tma.remarks
// RUN: %check-ptx sm_90a %t.tma.ptx
// Under TILEIR_PREFER_TMA_FOR_LOAD_STORE the store's staging (declined later) leaves room for one
// stage per ring: then no wgmma group stays in flight (its stage would be needed by the next fill:
// the protocol check found the deadlock), each iteration waits for its own.
// TMA: plan_register_budget.mlir:{{[0-9]+}}:7: remark: wgmma path: m64n64k16 x 2 warpgroups (256 threads), the 8 batches split over them (4 per warpgroup, one chain each); A: TMA ring of 1 stage
// TMA-NOT: remark: wgmma path: one wgmma group stays in flight
// REMARK-DAG: plan_register_budget.mlir:61:7: remark: wgmma path with the batches split over 2 warpgroups (256 threads): at 128 threads the live tiles would need {{[0-9]+}} registers per thread, over the budget of 223; split, {{[0-9]+}} of 223
// REMARK-DAG: plan_register_budget.mlir:61:7: remark: wgmma path: m64n64k16 x 2 warpgroups (256 threads), the 8 batches split over them (4 per warpgroup, one chain each); A: TMA ring
// REMARK-DAG: plan_register_budget.mlir:86:7: remark: mma.sync path: on the wgmma path the live tiles would need more than the register budget of 223 per thread at 128 threads
// REMARK-DAG: plan_register_budget.mlir:67:3: remark: 8 warps per CTA (no num_worker_warps_per_cta hint): at 4 the live tiles would need more than the register budget; at 8 they need {{[0-9]+}} of 223 registers per thread
// CHECK-LABEL: .entry batched8(
// CHECK: .reqntid 256
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-LABEL: .entry c_live(
// CHECK: .reqntid 256
// CHECK-NOT: wgmma
// CHECK: mma.sync.aligned.m16n8k16
cuda_tile.module @m {
  entry @batched8(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [16, 128, 128], strides = [16384, 128, 1] : tensor_view<16x128x128xf16, strides=[16384,128,1]>
    %b_tv = make_tensor_view %b16, shape = [16, 128, 128], strides = [16384, 128, 1] : tensor_view<16x128x128xf16, strides=[16384,128,1]>
    %c_tv = make_tensor_view %c16, shape = [16, 128, 128], strides = [16384, 128, 1] : tensor_view<16x128x128xf32, strides=[16384,128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(8x64x32), tensor_view<16x128x128xf16, strides=[16384,128,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(8x32x64), tensor_view<16x128x128xf16, strides=[16384,128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(8x64x64), tensor_view<16x128x128xf32, strides=[16384,128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<8x64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<8x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bz, %bx, %k] : partition_view<tile=(8x64x32), tensor_view<16x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<8x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bz, %k, %by] : partition_view<tile=(8x32x64), tensor_view<16x128x128xf16, strides=[16384,128,1]>>, tile<i32> -> tile<8x32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<8x64x32xf16>, tile<8x32x64xf16>, tile<8x64x64xf32>
      continue %d : tile<8x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bz, %bx, %by] : tile<8x64x64xf32>, partition_view<tile=(8x64x64), tensor_view<16x128x128xf32, strides=[16384,128,1]>>, tile<i32> -> token
    return
  }
  entry @c_live(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c16, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<128x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x256), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x256), tensor_view<128x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x256xf32>
    %cin, %tc = load_view_tko weak %c_pv[%bx, %c0] : partition_view<tile=(64x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> tile<64x256xf32>, token
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x256xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %c0] : partition_view<tile=(32x256), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x256xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x256xf16>, tile<64x256xf32>
      continue %d : tile<64x256xf32>
    }
    %sum = addf %acc, %cin rounding<nearest_even> : tile<64x256xf32>
    %t = store_view_tko weak %sum, %c_pv[%bx, %c0] token = %tc : tile<64x256xf32>, partition_view<tile=(64x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

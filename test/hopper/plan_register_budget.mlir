// A planned TMA tensor-core path must fit the register budget too (issue 12, item 5): a batched
// mmaf of 8 x 64x64 f32 keeps 256 accumulator registers per thread on wgmma's one warpgroup, over
// the budget of 223, so TileAS declines the plan (path_select.c, the code generator's own estimate,
// tileas/reg_pressure.c) with a remark instead of planning a kernel the code generator would
// refuse; the kernel then takes mma.sync at the fewest warps that fit (8), and compiles with 0
// spills.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// REMARK: plan_register_budget.mlir:35:7: remark: mma.sync path: on the wgmma path the live tiles would need more than the register budget of 223 per thread at 128 threads (the accumulators stay in registers)
// REMARK: remark: 8 warps per CTA (no num_worker_warps_per_cta hint): at 4 the live tiles would need more than the register budget; at 8 they need {{[0-9]+}} of 223 registers per thread
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
}

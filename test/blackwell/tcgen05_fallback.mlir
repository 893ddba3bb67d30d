// Kernels the Blackwell tcgen05 path does not take yet stay on mma.sync (sm_100a), each with a remark
// at its mmaf saying why (tileas/hopper_plan.c): a 256-row tile (cta_group::2, a CTA pair, is not built)
// and an f16 accumulator that the loop reads besides the mmaf (read back every iteration: f32 and i32
// accumulators only). An f32 accumulator the loop rescales each step takes tcgen05, its accumulator
// kept in TMEM and rescaled there (tcgen05_rescaled_accumulator.mlir). All assemble.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s < %t.remarks
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %check-ptx sm_100a %t.ptx
// CHECK-DAG: remark: mma.sync path: tile M must be 64 or 128 on the tcgen05 path (one cta_group::1 MMA: TMEM lanes 0-127, or layout F's 16 per warp)
// CHECK-DAG: tcgen05_fallback.mlir:76:7: remark: tcgen05 path: m128n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated; 256 threads read it back (tcgen05.ld) once after the loop; it stays in TMEM across iterations and is rescaled there
// CHECK-DAG: tcgen05_fallback.mlir:102:7: remark: mma.sync path: the tcgen05 path reads an accumulator back every iteration (not every mmaf of the loop accumulates into a loop-carried value nothing else reads) for 2-D mmaf with f32 or i32 accumulators only
// PTX-LABEL: .entry gemm_m256(
// PTX-NOT: tcgen05
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry gemm_scaled_each_step(
// PTX: mbarrier.try_wait.parity
// PTX: tcgen05.fence::after_thread_sync
// PTX-NEXT: tcgen05.ld.sync.aligned.32x32b
// PTX: tcgen05.wait::ld.sync.aligned
// PTX: mul.rn.f32x2
// PTX: tcgen05.st.sync.aligned.32x32b
// PTX-NEXT: tcgen05.wait::st.sync.aligned;
// PTX-NEXT: tcgen05.fence::before_thread_sync
// PTX-NEXT: bar.sync 0;
// PTX: tcgen05.mma.cta_group::1.kind::f16
// PTX: tcgen05.commit
// PTX-LABEL: .entry gemm_scaled_each_step_f16(
// PTX-NOT: tcgen05
// PTX: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
cuda_tile.module @fallback {
  entry @gemm_m256(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %b_tv = make_tensor_view %b_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(256x32), tensor_view<512x512xf16, strides=[512,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(256x64), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<256x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<256x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(256x32), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<256x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<256x32xf16>, tile<32x64xf16>, tile<256x64xf32>
      continue %d : tile<256x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<256x64xf32>, partition_view<tile=(256x64), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_scaled_each_step(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %b_tv = make_tensor_view %b_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x512xf16, strides=[512,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x64), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %half = constant <f32: 5.000000e-01> : tile<128x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x64xf16>, token
      %s = mulf %acc_it, %half rounding<nearest_even> : tile<128x64xf32>
      %d = mmaf %a, %b, %s : tile<128x32xf16>, tile<32x64xf16>, tile<128x64xf32>
      continue %d : tile<128x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_scaled_each_step_f16(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f16>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %b_tv = make_tensor_view %b_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c_p, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf16, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x512xf16, strides=[512,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x64), tensor_view<512x512xf16, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f16: 0.000000e+00> : tile<128x64xf16>
    %half = constant <f16: 5.000000e-01> : tile<128x64xf16>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x64xf16>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x64xf16>, token
      %s = mulf %acc_it, %half rounding<nearest_even> : tile<128x64xf16>
      %d = mmaf %a, %b, %s : tile<128x32xf16>, tile<32x64xf16>, tile<128x64xf16>
      continue %d : tile<128x64xf16>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x64xf16>, partition_view<tile=(128x64), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> token
    return
  }
}

// An accumulator that does not start from zero on the tcgen05 path (lower_tcgen05.c
// tcgen05_store_accumulator): before the loop every thread stores its part of the initial value into
// TMEM with tcgen05.st (the shape and addresses tcgen05.ld reads it back with), waits for the stores,
// fence::before_thread_sync and a CTA barrier hand TMEM to the MMA thread, and every MMA accumulates
// (enable-input-d 1, no per-iteration test). Zero trips still take the initial value from registers.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_100a %t.ptx
// REMARK: remark: tcgen05 path: m128n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated
// CHECK: tcgen05.alloc.cta_group::1
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK-NEXT: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// CHECK: mov.pred [[ACC:%p[0-9]+]], -1;
// CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard {{.*}}, [[ACC]];
// CHECK: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard {{.*}}, [[ACC]];
// CHECK: tcgen05.ld.sync.aligned.32x32b
cuda_tile.module @init {
  entry @gemm_init_one(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
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
    %one = constant <f32: 1.000000e+00> : tile<128x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %one) -> (tile<128x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<512x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x64xf16>, tile<128x64xf32>
      continue %d : tile<128x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
}

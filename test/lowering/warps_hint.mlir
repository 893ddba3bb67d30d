// optimization_hints num_worker_warps_per_cta that is not a power of two (tileiras takes any count)
// is read as the largest power of two below it, with a remark; tilec's register layouts need a
// power of two of warps. Above 32 (a CTA has at most 32 warps) it is refused by name.
// RUN: %tilec -O3 --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %check-ptx sm_90a %t.ptx
// RUN: sed 's/num_worker_warps_per_cta = 3}/num_worker_warps_per_cta = 48}/' %s > %t.48.mlir
// RUN: not %tilec -O3 %t.48.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK: .reqntid 64, 1, 1
// REMARK: warps_hint.mlir:[[@LINE+3]]:3: remark: num_worker_warps_per_cta = 3 read as 2 (tilec's register layouts need a power of two of warps)
// BAD: error: num_worker_warps_per_cta = 48 is not supported by code generation (a CTA has 1 to 32 warps)
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 3}> {
    %v = make_tensor_view %x, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %p[%c0] : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %d = addf %t, %t : tile<256xf32>
    %t1 = store_view_tko weak %d, %p[%c0] token = %t0 : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

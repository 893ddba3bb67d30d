// A dynamic row pitch: TMA (and 16-byte cp.async) need it to be a multiple of 16 bytes, which only
// an `assume div_by<N>` on the stride argument can prove (N elements x 2 bytes for f16).
// The layouts are checked as the modulo scheduler leaves them: path selection then makes these
// pipes SIMT loads (an mmaf with one tile as both operands is not on the wgmma path).
// RUN: %tilec --emit=tileas --split-input-file --print-ir-after-all %s 2>&1 >/dev/null | %after-sched | %FileCheck %s

// No assumption on the stride: the operands fall back to SIMT loads into registers; on sm_90a the
// mmaf still takes wgmma's family (A from registers, B staged into shared memory by the code
// generator), which path selection confirms or demotes.
// CHECK: "tileas.load"{{.*}}layout = {atom = "simt"{{.*}}frag = "mma_reg"
// CHECK: tileas.mma = "wgmma"
// CHECK: sym_name = "no_assume"
cuda_tile.module @no_assume {
  entry @no_assume(%a_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %k: tile<i64>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [128, %k], strides = [%k, 1] : tile<i64> -> tensor_view<128x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %d = mmaf %a, %a, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// div_by<4> elements = 8 bytes: not enough.
// CHECK-NOT: tileas.produce
// CHECK: "tileas.load"{{.*}}layout = {atom = "simt"{{.*}}frag = "mma_reg"
// CHECK: sym_name = "div4"
cuda_tile.module @div4 {
  entry @div4(%a_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %k: tile<i64>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %k4 = assume div_by<4>, %k : tile<i64>
    %a_tv = make_tensor_view %a16, shape = [128, %k4], strides = [%k4, 1] : tile<i64> -> tensor_view<128x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %d = mmaf %a, %a, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// div_by<8> elements = 16 bytes: TMA.
// CHECK: "tileas.produce"{{.*}}layout = {atom = "tma"{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// CHECK: sym_name = "div8"
cuda_tile.module @div8 {
  entry @div8(%a_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %k: tile<i64>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %k8 = assume div_by<8>, %k : tile<i64>
    %a_tv = make_tensor_view %a16, shape = [128, %k8], strides = [%k8, 1] : tile<i64> -> tensor_view<128x?xf16, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
    %z = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %d = mmaf %a, %a, %z : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

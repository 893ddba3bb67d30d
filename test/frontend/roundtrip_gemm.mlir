// RUN: %tilec -O0 %s -o - | %FileCheck %s
// RUN: %tilec -O0 %s -o - | %tilec -O0 - -o - | %FileCheck %s
// RUN: %tilec -O0 --mlir-print-op-generic %s -o - | %tilec -O0 - -o - | %FileCheck %s

cuda_tile.module @gemm {
  // C[1024x1024] (f32) = A[1024x1024] (f16) * B[1024x1024] (f16); grid = (8, 8, 1)
  entry @gemm_kernel(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
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
}

// CHECK-LABEL: cuda_tile.module @gemm {
// CHECK: entry @gemm_kernel(%[[A:.+]]: tile<ptr<f16>>, %{{.+}}: tile<ptr<f16>>, %{{.+}}: tile<ptr<f32>>) {
// CHECK: make_tensor_view %[[A]], shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
// CHECK: make_partition_view %{{.+}} : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
// CHECK: %[[BX:.+]], %[[BY:.+]], %{{.+}} = get_tile_block_id : tile<i32>
// CHECK: constant <f32: 0.000000e+00> : tile<128x128xf32>
// CHECK: for %[[K:.+]] in (%{{.+}} to %{{.+}}, step %{{.+}}) : tile<i32> iter_values(%[[ACC:.+]] = %{{.+}}) -> (tile<128x128xf32>) {
// CHECK: load_view_tko weak %{{.+}}[%[[BX]], %[[K]]] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
// CHECK: %[[D:.+]] = mmaf %{{.+}}, %{{.+}}, %[[ACC]] : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
// CHECK: continue %[[D]] : tile<128x128xf32>
// CHECK: store_view_tko weak %{{.+}}, %{{.+}}[%[[BX]], %[[BY]]] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
// CHECK-NEXT: return

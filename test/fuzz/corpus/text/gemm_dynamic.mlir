// GEMM with shapes known only at run time: C[M x N] (f32) = A[M x K] (f16) * B[K x N] (f16),
// row-major. 128x128 output tile per tile block, K stepped by 32; the trip count comes from the
// partition view's index space (ceil(K / 32)), and edge tiles are zero-padded on load and masked
// on store. Launch: grid = (ceil(M/128), ceil(N/128), 1).
cuda_tile.module @gemm_dynamic {
  entry @gemm_dyn_f16_f32(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>,
                          %m: tile<i64>, %n: tile<i64>, %k: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    // K and N are multiples of 16 (a producer specialises on it, as cuTile does for shape/stride
    // arguments): row starts stay 16-byte aligned, enabling vector accesses.
    %k_d16 = assume div_by<16>, %k : tile<i64>
    %n_d16 = assume div_by<16>, %n : tile<i64>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [%m, %k_d16], strides = [%k_d16, 1] : tile<i64> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [%k_d16, %n_d16], strides = [%n_d16, 1] : tile<i64> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [%m, %n_d16], strides = [%n_d16, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %mt, %kt = get_index_space_shape %a_pv : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %kk] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%kk, %by] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

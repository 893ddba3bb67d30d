// GEMM with a fused epilogue: D = relu(A * B + bias) stored as f16.
// A[1024x1024] f16, B[1024x1024] f16, bias[1024] f32 (one value per output column), D f16.
// Launch: grid = (8, 8, 1).
cuda_tile.module @gemm_epilogue {
  entry @gemm_bias_relu(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %bias_ptr: tile<ptr<f32>>, %d_ptr: tile<ptr<f16>>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %bias_ptr_a16 = assume div_by<16>, %bias_ptr : tile<ptr<f32>>
    %d_ptr_a16 = assume div_by<16>, %d_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %bias_tv = make_tensor_view %bias_ptr_a16, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %d_tv = make_tensor_view %d_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %bias_pv = make_partition_view %bias_tv : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %d_pv = make_partition_view %d_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
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
    %bias, %tbias = load_view_tko weak %bias_pv[%by] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %bias_row = reshape %bias : tile<128xf32> -> tile<1x128xf32>
    %bias_2d = broadcast %bias_row : tile<1x128xf32> -> tile<128x128xf32>
    %sum = addf %acc, %bias_2d : tile<128x128xf32>
    %relu = maxf %sum, %zero : tile<128x128xf32>
    %out = ftof %relu : tile<128x128xf32> -> tile<128x128xf16>
    %t = store_view_tko weak %out, %d_pv[%bx, %by] : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

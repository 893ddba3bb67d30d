// fp8 (e4m3) GEMM with B stored [N,K] (K contiguous), f32 accumulate and output, for the GPU
// suite (bench/gpu_suite.sh row gemm_e4m3_nt): C[1024x1024] = A x B^T on wgmma
// m64n128k32.f32.e4m3.e4m3, both operands K-major TMA rings. 128x128 tiles, K step 128.
// Launch: grid = (8, 8, 1).
cuda_tile.module @gemm_e4m3_nt {
  entry @gemm_e4m3_nt(%a_ptr: tile<ptr<f8E4M3FN>>, %b_ptr: tile<ptr<f8E4M3FN>>, %c_ptr: tile<ptr<f32>>) {
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f8E4M3FN>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f8E4M3FN>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %b, %tb = load_view_tko weak %b_pv[%by, %k] : partition_view<tile=(128x128), tensor_view<1024x1024xf8E4M3FN, strides=[1024,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %bt = permute %b [1, 0] : tile<128x128xf8E4M3FN> -> tile<128x128xf8E4M3FN>
      %d = mmaf %a, %bt, %acc_it : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

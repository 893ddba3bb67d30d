// Flash attention forward (one head): O = softmax(Q K^T / sqrt(d)) V, with the online softmax of
// FlashAttention: for each block of 64 keys, S = Q K^T, the running row maximum m and row sum l are
// updated, the accumulator is rescaled by exp2(m_old - m_new), and P V is added.
// Q, K, V: [1024 x 64] f16 (row-major); O: [1024 x 64] f32. 64 query rows per tile block.
// Launch: grid = (16, 1, 1).
cuda_tile.module @attention {
  entry @flash_attention_fwd(%q_ptr: tile<ptr<f16>>, %k_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %q_a16 = assume div_by<16>, %q_ptr : tile<ptr<f16>>
    %k_a16 = assume div_by<16>, %k_ptr : tile<ptr<f16>>
    %v_a16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %o_a16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %q_tv = make_tensor_view %q_a16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %k_tv = make_tensor_view %k_a16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %v_tv = make_tensor_view %v_a16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %o_tv = make_tensor_view %o_a16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nkv = constant <i32: 16> : tile<i32>
    %q, %tq = load_view_tko weak %q_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    // 1/sqrt(64) * log2(e): scores are kept in the exp2 domain.
    %qk_scale = constant <f32: 0.180336878> : tile<64x64xf32>
    %zero_s = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %m0 = constant <f32: 0xFF800000> : tile<64xf32>
    %l0 = constant <f32: 0.000000e+00> : tile<64xf32>
    %acc0 = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %m, %l, %acc = for %j in (%c0 to %nkv, step %c1) : tile<i32>
        iter_values(%m_i = %m0, %l_i = %l0, %acc_i = %acc0) -> (tile<64xf32>, tile<64xf32>, tile<64x64xf32>) {
      %k, %tk = load_view_tko weak %k_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %kt = permute %k [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %s = mmaf %q, %kt, %zero_s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %s2 = mulf %s, %qk_scale : tile<64x64xf32>
      %row_max = reduce %s2 dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %mx = maxf %a, %b : tile<f32>
        yield %mx : tile<f32>
      }
      %m_new = maxf %m_i, %row_max : tile<64xf32>
      %m_new_col = reshape %m_new : tile<64xf32> -> tile<64x1xf32>
      %m_new_b = broadcast %m_new_col : tile<64x1xf32> -> tile<64x64xf32>
      %shifted = subf %s2, %m_new_b : tile<64x64xf32>
      %p = exp2 %shifted : tile<64x64xf32>
      %m_diff = subf %m_i, %m_new : tile<64xf32>
      %alpha = exp2 %m_diff : tile<64xf32>
      %p_sum = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %add = addf %a, %b : tile<f32>
        yield %add : tile<f32>
      }
      %l_scaled = mulf %l_i, %alpha : tile<64xf32>
      %l_new = addf %l_scaled, %p_sum : tile<64xf32>
      %alpha_col = reshape %alpha : tile<64xf32> -> tile<64x1xf32>
      %alpha_b = broadcast %alpha_col : tile<64x1xf32> -> tile<64x64xf32>
      %acc_scaled = mulf %acc_i, %alpha_b : tile<64x64xf32>
      %p16 = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
      %v, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %acc_new = mmaf %p16, %v, %acc_scaled : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %m_new, %l_new, %acc_new : tile<64xf32>, tile<64xf32>, tile<64x64xf32>
    }
    %l_col = reshape %l : tile<64xf32> -> tile<64x1xf32>
    %l_b = broadcast %l_col : tile<64x1xf32> -> tile<64x64xf32>
    %o = divf %acc, %l_b : tile<64x64xf32>
    %to = store_view_tko weak %o, %o_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

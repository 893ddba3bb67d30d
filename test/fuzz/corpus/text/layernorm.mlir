// LayerNorm over rows of a [rows x 1024] f32 matrix:
//   y = (x - mean) * rsqrt(var + eps) * gamma + beta, mean/var over each row, eps = 1e-5.
// Each tile block normalises 4 rows. Launch: grid = (ceil(rows / 4), 1, 1).
cuda_tile.module @layernorm {
  entry @layernorm_rows(%x_ptr: tile<ptr<f32>>, %gamma_ptr: tile<ptr<f32>>, %beta_ptr: tile<ptr<f32>>,
                        %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %gamma_ptr_a16 = assume div_by<16>, %gamma_ptr : tile<ptr<f32>>
    %beta_ptr_a16 = assume div_by<16>, %beta_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %g_tv = make_tensor_view %gamma_ptr_a16, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %b_tv = make_tensor_view %beta_ptr_a16, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %g_pv = make_partition_view %g_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<4x1024xf32>, token
    %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<4x1024xf32> -> tile<4xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %inv_n = constant <f32: 9.765625e-04> : tile<4xf32>
    %mean = mulf %sum, %inv_n : tile<4xf32>
    %mean_col = reshape %mean : tile<4xf32> -> tile<4x1xf32>
    %mean_b = broadcast %mean_col : tile<4x1xf32> -> tile<4x1024xf32>
    %xc = subf %x, %mean_b : tile<4x1024xf32>
    %sq = mulf %xc, %xc : tile<4x1024xf32>
    %sqsum = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<4x1024xf32> -> tile<4xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %var = mulf %sqsum, %inv_n : tile<4xf32>
    %eps = constant <f32: 9.99999974E-6> : tile<4xf32>
    %var_eps = addf %var, %eps : tile<4xf32>
    %rstd = rsqrt %var_eps : tile<4xf32>
    %rstd_col = reshape %rstd : tile<4xf32> -> tile<4x1xf32>
    %rstd_b = broadcast %rstd_col : tile<4x1xf32> -> tile<4x1024xf32>
    %xn = mulf %xc, %rstd_b : tile<4x1024xf32>
    %g, %tg = load_view_tko weak %g_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %b, %tb = load_view_tko weak %b_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %g_row = reshape %g : tile<1024xf32> -> tile<1x1024xf32>
    %g_b = broadcast %g_row : tile<1x1024xf32> -> tile<4x1024xf32>
    %b_row = reshape %b : tile<1024xf32> -> tile<1x1024xf32>
    %b_b = broadcast %b_row : tile<1x1024xf32> -> tile<4x1024xf32>
    %scaled = mulf %xn, %g_b : tile<4x1024xf32>
    %y = addf %scaled, %b_b : tile<4x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<4x1024xf32>, partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

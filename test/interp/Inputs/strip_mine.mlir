// z = max(x * y, 0.5) + x on 256x512 f32 tiles of a [rows x 4096] tensor (rows known at run time:
// the last row block is partly outside). 1024 elements per thread per tile: strip-mined by tilec.
cuda_tile.module @sm {
  entry @k(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    %x_tv = make_tensor_view %x_ptr, shape = [%rows, 4096], strides = [4096, 1] : tile<i64> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [%rows, 4096], strides = [4096, 1] : tile<i64> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %z_tv = make_tensor_view %z_ptr, shape = [%rows, 4096], strides = [4096, 1] : tile<i64> -> tensor_view<?x4096xf32, strides=[4096,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %by] : partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<256x512xf32>, token
    %y, %ty = load_view_tko weak %y_pv[%bx, %by] : partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> tile<256x512xf32>, token
    %half = constant <f32: 0.5> : tile<256x512xf32>
    %p = mulf %x, %y : tile<256x512xf32>
    %m = maxf %p, %half : tile<256x512xf32>
    %z = addf %m, %x : tile<256x512xf32>
    %tz = store_view_tko weak %z, %z_pv[%bx, %by] : tile<256x512xf32>, partition_view<tile=(256x512), tensor_view<?x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }

  // y = alpha * x + bias (a run-time scalar and a row broadcast into every piece).
  entry @scale_bias(%x_ptr: tile<ptr<f32>>, %b_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %alpha: tile<f32>, %rows: tile<i64>) {
    %x_tv = make_tensor_view %x_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [1024], strides = [1] : tile<i64> -> tensor_view<1024xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %bias, %tb = load_view_tko weak %b_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %bias_row = reshape %bias : tile<1024xf32> -> tile<1x1024xf32>
    %a11 = reshape %alpha : tile<f32> -> tile<1x1xf32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<256x1024xf32>, token
    %a = broadcast %a11 : tile<1x1xf32> -> tile<256x1024xf32>
    %b = broadcast %bias_row : tile<1x1024xf32> -> tile<256x1024xf32>
    %ax = mulf %x, %a : tile<256x1024xf32>
    %y = addf %ax, %b : tile<256x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<256x1024xf32>, partition_view<tile=(256x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // Row softmax on 64x1024 f32 blocks (row-wise pieces).
  entry @softmax_rows(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x1024xf32>, token
    %max = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<64x1024xf32> -> tile<64xf32>
    (%v: tile<f32>, %m: tile<f32>) {
      %mx = maxf %v, %m : tile<f32>
      yield %mx : tile<f32>
    }
    %max_col = reshape %max : tile<64xf32> -> tile<64x1xf32>
    %max_b = broadcast %max_col : tile<64x1xf32> -> tile<64x1024xf32>
    %shifted = subf %x, %max_b : tile<64x1024xf32>
    %e = exp %shifted : tile<64x1024xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<64x1024xf32> -> tile<64xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %sum_col = reshape %sum : tile<64xf32> -> tile<64x1xf32>
    %sum_b = broadcast %sum_col : tile<64x1xf32> -> tile<64x1024xf32>
    %y = divf %e, %sum_b : tile<64x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<64x1024xf32>, partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  // LayerNorm on 64x1024 f32 blocks: two row reductions, gamma/beta rows loaded between the
  // group's first load and its store.
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
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %g_pv = make_partition_view %g_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x1024xf32>, token
    %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<64x1024xf32> -> tile<64xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %inv_n = constant <f32: 9.765625e-04> : tile<64xf32>
    %mean = mulf %sum, %inv_n : tile<64xf32>
    %mean_col = reshape %mean : tile<64xf32> -> tile<64x1xf32>
    %mean_b = broadcast %mean_col : tile<64x1xf32> -> tile<64x1024xf32>
    %xc = subf %x, %mean_b : tile<64x1024xf32>
    %sq = mulf %xc, %xc : tile<64x1024xf32>
    %sqsum = reduce %sq dim=1 identities=[0.000000e+00 : f32] : tile<64x1024xf32> -> tile<64xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %var = mulf %sqsum, %inv_n : tile<64xf32>
    %eps = constant <f32: 9.99999974E-6> : tile<64xf32>
    %var_eps = addf %var, %eps : tile<64xf32>
    %rstd = rsqrt %var_eps : tile<64xf32>
    %rstd_col = reshape %rstd : tile<64xf32> -> tile<64x1xf32>
    %rstd_b = broadcast %rstd_col : tile<64x1xf32> -> tile<64x1024xf32>
    %xn = mulf %xc, %rstd_b : tile<64x1024xf32>
    %g, %tg = load_view_tko weak %g_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %b, %tb = load_view_tko weak %b_pv[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %g_row = reshape %g : tile<1024xf32> -> tile<1x1024xf32>
    %g_b = broadcast %g_row : tile<1x1024xf32> -> tile<64x1024xf32>
    %b_row = reshape %b : tile<1024xf32> -> tile<1x1024xf32>
    %b_b = broadcast %b_row : tile<1x1024xf32> -> tile<64x1024xf32>
    %scaled = mulf %xn, %g_b : tile<64x1024xf32>
    %y = addf %scaled, %b_b : tile<64x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<64x1024xf32>, partition_view<tile=(64x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// Row softmax over a [rows x 1024] f32 matrix: y[r, :] = exp(x[r, :] - max) / sum(exp(x[r, :] - max)).
// Each tile block normalises 4 rows (rows known at run time; edge rows are padded/masked).
// Launch: grid = (ceil(rows / 4), 1, 1).
cuda_tile.module @softmax {
  entry @softmax_rows(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %y_tv = make_tensor_view %y_ptr_a16, shape = [%rows, 1024], strides = [1024, 1] : tile<i64> -> tensor_view<?x1024xf32, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %c0] : partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<4x1024xf32>, token
    %max = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<4x1024xf32> -> tile<4xf32>
    (%v: tile<f32>, %m: tile<f32>) {
      %mx = maxf %v, %m : tile<f32>
      yield %mx : tile<f32>
    }
    %max_col = reshape %max : tile<4xf32> -> tile<4x1xf32>
    %max_b = broadcast %max_col : tile<4x1xf32> -> tile<4x1024xf32>
    %shifted = subf %x, %max_b : tile<4x1024xf32>
    %e = exp %shifted : tile<4x1024xf32>
    %sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<4x1024xf32> -> tile<4xf32>
    (%v: tile<f32>, %s: tile<f32>) {
      %add = addf %v, %s : tile<f32>
      yield %add : tile<f32>
    }
    %sum_col = reshape %sum : tile<4xf32> -> tile<4x1xf32>
    %sum_b = broadcast %sum_col : tile<4x1xf32> -> tile<4x1024xf32>
    %y = divf %e, %sum_b : tile<4x1024xf32>
    %ty = store_view_tko weak %y, %y_pv[%bx, %c0] : tile<4x1024xf32>, partition_view<tile=(4x1024), tensor_view<?x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

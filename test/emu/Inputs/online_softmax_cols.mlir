// Softmax over the columns of a [rows x 2048] f32 matrix in two column loops (test/emu/tma_ring_simt.test):
// the first keeps a running row maximum and sum over 4x256 chunks (online softmax), the second
// normalises each chunk. Under TILEIR_PREFER_TMA_FOR_LOAD_STORE each loop reads x through its own TMA ring.
cuda_tile.module @online_softmax {
  entry @softmax_cols(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %rows: tile<i64>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %ya = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%rows, 2048], strides = [2048, 1] : tile<i64> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %y_tv = make_tensor_view %ya, shape = [%rows, 2048], strides = [2048, 1] : tile<i64> -> tensor_view<?x2048xf32, strides=[2048,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(4x256), tensor_view<?x2048xf32, strides=[2048,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(4x256), tensor_view<?x2048xf32, strides=[2048,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %ninf = constant <f32: 0xFF800000> : tile<4xf32>
    %zero = constant <f32: 0.000000e+00> : tile<4xf32>
    %m, %s = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%m_it = %ninf, %s_it = %zero) -> (tile<4xf32>, tile<4xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(4x256), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<4x256xf32>, token
      %mk = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<4x256xf32> -> tile<4xf32>
      (%v: tile<f32>, %w: tile<f32>) {
        %mx = maxf %v, %w : tile<f32>
        yield %mx : tile<f32>
      }
      %mn = maxf %m_it, %mk : tile<4xf32>
      %mn_col = reshape %mn : tile<4xf32> -> tile<4x1xf32>
      %mn_b = broadcast %mn_col : tile<4x1xf32> -> tile<4x256xf32>
      %sh = subf %x, %mn_b : tile<4x256xf32>
      %e = exp %sh : tile<4x256xf32>
      %sk = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<4x256xf32> -> tile<4xf32>
      (%v: tile<f32>, %w: tile<f32>) {
        %ad = addf %v, %w : tile<f32>
        yield %ad : tile<f32>
      }
      %dm = subf %m_it, %mn : tile<4xf32>
      %sc = exp %dm : tile<4xf32>
      %ss = mulf %s_it, %sc : tile<4xf32>
      %sn = addf %ss, %sk : tile<4xf32>
      continue %mn, %sn : tile<4xf32>, tile<4xf32>
    }
    %m_col = reshape %m : tile<4xf32> -> tile<4x1xf32>
    %m_b = broadcast %m_col : tile<4x1xf32> -> tile<4x256xf32>
    %s_col = reshape %s : tile<4xf32> -> tile<4x1xf32>
    %s_b = broadcast %s_col : tile<4x1xf32> -> tile<4x256xf32>
    for %k in (%c0 to %nk, step %c1) : tile<i32> {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(4x256), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> tile<4x256xf32>, token
      %sh = subf %x, %m_b : tile<4x256xf32>
      %e = exp %sh : tile<4x256xf32>
      %y = divf %e, %s_b : tile<4x256xf32>
      %ty = store_view_tko weak %y, %y_pv[%bx, %k] : tile<4x256xf32>, partition_view<tile=(4x256), tensor_view<?x2048xf32, strides=[2048,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}

// Large-tile compile-time input (bench/compile_time.sh): the hardening issue's 2048x2048 f32 addf of two
// loaded tiles, stored back. tilec does it in register-sized pieces by a loop (docs/driver.md,
// "Code generation limits"). Launch: grid = (ceil(m / 2048), 4, 1).
cuda_tile.module @large_tile {
  entry @add2d(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %m: tile<i64>) {
    %xa = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %ya = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %za = assume div_by<16>, %z_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %y_tv = make_tensor_view %ya, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %z_tv = make_tensor_view %za, shape = [%m, 8192], strides = [8192, 1] : tile<i64> -> tensor_view<?x8192xf32, strides=[8192,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx, %by] : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<2048x2048xf32>, token
    %y, %ty = load_view_tko weak %y_pv[%bx, %by] : partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> tile<2048x2048xf32>, token
    %z = addf %x, %y : tile<2048x2048xf32>
    %tz = store_view_tko weak %z, %z_pv[%bx, %by] : tile<2048x2048xf32>, partition_view<tile=(2048x2048), tensor_view<?x8192xf32, strides=[8192,1]>>, tile<i32> -> token
    return
  }
}

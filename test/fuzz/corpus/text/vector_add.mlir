// Vector add through views: z = x + y over n f32 elements (n known at run time).
// Each tile block handles 1024 elements; the last tile is masked at the tensor edge.
// Launch: grid = (ceil(n / 1024), 1, 1).
cuda_tile.module @vector_add {
  entry @vector_add_view(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %n: tile<i64>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %z_ptr_a16 = assume div_by<16>, %z_ptr : tile<ptr<f32>>
    %x_tv = make_tensor_view %x_ptr_a16, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %y_tv = make_tensor_view %y_ptr_a16, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %z_tv = make_tensor_view %z_ptr_a16, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %y_pv = make_partition_view %y_tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %x_pv[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y, %ty = load_view_tko weak %y_pv[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %z = addf %x, %y : tile<1024xf32>
    %tz = store_view_tko weak %z, %z_pv[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// Vector add through pointer tiles with a bounds mask: z[i] = x[i] + y[i] for i < n.
// Each tile block handles 1024 consecutive elements starting at block_id * 1024.
// Launch: grid = (ceil(n / 1024), 1, 1).
cuda_tile.module @vector_add_ptr {
  entry @vector_add_masked(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %n: tile<i32>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %x_ptr_a16 = assume div_by<16>, %x_ptr : tile<ptr<f32>>
    %y_ptr_a16 = assume div_by<16>, %y_ptr : tile<ptr<f32>>
    %z_ptr_a16 = assume div_by<16>, %z_ptr : tile<ptr<f32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %block = constant <i32: 1024> : tile<i32>
    %start = muli %bx, %block : tile<i32>
    %start_1 = reshape %start : tile<i32> -> tile<1xi32>
    %start_v = broadcast %start_1 : tile<1xi32> -> tile<1024xi32>
    %lane = iota : tile<1024xi32>
    %idx = addi %start_v, %lane : tile<1024xi32>
    %n_1 = reshape %n : tile<i32> -> tile<1xi32>
    %n_v = broadcast %n_1 : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %n_v, signed : tile<1024xi32> -> tile<1024xi1>
    %x_1 = reshape %x_ptr_a16 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %x_b = broadcast %x_1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %y_1 = reshape %y_ptr_a16 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %y_b = broadcast %y_1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %z_1 = reshape %z_ptr_a16 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %z_b = broadcast %z_1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %xp = offset %x_b, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %yp = offset %y_b, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %zp = offset %z_b, %idx : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %pad = constant <f32: 0.000000e+00> : tile<1024xf32>
    %x, %tx = load_ptr_tko weak %xp, %mask, %pad : tile<1024xptr<f32>>, tile<1024xi1>, tile<1024xf32> -> tile<1024xf32>, token
    %y, %ty = load_ptr_tko weak %yp, %mask, %pad : tile<1024xptr<f32>>, tile<1024xi1>, tile<1024xf32> -> tile<1024xf32>, token
    %z = addf %x, %y : tile<1024xf32>
    %tz = store_ptr_tko weak %zp, %z, %mask : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}

// Persistent GEMMs (a K loop nested in a tile loop) for warp specialization of nested loops
// (test/emu/ws_replay.test): 16 output tiles of 128x128 over a grid that does not divide them,
// K loops of 5 trips (not a multiple of the ring depth), so the rings run on across executions
// at every offset.
cuda_tile.module @m {
  // the tile loop (start = block id, step = the grid) around the K loop
  entry @persistent_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [512, 160], strides = [160, 1] : tensor_view<512x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 512], strides = [512, 1] : tensor_view<160x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c16, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 4> : tile<i32>
    %ntiles = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    for %t in (%bx to %ntiles, step %gx) : tile<i32> {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    }
    return
  }
  // an `if` inside the tile loop around the K loop (the loop over-runs to 18 tiles), and a K loop
  // starting at 1 (its index is iv + 1: the producer's coordinates add the invariant)
  entry @persistent_if_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [512, 192], strides = [192, 1] : tensor_view<512x192xf16, strides=[192,1]>
    %b_tv = make_tensor_view %b16, shape = [192, 512], strides = [512, 1] : tensor_view<192x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c16, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x192xf16, strides=[192,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<192x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 6> : tile<i32>
    %ntn = constant <i32: 4> : tile<i32>
    %ntiles = constant <i32: 16> : tile<i32>
    %nover = constant <i32: 18> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    for %t in (%bx to %nover, step %gx) : tile<i32> {
      %in = cmpi less_than %t, %ntiles, signed : tile<i32> -> tile<i1>
      if %in {
        %tm = divi %t, %ntn signed : tile<i32>
        %tn = remi %t, %ntn signed : tile<i32>
        %acc = for %k in (%c1 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
          %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<512x192xf16, strides=[192,1]>>, tile<i32> -> tile<128x32xf16>, token
          %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<192x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
          %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
          continue %d : tile<128x128xf32>
        }
        %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
      }
    }
    return
  }
  // B without an alignment proof: staged from registers by the consumers; A's ring alone is the
  // producer's
  entry @persistent_staged_b_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<2>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [512, 160], strides = [160, 1] : tensor_view<512x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 512], strides = [512, 1] : tensor_view<160x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c16, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 4> : tile<i32>
    %ntiles = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    for %t in (%bx to %ntiles, step %gx) : tile<i32> {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
        %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
        continue %d : tile<128x128xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    }
    return
  }
  // the tile loop carries values the consumers compute (a count, the last tile's accumulator) and an
  // `if` yields the K loop's result: the producer's replay carries and yields placeholders
  entry @persistent_carried_if_ws(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [512, 160], strides = [160, 1] : tensor_view<512x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b16, shape = [160, 512], strides = [512, 1] : tensor_view<160x512xf16, strides=[512,1]>
    %c_tv = make_tensor_view %c16, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 4> : tile<i32>
    %ntiles = constant <i32: 16> : tile<i32>
    %nover = constant <i32: 18> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %n, %last = for %t in (%bx to %nover, step %gx) : tile<i32> iter_values(%cnt = %c0, %prev = %zero) -> (tile<i32>, tile<128x128xf32>) {
      %in = cmpi less_than %t, %ntiles, signed : tile<i32> -> tile<i1>
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %acc = if %in -> (tile<128x128xf32>) {
        %acc1 = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
          %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<512x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
          %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x128), tensor_view<160x512xf16, strides=[512,1]>>, tile<i32> -> tile<32x128xf16>, token
          %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
          continue %d : tile<128x128xf32>
        }
        yield %acc1 : tile<128x128xf32>
      } else {
        yield %prev : tile<128x128xf32>
      }
      if %in {
        %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
      }
      %cnt1 = addi %cnt, %c1 : tile<i32>
      continue %cnt1, %acc : tile<i32>, tile<128x128xf32>
    }
    return
  }
}

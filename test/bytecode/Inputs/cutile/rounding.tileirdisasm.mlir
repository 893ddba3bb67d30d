entry @rounding(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<bf16>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f16>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg1 : tile<i32>
  %assume_1 = assume div_by<16>, %arg3 : tile<ptr<f16>>
  %assume_2 = assume div_by<16>, %arg4 : tile<i32>
  %assume_3 = assume div_by<16>, %arg6 : tile<ptr<bf16>>
  %assume_4 = assume div_by<16>, %arg7 : tile<i32>
  %assume_5 = assume div_by<16>, %arg9 : tile<ptr<f16>>
  %assume_6 = assume div_by<16>, %arg10 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %cst_1_i32_9 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_assume_10 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_11 = assume div_by<16>, %assume_assume_10 : tile<i32>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_assume_assume_11], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_assume_13 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_14 = assume div_by<16>, %assume_assume_13 : tile<i32>
  %tview_15 = make_tensor_view %assume_3, shape = [%assume_assume_assume_14], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %assume_assume_16 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_17 = assume div_by<16>, %assume_assume_16 : tile<i32>
  %tview_18 = make_tensor_view %assume_5, shape = [%assume_assume_assume_17], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %1 = ftof %tile rounding<zero> : tile<256xf32> -> tile<256xf16>
  %pview_19 = make_partition_view %tview_12 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_19[%blockId_x] token = %0 : tile<256xf16>, partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  %3 = ftof %tile rounding<zero> : tile<256xf32> -> tile<256xbf16>
  %pview_20 = make_partition_view %tview_15 : partition_view<tile=(256), tensor_view<?xbf16, strides=[1]>>
  %4 = store_view_tko weak %3, %pview_20[%blockId_x] token = %0 : tile<256xbf16>, partition_view<tile=(256), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> token
  %5 = ftof %tile  : tile<256xf32> -> tile<256xbf16>
  %6 = ftof %5 rounding<zero> : tile<256xbf16> -> tile<256xf16>
  %pview_21 = make_partition_view %tview_18 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>
  %7 = store_view_tko weak %6, %pview_21[%blockId_x] token = %0 : tile<256xf16>, partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  return
}

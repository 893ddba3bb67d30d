entry @gemm_int8(%arg0: tile<ptr<i8>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i8>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<i32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i8>>
  %assume_0 = assume div_by<16>, %arg1 : tile<i32>
  %assume_1 = assume div_by<16>, %arg2 : tile<i32>
  %assume_2 = assume div_by<16>, %arg3 : tile<i32>
  %assume_3 = assume div_by<16>, %arg5 : tile<ptr<i8>>
  %assume_4 = assume div_by<16>, %arg6 : tile<i32>
  %assume_5 = assume div_by<16>, %arg7 : tile<i32>
  %assume_6 = assume div_by<16>, %arg8 : tile<i32>
  %assume_7 = assume div_by<16>, %arg10 : tile<ptr<i32>>
  %assume_8 = assume div_by<16>, %arg11 : tile<i32>
  %assume_9 = assume div_by<16>, %arg12 : tile<i32>
  %assume_10 = assume div_by<16>, %arg13 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_11 = constant <i32: 1> : tile<i32>
  %cst_1_i32_12 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
  %assume_assume_13 = assume bounded<0, ?>, %assume_1 : tile<i32>
  %assume_assume_assume_14 = assume div_by<16>, %assume_assume_13 : tile<i32>
  %assume_assume_15 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_16 = assume div_by<16>, %assume_assume_15 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_14], strides = [%assume_assume_assume_16, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
  %assume_assume_17 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_18 = assume div_by<16>, %assume_assume_17 : tile<i32>
  %assume_assume_19 = assume bounded<0, ?>, %assume_5 : tile<i32>
  %assume_assume_assume_20 = assume div_by<16>, %assume_assume_19 : tile<i32>
  %assume_assume_21 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_22 = assume div_by<16>, %assume_assume_21 : tile<i32>
  %tview_23 = make_tensor_view %assume_3, shape = [%assume_assume_assume_18, %assume_assume_assume_20], strides = [%assume_assume_assume_22, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
  %assume_assume_24 = assume bounded<0, ?>, %assume_8 : tile<i32>
  %assume_assume_assume_25 = assume div_by<16>, %assume_assume_24 : tile<i32>
  %assume_assume_26 = assume bounded<0, ?>, %assume_9 : tile<i32>
  %assume_assume_assume_27 = assume div_by<16>, %assume_assume_26 : tile<i32>
  %assume_assume_28 = assume bounded<0, ?>, %assume_10 : tile<i32>
  %assume_assume_assume_29 = assume div_by<16>, %assume_assume_28 : tile<i32>
  %tview_30 = make_tensor_view %assume_7, shape = [%assume_assume_assume_25, %assume_assume_assume_27], strides = [%assume_assume_assume_29, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_31, %blockId_y_32, %blockId_z_33 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<64x64xi32>
  %pview = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>> -> tile<i32>
  %cst_0_i32_34 = constant <i32: 0> : tile<i32>
  %cst_1_i32_35 = constant <i32: 1> : tile<i32>
  %pview_36 = make_partition_view %tview : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>>
  %pview_37 = make_partition_view %tview_23 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32_34 to %1#1, step %cst_1_i32_35) : tile<i32> iter_values(%iterArg0 = %cst_0_i32) -> (tile<64x64xi32>) {
    %tile, %result_token = load_view_tko weak %pview_36[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<64x64xi8>, token
    %tile_39, %result_token_40 = load_view_tko weak %pview_37[%loopIdx, %blockId_y_32] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<64x64xi8>, token
    %3 = mmai %tile, %tile_39, %iterArg0 signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    continue %3 : tile<64x64xi32>
  }
  %pview_38 = make_partition_view %tview_30 : partition_view<tile=(64x64), tensor_view<?x?xi32, strides=[?,1]>>
  %2 = store_view_tko weak %for, %pview_38[%blockId_x, %blockId_y_32] token = %0 : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
  return
}

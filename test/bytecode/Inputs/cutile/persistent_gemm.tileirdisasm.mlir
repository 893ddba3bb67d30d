entry @persistent_gemm(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f16>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %arg1 : tile<i32>
  %assume_1 = assume div_by<16>, %arg2 : tile<i32>
  %assume_2 = assume div_by<16>, %arg3 : tile<i32>
  %assume_3 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_4 = assume div_by<16>, %arg6 : tile<i32>
  %assume_5 = assume div_by<16>, %arg7 : tile<i32>
  %assume_6 = assume div_by<16>, %arg8 : tile<i32>
  %assume_7 = assume div_by<16>, %arg10 : tile<ptr<f16>>
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
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_14], strides = [%assume_assume_assume_16, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_17 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_18 = assume div_by<16>, %assume_assume_17 : tile<i32>
  %assume_assume_19 = assume bounded<0, ?>, %assume_5 : tile<i32>
  %assume_assume_assume_20 = assume div_by<16>, %assume_assume_19 : tile<i32>
  %assume_assume_21 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_22 = assume div_by<16>, %assume_assume_21 : tile<i32>
  %tview_23 = make_tensor_view %assume_3, shape = [%assume_assume_assume_18, %assume_assume_assume_20], strides = [%assume_assume_assume_22, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_24 = assume bounded<0, ?>, %assume_8 : tile<i32>
  %assume_assume_assume_25 = assume div_by<16>, %assume_assume_24 : tile<i32>
  %assume_assume_26 = assume bounded<0, ?>, %assume_9 : tile<i32>
  %assume_assume_assume_27 = assume div_by<16>, %assume_assume_26 : tile<i32>
  %assume_assume_28 = assume bounded<0, ?>, %assume_10 : tile<i32>
  %assume_assume_assume_29 = assume div_by<16>, %assume_assume_28 : tile<i32>
  %tview_30 = make_tensor_view %assume_7, shape = [%assume_assume_assume_25, %assume_assume_assume_27], strides = [%assume_assume_assume_29, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview = make_partition_view %tview_30 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %pview_31 = make_partition_view %tview_30 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
  %2:2 = get_index_space_shape %pview_31 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %pview_32 = make_partition_view %tview : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>
  %3:2 = get_index_space_shape %pview_32 : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %4 = muli %1#0, %2#1 : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %5 = cmpi less_than %2#1, %cst_0_i32, signed : tile<i32> -> tile<i1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128x128xf32>
  %cst_0_i32_33 = constant <i32: 0> : tile<i32>
  %cst_1_i32_34 = constant <i32: 1> : tile<i32>
  %pview_35 = make_partition_view %tview : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>
  %pview_36 = make_partition_view %tview_23 : partition_view<tile=(64x128), tensor_view<?x?xf16, strides=[?,1]>>
  %pview_37 = make_partition_view %tview_30 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
  %for = for %loopIdx in (%blockId_x to %4, step %gridSize_x) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %6 = divi %loopIdx, %2#1 signed rounding<negative_inf> : tile<i32>
    %7 = remi %loopIdx, %2#1 signed : tile<i32>
    %8 = cmpi less_than %7, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %9 = xori %8, %5 : tile<i1>
    %10 = cmpi not_equal %7, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %11 = andi %9, %10 : tile<i1>
    %12 = addi %7, %2#1 : tile<i32>
    %13 = select %11, %12, %7 : tile<i1>, tile<i32>
    %for_38 = for %loopIdx_39 in (%cst_0_i32_33 to %3#1, step %cst_1_i32_34) : tile<i32> iter_values(%iterArg0_40 = %cst_0_f32) -> (tile<128x128xf32>) {
      %tile, %result_token = load_view_tko weak %pview_35[%6, %loopIdx_39] token = %0 : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
      %tile_41, %result_token_42 = load_view_tko weak %pview_36[%loopIdx_39, %13] token = %0 : partition_view<tile=(64x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x128xf16>, token
      %16 = mmaf %tile, %tile_41, %iterArg0_40 : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %16 : tile<128x128xf32>
    }
    %14 = ftof %for_38  : tile<128x128xf32> -> tile<128x128xf16>
    %15 = store_view_tko weak %14, %pview_37[%6, %13] token = %iterArg0 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    continue %15 : token
  }
  return
}

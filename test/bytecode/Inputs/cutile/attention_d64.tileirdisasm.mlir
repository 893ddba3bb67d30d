entry @attention_d64(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f16>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f16>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<f32>) optimization_hints=<default = {}> {
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
  %assume_11 = assume div_by<16>, %arg15 : tile<ptr<f16>>
  %assume_12 = assume div_by<16>, %arg16 : tile<i32>
  %assume_13 = assume div_by<16>, %arg17 : tile<i32>
  %assume_14 = assume div_by<16>, %arg18 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_15 = constant <i32: 1> : tile<i32>
  %cst_1_i32_16 = constant <i32: 1> : tile<i32>
  %cst_1_i32_17 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
  %assume_assume_18 = assume bounded<0, ?>, %assume_1 : tile<i32>
  %assume_assume_assume_19 = assume div_by<16>, %assume_assume_18 : tile<i32>
  %assume_assume_20 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_21 = assume div_by<16>, %assume_assume_20 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_19], strides = [%assume_assume_assume_21, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_22 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_23 = assume div_by<16>, %assume_assume_22 : tile<i32>
  %assume_assume_24 = assume bounded<0, ?>, %assume_5 : tile<i32>
  %assume_assume_assume_25 = assume div_by<16>, %assume_assume_24 : tile<i32>
  %assume_assume_26 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_27 = assume div_by<16>, %assume_assume_26 : tile<i32>
  %tview_28 = make_tensor_view %assume_3, shape = [%assume_assume_assume_23, %assume_assume_assume_25], strides = [%assume_assume_assume_27, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_29 = assume bounded<0, ?>, %assume_8 : tile<i32>
  %assume_assume_assume_30 = assume div_by<16>, %assume_assume_29 : tile<i32>
  %assume_assume_31 = assume bounded<0, ?>, %assume_9 : tile<i32>
  %assume_assume_assume_32 = assume div_by<16>, %assume_assume_31 : tile<i32>
  %assume_assume_33 = assume bounded<0, ?>, %assume_10 : tile<i32>
  %assume_assume_assume_34 = assume div_by<16>, %assume_assume_33 : tile<i32>
  %tview_35 = make_tensor_view %assume_7, shape = [%assume_assume_assume_30, %assume_assume_assume_32], strides = [%assume_assume_assume_34, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_36 = assume bounded<0, ?>, %assume_12 : tile<i32>
  %assume_assume_assume_37 = assume div_by<16>, %assume_assume_36 : tile<i32>
  %assume_assume_38 = assume bounded<0, ?>, %assume_13 : tile<i32>
  %assume_assume_assume_39 = assume div_by<16>, %assume_assume_38 : tile<i32>
  %assume_assume_40 = assume bounded<0, ?>, %assume_14 : tile<i32>
  %assume_assume_assume_41 = assume div_by<16>, %assume_assume_40 : tile<i32>
  %tview_42 = make_tensor_view %assume_11, shape = [%assume_assume_assume_37, %assume_assume_assume_39], strides = [%assume_assume_assume_41, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
  %cst_f32 = constant <f32: -1.000000e+30> : tile<128x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128x1xf32>
  %cst_0_f32_43 = constant <f32: 0.000000e+00> : tile<128x64xf32>
  %pview_44 = make_partition_view %tview_28 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview_44 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32_45 = constant <i32: 0> : tile<i32>
  %cst_1_i32_46 = constant <i32: 1> : tile<i32>
  %cst_0_i32_47 = constant <i32: 0> : tile<i32>
  %pview_48 = make_partition_view %tview_28 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>>
  %cst_0_f32_49 = constant <f32: 0.000000e+00> : tile<128x64xf32>
  %reshape = reshape %arg20 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<128x64xf32>
  %cst_0_i32_50 = constant <i32: 0> : tile<i32>
  %pview_51 = make_partition_view %tview_35 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>>
  %for:3 = for %loopIdx in (%cst_0_i32_45 to %1#0, step %cst_1_i32_46) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_43, %iterArg1 = %cst_0_f32, %iterArg2 = %cst_f32) -> (tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>) {
    %tile_55, %result_token_56 = load_view_tko weak %pview_48[%loopIdx, %cst_0_i32_47] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
    %5 = permute %tile_55 [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
    %6 = mmaf %tile, %5, %cst_0_f32_49 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %7 = mulf %6, %bcast  : tile<128x64xf32>
    %reduce = reduce %7 dim=1 identities=[0xFF800000 : f32] : tile<128x64xf32> -> tile<128xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %17 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %17 : tile<f32>
    }
    %reshape_57 = reshape %reduce : tile<128xf32> -> tile<128x1xf32>
    %8 = maxf %iterArg2, %reshape_57 : tile<128x1xf32>
    %bcast_58 = broadcast %8 : tile<128x1xf32> -> tile<128x64xf32>
    %9 = subf %7, %bcast_58  : tile<128x64xf32>
    %10 = exp %9  : tile<128x64xf32>
    %11 = subf %iterArg2, %8  : tile<128x1xf32>
    %12 = exp %11  : tile<128x1xf32>
    %reduce_59 = reduce %10 dim=1 identities=[0.000000e+00 : f32] : tile<128x64xf32> -> tile<128xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %17 : tile<f32>
    }
    %reshape_60 = reshape %reduce_59 : tile<128xf32> -> tile<128x1xf32>
    %13 = fma %iterArg1, %12, %reshape_60  : tile<128x1xf32>
    %tile_61, %result_token_62 = load_view_tko weak %pview_51[%loopIdx, %cst_0_i32_50] token = %0 : partition_view<tile=(64x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
    %14 = ftof %10  : tile<128x64xf32> -> tile<128x64xf16>
    %bcast_63 = broadcast %12 : tile<128x1xf32> -> tile<128x64xf32>
    %15 = mulf %iterArg0, %bcast_63  : tile<128x64xf32>
    %16 = mmaf %14, %tile_61, %15 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    continue %16, %13, %8 : tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>
  }
  %cst_0_i32_52 = constant <i32: 0> : tile<i32>
  %bcast_53 = broadcast %for#1 : tile<128x1xf32> -> tile<128x64xf32>
  %2 = divf %for#0, %bcast_53  : tile<128x64xf32>
  %3 = ftof %2  : tile<128x64xf32> -> tile<128x64xf16>
  %pview_54 = make_partition_view %tview_42 : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>
  %4 = store_view_tko weak %3, %pview_54[%blockId_x, %cst_0_i32_52] token = %0 : tile<128x64xf16>, partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  return
}

entry @softmax(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %arg1 : tile<i32>
  %assume_1 = assume div_by<16>, %arg2 : tile<i32>
  %assume_2 = assume div_by<16>, %arg3 : tile<i32>
  %assume_3 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_4 = assume div_by<16>, %arg6 : tile<i32>
  %assume_5 = assume div_by<16>, %arg7 : tile<i32>
  %assume_6 = assume div_by<16>, %arg8 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
  %assume_assume_8 = assume bounded<0, ?>, %assume_1 : tile<i32>
  %assume_assume_assume_9 = assume div_by<16>, %assume_assume_8 : tile<i32>
  %assume_assume_10 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_11 = assume div_by<16>, %assume_assume_10 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_9], strides = [%assume_assume_assume_11, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_assume_12 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_13 = assume div_by<16>, %assume_assume_12 : tile<i32>
  %assume_assume_14 = assume bounded<0, ?>, %assume_5 : tile<i32>
  %assume_assume_assume_15 = assume div_by<16>, %assume_assume_14 : tile<i32>
  %assume_assume_16 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_17 = assume div_by<16>, %assume_assume_16 : tile<i32>
  %tview_18 = make_tensor_view %assume_3, shape = [%assume_assume_assume_13, %assume_assume_assume_15], strides = [%assume_assume_assume_17, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x1024xf16>, token
  %1 = ftof %tile  : tile<1x1024xf16> -> tile<1x1024xf32>
  %reduce = reduce %1 dim=1 identities=[0xFF800000 : f32] : tile<1x1024xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %7 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x1024xf32>
  %2 = subf %1, %bcast  : tile<1x1024xf32>
  %3 = exp %2  : tile<1x1024xf32>
  %reduce_19 = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %7 : tile<f32>
  }
  %reshape_20 = reshape %reduce_19 : tile<1xf32> -> tile<1x1xf32>
  %cst_0_i32_21 = constant <i32: 0> : tile<i32>
  %bcast_22 = broadcast %reshape_20 : tile<1x1xf32> -> tile<1x1024xf32>
  %4 = divf %3, %bcast_22  : tile<1x1024xf32>
  %5 = ftof %4  : tile<1x1024xf32> -> tile<1x1024xf16>
  %pview_23 = make_partition_view %tview_18 : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  %6 = store_view_tko weak %5, %pview_23[%blockId_x, %cst_0_i32_21] token = %0 : tile<1x1024xf16>, partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  return
}

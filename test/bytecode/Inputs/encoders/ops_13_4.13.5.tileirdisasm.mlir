entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
  %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>
  %0 = make_token : token
  %tile, %result_token = load_view_tko weak %pview[%arg1] token = %0 inbounds = [true] : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %1 = ftoi %tile signed  saturating : tile<16xf32> -> tile<16xi32>
  %2 = extract %tile[%arg1] : tile<16xf32> -> tile<4xf32>
  %3 = insert %2, %tile[%arg1] : tile<4xf32>, tile<16xf32>
  %4 = gdc_wait_tko -> token
  %5 = gdc_launch_dependents_tko token = %4 -> token
  %6 = memory_fence_alias_tko %5
  %cst_2_i32 = constant <i32: 2> : tile<16xi32>
  %7 = fpowi %3, %cst_2_i32 : tile<16xf32>, tile<16xi32>
  %8 = store_view_tko weak %7, %pview[%arg1] token = %result_token : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  return
}

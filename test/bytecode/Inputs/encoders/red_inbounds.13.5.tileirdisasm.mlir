entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
  %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>
  %0 = make_token : token
  %tile, %result_token = load_view_tko weak %pview[%arg1] token = %0 inbounds = [true] : partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %1 = store_view_tko weak %tile, %pview[%arg1] token = %result_token : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  %2 = atomic_red_view_tko relaxed device %pview[%arg1], addf, %tile inbounds = [true] : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
  return
}

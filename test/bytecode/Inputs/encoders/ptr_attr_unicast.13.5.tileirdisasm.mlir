entry @k(%arg0: tile<ptr<f32, <unicast>>>, %arg1: tile<i32>) {
  %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<f32, <unicast>>> -> tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>
  %0 = make_token : token
  %tile, %result_token = load_view_tko weak %pview[%arg1] token = %0 inbounds = [true] : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf32>, token
  %1 = store_view_tko weak %tile, %pview[%arg1] token = %result_token : tile<16xf32>, partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> token
  return
}

entry @k(%arg0: tile<ptr<f32, <multicast>>>, %arg1: tile<i32>) {
  %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
  %0 = make_token : token
  return
}

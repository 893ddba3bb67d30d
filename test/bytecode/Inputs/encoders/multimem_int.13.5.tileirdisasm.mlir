entry @k(%arg0: tile<ptr<i32, <multicast>>>, %arg1: tile<i32>) {
  %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<i32, <multicast>>> -> tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
  %0 = make_token : token
  %reduced_values, %result_token = multimem_load_reduce_view_tko weak %pview[%arg1] token = %0 inbounds = [true] attributes {reduction = #cuda_tile.multimem_reduction_kind<umax>} : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32>, token -> tile<16xi32>, token
  %1 = multimem_reduce_view_tko release device %pview, %reduced_values[%arg1]  attributes {reduction = #cuda_tile.multimem_reduction_kind<xor>} : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32> -> token
  %2 = multimem_store_view_tko relaxed device %pview, %reduced_values[%arg1] token = %1 inbounds = [true] : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
  return
}

cuda_tile.module @m {
  entry @i16(%arg0: tile<ptr<i16, <multicast>>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<i16, <multicast>>> -> tensor_view<128xi16, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<128xi16, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %v, %t1 = multimem_load_reduce_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<128xi16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xi16>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @f16_single(%arg0: tile<ptr<f16, <multicast>>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<f16, <multicast>>> -> tensor_view<128xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<128xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %v, %t1 = multimem_load_reduce_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<128xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf16>, token
    return
  }
}

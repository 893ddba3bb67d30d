// RUN: %tilec -O0 --verify-diagnostics --split-input-file %s -o /dev/null

cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32, <multicast>>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %c0 = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{multicast ptr_attr is not allowed}}
    %t, %tok = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{expected pointer attribute 'none', 'unicast' or 'multicast'}}
  entry @k(%p: tile<ptr<f32, <shared>>>) {
    return
  }
}

// addi with overflow<no_signed_wrap> on i32: element [2] is 2147483647 + 1, which wraps.
cuda_tile.module @overflow {
  entry @overflow(%out: tile<ptr<i32>>) {
    %a = constant <i32: [1, 2, 2147483647, 4]> : tile<4xi32>
    %b = constant <i32: 1> : tile<4xi32>
    %s = addi %a, %b overflow<no_signed_wrap> : tile<4xi32>
    %u = addi %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
    %tv = make_tensor_view %out, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %s, %pv[%c0] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

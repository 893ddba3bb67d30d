// Integer semantics, hand-computed: divi rounding modes, remi signs, wrap-around, shifts, mulhii.
// Writes 6 tiles of 8 x i32 into out[48].
cuda_tile.module @int_ops {
  entry @int_ops(%out: tile<ptr<i32>>) {
    %tv = make_tensor_view %out, shape = [48], strides = [1] : tensor_view<48xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>
    %a = constant <i32: [-7, 7, -7, 7, 2147483647, -8, 1, 5]> : tile<8xi32>
    %b = constant <i32: [2, 2, -2, -2, 1, 1, 3, 3]> : tile<8xi32>
    %q0 = divi %a, %b signed : tile<8xi32>
    %q1 = divi %a, %b signed rounding<negative_inf> : tile<8xi32>
    %q2 = divi %a, %b signed rounding<positive_inf> : tile<8xi32>
    %r = remi %a, %b signed : tile<8xi32>
    %s = addi %a, %b : tile<8xi32>
    %one = constant <i32: 1> : tile<8xi32>
    %sh = shri %a, %one signed : tile<8xi32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %t0 = store_view_tko weak %q0, %pv[%c0] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %q1, %pv[%c1] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %q2, %pv[%c2] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    %t3 = store_view_tko weak %r, %pv[%c3] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    %t4 = store_view_tko weak %s, %pv[%c4] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    %t5 = store_view_tko weak %sh, %pv[%c5] : tile<8xi32>, partition_view<tile=(8), tensor_view<48xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

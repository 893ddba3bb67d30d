// Edge padding and store masking of partition views, plus for/if/loop control flow.
// x: 5 floats (iota). A 4-wide view over x with padding neg_inf: tile 1 = [x4, -inf, -inf, -inf].
// It is stored at tile 0 of an 8-element view of out (out[0..3]) and at tile 1 of a 6-element
// view of out (out[4..5] written, out[6..7] masked). A for loop sums tile 0 and tile 1 of a
// zero-padded view of x three times except when the induction variable is 1 (if/continue):
// 2 * [x0+x4, x1, x2, x3]; a loop op counts to 5 and breaks. Both go to res[0..3] and res[4].
cuda_tile.module @views {
  entry @views(%x: tile<ptr<f32>>, %out: tile<ptr<f32>>, %res: tile<ptr<f32>>) {
    %xtv = make_tensor_view %x, shape = [5], strides = [1] : tensor_view<5xf32, strides=[1]>
    %xpad = make_partition_view %xtv : partition_view<tile=(4), padding_value = neg_inf, tensor_view<5xf32, strides=[1]>>
    %xzero = make_partition_view %xtv : partition_view<tile=(4), padding_value = zero, tensor_view<5xf32, strides=[1]>>
    %o8 = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %o6 = make_tensor_view %out, shape = [6], strides = [1] : tensor_view<6xf32, strides=[1]>
    %v8 = make_partition_view %o8 : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %v6 = make_partition_view %o6 : partition_view<tile=(4), tensor_view<6xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %t, %tt = load_view_tko weak %xpad[%c1] : partition_view<tile=(4), padding_value = neg_inf, tensor_view<5xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %s0 = store_view_tko weak %t, %v8[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %s1 = store_view_tko weak %t, %v6[%c1] : tile<4xf32>, partition_view<tile=(4), tensor_view<6xf32, strides=[1]>>, tile<i32> -> token
    %zero = constant <f32: 0.0> : tile<4xf32>
    %sum = for %i in (%c0 to %c3, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<4xf32>) {
      %skip = cmpi equal %i, %c1, signed : tile<i32> -> tile<i1>
      if %skip {
        continue %acc : tile<4xf32>
      }
      %a, %ta = load_view_tko weak %xzero[%c0] : partition_view<tile=(4), padding_value = zero, tensor_view<5xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
      %b, %tb = load_view_tko weak %xzero[%c1] : partition_view<tile=(4), padding_value = zero, tensor_view<5xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
      %ab = addf %a, %b : tile<4xf32>
      %next = addf %acc, %ab : tile<4xf32>
      continue %next : tile<4xf32>
    }
    %count = loop iter_values(%k = %c0) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %k, %c5, signed : tile<i32> -> tile<i1>
      if %done {
        break %k : tile<i32>
      }
      %k1 = addi %k, %c1 : tile<i32>
      continue %k1 : tile<i32>
    }
    %rtv = make_tensor_view %res, shape = [5], strides = [1] : tensor_view<5xf32, strides=[1]>
    %rpv = make_partition_view %rtv : partition_view<tile=(4), tensor_view<5xf32, strides=[1]>>
    %s2 = store_view_tko weak %sum, %rpv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<5xf32, strides=[1]>>, tile<i32> -> token
    %countf = itof %count signed : tile<i32> -> tile<f32>
    %four = constant <i64: 4> : tile<i64>
    %rp = offset %res, %four : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %s3 = store_ptr_tko weak %rp, %countf : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

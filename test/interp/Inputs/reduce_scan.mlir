// reduce/scan: a two-operand argmax (value, index; ties keep the smaller index) written with the
// accumulator first, an inclusive prefix sum, a reverse scan, and a sum over dim 0 of a 2-D tile.
// out[0] = argmax value, out[1] = its index, out[2..9] = prefix sums, out[10..17] = reverse
// prefix sums, out[18..21] = column sums of [[1,2,3,4],[10,20,30,40]].
cuda_tile.module @reduce_scan {
  entry @reduce_scan(%out: tile<ptr<f32>>) {
    %x = constant <f32: [3.0, 9.0, -1.0, 9.0, 2.0, 0.5, 7.0, 1.0]> : tile<8xf32>
    %iota = iota : tile<8xi32>
    %max, %arg = reduce %x, %iota dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
    (%v: tile<f32>, %vacc: tile<f32>, %i: tile<i32>, %iacc: tile<i32>) {
      %gt = cmpf greater_than ordered %vacc, %v : tile<f32> -> tile<i1>
      %eq = cmpf equal ordered %vacc, %v : tile<f32> -> tile<i1>
      %lt = cmpi less_than %iacc, %i, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %keep = ori %gt, %tie : tile<i1>
      %nv = select %keep, %vacc, %v : tile<i1>, tile<f32>
      %ni = select %keep, %iacc, %i : tile<i1>, tile<i32>
      yield %nv, %ni : tile<f32>, tile<i32>
    }
    %pre = scan %x dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%a: tile<f32>, %acc: tile<f32>) {
      %s = addf %acc, %a : tile<f32>
      yield %s : tile<f32>
    }
    %rev = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%a: tile<f32>, %acc: tile<f32>) {
      %s = addf %a, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %m = constant <f32: [[1.0, 2.0, 3.0, 4.0], [10.0, 20.0, 30.0, 40.0]]> : tile<2x4xf32>
    %cols = reduce %m dim=0 identities=[0.0 : f32] : tile<2x4xf32> -> tile<4xf32>
    (%a: tile<f32>, %acc: tile<f32>) {
      %s = addf %acc, %a : tile<f32>
      yield %s : tile<f32>
    }
    %p = reshape %out : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %c2 = constant <i32: 2> : tile<8xi32>
    %c10 = constant <i32: 10> : tile<8xi32>
    %o2 = addi %iota, %c2 : tile<8xi32>
    %o10 = addi %iota, %c10 : tile<8xi32>
    %pp = offset %pb, %o2 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %pr = offset %pb, %o10 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t0 = store_ptr_tko weak %pp, %pre : tile<8xptr<f32>>, tile<8xf32> -> token
    %t1 = store_ptr_tko weak %pr, %rev : tile<8xptr<f32>>, tile<8xf32> -> token
    %t2 = store_ptr_tko weak %out, %max : tile<ptr<f32>>, tile<f32> -> token
    %argf = itof %arg signed : tile<i32> -> tile<f32>
    %one = constant <i64: 1> : tile<i64>
    %p1 = offset %out, %one : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %t3 = store_ptr_tko weak %p1, %argf : tile<ptr<f32>>, tile<f32> -> token
    %tv = make_tensor_view %out, shape = [22], strides = [1] : tensor_view<22xf32, strides=[1]>
    %pv = make_strided_view %tv : strided_view<tile=(4), traversal_strides=[1], tensor_view<22xf32, strides=[1]>>
    %c18 = constant <i32: 18> : tile<i32>
    %t4 = store_view_tko weak %cols, %pv[%c18] : tile<4xf32>, strided_view<tile=(4), traversal_strides=[1], tensor_view<22xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

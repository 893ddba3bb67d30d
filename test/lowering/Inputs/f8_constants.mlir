// (input of f8_storage.mlir) f8 constants (splat and dense), bit casts to and from i8, conversions
// to f32: out[0..3] = ftof(dense E4M3FN [1, -2, 448, 0.015625]); out[4..7] = ftof(bitcast(i8 0x3c) as
// E5M2) = 1.0; bytes[0..3] = bitcast of splat E5M2 -1.5 (0xbe).
cuda_tile.module @f8 {
  entry @f8(%out: tile<ptr<f32>>, %bytes: tile<ptr<i8>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %d = constant <f8E4M3FN: [1.0, -2.0, 448.0, 0.015625]> : tile<4xf8E4M3FN>
    %df = ftof %d : tile<4xf8E4M3FN> -> tile<4xf32>
    %i = constant <i8: 60> : tile<4xi8>
    %e = bitcast %i : tile<4xi8> -> tile<4xf8E5M2>
    %ef = ftof %e : tile<4xf8E5M2> -> tile<4xf32>
    %s = constant <f8E5M2: -1.5> : tile<4xf8E5M2>
    %sb = bitcast %s : tile<4xf8E5M2> -> tile<4xi8>
    %tv = make_tensor_view %out, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %t0 = store_view_tko weak %df, %pv[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %ef, %pv[%c1] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %bv = make_tensor_view %bytes, shape = [4], strides = [1] : tensor_view<4xi8, strides=[1]>
    %bp = make_partition_view %bv : partition_view<tile=(4), tensor_view<4xi8, strides=[1]>>
    %t2 = store_view_tko weak %sb, %bp[%c0] : tile<4xi8>, partition_view<tile=(4), tensor_view<4xi8, strides=[1]>>, tile<i32> -> token
    return
  }
}

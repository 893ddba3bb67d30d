// extract and cat: x = iota reshaped to 16x8 (x[r][c] = 8r + c); out (8x8) = cat(x[4s:4s+4], x[4:8]) along
// dim 0, s the argument; out2 (4x16) = cat(x[0:4], x[4s:4s+4]) along dim 1 as f16 widened back to f32.
cuda_tile.module @shapes {
  entry @extract_cat(%out: tile<ptr<i32>>, %out2: tile<ptr<f32>>, %s: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %i = iota : tile<128xi32>
    %x = reshape %i : tile<128xi32> -> tile<16x8xi32>
    %lo = extract %x[%s, %c0] : tile<16x8xi32> -> tile<4x8xi32>
    %hi = extract %x[%c1, %c0] : tile<16x8xi32> -> tile<4x8xi32>
    %y = cat %lo, %hi dim = 0 : tile<4x8xi32>, tile<4x8xi32> -> tile<8x8xi32>
    %tv = make_tensor_view %out, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xi32, strides=[8,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<8x8xi32, strides=[8,1]>>
    %t0 = store_view_tko weak %y, %pv[%c0, %c0] : tile<8x8xi32>, partition_view<tile=(8x8), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
    %xf = itof %x signed : tile<16x8xi32> -> tile<16x8xf16>
    %a = extract %xf[%c0, %c0] : tile<16x8xf16> -> tile<4x8xf16>
    %b = extract %xf[%s, %c0] : tile<16x8xf16> -> tile<4x8xf16>
    %z = cat %a, %b dim = 1 : tile<4x8xf16>, tile<4x8xf16> -> tile<4x16xf16>
    %zf = ftof %z : tile<4x16xf16> -> tile<4x16xf32>
    %tv2 = make_tensor_view %out2, shape = [4, 16], strides = [16, 1] : tensor_view<4x16xf32, strides=[16,1]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(4x16), tensor_view<4x16xf32, strides=[16,1]>>
    %t1 = store_view_tko weak %zf, %pv2[%c0, %c0] : tile<4x16xf32>, partition_view<tile=(4x16), tensor_view<4x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}

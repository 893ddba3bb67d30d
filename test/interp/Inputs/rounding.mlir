// Rounding modes of addf: 1 + 0.75 ulp (f32 and f16) in the four IEEE modes, and -(1 + 0.75 ulp).
// out[0..3] f32: nearest_even, zero, negative_inf, positive_inf of  1 + 1.5 * 2^-24
// out[4..7] f32: the same for -1 - 1.5 * 2^-24
// out[8..11] f32: the f16 sums 1 + 0.75 * 2^-10 in the same modes, widened exactly with ftof
cuda_tile.module @rounding {
  entry @rounding(%out: tile<ptr<f32>>) {
    %i0 = constant <i32: 0> : tile<i32>
    %i1 = constant <i32: 1> : tile<i32>
    %i2 = constant <i32: 2> : tile<i32>
    %tv = make_tensor_view %out, shape = [12], strides = [1] : tensor_view<12xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<12xf32, strides=[1]>>
    %one = constant <f32: [1.0, -1.0]> : tile<2xf32>
    %eps = constant <f32: [8.94069671630859375E-8, -8.94069671630859375E-8]> : tile<2xf32>
    %rn = addf %one, %eps : tile<2xf32>
    %rz = addf %one, %eps rounding<zero> : tile<2xf32>
    %rd = addf %one, %eps rounding<negative_inf> : tile<2xf32>
    %ru = addf %one, %eps rounding<positive_inf> : tile<2xf32>
    %rn1 = reshape %rn : tile<2xf32> -> tile<2x1xf32>
    %rz1 = reshape %rz : tile<2xf32> -> tile<2x1xf32>
    %rd1 = reshape %rd : tile<2xf32> -> tile<2x1xf32>
    %ru1 = reshape %ru : tile<2xf32> -> tile<2x1xf32>
    %c01 = cat %rn1, %rz1 dim = 1 : tile<2x1xf32>, tile<2x1xf32> -> tile<2x2xf32>
    %c23 = cat %rd1, %ru1 dim = 1 : tile<2x1xf32>, tile<2x1xf32> -> tile<2x2xf32>
    %all = cat %c01, %c23 dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
    %row0 = extract %all[%i0, %i0] : tile<2x4xf32> -> tile<1x4xf32>
    %row1 = extract %all[%i1, %i0] : tile<2x4xf32> -> tile<1x4xf32>
    %r0 = reshape %row0 : tile<1x4xf32> -> tile<4xf32>
    %r1 = reshape %row1 : tile<1x4xf32> -> tile<4xf32>
    %h1 = constant <f16: 1.0> : tile<4xf16>
    %he = constant <f16: 7.32421875E-4> : tile<4xf16>
    %hn = addf %h1, %he : tile<4xf16>
    %hz = addf %h1, %he rounding<zero> : tile<4xf16>
    %hnf = ftof %hn : tile<4xf16> -> tile<4xf32>
    %hzf = ftof %hz : tile<4xf16> -> tile<4xf32>
    %sel = constant <i1: [true, false, false, true]> : tile<4xi1>
    %h = select %sel, %hnf, %hzf : tile<4xi1>, tile<4xf32>
    %t0 = store_view_tko weak %r0, %pv[%i0] : tile<4xf32>, partition_view<tile=(4), tensor_view<12xf32, strides=[1]>>, tile<i32> -> token
    %t1 = store_view_tko weak %r1, %pv[%i1] : tile<4xf32>, partition_view<tile=(4), tensor_view<12xf32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %h, %pv[%i2] : tile<4xf32>, partition_view<tile=(4), tensor_view<12xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

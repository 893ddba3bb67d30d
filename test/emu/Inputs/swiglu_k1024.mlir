// SwiGLU (out = silu(X x Wg) * (X x Wu)) with K = 1024: two mmaf chains in one loop of 16 iterations,
// long enough that every ring stage is refilled several times (test/hopper/wgmma_in_flight_chains.mlir,
// test/emu/wgmma_in_flight_chains.test).
// SwiGLU gate and up projections: two mmaf chains in one loop sharing the X tile,
// out = silu(X x Wg) * (X x Wu).
cuda_tile.module @swiglu_k1024 {
  entry @swiglu_k1024(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_ptr16 = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_ptr16, shape = [256, 1024], strides = [1024, 1] : tensor_view<256x1024xf16, strides=[1024,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>
    %wg_ptr16 = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %wu_ptr16 = assume div_by<16>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_ptr16, shape = [1024, 256], strides = [256, 1] : tensor_view<1024x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>
    %o_ptr16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_ptr16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<64x64xf32>
    %g, %u = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %zero, %u_it = %zero) -> (tile<64x64xf32>, tile<64x64xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<1024x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %dg, %du : tile<64x64xf32>, tile<64x64xf32>
    }
    %ng = negf %g : tile<64x64xf32>
    %e = exp %ng : tile<64x64xf32>
    %den = addf %e, %one : tile<64x64xf32>
    %silu = divf %g, %den : tile<64x64xf32>
    %out = mulf %silu, %u : tile<64x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

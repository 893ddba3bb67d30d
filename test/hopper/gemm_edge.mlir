// Edge tiles for the Hopper path: examples/gemm.mlir on 1000x1000 tensors (the last row/column of
// tiles is partial). TMA loads zero-fill outside the bounds; the TMA store epilogue clips there.
// Launch: grid = (8, 8, 1).
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// REMARK: remark: wgmma path: TMA store epilogue: 16 box(es) 128x8, swizzle 32B
// The output map carries the real (non-multiple) bounds; the kernel stores whole boxes unmasked.
// CHECK: // tilec.tensormap gemm_f16_f32 param=5 base_arg=2 dtype=f32 rank=2 dims=1000,1000 strides_bytes=4000 box=8,128 elem_strides=1,1 swizzle=32B
// CHECK-NOT: st.global
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CHECK-NOT: st.global
// CHECK: ret;
cuda_tile.module @gemm {
  entry @gemm_f16_f32(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1000, 1000], strides = [1000, 1] : tensor_view<1000x1000xf16, strides=[1000,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1000, 1000], strides = [1000, 1] : tensor_view<1000x1000xf16, strides=[1000,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1000, 1000], strides = [1000, 1] : tensor_view<1000x1000xf32, strides=[1000,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1000x1000xf16, strides=[1000,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1000x1000xf16, strides=[1000,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1000x1000xf32, strides=[1000,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1000x1000xf16, strides=[1000,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1000x1000xf16, strides=[1000,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1000x1000xf32, strides=[1000,1]>>, tile<i32> -> token
    return
  }
}

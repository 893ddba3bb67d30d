// Two stores of the wgmma result (C and its block transpose position): TileAS picks a TMA store for
// both; path selection takes the first as the wgmma path's TMA store epilogue and makes the second
// a SIMT store (st.global), and TILEIR_DELAY_TMA_STORE_WAIT cannot defer the first wait (ops follow the store).
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 TILEIR_DELAY_TMA_STORE_WAIT=1 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// REMARK: tma_store_two.mlir:[[@LINE+31]]:5: remark: wgmma path: TileAS chose a TMA store for a result; it is stored from the accumulator fragments with st.global: only one TMA store epilogue per kernel
// REMARK: tma_store_two.mlir:[[@LINE+29]]:5: remark: wgmma path: the TMA store wait is not deferred (TILEIR_DELAY_TMA_STORE_WAIT): ops after the store may reuse its shared-memory staging
// REMARK: tma_store_two.mlir:[[@LINE+28]]:5: remark: wgmma path: TMA store epilogue: 16 box(es) 128x8, swizzle 32B, staged at +0 in shared memory, wait_group.read right after the store
// CHECK: cp.async.bulk.commit_group;
// CHECK-NEXT: cp.async.bulk.wait_group.read 0;
// CHECK: st.global
// CHECK: ret;
cuda_tile.module @gemm {
  entry @gemm_f16_f32(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %acc, %c_pv[%by, %bx] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

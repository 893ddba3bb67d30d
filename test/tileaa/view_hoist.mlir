// TileAA builds a view once before the loops it does not depend on (view_resolve.c view_anchor):
// cuTile Python 13.1 makes its partition views inside the k loop; the views are loop-invariant,
// so TileAA places them before the loop and TileAS can turn the loads into TMA pipes. A view whose
// tensor view depends on the loop stays in it (and the Hopper path says so).
// RUN: %tilec --emit=tileaa %s | FileCheck %s
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %check-ptx sm_90a %t.ptx

// CHECK: "tileaa.view"
// CHECK: "tileaa.view"
// CHECK: "tileaa.for"
// CHECK-NOT: "tileaa.view"
// CHECK: "tileaa.async_load"
// CHECK: sym_name = "hoisted"
// REMARK-DAG: view_hoist.mlir:[[@LINE+17]]:7: remark: wgmma path: m64n64k16 x 1 warpgroup (128 threads)
cuda_tile.module @views {
  entry @hoisted(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>
      %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

// CHECK: "tileaa.for"
// CHECK: "tileaa.view"
// CHECK: sym_name = "in_loop"
// REMARK-DAG: view_hoist.mlir:[[@LINE+17]]:7: remark: mma.sync path: a load's view is made inside the loop
  entry @in_loop(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %b_tv = make_tensor_view %b16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %rows = constant <i32: 256> : tile<i32>
      %a_tv = make_tensor_view %a16, shape = [%rows, 256], strides = [256, 1] : tile<i32> -> tensor_view<?x256xf16, strides=[256,1]>
      %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<?x256xf16, strides=[256,1]>>
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<?x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

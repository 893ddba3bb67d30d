// Static contiguous inner dim + `assume div_by<16>` on the base: 16-byte vector loads/stores.
// Without the assumption only the element alignment is known, so accesses stay scalar.
// RUN: %tilec --emit=ptx %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// CHECK-LABEL: .entry aligned(
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK-LABEL: .entry unaligned(
// CHECK-NOT: ld.global.v4
// CHECK: ld.global.b32
cuda_tile.module @m {
  entry @aligned(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %xa = assume div_by<16>, %x : tile<ptr<f32>>
    %ya = assume div_by<16>, %y : tile<ptr<f32>>
    %xt = make_tensor_view %xa, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %yt = make_tensor_view %ya, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %xp = make_partition_view %xt : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>
    %yp = make_partition_view %yt : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %t1 = store_view_tko weak %a, %yp[%bx, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @unaligned(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %xt = make_tensor_view %x, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %yt = make_tensor_view %y, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %xp = make_partition_view %xt : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>
    %yp = make_partition_view %yt : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %t1 = store_view_tko weak %a, %yp[%bx, %c0] : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

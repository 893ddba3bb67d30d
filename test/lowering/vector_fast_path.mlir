// Vector accesses with dynamic shapes.
//  - vadd: the length n is dynamic (no divisibility known), so a masked vector could straddle
//    the end; a tile-uniform test (tile_index*1024 + 1024 <= n) selects unmasked 16-byte
//    accesses for interior tiles, and the edge tile takes the masked scalar path.
//  - strided: dynamic row stride and column count with `assume div_by<16>` on them: every
//    4-element group is entirely in or out of bounds and stays 16-byte aligned, so even the
//    masked path uses 16-byte vectors (no fast/edge split, no scalar access).
//  - strided_unknown: the same without the assumption: scalar accesses only.
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// CHECK-LABEL: .entry vadd(
// CHECK-DAG: ld.global.v4.b32
// CHECK-DAG: st.global.v4.b32
// CHECK-DAG: ld.global.b32
// CHECK-DAG: st.global.b32
// CHECK-LABEL: .entry strided(
// CHECK-NOT: ld.global.b32
// CHECK: ld.global.v4.b32
// CHECK-NOT: ld.global.b32
// CHECK: st.global.v4.b32
// CHECK-NOT: {{(ld|st)}}.global.b32
// CHECK-LABEL: .entry strided_unknown(
// CHECK-NOT: .global.v4
// CHECK: ld.global.b32
// CHECK-NOT: .global.v4
cuda_tile.module @m {
  entry @vadd(%x: tile<ptr<f32>>, %z: tile<ptr<f32>>, %n: tile<i64>) {
    %xa = assume div_by<16>, %x : tile<ptr<f32>>
    %za = assume div_by<16>, %z : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %z_tv = make_tensor_view %za, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %tv = load_view_tko weak %x_pv[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %w = addf %v, %v : tile<1024xf32>
    %tw = store_view_tko weak %w, %z_pv[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @strided(%x: tile<ptr<f32>>, %z: tile<ptr<f32>>, %m: tile<i64>, %n: tile<i64>) {
    %xa = assume div_by<16>, %x : tile<ptr<f32>>
    %za = assume div_by<16>, %z : tile<ptr<f32>>
    %n16 = assume div_by<16>, %n : tile<i64>
    %x_tv = make_tensor_view %xa, shape = [%m, %n16], strides = [%n16, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %z_tv = make_tensor_view %za, shape = [%m, %n16], strides = [%n16, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %tv = load_view_tko weak %x_pv[%bx, %by] : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    %tw = store_view_tko weak %v, %z_pv[%bx, %by] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @strided_unknown(%x: tile<ptr<f32>>, %z: tile<ptr<f32>>, %m: tile<i64>, %n: tile<i64>) {
    %xa = assume div_by<16>, %x : tile<ptr<f32>>
    %za = assume div_by<16>, %z : tile<ptr<f32>>
    %x_tv = make_tensor_view %xa, shape = [%m, %n], strides = [%n, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %z_tv = make_tensor_view %za, shape = [%m, %n], strides = [%n, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %z_pv = make_partition_view %z_tv : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %v, %tv = load_view_tko weak %x_pv[%bx, %by] : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    %tw = store_view_tko weak %v, %z_pv[%bx, %by] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

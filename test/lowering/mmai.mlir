// `mmai` (i8 x i8 -> i32) compiles on both targets in the multiply-add form: A and B staged in
// shared memory, a K loop of i32 multiply-adds per accumulator register, each operand sign- or
// zero-extended by its signedness attribute. 0 spills (check-ptx).
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// The products follow the signedness: signed x signed multiplies sign-extended bytes
// (mul.wide.s16), unsigned x unsigned zero-extended ones (mul.wide.u16), mixed in i32 (mad.lo.s32).
// CHECK-LABEL: .entry mmai_ss(
// CHECK-NOT: .entry
// CHECK: mul.wide.s16
// CHECK-NOT: mul.wide.u16
// CHECK-LABEL: .entry mmai_uu(
// CHECK-NOT: .entry
// CHECK: mul.wide.u16
// CHECK-NOT: mul.wide.s16
// CHECK-LABEL: .entry mmai_su(
// CHECK-NOT: mul.wide.{{[su]}}16
// CHECK: mad.lo.s32
cuda_tile.module @m {
  entry @mmai_ss(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero signed signed : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_uu(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero unsigned unsigned : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @mmai_su(%a_ptr: tile<ptr<i8>>, %b_ptr: tile<ptr<i8>>, %c_ptr: tile<ptr<i32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = constant <i32: 0> : tile<64x64xi32>
    %a, %ta = load_view_tko weak %a_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %b, %tb = load_view_tko weak %b_pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %d = mmai %a, %b, %zero signed unsigned : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %t = store_view_tko weak %d, %c_pv[%c0, %c0] : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

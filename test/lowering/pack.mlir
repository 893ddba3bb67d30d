// pack / unpack (13.3): a tile as its little-endian bytes in row-major order (an i8 tile of the
// same rank) and back, through the shared tile buffer (bar.sync, each thread stores its elements in
// their type at their flat places, bar.sync, each loads its result elements in theirs). Here f32 ->
// bytes -> f32 and the same bytes as f16: the interpreter's outputs are exactly the input's bytes.
// Whole-byte element types only: f4E2M1FN (and i4) are refused by name.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:f32:64:list=1.0,-2.5,3.25,1e-3 --arg ptr:i8:256:out --arg ptr:f32:64:out --arg ptr:f16:128:out --save 0=%t.x --save 1=%t.b --save 2=%t.y --save 3=%t.h
// RUN: cmp %t.x %t.b
// RUN: cmp %t.x %t.y
// RUN: cmp %t.x %t.h
// RUN: not %tilec -O3 --split-input-file %S/Inputs/pack_bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK-LABEL: .entry bytes(
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.{{(v2.)?}}b8
// BAD: pack_bad.mlir:5:5: error: `pack` of f4E2M1FN elements is not supported by code generation (whole-byte element types only
cuda_tile.module @m {
  entry @bytes(%x: tile<ptr<f32>>, %b: tile<ptr<i8>>, %y: tile<ptr<f32>>, %h: tile<ptr<f16>>) {
    %vx = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %px = make_partition_view %vx : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %vb = make_tensor_view %b, shape = [256], strides = [1] : tensor_view<256xi8, strides=[1]>
    %pb = make_partition_view %vb : partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>
    %vy = make_tensor_view %y, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %py = make_partition_view %vy : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %vh = make_tensor_view %h, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %ph = make_partition_view %vh : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %p = pack %t : tile<64xf32> -> tile<256xi8>
    %t1 = store_view_tko weak %p, %pb[%c0] : tile<256xi8>, partition_view<tile=(256), tensor_view<256xi8, strides=[1]>>, tile<i32> -> token
    %u = unpack %p : tile<256xi8> -> tile<64xf32>
    %t2 = store_view_tko weak %u, %py[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %hh = unpack %p : tile<256xi8> -> tile<128xf16>
    %t3 = store_view_tko weak %hh, %ph[%c0] : tile<128xf16>, partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}

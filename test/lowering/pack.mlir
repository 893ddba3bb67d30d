// pack / unpack (13.3): a tile as its little-endian bytes in row-major order (an i8 tile of the
// same rank) and back, through the shared tile buffer (bar.sync, each thread stores its elements in
// their type at their flat places, bar.sync, each loads its result elements in theirs). Here f32 ->
// bytes -> f32 and the same bytes as f16: the interpreter's outputs are exactly the input's bytes.
// 4-bit types (i4, f4E2M1FN): byte j holds elements 2j (low nibble) and 2j+1 (high); a register
// holds one element per byte, so pack reads two bytes of the buffer per result byte and joins them
// (shl 4, or), unpack reads byte i/2 and shifts by 4 * (i & 1). Entry @nibbles: f4 -> bytes -> i4 ->
// i8 (exti signed) and the bytes -> f4: the interpreter's outputs are the input's bytes and nibbles.
// pack of an 8-bit type (i1 included: stored as a byte) is refused by the verifier, located.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --kernel bytes --grid 1 --arg ptr:f32:64:list=1.0,-2.5,3.25,1e-3 --arg ptr:i8:256:out --arg ptr:f32:64:out --arg ptr:f16:128:out --save 0=%t.x --save 1=%t.b --save 2=%t.y --save 3=%t.h
// RUN: cmp %t.x %t.b
// RUN: cmp %t.x %t.y
// RUN: cmp %t.x %t.h
// RUN: %tilec-run --interpret %s --kernel nibbles --grid 1 --arg ptr:f4E2M1FN:64:list=0.5,-6.0,1.5,0.0,-0.0,3.0,-1.0,4.0 --arg ptr:i8:32:out --arg ptr:i8:64:out --arg ptr:f4E2M1FN:64:out --save 0=%t.f4 --save 1=%t.pk --save 2=%t.i4 --save 3=%t.f4b
// RUN: cmp %t.f4 %t.pk
// RUN: cmp %t.f4 %t.f4b
// RUN: %python -c "import sys; b = open(sys.argv[1], 'rb').read(); n = open(sys.argv[2], 'rb').read(); sx = lambda v: v - 16 if v & 8 else v; assert list(n) == [sx(c >> (4 * h) & 15) & 255 for c in b for h in (0, 1)], 'unpack to i4'" %t.pk %t.i4
// RUN: not %tilec -O3 %S/Inputs/pack_bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK-LABEL: .entry bytes(
// CHECK: bar.sync 0;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.{{(v2.)?}}b8
// CHECK-LABEL: .entry nibbles(
// CHECK: bar.sync 0;
// CHECK: shl.b16 {{.*}}, 4;
// CHECK: or.b16
// CHECK: bar.sync 0;
// BAD: pack_bad.mlir:6:5: error: 'cuda_tile.pack' op expects source and result to have different element type widths
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
  entry @nibbles(%x: tile<ptr<f4E2M1FN>>, %b: tile<ptr<i8>>, %n: tile<ptr<i8>>, %y: tile<ptr<f4E2M1FN>>) {
    %vx = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf4E2M1FN, strides=[1]>
    %px = make_partition_view %vx : partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>
    %vb = make_tensor_view %b, shape = [32], strides = [1] : tensor_view<32xi8, strides=[1]>
    %pb = make_partition_view %vb : partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>
    %vn = make_tensor_view %n, shape = [64], strides = [1] : tensor_view<64xi8, strides=[1]>
    %pn = make_partition_view %vn : partition_view<tile=(64), tensor_view<64xi8, strides=[1]>>
    %vy = make_tensor_view %y, shape = [64], strides = [1] : tensor_view<64xf4E2M1FN, strides=[1]>
    %py = make_partition_view %vy : partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %p = pack %t : tile<64xf4E2M1FN> -> tile<32xi8>
    %t1 = store_view_tko weak %p, %pb[%c0] : tile<32xi8>, partition_view<tile=(32), tensor_view<32xi8, strides=[1]>>, tile<i32> -> token
    %q = unpack %p : tile<32xi8> -> tile<64xi4>
    %w = exti %q signed : tile<64xi4> -> tile<64xi8>
    %t2 = store_view_tko weak %w, %pn[%c0] : tile<64xi8>, partition_view<tile=(64), tensor_view<64xi8, strides=[1]>>, tile<i32> -> token
    %f = unpack %p : tile<32xi8> -> tile<64xf4E2M1FN>
    %t3 = store_view_tko weak %f, %py[%c0] : tile<64xf4E2M1FN>, partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    return
  }
}

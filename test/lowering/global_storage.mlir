// Globals of the storage types (issue 18): f8E4M3FN / f8E5M2 data is emitted as its bytes (the
// same encoding as fp8 constants), i1 data one byte (0 / 1) per element, tf32 data as f32 words; loads of them and ftof to f32 read
// the values back. The interpreter reads the same globals.
// RUN: %tilec -O3 %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.bw.ptx
// RUN: %check-ptx sm_100a %t.bw.ptx
// RUN: %tilec-run --interpret %s --kernel lookup8 --grid 1 --arg ptr:f32:16:out --print-outputs=16 | %FileCheck %s --check-prefix=INTERP
// RUN: %tilec-run --interpret %s --kernel flags --grid 1 --arg ptr:i32:4:out --print-outputs=4 | %FileCheck %s --check-prefix=FLAGS
// FLAGS: output 0: 1 0 1 1
// e4m3: 1.0 = 0x38, -2.0 = 0xc0, 0.5 = 0x30, 448 = 0x7e; e5m2: 3.0 = 0x42, -0.25 = 0xb4, 57344 = 0x7b, 0.
// CHECK-DAG: .global .align 1 .b8 g8[4] = {56, 192, 48, 126};
// CHECK-DAG: .global .align 1 .b8 g5[4] = {66, 180, 123};
// CHECK-DAG: .global .align 4 .b8 gt[16] = {0, 0, 128, 63, 0, 0, 192, 63, 0, 0, 64, 192, 0, 0, 0, 62};
// INTERP: output 0: 1 -2 0.5 448 3 -0.25 57344 0 1 1.5 -3 0.125 1 1.5 -3 0.125
// The i1 global's bytes {1, 0, 1, 1} are folded by LLVM (never written): element k is 1 unless k = 1.
// CHECK-LABEL: .entry flags(
// CHECK: setp.ne.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, 1;
// CHECK-NEXT: selp.b32 {{%r[0-9]+}}, 1, 0,
cuda_tile.module @m {
  global @g8 <f8E4M3FN: [1.0, -2.0, 0.5, 448.0]> : tile<4xf8E4M3FN>
  global @g5 <f8E5M2: [3.0, -0.25, 57344.0, 0.0]> : tile<4xf8E5M2>
  global @gt <tf32: [1.0, 1.5, -3.0, 0.125]> : tile<4xtf32>
  global @gb <i1: [true, false, true, true]> : tile<4xi1>
  entry @lookup8(%out: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %g = get_global @g8 : tile<ptr<f8E4M3FN>>
    %gv = make_tensor_view %g, shape = [4], strides = [1] : tensor_view<4xf8E4M3FN, strides=[1]>
    %gp = make_partition_view %gv : partition_view<tile=(4), tensor_view<4xf8E4M3FN, strides=[1]>>
    %y, %ty = load_view_tko weak %gp[%c0] : partition_view<tile=(4), tensor_view<4xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<4xf8E4M3FN>, token
    %yf = ftof %y : tile<4xf8E4M3FN> -> tile<4xf32>
    %h = get_global @g5 : tile<ptr<f8E5M2>>
    %hv = make_tensor_view %h, shape = [4], strides = [1] : tensor_view<4xf8E5M2, strides=[1]>
    %hp = make_partition_view %hv : partition_view<tile=(4), tensor_view<4xf8E5M2, strides=[1]>>
    %z, %tz = load_view_tko weak %hp[%c0] : partition_view<tile=(4), tensor_view<4xf8E5M2, strides=[1]>>, tile<i32> -> tile<4xf8E5M2>, token
    %zf = ftof %z : tile<4xf8E5M2> -> tile<4xf32>
    %t = get_global @gt : tile<ptr<tf32>>
    %tv = make_tensor_view %t, shape = [4], strides = [1] : tensor_view<4xtf32, strides=[1]>
    %tp = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xtf32, strides=[1]>>
    %w, %tw = load_view_tko weak %tp[%c0] : partition_view<tile=(4), tensor_view<4xtf32, strides=[1]>>, tile<i32> -> tile<4xtf32>, token
    %wf = ftof %w : tile<4xtf32> -> tile<4xf32>
    %s = cat %yf, %zf dim = 0 : tile<4xf32>, tile<4xf32> -> tile<8xf32>
    %w8 = cat %wf, %wf dim = 0 : tile<4xf32>, tile<4xf32> -> tile<8xf32>
    %s16 = cat %s, %w8 dim = 0 : tile<8xf32>, tile<8xf32> -> tile<16xf32>
    %ov = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %s1 = store_view_tko weak %s16, %op[%c0] : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @flags(%out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %g = get_global @gb : tile<ptr<i1>>
    %gv = make_tensor_view %g, shape = [4], strides = [1] : tensor_view<4xi1, strides=[1]>
    %gp = make_partition_view %gv : partition_view<tile=(4), tensor_view<4xi1, strides=[1]>>
    %b, %tb = load_view_tko weak %gp[%c0] : partition_view<tile=(4), tensor_view<4xi1, strides=[1]>>, tile<i32> -> tile<4xi1>, token
    %i = exti %b unsigned : tile<4xi1> -> tile<4xi32>
    %ov = make_tensor_view %out, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %s1 = store_view_tko weak %i, %op[%c0] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

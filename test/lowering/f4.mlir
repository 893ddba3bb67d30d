// f4E2M1FN (s.ee.m, bias 1: 0, 0.5, 1, 1.5, 2, 3, 4, 6; no infinity, no NaN) is a storage type:
// loads, stores, constants, globals and ftof to and from every float type compile on both
// targets. Memory packs two elements per byte, element 2i in the low nibble of byte i (CUDA's
// __nv_fp4x2, tileiras); a register holds one in the low nibble of a byte. ftof to f4 rounds to
// nearest even and saturates to +-6, NaN gives +6 (CUDA's __nv_cvt_float_to_fp4): sm_100a with
// cvt.rn.satfinite.e2m1x2.f32 / cvt.rn.f16x2.e2m1x2, sm_90a (no such cvt) with integer and compare
// code, which LLVM folds on constants — the bytes below are the compiled conversion's own results,
// and the interpreter stores the same (INTERP, the same 32 values; NaN is the only one not given
// to the interpreter, whose --arg lists take no NaN, so its byte 14 differs: -6.5 and 1 -> 0x2f).
// Views: a thread's pairs of adjacent elements move as whole bytes (vectorised as other types);
// a thread holding one element of a pair reads its byte and shifts, and writes its nibble with
// red.and + red.or on the 32-bit word (two threads share the byte). Padding: f4 has no NaN or
// infinity, so neg_inf pads -6.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.90.ptx
// RUN: %FileCheck %s < %t.90.ptx
// RUN: %check-ptx sm_90a %t.90.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.100.ptx
// RUN: %FileCheck %s --check-prefix=BW < %t.100.ptx
// RUN: %check-ptx sm_100a %t.100.ptx
// RUN: %tilec-run --interpret %s --kernel nibbles --grid 1 --arg "ptr:f32:64:list=0,0.2,0.25,0.3,0.74,0.75,0.76,1.25,1.3,1.75,2.4,2.5,2.6,3.5,4.9,5.0,5.1,6,7,1e30,inf,-inf,-0.0,-0.1,-0.3,-1.25,-2.5,-5.5,-6.5,1,-1,0.5" --arg ptr:f4E2M1FN:60:zeros --arg ptr:f32:64:out --arg ptr:f32:4:out --print-outputs=64 --save 1=%t.q.bin | %FileCheck %s --check-prefix=INTERP
// RUN: od -An -tx1 -v %t.q.bin | %FileCheck %s --check-prefix=BYTES
// RUN: %tilec-run --interpret %s --kernel copy_pairs --grid 1 --arg "ptr:f4E2M1FN:16x64:list=0,0.5,1,1.5,2,3,4,6,-0.0,-0.5,-1,-1.5,-2,-3,-4,-6,0.3" --arg ptr:f4E2M1FN:16x64:zeros --arg ptr:f32:16x64:out --print-outputs=20 --save 1=%t.cp.bin | %FileCheck %s --check-prefix=COPY
// RUN: od -An -tx1 -v %t.cp.bin | %FileCheck %s --check-prefix=COPYBYTES
// RUN: not %tilec -O3 --split-input-file %S/Inputs/f4_bad.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
// CHECK-DAG: .global .align 1 .b8 g4[2] = {66, 121};
// CHECK-LABEL: .entry fold_f4(
// 0, 0.2, 0.25, 0.3, 0.74, 0.75, 0.76, 1.25, 1.3, 1.75, 2.4, 2.5, 2.6, 3.5, 4.9, 5.0, 5.1, 6, 7, 1e30,
// +inf, -inf, -0, -0.1, -0.3, -1.25, -2.5, -5.5, -6.5, NaN, -1, 0.5 -> codes, two per byte:
// CHECK-DAG: st.global.b8 [[[Q:%rd[0-9]+]]], 0;
// CHECK-DAG: st.global.b8 [[[Q]]+1], 16;
// CHECK-DAG: st.global.b8 [[[Q]]+2], 33;
// CHECK-DAG: st.global.b8 [[[Q]]+3], 34;
// CHECK-DAG: st.global.b8 [[[Q]]+4], 67;
// CHECK-DAG: st.global.b8 [[[Q]]+5], 68;
// CHECK-DAG: st.global.b8 [[[Q]]+6], 101;
// CHECK-DAG: st.global.b8 [[[Q]]+7], 102;
// CHECK-DAG: st.global.b8 [[[Q]]+8], 119;
// CHECK-DAG: st.global.b8 [[[Q]]+9], 119;
// CHECK-DAG: st.global.b8 [[[Q]]+10], 247;
// CHECK-DAG: st.global.b8 [[[Q]]+11], 136;
// CHECK-DAG: st.global.b8 [[[Q]]+12], 169;
// CHECK-DAG: st.global.b8 [[[Q]]+13], 252;
// CHECK-DAG: st.global.b8 [[[Q]]+14], 127;
// CHECK-DAG: st.global.b8 [[[Q]]+15], 26;
// the 16 f4 values back to f32 (0x80000000 is -0):
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+28], 1086324736;
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+32], -2147483648;
// CHECK-DAG: st.global.b32 [{{%rd[0-9]+}}+60], -1061158912;
// CHECK-LABEL: .entry copy_pairs(
// CHECK: ld.global.v2.b8
// CHECK: st.global.v2.b8
// CHECK-LABEL: .entry nibbles(
// CHECK: red.global.and.b32
// CHECK: red.global.or.b32
// CHECK: ld.global.b8
// BW-LABEL: .entry fold_f4(
// BW: cvt.rn.satfinite.e2m1x2.f32
// BW: cvt.rn.f16x2.e2m1x2
// BW-LABEL: .entry nibbles(
// BW: cvt.rn.satfinite.e2m1x2.f32
// BW: red.global.and.b32
// BW: red.global.or.b32
// INTERP: output 2: 0 0 0 0.5 0.5 1 1 1 1.5 2 2 2 3 4 4 4 6 6 6 6 6 -6 -0 -0 -0.5 -1 -2 -6 -6 1 -1 0.5 0 0 0 0.5 0.5 1 1 1 1.5 2 2 2 3 4 4 4 6 6 6 6 6 -6 -0 -0 -0.5 -1 -2 -6 -6 -6 -6 -6
// INTERP: output 3: 1 2 -0.5 6
// BYTES: 00 10 21 22 43 44 65 66 77 77 f7 88 a9 fc 2f 1a
// BYTES-NEXT: 00 10 21 22 43 44 65 66 77 77 f7 88 a9 fc
// COPY: output 2: 0 0.5 1 1.5 2 3 4 6 -0 -0.5 -1 -1.5 -2 -3 -4 -6 0.5 0 0.5 1
// COPYBYTES: 10 32 54 76 98 ba dc fe 01 21 43 65 87 a9 cb ed
// COPYBYTES-NEXT: 1f 10 32 54 76 98 ba dc fe 01 21 43 65 87 a9 cb
// BAD: f4_bad.mlir:5:5: error: `offset` of a pointer to f4E2M1FN elements: two f4 elements share a byte
// BAD: f4_bad.mlir:13:16: error: tiles of ptr<f4E2M1FN> must have rank 0; use an f4 tile view for memory accesses
cuda_tile.module @m {
  global @g4 <f4E2M1FN: [1.0, 2.0, -0.5, 6.0]> : tile<4xf4E2M1FN>
  entry @fold_f4(%q: tile<ptr<f4E2M1FN>>, %w: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %tq = make_tensor_view %q, shape = [32], strides = [1] : tensor_view<32xf4E2M1FN, strides=[1]>
    %vq = make_partition_view %tq : partition_view<tile=(32), tensor_view<32xf4E2M1FN, strides=[1]>>
    %tw = make_tensor_view %w, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %vw = make_partition_view %tw : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %x = constant <f32: [0.0, 0.2, 0.25, 0.3, 0.74, 0.75, 0.76, 1.25, 1.3, 1.75, 2.4, 2.5, 2.6, 3.5, 4.9, 5.0, 5.1, 6.0, 7.0, 1.0e30, 0x7F800000, 0xFF800000, -0.0, -0.1, -0.3, -1.25, -2.5, -5.5, -6.5, 0x7FC00000, -1.0, 0.5]> : tile<32xf32>
    %f = ftof %x : tile<32xf32> -> tile<32xf4E2M1FN>
    %t1 = store_view_tko weak %f, %vq[%c0] : tile<32xf4E2M1FN>, partition_view<tile=(32), tensor_view<32xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %k = constant <f4E2M1FN: [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]> : tile<16xf4E2M1FN>
    %v = ftof %k : tile<16xf4E2M1FN> -> tile<16xf32>
    %t2 = store_view_tko weak %v, %vw[%c0] : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // 16x64 f4 tiles, 16-byte aligned rows: whole bytes, vectorised
  entry @copy_pairs(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f4E2M1FN>>, %o: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a : tile<ptr<f4E2M1FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f4E2M1FN>>
    %va = make_tensor_view %a16, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf4E2M1FN, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf4E2M1FN, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %pa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>
    %pb = make_partition_view %vb : partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> tile<16x64xf4E2M1FN>, token
    %t1 = store_view_tko weak %t, %pb[%c0, %c0] : tile<16x64xf4E2M1FN>, partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> token
    %f = ftof %t : tile<16x64xf4E2M1FN> -> tile<16x64xf32>
    %t2 = store_view_tko weak %f, %po[%c0, %c0] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // one element per thread: a nibble each, 60 of 64 in bounds; read back with padding neg_inf (-6)
  entry @nibbles(%x: tile<ptr<f32>>, %q: tile<ptr<f4E2M1FN>>, %y: tile<ptr<f32>>, %g: tile<ptr<f32>>) {
    %vx = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %vq = make_tensor_view %q, shape = [60], strides = [1] : tensor_view<60xf4E2M1FN, strides=[1]>
    %vy = make_tensor_view %y, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %px = make_partition_view %vx : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %pq = make_partition_view %vq : partition_view<tile=(64), tensor_view<60xf4E2M1FN, strides=[1]>>
    %pqn = make_partition_view %vq : partition_view<tile=(64), padding_value = neg_inf, tensor_view<60xf4E2M1FN, strides=[1]>>
    %py = make_partition_view %vy : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %f = ftof %t : tile<64xf32> -> tile<64xf4E2M1FN>
    %t1 = store_view_tko weak %f, %pq[%c0] token = %t0 : tile<64xf4E2M1FN>, partition_view<tile=(64), tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %h, %t2 = load_view_tko weak %pqn[%c0] token = %t1 : partition_view<tile=(64), padding_value = neg_inf, tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %hf = ftof %h : tile<64xf4E2M1FN> -> tile<64xf32>
    %t3 = store_view_tko weak %hf, %py[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %gp = get_global @g4 : tile<ptr<f4E2M1FN>>
    %gv = make_tensor_view %gp, shape = [4], strides = [1] : tensor_view<4xf4E2M1FN, strides=[1]>
    %gpv = make_partition_view %gv : partition_view<tile=(4), tensor_view<4xf4E2M1FN, strides=[1]>>
    %gt, %t4 = load_view_tko weak %gpv[%c0] : partition_view<tile=(4), tensor_view<4xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<4xf4E2M1FN>, token
    %gf = ftof %gt : tile<4xf4E2M1FN> -> tile<4xf32>
    %vg = make_tensor_view %g, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %pg = make_partition_view %vg : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %t5 = store_view_tko weak %gf, %pg[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

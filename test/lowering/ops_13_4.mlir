// The 13.4 ops compile on both targets (ptxas, 0 spills) and run in the reference interpreter:
// - insert: the destination, then the source at its slice, through shared memory (bar.sync
//   between the writes), read back in the result's layout;
// - fpowi: libdevice's powi (repeated squaring; a negative exponent takes the reciprocal);
// - gdc_wait_tko / gdc_launch_dependents_tko: griddepcontrol.wait / .launch_dependents, and
//   memory_fence_alias_tko: fence.proxy.alias — each a memory-clobbering statement, so no load or
//   store crosses it (the wait comes before the first global load);
// - ftoi: cvt.rzi, saturating (an infinity gives INT32_MAX, as the interpreter says).
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: FileCheck %s < %t.b.ptx
// CHECK-LABEL: .entry ops134(
// CHECK-NOT: ld.global
// CHECK: griddepcontrol.wait;
// CHECK: ld.global
// CHECK: bar.sync
// CHECK: st.global
// CHECK: fence.proxy.alias;
// CHECK: cvt.rzi.s32.f32
// CHECK: griddepcontrol.launch_dependents;
// The 4x4 block at slice [1, 0] of the 8x8 iota (rows 4-7, columns 0-3) lands at slice [0, 1] of
// zeros (rows 0-3, columns 4-7); x^n for x = 0..7, n = -2..5; its ftoi.
// RUN: %tilec-run --interpret %s --grid 1 --arg ptr:f32:64:iota --arg ptr:f32:64:out --arg ptr:f32:8:out --arg ptr:i32:8:out --print-outputs=64 | FileCheck %s --check-prefix=INTERP
// INTERP: output 1: 0 0 0 0 32 33 34 35 0 0 0 0 40 41 42 43 0 0 0 0 48 49 50 51 0 0 0 0 56 57 58 59 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// INTERP: output 2: inf 1 1 3 16 125 1296 16807
// INTERP: output 3: 2147483647 1 1 3 16 125 1296 16807
// An index past the destination is an error in the interpreter, as extract's is.
// RUN: sed 's/%y = insert %blk, %zero\[%c0, %c1\]/%y = insert %blk, %zero[%c0, %k2]/' %s > %t.bad.mlir
// RUN: not %tilec-run --interpret %t.bad.mlir --grid 1 --arg ptr:f32:64:iota --arg ptr:f32:64:out --arg ptr:f32:8:out --arg ptr:i32:8:out 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: insert: slice index 2 of dimension 1 is out of range (2 slices) in tile block (0, 0, 0)
cuda_tile.module @m {
  entry @ops134(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %z_ptr: tile<ptr<f32>>, %w_ptr: tile<ptr<i32>>) {
    %xv = make_tensor_view %x_ptr, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %yv = make_tensor_view %y_ptr, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %zv = make_tensor_view %z_ptr, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %wv = make_tensor_view %w_ptr, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %xp = make_partition_view %xv : partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>
    %yp = make_partition_view %yv : partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>
    %zp = make_partition_view %zv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %wp = make_partition_view %wv : partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %k2 = constant <i32: 2> : tile<i32>
    %t0 = gdc_wait_tko -> token
    %x, %tx = load_view_tko weak %xp[%c0, %c0] token = %t0 : partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> tile<8x8xf32>, token
    // the 4x4 block at slice [1, 0] (rows 4-7, columns 0-3) goes to slice [0, 1] (rows 0-3, columns 4-7) of a zero tile
    %blk = extract %x[%c1, %c0] : tile<8x8xf32> -> tile<4x4xf32>
    %zero = constant <f32: 0.0> : tile<8x8xf32>
    %y = insert %blk, %zero[%c0, %c1] : tile<4x4xf32>, tile<8x8xf32>
    %t1 = store_view_tko weak %y, %yp[%c0, %c0] token = %tx : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    // x^n for the first row (0..7) with n = -2..5; 1.5^n in a second pass through f16
    %row = extract %x[%c0, %c0] : tile<8x8xf32> -> tile<1x8xf32>
    %r = reshape %row : tile<1x8xf32> -> tile<8xf32>
    %n0 = iota : tile<8xi32>
    %two = constant <i32: 2> : tile<8xi32>
    %n = subi %n0, %two : tile<8xi32>
    %p = fpowi %r, %n : tile<8xf32>, tile<8xi32>
    %t2 = store_view_tko weak %p, %zp[%c0] token = %t1 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %f = ftoi %p signed : tile<8xf32> -> tile<8xi32>
    %t3 = memory_fence_alias_tko %t2
    %t4 = store_view_tko weak %f, %wp[%c0] token = %t3 : tile<8xi32>, partition_view<tile=(8), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    %t5 = gdc_launch_dependents_tko token = %t4 -> token
    return
  }
}

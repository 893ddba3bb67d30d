// atomic_red_view_tko compiles on both targets: the value's elements are addressed as a store
// addresses them (bounds, and ownership: a replicated element is reduced once, by its owner) and
// each is one PTX `red` with the op's ordering, scope, mode and type (f16 adds as add.noftz.f16).
// The interpreter applies the same reductions; a 2x2 grid adds the four 8x8 blocks of a 16x16
// iota into one 8x8 tile: y[r][c] = 64r + 4c + 272, and takes the max of the block row into 64
// counters (1), and the min of each element's unsigned value and 3 into an i64 tile.
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.ptx && %check-ptx sm_90a %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a %s -o %t.b.ptx && %check-ptx sm_100a %t.b.ptx
// RUN: FileCheck %s < %t.b.ptx
// CHECK-LABEL: .entry red(
// CHECK-NOT: st.global
// CHECK-DAG: red.relaxed.gpu.global.add.f32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-DAG: red.relaxed.cta.global.max.s32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-DAG: red.relaxed.gpu.global.add.noftz.f16 [%rd{{[0-9]+}}], %rs{{[0-9]+}};
// CHECK-DAG: red.relaxed.gpu.global.min.u64 [%rd{{[0-9]+}}], %rd{{[0-9]+}};
// CHECK-NOT: st.global
// CHECK: ret;
// RUN: %tilec-run --interpret %s --grid 2,2 --arg ptr:f32:256:iota --arg ptr:f32:64:zeros --arg ptr:i32:64:zeros --arg ptr:f16:64:zeros --arg ptr:i64:64:value=5 --save 1=%t.y --save 2=%t.i --save 3=%t.h --save 4=%t.u
// RUN: %python -c "import struct, sys; y = struct.unpack('<64f', open(sys.argv[1], 'rb').read()); i = struct.unpack('<64i', open(sys.argv[2], 'rb').read()); h = struct.unpack('<64e', open(sys.argv[3], 'rb').read()); u = struct.unpack('<64q', open(sys.argv[4], 'rb').read()); print('y', *['%%g' %% v for v in y[:10]]); print('i', *i[:4]); print('h', *['%%g' %% v for v in h[:4]]); print('u', *u[:4])" %t.y %t.i %t.h %t.u | FileCheck %s --check-prefix=INTERP
// INTERP: y 272 276 280 284 288 292 296 300 336 340
// INTERP: i 1 1 1 1
// INTERP: h 4 4 4 4
// INTERP: u 3 3 3 3
cuda_tile.module @m {
  entry @red(%x_ptr: tile<ptr<f32>>, %y_ptr: tile<ptr<f32>>, %i_ptr: tile<ptr<i32>>, %h_ptr: tile<ptr<f16>>, %u_ptr: tile<ptr<i64>>) {
    %xv = make_tensor_view %x_ptr, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %yv = make_tensor_view %y_ptr, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %iv = make_tensor_view %i_ptr, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %hv = make_tensor_view %h_ptr, shape = [64], strides = [1] : tensor_view<64xf16, strides=[1]>
    %uv = make_tensor_view %u_ptr, shape = [64], strides = [1] : tensor_view<64xi64, strides=[1]>
    %xp = make_partition_view %xv : partition_view<tile=(8x8), tensor_view<16x16xf32, strides=[16,1]>>
    %yp = make_partition_view %yv : partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>
    %ip = make_partition_view %iv : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %hp = make_partition_view %hv : partition_view<tile=(64), tensor_view<64xf16, strides=[1]>>
    %up = make_partition_view %uv : partition_view<tile=(64), tensor_view<64xi64, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %xp[%bx, %by] : partition_view<tile=(8x8), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x8xf32>, token
    %t1 = atomic_red_view_tko relaxed device %yp[%c0, %c0], addf, %x : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
    %b1 = reshape %bx : tile<i32> -> tile<1xi32>
    %b = broadcast %b1 : tile<1xi32> -> tile<64xi32>
    %t2 = atomic_red_view_tko relaxed tl_blk %ip[%c0], max, %b : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    %one = constant <f16: 1.0> : tile<64xf16>
    %t3 = atomic_red_view_tko relaxed device %hp[%c0], addf, %one : tile<64xf16>, partition_view<tile=(64), tensor_view<64xf16, strides=[1]>>, tile<i32> -> token
    %three = constant <i64: 3> : tile<64xi64>
    %t4 = atomic_red_view_tko relaxed device %up[%c0], umin, %three : tile<64xi64>, partition_view<tile=(64), tensor_view<64xi64, strides=[1]>>, tile<i32> -> token
    return
  }
}

// An accumulator the loop rescales every iteration (its C is acc x scale: attention's O, a GEMM with
// a decay) stays in TMEM across the loop on sm_100a (hopper_plan.c plan_tmem, tmem_rescaled): the
// initial value is stored before the loop (tcgen05.st), every iteration waits for the previous one's
// MMAs (its done mbarrier), reads the columns a chunk at a time, multiplies and stores them back
// (tcgen05.ld / tcgen05.st) before a fenced CTA barrier and the MMAs, and the value is read back once
// after the loop. The accumulator is never whole in registers inside the loop. Warp-specialised, the
// consumers rescale it (the remark says so). test/emu/tcgen05_rescaled_accumulator.test runs these
// kernels on the emulator.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_100a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_100a %t.tileas.mlir -o %t.re.ptx
// RUN: cmp %t.ptx %t.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2> %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WS < %t.ws.remarks
// RUN: %check-ptx sm_100a %t.ws.ptx
// REMARK-DAG: tcgen05_rescaled_accumulator.mlir:84:7: remark: tcgen05 path: m128n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 64 allocated; 256 threads read it back (tcgen05.ld) once after the loop; it stays in TMEM across iterations and is rescaled there (tcgen05.ld, multiply, tcgen05.st) before each iteration's MMAs
// REMARK-DAG: tcgen05_rescaled_accumulator.mlir:118:7: remark: tcgen05 path: m64n64k16 kind::f16 {{.*}} once after the loop; it stays in TMEM
// REMARK-DAG: tcgen05_rescaled_accumulator.mlir:152:9: remark: tcgen05 path: m128n64k16 kind::f16 {{.*}} once after the loop; it stays in TMEM
// WS-DAG: tcgen05_rescaled_accumulator.mlir:80:5: remark: warp specialization {{.*}} (a rescaled accumulator stays in TMEM: the consumers rescale it there every iteration)
// WS-DAG: tcgen05_rescaled_accumulator.mlir:84:7: remark: tcgen05 path: {{.*}} once after the loop; it stays in TMEM
// WS-DAG: tcgen05_rescaled_accumulator.mlir:118:7: remark: tcgen05 path: {{.*}} once after the loop; it stays in TMEM
// CHECK-NOT: .local
// CHECK-LABEL: .entry rescaled_m128(
// the zero initial value is stored (32 columns per thread: 8 warps), then the fenced barrier
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// in the loop: the wait for the previous iteration's MMAs (parity (kt - 1) & 1), the rescale
// CHECK: add.s32 [[PREV:%r[0-9]+]], %r{{[0-9]+}}, -1;
// CHECK-NEXT: and.b32 [[PAR:%r[0-9]+]], [[PREV]], 1;
// CHECK-NEXT: $L__BB0_[[W:[0-9]+]]:
// CHECK-NEXT: mbarrier.try_wait.parity.shared.b64 %p{{[0-9]+}}, [%rd{{[0-9]+}}], [[PAR]];
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: mul.rn.f32x2
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK-NEXT: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-COUNT-2: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.commit
// CHECK: tcgen05.commit
// CHECK: tcgen05.commit
// after the loop: the last iteration's commit, one read-back
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.dealloc.cta_group::1
// CHECK-LABEL: .entry rescaled_m64_rows(
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32
// CHECK-LABEL: .entry rescaled_persistent(
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
cuda_tile.module @rescaled {
  // O = O x 0.875 + A B over 8 iterations (M = 128, zero initial value)
  entry @rescaled_m128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %decay = constant <f32: 8.750000e-01> : tile<128x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %s = mulf %acc_it, %decay rounding<nearest_even> : tile<128x64xf32>
      %d = mmaf %a, %b, %s : tile<128x32xf16>, tile<32x64xf16>, tile<128x64xf32>
      continue %d : tile<128x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // M = 64 (layout F), a non-zero initial value, a scale per row (0.5 + row / 64) on the left
  entry @rescaled_m64_rows(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %one = constant <f32: 1.000000e+00> : tile<64x64xf32>
    %inv64 = constant <f32: 1.562500e-02> : tile<64xf32>
    %half = constant <f32: 5.000000e-01> : tile<64xf32>
    %rows = iota : tile<64xi32>
    %rowsf = itof %rows signed : tile<64xi32> -> tile<64xf32>
    %r1 = mulf %rowsf, %inv64 rounding<nearest_even> : tile<64xf32>
    %r2 = addf %r1, %half rounding<nearest_even> : tile<64xf32>
    %r3 = reshape %r2 : tile<64xf32> -> tile<64x1xf32>
    %scale = broadcast %r3 : tile<64x1xf32> -> tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %one) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %s = mulf %scale, %acc_it rounding<nearest_even> : tile<64x64xf32>
      %d = mmaf %a, %b, %s : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // the K loop nested in a tile loop (8 tiles of 128x64 over a grid that does not divide them, K loops
  // of 5 trips): the done mbarrier's phases run on across executions
  entry @rescaled_persistent(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_p = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_p = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_p = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_p, shape = [256, 160], strides = [160, 1] : tensor_view<256x160xf16, strides=[160,1]>
    %b_tv = make_tensor_view %b_p, shape = [160, 256], strides = [256, 1] : tensor_view<160x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<256x160xf16, strides=[160,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<160x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 5> : tile<i32>
    %ntn = constant <i32: 4> : tile<i32>
    %ntiles = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %decay = constant <f32: 7.500000e-01> : tile<128x64xf32>
    for %t in (%bx to %ntiles, step %gx) : tile<i32> {
      %tm = divi %t, %ntn signed : tile<i32>
      %tn = remi %t, %ntn signed : tile<i32>
      %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x64xf32>) {
        %a, %ta = load_view_tko weak %a_pv[%tm, %k] : partition_view<tile=(128x32), tensor_view<256x160xf16, strides=[160,1]>>, tile<i32> -> tile<128x32xf16>, token
        %b, %tb = load_view_tko weak %b_pv[%k, %tn] : partition_view<tile=(32x64), tensor_view<160x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
        %s = mulf %acc_it, %decay rounding<nearest_even> : tile<128x64xf32>
        %d = mmaf %a, %b, %s : tile<128x32xf16>, tile<32x64xf16>, tile<128x64xf32>
        continue %d : tile<128x64xf32>
      }
      %st = store_view_tko weak %acc, %c_pv[%tm, %tn] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    }
    return
  }
}

// Several accumulators in TMEM for the whole loop (lib/tileas/hopper_plan.c plan_in_flight /
// plan_tmem, lib/nvvm/lower_tcgen05.c tcgen05_read_accumulators / tcgen05_store_accumulators):
// when every mmaf of a loop accumulates into a loop-carried value nothing else reads (SwiGLU's gate
// and up projections), each keeps its accumulator in its own TMEM columns across iterations — no
// tcgen05.ld in the loop — and after it one commit and wait, then every accumulator's tcgen05.ld
// and one tcgen05.wait::ld. An initial value that is not a zero constant (swiglu_init's gate) is
// stored into TMEM before the loop (tcgen05.st once, for that accumulator only); an operand staged
// from registers (swiglu_staged's Wu, no alignment proof) keeps its order mbarriers. The rings get
// the stage the MMAs in flight hold (4 stages at 24 KiB per iteration). Warp specialization takes
// such loops (one MMA agent; the consumers stage Wu). test/emu/tcgen05_several_accumulators.test
// runs them on the emulator against the interpreter.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_100a %t.ptx
// RUN: %tilec --gpu-name=sm_100a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_100a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2> %t.ws.remarks
// RUN: %FileCheck %s --check-prefix=WS < %t.ws.remarks
// RUN: %check-ptx sm_100a %t.ws.ptx
// REMARK-DAG: remark: tcgen05 path: 3 TMA pipes, 32768 bytes per iteration, {{[0-9]+}} mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; the 2 accumulators stay in TMEM across iterations, read back once after the loop
// REMARK-DAG: remark: tcgen05 path: 3 TMA pipes, 24576 bytes per iteration, {{[0-9]+}} mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; the 2 accumulators stay in TMEM across iterations, read back once after the loop
// REMARK-DAG: remark: tcgen05 path: 2 TMA pipes, 24576 bytes per iteration, {{[0-9]+}} mbarriers; each stage is released by a tcgen05.commit, refilled one iteration later; the staging slots are ordered by two commit mbarriers; the 2 accumulators stay in TMEM across iterations, read back once after the loop
// REMARK-DAG: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 128 allocated; 128 threads read it back (tcgen05.ld); A: TMA ring of 4 stages
// REMARK-DAG: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [64, 128) of 128 allocated; 128 threads read it back (tcgen05.ld); A: TMA ring of 4 stages
// REMARK-NOT: after its MMAs every iteration
// WS-COUNT-3: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}the MMA agent: thread 0 issues tcgen05.mma
// CHECK-LABEL: .entry swiglu_tmem(
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-NOT: tcgen05.wait::ld
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK-NOT: tcgen05.ld
// CHECK-LABEL: .entry swiglu_init(
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32
// CHECK-NEXT: tcgen05.wait::st.sync.aligned;
// CHECK-NOT: tcgen05.st
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK-NOT: tcgen05.wait::ld
// CHECK: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK-NOT: tcgen05.ld
// CHECK-LABEL: .entry swiglu_staged(
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-NOT: tcgen05.ld
cuda_tile.module @tcgen05_several_accumulators {
  entry @swiglu_tmem(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_p = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_p, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>
    %wg_p = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %wu_p = assume div_by<16>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %o_p = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<128x64xf32>
    %g, %u = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %zero, %u_it = %zero) -> (tile<128x64xf32>, tile<128x64xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      continue %dg, %du : tile<128x64xf32>, tile<128x64xf32>
    }
    %ng = negf %g : tile<128x64xf32>
    %e = exp %ng : tile<128x64xf32>
    %den = addf %e, %one : tile<128x64xf32>
    %silu = divf %g, %den : tile<128x64xf32>
    %out = mulf %silu, %u : tile<128x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @swiglu_init(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_p = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_p, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(64x64), tensor_view<256x512xf16, strides=[512,1]>>
    %wg_p = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %wu_p = assume div_by<16>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %o_p = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<64x64xf32>
    %g, %u = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %one, %u_it = %zero) -> (tile<64x64xf32>, tile<64x64xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(64x64), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %dg, %du : tile<64x64xf32>, tile<64x64xf32>
    }
    %ng = negf %g : tile<64x64xf32>
    %e = exp %ng : tile<64x64xf32>
    %den = addf %e, %one : tile<64x64xf32>
    %silu = divf %g, %den : tile<64x64xf32>
    %out = mulf %silu, %u : tile<64x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @swiglu_staged(%x_ptr: tile<ptr<f16>>, %wg_ptr: tile<ptr<f16>>, %wu_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %x_p = assume div_by<16>, %x_ptr : tile<ptr<f16>>
    %x_tv = make_tensor_view %x_p, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %x_pv = make_partition_view %x_tv : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>
    %wg_p = assume div_by<16>, %wg_ptr : tile<ptr<f16>>
    %wg_tv = make_tensor_view %wg_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wg_pv = make_partition_view %wg_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %wu_p = assume div_by<2>, %wu_ptr : tile<ptr<f16>>
    %wu_tv = make_tensor_view %wu_p, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %wu_pv = make_partition_view %wu_tv : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>
    %o_p = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_p, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %one = constant <f32: 1.000000e+00> : tile<128x64xf32>
    %g, %u = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%g_it = %zero, %u_it = %zero) -> (tile<128x64xf32>, tile<128x64xf32>) {
      %x, %tx = load_view_tko weak %x_pv[%bx, %k] : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %wg, %twg = load_view_tko weak %wg_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %wu, %twu = load_view_tko weak %wu_pv[%k, %by] : partition_view<tile=(64x64), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x64xf16>, token
      %dg = mmaf %x, %wg, %g_it : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      %du = mmaf %x, %wu, %u_it : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      continue %dg, %du : tile<128x64xf32>, tile<128x64xf32>
    }
    %ng = negf %g : tile<128x64xf32>
    %e = exp %ng : tile<128x64xf32>
    %den = addf %e, %one : tile<128x64xf32>
    %silu = divf %g, %den : tile<128x64xf32>
    %out = mulf %silu, %u : tile<128x64xf32>
    %t = store_view_tko weak %out, %o_pv[%bx, %by] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

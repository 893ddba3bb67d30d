// Flash attention on the Blackwell tcgen05 path (issue 14 item 4): both mmaf of the loop run on
// tcgen05.mma, their accumulators side by side in one TMEM allocation (S = Q·Kᵀ in columns [0, N),
// P·V after it); S is written afresh every iteration (enable-input-d 0 first) and read back by
// every thread right after its MMAs: thread 0 commits to the mmaf's done mbarrier, every thread
// waits for this iteration's phase, tcgen05.fence::after_thread_sync, tcgen05.ld (16x256b for 64
// rows, 32x32b for 128), tcgen05.wait::ld, then tcgen05.fence::before_thread_sync; the online
// softmax runs on the tcgen05.ld layout (a row per thread for 128 rows), and P is staged from
// registers into one K-major slot (the previous iteration's MMAs completed before any thread left
// it), whose barrier orders the read-backs before the next MMAs. O stays in TMEM for the whole loop
// (tcgen05_rescaled_accumulator.mlir): stored before it, rescaled there every iteration (tcgen05.ld,
// multiply by alpha, tcgen05.st, after the wait for the previous P·V), accumulated into by P·V, read
// back once after the loop. Warp-specialised: the consumers do all that; the producer fills K, V. A
// hand-edited TMEM assignment with overlapping accumulators is a located error.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_100a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --emit=tileas %s -o %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_100a %t.tileas.mlir -o %t.re.ptx
// RUN: cmp %t.ptx %t.re.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --pipeline-strategy=warp-specialize --remarks %s -o %t.ws.ptx 2>&1 | %FileCheck %s --check-prefix=WS
// RUN: sed '0,/column = 64 : i64/s//column = 32 : i64/' %t.tileas.mlir > %t.bad.mlir
// RUN: not %tilec -O3 --gpu-name=sm_100a %t.bad.mlir -o %t.bad.ptx 2>&1 | %FileCheck %s --check-prefix=BAD
// REMARK-DAG: tcgen05_attention.mlir:97:7: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 64) of 128 allocated; 128 threads read it back (tcgen05.ld) after its MMAs every iteration; A: TMA load before the loop
// REMARK-DAG: tcgen05_attention.mlir:124:7: remark: tcgen05 path: m64n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [64, 128) of 128 allocated; 128 threads read it back (tcgen05.ld) once after the loop; it stays in TMEM across iterations and is rescaled there (tcgen05.ld, multiply, tcgen05.st) before each iteration's MMAs; A: registers, staged into 1 K-major slot (swizzle 128B) each iteration
// REMARK-DAG: tcgen05_attention.mlir:161:7: remark: tcgen05 path: m128n128k16 kind::f16 issued by thread 0, accumulator in TMEM columns [0, 128) of 256 allocated; 256 threads read it back (tcgen05.ld) after its MMAs every iteration
// REMARK-DAG: tcgen05_attention.mlir:198:7: remark: tcgen05 path: m128n64k16 kind::f16 issued by thread 0, accumulator in TMEM columns [128, 192) of 256 allocated
// REMARK-NOT: mma.sync path
// CHECK-NOT: .local
// CHECK-LABEL: .entry attention_d64(
// CHECK: tcgen05.alloc.cta_group::1
// the initial O (zero) is stored into its TMEM columns before the loop
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// S = Q·Kᵀ: its MMAs, its commit, its read-back
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.commit
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// O rescaled in TMEM: the wait for the previous iteration's P·V, tcgen05.ld, multiply, tcgen05.st
// CHECK: mbarrier.try_wait.parity
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: mul.rn.f32
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32
// CHECK-NEXT: tcgen05.wait::st.sync.aligned;
// CHECK-NEXT: tcgen05.fence::before_thread_sync;
// P staged; its barrier orders the stores before the MMAs, which accumulate into O
// CHECK: fence.proxy.async.shared::cta;
// CHECK-NEXT: bar.sync 0;
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.commit
// after the loop: the last iteration's commit, O read back once
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: tcgen05.ld.sync.aligned.16x256b.x8.b32
// CHECK: tcgen05.dealloc.cta_group::1
// CHECK-LABEL: .entry attention_d64_causal_bm128(
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32
// CHECK-NOT: mma.sync
// WS-DAG: tcgen05_attention.mlir:93:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}consumer warps 0-3 {{.*}}all read TMEM back every iteration)
// WS-DAG: tcgen05_attention.mlir:157:5: remark: warp specialization (--pipeline-strategy=warp-specialize, heavy variant{{.*}}consumer warps 0-7 {{.*}}all read TMEM back every iteration)
// BAD: .bad.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the tcgen05 path cannot use this cuda_tile.mmaf's shared-memory assignment: two accumulators of one loop overlap in TMEM (tileas.tmem column)
cuda_tile.module @tcgen05_attention {
  entry @attention_d64(%q_ptr: tile<ptr<f16>>, %k_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %q_ptr16 = assume div_by<16>, %q_ptr : tile<ptr<f16>>
    %q_tv = make_tensor_view %q_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %k_ptr16 = assume div_by<16>, %k_ptr : tile<ptr<f16>>
    %k_tv = make_tensor_view %k_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>
    %o_ptr16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<256x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nkv = constant <i32: 4> : tile<i32>
      %q, %tq = load_view_tko weak %q_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %qk_scale = constant <f32: 0.180336880> : tile<64x64xf32>
    %zero_s = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %m0 = constant <f32: 0xFF800000> : tile<64xf32>
    %l0 = constant <f32: 0.000000e+00> : tile<64xf32>
    %acc0 = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %m, %l, %acc = for %j in (%c0 to %nkv, step %c1) : tile<i32>
        iter_values(%m_i = %m0, %l_i = %l0, %acc_i = %acc0) -> (tile<64xf32>, tile<64xf32>, tile<64x64xf32>) {
      %k, %tk = load_view_tko weak %k_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %kt = permute %k [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %s = mmaf %q, %kt, %zero_s : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %s1 = mulf %s, %qk_scale : tile<64x64xf32>
      %s2 = addf %s1, %zero_s : tile<64x64xf32>
      %row_max = reduce %s2 dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %r = maxf %a, %b : tile<f32>
        yield %r : tile<f32>
      }
      %m_new = maxf %m_i, %row_max : tile<64xf32>
      %m_new_col = reshape %m_new : tile<64xf32> -> tile<64x1xf32>
      %m_new_b = broadcast %m_new_col : tile<64x1xf32> -> tile<64x64xf32>
      %shifted = subf %s2, %m_new_b : tile<64x64xf32>
      %p = exp2 %shifted : tile<64x64xf32>
      %m_diff = subf %m_i, %m_new : tile<64xf32>
      %alpha = exp2 %m_diff : tile<64xf32>
      %p_sum = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %r = addf %a, %b : tile<f32>
        yield %r : tile<f32>
      }
      %l_scaled = mulf %l_i, %alpha : tile<64xf32>
      %l_new = addf %l_scaled, %p_sum : tile<64xf32>
      %alpha_col = reshape %alpha : tile<64xf32> -> tile<64x1xf32>
      %alpha_b = broadcast %alpha_col : tile<64x1xf32> -> tile<64x64xf32>
      %acc_scaled = mulf %acc_i, %alpha_b : tile<64x64xf32>
      %p16 = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
      %v, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %acc_new = mmaf %p16, %v, %acc_scaled : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %m_new, %l_new, %acc_new : tile<64xf32>, tile<64xf32>, tile<64x64xf32>
    }
    %l_col = reshape %l : tile<64xf32> -> tile<64x1xf32>
    %l_b = broadcast %l_col : tile<64x1xf32> -> tile<64x64xf32>
    %o = divf %acc, %l_b : tile<64x64xf32>
    %to = store_view_tko weak %o, %o_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @attention_d64_causal_bm128(%q_ptr: tile<ptr<f16>>, %k_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %q_ptr16 = assume div_by<16>, %q_ptr : tile<ptr<f16>>
    %q_tv = make_tensor_view %q_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>
    %k_ptr16 = assume div_by<16>, %k_ptr : tile<ptr<f16>>
    %k_tv = make_tensor_view %k_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>
    %v_ptr16 = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %v_tv = make_tensor_view %v_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>
    %o_ptr16 = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %o_tv = make_tensor_view %o_ptr16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf32, strides=[64,1]>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nkv = addi %bx, %c1 : tile<i32>
      %q, %tq = load_view_tko weak %q_pv[%bx, %c0] : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %qk_scale = constant <f32: 0.180336880> : tile<128x128xf32>
    %zero_s = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %m0 = constant <f32: 0xFF800000> : tile<128xf32>
    %l0 = constant <f32: 0.000000e+00> : tile<128xf32>
    %acc0 = constant <f32: 0.000000e+00> : tile<128x64xf32>
    %ninf = constant <f32: 0xFF800000> : tile<128x128xf32>
    %m, %l, %acc = for %j in (%c0 to %nkv, step %c1) : tile<i32>
        iter_values(%m_i = %m0, %l_i = %l0, %acc_i = %acc0) -> (tile<128xf32>, tile<128xf32>, tile<128x64xf32>) {
      %k, %tk = load_view_tko weak %k_pv[%j, %c0] : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zero_s : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %s1 = mulf %s, %qk_scale : tile<128x128xf32>
      %rows = iota : tile<128xi32>
      %rows_c = reshape %rows : tile<128xi32> -> tile<128x1xi32>
      %rows_b = broadcast %rows_c : tile<128x1xi32> -> tile<128x128xi32>
      %cols_r = reshape %rows : tile<128xi32> -> tile<1x128xi32>
      %cols_b = broadcast %cols_r : tile<1x128xi32> -> tile<128x128xi32>
      %above = cmpi greater_than %cols_b, %rows_b, signed : tile<128x128xi32> -> tile<128x128xi1>
      %diag = cmpi equal %j, %bx, signed : tile<i32> -> tile<i1>
      %diag_r = reshape %diag : tile<i1> -> tile<1x1xi1>
      %diag_b = broadcast %diag_r : tile<1x1xi1> -> tile<128x128xi1>
      %masked = andi %above, %diag_b : tile<128x128xi1>
      %s2 = select %masked, %ninf, %s1 : tile<128x128xi1>, tile<128x128xf32>
      %row_max = reduce %s2 dim=1 identities=[0xFF800000 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %r = maxf %a, %b : tile<f32>
        yield %r : tile<f32>
      }
      %m_new = maxf %m_i, %row_max : tile<128xf32>
      %m_new_col = reshape %m_new : tile<128xf32> -> tile<128x1xf32>
      %m_new_b = broadcast %m_new_col : tile<128x1xf32> -> tile<128x128xf32>
      %shifted = subf %s2, %m_new_b : tile<128x128xf32>
      %p = exp2 %shifted : tile<128x128xf32>
      %m_diff = subf %m_i, %m_new : tile<128xf32>
      %alpha = exp2 %m_diff : tile<128xf32>
      %p_sum = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<128x128xf32> -> tile<128xf32>
      (%a: tile<f32>, %b: tile<f32>) {
        %r = addf %a, %b : tile<f32>
        yield %r : tile<f32>
      }
      %l_scaled = mulf %l_i, %alpha : tile<128xf32>
      %l_new = addf %l_scaled, %p_sum : tile<128xf32>
      %alpha_col = reshape %alpha : tile<128xf32> -> tile<128x1xf32>
      %alpha_b = broadcast %alpha_col : tile<128x1xf32> -> tile<128x64xf32>
      %acc_scaled = mulf %acc_i, %alpha_b : tile<128x64xf32>
      %p16 = ftof %p : tile<128x128xf32> -> tile<128x128xf16>
      %v, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(128x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %acc_new = mmaf %p16, %v, %acc_scaled : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %m_new, %l_new, %acc_new : tile<128xf32>, tile<128xf32>, tile<128x64xf32>
    }
    %l_col = reshape %l : tile<128xf32> -> tile<128x1xf32>
    %l_b = broadcast %l_col : tile<128x1xf32> -> tile<128x64xf32>
    %o = divf %acc, %l_b : tile<128x64xf32>
    %to = store_view_tko weak %o, %o_pv[%bx, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<256x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
// Warp-specialised (test/corpus/corpus_emu.test runs it on the emulator against the interpreter):
// RUN: %FileCheck %s --check-prefix=WSPTX < %t.ws.ptx
// RUN: %check-ptx sm_100a %t.ws.ptx
// WSPTX: setmaxnreg.dec.sync.aligned.u32
// WSPTX: setmaxnreg.inc.sync.aligned.u32
// WSPTX: tcgen05.mma.cta_group::1.kind::f16
// WSPTX: tcgen05.ld.sync.aligned
// WSPTX: fence.proxy.async.shared::cta;
// WSPTX-NEXT: bar.sync 1, 128;
// WSPTX: tcgen05.mma.cta_group::1.kind::f16

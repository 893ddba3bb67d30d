// Register prefetch (lib/tileas/register_prefetch.c; issue 12 item 2): the ordinary (SIMT) loads of
// a tensor-core loop — operands TMA cannot take (no alignment proof) — are issued one iteration
// ahead, their tiles carried by the loop, when the roofline says the tensor cores get busier: the
// prologue loads iteration 0's tiles before the loop, the body loads min(i + 1, n - 1)'s.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK --implicit-check-not='{{remark: register prefetch|loads one iteration ahead|loop not prefetched}}' < %t.remarks
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a %s --emit=tileas -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=IR < %t.tileas.mlir
// The printed TileAS module is the decision: fed back, it compiles to the same PTX.
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.again.ptx
// RUN: diff %t.ptx %t.again.ptx
// The knob turns the pass off: no remark, the loads stay in their iteration.
// RUN: env TILEC_REGISTER_PREFETCH=0 %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.off.ptx 2> %t.off.remarks
// RUN: %FileCheck %s --check-prefix=OFF --implicit-check-not='{{remark: register prefetch|loads one iteration ahead|loop not prefetched}}' < %t.off.remarks
// RUN: %check-ptx sm_90a %t.off.ptx
// =always overrides the cost model (calibration runs): the large kernel prefetches too.
// RUN: env TILEC_REGISTER_PREFETCH=always %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.always.ptx 2>&1 | %FileCheck %s --check-prefix=ALWAYS
// RUN: %check-ptx sm_90a %t.always.ptx
// ALWAYS: remark: register prefetch of 2 ordinary loads: {{.*}}; plain: {{[0-9]+}}-cycle iterations at 2 ({{[0-9]+}}), {{[0-9]+}}% (TILEC_REGISTER_PREFETCH=always)
// A value the knob does not read is an error, not the default; auto is the cost model.
// RUN: env TILEC_REGISTER_PREFETCH=sometimes not %tilec -O3 --gpu-name=sm_90a %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BADENV
// BADENV: error: TILEC_REGISTER_PREFETCH expects 0 (off), always (wherever legal and the registers fit) or auto (the cost model, the default), got 'sometimes'
// RUN: env TILEC_REGISTER_PREFETCH=auto %tilec -O3 --gpu-name=sm_90a %s -o %t.auto.ptx
// RUN: %tilec -O3 --gpu-name=sm_90a %s -o %t.default.ptx
// RUN: cmp %t.auto.ptx %t.default.ptx
// sm_100a: the tcgen05 MMA is issued asynchronously by one thread, so the next iteration's loads
// overlap it already; prefetching gains nothing there.
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=SM100 < %t.100.remarks
// RUN: %check-ptx sm_100a %t.100.ptx
// OFF: remark: wgmma path

// --- static_small: 256 x 256 (16 CTAs: one wave, so registers cost no occupancy): prefetched
// REMARK: register_prefetch.mlir:[[@LINE+38]]:5: remark: register prefetch of 2 ordinary loads: memory {{[0-9]+}} cycles (latency {{[0-9]+}} + 8192 bytes), compute {{[0-9]+}}; prefetched: {{[0-9]+}}-cycle iterations at an estimated 1 CTA per SM ({{[0-9]+}} registers per thread), tensor cores {{[0-9]+}}% busy; plain: {{[0-9]+}}-cycle iterations at 1 ({{[0-9]+}}), {{[0-9]+}}%
// REMARK: register_prefetch.mlir:[[@LINE+38]]:7: remark: the A operand of an mma is loaded with ordinary loads one iteration ahead
// REMARK: register_prefetch.mlir:[[@LINE+38]]:7: remark: the B operand of an mma is loaded with ordinary loads one iteration ahead
// SM100: register_prefetch.mlir:[[@LINE+36]]:7: remark: ordinary loads of this loop not prefetched: {{.*}}; prefetched: [[P:[0-9]+]]-cycle iterations {{.*}}; plain: [[P]]-cycle iterations
// The prologue: iteration 0's tiles, before the loop (the counter's 0 in the indices), after the
// accumulator's zero tile.
// IR: "cuda_tile.constant"() {tileas.reg_layout
// IR: %[[Z:[0-9]+]] = "cuda_tile.constant"() {value = dense<0> : tensor<i32>} : () -> !cuda_tile.tile<i32>
// IR-NEXT: %[[A0:[0-9]+]]:2 = "tileas.load"(%{{[0-9]+}}, %{{[0-9#]+}}, %[[Z]])
// IR-NEXT: %[[B0:[0-9]+]]:2 = "tileas.load"(%{{[0-9]+}}, %[[Z]], %{{[0-9#]+}})
// IR: "tileaa.for"(%{{[0-9]+}}, %{{[0-9]+}}, %[[A0]]#0, %[[B0]]#0)
// IR-NEXT: ^bb0(%[[I:arg[0-9]+]]: !cuda_tile.tile<i32>, %[[ACC:arg[0-9]+]]: {{.*}}, %[[A:arg[0-9]+]]: !cuda_tile.tile<64x32xf16>, %[[B:arg[0-9]+]]: !cuda_tile.tile<32x64xf16>):
// The body: min(i + 1, n - 1), the loads of that iteration, the mma on the carried tiles.
// IR: %[[NEXT:[0-9]+]] = "cuda_tile.mini"({{.*}}) {signedness = #cuda_tile.signedness<signed>}
// IR: %[[AN:[0-9]+]]:2 = "tileas.load"(%{{[0-9]+}}, %{{[0-9#]+}}, %[[NEXT]])
// IR: %[[BN:[0-9]+]]:2 = "tileas.load"(%{{[0-9]+}}, %[[NEXT]], %{{[0-9#]+}})
// IR: "cuda_tile.mmaf"(%[[A]], %[[B]], %{{.*}})
// IR: "cuda_tile.continue"(%{{[0-9]+}}, %[[AN]]#0, %[[BN]]#0)
// IR: sym_name = "static_small"
// The loop's first loads come before it, its next ones inside it (2-byte loads: no alignment proof).
// PTX-LABEL: .entry static_small(
// PTX: ld.global.b16
// PTX: wgmma.mma_async
// PTX: ld.global.b16
cuda_tile.module @m {
  entry @static_small(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %d : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // --- dyn_k: K from an argument, the loop stepping by 2 with two k-tiles per iteration (the indices
  // recomputed from the counter: i * step and i * step + 1), A's first load waiting for a token made before the loop
  // (cuTile's `token = make_token`): prefetched (M and N static: a one-wave grid).
  // REMARK: register_prefetch.mlir:[[@LINE+25]]:5: remark: register prefetch of 4 ordinary loads: memory {{[0-9]+}} cycles (latency {{[0-9]+}} + 8192 bytes)
  // REMARK: register_prefetch.mlir:[[@LINE+25]]:7: remark: the A operand of an mma is loaded with ordinary loads one iteration ahead
  // REMARK: register_prefetch.mlir:[[@LINE+25]]:7: remark: the B operand of an mma is loaded with ordinary loads one iteration ahead
  // REMARK: register_prefetch.mlir:[[@LINE+27]]:7: remark: the A operand of an mma is loaded with ordinary loads one iteration ahead
  // REMARK: register_prefetch.mlir:[[@LINE+27]]:7: remark: the B operand of an mma is loaded with ordinary loads one iteration ahead
  // IR: "tileaa.for"
  // IR: "cuda_tile.mini"
  // IR: sym_name = "dyn_k"
  entry @dyn_k(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %k: tile<i64>) {
    %a_tv = make_tensor_view %a_ptr, shape = [128, %k], strides = [%k, 1] : tile<i64> -> tensor_view<128x?xf16, strides=[?,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [%k, 128], strides = [128, 1] : tile<i64> -> tensor_view<?x128xf16, strides=[128,1]>
    %c_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_a16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x16), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %mt, %kt = get_index_space_shape %a_pv : partition_view<tile=(64x16), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>> -> tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %kt1 = addi %kt, %c1 : tile<i32>
    %tok = make_token : token
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    // k-tiles 0, 2, 4, ... through the loop's own index; 1, 3, 5, ... through kk + 1
    %acc = for %kk in (%c0 to %kt1, step %c2) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %kk] token = %tok : partition_view<tile=(64x16), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x16xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%kk, %by] : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<16x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      %kk1 = addi %kk, %c1 : tile<i32>
      %a1, %ta1 = load_view_tko weak %a_pv[%bx, %kk1] : partition_view<tile=(64x16), padding_value = zero, tensor_view<128x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x16xf16>, token
      %b1, %tb1 = load_view_tko weak %b_pv[%kk1, %by] : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<16x64xf16>, token
      %d1 = mmaf %a1, %b1, %d : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      continue %d1 : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  // --- store_in_loop: the loop stores (a running copy of the accumulator): loads stay put, no remark.
  // IR-NOT: "tileas.load"
  // IR: "tileaa.for"
  // IR-NEXT: ^bb0(%{{arg[0-9]+}}: !cuda_tile.tile<i32>, %{{arg[0-9]+}}: !cuda_tile.tile<64x64xf32>):
  // IR: sym_name = "store_in_loop"
  entry @store_in_loop(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
      continue %d : tile<64x64xf32>
    }
    return
  }

  // --- large: 4096 x 4096 (1024 CTAs, several waves): the prefetch's registers would cost a
  // resident CTA per SM, whose interleaving hides more of the latency — not prefetched.
  // REMARK: register_prefetch.mlir:[[@LINE+15]]:7: remark: ordinary loads of this loop not prefetched: {{.*}} prefetched: {{[0-9]+}}-cycle iterations at an estimated 1 CTA per SM {{.*}}; plain: {{[0-9]+}}-cycle iterations at 2 ({{[0-9]+}}), {{[0-9]+}}%
  entry @large(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf16, strides=[4096,1]>
    %c_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %c_tv = make_tensor_view %c_a16, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<4096x4096xf16, strides=[4096,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 128> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<4096x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<4096x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }
}


// Warp specialization's CTAs per SM (warp_specialize.c ws_choose_budget; tileas.pipeline
// ctas_per_sm): the agents' setmaxnreg budgets are cut for the most CTAs per SM (up to 4) whose
// registers (the wgmma accumulators plus 26, and the register-pressure estimate, within the launch
// share .maxnreg = 65536 / CTAs / threads), shared memory and TMEM columns fit, or for the entry's
// `occupancy` hint when it fits. Measured on an H200 (docs/performance.md): a 64x128-tile GEMM at
// 4096^3 runs 1.75x faster at two CTAs per SM than at one.
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=warp-specialize --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %FileCheck %s < %t.ptx
// RUN: %check-ptx sm_90a %t.ptx
// The decision is in the TileAS IR, and the printed IR compiles to the same PTX.
// RUN: %tilec --gpu-name=sm_90a --pipeline-strategy=warp-specialize --emit=tileas %s -o %t.tileas.mlir
// RUN: %FileCheck %s --check-prefix=TILEAS < %t.tileas.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a %t.tileas.mlir -o %t.reentered.ptx
// RUN: cmp %t.ptx %t.reentered.ptx
// `auto` specializes only where it costs no occupancy that matters (ws_occupancy_pays): as many CTAs
// per SM as the modulo pipeline (an estimate: registers and shared memory), or a grid that the
// views' static shapes bound to one wave. The static 1024^3 GEMM (64 CTAs): specialised (1.58x
// faster on an H200); the same at 4096^3 (1024 CTAs) and the run-time-shape GEMM: modulo (at 4096^3
// the specialised kernel's one CTA per SM was 1.35x slower than the modulo pipeline's two).
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=auto --remarks %S/../../examples/gemm.mlir -o %t.auto1024.ptx 2>&1 | FileCheck %s --check-prefix=AUTO1024
// RUN: sed 's/1024/4096/g' %S/../../examples/gemm.mlir > %t.gemm4096.mlir
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=auto --remarks %t.gemm4096.mlir -o %t.auto4096.ptx 2>&1 | FileCheck %s --check-prefix=AUTO4096
// RUN: %tilec -O3 --gpu-name=sm_90a --pipeline-strategy=auto --remarks %S/../../examples/gemm_dynamic.mlir -o %t.autodyn.ptx 2>&1 | FileCheck %s --check-prefix=AUTODYN
// AUTO1024: remark: warp specialization (auto: the fills and empty-stage waits leave the consumers' instruction stream, and the grid (at most 64 CTAs) fits one wave at 1 CTA per SM, heavy variant
// AUTO4096: remark: warp specialization: auto keeps the modulo pipeline: warp specialization would run 1 CTA per SM where the modulo pipeline runs an estimated 2, and the grid is larger than one wave
// AUTODYN: remark: warp specialization: auto keeps the modulo pipeline: warp specialization would run 1 CTA per SM where the modulo pipeline runs an estimated 2, and the grid is not known to fit one wave

// REMARK: ws_occupancy.mlir:[[@LINE+42]]:5: remark: warp specialization {{.*}} producer warpgroup warps 4-7 at 24 registers issues the TMA fills; consumer warps 0-3 at 232 registers compute; budgets for 2 CTAs per SM
// REMARK: ws_occupancy.mlir:[[@LINE+64]]:5: remark: warp specialization {{.*}} producer warpgroup warps 4-7 at 40 registers issues the TMA fills; consumer warps 0-3 at 240 registers compute; budgets for 1 CTA per SM
// REMARK: ws_occupancy.mlir:[[@LINE+86]]:5: remark: warp specialization {{.*}} producer warpgroup warps 4-7 at 24 registers issues the TMA fills; consumer warps 0-3 at 232 registers compute; budgets for 2 CTAs per SM
// REMARK: ws_occupancy.mlir:[[@LINE+94]]:3: remark: warp specialization: occupancy hint not followed: the wgmma accumulators and their issue need more registers than that many CTAs leave a thread
// REMARK: ws_occupancy.mlir:[[@LINE+107]]:5: remark: warp specialization {{.*}} producer warpgroup warps 8-11 at 40 registers issues the TMA fills; consumer warps 0-7 at 232 registers compute; budgets for 1 CTA per SM
// REMARK: ws_occupancy.mlir:[[@LINE+115]]:3: remark: warp specialization: occupancy hint not followed: the occupancy hint is outside 1-4
// REMARK: ws_occupancy.mlir:[[@LINE+128]]:5: remark: warp specialization {{.*}} consumer warps 0-3 at 232 registers compute; budgets for 2 CTAs per SM

// CHECK-LABEL: .entry gemm_64x128(
// CHECK: .reqntid 256, 1, 1
// CHECK: .maxnreg 128
// CHECK: setmaxnreg.dec.sync.aligned.u32 24;
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-LABEL: .entry gemm_64x128_occupancy1(
// CHECK: .maxnreg 240
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setmaxnreg.inc.sync.aligned.u32 240;
// CHECK-LABEL: .entry gemm_64x128_occupancy2(
// CHECK: .maxnreg 128
// CHECK-LABEL: .entry gemm_128x128_occupancy2(
// CHECK: .reqntid 384, 1, 1
// CHECK: .maxnreg 168
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-LABEL: .entry gemm_64x128_occupancy9(
// CHECK: .maxnreg 128
// TILEAS: tileas.pipeline = {ctas_per_sm = 2 : i64, strategy = "warp_specialize", variant = "heavy"}
// TILEAS: tileas.pipeline = {ctas_per_sm = 1 : i64, strategy = "warp_specialize", variant = "heavy"}
cuda_tile.module @ws_occupancy {
  entry @gemm_64x128(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x128xf16>, tile<64x128xf32>
      continue %d : tile<64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_64x128_occupancy1(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 1}> {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x128xf16>, tile<64x128xf32>
      continue %d : tile<64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_64x128_occupancy2(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 2}> {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x128xf16>, tile<64x128xf32>
      continue %d : tile<64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_128x128_occupancy2(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 2}> {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_64x128_occupancy9(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 9}> {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x32xf16>, tile<32x128xf16>, tile<64x128xf32>
      continue %d : tile<64x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

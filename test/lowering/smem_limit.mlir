// Shared memory a block may use (227 KiB): code generation checks the kernel's whole need — the
// pipes' rings and mbarriers plus what other ops take (here the extract's staging of the 128x128 f32
// accumulator, 64 KiB) — and refuses a kernel over it at the entry, naming both parts. By default
// the stage count leaves room for the extract (roofline.c ct_roofline_scratch_bytes): 4 stages
// (64 KiB) + 64 KiB fit; --num-stages=11 (176 KiB) does not, and TileAS says so; with its pool
// lifted (TILE_AS_DEBUG_UNLIMITED_SMEM) the kernel reaches code generation, which refuses it and
// names the deepest ring that fits.
// RUN: %tilec --remarks %s -o %t.ptx 2>&1 | %FileCheck %s --check-prefix=FIT
// RUN: %check-ptx sm_90a %t.ptx
// RUN: not %tilec --num-stages=11 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=TS
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 not %tilec --num-stages=11 %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=OVER
// The advice holds: 10 stages compile (ptxas accepts), with the pool or without.
// RUN: %tilec --num-stages=10 %s -o %t.10.ptx
// RUN: %check-ptx sm_90a %t.10.ptx
// FIT: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of 4 stages
// FIT: smem_limit.mlir:[[@LINE+4]]:3: remark: shared memory: 132224 bytes, {{.*}}; 66688 for the TMA tensor-core path's rings, mbarriers and staging buffers (1024 B of it run-time alignment slack), 65536 for other ops
// TS: error: --num-stages=11 does not fit the shared-memory / mbarrier / TMEM pools (the loop's pipes need 16384 bytes of shared memory per stage, 65536 are used elsewhere; the schedule spans 2 stages)
// OVER: smem_limit.mlir:[[@LINE+2]]:3: error: kernel needs 247136 bytes of shared memory (181600 for the pipelined buffers and mbarriers, 65536 for other ops), over the 232448 bytes a block may use; --num-stages=10 fits
cuda_tile.module @gemm {
  entry @gemm_f16_f32(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    // Base pointers are 16-byte aligned (as cudaMalloc returns); the hint enables vector accesses.
    %a_ptr_a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b_ptr_a16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c_ptr_a16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c_ptr_a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
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
    %half = extract %acc[%c1, %c0] : tile<128x128xf32> -> tile<64x128xf32>
    %h_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %t = store_view_tko weak %half, %h_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

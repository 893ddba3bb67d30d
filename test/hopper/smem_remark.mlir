// `--remarks` states each kernel's shared memory with the very figure the PTX carries (the
// `// tilec.dynamic_smem_bytes` ABI comment when dynamic, the `.shared` array size when static),
// on every path; a fallback remark names the real cause.
//
// This kernel is a GEMM written the way cuTile Python's 13.1 bytecode writes it: the
// make_partition_view of A and B sits inside the loop. TileAA builds those loop-invariant views
// once before the loop (view_resolve.c), so the Hopper path takes it: a ring of 64x128 + 128x128
// f16 tiles (49152 bytes per stage), 4 stages deep (the roofline: 4245 memory cycles over the
// 3545-cycle transfer period -> 2 in flight + 1, + 1 for the wgmma group kept in flight; two CTAs
// per SM would allow 2, fewer than such a loop needs), dynamic shared memory.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: cat %t.remarks %t.ptx | %FileCheck --check-prefix=SAME %s
// RUN: %check-ptx sm_90a %t.ptx
// The Hopper path with the TMA store epilogue (dynamic: ring, mbarriers, staging, alignment slack).
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 %tilec -O3 --gpu-name=sm_90a --remarks %examples/gemm.mlir -o %t.tma.ptx 2> %t.tma.remarks
// RUN: cat %t.tma.remarks %t.tma.ptx | %FileCheck --check-prefix=TMA %s
// RUN: %check-ptx sm_90a %t.tma.ptx
// The Hopper path with other shared-memory users after the ring (static: a 2-stage ring).
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks --num-stages=2 %examples/gemm_epilogue.mlir -o %t.epi.ptx 2> %t.epi.remarks
// RUN: cat %t.epi.remarks %t.epi.ptx | %FileCheck --check-prefix=EPI %s
// RUN: %check-ptx sm_90a %t.epi.ptx
// Two mma.sync kernels in one module share the dynamic buffer; each gets its own figure.
// RUN: %tilec --gpu-name=sm_90a --remarks %S/../lowering/dynamic_smem.mlir -o %t.two.ptx 2> %t.two.remarks
// RUN: cat %t.two.remarks %t.two.ptx | %FileCheck --check-prefix=TWO %s
// RUN: %check-ptx sm_90a %t.two.ptx

// REMARK: smem_remark.mlir:[[@LINE+20]]:7: remark: wgmma path: m64n128k16 x 1 warpgroup (128 threads); A: TMA ring of 4 stages, swizzle 128B, box 64x64 x 2; B: TMA ring of 4 stages, swizzle 128B, box 128x64 x 2, MN-major
// REMARK: smem_remark.mlir:[[@LINE+4]]:3: remark: shared memory: 197760 bytes, dynamic (`// tilec.dynamic_smem_bytes gemm_view_in_loop 197760` in the PTX; the launch passes them); all of it for the TMA tensor-core path's rings, mbarriers and staging buffers
// SAME: remark: shared memory: [[B:[0-9]+]] bytes, dynamic (`// tilec.dynamic_smem_bytes gemm_view_in_loop [[B]]`
// SAME: // tilec.dynamic_smem_bytes gemm_view_in_loop [[B]]{{$}}
cuda_tile.module @view_in_loop {
  entry @gemm_view_in_loop(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<64x128xf32>) {
      %a_pv = make_partition_view %a_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
      %b_pv = make_partition_view %b_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(64x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x128xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(128x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<64x128xf16>, tile<128x128xf16>, tile<64x128xf32>
      continue %d : tile<64x128xf32>
    }
    %c_tv = make_tensor_view %c_ptr, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// TMA: remark: wgmma path: 2 TMA pipes, 16384 bytes per iteration, 16 mbarriers
// TMA: remark: shared memory: [[T:[0-9]+]] bytes, dynamic (`// tilec.dynamic_smem_bytes gemm_f16_f32 [[T]]` in the PTX; the launch passes them); all of it for the TMA tensor-core path's rings, mbarriers and staging buffers (1024 B of it run-time alignment slack)
// TMA: // tilec.dynamic_smem_bytes gemm_f16_f32 [[T]]{{$}}

// EPI: remark: shared memory: [[E:[0-9]+]] bytes, static (`.shared __tilec_smem{{\[}}[[E]]{{\]}}`); 33856 for the TMA tensor-core path's rings, mbarriers and staging buffers (1024 B of it run-time alignment slack), 512 for other ops
// EPI: .shared .align 16 .b8 __tilec_smem{{\[}}[[E]]{{\]}};

// TWO: dynamic_smem.mlir:{{[0-9]+}}:3: remark: shared memory: [[BIG:[0-9]+]] bytes, dynamic (`// tilec.dynamic_smem_bytes big [[BIG]]`
// TWO: dynamic_smem.mlir:{{[0-9]+}}:3: remark: shared memory: [[SMALL:[0-9]+]] bytes, dynamic (`// tilec.dynamic_smem_bytes small [[SMALL]]`
// TWO: // tilec.dynamic_smem_bytes big [[BIG]]{{$}}
// TWO: // tilec.dynamic_smem_bytes small [[SMALL]]{{$}}

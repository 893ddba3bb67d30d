// Shared memory above 48 KiB is dynamic: mma.sync staging (tile M = 32 is not a wgmma tile) of a
// 32x128 A and a 128x256 B (f16, rows padded by 8 halves) needs 2*32*136 + 2*128*264 = 76288
// bytes, so the buffer becomes `.extern .shared` and the kernel carries the ABI byte count
// (docs/abi.md) before its entry. A kernel that fits keeps a static buffer sized to its real need
// and no comment (`small`: its top-level mmaf on wgmma, B staged into one slot).
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s --split-input-file -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
// Both kernels in one module share the buffer, so both use it dynamically, each with its own count.
// RUN: %tilec --emit=ptx --gpu-name=sm_90a %s -o %t.big.ptx
// RUN: %FileCheck --check-prefix=MULTI %s < %t.big.ptx
// RUN: %check-ptx sm_90a %t.big.ptx
// RUN: %tilec --emit=ptx --gpu-name=sm_100a %s -o %t.big100.ptx
// RUN: %check-ptx sm_100a %t.big100.ptx
// CHECK: .extern .shared .align 16 .b8 __tilec_smem[];
// CHECK: // tilec.dynamic_smem_bytes big 76288
// CHECK-NEXT: .visible .entry big(
// CHECK: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NOT: tilec.dynamic_smem_bytes
// CHECK: .visible .entry small(
// CHECK: .shared .align 16 .b8 __tilec_smem[5120];
// MULTI: .extern .shared .align 16 .b8 __tilec_smem[];
// MULTI: // tilec.dynamic_smem_bytes big 76288
// MULTI-NEXT: .visible .entry big(
// MULTI: // tilec.dynamic_smem_bytes small 5120
// MULTI-NEXT: // tilec.pipeline small stages=0 tx_bytes=0 threads=128
// MULTI-NEXT: .visible .entry small(
cuda_tile.module @m {
  entry @big(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(32x128), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x256), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(32x256), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x256xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %bz] : partition_view<tile=(32x128), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x128xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%bz, %by] : partition_view<tile=(128x256), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x256xf16>, token
    %d = mmaf %a, %b, %zero : tile<32x128xf16>, tile<128x256xf16>, tile<32x256xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<32x256xf32>, partition_view<tile=(32x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
// -----
cuda_tile.module @m2 {
  entry @small(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a_tv = make_tensor_view %a_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %a, %ta = load_view_tko weak %a_pv[%bx, %bz] : partition_view<tile=(64x32), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x32xf16>, token
    %b, %tb = load_view_tko weak %b_pv[%bz, %by] : partition_view<tile=(32x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<32x64xf16>, token
    %d = mmaf %a, %b, %zero : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %t = store_view_tko weak %d, %c_pv[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

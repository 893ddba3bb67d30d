// RUN: %tilec --emit=tileas --print-ir-after-all %s 2>&1 >/dev/null | %after-sched | %FileCheck %s
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --emit=tileas --print-ir-after-all %s 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=UNL
// RUN: %tilec --emit=tileas %s | %FileCheck %s --check-prefix=FINAL
// 256x128 and 128x256 f16 operand tiles: 128 KiB per pipeline stage, so not even two stages
// (256 KiB) fit under the 227 KiB SMEM ceiling and the loop drops to one stage;
// TILE_AS_DEBUG_UNLIMITED_SMEM lifts the ceiling and the roofline's 4 stages come back (700 + 9452
// cycles of loads over a period of max(4096 wgmma, 9452 transfer): ceil = 2, + 1, + 1 for the
// wgmma group kept in flight). (As the
// modulo scheduler leaves them: 256-row tiles are not on the wgmma path, so path selection then
// makes the pipes SIMT loads and no shared memory is left.)
// FINAL-NOT: "tileas.pipe"
// FINAL: tileas.smem_bytes = 0 : i64

// CHECK-COUNT-2: "tileas.pipe"({{.*}}) {compute_cycles = 4096 : i64, consumer = "wgmma_smem", limited_by = "smem", memory_cycles = 10152 : i64, producer = "tma", roofline = 2 : i64, stages = 1 : i64
// CHECK: tileas.smem_bytes = 131072 : i64

// UNL-COUNT-2: "tileas.pipe"({{.*}}) {compute_cycles = 4096 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 10152 : i64, producer = "tma", roofline = 2 : i64, stages = 4 : i64
// UNL: tileas.smem_bytes = 524288 : i64
cuda_tile.module @big {
  entry @gemm_big(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(256x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 8> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<256x256xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<256x256xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(256x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x128xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x256xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<256x128xf16>, tile<128x256xf16>, tile<256x256xf32>
      continue %d : tile<256x256xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// RUN: %tilec --emit=tileaa %s | %FileCheck %s --check-prefix=AA
// RUN: %tilec --emit=tileas %s | %FileCheck %s --check-prefix=AS
// RUN: %tilec --emit=tileas --gpu-name=sm_100a %s | %FileCheck %s --check-prefix=BW
// An attention-like kernel: O = softmax(Q K^T) V over 64-row blocks, K given pre-transposed.
// Q is loaded once (outside the loop), K^T and V every iteration (pipelined).

// AA: "tileaa.async_load"{{.*}}!tileaa.view<64x64xf16>
// AA: "tileaa.for"
// AA-COUNT-2: "tileaa.async_load"
// AA: "tileaa.wait"
// AA: trip_count = 16 : i64

// The loop's two pipes share the roofline stage count; Q gets a 1-stage pipe. Per iteration: K^T
// and V, 16 KiB: 700 + 1182 cycles; two 64x64x64 wgmma (2 x 128 cycles) and the softmax's
// element-wise work on 64x64 tiles (288 cycles): 544 cycles, less than the 1182-cycle transfer,
// so the period is the transfer: ceil(1882 / 1182) = 2, + 1 = 3 stages.
// AS-DAG: "tileas.pipe"({{.*}}) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, {{.*}}tx_bytes = 8192 : i64}
// AS-DAG: "tileas.pipe"({{.*}}) {compute_cycles = 544 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1882 : i64, producer = "tma", roofline = 2 : i64, stages = 3 : i64, tileas.barriers = {{{.*}}}, tx_bytes = 8192 : i64}
// AS: "tileaa.for"
// AS: "tileas.produce"{{.*}}layout = {atom = "tma"{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// AS: "tileas.consume"
// AS-COUNT-2: tileas.mma = "wgmma"
// AS: "tileas.release"
// AS: tileas.smem_bytes = 57344 : i64, tileas.target = "sm_90a"

// sm_100a: both mmaf on tcgen05, their accumulators side by side in one TMEM allocation, each read
// back every iteration with its own done mbarrier (P·V's A staged from registers).
// BW: "cuda_tile.mmaf"{{.*}}tileas.mma = "tcgen05.mma"{{.*}}tileas.tmem = {column = 0 : i64, columns = 128 : i64, done = [[D0:[0-9]+]] : i64, slot = [[SLOT:[0-9]+]] : i64}
// BW: "cuda_tile.mmaf"{{.*}}tileas.mma = "tcgen05.mma"{{.*}}tileas.tmem = {a_staging = {{[0-9]+}} : i64, column = 64 : i64, columns = 128 : i64, done = {{[0-9]+}} : i64, slot = [[SLOT]] : i64}
// BW: tileas.target = "sm_100a"
cuda_tile.module @attn {
  entry @attention(%q_ptr: tile<ptr<f16>>, %kt_ptr: tile<ptr<f16>>, %v_ptr: tile<ptr<f16>>, %o_ptr: tile<ptr<f32>>) {
    %qa = assume div_by<16>, %q_ptr : tile<ptr<f16>>
    %ka = assume div_by<16>, %kt_ptr : tile<ptr<f16>>
    %va = assume div_by<16>, %v_ptr : tile<ptr<f16>>
    %oa = assume div_by<16>, %o_ptr : tile<ptr<f32>>
    %q_tv = make_tensor_view %qa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %k_tv = make_tensor_view %ka, shape = [64, 1024], strides = [1024, 1] : tensor_view<64x1024xf16, strides=[1024,1]>
    %v_tv = make_tensor_view %va, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %o_tv = make_tensor_view %oa, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %q_pv = make_partition_view %q_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %k_pv = make_partition_view %k_tv : partition_view<tile=(64x64), tensor_view<64x1024xf16, strides=[1024,1]>>
    %v_pv = make_partition_view %v_tv : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %o_pv = make_partition_view %o_tv : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %q, %tq = load_view_tko weak %q_pv[%bx, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %acc = for %j in (%c0 to %nk, step %c1) : tile<i32> iter_values(%o_it = %zero) -> (tile<64x64xf32>) {
      %kt, %tk = load_view_tko weak %k_pv[%c0, %j] : partition_view<tile=(64x64), tensor_view<64x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x64xf16>, token
      %v, %tv = load_view_tko weak %v_pv[%j, %c0] : partition_view<tile=(64x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %s = mmaf %q, %kt, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %p = exp %s : tile<64x64xf32>
      %p16 = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
      %o_new = mmaf %p16, %v, %o_it : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %o_new : tile<64x64xf32>
    }
    %t = store_view_tko weak %acc, %o_pv[%bx, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

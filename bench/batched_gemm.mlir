// Batched GEMM for the GPU suite (bench/gpu_suite.sh row batched_gemm): C[b] = A[b] x B[b] for
// b < batch, f16 operands, f32 accumulators; each tile block takes 2 batches x a 64x64 output tile
// and loops over K in steps of 32 (3-D mmaf, no alignment proof: one wgmma / tcgen05.mma chain per batch,
// operands staged through shared memory from ordinary loads: docs/tileaa-tileas.md). Grid:
// (M/64, N/64, batch/2); M, N multiples of 64, K of 32, batch even. Arguments: A, B, C, batch, M, N, K.
cuda_tile.module @batched_gemm {
  entry @batched_gemm(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %batch: tile<i32>,
                      %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %mk = muli %m, %k : tile<i32>
    %kn = muli %k, %n : tile<i32>
    %mn = muli %m, %n : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %a_tv = make_tensor_view %a_ptr, shape = [%batch, %m, %k], strides = [%mk, %k, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %b_tv = make_tensor_view %b_ptr, shape = [%batch, %k, %n], strides = [%kn, %n, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
    %c_tv = make_tensor_view %c_ptr, shape = [%batch, %m, %n], strides = [%mn, %n, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(2x64x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(2x32x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(2x64x64), tensor_view<?x?x?xf32, strides=[?,?,1]>>
    %bm, %bn, %bb = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.0> : tile<2x64x64xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %kt = divi %k, %c32 signed : tile<i32>
    %acc = for %kk in (%c0 to %kt, step %one) : tile<i32> iter_values(%c = %zero) -> (tile<2x64x64xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bb, %bm, %kk] : partition_view<tile=(2x64x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<2x64x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%bb, %kk, %bn] : partition_view<tile=(2x32x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<2x32x64xf16>, token
      %d = mmaf %a, %b, %c : tile<2x64x32xf16>, tile<2x32x64xf16>, tile<2x64x64xf32>
      continue %d : tile<2x64x64xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bb, %bm, %bn] : tile<2x64x64xf32>, partition_view<tile=(2x64x64), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
    return
  }
}

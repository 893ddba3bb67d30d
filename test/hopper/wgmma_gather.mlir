// Gathers feed the tensor cores (issue 12, item 2: `load_ptr_tko` gathers): an mmaf operand
// loaded through a pointer tile (rows picked by an index table, as an embedding or a MoE gather
// does) has no TMA path, so it is loaded with ordinary loads and staged from registers into the
// same K-major swizzled slots as any SIMT-loaded operand (B on wgmma, A and B on tcgen05), or read
// by wgmma from registers (A, f16); the other operand keeps its TMA ring. Both targets assemble
// with 0 spills.
// RUN: %tilec -O3 --gpu-name=sm_90a --remarks %s -o %t.ptx 2> %t.remarks
// RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %check-ptx sm_90a %t.ptx
// RUN: %tilec -O3 --gpu-name=sm_100a --remarks %s -o %t.100.ptx 2> %t.100.remarks
// RUN: %FileCheck %s --check-prefix=BW < %t.100.remarks
// RUN: %check-ptx sm_100a %t.100.ptx
// REMARK-DAG: wgmma_gather.mlir:62:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x32; B: registers, staged transposed into 3 K-major slots (swizzle 64B) each iteration
// REMARK-DAG: wgmma_gather.mlir:112:7: remark: wgmma path: m64n128k16 x 2 warpgroups (256 threads); A: registers; B: TMA ring
// BW-DAG: wgmma_gather.mlir:62:7: remark: tcgen05 path: m128n128k16 kind::f16 issued by thread 0, {{.*}}; A: TMA ring of {{[0-9]}} stages, swizzle 64B, box 128x32; B: registers, staged transposed into 3 K-major slots
// BW-DAG: wgmma_gather.mlir:112:7: remark: tcgen05 path: m128n128k16 kind::f16 issued by thread 0, {{.*}}; A: registers, staged into 3 K-major slots (swizzle 64B) each iteration; B: TMA ring
cuda_tile.module @m {
  entry @gemm_gather_b(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %rows: tile<ptr<i32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %a_tv = make_tensor_view %a16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %a_pv = make_partition_view %a_tv : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %ld = constant <i32: 1024> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %col0 = muli %by, %c128 : tile<i32>
    %col0_1 = reshape %col0 : tile<i32> -> tile<1x1xi32>
    %col0_b = broadcast %col0_1 : tile<1x1xi32> -> tile<32x128xi32>
    %cols = iota : tile<128xi32>
    %cols_1 = reshape %cols : tile<128xi32> -> tile<1x128xi32>
    %cols_b = broadcast %cols_1 : tile<1x128xi32> -> tile<32x128xi32>
    %ld_1 = reshape %ld : tile<i32> -> tile<1x1xi32>
    %ld_b = broadcast %ld_1 : tile<1x1xi32> -> tile<32x128xi32>
    %b_1 = reshape %b16 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %b_b = broadcast %b_1 : tile<1x1xptr<f16>> -> tile<32x128xptr<f16>>
    %r_1 = reshape %rows : tile<ptr<i32>> -> tile<1xptr<i32>>
    %r_b = broadcast %r_1 : tile<1xptr<i32>> -> tile<32xptr<i32>>
    %kk = iota : tile<32xi32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %a, %ta = load_view_tko weak %a_pv[%bx, %k] : partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x32xf16>, token
      %k0 = muli %k, %c32 : tile<i32>
      %k0_1 = reshape %k0 : tile<i32> -> tile<1xi32>
      %k0_b = broadcast %k0_1 : tile<1xi32> -> tile<32xi32>
      %ki = addi %k0_b, %kk : tile<32xi32>
      %rp = offset %r_b, %ki : tile<32xptr<i32>>, tile<32xi32> -> tile<32xptr<i32>>
      %ridx, %tr = load_ptr_tko weak %rp : tile<32xptr<i32>> -> tile<32xi32>, token
      %ridx_1 = reshape %ridx : tile<32xi32> -> tile<32x1xi32>
      %ridx_b = broadcast %ridx_1 : tile<32x1xi32> -> tile<32x128xi32>
      %roff = muli %ridx_b, %ld_b : tile<32x128xi32>
      %off1 = addi %roff, %col0_b : tile<32x128xi32>
      %off = addi %off1, %cols_b : tile<32x128xi32>
      %bp = offset %b_b, %off : tile<32x128xptr<f16>>, tile<32x128xi32> -> tile<32x128xptr<f16>>
      %b, %tb = load_ptr_tko weak %bp : tile<32x128xptr<f16>> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
  entry @gemm_gather_a(%a_ptr: tile<ptr<f16>>, %b_ptr: tile<ptr<f16>>, %c_ptr: tile<ptr<f32>>, %rows: tile<ptr<i32>>) {
    %a16 = assume div_by<16>, %a_ptr : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b_ptr : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c_ptr : tile<ptr<f32>>
    %b_tv = make_tensor_view %b16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %c_tv = make_tensor_view %c16, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %b_pv = make_partition_view %b_tv : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %c_pv = make_partition_view %c_tv : partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %nk = constant <i32: 32> : tile<i32>
    %ld = constant <i32: 1024> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %m0 = muli %bx, %c128 : tile<i32>
    %m0_1 = reshape %m0 : tile<i32> -> tile<1xi32>
    %m0_b = broadcast %m0_1 : tile<1xi32> -> tile<128xi32>
    %mm = iota : tile<128xi32>
    %mi = addi %m0_b, %mm : tile<128xi32>
    %r_1 = reshape %rows : tile<ptr<i32>> -> tile<1xptr<i32>>
    %r_b = broadcast %r_1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %rp = offset %r_b, %mi : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %ridx, %tr = load_ptr_tko weak %rp : tile<128xptr<i32>> -> tile<128xi32>, token
    %ridx_1 = reshape %ridx : tile<128xi32> -> tile<128x1xi32>
    %ridx_b = broadcast %ridx_1 : tile<128x1xi32> -> tile<128x32xi32>
    %ld_1 = reshape %ld : tile<i32> -> tile<1x1xi32>
    %ld_b = broadcast %ld_1 : tile<1x1xi32> -> tile<128x32xi32>
    %roff = muli %ridx_b, %ld_b : tile<128x32xi32>
    %kk = iota : tile<32xi32>
    %kk_1 = reshape %kk : tile<32xi32> -> tile<1x32xi32>
    %kk_b = broadcast %kk_1 : tile<1x32xi32> -> tile<128x32xi32>
    %rk = addi %roff, %kk_b : tile<128x32xi32>
    %a_1 = reshape %a16 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %a_b = broadcast %a_1 : tile<1x1xptr<f16>> -> tile<128x32xptr<f16>>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%acc_it = %zero) -> (tile<128x128xf32>) {
      %k0 = muli %k, %c32 : tile<i32>
      %k0_1 = reshape %k0 : tile<i32> -> tile<1x1xi32>
      %k0_b = broadcast %k0_1 : tile<1x1xi32> -> tile<128x32xi32>
      %off = addi %rk, %k0_b : tile<128x32xi32>
      %ap = offset %a_b, %off : tile<128x32xptr<f16>>, tile<128x32xi32> -> tile<128x32xptr<f16>>
      %a, %ta = load_ptr_tko weak %ap : tile<128x32xptr<f16>> -> tile<128x32xf16>, token
      %b, %tb = load_view_tko weak %b_pv[%k, %by] : partition_view<tile=(32x128), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<32x128xf16>, token
      %d = mmaf %a, %b, %acc_it : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %d : tile<128x128xf32>
    }
    %t = store_view_tko weak %acc, %c_pv[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

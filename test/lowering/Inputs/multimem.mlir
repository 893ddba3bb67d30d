// multimem (13.5) view ops over multicast pointers, for test/lowering/multimem.mlir and the
// interpreter (test/interp/semantics.test).
cuda_tile.module @m {
  // v = ld_reduce(x); x += v (multimem red add); w = ld_reduce(x); x = w + v (multimem st):
  // on one device (the interpreter's whole multicast group) x ends as 3x.
  entry @triple_f32(%arg0: tile<ptr<f32, <multicast>>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tview = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %v, %t1 = multimem_load_reduce_view_tko weak %pview[%bx] : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    %t2 = multimem_reduce_view_tko relaxed sys %pview, %v[%bx] token = %t1 : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
    %w, %t3 = multimem_load_reduce_view_tko acquire device %pview[%bx] token = %t2 : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32>, token -> tile<16xf32>, token
    %s = addf %w, %v : tile<16xf32>
    %t4 = multimem_store_view_tko release tl_blk %pview, %s[%bx] token = %t3 : partition_view<tile=(16), tensor_view<128xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
    return
  }
  // integer reductions: umax load-reduce, xor reduction, min on i64
  entry @int_ops(%arg0: tile<ptr<i32, <multicast>>>, %arg1: tile<ptr<i64, <multicast>>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %arg0, shape = [128], strides = [1] : tile<ptr<i32, <multicast>>> -> tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %v, %t1 = multimem_load_reduce_view_tko relaxed device %pv[%bx] attributes {reduction = #cuda_tile.multimem_reduction_kind<umax>} : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xi32>, token
    %t2 = multimem_reduce_view_tko release device %pv, %v[%bx] token = %t1 attributes {reduction = #cuda_tile.multimem_reduction_kind<xor>} : partition_view<tile=(16), tensor_view<128xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
    %tw = make_tensor_view %arg1, shape = [128], strides = [1] : tile<ptr<i64, <multicast>>> -> tensor_view<128xi64, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pw = make_partition_view %tw : partition_view<tile=(16), tensor_view<128xi64, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %w = exti %v signed : tile<16xi32> -> tile<16xi64>
    %t3 = multimem_reduce_view_tko relaxed sys %pw, %w[%bx] attributes {reduction = #cuda_tile.multimem_reduction_kind<min>} : partition_view<tile=(16), tensor_view<128xi64, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi64>, tile<i32> -> token
    return
  }
  // f16 in pairs (.f16x2): 2 adjacent elements per thread, the base 16-byte aligned
  entry @pairs_f16(%arg0: tile<ptr<f16, <multicast>>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %p = assume div_by<16>, %arg0 : tile<ptr<f16, <multicast>>>
    %tview = make_tensor_view %p, shape = [1024], strides = [1] : tile<ptr<f16, <multicast>>> -> tensor_view<1024xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<1024xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %v, %t1 = multimem_load_reduce_view_tko relaxed sys %pview[%bx] : partition_view<tile=(256), tensor_view<1024xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<256xf16>, token
    %t2 = multimem_reduce_view_tko relaxed sys %pview, %v[%bx] token = %t1 : partition_view<tile=(256), tensor_view<1024xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<256xf16>, tile<i32>, token -> token
    return
  }
}

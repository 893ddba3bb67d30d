// f4E2M1FN refusals (test/lowering/f4.mlir): an element has no address of its own.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    %c2 = constant <i32: 2> : tile<i32>
    %q = offset %p, %c2 : tile<ptr<f4E2M1FN>>, tile<i32> -> tile<ptr<f4E2M1FN>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<2xptr<f4E2M1FN>>) {
    return
  }
}

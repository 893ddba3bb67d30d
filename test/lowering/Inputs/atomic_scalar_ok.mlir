// One counter increment per CTA: the result is unused, so the owning thread alone adds.
cuda_tile.module @m {
  entry @counter(%p: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    %old, %t = atomic_rmw_tko relaxed device %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

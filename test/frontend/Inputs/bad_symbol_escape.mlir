// A quoted symbol name with an escape MLIR does not have.
cuda_tile.module @m {
  entry @"a\qb"() {
    return
  }
}

cuda_tile.module @m {
  entry @"a b"() {
    return
  }
}

cuda_tile.module @m {
  entry @_k9() {
    return
  }
  entry @"a$b"() {
    return
  }
  entry @ret() {
    return
  }
}

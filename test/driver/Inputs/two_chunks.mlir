cuda_tile.module @first {
  entry @a() {
    return
  }
}
// -----
cuda_tile.module @second {
  entry @b() {
    return
  }
}
// OUT: cuda_tile.module @first
// OUT: // -----
// OUT: cuda_tile.module @second

// Globals code generation refuses (test/lowering/global.mlir): a name another module's entry has
// (one PTX module holds both symbols).
cuda_tile.module @a {
  global @k <f32: [1.0]> : tile<1xf32>
}
cuda_tile.module @b {
  entry @k() {
    return
  }
}


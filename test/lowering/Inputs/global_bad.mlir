// Globals code generation refuses (test/lowering/global.mlir): a name another module's entry has
// (one PTX module holds both symbols), fp8 data.
cuda_tile.module @a {
  global @k <f32: [1.0]> : tile<1xf32>
}
cuda_tile.module @b {
  entry @k() {
    return
  }
}

// -----

cuda_tile.module @m {
  global @g8 <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
  entry @k() {
    return
  }
}

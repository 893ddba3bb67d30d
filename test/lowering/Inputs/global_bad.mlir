// Globals code generation refuses (test/lowering/global.mlir): a name another module's entry has
// (one PTX module holds both symbols), f8E8M0FNU data (a scale type; loads of it are refused too).
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
  global @g4 <f4E2M1FN: [1.0, 2.0]> : tile<2xf4E2M1FN>
  entry @k() {
    return
  }
}

// pack refusals (test/lowering/pack.mlir): an i1 element is stored as a whole byte, so packing it
// would change nothing: the verifier refuses it, as for every 8-bit type.
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %c = constant <i1: true> : tile<64xi1>
    %b = pack %c : tile<64xi1> -> tile<64xi8>
    return
  }
}

// pack is not implemented by the interpreter: it is rejected by name.
cuda_tile.module @unsupported {
  entry @unsupported(%p: tile<ptr<f32>>) {
    %x = constant <f32: 1.0> : tile<64xf32>
    %b = pack %x : tile<64xf32> -> tile<256xi8>
    return
  }
}

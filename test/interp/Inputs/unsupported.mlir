// pack of f4E2M1FN (half-byte elements) is not implemented by the interpreter: it is rejected by name.
cuda_tile.module @unsupported {
  entry @unsupported(%p: tile<ptr<f32>>) {
    %x = constant <f4E2M1FN: 1.0> : tile<64xf4E2M1FN>
    %b = pack %x : tile<64xf4E2M1FN> -> tile<32xi8>
    return
  }
}

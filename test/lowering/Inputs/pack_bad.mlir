// pack refusals (test/lowering/pack.mlir): f4E2M1FN elements are half bytes.
cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>) {
    %c = constant <f4E2M1FN: 1.0> : tile<64xf4E2M1FN>
    %b = pack %c : tile<64xf4E2M1FN> -> tile<32xi8>
    return
  }
}

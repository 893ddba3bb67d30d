// (input of rounding.mlir)
cuda_tile.module @m {
  entry @r(%s: tile<f16>) {
    %a = addf %s, %s rounding<zero> : tile<f16>
    return
  }
}

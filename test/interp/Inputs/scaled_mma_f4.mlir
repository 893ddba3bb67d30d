cuda_tile.module @m {
  testing$func @nvfp4(%a: tile<64x64xf4E2M1FN>, %b: tile<64x64xf4E2M1FN>, %c: tile<64x64xf32>, %sa: tile<64x4xf8E4M3FN>, %sb: tile<4x64xf8E4M3FN>) {
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E4M3FN>
  }
}

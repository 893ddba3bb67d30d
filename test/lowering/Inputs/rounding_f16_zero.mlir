// (input of rounding.mlir) directed rounding modes on f16 and bf16: computed in f32 with the same
// mode, converted with it.
cuda_tile.module @m {
  entry @r(%x: tile<ptr<f16>>, %y: tile<ptr<bf16>>, %s: tile<f16>, %t: tile<bf16>) {
    %a = addf %s, %s rounding<zero> : tile<f16>
    %b = subf %a, %s rounding<negative_inf> : tile<f16>
    %c = mulf %b, %s rounding<positive_inf> : tile<f16>
    %d = divf %c, %s rounding<zero> : tile<f16>
    %e = fma %d, %s, %a rounding<negative_inf> : tile<f16>
    %t1 = store_ptr_tko weak %x, %e : tile<ptr<f16>>, tile<f16> -> token
    %p = addf %t, %t rounding<positive_inf> : tile<bf16>
    %q = mulf %p, %t rounding<zero> : tile<bf16>
    %t2 = store_ptr_tko weak %y, %q : tile<ptr<bf16>>, tile<bf16> -> token
    return
  }
}

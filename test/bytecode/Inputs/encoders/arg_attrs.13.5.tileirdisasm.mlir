global  @g alignment = 16 <f32: 1.000000e+00> : tile<4xf32>
entry @k(%arg0: tile<i32> {cuda_tile.foo = 7 : i32}, %arg1: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {
  return
}
entry @k2(%arg0: tile<i32>) {
  return
}

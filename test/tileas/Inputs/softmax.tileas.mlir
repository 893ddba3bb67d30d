// TileAS form of examples/softmax.mlir (SIMT loads and stores through tileaa.view).
// Generated once with: tilec --emit=tileas examples/softmax.mlir; the tests in test/tileas/decisions/ change one decision of it with sed and check the PTX follows.
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: !cuda_tile.tile<ptr<f32>>, %arg2: !cuda_tile.tile<i64>):
      %0 = "tileaa.constant"() {value = 1 : i64} : () -> i64
      %1 = "tileaa.constant"() {value = 1024 : i64} : () -> i64
      %2 = "cuda_tile.assume"(%arg0) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<ptr<f32>>
      %3 = "cuda_tile.assume"(%arg1) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<ptr<f32>>
      %4 = "tileaa.to_i64"(%arg2) : (!cuda_tile.tile<i64>) -> i64
      %5 = "tileaa.view"(%2, %4, %1, %1, %0) {base_align = 16 : i64, box = array<i64: 4, 1024>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64, i64, i64) -> !tileaa.view<4x1024xf32>
      %6 = "tileaa.to_i64"(%arg2) : (!cuda_tile.tile<i64>) -> i64
      %7 = "tileaa.view"(%3, %6, %1, %1, %0) {base_align = 16 : i64, box = array<i64: 4, 1024>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64, i64, i64) -> !tileaa.view<4x1024xf32>
      %8:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %9 = "cuda_tile.constant"() {value = dense<0> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %10:2 = "tileas.load"(%5, %8#0, %9) {layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!tileaa.view<4x1024xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<4x1024xf32>, !cuda_tile.token)
      %11 = "cuda_tile.reduce"(%10#0) ({
      ^bb0(%arg3: !cuda_tile.tile<f32>, %arg4: !cuda_tile.tile<f32>):
        %21 = "cuda_tile.maxf"(%arg3, %arg4) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
        "cuda_tile.yield"(%21) : (!cuda_tile.tile<f32>) -> ()
      }) {dim = 1 : i32, identities = [0xFF800000 : f32], tileas.reg_layout = {lane = array<i64: -1, -1, -1, -1, -1>, reg = array<i64: 0, 1>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<4x1024xf32>) -> !cuda_tile.tile<4xf32>
      %12 = "cuda_tile.reshape"(%11) {tileas.reg_layout = {lane = array<i64: -1, -1, -1, -1, -1>, reg = array<i64: 0, 1>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4x1xf32>
      %13 = "cuda_tile.broadcast"(%12) {tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!cuda_tile.tile<4x1xf32>) -> !cuda_tile.tile<4x1024xf32>
      %14 = "cuda_tile.subf"(%10#0, %13) {rounding_mode = #cuda_tile.rounding<nearest_even>, tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!cuda_tile.tile<4x1024xf32>, !cuda_tile.tile<4x1024xf32>) -> !cuda_tile.tile<4x1024xf32>
      %15 = "cuda_tile.exp"(%14) {tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!cuda_tile.tile<4x1024xf32>) -> !cuda_tile.tile<4x1024xf32>
      %16 = "cuda_tile.reduce"(%15) ({
      ^bb0(%arg3: !cuda_tile.tile<f32>, %arg4: !cuda_tile.tile<f32>):
        %21 = "cuda_tile.addf"(%arg3, %arg4) {rounding_mode = #cuda_tile.rounding<nearest_even>} : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
        "cuda_tile.yield"(%21) : (!cuda_tile.tile<f32>) -> ()
      }) {dim = 1 : i32, identities = [0.000000e+00 : f32], tileas.reg_layout = {lane = array<i64: -1, -1, -1, -1, -1>, reg = array<i64: 0, 1>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<4x1024xf32>) -> !cuda_tile.tile<4xf32>
      %17 = "cuda_tile.reshape"(%16) {tileas.reg_layout = {lane = array<i64: -1, -1, -1, -1, -1>, reg = array<i64: 0, 1>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4x1xf32>
      %18 = "cuda_tile.broadcast"(%17) {tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!cuda_tile.tile<4x1xf32>) -> !cuda_tile.tile<4x1024xf32>
      %19 = "cuda_tile.divf"(%15, %18) {rounding_mode = #cuda_tile.rounding<nearest_even>, tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 9, 10, 11>, warp = array<i64: 7, 8>}} : (!cuda_tile.tile<4x1024xf32>, !cuda_tile.tile<4x1024xf32>) -> !cuda_tile.tile<4x1024xf32>
      %20 = "tileas.store"(%19, %7, %8#0, %9) {layout = {atom = "simt", candidates = 5 : i64, conflicts = 0 : i64, frag = "blocked", legal = 5 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>} : (!cuda_tile.tile<4x1024xf32>, !tileaa.view<4x1024xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>) -> (), sym_name = "softmax_rows", tileas.num_warps = 4 : i64, tileas.smem_bytes = 0 : i64, tileas.target = "sm_90a"} : () -> ()
  }) {sym_name = "softmax"} : () -> ()
}

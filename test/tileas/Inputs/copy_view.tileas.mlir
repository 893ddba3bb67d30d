// A hand-written TileAS kernel: copy 4096 f32 through two tileaa.views, 1024 per tile block, with
// SIMT loads and stores. No `assume` reaches the pointers: the views' base_align is the only proof
// of the base addresses' alignment (test/tileas/decisions/view_base_align.test changes it).
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%src: !cuda_tile.tile<ptr<f32>>, %dst: !cuda_tile.tile<ptr<f32>>):
      %one = "tileaa.constant"() {value = 1 : i64} : () -> i64
      %n = "tileaa.constant"() {value = 4096 : i64} : () -> i64
      %sv = "tileaa.view"(%src, %n, %one) {base_align = 4 : i64, box = array<i64: 1024>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64) -> !tileaa.view<1024xf32>
      %dv = "tileaa.view"(%dst, %n, %one) {base_align = 4 : i64, box = array<i64: 1024>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64) -> !tileaa.view<1024xf32>
      %bid:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %x:2 = "tileas.load"(%sv, %bid#0) {layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 10 : i64, score = 2.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (!tileaa.view<1024xf32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<1024xf32>, !cuda_tile.token)
      %t = "tileas.store"(%x#0, %dv, %bid#0) {layout = {atom = "simt", candidates = 5 : i64, conflicts = 0 : i64, frag = "blocked", legal = 5 : i64, regs = 10 : i64, score = 2.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (!cuda_tile.tile<1024xf32>, !tileaa.view<1024xf32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<ptr<f32>>) -> (), sym_name = "copy", tileas.smem_bytes = 0 : i64, tileas.target = "sm_90a"} : () -> ()
  }) {sym_name = "copy"} : () -> ()
}

// TileAS form of the int8 GEMM with B stored [K,N] (test/hopper/wgmma_kinds.mlir's gemm_i8_mn) for sm_90a: A a TMA ring, B staged from registers (tileas.b_staging_offset on the mmai).
// Generated once with: tilec --emit=tileas; test/tileas/decisions/b_staging_offset.test changes that decision with sed and checks the PTX.
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%arg0: !cuda_tile.tile<ptr<i8>>, %arg1: !cuda_tile.tile<ptr<i8>>, %arg2: !cuda_tile.tile<ptr<i32>>):
      %0 = "tileas.alloc"() {alignment = 512 : i64, bytes = 40960 : i64, stage_bytes = 8192 : i64, stages = 5 : i64, swizzle = 64 : i64, tileas.offset = 0 : i64} : () -> !tileas.smem<5x128x64xi8>
      %1 = "tileas.pipe"(%0) {compute_cycles = 256 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1291 : i64, producer = "tma", roofline = 3 : i64, stages = 5 : i64, tileas.barriers = {empty = 41000 : i64, full = 40960 : i64}, tx_bytes = 8192 : i64} : (!tileas.smem<5x128x64xi8>) -> !tileas.pipe<5x128x64xi8>
      %2 = "tileaa.constant"() {value = 1 : i64} : () -> i64
      %3 = "tileaa.constant"() {value = 1024 : i64} : () -> i64
      %4 = "cuda_tile.assume"(%arg0) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<i8>>) -> !cuda_tile.tile<ptr<i8>>
      %5 = "cuda_tile.assume"(%arg1) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<i8>>) -> !cuda_tile.tile<ptr<i8>>
      %6 = "cuda_tile.assume"(%arg2) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<i32>>) -> !cuda_tile.tile<ptr<i32>>
      %7 = "tileaa.view"(%4, %3, %3, %3, %2) {base_align = 16 : i64, box = array<i64: 128, 64>, elem = i8} : (!cuda_tile.tile<ptr<i8>>, i64, i64, i64, i64) -> !tileaa.view<128x64xi8>
      %8 = "tileaa.view"(%5, %3, %3, %3, %2) {base_align = 16 : i64, box = array<i64: 64, 128>, elem = i8} : (!cuda_tile.tile<ptr<i8>>, i64, i64, i64, i64) -> !tileaa.view<64x128xi8>
      %9 = "tileaa.view"(%6, %3, %3, %3, %2) {base_align = 16 : i64, box = array<i64: 128, 128>, elem = i32} : (!cuda_tile.tile<ptr<i32>>, i64, i64, i64, i64) -> !tileaa.view<128x128xi32>
      %10:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %11 = "cuda_tile.constant"() {value = dense<0> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %12 = "cuda_tile.constant"() {value = dense<1> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %13 = "cuda_tile.constant"() {value = dense<16> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %14 = "cuda_tile.constant"() {tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 10, 11, 12, 13>, warp = array<i64: 7, 8, 9>}, value = dense<0> : tensor<128x128xi32>} : () -> !cuda_tile.tile<128x128xi32>
      %15 = "cuda_tile.constant"() {value = dense<16> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %16 = "tileaa.for"(%15, %14) ({
      ^bb0(%arg3: !cuda_tile.tile<i32>, %arg4: !cuda_tile.tile<128x128xi32>):
        %18:2 = "tileas.produce"(%1, %7, %10#0, %arg3) {layout = {atom = "tma", box = array<i64: 128, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 6 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.sched = {cycle = 0 : i64, stage = 0 : i64}} : (!tileas.pipe<5x128x64xi8>, !tileaa.view<128x64xi8>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
        %19:2 = "tileas.load"(%8, %arg3, %10#1) {layout = {atom = "simt", candidates = 17 : i64, conflicts = 0 : i64, frag = "mma_reg", legal = 1 : i64, regs = 18 : i64, score = 4.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.reg_layout = {lane = array<i64: 4, 5, 6, 7, 8>, reg = array<i64: 0, 1, 2, 3, 12>, warp = array<i64: 9, 10, 11>}, tileas.sched = {cycle = 0 : i64, stage = 0 : i64}} : (!tileaa.view<64x128xi8>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64x128xi8>, !cuda_tile.token)
        %20 = "tileas.consume"(%1, %18#0) {layout = {atom = "tma", box = array<i64: 128, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 6 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 8 : i64, stage = 0 : i64}} : (!tileas.pipe<5x128x64xi8>, !tileas.slot) -> !cuda_tile.tile<128x64xi8>
        %21 = "cuda_tile.mmai"(%20, %19#0, %arg4) {signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>, tileas.b_staging_offset = 41984 : i64, tileas.mma = "wgmma", tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}} : (!cuda_tile.tile<128x64xi8>, !cuda_tile.tile<64x128xi8>, !cuda_tile.tile<128x128xi32>) -> !cuda_tile.tile<128x128xi32>
        "tileas.release"(%1, %18#0) {tileas.sched = {cycle = 33 : i64, stage = 1 : i64}} : (!tileas.pipe<5x128x64xi8>, !tileas.slot) -> ()
        "cuda_tile.continue"(%21) : (!cuda_tile.tile<128x128xi32>) -> ()
      }) {tileas.reg_layouts = [{lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}], tileas.schedule = {ii = 24 : i64, mii = 24 : i64, rec_mii = 8 : i64, res_mii = 24 : i64, stages = 5 : i64, status = "scheduled"}, trip_count = 16 : i64} : (!cuda_tile.tile<i32>, !cuda_tile.tile<128x128xi32>) -> !cuda_tile.tile<128x128xi32>
      %17 = "tileas.store"(%16, %9, %10#0, %10#1) {layout = {atom = "simt", candidates = 5 : i64, conflicts = 0 : i64, frag = "wgmma_acc", legal = 5 : i64, regs = 130 : i64, score = 3.250000e+01 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>} : (!cuda_tile.tile<128x128xi32>, !tileaa.view<128x128xi32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<ptr<i8>>, !cuda_tile.tile<ptr<i8>>, !cuda_tile.tile<ptr<i32>>) -> (), sym_name = "gemm_i8_mn", tileas.num_warps = 8 : i64, tileas.smem_bytes = 65536 : i64, tileas.target = "sm_90a"} : () -> ()
  }) {sym_name = "m"} : () -> ()
}

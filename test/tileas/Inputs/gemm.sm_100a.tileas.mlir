// TileAS form of examples/gemm.mlir for sm_100a (TMA pipes A: swizzle 64B, B: swizzle 128B in two boxes; 5 stages; tcgen05.mma, accumulator in TMEM).
// Generated with: tilec --gpu-name=sm_100a --emit=tileas examples/gemm.mlir; test/tileas/decisions/tmem_*.test change one decision of it with sed and check the PTX follows.
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%arg0: !cuda_tile.tile<ptr<f16>>, %arg1: !cuda_tile.tile<ptr<f16>>, %arg2: !cuda_tile.tile<ptr<f32>>):
      %0 = "tileas.alloc"() {alignment = 512 : i64, bytes = 40960 : i64, stage_bytes = 8192 : i64, stages = 5 : i64, swizzle = 64 : i64, tileas.offset = 0 : i64} : () -> !tileas.smem<5x128x32xf16>
      %1 = "tileas.pipe"(%0) {compute_cycles = 128 : i64, consumer = "tcgen05_smem", limited_by = "roofline", memory_cycles = 1363 : i64, producer = "tma", roofline = 3 : i64, stages = 5 : i64, tileas.barriers = {empty = 81960 : i64, empty_arrivals = 1 : i64, full = 81920 : i64, full_arrivals = 1 : i64}, tx_bytes = 8192 : i64} : (!tileas.smem<5x128x32xf16>) -> !tileas.pipe<5x128x32xf16>
      %2 = "tileas.alloc"() {alignment = 1024 : i64, bytes = 40960 : i64, stage_bytes = 8192 : i64, stages = 5 : i64, swizzle = 128 : i64, tileas.offset = 40960 : i64} : () -> !tileas.smem<5x32x128xf16>
      %3 = "tileas.pipe"(%2) {compute_cycles = 128 : i64, consumer = "tcgen05_smem", limited_by = "roofline", memory_cycles = 1363 : i64, producer = "tma", roofline = 3 : i64, stages = 5 : i64, tileas.barriers = {empty = 82040 : i64, empty_arrivals = 1 : i64, full = 82000 : i64, full_arrivals = 1 : i64}, tx_bytes = 8192 : i64} : (!tileas.smem<5x32x128xf16>) -> !tileas.pipe<5x32x128xf16>
      %4 = "tileaa.constant"() {value = 1 : i64} : () -> i64
      %5 = "tileaa.constant"() {value = 1024 : i64} : () -> i64
      %6 = "cuda_tile.assume"(%arg0) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f16>>) -> !cuda_tile.tile<ptr<f16>>
      %7 = "cuda_tile.assume"(%arg1) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f16>>) -> !cuda_tile.tile<ptr<f16>>
      %8 = "cuda_tile.assume"(%arg2) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<ptr<f32>>
      %9 = "tileaa.view"(%6, %5, %5, %5, %4) {base_align = 16 : i64, box = array<i64: 128, 32>, elem = f16} : (!cuda_tile.tile<ptr<f16>>, i64, i64, i64, i64) -> !tileaa.view<128x32xf16>
      %10 = "tileaa.view"(%7, %5, %5, %5, %4) {base_align = 16 : i64, box = array<i64: 32, 128>, elem = f16} : (!cuda_tile.tile<ptr<f16>>, i64, i64, i64, i64) -> !tileaa.view<32x128xf16>
      %11 = "tileaa.view"(%8, %5, %5, %5, %4) {base_align = 16 : i64, box = array<i64: 128, 128>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64, i64, i64) -> !tileaa.view<128x128xf32>
      %12:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %13 = "cuda_tile.constant"() {value = dense<0> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %14 = "cuda_tile.constant"() {value = dense<1> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %15 = "cuda_tile.constant"() {value = dense<32> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %16 = "cuda_tile.constant"() {tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 10, 11, 12, 13>, warp = array<i64: 7, 8, 9>}, value = dense<0.000000e+00> : tensor<128x128xf32>} : () -> !cuda_tile.tile<128x128xf32>
      %17 = "cuda_tile.constant"() {value = dense<32> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %18 = "tileaa.for"(%17, %16) ({
      ^bb0(%arg3: !cuda_tile.tile<i32>, %arg4: !cuda_tile.tile<128x128xf32>):
        %20:2 = "tileas.produce"(%1, %9, %12#0, %arg3) {layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 25 : i64, conflicts = 0 : i64, frag = "tcgen05_smem", legal = 19 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.sched = {cycle = 0 : i64, stage = 0 : i64}} : (!tileas.pipe<5x128x32xf16>, !tileaa.view<128x32xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
        %21:2 = "tileas.produce"(%3, %10, %arg3, %12#1) {layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "tcgen05_smem", legal = 16 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.sched = {cycle = 8 : i64, stage = 0 : i64}} : (!tileas.pipe<5x32x128xf16>, !tileaa.view<32x128xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
        %22 = "tileas.consume"(%1, %20#0) {layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 25 : i64, conflicts = 0 : i64, frag = "tcgen05_smem", legal = 19 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 8 : i64, stage = 0 : i64}} : (!tileas.pipe<5x128x32xf16>, !tileas.slot) -> !cuda_tile.tile<128x32xf16>
        %23 = "tileas.consume"(%3, %21#0) {layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "tcgen05_smem", legal = 16 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 16 : i64, stage = 1 : i64}} : (!tileas.pipe<5x32x128xf16>, !tileas.slot) -> !cuda_tile.tile<32x128xf16>
        %24 = "cuda_tile.mmaf"(%22, %23, %arg4) {tileas.mma = "tcgen05.mma", tileas.reg_layout = {lane = array<i64: 7, 8, 9, 10, 11>, reg = array<i64: 0, 1, 2, 3, 4, 5>, warp = array<i64: 12, 13, 6>}, tileas.tmem = {column = 0 : i64, columns = 128 : i64, done = 82080 : i64, slot = 82088 : i64}} : (!cuda_tile.tile<128x32xf16>, !cuda_tile.tile<32x128xf16>, !cuda_tile.tile<128x128xf32>) -> !cuda_tile.tile<128x128xf32>
        "tileas.release"(%3, %21#0) {tileas.sched = {cycle = 25 : i64, stage = 1 : i64}} : (!tileas.pipe<5x32x128xf16>, !tileas.slot) -> ()
        "tileas.release"(%1, %20#0) {tileas.sched = {cycle = 26 : i64, stage = 1 : i64}} : (!tileas.pipe<5x128x32xf16>, !tileas.slot) -> ()
        "cuda_tile.continue"(%24) : (!cuda_tile.tile<128x128xf32>) -> ()
      }) {tileas.reg_layouts = [{lane = array<i64: 7, 8, 9, 10, 11>, reg = array<i64: 0, 1, 2, 3, 4, 5>, warp = array<i64: 12, 13, 6>}], tileas.schedule = {ii = 16 : i64, mii = 16 : i64, rec_mii = 8 : i64, res_mii = 16 : i64, stages = 5 : i64, status = "scheduled"}, trip_count = 32 : i64} : (!cuda_tile.tile<i32>, !cuda_tile.tile<128x128xf32>) -> !cuda_tile.tile<128x128xf32>
      %19 = "tileas.store"(%18, %11, %12#0, %12#1) {layout = {atom = "simt", candidates = 5 : i64, conflicts = 0 : i64, frag = "tcgen05_acc", legal = 5 : i64, regs = 130 : i64, score = 4.805000e+02 : f64, smem_tx = 0 : i64, tmem_cycles = 112 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>} : (!cuda_tile.tile<128x128xf32>, !tileaa.view<128x128xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<ptr<f16>>, !cuda_tile.tile<ptr<f16>>, !cuda_tile.tile<ptr<f32>>) -> (), sym_name = "gemm_f16_f32", tileas.num_warps = 8 : i64, tileas.smem_bytes = 81920 : i64, tileas.target = "sm_100a"} : () -> ()
  }) {sym_name = "gemm"} : () -> ()
}

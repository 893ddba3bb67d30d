// A hand-written TileAS module: test/hopper/nested_loop.mlir's persistent_carried (its tile loop carries a
// count) with warp specialization's agents written on its K loop. The producer replays the tile loop
// carrying a placeholder for the count (test/tileas/decisions/ws_protocol.test, NESTED-CARRIED).
module {
  "cuda_tile.module"() ({
    "cuda_tile.entry"() ({
    ^bb0(%arg0: !cuda_tile.tile<ptr<f16>>, %arg1: !cuda_tile.tile<ptr<f16>>, %arg2: !cuda_tile.tile<ptr<f32>>):
      %0 = "tileas.alloc"() {alignment = 512 : i64, bytes = 32768 : i64, stage_bytes = 8192 : i64, stages = 4 : i64, swizzle = 64 : i64, tileas.offset = 0 : i64} : () -> !tileas.smem<4x128x32xf16>
      %1 = "tileas.pipe"(%0) {compute_cycles = 256 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1882 : i64, producer = "tma", roofline = 2 : i64, stages = 4 : i64, tileas.barriers = {empty = 65568 : i64, empty_arrivals = 256 : i64, full = 65536 : i64, full_arrivals = 1 : i64}, tx_bytes = 8192 : i64} : (!tileas.smem<4x128x32xf16>) -> !tileas.pipe<4x128x32xf16>
      %2 = "tileas.alloc"() {alignment = 1024 : i64, bytes = 32768 : i64, stage_bytes = 8192 : i64, stages = 4 : i64, swizzle = 128 : i64, tileas.offset = 32768 : i64} : () -> !tileas.smem<4x32x128xf16>
      %3 = "tileas.pipe"(%2) {compute_cycles = 256 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1882 : i64, producer = "tma", roofline = 2 : i64, stages = 4 : i64, tileas.barriers = {empty = 65632 : i64, empty_arrivals = 256 : i64, full = 65600 : i64, full_arrivals = 1 : i64}, tx_bytes = 8192 : i64} : (!tileas.smem<4x32x128xf16>) -> !tileas.pipe<4x32x128xf16>
      %4 = "tileaa.constant"() {value = 1 : i64} : () -> i64
      %5 = "tileaa.constant"() {value = 160 : i64} : () -> i64
      %6 = "tileaa.constant"() {value = 1024 : i64} : () -> i64
      %7 = "cuda_tile.assume"(%arg0) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f16>>) -> !cuda_tile.tile<ptr<f16>>
      %8 = "cuda_tile.assume"(%arg1) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f16>>) -> !cuda_tile.tile<ptr<f16>>
      %9 = "cuda_tile.assume"(%arg2) {predicate = #cuda_tile.div_by<16>} : (!cuda_tile.tile<ptr<f32>>) -> !cuda_tile.tile<ptr<f32>>
      %10 = "tileaa.view"(%7, %6, %5, %5, %4) {base_align = 16 : i64, box = array<i64: 128, 32>, elem = f16} : (!cuda_tile.tile<ptr<f16>>, i64, i64, i64, i64) -> !tileaa.view<128x32xf16>
      %11 = "tileaa.view"(%8, %5, %6, %6, %4) {base_align = 16 : i64, box = array<i64: 32, 128>, elem = f16} : (!cuda_tile.tile<ptr<f16>>, i64, i64, i64, i64) -> !tileaa.view<32x128xf16>
      %12 = "tileaa.view"(%9, %6, %6, %6, %4) {base_align = 16 : i64, box = array<i64: 128, 128>, elem = f32} : (!cuda_tile.tile<ptr<f32>>, i64, i64, i64, i64) -> !tileaa.view<128x128xf32>
      %13:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %14:3 = "cuda_tile.get_num_tile_blocks"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      %15 = "cuda_tile.constant"() {value = dense<0> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %16 = "cuda_tile.constant"() {value = dense<1> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %17 = "cuda_tile.constant"() {value = dense<5> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %18 = "cuda_tile.constant"() {value = dense<8> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %19 = "cuda_tile.constant"() {value = dense<64> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %20 = "cuda_tile.subi"(%19, %13#0) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %21 = "cuda_tile.constant"() {value = dense<1> : tensor<i32>} : () -> !cuda_tile.tile<i32>
      %22 = "cuda_tile.subi"(%14#0, %21) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %23 = "cuda_tile.addi"(%20, %22) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %24 = "cuda_tile.divi"(%23, %14#0) {rounding_mode = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %25 = "tileaa.for"(%24, %15) ({
      ^bb0(%arg3: !cuda_tile.tile<i32>, %arg4: !cuda_tile.tile<i32>):
        %26 = "cuda_tile.muli"(%arg3, %14#0) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        %27 = "cuda_tile.addi"(%26, %13#0) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        %28 = "cuda_tile.divi"(%27, %18) {signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        %29 = "cuda_tile.remi"(%27, %18) {signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        %30:2 = "tileas.load"(%12, %28, %29) {layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 130 : i64, score = 3.250000e+01 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>, tileas.reg_layout = {lane = array<i64: 2, 3, 4, 5, 6>, reg = array<i64: 0, 1, 10, 11, 12, 13>, warp = array<i64: 7, 8, 9>}, tileas.sched = {cycle = 4 : i64, stage = 0 : i64}} : (!tileaa.view<128x128xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<128x128xf32>, !cuda_tile.token)
        %31 = "cuda_tile.constant"() {value = dense<5> : tensor<i32>} : () -> !cuda_tile.tile<i32>
        %32 = "tileas.convert_layout"(%30#0) {tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}} : (!cuda_tile.tile<128x128xf32>) -> !cuda_tile.tile<128x128xf32>
        %33 = "tileaa.for"(%31, %32) ({
        ^bb0(%arg5: !cuda_tile.tile<i32>, %arg6: !cuda_tile.tile<128x128xf32>):
          %36:2 = "tileas.produce"(%1, %10, %28, %arg5) {tileas.agent = 0 : i64, layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.sched = {cycle = 0 : i64, stage = 0 : i64}} : (!tileas.pipe<4x128x32xf16>, !tileaa.view<128x32xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
          %37:2 = "tileas.produce"(%3, %11, %arg5, %29) {tileas.agent = 0 : i64, layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 16 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.sched = {cycle = 8 : i64, stage = 0 : i64}} : (!tileas.pipe<4x32x128xf16>, !tileaa.view<32x128xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
          %38 = "tileas.consume"(%1, %36#0) {tileas.agent = 1 : i64, layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 8 : i64, stage = 0 : i64}} : (!tileas.pipe<4x128x32xf16>, !tileas.slot) -> !cuda_tile.tile<128x32xf16>
          %39 = "tileas.consume"(%3, %37#0) {tileas.agent = 1 : i64, layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 16 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 16 : i64, stage = 1 : i64}} : (!tileas.pipe<4x32x128xf16>, !tileas.slot) -> !cuda_tile.tile<32x128xf16>
          %40 = "cuda_tile.mmaf"(%38, %39, %arg6) {tileas.mma = "wgmma", tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}} : (!cuda_tile.tile<128x32xf16>, !cuda_tile.tile<32x128xf16>, !cuda_tile.tile<128x128xf32>) -> !cuda_tile.tile<128x128xf32>
          "tileas.release"(%3, %37#0) {tileas.agent = 1 : i64, tileas.sched = {cycle = 25 : i64, stage = 1 : i64}} : (!tileas.pipe<4x32x128xf16>, !tileas.slot) -> ()
          "tileas.release"(%1, %36#0) {tileas.agent = 1 : i64, tileas.sched = {cycle = 26 : i64, stage = 1 : i64}} : (!tileas.pipe<4x128x32xf16>, !tileas.slot) -> ()
          "cuda_tile.continue"(%40) : (!cuda_tile.tile<128x128xf32>) -> ()
        }) {tileas.agents = [{regs = 40 : i64, role = "producer", warps = array<i64: 8, 12>}, {regs = 232 : i64, role = "consumer", warps = array<i64: 0, 8>}], tileas.pipeline = {ctas_per_sm = 1 : i64, strategy = "warp_specialize", variant = "heavy"}, tileas.reg_layouts = [{lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}], tileas.schedule = {ii = 16 : i64, mii = 16 : i64, rec_mii = 8 : i64, res_mii = 16 : i64, stages = 4 : i64, status = "scheduled"}, trip_count = 5 : i64} : (!cuda_tile.tile<i32>, !cuda_tile.tile<128x128xf32>) -> !cuda_tile.tile<128x128xf32>
        %34 = "tileas.store"(%33, %12, %28, %29) {layout = {atom = "simt", candidates = 5 : i64, conflicts = 0 : i64, frag = "wgmma_acc", legal = 5 : i64, regs = 130 : i64, score = 3.250000e+01 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>, tileas.sched = {cycle = 28 : i64, stage = 0 : i64}} : (!cuda_tile.tile<128x128xf32>, !tileaa.view<128x128xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.token
        %35 = "cuda_tile.addi"(%arg4, %16) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        "cuda_tile.continue"(%35) : (!cuda_tile.tile<i32>) -> ()
      }) {tileas.reg_layouts = [{}], tileas.schedule = {ii = 40 : i64, mii = 40 : i64, rec_mii = 1 : i64, res_mii = 40 : i64, stages = 2 : i64, status = "scheduled"}} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      "cuda_tile.return"() : () -> ()
    }) {function_type = (!cuda_tile.tile<ptr<f16>>, !cuda_tile.tile<ptr<f16>>, !cuda_tile.tile<ptr<f32>>) -> (), sym_name = "persistent_carried", tileas.num_warps = 8 : i64, tileas.smem_bytes = 65536 : i64, tileas.target = "sm_90a"} : () -> ()
  }) {sym_name = "m"} : () -> ()
}

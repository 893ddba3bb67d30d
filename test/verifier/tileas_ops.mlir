// Verifier rules of the TileAA / TileAS ops (lib/frontend/verify_stage.c, table
// dialect/stage_ops.def): operand/result counts and types, required attributes and their kinds,
// the enum spellings and decision dictionaries of lib/tileas/attrs.h; located errors.
// RUN: %tilec -O0 --split-input-file --verify-diagnostics %s

// Positive: a TileAS pipe, its produce / consume / release, a SIMT load.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    %t = "tileas.consume"(%p, %s#0) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}} : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> !cuda_tile.tile<64x64xf16>
    "tileas.release"(%p, %s#0) : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> ()
    %l:2 = "tileas.load"(%v, %i, %i) {layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 2, 0>} : (!tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64x64xf16>, !cuda_tile.token)
    return
  }
}

// -----

// Wrong enum spelling in a pipe.
cuda_tile.module @m {
  testing$func @f() {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    // expected-error@+1 {{'tileas.pipe' op attribute 'producer' is not simt, cp_async or tma}}
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "bulk", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    return
  }
}

// -----

// Wrong enum spelling inside a layout dictionary.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    // expected-error@+1 {{'tileas.load' op attribute 'layout' is invalid: the layout's 'frag' is not a known fragment}}
    %l:2 = "tileas.load"(%v, %i, %i) {layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocky", legal = 9 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 2, 0>} : (!tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64x64xf16>, !cuda_tile.token)
    return
  }
}

// -----

// Missing required attribute.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    // expected-error@+1 {{'tileas.load' op requires attribute 'layout'}}
    %l:2 = "tileas.load"(%v, %i, %i) {operandSegmentSizes = array<i32: 1, 2, 0>} : (!tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64x64xf16>, !cuda_tile.token)
    return
  }
}

// -----

// A TMA layout without its box.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    // expected-error@+1 {{'tileas.load' op attribute 'layout' is invalid: the layout has no 'box' (array<i64>)}}
    %l:2 = "tileas.load"(%v, %i, %i) {layout = {atom = "tma", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, swizzle = 0 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 2, 0>} : (!tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64x64xf16>, !cuda_tile.token)
    return
  }
}

// -----

// Wrong operand type: a consume reads a pipe, not a view.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>) {
    // expected-error@+1 {{'tileas.release' op operand #0 ('pipe') must be !tileas.pipe, got '!tileaa.view<64x64xf16>'}}
    "tileas.release"(%v, %v) : (!tileaa.view<64x64xf16>, !tileaa.view<64x64xf16>) -> ()
    return
  }
}

// -----

// Wrong operand count.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'tileas.pipe' op expects 1 operands, got 0}}
    %p = "tileas.pipe"() {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : () -> !tileas.pipe<1x64x64xf16>
    return
  }
}

// -----

// Bad swizzle, wrong attribute kind.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'tileas.alloc' op attribute 'swizzle' must be an integer attribute}}
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = "128B"} : () -> !tileas.smem<1x64x64xf16>
    return
  }
}

// -----

// An unknown TileAS op.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{unknown operation 'tileas.prefetch'}}
    "tileas.prefetch"() : () -> ()
    return
  }
}

// -----

// tileas.mma on an mmaf must name a known family.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x16xf16>, %b: tile<16x64xf16>, %c: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op attribute 'tileas.mma' is not mma.sync, wgmma, tcgen05.mma or fma}}
    %d = "cuda_tile.mmaf"(%a, %b, %c) {tileas.mma = "hmma"} : (!cuda_tile.tile<64x16xf16>, !cuda_tile.tile<16x64xf16>, !cuda_tile.tile<64x64xf32>) -> !cuda_tile.tile<64x64xf32>
    return
  }
}

// -----

// tileas.reg_layout (a register layout) needs reg, lane (32 lanes: 5 bases) and warp arrays.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x16xf16>, %b: tile<16x64xf16>, %c: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op attribute 'tileas.reg_layout' is invalid: needs 5 lane bases (32 lanes)}}
    %d = "cuda_tile.mmaf"(%a, %b, %c) {tileas.mma = "mma.sync", tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8>, reg = array<i64: 0, 9, 3, 4, 5, 10>, warp = array<i64: 6, 11>}} : (!cuda_tile.tile<64x16xf16>, !cuda_tile.tile<16x64xf16>, !cuda_tile.tile<64x64xf32>) -> !cuda_tile.tile<64x64xf32>
    return
  }
}

// -----

// A basis is a flat-index bit or -1; the layout has no other keys.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x16xf16>, %b: tile<16x64xf16>, %c: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op attribute 'tileas.reg_layout' is invalid: has a basis that is not -1 (replicated) or a flat-index bit}}
    %d = "cuda_tile.mmaf"(%a, %b, %c) {tileas.mma = "mma.sync", tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, -2, 3, 4, 5, 10>, warp = array<i64: 6, 11>}} : (!cuda_tile.tile<64x16xf16>, !cuda_tile.tile<16x64xf16>, !cuda_tile.tile<64x64xf32>) -> !cuda_tile.tile<64x64xf32>
    return
  }
}

// -----

// Wrong operand type: a store_wait waits on a future.
cuda_tile.module @m {
  testing$func @f() {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    // expected-error@+1 {{'tileas.store_wait' op operand #0 ('future') must be !tileaa.future, got '!tileas.pipe<1x64x64xf16>'}}
    "tileas.store_wait"(%p) : (!tileas.pipe<1x64x64xf16>) -> ()
    return
  }
}

// -----

// A schedule slot without its cycle.
cuda_tile.module @m {
  testing$func @f(%w: !tileaa.future<store>) {
    // expected-error@+1 {{'tileas.store_wait' op attribute 'tileas.sched' is invalid: tileas.sched needs integer stage and cycle}}
    "tileas.store_wait"(%w) {deferred = false, tileas.sched = {stage = 0 : i64}} : (!tileaa.future<store>) -> ()
    return
  }
}

// -----

// TileAA: a view needs its box.
cuda_tile.module @m {
  testing$func @f(%p: tile<ptr<f16>>) {
    %c = "tileaa.constant"() {value = 64 : i64} : () -> i64
    // expected-error@+1 {{'tileaa.view' op requires attribute 'box'}}
    %v = "tileaa.view"(%p, %c, %c) {elem = f16} : (!cuda_tile.tile<ptr<f16>>, i64, i64) -> !tileaa.view<64xf16>
    return
  }
}

// -----

// TileAA: the body of a tileaa.for yields the loop's result types.
cuda_tile.module @m {
  testing$func @f(%n: tile<i32>, %x: tile<f32>, %y: tile<i32>) {
    %r = "tileaa.for"(%n, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      // expected-error@+1 {{'cuda_tile.continue' op operand #0 does not have the type of the enclosing tileaa.for's result #0}}
      "cuda_tile.continue"(%i) : (!cuda_tile.tile<i32>) -> ()
    }) {trip_count = 4 : i64} : (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

// Warp specialization: tileas.pipeline names the strategy and variant, tileas.agents each agent's
// role, warps [first, end) and register budget; tileas.agent is an integer; barrier counts positive.
cuda_tile.module @m {
  testing$func @f(%n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'tileaa.for' op attribute 'tileas.agents' is invalid: a tileas.agents entry needs role = "producer" or "consumer"}}
    %r = "tileaa.for"(%n, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      "cuda_tile.continue"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) {trip_count = 4 : i64, tileas.pipeline = {strategy = "warp_specialize", variant = "heavy"}, tileas.agents = [{role = "loader", warps = array<i64: 4, 8>, regs = 40 : i64}, {role = "consumer", warps = array<i64: 0, 4>, regs = 240 : i64}]} : (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'tileaa.for' op attribute 'tileas.agents' is invalid: a tileas.agents entry's warps must be a non-empty range inside 0..32}}
    %r = "tileaa.for"(%n, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      "cuda_tile.continue"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) {trip_count = 4 : i64, tileas.pipeline = {strategy = "warp_specialize", variant = "light"}, tileas.agents = [{role = "producer", warps = array<i64: 8, 4>, regs = 40 : i64}, {role = "consumer", warps = array<i64: 0, 4>, regs = 240 : i64}]} : (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%n: tile<i32>, %x: tile<f32>) {
    // expected-error@+1 {{'tileaa.for' op attribute 'tileas.pipeline' is invalid: tileas.pipeline needs strategy = "warp_specialize" (the modulo pipeline has no attribute)}}
    %r = "tileaa.for"(%n, %x) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<f32>):
      "cuda_tile.continue"(%a) : (!cuda_tile.tile<f32>) -> ()
    }) {trip_count = 4 : i64, tileas.pipeline = {strategy = "modulo", variant = "light"}} : (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    // expected-error@+1 {{'tileas.pipe' op attribute 'tileas.barriers' is invalid: tileas.barriers' arrival counts must be positive}}
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64, tileas.barriers = {full = 8192 : i64, full_arrivals = 0 : i64}} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    // expected-error@+1 {{'tileas.produce' op attribute 'tileas.agent' must be an integer attribute}}
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>, tileas.agent = "producer"} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    return
  }
}

// -----

// Semantic rules: a consume takes a slot its own pipe produced.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %b = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %q = "tileas.pipe"(%b) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    // expected-error@+1 {{'tileas.consume' op takes a slot produced on another pipe}}
    %t = "tileas.consume"(%q, %s#0) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}} : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> !cuda_tile.tile<64x64xf16>
    return
  }
}

// -----

// Semantic rules: a buffer's type has its `stages` stages.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'tileas.alloc' op result type does not have the 2 stages of its `stages`}}
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 16384 : i64, stage_bytes = 8192 : i64, stages = 2 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    return
  }
}

// -----

// The shared-memory assignment: tileas.offset is an i64, tileas.barriers a {full, empty} dictionary.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error@+1 {{'tileas.alloc' op attribute 'tileas.offset' must be an integer attribute}}
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64, tileas.offset = "0"} : () -> !tileas.smem<1x64x64xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64, tileas.offset = 0 : i64} : () -> !tileas.smem<1x64x64xf16>
    // expected-error@+1 {{'tileas.pipe' op attribute 'tileas.barriers' is invalid: tileas.barriers needs an integer 'full'}}
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64, tileas.barriers = {empty = 8192 : i64}} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    return
  }
}

// -----

// tileas.convert_layout changes only the register layout (tileas.reg_layout, required), never the type.
cuda_tile.module @m {
  testing$func @f(%x: tile<64xf32>) {
    %c = "tileas.convert_layout"(%x) {tileas.reg_layout = {lane = array<i64: 0, 1, 2, 3, 4>, reg = array<i64: 5>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<64xf32>) -> !cuda_tile.tile<64xf32>
    // expected-error@+1 {{'tileas.convert_layout' op changes the type; a layout conversion keeps it (only the register layout changes)}}
    %d = "tileas.convert_layout"(%x) {tileas.reg_layout = {lane = array<i64: 0, 1, 2, 3, 4>, reg = array<i64: 5>, warp = array<i64: -1, -1>}} : (!cuda_tile.tile<64xf32>) -> !cuda_tile.tile<64xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: tile<64xf32>) {
    // expected-error@+1 {{'tileas.convert_layout' op requires attribute 'tileas.reg_layout'}}
    %c = "tileas.convert_layout"(%x) : (!cuda_tile.tile<64xf32>) -> !cuda_tile.tile<64xf32>
    return
  }
}

// -----

// tileas.reg_layouts: one entry per carried value of a loop (an empty dictionary for a value
// without a layout: a token, a rank-0 tile).
cuda_tile.module @m {
  testing$func @f(%x: tile<64xf32>, %n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %o = constant <i32: 1> : tile<i32>
    // expected-error@+1 {{'cuda_tile.for' op attribute 'tileas.reg_layouts' has 1 entries, but the op has 2 results}}
    %r:2 = "cuda_tile.for"(%z, %n, %o, %x, %z) ({
    ^bb0(%i: !cuda_tile.tile<i32>, %a: !cuda_tile.tile<64xf32>, %b: !cuda_tile.tile<i32>):
      "cuda_tile.continue"(%a, %b) : (!cuda_tile.tile<64xf32>, !cuda_tile.tile<i32>) -> ()
    }) {tileas.reg_layouts = [{}]} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<64xf32>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<64xf32>, !cuda_tile.tile<i32>)
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %x: tile<64xf32>) {
    // expected-error@+1 {{'cuda_tile.if' op attribute 'tileas.reg_layouts' is invalid: needs 5 lane bases (32 lanes)}}
    %r = "cuda_tile.if"(%c) ({
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<64xf32>) -> ()
    }, {
      "cuda_tile.yield"(%x) : (!cuda_tile.tile<64xf32>) -> ()
    }) {tileas.reg_layouts = [{lane = array<i64: 0>, reg = array<i64>, warp = array<i64>}]} : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<64xf32>
    return
  }
}

// -----

// A schedule slot outside a modulo-scheduled loop.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    // expected-error@+1 {{'tileas.consume' op has a schedule slot (tileas.sched) outside a modulo-scheduled loop (the loop around it has no tileas.schedule)}}
    %t = "tileas.consume"(%p, %s#0) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, tileas.sched = {cycle = 8 : i64, stage = 1 : i64}} : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> !cuda_tile.tile<64x64xf16>
    return
  }
}

// -----

// A fill whose swizzle is not its buffer's.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    // expected-error@+1 {{'tileas.produce' op layout's swizzle (64 bytes) differs from its buffer's (tileas.alloc: 128 bytes); the fill and its readers must agree on one}}
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    return
  }
}

// -----

// TMA boxes that do not tile the tile: 48 columns, and two 64x32 boxes said to be one.
cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    // expected-error@+1 {{'tileas.consume' op layout's TMA boxes (box, boxes) do not tile its 2-D tile}}
    %t = "tileas.consume"(%p, %s#0) {layout = {atom = "tma", box = array<i64: 64, 48>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}} : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> !cuda_tile.tile<64x64xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !tileaa.view<64x64xf16>, %i: tile<i32>) {
    %a = "tileas.alloc"() {alignment = 1024 : i64, bytes = 8192 : i64, stage_bytes = 8192 : i64, stages = 1 : i64, swizzle = 128 : i64} : () -> !tileas.smem<1x64x64xf16>
    %p = "tileas.pipe"(%a) {consumer = "wgmma_smem", producer = "tma", stages = 1 : i64, tx_bytes = 8192 : i64} : (!tileas.smem<1x64x64xf16>) -> !tileas.pipe<1x64x64xf16>
    %s:2 = "tileas.produce"(%p, %v, %i, %i) {layout = {atom = "tma", box = array<i64: 64, 64>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : (!tileas.pipe<1x64x64xf16>, !tileaa.view<64x64xf16>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> (!tileas.slot, !cuda_tile.token)
    // expected-error@+1 {{'tileas.consume' op layout's TMA boxes (box, boxes) do not tile its 2-D tile}}
    %t = "tileas.consume"(%p, %s#0) {layout = {atom = "tma", box = array<i64: 64, 32>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 128 : i64, tmem_cycles = 0 : i64}} : (!tileas.pipe<1x64x64xf16>, !tileas.slot) -> !cuda_tile.tile<64x64xf16>
    return
  }
}

// -----

// TMEM columns (tileas.tmem) belong to an mmaf / mmai: on another op they are an error.
cuda_tile.module @m {
  testing$func @f(%x: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.addf' op has tileas.tmem, tileas.a_staging_offset or tileas.b_staging_offset, which only an mmaf or mmai carries}}
    %y = addf %x, %x rounding<nearest_even> {tileas.tmem = {column = 0 : i64, columns = 64 : i64, done = 0 : i64, slot = 8 : i64}} : tile<64x64xf32>
    return
  }
}

// -----

// So does an A staging buffer (tileas.a_staging_offset, wgmma's staged tf32 / 8-bit A).
cuda_tile.module @m {
  testing$func @f(%x: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.addf' op has tileas.tmem, tileas.a_staging_offset or tileas.b_staging_offset, which only an mmaf or mmai carries}}
    %y = addf %x, %x rounding<nearest_even> {tileas.a_staging_offset = 0 : i64} : tile<64x64xf32>
    return
  }
}

// -----

// A batched mmaf's accumulator takes tile N columns per batch element: 2 x 64 do not fit in 64.
cuda_tile.module @m {
  testing$func @f(%a: tile<2x64x16xf16>, %b: tile<2x16x64xf16>, %c: tile<2x64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op attribute 'tileas.tmem' is invalid: the accumulator's 128 TMEM columns from column 0 exceed the allocation of 64}}
    %d = mmaf %a, %b, %c {tileas.tmem = {column = 0 : i64, columns = 64 : i64, done = 0 : i64, slot = 8 : i64}} : tile<2x64x16xf16>, tile<2x16x64xf16>, tile<2x64x64xf32>
    return
  }
}

// -----

// A misaligned order mbarrier pair is an error of the attribute alone.
cuda_tile.module @m {
  testing$func @f(%a: tile<64x16xf16>, %b: tile<16x64xf16>, %c: tile<64x64xf32>) {
    // expected-error@+1 {{'cuda_tile.mmaf' op attribute 'tileas.tmem' is invalid: tileas.tmem's order (two mbarriers) must be a multiple of 8}}
    %d = mmaf %a, %b, %c {tileas.tmem = {column = 0 : i64, columns = 64 : i64, done = 0 : i64, order = 12 : i64, slot = 8 : i64}} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    return
  }
}

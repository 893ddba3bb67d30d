// RUN: %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true %tilec --emit=tileas --print-ir-after-all %examples/softmax.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=TMA
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true %tilec --emit=tileas --remarks %examples/softmax.mlir 2>%t.remarks | %FileCheck %s --check-prefix=FINAL
// RUN: %FileCheck %s --allow-empty --check-prefix=REMARK < %t.remarks
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=false %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEIR_ALWAYS_SWIZZLE=1 %tilec --emit=tileas --print-ir-after-all %examples/softmax.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=SWZ
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true TILEIR_DELAY_TMA_STORE_WAIT=1 %tilec --emit=tileas --print-ir-after-all %examples/softmax.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=DELAY
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=TRUE %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=FINAL
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=Off %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=treu not %tilec --emit=tileas %examples/softmax.mlir -o %t.bad 2>&1 | %FileCheck %s --check-prefix=BADBOOL
// RUN: env TILEC_DISABLE_TCGEN05=maybe not %tilec -O3 --gpu-name=sm_100a %examples/gemm.mlir -o %t.bad 2>&1 | %FileCheck %s --check-prefix=BADBOOL2
// RUN: test ! -e %t.bad
// A boolean tunable takes 1 / true / on / yes or 0 / false / off / no in any case; anything else is
// an error naming the variable (a typo must not silently mean true).
// BADBOOL: softmax.mlir:1:1: error: TILEIR_PREFER_TMA_FOR_LOAD_STORE expects a boolean (1, true, on, yes or 0, false, off, no), got 'treu'
// BADBOOL2: gemm.mlir:1:1: error: TILEC_DISABLE_TCGEN05 expects a boolean (1, true, on, yes or 0, false, off, no), got 'maybe'
// Softmax's 4x1024 f32 rows feed elementwise ops: by default a direct SIMT load/store wins (no
// SMEM round trip); each tunable changes the chosen layout or the store wait (checked as the
// modulo scheduler leaves the module). Under TILEIR_PREFER_TMA_FOR_LOAD_STORE path selection keeps
// the TMA load and store (hopper_plan.c's bulk plan of a kernel without mmaf: the load's pipe and
// the store's staging get their shared-memory offsets, the staging reusing the load's buffer, read
// before the store) and the consume gets its register layout (FINAL; the PTX: test/hopper/tma_simt.mlir).
// FINAL: "tileas.alloc"() {{.*}}tileas.offset = 0 : i64
// FINAL: "tileas.pipe"(%{{.*}}) {consumer = "blocked", producer = "tma", stages = 1 : i64, tileas.barriers = {full = 16384 : i64, full_arrivals = 1 : i64}
// FINAL: "tileas.produce"{{.*}}layout = {atom = "tma", bias = "prefer_tma"
// FINAL: "tileas.consume"{{.*}}tileas.reg_layout = {lane
// FINAL: "tileas.store"{{.*}}layout = {atom = "tma", bias = "prefer_tma"
// FINAL: "tileas.store_wait"
// REMARK-NOT: remark

// DEF: "tileas.load"{{.*}}layout = {atom = "simt", candidates = 9 : i64, conflicts = 0 : i64, frag = "blocked", legal = 9 : i64, regs = 34 : i64, score = 8.500000e+00 : f64, smem_tx = 0 : i64, tmem_cycles = 0 : i64}
// DEF: "tileas.store"{{.*}}layout = {atom = "simt"{{.*}}frag = "blocked"
// DEF-NOT: tileas.alloc
// DEF-NOT: store_wait

// TMA: "tileas.pipe"({{.*}}) {consumer = "blocked", producer = "tma", stages = 1 : i64, tx_bytes = 16384 : i64}
// TMA: "tileas.produce"{{.*}}layout = {atom = "tma", bias = "prefer_tma", box = array<i64: 4, 256>, boxes = 4 : i64{{.*}}frag = "blocked"{{.*}}score = 2.642500e+02 : f64{{.*}}swizzle = 0 : i64
// TMA: "tileas.store"{{.*}}layout = {atom = "tma", bias = "prefer_tma"
// TMA: "tileas.store_wait"(%{{.*}}) {deferred = false}

// SWZ: "tileas.produce"{{.*}}layout = {atom = "tma", bias = "always_swizzle", box = array<i64: 4, 32>, boxes = 32 : i64{{.*}}frag = "blocked"{{.*}}swizzle = 128 : i64
// SWZ: "tileas.store"{{.*}}bias = "always_swizzle"{{.*}}swizzle = 128 : i64

// DELAY: "tileas.store_wait"(%{{.*}}) {deferred = true}
// DELAY-NEXT: "cuda_tile.return"

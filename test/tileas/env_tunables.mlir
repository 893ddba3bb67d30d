// RUN: %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=TMA
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=false %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEIR_ALWAYS_SWIZZLE=1 %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=SWZ
// RUN: env TILEIR_PREFER_TMA_FOR_LOAD_STORE=true TILEIR_DELAY_TMA_STORE_WAIT=1 %tilec --emit=tileas %examples/softmax.mlir | %FileCheck %s --check-prefix=DELAY
// Softmax's 4x1024 f32 rows feed elementwise ops: by default a direct SIMT load/store wins (no
// SMEM round trip); each tunable changes the chosen layout or the store wait.

// DEF: "tileas.load"{{.*}}layout = #tileas.layout<simt, frag = blocked, score = 8.50, smem_tx = 0, tmem_cycles = 0, regs = 34, conflicts = 0, legal = 9/9>
// DEF: "tileas.store"{{.*}}layout = #tileas.layout<simt, frag = blocked
// DEF-NOT: tileas.alloc
// DEF-NOT: store_wait

// TMA: "tileas.pipe"({{.*}}) {consumer = "blocked", producer = "tma", stages = 1 : i64, tx_bytes = 16384 : i64}
// TMA: "tileas.produce"{{.*}}layout = #tileas.layout<tma, swizzle = none, frag = blocked, box = [4, 256] x 4, score = 264.25{{.*}}bias = prefer_tma>
// TMA: "tileas.store"{{.*}}layout = #tileas.layout<tma, {{.*}}bias = prefer_tma>
// TMA: "tileas.store_wait"(%{{.*}}) {deferred = false}

// SWZ: "tileas.produce"{{.*}}layout = #tileas.layout<tma, swizzle = 128B, frag = blocked, box = [4, 32] x 32{{.*}}bias = always_swizzle>
// SWZ: "tileas.store"{{.*}}swizzle = 128B{{.*}}bias = always_swizzle>

// DELAY: "tileas.store_wait"(%{{.*}}) {deferred = true}
// DELAY-NEXT: "cuda_tile.return"

// RUN: %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=DEF
// RUN: env TILEC_SCHED_LATENCY_OVERRIDE=tma_load=40 %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=LAT
// RUN: env TILEC_SCHED_POOL_OVERRIDE=smem_bytes=24576 %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=POOL
// RUN: not env TILEC_SCHED_LATENCY_OVERRIDE=bogus=1 %tilec --emit=tileas %examples/gemm.mlir 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %tilec --emit=tileas --print-ir-after-all %S/../tileas/smem_ceiling.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=SMEM
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --emit=tileas --print-ir-after-all %S/../tileas/smem_ceiling.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=UNL
// RUN: %tilec --emit=tileas %examples/gemm.mlir > %t.def
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --emit=tileas %examples/gemm.mlir > %t.unl
// RUN: diff %t.def %t.unl
// The modulo scheduler decides the pipe stage count. Hopper GEMM: two TMA loads share tp_smem_wr
// (ResMII 16), the wgmma accumulator recurrence gives RecMII 8; the second operand's consumer lands
// in stage 1, so the pipes get 2 stages (the seed's (0, 1) promotion).
// DEF: "tileas.pipe"({{.*}}) {compute_cycles = 8 : i64, consumer = "wgmma_smem", limited_by = "min-2", memory_cycles = 8 : i64, producer = "tma", roofline = 1 : i64, stages = 2 : i64
// DEF: "tileas.produce"{{.*}}tileas.sched = {cycle = 0 : i64, stage = 0 : i64}
// DEF: "tileas.consume"{{.*}}tileas.sched = {cycle = 16 : i64, stage = 1 : i64}
// DEF: tileas.schedule = {ii = 16 : i64, mii = 16 : i64, rec_mii = 8 : i64, res_mii = 16 : i64, stages = 2 : i64, status = "scheduled"}

// A 40-cycle TMA (test-only latency override): ResMII 80, roofline ceil(40 / 8) = 5 stages.
// LAT: "tileas.alloc"() {{{.*}}bytes = 40960 : i64{{.*}}stages = 5 : i64{{.*}}} : () -> !tileas.smem<5x128x32xf16>
// LAT: "tileas.pipe"({{.*}}) {{{.*}}memory_cycles = 40 : i64{{.*}}roofline = 5 : i64, stages = 5 : i64{{.*}} -> !tileas.pipe<5x128x32xf16>
// LAT: tileas.schedule = {ii = 80 : i64, mii = 80 : i64, rec_mii = 8 : i64, res_mii = 80 : i64, stages = 5 : i64, status = "scheduled"}
// LAT: tileas.smem_bytes = 81920 : i64

// A 24 KiB SMEM pool (test-only cap override): two 16 KiB stages do not fit -> the placement is
// rejected at component 1 everywhere, the zero-producer fallback runs, and one stage remains.
// POOL: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "smem"{{.*}}stages = 1 : i64
// POOL: status = "fallback-zero-producer"

// BAD: TileAS scheduler: bad override entry 'bogus=1'

// SMEM-bound kernel: 2 x 128 KiB stages exceed pool 5 -> fallback, 1 stage; lifting the pool with
// TILE_AS_DEBUG_UNLIMITED_SMEM schedules it (a different schedule). The GEMM above is not SMEM-bound:
// identical output with and without the switch (the diff RUN line). The 256-row tiles are not on
// the wgmma path (path selection then makes the pipes SIMT loads): checked after the scheduler.
// SMEM-COUNT-2: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "smem"{{.*}}stages = 1 : i64
// SMEM: status = "fallback-zero-producer"
// UNL-COUNT-2: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "min-2"{{.*}}stages = 2 : i64
// UNL: status = "scheduled"

// RUN: %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=DEF
// RUN: %tilec --emit=tileas %S/../bytecode/Inputs/cutile/gemm_f16.13.4.tileirbc | %FileCheck %s --check-prefix=OCC
// RUN: %tilec --emit=tileas %examples/attention.mlir | %FileCheck %s --check-prefix=ATT
// RUN: env TILEC_SCHED_LATENCY_OVERRIDE=tma_load=40 %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=LAT
// RUN: env TILEC_SCHED_POOL_OVERRIDE=smem_bytes=24576 %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s --check-prefix=POOL
// RUN: not env TILEC_SCHED_LATENCY_OVERRIDE=bogus=1 %tilec --emit=tileas %examples/gemm.mlir 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %tilec --emit=tileas --print-ir-after-all %S/../tileas/smem_ceiling.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=SMEM
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --emit=tileas --print-ir-after-all %S/../tileas/smem_ceiling.mlir 2>&1 >/dev/null | %after-sched | %FileCheck %s --check-prefix=UNL
// RUN: %tilec --emit=tileas %examples/gemm.mlir > %t.def
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --emit=tileas %examples/gemm.mlir > %t.unl
// RUN: diff %t.def %t.unl
// RUN: %tilec --emit=tileas --num-stages=5 %examples/gemm.mlir | %FileCheck %s --check-prefix=N5
// RUN: not %tilec --emit=tileas --num-stages=15 %examples/gemm.mlir 2>&1 | %FileCheck %s --check-prefix=N15
// RUN: not %tilec --emit=tileas --num-stages=1 %examples/gemm.mlir 2>&1 | %FileCheck %s --check-prefix=N1
// RUN: not %tilec --emit=tileas --num-stages=x %examples/gemm.mlir 2>&1 | %FileCheck %s --check-prefix=NBAD
// RUN: env TILE_AS_DEBUG_UNLIMITED_SMEM=1 %tilec --remarks --num-stages=15 %examples/gemm.mlir -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NUNL
// The pipe stage count is the latency-true roofline (roofline.c) raised to the schedule's span.
// Hopper GEMM 128x128, k-step 32: two TMA loads share tp_smem_wr (ResMII 16), the wgmma accumulator
// recurrence gives RecMII 8; the second operand's consumer lands in stage 1 (span 2). One iteration
// loads 16 KiB: 700 cycles latency + 16384 B / 13.87 B per clock (H100's 3.35 TB/s over 132 SMs at
// 1830 MHz) = 1882 cycles; its 128x128x32 f16 multiply-adds at 2048 per clock take 256 cycles,
// less than the stage's 1182-cycle transfer, so the iteration's period is the transfer:
// ceil(1882 / 1182) = 2 in flight + the one being consumed, + 1 for the wgmma group that stays in
// flight into the next iteration (the loop's only mmaf accumulates into a value nothing else
// reads) = 4 stages (64 KiB; two CTAs still fit per SM). (Dividing by the compute alone asked for 9;
// the H200 sweeps ran 9 stages 28-35% slower than 3-4: docs/performance.md.)
// DEF: "tileas.alloc"() {{{.*}}bytes = 32768 : i64, stage_bytes = 8192 : i64, stages = 4 : i64{{.*}}} : () -> !tileas.smem<4x128x32xf16>
// DEF: "tileas.pipe"({{.*}}) {compute_cycles = 256 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1882 : i64, producer = "tma", roofline = 2 : i64, stages = 4 : i64
// DEF: "tileas.produce"{{.*}}tileas.sched = {cycle = 0 : i64, stage = 0 : i64}
// DEF: "tileas.consume"{{.*}}tileas.sched = {cycle = 16 : i64, stage = 1 : i64}
// DEF: tileas.schedule = {ii = 16 : i64, mii = 16 : i64, rec_mii = 8 : i64, res_mii = 16 : i64, stages = 4 : i64, status = "scheduled"}
// DEF: tileas.smem_bytes = 65536 : i64

// cuTile's gemm_f16 (128x128x64: 32 KiB per stage): 2 + 1 + 1 = 4 stages would take 128 KiB and
// leave one CTA per SM; the ring is capped at the deepest with which two CTAs share the SM's
// 228 KiB (1 KiB reserved each): 3 (the H200 ran 607 TFLOP/s at 3 stages, 565 at 4).
// OCC: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "occupancy"{{.*}}roofline = 2 : i64, stages = 3 : i64
// Attention's loop reads S = Q Kᵀ in the same iteration (softmax): no group stays in flight, 2 + 1.
// ATT: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "roofline"{{.*}}roofline = 2 : i64, stages = 3 : i64

// A 40-cycle TMA issue occupancy (test-only RRT latency override): ResMII 80; the ring depth is
// the latency-true roofline's, which does not read the RRT table: still 4 stages.
// LAT: "tileas.pipe"({{.*}}) {{{.*}}memory_cycles = 1882 : i64{{.*}}roofline = 2 : i64, stages = 4 : i64{{.*}} -> !tileas.pipe<4x128x32xf16>
// LAT: tileas.schedule = {ii = 80 : i64, mii = 80 : i64, rec_mii = 8 : i64, res_mii = 80 : i64, stages = 4 : i64, status = "scheduled"}

// --num-stages=N replaces the roofline (limited_by "num-stages"): 5 stages, 80 KiB.
// N5: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "num-stages"{{.*}}stages = 5 : i64{{.*}} -> !tileas.pipe<5x128x32xf16>
// N5: tileas.smem_bytes = 81920 : i64
// 15 x 16 KiB stages do not fit 227 KiB; 1 stage is below the schedule's span of 2.
// N15: gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: --num-stages=15 does not fit the shared-memory / mbarrier / TMEM pools (the loop's pipes need 16384 bytes of shared memory per stage, 0 are used elsewhere; the schedule spans 2 stages)
// N1: gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: --num-stages=1 is fewer than the stages the loop's schedule spans
// NBAD: --num-stages expects an integer from 1 to 32, got 'x'
// With the 227 KiB pool lifted, 15 stages pass TileAS; path selection then keeps the mmaf off the
// ring it cannot hold (test/lowering/smem_limit.mlir: code generation's own check).
// NUNL: gemm.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: mma.sync path: the ring does not fit in shared memory

// A 24 KiB SMEM pool (test-only cap override): two 16 KiB stages do not fit -> the placement is
// rejected at component 1 everywhere, the zero-producer fallback runs, and one stage remains.
// POOL: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "smem"{{.*}}stages = 1 : i64
// POOL: status = "fallback-zero-producer"

// BAD: TileAS scheduler: bad override entry 'bogus=1'

// SMEM-bound kernel: 2 x 128 KiB stages exceed pool 5 -> fallback, 1 stage; lifting the pool with
// TILE_AS_DEBUG_UNLIMITED_SMEM schedules it (a different schedule) at the roofline's depth: 128 KiB
// per iteration = 700 + 9452 cycles over a period of max(4096 compute, 9452 transfer) -> 2 + 1 + 1. The GEMM above is not SMEM-bound:
// identical output with and without the switch (the diff RUN line). The 256-row tiles are not on
// the wgmma path (path selection then makes the pipes SIMT loads): checked after the scheduler.
// SMEM-COUNT-2: "tileas.pipe"({{.*}}) {{{.*}}limited_by = "smem"{{.*}}stages = 1 : i64
// SMEM: status = "fallback-zero-producer"
// UNL-COUNT-2: "tileas.pipe"({{.*}}) {compute_cycles = 4096 : i64, {{.*}}limited_by = "roofline", memory_cycles = 10152 : i64{{.*}}roofline = 2 : i64, stages = 4 : i64
// UNL: status = "scheduled"

// RUN: %tilec --emit=tileas %examples/gemm.mlir | %FileCheck %s
// RUN: %tilec --emit=tileas --gpu-name=sm_100a %examples/gemm.mlir | %FileCheck %s --check-prefix=BW
// RUN: %tilec --emit=tileas --gpu-name=sm_100a --print-ir-after-all %examples/gemm.mlir 2>&1 >/dev/null | %FileCheck %s --check-prefix=BWSEL
// RUN: %tilec --emit=tileas %examples/gemm_dynamic.mlir | %FileCheck %s --check-prefix=DYN
// GEMM on sm_90a: A (128x32 f16, 64 B rows) gets the 64B swizzle, B (32x128 f16, 256 B rows) the
// 128B swizzle in two 64-column TMA boxes, both read by wgmma from SMEM; the K loop's pipes get the
// latency-true roofline's 4 stages (ceil(1882 / 1182) + 1, + 1 for the wgmma group kept in flight:
// test/sched/stage_count.mlir).

// Shared memory (path_select.c records the wgmma path's assignment): A's four 8 KiB stages at 0,
// B's at 32768, then the mbarriers: full[4] and empty[4] of A at 65536 / 65568, of B at
// 65600 / 65632.
// CHECK: "tileas.alloc"() {alignment = 512 : i64, bytes = 32768 : i64, stage_bytes = 8192 : i64, stages = 4 : i64, swizzle = 64 : i64, tileas.offset = 0 : i64} : () -> !tileas.smem<4x128x32xf16>
// CHECK: "tileas.pipe"(%{{.*}}) {compute_cycles = 256 : i64, consumer = "wgmma_smem", limited_by = "roofline", memory_cycles = 1882 : i64, producer = "tma", roofline = 2 : i64, stages = 4 : i64, tileas.barriers = {empty = 65568 : i64, empty_arrivals = 256 : i64, full = 65536 : i64, full_arrivals = 1 : i64}, tx_bytes = 8192 : i64}
// CHECK: "tileas.alloc"() {alignment = 1024 : i64, {{.*}}swizzle = 128 : i64, tileas.offset = 32768 : i64} : () -> !tileas.smem<4x32x128xf16>
// CHECK: "tileas.pipe"(%{{.*}}) {{{.*}}tileas.barriers = {empty = 65632 : i64, empty_arrivals = 256 : i64, full = 65600 : i64, full_arrivals = 1 : i64}
// CHECK: "tileas.produce"{{.*}}layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : i64, frag = "wgmma_smem", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = 128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}
// CHECK: "tileas.produce"{{.*}}layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64{{.*}}frag = "wgmma_smem"{{.*}}score = 1.285000e+02 : f64{{.*}}swizzle = 128 : i64
// CHECK: "tileas.consume"
// CHECK: "tileas.consume"
// The wgmma accumulator layout (reg_layouts.c; bases are bits of the row-major flat index, columns
// = bits 0-6, rows = bits 7-13): the 8 warps stacked along M, 16 rows each (warp bases = row bits
// 4-6), 64 f32 registers per thread. sm_100a's mma.sync layout below puts its 4 warps on a 2x2
// grid (warp bases: column bit 6, row bit 6).
// CHECK: "cuda_tile.mmaf"{{.*}}{tileas.mma = "wgmma", tileas.reg_layout = {lane = array<i64: 1, 2, 7, 8, 9>, reg = array<i64: 0, 10, 3, 4, 5, 6>, warp = array<i64: 11, 12, 13>}}
// CHECK: "tileas.release"
// CHECK: "tileas.release"
// CHECK: "tileas.store"{{.*}}layout = {atom = "simt"{{.*}}frag = "wgmma_acc"{{.*}}score = 3.250000e+01 : f64
// Path selection (path_select.c): the wgmma path is taken, 128 rows = 2 warpgroups of 4 warps.
// CHECK: tileas.num_warps = 8 : i64, tileas.smem_bytes = 65536 : i64, tileas.target = "sm_90a"

// sm_100a: layout selection gives the operands tcgen05 SMEM descriptors behind TMA pipes (the
// dump after the modulo scheduler: one stage more than the roofline, since one iteration's MMAs stay
// queued), and path selection keeps them: the mmaf on tcgen05.mma with its accumulator in TMEM
// columns [0, 128) (tileas.tmem), each ring stage released by one tcgen05.commit (empty_arrivals 1),
// 8 warps, the accumulator's register layout the tcgen05.ld 32x32b one (a row per lane).
// BWSEL: IR Dump After tileas-modulo-schedule
// BWSEL: "tileas.produce"{{.*}}layout = {atom = "tma"{{.*}}frag = "tcgen05_smem"{{.*}}swizzle = 64 : i64
// BWSEL: IR Dump After tileas-path-select
// BWSEL: "tileas.produce"{{.*}}layout = {atom = "tma"{{.*}}frag = "tcgen05_smem"{{.*}}swizzle = 64 : i64
// BW: "tileas.pipe"{{.*}}consumer = "tcgen05_smem"{{.*}}stages = 5 : i64, tileas.barriers = {empty = {{[0-9]+}} : i64, empty_arrivals = 1 : i64
// BW: "cuda_tile.mmaf"{{.*}}{tileas.mma = "tcgen05.mma", tileas.reg_layout = {lane = array<i64: 7, 8, 9, 10, 11>, reg = array<i64: 0, 1, 2, 3, 4, 5>, warp = array<i64: 12, 13, 6>}, tileas.tmem = {column = 0 : i64, columns = 128 : i64
// BW: "tileas.store"{{.*}}layout = {atom = "simt"{{.*}}frag = "tcgen05_acc"{{.*}}score = 4.805000e+02 : f64, smem_tx = 0 : i64, tmem_cycles = 112 : i64
// BW: tileas.num_warps = 8 : i64, tileas.smem_bytes = 81920 : i64

// A runtime row pitch the kernel proves a multiple of 16 bytes (`assume div_by<16>` on K and N,
// f16: 32-byte multiples) keeps TMA; the tensor maps take the pitch from the kernel arguments
// (docs/abi.md `@j`). Pitches without that proof: test/tileas/dynamic_pitch.mlir.
// DYN: "tileas.produce"{{.*}}layout = {atom = "tma", box = array<i64: 128, 32>, boxes = 1 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 64 : i64
// DYN: "tileas.produce"{{.*}}layout = {atom = "tma", box = array<i64: 32, 64>, boxes = 2 : i64{{.*}}frag = "wgmma_smem"{{.*}}swizzle = 128 : i64
// DYN: tileas.mma = "wgmma"

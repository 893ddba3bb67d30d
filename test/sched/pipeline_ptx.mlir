// The schedule decides what is emitted (issue 5): the scheduler's stage count, written into the
// trace, is the ring depth the sm_90a code generator emits — S SMEM stages per pipe and 2*S
// mbarriers per pipe (`mbarrier.init` full[s] + empty[s]; A and B: 4*S, what the scheduler's
// mbarrier pool counts), reported by the `// tilec.pipeline ... stages=S` comment.
// The default run is the control (the latency-true roofline: test/sched/stage_count.mlir);
// --num-stages sets the depth, pool-cap overrides (SMEM bytes, mbarriers) clamp it. Each run checks
// the trace AND the PTX.
// RUN: %tilec --emit=ptx --schedule-trace-file=%t.def.json %examples/gemm.mlir -o %t.def.ptx
// RUN: %FileCheck %s --check-prefix=DEF-TRACE < %t.def.json
// RUN: %FileCheck %s --check-prefix=DEF-PTX < %t.def.ptx
// RUN: %tilec --emit=ptx --num-stages=5 --schedule-trace-file=%t.n5.json %examples/gemm.mlir -o %t.n5.ptx
// RUN: %FileCheck %s --check-prefix=N5-TRACE < %t.n5.json
// RUN: %FileCheck %s --check-prefix=N5-PTX < %t.n5.ptx
// RUN: env TILEC_SCHED_POOL_OVERRIDE=smem_bytes=34816 %tilec --emit=ptx --schedule-trace-file=%t.smem.json %examples/gemm.mlir -o %t.smem.ptx
// RUN: %FileCheck %s --check-prefix=SMEM-TRACE < %t.smem.json
// RUN: %FileCheck %s --check-prefix=S2-PTX < %t.smem.ptx
// RUN: env TILEC_SCHED_POOL_OVERRIDE=mbarriers=8 %tilec --emit=ptx --schedule-trace-file=%t.mbar.json %examples/gemm.mlir -o %t.mbar.ptx
// RUN: %FileCheck %s --check-prefix=MBAR-TRACE < %t.mbar.json
// RUN: %FileCheck %s --check-prefix=S2-PTX < %t.mbar.ptx

// Control: two TMA loads share tp_smem_wr (ResMII 16 = II); the schedule spans 2 stages, the
// roofline wants ceil(1882 / 1182) = 2 in flight + 1, + 1 for the wgmma group kept in flight: 4
// stages -> 16 mbarriers. The trace shows the
// terms: 16 KiB per iteration at 13.87 B/clk after 700 cycles, 524288 multiply-adds in 256 cycles,
// so the period is the 1182-cycle transfer.
// DEF-TRACE: "kernel": "gemm_f16_f32"
// DEF-TRACE: "status": "scheduled"
// DEF-TRACE: "ii": 16, "mii": 16, "res_mii": 16, "res_mii_row": "tp_smem_wr", "rec_mii": 8
// DEF-TRACE: "stages": 4, "schedule_stages": 2, "roofline": 2, "memory_cycles": 1882, "compute_cycles": 256, "limited_by": "roofline"
// DEF-TRACE: "roofline_terms": {"load_bytes": 16384, "load_latency": 700, "bytes_per_cycle": 13.87, "transfer_cycles": 1182, "staging_cycles": 0, "mma_fmas": 524288, "mma_cycles": 256, "other_elements": 0, "other_cycles": 0, "period_cycles": 1182}, "rrt_memory_cycles": 8, "rrt_compute_cycles": 8
// DEF-TRACE: "pools": {"mbarriers": [8, 64],
// DEF-PTX: // tilec.pipeline gemm_f16_f32 stages=4 tx_bytes=16384
// DEF-PTX-COUNT-16: mbarrier.init.shared.b64
// DEF-PTX-NOT: mbarrier.init.shared

// --num-stages=5: 5 stages -> 20 mbarriers (2 pipes).
// N5-TRACE: "stages": 5, "schedule_stages": 2, "roofline": 2, {{.*}}"limited_by": "num-stages"
// N5-PTX: // tilec.pipeline gemm_f16_f32 stages=5 tx_bytes=16384
// N5-PTX-COUNT-20: mbarrier.init.shared.b64
// N5-PTX-NOT: mbarrier.init.shared

// A 34 KiB SMEM pool (pool 5) holds 2 stages of 16 KiB (+ 32 B of mbarriers each, + the ring's
// 1 KiB alignment slack): the placement (2 stages) is legal, the roofline wish of 4 is clamped to 2.
// SMEM-TRACE: "status": "scheduled"
// SMEM-TRACE: "stages": 2, "schedule_stages": 2, "roofline": 2, {{.*}}"limited_by": "smem"
// SMEM-TRACE: "smem_bytes": [32768, 34816]
// 8 mbarriers (pool 0) = 2 pipes x 2 barriers x 2 stages.
// MBAR-TRACE: "status": "scheduled"
// MBAR-TRACE: "stages": 2, "schedule_stages": 2, "roofline": 2, {{.*}}"limited_by": "mbarriers"
// MBAR-TRACE: "pools": {"mbarriers": [8, 8],
// S2-PTX: // tilec.pipeline gemm_f16_f32 stages=2 tx_bytes=16384
// S2-PTX-COUNT-8: mbarrier.init.shared.b64
// S2-PTX-NOT: mbarrier.init.shared

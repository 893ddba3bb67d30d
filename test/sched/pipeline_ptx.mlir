// The schedule decides what is emitted (issue 5): the scheduler's stage count, written into the
// trace, is the ring depth the sm_90a code generator emits — S SMEM stages per pipe and 2*S
// mbarriers per pipe (`mbarrier.init` full[s] + empty[s]; A and B: 4*S, what the scheduler's
// mbarrier pool counts), reported by the `// tilec.pipeline ... stages=S` comment.
// The default run is the control; a test-only latency override deepens the pipe, pool-cap
// overrides (SMEM bytes, mbarriers) clamp it. Each run checks the trace AND the PTX.
// RUN: %tilec --emit=ptx --schedule-trace-file=%t.def.json %examples/gemm.mlir -o %t.def.ptx
// RUN: %FileCheck %s --check-prefix=DEF-TRACE < %t.def.json
// RUN: %FileCheck %s --check-prefix=DEF-PTX < %t.def.ptx
// RUN: env TILEC_SCHED_LATENCY_OVERRIDE=tma_load=40 %tilec --emit=ptx --schedule-trace-file=%t.lat.json %examples/gemm.mlir -o %t.lat.ptx
// RUN: %FileCheck %s --check-prefix=LAT-TRACE < %t.lat.json
// RUN: %FileCheck %s --check-prefix=LAT-PTX < %t.lat.ptx
// RUN: env TILEC_SCHED_LATENCY_OVERRIDE=tma_load=40 TILEC_SCHED_POOL_OVERRIDE=smem_bytes=49152 %tilec --emit=ptx --schedule-trace-file=%t.smem.json %examples/gemm.mlir -o %t.smem.ptx
// RUN: %FileCheck %s --check-prefix=SMEM-TRACE < %t.smem.json
// RUN: %FileCheck %s --check-prefix=S3-PTX < %t.smem.ptx
// RUN: env TILEC_SCHED_LATENCY_OVERRIDE=tma_load=40 TILEC_SCHED_POOL_OVERRIDE=mbarriers=12 %tilec --emit=ptx --schedule-trace-file=%t.mbar.json %examples/gemm.mlir -o %t.mbar.ptx
// RUN: %FileCheck %s --check-prefix=MBAR-TRACE < %t.mbar.json
// RUN: %FileCheck %s --check-prefix=S3-PTX < %t.mbar.ptx

// Control: two TMA loads share tp_smem_wr (ResMII 16 = II); the roofline is 1, promoted to 2 stages.
// DEF-TRACE: "kernel": "gemm_f16_f32"
// DEF-TRACE: "status": "scheduled"
// DEF-TRACE: "ii": 16, "mii": 16, "res_mii": 16, "res_mii_row": "tp_smem_wr", "rec_mii": 8
// DEF-TRACE: "stages": 2, "schedule_stages": 2, "roofline": 1, {{.*}}"limited_by": "min-2"
// DEF-TRACE: "pools": {"mbarriers": [8, 64],
// DEF-PTX: // tilec.pipeline gemm_f16_f32 stages=2 tx_bytes=16384
// DEF-PTX-COUNT-8: mbarrier.init.shared.b64
// DEF-PTX-NOT: mbarrier.init.shared

// A 40-cycle TMA: II = MII = 80, roofline ceil(40 / 8) = 5 stages -> 20 mbarriers (2 pipes).
// LAT-TRACE: "status": "scheduled"
// LAT-TRACE: "ii": 80, "mii": 80, "res_mii": 80, "res_mii_row": "tp_smem_wr"
// LAT-TRACE: "stages": 5, "schedule_stages": 2, "roofline": 5, {{.*}}"limited_by": "roofline"
// LAT-PTX: // tilec.pipeline gemm_f16_f32 stages=5 tx_bytes=16384
// LAT-PTX-COUNT-20: mbarrier.init.shared.b64
// LAT-PTX-NOT: mbarrier.init.shared

// 48 KiB of SMEM (pool 5) holds 3 stages of 16 KiB: the placement (2 stages) is legal, the roofline
// wish of 5 is clamped to 3 -> 12 mbarriers.
// SMEM-TRACE: "status": "scheduled"
// SMEM-TRACE: "ii": 80, "mii": 80
// SMEM-TRACE: "stages": 3, "schedule_stages": 2, "roofline": 5, {{.*}}"limited_by": "smem"
// SMEM-TRACE: "smem_bytes": [32768, 49152]
// 12 mbarriers (pool 0) = 2 pipes x 2 barriers x 3 stages.
// MBAR-TRACE: "status": "scheduled"
// MBAR-TRACE: "stages": 3, "schedule_stages": 2, "roofline": 5, {{.*}}"limited_by": "mbarriers"
// MBAR-TRACE: "pools": {"mbarriers": [8, 12],
// S3-PTX: // tilec.pipeline gemm_f16_f32 stages=3 tx_bytes=16384
// S3-PTX-COUNT-12: mbarrier.init.shared.b64
// S3-PTX-NOT: mbarrier.init.shared

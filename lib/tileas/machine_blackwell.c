/* machine_blackwell: the sm_100a (Blackwell) data table — per-op latencies, capacity caps, SMEM
 * banks. Algorithm: none (data). Seed: "Performance and Cost Model", Worked Example 2 (TMA 8,
 * SMEM->TMEM 7, tcgen05.mma 8, tcgen05.ld 7), pool 1 TMEM bank cap 4 (two banks per in-flight
 * iteration), pool 5 227 KiB SMEM ceiling. Entries marked "est" are our estimates.
 * Also: the 15-row RRT vocabulary, the capacity-pool vector (1: TMEM banks 4, 5: 227 KiB, 6: named
 * barriers 3) and the 5000-cycle Big-M ceiling. Knobs: none. */
#include "tileas/machine.h"

static const ct_machine blackwell = {
    .name = "sm_100a",
    .target = CT_TILEAS_SM100A,
    .latency =
        {
            [CT_LAT_TMA_LOAD] = 8,     /* seed */
            [CT_LAT_TMA_STORE] = 8,    /* est */
            [CT_LAT_CP_ASYNC] = 16,    /* est */
            [CT_LAT_LDG] = 24,         /* est */
            [CT_LAT_STG] = 16,         /* est */
            [CT_LAT_LDS] = 4,          /* est */
            [CT_LAT_LDMATRIX] = 4,     /* est */
            [CT_LAT_WGMMA] = 0,        /* wgmma does not exist on sm_100a */
            [CT_LAT_MMA_SYNC] = 4,     /* est */
            [CT_LAT_TCGEN05_CP] = 7,   /* seed */
            [CT_LAT_TCGEN05_MMA] = 8,  /* seed */
            [CT_LAT_TCGEN05_LD] = 7,   /* seed */
            [CT_LAT_ALU] = 1,          /* est */
            [CT_LAT_SFU] = 4,          /* est */
            [CT_LAT_REDUCE] = 5,       /* est */
        },
    .smem_ceiling_bytes = 227 * 1024,
    .smem_per_sm_bytes = 228 * 1024,   /* the SM's configurable shared memory at its largest */
    .smem_reserved_per_cta = 1024,     /* reserved by the driver for each resident CTA */
    .tmem_bank_cap = 4,
    .tmem_banks_per_stage = 2,
    .smem_banks = 32,
    .smem_bank_bytes = 4,
    .has_wgmma = false,
    .has_tcgen05 = true,
    .row_mask = (1u << CT_ROW__COUNT) - 1u, /* 15 rows */
    .pool_cap =
        {
            [CT_POOL_MBARRIERS] = 64,          /* est */
            [CT_POOL_TMEM_BANKS] = 4,               /* seed */
            [CT_POOL_BULK_GROUPS] = 8,         /* est */
            [CT_POOL_CP_ASYNC_GROUPS] = 8,     /* est */
            [CT_POOL_TMEM_COLUMNS] = 256,           /* seed */
            [CT_POOL_SMEM_BYTES] = 227 * 1024, /* seed */
            [CT_POOL_NAMED_BARRIERS] = 3,      /* seed */
        },
    .big_m_cycles = CT_SCHED_BIG_M_CYCLES,
    /* Latency-true roofline (roofline.c). B200, from NVIDIA's DGX/HGX B200 datasheets: 148 SMs;
     * 8 TB/s HBM3e; dense tensor-core peaks 2.25 PFLOPS f16/bf16, 1.1 tf32, 4.5 fp8, 4.5 POPS int8
     * (half the sparse figures), i.e. twice Hopper's per-SM rates: 4096 / 2048 / 8192 / 8192
     * multiply-adds per SM per clock at the 1855 MHz those figures imply. An SM's share of DRAM is
     * 8e12 / (148 x 1.855e9) = 29.1 bytes per clock. */
    .roofline =
        {
            .sms = 148,
            .clock_mhz = 1855,
            .dram_gb_per_s = 8000,
            .load_latency_cycles = 800, /* est: HBM3e round trip plus TMA and mbarrier completion */
            .mma_fma_per_cycle = {[CT_MMA_RATE_F16] = 4096, [CT_MMA_RATE_TF32] = 2048, [CT_MMA_RATE_F8] = 8192,
                                  [CT_MMA_RATE_I8] = 8192, [CT_MMA_RATE_F64] = 64 /* est: 40 TFLOPS FP64 */},
            .mma_sync_divisor = 4, /* est: the legacy mma.sync path is not widened with tcgen05 */
            .alu_lanes = 128,
            .sfu_lanes = 16,
        },
};

const ct_machine *ct_machine_blackwell(void) { return &blackwell; }

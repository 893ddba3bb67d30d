/* machine_hopper: the sm_90a (Hopper) data table — per-op latencies, capacity caps, SMEM banks.
 * Algorithm: none (data). Seed: "Performance and Cost Model", Worked Example 1 (TMA 8 cycles,
 * WGMMA 8 cycles) and the 227 KiB SMEM ceiling (pool 5). Entries not given by the seed are our
 * estimates of issue-to-issue occupancy in the same units and are marked "est".
 * Also: the RRT row vocabulary (13 rows, no TMEM transports), the capacity-pool vector, Big-M, and
 * the row/pool name tables shared by both machines.
 * Knobs: none (TILE_AS_DEBUG_UNLIMITED_SMEM is applied by stage_count.c / the scheduler). */
#include "tileas/machine.h"

static const ct_machine hopper = {
    .name = "sm_90a",
    .target = CT_TILEAS_SM90A,
    .latency =
        {
            [CT_LAT_TMA_LOAD] = 8,     /* seed */
            [CT_LAT_TMA_STORE] = 8,    /* est: same transport as the load */
            [CT_LAT_CP_ASYNC] = 16,    /* est: per-thread LDGSTS issue of a tile slice */
            [CT_LAT_LDG] = 24,         /* est */
            [CT_LAT_STG] = 16,         /* est */
            [CT_LAT_LDS] = 4,          /* est */
            [CT_LAT_LDMATRIX] = 4,     /* est */
            [CT_LAT_WGMMA] = 8,        /* seed */
            [CT_LAT_MMA_SYNC] = 4,     /* est */
            [CT_LAT_TCGEN05_CP] = 0,   /* no TMEM */
            [CT_LAT_TCGEN05_MMA] = 0,  /* no tcgen05 */
            [CT_LAT_TCGEN05_LD] = 0,   /* no TMEM */
            [CT_LAT_ALU] = 1,          /* est */
            [CT_LAT_SFU] = 4,          /* est */
            [CT_LAT_REDUCE] = 5,       /* est: log2(32) shuffle steps */
        },
    .smem_ceiling_bytes = 227 * 1024,
    .smem_per_sm_bytes = 228 * 1024,   /* the SM's configurable shared memory at its largest */
    .smem_reserved_per_cta = 1024,     /* reserved by the driver for each resident CTA */
    .tmem_bank_cap = 0,
    .tmem_banks_per_stage = 0,
    .smem_banks = 32,
    .smem_bank_bytes = 4,
    .has_wgmma = true,
    .has_tcgen05 = false,
    .row_mask = ((1u << CT_ROW__COUNT) - 1u) & ~((1u << CT_ROW_TP_TMEM_WR) | (1u << CT_ROW_TP_TMEM_RD)), /* 13 rows: no TMEM transports */
    .pool_cap =
        {
            [CT_POOL_MBARRIERS] = 64,          /* est */
            [CT_POOL_TMEM_BANKS] = 0,                /* no TMEM */
            [CT_POOL_BULK_GROUPS] = 8,         /* est */
            [CT_POOL_CP_ASYNC_GROUPS] = 8,     /* est */
            [CT_POOL_TMEM_COLUMNS] = 0,                /* no TMEM */
            [CT_POOL_SMEM_BYTES] = 227 * 1024, /* seed */
            [CT_POOL_NAMED_BARRIERS] = 3,      /* seed */
        },
    .big_m_cycles = CT_SCHED_BIG_M_CYCLES,
    /* Latency-true roofline (roofline.c). H100 SXM5, from NVIDIA's H100 datasheet and the "NVIDIA
     * H100 Tensor Core GPU Architecture" whitepaper: 132 SMs; 3.35 TB/s HBM3; dense tensor-core
     * peaks 989.4 TFLOPS f16/bf16, 494.7 tf32, 1978.9 fp8 and 1978.9 TOPS int8, which at the
     * 1830 MHz the whitepaper's figures assume are 2048 / 1024 / 4096 / 4096 multiply-adds per SM
     * per clock; 128 FP32 lanes and 16 SFU lanes per SM (4 sub-partitions). So an SM's share of
     * DRAM is 3.35e12 / (132 x 1.83e9) = 13.9 bytes per clock. */
    .roofline =
        {
            .sms = 132,
            .clock_mhz = 1830,
            .dram_gb_per_s = 3350,
            .load_latency_cycles = 700, /* est: HBM round trip (~450-600 cycles in published
                                           microbenchmarks) plus TMA descriptor and mbarrier
                                           completion; calibrate with --num-stages on a GPU */
            .mma_fma_per_cycle = {[CT_MMA_RATE_F16] = 2048, [CT_MMA_RATE_TF32] = 1024, [CT_MMA_RATE_F8] = 4096,
                                  [CT_MMA_RATE_I8] = 4096, [CT_MMA_RATE_F64] = 128 /* est: 67 TFLOPS FP64 tensor */},
            .mma_sync_divisor = 2, /* est: mma.sync reaches about half of wgmma's peak on H100 */
            .alu_lanes = 128,
            .sfu_lanes = 16,
        },
};

const ct_machine *ct_machine_hopper(void) { return &hopper; }

const ct_machine *ct_machine_for(ct_tileas_target t) {
  return t == CT_TILEAS_SM100A ? ct_machine_blackwell() : ct_machine_hopper();
}

const char *ct_lat_op_name(ct_lat_op op) {
  static const char *const names[CT_LAT__COUNT] = {
      "tma_load", "tma_store", "cp_async", "ldg", "stg", "lds", "ldmatrix", "wgmma", "mma_sync",
      "tcgen05_cp", "tcgen05_mma", "tcgen05_ld", "alu", "sfu", "reduce"};
  return op < CT_LAT__COUNT ? names[op] : "?";
}

const char *ct_sched_row_name(ct_sched_row r) {
  static const char *const names[CT_ROW__COUNT] = {
      "alu", "fma", "sfu", "lsu", "tma", "tc_and_mma", "sync", "branch",
      "tp_smem_wr", "tp_smem_rd", "tp_gmem", "tp_mma", "tp_tmem_wr", "tp_tmem_rd", "tp_reduce"};
  return r < CT_ROW__COUNT ? names[r] : "?";
}

const char *ct_sched_pool_name(ct_sched_pool p) {
  static const char *const names[CT_POOL__COUNT] = {
      "mbarriers", "tmem_banks", "bulk_groups", "cp_async_groups", "tmem_columns", "smem_bytes", "named_barriers"};
  return p < CT_POOL__COUNT ? names[p] : "?";
}

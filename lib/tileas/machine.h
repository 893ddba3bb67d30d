/* machine: per-architecture data the TileAS cost models read — the per-op latency table (cycles),
 * the capacity-pool caps and the SMEM bank geometry. One table per architecture lives in
 * machine_<arch>.c; the modulo scheduler (issue 4 items 4-5) extends the same tables.
 * Seed: "Performance and Cost Model" (latency vocabulary, worked examples, pool caps).
 * Owner: tileas. */
#ifndef TILEC_TILEAS_MACHINE_H
#define TILEC_TILEAS_MACHINE_H
#include <stdbool.h>
#include <stdint.h>

typedef enum ct_tileas_target { CT_TILEAS_SM90A, CT_TILEAS_SM100A } ct_tileas_target;

/* --pipeline-strategy (warp_specialize.c): how a pipelined wgmma loop runs — every warp computes and
 * one thread also issues the copies (modulo), or a producer warpgroup issues them while the
 * consumer warpgroups compute (warp_specialize), or the cost model decides (auto). */
typedef enum ct_pipeline_strategy {
  CT_PIPELINE_MODULO = 0,
  CT_PIPELINE_WARP_SPECIALIZE,
  CT_PIPELINE_AUTO,
} ct_pipeline_strategy;

/* Latency classes. Values from the seed are marked there; the others are our estimates. */
typedef enum ct_lat_op {
  CT_LAT_TMA_LOAD,    /* cp.async.bulk.tensor global->shared (seed: 8) */
  CT_LAT_TMA_STORE,   /* cp.async.bulk.tensor shared->global */
  CT_LAT_CP_ASYNC,    /* cp.async.cg 16 B (LDGSTS) */
  CT_LAT_LDG,         /* ld.global vector load to registers */
  CT_LAT_STG,         /* st.global */
  CT_LAT_LDS,         /* ld.shared / st.shared */
  CT_LAT_LDMATRIX,    /* ldmatrix / stmatrix */
  CT_LAT_WGMMA,       /* wgmma.mma_async (seed: 8) */
  CT_LAT_MMA_SYNC,    /* mma.sync */
  CT_LAT_TCGEN05_CP,  /* SMEM->TMEM staging (seed: 7) */
  CT_LAT_TCGEN05_MMA, /* tcgen05.mma (seed: 8) */
  CT_LAT_TCGEN05_LD,  /* TMEM->registers (seed: 7) */
  CT_LAT_ALU,         /* integer/float add, mul, fma, compare, select, convert */
  CT_LAT_SFU,         /* exp, log, rsqrt, sin, cos, div (MUFU) */
  CT_LAT_REDUCE,      /* warp-shuffle reduction/scan step sequence */
  CT_LAT__COUNT
} ct_lat_op;

/* Resource Reservation Table rows (the modulo scheduler's slot vocabulary). Issue slots are held
 * for one cycle by the op that issues there; singleton transport rows are held for the op's whole
 * occupancy (its latency-table entry). Blackwell uses all 15 rows; Hopper has no TMEM, so its
 * vocabulary is the 13 rows without tp_tmem_wr / tp_tmem_rd (ct_machine.row_mask).
 * Seed: "Blackwell Pipeline 15-Slot Model" (rows named there: tma, tp_smem_wr, tc_and_mma, tp_mma,
 * tp_tmem_wr, tp_tmem_rd; the remaining issue/transport rows are our reconstruction). */
typedef enum ct_sched_row {
  CT_ROW_ALU, CT_ROW_FMA, CT_ROW_SFU, CT_ROW_LSU, CT_ROW_TMA, CT_ROW_TC_AND_MMA, CT_ROW_SYNC,
  CT_ROW_BRANCH,                                           /* 8 issue slots */
  CT_ROW_TP_SMEM_WR, CT_ROW_TP_SMEM_RD, CT_ROW_TP_GMEM, CT_ROW_TP_MMA, CT_ROW_TP_TMEM_WR,
  CT_ROW_TP_TMEM_RD, CT_ROW_TP_REDUCE,                     /* 7 singleton transport rows */
  CT_ROW__COUNT
} ct_sched_row;
#define CT_ROW_ISSUE_COUNT 8

/* Capacity pools (index = the seed's pool index where it gives one). */
typedef enum ct_sched_pool {
  CT_POOL_MBARRIERS = 0,      /* est: 2 per pipe stage (full + empty) */
  CT_POOL_TMEM_BANKS = 1,     /* seed: TMEM bank pressure, cap 4 */
  CT_POOL_BULK_GROUPS = 2,    /* est: bulk async (TMA store) groups in flight */
  CT_POOL_CP_ASYNC_GROUPS = 3,/* est: cp.async commit groups in flight */
  CT_POOL_TMEM_COLUMNS = 4,   /* seed: 256 columns per SM (allocation, not per-iteration) */
  CT_POOL_SMEM_BYTES = 5,     /* seed: 227 KiB singleton SMEM lock */
  CT_POOL_NAMED_BARRIERS = 6, /* seed: cap 3, cross-iteration carry */
  CT_POOL__COUNT
} ct_sched_pool;

#define CT_SMEM_RING_SLACK 1024 /* run-time alignment of the pipes' ring (128B swizzle repeat; lower_hopper_loop.c) */
#define CT_SMEM_MBARRIER_PAIR_BYTES 16 /* a ring pipe's full + empty mbarrier of one stage (8 bytes each) */
#define CT_SCHED_BIG_M_CYCLES 5000 /* seed: HBM3e far-memory round-trip ceiling (Cycle Anchor Table) */

/* The instruction family an mmaf/mmai runs on (spelled in tileas.mma, attrs.h). */
typedef enum ct_mma_family {
  CT_MMA_SYNC,    /* "mma.sync" */
  CT_MMA_WGMMA,   /* "wgmma" (sm_90a) */
  CT_MMA_TCGEN05, /* "tcgen05.mma" (sm_100a) */
  CT_MMA_FMA,     /* "fma": no tensor cores, one multiply-add per element and k step */
} ct_mma_family;

/* Tensor-core rate classes (the operand element type of an mmaf/mmai). */
typedef enum ct_mma_rate {
  CT_MMA_RATE_F16,  /* f16, bf16 */
  CT_MMA_RATE_TF32, /* tf32, and f32 operands (run as tf32) */
  CT_MMA_RATE_F8,   /* f8E4M3FN, f8E5M2 */
  CT_MMA_RATE_I8,   /* i8 (mmai) */
  CT_MMA_RATE_F64,  /* f64 */
  CT_MMA_RATE__COUNT
} ct_mma_rate;

/* The latency-true roofline's machine figures (issue 12 item 3; seed 001 "Roofline Reasoning":
 * memory_cycles is the wall-clock cost of the loop's async loads, compute_cycles the throughput of
 * its compute). Published figures are cited in machine_<arch>.c; estimates are marked "est" there
 * and are the numbers to calibrate on a GPU (--num-stages sweeps). */
typedef struct ct_roofline_model {
  int sms;                 /* SMs per GPU: the SM's share of DRAM bandwidth is dram / sms */
  int clock_mhz;           /* SM clock the per-clock rates below assume */
  int dram_gb_per_s;       /* HBM bandwidth, GB/s */
  int load_latency_cycles; /* first byte of a global->SMEM load (TMA, cp.async, ld.global) */
  int mma_fma_per_cycle[CT_MMA_RATE__COUNT]; /* dense tensor-core multiply-adds per SM per clock */
  int mma_sync_divisor;    /* mma.sync runs at the tensor-core peak / this */
  int alu_lanes;           /* FP32/INT32 lanes per SM per clock (element-wise ops, fma-family mmaf) */
  int sfu_lanes;           /* MUFU lanes per SM per clock (exp, log, rsqrt, ...) */
} ct_roofline_model;

typedef struct ct_machine {
  const char *name;        /* "sm_90a" */
  ct_tileas_target target;
  int latency[CT_LAT__COUNT];
  int64_t smem_ceiling_bytes; /* capacity pool 5: 227 KiB per CTA */
  int64_t smem_per_sm_bytes;  /* shared memory of one SM (228 KiB): CTAs per SM share it */
  int64_t smem_reserved_per_cta; /* the 1 KiB the driver reserves per resident CTA */
  int tmem_bank_cap;          /* capacity pool 1: TMEM bank pressure cap (0 = no TMEM) */
  int tmem_banks_per_stage;   /* TMEM banks one in-flight TMEM-staged iteration holds */
  int smem_banks, smem_bank_bytes; /* 32 banks x 4 bytes */
  bool has_wgmma, has_tcgen05;
  uint32_t row_mask;                   /* rows this machine has (bit per ct_sched_row) */
  int64_t pool_cap[CT_POOL__COUNT];    /* capacity per pool (0 = pool absent) */
  int big_m_cycles;                    /* far-memory ceiling (CT_SCHED_BIG_M_CYCLES) */
  ct_roofline_model roofline;          /* latency-true stage count (roofline.c) */
} ct_machine;

const ct_machine *ct_machine_hopper(void);    /* machine_hopper.c */
const ct_machine *ct_machine_blackwell(void); /* machine_blackwell.c */
const ct_machine *ct_machine_for(ct_tileas_target t);
const char *ct_lat_op_name(ct_lat_op op);
const char *ct_sched_row_name(ct_sched_row r);
const char *ct_sched_pool_name(ct_sched_pool p);

/* The roofline terms of one loop iteration (roofline.c computes them from the IR; the schedule trace
 * prints them). memory = load_latency + transfer + staging; compute = mma + other (>= 1). */
typedef struct ct_roofline {
  int64_t load_bytes;      /* bytes one iteration's pipelined loads bring into shared memory */
  int load_latency;        /* ct_roofline_model.load_latency_cycles */
  double bytes_per_cycle;  /* the SM's share of DRAM bandwidth */
  int64_t transfer_cycles; /* ceil(load_bytes / bytes_per_cycle) */
  int staging_cycles;      /* SMEM->TMEM staging (tcgen05.cp) of TMEM-staged pipes */
  int64_t memory_cycles;
  int64_t mma_fmas;        /* multiply-adds of the iteration's mmaf/mmai */
  int64_t mma_cycles;      /* each at the SM's rate for its family and operand type */
  int64_t other_elements;  /* element results of the other compute ops (SFU ops weighted) */
  int64_t other_cycles;
  int64_t compute_cycles;
  int64_t period_cycles;   /* an iteration's steady-state period: max(compute, transfer) */
} ct_roofline;

/* The SM's share of DRAM bandwidth in bytes per clock. */
double ct_roofline_bytes_per_cycle(const ct_machine *m);
/* Fill the memory terms of r from load_bytes (and staging); memory_cycles = their sum. */
void ct_roofline_memory(const ct_machine *m, int64_t load_bytes, bool tmem_staged, ct_roofline *r);
/* Multiply-adds per SM per clock of one mma on family f with operands of rate class cls. */
int ct_roofline_mma_rate(const ct_machine *m, ct_mma_family f, ct_mma_rate cls);

/* The steady-state period of a pipelined iteration: the slower of its compute and of one stage's
 * transfer (a ring cannot deliver stages faster than the SM's share of bandwidth). */
int64_t ct_roofline_period(int64_t compute_cycles, int64_t transfer_cycles);
/* Roofline stage count (stage_count.c). */
typedef struct ct_stage_request {
  int64_t memory_cycles;  /* latency-true memory cycles of one iteration (ct_roofline) */
  int64_t compute_cycles; /* latency-true compute cycles of one iteration (>= 1) */
  int64_t transfer_cycles; /* one stage's bytes at the SM's DRAM share (0: none; the period is compute) */
  int64_t stage_bytes;    /* SMEM bytes one stage of all the loop's pipes holds */
  int64_t other_smem_bytes; /* SMEM already committed elsewhere in the kernel */
  bool tmem_staged;       /* a pipe of the loop stages through TMEM (pool 1 cap applies) */
  bool unlimited_smem;    /* TILE_AS_DEBUG_UNLIMITED_SMEM */
  int schedule_stages;    /* modulo scheduler: stages the placed schedule spans (0 = not scheduled) */
  int forced_stages;      /* --num-stages=N (0 = the model decides) */
  bool mma_in_flight;     /* the loop's tensor-core group stays in flight into the next iteration
                             (ct_loop_mma_in_flight): it holds one more stage */
  bool two_ctas_per_sm;   /* cap the ring so that two CTAs fit in an SM's shared memory (when the
                             smallest ring does) */
  int64_t reusable_smem_bytes; /* of other_smem_bytes: TMA-store staging the code generator lays
                             over the ring after the loop when the ring is at least as large */
} ct_stage_request;

typedef struct ct_stage_result {
  int roofline;   /* stages in flight: ceil(memory / period), period = max(compute, transfer) */
  int stages;     /* final: roofline + 1 (the stage being consumed) raised to the schedule's span,
                     clamped by SMEM and TMEM caps; 0 = does not fit. With forced_stages: exactly
                     that, never clamped (stages_fit tells whether it fits). */
  const char *limited_by; /* "roofline", "schedule", "smem", "occupancy", "tmem", "none-fits", "num-stages" */
  bool stages_fit;        /* forced_stages: the forced count fits the SMEM / TMEM caps */
} ct_stage_result;

ct_stage_result ct_stage_count(const ct_machine *m, const ct_stage_request *r);
#endif

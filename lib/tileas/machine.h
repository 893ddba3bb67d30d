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

typedef struct ct_machine {
  const char *name;        /* "sm_90a" */
  ct_tileas_target target;
  int latency[CT_LAT__COUNT];
  int64_t smem_ceiling_bytes; /* capacity pool 5: 227 KiB per CTA */
  int tmem_bank_cap;          /* capacity pool 1: TMEM bank pressure cap (0 = no TMEM) */
  int tmem_banks_per_stage;   /* TMEM banks one in-flight TMEM-staged iteration holds */
  int smem_banks, smem_bank_bytes; /* 32 banks x 4 bytes */
  bool has_wgmma, has_tcgen05;
} ct_machine;

const ct_machine *ct_machine_hopper(void);    /* machine_hopper.c */
const ct_machine *ct_machine_blackwell(void); /* machine_blackwell.c */
const ct_machine *ct_machine_for(ct_tileas_target t);
const char *ct_lat_op_name(ct_lat_op op);

/* Roofline stage count (stage_count.c). */
typedef struct ct_stage_request {
  int memory_cycles;      /* heaviest async load of the loop, SMEM->TMEM staging included */
  int compute_cycles;     /* summed latency of the loop's compute ops (>= 1) */
  int64_t stage_bytes;    /* SMEM bytes one stage of all the loop's pipes holds */
  int64_t other_smem_bytes; /* SMEM already committed elsewhere in the kernel */
  bool tmem_staged;       /* a pipe of the loop stages through TMEM (pool 1 cap applies) */
  bool unlimited_smem;    /* TILE_AS_DEBUG_UNLIMITED_SMEM */
} ct_stage_request;

typedef struct ct_stage_result {
  int roofline;   /* ceil(memory / compute) */
  int stages;     /* final: max(2, roofline) clamped by SMEM and TMEM caps; 0 = does not fit */
  const char *limited_by; /* "roofline", "min-2", "smem", "tmem", "none-fits" */
} ct_stage_result;

ct_stage_result ct_stage_count(const ct_machine *m, const ct_stage_request *r);
#endif

/* layout: the D14 layout selector — candidate generation (layer 1), structural filter (layer 2),
 * three-term score (layer 3) for one pipeline alias group (a load or store tile and its
 * consumers/producer), plus the SMEM bank-conflict model the score uses. An mma B operand is
 * described by its use (CT_USE_MMA_B) and its major-ness (k_major: the loaded tile is B^T).
 * Owner: tileas. */
#ifndef TILEC_TILEAS_LAYOUT_H
#define TILEC_TILEAS_LAYOUT_H
#include <stdbool.h>
#include <stdint.h>

#include "frontend/types.h"
#include "tileas/machine.h"

/* Transport atom moving the tile between global memory and the chip. */
typedef enum ct_atom {
  CT_ATOM_SIMT,     /* ld.global / st.global straight to/from registers (no SMEM) */
  CT_ATOM_CP_ASYNC, /* cp.async 16 B per thread into SMEM (loads only) */
  CT_ATOM_TMA,      /* cp.async.bulk.tensor (TMA) boxes, SMEM <-> global */
} ct_atom;

/* How the on-chip side reads (loads) or writes (stores) the tile. */
typedef enum ct_frag {
  CT_FRAG_BLOCKED,      /* per-thread 16 B row-major chunks in registers (elementwise use) */
  CT_FRAG_LDMATRIX,     /* ldmatrix 8x8 b16 matrices -> mma.sync register fragments */
  CT_FRAG_WGMMA_SMEM,   /* wgmma operand read from SMEM through a matrix descriptor (sm_90a) */
  CT_FRAG_TCGEN05_SMEM, /* tcgen05.mma operand read from SMEM through a descriptor (sm_100a) */
  CT_FRAG_TCGEN05_TMEM, /* A operand staged SMEM -> TMEM (tcgen05.cp), read from TMEM (sm_100a) */
  CT_FRAG_WGMMA_ACC,    /* store source: wgmma accumulator fragment (v2 per thread) */
  CT_FRAG_TCGEN05_ACC,  /* store source: tcgen05 accumulator in TMEM (tcgen05.ld first) */
  CT_FRAG_MMA_REG,      /* mma.sync operand fragment loaded straight from global (fallback only) */
} ct_frag;

typedef enum ct_use {
  CT_USE_ELEMENTWISE, /* load consumed by ordinary tile ops */
  CT_USE_MMA_A,       /* load consumed as the lhs of mmaf/mmai */
  CT_USE_MMA_B,       /* load consumed as the rhs (MN-major, or K-major when ct_layout_problem.k_major) */
  CT_USE_STORE,       /* store of a tile produced by ordinary ops */
  CT_USE_STORE_ACC,   /* store of an mma accumulator */
} ct_use;

/* What layer 1/2 know about one alias group. */
typedef struct ct_layout_problem {
  ct_elem elem;
  int rank;
  int64_t box[CT_MAX_RANK];  /* tile box; the innermost (last) dim is contiguous when inner_stride==1 */
  int64_t inner_stride;      /* element stride of the innermost tensor dim (1 = contiguous; 0 = unknown) */
  int64_t row_pitch_bytes;   /* byte stride of the next-outer dim (0 = dynamic/unknown) */
  int64_t row_pitch_div;     /* dynamic row pitch: a byte divisor of it proven by `assume div_by`
                                on the stride argument (0 = none) */
  int64_t base_align;        /* proven base alignment in bytes (0 = unknown) */
  bool identity_dim_map;
  ct_use use;
  bool k_major;              /* CT_USE_MMA_B stored K-major: the tile is B transposed (N rows x K
                                contiguous), read by the mma through cuda_tile.permute [1, 0] */
  int threads;               /* threads per CTA */
  const ct_machine *machine;
} ct_layout_problem;

typedef struct ct_layout_cost {
  int64_t smem_transactions; /* SMEM wavefronts: producer writes + consumer reads, conflicts included */
  int64_t tmem_cycles;
  int64_t live_registers;    /* per thread */
  int64_t bank_conflicts;    /* extra wavefronts over the conflict-free ideal */
  int64_t copy_instructions; /* TMA boxes / per-thread copy instructions (last tie-break) */
  double score;              /* w_smem*smem + w_tmem*tmem + w_reg*regs */
} ct_layout_cost;

typedef struct ct_layout_candidate {
  ct_atom atom;
  int swizzle;       /* 0 (none), 32, 64, 128 bytes; meaningless for SIMT */
  ct_frag frag;
  int slab_bytes;    /* width of one SMEM slab (= TMA box inner bytes) */
  int64_t tma_box[CT_MAX_RANK]; /* TMA box (elements), when atom == TMA */
  int64_t smem_bytes;  /* one stage */
  bool legal;
  const char *reject;  /* layer-2 reason when !legal */
  ct_layout_cost cost;
} ct_layout_candidate;

typedef struct ct_layout_weights {
  double smem, tmem, reg;
} ct_layout_weights;
#define CT_LAYOUT_DEFAULT_WEIGHTS ((ct_layout_weights){1.0, 4.0, 0.25})

typedef struct ct_layout_tunables {
  bool prefer_tma;        /* TILEIR_PREFER_TMA_FOR_LOAD_STORE=true */
  bool always_swizzle;    /* TILEIR_ALWAYS_SWIZZLE */
  bool delay_tma_store_wait; /* TILEIR_DELAY_TMA_STORE_WAIT */
  bool unlimited_smem;    /* TILE_AS_DEBUG_UNLIMITED_SMEM */
  bool disable_tcgen05;   /* TILEC_DISABLE_TCGEN05: sm_100a kernels stay on mma.sync (an escape hatch while the
                             tcgen05 path has not run on a B200) */
  ct_layout_weights weights; /* TILEC_LAYOUT_WEIGHTS=smem,tmem,reg (default 1,4,0.25) */
  bool weights_invalid;      /* TILEC_LAYOUT_WEIGHTS is not three non-negative numbers (TileAS reports it) */
  const char *invalid_bool;  /* the first boolean variable above set to something else (TileAS reports it) */
} ct_layout_tunables;
/* Defaults, then the environment variables above (booleans: unset, "", 0 / false / off / no = false;
 * 1 / true / on / yes = true; any case). */
void ct_layout_tunables_default(ct_layout_tunables *t);
void ct_layout_tunables_from_env(ct_layout_tunables *t);

#define CT_LAYOUT_MAX_CANDIDATES 64
typedef struct ct_layout_selection {
  ct_layout_candidate cand[CT_LAYOUT_MAX_CANDIDATES];
  int n;          /* generated (layer 1) */
  int nlegal;     /* surviving layer 2 */
  int chosen;     /* index into cand, -1 when nothing is legal */
  const char *bias; /* "prefer_tma", "always_swizzle" or NULL: which tunable narrowed the choice */
} ct_layout_selection;

/* Layers 1-3 (layout_select.c). */
void ct_layout_generate(const ct_layout_problem *p, ct_layout_selection *s);     /* layer 1 */
void ct_layout_filter(const ct_layout_problem *p, ct_layout_selection *s, bool unlimited_smem); /* layer 2 */
void ct_layout_cost_eval(const ct_layout_problem *p, ct_layout_candidate *c, const ct_layout_weights *w); /* layer 3 */
/* Total order of layer 3: score, then live registers, then bank conflicts, then copy
 * instructions; <0 when a is better. */
int ct_layout_compare(const ct_layout_cost *a, const ct_layout_cost *b);
/* All three layers plus the tunable biases. */
void ct_layout_select(const ct_layout_problem *p, const ct_layout_tunables *t, ct_layout_selection *s);

/* Spellings: one table each in attrs.c (inverses and the other TileAS enums: attrs.h). */
const char *ct_atom_name(ct_atom a);
const char *ct_frag_name(ct_frag f);

/* SMEM bank model (bank_model.c). Geometry of a tile staged in SMEM: rows x row_bytes, stored as
 * row_bytes/slab_bytes slabs of rows x slab_bytes each, then XOR-swizzled on address bits
 * (bits [7, 7+log2(swizzle/16)) into bits [4, ...)). */
typedef struct ct_smem_geom {
  int64_t rows, row_bytes;
  int slab_bytes;
  int swizzle; /* 0, 32, 64, 128 */
} ct_smem_geom;
uint32_t ct_smem_address(const ct_smem_geom *g, int64_t row, int64_t byte_col);
/* Wavefronts of one warp-wide access: n thread addresses of width bytes, split into phases of
 * 128 bytes; per phase the max number of distinct 4-byte words mapping to one bank. */
int64_t ct_bank_wavefronts(const ct_machine *m, const uint32_t *addr, int n, int width, int64_t *conflicts);
/* Whole-tile access patterns: total wavefronts (conflicts returned separately). */
int64_t ct_bank_matrix_reads(const ct_machine *m, const ct_smem_geom *g, int64_t *conflicts);  /* 8 rows x 16 B phases (ldmatrix, wgmma/tcgen05 core matrices) */
int64_t ct_bank_rowmajor_chunks(const ct_machine *m, const ct_smem_geom *g, int width, int64_t *conflicts); /* thread t -> t-th width-byte chunk, row-major */
int64_t ct_bank_acc_fragment(const ct_machine *m, const ct_smem_geom *g, int elem_bytes, int64_t *conflicts); /* wgmma accumulator fragment stores */
#endif

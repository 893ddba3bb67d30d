/* reg_layout: how a tile's elements are distributed over the threads of a CTA.
 *
 * A layout is a linear map (over GF(2), Triton's "linear layouts") from the bits of
 * (register index, lane id, warp id) to the bits of the element's row-major flat index in the
 * tile. Every basis is either 0 (replication: threads differing in that bit hold the same element)
 * or a single flat-index bit, and the non-zero bases are pairwise distinct, so
 *   flat(reg, lane, warp) = OR of the bases of the set bits,
 * the register part and the thread part never overlap, and each coordinate is
 *   coord_d = thread_part_d(tid) + reg_part_d(reg).
 * Because the map targets the flat index, `reshape` never moves data. Shapes are powers of two.
 *
 * Kinds built here:
 *  - blocked (ct_layout_blocked): Triton's blocked layout with order = last dim fastest:
 *    sizePerThread along the last dim = clamp(numel / threads, 1, 4) (≤ last dim), then lanes,
 *    then warps, then repetitions (extra registers) from the lowest flat bit up. Lanes/warps left
 *    over once the tile is covered replicate (basis 0).
 *  - mma accumulator (ct_layout_mma_acc): the m16n8 f32/f16 C fragment of mma.sync, tiled over a
 *    wm × wn warp grid; register k = ((mi * NT + ni) * 4 + c).
 *  - slice (ct_layout_slice): a reduction result (dim removed, its bits dropped).
 * An element is *owned* by the thread whose replicated lane/warp bits are all zero (so stores
 * write each element exactly once). Owner: tileas (TileAS decides register layouts; the code
 * generator reads them). */
#ifndef TILEC_TILEAS_REG_LAYOUT_H
#define TILEC_TILEAS_REG_LAYOUT_H
#include <stdbool.h>
#include <stdint.h>

#include <mlir-c/IR.h>

#include "frontend/types.h"

/* Register budget (lib/tileas/reg_pressure.c, lib/nvvm/reg_budget.c, docs/driver.md "Code generation limits"): the live
 * tiles of a kernel may need at most 7/8 of the 32-bit registers one thread can get,
 * min(CT_REG_MAX_PER_THREAD, CT_REG_FILE_PER_CTA / threads) — 223 at 128 or 256 threads, 112 at
 * 512, 56 at 1024 — the other eighth is for addresses, indices and predicates. Measured with
 * ptxas 13 on sm_90a (estimate -> ptxas): softmax 16x1024 f32 132 -> 188 registers, gemm 128x128
 * (sm_100a, mma.sync) 194 -> 198..214 registers, no spills; an estimate of 258..260 (addf or
 * softmax on 16x1024 / 32x1024) spills 104..664 bytes, 514..516 spills 5..10 KB (ptxas 5 s), and
 * 8192 (a 1024x1024 addf) does not assemble within a minute. */
#define CT_REG_MAX_PER_THREAD 255
#define CT_REG_FILE_PER_CTA 65536
/* Register bits of a layout: a budgeted tile holds at most 128 elements per thread; a non-splat
 * constant (replicated, at most 256 elements) sets the bound. Bigger tiles are refused (or split
 * into pieces) before a layout is built. */
#define CT_LAYOUT_MAX_REG_BITS 8
_Static_assert((1 << CT_LAYOUT_MAX_REG_BITS) >= CT_REG_MAX_PER_THREAD * 7 / 8, "a budgeted tile must fit a layout");
#define CT_LAYOUT_LANE_BITS 5
#define CT_LAYOUT_MAX_WARP_BITS 5

/* ---- reg_pressure.c: the estimate behind the budget ---- */
/* 32-bit registers per thread the live tiles of a kernel may need at nthreads threads per CTA. */
int64_t ct_reg_budget_words(int nthreads);
struct ct_hopper_plan;
typedef struct ct_reg_pressure {
  /* in */
  int nthreads;
  int64_t budget;                     /* words per thread (ct_reg_budget_words, or an agent's) */
  const struct ct_hopper_plan *plan;  /* the tiles its pipes keep in shared memory cost nothing; NULL: none */
  /* out */
  int64_t peak;                       /* the estimate (as far as it got) */
  MlirOperation fault;                /* where it stopped: the op that pushes it over the budget, or whose */
  int64_t need;                       /*   result is too wide (too_wide: result wide_result, wide_per */
  bool too_wide;                      /*   elements per thread); need: the pressure there */
  int wide_result;
  int64_t wide_per;
} ct_reg_pressure;
/* Estimate entry's peak registers per thread (docs/driver.md, "Code generation limits"); false
 * when it exceeds the budget, or a tile result holds more than 2^CT_LAYOUT_MAX_REG_BITS elements
 * per thread (the fault fields say where). */
bool ct_reg_pressure_fits(MlirOperation entry, ct_reg_pressure *p);

typedef struct ct_layout {
  int rank;
  int64_t shape[CT_MAX_RANK];
  int nreg_bits, nwarp_bits;
  uint32_t reg[CT_LAYOUT_MAX_REG_BITS];
  uint32_t lane[CT_LAYOUT_LANE_BITS];
  uint32_t warp[CT_LAYOUT_MAX_WARP_BITS];
} ct_layout;

int ct_log2_exact(int64_t v); /* -1 when v is not a power of two */
int ct_layout_flat_bits(const ct_layout *l);
int ct_layout_num_regs(const ct_layout *l);
/* Bit offset of dim d inside the flat index, and its width. */
int ct_layout_dim_offset(const ct_layout *l, int d);
int ct_layout_dim_bits(const ct_layout *l, int d);

/* Build layouts. Return false when the shape is not representable (not a power of two, too many
 * registers). nwarps is a power of two. */
bool ct_layout_blocked(ct_layout *out, int rank, const int64_t *shape, int nwarps);
/* Same with sizePerThread capped at 2^max_spt_bits elements (ct_layout_blocked: 2^2), e.g. 8 x f16
 * = 16 bytes per thread for tiles that are only staged to shared memory. */
bool ct_layout_blocked_spt(ct_layout *out, int rank, const int64_t *shape, int nwarps, int max_spt_bits);
bool ct_layout_mma_acc(ct_layout *out, int64_t m, int64_t n, int nwarps);
/* The tcgen05 accumulator as tcgen05.ld reads it back from TMEM. M = 128 rows = TMEM lanes (32x32b):
 * warp w reads lanes 32(w % 4) .. 32(w % 4) + 31 (the TMEM access restriction), one row per lane,
 * and the column group w / 4 of the N / (nwarps / 4) columns each thread holds, register r = column
 * r of its group; nwarps 4 or 8. M = 64 (data-path layout F, 16 rows per warp; 16x256b): the m16n8
 * C fragment per warp, i.e. the wgmma accumulator layout (ct_layout_mma_acc_grid, 4 warps). */
bool ct_layout_tcgen05_acc(ct_layout *out, int64_t m, int64_t n, int nwarps);
/* The same for an accumulator type c: 2-D, or batched [B, M, N] (the batch bits the highest
 * register bits: batch b's registers read TMEM columns b × N ..). */
bool ct_layout_tcgen05_acc_of(ct_layout *out, const ct_type *c, int nwarps);
/* Same on an explicit wm × wn warp grid (wgmma: wm = all warps, wn = 1). */
bool ct_layout_mma_acc_grid(ct_layout *out, int64_t m, int64_t n, int wm, int wn);
/* Batched (3-D [nb, m, n]) mma accumulator: the 2-D C fragment of every batch, the batch bits the
 * highest register bits (a thread holds its fragment of every batch; register b * R + k is
 * fragment register k of batch b); always rank 3. */
bool ct_layout_mma_acc_batched(ct_layout *out, int64_t nb, int64_t m, int64_t n, int wm, int wn);
/* wgmma's register fragment over all nwarps (wm = nwarps, wn = 1): the D accumulator [M, N], and A
 * read from registers [M, K]; for a batched mmaf (nb > 1) every batch's, the batch bits highest
 * (one chain per batch) — or, with more warps than 4 per 64 rows (batches split over warpgroups),
 * the low batch bits registers and the high ones warps. ct_layout_wgmma_frag_of: the same for tile type t, rank 2 or 3 ([nb, M, N]). */
bool ct_layout_wgmma_frag(ct_layout *out, int64_t nb, int64_t m, int64_t n, int nwarps);
bool ct_layout_wgmma_frag_of(ct_layout *out, const ct_type *t, int nwarps);
/* The mma accumulator layout of accumulator type c (rank 2, or rank 3: batched) over nwarps on
 * ct_layout_mma_warp_grid's grid. */
bool ct_layout_mma_acc_of(ct_layout *out, const ct_type *c, int nwarps);
/* Warp grid chosen for an m x n mma accumulator (wm * wn = nwarps); false when m/n too small. */
bool ct_layout_mma_warp_grid(int64_t m, int64_t n, int nwarps, int *wm, int *wn);
/* Reduction result of l along dim (rank - 1). */
void ct_layout_slice(ct_layout *out, const ct_layout *l, int dim);
/* Same map, relabelled with a new shape of the same element count. */
void ct_layout_reshape(ct_layout *out, const ct_layout *l, int rank, const int64_t *shape);
bool ct_layout_equal(const ct_layout *a, const ct_layout *b);
/* Every element in every thread: the registers are the row-major flat index (a non-splat constant). */
void ct_layout_replicated(ct_layout *out, int rank, const int64_t *shape, int nwarps);
/* The layout of `permute` of a tile in l: the bases follow their dims (perm[i] = source dim of dim i). */
void ct_layout_permute(ct_layout *out, const ct_layout *l, int rank, const int64_t *shape, const int32_t *perm);
/* Does some thread hold a different element than another (a non-zero lane or warp basis)? */
bool ct_layout_has_thread_bases(const ct_layout *l);

/* Flat element index held by (reg, lane, warp). */
uint32_t ct_layout_flat(const ct_layout *l, uint32_t reg, uint32_t lane, uint32_t warp);
/* Flat index of the register part of reg / of the thread part of tid. */
uint32_t ct_layout_reg_flat(const ct_layout *l, uint32_t reg);
uint32_t ct_layout_thread_flat(const ct_layout *l, uint32_t tid);
/* Coordinate d of a flat index. */
int64_t ct_layout_coord(const ct_layout *l, uint32_t flat, int d);
/* Does thread tid own the elements it holds (first holder of each replicated element)? */
bool ct_layout_thread_owns(const ct_layout *l, uint32_t tid);
/* Mask of tid bits that replicate (zero bases among lanes and warps). */
uint32_t ct_layout_replication_mask(const ct_layout *l);

/* A non-splat `constant` of at most CT_CONSTANT_REPLICATED_MAX elements is replicated in every
 * thread (its layout holds every element, no memory); a bigger one is spread like any tile and each
 * thread loads its elements from a read-only module global (lib/nvvm/lower_elementwise.c). True for
 * the replicated kind. */
#define CT_CONSTANT_REPLICATED_MAX 256
bool ct_constant_replicated(MlirOperation op);

/* A linear map between flat indices: dst flat bit i maps to src flat bits map[i] (0 = dropped).
 * Used by broadcast (broadcast dims dropped) and permute. */
typedef struct ct_flat_map {
  int nbits;
  uint32_t bit[32];
} ct_flat_map;
uint32_t ct_flat_map_apply(const ct_flat_map *m, uint32_t flat);
/* The map that changes nothing (every flat bit to itself). */
void ct_flat_map_identity(ct_flat_map *m);
/* The map of `broadcast` from a tile in src to one in dst (same rank; the dims src has as 1 and
 * dst stretches are dropped). */
void ct_layout_broadcast_map(const ct_layout *src, const ct_layout *dst, ct_flat_map *m);
/* When every thread can take each dst register from one of its own src registers:
 * fills reg_src[dst_reg] and returns true. */
bool ct_layout_register_remap(const ct_layout *dst, const ct_layout *src, const ct_flat_map *m, int *reg_src);

/* ---- the choices of TileAS's register-layout pass (reg_layouts.c), which writes them as
 * tileas.reg_layout; the code generator calls these only for an op that carries none (a
 * hand-written TileAS module), so both agree on the default ---- */
/* The layout of the tile a SIMT view load makes (tileas.load, tileaa.async_load): blocked, 16
 * bytes per thread when the tile only feeds mmaf. */
bool ct_reg_layout_for_view_load(MlirOperation op, int nwarps, ct_layout *out);
/* The k step of the mma.sync shape for mmaf/mmai operands of these element types, or 0: 16 for
 * f16/bf16 -> f32 and f16 -> f16 (m16n8k16), 8 for tf32 -> f32 (m16n8k8), 32 for e4m3/e5m2 -> f32/f16
 * and i8 -> i32 (m16n8k32). Every step is 32 bytes of K. */
int ct_reg_layout_mma_sync_kstep(const ct_type *a, const ct_type *b, const ct_type *c);
/* An mma's batch count (1 for 2-D) and M, K, N from its operand types, or false (rank not 2 or 3,
 * or the batches differ). */
bool ct_reg_layout_mma_dims(const ct_type *a, const ct_type *b, int64_t *nb, int64_t *m, int64_t *k, int64_t *n);
/* Do mmaf/mmai operands of these types fit mma.sync (a k step; M, N multiples of 16, 8; K of the
 * k step)? ..._ok: and with nwarps warps on ct_layout_mma_warp_grid's grid? */
bool ct_reg_layout_mma_sync_types_ok(const ct_type *a, const ct_type *b, const ct_type *c);
bool ct_reg_layout_mma_sync_ok(const ct_type *a, const ct_type *b, const ct_type *c, int nwarps);
/* The shared memory the code generator stages an mma.sync's operands in (lower_mma.c): A row-major,
 * B row-major (16-bit elements) or transposed (8- and 32-bit ones), every row padded by 16 bytes. */
int64_t ct_reg_layout_mma_sync_staging_bytes(const ct_type *a, const ct_type *b);
/* The warp grid (wm x wn = nwarps) whose mma.sync C-fragment layout for an m x n accumulator (of
 * every batch, for a rank-3 l) is l, or false. */
bool ct_reg_layout_mma_grid_of(const ct_layout *l, int64_t m, int64_t n, int nwarps, int *wm, int *wn);
#endif

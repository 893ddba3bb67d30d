/* reg_layout: linear register layouts of tiles (see reg_layout.h for the model). Algorithms: blocked
 * layouts assign flat-index bits from the lowest up to (sizePerThread regs, lanes, warps,
 * repetition regs); the mma accumulator layout follows the PTX m16n8 C-fragment table; remapping
 * checks that the thread bases agree and finds each destination register among the source
 * registers bit by bit. Knobs: sizePerThread cap (4 elements; ct_layout_blocked_spt takes it). */
#include "tileas/reg_layout.h"

#include <string.h>

#define BLOCKED_MAX_SPT_BITS 2 /* at most 4 consecutive elements per thread */

int ct_log2_exact(int64_t v) {
  if (v <= 0 || (v & (v - 1))) return -1;
  int r = 0;
  while ((1LL << r) < v) r++;
  return r;
}

int ct_layout_dim_bits(const ct_layout *l, int d) { return ct_log2_exact(l->shape[d]); }
int ct_layout_dim_offset(const ct_layout *l, int d) {
  int off = 0;
  for (int e = d + 1; e < l->rank; e++) off += ct_layout_dim_bits(l, e);
  return off;
}
int ct_layout_flat_bits(const ct_layout *l) {
  int f = 0;
  for (int d = 0; d < l->rank; d++) f += ct_layout_dim_bits(l, d);
  return f;
}
int ct_layout_num_regs(const ct_layout *l) { return 1 << l->nreg_bits; }

static bool shape_ok(int rank, const int64_t *shape, int *total) {
  int f = 0;
  for (int d = 0; d < rank; d++) {
    int b = ct_log2_exact(shape[d]);
    if (b < 0) return false;
    f += b;
  }
  *total = f;
  return f <= 31;
}

bool ct_layout_blocked(ct_layout *out, int rank, const int64_t *shape, int nwarps) {
  return ct_layout_blocked_spt(out, rank, shape, nwarps, BLOCKED_MAX_SPT_BITS);
}

bool ct_layout_blocked_spt(ct_layout *out, int rank, const int64_t *shape, int nwarps, int max_spt_bits) {
  memset(out, 0, sizeof *out);
  int fbits;
  if (rank < 0 || rank > CT_MAX_RANK || !shape_ok(rank, shape, &fbits)) return false;
  int wbits = ct_log2_exact(nwarps);
  if (wbits < 0 || wbits > CT_LAYOUT_MAX_WARP_BITS) return false;
  out->rank = rank;
  for (int d = 0; d < rank; d++) out->shape[d] = shape[d];
  out->nwarp_bits = wbits;
  int thread_bits = CT_LAYOUT_LANE_BITS + wbits;
  int spt = fbits - thread_bits;
  if (spt < 0) spt = 0;
  if (spt > max_spt_bits) spt = max_spt_bits;
  int last_bits = rank ? ct_log2_exact(shape[rank - 1]) : 0;
  if (spt > last_bits) spt = last_bits;
  int bit = 0;
  for (int i = 0; i < spt; i++) out->reg[out->nreg_bits++] = 1u << bit++;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++) out->lane[i] = bit < fbits ? 1u << bit++ : 0;
  for (int i = 0; i < wbits; i++) out->warp[i] = bit < fbits ? 1u << bit++ : 0;
  while (bit < fbits) {
    if (out->nreg_bits == CT_LAYOUT_MAX_REG_BITS) return false;
    out->reg[out->nreg_bits++] = 1u << bit++;
  }
  return true;
}

bool ct_layout_mma_warp_grid(int64_t m, int64_t n, int nwarps, int *wm, int *wn) {
  if (ct_log2_exact(m) < 4 || ct_log2_exact(n) < 3 || ct_log2_exact(nwarps) < 0) return false;
  int a = 1, b = 1;
  while (a * b < nwarps) {
    int64_t mt = m / (16 * a), nt = n / (8 * b);
    if (mt >= nt && mt > 1) a *= 2;
    else if (nt > 1) b *= 2;
    else if (mt > 1) a *= 2;
    else return false;
  }
  *wm = a;
  *wn = b;
  return true;
}

bool ct_layout_mma_acc(ct_layout *out, int64_t m, int64_t n, int nwarps) {
  memset(out, 0, sizeof *out);
  int wm, wn;
  if (!ct_layout_mma_warp_grid(m, n, nwarps, &wm, &wn)) return false;
  return ct_layout_mma_acc_grid(out, m, n, wm, wn);
}

bool ct_layout_mma_acc_of(ct_layout *out, const ct_type *c, int nwarps) {
  int r = c->rank;
  if (r == 2) return ct_layout_mma_acc(out, c->shape[0], c->shape[1], nwarps);
  int wm, wn;
  return r == 3 && ct_layout_mma_warp_grid(c->shape[1], c->shape[2], nwarps, &wm, &wn) &&
         ct_layout_mma_acc_batched(out, c->shape[0], c->shape[1], c->shape[2], wm, wn);
}

bool ct_layout_tcgen05_acc(ct_layout *out, int64_t m, int64_t n, int nwarps) {
  memset(out, 0, sizeof *out);
  /* M = 64 (data-path layout F: rows 16q.. in TMEM lanes 32q..32q+15) read with tcgen05.ld 16x256b:
   * per warp the m16n8 C fragment, i.e. the wgmma accumulator layout of one warpgroup */
  if (m == 64) return nwarps == 4 && ct_layout_mma_acc_grid(out, m, n, 4, 1);
  int lgn = ct_log2_exact(n), groups = nwarps / 4, lgg = ct_log2_exact(groups);
  if (m != 128 || lgn < 0 || lgg < 0 || nwarps % 4 || n < groups || lgn - lgg > CT_LAYOUT_MAX_REG_BITS) return false;
  out->rank = 2;
  out->shape[0] = m;
  out->shape[1] = n;
  int cols = lgn - lgg; /* log2 of the columns per thread */
  for (int i = 0; i < cols; i++) out->reg[out->nreg_bits++] = 1u << i;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++) out->lane[i] = 1u << (lgn + i); /* rows 0..31 of the quadrant */
  out->warp[out->nwarp_bits++] = 1u << (lgn + 5); /* warp bits 0, 1: the TMEM lane quadrant (rows 32q..) */
  out->warp[out->nwarp_bits++] = 1u << (lgn + 6);
  for (int i = 0; i < lgg; i++) out->warp[out->nwarp_bits++] = 1u << (cols + i); /* column group */
  return true;
}

bool ct_layout_tcgen05_acc_of(ct_layout *out, const ct_type *c, int nwarps) {
  if (c->rank == 2) return ct_layout_tcgen05_acc(out, c->shape[0], c->shape[1], nwarps);
  if (c->rank != 3 || !ct_layout_tcgen05_acc(out, c->shape[1], c->shape[2], nwarps)) return false;
  int lgb = ct_log2_exact(c->shape[0]), lgmn = ct_log2_exact(c->shape[1]) + ct_log2_exact(c->shape[2]);
  if (lgb < 0 || out->nreg_bits + lgb > CT_LAYOUT_MAX_REG_BITS || lgmn + lgb > 31) return false;
  out->rank = 3;
  out->shape[0] = c->shape[0];
  out->shape[1] = c->shape[1];
  out->shape[2] = c->shape[2];
  for (int i = 0; i < lgb; i++) out->reg[out->nreg_bits++] = 1u << (lgmn + i); /* the batch above every 2-D bit */
  return true;
}

bool ct_layout_mma_acc_grid(ct_layout *out, int64_t m, int64_t n, int wm, int wn) {
  memset(out, 0, sizeof *out);
  if (ct_log2_exact(m) < 4 || ct_log2_exact(n) < 3 || ct_log2_exact(wm) < 0 || ct_log2_exact(wn) < 0 || m < 16 * wm ||
      n < 8 * wn)
    return false;
  int lgn = ct_log2_exact(n), lgm = ct_log2_exact(m);
  if (lgm + lgn > 31) return false;
  out->rank = 2;
  out->shape[0] = m;
  out->shape[1] = n;
  int lg_wtile_n = ct_log2_exact(n / wn), lg_wtile_m = ct_log2_exact(m / wm);
#define COL(i) (1u << (i))
#define ROW(i) (1u << (lgn + (i)))
  /* register bits: 2, plus the warp tile's columns past 8 and rows past 16; counted before any is
   * written (reg[] holds CT_LAYOUT_MAX_REG_BITS) */
  int nbits = 2 + (lg_wtile_n > 3 ? lg_wtile_n - 3 : 0) + (lg_wtile_m > 4 ? lg_wtile_m - 4 : 0);
  if (nbits > CT_LAYOUT_MAX_REG_BITS) return false;
  int r = 0;
  out->reg[r++] = COL(0);
  out->reg[r++] = ROW(3);
  for (int i = 3; i < lg_wtile_n; i++) out->reg[r++] = COL(i);
  for (int i = 4; i < lg_wtile_m; i++) out->reg[r++] = ROW(i);
  out->nreg_bits = r;
  out->lane[0] = COL(1);
  out->lane[1] = COL(2);
  out->lane[2] = ROW(0);
  out->lane[3] = ROW(1);
  out->lane[4] = ROW(2);
  int w = 0;
  for (int i = lg_wtile_n; i < lgn; i++) out->warp[w++] = COL(i);
  for (int i = lg_wtile_m; i < lgm; i++) out->warp[w++] = ROW(i);
  out->nwarp_bits = w;
#undef COL
#undef ROW
  return true;
}

static uint32_t slice_bits(uint32_t mask, int off, int width) {
  uint32_t dim_mask = ((1u << width) - 1) << off;
  uint32_t low = mask & ((1u << off) - 1);
  uint32_t high = (mask & ~dim_mask & ~((1u << off) - 1)) >> width;
  return low | high;
}

void ct_layout_slice(ct_layout *out, const ct_layout *l, int dim) {
  ct_layout r;
  memset(&r, 0, sizeof r);
  int off = ct_layout_dim_offset(l, dim), width = ct_layout_dim_bits(l, dim);
  uint32_t dim_mask = ((1u << width) - 1) << off;
  r.rank = l->rank - 1;
  for (int d = 0, e = 0; d < l->rank; d++)
    if (d != dim) r.shape[e++] = l->shape[d];
  for (int i = 0; i < l->nreg_bits; i++)
    if (l->reg[i] & ~dim_mask) r.reg[r.nreg_bits++] = slice_bits(l->reg[i], off, width);
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++) r.lane[i] = slice_bits(l->lane[i], off, width);
  r.nwarp_bits = l->nwarp_bits;
  for (int i = 0; i < l->nwarp_bits; i++) r.warp[i] = slice_bits(l->warp[i], off, width);
  *out = r;
}

void ct_layout_reshape(ct_layout *out, const ct_layout *l, int rank, const int64_t *shape) {
  ct_layout r = *l;
  r.rank = rank;
  for (int d = 0; d < CT_MAX_RANK; d++) r.shape[d] = d < rank ? shape[d] : 0;
  *out = r;
}

void ct_layout_replicated(ct_layout *out, int rank, const int64_t *shape, int nwarps) {
  memset(out, 0, sizeof *out);
  out->rank = rank;
  for (int d = 0; d < rank; d++) out->shape[d] = shape[d];
  out->nwarp_bits = ct_log2_exact(nwarps);
  int fb = ct_layout_flat_bits(out);
  for (int i = 0; i < fb && i < CT_LAYOUT_MAX_REG_BITS; i++) out->reg[out->nreg_bits++] = 1u << i;
}

static uint32_t permute_bits(uint32_t m, const ct_layout *src, const ct_layout *dst, const int32_t *perm) {
  uint32_t out = 0;
  for (int i = 0; i < dst->rank; i++) {
    int sd = perm[i];
    int soff = ct_layout_dim_offset(src, sd), w = ct_layout_dim_bits(src, sd);
    int doff = ct_layout_dim_offset(dst, i);
    out |= ((m >> soff) & ((1u << w) - 1)) << doff;
  }
  return out;
}

void ct_layout_permute(ct_layout *out, const ct_layout *l, int rank, const int64_t *shape, const int32_t *perm) {
  ct_layout r = *l;
  r.rank = rank;
  for (int i = 0; i < rank; i++) r.shape[i] = shape[i];
  for (int i = 0; i < l->nreg_bits; i++) r.reg[i] = permute_bits(l->reg[i], l, &r, perm);
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++) r.lane[i] = permute_bits(l->lane[i], l, &r, perm);
  for (int i = 0; i < l->nwarp_bits; i++) r.warp[i] = permute_bits(l->warp[i], l, &r, perm);
  *out = r;
}

bool ct_layout_has_thread_bases(const ct_layout *l) {
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (l->lane[i]) return true;
  for (int i = 0; i < l->nwarp_bits; i++)
    if (l->warp[i]) return true;
  return false;
}

bool ct_layout_equal(const ct_layout *a, const ct_layout *b) {
  if (a->rank != b->rank || a->nreg_bits != b->nreg_bits || a->nwarp_bits != b->nwarp_bits) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  for (int i = 0; i < a->nreg_bits; i++)
    if (a->reg[i] != b->reg[i]) return false;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (a->lane[i] != b->lane[i]) return false;
  for (int i = 0; i < a->nwarp_bits; i++)
    if (a->warp[i] != b->warp[i]) return false;
  return true;
}

uint32_t ct_layout_reg_flat(const ct_layout *l, uint32_t reg) {
  uint32_t f = 0;
  for (int i = 0; i < l->nreg_bits; i++)
    if (reg >> i & 1) f ^= l->reg[i];
  return f;
}

uint32_t ct_layout_thread_flat(const ct_layout *l, uint32_t tid) {
  uint32_t f = 0;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (tid >> i & 1) f ^= l->lane[i];
  for (int i = 0; i < l->nwarp_bits; i++)
    if (tid >> (CT_LAYOUT_LANE_BITS + i) & 1) f ^= l->warp[i];
  return f;
}

uint32_t ct_layout_flat(const ct_layout *l, uint32_t reg, uint32_t lane, uint32_t warp) {
  return ct_layout_reg_flat(l, reg) ^ ct_layout_thread_flat(l, lane | warp << CT_LAYOUT_LANE_BITS);
}

int64_t ct_layout_coord(const ct_layout *l, uint32_t flat, int d) {
  return (flat >> ct_layout_dim_offset(l, d)) & ((1u << ct_layout_dim_bits(l, d)) - 1);
}

uint32_t ct_layout_replication_mask(const ct_layout *l) {
  uint32_t m = 0;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (!l->lane[i]) m |= 1u << i;
  for (int i = 0; i < l->nwarp_bits; i++)
    if (!l->warp[i]) m |= 1u << (CT_LAYOUT_LANE_BITS + i);
  return m;
}

bool ct_layout_thread_owns(const ct_layout *l, uint32_t tid) { return (tid & ct_layout_replication_mask(l)) == 0; }

uint32_t ct_flat_map_apply(const ct_flat_map *m, uint32_t flat) {
  uint32_t r = 0;
  for (int i = 0; i < m->nbits; i++)
    if (flat >> i & 1) r ^= m->bit[i];
  return r;
}

void ct_flat_map_identity(ct_flat_map *m) {
  m->nbits = 32;
  for (int i = 0; i < 32; i++) m->bit[i] = 1u << i;
}

void ct_layout_broadcast_map(const ct_layout *src, const ct_layout *dst, ct_flat_map *m) {
  memset(m, 0, sizeof *m);
  m->nbits = ct_layout_flat_bits(dst);
  for (int d = 0; d < dst->rank; d++) {
    int doff = ct_layout_dim_offset(dst, d), w = ct_layout_dim_bits(dst, d);
    bool dropped = src->shape[d] == 1 && dst->shape[d] != 1;
    int soff = ct_layout_dim_offset(src, d);
    for (int p = 0; p < w; p++) m->bit[doff + p] = dropped ? 0 : 1u << (soff + p);
  }
}

bool ct_layout_register_remap(const ct_layout *dst, const ct_layout *src, const ct_flat_map *m, int *reg_src) {
  if (dst->nwarp_bits != src->nwarp_bits) return false;
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (ct_flat_map_apply(m, dst->lane[i]) != src->lane[i]) return false;
  for (int i = 0; i < dst->nwarp_bits; i++)
    if (ct_flat_map_apply(m, dst->warp[i]) != src->warp[i]) return false;
  int n = ct_layout_num_regs(dst);
  for (int k = 0; k < n; k++) {
    uint32_t want = ct_flat_map_apply(m, ct_layout_reg_flat(dst, (uint32_t)k));
    int from = 0;
    for (int bit = 0; bit < 32; bit++) {
      if (!(want >> bit & 1)) continue;
      int j = 0;
      while (j < src->nreg_bits && src->reg[j] != (1u << bit)) j++;
      if (j == src->nreg_bits) return false;
      from |= 1 << j;
    }
    reg_src[k] = from;
  }
  return true;
}

/* The 2-D accumulator layout `out` (m x n) made batched [nb, m, n]: the batch bits above every 2-D
 * bit (row-major flat index: the 2-D bits keep their places), the low ones registers and the
 * highest lg_warps of them warp bits after the 2-D layout's. */
static bool add_batch_bits(ct_layout *out, int64_t nb, int64_t m, int64_t n, int lg_warps) {
  int lgb = ct_log2_exact(nb), lgmn = ct_log2_exact(m) + ct_log2_exact(n);
  if (lgb < 0 || lg_warps < 0 || lg_warps > lgb || out->nreg_bits + lgb - lg_warps > CT_LAYOUT_MAX_REG_BITS ||
      lgmn + lgb > 31)
    return false;
  out->rank = 3;
  out->shape[0] = nb;
  out->shape[1] = m;
  out->shape[2] = n;
  for (int i = 0; i < lgb - lg_warps; i++) out->reg[out->nreg_bits++] = 1u << (lgmn + i);
  for (int i = lgb - lg_warps; i < lgb; i++) out->warp[out->nwarp_bits++] = 1u << (lgmn + i);
  return true;
}

bool ct_layout_mma_acc_batched(ct_layout *out, int64_t nb, int64_t m, int64_t n, int wm, int wn) {
  return ct_layout_mma_acc_grid(out, m, n, wm, wn) && add_batch_bits(out, nb, m, n, 0);
}

bool ct_layout_wgmma_frag(ct_layout *out, int64_t nb, int64_t m, int64_t n, int nwarps) {
  if (nb <= 1) return ct_layout_mma_acc_grid(out, m, n, nwarps, 1);
  int wm = m % 64 == 0 && nwarps > 4 * (m / 64) ? (int)(4 * (m / 64)) : nwarps; /* (the warps along M) */
  /* the warpgroups beyond M's split the batch (hopper_plan.h batch_warpgroups): the high batch bits
   * are the warp bits above M's, so warpgroup w holds batches (w / (m / 64)) x nb / g .. of nb for
   * g = nwarps / wm */
  return nwarps % wm == 0 && ct_layout_mma_acc_grid(out, m, n, wm, 1) &&
         add_batch_bits(out, nb, m, n, ct_log2_exact(nwarps / wm));
}

bool ct_layout_wgmma_frag_of(ct_layout *out, const ct_type *t, int nwarps) {
  if (t->rank == 2) return ct_layout_wgmma_frag(out, 1, t->shape[0], t->shape[1], nwarps);
  return t->rank == 3 && ct_layout_wgmma_frag(out, t->shape[0], t->shape[1], t->shape[2], nwarps);
}

bool ct_reg_layout_mma_grid_of(const ct_layout *l, int64_t m, int64_t n, int nwarps, int *wm, int *wn) {
  for (int a = 1; a <= nwarps; a *= 2) {
    ct_layout g;
    bool made = l->rank == 3 ? ct_layout_mma_acc_batched(&g, l->shape[0], m, n, a, nwarps / a)
                             : ct_layout_mma_acc_grid(&g, m, n, a, nwarps / a);
    if (nwarps % a || !made || !ct_layout_equal(&g, l)) continue;
    *wm = a;
    *wn = nwarps / a;
    return true;
  }
  return false;
}

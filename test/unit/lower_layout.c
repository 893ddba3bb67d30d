/* lower_layout: checks the register layouts of lib/tileas/reg_layout.c against brute-force C models:
 *  - blocked layouts (default and ct_layout_blocked_spt's wider sizePerThread): every element has
 *    exactly one owner, ownership matches replication, and the (reg, lane, warp) → coordinate
 *    map equals a direct Triton-style blocked formula;
 *  - the mma accumulator layout equals the PTX m16n8 C-fragment table over the warp grid;
 *  - slices (reduce results) and register remapping (broadcast of a slice) agree with
 *    element-by-element models. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tileas/reg_layout.h"

#include "unit_check.h"

static int64_t numel(int rank, const int64_t *shape) {
  int64_t n = 1;
  for (int d = 0; d < rank; d++) n *= shape[d];
  return n;
}

/* Direct blocked model: sizePerThread along the last dim, then lanes, warps, repetitions,
 * row-major flat index, wrap-around (replication) when the tile is smaller than the CTA. */
static uint32_t model_blocked_flat(int64_t total, int spt, uint32_t reg, uint32_t lane, uint32_t warp, int nwarps) {
  uint32_t in_thread = reg % (uint32_t)spt, rep = reg / (uint32_t)spt;
  uint64_t cta = (uint64_t)spt * 32 * (uint64_t)nwarps;
  uint64_t idx = (uint64_t)rep * cta + ((uint64_t)warp * 32 + lane) * (uint64_t)spt + in_thread;
  return (uint32_t)(idx % (uint64_t)total);
}

/* max_spt_bits < 0: the default ct_layout_blocked (4 elements per thread at most). */
static void test_blocked_cap(int rank, const int64_t *shape, int nwarps, int max_spt_bits) {
  ct_layout l;
  if (max_spt_bits < 0) CHECK(ct_layout_blocked(&l, rank, shape, nwarps), "blocked layout failed");
  else CHECK(ct_layout_blocked_spt(&l, rank, shape, nwarps, max_spt_bits), "blocked_spt layout failed");
  int cap = 1 << (max_spt_bits < 0 ? 2 : max_spt_bits);
  int64_t total = numel(rank, shape);
  int nregs = ct_layout_num_regs(&l);
  int nthreads = 32 * nwarps;
  int spt = 1;
  while (spt < cap && spt * 2 <= shape[rank ? rank - 1 : 0] && total / nthreads >= spt * 2 && rank) spt *= 2;
  int *owners = calloc((size_t)total, sizeof *owners);
  int *holders = calloc((size_t)total, sizeof *holders);
  for (int t = 0; t < nthreads; t++)
    for (int r = 0; r < nregs; r++) {
      uint32_t f = ct_layout_flat(&l, (uint32_t)r, (uint32_t)t % 32, (uint32_t)t / 32);
      CHECK(f < total, "flat %u out of range", f);
      if (f >= total) continue;
      holders[f]++;
      if (ct_layout_thread_owns(&l, (uint32_t)t)) owners[f]++;
      uint32_t m = model_blocked_flat(total, spt, (uint32_t)r, (uint32_t)t % 32, (uint32_t)t / 32, nwarps);
      CHECK(m == f, "rank %d shape0 %lld: thread %d reg %d: layout %u model %u", rank, (long long)shape[0], t, r, f, m);
      /* coordinate decomposition */
      uint32_t rest = f;
      for (int d = rank - 1; d >= 0; d--) {
        CHECK(ct_layout_coord(&l, f, d) == (int64_t)(rest % (uint32_t)shape[d]), "coord mismatch");
        rest /= (uint32_t)shape[d];
      }
    }
  for (int64_t e = 0; e < total; e++) {
    CHECK(owners[e] == 1, "element %lld has %d owners", (long long)e, owners[e]);
    CHECK(holders[e] >= 1, "element %lld not held", (long long)e);
  }
  free(owners);
  free(holders);
}

static void test_blocked(int rank, const int64_t *shape, int nwarps) { test_blocked_cap(rank, shape, nwarps, -1); }

static void test_mma(int64_t m, int64_t n, int nwarps) {
  ct_layout l;
  int wm, wn;
  CHECK(ct_layout_mma_acc(&l, m, n, nwarps), "mma layout failed for %lldx%lld", (long long)m, (long long)n);
  CHECK(ct_layout_mma_warp_grid(m, n, nwarps, &wm, &wn), "warp grid");
  int64_t WM = m / wm, WN = n / wn, NT = WN / 8;
  int nregs = ct_layout_num_regs(&l);
  CHECK(nregs == (int)(m * n / (32 * nwarps)), "mma regs %d", nregs);
  char *seen = calloc((size_t)(m * n), 1);
  for (int warp = 0; warp < nwarps; warp++)
    for (int lane = 0; lane < 32; lane++)
      for (int k = 0; k < nregs; k++) {
        int c = k % 4, tile = k / 4;
        int64_t mi = tile / NT, ni = tile % NT;
        int64_t row = (warp / wn) * WM + mi * 16 + lane / 4 + 8 * (c >> 1);
        int64_t col = (warp % wn) * WN + ni * 8 + 2 * (lane % 4) + (c & 1);
        uint32_t f = ct_layout_flat(&l, (uint32_t)k, (uint32_t)lane, (uint32_t)warp);
        CHECK(f == (uint32_t)(row * n + col), "mma %lldx%lld warp %d lane %d reg %d: got (%lld,%lld) want (%lld,%lld)",
              (long long)m, (long long)n, warp, lane, k, (long long)(f / n), (long long)(f % n), (long long)row,
              (long long)col);
        if (f < m * n) seen[f]++;
      }
  for (int64_t e = 0; e < m * n; e++) CHECK(seen[e] == 1, "mma element %lld seen %d times", (long long)e, seen[e]);
  free(seen);
}

/* Batched accumulator: register b * R + k of a thread is register k of the 2-D fragment in batch b
 * (lower_mma.c indexes the registers so), and the layout's grid is found again from it. */
static void test_mma_batched(int64_t nb, int64_t m, int64_t n, int nwarps) {
  ct_layout l2, l3;
  ct_type c = {.kind = CT_TYPE_TILE, .elem = CT_F32, .rank = 3, .shape = {nb, m, n}};
  CHECK(ct_layout_mma_acc(&l2, m, n, nwarps), "2-D mma layout");
  CHECK(ct_layout_mma_acc_of(&l3, &c, nwarps), "batched mma layout failed for %lldx%lldx%lld", (long long)nb, (long long)m,
        (long long)n);
  CHECK(l3.rank == 3 && l3.shape[0] == nb, "batched layout rank/shape");
  int r2 = ct_layout_num_regs(&l2);
  CHECK(ct_layout_num_regs(&l3) == (int)nb * r2, "batched regs %d", ct_layout_num_regs(&l3));
  for (int warp = 0; warp < nwarps; warp++)
    for (int lane = 0; lane < 32; lane++)
      for (int64_t b = 0; b < nb; b++)
        for (int k = 0; k < r2; k++) {
          uint32_t f2 = ct_layout_flat(&l2, (uint32_t)k, (uint32_t)lane, (uint32_t)warp);
          uint32_t f3 = ct_layout_flat(&l3, (uint32_t)(b * r2 + k), (uint32_t)lane, (uint32_t)warp);
          CHECK(f3 == (uint32_t)(b * m * n) + f2, "batch %lld reg %d: flat %u, want %u", (long long)b, k, f3,
                (uint32_t)(b * m * n) + f2);
        }
  int wm, wn, gm, gn;
  CHECK(ct_layout_mma_warp_grid(m, n, nwarps, &wm, &wn) && ct_reg_layout_mma_grid_of(&l3, m, n, nwarps, &gm, &gn) &&
        gm == wm && gn == wn, "the batched layout's warp grid");
}

/* Reduce model: thread t, slice register j holds the slice element whose coordinates are those of
 * any of its source registers with the reduced dim dropped. */
static void test_slice_and_broadcast(int64_t rows, int64_t cols, int nwarps) {
  int64_t shape[2] = {rows, cols};
  ct_layout l, s, s2, dst;
  CHECK(ct_layout_blocked(&l, 2, shape, nwarps), "blocked");
  ct_layout_slice(&s, &l, 1);
  CHECK(s.rank == 1 && s.shape[0] == rows, "slice shape");
  for (int t = 0; t < 32 * nwarps; t++)
    for (int k = 0; k < ct_layout_num_regs(&l); k++) {
      uint32_t f = ct_layout_flat(&l, (uint32_t)k, (uint32_t)t % 32, (uint32_t)t / 32);
      int64_t row = f / cols;
      /* the slice register j: k with the column reg bits removed */
      int j = 0, jb = 0;
      for (int bit = 0; bit < l.nreg_bits; bit++) {
        if (l.reg[bit] < (uint32_t)cols) continue;
        if (k >> bit & 1) j |= 1 << jb;
        jb++;
      }
      uint32_t sf = ct_layout_flat(&s, (uint32_t)j, (uint32_t)t % 32, (uint32_t)t / 32);
      CHECK(sf == (uint32_t)row, "slice: thread %d reg %d row %lld got %u", t, k, (long long)row, sf);
    }
  /* reshape to rows x 1 then broadcast back to rows x cols: register rename expected */
  int64_t col1[2] = {rows, 1};
  ct_layout_reshape(&s2, &s, 2, col1);
  CHECK(ct_layout_blocked(&dst, 2, shape, nwarps), "blocked dst");
  ct_flat_map m;
  memset(&m, 0, sizeof m);
  int cb = ct_log2_exact(cols), rb = ct_log2_exact(rows);
  m.nbits = cb + rb;
  for (int i = 0; i < rb; i++) m.bit[cb + i] = 1u << i;
  int *reg_src = calloc((size_t)ct_layout_num_regs(&dst), sizeof *reg_src);
  bool ok = ct_layout_register_remap(&dst, &s2, &m, reg_src);
  CHECK(ok, "broadcast of a slice should be a register rename (%lldx%lld)", (long long)rows, (long long)cols);
  if (ok)
    for (int t = 0; t < 32 * nwarps; t++)
      for (int k = 0; k < ct_layout_num_regs(&dst); k++) {
        uint32_t f = ct_layout_flat(&dst, (uint32_t)k, (uint32_t)t % 32, (uint32_t)t / 32);
        uint32_t src = ct_layout_flat(&s2, (uint32_t)reg_src[k], (uint32_t)t % 32, (uint32_t)t / 32);
        CHECK(src == f / (uint32_t)cols, "broadcast thread %d reg %d: row %u from %u", t, k, f / (uint32_t)cols, src);
      }
  free(reg_src);
}

int main(void) {
  int64_t s1[1] = {1024}, s2[1] = {8}, s3[2] = {128, 32}, s4[2] = {4, 1024}, s5[3] = {2, 4, 64}, s6[2] = {64, 1};
  test_blocked(1, s1, 4);
  test_blocked(1, s2, 4);
  test_blocked(2, s3, 4);
  test_blocked(2, s4, 4);
  test_blocked(3, s5, 8);
  test_blocked(2, s6, 4);
  test_blocked(0, s1, 4);
  test_blocked(2, s3, 1);
  /* 16 bytes per thread (8 x f16) for tiles staged to shared memory for mmaf */
  int64_t a_tile[2] = {128, 32}, b_tile[2] = {32, 128}, narrow[2] = {64, 4}, small[2] = {16, 16};
  test_blocked_cap(2, a_tile, 4, 3);
  test_blocked_cap(2, b_tile, 4, 3);
  test_blocked_cap(2, b_tile, 8, 4);
  test_blocked_cap(2, narrow, 4, 3);
  test_blocked_cap(2, small, 4, 3);
  {
    ct_layout w;
    CHECK(ct_layout_blocked_spt(&w, 2, a_tile, 4, 3), "wide");
    for (int i = 0; i < 3; i++) CHECK(w.reg[i] == 1u << i, "wide layout: reg bit %d must be column bit %d", i, i);
  }
  test_mma(128, 128, 4);
  test_mma(64, 64, 4);
  test_mma(16, 8, 1);
  test_mma(128, 64, 8);
  test_mma(32, 256, 4);
  test_mma_batched(4, 32, 32, 4);
  test_mma_batched(2, 64, 64, 4);
  test_mma_batched(1, 16, 8, 1);
  test_mma_batched(8, 16, 16, 2);
  test_slice_and_broadcast(4, 1024, 4);
  test_slice_and_broadcast(128, 32, 4);
  test_slice_and_broadcast(64, 64, 8);
  /* unsupported shapes are rejected, not mangled */
  ct_layout l;
  int64_t bad[1] = {6};
  CHECK(!ct_layout_blocked(&l, 1, bad, 4), "non power of two must be rejected");
  CHECK(!ct_layout_mma_acc(&l, 8, 8, 4), "too small for mma must be rejected");
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("lower_layout: ok\n");
  return 0;
}

/* bank_model: the shared-memory bank-conflict model the layout selector's SMEM term uses.
 *
 * Algorithm: SMEM has `smem_banks` banks of `smem_bank_bytes` bytes (32 x 4 on sm_90a/sm_100a).
 * A warp-wide access of n threads x `width` bytes is served in phases of 128 bytes (8 threads for
 * 16-byte accesses, 16 for 8-byte, 32 for <= 4-byte). In one phase, each bank delivers one 4-byte
 * word per wavefront; distinct words in the same bank serialise, identical words broadcast. So a
 * phase costs max_bank(#distinct words in the bank) wavefronts; the ideal is 1; the excess is the
 * bank-conflict count. Tile addresses come from ct_smem_address: the tile is stored as slabs of
 * rows x slab_bytes (TMA boxes / wgmma atoms), XOR-swizzled like the hardware's
 * CU_TENSOR_MAP_SWIZZLE_{32,64,128}B: address bits [7, 7+log2(swizzle/16)) flip bits [4, ...).
 * Access patterns modelled: 8-row x 16-byte matrix reads (ldmatrix phases, wgmma/tcgen05 core
 * matrices), row-major per-thread chunks (cp.async writes, ld/st.shared.v4 of blocked tiles),
 * wgmma accumulator fragment stores (row 16w + lane/4 (+8), column 8j + 2*(lane%4)).
 * Seed: "Three-Layer Cost Model" SMEM term and bank-conflict tie-break ("32-byte transactions"
 * counted here as 128-byte-phase wavefronts). Knobs: none (geometry comes from the machine table). */
#include "tileas/layout.h"

uint32_t ct_smem_address(const ct_smem_geom *g, int64_t row, int64_t byte_col) {
  int64_t slab = g->slab_bytes > 0 ? g->slab_bytes : g->row_bytes;
  int64_t a = (byte_col / slab) * (g->rows * slab) + row * slab + byte_col % slab;
  if (g->swizzle >= 32) {
    int64_t mask = g->swizzle / 16 - 1;
    a ^= ((a >> 7) & mask) << 4;
  }
  return (uint32_t)a;
}

int64_t ct_bank_wavefronts(const ct_machine *m, const uint32_t *addr, int n, int width, int64_t *conflicts) {
  int bank_bytes = m->smem_bank_bytes, banks = m->smem_banks;
  int per_phase = width >= 4 ? (banks * bank_bytes) / width : n;
  if (per_phase < 1) per_phase = 1;
  int64_t total = 0;
  for (int p0 = 0; p0 < n; p0 += per_phase) {
    uint32_t words[256];
    int nw = 0;
    for (int t = p0; t < n && t < p0 + per_phase; t++)
      for (uint32_t w = addr[t] / bank_bytes; w <= (addr[t] + (uint32_t)width - 1) / bank_bytes && nw < 256; w++) {
        bool seen = false;
        for (int k = 0; k < nw; k++) seen |= words[k] == w;
        if (!seen) words[nw++] = w;
      }
    int worst = 0;
    for (int b = 0; b < banks; b++) {
      int cnt = 0;
      for (int k = 0; k < nw; k++) cnt += (int)(words[k] % (uint32_t)banks) == b;
      if (cnt > worst) worst = cnt;
    }
    if (worst < 1) worst = 1;
    total += worst;
    if (conflicts) *conflicts += worst - 1;
  }
  return total;
}

int64_t ct_bank_matrix_reads(const ct_machine *m, const ct_smem_geom *g, int64_t *conflicts) {
  int64_t total = 0;
  for (int64_t r0 = 0; r0 < g->rows; r0 += 8)
    for (int64_t c = 0; c + 16 <= g->row_bytes; c += 16) {
      uint32_t addr[8];
      int n = 0;
      for (int64_t r = r0; r < r0 + 8 && r < g->rows; r++) addr[n++] = ct_smem_address(g, r, c);
      total += ct_bank_wavefronts(m, addr, n, 16, conflicts);
    }
  return total;
}

int64_t ct_bank_rowmajor_chunks(const ct_machine *m, const ct_smem_geom *g, int width, int64_t *conflicts) {
  int64_t per_row = g->row_bytes / width, chunks = g->rows * per_row, total = 0;
  if (per_row < 1) return 0;
  for (int64_t w0 = 0; w0 < chunks; w0 += 32) {
    uint32_t addr[32];
    int n = 0;
    for (int64_t i = w0; i < w0 + 32 && i < chunks; i++) addr[n++] = ct_smem_address(g, i / per_row, (i % per_row) * width);
    total += ct_bank_wavefronts(m, addr, n, width, conflicts);
  }
  return total;
}

int64_t ct_bank_acc_fragment(const ct_machine *m, const ct_smem_geom *g, int elem_bytes, int64_t *conflicts) {
  int64_t cols = g->row_bytes / elem_bytes, total = 0;
  for (int64_t r0 = 0; r0 < g->rows; r0 += 16)   /* one warp owns 16 rows */
    for (int64_t j = 0; j + 8 <= cols; j += 8)      /* 8-column groups */
      for (int half = 0; half < 2; half++) {
        uint32_t addr[32];
        int n = 0;
        for (int lane = 0; lane < 32; lane++) {
          int64_t row = r0 + lane / 4 + 8 * half, col = j + 2 * (lane % 4);
          if (row < g->rows) addr[n++] = ct_smem_address(g, row, col * elem_bytes);
        }
        if (n) total += ct_bank_wavefronts(m, addr, n, 2 * elem_bytes, conflicts);
      }
  return total;
}

/* tileas_layout: pins the D14 layout selector (lib/tileas/layout_select.c, bank_model.c):
 *  - the bank model on hand-computed cases (8 rows x 16 B at a 64-byte pitch: 4-way conflict
 *    unswizzled, conflict-free with the 64B swizzle);
 *  - the (1, 4, 0.25) scores of known candidates for the GEMM A operand (128x32 f16) on sm_90a and
 *    sm_100a, including the TMEM term, and the layer-2 rejections (swizzle span, TMA box limits,
 *    alignment, ldmatrix element width);
 *  - B operand major-ness: K-major (k_major) f32 B legal for wgmma with A's cost, MN-major f32 B
 *    rejected by the 16-bit rule, K-major B needing N a multiple of 8;
 *  - both tie-breaks (registers, then bank conflicts) on constructed costs;
 *  - the TILEIR_PREFER_TMA_FOR_LOAD_STORE and TILEIR_ALWAYS_SWIZZLE biases;
 *  - the TMA-store staging of a 128x128 f16 tile written from wgmma accumulator fragments (an
 *    epilogue's result): 256-byte rows unswizzled put the fragment rows of a warp on one bank
 *    (8-way conflicts); 128-byte boxes with the 128B swizzle are conflict-free and win. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tileas/layout.h"

#include "unit_check.h"

static ct_layout_problem gemm_a(const ct_machine *m) {
  return (ct_layout_problem){.elem = CT_F16, .rank = 2, .box = {128, 32}, .inner_stride = 1, .row_pitch_bytes = 2048,
                             .base_align = 16, .identity_dim_map = true, .use = CT_USE_MMA_A, .threads = 128,
                             .machine = m};
}

static const ct_layout_candidate *find(const ct_layout_selection *s, ct_atom a, int swz, ct_frag f) {
  for (int i = 0; i < s->n; i++)
    if (s->cand[i].atom == a && s->cand[i].swizzle == swz && s->cand[i].frag == f) return &s->cand[i];
  return NULL;
}

static void test_bank_model(void) {
  const ct_machine *m = ct_machine_hopper();
  ct_smem_geom plain = {8, 64, 64, 0}, swz = {8, 64, 64, 64};
  uint32_t a[8];
  int64_t conf = 0;
  for (int r = 0; r < 8; r++) a[r] = ct_smem_address(&plain, r, 0);
  CHECK(ct_bank_wavefronts(m, a, 8, 16, &conf) == 4 && conf == 3, "unswizzled 64 B pitch: 4 wavefronts (conf %lld)", (long long)conf);
  conf = 0;
  for (int r = 0; r < 8; r++) a[r] = ct_smem_address(&swz, r, 0);
  CHECK(ct_bank_wavefronts(m, a, 8, 16, &conf) == 1 && conf == 0, "64B swizzle: conflict-free");
  CHECK(ct_smem_address(&swz, 2, 0) == 144, "64B swizzle moves row 2 chunk 0 to byte 144 (got %u)", ct_smem_address(&swz, 2, 0));
  /* broadcast: 32 threads reading one word is one wavefront */
  uint32_t same[32] = {0};
  conf = 0;
  CHECK(ct_bank_wavefronts(m, same, 32, 4, &conf) == 1 && conf == 0, "broadcast");
  /* whole 128x64 B tile read as 8x16 B matrices: 64 phases */
  ct_smem_geom t0 = {128, 64, 64, 0}, t64 = {128, 64, 64, 64};
  conf = 0;
  CHECK(ct_bank_matrix_reads(m, &t0, &conf) == 256 && conf == 192, "matrix reads unswizzled");
  conf = 0;
  CHECK(ct_bank_matrix_reads(m, &t64, &conf) == 64 && conf == 0, "matrix reads 64B swizzle");
}

static void test_scores(void) {
  ct_layout_tunables t;
  ct_layout_tunables_default(&t);
  CHECK(t.weights.smem == 1.0 && t.weights.tmem == 4.0 && t.weights.reg == 0.25, "default weights (1, 4, 0.25)");
  ct_layout_problem p = gemm_a(ct_machine_hopper());
  ct_layout_selection s;
  ct_layout_select(&p, &t, &s);
  const ct_layout_candidate *c = find(&s, CT_ATOM_TMA, 64, CT_FRAG_WGMMA_SMEM);
  /* 64 TMA line writes + 64 conflict-free core-matrix reads + 0.25 * 2 descriptor registers */
  CHECK(c && c->legal && c->cost.smem_transactions == 128 && c->cost.live_registers == 2 && c->cost.score == 128.5,
        "TMA/64B/wgmma = 128.5");
  CHECK(s.chosen >= 0 && &s.cand[s.chosen] == c, "sm_90a A operand picks TMA/64B/wgmma");
  c = find(&s, CT_ATOM_TMA, 0, CT_FRAG_LDMATRIX);
  /* 64 writes + 256 wavefronts (4-way conflicts) + 0.25 * (16 data + 1 address) */
  CHECK(c && c->cost.smem_transactions == 320 && c->cost.bank_conflicts == 192 && c->cost.score == 324.25,
        "TMA/none/ldmatrix = 324.25");
  c = find(&s, CT_ATOM_CP_ASYNC, 64, CT_FRAG_LDMATRIX);
  CHECK(c && c->cost.score == 133.0, "cp.async/64B/ldmatrix = 128 + 0.25*20 = 133");
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_SMEM);
  CHECK(c && !c->legal && strstr(c->reject, "swizzle span"), "wgmma 128B on a 64 B row is rejected");
  c = find(&s, CT_ATOM_SIMT, 0, CT_FRAG_MMA_REG);
  CHECK(c && !c->legal, "direct global mma fragments rejected while an SMEM path exists");
  /* TMA/none/wgmma ties TMA/64B/wgmma on score, registers and conflicts: fewer boxes (1 vs 4) wins */
  c = find(&s, CT_ATOM_TMA, 0, CT_FRAG_WGMMA_SMEM);
  CHECK(c && c->cost.score == 128.5 && c->cost.copy_instructions == 4, "TMA/none/wgmma: 4 boxes of 16 B");

  /* sm_100a: the TMEM term. tcgen05.cp of 8 KiB = 4 x 128x128b copies x 7 cycles = 28; 4 * 28 = 112. */
  p = gemm_a(ct_machine_blackwell());
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 64, CT_FRAG_TCGEN05_TMEM);
  CHECK(c && c->cost.tmem_cycles == 28 && c->cost.live_registers == 0 && c->cost.score == 128 + 4 * 28,
        "TMA/64B/tcgen05_tmem = 1*128 + 4*28 + 0.25*0 = 240 (got %.2f)", c ? c->cost.score : -1);
  CHECK(s.chosen >= 0 && s.cand[s.chosen].frag == CT_FRAG_TCGEN05_SMEM && s.cand[s.chosen].swizzle == 64,
        "sm_100a A operand picks TMA/64B/tcgen05_smem");
  CHECK(find(&s, CT_ATOM_TMA, 64, CT_FRAG_WGMMA_SMEM) == NULL, "no wgmma candidates on sm_100a");
  /* Heavier weight on TMEM changes nothing; zero TMEM weight makes TMEM staging win (regs 0 < 2). */
  t.weights.tmem = 0;
  ct_layout_select(&p, &t, &s);
  CHECK(s.chosen >= 0 && s.cand[s.chosen].frag == CT_FRAG_TCGEN05_TMEM, "w_tmem = 0 -> TMEM staging wins");
}

static void test_tie_breaks(void) {
  /* equal score 102: X = 100 smem + 8 regs, Y = 101 smem + 4 regs -> Y (fewer registers) */
  ct_layout_cost x = {.smem_transactions = 100, .live_registers = 8, .score = 100 + 0.25 * 8};
  ct_layout_cost y = {.smem_transactions = 101, .live_registers = 4, .score = 101 + 0.25 * 4};
  CHECK(x.score == y.score && ct_layout_compare(&y, &x) < 0 && ct_layout_compare(&x, &y) > 0, "register tie-break");
  /* equal score and registers: fewer bank conflicts wins */
  ct_layout_cost p = {.smem_transactions = 128, .live_registers = 4, .bank_conflicts = 0, .score = 129};
  ct_layout_cost q = {.smem_transactions = 128, .live_registers = 4, .bank_conflicts = 64, .score = 129};
  CHECK(ct_layout_compare(&p, &q) < 0 && ct_layout_compare(&q, &p) > 0, "bank-conflict tie-break");
  /* a lower score beats fewer registers */
  ct_layout_cost r = {.score = 50, .live_registers = 100}, s = {.score = 51, .live_registers = 0};
  CHECK(ct_layout_compare(&r, &s) < 0, "score first");
}

static void test_filters(void) {
  ct_layout_tunables t;
  ct_layout_tunables_default(&t);
  ct_layout_selection s;
  /* 512-row tile: TMA box dim > 256 */
  ct_layout_problem p = gemm_a(ct_machine_hopper());
  p.box[0] = 512;
  ct_layout_select(&p, &t, &s);
  const ct_layout_candidate *c = find(&s, CT_ATOM_TMA, 64, CT_FRAG_WGMMA_SMEM);
  CHECK(c && !c->legal && strstr(c->reject, "1..256"), "TMA box > 256 rejected");
  /* 8-byte rows: TMA inner box not a multiple of 16 */
  p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_ELEMENTWISE, p.box[1] = 4, p.row_pitch_bytes = 16;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 0, CT_FRAG_BLOCKED);
  CHECK(c && !c->legal, "8-byte rows: no TMA");
  CHECK(s.chosen >= 0 && s.cand[s.chosen].atom == CT_ATOM_SIMT, "8-byte rows fall back to SIMT");
  /* unknown alignment: no TMA, no cp.async */
  p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_ELEMENTWISE, p.base_align = 0;
  ct_layout_select(&p, &t, &s);
  CHECK(s.nlegal == 1 && s.cand[s.chosen].atom == CT_ATOM_SIMT, "no alignment proof -> SIMT only");
  /* f32 operand: ldmatrix rejected (16-bit only), wgmma as A (K-major tf32) kept */
  p = gemm_a(ct_machine_hopper());
  p.elem = CT_F32, p.box[1] = 16;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 64, CT_FRAG_LDMATRIX);
  CHECK(c && !c->legal && strstr(c->reject, "16-bit"), "ldmatrix needs 16-bit");
  c = find(&s, CT_ATOM_TMA, 64, CT_FRAG_WGMMA_SMEM);
  CHECK(c && c->legal, "tf32 K-major wgmma operand legal");
  /* SMEM ceiling: 256x256 f32 = 256 KiB */
  p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_ELEMENTWISE, p.elem = CT_F32, p.box[0] = 256, p.box[1] = 256;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_BLOCKED);
  CHECK(c && !c->legal && strstr(c->reject, "227 KiB"), "over the SMEM ceiling");
  t.unlimited_smem = true;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_BLOCKED);
  CHECK(c && c->legal, "TILE_AS_DEBUG_UNLIMITED_SMEM lifts the ceiling");
}

/* B operand major-ness: an f32 (tf32) B tile stored K-major (N rows x K contiguous, read through
 * permute [1, 0]) is a legal wgmma operand with the A operand's matrix-read cost; the same tile
 * MN-major is rejected by the 16-bit rule; K-major B needs N (its rows) a multiple of 8. */
static void test_b_major(void) {
  ct_layout_tunables t;
  ct_layout_tunables_default(&t);
  ct_layout_selection s;
  ct_layout_problem p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_MMA_B, p.k_major = true, p.elem = CT_F32, p.box[0] = 64, p.box[1] = 32, p.row_pitch_bytes = 128;
  ct_layout_select(&p, &t, &s);
  const ct_layout_candidate *c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_SMEM);
  CHECK(c && c->legal, "K-major f32 B: TMA/128B/wgmma legal (%s)", c && c->reject ? c->reject : "");
  /* 64 TMA line writes + 64 conflict-free core-matrix reads + 0.25 * 2 descriptor registers, as for A */
  CHECK(c && c->cost.smem_transactions == 128 && c->cost.bank_conflicts == 0 && c->cost.score == 128.5,
        "K-major B costs like A: 128.5 (got %.2f)", c ? c->cost.score : -1);
  CHECK(s.chosen >= 0 && &s.cand[s.chosen] == c, "K-major f32 B picks TMA/128B/wgmma");
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_LDMATRIX);
  CHECK(c && !c->legal && strstr(c->reject, "ldmatrix needs 16-bit"), "K-major f32 B: ldmatrix still 16-bit only");
  p.k_major = false;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_SMEM);
  CHECK(c && !c->legal && strcmp(c->reject, "MN-major operand needs a 16-bit element type") == 0,
        "MN-major f32 B rejected by the 16-bit rule (%s)", c && c->reject ? c->reject : "legal");
  CHECK(s.chosen >= 0 && s.cand[s.chosen].frag == CT_FRAG_MMA_REG, "MN-major f32 B falls back to mma_reg");
  /* 16-bit K-major B with N = 60 rows: not a whole number of 8-row core matrices */
  p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_MMA_B, p.k_major = true, p.box[0] = 60, p.box[1] = 64;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_SMEM);
  CHECK(c && !c->legal && strstr(c->reject, "K-major B operand needs N a multiple of 8"), "K-major B: N %% 8");
  p.box[0] = 64;
  ct_layout_select(&p, &t, &s);
  c = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_SMEM);
  CHECK(c && c->legal, "K-major f16 B 64x64: TMA/128B/wgmma legal");
}

static void test_biases(void) {
  ct_layout_tunables t;
  ct_layout_tunables_default(&t);
  ct_layout_selection s;
  ct_layout_problem p = gemm_a(ct_machine_hopper());
  p.use = CT_USE_ELEMENTWISE, p.elem = CT_F32, p.box[0] = 4, p.box[1] = 1024, p.row_pitch_bytes = 4096;
  ct_layout_select(&p, &t, &s);
  CHECK(s.chosen >= 0 && s.cand[s.chosen].atom == CT_ATOM_SIMT && !s.bias, "elementwise default: SIMT");
  t.prefer_tma = true;
  ct_layout_select(&p, &t, &s);
  CHECK(s.chosen >= 0 && s.cand[s.chosen].atom == CT_ATOM_TMA && s.bias && strcmp(s.bias, "prefer_tma") == 0,
        "prefer TMA");
  CHECK(s.cand[s.chosen].cost.live_registers == 33, "TMA producer costs no registers: 32 data + 1 address");
  t.prefer_tma = false, t.always_swizzle = true;
  ct_layout_select(&p, &t, &s);
  CHECK(s.chosen >= 0 && s.cand[s.chosen].swizzle > 0 && s.cand[s.chosen].atom != CT_ATOM_SIMT, "always swizzle");
}

static void test_store_staging(void) {
  ct_layout_problem p = {.elem = CT_F16, .rank = 2, .box = {128, 128}, .inner_stride = 1, .row_pitch_bytes = 2048,
                         .base_align = 16, .identity_dim_map = true, .use = CT_USE_STORE_ACC, .threads = 256,
                         .machine = ct_machine_hopper()};
  ct_layout_tunables t;
  ct_layout_tunables_default(&t);
  t.prefer_tma = true;
  ct_layout_selection s;
  ct_layout_select(&p, &t, &s);
  const ct_layout_candidate *plain = find(&s, CT_ATOM_TMA, 0, CT_FRAG_WGMMA_ACC), *swz = find(&s, CT_ATOM_TMA, 128, CT_FRAG_WGMMA_ACC);
  CHECK(plain && plain->legal && swz && swz->legal, "both staging candidates legal");
  if (!plain || !swz) return;
  CHECK(plain->cost.bank_conflicts > 0 && swz->cost.bank_conflicts == 0, "accumulator fragments: unswizzled %lld conflicts, 128B swizzle %lld",
        (long long)plain->cost.bank_conflicts, (long long)swz->cost.bank_conflicts);
  CHECK(plain->cost.smem_transactions >= 4 * swz->cost.smem_transactions / 2, "unswizzled staging costs more wavefronts (%lld vs %lld)",
        (long long)plain->cost.smem_transactions, (long long)swz->cost.smem_transactions);
  CHECK(s.chosen >= 0 && &s.cand[s.chosen] == swz && swz->tma_box[1] == 64, "the 128B-swizzled 128x64 boxes are chosen");
}

int main(void) {
  test_bank_model();
  test_store_staging();
  test_scores();
  test_tie_breaks();
  test_filters();
  test_b_major();
  test_biases();
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  else printf("tileas_layout: ok\n");
  return failures ? 1 : 0;
}

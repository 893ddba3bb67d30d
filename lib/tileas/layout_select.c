/* layout_select: the D14 layout selector for one pipeline alias group (a tile loaded from, or
 * stored to, a view, together with its consumers or producer).
 *
 * Layer 1 (ct_layout_generate): candidates = transport atom x SMEM swizzle x on-chip fragment:
 *   SIMT (ld/st.global, no SMEM); cp.async and TMA into SMEM with swizzle none/32B/64B/128B; read
 *   back as blocked register chunks (elementwise use), ldmatrix -> mma.sync fragments, wgmma SMEM
 *   descriptors (sm_90a), tcgen05 SMEM descriptors or TMEM staging of A (sm_100a); stores from
 *   blocked tiles or mma accumulators through SMEM + TMA, or SIMT.
 * Layer 2 (ct_layout_filter): structural legality — tensor-core operands must be SMEM-staged; the
 *   SMEM ceiling; contiguity and 16-byte alignment of the global side (assume div_by, row pitch);
 *   TMA limits (rank <= 5, box dims <= 256, inner box bytes a multiple of 16 and <= swizzle span,
 *   identity dim_map); ldmatrix needs 16-bit elements in whole 8x8 matrices; wgmma/tcgen05 need the
 *   machine, rows (M) a multiple of 64 for A, and a swizzled slab exactly one swizzle span wide;
 *   a B operand is MN-major (the tile is K rows x N contiguous: 16-bit types only, K a multiple
 *   of 8) unless the problem says k_major (the tile is B^T, N rows x K contiguous, read through
 *   permute [1, 0]: any operand type, N a multiple of 8). When nothing survives for an mma operand,
 *   the direct global->mma.sync-fragment load (mma_reg) is re-admitted as the fallback.
 * Layer 3 (ct_layout_cost_eval): score = w_smem*smem_transactions + w_tmem*tmem_cycles +
 *   w_reg*live_registers, default weights (1, 4, 0.25). smem_transactions = producer writes +
 *   consumer reads in wavefronts from bank_model.c (TMA writes/reads are whole 128-byte lines;
 *   tensor-core operands, A and B of either major-ness, are read as 8-row x 16 B core matrices);
 *   tmem_cycles = tcgen05.cp / tcgen05.ld latency x instruction count; live_registers per thread =
 *   tile data held in registers + address/descriptor registers (TMA: 0).
 *   Order (ct_layout_compare): score, then live registers, then bank conflicts, then the number of
 *   copy instructions (ours: fewer TMA boxes / copies), then generation order.
 * Tunables: TILEIR_PREFER_TMA_FOR_LOAD_STORE=true keeps only TMA candidates when one is legal;
 *   TILEIR_ALWAYS_SWIZZLE keeps only swizzled SMEM candidates when one is legal (both before the
 *   score ranks); weights are ct_layout_tunables.weights (TILEC_LAYOUT_WEIGHTS=smem,tmem,reg: on
 *   sm_100a the TMEM term is what keeps an mma's A in SMEM rather than staged into TMEM).
 * Seed: "Layout Selector: Three-Term Additive", "Performance-Critical Tunables". */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tileas/layout.h"

/* A boolean tunable: unset or empty is false; 1 / true / on / yes and 0 / false / off / no (any
 * case) are read as such; anything else is recorded in t->invalid_bool (TileAS reports it). */
static bool same_word(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != *b) return false;
  return !*a && !*b;
}

static bool env_bool(ct_layout_tunables *t, const char *name) {
  static const char *const yes[] = {"1", "true", "on", "yes"}, *const no[] = {"0", "false", "off", "no"};
  const char *v = getenv(name);
  if (!v || !*v) return false;
  for (int i = 0; i < 4; i++) {
    if (same_word(v, yes[i])) return true;
    if (same_word(v, no[i])) return false;
  }
  if (!t->invalid_bool) t->invalid_bool = name;
  return false;
}

void ct_layout_tunables_default(ct_layout_tunables *t) {
  memset(t, 0, sizeof *t);
  t->weights = CT_LAYOUT_DEFAULT_WEIGHTS;
}

void ct_layout_tunables_from_env(ct_layout_tunables *t) {
  t->invalid_bool = NULL;
  t->prefer_tma = env_bool(t, "TILEIR_PREFER_TMA_FOR_LOAD_STORE");
  t->always_swizzle = env_bool(t, "TILEIR_ALWAYS_SWIZZLE");
  t->delay_tma_store_wait = env_bool(t, "TILEIR_DELAY_TMA_STORE_WAIT");
  t->unlimited_smem = env_bool(t, "TILE_AS_DEBUG_UNLIMITED_SMEM");
  t->disable_tcgen05 = env_bool(t, "TILEC_DISABLE_TCGEN05");
  const char *w = getenv("TILEC_LAYOUT_WEIGHTS");
  if (!w || !*w) return;
  double v[3];
  const char *s = w;
  int n = 0;
  for (; n < 3; n++) {
    char *end;
    v[n] = strtod(s, &end);
    if (end == s || !isfinite(v[n]) || v[n] < 0) break;
    s = end;
    if (n < 2 && *s++ != ',') break;
  }
  if (n == 3 && !*s) t->weights = (ct_layout_weights){v[0], v[1], v[2]};
  else t->weights_invalid = true;
}

/* 2-D view of the box: rows = product of the outer dims, row_bytes = innermost dim in bytes. */
static int64_t prob_rows(const ct_layout_problem *p) {
  int64_t r = 1;
  for (int d = 0; d + 1 < p->rank; d++) r *= p->box[d];
  return r;
}
static int64_t prob_row_bytes(const ct_layout_problem *p) {
  return p->rank ? p->box[p->rank - 1] * ct_elem_bits(p->elem) / 8 : ct_elem_bits(p->elem) / 8;
}
static bool is_load(const ct_layout_problem *p) { return p->use <= CT_USE_MMA_B; }
static bool is_mma_operand(const ct_layout_problem *p) { return p->use == CT_USE_MMA_A || p->use == CT_USE_MMA_B; }
static bool frag_is_tc(ct_frag f) {
  return f == CT_FRAG_WGMMA_SMEM || f == CT_FRAG_TCGEN05_SMEM || f == CT_FRAG_TCGEN05_TMEM;
}

static void add(const ct_layout_problem *p, ct_layout_selection *s, ct_atom atom, int swz, ct_frag frag) {
  if (s->n >= CT_LAYOUT_MAX_CANDIDATES) return;
  ct_layout_candidate *c = &s->cand[s->n++];
  memset(c, 0, sizeof *c);
  c->atom = atom, c->swizzle = swz, c->frag = frag, c->legal = true;
  int64_t row_bytes = prob_row_bytes(p), eb = ct_elem_bits(p->elem) / 8;
  if (eb < 1) eb = 1;
  if (atom == CT_ATOM_SIMT) c->slab_bytes = 0;
  else if (swz) c->slab_bytes = (int)(atom == CT_ATOM_TMA && row_bytes < swz ? row_bytes : swz);
  else if (frag_is_tc(frag)) c->slab_bytes = 16; /* no-swizzle wgmma/tcgen05: 8x16 B core-matrix columns */
  else c->slab_bytes = (int)(atom == CT_ATOM_TMA && row_bytes > 256 * eb ? 256 * eb : row_bytes);
  if (atom == CT_ATOM_TMA) {
    for (int d = 0; d + 1 < p->rank; d++) c->tma_box[d] = p->box[d];
    if (p->rank) c->tma_box[p->rank - 1] = c->slab_bytes / eb;
  }
  c->smem_bytes = atom == CT_ATOM_SIMT ? 0 : prob_rows(p) * row_bytes;
}

void ct_layout_generate(const ct_layout_problem *p, ct_layout_selection *s) {
  static const int swizzles[4] = {0, 32, 64, 128};
  s->n = 0, s->nlegal = 0, s->chosen = -1, s->bias = NULL;
  const ct_machine *m = p->machine;
  switch (p->use) {
  case CT_USE_ELEMENTWISE:
    add(p, s, CT_ATOM_SIMT, 0, CT_FRAG_BLOCKED);
    for (int a = CT_ATOM_CP_ASYNC; a <= CT_ATOM_TMA; a++)
      for (int i = 0; i < 4; i++) add(p, s, (ct_atom)a, swizzles[i], CT_FRAG_BLOCKED);
    break;
  case CT_USE_MMA_A:
  case CT_USE_MMA_B:
    add(p, s, CT_ATOM_SIMT, 0, CT_FRAG_MMA_REG);
    for (int a = CT_ATOM_CP_ASYNC; a <= CT_ATOM_TMA; a++)
      for (int i = 0; i < 4; i++) {
        add(p, s, (ct_atom)a, swizzles[i], CT_FRAG_LDMATRIX);
        if (m->has_wgmma) add(p, s, (ct_atom)a, swizzles[i], CT_FRAG_WGMMA_SMEM);
        if (m->has_tcgen05) add(p, s, (ct_atom)a, swizzles[i], CT_FRAG_TCGEN05_SMEM);
        if (m->has_tcgen05 && p->use == CT_USE_MMA_A) add(p, s, (ct_atom)a, swizzles[i], CT_FRAG_TCGEN05_TMEM);
      }
    break;
  case CT_USE_STORE:
  case CT_USE_STORE_ACC: {
    ct_frag f = p->use == CT_USE_STORE ? CT_FRAG_BLOCKED : m->has_tcgen05 ? CT_FRAG_TCGEN05_ACC : CT_FRAG_WGMMA_ACC;
    add(p, s, CT_ATOM_SIMT, 0, f);
    for (int i = 0; i < 4; i++) add(p, s, CT_ATOM_TMA, swizzles[i], f);
    break;
  }
  }
}

static const char *reject_reason(const ct_layout_problem *p, const ct_layout_candidate *c, bool unlimited_smem) {
  const ct_machine *m = p->machine;
  int64_t rows = prob_rows(p), row_bytes = prob_row_bytes(p), bits = ct_elem_bits(p->elem);
  if (c->atom == CT_ATOM_SIMT) return is_mma_operand(p) ? "tensor-core operand must be staged through shared memory" : NULL;
  if (!unlimited_smem && c->smem_bytes > m->smem_ceiling_bytes) return "tile exceeds the 227 KiB shared-memory ceiling";
  if (p->inner_stride != 1) return "innermost dimension is not contiguous";
  if (p->base_align < 16) return "base pointer not proven 16-byte aligned (assume div_by<16>)";
  if (p->rank > 1 && (p->row_pitch_bytes > 0 ? p->row_pitch_bytes % 16 != 0 : p->row_pitch_div <= 0 || p->row_pitch_div % 16))
    return "row pitch not provably a multiple of 16 bytes";
  if (row_bytes % 16) return "tile row is not a multiple of 16 bytes";
  if (c->atom == CT_ATOM_TMA) {
    if (p->rank > 5) return "TMA supports rank <= 5";
    if (!p->identity_dim_map) return "TMA box needs an identity dim_map";
    for (int d = 0; d < p->rank; d++)
      if (c->tma_box[d] > 256 || c->tma_box[d] < 1) return "TMA box dimension outside 1..256";
    if (c->slab_bytes % 16) return "TMA inner box bytes not a multiple of 16";
    if (c->swizzle && c->slab_bytes > c->swizzle) return "TMA inner box bytes exceed the swizzle span";
    if (row_bytes % c->slab_bytes) return "tile row is not a whole number of TMA boxes";
  } else if (c->atom == CT_ATOM_CP_ASYNC) {
    if (c->swizzle && row_bytes % c->swizzle) return "tile row is not a whole number of swizzle spans";
  }
  switch (c->frag) {
  case CT_FRAG_LDMATRIX:
    if (bits != 16) return "ldmatrix needs 16-bit elements";
    if (rows % 8) return "ldmatrix needs whole 8x8 matrices";
    break;
  case CT_FRAG_WGMMA_SMEM:
  case CT_FRAG_TCGEN05_SMEM:
  case CT_FRAG_TCGEN05_TMEM:
    if (c->frag == CT_FRAG_WGMMA_SMEM && !m->has_wgmma) return "wgmma is not available on this target";
    if (c->frag != CT_FRAG_WGMMA_SMEM && !m->has_tcgen05) return "tcgen05 is not available on this target";
    if (bits != 16 && bits != 8 && bits != 32) return "tensor-core operand element type not supported";
    if (p->use == CT_USE_MMA_B && !p->k_major && bits != 16) return "MN-major operand needs a 16-bit element type";
    if (p->use == CT_USE_MMA_A && rows % 64) return "A operand needs M a multiple of 64";
    if (p->use == CT_USE_MMA_B && !p->k_major && rows % 8) return "B operand needs K a multiple of 8";
    if (p->use == CT_USE_MMA_B && p->k_major && rows % 8) return "K-major B operand needs N a multiple of 8";
    if (c->swizzle && c->slab_bytes != c->swizzle) return "swizzle atom needs rows exactly one swizzle span wide";
    break;
  default:
    break;
  }
  return NULL;
}

void ct_layout_filter(const ct_layout_problem *p, ct_layout_selection *s, bool unlimited_smem) {
  s->nlegal = 0;
  for (int i = 0; i < s->n; i++) {
    s->cand[i].reject = reject_reason(p, &s->cand[i], unlimited_smem);
    s->cand[i].legal = s->cand[i].reject == NULL;
    s->nlegal += s->cand[i].legal;
  }
  /* Fallback: when no SMEM-staged path is legal (e.g. a dynamic row pitch rules out TMA and
   * 16-byte cp.async), mma operands load their fragments straight from global memory. */
  if (s->nlegal == 0)
    for (int i = 0; i < s->n; i++)
      if (s->cand[i].atom == CT_ATOM_SIMT && s->cand[i].frag == CT_FRAG_MMA_REG) {
        s->cand[i].legal = true, s->cand[i].reject = NULL, s->nlegal = 1;
        break;
      }
}

/* tcgen05.ld 32x32b: lane = row, each thread then stores 16-byte chunks of its own row. */
static int64_t lane_per_row_stores(const ct_machine *m, const ct_smem_geom *g, int64_t *conflicts) {
  int64_t total = 0;
  for (int64_t r0 = 0; r0 < g->rows; r0 += 32)
    for (int64_t c = 0; c + 16 <= g->row_bytes; c += 16) {
      uint32_t addr[32];
      int n = 0;
      for (int64_t r = r0; r < r0 + 32 && r < g->rows; r++) addr[n++] = ct_smem_address(g, r, c);
      total += ct_bank_wavefronts(m, addr, n, 16, conflicts);
    }
  return total;
}

void ct_layout_cost_eval(const ct_layout_problem *p, ct_layout_candidate *c, const ct_layout_weights *w) {
  const ct_machine *m = p->machine;
  ct_layout_cost k = {0};
  int64_t rows = prob_rows(p), row_bytes = prob_row_bytes(p), tile_bytes = rows * row_bytes;
  int threads = p->threads > 0 ? p->threads : 128;
  int64_t data_regs = (tile_bytes + 4 * threads - 1) / (4 * threads);
  int64_t per_thread_copies = (tile_bytes + 16 * threads - 1) / (16 * threads);
  ct_smem_geom g = {rows, row_bytes, c->slab_bytes, c->swizzle};
  int64_t lines = (tile_bytes + 127) / 128;
  int64_t boxes = c->slab_bytes ? row_bytes / c->slab_bytes : 0;
  if (is_load(p)) {
    /* producer side */
    if (c->atom == CT_ATOM_SIMT) k.live_registers += 2, k.copy_instructions = per_thread_copies;
    else if (c->atom == CT_ATOM_TMA) k.smem_transactions += lines, k.copy_instructions = boxes;
    else {
      k.smem_transactions += ct_bank_rowmajor_chunks(m, &g, 16, &k.bank_conflicts);
      k.live_registers += 3, k.copy_instructions = per_thread_copies;
    }
    /* consumer side */
    switch (c->frag) {
    case CT_FRAG_BLOCKED:
      k.live_registers += data_regs;
      if (c->atom != CT_ATOM_SIMT) k.smem_transactions += ct_bank_rowmajor_chunks(m, &g, 16, &k.bank_conflicts), k.live_registers += 1;
      break;
    case CT_FRAG_MMA_REG:
      k.live_registers += data_regs;
      break;
    case CT_FRAG_LDMATRIX:
      k.live_registers += data_regs;
      if (c->atom != CT_ATOM_SIMT) k.smem_transactions += ct_bank_matrix_reads(m, &g, &k.bank_conflicts), k.live_registers += 1;
      break;
    case CT_FRAG_WGMMA_SMEM:
    case CT_FRAG_TCGEN05_SMEM:
      k.smem_transactions += ct_bank_matrix_reads(m, &g, &k.bank_conflicts);
      k.live_registers += 2; /* 64-bit matrix descriptor */
      break;
    case CT_FRAG_TCGEN05_TMEM:
      k.smem_transactions += ct_bank_matrix_reads(m, &g, &k.bank_conflicts);
      k.tmem_cycles += m->latency[CT_LAT_TCGEN05_CP] * ((tile_bytes + 2047) / 2048); /* 128x128b per tcgen05.cp */
      break;
    default:
      break;
    }
  } else {
    k.live_registers += data_regs; /* the stored tile is live in registers (or TMEM) before the store */
    if (c->frag == CT_FRAG_TCGEN05_ACC)
      k.tmem_cycles += m->latency[CT_LAT_TCGEN05_LD] * ((tile_bytes + 4095) / 4096); /* 32 lanes x 32 cols x 4 B */
    if (c->atom == CT_ATOM_SIMT) k.live_registers += 2, k.copy_instructions = per_thread_copies;
    else {
      int eb = ct_elem_bits(p->elem) / 8;
      if (c->frag == CT_FRAG_WGMMA_ACC) k.smem_transactions += ct_bank_acc_fragment(m, &g, eb > 0 ? eb : 1, &k.bank_conflicts);
      else if (c->frag == CT_FRAG_TCGEN05_ACC) k.smem_transactions += lane_per_row_stores(m, &g, &k.bank_conflicts);
      else k.smem_transactions += ct_bank_rowmajor_chunks(m, &g, 16, &k.bank_conflicts);
      k.smem_transactions += lines; /* TMA reads the staged tile */
      k.live_registers += 1, k.copy_instructions = boxes;
    }
  }
  k.score = w->smem * (double)k.smem_transactions + w->tmem * (double)k.tmem_cycles + w->reg * (double)k.live_registers;
  c->cost = k;
}

int ct_layout_compare(const ct_layout_cost *a, const ct_layout_cost *b) {
  if (a->score != b->score) return a->score < b->score ? -1 : 1;
  if (a->live_registers != b->live_registers) return a->live_registers < b->live_registers ? -1 : 1;
  if (a->bank_conflicts != b->bank_conflicts) return a->bank_conflicts < b->bank_conflicts ? -1 : 1;
  if (a->copy_instructions != b->copy_instructions) return a->copy_instructions < b->copy_instructions ? -1 : 1;
  return 0;
}

void ct_layout_select(const ct_layout_problem *p, const ct_layout_tunables *t, ct_layout_selection *s) {
  ct_layout_generate(p, s);
  ct_layout_filter(p, s, t->unlimited_smem);
  /* only legal candidates are ever chosen or printed; skipping the others keeps the bank model
   * (which walks every warp access of the staged tile) bounded by the shared-memory ceiling, so
   * a 2048x2048 f32 tile costs nothing here instead of 30 s */
  for (int i = 0; i < s->n; i++)
    if (s->cand[i].legal) ct_layout_cost_eval(p, &s->cand[i], &t->weights);
  bool only_tma = false, only_swz = false;
  for (int i = 0; i < s->n; i++) {
    if (!s->cand[i].legal) continue;
    if (t->prefer_tma && s->cand[i].atom == CT_ATOM_TMA) only_tma = true;
    if (t->always_swizzle && s->cand[i].atom != CT_ATOM_SIMT && s->cand[i].swizzle) only_swz = true;
  }
  /* Apply a bias only if some candidate satisfies both active biases' combination. */
  if (only_tma && only_swz) {
    bool both = false;
    for (int i = 0; i < s->n; i++)
      both |= s->cand[i].legal && s->cand[i].atom == CT_ATOM_TMA && s->cand[i].swizzle;
    if (!both) only_swz = false;
  }
  s->bias = only_tma && only_swz ? "prefer_tma+always_swizzle" : only_tma ? "prefer_tma" : only_swz ? "always_swizzle" : NULL;
  s->chosen = -1;
  for (int i = 0; i < s->n; i++) {
    const ct_layout_candidate *c = &s->cand[i];
    if (!c->legal) continue;
    if (only_tma && c->atom != CT_ATOM_TMA) continue;
    if (only_swz && (c->atom == CT_ATOM_SIMT || !c->swizzle)) continue;
    if (s->chosen < 0 || ct_layout_compare(&c->cost, &s->cand[s->chosen].cost) < 0) s->chosen = i;
  }
}

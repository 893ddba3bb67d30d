/* lower_layout: runtime side of layouts — per-thread coordinates, ownership predicates and
 * moving a tile from one layout to another. Algorithm for a layout change (also used by
 * broadcast/permute through a flat-index map): (1) a uniform tile (lv_is_uniform: a splat, or a
 * replicated layout whose registers are one SSA value) is re-spread for free; (2) when the
 * thread bases agree, registers are renamed (no code);
 * (3) otherwise through the static shared-memory buffer: bar.sync, every thread writes its
 * registers at their source flat index, bar.sync, every thread reads its destination elements
 * (each distinct element once). Every user of the one shared buffer (conversions, mmaf staging,
 * cross-warp reductions) starts with bar.sync, so none ends with one. No knobs. */
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_internal.h"

MlirValue thread_coord(ct_lower *L, const ct_layout *l, int d) {
  ct_bld *b = &L->b;
  int off = ct_layout_dim_offset(l, d), w = ct_layout_dim_bits(l, d);
  uint32_t dmask = w >= 32 ? 0xffffffffu : ((1u << w) - 1);
  MlirValue acc = {NULL};
  int nthread_bits = CT_LAYOUT_LANE_BITS + l->nwarp_bits;
  for (int i = 0; i < nthread_bits; i++) {
    uint32_t basis = i < CT_LAYOUT_LANE_BITS ? l->lane[i] : l->warp[i - CT_LAYOUT_LANE_BITS];
    uint32_t part = (basis >> off) & dmask;
    if (!part) continue;
    int p = 0;
    while (!(part >> p & 1)) p++;
    MlirValue bit = bld_and(b, L->tid, bld_i32(b, 1LL << i));
    MlirValue term = p >= i ? bld_shl(b, bit, bld_i32(b, p - i)) : bld_lshr(b, bit, bld_i32(b, i - p));
    acc = acc.ptr ? bld_or(b, acc, term) : term;
  }
  return acc.ptr ? acc : bld_i32(b, 0);
}

MlirValue owner_predicate(ct_lower *L, const ct_layout *l) {
  uint32_t mask = ct_layout_replication_mask(l) & ((1u << (CT_LAYOUT_LANE_BITS + l->nwarp_bits)) - 1);
  if (!mask) return (MlirValue){NULL};
  ct_bld *b = &L->b;
  return bld_icmp(b, BLD_EQ, bld_and(b, L->tid, bld_i32(b, mask)), bld_i32(b, 0));
}

static MlirType smem_type(ct_lower *L, MlirType t) { return bld_int_width(t) == 1 ? L->b.i8 : t; }

void smem_store_elem(ct_lower *L, MlirValue base, MlirValue index, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  MlirType st = smem_type(L, t);
  if (!mlirTypeEqual(st, t)) v = bld_cast(&L->b, "llvm.zext", v, st);
  bld_store(&L->b, v, bld_gep(&L->b, base, index, st), 0);
}

MlirValue smem_load_elem(ct_lower *L, MlirValue base, MlirValue index, MlirType t) {
  MlirType st = smem_type(L, t);
  MlirValue v = bld_load(&L->b, st, bld_gep(&L->b, base, index, st), 0);
  if (!mlirTypeEqual(st, t)) v = bld_cast(&L->b, "llvm.trunc", v, t);
  return v;
}

/* src flat index (i32) of the thread part of dst's layout under m. */
static MlirValue mapped_thread_index(ct_lower *L, const ct_layout *dst, const ct_flat_map *m) {
  ct_bld *b = &L->b;
  MlirValue acc = {NULL};
  int nthread_bits = CT_LAYOUT_LANE_BITS + dst->nwarp_bits;
  for (int i = 0; i < nthread_bits; i++) {
    uint32_t basis = i < CT_LAYOUT_LANE_BITS ? dst->lane[i] : dst->warp[i - CT_LAYOUT_LANE_BITS];
    uint32_t img = ct_flat_map_apply(m, basis);
    if (!img) continue;
    MlirValue bit = bld_lshr(b, bld_and(b, L->tid, bld_i32(b, 1LL << i)), bld_i32(b, i));
    MlirValue term = bld_mul(b, bit, bld_i32(b, img));
    acc = acc.ptr ? bld_add(b, acc, term) : term;
  }
  return acc.ptr ? acc : bld_i32(b, 0);
}

bool lv_is_uniform(const ct_lv *v) {
  if (v->kind != LV_TILE) return false;
  if (v->uniform) return true;
  for (int i = 1; i < v->nregs; i++)
    if (v->regs[i].ptr != v->regs[0].ptr) return false;
  /* one SSA value in every register is only the same *element value* in every thread when the
   * thread bits select nothing (a fully replicated layout, e.g. rank 0) */
  for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++)
    if (v->layout->lane[i]) return false;
  for (int i = 0; i < v->layout->nwarp_bits; i++)
    if (v->layout->warp[i]) return false;
  return true;
}

bool lv_gather(ct_lower *L, ct_lv *dst, ct_lv *src, const ct_flat_map *m) {
  if (lv_is_uniform(src)) {
    for (int k = 0; k < dst->nregs; k++) dst->regs[k] = src->regs[0];
    dst->uniform = true;
    return true;
  }
  int *reg_src = malloc((size_t)dst->nregs * sizeof *reg_src);
  if (!reg_src) abort();
  if (ct_layout_register_remap(dst->layout, src->layout, m, reg_src)) {
    for (int k = 0; k < dst->nregs; k++) dst->regs[k] = src->regs[reg_src[k]];
    free(reg_src);
    return true;
  }
  free(reg_src);
  smem_exchange(L, src, dst, m, (MlirValue){NULL});
  return true;
}

void smem_exchange(ct_lower *L, const ct_lv *src, ct_lv *dst, const ct_flat_map *m, MlirValue offset) {
  MlirValue base = smem_tile_buffer(L, src->layout, src->type.elem);
  bld_barrier(&L->b);
  ct_flat_map ident;
  ct_flat_map_identity(&ident);
  smem_scatter(L, base, src, &ident, 0, (MlirValue){NULL});
  bld_barrier(&L->b);
  smem_gather(L, base, dst, m, offset, mlirValueGetType(src->regs[0]));
}

MlirValue smem_tile_buffer(ct_lower *L, const ct_layout *l, ct_elem elem) {
  int bits = ct_elem_bits(elem);
  return smem_base(L, (1LL << ct_layout_flat_bits(l)) * (bits < 8 ? 1 : bits / 8));
}

void smem_scatter(ct_lower *L, MlirValue base, const ct_lv *src, const ct_flat_map *m, uint32_t offset, MlirValue dyn) {
  ct_bld *b = &L->b;
  MlirValue thread = mapped_thread_index(L, src->layout, m);
  if (dyn.ptr) thread = bld_add(b, thread, dyn);
  for (int k = 0; k < src->nregs; k++) {
    uint32_t rf = ct_flat_map_apply(m, ct_layout_reg_flat(src->layout, (uint32_t)k)) + offset;
    smem_store_elem(L, base, bld_add(b, thread, bld_i32(b, rf)), src->regs[k]);
  }
}

void smem_gather(ct_lower *L, MlirValue base, ct_lv *dst, const ct_flat_map *m, MlirValue offset, MlirType t) {
  ct_bld *b = &L->b;
  MlirValue thread = mapped_thread_index(L, dst->layout, m);
  if (offset.ptr) thread = bld_add(b, thread, offset);
  uint32_t *seen = malloc(((size_t)dst->nregs + 1) * sizeof *seen);
  if (!seen) abort();
  for (int k = 0; k < dst->nregs; k++) {
    uint32_t rf = ct_flat_map_apply(m, ct_layout_reg_flat(dst->layout, (uint32_t)k));
    seen[k] = rf;
    int same = 0;
    while (same < k && seen[same] != rf) same++;
    if (same < k) { /* broadcast: this element was already read */
      dst->regs[k] = dst->regs[same];
      continue;
    }
    dst->regs[k] = smem_load_elem(L, base, bld_add(b, thread, bld_i32(b, rf)), t);
  }
  free(seen);
}

ct_lv *lv_convert(ct_lower *L, ct_lv *v, const ct_layout *to) {
  if (v->kind != LV_TILE || v->layout == to) return v;
  ct_lv *r = lv_new_tile(L, &v->type, to);
  ct_flat_map ident;
  ct_flat_map_identity(&ident);
  lv_gather(L, r, v, &ident);
  return r;
}

MlirValue thread_flat_index(ct_lower *L, const ct_layout *l) {
  ct_flat_map ident;
  ct_flat_map_identity(&ident);
  return mapped_thread_index(L, l, &ident);
}

/* lower_shape: reshape, broadcast, permute, extract, cat, and TileAS's tileas.convert_layout.
 *  - reshape: layouts map to the row-major flat index, so the registers are kept and only the
 *    shape label changes (no code).
 *  - permute: the layout's bases are permuted along with the dims (no code).
 *  - broadcast: result in its tileas.reg_layout; each register reads the source
 *    element with the broadcast dims zeroed — a register rename when the thread bases agree (the
 *    softmax `reduce → reshape → broadcast` chain), else through shared memory (lv_gather).
 *    The layout is TileAS's (tileas.reg_layout): layout_propagate.c re-makes a broadcast that
 *    needs shared memory right before each use, in the layout that use needs (a bias row added
 *    to an mma accumulator is broadcast straight into the accumulator layout).
 *  - extract (the slice at dynamic indices), insert (13.4: the destination with one slice
 *    replaced) and cat: through shared memory — the source(s) written at their flat places (cat:
 *    rhs after lhs along dim; insert: the destination, bar.sync, then the source at index x its
 *    shape), bar.sync, the result, in its tileas.reg_layout, reads its elements (extract: at
 *    index x result shape + its coordinates).
 *  - tileas.convert_layout: lv_convert (lower_layout.c) to its tileas.reg_layout.
 * No knobs. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_internal.h"

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }

static ct_lv *share_regs(ct_lower *L, const ct_lv *src, const ct_type *t, const ct_layout *l) {
  ct_lv *r = lv_new_tile(L, t, l);
  memcpy(r->regs, src->regs, (size_t)src->nregs * sizeof *r->regs);
  r->ptr_align = src->ptr_align;
  r->uniform = src->uniform;
  return r;
}

ct_lv *lv_broadcast_into(ct_lower *L, ct_lv *src, const ct_type *rt, const ct_layout *dl) {
  ct_flat_map m;
  ct_layout_broadcast_map(src->layout, dl, &m);
  ct_lv *r = lv_new_tile(L, rt, dl);
  if (!lv_gather(L, r, src, &m)) return NULL;
  r->ptr_align = src->ptr_align;
  return r;
}

/* The map placing the flat index of a tile in layout `from` into the flat index of one in layout
 * `to` (same rank, each dim no larger): dim d's bits go to dim d's place. */
static void dims_map(const ct_layout *from, const ct_layout *to, ct_flat_map *m) {
  memset(m, 0, sizeof *m);
  m->nbits = ct_layout_flat_bits(from);
  for (int d = 0; d < from->rank; d++)
    for (int p = 0; p < ct_layout_dim_bits(from, d); p++)
      m->bit[ct_layout_dim_offset(from, d) + p] = 1u << (ct_layout_dim_offset(to, d) + p);
}

/* The flat offset (in layout l) of slice `idx` (operands first..first+rank-1, integer scalars) of
 * a tile made of slices of shape `slice`: sum over dims of (index x slice extent) << dim offset. */
static bool slice_offset(ct_lower *L, MlirOperation op, int first, const ct_type *slice, const ct_layout *l,
                         const char *name, MlirValue *out) {
  ct_bld *b = &L->b;
  MlirValue offset = bld_i32(b, 0);
  for (int d = 0; d < slice->rank; d++) {
    ct_lv *ix = lv_get(L, op, first + d);
    if (!ix) return false;
    if (ix->kind != LV_TILE || ix->type.rank != 0 || !ct_elem_is_int(ix->type.elem)) {
      ct_error_op(L->c, op, "code generation: `%s` index %d is not an integer scalar tile", name, d);
      return false;
    }
    MlirValue i = bld_int_resize(b, ix->regs[0], b->i32, true);
    int shift = ct_log2_exact(slice->shape[d]) + ct_layout_dim_offset(l, d);
    offset = bld_add(b, offset, bld_shl(b, i, bld_i32(b, shift)));
  }
  *out = offset;
  return true;
}

/* extract: the slice at the index operands (dynamic) — the source goes to the shared buffer, the
 * result reads its elements at slice * result shape + its coordinates. */
static int lower_extract(ct_lower *L, MlirOperation op) {
  ct_lv *src = lv_get(L, op, 0);
  ct_type rt;
  if (!src || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
  if (src->kind != LV_TILE || rt.rank != src->type.rank || mlirOperationGetNumOperands(op) != 1 + rt.rank) {
    ct_error_op(L->c, op, "code generation: `extract` needs one index per dimension of its source");
    return LOWER_FAILED;
  }
  const ct_layout *dl = layout_chosen_for(L, op, &rt);
  if (!dl) return LOWER_FAILED;
  ct_lv *r = lv_new_tile(L, &rt, dl);
  r->ptr_align = src->ptr_align;
  if (rt.rank == 0 || lv_is_uniform(src)) { /* one element, or all equal */
    for (int k = 0; k < r->nregs; k++) r->regs[k] = src->regs[0];
    r->uniform = lv_is_uniform(src);
    lv_bind(L, mlirOperationGetResult(op, 0), r);
    return LOWER_DONE;
  }
  /* the slice's first element */
  MlirValue offset;
  if (!slice_offset(L, op, 1, &rt, src->layout, "extract", &offset)) return LOWER_FAILED;
  ct_flat_map m;
  dims_map(dl, src->layout, &m);
  smem_exchange(L, src, r, &m, offset);
  lv_bind(L, mlirOperationGetResult(op, 0), r);
  return LOWER_DONE;
}

/* insert / cat, after their writes and the barrier: the result r reads its elements from the
 * whole-tile buffer base at its own flat places; its pointer alignment is the lesser of x's, y's. */
static int read_back(ct_lower *L, MlirOperation op, MlirValue base, ct_lv *r, const ct_lv *x, const ct_lv *y) {
  ct_flat_map ident;
  ct_flat_map_identity(&ident);
  smem_gather(L, base, r, &ident, (MlirValue){NULL}, mlirValueGetType(x->regs[0]));
  r->ptr_align = x->ptr_align < y->ptr_align ? x->ptr_align : y->ptr_align;
  lv_bind(L, mlirOperationGetResult(op, 0), r);
  return LOWER_DONE;
}

/* insert (13.4): the destination goes to the shared buffer at its flat places, then the source at
 * the slice's (dynamic offset), then the result reads its elements. */
static int lower_insert(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  ct_lv *src = lv_get(L, op, 0), *dst = lv_get(L, op, 1);
  ct_type rt;
  if (!src || !dst || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
  if (src->kind != LV_TILE || dst->kind != LV_TILE || src->type.rank != rt.rank ||
      mlirOperationGetNumOperands(op) != 2 + rt.rank) {
    ct_error_op(L->c, op, "code generation: `insert` needs one index per dimension of its destination");
    return LOWER_FAILED;
  }
  if (rt.rank == 0) { /* the one element is the source */
    lv_bind(L, mlirOperationGetResult(op, 0), src);
    return LOWER_DONE;
  }
  const ct_layout *dl = layout_chosen_for(L, op, &rt);
  if (!dl) return LOWER_FAILED;
  MlirValue offset;
  if (!slice_offset(L, op, 2, &src->type, dl, "insert", &offset)) return LOWER_FAILED;
  ct_lv *r = lv_new_tile(L, &rt, dl);
  MlirValue base = smem_tile_buffer(L, dl, rt.elem);
  ct_flat_map md, ms;
  dims_map(dst->layout, dl, &md);
  dims_map(src->layout, dl, &ms);
  bld_barrier(b);
  smem_scatter(L, base, dst, &md, 0, (MlirValue){NULL});
  bld_barrier(b);
  smem_scatter(L, base, src, &ms, 0, offset);
  bld_barrier(b);
  return read_back(L, op, base, r, src, dst);
}

/* cat: both operands go to the shared buffer at their places in the result (rhs after lhs along
 * `dim`), the result reads its elements. */
static int lower_cat(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  ct_lv *lhs = lv_get(L, op, 0), *rhs = lv_get(L, op, 1);
  ct_type rt;
  if (!lhs || !rhs || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
  int64_t dim = attr_int(op, "dim", -1);
  if (lhs->kind != LV_TILE || rhs->kind != LV_TILE || rt.rank < 1 || dim < 0 || dim >= rt.rank ||
      lhs->type.rank != rt.rank || lhs->type.shape[dim] != rhs->type.shape[dim]) {
    ct_error_op(L->c, op, "code generation: `cat` needs two tiles of one shape and a dim of theirs");
    return LOWER_FAILED;
  }
  const ct_layout *dl = layout_chosen_for(L, op, &rt);
  if (!dl) return LOWER_FAILED;
  ct_lv *r = lv_new_tile(L, &rt, dl);
  MlirValue base = smem_tile_buffer(L, dl, rt.elem);
  bld_barrier(b);
  ct_flat_map ml, mr;
  dims_map(lhs->layout, dl, &ml);
  dims_map(rhs->layout, dl, &mr);
  smem_scatter(L, base, lhs, &ml, 0, (MlirValue){NULL});
  smem_scatter(L, base, rhs, &mr, 1u << (ct_layout_dim_offset(dl, (int)dim) + ct_log2_exact(lhs->type.shape[dim])),
               (MlirValue){NULL});
  bld_barrier(b);
  return read_back(L, op, base, r, lhs, rhs);
}

/* pack / unpack of a 4-bit type (i4, f4E2M1FN; 13.3): byte j of the i8 tile holds elements 2j (low
 * nibble) and 2j+1 (high), as memory packs f4. A register holds one element in the low nibble of a
 * byte, so the shared buffer holds one element per byte: pack reads source bytes 2j and 2j+1 for
 * result j (the flat map doubles the index) and joins them; unpack reads byte i/2 for result i (the
 * map halves it) and keeps the nibble that bit 0 of i selects. */
static void nibble_pack_gather(ct_lower *L, MlirValue base, ct_lv *out, bool unpack) {
  ct_bld *b = &L->b;
  ct_flat_map m = {.nbits = ct_layout_flat_bits(out->layout)};
  for (int i = 0; i < m.nbits; i++) m.bit[i] = unpack ? (i ? 1u << (i - 1) : 0) : 1u << (i + 1);
  if (!unpack) {
    ct_lv *hi = lv_new_tile(L, &out->type, out->layout);
    smem_gather(L, base, out, &m, (MlirValue){NULL}, b->i8);
    smem_gather(L, base, hi, &m, bld_i32(b, 1), b->i8);
    for (int k = 0; k < out->nregs; k++)
      out->regs[k] = bld_or(b, out->regs[k], bld_shl(b, hi->regs[k], bld_const_int(b, b->i8, 4)));
    return;
  }
  smem_gather(L, base, out, &m, (MlirValue){NULL}, b->i8);
  MlirValue odd_thread = bld_and(b, thread_flat_index(L, out->layout), bld_i32(b, 1));
  for (int k = 0; k < out->nregs; k++) {
    MlirValue odd = bld_i32(b, ct_layout_reg_flat(out->layout, (uint32_t)k) & 1);
    MlirValue shift = bld_shl(b, bld_bin(b, "llvm.xor", odd_thread, odd), bld_i32(b, 2));
    MlirValue nib = bld_lshr(b, out->regs[k], bld_int_resize(b, shift, b->i8, false));
    out->regs[k] = bld_and(b, nib, bld_const_int(b, b->i8, 15));
  }
}

/* pack / unpack (13.3): a tile reinterpreted as its little-endian bytes in row-major order, an i8
 * tile of the same rank, and back. Through the shared tile buffer: bar.sync, every thread stores its
 * elements at their flat places (in their own type), bar.sync, every thread loads its result
 * elements (in theirs) — raw memory reinterprets the bytes. 4-bit types: nibble_pack_gather. (i1
 * and the 8-bit floats have the width of i8: the verifier refuses them.) */
static int lower_pack(ct_lower *L, MlirOperation op, const char *name) {
  bool unpack = streq(name, "unpack");
  ct_lv *src = lv_get(L, op, 0);
  ct_type rt;
  if (!src || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
  ct_elem wide = unpack ? rt.elem : src->type.elem;
  int bits = ct_elem_bits(wide);
  if (wide == CT_I1 || (bits < 8 && bits != 4) || mlirTypeIsNull(elem_llvm_type(L, wide))) {
    ct_error_op(L->c, op, "`%s` of %s elements is not supported by code generation (i4, f4E2M1FN and the types of "
                "16 bits or more are)", name, ct_elem_name(wide));
    return LOWER_FAILED;
  }
  const ct_layout *l = layout_blocked_for(L, op, &rt);
  if (!l) return LOWER_FAILED;
  ct_lv *out = lv_new_tile(L, &rt, l);
  MlirValue base = smem_tile_buffer(L, src->layout, src->type.elem);
  ct_flat_map ident;
  ct_flat_map_identity(&ident);
  bld_barrier(&L->b);
  smem_scatter(L, base, src, &ident, 0, (MlirValue){NULL});
  bld_barrier(&L->b);
  if (bits == 4) nibble_pack_gather(L, base, out, unpack);
  else smem_gather(L, base, out, &ident, (MlirValue){NULL}, elem_llvm_type(L, rt.elem));
  lv_bind(L, mlirOperationGetResult(op, 0), out);
  return LOWER_DONE;
}

ct_lv *lv_index_along(ct_lower *L, MlirOperation op, ct_lv *ix, const ct_type *full, int dim, const ct_layout *dl) {
  if (ix->type.rank != 1 || ix->type.shape[0] != full->shape[dim]) {
    ct_error_op(L->c, op, "code generation: a gather index must be a 1-d tile of the sparse dim's size");
    return NULL;
  }
  int64_t shape[CT_MAX_RANK];
  for (int d = 0; d < full->rank; d++) shape[d] = d == dim ? full->shape[dim] : 1;
  ct_type t = ct_tile_type(ix->type.elem, full->rank, shape);
  ct_layout l;
  ct_layout_reshape(&l, ix->layout, t.rank, t.shape);
  ct_lv *col = share_regs(L, ix, &t, layout_intern(L, &l));
  ct_type bt = ct_tile_type(ix->type.elem, full->rank, full->shape);
  return lv_broadcast_into(L, col, &bt, dl);
}

int lower_shape_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "pack") || streq(name, "unpack")) return lower_pack(L, op, name);
  if (streq(name, "tileas.convert_layout")) {
    ct_lv *src = lv_get(L, op, 0);
    ct_type rt;
    if (!src || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
    const ct_layout *to;
    int r = rt.rank > 0 ? reg_layout_read(L, op, &rt, &to) : 0;
    if (r <= 0) {
      if (r == 0) ct_error_op(L->c, op, "tileas.convert_layout needs the layout to convert to (tileas.reg_layout)");
      return LOWER_FAILED;
    }
    ct_lv *out = lv_convert(L, src, to);
    if (!out) return LOWER_FAILED;
    lv_bind(L, mlirOperationGetResult(op, 0), out);
    return LOWER_DONE;
  }
  if (streq(name, "extract")) return lower_extract(L, op);
  if (streq(name, "insert")) return lower_insert(L, op);
  if (streq(name, "cat")) return lower_cat(L, op);
  bool is_reshape = streq(name, "reshape"), is_bcast = streq(name, "broadcast"), is_perm = streq(name, "permute");
  if (!is_reshape && !is_bcast && !is_perm) return LOWER_NOT_MINE;
  ct_lv *src = lv_get(L, op, 0);
  ct_type rt;
  if (!src || !result_type(L, op, 0, &rt)) return LOWER_FAILED;
  const ct_layout *sl = src->layout;
  if (is_reshape) {
    ct_layout l;
    ct_layout_reshape(&l, sl, rt.rank, rt.shape);
    lv_bind(L, mlirOperationGetResult(op, 0), share_regs(L, src, &rt, layout_intern(L, &l)));
    return LOWER_DONE;
  }
  if (is_perm) {
    MlirAttribute pa = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("permutation"));
    if (mlirAttributeIsNull(pa) || !mlirAttributeIsADenseI32Array(pa) || mlirDenseArrayGetNumElements(pa) != rt.rank) {
      ct_error_op(L->c, op, "code generation: `permute` needs a permutation of %d dims", rt.rank);
      return LOWER_FAILED;
    }
    int32_t perm[CT_MAX_RANK];
    for (int i = 0; i < rt.rank; i++) perm[i] = mlirDenseI32ArrayGetElement(pa, i);
    ct_layout l;
    ct_layout_permute(&l, sl, rt.rank, rt.shape, perm);
    lv_bind(L, mlirOperationGetResult(op, 0), share_regs(L, src, &rt, layout_intern(L, &l)));
    return LOWER_DONE;
  }
  /* broadcast */
  if (rt.rank != src->type.rank) {
    ct_error_op(L->c, op, "code generation: `broadcast` must keep the rank");
    return LOWER_FAILED;
  }
  const ct_layout *dl = layout_chosen_for(L, op, &rt);
  if (!dl) return LOWER_FAILED;
  ct_lv *r = lv_broadcast_into(L, src, &rt, dl);
  if (!r) return LOWER_FAILED;
  lv_bind(L, mlirOperationGetResult(op, 0), r);
  return LOWER_DONE;
}

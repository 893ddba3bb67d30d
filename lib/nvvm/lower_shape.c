/* lower_shape: reshape, broadcast, permute.
 *  - reshape: layouts map to the row-major flat index, so the registers are kept and only the
 *    shape label changes (no code).
 *  - permute: the layout's bases are permuted along with the dims (no code).
 *  - broadcast: result in the blocked layout of the result shape; each register reads the source
 *    element with the broadcast dims zeroed — a register rename when the thread bases agree (the
 *    softmax `reduce → reshape → broadcast` chain), else through shared memory (lv_gather).
 *    A broadcast that would need shared memory and whose uses are all in its own block is
 *    deferred (ct_lv.bcast_src): an elementwise consumer in another layout (e.g. a bias row added
 *    to an mma accumulator) broadcasts the small source straight into its layout; any other use
 *    materialises it in the blocked one; one materialisation per layout is reused. (Uses inside
 *    a loop body would repeat the exchange every iteration, so those broadcasts are eager.)
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

/* dst flat bit → src flat bit of a broadcast (stretched dims dropped). */
static void broadcast_map(const ct_lv *src, const ct_type *rt, const ct_layout *dl, ct_flat_map *m) {
  const ct_layout *sl = src->layout;
  memset(m, 0, sizeof *m);
  m->nbits = ct_layout_flat_bits(dl);
  for (int d = 0; d < rt->rank; d++) {
    int doff = ct_layout_dim_offset(dl, d), w = ct_layout_dim_bits(dl, d);
    bool dropped = src->type.shape[d] == 1 && rt->shape[d] != 1;
    int soff = ct_layout_dim_offset(sl, d);
    for (int p = 0; p < w; p++) m->bit[doff + p] = dropped ? 0 : 1u << (soff + p);
  }
}

ct_lv *lv_materialize_broadcast(ct_lower *L, ct_lv *pending, const ct_layout *dl) {
  /* every use lies in the broadcast's own block (see below), so an earlier materialisation
   * dominates the later uses */
  if (pending->bcast_last && pending->bcast_last->layout == dl) return pending->bcast_last;
  ct_lv *r = lv_broadcast_into(L, pending->bcast_src, &pending->type, dl);
  pending->bcast_last = r;
  return r;
}

/* Are all uses of v in the block of op (not inside nested regions such as loop bodies)? */
static bool uses_in_own_block(MlirOperation op, MlirValue v) {
  MlirBlock own = mlirOperationGetBlock(op);
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (!mlirBlockEqual(mlirOperationGetBlock(mlirOpOperandGetOwner(u)), own)) return false;
  return true;
}

ct_lv *lv_broadcast_into(ct_lower *L, ct_lv *src, const ct_type *rt, const ct_layout *dl) {
  ct_flat_map m;
  broadcast_map(src, rt, dl, &m);
  ct_lv *r = lv_new_tile(L, rt, dl);
  if (!lv_gather(L, r, src, &m)) return NULL;
  r->ptr_align = src->ptr_align;
  return r;
}

static uint32_t permute_mask(uint32_t m, const ct_layout *src, const ct_layout *dst, const int32_t *perm) {
  uint32_t out = 0;
  for (int i = 0; i < dst->rank; i++) {
    int sd = perm[i];
    int soff = ct_layout_dim_offset(src, sd), w = ct_layout_dim_bits(src, sd);
    int doff = ct_layout_dim_offset(dst, i);
    uint32_t bits = (m >> soff) & ((1u << w) - 1);
    out |= bits << doff;
  }
  return out;
}

int lower_shape_op(ct_lower *L, MlirOperation op, const char *name) {
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
    ct_layout l = *sl;
    l.rank = rt.rank;
    for (int i = 0; i < rt.rank; i++) l.shape[i] = rt.shape[i];
    for (int i = 0; i < sl->nreg_bits; i++) l.reg[i] = permute_mask(sl->reg[i], sl, &l, perm);
    for (int i = 0; i < CT_LAYOUT_LANE_BITS; i++) l.lane[i] = permute_mask(sl->lane[i], sl, &l, perm);
    for (int i = 0; i < sl->nwarp_bits; i++) l.warp[i] = permute_mask(sl->warp[i], sl, &l, perm);
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
  ct_flat_map m;
  broadcast_map(src, &rt, dl, &m);
  int *reg_src = malloc((size_t)ct_layout_num_regs(dl) * sizeof *reg_src);
  if (!reg_src) abort();
  bool cheap = lv_is_uniform(src) || ct_layout_register_remap(dl, src->layout, &m, reg_src) ||
               !uses_in_own_block(op, mlirOperationGetResult(op, 0));
  free(reg_src);
  ct_lv *r;
  if (cheap) {
    if (!(r = lv_broadcast_into(L, src, &rt, dl))) return LOWER_FAILED;
  } else {
    /* needs shared memory in the blocked layout: defer, the consumer may want another layout */
    r = lv_new_tile(L, &rt, dl);
    r->bcast_src = src;
    r->ptr_align = src->ptr_align;
  }
  lv_bind(L, mlirOperationGetResult(op, 0), r);
  return LOWER_DONE;
}

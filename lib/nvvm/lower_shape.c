/* lower_shape: reshape, broadcast, permute, and TileAS's tileas.convert_layout.
 *  - reshape: layouts map to the row-major flat index, so the registers are kept and only the
 *    shape label changes (no code).
 *  - permute: the layout's bases are permuted along with the dims (no code).
 *  - broadcast: result in its tileas.reg_layout; each register reads the source
 *    element with the broadcast dims zeroed — a register rename when the thread bases agree (the
 *    softmax `reduce → reshape → broadcast` chain), else through shared memory (lv_gather).
 *    The layout is TileAS's (tileas.reg_layout): layout_propagate.c re-makes a broadcast that
 *    needs shared memory right before each use, in the layout that use needs (a bias row added
 *    to an mma accumulator is broadcast straight into the accumulator layout).
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

int lower_shape_op(ct_lower *L, MlirOperation op, const char *name) {
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

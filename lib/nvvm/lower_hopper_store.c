/* lower_hopper_store: the TMA store epilogue of the Hopper path (sm_90a), used when TileAS chose a
 * TMA store for the tile a kernel stores after its wgmma loop (plan: tileas/hopper_plan.c,
 * plan_stores; contract: docs/abi.md "Tensor maps").
 * Algorithm (ptx_ground_truth.md §5.4, probe_misc.mlir):
 *  - every thread writes its registers of the stored tile (any linear layout; the wgmma
 *    accumulator fragments when stored straight from the loop) to the SMEM staging buffer, laid
 *    out as TMA expects the boxes: box bx = col / box_inner at bx × box_bytes, rows of span bytes,
 *    the TileAS swizzle applied to the byte offset (ct_tma_swizzle_offset; the staging buffer and
 *    every box start on a multiple of the swizzle pattern). Registers holding consecutive columns
 *    inside one 16-byte chunk are written as one vector st.shared;
 *  - fence.proxy.async.shared::cta (generic → async proxy), CTA barrier;
 *  - thread 0: one cp.async.bulk.tensor.2d.global.shared::cta per box (coordinates innermost
 *    first; the tensor map clips at the tensor bounds, so edge tiles need no masking),
 *    cp.async.bulk.commit_group, then cp.async.bulk.wait_group.read 0 — or, when TileAS deferred
 *    the store wait (TILEIR_DELAY_TMA_STORE_WAIT) and the kernel returns right after the store,
 *    at the kernel's return (hopper_store_at_return; threads without bulk groups pass it at once).
 * The staging buffer is the ring's (hopper_kernel_prologue: 1024-aligned start).
 * lower_bulk_consume is the same layout read the other way: a tile TMA loaded into boxes (a kernel
 * without mmaf: plan->bulk) read into registers.
 * Seed: 001. Knobs: none. */
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdlib.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"


MlirValue hopper_bit_field(ct_bld *b, MlirValue v, int off, int bits) {
  if (bits == 0) return bld_i32(b, 0);
  return bld_and(b, off ? bld_lshr(b, v, bld_i32(b, off)) : v, bld_i32(b, (1 << bits) - 1));
}

MlirValue hopper_swizzle(ct_bld *b, MlirValue off, int swizzle) {
  if (swizzle < 32) return off;
  int64_t mask = swizzle / 16 - 1;
  MlirValue x = bld_shl(b, bld_and(b, bld_lshr(b, off, bld_i32(b, 7)), bld_i32(b, mask)), bld_i32(b, 4));
  return bld_bin(b, "llvm.xor", off, x);
}

/* A 2-D tile in shared memory as TMA lays out its boxes side by side: box bx = col / inner at
 * off + bx × box_bytes, rows of inner × esize bytes, the swizzle (bytes, 0 = none) applied inside
 * each box. The TMA store's staging and a bulk plan's loaded tiles. */
typedef struct smem_boxes {
  int64_t inner;     /* box inner extent, elements (a power of two) */
  int esize, swizzle;
  int64_t box_bytes, off;
  MlirValue stage_off; /* a ring stage's offset (i32) added to off, or null */
} smem_boxes;

/* Byte offset (i32, from the ring start) of element (row, col). */
static MlirValue boxes_offset(ct_bld *b, const smem_boxes *t, MlirValue row, MlirValue col) {
  int inner_bits = ct_log2_exact(t->inner);
  MlirValue bx = bld_lshr(b, col, bld_i32(b, inner_bits));
  MlirValue within = bld_and(b, col, bld_i32(b, (int32_t)t->inner - 1));
  MlirValue off = bld_add(b, bld_mul(b, row, bld_i32(b, (int32_t)(t->inner * t->esize))), bld_mul(b, within, bld_i32(b, t->esize)));
  off = hopper_swizzle(b, off, t->swizzle);
  MlirValue base = t->stage_off.ptr ? bld_add(b, t->stage_off, bld_i32(b, (int32_t)t->off)) : bld_i32(b, (int32_t)t->off);
  return bld_add(b, bld_add(b, off, bld_mul(b, bx, bld_i32(b, (int32_t)t->box_bytes))), base);
}

/* Elements per shared-memory access of layout l: its leading register bases that are the lowest
 * column bits, within 16 bytes (one vector ld/st.shared; a swizzle moves whole 16-byte chunks). */
static int boxes_vector_elems(const ct_layout *l, int esize) {
  int off1 = ct_layout_dim_offset(l, l->rank - 1), bits1 = ct_layout_dim_bits(l, l->rank - 1), vb = 0;
  while (vb < l->nreg_bits && vb < bits1 && l->reg[vb] == 1u << (off1 + vb) && (2 << vb) * esize <= 16) vb++;
  return 1 << vb;
}

/* The row and column dims of layout l (a 1-D tile is one row: no row bits). */
static void boxes_dims(const ct_layout *l, int *off0, int *bits0, int *off1, int *bits1) {
  bool row = l->rank == 2;
  *off0 = row ? ct_layout_dim_offset(l, 0) : 0;
  *bits0 = row ? ct_layout_dim_bits(l, 0) : 0;
  *off1 = ct_layout_dim_offset(l, l->rank - 1);
  *bits1 = ct_layout_dim_bits(l, l->rank - 1);
}

/* The shared pointer of register k of layout l (this thread's row / column bits trow / tcol). */
static MlirValue boxes_reg_ptr(ct_lower *L, const smem_boxes *t, const ct_layout *l, MlirValue trow, MlirValue tcol, int k) {
  ct_bld *b = &L->b;
  int off0, bits0, off1, bits1;
  boxes_dims(l, &off0, &bits0, &off1, &bits1);
  uint32_t rf = ct_layout_reg_flat(l, (uint32_t)k);
  MlirValue row = bld_or(b, trow, bld_i32(b, (int32_t)((rf >> off0) & ((1u << bits0) - 1))));
  MlirValue col = bld_or(b, tcol, bld_i32(b, bits1 ? (int32_t)((rf >> off1) & ((1u << bits1) - 1)) : 0));
  return hopper_ring_ptr(L, boxes_offset(b, t, row, col));
}

/* This thread's row and column bits of layout l. */
static void boxes_thread_bits(ct_lower *L, const ct_layout *l, MlirValue *trow, MlirValue *tcol) {
  MlirValue t = thread_flat_index(L, l);
  int off0, bits0, off1, bits1;
  boxes_dims(l, &off0, &bits0, &off1, &bits1);
  *trow = hopper_bit_field(&L->b, t, off0, bits0);
  *tcol = hopper_bit_field(&L->b, t, off1, bits1);
}

int lower_hopper_store(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  const ct_hopper_store *s = &p->st;
  bool rank1 = s->view.tile_rank == 1; /* (a bulk plan's 1-D store: one box row, one coordinate) */
  ct_lv *v = lv_get(L, op, 0), *i0 = lv_get(L, op, 2), *i1 = rank1 ? NULL : lv_get(L, op, 3);
  if (!v || !i0 || (!rank1 && !i1)) return LOWER_FAILED;
  const ct_layout *l = v->layout;
  if (ct_log2_exact(s->box[1]) < 0 || !l || l->rank != s->view.tile_rank) {
    ct_error_op(L->c, op, "internal error: TMA store epilogue on an unexpected layout");
    return LOWER_FAILED;
  }
  int vw = boxes_vector_elems(l, s->esize);
  smem_boxes boxes = {s->box[1], s->esize, s->swizzle, s->box_bytes, s->smem_off, {NULL}};

  if (!s->after_loop) bld_barrier(b); /* earlier users of the shared buffer are done (the loop exit barriers itself) */

  MlirValue trow, tcol;
  boxes_thread_bits(L, l, &trow, &tcol);
  MlirType et = mlirValueGetType(v->regs[0]);
  int64_t n = vw;
  MlirType vt = vw > 1 ? mlirVectorTypeGet(1, &n, et) : et;
  for (int k = 0; k < v->nregs; k += vw) {
    MlirValue ptr = boxes_reg_ptr(L, &boxes, l, trow, tcol, k);
    MlirValue val = v->regs[k];
    if (vw > 1) {
      val = bld_undef(b, vt);
      for (int j = 0; j < vw; j++) {
        MlirValue ops[3] = {val, v->regs[k + j], bld_i32(b, j)};
        val = bld_op1(b, "llvm.insertelement", vt, 3, ops, 0, NULL);
      }
    }
    bld_store(b, val, ptr, (int64_t)vw * s->esize);
  }
  bld_intr_void(b, "llvm.nvvm.fence.proxy.async.shared_cta", 0, NULL);
  bld_barrier(b);

  /* thread 0: the boxes, one bulk group */
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  MlirValue tmap = hopper_tmap(L, s->param);
  /* coordinates innermost first: the column, then (2-D) the row */
  MlirValue outer = rank1 ? (MlirValue){NULL} : bld_mul(b, i0->regs[0], bld_i32(b, s->view.tile_shape[0]));
  MlirValue inner0 = bld_mul(b, (rank1 ? i0 : i1)->regs[0], bld_i32(b, s->view.tile_shape[rank1 ? 0 : 1]));
  for (int bx = 0; bx < s->nboxes; bx++) {
    MlirValue ops[6];
    int n = 0;
    ops[n++] = hopper_ring_ptr(L, bld_i32(b, s->smem_off + bx * s->box_bytes));
    ops[n++] = tmap;
    ops[n++] = bld_add(b, inner0, bld_i32(b, bx * s->box[1]));
    if (!rank1) ops[n++] = outer;
    ops[n++] = bld_i64(b, 0);
    ops[n++] = bld_const_int(b, b->i1, 0);
    bld_intr_void(b, rank1 ? "llvm.nvvm.cp.async.bulk.tensor.s2g.tile.1d" : "llvm.nvvm.cp.async.bulk.tensor.s2g.tile.2d", n, ops);
  }
  bld_intr_void(b, "llvm.nvvm.cp.async.bulk.commit.group", 0, NULL);
  if (!s->deferred) {
    MlirValue zero = bld_i32(b, 0);
    bld_intr_void(b, "llvm.nvvm.cp.async.bulk.wait.group.read", 1, &zero);
  }
  hopper_close_if(L, join);
  hopper_warp_sync(b);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) /* future and token */
    lv_bind(L, mlirOperationGetResult(op, i), lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

void hopper_store_at_return(ct_lower *L) {
  if (!L->hopper || !L->hopper->has_store || !L->hopper->st.deferred) return;
  MlirValue zero = bld_i32(&L->b, 0);
  bld_intr_void(&L->b, "llvm.nvvm.cp.async.bulk.wait.group.read", 1, &zero);
}

/* A tileas.consume of a bulk plan's pipe (a kernel without mmaf whose view load TileAS put on TMA):
 * every thread waits for the pipe's full mbarrier (a one-shot pipe: phase 0, filled once by thread 0
 * where its tileas.produce is; a ring: this iteration's stage and parity, the stage filled ahead),
 * then reads its registers of the tile — the consume's register layout (tileas.reg_layout: blocked)
 * — from the boxes in shared memory (a ring: in this iteration's stage), consecutive columns within
 * 16 bytes as one vector ld.shared. */
int lower_bulk_consume(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirValue slot = mlirOperationGetOperand(op, 1);
  int pi = mlirValueIsAOpResult(slot) ? hopper_pipe_of_load(p, mlirOpResultGetOwner(slot)) : -1;
  ct_type t;
  if (pi < 0 || mlirOperationGetNumResults(op) != 1 || !result_type(L, op, 0, &t)) {
    ct_error_op(L->c, op, "internal error: a bulk TMA consume without its pipe");
    return LOWER_FAILED;
  }
  const ct_hopper_pipe *o = &p->pipes[pi];
  const ct_layout *l = layout_chosen_for(L, op, &t);
  if (!l) return LOWER_FAILED;
  if (l->rank != o->view.tile_rank || ct_log2_exact(o->box[1]) < 0) {
    ct_error_op(L->c, op, "internal error: a TMA-loaded tile read into an unexpected layout");
    return LOWER_FAILED;
  }
  MlirValue stage = o->in_loop ? hopper_stage_of(L, o) : bld_i32(b, 0);
  hopper_spin_wait(L, hopper_bar_ptr(L, o->full_off, stage), o->in_loop ? hopper_phase_of(L, o) : bld_i32(b, 0));
  smem_boxes boxes = {o->box[1], o->geom.esize, o->geom.swizzle, o->geom.box_bytes, o->smem_off,
                      o->in_loop ? bld_mul(b, stage, bld_i32(b, (int32_t)o->tile_bytes)) : (MlirValue){NULL}};
  int vw = boxes_vector_elems(l, o->geom.esize);
  MlirValue trow, tcol;
  boxes_thread_bits(L, l, &trow, &tcol);
  ct_lv *v = lv_new_tile(L, &t, l);
  MlirType et = elem_llvm_type(L, t.elem);
  int64_t n = vw;
  MlirType vt = vw > 1 ? mlirVectorTypeGet(1, &n, et) : et;
  for (int k = 0; k < v->nregs; k += vw) {
    MlirValue val = bld_load(b, vt, boxes_reg_ptr(L, &boxes, l, trow, tcol, k), (int64_t)vw * o->geom.esize);
    for (int j = 0; j < vw; j++) {
      MlirValue ops[2] = {val, bld_i32(b, j)};
      v->regs[k + j] = vw > 1 ? bld_op1(b, "llvm.extractelement", et, 2, ops, 0, NULL) : val;
    }
  }
  lv_bind(L, mlirOperationGetResult(op, 0), v);
  return LOWER_DONE;
}

/* A tileas.release of a bulk plan's pipe. A ring's stage of this iteration kt has been read (every
 * consume of it comes before: hopper_plan.c bulk_ring_users) into registers: every thread arrives
 * on the stage's empty mbarrier (release semantics: its ld.shared are done), then thread 0 waits for
 * that phase to complete (all threads' reads) and refills the stage for iteration kt + S when it
 * exists (hopper_refill) — the modulo ring protocol of the wgmma path, which ws_protocol.c proves
 * for these rings too. A one-shot pipe's release binds its tokens only. */
int lower_bulk_release(ct_lower *L, MlirOperation op) {
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  MlirValue slot = mlirOperationGetOperand(op, 1);
  int pi = mlirValueIsAOpResult(slot) ? hopper_pipe_of_load(p, mlirOpResultGetOwner(slot)) : -1;
  if (pi >= 0 && p->pipes[pi].in_loop) {
    const ct_hopper_pipe *o = &p->pipes[pi];
    MlirValue stage = hopper_stage_of(L, o), empty = hopper_bar_ptr(L, o->empty_off, stage);
    bld_intr(b, "llvm.nvvm.mbarrier.arrive.shared", b->i64, 1, &empty);
    MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
    hopper_refill(L, o, L->hopper_emit->kt, stage, hopper_phase_of(L, o));
    hopper_close_if(L, join);
    hopper_warp_sync(b);
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    lv_bind(L, mlirOperationGetResult(op, i), lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

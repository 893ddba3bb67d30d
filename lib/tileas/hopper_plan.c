/* hopper_plan: whether a kernel can take the Hopper (sm_90a) TMA + wgmma path, or its Blackwell
 * (sm_100a) tcgen05 form (plan_tmem, plan_a_staging; the rules in docs/tileaa-tileas.md "The
 * Blackwell tcgen05 path"), and with which parameters — by reading the decisions TileAS wrote into its module (layouts, pipes, buffers), through the typed accessors of tileas/attrs.h and tileaa/view_read.h.
 * Nothing is paired by position: every decision is read off the op it belongs to.
 * Algorithm: every `mmaf` of the entry (at most CT_HOPPER_MAX_MMAS) must sit directly in the body
 * of one `tileaa.for` — at the entry's top level, or nested in control flow (`nested`, top_op: a
 * persistent kernel's tile loop; the rings then run on across the loop's executions) — carry
 * tileas.mma = "wgmma", and be a kind wgmma has (f16/bf16/tf32/f8E4M3FN/f8E5M2 → f32, f16 and fp8
 * → f16 mmaf, i8 → i32 mmai: wgmma_types), 2-D or batched 3-D (`batch`: one chain per batch; an
 * operand in a pipe is a 3-D view load, a [batch, rows, span] TMA box — on wgmma, A may also be in
 * registers and B staged, every batch's box side by side as TMA would lay them), with one tile M (64
 * or 128: one m64 wgmma per warpgroup). tf32 and 8-bit operands must both be K-major (wgmma
 * transposes 16-bit types only): A from a pipe; B the permute of one, or else staged from
 * registers into K-major SMEM slots (plan_b_staging; placed after the mbarriers). Operands: A is the tileas.consume of a
 * tileas.produce (a TMA pipe read through a K-major descriptor) or any tile computed or loaded in
 * registers (wgmma with A in registers, e.g. P in P·V, or an A TileAS loads with SIMT loads); a
 * pipe may be a 3-D/4-D view load read through a reshape that drops its leading unit dims
 * (hopper_is_unit_reshape; the TMA box keeps them, `lead`); B is
 * the consume of a produce ([K,N], MN-major descriptor) or `permute [1,0]` of one ([N,K], K-major
 * descriptor, e.g. Kᵀ in Q·Kᵀ), or any other tile, staged from registers (plan_b_staging). Each such
 * produce is a pipe: in the loop body (indices loop-invariant, the loop counter, or the counter
 * plus a loop-invariant value: hopper_iv_plus_invariant) it becomes a
 * ring of its tileas.pipe's `stages`, before the loop (at the entry's top level, before top_op) a one-shot load;
 * its slot may only be consumed and released, and the consumed tile may only feed planned mmaf
 * operands. Its tileas.pipe must be TMA → wgmma_smem, its layout a swizzled TMA box whose inner
 * extent is one swizzle span (the alloc's swizzle); its tileaa.view gives the tensor map. The
 * ordinary ops of the loop body (online softmax, scaling, ...) are lowered as everywhere else, on
 * the wgmma accumulator layout. Anything else: a remark (`tilec --remarks`) per mmaf and the
 * mma.sync path, on which the produce/consume pairs are SIMT loads (lower_memory.c).
 * SMEM: each pipe's stages (1024-aligned), then the mbarriers (full[S] + empty[S] per in-loop pipe,
 * full[1] per load before the loop) — the 2 per pipe per stage the scheduler's mbarrier pool counts.
 * Stores (plan_stores): the first tileas.store TileAS made a TMA store becomes the TMA store
 * epilogue when it is a weak 2-D view store at the entry's top level after the loop (no token in or
 * used), its box tiles the output with rows of one swizzle span and the staging tile fits in shared
 * memory (after the ring and its mbarriers unless it fits in the ring); its tileas.store_wait's
 * `deferred` (TILEIR_DELAY_TMA_STORE_WAIT) is honoured when the kernel returns right after the store.
 * A kernel without mmaf (plan_bulk, plan->bulk; TILEIR_PREFER_TMA_FOR_LOAD_STORE on sm_90a/sm_100a):
 * each top-level 1-D / 2-D view load TileAS put on TMA with a register (`blocked`) consumer is a
 * one-shot pipe (buffer 1024-aligned, one full mbarrier) whose consumes read the tile with
 * ld.shared; each one directly in a top-level loop (a column loop, a strip-mined row) a ring of
 * TileAS's stages (full and empty mbarriers per stage) filled ahead by thread 0 and released after
 * its reads; the first TMA store is the same epilogue (its staging reusing the buffers when every
 * load was read before it); each access it does not take stays SIMT, with a remark.
 * Seed: 001 (roofline stage count, tunables). Knobs: HOPPER_MAX_M (largest tile M: 64 per
 * warpgroup), HOPPER_MAX_N, HOPPER_SMEM_LIMIT. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/attr_read.h"
#include "frontend/ops.h"
#include "support/context.h"
#include "tileaa/ir_build.h"
#include "tileaa/view_read.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/sched.h"

#define HOPPER_MAX_M 128
#define HOPPER_MAX_N 256
#define HOPPER_SMEM_LIMIT (ct_machine_hopper()->smem_ceiling_bytes) /* pool 5 */
#define SMEM_PIPE_ALIGN 1024 /* each pipe buffer starts on the 128B swizzle pattern repeat */

static MlirStringRef sr(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool is_op(MlirOperation op, const char *full_name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(full_name) && !memcmp(n.data, full_name, n.length);
}

/* Pre-order walk collecting ops named `name` or `name2` (may be NULL), at most cap. Returns the
 * count found. */
static int collect(MlirOperation root, const char *name, const char *name2, MlirOperation *out, int cap, int n) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(root); r++) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock blk = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(blk); blk = mlirBlockGetNextInRegion(blk))
      for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
        if (is_op(op, name) || (name2 && is_op(op, name2))) {
          if (n < cap) out[n] = op;
          n++;
        }
        n = collect(op, name, name2, out, cap, n);
      }
  }
  return n;
}

static MlirOperation def_op(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

/* The entry argument v comes from (through `assume`), or -1; *div: the `assume div_by` divisor
 * met on the way (1 when none). */
static int arg_of(MlirValue v, MlirBlock entry_body, int64_t *div) {
  *div = 1;
  for (;;) {
    MlirOperation d = def_op(v);
    if (mlirOperationIsNull(d)) break;
    if (!is_op(d, "cuda_tile.assume")) return -1;
    int64_t n;
    if (ct_attr_div_by(mlirOperationGetAttributeByName(d, sr("predicate")), &n) && n > *div) *div = n;
    v = mlirOperationGetOperand(d, 0);
  }
  if (!mlirValueIsABlockArgument(v) || !mlirBlockEqual(mlirBlockArgumentGetOwner(v), entry_body)) return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* The tileaa.view op a view value comes from, or null. */
static MlirOperation view_op_of(MlirValue view) {
  MlirOperation v = def_op(view);
  return !mlirOperationIsNull(v) && is_op(v, "tileaa.view") ? v : (MlirOperation){NULL};
}

/* Entry argument index the view's base pointer comes from (through assume), or -1. */
static int view_base_arg(MlirOperation view_op, MlirBlock entry_body) {
  int64_t div;
  return arg_of(mlirOperationGetOperand(view_op, 0), entry_body, &div);
}

/* The tensor-map fields of tileaa.view `view_op` (type vt): its dynamic dims and strides
 * (tileaa.to_i64 operands) must be kernel arguments (docs/abi.md `@j`), dynamic strides proven
 * multiples of 16 bytes by `assume div_by`. */
static bool view_tensormap(MlirOperation view_op, const ct_type *vt, MlirBlock entry_body, const int64_t *box, int swz,
                           ct_tensormap_fields *out, const char **why) {
  int dim_args[CT_MAX_RANK], stride_args[CT_MAX_RANK];
  int64_t sdiv[CT_MAX_RANK];
  for (int d = 0; d < CT_MAX_RANK; d++) dim_args[d] = stride_args[d] = -1, sdiv[d] = 0;
  int esize = ct_elem_bits(vt->elem) / 8;
  for (int k = 0; k < 2 * vt->rank; k++) {
    bool is_stride = k >= vt->rank;
    int d = is_stride ? k - vt->rank : k;
    if ((is_stride ? vt->strides[d] : vt->shape[d]) != CT_DYNAMIC) continue;
    MlirOperation conv = def_op(ct_tileaa_view_operand(view_op, vt->rank, d, is_stride));
    if (mlirOperationIsNull(conv) || !is_op(conv, "tileaa.to_i64")) continue;
    int64_t div;
    int a = arg_of(mlirOperationGetOperand(conv, 0), entry_body, &div);
    if (is_stride) stride_args[d] = a, sdiv[d] = div * esize;
    else dim_args[d] = a;
  }
  return ct_tensormap_fields_from_view_args(vt, box, swz, dim_args, stride_args, sdiv, out, why);
}

/* The 2-D TMA box of a TileAS layout (tileas.produce / tileas.store `layout`; a box of higher rank
 * whose leading dims are 1, as a reshaped 3-D/4-D view load has, counts by its last two; a rank-1
 * box, a 1-D tile's, is one row: {1, inner}), or false. */
static bool layout_box(const ct_tileas_layout *l, int64_t batch, int64_t box[2], int *nboxes) {
  if (l->atom != CT_ATOM_TMA || l->rank < 1) return false;
  for (int d = 0; d + 2 < l->rank; d++)
    if (l->box[d] != (d == 0 && batch > 1 ? batch : 1)) return false;
  box[0] = l->rank >= 2 ? l->box[l->rank - 2] : 1;
  box[1] = l->box[l->rank - 1];
  *nboxes = (int)l->boxes;
  return true;
}

/* Do `nboxes` TMA boxes of box[0] x box[1] elements (inner extent `span` bytes) side by side tile
 * a rows x cols tile under swizzle `swizzle` (bytes, 0 = none)? NULL, or why not (the wording of a
 * store's epilogue when `store`). Each box's inner extent is one swizzle span (unswizzled: a 16-byte
 * multiple); boxes after the first start rows x span bytes apart, each on its swizzle pattern's
 * repeat (128 bytes unswizzled; the first is where the 1024-aligned buffer is). */
static const char *boxes_tile(bool store, int64_t rows, int64_t cols, const int64_t box[2], int nboxes, int64_t span,
                              int swizzle) {
  if (box[0] != rows || box[1] * nboxes != cols)
    return store ? "the TMA store boxes do not tile the output" : "the TMA boxes do not tile the loaded tile";
  if (swizzle ? span != swizzle : span % 16)
    return store ? "the TMA store box inner extent is not one swizzle span"
                 : "the TMA box inner extent is not one swizzle span (or 16-byte multiple)";
  if (nboxes > 1 && rows * span % (swizzle ? 8 * swizzle : 128))
    return store ? "a TMA store box is not aligned to its swizzle pattern"
                 : "a TMA box is not aligned to its swizzle pattern (128 bytes unswizzled)";
  return NULL;
}

/* The next op after `op` that emits code: tileas.release emits none. */
static MlirOperation next_emitting(MlirOperation op) {
  MlirOperation q = mlirOperationGetNextInBlock(op);
  while (!mlirOperationIsNull(q) && is_op(q, "tileas.release")) q = mlirOperationGetNextInBlock(q);
  return q;
}

static bool bulk_pipes_read_before(const ct_hopper_plan *p, MlirOperation op, MlirBlock body);
static const char *apply_assignment(ct_hopper_plan *p);
static const char *ring_load_operands(MlirOperation ld, MlirOperation loop, const int32_t *seg);
static void plan_totals(ct_hopper_plan *p);
static bool loop_reads_pipe(const ct_hopper_plan *p, int l, int i);

/* The TMA store epilogue of tileas.store `op` (its layout `lay`), or why not. */
static const char *plan_store(const ct_hopper_plan_env *env, MlirOperation entry, MlirOperation op, const ct_tileas_layout *lay,
                              const ct_hopper_plan *p, ct_hopper_store *s) {
  memset(s, 0, sizeof *s);
  s->store = op;
  intptr_t nop = mlirOperationGetNumOperands(op);
  MlirOperation staging = nop ? def_op(mlirOperationGetOperand(op, nop - 1)) : (MlirOperation){NULL};
  if (!mlirOperationIsNull(staging) && is_op(staging, "tileas.alloc")) s->alloc = staging;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  if (mlirOperationGetBlock(op).ptr != body.ptr) return "the store is nested in control flow";
  if (p->bulk) {
    s->buffers_dead = bulk_pipes_read_before(p, op, body);
  } else {
    bool after = false;
    MlirOperation last = p->loops[p->nloops - 1];
    for (MlirOperation q = mlirOperationGetNextInBlock(last); !mlirOperationIsNull(q); q = mlirOperationGetNextInBlock(q))
      if (mlirOperationEqual(q, op)) after = true;
    if (!after) return p->nloops > 1 ? "the store is not after the last wgmma loop" : "the store is not after the wgmma loop";
    s->after_loop = mlirOperationEqual(next_emitting(last), op);
    s->buffers_dead = true;
  }
  if (ct_attr_int(op, "memory_ordering_semantics", 0) != 0) return "the store is not weak";
  int32_t seg[5];
  int nseg = 0;
  /* (a 1-D store, one box row, only in a bulk plan) */
  if ((nseg = ct_attr_segments(op, seg, 5)) < 0 || nseg > 5 || nseg < 4 || seg[2] != 2 - (p->bulk && seg[2] == 1) ||
      seg[3] != 0)
    return p->bulk ? "the store is not a 1-D or 2-D view store without an input token"
                   : "the store is not a 2-D view store without an input token";
  bool rank1 = seg[2] == 1;
  intptr_t nres = mlirOperationGetNumResults(op);
  if (nres > 0 && !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, nres - 1))))
    return "the store's token orders later memory operations (a TMA store completes asynchronously)";
  MlirOperation vop = view_op_of(mlirOperationGetOperand(op, 1));
  ct_type tile;
  if (mlirOperationIsNull(vop) || ct_tileaa_view_read(vop, &s->view) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &tile) || s->view.tile_rank != seg[2] ||
      tile.rank != seg[2])
    return "the store does not write its tile to a partition view of the same rank";
  if (tile.elem != CT_F32 && tile.elem != CT_F16 && tile.elem != CT_BF16) return "the stored element type has no TMA data type here";
  s->esize = ct_elem_bits(tile.elem) / 8;
  int64_t rows = rank1 ? 1 : s->view.tile_shape[0], cols = s->view.tile_shape[rank1 ? 0 : 1];
  if (tile.shape[0] != s->view.tile_shape[0] || (!rank1 && tile.shape[1] != cols)) return "the stored tile differs from the view's tile";
  s->base_arg = view_base_arg(vop, body);
  if (s->base_arg < 0) return "the output view's base pointer is not a kernel argument";
  if (!layout_box(lay, 1, s->box, &s->nboxes)) return "the TMA store layout has no box";
  s->swizzle = lay->swizzle;
  int64_t span = s->box[1] * s->esize;
  const char *why;
  if ((why = boxes_tile(true, rows, cols, s->box, s->nboxes, span, s->swizzle))) return why;
  s->box_bytes = rows * span;
  s->tile_bytes = rows * cols * s->esize;
  if (!view_tensormap(vop, &s->view, body, rank1 ? s->box + 1 : s->box, s->swizzle, &s->tmap, &why)) return why;
  s->smem_off = s->tile_bytes <= p->ring_bytes && s->buffers_dead ? 0 : (p->smem_bytes + 1023) / 1024 * 1024;
  if (s->smem_off + s->tile_bytes + CT_SMEM_RING_SLACK > HOPPER_SMEM_LIMIT) return "the staging tile does not fit in shared memory";
  /* TILEIR_DELAY_TMA_STORE_WAIT: TileAS marks the store_wait deferred */
  MlirOperation next = next_emitting(op);
  if (nres == 2) {
    MlirValue fut = mlirOperationGetResult(op, 0);
    for (MlirOpOperand u = mlirValueGetFirstUse(fut); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirOperation w = mlirOpOperandGetOwner(u);
      if (!is_op(w, "tileas.store_wait")) continue;
      MlirAttribute d = mlirOperationGetAttributeByName(w, sr("deferred"));
      s->deferred = !mlirAttributeIsNull(d) && mlirAttributeIsABool(d) && mlirBoolAttrGetValue(d);
      if (mlirOperationEqual(w, next)) next = next_emitting(w);
    }
  }
  if (s->deferred && (mlirOperationIsNull(next) || !is_op(next, "cuda_tile.return"))) {
    if (env->describe_plan)
      ct_remark_op(env->c, op, "wgmma path: the TMA store wait is not deferred (TILEIR_DELAY_TMA_STORE_WAIT): ops "
                 "after the store may reuse its shared-memory staging");
    s->deferred = false;
  }
  return NULL;
}

/* The first tileas.store TileAS made a TMA store becomes the epilogue; every other TMA store is
 * declined (a remark when explaining; path_select.c then makes it a SIMT store). */
static void plan_stores(const ct_hopper_plan_env *env, MlirOperation entry, ct_hopper_plan *p) {
  MlirOperation st[8];
  int nst = collect(entry, "tileas.store", NULL, st, 8, 0);
  for (int i = 0; i < nst && i < 8; i++) {
    ct_tileas_layout lay;
    if (!ct_tileas_op_layout(st[i], &lay) || lay.atom != CT_ATOM_TMA) continue;
    const char *why = NULL;
    if (p->has_store) why = "only one TMA store epilogue per kernel";
    else {
      ct_hopper_store cand;
      if (!(why = plan_store(env, entry, st[i], &lay, p, &cand))) {
        p->st = cand;
        p->has_store = true;
        int64_t end = cand.smem_off + cand.tile_bytes;
        if (end > p->smem_bytes) p->smem_bytes = end;
        continue;
      }
    }
    if (mlirOperationIsNull(p->declined_store)) {
      p->declined_store = st[i];
      p->declined_store_why = why;
    }
    if (env->explain_decline && p->bulk)
      ct_remark_op(env->c, st[i], "TileAS chose a TMA store for this result; it is stored with st.global: %s", why);
    else if (env->explain_decline)
      ct_remark_op(env->c, st[i], "wgmma path: TileAS chose a TMA store for a result; it is stored from the accumulator "
                 "fragments with st.global: %s", why);
  }
}

/* The TileAS decisions for the pipe of o's tileas.produce; records that pipe's tileas.pipe and
 * tileas.alloc in o. */
static const char *tileas_pipe(ct_hopper_pipe *o, ct_frag consumer, int *stages, int64_t *tx, int *swz) {
  MlirOperation prod = o->load;
  MlirOperation pipe = def_op(mlirOperationGetOperand(prod, 0));
  if (mlirOperationIsNull(pipe) || !is_op(pipe, "tileas.pipe")) return "no tileas.pipe";
  ct_tileas_pipe pi;
  const char *bad = ct_tileas_pipe_read(pipe, &pi);
  if (bad) return bad;
  if (pi.producer != CT_ATOM_TMA) return "TileAS chose a non-TMA producer for an operand";
  if (pi.consumer != consumer)
    return consumer == CT_FRAG_TCGEN05_SMEM ? "TileAS did not lay the operand out for tcgen05 descriptors"
           : consumer == CT_FRAG_WGMMA_SMEM ? "TileAS did not lay the operand out for wgmma descriptors"
                                            : "TileAS did not choose a TMA load into registers";
  *stages = (int)pi.stages;
  *tx = pi.tx_bytes;
  MlirOperation alloc = def_op(mlirOperationGetOperand(pipe, 0));
  if (mlirOperationIsNull(alloc) || !is_op(alloc, "tileas.alloc")) return "no tileas.alloc";
  o->pipe_op = pipe;
  o->alloc = alloc;
  ct_tileas_alloc al;
  *swz = ct_tileas_alloc_read(alloc, &al) ? -1 : al.swizzle;
  ct_tileas_layout lay;
  if (!ct_tileas_op_layout(prod, &lay) || !layout_box(&lay, o->batch, o->box, &o->nboxes)) return "the operand layout has no TMA box";
  if (lay.swizzle != *swz) return "the operand layout's swizzle differs from its buffer's (tileas.alloc)";
  return NULL;
}

/* Geometry of pipe o (its tile is the view's tile) under TileAS's swizzle. */
static const char *check_pipe(ct_hopper_pipe *o, int esize, int swz, MlirBlock entry_body) {
  int64_t tile[2] = {o->view.tile_shape[o->lead], o->view.tile_shape[o->lead + 1]};
  bool k_major = o->role != CT_PIPE_B_MN;
  if (swz <= 0) return "the TileAS operand layout is not swizzled (unswizzled wgmma layouts are not implemented)";
  if (o->box[1] * esize != swz) return "the TMA box inner extent is not one swizzle span";
  if (o->box[0] != tile[0] || o->box[1] * o->nboxes != tile[1]) return "the TMA boxes do not tile the operand";
  if (k_major && swz % CT_WGMMA_KSTEP_BYTES) return "a wgmma k step crosses a swizzle row";
  if (o->view.padding != CT_PAD_NONE && o->view.padding != CT_PAD_ZERO) return "a non-zero padding value (TMA fills zeros)";
  const char *why;
  MlirOperation vop = view_op_of(mlirOperationGetOperand(o->load, 1));
  int64_t full_box[CT_MAX_RANK];
  for (int d = 0; d < o->lead; d++) full_box[d] = d == 0 ? o->batch : 1;
  full_box[o->lead] = o->box[0], full_box[o->lead + 1] = o->box[1];
  if (!view_tensormap(vop, &o->view, entry_body, full_box, swz, &o->tmap, &why)) return why;
  ct_wgmma_operand_geom_init(&o->geom, k_major, swz, esize, tile[0], o->nboxes);
  if (o->batch > 1) {
    /* every batch's slab starts on its swizzle pattern's repeat (8 rows of the span) */
    if (tile[0] % 8) return "a batched operand's rows are not a multiple of 8 (a swizzle pattern per batch)";
    ct_wgmma_operand_geom_batch(&o->geom, o->batch);
  }
  o->tile_bytes = o->batch * tile[0] * tile[1] * esize;
  return NULL;
}

/* ---- a kernel without mmaf (plan->bulk) ---- */

/* Does a come before b in block `body` (both in it)? */
static bool before_in_block(MlirBlock body, MlirOperation a, MlirOperation b) {
  for (MlirOperation q = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(q); q = mlirOperationGetNextInBlock(q)) {
    if (mlirOperationEqual(q, b)) return false;
    if (mlirOperationEqual(q, a)) return true;
  }
  return false;
}

/* Is every pipe of the bulk plan filled and read before op (each consume of a one-shot pipe's slot
 * at the entry's top level, a ring's loop)? Then a staging buffer written at op may reuse the pipe
 * buffers (the ring loop ends with a CTA barrier, and fills no stage past its trip count). */
static bool bulk_pipes_read_before(const ct_hopper_plan *p, MlirOperation op, MlirBlock body) {
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (o->in_loop) {
      if (!before_in_block(body, p->loops[o->loop], op)) return false;
      continue;
    }
    MlirOperation ld = o->load;
    if (!before_in_block(body, ld, op)) return false;
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(ld, 0)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      MlirOperation w = mlirOpOperandGetOwner(u);
      if (is_op(w, "tileas.consume") && !before_in_block(body, w, op)) return false;
    }
  }
  return true;
}

/* The slot users of a ring pipe of a bulk plan (its produce directly in the loop body `lbody`):
 * consumes and one release, all directly in the body, the release after every consume (it is the
 * stage's last use: every thread arrives on the stage's empty mbarrier there, and thread 0 refills
 * the stage for the iteration S ahead). NULL, or why not. */
static const char *bulk_ring_users(MlirOperation ld, MlirBlock lbody) {
  MlirOperation release = {NULL};
  int nconsume = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(ld, 0)); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (!mlirBlockEqual(mlirOperationGetBlock(w), lbody)) return "the loaded tile is read inside nested control flow of the loop";
    if (is_op(w, "tileas.consume")) nconsume++;
    else if (!mlirOperationIsNull(release)) return "the ring's slot is released more than once (tileas.release)";
    else release = w;
  }
  if (!nconsume) return "the loaded tile is not used";
  if (mlirOperationIsNull(release)) return "the ring's slot is not released (tileas.release) in the loop";
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(ld, 0)); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (is_op(w, "tileas.consume") && !before_in_block(lbody, w, release))
      return "the ring's slot is released (tileas.release) before a read of its tile";
  }
  return NULL;
}

/* The one-shot pipes no wait surely covers (wait_at_return): a load before the loops is waited for
 * at the start of each loop that reads it (a bulk plan's: at each consume of its slot), which the
 * entry runs only when that loop (consume) sits at its top level, not inside an `if` or another
 * loop that may run no time. */
static void mark_waits_at_return(ct_hopper_plan *p, MlirBlock body) {
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    bool sure = o->in_loop;
    if (!p->bulk) {
      for (int l = 0; l < p->nloops && !sure; l++)
        sure = loop_reads_pipe(p, l, i) && mlirBlockEqual(mlirOperationGetBlock(p->loops[l]), body);
    } else {
      MlirValue slot = mlirOperationGetResult(o->load, 0);
      for (MlirOpOperand u = mlirValueGetFirstUse(slot); !mlirOpOperandIsNull(u) && !sure; u = mlirOpOperandGetNextUse(u)) {
        MlirOperation w = mlirOpOperandGetOwner(u);
        sure = is_op(w, "tileas.consume") && mlirBlockEqual(mlirOperationGetBlock(w), body);
      }
    }
    o->wait_at_return = !sure;
  }
}

/* Pipe o of a kernel without mmaf: its tileas.produce (o->load), weak, its token unused, a 2-D (or
 * 1-D: one row) view load whose pipe TileAS gave a TMA producer and a register consumer (`blocked`);
 * its tile lands as TileAS's boxes side by side (rows x span bytes each, TileAS's swizzle) and every
 * tileas.consume of its slot reads it into registers. At the entry's top level: filled once. Directly
 * in the body of a loop at the entry's top level (p->loops, at most 4 such loops): a ring of
 * TileAS's stages, its view and token from before the loop, its indices the induction variable
 * (+ a value from before the loop) or values from before it, its tile read in the body and the
 * slot released after those reads (bulk_ring_users). Fills o, or says why not. */
static const char *plan_bulk_pipe(ct_hopper_plan *p, ct_hopper_pipe *o, MlirBlock body) {
  MlirOperation ld = o->load;
  const char *why;
  MlirBlock at = mlirOperationGetBlock(ld);
  MlirOperation loop = mlirOperationGetParentOperation(ld);
  bool in_loop = !mlirBlockEqual(at, body);
  if (in_loop && (!is_op(loop, "tileaa.for") || !mlirBlockEqual(mlirOperationGetBlock(loop), body)))
    return "the load is inside control flow other than a loop at the kernel's top level";
  int loop_index = in_loop ? hopper_loop_index(p, loop) : -1;
  if (in_loop && loop_index < 0 && p->nloops == CT_HOPPER_MAX_LOOPS) return "more loops with TMA rings than the plan takes (4)";
  if (ct_attr_int(ld, "memory_ordering_semantics", 0) != 0) return "the load is not weak";
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(ld, 1))))
    return "the load's token orders later memory operations";
  int32_t seg[4];
  if (ct_attr_segments(ld, seg, 4) != 4 || seg[2] < 1 || seg[2] > 2) return "the load is not a 1-D or 2-D view load";
  if (in_loop && (why = ring_load_operands(ld, loop, seg))) return why;
  MlirOperation vop = view_op_of(mlirOperationGetOperand(ld, 1));
  if (mlirOperationIsNull(vop) || ct_tileaa_view_read(vop, &o->view) || o->view.tile_rank != seg[2])
    return "the load does not read a 1-D or 2-D partition view";
  bool rank1 = seg[2] == 1; /* a row: one box row, the 1-D tensor map's box */
  if (o->view.padding != CT_PAD_NONE && o->view.padding != CT_PAD_ZERO) return "a non-zero padding value (TMA fills zeros)";
  o->base_arg = view_base_arg(vop, body);
  if (o->base_arg < 0) return "the view's base pointer is not a kernel argument";
  o->batch = 1;
  o->stages = 1;
  o->role = CT_PIPE_A;
  o->loop = -1;
  int stages, swz, esize = ct_elem_bits(o->view.elem) / 8;
  int64_t tx;
  if ((why = tileas_pipe(o, CT_FRAG_BLOCKED, &stages, &tx, &swz))) return why;
  if (in_loop && (stages < 1 || stages > CT_BULK_RING_MAX_STAGES))
    return "TileAS's ring depth (tileas.pipe stages) is not 1 to 32";
  int64_t rows = rank1 ? 1 : o->view.tile_shape[0], cols = o->view.tile_shape[rank1 ? 0 : 1], span = o->box[1] * esize;
  if (esize < 1) return "the TMA boxes do not tile the loaded tile";
  if ((why = boxes_tile(false, rows, cols, o->box, o->nboxes, span, swz))) return why;
  o->geom = (ct_wgmma_operand_geom){.k_major = true, .swizzle = swz, .esize = esize, .rows = rows,
                                    .box_bytes = rows * span, .box_stride = rows * span, .nboxes = o->nboxes};
  o->tile_bytes = rows * cols * esize;
  if (tx != o->tile_bytes) return "TileAS tx_bytes differ from the tile bytes";
  if (!view_tensormap(vop, &o->view, body, rank1 ? o->box + 1 : o->box, swz, &o->tmap, &why)) return why;
  if (in_loop) {
    if ((why = bulk_ring_users(ld, mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0))))) return why;
    o->in_loop = true;
    o->stages = stages;
    o->loop = loop_index >= 0 ? loop_index : p->nloops; /* (a new loop: plan_bulk adds it when it takes the pipe) */
    return NULL;
  }
  bool consumed = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(ld, 0)); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (!is_op(w, "tileas.consume") && !is_op(w, "tileas.release")) return "the pipe's slot is used by other ops";
    consumed |= is_op(w, "tileas.consume");
  }
  /* (a fill nobody waits for could still be landing when the block exits) */
  if (!consumed) return "the loaded tile is not used";
  return NULL;
}

/* The bulk plan of an entry without mmaf: every tileas.produce plan_bulk_pipe takes (the others
 * stay SIMT loads, with a remark when explaining), each buffer (a ring: its stages) 1024-aligned in
 * program order, then the mbarriers: full[stages] each (one arrival: the issuing thread's
 * expect_tx), and empty[stages] for a ring (every thread of the CTA arrives once it has read the
 * stage: p->bulk_threads, from the entry's tileas.num_warps — path_select.c sets it again once it
 * has decided the warps); then the TMA store (plan_stores; its staging reuses the buffers when they
 * have all been read before it). NULL when something was planned; "" when nothing was. */
static const char *plan_bulk(const ct_hopper_plan_env *env, MlirOperation entry, ct_hopper_plan *p) {
  memset(p, 0, sizeof *p);
  p->bulk = true;
  p->bulk_threads = 32 * (int)ct_attr_int(entry, "tileas.num_warps", 4);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  enum { MAXL = 64 };
  MlirOperation prods[MAXL];
  int nprod = collect(entry, "tileas.produce", NULL, prods, MAXL, 0);
  int64_t off = 0;
  for (int i = 0; i < nprod && i < MAXL; i++) {
    ct_hopper_pipe *o = &p->pipes[p->npipes];
    const char *why = p->npipes == CT_HOPPER_MAX_PIPES ? "more TMA loads than the plan takes (6)" : NULL;
    if (!why) {
      memset(o, 0, sizeof *o);
      o->load = prods[i];
      why = plan_bulk_pipe(p, o, body);
    }
    int64_t at = (off + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
    if (!why && at + o->stages * o->tile_bytes + CT_SMEM_RING_SLACK > HOPPER_SMEM_LIMIT)
      why = o->in_loop ? "its ring does not fit in shared memory" : "its buffer does not fit in shared memory";
    if (why) {
      if (env->explain_decline)
        ct_remark_op(env->c, prods[i], "TileAS chose a TMA load for this tile; it is loaded with ld.global: %s", why);
      continue;
    }
    if (o->in_loop && o->loop == p->nloops) {
      p->loops[p->nloops++] = mlirOperationGetParentOperation(o->load);
      p->for_op = p->top_op = p->loops[0];
    }
    o->smem_off = at;
    off = at + o->stages * o->tile_bytes;
    p->npipes++;
  }
  p->ring_bytes = off;
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    o->full_off = off;
    o->full_arrivals = 1;
    off += 8 * o->stages;
    if (!o->in_loop) continue;
    o->empty_off = off;
    o->empty_arrivals = p->bulk_threads;
    off += 8 * o->stages;
  }
  plan_totals(p);
  mark_waits_at_return(p, body);
  p->smem_bytes = off;
  plan_stores(env, entry, p);
  if (!p->npipes && !p->has_store) return "";
  return apply_assignment(p);
}

bool hopper_is_minor_transpose(MlirOperation op) {
  if (mlirOperationIsNull(op) || !is_op(op, "cuda_tile.permute")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(op, sr("permutation"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a)) return false;
  intptr_t n = mlirDenseArrayGetNumElements(a);
  if (n != 2 && n != 3) return false;
  for (intptr_t d = 0; d < n; d++)
    if (mlirDenseI32ArrayGetElement(a, d) != (d < n - 2 ? d : d == n - 2 ? n - 1 : n - 2)) return false;
  return true;
}

/* Is v `addi iv, x` (either order) with x defined outside `loop`? TileAA counts every loop from 0,
 * so a `for %k in (%k0 to ...)` reads its index as iv + %k0. *x: the invariant operand. */
bool hopper_iv_plus_invariant(MlirValue v, MlirValue iv, MlirOperation loop, MlirValue *x) {
  MlirOperation d = def_op(v);
  if (mlirOperationIsNull(d) || !is_op(d, "cuda_tile.addi") || mlirOperationGetNumOperands(d) != 2) return false;
  for (int i = 0; i < 2; i++)
    if (mlirValueEqual(mlirOperationGetOperand(d, i), iv) &&
        ct_ir_defined_outside(mlirOperationGetOperand(d, 1 - i), loop)) {
      if (x) *x = mlirOperationGetOperand(d, 1 - i);
      return true;
    }
  return false;
}

/* Is op a cuda_tile.reshape that only drops leading unit dims down to 2-D (a 3-D/4-D view tile
 * [1, R, C] read as [R, C]: cuTile's way of indexing batch and head)? */
bool hopper_is_unit_reshape(MlirOperation op) {
  ct_type src, dst;
  if (mlirOperationIsNull(op) || !is_op(op, "cuda_tile.reshape") || mlirOperationGetNumOperands(op) != 1 ||
      mlirOperationGetNumResults(op) != 1 ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &src) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &dst) || dst.rank != 2 || src.rank <= 2)
    return false;
  int lead = src.rank - 2;
  for (int d = 0; d < src.rank; d++)
    if (d < lead ? src.shape[d] != 1 : src.shape[d] != dst.shape[d - lead]) return false;
  return true;
}

MlirOperation hopper_produce_of(MlirValue v) {
  MlirOperation c = def_op(v);
  if (hopper_is_unit_reshape(c)) c = def_op(mlirOperationGetOperand(c, 0));
  if (mlirOperationIsNull(c) || !is_op(c, "tileas.consume") || mlirOperationGetNumOperands(c) != 2) return (MlirOperation){NULL};
  MlirOperation p = def_op(mlirOperationGetOperand(c, 1));
  return !mlirOperationIsNull(p) && is_op(p, "tileas.produce") ? p : (MlirOperation){NULL};
}

bool hopper_takes_pipe_slot(const ct_hopper_plan *p, MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 2) return false;
  MlirOperation prod = def_op(mlirOperationGetOperand(op, 1));
  return !mlirOperationIsNull(prod) && hopper_pipe_of_load(p, prod) >= 0;
}

int hopper_pipe_of_load(const ct_hopper_plan *p, MlirOperation load) {
  for (int i = 0; i < p->npipes; i++)
    if (mlirOperationEqual(p->pipes[i].load, load)) return i;
  return -1;
}

int hopper_mma_index(const ct_hopper_plan *p, MlirOperation mmaf) {
  for (int i = 0; i < p->nmmas; i++)
    if (mlirOperationEqual(p->mmas[i].mmaf, mmaf)) return i;
  return -1;
}

/* Does an mmaf of loop l read pipe i? */
static bool loop_reads_pipe(const ct_hopper_plan *p, int l, int i) {
  for (int k = 0; k < p->nmmas; k++)
    if (p->mmas[k].loop == l && (p->mmas[k].a_pipe == i || p->mmas[k].b_pipe == i)) return true;
  return false;
}

/* The plan's totals, derived from its pipes and mmaf ops: the deepest ring (stages), the most bytes
 * one loop's rings bring per iteration (tx_bytes), and the mbarriers (full[S] + empty[S] per ring,
 * full[1] per load before the loop; tcgen05: each mmaf's done, and its two order mbarriers). */
static void plan_totals(ct_hopper_plan *p) {
  p->stages = p->nbarriers = 0;
  p->tx_bytes = 0;
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    p->nbarriers += o->in_loop ? 2 * o->stages : 1;
    if (o->in_loop && o->stages > p->stages) p->stages = o->stages;
  }
  for (int l = 0; l < p->nloops; l++) {
    int64_t tx = 0;
    for (int i = 0; i < p->npipes; i++)
      if (p->pipes[i].in_loop && p->pipes[i].loop == l) tx += p->pipes[i].tile_bytes;
    if (tx > p->tx_bytes) p->tx_bytes = tx;
  }
  for (int k = 0; k < p->nmmas && p->tcgen05; k++) p->nbarriers += p->mmas[k].tmem.order >= 0 ? 3 : 1;
}

bool ct_hopper_loop_rings_overlap(const ct_hopper_plan *p, int a, int b) {
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *x = &p->pipes[i];
    if (!x->in_loop || x->loop != a) continue;
    for (int j = 0; j < p->npipes; j++) {
      const ct_hopper_pipe *y = &p->pipes[j];
      if (y->in_loop && y->loop == b && x->smem_off < y->smem_off + y->stages * y->tile_bytes &&
          y->smem_off < x->smem_off + x->stages * x->tile_bytes)
        return true;
    }
  }
  return false;
}

/* Warp-specialised loops whose rings a later loop's rings overlap: drained (ws_drained_loops). */
static void plan_ws_drains(ct_hopper_plan *p) {
  p->ws_drained_loops = 0;
  for (int a = 0; a < p->nloops && p->ws; a++)
    for (int b = a + 1; b < p->nloops; b++)
      if (ct_hopper_loop_rings_overlap(p, a, b)) p->ws_drained_loops |= 1u << a;
}

int64_t ct_hopper_separate_loop_rings(ct_hopper_plan *p, int64_t max_bytes) {
  int64_t added = 0;
  if (max_bytes > HOPPER_SMEM_LIMIT - CT_SMEM_RING_SLACK) max_bytes = HOPPER_SMEM_LIMIT - CT_SMEM_RING_SLACK;
  for (int l = 1; l < p->nloops; l++) {
    bool shares = false;
    for (int e = 0; e < l; e++) shares |= ct_hopper_loop_rings_overlap(p, e, l);
    if (!shares) continue;
    int64_t at = p->smem_bytes, off[CT_HOPPER_MAX_PIPES];
    for (int i = 0; i < p->npipes; i++) {
      const ct_hopper_pipe *o = &p->pipes[i];
      if (!o->in_loop || o->loop != l) continue;
      at = (at + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
      off[i] = at;
      at += o->stages * o->tile_bytes;
    }
    if (at > max_bytes) continue; /* (it keeps sharing: the producer drains the earlier loop first) */
    for (int i = 0; i < p->npipes; i++)
      if (p->pipes[i].in_loop && p->pipes[i].loop == l) p->pipes[i].smem_off = off[i];
    added += at - p->smem_bytes;
    p->smem_bytes = at;
  }
  plan_ws_drains(p);
  return added;
}

int hopper_loop_index(const ct_hopper_plan *p, MlirOperation op) {
  for (int i = 0; i < p->nloops; i++)
    if (mlirOperationEqual(p->loops[i], op)) return i;
  return -1;
}

void ct_hopper_plan_of_loop(const ct_hopper_plan *p, int l, ct_hopper_plan *q) {
  *q = *p;
  q->for_op = q->top_op = q->loops[0] = p->loops[l];
  q->nloops = 1;
  q->npipes = q->nmmas = 0;
  int map[CT_HOPPER_MAX_PIPES];
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    map[i] = -1;
    /* (a load before the loops: read here; a bulk plan's one-shot loads may be read anywhere) */
    if (o->in_loop ? o->loop != l : !(p->bulk || loop_reads_pipe(p, l, i))) continue;
    map[i] = q->npipes;
    q->pipes[q->npipes++] = *o;
  }
  for (int k = 0; k < p->nmmas; k++) {
    if (p->mmas[k].loop != l) continue;
    ct_hopper_mma *mm = &q->mmas[q->nmmas++];
    *mm = p->mmas[k];
    mm->loop = 0;
    if (mm->a_pipe >= 0) mm->a_pipe = map[mm->a_pipe];
    if (mm->b_pipe >= 0) mm->b_pipe = map[mm->b_pipe];
  }
  for (int i = 0; i < q->npipes; i++)
    if (q->pipes[i].in_loop) q->pipes[i].loop = 0;
  q->ws_drained_loops = (p->ws_drained_loops >> l) & 1u;
  if (p->nloops > 1) {
    q->nested = p->loop_nested[l];
    q->ring_word = 2 * l;
  }
  plan_totals(q);
}

/* The pipe of tileas.produce `ld` in role `role` (added on first use), or -1 with *why. */
static int use_pipe(ct_hopper_plan *p, MlirOperation ld, ct_pipe_role role, int64_t batch, const char **why) {
  int i = hopper_pipe_of_load(p, ld);
  if (i >= 0) {
    if (p->pipes[i].role != role) return *why = "one loaded tile feeds wgmma operands of different kinds", -1;
    if (p->pipes[i].batch != batch) return *why = "one loaded tile feeds batched and 2-D wgmma operands", -1;
    return i;
  }
  if (p->npipes == CT_HOPPER_MAX_PIPES) return *why = "too many TMA-loaded wgmma operands", -1;
  ct_hopper_pipe *o = &p->pipes[p->npipes];
  memset(o, 0, sizeof *o);
  o->load = ld;
  o->role = role;
  o->batch = batch;
  return p->npipes++;
}

/* Every use of a pipe's tile (the result of a tileas.consume of its slot) feeds a planned wgmma
 * operand of the pipe's role (B K-major: through one permute). */
static const char *check_tile_uses(const ct_hopper_plan *p, const ct_hopper_pipe *o, MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    unsigned pos = mlirOpOperandGetOperandNumber(u);
    if (o->lead && hopper_is_unit_reshape(w)) { /* the 2-D tile of a 3-D/4-D view load */
      const char *why = check_tile_uses(p, o, mlirOperationGetResult(w, 0));
      if (why) return why;
      continue;
    }
    if (o->role == CT_PIPE_B_K) {
      if (!hopper_is_minor_transpose(w)) return "a TMA-loaded tile is also used by ordinary ops";
      for (MlirOpOperand k = mlirValueGetFirstUse(mlirOperationGetResult(w, 0)); !mlirOpOperandIsNull(k);
           k = mlirOpOperandGetNextUse(k))
        if (hopper_mma_index(p, mlirOpOperandGetOwner(k)) < 0 || mlirOpOperandGetOperandNumber(k) != 1)
          return "a transposed TMA-loaded tile is also used by ordinary ops";
    } else if (hopper_mma_index(p, w) < 0 || pos != (o->role == CT_PIPE_A ? 0u : 1u)) {
      return "a TMA-loaded tile is also used by ordinary ops";
    }
  }
  return NULL;
}

/* The operands of ring load ld in `loop` (seg: its operand segments): the view and the input token
 * from before the loop, each index the induction variable, iv + a value from before the loop, or a
 * value from before the loop — what the fills issued ahead of the iteration (the prologue, thread
 * 0's refills, a producer agent) can compute. NULL, or why not. */
static const char *ring_load_operands(MlirOperation ld, MlirOperation loop, const int32_t *seg) {
  MlirValue iv = mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)), 0);
  for (int j = 1; j < 2 + seg[2] + seg[3]; j++) {
    MlirValue v = mlirOperationGetOperand(ld, j);
    if (j >= 2 && j <= 1 + seg[2] && (mlirValueEqual(v, iv) || hopper_iv_plus_invariant(v, iv, loop, NULL))) continue;
    if (ct_ir_defined_outside(v, loop)) continue;
    MlirOperation d = def_op(v);
    if (j == 1)
      return !mlirOperationIsNull(d) && is_op(d, "tileaa.view")
                 ? "a load's view is made inside the loop (`make_partition_view` in the loop body; only views made "
                   "before the loop are supported)"
                 : "a load's view is computed inside the loop (only views made before the loop are supported)";
    if (j > 1 + seg[2]) return "a load's input token comes from inside the loop";
    return "a load index is computed inside the loop (only the induction variable and values from before the loop are "
           "supported)";
  }
  return NULL;
}

/* The op of block `body` that holds op (op itself when it is in body). */
static MlirOperation top_level_op(MlirOperation op, MlirBlock body) {
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), body)) op = mlirOperationGetParentOperation(op);
  return op;
}

/* The pipe's own rules (its tileas.produce): where it is, weak, its token unused, a 2-D view load,
 * its indices; its slot only consumed and released. */
static const char *check_load(ct_hopper_plan *p, ct_hopper_pipe *o, MlirBlock entry_body) {
  MlirOperation ld = o->load, top = p->top_op;
  o->loop = hopper_loop_index(p, mlirOperationGetParentOperation(ld));
  if (o->loop < 0 && p->nloops > 1) { /* several loops: loaded before the first loop that reads it */
    int first = 0;
    while (first < p->nloops && !loop_reads_pipe(p, first, (int)(o - p->pipes))) first++;
    if (first < p->nloops) top = top_level_op(p->loops[first], entry_body); /* (the loop, or the `if` around it) */
  }
  MlirOperation loop = o->loop >= 0 ? p->loops[o->loop] : p->for_op;
  if (o->loop >= 0) o->in_loop = true;
  else if (mlirBlockEqual(mlirOperationGetBlock(ld), entry_body)) {
    bool before = false;
    for (MlirOperation q = mlirBlockGetFirstOperation(entry_body); !mlirOperationIsNull(q) && !mlirOperationEqual(q, top);
         q = mlirOperationGetNextInBlock(q))
      if (mlirOperationEqual(q, ld)) before = true;
    if (!before) return "an operand is loaded after the loop";
  } else return p->nested ? "an operand is loaded in the control flow around the pipelined loop, outside it"
                          : "an operand is loaded inside other control flow";
  if (ct_attr_int(ld, "memory_ordering_semantics", 0) != 0) return "a load is not weak";
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(ld, 1)))) return "a load's token is used";
  int32_t seg[4];
  int nseg = 0;
  if ((nseg = ct_attr_segments(ld, seg, 4)) != 4 || seg[2] < 2 || seg[2] > CT_MAX_RANK)
    return "a load is not a view load of rank 2 or more";
  const char *why_ops = o->in_loop ? ring_load_operands(ld, loop, seg) : NULL;
  if (why_ops) return why_ops;
  MlirOperation vop = view_op_of(mlirOperationGetOperand(ld, 1));
  if (mlirOperationIsNull(vop) || ct_tileaa_view_read(vop, &o->view) || o->view.tile_rank < 2 ||
      o->view.tile_rank != seg[2])
    return "a load does not read a partition view of rank 2 or more";
  o->lead = o->view.tile_rank - 2;
  if (o->batch > 1 && (o->lead != 1 || o->view.tile_shape[0] != o->batch))
    return "a batched mmaf's operand is not a 3-D view load of its batch";
  for (int d = o->batch > 1 ? 1 : 0; d < o->lead; d++)
    if (o->view.tile_shape[d] != 1) return "a 3-D or 4-D view load whose leading tile dims are not 1 (only `reshape`s that drop unit dims feed wgmma)";
  o->base_arg = view_base_arg(vop, entry_body);
  if (o->base_arg < 0) return "a view's base pointer is not a kernel argument";
  MlirValue slot = mlirOperationGetResult(ld, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(slot); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    const char *why;
    if (is_op(w, "tileas.release")) continue;
    if (!is_op(w, "tileas.consume")) return "a TMA pipe's slot is used by other ops";
    if ((why = check_tile_uses(p, o, mlirOperationGetResult(w, 0)))) return why;
  }
  return NULL;
}

/* Position of op among ops[n], or -1. */
static int op_position(MlirOperation *ops, int n, MlirOperation op) {
  for (int i = 0; i < n; i++)
    if (mlirOperationEqual(ops[i], op)) return i;
  return -1;
}

typedef struct smem_range {
  int64_t lo, hi;
  bool buffer; /* a pipe buffer (dead after the loop: the TMA store staging may reuse it) */
  bool staging;
  MlirOperation op; /* the op whose attribute places it */
  int loop;         /* a ring's loop (rings of different loops may share), else -1 */
} smem_range;

/* The recorded offset of mmaf mm's staged A (a) or B staging buffer (tileas.a_staging_offset /
 * tileas.b_staging_offset; without it the computed one stands), checked for the swizzle repeat, and
 * the range its slots take; NULL, or why not. */
static const char *read_staging_offset(ct_hopper_mma *mm, bool a, smem_range *range) {
  const char *why;
  int64_t off, *stage_off = a ? &mm->a_stage_off : &mm->b_stage_off;
  if (a ? ct_tileas_op_a_staging_offset(mm->mmaf, &off, &why) : ct_tileas_op_b_staging_offset(mm->mmaf, &off, &why))
    *stage_off = off;
  else if (why)
    return why;
  if (*stage_off < 0 || *stage_off % SMEM_PIPE_ALIGN)
    return a ? "an A staging buffer's tileas.a_staging_offset is not a multiple of 1024 (the 128B swizzle pattern repeat)"
             : "a B staging buffer's tileas.b_staging_offset is not a multiple of 1024 (the 128B swizzle pattern repeat)";
  int64_t bytes = a ? mm->a_slots * mm->a_slot_bytes : mm->b_slots * mm->b_slot_bytes;
  *range = (smem_range){*stage_off, *stage_off + bytes, false, false, mm->mmaf, -1};
  return NULL;
}

/* The shared-memory assignment recorded in the module (tileas.offset on the allocs, tileas.barriers
 * on the pipes: path_select.c writes what plan() computes) replaces the computed one, checked:
 * buffers and the staging tile on the 1024-byte swizzle repeat, mbarriers on 8 bytes, no two
 * ranges overlapping (the TMA store's staging may reuse pipe buffers, dead after the loop, and the
 * rings of different loops may share, but no mbarrier), everything inside the SMEM limit. Without the attributes (a hand-written module) the
 * computed assignment stands. A failure names the op (p->why_op) whose attribute is wrong. */
static const char *apply_assignment(ct_hopper_plan *p) {
  const char *why;
  smem_range r[3 * CT_HOPPER_MAX_PIPES + 5 * CT_HOPPER_MAX_MMAS + 2];
  int n = 0;
  for (int a = 0; a <= 1; a++) /* every staged B, then every staged A */
    for (int i = 0; i < p->nmmas; i++) {
      ct_hopper_mma *mm = &p->mmas[i];
      if (!(a ? mm->a_staged && !p->tcgen05 : mm->b_staged)) continue; /* (tcgen05: A's staging is in tileas.tmem, below) */
      p->why_op = mm->mmaf;
      if ((why = read_staging_offset(mm, a, &r[n++]))) return why;
    }
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    MlirOperation al = o->alloc, pipe = o->pipe_op;
    int64_t off;
    p->why_op = al;
    if (ct_tileas_op_offset(al, &off, &why)) o->smem_off = off;
    else if (why) return why;
    if (o->smem_off < 0 || o->smem_off % SMEM_PIPE_ALIGN)
      return "a pipe buffer's tileas.offset is not a multiple of 1024 (the 128B swizzle pattern repeat)";
    p->why_op = pipe;
    MlirAttribute b = mlirOperationGetAttributeByName(pipe, sr("tileas.barriers"));
    if (!mlirAttributeIsNull(b)) {
      ct_tileas_barriers bars;
      if ((why = ct_tileas_barriers_read(b, &bars))) return why;
      if (o->in_loop && bars.empty < 0) return "tileas.barriers of a pipe in the loop has no 'empty' mbarriers";
      o->full_off = bars.full;
      if (o->in_loop) o->empty_off = bars.empty;
      if (bars.full_arrivals > 0) o->full_arrivals = bars.full_arrivals;
      if (bars.empty_arrivals > 0) o->empty_arrivals = bars.empty_arrivals;
    }
    if (o->full_off < 0 || o->full_off % 8 || (o->in_loop && (o->empty_off < 0 || o->empty_off % 8)))
      return "an mbarrier offset (tileas.barriers) is not a multiple of 8"; /* (computed offsets: a guard) */
    r[n++] = (smem_range){o->smem_off, o->smem_off + o->stages * o->tile_bytes, true, false, al, o->in_loop ? o->loop : -1};
    r[n++] = (smem_range){o->full_off, o->full_off + 8 * o->stages, false, false, pipe, -1};
    if (o->in_loop) r[n++] = (smem_range){o->empty_off, o->empty_off + 8 * o->stages, false, false, pipe, -1};
  }
  if (p->has_store) {
    MlirOperation al = p->st.alloc;
    int64_t off;
    p->why_op = al;
    if (!mlirOperationIsNull(al) && ct_tileas_op_offset(al, &off, &why)) p->st.smem_off = off;
    else if (why) return why;
    if (p->st.smem_off < 0 || p->st.smem_off % 1024) return "the TMA store staging buffer's tileas.offset is not a multiple of 1024";
    r[n++] = (smem_range){p->st.smem_off, p->st.smem_off + p->st.tile_bytes, false, true, al, -1};
  }
  for (int k = 0; k < p->nmmas && p->tcgen05; k++) {
    ct_hopper_mma *mm = &p->mmas[k];
    ct_tileas_tmem t;
    p->why_op = mm->mmaf;
    if (ct_tileas_op_tmem(mm->mmaf, &t, &why)) mm->tmem = t;
    else if (why) return why;
    const ct_tileas_tmem *tm = &mm->tmem;
    if (mm->a_staged) mm->a_stage_off = tm->a_staging;
    int64_t c = tm->columns; /* (what the attribute says alone ct_tileas_tmem_read checked) */
    if (tm->column + mm->batch * mm->n > c)
      return "the accumulator's TMEM columns (tileas.tmem column + tile N, times the batch of a batched mmaf) exceed the "
             "allocation";
    if (k > 0 && (tm->slot != p->mmas[0].tmem.slot || c != p->mmas[0].tmem.columns))
      return "the loops' accumulators share one TMEM allocation: tileas.tmem's columns and slot must be the same on every "
             "mmaf";
    for (int j = 0; j < k; j++) { /* the accumulators of one loop are live together */
      const ct_hopper_mma *o = &p->mmas[j];
      if (o->loop == mm->loop && tm->column < o->tmem.column + o->batch * o->n && o->tmem.column < tm->column + mm->batch * mm->n)
        return "two accumulators of one loop overlap in TMEM (tileas.tmem column)";
    }
    r[n++] = (smem_range){tm->done, tm->done + 8, false, false, mm->mmaf, -1};
    if (k == 0) r[n++] = (smem_range){tm->slot, tm->slot + 4, false, false, mm->mmaf, -1};
    bool staged = (mm->a_staged || mm->b_staged) && !mm->tmem_per_iter && !mm->tmem_rescaled;
    if (staged != (tm->order >= 0) || mm->a_staged != (tm->a_staging >= 0))
      return "tileas.tmem's order (with an operand staged from registers, its accumulator not read back every iteration) "
             "or a_staging (with A staged) does not match the operands";
    if (staged) r[n++] = (smem_range){tm->order, tm->order + 16, false, false, mm->mmaf, -1};
    if (mm->a_staged) {
      r[n++] = (smem_range){tm->a_staging, tm->a_staging + mm->a_slots * mm->a_slot_bytes, false, false, mm->mmaf, -1};
    }
  }
  int64_t end = 0;
  for (int i = 0; i < n; i++) {
    if (r[i].hi > end) end = r[i].hi;
    for (int j = 0; j < i; j++) {
      if (r[i].lo >= r[j].hi || r[j].lo >= r[i].hi) continue;
      if (p->st.buffers_dead && ((r[i].staging && r[j].buffer) || (r[j].staging && r[i].buffer))) continue;
      if (r[i].loop >= 0 && r[j].loop >= 0 && r[i].loop != r[j].loop) continue;
      p->why_op = r[i].op;
      return "two shared-memory ranges of the assignment overlap (tileas.offset / tileas.barriers / "
             "tileas.a_staging_offset / tileas.b_staging_offset / tileas.tmem)";
    }
  }
  p->why_op = (MlirOperation){NULL};
  p->smem_bytes = end;
  if (p->smem_bytes + CT_SMEM_RING_SLACK > HOPPER_SMEM_LIMIT) return "the shared-memory assignment does not fit in shared memory";
  return NULL;
}

/* Warp specialization (the loop's tileas.pipeline / tileas.agents, written by warp_specialize.c or
 * by hand): one producer agent of one warpgroup after the consumer agent, whose warps are the ones
 * every tile layout assumes (4 per m64 warpgroup), and setmaxnreg budgets that fit the register
 * file. The protocol itself (which agent fills, waits and releases) is ws_protocol.c's to prove. */
static bool same_ws(const ct_tileas_ws *x, const ct_tileas_ws *y) {
  bool same = x->heavy == y->heavy && x->ctas_per_sm == y->ctas_per_sm && x->nagents == y->nagents;
  for (int a = 0; same && a < x->nagents; a++) {
    const ct_tileas_agent *u = &x->agents[a], *v = &y->agents[a];
    same = u->role == v->role && u->warp_begin == v->warp_begin && u->warp_end == v->warp_end && u->regs == v->regs;
  }
  return same;
}

static const char *read_ws(ct_hopper_plan *p) {
  const char *why;
  p->ws = false;
  p->ws_threads = 128 * p->warpgroups;
  bool has = ct_tileas_op_ws(p->for_op, &p->ws_agents, &why);
  if (why) {
    p->why_op = p->for_op;
    return why;
  }
  /* several loops: one producer agent serves them in turn, so every loop is specialised alike, or none */
  for (int l = 1; l < p->nloops; l++) {
    ct_tileas_ws other;
    p->why_op = p->loops[l];
    bool other_has = ct_tileas_op_ws(p->loops[l], &other, &why);
    if (why) return why;
    if (other_has != has)
      return has ? "warp specialization of the kernel's first loop on the tensor cores but not of this one "
                   "(one producer agent serves every loop: each has the same tileas.pipeline and tileas.agents)"
                 : "warp specialization of some of the kernel's loops on the tensor cores but not of the first "
                   "(one producer agent serves every loop: each has the same tileas.pipeline and tileas.agents)";
    if (has && !same_ws(&other, &p->ws_agents))
      return "the loops' tileas.pipeline or tileas.agents differ (one producer agent serves every loop of the kernel in "
             "turn: the same agents, budgets and variant on each)";
  }
  if (!has) {
    p->why_op = (MlirOperation){NULL};
    return NULL;
  }
  p->why_op = p->for_op;
  const ct_tileas_ws *w = &p->ws_agents;
  if (w->nagents != 2 || w->agents[0].role == w->agents[1].role)
    return "tileas.agents must be one producer and one consumer agent";
  p->producer_agent = w->agents[0].role == CT_AGENT_PRODUCER ? 0 : 1;
  p->consumer_agent = 1 - p->producer_agent;
  const ct_tileas_agent *pr = &w->agents[p->producer_agent], *co = &w->agents[p->consumer_agent];
  if (co->warp_begin != 0 || co->warp_end != 4 * p->warpgroups)
    return "the consumer agent must be warps [0, 4 x warpgroups): the warps the tile layouts and wgmma use";
  if (pr->warp_begin != co->warp_end || pr->warp_end != pr->warp_begin + 4)
    return "the producer agent must be the one warpgroup after the consumer agent (setmaxnreg acts per warpgroup)";
  for (int i = 0; i < 2; i++) {
    int64_t r = w->agents[i].regs;
    if (r < 24 || r > 256 || r % 8) return "an agent's regs must be a multiple of 8 from 24 to 256 (setmaxnreg)";
  }
  if (pr->regs > co->regs) return "the producer agent's regs exceed the consumer agent's";
  if (128 * pr->regs + 32 * co->warp_end * co->regs > CT_REG_FILE_PER_CTA / w->ctas_per_sm)
    return "the agents' register budgets exceed the register file's share of one CTA (65536 / ctas_per_sm)";
  p->ws = true;
  p->ws_threads = 32 * (int)pr->warp_end;
  p->why_op = (MlirOperation){NULL};
  return NULL;
}

int64_t ct_hopper_wgmma_acc_words(const ct_hopper_plan *p) {
  int64_t most = 0;
  for (int i = 0; i < p->nmmas; i++) {
    int64_t w = p->mmas[i].m * p->mmas[i].n * p->mmas[i].batch / (128 * p->warpgroups);
    if (p->tcgen05 && w > CT_TCGEN05_ACCESS_MAX_REGS) w = CT_TCGEN05_ACCESS_MAX_REGS;
    if (w > most) most = w;
  }
  return most;
}

int64_t ct_hopper_mma_min_regs(const ct_hopper_plan *p) {
  return ct_hopper_wgmma_acc_words(p) + (p->tcgen05 ? CT_TCGEN05_REG_OVERHEAD : CT_WGMMA_REG_OVERHEAD);
}

int ct_ws_launch_share(int ctas_per_sm, int threads) { return CT_REG_FILE_PER_CTA / ctas_per_sm / threads / 8 * 8; }

int ct_hopper_ws_share(const ct_hopper_plan *p) {
  int share = ct_ws_launch_share(p->ws_agents.ctas_per_sm, p->ws_threads);
  int64_t co = p->ws_agents.agents[p->consumer_agent].regs;
  return share < co ? share : (int)co;
}

/* A warp-specialised loop's consumer schedule (sched_ir.c ct_sched_agent_schedules) holds a ring
 * stage past the iteration that reads it when each release's tileas.sched stage is later than its
 * consumes'; without slots (a hand-written module) it does not. */
static bool consumer_schedule_holds_stages(const ct_hopper_plan *p, int l) {
  for (int i = 0; i < p->npipes; i++) {
    const ct_hopper_pipe *o = &p->pipes[i];
    if (!o->in_loop || o->loop != l) continue;
    int64_t consumed = -1, released = INT64_MAX, st, cy;
    MlirValue slot = mlirOperationGetResult(o->load, 0);
    for (MlirOpOperand u = mlirValueGetFirstUse(slot); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      MlirAttribute a = mlirOperationGetAttributeByName(user, sr("tileas.sched"));
      if (mlirAttributeIsNull(a) || ct_tileas_sched_read(a, &st, &cy)) return false;
      if (is_op(user, "tileas.consume") && st > consumed) consumed = st;
      if (is_op(user, "tileas.release") && st < released) released = st;
    }
    if (consumed < 0 || released <= consumed) return false;
  }
  return true;
}

/* Loop l runs at most one iteration, once per kernel: trip count 1 and no loop around it (an mmaf no
 * loop enclosed, in the one-trip loop TileAA's mma_unit_loop.c gave it). No next iteration overlaps
 * its wgmma group (plan_in_flight keeps none in flight), and its staging slots are written once:
 * one slot per staged operand (but a tcgen05 B keeps its 3: at one, ptxas 13.0 spilled 8 bytes of
 * test/tileas/kmajor_b_operand.mlir's mixed_use at 72 registers). */
static bool loop_runs_once(const ct_hopper_plan *p, int l) {
  return ct_attr_int(p->loops[l], "trip_count", 0) == 1 && ct_ir_outside_loops(p->loops[l]);
}

/* The mmaf ops of loop l keep their wgmma groups in flight into the next iteration when each takes A
 * straight from a pipe and accumulates into a loop-carried value nothing else reads (roofline.c
 * ct_loop_mmas_in_flight, which the stage count also reads: the groups hold one more stage) — a GEMM
 * main loop, or several independent chains (SwiGLU's gate and up projections: each commits its own
 * group, and the wait after the k-th of M, wait_group M, leaves this iteration's k + 1 groups and the
 * previous iteration's last M - k - 1 running, so the previous iteration's k-th chain and every
 * chain before it are done: the stages they read are released). An A in registers would be
 * rewritten by the next iteration while the group still reads it (PTX: undefined before the wait),
 * and B staged from registers is written every iteration into slots sized for one group in flight,
 * so such loops wait for their groups every iteration. tcgen05 keeps every such accumulator in
 * TMEM for the whole loop (any A: one from registers is staged into slots each iteration, ordered
 * by the mmaf's own order mbarriers), side by side in the columns (plan_tmem). */
static void plan_in_flight(ct_hopper_plan *p, int l) {
  if (!p->tcgen05 && loop_runs_once(p, l)) return; /* (tcgen05: the in-flight form is the TMEM-resident accumulator) */
  ct_hopper_mma *mine[CT_LOOP_MAX_IN_FLIGHT];
  int nm = 0;
  for (int k = 0; k < p->nmmas; k++) {
    if (p->mmas[k].loop != l) continue;
    if (nm == CT_LOOP_MAX_IN_FLIGHT) return;
    mine[nm++] = &p->mmas[k];
  }
  if (!nm) return;
  MlirOperation which[CT_LOOP_MAX_IN_FLIGHT], loop = p->loops[l];
  int r[CT_LOOP_MAX_IN_FLIGHT];
  int n = ct_loop_mmas_in_flight(loop, which, r, CT_LOOP_MAX_IN_FLIGHT, p->tcgen05);
  if (n != nm) return;
  for (int k = 0; k < nm; k++)
    if (!mlirOperationEqual(which[k], mine[k]->mmaf) || (nm > 1 && (mine[k]->a_staged || mine[k]->b_staged) && !p->tcgen05))
      return;
  /* heavy wgmma: as its consumer schedule says (tcgen05: the accumulator is in TMEM and every
   * commit tracks its MMAs, whatever the variant) */
  if (p->ws && !p->tcgen05 && !consumer_schedule_holds_stages(p, l)) return;
  /* wgmma: a group in flight holds its stage into the next iteration, whose fill needs another one
   * (a one-stage ring would wait for a release that comes only after that fill is consumed) */
  for (int i = 0; i < p->npipes && !p->tcgen05; i++)
    if (p->pipes[i].in_loop && p->pipes[i].loop == l && p->pipes[i].stages < 2) return;
  for (int k = 0; k < nm; k++) {
    mine[k]->keep_in_flight = true;
    mine[k]->loop_result = r[k];
  }
}

/* Is v a splat zero constant (float +-0 or integer 0)? */
static bool is_zero_splat(MlirValue v) {
  MlirOperation d = def_op(v);
  if (mlirOperationIsNull(d) || !is_op(d, "cuda_tile.constant")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, sr("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a) || !mlirDenseElementsAttrIsSplat(a)) return false;
  MlirAttribute e = mlirDenseElementsAttrGetSplatValue(a);
  if (mlirAttributeIsAInteger(e)) return mlirIntegerAttrGetValueInt(e) == 0;
  return mlirAttributeIsAFloat(e) && mlirFloatAttrGetValueDouble(e) == 0.0;
}

/* The tcgen05 form's accumulator (seed 001, TMEM). When every mmaf of the loop (up to 4: a GEMM's
 * one, SwiGLU's gate and up projections) accumulates into a loop-carried value nothing else in the
 * loop reads (the in-flight form, plan_in_flight), each keeps it in TMEM for the whole loop: a zero
 * constant initial value is the first MMA's enable-input-d 0, any other is stored into TMEM before
 * the loop (acc_from_registers). Otherwise an accumulator the loop only rescales (attention's O,
 * ct_mma_acc_rescaled) stays in TMEM too, rescaled there every iteration
 * (tmem_rescaled), and any other (attention's S) is written afresh and read back every iteration
 * (tmem_per_iter). Columns: one per 32-bit
 * accumulator element, a loop's mmaf ops side by side from 0, the allocation the power of two >=
 * max(32, columns) within TMEM pool 4's cap (the seed's 256 columns per CTA, so two CTAs share an
 * SM's 512). */
static const char *plan_tmem(ct_hopper_plan *p, ct_hopper_mma *mm, int64_t *columns_max) {
  if (mm->keep_in_flight) {
    mm->acc_from_registers = !is_zero_splat(mlirOperationGetOperand(p->loops[mm->loop], 1 + mm->loop_result));
  } else if (mm->acc_elem == CT_F32 && mm->batch == 1 &&
             !mlirOperationIsNull(mm->rescale = ct_mma_acc_rescaled(p->loops[mm->loop], mm->mmaf, &mm->loop_result,
                                                                  &mm->rescale_scale))) {
    mm->tmem_rescaled = mm->acc_from_registers = true; /* (a zero initial value is stored too: the rescale reads it) */
  } else { /* read back every iteration */
    if (mm->acc_elem == CT_F16 || mm->batch > 1)
      return "the tcgen05 path reads an accumulator back every iteration (not every mmaf of the loop accumulates "
             "into a loop-carried value nothing else reads) for 2-D mmaf with f32 or i32 accumulators only";
    mm->tmem_per_iter = true;
  }
  /* columns: the mmaf ops of one loop side by side, from 0 */
  mm->tmem.column = 0;
  for (int k = 0; k < p->nmmas && &p->mmas[k] != mm; k++)
    if (p->mmas[k].loop == mm->loop) mm->tmem.column += p->mmas[k].batch * p->mmas[k].n;
  int64_t columns = ct_tcgen05_alloc_columns(mm->tmem.column + mm->batch * mm->n); /* (a batched mmaf: N columns per batch) */
  if (columns > ct_machine_blackwell()->pool_cap[CT_POOL_TMEM_COLUMNS])
    return "the accumulators need more TMEM columns than pool 4 (tmem_columns) allows";
  if (columns > *columns_max) *columns_max = columns;
  return NULL;
}

/* B staged from registers (a B not in a TMA pipe — SIMT-loaded for want of an alignment proof, or
 * computed — or a tf32/8-bit B not K-major in one): B^T as N rows of K bytes,
 * K-major with the largest swizzle span (128/64/32 B) dividing the row, as a TMA box of that
 * swizzle would lay it out, so the K-major descriptor geometry reads it; 2 slots. */
static const char *plan_staging(const ct_hopper_mma *mm, int64_t rows, int64_t *slot_bytes, ct_wgmma_operand_geom *g) {
  int esize = ct_elem_bits(mm->elem) / 8;
  int64_t kbytes = mm->k * esize;
  int span = kbytes % 128 == 0 ? 128 : kbytes % 64 == 0 ? 64 : 32;
  if (kbytes % span) return "tile K is not a whole number of 32-byte swizzle rows";
  /* a batched mmaf: every batch's rows, laid out as a [batch, rows, span] TMA box would be (batch
   * b's box of slab s at s x batch x box + b x box; rows a multiple of 8: a swizzle pattern each) */
  if (mm->batch > 1 && rows % 8) return "a batched mmaf's staged operand has rows not a multiple of 8 (a swizzle pattern per batch)";
  *slot_bytes = mm->batch * rows * kbytes;
  ct_wgmma_operand_geom_init(g, true, span, esize, rows, (int)(kbytes / span));
  if (mm->batch > 1) ct_wgmma_operand_geom_batch(g, mm->batch);
  return NULL;
}
static const char *plan_b_staging(ct_hopper_mma *mm) {
  const char *why = plan_staging(mm, mm->n, &mm->b_slot_bytes, &mm->b_geom);
  if (why) return why;
  mm->b_pipe = -1;
  mm->b_staged = true;
  return NULL;
}
/* A staged from registers — on tcgen05 always, on wgmma for tf32 / 8-bit types (a 16-bit A is read
 * from registers): A as M rows of K bytes, the same way. */
static const char *plan_a_staging(ct_hopper_mma *mm) {
  const char *why = plan_staging(mm, mm->m, &mm->a_slot_bytes, &mm->a_geom);
  if (why) return why;
  mm->a_staged = true;
  return NULL;
}

/* Can g warpgroups per 64 rows split the batch of every mmaf of wgmma plan p (batch_warpgroups)?
 * Each mmaf batched, its batch a multiple of g, g a power of two, at most 16 warps in all. */
static bool batch_split_ok(const ct_hopper_plan *p, int g) {
  if (p->bulk || p->tcgen05 || p->nmmas == 0 || ct_log2_exact(g) < 1 || 4 * p->warpgroups * g > 16) return false;
  for (int i = 0; i < p->nmmas; i++)
    if (p->mmas[i].batch < 2 || p->mmas[i].batch % g) return false;
  return true;
}

/* The wgmma instruction kinds (PTX ISA 9.7.15): f16/bf16 -> f32 (A, B equal), tf32 -> f32, fp8
 * (e4m3/e5m2) -> f32 (A and B of one type: the verifier's rule), f16 and fp8 -> f16, and for mmai
 * i8 -> i32 (.s8/.u8 by each operand's signedness).
 * An f16 accumulator: wgmma's .f16 D (rounded to f16 after every 32-byte k step, as HGMMA does
 * for tileiras and Triton; the interpreter rounds once per mmaf); on tcgen05 the TMEM accumulator
 * is f32 (the idesc's D type F32) and rounds to f16 once, when it is read back after the loop.
 * Fills mm's element types; NULL when the tensor-core path has the kind, else why not. */
static const char *wgmma_types(MlirOperation op, const ct_type *a, const ct_type *b, const ct_type *c, ct_hopper_mma *mm,
                               bool tcgen05) {
  mm->batch = 1;
  if (a->rank == 3 && b->rank == 3 && c->rank == 3) {
    if (a->shape[0] != b->shape[0] || a->shape[0] != c->shape[0]) return "the batched mmaf's operands differ in batch";
    mm->batch = a->shape[0];
  } else if (a->rank != 2 || b->rank != 2 || c->rank != 2)
    return tcgen05 ? "tcgen05 is used for 2-D and batched (3-D) mmaf/mmai only"
                   : "wgmma is used for 2-D and batched (3-D) mmaf/mmai only";
  mm->elem = a->elem;
  mm->acc_elem = c->elem;
  mm->a_unsigned = mm->b_unsigned = false;
  if (is_op(op, "cuda_tile.mmai")) {
    if (a->elem != CT_I8 || b->elem != CT_I8 || c->elem != CT_I32)
      return tcgen05 ? "tcgen05 is used for i8 x i8 -> i32 mmai only" : "wgmma is used for i8 x i8 -> i32 mmai only";
    mm->a_unsigned = !ct_attr_signed(op, "signedness_lhs");
    mm->b_unsigned = !ct_attr_signed(op, "signedness_rhs");
    return NULL;
  }
  bool ok = a->elem == CT_F16 || a->elem == CT_BF16 || a->elem == CT_TF32 || a->elem == CT_F8E4M3FN || a->elem == CT_F8E5M2;
  bool f16_acc_ok = c->elem == CT_F16 && (a->elem == CT_F16 || a->elem == CT_F8E4M3FN || a->elem == CT_F8E5M2);
  if (!ok || b->elem != a->elem || (c->elem != CT_F32 && !f16_acc_ok))
    return tcgen05 ? "tcgen05 is used for f16/bf16/tf32/f8E4M3FN/f8E5M2 -> f32 and f16/f8E4M3FN/f8E5M2 -> f16 mmaf"
                   : "wgmma is used for f16/bf16/tf32/f8E4M3FN/f8E5M2 -> f32 and f16/f8E4M3FN/f8E5M2 -> f16 mmaf";
  return NULL;
}

static const char *plan(const ct_hopper_plan_env *env, MlirOperation entry, MlirOperation *mmas, int nm, ct_hopper_plan *p,
                        int want_warps) {
  memset(p, 0, sizeof *p);
  p->tcgen05 = env->has_tcgen05;
  const char *why = NULL;
  if (nm > CT_HOPPER_MAX_MMAS) return "more than 4 mmaf in one kernel";
  /* the loops holding the mmaf ops (collect() walks in program order) */
  for (int i = 0; i < nm; i++) {
    MlirOperation loop = mlirOperationGetParentOperation(mmas[i]);
    if (!is_op(loop, "tileaa.for")) return "the mmaf is not directly inside a `for` loop";
    if (hopper_loop_index(p, loop) >= 0) continue;
    if (p->nloops == CT_HOPPER_MAX_LOOPS) return "more than 4 loops with mmaf in one kernel";
    p->loops[p->nloops++] = loop;
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(loop, sr("unsignedCmp")))) return "the loop compares unsigned";
  }
  p->for_op = p->loops[0];
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  p->top_op = top_level_op(p->for_op, body); /* (loops and `if`s: any control flow) */
  if (mlirOperationIsNull(p->top_op)) return "the loop is not in the entry";
  p->nested = !mlirOperationEqual(p->top_op, p->for_op);
  p->nmmas = nm;
  /* several loops: each at the top level or inside `if`s there (the entry runs it at most once, so
   * its rings start afresh like a top-level loop's), or inside another loop (loop_nested: its rings
   * run on across its executions, from its own words of the kernel's ring state) */
  for (int l = 0; l < p->nloops && p->nloops > 1; l++)
    for (MlirOperation a = mlirOperationGetParentOperation(p->loops[l]); !mlirOperationEqual(a, entry);
         a = mlirOperationGetParentOperation(a))
      p->loop_nested[l] |= !ct_op_is(a, "cuda_tile.if");
  if (p->nloops > 1) p->nested = false; /* (p->top_op: the first loop's outermost op in the entry body) */
  for (int i = 0; i < nm; i++) {
    ct_hopper_mma *mm = &p->mmas[i];
    mm->mmaf = mmas[i];
    mm->loop = hopper_loop_index(p, mlirOperationGetParentOperation(mmas[i]));
    ct_type a, b, c;
    if (mlirOperationGetNumOperands(mmas[i]) != 3 || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmas[i], 0)), &a) ||
        !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmas[i], 1)), &b) ||
        !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmas[i], 2)), &c))
      return "unexpected mmaf operands";
    const char *tywhy = wgmma_types(mmas[i], &a, &b, &c, mm, p->tcgen05);
    if (tywhy) return tywhy;
    int lead = a.rank - 2; /* a batched mmaf: one m64nNk wgmma chain per batch */
    mm->m = a.shape[lead];
    mm->k = a.shape[lead + 1];
    mm->n = b.shape[lead + 1];
    if (p->tcgen05) {
      if (mm->m != 64 && mm->m != 128)
        return "tile M must be 64 or 128 on the tcgen05 path (one cta_group::1 MMA: TMEM lanes 0-127, or layout F's 16 per warp)";
      if (mm->n < 16 || mm->n > HOPPER_MAX_N || (mm->n & (mm->n - 1))) return "tile N must be a power of two in 16..256";
    } else {
      if (mm->m % 64 || mm->m > HOPPER_MAX_M) return "tile M must be 64 or 128 (one m64 wgmma per warpgroup)";
      if (mm->n < 8 || mm->n > HOPPER_MAX_N || (mm->n & (mm->n - 1))) return "tile N must be a power of two in 8..256";
    }
    if (i > 0 && mm->m != p->m) return "the mmaf ops have different tile M";
    p->m = mm->m;
    if (mm->k % ct_wgmma_kstep_elems(mm->elem))
      return "tile K is not a whole number of MMA k steps (32 bytes of K each: k16 of f16/bf16, k8 of tf32, k32 of 8-bit types)";
    ct_mma_family fam;
    if (!ct_tileas_op_mma(mmas[i], &fam) || fam != (p->tcgen05 ? CT_MMA_TCGEN05 : CT_MMA_WGMMA))
      return p->tcgen05 ? "TileAS did not choose tcgen05.mma for the mmaf (its operand layouts are not tcgen05 SMEM descriptors)"
                        : "TileAS did not choose wgmma for the mmaf (its operand layouts are not SMEM descriptors)";
    MlirOperation ap = hopper_produce_of(mlirOperationGetOperand(mmas[i], 0));
    mm->a_pipe = -1;
    if (!mlirOperationIsNull(ap) && (mm->a_pipe = use_pipe(p, ap, CT_PIPE_A, mm->batch, &why)) < 0) return why;
    bool transposable = ct_wgmma_transposable(mm->elem);
    /* A not in a pipe: wgmma reads a 16-bit one from registers (its fragment) and stages a tf32 /
     * 8-bit one like B (register A would need those types' own fragments); tcgen05 stages it */
    if (mlirOperationIsNull(ap) && (p->tcgen05 || !transposable) && (why = plan_a_staging(mm))) return why;
    MlirValue bv = mlirOperationGetOperand(mmas[i], 1);
    ct_pipe_role role = CT_PIPE_B_MN;
    if (hopper_is_minor_transpose(def_op(bv))) {
      role = CT_PIPE_B_K;
      bv = mlirOperationGetOperand(def_op(bv), 0);
    }
    MlirOperation bp = hopper_produce_of(bv);
    if (!transposable && !mlirOperationIsNull(bp) && role == CT_PIPE_B_MN)
      return "a tf32 or 8-bit B in an MN-major TMA pipe (wgmma reads these types K-major only)";
    if (mlirOperationIsNull(bp)) {
      /* B in registers (a SIMT load: no TMA path; or computed): staged, transposed, into K-major
       * slots each iteration */
      if ((why = plan_b_staging(mm))) return why;
      continue;
    }
    if ((mm->b_pipe = use_pipe(p, bp, role, mm->batch, &why)) < 0) return why;
  }
  for (int i = 0; i < p->npipes; i++)
    if ((why = check_load(p, &p->pipes[i], body))) return why;
  p->warpgroups = (int)(p->m / 64);
  p->batch_warpgroups = 1;
  if (want_warps > 4 * p->warpgroups && want_warps % (4 * p->warpgroups) == 0 &&
      batch_split_ok(p, want_warps / (4 * p->warpgroups))) {
    p->batch_warpgroups = want_warps / (4 * p->warpgroups);
    p->warpgroups *= p->batch_warpgroups;
  }

  enum { MAXL = 64 };
  MlirOperation prods[MAXL];
  int nprod = collect(entry, "tileas.produce", NULL, prods, MAXL, 0);
  if (nprod > MAXL) return "too many TileAS pipe loads in one kernel";
  /* pipes in program order: that is the order of their tensor maps */
  for (int i = 0; i < p->npipes; i++)
    for (int j = i + 1; j < p->npipes; j++)
      if (op_position(prods, nprod, p->pipes[j].load) < op_position(prods, nprod, p->pipes[i].load)) {
        ct_hopper_pipe t = p->pipes[i];
        p->pipes[i] = p->pipes[j];
        p->pipes[j] = t;
        for (int k = 0; k < nm; k++) {
          ct_hopper_mma *mm = &p->mmas[k];
          if (mm->a_pipe == i) mm->a_pipe = j;
          else if (mm->a_pipe == j) mm->a_pipe = i;
          if (mm->b_pipe == i) mm->b_pipe = j;
          else if (mm->b_pipe == j) mm->b_pipe = i;
        }
      }
  int esize = ct_elem_bits(p->mmas[0].elem) / 8;
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    int stages, swz;
    int64_t tx;
    if ((why = tileas_pipe(o, p->tcgen05 ? CT_FRAG_TCGEN05_SMEM : CT_FRAG_WGMMA_SMEM, &stages, &tx, &swz))) return why;
    if ((why = check_pipe(o, esize, swz, body))) return why;
    if (tx != o->tile_bytes) return "TileAS tx_bytes differ from the tile bytes";
    if (stages < 1) return "TileAS gave a pipe no stage";
    o->stages = o->in_loop ? stages : 1;
    for (int k = 0; k < nm; k++)
      if (p->mmas[k].a_pipe == i || p->mmas[k].b_pipe == i) o->last_use = p->mmas[k].mmaf;
  }
  /* buffers: the loads before the loop(s), then each loop's rings — the loops run one after the
   * other and every fill of a loop is read before its exit barrier, so the rings of different
   * loops share one region (program order: a single loop's pipes keep their order) */
  int64_t off = 0;
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    if (o->in_loop) continue;
    off = (off + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
    o->smem_off = off;
    off += o->tile_bytes;
  }
  int64_t rings = off;
  for (int l = 0; l < p->nloops; l++) {
    int64_t at = rings;
    for (int i = 0; i < p->npipes; i++) {
      ct_hopper_pipe *o = &p->pipes[i];
      if (!o->in_loop || o->loop != l) continue;
      at = (at + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
      o->smem_off = at;
      at += o->stages * o->tile_bytes;
    }
    if (at > off) off = at;
  }
  /* element type of A and B must agree across the pipes an mmaf reads */
  for (int k = 0; k < nm; k++)
    if (ct_elem_bits(p->mmas[k].elem) / 8 != esize) return "the mmaf ops have different element sizes";
  p->ring_bytes = off;
  for (int i = 0; i < p->npipes; i++) {
    ct_hopper_pipe *o = &p->pipes[i];
    o->full_off = off;
    off += 8 * o->stages;
    if (o->in_loop) {
      o->empty_off = off;
      off += 8 * o->stages;
    }
  }
  for (int i = 0; i < p->npipes; i++) {
    p->pipes[i].full_arrivals = 1;
    p->pipes[i].empty_arrivals = p->tcgen05 ? 1 : 128 * p->warpgroups; /* tcgen05: one commit per use */
  }
  if ((why = read_ws(p))) return why;
  p->ws_replay = p->ws && ct_ws_replays(entry, p);
  if (p->ws_replay) { /* the producer agent replays its slice of the kernel (ws_slice.c) */
    ct_oplist slice = {0};
    MlirOperation bad;
    why = ct_ws_producer_slice(p, &slice, &bad);
    ct_oplist_free(&slice);
    if (why) return why;
  }
  /* the light variant of warp specialization has no schedule: every iteration waits for its group */
  if (p->tcgen05 || !(p->ws && !p->ws_agents.heavy))
    for (int l = 0; l < p->nloops; l++) plan_in_flight(p, l);
  if (p->tcgen05) {
    int64_t columns = 0, slot = 0;
    for (int k = 0; k < nm; k++)
      if ((why = plan_tmem(p, &p->mmas[k], &columns))) return why;
    for (int k = 0; k < nm; k++) { /* (one allocation: every mmaf has its columns and slot) */
      ct_hopper_mma *mm = &p->mmas[k];
      mm->tmem.columns = columns;
      mm->tmem.done = off; /* the accumulator-ready mbarrier */
      off += 8;
      if (k == 0) slot = off, off += 8; /* tcgen05.alloc's address slot */
      mm->tmem.slot = slot;
      /* operands staged from registers: the slot of iteration kt is rewritten in iteration kt + 3
       * by every thread, after the CTA barrier of kt + 2, which thread 0 reaches only after waiting
       * for iteration kt's commit (in iteration kt + 1); the commits alternate between 2 mbarriers
       * so that the one waited for cannot run a phase ahead */
      mm->tmem.order = mm->tmem.a_staging = -1;
      if ((mm->a_staged || mm->b_staged) && !mm->tmem_per_iter && !mm->tmem_rescaled) {
        mm->tmem.order = off;
        off += 16;
      }
    }
  }
  /* the B staging buffers after the mbarriers, 1024-aligned like the ring */
  for (int k = 0; k < nm; k++) {
    ct_hopper_mma *mm = &p->mmas[k];
    if (!mm->b_staged) continue;
    /* (a tcgen05 accumulator read back every iteration: its MMAs are complete before any thread
     * leaves the iteration, so the next iteration rewrites the one slot) */
    mm->b_slots = mm->tmem_per_iter || mm->tmem_rescaled ? 1 : mm->keep_in_flight ? 3 : 2;
    if (!p->tcgen05 && loop_runs_once(p, mm->loop)) mm->b_slots = 1; /* (one write, read by the one wgmma chain) */
    off = (off + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
    mm->b_stage_off = off;
    off += mm->b_slots * mm->b_slot_bytes;
  }
  for (int k = 0; k < nm; k++) {
    ct_hopper_mma *mm = &p->mmas[k];
    if (!mm->a_staged) continue;
    /* (wgmma: as B's, tileas.a_staging_offset; tcgen05: tileas.tmem's a_staging) */
    if (p->tcgen05) mm->a_slots = mm->tmem_per_iter || mm->tmem_rescaled || loop_runs_once(p, mm->loop) ? 1 : 3;
    else mm->a_slots = loop_runs_once(p, mm->loop) ? 1 : mm->keep_in_flight ? 3 : 2;
    off = (off + SMEM_PIPE_ALIGN - 1) / SMEM_PIPE_ALIGN * SMEM_PIPE_ALIGN;
    mm->a_stage_off = off;
    if (p->tcgen05) mm->tmem.a_staging = off;
    off += mm->a_slots * mm->a_slot_bytes;
  }
  plan_totals(p);
  mark_waits_at_return(p, body);
  p->smem_bytes = off;
  if (p->smem_bytes + CT_SMEM_RING_SLACK > HOPPER_SMEM_LIMIT) return "the ring does not fit in shared memory";
  plan_stores(env, entry, p);
  if ((why = apply_assignment(p))) return why;
  plan_ws_drains(p);
  return NULL;
}

/* A short description of how mmaf operand `pipe` (-1: registers) is fed, for the remark. */
static void describe(const ct_hopper_plan *p, int pipe, char *buf, size_t cap) {
  if (pipe < 0) {
    snprintf(buf, cap, "registers");
    return;
  }
  const ct_hopper_pipe *o = &p->pipes[pipe];
  int n = o->in_loop ? snprintf(buf, cap, "TMA ring of %d stage%s", o->stages, o->stages == 1 ? "" : "s")
                     : snprintf(buf, cap, "TMA load before the loop");
  n += snprintf(buf + n, cap - (size_t)n, ", swizzle %dB, box %lldx%lld", o->geom.swizzle,
                (long long)o->box[0], (long long)o->box[1]);
  if (o->batch > 1) n += snprintf(buf + n, cap - (size_t)n, " per batch (%lld batches)", (long long)o->batch);
  if (o->nboxes > 1) n += snprintf(buf + n, cap - (size_t)n, " x %d", o->nboxes);
  if (o->role != CT_PIPE_A) snprintf(buf + n, cap - (size_t)n, ", %s", o->role == CT_PIPE_B_K ? "K-major" : "MN-major");
}

/* The same for an operand staged from registers (A as it is, B transposed), else from `pipe`. */
static void describe_operand(const ct_hopper_plan *p, int pipe, bool staged, bool transposed, int slots,
                             const ct_wgmma_operand_geom *g, char *buf, size_t cap) {
  if (staged)
    snprintf(buf, cap, "registers, staged %sinto %d K-major slot%s (swizzle %dB) each iteration",
             transposed ? "transposed " : "", slots, slots == 1 ? "" : "s", g->swizzle);
  else describe(p, pipe, buf, cap);
}
static void describe_b(const ct_hopper_plan *p, const ct_hopper_mma *mm, char *buf, size_t cap) {
  describe_operand(p, mm->b_pipe, mm->b_staged, true, mm->b_slots, &mm->b_geom, buf, cap);
}

bool ct_hopper_plan_entry(const ct_hopper_plan_env *env, MlirOperation entry, ct_hopper_plan *p, int hinted_warps,
                          const char **why_out) {
  *why_out = NULL;
  p->why_op = (MlirOperation){NULL};
  MlirOperation mmas[CT_HOPPER_MAX_MMAS + 1];
  int n = collect(entry, "cuda_tile.mmaf", "cuda_tile.mmai", mmas, CT_HOPPER_MAX_MMAS + 1, 0);
  if (n == 0) {
    if (!env->has_tma) return false;
    const char *why = plan_bulk(env, entry, p);
    if (why) {
      *why_out = *why ? why : NULL;
      return false;
    }
    for (int i = 0; i < p->npipes; i++) p->pipes[i].param = i;
    p->st.param = p->npipes;
    for (int i = 0; i < p->npipes && env->describe_plan; i++) {
      const ct_hopper_pipe *o = &p->pipes[i];
      if (o->in_loop)
        ct_remark_op(env->c, o->load, "TMA ring: %d stage%s of %d box%s %lldx%lld, swizzle %dB, in shared memory at +%lld "
                     "(a full and an empty mbarrier per stage); thread 0 fills the stages of the first %d iterations "
                     "before the loop and each released stage again for the iteration %d ahead; every thread reads "
                     "the stage with ld.shared where it is used and releases it at the tile's last use",
                     o->stages, o->stages == 1 ? "" : "s", o->nboxes, o->nboxes == 1 ? "" : "es", (long long)o->box[0],
                     (long long)o->box[1], o->geom.swizzle, (long long)o->smem_off, o->stages, o->stages);
      else
        ct_remark_op(env->c, o->load, "TMA load: %d box%s %lldx%lld, swizzle %dB, into shared memory at +%lld (one mbarrier); "
                     "read into registers with ld.shared where it is used", o->nboxes, o->nboxes == 1 ? "" : "es",
                     (long long)o->box[0], (long long)o->box[1], o->geom.swizzle, (long long)o->smem_off);
    }
    if (p->has_store && env->describe_plan)
      ct_remark_op(env->c, p->st.store, "TMA store: %d box(es) %lldx%lld, swizzle %dB, staged at +%lld in shared memory%s, "
                   "wait_group.read %s", p->st.nboxes, (long long)p->st.box[0], (long long)p->st.box[1], p->st.swizzle,
                   (long long)p->st.smem_off, p->st.smem_off == 0 && p->npipes ? " (reusing the TMA loads' buffers)" : "",
                   p->st.deferred ? "deferred to the kernel's return" : "right after the store");
    return true;
  }
  int shown = n < CT_HOPPER_MAX_MMAS + 1 ? n : CT_HOPPER_MAX_MMAS + 1;
  const char *why = NULL;
  if (!env->has_wgmma && !env->has_tcgen05)
    why = "the TMA tensor-core paths are not taken: wgmma is sm_90a's, and tcgen05 (sm_100a) is off where "
          "TILEC_DISABLE_TCGEN05 is set";
  else {
    why = plan(env, entry, mmas, n, p, hinted_warps ? hinted_warps : (int)ct_attr_int(entry, "tileas.num_warps", 0));
    if (!why && hinted_warps && hinted_warps != 4 * p->warpgroups)
      why = p->tcgen05 ? "num_worker_warps_per_cta differs from the 4 warps per 64 rows the tcgen05 accumulator's read-back "
                         "uses"
                       : "num_worker_warps_per_cta differs from the 4 warps per m64 warpgroup the wgmma tile needs";
  }
  if (why) {
    if (env->explain_decline)
      for (int i = 0; i < shown; i++) ct_remark_op(env->c, mmas[i], "mma.sync path: %s", why);
    *why_out = why;
    return false;
  }
  for (int i = 0; i < p->npipes; i++) p->pipes[i].param = i;
  p->st.param = p->npipes;
  if (!env->describe_plan) return true;
  int threads = 128 * p->warpgroups;
  /* per loop: its mmaf ops, then its pipes (with the loads before it that it reads); the kernel's
   * shared-memory figure is the remark at its entry (lower_kernel.c), once lowered */
  for (int l = 0; l < p->nloops; l++) {
    ct_hopper_plan q;
    ct_hopper_plan_of_loop(p, l, &q);
    for (int k = 0; k < q.nmmas; k++) {
      const ct_hopper_mma *mm = &q.mmas[k];
      char a[160], b[160], batches[128] = "";
      describe_operand(&q, mm->a_pipe, mm->a_staged, false, mm->a_slots, &mm->a_geom, a, sizeof a);
      describe_b(&q, mm, b, sizeof b);
      if (!p->tcgen05) {
        if (p->batch_warpgroups > 1)
          snprintf(batches, sizeof batches, ", the %lld batches split over them (%lld per warpgroup, one chain each)",
                   (long long)mm->batch, (long long)(mm->batch / p->batch_warpgroups));
        else if (mm->batch > 1) snprintf(batches, sizeof batches, ", one chain for each of %lld batches", (long long)mm->batch);
        ct_remark_op(env->c, mm->mmaf, "wgmma path: m64n%lldk%d x %d warpgroup%s (%d threads)%s; A: %s; B: %s",
                     (long long)mm->n, ct_wgmma_kstep_elems(mm->elem), p->warpgroups, p->warpgroups == 1 ? "" : "s",
                     threads, batches, a, b);
        continue;
      }
      static const char *const kinds[] = {"f16", "tf32", "f8f6f4", "i8"};
      if (mm->batch > 1) snprintf(batches, sizeof batches, " for each of %lld batches", (long long)mm->batch);
      ct_remark_op(env->c, mm->mmaf, "tcgen05 path: m%lldn%lldk%d kind::%s%s issued by thread 0, accumulator in TMEM columns "
                   "[%lld, %lld) of %lld allocated; %d threads read it back (tcgen05.ld)%s; A: %s; B: %s", (long long)mm->m,
                   (long long)mm->n, ct_wgmma_kstep_elems(mm->elem), kinds[ct_tcgen05_kind(mm->elem)], batches,
                   (long long)mm->tmem.column, (long long)(mm->tmem.column + mm->batch * mm->n), (long long)mm->tmem.columns,
                   threads, mm->tmem_per_iter  ? " after its MMAs every iteration"
                            : mm->tmem_rescaled ? " once after the loop; it stays in TMEM across iterations and is "
                                                  "rescaled there (tcgen05.ld, multiply, tcgen05.st) before each "
                                                  "iteration's MMAs"
                                                : "", a, b);
    }
    char shared[96] = "";
    bool shares = false;
    for (int e = 0; e < p->nloops; e++) shares |= e != l && ct_hopper_loop_rings_overlap(p, e, l);
    if (p->nloops > 1)
      snprintf(shared, sizeof shared, "; loop %d of %d, its rings %s shared memory with the other loops'", l + 1,
               p->nloops, shares ? "sharing" : "not sharing");
    if (!p->tcgen05) {
      ct_remark_op(env->c, q.for_op, "wgmma path: %d TMA pipe%s, %lld bytes per iteration, %d mbarriers%s", q.npipes,
                   q.npipes == 1 ? "" : "s", (long long)q.tx_bytes, q.nbarriers, shared);
      if (q.nmmas == 1 && q.mmas[0].keep_in_flight)
        ct_remark_op(env->c, q.mmas[0].mmaf, "wgmma path: one wgmma group stays in flight across iterations "
                     "(wait_group 1; the previous iteration's stages are released, the result waited for after the loop)");
      else if (q.nmmas > 1 && q.mmas[0].keep_in_flight)
        ct_remark_op(env->c, q.for_op, "wgmma path: the %d mmaf chains of the loop stay in flight across iterations, "
                     "one wgmma group each (wait_group %d after each; the previous iteration's stages are released, "
                     "the results waited for after the loop)", q.nmmas, q.nmmas);
      continue;
    }
    bool ordered = false;
    int resident = 0;
    for (int k = 0; k < q.nmmas; k++) ordered |= q.mmas[k].tmem.order >= 0, resident += q.mmas[k].keep_in_flight;
    char in_tmem[128] = "";
    if (resident > 1) /* (one: its mmaf's remark says so) */
      snprintf(in_tmem, sizeof in_tmem, "; the %d accumulators stay in TMEM across iterations, read back once after the loop",
               resident);
    ct_remark_op(env->c, q.for_op, "tcgen05 path: %d TMA pipe%s, %lld bytes per iteration, %d mbarriers; %s%s%s%s",
                 q.npipes, q.npipes == 1 ? "" : "s", (long long)q.tx_bytes, q.nbarriers,
                 !q.npipes ? "" : q.ws ? "each stage is released by a tcgen05.commit, refilled by the producer warpgroup"
                                       : "each stage is released by a tcgen05.commit, refilled one iteration later",
                 !ordered   ? ""
                 : q.npipes ? "; the staging slots are ordered by two commit mbarriers"
                            : "the staging slots are ordered by two commit mbarriers",
                 in_tmem, shared);
  }
  if (p->has_store)
    ct_remark_op(env->c, p->st.store, "%s path: TMA store epilogue: %d box(es) %lldx%lld, swizzle %dB, staged at +%lld "
                 "in shared memory, wait_group.read %s", p->tcgen05 ? "tcgen05" : "wgmma", p->st.nboxes, (long long)p->st.box[0], (long long)p->st.box[1],
                 p->st.swizzle, (long long)p->st.smem_off,
                 p->st.deferred ? "deferred to the kernel's return" : "right after the store");
  return true;
}

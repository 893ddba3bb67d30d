/* from_tileaa: the TileAA -> TileAS pass — picks a layout for every load/store (D14 selector,
 * layout_select.c), makes SMEM buffers and pipes explicit, and sizes each loop's pipes with the
 * roofline stage count (stage_count.c).
 *
 * Algorithm, per cuda_tile.entry:
 *  1. Alias groups: each tileaa.async_load with its tileaa.wait consumers (use = mma lhs/rhs when a
 *     waited value feeds mmaf/mmai directly or through a reshape that drops leading unit dims
 *     (is_unit_reshape_to_mma); rhs stored K-major (`k_major`) when it reaches operand
 *     1 of an mmaf/mmai only through a cuda_tile.permute [1, 0] whose sole use that is; else
 *     elementwise), each tileaa.async_store with its producer (use = accumulator when the stored
 *     tile is an mma result, directly, through a tileaa.for result or through element-wise ops of
 *     its shape — an epilogue keeps the accumulator's registers, so its staging writes are costed
 *     from the accumulator fragments). The problem (box, element,
 *     contiguity, row pitch, base alignment, dim_map) is read from the group's tileaa.view and its
 *     tileaa.constant operands.
 *  2. Layout: ct_layout_select with the options' weights and tunables.
 *  3. mmaf/mmai get `tileas.mma` (the family their operand layouts imply; on a wgmma target an
 *     f16/bf16 -> f32 mmaf whose operands have no SMEM path is wgmma too: A from registers, B
 *     staged by the code generator). Stage count per
 *     tileaa.for holding SMEM-staged loads, by the latency-true roofline (roofline.c: load latency
 *     + one stage of every pipe at the SM's share of DRAM bandwidth, against the iteration's
 *     tensor-core and ALU work); SMEM clamp against the kernel's other buffers. The scheduler
 *     (sched_ir.c) recomputes it on the final IR. Loads outside loops get 1-stage pipes.
 *  4. Rewrite: tileas.alloc (+ tileas.pipe for loads) at the top of the kernel;
 *     async_load/wait -> tileas.produce / tileas.consume / tileas.release (SMEM; the release goes
 *     after the consumed tile's last reader, which for a K-major B is the mma behind the permute;
 *     the permute stays, now reading the consume) or tileas.load (SIMT); async_store/wait ->
 *     tileas.store (+ tileas.store_wait for TMA stores, moved to the end of the kernel when
 *     TILEIR_DELAY_TMA_STORE_WAIT is set) (steps 3-4 map an mma operand back to its load group
 *     through the K-major permute too). Each kernel gets `tileas.smem_bytes` (the SMEM footprint
 *     the code generator must reserve).
 * Seed: D14 layout selector, roofline stage count, tunables. Knobs: ct_tileas_options. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"
#include "tileaa/view_read.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/sched.h"
#include "tileas/tileas.h"

void ct_tileas_options_default(ct_tileas_options *o, ct_tileas_target target) {
  memset(o, 0, sizeof *o);
  o->target = target;
  o->threads = 128;
  ct_layout_tunables_default(&o->tunables);
}

void ct_tileas_options_from_env(ct_tileas_options *o) { ct_layout_tunables_from_env(&o->tunables); }

typedef struct group {
  MlirOperation op;   /* tileaa.async_load / async_store */
  MlirOperation loop; /* enclosing tileaa.for inside the kernel, or null */
  bool is_load;
  ct_layout_problem prob;
  ct_layout_selection sel;
  const ct_layout_candidate *choice;
  int stages;
  ct_stage_result stage;
  int memory_cycles, compute_cycles;
} group;

/* The tile v is an mma accumulator, or computed from one element by element (an epilogue: bias,
 * activation, conversion — the result keeps the accumulator's register layout, layout_propagate.c),
 * possibly through a tileaa.for result. */
static bool value_is_mma_result_at(MlirValue v, int depth) {
  if (!mlirValueIsAOpResult(v) || depth > 16) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (ct_ir_is_mma(d)) return true;
  char name[64];
  ct_type vt;
  if (ct_op_name_is_elementwise(ct_op_short_name(d, name, sizeof name))) {
    if (!ct_type_from_mlir(mlirValueGetType(v), &vt) || vt.kind != CT_TYPE_TILE) return false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++) {
      MlirValue o = mlirOperationGetOperand(d, i);
      ct_type ot;
      /* an operand of the result's shape (any element type: ftof changes it) */
      if (ct_type_from_mlir(mlirValueGetType(o), &ot) && ot.kind == CT_TYPE_TILE && ot.rank == vt.rank &&
          memcmp(ot.shape, vt.shape, sizeof(int64_t) * (size_t)ot.rank) == 0 && value_is_mma_result_at(o, depth + 1))
        return true;
    }
    return false;
  }
  if (ct_ir_is(d, "tileaa.for")) {
    intptr_t idx = mlirOpResultGetResultNumber(v);
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(d, 0));
    MlirOperation term = ct_ir_block_last_op(b);
    if (!mlirOperationIsNull(term) && idx < mlirOperationGetNumOperands(term))
      return value_is_mma_result_at(mlirOperationGetOperand(term, idx), depth + 1);
  }
  return false;
}

static bool value_is_mma_result(MlirValue v) { return value_is_mma_result_at(v, 0); }


/* A cuda_tile.permute [1, 0] (batched: [0, 2, 1]) whose only use is operand 1 (B) of an mmaf/mmai:
 * the mma reads the permute's source as B stored K-major, so the permute is a descriptor choice,
 * not a data move. */
static bool is_kmajor_b_permute(MlirOperation op) {
  if (!hopper_is_minor_transpose(op) || mlirOperationGetNumResults(op) != 1) return false;
  MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u))) return false;
  return ct_ir_is_mma(mlirOpOperandGetOwner(u)) && mlirOpOperandGetOperandNumber(u) == 1;
}

/* A cuda_tile.reshape that only drops leading unit dims ([1, R, C] -> [R, C], cuTile's way of
 * indexing batch and head with 3-D/4-D views) and whose only use is an mmaf/mmai operand, directly
 * or through a K-major B permute: the mma reads the loaded tile as it lies in shared memory.
 * *pos: the operand (0 = A, 1 = B); *kmajor: through the permute. */
static bool is_unit_reshape_to_mma(MlirOperation op, unsigned *pos, bool *kmajor) {
  if (!hopper_is_unit_reshape(op)) return false;
  MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u))) return false;
  MlirOperation w = mlirOpOperandGetOwner(u);
  *kmajor = is_kmajor_b_permute(w);
  *pos = *kmajor ? 1 : mlirOpOperandGetOperandNumber(u);
  return *kmajor || (ct_ir_is_mma(w) && *pos <= 1);
}

/* Use of a load's waited tile: the first direct mma operand use decides (lhs -> A, rhs -> B
 * MN-major); failing that, a K-major B use through is_kmajor_b_permute (*k_major set); else
 * elementwise. */
static ct_use load_use(MlirOperation ld, bool *k_major) {
  MlirValue fut = mlirOperationGetResult(ld, 0);
  bool kmajor_b = false;
  *k_major = false;
  for (MlirOpOperand u = mlirValueGetFirstUse(fut); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (!ct_ir_is(w, "tileaa.wait") || mlirOperationGetNumResults(w) != 1) continue;
    MlirValue v = mlirOperationGetResult(w, 0);
    for (MlirOpOperand k = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(k); k = mlirOpOperandGetNextUse(k)) {
      MlirOperation user = mlirOpOperandGetOwner(k);
      unsigned pos;
      bool through_permute;
      if (ct_ir_is_mma(user)) {
        pos = mlirOpOperandGetOperandNumber(k);
        if (pos == 0) return CT_USE_MMA_A;
        if (pos == 1) return CT_USE_MMA_B;
      } else if (is_kmajor_b_permute(user)) kmajor_b = true;
      else if (is_unit_reshape_to_mma(user, &pos, &through_permute)) {
        if (through_permute) kmajor_b = true;
        else return pos == 0 ? CT_USE_MMA_A : CT_USE_MMA_B;
      }
    }
  }
  if (kmajor_b) {
    *k_major = true;
    return CT_USE_MMA_B;
  }
  return CT_USE_ELEMENTWISE;
}

static bool build_problem(ct_ctx *c, const ct_tileas_options *o, group *g) {
  MlirValue view = mlirOperationGetOperand(g->op, g->is_load ? 0 : 1);
  MlirOperation vop = mlirOpResultGetOwner(view);
  ct_layout_problem *p = &g->prob;
  memset(p, 0, sizeof *p);
  MlirAttribute box = mlirOperationGetAttributeByName(vop, ct_ir_sref("box"));
  MlirAttribute elem = mlirOperationGetAttributeByName(vop, ct_ir_sref("elem"));
  if (mlirAttributeIsNull(box) || !mlirAttributeIsADenseI64Array(box) || mlirAttributeIsNull(elem) ||
      !mlirAttributeIsAType(elem)) {
    ct_error_op(c, vop, "TileAS: tileaa.view without box/elem attributes");
    return false;
  }
  p->rank = (int)mlirDenseArrayGetNumElements(box);
  if (p->rank > CT_MAX_RANK || mlirOperationGetNumOperands(vop) != 1 + 2 * p->rank) {
    ct_error_op(c, vop, "TileAS: tileaa.view operands do not match its box rank");
    return false;
  }
  for (int d = 0; d < p->rank; d++) p->box[d] = mlirDenseI64ArrayGetElement(box, d);
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  mlirTypePrint(mlirTypeAttrGetValue(elem), ct_strbuf_mlir_callback, &sb);
  p->elem = ct_elem_from_name(sb.data, sb.len);
  ct_strbuf_free(&sb);
  int64_t eb = ct_elem_bits(p->elem) / 8, v = 0;
  p->inner_stride = ct_ir_const_int(mlirOperationGetOperand(vop, 1 + p->rank + p->rank - 1), &v) ? v : 0;
  if (p->rank > 1) {
    MlirValue pitch = mlirOperationGetOperand(vop, 1 + p->rank + p->rank - 2);
    p->row_pitch_bytes = ct_ir_const_int(pitch, &v) ? v * eb : 0;
    if (!p->row_pitch_bytes) p->row_pitch_div = ct_ir_assumed_divisor(pitch) * eb;
  }
  MlirAttribute al = mlirOperationGetAttributeByName(vop, ct_ir_sref("base_align"));
  p->base_align = !mlirAttributeIsNull(al) && mlirAttributeIsAInteger(al) ? mlirIntegerAttrGetValueInt(al) : 0;
  p->identity_dim_map = true;
  MlirAttribute dm = mlirOperationGetAttributeByName(vop, ct_ir_sref("dim_map"));
  if (!mlirAttributeIsNull(dm) && mlirAttributeIsADenseI64Array(dm))
    for (int d = 0; d < p->rank && d < mlirDenseArrayGetNumElements(dm); d++)
      p->identity_dim_map &= mlirDenseI64ArrayGetElement(dm, d) == d;
  p->threads = o->threads;
  p->machine = ct_machine_for(o->target);
  if (g->is_load) p->use = load_use(g->op, &p->k_major);
  else p->use = value_is_mma_result(mlirOperationGetOperand(g->op, 0)) ? CT_USE_STORE_ACC : CT_USE_STORE;
  return true;
}

/* The load group whose tileaa.wait defines v, seeing through a K-major B permute
 * (is_kmajor_b_permute) to the wait of a group laid out as a K-major B operand. */
static const group *group_of_waited(const group *gs, size_t n, MlirValue v) {
  if (!mlirValueIsAOpResult(v)) return NULL;
  MlirOperation w = mlirOpResultGetOwner(v);
  bool through_permute = is_kmajor_b_permute(w);
  if (through_permute) {
    v = mlirOperationGetOperand(w, 0);
    if (!mlirValueIsAOpResult(v)) return NULL;
    w = mlirOpResultGetOwner(v);
  }
  unsigned pos;
  bool kmajor;
  if (is_unit_reshape_to_mma(w, &pos, &kmajor)) { /* a 3-D/4-D view load reshaped to 2-D */
    v = mlirOperationGetOperand(w, 0);
    if (!mlirValueIsAOpResult(v)) return NULL;
    w = mlirOpResultGetOwner(v);
  }
  if (!ct_ir_is(w, "tileaa.wait")) return NULL;
  MlirValue fut = mlirOperationGetOperand(w, 0);
  for (size_t i = 0; i < n; i++)
    if (gs[i].is_load && mlirValueEqual(mlirOperationGetResult(gs[i].op, 0), fut))
      return !through_permute || (gs[i].prob.use == CT_USE_MMA_B && gs[i].prob.k_major) ? &gs[i] : NULL;
  return NULL;
}

/* Can wgmma take this mma's A when it is no TMA pipe? The plan's rule (hopper_plan.c): register A
 * for the types wgmma transposes (ct_wgmma_transposable: f16/bf16), with f32 accumulators, or f16
 * ones for f16 operands (wgmma_types); any other type staged into shared memory. */
static bool mma_a_wgmma_ok(MlirOperation mma) {
  ct_type a, c;
  if (!ct_ir_is_mma(mma) || mlirOperationGetNumOperands(mma) != 3 ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mma, 0)), &a) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mma, 2)), &c) || (a.rank != 2 && a.rank != 3))
    return false;
  /* (a batched 3-D mmaf too: one chain per batch, A's fragment of every batch, B staged per batch);
   * a tf32 / 8-bit A is staged into shared memory instead (hopper_plan.c plan_a_staging: the plan
   * checks the instruction kind and declines, with a remark, what wgmma has none for) */
  if (!ct_wgmma_transposable(a.elem)) return true;
  return ct_ir_is(mma, "cuda_tile.mmaf") && (c.elem == CT_F32 || (c.elem == CT_F16 && a.elem == CT_F16));
}

/* tcgen05 (sm_100a) takes a 2-D or batched 3-D mmaf/mmai whose A has no TMA path by staging A from
 * registers into shared memory (hopper_plan.c plan_a_staging; batched: every batch's); the plan
 * declines what else it cannot take. */
static bool mma_a_stageable_tcgen05(MlirOperation mma) {
  ct_type a;
  return ct_ir_is_mma(mma) && mlirOperationGetNumOperands(mma) == 3 &&
         ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mma, 0)), &a) && (a.rank == 2 || a.rank == 3);
}

/* The load group that decides an mma's instruction family: its lhs, else its rhs (an lhs computed
 * in registers, e.g. P in P*V, still runs on the family the SMEM operand was laid out for; a rhs
 * reached through a K-major permute counts as the rhs). */
static const group *mma_operand_group(const group *gs, size_t n, MlirOperation mma) {
  const group *a = group_of_waited(gs, n, mlirOperationGetOperand(mma, 0));
  return a ? a : group_of_waited(gs, n, mlirOperationGetOperand(mma, 1));
}

static MlirAttribute layout_attr(MlirContext ctx, const group *g) {
  const ct_layout_candidate *c = g->choice;
  ct_tileas_layout l;
  memset(&l, 0, sizeof l);
  l.atom = c->atom;
  l.frag = c->frag;
  l.swizzle = c->swizzle;
  if (c->atom == CT_ATOM_TMA) {
    l.rank = g->prob.rank;
    for (int d = 0; d < g->prob.rank; d++) l.box[d] = c->tma_box[d];
    l.boxes = c->cost.copy_instructions;
  }
  l.score = c->cost.score;
  l.smem_tx = c->cost.smem_transactions;
  l.tmem_cycles = c->cost.tmem_cycles;
  l.regs = c->cost.live_registers;
  l.conflicts = c->cost.bank_conflicts;
  l.legal = g->sel.nlegal;
  l.candidates = g->sel.n;
  if (g->sel.bias) snprintf(l.bias, sizeof l.bias, "%s", g->sel.bias);
  return ct_tileas_layout_attr(ctx, &l);
}

static void tile_shape_text(const group *g, ct_strbuf *sb) {
  for (int d = 0; d < g->prob.rank; d++) ct_strbuf_printf(sb, "%" PRId64 "x", g->prob.box[d]);
  ct_strbuf_puts(sb, ct_elem_name(g->prob.elem));
}

static MlirOperation make_alloc(MlirContext ctx, MlirLocation loc, const group *g, int stages, MlirOperation anchor) {
  const ct_layout_candidate *c = g->choice;
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_printf(&sb, "smem<%dx", stages);
  tile_shape_text(g, &sb);
  ct_strbuf_puts(&sb, ">");
  MlirType t = mlirOpaqueTypeGet(ctx, ct_ir_sref("tileas"), ct_ir_sref(sb.data));
  ct_strbuf_free(&sb);
  /* Alignment: the swizzle pattern repeats every 8 rows x span; TMA needs 128 B; cp.async 16 B. */
  int64_t align = c->swizzle ? 8 * c->swizzle : c->atom == CT_ATOM_TMA ? 128 : 16;
  ct_tileas_alloc al = {c->smem_bytes * stages, c->smem_bytes, stages, align, c->swizzle};
  MlirNamedAttribute attrs[5];
  ct_tileas_alloc_attrs(ctx, &al, attrs);
  return ct_ir_build(loc, "tileas.alloc", 1, &t, 0, NULL, 5, attrs, anchor);
}

static MlirOperation make_pipe(MlirContext ctx, MlirLocation loc, const group *g, MlirValue buf, MlirOperation anchor) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_printf(&sb, "pipe<%dx", g->stages);
  tile_shape_text(g, &sb);
  ct_strbuf_puts(&sb, ">");
  MlirType t = mlirOpaqueTypeGet(ctx, ct_ir_sref("tileas"), ct_ir_sref(sb.data));
  ct_strbuf_free(&sb);
  ct_tileas_pipe pi;
  memset(&pi, 0, sizeof pi);
  pi.stages = g->stages;
  pi.producer = g->choice->atom;
  pi.consumer = g->choice->frag;
  pi.tx_bytes = g->choice->smem_bytes;
  if (!mlirOperationIsNull(g->loop)) {
    pi.in_loop = true;
    pi.memory_cycles = g->memory_cycles;
    pi.compute_cycles = g->compute_cycles;
    pi.roofline = g->stage.roofline;
    snprintf(pi.limited_by, sizeof pi.limited_by, "%s", g->stage.limited_by);
  }
  MlirNamedAttribute attrs[8];
  int n = ct_tileas_pipe_attrs(ctx, &pi, attrs);
  return ct_ir_build(loc, "tileas.pipe", 1, &t, 1, &buf, n, attrs, anchor);
}

/* The last op of `block` (an ancestor of the reader) reading the consumed tile v: its users, and
 * for a K-major B permute the mma that reads the SMEM tile through it. */
static MlirOperation last_reader_in_block(MlirValue v, MlirBlock block) {
  MlirOperation best = ct_ir_last_user_in_block(v, block);
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation p = mlirOpOperandGetOwner(u);
    unsigned pos;
    bool kmajor;
    MlirOperation a = {NULL};
    if (is_kmajor_b_permute(p) || is_unit_reshape_to_mma(p, &pos, &kmajor))
      a = last_reader_in_block(mlirOperationGetResult(p, 0), block); /* (a reshape may feed a permute) */
    if (!mlirOperationIsNull(a) && (mlirOperationIsNull(best) || mlirOperationIsBeforeInBlock(best, a))) best = a;
  }
  return best;
}

/* The tile type of a load nobody waits for: the tile of its tileaa.view (box x elem). */
static MlirType unwaited_tile_type(MlirContext ctx, MlirOperation ld) {
  MlirValue v = mlirOperationGetOperand(ld, 0);
  ct_type vt;
  if (mlirValueIsAOpResult(v) && !ct_tileaa_view_read(mlirOpResultGetOwner(v), &vt)) {
    int64_t shape[CT_MAX_RANK];
    for (int i = 0; i < vt.tile_rank; i++) shape[i] = vt.tile_shape[i];
    ct_type tt = ct_tile_type(vt.elem, vt.tile_rank, shape);
    MlirType t = ct_type_to_mlir(ctx, &tt);
    if (!mlirTypeIsNull(t)) return t;
  }
  return mlirOpaqueTypeGet(ctx, ct_ir_sref("tileas"), ct_ir_sref("none"));
}

/* Rewrite one load group. */
static void rewrite_load(MlirContext ctx, group *g, MlirValue pipe) {
  MlirOperation ld = g->op;
  MlirLocation loc = mlirOperationGetLocation(ld);
  intptr_t nop = mlirOperationGetNumOperands(ld);
  MlirValue opd[3 + CT_MAX_RANK];
  int k = 0;
  bool smem = g->choice->atom != CT_ATOM_SIMT;
  if (smem) opd[k++] = pipe;
  for (intptr_t i = 0; i < nop && k < 3 + CT_MAX_RANK; i++) opd[k++] = mlirOperationGetOperand(ld, i);
  MlirAttribute seg = mlirOperationGetAttributeByName(ld, ct_ir_sref("operandSegmentSizes"));
  int32_t s[4] = {1, 1, 0, 0};
  if (!mlirAttributeIsNull(seg) && mlirDenseArrayGetNumElements(seg) == 3) {
    s[1] = mlirDenseI32ArrayGetElement(seg, 0), s[2] = mlirDenseI32ArrayGetElement(seg, 1), s[3] = mlirDenseI32ArrayGetElement(seg, 2);
  }
  MlirAttribute lay = layout_attr(ctx, g);
  MlirValue fut = mlirOperationGetResult(ld, 0), tok = mlirOperationGetResult(ld, 1);
  ct_oplist waits = {0};
  ct_ir_collect_users(fut, &waits);
  if (smem) {
    MlirType rt[2] = {mlirOpaqueTypeGet(ctx, ct_ir_sref("tileas"), ct_ir_sref("slot")), mlirValueGetType(tok)};
    MlirNamedAttribute na[2] = {ct_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, s)),
                                ct_ir_named(ctx, "layout", lay)};
    MlirOperation pr = ct_ir_build(loc, "tileas.produce", 2, rt, k, opd, 2, na, ld);
    ct_ir_copy_attrs(ld, pr);
    mlirOperationSetAttributeByName(pr, ct_ir_sref("layout"), lay);
    mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(pr, 1));
    MlirValue slot = mlirOperationGetResult(pr, 0);
    for (size_t i = 0; i < waits.n; i++) {
      MlirOperation w = waits.ops[i];
      MlirType vt = mlirValueGetType(mlirOperationGetResult(w, 0));
      MlirNamedAttribute la = ct_ir_named(ctx, "layout", lay);
      MlirOperation co = ct_ir_build(mlirOperationGetLocation(w), "tileas.consume", 1, &vt, 2, (MlirValue[]){pipe, slot}, 1, &la, w);
      MlirValue v = mlirOperationGetResult(co, 0);
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(w, 0), v);
      MlirOperation last = last_reader_in_block(v, mlirOperationGetBlock(co));
      MlirOperation after = mlirOperationIsNull(last) ? mlirOperationGetNextInBlock(co) : mlirOperationGetNextInBlock(last);
      if (mlirOperationIsNull(after)) after = ct_ir_block_last_op(mlirOperationGetBlock(co));
      ct_ir_build(mlirOperationGetLocation(w), "tileas.release", 0, NULL, 2, (MlirValue[]){pipe, slot}, 0, NULL, after);
      mlirOperationDestroy(w);
    }
  } else {
    MlirType rt[2] = {unwaited_tile_type(ctx, ld), mlirValueGetType(tok)};
    if (waits.n) rt[0] = mlirValueGetType(mlirOperationGetResult(waits.ops[0], 0));
    MlirNamedAttribute na[2] = {ct_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, s + 1)),
                                ct_ir_named(ctx, "layout", lay)};
    MlirOperation lo = ct_ir_build(loc, "tileas.load", 2, rt, k, opd, 2, na, ld);
    ct_ir_copy_attrs(ld, lo);
    mlirOperationSetAttributeByName(lo, ct_ir_sref("layout"), lay);
    mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(lo, 1));
    for (size_t i = 0; i < waits.n; i++) {
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(waits.ops[i], 0), mlirOperationGetResult(lo, 0));
      mlirOperationDestroy(waits.ops[i]);
    }
  }
  ct_oplist_free(&waits);
  mlirOperationDestroy(ld);
}

static void rewrite_store(MlirContext ctx, const ct_tileas_options *o, group *g, MlirValue buf, MlirOperation entry) {
  MlirOperation st = g->op;
  MlirLocation loc = mlirOperationGetLocation(st);
  intptr_t nop = mlirOperationGetNumOperands(st);
  MlirValue opd[4 + CT_MAX_RANK];
  int k = 0;
  for (intptr_t i = 0; i < nop && k < 3 + CT_MAX_RANK; i++) opd[k++] = mlirOperationGetOperand(st, i);
  bool tma = g->choice->atom == CT_ATOM_TMA;
  if (tma) opd[k++] = buf;
  MlirAttribute seg = mlirOperationGetAttributeByName(st, ct_ir_sref("operandSegmentSizes"));
  int32_t s[5] = {1, 1, 0, 0, tma ? 1 : 0};
  if (!mlirAttributeIsNull(seg) && mlirDenseArrayGetNumElements(seg) == 4)
    for (int i = 0; i < 4; i++) s[i] = mlirDenseI32ArrayGetElement(seg, i);
  MlirAttribute lay = layout_attr(ctx, g);
  MlirValue fut = mlirOperationGetResult(st, 0), tok = mlirOperationGetResult(st, 1);
  MlirType rt[2] = {mlirValueGetType(fut), mlirValueGetType(tok)};
  MlirNamedAttribute na[2] = {ct_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, s)),
                              ct_ir_named(ctx, "layout", lay)};
  MlirOperation so = ct_ir_build(loc, "tileas.store", tma ? 2 : 1, tma ? rt : rt + 1, k, opd, 2, na, st);
  ct_ir_copy_attrs(st, so);
  mlirOperationSetAttributeByName(so, ct_ir_sref("layout"), lay);
  mlirValueReplaceAllUsesOfWith(tok, mlirOperationGetResult(so, tma ? 1 : 0));
  ct_oplist waits = {0};
  ct_ir_collect_users(fut, &waits);
  for (size_t i = 0; i < waits.n; i++) {
    if (tma) {
      bool deferred = o->tunables.delay_tma_store_wait;
      MlirOperation anchor = waits.ops[i];
      if (deferred) anchor = ct_ir_block_last_op(mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0)));
      MlirNamedAttribute da = ct_ir_named(ctx, "deferred", mlirBoolAttrGet(ctx, deferred));
      MlirValue f = mlirOperationGetResult(so, 0);
      ct_ir_build(mlirOperationGetLocation(waits.ops[i]), "tileas.store_wait", 0, NULL, 1, &f, 1, &da, anchor);
    }
    mlirOperationDestroy(waits.ops[i]);
  }
  ct_oplist_free(&waits);
  mlirOperationDestroy(st);
}

/* A tensor-core operand TileAS loads with SIMT loads: say why TMA was not legal (the first TMA
 * candidate's rejection: alignment, pitch, box limits), so the load path is explained. */
static void remark_no_tma(ct_ctx *c, const group *g) {
  for (int i = 0; i < g->sel.n; i++)
    if (g->sel.cand[i].atom == CT_ATOM_TMA && g->sel.cand[i].reject) {
      ct_remark_op(c, g->op, "the %s operand of an mma is loaded with ordinary loads, not TMA: %s",
                   g->prob.use == CT_USE_MMA_A ? "A" : "B", g->sel.cand[i].reject);
      return;
    }
}

static bool convert_entry(ct_ctx *c, const ct_tileas_options *o, MlirOperation entry) {
  MlirContext ctx = c->mlir;
  const ct_machine *m = ct_machine_for(o->target);
  ct_oplist ops = {0};
  ct_ir_collect(entry, "tileaa.async_", &ops);
  size_t n = 0;
  group *gs = calloc(ops.n ? ops.n : 1, sizeof *gs);
  if (!gs) abort();
  bool ok = true;
  for (size_t i = 0; i < ops.n && ok; i++) {
    group *g = &gs[n];
    g->op = ops.ops[i];
    g->is_load = ct_ir_is(g->op, "tileaa.async_load");
    MlirValue view = mlirOperationGetOperand(g->op, g->is_load ? 0 : 1);
    if (!mlirValueIsAOpResult(view) || !ct_ir_is(mlirOpResultGetOwner(view), "tileaa.view")) continue;
    g->loop = ct_ir_enclosing(g->op, "tileaa.for");
    if (!mlirOperationIsNull(g->loop) && mlirOperationIsNull(ct_ir_ancestor_in_block(g->loop, mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0)))) &&
        !mlirOperationEqual(ct_ir_enclosing(g->loop, "cuda_tile.entry"), entry))
      g->loop = (MlirOperation){NULL};
    ok = build_problem(c, o, g);
    if (!ok) break;
    ct_layout_select(&g->prob, &o->tunables, &g->sel);
    if (g->sel.chosen < 0) {
      ct_error_op(c, g->op, "TileAS: no legal layout for this %s (%d candidates rejected)", g->is_load ? "load" : "store", g->sel.n);
      ok = false;
      break;
    }
    g->choice = &g->sel.cand[g->sel.chosen];
    g->stages = g->choice->atom == CT_ATOM_SIMT ? 0 : 1;
    if (g->is_load && g->choice->atom == CT_ATOM_SIMT && (g->prob.use == CT_USE_MMA_A || g->prob.use == CT_USE_MMA_B))
      remark_no_tma(c, g);
    n++;
  }
  ct_oplist_free(&ops);
  /* mma ops: record the instruction family from the lhs layout before the waits disappear (the
   * roofline below reads it). */
  if (ok) {
    ct_oplist mmas = {0};
    ct_ir_collect(entry, "cuda_tile.mma", &mmas);
    for (size_t i = 0; i < mmas.n; i++) {
      const group *a = mma_operand_group(gs, n, mmas.ops[i]);
      if (!a) { /* neither operand is a view load TileAS lays out (e.g. reshapes of 3-D view loads) */
        if (m->has_wgmma && mma_a_wgmma_ok(mmas.ops[i])) ct_tileas_set_mma(mmas.ops[i], CT_MMA_WGMMA);
        if (m->has_tcgen05 && mma_a_stageable_tcgen05(mmas.ops[i])) ct_tileas_set_mma(mmas.ops[i], CT_MMA_TCGEN05);
        continue;
      }
      ct_mma_family fam = a->choice->frag == CT_FRAG_WGMMA_SMEM ? CT_MMA_WGMMA
                          : (a->choice->frag == CT_FRAG_LDMATRIX || a->choice->frag == CT_FRAG_MMA_REG) ? CT_MMA_SYNC
                                                                                                      : CT_MMA_TCGEN05;
      /* Operands with no TMA path (no alignment proof, odd strides) still run on wgmma where the
       * target has it: a 16-bit A from registers (a tf32 / 8-bit one staged like B), B staged from
       * registers into K-major SMEM slots (hopper_plan.c plan_b_staging); the plan falls back to mma.sync, with a remark, when the
       * kernel does not fit it. */
      if (fam == CT_MMA_SYNC && m->has_wgmma && mma_a_wgmma_ok(mmas.ops[i])) fam = CT_MMA_WGMMA;
      if (fam == CT_MMA_SYNC && m->has_tcgen05 && mma_a_stageable_tcgen05(mmas.ops[i])) fam = CT_MMA_TCGEN05;
      ct_tileas_set_mma(mmas.ops[i], fam);
    }
    ct_oplist_free(&mmas);
  }
  /* Stage counts: non-loop buffers first, then loops in program order. */
  int64_t committed = 0, scratch = ct_roofline_scratch_bytes(entry); /* the code generator's own SMEM */
  int64_t staging = 0; /* stores' staging: laid over a large enough ring after the loop */
  for (size_t i = 0; i < n; i++)
    if (gs[i].stages && (mlirOperationIsNull(gs[i].loop) || !gs[i].is_load)) {
      committed += gs[i].choice->smem_bytes;
      if (!gs[i].is_load) staging += gs[i].choice->smem_bytes;
    }
  for (size_t i = 0; i < n && ok; i++) {
    group *g = &gs[i];
    if (!g->stages || !g->is_load || mlirOperationIsNull(g->loop) || g->stage.limited_by) continue;
    ct_stage_request r = {.other_smem_bytes = committed + scratch, .unlimited_smem = o->tunables.unlimited_smem};
    for (size_t j = i; j < n; j++) {
      if (!gs[j].stages || !gs[j].is_load || mlirOperationIsNull(gs[j].loop) || !mlirOperationEqual(gs[j].loop, g->loop)) continue;
      r.stage_bytes += gs[j].choice->smem_bytes;
      r.tmem_staged |= gs[j].choice->frag == CT_FRAG_TCGEN05_TMEM;
    }
    /* the latency-true roofline (roofline.c); the scheduler (sched_ir.c) recomputes it on the
     * final IR and also honours --num-stages */
    ct_roofline roof;
    ct_roofline_loop(m, g->loop, r.stage_bytes, r.tmem_staged, &roof);
    r.memory_cycles = roof.memory_cycles;
    r.compute_cycles = roof.compute_cycles;
    r.transfer_cycles = roof.transfer_cycles;
    r.mma_in_flight = (m->has_wgmma || m->has_tcgen05) && ct_loop_mma_in_flight(g->loop, !m->has_wgmma);
    r.two_ctas_per_sm = true;
    r.reusable_smem_bytes = staging;
    ct_stage_result res = ct_stage_count(m, &r);
    if (res.stages < 1) {
      ct_error_op(c, g->loop, "TileAS: the loop's pipelined buffers need %" PRId64 " bytes of shared memory per stage, "
                  "more than the %" PRId64 " left under the 227 KiB ceiling (TILE_AS_DEBUG_UNLIMITED_SMEM lifts it)",
                  r.stage_bytes, m->smem_ceiling_bytes - committed - scratch);
      ok = false;
      break;
    }
    committed += r.stage_bytes * res.stages;
    for (size_t j = i; j < n; j++) {
      if (!gs[j].stages || !gs[j].is_load || mlirOperationIsNull(gs[j].loop) || !mlirOperationEqual(gs[j].loop, g->loop)) continue;
      gs[j].stages = res.stages, gs[j].stage = res, gs[j].memory_cycles = r.memory_cycles, gs[j].compute_cycles = r.compute_cycles;
    }
  }
  if (ok && !o->tunables.unlimited_smem && committed > m->smem_ceiling_bytes) {
    ct_error_op(c, entry, "TileAS: kernel needs %" PRId64 " bytes of shared memory, over the 227 KiB ceiling "
                "(TILE_AS_DEBUG_UNLIMITED_SMEM lifts it)", committed);
    ok = false;
  }
  if (ok) {
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
    MlirOperation top = mlirBlockGetFirstOperation(body);
    for (size_t i = 0; i < n; i++) {
      group *g = &gs[i];
      MlirValue buf = {NULL}, pipe = {NULL};
      if (g->stages) {
        MlirOperation al = make_alloc(ctx, mlirOperationGetLocation(g->op), g, g->stages, top);
        buf = mlirOperationGetResult(al, 0);
        if (g->is_load) pipe = mlirOperationGetResult(make_pipe(ctx, mlirOperationGetLocation(g->op), g, buf, top), 0);
      }
      if (g->is_load) rewrite_load(ctx, g, pipe);
      else rewrite_store(ctx, o, g, buf, entry);
    }
    mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.smem_bytes"), ct_ir_i64_attr(ctx, committed));
    mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.target"), ct_ir_str_attr(ctx, m->name));
  }
  free(gs);
  return ok;
}

MlirModule ct_tileas_from_tileaa(ct_ctx *c, MlirModule in, const ct_tileas_options *o) {
  int errors_before = c->nerrors;
  if (o->tunables.weights_invalid) {
    ct_error_op(c, mlirModuleGetOperation(in),
                "TILEC_LAYOUT_WEIGHTS expects three non-negative numbers smem,tmem,reg (the layout score's weights; "
                "default 1,4,0.25), got '%s'", getenv("TILEC_LAYOUT_WEIGHTS"));
    return (MlirModule){NULL};
  }
  if (o->tunables.invalid_bool) {
    ct_error_op(c, mlirModuleGetOperation(in), "%s expects a boolean (1, true, on, yes or 0, false, off, no), got '%s'",
                o->tunables.invalid_bool, getenv(o->tunables.invalid_bool));
    return (MlirModule){NULL};
  }
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(in));
  MlirModule m = mlirModuleFromOperation(clone);
  ct_oplist entries = {0};
  ct_ir_collect(clone, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t i = 0; i < entries.n && ok; i++) ok = convert_entry(c, o, entries.ops[i]);
  ct_oplist_free(&entries);
  if (ok && o->after_pass) o->after_pass("tileas-layouts", clone);
  /* Modulo scheduler (sched_ir.c): its stage count replaces the roofline value on every pipe. */
  if (ok) ok = ct_sched_module(c, clone, o->target, o->tunables.unlimited_smem);
  if (ok && o->after_pass) o->after_pass("tileas-modulo-schedule", clone);
  /* Path selection (path_select.c): the final mma family of each mmaf, the warps per CTA, and the
   * shared-memory paths not taken rewritten into SIMT loads and stores. */
  if (ok) ok = ct_tileas_select_paths(c, clone, o);
  if (ok && o->after_pass) o->after_pass("tileas-path-select", clone);
  /* Register layouts (reg_layouts.c) of the SIMT-loaded tiles and the mma accumulators. */
  if (ok) ok = ct_tileas_assign_reg_layouts(c, clone, o);
  if (ok && o->after_pass) o->after_pass("tileas-reg-layouts", clone);
  /* Register prefetch (register_prefetch.c): ordinary loads of a tensor-core loop one iteration ahead. */
  if (ok) ok = ct_tileas_prefetch_registers(c, clone, o);
  if (ok && o->after_pass) o->after_pass("tileas-register-prefetch", clone);
  /* Every other tile's layout follows (layout_propagate.c); changes become tileas.convert_layout. */
  if (ok) ok = ct_tileas_propagate_layouts(c, clone, o);
  /* Warp specialization (warp_specialize.c): the loop's agents, when the strategy asks for them. */
  if (ok) ok = ct_tileas_warp_specialize(c, clone, o);
  if (!ok || c->nerrors != errors_before) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

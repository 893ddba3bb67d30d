/* reg_layouts: the TileAS pass that chooses the register layouts of the tiles whose layout is a
 * free choice — the tiles loaded from views with SIMT loads, the tiles made from nothing or from a
 * smaller tile (iota, splat constants, broadcasts) and the mma accumulators — and writes
 * each as `tileas.reg_layout` on the op that makes it (tileas/attrs.h; the layout model is
 * tileas/reg_layout.h). Runs after path_select.c (it needs tileas.num_warps and the final
 * tileas.mma). The code generator takes these layouts as given; layout_propagate.c (next) gives
 * the other tiles theirs and places the conversions (docs/tileaa-tileas.md "Register layouts").
 * Algorithm:
 *  - a tileas.load (path_select.c made every pipe the wgmma path does not take one): Triton's
 *    blocked layout over the view's tile (reg_layout.c ct_layout_blocked: up to 4 consecutive
 *    elements per thread along the last dimension, then lanes, then warps); when every use of the
 *    tile is an A/B operand of mmaf/mmai, up to 16 bytes per thread instead (the tile is only staged to shared memory, so the
 *    global loads and shared stores become 16-byte vectors; a B staged K-major for wgmma / tcgen05
 *    whose view's base is not proven aligned to two elements, so that it loads element by element
 *    anyway: that many bytes of consecutive K per thread, k_run_layout); when every use is the f16 / bf16 A
 *    operand of an mmaf on wgmma, wgmma's register A fragment (the accumulator layout over M x K), so the
 *    loads land where wgmma reads them, with no conversion through shared memory;
 *  - a tileas.consume of a TMA load read into registers (a `blocked` pipe consumer: path_select.c's
 *    bulk plan): blocked (ct_layout_blocked: 16-byte ld.shared vectors);
 *  - an iota, a splat constant, a broadcast, an extract, an insert, a cat (rank >= 1): blocked
 *    (ct_layout_blocked);
 *  - an mmaf/mmai on mma.sync whose operands fit an mma.sync shape (f16/bf16 -> f32: m16n8k16;
 *    tf32 -> f32: m16n8k8; e4m3/e5m2 -> f32 and i8 -> i32: m16n8k32), with M % 16, N % 8, K a
 *    multiple of the k step and a warp grid with each warp's N block 8 or a multiple of 16: the
 *    m16n8 C-fragment
 *    layout over the wm x wn warp grid of ct_layout_mma_warp_grid (the code generator reads the
 *    grid back from the layout); an mmaf on wgmma: the wgmma accumulator layout (all warps along M).
 * Seed: the layout-selection section (register term). Knobs: none (the sizePerThread caps live in
 * reg_layout.c). */
#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

#include "tileaa/ir_build.h"
#include "tileaa/view_read.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/tileas.h"

static bool name_is(MlirOperation op, const char *n) { return ct_ir_is(op, n); }

/* Is op a tileas.consume of a pipe whose consumer is registers (`blocked`: a TMA load read with
 * ld.shared, path_select.c's bulk plan) rather than an MMA reading shared memory? */
static bool consumes_into_registers(MlirOperation op) {
  MlirValue pv = mlirOperationGetNumOperands(op) ? mlirOperationGetOperand(op, 0) : (MlirValue){NULL};
  if (!pv.ptr || !mlirValueIsAOpResult(pv)) return false;
  ct_tileas_pipe pi;
  return !ct_tileas_pipe_read(mlirOpResultGetOwner(pv), &pi) && pi.consumer == CT_FRAG_BLOCKED;
}

/* Is every use of v (through tileaa.wait hand-offs, in a TileAA module) an operand of an mmaf /
 * mmai that ok(mma, operand number) admits? */
static bool every_use_feeds_mma(MlirValue v, bool (*ok)(MlirOperation mma, intptr_t operand)) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u)) return false;
  for (; !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (name_is(w, "tileaa.wait")) {
      if (mlirOperationGetNumResults(w) != 1 || !every_use_feeds_mma(mlirOperationGetResult(w, 0), ok)) return false;
      continue;
    }
    if (!ct_ir_is_mma(w) || !ok(w, mlirOpOperandGetOperandNumber(u))) return false;
  }
  return true;
}

/* ok: its A or B operand */
static bool mma_a_or_b(MlirOperation mma, intptr_t operand) {
  (void)mma;
  return operand <= 1;
}

/* ok: the B operand of an mmaf / mmai on wgmma or tcgen05 (a B loaded with SIMT loads is staged
 * into K-major shared memory there: hopper_plan.c plan_staging) */
static bool staged_b(MlirOperation mma, intptr_t operand) {
  ct_mma_family f;
  return operand == 1 && ct_tileas_op_mma(mma, &f) && (f == CT_MMA_WGMMA || f == CT_MMA_TCGEN05);
}

/* Is every use of v the 16-bit A operand of a 2-D or batched 3-D mmaf on wgmma (through tileaa.wait
 * hand-offs)? *a: A's type ((batch x) M x K). Such a tile is loaded straight into wgmma's register
 * A fragment. */
static bool only_feeds_wgmma_a(MlirValue v, ct_type *a) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u)) return false;
  for (; !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (name_is(w, "tileaa.wait")) {
      if (mlirOperationGetNumResults(w) != 1 || !only_feeds_wgmma_a(mlirOperationGetResult(w, 0), a)) return false;
      continue;
    }
    ct_mma_family f;
    if (!ct_ir_is_mma(w) || mlirOpOperandGetOperandNumber(u) != 0 || !ct_tileas_op_mma(w, &f) || f != CT_MMA_WGMMA ||
        !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(w, 0)), a) || (a->rank != 2 && a->rank != 3) ||
        !ct_wgmma_transposable(a->elem)) /* (a tf32 / 8-bit A is staged into shared memory: hopper_plan.c) */
      return false;
  }
  return true;
}

/* The layout of a [K, N] (or [batch, K, N]) B tile staged K-major from registers whose loads move
 * one element each anyway (the view's base is not proven aligned to two elements): the blocked
 * layout of its transpose [N, K] (up to 16 bytes of consecutive K per thread, then lanes and warps),
 * permuted back, so that the staging writes each thread's run of K as one store of up to 16 bytes
 * (lower_hopper_loop.c hopper_stage_operand) instead of one per element. (Lanes cover the rest of
 * K, then N: a warp's loads of one register touch a few K rows, the coalescing the element loads of
 * the N-major blocked layout had too.) */
static bool k_run_layout(ct_layout *out, const ct_type *vt, int nwarps) {
  int r = vt->tile_rank;
  int64_t tshape[CT_MAX_RANK], shape[CT_MAX_RANK];
  int32_t perm[CT_MAX_RANK];
  for (int i = 0; i < r; i++) shape[i] = vt->tile_shape[i], tshape[i] = vt->tile_shape[i], perm[i] = i;
  tshape[r - 2] = shape[r - 1], tshape[r - 1] = shape[r - 2];
  perm[r - 2] = r - 1, perm[r - 1] = r - 2;
  int spt_bits = ct_log2_exact(128 / ct_elem_bits(vt->elem));
  ct_layout t;
  if (spt_bits < 0 || !ct_layout_blocked_spt(&t, r, tshape, nwarps, spt_bits)) return false;
  ct_layout_permute(out, &t, r, shape, perm);
  return true;
}

bool ct_reg_layout_for_view_load(MlirOperation op, int nwarps, ct_layout *out) {
  MlirValue view = mlirOperationGetOperand(op, 0);
  if (!mlirValueIsAOpResult(view)) return false;
  MlirOperation vop = mlirOpResultGetOwner(view);
  ct_type vt;
  if (!name_is(vop, "tileaa.view") || ct_tileaa_view_read(vop, &vt)) return false;
  int64_t shape[CT_MAX_RANK];
  for (int i = 0; i < vt.tile_rank; i++) shape[i] = vt.tile_shape[i];
  ct_type a;
  if (vt.tile_rank >= 2 && vt.tile_rank <= 3 && only_feeds_wgmma_a(mlirOperationGetResult(op, 0), &a) &&
      a.rank == vt.tile_rank && ct_layout_wgmma_frag_of(out, &a, nwarps))
    return true; /* wgmma's A fragment: the m64 accumulator layout over M x K (lower_hopper_loop.c; batched: every batch's) */
  if (!every_use_feeds_mma(mlirOperationGetResult(op, 0), mma_a_or_b)) return ct_layout_blocked(out, vt.tile_rank, shape, nwarps);
  int bits = ct_elem_bits(vt.elem);
  MlirAttribute al = mlirOperationGetAttributeByName(vop, ct_ir_sref("base_align"));
  int64_t base_align = !mlirAttributeIsNull(al) && mlirAttributeIsAInteger(al) ? mlirIntegerAttrGetValueInt(al) : 0;
  if (vt.tile_rank >= 2 && vt.tile_rank <= 3 && bits >= 8 && base_align * 8 < 2 * bits &&
      every_use_feeds_mma(mlirOperationGetResult(op, 0), staged_b) && k_run_layout(out, &vt, nwarps))
    return true;
  int spt_bits = ct_log2_exact(bits >= 8 ? 128 / bits : 16);
  if (spt_bits < 2) spt_bits = 2;
  return ct_layout_blocked_spt(out, vt.tile_rank, shape, nwarps, spt_bits) ||
         ct_layout_blocked(out, vt.tile_rank, shape, nwarps);
}

static bool is_f8(ct_elem e) { return e == CT_F8E4M3FN || e == CT_F8E5M2; }

int ct_reg_layout_mma_sync_kstep(const ct_type *a, const ct_type *b, const ct_type *c) {
  if (a->elem == CT_I8 && b->elem == CT_I8 && c->elem == CT_I32) return 32;    /* m16n8k32 .s8/.u8 */
  if (is_f8(a->elem) && is_f8(b->elem) && (c->elem == CT_F32 || c->elem == CT_F16)) return 32; /* m16n8k32 .e4m3/.e5m2 */
  if (a->elem == CT_F16 && b->elem == CT_F16 && c->elem == CT_F16) return 16; /* m16n8k16 .f16 accumulator */
  if (a->elem == CT_TF32 && b->elem == CT_TF32 && c->elem == CT_F32) return 8; /* m16n8k8 .tf32 */
  if ((a->elem == CT_F16 || a->elem == CT_BF16) && b->elem == a->elem && c->elem == CT_F32) return 16; /* m16n8k16 */
  return 0;
}

bool ct_reg_layout_mma_dims(const ct_type *a, const ct_type *b, int64_t *nb, int64_t *m, int64_t *k, int64_t *n) {
  int r = a->rank;
  if ((r != 2 && r != 3) || b->rank != r || (r == 3 && a->shape[0] != b->shape[0])) return false;
  *nb = r == 3 ? a->shape[0] : 1;
  *m = a->shape[r - 2];
  *k = a->shape[r - 1];
  *n = b->shape[r - 1];
  return true;
}

bool ct_reg_layout_mma_sync_types_ok(const ct_type *a, const ct_type *b, const ct_type *c) {
  int kstep = ct_reg_layout_mma_sync_kstep(a, b, c);
  int64_t nb, m, k, n;
  return kstep && ct_reg_layout_mma_dims(a, b, &nb, &m, &k, &n) && ct_log2_exact(nb) >= 0 && m % 16 == 0 &&
         n % 8 == 0 && k % kstep == 0;
}

int64_t ct_reg_layout_mma_sync_staging_bytes(const ct_type *a, const ct_type *b) {
  int64_t nb, m, k, n;
  if (!ct_reg_layout_mma_dims(a, b, &nb, &m, &k, &n)) return 0;
  int64_t eb = ct_elem_bits(a->elem) / 8;
  if (eb != 2) return nb * (m * (k * eb + 16) + n * (k * eb + 16)); /* B transposed: rows of K */
  return nb * (m * (k * eb + 16) + k * (n * eb + 16));
}

bool ct_reg_layout_mma_sync_ok(const ct_type *a, const ct_type *b, const ct_type *c, int nwarps) {
  if (!ct_reg_layout_mma_sync_types_ok(a, b, c)) return false;
  int64_t nb, m, k, n;
  ct_layout l;
  if (!ct_reg_layout_mma_dims(a, b, &nb, &m, &k, &n) || !ct_layout_mma_acc_of(&l, c, nwarps)) return false;
  int wm, wn;
  if (!ct_layout_mma_warp_grid(m, n, nwarps, &wm, &wn)) return false;
  int64_t wtile_n = n / wn;
  return wtile_n == 8 || wtile_n % 16 == 0;
}

/* The accumulator layout of mmaf op on its family, or false (fma: the accumulator keeps its
 * operand's layout). path_select.c put it on mma.sync only when its operands fit
 * (ct_reg_layout_mma_sync_ok), so the family says it all. */
static bool mma_acc_layout(MlirOperation op, int nwarps, ct_layout *out) {
  ct_mma_family f;
  ct_type c;
  if (!ct_ir_is_mma(op) || mlirOperationGetNumOperands(op) != 3 || !ct_tileas_op_mma(op, &f) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 2)), &c))
    return false;
  if (f == CT_MMA_WGMMA) /* (a batched mmaf: the batch bits above the m64 accumulator's: one chain per batch) */
    return ct_layout_wgmma_frag_of(out, &c, nwarps);
  if (f == CT_MMA_TCGEN05) return ct_layout_tcgen05_acc_of(out, &c, nwarps);
  return f == CT_MMA_SYNC && ct_layout_mma_acc_of(out, &c, nwarps); /* rank 2, or 3: batched */
}

static void set_layout(MlirOperation op, const ct_layout *l) {
  mlirOperationSetAttributeByName(op, ct_ir_sref("tileas.reg_layout"),
                                  ct_tileas_reg_layout_attr(mlirOperationGetContext(op), l));
}

static void assign_entry(ct_ctx *c, MlirOperation entry, const ct_tileas_options *o) {
  MlirAttribute w = mlirOperationGetAttributeByName(entry, ct_ir_sref("tileas.num_warps"));
  if (mlirAttributeIsNull(w) || !mlirAttributeIsAInteger(w)) return; /* an invalid hint: the code generator says so */
  int nwarps = (int)mlirIntegerAttrGetValueInt(w);
  ct_oplist ops = {0};
  ct_ir_collect(entry, "cuda_tile.mma", &ops);
  for (size_t i = 0; i < ops.n; i++) {
    ct_layout l;
    if (mma_acc_layout(ops.ops[i], nwarps, &l)) set_layout(ops.ops[i], &l);
  }
  ct_oplist_free(&ops);
  /* iota, splat constants, broadcasts, extract, insert and cat make tiles in any layout: blocked */
  ct_ir_collect(entry, "cuda_tile.", &ops);
  for (size_t i = 0; i < ops.n; i++) {
    MlirOperation op = ops.ops[i];
    bool constant = name_is(op, "cuda_tile.constant");
    if (!constant && !name_is(op, "cuda_tile.iota") && !name_is(op, "cuda_tile.broadcast") &&
        !name_is(op, "cuda_tile.extract") && !name_is(op, "cuda_tile.insert") && !name_is(op, "cuda_tile.cat"))
      continue;
    if (constant && ct_constant_replicated(op)) continue; /* (splat and big constants: blocked) */
    ct_type t;
    ct_layout l;
    if (mlirOperationGetNumResults(op) != 1 || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &t) ||
        t.kind != CT_TYPE_TILE || t.rank < 1 || !ct_layout_blocked(&l, t.rank, t.shape, nwarps))
      continue;
    set_layout(op, &l);
  }
  ct_oplist_free(&ops);
  ct_ir_collect(entry, "tileas.", &ops);
  for (size_t i = 0; i < ops.n; i++) {
    MlirOperation op = ops.ops[i];
    ct_layout l;
    if (name_is(op, "tileas.consume") && consumes_into_registers(op)) {
      ct_type t;
      if (mlirOperationGetNumResults(op) == 1 && ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &t) &&
          t.kind == CT_TYPE_TILE && t.rank >= 1 && ct_layout_blocked(&l, t.rank, t.shape, nwarps))
        set_layout(op, &l);
      continue;
    }
    if (!name_is(op, "tileas.load")) continue; /* (every other tileas.produce left feeds wgmma from SMEM) */
    if (ct_reg_layout_for_view_load(op, nwarps, &l)) set_layout(op, &l);
  }
  ct_oplist_free(&ops);
}

bool ct_tileas_assign_reg_layouts(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  for (size_t i = 0; i < entries.n; i++) assign_entry(c, entries.ops[i], o);
  ct_oplist_free(&entries);
  return true;
}

bool ct_constant_replicated(MlirOperation op) {
  if (!name_is(op, "cuda_tile.constant") || mlirOperationGetNumResults(op) != 1) return false;
  MlirAttribute v = mlirOperationGetAttributeByName(op, ct_ir_sref("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v) || mlirDenseElementsAttrIsSplat(v)) return false;
  return mlirElementsAttrGetNumElements(v) <= CT_CONSTANT_REPLICATED_MAX;
}

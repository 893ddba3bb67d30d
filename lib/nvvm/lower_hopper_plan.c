/* lower_hopper_plan: decides whether a kernel takes the Hopper (sm_90a) TMA + wgmma path, and
 * with which parameters — by running TileAA → TileAS on the module (once, diagnostics muted,
 * tunables from the environment: ct_tileas_options_from_env) and reading its decisions.
 * Algorithm: the entry must hold exactly one `mmaf`, directly in the body of a `for` with one
 * iter value whose body is exactly {load_view_tko A, load_view_tko B, mmaf, continue}
 * (A[M,K] · B[K,N], f16/bf16 → f32, indices loop-invariant or the induction variable, views with
 * static shape/strides whose base pointer is an entry argument, possibly through `assume`).
 * In the TileAS form of the same entry the mmaf must carry tileas.mma = "wgmma" and both operands
 * must come from `tileas.consume` of TMA pipes with a swizzled layout whose box inner extent is
 * one swizzle span; the ring depth is the pipes' `stages`, the swizzles come from the allocs, the
 * boxes from the layouts. Anything else: a remark (`tilec --remarks`) and the mma.sync path.
 * On sm_100a every mmaf gets the remark that wgmma does not assemble there; with several mmaf
 * (flash attention) each gets a remark naming how TileAS feeds its operands and what is missing.
 * Stores (plan_stores): the entry's store_view_tko and TileAS's tileas.store pair up in program
 * order; the first one TileAS made a TMA store becomes the TMA store epilogue when it is a weak
 * 2-D view store at the entry's top level after the loop (no token in or used), its TileAS box
 * tiles the output with rows of one swizzle span and the staging tile fits in shared memory
 * (after the ring and its mbarriers unless it fits in the ring); the store_wait's `deferred`
 * (TILEIR_DELAY_TMA_STORE_WAIT) is honoured when the kernel returns right after the store.
 * Seed: 001 (roofline stage count, tunables). Knobs: HOPPER_MAX_M (largest tile M: 64 per
 * warpgroup), HOPPER_MAX_N. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "tileaa/tileaa.h"
#include "tileas/tileas.h"

#define HOPPER_MAX_M 128
#define HOPPER_MAX_N 256
#define HOPPER_SMEM_LIMIT (227 * 1024)

static MlirStringRef sr(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool is_op(MlirOperation op, const char *full_name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(full_name) && !memcmp(n.data, full_name, n.length);
}

/* Pre-order walk collecting ops named `full_name` (at most cap). Returns the count found. */
static int collect(MlirOperation root, const char *full_name, MlirOperation *out, int cap, int n) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(root); r++) {
    MlirRegion reg = mlirOperationGetRegion(root, r);
    for (MlirBlock blk = mlirRegionGetFirstBlock(reg); !mlirBlockIsNull(blk); blk = mlirBlockGetNextInRegion(blk))
      for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
        if (is_op(op, full_name)) {
          if (n < cap) out[n] = op;
          n++;
        }
        n = collect(op, full_name, out, cap, n);
      }
  }
  return n;
}

/* TileAA → TileAS on the whole module, once; errors are muted (the SIMT path reports its own). */
static MlirModule tileas_module(ct_lower *L, MlirModule in) {
  if (L->tileas_tried) return L->tileas;
  L->tileas_tried = true;
  ct_ctx *c = L->c;
  bool capture = c->capture, remarks = c->remarks;
  size_t ndiags = c->ndiags;
  int nerrors = c->nerrors;
  c->capture = true;
  c->remarks = false;
  MlirModule aa = ct_tileaa_from_cuda_tile(c, in);
  if (!mlirModuleIsNull(aa)) {
    ct_tileas_options o;
    ct_tileas_options_default(&o, CT_TILEAS_SM90A);
    ct_tileas_options_from_env(&o);
    L->tileas = ct_tileas_from_tileaa(c, aa, &o);
    mlirModuleDestroy(aa);
  }
  for (size_t i = ndiags; i < c->ndiags; i++) {
    free(c->diags[i].file);
    free(c->diags[i].message);
  }
  c->ndiags = ndiags;
  c->nerrors = nerrors;
  c->capture = capture;
  c->remarks = remarks;
  return L->tileas;
}

static MlirOperation find_entry(MlirModule m, MlirStringRef name) {
  MlirOperation found[64];
  int n = collect(mlirModuleGetOperation(m), "cuda_tile.entry", found, 64, 0);
  for (int i = 0; i < n && i < 64; i++) {
    MlirAttribute a = mlirOperationGetAttributeByName(found[i], sr("sym_name"));
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a) && mlirStringRefEqual(mlirStringAttrGetValue(a), name))
      return found[i];
  }
  return (MlirOperation){NULL};
}

static MlirOperation def_op(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

/* Is v defined outside `loop` (an op result or block argument not nested in it)? */
static bool defined_outside(MlirValue v, MlirOperation loop) {
  MlirOperation owner;
  if (mlirValueIsAOpResult(v)) owner = mlirOpResultGetOwner(v);
  else owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (MlirOperation p = owner; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, loop)) return false;
  return true;
}

/* Entry argument index the view's base pointer comes from (through assume), or -1. */
static int view_base_arg(MlirValue view, MlirBlock entry_body) {
  MlirOperation pv = def_op(view);
  if (mlirOperationIsNull(pv) || !is_op(pv, "cuda_tile.make_partition_view")) return -1;
  MlirOperation tv = def_op(mlirOperationGetOperand(pv, 0));
  if (mlirOperationIsNull(tv) || !is_op(tv, "cuda_tile.make_tensor_view")) return -1;
  MlirValue p = mlirOperationGetOperand(tv, 0);
  for (;;) {
    MlirOperation d = def_op(p);
    if (mlirOperationIsNull(d)) break;
    if (!is_op(d, "cuda_tile.assume")) return -1;
    p = mlirOperationGetOperand(d, 0);
  }
  if (!mlirValueIsABlockArgument(p) || !mlirBlockEqual(mlirBlockArgumentGetOwner(p), entry_body)) return -1;
  return (int)mlirBlockArgumentGetArgNumber(p);
}

/* "... box = [a, b] x n ..." from a #tileas.layout attribute. */
static bool parse_layout_box(MlirOperation consume, int64_t box[2], int *nboxes) {
  MlirAttribute a = mlirOperationGetAttributeByName(consume, sr("layout"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAOpaque(a)) return false;
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  char text[512];
  size_t n = d.length < sizeof text - 1 ? d.length : sizeof text - 1;
  memcpy(text, d.data, n);
  text[n] = 0;
  if (strncmp(text, "layout<tma", 10)) return false;
  const char *p = strstr(text, "box = [");
  long long b0, b1, nb;
  if (!p || sscanf(p, "box = [%lld, %lld] x %lld", &b0, &b1, &nb) != 3) return false;
  box[0] = b0;
  box[1] = b1;
  *nboxes = (int)nb;
  return true;
}

static int swizzle_bytes(MlirOperation alloc) {
  MlirAttribute a = mlirOperationGetAttributeByName(alloc, sr("swizzle"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) return -1;
  MlirStringRef s = mlirStringAttrGetValue(a);
  char buf[16];
  size_t n = s.length < sizeof buf - 1 ? s.length : sizeof buf - 1;
  memcpy(buf, s.data, n);
  buf[n] = 0;
  if (!strcmp(buf, "none")) return 0;
  return atoi(buf); /* "128B" → 128 */
}

/* The TileAS decisions for one operand of the wgmma: pipe stages, tx bytes, swizzle, box. */
static const char *tileas_operand(MlirValue v, int *stages, int64_t *tx, int *swz, int64_t box[2], int *nboxes) {
  MlirOperation consume = def_op(v);
  if (mlirOperationIsNull(consume) || !is_op(consume, "tileas.consume")) return "the operand is not a TileAS pipe consumer";
  MlirOperation pipe = def_op(mlirOperationGetOperand(consume, 0));
  if (mlirOperationIsNull(pipe) || !is_op(pipe, "tileas.pipe")) return "no tileas.pipe";
  MlirAttribute prod = mlirOperationGetAttributeByName(pipe, sr("producer"));
  if (mlirAttributeIsNull(prod) || !mlirAttributeIsAString(prod) ||
      !mlirStringRefEqual(mlirStringAttrGetValue(prod), sr("tma")))
    return "TileAS chose a non-TMA producer for an operand";
  *stages = (int)attr_int(pipe, "stages", 0);
  *tx = attr_int(pipe, "tx_bytes", 0);
  MlirOperation alloc = def_op(mlirOperationGetOperand(pipe, 0));
  if (mlirOperationIsNull(alloc) || !is_op(alloc, "tileas.alloc")) return "no tileas.alloc";
  *swz = swizzle_bytes(alloc);
  if (!parse_layout_box(consume, box, nboxes)) return "the operand layout has no TMA box";
  return NULL;
}

static const char *check_operand(ct_hopper_operand *o, bool k_major, int esize, const int64_t tile[2], int swz) {
  if (swz <= 0) return "the TileAS operand layout is not swizzled (unswizzled wgmma layouts are not implemented)";
  if (o->box[1] * esize != swz) return "the TMA box inner extent is not one swizzle span";
  if (o->box[0] != tile[0] || o->box[1] * o->nboxes != tile[1]) return "the TMA boxes do not tile the operand";
  if (k_major && (swz / esize) % 16) return "a k16 step crosses a swizzle row";
  if (o->view.tile_rank != 2 || o->view.tile_shape[0] != tile[0] || o->view.tile_shape[1] != tile[1])
    return "the view's tile shape differs from the loaded tile";
  if (o->view.padding != CT_PAD_NONE && o->view.padding != CT_PAD_ZERO) return "a non-zero padding value (TMA fills zeros)";
  const char *why;
  if (!ct_tensormap_fields_from_view(&o->view, o->box, swz, &o->tmap, &why)) return why;
  ct_wgmma_operand_geom_init(&o->geom, k_major, swz, esize, tile[0], o->nboxes);
  o->tile_bytes = tile[0] * tile[1] * esize;
  return NULL;
}

/* The body of the loop: exactly two loads, the mmaf and the continue. */
static const char *check_loop(MlirOperation loop, MlirOperation mmaf, ct_hopper_plan *p) {
  if (!is_op(loop, "cuda_tile.for")) return "the mmaf is not directly inside a `for` loop";
  if (mlirOperationGetNumOperands(loop) != 4 || mlirOperationGetNumResults(loop) != 1 || attr_present(loop, "unsignedCmp"))
    return "the loop carries more than the accumulator";
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue iv = mlirBlockGetArgument(body, 0), acc = mlirBlockGetArgument(body, 1);
  int nops = 0;
  MlirOperation cont = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    nops++;
    if (is_op(op, "cuda_tile.continue")) cont = op;
  }
  if (nops != 4 || mlirOperationIsNull(cont)) return "the loop body holds more than two loads and the mmaf";
  if (mlirOperationGetNumOperands(cont) != 1 || !mlirValueEqual(mlirOperationGetOperand(cont, 0), mlirOperationGetResult(mmaf, 0)) ||
      !mlirValueEqual(mlirOperationGetOperand(mmaf, 2), acc))
    return "the accumulator is not carried straight through the mmaf";
  ct_hopper_operand *ops[2] = {&p->a, &p->b};
  for (int i = 0; i < 2; i++) {
    MlirOperation ld = def_op(mlirOperationGetOperand(mmaf, i));
    if (mlirOperationIsNull(ld) || !is_op(ld, "cuda_tile.load_view_tko") ||
        !mlirOperationEqual(mlirOperationGetParentOperation(ld), loop))
      return "an mmaf operand is not a view load in the loop";
    if (!mlirValueEqual(mlirOperationGetOperand(mmaf, i), mlirOperationGetResult(ld, 0))) return "unexpected load result";
    if (attr_int(ld, "memory_ordering_semantics", 0) != 0) return "a load is not weak";
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(ld, 1))))
      return "a load's token is used";
    int32_t seg[4];
    int nseg = 0;
    if (!op_segments(ld, seg, 4, &nseg) || nseg != 3 || seg[1] != 2) return "a load is not a 2-D view load";
    for (int j = 0; j < 1 + seg[1] + seg[2]; j++) {
      MlirValue v = mlirOperationGetOperand(ld, j);
      if (j >= 1 && j <= 2 && mlirValueEqual(v, iv)) continue;
      if (!defined_outside(v, loop)) return "a load index is computed inside the loop (only the induction variable is supported)";
    }
    if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(ld, 0)), &ops[i]->view) ||
        ops[i]->view.kind != CT_TYPE_PARTITION_VIEW)
      return "a load does not read a partition view";
    ops[i]->load = ld;
  }
  return NULL;
}

/* "swizzle = 32B" / "swizzle = none" from a #tileas.layout text: bytes, or -1. */
static int layout_swizzle(const char *text) {
  const char *q = strstr(text, "swizzle = ");
  if (!q) return 0;
  q += 10;
  if (!strncmp(q, "none", 4)) return 0;
  int v = atoi(q);
  return v == 32 || v == 64 || v == 128 ? v : -1;
}

/* Is TileAS's layout of `st` a TMA store? Copies its text to buf. */
static bool tma_store_layout(MlirOperation st, char *buf, size_t cap) {
  MlirAttribute la = mlirOperationGetAttributeByName(st, sr("layout"));
  if (mlirAttributeIsNull(la) || !mlirAttributeIsAOpaque(la)) return false;
  MlirStringRef d = mlirOpaqueAttrGetData(la);
  size_t n = d.length < cap - 1 ? d.length : cap - 1;
  memcpy(buf, d.data, n);
  buf[n] = 0;
  return !strncmp(buf, "layout<tma", 10);
}

/* The TMA store epilogue of store_view_tko `op` (TileAS form `as_st`, layout text `lay`), or why not. */
static const char *plan_store(ct_lower *L, MlirOperation entry, MlirOperation op, MlirOperation as_st, const char *lay,
                              const ct_hopper_plan *p, ct_hopper_store *s) {
  memset(s, 0, sizeof *s);
  s->store = op;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  if (mlirOperationGetBlock(op).ptr != body.ptr) return "the store is nested in control flow";
  bool after = false;
  for (MlirOperation q = mlirOperationGetNextInBlock(p->for_op); !mlirOperationIsNull(q); q = mlirOperationGetNextInBlock(q))
    if (mlirOperationEqual(q, op)) after = true;
  if (!after) return "the store is not after the wgmma loop";
  s->after_loop = mlirOperationEqual(mlirOperationGetNextInBlock(p->for_op), op);
  if (attr_int(op, "memory_ordering_semantics", 0) != 0) return "the store is not weak";
  int32_t seg[4];
  int nseg = 0;
  if (!op_segments(op, seg, 4, &nseg) || nseg != 4 || seg[2] != 2 || seg[3] != 0)
    return "the store is not a 2-D view store without an input token";
  if (mlirOperationGetNumResults(op) > 0 && !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
    return "the store's token orders later memory operations (a TMA store completes asynchronously)";
  ct_type tile;
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &tile) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 1)), &s->view) ||
      s->view.kind != CT_TYPE_PARTITION_VIEW || s->view.tile_rank != 2 || tile.rank != 2)
    return "the store does not write a 2-D tile to a partition view";
  if (tile.elem != CT_F32 && tile.elem != CT_F16 && tile.elem != CT_BF16) return "the stored element type has no TMA data type here";
  s->esize = ct_elem_bits(tile.elem) / 8;
  int64_t rows = s->view.tile_shape[0], cols = s->view.tile_shape[1];
  if (tile.shape[0] != rows || tile.shape[1] != cols) return "the stored tile differs from the view's tile";
  ct_type as_tile;
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(as_st, 0)), &as_tile) || as_tile.rank != 2 ||
      as_tile.elem != tile.elem || as_tile.shape[0] != rows || as_tile.shape[1] != cols)
    return "the TileAS store does not match the kernel's store";
  s->base_arg = view_base_arg(mlirOperationGetOperand(op, 1), body);
  if (s->base_arg < 0) return "the output view's base pointer is not a kernel argument";
  const char *q = strstr(lay, "box = [");
  long long b0, b1, nb;
  if (!q || sscanf(q, "box = [%lld, %lld] x %lld", &b0, &b1, &nb) != 3) return "the TMA store layout has no box";
  s->box[0] = b0;
  s->box[1] = b1;
  s->nboxes = (int)nb;
  s->swizzle = layout_swizzle(lay);
  if (s->swizzle < 0) return "unknown TMA store swizzle";
  int64_t span = s->box[1] * s->esize;
  if (s->box[0] != rows || s->box[1] * s->nboxes != cols) return "the TMA store boxes do not tile the output";
  if (s->swizzle ? span != s->swizzle : span % 16) return "the TMA store box inner extent is not one swizzle span";
  s->box_bytes = rows * span;
  if (s->box_bytes % (s->swizzle ? 8 * s->swizzle : 128)) return "a TMA store box is not aligned to its swizzle pattern";
  s->tile_bytes = rows * cols * s->esize;
  const char *why;
  if (!ct_tensormap_fields_from_view(&s->view, s->box, s->swizzle, &s->tmap, &why)) return why;
  s->smem_off = s->tile_bytes <= p->ring_bytes ? 0 : (p->smem_bytes + 1023) / 1024 * 1024;
  if (s->smem_off + s->tile_bytes + 1024 > HOPPER_SMEM_LIMIT) return "the staging tile does not fit in shared memory";
  /* TILEIR_DELAY_TMA_STORE_WAIT: TileAS marks the store_wait deferred */
  MlirValue fut = mlirOperationGetResult(as_st, 0);
  for (MlirOpOperand u = mlirValueGetFirstUse(fut); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation w = mlirOpOperandGetOwner(u);
    if (is_op(w, "tileas.store_wait")) {
      MlirAttribute d = mlirOperationGetAttributeByName(w, sr("deferred"));
      s->deferred = !mlirAttributeIsNull(d) && mlirAttributeIsABool(d) && mlirBoolAttrGetValue(d);
    }
  }
  MlirOperation next = mlirOperationGetNextInBlock(op);
  if (s->deferred && (mlirOperationIsNull(next) || !is_op(next, "cuda_tile.return"))) {
    ct_remark_op(L->c, op, "wgmma path: the TMA store wait is not deferred (TILEIR_DELAY_TMA_STORE_WAIT): ops "
                 "after the store may reuse its shared-memory staging");
    s->deferred = false;
  }
  return NULL;
}

/* Pair the entry's store_view_tko with TileAS's tileas.store (same order) and plan the first TMA
 * store as the epilogue; every other TMA store gets a remark and the st.global path. */
static void plan_stores(ct_lower *L, MlirOperation entry, MlirOperation as_entry, ct_hopper_plan *p) {
  MlirOperation ct[8], as[8];
  int nct = collect(entry, "cuda_tile.store_view_tko", ct, 8, 0);
  int nas = collect(as_entry, "tileas.store", as, 8, 0);
  char lay[512];
  for (int i = 0; i < nas && i < 8; i++) {
    if (!tma_store_layout(as[i], lay, sizeof lay)) continue;
    const char *why = NULL;
    if (nct != nas || nct > 8) why = "the TileAS stores do not pair with the kernel's view stores";
    else if (p->has_store) why = "only one TMA store epilogue per kernel";
    else {
      ct_hopper_store cand;
      if (!(why = plan_store(L, entry, ct[i], as[i], lay, p, &cand))) {
        p->st = cand;
        p->has_store = true;
        int64_t end = cand.smem_off + cand.tile_bytes;
        if (end > p->smem_bytes) p->smem_bytes = end;
        continue;
      }
    }
    ct_remark_op(L->c, nct == nas && nct <= 8 ? ct[i] : p->mmaf,
                 "wgmma path: TileAS chose a TMA store for a result; it is stored from the accumulator fragments with "
                 "st.global: %s", why);
  }
}

static const char *plan(ct_lower *L, MlirModule in, MlirOperation entry, MlirOperation mmaf, ct_hopper_plan *p) {
  memset(p, 0, sizeof *p);
  p->mmaf = mmaf;
  p->for_op = mlirOperationGetParentOperation(mmaf);
  ct_type a, b, c;
  if (mlirOperationGetNumOperands(mmaf) != 3 || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 0)), &a) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 1)), &b) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 2)), &c))
    return "unexpected mmaf operands";
  if (a.rank != 2 || (a.elem != CT_F16 && a.elem != CT_BF16) || b.elem != a.elem || c.elem != CT_F32)
    return "wgmma is used for 2-D f16/bf16 → f32 mmaf only";
  p->m = a.shape[0];
  p->k = a.shape[1];
  p->n = b.shape[1];
  p->elem = a.elem;
  if (p->m % 64 || p->m > HOPPER_MAX_M) return "tile M must be 64 or 128 (one m64 wgmma per warpgroup)";
  if (p->n < 8 || p->n > HOPPER_MAX_N || ct_log2_exact(p->n) < 0) return "tile N must be a power of two in 8..256";
  if (p->k % 16) return "tile K must be a multiple of 16";
  p->warpgroups = (int)(p->m / 64);
  const char *why = check_loop(p->for_op, mmaf, p);
  if (why) return why;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  if (mlirOperationGetBlock(p->for_op).ptr != body.ptr) return "the loop is nested in other control flow";
  p->a.base_arg = view_base_arg(mlirOperationGetOperand(p->a.load, 0), body);
  p->b.base_arg = view_base_arg(mlirOperationGetOperand(p->b.load, 0), body);
  if (p->a.base_arg < 0 || p->b.base_arg < 0) return "a view's base pointer is not a kernel argument";

  MlirModule as = tileas_module(L, in);
  if (mlirModuleIsNull(as)) return "TileAS could not process the module";
  MlirAttribute name = mlirOperationGetAttributeByName(entry, sr("sym_name"));
  MlirOperation as_entry = find_entry(as, mlirStringAttrGetValue(name));
  if (mlirOperationIsNull(as_entry)) return "the kernel is missing from the TileAS form";
  MlirOperation as_mma[2];
  if (collect(as_entry, "cuda_tile.mmaf", as_mma, 2, 0) != 1) return "TileAS form: not exactly one mmaf";
  MlirAttribute fam = mlirOperationGetAttributeByName(as_mma[0], sr("tileas.mma"));
  if (mlirAttributeIsNull(fam) || !mlirAttributeIsAString(fam) || !mlirStringRefEqual(mlirStringAttrGetValue(fam), sr("wgmma")))
    return "TileAS did not choose wgmma for the mmaf (its operand layouts are not SMEM descriptors)";
  int stages[2], swz[2];
  int64_t tx[2];
  ct_hopper_operand *ops[2] = {&p->a, &p->b};
  for (int i = 0; i < 2; i++) {
    why = tileas_operand(mlirOperationGetOperand(as_mma[0], i), &stages[i], &tx[i], &swz[i], ops[i]->box, &ops[i]->nboxes);
    if (why) return why;
  }
  if (stages[0] != stages[1] || stages[0] < 1) return "the two operand pipes have different stage counts";
  p->stages = stages[0];
  int esize = ct_elem_bits(p->elem) / 8;
  int64_t at[2] = {p->m, p->k}, bt[2] = {p->k, p->n};
  if ((why = check_operand(&p->a, true, esize, at, swz[0]))) return why;
  if ((why = check_operand(&p->b, false, esize, bt, swz[1]))) return why;
  if (tx[0] != p->a.tile_bytes || tx[1] != p->b.tile_bytes) return "TileAS tx_bytes differ from the tile bytes";
  p->tx_bytes = tx[0] + tx[1];
  p->ring_bytes = p->stages * (p->a.tile_bytes + p->b.tile_bytes);
  p->smem_bytes = p->ring_bytes + 16 * p->stages;
  if (p->smem_bytes + 1024 > HOPPER_SMEM_LIMIT) return "the ring does not fit in shared memory";
  plan_stores(L, entry, as_entry, p);
  return NULL;
}

/* How TileAS feeds mmaf operand v (TileAS form): the text for a remark; *tma when a TMA pipe. */
static void describe_operand(MlirValue v, char *buf, size_t cap, bool *tma, bool *permuted) {
  *tma = *permuted = false;
  MlirOperation d = def_op(v);
  if (!mlirOperationIsNull(d) && is_op(d, "cuda_tile.permute")) {
    *permuted = true;
    d = def_op(mlirOperationGetOperand(d, 0));
  }
  const char *pre = *permuted ? "a permuted " : "";
  if (mlirOperationIsNull(d)) {
    snprintf(buf, cap, "%sloop-carried/argument value", pre);
  } else if (is_op(d, "tileas.consume")) {
    MlirOperation pipe = def_op(mlirOperationGetOperand(d, 0));
    int st = mlirOperationIsNull(pipe) ? 0 : (int)attr_int(pipe, "stages", 0);
    *tma = !*permuted;
    snprintf(buf, cap, "%sTMA pipe (%d stage%s)", pre, st, st == 1 ? "" : "s");
  } else if (is_op(d, "tileas.load")) {
    snprintf(buf, cap, "%sSIMT load", pre);
  } else {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(d));
    snprintf(buf, cap, "%sregister value (%.*s)", pre, (int)n.length, n.data);
  }
}

/* Several mmaf (e.g. flash attention): one remark per mmaf saying how TileAS feeds its operands
 * and what the Hopper path lacks for it. */
static void remark_multi_mmaf(ct_lower *L, MlirOperation entry, MlirOperation *mmas, int n) {
  MlirOperation m = mlirOperationGetParentOperation(entry);
  while (!mlirOperationIsNull(mlirOperationGetParentOperation(m))) m = mlirOperationGetParentOperation(m);
  MlirModule as = tileas_module(L, mlirModuleFromOperation(m));
  MlirOperation as_entry = {NULL}, as_mma[8];
  int nas = 0;
  if (!mlirModuleIsNull(as)) {
    MlirAttribute name = mlirOperationGetAttributeByName(entry, sr("sym_name"));
    as_entry = find_entry(as, mlirStringAttrGetValue(name));
    if (!mlirOperationIsNull(as_entry)) nas = collect(as_entry, "cuda_tile.mmaf", as_mma, 8, 0);
  }
  for (int i = 0; i < n && i < 8; i++) {
    if (nas != n) {
      ct_remark_op(L->c, mmas[i], "mma.sync path: the Hopper path handles one mmaf per kernel (%d here)", n);
      continue;
    }
    char a[96], b[96], missing[256];
    bool a_tma, a_perm, b_tma, b_perm;
    describe_operand(mlirOperationGetOperand(as_mma[i], 0), a, sizeof a, &a_tma, &a_perm);
    describe_operand(mlirOperationGetOperand(as_mma[i], 1), b, sizeof b, &b_tma, &b_perm);
    int pos = snprintf(missing, sizeof missing, "several wgmma chains in one kernel");
    if (!a_tma && !a_perm) pos += snprintf(missing + pos, sizeof missing - (size_t)pos, ", wgmma with A from registers");
    if (a_perm || b_perm)
      pos += snprintf(missing + pos, sizeof missing - (size_t)pos, ", a K-major B / transposed operand descriptor");
    if (!b_tma) snprintf(missing + pos, sizeof missing - (size_t)pos, ", B without a TMA pipe");
    ct_remark_op(L->c, mmas[i],
                 "mma.sync path: mmaf %d of %d: TileAS feeds A from %s, B from %s; the Hopper path lowers one "
                 "SMEM-fed mmaf per kernel (not implemented: %s)", i + 1, n, a, b, missing);
  }
}

bool hopper_plan_entry(ct_lower *L, MlirOperation entry, ct_hopper_plan *p, int hinted_warps) {
  MlirOperation mmas[8];
  int n = collect(entry, "cuda_tile.mmaf", mmas, 8, 0);
  if (n == 0) return false;
  if (L->opts->gpu != CT_SM_90A) {
    for (int i = 0; i < n && i < 8; i++)
      ct_remark_op(L->c, mmas[i], "mma.sync path: %s has no wgmma (it does not assemble there); the Hopper "
                   "TMA + wgmma path is sm_90a only", L->opts->gpu == CT_SM_100A ? "sm_100a" : "this target");
    return false;
  }
  if (n != 1) {
    remark_multi_mmaf(L, entry, mmas, n);
    return false;
  }
  MlirOperation m = mlirOperationGetParentOperation(entry);
  while (!mlirOperationIsNull(mlirOperationGetParentOperation(m))) m = mlirOperationGetParentOperation(m);
  MlirModule in = mlirModuleFromOperation(m);
  const char *why = plan(L, in, entry, mmas[0], p);
  if (!why && hinted_warps && hinted_warps != 4 * p->warpgroups)
    why = "num_worker_warps_per_cta differs from the 4 warps per m64 warpgroup the wgmma tile needs";
  if (!why) {
    p->a.param = 0;
    p->b.param = 1;
    p->st.param = 2;
  }
  if (why) {
    ct_remark_op(L->c, mmas[0], "mma.sync path: %s", why);
    return false;
  }
  int warps = 4 * p->warpgroups;
  ct_remark_op(L->c, mmas[0],
               "wgmma path: TMA ring of %d stages (TileAS), %lld-byte expect_tx per stage, A swizzle %dB box %lldx%lld, "
               "B swizzle %dB box %lldx%lld x %d, m64n%lldk16 x %d warpgroups (%d threads)",
               p->stages, (long long)p->tx_bytes, p->a.geom.swizzle, (long long)p->a.box[0], (long long)p->a.box[1],
               p->b.geom.swizzle, (long long)p->b.box[0], (long long)p->b.box[1], p->b.nboxes, (long long)p->n,
               p->warpgroups, 32 * warps);
  if (p->has_store)
    ct_remark_op(L->c, p->st.store, "wgmma path: TMA store epilogue: %d box(es) %lldx%lld, swizzle %dB, staged at +%lld "
                 "in shared memory, wait_group.read %s", p->st.nboxes, (long long)p->st.box[0], (long long)p->st.box[1],
                 p->st.swizzle, (long long)p->st.smem_off,
                 p->st.deferred ? "deferred to the kernel's return" : "right after the store");
  return true;
}

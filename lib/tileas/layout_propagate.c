/* layout_propagate: TileAS's last pass — gives every tile value of rank >= 1 a register layout
 * and makes every change of layout an op of its own, so that the code generator follows the IR
 * and never picks a layout or moves data between layouts by itself.
 *
 * Runs after reg_layouts.c, whose choices (SIMT view loads, TMA-loaded tiles read into registers
 * — a tileas.consume with a tileas.reg_layout —, iota, splat constants, broadcasts, mma
 * accumulators) are the sources. Walks each entry in program order (as the code generator
 * lowers it) and gives
 *  - an element-wise op the layout of its first operand that is neither uniform (every element
 *    equal: a splat, or computed from splats only) nor a pending broadcast (below) nor, inside a
 *    loop, defined outside it (a loop-invariant tile is converted once, before the loop: below),
 *    else of its first operand that is neither uniform nor pending, else of its first non-uniform
 *    operand, else of operand 0;
 *  - an extract, insert or cat blocked (reg_layouts.c's choice; they move data through shared memory anyway);
 *  - a reduce the slice of its operand 0's layout (a scan that layout); reshape / permute the
 *    relabelled / permuted layout of their source (no data moves); a pointer load, store or atomic
 *    the layout of its pointer tile; an mmaf in the fma form the layout of its accumulator;
 *  - a loop-carried value (tileas.reg_layouts on for / loop / tileaa.for) the layout of its init,
 *    except that an accumulator an mmaf updates in the body keeps the mma layout, and a value
 *    whose init is uniform takes the layout its update in the body will have (predict_layout:
 *    e.g. a running row maximum the layout of its reduction) — so nothing round-trips through
 *    shared memory every iteration; the results of an `if` (tileas.reg_layouts) and of a `loop`
 *    (tileas.result_layouts) the layouts of the first yield / break.
 * Where an operand's layout is not the one its user needs (the other operands of an element-wise
 * op, reduce or pointer access; an mma accumulator; loop inits, continues, later yields / breaks),
 * a `tileas.convert_layout` is inserted right before the user — except for a uniform operand,
 * which any thread can take from any register (the code generator re-spreads it without code),
 * and an operand defined outside the loop around its user, converted once right after its
 * definition (loop_invariant_convert; the conversion reused by later users wanting that layout).
 * A broadcast that would move data through shared memory and whose uses are all in its own block
 * is pending: it is re-made (cloned) right before each use, directly in the layout that use needs
 * (a bias row added to an mma accumulator is broadcast straight into the accumulator layout), the
 * latest clone reused for the same layout; the original is then erased. (Uses inside a loop body
 * would repeat the exchange every iteration, so such broadcasts stay where they are.)
 * Rank-0 tiles have the one trivial layout and get no attribute.
 * Seed: the layout-selection section (register term: conversions are explicit ops). Knobs: none. */
#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "support/ptr_hash.h"
#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/tileas.h"

typedef struct lp_info {
  const void *key;
  ct_layout l;
  bool uniform;
  MlirOperation pending; /* a broadcast re-made at each use */
  MlirValue last;        /* pending: its latest clone */
  ct_layout last_l;
  MlirValue hoisted;     /* its latest conversion made outside a loop (loop_invariant_convert) */
  ct_layout hoisted_l;
} lp_info;

typedef enum { LP_IF, LP_LOOP, LP_REDUCE } lp_ctx_kind;

typedef struct lp_ctx {
  lp_ctx_kind kind;
  int n;                 /* values a continue carries (loop) */
  ct_layout *carried;    /* loop: the carried layouts (has[i]) */
  bool *has;
  int nres;              /* yield / break values */
  ct_layout *res;        /* the layouts of the first yield / break */
  bool *res_has;
  bool res_ready;
  struct lp_ctx *parent;
} lp_ctx;

typedef struct lp {
  MlirContext ctx;
  int nwarps;
  lp_info *tab;
  size_t cap, n;
  ct_oplist pending;
  lp_ctx *cx;
  lp_info rank0; /* the facts of every rank-0 tile: the one trivial layout, uniform */
} lp;

static bool name_is(MlirOperation op, const char *n) { return ct_ir_is(op, n); }

static bool tile_of_rank(MlirValue v, ct_type *t) {
  return ct_type_from_mlir(mlirValueGetType(v), t) && t->kind == CT_TYPE_TILE;
}

static lp_info *lp_slot(lp *P, const void *key, bool create) {
  if (create && (P->n + 1) * 2 > P->cap) {
    size_t nc = P->cap ? P->cap * 2 : 256;
    lp_info *nt = calloc(nc, sizeof *nt);
    if (!nt) abort();
    for (size_t i = 0; i < P->cap; i++) {
      if (!P->tab[i].key) continue;
      size_t h = ct_ptr_hash(P->tab[i].key, nc);
      while (nt[h].key) h = (h + 1) & (nc - 1);
      nt[h] = P->tab[i];
    }
    free(P->tab);
    P->tab = nt;
    P->cap = nc;
  }
  if (!P->cap) return NULL;
  size_t h = ct_ptr_hash(key, P->cap);
  while (P->tab[h].key && P->tab[h].key != key) h = (h + 1) & (P->cap - 1);
  if (P->tab[h].key) return &P->tab[h];
  if (!create) return NULL;
  P->tab[h].key = key;
  P->n++;
  return &P->tab[h];
}

/* A layout with one register and no thread bases holds the same element in every thread. */
static bool one_element_everywhere(const ct_layout *l) {
  return !ct_layout_has_thread_bases(l) && ct_layout_num_regs(l) == 1;
}

static lp_info *lp_set(lp *P, MlirValue v, const ct_layout *l, bool uniform) {
  lp_info *i = lp_slot(P, v.ptr, true);
  memset(i, 0, sizeof *i);
  i->key = v.ptr;
  i->l = *l;
  i->uniform = uniform || one_element_everywhere(l);
  return i;
}

/* The layout facts of v: NULL when v is no register tile (a token, a view, a tile kept in shared
 * memory by the wgmma path). Rank-0 tiles share one uniform layout. */
static lp_info *lp_get(lp *P, MlirValue v) {
  ct_type t;
  if (!tile_of_rank(v, &t)) return NULL;
  if (t.rank == 0) return &P->rank0;
  return lp_slot(P, v.ptr, false);
}

static void write_layout(MlirOperation op, const ct_layout *l) {
  mlirOperationSetAttributeByName(op, ct_ir_sref("tileas.reg_layout"),
                                  ct_tileas_reg_layout_attr(mlirOperationGetContext(op), l));
}

/* The layout TileAS already chose for op (reg_layouts.c), else blocked. */
static bool chosen_or_blocked(lp *P, MlirOperation op, const ct_type *t, ct_layout *out) {
  const char *why;
  if (ct_tileas_op_reg_layout(op, t->rank, t->shape, out, &why)) return true;
  return ct_layout_blocked(out, t->rank, t->shape, P->nwarps);
}

/* Re-make the pending broadcast behind operand idx of user in layout l (reusing the latest
 * clone when it has that layout). */
static lp_info *materialize(lp *P, MlirOperation user, int idx, lp_info *in, const ct_layout *l) {
  MlirOperation pending = in->pending;
  lp_info *src = lp_slot(P, mlirOperationGetResult(pending, 0).ptr, false);
  if (src->last.ptr && ct_layout_equal(&src->last_l, l)) {
    mlirOperationSetOperand(user, idx, src->last);
    return lp_slot(P, src->last.ptr, false);
  }
  MlirOperation clone = mlirOperationClone(pending);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(user), user, clone);
  write_layout(clone, l);
  MlirValue r = mlirOperationGetResult(clone, 0);
  src->last = r;
  src->last_l = *l;
  mlirOperationSetOperand(user, idx, r);
  return lp_set(P, r, l, false);
}

/* Operand idx of user as the code generator reads it by default: a pending broadcast in its own
 * layout. */
static lp_info *use_operand(lp *P, MlirOperation user, int idx) {
  lp_info *in = lp_get(P, mlirOperationGetOperand(user, idx));
  if (in && in->pending.ptr) {
    ct_layout l = in->l;
    in = materialize(P, user, idx, in, &l);
  }
  return in;
}

/* The innermost loop (for, tileaa.for, loop) around op, or a null operation. */
static MlirOperation enclosing_loop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p)) {
    if (ct_op_is_loop(p)) return p;
    if (ct_op_is(p, "cuda_tile.entry")) break;
  }
  return (MlirOperation){NULL};
}

/* Is v defined outside `loop` (the same in every iteration of it)? */
static bool defined_outside(MlirValue v, MlirOperation loop) {
  MlirOperation owner = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                                : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  for (MlirOperation p = owner; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, loop)) return false;
  return true;
}

/* A tileas.convert_layout of v to layout l, at user's location, inserted before `before`; its
 * result is recorded in l. (May move the table: an lp_info pointer is stale afterwards.) */
static MlirValue build_convert(lp *P, MlirOperation user, MlirValue v, const ct_layout *l, MlirOperation before) {
  MlirType t = mlirValueGetType(v);
  MlirNamedAttribute a = ct_ir_named(P->ctx, "tileas.reg_layout", ct_tileas_reg_layout_attr(P->ctx, l));
  MlirOperation cv = ct_ir_build(mlirOperationGetLocation(user), "tileas.convert_layout", 1, &t, 1, &v, 1, &a, before);
  MlirValue r = mlirOperationGetResult(cv, 0);
  lp_set(P, r, l, false);
  return r;
}

/* A value defined outside the loop around its user and needed there in another layout is
 * converted once, right after its definition (the start of its block for a block argument), not
 * every iteration; the latest such conversion is reused for the same layout. */
static MlirValue loop_invariant_convert(lp *P, MlirOperation user, MlirValue v, lp_info *in, const ct_layout *l) {
  if (in->hoisted.ptr && ct_layout_equal(&in->hoisted_l, l)) return in->hoisted;
  MlirOperation before = mlirValueIsAOpResult(v) ? mlirOperationGetNextInBlock(mlirOpResultGetOwner(v))
                                                 : mlirBlockGetFirstOperation(mlirBlockArgumentGetOwner(v));
  in->hoisted_l = *l;
  MlirValue r = build_convert(P, user, v, l, before);
  lp_get(P, v)->hoisted = r; /* (build_convert may have moved the table) */
  return r;
}

/* Make operand idx of user arrive in layout l: re-make a pending broadcast in it, convert a
 * non-uniform tile in another layout (tileas.convert_layout right before user, or once before the
 * loop around user when the tile is defined outside it). */
static void ensure_layout(lp *P, MlirOperation user, int idx, const ct_layout *l) {
  MlirValue v = mlirOperationGetOperand(user, idx);
  lp_info *in = lp_get(P, v);
  if (!in || l->rank == 0) return;
  if (in->pending.ptr) {
    materialize(P, user, idx, in, l);
    return;
  }
  if (in->uniform || ct_layout_equal(&in->l, l)) return;
  MlirOperation loop = enclosing_loop(user);
  if (!mlirOperationIsNull(loop) && defined_outside(v, loop)) {
    mlirOperationSetOperand(user, idx, loop_invariant_convert(P, user, v, in, l));
    return;
  }
  mlirOperationSetOperand(user, idx, build_convert(P, user, v, l, user));
}

/* Result i of op gets layout l (recorded on op by the caller). */
static void set_result(lp *P, MlirOperation op, int i, const ct_layout *l, bool uniform) {
  lp_set(P, mlirOperationGetResult(op, i), l, uniform);
}

/* ---- loop-carried layouts (what the body will do to a value) ---- */
static bool mma_acc_layout(MlirOperation mmaf, ct_layout *out) {
  ct_mma_family f;
  if (!ct_ir_is_mma(mmaf) || mlirOperationGetNumOperands(mmaf) != 3) return false;
  if (ct_tileas_op_mma(mmaf, &f) && f == CT_MMA_FMA) return false;
  ct_type c;
  const char *why;
  return ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 2)), &c) &&
         ct_tileas_op_reg_layout(mmaf, c.rank, c.shape, out, &why);
}

/* The layout the body will give v when it can be told before walking it: mmaf results, reduces
 * (the slice of their operand's), reshapes, and element-wise ops (their first operand that is
 * neither a constant nor a broadcast nor a block argument). */
static bool predict_layout(MlirValue v, int depth, ct_layout *out) {
  if (depth > 32 || !mlirValueIsAOpResult(v)) return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  ct_type rt;
  if (!tile_of_rank(v, &rt) || rt.rank < 1) return false;
  if (ct_ir_is_mma(def)) return mma_acc_layout(def, out);
  bool reduce = name_is(def, "cuda_tile.reduce");
  if (reduce || name_is(def, "cuda_tile.reshape")) {
    ct_layout in;
    if (mlirOperationGetNumOperands(def) < 1 || !predict_layout(mlirOperationGetOperand(def, 0), depth + 1, &in))
      return false;
    if (reduce) {
      MlirAttribute d = mlirOperationGetAttributeByName(def, ct_ir_sref("dim"));
      int64_t dim = !mlirAttributeIsNull(d) && mlirAttributeIsAInteger(d) ? mlirIntegerAttrGetValueInt(d) : -1;
      if (dim < 0 || dim >= in.rank || in.rank != rt.rank + 1) return false;
      ct_layout_slice(out, &in, (int)dim);
    } else {
      ct_layout_reshape(out, &in, rt.rank, rt.shape);
    }
    return true;
  }
  if (name_is(def, "cuda_tile.constant") || name_is(def, "cuda_tile.broadcast") || name_is(def, "cuda_tile.permute") ||
      mlirOperationGetNumRegions(def) > 0 || mlirOperationGetNumResults(def) != 1 || mlirOperationGetNumOperands(def) < 1)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); i++) {
    ct_type t;
    if (!tile_of_rank(mlirOperationGetOperand(def, i), &t) || t.rank != rt.rank ||
        memcmp(t.shape, rt.shape, sizeof(t.shape[0]) * (size_t)rt.rank))
      return false; /* not element-wise */
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); i++) {
    MlirValue a = mlirOperationGetOperand(def, i);
    if (!mlirValueIsAOpResult(a)) continue;
    MlirOperation ad = mlirOpResultGetOwner(a);
    if (name_is(ad, "cuda_tile.constant") || name_is(ad, "cuda_tile.broadcast")) continue;
    return predict_layout(a, depth + 1, out);
  }
  return false;
}

static bool walk_block(lp *P, MlirBlock b);

static bool is_terminator_name(MlirOperation op) {
  return name_is(op, "cuda_tile.return") || name_is(op, "cuda_tile.yield") || name_is(op, "cuda_tile.continue") ||
         name_is(op, "cuda_tile.break");
}

static void write_layouts(lp *P, MlirOperation op, const char *key, int n, const ct_layout *ls, const bool *has) {
  const ct_layout **p = calloc((size_t)n + 1, sizeof *p);
  if (!p) abort();
  for (int i = 0; i < n; i++) p[i] = has[i] ? &ls[i] : NULL;
  mlirOperationSetAttributeByName(op, ct_ir_sref(key), ct_tileas_reg_layouts_attr(P->ctx, n, p));
  free(p);
}

/* for / loop / tileaa.for */
static bool walk_loop(lp *P, MlirOperation op, bool is_for, bool normalized) {
  int nops = (int)mlirOperationGetNumOperands(op);
  int first = normalized ? 1 : is_for ? 3 : 0;
  int n = nops - first;
  if (n < 0) return true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation term = mlirBlockIsNull(body) ? (MlirOperation){NULL} : ct_ir_block_last_op(body);
  bool has_continue = !mlirOperationIsNull(term) && name_is(term, "cuda_tile.continue");
  lp_ctx cx;
  memset(&cx, 0, sizeof cx);
  cx.kind = LP_LOOP;
  cx.n = n;
  cx.carried = calloc((size_t)n + 1, sizeof *cx.carried);
  cx.has = calloc((size_t)n + 1, sizeof *cx.has);
  cx.nres = (int)mlirOperationGetNumResults(op);
  cx.res = calloc((size_t)cx.nres + 1, sizeof *cx.res);
  cx.res_has = calloc((size_t)cx.nres + 1, sizeof *cx.res_has);
  if (!cx.carried || !cx.has || !cx.res || !cx.res_has) abort();
  for (int i = 0; i < n; i++) {
    lp_info *in = use_operand(P, op, first + i);
    if (!in || in->l.rank == 0) continue;
    ct_layout pref;
    bool has_pref = false;
    if (has_continue && i < mlirOperationGetNumOperands(term)) {
      MlirValue upd = mlirOperationGetOperand(term, i);
      has_pref = mlirValueIsAOpResult(upd) && mma_acc_layout(mlirOpResultGetOwner(upd), &pref);
      if (!has_pref && in->uniform) has_pref = predict_layout(upd, 0, &pref);
      if (has_pref && (pref.rank != in->l.rank || ct_layout_num_regs(&pref) < 1)) has_pref = false;
    }
    cx.carried[i] = has_pref ? pref : in->l;
    cx.has[i] = true;
    ensure_layout(P, op, first + i, &cx.carried[i]);
  }
  write_layouts(P, op, "tileas.reg_layouts", n, cx.carried, cx.has);
  int argi = is_for ? 1 : 0;
  for (int i = 0; i < n && !mlirBlockIsNull(body) && argi + i < mlirBlockGetNumArguments(body); i++)
    if (cx.has[i]) lp_set(P, mlirBlockGetArgument(body, argi + i), &cx.carried[i], false);
  cx.parent = P->cx;
  P->cx = &cx;
  bool ok = mlirBlockIsNull(body) || walk_block(P, body);
  P->cx = cx.parent;
  if (is_for) {
    for (int i = 0; i < n && i < cx.nres; i++)
      if (cx.has[i]) set_result(P, op, i, &cx.carried[i], false);
  } else {
    if (cx.res_ready) write_layouts(P, op, "tileas.result_layouts", cx.nres, cx.res, cx.res_has);
    for (int i = 0; i < cx.nres && cx.res_ready; i++)
      if (cx.res_has[i]) set_result(P, op, i, &cx.res[i], false);
  }
  free(cx.carried);
  free(cx.has);
  free(cx.res);
  free(cx.res_has);
  return ok;
}

static bool walk_if(lp *P, MlirOperation op) {
  use_operand(P, op, 0);
  lp_ctx cx;
  memset(&cx, 0, sizeof cx);
  cx.kind = LP_IF;
  cx.nres = (int)mlirOperationGetNumResults(op);
  cx.res = calloc((size_t)cx.nres + 1, sizeof *cx.res);
  cx.res_has = calloc((size_t)cx.nres + 1, sizeof *cx.res_has);
  if (!cx.res || !cx.res_has) abort();
  cx.parent = P->cx;
  P->cx = &cx;
  bool ok = true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op) && ok; r++) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    if (!mlirBlockIsNull(b)) ok = walk_block(P, b);
  }
  P->cx = cx.parent;
  if (!cx.res_ready) /* no yield reached: blocked (the code generator's undefined values) */
    for (int i = 0; i < cx.nres; i++) {
      ct_type t;
      cx.res_has[i] = tile_of_rank(mlirOperationGetResult(op, i), &t) && t.rank >= 1 &&
                      ct_layout_blocked(&cx.res[i], t.rank, t.shape, P->nwarps);
    }
  write_layouts(P, op, "tileas.reg_layouts", cx.nres, cx.res, cx.res_has);
  for (int i = 0; i < cx.nres; i++)
    if (cx.res_has[i]) set_result(P, op, i, &cx.res[i], false);
  free(cx.res);
  free(cx.res_has);
  return ok;
}

/* yield (if) / break (loop): the first one met fixes the results' layouts, the others convert. */
static void yield_to(lp *P, MlirOperation op, lp_ctx *cx) {
  int n = (int)mlirOperationGetNumOperands(op);
  for (int i = 0; i < n && i < cx->nres; i++) {
    lp_info *in = use_operand(P, op, i);
    if (!cx->res_ready) {
      cx->res_has[i] = in && in->l.rank >= 1;
      if (cx->res_has[i]) cx->res[i] = in->l;
    } else if (cx->res_has[i]) {
      ensure_layout(P, op, i, &cx->res[i]);
    }
  }
  cx->res_ready = true;
}

static lp_ctx *find_ctx(lp *P, lp_ctx_kind a, lp_ctx_kind b) {
  for (lp_ctx *c = P->cx; c; c = c->parent)
    if (c->kind == a || c->kind == b) return c;
  return NULL;
}

static bool uses_in_own_block(MlirOperation op, MlirValue v) {
  MlirBlock own = mlirOperationGetBlock(op);
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (!mlirBlockEqual(mlirOperationGetBlock(mlirOpOperandGetOwner(u)), own)) return false;
  return true;
}

static void walk_broadcast(lp *P, MlirOperation op, const ct_type *rt) {
  lp_info *src = use_operand(P, op, 0);
  ct_layout dl;
  if (!src || src->l.rank != rt->rank || !chosen_or_blocked(P, op, rt, &dl)) return;
  write_layout(op, &dl);
  ct_flat_map m;
  ct_layout_broadcast_map(&src->l, &dl, &m);
  int *reg_src = malloc(((size_t)ct_layout_num_regs(&dl) + 1) * sizeof *reg_src);
  if (!reg_src) abort();
  bool src_uniform = src->uniform;
  bool cheap = src_uniform || ct_layout_register_remap(&dl, &src->l, &m, reg_src) ||
               !uses_in_own_block(op, mlirOperationGetResult(op, 0));
  free(reg_src);
  lp_info *r = lp_set(P, mlirOperationGetResult(op, 0), &dl, src_uniform);
  if (!cheap) {
    r->pending = op;
    r->uniform = false;
    ct_oplist_push(&P->pending, op);
  }
}

static void walk_elementwise(lp *P, MlirOperation op, const ct_type *rt) {
  int n = (int)mlirOperationGetNumOperands(op);
  lp_info *in[3] = {NULL, NULL, NULL};
  for (int i = 0; i < n && i < 3; i++)
    if (!(in[i] = lp_get(P, mlirOperationGetOperand(op, i)))) return;
  if (n < 1 || n > 3) return;
  /* first a tile that changes in the loop around op (a loop-invariant one is converted once, before
   * the loop), then any that is not a pending broadcast, then any */
  MlirOperation loop = enclosing_loop(op);
  bool invariant[3] = {false, false, false};
  for (int i = 0; i < n && !mlirOperationIsNull(loop); i++) invariant[i] = defined_outside(mlirOperationGetOperand(op, i), loop);
  int chosen = -1;
  for (int pass = 0; pass < 3 && chosen < 0; pass++)
    for (int i = 0; i < n && chosen < 0; i++)
      if (!in[i]->uniform && (pass == 2 || !in[i]->pending.ptr) && (pass > 0 || !invariant[i])) chosen = i;
  ct_layout l = in[chosen >= 0 ? chosen : 0]->l;
  bool all_uniform = true;
  for (int i = 0; i < n; i++) all_uniform = all_uniform && in[i]->uniform;
  for (int i = 0; i < n; i++) ensure_layout(P, op, i, &l);
  if (rt->rank == 0) return;
  write_layout(op, &l);
  set_result(P, op, 0, &l, all_uniform);
}

/* reduce / scan: operand 0 decides, the others follow it; results: its slice (reduce) / it. */
static void walk_reduce(lp *P, MlirOperation op, bool scan) {
  int n = (int)mlirOperationGetNumOperands(op);
  ct_layout l;
  bool has = false;
  for (int i = 0; i < n; i++) {
    lp_info *in = use_operand(P, op, i); /* (the table may grow: copy what is needed) */
    if (i == 0 && in && in->l.rank >= 1) l = in->l, has = true;
  }
  if (!has) return;
  for (int i = 1; i < n; i++) ensure_layout(P, op, i, &l);
  ct_layout out = l;
  if (!scan) {
    MlirAttribute d = mlirOperationGetAttributeByName(op, ct_ir_sref("dim"));
    int64_t dim = !mlirAttributeIsNull(d) && mlirAttributeIsAInteger(d) ? mlirIntegerAttrGetValueInt(d) : -1;
    if (dim < 0 || dim >= l.rank) return;
    ct_layout_slice(&out, &l, (int)dim);
  }
  if (out.rank == 0) return;
  write_layout(op, &out);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) set_result(P, op, (int)i, &out, false);
}

/* load_ptr_tko / store_ptr_tko / atomics: the pointer tile decides. */
static void walk_pointer_access(lp *P, MlirOperation op) {
  lp_info *ptrs = use_operand(P, op, 0);
  if (!ptrs || ptrs->l.rank == 0) {
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); i++) use_operand(P, op, (int)i);
    return;
  }
  ct_layout l = ptrs->l;
  bool loads = name_is(op, "cuda_tile.load_ptr_tko");
  /* loads fetch mask and padding first, then convert them; the atomics one operand at a time */
  if (loads || name_is(op, "cuda_tile.store_ptr_tko")) {
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); i++) use_operand(P, op, (int)i);
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); i++) ensure_layout(P, op, (int)i, &l);
  } else {
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); i++) {
      use_operand(P, op, (int)i);
      ensure_layout(P, op, (int)i, &l);
    }
  }
  ct_type rt;
  if (mlirOperationGetNumResults(op) > 0 && tile_of_rank(mlirOperationGetResult(op, 0), &rt) && rt.rank >= 1) {
    write_layout(op, &l);
    set_result(P, op, 0, &l, false);
  }
}

static void walk_mma(lp *P, MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 3) return;
  ct_mma_family fam = CT_MMA_FMA;
  bool has_fam = ct_tileas_op_mma(op, &fam);
  ct_layout acc;
  bool is_mmaf = name_is(op, "cuda_tile.mmaf");
  if (is_mmaf && has_fam && fam == CT_MMA_WGMMA && mma_acc_layout(op, &acc)) {
    ensure_layout(P, op, 2, &acc);
    MlirValue a = mlirOperationGetOperand(op, 0);
    bool a_in_smem = mlirValueIsAOpResult(a) && name_is(mlirOpResultGetOwner(a), "tileas.consume");
    ct_type at;
    ct_layout afl;
    /* (a 16-bit A from registers; a tf32 / 8-bit one is staged into shared memory from any layout) */
    if (!a_in_smem) use_operand(P, op, 0);
    if (!a_in_smem && tile_of_rank(a, &at) && (at.rank == 2 || at.rank == 3) && ct_wgmma_transposable(at.elem) &&
        ct_layout_wgmma_frag_of(&afl, &at, P->nwarps))
      ensure_layout(P, op, 0, &afl);
    set_result(P, op, 0, &acc, false);
    return;
  }
  for (int i = 0; i < 3; i++) use_operand(P, op, i);
  if (!(has_fam && fam == CT_MMA_FMA) && mma_acc_layout(op, &acc)) {
    ensure_layout(P, op, 2, &acc);
    set_result(P, op, 0, &acc, false);
    return;
  }
  /* the fma form keeps its accumulator's layout */
  lp_info *c = lp_get(P, mlirOperationGetOperand(op, 2));
  if (!c || c->l.rank == 0) return;
  ct_layout l = c->l;
  write_layout(op, &l);
  set_result(P, op, 0, &l, false);
}

static bool walk_op(lp *P, MlirOperation op) {
  char name[96];
  ct_op_short_name(op, name, sizeof name);
  ct_type rt;
  bool tile1 = mlirOperationGetNumResults(op) >= 1 && tile_of_rank(mlirOperationGetResult(op, 0), &rt);
  if (!strcmp(name, "for")) return walk_loop(P, op, true, false);
  if (!strcmp(name, "tileaa.for")) return walk_loop(P, op, true, true);
  if (!strcmp(name, "loop")) return walk_loop(P, op, false, false);
  if (!strcmp(name, "if")) return walk_if(P, op);
  if (!strcmp(name, "continue")) {
    lp_ctx *cx = find_ctx(P, LP_LOOP, LP_LOOP);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
      use_operand(P, op, (int)i);
      if (cx && i < cx->n && cx->has[i]) ensure_layout(P, op, (int)i, &cx->carried[i]);
    }
    return true;
  }
  if (!strcmp(name, "break") || !strcmp(name, "yield")) {
    lp_ctx *cx = !strcmp(name, "break") ? find_ctx(P, LP_LOOP, LP_LOOP) : find_ctx(P, LP_IF, LP_REDUCE);
    if (cx && cx->kind != LP_REDUCE) yield_to(P, op, cx);
    return true;
  }
  if (!strcmp(name, "reduce") || !strcmp(name, "scan")) {
    walk_reduce(P, op, name[0] == 's');
    return true; /* the combiner works on rank-0 tiles */
  }
  if (!strcmp(name, "constant") && tile1 && rt.rank >= 1) {
    MlirAttribute v = mlirOperationGetAttributeByName(op, ct_ir_sref("value"));
    bool splat = !mlirAttributeIsNull(v) && mlirAttributeIsADenseElements(v) && mlirDenseElementsAttrIsSplat(v);
    ct_layout l;
    bool replicated = ct_constant_replicated(op);
    if (!replicated ? !chosen_or_blocked(P, op, &rt, &l) : (ct_layout_replicated(&l, rt.rank, rt.shape, P->nwarps), false))
      return true;
    write_layout(op, &l);
    set_result(P, op, 0, &l, splat);
    return true;
  }
  /* (a tileas.consume with a register layout: a TMA-loaded tile read into registers, reg_layouts.c;
   * an MMA's operand tile stays in shared memory and has none) */
  bool consume_into_registers = !strcmp(name, "tileas.consume") &&
                                !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ct_ir_sref("tileas.reg_layout")));
  if ((!strcmp(name, "iota") || !strcmp(name, "tileas.load") || consume_into_registers) && tile1 && rt.rank >= 1) {
    ct_layout l;
    if (chosen_or_blocked(P, op, &rt, &l)) {
      write_layout(op, &l);
      set_result(P, op, 0, &l, false);
    }
    return true;
  }
  if ((!strcmp(name, "extract") || !strcmp(name, "cat") || !strcmp(name, "insert")) && tile1) {
    bool uniform = true;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
      lp_info *in = use_operand(P, op, (int)i);
      if (i == 0 || name[0] == 'c') uniform = uniform && in && in->uniform;
    }
    ct_layout l;
    if (rt.rank >= 1 && chosen_or_blocked(P, op, &rt, &l)) {
      write_layout(op, &l);
      set_result(P, op, 0, &l, name[0] == 'e' && uniform);
    }
    return true;
  }
  if (!strcmp(name, "broadcast") && tile1) {
    walk_broadcast(P, op, &rt);
    return true;
  }
  if ((!strcmp(name, "reshape") || !strcmp(name, "permute")) && tile1) {
    lp_info *src = use_operand(P, op, 0);
    if (!src || rt.rank == 0) return true;
    ct_layout l;
    if (name[0] == 'r') {
      ct_layout_reshape(&l, &src->l, rt.rank, rt.shape);
    } else {
      MlirAttribute pa = mlirOperationGetAttributeByName(op, ct_ir_sref("permutation"));
      if (mlirAttributeIsNull(pa) || !mlirAttributeIsADenseI32Array(pa) || mlirDenseArrayGetNumElements(pa) != rt.rank ||
          src->l.rank != rt.rank)
        return true;
      int32_t perm[CT_MAX_RANK];
      for (int i = 0; i < rt.rank; i++) perm[i] = mlirDenseI32ArrayGetElement(pa, i);
      ct_layout_permute(&l, &src->l, rt.rank, rt.shape, perm);
    }
    write_layout(op, &l);
    set_result(P, op, 0, &l, src->uniform);
    return true;
  }
  if (!strcmp(name, "assume") && tile1) {
    lp_info *src = use_operand(P, op, 0);
    if (src && rt.rank >= 1) {
      ct_layout l = src->l;
      write_layout(op, &l);
      set_result(P, op, 0, &l, src->uniform);
    }
    return true;
  }
  if (!strcmp(name, "load_ptr_tko") || !strcmp(name, "store_ptr_tko") || !strcmp(name, "atomic_rmw_tko") ||
      !strcmp(name, "atomic_cas_tko")) {
    walk_pointer_access(P, op);
    return true;
  }
  if (!strcmp(name, "mmaf") || !strcmp(name, "mmai")) {
    walk_mma(P, op);
    return true;
  }
  if (ct_op_name_is_elementwise(name) && tile1) {
    walk_elementwise(P, op, &rt);
    return true;
  }
  /* anything else reads its operands as they are */
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) use_operand(P, op, (int)i);
  return true;
}

static bool walk_block(lp *P, MlirBlock b) {
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!walk_op(P, op)) return false;
    if (is_terminator_name(op)) break; /* ops after a terminator are dead */
  }
  return true;
}

static bool propagate_entry(MlirOperation entry) {
  MlirAttribute w = mlirOperationGetAttributeByName(entry, ct_ir_sref("tileas.num_warps"));
  if (mlirAttributeIsNull(w) || !mlirAttributeIsAInteger(w)) return true; /* an invalid hint: the code generator says so */
  lp P;
  memset(&P, 0, sizeof P);
  P.ctx = mlirOperationGetContext(entry);
  P.nwarps = (int)mlirIntegerAttrGetValueInt(w);
  if (ct_log2_exact(P.nwarps) < 0 || !ct_layout_blocked(&P.rank0.l, 0, NULL, P.nwarps)) return true;
  P.rank0.uniform = true;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  bool ok = mlirBlockIsNull(body) || walk_block(&P, body);
  /* every use of a pending broadcast now reads a clone made in its place */
  for (size_t i = 0; i < P.pending.n; i++)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(P.pending.ops[i], 0))))
      mlirOperationDestroy(P.pending.ops[i]);
  ct_oplist_free(&P.pending);
  free(P.tab);
  return ok;
}

bool ct_tileas_propagate_layouts(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  (void)c;
  (void)o;
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t i = 0; i < entries.n && ok; i++) ok = propagate_entry(entries.ops[i]);
  ct_oplist_free(&entries);
  return ok;
}

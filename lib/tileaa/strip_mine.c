/* strip_mine: big element-wise tiles in register-sized pieces (docs/driver.md, "Code generation
 * limits"), TileAA's first step: loops the register budget needs are made explicit in the IR, so
 * every later stage (and a re-entered TileAA/TileAS file) sees them. The SIMT code generator unrolls a tile into one register per element a thread holds,
 * so a 2048x2048 `addf` of two loaded tiles would need 32768 registers per thread per tile and is
 * over the register budget (reg_budget.c). When such a tile only flows through element-wise ops
 * between view loads and view stores, the same work is done piece by piece: the group of ops is
 * replaced, on a clone of the cuda_tile module, by a `for` loop nest over pieces of the tile
 * whose body is the same group on one piece, loading and storing through partition views of the
 * same tensor views with the piece as their tile:
 *
 *   %x = load_view_tko weak %xv[%i, %j] -> tile<2048x2048xf32>       (view tile 2048x2048)
 *   %z = addf %x, %y ...; store_view_tko weak %z, %zv[%i, %j]
 * becomes
 *   %xv2 = make_partition_view %x_tensor_view : partition_view<tile=(2x2048), ...>
 *   for %c in (0 to 1024, step 1) : tile<i64> {
 *     %x = load_view_tko weak %xv2[%i * 1024 + %c, %j] -> tile<2x2048xf32> ...; continue }
 * (indices in i64, sign-extended as the lowering does), which covers the same elements, with the
 * same bounds masking and padding.
 *
 * A group is a connected set of ops of one block, joined by the tiles they pass each other, of:
 *  - `load_view_tko` / `store_view_tko`: weak, no input token, result token unused, on a
 *    partition view made by `make_partition_view` (tile = the whole tile, any dim_map/padding);
 *  - element-wise ops (lower_elementwise.c), on the group's tiles or on the rows of them;
 *  - `broadcast` of a tile from outside the group that is broadcast along every dim the pieces
 *    split (a bias row, a scalar reshaped to 1x1: broadcast into each piece);
 *  - row-wise ops on group tiles: `reduce` along a dim other than 0, `reshape`, and `broadcast`
 *    of such results back (softmax, layernorm). A group with them is cut into pieces of whole
 *    rows (only dim 0 split) and every tile of it must keep the group's dim 0, so each piece
 *    holds complete rows and its reductions see whole rows; a row of more than CHUNK_MIN_REGS
 *    registers leaves the group whole;
 * whose tile operands are group results or splat constants (rebuilt per piece), whose tile
 * results are used only by the group, with at least one store, and with only side-effect-free
 * ops between its first and last op, or weak loads of other data before the group's first store
 * (so moving the group to its last op moves no store past another access, and no load past a
 * store). Interleaving the loads and stores of different pieces is what the memory model allows:
 * Tile IR orders memory operations only through tokens, and a group's accesses take none and give
 * none to anyone.
 * A group is strip-mined when its tiles need more than CHUNK_MIN_REGS 32-bit registers per
 * thread each; the piece halves the outermost dim > 1 until a tile of it needs at most
 * CHUNK_REGS (whole rows first: contiguous, vector accesses kept). With a handful of tiles live
 * in a group that stays well inside the budget (223); above CHUNK_MIN_REGS a group of three
 * tiles (two loads and a result) is near or over it (measured: a 16x1024 f32 addf, 128
 * registers per tile, spills 104 bytes unrolled).
 * The pass rewrites TileAA's working clone of the cuda_tile module in place (tileaa.c), before
 * views are resolved; a module where nothing qualifies is left untouched. Threads per CTA come
 * from the entry's num_worker_warps_per_cta hint for the target (default 4 warps).
 * Knobs: CHUNK_MIN_REGS, CHUNK_REGS, POTENTIAL_ELEMS; TILEC_DEBUG_STRIP_MINE prints the result.
 * Owner: tileaa. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/attr_read.h"
#include "frontend/ops.h"
#include "frontend/types.h"
#include "support/ptr_hash.h"
#include "support/strbuf.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

#define CHUNK_MIN_REGS 64 /* strip-mine a group whose tiles need more registers per thread */
#define CHUNK_REGS 32     /* registers per thread of one piece of a tile */
/* cheap filter: ops on tiles with fewer elements per thread join a group only when they take a
 * member's result (the rows of a row-wise group) */
#define POTENTIAL_ELEMS 16

typedef enum { M_NONE = 0, M_LOAD, M_STORE, M_EW, M_BCAST, M_REDUCE, M_RESHAPE } member_kind;

/* pointer -> int map (open addressing; looked up only, never iterated) */
typedef struct pmap {
  const void **keys;
  int *vals;
  size_t cap;
} pmap;

static void pm_init(pmap *m, size_t n) {
  m->cap = 16;
  while (m->cap < 2 * n + 2) m->cap *= 2;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->vals = calloc(m->cap, sizeof *m->vals);
  if (!m->keys || !m->vals) abort();
}
static void pm_put(pmap *m, const void *k, int v) {
  size_t h = ct_ptr_hash(k, m->cap);
  while (m->keys[h] && m->keys[h] != k) h = (h + 1) & (m->cap - 1);
  m->keys[h] = k;
  m->vals[h] = v;
}
static int pm_get(const pmap *m, const void *k) {
  size_t h = ct_ptr_hash(k, m->cap);
  while (m->keys[h]) {
    if (m->keys[h] == k) return m->vals[h];
    h = (h + 1) & (m->cap - 1);
  }
  return -1;
}
static void pm_free(pmap *m) {
  free(m->keys);
  free(m->vals);
}

typedef struct sm {
  ct_ctx *c;
  int nthreads;
  int ngroups;
} sm;

static bool name_is(MlirOperation op, const char *n) {
  char buf[64];
  return !strcmp(ct_op_short_name(op, buf, sizeof buf), n);
}

static bool tile_type(MlirValue v, ct_type *t) { return ct_type_from_mlir(mlirValueGetType(v), t) && t->kind == CT_TYPE_TILE; }

static bool value_unused(MlirValue v) { return mlirOpOperandIsNull(mlirValueGetFirstUse(v)); }

/* A splat `constant` result of shape t (rebuilt per piece). */
static bool splat_const(MlirValue v, const ct_type *shape) {
  if (!mlirValueIsAOpResult(v)) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!name_is(d, "constant")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, mlirStringRefCreateFromCString("value"));
  ct_type t;
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a) || !mlirDenseElementsAttrIsSplat(a) || !tile_type(v, &t))
    return false;
  if (t.rank != shape->rank) return false;
  for (int d2 = 0; d2 < t.rank; d2++)
    if (t.shape[d2] != shape->shape[d2]) return false;
  return true;
}

/* The view operand and index operands of a view access, when it qualifies. */
static bool access_ok(MlirOperation op, bool is_load, ct_type *tile) {
  int32_t seg[8];
  int nseg = ct_attr_segments(op, seg, 8);
  if (nseg != (is_load ? 3 : 4)) return false;
  int tok_seg = is_load ? 2 : 3, idx_seg = is_load ? 1 : 2;
  if (seg[tok_seg] != 0 || ct_attr_memord(op) != CT_MO_WEAK || ct_attr_scope(op) != CT_SCOPE_NONE)
    return false;
  MlirValue view = mlirOperationGetOperand(op, is_load ? 0 : 1);
  ct_type vt;
  if (!ct_type_from_mlir(mlirValueGetType(view), &vt) || vt.kind != CT_TYPE_PARTITION_VIEW) return false;
  if (!mlirValueIsAOpResult(view) || !name_is(mlirOpResultGetOwner(view), "make_partition_view")) return false;
  int first = is_load ? 1 : 2;
  for (int i = 0; i < seg[idx_seg]; i++) {
    ct_type it;
    if (!tile_type(mlirOperationGetOperand(op, first + i), &it) || it.rank != 0) return false;
    if (it.elem != CT_I8 && it.elem != CT_I16 && it.elem != CT_I32 && it.elem != CT_I64) return false;
  }
  if (seg[idx_seg] != vt.tile_rank) return false;
  if (is_load) {
    if (mlirOperationGetNumResults(op) < 1 || !tile_type(mlirOperationGetResult(op, 0), tile)) return false;
    if (mlirOperationGetNumResults(op) > 1 && !value_unused(mlirOperationGetResult(op, 1))) return false;
  } else {
    if (!tile_type(mlirOperationGetOperand(op, 0), tile)) return false;
    if (mlirOperationGetNumResults(op) > 0 && !value_unused(mlirOperationGetResult(op, 0))) return false;
  }
  return true;
}

/* Member kind of op (M_NONE when it cannot be in a group) and its tile shape. */
static member_kind classify(sm *S, MlirOperation op, ct_type *t, bool *small) {
  char name[64];
  ct_op_short_name(op, name, sizeof name);
  member_kind k = M_NONE;
  if (!strcmp(name, "load_view_tko")) k = access_ok(op, true, t) ? M_LOAD : M_NONE;
  else if (!strcmp(name, "store_view_tko")) k = access_ok(op, false, t) ? M_STORE : M_NONE;
  else if (ct_op_name_is_elementwise(name) && mlirOperationGetNumRegions(op) == 0 && mlirOperationGetNumResults(op) == 1 &&
           tile_type(mlirOperationGetResult(op, 0), t))
    k = M_EW;
  else if (!strcmp(name, "broadcast") && mlirOperationGetNumOperands(op) == 1 && mlirOperationGetNumResults(op) == 1 &&
           tile_type(mlirOperationGetResult(op, 0), t))
    k = M_BCAST;
  else if ((!strcmp(name, "reduce") || !strcmp(name, "reshape")) && mlirOperationGetNumOperands(op) == 1 &&
           mlirOperationGetNumResults(op) == 1 && tile_type(mlirOperationGetResult(op, 0), t) &&
           mlirOperationGetNumRegions(op) == (name[2] == 'd' ? 1 : 0)) {
    /* rows of a member (a row reduction and the reshapes around it): the caller keeps them only
     * when their operand comes from a member; the size filter applies to that operand */
    ct_type in;
    if (!tile_type(mlirOperationGetOperand(op, 0), &in) || in.rank < 1) return M_NONE;
    return name[2] == 'd' ? M_REDUCE : M_RESHAPE;
  }
  if (k == M_NONE || t->rank < 1) return M_NONE;
  /* small element-wise ops join only as rows of a member (the caller checks) */
  *small = ct_type_num_elements(t) / S->nthreads < POTENTIAL_ELEMS;
  if (*small && k != M_EW) return M_NONE;
  return k;
}

/* An op that may sit between a group's first and last op: no regions, no memory effects. */
static bool side_effect_free(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) > 0) return false;
  char name[64];
  ct_op_short_name(op, name, sizeof name);
  static const char *const bad[] = {"load", "store", "atomic", "print", "assert", "tko", "barrier", "return",
                                    "yield", "continue", "break", NULL};
  for (int i = 0; bad[i]; i++)
    if (strstr(name, bad[i])) return false;
  return true;
}

/* A weak load (view or pointer) without regions. */
static bool weak_load(MlirOperation op) {
  return (name_is(op, "load_view_tko") || name_is(op, "load_ptr_tko")) && mlirOperationGetNumRegions(op) == 0 &&
         ct_attr_memord(op) == CT_MO_WEAK && ct_attr_scope(op) == CT_SCOPE_NONE;
}

static int uf_find(int *p, int i) {
  while (p[i] != i) i = p[i] = p[p[i]];
  return i;
}

static MlirValue i64_const(MlirContext ctx, MlirLocation loc, int64_t v, MlirOperation anchor) {
  return ct_ir_ct_scalar_const(ctx, loc, CT_I64, v, anchor);
}

/* A `for` %iv in (lb to ub, step) over tile<i64> with an empty body (just `continue`), inserted
 * before anchor; returns the body's `continue` (new ops go before it) and the iv. */
static MlirOperation build_for(MlirContext ctx, MlirLocation loc, MlirValue lb, MlirValue ub, MlirValue step,
                               MlirOperation anchor, MlirValue *iv) {
  ct_type it = ct_tile_type(CT_I64, 0, NULL);
  MlirType ivt = ct_type_to_mlir(ctx, &it);
  MlirBlock body = mlirBlockCreate(1, &ivt, &loc);
  MlirOperation cont = ct_ir_build(loc, "cuda_tile.continue", 0, NULL, 0, NULL, 0, NULL, (MlirOperation){NULL});
  mlirBlockAppendOwnedOperation(body, cont);
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, body);
  MlirOperationState st = mlirOperationStateGet(ct_ir_sref("cuda_tile.for"), loc);
  MlirValue opd[3] = {lb, ub, step};
  mlirOperationStateAddOperands(&st, 3, opd);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation f = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, f);
  *iv = mlirBlockGetArgument(body, 0);
  return cont;
}

/* Same type as t with the piece's shape. */
/* The type of a group value on one piece: the group's shape becomes the piece; in a row-wise group
 * (pieces of whole rows: only dim 0 is split) any value with the group's rows keeps its other
 * dims. */
static MlirType piece_type(MlirContext ctx, MlirType t, const ct_type *shape, const int64_t *piece) {
  ct_type ct;
  if (!ct_type_from_mlir(t, &ct) || ct.kind != CT_TYPE_TILE || ct.rank < 1) return t;
  bool same = ct.rank == shape->rank;
  for (int d = 0; same && d < ct.rank; d++) same = ct.shape[d] == shape->shape[d];
  if (same)
    for (int d = 0; d < ct.rank; d++) ct.shape[d] = piece[d];
  else if (ct.shape[0] == shape->shape[0])
    ct.shape[0] = piece[0];
  else
    return t;
  return ct_type_to_mlir(ctx, &ct);
}

/* A splat constant of any shape. */
static bool splat_any(MlirValue v) {
  if (!mlirValueIsAOpResult(v)) return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!name_is(d, "constant")) return false;
  MlirAttribute a = mlirOperationGetAttributeByName(d, mlirStringRefCreateFromCString("value"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsADenseElements(a) && mlirDenseElementsAttrIsSplat(a);
}

/* The piece of the group's tile shape: halve the outermost dim > 1 until a tile of the piece
 * (at the widest element of the group) needs at most CHUNK_REGS registers per thread. */
static void compute_piece(const sm *S, MlirOperation *ops, const int *idx, int n, const ct_type *shape, bool rowwise,
                          int64_t *piece) {
  int rank = shape->rank;
  int64_t words = 1;
  for (int m = 0; m < n; m++) {
    MlirOperation op = ops[idx[m]];
    intptr_t nv = mlirOperationGetNumOperands(op) + mlirOperationGetNumResults(op);
    for (intptr_t i = 0; i < nv; i++) {
      MlirValue v = i < mlirOperationGetNumOperands(op) ? mlirOperationGetOperand(op, i)
                                                        : mlirOperationGetResult(op, i - mlirOperationGetNumOperands(op));
      ct_type t;
      if (tile_type(v, &t) && t.rank == rank && (ct_elem_bits(t.elem) + 31) / 32 > words) words = (ct_elem_bits(t.elem) + 31) / 32;
    }
  }
  for (int d = 0; d < rank; d++) piece[d] = shape->shape[d];
  for (;;) {
    int64_t elems = 1;
    for (int d = 0; d < rank; d++) elems *= piece[d];
    int64_t per = (elems + S->nthreads - 1) / S->nthreads * words;
    if (per <= CHUNK_REGS) break;
    int d = 0;
    while (d < rank && piece[d] == 1) d++;
    if (d == rank || (rowwise && d > 0)) break; /* row-wise groups split rows only */
    piece[d] /= 2;
  }
}

/* Replace the group (member ops `ops[idx[0..n)]`, program order) by the loop nest. */
static void rewrite_group(sm *S, MlirOperation *ops, const int *idx, int n, const ct_type *shape, bool rowwise) {
  ct_ctx *c = S->c;
  MlirContext ctx = c->mlir;
  int rank = shape->rank;
  int64_t piece[CT_MAX_RANK];
  compute_piece(S, ops, idx, n, shape, rowwise, piece);
  MlirOperation last = ops[idx[n - 1]];
  MlirLocation loc = mlirOperationGetLocation(last);
  /* partition views with the piece as their tile, one per distinct view of the group */
  pmap views;
  pm_init(&views, (size_t)n);
  MlirValue *new_views = calloc((size_t)n + 1, sizeof *new_views);
  MlirOperation *old_views = calloc((size_t)n + 1, sizeof *old_views);
  int nviews = 0;
  if (!new_views || !old_views) abort();
  for (int m = 0; m < n; m++) {
    MlirOperation op = ops[idx[m]];
    bool is_load = name_is(op, "load_view_tko");
    if (!is_load && !name_is(op, "store_view_tko")) continue;
    MlirValue view = mlirOperationGetOperand(op, is_load ? 0 : 1);
    if (pm_get(&views, view.ptr) >= 0) continue;
    MlirOperation mk = mlirOpResultGetOwner(view);
    ct_type vt;
    ct_type_from_mlir(mlirValueGetType(view), &vt);
    for (int d = 0; d < rank; d++) vt.tile_shape[d] = (int32_t)piece[d];
    MlirType nvt = ct_type_to_mlir(ctx, &vt);
    MlirValue tv = mlirOperationGetOperand(mk, 0);
    MlirOperation nmk = ct_ir_build(mlirOperationGetLocation(mk), "cuda_tile.make_partition_view", 1, &nvt, 1, &tv, 0,
                                    NULL, last);
    ct_ir_copy_attrs(mk, nmk);
    pm_put(&views, view.ptr, nviews);
    old_views[nviews] = mk;
    new_views[nviews++] = mlirOperationGetResult(nmk, 0);
  }
  /* the loop nest over the split dims (outermost first) */
  MlirValue c0 = i64_const(ctx, loc, 0, last), c1 = i64_const(ctx, loc, 1, last);
  MlirValue iv[CT_MAX_RANK];
  int64_t K[CT_MAX_RANK];
  MlirOperation anchor = last;
  int64_t trips = 1;
  for (int d = 0; d < rank; d++) {
    K[d] = shape->shape[d] / piece[d];
    iv[d] = (MlirValue){NULL};
    if (K[d] == 1) continue;
    trips *= K[d];
    MlirValue ub = i64_const(ctx, loc, K[d], anchor);
    anchor = build_for(ctx, loc, c0, ub, c1, anchor, &iv[d]);
  }
  /* the group on one piece, before the innermost `continue` */
  pmap vmap; /* old value -> index into nvals */
  pm_init(&vmap, (size_t)n * 8 + 8);
  MlirValue *nvals = calloc((size_t)n * 4 + 4, sizeof *nvals);
  size_t nnv = 0, nv_cap = (size_t)n * 4 + 4;
  MlirOperation *consts = calloc((size_t)n * 3 + 1, sizeof *consts);
  int nconsts = 0;
  if (!nvals || !consts) abort();
  MlirAttribute signed_attr = ct_ir_opaque_attr(ctx, "cuda_tile", "signedness<signed>");
  ct_type i64t = ct_tile_type(CT_I64, 0, NULL);
  MlirType i64_ty = ct_type_to_mlir(ctx, &i64t);
  for (int m = 0; m < n; m++) {
    MlirOperation op = ops[idx[m]];
    MlirLocation oloc = mlirOperationGetLocation(op);
    bool is_load = name_is(op, "load_view_tko"), is_store = name_is(op, "store_view_tko");
    intptr_t nopd = mlirOperationGetNumOperands(op);
    MlirValue *opd = calloc((size_t)nopd + 1, sizeof *opd);
    if (!opd) abort();
    int view_pos = is_load ? 0 : is_store ? 1 : -1, first_idx = is_load ? 1 : 2;
    for (intptr_t i = 0; i < nopd; i++) {
      MlirValue v = mlirOperationGetOperand(op, i);
      opd[i] = v;
      if (i == view_pos) {
        opd[i] = new_views[pm_get(&views, v.ptr)];
        continue;
      }
      if (view_pos >= 0 && i >= first_idx && i < first_idx + rank) {
        int d = (int)i - first_idx;
        ct_type it;
        tile_type(v, &it);
        MlirValue x = v;
        if (it.elem != CT_I64) {
          MlirNamedAttribute na = ct_ir_named(ctx, "signedness", signed_attr);
          x = mlirOperationGetResult(ct_ir_build(oloc, "cuda_tile.exti", 1, &i64_ty, 1, &v, 1, &na, anchor), 0);
        }
        if (K[d] > 1)
          x = ct_ir_ct_binop(ctx, oloc, "addi", ct_ir_ct_binop(ctx, oloc, "muli", x, i64_const(ctx, oloc, K[d], anchor), anchor),
                             iv[d], anchor);
        opd[i] = x;
        continue;
      }
      int k = pm_get(&vmap, v.ptr);
      if (k >= 0) {
        opd[i] = nvals[k];
        continue;
      }
      ct_type t, pt;
      MlirType rt = piece_type(ctx, mlirValueGetType(v), shape, piece);
      if (tile_type(v, &t) && t.rank >= 1 && splat_any(v) && !mlirTypeEqual(rt, mlirValueGetType(v)) &&
          ct_type_from_mlir(rt, &pt)) {
        MlirOperation cop = mlirOpResultGetOwner(v);
        MlirAttribute a = mlirOperationGetAttributeByName(cop, ct_ir_sref("value"));
        MlirType et = mlirShapedTypeGetElementType(mlirAttributeGetType(a));
        MlirType tt = mlirRankedTensorTypeGet(pt.rank, pt.shape, et, mlirAttributeGetNull());
        MlirNamedAttribute na = ct_ir_named(ctx, "value", mlirDenseElementsAttrSplatGet(tt, mlirDenseElementsAttrGetSplatValue(a)));
        MlirOperation nc = ct_ir_build(mlirOperationGetLocation(cop), "cuda_tile.constant", 1, &rt, 0, NULL, 1, &na, anchor);
        if (nnv == nv_cap) {
          nv_cap *= 2;
          nvals = realloc(nvals, nv_cap * sizeof *nvals);
          if (!nvals) abort();
        }
        pm_put(&vmap, v.ptr, (int)nnv);
        nvals[nnv++] = mlirOperationGetResult(nc, 0);
        consts[nconsts++] = cop;
        opd[i] = mlirOperationGetResult(nc, 0);
      }
    }
    intptr_t nres = mlirOperationGetNumResults(op);
    MlirType *rts = calloc((size_t)nres + 1, sizeof *rts);
    if (!rts) abort();
    for (intptr_t r = 0; r < nres; r++) rts[r] = piece_type(ctx, mlirValueGetType(mlirOperationGetResult(op, r)), shape, piece);
    /* same name, attributes and regions (a reduce's combiner moves over: the old op goes away) */
    MlirOperationState st = mlirOperationStateGet(mlirIdentifierStr(mlirOperationGetName(op)), oloc);
    if (nres) mlirOperationStateAddResults(&st, nres, rts);
    if (nopd) mlirOperationStateAddOperands(&st, nopd, opd);
    intptr_t nreg = mlirOperationGetNumRegions(op);
    MlirRegion regs[4];
    for (intptr_t r = 0; r < nreg && r < 4; r++) {
      regs[r] = mlirRegionCreate();
      mlirRegionTakeBody(regs[r], mlirOperationGetRegion(op, r));
    }
    if (nreg) mlirOperationStateAddOwnedRegions(&st, nreg < 4 ? nreg : 4, regs);
    MlirOperation no = mlirOperationCreate(&st);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, no);
    intptr_t na = mlirOperationGetNumAttributes(op);
    for (intptr_t a = 0; a < na; a++) {
      MlirNamedAttribute at = mlirOperationGetAttribute(op, a);
      mlirOperationSetAttributeByName(no, mlirIdentifierStr(at.name), at.attribute);
    }
    for (intptr_t r = 0; r < nres; r++) {
      if (nnv == nv_cap) {
        nv_cap *= 2;
        nvals = realloc(nvals, nv_cap * sizeof *nvals);
        if (!nvals) abort();
      }
      pm_put(&vmap, mlirOperationGetResult(op, r).ptr, (int)nnv);
      nvals[nnv++] = mlirOperationGetResult(no, r);
    }
    free(rts);
    free(opd);
  }
  if (S->c->remarks) {
    ct_strbuf ts;
    ct_strbuf_init(&ts);
    ct_type pt = *shape;
    for (int d = 0; d < rank; d++) pt.shape[d] = piece[d];
    ct_type_print(&pt, &ts);
    ct_remark_op(c, ops[idx[0]], "register budget: %d ops on this tile are done in pieces of %s by a loop of %lld iterations",
                 n, ts.data ? ts.data : "", (long long)trips);
    ct_strbuf_free(&ts);
  }
  /* the old group (users first), then the splat constants and partition views nobody uses any more */
  for (int m = n - 1; m >= 0; m--) mlirOperationDestroy(ops[idx[m]]);
  for (int i = 0; i < nconsts; i++) {
    bool dup = false;
    for (int j = 0; j < i; j++) dup = dup || mlirOperationEqual(consts[j], consts[i]);
    if (!dup && value_unused(mlirOperationGetResult(consts[i], 0))) mlirOperationDestroy(consts[i]);
  }
  for (int v = 0; v < nviews; v++)
    if (value_unused(mlirOperationGetResult(old_views[v], 0))) mlirOperationDestroy(old_views[v]);
  pm_free(&views);
  pm_free(&vmap);
  free(new_views);
  free(old_views);
  free(nvals);
  free(consts);
}

static void process_block(sm *S, MlirBlock B);

static void process_nested(sm *S, MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      process_block(S, b);
}

static void process_block(sm *S, MlirBlock B) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) n++;
  if (n == 0) return;
  MlirOperation *ops = calloc((size_t)n, sizeof *ops);
  member_kind *kind = calloc((size_t)n, sizeof *kind);
  ct_type *shape = calloc((size_t)n, sizeof *shape);
  int *parent = calloc((size_t)n, sizeof *parent), *idx = calloc((size_t)n, sizeof *idx);
  bool *bad = calloc((size_t)n, sizeof *bad), *has_store = calloc((size_t)n, sizeof *has_store);
  int *first = calloc((size_t)n, sizeof *first), *last = calloc((size_t)n, sizeof *last);
  int *sidx = calloc((size_t)n, sizeof *sidx); /* per group: the load/store giving the group's shape */
  bool *rowwise = calloc((size_t)n, sizeof *rowwise);
  if (!ops || !kind || !shape || !parent || !idx || !bad || !has_store || !first || !last || !sidx || !rowwise) abort();
  pmap at;
  pm_init(&at, (size_t)n);
  int i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op), i++) {
    ops[i] = op;
    parent[i] = i;
    bool small = false;
    kind[i] = classify(S, op, &shape[i], &small);
    if (kind[i] == M_REDUCE || kind[i] == M_RESHAPE || small) { /* rows of a member only */
      bool from_member = false;
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(op) && !from_member; k++) {
        MlirValue src = mlirOperationGetOperand(op, k);
        int j = mlirValueIsAOpResult(src) ? pm_get(&at, mlirOpResultGetOwner(src).ptr) : -1;
        from_member = j >= 0 && kind[j] && kind[j] != M_STORE;
      }
      if (!from_member) kind[i] = M_NONE;
    }
    pm_put(&at, op.ptr, i);
  }
  /* groups: union over tiles passed between members */
  for (i = 0; i < n; i++) {
    if (!kind[i]) continue;
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(ops[i]); k++) {
      MlirValue v = mlirOperationGetOperand(ops[i], k);
      if (!mlirValueIsAOpResult(v)) continue;
      int j = pm_get(&at, mlirOpResultGetOwner(v).ptr);
      if (j >= 0 && kind[j] && kind[j] != M_STORE) parent[uf_find(parent, i)] = uf_find(parent, j);
    }
  }
  for (i = 0; i < n; i++) first[i] = -1;
  /* a group is valid when closed: tile operands from the group or splat constants; tile results
   * used only by the group, directly in this block */
  for (i = 0; i < n; i++) {
    if (!kind[i]) continue;
    int g = uf_find(parent, i);
    if (first[g] < 0) first[g] = i;
    last[g] = i;
    if (kind[i] == M_STORE) has_store[g] = true;
    MlirOperation op = ops[i];
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++) {
      MlirValue v = mlirOperationGetOperand(op, k);
      ct_type t;
      if (!tile_type(v, &t) || t.rank == 0) continue;
      int j = mlirValueIsAOpResult(v) ? pm_get(&at, mlirOpResultGetOwner(v).ptr) : -1;
      bool from_group = j >= 0 && kind[j] && uf_find(parent, j) == g;
      /* a broadcast's small source from outside the group is broadcast into each piece (checked
       * against the piece below) */
      if (!from_group && kind[i] == M_BCAST) continue;
      if (!from_group && !splat_const(v, &shape[i])) bad[g] = true;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); r++) {
      MlirValue v = mlirOperationGetResult(op, r);
      for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation user = mlirOpOperandGetOwner(u);
        int j = mlirBlockEqual(mlirOperationGetBlock(user), B) ? pm_get(&at, user.ptr) : -1;
        if (j < 0 || !kind[j] || uf_find(parent, j) != g) bad[g] = true;
      }
    }
  }
  /* decide every group before rewriting any (a rewrite destroys its ops) */
  for (int g = 0; g < n; g++) {
    if (!kind[g] || uf_find(parent, g) != g || bad[g] || !has_store[g]) {
      if (kind[g] && uf_find(parent, g) == g) bad[g] = true;
      continue;
    }
    int64_t regs = 0;
    bool seen_store = false;
    for (i = first[g]; i <= last[g] && !bad[g]; i++) {
      if (kind[i] && uf_find(parent, i) == g) {
        if (kind[i] == M_STORE) seen_store = true;
        intptr_t no = mlirOperationGetNumOperands(ops[i]);
        for (intptr_t k = 0; k < no + mlirOperationGetNumResults(ops[i]); k++) {
          MlirValue v = k < no ? mlirOperationGetOperand(ops[i], k) : mlirOperationGetResult(ops[i], k - no);
          ct_type t;
          if (tile_type(v, &t) && t.rank > 0) {
            int64_t r = ct_tile_regs_per_thread(&t, S->nthreads);
            if (r > regs) regs = r;
          }
        }
      } else if (!side_effect_free(ops[i]) && (seen_store || !weak_load(ops[i]))) {
        /* a weak load of other data may stay before the group's (moved) accesses as long as no
         * store of the group came before it: no store moves past a load */
        bad[g] = true;
      }
    }
    if (regs <= CHUNK_MIN_REGS) bad[g] = true;
    if (bad[g]) continue;
    int nm = 0;
    sidx[g] = -1;
    for (i = first[g]; i <= last[g]; i++)
      if (kind[i] && uf_find(parent, i) == g) {
        idx[nm++] = i;
        if (sidx[g] < 0 && (kind[i] == M_LOAD || kind[i] == M_STORE)) sidx[g] = i;
        if (kind[i] == M_REDUCE || kind[i] == M_RESHAPE) rowwise[g] = true;
        if (kind[i] == M_BCAST) {
          MlirValue src = mlirOperationGetOperand(ops[i], 0);
          int j = mlirValueIsAOpResult(src) ? pm_get(&at, mlirOpResultGetOwner(src).ptr) : -1;
          if (j >= 0 && kind[j] && uf_find(parent, j) == g) rowwise[g] = true;
        }
      }
    const ct_type *gs = &shape[sidx[g]];
    int64_t piece[CT_MAX_RANK];
    compute_piece(S, ops, idx, nm, gs, rowwise[g], piece);
    ct_type pt = *gs;
    for (int d = 0; d < gs->rank; d++) pt.shape[d] = piece[d];
    if (ct_tile_regs_per_thread(&pt, S->nthreads) > CHUNK_MIN_REGS) bad[g] = true; /* one row is too big */
    for (int m = 0; m < nm && !bad[g]; m++) {
      MlirOperation op = ops[idx[m]];
      /* a broadcast source from outside must be broadcast along every split dim (size 1 there) */
      if (kind[idx[m]] == M_BCAST) {
        MlirValue src = mlirOperationGetOperand(op, 0);
        int j = mlirValueIsAOpResult(src) ? pm_get(&at, mlirOpResultGetOwner(src).ptr) : -1;
        if (!(j >= 0 && kind[j] && uf_find(parent, j) == g)) {
          ct_type st;
          const ct_type *rt = &shape[idx[m]];
          if (!tile_type(src, &st) || st.rank != rt->rank) bad[g] = true;
          for (int d = 0; d < rt->rank && !bad[g]; d++)
            if (piece[d] < rt->shape[d] && st.shape[d] != 1) bad[g] = true;
          continue;
        }
      }
      if (!rowwise[g]) continue;
      /* row-wise: every tile of the group keeps the group's rows as its dim 0 (the pieces are
       * whole rows), and reductions run along other dims */
      if (kind[idx[m]] == M_REDUCE && ct_attr_int(op, "dim", 0) < 1) bad[g] = true;
      intptr_t no = mlirOperationGetNumOperands(op);
      for (intptr_t k = 0; k < no + mlirOperationGetNumResults(op) && !bad[g]; k++) {
        MlirValue v = k < no ? mlirOperationGetOperand(op, k) : mlirOperationGetResult(op, k - no);
        ct_type t;
        if (!tile_type(v, &t)) continue;
        if (k < no && (kind[idx[m]] == M_LOAD || kind[idx[m]] == M_STORE) && k != 0) continue; /* indices */
        if (t.rank < 1 || t.shape[0] != gs->shape[0]) bad[g] = true;
      }
    }
  }
  for (int g = 0; g < n; g++) {
    if (!kind[g] || uf_find(parent, g) != g || bad[g]) continue;
    S->ngroups++;
    int nm = 0;
    for (i = first[g]; i <= last[g]; i++)
      if (kind[i] && uf_find(parent, i) == g) idx[nm++] = i;
    rewrite_group(S, ops, idx, nm, &shape[sidx[g]], rowwise[g]);
  }
  pm_free(&at);
  free(ops);
  free(kind);
  free(shape);
  free(parent);
  free(idx);
  free(bad);
  free(has_store);
  free(first);
  free(last);
  free(sidx);
  free(rowwise);
  /* nested blocks (the ops of this block as they are now) */
  for (MlirOperation op = mlirBlockGetFirstOperation(B); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    process_nested(S, op);
}

static int walk_module(ct_ctx *c, MlirOperation module_op, const char *hint_arch) {
  sm S = {.c = c};
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module_op, 0));
  for (MlirOperation mod = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(mod);
       mod = mlirOperationGetNextInBlock(mod)) {
    if (!name_is(mod, "module")) continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(mod, 0));
    for (MlirOperation e = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(e); e = mlirOperationGetNextInBlock(e)) {
      if (!name_is(e, "entry")) continue;
      int64_t warps = ct_entry_hinted_warps(e, hint_arch ? hint_arch : "sm_90");
      if (warps < 1 || warps > 32 || (warps & (warps - 1))) continue; /* the code generator reports it */
      S.nthreads = 32 * (int)warps;
      process_nested(&S, e);
    }
  }
  return S.ngroups;
}

int ct_tileaa_strip_mine(ct_ctx *c, MlirOperation module_op, const char *hint_arch) {
  int groups = walk_module(c, module_op, hint_arch);
  if (groups && getenv("TILEC_DEBUG_STRIP_MINE")) {
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    mlirOperationPrint(module_op, ct_strbuf_mlir_callback, &sb);
    fprintf(stderr, "%s\n", sb.data ? sb.data : "");
    ct_strbuf_free(&sb);
  }
  return groups;
}

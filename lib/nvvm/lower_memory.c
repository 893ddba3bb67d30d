/* lower_memory: tensor/partition views, view loads/stores, pointer-tile loads/stores.
 *
 * Views are compile-time descriptions plus runtime values: base pointer, i64 shape and strides.
 * A partition view maps tile coordinate c_i at tile index x_i to tensor coordinate
 * g[dim_map[i]] = x_i * tile_i + c_i (a strided view: x_i * traversal_stride_i + c_i; a gather_scatter
 * view's sparse dim: rows[c_i], the 1-d index tile's row ids, bounds-checked per element); an element is in bounds when every g <u shape. Loads of
 * out-of-bounds elements yield the padding value (zero when none); stores are masked by bounds
 * and by ownership (replicated threads do not store).
 * Vector accesses: the G = 2^g lowest registers of a thread hold consecutive elements of the
 * innermost tile dim; when that tensor dim has stride 1 and a size known to be a multiple of G
 * (static, or `assume div_by` on the shape operand), every other stride is a known multiple of
 * G, and the base alignment (ABI: element size; more with `assume div_by`) proves G*esize
 * alignment, the G elements move with one ld/st.global.vG (G*esize ≤ 16 bytes) under one
 * predicate. When only the inner size's divisibility is missing (e.g. vector_add's `?` length),
 * a tile-uniform test `every tile dim: index*tile + tile ≤ size` selects a fast path with
 * unmasked vector accesses; edge tiles take the masked narrower path. Bounds of a dim whose
 * size is a known multiple of the tile size reduce to one tile-uniform test (view_frame), which
 * together with store ownership guards the whole access sequence with a single branch.
 * Predicated accesses are real branches around the load/store (ptxas turns them into predicated
 * instructions).
 * Memory ordering: weak → plain ld/st; relaxed/acquire/release → atomic ld/st with the LLVM
 * NVPTX sync scope (tl_blk → "block", device → "device", sys → system), scalar only.
 * atomic_red_view_tko addresses its elements as a store does (bounds, ownership: a replicated
 * element is reduced once) and writes each with a scalar PTX `red` (lower_atomic.c); the 13.5
 * multimem view ops likewise, each element one multimem.ld_reduce / red / st (f16 / bf16: two
 * adjacent elements per .f16x2 / .bf16x2 instruction, or a named refusal).
 * Knobs: MAX_VECTOR_BYTES. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "tileaa/view_read.h"

#define MAX_VECTOR_BYTES 16

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }

static MlirValue to_i64(ct_lower *L, MlirValue v) { return bld_int_resize(&L->b, v, L->b.i64, true); }

/* How far tile index x moves along tile dim i: the tile size (partition views), or the traversal
 * stride (strided views: tiles may overlap or leave gaps). */
static int64_t view_step(const ct_type *t, int i) {
  return t->kind == CT_TYPE_STRIDED_VIEW ? t->traversal_strides[i] : t->tile_shape[i];
}

static bool is_tile_view(const ct_type *t) {
  return t->kind == CT_TYPE_PARTITION_VIEW || t->kind == CT_TYPE_STRIDED_VIEW || t->kind == CT_TYPE_GATHER_SCATTER_VIEW;
}

/* A gather_scatter view's sparse tile dim (its coordinate is a row id from the index tile), or -1. */
static int sparse_dim_of(const ct_type *t) { return t->kind == CT_TYPE_GATHER_SCATTER_VIEW ? t->sparse_dim : -1; }

/* ---------------- memory ordering ---------------- */
typedef struct mem_order {
  int llvm_ordering;       /* 0 = plain */
  const char *scope;       /* syncscope or NULL (system) */
  const ct_red_asm *red;   /* atomic_red_view_tko, multimem red/st: each element this PTX instead of a store */
  const ct_red_asm *ld;    /* multimem_load_reduce_view_tko: each element this PTX instead of a load */
  int pairs;               /* multimem on f16 / bf16: the PTX takes two adjacent elements (.f16x2) */
} mem_order;

static bool read_order(ct_lower *L, MlirOperation op, const char *name, bool is_load, mem_order *mo) {
  int64_t sem = attr_int(op, "memory_ordering_semantics", 0);
  int64_t scope = attr_int(op, "memory_scope", -1);
  mo->llvm_ordering = 0;
  mo->scope = NULL;
  mo->red = NULL;
  mo->ld = NULL;
  mo->pairs = 0;
  if (sem == 0) return true;
  static const char *const sem_names[] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
  if (sem == 1) mo->llvm_ordering = 2;                     /* monotonic */
  else if (sem == 2 && is_load) mo->llvm_ordering = 4;     /* acquire */
  else if (sem == 3 && !is_load) mo->llvm_ordering = 5;    /* release */
  else {
    ct_error_op(L->c, op, "memory ordering `%s` on `%s` is not supported by code generation",
                sem >= 0 && sem <= 4 ? sem_names[sem] : "?", name);
    return false;
  }
  mo->scope = scope == 0 ? "block" : scope == 1 ? "device" : NULL;
  return true;
}

/* ---------------- predicated access helpers ---------------- */
static MlirBlock new_block(ct_lower *L, int n, const MlirType *types) {
  MlirLocation *locs = calloc((size_t)n + 1, sizeof *locs);
  if (!locs) abort();
  for (int i = 0; i < n; i++) locs[i] = L->b.loc;
  MlirBlock blk = mlirBlockCreate(n, types, locs);
  free(locs);
  mlirRegionAppendOwnedBlock(L->fn_region, blk);
  return blk;
}

static MlirType mem_type(ct_lower *L, MlirType t) { return bld_int_width(t) == 1 ? L->b.i8 : t; }

/* Load G elements of type t from ptr (vector when G > 1); pred may be null (always). Pads fill
 * the out-of-bounds result. */
static void pred_load(ct_lower *L, MlirValue ptr, MlirType t, int g, int64_t align, MlirValue pred, MlirValue pad,
                      const mem_order *mo, MlirValue *out) {
  ct_bld *b = &L->b;
  MlirType mt = mem_type(L, t);
  MlirBlock join = {NULL};
  MlirType *types = malloc((size_t)g * sizeof *types);
  if (!types) abort();
  for (int i = 0; i < g; i++) types[i] = t;
  if (pred.ptr) {
    MlirBlock ld = new_block(L, 0, NULL);
    join = new_block(L, g, types);
    MlirValue *pads = malloc((size_t)g * sizeof *pads);
    if (!pads) abort();
    for (int i = 0; i < g; i++) pads[i] = pad;
    bld_cond_br(b, pred, ld, 0, NULL, join, g, pads);
    free(pads);
    b->block = ld;
  }
  MlirValue vals[MAX_VECTOR_BYTES];
  if (mo && mo->ld) { /* (g is 1, or 2 for pairs: view_group) */
    MlirValue v = bld_inline_asm_volatile(b, mo->ld->text, mo->ld->constraints, mo->ld->reg, 1, &ptr);
    if (g == 2) {
      int64_t two = 2;
      v = bld_bitcast(b, v, mlirVectorTypeGet(1, &two, t));
      for (int i = 0; i < 2; i++) {
        MlirValue ops[2] = {v, bld_i32(b, i)};
        vals[i] = bld_op1(b, "llvm.extractelement", t, 2, ops, 0, NULL);
      }
    } else {
      vals[0] = mlirTypeEqual(mo->ld->reg, t) ? v : bld_bitcast(b, v, t);
    }
  } else if (g == 1) {
    MlirValue v = mo && mo->llvm_ordering ? bld_load_ordered(b, mt, ptr, align, mo->llvm_ordering, mo->scope)
                                          : bld_load(b, mt, ptr, align);
    if (!mlirTypeEqual(mt, t)) v = bld_icmp(b, BLD_NE, v, bld_const_int(b, mt, 0));
    vals[0] = v;
  } else {
    int64_t n = g;
    MlirType vt = mlirVectorTypeGet(1, &n, mt);
    MlirValue v = bld_load(b, vt, ptr, align);
    for (int i = 0; i < g; i++) {
      MlirValue ops[2] = {v, bld_i32(b, i)};
      MlirValue e = bld_op1(b, "llvm.extractelement", mt, 2, ops, 0, NULL);
      if (!mlirTypeEqual(mt, t)) e = bld_icmp(b, BLD_NE, e, bld_const_int(b, mt, 0));
      vals[i] = e;
    }
  }
  if (pred.ptr) {
    bld_br(b, join, g, vals);
    b->block = join;
    for (int i = 0; i < g; i++) out[i] = mlirBlockGetArgument(join, i);
  } else {
    for (int i = 0; i < g; i++) out[i] = vals[i];
  }
  free(types);
}

static void pred_store(ct_lower *L, MlirValue ptr, int g, int64_t align, MlirValue pred, const MlirValue *vals,
                       const mem_order *mo) {
  ct_bld *b = &L->b;
  MlirBlock join = {NULL};
  if (pred.ptr) {
    MlirBlock st = new_block(L, 0, NULL);
    join = new_block(L, 0, NULL);
    bld_cond_br(b, pred, st, 0, NULL, join, 0, NULL);
    b->block = st;
  }
  MlirType t = mlirValueGetType(vals[0]);
  MlirType mt = mem_type(L, t);
  if (mo && mo->red && g == 2) { /* multimem pairs: the two elements as one .f16x2 / .bf16x2 register */
    int64_t two = 2;
    MlirType vt = mlirVectorTypeGet(1, &two, t);
    MlirValue vec = bld_undef(b, vt);
    for (int i = 0; i < 2; i++) {
      MlirValue ops[3] = {vec, vals[i], bld_i32(b, i)};
      vec = bld_op1(b, "llvm.insertelement", vt, 3, ops, 0, NULL);
    }
    emit_red(L, mo->red, ptr, bld_bitcast(b, vec, mo->red->reg));
  } else if (mo && mo->red) {
    emit_red(L, mo->red, ptr, vals[0]); /* (g is 1: view_group) */
  } else if (g == 1) {
    MlirValue v = mlirTypeEqual(mt, t) ? vals[0] : bld_cast(b, "llvm.zext", vals[0], mt);
    if (mo && mo->llvm_ordering) bld_store_ordered(b, v, ptr, align, mo->llvm_ordering, mo->scope);
    else bld_store(b, v, ptr, align);
  } else {
    int64_t n = g;
    MlirType vt = mlirVectorTypeGet(1, &n, mt);
    MlirValue vec = bld_undef(b, vt);
    for (int i = 0; i < g; i++) {
      MlirValue e = mlirTypeEqual(mt, t) ? vals[i] : bld_cast(b, "llvm.zext", vals[i], mt);
      MlirValue ops[3] = {vec, e, bld_i32(b, i)};
      vec = bld_op1(b, "llvm.insertelement", vt, 3, ops, 0, NULL);
    }
    bld_store(b, vec, ptr, align);
  }
  if (pred.ptr) {
    bld_br(b, join, 0, NULL);
    b->block = join;
  }
}

static MlirValue and_pred(ct_lower *L, MlirValue a, MlirValue b) {
  if (!a.ptr) return b;
  if (!b.ptr) return a;
  return bld_and(&L->b, a, b);
}

/* The value a float view's padding stands for (zero when none). */
static double padding_double(ct_padding p) {
  switch (p) {
  case CT_PAD_NEG_ZERO: return -0.0;
  case CT_PAD_NAN: return __builtin_nan("");
  case CT_PAD_POS_INF: return __builtin_inf();
  case CT_PAD_NEG_INF: return -__builtin_inf();
  default: return 0.0;
  }
}

static MlirValue padding_value(ct_lower *L, ct_padding p, MlirType t) {
  ct_bld *b = &L->b;
  if (bld_is_float_type(t)) return bld_const_float(b, t, padding_double(p));
  if (mlirTypeEqual(t, b->ptr_data)) return bld_zero(b, t);
  return bld_const_int(b, t, 0);
}

/* ---------------- views ---------------- */
/* The i64 values of a view's shape or strides (`stat`, CT_DYNAMIC where an operand gives it,
 * taken in order from operand *next) and their known divisors. */
static bool view_values(ct_lower *L, MlirOperation op, int rank, const int64_t *stat, int *next, MlirValue *out,
                        int64_t *div) {
  for (int d = 0; d < rank; d++) {
    if (stat[d] == CT_DYNAMIC) {
      ct_lv *s = lv_get(L, op, (*next)++);
      if (!s) return false;
      out[d] = to_i64(L, s->regs[0]);
      div[d] = s->int_div > 0 ? s->int_div : 1;
    } else {
      out[d] = bld_i64(&L->b, stat[d]);
      div[d] = stat[d] > 0 ? stat[d] : 1;
    }
  }
  return true;
}

/* A view of type t whose base pointer is op's operand 0: provably aligned to its element size, or
 * more where an `assume div_by` reached the pointer. NULL when the operand is unknown. */
static ct_lv *view_lv_new(ct_lower *L, MlirOperation op, const ct_type *t) {
  ct_lv *base = lv_get(L, op, 0);
  if (!base) return NULL;
  ct_lv *v = lv_alloc(L, LV_VIEW, t);
  v->base = base->regs[0];
  int bits = ct_elem_bits(t->elem);
  int64_t esize = bits >= 8 ? bits / 8 : 1;
  v->base_align = base->ptr_align > esize ? base->ptr_align : esize;
  return v;
}

static int lower_make_tensor_view(ct_lower *L, MlirOperation op) {
  ct_type t;
  if (!result_type(L, op, 0, &t)) return LOWER_FAILED;
  ct_lv *v = view_lv_new(L, op, &t);
  if (!v) return LOWER_FAILED;
  int next = 1; /* operands: base, then the dynamic dims, then the dynamic strides */
  if (!view_values(L, op, t.rank, t.shape, &next, v->dims, v->dim_div) ||
      !view_values(L, op, t.rank, t.strides, &next, v->strides, v->stride_div))
    return LOWER_FAILED;
  lv_bind(L, mlirOperationGetResult(op, 0), v);
  return LOWER_DONE;
}

static int lower_make_partition_view(ct_lower *L, MlirOperation op, const char *name) {
  ct_type t;
  if (!result_type(L, op, 0, &t)) return LOWER_FAILED;
  if (!is_tile_view(&t)) {
    ct_error_op(L->c, op, "`%s` is not supported by code generation yet", name);
    return LOWER_FAILED;
  }
  ct_lv *tv = lv_get(L, op, 0);
  if (!tv) return LOWER_FAILED;
  ct_lv *v = lv_alloc(L, LV_VIEW, &t);
  v->base = tv->base;
  v->base_align = tv->base_align;
  memcpy(v->dims, tv->dims, sizeof v->dims);
  memcpy(v->strides, tv->strides, sizeof v->strides);
  memcpy(v->dim_div, tv->dim_div, sizeof v->dim_div);
  memcpy(v->stride_div, tv->stride_div, sizeof v->stride_div);
  lv_bind(L, mlirOperationGetResult(op, 0), v);
  return LOWER_DONE;
}

static int tensor_dim_of(const ct_type *t, int i) { return t->has_dim_map ? t->dim_map[i] : i; }

static int lower_get_shape(ct_lower *L, MlirOperation op, bool index_space) {
  ct_lv *v = lv_get(L, op, 0);
  if (!v) return LOWER_FAILED;
  int n = (int)mlirOperationGetNumResults(op);
  for (int i = 0; i < n; i++) {
    ct_type rt;
    if (!result_type(L, op, i, &rt)) return LOWER_FAILED;
    const ct_layout *l = layout_blocked_for(L, op, &rt);
    if (!l) return LOWER_FAILED;
    ct_lv *r = lv_new_tile(L, &rt, l);
    MlirValue s;
    if (index_space) {
      int d = tensor_dim_of(&v->type, i);
      int64_t ts = view_step(&v->type, i); /* (the interpreter's index space: ceil(extent / step)) */
      s = bld_bin(&L->b, "llvm.udiv", bld_add(&L->b, v->dims[d], bld_i64(&L->b, ts - 1)), bld_i64(&L->b, ts));
    } else s = v->dims[i];
    r->regs[0] = bld_int_resize(&L->b, s, elem_llvm_type(L, rt.elem), false);
    lv_bind(L, mlirOperationGetResult(op, i), r);
  }
  return LOWER_DONE;
}

/* ---------------- f4E2M1FN: two elements per byte ----------------
 * Memory holds element 2i in the low nibble of byte i (CUDA's __nv_fp4x2, tileiras); a register
 * holds one element in the low nibble of a byte. A group of g >= 2 elements (view_group: an even
 * element offset, g/2 bytes proven aligned) moves as g/2 whole bytes, one ld/st (a vector when
 * g > 2). A single element (the layout gives a thread one element of a byte's pair) is read from
 * its byte and shifted, and written with two atomic bit operations on the aligned 32-bit word that
 * holds it — red.and clears its nibble, red.or sets it — so two threads writing the two halves of
 * one byte cannot lose each other's update (a plain byte store would); an ordered store (relaxed /
 * release) puts its ordering and scope on both. */
static MlirValue f4_byte_ptr(ct_lower *L, MlirValue base, MlirValue eoff) {
  return bld_gep(&L->b, base, bld_bin(&L->b, "llvm.ashr", eoff, bld_i64(&L->b, 1)), L->b.i8);
}

/* The padding of a view of 8- or 4-bit floats as the element's code, a value of the type as the
 * interpreter pads (interp_memory.c exec_load_view): e5m2 has NaN and +-inf; e4m3 and e8m0 have no
 * infinity, so +-inf pads with NaN (0x7F / 0xFF, 0xFF); e8m0 has no zero, so zero pads with code 0
 * (2^-127); f4 has neither NaN nor infinity: NaN gives +6, +-inf +-6 (the saturating conversion). */
static MlirValue storage_padding(ct_lower *L, ct_elem e, ct_padding p) {
  double v = padding_double(p);
  int64_t code = e == CT_F8E8M0FNU ? (v == 0.0 ? 0 : 0xFF) : lower_f8_bits(v, e);
  return bld_const_int(&L->b, L->b.i8, code);
}

static void f4_load(ct_lower *L, MlirValue base, MlirValue eoff, int g, MlirValue pred, MlirValue pad,
                    const mem_order *mo, MlirValue *out) {
  ct_bld *b = &L->b;
  MlirValue p = f4_byte_ptr(L, base, eoff), nibble = bld_const_int(b, b->i8, 0xF), four = bld_const_int(b, b->i8, 4);
  MlirValue pad_byte = bld_or(b, pad, bld_shl(b, pad, four)); /* the padding in both halves */
  MlirValue bytes[MAX_VECTOR_BYTES];
  int nb = g >= 2 ? g / 2 : 1;
  pred_load(L, p, b->i8, nb, nb, pred, pad_byte, mo, bytes);
  if (g >= 2) {
    for (int j = 0; j < nb; j++) {
      out[2 * j] = bld_and(b, bytes[j], nibble);
      out[2 * j + 1] = bld_lshr(b, bytes[j], four);
    }
    return;
  }
  MlirValue shift = bld_cast(b, "llvm.trunc", bld_shl(b, bld_and(b, eoff, bld_i64(b, 1)), bld_i64(b, 2)), b->i8);
  out[0] = bld_and(b, bld_lshr(b, bytes[0], shift), nibble);
}

static void f4_store(ct_lower *L, MlirValue base, MlirValue eoff, int g, MlirValue pred, const MlirValue *vals,
                     const mem_order *mo) {
  ct_bld *b = &L->b;
  MlirValue p = f4_byte_ptr(L, base, eoff), nibble = bld_const_int(b, b->i8, 0xF);
  if (g >= 2) {
    MlirValue bytes[MAX_VECTOR_BYTES];
    for (int j = 0; j < g / 2; j++)
      bytes[j] = bld_or(b, bld_and(b, vals[2 * j], nibble), bld_shl(b, vals[2 * j + 1], bld_const_int(b, b->i8, 4)));
    pred_store(L, p, g / 2, g / 2, pred, bytes, mo);
    return;
  }
  MlirBlock join = pred.ptr ? hopper_open_if(L, pred) : (MlirBlock){NULL};
  MlirValue in_word = bld_and(b, bld_cast(b, "llvm.ptrtoint", p, b->i64), bld_i64(b, 3));
  MlirValue word = bld_gep(b, p, bld_sub(b, bld_i64(b, 0), in_word), b->i8);
  MlirValue shift = bld_add(b, bld_shl(b, in_word, bld_i64(b, 3)), bld_shl(b, bld_and(b, eoff, bld_i64(b, 1)), bld_i64(b, 2)));
  shift = bld_cast(b, "llvm.trunc", shift, b->i32);
  MlirValue clear = bld_bin(b, "llvm.xor", bld_shl(b, bld_i32(b, 0xF), shift), bld_i32(b, -1));
  MlirValue set = bld_shl(b, bld_cast(b, "llvm.zext", bld_and(b, vals[0], nibble), b->i32), shift);
  char order[24] = "";
  if (mo && mo->llvm_ordering)
    snprintf(order, sizeof order, ".%s.%s", mo->llvm_ordering == 5 ? "release" : "relaxed",
             !mo->scope ? "sys" : !strcmp(mo->scope, "block") ? "cta" : "gpu");
  const char *space = mlirTypeEqual(b->ptr_data, b->ptr_global) ? ".global" : "";
  ct_red_asm r = {.t = b->i32, .reg = b->i32};
  snprintf(r.constraints, sizeof r.constraints, "l,r,~{memory}");
  snprintf(r.text, sizeof r.text, "red%s%s.and.b32 [$0], $1;", order, space);
  emit_red(L, &r, word, clear);
  snprintf(r.text, sizeof r.text, "red%s%s.or.b32 [$0], $1;", order, space);
  emit_red(L, &r, word, set);
  if (pred.ptr) hopper_close_if(L, join);
}

/* Vector group size for a view access of tile layout l (0-based innermost tile dim), elements of
 * `bits` bits. G elements
 * held by consecutive registers move as one access when: the innermost tensor dim has stride 1;
 * every other stride is a known multiple of G (static, or `assume div_by` on the operand); the
 * base is G*esize aligned; the tile's inner size is a multiple of G; and, unless the whole tile is
 * known to be in bounds (`in_bounds`: the fast path), the inner dim's size is a known multiple of
 * G (so a group is entirely in or entirely out of bounds). */
static int view_group(ct_lower *L, const ct_lv *v, const ct_layout *l, int bits, const mem_order *mo, bool in_bounds) {
  if (mo && mo->pairs) { /* multimem f16 / bf16: pairs, where plain accesses could pair them */
    const mem_order plain = {0};
    return view_group(L, v, l, bits, &plain, in_bounds) >= 2 ? 2 : 1;
  }
  if (!L->vectorize || (mo && (mo->llvm_ordering || mo->red || mo->ld)) || l->rank == 0) return 1;
  const ct_type *t = &v->type;
  int r = t->tile_rank;
  int inner = tensor_dim_of(t, r - 1);
  if (t->strides[inner] != 1) return 1;
  int g = 0;
  while (g < l->nreg_bits && l->reg[g] == (1u << g)) g++;
  int gsize = 1 << g;
  while (gsize > 1 && (gsize * bits > MAX_VECTOR_BYTES * 8 || (!in_bounds && v->dim_div[inner] % gsize != 0) ||
                       (v->base_align * 8) % (gsize * bits) != 0 || t->tile_shape[r - 1] % gsize != 0 ||
                       view_step(t, r - 1) % gsize != 0))
    gsize /= 2;
  for (int d = 0; d < t->rank && gsize > 1; d++)
    if (d != inner)
      while (gsize > 1 && v->stride_div[d] % gsize != 0) gsize /= 2;
  if (sparse_dim_of(t) == r - 1) gsize = 1; /* gathered along the inner dim: each element its own row */
  return gsize;
}

/* Per-access invariants of one view access: the thread's first element (pos_i = tile index *
 * tile + thread coordinate) and its address, and the bounds split into a tile-uniform part and
 * a per-element part. A dim whose size is a known multiple of the tile size (static, or
 * `assume div_by`) is "aligned": then coordinate g = idx + c (0 <= c < tile) is in bounds iff
 * idx is, so its test is one tile-uniform `idx < size` instead of one per element. */
typedef struct view_frame {
  MlirValue pos[CT_MAX_RANK];
  MlirValue thread_ptr;
  int sparse;            /* gather_scatter_view: the sparse tile dim (rows->regs[k] is its coordinate), or -1 */
  const ct_lv *rows;     /* (sparse) the row ids, broadcast to the accessed tile's layout */
  bool nibbles;          /* f4E2M1FN: addresses are element offsets from the base (f4_load / f4_store) */
  MlirValue thread_off;  /* (nibbles) the thread's first element offset, i64 */
  bool aligned[CT_MAX_RANK];
  MlirValue uniform_inb; /* AND of the aligned dims' tests, or null */
} view_frame;

static void view_prepare(ct_lower *L, const ct_lv *v, MlirValue *tcoord, MlirValue *idx, view_frame *vp) {
  ct_bld *b = &L->b;
  const ct_type *t = &v->type;
  MlirValue off = {NULL};
  vp->uniform_inb = (MlirValue){NULL};
  for (int i = 0; i < t->tile_rank; i++) {
    int d = tensor_dim_of(t, i);
    if (i == vp->sparse) { /* per element: view_element */
      vp->pos[i] = (MlirValue){NULL};
      vp->aligned[i] = false;
      continue;
    }
    vp->pos[i] = bld_add(b, idx[i], tcoord[i]);
    MlirValue term = bld_mul(b, vp->pos[i], v->strides[d]);
    off = off.ptr ? bld_add(b, off, term) : term;
    vp->aligned[i] = v->dim_div[d] % t->tile_shape[i] == 0 && view_step(t, i) % t->tile_shape[i] == 0;
    if (vp->aligned[i]) vp->uniform_inb = and_pred(L, vp->uniform_inb, bld_icmp(b, BLD_ULT, idx[i], v->dims[d]));
  }
  vp->nibbles = t->elem == CT_F4E2M1FN;
  if (vp->nibbles) {
    vp->thread_off = off.ptr ? off : bld_i64(b, 0);
    vp->thread_ptr = v->base;
    return;
  }
  MlirType et = elem_llvm_type(L, t->elem);
  if (bld_int_width(et) == 1) et = b->i8;
  vp->thread_ptr = off.ptr ? bld_gep(b, v->base, off, et) : v->base;
}

/* Address of register k (f4E2M1FN: its element offset from the base, i64), and its per-element
 * in-bounds predicate over the non-aligned dims (null when there is none or `masked` is false). */
static void view_element(ct_lower *L, const ct_lv *v, const ct_layout *l, const view_frame *vp, int k, bool masked,
                         MlirValue *addr, MlirValue *inb) {
  ct_bld *b = &L->b;
  const ct_type *t = &v->type;
  uint32_t rf = ct_layout_reg_flat(l, (uint32_t)k);
  MlirValue off = {NULL}, pred = {NULL};
  int64_t const_off = 0;
  for (int i = 0; i < t->tile_rank; i++) {
    int d = tensor_dim_of(t, i);
    if (i == vp->sparse) { /* the row id of this element's sparse coordinate */
      MlirValue row = to_i64(L, vp->rows->regs[k]);
      MlirValue term = bld_mul(b, row, v->strides[d]);
      off = off.ptr ? bld_add(b, off, term) : term;
      if (masked) pred = and_pred(L, pred, bld_icmp(b, BLD_ULT, row, v->dims[d]));
      continue;
    }
    int64_t rc = ct_layout_coord(l, rf, i);
    if (rc) {
      if (t->strides[d] != CT_DYNAMIC) const_off += rc * t->strides[d];
      else {
        MlirValue term = bld_mul(b, v->strides[d], bld_i64(b, rc));
        off = off.ptr ? bld_add(b, off, term) : term;
      }
    }
    if (masked && !vp->aligned[i]) {
      MlirValue g = rc ? bld_add(b, vp->pos[i], bld_i64(b, rc)) : vp->pos[i];
      pred = and_pred(L, pred, bld_icmp(b, BLD_ULT, g, v->dims[d]));
    }
  }
  if (const_off) off = off.ptr ? bld_add(b, off, bld_i64(b, const_off)) : bld_i64(b, const_off);
  *inb = pred;
  if (vp->nibbles) {
    *addr = off.ptr ? bld_add(b, vp->thread_off, off) : vp->thread_off;
    return;
  }
  MlirType et = elem_llvm_type(L, t->elem);
  if (bld_int_width(et) == 1) et = b->i8;
  *addr = off.ptr ? bld_gep(b, vp->thread_ptr, off, et) : vp->thread_ptr;
}

/* The accesses of one view load (into out->regs) or store (of tile->regs), g elements at a time.
 * When `masked`, the tile-uniform bounds (and, for stores, ownership, also the same for every
 * register of a thread) guard the whole sequence with one branch (loads yield the padding on
 * the other edge), and each access is predicated by its per-element bounds. */
static void view_accesses(ct_lower *L, const ct_lv *v, const ct_layout *l, const view_frame *vp, int g, int bits,
                          bool masked, bool is_load, MlirType et, MlirValue pad, MlirValue owner, const mem_order *mo,
                          ct_lv *out, ct_lv *tile) {
  ct_bld *b = &L->b;
  int nregs = is_load ? out->nregs : tile->nregs;
  MlirValue guard = is_load ? (MlirValue){NULL} : owner;
  if (masked) guard = and_pred(L, guard, vp->uniform_inb);
  MlirBlock join = {NULL};
  if (guard.ptr) {
    MlirType *types = malloc(((size_t)nregs + 1) * sizeof *types);
    MlirValue *pads = malloc(((size_t)nregs + 1) * sizeof *pads);
    if (!types || !pads) abort();
    for (int k = 0; k < nregs; k++) {
      types[k] = et;
      pads[k] = pad;
    }
    MlirBlock body = new_block(L, 0, NULL);
    join = new_block(L, is_load ? nregs : 0, types);
    bld_cond_br(b, guard, body, 0, NULL, join, is_load ? nregs : 0, pads);
    free(types);
    free(pads);
    b->block = body;
  }
  for (int k = 0; k < nregs; k += g) {
    MlirValue addr, inb;
    view_element(L, v, l, vp, k, masked, &addr, &inb);
    int64_t align = (int64_t)g * bits / 8;
    if (vp->nibbles && is_load) f4_load(L, v->base, addr, g, inb, pad, mo, &out->regs[k]);
    else if (vp->nibbles) f4_store(L, v->base, addr, g, inb, &tile->regs[k], mo);
    else if (is_load) pred_load(L, addr, et, g, align, inb, pad, mo, &out->regs[k]);
    else pred_store(L, addr, g, align, inb, &tile->regs[k], mo);
  }
  if (guard.ptr) {
    bld_br(b, join, is_load ? nregs : 0, is_load ? out->regs : NULL);
    b->block = join;
    if (is_load)
      for (int k = 0; k < nregs; k++) out->regs[k] = mlirBlockGetArgument(join, k);
  }
}

static bool view_indices(ct_lower *L, MlirOperation op, const ct_lv *v, int first, int n, MlirValue *idx,
                         MlirValue *tcoord, const ct_layout *l) {
  if (n != v->type.tile_rank) {
    ct_error_op(L->c, op, "code generation: expected %d indices, got %d", v->type.tile_rank, n);
    return false;
  }
  for (int i = 0; i < n; i++) {
    ct_lv *x = lv_get(L, op, first + i);
    if (!x) return false;
    if (i == sparse_dim_of(&v->type)) { /* a tile of row ids (view_element) */
      idx[i] = bld_i64(&L->b, 0);
      tcoord[i] = idx[i];
      continue;
    }
    idx[i] = bld_mul(&L->b, to_i64(L, x->regs[0]), bld_i64(&L->b, view_step(&v->type, i)));
    tcoord[i] = bld_int_resize(&L->b, thread_coord(L, l, i), L->b.i64, false);
  }
  return true;
}

/* The register layout of the tile view load op makes: TileAS's (tileas.reg_layout, reg_layouts.c),
 * else the one that pass would write (a hand-written TileAS module), else blocked. */
static const ct_layout *view_load_layout(ct_lower *L, MlirOperation op, const ct_type *tt) {
  const ct_layout *chosen;
  int r = reg_layout_read(L, op, tt, &chosen);
  if (r) return chosen;
  ct_layout l;
  if (ct_reg_layout_for_view_load(op, L->nwarps, &l)) return layout_intern(L, &l);
  return layout_blocked_for(L, op, tt);
}

/* Where a view access's operands are: the view (an operand index), the operand groups of its
 * indices and, for a store, of the stored tile (-1 for a load). */
typedef struct view_operands {
  int view, index_group, tile_group;
} view_operands;

/* How a view access moves its elements: plain or ordered loads/stores (the op's memory ordering),
 * or each element one PTX instruction (atomic_red_view_tko's `red`, the multimem ops). */
typedef enum { VIEW_PLAIN, VIEW_ATOMIC_RED, VIEW_MULTIMEM } view_access_kind;

/* A view load or store: load_view_tko / tileaa.async_load / tileas.load (view 0, indices group 1),
 * store_view_tko / tileaa.async_store / tileas.store (tile 0, view 1, indices group 2),
 * atomic_red_view_tko (view 0, indices group 1, value group 2: each element a PTX `red` where a
 * store would be), multimem_load_reduce_view_tko (as a load, each element a multimem.ld_reduce),
 * multimem_reduce_view_tko / multimem_store_view_tko (view 0, tile 1, indices group 2: each element
 * a multimem.red / multimem.st). */
static int lower_view_access_as(ct_lower *L, MlirOperation op, const char *name, bool is_load, view_operands at,
                                view_access_kind kind) {
  int32_t seg[8];
  int nseg = 0;
  if (!op_segments(op, seg, 8, &nseg) || nseg < at.index_group + 1 || nseg < at.tile_group + 1) {
    ct_error_op(L->c, op, "code generation: `%s` without operandSegmentSizes", name);
    return LOWER_FAILED;
  }
  ct_lv *v = lv_get(L, op, at.view);
  if (!v) return LOWER_FAILED;
  if (v->kind != LV_VIEW || !is_tile_view(&v->type)) {
    ct_error_op(L->c, op, "`%s` on this view type is not supported by code generation yet", name);
    return LOWER_FAILED;
  }
  mem_order mo = {0};
  ct_red_asm via;
  if (kind == VIEW_ATOMIC_RED) {
    if (!atomic_red_asm(L, op, name, v->type.elem, &via)) return LOWER_FAILED;
    mo.red = &via;
  } else if (kind == VIEW_MULTIMEM) {
    if (!multimem_asm(L, op, name, v->type.elem, &via)) return LOWER_FAILED;
    if (is_load) mo.ld = &via;
    else mo.red = &via;
    mo.pairs = v->type.elem == CT_F16 || v->type.elem == CT_BF16;
  } else if (!read_order(L, op, name, is_load, &mo))
    return LOWER_FAILED;
  int first = 0; /* the operand index of group g: the sizes of the groups before it */
  for (int g = 0; g < at.index_group; g++) first += seg[g];
  ct_type tt;
  const ct_layout *l;
  ct_lv *tile = NULL;
  if (is_load) {
    /* the view's tile (the result type of load_view_tko; futures and slots carry no tile type) */
    int64_t shape[CT_MAX_RANK];
    for (int i = 0; i < v->type.tile_rank; i++) shape[i] = v->type.tile_shape[i];
    tt = ct_tile_type(v->type.elem, v->type.tile_rank, shape);
    if (!(l = view_load_layout(L, op, &tt))) return LOWER_FAILED;
  } else {
    int tile_pos = 0;
    for (int g = 0; g < at.tile_group; g++) tile_pos += seg[g];
    if (!(tile = lv_get(L, op, tile_pos))) return LOWER_FAILED;
    tt = tile->type;
    l = tile->layout;
  }
  MlirType et = elem_llvm_type(L, tt.elem);
  if (mlirTypeIsNull(et)) {
    ct_error_op(L->c, op, "`%s` of %s elements is not supported by code generation yet", name, ct_elem_name(tt.elem));
    return LOWER_FAILED;
  }
  int nidx = seg[at.index_group];
  MlirValue idx[CT_MAX_RANK], tcoord[CT_MAX_RANK];
  if (!view_indices(L, op, v, first, nidx, idx, tcoord, l)) return LOWER_FAILED;
  int bits = ct_elem_bits(tt.elem);
  view_frame vp;
  vp.sparse = sparse_dim_of(&v->type);
  vp.rows = NULL;
  if (vp.sparse >= 0) { /* the index tile's row ids, where each accessed element is */
    ct_lv *ix = lv_get(L, op, first + vp.sparse);
    if (!ix || !(vp.rows = lv_index_along(L, op, ix, &tt, vp.sparse, l))) return LOWER_FAILED;
  }
  view_prepare(L, v, tcoord, idx, &vp);
  int g = view_group(L, v, l, bits, &mo, false);
  int g_full = vp.sparse >= 0 ? g : view_group(L, v, l, bits, &mo, true); /* (no tile-uniform bounds) */
  if (mo.pairs && g != 2) {
    ct_error_op(L->c, op, "`%s` of %s elements needs them in pairs (PTX multimem takes .%sx2): two adjacent elements "
                "per thread, the inner dim contiguous and its size even, the base 4-byte aligned (assume div_by) — "
                "not proven here", name, ct_elem_name(tt.elem), tt.elem == CT_F16 ? "f16" : "bf16");
    return LOWER_FAILED;
  }
  MlirValue owner = is_load ? (MlirValue){NULL} : owner_predicate(L, l);
  ct_lv *out = is_load ? lv_new_tile(L, &tt, l) : NULL;
  MlirValue pad = !is_load                      ? (MlirValue){NULL}
                  : lower_is_code_elem(tt.elem) ? storage_padding(L, tt.elem, v->type.padding)
                                                : padding_value(L, v->type.padding, et);
  int nregs = is_load ? out->nregs : tile->nregs;
  if (g_full > g) {
    /* tile-uniform fast path: a tile entirely inside the tensor moves with unmasked g_full-wide
     * accesses; edge tiles take the masked g-wide path */
    ct_bld *b = &L->b;
    MlirValue full = {NULL};
    for (int i = 0; i < v->type.tile_rank; i++) {
      int d = tensor_dim_of(&v->type, i);
      MlirValue end = bld_add(b, idx[i], bld_i64(b, v->type.tile_shape[i]));
      full = and_pred(L, full, bld_icmp(b, BLD_ULE, end, v->dims[d]));
    }
    MlirType *types = malloc(((size_t)nregs + 1) * sizeof *types);
    if (!types) abort();
    for (int k = 0; k < nregs; k++) types[k] = et;
    MlirBlock fast = new_block(L, 0, NULL), edge = new_block(L, 0, NULL);
    MlirBlock join = new_block(L, is_load ? nregs : 0, types);
    free(types);
    bld_cond_br(b, full, fast, 0, NULL, edge, 0, NULL);
    b->block = fast;
    view_accesses(L, v, l, &vp, g_full, bits, false, is_load, et, pad, owner, &mo, out, tile);
    bld_br(b, join, is_load ? nregs : 0, is_load ? out->regs : NULL);
    b->block = edge;
    view_accesses(L, v, l, &vp, g, bits, true, is_load, et, pad, owner, &mo, out, tile);
    bld_br(b, join, is_load ? nregs : 0, is_load ? out->regs : NULL);
    b->block = join;
    if (is_load)
      for (int k = 0; k < nregs; k++) out->regs[k] = mlirBlockGetArgument(join, k);
  } else {
    view_accesses(L, v, l, &vp, g, bits, true, is_load, et, pad, owner, &mo, out, tile);
  }
  /* loads: the tile (or the future / slot handing it on), then the token; stores: tokens / futures */
  intptr_t nres = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nres; i++)
    lv_bind(L, mlirOperationGetResult(op, i), is_load && i == 0 ? out : lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

static int lower_view_access(ct_lower *L, MlirOperation op, const char *name, bool is_load, int view_pos) {
  view_operands at = {view_pos, view_pos + 1, is_load ? -1 : 0};
  return lower_view_access_as(L, op, name, is_load, at, VIEW_PLAIN);
}

/* ---------------- pointer tiles ---------------- */
static int lower_ptr_access(ct_lower *L, MlirOperation op, const char *name, bool is_load) {
  int32_t seg[8];
  int nseg = 0;
  if (!op_segments(op, seg, 8, &nseg) || nseg < 3) {
    ct_error_op(L->c, op, "code generation: `%s` without operandSegmentSizes", name);
    return LOWER_FAILED;
  }
  mem_order mo;
  if (!read_order(L, op, name, is_load, &mo)) return LOWER_FAILED;
  ct_lv *ptrs = lv_get(L, op, 0);
  if (!ptrs) return LOWER_FAILED;
  const ct_layout *l = ptrs->layout;
  ct_lv *val = NULL, *mask = NULL, *pad = NULL;
  int pos = 1;
  if (!is_load) {
    if (!(val = lv_get(L, op, pos++))) return LOWER_FAILED;
  }
  int has_mask = is_load ? seg[1] : seg[2];
  if (has_mask) {
    if (!(mask = lv_get(L, op, pos++))) return LOWER_FAILED;
  }
  if (is_load && seg[2]) {
    if (!(pad = lv_get(L, op, pos++))) return LOWER_FAILED;
  }
  /* the pointer tile decides the layout; TileAS converted the others to it (a uniform one is
   * re-spread) */
  int vpos = 1;
  if (val && !(val = lv_require(L, op, vpos++, val, l))) return LOWER_FAILED;
  if (mask && !(mask = lv_require(L, op, vpos++, mask, l))) return LOWER_FAILED;
  if (pad && !(pad = lv_require(L, op, vpos++, pad, l))) return LOWER_FAILED;
  ct_type pt = ptrs->type;
  MlirType et = elem_llvm_type(L, pt.pointee);
  if (mlirTypeIsNull(et) || pt.pointee == CT_F4E2M1FN) { /* (f4: the verifier allows rank-0 pointer tiles only) */
    ct_error_op(L->c, op, "`%s` of %s elements is not supported by code generation yet", name, ct_elem_name(pt.pointee));
    return LOWER_FAILED;
  }
  int bits = ct_elem_bits(pt.pointee);
  int64_t align = bits >= 8 ? bits / 8 : 1;
  if (ptrs->ptr_align > align && pt.rank == 0) align = ptrs->ptr_align;
  MlirValue owner = is_load ? (MlirValue){NULL} : owner_predicate(L, l);
  ct_type rt = pt;
  rt.elem = pt.pointee;
  rt.pointee = CT_ELEM_NONE;
  ct_lv *out = is_load ? lv_new_tile(L, &rt, l) : NULL;
  MlirValue zero_pad = is_load && !pad ? padding_value(L, CT_PAD_ZERO, et) : (MlirValue){NULL};
  for (int k = 0; k < ptrs->nregs; k++) {
    MlirValue pred = mask ? mask->regs[k] : (MlirValue){NULL};
    if (is_load) pred_load(L, ptrs->regs[k], et, 1, align, pred, pad ? pad->regs[k] : zero_pad, &mo, &out->regs[k]);
    else pred_store(L, ptrs->regs[k], 1, align, and_pred(L, pred, owner), &val->regs[k], &mo);
  }
  if (is_load) {
    lv_bind(L, mlirOperationGetResult(op, 0), out);
    if (mlirOperationGetNumResults(op) > 1) lv_bind(L, mlirOperationGetResult(op, 1), lv_alloc(L, LV_TOKEN, NULL));
  } else if (mlirOperationGetNumResults(op) > 0) {
    lv_bind(L, mlirOperationGetResult(op, 0), lv_alloc(L, LV_TOKEN, NULL));
  }
  return LOWER_DONE;
}

/* ---------------- the stage forms' views and memory ops (TileAA / TileAS input) ----------------
 * tileaa.view is lowered like make_tensor_view + make_partition_view: its ct_type comes from
 * tileaa/view_read.h (static entries are tileaa.constant operands), its shape and stride values
 * from the operands' lowered values. Loads and stores reuse lower_view_access. A tileas.produce /
 * consume / release is the wgmma path's (lower_hopper_loop.c): TileAS (path_select.c) makes every
 * other pipe a SIMT tileas.load, and lower_kernel.c refuses a module that still has one; alloc /
 * pipe / store_wait emit nothing here. */
static int lower_tileaa_view(ct_lower *L, MlirOperation op) {
  ct_type t;
  const char *bad = ct_tileaa_view_read(op, &t);
  if (bad) {
    ct_error_op(L->c, op, "code generation: %s", bad);
    return LOWER_FAILED;
  }
  ct_lv *v = view_lv_new(L, op, &t);
  if (!v) return LOWER_FAILED;
  /* TileAA's `base_align` (the assumed divisor of the base address) is a decision of the IR: its
   * power-of-two part proves vector alignment even where no `assume` reaches the base */
  int64_t ba = attr_int(op, "base_align", 0);
  ba = ba > 0 ? ba & -ba : 0;
  if (ba > v->base_align) v->base_align = ba;
  for (int d = 0; d < 2 * t.rank; d++) {
    bool is_stride = d >= t.rank;
    int k = is_stride ? d - t.rank : d;
    int64_t stat = is_stride ? t.strides[k] : t.shape[k];
    MlirValue val;
    int64_t div;
    if (stat != CT_DYNAMIC) {
      val = bld_i64(&L->b, stat);
      div = stat > 0 ? stat : 1;
    } else {
      ct_lv *s = lv_get(L, op, 1 + d);
      if (!s) return LOWER_FAILED;
      val = to_i64(L, s->regs[0]);
      div = s->int_div > 0 ? s->int_div : 1;
    }
    if (is_stride) v->strides[k] = val, v->stride_div[k] = div;
    else v->dims[k] = val, v->dim_div[k] = div;
  }
  lv_bind(L, mlirOperationGetResult(op, 0), v);
  return LOWER_DONE;
}

static void bind_all_tokens(ct_lower *L, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    lv_bind(L, mlirOperationGetResult(op, i), lv_alloc(L, LV_TOKEN, NULL));
}

/* tileaa.wait / tileas.consume: the tile its future / slot (operand `from`) carries. */
static int lower_handoff(ct_lower *L, MlirOperation op, int from) {
  if (mlirOperationGetNumResults(op) == 0) return LOWER_DONE;
  ct_lv *t = lv_get(L, op, from);
  if (!t) return LOWER_FAILED;
  if (t->kind != LV_TILE) {
    ct_error_op(L->c, op, "code generation: this hand-off carries no tile");
    return LOWER_FAILED;
  }
  lv_bind(L, mlirOperationGetResult(op, 0), t);
  return LOWER_DONE;
}

int lower_stage_memory_op(ct_lower *L, MlirOperation op, const char *name) {
  char user[48]; /* diagnostics name the user's op */
  lower_user_op_name(op, user, sizeof user);
  if (!strncmp(name, "tileaa.", 7)) {
    const char *n = name + 7;
    if (streq(n, "view")) return lower_tileaa_view(L, op);
    if (streq(n, "index_space")) {
      ct_lv *v = lv_get(L, op, 0);
      return v ? lower_get_shape(L, op, true) : LOWER_FAILED;
    }
    if (streq(n, "async_load")) return lower_view_access(L, op, user, true, 0);
    if (streq(n, "async_store")) return lower_view_access(L, op, user, false, 1);
    if (streq(n, "wait")) return lower_handoff(L, op, 0);
    return LOWER_NOT_MINE;
  }
  if (strncmp(name, "tileas.", 7)) return LOWER_NOT_MINE;
  const char *n = name + 7;
  if (streq(n, "load")) return lower_view_access(L, op, user, true, 0);
  if (streq(n, "store")) return lower_view_access(L, op, user, false, 1);
  if (streq(n, "produce") || streq(n, "consume") || streq(n, "release")) {
    ct_error_op(L->c, op, "code generation: %s outside the wgmma path", name);
    return LOWER_FAILED;
  }
  if (streq(n, "alloc") || streq(n, "pipe") || streq(n, "store_wait")) {
    bind_all_tokens(L, op);
    return LOWER_DONE;
  }
  return LOWER_NOT_MINE;
}

/* ---- token order between tile-wide memory ops ----
 * A token orders two memory ops of the tile block as wholes; the threads that write a tile's
 * elements are in general not the ones that read them afterwards (a permuted pointer tile, another
 * layout, an alloca used as exchange buffer), so an order with a write on either side (store ->
 * load, load -> store, store -> store) is a CTA barrier (bar.sync orders shared and global memory
 * within the block) before the later op. load -> load needs none; make_token orders nothing; a token
 * from a loop-carried value or an `if` is taken to come from a write. */
static int token_source(MlirValue v, int depth) { /* 0 none, 1 reads, 2 writes (or unknown) */
  if (depth > 16 || !mlirValueIsAOpResult(v)) return 2;
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(def));
  char name[64];
  snprintf(name, sizeof name, "%.*s", (int)n.length, n.data);
  if (streq(name, "cuda_tile.make_token")) return 0;
  if (streq(name, "cuda_tile.join_tokens")) {
    int worst = 0;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); i++) {
      int k = token_source(mlirOperationGetOperand(def, i), depth + 1);
      if (k > worst) worst = k;
    }
    return worst;
  }
  if (strstr(name, "store") || strstr(name, "atomic")) return 2;
  if (strstr(name, "load") || streq(name, "tileas.produce")) return 1;
  return 2;
}

void lower_token_order(ct_lower *L, MlirOperation op, bool writes) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
    MlirValue v = mlirOperationGetOperand(op, i);
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(v), &t) || t.kind != CT_TYPE_TOKEN) continue;
    int src = token_source(v, 0);
    if (src == 2 || (src == 1 && writes)) {
      bld_barrier(&L->b);
      return;
    }
  }
}

int lower_memory_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "load_view_tko") || streq(name, "load_ptr_tko") || streq(name, "tileas.load") ||
      streq(name, "multimem_load_reduce_view_tko"))
    lower_token_order(L, op, false);
  else if (streq(name, "store_view_tko") || streq(name, "store_ptr_tko") || streq(name, "atomic_red_view_tko") ||
           streq(name, "tileas.store") || streq(name, "multimem_reduce_view_tko") || streq(name, "multimem_store_view_tko"))
    lower_token_order(L, op, true);
  if (streq(name, "make_tensor_view")) return lower_make_tensor_view(L, op);
  if (streq(name, "make_partition_view") || streq(name, "make_strided_view") || streq(name, "make_gather_scatter_view"))
    return lower_make_partition_view(L, op, name);
  if (streq(name, "get_tensor_shape")) return lower_get_shape(L, op, false);
  if (streq(name, "get_index_space_shape")) {
    ct_lv *v = lv_get(L, op, 0);
    if (!v) return LOWER_FAILED;
    if (!is_tile_view(&v->type)) {
      ct_error_op(L->c, op, "`%s` on this view type is not supported by code generation yet", name);
      return LOWER_FAILED;
    }
    return lower_get_shape(L, op, true);
  }
  if (streq(name, "load_view_tko")) return lower_view_access(L, op, name, true, 0);
  if (streq(name, "store_view_tko")) return lower_view_access(L, op, name, false, 1);
  if (streq(name, "atomic_red_view_tko"))
    return lower_view_access_as(L, op, name, false, (view_operands){0, 1, 2}, VIEW_ATOMIC_RED);
  if (streq(name, "multimem_load_reduce_view_tko"))
    return lower_view_access_as(L, op, name, true, (view_operands){0, 1, -1}, VIEW_MULTIMEM);
  if (streq(name, "multimem_reduce_view_tko") || streq(name, "multimem_store_view_tko"))
    return lower_view_access_as(L, op, name, false, (view_operands){0, 2, 1}, VIEW_MULTIMEM);
  int r = lower_stage_memory_op(L, op, name);
  if (r != LOWER_NOT_MINE) return r;
  if (streq(name, "load_ptr_tko")) return lower_ptr_access(L, op, name, true);
  if (streq(name, "store_ptr_tko")) return lower_ptr_access(L, op, name, false);
  return LOWER_NOT_MINE;
}

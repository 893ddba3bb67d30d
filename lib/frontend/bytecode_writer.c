/* bytecode_writer: writes a cuda_tile module as CUDA Tile IR bytecode (.tileirbc), byte for byte
 * what NVIDIA's cuda-tile-translate writes for the same module and version (13.1, 13.2, 13.3); for 13.4
 * and 13.5 the layout of NVIDIA's generated encoders in cuTile Python 1.7 (tileirdisasm 13.5 reads it).
 *
 * Format and order (docs/bytecode.md): header; global section (6, when there are globals);
 * function section (2: per function name, signature type, flags, location index, optional hints
 * (13.5: always, for entries), arg_attrs (13.5), body); constant section (4, when non-empty); type section (5); producer (7, 13.3 when the module
 * has `producer`... written after the string section); string section (1); end byte (0).
 * Tables are filled in first-use order exactly as NVIDIA's writer does: function names and
 * signatures first, then globals, then each function's hints and body in op order (a composite
 * type registers the types it refers to before itself). Ops follow the per-op encoding table of
 * bytecode_opcodes.c with its version gating. Debug section (3, after the constants) as NVIDIA
 * writes it: a function whose location is not FileLineCol/unknown gets a location index and a
 * list (its own location, then every op's in pre-order); di_loc and callsite locations and the
 * di attributes they use are entries (FileLineCol/unknown = reserved index 0); fused and name
 * locations are refused.
 * Limits: one cuda_tile.module; its sym_name and entry res_attrs are not written, arg_attrs only
 * from 13.5 (the format has no place for them before, NVIDIA's writer drops them too); the producer string is interned
 * before the function names. Tables use open-addressed hashing, so writing is linear.
 * Owner: bytecode. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode_internal.h"
#include "frontend/debuginfo.h"
#include "frontend/types.h"

/* ------------------------------------------------------------------ interning tables */

typedef struct blob {
  char *data;
  size_t len;
  const void *key; /* pointer key (constants), or NULL for content-keyed tables */
} blob;

typedef struct blob_table {
  blob *items;
  size_t count, cap;
  int64_t *slots; /* index+1, 0 = empty */
  size_t nslots;
  bool by_pointer;
} blob_table;

static uint64_t hash_bytes(const char *d, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)d[i]) * 1099511628211ull;
  return h;
}

static uint64_t hash_ptr(const void *p) {
  uint64_t v = (uint64_t)(uintptr_t)p;
  v ^= v >> 33;
  v *= 0xff51afd7ed558ccdull;
  v ^= v >> 33;
  return v;
}

static void table_free(blob_table *t) {
  for (size_t i = 0; i < t->count; i++) free(t->items[i].data);
  free(t->items);
  free(t->slots);
  memset(t, 0, sizeof *t);
}

static bool table_match(const blob_table *t, const blob *b, const char *d, size_t n, const void *key) {
  if (t->by_pointer) return b->key == key;
  return b->len == n && memcmp(b->data, d, n) == 0;
}

static uint64_t table_hash(const blob_table *t, const char *d, size_t n, const void *key) {
  return t->by_pointer ? hash_ptr(key) : hash_bytes(d, n);
}

static void table_rehash(blob_table *t) {
  size_t ns = t->nslots ? t->nslots * 2 : 64;
  free(t->slots);
  t->slots = calloc(ns, sizeof *t->slots);
  if (!t->slots) abort();
  t->nslots = ns;
  for (size_t i = 0; i < t->count; i++) {
    blob *b = &t->items[i];
    size_t s = table_hash(t, b->data, b->len, b->key) & (ns - 1);
    while (t->slots[s]) s = (s + 1) & (ns - 1);
    t->slots[s] = (int64_t)i + 1;
  }
}

/* Index of an existing entry, or -1. */
static int64_t table_find(const blob_table *t, const char *d, size_t n, const void *key) {
  if (!t->nslots) return -1;
  size_t s = table_hash(t, d, n, key) & (t->nslots - 1);
  while (t->slots[s]) {
    const blob *b = &t->items[t->slots[s] - 1];
    if (table_match(t, b, d, n, key)) return t->slots[s] - 1;
    s = (s + 1) & (t->nslots - 1);
  }
  return -1;
}

static uint64_t table_intern(blob_table *t, const char *d, size_t n, const void *key) {
  int64_t found = table_find(t, d, n, key);
  if (found >= 0) return (uint64_t)found;
  if (t->count == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 32;
    t->items = realloc(t->items, t->cap * sizeof *t->items);
    if (!t->items) abort();
  }
  blob *b = &t->items[t->count];
  b->data = malloc(n ? n : 1);
  if (!b->data) abort();
  if (n) memcpy(b->data, d, n);
  b->len = n;
  b->key = key;
  t->count++;
  if (t->count * 2 > t->nslots) table_rehash(t);
  else {
    size_t s = table_hash(t, d, n, key) & (t->nslots - 1);
    while (t->slots[s]) s = (s + 1) & (t->nslots - 1);
    t->slots[s] = (int64_t)t->count;
  }
  return t->count - 1;
}

/* ------------------------------------------------------------------ value numbering */

typedef struct value_map {
  const void **keys; /* stack of defined values (index = value number) */
  size_t count, cap;
  int64_t *slots; /* value number + 1; -1 = deleted */
  size_t nslots;
} value_map;

static void vm_free(value_map *m) {
  free(m->keys);
  free(m->slots);
  memset(m, 0, sizeof *m);
}

static void vm_rehash(value_map *m) {
  size_t ns = m->nslots ? m->nslots * 2 : 256;
  while (ns < m->count * 4) ns *= 2;
  free(m->slots);
  m->slots = calloc(ns, sizeof *m->slots);
  if (!m->slots) abort();
  m->nslots = ns;
  for (size_t i = 0; i < m->count; i++) {
    size_t s = hash_ptr(m->keys[i]) & (ns - 1);
    while (m->slots[s]) s = (s + 1) & (ns - 1);
    m->slots[s] = (int64_t)i + 1;
  }
}

static void vm_push(value_map *m, MlirValue v) {
  if (m->count == m->cap) {
    m->cap = m->cap ? m->cap * 2 : 256;
    m->keys = realloc(m->keys, m->cap * sizeof *m->keys);
    if (!m->keys) abort();
  }
  m->keys[m->count++] = v.ptr;
  if (m->count * 2 > m->nslots) {
    vm_rehash(m);
    return;
  }
  size_t s = hash_ptr(v.ptr) & (m->nslots - 1);
  while (m->slots[s] > 0) s = (s + 1) & (m->nslots - 1);
  m->slots[s] = (int64_t)m->count;
}

static int64_t vm_find(const value_map *m, MlirValue v) {
  if (!m->nslots) return -1;
  size_t s = hash_ptr(v.ptr) & (m->nslots - 1);
  while (m->slots[s]) {
    if (m->slots[s] > 0 && m->keys[m->slots[s] - 1] == v.ptr) return m->slots[s] - 1;
    s = (s + 1) & (m->nslots - 1);
  }
  return -1;
}

/* Drop the values numbered >= n (leaving a block). */
static void vm_truncate(value_map *m, size_t n) {
  while (m->count > n) {
    const void *k = m->keys[m->count - 1];
    size_t s = hash_ptr(k) & (m->nslots - 1);
    while (m->slots[s]) {
      if (m->slots[s] > 0 && m->keys[m->slots[s] - 1] == k) {
        m->slots[s] = -1;
        break;
      }
      s = (s + 1) & (m->nslots - 1);
    }
    m->count--;
  }
  if (n == 0 && m->nslots) memset(m->slots, 0, m->nslots * sizeof *m->slots);
}

/* ------------------------------------------------------------------ writer state */

typedef struct bw {
  ct_ctx *c;
  MlirContext mctx;
  int version;
  blob_table strings, types, consts;
  value_map values;
  MlirOperation cur_op; /* for error locations */
  bool failed;
  /* debug section: entries (locations / di attributes, index = position + 1) and the location
   * lists of the functions whose own location is not FileLineCol/unknown */
  struct di_ent { bool is_loc; MlirLocation loc; MlirAttribute attr; } *di;
  size_t ndi, di_cap;
  uint64_t **fn_lists; /* fn_lists[k]: count, then indices */
  size_t nfn_lists;
  uint64_t cur_fn_di; /* location index of the function being written (0: none) */
  uint64_t *fn_di;    /* per function (module order): its location index */
} bw;

static void di_op(bw *w, MlirOperation op);

static const char *vname(int v) { return ct_bytecode_version_name((ct_bytecode_version)v); }

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void bw_error(bw *w, const char *fmt, ...) {
  if (w->failed) return; /* report the first problem only */
  w->failed = true;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ct_error_op(w->c, w->cur_op, "%s", msg);
}

static uint64_t str_index(bw *w, const char *s, size_t n) { return table_intern(&w->strings, s, n, NULL); }
static uint64_t str_index_ref(bw *w, MlirStringRef r) { return str_index(w, r.data, r.length); }

/* ------------------------------------------------------------------ types */

static int scalar_tag(ct_elem e) {
  switch (e) {
  case CT_I1: return BC_TY_I1;
  case CT_I4: return BC_TY_I4;
  case CT_I8: return BC_TY_I8;
  case CT_I16: return BC_TY_I16;
  case CT_I32: return BC_TY_I32;
  case CT_I64: return BC_TY_I64;
  case CT_F16: return BC_TY_F16;
  case CT_BF16: return BC_TY_BF16;
  case CT_F32: return BC_TY_F32;
  case CT_TF32: return BC_TY_TF32;
  case CT_F64: return BC_TY_F64;
  case CT_F8E4M3FN: return BC_TY_F8E4M3FN;
  case CT_F8E5M2: return BC_TY_F8E5M2;
  case CT_F8E8M0FNU: return BC_TY_F8E8M0FNU;
  case CT_F4E2M1FN: return BC_TY_F4E2M1FN;
  case CT_F8E5M3FNU: return BC_TY_F8E5M3FNU;
  default: return -1;
  }
}

/* MLIR's type class name, as NVIDIA's version errors spell it. */
static const char *elem_class_name(ct_elem e) {
  switch (e) {
  case CT_F8E8M0FNU: return "Float8E8M0FNU";
  case CT_F4E2M1FN: return "Float4E2M1FN";
  case CT_I4: return "IntegerType(4)";
  default: return ct_elem_name(e);
  }
}

static uint64_t intern_type(bw *w, ct_strbuf *b) {
  uint64_t idx = table_intern(&w->types, b->data ? b->data : "", b->len, NULL);
  ct_strbuf_free(b);
  return idx;
}

static uint64_t type_scalar(bw *w, ct_elem e) {
  int tag = scalar_tag(e);
  int since = tag < 0 ? 0 : bc_scalar_tag_since((unsigned)tag);
  if (tag < 0 || since == 0) {
    bw_error(w, "type '%s' cannot be encoded in CUDA Tile IR bytecode up to 13.5", elem_class_name(e));
    return 0;
  }
  if (since > w->version) {
    bw_error(w, "type '%s' requires bytecode version %s+, targeting %s", elem_class_name(e), vname(since),
             vname(w->version));
    return 0;
  }
  ct_strbuf b;
  ct_strbuf_init(&b);
  bc_put_varint(&b, (uint64_t)tag);
  return intern_type(w, &b);
}

/* 13.4 flags word of ptr/tensor_view (bit 0: a pointer attribute byte ends the type); false when the
 * attribute is set but the target is older. */
static bool put_ptr_attr_flags(bw *w, ct_strbuf *b, uint8_t ptr_attr) {
  if (ptr_attr > 1 && w->version >= CT_BYTECODE_13_4 && w->version < CT_BYTECODE_13_5) { /* unicast, multicast */
    bw_error(w, "pointer attribute '%s' requires bytecode version 13.5+, targeting %s", ct_ptr_attr_name(ptr_attr),
             vname(w->version));
    return false;
  }
  if (w->version >= CT_BYTECODE_13_4) {
    bc_put_varint(b, ptr_attr ? 1 : 0);
    return true;
  }
  if (ptr_attr) {
    bw_error(w, "parameter 'ptrAttr' requires bytecode version 13.4+, but targeting %s", vname(w->version));
    return false;
  }
  return true;
}

static uint64_t type_elem(bw *w, ct_elem e, ct_elem pointee, uint8_t ptr_attr) {
  if (e != CT_PTR) return type_scalar(w, e);
  uint64_t p = type_scalar(w, pointee);
  ct_strbuf b;
  ct_strbuf_init(&b);
  bc_put_varint(&b, BC_TY_PTR);
  if (!put_ptr_attr_flags(w, &b, ptr_attr)) {
    ct_strbuf_free(&b);
    return 0;
  }
  bc_put_varint(&b, p);
  if (ptr_attr && w->version >= CT_BYTECODE_13_4) bc_put_byte(&b, (uint8_t)(ptr_attr - 1));
  return intern_type(w, &b);
}

static void put_i64_list(ct_strbuf *b, const int64_t *v, int n) {
  bc_put_varint(b, (uint64_t)n);
  for (int i = 0; i < n; i++) bc_put_le(b, (uint64_t)v[i], 8);
}

static void put_i32_list(ct_strbuf *b, const int32_t *v, int n) {
  bc_put_varint(b, (uint64_t)n);
  for (int i = 0; i < n; i++) bc_put_le(b, (uint32_t)v[i], 4);
}

static uint64_t type_ct(bw *w, const ct_type *t);

static uint64_t type_tensor_view_of(bw *w, const ct_type *t) {
  ct_type tv = *t;
  tv.kind = CT_TYPE_TENSOR_VIEW;
  tv.tile_rank = 0;
  tv.has_dim_map = false;
  tv.padding = CT_PAD_NONE;
  memset(tv.tile_shape, 0, sizeof tv.tile_shape);
  memset(tv.dim_map, 0, sizeof tv.dim_map);
  memset(tv.traversal_strides, 0, sizeof tv.traversal_strides);
  tv.sparse_dim = 0;
  return type_ct(w, &tv);
}

static uint64_t type_ct(bw *w, const ct_type *t) {
  ct_strbuf b;
  ct_strbuf_init(&b);
  switch (t->kind) {
  case CT_TYPE_TILE: {
    uint64_t e = type_elem(w, t->elem, t->pointee, t->elem == CT_PTR ? t->ptr_attr : 0);
    bc_put_varint(&b, BC_TY_TILE);
    bc_put_varint(&b, e);
    put_i64_list(&b, t->shape, t->rank);
    break;
  }
  case CT_TYPE_TENSOR_VIEW: {
    uint64_t e = type_elem(w, t->elem, t->pointee, 0);
    bc_put_varint(&b, BC_TY_TENSOR_VIEW);
    if (!put_ptr_attr_flags(w, &b, t->ptr_attr)) {
      ct_strbuf_free(&b);
      return 0;
    }
    bc_put_varint(&b, e);
    put_i64_list(&b, t->shape, t->rank);
    put_i64_list(&b, t->strides, t->rank);
    if (t->ptr_attr && w->version >= CT_BYTECODE_13_4) bc_put_byte(&b, (uint8_t)(t->ptr_attr - 1));
    break;
  }
  case CT_TYPE_PARTITION_VIEW: {
    uint64_t tv = type_tensor_view_of(w, t);
    bool pad = t->padding != CT_PAD_NONE;
    bc_put_varint(&b, BC_TY_PARTITION_VIEW);
    if (w->version >= CT_BYTECODE_13_3) bc_put_varint(&b, pad ? 1 : 0);
    put_i32_list(&b, t->tile_shape, t->tile_rank);
    bc_put_varint(&b, tv);
    put_i32_list(&b, t->dim_map, t->tile_rank);
    if (w->version >= CT_BYTECODE_13_3) {
      if (pad) bc_put_byte(&b, (uint8_t)(t->padding - 1));
    } else {
      bc_put_byte(&b, pad ? 1 : 0);
      if (pad) bc_put_varint(&b, (uint64_t)(t->padding - 1));
    }
    break;
  }
  case CT_TYPE_STRIDED_VIEW:
  case CT_TYPE_GATHER_SCATTER_VIEW: {
    bool strided = t->kind == CT_TYPE_STRIDED_VIEW;
    if (w->version < CT_BYTECODE_13_3) {
      bw_error(w, "type '%s' requires bytecode version 13.3+, targeting %s",
               strided ? "strided_view" : "gather_scatter_view", vname(w->version));
      ct_strbuf_free(&b);
      return 0;
    }
    uint64_t tv = type_tensor_view_of(w, t);
    bool pad = t->padding != CT_PAD_NONE;
    bc_put_varint(&b, strided ? BC_TY_STRIDED_VIEW : BC_TY_GATHER_SCATTER_VIEW);
    bc_put_varint(&b, pad ? 1 : 0);
    put_i32_list(&b, t->tile_shape, t->tile_rank);
    if (strided) put_i32_list(&b, t->traversal_strides, t->tile_rank);
    bc_put_varint(&b, tv);
    if (strided) put_i32_list(&b, t->dim_map, t->tile_rank);
    else bc_put_varint(&b, (uint64_t)(uint32_t)t->sparse_dim);
    if (pad) bc_put_byte(&b, (uint8_t)(t->padding - 1));
    break;
  }
  case CT_TYPE_TOKEN: bc_put_varint(&b, BC_TY_TOKEN); break;
  default:
    bw_error(w, "unsupported type in bytecode writer");
    ct_strbuf_free(&b);
    return 0;
  }
  return intern_type(w, &b);
}

static uint64_t type_index(bw *w, MlirType t) {
  ct_type ct;
  if (ct_type_from_mlir(t, &ct)) return type_ct(w, &ct);
  if (mlirTypeIsAFunction(t)) {
    intptr_t ni = mlirFunctionTypeGetNumInputs(t), nr = mlirFunctionTypeGetNumResults(t);
    uint64_t *idx = malloc(sizeof(uint64_t) * (size_t)(ni + nr + 1));
    if (!idx) abort();
    for (intptr_t i = 0; i < ni; i++) idx[i] = type_index(w, mlirFunctionTypeGetInput(t, i));
    for (intptr_t i = 0; i < nr; i++) idx[ni + i] = type_index(w, mlirFunctionTypeGetResult(t, i));
    ct_strbuf b;
    ct_strbuf_init(&b);
    bc_put_varint(&b, BC_TY_FUNC);
    bc_put_varint(&b, (uint64_t)ni);
    for (intptr_t i = 0; i < ni; i++) bc_put_varint(&b, idx[i]);
    bc_put_varint(&b, (uint64_t)nr);
    for (intptr_t i = 0; i < nr; i++) bc_put_varint(&b, idx[ni + i]);
    free(idx);
    return intern_type(w, &b);
  }
  if (mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t)) { /* tensor<..> of a dense attribute -> tile */
    ct_elem e = ct_elem_from_mlir(mlirShapedTypeGetElementType(t));
    intptr_t rank = mlirShapedTypeGetRank(t);
    if (e == CT_ELEM_NONE || rank > CT_MAX_RANK) {
      bw_error(w, "unsupported attribute type in bytecode writer");
      return 0;
    }
    int64_t shape[CT_MAX_RANK];
    for (intptr_t i = 0; i < rank; i++) shape[i] = mlirShapedTypeGetDimSize(t, i);
    ct_type tile = ct_tile_type(e, (int)rank, shape);
    return type_ct(w, &tile);
  }
  if (mlirTypeIsAOpaque(t)) { /* a bare !cuda_tile.ptr<elem> (function arguments of tests) */
    MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(t), d = mlirOpaqueTypeGetData(t);
    if (ns.length == 9 && memcmp(ns.data, "cuda_tile", 9) == 0 && d.length > 5 && memcmp(d.data, "ptr<", 4) == 0 &&
        d.data[d.length - 1] == '>') {
      size_t n = d.length - 5, en = n;
      uint8_t pa = 0;
      for (uint8_t v = 1; v <= CT_PTR_ATTR_MAX; v++) { /* `ptr<f32, <none>>` */
        size_t l = strlen(ct_ptr_attr_name(v)) + 4;
        if (n > l && memcmp(d.data + 4 + n - l, ", <", 3) == 0 && memcmp(d.data + 4 + n - l + 3, ct_ptr_attr_name(v), l - 4) == 0 &&
            d.data[4 + n - 1] == '>')
          pa = v, en = n - l;
      }
      ct_elem pe = ct_elem_from_name(d.data + 4, en);
      if (pe != CT_ELEM_NONE && pe != CT_PTR) return type_elem(w, CT_PTR, pe, pa);
    }
  }
  ct_elem e = ct_elem_from_mlir(t);
  if (e == CT_ELEM_NONE) {
    bw_error(w, "unsupported type in bytecode writer");
    return 0;
  }
  return type_scalar(w, e);
}

/* ------------------------------------------------------------------ constants */

static size_t elem_storage_bits(MlirType elem) {
  unsigned bits = 0;
  if (mlirTypeIsAInteger(elem)) bits = mlirIntegerTypeGetWidth(elem);
  else if (mlirTypeIsAFloat(elem)) bits = mlirFloatTypeGetWidth(elem);
  else if (mlirTypeIsAIndex(elem)) bits = 64;
  return bits == 1 ? 1 : (bits + 7) / 8 * 8;
}

/* Size of MLIR's raw buffer of a dense int/float attribute (what getRawData() spans). */
static size_t dense_raw_size(MlirAttribute a) {
  MlirType st = mlirAttributeGetType(a);
  size_t bits = elem_storage_bits(mlirShapedTypeGetElementType(st));
  if (mlirDenseElementsAttrIsSplat(a)) return bits == 1 ? 1 : bits / 8;
  int64_t n = mlirElementsAttrGetNumElements(a);
  return bits == 1 ? (size_t)(n + 7) / 8 : (size_t)n * (bits / 8);
}

static uint64_t const_index(bw *w, MlirAttribute a) {
  int64_t found = table_find(&w->consts, NULL, 0, a.ptr);
  if (found >= 0) return (uint64_t)found;
  ct_strbuf b;
  ct_strbuf_init(&b);
  size_t n = dense_raw_size(a);
  bc_put_varint(&b, n);
  ct_strbuf_append(&b, (const char *)mlirDenseElementsAttrGetRawData(a), n);
  uint64_t idx = table_intern(&w->consts, b.data, b.len, a.ptr);
  ct_strbuf_free(&b);
  return idx;
}

/* ------------------------------------------------------------------ attributes */

static uint64_t float_bits(bw *w, MlirAttribute a, unsigned *width) {
  MlirType t = mlirAttributeGetType(a);
  double d = mlirFloatAttrGetValueDouble(a);
  ct_elem e = ct_elem_from_mlir(t);
  *width = mlirFloatTypeGetWidth(t);
  switch (e) {
  case CT_F32: {
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  case CT_F64: {
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
  }
  case CT_F16: return bc_double_to_half(d);
  case CT_BF16: return bc_double_to_bfloat(d);
  default: bw_error(w, "unsupported float attribute type in bytecode writer"); return 0;
  }
}

/* writeAPInt: <= 8 bits one byte, <= 64 bits a zigzag varint of the zero-extended value. */
static void put_apint(ct_strbuf *b, uint64_t v, unsigned width) {
  if (width < 64) v &= (((uint64_t)1 << width) - 1);
  if (width <= 8) bc_put_byte(b, (uint8_t)v);
  else bc_put_svarint(b, (int64_t)v);
}

static void put_self_contained(bw *w, ct_strbuf *b, MlirAttribute a);

static void put_dict_entries(bw *w, ct_strbuf *b, MlirAttribute dict) {
  intptr_t n = mlirDictionaryAttrGetNumElements(dict);
  bc_put_varint(b, (uint64_t)n);
  for (intptr_t i = 0; i < n; i++) {
    MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, i);
    bc_put_varint(b, str_index_ref(w, mlirIdentifierStr(na.name)));
    put_self_contained(w, b, na.attribute);
  }
}

static void put_self_contained(bw *w, ct_strbuf *b, MlirAttribute a) {
  if (mlirAttributeIsAType(a)) {
    bc_put_varint(b, BC_AT_TYPE);
    bc_put_varint(b, type_index(w, mlirTypeAttrGetValue(a)));
  } else if (mlirAttributeIsAString(a)) {
    bc_put_varint(b, BC_AT_STRING);
    bc_put_varint(b, str_index_ref(w, mlirStringAttrGetValue(a)));
  } else if (mlirAttributeIsAInteger(a)) { /* BoolAttr too: NVIDIA's switch tests IntegerAttr first */
    MlirType t = mlirAttributeGetType(a);
    bc_put_varint(b, BC_AT_INTEGER);
    bc_put_varint(b, type_index(w, t));
    unsigned width = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t) : 64;
    uint64_t v = (uint64_t)mlirIntegerAttrGetValueInt(a);
    if (width < 64) v &= (((uint64_t)1 << width) - 1);
    bc_put_varint(b, v);
  } else if (mlirAttributeIsAFloat(a)) {
    bc_put_varint(b, BC_AT_FLOAT);
    bc_put_varint(b, type_index(w, mlirAttributeGetType(a)));
    unsigned width;
    uint64_t bits = float_bits(w, a, &width);
    put_apint(b, bits, width);
  } else if (mlirAttributeIsABool(a)) {
    bc_put_varint(b, BC_AT_BOOL);
    bc_put_byte(b, mlirBoolAttrGetValue(a) ? 1 : 0);
  } else if (mlirAttributeIsADenseElements(a) && !mlirAttributeIsADenseResourceElements(a)) {
    bc_put_varint(b, BC_AT_DENSE);
    bc_put_varint(b, type_index(w, mlirAttributeGetType(a)));
    bc_put_varint(b, const_index(w, a));
  } else if (mlirAttributeIsAArray(a)) {
    intptr_t n = mlirArrayAttrGetNumElements(a);
    bc_put_varint(b, BC_AT_ARRAY);
    bc_put_varint(b, (uint64_t)n);
    for (intptr_t i = 0; i < n; i++) put_self_contained(w, b, mlirArrayAttrGetElement(a, i));
  } else if (mlirAttributeIsADictionary(a)) {
    bc_put_varint(b, BC_AT_DICT);
    put_dict_entries(w, b, a);
  } else {
    bw_error(w, "unsupported attribute type in bytecode writer");
  }
}

/* `#cuda_tile.optimization_hints<sm_100 = {k = v, ...}, ...>` -> the dictionary it holds
 * (a DictionaryAttr sorts its keys, as NVIDIA's attribute does). */
static MlirAttribute hints_dict(bw *w, MlirAttribute a) {
  if (!mlirAttributeIsAOpaque(a)) return mlirAttributeGetNull();
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  const char *mn = "optimization_hints<";
  size_t ml = strlen(mn);
  if (d.length < ml + 1 || memcmp(d.data, mn, ml) != 0 || d.data[d.length - 1] != '>') return mlirAttributeGetNull();
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_putc(&sb, '{');
  ct_strbuf_append(&sb, d.data + ml, d.length - ml - 1);
  ct_strbuf_putc(&sb, '}');
  MlirAttribute dict = mlirAttributeParseGet(w->mctx, mlirStringRefCreate(sb.data, sb.len));
  ct_strbuf_free(&sb);
  if (mlirAttributeIsNull(dict) || !mlirAttributeIsADictionary(dict)) return mlirAttributeGetNull();
  return dict;
}

static void put_hints_untagged(bw *w, ct_strbuf *b, MlirAttribute a) {
  MlirAttribute dict = hints_dict(w, a);
  if (mlirAttributeIsNull(dict)) {
    bw_error(w, "malformed optimization_hints attribute");
    return;
  }
  put_dict_entries(w, b, dict);
}

/* Parse a signed integer or `?` (absent); advances *p. */
static bool scan_int(const char **p, const char *end, bool *present, int64_t *v) {
  while (*p < end && **p == ' ') (*p)++;
  if (*p < end && **p == '?') {
    (*p)++;
    *present = false;
    return true;
  }
  char *e;
  char tmp[32];
  size_t n = 0;
  while (*p + n < end && n < sizeof tmp - 1 && ((*p)[n] == '-' || ((*p)[n] >= '0' && (*p)[n] <= '9'))) n++;
  if (!n) return false;
  memcpy(tmp, *p, n);
  tmp[n] = 0;
  *v = strtoll(tmp, &e, 10);
  *p += n;
  *present = true;
  return true;
}

static bool eat(const char **p, const char *end, const char *lit) {
  while (*p < end && **p == ' ') (*p)++;
  size_t n = strlen(lit);
  if ((size_t)(end - *p) < n || memcmp(*p, lit, n) != 0) return false;
  *p += n;
  return true;
}

/* Assume predicates (opaque `div_by<..>`, `same_elements<[..]>`, `bounded<lb, ub>`), tagged. */
static void put_assume_pred(bw *w, ct_strbuf *b, MlirAttribute a) {
  if (!mlirAttributeIsAOpaque(a)) {
    bw_error(w, "malformed assume predicate");
    return;
  }
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  const char *p = d.data, *end = d.data + d.length;
  bool present;
  int64_t v;
  if (eat(&p, end, "div_by<")) {
    int64_t div, every = 0, along = 0;
    bool has_every = false, has_along = false;
    if (!scan_int(&p, end, &present, &div) || !present) goto bad;
    if (eat(&p, end, ",")) {
      if (eat(&p, end, "every")) {
        if (!scan_int(&p, end, &has_every, &every) || !has_every) goto bad;
      }
      if (eat(&p, end, "along")) {
        if (!scan_int(&p, end, &has_along, &along) || !has_along) goto bad;
      }
    }
    if (!eat(&p, end, ">")) goto bad;
    bc_put_varint(b, BC_AT_DIV_BY);
    bc_put_varint(b, (uint64_t)div);
    bc_put_byte(b, (uint8_t)((has_every ? 1 : 0) | (has_along ? 2 : 0)));
    if (has_every) bc_put_svarint(b, every);
    if (has_along) bc_put_svarint(b, along);
    return;
  }
  if (eat(&p, end, "same_elements<")) {
    int64_t vals[CT_MAX_RANK * 2];
    int n = 0;
    if (!eat(&p, end, "[")) goto bad;
    if (!eat(&p, end, "]")) {
      do {
        if (n >= (int)(sizeof vals / sizeof vals[0]) || !scan_int(&p, end, &present, &v) || !present) goto bad;
        vals[n++] = v;
      } while (eat(&p, end, ","));
      if (!eat(&p, end, "]")) goto bad;
    }
    if (!eat(&p, end, ">")) goto bad;
    bc_put_varint(b, BC_AT_SAME_ELEMENTS);
    put_i64_list(b, vals, n);
    return;
  }
  if (eat(&p, end, "bounded<")) {
    int64_t lb = 0, ub = 0;
    bool has_lb, has_ub;
    if (!scan_int(&p, end, &has_lb, &lb) || !eat(&p, end, ",") || !scan_int(&p, end, &has_ub, &ub) ||
        !eat(&p, end, ">"))
      goto bad;
    bc_put_varint(b, BC_AT_BOUNDED);
    bc_put_byte(b, (uint8_t)((has_lb ? 1 : 0) | (has_ub ? 2 : 0)));
    if (has_lb) bc_put_svarint(b, lb);
    if (has_ub) bc_put_svarint(b, ub);
    return;
  }
bad:
  bw_error(w, "unsupported assume predicate '%.*s' in bytecode writer", (int)d.length, d.data);
}

/* ------------------------------------------------------------------ ops */

static MlirAttribute op_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static int enum_default(const ct_attr_info *ai) {
  if (!ai || !ai->dflt) return 0;
  int n;
  const char *const *names = ct_attr_kind_names(ai->kind, &n);
  for (int i = 0; names && i < n; i++)
    if (strcmp(names[i], ai->dflt) == 0) return i;
  return 0;
}

static void put_operand(bw *w, ct_strbuf *b, MlirValue v) {
  int64_t idx = vm_find(&w->values, v);
  if (idx < 0) {
    bw_error(w, "operand defined outside the function (not representable in bytecode)");
    idx = 0;
  }
  bc_put_varint(b, (uint64_t)idx);
}

static bool flag_present(bw *w, MlirOperation op, const bc_flag_item *f) {
  if (f->is_operand) {
    int s, n;
    return ct_op_group_range(op, f->group, &s, &n) && n > 0;
  }
  MlirAttribute a = op_attr(op, f->name);
  if (mlirAttributeIsNull(a)) return false;
  if (mlirAttributeIsABool(a)) return mlirBoolAttrGetValue(a);
  return true;
}

static void write_block(bw *w, ct_strbuf *b, MlirBlock block);
/* Before 13.4 ftof rounded to nearest even only (and toward zero / up to f8E8M0FNU): another mode
 * (13.4's directed and nearest_away conversions) cannot be written for an older reader. */
static bool ftof_rounding_encodable(bw *w, MlirOperation op) {
  ct_rounding rm = ct_attr_rounding(op);
  ct_type d;
  if (rm == CT_RND_NEAREST_EVEN ||
      (ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &d) && d.elem == CT_F8E8M0FNU))
    return true;
  bw_error(w, "ftof with rounding<%s> requires bytecode version 13.4+, targeting %s", ct_rounding_names[rm],
           vname(w->version));
  return false;
}

static void write_op(bw *w, ct_strbuf *b, MlirOperation op);

static void write_attr(bw *w, ct_strbuf *b, MlirOperation op, const ct_op_info *info, const bc_attr_item *it) {
  MlirAttribute a = op_attr(op, it->name);
  const ct_attr_info *ai = ct_op_attr_info(info, it->name);
  switch (it->kind) {
  case BC_A_ENUM: {
    int v = ct_enum_attr(op, it->name, ai ? ai->kind : CT_AK_ANY, enum_default(ai));
    if (v < 0) bw_error(w, "malformed '%s' attribute", it->name);
    bc_put_varint(b, (uint64_t)(v < 0 ? 0 : v));
    break;
  }
  case BC_A_INT: bc_put_varint(b, (uint64_t)ct_attr_int(op, it->name, 0)); break;
  case BC_A_BOOL: bc_put_byte(b, ct_attr_bool(op, it->name, false) ? 1 : 0); break;
  case BC_A_STR:
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) bw_error(w, "missing string attribute '%s'", it->name);
    else bc_put_varint(b, str_index_ref(w, mlirStringAttrGetValue(a)));
    break;
  case BC_A_SYM:
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAFlatSymbolRef(a)) bw_error(w, "missing symbol attribute '%s'", it->name);
    else bc_put_varint(b, str_index_ref(w, mlirFlatSymbolRefAttrGetValue(a)));
    break;
  case BC_A_DENSE:
    if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseElements(a) || mlirAttributeIsADenseResourceElements(a))
      bw_error(w, "missing dense attribute '%s'", it->name);
    else bc_put_varint(b, const_index(w, a));
    break;
  case BC_A_I32ARR: {
    if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a)) {
      bw_error(w, "missing array attribute '%s'", it->name);
      break;
    }
    intptr_t n = mlirDenseArrayGetNumElements(a);
    bc_put_varint(b, (uint64_t)n);
    for (intptr_t i = 0; i < n; i++) bc_put_le(b, (uint32_t)mlirDenseI32ArrayGetElement(a, i), 4);
    break;
  }
  case BC_A_ARRAY: {
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a)) {
      bw_error(w, "missing array attribute '%s'", it->name);
      break;
    }
    intptr_t n = mlirArrayAttrGetNumElements(a);
    bc_put_varint(b, (uint64_t)n);
    for (intptr_t i = 0; i < n; i++) put_self_contained(w, b, mlirArrayAttrGetElement(a, i));
    break;
  }
  case BC_A_BOOLARR: {
    if (!mlirAttributeIsNull(a) && mlirAttributeIsADenseBoolArray(a)) {
      intptr_t n = mlirDenseArrayGetNumElements(a);
      bc_put_varint(b, (uint64_t)n);
      for (intptr_t i = 0; i < n; i++) bc_put_byte(b, mlirDenseBoolArrayGetElement(a, i) ? 1 : 0);
      break;
    }
    if (!mlirAttributeIsNull(a)) {
      bw_error(w, "malformed '%s' attribute", it->name);
      break;
    }
    /* absent: all false, one entry per index (as cuTile writes it) */
    int s = 0, n = 0;
    for (int g = 0; g < info->noperands; g++)
      if (strcmp(info->operands[g].name, "index") == 0 && !ct_op_group_range(op, g, &s, &n)) n = 0;
    bc_put_varint(b, (uint64_t)n);
    for (int i = 0; i < n; i++) bc_put_byte(b, 0);
    break;
  }
  case BC_A_HINTS: put_hints_untagged(w, b, a); break;
  case BC_A_ASSUME: put_assume_pred(w, b, a); break;
  }
}

static bool attr_is_default(MlirOperation op, const ct_op_info *info, const bc_attr_item *it) {
  MlirAttribute a = op_attr(op, it->name);
  if (mlirAttributeIsNull(a)) return true;
  if (it->kind == BC_A_BOOLARR && mlirAttributeIsADenseBoolArray(a)) {
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); i++)
      if (mlirDenseBoolArrayGetElement(a, i)) return false;
    return true;
  }
  const ct_attr_info *ai = ct_op_attr_info(info, it->name);
  if (it->kind != BC_A_ENUM || !ai) return false;
  return ct_enum_attr(op, it->name, ai->kind, enum_default(ai)) == enum_default(ai);
}

static void write_op(bw *w, ct_strbuf *b, MlirOperation op) {
  if (w->failed) return;
  w->cur_op = op;
  ct_op_id id = ct_op_id_of(op);
  const ct_op_info *info = ct_op_info_get(id);
  const bc_op_spec *spec = bc_spec_for_op(id);
  if (!spec) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    bw_error(w, "operation '%.*s' not supported in bytecode", (int)name.length, name.data);
    return;
  }
  if (spec->since > w->version) {
    bw_error(w, "operation '%s' requires bytecode version %s+, targeting %s", info->full_name, vname(spec->since),
             vname(w->version));
    return;
  }
  if (id == CT_OP_ftof && w->version < CT_BYTECODE_13_4 && !ftof_rounding_encodable(w, op)) return;
  bc_put_varint(b, spec->opcode);
  di_op(w, op); /* NVIDIA records the location after the opcode, before the op's regions */
  if (w->failed) return;

  /* result types */
  intptr_t nres = mlirOperationGetNumResults(op);
  intptr_t written_res = nres;
  if (spec->results_since > w->version) {
    for (intptr_t i = 0; i < nres; i++)
      if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i)))) {
        bw_error(w, "result of '%s' is used but requires bytecode version %s+, targeting %s", info->full_name,
                 vname(spec->results_since), vname(w->version));
        return;
      }
    written_res = 0;
  }
  if (spec->results == BC_RES_SIZED) bc_put_varint(b, (uint64_t)written_res);
  for (intptr_t i = 0; i < written_res; i++) bc_put_varint(b, type_index(w, mlirValueGetType(mlirOperationGetResult(op, i))));

  /* flags */
  uint64_t flags = 0;
  int bit = 0;
  bool any_flag_field = false;
  for (int i = 0; i < spec->nflags; i++) {
    const bc_flag_item *f = &spec->flags[i];
    bool present = flag_present(w, op, f);
    if (f->since > w->version) {
      if (present) {
        bw_error(w, "optional %s '%s' is provided but requires bytecode version %s, targeting %s",
                 f->is_operand ? "operand" : "attribute", f->name, vname(f->since), vname(w->version));
        return;
      }
      continue;
    }
    any_flag_field = true;
    if (present) flags |= (uint64_t)1 << bit;
    bit++;
  }
  if (any_flag_field) bc_put_varint(b, flags);

  /* attributes */
  for (int i = 0; i < spec->nattrs; i++) {
    const bc_attr_item *it = &spec->attrs[i];
    if (it->since > w->version) {
      if (!attr_is_default(op, info, it)) {
        bw_error(w, "attribute '%s' requires bytecode version %s+, but targeting %s", it->name, vname(it->since),
                 vname(w->version));
        return;
      }
      continue;
    }
    if (it->optional && mlirAttributeIsNull(op_attr(op, it->name))) continue;
    write_attr(w, b, op, info, it);
  }

  /* operands */
  intptr_t nopnd = mlirOperationGetNumOperands(op);
  switch (spec->operands) {
  case BC_OPN_NONE: break;
  case BC_OPN_EACH:
    for (intptr_t i = 0; i < nopnd; i++) put_operand(w, b, mlirOperationGetOperand(op, i));
    break;
  case BC_OPN_COUNTED:
    bc_put_varint(b, (uint64_t)nopnd);
    for (intptr_t i = 0; i < nopnd; i++) put_operand(w, b, mlirOperationGetOperand(op, i));
    break;
  case BC_OPN_GROUPS:
    for (int g = 0; g < info->noperands; g++) {
      int s, n;
      if (!ct_op_group_range(op, g, &s, &n)) {
        bw_error(w, "malformed operand segments");
        return;
      }
      if (info->operands[g].kind == CT_GROUP_VARIADIC) bc_put_varint(b, (uint64_t)n);
      for (int k = 0; k < n; k++) put_operand(w, b, mlirOperationGetOperand(op, s + k));
    }
    break;
  }

  /* regions */
  if (spec->regions) {
    intptr_t nreg = mlirOperationGetNumRegions(op);
    bc_put_varint(b, (uint64_t)nreg);
    for (intptr_t r = 0; r < nreg; r++) {
      MlirRegion region = mlirOperationGetRegion(op, r);
      uint64_t nblocks = 0;
      for (MlirBlock bl = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(bl); bl = mlirBlockGetNextInRegion(bl))
        nblocks++;
      bc_put_varint(b, nblocks);
      for (MlirBlock bl = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(bl); bl = mlirBlockGetNextInRegion(bl))
        write_block(w, b, bl);
      w->cur_op = op;
    }
  }
  for (intptr_t i = 0; i < written_res; i++) vm_push(&w->values, mlirOperationGetResult(op, i));
}

static void write_block(bw *w, ct_strbuf *b, MlirBlock block) {
  size_t saved = w->values.count;
  intptr_t nargs = mlirBlockGetNumArguments(block);
  bc_put_varint(b, (uint64_t)nargs);
  for (intptr_t i = 0; i < nargs; i++) {
    MlirValue arg = mlirBlockGetArgument(block, i);
    bc_put_varint(b, type_index(w, mlirValueGetType(arg)));
    vm_push(&w->values, arg);
  }
  uint64_t nops = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    nops++;
  bc_put_varint(b, nops);
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    write_op(w, b, o);
  vm_truncate(&w->values, saved);
}

/* ------------------------------------------------------------------ sections */

static void section_header(ct_strbuf *out, size_t base, int id, size_t len, unsigned align) {
  bc_put_byte(out, (uint8_t)((id & 0x7F) | (align > 1 ? 0x80 : 0)));
  bc_put_varint(out, len);
  if (align > 1) {
    bc_put_varint(out, align);
    while ((out->len - base) % align) bc_put_byte(out, BC_PAD_BYTE);
  }
}

static void pad_to(ct_strbuf *b, unsigned align) {
  while (b->len % align) bc_put_byte(b, BC_PAD_BYTE);
}

/* numEntries, pad, offsets (offset_bytes each), data. */
static void write_table_section(ct_strbuf *out, size_t base, int id, const blob_table *t, int offset_bytes) {
  ct_strbuf s;
  ct_strbuf_init(&s);
  bc_put_varint(&s, t->count);
  pad_to(&s, (unsigned)offset_bytes);
  uint64_t off = 0;
  for (size_t i = 0; i < t->count; i++) {
    bc_put_le(&s, off, offset_bytes);
    off += t->items[i].len;
  }
  for (size_t i = 0; i < t->count; i++) ct_strbuf_append(&s, t->items[i].data, t->items[i].len);
  section_header(out, base, id, s.len, (unsigned)offset_bytes);
  ct_strbuf_append(out, s.data ? s.data : "", s.len);
  ct_strbuf_free(&s);
}


/* ------------------------------------------------------------------ debug info (section 3) */

static uint64_t di_find(bw *w, bool is_loc, const void *key) {
  for (size_t i = 0; i < w->ndi; i++)
    if (w->di[i].is_loc == is_loc && (is_loc ? w->di[i].loc.ptr : w->di[i].attr.ptr) == key) return i + 1;
  return 0;
}

static uint64_t di_push(bw *w, struct di_ent e) {
  if (w->ndi == w->di_cap) {
    w->di_cap = w->di_cap ? 2 * w->di_cap : 16;
    w->di = realloc(w->di, w->di_cap * sizeof *w->di);
    if (!w->di) abort();
  }
  w->di[w->ndi++] = e;
  return w->ndi;
}

/* NVIDIA's getDebugInfoIndex for a di attribute: its dependencies first, then itself. */
static uint64_t di_attr_index(bw *w, MlirAttribute a) {
  uint64_t i = di_find(w, false, a.ptr);
  if (i) return i;
  ct_di_node n;
  if (!ct_di_attr_get(w->mctx, a, &n)) {
    bw_error(w, "malformed debug info attribute");
    return 0;
  }
  if (n.kind == CT_DI_COMPILE_UNIT) di_attr_index(w, n.file);
  else if (n.kind == CT_DI_LEXICAL_BLOCK) di_attr_index(w, n.scope), di_attr_index(w, n.file);
  else if (n.kind == CT_DI_SUBPROGRAM) di_attr_index(w, n.file), di_attr_index(w, n.compile_unit);
  return di_push(w, (struct di_ent){false, {NULL}, a});
}

/* A location: FileLineCol and unknown are the reserved index 0; di_loc and callsite are entries;
 * fused and name locations are refused (NVIDIA 13.3's writer). */
static uint64_t di_loc_index(bw *w, MlirLocation loc) {
  if (w->failed || mlirLocationIsNull(loc) || mlirLocationIsAFileLineColRange(loc) ||
      mlirLocationEqual(loc, mlirLocationUnknownGet(w->mctx)))
    return 0;
  uint64_t i = di_find(w, true, loc.ptr);
  if (i) return i;
  MlirAttribute scope;
  if (ct_di_loc_split(loc, NULL, &scope)) {
    di_attr_index(w, scope);
  } else if (mlirLocationIsACallSite(loc)) {
    di_loc_index(w, mlirLocationCallSiteGetCallee(loc));
    di_loc_index(w, mlirLocationCallSiteGetCaller(loc));
  } else {
    bw_error(w, "unsupported location, got %s, expected DILocAttr or CallSiteLoc",
             mlirLocationIsAFused(loc) ? "FusedLoc" : mlirLocationIsAName(loc) ? "NameLoc" : "an unknown location kind");
    return 0;
  }
  if (w->failed) return 0;
  return di_push(w, (struct di_ent){true, loc, {NULL}});
}

/* NVIDIA's getOpIndex + addDebugInfo for a function: 0 when its location is reserved. */
static uint64_t di_function(bw *w, MlirOperation fn) {
  MlirLocation loc = mlirOperationGetLocation(fn);
  if (mlirLocationIsAFileLineColRange(loc) || mlirLocationEqual(loc, mlirLocationUnknownGet(w->mctx))) return 0;
  w->fn_lists = realloc(w->fn_lists, (w->nfn_lists + 1) * sizeof *w->fn_lists);
  if (!w->fn_lists) abort();
  w->fn_lists[w->nfn_lists] = calloc(1, sizeof(uint64_t));
  if (!w->fn_lists[w->nfn_lists]) abort();
  uint64_t k = ++w->nfn_lists;
  w->cur_op = fn;
  uint64_t save = w->cur_fn_di;
  w->cur_fn_di = k;
  di_op(w, fn);
  w->cur_fn_di = save;
  return k;
}

/* NVIDIA 13.3's writer refuses fused and name locations on any op, even where (in a function
 * without debug info) the location is not written. */
static bool di_loc_check(bw *w, MlirLocation loc) {
  if (mlirLocationIsNull(loc) || ct_di_loc_split(loc, NULL, NULL) || mlirLocationIsAFileLineColRange(loc)) return true;
  if (mlirLocationIsACallSite(loc))
    return di_loc_check(w, mlirLocationCallSiteGetCallee(loc)) && di_loc_check(w, mlirLocationCallSiteGetCaller(loc));
  if (mlirLocationIsAFused(loc) || mlirLocationIsAName(loc)) {
    bw_error(w, "unsupported location, got %s, expected DILocAttr or CallSiteLoc",
             mlirLocationIsAFused(loc) ? "FusedLoc" : "NameLoc");
    return false;
  }
  return true;
}

/* Append the location of an op to the current function's list. */
static void di_op(bw *w, MlirOperation op) {
  if (!di_loc_check(w, mlirOperationGetLocation(op))) return;
  if (!w->cur_fn_di) return;
  uint64_t idx = di_loc_index(w, mlirOperationGetLocation(op));
  uint64_t **l = &w->fn_lists[w->cur_fn_di - 1];
  uint64_t n = (*l)[0] + 1;
  *l = realloc(*l, (size_t)(n + 1) * sizeof **l);
  if (!*l) abort();
  (*l)[0] = n;
  (*l)[n] = idx;
}

static void di_write_section(bw *w, ct_strbuf *out, size_t base) {
  if (!w->nfn_lists && !w->ndi) return;
  ct_strbuf s;
  ct_strbuf_init(&s);
  bc_put_varint(&s, w->nfn_lists);
  pad_to(&s, 4);
  uint64_t total = 0;
  for (size_t k = 0; k < w->nfn_lists; k++) {
    bc_put_le(&s, total, 4);
    total += w->fn_lists[k][0];
  }
  bc_put_varint(&s, total);
  pad_to(&s, 8);
  for (size_t k = 0; k < w->nfn_lists; k++)
    for (uint64_t j = 1; j <= w->fn_lists[k][0]; j++) bc_put_le(&s, w->fn_lists[k][j], 8);
  bc_put_varint(&s, w->ndi);
  pad_to(&s, 4);
  size_t offs = s.len;
  for (size_t i = 0; i < w->ndi; i++) bc_put_le(&s, 0, 4);
  size_t data = s.len;
  ct_strbuf tmp;
  ct_strbuf_init(&tmp);
  for (size_t i = 0; i < w->ndi; i++) {
    uint64_t off = s.len - data;
    for (int b = 0; b < 4; b++) s.data[offs + i * 4 + (size_t)b] = (char)((off >> (8 * b)) & 0xFF);
    struct di_ent *e = &w->di[i];
    MlirLocation flc;
    MlirAttribute scope;
    if (e->is_loc && ct_di_loc_split(e->loc, &flc, &scope)) {
      bc_put_varint(&s, BC_DI_LOC);
      bc_put_varint(&s, di_attr_index(w, scope));
      bc_put_varint(&s, str_index_ref(w, mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(flc))));
      bc_put_varint(&s, (uint64_t)mlirLocationFileLineColRangeGetStartLine(flc));
      bc_put_varint(&s, (uint64_t)mlirLocationFileLineColRangeGetStartColumn(flc));
    } else if (e->is_loc) {
      bc_put_varint(&s, BC_DI_CALL_SITE);
      bc_put_varint(&s, di_loc_index(w, mlirLocationCallSiteGetCallee(e->loc)));
      bc_put_varint(&s, di_loc_index(w, mlirLocationCallSiteGetCaller(e->loc)));
    } else {
      ct_di_node n;
      ct_di_attr_get(w->mctx, e->attr, &n);
      switch (n.kind) {
      case CT_DI_FILE:
        bc_put_varint(&s, BC_DI_FILE);
        ct_strbuf_clear(&tmp);
        ct_di_unescape(n.name, &tmp);
        bc_put_varint(&s, str_index(w, tmp.data ? tmp.data : "", tmp.len));
        ct_strbuf_clear(&tmp);
        ct_di_unescape(n.dir_or_linkage, &tmp);
        bc_put_varint(&s, str_index(w, tmp.data ? tmp.data : "", tmp.len));
        break;
      case CT_DI_COMPILE_UNIT:
        bc_put_varint(&s, BC_DI_COMPILE_UNIT);
        bc_put_varint(&s, di_attr_index(w, n.file));
        break;
      case CT_DI_SUBPROGRAM:
        bc_put_varint(&s, BC_DI_SUBPROGRAM);
        bc_put_varint(&s, di_attr_index(w, n.file));
        bc_put_varint(&s, n.line);
        ct_strbuf_clear(&tmp);
        ct_di_unescape(n.name, &tmp);
        bc_put_varint(&s, str_index(w, tmp.data ? tmp.data : "", tmp.len));
        ct_strbuf_clear(&tmp);
        ct_di_unescape(n.dir_or_linkage, &tmp);
        bc_put_varint(&s, str_index(w, tmp.data ? tmp.data : "", tmp.len));
        bc_put_varint(&s, di_attr_index(w, n.compile_unit));
        bc_put_varint(&s, n.has_extra ? n.extra : 0);
        if (w->version >= CT_BYTECODE_13_5) bc_put_varint(&s, 0); /* subprogram flags (13.5; none defined) */
        break;
      case CT_DI_LEXICAL_BLOCK:
        bc_put_varint(&s, BC_DI_LEXICAL_BLOCK);
        bc_put_varint(&s, di_attr_index(w, n.scope));
        bc_put_varint(&s, di_attr_index(w, n.file));
        bc_put_varint(&s, n.line);
        bc_put_varint(&s, n.has_extra ? n.extra : 0);
        break;
      default:
        bc_put_varint(&s, BC_DI_UNKNOWN);
      }
    }
  }
  ct_strbuf_free(&tmp);
  section_header(out, base, BC_SEC_DEBUG, s.len, 8);
  ct_strbuf_append(out, s.data, s.len);
  ct_strbuf_free(&s);
}

static bool is_function_op(ct_op_id id) { return id == CT_OP_entry || id == CT_OP_testing_func; }

static MlirStringRef attr_str(MlirOperation op, const char *name) {
  MlirAttribute a = op_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(a);
}

static void write_globals(bw *w, ct_strbuf *out, size_t base, MlirBlock body) {
  ct_strbuf s;
  ct_strbuf_init(&s);
  uint64_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    n += ct_op_id_of(o) == CT_OP_global;
  if (!n) return;
  bc_put_varint(&s, n);
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (ct_op_id_of(o) != CT_OP_global) continue;
    w->cur_op = o;
    MlirStringRef name = attr_str(o, "sym_name");
    bool constant = ct_attr_unit(o, "constant");
    MlirAttribute vis = op_attr(o, "symbol_visibility");
    bool priv = false;
    if (!mlirAttributeIsNull(vis)) {
      if (mlirAttributeIsAOpaque(vis)) {
        MlirStringRef d = mlirOpaqueAttrGetData(vis);
        priv = d.length >= 9 && memcmp(d.data + d.length - 9, "<private>", 9) == 0;
      } else if (mlirAttributeIsAString(vis)) {
        MlirStringRef d = mlirStringAttrGetValue(vis);
        priv = d.length == 7 && memcmp(d.data, "private", 7) == 0;
      }
    }
    if (w->version < CT_BYTECODE_13_3 && constant) {
      bw_error(w, "constant global `%.*s` cannot be encoded in bytecode version %s (the `constant` attribute "
               "requires bytecode 13.3+)", (int)name.length, name.data, vname(w->version));
      break;
    }
    if (w->version < CT_BYTECODE_13_3 && priv) {
      bw_error(w, "global `%.*s` uses non-public symbol visibility, which cannot be encoded in bytecode version "
               "%s (requires bytecode 13.3+)", (int)name.length, name.data, vname(w->version));
      break;
    }
    MlirAttribute value = op_attr(o, "value");
    if (mlirAttributeIsNull(value) || !mlirAttributeIsADenseElements(value) ||
        mlirAttributeIsADenseResourceElements(value)) {
      bw_error(w, "global without a dense value");
      break;
    }
    bc_put_varint(&s, str_index_ref(w, name));
    bc_put_varint(&s, type_index(w, mlirAttributeGetType(value)));
    bc_put_varint(&s, const_index(w, value));
    bc_put_varint(&s, (uint64_t)ct_attr_int(o, "alignment", 0));
    if (w->version >= CT_BYTECODE_13_3) {
      bc_put_byte(&s, priv ? 1 : 0);
      bc_put_varint(&s, constant ? 1 : 0);
    }
  }
  if (!w->failed) {
    section_header(out, base, BC_SEC_GLOBAL, s.len, 1);
    ct_strbuf_append(out, s.data, s.len);
  }
  ct_strbuf_free(&s);
}

static void write_functions(bw *w, ct_strbuf *out, size_t base, MlirBlock body, const uint64_t *name_idx,
                            const uint64_t *sig_idx, uint64_t nfuncs) {
  ct_strbuf s;
  ct_strbuf_init(&s);
  bc_put_varint(&s, nfuncs);
  uint64_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o) && !w->failed;
       o = mlirOperationGetNextInBlock(o)) {
    ct_op_id id = ct_op_id_of(o);
    if (!is_function_op(id)) continue;
    w->cur_op = o;
    bool kernel = id == CT_OP_entry;
    MlirAttribute hints = kernel ? op_attr(o, "optimization_hints") : mlirAttributeGetNull();
    bc_put_varint(&s, name_idx[k]);
    bc_put_varint(&s, sig_idx[k]);
    bool v135 = w->version >= CT_BYTECODE_13_5;
    /* 13.5: no hints bit; an entry always has its (possibly empty) hints, every function its arg_attrs */
    bc_put_byte(&s, (uint8_t)((kernel ? BC_FN_KERNEL : 0) | (!v135 && !mlirAttributeIsNull(hints) ? BC_FN_HINTS : 0)));
    bc_put_varint(&s, w->fn_di[k]); /* location index (0: FileLineCol/unknown, NVIDIA's reserved index) */
    w->cur_fn_di = w->fn_di[k];
    if (!mlirAttributeIsNull(hints)) {
      bc_put_varint(&s, BC_AT_HINTS);
      put_hints_untagged(w, &s, hints);
    } else if (kernel && v135) {
      bc_put_varint(&s, BC_AT_HINTS);
      bc_put_varint(&s, 0);
    }
    if (v135) {
      MlirAttribute aa = op_attr(o, "arg_attrs");
      if (!mlirAttributeIsNull(aa) && mlirAttributeIsAArray(aa)) {
        put_self_contained(w, &s, aa);
      } else {
        bc_put_varint(&s, BC_AT_ARRAY);
        bc_put_varint(&s, 0);
      }
    }
    ct_strbuf fb;
    ct_strbuf_init(&fb);
    vm_truncate(&w->values, 0);
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0));
    if (!mlirBlockIsNull(entry)) {
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(entry); i++) vm_push(&w->values, mlirBlockGetArgument(entry, i));
      for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);
           op = mlirOperationGetNextInBlock(op))
        write_op(w, &fb, op);
    }
    w->cur_fn_di = 0;
    bc_put_varint(&s, fb.len);
    ct_strbuf_append(&s, fb.data ? fb.data : "", fb.len);
    ct_strbuf_free(&fb);
    k++;
  }
  pad_to(&s, 8);
  if (!w->failed) {
    section_header(out, base, BC_SEC_FUNC, s.len, 8);
    ct_strbuf_append(out, s.data, s.len);
  }
  ct_strbuf_free(&s);
}

bool ct_bytecode_write(ct_ctx *c, MlirModule m, ct_bytecode_version v, ct_strbuf *out) {
  MlirOperation top = mlirModuleGetOperation(m);
  MlirBlock top_body = mlirModuleGetBody(m);
  MlirOperation module = {NULL};
  int nmodules = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(top_body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (ct_op_id_of(o) == CT_OP_module) {
      if (!nmodules) module = o;
      nmodules++;
    }
  if (nmodules != 1) {
    ct_error_op(c, top, "bytecode holds exactly one cuda_tile.module (found %d)", nmodules);
    return false;
  }
  if (v < CT_BYTECODE_13_1 || v > CT_BYTECODE_13_5) {
    ct_error_op(c, module, "unsupported version requested %d.%d, must be in range [13.1, 13.5]", (int)v >> 8,
                (int)v & 0xFF);
    return false;
  }
  bw w;
  memset(&w, 0, sizeof w);
  w.c = c;
  w.mctx = mlirOperationGetContext(module);
  w.version = (int)v;
  w.consts.by_pointer = true;
  w.cur_op = module;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));

  /* Self-contained check: only functions and globals in the module body. */
  uint64_t nfuncs = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    ct_op_id id = ct_op_id_of(o);
    if (is_function_op(id)) nfuncs++;
    else if (id != CT_OP_global) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(o));
      ct_error_op(c, o, "only function and global ops are allowed in a module written as bytecode (found '%.*s')",
                  (int)name.length, name.data);
      return false;
    }
  }

  size_t base = out->len;
  ct_strbuf_append(out, (const char *)ct_bytecode_magic, 8);
  bc_put_byte(out, (uint8_t)(w.version >> 8));
  bc_put_byte(out, (uint8_t)(w.version & 0xFF));
  bc_put_le(out, 0, 2);

  MlirAttribute producer = op_attr(module, "producer");
  bool has_producer = w.version >= CT_BYTECODE_13_3 && !mlirAttributeIsNull(producer) &&
                      mlirAttributeIsAString(producer);
  uint64_t producer_idx = has_producer ? str_index_ref(&w, mlirStringAttrGetValue(producer)) : 0;

  /* Function names and signatures first (NVIDIA's buildFunctionMap). */
  uint64_t *name_idx = calloc(nfuncs + 1, sizeof *name_idx), *sig_idx = calloc(nfuncs + 1, sizeof *sig_idx);
  w.fn_di = calloc(nfuncs + 1, sizeof *w.fn_di);
  if (!name_idx || !sig_idx || !w.fn_di) abort();
  uint64_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (!is_function_op(ct_op_id_of(o))) continue;
    w.cur_op = o;
    name_idx[k] = str_index_ref(&w, attr_str(o, "sym_name"));
    MlirAttribute ft = op_attr(o, "function_type");
    if (mlirAttributeIsNull(ft) || !mlirAttributeIsAType(ft)) bw_error(&w, "function without a function_type");
    else sig_idx[k] = type_index(&w, mlirTypeAttrGetValue(ft));
    if (!w.failed) w.fn_di[k] = di_function(&w, o);
    k++;
  }
  if (!w.failed) write_globals(&w, out, base, body);
  if (!w.failed) write_functions(&w, out, base, body, name_idx, sig_idx, nfuncs);
  free(name_idx);
  free(sig_idx);
  if (!w.failed) {
    if (w.consts.count) write_table_section(out, base, BC_SEC_CONSTANT, &w.consts, 8);
    di_write_section(&w, out, base);
    write_table_section(out, base, BC_SEC_TYPE, &w.types, 4);
    write_table_section(out, base, BC_SEC_STRING, &w.strings, 4);
    if (has_producer) {
      ct_strbuf s;
      ct_strbuf_init(&s);
      bc_put_varint(&s, producer_idx);
      section_header(out, base, BC_SEC_PRODUCER, s.len, 1);
      ct_strbuf_append(out, s.data, s.len);
      ct_strbuf_free(&s);
    }
    bc_put_byte(out, BC_SEC_END);
  }
  for (size_t i = 0; i < w.nfn_lists; i++) free(w.fn_lists[i]);
  free(w.fn_lists);
  free(w.di);
  free(w.fn_di);
  table_free(&w.strings);
  table_free(&w.types);
  table_free(&w.consts);
  vm_free(&w.values);
  return !w.failed;
}

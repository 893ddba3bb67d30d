/* types: parse, print, verify and convert cuda_tile types (see types.h, docs/ir.md).
 *
 * Algorithm: a tiny cursor-based recursive-descent parser over the canonical spellings NVIDIA's
 * printer produces (whitespace between tokens is tolerated; nested types may carry the
 * `!cuda_tile.` prefix). Shapes are `DxDx...xELEM` where a dimension is a decimal number or `?`
 * (tensor_view only). The printer writes the exact canonical spelling: strides as `[1024,1]`,
 * `padding_value = zero`, `dim_map=[1, 0]` only when not the identity.
 * MLIR side: a type is an OpaqueType(`cuda_tile`, canonical text) made with mlirOpaqueTypeGet, so
 * equal types are the same uniqued MlirType. ct_type_from_mlir re-parses the opaque data (cheap;
 * no cache, so nothing to free).
 * Knobs: none. */
#include "frontend/types.h"

#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#define TYPES_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TYPES_PRINTF(a, b)
#endif

/* ---------------------------------------------------------------- elements */

static const struct {
  ct_elem e;
  const char *name;
  int bits, width;
} elem_table[] = {
    {CT_I1, "i1", 8, 1},           {CT_I4, "i4", 4, 4},         {CT_I8, "i8", 8, 8},
    {CT_I16, "i16", 16, 16},       {CT_I32, "i32", 32, 32},     {CT_I64, "i64", 64, 64},
    {CT_F16, "f16", 16, 16},       {CT_BF16, "bf16", 16, 16},   {CT_F32, "f32", 32, 32},
    {CT_F64, "f64", 64, 64},       {CT_TF32, "tf32", 32, 32},   {CT_F8E4M3FN, "f8E4M3FN", 8, 8},
    {CT_F8E5M2, "f8E5M2", 8, 8},   {CT_F8E8M0FNU, "f8E8M0FNU", 8, 8},
    {CT_F4E2M1FN, "f4E2M1FN", 4, 4}, {CT_F8E5M3FNU, "fnv8E5M3FNU", 8, 8}, {CT_PTR, "ptr", 64, 64},
};
#define ELEM_COUNT (sizeof elem_table / sizeof elem_table[0])

/* Does every value of float type s have an exact place in d? (APFloat's isRepresentableBy: d's
 * precision and normal exponent range cover s's; f8E8M0FNU's 2^-127 is below f32's normal range, so
 * it widens to nothing but f64.) */
bool ct_float_widens(ct_elem s, ct_elem d) {
  static const struct { ct_elem e; int precision, emin, emax; } fmt[] = {
      {CT_F64, 53, -1022, 1023}, {CT_F32, 24, -126, 127}, {CT_TF32, 11, -126, 127}, {CT_F16, 11, -14, 15},
      {CT_BF16, 8, -126, 127},   {CT_F8E4M3FN, 4, -6, 8}, {CT_F8E5M2, 3, -14, 15}, {CT_F8E8M0FNU, 1, -127, 127},
      {CT_F4E2M1FN, 2, 0, 2},   {CT_F8E5M3FNU, 4, -14, 16}};
  int si = -1, di = -1;
  for (int i = 0; i < (int)(sizeof fmt / sizeof fmt[0]); i++) {
    if (fmt[i].e == s) si = i;
    if (fmt[i].e == d) di = i;
  }
  return si >= 0 && di >= 0 && fmt[di].precision >= fmt[si].precision && fmt[di].emin <= fmt[si].emin &&
         fmt[di].emax >= fmt[si].emax;
}

const char *ct_elem_name(ct_elem e) {
  for (size_t i = 0; i < ELEM_COUNT; i++)
    if (elem_table[i].e == e) return elem_table[i].name;
  return "<none>";
}

ct_elem ct_elem_from_name(const char *s, size_t n) {
  for (size_t i = 0; i < ELEM_COUNT; i++)
    if (elem_table[i].e != CT_PTR && strlen(elem_table[i].name) == n && memcmp(elem_table[i].name, s, n) == 0)
      return elem_table[i].e;
  return CT_ELEM_NONE;
}

int ct_elem_bits(ct_elem e) {
  for (size_t i = 0; i < ELEM_COUNT; i++)
    if (elem_table[i].e == e) return elem_table[i].bits;
  return 0;
}

int ct_elem_width(ct_elem e) {
  for (size_t i = 0; i < ELEM_COUNT; i++)
    if (elem_table[i].e == e) return elem_table[i].width;
  return 0;
}

bool ct_elem_is_int(ct_elem e) { return e >= CT_I1 && e <= CT_I64; }
bool ct_elem_is_float(ct_elem e) { return e >= CT_F16 && e <= CT_F8E5M3FNU; }
bool ct_elem_is_base_float(ct_elem e) { return e == CT_F16 || e == CT_BF16 || e == CT_F32 || e == CT_F64; }

MlirType ct_elem_to_mlir(MlirContext ctx, ct_elem e) {
  switch (e) {
  case CT_I1: return mlirIntegerTypeGet(ctx, 1);
  case CT_I4: return mlirIntegerTypeGet(ctx, 4);
  case CT_I8: return mlirIntegerTypeGet(ctx, 8);
  case CT_I16: return mlirIntegerTypeGet(ctx, 16);
  case CT_I32: return mlirIntegerTypeGet(ctx, 32);
  case CT_I64: return mlirIntegerTypeGet(ctx, 64);
  case CT_F16: return mlirF16TypeGet(ctx);
  case CT_BF16: return mlirBF16TypeGet(ctx);
  case CT_F32: return mlirF32TypeGet(ctx);
  case CT_F64: return mlirF64TypeGet(ctx);
  case CT_TF32: return mlirTF32TypeGet(ctx);
  case CT_F8E4M3FN: return mlirFloat8E4M3FNTypeGet(ctx);
  case CT_F8E5M2: return mlirFloat8E5M2TypeGet(ctx);
  case CT_F8E8M0FNU: return mlirFloat8E8M0FNUTypeGet(ctx);
  case CT_F4E2M1FN: return mlirFloat4E2M1FNTypeGet(ctx);
  case CT_F8E5M3FNU: return mlirOpaqueTypeGet(ctx, mlirStringRefCreateFromCString("cuda_tile"), mlirStringRefCreateFromCString("fnv8E5M3FNU"));
  case CT_PTR: return mlirLLVMPointerTypeGet(ctx, 1);
  case CT_ELEM_NONE: break;
  }
  MlirType null = {NULL};
  return null;
}

static const char *padding_names[] = {"", "zero", "neg_zero", "nan", "pos_inf", "neg_inf"};

const char *ct_padding_name(ct_padding p) {
  return (p > CT_PAD_NONE && p <= CT_PAD_NEG_INF) ? padding_names[p] : "";
}

/* ---------------------------------------------------------------- parser */

typedef struct type_cursor {
  const char *s;
  size_t n, i;
  ct_strbuf *err;
  size_t *err_off;
  bool failed;
} type_cursor;

static bool cur_fail(type_cursor *c, const char *fmt, ...) TYPES_PRINTF(2, 3);
static bool cur_fail(type_cursor *c, const char *fmt, ...) {
  if (c->failed) return false;
  c->failed = true;
  if (c->err) {
    va_list ap;
    va_start(ap, fmt);
    ct_strbuf_vprintf(c->err, fmt, ap);
    va_end(ap);
  }
  if (c->err_off) *c->err_off = c->i;
  return false;
}

static void cur_ws(type_cursor *c) {
  while (c->i < c->n && (c->s[c->i] == ' ' || c->s[c->i] == '\t' || c->s[c->i] == '\n' || c->s[c->i] == '\r'))
    c->i++;
}

static bool cur_peek(type_cursor *c, char ch) {
  cur_ws(c);
  return c->i < c->n && c->s[c->i] == ch;
}

static bool cur_eat(type_cursor *c, char ch) {
  if (!cur_peek(c, ch)) return false;
  c->i++;
  return true;
}

static bool cur_expect(type_cursor *c, char ch) {
  if (cur_eat(c, ch)) return true;
  return cur_fail(c, "expected '%c'", ch);
}

static bool is_ident_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '$';
}

/* Identifier at the cursor (letters first); returns its length, 0 when none. */
static size_t cur_ident(type_cursor *c, const char **start) {
  cur_ws(c);
  size_t j = c->i;
  if (j >= c->n || !((c->s[j] >= 'a' && c->s[j] <= 'z') || (c->s[j] >= 'A' && c->s[j] <= 'Z') || c->s[j] == '_'))
    return 0;
  while (j < c->n && is_ident_char(c->s[j])) j++;
  *start = c->s + c->i;
  size_t len = j - c->i;
  c->i = j;
  return len;
}

static bool cur_keyword(type_cursor *c, const char *kw) {
  size_t save = c->i;
  const char *id;
  size_t len = cur_ident(c, &id);
  if (len == strlen(kw) && memcmp(id, kw, len) == 0) return true;
  c->i = save;
  return false;
}

/* Skip an optional `!cuda_tile.` prefix. */
static void cur_prefix(type_cursor *c) {
  cur_ws(c);
  static const char pfx[] = "!cuda_tile.";
  if (c->n - c->i >= sizeof pfx - 1 && memcmp(c->s + c->i, pfx, sizeof pfx - 1) == 0) c->i += sizeof pfx - 1;
}

/* A signed decimal integer (no overflow). */
static bool cur_int(type_cursor *c, int64_t *out, bool *present) {
  cur_ws(c);
  size_t j = c->i;
  bool neg = false;
  if (j < c->n && (c->s[j] == '-' || c->s[j] == '+')) neg = c->s[j++] == '-';
  if (j >= c->n || c->s[j] < '0' || c->s[j] > '9') {
    *present = false;
    return true;
  }
  *present = true;
  uint64_t v = 0;
  while (j < c->n && c->s[j] >= '0' && c->s[j] <= '9') {
    uint64_t d = (uint64_t)(c->s[j] - '0');
    if (v > (UINT64_MAX - d) / 10) return cur_fail(c, "integer value too large");
    v = v * 10 + d;
    j++;
  }
  if ((!neg && v > (uint64_t)INT64_MAX) || (neg && v > (uint64_t)INT64_MAX + 1))
    return cur_fail(c, "integer value too large");
  c->i = j;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
}

static const char *const ptr_attr_names[] = {NULL, "none", "unicast", "multicast"};

const char *ct_ptr_attr_name(uint8_t ptr_attr) { return ptr_attr <= CT_PTR_ATTR_MAX ? ptr_attr_names[ptr_attr] : NULL; }

/* `<none>` after a pointer's pointee / `#cuda_tile.ptr_attr<none>` in a tensor_view (13.4). */
static bool parse_ptr_attr_value(type_cursor *c, uint8_t *out) {
  if (!cur_expect(c, '<')) return false;
  for (uint8_t v = 1; v <= CT_PTR_ATTR_MAX; v++)
    if (cur_keyword(c, ptr_attr_names[v])) {
      *out = v;
      return cur_expect(c, '>');
    }
  return cur_fail(c, "expected pointer attribute 'none', 'unicast' or 'multicast'");
}

/* Parse an element type (`f32`, `ptr<f32>`, `ptr<f32, <none>>`, `!cuda_tile.ptr<f32>`). */
static bool parse_elem(type_cursor *c, bool allow_ptr, ct_elem *elem, ct_elem *pointee, uint8_t *pattr) {
  cur_prefix(c);
  size_t at = c->i;
  const char *id;
  size_t len = cur_ident(c, &id);
  if (!len) return cur_fail(c, "expected element type");
  if (len == 3 && memcmp(id, "ptr", 3) == 0) {
    if (!allow_ptr) {
      c->i = at;
      return cur_fail(c, "pointer element type is not allowed here");
    }
    if (!cur_expect(c, '<')) return false;
    ct_elem pe, pp;
    uint8_t pa = 0;
    if (!parse_elem(c, false, &pe, &pp, &pa)) return false;
    if (cur_eat(c, ',') && !parse_ptr_attr_value(c, pattr)) return false;
    if (!cur_expect(c, '>')) return false;
    *elem = CT_PTR;
    *pointee = pe;
    return true;
  }
  ct_elem e = ct_elem_from_name(id, len);
  if (e == CT_ELEM_NONE) {
    c->i = at;
    return cur_fail(c, "unknown element type '%.*s'", (int)len, id);
  }
  *elem = e;
  *pointee = CT_ELEM_NONE;
  return true;
}

/* `DxDx...xELEM`: dims (decimal, or `?` when allow_dynamic) each followed by 'x', then the element. */
static bool parse_shape_and_elem(type_cursor *c, bool allow_dynamic, bool allow_ptr, ct_type *t) {
  t->rank = 0;
  for (;;) {
    cur_ws(c);
    if (c->i >= c->n) return cur_fail(c, "unexpected end of type");
    char ch = c->s[c->i];
    int64_t dim;
    if (ch == '?') {
      if (!allow_dynamic) return cur_fail(c, "dynamic dimensions are not allowed in tile types");
      c->i++;
      dim = CT_DYNAMIC;
    } else if (ch >= '0' && ch <= '9') {
      bool present;
      if (!cur_int(c, &dim, &present)) return false;
    } else {
      break;
    }
    if (t->rank >= CT_MAX_RANK) return cur_fail(c, "rank exceeds the maximum of %d", CT_MAX_RANK);
    t->shape[t->rank++] = dim;
    if (c->i >= c->n || c->s[c->i] != 'x') return cur_fail(c, "expected 'x' in a dimension list");
    c->i++;
  }
  return parse_elem(c, allow_ptr, &t->elem, &t->pointee, &t->ptr_attr);
}

/* `, #cuda_tile.ptr_attr<none>` at the end of a tensor_view (13.4); true when absent. */
static bool parse_view_ptr_attr(type_cursor *c, ct_type *t) {
  size_t save = c->i;
  if (!cur_eat(c, ',')) return true;
  cur_ws(c);
  static const char kw[] = "#cuda_tile.ptr_attr";
  if (c->n - c->i < sizeof kw - 1 || memcmp(c->s + c->i, kw, sizeof kw - 1) != 0) {
    c->i = save;
    return true;
  }
  c->i += sizeof kw - 1;
  return parse_ptr_attr_value(c, &t->ptr_attr);
}

/* tensor_view body after '<' through '>'. */
static bool parse_tensor_view_body(type_cursor *c, ct_type *t) {
  t->kind = CT_TYPE_TENSOR_VIEW;
  if (!parse_shape_and_elem(c, true, false, t)) return false;
  for (int d = 0; d < t->rank; d++)
    if (t->shape[d] != CT_DYNAMIC && t->shape[d] <= 0) {
      ct_strbuf dims;
      ct_strbuf_init(&dims);
      for (int k = 0; k < t->rank; k++) {
        if (k) ct_strbuf_puts(&dims, ", ");
        if (t->shape[k] == CT_DYNAMIC) ct_strbuf_putc(&dims, '?');
        else ct_strbuf_printf(&dims, "%lld", (long long)t->shape[k]);
      }
      cur_fail(c, "dimensions must have strictly positive constant sizes but got [%s]", dims.data);
      ct_strbuf_free(&dims);
      return false;
    }
  if (t->rank == 0) {
    if (!parse_view_ptr_attr(c, t)) return false;
    if (cur_eat(c, ',')) {
      if (cur_keyword(c, "strides")) return cur_fail(c, "strides must not be provided for 0-d tiles");
      return cur_fail(c, "expected token after element type in 0-d tensor_view");
    }
    return cur_expect(c, '>');
  }
  if (!cur_eat(c, ',') || !cur_keyword(c, "strides")) return cur_fail(c, "expected 'strides'");
  if (!cur_expect(c, '=') || !cur_expect(c, '[')) return false;
  int nstrides = 0;
  if (!cur_eat(c, ']')) {
    for (;;) {
      int64_t v;
      if (cur_eat(c, '?')) {
        v = CT_DYNAMIC;
      } else {
        bool present;
        if (!cur_int(c, &v, &present)) return false;
        if (!present) return cur_fail(c, "expected either 64-bit integer or question mark");
        if (v <= 0) return cur_fail(c, "expected strictly positive integer, got %lld", (long long)v);
      }
      if (nstrides < CT_MAX_RANK) t->strides[nstrides] = v;
      nstrides++;
      if (cur_eat(c, ']')) break;
      if (!cur_expect(c, ',')) return false;
    }
  }
  if (nstrides != t->rank)
    return cur_fail(c, "expected shape and stride to be of same rank but got shape of rank %d and stride of rank %d",
                    t->rank, nstrides);
  if (!parse_view_ptr_attr(c, t)) return false;
  return cur_expect(c, '>');
}

/* `tile=(AxB)`: the partition tile shape. */
static bool parse_view_tile(type_cursor *c, ct_type *t) {
  if (!cur_keyword(c, "tile")) return cur_fail(c, "expected 'tile'");
  if (!cur_expect(c, '=') || !cur_expect(c, '(')) return false;
  t->tile_rank = 0;
  if (cur_eat(c, ')')) return true;
  for (;;) {
    int64_t v;
    bool present;
    if (!cur_int(c, &v, &present)) return false;
    if (!present) return cur_fail(c, "expected integer tile dimension");
    if (v <= 0 || v > INT32_MAX)
      return cur_fail(c,
                      "tile dimension %d exceeds i32 limitations (got %lld, expected strictly positive and less than or "
                      "equal to 2147483647)",
                      t->tile_rank, (long long)v);
    if (t->tile_rank >= CT_MAX_RANK) return cur_fail(c, "rank exceeds the maximum of %d", CT_MAX_RANK);
    t->tile_shape[t->tile_rank++] = (int32_t)v;
    if (cur_eat(c, ')')) return true;
    cur_ws(c);
    if (c->i >= c->n || c->s[c->i] != 'x') return cur_fail(c, "expected 'x' or ')' in tile shape");
    c->i++;
  }
}

/* `[a, b, ...]` of int32 values; count returned in *count. */
static bool parse_i32_list(type_cursor *c, int32_t *out, int *count) {
  if (!cur_expect(c, '[')) return false;
  *count = 0;
  if (cur_eat(c, ']')) return true;
  for (;;) {
    int64_t v;
    bool present;
    if (!cur_int(c, &v, &present)) return false;
    if (!present) return cur_fail(c, "expected integer");
    if (v < INT32_MIN || v > INT32_MAX) return cur_fail(c, "value %lld does not fit in i32", (long long)v);
    if (*count >= CT_MAX_RANK) return cur_fail(c, "too many values (at most %d)", CT_MAX_RANK);
    out[(*count)++] = (int32_t)v;
    if (cur_eat(c, ']')) return true;
    if (!cur_expect(c, ',')) return false;
  }
}

static bool parse_padding(type_cursor *c, ct_type *t) {
  if (!cur_expect(c, '=')) return false;
  const char *id;
  size_t len = cur_ident(c, &id);
  for (int p = CT_PAD_ZERO; p <= CT_PAD_NEG_INF; p++)
    if (len == strlen(padding_names[p]) && memcmp(id, padding_names[p], len) == 0) {
      t->padding = (ct_padding)p;
      return true;
    }
  return cur_fail(c, "expected padding value (zero, neg_zero, nan, pos_inf, neg_inf)");
}

/* The nested tensor_view of a view type (optionally spelled `tensor_view=` / with the prefix). */
static bool parse_nested_tensor_view(type_cursor *c, ct_type *t) {
  cur_prefix(c);
  if (!cur_keyword(c, "tensor_view")) return cur_fail(c, "expected tensor_view type");
  if (cur_eat(c, '=')) {
    cur_prefix(c);
    if (!cur_keyword(c, "tensor_view")) return cur_fail(c, "expected tensor_view type");
  }
  if (!cur_expect(c, '<')) return false;
  ct_type tv;
  memset(&tv, 0, sizeof tv);
  if (!parse_tensor_view_body(c, &tv)) return false;
  t->elem = tv.elem;
  t->pointee = tv.pointee;
  t->rank = tv.rank;
  t->ptr_attr = tv.ptr_attr;
  memcpy(t->shape, tv.shape, sizeof t->shape);
  memcpy(t->strides, tv.strides, sizeof t->strides);
  return true;
}

/* partition_view / strided_view body after '<'. */
static bool parse_tiled_view_body(type_cursor *c, ct_type *t, bool strided) {
  if (!parse_view_tile(c, t)) return false;
  if (!cur_expect(c, ',')) return false;
  if (strided) {
    if (!cur_keyword(c, "traversal_strides")) return cur_fail(c, "expected 'traversal_strides'");
    if (!cur_expect(c, '=')) return false;
    int n;
    if (!parse_i32_list(c, t->traversal_strides, &n)) return false;
    if (n != t->tile_rank) return cur_fail(c, "expected %d traversal strides, got %d", t->tile_rank, n);
    if (!cur_expect(c, ',')) return false;
  }
  if (cur_keyword(c, "padding_value")) {
    if (!parse_padding(c, t)) return false;
    if (!cur_expect(c, ',')) return false;
  }
  if (!parse_nested_tensor_view(c, t)) return false;
  for (int d = 0; d < CT_MAX_RANK; d++) t->dim_map[d] = d;
  if (cur_eat(c, ',')) {
    if (!cur_keyword(c, "dim_map")) {
      if (cur_peek(c, '>')) return cur_expect(c, '>'); /* trailing comma */
      return cur_fail(c, "expected 'dim_map'");
    }
    if (!cur_expect(c, '=')) return false;
    int n;
    if (!parse_i32_list(c, t->dim_map, &n)) return false;
    if (n != t->tile_rank)
      return cur_fail(c, "expected dim_map to map exactly all %d dimensions of the tile, got %d mappings", t->tile_rank,
                      n);
    bool identity = true;
    for (int d = 0; d < n; d++) identity &= t->dim_map[d] == d;
    t->has_dim_map = !identity;
  }
  return cur_expect(c, '>');
}

static bool parse_gather_view_body(type_cursor *c, ct_type *t) {
  if (!parse_view_tile(c, t)) return false;
  if (!cur_expect(c, ',')) return false;
  if (cur_keyword(c, "padding_value")) {
    if (!parse_padding(c, t)) return false;
    if (!cur_expect(c, ',')) return false;
  }
  if (!parse_nested_tensor_view(c, t)) return false;
  for (int d = 0; d < CT_MAX_RANK; d++) t->dim_map[d] = d;
  if (!cur_expect(c, ',')) return false;
  if (!cur_keyword(c, "sparse_dim")) return cur_fail(c, "expected 'sparse_dim'");
  if (!cur_expect(c, '=')) return false;
  int64_t v;
  bool present;
  if (!cur_int(c, &v, &present)) return false;
  if (!present || v < 0 || v > INT32_MAX) return cur_fail(c, "expected non-negative integer sparse_dim");
  t->sparse_dim = (int32_t)v;
  return cur_expect(c, '>');
}

bool ct_type_parse(const char *text, size_t len, ct_type *out, ct_strbuf *err, size_t *err_off) {
  type_cursor c = {text, len, 0, err, err_off, false};
  ct_type t;
  memset(&t, 0, sizeof t);
  for (int d = 0; d < CT_MAX_RANK; d++) t.dim_map[d] = d;
  cur_prefix(&c);
  const char *id;
  size_t n = cur_ident(&c, &id);
  bool ok;
#define KW(s) (n == sizeof(s) - 1 && memcmp(id, s, n) == 0)
  if (KW("tile")) {
    t.kind = CT_TYPE_TILE;
    ok = cur_expect(&c, '<') && parse_shape_and_elem(&c, false, true, &t) && cur_expect(&c, '>');
  } else if (KW("tensor_view")) {
    ok = cur_expect(&c, '<') && parse_tensor_view_body(&c, &t);
  } else if (KW("partition_view")) {
    t.kind = CT_TYPE_PARTITION_VIEW;
    ok = cur_expect(&c, '<') && parse_tiled_view_body(&c, &t, false);
  } else if (KW("strided_view")) {
    t.kind = CT_TYPE_STRIDED_VIEW;
    ok = cur_expect(&c, '<') && parse_tiled_view_body(&c, &t, true);
  } else if (KW("gather_scatter_view")) {
    t.kind = CT_TYPE_GATHER_SCATTER_VIEW;
    ok = cur_expect(&c, '<') && parse_gather_view_body(&c, &t);
  } else if (KW("token")) {
    t.kind = CT_TYPE_TOKEN;
    ok = true;
  } else if (n) {
    c.i -= n;
    ok = cur_fail(&c, "unknown cuda_tile type '%.*s'", (int)n, id);
  } else {
    ok = cur_fail(&c, "expected cuda_tile type");
  }
#undef KW
  if (ok) {
    cur_ws(&c);
    if (c.i != c.n) ok = cur_fail(&c, "unexpected trailing characters in type");
  }
  if (!ok) return false;
  *out = t;
  return true;
}

/* ---------------------------------------------------------------- printer */

static void print_elem(const ct_type *t, ct_strbuf *out) {
  if (t->elem == CT_PTR) {
    ct_strbuf_puts(out, "ptr<");
    ct_strbuf_puts(out, ct_elem_name(t->pointee));
    if (ct_ptr_attr_name(t->ptr_attr)) ct_strbuf_printf(out, ", <%s>", ct_ptr_attr_name(t->ptr_attr));
    ct_strbuf_putc(out, '>');
  } else {
    ct_strbuf_puts(out, ct_elem_name(t->elem));
  }
}

static void print_dim(int64_t v, ct_strbuf *out) {
  if (v == CT_DYNAMIC) ct_strbuf_putc(out, '?');
  else ct_strbuf_printf(out, "%lld", (long long)v);
}

static void print_tensor_view(const ct_type *t, ct_strbuf *out) {
  ct_strbuf_puts(out, "tensor_view<");
  for (int d = 0; d < t->rank; d++) {
    print_dim(t->shape[d], out);
    ct_strbuf_putc(out, 'x');
  }
  print_elem(t, out);
  if (t->rank > 0) {
    ct_strbuf_puts(out, ", strides=[");
    for (int d = 0; d < t->rank; d++) {
      if (d) ct_strbuf_putc(out, ',');
      print_dim(t->strides[d], out);
    }
    ct_strbuf_putc(out, ']');
  }
  if (ct_ptr_attr_name(t->ptr_attr)) ct_strbuf_printf(out, ", #cuda_tile.ptr_attr<%s>", ct_ptr_attr_name(t->ptr_attr));
  ct_strbuf_putc(out, '>');
}

static void print_view_tile(const ct_type *t, ct_strbuf *out) {
  ct_strbuf_puts(out, "tile=(");
  for (int d = 0; d < t->tile_rank; d++) {
    if (d) ct_strbuf_putc(out, 'x');
    ct_strbuf_printf(out, "%d", (int)t->tile_shape[d]);
  }
  ct_strbuf_putc(out, ')');
}

static void print_padding(const ct_type *t, ct_strbuf *out) {
  if (t->padding != CT_PAD_NONE) ct_strbuf_printf(out, ", padding_value = %s", ct_padding_name(t->padding));
}

static void print_dim_map(const ct_type *t, ct_strbuf *out) {
  bool identity = true;
  for (int d = 0; d < t->tile_rank; d++) identity &= t->dim_map[d] == d;
  if (identity) return;
  ct_strbuf_puts(out, ", dim_map=[");
  for (int d = 0; d < t->tile_rank; d++) ct_strbuf_printf(out, d ? ", %d" : "%d", (int)t->dim_map[d]);
  ct_strbuf_putc(out, ']');
}

void ct_type_print(const ct_type *t, ct_strbuf *out) {
  switch (t->kind) {
  case CT_TYPE_TILE:
    ct_strbuf_puts(out, "tile<");
    for (int d = 0; d < t->rank; d++) ct_strbuf_printf(out, "%lldx", (long long)t->shape[d]);
    print_elem(t, out);
    ct_strbuf_putc(out, '>');
    return;
  case CT_TYPE_TENSOR_VIEW: print_tensor_view(t, out); return;
  case CT_TYPE_PARTITION_VIEW:
    ct_strbuf_puts(out, "partition_view<");
    print_view_tile(t, out);
    print_padding(t, out);
    ct_strbuf_puts(out, ", ");
    print_tensor_view(t, out);
    print_dim_map(t, out);
    ct_strbuf_putc(out, '>');
    return;
  case CT_TYPE_STRIDED_VIEW:
    ct_strbuf_puts(out, "strided_view<");
    print_view_tile(t, out);
    ct_strbuf_puts(out, ", traversal_strides=[");
    for (int d = 0; d < t->tile_rank; d++) ct_strbuf_printf(out, d ? ",%d" : "%d", (int)t->traversal_strides[d]);
    ct_strbuf_putc(out, ']');
    print_padding(t, out);
    ct_strbuf_puts(out, ", ");
    print_tensor_view(t, out);
    print_dim_map(t, out);
    ct_strbuf_putc(out, '>');
    return;
  case CT_TYPE_GATHER_SCATTER_VIEW:
    ct_strbuf_puts(out, "gather_scatter_view<");
    print_view_tile(t, out);
    print_padding(t, out);
    ct_strbuf_puts(out, ", ");
    print_tensor_view(t, out);
    ct_strbuf_printf(out, ", sparse_dim=%d>", (int)t->sparse_dim);
    return;
  case CT_TYPE_TOKEN: ct_strbuf_puts(out, "token"); return;
  case CT_TYPE_INVALID: break;
  }
  ct_strbuf_puts(out, "<invalid>");
}

/* ---------------------------------------------------------------- verifier-level rules */

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static void list_i32(ct_strbuf *sb, const int32_t *v, int n) {
  ct_strbuf_putc(sb, '[');
  for (int i = 0; i < n; i++) ct_strbuf_printf(sb, i ? ", %d" : "%d", (int)v[i]);
  ct_strbuf_putc(sb, ']');
}

bool ct_type_verify(const ct_type *t, ct_strbuf *err) {
  switch (t->kind) {
  case CT_TYPE_TILE: {
    int64_t total = 1;
    for (int d = 0; d < t->rank; d++) {
      if (!is_pow2(t->shape[d])) {
        ct_strbuf_puts(err, "dimensions must have power of two length but got [");
        for (int k = 0; k < t->rank; k++) ct_strbuf_printf(err, k ? ", %lld" : "%lld", (long long)t->shape[k]);
        ct_strbuf_putc(err, ']');
        return false;
      }
      if (t->shape[d] > (1 << 24) / total) { /* checked before multiplying: no overflow */
        ct_strbuf_printf(err, "tile has too many elements (at most %d)", 1 << 24);
        return false;
      }
      total *= t->shape[d];
    }
    if (t->elem == CT_F4E2M1FN && total % 2 != 0) {
      ct_strbuf_puts(err, "tile of f4E2M1FN must have an even number of elements");
      return false;
    }
    if (t->elem == CT_PTR && t->pointee == CT_F4E2M1FN && t->rank != 0) { /* (tileiras 13.5 says the same) */
      ct_strbuf_puts(err, "tiles of ptr<f4E2M1FN> must have rank 0; use an f4 tile view for memory accesses");
      return false;
    }
    return true;
  }
  case CT_TYPE_TENSOR_VIEW:
  case CT_TYPE_TOKEN: return true;
  case CT_TYPE_PARTITION_VIEW:
  case CT_TYPE_STRIDED_VIEW:
  case CT_TYPE_GATHER_SCATTER_VIEW: {
    if (t->tile_rank == 0) {
      ct_strbuf_puts(err, "0-dimension tile shape is not supported");
      return false;
    }
    for (int d = 0; d < t->tile_rank; d++)
      if (!is_pow2(t->tile_shape[d])) {
        ct_strbuf_puts(err, "tile shape dimensions must have power of two length but got ");
        list_i32(err, t->tile_shape, t->tile_rank);
        return false;
      }
    if (t->tile_rank != t->rank) {
      ct_strbuf_printf(err,
                       "expected tensor_view rank and tile rank to match, got tensor_view of rank %d and tiles of rank %d",
                       t->rank, t->tile_rank);
      return false;
    }
    for (int d = 0; d < t->tile_rank; d++) {
      int32_t m = t->dim_map[d];
      if (m < 0) {
        ct_strbuf_printf(err, "target dimension must not be negative, got %d", (int)m);
        return false;
      }
      if (m >= t->rank) {
        ct_strbuf_printf(err, "target dimension is outside of tensor view dimensions, expected strictly less than %d, got %d",
                         t->rank, (int)m);
        return false;
      }
      for (int e = 0; e < d; e++)
        if (t->dim_map[e] == m) {
          ct_strbuf_printf(err, "target dimension %d mapped at least twice (for tile dimensions %d and %d)", (int)m, e, d);
          return false;
        }
    }
    if (t->kind == CT_TYPE_STRIDED_VIEW)
      for (int d = 0; d < t->tile_rank; d++)
        if (t->traversal_strides[d] <= 0) {
          ct_strbuf_puts(err, "traversal strides must be strictly positive but got ");
          list_i32(err, t->traversal_strides, t->tile_rank);
          return false;
        }
    if (t->kind == CT_TYPE_GATHER_SCATTER_VIEW && t->sparse_dim >= t->rank) {
      ct_strbuf_printf(err, "sparse_dim %d is out of range for a rank-%d view", (int)t->sparse_dim, t->rank);
      return false;
    }
    if (t->padding > CT_PAD_ZERO && !ct_elem_is_float(t->elem)) {
      ct_strbuf_printf(err, "padding_value %s requires a floating-point element type", ct_padding_name(t->padding));
      return false;
    }
    return true;
  }
  case CT_TYPE_INVALID: break;
  }
  ct_strbuf_puts(err, "invalid type");
  return false;
}

/* ---------------------------------------------------------------- MLIR conversion */

MlirType ct_type_to_mlir(MlirContext ctx, const ct_type *t) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_type_print(t, &sb);
  MlirType r = mlirOpaqueTypeGet(ctx, mlirStringRefCreateFromCString("cuda_tile"), mlirStringRefCreate(sb.data, sb.len));
  ct_strbuf_free(&sb);
  return r;
}

bool ct_type_from_mlir(MlirType t, ct_type *out) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAOpaque(t)) return false;
  MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(t);
  if (ns.length != 9 || memcmp(ns.data, "cuda_tile", 9) != 0) return false;
  MlirStringRef data = mlirOpaqueTypeGetData(t);
  return ct_type_parse(data.data, data.length, out, NULL, NULL);
}

/* ---------------------------------------------------------------- helpers */

ct_type ct_tile_type(ct_elem e, int rank, const int64_t *shape) {
  ct_type t;
  memset(&t, 0, sizeof t);
  t.kind = CT_TYPE_TILE;
  t.elem = e;
  t.rank = rank < 0 ? 0 : (rank > CT_MAX_RANK ? CT_MAX_RANK : rank);
  for (int d = 0; d < t.rank; d++) t.shape[d] = shape[d];
  for (int d = 0; d < CT_MAX_RANK; d++) t.dim_map[d] = d;
  return t;
}

ct_type ct_ptr_tile_type(ct_elem pointee, int rank, const int64_t *shape) {
  ct_type t = ct_tile_type(CT_PTR, rank, shape);
  t.pointee = pointee;
  return t;
}

ct_type ct_token_type(void) {
  ct_type t;
  memset(&t, 0, sizeof t);
  t.kind = CT_TYPE_TOKEN;
  for (int d = 0; d < CT_MAX_RANK; d++) t.dim_map[d] = d;
  return t;
}

int64_t ct_type_num_elements(const ct_type *t) {
  int64_t n = 1;
  for (int d = 0; d < t->rank; d++)
    if (__builtin_mul_overflow(n, t->shape[d], &n)) return INT64_MAX; /* saturates: never a valid tile */
  return n;
}

bool ct_type_equal(const ct_type *a, const ct_type *b) {
  if (a->kind != b->kind || a->elem != b->elem || a->rank != b->rank) return false;
  if (a->elem == CT_PTR && a->pointee != b->pointee) return false;
  if ((a->elem == CT_PTR || a->kind != CT_TYPE_TILE) && a->kind != CT_TYPE_TOKEN && a->ptr_attr != b->ptr_attr)
    return false;
  for (int d = 0; d < a->rank; d++) {
    if (a->shape[d] != b->shape[d]) return false;
    if (a->kind != CT_TYPE_TILE && a->strides[d] != b->strides[d]) return false;
  }
  if (a->kind == CT_TYPE_PARTITION_VIEW || a->kind == CT_TYPE_STRIDED_VIEW || a->kind == CT_TYPE_GATHER_SCATTER_VIEW) {
    if (a->tile_rank != b->tile_rank || a->padding != b->padding) return false;
    for (int d = 0; d < a->tile_rank; d++) {
      if (a->tile_shape[d] != b->tile_shape[d] || a->dim_map[d] != b->dim_map[d]) return false;
      if (a->kind == CT_TYPE_STRIDED_VIEW && a->traversal_strides[d] != b->traversal_strides[d]) return false;
    }
    if (a->kind == CT_TYPE_GATHER_SCATTER_VIEW && a->sparse_dim != b->sparse_dim) return false;
  }
  return true;
}

ct_elem ct_elem_from_mlir(MlirType t) {
  if (mlirTypeIsNull(t)) return CT_ELEM_NONE;
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  mlirTypePrint(t, ct_strbuf_mlir_callback, &sb);
  static const char opaque[] = "!cuda_tile."; /* (fnv8E5M3FNU: ct_elem_to_mlir's opaque type) */
  size_t skip = sb.data && sb.len > sizeof opaque - 1 && !memcmp(sb.data, opaque, sizeof opaque - 1) ? sizeof opaque - 1 : 0;
  ct_elem e = sb.data ? ct_elem_from_name(sb.data + skip, sb.len - skip) : CT_ELEM_NONE;
  ct_strbuf_free(&sb);
  return e;
}

int64_t ct_tile_regs_per_thread(const ct_type *t, int nthreads) {
  if (t->kind != CT_TYPE_TILE) return 0;
  int64_t n = ct_type_num_elements(t);
  int64_t bits = ct_elem_bits(t->elem);
  if (bits < 1 || t->elem == CT_I1) bits = 32; /* i1: predicates or whole registers, counted whole */
  if (n == INT64_MAX) return INT64_MAX / 4;
  int64_t per = nthreads > 0 ? (n + nthreads - 1) / nthreads : n;
  /* 16- and 8-bit elements share 32-bit registers (ptxas packs f16/bf16 pairs: the mma.sync GEMM of
   * test/hopper/smem_remark.mlir holds 64x128 + 128x128 f16 and a 64x128 f32 accumulator at 128
   * threads in 174 registers, which one register per f16 would count as 260) */
  return bits >= 32 ? per * ((bits + 31) / 32) : (per * bits + 31) / 32;
}

/* bytecode_reader: reads CUDA Tile IR bytecode (.tileirbc, versions 13.1 to 13.5) into a builtin
 * module holding one cuda_tile.module of unregistered cuda_tile ops, built the way the text parser
 * builds them (docs/ir.md: attribute encodings, operandSegmentSizes, defaults left out).
 *
 * Format (docs/bytecode.md, lib/frontend/bytecode_opcodes.c for the per-op field order): header
 * (magic, u8 major, u8 minor, u16 tag), sections until the end byte. The string, type, constant
 * and global sections are indexed first; then the function section is decoded op by op with
 * per-block value numbering (block arguments and results numbered in order, dropped when the
 * block ends). 13.1 files are upgraded as NVIDIA's reader does (print gains its token result,
 * negi/tanh/exp get their default attributes).
 * Safety: every read is bounds-checked against its section; every count is checked against the
 * bytes left before anything is allocated; region nesting is limited (256) so recursion is
 * bounded; a failure emits one error `... at byte offset N` and yields a null module.
 * Locations: the debug section (3) is decoded (di_file/compile_unit/subprogram/lexical_block
 * attributes, di_loc and callsite locations, debuginfo.h); a function with a location index gets
 * its location and each of its ops (pre-order) the next one of its list. Ops of functions without
 * debug info (and bytecode without the section) are located at FileLineCol(file, 0, byte offset).
 * Limits: the module is named `kernels` (the format has no module name).
 * Owner: bytecode. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode_internal.h"
#include "frontend/debuginfo.h"
#include "frontend/types.h"

#define BR_MAX_DEPTH 256

const uint8_t ct_bytecode_magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};

bool ct_bytecode_is_bytecode(const uint8_t *data, size_t len) {
  return len >= 8 && memcmp(data, ct_bytecode_magic, 8) == 0;
}

bool ct_bytecode_version_parse(const char *text, ct_bytecode_version *out) {
  if (!text) return false;
  if (strcmp(text, "13.1") == 0) *out = CT_BYTECODE_13_1;
  else if (strcmp(text, "13.2") == 0) *out = CT_BYTECODE_13_2;
  else if (strcmp(text, "13.3") == 0) *out = CT_BYTECODE_13_3;
  else if (strcmp(text, "13.4") == 0) *out = CT_BYTECODE_13_4;
  else if (strcmp(text, "13.5") == 0) *out = CT_BYTECODE_13_5;
  else return false;
  return true;
}

const char *ct_bytecode_version_name(ct_bytecode_version v) {
  switch ((int)v) {
  case CT_BYTECODE_13_1: return "13.1";
  case CT_BYTECODE_13_2: return "13.2";
  case CT_BYTECODE_13_3: return "13.3";
  case CT_BYTECODE_13_4: return "13.4";
  case CT_BYTECODE_13_5: return "13.5";
  default: return "?";
  }
}

/* ------------------------------------------------------------------ state */

typedef enum { RT_SCALAR, RT_PTR, RT_VALUE, RT_FUNC } rtype_kind;

typedef struct rtype {
  rtype_kind kind;
  ct_elem elem;  /* RT_SCALAR / RT_PTR (pointee) */
  uint8_t pattr; /* RT_PTR: ct_type.ptr_attr */
  ct_type ct;    /* RT_VALUE */
  MlirType mlir; /* scalar builtin, value opaque type, or function type (null for RT_PTR) */
} rtype;

typedef struct table_ref { /* an offset-indexed table (strings, types, constants) */
  uint64_t count;
  size_t offsets; /* absolute position of the offset array */
  int offset_bytes;
  size_t data, data_len; /* absolute position and size of the data */
} table_ref;

typedef struct br {
  ct_ctx *c;
  const char *filename;
  const uint8_t *d;
  size_t len;
  int version;
  MlirContext mctx;
  bool failed;
  bool have[BC_SEC_COUNT];
  size_t sec_pos[BC_SEC_COUNT], sec_len[BC_SEC_COUNT];
  table_ref strings, types, consts;
  rtype *rtypes;
  MlirValue *values;
  size_t nvalues, values_cap;
  int depth;
  /* debug section (3): per-function location lists and the debug-info attribute table */
  uint64_t di_nops, di_nidx;
  size_t di_opoff, di_idx; /* absolute positions of the u32 per-function offsets / u64 indices */
  table_ref di_attrs;
  struct di_slot *di_cache;
  bool di_fn_on;       /* the function being read has debug info */
  uint64_t di_fn_next; /* position in di_idx of its next location */
} br;

typedef struct cur {
  size_t pos, end;
} cur;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void br_error(br *r, size_t off, const char *fmt, ...) {
  if (r->failed) return;
  r->failed = true;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ct_diag_emit(r->c, CT_DIAG_ERROR, r->filename, 0, 0, "invalid bytecode: %s at byte offset %zu", msg, off);
}

static const char *vname(int v) { return ct_bytecode_version_name((ct_bytecode_version)v); }

static bool rd_byte(br *r, cur *c, uint8_t *out, const char *what) {
  if (r->failed) return false;
  if (c->pos >= c->end) {
    br_error(r, c->pos, "unexpected end of data reading %s", what);
    return false;
  }
  *out = r->d[c->pos++];
  return true;
}

static bool rd_varint(br *r, cur *c, uint64_t *out, const char *what) {
  if (r->failed) return false;
  uint64_t v = 0;
  size_t start = c->pos;
  for (int i = 0; i < 10; i++) {
    if (c->pos >= c->end) {
      br_error(r, c->pos, "unexpected end of data reading %s", what);
      return false;
    }
    uint8_t b = r->d[c->pos++];
    if (i == 9 && (b & 0x7E)) break;
    v |= (uint64_t)(b & 0x7F) << (7 * i);
    if (!(b & 0x80)) {
      *out = v;
      return true;
    }
  }
  br_error(r, start, "malformed varint (%s)", what);
  return false;
}

static bool rd_svarint(br *r, cur *c, int64_t *out, const char *what) {
  uint64_t u;
  if (!rd_varint(r, c, &u, what)) return false;
  *out = (int64_t)((u >> 1) ^ (~(u & 1) + 1));
  return true;
}

static bool rd_le(br *r, cur *c, int nbytes, uint64_t *out, const char *what) {
  if (r->failed) return false;
  if (c->end - c->pos < (size_t)nbytes) {
    br_error(r, c->pos, "unexpected end of data reading %s", what);
    return false;
  }
  uint64_t v = 0;
  for (int i = 0; i < nbytes; i++) v |= (uint64_t)r->d[c->pos + i] << (8 * i);
  c->pos += (size_t)nbytes;
  *out = v;
  return true;
}

/* A count of items that need at least min_bytes each. */
static bool rd_count(br *r, cur *c, uint64_t *out, size_t min_bytes, const char *what) {
  size_t at = c->pos;
  if (!rd_varint(r, c, out, what)) return false;
  if (min_bytes && *out > (c->end - c->pos) / min_bytes) {
    br_error(r, at, "%s %" PRIu64 " exceeds the remaining %zu bytes", what, *out, c->end - c->pos);
    return false;
  }
  return true;
}

static bool skip_pad(br *r, cur *c, size_t section_start, unsigned align) {
  while ((c->pos - section_start) % align) {
    uint8_t b;
    if (!rd_byte(r, c, &b, "alignment padding")) return false;
  }
  return true;
}

/* ------------------------------------------------------------------ tables */

static bool table_open(br *r, int sec, int offset_bytes, table_ref *t, const char *what) {
  cur c = {r->sec_pos[sec], r->sec_pos[sec] + r->sec_len[sec]};
  if (!rd_count(r, &c, &t->count, 0, what)) return false;
  if (!skip_pad(r, &c, r->sec_pos[sec], (unsigned)offset_bytes)) return false;
  if (t->count > (c.end - c.pos) / (size_t)offset_bytes) {
    br_error(r, r->sec_pos[sec], "%s count %" PRIu64 " exceeds the section length", what, t->count);
    return false;
  }
  t->offset_bytes = offset_bytes;
  t->offsets = c.pos;
  t->data = c.pos + (size_t)t->count * (size_t)offset_bytes;
  t->data_len = c.end - t->data;
  /* offsets must be non-decreasing and inside the data */
  uint64_t prev = 0;
  for (uint64_t i = 0; i < t->count; i++) {
    uint64_t o;
    cur oc = {t->offsets + i * (size_t)offset_bytes, t->data};
    if (!rd_le(r, &oc, offset_bytes, &o, what)) return false;
    if (o < prev || o > t->data_len) {
      br_error(r, t->offsets + i * (size_t)offset_bytes, "%s offset %" PRIu64 " out of range", what, o);
      return false;
    }
    prev = o;
  }
  return true;
}

/* The byte span of entry i. */
static bool table_entry(br *r, const table_ref *t, uint64_t i, size_t at, cur *out, const char *what) {
  if (r->failed) return false;
  if (i >= t->count) {
    br_error(r, at, "%s index %" PRIu64 " out of range (%" PRIu64 " entries)", what, i, t->count);
    return false;
  }
  uint64_t s, e = t->data_len;
  cur oc = {t->offsets + i * (size_t)t->offset_bytes, t->data};
  if (!rd_le(r, &oc, t->offset_bytes, &s, what)) return false;
  if (i + 1 < t->count && !rd_le(r, &oc, t->offset_bytes, &e, what)) return false;
  out->pos = t->data + s;
  out->end = t->data + e;
  return !r->failed;
}

static bool get_string(br *r, uint64_t i, size_t at, MlirStringRef *out) {
  cur c;
  if (!table_entry(r, &r->strings, i, at, &c, "string")) return false;
  *out = mlirStringRefCreate((const char *)r->d + c.pos, c.end - c.pos);
  return true;
}

static bool rd_string(br *r, cur *c, MlirStringRef *out, const char *what) {
  size_t at = c->pos;
  uint64_t i;
  return rd_varint(r, c, &i, what) && get_string(r, i, at, out);
}

/* ------------------------------------------------------------------ types */

static ct_elem elem_of_tag(unsigned tag) {
  switch (tag) {
  case BC_TY_I1: return CT_I1;
  case BC_TY_I8: return CT_I8;
  case BC_TY_I16: return CT_I16;
  case BC_TY_I32: return CT_I32;
  case BC_TY_I64: return CT_I64;
  case BC_TY_F16: return CT_F16;
  case BC_TY_BF16: return CT_BF16;
  case BC_TY_F32: return CT_F32;
  case BC_TY_TF32: return CT_TF32;
  case BC_TY_F64: return CT_F64;
  case BC_TY_F8E4M3FN: return CT_F8E4M3FN;
  case BC_TY_F8E5M2: return CT_F8E5M2;
  case BC_TY_F8E8M0FNU: return CT_F8E8M0FNU;
  case BC_TY_F4E2M1FN: return CT_F4E2M1FN;
  case BC_TY_I4: return CT_I4;
  case BC_TY_F8E5M3FNU: return CT_F8E5M3FNU;
  default: return CT_ELEM_NONE;
  }
}

static const char *tag_class_name(unsigned tag) {
  switch (tag) {
  case BC_TY_F8E8M0FNU: return "Float8E8M0FNU";
  case BC_TY_F4E2M1FN: return "Float4E2M1FN";
  case BC_TY_I4: return "IntegerType(4)";
  case BC_TY_STRIDED_VIEW: return "StridedViewType";
  case BC_TY_F8E5M3FNU: return "fnv8E5M3FNU";
  case BC_TY_GATHER_SCATTER_VIEW: return "GatherScatterViewType";
  default: return "?";
  }
}

#define K(kind) (1u << (kind))
/* A reference to an earlier type entry whose kind is in the mask `want`. */
static const rtype *rd_type_ref(br *r, cur *c, uint64_t self, unsigned want, const char *what) {
  size_t at = c->pos;
  uint64_t i;
  if (!rd_varint(r, c, &i, what)) return NULL;
  if (i >= self) {
    br_error(r, at, "%s refers to type %" PRIu64 ", which is not defined before type %" PRIu64, what, i, self);
    return NULL;
  }
  if (!(want & K(r->rtypes[i].kind))) {
    br_error(r, at, "%s refers to type %" PRIu64 " of the wrong kind", what, i);
    return NULL;
  }
  return &r->rtypes[i];
}

static bool rd_i64_list(br *r, cur *c, int64_t *out, int *n, int cap, const char *what) {
  uint64_t cnt;
  size_t at = c->pos;
  if (!rd_count(r, c, &cnt, 8, what)) return false;
  if (cnt > (uint64_t)cap) {
    br_error(r, at, "%s rank %" PRIu64 " exceeds %d", what, cnt, cap);
    return false;
  }
  for (uint64_t i = 0; i < cnt; i++) {
    uint64_t v;
    if (!rd_le(r, c, 8, &v, what)) return false;
    out[i] = (int64_t)v;
  }
  *n = (int)cnt;
  return true;
}

static bool rd_i32_list(br *r, cur *c, int32_t *out, int *n, int cap, const char *what) {
  uint64_t cnt;
  size_t at = c->pos;
  if (!rd_count(r, c, &cnt, 4, what)) return false;
  if (cnt > (uint64_t)cap) {
    br_error(r, at, "%s rank %" PRIu64 " exceeds %d", what, cnt, cap);
    return false;
  }
  for (uint64_t i = 0; i < cnt; i++) {
    uint64_t v;
    if (!rd_le(r, c, 4, &v, what)) return false;
    out[i] = (int32_t)(uint32_t)v;
  }
  *n = (int)cnt;
  return true;
}

static bool rd_padding(br *r, cur *c, bool varint, ct_padding *out) {
  size_t at = c->pos;
  uint64_t v;
  if (varint) {
    if (!rd_varint(r, c, &v, "padding value")) return false;
  } else {
    uint8_t b;
    if (!rd_byte(r, c, &b, "padding value")) return false;
    v = b;
  }
  if (v > 4) {
    br_error(r, at, "invalid padding value %" PRIu64, v);
    return false;
  }
  *out = (ct_padding)(v + 1);
  return true;
}

static void copy_tensor_view(ct_type *t, const ct_type *tv) {
  t->elem = tv->elem;
  t->pointee = tv->pointee;
  t->rank = tv->rank;
  t->ptr_attr = tv->ptr_attr;
  memcpy(t->shape, tv->shape, sizeof t->shape);
  memcpy(t->strides, tv->strides, sizeof t->strides);
}

static bool finish_dim_map(br *r, size_t at, ct_type *t, int n) {
  if (n != t->tile_rank) {
    br_error(r, at, "dim_map has %d entries for a rank-%d tile", n, t->tile_rank);
    return false;
  }
  t->has_dim_map = false;
  for (int i = 0; i < n; i++) {
    if (t->dim_map[i] < 0 || t->dim_map[i] >= t->rank) {
      br_error(r, at, "dim_map array contains unsupported value %d", t->dim_map[i]);
      return false;
    }
    if (t->dim_map[i] != i) t->has_dim_map = true;
  }
  return true;
}

/* The pointer attribute byte (13.4): 0 none, 1 unicast, 2 multicast (tileirdisasm 13.5). */
static bool rd_ptr_attr(br *r, cur *c, uint8_t *out) {
  size_t at = c->pos;
  uint8_t v;
  if (!rd_byte(r, c, &v, "pointer attribute")) return false;
  if (v >= CT_PTR_ATTR_MAX) {
    br_error(r, at, "invalid integer value for enum type: %u (pointer attribute)", v);
    return false;
  }
  if (v > 0 && r->version < CT_BYTECODE_13_5) { /* unicast/multicast: 13.5 (tileirdisasm 13.5) */
    br_error(r, at, "pointer attribute '%s' is not available in bytecode version %s", ct_ptr_attr_name((uint8_t)(v + 1)),
             vname(r->version));
    return false;
  }
  *out = (uint8_t)(v + 1);
  return true;
}

static bool decode_type(br *r, uint64_t i, cur *c) {
  rtype *rt = &r->rtypes[i];
  size_t at = c->pos;
  uint64_t tag;
  if (!rd_varint(r, c, &tag, "type tag")) return false;
  ct_elem e = elem_of_tag((unsigned)tag);
  int since = bc_scalar_tag_since((unsigned)tag);
  if (tag == BC_TY_STRIDED_VIEW || tag == BC_TY_GATHER_SCATTER_VIEW) since = CT_BYTECODE_13_3;
  if (tag == BC_TY_F8E5M3FNU) since = CT_BYTECODE_13_4;
  if (since > r->version) {
    br_error(r, at, "type '%s' requires bytecode version %s+, file version is %s", tag_class_name((unsigned)tag),
             vname(since), vname(r->version));
    return false;
  }
  if (e != CT_ELEM_NONE) {
    rt->kind = RT_SCALAR;
    rt->elem = e;
    rt->mlir = ct_elem_to_mlir(r->mctx, e);
    return true;
  }
  ct_type *t = &rt->ct;
  memset(t, 0, sizeof *t);
  rt->kind = RT_VALUE;
  uint64_t tflags = 0;
  if ((tag == BC_TY_PTR || tag == BC_TY_TENSOR_VIEW) && r->version >= CT_BYTECODE_13_4) {
    /* 13.4: a flags word; bit 0 = a pointer attribute byte ends the type */
    size_t fat = c->pos;
    if (!rd_varint(r, c, &tflags, "type flags")) return false;
    if (tflags & ~(uint64_t)1) {
      br_error(r, fat, "unknown type flags 0x%" PRIx64, tflags);
      return false;
    }
  }
  switch (tag) {
  case BC_TY_PTR: {
    const rtype *p = rd_type_ref(r, c, i, K(RT_SCALAR), "pointee type");
    if (!p) return false;
    if (p->kind != RT_SCALAR) {
      br_error(r, at, "pointer to a pointer");
      return false;
    }
    rt->kind = RT_PTR;
    rt->elem = p->elem;
    if ((tflags & 1) && !rd_ptr_attr(r, c, &rt->pattr)) return false;
    char data[64];
    int n = rt->pattr ? snprintf(data, sizeof data, "ptr<%s, <%s>>", ct_elem_name(p->elem), ct_ptr_attr_name(rt->pattr))
                      : snprintf(data, sizeof data, "ptr<%s>", ct_elem_name(p->elem));
    rt->mlir = mlirOpaqueTypeGet(r->mctx, mlirStringRefCreateFromCString("cuda_tile"), mlirStringRefCreate(data, (size_t)n));
    return true;
  }
  case BC_TY_TILE: {
    const rtype *el = rd_type_ref(r, c, i, K(RT_SCALAR) | K(RT_PTR), "tile element type");
    if (!el) return false;
    t->kind = CT_TYPE_TILE;
    if (el->kind == RT_PTR) {
      t->elem = CT_PTR;
      t->pointee = el->elem;
      t->ptr_attr = el->pattr;
    } else t->elem = el->elem;
    size_t sat = c->pos;
    if (!rd_i64_list(r, c, t->shape, &t->rank, CT_MAX_RANK, "tile shape")) return false;
    for (int k = 0; k < t->rank; k++)
      if (t->shape[k] < 0) {
        br_error(r, sat, "negative tile dimension");
        return false;
      }
    break;
  }
  case BC_TY_TENSOR_VIEW: {
    const rtype *el = rd_type_ref(r, c, i, K(RT_SCALAR), "tensor_view element type");
    if (!el) return false;
    if (el->kind == RT_PTR) {
      br_error(r, at, "tensor_view of pointers");
      return false;
    }
    t->kind = CT_TYPE_TENSOR_VIEW;
    t->elem = el->elem;
    int ns;
    size_t sat = c->pos;
    if (!rd_i64_list(r, c, t->shape, &t->rank, CT_MAX_RANK, "tensor_view shape") ||
        !rd_i64_list(r, c, t->strides, &ns, CT_MAX_RANK, "tensor_view strides"))
      return false;
    if (ns != t->rank) {
      br_error(r, sat, "tensor_view has %d strides for rank %d", ns, t->rank);
      return false;
    }
    if ((tflags & 1) && !rd_ptr_attr(r, c, &t->ptr_attr)) return false;
    for (int k = 0; k < t->rank; k++)
      if ((t->shape[k] < 0 && t->shape[k] != CT_DYNAMIC) || (t->strides[k] < 0 && t->strides[k] != CT_DYNAMIC)) {
        br_error(r, sat, "negative tensor_view dimension or stride");
        return false;
      }
    break;
  }
  case BC_TY_PARTITION_VIEW:
  case BC_TY_STRIDED_VIEW:
  case BC_TY_GATHER_SCATTER_VIEW: {
    bool unified = tag != BC_TY_PARTITION_VIEW || r->version >= CT_BYTECODE_13_3;
    uint64_t flags = 0;
    if (unified && !rd_varint(r, c, &flags, "view flags")) return false;
    t->kind = tag == BC_TY_PARTITION_VIEW ? CT_TYPE_PARTITION_VIEW
              : tag == BC_TY_STRIDED_VIEW ? CT_TYPE_STRIDED_VIEW : CT_TYPE_GATHER_SCATTER_VIEW;
    if (!rd_i32_list(r, c, t->tile_shape, &t->tile_rank, CT_MAX_RANK, "view tile shape")) return false;
    if (tag == BC_TY_STRIDED_VIEW) {
      int n;
      size_t sat = c->pos;
      if (!rd_i32_list(r, c, t->traversal_strides, &n, CT_MAX_RANK, "traversal strides")) return false;
      if (n != t->tile_rank) {
        br_error(r, sat, "strided_view has %d traversal strides for a rank-%d tile", n, t->tile_rank);
        return false;
      }
    }
    const rtype *tv = rd_type_ref(r, c, i, K(RT_VALUE), "view tensor_view");
    if (!tv) return false;
    if (tv->ct.kind != CT_TYPE_TENSOR_VIEW) {
      br_error(r, at, "view over a type that is not a tensor_view");
      return false;
    }
    copy_tensor_view(t, &tv->ct);
    if (tag == BC_TY_GATHER_SCATTER_VIEW) {
      uint64_t sd;
      if (!rd_varint(r, c, &sd, "sparse_dim")) return false;
      if (sd > 64) {
        br_error(r, at, "sparse_dim %" PRIu64 " out of range", sd);
        return false;
      }
      t->sparse_dim = (int32_t)sd;
      for (int k = 0; k < t->tile_rank; k++) t->dim_map[k] = k;
    } else {
      int n;
      size_t dat = c->pos;
      if (!rd_i32_list(r, c, t->dim_map, &n, CT_MAX_RANK, "dim_map") || !finish_dim_map(r, dat, t, n)) return false;
    }
    if (unified) {
      if ((flags & 1) && !rd_padding(r, c, false, &t->padding)) return false;
    } else {
      uint8_t has;
      if (!rd_byte(r, c, &has, "padding flag")) return false;
      if (has && !rd_padding(r, c, true, &t->padding)) return false;
    }
    break;
  }
  case BC_TY_TOKEN: t->kind = CT_TYPE_TOKEN; break;
  case BC_TY_FUNC: {
    uint64_t ni, nr;
    if (!rd_count(r, c, &ni, 1, "function input count")) return false;
    MlirType *ins = malloc(sizeof(MlirType) * (size_t)(ni + 1));
    if (!ins) abort();
    for (uint64_t k = 0; k < ni; k++) {
      const rtype *a = rd_type_ref(r, c, i, K(RT_VALUE) | K(RT_PTR), "function input type");
      if (!a) {
        free(ins);
        return false;
      }
      ins[k] = a->mlir;
    }
    if (!rd_count(r, c, &nr, 1, "function result count")) {
      free(ins);
      return false;
    }
    MlirType *outs = malloc(sizeof(MlirType) * (size_t)(nr + 1));
    if (!outs) abort();
    for (uint64_t k = 0; k < nr; k++) {
      const rtype *a = rd_type_ref(r, c, i, K(RT_VALUE) | K(RT_PTR), "function result type");
      if (!a) {
        free(ins);
        free(outs);
        return false;
      }
      outs[k] = a->mlir;
    }
    rt->kind = RT_FUNC;
    rt->mlir = mlirFunctionTypeGet(r->mctx, (intptr_t)ni, ins, (intptr_t)nr, outs);
    free(ins);
    free(outs);
    return true;
  }
  default:
    br_error(r, at, "unknown type tag %" PRIu64, tag);
    return false;
  }
  rt->mlir = ct_type_to_mlir(r->mctx, t);
  return true;
}

static bool load_types(br *r) {
  if (!table_open(r, BC_SEC_TYPE, 4, &r->types, "type")) return false;
  r->rtypes = calloc((size_t)r->types.count + 1, sizeof *r->rtypes);
  if (!r->rtypes) abort();
  for (uint64_t i = 0; i < r->types.count; i++) {
    cur c;
    if (!table_entry(r, &r->types, i, r->sec_pos[BC_SEC_TYPE], &c, "type") || !decode_type(r, i, &c)) return false;
  }
  return true;
}

static const rtype *rd_type(br *r, cur *c, const char *what) {
  size_t at = c->pos;
  uint64_t i;
  if (!rd_varint(r, c, &i, what)) return NULL;
  if (i >= r->types.count) {
    br_error(r, at, "%s index %" PRIu64 " out of range (%" PRIu64 " types)", what, i, r->types.count);
    return NULL;
  }
  return &r->rtypes[i];
}

static const rtype *rd_value_type(br *r, cur *c, const char *what) {
  size_t at = c->pos;
  const rtype *t = rd_type(r, c, what);
  if (t && t->kind != RT_VALUE && t->kind != RT_PTR) {
    br_error(r, at, "%s is not a tile, pointer, view or token type", what);
    return NULL;
  }
  return t;
}

/* ------------------------------------------------------------------ constants / dense */

static MlirAttribute make_dense(br *r, size_t at, const ct_type *tile, cur *data) {
  if (tile->kind != CT_TYPE_TILE || tile->elem == CT_PTR) {
    br_error(r, at, "dense constant of a type that is not a numeric tile");
    return mlirAttributeGetNull();
  }
  if (tile->elem == CT_F8E5M3FNU) { /* (as the text parser: the attribute needs an MLIR float type) */
    br_error(r, at, "a constant of fnv8E5M3FNU elements is not supported by tilec (no MLIR float type holds its values)");
    return mlirAttributeGetNull();
  }
  MlirType elem = ct_elem_to_mlir(r->mctx, tile->elem);
  uint64_t n = 1;
  for (int k = 0; k < tile->rank; k++) {
    uint64_t d = (uint64_t)tile->shape[k];
    if (d && n > UINT64_C(0xFFFFFFFFFFFF) / d) {
      br_error(r, at, "dense constant too large");
      return mlirAttributeGetNull();
    }
    n *= d;
  }
  /* MLIR's storage width: i1 bit-packed, everything else rounded up to whole bytes (tf32: 3) */
  unsigned bits = mlirTypeIsAInteger(elem) ? mlirIntegerTypeGetWidth(elem) : mlirFloatTypeGetWidth(elem);
  size_t storage = bits == 1 ? 1 : (bits + 7) / 8 * 8;
  uint64_t size;
  size_t sat = data->pos;
  if (!rd_varint(r, data, &size, "constant size")) return mlirAttributeGetNull();
  if (size > data->end - data->pos) {
    br_error(r, sat, "constant size %" PRIu64 " exceeds its entry", size);
    return mlirAttributeGetNull();
  }
  const uint8_t *bytes = r->d + data->pos;
  bool ok;
  if (storage == 1) {
    ok = (size == 1 && (bytes[0] == 0 || bytes[0] == 0xFF)) || size == (n + 7) / 8;
  } else {
    ok = size * 8 == storage || size * 8 == storage * n;
  }
  if (!ok || (n == 0 && size != 0 && size * 8 != storage)) {
    br_error(r, sat, "constant of %" PRIu64 " bytes does not match its type (%" PRIu64 " elements)", size, n);
    return mlirAttributeGetNull();
  }
  int64_t shape[CT_MAX_RANK];
  for (int k = 0; k < tile->rank; k++) shape[k] = tile->shape[k];
  MlirType tt = mlirRankedTensorTypeGet(tile->rank, shape, elem, mlirAttributeGetNull());
  return mlirDenseElementsAttrRawBufferGet(tt, (size_t)size, bytes);
}

static MlirAttribute rd_dense_const(br *r, cur *c, const ct_type *tile) {
  size_t at = c->pos;
  uint64_t i;
  cur e;
  if (!rd_varint(r, c, &i, "constant index")) return mlirAttributeGetNull();
  if (!r->have[BC_SEC_CONSTANT]) {
    br_error(r, at, "constant index %" PRIu64 " but the file has no constant section", i);
    return mlirAttributeGetNull();
  }
  if (!table_entry(r, &r->consts, i, at, &e, "constant")) return mlirAttributeGetNull();
  return make_dense(r, at, tile, &e);
}

/* ------------------------------------------------------------------ attributes */

static MlirAttribute parse_attr_text(br *r, size_t at, const char *text, size_t n) {
  MlirAttribute a = mlirAttributeParseGet(r->mctx, mlirStringRefCreate(text, n));
  if (mlirAttributeIsNull(a)) br_error(r, at, "cannot build attribute '%.*s'", (int)n, text);
  return a;
}

static MlirAttribute rd_sc_attr(br *r, cur *c);

static bool rd_apint(br *r, cur *c, unsigned width, uint64_t *out) {
  if (width <= 8) {
    uint8_t b;
    if (!rd_byte(r, c, &b, "integer")) return false;
    *out = b;
    return true;
  }
  int64_t v;
  if (!rd_svarint(r, c, &v, "integer")) return false;
  *out = (uint64_t)v;
  return true;
}

static void append_attr_text(ct_strbuf *sb, MlirAttribute a) {
  if (mlirAttributeIsAInteger(a)) {
    MlirType t = mlirAttributeGetType(a);
    if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1)
      ct_strbuf_puts(sb, mlirIntegerAttrGetValueInt(a) ? "true" : "false");
    else ct_strbuf_printf(sb, "%" PRId64, mlirIntegerAttrGetValueInt(a));
    return;
  }
  mlirAttributePrint(a, ct_strbuf_mlir_callback, sb);
}

/* The (untagged) hints dictionary -> `#cuda_tile.optimization_hints<arch = {k = v}, ...>`. */
static MlirAttribute rd_hints(br *r, cur *c) {
  size_t at = c->pos;
  uint64_t n;
  if (!rd_count(r, c, &n, 2, "optimization hint count")) return mlirAttributeGetNull();
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "#cuda_tile.optimization_hints<");
  for (uint64_t i = 0; i < n && !r->failed; i++) {
    MlirStringRef arch;
    size_t arch_at = c->pos;
    if (!rd_string(r, c, &arch, "hint target")) break;
    /* The name is spliced into attribute text below: only identifier characters may pass. */
    bool arch_ok = arch.length > 0;
    for (size_t k = 0; k < arch.length && arch_ok; k++) {
      char ch = arch.data[k];
      arch_ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
    }
    if (!arch_ok) {
      br_error(r, arch_at, "optimization hint target name is not an identifier");
      break;
    }
    size_t vat = c->pos;
    MlirAttribute v = rd_sc_attr(r, c);
    if (r->failed) break;
    if (!mlirAttributeIsADictionary(v)) {
      br_error(r, vat, "optimization hints of a target must be a dictionary");
      break;
    }
    ct_strbuf_printf(&sb, "%s%.*s = {", i ? ", " : "", (int)arch.length, arch.data);
    for (intptr_t k = 0; k < mlirDictionaryAttrGetNumElements(v); k++) {
      MlirNamedAttribute na = mlirDictionaryAttrGetElement(v, k);
      MlirStringRef key = mlirIdentifierStr(na.name);
      ct_strbuf_printf(&sb, "%s%.*s = ", k ? ", " : "", (int)key.length, key.data);
      append_attr_text(&sb, na.attribute);
    }
    ct_strbuf_putc(&sb, '}');
  }
  ct_strbuf_putc(&sb, '>');
  MlirAttribute a = r->failed ? mlirAttributeGetNull() : parse_attr_text(r, at, sb.data, sb.len);
  ct_strbuf_free(&sb);
  return a;
}

static MlirAttribute rd_sc_attr(br *r, cur *c) {
  MlirAttribute none = mlirAttributeGetNull();
  size_t at = c->pos;
  uint64_t tag;
  if (!rd_varint(r, c, &tag, "attribute tag")) return none;
  if (++r->depth > BR_MAX_DEPTH) {
    br_error(r, at, "attributes nested too deeply");
    return none;
  }
  MlirAttribute res = none;
  char text[256];
  switch (tag) {
  case BC_AT_INTEGER: {
    const rtype *t = rd_type(r, c, "integer attribute type");
    uint64_t v;
    if (!t || !rd_varint(r, c, &v, "integer attribute")) break;
    if (t->kind != RT_SCALAR || !ct_elem_is_int(t->elem)) {
      br_error(r, at, "integer attribute of a non-integer type");
      break;
    }
    int w = ct_elem_width(t->elem);
    int64_t s = w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
    if (w == 1) s = (int64_t)(v & 1);
    res = mlirIntegerAttrGet(t->mlir, s);
    break;
  }
  case BC_AT_FLOAT: {
    const rtype *t = rd_type(r, c, "float attribute type");
    if (!t) break;
    if (t->kind != RT_SCALAR || !ct_elem_is_float(t->elem)) {
      br_error(r, at, "float attribute of a non-float type");
      break;
    }
    uint64_t bits;
    int w = ct_elem_width(t->elem);
    if (!rd_apint(r, c, (unsigned)w, &bits)) break;
    double d;
    if (t->elem == CT_F32) {
      uint32_t u = (uint32_t)bits;
      float f;
      memcpy(&f, &u, 4);
      d = f;
    } else if (t->elem == CT_F64) memcpy(&d, &bits, 8);
    else if (t->elem == CT_F16) d = bc_half_to_double((uint16_t)bits);
    else if (t->elem == CT_BF16) d = bc_bfloat_to_double((uint16_t)bits);
    else {
      br_error(r, at, "unsupported float attribute type");
      break;
    }
    res = mlirFloatAttrDoubleGet(r->mctx, t->mlir, d);
    break;
  }
  case BC_AT_BOOL: {
    uint8_t b;
    if (rd_byte(r, c, &b, "bool attribute")) res = mlirBoolAttrGet(r->mctx, b != 0);
    break;
  }
  case BC_AT_TYPE: {
    const rtype *t = rd_type(r, c, "type attribute");
    if (t && t->kind == RT_PTR) br_error(r, at, "type attribute of a bare pointer type");
    else if (t) res = mlirTypeAttrGet(t->mlir);
    break;
  }
  case BC_AT_STRING: {
    MlirStringRef s;
    if (rd_string(r, c, &s, "string attribute")) res = mlirStringAttrGet(r->mctx, s);
    break;
  }
  case BC_AT_ARRAY: {
    uint64_t n;
    if (!rd_count(r, c, &n, 1, "array attribute size")) break;
    MlirAttribute *elems = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
    if (!elems) abort();
    for (uint64_t i = 0; i < n && !r->failed; i++) elems[i] = rd_sc_attr(r, c);
    if (!r->failed) res = mlirArrayAttrGet(r->mctx, (intptr_t)n, elems);
    free(elems);
    break;
  }
  case BC_AT_DENSE: {
    const rtype *t = rd_value_type(r, c, "dense attribute type");
    if (t) res = rd_dense_const(r, c, &t->ct);
    break;
  }
  case BC_AT_DIV_BY: {
    uint64_t div;
    uint8_t flags;
    int64_t every = 0, along = 0;
    if (!rd_varint(r, c, &div, "div_by divisor") || !rd_byte(r, c, &flags, "div_by flags")) break;
    if ((flags & 1) && !rd_svarint(r, c, &every, "div_by every")) break;
    if ((flags & 2) && !rd_svarint(r, c, &along, "div_by along")) break;
    int n = snprintf(text, sizeof text, "#cuda_tile.div_by<%" PRIu64, div);
    if (flags & 1) n += snprintf(text + n, sizeof text - (size_t)n, ", every %" PRId64, every);
    if (flags & 2) n += snprintf(text + n, sizeof text - (size_t)n, "%s along %" PRId64, (flags & 1) ? "" : ",", along);
    n += snprintf(text + n, sizeof text - (size_t)n, ">");
    res = parse_attr_text(r, at, text, (size_t)n);
    break;
  }
  case BC_AT_SAME_ELEMENTS: {
    int64_t vals[CT_MAX_RANK * 2];
    int n;
    if (!rd_i64_list(r, c, vals, &n, CT_MAX_RANK * 2, "same_elements values")) break;
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    ct_strbuf_puts(&sb, "#cuda_tile.same_elements<[");
    for (int i = 0; i < n; i++) ct_strbuf_printf(&sb, "%s%" PRId64, i ? ", " : "", vals[i]);
    ct_strbuf_puts(&sb, "]>");
    res = parse_attr_text(r, at, sb.data, sb.len);
    ct_strbuf_free(&sb);
    break;
  }
  case BC_AT_BOUNDED: {
    uint8_t flags;
    int64_t lb = 0, ub = 0;
    if (!rd_byte(r, c, &flags, "bounded flags")) break;
    if ((flags & 1) && !rd_svarint(r, c, &lb, "bounded lower bound")) break;
    if ((flags & 2) && !rd_svarint(r, c, &ub, "bounded upper bound")) break;
    char l[32] = "?", u[32] = "?";
    if (flags & 1) snprintf(l, sizeof l, "%" PRId64, lb);
    if (flags & 2) snprintf(u, sizeof u, "%" PRId64, ub);
    int n = snprintf(text, sizeof text, "#cuda_tile.bounded<%s, %s>", l, u);
    res = parse_attr_text(r, at, text, (size_t)n);
    break;
  }
  case BC_AT_DICT: {
    uint64_t n;
    if (!rd_count(r, c, &n, 2, "dictionary size")) break;
    MlirNamedAttribute *els = malloc(sizeof(MlirNamedAttribute) * (size_t)(n + 1));
    if (!els) abort();
    for (uint64_t i = 0; i < n && !r->failed; i++) {
      MlirStringRef key;
      size_t kat = c->pos;
      if (!rd_string(r, c, &key, "dictionary key")) break;
      if (key.length == 0) {
        br_error(r, kat, "invalid empty attribute name for DictionaryAttr element %" PRIu64, i);
        break;
      }
      els[i].name = mlirIdentifierGet(r->mctx, key);
      els[i].attribute = rd_sc_attr(r, c);
    }
    if (!r->failed) res = mlirDictionaryAttrGet(r->mctx, (intptr_t)n, els);
    free(els);
    break;
  }
  case BC_AT_HINTS: res = rd_hints(r, c); break;
  default: br_error(r, at, "unknown attribute tag %" PRIu64, tag); break;
  }
  r->depth--;
  return r->failed ? none : res;
}

/* ------------------------------------------------------------------ ops */

static void push_value(br *r, MlirValue v) {
  if (r->nvalues == r->values_cap) {
    r->values_cap = r->values_cap ? r->values_cap * 2 : 256;
    r->values = realloc(r->values, r->values_cap * sizeof *r->values);
    if (!r->values) abort();
  }
  r->values[r->nvalues++] = v;
}

static bool rd_operand(br *r, cur *c, MlirValue *out) {
  size_t at = c->pos;
  uint64_t i;
  if (!rd_varint(r, c, &i, "operand")) return false;
  if (i >= r->nvalues) {
    br_error(r, at, "operand refers to value %" PRIu64 ", but only %zu values are defined", i, r->nvalues);
    return false;
  }
  *out = r->values[i];
  return true;
}

typedef struct op_build {
  MlirType res[64];
  int nres;
  MlirValue *operands;
  size_t nopnd, opnd_cap;
  MlirNamedAttribute attrs[16];
  int nattrs;
  MlirRegion regions[2];
  int nregions;
} op_build;

static void add_operand(op_build *b, MlirValue v) {
  if (b->nopnd == b->opnd_cap) {
    b->opnd_cap = b->opnd_cap ? b->opnd_cap * 2 : 8;
    b->operands = realloc(b->operands, b->opnd_cap * sizeof *b->operands);
    if (!b->operands) abort();
  }
  b->operands[b->nopnd++] = v;
}

static void add_attr(br *r, op_build *b, const char *name, MlirAttribute a) {
  if (mlirAttributeIsNull(a) || b->nattrs >= 16) return;
  b->attrs[b->nattrs].name = mlirIdentifierGet(r->mctx, mlirStringRefCreateFromCString(name));
  b->attrs[b->nattrs].attribute = a;
  b->nattrs++;
}

static MlirLocation op_loc(br *r, size_t at) {
  return mlirLocationFileLineColGet(r->mctx, mlirStringRefCreateFromCString(r->filename ? r->filename : "<bytecode>"),
                                    0, (unsigned)at);
}

static bool decode_block(br *r, cur *c, MlirBlock block, bool with_args);

static int enum_default(const ct_attr_info *ai) {
  if (!ai || !ai->dflt) return -1;
  int n;
  const char *const *names = ct_attr_kind_names(ai->kind, &n);
  for (int i = 0; names && i < n; i++)
    if (strcmp(names[i], ai->dflt) == 0) return i;
  return -1;
}

static MlirAttribute make_enum(br *r, size_t at, const ct_attr_info *ai, uint64_t v) {
  int n;
  const char *const *names = ai ? ct_attr_kind_names(ai->kind, &n) : NULL;
  if (!names || v >= (uint64_t)n) {
    br_error(r, at, "invalid value %" PRIu64 " of enum attribute '%s'", v, ai ? ai->name : "?");
    return mlirAttributeGetNull();
  }
  const char *mn = ct_attr_kind_mnemonic(ai->kind);
  if (!mn) return mlirIntegerAttrGet(mlirIntegerTypeGet(r->mctx, 32), (int64_t)v);
  char text[96];
  int len = snprintf(text, sizeof text, "#cuda_tile.%s<%s>", mn, names[v]);
  return parse_attr_text(r, at, text, (size_t)len);
}

static bool decode_attr(br *r, cur *c, op_build *b, const ct_op_info *info, const bc_attr_item *it,
                        const ct_type *result0) {
  size_t at = c->pos;
  const ct_attr_info *ai = ct_op_attr_info(info, it->name);
  MlirAttribute a = mlirAttributeGetNull();
  switch (it->kind) {
  case BC_A_ENUM: {
    uint64_t v;
    if (!rd_varint(r, c, &v, "enum attribute")) return false;
    a = make_enum(r, at, ai, v);
    if (ai && !ai->always && (int64_t)v == enum_default(ai)) return !r->failed; /* the parser leaves defaults out */
    break;
  }
  case BC_A_INT: {
    uint64_t v;
    if (!rd_varint(r, c, &v, "integer attribute")) return false;
    bool i64 = ai && ai->kind == CT_AK_I64;
    a = mlirIntegerAttrGet(mlirIntegerTypeGet(r->mctx, i64 ? 64 : 32), i64 ? (int64_t)v : (int64_t)(int32_t)v);
    break;
  }
  case BC_A_BOOL: {
    uint8_t v;
    if (!rd_byte(r, c, &v, "bool attribute")) return false;
    a = mlirBoolAttrGet(r->mctx, v != 0);
    break;
  }
  case BC_A_STR: {
    MlirStringRef s;
    if (!rd_string(r, c, &s, "string attribute")) return false;
    a = mlirStringAttrGet(r->mctx, s);
    break;
  }
  case BC_A_SYM: {
    MlirStringRef s;
    if (!rd_string(r, c, &s, "symbol attribute")) return false;
    a = mlirFlatSymbolRefAttrGet(r->mctx, s);
    break;
  }
  case BC_A_DENSE:
    if (!result0) {
      br_error(r, at, "dense attribute on an op without a result");
      return false;
    }
    a = rd_dense_const(r, c, result0);
    break;
  case BC_A_I32ARR: {
    int32_t v[CT_MAX_RANK];
    int n;
    if (!rd_i32_list(r, c, v, &n, CT_MAX_RANK, "permutation")) return false;
    for (int i = 0; i < n; i++)
      if (v[i] < 0) {
        br_error(r, at, "'%s' array contains unsupported value %d", it->name, v[i]);
        return false;
      }
    a = mlirDenseI32ArrayGet(r->mctx, n, v);
    break;
  }
  case BC_A_ARRAY: {
    uint64_t n;
    if (!rd_count(r, c, &n, 1, "array attribute size")) return false;
    MlirAttribute *els = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
    if (!els) abort();
    for (uint64_t i = 0; i < n && !r->failed; i++) els[i] = rd_sc_attr(r, c);
    if (!r->failed) a = mlirArrayAttrGet(r->mctx, (intptr_t)n, els);
    free(els);
    break;
  }
  case BC_A_BOOLARR: {
    uint64_t n;
    if (!rd_count(r, c, &n, 1, "bool array size")) return false;
    if (n > 64) {
      br_error(r, at, "'%s' has %" PRIu64 " entries", it->name, n);
      return false;
    }
    int v[64];
    bool any = false;
    for (uint64_t i = 0; i < n; i++) {
      uint8_t byte;
      size_t bat = c->pos;
      if (!rd_byte(r, c, &byte, "bool array element")) return false;
      if (byte > 1) {
        br_error(r, bat, "invalid bool value %u in '%s'", byte, it->name);
        return false;
      }
      v[i] = byte;
      any |= byte != 0;
    }
    if (!any) return true; /* all false: the default, left out (as tileirdisasm prints it) */
    a = mlirDenseBoolArrayGet(r->mctx, (intptr_t)n, v);
    break;
  }
  case BC_A_HINTS: a = rd_hints(r, c); break;
  case BC_A_ASSUME: {
    a = rd_sc_attr(r, c);
    if (!r->failed && !mlirAttributeIsAOpaque(a)) br_error(r, at, "assume predicate expected");
    break;
  }
  }
  if (r->failed) return false;
  add_attr(r, b, it->name, a);
  return true;
}

static MlirLocation di_next_loc(br *r, size_t at);

static bool decode_op(br *r, cur *c, MlirBlock block) {
  size_t at = c->pos;
  MlirLocation myloc = di_next_loc(r, at); /* pre-order, as the writer records them */
  uint64_t opcode;
  if (!rd_varint(r, c, &opcode, "opcode")) return false;
  const bc_op_spec *spec = bc_spec_for_opcode(opcode);
  if (!spec) {
    const char *known = bc_unsupported_opcode_name(opcode);
    if (known) br_error(r, at, "operation '%s' (opcode 0x%" PRIx64 ") is not supported by tilec", known, opcode);
    else br_error(r, at, "unknown opcode 0x%" PRIx64, opcode);
    return false;
  }
  const ct_op_info *info = ct_op_info_get(spec->id);
  if (spec->since > r->version) {
    br_error(r, at, "operation '%s' requires bytecode version %s+, file version is %s", info->full_name,
             vname(spec->since), vname(r->version));
    return false;
  }
  op_build b;
  memset(&b, 0, sizeof b);
  bool ok = false;
  ct_type result0;
  bool have_result0 = false;

  /* results */
  uint64_t nres = 0;
  if (spec->results == BC_RES_FIXED) nres = (uint64_t)info->nresults;
  else if (spec->results == BC_RES_SIZED && !rd_count(r, c, &nres, 1, "result count")) goto done;
  if (nres > 64) {
    br_error(r, at, "too many results (%" PRIu64 ")", nres);
    goto done;
  }
  for (uint64_t i = 0; i < nres; i++) {
    const rtype *t = rd_value_type(r, c, "result type");
    if (!t) goto done;
    if (i == 0) {
      result0 = t->ct;
      have_result0 = true;
    }
    b.res[b.nres++] = t->mlir;
  }
  int serialized_results = b.nres;
  if (spec->results_since > r->version && b.nres == 0) { /* 13.1 print: gains its token result */
    ct_type tok = ct_token_type();
    b.res[b.nres++] = ct_type_to_mlir(r->mctx, &tok);
  }
  if (spec->results == BC_RES_SIZED && spec->results_since <= r->version && info->nresults > 0 &&
      info->results[info->nresults - 1].kind == CT_GROUP_SINGLE && b.nres != info->nresults) {
    br_error(r, at, "'%s' has %d results, expected %d", info->full_name, b.nres, info->nresults);
    goto done;
  }

  /* flags */
  uint64_t flags = 0;
  bool has_flags = false;
  for (int i = 0; i < spec->nflags; i++) has_flags |= spec->flags[i].since <= r->version;
  if (has_flags && !rd_varint(r, c, &flags, "flags")) goto done;
  bool present[BC_MAX_FLAGS] = {false};
  {
    int bit = 0;
    for (int i = 0; i < spec->nflags; i++) {
      if (spec->flags[i].since > r->version) continue;
      present[i] = (flags >> bit) & 1;
      bit++;
    }
    if (bit < 64 && (flags >> bit)) {
      br_error(r, at, "unknown flag bits 0x%" PRIx64 " on '%s'", flags, info->full_name);
      goto done;
    }
  }

  /* attributes */
  for (int i = 0; i < spec->nattrs; i++) {
    const bc_attr_item *it = &spec->attrs[i];
    if (it->since > r->version) continue;
    if (it->optional) {
      bool on = false;
      for (int k = 0; k < spec->nflags; k++)
        if (strcmp(spec->flags[k].name, it->name) == 0) on = present[k];
      if (!on) continue;
    }
    if (!decode_attr(r, c, &b, info, it, have_result0 ? &result0 : NULL)) goto done;
  }
  /* unit attributes carried by the flags word alone */
  for (int k = 0; k < spec->nflags; k++) {
    if (!present[k] || spec->flags[k].is_operand) continue;
    bool has_value = false;
    for (int i = 0; i < spec->nattrs; i++) has_value |= strcmp(spec->attrs[i].name, spec->flags[k].name) == 0;
    if (!has_value) add_attr(r, &b, spec->flags[k].name, mlirUnitAttrGet(r->mctx));
  }

  /* operands */
  int32_t seg[CT_MAX_GROUPS] = {0};
  switch (spec->operands) {
  case BC_OPN_NONE: break;
  case BC_OPN_EACH:
    for (int g = 0; g < info->noperands; g++) {
      MlirValue v;
      if (!rd_operand(r, c, &v)) goto done;
      add_operand(&b, v);
      seg[g] = 1;
    }
    break;
  case BC_OPN_COUNTED: {
    uint64_t n;
    if (!rd_count(r, c, &n, 1, "operand count")) goto done;
    for (uint64_t i = 0; i < n; i++) {
      MlirValue v;
      if (!rd_operand(r, c, &v)) goto done;
      add_operand(&b, v);
    }
    int fixed = 0;
    for (int g = 0; g < info->noperands; g++) fixed += info->operands[g].kind == CT_GROUP_SINGLE;
    if (n < (uint64_t)fixed) {
      br_error(r, at, "'%s' needs at least %d operands, has %" PRIu64, info->full_name, fixed, n);
      goto done;
    }
    /* segments (ops with one optional/variadic group, e.g. gdc_wait_tko's token): singles get one
     * operand each, the other group the rest */
    for (int g = 0; g < info->noperands; g++)
      seg[g] = info->operands[g].kind == CT_GROUP_SINGLE ? 1 : (int32_t)(n - (uint64_t)fixed);
    if (n > (uint64_t)fixed)
      for (int g = 0; g < info->noperands; g++)
        if (info->operands[g].kind == CT_GROUP_OPTIONAL && n - (uint64_t)fixed > 1) {
          br_error(r, at, "'%s' has %" PRIu64 " operands, at most %d", info->full_name, n, fixed + 1);
          goto done;
        }
    break;
  }
  case BC_OPN_GROUPS:
    for (int g = 0; g < info->noperands; g++) {
      uint64_t n = 1;
      if (info->operands[g].kind == CT_GROUP_VARIADIC) {
        if (!rd_count(r, c, &n, 1, "operand count")) goto done;
      } else if (info->operands[g].kind == CT_GROUP_OPTIONAL) {
        n = 0;
        for (int k = 0; k < spec->nflags; k++)
          if (spec->flags[k].is_operand && spec->flags[k].group == g) n = present[k];
      }
      for (uint64_t i = 0; i < n; i++) {
        MlirValue v;
        if (!rd_operand(r, c, &v)) goto done;
        add_operand(&b, v);
      }
      seg[g] = (int32_t)n;
    }
    break;
  }
  if (info->has_segments) add_attr(r, &b, "operandSegmentSizes", mlirDenseI32ArrayGet(r->mctx, info->noperands, seg));

  /* regions */
  if (spec->regions) {
    uint64_t nreg;
    size_t rat = c->pos;
    if (!rd_varint(r, c, &nreg, "region count")) goto done;
    if (nreg != (uint64_t)info->nregions) {
      br_error(r, rat, "'%s' has %" PRIu64 " regions, expected %d", info->full_name, nreg, info->nregions);
      goto done;
    }
    if (++r->depth > BR_MAX_DEPTH) {
      br_error(r, rat, "regions nested too deeply");
      goto done;
    }
    for (uint64_t k = 0; k < nreg; k++) {
      MlirRegion region = mlirRegionCreate();
      b.regions[b.nregions++] = region;
      uint64_t nblocks;
      size_t bat = c->pos;
      if (!rd_count(r, c, &nblocks, 2, "block count")) goto done;
      if (nblocks > 1) {
        br_error(r, bat, "a region of '%s' has %" PRIu64 " blocks (at most one)", info->full_name, nblocks);
        goto done;
      }
      if (nblocks == 0) continue;
      MlirBlock bl = mlirBlockCreate(0, NULL, NULL);
      mlirRegionAppendOwnedBlock(region, bl);
      if (!decode_block(r, c, bl, true)) goto done;
    }
    r->depth--;
  }

  {
    MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(info->full_name), myloc);
    mlirOperationStateAddResults(&st, b.nres, b.res);
    mlirOperationStateAddOperands(&st, (intptr_t)b.nopnd, b.operands);
    mlirOperationStateAddAttributes(&st, b.nattrs, b.attrs);
    mlirOperationStateAddOwnedRegions(&st, b.nregions, b.regions);
    b.nregions = 0;
    MlirOperation op = mlirOperationCreate(&st);
    mlirBlockAppendOwnedOperation(block, op);
    for (int i = 0; i < serialized_results; i++) push_value(r, mlirOperationGetResult(op, i));
    ok = true;
  }
done:
  for (int i = 0; i < b.nregions; i++) mlirRegionDestroy(b.regions[i]);
  free(b.operands);
  return ok;
}

static bool decode_block(br *r, cur *c, MlirBlock block, bool with_args) {
  size_t saved = r->nvalues;
  if (with_args) {
    uint64_t nargs;
    if (!rd_count(r, c, &nargs, 1, "block argument count")) return false;
    for (uint64_t i = 0; i < nargs; i++) {
      const rtype *t = rd_value_type(r, c, "block argument type");
      if (!t) return false;
      MlirValue arg = mlirBlockAddArgument(block, t->mlir, mlirLocationUnknownGet(r->mctx));
      push_value(r, arg);
    }
  }
  uint64_t nops;
  if (!rd_count(r, c, &nops, 1, "op count")) return false;
  for (uint64_t i = 0; i < nops; i++)
    if (!decode_op(r, c, block)) return false;
  r->nvalues = saved;
  return true;
}

/* ------------------------------------------------------------------ module */

static MlirOperation create_simple(br *r, const char *name, size_t at, MlirNamedAttribute *attrs, int nattrs,
                                   MlirRegion *region) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), op_loc(r, at));
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  if (region) mlirOperationStateAddOwnedRegions(&st, 1, region);
  return mlirOperationCreate(&st);
}

static MlirNamedAttribute named(br *r, const char *name, MlirAttribute a) {
  MlirNamedAttribute na = {mlirIdentifierGet(r->mctx, mlirStringRefCreateFromCString(name)), a};
  return na;
}

static bool read_globals(br *r, MlirBlock body) {
  if (!r->have[BC_SEC_GLOBAL]) return true;
  cur c = {r->sec_pos[BC_SEC_GLOBAL], r->sec_pos[BC_SEC_GLOBAL] + r->sec_len[BC_SEC_GLOBAL]};
  uint64_t n;
  if (!rd_count(r, &c, &n, 4, "global count")) return false;
  for (uint64_t i = 0; i < n; i++) {
    size_t at = c.pos;
    MlirStringRef name;
    uint64_t align, constant = 0;
    uint8_t vis = 0;
    if (!rd_string(r, &c, &name, "global name")) return false;
    const rtype *t = rd_value_type(r, &c, "global type");
    if (!t) return false;
    MlirAttribute value = rd_dense_const(r, &c, &t->ct);
    if (r->failed || !rd_varint(r, &c, &align, "global alignment")) return false;
    if (r->version >= CT_BYTECODE_13_3) {
      size_t vat = c.pos;
      if (!rd_byte(r, &c, &vis, "global visibility") || !rd_varint(r, &c, &constant, "global constant flag"))
        return false;
      if (vis > 1 || constant > 1) {
        br_error(r, vat, "invalid global visibility or constant flag");
        return false;
      }
    }
    MlirNamedAttribute attrs[5];
    int na = 0;
    attrs[na++] = named(r, "sym_name", mlirStringAttrGet(r->mctx, name));
    attrs[na++] = named(r, "value", value);
    if (align) attrs[na++] = named(r, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(r->mctx, 64), (int64_t)align));
    if (constant) attrs[na++] = named(r, "constant", mlirUnitAttrGet(r->mctx));
    if (vis) attrs[na++] = named(r, "symbol_visibility", parse_attr_text(r, at, "#cuda_tile.symbol_visibility<private>", 38));
    if (r->failed) return false;
    mlirBlockAppendOwnedOperation(body, create_simple(r, "cuda_tile.global", at, attrs, na, NULL));
  }
  if (c.pos != c.end) {
    br_error(r, c.pos, "%zu unexpected bytes at the end of the global section", c.end - c.pos);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------ debug section */

typedef struct di_slot {
  int kind; /* 0 not read, 1 location, 2 di attribute, 3 being read */
  MlirLocation loc;
  MlirAttribute attr;
} di_slot;

/* Layout (docs/bytecode.md): nOps, pad 4, u32 offsets[nOps], nIdx, pad 8, u64 idx[nIdx], then a table
 * of debug-info entries (count, pad 4, u32 offsets, data: tag + fields). Index 0 = unknown location;
 * entry i is index i + 1. */
static bool di_open(br *r) {
  if (!r->have[BC_SEC_DEBUG]) return true;
  size_t base = r->sec_pos[BC_SEC_DEBUG];
  cur c = {base, base + r->sec_len[BC_SEC_DEBUG]};
  if (!rd_count(r, &c, &r->di_nops, 0, "debug op count") || !skip_pad(r, &c, base, 4)) return false;
  if (r->di_nops > (c.end - c.pos) / 4) {
    br_error(r, c.pos, "debug op count %" PRIu64 " exceeds the section length", r->di_nops);
    return false;
  }
  r->di_opoff = c.pos;
  c.pos += (size_t)r->di_nops * 4;
  if (!rd_count(r, &c, &r->di_nidx, 0, "debug index count") || !skip_pad(r, &c, base, 8)) return false;
  if (r->di_nidx > (c.end - c.pos) / 8) {
    br_error(r, c.pos, "debug index count %" PRIu64 " exceeds the section length", r->di_nidx);
    return false;
  }
  r->di_idx = c.pos;
  c.pos += (size_t)r->di_nidx * 8;
  /* the debug-info entry table (its padding counts from the section start) */
  bool ok = true;
  {
    cur t = {c.pos, c.end};
    uint64_t n;
    ok = rd_count(r, &t, &n, 0, "debug info count") && skip_pad(r, &t, base, 4);
    if (ok && n > (t.end - t.pos) / 4) {
      br_error(r, t.pos, "debug info count %" PRIu64 " exceeds the section length", n);
      ok = false;
    }
    if (ok) {
      r->di_attrs.count = n;
      r->di_attrs.offset_bytes = 4;
      r->di_attrs.offsets = t.pos;
      r->di_attrs.data = t.pos + (size_t)n * 4;
      r->di_attrs.data_len = t.end - r->di_attrs.data;
      uint64_t prev = 0;
      for (uint64_t i = 0; ok && i < n; i++) {
        uint64_t o;
        cur oc = {t.pos + (size_t)i * 4, r->di_attrs.data};
        ok = rd_le(r, &oc, 4, &o, "debug info offset");
        if (ok && (o < prev || o > r->di_attrs.data_len)) {
          br_error(r, t.pos + (size_t)i * 4, "debug info offset %" PRIu64 " out of range", o);
          ok = false;
        }
        prev = o;
      }
    }
  }
  if (ok) {
    r->di_cache = calloc((size_t)r->di_attrs.count + 1, sizeof *r->di_cache);
    if (!r->di_cache) abort();
  }
  return ok;
}

static bool di_get(br *r, uint64_t idx, size_t at, di_slot *out);

static bool di_get_attr(br *r, cur *c, unsigned want, const char *what, MlirAttribute *out) {
  size_t at = c->pos;
  uint64_t idx;
  di_slot s;
  if (!rd_varint(r, c, &idx, what) || !di_get(r, idx, at, &s)) return false;
  if (s.kind != 2 || !(want & (1u << ct_di_attr_kind(s.attr)))) {
    br_error(r, at, "%s: debug info entry %" PRIu64 " has the wrong kind", what, idx);
    return false;
  }
  *out = s.attr;
  return true;
}

static bool di_get_loc(br *r, cur *c, const char *what, MlirLocation *out) {
  size_t at = c->pos;
  uint64_t idx;
  di_slot s;
  if (!rd_varint(r, c, &idx, what) || !di_get(r, idx, at, &s)) return false;
  if (s.kind != 1) {
    br_error(r, at, "%s: debug info entry %" PRIu64 " is not a location", what, idx);
    return false;
  }
  *out = s.loc;
  return true;
}

static bool di_get(br *r, uint64_t idx, size_t at, di_slot *out) {
  if (idx == 0) {
    *out = (di_slot){1, mlirLocationUnknownGet(r->mctx), {NULL}};
    return true;
  }
  if (!r->di_cache || idx - 1 >= r->di_attrs.count) {
    br_error(r, at, "debug info index %" PRIu64 " out of range", idx);
    return false;
  }
  di_slot *slot = &r->di_cache[idx - 1];
  if (slot->kind == 3) {
    br_error(r, at, "debug info entry %" PRIu64 " refers to itself", idx);
    return false;
  }
  if (slot->kind) {
    *out = *slot;
    return true;
  }
  cur c;
  if (!table_entry(r, &r->di_attrs, idx - 1, at, &c, "debug info")) return false;
  slot->kind = 3;
  size_t tat = c.pos;
  uint64_t tag;
  bool ok = rd_varint(r, &c, &tag, "debug info tag");
  di_slot res = {0, {NULL}, {NULL}};
  const unsigned FILE_K = 1u << CT_DI_FILE, CU_K = 1u << CT_DI_COMPILE_UNIT,
                 LOCAL_K = (1u << CT_DI_SUBPROGRAM) | (1u << CT_DI_LEXICAL_BLOCK);
  if (ok) switch (tag) {
    case BC_DI_FILE: {
      MlirStringRef name, dir;
      ok = rd_string(r, &c, &name, "di_file name") && rd_string(r, &c, &dir, "di_file directory");
      if (ok) res = (di_slot){2, {NULL}, ct_di_file_get(r->mctx, name, dir)};
      break;
    }
    case BC_DI_COMPILE_UNIT: {
      MlirAttribute file;
      ok = di_get_attr(r, &c, FILE_K, "di_compile_unit file", &file);
      if (ok) res = (di_slot){2, {NULL}, ct_di_compile_unit_get(r->mctx, file)};
      break;
    }
    case BC_DI_SUBPROGRAM: {
      MlirAttribute file, cu;
      uint64_t line, scope_line;
      MlirStringRef name, link;
      ok = di_get_attr(r, &c, FILE_K, "di_subprogram file", &file) && rd_varint(r, &c, &line, "di_subprogram line") &&
           rd_string(r, &c, &name, "di_subprogram name") && rd_string(r, &c, &link, "di_subprogram linkageName") &&
           di_get_attr(r, &c, CU_K, "di_subprogram compileUnit", &cu) &&
           rd_varint(r, &c, &scope_line, "di_subprogram scopeLine");
      uint64_t sp_flags = 0;
      size_t fat = c.pos;
      if (ok && r->version >= CT_BYTECODE_13_5) ok = rd_varint(r, &c, &sp_flags, "di_subprogram flags");
      if (ok && sp_flags) {
        br_error(r, fat, "unknown di_subprogram flags 0x%" PRIx64, sp_flags);
        ok = false;
      }
      if (ok && (line > UINT32_MAX || scope_line > UINT32_MAX)) {
        br_error(r, tat, "di_subprogram line out of range");
        ok = false;
      }
      if (ok)
        res = (di_slot){2, {NULL}, ct_di_subprogram_get(r->mctx, file, (unsigned)line, name, link, cu, scope_line != 0,
                                                        (unsigned)scope_line)};
      break;
    }
    case BC_DI_LEXICAL_BLOCK: {
      MlirAttribute scope, file;
      uint64_t line, col;
      ok = di_get_attr(r, &c, LOCAL_K, "di_lexical_block scope", &scope) &&
           di_get_attr(r, &c, FILE_K, "di_lexical_block file", &file) && rd_varint(r, &c, &line, "di_lexical_block line") &&
           rd_varint(r, &c, &col, "di_lexical_block column");
      if (ok && (line > UINT32_MAX || col > UINT32_MAX)) {
        br_error(r, tat, "di_lexical_block line out of range");
        ok = false;
      }
      if (ok)
        res = (di_slot){2, {NULL}, ct_di_lexical_block_get(r->mctx, scope, file, (unsigned)line, col != 0, (unsigned)col)};
      break;
    }
    case BC_DI_LOC: {
      MlirAttribute scope;
      MlirStringRef file;
      uint64_t line, col;
      ok = di_get_attr(r, &c, LOCAL_K, "di_loc scope", &scope) && rd_string(r, &c, &file, "di_loc file name") &&
           rd_varint(r, &c, &line, "di_loc line") && rd_varint(r, &c, &col, "di_loc column");
      if (ok && (line > UINT32_MAX || col > UINT32_MAX)) {
        br_error(r, tat, "di_loc line out of range");
        ok = false;
      }
      if (ok)
        res = (di_slot){1, ct_di_loc_get(mlirLocationFileLineColGet(r->mctx, file, (unsigned)line, (unsigned)col), scope),
                        {NULL}};
      break;
    }
    case BC_DI_CALL_SITE: {
      MlirLocation callee, caller;
      ok = di_get_loc(r, &c, "callsite callee", &callee) && di_get_loc(r, &c, "callsite caller", &caller);
      if (ok) res = (di_slot){1, mlirLocationCallSiteGet(callee, caller), {NULL}};
      break;
    }
    default: /* NVIDIA reads any other tag as an unknown location */
      res = (di_slot){1, mlirLocationUnknownGet(r->mctx), {NULL}};
      break;
    }
  if (!ok) {
    slot->kind = 0;
    return false;
  }
  *slot = res;
  *out = res;
  return true;
}

/* Start reading the locations of a function whose location index is `loc_index`; returns its
 * location (or a null location when the function has no debug info). */
static MlirLocation di_begin_function(br *r, uint64_t loc_index, size_t at) {
  r->di_fn_on = false;
  if (loc_index == 0) return (MlirLocation){NULL};
  if (!r->have[BC_SEC_DEBUG] || loc_index - 1 >= r->di_nops) {
    br_error(r, at, "function location index %" PRIu64 " out of range", loc_index);
    return (MlirLocation){NULL};
  }
  uint64_t off;
  cur oc = {r->di_opoff + (size_t)(loc_index - 1) * 4, r->di_opoff + (size_t)r->di_nops * 4};
  if (!rd_le(r, &oc, 4, &off, "debug op offset")) return (MlirLocation){NULL};
  r->di_fn_on = true;
  r->di_fn_next = off;
  return di_next_loc(r, at);
}

static MlirLocation di_next_loc(br *r, size_t at) {
  if (!r->di_fn_on) return op_loc(r, at);
  if (r->di_fn_next >= r->di_nidx) return mlirLocationUnknownGet(r->mctx); /* NVIDIA: no entry -> unknown */
  uint64_t idx;
  cur ic = {r->di_idx + (size_t)r->di_fn_next * 8, r->di_idx + (size_t)r->di_nidx * 8};
  r->di_fn_next++;
  di_slot s;
  if (!rd_le(r, &ic, 8, &idx, "debug index") || !di_get(r, idx, ic.pos - 8, &s)) return op_loc(r, at);
  if (s.kind != 1) {
    br_error(r, ic.pos - 8, "debug info entry %" PRIu64 " used as an op location is not a location", idx);
    return op_loc(r, at);
  }
  return s.loc;
}

static bool read_functions(br *r, MlirBlock body) {
  cur c = {r->sec_pos[BC_SEC_FUNC], r->sec_pos[BC_SEC_FUNC] + r->sec_len[BC_SEC_FUNC]};
  uint64_t n;
  if (!rd_count(r, &c, &n, 5, "function count")) return false;
  for (uint64_t i = 0; i < n; i++) {
    size_t at = c.pos;
    MlirStringRef name;
    uint8_t fflags;
    uint64_t loc_index, body_len;
    if (!rd_string(r, &c, &name, "function name")) return false;
    size_t sat = c.pos;
    const rtype *sig = rd_type(r, &c, "function signature");
    if (!sig) return false;
    if (sig->kind != RT_FUNC) {
      br_error(r, sat, "function signature is not a function type");
      return false;
    }
    size_t fat = c.pos;
    if (!rd_byte(r, &c, &fflags, "function flags") || !rd_varint(r, &c, &loc_index, "function location")) return false;
    if (fflags & ~(BC_FN_PRIVATE | BC_FN_KERNEL | BC_FN_HINTS)) {
      br_error(r, fat, "unknown function flags 0x%x", fflags);
      return false;
    }
    bool kernel = fflags & BC_FN_KERNEL;
    bool v135 = r->version >= CT_BYTECODE_13_5;
    MlirLocation fn_loc = di_begin_function(r, loc_index, fat);
    if (r->failed) return false;
    MlirAttribute hints = mlirAttributeGetNull();
    if ((fflags & BC_FN_HINTS) || (v135 && kernel)) { /* 13.5: an entry always has its hints */
      size_t hat = c.pos;
      if (!kernel) {
        br_error(r, fat, "optimization hints on a function that is not an entry");
        return false;
      }
      hints = rd_sc_attr(r, &c);
      if (r->failed) return false;
      if (!mlirAttributeIsAOpaque(hints)) {
        br_error(r, hat, "optimization hints expected");
        return false;
      }
      MlirStringRef hd = mlirOpaqueAttrGetData(hints);
      if (v135 && hd.length == 20 && memcmp(hd.data, "optimization_hints<>", 20) == 0) hints = mlirAttributeGetNull();
    }
    MlirAttribute arg_attrs = mlirAttributeGetNull();
    if (v135) { /* 13.5: every function has its arg_attrs (an array of dictionaries, possibly empty) */
      size_t aat = c.pos;
      arg_attrs = rd_sc_attr(r, &c);
      if (r->failed) return false;
      if (!mlirAttributeIsAArray(arg_attrs)) {
        br_error(r, aat, "function argument attributes expected (an array)");
        return false;
      }
      intptr_t na = mlirArrayAttrGetNumElements(arg_attrs);
      bool any = false;
      for (intptr_t k = 0; k < na; k++) {
        MlirAttribute d = mlirArrayAttrGetElement(arg_attrs, k);
        if (!mlirAttributeIsADictionary(d)) {
          br_error(r, aat, "function argument attributes must be dictionaries");
          return false;
        }
        any |= mlirDictionaryAttrGetNumElements(d) > 0;
      }
      if (na && na != mlirFunctionTypeGetNumInputs(sig->mlir)) {
        br_error(r, aat, "%" PRIdPTR " argument attribute dictionaries for %" PRIdPTR " arguments", na,
                 mlirFunctionTypeGetNumInputs(sig->mlir));
        return false;
      }
      if (!any) arg_attrs = mlirAttributeGetNull();
    }
    size_t lat = c.pos;
    if (!rd_varint(r, &c, &body_len, "function body length")) return false;
    if (body_len > c.end - c.pos) {
      br_error(r, lat, "function body length %" PRIu64 " exceeds the section", body_len);
      return false;
    }
    cur fb = {c.pos, c.pos + (size_t)body_len};
    c.pos = fb.end;

    MlirRegion region = mlirRegionCreate();
    MlirBlock entry = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(region, entry);
    r->nvalues = 0;
    for (intptr_t k = 0; k < mlirFunctionTypeGetNumInputs(sig->mlir); k++)
      push_value(r, mlirBlockAddArgument(entry, mlirFunctionTypeGetInput(sig->mlir, k),
                                         r->di_fn_on ? mlirLocationUnknownGet(r->mctx) : op_loc(r, at)));
    while (fb.pos < fb.end && !r->failed) decode_op(r, &fb, entry);
    if (r->failed) {
      mlirRegionDestroy(region);
      return false;
    }
    MlirNamedAttribute attrs[4];
    int na = 0;
    attrs[na++] = named(r, "sym_name", mlirStringAttrGet(r->mctx, name));
    attrs[na++] = named(r, "function_type", mlirTypeAttrGet(sig->mlir));
    if (!mlirAttributeIsNull(arg_attrs)) attrs[na++] = named(r, "arg_attrs", arg_attrs);
    if (!mlirAttributeIsNull(hints)) attrs[na++] = named(r, "optimization_hints", hints);
    MlirOperation fn = create_simple(r, kernel ? "cuda_tile.entry" : "cuda_tile.testing$func", at, attrs, na, &region);
    if (!mlirLocationIsNull(fn_loc)) mlirOperationSetLocation(fn, fn_loc);
    mlirBlockAppendOwnedOperation(body, fn);
    r->di_fn_on = false;
  }
  return true;
}

static bool read_sections(br *r) {
  cur c = {12, r->len};
  for (;;) {
    size_t at = c.pos;
    uint8_t idb;
    if (!rd_byte(r, &c, &idb, "section id (missing end-of-bytecode marker)")) return false;
    int id = idb & 0x7F;
    if (id == BC_SEC_END) {
      if (idb != 0) {
        br_error(r, at, "invalid end-of-bytecode marker 0x%02x", idb);
        return false;
      }
      if (c.pos != c.end) {
        br_error(r, c.pos, "%zu unexpected bytes after the end-of-bytecode marker", c.end - c.pos);
        return false;
      }
      return true;
    }
    if (id >= BC_SEC_COUNT || (id == BC_SEC_PRODUCER && r->version < CT_BYTECODE_13_3)) {
      br_error(r, at, "invalid section id %d", id);
      return false;
    }
    if (r->have[id]) {
      br_error(r, at, "duplicate section id %d", id);
      return false;
    }
    uint64_t length;
    size_t lat = c.pos;
    if (!rd_varint(r, &c, &length, "section length")) return false;
    if (idb & 0x80) {
      uint64_t align;
      size_t aat = c.pos;
      if (!rd_varint(r, &c, &align, "section alignment")) return false;
      if (align == 0 || align > 4096 || (align & (align - 1))) {
        br_error(r, aat, "invalid section alignment %" PRIu64, align);
        return false;
      }
      if (!skip_pad(r, &c, 0, (unsigned)align)) return false;
    }
    if (length > c.end - c.pos) {
      br_error(r, lat, "section %d length %" PRIu64 " exceeds the remaining %zu bytes", id, length, c.end - c.pos);
      return false;
    }
    r->have[id] = true;
    r->sec_pos[id] = c.pos;
    r->sec_len[id] = (size_t)length;
    c.pos += (size_t)length;
  }
}

MlirModule ct_bytecode_read(ct_ctx *c, const char *filename, const uint8_t *data, size_t len) {
  br r;
  memset(&r, 0, sizeof r);
  r.c = c;
  r.filename = filename;
  r.d = data;
  r.len = len;
  r.mctx = c->mlir;
  MlirModule result = {NULL};
  if (!ct_bytecode_is_bytecode(data, len)) {
    br_error(&r, 0, "invalid magic number (expected \\x7FTileIR\\x00)");
    return result;
  }
  if (len < 12) {
    br_error(&r, 8, "truncated version header");
    return result;
  }
  int major = data[8], minor = data[9];
  if (major != 13 || minor < 1 || minor > 5) {
    br_error(&r, 8, "unsupported bytecode version %d.%d (supported: 13.1 to 13.5)", major, minor);
    return result;
  }
  r.version = (major << 8) | minor;
  if (!read_sections(&r)) return result;
  static const int required[] = {BC_SEC_STRING, BC_SEC_TYPE, BC_SEC_FUNC};
  for (int i = 0; i < 3; i++)
    if (!r.have[required[i]]) {
      br_error(&r, len, "missing %s section", required[i] == BC_SEC_STRING ? "string"
                                             : required[i] == BC_SEC_TYPE ? "type" : "function");
      return result;
    }
  if (!table_open(&r, BC_SEC_STRING, 4, &r.strings, "string")) return result;
  if (r.have[BC_SEC_CONSTANT] && !table_open(&r, BC_SEC_CONSTANT, 8, &r.consts, "constant")) return result;
  if (!load_types(&r)) goto out;
  if (!di_open(&r)) goto out;

  MlirLocation loc = op_loc(&r, 0);
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(region, body);
  MlirNamedAttribute attrs[2];
  int na = 0;
  attrs[na++] = named(&r, "sym_name", mlirStringAttrGet(r.mctx, mlirStringRefCreateFromCString("kernels")));
  if (r.have[BC_SEC_PRODUCER]) {
    cur pc = {r.sec_pos[BC_SEC_PRODUCER], r.sec_pos[BC_SEC_PRODUCER] + r.sec_len[BC_SEC_PRODUCER]};
    MlirStringRef producer;
    if (rd_string(&r, &pc, &producer, "producer")) attrs[na++] = named(&r, "producer", mlirStringAttrGet(r.mctx, producer));
  }
  MlirOperation module = create_simple(&r, "cuda_tile.module", 0, attrs, na, &region);
  if (r.have[BC_SEC_DEBUG]) mlirOperationSetLocation(module, mlirLocationUnknownGet(r.mctx)); /* as NVIDIA reads it */
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), module);
  if (r.failed || !read_globals(&r, body) || !read_functions(&r, body)) {
    mlirModuleDestroy(m);
    goto out;
  }
  result = m;
out:
  free(r.rtypes);
  free(r.values);
  free(r.di_cache);
  return result;
}

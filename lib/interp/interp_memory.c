/* interp_memory: the interpreter's global memory and the memory ops — host buffers, module
 * globals, alloca, pointer loads/stores (masks, padding), tensor/partition/strided views (edge
 * padding on load, masking on store), get_tensor_shape / get_index_space_shape, offset and the
 * atomics (executed one element after another, which is one valid atomic order), and the 13.5
 * multimem view ops (one device is the whole multicast group: load-reduce = load, reduce = an
 * atomic reduction, store = store).
 *
 * Algorithm: every allocation is a region [address, address + bytes) of a virtual address space:
 * caller buffer i at (i + 1) << 40, globals and alloca from 0xF0 << 40 up. Each element access
 * finds its region (last hit cached) and must lie entirely inside it and be aligned to its element
 * size; otherwise the op fails naming the element index and address. A view element at tile
 * index idx and in-tile coordinate t has tensor coordinate
 *   coord[dim_map[i]] = idx[i] * step[i] + t[i]   (step = tile size; strided views: traversal stride)
 * and address base + esize * sum(coord[d] * stride[d]); coordinates outside [0, shape) read the
 * padding value (zero when the view has none) and are not written.
 * f4E2M1FN elements are nibbles, two per byte: element offset o of a view is the low (o even) or
 * high half of byte base + o / 2 (CUDA's __nv_fp4x2; the compiled code's layout); a global of f4
 * is packed the same way.
 * A gather_scatter view's sparse dim takes its coordinate from the 1-d index tile instead:
 * coord[dim_map[s]] = rows[t[s]] (row ids outside the tensor read the padding, are not written).
 * Limits: f4 elements are reached through views only (no
 * pointer offsets: two share a byte); `alloca ... global` memory is per tile block like private
 * alloca.
 * Owner: interp. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp_internal.h"

#define PRIVATE_BASE (0xF0ULL << 40)

int iv_elem_bytes(ct_elem e) {
  switch (e) {
  case CT_I1: case CT_I8: case CT_F8E4M3FN: case CT_F8E5M2: case CT_F8E8M0FNU: return 1;
  case CT_I16: case CT_F16: case CT_BF16: return 2;
  case CT_I32: case CT_F32: case CT_TF32: return 4;
  case CT_I64: case CT_F64: case CT_PTR: return 8;
  default: return 0;
  }
}

/* Bytes of n elements of e in memory (f4E2M1FN: two per byte, rounded up). */
static int64_t mem_bytes(ct_elem e, int64_t n) { return e == CT_F4E2M1FN ? (n + 1) / 2 : n * iv_elem_bytes(e); }

static bool mem_add(iv_interp *I, uint64_t address, size_t bytes, unsigned char *data, bool owned, const char *label) {
  if (I->mem_count == I->mem_cap) {
    unsigned cap = I->mem_cap ? I->mem_cap * 2 : 16;
    iv_region_mem *grown = realloc(I->mem, cap * sizeof *grown);
    if (!grown) return false;
    I->mem = grown;
    I->mem_cap = cap;
  }
  iv_region_mem *r = &I->mem[I->mem_count++];
  r->address = address;
  r->bytes = bytes;
  r->data = data;
  r->owned = owned;
  snprintf(r->label, sizeof r->label, "%s", label ? label : "buffer");
  return true;
}

uint64_t iv_mem_alloc(iv_interp *I, size_t bytes, size_t align, const char *label) {
  if (align < 16) align = 16;
  uint64_t address = (I->next_private_address + align - 1) / align * align;
  unsigned char *data = calloc(bytes ? bytes : 1, 1);
  if (!data || !mem_add(I, address, bytes, data, true, label)) {
    free(data);
    return 0;
  }
  I->next_private_address = address + bytes + 64; /* a gap so overruns are caught */
  return address;
}

void iv_mem_reset_block(iv_interp *I) {
  while (I->mem_count > I->mem_block_start) {
    iv_region_mem *r = &I->mem[--I->mem_count];
    if (r->owned) free(r->data);
  }
  I->next_private_address = I->block_start_address;
}

void iv_mem_destroy(iv_interp *I) {
  for (unsigned i = 0; i < I->mem_count; i++)
    if (I->mem[i].owned) free(I->mem[i].data);
  free(I->mem);
  I->mem = NULL;
  I->mem_count = I->mem_cap = 0;
}

static bool write_raw(unsigned char *p, ct_elem e, iv_slot v);

/* Registers the caller's buffers and allocates the module's globals. */
bool iv_mem_setup(iv_interp *I, MlirOperation entry) {
  const ct_interp_config *cfg = I->config;
  for (unsigned i = 0; i < cfg->buffer_count; i++) {
    char label[64];
    if (cfg->buffers[i].label) snprintf(label, sizeof label, "%s", cfg->buffers[i].label);
    else snprintf(label, sizeof label, "buffer %u", i);
    if (!mem_add(I, ct_interp_buffer_address(i), cfg->buffers[i].bytes, cfg->buffers[i].data, false, label)) return false;
  }
  I->next_private_address = PRIVATE_BASE;
  MlirBlock module_body = mlirOperationGetBlock(entry);
  for (MlirOperation g = mlirBlockIsNull(module_body) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(module_body);
       !mlirOperationIsNull(g); g = mlirOperationGetNextInBlock(g)) {
    if (ct_op_id_of(g) != CT_OP_global) continue;
    MlirAttribute value = mlirOperationGetAttributeByName(g, mlirStringRefCreateFromCString("value"));
    MlirAttribute name = mlirOperationGetAttributeByName(g, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsNull(value) || !mlirAttributeIsADenseElements(value)) {
      ct_error_op(I->c, g, "interpreter: global without a dense value");
      return false;
    }
    MlirType st = mlirAttributeGetType(value);
    ct_elem e = CT_ELEM_NONE;
    MlirType et = mlirShapedTypeGetElementType(st);
    if (mlirTypeIsAF16(et)) e = CT_F16;
    else if (mlirTypeIsABF16(et)) e = CT_BF16;
    else if (mlirTypeIsAF32(et)) e = CT_F32;
    else if (mlirTypeIsAF64(et)) e = CT_F64;
    else if (mlirTypeIsATF32(et)) e = CT_TF32;
    else if (mlirTypeIsAFloat8E4M3FN(et)) e = CT_F8E4M3FN;
    else if (mlirTypeIsAFloat8E5M2(et)) e = CT_F8E5M2;
    else if (mlirTypeIsAFloat8E8M0FNU(et)) e = CT_F8E8M0FNU;
    else if (mlirTypeIsAFloat4E2M1FN(et)) e = CT_F4E2M1FN;
    else if (mlirTypeIsAInteger(et)) {
      unsigned w = mlirIntegerTypeGetWidth(et);
      e = w == 1 ? CT_I1 : w == 8 ? CT_I8 : w == 16 ? CT_I16 : w == 32 ? CT_I32 : w == 64 ? CT_I64 : CT_ELEM_NONE;
    }
    int esize = e == CT_F4E2M1FN ? 1 : iv_elem_bytes(e);
    if (!esize) {
      ct_error_op(I->c, g, "interpreter: global of this element type is not supported");
      return false;
    }
    int64_t n = mlirElementsAttrGetNumElements(value);
    int64_t bytes = mem_bytes(e, n);
    char label[64];
    MlirStringRef sn = mlirAttributeIsAString(name) ? mlirStringAttrGetValue(name) : mlirStringRefCreate("?", 1);
    snprintf(label, sizeof label, "global @%.*s", (int)sn.length, sn.data);
    uint64_t address = iv_mem_alloc(I, (size_t)bytes, (size_t)ct_attr_int(g, "alignment", 16), label);
    if (!address) return false;
    iv_region_mem *r = &I->mem[I->mem_count - 1];
    for (int64_t k = 0; k < n; k++) {
      uint64_t idx = (uint64_t)k;
      MlirAttribute el = mlirDenseElementsAttrIsSplat(value) ? mlirDenseElementsAttrGetSplatValue(value)
                                                              : mlirElementsAttrGetValue(value, 1, &idx);
      iv_slot s = {.u = 0};
      if (mlirAttributeIsAFloat(el)) s.f = mlirFloatAttrGetValueDouble(el);
      else if (mlirAttributeIsAInteger(el)) s.u = (uint64_t)mlirIntegerAttrGetValueInt(el) & iv_mask(iv_width(e));
      if (e == CT_F4E2M1FN) /* packed: element 2i in the low nibble of byte i */
        r->data[k / 2] |= (unsigned char)((ct_interp_float_to_bits(s.f, e) & 0xF) << (k % 2 ? 4 : 0));
      else write_raw(r->data + k * esize, e, s);
    }
  }
  I->block_start_address = I->next_private_address;
  I->mem_block_start = I->mem_count;
  return true;
}

static iv_region_mem *find_region(iv_interp *I, uint64_t address, size_t bytes, iv_region_mem **nearest) {
  unsigned last = I->last_region;
  *nearest = NULL;
  if (last < I->mem_count) {
    iv_region_mem *r = &I->mem[last];
    if (address >= r->address && address - r->address < r->bytes && r->bytes - (address - r->address) >= bytes) return r;
  }
  uint64_t best = UINT64_MAX;
  for (unsigned i = 0; i < I->mem_count; i++) {
    iv_region_mem *r = &I->mem[i];
    if (address >= r->address && address - r->address < r->bytes) {
      if (r->bytes - (address - r->address) >= bytes) {
        I->last_region = i;
        return r;
      }
      *nearest = r;
      return NULL;
    }
    uint64_t distance = address < r->address ? r->address - address : address - (r->address + r->bytes);
    if (distance < best) {
      best = distance;
      *nearest = r;
    }
  }
  return NULL;
}

static bool access_error(iv_interp *I, MlirOperation op, const char *verb, const int64_t *shape, int rank, int64_t flat,
                         uint64_t address, int bytes, iv_region_mem *nearest) {
  char where[128];
  iv_format_index(where, sizeof where, shape, rank, flat);
  if (nearest && address >= nearest->address && address - nearest->address < nearest->bytes)
    ct_error_op(I->c, op, "%s: element %s %s %d bytes at address 0x%" PRIx64 ", which runs past the end of %s "
                "(0x%" PRIx64 ", %zu bytes)", iv_op_name(op), where, verb, bytes, address, nearest->label,
                nearest->address, nearest->bytes);
  else if (nearest)
    ct_error_op(I->c, op, "%s: element %s %s address 0x%" PRIx64 " outside every buffer (nearest: %s at 0x%" PRIx64
                ", %zu bytes)", iv_op_name(op), where, verb, address, nearest->label, nearest->address, nearest->bytes);
  else
    ct_error_op(I->c, op, "%s: element %s %s address 0x%" PRIx64 " outside every buffer", iv_op_name(op), where, verb,
                address);
  return false;
}

static void read_raw(const unsigned char *p, ct_elem e, iv_slot *out) {
  uint64_t bits = 0;
  int n = iv_elem_bytes(e);
  for (int i = 0; i < n; i++) bits |= (uint64_t)p[i] << (8 * i);
  if (iv_is_float(e)) out->f = ct_interp_bits_to_float(bits, e);
  else if (e == CT_I1) out->u = bits != 0;
  else out->u = bits;
}

static bool write_raw(unsigned char *p, ct_elem e, iv_slot v) {
  uint64_t bits = iv_is_float(e) ? ct_interp_float_to_bits(v.f, e) : e == CT_I1 ? (v.u & 1) : v.u;
  int n = iv_elem_bytes(e);
  for (int i = 0; i < n; i++) p[i] = (unsigned char)(bits >> (8 * i));
  return true;
}

static bool check_elem(iv_interp *I, MlirOperation op, ct_elem e) {
  if (iv_elem_bytes(e) || e == CT_F4E2M1FN) return true; /* (f4: views only, view_read / view_write) */
  ct_error_op(I->c, op, "interpreter: %s: %s elements in memory are not supported by the interpreter", iv_op_name(op),
              ct_elem_name(e));
  return false;
}

static unsigned char *locate(iv_interp *I, MlirOperation op, const char *verb, const int64_t *shape, int rank,
                             int64_t flat, uint64_t address, ct_elem e) {
  int bytes = iv_elem_bytes(e);
  if (!bytes) { /* (f4E2M1FN: views only, view_read / view_write) */
    ct_error_op(I->c, op, "interpreter: %s: %s elements in memory are reached through views only", iv_op_name(op),
                ct_elem_name(e));
    return NULL;
  }
  if (address % (uint64_t)bytes != 0) {
    char where[128];
    iv_format_index(where, sizeof where, shape, rank, flat);
    ct_error_op(I->c, op, "%s: element %s %s misaligned address 0x%" PRIx64 " (%s needs %d-byte alignment)",
                iv_op_name(op), where, verb, address, ct_elem_name(e), bytes);
    return NULL;
  }
  iv_region_mem *nearest;
  iv_region_mem *r = find_region(I, address, (size_t)bytes, &nearest);
  if (!r) {
    access_error(I, op, verb, shape, rank, flat, address, bytes, nearest);
    return NULL;
  }
  return r->data + (address - r->address);
}

bool iv_mem_read(iv_interp *I, MlirOperation op, const char *what, const int64_t *shape, int rank, int64_t flat,
                 uint64_t address, ct_elem e, iv_slot *out) {
  unsigned char *p = locate(I, op, what ? what : "reads", shape, rank, flat, address, e);
  if (!p) return false;
  read_raw(p, e, out);
  return true;
}

bool iv_mem_write(iv_interp *I, MlirOperation op, const int64_t *shape, int rank, int64_t flat, uint64_t address,
                  ct_elem e, iv_slot value) {
  unsigned char *p = locate(I, op, "writes", shape, rank, flat, address, e);
  if (!p) return false;
  return write_raw(p, e, value);
}

/* ------------------------------------------------------------------ views */

static bool scalar_int(iv_interp *I, MlirOperation op, int index, int64_t *out) {
  iv_value *v = iv_operand(I, op, index);
  if (!v) return false;
  if (v->kind != IV_TILE || !ct_elem_is_int(v->type.elem) || v->count != 1) {
    ct_error_op(I->c, op, "interpreter: %s: operand %d is not an integer scalar", iv_op_name(op), index);
    return false;
  }
  *out = iv_sext(v->data[0].u, iv_width(v->type.elem));
  return true;
}

static bool exec_make_tensor_view(iv_interp *I, MlirOperation op) {
  ct_type t;
  iv_value *base = iv_operand(I, op, 0);
  if (!base || !iv_result_type(I, op, 0, &t)) return false;
  iv_value v = {.kind = IV_VIEW, .type = t, .base = base->data[0].u};
  int next = 1;
  for (int d = 0; d < t.rank; d++) {
    v.shape[d] = t.shape[d];
    if (t.shape[d] == CT_DYNAMIC && !scalar_int(I, op, next++, &v.shape[d])) return false;
    if (v.shape[d] < 0) {
      ct_error_op(I->c, op, "make_tensor_view: dimension %d is %" PRId64 " (negative) in tile block (%u, %u, %u)", d,
                  v.shape[d], I->block_id[0], I->block_id[1], I->block_id[2]);
      return false;
    }
  }
  for (int d = 0; d < t.rank; d++) {
    v.strides[d] = t.strides[d];
    if (t.strides[d] == CT_DYNAMIC && !scalar_int(I, op, next++, &v.strides[d])) return false;
  }
  iv_bind(I, mlirOperationGetResult(op, 0), &v);
  return true;
}

static bool exec_make_tile_view(iv_interp *I, MlirOperation op) {
  ct_type t;
  iv_value *tv = iv_operand(I, op, 0);
  if (!tv || !iv_result_type(I, op, 0, &t)) return false;
  iv_value v = *tv;
  v.data = NULL;
  v.type = t;
  if (!t.has_dim_map)
    for (int i = 0; i < t.tile_rank; i++) v.type.dim_map[i] = i;
  iv_bind(I, mlirOperationGetResult(op, 0), &v);
  return true;
}

static int64_t view_step(const iv_value *view, int i) {
  return view->type.kind == CT_TYPE_STRIDED_VIEW ? view->type.traversal_strides[i] : view->type.tile_shape[i];
}

static bool exec_shape_query(iv_interp *I, MlirOperation op, bool index_space) {
  iv_value *view = iv_operand(I, op, 0);
  if (!view) return false;
  if (view->kind != IV_VIEW) {
    ct_error_op(I->c, op, "interpreter: %s: operand is not a view", iv_op_name(op));
    return false;
  }
  int n = (int)mlirOperationGetNumResults(op);
  for (int i = 0; i < n; i++) {
    ct_type t;
    iv_value v;
    if (!iv_result_type(I, op, i, &t) || !iv_tile_new(I, op, &t, &v)) return false;
    int64_t value = view->shape[i < CT_MAX_RANK ? i : 0];
    if (index_space) {
      int64_t extent = view->shape[view->type.dim_map[i]], step = view_step(view, i);
      value = step > 0 ? (extent + step - 1) / step : 0;
    }
    v.data[0].u = (uint64_t)value & iv_mask(iv_width(t.elem));
    iv_bind(I, mlirOperationGetResult(op, i), &v);
  }
  return true;
}

static double padding_value(ct_padding p) {
  switch (p) {
  case CT_PAD_NEG_ZERO: return -0.0;
  case CT_PAD_NAN: return NAN;
  case CT_PAD_POS_INF: return INFINITY;
  case CT_PAD_NEG_INF: return -INFINITY;
  default: return 0.0;
  }
}

/* Computes the address of each element of the addressed tile; in_bounds false = outside the tensor. */
typedef struct view_walk {
  const iv_value *view;
  int64_t index[CT_MAX_RANK];
  int rank;
  int64_t tile_shape[CT_MAX_RANK];
  int sparse;            /* gather_scatter_view: its sparse dim (the coordinate there is rows[t]), else -1 */
  const iv_value *rows;  /* the 1-d index tile of the sparse dim */
} view_walk;

static bool view_element(const view_walk *w, int64_t flat, uint64_t *address, int *nibble) {
  const iv_value *view = w->view;
  int64_t t[CT_MAX_RANK], coord[CT_MAX_RANK] = {0};
  for (int d = w->rank - 1; d >= 0; d--) {
    t[d] = flat % w->tile_shape[d];
    flat /= w->tile_shape[d];
  }
  for (int i = 0; i < w->rank; i++)
    coord[view->type.dim_map[i]] = i == w->sparse ? iv_sext(w->rows->data[t[i]].u, iv_width(w->rows->type.elem))
                                                  : w->index[i] * view_step(view, i) + t[i];
  int64_t offset = 0;
  for (int d = 0; d < view->type.rank; d++) {
    if (coord[d] < 0 || coord[d] >= view->shape[d]) return false;
    offset += coord[d] * view->strides[d];
  }
  *nibble = 0;
  if (view->type.elem == CT_F4E2M1FN) {
    *address = view->base + (uint64_t)(offset >> 1);
    *nibble = (int)(offset & 1);
  } else {
    *address = view->base + (uint64_t)(offset * iv_elem_bytes(view->type.elem));
  }
  return true;
}

/* One view element at address (f4E2M1FN: the low or high half of the byte there, by nibble). */
static bool view_read(iv_interp *I, MlirOperation op, const ct_type *t, int64_t flat, uint64_t address, int nibble,
                      ct_elem e, iv_slot *out) {
  if (e != CT_F4E2M1FN) return iv_mem_read(I, op, "reads", t->shape, t->rank, flat, address, e, out);
  unsigned char *p = locate(I, op, "reads", t->shape, t->rank, flat, address, CT_I8);
  if (!p) return false;
  out->f = ct_interp_bits_to_float((uint64_t)(p[0] >> (4 * nibble)) & 0xF, e);
  return true;
}

static bool view_write(iv_interp *I, MlirOperation op, const ct_type *t, int64_t flat, uint64_t address, int nibble,
                       ct_elem e, iv_slot value) {
  if (e != CT_F4E2M1FN) return iv_mem_write(I, op, t->shape, t->rank, flat, address, e, value);
  unsigned char *p = locate(I, op, "writes", t->shape, t->rank, flat, address, CT_I8);
  if (!p) return false;
  unsigned bits = (unsigned)(ct_interp_float_to_bits(value.f, e) & 0xF) << (4 * nibble);
  p[0] = (unsigned char)((p[0] & ~(0xFu << (4 * nibble))) | bits);
  return true;
}

static bool setup_view_walk(iv_interp *I, MlirOperation op, int view_operand, int index_group, view_walk *w) {
  iv_value *view = iv_operand(I, op, view_operand);
  if (!view) return false;
  if (view->kind != IV_VIEW || view->type.kind == CT_TYPE_TENSOR_VIEW) {
    ct_error_op(I->c, op, "interpreter: %s: operand is not a partition or strided view", iv_op_name(op));
    return false;
  }
  if (!check_elem(I, op, view->type.elem)) return false;
  w->view = view;
  w->rank = view->type.tile_rank;
  for (int i = 0; i < w->rank; i++) w->tile_shape[i] = view->type.tile_shape[i];
  int start, size;
  if (!ct_op_group_range(op, index_group, &start, &size) || size != w->rank) {
    ct_error_op(I->c, op, "interpreter: %s: expected %d indices", iv_op_name(op), w->rank);
    return false;
  }
  w->sparse = view->type.kind == CT_TYPE_GATHER_SCATTER_VIEW ? view->type.sparse_dim : -1;
  w->rows = NULL;
  for (int i = 0; i < size; i++) {
    if (i == w->sparse) { /* the row ids: a 1-d integer tile of the sparse dim's tile size */
      w->rows = iv_operand(I, op, start + i);
      w->index[i] = 0;
      if (!w->rows) return false;
      if (w->rows->kind != IV_TILE || !ct_elem_is_int(w->rows->type.elem) || w->rows->count != w->tile_shape[i]) {
        ct_error_op(I->c, op, "interpreter: %s: the sparse index is not a 1-d integer tile of %lld", iv_op_name(op),
                    (long long)w->tile_shape[i]);
        return false;
      }
      continue;
    }
    if (!scalar_int(I, op, start + i, &w->index[i])) return false;
  }
  return true;
}

static bool exec_load_view(iv_interp *I, MlirOperation op) {
  view_walk w;
  ct_type t;
  iv_value out;
  if (!setup_view_walk(I, op, 0, 1, &w) || !iv_result_type(I, op, 0, &t) || !iv_tile_new(I, op, &t, &out)) return false;
  ct_elem e = w.view->type.elem;
  iv_slot pad = {.u = 0};
  if (iv_is_float(e)) pad.f = padding_value(w.view->type.padding);
  /* a value of the type, as compiled code pads (lower_memory.c storage_padding): f4 has no NaN or
   * infinity (+6, +-6); e4m3 and e8m0 have no infinity (NaN); e8m0 has no zero (code 0, 2^-127) */
  if (e == CT_F4E2M1FN) pad.f = iv_round(pad.f, e, CT_RND_NEAREST_EVEN);
  if ((e == CT_F8E4M3FN || e == CT_F8E8M0FNU) && isinf(pad.f)) pad.f = NAN;
  if (e == CT_F8E8M0FNU && pad.f == 0.0) pad.f = ldexp(1.0, -127);
  for (int64_t k = 0; k < out.count; k++) {
    uint64_t address;
    int nibble;
    if (!view_element(&w, k, &address, &nibble)) {
      out.data[k] = pad;
    } else if (!view_read(I, op, &t, k, address, nibble, e, &out.data[k])) {
      iv_value_free(&out);
      return false;
    }
  }
  iv_bind(I, mlirOperationGetResult(op, 0), &out);
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 1), &tok);
  return true;
}

/* store_view_tko (the tile operand 0, the view 1, its indices group 2) and multimem_store_view_tko
 * (view 0, tile 1, indices group 2: one device is the whole multicast group, so a store). */
static bool exec_store_view(iv_interp *I, MlirOperation op, int tile_operand, int view_operand) {
  view_walk w;
  iv_value *tile = iv_operand(I, op, tile_operand);
  if (!tile || !setup_view_walk(I, op, view_operand, 2, &w)) return false;
  ct_elem e = w.view->type.elem;
  for (int64_t k = 0; k < tile->count; k++) {
    uint64_t address;
    int nibble;
    if (view_element(&w, k, &address, &nibble) && !view_write(I, op, &tile->type, k, address, nibble, e, tile->data[k]))
      return false;
  }
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 0), &tok);
  return true;
}

/* ------------------------------------------------------------------ pointers */

static iv_value *optional_operand(iv_interp *I, MlirOperation op, int group, bool *ok) {
  int start, size;
  *ok = true;
  if (!ct_op_group_range(op, group, &start, &size) || size == 0) return NULL;
  iv_value *v = iv_operand(I, op, start);
  *ok = v != NULL;
  return v;
}

static bool exec_load_ptr(iv_interp *I, MlirOperation op) {
  bool ok1, ok2;
  iv_value *ptrs = iv_operand(I, op, 0);
  iv_value *mask = optional_operand(I, op, 1, &ok1);
  iv_value *pad = optional_operand(I, op, 2, &ok2);
  ct_type t;
  iv_value out;
  if (!ptrs || !ok1 || !ok2 || !iv_result_type(I, op, 0, &t) || !check_elem(I, op, t.elem) || !iv_tile_new(I, op, &t, &out))
    return false;
  for (int64_t k = 0; k < out.count; k++) {
    if (mask && !(mask->data[k].u & 1)) {
      out.data[k] = pad ? pad->data[k] : (iv_slot){.u = 0};
      continue;
    }
    if (!iv_mem_read(I, op, "reads", t.shape, t.rank, k, ptrs->data[k].u, t.elem, &out.data[k])) {
      iv_value_free(&out);
      return false;
    }
  }
  iv_bind(I, mlirOperationGetResult(op, 0), &out);
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 1), &tok);
  return true;
}

static bool exec_store_ptr(iv_interp *I, MlirOperation op) {
  bool ok1;
  iv_value *ptrs = iv_operand(I, op, 0), *value = iv_operand(I, op, 1);
  iv_value *mask = optional_operand(I, op, 2, &ok1);
  if (!ptrs || !value || !ok1 || !check_elem(I, op, value->type.elem)) return false;
  for (int64_t k = 0; k < value->count; k++) {
    if (mask && !(mask->data[k].u & 1)) continue;
    if (!iv_mem_write(I, op, value->type.shape, value->type.rank, k, ptrs->data[k].u, value->type.elem, value->data[k]))
      return false;
  }
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 0), &tok);
  return true;
}

static bool exec_offset(iv_interp *I, MlirOperation op) {
  iv_value *ptrs = iv_operand(I, op, 0), *off = iv_operand(I, op, 1);
  ct_type t;
  iv_value out;
  if (!ptrs || !off || !iv_result_type(I, op, 0, &t) || !iv_tile_new(I, op, &t, &out)) return false;
  int64_t esize = iv_elem_bytes(t.pointee);
  if (!esize) {
    iv_value_free(&out);
    return check_elem(I, op, t.pointee);
  }
  int w = iv_width(off->type.elem);
  for (int64_t k = 0; k < out.count; k++)
    out.data[k].u = ptrs->data[k].u + (uint64_t)(iv_sext(off->data[k].u, w) * esize);
  iv_bind(I, mlirOperationGetResult(op, 0), &out);
  return true;
}

static bool exec_alloca(iv_interp *I, MlirOperation op) {
  ct_type t;
  iv_value out;
  if (!iv_result_type(I, op, 0, &t) || !check_elem(I, op, t.pointee) || !iv_tile_new(I, op, &t, &out)) return false;
  int64_t n = ct_attr_int(op, "num_elem", 0), align = ct_attr_int(op, "alignment", 16);
  if (n < 0 || n > IV_MAX_ELEMENTS || align <= 0 || align > 4096) {
    ct_error_op(I->c, op, "interpreter: alloca of %" PRId64 " elements (alignment %" PRId64 ") is not supported", n, align);
    iv_value_free(&out);
    return false;
  }
  uint64_t addr = iv_mem_alloc(I, (size_t)mem_bytes(t.pointee, n), (size_t)align, "alloca");
  out.data[0].u = addr;
  iv_bind(I, mlirOperationGetResult(op, 0), &out); /* takes `out` (its data pointer is gone after) */
  return addr != 0 || (ct_error_op(I->c, op, "interpreter: out of memory"), false);
}

static bool exec_get_global(iv_interp *I, MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("name"));
  MlirStringRef name = mlirAttributeIsAFlatSymbolRef(a) ? mlirFlatSymbolRefAttrGetValue(a) : mlirStringRefCreate("", 0);
  char label[96];
  snprintf(label, sizeof label, "global @%.*s", (int)name.length, name.data);
  for (unsigned i = 0; i < I->mem_block_start; i++)
    if (strcmp(I->mem[i].label, label) == 0) {
      ct_type t;
      iv_value out;
      if (!iv_result_type(I, op, 0, &t) || !iv_tile_new(I, op, &t, &out)) return false;
      out.data[0].u = I->mem[i].address;
      iv_bind(I, mlirOperationGetResult(op, 0), &out);
      return true;
    }
  ct_error_op(I->c, op, "interpreter: no global @%.*s", (int)name.length, name.data);
  return false;
}

static bool same_bits(iv_slot a, iv_slot b, ct_elem e) {
  if (iv_is_float(e)) return ct_interp_float_to_bits(a.f, e) == ct_interp_float_to_bits(b.f, e);
  return (a.u & iv_mask(iv_width(e))) == (b.u & iv_mask(iv_width(e)));
}

static iv_slot rmw(ct_atomic_mode mode, ct_elem e, iv_slot old, iv_slot arg) {
  int w = iv_width(e);
  uint64_t m = iv_mask(w);
  iv_slot r = old;
  switch (mode) {
  case CT_MODE_AND: r.u = old.u & arg.u; break;
  case CT_MODE_OR: r.u = old.u | arg.u; break;
  case CT_MODE_XOR: r.u = old.u ^ arg.u; break;
  case CT_MODE_ADD: r.u = (old.u + arg.u) & m; break;
  case CT_MODE_ADDF: r.f = iv_round((long double)old.f + (long double)arg.f, e, CT_RND_NEAREST_EVEN); break;
  case CT_MODE_MAX:
    if (iv_is_float(e)) r.f = fmax(old.f, arg.f);
    else r = iv_sext(old.u, w) >= iv_sext(arg.u, w) ? old : arg;
    break;
  case CT_MODE_MIN:
    if (iv_is_float(e)) r.f = fmin(old.f, arg.f);
    else r = iv_sext(old.u, w) <= iv_sext(arg.u, w) ? old : arg;
    break;
  case CT_MODE_UMAX: r = (old.u & m) >= (arg.u & m) ? old : arg; break;
  case CT_MODE_UMIN: r = (old.u & m) <= (arg.u & m) ? old : arg; break;
  case CT_MODE_XCHG: r = arg; break;
  }
  return r;
}

static bool exec_atomic(iv_interp *I, MlirOperation op, bool cas) {
  iv_value *ptrs = iv_operand(I, op, 0);
  iv_value *a = iv_operand(I, op, 1);
  iv_value *b = cas ? iv_operand(I, op, 2) : NULL;
  bool ok1;
  iv_value *mask = optional_operand(I, op, cas ? 3 : 2, &ok1);
  ct_type t;
  iv_value out;
  if (!ptrs || !a || (cas && !b) || !ok1 || !iv_result_type(I, op, 0, &t) || !check_elem(I, op, t.elem) ||
      !iv_tile_new(I, op, &t, &out))
    return false;
  ct_atomic_mode mode = cas ? CT_MODE_XCHG : ct_attr_mode(op);
  for (int64_t k = 0; k < out.count; k++) {
    if (mask && !(mask->data[k].u & 1)) {
      out.data[k] = a->data[k]; /* cas: cmp[k] as the spec says; rmw: the argument */
      continue;
    }
    iv_slot old;
    if (!iv_mem_read(I, op, "reads", t.shape, t.rank, k, ptrs->data[k].u, t.elem, &old)) {
      iv_value_free(&out);
      return false;
    }
    out.data[k] = old;
    bool write = !cas || same_bits(old, a->data[k], t.elem);
    iv_slot next = cas ? b->data[k] : rmw(mode, t.elem, old, a->data[k]);
    if (write && !iv_mem_write(I, op, t.shape, t.rank, k, ptrs->data[k].u, t.elem, next)) {
      iv_value_free(&out);
      return false;
    }
  }
  iv_bind(I, mlirOperationGetResult(op, 0), &out);
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 1), &tok);
  return true;
}

/* Each element of val combined by mode into the view's tile at its place (elements outside the
 * tensor dropped, as stores drop them), one after another; binds the op's token result. */
static bool reduce_into_view(iv_interp *I, MlirOperation op, view_walk *w, const iv_value *val, ct_atomic_mode mode) {
  ct_elem e = w->view->type.elem;
  for (int64_t k = 0; k < val->count; k++) {
    uint64_t address;
    int nibble;
    iv_slot old;
    if (!view_element(w, k, &address, &nibble)) continue;
    if (!view_read(I, op, &val->type, k, address, nibble, e, &old) ||
        !view_write(I, op, &val->type, k, address, nibble, e, rmw(mode, e, old, val->data[k])))
      return false;
  }
  iv_value tok = {.kind = IV_TOKEN};
  iv_bind(I, mlirOperationGetResult(op, 0), &tok);
  return true;
}

/* atomic_red_view_tko: each element of the value combined (the op's mode) into the view's tile,
 * element by element; elements outside the tensor are dropped, as stores drop them. */
static bool exec_atomic_red_view(iv_interp *I, MlirOperation op) {
  view_walk w;
  if (!setup_view_walk(I, op, 0, 1, &w)) return false;
  int start, size;
  iv_value *val = NULL;
  if (!ct_op_group_range(op, 2, &start, &size) || size != 1 || !(val = iv_operand(I, op, start))) {
    ct_error_op(I->c, op, "interpreter: atomic_red_view_tko: expected one value operand");
    return false;
  }
  return reduce_into_view(I, op, &w, val, ct_attr_mode(op));
}

/* multimem_reduce_view_tko: the tile (operand 1) combined into the view's tile by the op's
 * `reduction` (add — addf for floats — min, max, and, or, xor, umin, umax), element by element, as
 * atomic_red_view_tko; the interpreter's one device is the whole multicast group. */
static bool exec_multimem_reduce(iv_interp *I, MlirOperation op) {
  static const ct_atomic_mode modes[8] = {CT_MODE_ADD, CT_MODE_MIN, CT_MODE_MAX, CT_MODE_AND,
                                          CT_MODE_OR, CT_MODE_XOR, CT_MODE_UMIN, CT_MODE_UMAX};
  view_walk w;
  iv_value *val = iv_operand(I, op, 1);
  if (!val || !setup_view_walk(I, op, 0, 2, &w)) return false;
  int red = ct_enum_attr(op, "reduction", CT_AK_MMRED, 0);
  ct_atomic_mode mode = red >= 0 && red < 8 ? modes[red] : CT_MODE_ADD;
  if (iv_is_float(w.view->type.elem) && mode == CT_MODE_ADD) mode = CT_MODE_ADDF;
  return reduce_into_view(I, op, &w, val, mode);
}

bool iv_exec_memory(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled) {
  *handled = true;
  switch (id) {
  case CT_OP_make_tensor_view: return exec_make_tensor_view(I, op);
  case CT_OP_make_partition_view:
  case CT_OP_make_strided_view:
  case CT_OP_make_gather_scatter_view: return exec_make_tile_view(I, op);
  case CT_OP_get_tensor_shape: return exec_shape_query(I, op, false);
  case CT_OP_get_index_space_shape: return exec_shape_query(I, op, true);
  case CT_OP_load_view_tko: return exec_load_view(I, op);
  case CT_OP_store_view_tko: return exec_store_view(I, op, 0, 1);
  /* multimem (13.5): the interpreter is one device, the whole multicast group: a load-reduce
   * reads its one copy, a reduce combines into it, a store stores */
  case CT_OP_multimem_load_reduce_view_tko: return exec_load_view(I, op);
  case CT_OP_multimem_store_view_tko: return exec_store_view(I, op, 1, 0);
  case CT_OP_multimem_reduce_view_tko: return exec_multimem_reduce(I, op);
  case CT_OP_load_ptr_tko: return exec_load_ptr(I, op);
  case CT_OP_store_ptr_tko: return exec_store_ptr(I, op);
  case CT_OP_offset: return exec_offset(I, op);
  case CT_OP_alloca: return exec_alloca(I, op);
  case CT_OP_get_global: return exec_get_global(I, op);
  case CT_OP_atomic_cas_tko: return exec_atomic(I, op, true);
  case CT_OP_atomic_rmw_tko: return exec_atomic(I, op, false);
  case CT_OP_atomic_red_view_tko: return exec_atomic_red_view(I, op);
  default: *handled = false; return true;
  }
}

/* interp: the interpreter's driver — value environment, the walk over blocks and regions,
 * control flow (for, loop, if, break/continue/yield/return), reduce/scan, tile-block identity,
 * assert/print/tokens, and the grid loop of ct_interp_run.
 *
 * Algorithm: for each tile block (x fastest) the environment is cleared, the entry's block
 * arguments are bound to the kernel arguments and the body is walked op by op. A block ends in a
 * terminator; its kind is returned as an iv_flow and the op kept in I->terminator, so `continue`
 * or `return` inside an `if` propagates to the enclosing loop or entry. Loop-carried values are
 * copied before rebinding (a terminator may forward its own block arguments). reduce/scan fold
 * along `dim` from index 0 up (scan reverse: from the end down), starting from the identity, with
 * region arguments [cur_0, acc_0, cur_1, acc_1, ...] as NVIDIA's Ops.td documents.
 * Limits: an executed-op budget (config->max_ops) stops runaway loops with an error; `for` needs a
 * positive step. Owner: interp. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp_internal.h"

/* ------------------------------------------------------------------ environment */

static size_t hash_key(const void *key) {
  uint64_t x = (uint64_t)(uintptr_t)key;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

void iv_value_free(iv_value *v) {
  free(v->data);
  v->data = NULL;
  v->kind = IV_NONE;
}

static void table_grow(iv_interp *I) {
  size_t cap = I->table_cap ? I->table_cap * 2 : 256;
  iv_binding *fresh = calloc(cap, sizeof *fresh);
  if (!fresh) abort(); /* out of memory: nothing sensible to report */
  for (size_t i = 0; i < I->table_cap; i++) {
    if (!I->table[i].key) continue;
    size_t h = hash_key(I->table[i].key) & (cap - 1);
    while (fresh[h].key) h = (h + 1) & (cap - 1);
    fresh[h] = I->table[i];
  }
  free(I->table);
  I->table = fresh;
  I->table_cap = cap;
}

iv_value *iv_lookup(iv_interp *I, MlirValue v) {
  if (!I->table_cap) return NULL;
  size_t h = hash_key(v.ptr) & (I->table_cap - 1);
  while (I->table[h].key) {
    if (I->table[h].key == v.ptr) return I->table[h].value.kind == IV_NONE ? NULL : &I->table[h].value;
    h = (h + 1) & (I->table_cap - 1);
  }
  return NULL;
}

void iv_bind(iv_interp *I, MlirValue v, iv_value *val) {
  if ((I->table_len + 1) * 2 > I->table_cap) table_grow(I);
  size_t h = hash_key(v.ptr) & (I->table_cap - 1);
  while (I->table[h].key && I->table[h].key != v.ptr) h = (h + 1) & (I->table_cap - 1);
  if (!I->table[h].key) {
    I->table[h].key = v.ptr;
    I->table_len++;
  } else {
    iv_value_free(&I->table[h].value);
  }
  I->table[h].value = *val;
  val->data = NULL;
  val->kind = IV_NONE;
}

static void table_clear(iv_interp *I) {
  for (size_t i = 0; i < I->table_cap; i++)
    if (I->table[i].key) iv_value_free(&I->table[i].value);
  memset(I->table, 0, I->table_cap * sizeof *I->table);
  I->table_len = 0;
}

bool iv_tile_new(iv_interp *I, MlirOperation op, const ct_type *t, iv_value *out) {
  memset(out, 0, sizeof *out);
  int64_t count = ct_type_num_elements(t);
  if (count < 0 || count > IV_MAX_ELEMENTS) {
    ct_error_op(I->c, op, "interpreter: %s: tile of %" PRId64 " elements is too large", iv_op_name(op), count);
    return false;
  }
  out->kind = IV_TILE;
  out->type = *t;
  out->count = count;
  out->data = calloc((size_t)(count ? count : 1), sizeof *out->data);
  if (!out->data) {
    ct_error_op(I->c, op, "interpreter: out of memory");
    return false;
  }
  return true;
}

bool iv_copy(iv_interp *I, MlirOperation op, const iv_value *src, iv_value *out) {
  *out = *src;
  out->data = NULL;
  if (src->kind == IV_TILE) {
    out->data = malloc((size_t)(src->count ? src->count : 1) * sizeof *out->data);
    if (!out->data) {
      ct_error_op(I->c, op, "interpreter: out of memory");
      return false;
    }
    memcpy(out->data, src->data, (size_t)src->count * sizeof *out->data);
  }
  return true;
}

const char *iv_op_name(MlirOperation op) {
  const ct_op_info *info = ct_op_info_get(ct_op_id_of(op));
  return info && info->id != CT_OP_UNKNOWN ? info->name : "operation";
}

iv_value *iv_operand(iv_interp *I, MlirOperation op, int index) {
  if (index >= mlirOperationGetNumOperands(op)) {
    ct_error_op(I->c, op, "interpreter: %s has no operand %d", iv_op_name(op), index);
    return NULL;
  }
  iv_value *v = iv_lookup(I, mlirOperationGetOperand(op, index));
  if (!v) ct_error_op(I->c, op, "interpreter: operand %d of %s has no value (not executed yet)", index, iv_op_name(op));
  return v;
}

bool iv_result_type(iv_interp *I, MlirOperation op, int index, ct_type *t) {
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, index)), t)) {
    ct_error_op(I->c, op, "interpreter: result %d of %s is not a cuda_tile type", index, iv_op_name(op));
    return false;
  }
  return true;
}

void iv_format_index(char *buf, size_t size, const int64_t *shape, int rank, int64_t flat) {
  int64_t idx[CT_MAX_RANK];
  for (int d = rank - 1; d >= 0; d--) {
    idx[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  size_t n = (size_t)snprintf(buf, size, "[");
  for (int d = 0; d < rank && n < size; d++) n += (size_t)snprintf(buf + n, size - n, d ? ", %" PRId64 : "%" PRId64, idx[d]);
  if (n < size) snprintf(buf + n, size - n, "]");
}

uint64_t iv_mask(int width) { return width >= 64 ? ~0ULL : ((1ULL << width) - 1); }

int64_t iv_sext(uint64_t v, int width) {
  if (width >= 64) return (int64_t)v;
  uint64_t sign = 1ULL << (width - 1);
  v &= iv_mask(width);
  return (int64_t)((v ^ sign) - sign);
}

int iv_width(ct_elem e) { return e == CT_PTR ? 64 : ct_elem_width(e); }

static void scalar_tile(const ct_type *like, iv_slot value, iv_value *out) {
  memset(out, 0, sizeof *out);
  out->kind = IV_TILE;
  out->type = *like;
  out->type.rank = 0;
  out->count = 1;
  out->data = malloc(sizeof *out->data);
  if (!out->data) abort();
  out->data[0] = value;
}

/* ------------------------------------------------------------------ blocks and regions */

static iv_flow exec_op(iv_interp *I, MlirOperation op);

iv_flow iv_exec_block(iv_interp *I, MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    iv_flow f = exec_op(I, op);
    if (f != FLOW_NEXT) return f;
  }
  return FLOW_NEXT;
}

/* Copies the operands of the terminator into vals (n of them). */
static bool terminator_values(iv_interp *I, int n, iv_value *vals) {
  MlirOperation t = I->terminator;
  if (mlirOperationGetNumOperands(t) != n) {
    ct_error_op(I->c, t, "interpreter: %s carries %d values, %d expected", iv_op_name(t),
                (int)mlirOperationGetNumOperands(t), n);
    return false;
  }
  for (int i = 0; i < n; i++) {
    iv_value *v = iv_operand(I, t, i);
    if (!v || !iv_copy(I, t, v, &vals[i])) {
      for (int j = 0; j < i; j++) iv_value_free(&vals[j]);
      return false;
    }
  }
  return true;
}

static void free_values(iv_value *vals, int n) {
  for (int i = 0; i < n; i++) iv_value_free(&vals[i]);
  free(vals);
}

bool iv_exec_region_yield(iv_interp *I, MlirRegion region, const iv_value *args, int nargs, iv_value *results,
                          int nresults, MlirOperation op) {
  MlirBlock block = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(block) || mlirBlockGetNumArguments(block) != nargs) {
    ct_error_op(I->c, op, "interpreter: %s: region does not take %d arguments", iv_op_name(op), nargs);
    return false;
  }
  for (int i = 0; i < nargs; i++) {
    iv_value copy;
    if (!iv_copy(I, op, &args[i], &copy)) return false;
    iv_bind(I, mlirBlockGetArgument(block, i), &copy);
  }
  iv_flow f = iv_exec_block(I, block);
  if (f == FLOW_ERROR) return false;
  if (f != FLOW_YIELD) {
    ct_error_op(I->c, op, "interpreter: %s: region did not end in yield", iv_op_name(op));
    return false;
  }
  return terminator_values(I, nresults, results);
}

/* ------------------------------------------------------------------ control flow */

static bool int_operand(iv_interp *I, MlirOperation op, int index, bool is_unsigned, int64_t *value, int *width) {
  iv_value *v = iv_operand(I, op, index);
  if (!v) return false;
  if (v->kind != IV_TILE || v->count != 1 || !ct_elem_is_int(v->type.elem)) {
    ct_error_op(I->c, op, "interpreter: %s: operand %d is not an integer scalar", iv_op_name(op), index);
    return false;
  }
  *width = iv_width(v->type.elem);
  *value = is_unsigned ? (int64_t)(v->data[0].u & iv_mask(*width)) : iv_sext(v->data[0].u, *width);
  return true;
}

static iv_flow exec_for(iv_interp *I, MlirOperation op) {
  bool is_unsigned = ct_attr_unit(op, "unsignedCmp");
  int64_t lb, ub, step;
  int width;
  if (!int_operand(I, op, 0, is_unsigned, &lb, &width) || !int_operand(I, op, 1, is_unsigned, &ub, &width) ||
      !int_operand(I, op, 2, is_unsigned, &step, &width))
    return FLOW_ERROR;
  if (step <= 0) {
    ct_error_op(I->c, op, "interpreter: for: step %" PRId64 " is not positive", step);
    return FLOW_ERROR;
  }
  int n = (int)mlirOperationGetNumOperands(op) - 3;
  iv_value *vals = calloc((size_t)n + 1, sizeof *vals);
  if (!vals) abort();
  for (int i = 0; i < n; i++) {
    iv_value *v = iv_operand(I, op, 3 + i);
    if (!v || !iv_copy(I, op, v, &vals[i])) {
      free_values(vals, i);
      return FLOW_ERROR;
    }
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  iv_value *lb_value = iv_operand(I, op, 0);
  ct_type iv_type = lb_value->type;
  iv_flow result = FLOW_NEXT;
  for (int64_t iv = lb;;) {
    bool below = is_unsigned ? (uint64_t)iv < (uint64_t)ub : iv < ub;
    if (!below) break;
    iv_value ivv;
    scalar_tile(&iv_type, (iv_slot){.u = (uint64_t)iv & iv_mask(width)}, &ivv);
    iv_bind(I, mlirBlockGetArgument(body, 0), &ivv);
    for (int i = 0; i < n; i++) iv_bind(I, mlirBlockGetArgument(body, 1 + i), &vals[i]);
    iv_flow f = iv_exec_block(I, body);
    if (f == FLOW_ERROR || f == FLOW_RETURN) {
      result = f;
      break;
    }
    if (f != FLOW_CONTINUE && f != FLOW_BREAK) {
      ct_error_op(I->c, op, "interpreter: for: body did not end in continue");
      result = FLOW_ERROR;
      break;
    }
    if (!terminator_values(I, n, vals)) {
      result = FLOW_ERROR;
      break;
    }
    if (f == FLOW_BREAK) break;
    /* next induction value; stop when it leaves the type's range */
    if (is_unsigned) {
      uint64_t next = (uint64_t)iv + (uint64_t)step;
      if (next < (uint64_t)iv || next > iv_mask(width)) break;
      iv = (int64_t)next;
    } else {
      int64_t next;
      if (__builtin_add_overflow(iv, step, &next) || (width < 64 && next > (int64_t)(iv_mask(width) >> 1))) break;
      iv = next;
    }
  }
  if (result == FLOW_NEXT)
    for (int i = 0; i < n; i++) iv_bind(I, mlirOperationGetResult(op, i), &vals[i]);
  free_values(vals, n);
  return result;
}

static iv_flow exec_loop(iv_interp *I, MlirOperation op) {
  int n = (int)mlirOperationGetNumOperands(op);
  int nres = (int)mlirOperationGetNumResults(op);
  iv_value *vals = calloc((size_t)n + 1, sizeof *vals);
  iv_value *results = calloc((size_t)nres + 1, sizeof *results);
  if (!vals || !results) abort();
  for (int i = 0; i < n; i++) {
    iv_value *v = iv_operand(I, op, i);
    if (!v || !iv_copy(I, op, v, &vals[i])) {
      free_values(vals, i);
      free(results);
      return FLOW_ERROR;
    }
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  iv_flow result = FLOW_NEXT;
  for (;;) {
    for (int i = 0; i < n; i++) iv_bind(I, mlirBlockGetArgument(body, i), &vals[i]);
    iv_flow f = iv_exec_block(I, body);
    if (f == FLOW_ERROR || f == FLOW_RETURN) {
      result = f;
      break;
    }
    if (f == FLOW_BREAK) {
      if (!terminator_values(I, nres, results)) result = FLOW_ERROR;
      break;
    }
    if (f != FLOW_CONTINUE) {
      ct_error_op(I->c, op, "interpreter: loop: body did not end in continue or break");
      result = FLOW_ERROR;
      break;
    }
    if (!terminator_values(I, n, vals)) {
      result = FLOW_ERROR;
      break;
    }
  }
  if (result == FLOW_NEXT)
    for (int i = 0; i < nres; i++) iv_bind(I, mlirOperationGetResult(op, i), &results[i]);
  free_values(vals, n);
  free_values(results, nres);
  return result;
}

static iv_flow exec_if(iv_interp *I, MlirOperation op) {
  iv_value *cond = iv_operand(I, op, 0);
  if (!cond) return FLOW_ERROR;
  MlirRegion region = mlirOperationGetRegion(op, (cond->data[0].u & 1) ? 0 : 1);
  MlirBlock block = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(block)) return FLOW_NEXT;
  iv_flow f = iv_exec_block(I, block);
  if (f != FLOW_YIELD) return f == FLOW_NEXT && mlirOperationGetNumResults(op) == 0 ? FLOW_NEXT : f;
  int n = (int)mlirOperationGetNumResults(op);
  iv_value *vals = calloc((size_t)n + 1, sizeof *vals);
  if (!vals) abort();
  if (!terminator_values(I, n, vals)) {
    free(vals);
    return FLOW_ERROR;
  }
  for (int i = 0; i < n; i++) iv_bind(I, mlirOperationGetResult(op, i), &vals[i]);
  free(vals);
  return FLOW_NEXT;
}

/* ------------------------------------------------------------------ reduce / scan */

static bool slot_from_attr(MlirAttribute a, ct_elem e, iv_slot *out) {
  if (mlirAttributeIsAFloat(a)) {
    out->f = mlirFloatAttrGetValueDouble(a);
    return true;
  }
  if (mlirAttributeIsAInteger(a)) {
    out->u = (uint64_t)mlirIntegerAttrGetValueInt(a) & iv_mask(iv_width(e));
    return true;
  }
  return false;
}

static bool exec_reduce_scan(iv_interp *I, MlirOperation op, bool scan) {
  int n = (int)mlirOperationGetNumOperands(op);
  int dim = (int)ct_attr_int(op, "dim", 0);
  bool reverse = scan && ct_attr_bool(op, "reverse", false);
  MlirAttribute ids = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("identities"));
  if (n < 1 || mlirAttributeIsNull(ids) || !mlirAttributeIsAArray(ids) || mlirArrayAttrGetNumElements(ids) != n) {
    ct_error_op(I->c, op, "interpreter: %s needs one identity per operand", iv_op_name(op));
    return false;
  }
  iv_value **src = calloc((size_t)n, sizeof *src);
  iv_value *res = calloc((size_t)n, sizeof *res);
  iv_value *args = calloc((size_t)n * 2, sizeof *args);
  iv_value *acc = calloc((size_t)n, sizeof *acc);
  iv_slot *identity = calloc((size_t)n, sizeof *identity);
  if (!src || !res || !args || !acc || !identity) abort();
  bool ok = true;
  for (int i = 0; i < n && ok; i++) {
    src[i] = iv_operand(I, op, i);
    ct_type rt;
    ok = src[i] && src[i]->kind == IV_TILE && iv_result_type(I, op, i, &rt) && iv_tile_new(I, op, &rt, &res[i]);
    if (ok && !slot_from_attr(mlirArrayAttrGetElement(ids, i), src[i]->type.elem, &identity[i])) {
      ct_error_op(I->c, op, "interpreter: %s: identity %d is not a typed scalar", iv_op_name(op), i);
      ok = false;
    }
  }
  if (ok && (dim < 0 || dim >= src[0]->type.rank)) {
    ct_error_op(I->c, op, "interpreter: %s: dim %d out of range", iv_op_name(op), dim);
    ok = false;
  }
  if (ok) {
    const ct_type *st = &src[0]->type;
    int64_t len = st->shape[dim], inner = 1, outer = 1;
    for (int d = dim + 1; d < st->rank; d++) inner *= st->shape[d];
    for (int d = 0; d < dim; d++) outer *= st->shape[d];
    for (int i = 0; i < n; i++) {
      scalar_tile(&src[i]->type, identity[i], &args[2 * i]);
      scalar_tile(&src[i]->type, identity[i], &args[2 * i + 1]);
    }
    MlirRegion body = mlirOperationGetRegion(op, 0);
    for (int64_t o = 0; o < outer && ok; o++)
      for (int64_t in = 0; in < inner && ok; in++) {
        for (int i = 0; i < n; i++) args[2 * i + 1].data[0] = identity[i];
        for (int64_t step = 0; step < len && ok; step++) {
          int64_t j = reverse ? len - 1 - step : step;
          int64_t flat = (o * len + j) * inner + in;
          for (int i = 0; i < n; i++) args[2 * i].data[0] = src[i]->data[flat];
          ok = iv_exec_region_yield(I, body, args, 2 * n, acc, n, op);
          for (int i = 0; ok && i < n; i++) {
            args[2 * i + 1].data[0] = acc[i].data[0];
            if (scan) res[i].data[flat] = acc[i].data[0];
            iv_value_free(&acc[i]);
          }
        }
        for (int i = 0; ok && !scan && i < n; i++) res[i].data[o * inner + in] = args[2 * i + 1].data[0];
      }
  }
  for (int i = 0; i < n; i++) {
    if (ok) iv_bind(I, mlirOperationGetResult(op, i), &res[i]);
    iv_value_free(&res[i]);
    iv_value_free(&args[2 * i]);
    iv_value_free(&args[2 * i + 1]);
  }
  free(src);
  free(res);
  free(args);
  free(acc);
  free(identity);
  return ok;
}

/* ------------------------------------------------------------------ misc ops */

static bool exec_block_ids(iv_interp *I, MlirOperation op, bool count) {
  for (int d = 0; d < 3; d++) {
    ct_type t;
    iv_value v;
    if (!iv_result_type(I, op, d, &t) || !iv_tile_new(I, op, &t, &v)) return false;
    v.data[0].u = (count ? I->config->grid[d] : I->block_id[d]) & iv_mask(iv_width(t.elem));
    iv_bind(I, mlirOperationGetResult(op, d), &v);
  }
  return true;
}

static void print_element(FILE *out, const iv_value *v, int64_t i, char conv) {
  ct_elem e = v->type.elem;
  if (iv_is_float(e)) fprintf(out, conv == 'e' ? "%e" : "%f", v->data[i].f);
  else if (e == CT_PTR) fprintf(out, "0x%" PRIx64, v->data[i].u);
  else if (conv == 'u' || conv == 'x') fprintf(out, conv == 'x' ? "%" PRIx64 : "%" PRIu64, v->data[i].u & iv_mask(iv_width(e)));
  else fprintf(out, "%" PRId64, iv_sext(v->data[i].u, iv_width(e)));
}

/* print_tko: each %-conversion takes the next argument; a tile prints as [a, b, ...]. */
static bool exec_print(iv_interp *I, MlirOperation op) {
  MlirAttribute s = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("str"));
  MlirStringRef text = mlirAttributeIsAString(s) ? mlirStringAttrGetValue(s) : mlirStringRefCreate("", 0);
  int start = 0, count = (int)mlirOperationGetNumOperands(op);
  ct_op_group_range(op, 0, &start, &count);
  FILE *out = I->print_out;
  int next = 0;
  for (size_t i = 0; i < text.length; i++) {
    char ch = text.data[i];
    if (ch != '%') {
      fputc(ch, out);
      continue;
    }
    if (i + 1 < text.length && text.data[i + 1] == '%') {
      fputc('%', out);
      i++;
      continue;
    }
    size_t j = i + 1;
    while (j < text.length && strchr("0123456789.-+ lh", text.data[j])) j++;
    char conv = j < text.length ? text.data[j] : 'd';
    i = j;
    if (next >= count) {
      ct_error_op(I->c, op, "interpreter: print_tko: more conversions than arguments");
      return false;
    }
    iv_value *v = iv_operand(I, op, start + next++);
    if (!v) return false;
    if (v->type.rank == 0) {
      print_element(out, v, 0, conv);
    } else {
      fputc('[', out);
      for (int64_t k = 0; k < v->count; k++) {
        if (k) fputs(", ", out);
        print_element(out, v, k, conv);
      }
      fputc(']', out);
    }
  }
  fflush(out);
  ct_type t;
  iv_value tok = {.kind = IV_TOKEN};
  if (iv_result_type(I, op, 0, &t)) tok.type = t;
  iv_bind(I, mlirOperationGetResult(op, 0), &tok);
  return true;
}

static bool exec_assert(iv_interp *I, MlirOperation op) {
  iv_value *cond = iv_operand(I, op, 0);
  if (!cond) return false;
  for (int64_t i = 0; i < cond->count; i++)
    if (!(cond->data[i].u & 1)) {
      MlirAttribute m = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("message"));
      MlirStringRef text = mlirAttributeIsAString(m) ? mlirStringAttrGetValue(m) : mlirStringRefCreate("", 0);
      char where[128];
      iv_format_index(where, sizeof where, cond->type.shape, cond->type.rank, i);
      ct_error_op(I->c, op, "assert: element %s is false in tile block (%u, %u, %u): %.*s", where, I->block_id[0],
                  I->block_id[1], I->block_id[2], (int)text.length, text.data);
      return false;
    }
  return true;
}

static bool bind_tokens(iv_interp *I, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
    ct_type t;
    if (!iv_result_type(I, op, (int)i, &t)) return false;
    if (t.kind != CT_TYPE_TOKEN) continue;
    iv_value tok = {.kind = IV_TOKEN, .type = t};
    iv_bind(I, mlirOperationGetResult(op, i), &tok);
  }
  return true;
}

static iv_flow exec_op(iv_interp *I, MlirOperation op) {
  if (++I->ops_executed > I->max_ops) {
    ct_error_op(I->c, op, "interpreter: stopped after %" PRIu64 " operations (an endless loop?)", I->max_ops);
    return FLOW_ERROR;
  }
  ct_op_id id = ct_op_id_of(op);
  bool ok = true;
  switch (id) {
  case CT_OP_return: I->terminator = op; return FLOW_RETURN;
  case CT_OP_yield: I->terminator = op; return FLOW_YIELD;
  case CT_OP_continue: I->terminator = op; return FLOW_CONTINUE;
  case CT_OP_break: I->terminator = op; return FLOW_BREAK;
  case CT_OP_for: return exec_for(I, op);
  case CT_OP_loop: return exec_loop(I, op);
  case CT_OP_if: return exec_if(I, op);
  case CT_OP_reduce: ok = exec_reduce_scan(I, op, false); break;
  case CT_OP_scan: ok = exec_reduce_scan(I, op, true); break;
  case CT_OP_get_tile_block_id: ok = exec_block_ids(I, op, false); break;
  case CT_OP_get_num_tile_blocks: ok = exec_block_ids(I, op, true); break;
  case CT_OP_assert: ok = exec_assert(I, op); break;
  case CT_OP_print_tko: ok = exec_print(I, op); break;
  case CT_OP_make_token:
  case CT_OP_join_tokens:
  /* 13.4 ordering ops: one tile block runs at a time, in order; nothing to wait for or fence */
  case CT_OP_gdc_wait_tko:
  case CT_OP_gdc_launch_dependents_tko:
  case CT_OP_memory_fence_alias_tko: ok = bind_tokens(I, op); break;
  case CT_OP_assume: {
    iv_value *v = iv_operand(I, op, 0), copy;
    ok = v && iv_copy(I, op, v, &copy);
    if (ok) iv_bind(I, mlirOperationGetResult(op, 0), &copy);
    break;
  }
  default: {
    bool handled = false;
    ok = iv_exec_elementwise(I, op, id, &handled);
    if (ok && !handled) ok = iv_exec_shape(I, op, id, &handled);
    if (ok && !handled) ok = iv_exec_memory(I, op, id, &handled);
    if (ok && !handled) {
      MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
      ct_error_op(I->c, op, "interpreter: operation '%.*s' is not supported by the interpreter", (int)name.length,
                  name.data);
      ok = false;
    }
    break;
  }
  }
  return ok ? FLOW_NEXT : FLOW_ERROR;
}

/* ------------------------------------------------------------------ entry points */

static bool name_equals(MlirStringRef s, const char *name) { return strlen(name) == s.length && !memcmp(s.data, name, s.length); }

MlirStringRef ct_interp_entry_name(MlirOperation entry) {
  MlirAttribute a = mlirOperationGetAttributeByName(entry, mlirStringRefCreateFromCString("sym_name"));
  return mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a) : mlirStringRefCreate("", 0);
}

MlirOperation ct_interp_find_entry(ct_ctx *c, MlirModule module, const char *name) {
  MlirOperation found = {NULL};
  int count = 0;
  MlirBlock top = mlirModuleGetBody(module);
  for (MlirOperation m = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(m); m = mlirOperationGetNextInBlock(m)) {
    if (ct_op_id_of(m) != CT_OP_module) continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0));
    for (MlirOperation e = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(e); e = mlirOperationGetNextInBlock(e)) {
      if (ct_op_id_of(e) != CT_OP_entry) continue;
      count++;
      if (name ? name_equals(ct_interp_entry_name(e), name) : count == 1) found = e;
    }
  }
  if (name && mlirOperationIsNull(found)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "no entry '%s' in the module", name);
  } else if (!name && count != 1) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, count ? "the module has %d entries; pick one with --kernel" : "the module has no entry%.0d", count);
    found.ptr = NULL;
  }
  return found;
}

int ct_interp_entry_params(MlirOperation entry, ct_type *params, int cap) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  if (mlirBlockIsNull(body)) return 0;
  int n = (int)mlirBlockGetNumArguments(body);
  for (int i = 0; i < n && i < cap; i++)
    if (!ct_type_from_mlir(mlirValueGetType(mlirBlockGetArgument(body, i)), &params[i])) memset(&params[i], 0, sizeof params[i]);
  return n;
}

uint64_t ct_interp_buffer_address(unsigned index) { return ((uint64_t)index + 1) << 40; }

void iv_mem_reset_block(iv_interp *I);
bool iv_mem_setup(iv_interp *I, MlirOperation entry);
void iv_mem_destroy(iv_interp *I);

static bool bind_arguments(iv_interp *I, MlirBlock body) {
  const ct_interp_config *cfg = I->config;
  int n = (int)mlirBlockGetNumArguments(body);
  if ((unsigned)n != cfg->arg_count) {
    ct_error_op(I->c, I->entry, "kernel '%.*s' takes %d parameters but %u arguments were given",
                (int)ct_interp_entry_name(I->entry).length, ct_interp_entry_name(I->entry).data, n, cfg->arg_count);
    return false;
  }
  for (int i = 0; i < n; i++) {
    MlirValue arg = mlirBlockGetArgument(body, i);
    ct_type t;
    if (!ct_type_from_mlir(mlirValueGetType(arg), &t) || t.kind != CT_TYPE_TILE || t.rank != 0) {
      ct_error_op(I->c, I->entry, "interpreter: parameter %d is not a scalar tile", i);
      return false;
    }
    iv_value v;
    if (!iv_tile_new(I, I->entry, &t, &v)) return false;
    const ct_interp_arg *a = &cfg->args[i];
    if (t.elem == CT_PTR) {
      if (a->kind != CT_INTERP_ARG_BUFFER || a->buffer >= cfg->buffer_count) {
        ct_error_op(I->c, I->entry, "interpreter: parameter %d is a pointer but argument %d is not a buffer", i, i);
        iv_value_free(&v);
        return false;
      }
      v.data[0].u = I->mem[a->buffer].address;
    } else if (a->kind != CT_INTERP_ARG_SCALAR) {
      ct_error_op(I->c, I->entry, "interpreter: parameter %d is a %s scalar but argument %d is a buffer", i,
                  ct_elem_name(t.elem), i);
      iv_value_free(&v);
      return false;
    } else if (iv_is_float(t.elem)) {
      v.data[0].f = ct_interp_bits_to_float(a->scalar_bits, t.elem);
    } else {
      v.data[0].u = a->scalar_bits & iv_mask(iv_width(t.elem));
    }
    iv_bind(I, arg, &v);
  }
  return true;
}

bool ct_interp_run(ct_ctx *c, MlirOperation entry, const ct_interp_config *config) {
  iv_interp I;
  memset(&I, 0, sizeof I);
  I.c = c;
  I.entry = entry;
  I.config = config;
  I.max_ops = config->max_ops ? config->max_ops : (1ULL << 31);
  I.print_out = config->print_out ? config->print_out : stdout;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  bool ok = !mlirBlockIsNull(body) && iv_mem_setup(&I, entry);
  for (unsigned z = 0; ok && z < config->grid[2]; z++)
    for (unsigned y = 0; ok && y < config->grid[1]; y++)
      for (unsigned x = 0; ok && x < config->grid[0]; x++) {
        I.block_id[0] = x;
        I.block_id[1] = y;
        I.block_id[2] = z;
        if (I.table_cap) table_clear(&I);
        iv_mem_reset_block(&I);
        ok = bind_arguments(&I, body);
        if (ok) {
          iv_flow f = iv_exec_block(&I, body);
          ok = f == FLOW_NEXT || f == FLOW_RETURN;
          if (!ok && f != FLOW_ERROR) ct_error_op(c, entry, "interpreter: entry body ended in %s", iv_op_name(I.terminator));
        }
        if (!ok) ct_diag_emit_at(c, CT_DIAG_NOTE, mlirOperationGetLocation(entry), "in tile block (%u, %u, %u)", x, y, z);
      }
  if (I.table_cap) table_clear(&I);
  free(I.table);
  iv_mem_destroy(&I);
  return ok;
}

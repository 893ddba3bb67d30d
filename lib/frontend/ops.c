/* ops: builds the op table from dialect/cuda_tile_ops.def and implements the attribute accessors
 * (see ops.h). Algorithm: the .def rows are string specs; on first use each row is split into
 * operand/result groups (`name`, `name?`, `name*`) and attributes (`name:kind[=default][!]`) stored
 * in static arrays (the strings point into a static copy, never freed). Name lookup is a linear
 * scan of ~100 rows by interned length+memcmp (fast enough: one lookup per parsed op).
 * Knobs: none. */
#include "frontend/ops.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdlib.h>
#include <string.h>

const char *const ct_rounding_names[8] = {"nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
                                          "nearest_int_to_zero", "nearest_away"};
const char *const ct_overflow_names[4] = {"none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"};
const char *const ct_signedness_names[2] = {"unsigned", "signed"};
const char *const ct_predicate_names[6] = {"equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
                                           "greater_than_or_equal"};
const char *const ct_ordering_names[2] = {"unordered", "ordered"};
const char *const ct_memord_names[5] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
const char *const ct_scope_names[3] = {"tl_blk", "device", "sys"};
const char *const ct_mmred_names[8] = {"add", "min", "max", "and", "or", "xor", "umin", "umax"};
const char *const ct_mode_names[10] = {"and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"};

const char *const *ct_attr_kind_names(ct_attr_kind k, int *count) {
  switch (k) {
  case CT_AK_ROUNDING: *count = 8; return ct_rounding_names;
  case CT_AK_OVERFLOW: *count = 4; return ct_overflow_names;
  case CT_AK_SIGNEDNESS: *count = 2; return ct_signedness_names;
  case CT_AK_PREDICATE: *count = 6; return ct_predicate_names;
  case CT_AK_ORDERING: *count = 2; return ct_ordering_names;
  case CT_AK_MEMORD: *count = 5; return ct_memord_names;
  case CT_AK_SCOPE: *count = 3; return ct_scope_names;
  case CT_AK_MODE: *count = 10; return ct_mode_names;
  case CT_AK_MMRED: *count = 8; return ct_mmred_names;
  default: *count = 0; return NULL;
  }
}

const char *ct_attr_kind_mnemonic(ct_attr_kind k) {
  switch (k) {
  case CT_AK_ROUNDING: return "rounding";
  case CT_AK_OVERFLOW: return "overflow";
  case CT_AK_SIGNEDNESS: return "signedness";
  case CT_AK_PREDICATE: return "comparison_predicate";
  case CT_AK_ORDERING: return "comparison_ordering";
  case CT_AK_MMRED: return "multimem_reduction_kind";
  default: return NULL;
  }
}

typedef struct op_row {
  const char *name, *operands, *results, *attrs;
  unsigned traits;
  int nregions;
  const char *format, *hook;
} op_row;

static const op_row op_rows[] = {
#define CT_OP(id, name, opnds, res, attrs, traits, nreg, fmt, hook) {name, opnds, res, attrs, traits, nreg, fmt, #hook},
#include "dialect/cuda_tile_ops.def"
#undef CT_OP
};

static ct_op_info op_table[CT_OP__COUNT];
static char op_full_names[CT_OP__COUNT][48];
static char spec_storage[16384];
static size_t spec_used;
static bool table_ready;

static char *spec_dup(const char *s, size_t n) {
  if (spec_used + n + 1 > sizeof spec_storage) abort(); /* table larger than the static arena */
  char *p = spec_storage + spec_used;
  memcpy(p, s, n);
  p[n] = 0;
  spec_used += n + 1;
  return p;
}

static int split_groups(const char *spec, ct_group_info *out) {
  int n = 0;
  const char *p = spec;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    const char *s = p;
    while (*p && *p != ' ') p++;
    size_t len = (size_t)(p - s);
    ct_group_kind k = CT_GROUP_SINGLE;
    if (s[len - 1] == '?') k = CT_GROUP_OPTIONAL, len--;
    else if (s[len - 1] == '*') k = CT_GROUP_VARIADIC, len--;
    if (n >= CT_MAX_GROUPS) abort();
    out[n].name = spec_dup(s, len);
    out[n].kind = k;
    n++;
  }
  return n;
}

static ct_attr_kind attr_kind_from(const char *s, size_t n) {
  static const struct { const char *name; ct_attr_kind k; } kinds[] = {
      {"rounding", CT_AK_ROUNDING}, {"overflow", CT_AK_OVERFLOW}, {"signedness", CT_AK_SIGNEDNESS},
      {"predicate", CT_AK_PREDICATE}, {"ordering", CT_AK_ORDERING}, {"memord", CT_AK_MEMORD},
      {"scope", CT_AK_SCOPE}, {"mode", CT_AK_MODE}, {"unit", CT_AK_UNIT}, {"i32", CT_AK_I32},
      {"i64", CT_AK_I64}, {"bool", CT_AK_BOOL}, {"str", CT_AK_STR}, {"dense", CT_AK_DENSE},
      {"i32arr", CT_AK_I32ARR}, {"boolarr", CT_AK_BOOLARR}, {"mmreduction", CT_AK_MMRED}, {"array", CT_AK_ARRAY}, {"sym", CT_AK_SYM}, {"type", CT_AK_TYPE},
      {"hints", CT_AK_HINTS}, {"assumepred", CT_AK_ASSUMEPRED}, {"any", CT_AK_ANY}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strlen(kinds[i].name) == n && memcmp(kinds[i].name, s, n) == 0) return kinds[i].k;
  abort(); /* a typo in the .def */
}

static int split_attrs(const char *spec, ct_attr_info *out) {
  int n = 0;
  const char *p = spec;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    const char *s = p;
    while (*p && *p != ' ') p++;
    const char *e = p;
    ct_attr_info a = {0};
    if (e[-1] == '!') a.always = true, e--;
    const char *colon = memchr(s, ':', (size_t)(e - s));
    if (!colon) abort();
    a.name = spec_dup(s, (size_t)(colon - s));
    const char *k = colon + 1;
    const char *eq = memchr(k, '=', (size_t)(e - k));
    a.kind = attr_kind_from(k, (size_t)((eq ? eq : e) - k));
    if (eq) a.dflt = spec_dup(eq + 1, (size_t)(e - eq - 1));
    if (n >= CT_MAX_ATTRS) abort();
    out[n++] = a;
  }
  return n;
}

static void table_init(void) {
  if (table_ready) return;
  for (int i = 1; i < CT_OP__COUNT; i++) {
    const op_row *r = &op_rows[i - 1];
    ct_op_info *info = &op_table[i];
    info->id = (ct_op_id)i;
    info->name = r->name;
    strcpy(op_full_names[i], "cuda_tile.");
    strncat(op_full_names[i], r->name, sizeof op_full_names[i] - 11);
    info->full_name = op_full_names[i];
    info->noperands = split_groups(r->operands, info->operands);
    info->nresults = split_groups(r->results, info->results);
    info->nattrs = split_attrs(r->attrs, info->attrs);
    info->traits = r->traits;
    info->nregions = r->nregions;
    info->format = r->format;
    info->verify_hook = r->hook;
    for (int g = 0; g < info->noperands; g++)
      if (info->operands[g].kind != CT_GROUP_SINGLE) info->has_segments = true;
    /* an op with exactly one variadic group and nothing optional does not need segments */
    int nvar = 0, nopt = 0;
    for (int g = 0; g < info->noperands; g++) {
      nvar += info->operands[g].kind == CT_GROUP_VARIADIC;
      nopt += info->operands[g].kind == CT_GROUP_OPTIONAL;
    }
    if (nvar == 1 && nopt == 0) info->has_segments = false;
  }
  op_table[0].name = "<unknown>";
  op_table[0].full_name = "<unknown>";
  table_ready = true;
}

const ct_op_info *ct_op_info_get(ct_op_id id) {
  table_init();
  if ((int)id < 0 || id >= CT_OP__COUNT) id = CT_OP_UNKNOWN;
  return &op_table[id];
}

const ct_op_info *ct_op_info_by_name(const char *name, size_t len) {
  table_init();
  if (len > 10 && memcmp(name, "cuda_tile.", 10) == 0) name += 10, len -= 10;
  for (int i = 1; i < CT_OP__COUNT; i++)
    if (strlen(op_table[i].name) == len && memcmp(op_table[i].name, name, len) == 0) return &op_table[i];
  return NULL;
}

ct_op_id ct_op_id_of(MlirOperation op) {
  if (mlirOperationIsNull(op)) return CT_OP_UNKNOWN;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length <= 10 || memcmp(n.data, "cuda_tile.", 10) != 0) return CT_OP_UNKNOWN;
  const ct_op_info *info = ct_op_info_by_name(n.data, n.length);
  return info ? info->id : CT_OP_UNKNOWN;
}

const ct_attr_info *ct_op_attr_info(const ct_op_info *info, const char *attr_name) {
  for (int i = 0; info && i < info->nattrs; i++)
    if (strcmp(info->attrs[i].name, attr_name) == 0) return &info->attrs[i];
  return NULL;
}

/* ---------------------------------------------------------------- accessors */

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static int index_of(const char *const *names, int n, const char *s, size_t len) {
  for (int i = 0; i < n; i++)
    if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) return i;
  return -1;
}

int ct_enum_attr(MlirOperation op, const char *name, ct_attr_kind kind, int dflt) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a)) return dflt;
  int n;
  const char *const *names = ct_attr_kind_names(kind, &n);
  if (!names) return -1;
  if (mlirAttributeIsAInteger(a)) {
    int64_t v = mlirIntegerAttrGetValueInt(a);
    return (v >= 0 && v < n) ? (int)v : -1;
  }
  if (!mlirAttributeIsAOpaque(a)) return -1;
  const char *mn = ct_attr_kind_mnemonic(kind);
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  size_t ml = mn ? strlen(mn) : 0;
  /* data is `mnemonic<kw>` */
  if (!mn || d.length < ml + 2 || memcmp(d.data, mn, ml) != 0 || d.data[ml] != '<' || d.data[d.length - 1] != '>')
    return -1;
  return index_of(names, n, d.data + ml + 1, d.length - ml - 2);
}

static int table_default(MlirOperation op, const char *attr, ct_attr_kind kind, int fallback) {
  const ct_op_info *info = ct_op_info_get(ct_op_id_of(op));
  const ct_attr_info *ai = ct_op_attr_info(info, attr);
  if (!ai || !ai->dflt) return fallback;
  int n;
  const char *const *names = ct_attr_kind_names(kind, &n);
  int v = names ? index_of(names, n, ai->dflt, strlen(ai->dflt)) : -1;
  return v < 0 ? fallback : v;
}

ct_rounding ct_attr_rounding(MlirOperation op) {
  return (ct_rounding)ct_enum_attr(op, "rounding_mode", CT_AK_ROUNDING,
                                   table_default(op, "rounding_mode", CT_AK_ROUNDING, CT_RND_NEAREST_EVEN));
}
ct_overflow ct_attr_overflow(MlirOperation op) { return (ct_overflow)ct_enum_attr(op, "overflow", CT_AK_OVERFLOW, 0); }
bool ct_attr_signed(MlirOperation op, const char *name) { return ct_enum_attr(op, name, CT_AK_SIGNEDNESS, 1) == 1; }
ct_predicate ct_attr_predicate(MlirOperation op) {
  return (ct_predicate)ct_enum_attr(op, "comparison_predicate", CT_AK_PREDICATE, 0);
}
bool ct_attr_ordered(MlirOperation op) { return ct_enum_attr(op, "comparison_ordering", CT_AK_ORDERING, 1) == 1; }
ct_memord ct_attr_memord(MlirOperation op) {
  return (ct_memord)ct_enum_attr(op, "memory_ordering_semantics", CT_AK_MEMORD, 0);
}
ct_scope ct_attr_scope(MlirOperation op) { return (ct_scope)ct_enum_attr(op, "memory_scope", CT_AK_SCOPE, -1); }
ct_atomic_mode ct_attr_mode(MlirOperation op) { return (ct_atomic_mode)ct_enum_attr(op, "mode", CT_AK_MODE, 0); }

bool ct_attr_unit(MlirOperation op, const char *name) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a)) return false;
  if (mlirAttributeIsABool(a)) return mlirBoolAttrGetValue(a);
  return true;
}

int64_t ct_attr_int(MlirOperation op, const char *name, int64_t dflt) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return dflt;
  return mlirIntegerAttrGetValueInt(a);
}

bool ct_attr_bool(MlirOperation op, const char *name, bool dflt) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a)) return dflt;
  if (mlirAttributeIsABool(a)) return mlirBoolAttrGetValue(a);
  if (mlirAttributeIsAUnit(a)) return true;
  return dflt;
}

int ct_attr_i32_array(MlirOperation op, const char *name, int32_t *out, int cap) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a)) return -1;
  intptr_t n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < n && i < cap; i++) out[i] = mlirDenseI32ArrayGetElement(a, i);
  return (int)n;
}

int ct_attr_segments(MlirOperation op, int32_t *out, int cap) { return ct_attr_i32_array(op, "operandSegmentSizes", out, cap); }

bool ct_op_group_range(MlirOperation op, int g, int *start, int *size) {
  const ct_op_info *info = ct_op_info_get(ct_op_id_of(op));
  int nops = (int)mlirOperationGetNumOperands(op);
  if (!info || info->id == CT_OP_UNKNOWN || g < 0 || g >= info->noperands) return false;
  int32_t seg[CT_MAX_GROUPS];
  int ns = ct_attr_segments(op, seg, CT_MAX_GROUPS);
  if (ns == info->noperands) {
    int s = 0;
    for (int i = 0; i < g; i++) s += seg[i];
    if (s + seg[g] > nops) return false;
    *start = s;
    *size = seg[g];
    return true;
  }
  /* no segments: singles plus at most one variadic group taking the rest */
  int fixed = 0;
  for (int i = 0; i < info->noperands; i++) fixed += info->operands[i].kind == CT_GROUP_SINGLE;
  int s = 0;
  for (int i = 0; i < info->noperands; i++) {
    int sz = info->operands[i].kind == CT_GROUP_SINGLE ? 1 : (info->operands[i].kind == CT_GROUP_VARIADIC ? nops - fixed : 0);
    if (sz < 0) return false;
    if (i == g) {
      if (s + sz > nops) return false;
      *start = s;
      *size = sz;
      return true;
    }
    s += sz;
  }
  return false;
}

bool ct_op_name_is_elementwise(const char *name) {
  const ct_op_info *info = ct_op_info_by_name(name, strlen(name));
  return info && (info->traits & CT_T_ELEMENTWISE);
}

bool ct_op_is(MlirOperation op, const char *full_name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(full_name) && memcmp(n.data, full_name, n.length) == 0;
}

bool ct_op_is_loop(MlirOperation op) {
  return ct_op_is(op, "cuda_tile.for") || ct_op_is(op, "cuda_tile.loop") || ct_op_is(op, "tileaa.for");
}

const char *ct_op_short_name(MlirOperation op, char *buf, size_t cap) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  const char *s = n.data;
  size_t len = n.length;
  if (len > 10 && memcmp(s, "cuda_tile.", 10) == 0) s += 10, len -= 10;
  if (len >= cap) len = cap - 1;
  memcpy(buf, s, len);
  buf[len] = 0;
  return buf;
}

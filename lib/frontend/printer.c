/* printer: MLIR module of cuda_tile ops -> CUDA Tile IR text (pretty or generic form).
 *
 * Algorithm: walk every cuda_tile.module; name values deterministically in program order (results
 * `%0, %1, ...`, block arguments `%arg0, ...`, numbering restarts in each kernel); print each op by
 * interpreting its assembly format from dialect/cuda_tile_ops.def (the same interpreter rules as
 * parser.c), with custom routines for module/entry/constant/global/make_tensor_view/for/loop/if/
 * reduce/scan. Inside a module, op names and types are printed without the `cuda_tile.` /
 * `!cuda_tile.` prefixes (as NVIDIA's printer does). Ops with one variadic result group (if, for,
 * loop, reduce, get_tensor_shape, ...) and unknown ops name their results as a group `%N:k`, used
 * as `%N#i` (MLIR's convention, as in NVIDIA's CHECK lines); ops with named result groups print
 * `%a, %b = `. Entry bodies print their terminator; the implicit operand-less terminators of
 * for/loop (continue) and if (yield) are omitted. Attributes and floats are printed by MLIR (exact
 * round-trip). Ops that have no pretty printer here (unknown names, malformed ops) are printed in
 * the generic form, which the parser also accepts. `generic` prints everything generically.
 * Knobs: ct_print_options.generic; ct_print_options.debuginfo (MLIR's --mlir-print-debuginfo: every op,
 * module and kernel argument gets ` loc(#alias)` and the alias definitions follow the modules, see
 * debuginfo.c). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/debuginfo.h"
#include "frontend/frontend.h"
#include "frontend/parser_core.h"

typedef struct name_slot {
  const void *key;
  int num;
  int index; /* result #index of a result group `%num:k` (printed `%num#index`), or -1 */
  bool arg;
} name_slot;

typedef struct printer {
  ct_strbuf *out;
  bool generic;
  name_slot *slots;
  size_t nslots, used;
  int next_value, next_arg;
  ct_di_printer *di; /* non-NULL: print locations */
} printer;

static size_t ptr_hash(const void *p) { return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull); }

static void slots_grow(printer *pr);
static void name_set_indexed(printer *pr, MlirValue v, int num, int index, bool arg) {
  if ((pr->used + 1) * 2 > pr->nslots) slots_grow(pr);
  size_t m = pr->nslots - 1, i = ptr_hash(v.ptr) & m;
  while (pr->slots[i].key && pr->slots[i].key != v.ptr) i = (i + 1) & m;
  if (!pr->slots[i].key) pr->used++;
  pr->slots[i] = (name_slot){v.ptr, num, index, arg};
}

static void name_set(printer *pr, MlirValue v, int num, bool arg) { name_set_indexed(pr, v, num, -1, arg); }

static void slots_grow(printer *pr) {
  name_slot *old = pr->slots;
  size_t n = pr->nslots;
  pr->nslots = n ? n * 2 : 1024;
  pr->slots = calloc(pr->nslots, sizeof *pr->slots);
  if (!pr->slots) abort();
  pr->used = 0;
  for (size_t i = 0; i < n; i++)
    if (old[i].key) {
      MlirValue v = {old[i].key};
      name_set_indexed(pr, v, old[i].num, old[i].index, old[i].arg);
    }
  free(old);
}

static void put_value(printer *pr, MlirValue v) {
  if (pr->nslots) {
    size_t m = pr->nslots - 1, i = ptr_hash(v.ptr) & m;
    while (pr->slots[i].key) {
      if (pr->slots[i].key == v.ptr) {
        ct_strbuf_printf(pr->out, pr->slots[i].arg ? "%%arg%d" : "%%%d", pr->slots[i].num);
        if (pr->slots[i].index >= 0) ct_strbuf_printf(pr->out, "#%d", pr->slots[i].index);
        return;
      }
      i = (i + 1) & m;
    }
  }
  ct_strbuf_puts(pr->out, "%<<UNKNOWN>>");
}

/* `@name` for a symbol: bare when it is an MLIR bare identifier ([A-Za-z_][A-Za-z0-9_$.]*), else
 * quoted as MLIR quotes it: `@"a b"`, with `\"`, `\\` and `\XX` (two hex digits) for a quote, a
 * backslash and any byte outside printable ASCII, so that the printout parses back to the same
 * name (parser.c parse_symbol_name). */
static void put_symbol(printer *pr, MlirStringRef s) {
  bool bare = s.length > 0 && (isalpha((unsigned char)s.data[0]) || s.data[0] == '_');
  for (size_t i = 1; bare && i < s.length; i++) {
    unsigned char ch = (unsigned char)s.data[i];
    bare = isalnum(ch) || ch == '_' || ch == '$' || ch == '.';
  }
  ct_strbuf_putc(pr->out, '@');
  if (bare) {
    ct_strbuf_append(pr->out, s.data, s.length);
    return;
  }
  ct_strbuf_putc(pr->out, '"');
  for (size_t i = 0; i < s.length; i++) {
    unsigned char ch = (unsigned char)s.data[i];
    if (ch == '"' || ch == '\\') ct_strbuf_printf(pr->out, "\\%c", ch);
    else if (ch < 0x20 || ch >= 0x7f) ct_strbuf_printf(pr->out, "\\%02X", ch);
    else ct_strbuf_putc(pr->out, (char)ch);
  }
  ct_strbuf_putc(pr->out, '"');
}

static void indent(printer *pr, int n) {
  for (int i = 0; i < n; i++) ct_strbuf_puts(pr->out, "  ");
}

static void put_type(printer *pr, MlirType t) {
  if (!pr->generic && mlirTypeIsAOpaque(t)) {
    MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(t);
    if (ns.length == 9 && memcmp(ns.data, "cuda_tile", 9) == 0) {
      MlirStringRef d = mlirOpaqueTypeGetData(t);
      ct_strbuf_append(pr->out, d.data, d.length);
      return;
    }
  }
  mlirTypePrint(t, ct_strbuf_mlir_callback, pr->out);
}

static void put_attr(printer *pr, MlirAttribute a) { mlirAttributePrint(a, ct_strbuf_mlir_callback, pr->out); }

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/* Does op print its results as one group `%N:k` (as MLIR does for ops that do not name their
 * results one by one: a single variadic result group, or an unknown op)? */
static bool results_grouped(MlirOperation op) {
  if (mlirOperationGetNumResults(op) < 2) return false;
  ct_op_id id = ct_op_id_of(op);
  if (id == CT_OP_UNKNOWN) return true;
  const ct_op_info *info = ct_op_info_get(id);
  return info->nresults == 1 && info->results[0].kind == CT_GROUP_VARIADIC;
}

static void name_results(printer *pr, MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  if (results_grouped(op)) {
    int num = pr->next_value++;
    for (intptr_t i = 0; i < n; i++) name_set_indexed(pr, mlirOperationGetResult(op, i), num, (int)i, false);
    return;
  }
  for (intptr_t i = 0; i < n; i++) name_set(pr, mlirOperationGetResult(op, i), pr->next_value++, false);
}

static void put_results_lhs(printer *pr, MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  if (n && results_grouped(op)) {
    size_t before = pr->out->len;
    put_value(pr, mlirOperationGetResult(op, 0)); /* `%N#0` */
    char *hash = strrchr(pr->out->data + before, '#');
    if (hash) {
      pr->out->len = (size_t)(hash - pr->out->data);
      pr->out->data[pr->out->len] = 0;
    }
    ct_strbuf_printf(pr->out, ":%d = ", (int)n);
    return;
  }
  for (intptr_t i = 0; i < n; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_value(pr, mlirOperationGetResult(op, i));
  }
  if (n) ct_strbuf_puts(pr->out, " = ");
}

static void print_op(printer *pr, MlirOperation op, int ind);

static void print_block_ops(printer *pr, MlirBlock b, int ind, bool skip_implicit_term, const char *implicit) {
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (skip_implicit_term && mlirOperationIsNull(mlirOperationGetNextInBlock(o)) && mlirOperationGetNumOperands(o) == 0) {
      MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(o));
      if (n.length == strlen(implicit) && memcmp(n.data, implicit, n.length) == 0 &&
          mlirOperationGetNumAttributes(o) == 0)
        continue;
    }
    print_op(pr, o, ind);
  }
}

/* ---------------------------------------------------------------- generic form */

static void print_generic(printer *pr, MlirOperation op, int ind) {
  put_results_lhs(pr, op);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  ct_strbuf_putc(pr->out, '"');
  ct_strbuf_append(pr->out, name.data, name.length);
  ct_strbuf_puts(pr->out, "\"(");
  intptr_t nops = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < nops; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_value(pr, mlirOperationGetOperand(op, i));
  }
  ct_strbuf_putc(pr->out, ')');
  intptr_t na = mlirOperationGetNumAttributes(op);
  if (na) {
    ct_strbuf_puts(pr->out, " <{");
    for (intptr_t i = 0; i < na; i++) {
      MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
      MlirStringRef an = mlirIdentifierStr(a.name);
      if (i) ct_strbuf_puts(pr->out, ", ");
      ct_strbuf_append(pr->out, an.data, an.length);
      if (mlirAttributeIsAUnit(a.attribute)) continue;
      ct_strbuf_puts(pr->out, " = ");
      size_t before = pr->out->len;
      put_attr(pr, a.attribute);
      if (mlirAttributeIsADenseElements(a.attribute) && mlirOperationGetNumResults(op) == 1) {
        /* NVIDIA types dense values by the tile type */
        char *tpos = strstr(pr->out->data + before, " : tensor<");
        if (tpos) {
          pr->out->len = (size_t)(tpos - pr->out->data);
          pr->out->data[pr->out->len] = 0;
          ct_strbuf_puts(pr->out, " : ");
          bool g = pr->generic;
          pr->generic = true;
          put_type(pr, mlirValueGetType(mlirOperationGetResult(op, 0)));
          pr->generic = g;
        }
      }
    }
    ct_strbuf_puts(pr->out, "}>");
  }
  intptr_t nr = mlirOperationGetNumRegions(op);
  if (nr) {
    ct_strbuf_puts(pr->out, " (");
    for (intptr_t r = 0; r < nr; r++) {
      if (r) ct_strbuf_puts(pr->out, ", ");
      ct_strbuf_puts(pr->out, "{\n");
      MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
      if (!mlirBlockIsNull(b)) {
        intptr_t nargs = mlirBlockGetNumArguments(b);
        if (nargs) {
          indent(pr, ind);
          ct_strbuf_puts(pr->out, "^bb0(");
          for (intptr_t i = 0; i < nargs; i++) {
            MlirValue v = mlirBlockGetArgument(b, i);
            name_set(pr, v, pr->next_arg++, true);
            if (i) ct_strbuf_puts(pr->out, ", ");
            put_value(pr, v);
            ct_strbuf_puts(pr->out, ": ");
            bool g = pr->generic;
            pr->generic = true;
            put_type(pr, mlirValueGetType(v));
            pr->generic = g;
          }
          ct_strbuf_puts(pr->out, "):\n");
        } else if (mlirOperationIsNull(mlirBlockGetFirstOperation(b))) {
          indent(pr, ind);
          ct_strbuf_puts(pr->out, "^bb0:\n"); /* an empty block: `{}` alone would be a region without blocks */
        }
        bool g = pr->generic;
        pr->generic = true;
        print_block_ops(pr, b, ind + 1, false, "");
        pr->generic = g;
      }
      indent(pr, ind);
      ct_strbuf_putc(pr->out, '}');
    }
    ct_strbuf_putc(pr->out, ')');
  }
  bool g = pr->generic;
  pr->generic = true;
  ct_strbuf_puts(pr->out, " : (");
  for (intptr_t i = 0; i < nops; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, i)));
  }
  ct_strbuf_puts(pr->out, ") -> ");
  intptr_t nres = mlirOperationGetNumResults(op);
  if (nres != 1) ct_strbuf_putc(pr->out, '(');
  for (intptr_t i = 0; i < nres; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_type(pr, mlirValueGetType(mlirOperationGetResult(op, i)));
  }
  if (nres != 1) ct_strbuf_putc(pr->out, ')');
  pr->generic = g;
}

/* ---------------------------------------------------------------- pretty form */

static int group_index(const ct_op_info *info, const char *s, size_t n) {
  if (n && s[0] == '$') s++, n--;
  for (int g = 0; g < info->noperands; g++)
    if (strlen(info->operands[g].name) == n && memcmp(info->operands[g].name, s, n) == 0) return g;
  return -1;
}

static const ct_attr_info *attr_by_span(const ct_op_info *info, const char *s, size_t n) {
  for (int a = 0; a < info->nattrs; a++)
    if (strlen(info->attrs[a].name) == n && memcmp(info->attrs[a].name, s, n) == 0) return &info->attrs[a];
  return NULL;
}

/* The keyword of an enum attribute, or NULL when absent/malformed. */
static const char *enum_kw(MlirOperation op, const ct_attr_info *ai) {
  int n;
  const char *const *names = ct_attr_kind_names(ai->kind, &n);
  int v = ct_enum_attr(op, ai->name, ai->kind, -2);
  if (v < 0 || !names) return NULL;
  return names[v];
}

static bool attr_printed(MlirOperation op, const ct_attr_info *ai) {
  MlirAttribute a = get_attr(op, ai->name);
  if (mlirAttributeIsNull(a)) return false;
  if (ai->kind == CT_AK_ROUNDING || ai->kind == CT_AK_OVERFLOW) {
    const char *kw = enum_kw(op, ai);
    if (!kw) return false;
    const char *dflt = ai->dflt ? ai->dflt : (ai->kind == CT_AK_OVERFLOW ? "none" : NULL);
    return !dflt || strcmp(kw, dflt) != 0;
  }
  return true;
}

static bool group_anchor_present(MlirOperation op, const ct_op_info *info, const fmt_tok *toks, int i, int nt) {
  for (int k = i; k < nt; k++) {
    const fmt_tok *t = &toks[k];
    if (t->kind == FT_OPERAND || t->kind == FT_TYPE || t->kind == FT_TYPES) {
      size_t n = 0;
      while (n < t->n && t->s[n] != ',' && t->s[n] != '|') n++;
      int g = group_index(info, t->s, n);
      int start, size;
      return g >= 0 && ct_op_group_range(op, g, &start, &size) && size > 0;
    }
    if (t->kind == FT_ATTR) {
      const ct_attr_info *ai = attr_by_span(info, t->s, t->n);
      return ai && attr_printed(op, ai);
    }
  }
  return false;
}

typedef struct spacer {
  printer *pr;
  bool nospace;
} spacer;

static void sp_begin(spacer *s, const char *first) {
  ct_strbuf *o = s->pr->out;
  char last = o->len ? o->data[o->len - 1] : ' ';
  bool space = !s->nospace && last != ' ' && last != '(' && last != '[' && last != '\n';
  if (first && (first[0] == ',' || first[0] == ']' || first[0] == ')')) space = false;
  if (space) ct_strbuf_putc(o, ' ');
  s->nospace = false;
}

static void print_attr_elem(printer *pr, spacer *sp, MlirOperation op, const ct_attr_info *ai) {
  MlirAttribute a = get_attr(op, ai->name);
  if (mlirAttributeIsNull(a)) return;
  switch (ai->kind) {
  case CT_AK_ROUNDING:
  case CT_AK_OVERFLOW:
    if (!attr_printed(op, ai)) return;
    sp_begin(sp, NULL);
    ct_strbuf_printf(pr->out, "%s<%s>", ai->kind == CT_AK_ROUNDING ? "rounding" : "overflow", enum_kw(op, ai));
    return;
  case CT_AK_SIGNEDNESS:
  case CT_AK_PREDICATE:
  case CT_AK_ORDERING:
  case CT_AK_MEMORD:
  case CT_AK_SCOPE:
  case CT_AK_MODE: {
    const char *kw = enum_kw(op, ai);
    sp_begin(sp, NULL);
    if (kw) ct_strbuf_puts(pr->out, kw);
    else put_attr(pr, a);
    return;
  }
  case CT_AK_UNIT:
    sp_begin(sp, NULL);
    ct_strbuf_puts(pr->out, ai->name);
    return;
  case CT_AK_I32:
  case CT_AK_I64:
    sp_begin(sp, NULL);
    ct_strbuf_printf(pr->out, "%s = %lld", ai->name,
                     (long long)(mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : 0));
    return;
  case CT_AK_I32ARR:
    sp_begin(sp, NULL);
    ct_strbuf_putc(pr->out, '[');
    if (mlirAttributeIsADenseI32Array(a))
      for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); i++)
        ct_strbuf_printf(pr->out, i ? ", %d" : "%d", (int)mlirDenseI32ArrayGetElement(a, i));
    ct_strbuf_putc(pr->out, ']');
    return;
  case CT_AK_MMRED: {
    const char *kw = enum_kw(op, ai);
    if (kw && ai->dflt && strcmp(kw, ai->dflt) == 0) return; /* the default is left out */
    sp_begin(sp, NULL);
    if (kw) ct_strbuf_printf(pr->out, "attributes {%s = #cuda_tile.multimem_reduction_kind<%s>}", ai->name, kw);
    else put_attr(pr, a);
    return;
  }
  case CT_AK_BOOLARR:
    if (!mlirAttributeIsADenseBoolArray(a)) break;
    sp_begin(sp, NULL);
    ct_strbuf_printf(pr->out, "%s = [", ai->name);
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); i++)
      ct_strbuf_printf(pr->out, "%s%s", i ? ", " : "", mlirDenseBoolArrayGetElement(a, i) ? "true" : "false");
    ct_strbuf_putc(pr->out, ']');
    return;
  case CT_AK_HINTS:
    sp_begin(sp, NULL);
    if (mlirAttributeIsAOpaque(a)) {
      MlirStringRef d = mlirOpaqueAttrGetData(a);
      /* as NVIDIA prints them: `optimization_hints=<..>` on an entry, `optimization_hints = <..>` on ops */
      ct_strbuf_puts(pr->out, ct_op_id_of(op) == CT_OP_entry ? "optimization_hints=" : "optimization_hints = ");
      if (d.length > 18) ct_strbuf_append(pr->out, d.data + 18, d.length - 18);
    } else {
      put_attr(pr, a);
    }
    return;
  case CT_AK_ASSUMEPRED:
    sp_begin(sp, NULL);
    if (mlirAttributeIsAOpaque(a)) {
      MlirStringRef d = mlirOpaqueAttrGetData(a);
      ct_strbuf_append(pr->out, d.data, d.length);
    } else {
      put_attr(pr, a);
    }
    return;
  default:
    sp_begin(sp, NULL);
    put_attr(pr, a);
    return;
  }
}

static void print_attr_dict(printer *pr, spacer *sp, MlirOperation op, const ct_op_info *info) {
  intptr_t na = mlirOperationGetNumAttributes(op);
  bool any = false;
  for (intptr_t i = 0; i < na; i++) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirStringRef an = mlirIdentifierStr(a.name);
    char buf[128];
    snprintf(buf, sizeof buf, "%.*s", (int)an.length, an.data);
    if (ct_op_attr_info(info, buf) || strcmp(buf, "operandSegmentSizes") == 0) continue;
    if (!any) {
      sp_begin(sp, NULL);
      ct_strbuf_putc(pr->out, '{');
    } else {
      ct_strbuf_puts(pr->out, ", ");
    }
    any = true;
    ct_strbuf_puts(pr->out, buf);
    if (!mlirAttributeIsAUnit(a.attribute)) {
      ct_strbuf_puts(pr->out, " = ");
      put_attr(pr, a.attribute);
    }
  }
  if (any) ct_strbuf_putc(pr->out, '}');
}

static void print_with_format(printer *pr, MlirOperation op, const ct_op_info *info) {
  fmt_tok toks[64];
  int nt = ct_format_tokens(info->format, toks, 64);
  spacer sp = {pr, false};
  for (int i = 0; i < nt; i++) {
    const fmt_tok *t = &toks[i];
    switch (t->kind) {
    case FT_GROUP_BEGIN:
      if (!group_anchor_present(op, info, toks, i + 1, nt)) {
        int depth = 1;
        while (depth && ++i < nt) depth += toks[i].kind == FT_GROUP_BEGIN ? 1 : toks[i].kind == FT_GROUP_END ? -1 : 0;
      }
      break;
    case FT_GROUP_END: break;
    case FT_NOSPACE: sp.nospace = true; break;
    case FT_LIT:
      sp_begin(&sp, t->s);
      ct_strbuf_append(pr->out, t->s, t->n);
      break;
    case FT_OPERAND: {
      int g = group_index(info, t->s, t->n), start, size;
      if (g < 0 || !ct_op_group_range(op, g, &start, &size) || size == 0) break;
      sp_begin(&sp, NULL);
      for (int k = 0; k < size; k++) {
        if (k) ct_strbuf_puts(pr->out, ", ");
        put_value(pr, mlirOperationGetOperand(op, start + k));
      }
      break;
    }
    case FT_ATTR: {
      const ct_attr_info *ai = attr_by_span(info, t->s, t->n);
      if (ai) print_attr_elem(pr, &sp, op, ai);
      break;
    }
    case FT_TYPE: {
      size_t n = 0;
      while (n < t->n && t->s[n] != ',' && t->s[n] != '|') n++;
      int g = group_index(info, t->s, n), start, size;
      sp_begin(&sp, NULL);
      if (g >= 0 && ct_op_group_range(op, g, &start, &size) && size > 0)
        put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, start)));
      else if (mlirOperationGetNumResults(op) > 0)
        put_type(pr, mlirValueGetType(mlirOperationGetResult(op, 0)));
      break;
    }
    case FT_TYPES: {
      int g = group_index(info, t->s, t->n), start, size;
      if (g < 0 || !ct_op_group_range(op, g, &start, &size)) break;
      sp_begin(&sp, NULL);
      for (int k = 0; k < size; k++) {
        if (k) ct_strbuf_puts(pr->out, ", ");
        put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, start + k)));
      }
      break;
    }
    case FT_TYPE_RESULTS:
      sp_begin(&sp, NULL);
      if (mlirOperationGetNumResults(op) > 0) put_type(pr, mlirValueGetType(mlirOperationGetResult(op, 0)));
      break;
    case FT_TYPES_RESULTS:
      sp_begin(&sp, NULL);
      for (intptr_t k = 0; k < mlirOperationGetNumResults(op); k++) {
        if (k) ct_strbuf_puts(pr->out, ", ");
        put_type(pr, mlirValueGetType(mlirOperationGetResult(op, k)));
      }
      break;
    case FT_ATTRDICT: print_attr_dict(pr, &sp, op, info); break;
    case FT_TOKEN_RESULTS: break; /* implied */
    case FT_CUSTOM: break;
    }
  }
}

static void print_region(printer *pr, MlirOperation op, int r, int ind, const char *implicit_term) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
  ct_strbuf_puts(pr->out, "{\n");
  if (!mlirBlockIsNull(b)) print_block_ops(pr, b, ind + 1, implicit_term != NULL, implicit_term ? implicit_term : "");
  indent(pr, ind);
  ct_strbuf_putc(pr->out, '}');
}

static void name_block_args(printer *pr, MlirBlock b) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) name_set(pr, mlirBlockGetArgument(b, i), pr->next_arg++, true);
}

static bool print_entry(printer *pr, MlirOperation op, const ct_op_info *info, int ind) {
  MlirAttribute sym = get_attr(op, "sym_name");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym) || mlirBlockIsNull(b)) return false;
  MlirAttribute args = get_attr(op, "arg_attrs");
  pr->next_value = 0;
  pr->next_arg = 0;
  name_block_args(pr, b);
  MlirStringRef s = mlirStringAttrGetValue(sym);
  ct_strbuf_printf(pr->out, "%s ", info->name);
  put_symbol(pr, s);
  ct_strbuf_putc(pr->out, '(');
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_value(pr, mlirBlockGetArgument(b, i));
    ct_strbuf_puts(pr->out, ": ");
    put_type(pr, mlirValueGetType(mlirBlockGetArgument(b, i)));
    if (!mlirAttributeIsNull(args) && mlirAttributeIsAArray(args) && i < mlirArrayAttrGetNumElements(args)) {
      MlirAttribute d = mlirArrayAttrGetElement(args, i);
      if (mlirAttributeIsADictionary(d) && mlirDictionaryAttrGetNumElements(d) > 0) {
        ct_strbuf_putc(pr->out, ' ');
        put_attr(pr, d);
      }
    }
    if (pr->di) ct_di_printer_use(pr->di, mlirValueGetLocation(mlirBlockGetArgument(b, i)), pr->out);
  }
  ct_strbuf_putc(pr->out, ')');
  MlirAttribute ft = get_attr(op, "function_type");
  if (!mlirAttributeIsNull(ft) && mlirAttributeIsAType(ft) && mlirTypeIsAFunction(mlirTypeAttrGetValue(ft))) {
    MlirType fty = mlirTypeAttrGetValue(ft);
    intptr_t nr = mlirFunctionTypeGetNumResults(fty);
    if (nr) ct_strbuf_puts(pr->out, nr == 1 ? " -> " : " -> (");
    for (intptr_t i = 0; i < nr; i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_type(pr, mlirFunctionTypeGetResult(fty, i));
    }
    if (nr > 1) ct_strbuf_putc(pr->out, ')');
  }
  const ct_attr_info *hints = ct_op_attr_info(info, "optimization_hints");
  spacer sp = {pr, false};
  if (hints) print_attr_elem(pr, &sp, op, hints);
  ct_strbuf_putc(pr->out, ' ');
  print_region(pr, op, 0, ind, NULL); /* the terminator is printed, as MLIR prints function bodies */
  return true;
}

/* `<elem: literal> : tile<...>` for a DenseElementsAttr value and the tile type it is stored as. */
static bool put_dense_literal(printer *pr, MlirAttribute v, MlirType tile_type) {
  ct_type t;
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v) || !ct_type_from_mlir(tile_type, &t) ||
      t.kind != CT_TYPE_TILE)
    return false;
  ct_strbuf tmp;
  ct_strbuf_init(&tmp);
  mlirAttributePrint(v, ct_strbuf_mlir_callback, &tmp);
  /* dense<BODY> : tensor<...> */
  char *colon = strstr(tmp.data, "> : tensor<");
  bool ok = tmp.len > 7 && memcmp(tmp.data, "dense<", 6) == 0 && colon;
  if (ok) {
    ct_strbuf_printf(pr->out, "<%s: ", ct_elem_name(t.elem));
    ct_strbuf_append(pr->out, tmp.data + 6, (size_t)(colon - (tmp.data + 6)));
    ct_strbuf_puts(pr->out, "> : ");
    put_type(pr, tile_type);
  }
  ct_strbuf_free(&tmp);
  return ok;
}

static bool print_constant(printer *pr, MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1) return false;
  ct_strbuf_puts(pr->out, "constant ");
  return put_dense_literal(pr, get_attr(op, "value"), mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* The tile type a global's value is printed with: tile<shape x elem> of the dense value's tensor type. */
static bool global_tile_type(MlirContext ctx, MlirAttribute v, MlirType *out) {
  if (mlirAttributeIsNull(v) || !mlirAttributeIsADenseElements(v)) return false;
  MlirType tt = mlirAttributeGetType(v);
  if (!mlirTypeIsARankedTensor(tt) || mlirShapedTypeGetRank(tt) > CT_MAX_RANK) return false;
  MlirType et = mlirShapedTypeGetElementType(tt);
  ct_elem e = CT_ELEM_NONE;
  for (int k = CT_I1; k <= CT_F8E5M3FNU && e == CT_ELEM_NONE; k++)
    if (mlirTypeEqual(ct_elem_to_mlir(ctx, (ct_elem)k), et)) e = (ct_elem)k;
  if (e == CT_ELEM_NONE) return false;
  int64_t shape[CT_MAX_RANK];
  int rank = (int)mlirShapedTypeGetRank(tt);
  for (int d = 0; d < rank; d++) shape[d] = mlirShapedTypeGetDimSize(tt, d);
  ct_type t = ct_tile_type(e, rank, shape);
  *out = ct_type_to_mlir(ctx, &t);
  return true;
}

/* global [private] [constant] @sym [alignment = N] <elem: literal> : tile<...> [attr-dict] */
static bool print_global(printer *pr, MlirOperation op, const ct_op_info *info) {
  MlirAttribute sym = get_attr(op, "sym_name"), value = get_attr(op, "value");
  MlirAttribute vis = get_attr(op, "symbol_visibility"), align = get_attr(op, "alignment");
  MlirType tile_type;
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym) ||
      !global_tile_type(mlirOperationGetContext(op), value, &tile_type))
    return false;
  if (!mlirAttributeIsNull(align) && !mlirAttributeIsAInteger(align)) return false;
  bool priv = false;
  if (!mlirAttributeIsNull(vis)) {
    if (!mlirAttributeIsAOpaque(vis)) return false;
    MlirStringRef d = mlirOpaqueAttrGetData(vis);
    if (d.length == 26 && memcmp(d.data, "symbol_visibility<private>", 26) == 0) priv = true;
    else if (!(d.length == 25 && memcmp(d.data, "symbol_visibility<public>", 25) == 0)) return false;
  }
  ct_strbuf_puts(pr->out, "global ");
  if (priv) ct_strbuf_puts(pr->out, "private ");
  if (!mlirAttributeIsNull(get_attr(op, "constant"))) ct_strbuf_puts(pr->out, "constant ");
  MlirStringRef s = mlirStringAttrGetValue(sym);
  put_symbol(pr, s);
  ct_strbuf_putc(pr->out, ' ');
  if (!mlirAttributeIsNull(align)) ct_strbuf_printf(pr->out, "alignment = %lld ", (long long)mlirIntegerAttrGetValueInt(align));
  if (!put_dense_literal(pr, value, tile_type)) return false;
  spacer sp = {pr, false};
  print_attr_dict(pr, &sp, op, info);
  return true;
}

static bool print_make_tensor_view(printer *pr, MlirOperation op) {
  ct_type tv;
  int s0, n0, s1, n1, s2, n2;
  if (mlirOperationGetNumResults(op) != 1 || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &tv) ||
      tv.kind != CT_TYPE_TENSOR_VIEW || !ct_op_group_range(op, 0, &s0, &n0) || n0 != 1 ||
      !ct_op_group_range(op, 1, &s1, &n1) || !ct_op_group_range(op, 2, &s2, &n2))
    return false;
  int dyn_shape = 0, dyn_stride = 0;
  for (int d = 0; d < tv.rank; d++) dyn_shape += tv.shape[d] == CT_DYNAMIC, dyn_stride += tv.strides[d] == CT_DYNAMIC;
  if (dyn_shape != n1 || dyn_stride != n2) return false;
  ct_strbuf_puts(pr->out, "make_tensor_view ");
  put_value(pr, mlirOperationGetOperand(op, s0));
  for (int which = 0; which < 2; which++) {
    ct_strbuf_puts(pr->out, which ? ", strides = [" : ", shape = [");
    int k = which ? s2 : s1;
    for (int d = 0; d < tv.rank; d++) {
      if (d) ct_strbuf_puts(pr->out, ", ");
      int64_t v = which ? tv.strides[d] : tv.shape[d];
      if (v == CT_DYNAMIC) put_value(pr, mlirOperationGetOperand(op, k++));
      else ct_strbuf_printf(pr->out, "%lld", (long long)v);
    }
    ct_strbuf_putc(pr->out, ']');
  }
  ct_strbuf_puts(pr->out, " : ");
  /* a base with a pointer attribute (13.4) is written first, as tileirdisasm does */
  ct_type bt;
  MlirType base_type = mlirValueGetType(mlirOperationGetOperand(op, s0));
  bool show_base = ct_type_from_mlir(base_type, &bt) && bt.elem == CT_PTR && bt.ptr_attr;
  if (show_base) put_type(pr, base_type);
  if (n1 + n2 > 0) {
    if (show_base) ct_strbuf_puts(pr->out, ", ");
    put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, n1 ? s1 : s2)));
  }
  if (show_base || n1 + n2 > 0) ct_strbuf_puts(pr->out, " -> ");
  put_type(pr, mlirValueGetType(mlirOperationGetResult(op, 0)));
  return true;
}

static bool print_for(printer *pr, MlirOperation op, int ind) {
  intptr_t nops = mlirOperationGetNumOperands(op);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (nops < 3 || mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) != nops - 2 ||
      mlirOperationGetNumResults(op) != nops - 3)
    return false;
  name_block_args(pr, b);
  ct_strbuf_puts(pr->out, "for ");
  if (!mlirAttributeIsNull(get_attr(op, "unsignedCmp"))) ct_strbuf_puts(pr->out, "unsigned ");
  put_value(pr, mlirBlockGetArgument(b, 0));
  ct_strbuf_puts(pr->out, " in (");
  put_value(pr, mlirOperationGetOperand(op, 0));
  ct_strbuf_puts(pr->out, " to ");
  put_value(pr, mlirOperationGetOperand(op, 1));
  ct_strbuf_puts(pr->out, ", step ");
  put_value(pr, mlirOperationGetOperand(op, 2));
  ct_strbuf_puts(pr->out, ") : ");
  put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, 0)));
  if (nops > 3) {
    ct_strbuf_puts(pr->out, " iter_values(");
    for (intptr_t i = 3; i < nops; i++) {
      if (i > 3) ct_strbuf_puts(pr->out, ", ");
      put_value(pr, mlirBlockGetArgument(b, i - 2));
      ct_strbuf_puts(pr->out, " = ");
      put_value(pr, mlirOperationGetOperand(op, i));
    }
    ct_strbuf_puts(pr->out, ") -> (");
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_type(pr, mlirValueGetType(mlirOperationGetResult(op, i)));
    }
    ct_strbuf_putc(pr->out, ')');
  }
  ct_strbuf_putc(pr->out, ' ');
  print_region(pr, op, 0, ind, nops == 3 ? "cuda_tile.continue" : NULL);
  return true;
}

/* loop [iter_values(%a = %x, ...) : T... [-> R...]] { body }; without iter values: loop [: R...] { body } */
static bool print_loop(printer *pr, MlirOperation op, int ind) {
  intptr_t nops = mlirOperationGetNumOperands(op), nres = mlirOperationGetNumResults(op);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirOperationGetNumRegions(op) != 1 || mlirBlockIsNull(b) || mlirBlockGetNumArguments(b) != nops) return false;
  name_block_args(pr, b);
  ct_strbuf_puts(pr->out, "loop");
  if (nops) {
    ct_strbuf_puts(pr->out, " iter_values(");
    for (intptr_t i = 0; i < nops; i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_value(pr, mlirBlockGetArgument(b, i));
      ct_strbuf_puts(pr->out, " = ");
      put_value(pr, mlirOperationGetOperand(op, i));
    }
    ct_strbuf_puts(pr->out, ") : ");
    for (intptr_t i = 0; i < nops; i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, i)));
    }
  }
  if (nres) {
    ct_strbuf_puts(pr->out, nops ? " -> " : " : ");
    for (intptr_t i = 0; i < nres; i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_type(pr, mlirValueGetType(mlirOperationGetResult(op, i)));
    }
  }
  ct_strbuf_putc(pr->out, ' ');
  print_region(pr, op, 0, ind, nops == 0 ? "cuda_tile.continue" : NULL);
  return true;
}

static bool print_if(printer *pr, MlirOperation op, int ind) {
  if (mlirOperationGetNumOperands(op) != 1 || mlirOperationGetNumRegions(op) != 2) return false;
  ct_strbuf_puts(pr->out, "if ");
  put_value(pr, mlirOperationGetOperand(op, 0));
  intptr_t nres = mlirOperationGetNumResults(op);
  if (nres) {
    ct_strbuf_puts(pr->out, " -> (");
    for (intptr_t i = 0; i < nres; i++) {
      if (i) ct_strbuf_puts(pr->out, ", ");
      put_type(pr, mlirValueGetType(mlirOperationGetResult(op, i)));
    }
    ct_strbuf_putc(pr->out, ')');
  }
  ct_strbuf_putc(pr->out, ' ');
  const char *implicit = nres ? NULL : "cuda_tile.yield";
  print_region(pr, op, 0, ind, implicit);
  MlirBlock eb = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  if (!mlirBlockIsNull(eb)) {
    /* an else region holding only an implicit yield is omitted */
    MlirOperation first = mlirBlockGetFirstOperation(eb);
    bool trivial = nres == 0 && !mlirOperationIsNull(first) && mlirOperationIsNull(mlirOperationGetNextInBlock(first)) &&
                   ct_op_id_of(first) == CT_OP_yield && mlirOperationGetNumOperands(first) == 0;
    if (!trivial) {
      ct_strbuf_puts(pr->out, " else ");
      print_region(pr, op, 1, ind, implicit);
    }
  }
  return true;
}

static bool print_reduce(printer *pr, MlirOperation op, const ct_op_info *info, int ind) {
  MlirAttribute dim = get_attr(op, "dim"), ids = get_attr(op, "identities");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  intptr_t nops = mlirOperationGetNumOperands(op);
  if (mlirAttributeIsNull(dim) || !mlirAttributeIsAInteger(dim) || mlirAttributeIsNull(ids) || mlirBlockIsNull(b) ||
      nops == 0 || mlirOperationGetNumResults(op) != nops)
    return false;
  MlirAttribute rev = get_attr(op, "reverse");
  if (info->id == CT_OP_scan && (mlirAttributeIsNull(rev) || !mlirAttributeIsABool(rev))) return false;
  name_block_args(pr, b);
  ct_strbuf_printf(pr->out, "%s ", info->name);
  for (intptr_t i = 0; i < nops; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_value(pr, mlirOperationGetOperand(op, i));
  }
  ct_strbuf_printf(pr->out, " dim=%lld", (long long)mlirIntegerAttrGetValueInt(dim));
  if (info->id == CT_OP_scan) ct_strbuf_printf(pr->out, " reverse=%s", mlirBoolAttrGetValue(rev) ? "true" : "false");
  ct_strbuf_puts(pr->out, " identities=");
  put_attr(pr, ids);
  ct_strbuf_puts(pr->out, " : ");
  for (intptr_t i = 0; i < nops; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_type(pr, mlirValueGetType(mlirOperationGetOperand(op, i)));
  }
  ct_strbuf_puts(pr->out, " -> ");
  for (intptr_t i = 0; i < nops; i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_type(pr, mlirValueGetType(mlirOperationGetResult(op, i)));
  }
  ct_strbuf_putc(pr->out, '\n');
  indent(pr, ind);
  ct_strbuf_putc(pr->out, '(');
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) {
    if (i) ct_strbuf_puts(pr->out, ", ");
    put_value(pr, mlirBlockGetArgument(b, i));
    ct_strbuf_puts(pr->out, ": ");
    put_type(pr, mlirValueGetType(mlirBlockGetArgument(b, i)));
  }
  ct_strbuf_puts(pr->out, ") ");
  print_region(pr, op, 0, ind, NULL);
  return true;
}

static void print_module_op(printer *pr, MlirOperation op, int ind) {
  MlirAttribute sym = get_attr(op, "sym_name");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  indent(pr, ind);
  if (pr->generic || mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym) || mlirBlockIsNull(b) ||
      mlirOperationGetNumRegions(op) != 1) {
    bool g = pr->generic;
    pr->generic = true;
    print_generic(pr, op, ind);
    pr->generic = g;
    if (pr->di) ct_di_printer_use(pr->di, mlirOperationGetLocation(op), pr->out);
    ct_strbuf_putc(pr->out, '\n');
    return;
  }
  MlirStringRef s = mlirStringAttrGetValue(sym);
  ct_strbuf_puts(pr->out, "cuda_tile.module ");
  put_symbol(pr, s);
  const ct_op_info *info = ct_op_info_get(CT_OP_module);
  spacer sp = {pr, false};
  bool extra = false;
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); i++) {
    MlirStringRef an = mlirIdentifierStr(mlirOperationGetAttribute(op, i).name);
    extra |= !(an.length == 8 && memcmp(an.data, "sym_name", 8) == 0);
  }
  if (extra) {
    ct_strbuf_puts(pr->out, " attributes");
    print_attr_dict(pr, &sp, op, info);
  }
  ct_strbuf_puts(pr->out, " {\n");
  print_block_ops(pr, b, ind + 1, false, "");
  indent(pr, ind);
  ct_strbuf_putc(pr->out, '}');
  if (pr->di) ct_di_printer_use(pr->di, mlirOperationGetLocation(op), pr->out);
  ct_strbuf_putc(pr->out, '\n');
}

static void print_op(printer *pr, MlirOperation op, int ind) {
  ct_op_id id = ct_op_id_of(op);
  const ct_op_info *info = ct_op_info_get(id);
  if (id == CT_OP_module) {
    print_module_op(pr, op, ind);
    return;
  }
  indent(pr, ind);
  if (id == CT_OP_entry || id == CT_OP_testing_func) {
    if (pr->generic) {
      pr->next_value = 0;
      pr->next_arg = 0;
    }
  }
  name_results(pr, op);
  bool done = false;
  if (!pr->generic && id != CT_OP_UNKNOWN) {
    size_t mark = pr->out->len;
    if (strncmp(info->format, "custom<", 7) == 0) {
      const char *cn = info->format + 7;
      if (strncmp(cn, "entry>", 6) == 0) done = print_entry(pr, op, info, ind);
      else {
        put_results_lhs(pr, op);
        if (strncmp(cn, "constant>", 9) == 0) done = print_constant(pr, op);
        else if (strncmp(cn, "global>", 7) == 0) done = print_global(pr, op, info);
        else if (strncmp(cn, "loop>", 5) == 0) done = print_loop(pr, op, ind);
        else if (strncmp(cn, "make_tensor_view>", 17) == 0) done = print_make_tensor_view(pr, op);
        else if (strncmp(cn, "for>", 4) == 0) done = print_for(pr, op, ind);
        else if (strncmp(cn, "if>", 3) == 0) done = print_if(pr, op, ind);
        else if (strncmp(cn, "reduce>", 7) == 0) done = print_reduce(pr, op, info, ind);
      }
    } else if ((int)mlirOperationGetNumRegions(op) == info->nregions) {
      put_results_lhs(pr, op);
      ct_strbuf_puts(pr->out, info->name);
      print_with_format(pr, op, info);
      done = true;
    }
    if (!done) {
      pr->out->len = mark;
      pr->out->data[mark] = 0;
    }
  }
  if (!done) {
    bool g = pr->generic;
    pr->generic = true;
    print_generic(pr, op, ind);
    pr->generic = g;
  }
  if (pr->di) ct_di_printer_use(pr->di, mlirOperationGetLocation(op), pr->out);
  ct_strbuf_putc(pr->out, '\n');
}

/* Pass 1 of --mlir-print-debuginfo: every location in print order (op, kernel arguments, body). */
static void note_locations(ct_di_printer *dp, MlirOperation op) {
  ct_di_printer_note(dp, mlirOperationGetLocation(op));
  ct_op_id id = ct_op_id_of(op);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      if (id == CT_OP_entry || id == CT_OP_testing_func)
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
          ct_di_printer_note(dp, mlirValueGetLocation(mlirBlockGetArgument(b, i)));
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        note_locations(dp, o);
    }
}

void ct_print_module(MlirModule m, const ct_print_options *opts, ct_strbuf *out) {
  printer pr = {0};
  pr.out = out;
  pr.generic = opts && opts->generic;
  MlirBlock body = mlirModuleGetBody(m);
  if (opts && opts->debuginfo) {
    pr.di = ct_di_printer_create();
    for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      note_locations(pr.di, o);
    ct_di_printer_finish(pr.di);
  }
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    print_op(&pr, o, 0);
  if (pr.di) {
    ct_di_printer_defs(pr.di, out);
    ct_di_printer_destroy(pr.di);
  }
  free(pr.slots);
}

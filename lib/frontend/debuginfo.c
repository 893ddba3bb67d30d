/* debuginfo: the cuda_tile debug-info attributes and locations — representation, parser of
 * `loc(...)` / `#alias = ...`, alias printer. See debuginfo.h and docs/debuginfo.md.
 *
 * Parser: ct_di_prescan reads every top-level `#name = value` definition of the input first (in
 * order; a definition may use the aliases defined above it), so op locations may name aliases
 * that the file defines after the modules (MLIR's printed form). Definitions whose value is not a
 * location or a #cuda_tile.di_* attribute are left to the caller (they are checked and dropped).
 * Printer: every location (and every location or di attribute nested in one) gets an alias; the
 * aliases are sorted like MLIR's (by nesting depth, then by alias name, then by first use) and
 * numbered per name (`loc`, `loc1`, ...; `di_file`, `di_file1`, ...). Owner: frontend. */
#include "frontend/debuginfo.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ representation */

static int hexval(char ch);

static const char *const kind_names[] = {"", "di_file", "di_compile_unit", "di_subprogram", "di_lexical_block"};

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirAttribute opaque(MlirContext ctx, ct_strbuf *sb) {
  MlirAttribute a = mlirOpaqueAttrGet(ctx, sref("cuda_tile"), (intptr_t)sb->len, sb->data, mlirNoneTypeGet(ctx));
  ct_strbuf_free(sb);
  return a;
}

/* MLIR's string escaping: `"` and `\` escaped, non-printable bytes as \XX. */
static void put_escaped(ct_strbuf *sb, const char *s, size_t n) {
  ct_strbuf_putc(sb, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\') {
      ct_strbuf_putc(sb, '\\');
      ct_strbuf_putc(sb, (char)ch);
    } else if (ch < 0x20 || ch >= 0x7f) {
      ct_strbuf_printf(sb, "\\%02X", ch);
    } else {
      ct_strbuf_putc(sb, (char)ch);
    }
  }
  ct_strbuf_putc(sb, '"');
}

static void put_attr_text(ct_strbuf *sb, MlirAttribute a) {
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  ct_strbuf_puts(sb, "#cuda_tile.");
  ct_strbuf_append(sb, d.data, d.length);
}

ct_di_kind ct_di_attr_kind(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAOpaque(a)) return CT_DI_NONE;
  MlirStringRef ns = mlirOpaqueAttrGetDialectNamespace(a);
  if (ns.length != 9 || memcmp(ns.data, "cuda_tile", 9) != 0) return CT_DI_NONE;
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  for (int k = CT_DI_FILE; k <= CT_DI_LEXICAL_BLOCK; k++) {
    size_t n = strlen(kind_names[k]);
    if (d.length > n && memcmp(d.data, kind_names[k], n) == 0 && d.data[n] == '<') return (ct_di_kind)k;
  }
  return CT_DI_NONE;
}

MlirAttribute ct_di_file_get(MlirContext ctx, MlirStringRef name, MlirStringRef dir) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "di_file<");
  put_escaped(&sb, name.data, name.length);
  ct_strbuf_puts(&sb, " in ");
  put_escaped(&sb, dir.data, dir.length);
  ct_strbuf_putc(&sb, '>');
  return opaque(ctx, &sb);
}

MlirAttribute ct_di_compile_unit_get(MlirContext ctx, MlirAttribute file) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "di_compile_unit<file = ");
  put_attr_text(&sb, file);
  ct_strbuf_putc(&sb, '>');
  return opaque(ctx, &sb);
}

MlirAttribute ct_di_subprogram_get(MlirContext ctx, MlirAttribute file, unsigned line, MlirStringRef name,
                                   MlirStringRef linkage, MlirAttribute cu, bool has_scope_line, unsigned scope_line) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "di_subprogram<file = ");
  put_attr_text(&sb, file);
  ct_strbuf_printf(&sb, ", line = %u, name = ", line);
  put_escaped(&sb, name.data, name.length);
  ct_strbuf_puts(&sb, ", linkageName = ");
  put_escaped(&sb, linkage.data, linkage.length);
  ct_strbuf_puts(&sb, ", compileUnit = ");
  put_attr_text(&sb, cu);
  if (has_scope_line) ct_strbuf_printf(&sb, ", scopeLine = %u", scope_line);
  ct_strbuf_putc(&sb, '>');
  return opaque(ctx, &sb);
}

MlirAttribute ct_di_lexical_block_get(MlirContext ctx, MlirAttribute scope, MlirAttribute file, unsigned line,
                                      bool has_column, unsigned column) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "di_lexical_block<scope = ");
  put_attr_text(&sb, scope);
  ct_strbuf_puts(&sb, ", file = ");
  put_attr_text(&sb, file);
  ct_strbuf_printf(&sb, ", line = %u", line);
  if (has_column) ct_strbuf_printf(&sb, ", column = %u", column);
  ct_strbuf_putc(&sb, '>');
  return opaque(ctx, &sb);
}

MlirLocation ct_di_loc_get(MlirLocation flc, MlirAttribute scope) {
  return mlirLocationFusedGet(mlirLocationGetContext(flc), 1, &flc, scope);
}

bool ct_di_loc_split(MlirLocation loc, MlirLocation *flc, MlirAttribute *scope) {
  if (mlirLocationIsNull(loc) || !mlirLocationIsAFused(loc) || mlirLocationFusedGetNumLocations(loc) != 1) return false;
  MlirAttribute md = mlirLocationFusedGetMetadata(loc);
  ct_di_kind k = ct_di_attr_kind(md);
  if (k != CT_DI_SUBPROGRAM && k != CT_DI_LEXICAL_BLOCK) return false;
  MlirLocation inner;
  mlirLocationFusedGetLocations(loc, &inner);
  if (!mlirLocationIsAFileLineColRange(inner)) return false;
  if (flc) *flc = inner;
  if (scope) *scope = md;
  return true;
}

MlirLocation ct_di_find_loc(MlirLocation loc) {
  if (mlirLocationIsNull(loc)) return loc;
  if (ct_di_loc_split(loc, NULL, NULL)) return loc;
  if (mlirLocationIsACallSite(loc)) return ct_di_find_loc(mlirLocationCallSiteGetCaller(loc));
  if (mlirLocationIsAName(loc)) return ct_di_find_loc(mlirLocationNameGetChildLoc(loc));
  if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) abort();
    mlirLocationFusedGetLocations(loc, v);
    MlirLocation r = {NULL};
    for (unsigned i = 0; i < n && mlirLocationIsNull(r); i++) r = ct_di_find_loc(v[i]);
    free(v);
    return r;
  }
  return (MlirLocation){NULL};
}

/* ---- taking the canonical text apart */

typedef struct cur {
  const char *s;
  size_t n, i;
} cur;

static void c_ws(cur *c) {
  while (c->i < c->n && c->s[c->i] == ' ') c->i++;
}
static bool c_eat(cur *c, const char *lit) {
  c_ws(c);
  size_t l = strlen(lit);
  if (c->n - c->i < l || memcmp(c->s + c->i, lit, l) != 0) return false;
  c->i += l;
  return true;
}
static bool c_uint(cur *c, unsigned *v) {
  c_ws(c);
  unsigned long long x = 0;
  size_t s = c->i;
  while (c->i < c->n && c->s[c->i] >= '0' && c->s[c->i] <= '9') x = x * 10 + (unsigned)(c->s[c->i++] - '0');
  *v = (unsigned)x;
  return c->i > s && x <= UINT_MAX;
}
/* A quoted string, returned still escaped (between the quotes). */
static bool c_str(cur *c, MlirStringRef *out) {
  c_ws(c);
  if (c->i >= c->n || c->s[c->i] != '"') return false;
  size_t s = ++c->i;
  while (c->i < c->n && c->s[c->i] != '"') c->i += c->s[c->i] == '\\' ? 2 : 1;
  if (c->i >= c->n) return false;
  *out = mlirStringRefCreate(c->s + s, c->i - s);
  c->i++;
  return true;
}
/* `#cuda_tile.X<...>` -> the nested attribute. */
static bool c_attr(cur *c, MlirContext ctx, MlirAttribute *out) {
  if (!c_eat(c, "#cuda_tile.")) return false;
  size_t s = c->i;
  int depth = 0;
  while (c->i < c->n) {
    char ch = c->s[c->i];
    if (ch == '"') {
      MlirStringRef tmp;
      if (!c_str(c, &tmp)) return false;
      continue;
    }
    c->i++;
    if (ch == '<') depth++;
    else if (ch == '>' && --depth == 0) break;
  }
  if (depth) return false;
  *out = mlirOpaqueAttrGet(ctx, sref("cuda_tile"), (intptr_t)(c->i - s), c->s + s, mlirNoneTypeGet(ctx));
  return true;
}

bool ct_di_attr_get(MlirContext ctx, MlirAttribute a, ct_di_node *o) {
  memset(o, 0, sizeof *o);
  ct_di_kind k = ct_di_attr_kind(a);
  if (k == CT_DI_NONE) return false;
  MlirStringRef d = mlirOpaqueAttrGetData(a);
  cur c = {d.data, d.length, strlen(kind_names[k]) + 1};
  o->kind = k;
  bool ok = true;
  switch (k) {
  case CT_DI_FILE:
    ok = c_str(&c, &o->name) && c_eat(&c, "in") && c_str(&c, &o->dir_or_linkage);
    break;
  case CT_DI_COMPILE_UNIT:
    ok = c_eat(&c, "file =") && c_attr(&c, ctx, &o->file);
    break;
  case CT_DI_SUBPROGRAM:
    ok = c_eat(&c, "file =") && c_attr(&c, ctx, &o->file) && c_eat(&c, ", line =") && c_uint(&c, &o->line) &&
         c_eat(&c, ", name =") && c_str(&c, &o->name) && c_eat(&c, ", linkageName =") &&
         c_str(&c, &o->dir_or_linkage) && c_eat(&c, ", compileUnit =") && c_attr(&c, ctx, &o->compile_unit);
    if (ok && c_eat(&c, ", scopeLine =")) ok = (o->has_extra = true) && c_uint(&c, &o->extra);
    break;
  case CT_DI_LEXICAL_BLOCK:
    ok = c_eat(&c, "scope =") && c_attr(&c, ctx, &o->scope) && c_eat(&c, ", file =") && c_attr(&c, ctx, &o->file) &&
         c_eat(&c, ", line =") && c_uint(&c, &o->line);
    if (ok && c_eat(&c, ", column =")) ok = (o->has_extra = true) && c_uint(&c, &o->extra);
    break;
  default:
    ok = false;
  }
  return ok && c_eat(&c, ">") && c.i == c.n;
}

void ct_di_unescape(MlirStringRef e, ct_strbuf *out) {
  for (size_t i = 0; i < e.length; i++) {
    char ch = e.data[i];
    if (ch == '\\' && i + 1 < e.length) {
      char x = e.data[i + 1];
      int h1 = hexval(x), h2 = i + 2 < e.length ? hexval(e.data[i + 2]) : -1;
      if (x == '"' || x == '\\') ct_strbuf_putc(out, x), i++;
      else if (x == 'n') ct_strbuf_putc(out, '\n'), i++;
      else if (x == 't') ct_strbuf_putc(out, '\t'), i++;
      else if (h1 >= 0 && h2 >= 0) ct_strbuf_putc(out, (char)(h1 * 16 + h2)), i += 2;
      else ct_strbuf_putc(out, ch);
    } else {
      ct_strbuf_putc(out, ch);
    }
  }
}

bool ct_di_str_eq(MlirStringRef escaped, MlirStringRef plain) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  put_escaped(&sb, plain.data, plain.length);
  bool eq = sb.len == escaped.length + 2 && memcmp(sb.data + 1, escaped.data, escaped.length) == 0;
  ct_strbuf_free(&sb);
  return eq;
}

MlirAttribute ct_di_subprogram_of(MlirContext ctx, MlirAttribute scope) {
  for (int guard = 0; guard < 1000; guard++) {
    ct_di_node n;
    if (!ct_di_attr_get(ctx, scope, &n)) break;
    if (n.kind == CT_DI_SUBPROGRAM) return scope;
    if (n.kind != CT_DI_LEXICAL_BLOCK) break;
    scope = n.scope;
  }
  return (MlirAttribute){NULL};
}

/* ================================================================ parser */

typedef struct di_alias {
  const char *name;
  size_t len;
  bool is_loc;
  MlirLocation loc;
  MlirAttribute attr;
} di_alias;

struct ct_di_state {
  di_alias *v;
  size_t n, cap;
};

static bool d_is_id(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '$' ||
         ch == '.';
}

static size_t d_ident(ct_parser *p) {
  ct_parser_skip_ws(p);
  size_t n = 0;
  while (p->pos + n < p->len && d_is_id(p->src[p->pos + n])) n++;
  return n;
}

static bool d_eat(ct_parser *p, const char *s) {
  ct_parser_skip_ws(p);
  size_t l = strlen(s);
  if (p->len - p->pos < l || memcmp(p->src + p->pos, s, l) != 0) return false;
  if (d_is_id(s[l - 1]) && p->pos + l < p->len && d_is_id(p->src[p->pos + l])) return false; /* a keyword prefix */
  ct_parser_advance(p, l);
  return true;
}

static bool d_expect(ct_parser *p, const char *s) {
  if (d_eat(p, s)) return true;
  return ct_parser_error_at(p, p->line, p->col, "expected '%s'", s);
}

static bool d_uint(ct_parser *p, const char *what, unsigned *v) {
  ct_parser_skip_ws(p);
  size_t s = p->pos;
  unsigned long long x = 0;
  while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') {
    x = x * 10 + (unsigned)(p->src[p->pos] - '0');
    if (x > UINT_MAX) return ct_parser_error_at(p, p->line, p->col, "%s is out of range (at most %u)", what, UINT_MAX);
    ct_parser_advance(p, 1);
  }
  if (p->pos == s) return ct_parser_error_at(p, p->line, p->col, "expected a non-negative integer for %s", what);
  *v = (unsigned)x;
  return true;
}

static int hexval(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* A string literal, unescaped into sb (MLIR's escapes: \" \\ \n \t \XX). */
static bool d_string(ct_parser *p, ct_strbuf *sb) {
  if (ct_parser_peek(p) != '"') return ct_parser_error_at(p, p->line, p->col, "expected a string literal");
  ct_parser_advance(p, 1);
  while (p->pos < p->len && p->src[p->pos] != '"') {
    char ch = p->src[p->pos];
    if (ch == '\n') return ct_parser_error_at(p, p->line, p->col, "unterminated string literal");
    if (ch == '\\' && p->pos + 1 < p->len) {
      char e = p->src[p->pos + 1];
      int h1 = hexval(e), h2 = p->pos + 2 < p->len ? hexval(p->src[p->pos + 2]) : -1;
      if (e == '"' || e == '\\') ct_strbuf_putc(sb, e), ct_parser_advance(p, 2);
      else if (e == 'n') ct_strbuf_putc(sb, '\n'), ct_parser_advance(p, 2);
      else if (e == 't') ct_strbuf_putc(sb, '\t'), ct_parser_advance(p, 2);
      else if (h1 >= 0 && h2 >= 0) ct_strbuf_putc(sb, (char)(h1 * 16 + h2)), ct_parser_advance(p, 3);
      else return ct_parser_error_at(p, p->line, p->col, "unknown escape in string literal");
      continue;
    }
    ct_strbuf_putc(sb, ch);
    ct_parser_advance(p, 1);
  }
  if (p->pos >= p->len) return ct_parser_error_at(p, p->line, p->col, "unterminated string literal");
  ct_parser_advance(p, 1);
  return true;
}

static di_alias *alias_find(ct_parser *p, const char *name, size_t len) {
  if (!p->di) return NULL;
  for (size_t i = 0; i < p->di->n; i++)
    if (p->di->v[i].len == len && memcmp(p->di->v[i].name, name, len) == 0) return &p->di->v[i];
  return NULL;
}

/* `#name` (the cursor at '#'): the alias it names. */
static di_alias *d_alias_ref(ct_parser *p) {
  int line = p->line, col = p->col;
  ct_parser_advance(p, 1);
  size_t n = 0;
  while (p->pos + n < p->len && d_is_id(p->src[p->pos + n])) n++;
  if (!n) return ct_parser_error_at(p, p->line, p->col, "expected an alias name after '#'"), NULL;
  di_alias *a = alias_find(p, p->src + p->pos, n);
  if (!a) {
    p->line = line, p->col = col;
    ct_parser_error_at(p, p->line, p->col, "undefined symbol alias id '%.*s'", (int)n, p->src + p->pos);
    return NULL;
  }
  ct_parser_advance(p, n);
  return a;
}

static bool parse_di_attr(ct_parser *p, MlirAttribute *out);
static bool parse_loc_inner(ct_parser *p, MlirLocation *out);

/* A di attribute of one of the kinds in `want` (a bit mask of 1 << ct_di_kind) for `what`. */
static bool parse_di_attr_of(ct_parser *p, unsigned want, const char *what, MlirAttribute *out) {
  ct_parser_skip_ws(p);
  int line = p->line, col = p->col;
  if (!parse_di_attr(p, out)) return false;
  ct_di_kind k = ct_di_attr_kind(*out);
  if (!(want & (1u << k))) {
    p->line = line, p->col = col;
    return ct_parser_error_at(p, p->line, p->col, "invalid kind of attribute specified for %s", what);
  }
  return true;
}

/* `<key = value, ...>` of di_compile_unit / di_subprogram / di_lexical_block (any order, MLIR's
 * struct(params)). */
static bool parse_di_struct(ct_parser *p, ct_di_kind kind, MlirAttribute *out) {
  static const char *const keys[5][6] = {
      {0}, {0}, {"file"}, {"file", "line", "name", "linkageName", "compileUnit", "scopeLine"},
      {"scope", "file", "line", "column"}};
  static const bool optional[5][6] = {{0}, {0}, {0}, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 1}};
  MlirAttribute attrs[6] = {{NULL}};
  unsigned nums[6] = {0};
  ct_strbuf strs[6];
  for (int i = 0; i < 6; i++) ct_strbuf_init(&strs[i]);
  bool seen[6] = {0};
  bool ok = d_expect(p, "<");
  const char *mn = kind_names[kind];
  while (ok && !d_eat(p, ">")) {
    if (seen[0] || seen[1] || seen[2] || seen[3] || seen[4] || seen[5])
      if (!(ok = d_expect(p, ","))) break;
    size_t n = d_ident(p);
    int k = -1;
    for (int i = 0; i < 6 && keys[kind][i]; i++)
      if (strlen(keys[kind][i]) == n && memcmp(keys[kind][i], p->src + p->pos, n) == 0) k = i;
    if (k < 0 || seen[k]) {
      ok = ct_parser_error_at(p, p->line, p->col, "duplicate or unknown struct parameter name: %.*s", (int)n, p->src + p->pos);
      break;
    }
    seen[k] = true;
    ct_parser_advance(p, n);
    if (!(ok = d_expect(p, "="))) break;
    const char *key = keys[kind][k];
    char what[64];
    snprintf(what, sizeof what, "parameter '%s' of #cuda_tile.%s", key, mn);
    if (!strcmp(key, "file")) ok = parse_di_attr_of(p, 1u << CT_DI_FILE, what, &attrs[k]);
    else if (!strcmp(key, "compileUnit")) ok = parse_di_attr_of(p, 1u << CT_DI_COMPILE_UNIT, what, &attrs[k]);
    else if (!strcmp(key, "scope"))
      ok = parse_di_attr_of(p, (1u << CT_DI_SUBPROGRAM) | (1u << CT_DI_LEXICAL_BLOCK), what, &attrs[k]);
    else if (!strcmp(key, "name") || !strcmp(key, "linkageName")) ok = d_string(p, &strs[k]);
    else ok = d_uint(p, what, &nums[k]);
  }
  for (int i = 0; ok && i < 6 && keys[kind][i]; i++)
    if (!seen[i] && !optional[kind][i]) ok = ct_parser_error_at(p, p->line, p->col, "struct is missing required parameter: %s", keys[kind][i]);
  if (ok) {
    MlirContext ctx = p->mctx;
    if (kind == CT_DI_COMPILE_UNIT) *out = ct_di_compile_unit_get(ctx, attrs[0]);
    else if (kind == CT_DI_SUBPROGRAM)
      *out = ct_di_subprogram_get(ctx, attrs[0], nums[1], mlirStringRefCreate(strs[2].data ? strs[2].data : "", strs[2].len),
                                  mlirStringRefCreate(strs[3].data ? strs[3].data : "", strs[3].len), attrs[4], seen[5],
                                  nums[5]);
    else *out = ct_di_lexical_block_get(ctx, attrs[0], attrs[1], nums[2], seen[3], nums[3]);
  }
  for (int i = 0; i < 6; i++) ct_strbuf_free(&strs[i]);
  return ok;
}

static bool parse_di_attr1(ct_parser *p, MlirAttribute *out);

/* A di attribute: `#alias` or `#cuda_tile.di_*<...>` (nesting bounded). */
static bool parse_di_attr(ct_parser *p, MlirAttribute *out) {
  if (p->di_depth >= 200) return ct_parser_error_at(p, p->line, p->col, "debug-info attributes nested too deeply");
  p->di_depth++;
  bool ok = parse_di_attr1(p, out);
  p->di_depth--;
  return ok;
}

static bool parse_di_attr1(ct_parser *p, MlirAttribute *out) {
  if (ct_parser_peek(p) != '#') return ct_parser_error_at(p, p->line, p->col, "expected a #cuda_tile debug-info attribute");
  if (p->len - p->pos > 11 && memcmp(p->src + p->pos, "#cuda_tile.", 11) == 0) {
    int line = p->line, col = p->col;
    ct_parser_advance(p, 11);
    size_t n = 0;
    while (p->pos + n < p->len && d_is_id(p->src[p->pos + n]) && p->src[p->pos + n] != '.') n++;
    int kind = CT_DI_NONE;
    for (int k = CT_DI_FILE; k <= CT_DI_LEXICAL_BLOCK; k++)
      if (strlen(kind_names[k]) == n && memcmp(kind_names[k], p->src + p->pos, n) == 0) kind = k;
    if (kind == CT_DI_NONE) {
      p->line = line, p->col = col;
      return ct_parser_error_at(p, p->line, p->col, "expected a #cuda_tile debug-info attribute (di_file, di_compile_unit, di_subprogram, "
                      "di_lexical_block), got '#cuda_tile.%.*s'",
                   (int)n, p->src + p->pos);
    }
    ct_parser_advance(p, n);
    if (kind != CT_DI_FILE) return parse_di_struct(p, (ct_di_kind)kind, out);
    ct_strbuf name, dir;
    ct_strbuf_init(&name);
    ct_strbuf_init(&dir);
    bool ok = d_expect(p, "<") && d_string(p, &name) && d_expect(p, "in") && d_string(p, &dir) && d_expect(p, ">");
    if (ok)
      *out = ct_di_file_get(p->mctx, mlirStringRefCreate(name.data ? name.data : "", name.len),
                            mlirStringRefCreate(dir.data ? dir.data : "", dir.len));
    ct_strbuf_free(&name);
    ct_strbuf_free(&dir);
    return ok;
  }
  int line = p->line, col = p->col;
  di_alias *a = d_alias_ref(p);
  if (!a) return false;
  if (a->is_loc) {
    p->line = line, p->col = col;
    return ct_parser_error_at(p, p->line, p->col, "expected a debug-info attribute, but alias '#%.*s' is a location", (int)a->len, a->name);
  }
  *out = a->attr;
  return true;
}

/* `#cuda_tile.di_loc<LOC in SCOPE>` after the prefix `#cuda_tile.di_loc`. */
static bool parse_di_loc_body(ct_parser *p, MlirLocation *out) {
  if (!d_expect(p, "<")) return false;
  ct_parser_skip_ws(p);
  int line = p->line, col = p->col;
  MlirLocation src;
  if (d_eat(p, "loc")) {
    if (!d_expect(p, "(") || !parse_loc_inner(p, &src) || !d_expect(p, ")")) return false;
  } else if (ct_parser_peek(p) == '#') {
    if (!parse_loc_inner(p, &src)) return false;
  } else {
    return ct_parser_error_at(p, p->line, p->col, "expected a location (loc(\"file\":line:col) or #alias) in #cuda_tile.di_loc");
  }
  if (!mlirLocationIsAFileLineColRange(src)) {
    p->line = line, p->col = col;
    return ct_parser_error_at(p, p->line, p->col, "#cuda_tile.di_loc requires a FileLineColLoc source location (\"file\":line:col)");
  }
  if (!d_expect(p, "in")) return false;
  MlirAttribute scope;
  if (!parse_di_attr_of(p, (1u << CT_DI_SUBPROGRAM) | (1u << CT_DI_LEXICAL_BLOCK),
                        "the scope of #cuda_tile.di_loc (expected #cuda_tile.di_subprogram or #cuda_tile.di_lexical_block)",
                        &scope))
    return false;
  if (!d_expect(p, ">")) return false;
  *out = ct_di_loc_get(src, scope);
  return true;
}

/* The metadata attribute of `fused<...>`: a di attribute, or any attribute MLIR parses. */
static bool parse_fused_metadata(ct_parser *p, MlirAttribute *out) {
  ct_parser_skip_ws(p);
  if (p->pos < p->len && p->src[p->pos] == '#' &&
      (p->len - p->pos <= 13 || memcmp(p->src + p->pos, "#cuda_tile.di", 13) == 0 ||
       memcmp(p->src + p->pos, "#cuda_tile.", 11) != 0))
    return parse_di_attr(p, out);
  /* the text up to the matching '>' */
  size_t s = p->pos, i = p->pos;
  int depth = 0;
  while (i < p->len) {
    char ch = p->src[i];
    if (ch == '"') {
      for (i++; i < p->len && p->src[i] != '"'; i += p->src[i] == '\\' ? 2 : 1) {
      }
    } else if (ch == '<' || ch == '(' || ch == '[' || ch == '{') depth++;
    else if (ch == '>' && i > s && p->src[i - 1] == '-') {
    } else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
      if (depth == 0) break;
      depth--;
    }
    i++;
  }
  if (i == s) return ct_parser_error_at(p, p->line, p->col, "expected a fused location metadata attribute");
  *out = ct_parser_attr_at(p, p->src + s, i - s, p->line, p->col);
  if (mlirAttributeIsNull(*out)) return false;
  ct_parser_advance(p, i - s);
  return true;
}

static bool parse_loc_inner1(ct_parser *p, MlirLocation *out);

/* A location without the `loc(...)` wrapper (nesting bounded: bad input is an error, not a stack overflow). */
static bool parse_loc_inner(ct_parser *p, MlirLocation *out) {
  if (p->di_depth >= 200) return ct_parser_error_at(p, p->line, p->col, "locations nested too deeply");
  p->di_depth++;
  bool ok = parse_loc_inner1(p, out);
  p->di_depth--;
  return ok;
}

static bool parse_loc_inner1(ct_parser *p, MlirLocation *out) {
  char ch = ct_parser_peek(p);
  int line = p->line, col = p->col;
  if (ch == '#') {
    if (p->len - p->pos > 17 && memcmp(p->src + p->pos, "#cuda_tile.di_loc", 17) == 0 &&
        !d_is_id(p->src[p->pos + 17])) {
      ct_parser_advance(p, 17);
      return parse_di_loc_body(p, out);
    }
    di_alias *a = d_alias_ref(p);
    if (!a) return false;
    if (!a->is_loc) {
      p->line = line, p->col = col;
      return ct_parser_error_at(p, p->line, p->col, "expected a location, but alias '#%.*s' is an attribute", (int)a->len, a->name);
    }
    *out = a->loc;
    return true;
  }
  if (ch == '"') {
    ct_strbuf s;
    ct_strbuf_init(&s);
    bool ok = d_string(p, &s);
    MlirStringRef name = mlirStringRefCreate(s.data ? s.data : "", s.len);
    if (ok && d_eat(p, ":")) {
      unsigned l = 0, c = 0;
      ok = d_uint(p, "a line number", &l) && d_expect(p, ":") && d_uint(p, "a column number", &c);
      if (ok) *out = mlirLocationFileLineColGet(p->mctx, name, l, c);
    } else if (ok && d_eat(p, "(")) {
      MlirLocation child;
      ok = parse_loc_inner(p, &child) && d_expect(p, ")");
      if (ok) *out = mlirLocationNameGet(p->mctx, name, child);
    } else if (ok) {
      *out = mlirLocationNameGet(p->mctx, name, (MlirLocation){NULL});
    }
    ct_strbuf_free(&s);
    return ok;
  }
  if (d_eat(p, "unknown")) {
    *out = mlirLocationUnknownGet(p->mctx);
    return true;
  }
  if (d_eat(p, "callsite")) {
    MlirLocation callee, caller;
    if (!d_expect(p, "(") || !parse_loc_inner(p, &callee) || !d_expect(p, "at") || !parse_loc_inner(p, &caller) ||
        !d_expect(p, ")"))
      return false;
    *out = mlirLocationCallSiteGet(callee, caller);
    return true;
  }
  if (d_eat(p, "fused")) {
    MlirAttribute md = {NULL};
    if (d_eat(p, "<") && (!parse_fused_metadata(p, &md) || !d_expect(p, ">"))) return false;
    if (!d_expect(p, "[")) return false;
    MlirLocation *v = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    if (!d_eat(p, "]")) {
      for (;;) {
        if (n == cap) {
          cap = cap ? 2 * cap : 4;
          v = realloc(v, cap * sizeof *v);
          if (!v) abort();
        }
        if (!(ok = parse_loc_inner(p, &v[n]))) break;
        n++;
        if (d_eat(p, "]")) break;
        if (!(ok = d_expect(p, ","))) break;
      }
    }
    if (ok) *out = mlirLocationFusedGet(p->mctx, (intptr_t)n, v, md);
    free(v);
    return ok;
  }
  return ct_parser_error_at(p, p->line, p->col, "expected location instance");
}

bool ct_di_parse_trailing_loc(ct_parser *p, MlirLocation *loc) {
  if (p->failed) return false;
  ct_parser_skip_ws(p);
  if (p->len - p->pos < 4 || memcmp(p->src + p->pos, "loc(", 4) != 0) return true;
  ct_parser_advance(p, 4);
  MlirLocation l;
  if (!parse_loc_inner(p, &l) || !d_expect(p, ")")) return false;
  *loc = l;
  return true;
}

/* `#name = value` at the cursor. Values that are not ours are skipped silently (the caller's
 * skipper checks them later). */
static bool parse_alias_def(ct_parser *p) {
  ct_parser_advance(p, 1);
  size_t n = 0;
  while (p->pos + n < p->len && d_is_id(p->src[p->pos + n])) n++;
  if (!n) return ct_parser_error_at(p, p->line, p->col, "expected attribute alias name after '#'");
  const char *name = p->src + p->pos;
  int nline = p->line, ncol = p->col;
  ct_parser_advance(p, n);
  if (!d_expect(p, "=")) return false;
  ct_parser_skip_ws(p);
  di_alias a = {name, n, false, {NULL}, {NULL}};
  const char *v = p->src + p->pos;
  size_t left = p->len - p->pos;
  if (left >= 4 && memcmp(v, "loc(", 4) == 0) {
    a.is_loc = true;
    if (!ct_di_parse_trailing_loc(p, &a.loc)) return false;
  } else if (left > 17 && memcmp(v, "#cuda_tile.di_loc", 17) == 0 && !d_is_id(v[17])) {
    a.is_loc = true;
    if (!parse_loc_inner(p, &a.loc)) return false;
  } else if (left > 14 && memcmp(v, "#cuda_tile.di_", 14) == 0) {
    if (!parse_di_attr(p, &a.attr)) return false;
  } else if (left > 1 && v[0] == '#' && !(left >= 11 && memcmp(v, "#cuda_tile.", 11) == 0)) {
    /* `#other`: a copy of a debug-info alias defined above (other aliases are not ours) */
    size_t m = 0;
    while (m + 1 < left && d_is_id(v[1 + m])) m++;
    di_alias *o = alias_find(p, v + 1, m);
    if (!o) return true;
    ct_parser_advance(p, 1 + m);
    a.is_loc = o->is_loc, a.loc = o->loc, a.attr = o->attr;
  } else {
    return true; /* not a debug-info alias */
  }
  if (alias_find(p, name, n)) {
    p->line = nline, p->col = ncol;
    return ct_parser_error_at(p, p->line, p->col, "redefinition of symbol alias id '%.*s'", (int)n, name);
  }
  if (!p->di) {
    p->di = calloc(1, sizeof *p->di);
    if (!p->di) abort();
  }
  if (p->di->n == p->di->cap) {
    p->di->cap = p->di->cap ? 2 * p->di->cap : 16;
    p->di->v = realloc(p->di->v, p->di->cap * sizeof *p->di->v);
    if (!p->di->v) abort();
  }
  p->di->v[p->di->n++] = a;
  return true;
}

bool ct_di_prescan(ct_parser *p) {
  size_t save = p->pos;
  int sline = p->line, scol = p->col;
  int depth = 0, line = p->line, col = p->col;
  bool line_start = true;
  for (size_t i = p->pos; i < p->len && !p->failed;) {
    char ch = p->src[i];
    if (ch == '\n') {
      line++, col = 1, i++, line_start = true;
      continue;
    }
    if (ch == ' ' || ch == '\t' || ch == '\r') {
      col++, i++;
      continue;
    }
    if (ch == '/' && i + 1 < p->len && p->src[i + 1] == '/') {
      while (i < p->len && p->src[i] != '\n') i++;
      continue;
    }
    if (ch == '#' && line_start && depth == 0) {
      p->pos = i, p->line = line, p->col = col;
      if (!parse_alias_def(p)) break;
      i = p->pos, line = p->line, col = p->col;
      line_start = false;
      continue;
    }
    line_start = false;
    if (ch == '"') {
      i++, col++;
      while (i < p->len && p->src[i] != '"' && p->src[i] != '\n') {
        size_t step = p->src[i] == '\\' && i + 1 < p->len && p->src[i + 1] != '\n' ? 2 : 1;
        i += step, col += (int)step;
      }
      if (i < p->len && p->src[i] == '"') i++, col++;
      continue;
    }
    if (ch == '{') depth++;
    else if (ch == '}' && depth > 0) depth--;
    i++, col++;
  }
  bool ok = !p->failed;
  p->pos = save, p->line = sline, p->col = scol;
  return ok;
}

void ct_di_parser_free(ct_parser *p) {
  if (!p->di) return;
  free(p->di->v);
  free(p->di);
  p->di = NULL;
}

/* ================================================================ printer */

typedef struct di_item {
  bool is_loc;
  MlirLocation loc;
  MlirAttribute attr;
  int depth, order;
  const char *base;
  char name[48];
} di_item;

struct ct_di_printer {
  di_item *v;
  size_t n, cap;
  MlirContext ctx;
  bool have_ctx;
};

ct_di_printer *ct_di_printer_create(void) {
  ct_di_printer *dp = calloc(1, sizeof *dp);
  if (!dp) abort();
  return dp;
}

void ct_di_printer_destroy(ct_di_printer *dp) {
  if (!dp) return;
  free(dp->v);
  free(dp);
}

static const void *item_key(const di_item *it) { return it->is_loc ? it->loc.ptr : it->attr.ptr; }

static di_item *item_find(ct_di_printer *dp, bool is_loc, const void *key) {
  for (size_t i = 0; i < dp->n; i++)
    if (dp->v[i].is_loc == is_loc && item_key(&dp->v[i]) == key) return &dp->v[i];
  return NULL;
}

static size_t item_push(ct_di_printer *dp, di_item it) {
  if (dp->n == dp->cap) {
    dp->cap = dp->cap ? 2 * dp->cap : 32;
    dp->v = realloc(dp->v, dp->cap * sizeof *dp->v);
    if (!dp->v) abort();
  }
  it.order = (int)dp->n;
  dp->v[dp->n] = it;
  return dp->n++;
}

static int note_attr(ct_di_printer *dp, MlirAttribute a);

static int note_loc(ct_di_printer *dp, MlirLocation loc) {
  if (mlirLocationIsNull(loc)) return 0;
  di_item *f = item_find(dp, true, loc.ptr);
  if (f) return f->depth;
  if (!dp->have_ctx) dp->ctx = mlirLocationGetContext(loc), dp->have_ctx = true;
  size_t idx = item_push(dp, (di_item){.is_loc = true, .loc = loc, .base = "loc"});
  int d = -1;
  MlirLocation flc;
  MlirAttribute scope;
  if (ct_di_loc_split(loc, &flc, &scope)) {
    int a = note_loc(dp, flc), b = note_attr(dp, scope);
    d = a > b ? a : b;
  } else if (mlirLocationIsACallSite(loc)) {
    int a = note_loc(dp, mlirLocationCallSiteGetCallee(loc)), b = note_loc(dp, mlirLocationCallSiteGetCaller(loc));
    d = a > b ? a : b;
  } else if (mlirLocationIsAName(loc)) {
    MlirLocation ch = mlirLocationNameGetChildLoc(loc);
    if (!mlirLocationEqual(ch, mlirLocationUnknownGet(dp->ctx))) d = note_loc(dp, ch);
  } else if (mlirLocationIsAFused(loc)) {
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) abort();
    mlirLocationFusedGetLocations(loc, v);
    for (unsigned i = 0; i < n; i++) {
      int x = note_loc(dp, v[i]);
      if (x > d) d = x;
    }
    free(v);
    MlirAttribute md = mlirLocationFusedGetMetadata(loc);
    if (ct_di_attr_kind(md) != CT_DI_NONE) {
      int x = note_attr(dp, md);
      if (x > d) d = x;
    }
  }
  dp->v[idx].depth = d + 1;
  return d + 1;
}

static int note_attr(ct_di_printer *dp, MlirAttribute a) {
  di_item *f = item_find(dp, false, a.ptr);
  if (f) return f->depth;
  ct_di_node n;
  if (!ct_di_attr_get(dp->ctx, a, &n)) return 0;
  size_t idx = item_push(dp, (di_item){.is_loc = false, .attr = a, .base = kind_names[n.kind]});
  int d = -1;
  MlirAttribute kids[3] = {n.scope, n.file, n.compile_unit};
  for (int i = 0; i < 3; i++)
    if (!mlirAttributeIsNull(kids[i])) {
      int x = note_attr(dp, kids[i]);
      if (x > d) d = x;
    }
  dp->v[idx].depth = d + 1;
  return d + 1;
}

void ct_di_printer_note(ct_di_printer *dp, MlirLocation loc) { note_loc(dp, loc); }

static int item_cmp(const void *x, const void *y) {
  const di_item *a = x, *b = y;
  if (a->depth != b->depth) return a->depth < b->depth ? -1 : 1;
  int c = strcmp(a->base, b->base);
  if (c) return c;
  return a->order < b->order ? -1 : a->order > b->order;
}

void ct_di_printer_finish(ct_di_printer *dp) {
  if (dp->n) qsort(dp->v, dp->n, sizeof *dp->v, item_cmp);
  for (size_t i = 0; i < dp->n; i++) {
    int count = 0;
    for (size_t j = 0; j < i; j++) count += strcmp(dp->v[j].base, dp->v[i].base) == 0;
    if (count) snprintf(dp->v[i].name, sizeof dp->v[i].name, "%s%d", dp->v[i].base, count);
    else snprintf(dp->v[i].name, sizeof dp->v[i].name, "%s", dp->v[i].base);
  }
}

static void put_loc_ref(ct_di_printer *dp, MlirLocation loc, ct_strbuf *out);

static void put_attr_ref(ct_di_printer *dp, MlirAttribute a, ct_strbuf *out) {
  di_item *it = item_find(dp, false, a.ptr);
  if (it) ct_strbuf_printf(out, "#%s", it->name);
  else mlirAttributePrint(a, ct_strbuf_mlir_callback, out);
}

static void put_loc_ref(ct_di_printer *dp, MlirLocation loc, ct_strbuf *out) {
  di_item *it = item_find(dp, true, loc.ptr);
  if (it) ct_strbuf_printf(out, "#%s", it->name);
  else ct_strbuf_puts(out, "unknown");
}

/* The definition of a location: its own level spelled out, nested locations by alias. */
static void put_loc_def(ct_di_printer *dp, MlirLocation loc, ct_strbuf *out) {
  MlirLocation flc;
  MlirAttribute scope;
  if (ct_di_loc_split(loc, &flc, &scope)) {
    ct_strbuf_puts(out, "#cuda_tile.di_loc<");
    put_loc_ref(dp, flc, out);
    ct_strbuf_puts(out, " in ");
    put_attr_ref(dp, scope, out);
    ct_strbuf_putc(out, '>');
    return;
  }
  ct_strbuf_puts(out, "loc(");
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef f = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    put_escaped(out, f.data, f.length);
    ct_strbuf_printf(out, ":%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
                     mlirLocationFileLineColRangeGetStartColumn(loc));
  } else if (mlirLocationIsACallSite(loc)) {
    ct_strbuf_puts(out, "callsite(");
    put_loc_ref(dp, mlirLocationCallSiteGetCallee(loc), out);
    ct_strbuf_puts(out, " at ");
    put_loc_ref(dp, mlirLocationCallSiteGetCaller(loc), out);
    ct_strbuf_putc(out, ')');
  } else if (mlirLocationIsAName(loc)) {
    MlirStringRef s = mlirIdentifierStr(mlirLocationNameGetName(loc));
    put_escaped(out, s.data, s.length);
    MlirLocation ch = mlirLocationNameGetChildLoc(loc);
    if (!mlirLocationEqual(ch, mlirLocationUnknownGet(dp->ctx))) {
      ct_strbuf_putc(out, '(');
      put_loc_ref(dp, ch, out);
      ct_strbuf_putc(out, ')');
    }
  } else if (mlirLocationIsAFused(loc)) {
    ct_strbuf_puts(out, "fused");
    MlirAttribute md = mlirLocationFusedGetMetadata(loc);
    if (!mlirAttributeIsNull(md)) {
      ct_strbuf_putc(out, '<');
      put_attr_ref(dp, md, out);
      ct_strbuf_putc(out, '>');
    }
    ct_strbuf_putc(out, '[');
    unsigned n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *v = malloc((n ? n : 1) * sizeof *v);
    if (!v) abort();
    mlirLocationFusedGetLocations(loc, v);
    for (unsigned i = 0; i < n; i++) {
      if (i) ct_strbuf_puts(out, ", ");
      put_loc_ref(dp, v[i], out);
    }
    free(v);
    ct_strbuf_putc(out, ']');
  } else {
    ct_strbuf_puts(out, "unknown");
  }
  ct_strbuf_putc(out, ')');
}

static void put_attr_def(ct_di_printer *dp, MlirAttribute a, ct_strbuf *out) {
  ct_di_node n;
  if (!ct_di_attr_get(dp->ctx, a, &n)) {
    mlirAttributePrint(a, ct_strbuf_mlir_callback, out);
    return;
  }
  ct_strbuf_printf(out, "#cuda_tile.%s<", kind_names[n.kind]);
  switch (n.kind) {
  case CT_DI_FILE:
    ct_strbuf_printf(out, "\"%.*s\" in \"%.*s\"", (int)n.name.length, n.name.data, (int)n.dir_or_linkage.length,
                     n.dir_or_linkage.data);
    break;
  case CT_DI_COMPILE_UNIT:
    ct_strbuf_puts(out, "file = ");
    put_attr_ref(dp, n.file, out);
    break;
  case CT_DI_SUBPROGRAM:
    ct_strbuf_puts(out, "file = ");
    put_attr_ref(dp, n.file, out);
    ct_strbuf_printf(out, ", line = %u, name = \"%.*s\", linkageName = \"%.*s\", compileUnit = ", n.line,
                     (int)n.name.length, n.name.data, (int)n.dir_or_linkage.length, n.dir_or_linkage.data);
    put_attr_ref(dp, n.compile_unit, out);
    if (n.has_extra) ct_strbuf_printf(out, ", scopeLine = %u", n.extra);
    break;
  case CT_DI_LEXICAL_BLOCK:
    ct_strbuf_puts(out, "scope = ");
    put_attr_ref(dp, n.scope, out);
    ct_strbuf_puts(out, ", file = ");
    put_attr_ref(dp, n.file, out);
    ct_strbuf_printf(out, ", line = %u", n.line);
    if (n.has_extra) ct_strbuf_printf(out, ", column = %u", n.extra);
    break;
  default:
    break;
  }
  ct_strbuf_putc(out, '>');
}

void ct_di_printer_use(ct_di_printer *dp, MlirLocation loc, ct_strbuf *out) {
  if (mlirLocationIsNull(loc)) return;
  ct_strbuf_puts(out, " loc(");
  put_loc_ref(dp, loc, out);
  ct_strbuf_putc(out, ')');
}

void ct_di_printer_defs(ct_di_printer *dp, ct_strbuf *out) {
  for (size_t i = 0; i < dp->n; i++) {
    ct_strbuf_printf(out, "#%s = ", dp->v[i].name);
    if (dp->v[i].is_loc) put_loc_def(dp, dp->v[i].loc, out);
    else put_attr_def(dp, dp->v[i].attr, out);
    ct_strbuf_putc(out, '\n');
  }
}

/* parser: CUDA Tile IR text -> MLIR (unregistered cuda_tile ops, docs/ir.md).
 *
 * Algorithm: a hand-written recursive-descent parser working directly on the source bytes (the
 * "lexer" is the set of skip/peek/eat helpers at the top). Pretty ops are parsed by interpreting
 * the op's assembly format from dialect/cuda_tile_ops.def (see ops.h); a few ops with irregular
 * syntax (module, entry/testing$func, constant, global, for, loop, if, reduce/scan,
 * make_tensor_view) have custom routines. Trailing `loc(...)` (ops, modules, kernel and block
 * arguments) and top-level `#alias = ...` debug-info definitions are parsed by debuginfo.c into
 * real locations (docs/debuginfo.md); an op without `loc(...)` is located at its source position;
 * other top-level aliases are checked for balance and dropped. A bare `ptr<T>` type becomes the opaque
 * type `!cuda_tile.ptr<T>` (not a ct_type). MLIR's own attribute/type parse errors are re-located
 * to the source position (capture_mlir_diag).
 * The generic form `"name"(operands) <{props}> ({regions}) {attrs} : (types) -> types` is parsed
 * for any op name. Attribute values are handed to mlirAttributeParseGet on their text span;
 * `dense<...> : !cuda_tile.tile<...>` spans are rewritten to `tensor<...>`. SSA names live in a
 * hash table with scope marks (values of enclosing regions stay visible). Every error is reported
 * as `file:line:col: error: ...` and parsing stops; the partial module is destroyed.
 * Knobs: none. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/debuginfo.h"
#include "frontend/frontend.h"
#include "frontend/parser_core.h"

/* ---------------------------------------------------------------- lexing helpers */

static bool perr(ct_parser *p, const char *fmt, ...) CT_PRINTF(2, 3);
static bool perr(ct_parser *p, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  ct_diag_vemit(p->c, CT_DIAG_ERROR, p->file, p->line, p->col, fmt, ap);
  va_end(ap);
  return false;
}

/* The decimal integer written in src[start, pos) (an optional '-' then digits; the caller has
 * scanned it). Saturates instead of overflowing; the source is not NUL-terminated, so no strtoll. */
static long long span_int(const ct_parser *p, size_t start) {
  size_t i = start;
  bool neg = i < p->pos && p->src[i] == '-';
  if (neg) i++;
  unsigned long long v = 0;
  for (; i < p->pos && p->src[i] >= '0' && p->src[i] <= '9'; i++) {
    unsigned digit = (unsigned)(p->src[i] - '0');
    v = v > (0x7fffffffffffffffull - digit) / 10 ? 0x7fffffffffffffffull : v * 10 + digit;
  }
  return neg ? -(long long)v : (long long)v;
}

bool ct_parser_error_at(ct_parser *p, int line, int col, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  ct_diag_vemit(p->c, CT_DIAG_ERROR, p->file, line, col, fmt, ap);
  va_end(ap);
  return false;
}

void ct_parser_advance(ct_parser *p, size_t n) {
  while (n-- && p->pos < p->len) {
    if (p->src[p->pos] == '\n') p->line++, p->col = 1;
    else p->col++;
    p->pos++;
  }
}

void ct_parser_skip_ws(ct_parser *p) {
  while (p->pos < p->len) {
    char ch = p->src[p->pos];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') ct_parser_advance(p, 1);
    else if (ch == '/' && p->pos + 1 < p->len && p->src[p->pos + 1] == '/') {
      while (p->pos < p->len && p->src[p->pos] != '\n') ct_parser_advance(p, 1);
    } else break;
  }
}

char ct_parser_peek(ct_parser *p) {
  ct_parser_skip_ws(p);
  return p->pos < p->len ? p->src[p->pos] : 0;
}

static bool peek_str(ct_parser *p, const char *s) {
  ct_parser_skip_ws(p);
  size_t n = strlen(s);
  return p->len - p->pos >= n && memcmp(p->src + p->pos, s, n) == 0;
}

static bool is_id_start(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static bool is_id_char(char ch) { return is_id_start(ch) || (ch >= '0' && ch <= '9') || ch == '$' || ch == '.'; }

static bool eat_punct(ct_parser *p, const char *s) {
  if (!peek_str(p, s)) return false;
  ct_parser_advance(p, strlen(s));
  return true;
}

static bool expect_punct(ct_parser *p, const char *s) {
  if (eat_punct(p, s)) return true;
  if (p->pos >= p->len) return perr(p, "expected '%s', got end of input", s);
  return perr(p, "expected '%s'", s);
}

/* Identifier (may contain '.', '$'); returns length (0 if none), no consumption when peeking. */
static size_t ident_len(ct_parser *p) {
  ct_parser_skip_ws(p);
  size_t j = p->pos;
  if (j >= p->len || !is_id_start(p->src[j])) return 0;
  while (j < p->len && is_id_char(p->src[j])) j++;
  return j - p->pos;
}

static bool peek_kw(ct_parser *p, const char *kw) {
  size_t n = ident_len(p);
  return n == strlen(kw) && memcmp(p->src + p->pos, kw, n) == 0;
}

static bool eat_kw(ct_parser *p, const char *kw) {
  if (!peek_kw(p, kw)) return false;
  ct_parser_advance(p, strlen(kw));
  return true;
}

static bool expect_kw(ct_parser *p, const char *kw) {
  if (eat_kw(p, kw)) return true;
  return perr(p, "expected '%s'", kw);
}

/* The span of a balanced <...> / (...) / [...] / {...} group starting at the cursor. */
static bool balanced_span(ct_parser *p, size_t *end) {
  size_t j = p->pos;
  int depth = 0;
  bool in_str = false;
  for (; j < p->len; j++) {
    char ch = p->src[j];
    if (in_str) {
      if (ch == '\\') j++;
      else if (ch == '"') in_str = false;
      continue;
    }
    if (ch == '"') in_str = true;
    else if (ch == '<' || ch == '(' || ch == '[' || ch == '{') depth++;
    else if (ch == '>' && j > 0 && p->src[j - 1] == '-') continue; /* -> */
    else if (ch == '>' || ch == ')' || ch == ']' || ch == '}') {
      if (--depth == 0) {
        *end = j + 1;
        return true;
      }
      if (depth < 0) break;
    }
  }
  return perr(p, "unbalanced brackets");
}

static MlirLocation loc_here(ct_parser *p) {
  return mlirLocationFileLineColGet(p->mctx, mlirStringRefCreateFromCString(p->file), (unsigned)p->line,
                                    (unsigned)p->col);
}

/* ---------------------------------------------------------------- SSA scopes */

static size_t hash_name(const char *s, size_t n) {
  size_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static void ssa_rehash(ct_parser *p) {
  size_t nb = p->nbuckets ? p->nbuckets * 2 : 256;
  free(p->buckets);
  p->buckets = malloc(nb * sizeof *p->buckets);
  if (!p->buckets) abort();
  for (size_t i = 0; i < nb; i++) p->buckets[i] = -1;
  p->nbuckets = nb;
  for (size_t i = 0; i < p->nents; i++) {
    size_t b = hash_name(p->ents[i].name, p->ents[i].len) & (nb - 1);
    p->ents[i].next = p->buckets[b];
    p->buckets[b] = (int)i;
  }
}

static ct_ssa_entry *ssa_find(ct_parser *p, const char *name, size_t len) {
  if (!p->nbuckets) return NULL;
  for (int i = p->buckets[hash_name(name, len) & (p->nbuckets - 1)]; i >= 0; i = p->ents[i].next)
    if (p->ents[i].len == len && memcmp(p->ents[i].name, name, len) == 0) return &p->ents[i];
  return NULL;
}

static bool ssa_define(ct_parser *p, const char *name, size_t len, MlirValue v, MlirOperation op, int start, int count,
                       int line, int col) {
  if (ssa_find(p, name, len)) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "redefinition of SSA value '%%%.*s'", (int)len, name);
    p->failed = true;
    return false;
  }
  if (p->nents == p->cap) {
    p->cap = p->cap ? p->cap * 2 : 256;
    p->ents = realloc(p->ents, p->cap * sizeof *p->ents);
    if (!p->ents) abort();
  }
  if (p->nents * 2 >= p->nbuckets) ssa_rehash(p);
  size_t b = hash_name(name, len) & (p->nbuckets - 1);
  p->ents[p->nents] = (ct_ssa_entry){name, len, v, op, start, count, p->buckets[b]};
  p->buckets[b] = (int)p->nents;
  p->nents++;
  return true;
}

static void ssa_pop_to(ct_parser *p, size_t mark) {
  while (p->nents > mark) {
    ct_ssa_entry *e = &p->ents[--p->nents];
    size_t b = hash_name(e->name, e->len) & (p->nbuckets - 1);
    p->buckets[b] = e->next;
  }
}

/* `%name` or `%name#k`: the name span (without '%'). */
static bool parse_value_name(ct_parser *p, const char **name, size_t *len, int *index) {
  ct_parser_skip_ws(p);
  if (p->pos >= p->len || p->src[p->pos] != '%') return perr(p, "expected SSA value");
  size_t j = p->pos + 1;
  while (j < p->len && (is_id_char(p->src[j]) || p->src[j] == '-') && p->src[j] != '.') j++;
  if (j == p->pos + 1) return perr(p, "expected SSA value name");
  *name = p->src + p->pos + 1;
  *len = j - p->pos - 1;
  *index = -1;
  ct_parser_advance(p, j - p->pos);
  if (p->pos < p->len && p->src[p->pos] == '#') {
    ct_parser_advance(p, 1);
    int k = 0;
    size_t s = p->pos;
    while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') k = k * 10 + (p->src[p->pos] - '0'), ct_parser_advance(p, 1);
    if (p->pos == s) return perr(p, "expected result number after '#'");
    *index = k;
  }
  return true;
}

static bool parse_operand(ct_parser *p, MlirValue *out) {
  ct_parser_skip_ws(p);
  int line = p->line, col = p->col;
  const char *name;
  size_t len;
  int index;
  if (!parse_value_name(p, &name, &len, &index)) return false;
  ct_ssa_entry *e = ssa_find(p, name, len);
  if (!e) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "use of undefined value '%%%.*s'", (int)len, name);
    p->failed = true;
    return false;
  }
  if (mlirOperationIsNull(e->op)) {
    if (index > 0) return perr(p, "block argument '%%%.*s' has no result #%d", (int)len, name, index);
    *out = e->first;
    return true;
  }
  int k = index < 0 ? 0 : index;
  if (k >= e->count) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "result #%d of '%%%.*s' does not exist (it has %d)", k, (int)len,
                 name, e->count);
    p->failed = true;
    return false;
  }
  *out = mlirOperationGetResult(e->op, e->start + k);
  return true;
}

/* ---------------------------------------------------------------- types and attributes */

/* MLIR's own parse errors (attributes, builtin types) are located in the string we hand to MLIR;
 * while a capture is attached they are re-emitted at the right place of the source file. */
typedef struct mlir_diag_capture {
  ct_parser *p;
  int line, col; /* source position of the first byte of the text given to MLIR */
  int prefix;    /* bytes of synthetic text before the user's text on its first line */
  bool reported;
} mlir_diag_capture;

static MlirLogicalResult capture_mlir_diag(MlirDiagnostic d, void *user) {
  mlir_diag_capture *cap = user;
  if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError || cap->reported) return mlirLogicalResultSuccess();
  ct_strbuf msg;
  ct_strbuf_init(&msg);
  mlirDiagnosticPrint(d, ct_strbuf_mlir_callback, &msg);
  int line = cap->line, col = cap->col, dline = 0, dcol = 0;
  const char *f;
  size_t fl;
  if (ct_location_resolve(mlirDiagnosticGetLocation(d), &f, &fl, &dline, &dcol)) {
    if (dline <= 1) col += dcol - 1 - cap->prefix > 0 ? dcol - 1 - cap->prefix : 0;
    else line += dline - 1, col = dcol;
  }
  ct_diag_emit(cap->p->c, CT_DIAG_ERROR, cap->p->file, line, col, "%s", msg.data ? msg.data : "invalid attribute");
  ct_strbuf_free(&msg);
  cap->p->failed = true;
  cap->reported = true;
  return mlirLogicalResultSuccess();
}

/* Parse a type at the cursor: cuda_tile types (prefix optional) or builtin types (via MLIR). */
static bool parse_type(ct_parser *p, MlirType *out) {
  ct_parser_skip_ws(p);
  int line = p->line, col = p->col;
  size_t start = p->pos, j = p->pos;
  if (j < p->len && p->src[j] == '!') {
    j++;
  }
  while (j < p->len && is_id_char(p->src[j])) j++;
  if (j == start) return perr(p, "expected type");
  size_t end = j;
  if (j < p->len && p->src[j] == '<') {
    size_t save = p->pos;
    p->pos = j;
    if (!balanced_span(p, &end)) return false;
    p->pos = save;
  }
  const char *t = p->src + start;
  size_t tl = end - start;
  bool ct = false;
  if (tl > 11 && memcmp(t, "!cuda_tile.", 11) == 0) ct = true;
  else if (t[0] != '!') {
    static const char *const kws[] = {"tile", "tensor_view", "partition_view", "strided_view", "gather_scatter_view", "token",
                                      "ptr"};
    for (size_t k = 0; k < sizeof kws / sizeof kws[0]; k++) {
      size_t kl = strlen(kws[k]);
      if (tl >= kl && memcmp(t, kws[k], kl) == 0 && (tl == kl || t[kl] == '<')) ct = true;
    }
  }
  if (ct) {
    /* a bare `ptr<T>` is checked as the element of `tile<ptr<T>>` and kept as the opaque type ptr<T> */
    size_t body = tl > 11 && memcmp(t, "!cuda_tile.", 11) == 0 ? 11 : 0;
    bool bare_ptr = tl - body > 4 && memcmp(t + body, "ptr<", 4) == 0;
    ct_strbuf text;
    ct_strbuf_init(&text);
    if (bare_ptr) ct_strbuf_puts(&text, "tile<");
    ct_strbuf_append(&text, t + body, tl - body);
    if (bare_ptr) ct_strbuf_putc(&text, '>');
    size_t shift = bare_ptr ? 5 : 0;
    ct_type ty;
    ct_strbuf err;
    ct_strbuf_init(&err);
    size_t off = 0;
    bool ok = ct_type_parse(text.data, text.len, &ty, &err, &off);
    ct_strbuf_free(&text);
    if (ok && bare_ptr && (ty.rank != 0 || ty.elem != CT_PTR)) {
      ct_strbuf_puts(&err, "expected a pointer type 'ptr<element>'");
      ok = false, off = shift;
    }
    if (ok && !bare_ptr && !ct_type_verify(&ty, &err)) ok = false, off = shift;
    if (!ok) {
      /* position of the problem inside the type (single line types) */
      size_t at = off >= shift ? off - shift + body : body;
      ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col + (int)at, "%s", err.data ? err.data : "invalid type");
      ct_strbuf_free(&err);
      p->failed = true;
      return false;
    }
    ct_strbuf_free(&err);
    if (bare_ptr) {
      char pt[64];
      int n = snprintf(pt, sizeof pt, "ptr<%s>", ct_elem_name(ty.pointee));
      *out = mlirOpaqueTypeGet(p->mctx, mlirStringRefCreateFromCString("cuda_tile"), mlirStringRefCreate(pt, (size_t)n));
    } else {
      *out = ct_type_to_mlir(p->mctx, &ty);
    }
  } else {
    char *buf = malloc(tl + 1);
    if (!buf) abort();
    memcpy(buf, t, tl);
    buf[tl] = 0;
    mlir_diag_capture cap = {p, line, col, 0, false};
    MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(p->mctx, capture_mlir_diag, &cap, NULL);
    *out = mlirTypeParseGet(p->mctx, mlirStringRefCreate(buf, tl));
    mlirContextDetachDiagnosticHandler(p->mctx, id);
    free(buf);
    if (mlirTypeIsNull(*out)) {
      if (!cap.reported) perr(p, "invalid type '%.*s'", (int)tl, t);
      p->failed = true;
      return false;
    }
  }
  ct_parser_advance(p, end - start);
  return true;
}

/* Copy an attribute text span, rewriting `dense<...> : !cuda_tile.tile<S x E>` to tensor<...>. */
static char *rewrite_dense(const char *s, size_t n) {
  ct_strbuf out;
  ct_strbuf_init(&out);
  size_t i = 0;
  while (i < n) {
    if (n - i > 17 && memcmp(s + i, "!cuda_tile.tile<", 16) == 0) {
      /* only when preceded by `: ` after a dense literal */
      size_t k = out.len;
      while (k > 0 && (out.data[k - 1] == ' ')) k--;
      if (k > 0 && out.data[k - 1] == ':') {
        ct_strbuf_puts(&out, "tensor<");
        i += 16;
        continue;
      }
    }
    ct_strbuf_putc(&out, s[i]);
    i++;
  }
  return ct_strbuf_take(&out);
}

/* Line and column of src[off] (off >= p->pos), without moving the cursor. */
static void pos_linecol(const ct_parser *p, size_t off, int *line, int *col) {
  *line = p->line, *col = p->col;
  for (size_t i = p->pos; i < off && i < p->len; i++) {
    if (p->src[i] == '\n') ++*line, *col = 1;
    else ++*col;
  }
}

/* mlirAttributeParseGet on NUL-terminated txt whose user part starts at (line, col) after `prefix`
 * synthetic bytes; errors are reported at the source position. */
static MlirAttribute parse_attr_located(ct_parser *p, const char *txt, size_t n, int line, int col, int prefix) {
  /* MLIR converts integer digits with repeated APInt multiplies (quadratic in the length) and parses
   * nested attributes recursively: reject a huge number (instead of hanging) or a deep nesting
   * (instead of overflowing the stack) up front. Quoted strings are skipped. */
  for (size_t k = 0, run = 0, depth = 0; k < n; k++) {
    char ch = txt[k];
    if (ch == '"') {
      for (k++; k < n && txt[k] != '"'; k++)
        if (txt[k] == '\\') k++;
      run = 0;
    } else if (ch == '[' || ch == '{' || ch == '(') {
      run = 0;
      if (++depth > 256) {
        ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "attribute nested too deeply (at most 256 levels)");
        p->failed = true;
        return (MlirAttribute){NULL};
      }
    } else if (ch == ']' || ch == '}' || ch == ')') {
      run = 0;
      if (depth) depth--;
    } else if (isalnum((unsigned char)ch) || ch == '_' || ch == '.') {
      if (run || isdigit((unsigned char)ch)) run++;
      if (run > 1000) {
        ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "numeric literal too long (more than 1000 characters)");
        p->failed = true;
        return (MlirAttribute){NULL};
      }
    } else {
      run = 0;
    }
  }
  mlir_diag_capture cap = {p, line, col, prefix, false};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(p->mctx, capture_mlir_diag, &cap, NULL);
  MlirAttribute a = mlirAttributeParseGet(p->mctx, mlirStringRefCreate(txt, n));
  mlirContextDetachDiagnosticHandler(p->mctx, id);
  if (mlirAttributeIsNull(a) && !cap.reported) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "invalid attribute '%.*s'", (int)(n < 80 ? n : 80), txt);
    p->failed = true;
  }
  return a;
}

MlirAttribute ct_parser_attr_at(ct_parser *p, const char *s, size_t n, int line, int col) {
  char *t = malloc(n + 1);
  if (!t) abort();
  memcpy(t, s, n);
  t[n] = 0;
  MlirAttribute a = parse_attr_located(p, t, n, line, col, 0);
  free(t);
  if (mlirAttributeIsNull(a)) p->failed = true;
  return a;
}

static bool parse_attr_text(ct_parser *p, const char *s, size_t n, MlirAttribute *out) {
  char *txt = rewrite_dense(s, n);
  int line, col;
  pos_linecol(p, (size_t)(s - p->src), &line, &col);
  *out = parse_attr_located(p, txt, strlen(txt), line, col, 0);
  free(txt);
  if (mlirAttributeIsNull(*out)) {
    p->failed = true;
    return false;
  }
  return true;
}

/* ---------------------------------------------------------------- op building */

typedef struct op_builder {
  const char *name;
  MlirLocation loc;
  MlirValue operands[512];
  int nops;
  int group_size[CT_MAX_GROUPS];
  MlirType results[64];
  int nres;
  MlirNamedAttribute attrs[32];
  int nattrs;
  MlirRegion regions[4];
  int nregions;
} op_builder;

static void ob_attr(ct_parser *p, op_builder *b, const char *name, MlirAttribute a) {
  MlirIdentifier id = mlirIdentifierGet(p->mctx, mlirStringRefCreateFromCString(name));
  for (int i = 0; i < b->nattrs; i++)
    if (mlirIdentifierEqual(b->attrs[i].name, id)) {
      b->attrs[i].attribute = a;
      return;
    }
  if (b->nattrs < 32) b->attrs[b->nattrs++] = mlirNamedAttributeGet(id, a);
  else perr(p, "too many attributes");
}

static bool ob_has_attr(ct_parser *p, op_builder *b, const char *name) {
  MlirIdentifier id = mlirIdentifierGet(p->mctx, mlirStringRefCreateFromCString(name));
  for (int i = 0; i < b->nattrs; i++)
    if (mlirIdentifierEqual(b->attrs[i].name, id)) return true;
  return false;
}

static bool ob_operand(ct_parser *p, op_builder *b, int group, MlirValue v) {
  if (b->nops >= 512) return perr(p, "too many operands");
  b->operands[b->nops++] = v;
  if (group >= 0 && group < CT_MAX_GROUPS) b->group_size[group]++;
  return true;
}

static MlirAttribute opaque_attr(ct_parser *p, const char *text, size_t n) {
  return mlirOpaqueAttrGet(p->mctx, mlirStringRefCreateFromCString("cuda_tile"), (intptr_t)n, text,
                           mlirNoneTypeGet(p->mctx));
}

static MlirAttribute enum_attr(ct_parser *p, ct_attr_kind k, int value) {
  int n;
  const char *const *names = ct_attr_kind_names(k, &n);
  const char *mn = ct_attr_kind_mnemonic(k);
  if (!mn) return mlirIntegerAttrGet(mlirIntegerTypeGet(p->mctx, 32), value);
  char buf[96];
  int len = snprintf(buf, sizeof buf, "%s<%s>", mn, names[value]);
  return opaque_attr(p, buf, (size_t)len);
}

/* An optional `{name = attr, ...}` dictionary: its entries become attributes of the op. */
static bool parse_attr_dict_into(ct_parser *p, op_builder *b) {
  if (ct_parser_peek(p) != '{') return true;
  size_t end;
  if (!balanced_span(p, &end)) return false;
  MlirAttribute dict;
  if (!parse_attr_text(p, p->src + p->pos, end - p->pos, &dict)) return false;
  if (!mlirAttributeIsADictionary(dict)) return perr(p, "expected attribute dictionary");
  for (intptr_t a = 0; a < mlirDictionaryAttrGetNumElements(dict); a++) {
    MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, a);
    MlirStringRef an = mlirIdentifierStr(na.name);
    char abuf[128];
    snprintf(abuf, sizeof abuf, "%.*s", (int)an.length, an.data);
    ob_attr(p, b, abuf, na.attribute);
  }
  ct_parser_advance(p, end - p->pos);
  return true;
}

/* Result names on the left-hand side of an op. */
typedef struct lhs_names {
  struct {
    const char *name;
    size_t len;
    int count, line, col;
  } v[64];
  int n, total;
} lhs_names;

static MlirOperation ob_create(ct_parser *p, op_builder *b, const ct_op_info *info, MlirBlock block, lhs_names *lhs) {
  MlirOperation null_op = {NULL};
  if (p->failed) {
    for (int r = 0; r < b->nregions; r++) mlirRegionDestroy(b->regions[r]);
    b->nregions = 0;
    return null_op;
  }
  if (info && info->has_segments && !ob_has_attr(p, b, "operandSegmentSizes")) {
    int32_t seg[CT_MAX_GROUPS];
    for (int g = 0; g < info->noperands; g++) seg[g] = b->group_size[g];
    ob_attr(p, b, "operandSegmentSizes", mlirDenseI32ArrayGet(p->mctx, info->noperands, seg));
  }
  if (lhs && lhs->n && lhs->total != b->nres) {
    if (b->nres == 0) ct_parser_error_at(p, lhs->v[0].line, lhs->v[0].col, "cannot name an operation with no results");
    else
      ct_parser_error_at(p, lhs->v[0].line, lhs->v[0].col, "operation defines %d results but was provided %d to bind", b->nres,
              lhs->total);
    for (int r = 0; r < b->nregions; r++) mlirRegionDestroy(b->regions[r]);
    b->nregions = 0;
    return null_op;
  }
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(b->name), b->loc);
  mlirOperationStateAddOperands(&st, b->nops, b->operands);
  mlirOperationStateAddResults(&st, b->nres, b->results);
  mlirOperationStateAddAttributes(&st, b->nattrs, b->attrs);
  mlirOperationStateAddOwnedRegions(&st, b->nregions, b->regions);
  b->nregions = 0;
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(block, op);
  if (lhs) {
    int start = 0;
    for (int i = 0; i < lhs->n; i++) {
      MlirValue nv = {NULL};
      if (!ssa_define(p, lhs->v[i].name, lhs->v[i].len, nv, op, start, lhs->v[i].count, lhs->v[i].line, lhs->v[i].col))
        return null_op;
      start += lhs->v[i].count;
    }
  }
  return op;
}

static bool parse_type_list(ct_parser *p, MlirType *types, int *n, int cap);
static bool parse_op(ct_parser *p, MlirBlock block);
static bool parse_region_body(ct_parser *p, MlirRegion region, int nargs, const MlirType *arg_types,
                              const char *const *arg_names, const size_t *arg_lens, const int *arg_lines,
                              const int *arg_cols, bool allow_block_header);

static bool parse_region_body_nested(ct_parser *p, MlirRegion region, int nargs, const MlirType *arg_types,
                                     const char *const *arg_names, const size_t *arg_lens, const int *arg_lines,
                                     const int *arg_cols, bool allow_block_header);

/* Region nesting is bounded (as in the bytecode reader) so that the recursive descent, and the
 * recursive walks of later passes, cannot overflow the stack on adversarial input. */
#define CT_MAX_REGION_DEPTH 256

/* Parse `{ ops }` into a new single-block region; block arguments given by the caller. */
static bool parse_region_body(ct_parser *p, MlirRegion region, int nargs, const MlirType *arg_types,
                              const char *const *arg_names, const size_t *arg_lens, const int *arg_lines,
                              const int *arg_cols, bool allow_block_header) {
  if (p->region_depth >= CT_MAX_REGION_DEPTH) {
    p->arg_locs = NULL;
    return perr(p, "regions nested too deeply (at most 256 levels)");
  }
  p->region_depth++;
  bool ok = parse_region_body_nested(p, region, nargs, arg_types, arg_names, arg_lens, arg_lines, arg_cols,
                                     allow_block_header);
  p->region_depth--;
  return ok;
}

static bool parse_region_body_nested(ct_parser *p, MlirRegion region, int nargs, const MlirType *arg_types,
                                     const char *const *arg_names, const size_t *arg_lens, const int *arg_lines,
                                     const int *arg_cols, bool allow_block_header) {
  const MlirLocation *given = p->arg_locs; /* explicit `loc(...)` of entry arguments */
  p->arg_locs = NULL;
  if (!expect_punct(p, "{")) return false;
  if (allow_block_header && nargs == 0 && eat_punct(p, "}")) return true; /* generic `{}`: a region without blocks */
  size_t mark = p->nents;
  MlirType types[64];
  MlirLocation locs[64];
  const char *names[64];
  size_t lens[64];
  int lines[64], cols[64];
  int n = nargs;
  for (int i = 0; i < nargs && i < 64; i++) {
    types[i] = arg_types[i];
    locs[i] = given && !mlirLocationIsNull(given[i]) ? given[i] : loc_here(p);
    names[i] = arg_names ? arg_names[i] : NULL;
    lens[i] = arg_lens ? arg_lens[i] : 0;
    lines[i] = arg_lines ? arg_lines[i] : p->line;
    cols[i] = arg_cols ? arg_cols[i] : p->col;
  }
  if (allow_block_header && ct_parser_peek(p) == '^') {
    /* ^bb0(%a: T, ...): */
    ct_parser_advance(p, 1);
    while (p->pos < p->len && is_id_char(p->src[p->pos])) ct_parser_advance(p, 1);
    n = 0;
    if (eat_punct(p, "(")) {
      if (!eat_punct(p, ")")) {
        for (;;) {
          ct_parser_skip_ws(p);
          lines[n] = p->line, cols[n] = p->col;
          int idx;
          if (!parse_value_name(p, &names[n], &lens[n], &idx)) return false;
          if (!expect_punct(p, ":") || !parse_type(p, &types[n])) return false;
          locs[n] = loc_here(p);
          if (!ct_di_parse_trailing_loc(p, &locs[n])) return false;
          if (++n >= 64) return perr(p, "too many block arguments");
          if (eat_punct(p, ")")) break;
          if (!expect_punct(p, ",")) return false;
        }
      }
    }
    if (!expect_punct(p, ":")) return false;
  }
  MlirBlock block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(region, block);
  for (int i = 0; i < n; i++)
    if (names[i] && !ssa_define(p, names[i], lens[i], mlirBlockGetArgument(block, i), (MlirOperation){NULL}, 0, 1,
                                lines[i], cols[i]))
      return false;
  while (!p->failed) {
    char ch = ct_parser_peek(p);
    if (ch == '}') break;
    if (!ch) return perr(p, "expected '}' at end of region, got end of input");
    if (ch == '^') return perr(p, "multiple blocks in a region are not supported");
    if (!parse_op(p, block)) return false;
  }
  if (!expect_punct(p, "}")) return false;
  ssa_pop_to(p, mark);
  return true;
}

/* ---------------------------------------------------------------- generic form */

static bool parse_generic_op(ct_parser *p, MlirBlock block, lhs_names *lhs, MlirLocation loc) {
  ct_parser_skip_ws(p);
  size_t s = p->pos + 1, j = s;
  while (j < p->len && p->src[j] != '"' && p->src[j] != '\n') j++;
  if (j >= p->len || p->src[j] != '"') return perr(p, "unterminated operation name");
  char name[128];
  if (j - s >= sizeof name) return perr(p, "operation name too long");
  memcpy(name, p->src + s, j - s);
  name[j - s] = 0;
  if (strncmp(name, "cuda_tile.", 10) == 0 && !ct_op_info_by_name(name, strlen(name)))
    return perr(p, "unknown operation '%s'", name);
  const ct_op_info *info = strncmp(name, "cuda_tile.", 10) == 0 ? ct_op_info_by_name(name, strlen(name)) : NULL;
  ct_parser_advance(p, j + 1 - p->pos);
  op_builder *b = calloc(1, sizeof *b);
  if (!b) abort();
  b->name = name;
  b->loc = loc;
  bool ok = expect_punct(p, "(");
  if (ok && !eat_punct(p, ")")) {
    for (;;) {
      MlirValue v;
      if (!(ok = parse_operand(p, &v))) break;
      ob_operand(p, b, -1, v);
      if (eat_punct(p, ")")) break;
      if (!(ok = expect_punct(p, ","))) break;
    }
  }
  /* properties and attribute dictionaries */
  for (int pass = 0; ok && pass < 3; pass++) {
    bool props = peek_str(p, "<{");
    if (props) ct_parser_advance(p, 1);
    if (pass == 1 && !props && peek_str(p, "({")) {
      ct_parser_advance(p, 1);
      while (ok) {
        if (b->nregions >= 4) {
          ok = perr(p, "too many regions");
          break;
        }
        MlirRegion r = mlirRegionCreate();
        b->regions[b->nregions++] = r;
        if (!(ok = parse_region_body(p, r, 0, NULL, NULL, NULL, NULL, NULL, true))) break;
        if (eat_punct(p, ")")) break;
        if (!(ok = expect_punct(p, ","))) break;
      }
      continue;
    }
    if (props || (pass != 0 && ct_parser_peek(p) == '{')) {
      ct_parser_skip_ws(p);
      size_t end;
      if (!(ok = balanced_span(p, &end))) break;
      MlirAttribute dict;
      if (!(ok = parse_attr_text(p, p->src + p->pos, end - p->pos, &dict))) break;
      if (!mlirAttributeIsADictionary(dict)) {
        ok = perr(p, "expected attribute dictionary");
        break;
      }
      for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(dict); i++) {
        MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, i);
        MlirStringRef an = mlirIdentifierStr(na.name);
        char abuf[128];
        snprintf(abuf, sizeof abuf, "%.*s", (int)an.length, an.data);
        ob_attr(p, b, abuf, na.attribute);
      }
      ct_parser_advance(p, end - p->pos);
      if (props && !(ok = expect_punct(p, ">"))) break;
    }
  }
  /* : (types) -> types */
  if (ok) ok = expect_punct(p, ":") && expect_punct(p, "(");
  int ntypes = 0;
  if (ok && !eat_punct(p, ")")) {
    for (;;) {
      MlirType t;
      if (!(ok = parse_type(p, &t))) break;
      if (ntypes < b->nops && !mlirTypeEqual(t, mlirValueGetType(b->operands[ntypes]))) {
        ok = perr(p, "use of value expects different type than prior uses");
        break;
      }
      ntypes++;
      if (eat_punct(p, ")")) break;
      if (!(ok = expect_punct(p, ","))) break;
    }
  }
  if (ok && ntypes != b->nops) ok = perr(p, "expected %d operand types but had %d", b->nops, ntypes);
  if (ok) ok = expect_punct(p, "->");
  if (ok) {
    if (eat_punct(p, "(")) {
      if (!eat_punct(p, ")")) {
        for (;;) {
          if (b->nres >= 64) {
            ok = perr(p, "too many results");
            break;
          }
          if (!(ok = parse_type(p, &b->results[b->nres++]))) break;
          if (eat_punct(p, ")")) break;
          if (!(ok = expect_punct(p, ","))) break;
        }
      }
    } else {
      ok = parse_type(p, &b->results[b->nres++]);
    }
  }
  (void)info;
  if (ok) ok = ct_di_parse_trailing_loc(p, &b->loc);
  if (!ok) p->failed = true;
  MlirOperation op = ob_create(p, b, NULL, block, lhs);
  free(b);
  return !mlirOperationIsNull(op);
}

/* ---------------------------------------------------------------- format interpreter */


int ct_format_tokens(const char *f, fmt_tok *out, int cap) {
  int n = 0;
  size_t i = 0, L = strlen(f);
  while (i < L && n < cap) {
    char ch = f[i];
    if (ch == ' ') {
      i++;
      continue;
    }
    fmt_tok t = {0};
    if (ch == '$') {
      size_t s = ++i;
      while (i < L && (is_id_char(f[i]))) i++;
      t.kind = FT_OPERAND, t.s = f + s, t.n = i - s;
    } else if (ch == '`') {
      size_t s = ++i;
      while (i < L && f[i] != '`') i++;
      t.kind = (i == s) ? FT_NOSPACE : FT_LIT, t.s = f + s, t.n = i - s;
      i++;
    } else if (ch == '(') {
      t.kind = FT_GROUP_BEGIN;
      i++;
    } else if (ch == ')' && i + 1 < L && f[i + 1] == '?') {
      t.kind = FT_GROUP_END;
      i += 2;
    } else {
      size_t s = i;
      while (i < L && f[i] != ' ' && f[i] != '(') i++;
      size_t w = i - s;
      const char *word = f + s;
      if (w == 9 && memcmp(word, "attr-dict", 9) == 0) {
        t.kind = FT_ATTRDICT;
      } else if (f[i] == '(') {
        size_t a = ++i;
        int depth = 1;
        while (i < L && depth) {
          if (f[i] == '(') depth++;
          if (f[i] == ')') depth--;
          i++;
        }
        const char *arg = f + a;
        size_t an = i - a - 1;
        t.s = arg, t.n = an;
        if (w == 4 && memcmp(word, "attr", 4) == 0) t.kind = FT_ATTR;
        else if (w == 4 && memcmp(word, "type", 4) == 0) t.kind = (an == 7 && memcmp(arg, "results", 7) == 0) ? FT_TYPE_RESULTS : FT_TYPE;
        else if (w == 5 && memcmp(word, "types", 5) == 0) t.kind = (an == 7 && memcmp(arg, "results", 7) == 0) ? FT_TYPES_RESULTS : FT_TYPES;
        else if (w == 5 && memcmp(word, "token", 5) == 0 && an == 7 && memcmp(arg, "results", 7) == 0) t.kind = FT_TOKEN_RESULTS;
        else abort();
      } else if (w > 7 && memcmp(word, "custom<", 7) == 0) {
        t.kind = FT_CUSTOM, t.s = word + 7, t.n = w - 8;
      } else {
        abort(); /* malformed format in the .def */
      }
    }
    out[n++] = t;
  }
  return n;
}

static int group_index(const ct_op_info *info, const char *s, size_t n) {
  for (int g = 0; g < info->noperands; g++)
    if (strlen(info->operands[g].name) == n && memcmp(info->operands[g].name, s, n) == 0) return g;
  return -1;
}

static const ct_attr_info *attr_by_span(const ct_op_info *info, const char *s, size_t n) {
  for (int a = 0; a < info->nattrs; a++)
    if (strlen(info->attrs[a].name) == n && memcmp(info->attrs[a].name, s, n) == 0) return &info->attrs[a];
  return NULL;
}

typedef struct fmt_state {
  int gstart[CT_MAX_GROUPS]; /* operand index where each group starts (-1 = not yet parsed) */
} fmt_state;

/* Does the optional group starting at toks[i] (after FT_GROUP_BEGIN) appear in the input? */
static bool group_present(ct_parser *p, const ct_op_info *info, op_builder *b, const fmt_tok *t) {
  switch (t->kind) {
  case FT_LIT: {
    /* compare the literal's first lexical piece */
    char buf[32];
    size_t k = 0;
    if (is_id_start(t->s[0])) {
      while (k < t->n && is_id_char(t->s[k]) && k < 31) buf[k] = t->s[k], k++;
      buf[k] = 0;
      return peek_kw(p, buf);
    }
    snprintf(buf, sizeof buf, "%.*s", (int)(t->n > 2 ? 1 : t->n), t->s);
    if (!peek_str(p, buf)) return false;
    /* `,` followed by something that is not an operand does not start an operand group */
    return true;
  }
  case FT_OPERAND: return ct_parser_peek(p) == '%';
  case FT_TYPE:
  case FT_TYPES: {
    const char *s = t->s;
    size_t n = t->n;
    if (n && s[0] == '$') s++, n--;
    size_t k = 0;
    while (k < n && s[k] != ',' && s[k] != '|') k++;
    int g = group_index(info, s, k);
    return g >= 0 && b->group_size[g] > 0;
  }
  default: return false;
  }
}

static bool parse_attr_elem(ct_parser *p, const ct_op_info *info, op_builder *b, const ct_attr_info *ai) {
  int n;
  const char *const *names = ct_attr_kind_names(ai->kind, &n);
  switch (ai->kind) {
  case CT_AK_ROUNDING:
  case CT_AK_OVERFLOW: {
    const char *kw = ai->kind == CT_AK_ROUNDING ? "rounding" : "overflow";
    if (!peek_kw(p, kw)) return true; /* optional */
    ct_parser_advance(p, strlen(kw));
    if (!expect_punct(p, "<")) return false;
    size_t l = ident_len(p);
    for (int i = 0; i < n; i++)
      if (strlen(names[i]) == l && memcmp(names[i], p->src + p->pos, l) == 0) {
        ct_parser_advance(p, l);
        ob_attr(p, b, ai->name, enum_attr(p, ai->kind, i));
        return expect_punct(p, ">");
      }
    return perr(p, "expected %s mode, got '%.*s'", kw, (int)l, p->src + p->pos);
  }
  case CT_AK_SIGNEDNESS:
  case CT_AK_PREDICATE:
  case CT_AK_ORDERING:
  case CT_AK_MEMORD:
  case CT_AK_SCOPE:
  case CT_AK_MODE: {
    size_t l = ident_len(p);
    for (int i = 0; i < n; i++)
      if (strlen(names[i]) == l && memcmp(names[i], p->src + p->pos, l) == 0) {
        ct_parser_advance(p, l);
        ob_attr(p, b, ai->name, enum_attr(p, ai->kind, i));
        return true;
      }
    if (ai->kind == CT_AK_SCOPE && !ai->always) return true;
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    for (int i = 0; i < n; i++) ct_strbuf_printf(&sb, "%s%s", i ? ", " : "", names[i]);
    perr(p, "expected one of [%s] for attribute '%s'", sb.data, ai->name);
    ct_strbuf_free(&sb);
    return false;
  }
  case CT_AK_UNIT:
    if (eat_kw(p, ai->name)) ob_attr(p, b, ai->name, mlirUnitAttrGet(p->mctx));
    return true;
  case CT_AK_I32:
  case CT_AK_I64: {
    if (!expect_kw(p, ai->name) || !expect_punct(p, "=")) return false;
    ct_parser_skip_ws(p);
    size_t s = p->pos;
    if (p->pos < p->len && p->src[p->pos] == '-') ct_parser_advance(p, 1);
    while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') ct_parser_advance(p, 1);
    if (p->pos == s) return perr(p, "expected integer value for '%s'", ai->name);
    long long v = span_int(p, s);
    ob_attr(p, b, ai->name, mlirIntegerAttrGet(mlirIntegerTypeGet(p->mctx, ai->kind == CT_AK_I32 ? 32 : 64), v));
    return true;
  }
  case CT_AK_STR: {
    ct_parser_skip_ws(p);
    if (ct_parser_peek(p) != '"') return perr(p, "expected string literal");
    size_t j = p->pos + 1;
    while (j < p->len && p->src[j] != '"') j += (p->src[j] == '\\') ? 2 : 1;
    if (j >= p->len) return perr(p, "unterminated string literal");
    MlirAttribute a;
    if (!parse_attr_text(p, p->src + p->pos, j + 1 - p->pos, &a)) return false;
    ob_attr(p, b, ai->name, a);
    ct_parser_advance(p, j + 1 - p->pos);
    return true;
  }
  case CT_AK_I32ARR: {
    if (!expect_punct(p, "[")) return false;
    int32_t v[CT_MAX_RANK * 2];
    int k = 0;
    if (!eat_punct(p, "]")) {
      for (;;) {
        ct_parser_skip_ws(p);
        size_t s = p->pos;
        if (p->pos < p->len && p->src[p->pos] == '-') ct_parser_advance(p, 1);
        while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') ct_parser_advance(p, 1);
        if (p->pos == s) return perr(p, "expected integer");
        if (k >= CT_MAX_RANK * 2) return perr(p, "too many values");
        v[k++] = (int32_t)span_int(p, s);
        if (eat_punct(p, "]")) break;
        if (!expect_punct(p, ",")) return false;
      }
    }
    ob_attr(p, b, ai->name, mlirDenseI32ArrayGet(p->mctx, k, v));
    return true;
  }
  case CT_AK_BOOLARR: {
    if (!eat_kw(p, ai->name)) return true; /* optional: written only when present */
    if (!expect_punct(p, "=") || !expect_punct(p, "[")) return false;
    int v[CT_MAX_RANK * 2];
    int k = 0;
    if (!eat_punct(p, "]")) {
      for (;;) {
        ct_parser_skip_ws(p);
        if (k >= CT_MAX_RANK * 2) return perr(p, "too many values");
        if (eat_kw(p, "true")) v[k++] = 1;
        else if (eat_kw(p, "false")) v[k++] = 0;
        else return perr(p, "expected 'true' or 'false' in '%s'", ai->name);
        if (eat_punct(p, "]")) break;
        if (!expect_punct(p, ",")) return false;
      }
    }
    ob_attr(p, b, ai->name, mlirDenseBoolArrayGet(p->mctx, k, v));
    return true;
  }
  case CT_AK_MMRED: { /* `attributes {reduction = #cuda_tile.multimem_reduction_kind<umax>}`, absent = default */
    if (!eat_kw(p, "attributes")) return true;
    if (!expect_punct(p, "{") || !expect_kw(p, ai->name) || !expect_punct(p, "=")) return false;
    ct_parser_skip_ws(p);
    const char *mn = "#cuda_tile.multimem_reduction_kind";
    if (!peek_str(p, mn)) return perr(p, "expected '%s<...>'", mn);
    ct_parser_advance(p, strlen(mn));
    if (!expect_punct(p, "<")) return false;
    size_t l = ident_len(p);
    int k = -1;
    for (int i = 0; i < n; i++)
      if (strlen(names[i]) == l && memcmp(names[i], p->src + p->pos, l) == 0) k = i;
    if (k < 0) return perr(p, "expected a multimem reduction kind, got '%.*s'", (int)l, p->src + p->pos);
    ct_parser_advance(p, l);
    ob_attr(p, b, ai->name, enum_attr(p, ai->kind, k));
    return expect_punct(p, ">") && expect_punct(p, "}");
  }
  case CT_AK_SYM: {
    ct_parser_skip_ws(p);
    if (ct_parser_peek(p) != '@') return perr(p, "expected symbol name");
    size_t j = p->pos + 1;
    while (j < p->len && is_id_char(p->src[j])) j++;
    MlirAttribute a;
    if (!parse_attr_text(p, p->src + p->pos, j - p->pos, &a)) return false;
    ob_attr(p, b, ai->name, a);
    ct_parser_advance(p, j - p->pos);
    return true;
  }
  case CT_AK_HINTS: {
    if (!eat_kw(p, "optimization_hints")) return true;
    if (!expect_punct(p, "=")) return false;
    ct_parser_skip_ws(p);
    if (ct_parser_peek(p) != '<') return perr(p, "expected '<'");
    size_t end;
    if (!balanced_span(p, &end)) return false;
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    ct_strbuf_puts(&sb, "optimization_hints");
    ct_strbuf_append(&sb, p->src + p->pos, end - p->pos);
    ob_attr(p, b, ai->name, opaque_attr(p, sb.data, sb.len));
    ct_strbuf_free(&sb);
    ct_parser_advance(p, end - p->pos);
    return true;
  }
  case CT_AK_ASSUMEPRED: {
    ct_parser_skip_ws(p);
    if (peek_str(p, "#cuda_tile.")) ct_parser_advance(p, 11);
    size_t l = ident_len(p);
    if (!l) return perr(p, "expected assume predicate");
    size_t s = p->pos;
    ct_parser_advance(p, l);
    if (ct_parser_peek(p) != '<') return perr(p, "expected '<'");
    size_t end;
    if (!balanced_span(p, &end)) return false;
    ob_attr(p, b, ai->name, opaque_attr(p, p->src + s, end - s));
    ct_parser_advance(p, end - p->pos);
    return true;
  }
  default: return perr(p, "attribute '%s' cannot be written in the pretty form", ai->name);
  }
  (void)info;
}

/* Check a written type against operand group members; optionally set it as every result type. */
static bool apply_type_elem(ct_parser *p, const ct_op_info *info, op_builder *b, fmt_state *fs, const fmt_tok *t,
                            MlirType ty, int line, int col) {
  const char *s = t->s;
  size_t n = t->n;
  while (n) {
    size_t k = 0;
    if (s[0] == '$') s++, n--;
    while (k < n && s[k] != ',' && s[k] != '|') k++;
    if (k == 7 && memcmp(s, "results", 7) == 0) {
      int nres = info->nresults;
      for (int r = 0; r < nres && b->nres < 64; r++) b->results[b->nres++] = ty;
    } else {
      int g = group_index(info, s, k);
      if (g < 0) abort();
      if (fs->gstart[g] < 0 || b->group_size[g] == 0) {
        ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "type given for an absent operand '%s'", info->operands[g].name);
        p->failed = true;
        return false;
      }
      for (int i = 0; i < b->group_size[g]; i++)
        if (!mlirTypeEqual(mlirValueGetType(b->operands[fs->gstart[g] + i]), ty)) {
          ct_strbuf want, got;
          ct_strbuf_init(&want);
          ct_strbuf_init(&got);
          mlirTypePrint(ty, ct_strbuf_mlir_callback, &want);
          mlirTypePrint(mlirValueGetType(b->operands[fs->gstart[g] + i]), ct_strbuf_mlir_callback, &got);
          ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col,
                       "use of value '%s' expects different type than prior uses: '%s' vs '%s'", info->operands[g].name,
                       want.data, got.data);
          ct_strbuf_free(&want);
          ct_strbuf_free(&got);
          p->failed = true;
          return false;
        }
    }
    s += k;
    n -= k;
    if (n) s++, n--;
  }
  return true;
}

/* make_*_view ops name their result type's kind in their syntax: report a wrong kind where it is written. */
static bool check_view_result_kind(ct_parser *p, const ct_op_info *info, MlirType ty, int line, int col) {
  const char *want = NULL;
  ct_type_kind kind = CT_TYPE_INVALID;
  if (info->id == CT_OP_make_partition_view) want = "partition_view", kind = CT_TYPE_PARTITION_VIEW;
  else if (info->id == CT_OP_make_strided_view) want = "strided_view", kind = CT_TYPE_STRIDED_VIEW;
  else if (info->id == CT_OP_make_gather_scatter_view) want = "gather_scatter_view", kind = CT_TYPE_GATHER_SCATTER_VIEW;
  ct_type t;
  if (!want || (ct_type_from_mlir(ty, &t) && t.kind == kind)) return true;
  ct_strbuf got;
  ct_strbuf_init(&got);
  mlirTypePrint(ty, ct_strbuf_mlir_callback, &got);
  ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "'%s' expected '%s' type, but got '%s'", info->full_name, want,
               got.data);
  ct_strbuf_free(&got);
  p->failed = true;
  return false;
}

static bool parse_with_format(ct_parser *p, const ct_op_info *info, op_builder *b, lhs_names *lhs) {
  fmt_tok toks[64];
  int nt = ct_format_tokens(info->format, toks, 64);
  fmt_state fs;
  for (int g = 0; g < CT_MAX_GROUPS; g++) fs.gstart[g] = -1;
  for (int i = 0; i < nt && !p->failed; i++) {
    const fmt_tok *t = &toks[i];
    switch (t->kind) {
    case FT_GROUP_BEGIN:
      if (!group_present(p, info, b, &toks[i + 1])) {
        int depth = 1;
        while (depth && ++i < nt) depth += toks[i].kind == FT_GROUP_BEGIN ? 1 : toks[i].kind == FT_GROUP_END ? -1 : 0;
      }
      break;
    case FT_GROUP_END:
    case FT_NOSPACE: break;
    case FT_LIT: {
      /* match piecewise: identifiers as keywords, the rest as punctuation */
      size_t k = 0;
      while (k < t->n) {
        if (is_id_start(t->s[k])) {
          char buf[48];
          size_t m = 0;
          while (k < t->n && is_id_char(t->s[k]) && m < 47) buf[m++] = t->s[k++];
          buf[m] = 0;
          if (!expect_kw(p, buf)) return false;
        } else {
          char buf[3] = {t->s[k], 0, 0};
          if (t->s[k] == '-' && k + 1 < t->n && t->s[k + 1] == '>') buf[1] = '>', k++;
          k++;
          if (!expect_punct(p, buf)) return false;
        }
      }
      break;
    }
    case FT_OPERAND: {
      int g = group_index(info, t->s, t->n);
      if (g < 0) abort();
      fs.gstart[g] = b->nops;
      ct_group_kind k = info->operands[g].kind;
      if (k == CT_GROUP_SINGLE || k == CT_GROUP_OPTIONAL) {
        MlirValue v;
        if (k == CT_GROUP_OPTIONAL && ct_parser_peek(p) != '%') break;
        ct_parser_skip_ws(p);
        int line = p->line, col = p->col;
        if (!parse_operand(p, &v)) return false;
        ct_type vt;
        if (strcmp(info->operands[g].name, "token") == 0 &&
            !(ct_type_from_mlir(mlirValueGetType(v), &vt) && vt.kind == CT_TYPE_TOKEN)) {
          /* the token's type is implied by the syntax */
          ct_strbuf got;
          ct_strbuf_init(&got);
          mlirTypePrint(mlirValueGetType(v), ct_strbuf_mlir_callback, &got);
          ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col,
                       "use of value expects different type than prior uses: '!cuda_tile.token' vs '%s'", got.data);
          ct_strbuf_free(&got);
          p->failed = true;
          return false;
        }
        ob_operand(p, b, g, v);
      } else {
        if (ct_parser_peek(p) != '%') break;
        for (;;) {
          MlirValue v;
          if (!parse_operand(p, &v)) return false;
          ob_operand(p, b, g, v);
          /* a comma continues the list only when another operand follows */
          size_t save = p->pos;
          int sl = p->line, sc = p->col;
          if (!eat_punct(p, ",")) break;
          if (ct_parser_peek(p) != '%') {
            p->pos = save, p->line = sl, p->col = sc;
            break;
          }
        }
      }
      break;
    }
    case FT_ATTR: {
      const ct_attr_info *ai = attr_by_span(info, t->s, t->n);
      if (!ai) abort();
      if (!parse_attr_elem(p, info, b, ai)) return false;
      break;
    }
    case FT_TYPE: {
      ct_parser_skip_ws(p);
      int line = p->line, col = p->col;
      MlirType ty;
      if (!parse_type(p, &ty)) return false;
      if (!apply_type_elem(p, info, b, &fs, t, ty, line, col)) return false;
      break;
    }
    case FT_TYPES: {
      int g = group_index(info, t->s + 1, t->n - 1);
      if (g < 0) abort();
      for (int m = 0; m < b->group_size[g]; m++) {
        if (m && !expect_punct(p, ",")) return false;
        ct_parser_skip_ws(p);
        int line = p->line, col = p->col;
        MlirType ty;
        if (!parse_type(p, &ty)) return false;
        if (!mlirTypeEqual(ty, mlirValueGetType(b->operands[fs.gstart[g] + m]))) {
          ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "use of value expects different type than prior uses");
          p->failed = true;
          return false;
        }
      }
      break;
    }
    case FT_TYPE_RESULTS: {
      MlirType ty;
      ct_parser_skip_ws(p);
      int line = p->line, col = p->col;
      if (!parse_type(p, &ty)) return false;
      if (!check_view_result_kind(p, info, ty, line, col)) return false;
      int count = info->nresults;
      bool variadic = info->nresults == 1 && info->results[0].kind == CT_GROUP_VARIADIC;
      if (variadic) count = lhs ? lhs->total : 0;
      for (int r = 0; r < count && b->nres < 64; r++) b->results[b->nres++] = ty;
      break;
    }
    case FT_TYPES_RESULTS:
      for (;;) {
        if (b->nres >= 64) return perr(p, "too many results");
        if (!parse_type(p, &b->results[b->nres++])) return false;
        if (!eat_punct(p, ",")) break;
      }
      break;
    case FT_ATTRDICT:
      if (!parse_attr_dict_into(p, b)) return false;
      break;
    case FT_TOKEN_RESULTS: {
      ct_type tok = ct_token_type();
      for (int r = 0; r < info->nresults && b->nres < 64; r++) b->results[b->nres++] = ct_type_to_mlir(p->mctx, &tok);
      break;
    }
    case FT_CUSTOM: abort();
    }
  }
  /* defaults that are always present */
  for (int a = 0; a < info->nattrs; a++) {
    const ct_attr_info *ai = &info->attrs[a];
    if (ai->always && ai->dflt && !ob_has_attr(p, b, ai->name)) {
      int n;
      const char *const *names = ct_attr_kind_names(ai->kind, &n);
      for (int i = 0; i < n; i++)
        if (strcmp(names[i], ai->dflt) == 0) ob_attr(p, b, ai->name, enum_attr(p, ai->kind, i));
    }
  }
  return !p->failed;
}

/* ---------------------------------------------------------------- custom ops */

static bool parse_symbol_name(ct_parser *p, char *buf, size_t cap) {
  ct_parser_skip_ws(p);
  if (ct_parser_peek(p) != '@') return perr(p, "expected symbol name");
  ct_parser_advance(p, 1);
  size_t s = p->pos;
  if (p->pos < p->len && p->src[p->pos] == '"') {
    /* A quoted name, with MLIR's escapes: \" \\ \n \t and \XX (two hex digits, any byte). */
    ct_parser_advance(p, 1);
    size_t n = 0;
    while (p->pos < p->len && p->src[p->pos] != '"') {
      char ch = p->src[p->pos];
      if (ch == '\n') return perr(p, "unterminated quoted symbol name");
      if (ch == '\\') {
        char e = p->pos + 1 < p->len ? p->src[p->pos + 1] : 0;
        if (e == '"' || e == '\\') ch = e, ct_parser_advance(p, 2);
        else if (e == 'n') ch = '\n', ct_parser_advance(p, 2);
        else if (e == 't') ch = '\t', ct_parser_advance(p, 2);
        else if (isxdigit((unsigned char)e) && p->pos + 2 < p->len && isxdigit((unsigned char)p->src[p->pos + 2])) {
          char hex[3] = {e, p->src[p->pos + 2], 0};
          ch = (char)strtol(hex, NULL, 16);
          ct_parser_advance(p, 3);
        } else {
          return perr(p, "invalid escape in a quoted symbol name (\\\", \\\\, \\n, \\t or \\XX)");
        }
      } else {
        ct_parser_advance(p, 1);
      }
      if (n + 1 >= cap) return perr(p, "symbol name too long");
      buf[n++] = ch;
    }
    if (p->pos >= p->len) return perr(p, "unterminated quoted symbol name");
    ct_parser_advance(p, 1);
    if (memchr(buf, 0, n)) return perr(p, "a symbol name cannot contain a NUL byte");
    buf[n] = 0;
    return true;
  }
  while (p->pos < p->len && is_id_char(p->src[p->pos])) ct_parser_advance(p, 1);
  size_t n = p->pos - s;
  if (!n) return perr(p, "expected symbol name");
  if (n >= cap) return perr(p, "symbol name too long");
  memcpy(buf, p->src + s, n);
  buf[n] = 0;
  return true;
}

static MlirAttribute str_attr(ct_parser *p, const char *s) {
  return mlirStringAttrGet(p->mctx, mlirStringRefCreateFromCString(s));
}

/* Append an implicit terminator `cuda_tile.<term>` when the block does not end in one. */
static void ensure_terminator(ct_parser *p, MlirRegion r, const char *term, MlirLocation loc) {
  MlirBlock b = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(b)) return;
  /* (mlirBlockGetTerminator does not know the traits of unregistered ops: find the last op) */
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    last = o;
  if (!mlirOperationIsNull(last)) {
    const ct_op_info *li = ct_op_info_get(ct_op_id_of(last));
    if (li->traits & CT_T_TERMINATOR) return;
  }
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(term), loc);
  mlirBlockAppendOwnedOperation(b, mlirOperationCreate(&st));
}

static bool parse_entry(ct_parser *p, const ct_op_info *info, op_builder *b) {
  char sym[256];
  if (!parse_symbol_name(p, sym, sizeof sym)) return false;
  ob_attr(p, b, "sym_name", str_attr(p, sym));
  if (!expect_punct(p, "(")) return false;
  MlirType types[64];
  const char *names[64];
  size_t lens[64];
  int lines[64], cols[64];
  MlirAttribute arg_attrs[64];
  MlirLocation arg_locs[64];
  bool any_arg_attr = false;
  int n = 0;
  if (!eat_punct(p, ")")) {
    for (;;) {
      ct_parser_skip_ws(p);
      lines[n] = p->line, cols[n] = p->col;
      int idx;
      if (!parse_value_name(p, &names[n], &lens[n], &idx)) return false;
      if (!expect_punct(p, ":") || !parse_type(p, &types[n])) return false;
      arg_attrs[n] = mlirDictionaryAttrGet(p->mctx, 0, NULL);
      arg_locs[n] = (MlirLocation){NULL};
      if (!ct_di_parse_trailing_loc(p, &arg_locs[n])) return false;
      if (ct_parser_peek(p) == '{') {
        size_t end;
        if (!balanced_span(p, &end)) return false;
        if (!parse_attr_text(p, p->src + p->pos, end - p->pos, &arg_attrs[n])) return false;
        ct_parser_advance(p, end - p->pos);
        any_arg_attr = true;
      }
      if (!ct_di_parse_trailing_loc(p, &arg_locs[n])) return false; /* MLIR's order: `%a: T {attrs} loc(..)` */
      if (++n >= 64) return perr(p, "too many kernel parameters");
      if (eat_punct(p, ")")) break;
      if (!expect_punct(p, ",")) return false;
    }
  }
  MlirType results[64];
  int nres = 0;
  if (eat_punct(p, "->") && !parse_type_list(p, results, &nres, 64)) return false;
  MlirType ft = mlirFunctionTypeGet(p->mctx, n, types, nres, results);
  ob_attr(p, b, "function_type", mlirTypeAttrGet(ft));
  if (any_arg_attr) ob_attr(p, b, "arg_attrs", mlirArrayAttrGet(p->mctx, n, arg_attrs));
  const ct_attr_info *hints = ct_op_attr_info(info, "optimization_hints");
  if (hints && !parse_attr_elem(p, info, b, hints)) return false;
  if (eat_kw(p, "attributes")) {
    size_t end;
    ct_parser_skip_ws(p);
    if (!balanced_span(p, &end)) return false;
    MlirAttribute dict;
    if (!parse_attr_text(p, p->src + p->pos, end - p->pos, &dict)) return false;
    for (intptr_t a = 0; a < mlirDictionaryAttrGetNumElements(dict); a++) {
      MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, a);
      MlirStringRef an = mlirIdentifierStr(na.name);
      char abuf[128];
      snprintf(abuf, sizeof abuf, "%.*s", (int)an.length, an.data);
      ob_attr(p, b, abuf, na.attribute);
    }
    ct_parser_advance(p, end - p->pos);
  }
  MlirRegion r = mlirRegionCreate();
  b->regions[b->nregions++] = r;
  /* kernels are isolated from above: hide outer names */
  size_t mark = p->nents;
  ct_ssa_entry *saved = NULL;
  size_t nsaved = p->nents;
  if (nsaved) {
    saved = malloc(nsaved * sizeof *saved);
    if (!saved) abort();
    memcpy(saved, p->ents, nsaved * sizeof *saved);
    ssa_pop_to(p, 0);
  }
  ct_parser_skip_ws(p);
  MlirLocation bl = loc_here(p);
  bool was_in_module = p->in_module;
  p->in_module = true; /* kernels, like modules, make cuda_tile the default dialect of their body */
  p->arg_locs = arg_locs;
  bool ok = parse_region_body(p, r, n, types, names, lens, lines, cols, false);
  p->in_module = was_in_module;
  ssa_pop_to(p, 0);
  for (size_t i = 0; i < nsaved; i++) {
    MlirValue v = saved[i].first;
    ssa_define(p, saved[i].name, saved[i].len, v, saved[i].op, saved[i].start, saved[i].count, 0, 0);
  }
  free(saved);
  (void)mark;
  if (ok) ensure_terminator(p, r, "cuda_tile.return", bl);
  return ok;
}

/* `<elem: literal> : tile<...>` (constant and global): the DenseElementsAttr typed tensor<...> and
 * the tile type. */
static bool parse_dense_literal(ct_parser *p, MlirAttribute *value, MlirType *tile_type) {
  if (!expect_punct(p, "<")) return false;
  ct_parser_skip_ws(p);
  size_t es = p->pos;
  size_t el = ident_len(p);
  if (!el) return perr(p, "expected element type");
  ct_parser_advance(p, el);
  if (!expect_punct(p, ":")) return false;
  ct_parser_skip_ws(p);
  size_t bs = p->pos;
  int bline = p->line, bcol = p->col;
  /* the literal runs to the matching '>' */
  int depth = 0;
  size_t j = p->pos;
  for (; j < p->len; j++) {
    char ch = p->src[j];
    if (ch == '[') depth++;
    else if (ch == ']') depth--;
    else if (ch == '>' && depth == 0) break;
    else if (ch == '\n' && depth == 0) break;
  }
  if (j >= p->len || p->src[j] != '>') return perr(p, "expected '>' after constant value");
  size_t be = j;
  /* MLIR converts integer digits with repeated APInt multiplies (quadratic in the length): bound
   * every number of the literal so that a huge one fails fast instead of hanging. */
  {
    int ln = bline, cl = bcol, tl = 0, tc = 0;
    size_t run = 0;
    for (size_t k = bs; k < be; k++) {
      char ch = p->src[k];
      if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',' || ch == '[' || ch == ']' || ch == '(' ||
          ch == ')')
        run = 0;
      else if (run++ == 0)
        tl = ln, tc = cl;
      if (run > 1000) return ct_parser_error_at(p, tl, tc, "numeric literal too long (more than 1000 characters)");
      if (ch == '\n') ln++, cl = 1;
      else cl++;
    }
  }
  ct_parser_advance(p, j + 1 - p->pos);
  if (!expect_punct(p, ":")) return false;
  ct_parser_skip_ws(p);
  int tline = p->line, tcol = p->col;
  MlirType rt;
  if (!parse_type(p, &rt)) return false;
  ct_type t;
  if (!ct_type_from_mlir(rt, &t) || t.kind != CT_TYPE_TILE || t.elem == CT_PTR) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, tline, tcol, "constant must have a tile type of numbers");
    p->failed = true;
    return false;
  }
  if (t.elem == CT_F8E5M3FNU) { /* (the DenseElementsAttr that holds a constant needs an MLIR float type) */
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, tline, tcol,
                 "a constant of fnv8E5M3FNU elements is not supported by tilec (no MLIR float type holds its values)");
    p->failed = true;
    return false;
  }
  if (strlen(ct_elem_name(t.elem)) != el || memcmp(ct_elem_name(t.elem), p->src + es, el) != 0) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, tline, tcol, "constant element type '%.*s' does not match the tile type",
                 (int)el, p->src + es);
    p->failed = true;
    return false;
  }
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_strbuf_puts(&sb, "dense<");
  ct_strbuf_append(&sb, p->src + bs, be - bs);
  ct_strbuf_puts(&sb, "> : tensor<");
  for (int d = 0; d < t.rank; d++) ct_strbuf_printf(&sb, "%lldx", (long long)t.shape[d]);
  ct_strbuf_puts(&sb, ct_elem_name(t.elem));
  ct_strbuf_putc(&sb, '>');
  MlirAttribute a = parse_attr_located(p, sb.data, sb.len, bline, bcol, 6);
  ct_strbuf_free(&sb);
  if (mlirAttributeIsNull(a)) {
    p->failed = true;
    return false;
  }
  *value = a;
  *tile_type = rt;
  return true;
}

static bool parse_constant(ct_parser *p, op_builder *b) {
  MlirAttribute value;
  MlirType rt;
  if (!parse_dense_literal(p, &value, &rt)) return false;
  ob_attr(p, b, "value", value);
  b->results[b->nres++] = rt;
  return true;
}

/* global [private|public] [constant] @sym [alignment = N] <elem: literal> : tile<...> [attr-dict] */
static bool parse_global(ct_parser *p, op_builder *b) {
  if (peek_kw(p, "private") || peek_kw(p, "public")) {
    bool priv = peek_kw(p, "private");
    ct_parser_advance(p, priv ? 7 : 6);
    if (priv) {
      static const char vis[] = "symbol_visibility<private>";
      ob_attr(p, b, "symbol_visibility", opaque_attr(p, vis, sizeof vis - 1));
    }
  }
  if (eat_kw(p, "constant")) ob_attr(p, b, "constant", mlirUnitAttrGet(p->mctx));
  ct_parser_skip_ws(p);
  if (ct_parser_peek(p) != '@') return perr(p, "expected valid '@'-identifier for symbol name");
  char sym[256];
  if (!parse_symbol_name(p, sym, sizeof sym)) return false;
  ob_attr(p, b, "sym_name", str_attr(p, sym));
  if (eat_kw(p, "alignment")) {
    if (!expect_punct(p, "=")) return false;
    ct_parser_skip_ws(p);
    size_t s = p->pos;
    while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') ct_parser_advance(p, 1);
    if (p->pos == s) return perr(p, "expected integer value for 'alignment'");
    ob_attr(p, b, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(p->mctx, 64), span_int(p, s)));
  }
  MlirAttribute value;
  MlirType rt;
  if (!parse_dense_literal(p, &value, &rt)) return false;
  ob_attr(p, b, "value", value);
  return parse_attr_dict_into(p, b);
}

static bool parse_make_tensor_view(ct_parser *p, const ct_op_info *info, op_builder *b) {
  MlirValue base;
  if (!parse_operand(p, &base)) return false;
  ob_operand(p, b, 0, base);
  int64_t shape[CT_MAX_RANK], strides[CT_MAX_RANK];
  int nshape = 0, nstrides = 0;
  MlirValue dyn_shape[CT_MAX_RANK], dyn_strides[CT_MAX_RANK];
  int nds = 0, ndt = 0;
  for (int which = 0; which < 2; which++) {
    if (!expect_punct(p, ",") || !expect_kw(p, which ? "strides" : "shape") || !expect_punct(p, "=") ||
        !expect_punct(p, "["))
      return false;
    int64_t *vals = which ? strides : shape;
    int *nv = which ? &nstrides : &nshape;
    if (!eat_punct(p, "]")) {
      for (;;) {
        if (*nv >= CT_MAX_RANK) return perr(p, "too many dimensions");
        ct_parser_skip_ws(p);
        if (ct_parser_peek(p) == '%') {
          MlirValue v;
          if (!parse_operand(p, &v)) return false;
          if (which) dyn_strides[ndt++] = v;
          else dyn_shape[nds++] = v;
          vals[(*nv)++] = CT_DYNAMIC;
        } else {
          size_t s = p->pos;
          if (p->pos < p->len && p->src[p->pos] == '-') ct_parser_advance(p, 1);
          while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') ct_parser_advance(p, 1);
          if (p->pos == s) return perr(p, "expected either integer or SSA value");
          vals[(*nv)++] = span_int(p, s);
        }
        if (eat_punct(p, "]")) break;
        if (!expect_punct(p, ",")) return false;
      }
    }
  }
  for (int i = 0; i < nds; i++) ob_operand(p, b, 1, dyn_shape[i]);
  for (int i = 0; i < ndt; i++) ob_operand(p, b, 2, dyn_strides[i]);
  if (ct_parser_peek(p) == '{') {
    size_t end;
    if (!balanced_span(p, &end)) return false;
    ct_parser_advance(p, end - p->pos); /* attr-dict: nothing inherent to add */
  }
  if (!expect_punct(p, ":")) return false;
  ct_parser_skip_ws(p);
  int line = p->line, col = p->col;
  MlirType t1;
  if (!parse_type(p, &t1)) return false;
  /* `: <base type>[, <index type>] -> <result>` when the base has a pointer attribute (tileirdisasm) */
  ct_type bt;
  bool base_only = false;
  if (ct_type_from_mlir(t1, &bt) && bt.kind == CT_TYPE_TILE && bt.elem == CT_PTR) {
    if (!mlirTypeEqual(mlirValueGetType(base), t1)) {
      ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "use of value expects different type than prior uses");
      p->failed = true;
      return false;
    }
    if (eat_punct(p, ",")) {
      ct_parser_skip_ws(p);
      line = p->line, col = p->col;
      if (!parse_type(p, &t1)) return false;
    } else {
      base_only = true;
      if (!expect_punct(p, "->") || !parse_type(p, &t1)) return false;
    }
  }
  MlirType rt = t1;
  if (!base_only && eat_punct(p, "->")) {
    if (!parse_type(p, &rt)) return false;
    for (int i = 1; i < b->nops; i++)
      if (!mlirTypeEqual(mlirValueGetType(b->operands[i]), t1)) {
        ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "use of value expects different type than prior uses");
        p->failed = true;
        return false;
      }
  } else if (nds + ndt > 0 && !base_only) {
    ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "expected '->' and the result type after the index type");
    p->failed = true;
    return false;
  }
  ct_type tv;
  if (ct_type_from_mlir(rt, &tv) && tv.kind == CT_TYPE_TENSOR_VIEW) {
    if (nshape != tv.rank)
      return ct_parser_error_at(p, line, col,
                     "expected shape declaration to contain %d elements due to tensor_view type, but %d were provided",
                     tv.rank, nshape);
    if (nstrides != tv.rank)
      return ct_parser_error_at(p, line, col,
                     "expected stride declaration to contain %d elements due to tensor_view type, but %d were provided",
                     tv.rank, nstrides);
    for (int which = 0; which < 2; which++)
      for (int d = 0; d < tv.rank; d++) {
        int64_t got = which ? strides[d] : shape[d], want = which ? tv.strides[d] : tv.shape[d];
        if (got == want) continue;
        char gs[32], ws[32];
        if (got == CT_DYNAMIC) snprintf(gs, sizeof gs, "dynamic");
        else snprintf(gs, sizeof gs, "%lld", (long long)got);
        if (want == CT_DYNAMIC) snprintf(ws, sizeof ws, "dynamic");
        else snprintf(ws, sizeof ws, "%lld", (long long)want);
        return ct_parser_error_at(p, line, col, "input %s dimension %d does not match tensor_view type (expected %s, got %s)",
                       which ? "stride" : "shape", d, ws, gs);
      }
  }
  b->results[b->nres++] = rt;
  (void)info;
  return true;
}

/* The `(%a = %x, ...)` list after `iter_values` of for/loop: records each region-argument name and
 * its position (entries from *n on, at most 64 in all) and adds each init value to operand group
 * `group`. */
static bool parse_iter_values(ct_parser *p, op_builder *b, int group, const char **names, size_t *lens, int *lines,
                              int *cols, int *n) {
  int idx;
  if (!expect_punct(p, "(")) return false;
  if (eat_punct(p, ")")) return true;
  for (;;) {
    if (*n >= 64) return perr(p, "too many iteration values");
    ct_parser_skip_ws(p);
    lines[*n] = p->line, cols[*n] = p->col;
    if (!parse_value_name(p, &names[*n], &lens[*n], &idx)) return false;
    MlirValue init;
    if (!expect_punct(p, "=") || !parse_operand(p, &init)) return false;
    ob_operand(p, b, group, init);
    (*n)++;
    if (eat_punct(p, ")")) return true;
    if (!expect_punct(p, ",")) return false;
  }
}

/* for [unsigned] %iv in (%lb to %ub, step %s) : T [iter_values(%a = %x, ...) -> (T...)] { body } */
static bool parse_for(ct_parser *p, op_builder *b) {
  if (eat_kw(p, "unsigned")) ob_attr(p, b, "unsignedCmp", mlirUnitAttrGet(p->mctx));
  ct_parser_skip_ws(p);
  const char *names[64];
  size_t lens[64];
  int lines[64], cols[64], idx;
  lines[0] = p->line, cols[0] = p->col;
  if (!parse_value_name(p, &names[0], &lens[0], &idx)) return false;
  MlirValue lb, ub, st;
  if (!expect_kw(p, "in") || !expect_punct(p, "(") || !parse_operand(p, &lb) || !expect_kw(p, "to") ||
      !parse_operand(p, &ub) || !expect_punct(p, ",") || !expect_kw(p, "step") || !parse_operand(p, &st) ||
      !expect_punct(p, ")") || !expect_punct(p, ":"))
    return false;
  ct_parser_skip_ws(p);
  int tl = p->line, tc = p->col;
  MlirType ivt;
  if (!parse_type(p, &ivt)) return false;
  MlirValue bounds[3] = {lb, ub, st};
  for (int i = 0; i < 3; i++) {
    if (!mlirTypeEqual(mlirValueGetType(bounds[i]), ivt)) {
      ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, tl, tc, "use of value expects different type than prior uses");
      p->failed = true;
      return false;
    }
    ob_operand(p, b, i, bounds[i]);
  }
  MlirType types[64];
  types[0] = ivt;
  int n = 1;
  if (eat_kw(p, "iter_values")) {
    if (!parse_iter_values(p, b, 3, names, lens, lines, cols, &n)) return false;
    if (!expect_punct(p, "->") || !expect_punct(p, "(")) return false;
    int nr = 0;
    if (!eat_punct(p, ")")) {
      for (;;) {
        ct_parser_skip_ws(p);
        int l = p->line, c = p->col;
        MlirType t;
        if (!parse_type(p, &t)) return false;
        if (nr + 1 >= n) return perr(p, "more result types than iteration values");
        if (!mlirTypeEqual(t, mlirValueGetType(b->operands[3 + nr]))) {
          ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, l, c, "use of value expects different type than prior uses");
          p->failed = true;
          return false;
        }
        types[1 + nr] = t;
        b->results[b->nres++] = t;
        nr++;
        if (eat_punct(p, ")")) break;
        if (!expect_punct(p, ",")) return false;
      }
    }
    if (nr != n - 1) return perr(p, "expected %d result types, got %d", n - 1, nr);
  }
  MlirRegion r = mlirRegionCreate();
  b->regions[b->nregions++] = r;
  ct_parser_skip_ws(p);
  MlirLocation bl = loc_here(p);
  if (!parse_region_body(p, r, n, types, names, lens, lines, cols, false)) return false;
  if (n == 1) ensure_terminator(p, r, "cuda_tile.continue", bl);
  return true;
}

/* A comma-separated list of at least one type (optionally in parentheses), appended to types. */
static bool parse_type_list(ct_parser *p, MlirType *types, int *n, int cap) {
  bool paren = eat_punct(p, "(");
  for (;;) {
    if (*n >= cap) return perr(p, "too many types");
    if (!parse_type(p, &types[*n])) return false;
    ++*n;
    if (!eat_punct(p, ",")) break;
  }
  return !paren || expect_punct(p, ")");
}

/* loop [iter_values(%a = %x, ...) : T... [-> R...]] { body }, or without iter_values: loop [: R...] { body } */
static bool parse_loop(ct_parser *p, op_builder *b) {
  MlirType types[64] = {{0}};
  const char *names[64] = {0};
  size_t lens[64] = {0};
  int lines[64] = {0}, cols[64] = {0}, n = 0;
  bool has_iter = false;
  if (eat_kw(p, "iter_values")) {
    has_iter = true;
    if (!parse_iter_values(p, b, 0, names, lens, lines, cols, &n)) return false;
  }
  if (has_iter || ct_parser_peek(p) == ':') {
    if (!expect_punct(p, ":")) return false;
    if (has_iter) {
      ct_parser_skip_ws(p);
      int line = p->line, col = p->col, nt = 0;
      if (!parse_type_list(p, types, &nt, 64)) return false;
      if (nt != n) {
        ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col, "found different number of iter_values and types");
        p->failed = true;
        return false;
      }
      for (int i = 0; i < n; i++)
        if (!mlirTypeEqual(types[i], mlirValueGetType(b->operands[i]))) {
          ct_strbuf want, got;
          ct_strbuf_init(&want);
          ct_strbuf_init(&got);
          mlirTypePrint(types[i], ct_strbuf_mlir_callback, &want);
          mlirTypePrint(mlirValueGetType(b->operands[i]), ct_strbuf_mlir_callback, &got);
          ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, line, col,
                       "use of value expects different type than prior uses: '%s' vs '%s'", want.data, got.data);
          ct_strbuf_free(&want);
          ct_strbuf_free(&got);
          p->failed = true;
          return false;
        }
      if (eat_punct(p, "->") && !parse_type_list(p, b->results, &b->nres, 64)) return false;
    } else if (!parse_type_list(p, b->results, &b->nres, 64)) {
      return false;
    }
  }
  MlirRegion r = mlirRegionCreate();
  b->regions[b->nregions++] = r;
  ct_parser_skip_ws(p);
  MlirLocation bl = loc_here(p);
  if (!parse_region_body(p, r, n, types, names, lens, lines, cols, false)) return false;
  if (n == 0) ensure_terminator(p, r, "cuda_tile.continue", bl);
  return true;
}

/* if %c [-> (T...)] { then } [else { else }] */
static bool parse_if(ct_parser *p, op_builder *b) {
  MlirValue c;
  if (!parse_operand(p, &c)) return false;
  ob_operand(p, b, 0, c);
  if (eat_punct(p, "->")) {
    if (!expect_punct(p, "(")) return false;
    if (!eat_punct(p, ")")) {
      for (;;) {
        if (b->nres >= 64) return perr(p, "too many results");
        if (!parse_type(p, &b->results[b->nres++])) return false;
        if (eat_punct(p, ")")) break;
        if (!expect_punct(p, ",")) return false;
      }
    }
  }
  for (int k = 0; k < 2; k++) {
    MlirRegion r = mlirRegionCreate();
    b->regions[b->nregions++] = r;
    if (k == 1 && !eat_kw(p, "else")) break;
    ct_parser_skip_ws(p);
    MlirLocation bl = loc_here(p);
    if (!parse_region_body(p, r, 0, NULL, NULL, NULL, NULL, NULL, false)) return false;
    if (b->nres == 0) ensure_terminator(p, r, "cuda_tile.yield", bl);
  }
  return true;
}

/* reduce %x[, %y] dim=N identities=[...] : T... -> R... (%a: T, %b: T, ...) { body }
 * scan   %x dim=N reverse=B identities=[...] : T -> R (...) { body } */
static bool parse_reduce(ct_parser *p, const ct_op_info *info, op_builder *b) {
  for (;;) {
    MlirValue v;
    if (!parse_operand(p, &v)) return false;
    ob_operand(p, b, 0, v);
    if (!eat_punct(p, ",")) break;
  }
  if (!expect_kw(p, "dim") || !expect_punct(p, "=")) return false;
  ct_parser_skip_ws(p);
  size_t s = p->pos;
  if (p->pos < p->len && p->src[p->pos] == '-') ct_parser_advance(p, 1);
  size_t digits = p->pos;
  while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9' && p->pos - digits < 10) ct_parser_advance(p, 1);
  if (digits == p->pos) return perr(p, "expected integer dim");
  ob_attr(p, b, "dim", mlirIntegerAttrGet(mlirIntegerTypeGet(p->mctx, 32), span_int(p, s)));
  if (info->id == CT_OP_scan) {
    if (!expect_kw(p, "reverse") || !expect_punct(p, "=")) return false;
    bool rev = eat_kw(p, "true");
    if (!rev && !expect_kw(p, "false")) return false;
    ob_attr(p, b, "reverse", mlirBoolAttrGet(p->mctx, rev));
  }
  if (!expect_kw(p, "identities") || !expect_punct(p, "=")) return false;
  ct_parser_skip_ws(p);
  size_t end;
  if (ct_parser_peek(p) != '[' || !balanced_span(p, &end)) return perr(p, "expected '[' identities");
  MlirAttribute ids;
  if (!parse_attr_text(p, p->src + p->pos, end - p->pos, &ids)) return false;
  ob_attr(p, b, "identities", ids);
  ct_parser_advance(p, end - p->pos);
  if (!expect_punct(p, ":")) return false;
  for (int i = 0; i < b->nops; i++) {
    if (i && !expect_punct(p, ",")) return false;
    ct_parser_skip_ws(p);
    int l = p->line, c = p->col;
    MlirType t;
    if (!parse_type(p, &t)) return false;
    if (!mlirTypeEqual(t, mlirValueGetType(b->operands[i]))) {
      ct_diag_emit(p->c, CT_DIAG_ERROR, p->file, l, c, "use of value expects different type than prior uses");
      p->failed = true;
      return false;
    }
  }
  if (!expect_punct(p, "->")) return false;
  /* as many result types as written: the verifier compares the counts */
  for (;;) {
    if (b->nres >= 64) return perr(p, "too many results");
    if (!parse_type(p, &b->results[b->nres++])) return false;
    if (!eat_punct(p, ",")) break;
  }
  if (!expect_punct(p, "(")) return false;
  MlirType types[64];
  const char *names[64];
  size_t lens[64];
  int lines[64], cols[64], n = 0, idx;
  if (!eat_punct(p, ")")) {
    for (;;) {
      if (n >= 64) return perr(p, "too many region arguments");
      ct_parser_skip_ws(p);
      lines[n] = p->line, cols[n] = p->col;
      if (!parse_value_name(p, &names[n], &lens[n], &idx)) return false;
      if (!expect_punct(p, ":") || !parse_type(p, &types[n])) return false;
      n++;
      if (eat_punct(p, ")")) break;
      if (!expect_punct(p, ",")) return false;
    }
  }
  MlirRegion r = mlirRegionCreate();
  b->regions[b->nregions++] = r;
  return parse_region_body(p, r, n, types, names, lens, lines, cols, false);
}

/* cuda_tile.module @name { ops } */
static bool parse_module_op(ct_parser *p, MlirBlock parent, MlirLocation loc) {
  op_builder *b = calloc(1, sizeof *b);
  if (!b) abort();
  b->name = "cuda_tile.module";
  b->loc = loc;
  char sym[256];
  bool ok = parse_symbol_name(p, sym, sizeof sym);
  if (ok) {
    ob_attr(p, b, "sym_name", str_attr(p, sym));
    if (eat_kw(p, "attributes")) {
      size_t end;
      ct_parser_skip_ws(p);
      ok = balanced_span(p, &end);
      MlirAttribute dict;
      if (ok) ok = parse_attr_text(p, p->src + p->pos, end - p->pos, &dict);
      if (ok) {
        for (intptr_t a = 0; a < mlirDictionaryAttrGetNumElements(dict); a++) {
          MlirNamedAttribute na = mlirDictionaryAttrGetElement(dict, a);
          MlirStringRef an = mlirIdentifierStr(na.name);
          char abuf[128];
          snprintf(abuf, sizeof abuf, "%.*s", (int)an.length, an.data);
          ob_attr(p, b, abuf, na.attribute);
        }
        ct_parser_advance(p, end - p->pos);
      }
    }
  }
  if (ok) {
    MlirRegion r = mlirRegionCreate();
    b->regions[b->nregions++] = r;
    bool was = p->in_module;
    p->in_module = true;
    ok = parse_region_body(p, r, 0, NULL, NULL, NULL, NULL, NULL, false);
    p->in_module = was;
  }
  if (ok) ok = ct_di_parse_trailing_loc(p, &b->loc);
  if (!ok) p->failed = true;
  MlirOperation op = ob_create(p, b, ct_op_info_get(CT_OP_module), parent, NULL);
  free(b);
  return !mlirOperationIsNull(op);
}

/* What NVIDIA's tileirdisasm prints: the module's `global` and `entry` ops with no `cuda_tile.module`
 * around them. A run of them at the top level becomes one implicit `cuda_tile.module @kernels` (the
 * name NVIDIA's bytecode reader gives the module), located at its first op. */
static bool at_bare_module_op(ct_parser *p) { return peek_kw(p, "entry") || peek_kw(p, "global"); }

/* tileirdisasm prints a module's producer as a `// Producer: <text>` line before its ops: the
 * comment lines right above `at` are searched for it. */
static bool find_producer_comment(const ct_parser *p, size_t at, const char **out, size_t *len) {
  size_t end = at;
  while (end > 0 && p->src[end - 1] != '\n') end--; /* start of the op's line */
  while (end > 0) {
    size_t e = end - 1, b = e; /* previous line: [b, e) */
    while (b > 0 && p->src[b - 1] != '\n') b--;
    size_t i = b;
    while (i < e && (p->src[i] == ' ' || p->src[i] == '\t')) i++;
    static const char tag[] = "// Producer: ";
    if (e - i >= sizeof tag - 1 && memcmp(p->src + i, tag, sizeof tag - 1) == 0) {
      *out = p->src + i + sizeof tag - 1;
      *len = e - i - (sizeof tag - 1);
      while (*len && ((*out)[*len - 1] == '\r' || (*out)[*len - 1] == ' ')) (*len)--;
      return true;
    }
    if (i < e && !(e - i >= 2 && p->src[i] == '/' && p->src[i + 1] == '/')) return false; /* not a comment */
    end = b;
  }
  return false;
}

static bool parse_implicit_module(ct_parser *p, MlirBlock parent) {
  op_builder *b = calloc(1, sizeof *b);
  if (!b) abort();
  b->name = "cuda_tile.module";
  b->loc = loc_here(p);
  ob_attr(p, b, "sym_name", str_attr(p, "kernels"));
  const char *prod;
  size_t plen;
  if (find_producer_comment(p, p->pos, &prod, &plen))
    ob_attr(p, b, "producer", mlirStringAttrGet(p->mctx, mlirStringRefCreate(prod, plen)));
  MlirRegion r = mlirRegionCreate();
  b->regions[b->nregions++] = r;
  MlirBlock body = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(r, body);
  bool was = p->in_module;
  p->in_module = true;
  while (!p->failed && at_bare_module_op(p)) parse_op(p, body);
  p->in_module = was;
  MlirOperation op = ob_create(p, b, ct_op_info_get(CT_OP_module), parent, NULL);
  free(b);
  return !mlirOperationIsNull(op);
}

/* A top-level attribute alias `#name = value` (e.g. `#loc1 = loc("f.py":1:2)`, `#di_file = #cuda_tile.di_file<..>`):
 * debug-info aliases were read by ct_di_prescan; here the syntax is checked (a name, `=`, a value with
 * balanced brackets) and the text is skipped. */
static bool skip_attribute_alias(ct_parser *p) {
  ct_parser_advance(p, 1); /* '#' */
  size_t n = 0;
  while (p->pos + n < p->len && is_id_char(p->src[p->pos + n])) n++;
  if (!n) return perr(p, "expected attribute alias name after '#'");
  ct_parser_advance(p, n);
  if (!expect_punct(p, "=")) return false;
  ct_parser_skip_ws(p);
  if (p->pos < p->len && p->src[p->pos] == '#') ct_parser_advance(p, 1);
  n = ident_len(p);
  if (!n) return perr(p, "expected attribute value");
  ct_parser_advance(p, n);
  if (p->pos < p->len && (p->src[p->pos] == '<' || p->src[p->pos] == '(')) {
    size_t end;
    if (!balanced_span(p, &end)) return false;
    ct_parser_advance(p, end - p->pos);
  }
  return true;
}

/* ---------------------------------------------------------------- op dispatch */

static bool parse_op(ct_parser *p, MlirBlock block) {
  ct_parser_skip_ws(p);
  MlirLocation loc = loc_here(p);
  lhs_names lhs = {0};
  if (ct_parser_peek(p) == '%') {
    for (;;) {
      ct_parser_skip_ws(p);
      if (lhs.n >= 64) return perr(p, "too many result names");
      lhs.v[lhs.n].line = p->line, lhs.v[lhs.n].col = p->col;
      int idx;
      if (!parse_value_name(p, &lhs.v[lhs.n].name, &lhs.v[lhs.n].len, &idx)) return false;
      int count = 1;
      if (p->pos < p->len && p->src[p->pos] == ':') {
        ct_parser_advance(p, 1);
        size_t s = p->pos;
        while (p->pos < p->len && p->src[p->pos] >= '0' && p->src[p->pos] <= '9') ct_parser_advance(p, 1);
        if (s == p->pos) return perr(p, "expected result count after ':'");
        count = (int)span_int(p, s);
        if (count <= 0 || count > 64) return perr(p, "invalid result count");
      }
      lhs.v[lhs.n].count = count;
      lhs.total += count;
      lhs.n++;
      if (!eat_punct(p, ",")) break;
    }
    if (!expect_punct(p, "=")) return false;
  }
  ct_parser_skip_ws(p);
  if (ct_parser_peek(p) == '"') return parse_generic_op(p, block, &lhs, loc);
  size_t n = ident_len(p);
  if (!n) {
    if (p->pos >= p->len) return perr(p, "expected operation, got end of input");
    return perr(p, "expected operation name");
  }
  const char *name = p->src + p->pos;
  bool prefixed = n > 10 && memcmp(name, "cuda_tile.", 10) == 0;
  if (!prefixed && !p->in_module) return perr(p, "custom op '%.*s' is unknown", (int)n, name);
  const ct_op_info *info = ct_op_info_by_name(name, n);
  if (!info) {
    if (prefixed) return perr(p, "unknown operation '%.*s'", (int)n, name);
    return perr(p, "unknown operation 'cuda_tile.%.*s'", (int)n, name);
  }
  ct_parser_advance(p, n);
  if (info->id == CT_OP_module) {
    if (lhs.n) return perr(p, "module has no results");
    return parse_module_op(p, block, loc);
  }
  op_builder *b = calloc(1, sizeof *b);
  if (!b) abort();
  b->name = info->full_name;
  b->loc = loc;
  bool ok;
  if (strncmp(info->format, "custom<", 7) == 0) {
    const char *cn = info->format + 7;
    if (strncmp(cn, "entry>", 6) == 0) ok = parse_entry(p, info, b);
    else if (strncmp(cn, "constant>", 9) == 0) ok = parse_constant(p, b);
    else if (strncmp(cn, "make_tensor_view>", 17) == 0) ok = parse_make_tensor_view(p, info, b);
    else if (strncmp(cn, "for>", 4) == 0) ok = parse_for(p, b);
    else if (strncmp(cn, "loop>", 5) == 0) ok = parse_loop(p, b);
    else if (strncmp(cn, "global>", 7) == 0) ok = parse_global(p, b);
    else if (strncmp(cn, "if>", 3) == 0) ok = parse_if(p, b);
    else if (strncmp(cn, "reduce>", 7) == 0) ok = parse_reduce(p, info, b);
    else ok = perr(p, "the pretty form of '%s' is not supported yet; use the generic form", info->full_name);
  } else {
    ok = parse_with_format(p, info, b, &lhs);
  }
  if (ok) ok = ct_di_parse_trailing_loc(p, &b->loc);
  if (!ok) p->failed = true;
  MlirOperation op = ob_create(p, b, info, block, &lhs);
  free(b);
  return !mlirOperationIsNull(op);
}

/* ---------------------------------------------------------------- entry point */

MlirModule ct_parse_text(ct_ctx *c, const char *filename, int first_line, const char *text, size_t len) {
  ct_parser ps = {0};
  ct_parser *p = &ps;
  p->c = c;
  p->mctx = c->mlir;
  p->file = filename ? filename : "<stdin>";
  p->src = text;
  p->len = len;
  p->line = first_line > 0 ? first_line : 1;
  p->col = 1;
  MlirModule m = mlirModuleCreateEmpty(mlirLocationFileLineColGet(p->mctx, mlirStringRefCreateFromCString(p->file),
                                                                  (unsigned)p->line, 1));
  MlirBlock body = mlirModuleGetBody(m);
  for (size_t i = 0; i < len; i++)
    if (text[i] == 0) {
      /* locate the NUL for the message */
      ct_parser_advance(p, i);
      perr(p, "unexpected NUL byte in input");
      break;
    }
  if (!p->failed) ct_di_prescan(p);
  while (!p->failed) {
    char ch = ct_parser_peek(p);
    if (!ch) break;
    if (ch == '#') {
      skip_attribute_alias(p);
      continue;
    }
    if (peek_kw(p, "module") && !peek_kw(p, "cuda_tile.module")) {
      /* builtin `module { ... }` wrapper */
      ct_parser_advance(p, 6);
      if (ct_parser_peek(p) == '@') {
        char sym[256];
        if (!parse_symbol_name(p, sym, sizeof sym)) break;
      }
      if (!expect_punct(p, "{")) break;
      while (!p->failed && ct_parser_peek(p) != '}') {
        if (!ct_parser_peek(p)) {
          perr(p, "expected '}', got end of input");
          break;
        }
        parse_op(p, body);
      }
      if (!p->failed && expect_punct(p, "}")) {
        MlirLocation ml = {NULL};
        if (ct_di_parse_trailing_loc(p, &ml) && !mlirLocationIsNull(ml))
          mlirOperationSetLocation(mlirModuleGetOperation(m), ml);
      }
      continue;
    }
    if (at_bare_module_op(p)) {
      parse_implicit_module(p, body);
      continue;
    }
    parse_op(p, body);
  }
  free(p->ents);
  free(p->buckets);
  ct_di_parser_free(p);
  if (p->failed) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

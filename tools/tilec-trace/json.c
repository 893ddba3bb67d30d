/* json: the minimal JSON reader of tilec-trace (see json.h).
 * Algorithm: recursive descent over the byte buffer; every allocation is attached to the tree as soon
 * as it is made, so an error anywhere frees everything with one tt_json_free of the root.
 * Knobs: TT_JSON_MAX_DEPTH. Owner: sched. */
#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
  const char *s;
  size_t len, pos;
  tt_json_error *err;
  bool failed;
} parser;

static void fail(parser *p, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = true;
  if (!p->err) return;
  p->err->offset = p->pos;
  p->err->line = 1, p->err->column = 1;
  for (size_t i = 0; i < p->pos && i < p->len; i++) {
    if (p->s[i] == '\n') p->err->line++, p->err->column = 1;
    else p->err->column++;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
  va_end(ap);
}

static void *xmalloc(size_t n) {
  void *q = malloc(n ? n : 1);
  if (!q) {
    fputs("tilec-trace: out of memory\n", stderr);
    exit(1);
  }
  return q;
}

static tt_json *node(tt_json_kind k) {
  tt_json *v = xmalloc(sizeof *v);
  memset(v, 0, sizeof *v);
  v->kind = k;
  return v;
}

void tt_json_free(tt_json *v) {
  if (!v) return;
  for (size_t i = 0; i < v->n; i++) {
    tt_json_free(v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items), free(v->keys), free(v->str);
  free(v);
}

static void skip_ws(parser *p) {
  while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
    p->pos++;
}

static int peek(const parser *p) { return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1; }

static const char *describe(int c, char buf[16]) {
  if (c < 0) return "end of input";
  if (c >= 0x20 && c < 0x7f) snprintf(buf, 16, "'%c'", c);
  else snprintf(buf, 16, "byte 0x%02x", c);
  return buf;
}

static void put_utf8(char *out, size_t *n, unsigned cp) {
  if (cp < 0x80) out[(*n)++] = (char)cp;
  else if (cp < 0x800) out[(*n)++] = (char)(0xc0 | (cp >> 6)), out[(*n)++] = (char)(0x80 | (cp & 0x3f));
  else if (cp < 0x10000)
    out[(*n)++] = (char)(0xe0 | (cp >> 12)), out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f)), out[(*n)++] = (char)(0x80 | (cp & 0x3f));
  else
    out[(*n)++] = (char)(0xf0 | (cp >> 18)), out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3f)),
    out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3f)), out[(*n)++] = (char)(0x80 | (cp & 0x3f));
}

static bool hex4(parser *p, unsigned *out) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    int c = peek(p);
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) { fail(p, "bad \\u escape: expected 4 hex digits"); return false; }
    v = v * 16 + (unsigned)d;
    p->pos++;
  }
  *out = v;
  return true;
}

/* A string starting at the opening quote; returns the owned, decoded text (NULL on error). */
static char *parse_string(parser *p) {
  p->pos++; /* '"' */
  size_t start = p->pos;
  char *out = xmalloc(p->len - start + 1); /* decoded text is never longer than the source */
  size_t n = 0;
  for (;;) {
    int c = peek(p);
    if (c < 0) { fail(p, "unterminated string"); break; }
    if (c == '"') { p->pos++; out[n] = 0; return out; }
    if (c < 0x20) { fail(p, "control character in string"); break; }
    if (c != '\\') { out[n++] = (char)c, p->pos++; continue; }
    p->pos++;
    int e = peek(p);
    p->pos++;
    switch (e) {
    case '"': out[n++] = '"'; break;
    case '\\': out[n++] = '\\'; break;
    case '/': out[n++] = '/'; break;
    case 'b': out[n++] = '\b'; break;
    case 'f': out[n++] = '\f'; break;
    case 'n': out[n++] = '\n'; break;
    case 'r': out[n++] = '\r'; break;
    case 't': out[n++] = '\t'; break;
    case 'u': {
      unsigned cp;
      if (!hex4(p, &cp)) goto bad;
      if (cp >= 0xd800 && cp < 0xdc00) {
        unsigned lo;
        if (peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u') { fail(p, "lone high surrogate"); goto bad; }
        p->pos += 2;
        if (!hex4(p, &lo)) goto bad;
        if (lo < 0xdc00 || lo >= 0xe000) { fail(p, "bad low surrogate"); goto bad; }
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
      } else if (cp >= 0xdc00 && cp < 0xe000) { fail(p, "lone low surrogate"); goto bad; }
      if (cp == 0) { fail(p, "\\u0000 in string"); goto bad; }
      put_utf8(out, &n, cp); /* at most 4 bytes for 6+ source bytes */
      break;
    }
    default:
      p->pos--;
      fail(p, "bad escape in string");
      goto bad;
    }
  }
bad:
  free(out);
  return NULL;
}

static tt_json *parse_value(parser *p, int depth);

static void push(tt_json *v, char *key, tt_json *item) {
  if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two: 0, 1, 2, 4, ... */
    size_t cap = v->n ? v->n * 2 : 1;
    tt_json **ni = realloc(v->items, cap * sizeof *ni);
    if (!ni) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
    v->items = ni;
    if (v->kind == TT_OBJ) {
      char **nk = realloc(v->keys, cap * sizeof *nk);
      if (!nk) { fputs("tilec-trace: out of memory\n", stderr); exit(1); }
      v->keys = nk;
    }
  }
  if (v->kind == TT_OBJ) v->keys[v->n] = key;
  v->items[v->n++] = item;
}

static tt_json *parse_container(parser *p, int depth, bool obj) {
  tt_json *v = node(obj ? TT_OBJ : TT_ARR);
  p->pos++; /* '[' or '{' */
  skip_ws(p);
  if (peek(p) == (obj ? '}' : ']')) { p->pos++; return v; }
  for (;;) {
    char *key = NULL;
    char buf[16];
    if (obj) {
      skip_ws(p);
      if (peek(p) != '"') { fail(p, "expected a string key, got %s", describe(peek(p), buf)); break; }
      key = parse_string(p);
      if (!key) break;
      skip_ws(p);
      if (peek(p) != ':') { free(key); fail(p, "expected ':' after key, got %s", describe(peek(p), buf)); break; }
      p->pos++;
    }
    tt_json *item = parse_value(p, depth + 1);
    if (!item) { free(key); break; }
    push(v, key, item);
    skip_ws(p);
    int c = peek(p);
    if (c == ',') { p->pos++; continue; }
    if (c == (obj ? '}' : ']')) { p->pos++; return v; }
    fail(p, "expected ',' or '%c', got %s", obj ? '}' : ']', describe(c, buf));
    break;
  }
  tt_json_free(v);
  return NULL;
}

static tt_json *parse_number(parser *p) {
  size_t start = p->pos;
  if (peek(p) == '-') p->pos++;
  if (peek(p) == '0') p->pos++;
  else if (peek(p) >= '1' && peek(p) <= '9') while (peek(p) >= '0' && peek(p) <= '9') p->pos++;
  else { fail(p, "bad number"); return NULL; }
  if (peek(p) == '.') {
    p->pos++;
    if (!(peek(p) >= '0' && peek(p) <= '9')) { fail(p, "bad number: digit expected after '.'"); return NULL; }
    while (peek(p) >= '0' && peek(p) <= '9') p->pos++;
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    p->pos++;
    if (peek(p) == '+' || peek(p) == '-') p->pos++;
    if (!(peek(p) >= '0' && peek(p) <= '9')) { fail(p, "bad number: digit expected in exponent"); return NULL; }
    while (peek(p) >= '0' && peek(p) <= '9') p->pos++;
  }
  char buf[64];
  size_t k = p->pos - start;
  if (k >= sizeof buf) { p->pos = start; fail(p, "number too long"); return NULL; }
  memcpy(buf, p->s + start, k);
  buf[k] = 0;
  tt_json *v = node(TT_NUM);
  v->num = strtod(buf, NULL);
  return v;
}

static tt_json *parse_value(parser *p, int depth) {
  char buf[16];
  skip_ws(p);
  if (depth > TT_JSON_MAX_DEPTH) { fail(p, "nesting deeper than %d", TT_JSON_MAX_DEPTH); return NULL; }
  int c = peek(p);
  if (c == '{' || c == '[') return parse_container(p, depth, c == '{');
  if (c == '"') {
    char *s = parse_string(p);
    if (!s) return NULL;
    tt_json *v = node(TT_STR);
    v->str = s;
    return v;
  }
  if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p);
  static const struct { const char *w; tt_json_kind k; bool b; } words[] = {
      {"true", TT_BOOL, true}, {"false", TT_BOOL, false}, {"null", TT_NULL, false}};
  for (size_t i = 0; i < 3; i++) {
    size_t k = strlen(words[i].w);
    if (p->len - p->pos >= k && memcmp(p->s + p->pos, words[i].w, k) == 0) {
      p->pos += k;
      tt_json *v = node(words[i].k);
      v->b = words[i].b;
      return v;
    }
  }
  fail(p, "expected a value, got %s", describe(c, buf));
  return NULL;
}

tt_json *tt_json_parse(const char *text, size_t len, tt_json_error *err) {
  parser p = {.s = text, .len = len, .err = err};
  if (err) memset(err, 0, sizeof *err);
  tt_json *v = parse_value(&p, 0);
  if (v) {
    skip_ws(&p);
    if (p.pos < p.len) {
      char buf[16];
      fail(&p, "trailing data after the top-level value: %s", describe(peek(&p), buf));
      tt_json_free(v);
      v = NULL;
    }
  }
  return v;
}

const tt_json *tt_json_get(const tt_json *obj, const char *key) {
  if (!obj || obj->kind != TT_OBJ) return NULL;
  for (size_t i = 0; i < obj->n; i++)
    if (strcmp(obj->keys[i], key) == 0) return obj->items[i];
  return NULL;
}

const char *tt_json_str(const tt_json *obj, const char *key) {
  const tt_json *v = tt_json_get(obj, key);
  return v && v->kind == TT_STR ? v->str : NULL;
}

bool tt_json_int(const tt_json *obj, const char *key, long long *out) {
  const tt_json *v = tt_json_get(obj, key);
  if (!v || v->kind != TT_NUM || v->num != floor(v->num) || fabs(v->num) > 9.0e15) return false;
  *out = (long long)v->num;
  return true;
}

/* strbuf: growable byte buffer (see strbuf.h). Growth doubles capacity; allocation failure aborts
 * with a message, since every caller would otherwise have to handle it identically. */
#include "support/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void strbuf_reserve(ct_strbuf *sb, size_t extra) {
  size_t need = sb->len + extra + 1;
  if (need <= sb->cap) return;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < need) cap *= 2;
  char *p = realloc(sb->data, cap);
  if (!p) {
    fprintf(stderr, "tilec: out of memory\n");
    abort();
  }
  sb->data = p;
  sb->cap = cap;
}

void ct_strbuf_init(ct_strbuf *sb) { sb->data = NULL, sb->len = 0, sb->cap = 0; }
void ct_strbuf_free(ct_strbuf *sb) {
  free(sb->data);
  ct_strbuf_init(sb);
}
void ct_strbuf_clear(ct_strbuf *sb) {
  sb->len = 0;
  if (sb->data) sb->data[0] = 0;
}
void ct_strbuf_append(ct_strbuf *sb, const char *bytes, size_t n) {
  strbuf_reserve(sb, n);
  if (n) memcpy(sb->data + sb->len, bytes, n);
  sb->len += n;
  sb->data[sb->len] = 0;
}
void ct_strbuf_puts(ct_strbuf *sb, const char *s) { ct_strbuf_append(sb, s, strlen(s)); }
void ct_strbuf_putc(ct_strbuf *sb, char c) { ct_strbuf_append(sb, &c, 1); }
void ct_strbuf_vprintf(ct_strbuf *sb, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n <= 0) return;
  strbuf_reserve(sb, (size_t)n);
  vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
  sb->len += (size_t)n;
}
void ct_strbuf_printf(ct_strbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ct_strbuf_vprintf(sb, fmt, ap);
  va_end(ap);
}
char *ct_strbuf_take(ct_strbuf *sb) {
  if (!sb->data) strbuf_reserve(sb, 0), sb->data[0] = 0;
  char *p = sb->data;
  ct_strbuf_init(sb);
  return p;
}
void ct_strbuf_mlir_callback(MlirStringRef s, void *user_data) {
  ct_strbuf_append((ct_strbuf *)user_data, s.data, s.length);
}

/* strbuf: a growable, NUL-terminated byte buffer used by printers and emitters.
 * Ownership: ct_strbuf_init/ct_strbuf_free; ct_strbuf_take hands the bytes to the caller (free()). */
#ifndef TILEC_SUPPORT_STRBUF_H
#define TILEC_SUPPORT_STRBUF_H
#include <stdarg.h>
#include <stddef.h>

typedef struct ct_strbuf {
  char *data; /* always NUL-terminated when non-NULL */
  size_t len;
  size_t cap;
} ct_strbuf;

void ct_strbuf_init(ct_strbuf *sb);
void ct_strbuf_free(ct_strbuf *sb);
void ct_strbuf_clear(ct_strbuf *sb);
void ct_strbuf_append(ct_strbuf *sb, const char *bytes, size_t n);
void ct_strbuf_puts(ct_strbuf *sb, const char *s);
void ct_strbuf_putc(ct_strbuf *sb, char c);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void ct_strbuf_printf(ct_strbuf *sb, const char *fmt, ...);
void ct_strbuf_vprintf(ct_strbuf *sb, const char *fmt, va_list ap);
/* Returns the buffer (caller frees with free()) and leaves sb empty. Never NULL. */
char *ct_strbuf_take(ct_strbuf *sb);
/* MlirStringCallback-compatible appender: user_data is a ct_strbuf *. */
#include <mlir-c/Support.h>
void ct_strbuf_mlir_callback(MlirStringRef s, void *user_data);
#endif

/* file_io: whole-file reads and writes (see file_io.h). Reads grow a buffer so pipes work too. */
#include "support/file_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *ct_read_file(const char *path, size_t *len_out) {
  bool is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) abort();
  for (;;) {
    if (len + 1 >= cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) abort();
      buf = nb;
    }
    size_t n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
    if (n == 0) break;
  }
  int err = ferror(f) ? errno : 0;
  if (!is_stdin) fclose(f);
  if (err) {
    free(buf);
    errno = err ? err : EIO;
    return NULL;
  }
  buf[len] = 0;
  *len_out = len;
  return buf;
}

bool ct_write_file(const char *path, const void *data, size_t len) {
  bool is_stdout = strcmp(path, "-") == 0;
  FILE *f = is_stdout ? stdout : fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(data, 1, len, f) == len;
  if (is_stdout)
    ok = fflush(f) == 0 && ok;
  else
    ok = fclose(f) == 0 && ok;
  return ok;
}

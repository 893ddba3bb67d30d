/* file_io: whole-file reads and writes for the driver and tools ("-" = stdin/stdout). */
#ifndef TILEC_SUPPORT_FILE_IO_H
#define TILEC_SUPPORT_FILE_IO_H
#include <stdbool.h>
#include <stddef.h>

/* Reads the whole file; returns a malloc'd NUL-terminated buffer (caller frees) or NULL with errno. */
char *ct_read_file(const char *path, size_t *len_out);
/* Writes len bytes; returns false with errno on failure. */
bool ct_write_file(const char *path, const void *data, size_t len);
#endif

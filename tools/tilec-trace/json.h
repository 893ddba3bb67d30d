/* json: a minimal, strict JSON reader for tilec-trace (RFC 8259 values: null, true, false, numbers,
 * strings with \uXXXX escapes and surrogate pairs, arrays, objects) into an owned tree.
 * Algorithm: recursive descent with a nesting limit (no stack exhaustion on hostile input); the first
 * error stops the parse and is reported with its byte offset, line and column.
 * Knobs: TT_JSON_MAX_DEPTH. No dependencies beyond libc. Owner: sched. */
#ifndef TILEC_TRACE_JSON_H
#define TILEC_TRACE_JSON_H
#include <stdbool.h>
#include <stddef.h>

#define TT_JSON_MAX_DEPTH 64

typedef enum tt_json_kind { TT_NULL, TT_BOOL, TT_NUM, TT_STR, TT_ARR, TT_OBJ } tt_json_kind;

typedef struct tt_json tt_json;
struct tt_json {
  tt_json_kind kind;
  bool b;
  double num;
  char *str;       /* TT_STR: NUL-terminated UTF-8 (embedded NULs are rejected) */
  tt_json **items; /* TT_ARR / TT_OBJ values */
  char **keys;     /* TT_OBJ keys, parallel to items */
  size_t n;
};

typedef struct tt_json_error {
  size_t offset;   /* byte offset of the error */
  int line, column;/* 1-based */
  char msg[128];
} tt_json_error;

/* Parse `len` bytes. NULL + *err on malformed input. Free with tt_json_free. */
tt_json *tt_json_parse(const char *text, size_t len, tt_json_error *err);
void tt_json_free(tt_json *v);

/* Lookups (NULL when absent or of another kind). */
const tt_json *tt_json_get(const tt_json *obj, const char *key);
const char *tt_json_str(const tt_json *obj, const char *key);            /* string member */
bool tt_json_int(const tt_json *obj, const char *key, long long *out);   /* integral number member */
#endif

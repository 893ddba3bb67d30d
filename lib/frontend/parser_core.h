/* parser_core: internal interface shared by the cuda_tile parser files (lexer cursor, SSA scopes,
 * op building). Not a public API. Owner: frontend. */
#ifndef TILEC_FRONTEND_PARSER_CORE_H
#define TILEC_FRONTEND_PARSER_CORE_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "support/context.h"

typedef struct ct_ssa_entry {
  const char *name; /* points into the source text, without '%' */
  size_t len;
  MlirValue first;      /* single value (block argument) */
  MlirOperation op;     /* or: results [start, start+count) of op */
  int start, count;
  int next;             /* hash chain */
} ct_ssa_entry;

typedef struct ct_parser {
  ct_ctx *c;
  MlirContext mctx;
  const char *file;
  const char *src;
  size_t len, pos;
  int line, col; /* of pos */
  bool failed;
  bool in_module; /* inside a cuda_tile.module: prefixes optional */
  /* SSA names */
  ct_ssa_entry *ents;
  size_t nents, cap;
  int *buckets;
  size_t nbuckets;
  MlirIdentifier file_id;
  struct ct_di_state *di;        /* debug-info aliases (debuginfo.c) */
  const MlirLocation *arg_locs;  /* locations of the next region's entry arguments, or NULL */
  int di_depth;                  /* nesting of debug-info locations/attributes being parsed */
  int region_depth;              /* nesting of regions being parsed (bounded: recursion) */
} ct_parser;
/* One element of an op's assembly format (see dialect/cuda_tile_ops.def). */
typedef struct fmt_tok {
  enum { FT_OPERAND, FT_LIT, FT_NOSPACE, FT_ATTR, FT_TYPE, FT_TYPES, FT_TYPE_RESULTS, FT_TYPES_RESULTS, FT_TOKEN_RESULTS, FT_ATTRDICT,
         FT_GROUP_BEGIN, FT_GROUP_END, FT_CUSTOM } kind;
  const char *s;
  size_t n;
} fmt_tok;
/* Parse the MLIR attribute written at s[0, n) (line, col of s): MLIR's errors are reported at the
 * source position; null (and p->failed) on error. */
MlirAttribute ct_parser_attr_at(ct_parser *p, const char *s, size_t n, int line, int col);
/* Split a format string into elements; aborts on a malformed format (a bug in the .def). */
int ct_format_tokens(const char *f, fmt_tok *out, int cap);
/* Lexing primitives shared by the parser and the debug-info parser (parser.c). */
void ct_parser_advance(ct_parser *p, size_t n);   /* n bytes forward, tracking line/col */
void ct_parser_skip_ws(ct_parser *p);             /* whitespace and // comments */
char ct_parser_peek(ct_parser *p);                /* next significant byte, 0 at the end */
/* Report the first error of a parse at line:col (later ones are suppressed); returns false. */
bool ct_parser_error_at(ct_parser *p, int line, int col, const char *fmt, ...) CT_PRINTF(4, 5);
#endif

/* debuginfo: cuda_tile debug-info locations and attributes (docs/debuginfo.md) — their parser
 * (trailing `loc(...)`, top-level `#alias = ...` definitions), their printer (aliases after the
 * modules, as MLIR prints deferred location aliases) and accessors shared by the verifier and the
 * bytecode. Representation (the C API cannot define a LocationAttr):
 *   #cuda_tile.di_file / di_compile_unit / di_subprogram / di_lexical_block
 *       -> OpaqueAttr(cuda_tile, "<mnemonic><...>") with every nested di attribute spelled out in
 *          full (no aliases), params in NVIDIA's declaration order; equal attributes are equal handles.
 *   #cuda_tile.di_loc<FLC in SCOPE> -> FusedLoc([FLC], metadata = SCOPE) where SCOPE is a
 *       di_subprogram / di_lexical_block attribute. (A user-written `fused<#cuda_tile.di_...>[FLC]`
 *       with such a scope and one FileLineCol is the same location and prints as a di_loc.)
 *   other locations -> the builtin MLIR locations (unknown, FileLineCol, Name, CallSite, Fused).
 * Owner: frontend. */
#ifndef TILEC_FRONTEND_DEBUGINFO_H
#define TILEC_FRONTEND_DEBUGINFO_H
#include <mlir-c/IR.h>
#include <stdbool.h>

#include "frontend/parser_core.h"
#include "support/strbuf.h"

typedef enum ct_di_kind {
  CT_DI_NONE = 0,
  CT_DI_FILE,
  CT_DI_COMPILE_UNIT,
  CT_DI_SUBPROGRAM,
  CT_DI_LEXICAL_BLOCK,
} ct_di_kind;

/* A di attribute taken apart. Strings point into the attribute's storage (valid for the
 * context's lifetime). Absent attribute parameters are null handles / has_* false. */
typedef struct ct_di_node {
  ct_di_kind kind;
  MlirAttribute file, compile_unit, scope; /* nested di attributes */
  MlirStringRef name, dir_or_linkage;      /* di_file: name, directory; di_subprogram: name, linkageName */
  unsigned line, extra;                    /* extra: scopeLine (subprogram) or column (lexical block) */
  bool has_extra;
} ct_di_node;

ct_di_kind ct_di_attr_kind(MlirAttribute a);
/* Decompose a di attribute; false if `a` is not one (or is malformed). */
bool ct_di_attr_get(MlirContext ctx, MlirAttribute a, ct_di_node *out);
/* Build di attributes (the canonical opaque form). `file`, `cu`, `scope` must be di attributes of the
 * right kinds. */
MlirAttribute ct_di_file_get(MlirContext ctx, MlirStringRef name, MlirStringRef dir);
MlirAttribute ct_di_compile_unit_get(MlirContext ctx, MlirAttribute file);
MlirAttribute ct_di_subprogram_get(MlirContext ctx, MlirAttribute file, unsigned line, MlirStringRef name,
                                   MlirStringRef linkage, MlirAttribute cu, bool has_scope_line, unsigned scope_line);
MlirAttribute ct_di_lexical_block_get(MlirContext ctx, MlirAttribute scope, MlirAttribute file, unsigned line,
                                      bool has_column, unsigned column);
MlirLocation ct_di_loc_get(MlirLocation flc, MlirAttribute scope);
/* Is `loc` a di_loc? Then its FileLineCol and scope. */
bool ct_di_loc_split(MlirLocation loc, MlirLocation *flc, MlirAttribute *scope);
/* The di_loc a location carries, looking through callsite callers, fused members, name children
 * (NVIDIA's getDILoc); a null location if none. */
MlirLocation ct_di_find_loc(MlirLocation loc);
/* The subprogram of a local scope (a lexical block's chain), or a null attribute. */
MlirAttribute ct_di_subprogram_of(MlirContext ctx, MlirAttribute scope);

/* Append the bytes an escaped string (as in ct_di_node) stands for. */
void ct_di_unescape(MlirStringRef escaped, ct_strbuf *out);
/* Does the (escaped, as in ct_di_node) string equal the plain bytes `plain`? */
bool ct_di_str_eq(MlirStringRef escaped, MlirStringRef plain);

/* ---- verifier (verify_debuginfo.c): NVIDIA's function/global scope rules; false after errors. */
bool ct_verify_debuginfo(ct_ctx *c, MlirModule m);

/* ---- parser side (the parser's alias table lives in ct_parser.di) */
/* Parse the top-level alias definitions of the whole input first (location aliases may be used
 * before they are defined, as MLIR prints them after the modules). Returns false after an error. */
bool ct_di_prescan(ct_parser *p);
/* If the input continues with `loc(...)`, parse it into *loc; otherwise leave *loc. */
bool ct_di_parse_trailing_loc(ct_parser *p, MlirLocation *loc);
void ct_di_parser_free(ct_parser *p);

/* ---- printer side */
typedef struct ct_di_printer ct_di_printer;
ct_di_printer *ct_di_printer_create(void);
void ct_di_printer_destroy(ct_di_printer *dp);
/* Pass 1: register every location in print order. */
void ct_di_printer_note(ct_di_printer *dp, MlirLocation loc);
/* Between the passes: assign alias names (MLIR's order: by depth, then name, then first use). */
void ct_di_printer_finish(ct_di_printer *dp);
/* Pass 2: ` loc(#locN)` after an op or block argument. */
void ct_di_printer_use(ct_di_printer *dp, MlirLocation loc, ct_strbuf *out);
/* After the modules: the `#alias = ...` definitions. */
void ct_di_printer_defs(ct_di_printer *dp, ct_strbuf *out);
#endif

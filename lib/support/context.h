/* context: the compiler-wide state every layer receives — the MLIR context (with the llvm and nvvm
 * dialects loaded and unregistered dialects allowed, since cuda_tile/tileaa/tileas ops live in MLIR
 * as unregistered operations, see docs/ir.md) and the diagnostic engine.
 *
 * Diagnostics are printed as `file:line:col: error: message` on stderr, or captured (for
 * --verify-diagnostics) and matched against `expected-*` annotations by support/verify_diag.c.
 * MLIR's own diagnostics (attribute/type parse errors, translation errors) are forwarded here.
 * Ownership: ct_ctx_create / ct_ctx_destroy. */
#ifndef TILEC_SUPPORT_CONTEXT_H
#define TILEC_SUPPORT_CONTEXT_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef enum { CT_DIAG_ERROR, CT_DIAG_WARNING, CT_DIAG_NOTE, CT_DIAG_REMARK } ct_severity;

typedef struct ct_diag {
  ct_severity severity;
  char *file; /* owned */
  int line, col;
  char *message; /* owned */
} ct_diag;

typedef struct ct_ctx {
  MlirContext mlir;
  bool capture;      /* collect diagnostics instead of printing them */
  ct_diag *diags;    /* captured diagnostics (when capture) */
  size_t ndiags, diags_cap;
  int nerrors;       /* errors emitted since creation or last ct_ctx_reset_errors */
  FILE *err;         /* where printed diagnostics go (stderr) */
  bool remarks;      /* --remarks: print remarks (otherwise dropped) */
  bool loc_style;    /* print `loc("file":line:col): error: message` (tileiras's form, which cuTile
                        parses) instead of `file:line:col: error: message` */
  FILE *remarks_yaml; /* when set, remarks are written here as LLVM-style YAML remark documents
                         (tileiras --remark-format=yaml); not owned */
  unsigned remarks_yaml_kinds; /* CT_REMARK_* bits of the remarks written to remarks_yaml */
} ct_ctx;

/* Remark classes for remarks_yaml_kinds (tileiras's --remarks=memory|tensorcore and the
 * --remarks-passed/missed/analysis filters): a remark about the tensor-core path taken ("wgmma
 * path: ...") is Passed, one about a path not taken ("mma.sync path: ...") Missed, others Analysis. */
enum {
  CT_REMARK_TENSORCORE_PASSED = 1, CT_REMARK_TENSORCORE_MISSED = 2, CT_REMARK_TENSORCORE_ANALYSIS = 4,
  CT_REMARK_MEMORY_PASSED = 8, CT_REMARK_MEMORY_MISSED = 16, CT_REMARK_MEMORY_ANALYSIS = 32,
};

ct_ctx *ct_ctx_create(void);
void ct_ctx_destroy(ct_ctx *c);

#if defined(__GNUC__)
#define CT_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CT_PRINTF(a, b)
#endif

/* Emit a diagnostic at an explicit position. file may be NULL ("<unknown>"). */
void ct_diag_emit(ct_ctx *c, ct_severity sev, const char *file, int line, int col, const char *fmt, ...)
    CT_PRINTF(6, 7);
/* Emit at an MLIR location (FileLineCol, or the first FileLineCol inside a fused/name location). */
void ct_diag_emit_at(ct_ctx *c, ct_severity sev, MlirLocation loc, const char *fmt, ...) CT_PRINTF(4, 5);
void ct_diag_vemit(ct_ctx *c, ct_severity sev, const char *file, int line, int col, const char *fmt,
                   va_list ap);

#define ct_error_at(c, loc, ...) ct_diag_emit_at((c), CT_DIAG_ERROR, (loc), __VA_ARGS__)
#define ct_error_op(c, op, ...) ct_diag_emit_at((c), CT_DIAG_ERROR, mlirOperationGetLocation(op), __VA_ARGS__)
#define ct_remark_op(c, op, ...) ct_diag_emit_at((c), CT_DIAG_REMARK, mlirOperationGetLocation(op), __VA_ARGS__)

/* Resolve a location to file/line/col; returns false for unknown locations (outputs untouched). */
bool ct_location_resolve(MlirLocation loc, const char **file, size_t *file_len, int *line, int *col);

void ct_ctx_clear_diags(ct_ctx *c);
#endif

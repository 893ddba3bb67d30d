/* context: MLIR context set-up and the diagnostic engine (see context.h). */
#include "support/context.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/Dialect/LLVM.h>
#include <mlir-c/Dialect/NVVM.h>
#include <mlir-c/RegisterEverything.h>
#include <mlir-c/Target/LLVMIR.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "support/strbuf.h"

static const char *severity_name(ct_severity s) {
  switch (s) {
  case CT_DIAG_ERROR: return "error";
  case CT_DIAG_WARNING: return "warning";
  case CT_DIAG_NOTE: return "note";
  case CT_DIAG_REMARK: return "remark";
  }
  return "error";
}

static char *dup_n(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) abort();
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* A YAML single-quoted scalar: quotes doubled, control characters dropped. */
static void yaml_quoted(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputs("''", f);
    else if ((unsigned char)*s >= 0x20) fputc(*s, f);
  }
  fputc('\'', f);
}

/* One remark as an LLVM-style YAML document (the format tileiras writes with --remark-format=yaml):
 *   --- !Passed|!Missed|!Analysis / Pass / Name / DebugLoc / Function / Args / ... */
static void write_yaml_remark(ct_ctx *c, const char *file, int line, int col, const char *msg) {
  bool tensorcore = strncmp(msg, "wgmma path", 10) == 0 || strncmp(msg, "mma.sync path", 13) == 0;
  const char *kind = strncmp(msg, "wgmma path", 10) == 0 ? "Passed" : strncmp(msg, "mma.sync path", 13) == 0 ? "Missed" : "Analysis";
  unsigned bit = (kind[0] == 'P' ? 1u : kind[0] == 'M' ? 2u : 4u) << (tensorcore ? 0 : 3);
  if (!(c->remarks_yaml_kinds & bit)) return;
  FILE *f = c->remarks_yaml;
  fprintf(f, "--- !%s\nPass:            %s\nName:            %s\nDebugLoc:        { File: ", kind,
          tensorcore ? "Tensor-core" : "Memory", tensorcore ? "TilecTensorCorePath" : "TilecRemark");
  yaml_quoted(f, file);
  fprintf(f, ", Line: %d, Column: %d }\nFunction:        ''\nArgs:\n  - Remark:      ", line, col);
  yaml_quoted(f, msg);
  fputs("\n...\n", f);
}

void ct_diag_vemit(ct_ctx *c, ct_severity sev, const char *file, int line, int col, const char *fmt,
                   va_list ap) {
  ct_strbuf msg;
  ct_strbuf_init(&msg);
  ct_strbuf_vprintf(&msg, fmt, ap);
  if (sev == CT_DIAG_ERROR) c->nerrors++;
  if (!file) file = "<unknown>";
  if (c->capture) {
    if (c->ndiags == c->diags_cap) {
      c->diags_cap = c->diags_cap ? 2 * c->diags_cap : 16;
      c->diags = realloc(c->diags, c->diags_cap * sizeof *c->diags);
      if (!c->diags) abort();
    }
    ct_diag *d = &c->diags[c->ndiags++];
    d->severity = sev;
    d->file = dup_n(file, strlen(file));
    d->line = line;
    d->col = col;
    d->message = ct_strbuf_take(&msg);
    return;
  }
  if (sev == CT_DIAG_REMARK && c->remarks_yaml) write_yaml_remark(c, file, line, col, msg.data ? msg.data : "");
  if (sev != CT_DIAG_REMARK || c->remarks) {
    if (!c->loc_style)
      fprintf(c->err, "%s:%d:%d: %s: %s\n", file, line, col, severity_name(sev), msg.data ? msg.data : "");
    else if (strcmp(file, "<unknown>") == 0)
      fprintf(c->err, "%s: %s\n", severity_name(sev), msg.data ? msg.data : "");
    else if (line > 0)
      fprintf(c->err, "loc(\"%s\":%d:%d): %s: %s\n", file, line, col, severity_name(sev), msg.data ? msg.data : "");
    else
      fprintf(c->err, "loc(\"%s\"): %s: %s\n", file, severity_name(sev), msg.data ? msg.data : "");
  }
  ct_strbuf_free(&msg);
}

void ct_diag_emit(ct_ctx *c, ct_severity sev, const char *file, int line, int col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ct_diag_vemit(c, sev, file, line, col, fmt, ap);
  va_end(ap);
}

bool ct_location_resolve(MlirLocation loc, const char **file, size_t *file_len, int *line, int *col) {
  if (mlirLocationIsNull(loc)) return false;
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirIdentifier f = mlirLocationFileLineColRangeGetFilename(loc);
    MlirStringRef s = mlirIdentifierStr(f);
    *file = s.data;
    *file_len = s.length;
    *line = mlirLocationFileLineColRangeGetStartLine(loc);
    *col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc)) return ct_location_resolve(mlirLocationNameGetChildLoc(loc), file, file_len, line, col);
  if (mlirLocationIsACallSite(loc))
    return ct_location_resolve(mlirLocationCallSiteGetCaller(loc), file, file_len, line, col);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    if (n <= 0) return false;
    MlirLocation *locs = malloc((size_t)n * sizeof *locs);
    if (!locs) abort();
    mlirLocationFusedGetLocations(loc, locs);
    bool ok = false;
    for (intptr_t i = 0; i < n && !ok; i++) ok = ct_location_resolve(locs[i], file, file_len, line, col);
    free(locs);
    return ok;
  }
  return false;
}

void ct_diag_emit_at(ct_ctx *c, ct_severity sev, MlirLocation loc, const char *fmt, ...) {
  const char *file = NULL;
  size_t flen = 0;
  int line = 0, col = 0;
  char *fname = NULL;
  if (ct_location_resolve(loc, &file, &flen, &line, &col)) fname = dup_n(file, flen);
  va_list ap;
  va_start(ap, fmt);
  ct_diag_vemit(c, sev, fname, line, col, fmt, ap);
  va_end(ap);
  free(fname);
}

/* MLIR's own diagnostics (from attribute parsing, translation, verification of llvm ops). */
static MlirLogicalResult forward_mlir_diag(MlirDiagnostic d, void *user) {
  ct_ctx *c = user;
  ct_severity sev = CT_DIAG_ERROR;
  switch (mlirDiagnosticGetSeverity(d)) {
  case MlirDiagnosticError: sev = CT_DIAG_ERROR; break;
  case MlirDiagnosticWarning: sev = CT_DIAG_WARNING; break;
  case MlirDiagnosticNote: sev = CT_DIAG_NOTE; break;
  case MlirDiagnosticRemark: sev = CT_DIAG_REMARK; break;
  }
  ct_strbuf msg;
  ct_strbuf_init(&msg);
  mlirDiagnosticPrint(d, ct_strbuf_mlir_callback, &msg);
  ct_diag_emit_at(c, sev, mlirDiagnosticGetLocation(d), "%s", msg.data ? msg.data : "");
  ct_strbuf_free(&msg);
  return mlirLogicalResultSuccess();
}

ct_ctx *ct_ctx_create(void) {
  ct_ctx *c = calloc(1, sizeof *c);
  if (!c) abort();
  c->err = stderr;
  c->mlir = mlirContextCreateWithThreading(false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__llvm__(), reg);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__nvvm__(), reg);
  mlirContextAppendDialectRegistry(c->mlir, reg);
  mlirDialectRegistryDestroy(reg);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__llvm__(), c->mlir);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__nvvm__(), c->mlir);
  mlirRegisterAllLLVMTranslations(c->mlir);
  mlirContextSetAllowUnregisteredDialects(c->mlir, true);
  mlirContextAttachDiagnosticHandler(c->mlir, forward_mlir_diag, c, NULL);
  return c;
}

void ct_ctx_clear_diags(ct_ctx *c) {
  for (size_t i = 0; i < c->ndiags; i++) free(c->diags[i].file), free(c->diags[i].message);
  c->ndiags = 0;
}

void ct_ctx_destroy(ct_ctx *c) {
  if (!c) return;
  ct_ctx_clear_diags(c);
  free(c->diags);
  mlirContextDestroy(c->mlir);
  free(c);
}

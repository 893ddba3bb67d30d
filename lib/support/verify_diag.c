/* verify_diag: match captured diagnostics against `expected-*` annotations (see verify_diag.h).
 * Algorithm: scan the chunk line by line for annotations, resolve each to its target line, then for
 * every diagnostic find the first unmatched annotation of the same severity on the same line whose
 * text is a substring of the message. Leftovers on either side are failures. */
#include "support/verify_diag.h"

#include <stdlib.h>
#include <string.h>

typedef struct expectation {
  ct_severity severity;
  int line;        /* target line */
  int anno_line;   /* where the annotation is written */
  int anno_col;
  char *text;
  bool matched;
} expectation;

static const char *severity_word(ct_severity s) {
  switch (s) {
  case CT_DIAG_ERROR: return "error";
  case CT_DIAG_WARNING: return "warning";
  case CT_DIAG_NOTE: return "note";
  case CT_DIAG_REMARK: return "remark";
  }
  return "error";
}

/* Parse all annotations of one line. Appends to *list. Returns false on a malformed annotation. */
/* above/below: the nearest line before/after that carries no annotation (mlir-opt's rule), given
 * as absolute line numbers by the caller. */
static bool parse_line_annotations(ct_ctx *c, const char *filename, const char *line, size_t n, int lineno,
                                   int line_above, int line_below, expectation **list, size_t *count,
                                   size_t *cap) {
  static const struct { const char *word; ct_severity sev; } kinds[] = {
      {"expected-error", CT_DIAG_ERROR}, {"expected-warning", CT_DIAG_WARNING},
      {"expected-note", CT_DIAG_NOTE}, {"expected-remark", CT_DIAG_REMARK}};
  bool ok = true;
  size_t pos = 0;
  while (pos < n) {
    const char *best = NULL;
    int kind = -1;
    for (int k = 0; k < 4; k++) {
      const char *w = kinds[k].word;
      size_t wl = strlen(w);
      for (size_t i = pos; i + wl <= n; i++)
        if (memcmp(line + i, w, wl) == 0 && (!best || line + i < best)) {
          best = line + i, kind = k;
          break;
        }
    }
    if (!best) break;
    size_t i = (size_t)(best - line) + strlen(kinds[kind].word);
    int target = lineno;
    while (i < n && line[i] == ' ') i++;
    if (i < n && line[i] == '@') {
      i++;
      if (i < n && (line[i] == '+' || line[i] == '-')) {
        int sign = line[i] == '+' ? 1 : -1;
        i++;
        long v = 0;
        size_t start = i;
        while (i < n && line[i] >= '0' && line[i] <= '9') v = v * 10 + (line[i++] - '0');
        if (i == start) goto malformed;
        target = lineno + sign * (int)v;
      } else if (n - i >= 5 && memcmp(line + i, "above", 5) == 0) {
        i += 5;
        target = line_above;
      } else if (n - i >= 5 && memcmp(line + i, "below", 5) == 0) {
        i += 5;
        target = line_below;
      } else {
        goto malformed;
      }
    }
    while (i < n && line[i] == ' ') i++;
    if (i + 1 >= n || line[i] != '{' || line[i + 1] != '{') goto malformed;
    i += 2;
    const char *end = NULL;
    for (size_t j = i; j + 1 < n; j++)
      if (line[j] == '}' && line[j + 1] == '}') {
        end = line + j;
        break;
      }
    if (!end) goto malformed;
    if (*count == *cap) {
      *cap = *cap ? *cap * 2 : 16;
      *list = realloc(*list, *cap * sizeof **list);
      if (!*list) abort();
    }
    expectation *e = &(*list)[(*count)++];
    e->severity = kinds[kind].sev;
    e->line = target;
    e->anno_line = lineno;
    e->anno_col = (int)(best - line) + 1;
    size_t tl = (size_t)(end - (line + i));
    e->text = malloc(tl + 1);
    if (!e->text) abort();
    memcpy(e->text, line + i, tl);
    e->text[tl] = 0;
    e->matched = false;
    pos = (size_t)(end - line) + 2;
    continue;
  malformed:
    fprintf(c->err, "%s:%d:%d: error: malformed expected-* annotation\n", filename, lineno,
            (int)(best - line) + 1);
    ok = false;
    pos = (size_t)(best - line) + 1;
  }
  return ok;
}

static bool line_has_annotation(const char *line, size_t n) {
  static const char *words[] = {"expected-error", "expected-warning", "expected-note", "expected-remark"};
  for (int k = 0; k < 4; k++) {
    size_t wl = strlen(words[k]);
    for (size_t i = 0; i + wl <= n; i++)
      if (memcmp(line + i, words[k], wl) == 0) return true;
  }
  return false;
}

bool ct_verify_diagnostics(ct_ctx *c, const char *filename, int first_line, const char *text, size_t len) {
  expectation *ex = NULL;
  size_t nex = 0, cap = 0;
  bool ok = true;
  /* line table: start offset, length, and whether the line carries annotations */
  size_t nlines = 1;
  for (size_t i = 0; i < len; i++) nlines += text[i] == '\n';
  size_t *starts = malloc(nlines * sizeof *starts), *lens = malloc(nlines * sizeof *lens);
  bool *annotated = malloc(nlines * sizeof *annotated);
  if (!starts || !lens || !annotated) abort();
  for (size_t i = 0, l = 0, s0 = 0; i <= len; i++) {
    if (i == len || text[i] == '\n') {
      starts[l] = s0, lens[l] = i - s0;
      annotated[l] = line_has_annotation(text + s0, i - s0);
      l++, s0 = i + 1;
    }
  }
  for (size_t l = 0; l < nlines; l++) {
    if (!annotated[l]) continue;
    long above = (long)l - 1, below = (long)l + 1;
    while (above >= 0 && annotated[above]) above--;
    while (below < (long)nlines && annotated[below]) below++;
    int lineno = first_line + (int)l;
    ok &= parse_line_annotations(c, filename, text + starts[l], lens[l], lineno, first_line + (int)above,
                                 first_line + (int)below, &ex, &nex, &cap);
  }
  free(starts), free(lens), free(annotated);
  for (size_t d = 0; d < c->ndiags; d++) {
    ct_diag *dg = &c->diags[d];
    bool matched = false;
    for (size_t k = 0; k < nex && !matched; k++) {
      if (ex[k].matched || ex[k].severity != dg->severity || ex[k].line != dg->line) continue;
      if (strstr(dg->message, ex[k].text)) ex[k].matched = matched = true;
    }
    if (!matched) {
      fprintf(c->err, "%s:%d:%d: error: unexpected %s: %s\n", dg->file, dg->line, dg->col,
              severity_word(dg->severity), dg->message);
      ok = false;
    }
  }
  for (size_t k = 0; k < nex; k++) {
    if (!ex[k].matched) {
      fprintf(c->err, "%s:%d:%d: error: expected %s \"%s\" was not produced\n", filename, ex[k].anno_line,
              ex[k].anno_col, severity_word(ex[k].severity), ex[k].text);
      ok = false;
    }
    free(ex[k].text);
  }
  free(ex);
  return ok;
}

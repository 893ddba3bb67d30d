/* verify_diag: --verify-diagnostics, following mlir-opt's conventions.
 *
 * Annotations in the source: `// expected-{error,warning,note,remark}[@<loc>] {{substring}}` where
 * <loc> is `+N` / `-N` (relative line), `above` / `below` (the nearest line before / after that
 * carries no annotation) or absent (the same line).
 * Every captured diagnostic must match an annotation on its line whose text it contains, and every
 * annotation must be matched once. Mismatches are reported as errors at the annotation's position.
 * Lines are numbered in the original file, so split-input-file chunks keep their real line numbers. */
#ifndef TILEC_SUPPORT_VERIFY_DIAG_H
#define TILEC_SUPPORT_VERIFY_DIAG_H
#include <stdbool.h>
#include <stddef.h>

#include "support/context.h"

/* Check the diagnostics captured in c against the annotations of text (first_line = line number
 * of text[0]). Reports problems on c->err (printed, not captured). Returns true when they agree. */
bool ct_verify_diagnostics(ct_ctx *c, const char *filename, int first_line, const char *text, size_t len);
#endif

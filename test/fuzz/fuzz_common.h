/* fuzz_common: the shared set-up of tilec's libFuzzer harnesses (test/fuzz/, docs/fuzzing.md).
 * One ct_ctx is kept across inputs (creating an MLIR context per input would dominate the run time)
 * and recreated every FUZZ_CTX_REUSE inputs so that attributes and types uniqued from earlier inputs
 * do not grow memory without bound. Diagnostics are captured and dropped. */
#ifndef TILEC_FUZZ_COMMON_H
#define TILEC_FUZZ_COMMON_H
#include <stddef.h>

#include "support/context.h"

#define FUZZ_CTX_REUSE 256

static ct_ctx *fuzz_ctx_get(void) {
  static ct_ctx *c;
  static unsigned uses;
  if (c && ++uses >= FUZZ_CTX_REUSE) {
    ct_ctx_destroy(c);
    c = NULL;
  }
  if (!c) {
    c = ct_ctx_create();
    c->capture = true;
    uses = 0;
  }
  ct_ctx_clear_diags(c);
  c->nerrors = 0;
  return c;
}
#endif

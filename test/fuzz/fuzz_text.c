/* fuzz_text: libFuzzer harness for the CUDA Tile IR text front end — ct_parse_text, then (when it
 * parses) ct_verify_module and ct_print_module, and the printed text is parsed again (the printer's
 * output must always be accepted by the parser when the module verified). Build: test/fuzz/build.sh. */
#include <mlir-c/IR.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "frontend/frontend.h"
#include "fuzz_common.h"
#include "support/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Like the driver (tools/tilec/compile.c check_text), text with NUL or control bytes is not text. */
  for (size_t i = 0; i < size; i++)
    if (data[i] == 0 || (data[i] < 0x20 && data[i] != '\n' && data[i] != '\t' && data[i] != '\r' &&
                         data[i] != '\f' && data[i] != '\v'))
      return -1;
  ct_ctx *c = fuzz_ctx_get();
  MlirModule m = ct_parse_text(c, "fuzz.mlir", 1, (const char *)data, size);
  if (mlirModuleIsNull(m)) return 0;
  if (ct_verify_module(c, m) && c->nerrors == 0) {
    ct_strbuf printed;
    ct_strbuf_init(&printed);
    ct_print_module(m, &(ct_print_options){.generic = false}, &printed);
    MlirModule again = ct_parse_text(c, "printed.mlir", 1, printed.data ? printed.data : "", printed.len);
    if (mlirModuleIsNull(again)) {
      fprintf(stderr, "fuzz_text: the printed form of a verified module does not parse:\n%s\n",
              printed.data ? printed.data : "");
      abort();
    }
    mlirModuleDestroy(again);
    ct_strbuf_free(&printed);
  }
  mlirModuleDestroy(m);
  return 0;
}

/* fuzz_bytecode: libFuzzer harness for the CUDA Tile IR bytecode reader — ct_bytecode_read, then
 * (when it reads) ct_verify_module and ct_bytecode_write at the default version; what was written
 * must be readable again. Inputs without the bytecode magic get it prepended so that the fuzzer
 * does not waste its time on the magic check. Build: test/fuzz/build.sh. */
#include <mlir-c/IR.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode.h"
#include "frontend/frontend.h"
#include "fuzz_common.h"
#include "support/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ct_ctx *c = fuzz_ctx_get();
  uint8_t *owned = NULL;
  if (!ct_bytecode_is_bytecode(data, size)) {
    owned = malloc(size + sizeof ct_bytecode_magic);
    if (!owned) abort();
    memcpy(owned, ct_bytecode_magic, sizeof ct_bytecode_magic);
    if (size) memcpy(owned + sizeof ct_bytecode_magic, data, size);
    data = owned;
    size += sizeof ct_bytecode_magic;
  }
  MlirModule m = ct_bytecode_read(c, "fuzz.tileirbc", data, size);
  if (!mlirModuleIsNull(m)) {
    if (ct_verify_module(c, m) && c->nerrors == 0) {
      ct_strbuf out;
      ct_strbuf_init(&out);
      if (ct_bytecode_write(c, m, CT_BYTECODE_DEFAULT, &out)) {
        MlirModule again = ct_bytecode_read(c, "written.tileirbc", (const uint8_t *)out.data, out.len);
        if (mlirModuleIsNull(again)) {
          fprintf(stderr, "fuzz_bytecode: bytecode written from a verified module does not read back\n");
          abort();
        }
        mlirModuleDestroy(again);
      }
      ct_strbuf_free(&out);
    }
    mlirModuleDestroy(m);
  }
  free(owned);
  return 0;
}

/* tileaa: the TileAA conversion driver and printer.
 *
 * Algorithm: clone the cuda_tile module and run, in order, view_resolve.c (views → tileaa.view),
 * async_memory.c (loads/stores → async producer/consumer pairs) and normalize_loops.c (for →
 * normalised tileaa.for); stop at the first pass that reports an error. The printer is MLIR's
 * generic form (unregistered ops), without locations, local-scope numbering.
 * Seed: issue 4 item 1 (--opt-level=1 stops after TileAA). Knobs: none. */
#include "tileaa/tileaa.h"

#include <mlir-c/BuiltinAttributes.h>

MlirModule ct_tileaa_from_cuda_tile(ct_ctx *c, MlirModule in) {
  int errors_before = c->nerrors;
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(in));
  MlirModule m = mlirModuleFromOperation(clone);
  bool ok = ct_tileaa_resolve_views(c, clone) && ct_tileaa_async_memory(c, clone) && ct_tileaa_normalize_loops(c, clone);
  if (!ok || c->nerrors != errors_before) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

void ct_tileaa_print(MlirModule m, ct_strbuf *out) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsUseLocalScope(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(m), flags, ct_strbuf_mlir_callback, out);
  mlirOpPrintingFlagsDestroy(flags);
  ct_strbuf_putc(out, '\n');
}

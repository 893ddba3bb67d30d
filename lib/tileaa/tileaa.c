/* tileaa: the TileAA conversion driver and printer.
 *
 * Algorithm: clone the cuda_tile module and run, in order, scaled_mma.c (mmaf_scaled as a bf16
 * mmaf of scaled operands), strip_mine.c (big element-wise groups in register-sized pieces), view_resolve.c (views → tileaa.view),
 * async_memory.c (loads/stores → async producer/consumer pairs), normalize_loops.c (for →
 * normalised tileaa.for) and mma_unit_loop.c (an mmaf no loop encloses → a one-trip tileaa.for); stop at the first pass that reports an error. The printer is MLIR's
 * generic form (unregistered ops), without locations, local-scope numbering. ct_module_stage
 * tells the driver which stage a parsed module is already at (op-name prefixes).
 * Seed: issue 4 item 1 (--opt-level=1 stops after TileAA). Knobs: none. */
#include "tileaa/tileaa.h"

#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

MlirModule ct_tileaa_from_cuda_tile(ct_ctx *c, MlirModule in, const char *hint_arch) {
  int errors_before = c->nerrors;
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(in));
  MlirModule m = mlirModuleFromOperation(clone);
  bool ok = ct_tileaa_decompose_scaled_mma(c, clone);
  if (ok) ct_tileaa_strip_mine(c, clone, hint_arch);
  ok = ok && ct_tileaa_resolve_views(c, clone) && ct_tileaa_async_memory(c, clone) && ct_tileaa_normalize_loops(c, clone) &&
       ct_tileaa_mma_unit_loops(c, clone);
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

static void stage_walk(MlirOperation op, ct_ir_stage *st) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length > 7 && !memcmp(n.data, "tileas.", 7)) *st = CT_STAGE_TILEAS;
  else if (n.length > 7 && !memcmp(n.data, "tileaa.", 7) && *st == CT_STAGE_CUDA_TILE) *st = CT_STAGE_TILEAA;
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("tileas.target"))))
    *st = CT_STAGE_TILEAS;
  if (*st == CT_STAGE_TILEAS) return;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        stage_walk(o, st);
        if (*st == CT_STAGE_TILEAS) return;
      }
}

ct_ir_stage ct_module_stage(MlirModule m) {
  ct_ir_stage st = CT_STAGE_CUDA_TILE;
  stage_walk(mlirModuleGetOperation(m), &st);
  return st;
}

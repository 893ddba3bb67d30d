/* tileaa: the TileAA layer — cuda_tile rewritten into a normalised asynchronous form (see
 * docs/tileaa-tileas.md for the op set). TileAA ops are unregistered MLIR ops named `tileaa.*`
 * living beside the cuda_tile ops they do not replace (those pass through unchanged).
 * Owner: tileaa. */
#ifndef TILEC_TILEAA_TILEAA_H
#define TILEC_TILEAA_TILEAA_H
#include <mlir-c/IR.h>
#include <stdbool.h>

#include "support/context.h"
#include "support/strbuf.h"

/* The whole TileAA conversion (mmaf_scaled → widened, scaled operands and mmaf; big element-wise groups → loops over register-sized pieces,
 * views → tileaa.view, loads/stores → async producer/consumer pairs, `for` loops → normalised
 * 0..n step 1 loops, an mmaf no loop encloses → a one-trip loop). hint_arch: the target's key in optimization_hints ("sm_90", "sm_100"; NULL =
 * "sm_90"), which gives the warps per CTA the register budget of strip-mining assumes. Returns a
 * new module (caller destroys it with mlirModuleDestroy); the input is not modified. Returns a
 * null module after located errors. */
MlirModule ct_tileaa_from_cuda_tile(ct_ctx *c, MlirModule cuda_tile_module, const char *hint_arch);

/* Which stage a parsed module is at: TileAS when it holds a tileas.* op or an entry carrying
 * tileas.target, else TileAA when it holds a tileaa.* op, else cuda_tile. */
typedef enum ct_ir_stage { CT_STAGE_CUDA_TILE, CT_STAGE_TILEAA, CT_STAGE_TILEAS } ct_ir_stage;
ct_ir_stage ct_module_stage(MlirModule m);

/* Print a TileAA or TileAS module (MLIR generic form, no locations). */
void ct_tileaa_print(MlirModule m, ct_strbuf *out);

/* The individual passes, in pipeline order (each rewrites `module_op` in place; false after errors). */
bool ct_tileaa_decompose_scaled_mma(ct_ctx *c, MlirOperation module_op); /* scaled_mma.c */
int ct_tileaa_strip_mine(ct_ctx *c, MlirOperation module_op, const char *hint_arch); /* strip_mine.c: groups rewritten */
bool ct_tileaa_resolve_views(ct_ctx *c, MlirOperation module_op);   /* view_resolve.c */
bool ct_tileaa_async_memory(ct_ctx *c, MlirOperation module_op);    /* async_memory.c */
bool ct_tileaa_normalize_loops(ct_ctx *c, MlirOperation module_op); /* normalize_loops.c */
bool ct_tileaa_mma_unit_loops(ct_ctx *c, MlirOperation module_op);  /* mma_unit_loop.c */
#endif

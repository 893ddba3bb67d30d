/* tileas: the TileAS layer — TileAA plus explicit layouts (a structured `layout` dictionary on
 * every load/store; decision attributes: tileas/attrs.h), SMEM buffers (tileas.alloc) and producer->consumer pipes with a stage count (tileas.pipe).
 * Op set and the contract with code generation: docs/tileaa-tileas.md. Owner: tileas. */
#ifndef TILEC_TILEAS_TILEAS_H
#define TILEC_TILEAS_TILEAS_H
#include <mlir-c/IR.h>

#include "support/context.h"
#include "tileas/layout.h"
#include "tileas/machine.h"

typedef struct ct_tileas_options {
  ct_tileas_target target;
  int threads;                  /* threads per CTA the layouts assume (default 128) */
  ct_layout_tunables tunables;  /* weights + TILEIR_* / TILE_AS_* environment tunables */
  ct_pipeline_strategy pipeline_strategy; /* --pipeline-strategy (default modulo) */
  /* called after each TileAS pass with its name and the module (tilec --print-ir-after-all), or NULL */
  void (*after_pass)(const char *pass, MlirOperation module_op);
} ct_tileas_options;

void ct_tileas_options_default(ct_tileas_options *o, ct_tileas_target target);
/* Reads TILEIR_PREFER_TMA_FOR_LOAD_STORE, TILEIR_ALWAYS_SWIZZLE, TILEIR_DELAY_TMA_STORE_WAIT,
 * TILE_AS_DEBUG_UNLIMITED_SMEM. */
void ct_tileas_options_from_env(ct_tileas_options *o);

/* TileAA -> TileAS (from_tileaa.c). Returns a new module (caller destroys), the input untouched;
 * null after located errors (e.g. SMEM footprint over the ceiling). Print with ct_tileaa_print. */
MlirModule ct_tileas_from_tileaa(ct_ctx *c, MlirModule tileaa_module, const ct_tileas_options *o);
/* Path selection (path_select.c), after scheduling: decides per entry which mma instruction
 * family each mmaf/mmai runs on (tileas.mma, final) and the warps per CTA (tileas.num_warps). */
bool ct_tileas_select_paths(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o);
/* Register layouts (reg_layouts.c), after path selection: tileas.reg_layout on SIMT view loads and
 * mma accumulators. */
bool ct_tileas_assign_reg_layouts(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o);
/* Warp specialization (warp_specialize.c), after path selection: per wgmma-path loop, the pipeline
 * strategy (tileas.pipeline), its agents (tileas.agents) and which agent runs each pipe op. */
bool ct_tileas_warp_specialize(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o);
/* Register prefetch (register_prefetch.c), after reg_layouts: the SIMT loads feeding a tensor-core
 * loop issued one iteration ahead, their tiles carried by the loop. */
bool ct_tileas_prefetch_registers(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o);
/* Layout propagation (layout_propagate.c), last: a layout on every tile of rank >= 1 and
 * tileas.convert_layout wherever a layout changes. */
bool ct_tileas_propagate_layouts(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o);
#endif

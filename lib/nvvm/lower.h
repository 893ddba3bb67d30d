/* lower: the code generator — rewrites a module's TileAS form (cuda_tile ops plus the tileaa.* /
 * tileas.* ops and decision attributes of docs/tileaa-tileas.md) into MLIR's `llvm` and `nvvm`
 * dialects: one `llvm.func` kernel per `cuda_tile.entry`, following the parameter and launch ABI of
 * docs/abi.md. Owner: nvvm. */
#ifndef TILEC_NVVM_LOWER_H
#define TILEC_NVVM_LOWER_H
#include <mlir-c/IR.h>
#include <stdbool.h>

#include "support/context.h"

typedef enum ct_gpu { CT_SM_90A, CT_SM_100A } ct_gpu;
const char *ct_gpu_name(ct_gpu g); /* "sm_90a" / "sm_100a" */

typedef struct ct_lower_options {
  ct_gpu gpu;
  int opt_level;              /* 2 or 3 */
  /* The self-contained kernel ABI (--abi=self-contained; tilec invoked as `tileiras`; docs/abi.md): the
   * kernel's parameters are exactly the entry's arguments and its shared memory is static, up to the
   * SM's 227 KiB pool; TMA kernels build their tensor maps on the device (lower_device_tmap.c). */
  bool self_contained_abi;
  /* --lineinfo: `.file` / `.loc` line information from the ops' source positions (lower_debuginfo.c) */
  bool lineinfo;
} ct_lower_options;

/* Lowers the module's TileAS form (the driver's stage chain: cuda_tile -> TileAA -> TileAS; every
 * decision is read off the op being lowered, docs/architecture.md). Returns a new builtin module
 * with llvm/nvvm ops only (null after emitting located errors, e.g. "`print_tko` is not supported
 * by code generation yet"). The input module is not modified. */
MlirModule ct_lower_to_llvm_dialect(ct_ctx *c, MlirModule tileas_module, const ct_lower_options *opts);

#endif

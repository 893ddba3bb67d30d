/* run_interp.h - tilec-run's bridge to the reference interpreter (lib/interp, docs/interpreter.md):
 * --interpret runs a cuda_tile kernel on the CPU; --reference=interpret runs it on copies of the
 * GPU run's inputs and uses its output as the expected values.
 * Algorithm: read and parse the .mlir, verify it, pick the entry (--kernel or the only one), check
 * every --arg against the entry's parameters (pointer element type = buffer dtype, scalar type =
 * scalar dtype), then ct_interp_run over --grid with the host buffers.
 * Built only inside the tilec tree (it needs tilec_core); the standalone tilec-run build has no
 * interpreter (TILEC_RUN_HAVE_INTERP undefined) and says so. */
#ifndef TILEC_RUN_INTERP_H
#define TILEC_RUN_INTERP_H

#include <stddef.h>

#include "run_args.h"
#include "run_check.h"

typedef struct {
  char kernel_name[256];
  run_check_kind kind;   /* comparison kind for a GPU run: gemm with mmaf, reduction with reduce/scan */
  run_dtype input_dtype; /* dtype of the first input buffer */
} run_interp_info;

/* Runs the kernel in `source_path` over options->grid. buffers[i] / bytes[i]: host memory of
 * argument i (NULL for non-buffers). Returns 0 when it ran, 2 for bad input (parse, verify,
 * arguments; message printed), 1 when the kernel failed at run time (located error printed). */
int run_interp_execute(const run_options *options, const char *source_path, void **buffers, const size_t *bytes,
                       run_interp_info *info);

#endif

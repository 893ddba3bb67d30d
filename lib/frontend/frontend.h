/* frontend: the cuda_tile front end's entry points — parse (pretty and generic text), verify,
 * print. The op table lives in dialect/cuda_tile_ops.def; ops are MLIR unregistered operations as
 * described in docs/ir.md. Owner: frontend. */
#ifndef TILEC_FRONTEND_FRONTEND_H
#define TILEC_FRONTEND_FRONTEND_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>

#include "support/context.h"
#include "support/strbuf.h"

/* Parse `len` bytes of CUDA Tile IR text. `filename` is used for locations; `first_line` is the
 * 1-based line number of the first byte (for --split-input-file chunks). Returns a builtin module
 * holding one or more `cuda_tile.module` ops, or a null module after emitting located errors.
 * Both the pretty form and the generic `"cuda_tile.op"(...)` form are accepted, with or without the
 * `cuda_tile.` / `!cuda_tile.` prefixes inside a cuda_tile.module. */
MlirModule ct_parse_text(ct_ctx *c, const char *filename, int first_line, const char *text, size_t len);

/* Run every op's structural and semantic verifier. Returns false after emitting located errors. */
bool ct_verify_module(ct_ctx *c, MlirModule m);

typedef struct ct_print_options {
  bool generic;   /* print the generic "cuda_tile.op"(...) form */
  bool debuginfo; /* print op / kernel-argument locations, `loc(#alias)`, and the aliases after the modules */
} ct_print_options;

/* Print the cuda_tile modules of m in the real pretty syntax (a fixed point of parse∘print). */
void ct_print_module(MlirModule m, const ct_print_options *opts, ct_strbuf *out);
#endif

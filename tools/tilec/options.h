/* options: the tilec command-line contract (see docs/driver.md). */
#ifndef TILEC_TOOLS_OPTIONS_H
#define TILEC_TOOLS_OPTIONS_H
#include <stdbool.h>

#include "frontend/bytecode.h"
#include "llvm/tier.h"
#include "nvvm/lower.h"
#include "tileas/sched.h"

typedef enum ct_emit {
  CT_EMIT_DEFAULT, CT_EMIT_MLIR, CT_EMIT_BYTECODE, CT_EMIT_TILEAA, CT_EMIT_TILEAS,
  CT_EMIT_LLVM, CT_EMIT_PTX, CT_EMIT_CUBIN,
} ct_emit;

typedef struct tilec_options {
  const char *input;
  const char *output;
  int opt_level;
  ct_gpu gpu;
  ct_emit emit;
  const char *schedule_trace_file;
  bool print_ir_after_all;
  bool split_input_file;
  bool verify_diagnostics;
  bool print_generic;
  bool print_debuginfo; /* --mlir-print-debuginfo */
  bool remarks;
  bool time_stages; /* --time-stages */
  ct_bytecode_version bytecode_version; /* --bytecode-version (default 13.3) */
  ct_llvm_tier_options tier; /* LLVM-tier pass knobs (lib/llvm/tier.h) */
  ct_sched_options sched;    /* modulo-scheduler knobs (lib/tileas/sched.h) */
  bool lineinfo;           /* --lineinfo (tileiras: --lineinfo, -g, --device-debug): .file / .loc in the PTX */
  bool self_contained_abi; /* --abi=self-contained (implied by the tileiras command line): docs/abi.md */
  /* Invoked as `tileiras` (tileiras_cli.c, docs/driver.md "tilec as tileiras"): */
  bool tileiras_cli;
  const char *foreign_target; /* a --gpu-name tilec generates no code for (sm_80, sm_120, ...): only a
                                 module without entries compiles (to an empty cubin for that arch) */
  const char *remarks_output_file; /* --remark-format=yaml --remarks-output-file=F */
  unsigned remarks_yaml_kinds;     /* CT_REMARK_* (support/context.h) */
} tilec_options;

/* tileiras_cli.c: is argv[0] a `tileiras` (basename tileiras or tileiras.exe)? */
bool tilec_invoked_as_tileiras(const char *argv0);
/* Parses tileiras's command line into o (emit = cubin, self-contained ABI). Returns -1 to continue,
 * or an exit code (0 after --help/--version/--list-versions, 2 on a usage error). */
int tileiras_parse_args(int argc, char **argv, tilec_options *o);

/* Is this buffer CUDA Tile IR bytecode (possibly with a damaged magic)? */
bool tilec_looks_like_bytecode(const char *text, size_t len);

/* Compile one buffer (a whole file or one split chunk). Appends the output to *out.
 * Returns 0 on success, 1 on bad input (diagnostics emitted). */
struct ct_ctx;
struct ct_strbuf;
int tilec_compile_buffer(struct ct_ctx *c, const tilec_options *o, const char *filename, int first_line,
                         const char *text, size_t len, struct ct_strbuf *out);
#endif

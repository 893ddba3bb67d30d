/* backend: LLVM dialect -> LLVM IR (mlirTranslateModuleToLLVMIR) -> LLVM optimisation pipeline ->
 * NVPTX PTX text (LLVM-C target machine, +ptx90), and PTX -> cubin through ptxas. Owner: llvm. */
#ifndef TILEC_LLVM_BACKEND_H
#define TILEC_LLVM_BACKEND_H
#include <llvm-c/Core.h>
#include <mlir-c/IR.h>
#include <stdbool.h>

#include "nvvm/lower.h"
#include "support/context.h"
#include "support/strbuf.h"

/* Translate an llvm-dialect module to LLVM IR in `llctx` and run the O-level pipeline. NULL on error. */
LLVMModuleRef ct_translate_to_llvm_ir(ct_ctx *c, MlirModule llvm_dialect_module, LLVMContextRef llctx,
                                      const ct_lower_options *opts);
/* Emit PTX text for the module into out. */
bool ct_emit_ptx(ct_ctx *c, LLVMModuleRef m, const ct_lower_options *opts, ct_strbuf *out);
/* Find ptxas ($TILEC_PTXAS, $CUDA_HOME/bin, /usr/local/cuda/bin, PATH). NULL when absent. Caller frees. */
char *ct_find_ptxas(void);
/* What ptxas -v reports for each kernel it assembled. */
typedef struct ct_ptxas_kernel {
  char name[256];
  int registers;
  long long stack_bytes, spill_stores, spill_loads;
} ct_ptxas_kernel;
typedef struct ct_ptxas_report {
  ct_ptxas_kernel *kernels;
  int n;
} ct_ptxas_report;
void ct_ptxas_report_free(ct_ptxas_report *r);
/* Assemble PTX to a cubin file with ptxas -v -arch=<gpu>; report (may be NULL; the caller frees it
 * with ct_ptxas_report_free) gets each kernel's registers and spills. ptxas's warnings and errors
 * go to stderr. */
bool ct_ptxas_assemble(ct_ctx *c, const char *ptx, size_t len, ct_gpu gpu, const char *cubin_path, ct_ptxas_report *report);
/* The same for an architecture named by its ptxas spelling (e.g. "sm_120"). */
bool ct_ptxas_assemble_arch(ct_ctx *c, const char *ptx, size_t len, const char *arch, const char *cubin_path,
                            ct_ptxas_report *report);
#endif

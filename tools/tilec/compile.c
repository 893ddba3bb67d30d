/* compile: tilec's pipeline for one input buffer.
 *   text/bytecode -> cuda_tile (parse + verify)            [--emit=mlir stops here, O0]
 *   -> TileAA / TileAS                                     [not yet: rejected by name]
 *   -> llvm/nvvm dialects (nvvm/lower.h, SIMT path)
 *   -> LLVM IR + O-level pipeline (llvm/backend.h)         [--emit=llvm]
 *   -> PTX (NVPTX, +ptx90)                                 [--emit=ptx, O2/O3 default]
 *   -> cubin via ptxas                                     [--emit=cubin]
 * --print-ir-after-all dumps each stage's IR to stderr. */
#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "llvm/backend.h"
#include "nvvm/lower.h"
#include "options.h"
#include "support/context.h"
#include "support/file_io.h"
#include "support/strbuf.h"

/* The first bytes of a CUDA Tile IR bytecode file ("\x7FTileIR\0"). */
static bool looks_like_bytecode(const char *text, size_t len) {
  static const char magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};
  return len >= 8 && memcmp(text, magic, 8) == 0;
}

/* Text input must be text: report the first NUL or non-UTF-8-ish control byte with its position. */
static bool check_text(ct_ctx *c, const char *filename, int first_line, const char *text, size_t len) {
  int line = first_line, col = 1;
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)text[i];
    if (ch == 0 || (ch < 0x20 && ch != '\n' && ch != '\t' && ch != '\r' && ch != '\f' && ch != '\v')) {
      ct_diag_emit(c, CT_DIAG_ERROR, filename, line, col,
                   "input is neither CUDA Tile IR text nor bytecode (byte 0x%02x at offset %zu)", ch, i);
      return false;
    }
    if (ch == '\n') line++, col = 1;
    else col++;
  }
  return true;
}

static void dump_stage(const char *stage, const char *text) {
  fprintf(stderr, "// -----// IR Dump After %s //----- //\n%s\n", stage, text ? text : "");
}

static void dump_mlir(const char *stage, MlirModule m) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  mlirOperationPrint(mlirModuleGetOperation(m), ct_strbuf_mlir_callback, &sb);
  dump_stage(stage, sb.data);
  ct_strbuf_free(&sb);
}

int tilec_compile_buffer(ct_ctx *c, const tilec_options *o, const char *filename, int first_line,
                         const char *text, size_t len, ct_strbuf *out) {
  if (looks_like_bytecode(text, len)) {
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1,
                 "CUDA Tile IR bytecode input is not supported yet (the bytecode reader lands with the full front end)");
    return 1;
  }
  if (!check_text(c, filename, first_line, text, len)) return 1;

  int errors_before = c->nerrors;
  MlirModule m = ct_parse_text(c, filename, first_line, text, len);
  if (mlirModuleIsNull(m)) return 1;
  int rc = 1;
  MlirModule lowered = {NULL};
  LLVMContextRef llctx = NULL;
  LLVMModuleRef llmod = NULL;

  if (!ct_verify_module(c, m) || c->nerrors != errors_before) goto done;
  if (o->print_ir_after_all) {
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    ct_print_module(m, &(ct_print_options){.generic = o->print_generic}, &sb);
    dump_stage("cuda_tile-verify", sb.data);
    ct_strbuf_free(&sb);
  }

  switch (o->emit) {
  case CT_EMIT_MLIR:
    ct_print_module(m, &(ct_print_options){.generic = o->print_generic}, out);
    rc = 0;
    goto done;
  case CT_EMIT_BYTECODE:
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1, "--emit=bytecode is not supported yet (the bytecode writer lands with the full front end)");
    goto done;
  case CT_EMIT_TILEAA:
  case CT_EMIT_TILEAS:
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1,
                 "--emit=%s is not supported yet (TileAA/TileAS land with the Hopper tensor-core issue); use --emit=mlir, llvm or ptx",
                 o->emit == CT_EMIT_TILEAA ? "tileaa" : "tileas");
    goto done;
  default:
    break;
  }
  if (o->opt_level < 2) {
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1, "--emit=llvm/ptx/cubin needs --opt-level=2 or 3");
    goto done;
  }

  ct_lower_options lo = {.gpu = o->gpu, .opt_level = o->opt_level};
  lowered = ct_lower_to_llvm_dialect(c, m, &lo);
  if (mlirModuleIsNull(lowered) || c->nerrors != errors_before) goto done;
  if (o->print_ir_after_all) dump_mlir("lower-to-llvm-dialect", lowered);

  llctx = LLVMContextCreate();
  llmod = ct_translate_to_llvm_ir(c, lowered, llctx, &lo);
  if (!llmod || c->nerrors != errors_before) goto done;
  if (o->print_ir_after_all || o->emit == CT_EMIT_LLVM) {
    char *ir = LLVMPrintModuleToString(llmod);
    if (o->print_ir_after_all) dump_stage("llvm-o-pipeline", ir);
    if (o->emit == CT_EMIT_LLVM) ct_strbuf_puts(out, ir);
    LLVMDisposeMessage(ir);
    if (o->emit == CT_EMIT_LLVM) {
      rc = 0;
      goto done;
    }
  }
  ct_strbuf ptx;
  ct_strbuf_init(&ptx);
  if (!ct_emit_ptx(c, llmod, &lo, &ptx)) {
    ct_strbuf_free(&ptx);
    goto done;
  }
  if (o->print_ir_after_all) dump_stage("nvptx-codegen", ptx.data);
  if (o->emit == CT_EMIT_CUBIN) {
    bool ok = ct_ptxas_assemble(c, ptx.data, ptx.len, o->gpu, o->output);
    ct_strbuf_free(&ptx);
    if (!ok) goto done;
    /* ptxas wrote the file itself; read it back so the driver's single write path stays uniform. */
    size_t n = 0;
    char *bin = ct_read_file(o->output, &n);
    if (!bin) goto done;
    ct_strbuf_append(out, bin, n);
    free(bin);
  } else {
    ct_strbuf_append(out, ptx.data ? ptx.data : "", ptx.len);
    ct_strbuf_free(&ptx);
  }
  rc = 0;

done:
  if (llmod) LLVMDisposeModule(llmod);
  if (llctx) LLVMContextDispose(llctx);
  if (!mlirModuleIsNull(lowered)) mlirModuleDestroy(lowered);
  mlirModuleDestroy(m);
  if (c->nerrors != errors_before) rc = 1;
  return rc;
}

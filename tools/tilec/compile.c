/* compile: tilec's pipeline for one input buffer.
 *   text/bytecode -> cuda_tile (parse + verify)            [--emit=mlir stops here, O0]
 *   -> TileAA (async normal form)                          [--emit=tileaa, O1]
 *   -> TileAS (layouts, buffers, pipes, schedules)         [--emit=tileas]
 *   -> llvm/nvvm dialects (nvvm/lower.h: lowers the TileAS module, every decision read off its ops)
 *   -> LLVM IR + O-level pipeline (llvm/backend.h)
 *   -> LLVM-tier passes (llvm/tier.h)                      [--emit=llvm]
 *   -> PTX (NVPTX, +ptx90)                                 [--emit=ptx, O2/O3 default]
 *   -> cubin via ptxas                                     [--emit=cubin]
 * Bytecode input (magic \x7FTileIR\0) is read by frontend/bytecode_reader.c; --emit=bytecode writes it.
 * Input named *.ll is LLVM IR: only the LLVM tier and code generation run on it. Input already at
 * TileAA / TileAS (tilec's own --emit output; ct_module_stage) runs only the stages after it, so
 * `tilec -O3 k.tileas.mlir` gives the PTX of `tilec -O3 k.mlir` byte for byte (run_stages).
 * --print-ir-after-all dumps each stage's IR to stderr. */
#include <llvm-c/Core.h>
#include <mlir-c/BuiltinAttributes.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frontend/bytecode.h"
#include "frontend/frontend.h"
#include "llvm/backend.h"
#include "llvm/tier.h"
#include "nvvm/lower.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"
#include "tileas/tileas.h"
#include "options.h"
#include "support/context.h"
#include "support/file_io.h"
#include "support/strbuf.h"


/* Bytecode, or something that was meant to be: the exact magic, a leading 0x7F (DEL never starts
 * text), or "TileIR" at offset 1 with a damaged first byte. The reader names what is wrong. */
bool tilec_looks_like_bytecode(const char *text, size_t len) {
  if (ct_bytecode_is_bytecode((const uint8_t *)text, len)) return true;
  if (len > 0 && (unsigned char)text[0] == 0x7F) return true;
  return len >= 7 && memcmp(text + 1, "TileIR", 6) == 0;
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

/* --time-stages: wall time of each pipeline stage, printed to stderr. */
static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
static void stage_done(const tilec_options *o, const char *stage, double *t0) {
  double t = now_ms();
  if (o->time_stages) fprintf(stderr, "tilec: %-24s %8.2f ms\n", stage, t - *t0);
  *t0 = t;
}

static void dump_stage(const char *stage, const char *text) {
  fprintf(stderr, "// -----// IR Dump After %s //----- //\n%s\n", stage, text ? text : "");
}

static void dump_op(const char *stage, MlirOperation op) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  mlirOperationPrint(op, ct_strbuf_mlir_callback, &sb);
  dump_stage(stage, sb.data);
  ct_strbuf_free(&sb);
}

static void dump_mlir(const char *stage, MlirModule m) { dump_op(stage, mlirModuleGetOperation(m)); }


/* Run the LLVM-tier passes (lib/llvm/tier.h) at their pipeline positions, in order. */
static bool run_llvm_tier(ct_ctx *c, const tilec_options *o, LLVMModuleRef m) {
  static const ct_tier_position positions[] = {CT_TIER_EARLY, CT_TIER_POST_PEEPHOLE, CT_TIER_LATE};
  for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
    if (!ct_llvm_tier_run(c, m, &o->tier, positions[i], stderr)) return false;
  return true;
}

/* Where the kernels of a compile come from, for diagnostics about them after code generation: the
 * cuda_tile module (its entries' locations), or the text of an LLVM IR input. */
typedef struct kernel_source {
  MlirModule module;
  const char *filename, *text;
  int first_line;
} kernel_source;

/* The entry named `name` below op (ct_ir_collect's walk), or null. */
static MlirOperation entry_named(MlirOperation op, const char *name) {
  ct_oplist entries = {0};
  ct_ir_collect(op, "cuda_tile.entry", &entries);
  MlirOperation found = {NULL};
  for (size_t i = 0; i < entries.n && mlirOperationIsNull(found); i++) {
    MlirAttribute sym = mlirOperationGetAttributeByName(entries.ops[i], mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym)) continue;
    MlirStringRef n = mlirStringAttrGetValue(sym);
    if (n.length == strlen(name) && !memcmp(n.data, name, n.length)) found = entries.ops[i];
  }
  ct_oplist_free(&entries);
  return found;
}

/* One diagnostic about kernel `name` at its entry (cuda_tile input) or its `define` line (LLVM IR). */
static void kernel_diag(ct_ctx *c, const kernel_source *src, const char *name, ct_severity sev, const char *msg) {
  MlirOperation e = mlirModuleIsNull(src->module) ? (MlirOperation){NULL} : entry_named(mlirModuleGetOperation(src->module), name);
  if (!mlirOperationIsNull(e)) {
    ct_diag_emit_at(c, sev, mlirOperationGetLocation(e), "%s", msg);
    return;
  }
  int line = 0;
  char pat[300];
  snprintf(pat, sizeof pat, "@%s(", name);
  const char *hit = src->text ? strstr(src->text, pat) : NULL;
  for (const char *q = src->text; hit && q <= hit; q++)
    if (q == src->text || q[-1] == '\n') line++;
  ct_diag_emit(c, sev, src->filename, line ? src->first_line + line - 1 : src->first_line, 1, "%s", msg);
}

/* ptxas -v's figures for the cubin's kernels: tilec plans every kernel for 0 spills (the register
 * budget of TileAS and the code generator), so a spill ptxas reports anyway is a warning at the
 * kernel, never silent; --remarks states each kernel's registers. */
static void report_ptxas(ct_ctx *c, const kernel_source *src, const ct_ptxas_report *r) {
  for (int i = 0; i < r->n; i++) {
    const ct_ptxas_kernel *k = &r->kernels[i];
    char msg[640];
    if (k->spill_stores || k->spill_loads) {
      snprintf(msg, sizeof msg, "ptxas spilled registers in kernel '%s': %lld bytes of spill stores and %lld bytes of "
               "spill loads at %d registers per thread (tilec plans every kernel for 0 spills; a smaller tile, fewer "
               "stages (--num-stages) or TILEC_REGISTER_PREFETCH=0 lowers the pressure)", k->name, k->spill_stores,
               k->spill_loads, k->registers);
      kernel_diag(c, src, k->name, CT_DIAG_WARNING, msg);
    } else {
      snprintf(msg, sizeof msg, "ptxas: kernel '%s' uses %d registers per thread, %lld bytes of stack, no spills", k->name,
               k->registers, k->stack_bytes);
      kernel_diag(c, src, k->name, CT_DIAG_REMARK, msg);
    }
  }
}

/* LLVM IR -> LLVM tier -> (--emit=llvm) -> PTX -> (--emit=cubin) ptxas. Returns 0 or 1. */
static int finish_llvm_module(ct_ctx *c, const tilec_options *o, LLVMModuleRef llmod, const ct_lower_options *lo,
                              const kernel_source *src, ct_strbuf *out) {
  int errors_before = c->nerrors;
  double t0 = now_ms();
  if (!run_llvm_tier(c, o, llmod) || c->nerrors != errors_before) return 1;
  stage_done(o, "llvm-tier", &t0);
  if (o->print_ir_after_all || o->emit == CT_EMIT_LLVM) {
    char *ir = LLVMPrintModuleToString(llmod);
    if (o->print_ir_after_all) dump_stage("llvm-tier", ir);
    if (o->emit == CT_EMIT_LLVM) ct_strbuf_puts(out, ir);
    LLVMDisposeMessage(ir);
    if (o->emit == CT_EMIT_LLVM) return 0;
  }
  ct_strbuf ptx;
  ct_strbuf_init(&ptx);
  if (!ct_emit_ptx(c, llmod, lo, &ptx)) {
    ct_strbuf_free(&ptx);
    return 1;
  }
  stage_done(o, "nvptx-codegen", &t0);
  if (o->print_ir_after_all) dump_stage("nvptx-codegen", ptx.data);
  if (o->emit != CT_EMIT_CUBIN) {
    ct_strbuf_append(out, ptx.data ? ptx.data : "", ptx.len);
    ct_strbuf_free(&ptx);
    return 0;
  }
  ct_ptxas_report report;
  bool ok = ct_ptxas_assemble(c, ptx.data, ptx.len, o->gpu, o->output, &report);
  ct_strbuf_free(&ptx);
  if (ok) report_ptxas(c, src, &report);
  ct_ptxas_report_free(&report);
  if (!ok) return 1;
  /* ptxas wrote the file itself; read it back so the driver's single write path stays uniform. */
  size_t n = 0;
  char *bin = ct_read_file(o->output, &n);
  if (!bin) return 1;
  ct_strbuf_append(out, bin, n);
  free(bin);
  return 0;
}

/* The stage chain from the input's stage up to `upto` (CT_STAGE_TILEAA or CT_STAGE_TILEAS). A
 * cuda_tile input is converted to TileAA (whose first step puts big element-wise groups in
 * register-sized pieces, so the loops are in the IR every later stage and a re-entered
 * TileAA/TileAS file sees), then to TileAS with the target's options and the environment's
 * tunables. Each stage reads only the previous stage's module.
 * Returns a new module at `upto` (caller destroys it), or null after located errors. */
static MlirModule run_stages(ct_ctx *c, const tilec_options *o, MlirModule m, ct_ir_stage upto, double *t0) {
  int errors_before = c->nerrors;
  ct_ir_stage stage = ct_module_stage(m);
  MlirModule cur;
  if (stage == CT_STAGE_CUDA_TILE) {
    cur = ct_tileaa_from_cuda_tile(c, m, o->gpu == CT_SM_100A ? "sm_100" : "sm_90");
    if (mlirModuleIsNull(cur) || c->nerrors != errors_before) goto fail;
    stage_done(o, "tileaa", t0);
    if (o->print_ir_after_all && upto != CT_STAGE_TILEAA) dump_mlir("tileaa", cur);
  } else cur = mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(m)));
  if (upto == CT_STAGE_TILEAA || stage == CT_STAGE_TILEAS) return cur;
  ct_tileas_options to;
  ct_tileas_options_default(&to, o->gpu == CT_SM_100A ? CT_TILEAS_SM100A : CT_TILEAS_SM90A);
  ct_tileas_options_from_env(&to);
  to.pipeline_strategy = o->sched.pipeline_strategy;
  if (o->print_ir_after_all) to.after_pass = dump_op; /* each TileAS pass; "tileas" is the stage's result */
  MlirModule as = ct_tileas_from_tileaa(c, cur, &to);
  mlirModuleDestroy(cur);
  cur = as;
  if (mlirModuleIsNull(cur) || c->nerrors != errors_before) goto fail;
  stage_done(o, "tileas", t0);
  return cur;
fail:
  if (!mlirModuleIsNull(cur)) mlirModuleDestroy(cur);
  return (MlirModule){NULL};
}

/* --emit=tileaa (the -O1 default) and --emit=tileas: the async normal form and the TileAS form with
 * layouts, buffers, pipes and schedules (docs/tileaa-tileas.md). An input already at the requested
 * stage is reprinted as is. Returns 0 or 1. */
static int emit_tileaa_tileas(ct_ctx *c, const tilec_options *o, MlirModule m, ct_strbuf *out) {
  double t0 = now_ms();
  ct_ir_stage stage = ct_module_stage(m), upto = o->emit == CT_EMIT_TILEAA ? CT_STAGE_TILEAA : CT_STAGE_TILEAS;
  if (stage == CT_STAGE_TILEAS && upto == CT_STAGE_TILEAA) {
    ct_error_op(c, mlirModuleGetOperation(m), "the input is TileAS; it cannot be emitted as TileAA");
    return 1;
  }
  if (stage == upto) {
    ct_tileaa_print(m, out);
    return 0;
  }
  MlirModule r = run_stages(c, o, m, upto, &t0);
  if (mlirModuleIsNull(r)) return 1;
  ct_tileaa_print(r, out);
  mlirModuleDestroy(r);
  return 0;
}

/* The first cuda_tile.entry in the module (depth-first), or a null operation. */
static MlirOperation first_entry(MlirOperation op) {
  MlirIdentifier name = mlirOperationGetName(op);
  MlirStringRef n = mlirIdentifierStr(name);
  if (n.length == 15 && memcmp(n.data, "cuda_tile.entry", 15) == 0) return op;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        MlirOperation e = first_entry(o);
        if (!mlirOperationIsNull(e)) return e;
      }
  return (MlirOperation){NULL};
}

/* tileiras's --gpu-name for an architecture tilec has no code generator for (sm_80, sm_120, ...):
 * a module without entries becomes an empty cubin for it (cuTile probes the newest bytecode version
 * a tileiras reads by compiling an empty module for sm_120); a kernel is refused by name. */
static int compile_for_foreign_target(ct_ctx *c, const tilec_options *o, MlirModule m, ct_strbuf *out) {
  MlirOperation entry = first_entry(mlirModuleGetOperation(m));
  if (!mlirOperationIsNull(entry)) {
    ct_error_op(c, entry, "tilec generates code for sm_90 (sm_90a) and sm_100 (sm_100a) only, not for %s",
                o->foreign_target);
    return 1;
  }
  static const char empty_ptx[] = "//\n// tilec: a module without kernels\n//\n.version 8.7\n.target %s\n.address_size 64\n";
  char ptx[sizeof empty_ptx + 32];
  int n = snprintf(ptx, sizeof ptx, empty_ptx, o->foreign_target);
  if (!ct_ptxas_assemble_arch(c, ptx, (size_t)n, o->foreign_target, o->output, NULL)) return 1;
  size_t size = 0; /* read back: the driver writes `out` to the output, as for every cubin */
  char *bin = ct_read_file(o->output, &size);
  if (!bin) return 1;
  ct_strbuf_append(out, bin, size);
  free(bin);
  return 0;
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Hand-written LLVM IR input (*.ll): only the LLVM tier and code generation run. */
static int compile_llvm_ir(ct_ctx *c, const tilec_options *o, const char *filename, int first_line, const char *text,
                           size_t len, ct_strbuf *out) {
  if (o->emit != CT_EMIT_LLVM && o->emit != CT_EMIT_PTX && o->emit != CT_EMIT_CUBIN) {
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1, "LLVM IR input can only be emitted as llvm, ptx or cubin");
    return 1;
  }
  LLVMContextRef llctx = LLVMContextCreate();
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len, filename);
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  int rc = 1;
  if (LLVMParseIRInContext(llctx, buf, &m, &msg)) { /* takes ownership of buf */
    /* LLVM's message reads "<file>:<line>:<col>: error: ..."; re-base the line on the chunk. */
    int line = 0, col = 0;
    const char *p = msg ? strstr(msg, ":") : NULL;
    const char *detail = msg ? msg : "invalid LLVM IR";
    if (p && sscanf(p + 1, "%d:%d:", &line, &col) == 2) {
      const char *e = strstr(p, "error: ");
      if (e) detail = e + 7;
    }
    ct_diag_emit(c, CT_DIAG_ERROR, filename, line ? first_line + line - 1 : first_line, col ? col : 1, "%s", detail);
    LLVMDisposeMessage(msg);
  } else {
    ct_lower_options lo = {.gpu = o->gpu, .opt_level = o->opt_level};
    kernel_source src = {.module = {NULL}, .filename = filename, .text = text, .first_line = first_line};
    rc = finish_llvm_module(c, o, m, &lo, &src, out);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(llctx);
  return rc;
}

int tilec_compile_buffer(ct_ctx *c, const tilec_options *o, const char *filename, int first_line,
                         const char *text, size_t len, ct_strbuf *out) {
  bool bytecode = tilec_looks_like_bytecode(text, len);
  if (!bytecode && !check_text(c, filename, first_line, text, len)) return 1;
  if (!bytecode && has_suffix(filename, ".ll")) return compile_llvm_ir(c, o, filename, first_line, text, len, out);

  int errors_before = c->nerrors;
  double t0 = now_ms();
  MlirModule m = bytecode ? ct_bytecode_read(c, filename, (const uint8_t *)text, len)
                          : ct_parse_text(c, filename, first_line, text, len);
  if (mlirModuleIsNull(m)) return 1;
  stage_done(o, bytecode ? "read-bytecode" : "parse", &t0);
  int rc = 1;
  MlirModule lowered = {NULL};
  LLVMContextRef llctx = NULL;
  LLVMModuleRef llmod = NULL;
  MlirModule as = {NULL};

  if (!ct_verify_module(c, m) || c->nerrors != errors_before) goto done;
  stage_done(o, "verify", &t0);
  if (o->print_ir_after_all) {
    ct_strbuf sb;
    ct_strbuf_init(&sb);
    ct_print_module(m, &(ct_print_options){.generic = o->print_generic, .debuginfo = o->print_debuginfo}, &sb);
    dump_stage("cuda_tile-verify", sb.data);
    ct_strbuf_free(&sb);
  }

  if (o->foreign_target) {
    rc = compile_for_foreign_target(c, o, m, out);
    goto done;
  }
  if (o->emit == CT_EMIT_BYTECODE && ct_module_stage(m) != CT_STAGE_CUDA_TILE) {
    ct_error_op(c, mlirModuleGetOperation(m), "TileAA/TileAS ops cannot be encoded in CUDA Tile IR bytecode");
    goto done;
  }
  switch (o->emit) {
  case CT_EMIT_MLIR:
    ct_print_module(m, &(ct_print_options){.generic = o->print_generic, .debuginfo = o->print_debuginfo}, out);
    rc = 0;
    goto done;
  case CT_EMIT_BYTECODE:
    rc = ct_bytecode_write(c, m, o->bytecode_version, out) ? 0 : 1;
    goto done;
  case CT_EMIT_TILEAA:
  case CT_EMIT_TILEAS:
    rc = emit_tileaa_tileas(c, o, m, out);
    goto done;
  default:
    break;
  }
  if (o->opt_level < 2) {
    ct_diag_emit(c, CT_DIAG_ERROR, filename, first_line, 1, "--emit=llvm/ptx/cubin needs --opt-level=2 or 3");
    goto done;
  }

  /* the chain: (strip-mine) -> TileAA -> TileAS -> lowering, from whichever stage the input is at */
  as = run_stages(c, o, m, CT_STAGE_TILEAS, &t0);
  if (mlirModuleIsNull(as)) goto done;
  if (o->print_ir_after_all) dump_mlir("tileas", as);
  ct_lower_options lo = {.gpu = o->gpu, .opt_level = o->opt_level, .self_contained_abi = o->self_contained_abi,
                         .lineinfo = o->lineinfo};
  lowered = ct_lower_to_llvm_dialect(c, as, &lo);
  if (mlirModuleIsNull(lowered) || c->nerrors != errors_before) goto done;
  stage_done(o, "lower-to-llvm-dialect", &t0);
  if (o->print_ir_after_all) dump_mlir("lower-to-llvm-dialect", lowered);

  llctx = LLVMContextCreate();
  llmod = ct_translate_to_llvm_ir(c, lowered, llctx, &lo);
  if (!llmod || c->nerrors != errors_before) goto done;
  stage_done(o, "translate+llvm-opt", &t0);
  kernel_source src = {.module = m, .filename = filename, .first_line = first_line};
  rc = finish_llvm_module(c, o, llmod, &lo, &src, out);

done:
  if (llmod) LLVMDisposeModule(llmod);
  if (llctx) LLVMContextDispose(llctx);
  if (!mlirModuleIsNull(lowered)) mlirModuleDestroy(lowered);
  if (!mlirModuleIsNull(as)) mlirModuleDestroy(as);
  mlirModuleDestroy(m);
  if (c->nerrors != errors_before) rc = 1;
  return rc;
}

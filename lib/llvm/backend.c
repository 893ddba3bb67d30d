/* backend: llvm dialect → LLVM IR → optimised LLVM IR → PTX, and PTX → cubin with ptxas.
 * Steps: mlirTranslateModuleToLLVMIR; set triple nvptx64-nvidia-cuda and the target machine's
 * data layout; when the module calls libdevice (`__nv_*`), link libdevice.10.bc and internalize
 * every non-kernel definition so unused library code is dropped; LLVMRunPasses("default<On>")
 * with the NVPTX target machine (which adds NVVMReflect etc.); emit PTX with the target machine
 * (cpu sm_90a / sm_100a, features +ptx90), adding the ABI comment
 * `// tilec.dynamic_smem_bytes <kernel> <bytes>` before kernels that use dynamic shared memory.
 * Output is deterministic (no timestamps, no paths).
 * Knobs: $TILEC_LIBDEVICE, $CUDA_HOME (libdevice and ptxas lookup), $TILEC_PTXAS. */
#include "llvm/backend.h"
#include "support/file_io.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <mlir-c/Target/LLVMIR.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define NVPTX_TRIPLE "nvptx64-nvidia-cuda"
#define PTX_FEATURES "+ptx90"
/* Function attribute set by the code generator on kernels using dynamic shared memory. */
#define DYN_SMEM_ATTR "tilec.dynamic_smem_bytes"

static void init_nvptx(void) {
  static int done;
  if (done) return;
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  done = 1;
}

static LLVMTargetMachineRef make_tm(ct_ctx *c, const ct_lower_options *opts) {
  init_nvptx();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(NVPTX_TRIPLE, &target, &err)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "NVPTX target unavailable: %s", err ? err : "?");
    LLVMDisposeMessage(err);
    return NULL;
  }
  LLVMCodeGenOptLevel lvl = opts->opt_level >= 3 ? LLVMCodeGenLevelAggressive : LLVMCodeGenLevelDefault;
  return LLVMCreateTargetMachine(target, NVPTX_TRIPLE, ct_gpu_name(opts->gpu), PTX_FEATURES, lvl, LLVMRelocDefault,
                                 LLVMCodeModelDefault);
}

static bool file_exists(const char *p) {
  struct stat st;
  return p && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static char *find_libdevice(void) {
  const char *env = getenv("TILEC_LIBDEVICE");
  if (file_exists(env)) return strdup(env);
  char buf[4096];
  const char *home = getenv("CUDA_HOME");
  if (home) {
    snprintf(buf, sizeof buf, "%s/nvvm/libdevice/libdevice.10.bc", home);
    if (file_exists(buf)) return strdup(buf);
  }
  if (file_exists("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"))
    return strdup("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  return NULL;
}

static bool is_kernel(LLVMValueRef f) { return LLVMGetFunctionCallConv(f) == LLVMPTXKernelCallConv; }

static bool needs_libdevice(LLVMModuleRef m, const char **first) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (LLVMIsDeclaration(f) && n > 5 && !strncmp(name, "__nv_", 5)) {
      *first = name;
      return true;
    }
  }
  return false;
}

static bool link_libdevice(ct_ctx *c, LLVMModuleRef m, LLVMContextRef llctx) {
  const char *first = NULL;
  if (!needs_libdevice(m, &first)) return true;
  char *path = find_libdevice();
  if (!path) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0,
                 "libdevice.10.bc not found (needed for `%s`); set TILEC_LIBDEVICE or CUDA_HOME", first);
    return false;
  }
  LLVMMemoryBufferRef buf;
  char *err = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &err)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "cannot read %s: %s", path, err ? err : "?");
    LLVMDisposeMessage(err);
    free(path);
    return false;
  }
  LLVMModuleRef lib;
  if (LLVMParseBitcodeInContext2(llctx, buf, &lib)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "cannot parse %s", path);
    LLVMDisposeMemoryBuffer(buf);
    free(path);
    return false;
  }
  LLVMDisposeMemoryBuffer(buf);
  free(path);
  LLVMSetTarget(lib, LLVMGetTarget(m));
  LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(m));
  if (LLVMLinkModules2(m, lib)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "linking libdevice failed");
    return false;
  }
  /* internalize everything but the kernels so unused library code disappears */
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !is_kernel(f)) LLVMSetLinkage(f, LLVMInternalLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g)) LLVMSetLinkage(g, LLVMInternalLinkage);
  return true;
}

LLVMModuleRef ct_translate_to_llvm_ir(ct_ctx *c, MlirModule mod, LLVMContextRef llctx, const ct_lower_options *opts) {
  LLVMModuleRef m = mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(mod), llctx);
  if (!m) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "translation to LLVM IR failed");
    return NULL;
  }
  LLVMTargetMachineRef tm = make_tm(c, opts);
  if (!tm) {
    LLVMDisposeModule(m);
    return NULL;
  }
  LLVMSetTarget(m, NVPTX_TRIPLE);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char *dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetDataLayout(m, dl);
  LLVMDisposeMessage(dl);
  LLVMDisposeTargetData(td);
  LLVMSetSourceFileName(m, "tilec", 5);
  if (!link_libdevice(c, m, llctx)) {
    LLVMDisposeModule(m);
    LLVMDisposeTargetMachine(tm);
    return NULL;
  }
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  const char *pipeline = opts->opt_level >= 3 ? "default<O3>" : opts->opt_level == 2 ? "default<O2>"
                       : opts->opt_level == 1 ? "default<O1>" : "default<O0>";
  LLVMErrorRef e = LLVMRunPasses(m, pipeline, tm, po);
  LLVMDisposePassBuilderOptions(po);
  LLVMDisposeTargetMachine(tm);
  if (e) {
    char *msg = LLVMGetErrorMessage(e);
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "LLVM optimisation failed: %s", msg);
    LLVMDisposeErrorMessage(msg);
    LLVMDisposeModule(m);
    return NULL;
  }
  char *verr = NULL;
  if (LLVMVerifyModule(m, LLVMReturnStatusAction, &verr)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "internal error: invalid LLVM IR: %s", verr ? verr : "");
    LLVMDisposeMessage(verr);
    LLVMDisposeModule(m);
    return NULL;
  }
  LLVMDisposeMessage(verr);
  return m;
}

/* Value of the kernel's string attribute `key` (set by the code generator), or NULL. */
static const char *kernel_note(LLVMModuleRef m, const char *name, size_t len, const char *key, unsigned *vlen) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *fname = LLVMGetValueName2(f, &n);
    if (n != len || memcmp(fname, name, len)) continue;
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
    if (!a) return NULL;
    return LLVMGetStringAttributeValue(a, vlen);
  }
  return NULL;
}

static void put_note(ct_strbuf *out, const char *tag, const char *name, size_t nlen, const char *val, unsigned vlen) {
  ct_strbuf_puts(out, "// ");
  ct_strbuf_puts(out, tag);
  ct_strbuf_puts(out, " ");
  ct_strbuf_append(out, name, nlen);
  ct_strbuf_puts(out, " ");
  ct_strbuf_append(out, val, vlen);
  ct_strbuf_puts(out, "\n");
}

/* Copy the PTX, inserting the ABI comments (docs/abi.md) before the `.visible .entry <kernel>(`
 * line: `// tilec.dynamic_smem_bytes <kernel> <bytes>` for kernels that use dynamic shared memory,
 * `// tilec.pipeline <kernel> stages=..` and one `// tilec.tensormap <kernel> param=..` per
 * CUtensorMap parameter for kernels on the Hopper TMA path (attributes tilec.tensormap.<i>). */
static void append_with_smem_notes(LLVMModuleRef m, const char *ptx, size_t len, ct_strbuf *out) {
  static const char entry[] = ".visible .entry ";
  const size_t elen = sizeof entry - 1;
  size_t pos = 0;
  while (pos < len) {
    const char *nl = memchr(ptx + pos, '\n', len - pos);
    size_t end = nl ? (size_t)(nl - ptx) + 1 : len;
    if (end - pos > elen && !memcmp(ptx + pos, entry, elen)) {
      const char *name = ptx + pos + elen;
      size_t nlen = 0;
      while (pos + elen + nlen < end && name[nlen] != '(' && name[nlen] != '\n') nlen++;
      unsigned vlen;
      const char *val = kernel_note(m, name, nlen, DYN_SMEM_ATTR, &vlen);
      if (val) put_note(out, DYN_SMEM_ATTR, name, nlen, val, vlen);
      if ((val = kernel_note(m, name, nlen, "tilec.pipeline", &vlen))) put_note(out, "tilec.pipeline", name, nlen, val, vlen);
      for (int i = 0; i < 10; i++) {
        char key[32];
        snprintf(key, sizeof key, "tilec.tensormap.%d", i);
        if (!(val = kernel_note(m, name, nlen, key, &vlen))) break;
        put_note(out, "tilec.tensormap", name, nlen, val, vlen);
      }
    }
    ct_strbuf_append(out, ptx + pos, end - pos);
    pos = end;
  }
}

bool ct_emit_ptx(ct_ctx *c, LLVMModuleRef m, const ct_lower_options *opts, ct_strbuf *out) {
  LLVMTargetMachineRef tm = make_tm(c, opts);
  if (!tm) return false;
  char *err = NULL;
  LLVMMemoryBufferRef buf;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMAssemblyFile, &err, &buf)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "PTX emission failed: %s", err ? err : "?");
    LLVMDisposeMessage(err);
    LLVMDisposeTargetMachine(tm);
    return false;
  }
  append_with_smem_notes(m, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf), out);
  LLVMDisposeMemoryBuffer(buf);
  LLVMDisposeTargetMachine(tm);
  return true;
}

static bool executable(const char *p) { return p && access(p, X_OK) == 0 && file_exists(p); }

char *ct_find_ptxas(void) {
  const char *env = getenv("TILEC_PTXAS");
  if (env && *env) return executable(env) ? strdup(env) : NULL;
  char buf[4096];
  const char *home = getenv("CUDA_HOME");
  if (home) {
    snprintf(buf, sizeof buf, "%s/bin/ptxas", home);
    if (executable(buf)) return strdup(buf);
  }
  if (executable("/usr/local/cuda/bin/ptxas")) return strdup("/usr/local/cuda/bin/ptxas");
  const char *path = getenv("PATH");
  if (!path) return NULL;
  char *copy = strdup(path), *save = NULL;
  for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
    snprintf(buf, sizeof buf, "%s/ptxas", dir);
    if (executable(buf)) {
      free(copy);
      return strdup(buf);
    }
  }
  free(copy);
  return NULL;
}

bool ct_ptxas_assemble(ct_ctx *c, const char *ptx, size_t len, ct_gpu gpu, const char *cubin_path, ct_ptxas_report *report) {
  return ct_ptxas_assemble_arch(c, ptx, len, ct_gpu_name(gpu), cubin_path, report);
}

/* Does the PTX carry line information (a `.loc` directive)? */
static bool ptx_has_loc(const char *ptx, size_t len) {
  for (size_t i = 0; i + 6 <= len; i++)
    if (ptx[i] == '\t' && memcmp(ptx + i, "\t.loc\t", 6) == 0) return true;
  return false;
}

void ct_ptxas_report_free(ct_ptxas_report *r) {
  free(r->kernels);
  r->kernels = NULL;
  r->n = 0;
}

/* ptxas -v's report (its stderr): per `Compiling entry function 'NAME'` block, the
 * `N bytes stack frame, S bytes spill stores, L bytes spill loads` and `Used R registers` lines.
 * Every other line (warnings, errors) is passed on to stderr as ptxas printed it. */
static void parse_ptxas_log(const char *log, ct_ptxas_report *r) {
  ct_ptxas_kernel *cur = NULL;
  for (const char *line = log; line && *line;) {
    const char *eol = strchr(line, '\n');
    size_t n = eol ? (size_t)(eol - line) : strlen(line);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf - 1 ? n : sizeof buf - 1), line);
    const char *q;
    long long a, b2, d;
    int regs;
    if ((q = strstr(buf, "Compiling entry function '")) && r) {
      q += strlen("Compiling entry function '");
      const char *e = strchr(q, '\'');
      r->kernels = realloc(r->kernels, (size_t)(r->n + 1) * sizeof *r->kernels);
      if (!r->kernels) abort();
      cur = &r->kernels[r->n++];
      memset(cur, 0, sizeof *cur);
      snprintf(cur->name, sizeof cur->name, "%.*s", e ? (int)(e - q) : 0, q);
    } else if (cur && sscanf(buf, " %lld bytes stack frame, %lld bytes spill stores, %lld bytes spill loads", &a, &b2, &d) == 3) {
      cur->stack_bytes = a, cur->spill_stores = b2, cur->spill_loads = d;
    } else if (cur && (q = strstr(buf, "Used ")) && sscanf(q, "Used %d registers", &regs) == 1) {
      cur->registers = regs;
    } else if (strncmp(buf, "ptxas info", 10) != 0 && strncmp(buf, "    ", 4) != 0 && buf[0]) {
      fprintf(stderr, "%s\n", buf);
    }
    line = eol ? eol + 1 : NULL;
  }
}

bool ct_ptxas_assemble_arch(ct_ctx *c, const char *ptx, size_t len, const char *gpu_arch, const char *cubin_path,
                            ct_ptxas_report *report) {
  if (report) memset(report, 0, sizeof *report);
  char *ptxas = ct_find_ptxas();
  if (!ptxas) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "ptxas not found (set TILEC_PTXAS or CUDA_HOME)");
    return false;
  }
  char dir[] = "/tmp/tilec-XXXXXX";
  if (!mkdtemp(dir)) {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "cannot create a temporary directory for ptxas");
    free(ptxas);
    return false;
  }
  char tmpl[sizeof dir + 16], logp[sizeof dir + 16];
  snprintf(tmpl, sizeof tmpl, "%s/in.ptx", dir);
  snprintf(logp, sizeof logp, "%s/log.txt", dir);
  int fd = open(tmpl, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  FILE *f = fdopen(fd, "wb");
  bool ok = f && fwrite(ptx, 1, len, f) == len;
  if (f) fclose(f);
  if (ok) {
    char arch[32];
    snprintf(arch, sizeof arch, "-arch=%s", gpu_arch);
    /* PTX with line information (.loc, tilec --lineinfo) keeps it in the cubin: ptxas -lineinfo;
     * -v: the registers and spills of every kernel (its log goes to a file, then to the report) */
    bool lines = ptx_has_loc(ptx, len);
    char lineinfo[] = "-lineinfo", verbose[] = "-v";
    char *argv[] = {ptxas, verbose, arch, tmpl, "-o", (char *)cubin_path, lines ? lineinfo : NULL, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, logp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    pid_t pid;
    ok = posix_spawn(&pid, ptxas, &fa, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (ok) ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    size_t nlog = 0;
    char *log = ct_read_file(logp, &nlog);
    if (log) parse_ptxas_log(log, report);
    free(log);
    unlink(logp);
    if (!ok) ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "ptxas failed on the generated PTX (%s)", arch);
  } else {
    ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "cannot write the PTX for ptxas");
  }
  unlink(tmpl);
  rmdir(dir);
  free(ptxas);
  return ok;
}

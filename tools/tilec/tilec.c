/* tilec: the compiler driver. Parses the command line (docs/driver.md), reads the input, splits it
 * into chunks under --split-input-file, compiles each chunk through compile.c's pipeline, and
 * checks diagnostics under --verify-diagnostics. Exit codes: 0 success, 1 bad input, 2 bad usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llvm/backend.h"
#include "support/context.h"
#include "support/file_io.h"
#include "support/strbuf.h"
#include "support/verify_diag.h"
#include "options.h"

static const char usage_text[] =
    "usage: tilec [options] <input|-> -o <output|->\n"
    "\n"
    "Compiles CUDA Tile IR (text, pretty or generic form, or .tileirbc bytecode) to PTX. An input named *.ll is\n"
    "LLVM IR: only the LLVM-tier passes run on it (then --emit=llvm prints it, --emit=ptx emits PTX).\n"
    "\n"
    "options:\n"
    "  -o <file|->                  output file ('-' = stdout; default: stdout)\n"
    "  --opt-level=<0..3>, -O<0..3> 0: verify and print cuda_tile; 1: stop at TileAA;\n"
    "                               2, 3: full pipeline to PTX (default 3)\n"
    "  --gpu-name=<sm_90a|sm_100a>  target GPU (default sm_90a)\n"
    "  --emit=<kind>                mlir|bytecode|tileaa|tileas|llvm|ptx|cubin\n"
    "                               (default: O0 mlir, O1 tileaa, O2/O3 ptx; cubin runs ptxas)\n"
    "  --bytecode-version=<v>       bytecode version written by --emit=bytecode: 13.1 .. 13.5 (default 13.5)\n"
    "  --abi=<kind>                 kernel ABI, host-tensormaps|self-contained (docs/abi.md; default host-tensormaps:\n"
    "                               TMA kernels take appended CUtensorMap parameters; self-contained: only the\n"
    "                               entry's arguments, the kernel builds its tensor maps on the device; tileiras's\n"
    "                               command line implies it)\n"
    "  --lineinfo                   line information: .file / .loc directives from the ops' source positions\n"
    "                               (--emit=cubin passes ptxas -lineinfo)\n"
    "  --schedule-trace-file=<path> write the modulo scheduler's trace (JSON) to <path>\n"
    "  --print-ir-after-all         print the IR after every stage to stderr\n"
    "  --split-input-file           treat '// -----' lines as separators of independent inputs\n"
    "  --verify-diagnostics         check diagnostics against expected-* annotations\n"
    "  --mlir-print-op-generic      print cuda_tile in the generic form\n"
    "  --mlir-print-debuginfo       print locations (loc(#alias), alias definitions after the modules)\n"
    "  --remarks                    print optimisation remarks (why a path was or was not taken)\n"
    "  --time-stages                print the wall time of each pipeline stage to stderr\n"
    "  --version                    print the version and exit\n"
    "  --help                       print this help and exit\n"
    "\n"
    "exit status: 0 success, 1 invalid input (diagnostics on stderr), 2 usage error\n";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "tilec: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(run 'tilec --help' for usage)\n");
  return 2;
}

static bool starts_with(const char *s, const char *prefix, const char **rest) {
  size_t n = strlen(prefix);
  if (strncmp(s, prefix, n) != 0) return false;
  if (rest) *rest = s + n;
  return true;
}

static int parse_emit(const char *v, ct_emit *out) {
  static const struct { const char *name; ct_emit kind; } kinds[] = {
      {"mlir", CT_EMIT_MLIR}, {"bytecode", CT_EMIT_BYTECODE}, {"tileaa", CT_EMIT_TILEAA},
      {"tileas", CT_EMIT_TILEAS}, {"llvm", CT_EMIT_LLVM}, {"ptx", CT_EMIT_PTX}, {"cubin", CT_EMIT_CUBIN}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp(v, kinds[i].name) == 0) return *out = kinds[i].kind, 0;
  return usage_error("unknown --emit kind '%s' (expected mlir, bytecode, tileaa, tileas, llvm, ptx or cubin)", v);
}

static void options_init(tilec_options *o) {
  memset(o, 0, sizeof *o);
  o->opt_level = 3;
  o->gpu = CT_SM_90A;
  o->emit = CT_EMIT_DEFAULT;
  o->output = "-";
  ct_llvm_tier_options_init(&o->tier);
  ct_sched_options_init(&o->sched);
  ct_sched_options_from_env(&o->sched);
  o->bytecode_version = CT_BYTECODE_DEFAULT;
}

/* Returns -1 to continue, or an exit code. */
static int parse_args(int argc, char **argv, tilec_options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage_text, stdout);
      fputs("\nLLVM-tier passes (run between LLVM IR translation and NVPTX; also on .ll input):\n", stdout);
      fputs(ct_llvm_tier_help(), stdout);
      fputs("\nModulo scheduler (TileAS; environment: TILE_AS_DEBUG_UNLIMITED_SMEM):\n", stdout);
      fputs(ct_sched_help(), stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("tilec %s (LLVM/MLIR 22, targets sm_90a sm_100a)\n", TILEC_VERSION);
      return 0;
    } else if (strcmp(a, "-o") == 0) {
      if (i + 1 >= argc) return usage_error("%s needs an argument", a);
      o->output = argv[++i];
    } else if (starts_with(a, "-o", &v) && *v && a[1] == 'o') {
      o->output = v;
    } else if (starts_with(a, "--opt-level=", &v) || (starts_with(a, "-O", &v) && a[1] == 'O')) {
      if (strlen(v) != 1 || v[0] < '0' || v[0] > '3') return usage_error("invalid optimisation level '%s' (expected 0..3)", a);
      o->opt_level = v[0] - '0';
    } else if (starts_with(a, "--gpu-name=", &v)) {
      if (strcmp(v, "sm_90a") == 0) o->gpu = CT_SM_90A;
      else if (strcmp(v, "sm_100a") == 0) o->gpu = CT_SM_100A;
      else return usage_error("unsupported --gpu-name '%s' (expected sm_90a or sm_100a)", v);
    } else if (starts_with(a, "--emit=", &v)) {
      int rc = parse_emit(v, &o->emit);
      if (rc) return rc;
    } else if (starts_with(a, "--schedule-trace-file=", &v)) {
      if (!*v) return usage_error("%s needs a path", a);
      o->schedule_trace_file = v;
    } else if (strcmp(a, "--print-ir-after-all") == 0) {
      o->print_ir_after_all = true;
    } else if (strcmp(a, "--split-input-file") == 0) {
      o->split_input_file = true;
    } else if (strcmp(a, "--verify-diagnostics") == 0) {
      o->verify_diagnostics = true;
    } else if (strcmp(a, "--mlir-print-op-generic") == 0) {
      o->print_generic = true;
    } else if (strcmp(a, "--mlir-print-debuginfo") == 0 || strcmp(a, "-mlir-print-debuginfo") == 0) {
      o->print_debuginfo = true;
    } else if (starts_with(a, "--bytecode-version=", &v)) {
      if (!ct_bytecode_version_parse(v, &o->bytecode_version))
        return usage_error("unsupported --bytecode-version '%s' (expected 13.1, 13.2, 13.3, 13.4 or 13.5)", v);
    } else if (strcmp(a, "--lineinfo") == 0) {
      o->lineinfo = true;
    } else if (starts_with(a, "--abi=", &v)) {
      if (strcmp(v, "host-tensormaps") == 0) o->self_contained_abi = false;
      else if (strcmp(v, "self-contained") == 0) o->self_contained_abi = true;
      else return usage_error("unsupported --abi '%s' (expected host-tensormaps or self-contained)", v);
    } else if (strcmp(a, "--time-stages") == 0) {
      o->time_stages = true;
    } else if (strcmp(a, "--remarks") == 0) {
      o->remarks = true;
    } else if (a[0] == '-' && a[1] != 0) {
      char err[256] = "";
      int tier = ct_llvm_tier_parse_arg(&o->tier, a, err, sizeof err);
      if (tier == 0) tier = ct_sched_parse_arg(&o->sched, a, err, sizeof err);
      if (tier < 0) return usage_error("%s", err);
      if (tier == 0) return usage_error("unknown option '%s'", a);
    } else {
      if (o->input) return usage_error("more than one input file given ('%s')", a);
      o->input = a;
    }
  }
  if (!o->input) return usage_error("%s", "no input file (use '-' for stdin)");
  if (o->emit == CT_EMIT_DEFAULT)
    o->emit = o->opt_level == 0 ? CT_EMIT_MLIR : o->opt_level == 1 ? CT_EMIT_TILEAA : CT_EMIT_PTX;
  if (o->emit == CT_EMIT_CUBIN && strcmp(o->output, "-") == 0)
    return usage_error("%s", "--emit=cubin writes a binary: give an output file with -o");
  return -1;
}

/* Is the chunk separator `// -----` alone on this line? */
static bool is_split_line(const char *line, size_t n) {
  while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) n--;
  size_t i = 0;
  while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
  return n - i >= 8 && strncmp(line + i, "// -----", 8) == 0;
}

int main(int argc, char **argv) {
  tilec_options o;
  options_init(&o);
  /* Installed as `tileiras` too (tileiras_cli.c): cuTile Python's command line, cubin out. */
  int rc = tilec_invoked_as_tileiras(argv[0]) ? tileiras_parse_args(argc, argv, &o) : parse_args(argc, argv, &o);
  if (rc >= 0) return rc;

  size_t len = 0;
  char *text = ct_read_file(o.input, &len);
  if (!text) {
    fprintf(stderr, "tilec: error: cannot read '%s': %s\n", o.input, strerror(errno));
    return 1;
  }
  const char *filename = strcmp(o.input, "-") == 0 ? "<stdin>" : o.input;
  ct_ctx *c = ct_ctx_create();
  c->capture = o.verify_diagnostics;
  c->remarks = o.remarks;
  c->loc_style = o.tileiras_cli;
  FILE *remarks_yaml = NULL;
  if (o.remarks_output_file) {
    remarks_yaml = fopen(o.remarks_output_file, "w");
    if (!remarks_yaml) {
      fprintf(stderr, "tilec: error: cannot write '%s': %s\n", o.remarks_output_file, strerror(errno));
      ct_ctx_destroy(c);
      free(text);
      return 1;
    }
    c->remarks_yaml = remarks_yaml;
    c->remarks_yaml_kinds = o.remarks_yaml_kinds;
  }

  /* The scheduler runs inside TileAS (and the code generators that use it); install its options
   * and, for --schedule-trace-file, a trace collector for the whole run. */
  ct_sched_trace *trace = o.schedule_trace_file ? ct_sched_trace_create() : NULL;
  ct_sched_install(&o.sched, trace);

  ct_strbuf out;
  ct_strbuf_init(&out);
  int status = 0;
  bool is_bytecode = tilec_looks_like_bytecode(text, len); /* never split */
  size_t chunk_start = 0;
  int chunk_line = 1, line = 1;
  bool first_chunk = true;
  for (size_t i = 0; i <= len; i++) {
    bool at_end = i == len;
    if (!at_end && text[i] != '\n') continue;
    /* line [line_start, i) */
    size_t line_start = i;
    while (line_start > 0 && text[line_start - 1] != '\n') line_start--;
    bool split_here = !at_end && o.split_input_file && !is_bytecode && is_split_line(text + line_start, i - line_start);
    if (split_here || at_end) {
      size_t chunk_end = split_here ? line_start : len;
      if (!first_chunk && o.emit != CT_EMIT_CUBIN && o.emit != CT_EMIT_BYTECODE) ct_strbuf_puts(&out, "// -----\n");
      first_chunk = false;
      int chunk_rc = tilec_compile_buffer(c, &o, filename, chunk_line, text + chunk_start, chunk_end - chunk_start, &out);
      if (o.verify_diagnostics) {
        if (!ct_verify_diagnostics(c, filename, chunk_line, text + chunk_start, chunk_end - chunk_start)) status = 1;
        ct_ctx_clear_diags(c);
      } else if (chunk_rc) {
        status = chunk_rc;
      }
      chunk_start = i + 1;
      chunk_line = line + 1;
    }
    line++;
  }
  if (status == 0 && trace &&
      !ct_sched_write_trace(trace, o.schedule_trace_file, filename, ct_gpu_name(o.gpu), o.opt_level)) {
    fprintf(stderr, "tilec: error: cannot write '%s': %s\n", o.schedule_trace_file, strerror(errno));
    status = 1;
  }
  if (status == 0 && !ct_write_file(o.output, out.data ? out.data : "", out.len)) {
    fprintf(stderr, "tilec: error: cannot write '%s': %s\n", o.output, strerror(errno));
    status = 1;
  }
  if (remarks_yaml && fclose(remarks_yaml) != 0 && status == 0) {
    fprintf(stderr, "tilec: error: cannot write '%s'\n", o.remarks_output_file);
    status = 1;
  }
  ct_sched_install(NULL, NULL);
  ct_sched_trace_destroy(trace);
  ct_strbuf_free(&out);
  ct_ctx_destroy(c);
  free(text);
  return status;
}

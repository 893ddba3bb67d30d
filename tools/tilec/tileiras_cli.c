/* tileiras_cli: tilec under tileiras's command line. When the binary is invoked as `tileiras` (the
 * install step puts a `tileiras` link beside tilec), it accepts what cuTile Python passes to NVIDIA's
 * tileiras — `<in.tileirbc> -o <out.cubin> --gpu-name sm_90 -O3 --lineinfo [--remark-format=yaml
 * --remarks=all --remarks-output-file=F]`, the `--gpu-name sm_120` probe of an empty module that
 * cuTile uses to find the newest bytecode version, `--list-versions`, `--version` — and writes a
 * cubin under the self-contained kernel ABI (parameters = the entry's arguments, static shared
 * memory, tensor maps built on the device; ct_lower_options.self_contained_abi) with line
 * information (--lineinfo, -g). Errors are printed as `loc("file":line:col): error:
 * ...`, the form cuTile parses. docs/driver.md "tilec as tileiras" lists every flag and what tilec
 * does with it; flags that name tileiras features tilec lacks (-l tile libraries, --preview,
 * --sanitize, --apply-controls) are refused by name.
 * Knobs: none (the flags). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode.h"
#include "options.h"
#include "support/context.h"

static const char tileiras_usage[] =
    "OVERVIEW: tileiras (tilec " TILEC_VERSION "): CUDA Tile IR bytecode or text to a cubin\n"
    "\n"
    "USAGE: tileiras [options] <tile bytecode file>\n"
    "\n"
    "OPTIONS:\n"
    "  -o <file>, --output-file=<file>   output cubin (required)\n"
    "  --gpu-name=<sm_90|sm_100>, --arch  target (sm_90 compiles for sm_90a, sm_100 for sm_100a); other\n"
    "                                    architectures accept only a module without entries\n"
    "  -O<0..3>, --opt-level=<N>         optimisation level (default 3; 0..2 use tilec's -O2 pipeline)\n"
    "  --lineinfo, -g, --device-debug    line information (.loc from the bytecode's debug info); no variables\n"
    "  --remarks=<none|all|memory|tensorcore>, --remarks-{passed,missed,failed,analysis}=<...>\n"
    "  --remark-format=<command-line|yaml>, --remarks-output-file=<file> (default tileir_remarks.yaml)\n"
    "  --host-arch=<x86_64|aarch64>, --host-os=<linux|windows>  accepted (tilec's cubins carry no host code)\n"
    "  --list-versions                   the bytecode versions this build reads\n"
    "  --version, --help\n"
    "Not available in tilec (refused): -l (tile libraries), --preview, --sanitize, --apply-controls.\n";

bool tilec_invoked_as_tileiras(const char *argv0) {
  if (!argv0) return false;
  const char *base = strrchr(argv0, '/');
  base = base ? base + 1 : argv0;
  return strcmp(base, "tileiras") == 0 || strcmp(base, "tileiras.exe") == 0;
}

static int cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("tileiras (tilec): error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 2;
}

/* `--name=value` or `--name value` (also for one-dash short names). Returns the value, NULL when the
 * argument is another option; *missing is set when the name matched but no value follows. */
static const char *option_value(const char *name, int argc, char **argv, int *i, bool *missing) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] != 0) return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

/* CT_REMARK_* bits of a --remarks* category value. */
static bool remark_category(const char *v, unsigned kinds_of_class, unsigned *out) {
  unsigned tensorcore = kinds_of_class, memory = kinds_of_class << 3;
  if (strcmp(v, "none") == 0) *out = 0;
  else if (strcmp(v, "all") == 0) *out = tensorcore | memory;
  else if (strcmp(v, "tensorcore") == 0) *out = tensorcore;
  else if (strcmp(v, "memory") == 0) *out = memory;
  else return false;
  return true;
}

int tileiras_parse_args(int argc, char **argv, tilec_options *o) {
  o->tileiras_cli = true;
  o->self_contained_abi = true;
  o->emit = CT_EMIT_CUBIN;
  o->output = NULL;
  const char *format = "command-line";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    bool missing = false;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "--help-list") == 0) {
      fputs(tileiras_usage, stdout);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("tileiras: tilec %s, an open compiler for CUDA Tile IR (LLVM/MLIR 22; targets sm_90a sm_100a)\n",
             TILEC_VERSION);
      return 0;
    } else if (strcmp(a, "--list-versions") == 0) {
      for (int minor = 1; minor <= 9; minor++) {
        char name[8];
        ct_bytecode_version version;
        snprintf(name, sizeof name, "13.%d", minor);
        if (ct_bytecode_version_parse(name, &version)) printf("%s\n", name);
      }
      return 0;
    } else if ((v = option_value("-o", argc, argv, &i, &missing)) ||
               (v = option_value("--output-file", argc, argv, &i, &missing))) {
      o->output = v;
    } else if ((v = option_value("--gpu-name", argc, argv, &i, &missing)) ||
               (v = option_value("--arch", argc, argv, &i, &missing))) {
      if (strcmp(v, "sm_90") == 0 || strcmp(v, "sm_90a") == 0) o->gpu = CT_SM_90A, o->foreign_target = NULL;
      else if (strcmp(v, "sm_100") == 0 || strcmp(v, "sm_100a") == 0) o->gpu = CT_SM_100A, o->foreign_target = NULL;
      else if (strncmp(v, "sm_", 3) == 0 && strlen(v) >= 5 && strlen(v) <= 7 && strspn(v + 3, "0123456789af") == strlen(v + 3))
        o->foreign_target = v;
      else return cli_error("unknown --gpu-name '%s'", v);
    } else if ((v = option_value("--opt-level", argc, argv, &i, &missing)) ||
               (a[0] == '-' && a[1] == 'O' && (v = a[2] ? a + 2 : option_value("-O", argc, argv, &i, &missing)))) {
      if (strlen(v) != 1 || v[0] < '0' || v[0] > '3') return cli_error("invalid optimisation level '%s' (0..3)", v);
      o->opt_level = v[0] == '3' ? 3 : 2; /* every tileiras level writes a cubin: tilec's full pipeline */
    } else if (strcmp(a, "--lineinfo") == 0 || strcmp(a, "-g") == 0 || strcmp(a, "--device-debug") == 0) {
      /* cuTile passes --lineinfo on every compile: .loc line information (-g: the same; tilec emits no
       * variable or type debug information) */
      o->lineinfo = true;
    } else if ((v = option_value("--remark-format", argc, argv, &i, &missing))) {
      if (strcmp(v, "yaml") != 0 && strcmp(v, "command-line") != 0)
        return cli_error("unknown --remark-format '%s' (command-line or yaml)", v);
      format = v;
    } else if ((v = option_value("--remarks-output-file", argc, argv, &i, &missing))) {
      o->remarks_output_file = v;
    } else if ((v = option_value("--remarks", argc, argv, &i, &missing))) {
      unsigned bits;
      if (!remark_category(v, CT_REMARK_TENSORCORE_PASSED | CT_REMARK_TENSORCORE_MISSED | CT_REMARK_TENSORCORE_ANALYSIS, &bits))
        return cli_error("unknown --remarks '%s' (none, all, memory or tensorcore)", v);
      o->remarks_yaml_kinds = bits;
    } else if ((v = option_value("--remarks-passed", argc, argv, &i, &missing)) ||
               (v = option_value("--remarks-missed", argc, argv, &i, &missing)) ||
               (v = option_value("--remarks-failed", argc, argv, &i, &missing)) ||
               (v = option_value("--remarks-analysis", argc, argv, &i, &missing))) {
      unsigned kind = strstr(a, "passed") ? CT_REMARK_TENSORCORE_PASSED
                      : strstr(a, "analysis") ? CT_REMARK_TENSORCORE_ANALYSIS : CT_REMARK_TENSORCORE_MISSED;
      unsigned bits;
      if (!remark_category(v, kind, &bits)) return cli_error("unknown value '%s' for %s", v, a);
      o->remarks_yaml_kinds |= bits;
    } else if ((v = option_value("--host-arch", argc, argv, &i, &missing))) {
      if (strcmp(v, "x86_64") != 0 && strcmp(v, "aarch64") != 0) return cli_error("unknown --host-arch '%s'", v);
    } else if ((v = option_value("--host-os", argc, argv, &i, &missing))) {
      if (strcmp(v, "linux") != 0 && strcmp(v, "windows") != 0) return cli_error("unknown --host-os '%s'", v);
    } else if (strcmp(a, "-l") == 0 || strncmp(a, "--preview", 9) == 0 || strncmp(a, "--sanitize", 10) == 0 ||
               strncmp(a, "--apply-controls", 16) == 0) {
      return cli_error("'%s' names a tileiras feature tilec does not implement (tile libraries, preview features, "
                       "sanitizers and control files are NVIDIA's)", a);
    } else if (missing) {
      return cli_error("%s needs a value", a);
    } else if (a[0] == '-' && a[1] != 0) {
      return cli_error("unknown option '%s' (tilec as tileiras: see --help)", a);
    } else {
      if (o->input) return cli_error("more than one input file given ('%s')", a);
      o->input = a;
    }
  }
  if (!o->input) return cli_error("no input file");
  if (!o->output) return cli_error("no output file (-o <out.cubin>)");
  if (strcmp(format, "yaml") == 0) {
    if (!o->remarks_output_file) o->remarks_output_file = "tileir_remarks.yaml"; /* tileiras's default */
  } else {
    o->remarks = o->remarks_yaml_kinds != 0; /* command-line remarks: printed on stderr */
    o->remarks_output_file = NULL;
  }
  return -1;
}

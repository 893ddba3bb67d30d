/* tier_options: the LLVM-tier knobs (lib/llvm/tier.h) — defaults, command-line parsing, help text.
 * Every knob controls real behaviour (docs/llvm-tier.md); out-of-range values are rejected with a
 * message naming the accepted range. Defaults follow the seeds: sink-into-texture 3, sink-limit 20
 * (002), do-base-address-strength-reduce 4, max-chain-length 64, scev-cgp-inst-limit 500 (001),
 * cold edge probability 5% (000). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "llvm/tier.h"

void ct_llvm_tier_options_init(ct_llvm_tier_options *o) {
  memset(o, 0, sizeof *o);
  o->sink2 = true;
  o->sink_into_texture = 3;
  o->sink_limit = 20;
  o->hot_cold_layout = true;
  o->cold_branch_percent = 5;
  o->basr_level = 4;
  o->max_chain_length = 64;
  o->scev_cgp_inst_limit = 500;
}

const char *ct_llvm_tier_help(void) {
  return "  --disable-llvm-tier                  turn every LLVM-tier pass off\n"
         "  --disable-sink2                      turn Sinking2 off (all three positions)\n"
         "  --sink-into-texture=0..3             Sinking2 level: 0 off, 1 cross-block into texture-class\n"
         "                                       blocks, 2 +intra-block reordering, 3 +outside-only (default 3)\n"
         "  --sink-limit=N                       most instructions Sinking2 moves per function per run (default 20)\n"
         "  --dump-sink2                         print every Sinking2 decision to stderr\n"
         "  --disable-hot-cold-layout            keep the source block order\n"
         "  --cold-branch-percent=0..50          edges with branch_weights probability below this are cold (default 5)\n"
         "  --dump-hot-cold-layout               print cold blocks (with the heuristic) and the new order\n"
         "  --do-base-address-strength-reduce=0..4  BASR level: 0 off, 1 same block, 2 +dominated blocks in the\n"
         "                                       same loop, 3 +sext/zext index look-through, 4 +into inner loops (default 4)\n"
         "  --disable-base-address-sr            same as --do-base-address-strength-reduce=0\n"
         "  --max-chain-length=N                 most GEPs rebased on one anchor address (default 64)\n"
         "  --scev-cgp-inst-limit=N              BASR skips functions with more instructions (default 500)\n"
         "  --dump-base-address-sr               print every BASR rewrite\n";
}

/* Parse "<name>=<int>" with value in [lo, hi]. Returns 1 ok, 0 name mismatch, -1 bad value. */
static int parse_int_knob(const char *arg, const char *name, int lo, int hi, int *out, char *err, size_t errlen) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) != 0) return 0;
  if (arg[n] != '=') {
    if (arg[n] == '\0') {
      snprintf(err, errlen, "option '%s' needs a value: %s=<%d..%d>", name, name, lo, hi);
      return -1;
    }
    return 0;
  }
  const char *v = arg + n + 1;
  char *end = NULL;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (*v == '\0' || *end != '\0' || errno != 0 || x < lo || x > hi) {
    snprintf(err, errlen, "invalid value '%s' for %s: expected an integer in %d..%d", v, name, lo, hi);
    return -1;
  }
  *out = (int)x;
  return 1;
}

int ct_llvm_tier_parse_arg(ct_llvm_tier_options *o, const char *arg, char *err, size_t errlen) {
  if (err && errlen) err[0] = '\0';
  static const struct {
    const char *name;
    size_t offset;
  } flags[] = {
      {"--dump-sink2", offsetof(ct_llvm_tier_options, dump_sink2)},
      {"--dump-hot-cold-layout", offsetof(ct_llvm_tier_options, dump_hot_cold)},
      {"--dump-base-address-sr", offsetof(ct_llvm_tier_options, dump_basr)},
  };
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    if (strcmp(arg, flags[i].name) == 0) {
      *(bool *)((char *)o + flags[i].offset) = true;
      return 1;
    }
  if (strcmp(arg, "--disable-llvm-tier") == 0) {
    o->sink2 = false;
    o->hot_cold_layout = false;
    o->basr_level = 0;
    return 1;
  }
  if (strcmp(arg, "--disable-sink2") == 0) {
    o->sink2 = false;
    return 1;
  }
  if (strcmp(arg, "--disable-hot-cold-layout") == 0) {
    o->hot_cold_layout = false;
    return 1;
  }
  if (strcmp(arg, "--disable-base-address-sr") == 0) {
    o->basr_level = 0;
    return 1;
  }
  static const struct {
    const char *name;
    int lo, hi;
    size_t offset;
  } ints[] = {
      {"--sink-into-texture", 0, 3, offsetof(ct_llvm_tier_options, sink_into_texture)},
      {"--sink-limit", 0, INT_MAX, offsetof(ct_llvm_tier_options, sink_limit)},
      {"--cold-branch-percent", 0, 50, offsetof(ct_llvm_tier_options, cold_branch_percent)},
      {"--do-base-address-strength-reduce", 0, 4, offsetof(ct_llvm_tier_options, basr_level)},
      {"--max-chain-length", 1, INT_MAX, offsetof(ct_llvm_tier_options, max_chain_length)},
      {"--scev-cgp-inst-limit", 0, INT_MAX, offsetof(ct_llvm_tier_options, scev_cgp_inst_limit)},
  };
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
    int r = parse_int_knob(arg, ints[i].name, ints[i].lo, ints[i].hi, (int *)((char *)o + ints[i].offset), err,
                           errlen);
    if (r != 0) return r;
  }
  return 0;
}

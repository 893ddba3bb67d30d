/* run_args.c - tilec-run option and --arg spec parsing, and the argument/parameter check.
 * Algorithm: a single left-to-right pass; options take "--name=value" or "--name value";
 * every numeric field is range-checked; nothing is allocated but --arg specs (freed by
 * run_options_destroy). Errors name the offending text.
 * Knobs (defaults): --iters 20, --warmup 3, --seed 0, --range -1,1, --device 0. */
#include "run_args.h"
#include "run_check.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void run_options_init(run_options *options) {
  memset(options, 0, sizeof *options);
  options->dynamic_smem_bytes = -1;
  options->iters = 20;
  options->warmup = 3;
  options->random_lo = -1.0;
  options->random_hi = 1.0;
  options->rtol = -1.0;
  options->flops = -1.0;
  options->bytes = -1.0;
  options->cublas_dtype = RUN_DTYPE_F16;
}

void run_arg_spec_destroy(run_arg_spec *spec) {
  free(spec->file_path);
  spec->file_path = NULL;
  free(spec->init_list);
  spec->init_list = NULL;
  spec->init_list_count = 0;
}

void run_options_destroy(run_options *options) {
  for (unsigned i = 0; i < options->arg_count; i++) run_arg_spec_destroy(&options->args[i]);
  free(options->args);
  options->args = NULL;
  options->arg_count = 0;
}

static int parse_u64(const char *text, size_t len, uint64_t *out) {
  char buffer[32];
  if (len == 0 || len >= sizeof buffer) return -1;
  memcpy(buffer, text, len);
  buffer[len] = 0;
  for (size_t i = 0; i < len; i++)
    if (buffer[i] < '0' || buffer[i] > '9') return -1;
  errno = 0;
  unsigned long long value = strtoull(buffer, NULL, 10);
  if (errno == ERANGE) return -1;
  *out = value;
  return 0;
}

static int parse_double_text(const char *text, double *out) {
  char *end;
  errno = 0;
  double value = strtod(text, &end);
  if (!*text || *end || errno == ERANGE || isnan(value)) return -1;
  *out = value;
  return 0;
}

/* "AxBxC" -> dims (outermost first). Returns the rank, or -1. */
static int parse_shape(const char *text, size_t len, uint64_t *dims, unsigned max_rank) {
  unsigned rank = 0;
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len || text[i] == 'x') {
      if (rank == max_rank) return -1;
      if (parse_u64(text + start, i - start, &dims[rank]) || dims[rank] == 0) return -1;
      rank++;
      start = i + 1;
    }
  }
  return (int)rank;
}

int run_parse_dim3(const char *text, unsigned out[3]) {
  out[0] = out[1] = out[2] = 1;
  size_t len = strlen(text), start = 0;
  unsigned count = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len || text[i] == 'x' || text[i] == ',') {
      uint64_t value;
      if (count == 3 || parse_u64(text + start, i - start, &value) || value == 0 ||
          value > 0x7FFFFFFFu)
        return -1;
      out[count++] = (unsigned)value;
      start = i + 1;
    }
  }
  return 0;
}

/* Splits `text` at ':' into at most `max` fields (pointers into text, lengths). */
static unsigned split_fields(const char *text, const char **fields, size_t *lengths, unsigned max) {
  unsigned count = 0;
  const char *start = text;
  for (const char *p = text;; p++) {
    if (*p == ':' || *p == 0) {
      if (count < max) {
        fields[count] = start;
        lengths[count] = (size_t)(p - start);
      }
      count++;
      if (!*p) break;
      start = p + 1;
    }
  }
  return count;
}

static int field_is(const char *field, size_t len, const char *word) {
  return strlen(word) == len && memcmp(field, word, len) == 0;
}

static int field_has_prefix(const char *field, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && memcmp(field, prefix, n) == 0;
}

/* list=V0,V1,...: comma-separated numbers (a table of indices, say), at most 4096 */
static int parse_init_list(const char *values, size_t len, run_arg_spec *spec, const char *text, char *error,
                           size_t error_size) {
  enum { MAX_LIST = 4096 };
  unsigned count = 1;
  for (size_t i = 0; i < len; i++) count += values[i] == ',';
  if (count > MAX_LIST) return run_fail(error, error_size, "more than %d values in --arg '%s'", MAX_LIST, text);
  spec->init_list = malloc(count * sizeof *spec->init_list);
  if (!spec->init_list) return run_fail(error, error_size, "out of memory");
  size_t start = 0;
  for (unsigned n = 0; n < count; n++) {
    size_t end = start;
    while (end < len && values[end] != ',') end++;
    char value_text[64];
    if (end == start || end - start >= sizeof value_text)
      return run_fail(error, error_size, "bad value %u in list= of --arg '%s'", n, text);
    memcpy(value_text, values + start, end - start);
    value_text[end - start] = 0;
    if (parse_double_text(value_text, &spec->init_list[n]))
      return run_fail(error, error_size, "bad value '%s' in list= of --arg '%s'", value_text, text);
    start = end + 1;
  }
  spec->init_list_count = count;
  spec->init = RUN_INIT_LIST;
  return 0;
}

static int parse_buffer_init(const char *field, size_t len, run_arg_spec *spec, const char *text,
                             char *error, size_t error_size) {
  if (field_is(field, len, "random")) spec->init = RUN_INIT_RANDOM;
  else if (field_is(field, len, "zeros")) spec->init = RUN_INIT_ZEROS;
  else if (field_is(field, len, "ones")) spec->init = RUN_INIT_ONES;
  else if (field_is(field, len, "iota")) spec->init = RUN_INIT_IOTA;
  else if (field_is(field, len, "out")) spec->init = RUN_INIT_OUTPUT;
  else if (field_has_prefix(field, len, "value=")) {
    char value_text[64];
    if (len - 6 >= sizeof value_text) return run_fail(error, error_size, "bad value in --arg '%s'", text);
    memcpy(value_text, field + 6, len - 6);
    value_text[len - 6] = 0;
    if (parse_double_text(value_text, &spec->init_value))
      return run_fail(error, error_size, "bad value in --arg '%s'", text);
    spec->init = RUN_INIT_VALUE;
  } else if (field_has_prefix(field, len, "list=") && len > 5) {
    return parse_init_list(field + 5, len - 5, spec, text, error, error_size);
  } else if (field_has_prefix(field, len, "file=") && len > 5) {
    spec->file_path = strdup(field + 5); /* the file name runs to the end of the spec */
    if (!spec->file_path) return run_fail(error, error_size, "out of memory");
    spec->init = RUN_INIT_FILE;
  } else {
    return run_fail(error, error_size,
                "unknown initialiser in --arg '%s' (want random, zeros, ones, iota, value=V, "
                "list=V,V,..., file=PATH or out)", text);
  }
  return 0;
}

int run_arg_spec_parse(const char *text, run_arg_spec *spec, char *error, size_t error_size) {
  memset(spec, 0, sizeof *spec);
  const char *fields[8];
  size_t lengths[8];
  unsigned count = split_fields(text, fields, lengths, 8);
  if (count < 2) return run_fail(error, error_size, "bad --arg '%s' (want ptr:..., tmap:... or TYPE:VALUE)", text);

  if (field_is(fields[0], lengths[0], "ptr")) {
    spec->kind = RUN_ARG_BUFFER;
    /* file=PATH may itself contain ':'; it is always the last field */
    if (count > 4 && !(lengths[3] >= 5 && memcmp(fields[3], "file=", 5) == 0))
      return run_fail(error, error_size, "bad --arg '%s' (want ptr:DTYPE:SHAPE:INIT)", text);
    if (count < 4) return run_fail(error, error_size, "bad --arg '%s' (want ptr:DTYPE:SHAPE:INIT)", text);
    spec->dtype = run_dtype_parse(fields[1], lengths[1]);
    if (spec->dtype == RUN_DTYPE_INVALID)
      return run_fail(error, error_size, "unknown element type in --arg '%s'", text);
    int rank = parse_shape(fields[2], lengths[2], spec->shape, RUN_MAX_RANK);
    if (rank <= 0) return run_fail(error, error_size, "bad shape in --arg '%s' (want e.g. 1024x1024)", text);
    spec->rank = (unsigned)rank;
    spec->element_count = 1;
    for (unsigned i = 0; i < spec->rank; i++) {
      if (spec->shape[i] > (1ull << 40) / spec->element_count)
        return run_fail(error, error_size, "buffer in --arg '%s' is too large", text);
      spec->element_count *= spec->shape[i];
    }
    size_t init_len = count > 4 ? strlen(fields[3]) : lengths[3];
    return parse_buffer_init(fields[3], init_len, spec, text, error, error_size);
  }

  if (field_is(fields[0], lengths[0], "tmap")) {
    spec->kind = RUN_ARG_TMAP;
    if (count < 3 || count > 6)
      return run_fail(error, error_size, "bad --arg '%s' (want tmap:ARG:BOX[:swizzle=..][:l2=..][:oob=..])", text);
    uint64_t source;
    if (parse_u64(fields[1], lengths[1], &source) || source > 4096)
      return run_fail(error, error_size, "bad buffer index in --arg '%s'", text);
    spec->tmap_source = (unsigned)source;
    uint64_t box[RUN_TMAP_MAX_RANK];
    int rank = parse_shape(fields[2], lengths[2], box, RUN_TMAP_MAX_RANK);
    if (rank <= 0) return run_fail(error, error_size, "bad box in --arg '%s' (want e.g. 128x64)", text);
    spec->tmap_rank = (unsigned)rank;
    for (int i = 0; i < rank; i++) {
      if (box[i] > 256) return run_fail(error, error_size, "box dimension above 256 in --arg '%s'", text);
      spec->tmap_box[i] = (uint32_t)box[i];
    }
    spec->tmap_swizzle = RUN_TMAP_SWIZZLE_NONE;
    spec->tmap_l2 = RUN_TMAP_L2_256B;
    spec->tmap_oob = RUN_TMAP_OOB_ZERO;
    for (unsigned f = 3; f < count; f++) {
      const char *field = fields[f];
      size_t len = lengths[f];
      if (field_is(field, len, "swizzle=none")) spec->tmap_swizzle = RUN_TMAP_SWIZZLE_NONE;
      else if (field_is(field, len, "swizzle=32B")) spec->tmap_swizzle = RUN_TMAP_SWIZZLE_32B;
      else if (field_is(field, len, "swizzle=64B")) spec->tmap_swizzle = RUN_TMAP_SWIZZLE_64B;
      else if (field_is(field, len, "swizzle=128B")) spec->tmap_swizzle = RUN_TMAP_SWIZZLE_128B;
      else if (field_is(field, len, "l2=none")) spec->tmap_l2 = RUN_TMAP_L2_NONE;
      else if (field_is(field, len, "l2=64B")) spec->tmap_l2 = RUN_TMAP_L2_64B;
      else if (field_is(field, len, "l2=128B")) spec->tmap_l2 = RUN_TMAP_L2_128B;
      else if (field_is(field, len, "l2=256B")) spec->tmap_l2 = RUN_TMAP_L2_256B;
      else if (field_is(field, len, "oob=zero")) spec->tmap_oob = RUN_TMAP_OOB_ZERO;
      else if (field_is(field, len, "oob=nan")) spec->tmap_oob = RUN_TMAP_OOB_NAN;
      else return run_fail(error, error_size, "unknown tensor-map option '%.*s' in --arg '%s'", (int)len, field, text);
    }
    return 0;
  }

  spec->kind = RUN_ARG_SCALAR;
  if (count != 2) return run_fail(error, error_size, "bad scalar --arg '%s' (want TYPE:VALUE, e.g. i32:1024)", text);
  spec->dtype = run_dtype_parse(fields[0], lengths[0]);
  if (spec->dtype == RUN_DTYPE_INVALID)
    return run_fail(error, error_size, "unknown argument kind or type '%.*s' in --arg '%s'", (int)lengths[0],
                fields[0], text);
  if (run_parse_scalar(fields[1], spec->dtype, spec->scalar_bytes))
    return run_fail(error, error_size, "value '%s' is not a valid %s in --arg '%s'", fields[1],
                run_dtype_name(spec->dtype), text);
  spec->scalar_value = run_load_element(spec->scalar_bytes, spec->dtype, 0);
  return 0;
}

/* file:PATH[,elementwise|reduction|gemm][,in=DTYPE] (options after the last comma-free path). */
static int parse_file_reference(const char *text, run_reference_spec *reference, char *error, size_t error_size) {
  reference->mode = RUN_REF_FILE;
  reference->file_check_kind = RUN_CHECK_ELEMENTWISE;
  reference->file_input_dtype = -1;
  const char *path = text + 5;
  const char *comma = strchr(path, ',');
  size_t path_len = comma ? (size_t)(comma - path) : strlen(path);
  if (path_len == 0) return run_fail(error, error_size, "missing path in --reference '%s'", text);
  if (path_len >= sizeof reference->file_path) return run_fail(error, error_size, "--reference path too long");
  memcpy(reference->file_path, path, path_len);
  reference->file_path[path_len] = 0;
  while (comma) {
    const char *flag = comma + 1;
    comma = strchr(flag, ',');
    size_t n = comma ? (size_t)(comma - flag) : strlen(flag);
    if (n == 11 && strncmp(flag, "elementwise", n) == 0) reference->file_check_kind = RUN_CHECK_ELEMENTWISE;
    else if (n == 9 && strncmp(flag, "reduction", n) == 0) reference->file_check_kind = RUN_CHECK_REDUCTION;
    else if (n == 4 && strncmp(flag, "gemm", n) == 0) reference->file_check_kind = RUN_CHECK_GEMM;
    else if (n > 3 && strncmp(flag, "in=", 3) == 0) {
      run_dtype dtype = run_dtype_parse(flag + 3, n - 3);
      if (dtype == RUN_DTYPE_INVALID)
        return run_fail(error, error_size, "unknown dtype '%.*s' in --reference '%s'", (int)(n - 3), flag + 3, text);
      reference->file_input_dtype = (int)dtype;
    } else {
      return run_fail(error, error_size, "unknown file reference option '%.*s' (want elementwise, reduction, gemm, in=DTYPE)",
                  (int)n, flag);
    }
  }
  return 0;
}

static int parse_reference(const char *text, run_reference_spec *reference, char *error,
                           size_t error_size) {
  memset(reference, 0, sizeof *reference);
  if (strcmp(text, "none") == 0) return 0;
  if (strcmp(text, "interpret") == 0) {
    reference->mode = RUN_REF_INTERPRET;
    return 0;
  }
  if (strncmp(text, "file:", 5) == 0) return parse_file_reference(text, reference, error, error_size);
  if (strncmp(text, "c:", 2) != 0)
    return run_fail(error, error_size, "unknown --reference '%s' (want none, interpret, c:NAME or file:PATH)", text);
  reference->mode = RUN_REF_C;
  char buffer[128];
  if (strlen(text + 2) >= sizeof buffer) return run_fail(error, error_size, "--reference too long");
  strcpy(buffer, text + 2);
  char *save = NULL;
  char *name = strtok_r(buffer, ",", &save);
  if (!name) return run_fail(error, error_size, "missing reference name in --reference '%s'", text);
  if (strcmp(name, "vadd") == 0 || strcmp(name, "vector_add") == 0) reference->name = RUN_CREF_VADD;
  else if (strcmp(name, "softmax") == 0) reference->name = RUN_CREF_SOFTMAX;
  else if (strcmp(name, "layernorm") == 0) reference->name = RUN_CREF_LAYERNORM;
  else if (strcmp(name, "gemm") == 0) reference->name = RUN_CREF_GEMM;
  else
    return run_fail(error, error_size, "unknown C reference '%s' (want vadd, softmax, layernorm or gemm)", name);
  for (char *flag = strtok_r(NULL, ",", &save); flag; flag = strtok_r(NULL, ",", &save)) {
    if (reference->name != RUN_CREF_GEMM)
      return run_fail(error, error_size, "reference '%s' takes no option '%s'", name, flag);
    if (strcmp(flag, "bt") == 0) reference->gemm_b_transposed = 1;
    else if (strcmp(flag, "bias") == 0) reference->gemm_bias = 1;
    else if (strcmp(flag, "relu") == 0) reference->gemm_relu = 1;
    else return run_fail(error, error_size, "unknown gemm option '%s' (want bt, bias, relu)", flag);
  }
  return 0;
}

/* "--name=value" or "--name value": returns the value or NULL (and sets *missing). */
static const char *option_value(const char *name, int argc, char **argv, int *index, int *matched) {
  const char *arg = argv[*index];
  size_t len = strlen(name);
  *matched = 0;
  if (strncmp(arg, name, len) != 0) return NULL;
  if (arg[len] == '=') {
    *matched = 1;
    return arg + len + 1;
  }
  if (arg[len] != 0) return NULL;
  *matched = 1;
  if (*index + 1 >= argc) return NULL;
  (*index)++;
  return argv[*index];
}

static int parse_unsigned_option(const char *name, const char *value, uint64_t max, uint64_t *out,
                                 char *error, size_t error_size) {
  if (parse_u64(value, strlen(value), out) || *out > max)
    return run_fail(error, error_size, "bad value '%s' for %s", value, name);
  return 0;
}

int run_options_parse(run_options *options, int argc, char **argv, char *error, size_t error_size) {
  unsigned arg_capacity = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value;
    int matched;
    uint64_t number;
    const char *missing_option = NULL;
    /* True when argv[i] is option NAME with its value in `value`; a missing value is recorded. */
#define OPTION(NAME)                                                                  \
  ((value = option_value(NAME, argc, argv, &i, &matched), matched) &&                 \
   (value || (missing_option = NAME, 0)))
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      options->show_help = 1;
    } else if (strcmp(arg, "--version") == 0) {
      options->show_version = 1;
    } else if (strcmp(arg, "--json") == 0) {
      options->json = 1;
    } else if (strcmp(arg, "--device-info") == 0) {
      options->device_info = 1;
    } else if (strcmp(arg, "--dry-run") == 0) {
      options->dry_run = 1;
    } else if (strcmp(arg, "--list") == 0) {
      options->list_entries = 1;
    } else if (strcmp(arg, "--interpret") == 0) {
      options->interpret = 1;
    } else if (strcmp(arg, "--unwritten-ok") == 0) {
      options->unwritten_ok = 1;
    } else if (strcmp(arg, "--print-outputs") == 0) {
      options->print_outputs = 1;
      options->print_count = 8;
    } else if (strncmp(arg, "--print-outputs=", 16) == 0) {
      if (parse_unsigned_option("--print-outputs", arg + 16, 1u << 20, &number, error, error_size)) return -1;
      options->print_outputs = 1;
      options->print_count = (unsigned)number;
    } else if (OPTION("--source")) {
      options->source_path = (char *)value;
    } else if (OPTION("--max-ops")) {
      if (parse_unsigned_option("--max-ops", value, UINT64_MAX, &number, error, error_size)) return -1;
      options->max_ops = number;
    } else if (OPTION("--save")) {
      const char *eq = strchr(value, '=');
      if (!eq || parse_u64(value, (size_t)(eq - value), &number) || number > 1000000 || !eq[1])
        return run_fail(error, error_size, "bad --save '%s' (want N=PATH)", value);
      if (options->save_count == RUN_MAX_SAVES) return run_fail(error, error_size, "too many --save (at most %d)", RUN_MAX_SAVES);
      options->save_arg[options->save_count] = (unsigned)number;
      options->save_path[options->save_count++] = (char *)eq + 1;
    } else if (OPTION("--kernel")) {
      options->kernel_name = (char *)value;
    } else if (OPTION("--grid")) {
      if (run_parse_dim3(value, options->grid)) return run_fail(error, error_size, "bad --grid '%s' (want X[,Y[,Z]])", value);
      options->grid_set = 1;
    } else if (OPTION("--block")) {
      if (run_parse_dim3(value, options->block) ||
          (uint64_t)options->block[0] * options->block[1] * options->block[2] > 1024)
        return run_fail(error, error_size, "bad --block '%s' (want X[,Y[,Z]], at most 1024 threads)", value);
      options->block_set = 1;
    } else if (OPTION("--cluster")) {
      if (run_parse_dim3(value, options->cluster) ||
          (uint64_t)options->cluster[0] * options->cluster[1] * options->cluster[2] > 16)
        return run_fail(error, error_size, "bad --cluster '%s' (want X[,Y[,Z]], at most 16 CTAs)", value);
      options->cluster_set = 1;
    } else if (OPTION("--smem")) {
      if (parse_unsigned_option("--smem", value, 1u << 30, &number, error, error_size)) return -1;
      options->dynamic_smem_bytes = (int64_t)number;
    } else if (OPTION("--iters")) {
      if (parse_unsigned_option("--iters", value, 1000000, &number, error, error_size)) return -1;
      options->iters = (unsigned)number;
    } else if (OPTION("--warmup")) {
      if (parse_unsigned_option("--warmup", value, 1000000, &number, error, error_size)) return -1;
      options->warmup = (unsigned)number;
    } else if (OPTION("--seed")) {
      if (parse_unsigned_option("--seed", value, UINT64_MAX, &number, error, error_size)) return -1;
      options->seed = number;
    } else if (OPTION("--device")) {
      if (parse_unsigned_option("--device", value, 1024, &number, error, error_size)) return -1;
      options->device_index = (int)number;
    } else if (OPTION("--range")) {
      char lo_text[64], hi_text[64];
      const char *comma = strchr(value, ',');
      if (!comma || (size_t)(comma - value) >= sizeof lo_text || strlen(comma + 1) >= sizeof hi_text)
        return run_fail(error, error_size, "bad --range '%s' (want LO,HI)", value);
      memcpy(lo_text, value, (size_t)(comma - value));
      lo_text[comma - value] = 0;
      strcpy(hi_text, comma + 1);
      if (parse_double_text(lo_text, &options->random_lo) ||
          parse_double_text(hi_text, &options->random_hi) || !(options->random_lo < options->random_hi))
        return run_fail(error, error_size, "bad --range '%s' (want LO,HI with LO < HI)", value);
    } else if (OPTION("--rtol")) {
      if (parse_double_text(value, &options->rtol) || options->rtol < 0)
        return run_fail(error, error_size, "bad --rtol '%s'", value);
    } else if (OPTION("--flops")) {
      if (parse_double_text(value, &options->flops) || options->flops < 0)
        return run_fail(error, error_size, "bad --flops '%s'", value);
    } else if (OPTION("--bytes")) {
      if (parse_double_text(value, &options->bytes) || options->bytes < 0)
        return run_fail(error, error_size, "bad --bytes '%s'", value);
    } else if (OPTION("--reference")) {
      if (parse_reference(value, &options->reference, error, error_size)) return -1;
    } else if (OPTION("--cublas-gemm")) {
      uint64_t dims[3];
      if (parse_shape(value, strlen(value), dims, 3) != 3)
        return run_fail(error, error_size, "bad --cublas-gemm '%s' (want MxNxK)", value);
      options->cublas = 1;
      options->cublas_m = dims[0];
      options->cublas_n = dims[1];
      options->cublas_k = dims[2];
    } else if (OPTION("--cublas-dtype")) {
      options->cublas_dtype = run_dtype_parse(value, strlen(value));
      if (options->cublas_dtype != RUN_DTYPE_F16 && options->cublas_dtype != RUN_DTYPE_BF16)
        return run_fail(error, error_size, "bad --cublas-dtype '%s' (want f16 or bf16)", value);
    } else if (OPTION("--arg") || OPTION("--buffer")) {
      int hidden = strncmp(arg, "--buffer", 8) == 0;
      if (options->arg_count == arg_capacity) {
        arg_capacity = arg_capacity ? arg_capacity * 2 : 8;
        run_arg_spec *grown = realloc(options->args, arg_capacity * sizeof *grown);
        if (!grown) return run_fail(error, error_size, "out of memory");
        options->args = grown;
      }
      run_arg_spec *spec = &options->args[options->arg_count];
      if (run_arg_spec_parse(value, spec, error, error_size)) {
        run_arg_spec_destroy(spec);
        return -1;
      }
      if (hidden && spec->kind != RUN_ARG_BUFFER) {
        run_arg_spec_destroy(spec);
        return run_fail(error, error_size, "--buffer '%s' is not a ptr:... buffer", value);
      }
      spec->hidden = hidden;
      options->arg_count++;
    } else if (missing_option) {
      return run_fail(error, error_size, "option %s needs a value", missing_option);
    } else if (arg[0] == '-' && arg[1] != 0) {
      return run_fail(error, error_size, "unknown option '%s' (see --help)", arg);
    } else {
      if (options->image_path) return run_fail(error, error_size, "more than one input file ('%s' and '%s')", options->image_path, arg);
      options->image_path = (char *)arg;
    }
#undef OPTION
  }
  if (options->show_help || options->show_version) return 0;

  /* Cross-field checks. */
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_TMAP) continue;
    if (spec->tmap_source >= options->arg_count || options->args[spec->tmap_source].kind != RUN_ARG_BUFFER)
      return run_fail(error, error_size, "--arg %u: tensor map refers to argument %u, which is not a ptr buffer", i,
                  spec->tmap_source);
    const run_arg_spec *source = &options->args[spec->tmap_source];
    if (source->rank != spec->tmap_rank)
      return run_fail(error, error_size, "--arg %u: tensor-map box has rank %u but buffer %u has rank %u", i,
                  spec->tmap_rank, spec->tmap_source, source->rank);
    if (run_tmap_data_type(source->dtype) < 0)
      return run_fail(error, error_size, "--arg %u: TMA cannot move %s elements", i, run_dtype_name(source->dtype));
  }
  if (options->interpret && options->cublas) return run_fail(error, error_size, "--interpret and --cublas-gemm exclude each other");
  if (options->interpret && options->reference.mode == RUN_REF_INTERPRET)
    return run_fail(error, error_size, "--reference=interpret compares a GPU run with the interpreter; with --interpret use "
                                   "--reference=c:NAME or none");
  if (!options->interpret && options->reference.mode == RUN_REF_INTERPRET && !options->source_path)
    return run_fail(error, error_size, "--reference=interpret needs the kernel's cuda_tile source (--source KERNEL.mlir)");
  if (options->cublas || options->device_info) return 0;
  if (!options->image_path)
    return run_fail(error, error_size, "no input file (a .ptx or .cubin, or a .mlir with --interpret; see --help)");
  if (options->list_entries) return 0;
  if (!options->grid_set) return run_fail(error, error_size, "missing --grid X[,Y[,Z]]");
  if (options->arg_count == 0) return run_fail(error, error_size, "no kernel arguments (--arg ...)");
  return 0;
}

int run_options_check_entry(const run_options *options, const run_ptx_entry *entry, char *error,
                            size_t error_size) {
  unsigned passed = 0;
  for (unsigned i = 0; i < options->arg_count; i++) passed += !options->args[i].hidden;
  if (entry->param_count != passed)
    return run_fail(error, error_size, "kernel '%s' takes %u parameters but %u --arg were given", entry->name,
                entry->param_count, passed);
  unsigned param = 0;
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->hidden) continue;
    uint32_t want = spec->kind == RUN_ARG_BUFFER ? 8
                    : spec->kind == RUN_ARG_TMAP ? 128
                                                 : (uint32_t)run_dtype_size(spec->dtype);
    if (entry->param_sizes[param] != want)
      return run_fail(error, error_size, "--arg %u: kernel '%s' parameter %u is %u bytes but the argument is %u bytes",
                  i, entry->name, param, entry->param_sizes[param], want);
    param++;
  }
  return 0;
}

/* Index into options->args of kernel parameter `param` (hidden --buffer entries are not
 * parameters), or options->arg_count when there is none. */
static unsigned arg_of_param(const run_options *options, unsigned param) {
  unsigned p = 0;
  for (unsigned i = 0; i < options->arg_count; i++) {
    if (options->args[i].hidden) continue;
    if (p++ == param) return i;
  }
  return options->arg_count;
}

/* The number a `dims` / `strides_bytes` entry stands for: its constant, or the value of the i32/i64
 * scalar passed for kernel parameter `arg` times `scale` (docs/abi.md "Tensor maps"). `what` and
 * `index` name the entry in messages. Returns 0, or -1 with a message. */
static int resolve_extent(const run_options *options, const run_ptx_entry *entry, const run_ptx_tmap *m,
                          const run_ptx_extent *x, const char *what, unsigned index, uint64_t *out, char *error,
                          size_t error_size) {
  if (x->arg < 0) {
    *out = x->value;
    return 0;
  }
  unsigned source = arg_of_param(options, (unsigned)x->arg);
  const run_arg_spec *spec = source < options->arg_count ? &options->args[source] : NULL;
  if (!spec || spec->kind != RUN_ARG_SCALAR || (spec->dtype != RUN_DTYPE_I32 && spec->dtype != RUN_DTYPE_I64))
    return run_fail(error, error_size, "tilec.tensormap of '%s' (param=%u): %s[%u] is kernel argument %d, which is not an "
                "i32/i64 scalar (pass it as --arg i64:VALUE or --arg i32:VALUE)", entry->name, m->param, what, index,
                x->arg);
  unsigned bytes = spec->dtype == RUN_DTYPE_I32 ? 4 : 8;
  uint64_t raw = 0;
  for (unsigned b = 0; b < bytes; b++) raw |= (uint64_t)spec->scalar_bytes[b] << (8 * b);
  int64_t value = bytes == 4 ? (int64_t)(int32_t)(uint32_t)raw : (int64_t)raw;
  if (value <= 0)
    return run_fail(error, error_size, "tilec.tensormap of '%s' (param=%u): %s[%u] is kernel argument %d = %lld, but "
                "tensor-map extents and strides must be positive", entry->name, m->param, what, index, x->arg,
                (long long)value);
  if ((uint64_t)value > UINT64_MAX / x->scale)
    return run_fail(error, error_size, "tilec.tensormap of '%s' (param=%u): %s[%u] = kernel argument %d (%lld) * %llu "
                "overflows 64 bits", entry->name, m->param, what, index, x->arg, (long long)value,
                (unsigned long long)x->scale);
  *out = (uint64_t)value * x->scale;
  return 0;
}

/* Resolves the map's dims and strides_bytes (innermost first) and checks the cuTensorMapEncodeTiled
 * ranges of those that came from arguments, naming the argument. Returns 0, or -1 with a message. */
static int resolve_tmap(const run_options *options, const run_ptx_entry *entry, const run_ptx_tmap *m,
                        uint64_t dims[RUN_TMAP_MAX_RANK], uint64_t strides[RUN_TMAP_MAX_RANK - 1], char *error,
                        size_t error_size) {
  for (unsigned d = 0; d < m->rank; d++) {
    const run_ptx_extent *x = &m->dims[d];
    if (resolve_extent(options, entry, m, x, "dims", d, &dims[d], error, error_size)) return -1;
    if (x->arg >= 0 && dims[d] > (1ull << 32))
      return run_fail(error, error_size, "tilec.tensormap of '%s' (param=%u): dims[%u] = kernel argument %d = %llu, "
                  "above the 2^32 a tensor map allows", entry->name, m->param, d, x->arg,
                  (unsigned long long)dims[d]);
  }
  for (unsigned d = 0; d + 1 < m->rank; d++) {
    const run_ptx_extent *x = &m->strides_bytes[d];
    if (resolve_extent(options, entry, m, x, "strides_bytes", d, &strides[d], error, error_size)) return -1;
    if (x->arg >= 0 && (strides[d] % 16 != 0 || strides[d] >= (1ull << 40)))
      return run_fail(error, error_size, "tilec.tensormap of '%s' (param=%u): strides_bytes[%u] = kernel argument %d * "
                  "%llu = %llu bytes, but a tensor-map stride must be a multiple of 16 below 2^40",
                  entry->name, m->param, d, x->arg, (unsigned long long)x->scale, (unsigned long long)strides[d]);
  }
  return 0;
}

int run_options_append_ptx_tmaps(run_options *options, const run_ptx_entry *entry, unsigned *appended, char *error,
                                 size_t error_size) {
  *appended = 0;
  unsigned passed = 0;
  for (unsigned i = 0; i < options->arg_count; i++) passed += !options->args[i].hidden;
  if (!entry->tmap_count || passed + entry->tmap_count != entry->param_count) return 0;
  run_arg_spec *grown = realloc(options->args, (options->arg_count + entry->tmap_count) * sizeof *grown);
  if (!grown) return run_fail(error, error_size, "out of memory");
  options->args = grown;
  for (unsigned t = 0; t < entry->tmap_count; t++) {
    const run_ptx_tmap *m = &entry->tmaps[t];
    if (m->param != passed + t)
      return run_fail(error, error_size, "tilec.tensormap of '%s': parameter %u is not the next one after the %u given",
                  entry->name, m->param, passed + t);
    unsigned source = arg_of_param(options, m->base_arg);
    if (source == options->arg_count || options->args[source].kind != RUN_ARG_BUFFER)
      return run_fail(error, error_size, "tilec.tensormap of '%s': base_arg %u is not a buffer argument", entry->name,
                  m->base_arg);
    const run_arg_spec *buf = &options->args[source];
    if (buf->dtype != m->dtype)
      return run_fail(error, error_size, "tilec.tensormap of '%s': base_arg %u is %s but the map is %s", entry->name,
                  m->base_arg, run_dtype_name(buf->dtype), run_dtype_name(m->dtype));
    uint64_t dims[RUN_TMAP_MAX_RANK], strides[RUN_TMAP_MAX_RANK - 1];
    if (resolve_tmap(options, entry, m, dims, strides, error, error_size)) return -1;
    int from_args = 0;
    for (unsigned d = 0; d < m->rank; d++) from_args |= m->dims[d].arg >= 0;
    /* The buffer must hold the (resolved) dims with contiguous strides. */
    uint64_t esize = run_dtype_size(m->dtype);
    if (dims[0] > UINT64_MAX / esize)
      return run_fail(error, error_size, "tilec.tensormap of '%s': the map's size overflows 64 bits", entry->name);
    uint64_t need = dims[0] * esize;
    for (unsigned d = 1; d < m->rank; d++) {
      if (strides[d - 1] != need)
        return run_fail(error, error_size, "tilec.tensormap of '%s': strides_bytes are not those of a contiguous tensor "
                    "(strides_bytes[%u] is %llu, contiguous dims need %llu; only contiguous views are built "
                    "automatically; pass --arg tmap:..)", entry->name, d - 1, (unsigned long long)strides[d - 1],
                    (unsigned long long)need);
      if (dims[d] && need > UINT64_MAX / dims[d])
        return run_fail(error, error_size, "tilec.tensormap of '%s': the map's size overflows 64 bits", entry->name);
      need *= dims[d];
    }
    if (need > buf->element_count * esize) {
      char shape[160] = "";
      size_t at = 0;
      for (unsigned d = 0; from_args && d < m->rank && at < sizeof shape; d++)
        at += (size_t)snprintf(shape + at, sizeof shape - at, "%s%llu", d ? "x" : " (dims from the arguments: ",
                               (unsigned long long)dims[m->rank - 1 - d]);
      if (from_args && at < sizeof shape) snprintf(shape + at, sizeof shape - at, ", outermost first)");
      return run_fail(error, error_size, "tilec.tensormap of '%s': the map covers %llu bytes but buffer argument %u has "
                  "%llu%s", entry->name, (unsigned long long)need, m->base_arg,
                  (unsigned long long)(buf->element_count * esize), shape);
    }
    run_arg_spec *spec = &options->args[options->arg_count + t];
    memset(spec, 0, sizeof *spec);
    spec->kind = RUN_ARG_TMAP;
    spec->dtype = m->dtype;
    spec->tmap_source = source;
    spec->tmap_rank = m->rank;
    spec->tmap_auto = 1;
    for (unsigned d = 0; d < m->rank; d++) {
      spec->tmap_shape[d] = dims[m->rank - 1 - d];
      spec->tmap_box[d] = m->box[m->rank - 1 - d];
    }
    spec->tmap_swizzle = m->swizzle;
    spec->tmap_l2 = m->l2_promotion;
    spec->tmap_oob = m->oob_fill;
  }
  options->arg_count += entry->tmap_count;
  *appended = entry->tmap_count;
  return 0;
}

void run_tmap_request_for_arg(const run_options *options, unsigned index, run_tmap_request *request) {
  const run_arg_spec *spec = &options->args[index];
  const run_arg_spec *source = &options->args[spec->tmap_source];
  memset(request, 0, sizeof *request);
  if (spec->tmap_auto) {
    request->dtype = spec->dtype;
    request->rank = spec->tmap_rank;
    for (unsigned i = 0; i < spec->tmap_rank; i++) {
      request->shape[i] = spec->tmap_shape[i];
      request->box[i] = spec->tmap_box[i];
      request->element_strides[i] = 1;
    }
    request->swizzle = spec->tmap_swizzle;
    request->l2_promotion = spec->tmap_l2;
    request->oob_fill = spec->tmap_oob;
    return;
  }
  request->dtype = source->dtype;
  request->rank = source->rank;
  for (unsigned i = 0; i < source->rank && i < RUN_TMAP_MAX_RANK; i++) {
    request->shape[i] = source->shape[i];
    request->box[i] = spec->tmap_box[i];
    request->element_strides[i] = 1;
  }
  request->swizzle = spec->tmap_swizzle;
  request->l2_promotion = spec->tmap_l2;
  request->oob_fill = spec->tmap_oob;
}

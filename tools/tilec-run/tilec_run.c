/* tilec_run.c - tilec-run: launch a tilec-compiled kernel (PTX or cubin) on an NVIDIA GPU through
 * the driver API, check its outputs against a reference and time it.
 * Algorithm: parse options -> read the image and scan the PTX (entry, .reqntid block, dynamic
 * smem comment, parameter sizes, checked against the --arg list) -> fill host inputs (seeded
 * RNG / files) -> compute the C reference -> dlopen the driver -> load module, set dynamic smem
 * and cluster attributes -> allocate, upload, encode tensor maps -> poison outputs (0xFF), launch,
 * check (NaN = fail) -> warm-up, then N timed launches with events (outputs poisoned before
 * each, outside the timed interval) -> median -> re-check the last run's outputs -> report.
 * --interpret KERNEL.mlir runs the kernel on the CPU with the reference interpreter instead (same
 * inputs, reference and checks, no driver); --reference=interpret --source KERNEL.mlir compares a
 * GPU run with the interpreter's output on the same inputs (run_interp.h).
 * Knobs: see --help. Exit codes: 0 pass, 1 check failed, 2 bad usage/input, 3 no CUDA driver or
 * device, 4 CUDA error (driver call, module load, launch), 5 cuBLAS unavailable. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_args.h"
#include "run_check.h"
#include "run_cuda.h"
#include "run_cubin.h"
#include "run_ptx.h"
#include "run_reference.h"
#include "run_tmap.h"
#include "run_types.h"
#ifdef TILEC_RUN_HAVE_INTERP
#include "run_interp.h"
#endif

enum {
  EXIT_PASS = 0,
  EXIT_CHECK_FAILED = 1,
  EXIT_USAGE = 2,
  EXIT_NO_DRIVER = 3,
  EXIT_CUDA_ERROR = 4,
  EXIT_NO_CUBLAS = 5,
};

#define ERROR_SIZE 8192

static const char usage_text[] =
    "usage: tilec-run KERNEL.ptx|KERNEL.cubin --grid X[,Y,Z] --arg SPEC... [options]\n"
    "       tilec-run --interpret KERNEL.mlir --grid X[,Y,Z] --arg SPEC... [options]\n"
    "       tilec-run --cublas-gemm MxNxK [--cublas-dtype f16|bf16] [timing options]\n"
    "\n"
    "Argument specs (one per kernel parameter, in order; shapes outermost first, row-major):\n"
    "  --arg ptr:DTYPE:SHAPE:INIT   device buffer; INIT = random|zeros|ones|iota|value=V|list=V,V,..|file=PATH|out\n"
    "  --arg DTYPE:VALUE            scalar (i1 i8 i16 i32 i64 f16 bf16 f32 f64), e.g. i32:1024\n"
    "  --arg tmap:N:BOX[:swizzle=none|32B|64B|128B][:l2=none|64B|128B|256B][:oob=zero|nan]\n"
    "                               CUtensorMap over buffer argument N (0-based), box e.g. 128x64\n"
    "  --buffer ptr:DTYPE:SHAPE:INIT  a buffer that is not a kernel parameter (behind a tmap);\n"
    "                               argument numbers count --arg and --buffer in order\n"
    "  (tilec Hopper PTX: give only the kernel's own arguments; the maps of its\n"
    "   '// tilec.tensormap' lines are appended over the named buffers, docs/abi.md)\n"
    "Launch:\n"
    "  --kernel NAME     entry to launch (default: the only entry of the PTX or cubin)\n"
    "  --grid X[,Y,Z]    grid in CTAs (required)\n"
    "  --block X[,Y,Z]   block (default: .reqntid of the entry; a cubin's EIATTR_REQNTID)\n"
    "  --cluster X[,Y,Z] cluster shape launch attribute (not with .reqnctapercluster kernels)\n"
    "  --smem BYTES      dynamic shared memory (default: '// tilec.dynamic_smem_bytes' or 0)\n"
    "  --device N        GPU ordinal (default 0)\n"
    "Checking:\n"
    "  --reference=none|interpret|c:NAME[,opts]|file:PATH[,opts]  NAME = vadd | softmax |\n"
    "                    layernorm | gemm[,bt][,bias][,relu] (default none: only the NaN check);\n"
    "                    interpret needs --source KERNEL.mlir (the GPU run is compared with it);\n"
    "                    file: the expected first output, raw values as --save writes them\n"
    "                    [,elementwise|reduction|gemm][,in=DTYPE] (tolerance class, input dtype)\n"
    "Interpreter (CPU, no driver; docs/interpreter.md):\n"
    "  --interpret       the input is cuda_tile MLIR, executed by the reference interpreter\n"
    "  --max-ops N       stop after N executed operations (default 2^31)\n"
    "  --unwritten-ok    output elements still holding the 0xFF poison are neither failures nor\n"
    "                    compared (runs over part of the grid)\n"
    "  --print-outputs[=K]  print each output's element count, NaNs, sum, min, max and first K values\n"
    "  --save N=PATH     write output argument N as raw little-endian bytes after the run\n"
    "  --rtol X          tolerance override (default per dtype, see docs/tilec-run.md)\n"
    "  --seed N          RNG seed for random inputs (default 0); --range LO,HI (default -1,1)\n"
    "Timing and output:\n"
    "  --warmup N (default 3)  --iters N (default 20; 0 = no timing)  median of N is reported\n"
    "  --flops X / --bytes X   work per launch for TFLOP/s and GB/s\n"
    "  --json            one JSON object instead of the summary line\n"
    "  --list            print the entries (PTX or cubin) and their launch metadata, then exit\n"
    "  --dry-run         do everything that needs no GPU (inputs, reference, tensor-map fields)\n"
    "  --device-info     print 'device N: NAME sm_XY SMS sms driver V' and exit (3 without a GPU)\n"
    "Exit codes: 0 pass, 1 check failed (or the interpreted kernel failed), 2 bad usage or input, 3 no CUDA driver/device,\n"
    "            4 CUDA error, 5 cuBLAS unavailable.\n";

static void print_error(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  fputs("error: ", stderr);
  vfprintf(stderr, format, ap);
  fputc('\n', stderr);
  va_end(ap);
}

static char *read_file(const char *path, size_t *size_out) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  char *data = NULL;
  size_t size = 0, capacity = 0;
  for (;;) {
    if (size + 65536 + 1 > capacity) {
      capacity = capacity ? capacity * 2 : 1 << 20;
      char *grown = realloc(data, capacity);
      if (!grown) {
        free(data);
        fclose(file);
        return NULL;
      }
      data = grown;
    }
    size_t got = fread(data + size, 1, 65536, file);
    size += got;
    if (got < 65536) break;
  }
  int failed = ferror(file);
  fclose(file);
  if (failed) {
    free(data);
    return NULL;
  }
  data[size] = 0; /* PTX must be NUL-terminated for cuModuleLoadDataEx */
  *size_out = size;
  return data;
}

/* Everything one run owns; released by run_state_destroy in reverse order. */
typedef struct {
  run_options options;
  char *image;
  size_t image_size;
  int image_is_ptx;
  run_ptx_module module_info;
  const char *kernel_name;
  unsigned block[3];
  unsigned cluster[3];
  int use_cluster_attribute;
  unsigned dynamic_smem;
  void **host_buffers;        /* per argument, buffers only */
  size_t *buffer_bytes;
  double *want;               /* expected values of the checked output */
  int checked_output;         /* argument index, -1 = none */
  run_reference_info reference_info;
  run_tmap_fields *tmap_fields;
  /* device side */
  run_cuda cuda;
  int cuda_open;
  CUdevice device;
  CUcontext context;
  int context_retained;
  CUmodule module;
  CUfunction function;
  CUdeviceptr *device_buffers;
  CUtensorMap *tensor_maps;
  CUevent *events;
  unsigned event_count;
  run_cublas cublas;
  char error[ERROR_SIZE];
} run_state;

static void run_state_destroy(run_state *state) {
  if (state->cuda_open) {
    for (unsigned i = 0; i < state->event_count; i++)
      if (state->events[i]) state->cuda.event_destroy(state->events[i]);
    if (state->device_buffers)
      for (unsigned i = 0; i < state->options.arg_count; i++)
        if (state->device_buffers[i]) state->cuda.mem_free(state->device_buffers[i]);
    run_cublas_close(&state->cublas);
    if (state->module) state->cuda.module_unload(state->module);
    if (state->context_retained) state->cuda.primary_ctx_release(state->device);
    run_cuda_close(&state->cuda);
  }
  free(state->events);
  free(state->tensor_maps);
  free(state->device_buffers);
  if (state->host_buffers)
    for (unsigned i = 0; i < state->options.arg_count; i++) free(state->host_buffers[i]);
  free(state->host_buffers);
  free(state->buffer_bytes);
  free(state->want);
  free(state->tmap_fields);
  run_ptx_module_destroy(&state->module_info);
  free(state->image);
  run_options_destroy(&state->options);
}

/* --- CPU side ----------------------------------------------------------------------------- */

static int choose_entry(run_state *state) {
  run_options *options = &state->options;
  const run_ptx_entry *entry = NULL;
  if (options->kernel_name) {
    entry = run_ptx_find_entry(&state->module_info, options->kernel_name);
    if (!entry) {
      print_error("no entry '%s' in %s", options->kernel_name, options->image_path);
      return EXIT_USAGE;
    }
  } else if (state->module_info.entry_count == 1) {
    entry = &state->module_info.entries[0];
  } else {
    print_error("%s has %u entries; pick one with --kernel", options->image_path,
                state->module_info.entry_count);
    return EXIT_USAGE;
  }
  if (entry) {
    state->kernel_name = entry->name;
    if (entry->tileir)
      fprintf(stderr,
              "note: '%s' is a CUDA Tile IR kernel (tileiras)%s: launched with exactly its %u parameters; the "
              "driver completes the launch%s (it needs a driver that runs CUDA Tile IR cubins)\n",
              entry->name, state->module_info.has_host_code ? " with embedded host code" : "", entry->param_count,
              state->module_info.has_host_code ? " by running that host code (tensor maps, hidden parameters)" : "");
    unsigned appended = 0;
    if (run_options_append_ptx_tmaps(options, entry, &appended, state->error, sizeof state->error)) {
      print_error("%s", state->error);
      return EXIT_USAGE;
    }
    if (appended)
      fprintf(stderr, "note: appended %u tensor map(s) from the '// tilec.tensormap' lines of '%s'\n", appended,
              entry->name);
    if (entry->has_pipeline && !options->block_set && entry->pipeline_threads != entry->block[0]) {
      print_error("'// tilec.pipeline' of '%s' says threads=%u but .reqntid is %u", entry->name,
                  entry->pipeline_threads, entry->block[0]);
      return EXIT_USAGE;
    }
    if (run_options_check_entry(options, entry, state->error, sizeof state->error)) {
      print_error("%s", state->error);
      return EXIT_USAGE;
    }
  }
  if (options->block_set) {
    memcpy(state->block, options->block, sizeof state->block);
  } else if (entry && entry->block[0]) {
    memcpy(state->block, entry->block, sizeof state->block);
  } else {
    print_error("entry '%s' has no %s; pass --block", state->kernel_name,
                state->image_is_ptx ? ".reqntid/.maxntid" : "required block size (EIATTR_REQNTID)");
    return EXIT_USAGE;
  }
  if (entry && entry->has_reqntid && options->block_set &&
      memcmp(entry->block, options->block, sizeof options->block) != 0) {
    print_error("--block %u,%u,%u contradicts .reqntid %u, %u, %u of '%s'", options->block[0],
                options->block[1], options->block[2], entry->block[0], entry->block[1],
                entry->block[2], entry->name);
    return EXIT_USAGE;
  }
  if (options->dynamic_smem_bytes >= 0)
    state->dynamic_smem = (unsigned)options->dynamic_smem_bytes;
  else if (entry && entry->dynamic_smem_bytes >= 0)
    state->dynamic_smem = (unsigned)entry->dynamic_smem_bytes;
  else if (state->module_info.declares_extern_shared)
    fprintf(stderr, "warning: the module declares .extern .shared but gives no "
                    "'// tilec.dynamic_smem_bytes' for '%s'; launching with 0 (use --smem)\n",
            state->kernel_name);
  if (entry && entry->has_cluster) {
    if (options->cluster_set && memcmp(entry->cluster, options->cluster, sizeof options->cluster)) {
      print_error("--cluster contradicts .reqnctapercluster %u, %u, %u of '%s'", entry->cluster[0],
                  entry->cluster[1], entry->cluster[2], entry->name);
      return EXIT_USAGE;
    }
    memcpy(state->cluster, entry->cluster, sizeof state->cluster);
  } else if (options->cluster_set) {
    memcpy(state->cluster, options->cluster, sizeof state->cluster);
    state->use_cluster_attribute = 1;
  } else {
    state->cluster[0] = state->cluster[1] = state->cluster[2] = 1;
  }
  for (int d = 0; d < 3; d++)
    if (options->grid[d] % state->cluster[d] != 0) {
      print_error("grid dimension %d (%u) is not a multiple of the cluster dimension (%u)", d,
                  options->grid[d], state->cluster[d]);
      return EXIT_USAGE;
    }
  return EXIT_PASS;
}

static int fill_inputs(run_state *state) {
  run_options *options = &state->options;
  unsigned count = options->arg_count;
  state->host_buffers = calloc(count ? count : 1, sizeof *state->host_buffers);
  state->buffer_bytes = calloc(count ? count : 1, sizeof *state->buffer_bytes);
  if (!state->host_buffers || !state->buffer_bytes) {
    print_error("out of memory");
    return EXIT_USAGE;
  }
  run_rng rng;
  run_rng_seed(&rng, options->seed);
  state->checked_output = -1;
  for (unsigned i = 0; i < count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_BUFFER) continue;
    size_t bytes = run_dtype_bytes(spec->dtype, (size_t)spec->element_count);
    state->buffer_bytes[i] = bytes;
    state->host_buffers[i] = malloc(bytes);
    if (!state->host_buffers[i]) {
      print_error("out of memory for argument %u (%zu bytes)", i, bytes);
      return EXIT_USAGE;
    }
    void *data = state->host_buffers[i];
    switch (spec->init) {
    case RUN_INIT_RANDOM:
      for (uint64_t e = 0; e < spec->element_count; e++) {
        double value = run_rng_uniform(&rng, options->random_lo, options->random_hi);
        if (!run_dtype_is_float(spec->dtype)) value = floor(value);
        run_store_element(data, spec->dtype, (size_t)e, value);
      }
      break;
    case RUN_INIT_ZEROS: memset(data, 0, bytes); break;
    case RUN_INIT_ONES:
      for (uint64_t e = 0; e < spec->element_count; e++) run_store_element(data, spec->dtype, (size_t)e, 1.0);
      break;
    case RUN_INIT_IOTA:
      for (uint64_t e = 0; e < spec->element_count; e++)
        run_store_element(data, spec->dtype, (size_t)e, (double)e);
      break;
    case RUN_INIT_VALUE:
      for (uint64_t e = 0; e < spec->element_count; e++)
        run_store_element(data, spec->dtype, (size_t)e, spec->init_value);
      break;
    case RUN_INIT_LIST:
      for (uint64_t e = 0; e < spec->element_count; e++)
        run_store_element(data, spec->dtype, (size_t)e, spec->init_list[e % spec->init_list_count]);
      break;
    case RUN_INIT_FILE: {
      size_t file_size = 0;
      char *contents = read_file(spec->file_path, &file_size);
      if (!contents) {
        print_error("cannot read '%s' for argument %u", spec->file_path, i);
        return EXIT_USAGE;
      }
      if (file_size != bytes) {
        print_error("'%s' has %zu bytes but argument %u (%s, %llu elements) needs %zu", spec->file_path,
                    file_size, i, run_dtype_name(spec->dtype), (unsigned long long)spec->element_count, bytes);
        free(contents);
        return EXIT_USAGE;
      }
      memcpy(data, contents, bytes);
      free(contents);
      break;
    }
    case RUN_INIT_OUTPUT:
      memset(data, 0xFF, bytes);
      if (state->checked_output < 0) state->checked_output = (int)i;
      break;
    }
  }
  return EXIT_PASS;
}

static int compute_interpret_reference(run_state *state);

/* --reference=file:PATH: the expected first output as raw values of its dtype (as --save writes
 * them), e.g. computed by `tilec-run --interpret` on a machine that has the interpreter. */
static int compute_file_reference(run_state *state) {
  run_options *options = &state->options;
  const run_reference_spec *ref = &options->reference;
  if (state->checked_output < 0) {
    print_error("--reference needs an output buffer (--arg ptr:DTYPE:SHAPE:out)");
    return EXIT_USAGE;
  }
  const run_arg_spec *out = &options->args[state->checked_output];
  size_t want_bytes = run_dtype_bytes(out->dtype, (size_t)out->element_count), size = 0;
  char *data = read_file(ref->file_path, &size);
  if (!data) {
    print_error("cannot read the reference file '%s'", ref->file_path);
    return EXIT_USAGE;
  }
  if (size != want_bytes) {
    print_error("reference file '%s' has %zu bytes; output argument %d (%s, %llu elements) needs %zu", ref->file_path,
                size, state->checked_output, run_dtype_name(out->dtype), (unsigned long long)out->element_count,
                want_bytes);
    free(data);
    return EXIT_USAGE;
  }
  state->want = malloc((size_t)out->element_count * sizeof *state->want + 1);
  if (!state->want) {
    free(data);
    print_error("out of memory");
    return EXIT_USAGE;
  }
  for (size_t e = 0; e < (size_t)out->element_count; e++) state->want[e] = run_load_element(data, out->dtype, e);
  free(data);
  state->reference_info.kind = (run_check_kind)ref->file_check_kind;
  state->reference_info.input_dtype = ref->file_input_dtype >= 0 ? (run_dtype)ref->file_input_dtype : out->dtype;
  return EXIT_PASS;
}

static int compute_reference(run_state *state) {
  run_options *options = &state->options;
  if (options->reference.mode == RUN_REF_INTERPRET) return compute_interpret_reference(state);
  if (options->reference.mode == RUN_REF_FILE) return compute_file_reference(state);
  if (options->reference.mode != RUN_REF_C) return EXIT_PASS;
  if (state->checked_output < 0) {
    print_error("--reference needs an output buffer (--arg ptr:DTYPE:SHAPE:out)");
    return EXIT_USAGE;
  }
  unsigned count = options->arg_count, input_count = 0, scalar_count = 0;
  run_host_tensor *inputs = calloc(count ? count : 1, sizeof *inputs);
  double *scalars = calloc(count ? count : 1, sizeof *scalars);
  const run_arg_spec *out_spec = &options->args[state->checked_output];
  state->want = malloc((size_t)out_spec->element_count * sizeof *state->want);
  if (!inputs || !scalars || !state->want) {
    free(inputs);
    free(scalars);
    print_error("out of memory");
    return EXIT_USAGE;
  }
  for (unsigned i = 0; i < count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind == RUN_ARG_BUFFER && spec->init != RUN_INIT_OUTPUT) {
      inputs[input_count++] = (run_host_tensor){spec->dtype, spec->rank, spec->shape, spec->element_count,
                                                state->host_buffers[i]};
    } else if (spec->kind == RUN_ARG_SCALAR && run_dtype_is_float(spec->dtype)) {
      scalars[scalar_count++] = spec->scalar_value;
    }
  }
  run_host_tensor output = {out_spec->dtype, out_spec->rank, out_spec->shape, out_spec->element_count, NULL};
  int failed = run_reference_compute(&options->reference, inputs, input_count, &output, scalars, scalar_count,
                                     state->want, &state->reference_info, state->error, sizeof state->error);
  free(inputs);
  free(scalars);
  if (failed) {
    print_error("%s", state->error);
    return EXIT_USAGE;
  }
  return EXIT_PASS;
}

static int compute_tensor_maps(run_state *state, const CUdeviceptr *addresses) {
  run_options *options = &state->options;
  if (!state->tmap_fields) {
    state->tmap_fields = calloc(options->arg_count ? options->arg_count : 1, sizeof *state->tmap_fields);
    if (!state->tmap_fields) {
      print_error("out of memory");
      return EXIT_USAGE;
    }
  }
  for (unsigned i = 0; i < options->arg_count; i++) {
    if (options->args[i].kind != RUN_ARG_TMAP) continue;
    run_tmap_request request;
    run_tmap_request_for_arg(options, i, &request);
    /* Without a device the address is a placeholder with the 256-B alignment cuMemAlloc gives. */
    uint64_t address = addresses ? (uint64_t)addresses[options->args[i].tmap_source] : 0x100000ull;
    if (run_tmap_compute(&request, address, &state->tmap_fields[i], state->error, sizeof state->error)) {
      print_error("--arg %u: %s", i, state->error);
      return EXIT_USAGE;
    }
  }
  return EXIT_PASS;
}

static void print_tmap_fields(FILE *out, unsigned index, const run_tmap_fields *fields) {
  fprintf(out, "tmap arg=%u dtype=%d rank=%u dims=", index, fields->data_type, fields->rank);
  for (uint32_t d = 0; d < fields->rank; d++)
    fprintf(out, "%s%llu", d ? "," : "", (unsigned long long)fields->global_dim[d]);
  fprintf(out, " strides=");
  for (uint32_t d = 0; d + 1 < fields->rank; d++)
    fprintf(out, "%s%llu", d ? "," : "", (unsigned long long)fields->global_strides[d]);
  fprintf(out, " box=");
  for (uint32_t d = 0; d < fields->rank; d++) fprintf(out, "%s%u", d ? "," : "", fields->box_dim[d]);
  fprintf(out, " elem_strides=");
  for (uint32_t d = 0; d < fields->rank; d++) fprintf(out, "%s%u", d ? "," : "", fields->element_strides[d]);
  fprintf(out, " swizzle=%d l2=%d oob=%d\n", fields->swizzle, fields->l2_promotion, fields->oob_fill);
}

static void list_entries(const run_state *state) {
  const run_ptx_module *info = &state->module_info;
  printf("target %s\n", !state->image_is_ptx ? "cubin" : info->target[0] ? info->target : "?");
  for (unsigned e = 0; e < info->entry_count; e++) {
    const run_ptx_entry *entry = &info->entries[e];
    printf("entry %s params=%u sizes=", entry->name, entry->param_count);
    for (unsigned p = 0; p < entry->param_count; p++) printf("%s%u", p ? "," : "", entry->param_sizes[p]);
    if (entry->param_count == 0) printf("-");
    printf(" block=%u,%u,%u", entry->block[0], entry->block[1], entry->block[2]);
    if (entry->has_cluster) printf(" cluster=%u,%u,%u", entry->cluster[0], entry->cluster[1], entry->cluster[2]);
    printf(" dynamic_smem=%lld", (long long)(entry->dynamic_smem_bytes < 0 ? 0 : entry->dynamic_smem_bytes));
    if (!state->image_is_ptx)
      printf(" static_smem=%llu%s%s", (unsigned long long)entry->static_smem_bytes, entry->tileir ? " tileir" : "",
             entry->tileir && info->has_host_code ? " host_code" : "");
    printf("\n");
  }
}

/* --- GPU side ----------------------------------------------------------------------------- */

#define CHECK_CUDA(state, call)                                                                 \
  do {                                                                                          \
    if (run_cuda_check(&(state)->cuda, (call), #call, (state)->error, sizeof (state)->error)) { \
      print_error("%s", (state)->error);                                                        \
      return EXIT_CUDA_ERROR;                                                                   \
    }                                                                                           \
  } while (0)

static int open_driver(run_state *state) {
  run_cuda_open_status status = run_cuda_open(&state->cuda, state->error, sizeof state->error);
  if (status != RUN_CUDA_OPENED) {
    print_error("%s", state->error);
    return status == RUN_CUDA_BROKEN ? EXIT_CUDA_ERROR : EXIT_NO_DRIVER;
  }
  state->cuda_open = 1;
  int device_count = 0;
  CHECK_CUDA(state, state->cuda.device_get_count(&device_count));
  if (state->options.device_index >= device_count) {
    print_error("no CUDA device %d (%d present)", state->options.device_index, device_count);
    return device_count == 0 ? EXIT_NO_DRIVER : EXIT_USAGE;
  }
  CHECK_CUDA(state, state->cuda.device_get(&state->device, state->options.device_index));
  CHECK_CUDA(state, state->cuda.primary_ctx_retain(&state->context, state->device));
  state->context_retained = 1;
  CHECK_CUDA(state, state->cuda.ctx_set_current(state->context));
  return EXIT_PASS;
}

static int load_kernel(run_state *state) {
  static char error_log[16384], info_log[16384];
  error_log[0] = info_log[0] = 0;
  CUjit_option jit_options[4] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                                 CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *jit_values[4] = {error_log, (void *)(uintptr_t)sizeof error_log, info_log,
                         (void *)(uintptr_t)sizeof info_log};
  CUresult result = state->cuda.module_load_data_ex(&state->module, state->image, 4, jit_options, jit_values);
  if (result != CUDA_SUCCESS) {
    run_cuda_check(&state->cuda, result, "cuModuleLoadDataEx", state->error, sizeof state->error);
    print_error("%s%s%s", state->error, error_log[0] ? "\nJIT log:\n" : "", error_log);
    state->module = NULL;
    return EXIT_CUDA_ERROR;
  }
  CHECK_CUDA(state, state->cuda.module_get_function(&state->function, state->module, state->kernel_name));
  if (state->dynamic_smem > 0) {
    int optin = 0;
    CHECK_CUDA(state, state->cuda.device_get_attribute(&optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                                                       state->device));
    if (state->dynamic_smem > (unsigned)optin) {
      print_error("kernel asks for %u bytes of dynamic shared memory; the device allows %d", state->dynamic_smem,
                  optin);
      return EXIT_CUDA_ERROR;
    }
    CHECK_CUDA(state, state->cuda.func_set_attribute(state->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                     (int)state->dynamic_smem));
  }
  if (state->cluster[0] * state->cluster[1] * state->cluster[2] > 8)
    CHECK_CUDA(state, state->cuda.func_set_attribute(state->function,
                                                     CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
  return EXIT_PASS;
}

static int upload_arguments(run_state *state) {
  run_options *options = &state->options;
  unsigned count = options->arg_count;
  state->device_buffers = calloc(count ? count : 1, sizeof *state->device_buffers);
  state->tensor_maps = aligned_alloc(128, (count ? count : 1) * sizeof(CUtensorMap));
  if (!state->device_buffers || !state->tensor_maps) {
    print_error("out of memory");
    return EXIT_USAGE;
  }
  memset(state->tensor_maps, 0, (count ? count : 1) * sizeof(CUtensorMap));
  for (unsigned i = 0; i < count; i++) {
    if (options->args[i].kind != RUN_ARG_BUFFER) continue;
    CHECK_CUDA(state, state->cuda.mem_alloc(&state->device_buffers[i], state->buffer_bytes[i]));
    CHECK_CUDA(state, state->cuda.memcpy_htod(state->device_buffers[i], state->host_buffers[i], state->buffer_bytes[i]));
  }
  int status = compute_tensor_maps(state, state->device_buffers);
  if (status) return status;
  for (unsigned i = 0; i < count; i++) {
    if (options->args[i].kind != RUN_ARG_TMAP) continue;
    if (!state->cuda.tensor_map_encode_tiled) {
      print_error("the CUDA driver has no cuTensorMapEncodeTiled (needs CUDA 12.0 or newer)");
      return EXIT_CUDA_ERROR;
    }
    const run_tmap_fields *f = &state->tmap_fields[i];
    cuuint64_t dims[RUN_TMAP_MAX_RANK], strides[RUN_TMAP_MAX_RANK];
    cuuint32_t box[RUN_TMAP_MAX_RANK], element_strides[RUN_TMAP_MAX_RANK];
    for (uint32_t d = 0; d < f->rank; d++) {
      dims[d] = f->global_dim[d];
      box[d] = f->box_dim[d];
      element_strides[d] = f->element_strides[d];
      if (d + 1 < f->rank) strides[d] = f->global_strides[d];
    }
    CHECK_CUDA(state, state->cuda.tensor_map_encode_tiled(
                          &state->tensor_maps[i], (CUtensorMapDataType)f->data_type, f->rank,
                          (void *)(uintptr_t)f->global_address, dims, strides, box, element_strides,
                          (CUtensorMapInterleave)f->interleave, (CUtensorMapSwizzle)f->swizzle,
                          (CUtensorMapL2promotion)f->l2_promotion, (CUtensorMapFloatOOBfill)f->oob_fill));
  }
  return EXIT_PASS;
}

static int poison_outputs(run_state *state) {
  for (unsigned i = 0; i < state->options.arg_count; i++) {
    const run_arg_spec *spec = &state->options.args[i];
    if (spec->kind == RUN_ARG_BUFFER && spec->init == RUN_INIT_OUTPUT)
      CHECK_CUDA(state, state->cuda.memset_d8_async(state->device_buffers[i], 0xFF, state->buffer_bytes[i], NULL));
  }
  return EXIT_PASS;
}

static int launch(run_state *state) {
  run_options *options = &state->options;
  void *params[256];
  if (options->arg_count > 256) {
    print_error("too many kernel arguments");
    return EXIT_USAGE;
  }
  unsigned param_count = 0;
  for (unsigned i = 0; i < options->arg_count; i++) {
    run_arg_spec *spec = &options->args[i];
    if (spec->hidden) continue;
    params[param_count++] = spec->kind == RUN_ARG_BUFFER ? (void *)&state->device_buffers[i]
                : spec->kind == RUN_ARG_TMAP ? (void *)&state->tensor_maps[i]
                                             : (void *)spec->scalar_bytes;
  }
  if (state->cuda.launch_kernel_ex) {
    CUlaunchAttribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = state->cluster[0];
    attribute.value.clusterDim.y = state->cluster[1];
    attribute.value.clusterDim.z = state->cluster[2];
    CUlaunchConfig config;
    memset(&config, 0, sizeof config);
    config.gridDimX = options->grid[0];
    config.gridDimY = options->grid[1];
    config.gridDimZ = options->grid[2];
    config.blockDimX = state->block[0];
    config.blockDimY = state->block[1];
    config.blockDimZ = state->block[2];
    config.sharedMemBytes = state->dynamic_smem;
    config.attrs = state->use_cluster_attribute ? &attribute : NULL;
    config.numAttrs = state->use_cluster_attribute ? 1 : 0;
    CHECK_CUDA(state, state->cuda.launch_kernel_ex(&config, state->function, params, NULL));
  } else {
    if (state->use_cluster_attribute) {
      print_error("--cluster needs cuLaunchKernelEx (CUDA 12.0 or newer driver)");
      return EXIT_CUDA_ERROR;
    }
    CHECK_CUDA(state, state->cuda.launch_kernel(state->function, options->grid[0], options->grid[1], options->grid[2],
                                                state->block[0], state->block[1], state->block[2],
                                                state->dynamic_smem, NULL, params, NULL));
  }
  return EXIT_PASS;
}

/* Launches the cuBLAS baseline: row-major C[M,N] f32 = A[M,K] . B[K,N] as column-major
 * C^T = B^T A^T, i.e. gemm(N, N, n=N, m=M, k=K) with B first. */
static int launch_cublas(run_state *state) {
  run_options *options = &state->options;
  float alpha = 1.0f, beta = 0.0f;
  int type = options->cublas_dtype == RUN_DTYPE_BF16 ? RUN_CUDA_R_16BF : RUN_CUDA_R_16F;
  int status = state->cublas.gemm_ex(
      state->cublas.handle, RUN_CUBLAS_OP_N, RUN_CUBLAS_OP_N, (int)options->cublas_n, (int)options->cublas_m,
      (int)options->cublas_k, &alpha, (const void *)(uintptr_t)state->device_buffers[1], type,
      (int)options->cublas_n, (const void *)(uintptr_t)state->device_buffers[0], type, (int)options->cublas_k,
      &beta, (void *)(uintptr_t)state->device_buffers[2], RUN_CUDA_R_32F, (int)options->cublas_n,
      RUN_CUBLAS_COMPUTE_32F, RUN_CUBLAS_GEMM_DEFAULT);
  if (status != 0) {
    print_error("cublasGemmEx failed with status %d", status);
    return EXIT_CUDA_ERROR;
  }
  return EXIT_PASS;
}

static int run_once(run_state *state) {
  return state->options.cublas ? launch_cublas(state) : launch(state);
}

typedef struct {
  int passed;
  size_t nan_count;
  size_t unwritten; /* --unwritten-ok: output elements still holding the poison */
  run_check_result check;
  int have_check;
} run_verdict;

/* Checks the outputs in host memory: NaN (poison) and the reference comparison. With
 * --unwritten-ok, elements still holding the 0xFF poison are dropped from both checks. */
static void check_host_outputs(run_state *state, run_verdict *verdict) {
  run_options *options = &state->options;
  memset(verdict, 0, sizeof *verdict);
  verdict->passed = 1;
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_BUFFER || spec->init != RUN_INIT_OUTPUT) continue;
    size_t element_size = run_dtype_size(spec->dtype), count = (size_t)spec->element_count, unwritten = 0;
    unsigned char *written = NULL; /* --unwritten-ok: 1 per element that is not the poison */
    if (options->unwritten_ok) {
      const unsigned char *bytes = state->host_buffers[i];
      written = malloc(count ? count : 1);
      if (!written) {
        print_error("out of memory");
        verdict->passed = 0;
        return;
      }
      for (size_t e = 0; e < count; e++) {
        size_t b = 0;
        if (spec->dtype == RUN_DTYPE_F4E2M1FN) { /* a nibble: the poison's code 0xF (-6) counts as unwritten */
          written[e] = (bytes[e / 2] >> (e % 2 * 4) & 0xF) != 0xF;
          unwritten += !written[e];
          continue;
        }
        while (b < element_size && bytes[e * element_size + b] == 0xFF) b++;
        written[e] = b < element_size;
        unwritten += !written[e];
      }
      verdict->unwritten += unwritten;
    }
    size_t nans = run_count_nans(state->host_buffers[i], spec->dtype, count);
    if (written && run_dtype_is_float(spec->dtype)) nans -= unwritten < nans ? unwritten : nans;
    if (nans) {
      fprintf(stderr, "output argument %u: %zu of %llu elements are NaN (unwritten or invalid)\n", i, nans,
              (unsigned long long)spec->element_count);
      verdict->passed = 0;
    }
    verdict->nan_count += nans;
    if ((int)i == state->checked_output && state->want) {
      double tolerance = options->rtol >= 0 ? options->rtol
                                            : run_default_tolerance(state->reference_info.kind, spec->dtype,
                                                                    state->reference_info.input_dtype);
      /* with --unwritten-ok only the written elements are compared (compacted, indices mapped back) */
      const void *got = state->host_buffers[i];
      const double *want = state->want;
      size_t compared = count, *origin = NULL;
      unsigned char *got_compact = NULL;
      double *want_compact = NULL;
      if (written) {
        got_compact = malloc((count ? count : 1) * element_size);
        want_compact = malloc((count ? count : 1) * sizeof *want_compact);
        origin = malloc((count ? count : 1) * sizeof *origin);
        if (!got_compact || !want_compact || !origin) {
          free(got_compact), free(want_compact), free(origin), free(written);
          print_error("out of memory");
          verdict->passed = 0;
          return;
        }
        compared = 0;
        for (size_t e = 0; e < count; e++) {
          if (!written[e]) continue;
          if (spec->dtype == RUN_DTYPE_F4E2M1FN)
            run_store_element(got_compact, spec->dtype, compared, run_load_element(got, spec->dtype, e));
          else
            memcpy(got_compact + compared * element_size, (const unsigned char *)got + e * element_size, element_size);
          want_compact[compared] = state->want[e];
          origin[compared++] = e;
        }
        got = got_compact;
        want = want_compact;
      }
      run_check_compare(want, got, spec->dtype, compared, state->reference_info.kind, tolerance, &verdict->check);
      if (origin && compared) verdict->check.worst_index = origin[verdict->check.worst_index];
      free(got_compact);
      free(want_compact);
      free(origin);
      verdict->have_check = 1;
      if (!verdict->check.passed) {
        fprintf(stderr, "output argument %u: %zu of %zu checked elements exceed tolerance %g; worst at %zu: got %.9g, "
                        "want %.9g\n", i, verdict->check.bad_count, verdict->check.checked_count, tolerance,
                verdict->check.worst_index, verdict->check.worst_got, verdict->check.worst_want);
        verdict->passed = 0;
      }
    }
    free(written);
  }
}

static int check_outputs(run_state *state, run_verdict *verdict) {
  run_options *options = &state->options;
  CHECK_CUDA(state, state->cuda.ctx_synchronize());
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_BUFFER || spec->init != RUN_INIT_OUTPUT) continue;
    CHECK_CUDA(state, state->cuda.memcpy_dtoh(state->host_buffers[i], state->device_buffers[i], state->buffer_bytes[i]));
  }
  check_host_outputs(state, verdict);
  return EXIT_PASS;
}

static int compare_floats(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static int time_kernel(run_state *state, double *median_ms, double *min_ms) {
  run_options *options = &state->options;
  *median_ms = *min_ms = -1.0;
  if (options->iters == 0) return EXIT_PASS;
  int status;
  for (unsigned w = 0; w < options->warmup; w++)
    if ((status = poison_outputs(state)) || (status = run_once(state))) return status;
  state->event_count = 2 * options->iters;
  state->events = calloc(state->event_count, sizeof *state->events);
  float *times = calloc(options->iters, sizeof *times);
  if (!state->events || !times) {
    free(times);
    print_error("out of memory");
    return EXIT_USAGE;
  }
  for (unsigned e = 0; e < state->event_count; e++) {
    CUresult result = state->cuda.event_create(&state->events[e], CU_EVENT_DEFAULT);
    if (run_cuda_check(&state->cuda, result, "cuEventCreate", state->error, sizeof state->error)) {
      state->events[e] = NULL;
      free(times);
      print_error("%s", state->error);
      return EXIT_CUDA_ERROR;
    }
  }
  status = EXIT_PASS;
  for (unsigned it = 0; it < options->iters && !status; it++) {
    status = poison_outputs(state);
    if (!status && run_cuda_check(&state->cuda, state->cuda.event_record(state->events[2 * it], NULL),
                                  "cuEventRecord", state->error, sizeof state->error))
      status = EXIT_CUDA_ERROR;
    if (!status) status = run_once(state);
    if (!status && run_cuda_check(&state->cuda, state->cuda.event_record(state->events[2 * it + 1], NULL),
                                  "cuEventRecord", state->error, sizeof state->error))
      status = EXIT_CUDA_ERROR;
  }
  for (unsigned it = 0; it < options->iters && !status; it++) {
    if (run_cuda_check(&state->cuda, state->cuda.event_synchronize(state->events[2 * it + 1]),
                       "cuEventSynchronize", state->error, sizeof state->error) ||
        run_cuda_check(&state->cuda,
                       state->cuda.event_elapsed_time(&times[it], state->events[2 * it], state->events[2 * it + 1]),
                       "cuEventElapsedTime", state->error, sizeof state->error))
      status = EXIT_CUDA_ERROR;
  }
  if (status == EXIT_CUDA_ERROR && state->error[0]) print_error("%s", state->error);
  if (!status) {
    qsort(times, options->iters, sizeof *times, compare_floats);
    unsigned n = options->iters;
    *median_ms = n % 2 ? times[n / 2] : 0.5 * ((double)times[n / 2 - 1] + (double)times[n / 2]);
    *min_ms = times[0];
  }
  free(times);
  return status;
}

static void report(run_state *state, const run_verdict *verdict, double median_ms, double min_ms) {
  run_options *options = &state->options;
  double bytes = options->bytes;
  if (bytes < 0) {
    bytes = 0;
    for (unsigned i = 0; i < options->arg_count; i++) bytes += (double)state->buffer_bytes[i];
  }
  double flops = options->flops >= 0 ? options->flops : state->reference_info.flops;
  double tflops = median_ms > 0 && flops > 0 ? flops / (median_ms * 1e-3) / 1e12 : -1;
  double gbps = median_ms > 0 && bytes > 0 ? bytes / (median_ms * 1e-3) / 1e9 : -1;
  const char *verdict_text = verdict->passed ? "PASS" : "FAIL";
  const char *name = options->cublas ? "cublas_gemm" : state->kernel_name;
  if (options->json) {
    printf("{\"status\": \"%s\", \"kernel\": \"%s\", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], "
           "\"dynamic_smem\": %u, ",
           verdict_text, name, options->grid[0], options->grid[1], options->grid[2], state->block[0],
           state->block[1], state->block[2], state->dynamic_smem);
    if (verdict->have_check)
      printf("\"max_rel_err\": %.6g, \"tolerance\": %.6g, ", verdict->check.max_rel_err, verdict->check.tolerance);
    else
      printf("\"max_rel_err\": null, \"tolerance\": null, ");
    printf("\"nan_count\": %zu, ", verdict->nan_count);
    if (median_ms >= 0) printf("\"time_ms\": %.6f, \"min_time_ms\": %.6f, ", median_ms, min_ms);
    else printf("\"time_ms\": null, \"min_time_ms\": null, ");
    if (tflops >= 0) printf("\"tflops\": %.4f, ", tflops); else printf("\"tflops\": null, ");
    if (gbps >= 0) printf("\"gbps\": %.3f, ", gbps); else printf("\"gbps\": null, ");
    printf("\"flops\": %.0f, \"bytes\": %.0f, \"iters\": %u}\n", flops, bytes, options->iters);
  } else {
    printf("%s kernel=%s grid=%u,%u,%u block=%u,%u,%u smem=%u", verdict_text, name, options->grid[0],
           options->grid[1], options->grid[2], state->block[0], state->block[1], state->block[2], state->dynamic_smem);
    if (verdict->have_check) printf(" max_rel_err=%.3g tol=%.3g", verdict->check.max_rel_err, verdict->check.tolerance);
    else printf(" check=nan-only");
    if (median_ms >= 0) printf(" time_ms=%.4f", median_ms);
    if (tflops >= 0) printf(" TFLOP/s=%.2f", tflops);
    if (gbps >= 0) printf(" GB/s=%.1f", gbps);
    printf("\n");
  }
}

/* The cuBLAS baseline is expressed as three ordinary arguments so the rest is shared. */
static int setup_cublas_arguments(run_state *state) {
  run_options *options = &state->options;
  const char *dtype = run_dtype_name(options->cublas_dtype);
  char specs[3][128];
  snprintf(specs[0], sizeof specs[0], "ptr:%s:%llux%llu:random", dtype, (unsigned long long)options->cublas_m,
           (unsigned long long)options->cublas_k);
  snprintf(specs[1], sizeof specs[1], "ptr:%s:%llux%llu:random", dtype, (unsigned long long)options->cublas_k,
           (unsigned long long)options->cublas_n);
  snprintf(specs[2], sizeof specs[2], "ptr:f32:%llux%llu:out", (unsigned long long)options->cublas_m,
           (unsigned long long)options->cublas_n);
  if (options->arg_count) {
    print_error("--cublas-gemm takes no --arg");
    return EXIT_USAGE;
  }
  options->args = calloc(3, sizeof *options->args);
  if (!options->args) return EXIT_USAGE;
  for (unsigned i = 0; i < 3; i++) {
    if (run_arg_spec_parse(specs[i], &options->args[i], state->error, sizeof state->error)) {
      print_error("--cublas-gemm: %s", state->error);
      return EXIT_USAGE;
    }
    options->arg_count++;
  }
  if (options->reference.mode == RUN_REF_NONE) {
    options->reference.mode = RUN_REF_C;
    options->reference.name = RUN_CREF_GEMM;
  }
  options->grid[0] = options->grid[1] = options->grid[2] = 1;
  state->block[0] = state->block[1] = state->block[2] = 1;
  state->cluster[0] = state->cluster[1] = state->cluster[2] = 1;
  return EXIT_PASS;
}

/* --- reference interpreter ----------------------------------------------------------------- */

/* --print-outputs: a summary line per output buffer, then its first K elements. */
static void print_outputs(const run_state *state) {
  const run_options *options = &state->options;
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_BUFFER || spec->init != RUN_INIT_OUTPUT) continue;
    size_t count = (size_t)spec->element_count, nans = 0;
    double sum = 0, lo = INFINITY, hi = -INFINITY;
    for (size_t e = 0; e < count; e++) {
      double v = run_load_element(state->host_buffers[i], spec->dtype, e);
      if (isnan(v)) {
        nans++;
        continue;
      }
      sum += v;
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    printf("output %u: %s[%llu] nan=%zu sum=%.9g min=%.9g max=%.9g\n", i, run_dtype_name(spec->dtype),
           (unsigned long long)count, nans, sum, lo, hi);
    size_t shown = count < options->print_count ? count : options->print_count;
    if (!shown) continue;
    printf("output %u:", i);
    for (size_t e = 0; e < shown; e++) {
      double v = run_load_element(state->host_buffers[i], spec->dtype, e);
      if (run_dtype_is_float(spec->dtype)) printf(" %.9g", v);
      else printf(" %lld", (long long)v);
    }
    printf("\n");
  }
}

static int save_outputs(run_state *state) {
  const run_options *options = &state->options;
  for (unsigned s = 0; s < options->save_count; s++) {
    unsigned i = options->save_arg[s];
    if (i >= options->arg_count || options->args[i].kind != RUN_ARG_BUFFER) {
      print_error("--save %u: argument %u is not a buffer", i, i);
      return EXIT_USAGE;
    }
    /* a buffer the kernel reads and writes (e.g. zeros that it accumulates into): after a GPU run
     * its device contents, as the last launch left them (outputs are already copied back) */
    if (state->device_buffers && state->device_buffers[i] && options->args[i].init != RUN_INIT_OUTPUT)
      CHECK_CUDA(state, state->cuda.memcpy_dtoh(state->host_buffers[i], state->device_buffers[i], state->buffer_bytes[i]));
    FILE *file = fopen(options->save_path[s], "wb");
    int failed = !file || fwrite(state->host_buffers[i], 1, state->buffer_bytes[i], file) != state->buffer_bytes[i];
    if (file && fclose(file)) failed = 1;
    if (failed) {
      print_error("cannot write '%s'", options->save_path[s]);
      return EXIT_USAGE;
    }
  }
  return EXIT_PASS;
}

#ifdef TILEC_RUN_HAVE_INTERP
/* Runs the interpreter on copies of the inputs; the first output becomes `want`. */
static int compute_interpret_reference(run_state *state) {
  run_options *options = &state->options;
  if (state->checked_output < 0) {
    print_error("--reference needs an output buffer (--arg ptr:DTYPE:SHAPE:out)");
    return EXIT_USAGE;
  }
  unsigned count = options->arg_count;
  void **copies = calloc(count ? count : 1, sizeof *copies);
  if (!copies) return EXIT_USAGE;
  int status = EXIT_PASS;
  for (unsigned i = 0; i < count && status == EXIT_PASS; i++) {
    if (!state->host_buffers[i]) continue;
    copies[i] = malloc(state->buffer_bytes[i] ? state->buffer_bytes[i] : 1);
    if (!copies[i]) status = EXIT_USAGE;
    else memcpy(copies[i], state->host_buffers[i], state->buffer_bytes[i]);
  }
  run_interp_info info;
  if (status == EXIT_PASS) {
    /* the cuda_tile kernel has only the user's arguments: tensor maps appended from the PTX's
     * `// tilec.tensormap` lines (they trail the list) are the compiled kernel's business */
    unsigned saved = options->arg_count;
    while (options->arg_count && options->args[options->arg_count - 1].kind == RUN_ARG_TMAP) options->arg_count--;
    int result = run_interp_execute(options, options->source_path, copies, state->buffer_bytes, &info);
    options->arg_count = saved;
    if (result) {
      print_error("the reference interpreter failed on %s", options->source_path);
      status = EXIT_USAGE;
    }
  }
  if (status == EXIT_PASS) {
    const run_arg_spec *out = &options->args[state->checked_output];
    state->want = malloc((size_t)out->element_count * sizeof *state->want);
    if (!state->want) {
      status = EXIT_USAGE;
    } else {
      for (size_t e = 0; e < (size_t)out->element_count; e++)
        state->want[e] = run_load_element(copies[state->checked_output], out->dtype, e);
      state->reference_info.kind = info.kind;
      state->reference_info.input_dtype = info.input_dtype;
    }
  }
  for (unsigned i = 0; i < count; i++) free(copies[i]);
  free(copies);
  return status;
}

static int interpret_main(run_state *state) {
  run_options *options = &state->options;
  int status;
  if ((status = fill_inputs(state)) || (status = compute_reference(state))) return status;
  run_interp_info info;
  status = run_interp_execute(options, options->image_path, state->host_buffers, state->buffer_bytes, &info);
  if (status) return status == 2 ? EXIT_USAGE : EXIT_CHECK_FAILED;
  run_verdict verdict;
  check_host_outputs(state, &verdict);
  if (options->print_outputs) print_outputs(state);
  if ((status = save_outputs(state))) return status;
  const char *verdict_text = verdict.passed ? "PASS" : "FAIL";
  if (options->json) {
    printf("{\"status\": \"%s\", \"kernel\": \"%s\", \"mode\": \"interpret\", \"grid\": [%u, %u, %u], ", verdict_text,
           info.kernel_name, options->grid[0], options->grid[1], options->grid[2]);
    if (verdict.have_check)
      printf("\"max_rel_err\": %.6g, \"tolerance\": %.6g, ", verdict.check.max_rel_err, verdict.check.tolerance);
    else
      printf("\"max_rel_err\": null, \"tolerance\": null, ");
    printf("\"nan_count\": %zu, \"unwritten\": %zu}\n", verdict.nan_count, verdict.unwritten);
  } else {
    printf("%s kernel=%s grid=%u,%u,%u mode=interpret", verdict_text, info.kernel_name, options->grid[0],
           options->grid[1], options->grid[2]);
    if (verdict.have_check)
      printf(" max_rel_err=%.3g tol=%.3g checked=%zu", verdict.check.max_rel_err, verdict.check.tolerance,
             verdict.check.checked_count);
    else printf(" check=nan-only");
    if (options->unwritten_ok) printf(" unwritten=%zu", verdict.unwritten);
    printf("\n");
  }
  return verdict.passed ? EXIT_PASS : EXIT_CHECK_FAILED;
}
#else
static int compute_interpret_reference(run_state *state) {
  (void)state;
  print_error("this tilec-run was built without the reference interpreter (build it inside the tilec tree)");
  return EXIT_USAGE;
}

static int interpret_main(run_state *state) { return compute_interpret_reference(state); }
#endif

static int run_main(run_state *state, int argc, char **argv) {
  run_options *options = &state->options;
  run_options_init(options);
  if (run_options_parse(options, argc, argv, state->error, sizeof state->error)) {
    print_error("%s", state->error);
    return EXIT_USAGE;
  }
  if (options->show_help) {
    fputs(usage_text, stdout);
    return EXIT_PASS;
  }
  if (options->show_version) {
    printf("tilec-run %s\n", TILEC_VERSION);
    return EXIT_PASS;
  }
  int status;
  if (options->interpret) return interpret_main(state);
  if (options->device_info) {
    if ((status = open_driver(state))) return status;
    char name[256] = "";
    int major = 0, minor = 0, sms = 0, version = 0;
    CHECK_CUDA(state, state->cuda.device_get_name(name, (int)sizeof name, state->device));
    CHECK_CUDA(state, state->cuda.device_get_attribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, state->device));
    CHECK_CUDA(state, state->cuda.device_get_attribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, state->device));
    CHECK_CUDA(state, state->cuda.device_get_attribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, state->device));
    CHECK_CUDA(state, state->cuda.driver_get_version(&version));
    printf("device %d: %s sm_%d%d sms %d driver %d\n", options->device_index, name, major, minor, sms, version);
    return EXIT_PASS;
  }
  if (options->cublas) {
    if ((status = setup_cublas_arguments(state))) return status;
  } else {
    state->image = read_file(options->image_path, &state->image_size);
    if (!state->image) {
      print_error("cannot read '%s'", options->image_path);
      return EXIT_USAGE;
    }
    state->image_is_ptx = !(state->image_size >= 4 && memcmp(state->image, "\x7f" "ELF", 4) == 0);
    if (state->image_is_ptx ? run_ptx_scan(state->image, &state->module_info, state->error, sizeof state->error)
                            : run_cubin_scan((const uint8_t *)state->image, state->image_size, &state->module_info,
                                             state->error, sizeof state->error)) {
      print_error("%s: %s", options->image_path, state->error);
      return EXIT_USAGE;
    }
    if (state->module_info.entry_count == 0) {
      print_error("%s: no .entry found (is it PTX?)", options->image_path);
      return EXIT_USAGE;
    }
    if (options->list_entries) {
      list_entries(state);
      return EXIT_PASS;
    }
    if ((status = choose_entry(state))) return status;
  }
  if ((status = fill_inputs(state)) || (status = compute_reference(state)) ||
      (status = compute_tensor_maps(state, NULL)))
    return status;
  if (options->dry_run) {
    printf("plan kernel=%s grid=%u,%u,%u block=%u,%u,%u cluster=%u,%u,%u%s smem=%u args=%u\n",
           options->cublas ? "cublas_gemm" : state->kernel_name, options->grid[0], options->grid[1],
           options->grid[2], state->block[0], state->block[1], state->block[2], state->cluster[0],
           state->cluster[1], state->cluster[2], state->use_cluster_attribute ? "(attr)" : "",
           state->dynamic_smem, options->arg_count);
    for (unsigned i = 0; i < options->arg_count; i++)
      if (options->args[i].kind == RUN_ARG_TMAP) print_tmap_fields(stdout, i, &state->tmap_fields[i]);
    if (state->want) printf("reference kind=%d flops=%.0f\n", (int)state->reference_info.kind, state->reference_info.flops);
    return EXIT_PASS;
  }
  if ((status = open_driver(state))) return status;
  if (options->cublas) {
    if (run_cublas_open(&state->cublas, state->error, sizeof state->error)) {
      print_error("%s", state->error);
      return EXIT_NO_CUBLAS;
    }
  } else if ((status = load_kernel(state))) {
    return status;
  }
  if ((status = upload_arguments(state))) return status;

  run_verdict first, last;
  if ((status = poison_outputs(state)) || (status = run_once(state)) || (status = check_outputs(state, &first)))
    return status;
  double median_ms = -1, min_ms = -1;
  if ((status = time_kernel(state, &median_ms, &min_ms))) return status;
  last = first;
  if (options->iters > 0 && (status = check_outputs(state, &last))) return status;
  if (!last.passed && first.passed) fprintf(stderr, "outputs of the last timed run differ from the first run's\n");
  if (!first.passed) last = first;
  report(state, &last, median_ms, min_ms);
  if (options->print_outputs) print_outputs(state);
  if ((status = save_outputs(state))) return status;
  return last.passed ? EXIT_PASS : EXIT_CHECK_FAILED;
}

int main(int argc, char **argv) {
  run_state *state = calloc(1, sizeof *state);
  if (!state) {
    print_error("out of memory");
    return EXIT_USAGE;
  }
  int status = run_main(state, argc, argv);
  run_state_destroy(state);
  free(state);
  return status;
}

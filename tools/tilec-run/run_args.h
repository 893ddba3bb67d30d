/* run_args.h - command-line options of tilec-run, parsed into a struct (no side effects), and the
 * check of the kernel arguments against the PTX entry's parameter list.
 * Argument specs (one --arg per kernel parameter, in order; shapes outermost first, row-major):
 *   ptr:<dtype>:<shape>:<init>   device buffer; shape "1024x1024" or "4096"; init one of
 *                                random | zeros | ones | iota | value=<v> | file=<path> | out
 *   <dtype>:<value>              scalar by value, e.g. i32:1024, f32:1e-5
 *   tmap:<arg>:<box>[:swizzle=none|32B|64B|128B][:l2=none|64B|128B|256B][:oob=zero|nan]
 *                                CUtensorMap (128 B, by value) over buffer argument number <arg>
 *                                (0-based); box outermost first, e.g. 128x64.
 * --buffer ptr:... declares a buffer that is allocated, filled and checked like a ptr argument
 * but not passed to the kernel (the memory behind a tensor map). Argument numbers count every
 * --arg and --buffer in command-line order.
 * Knobs: see run_options; defaults in run_options_init. */
#ifndef TILEC_RUN_ARGS_H
#define TILEC_RUN_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "run_ptx.h"
#include "run_tmap.h"
#include "run_types.h"

#define RUN_MAX_RANK 8
#define RUN_MAX_SAVES 16

typedef enum { RUN_ARG_BUFFER, RUN_ARG_SCALAR, RUN_ARG_TMAP } run_arg_kind;

typedef enum {
  RUN_INIT_RANDOM,
  RUN_INIT_ZEROS,
  RUN_INIT_ONES,
  RUN_INIT_IOTA,
  RUN_INIT_VALUE,
  RUN_INIT_LIST,   /* list=V0,V1,...: the values in order, repeated to fill the buffer */
  RUN_INIT_FILE,
  RUN_INIT_OUTPUT, /* not initialised: poisoned with 0xFF bytes before each run, then checked */
} run_init_kind;

typedef struct {
  run_arg_kind kind;
  run_dtype dtype;
  int hidden;                /* --buffer: not a kernel parameter */
  /* buffer */
  unsigned rank;
  uint64_t shape[RUN_MAX_RANK];
  uint64_t element_count;
  run_init_kind init;
  double init_value;
  char *file_path;           /* owned; RUN_INIT_FILE only */
  double *init_list;         /* owned; RUN_INIT_LIST only */
  unsigned init_list_count;
  /* scalar: raw little-endian bytes */
  unsigned char scalar_bytes[8];
  double scalar_value;
  /* tensor map */
  unsigned tmap_source;      /* index of the buffer argument it describes */
  unsigned tmap_rank;
  uint32_t tmap_box[RUN_TMAP_MAX_RANK];
  int tmap_swizzle, tmap_l2, tmap_oob;
  /* appended from a `// tilec.tensormap` line (run_options_append_ptx_tmaps): the map's own
   * dtype and shape (outermost first) instead of the source buffer's */
  int tmap_auto;
  uint64_t tmap_shape[RUN_TMAP_MAX_RANK];
} run_arg_spec;

typedef enum { RUN_REF_NONE, RUN_REF_INTERPRET, RUN_REF_C, RUN_REF_FILE } run_reference_mode;

typedef enum {
  RUN_CREF_VADD,
  RUN_CREF_SOFTMAX,
  RUN_CREF_LAYERNORM,
  RUN_CREF_GEMM,
} run_c_reference;

typedef struct {
  run_reference_mode mode;
  run_c_reference name;
  int gemm_b_transposed; /* B given as [N, K] */
  int gemm_bias;         /* third input is a bias [N] added to every row */
  int gemm_relu;         /* max(x, 0) after the bias */
  /* file:PATH[,elementwise|reduction|gemm][,in=DTYPE]: the expected first output, raw little-endian
   * values of its dtype (what --save writes, e.g. from an --interpret run on another machine) */
  char file_path[1024];
  int file_check_kind;   /* run_check_kind of the comparison (default elementwise) */
  int file_input_dtype;  /* run_dtype of the inputs for the tolerance; -1 = the output's */
} run_reference_spec;

typedef struct {
  char *image_path;          /* PTX or cubin file (borrowed from argv) */
  char *kernel_name;         /* borrowed; NULL = the only entry of the PTX */
  unsigned grid[3];
  int grid_set;
  unsigned block[3];
  int block_set;             /* else .reqntid from the PTX */
  unsigned cluster[3];
  int cluster_set;
  int64_t dynamic_smem_bytes; /* -1 = from the PTX comment (or 0) */
  unsigned iters;            /* timed launches (0 = correctness only) */
  unsigned warmup;
  uint64_t seed;
  double random_lo, random_hi;
  run_arg_spec *args;
  unsigned arg_count;
  run_reference_spec reference;
  double rtol;               /* < 0: per-dtype default */
  double flops;              /* per launch, for TFLOP/s; < 0: from the reference, else none */
  double bytes;              /* per launch, for GB/s; < 0: sum of all buffer sizes */
  int json;
  int device_index;
  int show_help;
  int show_version;
  int list_entries;          /* --list: print the PTX entries and exit (no driver needed) */
  int dry_run;
  int device_info;           /* --device-info: print the GPU (name, sm_XY, SMs, driver) and exit */               /* --dry-run: everything up to (not including) the driver */
  /* --cublas-gemm=MxNxK: time cublasGemmEx instead of a kernel (bench baseline) */
  int cublas;
  uint64_t cublas_m, cublas_n, cublas_k;
  run_dtype cublas_dtype;    /* f16 or bf16 inputs, f32 output, f32 compute */
  /* reference interpreter (lib/interp, docs/interpreter.md) */
  int interpret;             /* --interpret: the input file is cuda_tile MLIR, run on the CPU */
  char *source_path;         /* --source KERNEL.mlir: the kernel for --reference=interpret (borrowed) */
  uint64_t max_ops;          /* --max-ops N: interpreter operation budget (0 = default) */
  int unwritten_ok;          /* --unwritten-ok: outputs still holding the poison are not failures */
  int print_outputs;         /* --print-outputs[=K]: summary and the first K elements of each output */
  unsigned print_count;
  unsigned save_count;       /* --save N=PATH: write output buffer N as raw bytes after the run */
  unsigned save_arg[RUN_MAX_SAVES];
  char *save_path[RUN_MAX_SAVES]; /* borrowed from argv */
} run_options;

void run_options_init(run_options *options);
void run_options_destroy(run_options *options);

/* Parses argv[1..argc-1]. Returns 0, or -1 with a message in `error`. */
int run_options_parse(run_options *options, int argc, char **argv, char *error, size_t error_size);

/* Parses one --arg spec into `spec` (which the caller destroys with run_arg_spec_destroy). */
int run_arg_spec_parse(const char *text, run_arg_spec *spec, char *error, size_t error_size);
void run_arg_spec_destroy(run_arg_spec *spec);

/* Parses "X", "XxY", "XxYxZ" or "X,Y,Z" into three positive numbers (missing ones = 1). */
int run_parse_dim3(const char *text, unsigned out[3]);

/* Checks the argument list against the entry: count and byte size of every parameter
 * (pointer 8, scalar its dtype size, tensor map 128). Returns 0 or -1 with a message. */
int run_options_check_entry(const run_options *options, const run_ptx_entry *entry, char *error,
                            size_t error_size);

/* When the entry has `// tilec.tensormap` lines (docs/abi.md) and exactly the parameters before
 * the maps were given, appends one tensor-map argument per line, over the buffer passed as the
 * line's base_arg. Dims / strides given as `@J` / `@J*E` are first resolved from the i32/i64
 * scalar passed for kernel parameter J (positive; resolved dims <= 2^32, resolved strides
 * multiples of 16 below 2^40); then the buffer's dtype must match and it must hold the resolved
 * dims with contiguous strides. Sets *appended to the count. Returns 0, or -1 with a message. */
int run_options_append_ptx_tmaps(run_options *options, const run_ptx_entry *entry, unsigned *appended, char *error,
                                 size_t error_size);
/* Builds the tensor-map request of argument `index` (a RUN_ARG_TMAP). */
void run_tmap_request_for_arg(const run_options *options, unsigned index, run_tmap_request *request);

#endif

/* run_args_test.c - unit tests of tilec-run's option/--arg parsing and validation against a PTX
 * entry's parameter list (run_args.c). Knobs: none. */
#include "run_args.h"

#include <stdlib.h>

#include "run_test.h"

/* Parses a NULL-terminated list of words as argv[1..]. */
static int parse_words(run_options *options, char *error, size_t error_size, const char **words) {
  char *argv[64];
  int argc = 0;
  argv[argc++] = "tilec-run";
  while (*words) argv[argc++] = (char *)*words++;
  run_options_init(options);
  return run_options_parse(options, argc, argv, error, error_size);
}

static void expect_parse_error(const char **words, const char *needle) {
  run_options options;
  char error[512] = "";
  EXPECT(parse_words(&options, error, sizeof error, words) == -1);
  EXPECT_STR_CONTAINS(error, needle);
  run_options_destroy(&options);
}

static void test_specs(void) {
  run_arg_spec spec;
  char error[512];
  EXPECT(run_arg_spec_parse("ptr:f16:1024x512:random", &spec, error, sizeof error) == 0);
  EXPECT(spec.kind == RUN_ARG_BUFFER && spec.dtype == RUN_DTYPE_F16 && spec.rank == 2);
  EXPECT(spec.shape[0] == 1024 && spec.shape[1] == 512 && spec.element_count == 524288);
  EXPECT(spec.init == RUN_INIT_RANDOM);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("ptr:f32:4096:out", &spec, error, sizeof error) == 0);
  EXPECT(spec.rank == 1 && spec.init == RUN_INIT_OUTPUT);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("ptr:bf16:8x8:value=0.25", &spec, error, sizeof error) == 0);
  EXPECT(spec.init == RUN_INIT_VALUE && spec.init_value == 0.25);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("ptr:i32:4:list=2,0,1,-3", &spec, error, sizeof error) == 0);
  EXPECT(spec.init == RUN_INIT_LIST && spec.init_list_count == 4 && spec.init_list[0] == 2 && spec.init_list[3] == -3);
  run_arg_spec_destroy(&spec);
  EXPECT(run_arg_spec_parse("ptr:i32:4:list=2,,1", &spec, error, sizeof error) != 0);
  EXPECT(strstr(error, "bad value 1 in list=") != NULL);
  run_arg_spec_destroy(&spec);
  EXPECT(run_arg_spec_parse("ptr:i32:4:list=2,x", &spec, error, sizeof error) != 0);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("ptr:i8:16:file=/tmp/a:b.bin", &spec, error, sizeof error) == 0);
  EXPECT(spec.init == RUN_INIT_FILE && strcmp(spec.file_path, "/tmp/a:b.bin") == 0);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("i32:1024", &spec, error, sizeof error) == 0);
  EXPECT(spec.kind == RUN_ARG_SCALAR && spec.scalar_bytes[1] == 4 && spec.scalar_value == 1024);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("f32:1e-5", &spec, error, sizeof error) == 0);
  EXPECT(spec.kind == RUN_ARG_SCALAR && fabs(spec.scalar_value - 1e-5) < 1e-12);
  run_arg_spec_destroy(&spec);

  EXPECT(run_arg_spec_parse("tmap:0:128x64:swizzle=128B:l2=none:oob=nan", &spec, error, sizeof error) == 0);
  EXPECT(spec.kind == RUN_ARG_TMAP && spec.tmap_source == 0 && spec.tmap_rank == 2);
  EXPECT(spec.tmap_box[0] == 128 && spec.tmap_box[1] == 64);
  EXPECT(spec.tmap_swizzle == RUN_TMAP_SWIZZLE_128B && spec.tmap_l2 == RUN_TMAP_L2_NONE &&
         spec.tmap_oob == RUN_TMAP_OOB_NAN);
  run_arg_spec_destroy(&spec);

  struct {
    const char *text, *needle;
  } bad[] = {
      {"ptr:f17:16:random", "unknown element type"},
      {"ptr:f32:16x0:random", "bad shape"},
      {"ptr:f32:16xx2:random", "bad shape"},
      {"ptr:f32:16:rand", "unknown initialiser"},
      {"ptr:f32:16", "want ptr:DTYPE:SHAPE:INIT"},
      {"ptr:f32:1099511627776x2:random", "too large"},
      {"i32:1.5", "not a valid i32"},
      {"i32:5000000000", "not a valid i32"},
      {"u32:4", "unknown argument kind"},
      {"i32", "bad --arg"},
      {"tmap:x:128x64", "bad buffer index"},
      {"tmap:0:512x64", "above 256"},
      {"tmap:0:128x64:swizzle=16B", "unknown tensor-map option"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    error[0] = 0;
    EXPECT(run_arg_spec_parse(bad[i].text, &spec, error, sizeof error) == -1);
    EXPECT_STR_CONTAINS(error, bad[i].needle);
    run_arg_spec_destroy(&spec);
  }
}

static void test_options(void) {
  run_options options;
  char error[512] = "";
  const char *good[] = {"k.ptx", "--grid", "8,4", "--block=256", "--iters", "5", "--warmup=0", "--seed", "7",
                        "--arg", "ptr:f16:64x32:random", "--arg", "tmap:0:64x32:swizzle=64B",
                        "--arg", "ptr:f32:64x64:out", "--arg", "i32:64", "--reference=c:gemm,bt,bias,relu",
                        "--rtol", "0.05", "--json", "--smem", "1024", "--cluster", "2x1", NULL};
  EXPECT(parse_words(&options, error, sizeof error, good) == 0);
  EXPECT(strcmp(options.image_path, "k.ptx") == 0);
  EXPECT(options.grid[0] == 8 && options.grid[1] == 4 && options.grid[2] == 1 && options.grid_set);
  EXPECT(options.block[0] == 256 && options.block_set);
  EXPECT(options.iters == 5 && options.warmup == 0 && options.seed == 7 && options.json);
  EXPECT(options.arg_count == 4 && options.dynamic_smem_bytes == 1024);
  EXPECT(options.cluster[0] == 2 && options.cluster[1] == 1 && options.cluster_set);
  EXPECT(options.reference.mode == RUN_REF_C && options.reference.name == RUN_CREF_GEMM);
  EXPECT(options.reference.gemm_b_transposed && options.reference.gemm_bias && options.reference.gemm_relu);
  EXPECT(options.rtol == 0.05);
  run_tmap_request request;
  run_tmap_request_for_arg(&options, 1, &request);
  EXPECT(request.dtype == RUN_DTYPE_F16 && request.rank == 2 && request.shape[0] == 64 && request.box[1] == 32 &&
         request.swizzle == RUN_TMAP_SWIZZLE_64B);

  /* parameter check against a PTX entry: u64, 128-B map, u64, b32 */
  uint32_t sizes[4] = {8, 128, 8, 4}, aligns[4] = {8, 128, 8, 4};
  run_ptx_entry entry = {.name = "k", .param_count = 4, .param_sizes = sizes, .param_aligns = aligns};
  EXPECT(run_options_check_entry(&options, &entry, error, sizeof error) == 0);
  sizes[3] = 8;
  EXPECT(run_options_check_entry(&options, &entry, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "parameter 3 is 8 bytes but the argument is 4 bytes");
  entry.param_count = 3;
  EXPECT(run_options_check_entry(&options, &entry, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "takes 3 parameters but 4 --arg were given");
  run_options_destroy(&options);

  const char *help[] = {"--help", NULL};
  EXPECT(parse_words(&options, error, sizeof error, help) == 0 && options.show_help);
  run_options_destroy(&options);
  const char *cublas[] = {"--cublas-gemm", "512x256x128", "--cublas-dtype", "bf16", NULL};
  EXPECT(parse_words(&options, error, sizeof error, cublas) == 0 && options.cublas);
  EXPECT(options.cublas_m == 512 && options.cublas_n == 256 && options.cublas_k == 128 &&
         options.cublas_dtype == RUN_DTYPE_BF16);
  run_options_destroy(&options);
}

static void test_hidden_buffers(void) {
  /* a TMA kernel (map, out, n): A lives only behind the map */
  run_options options;
  char error[512] = "";
  const char *words[] = {"k.ptx", "--grid", "1", "--buffer", "ptr:f16:256x512:random", "--arg",
                         "tmap:0:128x64:swizzle=128B", "--arg", "ptr:f32:256:out", "--arg", "i32:256", NULL};
  EXPECT(parse_words(&options, error, sizeof error, words) == 0);
  EXPECT(options.arg_count == 4 && options.args[0].hidden && !options.args[1].hidden);
  uint32_t sizes[3] = {128, 8, 4}, aligns[3] = {128, 8, 4};
  run_ptx_entry entry = {.name = "k", .param_count = 3, .param_sizes = sizes, .param_aligns = aligns};
  EXPECT(run_options_check_entry(&options, &entry, error, sizeof error) == 0);
  sizes[0] = 8;
  EXPECT(run_options_check_entry(&options, &entry, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "--arg 1: kernel 'k' parameter 0 is 8 bytes but the argument is 128 bytes");
  run_options_destroy(&options);
  const char *bad[] = {"k.ptx", "--grid", "1", "--buffer", "i32:4", NULL};
  expect_parse_error(bad, "is not a ptr:... buffer");
}

static void test_option_errors(void) {
  const char *no_file[] = {"--grid", "1", "--arg", "i32:1", NULL};
  expect_parse_error(no_file, "no input file");
  const char *no_grid[] = {"k.ptx", "--arg", "i32:1", NULL};
  expect_parse_error(no_grid, "missing --grid");
  const char *no_args[] = {"k.ptx", "--grid", "1", NULL};
  expect_parse_error(no_args, "no kernel arguments");
  const char *bad_grid[] = {"k.ptx", "--grid", "0,1", NULL};
  expect_parse_error(bad_grid, "bad --grid");
  const char *bad_grid2[] = {"k.ptx", "--grid", "1,2,3,4", NULL};
  expect_parse_error(bad_grid2, "bad --grid");
  const char *big_block[] = {"k.ptx", "--block", "64,32", NULL};
  expect_parse_error(big_block, "at most 1024 threads");
  const char *missing_value[] = {"k.ptx", "--grid", NULL};
  expect_parse_error(missing_value, "option --grid needs a value");
  const char *unknown[] = {"k.ptx", "--frobnicate", NULL};
  expect_parse_error(unknown, "unknown option '--frobnicate'");
  const char *two_files[] = {"a.ptx", "b.ptx", NULL};
  expect_parse_error(two_files, "more than one input file");
  const char *interpret_ref[] = {"k.ptx", "--grid", "1", "--arg", "i32:1", "--reference=interpret", NULL};
  expect_parse_error(interpret_ref, "--reference=interpret needs the kernel's cuda_tile source");
  const char *interpret_both[] = {"k.mlir", "--interpret", "--grid", "1", "--arg", "i32:1", "--reference=interpret", NULL};
  expect_parse_error(interpret_both, "with --interpret use --reference=c:NAME or none");
  const char *interpret_cublas[] = {"--interpret", "--cublas-gemm", "64x64x64", NULL};
  expect_parse_error(interpret_cublas, "exclude each other");
  const char *bad_save[] = {"k.mlir", "--interpret", "--save", "x.bin", NULL};
  expect_parse_error(bad_save, "bad --save 'x.bin' (want N=PATH)");
  {
    const char *words[] = {"k.mlir", "--interpret", "--grid", "2", "--arg", "ptr:f32:8:out", "--print-outputs=3",
                           "--save", "0=o.bin", "--unwritten-ok", "--max-ops", "99", NULL};
    run_options options;
    char error[256];
    EXPECT(parse_words(&options, error, sizeof error, words) == 0);
    EXPECT(options.interpret == 1 && options.print_outputs == 1 && options.print_count == 3);
    EXPECT(options.save_count == 1 && options.save_arg[0] == 0 && strcmp(options.save_path[0], "o.bin") == 0);
    EXPECT(options.unwritten_ok == 1 && options.max_ops == 99);
    run_options_destroy(&options);
  }
  {
    const char *words[] = {"k.ptx", "--grid", "1", "--arg", "i32:1", "--reference=interpret", "--source", "k.mlir", NULL};
    run_options options;
    char error[256];
    EXPECT(parse_words(&options, error, sizeof error, words) == 0);
    EXPECT(options.reference.mode == RUN_REF_INTERPRET && strcmp(options.source_path, "k.mlir") == 0);
    run_options_destroy(&options);
  }
  const char *bad_ref[] = {"k.ptx", "--reference=c:matmul", NULL};
  expect_parse_error(bad_ref, "unknown C reference 'matmul'");
  const char *bad_ref_flag[] = {"k.ptx", "--reference=c:softmax,relu", NULL};
  expect_parse_error(bad_ref_flag, "takes no option");
  const char *bad_iters[] = {"k.ptx", "--iters", "-3", NULL};
  expect_parse_error(bad_iters, "bad value '-3' for --iters");
  const char *bad_range[] = {"k.ptx", "--range", "1,-1", NULL};
  expect_parse_error(bad_range, "LO < HI");
  const char *tmap_range[] = {"k.ptx", "--grid", "1", "--arg", "tmap:5:64x64", "--arg", "ptr:f16:64x64:random", NULL};
  expect_parse_error(tmap_range, "not a ptr buffer");
  const char *tmap_scalar[] = {"k.ptx", "--grid", "1", "--arg", "i32:1", "--arg", "tmap:0:64", NULL};
  expect_parse_error(tmap_scalar, "not a ptr buffer");
  const char *tmap_rank[] = {"k.ptx", "--grid", "1", "--arg", "ptr:f16:64x64:random", "--arg", "tmap:0:64", NULL};
  expect_parse_error(tmap_rank, "box has rank 1 but buffer 0 has rank 2");
  const char *bad_cublas[] = {"--cublas-gemm", "512x256", NULL};
  expect_parse_error(bad_cublas, "want MxNxK");
}

static void test_dim3(void) {
  unsigned dims[3];
  EXPECT(run_parse_dim3("7", dims) == 0 && dims[0] == 7 && dims[1] == 1 && dims[2] == 1);
  EXPECT(run_parse_dim3("2x3x4", dims) == 0 && dims[0] == 2 && dims[1] == 3 && dims[2] == 4);
  EXPECT(run_parse_dim3("2,3", dims) == 0 && dims[1] == 3);
  EXPECT(run_parse_dim3("", dims) == -1);
  EXPECT(run_parse_dim3("2,", dims) == -1);
  EXPECT(run_parse_dim3("4294967296", dims) == -1);
}

int main(void) {
  test_specs();
  test_options();
  test_hidden_buffers();
  test_option_errors();
  test_dim3();
  TEST_DONE("run_args_test");
}

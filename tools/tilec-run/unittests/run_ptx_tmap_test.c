/* run_ptx_tmap_test.c - unit tests of the tensor maps tilec-run builds from the PTX comments
 * (docs/abi.md "Tensor maps"): parsing `// tilec.tensormap` / `// tilec.pipeline` lines
 * (run_ptx.c), attaching them to entries, appending the map arguments over the named buffers and
 * the cuTensorMapEncodeTiled fields that result (run_args.c, run_tmap.c); rejections (dtype,
 * buffer too small, non-contiguous strides, malformed lines, parameter mismatch).
 * Knobs: none. */
#include "run_args.h"
#include "run_ptx.h"
#include "run_tmap.h"

#include "run_test.h"

/* what tilec emits for examples/gemm.mlir with TILEIR_PREFER_TMA_FOR_LOAD_STORE=1 */
static const char gemm_ptx[] =
    ".version 8.7\n.target sm_90a\n.address_size 64\n"
    "// tilec.dynamic_smem_bytes gemm_f16_f32 100352\n"
    "// tilec.pipeline gemm_f16_f32 stages=2 tx_bytes=16384 threads=256\n"
    "// tilec.tensormap gemm_f16_f32 param=3 base_arg=0 dtype=f16 rank=2 dims=1024,1024 strides_bytes=2048 "
    "box=32,128 elem_strides=1,1 swizzle=64B interleave=none l2=256B oob=zero\n"
    "// tilec.tensormap gemm_f16_f32 param=4 base_arg=1 dtype=f16 rank=2 dims=1024,1024 strides_bytes=2048 "
    "box=64,32 elem_strides=1,1 swizzle=128B interleave=none l2=256B oob=zero\n"
    "// tilec.tensormap gemm_f16_f32 param=5 base_arg=2 dtype=f32 rank=2 dims=1024,1024 strides_bytes=4096 "
    "box=8,128 elem_strides=1,1 swizzle=32B interleave=none l2=256B oob=zero\n"
    ".visible .entry gemm_f16_f32(\n"
    ".param .u64 .ptr .global .align 1 gemm_f16_f32_param_0,\n"
    ".param .u64 .ptr .global .align 1 gemm_f16_f32_param_1,\n"
    ".param .u64 .ptr .global .align 1 gemm_f16_f32_param_2,\n"
    ".param .align 128 .b8 gemm_f16_f32_param_3[128],\n"
    ".param .align 128 .b8 gemm_f16_f32_param_4[128],\n"
    ".param .align 128 .b8 gemm_f16_f32_param_5[128]\n"
    ")\n.reqntid 256, 1, 1\n{\nret;\n}\n";

static int parse_words(run_options *options, char *error, size_t error_size, const char **words) {
  char *argv[64];
  int argc = 0;
  argv[argc++] = "tilec-run";
  while (*words) argv[argc++] = (char *)*words++;
  run_options_init(options);
  return run_options_parse(options, argc, argv, error, error_size);
}

static void test_note(void) {
  run_ptx_tmap t;
  char name[64], error[256] = "";
  EXPECT(run_ptx_parse_tmap_note("k param=3 base_arg=0 dtype=bf16 rank=2 dims=1000,512 strides_bytes=2000 "
                                 "box=64,128 elem_strides=1,1 swizzle=128B interleave=none l2=256B oob=zero\n",
                                 name, sizeof name, &t, error, sizeof error) == 0);
  EXPECT(strcmp(name, "k") == 0 && t.param == 3 && t.base_arg == 0 && t.dtype == RUN_DTYPE_BF16 && t.rank == 2);
  EXPECT(t.dims[0] == 1000 && t.dims[1] == 512 && t.strides_bytes[0] == 2000 && t.box[0] == 64 && t.box[1] == 128);
  EXPECT(t.swizzle == RUN_TMAP_SWIZZLE_128B && t.l2_promotion == RUN_TMAP_L2_256B && t.oob_fill == RUN_TMAP_OOB_ZERO);
  static const char *const bad[][2] = {
      {"k param=3 base_arg=0 dtype=f16 rank=2 dims=8,8 strides_bytes=16 box=8 swizzle=none", "match the rank"},
      {"k param=3 base_arg=0 dtype=q7 rank=1 dims=8 strides_bytes= box=8 swizzle=none", "unsupported dtype"},
      {"k param=3 base_arg=0 dtype=f16 rank=1 dims=8 strides_bytes= box=300 swizzle=none", "box outside"},
      {"k param=3 base_arg=0 dtype=f16 rank=1 dims=8 strides_bytes= box=8 swizzle=16B", "bad swizzle"},
      {"k param=3 base_arg=0 dtype=f16 rank=1 dims=8 strides_bytes= box=8 swizzle=none colour=red", "unknown key"},
      {"k param=3 dtype=f16 rank=1 dims=8 strides_bytes= box=8 swizzle=none", "missing"},
      {"k param=3 base_arg=0 dtype=f16 rank=1 dims=8,,8 strides_bytes= box=8 swizzle=none", "bad dims"},
      {"k param=3 base_arg=0 dtype=f16 rank=1 dims=8 strides_bytes= box=8 elem_strides=2 swizzle=none", "other than 1"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    error[0] = 0;
    EXPECT(run_ptx_parse_tmap_note(bad[i][0], name, sizeof name, &t, error, sizeof error) == -1);
    EXPECT_STR_CONTAINS(error, bad[i][1]);
  }
}

static void test_scan(void) {
  run_ptx_module module;
  char error[256] = "";
  EXPECT(run_ptx_scan(gemm_ptx, &module, error, sizeof error) == 0);
  const run_ptx_entry *e = run_ptx_find_entry(&module, "gemm_f16_f32");
  EXPECT(e && e->tmap_count == 3 && e->has_pipeline && e->pipeline_stages == 2 && e->pipeline_tx_bytes == 16384 &&
         e->pipeline_threads == 256 && e->dynamic_smem_bytes == 100352);
  if (e && e->tmap_count == 3)
    EXPECT(e->tmaps[0].param == 3 && e->tmaps[2].param == 5 && e->tmaps[2].dtype == RUN_DTYPE_F32 &&
           e->tmaps[2].swizzle == RUN_TMAP_SWIZZLE_32B && e->tmaps[1].box[0] == 64);
  run_ptx_module_destroy(&module);
  /* a map whose param is not a 128-byte parameter */
  char broken[sizeof gemm_ptx + 8];
  snprintf(broken, sizeof broken, "%s", gemm_ptx);
  char *p = strstr(broken, "param=5");
  p[6] = '2';
  EXPECT(run_ptx_scan(broken, &module, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "do not match the entry's parameters");
}

static void test_append(void) {
  run_ptx_module module;
  char error[512] = "";
  EXPECT(run_ptx_scan(gemm_ptx, &module, error, sizeof error) == 0);
  const run_ptx_entry *e = &module.entries[0];
  run_options options;
  const char *words[] = {"k.ptx", "--grid", "8,8", "--arg", "ptr:f16:1024x1024:random", "--arg",
                         "ptr:f16:1024x1024:random", "--arg", "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, words) == 0);
  unsigned appended = 0;
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == 0 && appended == 3);
  EXPECT(options.arg_count == 6 && options.args[5].kind == RUN_ARG_TMAP && options.args[5].tmap_source == 2);
  EXPECT(run_options_check_entry(&options, e, error, sizeof error) == 0);
  run_tmap_request req;
  run_tmap_fields f;
  run_tmap_request_for_arg(&options, 3, &req); /* A: box 128 rows x 32 (outermost first) */
  EXPECT(req.dtype == RUN_DTYPE_F16 && req.rank == 2 && req.shape[0] == 1024 && req.box[0] == 128 && req.box[1] == 32);
  EXPECT(run_tmap_compute(&req, 0x100000ull, &f, error, sizeof error) == 0);
  EXPECT(f.data_type == RUN_TMAP_DATA_FLOAT16 && f.global_dim[0] == 1024 && f.global_strides[0] == 2048 &&
         f.box_dim[0] == 32 && f.box_dim[1] == 128 && f.swizzle == RUN_TMAP_SWIZZLE_64B && f.l2_promotion == RUN_TMAP_L2_256B);
  run_tmap_request_for_arg(&options, 5, &req); /* C: f32, 32B swizzle, box 8 x 128 innermost first */
  EXPECT(run_tmap_compute(&req, 0x200000ull, &f, error, sizeof error) == 0);
  EXPECT(f.data_type == RUN_TMAP_DATA_FLOAT32 && f.global_address == 0x200000ull && f.global_strides[0] == 4096 &&
         f.box_dim[0] == 8 && f.box_dim[1] == 128 && f.swizzle == RUN_TMAP_SWIZZLE_32B);
  /* all parameters given already: nothing appended */
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == 0 && appended == 0);
  run_options_destroy(&options);

  const char *wrong_dtype[] = {"k.ptx", "--grid", "1", "--arg", "ptr:f16:1024x1024:random", "--arg",
                               "ptr:f32:1024x1024:random", "--arg", "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, wrong_dtype) == 0);
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "base_arg 1 is f32 but the map is f16");
  run_options_destroy(&options);
  const char *small[] = {"k.ptx", "--grid", "1", "--arg", "ptr:f16:1024x1000:random", "--arg",
                         "ptr:f16:1024x1024:random", "--arg", "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, small) == 0);
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "the map covers 2097152 bytes but buffer argument 0 has 2048000");
  run_options_destroy(&options);
  const char *scalar[] = {"k.ptx", "--grid", "1", "--arg", "i32:3", "--arg", "ptr:f16:1024x1024:random", "--arg",
                          "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, scalar) == 0);
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "base_arg 0 is not a buffer argument");
  run_options_destroy(&options);
  /* a padded (non-contiguous) view cannot be derived from a plain buffer */
  module.entries[0].tmaps[0].strides_bytes[0] = 4096;
  const char *padded[] = {"k.ptx", "--grid", "1", "--arg", "ptr:f16:2048x1024:random", "--arg",
                          "ptr:f16:1024x1024:random", "--arg", "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, padded) == 0);
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "not those of a contiguous tensor");
  run_options_destroy(&options);
  run_ptx_module_destroy(&module);
}

int main(void) {
  test_note();
  test_scan();
  test_append();
  TEST_DONE("run_ptx_tmap_test");
}

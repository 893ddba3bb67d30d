/* run_ptx_tmap_test.c - unit tests of the tensor maps tilec-run builds from the PTX comments
 * (docs/abi.md "Tensor maps"): parsing `// tilec.tensormap` / `// tilec.pipeline` lines
 * (run_ptx.c), attaching them to entries, appending the map arguments over the named buffers and
 * the cuTensorMapEncodeTiled fields that result (run_args.c, run_tmap.c); rejections (dtype,
 * buffer too small, non-contiguous strides, malformed lines, parameter mismatch). Dims / strides
 * given as kernel arguments (`@J`, `@J*E`): parsing, the checks against the entry's parameters,
 * resolution from the scalar --args and its rejections.
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
  EXPECT(t.dims[0].arg == -1 && t.dims[0].value == 1000 && t.dims[1].value == 512 && t.strides_bytes[0].arg == -1 &&
         t.strides_bytes[0].value == 2000 && t.box[0] == 64 && t.box[1] == 128);
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
  module.entries[0].tmaps[0].strides_bytes[0].value = 4096;
  const char *padded[] = {"k.ptx", "--grid", "1", "--arg", "ptr:f16:2048x1024:random", "--arg",
                          "ptr:f16:1024x1024:random", "--arg", "ptr:f32:1024x1024:out", NULL};
  EXPECT(parse_words(&options, error, sizeof error, padded) == 0);
  EXPECT(run_options_append_ptx_tmaps(&options, e, &appended, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "not those of a contiguous tensor");
  run_options_destroy(&options);
  run_ptx_module_destroy(&module);
}

/* examples/gemm_dynamic.mlir's entry (a, b, c, m, n, k) with its three maps; `int_type` is the PTX
 * type of m, n, k; `a_dims` / `a_strides` replace A's dims=@5,@3 strides_bytes=@5*2. */
static void dyn_ptx(char *out, size_t size, const char *int_type, const char *a_dims, const char *a_strides) {
  snprintf(out, size,
           ".version 8.7\n.target sm_90a\n.address_size 64\n"
           "// tilec.tensormap gemm_dyn_f16_f32 param=6 base_arg=0 dtype=f16 rank=2 dims=%s strides_bytes=%s "
           "box=32,128 elem_strides=1,1 swizzle=64B interleave=none l2=256B oob=zero\n"
           "// tilec.tensormap gemm_dyn_f16_f32 param=7 base_arg=1 dtype=f16 rank=2 dims=@4,@5 strides_bytes=@4*2 "
           "box=64,32 elem_strides=1,1 swizzle=128B interleave=none l2=256B oob=zero\n"
           "// tilec.tensormap gemm_dyn_f16_f32 param=8 base_arg=2 dtype=f32 rank=2 dims=@4,@3 strides_bytes=@4*4 "
           "box=8,128 elem_strides=1,1 swizzle=32B interleave=none l2=256B oob=zero\n"
           ".visible .entry gemm_dyn_f16_f32(\n"
           ".param .u64 .ptr .global .align 1 gemm_dyn_f16_f32_param_0,\n"
           ".param .u64 .ptr .global .align 1 gemm_dyn_f16_f32_param_1,\n"
           ".param .u64 .ptr .global .align 1 gemm_dyn_f16_f32_param_2,\n"
           ".param .%s gemm_dyn_f16_f32_param_3,\n"
           ".param .%s gemm_dyn_f16_f32_param_4,\n"
           ".param .%s gemm_dyn_f16_f32_param_5,\n"
           ".param .align 128 .b8 gemm_dyn_f16_f32_param_6[128],\n"
           ".param .align 128 .b8 gemm_dyn_f16_f32_param_7[128],\n"
           ".param .align 128 .b8 gemm_dyn_f16_f32_param_8[128]\n"
           ")\n.reqntid 256, 1, 1\n{\nret;\n}\n",
           a_dims, a_strides, int_type, int_type, int_type);
}

static void test_note_refs(void) {
  run_ptx_tmap t;
  char name[64], error[256] = "";
  EXPECT(run_ptx_parse_tmap_note("gemm_dyn_f16_f32 param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=@5*2 "
                                 "box=32,128 elem_strides=1,1 swizzle=64B interleave=none l2=256B oob=zero",
                                 name, sizeof name, &t, error, sizeof error) == 0);
  EXPECT(t.rank == 2 && t.dims[0].arg == 5 && t.dims[0].scale == 1 && t.dims[1].arg == 3 && t.dims[1].scale == 1);
  EXPECT(t.strides_bytes[0].arg == 5 && t.strides_bytes[0].scale == 2);
  /* mixed: a static inner extent, a dynamic outer one; @J*E in dims, @J in strides */
  EXPECT(run_ptx_parse_tmap_note("k param=9 base_arg=0 dtype=f32 rank=3 dims=64,@12,@4*3 strides_bytes=@7,4096 "
                                 "box=8,8,8 swizzle=none", name, sizeof name, &t, error, sizeof error) == 0);
  EXPECT(t.dims[0].arg == -1 && t.dims[0].value == 64 && t.dims[1].arg == 12 && t.dims[2].arg == 4 &&
         t.dims[2].scale == 3 && t.strides_bytes[0].arg == 7 && t.strides_bytes[0].scale == 1 &&
         t.strides_bytes[1].arg == -1 && t.strides_bytes[1].value == 4096);
  static const char *const bad[][2] = {
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@,@3 strides_bytes=@5*2 box=32,128 swizzle=none",
       "tilec.tensormap of 'k': bad dims entry '@' (want N, @J or @J*E"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@x,@3 strides_bytes=@5*2 box=32,128 swizzle=none",
       "bad dims entry '@x'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=@3* box=32,128 swizzle=none",
       "bad strides_bytes entry '@3*'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=@3*0 box=32,128 swizzle=none",
       "bad strides_bytes entry '@3*0'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3x box=32,128 strides_bytes=@5*2 swizzle=none",
       "bad dims entry '@3x'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@-3 strides_bytes=@5*2 box=32,128 swizzle=none",
       "bad dims entry '@-3'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=@5*2*2 box=32,128 swizzle=none",
       "bad strides_bytes entry '@5*2*2'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@99999 strides_bytes=@5*2 box=32,128 swizzle=none",
       "bad dims entry '@99999'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3, strides_bytes=@5*2 box=32,128 swizzle=none",
       "bad dims (trailing ',')"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=*2 box=32,128 swizzle=none",
       "bad strides_bytes entry '*2'"},
      {"k param=6 base_arg=0 dtype=f16 rank=2 dims=1,2,3,4,5,6 strides_bytes=@5*2 box=32,128 swizzle=none",
       "too many dims entries"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    error[0] = 0;
    EXPECT(run_ptx_parse_tmap_note(bad[i][0], name, sizeof name, &t, error, sizeof error) == -1);
    EXPECT_STR_CONTAINS(error, bad[i][1]);
  }
}

static void test_scan_refs(void) {
  char ptx[4096], error[512] = "";
  run_ptx_module module;
  dyn_ptx(ptx, sizeof ptx, "u64", "@5,@3", "@5*2");
  EXPECT(run_ptx_scan(ptx, &module, error, sizeof error) == 0);
  const run_ptx_entry *e = run_ptx_find_entry(&module, "gemm_dyn_f16_f32");
  EXPECT(e && e->param_count == 9 && e->tmap_count == 3);
  if (e && e->tmap_count == 3)
    EXPECT(e->tmaps[0].dims[0].arg == 5 && e->tmaps[1].dims[0].arg == 4 && e->tmaps[2].strides_bytes[0].arg == 4 &&
           e->tmaps[2].strides_bytes[0].scale == 4);
  run_ptx_module_destroy(&module);
  /* references the entry's parameters do not support */
  static const char *const bad[][4] = {
      {"u64", "@9,@3", "@5*2", "dims entry 0 refers to kernel parameter 9 (of 9), the entry has no such parameter"},
      {"u64", "@5,@3", "@6*2", "strides_bytes entry 0 refers to kernel parameter 6 (of 9), a tensor-map parameter"},
      {"u64", "@5,@8", "@5*2", "refers to kernel parameter 8 (of 9), a tensor-map parameter"},
      {"u64", "@5,@0", "@5*2", "refers to kernel parameter 0 (of 9), the base pointer of a tensor map"},
      {"u16", "@5,@3", "@5*2", "refers to kernel parameter 5 (of 9), not a 4- or 8-byte integer parameter"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    dyn_ptx(ptx, sizeof ptx, bad[i][0], bad[i][1], bad[i][2]);
    error[0] = 0;
    EXPECT(run_ptx_scan(ptx, &module, error, sizeof error) == -1);
    EXPECT_STR_CONTAINS(error, "tilec.tensormap of 'gemm_dyn_f16_f32' (param=6): ");
    EXPECT_STR_CONTAINS(error, bad[i][3]);
  }
  /* i32 parameters are fine */
  dyn_ptx(ptx, sizeof ptx, "u32", "@5,@3", "@5*2");
  EXPECT(run_ptx_scan(ptx, &module, error, sizeof error) == 0);
  run_ptx_module_destroy(&module);
}

/* Scans dyn_ptx(int_type, a_dims, a_strides), parses `words` and appends the maps; returns the append's result. */
static int dyn_append(const char *int_type, const char *a_dims, const char *a_strides, const char **words,
                      run_options *options, char *error, size_t error_size) {
  char ptx[4096];
  run_ptx_module module;
  dyn_ptx(ptx, sizeof ptx, int_type, a_dims, a_strides);
  EXPECT(run_ptx_scan(ptx, &module, error, error_size) == 0);
  EXPECT(parse_words(options, error, error_size, words) == 0);
  unsigned appended = 0;
  int rc = run_options_append_ptx_tmaps(options, &module.entries[0], &appended, error, error_size);
  EXPECT(rc ? appended == 0 : appended == 3);
  if (rc == 0) EXPECT(run_options_check_entry(options, &module.entries[0], error, error_size) == 0);
  run_ptx_module_destroy(&module);
  return rc;
}

static void test_resolve_refs(void) {
  char error[512] = "";
  run_options options;
  run_tmap_request req;
  run_tmap_fields f;
  /* M=512, N=384, K=256: A [512x256] f16, B [256x384] f16, C [512x384] f32 */
  const char *words[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                         "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:512", "--arg",
                         "i64:384", "--arg", "i64:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", words, &options, error, sizeof error) == 0);
  EXPECT(options.arg_count == 9 && options.args[6].kind == RUN_ARG_TMAP && options.args[6].tmap_auto);
  EXPECT(options.args[6].tmap_shape[0] == 512 && options.args[6].tmap_shape[1] == 256); /* outermost first */
  run_tmap_request_for_arg(&options, 6, &req);
  EXPECT(run_tmap_compute(&req, 0x100000ull, &f, error, sizeof error) == 0);
  EXPECT(f.global_dim[0] == 256 && f.global_dim[1] == 512 && f.global_strides[0] == 512 && f.box_dim[0] == 32 &&
         f.box_dim[1] == 128 && f.swizzle == RUN_TMAP_SWIZZLE_64B);
  run_tmap_request_for_arg(&options, 7, &req); /* B: dims=@4,@5 strides_bytes=@4*2 */
  EXPECT(run_tmap_compute(&req, 0x200000ull, &f, error, sizeof error) == 0);
  EXPECT(f.global_dim[0] == 384 && f.global_dim[1] == 256 && f.global_strides[0] == 768);
  run_tmap_request_for_arg(&options, 8, &req); /* C: dims=@4,@3 strides_bytes=@4*4, f32 */
  EXPECT(run_tmap_compute(&req, 0x300000ull, &f, error, sizeof error) == 0);
  EXPECT(f.data_type == RUN_TMAP_DATA_FLOAT32 && f.global_dim[0] == 384 && f.global_dim[1] == 512 &&
         f.global_strides[0] == 1536);
  run_options_destroy(&options);

  /* i32 arguments, a hidden --buffer before them (parameter numbers skip it), mixed static dims */
  const char *words32[] = {"k.ptx", "--grid", "4,3", "--buffer", "ptr:f32:16:zeros", "--arg", "ptr:f16:512x256:random",
                           "--arg", "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i32:512",
                           "--arg", "i32:384", "--arg", "i32:256", NULL};
  EXPECT(dyn_append("u32", "256,@3", "512", words32, &options, error, sizeof error) == 0);
  EXPECT(options.arg_count == 10 && options.args[7].tmap_source == 1 && options.args[7].tmap_shape[0] == 512 &&
         options.args[7].tmap_shape[1] == 256 && options.args[9].tmap_shape[0] == 512 &&
         options.args[9].tmap_shape[1] == 384);
  run_options_destroy(&options);

  /* K = 100: A's row stride @5*2 = 200 bytes is not a multiple of 16 */
  const char *odd_k[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x100:random", "--arg",
                         "ptr:f16:100x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:512", "--arg",
                         "i64:384", "--arg", "i64:100", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", odd_k, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "tilec.tensormap of 'gemm_dyn_f16_f32' (param=6): strides_bytes[0] = kernel argument 5 * 2 "
                             "= 200 bytes, but a tensor-map stride must be a multiple of 16 below 2^40");
  run_options_destroy(&options);

  /* M larger than the buffer holds */
  const char *big_m[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                         "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:1024", "--arg",
                         "i64:384", "--arg", "i64:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", big_m, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "the map covers 524288 bytes but buffer argument 0 has 262144 (dims from the arguments: "
                             "1024x256, outermost first)");
  run_options_destroy(&options);

  /* a stride argument that disagrees with the dims: not contiguous */
  EXPECT(dyn_append("u64", "@5,@3", "@4*2", words, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "strides_bytes[0] is 768, contiguous dims need 512");
  run_options_destroy(&options);

  /* the referenced argument is not an integer scalar */
  const char *float_k[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                           "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:512", "--arg",
                           "i64:384", "--arg", "f64:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", float_k, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "(param=6): dims[0] is kernel argument 5, which is not an i32/i64 scalar");
  run_options_destroy(&options);
  const char *i16_k[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                         "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:512", "--arg",
                         "i64:384", "--arg", "i16:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", i16_k, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "not an i32/i64 scalar");
  run_options_destroy(&options);

  /* non-positive and oversized values */
  const char *neg_m[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                         "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:-512", "--arg",
                         "i64:384", "--arg", "i64:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", neg_m, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "dims[1] is kernel argument 3 = -512, but tensor-map extents and strides must be positive");
  run_options_destroy(&options);
  const char *zero_k[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                          "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i32:512", "--arg",
                          "i32:384", "--arg", "i32:0", NULL};
  EXPECT(dyn_append("u32", "@5,@3", "@5*2", zero_k, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "dims[0] is kernel argument 5 = 0");
  run_options_destroy(&options);
  const char *huge_m[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                          "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:8589934592",
                          "--arg", "i64:384", "--arg", "i64:256", NULL};
  EXPECT(dyn_append("u64", "@5,@3", "@5*2", huge_m, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "dims[1] = kernel argument 3 = 8589934592, above the 2^32");
  run_options_destroy(&options);
  /* a stride of 2^40 bytes */
  const char *far_stride[] = {"k.ptx", "--grid", "4,3", "--arg", "ptr:f16:512x256:random", "--arg",
                              "ptr:f16:256x384:random", "--arg", "ptr:f32:512x384:out", "--arg", "i64:512", "--arg",
                              "i64:384", "--arg", "i64:549755813888", NULL};
  EXPECT(dyn_append("u64", "256,@3", "@5*2", far_stride, &options, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "= 1099511627776 bytes, but a tensor-map stride must be a multiple of 16 below 2^40");
  run_options_destroy(&options);
}

int main(void) {
  test_note();
  test_scan();
  test_append();
  test_note_refs();
  test_scan_refs();
  test_resolve_refs();
  TEST_DONE("run_ptx_tmap_test");
}

/* run_tmap_test.c - unit tests of the cuTensorMapEncodeTiled field computation and its rule
 * checks (run_tmap.c), including the verified host_gemm.c example. Knobs: none. */
#include "run_tmap.h"

#include "run_test.h"

static run_tmap_request request_2d(run_dtype dtype, uint64_t rows, uint64_t cols, uint32_t box_rows,
                                   uint32_t box_cols, int swizzle) {
  run_tmap_request request;
  memset(&request, 0, sizeof request);
  request.dtype = dtype;
  request.rank = 2;
  request.shape[0] = rows;
  request.shape[1] = cols;
  request.box[0] = box_rows;
  request.box[1] = box_cols;
  request.swizzle = swizzle;
  request.l2_promotion = RUN_TMAP_L2_256B;
  return request;
}

static void test_gemm_operand(void) {
  /* host_gemm.c: A[M=256, K=512] f16, box {64, 128} innermost first, SWIZZLE_128B. */
  run_tmap_request request = request_2d(RUN_DTYPE_F16, 256, 512, 128, 64, RUN_TMAP_SWIZZLE_128B);
  run_tmap_fields fields;
  char error[256] = "";
  EXPECT(run_tmap_compute(&request, 0x7f0000000000ull, &fields, error, sizeof error) == 0);
  EXPECT(fields.data_type == RUN_TMAP_DATA_FLOAT16);
  EXPECT(fields.rank == 2);
  EXPECT(fields.global_dim[0] == 512 && fields.global_dim[1] == 256);
  EXPECT(fields.global_strides[0] == 1024);
  EXPECT(fields.box_dim[0] == 64 && fields.box_dim[1] == 128);
  EXPECT(fields.element_strides[0] == 1 && fields.element_strides[1] == 1);
  EXPECT(fields.swizzle == RUN_TMAP_SWIZZLE_128B && fields.l2_promotion == RUN_TMAP_L2_256B);
  EXPECT(fields.global_address == 0x7f0000000000ull);
  EXPECT(run_tmap_box_bytes(&fields, 2) == 16384); /* expect_tx bytes per stage and operand */
}

static void test_rank3_strides(void) {
  run_tmap_request request;
  memset(&request, 0, sizeof request);
  request.dtype = RUN_DTYPE_F32;
  request.rank = 3;
  request.shape[0] = 4;  request.shape[1] = 8;  request.shape[2] = 16;
  request.box[0] = 1;    request.box[1] = 8;    request.box[2] = 4;
  run_tmap_fields fields;
  char error[256];
  EXPECT(run_tmap_compute(&request, 0, &fields, error, sizeof error) == 0);
  EXPECT(fields.global_dim[0] == 16 && fields.global_dim[1] == 8 && fields.global_dim[2] == 4);
  EXPECT(fields.global_strides[0] == 64 && fields.global_strides[1] == 512);
  EXPECT(fields.box_dim[0] == 4 && fields.box_dim[2] == 1);
}

static void expect_error(run_tmap_request request, uint64_t address, const char *needle) {
  run_tmap_fields fields;
  char error[256] = "";
  EXPECT(run_tmap_compute(&request, address, &fields, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, needle);
}

static void test_rules(void) {
  /* row of 10 f16 = 20 bytes: stride not a multiple of 16 */
  expect_error(request_2d(RUN_DTYPE_F16, 100, 10, 8, 8, RUN_TMAP_SWIZZLE_NONE), 0, "multiple of 16");
  /* box inner extent 4 f16 = 8 bytes */
  expect_error(request_2d(RUN_DTYPE_F16, 64, 64, 8, 4, RUN_TMAP_SWIZZLE_NONE), 0, "box inner extent is 8 bytes");
  /* 128 f16 = 256 bytes > 128-byte swizzle span; 64 f16 with 64B swizzle too wide */
  expect_error(request_2d(RUN_DTYPE_F16, 256, 256, 64, 128, RUN_TMAP_SWIZZLE_128B), 0, "swizzle span");
  expect_error(request_2d(RUN_DTYPE_F16, 256, 256, 64, 64, RUN_TMAP_SWIZZLE_64B), 0, "64-byte swizzle");
  /* box > 256 */
  expect_error(request_2d(RUN_DTYPE_F32, 1024, 1024, 512, 8, RUN_TMAP_SWIZZLE_NONE), 0, "must be in [1, 256]");
  /* unaligned global address */
  expect_error(request_2d(RUN_DTYPE_F32, 64, 64, 8, 8, RUN_TMAP_SWIZZLE_NONE), 8, "16-byte aligned");
  /* NaN OOB fill on integers */
  run_tmap_request request = request_2d(RUN_DTYPE_I32, 64, 64, 8, 8, RUN_TMAP_SWIZZLE_NONE);
  request.oob_fill = RUN_TMAP_OOB_NAN;
  expect_error(request, 0, "floating-point");
  /* rank */
  request = request_2d(RUN_DTYPE_F32, 64, 64, 8, 8, RUN_TMAP_SWIZZLE_NONE);
  request.rank = 6;
  expect_error(request, 0, "rank");
  request.rank = 0;
  expect_error(request, 0, "rank");
  /* element strides */
  request = request_2d(RUN_DTYPE_F32, 64, 64, 8, 8, RUN_TMAP_SWIZZLE_NONE);
  request.element_strides[0] = 9;
  expect_error(request, 0, "element strides");
  /* the largest legal box with 128B swizzle passes; f32 32 elements = 128 bytes */
  request = request_2d(RUN_DTYPE_F32, 256, 256, 256, 32, RUN_TMAP_SWIZZLE_128B);
  run_tmap_fields fields;
  char error[256];
  EXPECT(run_tmap_compute(&request, 256, &fields, error, sizeof error) == 0);
  EXPECT(run_tmap_data_type(RUN_DTYPE_BF16) == RUN_TMAP_DATA_BFLOAT16);
  EXPECT(run_tmap_data_type(RUN_DTYPE_INVALID) == -1);
}

int main(void) {
  test_gemm_operand();
  test_rank3_strides();
  test_rules();
  TEST_DONE("run_tmap_test");
}

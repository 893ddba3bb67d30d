/* run_cuda_test.c - unit tests of the dlopen driver loader (run_cuda.c) that need no GPU: a
 * missing library and the toolkit's stub library both read "no CUDA driver found", and
 * run_cuda_check formats errors. Knobs: TILEC_RUN_STUB_LIBCUDA (stub path; default the CUDA
 * toolkit's lib64/stubs/libcuda.so, skipped when absent). */
#include "run_cuda.h"

#include <stdlib.h>
#include <unistd.h>

#include "run_test.h"

static void test_missing_library(void) {
  run_cuda cuda;
  char error[512] = "";
  setenv("TILEC_RUN_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  EXPECT(run_cuda_open(&cuda, error, sizeof error) == RUN_CUDA_NO_DRIVER);
  EXPECT_STR_CONTAINS(error, "no CUDA driver found (/nonexistent/libcuda.so.1 could not be opened)");
  EXPECT(cuda.library == NULL);
  run_cuda_close(&cuda); /* closing a closed handle is harmless */
}

static void test_stub_library(void) {
  const char *stub = getenv("TILEC_RUN_STUB_LIBCUDA");
  if (!stub) stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
  if (access(stub, R_OK) != 0) {
    printf("skipped: no CUDA stub library at %s\n", stub);
    return;
  }
  run_cuda cuda;
  char error[512] = "";
  setenv("TILEC_RUN_LIBCUDA", stub, 1);
  EXPECT(run_cuda_open(&cuda, error, sizeof error) == RUN_CUDA_NO_DRIVER);
  EXPECT_STR_CONTAINS(error, "no CUDA driver found");
  EXPECT_STR_CONTAINS(error, "stub");
  EXPECT(cuda.library == NULL);
}

static void test_check_format(void) {
  run_cuda cuda;
  memset(&cuda, 0, sizeof cuda); /* no driver: names unknown, still a clear message */
  char error[512] = "";
  EXPECT(run_cuda_check(&cuda, CUDA_SUCCESS, "cuInit(0)", error, sizeof error) == 0);
  EXPECT(run_cuda_check(&cuda, CUDA_ERROR_INVALID_VALUE, "cuMemAlloc(&p, 0)", error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, "cuMemAlloc(&p, 0) failed");
}

static void test_cublas_missing(void) {
  run_cublas cublas;
  char error[512] = "";
  /* The override is tried first; with a bogus path the result depends on whether a real cuBLAS
   * is installed, but either way nothing may crash and a failure must say so. */
  setenv("TILEC_RUN_LIBCUBLAS", "/nonexistent/libcublas.so", 1);
  if (run_cublas_open(&cublas, error, sizeof error) == 0) run_cublas_close(&cublas);
  else EXPECT(error[0] != 0);
}

int main(void) {
  test_missing_library();
  test_stub_library();
  test_check_format();
  test_cublas_missing();
  TEST_DONE("run_cuda_test");
}

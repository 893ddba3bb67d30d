/* run_cuda.h - the CUDA driver API and cuBLAS, opened at run time with dlopen/dlsym so that
 * tilec-run builds and its CPU-side tests run where no driver is installed.
 * Algorithm: dlopen("libcuda.so.1") (or $TILEC_RUN_LIBCUDA), resolve every entry point by its
 * versioned ABI name (cuMemAlloc_v2, ...), then cuInit(0). Failure to open the library, or the
 * toolkit's stub library answering CUDA_ERROR_STUB_LIBRARY, is "no CUDA driver found".
 * cuBLAS: dlopen of libcublas.so.13, .so.12, .so (or $TILEC_RUN_LIBCUBLAS), cublasGemmEx only.
 * Knobs: env TILEC_RUN_LIBCUDA, TILEC_RUN_LIBCUBLAS (library path overrides, used by tests). */
#ifndef TILEC_RUN_CUDA_H
#define TILEC_RUN_CUDA_H

#include <stddef.h>

#ifdef TILEC_RUN_HAVE_CUDA_H
#include <cuda.h>
#else
#include "cuda_min.h"
#endif

typedef struct {
  void *library;
  char library_name[256];
  CUresult (*init)(unsigned int flags);
  CUresult (*driver_get_version)(int *version);
  CUresult (*get_error_string)(CUresult error, const char **text);
  CUresult (*get_error_name)(CUresult error, const char **text);
  CUresult (*device_get_count)(int *count);
  CUresult (*device_get)(CUdevice *device, int ordinal);
  CUresult (*device_get_name)(char *name, int length, CUdevice device);
  CUresult (*device_get_attribute)(int *value, CUdevice_attribute attribute, CUdevice device);
  CUresult (*primary_ctx_retain)(CUcontext *context, CUdevice device);
  CUresult (*primary_ctx_release)(CUdevice device);
  CUresult (*ctx_set_current)(CUcontext context);
  CUresult (*ctx_synchronize)(void);
  CUresult (*module_load_data_ex)(CUmodule *module, const void *image, unsigned int option_count,
                                  CUjit_option *options, void **option_values);
  CUresult (*module_unload)(CUmodule module);
  CUresult (*module_get_function)(CUfunction *function, CUmodule module, const char *name);
  CUresult (*func_set_attribute)(CUfunction function, CUfunction_attribute attribute, int value);
  CUresult (*mem_alloc)(CUdeviceptr *pointer, size_t bytes);
  CUresult (*mem_free)(CUdeviceptr pointer);
  CUresult (*memcpy_htod)(CUdeviceptr destination, const void *source, size_t bytes);
  CUresult (*memcpy_dtoh)(void *destination, CUdeviceptr source, size_t bytes);
  CUresult (*memset_d8)(CUdeviceptr destination, unsigned char value, size_t count);
  CUresult (*memset_d8_async)(CUdeviceptr destination, unsigned char value, size_t count, CUstream stream);
  CUresult (*launch_kernel)(CUfunction function, unsigned int grid_x, unsigned int grid_y,
                            unsigned int grid_z, unsigned int block_x, unsigned int block_y,
                            unsigned int block_z, unsigned int shared_bytes, CUstream stream,
                            void **params, void **extra);
  CUresult (*launch_kernel_ex)(const CUlaunchConfig *config, CUfunction function, void **params,
                               void **extra); /* NULL on drivers older than CUDA 12.0 */
  CUresult (*event_create)(CUevent *event, unsigned int flags);
  CUresult (*event_destroy)(CUevent event);
  CUresult (*event_record)(CUevent event, CUstream stream);
  CUresult (*event_synchronize)(CUevent event);
  CUresult (*event_elapsed_time)(float *milliseconds, CUevent start, CUevent end);
  CUresult (*tensor_map_encode_tiled)(CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank,
                                      void *address, const cuuint64_t *dims,
                                      const cuuint64_t *strides, const cuuint32_t *box,
                                      const cuuint32_t *element_strides,
                                      CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                                      CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob);
  /* NULL before CUDA 12.0 */
} run_cuda;

typedef enum {
  RUN_CUDA_OPENED = 0,
  RUN_CUDA_NO_DRIVER,  /* library missing, or the toolkit stub */
  RUN_CUDA_NO_DEVICE,  /* driver present, no usable GPU */
  RUN_CUDA_BROKEN,     /* library present but an entry point is missing or cuInit failed */
} run_cuda_open_status;

/* Opens the driver and calls cuInit. On failure `error` holds the one-line message to print
 * (starting "no CUDA driver found" for RUN_CUDA_NO_DRIVER) and nothing stays open. */
run_cuda_open_status run_cuda_open(run_cuda *cuda, char *error, size_t error_size);
void run_cuda_close(run_cuda *cuda);

/* "cuMemAlloc(...) failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)" into `error`;
 * returns 0 for CUDA_SUCCESS, -1 otherwise. */
int run_cuda_check(const run_cuda *cuda, CUresult result, const char *call, char *error,
                   size_t error_size);

typedef struct {
  void *library;
  void *handle;
  int (*create)(void **handle);
  int (*destroy)(void *handle);
  int (*gemm_ex)(void *handle, int transa, int transb, int m, int n, int k, const void *alpha,
                 const void *a, int a_type, int lda, const void *b, int b_type, int ldb,
                 const void *beta, void *c, int c_type, int ldc, int compute_type, int algo);
} run_cublas;

/* cuBLAS constants (cublas_api.h / library_types.h, stable across CUDA 11-13). */
enum { RUN_CUBLAS_OP_N = 0, RUN_CUBLAS_OP_T = 1, RUN_CUBLAS_GEMM_DEFAULT = -1,
       RUN_CUBLAS_COMPUTE_32F = 68, RUN_CUDA_R_16F = 2, RUN_CUDA_R_16BF = 14, RUN_CUDA_R_32F = 0 };

/* Opens cuBLAS and creates a handle (on the current context). Returns 0 or -1 with `error`. */
int run_cublas_open(run_cublas *cublas, char *error, size_t error_size);
void run_cublas_close(run_cublas *cublas);

#endif

/* run_cuda.c - dlopen/dlsym loader for the CUDA driver API and cuBLAS (see run_cuda.h).
 * Algorithm: open the library, resolve each required symbol by its ABI name (a missing one makes
 * the driver "broken", never a crash), optional ones (cuLaunchKernelEx, cuTensorMapEncodeTiled)
 * may stay NULL; then cuInit(0), mapping CUDA_ERROR_STUB_LIBRARY to "no driver" and
 * CUDA_ERROR_NO_DEVICE to "no device". Libraries are opened RTLD_NODELETE: the C++ runtime they
 * pull in keeps its static allocations reachable after dlclose (no false LeakSanitizer reports).
 * Knobs: env TILEC_RUN_LIBCUDA / TILEC_RUN_LIBCUBLAS override the library names. */
#include "run_cuda.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_tmap.h"

#ifdef TILEC_RUN_HAVE_CUDA_H
/* Our tensor-map enums are passed straight to the driver: they must equal cuda.h's. */
_Static_assert((int)RUN_TMAP_DATA_FLOAT16 == (int)CU_TENSOR_MAP_DATA_TYPE_FLOAT16, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_BFLOAT16 == (int)CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_FLOAT32 == (int)CU_TENSOR_MAP_DATA_TYPE_FLOAT32, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_FLOAT64 == (int)CU_TENSOR_MAP_DATA_TYPE_FLOAT64, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_UINT8 == (int)CU_TENSOR_MAP_DATA_TYPE_UINT8, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_UINT16 == (int)CU_TENSOR_MAP_DATA_TYPE_UINT16, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_INT32 == (int)CU_TENSOR_MAP_DATA_TYPE_INT32, "tmap dtype");
_Static_assert((int)RUN_TMAP_DATA_INT64 == (int)CU_TENSOR_MAP_DATA_TYPE_INT64, "tmap dtype");
_Static_assert((int)RUN_TMAP_SWIZZLE_128B == (int)CU_TENSOR_MAP_SWIZZLE_128B, "tmap swizzle");
_Static_assert((int)RUN_TMAP_SWIZZLE_64B == (int)CU_TENSOR_MAP_SWIZZLE_64B, "tmap swizzle");
_Static_assert((int)RUN_TMAP_SWIZZLE_32B == (int)CU_TENSOR_MAP_SWIZZLE_32B, "tmap swizzle");
_Static_assert((int)RUN_TMAP_L2_256B == (int)CU_TENSOR_MAP_L2_PROMOTION_L2_256B, "tmap l2");
_Static_assert((int)RUN_TMAP_OOB_NAN == (int)CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA, "tmap oob");
_Static_assert((int)RUN_TMAP_INTERLEAVE_NONE == (int)CU_TENSOR_MAP_INTERLEAVE_NONE, "tmap interleave");
#endif
_Static_assert(sizeof(CUtensorMap) == 128, "CUtensorMap is 128 bytes");
_Static_assert(sizeof(CUlaunchAttribute) == 72, "CUlaunchAttribute layout");

/* dlsym into a function pointer without the object/function pointer cast warning. */
static int resolve(void *library, const char *name, void *slot, int required, char *error,
                   size_t error_size) {
  void *symbol = dlsym(library, name);
  memcpy(slot, &symbol, sizeof symbol);
  if (!symbol && required) {
    snprintf(error, error_size, "CUDA driver library lacks %s (driver too old?)", name);
    return -1;
  }
  return 0;
}

run_cuda_open_status run_cuda_open(run_cuda *cuda, char *error, size_t error_size) {
  memset(cuda, 0, sizeof *cuda);
  const char *name = getenv("TILEC_RUN_LIBCUDA");
  if (!name || !*name) name = "libcuda.so.1";
  snprintf(cuda->library_name, sizeof cuda->library_name, "%s", name);
  cuda->library = dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!cuda->library) {
    snprintf(error, error_size, "no CUDA driver found (%s could not be opened)", name);
    return RUN_CUDA_NO_DRIVER;
  }
  struct {
    const char *name;
    void *slot;
    int required;
  } symbols[] = {
      {"cuInit", &cuda->init, 1},
      {"cuDriverGetVersion", &cuda->driver_get_version, 1},
      {"cuGetErrorString", &cuda->get_error_string, 1},
      {"cuGetErrorName", &cuda->get_error_name, 1},
      {"cuDeviceGetCount", &cuda->device_get_count, 1},
      {"cuDeviceGet", &cuda->device_get, 1},
      {"cuDeviceGetName", &cuda->device_get_name, 1},
      {"cuDeviceGetAttribute", &cuda->device_get_attribute, 1},
      {"cuDevicePrimaryCtxRetain", &cuda->primary_ctx_retain, 1},
      {"cuDevicePrimaryCtxRelease_v2", &cuda->primary_ctx_release, 1},
      {"cuCtxSetCurrent", &cuda->ctx_set_current, 1},
      {"cuCtxSynchronize", &cuda->ctx_synchronize, 1},
      {"cuModuleLoadDataEx", &cuda->module_load_data_ex, 1},
      {"cuModuleUnload", &cuda->module_unload, 1},
      {"cuModuleGetFunction", &cuda->module_get_function, 1},
      {"cuFuncSetAttribute", &cuda->func_set_attribute, 1},
      {"cuMemAlloc_v2", &cuda->mem_alloc, 1},
      {"cuMemFree_v2", &cuda->mem_free, 1},
      {"cuMemcpyHtoD_v2", &cuda->memcpy_htod, 1},
      {"cuMemcpyDtoH_v2", &cuda->memcpy_dtoh, 1},
      {"cuMemsetD8_v2", &cuda->memset_d8, 1},
      {"cuMemsetD8Async", &cuda->memset_d8_async, 1},
      {"cuLaunchKernel", &cuda->launch_kernel, 1},
      {"cuLaunchKernelEx", &cuda->launch_kernel_ex, 0},
      {"cuEventCreate", &cuda->event_create, 1},
      {"cuEventDestroy_v2", &cuda->event_destroy, 1},
      {"cuEventRecord", &cuda->event_record, 1},
      {"cuEventSynchronize", &cuda->event_synchronize, 1},
      {"cuEventElapsedTime_v2", &cuda->event_elapsed_time, 0},
      {"cuTensorMapEncodeTiled", &cuda->tensor_map_encode_tiled, 0},
  };
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
    if (resolve(cuda->library, symbols[i].name, symbols[i].slot, symbols[i].required, error, error_size)) {
      run_cuda_close(cuda);
      return RUN_CUDA_BROKEN;
    }
  if (!cuda->event_elapsed_time && /* drivers before 12.8 have only the unversioned name */
      resolve(cuda->library, "cuEventElapsedTime", &cuda->event_elapsed_time, 1, error, error_size)) {
    run_cuda_close(cuda);
    return RUN_CUDA_BROKEN;
  }
  CUresult result = cuda->init(0);
  if (result == CUDA_ERROR_STUB_LIBRARY) {
    snprintf(error, error_size, "no CUDA driver found (%s is the CUDA toolkit's stub library)", name);
    run_cuda_close(cuda);
    return RUN_CUDA_NO_DRIVER;
  }
  if (result == CUDA_ERROR_NO_DEVICE) {
    snprintf(error, error_size, "no CUDA device found (cuInit: CUDA_ERROR_NO_DEVICE)");
    run_cuda_close(cuda);
    return RUN_CUDA_NO_DEVICE;
  }
  if (run_cuda_check(cuda, result, "cuInit(0)", error, error_size)) {
    run_cuda_close(cuda);
    return RUN_CUDA_BROKEN;
  }
  return RUN_CUDA_OPENED;
}

void run_cuda_close(run_cuda *cuda) {
  if (cuda->library) dlclose(cuda->library);
  memset(cuda, 0, sizeof *cuda);
}

int run_cuda_check(const run_cuda *cuda, CUresult result, const char *call, char *error,
                   size_t error_size) {
  if (result == CUDA_SUCCESS) return 0;
  const char *name = NULL, *text = NULL;
  if (cuda->get_error_name) cuda->get_error_name(result, &name);
  if (cuda->get_error_string) cuda->get_error_string(result, &text);
  snprintf(error, error_size, "%s failed: %s (%s)", call, name ? name : "unknown CUresult",
           text ? text : "no description");
  return -1;
}

int run_cublas_open(run_cublas *cublas, char *error, size_t error_size) {
  memset(cublas, 0, sizeof *cublas);
  const char *override = getenv("TILEC_RUN_LIBCUBLAS");
  const char *names[] = {override, "libcublas.so.13", "libcublas.so.12", "libcublas.so"};
  for (size_t i = 0; i < sizeof names / sizeof names[0] && !cublas->library; i++)
    if (names[i] && *names[i]) cublas->library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (!cublas->library) {
    snprintf(error, error_size, "cuBLAS not found (libcublas.so.13/.12 could not be opened)");
    return -1;
  }
  if (resolve(cublas->library, "cublasCreate_v2", &cublas->create, 1, error, error_size) ||
      resolve(cublas->library, "cublasDestroy_v2", &cublas->destroy, 1, error, error_size) ||
      resolve(cublas->library, "cublasGemmEx", &cublas->gemm_ex, 1, error, error_size)) {
    run_cublas_close(cublas);
    return -1;
  }
  int status = cublas->create(&cublas->handle);
  if (status != 0) {
    snprintf(error, error_size, "cublasCreate failed with status %d", status);
    cublas->handle = NULL;
    run_cublas_close(cublas);
    return -1;
  }
  return 0;
}

void run_cublas_close(run_cublas *cublas) {
  if (cublas->handle && cublas->destroy) cublas->destroy(cublas->handle);
  if (cublas->library) dlclose(cublas->library);
  memset(cublas, 0, sizeof *cublas);
}

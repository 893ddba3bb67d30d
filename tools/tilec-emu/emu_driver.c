/* emu_driver.c - libtilec_emu_cuda.so: the subset of the CUDA driver API that tilec-run calls,
 * answered on the CPU, so that `TILEC_RUN_LIBCUDA=.../libtilec_emu_cuda.so tilec-run K.ptx ...`
 * runs a tilec kernel without a GPU (docs/emulator.md).
 * Algorithm: one device ("tilec CPU emulator", compute capability from TILEC_EMU_SM, default 90);
 * device memory is host memory (cuMemAlloc = aligned calloc, the pointer is the address);
 * cuModuleLoadDataEx ignores the PTX image and dlopens the host module named by TILEC_EMU_MODULE
 * (tilec-emu-build made it from the same kernel's `tilec --emit=llvm` output);
 * cuModuleGetFunction finds tilec_emu_entry_<name> in it; a launch runs the module's
 * tilec_emu_launch (emu_device.c) over the grid, synchronously. Events read the host clock.
 * Tensor maps hold the emulator's own encoding (emu_tmap.h), read by emu_device.c's TMA copies.
 * Knobs: env TILEC_EMU_MODULE (required for a module load), TILEC_EMU_SM (90 or 100). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cuda_min.h"
#include "emu_tmap.h"

#define EMU_EXPORT __attribute__((visibility("default")))
#define EMU_NOT_SUPPORTED ((CUresult)801)

typedef int (*emu_launch_fn)(void (*entry)(void **), const unsigned grid[3], const unsigned block[3], void **params);

struct CUfunc_st {
  struct CUmod_st *module;
  void (*entry)(void **);
  struct CUfunc_st *next;
};

struct CUmod_st {
  void *library;
  emu_launch_fn launch;
  struct CUfunc_st *functions; /* owned; freed by cuModuleUnload */
};

struct CUevent_st {
  double ms;
};

static int emu_context_token;

EMU_EXPORT CUresult cuInit(unsigned int flags) {
  (void)flags;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDriverGetVersion(int *version) {
  *version = 13000;
  return CUDA_SUCCESS;
}

static const char *emu_error_text(CUresult error, int name) {
  switch ((int)error) {
  case CUDA_SUCCESS: return name ? "CUDA_SUCCESS" : "no error";
  case CUDA_ERROR_INVALID_VALUE: return name ? "CUDA_ERROR_INVALID_VALUE" : "invalid argument";
  case CUDA_ERROR_OUT_OF_MEMORY: return name ? "CUDA_ERROR_OUT_OF_MEMORY" : "out of memory";
  case CUDA_ERROR_INVALID_PTX: return name ? "CUDA_ERROR_INVALID_PTX" : "no emulator module (TILEC_EMU_MODULE)";
  case CUDA_ERROR_NOT_FOUND: return name ? "CUDA_ERROR_NOT_FOUND" : "named symbol not found";
  case CUDA_ERROR_LAUNCH_FAILED: return name ? "CUDA_ERROR_LAUNCH_FAILED" : "unspecified launch failure";
  case 801: return name ? "CUDA_ERROR_NOT_SUPPORTED" : "operation not supported by the tilec CPU emulator";
  default: return name ? "CUDA_ERROR_UNKNOWN" : "unknown error";
  }
}

EMU_EXPORT CUresult cuGetErrorString(CUresult error, const char **text) {
  *text = emu_error_text(error, 0);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuGetErrorName(CUresult error, const char **text) {
  *text = emu_error_text(error, 1);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  (void)device;
  snprintf(name, (size_t)length, "tilec CPU emulator");
  return CUDA_SUCCESS;
}

static int emu_sm(void) {
  const char *sm = getenv("TILEC_EMU_SM");
  return sm && atoi(sm) > 0 ? atoi(sm) : 90;
}

EMU_EXPORT CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice device) {
  (void)device;
  switch ((int)attribute) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *value = 1; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = emu_sm() / 10; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = emu_sm() % 10; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = 232448; break;
  default: *value = 0; break;
  }
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  (void)device;
  *context = (CUcontext)(void *)&emu_context_token;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
  (void)device;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuCtxSetCurrent(CUcontext context) {
  (void)context;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

EMU_EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int option_count,
                                       CUjit_option *options, void **option_values) {
  (void)image, (void)option_count, (void)options, (void)option_values;
  const char *path = getenv("TILEC_EMU_MODULE");
  if (!path || !*path) {
    fprintf(stderr, "tilec-emu: TILEC_EMU_MODULE names no module (build one with tilec-emu-build)\n");
    return CUDA_ERROR_INVALID_PTX;
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "tilec-emu: cannot load %s: %s\n", path, dlerror());
    return CUDA_ERROR_INVALID_PTX;
  }
  struct CUmod_st *m = calloc(1, sizeof *m);
  if (!m) {
    dlclose(library);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  m->library = library;
  void *launch = dlsym(library, "tilec_emu_launch");
  memcpy(&m->launch, &launch, sizeof launch);
  if (!m->launch) {
    fprintf(stderr, "tilec-emu: %s has no tilec_emu_launch (not made by tilec-emu-build?)\n", path);
    dlclose(library);
    free(m);
    return CUDA_ERROR_INVALID_PTX;
  }
  *module = m;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuModuleUnload(CUmodule module) {
  if (module) {
    while (module->functions) {
      struct CUfunc_st *f = module->functions;
      module->functions = f->next;
      free(f);
    }
    dlclose(module->library);
    free(module);
  }
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  char symbol[512];
  snprintf(symbol, sizeof symbol, "tilec_emu_entry_%s", name);
  void *entry = dlsym(module->library, symbol);
  if (!entry) {
    fprintf(stderr, "tilec-emu: the module has no kernel '%s'\n", name);
    return CUDA_ERROR_NOT_FOUND;
  }
  struct CUfunc_st *f = calloc(1, sizeof *f);
  if (!f) return CUDA_ERROR_OUT_OF_MEMORY;
  f->module = module;
  memcpy(&f->entry, &entry, sizeof entry);
  f->next = module->functions;
  module->functions = f;
  *function = f;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute, int value) {
  (void)function, (void)attribute, (void)value;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  void *p = aligned_alloc(256, (bytes + 255) / 256 * 256 + 256);
  if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
  memset(p, 0, (bytes + 255) / 256 * 256 + 256);
  *pointer = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemFree_v2(CUdeviceptr pointer) {
  free((void *)(uintptr_t)pointer);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr destination, const void *source, size_t bytes) {
  memcpy((void *)(uintptr_t)destination, source, bytes);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemcpyDtoH_v2(void *destination, CUdeviceptr source, size_t bytes) {
  memcpy(destination, (const void *)(uintptr_t)source, bytes);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemsetD8_v2(CUdeviceptr destination, unsigned char value, size_t count) {
  memset((void *)(uintptr_t)destination, value, count);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuMemsetD8Async(CUdeviceptr destination, unsigned char value, size_t count, CUstream stream) {
  (void)stream;
  return cuMemsetD8_v2(destination, value, count);
}

static CUresult emu_launch(CUfunction function, const unsigned grid[3], const unsigned block[3], void **params) {
  return function->module->launch(function->entry, grid, block, params) ? CUDA_ERROR_LAUNCH_FAILED : CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuLaunchKernel(CUfunction function, unsigned int grid_x, unsigned int grid_y, unsigned int grid_z,
                                   unsigned int block_x, unsigned int block_y, unsigned int block_z,
                                   unsigned int shared_bytes, CUstream stream, void **params, void **extra) {
  (void)shared_bytes, (void)stream, (void)extra;
  unsigned grid[3] = {grid_x, grid_y, grid_z}, block[3] = {block_x, block_y, block_z};
  return emu_launch(function, grid, block, params);
}

EMU_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function, void **params, void **extra) {
  (void)extra;
  if (config->numAttrs) {
    fprintf(stderr, "tilec-emu: launch attributes (clusters) are not emulated\n");
    return EMU_NOT_SUPPORTED;
  }
  unsigned grid[3] = {config->gridDimX, config->gridDimY, config->gridDimZ};
  unsigned block[3] = {config->blockDimX, config->blockDimY, config->blockDimZ};
  return emu_launch(function, grid, block, params);
}

static double emu_now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

EMU_EXPORT CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  (void)flags;
  *event = calloc(1, sizeof **event);
  return *event ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

EMU_EXPORT CUresult cuEventDestroy_v2(CUevent event) {
  free(event);
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuEventRecord(CUevent event, CUstream stream) {
  (void)stream;
  event->ms = emu_now_ms();
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuEventSynchronize(CUevent event) {
  (void)event;
  return CUDA_SUCCESS;
}

EMU_EXPORT CUresult cuEventElapsedTime_v2(float *milliseconds, CUevent start, CUevent end) {
  *milliseconds = (float)(end->ms - start->ms);
  return CUDA_SUCCESS;
}

/* Tensor maps: the emulator's own encoding (emu_tmap.h), tiled mode, element strides 1. */
EMU_EXPORT CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *address,
                                           const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
                                           const cuuint32_t *element_strides, CUtensorMapInterleave interleave,
                                           CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
                                           CUtensorMapFloatOOBfill oob) {
  (void)l2;
  /* element bytes by CUtensorMapDataType: u8, u16, u32, s32, u64, s64, f16, f32, f64, bf16, f32 ftz,
   * tf32, tf32 ftz */
  static const uint32_t bytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
  if ((unsigned)type >= sizeof bytes / sizeof bytes[0] || rank < 1 || rank > 5 || interleave != 0) {
    fprintf(stderr, "tilec-emu: tensor map (data type %d, rank %u, interleave %d) not emulated\n", (int)type, rank,
            (int)interleave);
    return EMU_NOT_SUPPORTED;
  }
  emu_tmap t;
  memset(&t, 0, sizeof t);
  t.magic = EMU_TMAP_MAGIC;
  t.rank = rank;
  t.elem_bytes = bytes[type];
  t.swizzle = (uint32_t)swizzle;
  t.oob_nan = oob != 0;
  t.data_type = (uint32_t)type;
  t.address = (uint64_t)(uintptr_t)address;
  for (cuuint32_t d = 0; d < rank; d++) {
    t.dims[d] = (uint32_t)dims[d];
    t.box[d] = box[d];
    t.elem_strides[d] = element_strides[d];
    if (d + 1 < rank) t.strides[d] = strides[d];
  }
  memset(map, 0, sizeof *map);
  memcpy(map, &t, sizeof t);
  return CUDA_SUCCESS;
}

/* run_tmap.c - cuTensorMapEncodeTiled argument computation and validation (see run_tmap.h).
 * Rules checked (cuda.h 13.0, tiled, INTERLEAVE_NONE): rank 1..5; address 16-B aligned;
 * 1 <= globalDim[i] <= 2^32; globalStrides multiple of 16 and < 2^40; 1 <= boxDim[i] <= 256;
 * boxDim[0] * elemsize multiple of 16; with swizzle, boxDim[0] * elemsize <= swizzle span;
 * 1 <= elementStrides[i] <= 8; NaN OOB fill only for float types.
 * Knobs: none. */
#include "run_tmap.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int run_tmap_data_type(run_dtype dtype) {
  switch (dtype) {
  case RUN_DTYPE_I1:
  case RUN_DTYPE_I8: return RUN_TMAP_DATA_UINT8;
  case RUN_DTYPE_I16: return RUN_TMAP_DATA_UINT16;
  case RUN_DTYPE_I32: return RUN_TMAP_DATA_INT32;
  case RUN_DTYPE_I64: return RUN_TMAP_DATA_INT64;
  case RUN_DTYPE_F16: return RUN_TMAP_DATA_FLOAT16;
  case RUN_DTYPE_BF16: return RUN_TMAP_DATA_BFLOAT16;
  case RUN_DTYPE_F32: return RUN_TMAP_DATA_FLOAT32;
  case RUN_DTYPE_F64: return RUN_TMAP_DATA_FLOAT64;
  case RUN_DTYPE_TF32: return RUN_TMAP_DATA_FLOAT32; /* already tf32-rounded: copied bit for bit */
  case RUN_DTYPE_F8E4M3FN:
  case RUN_DTYPE_F8E5M2:
  case RUN_DTYPE_F8E8M0FNU: return RUN_TMAP_DATA_UINT8;
  default: return -1;
  }
}

static int fail(char *error, size_t error_size, const char *message) {
  snprintf(error, error_size, "%s", message);
  return -1;
}

int run_tmap_compute(const run_tmap_request *request, uint64_t global_address,
                     run_tmap_fields *fields, char *error, size_t error_size) {
  char text[256];
  memset(fields, 0, sizeof *fields);
  unsigned rank = request->rank;
  if (rank < 1 || rank > RUN_TMAP_MAX_RANK)
    return fail(error, error_size, "tensor map rank must be between 1 and 5");
  int data_type = run_tmap_data_type(request->dtype);
  if (data_type < 0) return fail(error, error_size, "tensor map element type not supported by TMA");
  size_t element_size = run_dtype_size(request->dtype);
  if (global_address % 16 != 0)
    return fail(error, error_size, "tensor map global address must be 16-byte aligned");

  fields->data_type = data_type;
  fields->rank = rank;
  fields->global_address = global_address;
  fields->interleave = RUN_TMAP_INTERLEAVE_NONE;
  fields->swizzle = request->swizzle;
  fields->l2_promotion = request->l2_promotion;
  fields->oob_fill = request->oob_fill;

  /* Reverse to innermost-first order. */
  for (unsigned i = 0; i < rank; i++) {
    unsigned outer = rank - 1 - i;
    fields->global_dim[i] = request->shape[outer];
    fields->box_dim[i] = request->box[outer];
    fields->element_strides[i] = request->element_strides[outer] ? request->element_strides[outer] : 1;
  }
  uint64_t stride_bytes = element_size;
  for (unsigned i = 0; i < rank; i++) {
    uint64_t dim = fields->global_dim[i];
    if (dim < 1 || dim > (1ull << 32)) {
      snprintf(text, sizeof text, "tensor map dimension %u (innermost first) is %" PRIu64
               ", must be in [1, 2^32]", i, dim);
      return fail(error, error_size, text);
    }
    if (i > 0) {
      fields->global_strides[i - 1] = stride_bytes;
      if (stride_bytes % 16 != 0) {
        snprintf(text, sizeof text, "tensor map stride of dimension %u is %" PRIu64
                 " bytes, must be a multiple of 16", i, stride_bytes);
        return fail(error, error_size, text);
      }
      if (stride_bytes >= (1ull << 40))
        return fail(error, error_size, "tensor map stride must be below 2^40 bytes");
    }
    if (dim > UINT64_MAX / stride_bytes)
      return fail(error, error_size, "tensor map size overflows 64 bits");
    stride_bytes *= dim;
  }
  for (unsigned i = 0; i < rank; i++) {
    uint32_t box = fields->box_dim[i];
    if (box < 1 || box > 256) {
      snprintf(text, sizeof text, "tensor map box dimension %u (innermost first) is %u, must be in "
               "[1, 256]", i, box);
      return fail(error, error_size, text);
    }
    uint32_t element_stride = fields->element_strides[i];
    if (element_stride < 1 || element_stride > 8)
      return fail(error, error_size, "tensor map element strides must be in [1, 8]");
  }
  uint64_t inner_bytes = (uint64_t)fields->box_dim[0] * element_size;
  if (inner_bytes % 16 != 0) {
    snprintf(text, sizeof text, "tensor map box inner extent is %" PRIu64
             " bytes, must be a multiple of 16", inner_bytes);
    return fail(error, error_size, text);
  }
  static const uint64_t swizzle_span[] = {0, 32, 64, 128};
  if (request->swizzle < RUN_TMAP_SWIZZLE_NONE || request->swizzle > RUN_TMAP_SWIZZLE_128B)
    return fail(error, error_size, "unknown tensor map swizzle mode");
  if (request->swizzle != RUN_TMAP_SWIZZLE_NONE && inner_bytes > swizzle_span[request->swizzle]) {
    snprintf(text, sizeof text, "tensor map box inner extent is %" PRIu64 " bytes, above the %"
             PRIu64 "-byte swizzle span", inner_bytes, swizzle_span[request->swizzle]);
    return fail(error, error_size, text);
  }
  if (request->l2_promotion < RUN_TMAP_L2_NONE || request->l2_promotion > RUN_TMAP_L2_256B)
    return fail(error, error_size, "unknown tensor map L2 promotion");
  if (request->oob_fill == RUN_TMAP_OOB_NAN && !run_dtype_is_float(request->dtype))
    return fail(error, error_size, "NaN out-of-bounds fill needs a floating-point element type");
  if (request->oob_fill != RUN_TMAP_OOB_ZERO && request->oob_fill != RUN_TMAP_OOB_NAN)
    return fail(error, error_size, "unknown tensor map OOB fill");
  return 0;
}

uint64_t run_tmap_box_bytes(const run_tmap_fields *fields, size_t element_size) {
  uint64_t bytes = element_size;
  for (uint32_t i = 0; i < fields->rank; i++) bytes *= fields->box_dim[i];
  return bytes;
}

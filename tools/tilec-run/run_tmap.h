/* run_tmap.h - computes and validates the arguments of cuTensorMapEncodeTiled for a buffer.
 * Algorithm: a row-major tensor of shape [d0, ..., d(r-1)] (outermost first, as tilec-run
 * shapes are written) becomes globalDim = {d(r-1), ..., d0} (innermost first),
 * globalStrides[i] = bytes between consecutive indices of dimension i+1 (dims 1..r-1 only),
 * boxDim reversed the same way; every rule of cuda.h (CUDA 13.0) for the tiled, non-interleaved
 * case is checked before the driver sees it, so a bad spec fails with a precise message.
 * Knobs: swizzle / L2 promotion / OOB fill / element strides chosen by the caller.
 * The enum values equal the driver's (CUtensorMap* enums), checked at compile time in run_cuda.c. */
#ifndef TILEC_RUN_TMAP_H
#define TILEC_RUN_TMAP_H

#include <stddef.h>
#include <stdint.h>

#include "run_types.h"

#define RUN_TMAP_MAX_RANK 5

enum {
  RUN_TMAP_DATA_UINT8 = 0,
  RUN_TMAP_DATA_UINT16 = 1,
  RUN_TMAP_DATA_UINT32 = 2,
  RUN_TMAP_DATA_INT32 = 3,
  RUN_TMAP_DATA_UINT64 = 4,
  RUN_TMAP_DATA_INT64 = 5,
  RUN_TMAP_DATA_FLOAT16 = 6,
  RUN_TMAP_DATA_FLOAT32 = 7,
  RUN_TMAP_DATA_FLOAT64 = 8,
  RUN_TMAP_DATA_BFLOAT16 = 9,
};
enum { RUN_TMAP_SWIZZLE_NONE = 0, RUN_TMAP_SWIZZLE_32B = 1, RUN_TMAP_SWIZZLE_64B = 2,
       RUN_TMAP_SWIZZLE_128B = 3 };
enum { RUN_TMAP_L2_NONE = 0, RUN_TMAP_L2_64B = 1, RUN_TMAP_L2_128B = 2, RUN_TMAP_L2_256B = 3 };
enum { RUN_TMAP_OOB_ZERO = 0, RUN_TMAP_OOB_NAN = 1 };
enum { RUN_TMAP_INTERLEAVE_NONE = 0 };

/* What the user asked for (outermost-first order, like buffer shapes). */
typedef struct {
  run_dtype dtype;
  unsigned rank;
  uint64_t shape[RUN_TMAP_MAX_RANK];        /* tensor extent per dim, outermost first */
  uint32_t box[RUN_TMAP_MAX_RANK];          /* box extent per dim, outermost first */
  uint32_t element_strides[RUN_TMAP_MAX_RANK]; /* 0 = 1 */
  int swizzle;                              /* RUN_TMAP_SWIZZLE_* */
  int l2_promotion;                         /* RUN_TMAP_L2_* */
  int oob_fill;                             /* RUN_TMAP_OOB_* */
} run_tmap_request;

/* Exactly the cuTensorMapEncodeTiled arguments (innermost first). */
typedef struct {
  int data_type;
  uint32_t rank;
  uint64_t global_address;
  uint64_t global_dim[RUN_TMAP_MAX_RANK];
  uint64_t global_strides[RUN_TMAP_MAX_RANK - 1]; /* bytes, for dims 1..rank-1 */
  uint32_t box_dim[RUN_TMAP_MAX_RANK];
  uint32_t element_strides[RUN_TMAP_MAX_RANK];
  int interleave;
  int swizzle;
  int l2_promotion;
  int oob_fill;
} run_tmap_fields;

/* Fills `fields` for a contiguous row-major buffer at device address `global_address`.
 * Returns 0, or -1 with a message in `error` (size `error_size`) naming the broken rule. */
int run_tmap_compute(const run_tmap_request *request, uint64_t global_address,
                     run_tmap_fields *fields, char *error, size_t error_size);

/* The CUtensorMapDataType for an element type, or -1 when TMA cannot move it. */
int run_tmap_data_type(run_dtype dtype);

/* Bytes one box moves (product of box dims times element size): the expect_tx count. */
uint64_t run_tmap_box_bytes(const run_tmap_fields *fields, size_t element_size);

#endif

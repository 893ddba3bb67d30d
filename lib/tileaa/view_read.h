/* view_read: the typed reader of a `tileaa.view` op — the TileAA view contract (view_resolve.c
 * writes it) read back into a cuda_tile partition-view description, for the stages after TileAA
 * (the code generator's view lowering, the Hopper plan's tensor maps) and for tests. Not a pass;
 * nothing here parses attribute text. Operands: base, shape[rank], strides[rank]; an entry
 * defined by `tileaa.constant` is static (its value), any other is dynamic (CT_DYNAMIC).
 * Attributes: box (tile shape), elem, base_align, padding, dim_map. Owner: tileaa. */
#ifndef TILEC_TILEAA_VIEW_READ_H
#define TILEC_TILEAA_VIEW_READ_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "frontend/types.h"

/* The value of a `tileaa.constant` result, or false. */
bool ct_tileaa_const_value(MlirValue v, int64_t *out);
/* `view_op` (a tileaa.view) as a partition-view type: kind CT_TYPE_PARTITION_VIEW, rank, shape and
 * strides (CT_DYNAMIC where an operand is not a tileaa.constant), tile_rank / tile_shape from
 * `box`, elem, padding, dim_map. Returns NULL on success, else what is malformed. */
const char *ct_tileaa_view_read(MlirOperation view_op, ct_type *out);
/* The operand holding shape entry d (is_stride: stride entry d) of a tileaa.view. */
MlirValue ct_tileaa_view_operand(MlirOperation view_op, int rank, int d, bool is_stride);
#endif

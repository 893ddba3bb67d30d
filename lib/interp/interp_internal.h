/* interp_internal: the interpreter's value model and the helpers its files share.
 *
 * A value is a tile (element type, shape, flat row-major array of 64-bit slots), a view (tensor
 * view fields resolved at run time plus the partition/strided tiling) or a token. Slot encoding:
 * floats hold their exact value as a double (f16/bf16/f32 values are exactly representable);
 * integers hold their low `width` bits zero-extended (ops sign- or zero-extend as their
 * signedness says); pointers hold the 64-bit virtual address. Values are bound to MlirValues in
 * an open-addressing hash table; rebinding (loop iterations) frees the old contents.
 * Owner: interp. */
#ifndef TILEC_INTERP_INTERNAL_H
#define TILEC_INTERP_INTERNAL_H
#include <stdio.h>

#include "frontend/ops.h"
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "interp/interp.h"

typedef union iv_slot {
  double f;
  uint64_t u;
} iv_slot;

typedef enum { IV_NONE = 0, IV_TILE, IV_VIEW, IV_TOKEN } iv_kind;

typedef struct iv_value {
  iv_kind kind;
  ct_type type;   /* the static type (tiles: shape/elem; views: everything but the `?` fields) */
  int64_t count;  /* tiles: element count */
  iv_slot *data;  /* tiles: count slots (owned) */
  /* views: resolved tensor view */
  uint64_t base;
  int64_t shape[CT_MAX_RANK];
  int64_t strides[CT_MAX_RANK];
} iv_value;

typedef struct iv_binding {
  const void *key; /* MlirValue.ptr */
  iv_value value;
} iv_binding;

typedef struct iv_region_mem {
  uint64_t address;
  size_t bytes;
  unsigned char *data;
  char label[64];
  bool owned; /* allocated by the interpreter (globals, alloca) */
} iv_region_mem;

typedef enum { FLOW_NEXT, FLOW_YIELD, FLOW_CONTINUE, FLOW_BREAK, FLOW_RETURN, FLOW_ERROR } iv_flow;

typedef struct iv_interp {
  ct_ctx *c;
  MlirOperation entry;
  const ct_interp_config *config;
  unsigned block_id[3];
  iv_binding *table;
  size_t table_cap, table_len;
  iv_region_mem *mem;
  unsigned mem_count, mem_cap;
  unsigned mem_block_start; /* regions from this index on are per tile block (alloca) */
  uint64_t next_private_address;
  uint64_t block_start_address; /* next_private_address when a tile block starts */
  unsigned last_region;         /* cache of the last region hit */
  uint64_t ops_executed, max_ops;
  MlirOperation terminator; /* set when a block ends in yield/continue/break/return */
  FILE *print_out;
} iv_interp;

/* env */
iv_value *iv_lookup(iv_interp *I, MlirValue v); /* NULL when unbound */
/* Binds v to *val (takes ownership of val->data). */
void iv_bind(iv_interp *I, MlirValue v, iv_value *val);
void iv_value_free(iv_value *v);
/* A fresh tile of type t (zeroed). false (error emitted at op) when too big. */
bool iv_tile_new(iv_interp *I, MlirOperation op, const ct_type *t, iv_value *out);
bool iv_copy(iv_interp *I, MlirOperation op, const iv_value *src, iv_value *out);

/* operand/result access with error reporting */
iv_value *iv_operand(iv_interp *I, MlirOperation op, int index);
bool iv_result_type(iv_interp *I, MlirOperation op, int index, ct_type *t);
const char *iv_op_name(MlirOperation op); /* "addf" (static buffer per call site is not used) */

/* "[3, 7]" for flat element index `flat` of shape */
void iv_format_index(char *buf, size_t size, const int64_t *shape, int rank, int64_t flat);

/* integers */
uint64_t iv_mask(int width);
int64_t iv_sext(uint64_t v, int width);
int iv_width(ct_elem e); /* logical width; ptr 64 */

/* floats */
bool iv_is_float(ct_elem e);
double iv_round(long double x, ct_elem e, ct_rounding mode);

/* memory */
bool iv_mem_read(iv_interp *I, MlirOperation op, const char *what, const int64_t *shape, int rank, int64_t flat,
                 uint64_t address, ct_elem e, iv_slot *out);
bool iv_mem_write(iv_interp *I, MlirOperation op, const int64_t *shape, int rank, int64_t flat, uint64_t address,
                  ct_elem e, iv_slot value);
uint64_t iv_mem_alloc(iv_interp *I, size_t bytes, size_t align, const char *label);
int iv_elem_bytes(ct_elem e);

/* execution */
iv_flow iv_exec_block(iv_interp *I, MlirBlock block);
bool iv_exec_region_yield(iv_interp *I, MlirRegion region, const iv_value *args, int nargs, iv_value *results,
                          int nresults, MlirOperation op);

/* op groups (interp_ops.c, interp_memory.c); return false after an error */
bool iv_exec_elementwise(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled);
bool iv_exec_shape(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled);
bool iv_exec_memory(iv_interp *I, MlirOperation op, ct_op_id id, bool *handled);

#define IV_MAX_ELEMENTS (1LL << 26)
#endif

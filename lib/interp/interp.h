/* interp: the reference interpreter for cuda_tile kernels (tilec-run --interpret, docs/interpreter.md).
 *
 * What: executes one verified `cuda_tile.entry` on the CPU over a grid of tile blocks, reading and
 * writing host buffers that stand for the kernel's global memory. It is the oracle for GPU tests
 * and a way to debug a kernel without a GPU.
 * Algorithm: a tree walk over the entry body, once per tile block (x fastest, then y, then z);
 * every SSA value is a whole tile (shape, element type, flat host array); regions of
 * for/loop/if/reduce/scan are walked recursively; tokens are ignored (program order is a valid
 * token order). Pointers are virtual addresses: buffer i lives at (i + 1) << 40, so pointer values
 * and error messages are deterministic; every access is checked against the buffers.
 * Limits: gather_scatter views, atomic_red_view_tko, pack/unpack and the f4/i4 element types are
 * rejected by name; approx/full rounding of exp/tanh/divf/sqrt computes the
 * correctly rounded value. Ownership: the caller owns the buffers; nothing is kept after a run.
 * Owner: interp. */
#ifndef TILEC_INTERP_INTERP_H
#define TILEC_INTERP_INTERP_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/types.h"
#include "support/context.h"

/* One host allocation that kernel pointers may point into. */
typedef struct ct_interp_buffer {
  void *data;        /* caller-owned, `bytes` long */
  size_t bytes;
  const char *label; /* for messages, e.g. "argument 2" (may be NULL) */
} ct_interp_buffer;

typedef enum { CT_INTERP_ARG_BUFFER, CT_INTERP_ARG_SCALAR } ct_interp_arg_kind;

/* One kernel parameter: a pointer to the start of a buffer, or a scalar's raw little-endian bits
 * (f16/bf16 as their 16-bit patterns, i1 as 0/1). */
typedef struct ct_interp_arg {
  ct_interp_arg_kind kind;
  unsigned buffer;      /* CT_INTERP_ARG_BUFFER: index into the buffer array */
  uint64_t scalar_bits; /* CT_INTERP_ARG_SCALAR */
} ct_interp_arg;

typedef struct ct_interp_config {
  unsigned grid[3];
  ct_interp_buffer *buffers;
  unsigned buffer_count;
  const ct_interp_arg *args;
  unsigned arg_count;
  uint64_t max_ops; /* executed-operation budget (0 = the default, 2^31): guards against hangs */
  FILE *print_out;  /* where print_tko writes (NULL = stdout) */
} ct_interp_config;

/* The entry named `name` (any module), or the only entry when name is NULL. Emits an error and
 * returns a null operation when there is none, or several and no name. */
MlirOperation ct_interp_find_entry(ct_ctx *c, MlirModule module, const char *name);
/* The entry's name (borrowed from the attribute). */
MlirStringRef ct_interp_entry_name(MlirOperation entry);
/* The parameter types of an entry; returns the count (at most cap are written). */
int ct_interp_entry_params(MlirOperation entry, ct_type *params, int cap);

/* Runs `entry` (from a module that passed ct_verify_module) over the grid. Returns false after
 * emitting a located error (op, element, address) through c's diagnostics. */
bool ct_interp_run(ct_ctx *c, MlirOperation entry, const ct_interp_config *config);

/* Virtual base address of buffer i (exposed for tests and messages). */
uint64_t ct_interp_buffer_address(unsigned index);

/* Numeric helpers (also used by tilec-run and the unit tests). The value of x rounded to element
 * type e (f16, bf16, f32, f64) with an IEEE rounding mode (ct_rounding: nearest_even, zero,
 * negative_inf, positive_inf; others act as nearest_even); overflow follows IEEE (to infinity
 * or the largest finite value by direction). */
double ct_interp_round_float(long double x, ct_elem e, int rounding);
/* Encode/decode a value of a float element type as its bit pattern (value must be representable). */
uint64_t ct_interp_float_to_bits(double value, ct_elem e);
double ct_interp_bits_to_float(uint64_t bits, ct_elem e);
#endif

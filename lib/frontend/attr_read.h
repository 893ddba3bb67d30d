/* attr_read: typed readers of the cuda_tile dialect's attributes that later stages act on. The
 * cuda_tile dialect is unregistered, so its attributes reach MLIR as opaque attributes whose data
 * is the dialect's own text (`div_by<16>`, `optimization_hints<sm_90 = {...}>`, `rounding<zero>`);
 * the front end, which owns that syntax, reads it here once, and every other layer calls these
 * functions instead of looking at attribute text. Not a pass; no knobs. Owner: frontend. */
#ifndef TILEC_FRONTEND_ATTR_READ_H
#define TILEC_FRONTEND_ATTR_READ_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An `assume` predicate that is the plain `div_by<N>` (not the `div_by<N, every M along D>` form,
 * which says nothing about element 0): *divisor = N. False for anything else. */
bool ct_attr_div_by(MlirAttribute predicate, int64_t *divisor);

/* The integer `key` of an `optimization_hints` attribute for architecture `arch` ("sm_90",
 * "sm_100"), falling back to its `default` entry: true and *out when present. */
bool ct_attr_hint_int(MlirAttribute hints, const char *arch, const char *key, int64_t *out);

/* Warps per CTA when an entry does not say (NVIDIA's default: 128 threads). */
#define CT_DEFAULT_WARPS 4
/* `num_worker_warps_per_cta` of entry's optimization_hints for `arch` ("sm_90", "sm_100"), or
 * CT_DEFAULT_WARPS when absent, as written (the _raw form), or rounded down to a power of two when
 * it is 1..32 (tilec's layouts need one; the code generator remarks on the rounding). Values
 * outside 1..32 are passed on: the caller refuses them. */
int64_t ct_entry_hinted_warps_raw(MlirOperation entry, const char *arch);
int64_t ct_entry_hinted_warps(MlirOperation entry, const char *arch);

/* The keyword of an enum-like attribute: `rounding<zero>` -> "zero", `nearest_even` -> itself.
 * False when the attribute is not opaque. */
bool ct_attr_keyword(MlirAttribute a, char *buf, size_t cap);
#endif

/* verify: internal interface of the cuda_tile verifier (lib/frontend/verify*.c).
 *
 * ct_verify_module (frontend.h) walks every op; for each `cuda_tile.<name>` op it builds a ct_vop
 * and calls the op's hook `verify_<name>(ct_vop *)`. Hooks check operand/result counts and type
 * classes (v_operand / v_result), attributes (v_enum_attr ...) and the op's semantic rules, and
 * report through v_error, which prefixes "'cuda_tile.<name>' op " and uses the op's location.
 * Every helper tolerates malformed IR: a missing operand or a non-cuda_tile type is reported,
 * never dereferenced. Messages follow NVIDIA's wording where NVIDIA has one, so the upstream
 * conformance tests' `expected-error` substrings match.
 * Owner: verifier. */
#ifndef TILEC_FRONTEND_VERIFY_H
#define TILEC_FRONTEND_VERIFY_H
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "frontend/types.h"
#include "support/context.h"
#include "support/strbuf.h"

typedef struct ct_vop {
  ct_ctx *c;
  MlirOperation op;
  const char *name; /* op name without the "cuda_tile." prefix */
  int nops, nres;
  int nerrors;      /* errors reported for this op */
} ct_vop;

typedef bool (*ct_verify_hook)(ct_vop *v);

/* Report "'cuda_tile.<name>' op <msg>" at the op's location. Always returns false. */
bool v_error(ct_vop *v, const char *fmt, ...) CT_PRINTF(2, 3);
/* Same without the "'cuda_tile.x' op " prefix (NVIDIA's emitError). */
bool v_error_plain(ct_vop *v, const char *fmt, ...) CT_PRINTF(2, 3);

/* Type classes of operands and results (each has NVIDIA's description for messages). */
typedef enum ct_tclass {
  TC_ANY,            /* anything (no check) */
  TC_TILE,           /* any tile */
  TC_TILE_NUMBER,    /* tile of a number type (no pointers) */
  TC_TILE_INT,       /* tile of i1..i64 */
  TC_TILE_INT_I4,    /* tile of i4..i64 (exti/trunci) */
  TC_TILE_BASEFLOAT, /* tile of f16 bf16 f32 f64 */
  TC_TILE_FLOAT,     /* tile of any float type */
  TC_TILE_I1,
  TC_TILE_I64,
  TC_TILE_PTR,
  TC_SCALAR_INT,     /* 0-d tile of i1..i64 */
  TC_SCALAR_I1,
  TC_SCALAR_I32,
  TC_SCALAR_PTR,
  TC_TOKEN,
  TC_TENSOR_VIEW,
  TC_TILE_VIEW,      /* partition / strided / gather_scatter view */
} ct_tclass;

const char *v_tclass_desc(ct_tclass tc);
bool v_tclass_match(ct_tclass tc, const ct_type *t);

/* Type of a value, decoded. Returns false when it is not a cuda_tile type. */
bool v_value_type(MlirValue val, ct_type *out);
/* Print a type as NVIDIA does: '!cuda_tile.tile<8xf32>' (no quotes added). */
void v_print_mlir_type(MlirType t, ct_strbuf *sb);
void v_print_ct_type(const ct_type *t, ct_strbuf *sb);
/* A short-lived printed type for messages (ring of buffers owned by the verifier). */
const char *v_type_str(MlirType t);
const char *v_ct_type_str(const ct_type *t);
const char *v_shape_str(const int64_t *shape, int rank, const char *sep); /* "4, 16" */

/* Count checks: emit "expected N operands, but found M" etc. */
bool v_num_operands(ct_vop *v, int n);
bool v_num_operands_range(ct_vop *v, int lo, int hi); /* hi < 0: unbounded */
bool v_num_results(ct_vop *v, int n);
bool v_num_regions(ct_vop *v, int n);

/* Check operand/result i against a class; *out (may be NULL) gets the decoded type.
 * `variadic` prefixes the description with "variadic of ". Returns false (after an error)
 * when the index is out of range or the type does not match. */
bool v_operand(ct_vop *v, int i, ct_tclass tc, ct_type *out);
bool v_operand_variadic(ct_vop *v, int i, ct_tclass tc, ct_type *out);
bool v_result(ct_vop *v, int i, ct_tclass tc, ct_type *out);
bool v_result_variadic(ct_vop *v, int i, ct_tclass tc, ct_type *out);
MlirType v_operand_mlir_type(ct_vop *v, int i); /* null type when out of range */
MlirType v_result_mlir_type(ct_vop *v, int i);

/* operandSegmentSizes: checks presence, segment count, sum == number of operands, and that
 * segments flagged optional (opt[i]) are 0 or 1 and others flagged single are exactly 1.
 * kinds: 's' single, 'o' optional, 'v' variadic. starts[i]/sizes[i] receive the segments. */
bool v_segments(ct_vop *v, const char *kinds, int *starts, int *sizes);

/* Attributes. */
MlirAttribute v_attr(ct_vop *v, const char *name); /* null when absent */
bool v_has_unit(ct_vop *v, const char *name);
/* The optional `inbounds` dense bool array of view loads/stores (13.4): one entry per index. */
bool v_check_inbounds(ct_vop *v, int nindex);
/* An enum stored as OpaqueAttr `#cuda_tile.<mnemonic><kw>`: returns the index of kw in names,
 * dflt when absent, or -1 after reporting a malformed value. */
int v_enum_attr(ct_vop *v, const char *attr, const char *mnemonic, const char *const *names, int n,
                int dflt);
/* An i32 IntegerAttr enum (memory ordering/scope): value, dflt when absent, -1 after an error. */
int v_int_enum_attr(ct_vop *v, const char *attr, int max, int dflt, bool required);
bool v_int_attr(ct_vop *v, const char *attr, int64_t *out); /* false when absent or not an int */

/* Element-type helpers for messages: "f32", "ptr<f32>". */
const char *v_elem_str(const ct_type *t);
/* Type equality of two MLIR types (semantic for cuda_tile types, whatever their spelling). */
bool v_types_equal(MlirType a, MlirType b);
/* Same element type (including the pointee of pointers). */
bool v_same_elem(const ct_type *a, const ct_type *b);
bool v_same_shape(const ct_type *a, const ct_type *b);
/* Convert an MLIR builtin scalar type to a ct_elem (CT_ELEM_NONE when not one). */
ct_elem v_elem_from_mlir(MlirType t);

/* Type-level rules (tile dims power of two, <= 2^24 elements, view invariants). Writes NVIDIA's
 * message for the first violation to err and returns false. */
bool v_check_type_rules(const ct_type *t, ct_strbuf *err);

/* Region helpers. */
MlirBlock v_region_block(MlirOperation op, int region); /* first block or null */
MlirOperation v_block_last_op(MlirBlock b);             /* last op or null */
int v_region_num_blocks(MlirOperation op, int region);
bool v_op_is(MlirOperation op, const char *short_name); /* name == "cuda_tile.<short_name>" */

/* Hook lookup (verify.c's table). NULL when the op is unknown. */
ct_verify_hook ct_verify_find_hook(const char *short_name);

/* The hooks, one per op: the verify_hook column of dialect/cuda_tile_ops.def names them
 * (verify_control.c, verify_memory.c, verify_arith.c, verify_shape.c). */
#define CT_OP(id, name, operands, results, attrs, traits, nregions, format, hook) bool hook(ct_vop *v);
#include "dialect/cuda_tile_ops.def"
#undef CT_OP

/* TileAA / TileAS ops (verify_stage.c, table dialect/stage_ops.def). */
bool ct_verify_stage_is_stage_op(MlirOperation op);        /* tileaa.* or tileas.* */
bool ct_verify_stage_op(ct_ctx *c, MlirOperation op);      /* one such op; false after errors */
bool ct_verify_stage_attrs_on_cuda_tile(ct_ctx *c, MlirOperation op); /* tileas.* attrs on cuda_tile ops */
/* A cuda_tile.continue inside a tileaa.for (*handled set): checked against the loop's results. */
bool ct_verify_stage_continue(ct_ctx *c, MlirOperation op, bool *handled);
#endif

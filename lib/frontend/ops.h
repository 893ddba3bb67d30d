/* ops: the cuda_tile op table in C — op ids generated from dialect/cuda_tile_ops.def, per-op
 * descriptions (operand/result groups, attributes with defaults, traits, assembly format) and
 * attribute accessors that return NVIDIA's defaults when an attribute is absent (docs/ir.md).
 * Owner: frontend. */
#ifndef TILEC_FRONTEND_OPS_H
#define TILEC_FRONTEND_OPS_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

/* Traits. */
#define CT_T_PURE 0x1u
#define CT_T_TERMINATOR 0x2u
#define CT_T_NO_TERMINATOR 0x4u /* single-block region without terminator (module) */
#define CT_T_ISOLATED 0x8u      /* regions isolated from above (module, entry) */
#define CT_T_SYMBOL 0x10u       /* defines sym_name */
#define CT_T_LOOP 0x20u         /* for / loop: body ends in continue */
#define CT_T_ELEMENTWISE 0x40u  /* applies one scalar operation to every element of same-shaped tiles */

typedef enum ct_op_id {
  CT_OP_UNKNOWN = 0, /* not a cuda_tile op, or an unknown cuda_tile op */
#define CT_OP(id, ...) CT_OP_##id,
#include "dialect/cuda_tile_ops.def"
#undef CT_OP
  CT_OP__COUNT
} ct_op_id;

typedef enum ct_group_kind { CT_GROUP_SINGLE, CT_GROUP_OPTIONAL, CT_GROUP_VARIADIC } ct_group_kind;

typedef struct ct_group_info {
  const char *name;
  ct_group_kind kind;
} ct_group_info;

typedef enum ct_attr_kind {
  CT_AK_ROUNDING,   /* #cuda_tile.rounding<..> */
  CT_AK_OVERFLOW,   /* #cuda_tile.overflow<..> */
  CT_AK_SIGNEDNESS, /* #cuda_tile.signedness<..> */
  CT_AK_PREDICATE,  /* #cuda_tile.comparison_predicate<..> */
  CT_AK_ORDERING,   /* #cuda_tile.comparison_ordering<..> */
  CT_AK_MEMORD,     /* i32: weak relaxed acquire release acq_rel */
  CT_AK_SCOPE,      /* i32: tl_blk device sys */
  CT_AK_MODE,       /* i32: and or xor add addf max min umax umin xchg */
  CT_AK_UNIT, CT_AK_I32, CT_AK_I64, CT_AK_BOOL, CT_AK_STR, CT_AK_DENSE, CT_AK_I32ARR, CT_AK_ARRAY,
  CT_AK_BOOLARR,    /* DenseBoolArray, written `name = [true, false]` (inbounds, 13.4) */
  CT_AK_MMRED,      /* #cuda_tile.multimem_reduction_kind<..>: add min max and or xor umin umax (13.5) */
  CT_AK_SYM, CT_AK_TYPE,
  CT_AK_HINTS,      /* #cuda_tile.optimization_hints<...> (opaque) */
  CT_AK_ASSUMEPRED, /* #cuda_tile.div_by<..> / same_elements<..> / bounded<..> (opaque) */
  CT_AK_ANY,
} ct_attr_kind;

typedef struct ct_attr_info {
  const char *name;
  ct_attr_kind kind;
  const char *dflt; /* keyword of the default (enums), or NULL */
  bool always;      /* always present (the parser fills in dflt) */
} ct_attr_info;

#define CT_MAX_GROUPS 8
#define CT_MAX_ATTRS 8

typedef struct ct_op_info {
  ct_op_id id;
  const char *name;      /* "addf" (without the cuda_tile. prefix) */
  const char *full_name; /* "cuda_tile.addf" */
  int noperands, nresults, nattrs;
  ct_group_info operands[CT_MAX_GROUPS];
  ct_group_info results[CT_MAX_GROUPS];
  ct_attr_info attrs[CT_MAX_ATTRS];
  unsigned traits;
  int nregions;
  bool has_segments; /* operandSegmentSizes needed (an optional or variadic operand group) */
  const char *format;
  const char *verify_hook; /* name of the verifier function */
} ct_op_info;

/* The table (never NULL for ids in range; the table is built on first use, not thread-safe). */
const ct_op_info *ct_op_info_get(ct_op_id id);
/* Look up by short name ("addf") or full name ("cuda_tile.addf"); NULL when unknown. */
const ct_op_info *ct_op_info_by_name(const char *name, size_t len);
/* Is `name` (short or full) an op dialect/cuda_tile_ops.def marks CT_T_ELEMENTWISE? */
bool ct_op_name_is_elementwise(const char *name);
/* An op's name without the `cuda_tile.` prefix ("cuda_tile.addf" -> "addf"; other dialects' names
 * in full), truncated to cap - 1 bytes. Returns buf. */
const char *ct_op_short_name(MlirOperation op, char *buf, size_t cap);
/* Is op's full name exactly full_name ("cuda_tile.mmaf", "tileas.store")? */
bool ct_op_is(MlirOperation op, const char *full_name);
/* Is op a loop: cuda_tile.for, cuda_tile.loop or tileaa.for (TileAA's explicit loop)? */
bool ct_op_is_loop(MlirOperation op);
ct_op_id ct_op_id_of(MlirOperation op);
const ct_attr_info *ct_op_attr_info(const ct_op_info *info, const char *attr_name);

/* Enum keyword tables (index = generic encoding value). */
extern const char *const ct_rounding_names[8];   /* nearest_even zero negative_inf positive_inf approx full nearest_int_to_zero nearest_away */
extern const char *const ct_overflow_names[4];   /* none no_signed_wrap no_unsigned_wrap no_wrap */
extern const char *const ct_signedness_names[2]; /* unsigned signed */
extern const char *const ct_predicate_names[6];  /* equal not_equal less_than less_than_or_equal greater_than greater_than_or_equal */
extern const char *const ct_ordering_names[2];   /* unordered ordered */
extern const char *const ct_memord_names[5];     /* weak relaxed acquire release acq_rel */
extern const char *const ct_scope_names[3];      /* tl_blk device sys */
extern const char *const ct_mmred_names[8];      /* add min max and or xor umin umax */
extern const char *const ct_mode_names[10];      /* and or xor add addf max min umax umin xchg */
/* Names table and count of an enum attr kind (NULL for non-enum kinds). */
const char *const *ct_attr_kind_names(ct_attr_kind k, int *count);
/* The OpaqueAttr mnemonic of an enum kind ("rounding"), NULL for i32-encoded or non-enum kinds. */
const char *ct_attr_kind_mnemonic(ct_attr_kind k);

typedef enum { CT_RND_NEAREST_EVEN, CT_RND_ZERO, CT_RND_NEG_INF, CT_RND_POS_INF, CT_RND_APPROX, CT_RND_FULL,
               CT_RND_NEAREST_INT_TO_ZERO, CT_RND_NEAREST_AWAY /* 13.4 */ } ct_rounding;
typedef enum { CT_OVF_NONE, CT_OVF_NSW, CT_OVF_NUW, CT_OVF_NW } ct_overflow;
typedef enum { CT_PRED_EQ, CT_PRED_NE, CT_PRED_LT, CT_PRED_LE, CT_PRED_GT, CT_PRED_GE } ct_predicate;
typedef enum { CT_MO_WEAK, CT_MO_RELAXED, CT_MO_ACQUIRE, CT_MO_RELEASE, CT_MO_ACQ_REL } ct_memord;
typedef enum { CT_SCOPE_NONE = -1, CT_SCOPE_TL_BLK = 0, CT_SCOPE_DEVICE = 1, CT_SCOPE_SYS = 2 } ct_scope;
typedef enum { CT_MODE_AND, CT_MODE_OR, CT_MODE_XOR, CT_MODE_ADD, CT_MODE_ADDF, CT_MODE_MAX, CT_MODE_MIN,
               CT_MODE_UMAX, CT_MODE_UMIN, CT_MODE_XCHG } ct_atomic_mode;

/* Attribute accessors (defaults when absent; -1 when present but malformed). */
int ct_enum_attr(MlirOperation op, const char *name, ct_attr_kind kind, int dflt); /* any enum kind */
ct_rounding ct_attr_rounding(MlirOperation op); /* rounding_mode; the op's table default when absent */
ct_overflow ct_attr_overflow(MlirOperation op); /* none */
bool ct_attr_signed(MlirOperation op, const char *name); /* "signedness" etc.; true = signed (default) */
ct_predicate ct_attr_predicate(MlirOperation op);
bool ct_attr_ordered(MlirOperation op); /* comparison_ordering; default ordered */
ct_memord ct_attr_memord(MlirOperation op); /* weak */
ct_scope ct_attr_scope(MlirOperation op);   /* CT_SCOPE_NONE when absent */
ct_atomic_mode ct_attr_mode(MlirOperation op);
bool ct_attr_unit(MlirOperation op, const char *name); /* flush_to_zero, propagate_nan, unsignedCmp, ... */
int64_t ct_attr_int(MlirOperation op, const char *name, int64_t dflt); /* dim, alignment, num_elem */
bool ct_attr_bool(MlirOperation op, const char *name, bool dflt);       /* reverse */
/* permutation: writes up to cap values, returns the count (-1 when absent). */
int ct_attr_i32_array(MlirOperation op, const char *name, int32_t *out, int cap);
/* operandSegmentSizes: writes up to cap sizes, returns the count (-1 when absent). */
int ct_attr_segments(MlirOperation op, int32_t *out, int cap);
/* Operand range of group g of op (uses operandSegmentSizes when the op has one). */
bool ct_op_group_range(MlirOperation op, int g, int *start, int *size);
#endif

/* bytecode_internal: what bytecode_reader.c and bytecode_writer.c share — section ids, type,
 * attribute and debug tags, and the per-op encoding table (bytecode_opcodes.c) that says, for every
 * cuda_tile op, its opcode, the version that introduced it and the order in which its result
 * types, flags word, attributes, operands and regions are encoded (NVIDIA's generated op writers,
 * with the "since 13.x" gating of newer fields). Versions 13.1 to 13.5.
 * Owner: bytecode. */
#ifndef TILEC_FRONTEND_BYTECODE_INTERNAL_H
#define TILEC_FRONTEND_BYTECODE_INTERNAL_H
#include <stdbool.h>
#include <stdint.h>

#include "frontend/bytecode.h"
#include "frontend/ops.h"

enum {
  BC_SEC_END = 0, BC_SEC_STRING = 1, BC_SEC_FUNC = 2, BC_SEC_DEBUG = 3, BC_SEC_CONSTANT = 4,
  BC_SEC_TYPE = 5, BC_SEC_GLOBAL = 6, BC_SEC_PRODUCER = 7, BC_SEC_COUNT = 8,
};
#define BC_PAD_BYTE 0xCB

enum {
  BC_TY_I1 = 0, BC_TY_I8 = 1, BC_TY_I16 = 2, BC_TY_I32 = 3, BC_TY_I64 = 4, BC_TY_F16 = 5,
  BC_TY_BF16 = 6, BC_TY_F32 = 7, BC_TY_TF32 = 8, BC_TY_F64 = 9, BC_TY_F8E4M3FN = 10,
  BC_TY_F8E5M2 = 11, BC_TY_PTR = 12, BC_TY_TILE = 13, BC_TY_TENSOR_VIEW = 14,
  BC_TY_PARTITION_VIEW = 15, BC_TY_FUNC = 16, BC_TY_TOKEN = 17, BC_TY_F8E8M0FNU = 18,
  BC_TY_F4E2M1FN = 19, BC_TY_GATHER_SCATTER_VIEW = 20, BC_TY_STRIDED_VIEW = 21, BC_TY_I4 = 22,
  BC_TY_F8E5M3FNU = 130, /* 13.4, printed fnv8E5M3FNU */
};

enum {
  BC_AT_INTEGER = 1, BC_AT_FLOAT = 2, BC_AT_BOOL = 3, BC_AT_TYPE = 4, BC_AT_STRING = 5,
  BC_AT_ARRAY = 6, BC_AT_DENSE = 7, BC_AT_DIV_BY = 8, BC_AT_SAME_ELEMENTS = 9, BC_AT_DICT = 10,
  BC_AT_HINTS = 11, BC_AT_BOUNDED = 12,
};

enum { BC_FN_PRIVATE = 0x01, BC_FN_KERNEL = 0x02, BC_FN_HINTS = 0x04 };

/* Debug tags. */
enum { BC_DI_UNKNOWN = 0, BC_DI_COMPILE_UNIT = 1, BC_DI_FILE = 2, BC_DI_LEXICAL_BLOCK = 3,
       BC_DI_LOC = 4, BC_DI_SUBPROGRAM = 5, BC_DI_CALL_SITE = 6 };

/* Attribute encodings inside an op. */
typedef enum bc_attr_kind {
  BC_A_ENUM,   /* varint; the IR kind (rounding, i32 memord, ...) comes from the op table */
  BC_A_INT,    /* varint (dim, num_elem, alignment) */
  BC_A_BOOL,   /* byte */
  BC_A_STR,    /* string index */
  BC_A_SYM,    /* FlatSymbolRefAttr as a string index */
  BC_A_DENSE,  /* constant index; the type is the op's result type */
  BC_A_I32ARR, /* varint count + LE i32 each */
  BC_A_BOOLARR, /* varint count + one byte each (inbounds, 13.4); absent = all false, one per index */
  BC_A_ARRAY,  /* varint count + self-contained attributes */
  BC_A_HINTS,  /* optimization hints dictionary (untagged) */
  BC_A_ASSUME, /* self-contained assume predicate (div_by / same_elements / bounded) */
} bc_attr_kind;

typedef enum { BC_RES_NONE, BC_RES_FIXED, BC_RES_SIZED } bc_res_mode;
typedef enum { BC_OPN_NONE, BC_OPN_EACH, BC_OPN_COUNTED, BC_OPN_GROUPS } bc_operand_mode;

#define BC_MAX_FLAGS 6
#define BC_MAX_ATTRS 4

typedef struct bc_flag_item {
  const char *name;   /* attribute name or operand group name */
  int since;          /* version (0x0D01 style) */
  bool is_operand;    /* an optional operand group */
  int group;          /* operand group index when is_operand */
} bc_flag_item;

typedef struct bc_attr_item {
  const char *name;
  bc_attr_kind kind;
  int since;
  bool optional; /* written only when present (its presence is a flag bit) */
} bc_attr_item;

typedef struct bc_op_spec {
  ct_op_id id;
  unsigned opcode;
  int since;
  bc_res_mode results;
  int results_since; /* print_tko: its token result exists from 13.2 */
  int nflags;
  bc_flag_item flags[BC_MAX_FLAGS];
  int nattrs;
  bc_attr_item attrs[BC_MAX_ATTRS];
  bc_operand_mode operands;
  bool regions;
} bc_op_spec;

#define BC_OPCODE_TESTING_FUNC 0x3001u
#define BC_OPCODE_ENTRY 0x16u
#define BC_OPCODE_GLOBAL 0x31u
#define BC_OPCODE_MODULE 0x4Bu

/* The spec of an op (NULL for module/entry/testing$func/global and unknown ops). */
const bc_op_spec *bc_spec_for_op(ct_op_id id);
/* The spec for an opcode read from a file (NULL when unknown). */
const bc_op_spec *bc_spec_for_opcode(uint64_t opcode);
/* The name of an opcode NVIDIA defines (13.5) that tilec's dialect does not have (NULL otherwise). */
const char *bc_unsupported_opcode_name(uint64_t opcode);
/* The version a scalar type tag needs (0 when the tag is not a scalar or is not encodable). */
int bc_scalar_tag_since(unsigned tag);
/* Encoding helpers. */
void bc_put_varint(ct_strbuf *b, uint64_t v);
void bc_put_svarint(ct_strbuf *b, int64_t v);
void bc_put_byte(ct_strbuf *b, uint8_t v);
void bc_put_le(ct_strbuf *b, uint64_t v, int nbytes);
/* Half/bfloat conversions for self-contained float attributes. */
uint16_t bc_double_to_half(double d);
uint16_t bc_double_to_bfloat(double d);
double bc_half_to_double(uint16_t h);
double bc_bfloat_to_double(uint16_t h);
#endif

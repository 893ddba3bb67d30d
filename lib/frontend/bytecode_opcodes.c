/* bytecode_opcodes: the per-op encoding table of CUDA Tile IR bytecode, keyed by ct_op_id (the op
 * table in dialect/cuda_tile_ops.def carries neither opcodes nor "since" versions, so they live
 * here), plus the small encoding helpers (varints, half floats) both directions use.
 *
 * Each row: op, opcode (NVIDIA's frozen BytecodeOpcodes.td numbering; 13.2/13.3 additions after
 * 0x6D), the version that introduced the op, and a spec string in the order NVIDIA's generated
 * writer emits the op's fields:
 *   r     result types, one type index each (no count)
 *   rs    result count + type indices (ops with any variadic operand or result)
 *   rs2   like rs, but the results exist only from 13.2 (print_tko's token)
 *   f(..) the flags word: bit i = presence of the i-th optional attribute / optional operand
 *         (`name@2` / `name@3`: the field exists from 13.2 / 13.3; the word is written only when
 *         one of its fields exists in the target version)
 *   a(name:kind[@v][?])  an attribute (`?` = optional: written only when its flag bit is set)
 *   o     operands, one value index each; on: count + indices; og: per ODS group (single: index,
 *         variadic: count + indices, optional: index when its flag bit is set)
 *   g     regions: count, then each region (blocks: args with types, op count, ops)
 * 13.4/13.5 fields follow NVIDIA's generated encoders in cuTile Python 1.7 (`_bytecode/encodings.py`).
 * Limits: cuTile's preview call (0x4002) is not in the dialect (read as a named, unsupported opcode).
 * Owner: bytecode. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode_internal.h"

typedef struct bc_row {
  ct_op_id id;
  unsigned opcode;
  int since;
  const char *spec;
} bc_row;

#define V1 CT_BYTECODE_13_1
#define V2 CT_BYTECODE_13_2
#define V3 CT_BYTECODE_13_3
#define V4 CT_BYTECODE_13_4
#define V5 CT_BYTECODE_13_5

static const bc_row rows[] = {
    {CT_OP_absf, 0x00, V1, "r o"},
    {CT_OP_absi, 0x01, V1, "r o"},
    {CT_OP_addf, 0x02, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_addi, 0x03, V1, "r a(overflow:enum) o"},
    {CT_OP_andi, 0x04, V1, "r o"},
    {CT_OP_assert, 0x05, V1, "a(message:str) o"},
    {CT_OP_assume, 0x06, V1, "r a(predicate:assume) o"},
    {CT_OP_atomic_cas_tko, 0x07, V1,
     "r f(mask,token) a(memory_ordering_semantics:enum) a(memory_scope:enum) og"},
    {CT_OP_atomic_rmw_tko, 0x08, V1,
     "r f(mask,token) a(memory_ordering_semantics:enum) a(memory_scope:enum) a(mode:enum) og"},
    {CT_OP_bitcast, 0x09, V1, "r o"},
    {CT_OP_break, 0x0A, V1, "rs on"},
    {CT_OP_broadcast, 0x0B, V1, "r o"},
    {CT_OP_cat, 0x0C, V1, "r a(dim:int) o"},
    {CT_OP_ceil, 0x0D, V1, "r o"},
    {CT_OP_cmpf, 0x0E, V1, "r a(comparison_predicate:enum) a(comparison_ordering:enum) o"},
    {CT_OP_cmpi, 0x0F, V1, "r a(comparison_predicate:enum) a(signedness:enum) o"},
    {CT_OP_constant, 0x10, V1, "r a(value:dense)"},
    {CT_OP_continue, 0x11, V1, "rs on"},
    {CT_OP_cos, 0x12, V1, "r o"},
    {CT_OP_cosh, 0x13, V1, "r o"},
    {CT_OP_divf, 0x14, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_divi, 0x15, V1, "r a(signedness:enum) a(rounding_mode:enum) o"},
    {CT_OP_exp, 0x17, V1, "r a(rounding_mode:enum@3) o"},
    {CT_OP_exp2, 0x18, V1, "r f(flush_to_zero) o"},
    {CT_OP_exti, 0x25, V1, "r a(signedness:enum) o"},
    {CT_OP_extract, 0x26, V1, "rs on"},
    {CT_OP_floor, 0x27, V1, "r o"},
    {CT_OP_fma, 0x28, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_for, 0x29, V1, "rs f(unsignedCmp@2) on g"},
    {CT_OP_ftof, 0x2A, V1, "r a(rounding_mode:enum) o"},
    {CT_OP_ftoi, 0x2B, V1, "r f(saturating@4) a(signedness:enum) a(rounding_mode:enum) o"},
    {CT_OP_get_global, 0x2C, V1, "r a(name:sym)"},
    {CT_OP_get_index_space_shape, 0x2D, V1, "rs o"},
    {CT_OP_get_num_tile_blocks, 0x2E, V1, "r"},
    {CT_OP_get_tensor_shape, 0x2F, V1, "rs o"},
    {CT_OP_get_tile_block_id, 0x30, V1, "r"},
    {CT_OP_if, 0x32, V1, "rs o g"},
    {CT_OP_int_to_ptr, 0x33, V1, "r o"},
    {CT_OP_iota, 0x3A, V1, "r"},
    {CT_OP_itof, 0x3B, V1, "r a(signedness:enum) a(rounding_mode:enum) o"},
    {CT_OP_join_tokens, 0x3C, V1, "rs on"},
    {CT_OP_load_ptr_tko, 0x3D, V1,
     "r f(memory_scope,optimization_hints,mask,paddingValue,token) a(memory_ordering_semantics:enum) "
     "a(memory_scope:enum?) a(optimization_hints:hints?) og"},
    {CT_OP_load_view_tko, 0x3E, V1,
     "rs f(memory_scope,optimization_hints,token) a(memory_ordering_semantics:enum) "
     "a(memory_scope:enum?) a(optimization_hints:hints?) a(inbounds:boolarr@4) og"},
    {CT_OP_log, 0x3F, V1, "r o"},
    {CT_OP_log2, 0x40, V1, "r o"},
    {CT_OP_loop, 0x41, V1, "rs on g"},
    {CT_OP_make_partition_view, 0x42, V1, "r o"},
    {CT_OP_make_tensor_view, 0x43, V1, "rs og"},
    {CT_OP_make_token, 0x44, V1, "r"},
    {CT_OP_maxf, 0x45, V1, "r f(propagate_nan,flush_to_zero) o"},
    {CT_OP_maxi, 0x46, V1, "r a(signedness:enum) o"},
    {CT_OP_minf, 0x47, V1, "r f(propagate_nan,flush_to_zero) o"},
    {CT_OP_mini, 0x48, V1, "r a(signedness:enum) o"},
    {CT_OP_mmaf, 0x49, V1, "r f(fast_acc@3) o"},
    {CT_OP_mmai, 0x4A, V1, "r a(signedness_lhs:enum) a(signedness_rhs:enum) o"},
    {CT_OP_mulf, 0x4C, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_mulhii, 0x4D, V1, "r o"},
    {CT_OP_muli, 0x4E, V1, "r a(overflow:enum) o"},
    {CT_OP_negf, 0x4F, V1, "r o"},
    {CT_OP_negi, 0x50, V1, "r a(overflow:enum@2) o"},
    {CT_OP_offset, 0x51, V1, "r o"},
    {CT_OP_ori, 0x52, V1, "r o"},
    {CT_OP_permute, 0x53, V1, "r a(permutation:i32arr) o"},
    {CT_OP_pow, 0x54, V1, "r o"},
    {CT_OP_print_tko, 0x55, V1, "rs2 f(token@2) a(str:str) og"},
    {CT_OP_ptr_to_int, 0x56, V1, "r o"},
    {CT_OP_ptr_to_ptr, 0x57, V1, "r o"},
    {CT_OP_reduce, 0x58, V1, "rs a(dim:int) a(identities:array) on g"},
    {CT_OP_remf, 0x59, V1, "r o"},
    {CT_OP_remi, 0x5A, V1, "r a(signedness:enum) o"},
    {CT_OP_reshape, 0x5B, V1, "r o"},
    {CT_OP_return, 0x5C, V1, "rs on"},
    {CT_OP_rsqrt, 0x5D, V1, "r f(flush_to_zero) o"},
    {CT_OP_scan, 0x5E, V1, "rs a(dim:int) a(reverse:bool) a(identities:array) on g"},
    {CT_OP_select, 0x5F, V1, "r o"},
    {CT_OP_shli, 0x60, V1, "r a(overflow:enum) o"},
    {CT_OP_shri, 0x61, V1, "r a(signedness:enum) o"},
    {CT_OP_sin, 0x62, V1, "r o"},
    {CT_OP_sinh, 0x63, V1, "r o"},
    {CT_OP_sqrt, 0x64, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_store_ptr_tko, 0x65, V1,
     "r f(memory_scope,optimization_hints,mask,token) a(memory_ordering_semantics:enum) "
     "a(memory_scope:enum?) a(optimization_hints:hints?) og"},
    {CT_OP_store_view_tko, 0x66, V1,
     "rs f(memory_scope,optimization_hints,token) a(memory_ordering_semantics:enum) "
     "a(memory_scope:enum?) a(optimization_hints:hints?) a(inbounds:boolarr@4) og"},
    {CT_OP_subf, 0x67, V1, "r f(flush_to_zero) a(rounding_mode:enum) o"},
    {CT_OP_subi, 0x68, V1, "r a(overflow:enum) o"},
    {CT_OP_tan, 0x69, V1, "r o"},
    {CT_OP_tanh, 0x6A, V1, "r a(rounding_mode:enum@2) o"},
    {CT_OP_trunci, 0x6B, V1, "r a(overflow:enum) o"},
    {CT_OP_xori, 0x6C, V1, "r o"},
    {CT_OP_yield, 0x6D, V1, "rs on"},
    {CT_OP_atan2, 0x6E, V2, "r o"},
    {CT_OP_pack, 0x6F, V3, "r o"},
    {CT_OP_unpack, 0x70, V3, "r o"},
    {CT_OP_alloca, 0x71, V3, "r f(global) a(num_elem:int) a(alignment:int)"},
    {CT_OP_mmaf_scaled, 0x72, V3, "r o"},
    {CT_OP_make_gather_scatter_view, 0x73, V3, "r o"},
    {CT_OP_make_strided_view, 0x74, V3, "r o"},
    {CT_OP_atomic_red_view_tko, 0x75, V3,
     "rs f(token) a(memory_ordering_semantics:enum) a(memory_scope:enum) a(mode:enum) a(inbounds:boolarr@5) og"},
    {CT_OP_insert, 0x76, V4, "rs on"},
    {CT_OP_gdc_launch_dependents_tko, 0x77, V4, "r on"},
    {CT_OP_gdc_wait_tko, 0x78, V4, "r on"},
    {CT_OP_fpowi, 0x79, V4, "r o"},
    {CT_OP_memory_fence_alias_tko, 0x7A, V4, "r o"},
    {CT_OP_multimem_load_reduce_view_tko, 0x7B, V5,
     "rs f(memory_scope,token) a(memory_ordering_semantics:enum) a(memory_scope:enum?) a(reduction:enum) "
     "a(inbounds:boolarr) og"},
    {CT_OP_multimem_reduce_view_tko, 0x7C, V5,
     "rs f(token) a(memory_ordering_semantics:enum) a(memory_scope:enum) a(reduction:enum) a(inbounds:boolarr) og"},
    {CT_OP_multimem_store_view_tko, 0x7D, V5,
     "rs f(memory_scope,token) a(memory_ordering_semantics:enum) a(memory_scope:enum?) a(inbounds:boolarr) og"},
};
#define NROWS (sizeof rows / sizeof rows[0])

static bc_op_spec specs[NROWS];
static const bc_op_spec *by_id[CT_OP__COUNT];
static bool built;

/* Names inside specs point into this arena (filled once, never freed: static tables). */
static char name_arena[4096];
static size_t arena_used;

static const char *arena_copy(const char *s, size_t n) {
  if (arena_used + n + 1 > sizeof name_arena) abort(); /* table too large: a programming error */
  char *d = name_arena + arena_used;
  memcpy(d, s, n);
  d[n] = 0;
  arena_used += n + 1;
  return d;
}

static int parse_since(const char **p) {
  if (**p != '@') return V1;
  (*p)++;
  int minor = **p - '0';
  (*p)++;
  return 0x0D00 | minor;
}

static bc_attr_kind kind_from(const char *s, size_t n) {
  static const struct { const char *k; bc_attr_kind v; } kinds[] = {
      {"enum", BC_A_ENUM}, {"int", BC_A_INT}, {"bool", BC_A_BOOL}, {"str", BC_A_STR},
      {"sym", BC_A_SYM}, {"dense", BC_A_DENSE}, {"i32arr", BC_A_I32ARR}, {"boolarr", BC_A_BOOLARR}, {"array", BC_A_ARRAY},
      {"hints", BC_A_HINTS}, {"assume", BC_A_ASSUME}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strlen(kinds[i].k) == n && memcmp(kinds[i].k, s, n) == 0) return kinds[i].v;
  abort(); /* unknown kind in the static table */
}

static void parse_spec(const bc_row *row, bc_op_spec *out) {
  const ct_op_info *info = ct_op_info_get(row->id);
  memset(out, 0, sizeof *out);
  out->id = row->id;
  out->opcode = row->opcode;
  out->since = row->since;
  out->results_since = V1;
  const char *p = row->spec;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    if (strncmp(p, "rs2", 3) == 0) {
      out->results = BC_RES_SIZED;
      out->results_since = V2;
      p += 3;
    } else if (strncmp(p, "rs", 2) == 0) {
      out->results = BC_RES_SIZED;
      p += 2;
    } else if (p[0] == 'r' && (p[1] == ' ' || p[1] == 0)) {
      out->results = BC_RES_FIXED;
      p += 1;
    } else if (strncmp(p, "f(", 2) == 0) {
      p += 2;
      while (*p != ')') {
        const char *s = p;
        while (*p != ',' && *p != ')' && *p != '@') p++;
        bc_flag_item *f = &out->flags[out->nflags++];
        f->name = arena_copy(s, (size_t)(p - s));
        f->since = parse_since(&p);
        f->group = -1;
        for (int g = 0; g < info->noperands; g++)
          if (strcmp(info->operands[g].name, f->name) == 0) {
            f->is_operand = true;
            f->group = g;
          }
        if (*p == ',') p++;
      }
      p++;
    } else if (strncmp(p, "a(", 2) == 0) {
      p += 2;
      const char *s = p;
      while (*p != ':') p++;
      bc_attr_item *a = &out->attrs[out->nattrs++];
      a->name = arena_copy(s, (size_t)(p - s));
      p++;
      s = p;
      while (*p != ')' && *p != '@' && *p != '?') p++;
      a->kind = kind_from(s, (size_t)(p - s));
      a->since = parse_since(&p);
      if (*p == '?') {
        a->optional = true;
        p++;
      }
      p++; /* ')' */
    } else if (strncmp(p, "og", 2) == 0) {
      out->operands = BC_OPN_GROUPS;
      p += 2;
    } else if (strncmp(p, "on", 2) == 0) {
      out->operands = BC_OPN_COUNTED;
      p += 2;
    } else if (p[0] == 'o') {
      out->operands = BC_OPN_EACH;
      p += 1;
    } else if (p[0] == 'g') {
      out->regions = true;
      p += 1;
    } else {
      abort(); /* malformed static spec */
    }
  }
}

static void build(void) {
  if (built) return;
  for (size_t i = 0; i < NROWS; i++) {
    parse_spec(&rows[i], &specs[i]);
    by_id[rows[i].id] = &specs[i];
  }
  built = true;
}

const bc_op_spec *bc_spec_for_op(ct_op_id id) {
  build();
  if ((int)id <= 0 || id >= CT_OP__COUNT) return NULL;
  return by_id[id];
}

const bc_op_spec *bc_spec_for_opcode(uint64_t opcode) {
  build();
  for (size_t i = 0; i < NROWS; i++)
    if (specs[i].opcode == opcode) return &specs[i];
  return NULL;
}

const char *bc_unsupported_opcode_name(uint64_t opcode) {
  switch (opcode) {
  case 0x4002: return "cuda_tile.preview_call (a cuTile preview feature)";
  default: return NULL;
  }
}

int bc_scalar_tag_since(unsigned tag) {
  if (tag <= BC_TY_F8E5M2) return V1;
  if (tag == BC_TY_TOKEN) return V1;
  if (tag == BC_TY_F8E8M0FNU) return V2;
  if (tag == BC_TY_F4E2M1FN || tag == BC_TY_I4) return V3;
  if (tag == BC_TY_F8E5M3FNU) return V4;
  return 0;
}

void bc_put_byte(ct_strbuf *b, uint8_t v) { ct_strbuf_append(b, (const char *)&v, 1); }

void bc_put_varint(ct_strbuf *b, uint64_t v) {
  uint8_t bytes[10];
  int n = 0;
  do {
    uint8_t byte = v & 0x7F;
    v >>= 7;
    if (v) byte |= 0x80;
    bytes[n++] = byte;
  } while (v && n < 10);
  ct_strbuf_append(b, (const char *)bytes, (size_t)n);
}

void bc_put_svarint(ct_strbuf *b, int64_t v) {
  uint64_t u = (uint64_t)v;
  bc_put_varint(b, (u << 1) ^ (v < 0 ? ~(uint64_t)0 : 0));
}

void bc_put_le(ct_strbuf *b, uint64_t v, int nbytes) {
  for (int i = 0; i < nbytes; i++) bc_put_byte(b, (uint8_t)(v >> (8 * i)));
}

/* Round-to-nearest-even conversion of a double to a float format with `ebits` exponent and
 * `mbits` mantissa bits (IEEE-style: bias 2^(ebits-1)-1, inf/nan at the top exponent). */
static uint16_t to_small_float(double d, int ebits, int mbits) {
  uint16_t sign = signbit(d) ? (uint16_t)(1u << (ebits + mbits)) : 0;
  int emax = (1 << ebits) - 1, bias = (1 << (ebits - 1)) - 1;
  if (isnan(d)) return (uint16_t)(sign | (emax << mbits) | (1u << (mbits - 1)));
  d = fabs(d);
  if (isinf(d)) return (uint16_t)(sign | (emax << mbits));
  if (d == 0) return sign;
  int e;
  double m = frexp(d, &e); /* d = m * 2^e, m in [0.5, 1) */
  int exp = e - 1 + bias;  /* biased exponent for 1.f form */
  double scaled;
  if (exp <= 0) { /* subnormal */
    scaled = ldexp(d, bias - 1 + mbits);
    double r = nearbyint(scaled);
    return (uint16_t)(sign | (uint16_t)r);
  }
  scaled = ldexp(m * 2 - 1, mbits);
  double r = nearbyint(scaled);
  if (r >= (double)(1 << mbits)) {
    r = 0;
    exp++;
  }
  if (exp >= emax) return (uint16_t)(sign | (emax << mbits));
  return (uint16_t)(sign | (exp << mbits) | (uint16_t)r);
}

static double from_small_float(uint16_t h, int ebits, int mbits) {
  int sign = (h >> (ebits + mbits)) & 1;
  int emax = (1 << ebits) - 1, bias = (1 << (ebits - 1)) - 1;
  int exp = (h >> mbits) & emax;
  int man = h & ((1 << mbits) - 1);
  double v;
  if (exp == emax) v = man ? NAN : INFINITY;
  else if (exp == 0) v = ldexp(man, 1 - bias - mbits);
  else v = ldexp(man + (double)(1 << mbits), exp - bias - mbits);
  return sign ? -v : v;
}

uint16_t bc_double_to_half(double d) { return to_small_float(d, 5, 10); }
uint16_t bc_double_to_bfloat(double d) { return to_small_float(d, 8, 7); }
double bc_half_to_double(uint16_t h) { return from_small_float(h, 5, 10); }
double bc_bfloat_to_double(uint16_t h) { return from_small_float(h, 8, 7); }

/* types: the cuda_tile type system in C.
 *
 * cuda_tile types live in MLIR as OpaqueType values of the `cuda_tile` namespace whose data is the
 * canonical spelling NVIDIA's printer uses (`tile<128x32xf16>`, `tile<ptr<f32>>`,
 * `tensor_view<?x32xf32, strides=[32,1]>`, `partition_view<tile=(128x32), tensor_view<...>>`,
 * `token`). Opaque types are only ever created from a ct_type through ct_type_to_mlir, so two equal
 * types are the same MlirType (pointer equality works). ct_type_from_mlir parses the opaque data
 * back (cached by MlirType pointer). See docs/ir.md.
 * Owner: frontend. */
#ifndef TILEC_FRONTEND_TYPES_H
#define TILEC_FRONTEND_TYPES_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "support/strbuf.h"

#define CT_MAX_RANK 8
#define CT_DYNAMIC INT64_MIN /* a `?` dimension or stride of a tensor_view */

typedef enum ct_elem {
  CT_ELEM_NONE = 0,
  CT_I1, CT_I4, CT_I8, CT_I16, CT_I32, CT_I64,
  CT_F16, CT_BF16, CT_F32, CT_F64, CT_TF32,
  CT_F8E4M3FN, CT_F8E5M2, CT_F8E8M0FNU, CT_F4E2M1FN,
  CT_F8E5M3FNU, /* 13.4, spelled fnv8E5M3FNU: unsigned, 5 exponent bits, 3 mantissa bits, NaN 0xFF;
                 * no MLIR builtin float type (an opaque !cuda_tile.fnv8E5M3FNU where one is needed) */
  CT_PTR, /* element of a pointer tile; the pointee is in ct_type.pointee */
} ct_elem;

typedef enum ct_type_kind {
  CT_TYPE_INVALID = 0,
  CT_TYPE_TILE,                /* tile<shape x elem>; rank 0 = scalar */
  CT_TYPE_TENSOR_VIEW,         /* tensor_view<shape x elem, strides=[...]> */
  CT_TYPE_PARTITION_VIEW,      /* partition_view<tile=(..), [padding_value = x,] tensor_view<..>[, dim_map=[..]]> */
  CT_TYPE_STRIDED_VIEW,        /* strided_view<tile=(..), traversal_strides=[..], tensor_view<..>...> (13.3) */
  CT_TYPE_GATHER_SCATTER_VIEW, /* gather_scatter_view<tile=(..), tensor_view<..>, sparse_dim=N> (13.3) */
  CT_TYPE_TOKEN,               /* token */
} ct_type_kind;

typedef enum ct_padding {
  CT_PAD_NONE = 0, /* no padding_value parameter: out-of-bounds loads are undefined (we zero-fill) */
  CT_PAD_ZERO, CT_PAD_NEG_ZERO, CT_PAD_NAN, CT_PAD_POS_INF, CT_PAD_NEG_INF,
} ct_padding;

/* A flat description of any cuda_tile type. For views, elem/rank/shape/strides describe the
 * underlying tensor_view and tile_* describe the partition. */
typedef struct ct_type {
  ct_type_kind kind;
  ct_elem elem;    /* tile / tensor_view element type */
  ct_elem pointee; /* when elem == CT_PTR: the pointee element type */
  int rank;
  int64_t shape[CT_MAX_RANK];   /* tile shape, or tensor_view shape (CT_DYNAMIC for ?) */
  int64_t strides[CT_MAX_RANK]; /* tensor_view strides in elements (CT_DYNAMIC for ?) */
  /* views */
  int tile_rank;
  int32_t tile_shape[CT_MAX_RANK];
  bool has_dim_map;
  int32_t dim_map[CT_MAX_RANK];        /* identity when !has_dim_map */
  int32_t traversal_strides[CT_MAX_RANK]; /* strided_view */
  int32_t sparse_dim;                  /* gather_scatter_view */
  ct_padding padding;
  /* 13.4 pointer attribute: of the pointer element (elem == CT_PTR) or of the tensor_view (views).
   * 0 = absent; else the bytecode value + 1: 1 none, 2 unicast, 3 multicast (printed
   * `ptr<f32, <none>>`, `tensor_view<..., #cuda_tile.ptr_attr<multicast>>`). */
  uint8_t ptr_attr;
} ct_type;

/* Element helpers. */
const char *ct_elem_name(ct_elem e); /* "f16", "i32", ... ("ptr" for CT_PTR) */
ct_elem ct_elem_from_name(const char *s, size_t n); /* CT_ELEM_NONE when unknown */
/* The element type a builtin MLIR scalar type spells (f16, i32, f8E4M3FN, ...); CT_ELEM_NONE else. */
ct_elem ct_elem_from_mlir(MlirType t);
int ct_elem_bits(ct_elem e);    /* storage bits (i1 -> 8, ptr -> 64, f4 -> 4, i4 -> 4) */
int ct_elem_width(ct_elem e);   /* logical bit width (i1 -> 1) */
bool ct_elem_is_int(ct_elem e); /* i1..i64 */
bool ct_elem_is_float(ct_elem e);
bool ct_elem_is_base_float(ct_elem e); /* f16 bf16 f32 f64 */
/* Every value of float type s is exactly one of d (precision and normal exponent range). */
bool ct_float_widens(ct_elem s, ct_elem d);
MlirType ct_elem_to_mlir(MlirContext ctx, ct_elem e); /* builtin scalar type (ptr -> !llvm.ptr<1>) */

/* Parse the text of a type without the `!cuda_tile.` prefix (`tile<2x2xf32>`, `token`, ...).
 * On failure returns false and writes a message to err (may be NULL) and the byte offset of the
 * problem to *err_off (may be NULL). Does not check verifier-level rules (power-of-two shapes...). */
bool ct_type_parse(const char *text, size_t len, ct_type *out, ct_strbuf *err, size_t *err_off);
/* Print the canonical spelling (no prefix). */
void ct_type_print(const ct_type *t, ct_strbuf *out);
/* Make the uniqued MLIR opaque type for t. */
MlirType ct_type_to_mlir(MlirContext ctx, const ct_type *t);
/* Decode an MLIR type. Returns false when it is not a cuda_tile opaque type. */
bool ct_type_from_mlir(MlirType t, ct_type *out);

/* NVIDIA's type-verifier rules that ct_type_parse does not check (power-of-two tile and view tile
 * shapes, element count limit, dim_map validity, view/tensor rank match, traversal strides > 0,
 * padding needs floats). On failure appends NVIDIA's message to err and returns false. */
bool ct_type_verify(const ct_type *t, ct_strbuf *err);
/* Pointer attribute names: "none", "unicast", "multicast" for ptr_attr 1..3 (NULL otherwise). */
const char *ct_ptr_attr_name(uint8_t ptr_attr);
#define CT_PTR_ATTR_MAX 3
/* "zero", "neg_zero", "nan", "pos_inf", "neg_inf" ("" for CT_PAD_NONE). */
const char *ct_padding_name(ct_padding p);

/* Convenience constructors. */
ct_type ct_tile_type(ct_elem e, int rank, const int64_t *shape);
ct_type ct_ptr_tile_type(ct_elem pointee, int rank, const int64_t *shape);
ct_type ct_token_type(void);
int64_t ct_type_num_elements(const ct_type *t); /* tiles: product of shape (1 for rank 0); INT64_MAX on overflow */
/* 32-bit registers per thread of tile type t spread evenly over nthreads threads (0 for non-tiles;
 * 16- and 8-bit elements packed into 32-bit registers, i1 counted whole, pointers two words). */
int64_t ct_tile_regs_per_thread(const ct_type *t, int nthreads);
bool ct_type_equal(const ct_type *a, const ct_type *b);
#endif

/* types_roundtrip: unit test of lib/frontend/types.c — canonical spellings parse and print back
 * exactly, alternative spellings normalise, bad spellings fail with NVIDIA's messages, and the
 * MLIR opaque-type conversion is uniqued and reversible. Prints "N passed, N failed". */
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <string.h>

#include "frontend/types.h"
#include "support/context.h"

static int passed, failed;

static void check(bool ok, const char *what, const char *detail) {
  if (ok) {
    passed++;
  } else {
    failed++;
    fprintf(stderr, "FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  }
}

/* in parses and prints as expected (expected == NULL: prints as in). */
static void roundtrip(const char *in, const char *expected) {
  if (!expected) expected = in;
  ct_type t;
  ct_strbuf err, out;
  ct_strbuf_init(&err);
  ct_strbuf_init(&out);
  bool ok = ct_type_parse(in, strlen(in), &t, &err, NULL);
  if (!ok) {
    check(false, in, err.data);
  } else {
    ct_type_print(&t, &out);
    check(strcmp(out.data, expected) == 0, in, out.data);
    /* printing is a fixed point */
    ct_type t2;
    bool ok2 = ct_type_parse(out.data, out.len, &t2, NULL, NULL);
    check(ok2 && ct_type_equal(&t, &t2), "reparse", out.data);
  }
  ct_strbuf_free(&err);
  ct_strbuf_free(&out);
}

static void bad(const char *in, const char *msg) {
  ct_type t;
  ct_strbuf err;
  ct_strbuf_init(&err);
  bool ok = ct_type_parse(in, strlen(in), &t, &err, NULL);
  check(!ok && err.data && strstr(err.data, msg) != NULL, in, err.data ? err.data : "(parsed)");
  ct_strbuf_free(&err);
}

static void bad_verify(const char *in, const char *msg) {
  ct_type t;
  ct_strbuf err;
  ct_strbuf_init(&err);
  bool ok = ct_type_parse(in, strlen(in), &t, NULL, NULL);
  check(ok, in, "should parse");
  if (ok) {
    bool v = ct_type_verify(&t, &err);
    check(!v && err.data && strstr(err.data, msg) != NULL, in, err.data ? err.data : "(verified)");
  }
  ct_strbuf_free(&err);
}

int main(void) {
  roundtrip("tile<2x2xf32>", NULL);
  roundtrip("tile<f32>", NULL);
  roundtrip("tile<ptr<f32>>", NULL);
  roundtrip("tile<8xptr<f32>>", NULL);
  roundtrip("tile<2xf4E2M1FN>", NULL);
  roundtrip("tile<128x32xf8E4M3FN>", NULL);
  roundtrip("tile<4xi1>", NULL);
  roundtrip("tile<!cuda_tile.ptr<f32>>", "tile<ptr<f32>>");
  roundtrip("tile<4x!cuda_tile.ptr<i8>>", "tile<4xptr<i8>>");
  roundtrip("!cuda_tile.tile<2xbf16>", "tile<2xbf16>");
  roundtrip("tensor_view<512x1024xf16, strides=[1024,1]>", NULL);
  roundtrip("tensor_view<?x?xf32, strides=[?,1]>", NULL);
  roundtrip("tensor_view<f32>", NULL);
  roundtrip("tensor_view<?x2xf32, strides=[1,?]>", NULL);
  roundtrip("tensor_view<32x32xf32, strides=[32, 1]>", "tensor_view<32x32xf32, strides=[32,1]>");
  roundtrip("partition_view<tile=(128x32), tensor_view<1024x1024xf16, strides=[1024,1]>>", NULL);
  roundtrip("partition_view<tile=(2), padding_value = zero, tensor_view<16xf32, strides=[1]>>", NULL);
  roundtrip("partition_view<tile=(2), padding_value = neg_inf, tensor_view<16xf32, strides=[1]>>", NULL);
  roundtrip("partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>", NULL);
  roundtrip("partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 1]>",
            "partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>");
  roundtrip("partition_view<tile=(2), !cuda_tile.tensor_view<16xf32, strides=[1]>, dim_map=[0]>",
            "partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>");
  roundtrip("strided_view<tile=(128), traversal_strides=[1], tensor_view<1024xi8, strides=[1]>>", NULL);
  roundtrip("gather_scatter_view<tile=(64x64), tensor_view<8192x128xf32, strides=[128,1]>, sparse_dim=0>", NULL);
  roundtrip("token", NULL);
  roundtrip("!cuda_tile.token", "token");

  bad("tensor_view<f32, strides=[]>", "strides must not be provided for 0-d tiles");
  bad("tensor_view<?xf32, strides=[-5]>", "expected strictly positive integer, got -5");
  bad("tensor_view<?xf32, strides=[0]>", "expected strictly positive integer, got 0");
  bad("tensor_view<?xf32, strides=[4, 1]>",
      "expected shape and stride to be of same rank but got shape of rank 1 and stride of rank 2");
  bad("tensor_view<?xf32, strides=[-9223372036854775808]>", "expected strictly positive integer, got -9223372036854775808");
  bad("tensor_view<?x32xf32, strides=[, 32]>", "expected either 64-bit integer or question mark");
  bad("tensor_view<2xf32>", "expected 'strides'");
  bad("tensor_view<f16,>", "expected token after element type in 0-d tensor_view");
  bad("tensor_view<0xf32, strides=[1]>", "dimensions must have strictly positive constant sizes but got [0]");
  bad("partition_view<tile=(1099511627776x1024), tensor_view<4096x4096xf32, strides=[4096,1]>>",
      "tile dimension 0 exceeds i32 limitations (got 1099511627776, expected strictly positive and less than or equal "
      "to 2147483647)");
  bad("partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0]>",
      "expected dim_map to map exactly all 2 dimensions of the tile, got 1 mappings");
  bad("strided_view<tile=(1024x1024), traversal_strides=[1], tensor_view<4096x4096xf32, strides=[4096,1]>>",
      "expected 2 traversal strides, got 1");
  bad("tile<?xf32>", "dynamic");
  bad("tile<2xf33>", "unknown element type 'f33'");
  bad("tile<2xf32", "expected '>'");
  bad("tile<2xf32>>", "trailing");
  bad("tile<", "");
  bad("", "expected cuda_tile type");
  bad("memref<2xf32>", "unknown cuda_tile type 'memref'");
  bad("tile<99999999999999999999xf32>", "too large");
  bad("tile<ptr<ptr<f32>>>", "pointer element type is not allowed here");

  bad_verify("partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[2, 1]>",
             "target dimension is outside of tensor view dimensions, expected strictly less than 2, got 2");
  bad_verify("partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0, 0]>",
             "target dimension 0 mapped at least twice (for tile dimensions 0 and 1)");
  bad_verify("partition_view<tile=(5x1024), tensor_view<4096x4096xf32, strides=[4096,1]>>",
             "tile shape dimensions must have power of two length but got [5, 1024]");
  bad_verify("partition_view<tile=(1x1), tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>",
             "expected tensor_view rank and tile rank to match, got tensor_view of rank 3 and tiles of rank 2");
  bad_verify("partition_view<tile=(), tensor_view<f32>>", "0-dimension tile shape is not supported");
  bad_verify("partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[-1, 1]>",
             "target dimension must not be negative, got -1");
  bad_verify("strided_view<tile=(1024x1024), traversal_strides=[1,0], tensor_view<4096x4096xf32, strides=[4096,1]>>",
             "traversal strides must be strictly positive but got [1, 0]");
  bad_verify("tile<3xf32>", "power of two");

  /* MLIR conversion: uniqued and reversible. */
  ct_ctx *c = ct_ctx_create();
  const char *specs[] = {"tile<2x2xf32>", "tile<ptr<f16>>", "token",
                         "partition_view<tile=(8), tensor_view<128xf32, strides=[1]>>"};
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
    ct_type t, back;
    check(ct_type_parse(specs[i], strlen(specs[i]), &t, NULL, NULL), specs[i], "parse");
    MlirType m1 = ct_type_to_mlir(c->mlir, &t);
    MlirType m2 = ct_type_to_mlir(c->mlir, &t);
    check(m1.ptr == m2.ptr && !mlirTypeIsNull(m1), specs[i], "uniqued");
    check(ct_type_from_mlir(m1, &back) && ct_type_equal(&t, &back), specs[i], "from_mlir");
    /* the same type spelled through MLIR's own parser */
    char buf[256];
    snprintf(buf, sizeof buf, "!cuda_tile.%s", specs[i]);
    MlirType m3 = mlirTypeParseGet(c->mlir, mlirStringRefCreateFromCString(buf));
    check(m3.ptr == m1.ptr, specs[i], "mlirTypeParseGet gives the same type");
  }
  check(!ct_type_from_mlir(mlirF32TypeGet(c->mlir), &(ct_type){0}), "f32 is not a cuda_tile type", NULL);
  check(mlirTypeEqual(ct_elem_to_mlir(c->mlir, CT_F8E4M3FN), mlirTypeParseGet(c->mlir, mlirStringRefCreateFromCString("f8E4M3FN"))),
        "elem_to_mlir f8E4M3FN", NULL);
  ct_ctx_destroy(c);

  check(ct_elem_bits(CT_I1) == 8 && ct_elem_width(CT_I1) == 1 && ct_elem_bits(CT_F4E2M1FN) == 4 &&
            ct_elem_bits(CT_PTR) == 64,
        "elem bits", NULL);
  check(ct_elem_from_name("bf16", 4) == CT_BF16 && ct_elem_from_name("ptr", 3) == CT_ELEM_NONE, "elem names", NULL);
  check(ct_elem_is_base_float(CT_F32) && !ct_elem_is_base_float(CT_TF32) && ct_elem_is_float(CT_TF32) &&
            ct_elem_is_int(CT_I4),
        "elem classes", NULL);
  int64_t sh[2] = {4, 8};
  ct_type tt = ct_tile_type(CT_F16, 2, sh);
  check(ct_type_num_elements(&tt) == 32, "num_elements", NULL);

  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}

/* tileaa_convert: the TileAA passes on small kernels — a for loop with lb = 2, step = 3 gets a
 * folded trip count ceil((11 - 2) / 3) = 3 and the induction value recomputed (muli + addi);
 * a loop with a runtime bound gets the trip count computed by cuda_tile ops; loads become
 * async_load + wait (the wait right before the consumer), the view becomes one tileaa.view; a
 * non-positive constant step is a located error. The input module is left unchanged. */
#include <stdio.h>
#include <string.h>

#include "frontend/frontend.h"
#include "tileaa/ir_build.h"
#include "tileaa/tileaa.h"

#include "unit_check.h"

static const char *kernel_fmt =
    "cuda_tile.module @m {\n"
    "  entry @k(%%p: tile<ptr<f32>>, %%n: tile<i32>) {\n"
    "    %%pa = assume div_by<16>, %%p : tile<ptr<f32>>\n"
    "    %%tv = make_tensor_view %%pa, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>\n"
    "    %%pv = make_partition_view %%tv : partition_view<tile=(4x64), tensor_view<64x64xf32, strides=[64,1]>>\n"
    "    %%lb = constant <i32: 2> : tile<i32>\n"
    "    %%ub = constant <i32: 11> : tile<i32>\n"
    "    %%st = constant <i32: %d> : tile<i32>\n"
    "    %%c0 = constant <i32: 0> : tile<i32>\n"
    "    for %%i in (%%lb to %s, step %%st) : tile<i32> {\n"
    "      %%x, %%t = load_view_tko weak %%pv[%%i, %%c0] : partition_view<tile=(4x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<4x64xf32>, token\n"
    "      %%y = addf %%x, %%x : tile<4x64xf32>\n"
    "      %%t2 = store_view_tko weak %%y, %%pv[%%i, %%c0] : tile<4x64xf32>, partition_view<tile=(4x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token\n"
    "      continue\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static size_t count(MlirOperation root, const char *name) {
  ct_oplist l = {0};
  ct_ir_collect(root, name, &l);
  size_t n = 0;
  for (size_t i = 0; i < l.n; i++) n += ct_ir_is(l.ops[i], name);
  ct_oplist_free(&l);
  return n;
}

static MlirModule convert(ct_ctx *c, int step, const char *ub, MlirModule *src) {
  char text[4096];
  snprintf(text, sizeof text, kernel_fmt, step, ub);
  *src = ct_parse_text(c, "k.mlir", 1, text, strlen(text));
  if (mlirModuleIsNull(*src)) return *src;
  return ct_tileaa_from_cuda_tile(c, *src, "sm_90");
}

int main(void) {
  ct_ctx *c = ct_ctx_create();
  c->capture = true;
  MlirModule src, m = convert(c, 3, "%ub", &src);
  CHECK(!mlirModuleIsNull(m), "static loop converts");
  if (!mlirModuleIsNull(m)) {
    MlirOperation root = mlirModuleGetOperation(m);
    CHECK(count(root, "tileaa.for") == 1 && count(root, "cuda_tile.for") == 0, "for -> tileaa.for");
    ct_oplist l = {0};
    ct_ir_collect(root, "tileaa.for", &l);
    MlirAttribute tc = l.n ? mlirOperationGetAttributeByName(l.ops[0], ct_ir_sref("trip_count")) : mlirAttributeGetNull();
    CHECK(!mlirAttributeIsNull(tc) && mlirIntegerAttrGetValueInt(tc) == 3, "trip count ceil(9/3) = 3");
    int64_t n = -1;
    CHECK(l.n && ct_ir_const_int(mlirOperationGetOperand(l.ops[0], 0), &n) && n == 3, "trip count operand is the constant 3");
    ct_oplist_free(&l);
    CHECK(count(root, "cuda_tile.muli") == 1 && count(root, "cuda_tile.addi") == 1, "iv = 2 + i * 3 recomputed");
    CHECK(count(root, "tileaa.view") == 1 && count(root, "cuda_tile.make_partition_view") == 0, "one tileaa.view");
    CHECK(count(root, "tileaa.async_load") == 1 && count(root, "tileaa.async_store") == 1 && count(root, "tileaa.wait") == 2,
          "async pairs");
    /* the load's wait sits right before its consumer (addf) */
    ct_oplist w = {0};
    ct_ir_collect(root, "tileaa.wait", &w);
    bool before_addf = false;
    for (size_t i = 0; i < w.n; i++)
      if (mlirOperationGetNumResults(w.ops[i]) == 1)
        before_addf = ct_ir_is(mlirOperationGetNextInBlock(w.ops[i]), "cuda_tile.addf");
    ct_oplist_free(&w);
    CHECK(before_addf, "wait placed before the consumer");
    CHECK(count(mlirModuleGetOperation(src), "cuda_tile.for") == 1, "input untouched");
    mlirModuleDestroy(m);
  }
  if (!mlirModuleIsNull(src)) mlirModuleDestroy(src);

  m = convert(c, 1, "%n", &src);
  CHECK(!mlirModuleIsNull(m), "dynamic loop converts");
  if (!mlirModuleIsNull(m)) {
    MlirOperation root = mlirModuleGetOperation(m);
    CHECK(count(root, "cuda_tile.subi") == 1 && count(root, "cuda_tile.divi") == 0, "n = ub - lb when step == 1");
    CHECK(count(root, "cuda_tile.addi") == 1 && count(root, "cuda_tile.muli") == 0, "iv = i + lb");
    mlirModuleDestroy(m);
  }
  if (!mlirModuleIsNull(src)) mlirModuleDestroy(src);

  int before = c->nerrors;
  m = convert(c, 0, "%ub", &src);
  CHECK(mlirModuleIsNull(m) && c->nerrors > before, "step 0 rejected");
  CHECK(c->ndiags > 0 && c->diags[c->ndiags - 1].line == 10 && strstr(c->diags[c->ndiags - 1].message, "step"),
        "located error on the for (line %d)", c->ndiags ? c->diags[c->ndiags - 1].line : -1);
  if (!mlirModuleIsNull(m)) mlirModuleDestroy(m);
  if (!mlirModuleIsNull(src)) mlirModuleDestroy(src);
  ct_ctx_destroy(c);
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  else printf("tileaa_convert: ok\n");
  return failures ? 1 : 0;
}

/* attr_read: pins the front end's typed readers of cuda_tile's opaque attributes
 * (lib/frontend/attr_read.c): `assume` div_by (plain form only; the `every` form and other
 * predicates are refused), optimization_hints lookups (the architecture's entry, then `default`,
 * absent keys and malformed values refused), and enum keywords. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>
#include <stdio.h>
#include <string.h>

#include "frontend/attr_read.h"

#include "unit_check.h"

static MlirAttribute opaque(MlirContext ctx, const char *data) {
  return mlirOpaqueAttrGet(ctx, mlirStringRefCreateFromCString("cuda_tile"), (intptr_t)strlen(data), data,
                           mlirNoneTypeGet(ctx));
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirContextSetAllowUnregisteredDialects(ctx, true);
  int64_t v = 0;
  CHECK(ct_attr_div_by(opaque(ctx, "div_by<16>"), &v) && v == 16, "div_by<16>");
  CHECK(ct_attr_div_by(opaque(ctx, "div_by<24>"), &v) && v == 24, "div_by<24>");
  CHECK(!ct_attr_div_by(opaque(ctx, "div_by<16, every 4 along 0>"), &v), "the every form says nothing of element 0");
  CHECK(!ct_attr_div_by(opaque(ctx, "div_by<0>"), &v), "div_by<0>");
  CHECK(!ct_attr_div_by(opaque(ctx, "same_elements<[1]>"), &v), "other predicates");
  CHECK(!ct_attr_div_by(mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 16), &v), "not opaque");
  CHECK(!ct_attr_div_by((MlirAttribute){NULL}, &v), "null");

  MlirAttribute h = opaque(ctx, "optimization_hints<sm_90 = {num_worker_warps_per_cta = 8, latency = 3}, "
                                "sm_100 = {latency = 5}, default = {num_worker_warps_per_cta = 2}>");
  CHECK(ct_attr_hint_int(h, "sm_90", "num_worker_warps_per_cta", &v) && v == 8, "sm_90 warps");
  CHECK(ct_attr_hint_int(h, "sm_90", "latency", &v) && v == 3, "sm_90 latency");
  CHECK(ct_attr_hint_int(h, "sm_100", "latency", &v) && v == 5, "sm_100 latency");
  CHECK(!ct_attr_hint_int(h, "sm_100", "num_worker_warps_per_cta", &v), "sm_100's own entry has no warps");
  CHECK(ct_attr_hint_int(h, "sm_120", "num_worker_warps_per_cta", &v) && v == 2, "default entry");
  CHECK(!ct_attr_hint_int(h, "sm_90", "num_cta_in_cga", &v), "absent key");
  MlirAttribute h2 = opaque(ctx, "optimization_hints<sm_90 = {allow_tma = false, num_worker_warps_per_cta = x}>");
  CHECK(!ct_attr_hint_int(h2, "sm_90", "num_worker_warps_per_cta", &v), "malformed value");
  MlirAttribute h3 = opaque(ctx, "optimization_hints<sm_90a = {num_worker_warps_per_cta = 16}>");
  CHECK(!ct_attr_hint_int(h3, "sm_90", "num_worker_warps_per_cta", &v), "sm_90a is not sm_90");

  char buf[32];
  CHECK(ct_attr_keyword(opaque(ctx, "rounding<zero>"), buf, sizeof buf) && !strcmp(buf, "zero"), "rounding<zero>");
  CHECK(ct_attr_keyword(opaque(ctx, "nearest_even"), buf, sizeof buf) && !strcmp(buf, "nearest_even"), "bare keyword");
  CHECK(!ct_attr_keyword(mlirUnitAttrGet(ctx), buf, sizeof buf), "not opaque");

  mlirContextDestroy(ctx);
  if (failures) return 1;
  printf("attr_read: ok\n");
  return 0;
}

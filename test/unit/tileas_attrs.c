/* tileas_attrs: pins the TileAS decision-attribute contract (lib/tileas/attrs.c):
 *  - every atom / frag / mma-family spelling maps back to its enum, unknown spellings are refused;
 *  - a TMA layout and a SIMT layout survive build -> print -> parse -> read unchanged, and the
 *    printed form is the documented dictionary (docs/tileaa-tileas.md);
 *  - malformed layouts (unknown atom, missing box, bad swizzle) are refused with a reason;
 *  - the sched / schedule dictionaries round-trip and a bad status is refused. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/IR.h>
#include <stdio.h>
#include <string.h>

#include "support/strbuf.h"
#include "tileas/attrs.h"

#include "unit_check.h"

static MlirStringRef S(const char *s) { return mlirStringRefCreateFromCString(s); }

static void print_attr(MlirAttribute a, ct_strbuf *sb) { mlirAttributePrint(a, ct_strbuf_mlir_callback, sb); }

static MlirAttribute parse(MlirContext ctx, const char *text) { return mlirAttributeParseGet(ctx, S(text)); }

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirContextSetAllowUnregisteredDialects(ctx, true);

  for (int a = CT_ATOM_SIMT; a <= CT_ATOM_TMA; a++) {
    ct_atom back;
    CHECK(ct_atom_from_name(S(ct_atom_name((ct_atom)a)), &back) && back == (ct_atom)a, "atom %d spelling", a);
  }
  for (int f = CT_FRAG_BLOCKED; f <= CT_FRAG_MMA_REG; f++) {
    ct_frag back;
    CHECK(ct_frag_from_name(S(ct_frag_name((ct_frag)f)), &back) && back == (ct_frag)f, "frag %d spelling", f);
  }
  for (int m = CT_MMA_SYNC; m <= CT_MMA_TCGEN05; m++) {
    ct_mma_family back;
    CHECK(ct_mma_family_from_name(S(ct_mma_family_name((ct_mma_family)m)), &back) && back == (ct_mma_family)m,
          "mma family %d spelling", m);
  }
  ct_atom atom;
  CHECK(!ct_atom_from_name(S("TMA"), &atom) && !ct_atom_from_name(S("tm"), &atom), "unknown atom spellings refused");

  ct_tileas_layout l = {.atom = CT_ATOM_TMA, .frag = CT_FRAG_WGMMA_SMEM, .swizzle = 64, .rank = 2, .box = {128, 32},
                        .boxes = 1, .score = 128.5, .smem_tx = 128, .regs = 2, .legal = 13, .candidates = 17};
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  print_attr(ct_tileas_layout_attr(ctx, &l), &sb);
  const char *want = "{atom = \"tma\", box = array<i64: 128, 32>, boxes = 1 : i64, candidates = 17 : i64, conflicts = 0 : "
                     "i64, frag = \"wgmma_smem\", legal = 13 : i64, regs = 2 : i64, score = 1.285000e+02 : f64, smem_tx = "
                     "128 : i64, swizzle = 64 : i64, tmem_cycles = 0 : i64}";
  CHECK(sb.data && !strcmp(sb.data, want), "printed TMA layout:\n  %s\nwant\n  %s", sb.data ? sb.data : "", want);
  ct_tileas_layout r;
  const char *why = ct_tileas_layout_read(parse(ctx, sb.data ? sb.data : "{}"), &r);
  CHECK(!why && r.atom == CT_ATOM_TMA && r.frag == CT_FRAG_WGMMA_SMEM && r.swizzle == 64 && r.rank == 2 &&
            r.box[0] == 128 && r.box[1] == 32 && r.boxes == 1 && r.score == 128.5 && r.legal == 13 &&
            r.candidates == 17 && !r.bias[0],
        "TMA layout round trip (%s)", why ? why : "ok");
  ct_strbuf_free(&sb);

  ct_tileas_layout s = {.atom = CT_ATOM_SIMT, .frag = CT_FRAG_BLOCKED, .score = 8.5, .regs = 34, .legal = 9, .candidates = 9};
  snprintf(s.bias, sizeof s.bias, "prefer_tma");
  ct_strbuf_init(&sb);
  print_attr(ct_tileas_layout_attr(ctx, &s), &sb);
  CHECK(sb.data && !strstr(sb.data, "swizzle") && !strstr(sb.data, "box") && strstr(sb.data, "bias = \"prefer_tma\""),
        "SIMT layout has no swizzle/box, keeps its bias: %s", sb.data ? sb.data : "");
  why = ct_tileas_layout_read(parse(ctx, sb.data ? sb.data : "{}"), &r);
  CHECK(!why && r.atom == CT_ATOM_SIMT && r.frag == CT_FRAG_BLOCKED && !strcmp(r.bias, "prefer_tma"), "SIMT round trip");
  ct_strbuf_free(&sb);

  const char *bad[] = {
      "{atom = \"bulk\", frag = \"blocked\", score = 1.0 : f64, smem_tx = 0, tmem_cycles = 0, regs = 0, conflicts = 0, legal = 1, candidates = 1}",
      "{atom = \"tma\", swizzle = 64, frag = \"blocked\", score = 1.0 : f64, smem_tx = 0, tmem_cycles = 0, regs = 0, conflicts = 0, legal = 1, candidates = 1}",
      "{atom = \"cp_async\", swizzle = 48, frag = \"blocked\", score = 1.0 : f64, smem_tx = 0, tmem_cycles = 0, regs = 0, conflicts = 0, legal = 1, candidates = 1}",
      "{atom = \"simt\", frag = \"blocked\", smem_tx = 0, tmem_cycles = 0, regs = 0, conflicts = 0, legal = 1, candidates = 1}",
      "\"layout<simt, frag = blocked>\"",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    MlirAttribute a = parse(ctx, bad[i]);
    CHECK(!mlirAttributeIsNull(a) && ct_tileas_layout_read(a, &r) != NULL, "malformed layout %zu refused", i);
  }

  int64_t stage = -1, cycle = -1;
  CHECK(!ct_tileas_sched_read(ct_tileas_sched_attr(ctx, 1, 16), &stage, &cycle) && stage == 1 && cycle == 16,
        "sched round trip");
  ct_tileas_schedule sc = {16, 16, 16, 8, 2, "scheduled"}, sr;
  CHECK(!ct_tileas_schedule_read(ct_tileas_schedule_attr(ctx, &sc), &sr) && sr.ii == 16 && sr.rec_mii == 8 &&
            sr.stages == 2 && !strcmp(sr.status, "scheduled"),
        "schedule round trip");
  snprintf(sc.status, sizeof sc.status, "done");
  CHECK(ct_tileas_schedule_read(ct_tileas_schedule_attr(ctx, &sc), &sr) != NULL, "unknown schedule status refused");

  mlirContextDestroy(ctx);
  if (failures) return 1;
  printf("tileas_attrs: ok\n");
  return 0;
}

/* verify_stage: verifier rules of the TileAA / TileAS ops (tileaa.*, tileas.*), driven by their op
 * table dialect/stage_ops.def: region count, operand and result counts and type classes, required
 * attributes and attribute kinds; the TileAS decision attributes (layout, sched, schedule, the
 * atom / frag / mma enums) are read with the typed readers of lib/tileas/attrs.h, so the spelling
 * tables are the writer's. Also the TileAS attributes carried by cuda_tile ops (tileas.mma on
 * mmaf/mmai, tileas.sched, tileas.smem_bytes / tileas.target / tileas.num_warps on entries) and the
 * terminator of a tileaa.for body (cuda_tile.continue yielding the loop's result types). Errors are located at the
 * op. Not a pass; no knobs. Owner: frontend. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "frontend/verify.h"
#include "support/strbuf.h"
#include "tileas/attrs.h"

typedef struct stage_op {
  const char *layer, *name, *operands, *results, *attrs;
  int nregions;
} stage_op;

static const stage_op stage_ops[] = {
#define CT_STAGE_OP(layer, name, operands, results, attrs, nregions) {#layer, name, operands, results, attrs, nregions},
#include "dialect/stage_ops.def"
#undef CT_STAGE_OP
};
#define NSTAGE ((int)(sizeof stage_ops / sizeof stage_ops[0]))

static MlirStringRef sr(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool sref_prefix(MlirStringRef s, const char *p) {
  size_t n = strlen(p);
  return s.length >= n && memcmp(s.data, p, n) == 0;
}
static bool sref_eq(MlirStringRef s, const char *p) { return s.length == strlen(p) && sref_prefix(s, p); }

/* One `word` of a space-separated spec list: the i-th token, copied to buf. */
static bool spec_token(const char *spec, int i, char *buf, size_t cap) {
  const char *p = spec;
  for (;;) {
    while (*p == ' ') p++;
    if (!*p) return false;
    const char *e = p;
    while (*e && *e != ' ') e++;
    if (i-- == 0) {
      size_t n = (size_t)(e - p) < cap - 1 ? (size_t)(e - p) : cap - 1;
      memcpy(buf, p, n);
      buf[n] = 0;
      return true;
    }
    p = e;
  }
}

static bool report(ct_ctx *c, MlirOperation op, const char *fmt, ...) CT_PRINTF(3, 4);
static bool report(ct_ctx *c, MlirOperation op, const char *fmt, ...) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  ct_strbuf msg;
  ct_strbuf_init(&msg);
  ct_strbuf_printf(&msg, "'%.*s' op ", (int)n.length, n.data);
  va_list ap;
  va_start(ap, fmt);
  ct_strbuf_vprintf(&msg, fmt, ap);
  va_end(ap);
  ct_error_op(c, op, "%s", msg.data ? msg.data : "");
  ct_strbuf_free(&msg);
  return false;
}

/* Does type t belong to the class? (an opaque !ns.data type, or builtin i64 / any) */
static bool type_in_class(MlirType t, const char *cls) {
  if (!strcmp(cls, "any")) return true;
  if (!strcmp(cls, "i64")) return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64;
  if (!mlirTypeIsAOpaque(t)) return false;
  MlirStringRef ns = mlirOpaqueTypeGetDialectNamespace(t), d = mlirOpaqueTypeGetData(t);
  bool closed = d.length > 0 && d.data[d.length - 1] == '>';
  if (!strcmp(cls, "tile")) return sref_eq(ns, "cuda_tile") && sref_prefix(d, "tile<") && closed;
  if (!strcmp(cls, "itile"))
    return sref_eq(ns, "cuda_tile") && (sref_eq(d, "tile<i8>") || sref_eq(d, "tile<i16>") || sref_eq(d, "tile<i32>") ||
                                        sref_eq(d, "tile<i64>"));
  if (!strcmp(cls, "token")) return sref_eq(ns, "cuda_tile") && sref_eq(d, "token");
  if (!strcmp(cls, "view")) return sref_eq(ns, "tileaa") && sref_prefix(d, "view<") && closed;
  if (!strcmp(cls, "future"))
    return sref_eq(ns, "tileaa") && (sref_eq(d, "future<store>") || (sref_prefix(d, "future<tile<") && closed));
  if (!strcmp(cls, "smem")) return sref_eq(ns, "tileas") && sref_prefix(d, "smem<") && closed;
  if (!strcmp(cls, "pipe")) return sref_eq(ns, "tileas") && sref_prefix(d, "pipe<") && closed;
  if (!strcmp(cls, "slot")) return sref_eq(ns, "tileas") && sref_eq(d, "slot");
  return false;
}

static const char *class_desc(const char *cls) {
  static const char *const d[][2] = {
      {"i64", "i64"},           {"tile", "!cuda_tile.tile"}, {"itile", "an integer scalar !cuda_tile.tile (i8/i16/i32/i64)"}, {"token", "!cuda_tile.token"},
      {"view", "!tileaa.view"}, {"future", "!tileaa.future"}, {"smem", "!tileas.smem"},        {"pipe", "!tileas.pipe"},
      {"slot", "!tileas.slot"}, {"any", "any type"},
  };
  for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
    if (!strcmp(d[i][0], cls)) return d[i][1];
  return cls;
}

/* Match the values' types against a spec list ("name:class[?*] ..."), in order. */
static bool check_values(ct_ctx *c, MlirOperation op, const char *spec, bool operands) {
  int n = (int)(operands ? mlirOperationGetNumOperands(op) : mlirOperationGetNumResults(op));
  const char *what = operands ? "operand" : "result";
  char tok[64];
  int k = 0, min = 0;
  bool unbounded = false;
  int max = 0;
  for (int i = 0; spec_token(spec, i, tok, sizeof tok); i++) {
    size_t l = strlen(tok);
    if (tok[l - 1] == '*') unbounded = true;
    else if (tok[l - 1] != '?') min++;
    max++;
  }
  if (n < min || (!unbounded && n > max)) {
    if (unbounded) return report(c, op, "expects at least %d %ss, got %d", min, what, n);
    if (min == max) return report(c, op, "expects %d %ss, got %d", min, what, n);
    return report(c, op, "expects %d to %d %ss, got %d", min, max, what, n);
  }
  /* greedy: fixed entries take one value, `?` one when its class matches and enough values remain
   * for the fixed entries after it, `*` as many as match */
  int fixed_after[32] = {0};
  int nspec = 0;
  char specs[32][64];
  while (nspec < 32 && spec_token(spec, nspec, specs[nspec], sizeof specs[nspec])) nspec++;
  for (int i = nspec - 1, f = 0; i >= 0; i--) {
    fixed_after[i] = f;
    size_t l = strlen(specs[i]);
    if (specs[i][l - 1] != '?' && specs[i][l - 1] != '*') f++;
  }
  for (int i = 0; i < nspec; i++) {
    char *s = specs[i];
    size_t l = strlen(s);
    char mode = s[l - 1] == '?' || s[l - 1] == '*' ? s[l - 1] : 0;
    if (mode) s[l - 1] = 0;
    char *colon = strchr(s, ':');
    const char *cls = colon ? colon + 1 : "any";
    if (colon) *colon = 0;
    int take = mode == 0 ? 1 : 0;
    if (mode) {
      int avail = n - k - fixed_after[i];
      int lim = mode == '?' ? (avail > 0 ? 1 : 0) : avail;
      while (take < lim) {
        MlirValue v = operands ? mlirOperationGetOperand(op, k + take) : mlirOperationGetResult(op, k + take);
        if (!type_in_class(mlirValueGetType(v), cls)) break;
        take++;
      }
    }
    for (int j = 0; j < take; j++, k++) {
      MlirValue v = operands ? mlirOperationGetOperand(op, k) : mlirOperationGetResult(op, k);
      if (!type_in_class(mlirValueGetType(v), cls)) {
        ct_strbuf t;
        ct_strbuf_init(&t);
        mlirTypePrint(mlirValueGetType(v), ct_strbuf_mlir_callback, &t);
        report(c, op, "%s #%d ('%s') must be %s, got '%s'", what, k, s, class_desc(cls), t.data ? t.data : "");
        ct_strbuf_free(&t);
        return false;
      }
    }
  }
  if (k != n) return report(c, op, "%s #%d has an unexpected type", what, k);
  return true;
}

/* Kind check of one attribute; NULL or what is wrong. */
static const char *check_attr_kind(MlirAttribute a, const char *kind) {
  if (!strcmp(kind, "any")) return NULL;
  if (!strcmp(kind, "i64") || !strcmp(kind, "i32")) {
    if (!mlirAttributeIsAInteger(a)) return "must be an integer attribute";
    MlirType t = mlirAttributeGetType(a);
    if (!mlirTypeIsAInteger(t) || (int)mlirIntegerTypeGetWidth(t) != (kind[1] == '6' ? 64 : 32))
      return kind[1] == '6' ? "must be an i64 integer" : "must be an i32 integer";
    return NULL;
  }
  if (!strcmp(kind, "warps")) {
    const char *not_i64 = check_attr_kind(a, "i64");
    if (not_i64) return not_i64;
    int64_t w = mlirIntegerAttrGetValueInt(a);
    return w >= 1 && w <= 32 && !(w & (w - 1)) ? NULL : "must be a power of two from 1 to 32 (warps per CTA)";
  }
  if (!strcmp(kind, "str")) return mlirAttributeIsAString(a) ? NULL : "must be a string attribute";
  if (!strcmp(kind, "bool")) return mlirAttributeIsABool(a) ? NULL : "must be a bool attribute";
  if (!strcmp(kind, "type")) return mlirAttributeIsAType(a) ? NULL : "must be a type attribute";
  if (!strcmp(kind, "i64arr")) return mlirAttributeIsADenseI64Array(a) ? NULL : "must be an array<i64: ...>";
  if (!strcmp(kind, "i32arr")) return mlirAttributeIsADenseI32Array(a) ? NULL : "must be an array<i32: ...>";
  if (!strcmp(kind, "layout")) {
    ct_tileas_layout l;
    return ct_tileas_layout_read(a, &l);
  }
  if (!strcmp(kind, "atom") || !strcmp(kind, "frag") || !strcmp(kind, "mma")) {
    if (!mlirAttributeIsAString(a)) return "must be a string attribute";
    MlirStringRef s = mlirStringAttrGetValue(a);
    ct_atom at;
    ct_frag fr;
    ct_mma_family mf;
    if (!strcmp(kind, "atom") && !ct_atom_from_name(s, &at)) return "is not simt, cp_async or tma";
    if (!strcmp(kind, "frag") && !ct_frag_from_name(s, &fr))
      return "is not blocked, ldmatrix, wgmma_smem, tcgen05_smem, tcgen05_tmem, wgmma_acc, tcgen05_acc or mma_reg";
    if (!strcmp(kind, "mma") && !ct_mma_family_from_name(s, &mf)) return "is not mma.sync, wgmma, tcgen05.mma or fma";
    return NULL;
  }
  if (!strcmp(kind, "reg_layout")) return ct_tileas_reg_layout_form(a);
  if (!strcmp(kind, "reg_layouts")) return ct_tileas_reg_layouts_form(a);
  if (!strcmp(kind, "sched")) {
    int64_t st, cy;
    return ct_tileas_sched_read(a, &st, &cy);
  }
  if (!strcmp(kind, "schedule")) {
    ct_tileas_schedule s;
    return ct_tileas_schedule_read(a, &s);
  }
  if (!strcmp(kind, "barriers")) {
    ct_tileas_barriers b;
    return ct_tileas_barriers_read(a, &b);
  }
  if (!strcmp(kind, "tmem")) {
    ct_tileas_tmem t;
    return ct_tileas_tmem_read(a, &t);
  }
  if (!strcmp(kind, "smem_offset")) { /* a swizzled buffer's byte offset in the kernel's shared memory */
    const char *not_i64 = check_attr_kind(a, "i64");
    if (not_i64) return not_i64;
    int64_t o = mlirIntegerAttrGetValueInt(a);
    return o >= 0 && o % 1024 == 0 ? NULL : "must be a non-negative multiple of 1024 (the 128B swizzle pattern repeat)";
  }
  if (!strcmp(kind, "pipeline")) {
    bool heavy;
    int ctas;
    return ct_tileas_pipeline_read(a, &heavy, &ctas);
  }
  if (!strcmp(kind, "agents")) {
    ct_tileas_ws w;
    return ct_tileas_agents_read(a, &w);
  }
  return "has an unknown kind";
}

static bool check_attrs(ct_ctx *c, MlirOperation op, const char *spec) {
  char tok[96];
  for (int i = 0; spec_token(spec, i, tok, sizeof tok); i++) {
    size_t l = strlen(tok);
    bool required = tok[l - 1] == '!';
    if (required) tok[l - 1] = 0;
    char *colon = strchr(tok, ':');
    if (!colon) continue;
    *colon = 0;
    MlirAttribute a = mlirOperationGetAttributeByName(op, sr(tok));
    if (mlirAttributeIsNull(a)) {
      if (required) return report(c, op, "requires attribute '%s'", tok);
      continue;
    }
    const char *kind = colon + 1;
    const char *why = check_attr_kind(a, kind);
    bool dict = !strcmp(kind, "layout") || !strcmp(kind, "sched") || !strcmp(kind, "schedule") || !strcmp(kind, "reg_layout") ||
                !strcmp(kind, "reg_layouts") || !strcmp(kind, "barriers") || !strcmp(kind, "pipeline") ||
                !strcmp(kind, "agents") || !strcmp(kind, "tmem");
    if (why) return report(c, op, dict ? "attribute '%s' is invalid: %s" : "attribute '%s' %s", tok, why);
  }
  return true;
}

static const stage_op *find_stage_op(MlirStringRef n) {
  for (int i = 0; i < NSTAGE; i++) {
    size_t ll = strlen(stage_ops[i].layer), nl = strlen(stage_ops[i].name);
    if (n.length == ll + 1 + nl && !memcmp(n.data, stage_ops[i].layer, ll) && n.data[ll] == '.' &&
        !memcmp(n.data + ll + 1, stage_ops[i].name, nl))
      return &stage_ops[i];
  }
  return NULL;
}

bool ct_verify_stage_is_stage_op(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return sref_prefix(n, "tileaa.") || sref_prefix(n, "tileas.");
}

/* A cuda_tile.continue of a tileaa.for (ending its body, or in `if`s nested in it): its operands
 * are the loop's result types. */
bool ct_verify_stage_continue(ct_ctx *c, MlirOperation op, bool *handled) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  *handled = false;
  while (!mlirOperationIsNull(p) && sref_eq(mlirIdentifierStr(mlirOperationGetName(p)), "cuda_tile.if"))
    p = mlirOperationGetParentOperation(p);
  if (mlirOperationIsNull(p) || !sref_eq(mlirIdentifierStr(mlirOperationGetName(p)), "tileaa.for")) return true;
  *handled = true;
  intptr_t n = mlirOperationGetNumOperands(op), r = mlirOperationGetNumResults(p);
  if (n != r) return report(c, op, "yields %d values, but the enclosing tileaa.for has %d results", (int)n, (int)r);
  for (intptr_t i = 0; i < n; i++)
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, i)), mlirValueGetType(mlirOperationGetResult(p, i))))
      return report(c, op, "operand #%d does not have the type of the enclosing tileaa.for's result #%d", (int)i, (int)i);
  return true;
}

/* tileas.reg_layouts has one entry per loop-carried value (for: operands after lb, ub, step;
 * tileaa.for: after the trip count; loop: every operand) or per result (if), tileas.result_layouts
 * one per result of a loop (layout_propagate.c). */
static bool check_layout_counts(ct_ctx *c, MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  intptr_t nops = mlirOperationGetNumOperands(op), nres = mlirOperationGetNumResults(op);
  intptr_t carried = sref_eq(n, "cuda_tile.for") ? nops - 3 : sref_eq(n, "tileaa.for") ? nops - 1
                     : sref_eq(n, "cuda_tile.loop")                                    ? nops
                     : sref_eq(n, "cuda_tile.if")                                      ? nres
                                                                                       : -1;
  static const char *const keys[2] = {"tileas.reg_layouts", "tileas.result_layouts"};
  for (int k = 0; k < 2; k++) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, sr(keys[k]));
    if (mlirAttributeIsNull(a)) continue;
    intptr_t want = k == 0 ? carried : sref_eq(n, "cuda_tile.loop") ? nres : -1;
    if (want < 0) return report(c, op, "attribute '%s' belongs on %s only", keys[k], k == 0 ? "for, loop, if and tileaa.for" : "loop");
    if (mlirArrayAttrGetNumElements(a) != want)
      return report(c, op, "attribute '%s' has %d entries, but the op has %d %s", keys[k],
                    (int)mlirArrayAttrGetNumElements(a), (int)want, k == 0 && carried != nres ? "carried values" : "results");
  }
  return true;
}

/* A schedule slot (tileas.sched) belongs to an op of a modulo-scheduled loop: the nearest loop
 * around it carries the loop's schedule summary (tileas.schedule). */
static bool check_sched_slot(ct_ctx *c, MlirOperation op) {
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sr("tileas.sched")))) return true;
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p)) {
    if (ct_op_is_loop(p)) {
      if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(p, sr("tileas.schedule")))) return true;
      break;
    }
  }
  return report(c, op, "has a schedule slot (tileas.sched) outside a modulo-scheduled loop (the loop around it has no "
                "tileas.schedule)");
}

/* An mmaf's TMEM columns (tileas.tmem, the Blackwell path) hold its accumulator: tile N 32-bit
 * columns per batch element from `column` on, inside the allocation; only an mmaf / mmai has them
 * (or an A / B staging buffer, tileas.a_staging_offset / tileas.b_staging_offset). */
static bool check_mma_smem_attrs(ct_ctx *c, MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sr("tileas.tmem"));
  bool mma = ct_op_is(op, "cuda_tile.mmaf") || ct_op_is(op, "cuda_tile.mmai");
  if (!mma && (!mlirAttributeIsNull(a) || !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sr("tileas.b_staging_offset"))) ||
               !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sr("tileas.a_staging_offset")))))
    return report(c, op, "has tileas.tmem, tileas.a_staging_offset or tileas.b_staging_offset, which only an mmaf or mmai "
                  "carries");
  ct_tileas_tmem t;
  ct_type ty;
  if (mlirAttributeIsNull(a) || ct_tileas_tmem_read(a, &t) || !ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &ty) ||
      ty.kind != CT_TYPE_TILE || ty.rank < 2)
    return true;
  int64_t cols = ty.shape[ty.rank - 1] * (ty.rank == 3 ? ty.shape[0] : 1);
  if (t.column + cols > t.columns)
    return report(c, op, "attribute 'tileas.tmem' is invalid: the accumulator's %lld TMEM columns from column %lld exceed "
                  "the allocation of %lld", (long long)cols, (long long)t.column, (long long)t.columns);
  return true;
}

/* The TileAS attributes a cuda_tile op may carry. */
bool ct_verify_stage_attrs_on_cuda_tile(ct_ctx *c, MlirOperation op) {
  if (!check_attrs(c, op, "tileas.mma:mma tileas.reg_layout:reg_layout tileas.sched:sched tileas.schedule:schedule "
                   "tileas.smem_bytes:i64 tileas.target:str tileas.num_warps:warps tileas.reg_layouts:reg_layouts "
                   "tileas.result_layouts:reg_layouts tileas.tmem:tmem tileas.a_staging_offset:smem_offset "
                   "tileas.b_staging_offset:smem_offset"))
    return false;
  return check_layout_counts(c, op) && check_sched_slot(c, op) && check_mma_smem_attrs(c, op);
}

/* The leading dimension (the stage count) of a `!tileas.smem<S x ...>` / `!tileas.pipe<S x ...>`
 * type, and the text after it; false when the type does not have one. */
static bool stage_dim(MlirType t, const char *prefix, int64_t *stages, MlirStringRef *rest) {
  if (!mlirTypeIsAOpaque(t)) return false;
  MlirStringRef d = mlirOpaqueTypeGetData(t);
  size_t k = strlen(prefix);
  if (!sref_prefix(d, prefix)) return false;
  int64_t v = 0;
  size_t i = k;
  while (i < d.length && d.data[i] >= '0' && d.data[i] <= '9' && v < (INT64_MAX - 9) / 10) v = v * 10 + (d.data[i++] - '0');
  if (i == k || i >= d.length || d.data[i] != 'x') return false;
  *stages = v;
  *rest = (MlirStringRef){d.data + i, d.length - i};
  return true;
}

static MlirOperation defining_op(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

static bool op_named(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) && sref_eq(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

/* Semantic rules between TileAS ops (their decisions must agree, or the code generator would
 * follow a contradiction): an alloc's bytes are stages x stage_bytes and its type has `stages`
 * stages; a pipe has its buffer's stage count and tile type, and a TMA pipe expects one stage's
 * bytes; a consume or release takes a slot its own pipe produced; a consume's TMA boxes tile its
 * tile; a produce's swizzle is its buffer's; a schedule slot is only inside a scheduled loop. */
static bool check_semantics(ct_ctx *c, MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (sref_eq(n, "tileaa.for")) return check_layout_counts(c, op);
  if (sref_eq(n, "tileas.convert_layout")) {
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, 0)), mlirValueGetType(mlirOperationGetResult(op, 0))))
      return report(c, op, "changes the type; a layout conversion keeps it (only the register layout changes)");
    return true;
  }
  if (sref_eq(n, "tileas.alloc")) {
    ct_tileas_alloc al;
    const char *bad = ct_tileas_alloc_read(op, &al);
    if (bad) return report(c, op, "%s", bad);
    if (al.stages < 1) return report(c, op, "has %lld stages; a buffer needs at least one", (long long)al.stages);
    if (al.bytes != al.stages * al.stage_bytes)
      return report(c, op, "bytes (%lld) is not stages x stage_bytes (%lld x %lld)", (long long)al.bytes,
                    (long long)al.stages, (long long)al.stage_bytes);
    int64_t ts;
    MlirStringRef rest;
    if (!stage_dim(mlirValueGetType(mlirOperationGetResult(op, 0)), "smem<", &ts, &rest) || ts != al.stages)
      return report(c, op, "result type does not have the %lld stages of its `stages`", (long long)al.stages);
    return true;
  }
  if (sref_eq(n, "tileas.pipe")) {
    ct_tileas_pipe pi;
    const char *bad = ct_tileas_pipe_read(op, &pi);
    if (bad) return report(c, op, "%s", bad);
    MlirOperation alloc = defining_op(mlirOperationGetOperand(op, 0));
    ct_tileas_alloc al;
    if (!op_named(alloc, "tileas.alloc") || ct_tileas_alloc_read(alloc, &al))
      return report(c, op, "operand #0 must be the result of a tileas.alloc");
    if (pi.stages != al.stages)
      return report(c, op, "has %lld stages but its buffer (tileas.alloc) has %lld", (long long)pi.stages, (long long)al.stages);
    if (pi.producer == CT_ATOM_TMA && pi.tx_bytes != al.stage_bytes)
      return report(c, op, "tx_bytes (%lld) of a TMA pipe must be one stage of its buffer (%lld bytes)", (long long)pi.tx_bytes,
                    (long long)al.stage_bytes);
    int64_t ps, bs;
    MlirStringRef prest, brest;
    if (!stage_dim(mlirValueGetType(mlirOperationGetResult(op, 0)), "pipe<", &ps, &prest) ||
        !stage_dim(mlirValueGetType(mlirOperationGetOperand(op, 0)), "smem<", &bs, &brest) || ps != pi.stages ||
        !mlirStringRefEqual(prest, brest))
      return report(c, op, "result type must be !tileas.pipe of its buffer's stages and tile");
    return true;
  }
  if (sref_eq(n, "tileas.consume") || sref_eq(n, "tileas.release")) {
    MlirOperation prod = defining_op(mlirOperationGetOperand(op, 1));
    if (!op_named(prod, "tileas.produce")) return report(c, op, "operand #1 must be the slot of a tileas.produce");
    if (!mlirValueEqual(mlirOperationGetOperand(prod, 0), mlirOperationGetOperand(op, 0)))
      return report(c, op, "takes a slot produced on another pipe");
    ct_tileas_layout lay;
    ct_type t;
    if (sref_eq(n, "tileas.consume") && ct_tileas_op_layout(op, &lay) && lay.atom == CT_ATOM_TMA &&
        ct_type_from_mlir(mlirValueGetType(mlirOperationGetResult(op, 0)), &t) && t.kind == CT_TYPE_TILE) {
      /* the TMA boxes tile the tile: per dimension a whole number of boxes, `boxes` of them in all */
      int64_t count = 1;
      bool tiles = lay.rank == t.rank;
      for (int d = 0; tiles && d < t.rank; d++) {
        tiles = lay.box[d] > 0 && t.shape[d] % lay.box[d] == 0;
        if (tiles) count *= t.shape[d] / lay.box[d];
      }
      if (!tiles || count != lay.boxes)
        return report(c, op, "layout's TMA boxes (box, boxes) do not tile its %d-D tile", (int)t.rank);
    }
    return true;
  }
  if (sref_eq(n, "tileas.produce")) {
    ct_tileas_layout lay;
    ct_tileas_alloc al;
    MlirOperation pipe = defining_op(mlirOperationGetOperand(op, 0));
    MlirOperation alloc = op_named(pipe, "tileas.pipe") ? defining_op(mlirOperationGetOperand(pipe, 0)) : (MlirOperation){NULL};
    if (ct_tileas_op_layout(op, &lay) && lay.atom != CT_ATOM_SIMT && op_named(alloc, "tileas.alloc") &&
        !ct_tileas_alloc_read(alloc, &al) && lay.swizzle != al.swizzle)
      return report(c, op, "layout's swizzle (%d bytes) differs from its buffer's (tileas.alloc: %d bytes); the fill and "
                    "its readers must agree on one", lay.swizzle, al.swizzle);
    return true;
  }
  return true;
}

bool ct_verify_stage_op(ct_ctx *c, MlirOperation op) {
  const stage_op *s = find_stage_op(mlirIdentifierStr(mlirOperationGetName(op)));
  if (!s) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    ct_error_op(c, op, "unknown operation '%.*s'", (int)n.length, n.data);
    return false;
  }
  if (mlirOperationGetNumRegions(op) != s->nregions)
    return report(c, op, "expects %d regions, got %d", s->nregions, (int)mlirOperationGetNumRegions(op));
  return check_values(c, op, s->operands, true) && check_values(c, op, s->results, false) &&
         check_attrs(c, op, s->attrs) && check_semantics(c, op) && check_sched_slot(c, op);
}

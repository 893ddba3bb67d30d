/* attrs: builds and reads TileAS's structured decision attributes (layout dictionaries, alloc and
 * pipe attributes, the mma family, schedule slots and loop schedule summaries) and holds the one
 * spelling table of each TileAS enum. Writers (from_tileaa.c, sched_ir.c) and readers (the
 * scheduler, code generation, the verifier) use only these functions. Not a pass; no knobs.
 * Contract: attrs.h and docs/tileaa-tileas.md. Owner: tileas. */
#include "tileas/attrs.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- spelling tables ---- */
static const char *const atom_names[] = {
    [CT_ATOM_SIMT] = "simt",
    [CT_ATOM_CP_ASYNC] = "cp_async",
    [CT_ATOM_TMA] = "tma",
};
static const char *const frag_names[] = {
    [CT_FRAG_BLOCKED] = "blocked",           [CT_FRAG_LDMATRIX] = "ldmatrix",
    [CT_FRAG_WGMMA_SMEM] = "wgmma_smem",     [CT_FRAG_TCGEN05_SMEM] = "tcgen05_smem",
    [CT_FRAG_TCGEN05_TMEM] = "tcgen05_tmem", [CT_FRAG_WGMMA_ACC] = "wgmma_acc",
    [CT_FRAG_TCGEN05_ACC] = "tcgen05_acc",   [CT_FRAG_MMA_REG] = "mma_reg",
};
static const char *const mma_names[] = {
    [CT_MMA_SYNC] = "mma.sync",
    [CT_MMA_WGMMA] = "wgmma",
    [CT_MMA_TCGEN05] = "tcgen05.mma",
    [CT_MMA_FMA] = "fma",
};
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

static bool sref_eq(MlirStringRef s, const char *lit) {
  size_t n = strlen(lit);
  return s.length == n && memcmp(s.data, lit, n) == 0;
}

static int lookup(const char *const *tab, int n, MlirStringRef s) {
  for (int i = 0; i < n; i++)
    if (tab[i] && sref_eq(s, tab[i])) return i;
  return -1;
}

const char *ct_atom_name(ct_atom a) { return (int)a >= 0 && (int)a < NELEM(atom_names) ? atom_names[a] : "?"; }
const char *ct_frag_name(ct_frag f) { return (int)f >= 0 && (int)f < NELEM(frag_names) ? frag_names[f] : "?"; }
const char *ct_mma_family_name(ct_mma_family f) { return (int)f >= 0 && (int)f < NELEM(mma_names) ? mma_names[f] : "?"; }

bool ct_atom_from_name(MlirStringRef s, ct_atom *out) {
  int i = lookup(atom_names, NELEM(atom_names), s);
  if (i >= 0) *out = (ct_atom)i;
  return i >= 0;
}
bool ct_frag_from_name(MlirStringRef s, ct_frag *out) {
  int i = lookup(frag_names, NELEM(frag_names), s);
  if (i >= 0) *out = (ct_frag)i;
  return i >= 0;
}
bool ct_mma_family_from_name(MlirStringRef s, ct_mma_family *out) {
  int i = lookup(mma_names, NELEM(mma_names), s);
  if (i >= 0) *out = (ct_mma_family)i;
  return i >= 0;
}

/* ---- small builders / readers ---- */
static MlirStringRef sr(const char *s) { return mlirStringRefCreateFromCString(s); }
static MlirNamedAttribute named(MlirContext ctx, const char *k, MlirAttribute v) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, sr(k)), v);
}
static MlirAttribute i64(MlirContext ctx, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v); }
static MlirAttribute str(MlirContext ctx, const char *s) { return mlirStringAttrGet(ctx, sr(s)); }

/* Looks up key in a dictionary or, when dict is null, on op. */
typedef struct src {
  MlirAttribute dict;
  MlirOperation op;
} src;
static MlirAttribute get(src s, const char *key) {
  if (!mlirAttributeIsNull(s.dict)) return mlirDictionaryAttrGetElementByName(s.dict, sr(key));
  return mlirOperationGetAttributeByName(s.op, sr(key));
}
static bool get_i64(src s, const char *key, int64_t *out) {
  MlirAttribute a = get(s, key);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}
static bool get_str(src s, const char *key, MlirStringRef *out) {
  MlirAttribute a = get(s, key);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) return false;
  *out = mlirStringAttrGetValue(a);
  return true;
}
static void copy_str(char *dst, size_t cap, MlirStringRef s) {
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(dst, s.data, n);
  dst[n] = 0;
}
static bool valid_swizzle(int64_t v) { return v == 0 || v == 32 || v == 64 || v == 128; }

/* ---- layout ---- */
MlirAttribute ct_tileas_layout_attr(MlirContext ctx, const ct_tileas_layout *l) {
  MlirNamedAttribute e[16];
  int n = 0;
  e[n++] = named(ctx, "atom", str(ctx, ct_atom_name(l->atom)));
  if (l->atom != CT_ATOM_SIMT) e[n++] = named(ctx, "swizzle", i64(ctx, l->swizzle));
  e[n++] = named(ctx, "frag", str(ctx, ct_frag_name(l->frag)));
  if (l->atom == CT_ATOM_TMA) {
    e[n++] = named(ctx, "box", mlirDenseI64ArrayGet(ctx, l->rank, l->box));
    e[n++] = named(ctx, "boxes", i64(ctx, l->boxes));
  }
  e[n++] = named(ctx, "score", mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), l->score));
  e[n++] = named(ctx, "smem_tx", i64(ctx, l->smem_tx));
  e[n++] = named(ctx, "tmem_cycles", i64(ctx, l->tmem_cycles));
  e[n++] = named(ctx, "regs", i64(ctx, l->regs));
  e[n++] = named(ctx, "conflicts", i64(ctx, l->conflicts));
  e[n++] = named(ctx, "legal", i64(ctx, l->legal));
  e[n++] = named(ctx, "candidates", i64(ctx, l->candidates));
  if (l->bias[0]) e[n++] = named(ctx, "bias", str(ctx, l->bias));
  return mlirDictionaryAttrGet(ctx, n, e);
}

const char *ct_tileas_layout_read(MlirAttribute a, ct_tileas_layout *l) {
  memset(l, 0, sizeof *l);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "the layout is not a dictionary attribute";
  src s = {a, {NULL}};
  MlirStringRef t;
  if (!get_str(s, "atom", &t)) return "the layout has no string 'atom'";
  if (!ct_atom_from_name(t, &l->atom)) return "the layout's 'atom' is not simt, cp_async or tma";
  if (!get_str(s, "frag", &t)) return "the layout has no string 'frag'";
  if (!ct_frag_from_name(t, &l->frag)) return "the layout's 'frag' is not a known fragment";
  if (l->atom != CT_ATOM_SIMT) {
    int64_t swz;
    if (!get_i64(s, "swizzle", &swz)) return "the layout has no integer 'swizzle'";
    if (!valid_swizzle(swz)) return "the layout's 'swizzle' is not 0, 32, 64 or 128";
    l->swizzle = (int)swz;
  }
  if (l->atom == CT_ATOM_TMA) {
    MlirAttribute b = mlirDictionaryAttrGetElementByName(a, sr("box"));
    if (mlirAttributeIsNull(b) || !mlirAttributeIsADenseI64Array(b)) return "the layout has no 'box' (array<i64>)";
    intptr_t r = mlirDenseArrayGetNumElements(b);
    if (r < 1 || r > CT_MAX_RANK) return "the layout's 'box' has a bad rank";
    l->rank = (int)r;
    for (intptr_t i = 0; i < r; i++) l->box[i] = mlirDenseI64ArrayGetElement(b, i);
    if (!get_i64(s, "boxes", &l->boxes)) return "the layout has no integer 'boxes'";
  }
  MlirAttribute sc = mlirDictionaryAttrGetElementByName(a, sr("score"));
  if (mlirAttributeIsNull(sc) || !mlirAttributeIsAFloat(sc)) return "the layout has no float 'score'";
  l->score = mlirFloatAttrGetValueDouble(sc);
  if (!get_i64(s, "smem_tx", &l->smem_tx) || !get_i64(s, "tmem_cycles", &l->tmem_cycles) ||
      !get_i64(s, "regs", &l->regs) || !get_i64(s, "conflicts", &l->conflicts) || !get_i64(s, "legal", &l->legal) ||
      !get_i64(s, "candidates", &l->candidates))
    return "the layout lacks one of the integer costs smem_tx, tmem_cycles, regs, conflicts, legal, candidates";
  if (!mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(a, sr("bias")))) {
    if (!get_str(s, "bias", &t)) return "the layout's 'bias' is not a string";
    if (!sref_eq(t, "prefer_tma") && !sref_eq(t, "always_swizzle") && !sref_eq(t, "prefer_tma+always_swizzle"))
      return "the layout's 'bias' is not prefer_tma, always_swizzle or prefer_tma+always_swizzle";
    copy_str(l->bias, sizeof l->bias, t);
  }
  return NULL;
}

bool ct_tileas_op_layout(MlirOperation op, ct_tileas_layout *out) {
  return ct_tileas_layout_read(mlirOperationGetAttributeByName(op, sr("layout")), out) == NULL;
}

/* ---- alloc ---- */
int ct_tileas_alloc_attrs(MlirContext ctx, const ct_tileas_alloc *a, MlirNamedAttribute attrs[5]) {
  attrs[0] = named(ctx, "bytes", i64(ctx, a->bytes));
  attrs[1] = named(ctx, "stage_bytes", i64(ctx, a->stage_bytes));
  attrs[2] = named(ctx, "stages", i64(ctx, a->stages));
  attrs[3] = named(ctx, "alignment", i64(ctx, a->alignment));
  attrs[4] = named(ctx, "swizzle", i64(ctx, a->swizzle));
  return 5;
}

const char *ct_tileas_alloc_read(MlirOperation op, ct_tileas_alloc *a) {
  memset(a, 0, sizeof *a);
  src s = {{NULL}, op};
  int64_t swz;
  if (!get_i64(s, "bytes", &a->bytes) || !get_i64(s, "stage_bytes", &a->stage_bytes) ||
      !get_i64(s, "stages", &a->stages) || !get_i64(s, "alignment", &a->alignment) || !get_i64(s, "swizzle", &swz))
    return "tileas.alloc needs integer attributes bytes, stage_bytes, stages, alignment and swizzle";
  if (!valid_swizzle(swz)) return "tileas.alloc 'swizzle' is not 0, 32, 64 or 128";
  a->swizzle = (int)swz;
  return NULL;
}

void ct_tileas_alloc_set(MlirOperation op, const ct_tileas_alloc *a) {
  MlirNamedAttribute attrs[5];
  int n = ct_tileas_alloc_attrs(mlirOperationGetContext(op), a, attrs);
  for (int i = 0; i < n; i++) mlirOperationSetAttributeByName(op, mlirIdentifierStr(attrs[i].name), attrs[i].attribute);
}

/* ---- shared-memory assignment ---- */
/* An i64 byte offset attribute `name` on op: set, and read (false when absent; *why set when it
 * is not an integer: "<name> is not an integer"). */
static void set_offset_attr(MlirOperation op, const char *name, int64_t offset) {
  mlirOperationSetAttributeByName(op, sr(name), i64(mlirOperationGetContext(op), offset));
}

static bool read_offset_attr(MlirOperation op, const char *name, const char *not_integer, int64_t *offset,
                             const char **why) {
  *why = NULL;
  MlirAttribute a = mlirOperationGetAttributeByName(op, sr(name));
  if (mlirAttributeIsNull(a)) return false;
  if (!mlirAttributeIsAInteger(a)) {
    *why = not_integer;
    return false;
  }
  *offset = mlirIntegerAttrGetValueInt(a);
  return true;
}

void ct_tileas_set_offset(MlirOperation alloc, int64_t offset) { set_offset_attr(alloc, "tileas.offset", offset); }

bool ct_tileas_op_offset(MlirOperation alloc, int64_t *offset, const char **why) {
  return read_offset_attr(alloc, "tileas.offset", "tileas.offset is not an integer", offset, why);
}

void ct_tileas_set_b_staging_offset(MlirOperation mma, int64_t offset) {
  set_offset_attr(mma, "tileas.b_staging_offset", offset);
}

bool ct_tileas_op_b_staging_offset(MlirOperation mma, int64_t *offset, const char **why) {
  return read_offset_attr(mma, "tileas.b_staging_offset", "tileas.b_staging_offset is not an integer", offset, why);
}

void ct_tileas_set_a_staging_offset(MlirOperation mma, int64_t offset) {
  set_offset_attr(mma, "tileas.a_staging_offset", offset);
}

bool ct_tileas_op_a_staging_offset(MlirOperation mma, int64_t *offset, const char **why) {
  return read_offset_attr(mma, "tileas.a_staging_offset", "tileas.a_staging_offset is not an integer", offset, why);
}

MlirAttribute ct_tileas_barriers_attr(MlirContext ctx, const ct_tileas_barriers *b) {
  MlirNamedAttribute na[4];
  int n = 0;
  na[n++] = named(ctx, "full", i64(ctx, b->full));
  if (b->empty >= 0) na[n++] = named(ctx, "empty", i64(ctx, b->empty));
  if (b->full_arrivals >= 0) na[n++] = named(ctx, "full_arrivals", i64(ctx, b->full_arrivals));
  if (b->empty_arrivals >= 0) na[n++] = named(ctx, "empty_arrivals", i64(ctx, b->empty_arrivals));
  return mlirDictionaryAttrGet(ctx, n, na);
}

static bool get_opt_i64(MlirAttribute dict, const char *key, int64_t *out);

void ct_tileas_set_tmem(MlirOperation mma, const ct_tileas_tmem *t) {
  MlirContext ctx = mlirOperationGetContext(mma);
  MlirNamedAttribute na[6] = {named(ctx, "column", i64(ctx, t->column)), named(ctx, "columns", i64(ctx, t->columns)),
                              named(ctx, "done", i64(ctx, t->done)), named(ctx, "slot", i64(ctx, t->slot))};
  int n = 4;
  if (t->order >= 0) na[n++] = named(ctx, "order", i64(ctx, t->order));
  if (t->a_staging >= 0) na[n++] = named(ctx, "a_staging", i64(ctx, t->a_staging));
  mlirOperationSetAttributeByName(mma, sr("tileas.tmem"), mlirDictionaryAttrGet(ctx, n, na));
}

bool ct_tileas_op_tmem(MlirOperation mma, ct_tileas_tmem *out, const char **why) {
  *why = NULL;
  MlirAttribute a = mlirOperationGetAttributeByName(mma, sr("tileas.tmem"));
  if (mlirAttributeIsNull(a)) return false;
  return !(*why = ct_tileas_tmem_read(a, out));
}

const char *ct_tileas_tmem_read(MlirAttribute a, ct_tileas_tmem *out) {
  src s = {a, {NULL}};
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a) || !get_i64(s, "column", &out->column) ||
      !get_i64(s, "columns", &out->columns) || !get_i64(s, "done", &out->done) || !get_i64(s, "slot", &out->slot) ||
      !get_opt_i64(a, "order", &out->order) || !get_opt_i64(a, "a_staging", &out->a_staging))
    return "tileas.tmem must be a dictionary of integers column, columns, done and slot (and optionally order, a_staging)";
  int64_t c = out->columns;
  if (c < 32 || c > 512 || (c & (c - 1))) return "tileas.tmem's columns must be a power of two from 32 to 512 (tcgen05.alloc)";
  if (out->column < 0 || out->column >= c) return "tileas.tmem's column is not inside its allocation (0 to columns - 1)";
  if (out->done < 0 || out->done % 8 || out->slot < 0 || out->slot % 4)
    return "tileas.tmem's done (an mbarrier) must be a multiple of 8 and its slot a multiple of 4";
  if (out->order < -1 || (out->order >= 0 && out->order % 8)) return "tileas.tmem's order (two mbarriers) must be a multiple of 8";
  if (out->a_staging < -1 || (out->a_staging >= 0 && out->a_staging % 1024))
    return "tileas.tmem's a_staging is not a multiple of 1024 (the 128B swizzle pattern repeat)";
  return NULL;
}

/* Optional integer key: -1 when absent; false when present but not an integer. */
static bool get_opt_i64(MlirAttribute dict, const char *key, int64_t *out) {
  *out = -1;
  if (mlirAttributeIsNull(mlirDictionaryAttrGetElementByName(dict, sr(key)))) return true;
  return get_i64((src){dict, {NULL}}, key, out);
}

const char *ct_tileas_barriers_read(MlirAttribute a, ct_tileas_barriers *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "tileas.barriers is not a dictionary attribute";
  src s = {a, {NULL}};
  if (!get_i64(s, "full", &out->full)) return "tileas.barriers needs an integer 'full'";
  if (!get_opt_i64(a, "empty", &out->empty)) return "tileas.barriers' 'empty' is not an integer";
  if (!get_opt_i64(a, "full_arrivals", &out->full_arrivals) || !get_opt_i64(a, "empty_arrivals", &out->empty_arrivals))
    return "tileas.barriers' arrival counts are not integers";
  if (out->full_arrivals == 0 || out->full_arrivals < -1 || out->empty_arrivals == 0 || out->empty_arrivals < -1)
    return "tileas.barriers' arrival counts must be positive";
  if (out->full < 0 || out->full % 8 || out->empty < -1 || (out->empty >= 0 && out->empty % 8))
    return "an mbarrier offset (tileas.barriers) is not a multiple of 8";
  return NULL;
}

/* ---- warp specialization ---- */
static const char *const role_names[] = {[CT_AGENT_PRODUCER] = "producer", [CT_AGENT_CONSUMER] = "consumer"};
const char *ct_agent_role_name(ct_agent_role r) { return (int)r >= 0 && (int)r < NELEM(role_names) ? role_names[r] : "?"; }

MlirAttribute ct_tileas_pipeline_attr(MlirContext ctx, bool heavy, int ctas_per_sm) {
  MlirNamedAttribute e[3] = {named(ctx, "ctas_per_sm", i64(ctx, ctas_per_sm)),
                             named(ctx, "strategy", str(ctx, "warp_specialize")),
                             named(ctx, "variant", str(ctx, heavy ? "heavy" : "light"))};
  return mlirDictionaryAttrGet(ctx, 3, e);
}

const char *ct_tileas_pipeline_read(MlirAttribute a, bool *heavy, int *ctas_per_sm) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "tileas.pipeline is not a dictionary attribute";
  src s = {a, {NULL}};
  MlirStringRef st, va;
  if (!get_str(s, "strategy", &st) || !sref_eq(st, "warp_specialize"))
    return "tileas.pipeline needs strategy = \"warp_specialize\" (the modulo pipeline has no attribute)";
  if (!get_str(s, "variant", &va) || !(sref_eq(va, "light") || sref_eq(va, "heavy")))
    return "tileas.pipeline needs variant = \"light\" or \"heavy\"";
  *heavy = sref_eq(va, "heavy");
  int64_t ctas = 1;
  MlirAttribute ca = mlirDictionaryAttrGetElementByName(a, sr("ctas_per_sm"));
  if (!mlirAttributeIsNull(ca) && !(mlirAttributeIsAInteger(ca) && (ctas = mlirIntegerAttrGetValueInt(ca)) >= 1 && ctas <= 4))
    return "tileas.pipeline's ctas_per_sm must be an integer from 1 to 4";
  *ctas_per_sm = (int)ctas;
  return NULL;
}

MlirAttribute ct_tileas_agents_attr(MlirContext ctx, const ct_tileas_ws *w) {
  MlirAttribute el[CT_TILEAS_MAX_AGENTS];
  for (int i = 0; i < w->nagents; i++) {
    const ct_tileas_agent *g = &w->agents[i];
    int64_t warps[2] = {g->warp_begin, g->warp_end};
    MlirNamedAttribute e[3] = {named(ctx, "role", str(ctx, ct_agent_role_name(g->role))),
                               named(ctx, "warps", mlirDenseI64ArrayGet(ctx, 2, warps)), named(ctx, "regs", i64(ctx, g->regs))};
    el[i] = mlirDictionaryAttrGet(ctx, 3, e);
  }
  return mlirArrayAttrGet(ctx, w->nagents, el);
}

const char *ct_tileas_agents_read(MlirAttribute a, ct_tileas_ws *out) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a)) return "tileas.agents is not an array attribute";
  intptr_t n = mlirArrayAttrGetNumElements(a);
  if (n < 2 || n > CT_TILEAS_MAX_AGENTS) return "tileas.agents needs 2 to 4 agents";
  out->nagents = (int)n;
  for (intptr_t i = 0; i < n; i++) {
    MlirAttribute d = mlirArrayAttrGetElement(a, i);
    if (!mlirAttributeIsADictionary(d)) return "a tileas.agents entry is not a dictionary";
    src s = {d, {NULL}};
    ct_tileas_agent *g = &out->agents[i];
    MlirStringRef role;
    int r;
    if (!get_str(s, "role", &role) || (r = lookup(role_names, NELEM(role_names), role)) < 0)
      return "a tileas.agents entry needs role = \"producer\" or \"consumer\"";
    g->role = (ct_agent_role)r;
    MlirAttribute w = mlirDictionaryAttrGetElementByName(d, sr("warps"));
    if (mlirAttributeIsNull(w) || !mlirAttributeIsADenseI64Array(w) || mlirDenseArrayGetNumElements(w) != 2)
      return "a tileas.agents entry needs warps = array<i64: first, end>";
    g->warp_begin = mlirDenseI64ArrayGetElement(w, 0);
    g->warp_end = mlirDenseI64ArrayGetElement(w, 1);
    if (g->warp_begin < 0 || g->warp_end <= g->warp_begin || g->warp_end > 32)
      return "a tileas.agents entry's warps must be a non-empty range inside 0..32";
    if (!get_i64(s, "regs", &g->regs)) return "a tileas.agents entry needs an integer regs";
  }
  return NULL;
}

bool ct_tileas_op_ws(MlirOperation loop, ct_tileas_ws *out, const char **why) {
  *why = NULL;
  MlirAttribute p = mlirOperationGetAttributeByName(loop, sr("tileas.pipeline"));
  MlirAttribute g = mlirOperationGetAttributeByName(loop, sr("tileas.agents"));
  if (mlirAttributeIsNull(p) && mlirAttributeIsNull(g)) return false;
  if (mlirAttributeIsNull(p) || mlirAttributeIsNull(g)) {
    *why = "a warp-specialised loop needs both tileas.pipeline and tileas.agents";
    return false;
  }
  if ((*why = ct_tileas_pipeline_read(p, &out->heavy, &out->ctas_per_sm)) || (*why = ct_tileas_agents_read(g, out))) return false;
  return true;
}

void ct_tileas_set_agent(MlirOperation op, int agent) {
  mlirOperationSetAttributeByName(op, sr("tileas.agent"), i64(mlirOperationGetContext(op), agent));
}

bool ct_tileas_op_agent(MlirOperation op, int64_t *agent, const char **why) {
  return read_offset_attr(op, "tileas.agent", "tileas.agent is not an integer", agent, why);
}

/* ---- pipe ---- */
int ct_tileas_pipe_attrs(MlirContext ctx, const ct_tileas_pipe *p, MlirNamedAttribute attrs[8]) {
  int n = 0;
  attrs[n++] = named(ctx, "stages", i64(ctx, p->stages));
  attrs[n++] = named(ctx, "producer", str(ctx, ct_atom_name(p->producer)));
  attrs[n++] = named(ctx, "consumer", str(ctx, ct_frag_name(p->consumer)));
  attrs[n++] = named(ctx, "tx_bytes", i64(ctx, p->tx_bytes));
  if (p->in_loop) {
    attrs[n++] = named(ctx, "memory_cycles", i64(ctx, p->memory_cycles));
    attrs[n++] = named(ctx, "compute_cycles", i64(ctx, p->compute_cycles));
    attrs[n++] = named(ctx, "roofline", i64(ctx, p->roofline));
    attrs[n++] = named(ctx, "limited_by", str(ctx, p->limited_by));
  }
  return n;
}

const char *ct_tileas_pipe_read(MlirOperation op, ct_tileas_pipe *p) {
  memset(p, 0, sizeof *p);
  src s = {{NULL}, op};
  MlirStringRef t;
  if (!get_i64(s, "stages", &p->stages) || !get_i64(s, "tx_bytes", &p->tx_bytes))
    return "tileas.pipe needs integer attributes stages and tx_bytes";
  if (!get_str(s, "producer", &t) || !ct_atom_from_name(t, &p->producer))
    return "tileas.pipe 'producer' is not simt, cp_async or tma";
  if (!get_str(s, "consumer", &t) || !ct_frag_from_name(t, &p->consumer))
    return "tileas.pipe 'consumer' is not a known fragment";
  if (get_str(s, "limited_by", &t)) {
    p->in_loop = true;
    copy_str(p->limited_by, sizeof p->limited_by, t);
    if (!get_i64(s, "memory_cycles", &p->memory_cycles) || !get_i64(s, "compute_cycles", &p->compute_cycles) ||
        !get_i64(s, "roofline", &p->roofline))
      return "a loop's tileas.pipe needs integer attributes memory_cycles, compute_cycles and roofline";
  }
  return NULL;
}

void ct_tileas_pipe_set(MlirOperation op, const ct_tileas_pipe *p) {
  MlirNamedAttribute attrs[8];
  int n = ct_tileas_pipe_attrs(mlirOperationGetContext(op), p, attrs);
  for (int i = 0; i < n; i++) mlirOperationSetAttributeByName(op, mlirIdentifierStr(attrs[i].name), attrs[i].attribute);
}

/* ---- mma family ---- */
void ct_tileas_set_mma(MlirOperation op, ct_mma_family f) {
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, sr("tileas.mma"), str(ctx, ct_mma_family_name(f)));
}

bool ct_tileas_op_mma(MlirOperation op, ct_mma_family *out) {
  MlirStringRef t;
  src s = {{NULL}, op};
  return get_str(s, "tileas.mma", &t) && ct_mma_family_from_name(t, out);
}

/* ---- schedule slot / summary ---- */
MlirAttribute ct_tileas_sched_attr(MlirContext ctx, int64_t stage, int64_t cycle) {
  MlirNamedAttribute e[2] = {named(ctx, "stage", i64(ctx, stage)), named(ctx, "cycle", i64(ctx, cycle))};
  return mlirDictionaryAttrGet(ctx, 2, e);
}

const char *ct_tileas_sched_read(MlirAttribute a, int64_t *stage, int64_t *cycle) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "tileas.sched is not a dictionary attribute";
  src s = {a, {NULL}};
  if (!get_i64(s, "stage", stage) || !get_i64(s, "cycle", cycle)) return "tileas.sched needs integer stage and cycle";
  return NULL;
}

MlirAttribute ct_tileas_schedule_attr(MlirContext ctx, const ct_tileas_schedule *v) {
  MlirNamedAttribute e[6] = {
      named(ctx, "ii", i64(ctx, v->ii)),           named(ctx, "mii", i64(ctx, v->mii)),
      named(ctx, "res_mii", i64(ctx, v->res_mii)), named(ctx, "rec_mii", i64(ctx, v->rec_mii)),
      named(ctx, "stages", i64(ctx, v->stages)),   named(ctx, "status", str(ctx, v->status)),
  };
  return mlirDictionaryAttrGet(ctx, 6, e);
}

const char *ct_tileas_schedule_read(MlirAttribute a, ct_tileas_schedule *v) {
  memset(v, 0, sizeof *v);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "tileas.schedule is not a dictionary attribute";
  src s = {a, {NULL}};
  MlirStringRef t;
  if (!get_i64(s, "ii", &v->ii) || !get_i64(s, "mii", &v->mii) || !get_i64(s, "res_mii", &v->res_mii) ||
      !get_i64(s, "rec_mii", &v->rec_mii) || !get_i64(s, "stages", &v->stages))
    return "tileas.schedule needs integer ii, mii, res_mii, rec_mii and stages";
  if (!get_str(s, "status", &t)) return "tileas.schedule needs a string status";
  if (!sref_eq(t, "scheduled") && !sref_eq(t, "light") && !sref_eq(t, "fallback-zero-producer"))
    return "tileas.schedule 'status' is not scheduled, light or fallback-zero-producer";
  copy_str(v->status, sizeof v->status, t);
  return NULL;
}

/* ---- tileas.reg_layout ---- */
static int basis_bit(uint32_t basis) {
  if (!basis) return -1;
  int k = 0;
  while (!(basis >> k & 1)) k++;
  return k;
}

static MlirAttribute bases_attr(MlirContext ctx, const uint32_t *bases, int n) {
  int64_t v[CT_LAYOUT_MAX_REG_BITS > CT_LAYOUT_LANE_BITS ? CT_LAYOUT_MAX_REG_BITS : CT_LAYOUT_LANE_BITS];
  for (int i = 0; i < n; i++) v[i] = basis_bit(bases[i]);
  return mlirDenseI64ArrayGet(ctx, n, v);
}

MlirAttribute ct_tileas_reg_layout_attr(MlirContext ctx, const ct_layout *l) {
  MlirNamedAttribute e[3] = {named(ctx, "reg", bases_attr(ctx, l->reg, l->nreg_bits)),
                             named(ctx, "lane", bases_attr(ctx, l->lane, CT_LAYOUT_LANE_BITS)),
                             named(ctx, "warp", bases_attr(ctx, l->warp, l->nwarp_bits))};
  return mlirDictionaryAttrGet(ctx, 3, e);
}

/* Reads bases `key` of a layout whose form is checked (ct_tileas_reg_layout_form) into out[]; *n
 * their count. Entries are flat-index bits in [0, flat_bits) or -1 (replicated); *seen collects
 * the bits. */
static const char *read_bases(src s, const char *key, int flat_bits, uint32_t *out, int *n, uint32_t *seen) {
  MlirAttribute a = get(s, key);
  intptr_t k = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < k; i++) {
    int64_t b = mlirDenseI64ArrayGetElement(a, i);
    if (b < -1 || b >= flat_bits) return "has a basis that is not -1 (replicated) or a bit of the tile's flat index";
    if (b >= 0 && (*seen >> b & 1)) return "maps two bases to the same flat-index bit";
    if (b >= 0) *seen |= 1u << b;
    out[i] = b < 0 ? 0 : 1u << b;
  }
  *n = (int)k;
  return NULL;
}

const char *ct_tileas_reg_layout_read(MlirAttribute a, int rank, const int64_t *shape, ct_layout *out) {
  memset(out, 0, sizeof *out);
  const char *why = ct_tileas_reg_layout_form(a);
  if (why) return why;
  if (rank < 0 || rank > CT_MAX_RANK) return "belongs to a value of unsupported rank";
  out->rank = rank;
  int flat_bits = 0;
  for (int d = 0; d < rank; d++) {
    int b = ct_log2_exact(shape[d]);
    if (b < 0) return "belongs to a tile whose dimensions are not powers of two";
    out->shape[d] = shape[d];
    flat_bits += b;
  }
  if (flat_bits > 31) return "belongs to a tile too large for a register layout";
  src s = {a, {NULL}};
  uint32_t seen = 0;
  int nlane = 0;
  if ((why = read_bases(s, "reg", flat_bits, out->reg, &out->nreg_bits, &seen)) ||
      (why = read_bases(s, "lane", flat_bits, out->lane, &nlane, &seen)) ||
      (why = read_bases(s, "warp", flat_bits, out->warp, &out->nwarp_bits, &seen)))
    return why;
  if (seen != (flat_bits == 32 ? 0xffffffffu : (1u << flat_bits) - 1))
    return "does not cover every element of the tile (each flat-index bit must be one basis)";
  return NULL;
}

bool ct_tileas_op_reg_layout(MlirOperation op, int rank, const int64_t *shape, ct_layout *out, const char **why) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sr("tileas.reg_layout"));
  *why = NULL;
  if (mlirAttributeIsNull(a)) return false;
  *why = ct_tileas_reg_layout_read(a, rank, shape, out);
  return *why == NULL;
}

const char *ct_tileas_reg_layout_form(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADictionary(a)) return "is not a dictionary attribute";
  static const char *const keys[3] = {"reg", "lane", "warp"};
  static const int max[3] = {CT_LAYOUT_MAX_REG_BITS, CT_LAYOUT_LANE_BITS, CT_LAYOUT_MAX_WARP_BITS};
  for (int k = 0; k < 3; k++) {
    MlirAttribute e = mlirDictionaryAttrGetElementByName(a, sr(keys[k]));
    if (mlirAttributeIsNull(e) || !mlirAttributeIsADenseI64Array(e)) return "needs array<i64: ...> entries reg, lane and warp";
    intptr_t n = mlirDenseArrayGetNumElements(e);
    if (n > max[k]) return "has more bases than a layout holds (reg <= 8, lane = 5, warp <= 5)";
    if (k == 1 && n != CT_LAYOUT_LANE_BITS) return "needs 5 lane bases (32 lanes)";
    for (intptr_t i = 0; i < n; i++)
      if (mlirDenseI64ArrayGetElement(e, i) < -1 || mlirDenseI64ArrayGetElement(e, i) > 30)
        return "has a basis that is not -1 (replicated) or a flat-index bit";
  }
  if (mlirDictionaryAttrGetNumElements(a) != 3) return "has keys other than reg, lane and warp";
  return NULL;
}

/* ---- tileas.reg_layouts / tileas.result_layouts ---- */
MlirAttribute ct_tileas_reg_layouts_attr(MlirContext ctx, int n, const ct_layout *const *ls) {
  MlirAttribute *e = malloc(((size_t)n + 1) * sizeof *e);
  if (!e) abort();
  for (int i = 0; i < n; i++) e[i] = ls[i] ? ct_tileas_reg_layout_attr(ctx, ls[i]) : mlirDictionaryAttrGet(ctx, 0, NULL);
  MlirAttribute r = mlirArrayAttrGet(ctx, n, e);
  free(e);
  return r;
}

const char *ct_tileas_reg_layouts_form(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a)) return "is not an array of register layouts";
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); i++) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    if (mlirAttributeIsADictionary(e) && mlirDictionaryAttrGetNumElements(e) == 0) continue;
    const char *why = ct_tileas_reg_layout_form(e);
    if (why) return why;
  }
  return NULL;
}

bool ct_tileas_op_reg_layouts_at(MlirOperation op, const char *key, int i, int rank, const int64_t *shape,
                                 ct_layout *out, const char **why) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sr(key));
  *why = NULL;
  if (mlirAttributeIsNull(a)) return false;
  if (!mlirAttributeIsAArray(a)) {
    *why = "is not an array of register layouts";
    return false;
  }
  if (i >= mlirArrayAttrGetNumElements(a)) {
    *why = "has fewer entries than the op has values";
    return false;
  }
  MlirAttribute e = mlirArrayAttrGetElement(a, i);
  if (mlirAttributeIsADictionary(e) && mlirDictionaryAttrGetNumElements(e) == 0) return false;
  *why = ct_tileas_reg_layout_read(e, rank, shape, out);
  return *why == NULL;
}

/* lower_kernel: the driver of the code generator. Walks every `cuda_tile.module` of the module's
 * TileAS form, turns each `cuda_tile.entry` into an `llvm.func` kernel (nvvm.kernel, nvvm.reqntid = T,1,1; parameters per
 * docs/abi.md), lowers the body op by op (dispatching by op name to the lower_*.c files), and
 * finally adds the shared-memory buffer (static up to 48 KiB, else dynamic with the ABI byte
 * count per kernel, see add_smem_global) and the external (libdevice) declarations.
 * Also owns the cuda_tile value → lowered value map (open addressing on the MlirValue pointer; it
 * is only looked up, never iterated, so output order never depends on pointers).
 * Big element-wise tile groups were already rewritten into loops over register-sized pieces before
 * TileAA (strip_mine.c, run by the driver through ct_lower_strip_mine); each entry's live tiles are
 * checked against the register budget before anything is unrolled (reg_budget.c). TileAA's i64
 * scalars (tileaa.constant / to_i64) are lowered here (lower_misc_op).
 * Knobs: threads per CTA = 32 * num_worker_warps_per_cta (optimization_hints for the target
 * arch), default 128; STATIC_SMEM_LIMIT. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/attr_read.h"
#include "frontend/ops.h"
#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"
#include "tileas/attrs.h"

#define SMEM_SYMBOL "__tilec_smem"
/* Largest static shared memory a kernel may declare (above it, launches need the dynamic opt-in). */
#define STATIC_SMEM_LIMIT (48 * 1024)
#define DYN_SMEM_ATTR "tilec.dynamic_smem_bytes"

static MlirStringRef sref(const char *s) { return mlirStringRefCreateFromCString(s); }

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n);
  if (!p) abort();
  return p;
}

/* ---------------- value map ---------------- */
static size_t slot_hash(const void *k, size_t n) {
  uintptr_t x = (uintptr_t)k;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (n - 1);
}

void lv_bind(ct_lower *L, MlirValue v, ct_lv *lv) {
  if ((L->nused + 1) * 2 > L->nslots) {
    size_t n = L->nslots ? L->nslots * 2 : 1024;
    lv_slot *ns = calloc(n, sizeof *ns);
    if (!ns) abort();
    for (size_t i = 0; i < L->nslots; i++) {
      if (!L->slots[i].key) continue;
      size_t h = slot_hash(L->slots[i].key, n);
      while (ns[h].key) h = (h + 1) & (n - 1);
      ns[h] = L->slots[i];
    }
    free(L->slots);
    L->slots = ns;
    L->nslots = n;
  }
  size_t h = slot_hash(v.ptr, L->nslots);
  while (L->slots[h].key && L->slots[h].key != v.ptr) h = (h + 1) & (L->nslots - 1);
  if (!L->slots[h].key) L->nused++;
  L->slots[h].key = v.ptr;
  L->slots[h].lv = lv;
}

ct_lv *lv_lookup(ct_lower *L, MlirValue v) {
  if (!L->nslots) return NULL;
  size_t h = slot_hash(v.ptr, L->nslots);
  while (L->slots[h].key) {
    if (L->slots[h].key == v.ptr) return L->slots[h].lv;
    h = (h + 1) & (L->nslots - 1);
  }
  return NULL;
}

ct_lv *lv_get(ct_lower *L, MlirOperation op, int operand) {
  if (operand >= mlirOperationGetNumOperands(op)) {
    ct_error_op(L->c, op, "code generation: missing operand #%d", operand);
    return NULL;
  }
  ct_lv *lv = lv_lookup(L, mlirOperationGetOperand(op, operand));
  if (!lv) ct_error_op(L->c, op, "code generation: operand #%d has no lowered value", operand);
  return lv;
}

ct_lv *lv_require(ct_lower *L, MlirOperation op, int operand, ct_lv *v, const ct_layout *l) {
  if (!v || v->kind != LV_TILE || v->layout == l) return v;
  if (lv_is_uniform(v)) return lv_convert(L, v, l);
  ct_error_op(L->c, op, "operand #%d is in another register layout than this op needs (tileas.reg_layout); a "
              "layout changes only at a tileas.convert_layout (TileAS places them)", operand);
  return NULL;
}

ct_lv *lv_alloc(ct_lower *L, ct_lv_kind kind, const ct_type *t) {
  ct_lv *lv = calloc(1, sizeof *lv);
  if (!lv) abort();
  lv->kind = kind;
  if (t) lv->type = *t;
  if (L->nall == L->all_cap) {
    L->all_cap = L->all_cap ? 2 * L->all_cap : 256;
    L->all = xrealloc(L->all, L->all_cap * sizeof *L->all);
  }
  L->all[L->nall++] = lv;
  return lv;
}

ct_lv *lv_new_tile(ct_lower *L, const ct_type *t, const ct_layout *layout) {
  ct_lv *lv = lv_alloc(L, LV_TILE, t);
  lv->layout = layout;
  lv->nregs = ct_layout_num_regs(layout);
  lv->regs = calloc((size_t)lv->nregs, sizeof *lv->regs);
  if (!lv->regs) abort();
  return lv;
}

const ct_layout *layout_intern(ct_lower *L, const ct_layout *l) {
  for (size_t i = 0; i < L->nlayouts; i++)
    if (ct_layout_equal(L->layouts[i], l)) return L->layouts[i];
  if (L->nlayouts == L->layouts_cap) {
    L->layouts_cap = L->layouts_cap ? 2 * L->layouts_cap : 32;
    L->layouts = xrealloc(L->layouts, L->layouts_cap * sizeof *L->layouts);
  }
  ct_layout *copy = malloc(sizeof *copy);
  if (!copy) abort();
  *copy = *l;
  L->layouts[L->nlayouts++] = copy;
  return copy;
}

const ct_layout *layout_blocked_for(ct_lower *L, MlirOperation op, const ct_type *t) {
  ct_layout l;
  if (!ct_layout_blocked(&l, t->rank, t->shape, L->nwarps)) {
    ct_error_op(L->c, op, "code generation: tile shape is too large to keep in registers");
    return NULL;
  }
  return layout_intern(L, &l);
}

int reg_layout_read(ct_lower *L, MlirOperation op, const ct_type *t, const ct_layout **out) {
  ct_layout l;
  const char *why;
  *out = NULL;
  if (!ct_tileas_op_reg_layout(op, t->rank, t->shape, &l, &why)) {
    if (!why) return 0;
    ct_error_op(L->c, op, "attribute 'tileas.reg_layout' %s", why);
    return -1;
  }
  return (*out = layout_for_kernel(L, op, &l, "tileas.reg_layout")) ? 1 : -1;
}

const ct_layout *layout_for_kernel(ct_lower *L, MlirOperation op, const ct_layout *l, const char *what) {
  if (l->nwarp_bits != ct_log2_exact(L->nwarps)) {
    ct_error_op(L->c, op, "%s has %d warp bases, but the kernel runs %d warps (tileas.num_warps)", what, l->nwarp_bits,
                L->nwarps);
    return NULL;
  }
  return layout_intern(L, l);
}

const ct_layout *layout_chosen_for(ct_lower *L, MlirOperation op, const ct_type *t) {
  const ct_layout *l;
  int r = reg_layout_read(L, op, t, &l);
  return r < 0 ? NULL : r > 0 ? l : layout_blocked_for(L, op, t);
}

bool value_type(ct_lower *L, MlirOperation op, MlirValue v, ct_type *t) {
  if (!ct_type_from_mlir(mlirValueGetType(v), t)) {
    ct_error_op(L->c, op, "code generation: expected a cuda_tile type");
    return false;
  }
  return true;
}

bool result_type(ct_lower *L, MlirOperation op, int i, ct_type *t) {
  return value_type(L, op, mlirOperationGetResult(op, i), t);
}

MlirType elem_llvm_type(ct_lower *L, ct_elem e) {
  switch (e) {
  case CT_I1: return L->b.i1;
  case CT_I8: return L->b.i8;
  case CT_I16: return L->b.i16;
  case CT_I32: return L->b.i32;
  case CT_I64: return L->b.i64;
  case CT_F16: return L->b.f16;
  case CT_BF16: return L->b.bf16;
  case CT_F32: return L->b.f32;
  case CT_F64: return L->b.f64;
  /* storage types: tf32 is an f32 whose low 13 mantissa bits are zero; fp8 is its byte (only ftof,
   * loads/stores, data movement and mmaf take them: lower_elementwise.c lower_is_storage_elem);
   * f4E2M1FN is its code in the low nibble of a byte (memory packs two: lower_memory.c) */
  case CT_TF32: return L->b.f32;
  case CT_I4: /* (its value in the low nibble, the high one zero: lower_elementwise.c exti / trunci) */
  case CT_F4E2M1FN:
  case CT_F8E4M3FN:
  case CT_F8E5M2:
  case CT_F8E8M0FNU: return L->b.i8;
  case CT_PTR: return L->b.ptr_data;
  default: return (MlirType){NULL};
  }
}

void declare_extern(ct_lower *L, const char *name, MlirType res, int n, const MlirType *args) {
  for (size_t i = 0; i < L->nexterns; i++)
    if (!strcmp(L->externs[i], name)) return;
  L->externs = xrealloc(L->externs, (L->nexterns + 1) * sizeof *L->externs);
  L->externs[L->nexterns++] = strdup(name);
  MlirOperationState st = mlirOperationStateGet(sref("llvm.func"), mlirLocationUnknownGet(L->b.ctx));
  MlirNamedAttribute na[2] = {
      bld_named(&L->b, "sym_name", mlirStringAttrGet(L->b.ctx, sref(name))),
      bld_named(&L->b, "function_type", mlirTypeAttrGet(mlirLLVMFunctionTypeGet(res, n, args, false)))};
  mlirOperationStateAddAttributes(&st, 2, na);
  MlirRegion r = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockAppendOwnedOperation(L->out_body, mlirOperationCreate(&st));
}

/* ---------------- attributes ---------------- */
bool attr_present(MlirOperation op, const char *name) {
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, sref(name)));
}

bool attr_keyword(MlirOperation op, const char *name, char *buf, size_t cap) {
  return ct_attr_keyword(mlirOperationGetAttributeByName(op, sref(name)), buf, cap);
}

int64_t attr_int(MlirOperation op, const char *name, int64_t dflt) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, sref(name));
  if (mlirAttributeIsNull(a)) return dflt;
  if (mlirAttributeIsAInteger(a)) return mlirIntegerAttrGetValueInt(a);
  if (mlirAttributeIsABool(a)) return mlirBoolAttrGetValue(a);
  return dflt;
}

const char *lower_user_op_name(MlirOperation op, char *buf, size_t cap) {
  static const char *const stage_names[][2] = {
      {"tileaa.view", "make_partition_view"}, {"tileaa.index_space", "get_index_space_shape"},
      {"tileaa.async_load", "load_view_tko"},  {"tileaa.wait", "load_view_tko"},
      {"tileaa.async_store", "store_view_tko"}, {"tileaa.for", "for"},
      {"tileas.load", "load_view_tko"},        {"tileas.produce", "load_view_tko"},
      {"tileas.consume", "load_view_tko"},     {"tileas.store", "store_view_tko"},
      {"tileas.store_wait", "store_view_tko"}};
  ct_op_short_name(op, buf, cap);
  for (size_t i = 0; i < sizeof stage_names / sizeof *stage_names; i++)
    if (!strcmp(buf, stage_names[i][0])) {
      snprintf(buf, cap, "%s", stage_names[i][1]);
      break;
    }
  return buf;
}

bool op_segments(MlirOperation op, int32_t *seg, int max, int *n) {
  int k = ct_attr_segments(op, seg, max);
  if (k < 0 || k > max) return false;
  *n = k;
  return true;
}

/* ---------------- ops ---------------- */
static int lower_get_global(ct_lower *L, MlirOperation op);
static int lower_alloca(ct_lower *L, MlirOperation op);
static int lower_misc_op(ct_lower *L, MlirOperation op, const char *name) {
  if (!strcmp(name, "make_token") || !strcmp(name, "join_tokens")) {
    lv_bind(L, mlirOperationGetResult(op, 0), lv_alloc(L, LV_TOKEN, NULL));
    return LOWER_DONE;
  }
  /* 13.4 ordering ops: programmatic dependent launch (griddepcontrol, sm_90+: both targets have
   * it) and the alias fence (fence.proxy.alias: accesses to one physical location through
   * different virtual addresses), each a memory-clobbering statement; the token passes through */
  if (!strcmp(name, "gdc_wait_tko") || !strcmp(name, "gdc_launch_dependents_tko") ||
      !strcmp(name, "memory_fence_alias_tko")) {
    bld_asm_stmt_memory(&L->b, name[0] == 'm'   ? "fence.proxy.alias;"
                               : name[4] == 'w' ? "griddepcontrol.wait;"
                                                : "griddepcontrol.launch_dependents;");
    lv_bind(L, mlirOperationGetResult(op, 0), lv_alloc(L, LV_TOKEN, NULL));
    return LOWER_DONE;
  }
  /* TileAA's i64 scalars (view shapes and strides): rank-0 i64 tiles; a constant's known divisor is
   * itself, a conversion keeps its source's (assume div_by) */
  if (!strcmp(name, "tileaa.constant") || !strcmp(name, "tileaa.to_i64")) {
    ct_type t = ct_tile_type(CT_I64, 0, NULL);
    const ct_layout *l = layout_blocked_for(L, op, &t);
    if (!l) return LOWER_FAILED;
    ct_lv *lv = lv_new_tile(L, &t, l);
    if (name[7] == 'c') {
      int64_t v = attr_int(op, "value", 0);
      lv->regs[0] = bld_i64(&L->b, v);
      lv->int_div = v > 0 ? v : 1;
      lv->uniform = true;
    } else {
      ct_lv *in = lv_get(L, op, 0);
      if (!in) return LOWER_FAILED;
      if (in->kind != LV_TILE || in->type.rank != 0 || !ct_elem_is_int(in->type.elem)) {
        ct_error_op(L->c, op, "code generation: tileaa.to_i64 of a value that is not an integer scalar tile");
        return LOWER_FAILED;
      }
      lv->regs[0] = bld_int_resize(&L->b, in->regs[0], L->b.i64, true);
      lv->int_div = in->int_div;
    }
    lv_bind(L, mlirOperationGetResult(op, 0), lv);
    return LOWER_DONE;
  }
  if (!strcmp(name, "get_global")) return lower_get_global(L, op);
  if (!strcmp(name, "alloca")) return lower_alloca(L, op);
  if (!strcmp(name, "get_tile_block_id") || !strcmp(name, "get_num_tile_blocks")) {
    static const char *const ids[3] = {"llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.nvvm.read.ptx.sreg.ctaid.y",
                                       "llvm.nvvm.read.ptx.sreg.ctaid.z"};
    static const char *const nids[3] = {"llvm.nvvm.read.ptx.sreg.nctaid.x", "llvm.nvvm.read.ptx.sreg.nctaid.y",
                                        "llvm.nvvm.read.ptx.sreg.nctaid.z"};
    bool is_id = name[0] == 'g' && name[4] == 't';
    for (int i = 0; i < 3 && i < mlirOperationGetNumResults(op); i++) {
      ct_type t;
      if (!result_type(L, op, i, &t)) return LOWER_FAILED;
      const ct_layout *l = layout_blocked_for(L, op, &t);
      if (!l) return LOWER_FAILED;
      ct_lv *lv = lv_new_tile(L, &t, l);
      MlirValue v = bld_intr(&L->b, is_id ? ids[i] : nids[i], L->b.i32, 0, NULL);
      lv->regs[0] = bld_int_resize(&L->b, v, elem_llvm_type(L, t.elem), false);
      lv_bind(L, mlirOperationGetResult(op, i), lv);
    }
    return LOWER_DONE;
  }
  if (!strcmp(name, "assume")) {
    ct_lv *in = lv_get(L, op, 0);
    if (!in) return LOWER_FAILED;
    ct_lv *lv = in;
    MlirAttribute pa = mlirOperationGetAttributeByName(op, sref("predicate"));
    bool is_int = in->type.elem == CT_I8 || in->type.elem == CT_I16 || in->type.elem == CT_I32 || in->type.elem == CT_I64;
    int64_t k;
    /* `div_by<16>` (a plain divisor; the `every N along D` form says nothing about element 0) */
    if (in->kind == LV_TILE && (in->type.elem == CT_PTR || is_int) && in->type.rank == 0 && ct_attr_div_by(pa, &k)) {
      lv = lv_new_tile(L, &in->type, in->layout);
      lv->regs[0] = in->regs[0];
      int64_t a = k & -k;
      if (is_int) lv->int_div = (in->int_div > 0 && in->int_div % k == 0) ? in->int_div : k;
      else lv->ptr_align = a > in->ptr_align ? a : in->ptr_align;
    }
    lv_bind(L, mlirOperationGetResult(op, 0), lv);
    return LOWER_DONE;
  }
  return LOWER_NOT_MINE;
}

/* The tile results of op are in the layout its tileas.reg_layout records (TileAS's decision,
 * layout_propagate.c): the ops whose layout follows from their operands' (reshape, permute,
 * reduce, pointer accesses, the fma form) must agree with it, or the IR contradicts itself. */
static bool results_follow_layout(ct_lower *L, MlirOperation op) {
  if (!attr_present(op, "tileas.reg_layout")) return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
    MlirValue v = mlirOperationGetResult(op, i);
    ct_type t;
    ct_lv *lv = lv_lookup(L, v);
    if (!ct_type_from_mlir(mlirValueGetType(v), &t) || t.kind != CT_TYPE_TILE || t.rank == 0 || !lv ||
        lv->kind != LV_TILE)
      continue;
    const ct_layout *l;
    int r = reg_layout_read(L, op, &t, &l);
    if (r < 0) return false;
    if (r > 0 && l != lv->layout) { /* interned: equal layouts are one pointer */
      ct_error_op(L->c, op, "tileas.reg_layout is not the layout this op gives its result from its operands' layouts "
                  "(a layout changes only at a tileas.convert_layout)");
      return false;
    }
  }
  return true;
}

static bool lower_op(ct_lower *L, MlirOperation op) {
  char name[96];
  ct_op_short_name(op, name, sizeof name);
  L->b.loc = lower_debuginfo_loc(L, mlirOperationGetLocation(op));
  if (L->ws_slice) { /* a nested warp-specialised loop's producer: its slice only */
    int r = lower_ws_producer_op(L, op, name);
    if (r == LOWER_DONE) return true;
    if (r == LOWER_FAILED) return false;
  }
  int (*const lowerers[])(ct_lower *, MlirOperation, const char *) = {
      lower_hopper_op, lower_misc_op, lower_control_op, lower_elementwise_op, lower_memory_op, lower_atomic_op,
      lower_shape_op, lower_reduce_op, lower_mma_op, lower_print_op};
  for (size_t i = 0; i < sizeof lowerers / sizeof *lowerers; i++) {
    int r = lowerers[i](L, op, name);
    if (r == LOWER_DONE) return results_follow_layout(L, op);
    if (r == LOWER_FAILED) return false;
  }
  ct_error_op(L->c, op, "`%s` is not supported by code generation yet", name);
  return false;
}

bool lower_block(ct_lower *L, MlirBlock block) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!lower_op(L, op)) return false;
    /* ops after a terminator are dead (and the LLVM block is already closed) */
    char name[32];
    ct_op_short_name(op, name, sizeof name);
    if (!strcmp(name, "return") || !strcmp(name, "yield") || !strcmp(name, "continue") || !strcmp(name, "break"))
      break;
  }
  return true;
}

/* ---------------- entries ---------------- */
/* The first op nested under root (pre-order) for which pred(op, plan) holds, or null. */
static MlirOperation first_op_where(MlirOperation root, bool (*pred)(MlirOperation, const ct_hopper_plan *),
                                    const ct_hopper_plan *plan) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(root); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(root, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        if (pred(o, plan)) return o;
        MlirOperation in = first_op_where(o, pred, plan);
        if (!mlirOperationIsNull(in)) return in;
      }
  return (MlirOperation){NULL};
}

/* An mmaf or mmai (on any path). */
static bool is_mma_op(MlirOperation op, const ct_hopper_plan *plan) {
  (void)plan;
  return ct_op_is(op, "cuda_tile.mmaf") || ct_op_is(op, "cuda_tile.mmai");
}

/* An mmaf/mmai TileAS put on wgmma or tcgen05 (the TMA-fed tensor-core paths). */
static bool on_wgmma(MlirOperation op, const ct_hopper_plan *plan) {
  (void)plan;
  ct_mma_family f;
  return ct_tileas_op_mma(op, &f) && (f == CT_MMA_WGMMA || f == CT_MMA_TCGEN05);
}

/* An op asking for a shared-memory path the wgmma plan (NULL: no wgmma path) does not take: a
 * tileas.produce that feeds no planned wgmma, or a tileas.store with a TMA layout that is not the
 * planned TMA store epilogue. */
static bool untaken_produce(MlirOperation op, const ct_hopper_plan *p) {
  return ct_op_is(op, "tileas.produce") && !(p && hopper_pipe_of_load(p, op) >= 0);
}
static bool untaken_tma_store(MlirOperation op, const ct_hopper_plan *p) {
  ct_tileas_layout lay;
  return ct_op_is(op, "tileas.store") && ct_tileas_op_layout(op, &lay) && lay.atom == CT_ATOM_TMA &&
         !(p && p->has_store && mlirOperationEqual(p->st.store, op));
}
static bool untaken_smem_path(MlirOperation op, const ct_hopper_plan *p) {
  return untaken_produce(op, p) || untaken_tma_store(op, p);
}

/* Why an entry name cannot be the kernel's PTX symbol, or NULL when it can (docs/abi.md "Kernel
 * symbol and parameters"): a launcher finds the kernel by the entry's own name, so tilec does not
 * rename it; it must be a PTX identifier ([A-Za-z_][A-Za-z0-9_$]*: PTX also allows a leading `%`
 * or `$`, which LLVM's NVPTX back end does not emit) and must not collide with the symbols tilec's
 * code defines or calls (__tilec_*, libdevice's __nv_*, vprintf). */
static const char *entry_name_problem(MlirStringRef n) {
  if (n.length == 0) return "is empty";
  if (!isalpha((unsigned char)n.data[0]) && n.data[0] != '_') return "does not start with a letter or '_'";
  for (size_t i = 1; i < n.length; i++) {
    unsigned char ch = (unsigned char)n.data[i];
    if (!isalnum(ch) && ch != '_' && ch != '$') return "has a character other than letters, digits, '_' and '$'";
  }
  if ((n.length >= 7 && memcmp(n.data, "__tilec", 7) == 0) || (n.length >= 5 && memcmp(n.data, "__nv_", 5) == 0))
    return "uses a prefix reserved for tilec's own symbols (__tilec, __nv_)";
  if (n.length == 7 && memcmp(n.data, "vprintf", 7) == 0) return "is the name of a function tilec's code calls";
  return NULL;
}

/* Does the output module already define a symbol (kernel or global) named n? Then n is refused on
 * op: kernels and globals share one PTX module. */
static bool symbol_taken(ct_lower *L, MlirOperation op, MlirStringRef n) {
  for (MlirOperation f = mlirBlockGetFirstOperation(L->out_body); !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute fn = mlirOperationGetAttributeByName(f, sref("sym_name"));
    if (!mlirAttributeIsNull(fn) && mlirStringRefEqual(mlirStringAttrGetValue(fn), n)) {
      ct_error_op(L->c, op, "code generation: two symbols are named `%.*s` (kernels and globals share one PTX module)",
                  (int)n.length, n.data);
      return true;
    }
  }
  return false;
}

/* A module-level `global` as an LLVM global in the global address space (PTX `.global`), initialised
 * with its dense value; `constant` makes it read-only, `alignment` (0 = the element's) its
 * alignment. Its symbol is its name, so it must be a PTX identifier no other symbol uses. */
static bool lower_global(ct_lower *L, MlirOperation g) {
  MlirAttribute name = mlirOperationGetAttributeByName(g, sref("sym_name"));
  MlirAttribute value = mlirOperationGetAttributeByName(g, sref("value"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) || mlirAttributeIsNull(value) ||
      !mlirAttributeIsADenseElements(value)) {
    ct_error_op(L->c, g, "code generation: `global` needs a name and a dense value");
    return false;
  }
  MlirStringRef n = mlirStringAttrGetValue(name);
  const char *bad = entry_name_problem(n);
  if (bad) {
    ct_error_op(L->c, g, "code generation: the global name `%.*s` %s (it is the PTX symbol)", (int)n.length, n.data, bad);
    return false;
  }
  if (symbol_taken(L, g, n)) return false;
  MlirType vt = mlirAttributeGetType(value);
  MlirType et = mlirShapedTypeGetElementType(vt);
  ct_elem e = CT_ELEM_NONE;
  bool numeric = false;
  static const ct_elem storable[] = {CT_I8, CT_I16, CT_I32, CT_I64, CT_F16, CT_BF16, CT_F32, CT_F64};
  for (size_t i = 0; i < sizeof storable / sizeof *storable; i++)
    if (mlirTypeEqual(et, elem_llvm_type(L, storable[i]))) numeric = true, e = storable[i];
  /* storage types: fp8 data as its bytes, f4 data packed two per byte (element 2i in the low
   * nibble of byte i, as lower_memory.c reads it), i1 data one byte (0 / 1) per element (as i1
   * tiles are loaded and stored), tf32 data as f32 words (every tf32 value is one) */
  bool f4 = mlirTypeIsAFloat4E2M1FN(et), i1 = mlirTypeIsAInteger(et) && mlirIntegerTypeGetWidth(et) == 1;
  bool fp8 = f4 || i1 || mlirTypeIsAFloat8E4M3FN(et) || mlirTypeIsAFloat8E5M2(et) || mlirTypeIsAFloat8E8M0FNU(et),
       tf32 = mlirTypeIsATF32(et);
  if (fp8 || tf32) {
    intptr_t count = mlirElementsAttrGetNumElements(value);
    int8_t *bytes = fp8 ? calloc((size_t)count + 1, 1) : NULL;
    float *words = tf32 ? malloc(((size_t)count + 1) * sizeof *words) : NULL;
    if ((fp8 && !bytes) || (tf32 && !words)) abort();
    ct_elem fe = f4 ? CT_F4E2M1FN : mlirTypeIsAFloat8E4M3FN(et) ? CT_F8E4M3FN : mlirTypeIsAFloat8E5M2(et) ? CT_F8E5M2 : CT_F8E8M0FNU;
    for (intptr_t k = 0; k < count; k++) {
      uint64_t idx = (uint64_t)k;
      MlirAttribute el = mlirDenseElementsAttrIsSplat(value) ? mlirDenseElementsAttrGetSplatValue(value)
                                                              : mlirElementsAttrGetValue(value, 1, &idx);
      double d = mlirAttributeIsAFloat(el) ? mlirFloatAttrGetValueDouble(el) : 0.0;
      if (i1) bytes[k] = (int8_t)(mlirAttributeIsAInteger(el) ? mlirIntegerAttrGetValueInt(el) & 1 : mlirAttributeIsABool(el) && mlirBoolAttrGetValue(el));
      else if (f4) bytes[k / 2] = (int8_t)(bytes[k / 2] | lower_f8_bits(d, fe) << (k % 2 ? 4 : 0));
      else if (fp8) bytes[k] = (int8_t)lower_f8_bits(d, fe);
      else words[k] = (float)d;
    }
    if (f4) count = (count + 1) / 2;
    int64_t shape = count;
    et = fp8 ? L->b.i8 : L->b.f32;
    MlirType flat = mlirRankedTensorTypeGet(1, &shape, et, mlirAttributeGetNull());
    value = fp8 ? mlirDenseElementsAttrInt8Get(flat, count, bytes) : mlirDenseElementsAttrFloatGet(flat, count, words);
    vt = flat;
    free(bytes);
    free(words);
    numeric = true;
    e = fp8 ? CT_I8 : CT_F32;
  }
  if (!numeric) {
    ct_strbuf tb;
    ct_strbuf_init(&tb);
    mlirTypePrint(et, ct_strbuf_mlir_callback, &tb);
    ct_error_op(L->c, g, "`global` of %s elements is not supported by code generation yet (i8..i64, f16, bf16, f32, f64, "
                "i1, tf32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN are)", tb.data ? tb.data : "these");
    ct_strbuf_free(&tb);
    return false;
  }
  int64_t n_elem = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(vt); d++) n_elem *= mlirShapedTypeGetDimSize(vt, d);
  int64_t align = attr_int(g, "alignment", 0);
  if (align <= 0) align = ct_elem_bits(e) / 8;
  add_global_array(L, mlirOperationGetLocation(g), name, et, n_elem, align, value, attr_present(g, "constant"));
  return true;
}

void add_global_array(ct_lower *L, MlirLocation loc, MlirAttribute name, MlirType et, int64_t n, int64_t align,
                      MlirAttribute value, bool constant) {
  MlirContext ctx = L->b.ctx;
  MlirOperationState st = mlirOperationStateGet(sref("llvm.mlir.global"), loc);
  MlirNamedAttribute na[7] = {
      bld_named(&L->b, "sym_name", name),
      bld_named(&L->b, "global_type", mlirTypeAttrGet(mlirLLVMArrayTypeGet(et, (unsigned)n))),
      bld_named(&L->b, "linkage", mlirLLVMLinkageAttrGet(ctx, MlirLLVMLinkageInternal)),
      bld_named(&L->b, "addr_space", mlirIntegerAttrGet(L->b.i32, 1)),
      bld_named(&L->b, "alignment", mlirIntegerAttrGet(L->b.i64, align)),
      bld_named(&L->b, "value", value),
      bld_named(&L->b, "constant", mlirUnitAttrGet(ctx))};
  mlirOperationStateAddAttributes(&st, constant ? 7 : 6, na);
  MlirRegion r = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockAppendOwnedOperation(L->out_body, mlirOperationCreate(&st));
}

/* alloca: the block's scratch buffer at the offset plan_allocas gave it, as a generic pointer. */
static int lower_alloca(ct_lower *L, MlirOperation op) {
  ct_type t;
  int k = 0;
  while (k < L->nallocas && !mlirOperationEqual(L->alloca_ops[k], op)) k++;
  if (k == L->nallocas || !result_type(L, op, 0, &t)) {
    ct_error_op(L->c, op, "code generation: `alloca` without a planned buffer");
    return LOWER_FAILED;
  }
  const ct_layout *l = layout_blocked_for(L, op, &t);
  if (!l) return LOWER_FAILED;
  ct_lv *lv = lv_new_tile(L, &t, l);
  MlirValue base = bld_addressof(&L->b, SMEM_SYMBOL, L->b.ptr_shared);
  MlirValue at = bld_gep(&L->b, base, bld_i32(&L->b, (int32_t)L->alloca_offs[k]), L->b.i8);
  if (L->alloca_global[k]) {
    /* thread 0 takes the buffer from the device heap (PTX's malloc system call) on the op's first
     * execution and hands it to the CTA through its shared slot; an exhausted heap traps */
    ct_bld *b = &L->b;
    MlirType i64 = b->i64;
    declare_extern(L, "malloc", b->ptr_generic, 1, &i64);
    MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
    MlirValue held = bld_load(b, b->ptr_generic, at, 8);
    MlirBlock first = hopper_open_if(L, bld_icmp(b, BLD_EQ, bld_cast(b, "llvm.ptrtoint", held, i64), bld_i64(b, 0)));
    MlirValue size = bld_i64(b, L->alloca_bytes[k]);
    MlirValue p = bld_call(b, "malloc", b->ptr_generic, 1, &size);
    MlirBlock fail = lower_new_block(L), ok = lower_new_block(L);
    bld_cond_br(b, bld_icmp(b, BLD_EQ, bld_cast(b, "llvm.ptrtoint", p, i64), bld_i64(b, 0)), fail, 0, NULL, ok, 0, NULL);
    b->block = fail;
    bld_asm_stmt_memory(b, "trap;");
    bld_br(b, ok, 0, NULL);
    b->block = ok;
    bld_store(b, p, at, 8);
    hopper_close_if(L, first);
    hopper_close_if(L, join);
    bld_barrier(b);
    MlirValue got = bld_load(b, b->ptr_generic, at, 8);
    lv->regs[0] = mlirTypeEqual(L->b.ptr_data, b->ptr_generic) ? got : bld_cast(b, "llvm.addrspacecast", got, L->b.ptr_data);
  } else {
    lv->regs[0] = bld_cast(&L->b, "llvm.addrspacecast", at, L->b.ptr_data);
  }
  lv->uniform = true;
  lv->ptr_align = (int)L->alloca_align[k];
  lv_bind(L, mlirOperationGetResult(op, 0), lv);
  return LOWER_DONE;
}

/* The `alloca` ops under root in program order, written to out (when not NULL); returns how many. */
static int find_allocas(MlirOperation root, MlirOperation *out) {
  int n = 0;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(root); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(root, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        if (ct_op_is(o, "cuda_tile.alloca")) {
          if (out) out[n] = o;
          n++;
        }
        n += find_allocas(o, out ? out + n : NULL);
      }
  return n;
}

/* Does a value derived from v (through any op's results: offsets, views, casts, selects, integers
 * made of it...) leave the loop iteration that made it — an operand of a terminator (`continue`,
 * `break`, `yield`, `return`), or stored to memory (any operand of a memory op other than its
 * address)? Depth-bounded; deeper chains count as escaping. */
static bool value_escapes_iteration(MlirValue v, int depth) {
  if (depth > 64) return true;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    unsigned pos = mlirOpOperandGetOperandNumber(u);
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(user));
    char name[96];
    snprintf(name, sizeof name, "%.*s", (int)n.length, n.data);
    if (strstr(name, "continue") || strstr(name, "break") || strstr(name, "yield") || strstr(name, "return")) return true;
    if (strstr(name, "load") || strstr(name, "store") || strstr(name, "atomic") || strstr(name, "multimem")) {
      unsigned address = strstr(name, "store_view") || strstr(name, "tileaa.async_store") || strstr(name, "tileas.store") ? 1 : 0;
      if (pos != address) return true;
      continue; /* what it loads is data, not the pointer */
    }
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); r++)
      if (value_escapes_iteration(mlirOperationGetResult(user, r), depth + 1)) return true;
  }
  return false;
}

/* The entry's `alloca` ops: scratch memory private to the tile block, which is the CTA, so shared
 * memory — one buffer per op for the kernel's lifetime, after the wgmma ring (the first bytes of
 * the kernel's shared memory, before every reusable scratch region). Their pointers are generic
 * (so a kernel with an alloca reads and writes every pointer with generic ld/st/atom). An `alloca
 * global` (memory other blocks may address) is global memory from the device heap: thread 0 calls
 * PTX's `malloc` where the op is and hands the pointer to the CTA through an 8-byte shared slot,
 * which the kernel's start sets to null; every return frees it (alloca_global_at_return: free of
 * null does nothing). An alloca inside a loop whose pointer stays in its iteration (no value derived
 * from it reaches a terminator or memory: value_escapes_iteration) reuses one buffer for every
 * execution — its lifetime ends with the iteration, so no two executions' buffers are live at once
 * (a global one is taken from the heap on the first execution). Refused by name: an alloca in a
 * loop whose pointer outlives the iteration (each execution would need its own buffer), an
 * alignment above 16 bytes (the shared buffer's, and device malloc's). Returns false after an error. */
static bool plan_allocas(ct_lower *L, MlirOperation entry) {
  int nall = find_allocas(entry, NULL);
  L->nallocas = 0;
  if (!nall) return true;
  L->alloca_ops = xrealloc(L->alloca_ops, (size_t)nall * sizeof *L->alloca_ops);
  L->alloca_offs = xrealloc(L->alloca_offs, (size_t)nall * sizeof *L->alloca_offs);
  L->alloca_align = xrealloc(L->alloca_align, (size_t)nall * sizeof *L->alloca_align);
  L->alloca_global = xrealloc(L->alloca_global, (size_t)nall * sizeof *L->alloca_global);
  L->alloca_bytes = xrealloc(L->alloca_bytes, (size_t)nall * sizeof *L->alloca_bytes);
  find_allocas(entry, L->alloca_ops);
  bool ok = true;
  int64_t off = L->smem_reserved;
  for (int i = 0; i < nall && ok; i++) {
    MlirOperation op = L->alloca_ops[i];
    ct_type t;
    int64_t n = attr_int(op, "num_elem", -1), align = attr_int(op, "alignment", 0);
    bool in_loop = false;
    for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p) && !mlirOperationEqual(p, entry);
         p = mlirOperationGetParentOperation(p))
      in_loop |= ct_op_is_loop(p);
    L->alloca_global[i] = attr_present(op, "global");
    if (in_loop && value_escapes_iteration(mlirOperationGetResult(op, 0), 0)) {
      ct_error_op(L->c, op, "`alloca` inside a loop whose pointer outlives the iteration (carried, yielded or stored) is "
                  "not supported by code generation (each execution would need a buffer of its own; allocate before "
                  "the loop)");
      ok = false;
    } else if (!result_type(L, op, 0, &t) || t.elem != CT_PTR || n < 1) {
      ct_error_op(L->c, op, "code generation: `alloca` needs num_elem >= 1 and a pointer result");
      ok = false;
    } else if (align > 16) {
      ct_error_op(L->c, op, "`alloca` with alignment %lld is not supported by code generation (at most 16: the shared "
                  "buffer's alignment)", (long long)align);
      ok = false;
    } else {
      int64_t esize = ct_elem_bits(t.pointee) >= 8 ? ct_elem_bits(t.pointee) / 8 : 1;
      int64_t a = align > esize ? align : esize;
      int64_t bytes = ct_elem_bits(t.pointee) == 4 ? (n + 1) / 2 : n * esize; /* (f4: two per byte) */
      L->alloca_bytes[i] = bytes;
      if (L->alloca_global[i]) { /* the slot of its pointer; device malloc aligns to 16 */
        off = (off + 7) / 8 * 8;
        L->alloca_offs[i] = off;
        L->alloca_align[i] = a;
        off += 8;
        continue;
      }
      off = (off + a - 1) / a * a;
      L->alloca_offs[i] = off;
      L->alloca_align[i] = a;
      off += bytes;
    }
  }
  if (!ok) return false;
  L->nallocas = nall;
  L->smem_reserved = (off + 15) / 16 * 16;
  (void)smem_base(L, 0); /* the kernel's shared memory covers them */
  bool any_global = false;
  for (int i = 0; i < nall; i++) any_global |= L->alloca_global[i];
  if (any_global) { /* null slots: a return before the op frees nothing */
    ct_bld *b = &L->b;
    MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
    MlirValue base = bld_addressof(b, SMEM_SYMBOL, b->ptr_shared);
    for (int i = 0; i < nall; i++)
      if (L->alloca_global[i])
        bld_store(b, bld_zero(b, b->ptr_generic), bld_gep(b, base, bld_i32(b, (int32_t)L->alloca_offs[i]), b->i8), 8);
    hopper_close_if(L, join);
  }
  return true;
}

void alloca_global_at_return(ct_lower *L) {
  bool any = false;
  for (int i = 0; i < L->nallocas; i++) any |= L->alloca_global[i];
  if (!any) return;
  ct_bld *b = &L->b;
  declare_extern(L, "free", b->void_ty, 1, &b->ptr_generic);
  bld_barrier(b); /* every thread is done with the buffers */
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  MlirValue base = bld_addressof(b, SMEM_SYMBOL, b->ptr_shared);
  for (int i = 0; i < L->nallocas; i++)
    if (L->alloca_global[i]) {
      MlirValue p = bld_load(b, b->ptr_generic, bld_gep(b, base, bld_i32(b, (int32_t)L->alloca_offs[i]), b->i8), 8);
      bld_call(b, "free", b->void_ty, 1, &p);
    }
  hopper_close_if(L, join);
}

/* get_global @g: the address of the global (a rank-0 pointer tile). */
static int lower_get_global(ct_lower *L, MlirOperation op) {
  MlirAttribute ref = mlirOperationGetAttributeByName(op, sref("name"));
  ct_type t;
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref) || !result_type(L, op, 0, &t)) {
    ct_error_op(L->c, op, "code generation: `get_global` needs a symbol and a pointer result");
    return LOWER_FAILED;
  }
  const ct_layout *l = layout_blocked_for(L, op, &t);
  if (!l) return LOWER_FAILED;
  ct_lv *lv = lv_new_tile(L, &t, l);
  MlirStringRef s = mlirFlatSymbolRefAttrGetValue(ref);
  char buf[256];
  snprintf(buf, sizeof buf, "%.*s", (int)s.length, s.data);
  lv->regs[0] = bld_addressof(&L->b, buf, L->b.ptr_global);
  if (!mlirTypeEqual(L->b.ptr_data, L->b.ptr_global)) lv->regs[0] = bld_cast(&L->b, "llvm.addrspacecast", lv->regs[0], L->b.ptr_data);
  lv->uniform = true;
  lv_bind(L, mlirOperationGetResult(op, 0), lv);
  return LOWER_DONE;
}


const char *ct_gpu_name(ct_gpu g) { return g == CT_SM_100A ? "sm_100a" : "sm_90a"; }

/* Does a value of type t hold fnv8E5M3FNU (13.4) elements or point at them? */
static bool has_e5m3(MlirType t) {
  ct_type ct;
  return ct_type_from_mlir(t, &ct) && (ct.elem == CT_F8E5M3FNU || ct.pointee == CT_F8E5M3FNU);
}

/* The first op under op (op itself included) with an fnv8E5M3FNU operand, result or block
 * argument; null when there is none. */
static MlirOperation first_e5m3_op(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
    if (has_e5m3(mlirValueGetType(mlirOperationGetOperand(op, i)))) return op;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
    if (has_e5m3(mlirValueGetType(mlirOperationGetResult(op, i)))) return op;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
        if (has_e5m3(mlirValueGetType(mlirBlockGetArgument(b, i)))) return op;
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        MlirOperation hit = first_e5m3_op(o);
        if (!mlirOperationIsNull(hit)) return hit;
      }
    }
  return (MlirOperation){NULL};
}

static bool lower_entry(ct_lower *L, MlirOperation entry) {
  MlirAttribute name_attr = mlirOperationGetAttributeByName(entry, sref("sym_name"));
  if (mlirAttributeIsNull(name_attr) || !mlirAttributeIsAString(name_attr)) {
    ct_error_op(L->c, entry, "code generation: entry without a name");
    return false;
  }
  MlirStringRef name = mlirStringAttrGetValue(name_attr);
  const char *problem = entry_name_problem(name);
  if (problem) {
    ct_error_op(L->c, entry, "entry name \"%.*s\" %s: it cannot be the kernel's PTX symbol, which launchers look "
                "up by the entry's name (rename the entry; docs/abi.md)", (int)name.length, name.data, problem);
    return false;
  }
  if (symbol_taken(L, entry, name)) return false;
  /* fnv8E5M3FNU (13.4): sm_90a and sm_100a have no conversion for it; tileiras 13.5 refuses it on
   * every target but sm_107 ("Incompatibility with architecture") */
  MlirOperation e5m3 = first_e5m3_op(entry);
  if (!mlirOperationIsNull(e5m3)) {
    char opname[64];
    ct_error_op(L->c, e5m3, "type 'fnv8E5M3FNU' (in `%s`) is not supported on %s (the hardware has no conversion for "
                "it; tileiras 13.5 compiles it for sm_107 only)", ct_op_short_name(e5m3, opname, sizeof opname),
                ct_gpu_name(L->opts->gpu));
    return false;
  }
  /* warps per CTA: TileAS's decision (tileas.num_warps, path_select.c), else the hint */
  int64_t decided = attr_int(entry, "tileas.num_warps", 0);
  const char *hint_arch = L->opts->gpu == CT_SM_100A ? "sm_100" : "sm_90";
  int64_t warps64 = decided ? decided : ct_entry_hinted_warps(entry, hint_arch);
  if (warps64 < 1 || warps64 > 32 || ct_log2_exact(warps64) < 0) {
    ct_error_op(L->c, entry, "num_worker_warps_per_cta = %lld is not supported by code generation (a CTA has 1 to 32 warps)",
                (long long)warps64);
    return false;
  }
  int64_t hinted = ct_entry_hinted_warps_raw(entry, hint_arch);
  if (hinted >= 1 && hinted <= 32 && ct_log2_exact(hinted) < 0)
    ct_diag_emit_at(L->c, CT_DIAG_REMARK, mlirOperationGetLocation(entry), "num_worker_warps_per_cta = %lld read as %lld "
                    "(tilec's register layouts need a power of two of warps)", (long long)hinted,
                    (long long)ct_entry_hinted_warps(entry, hint_arch));
  int warps = (int)warps64;
  /* Hopper TMA + wgmma path: TileAS put its mmaf ops on wgmma (path_select.c); the plan gives its
   * geometry (4 warps per warpgroup, tensor maps appended) */
  ct_hopper_plan hopper;
  ct_hopper_emit hopper_emit;
  memset(&hopper_emit, 0, sizeof hopper_emit);
  L->hopper = NULL;
  L->hopper_emit = NULL;
  MlirOperation wgmma_op = first_op_where(entry, on_wgmma, NULL);
  if (!mlirOperationIsNull(wgmma_op) && !ct_op_is(wgmma_op, "cuda_tile.mmaf") && !ct_op_is(wgmma_op, "cuda_tile.mmai")) {
    char on[96];
    ct_error_op(L->c, wgmma_op, "tileas.mma = \"wgmma\" / \"tcgen05.mma\": code generation runs `%s` on mma.sync or in "
                "the fma form", ct_op_short_name(wgmma_op, on, sizeof on));
    return false;
  }
  ct_hopper_plan_env env = {.c = L->c,
                            .has_wgmma = L->opts->gpu == CT_SM_90A,
                            .has_tcgen05 = L->opts->gpu == CT_SM_100A,
                            .has_tma = L->opts->gpu == CT_SM_90A || L->opts->gpu == CT_SM_100A,
                            .describe_plan = true};
  /* a kernel without mmaf whose TMA loads and stores TileAS kept: the bulk plan (hopper_plan.c) */
  bool bulk = mlirOperationIsNull(wgmma_op) && !mlirOperationIsNull(first_op_where(entry, untaken_smem_path, NULL)) &&
              mlirOperationIsNull(first_op_where(entry, is_mma_op, NULL));
  if (bulk) {
    const char *why = NULL;
    if (ct_hopper_plan_entry(&env, entry, &hopper, 0, &why)) {
      char pmsg[320];
      MlirOperation pop;
      if (hopper.nloops && !ct_ring_protocol_check(&hopper, pmsg, sizeof pmsg, &pop)) { /* (its TMA ring) */
        ct_error_op(L->c, pop, "mbarrier protocol check: %s", pmsg);
        return false;
      }
      L->hopper = &hopper;
      L->hopper_emit = &hopper_emit;
    } else if (why) {
      ct_error_op(L->c, mlirOperationIsNull(hopper.why_op) ? entry : hopper.why_op,
                  "the TMA loads and stores TileAS chose cannot be planned: %s", why);
      return false;
    }
  }
  if (!mlirOperationIsNull(wgmma_op)) {
    const char *why = NULL;
    if (!ct_hopper_plan_entry(&env, entry, &hopper, warps == CT_DEFAULT_WARPS ? 0 : warps, &why)) {
      if (!mlirOperationIsNull(hopper.why_op)) { /* a recorded decision of that op is wrong */
        MlirStringRef on = mlirIdentifierStr(mlirOperationGetName(hopper.why_op));
        bool loop = on.length == 10 && !memcmp(on.data, "tileaa.for", 10);
        ct_error_op(L->c, hopper.why_op, "the %s path cannot use this %.*s's %s: %s", env.has_tcgen05 ? "tcgen05" : "wgmma",
                    (int)on.length, on.data, loop ? "warp specialization" : "shared-memory assignment",
                    why ? why : "no plan");
      } else {
        char on[96];
        ct_mma_family fam = CT_MMA_WGMMA;
        ct_tileas_op_mma(wgmma_op, &fam);
        ct_error_op(L->c, wgmma_op, "TileAS put this %s on %s (tileas.mma), but the %s path cannot take the kernel: %s",
                    ct_op_short_name(wgmma_op, on, sizeof on), fam == CT_MMA_TCGEN05 ? "tcgen05.mma" : "wgmma",
                    env.has_tcgen05 ? "Blackwell TMA + tcgen05" : "Hopper TMA + wgmma", why ? why : "no plan");
      }
      return false;
    }
    char pmsg[320];
    MlirOperation pop;
    if (!ct_ring_protocol_check(&hopper, pmsg, sizeof pmsg, &pop)) {
      ct_error_op(L->c, pop, "mbarrier protocol check: %s", pmsg);
      return false;
    }
    if (decided && decided != 4 * hopper.warpgroups) {
      ct_error_op(L->c, entry, "tileas.num_warps = %lld, but the wgmma path of this kernel needs %d warps (4 per m64 "
                  "warpgroup)", (long long)decided, 4 * hopper.warpgroups);
      return false;
    }
    L->hopper = &hopper;
    L->hopper_emit = &hopper_emit;
    warps = 4 * hopper.warpgroups;
  }
  /* TMA pipes and TMA stores are emitted only on the wgmma path: TileAS (path_select.c) makes every
   * other one a SIMT tileas.load / tileas.store */
  MlirOperation untaken = first_op_where(entry, untaken_smem_path, L->hopper);
  if (!mlirOperationIsNull(untaken)) {
    if (untaken_produce(untaken, L->hopper))
      ct_error_op(L->c, untaken, "tileas.produce fills a shared-memory pipe, but %s (TileAS makes such a load a SIMT "
                  "tileas.load)", L->hopper ? "no wgmma the plan takes reads this pipe" : "the kernel is not on the wgmma path");
    else
      ct_error_op(L->c, untaken, "tileas.store has a TMA layout, but the TMA store epilogue cannot take it: %s (TileAS "
                  "makes such a store SIMT: atom \"simt\")",
                  !L->hopper ? "the kernel is not on the wgmma path"
                  : mlirOperationEqual(hopper.declined_store, untaken) ? hopper.declined_store_why
                                                                         : "only one TMA store epilogue per kernel");
    L->hopper = NULL;
    L->hopper_emit = NULL;
    return false;
  }
  /* host-built tensor maps: appended parameters; the self-contained ABI builds them on the device */
  int ntmaps = L->hopper && !L->opts->self_contained_abi ? L->hopper->npipes + (L->hopper->has_store ? 1 : 0) : 0;
  /* pointer tiles are generic in a kernel with an alloca (plan_allocas), global otherwise */
  L->b.ptr_data = find_allocas(entry, NULL) ? L->b.ptr_generic : L->b.ptr_global;
  L->nwarps = warps;
  L->nthreads = 32 * warps;
  /* refuse kernels whose live tiles cannot fit the register file before unrolling anything */
  if (!ct_reg_budget_check(L, entry)) {
    L->hopper = NULL;
    L->hopper_emit = NULL;
    return false;
  }

  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  intptr_t nargs = mlirBlockGetNumArguments(body);
  L->nuser_args = (int)nargs;
  MlirType *arg_types = calloc((size_t)nargs + ntmaps + 1, sizeof *arg_types);
  ct_type *cargs = calloc((size_t)nargs + 1, sizeof *cargs);
  if (!arg_types || !cargs) abort();
  bool ok = true;
  for (intptr_t i = 0; i < nargs && ok; i++) {
    ct_type t;
    if (!value_type(L, entry, mlirBlockGetArgument(body, i), &t)) { ok = false; break; }
    cargs[i] = t;
    if (t.kind != CT_TYPE_TILE || t.rank != 0 || mlirTypeIsNull(elem_llvm_type(L, t.elem))) {
      ct_error_op(L->c, entry, "code generation: kernel parameter #%d must be a scalar tile of a supported type", (int)i);
      ok = false;
      break;
    }
    arg_types[i] = t.elem == CT_I1 ? L->b.i8 : elem_llvm_type(L, t.elem);
  }
  if (!ok) {
    free(arg_types);
    free(cargs);
    return false;
  }

  MlirContext ctx = L->b.ctx;
  for (int i = 0; i < ntmaps; i++) arg_types[nargs + i] = L->b.ptr_generic;
  intptr_t nparams = nargs + ntmaps;
  MlirOperationState st = mlirOperationStateGet(sref("llvm.func"), lower_debuginfo_kernel(L, entry, name));
  /* a warp-specialised kernel: the producer warpgroup after the consumers' threads; .maxnreg = the
   * launch's per-thread share of the register file for the CTAs per SM TileAS cut the agents'
   * budgets for (tileas.pipeline ctas_per_sm), at most the consumers' setmaxnreg budget: ptxas
   * allocates every agent's code within it */
  int cta_threads = L->hopper && L->hopper->ws ? L->hopper->ws_threads : L->nthreads;
  int32_t reqntid[3] = {cta_threads, 1, 1};
  MlirNamedAttribute na[7] = {
      bld_named(&L->b, "sym_name", mlirStringAttrGet(ctx, name)),
      bld_named(&L->b, "function_type",
                mlirTypeAttrGet(mlirLLVMFunctionTypeGet(L->b.void_ty, nparams, arg_types, false))),
      bld_named(&L->b, "nvvm.kernel", mlirUnitAttrGet(ctx)),
      bld_named(&L->b, "nvvm.reqntid", mlirDenseI32ArrayGet(ctx, 3, reqntid))};
  int nna = 4;
  if (L->hopper && L->hopper->ws) {
    na[nna++] = bld_named(&L->b, "nvvm.maxnreg", mlirIntegerAttrGet(L->b.i32, ct_hopper_ws_share(L->hopper)));
  } else if (L->hopper && L->hopper->tcgen05 && ct_ws_launch_share(2, cta_threads) >= CT_REG_MAX_PER_THREAD) {
    /* a tcgen05 kernel without agents at up to 128 threads: .maxnreg 255, what each of the two CTAs
     * per SM the stage count plans for may take anyway. Without it, ptxas 13.0's register-usage
     * heuristic on sm_100a aims below what such a kernel needs and spills (examples/attention.mlir
     * with 16-byte staging stores: 96 registers + 8 bytes; with .maxnreg 255, 101 and none). At 256
     * threads two CTAs' share is 128, which the register estimate cannot promise (a 256-thread
     * MXFP8 GEMM spilled 12 bytes under .maxnreg 128, and one CTA's 255 took an MXFP4 GEMM from 128
     * registers to 136, one CTA per SM): ptxas chooses there, as before (0 spills on every kernel) */
    na[nna++] = bld_named(&L->b, "nvvm.maxnreg", mlirIntegerAttrGet(L->b.i32, CT_REG_MAX_PER_THREAD));
  }
  if (L->hopper) {
    /* tensor maps: `.param .align 128 .b8 [128]` grid-constant parameters (docs/abi.md), and the
     * ABI comments the back end prints before the entry */
    MlirAttribute *pa = calloc((size_t)nparams, sizeof *pa);
    if (!pa) abort();
    for (intptr_t i = 0; i < nparams; i++)
      pa[i] = i < nargs ? bld_attr(&L->b, "{}")
                        : bld_attr(&L->b, "{llvm.align = 128 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}");
    na[nna++] = bld_named(&L->b, "arg_attrs", mlirArrayAttrGet(ctx, nparams, pa));
    free(pa);
    MlirAttribute pairs[CT_HOPPER_MAX_PIPES + 2];
    for (int i = 0; i < ntmaps; i++) {
      char key[32], val[512];
      snprintf(key, sizeof key, "tilec.tensormap.%d", i);
      const ct_hopper_pipe *o = &L->hopper->pipes[i];
      if (i < L->hopper->npipes) ct_tensormap_format(&o->tmap, (int)nargs + o->param, o->base_arg, val, sizeof val);
      else ct_tensormap_format(&L->hopper->st.tmap, (int)nargs + L->hopper->st.param, L->hopper->st.base_arg, val, sizeof val);
      MlirAttribute kv[2] = {mlirStringAttrGet(ctx, sref(key)), mlirStringAttrGet(ctx, sref(val))};
      pairs[i] = mlirArrayAttrGet(ctx, 2, kv);
    }
    char val[160];
    snprintf(val, sizeof val, "stages=%d tx_bytes=%lld threads=%d", L->hopper->stages, (long long)L->hopper->tx_bytes,
             cta_threads);
    MlirAttribute kv[2] = {mlirStringAttrGet(ctx, sref("tilec.pipeline")), mlirStringAttrGet(ctx, sref(val))};
    pairs[ntmaps] = mlirArrayAttrGet(ctx, 2, kv);
    na[nna++] = bld_named(&L->b, "passthrough", mlirArrayAttrGet(ctx, ntmaps + 1, pairs));
  }
  mlirOperationStateAddAttributes(&st, nna, na);
  MlirRegion region = mlirRegionCreate();
  MlirLocation *locs = calloc((size_t)nparams + 1, sizeof *locs);
  if (!locs) abort();
  for (intptr_t i = 0; i < nparams; i++) locs[i] = mlirOperationGetLocation(entry);
  MlirBlock fb = mlirBlockCreate(nparams, arg_types, locs);
  free(locs);
  mlirRegionAppendOwnedBlock(region, fb);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation fn = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(L->out_body, fn);
  L->fn_region = mlirOperationGetRegion(fn, 0);
  L->b.block = fb;
  L->b.loc = lower_debuginfo_loc(L, mlirOperationGetLocation(entry));
  L->tid = bld_intr(&L->b, "llvm.nvvm.read.ptx.sreg.tid.x", L->b.i32, 0, NULL);
  L->b.barrier_threads = 0; /* the whole CTA until a warp-specialised loop's dispatch */

  for (intptr_t i = 0; i < nargs; i++) {
    const ct_layout *l = layout_blocked_for(L, entry, &cargs[i]);
    if (!l) { ok = false; break; }
    ct_lv *lv = lv_new_tile(L, &cargs[i], l);
    MlirValue a = mlirBlockGetArgument(fb, i);
    if (cargs[i].elem == CT_I1) a = bld_cast(&L->b, "llvm.trunc", a, L->b.i1);
    lv->regs[0] = a;
    if (cargs[i].elem == CT_PTR) {
      int bits = ct_elem_bits(cargs[i].pointee);
      lv->ptr_align = bits >= 8 ? bits / 8 : 1;
    }
    lv_bind(L, mlirBlockGetArgument(body, i), lv);
  }
  free(arg_types);
  free(cargs);
  if (!ok) return false;
  L->entry_smem_bytes = 0;
  L->smem_reserved = 0;
  L->print_buf = (MlirValue){NULL};
  if (L->hopper) hopper_kernel_prologue(L);
  int64_t ring = L->smem_reserved;
  if (!plan_allocas(L, entry)) {
    L->hopper = NULL;
    L->hopper_emit = NULL;
    L->smem_reserved = 0;
    return false;
  }
  /* one stage of every ring (buffers + their full/empty mbarriers) and the depth, for the advice
   * when the kernel is over the shared-memory limit */
  int64_t ring_stage_bytes = 0;
  int ring_stages = 0;
  for (int i = 0; L->hopper && i < L->hopper->npipes; i++)
    if (L->hopper->pipes[i].in_loop) {
      ring_stage_bytes += L->hopper->pipes[i].tile_bytes + CT_SMEM_MBARRIER_PAIR_BYTES;
      if (L->hopper->pipes[i].stages > ring_stages) ring_stages = L->hopper->pipes[i].stages;
    }
  bool lowered = !(L->hopper && L->hopper->ws_replay) || ws_replay_dispatch(L, body);
  lowered = lowered && lower_block(L, body);
  L->di_sp = mlirAttributeGetNull(); /* (line information is the kernel's) */
  L->b.barrier_threads = 0;
  L->hopper = NULL;
  L->hopper_emit = NULL;
  L->smem_reserved = 0;
  if (!lowered) return false;
  /* the most shared memory one block may use (capacity pool 5 of the target's machine table) */
  int64_t limit = ct_machine_for(L->opts->gpu == CT_SM_100A ? CT_TILEAS_SM100A : CT_TILEAS_SM90A)->smem_ceiling_bytes;
  if (L->entry_smem_bytes > limit) {
    int64_t over = L->entry_smem_bytes - limit;
    int fit = ring_stage_bytes > 0 ? ring_stages - (int)((over + ring_stage_bytes - 1) / ring_stage_bytes) : 0;
    char advice[64] = "smaller tiles";
    if (fit >= 2) snprintf(advice, sizeof advice, "--num-stages=%d fits", fit);
    ct_error_op(L->c, entry, "kernel needs %lld bytes of shared memory (%lld for the pipelined buffers and mbarriers, "
                "%lld for other ops), over the %lld bytes a block may use; %s", (long long)L->entry_smem_bytes,
                (long long)ring, (long long)(L->entry_smem_bytes - ring), (long long)limit, advice);
    return false;
  }
  L->kernels = xrealloc(L->kernels, (L->nkernels + 1) * sizeof *L->kernels);
  L->kernel_smem = xrealloc(L->kernel_smem, (L->nkernels + 1) * sizeof *L->kernel_smem);
  L->kernel_ring = xrealloc(L->kernel_ring, (L->nkernels + 1) * sizeof *L->kernel_ring);
  L->kernel_bulk = xrealloc(L->kernel_bulk, (L->nkernels + 1) * sizeof *L->kernel_bulk);
  L->kernel_loc = xrealloc(L->kernel_loc, (L->nkernels + 1) * sizeof *L->kernel_loc);
  L->kernels[L->nkernels] = fn;
  L->kernel_ring[L->nkernels] = ring;
  L->kernel_bulk[L->nkernels] = bulk;
  L->kernel_loc[L->nkernels] = mlirOperationGetLocation(entry);
  L->kernel_smem[L->nkernels++] = L->entry_smem_bytes;
  return true;
}

/* The remark (`tilec --remarks`, at the entry) stating kernel i's shared memory: the very figure
 * add_smem_global writes (the `tilec.dynamic_smem_bytes` comment when dynamic), and the part of it
 * the Hopper path's TMA buffers and mbarriers take. */
static void smem_remark(ct_lower *L, size_t i, bool dynamic) {
  char where[160], ring[256] = "";
  MlirAttribute name = mlirOperationGetAttributeByName(L->kernels[i], sref("sym_name"));
  MlirStringRef n = mlirStringAttrGetValue(name);
  long long bytes = (long long)L->kernel_smem[i];
  if (dynamic)
    snprintf(where, sizeof where, "dynamic (`// tilec.dynamic_smem_bytes %.*s %lld` in the PTX; the launch passes them)",
             (int)n.length, n.data, bytes);
  else if (L->smem_bytes != L->kernel_smem[i])
    snprintf(where, sizeof where, "static (the module's `.shared __tilec_smem[%lld]`, sized for its largest kernel)",
             (long long)L->smem_bytes);
  else snprintf(where, sizeof where, "static (`.shared __tilec_smem[%lld]`)", bytes);
  long long r = (long long)L->kernel_ring[i];
  const char *what = L->kernel_bulk[i] ? "the TMA loads' buffers, their mbarriers and the TMA store's staging"
                                       : "the TMA tensor-core path's rings, mbarriers and staging buffers";
  if (r > 0 && r >= bytes)
    snprintf(ring, sizeof ring, "; all of it for %s (1024 B of it run-time alignment slack)", what);
  else if (r > 0)
    snprintf(ring, sizeof ring, "; %lld for %s (1024 B of it run-time alignment slack), %lld for other ops", r, what,
             bytes - r);
  ct_diag_emit_at(L->c, CT_DIAG_REMARK, L->kernel_loc[i], "shared memory: %lld bytes, %s%s", bytes, where, ring);
}

/* The module's shared-memory buffer. Static (`.shared .align 16 .b8 __tilec_smem[N]`) when every
 * kernel needs at most STATIC_SMEM_LIMIT bytes; else an external zero-length array (PTX
 * `.extern .shared .align 16 .b8 __tilec_smem[]`, dynamic shared memory) and every kernel that
 * uses it carries the string attribute DYN_SMEM_ATTR = its byte count, which the back end prints
 * as `// tilec.dynamic_smem_bytes <kernel> <bytes>` (docs/abi.md). Every kernel that uses it gets
 * a remark with that figure (smem_remark). */
static void add_smem_global(ct_lower *L) {
  if (L->smem_bytes <= 0) return;
  MlirContext ctx = L->b.ctx;
  bool dynamic = L->smem_bytes > STATIC_SMEM_LIMIT && !L->opts->self_contained_abi;
  MlirOperationState st = mlirOperationStateGet(sref("llvm.mlir.global"), mlirLocationUnknownGet(ctx));
  MlirType arr = mlirLLVMArrayTypeGet(L->b.i8, dynamic ? 0u : (unsigned)L->smem_bytes);
  MlirNamedAttribute na[5] = {
      bld_named(&L->b, "sym_name", mlirStringAttrGet(ctx, sref(SMEM_SYMBOL))),
      bld_named(&L->b, "global_type", mlirTypeAttrGet(arr)),
      bld_named(&L->b, "linkage", mlirLLVMLinkageAttrGet(ctx, dynamic ? MlirLLVMLinkageExternal : MlirLLVMLinkageInternal)),
      bld_named(&L->b, "addr_space", mlirIntegerAttrGet(L->b.i32, 3)),
      bld_named(&L->b, "alignment", mlirIntegerAttrGet(L->b.i64, 16))};
  mlirOperationStateAddAttributes(&st, 5, na);
  MlirRegion r = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockInsertOwnedOperation(L->out_body, 0, mlirOperationCreate(&st));
  for (size_t i = 0; i < L->nkernels; i++)
    if (L->kernel_smem[i] > 0) smem_remark(L, i, dynamic);
  if (!dynamic) return;
  for (size_t i = 0; i < L->nkernels; i++) {
    if (L->kernel_smem[i] <= 0) continue;
    char bytes[32];
    snprintf(bytes, sizeof bytes, "%lld", (long long)L->kernel_smem[i]);
    MlirAttribute kv[2] = {mlirStringAttrGet(ctx, sref(DYN_SMEM_ATTR)), mlirStringAttrGet(ctx, sref(bytes))};
    /* keep the passthrough entries already there (Hopper ABI comments) */
    MlirAttribute old = mlirOperationGetAttributeByName(L->kernels[i], sref("passthrough"));
    intptr_t nold = mlirAttributeIsNull(old) ? 0 : mlirArrayAttrGetNumElements(old);
    MlirAttribute *all = calloc((size_t)nold + 1, sizeof *all);
    if (!all) abort();
    for (intptr_t k = 0; k < nold; k++) all[k] = mlirArrayAttrGetElement(old, k);
    all[nold] = mlirArrayAttrGet(ctx, 2, kv);
    mlirOperationSetAttributeByName(L->kernels[i], sref("passthrough"), mlirArrayAttrGet(ctx, nold + 1, all));
    free(all);
  }
}

MlirValue smem_base(ct_lower *L, int64_t bytes) {
  bytes = (bytes + L->smem_reserved + 15) / 16 * 16;
  if (bytes > L->smem_bytes) L->smem_bytes = bytes;
  if (bytes > L->entry_smem_bytes) L->entry_smem_bytes = bytes;
  MlirValue base = bld_addressof(&L->b, SMEM_SYMBOL, L->b.ptr_shared);
  if (L->smem_reserved) base = bld_gep(&L->b, base, bld_i32(&L->b, L->smem_reserved), L->b.i8);
  return base;
}

static void print_to_stderr(MlirStringRef s, void *u) {
  (void)u;
  fwrite(s.data, 1, s.length, stderr);
}

static void lower_free(ct_lower *L) {
  free(L->alloca_ops);
  free(L->alloca_offs);
  free(L->alloca_align);
  free(L->alloca_global);
  free(L->alloca_bytes);
  for (size_t i = 0; i < L->nall; i++) {
    free(L->all[i]->regs);
    free(L->all[i]);
  }
  free(L->all);
  for (size_t i = 0; i < L->nlayouts; i++) free(L->layouts[i]);
  free(L->layouts);
  free(L->slots);
  for (size_t i = 0; i < L->nexterns; i++) free(L->externs[i]);
  free(L->externs);
  free(L->kernels);
  free(L->kernel_smem);
  free(L->kernel_ring);
  free(L->kernel_bulk);
  free(L->kernel_loc);
}

MlirModule ct_lower_to_llvm_dialect(ct_ctx *c, MlirModule in, const ct_lower_options *opts) {
  ct_lower L;
  memset(&L, 0, sizeof L);
  L.c = c;
  L.opts = opts;
  L.vectorize = true;
  bld_init(&L.b, c->mlir);
  L.out = mlirModuleCreateEmpty(mlirLocationUnknownGet(c->mlir));
  L.out_body = mlirModuleGetBody(L.out);
  int errors_before = c->nerrors;
  bool ok = true;
  for (MlirOperation m = mlirBlockGetFirstOperation(mlirModuleGetBody(in)); ok && !mlirOperationIsNull(m);
       m = mlirOperationGetNextInBlock(m)) {
    char name[96];
    ct_op_short_name(m, name, sizeof name);
    if (strcmp(name, "module")) {
      ct_error_op(c, m, "code generation: expected `cuda_tile.module` at top level");
      ok = false;
      break;
    }
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0));
    for (MlirOperation e = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(e);
         e = mlirOperationGetNextInBlock(e)) {
      ct_op_short_name(e, name, sizeof name);
      if (!strcmp(name, "global")) {
        ok = lower_global(&L, e);
      } else if (!strcmp(name, "entry")) {
        ok = lower_entry(&L, e);
        /* values of one kernel are never used by another */
        free(L.slots);
        L.slots = NULL;
        L.nslots = L.nused = 0;
      } else {
        ct_error_op(c, e, "`%s` is not supported by code generation yet", name);
        ok = false;
      }
    }
  }
  if (ok && c->nerrors == errors_before) {
    add_smem_global(&L);
    if (!mlirOperationVerify(mlirModuleGetOperation(L.out))) {
      ct_diag_emit(c, CT_DIAG_ERROR, NULL, 0, 0, "internal error: generated LLVM dialect does not verify");
      if (getenv("TILEC_DEBUG_LOWERING")) {
        MlirOpPrintingFlags fl = mlirOpPrintingFlagsCreate();
        mlirOpPrintingFlagsAssumeVerified(fl);
        mlirOperationPrintWithFlags(mlirModuleGetOperation(L.out), fl, print_to_stderr, NULL);
        mlirOpPrintingFlagsDestroy(fl);
      }
      ok = false;
    }
  }
  lower_free(&L);
  if (!ok || c->nerrors != errors_before) {
    mlirModuleDestroy(L.out);
    return (MlirModule){NULL};
  }
  return L.out;
}

/* lower_atomic: code generation for `atomic_rmw_tko` and `atomic_cas_tko` on tiles of pointers, and
 * the `red` of `atomic_red_view_tko` (its view addressing is lower_memory.c's, as a store's).
 * Each element a thread owns becomes one PTX `atom` (inline asm with a memory clobber; LLVM 22's
 * NVPTX back end drops the ordering and scope of an `atomicrmw`, so they are written out):
 *   atom.<sem>.<scope>.global.<op>.<type>   (ptxas turns an atom whose result is unused into RED)
 *   mode  and/or/xor -> and/or/xor.b32|b64, add -> add.u32|u64, addf -> add.f32|f64 and
 *         add.noftz.f16|bf16, max/min -> max/min.s32|s64, umax/umin -> max/min.u32|u64,
 *         xchg -> exch.b32|b64; atomic_cas_tko -> cas.b32|b64 (floats by their bits)
 *   memory_ordering_semantics relaxed/acquire/release/acq_rel -> .relaxed/.acquire/.release/.acq_rel
 *   memory_scope tl_blk/device/sys -> .cta/.gpu/.sys
 * An element whose mask is false is not touched; its result is the argument (rmw) or `cmp` (cas),
 * as the spec and the interpreter say. Elements replicated across
 * threads (a broadcast pointer, a rank-0 one) are updated once, by the owning thread
 * (owner_predicate), as stores are; when the result is used, the owners hand the old values to the
 * other threads through shared memory (share_owner_results). The interpreter executes the same ops (lib/interp). Knobs: none. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <string.h>

#include "frontend/ops.h"
#include "nvvm/lower_internal.h"

/* cuda_tile atomic mode (dialect roster: and=0 or=1 xor=2 add=3 addf=4 max=5 min=6 umax=7 umin=8
 * xchg=9) -> the PTX atom operation and type class (s: signed, u: unsigned, b: bits, f: float). */
static const char *ptx_atom_op(int64_t mode, ct_elem e, char *cls) {
  static const char *const ops[10] = {"and", "or", "xor", "add", "add", "max", "min", "max", "min", "exch"};
  static const char cls_of[10] = {'b', 'b', 'b', 'u', 'f', 's', 's', 'u', 'u', 'b'};
  if (mode < 0 || mode > 9) return NULL;
  *cls = cls_of[mode];
  return mode == 4 && (e == CT_F16 || e == CT_BF16) ? "add.noftz" : ops[mode];
}

/* ordering relaxed=1 acquire=2 release=3 acq_rel=4 and scope tl_blk=0 device=1 sys=2 -> the PTX
 * qualifiers of `atom` (LLVM 22's NVPTX back end drops the ordering and scope of an `atomicrmw`, so
 * the atomics are written as PTX, with the exact qualifiers). */
static bool atomic_order(ct_lower *L, MlirOperation op, const char *name, const char **sem, const char **scope) {
  static const char *const sems[5] = {NULL, "relaxed", "acquire", "release", "acq_rel"};
  static const char *const scopes[3] = {"cta", "gpu", "sys"};
  int64_t s = attr_int(op, "memory_ordering_semantics", 1), sc = attr_int(op, "memory_scope", 1);
  if (s < 1 || s > 4 || sc < 0 || sc > 2) {
    ct_error_op(L->c, op, "`%s`: memory ordering %lld / scope %lld is not an atomic ordering", name, (long long)s,
                (long long)sc);
    return false;
  }
  *sem = sems[s];
  *scope = scopes[sc];
  return true;
}

/* if (pred) { v = body } else { v = args[1] } ; returns v. `emit` builds the atomic in the current
 * block. A masked-off element yields the spec's value, as the interpreter does: rmw its argument,
 * cas its `cmp` (args[1] in both cases). */
typedef MlirValue (*emit_fn)(ct_lower *L, const MlirValue *args, void *ctx);

static MlirValue guarded(ct_lower *L, MlirValue pred, MlirType t, emit_fn emit, const MlirValue *args, void *ctx) {
  ct_bld *b = &L->b;
  if (!pred.ptr) return emit(L, args, ctx);
  MlirBlock body = lower_new_block(L), join = lower_new_block(L);
  MlirValue result = mlirBlockAddArgument(join, t, b->loc);
  bld_cond_br(b, pred, body, 0, NULL, join, 1, &args[1]);
  b->block = body;
  MlirValue v = emit(L, args, ctx);
  bld_br(b, join, 1, &v);
  b->block = join;
  return result;
}

typedef struct {
  char text[96];        /* the atom instruction, operands $0 (old), $1 (address), $2 [, $3] */
  char constraints[32];
  MlirType t, reg;      /* element type; the type the asm operands have (16-bit floats as i16) */
} atom_ctx;

/* The PTX type suffix of an atomic on element type e with type class cls, the LLVM NVPTX register
 * class letter of its operands (h 16-bit, r 32, l 64, f f32, d f64) and the asm operand type
 * (16-bit floats as i16). */
static char atom_type(ct_lower *L, ct_elem e, char cls, char *type, size_t cap, MlirType *reg) {
  int bits = ct_elem_bits(e);
  bool is_float = e == CT_F16 || e == CT_BF16 || e == CT_F32 || e == CT_F64;
  if (cls == 'f') snprintf(type, cap, "%s", e == CT_BF16 ? "bf16" : bits == 16 ? "f16" : bits == 32 ? "f32" : "f64");
  else snprintf(type, cap, "%c%d", cls, bits);
  *reg = bits == 16 && is_float ? mlirIntegerTypeGet(L->b.ctx, 16) : elem_llvm_type(L, e);
  return bits == 16 ? 'h' : cls == 'f' && bits == 32 ? 'f' : cls == 'f' ? 'd' : bits == 64 ? 'l' : 'r';
}

/* The state space of pointer tiles: .global, or none (generic) in a kernel with an alloca, whose
 * pointers may address the block's shared memory (lower_kernel.c plan_allocas). */
static const char *state_space(const ct_lower *L) {
  return mlirTypeEqual(L->b.ptr_data, L->b.ptr_global) ? ".global" : "";
}

/* `atom.<sem>.<scope>.global.<op>.<type>` for element type e. */
static void atom_ctx_init(ct_lower *L, atom_ctx *c, const char *sem, const char *scope, const char *op, char cls,
                          ct_elem e, bool cas) {
  char type[8];
  char rc = atom_type(L, e, cls, type, sizeof type, &c->reg);
  snprintf(c->text, sizeof c->text, "atom.%s.%s%s.%s.%s $0, [$1], $2%s;", sem, scope, state_space(L), op, type,
           cas ? ", $3" : "");
  if (cas) snprintf(c->constraints, sizeof c->constraints, "=%c,l,%c,%c,~{memory}", rc, rc, rc);
  else snprintf(c->constraints, sizeof c->constraints, "=%c,l,%c,~{memory}", rc, rc);
  c->t = elem_llvm_type(L, e);
}

bool atomic_red_asm(ct_lower *L, MlirOperation op, const char *name, ct_elem e, ct_red_asm *out) {
  const char *sem, *scope;
  if (!atomic_order(L, op, name, &sem, &scope)) return false;
  if (mlirTypeIsNull(elem_llvm_type(L, e))) {
    ct_error_op(L->c, op, "`%s` of %s elements is not supported by code generation yet", name, ct_elem_name(e));
    return false;
  }
  char cls;
  int64_t mode = attr_int(op, "mode", -1);
  const char *aop = ptx_atom_op(mode, e, &cls);
  if (!aop || mode == 9) { /* (the verifier refuses xchg: red has no exch) */
    ct_error_op(L->c, op, "`%s`: atomic mode %lld has no PTX reduction", name, (long long)mode);
    return false;
  }
  char type[8];
  char rc = atom_type(L, e, cls, type, sizeof type, &out->reg);
  snprintf(out->text, sizeof out->text, "red.%s.%s%s.%s.%s [$0], $1;", sem, scope, state_space(L), aop, type);
  snprintf(out->constraints, sizeof out->constraints, "l,%c,~{memory}", rc);
  out->t = elem_llvm_type(L, e);
  return true;
}

/* The multimem instruction of a 13.5 multimem view op (sm_90+, PTX 8.1; the view is over a
 * multicast pointer, so its addresses are multimem addresses), one element per instruction:
 *   multimem_load_reduce_view_tko: multimem.ld_reduce{.sem.scope}.global.<op>.<type> $0, [$1];
 *   multimem_reduce_view_tko:      multimem.red{.sem.scope}.global.<op>.<type> [$0], $1;
 *   multimem_store_view_tko:       multimem.st{.sem.scope}.global.<type> [$0], $1;
 * weak is the instructions' default (no qualifier); relaxed / acquire (loads) / release (stores,
 * reductions) name their scope (tl_blk cta, device gpu, sys or none: sys). Types: f32 / f64 (add
 * only, as the verifier says), f16 / bf16 as .f16x2 / .bf16x2 pairs of adjacent elements (the ISA
 * has no scalar 16-bit float form; lower_memory.c pairs them or refuses by name), and for i32 /
 * i64 add .u, min / max .s, umin / umax .u with min / max, and / or / xor .b (stores .b). The ISA
 * has no 8- or 16-bit integer forms and no fp8 / tf32 ones: those are refused by name. */
bool multimem_asm(ct_lower *L, MlirOperation op, const char *name, ct_elem e, ct_red_asm *out) {
  static const char *const reds[8] = {"add", "min", "max", "and", "or", "xor", "min", "max"};
  static const char *const sems[5] = {"weak", "relaxed", "acquire", "release", "acq_rel"};
  static const char *const scopes[3] = {"cta", "gpu", "sys"};
  bool ld = !strcmp(name, "multimem_load_reduce_view_tko"), st = !strcmp(name, "multimem_store_view_tko");
  int64_t sem = attr_int(op, "memory_ordering_semantics", 0), sc = attr_int(op, "memory_scope", 2);
  int64_t red = ct_enum_attr(op, "reduction", CT_AK_MMRED, 0); /* #cuda_tile.multimem_reduction_kind<..> */
  bool sem_ok = sem == 0 || sem == 1 || (ld ? sem == 2 : sem == 3);
  if (!sem_ok || sem < 0 || sem > 4 || sc < 0 || sc > 2 || red < 0 || red > 7) {
    ct_error_op(L->c, op, "`%s`: memory ordering `%s` is not one the multimem instruction has (%s)", name,
                sem >= 0 && sem <= 4 ? sems[sem] : "?", ld ? "weak, relaxed, acquire" : "weak, relaxed, release");
    return false;
  }
  bool is_float = e == CT_F16 || e == CT_BF16 || e == CT_F32 || e == CT_F64;
  int bits = ct_elem_bits(e);
  if (!is_float && e != CT_I32 && e != CT_I64) {
    ct_error_op(L->c, op, "`%s` of %s elements: the PTX multimem instructions have no %s form (32- and 64-bit "
                "integers, f16, bf16, f32 and f64 only)", name, ct_elem_name(e), ct_elem_name(e));
    return false;
  }
  char cls = is_float ? 'f' : (st || (red >= 3 && red <= 5)) ? 'b' : (red == 1 || red == 2) ? 's' : 'u';
  char type[8];
  char rc = atom_type(L, e, cls, type, sizeof type, &out->reg);
  if (bits == 16) { /* f16 / bf16 in pairs (lower_memory.c view_group): one 32-bit register */
    snprintf(type, sizeof type, "%s", e == CT_BF16 ? "bf16x2" : "f16x2");
    rc = 'r';
    out->reg = L->b.i32;
  }
  char order[32] = "";
  if (sem != 0) snprintf(order, sizeof order, ".%s.%s", sems[sem], scopes[sc]);
  if (ld) {
    snprintf(out->text, sizeof out->text, "multimem.ld_reduce%s%s.%s.%s $0, [$1];", order, state_space(L), reds[red], type);
    snprintf(out->constraints, sizeof out->constraints, "=%c,l,~{memory}", rc);
  } else {
    if (st) snprintf(out->text, sizeof out->text, "multimem.st%s%s.%s [$0], $1;", order, state_space(L), type);
    else snprintf(out->text, sizeof out->text, "multimem.red%s%s.%s.%s [$0], $1;", order, state_space(L), reds[red], type);
    snprintf(out->constraints, sizeof out->constraints, "l,%c,~{memory}", rc);
  }
  out->t = elem_llvm_type(L, e);
  return true;
}

void emit_red(ct_lower *L, const ct_red_asm *r, MlirValue addr, MlirValue val) {
  ct_bld *b = &L->b;
  MlirValue ops[2] = {addr, mlirTypeEqual(r->t, r->reg) ? val : bld_cast(b, "llvm.bitcast", val, r->reg)};
  MlirNamedAttribute na[3] = {bld_named(b, "asm_string", mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(r->text))),
                              bld_named(b, "constraints",
                                        mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(r->constraints))),
                              bld_named(b, "has_side_effects", mlirUnitAttrGet(b->ctx))};
  bld_op(b, "llvm.inline_asm", 0, NULL, 2, ops, 3, na);
}

static MlirValue emit_atom(ct_lower *L, const MlirValue *args, void *ctx) {
  atom_ctx *c = ctx;
  ct_bld *b = &L->b;
  MlirValue ops[3] = {args[0], args[1], args[2]};
  int n = args[2].ptr ? 3 : 2;
  for (int i = 1; i < n; i++)
    if (!mlirTypeEqual(c->t, c->reg)) ops[i] = bld_cast(b, "llvm.bitcast", ops[i], c->reg);
  MlirValue old = bld_inline_asm_volatile(b, c->text, c->constraints, c->reg, n, ops);
  return mlirTypeEqual(c->t, c->reg) ? old : bld_cast(b, "llvm.bitcast", old, c->t);
}

/* A replicated element is updated by its owner only; the other threads holding it get the old
 * value the owner read: the owners write their results to the shared buffer at the elements'
 * flat indices, bar.sync, every thread reads its elements back (every user of the buffer starts
 * with bar.sync, so none ends with one). */
static void share_owner_results(ct_lower *L, ct_lv *out) {
  ct_bld *b = &L->b;
  const ct_layout *l = out->layout;
  MlirValue base = smem_tile_buffer(L, l, out->type.elem);
  bld_barrier(b);
  /* one thread index for both halves (smem_scatter / smem_gather would compute it on each side
   * of the owners' branch: two more registers) */
  MlirValue tflat = thread_flat_index(L, l);
  MlirBlock write = lower_new_block(L), join = lower_new_block(L);
  bld_cond_br(b, owner_predicate(L, l), write, 0, NULL, join, 0, NULL);
  b->block = write;
  for (int k = 0; k < out->nregs; k++)
    smem_store_elem(L, base, bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(l, (uint32_t)k))), out->regs[k]);
  bld_br(b, join, 0, NULL);
  b->block = join;
  bld_barrier(b);
  MlirType t = mlirValueGetType(out->regs[0]);
  for (int k = 0; k < out->nregs; k++)
    out->regs[k] = smem_load_elem(L, base, bld_add(b, tflat, bld_i32(b, ct_layout_reg_flat(l, (uint32_t)k))), t);
}

static int lower_atomic(ct_lower *L, MlirOperation op, const char *name, bool cas) {
  int32_t seg[8];
  int nseg = 0;
  int nvals = cas ? 2 : 1; /* cas: cmp, val; rmw: arg */
  if (!op_segments(op, seg, 8, &nseg) || nseg < 2 + nvals) {
    ct_error_op(L->c, op, "code generation: `%s` without operandSegmentSizes", name);
    return LOWER_FAILED;
  }
  const char *sem, *scope;
  if (!atomic_order(L, op, name, &sem, &scope)) return LOWER_FAILED;
  ct_lv *ptrs = lv_get(L, op, 0);
  if (!ptrs) return LOWER_FAILED;
  const ct_layout *l = ptrs->layout;
  ct_lv *vals[2] = {NULL, NULL}, *mask = NULL;
  for (int i = 0; i < nvals; i++)
    if (!(vals[i] = lv_get(L, op, 1 + i)) || !(vals[i] = lv_require(L, op, 1 + i, vals[i], l))) return LOWER_FAILED;
  if (seg[1 + nvals] && (!(mask = lv_get(L, op, 1 + nvals)) || !(mask = lv_require(L, op, 1 + nvals, mask, l))))
    return LOWER_FAILED;
  ct_elem e = ptrs->type.pointee;
  MlirType t = elem_llvm_type(L, e);
  if (mlirTypeIsNull(t)) {
    ct_error_op(L->c, op, "`%s` of %s elements is not supported by code generation yet", name, ct_elem_name(e));
    return LOWER_FAILED;
  }
  char cls = 'b';
  const char *aop = "cas";
  if (!cas) {
    int64_t mode = attr_int(op, "mode", -1);
    if (!(aop = ptx_atom_op(mode, e, &cls))) {
      ct_error_op(L->c, op, "`%s`: unknown atomic mode %lld", name, (long long)mode);
      return LOWER_FAILED;
    }
  }
  atom_ctx ac;
  atom_ctx_init(L, &ac, sem, scope, aop, cls, e, cas);
  MlirValue owner = owner_predicate(L, l);
  ct_type rt = ptrs->type;
  rt.elem = e;
  rt.pointee = CT_ELEM_NONE;
  ct_lv *out = lv_new_tile(L, &rt, l);
  for (int k = 0; k < ptrs->nregs; k++) {
    MlirValue pred = owner;
    if (mask) pred = pred.ptr ? bld_and(&L->b, pred, mask->regs[k]) : mask->regs[k];
    MlirValue args[3] = {ptrs->regs[k], vals[0]->regs[k], cas ? vals[1]->regs[k] : (MlirValue){NULL}};
    out->regs[k] = guarded(L, pred, t, emit_atom, args, &ac);
  }
  if (owner.ptr && !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
    share_owner_results(L, out);
  lv_bind(L, mlirOperationGetResult(op, 0), out);
  if (mlirOperationGetNumResults(op) > 1) lv_bind(L, mlirOperationGetResult(op, 1), lv_alloc(L, LV_TOKEN, NULL));
  return LOWER_DONE;
}

int lower_atomic_op(ct_lower *L, MlirOperation op, const char *name) {
  if (!strcmp(name, "atomic_rmw_tko") || !strcmp(name, "atomic_cas_tko")) lower_token_order(L, op, true);
  if (!strcmp(name, "atomic_rmw_tko")) return lower_atomic(L, op, name, false);
  if (!strcmp(name, "atomic_cas_tko")) return lower_atomic(L, op, name, true);
  return LOWER_NOT_MINE;
}

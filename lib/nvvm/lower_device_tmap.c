/* lower_device_tmap: the self-contained kernel ABI's tensor maps (docs/abi.md, "Tensor maps built on
 * the device"). Under --abi=self-contained (and tilec as tileiras) a TMA kernel takes only its
 * entry's arguments, so it builds the CUtensorMap of every TMA-loaded or -stored view itself, from
 * those arguments, instead of taking host-encoded maps as appended parameters.
 * Algorithm:
 *  - memory: the maps live in global memory (TMA reads a map from .param, .const or .global only).
 *    Each kernel has a pool `__tilec_tmaps_<kernel>` of `slots` slots of nmaps × 128 bytes, and a
 *    bitmask `__tilec_tmap_slots_<kernel>` (one bit per slot). A CTA owns one slot from its start to
 *    its return, so no two CTAs — of one launch or of concurrent launches, with other arguments —
 *    ever share a map. slots = TMAP_MAX_SMS × the most CTAs of this kernel one SM can hold (32, the
 *    thread limit 2048 / threads, the shared-memory pool / (its ring + 1 KiB)), rounded up to 32:
 *    more than can be resident at once, so a free slot always exists.
 *  - claim (thread 0, at the kernel's start): from word %smid mod words on, `atom.acquire.gpu.or` of
 *    the lowest bit believed clear; the old word says whether it was; a full word moves to the next.
 *    After TMAP_CLAIM_TRIES failed attempts the kernel traps (a pool that cannot fill: never a hang).
 *  - build (warp 0): the 128 bytes of each map are zeroed in shared memory, thread 0 sets every
 *    field with `tensormap.replace.tile.<field>.shared::cta` (global address, rank - 1, box, global
 *    dims, byte strides, element strides 1, element type, no interleave, the TileAS swizzle, zero
 *    fill) — run-time dims and strides (`@j` in the host ABI's comment) from the entry's arguments,
 *    checked (dims 1 .. 2^32 - 1, strides positive multiples of 16 below 2^40; a bad one traps) —
 *    then the warp copies each map to its global slot with
 *    `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned` and
 *    acquires it for the tensormap proxy (`fence.proxy.tensormap::generic.acquire.gpu`, followed by
 *    an empty bulk group commit + wait: the ptxas workaround Triton uses after that fence). The
 *    CTA barrier of the prologue publishes the slot (a shared word) to every thread; a warp-
 *    specialised producer, the other thread that issues TMA, acquires the maps again itself.
 *  - release (thread 0, at every `return`): after `cp.async.bulk.wait_group 0` (a TMA store's map
 *    is in use until the store completes; every TMA load completed before its consumers, thread 0
 *    among them, read it), `red.release.gpu.and` clears the slot's bit.
 * Seed: none (ABI). Knobs: TMAP_MAX_SMS (256), TMAP_CLAIM_TRIES (2^24). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <string.h>

#include "nvvm/lower_hopper.h"
#include "nvvm/lower_internal.h"

#define TMAP_BYTES 128
#define TMAP_MAX_SMS 256            /* GPUs with up to this many SMs (H200: 132, B200: 148) */
#define TMAP_CLAIM_TRIES (1 << 24)  /* failed slot claims before the kernel traps */
#define TMAP_SM_SMEM_POOL (228 * 1024)
#define TMAP_SM_THREADS 2048
#define TMAP_SM_CTAS 32

/* PTX tensormap.replace elemtype codes (PTX ISA "Tensormap elemtype"; LLVM's TensormapElemType) */
enum { TMAP_U8 = 0, TMAP_U16 = 1, TMAP_S32 = 3, TMAP_S64 = 5, TMAP_F16 = 6, TMAP_F32 = 7, TMAP_F64 = 9, TMAP_BF16 = 10 };

static int tmap_elemtype(ct_elem e) {
  switch (ct_elem_bits(e)) {
  case 8: return TMAP_U8;
  case 16: return e == CT_F16 ? TMAP_F16 : e == CT_BF16 ? TMAP_BF16 : TMAP_U16;
  case 32: return e == CT_F32 || e == CT_TF32 ? TMAP_F32 : TMAP_S32;
  default: return e == CT_F64 ? TMAP_F64 : TMAP_S64;
  }
}

static int swizzle_code(int bytes) { return bytes == 32 ? 1 : bytes == 64 ? 2 : bytes == 128 ? 3 : 0; }

int device_tmaps_count(const ct_lower *L) {
  if (!L->opts->self_contained_abi || !L->hopper) return 0;
  return L->hopper->npipes + (L->hopper->has_store ? 1 : 0);
}

int64_t device_tmaps_smem_bytes(const ct_lower *L) {
  int n = device_tmaps_count(L);
  return n ? (int64_t)n * TMAP_BYTES + 16 : 0; /* the staging maps, then the slot word */
}

/* The fields and base-pointer argument of map i (the pipes' in program order, then the store's: map i
 * is TMA param i, as the host ABI numbers them). */
static const ct_tensormap_fields *map_fields(const ct_lower *L, int i, int *base_arg) {
  const ct_hopper_plan *p = L->hopper;
  if (i < p->npipes) {
    *base_arg = p->pipes[i].base_arg;
    return &p->pipes[i].tmap;
  }
  *base_arg = p->st.base_arg;
  return &p->st.tmap;
}



/* if (bad) trap */
static void trap_if(ct_lower *L, MlirValue bad) {
  MlirBlock join = hopper_open_if(L, bad);
  bld_asm_stmt_memory(&L->b, "trap;");
  hopper_close_if(L, join);
}

/* A zero-initialised global array of n elements of type et in global memory (addrspace 1). */
static void add_zero_global(ct_lower *L, const char *name, MlirType et, int64_t n, int64_t align) {
  char text[96];
  snprintf(text, sizeof text, "dense<0> : tensor<%lldx%s>", (long long)n, bld_int_width(et) == 32 ? "i32" : "i8");
  add_global_array(L, mlirLocationUnknownGet(L->b.ctx), mlirStringAttrGet(L->b.ctx, mlirStringRefCreateFromCString(name)),
                   et, n, align, bld_attr(&L->b, text), false);
}

/* Argument j of the kernel (its llvm.func block argument). */
static MlirValue kernel_arg(ct_lower *L, int j) { return mlirBlockGetArgument(mlirRegionGetFirstBlock(L->fn_region), j); }

/* Thread 0: sets every field of the map at staging pointer `tm` (shared) from f. */
static void replace_fields(ct_lower *L, MlirValue tm, const ct_tensormap_fields *f, int base_arg) {
  ct_bld *b = &L->b;
  MlirValue base = kernel_arg(L, base_arg);
  MlirValue addr = bld_cast(b, "llvm.ptrtoint", base, b->i64);
  MlirValue ops[3] = {tm, addr};
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.global.address", 2, ops);
  ops[1] = bld_i32(b, f->rank - 1);
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.rank", 2, ops);
  for (int d = 0; d < f->rank; d++) {
    MlirValue bx[3] = {tm, bld_i32(b, d), bld_i32(b, f->box[d])};
    bld_intr_void(b, "llvm.nvvm.tensormap.replace.box.dim", 3, bx);
  }
  for (int d = 0; d < f->rank; d++) {
    MlirValue v;
    if (f->dim_arg[d] >= 0) { /* a run-time extent: 1 .. 2^32 - 1 */
      MlirValue a = bld_int_resize(b, kernel_arg(L, f->dim_arg[d]), b->i64, true);
      trap_if(L, bld_icmp(b, BLD_UGE, bld_sub(b, a, bld_i64(b, 1)), bld_i64(b, 0xFFFFFFFFLL)));
      v = bld_cast(b, "llvm.trunc", a, b->i32);
    } else {
      v = bld_i32(b, (int32_t)f->dims[d]);
    }
    MlirValue gd[3] = {tm, bld_i32(b, d), v};
    bld_intr_void(b, "llvm.nvvm.tensormap.replace.global.dim", 3, gd);
  }
  int esize = ct_elem_bits(f->elem) / 8;
  for (int d = 0; d + 1 < f->rank; d++) {
    MlirValue v;
    if (f->stride_arg[d] >= 0) { /* a run-time stride (elements): bytes, a multiple of 16 below 2^40 */
      v = bld_mul(b, bld_int_resize(b, kernel_arg(L, f->stride_arg[d]), b->i64, true), bld_i64(b, esize));
      MlirValue bad = bld_icmp(b, BLD_UGE, bld_sub(b, v, bld_i64(b, 1)), bld_i64(b, (1LL << 40) - 1));
      bad = bld_or(b, bad, bld_icmp(b, BLD_NE, bld_and(b, v, bld_i64(b, 15)), bld_i64(b, 0)));
      trap_if(L, bad);
    } else {
      v = bld_i64(b, f->strides_bytes[d]);
    }
    MlirValue gs[3] = {tm, bld_i32(b, d), v};
    bld_intr_void(b, "llvm.nvvm.tensormap.replace.global.stride", 3, gs);
  }
  for (int d = 0; d < f->rank; d++) {
    MlirValue es[3] = {tm, bld_i32(b, d), bld_i32(b, 1)};
    bld_intr_void(b, "llvm.nvvm.tensormap.replace.element.stride", 3, es);
  }
  MlirValue c[2] = {tm, bld_i32(b, tmap_elemtype(f->elem))};
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.elemtype", 2, c);
  c[1] = bld_i32(b, 0);
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.interleave.layout", 2, c);
  c[1] = bld_i32(b, swizzle_code(f->swizzle));
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.swizzle.mode", 2, c);
  c[1] = bld_i32(b, 0); /* zero fill: out-of-bounds elements read as the view's zero padding */
  bld_intr_void(b, "llvm.nvvm.tensormap.replace.fill.mode", 2, c);
}

/* Thread 0: claims a free slot of the pool (the bitmask `mask`, `words` words); returns it (i32). */
static MlirValue claim_slot(ct_lower *L, MlirValue mask, int64_t words) {
  ct_bld *b = &L->b;
  MlirValue smid = bld_intr(b, "llvm.nvvm.read.ptx.sreg.smid", b->i32, 0, NULL);
  MlirValue w0 = bld_bin(b, "llvm.urem", smid, bld_i32(b, (int32_t)words));
  MlirBlock head = lower_new_block(L), retry = lower_new_block(L), done = lower_new_block(L);
  MlirValue hw = mlirBlockAddArgument(head, b->i32, b->loc);     /* word */
  MlirValue hm = mlirBlockAddArgument(head, b->i32, b->loc);     /* the bits believed set in it */
  MlirValue htries = mlirBlockAddArgument(head, b->i32, b->loc); /* attempts so far */
  MlirValue init[3] = {w0, bld_i32(b, 0), bld_i32(b, 0)};
  bld_br(b, head, 3, init);
  b->block = head;
  trap_if(L, bld_icmp(b, BLD_SGE, htries, bld_i32(b, TMAP_CLAIM_TRIES)));
  /* a full word: the next one, believed empty */
  MlirValue full = bld_icmp(b, BLD_EQ, hm, bld_i32(b, -1));
  MlirValue next_w = bld_bin(b, "llvm.urem", bld_add(b, hw, bld_i32(b, 1)), bld_i32(b, (int32_t)words));
  MlirValue w = bld_select(b, full, next_w, hw);
  MlirValue m = bld_select(b, full, bld_i32(b, 0), hm);
  MlirValue free_bits = bld_bin(b, "llvm.xor", m, bld_i32(b, -1));
  MlirValue cz[2] = {free_bits, bld_const_int(b, b->i1, 0)};
  MlirValue bit = bld_intr(b, "llvm.cttz", b->i32, 2, cz);
  MlirValue one = bld_shl(b, bld_i32(b, 1), bit);
  MlirValue ops[2] = {bld_gep(b, mask, w, b->i32), one};
  MlirValue old = bld_inline_asm_volatile(b, "atom.acquire.gpu.global.or.b32 $0, [$1], $2;", "=r,l,r,~{memory}", b->i32, 2, ops);
  MlirValue taken = bld_icmp(b, BLD_NE, bld_and(b, old, one), bld_i32(b, 0));
  bld_cond_br(b, taken, retry, 0, NULL, done, 0, NULL);
  b->block = retry;
  MlirValue again[3] = {w, bld_or(b, old, one), bld_add(b, htries, bld_i32(b, 1))};
  bld_br(b, head, 3, again);
  b->block = done;
  return bld_add(b, bld_mul(b, w, bld_i32(b, 32)), bit);
}

void device_tmaps_prologue(ct_lower *L, int64_t staging_off) {
  int n = device_tmaps_count(L);
  if (!n) return;
  ct_bld *b = &L->b;
  const ct_hopper_plan *p = L->hopper;
  ct_hopper_emit *E = L->hopper_emit;
  /* the pool: one slot per CTA that can be resident on a GPU of TMAP_MAX_SMS SMs */
  int threads = p->ws ? p->ws_threads : L->nthreads;
  int64_t per_sm = TMAP_SM_CTAS;
  if (TMAP_SM_THREADS / threads < per_sm) per_sm = TMAP_SM_THREADS / threads;
  if (TMAP_SM_SMEM_POOL / (L->smem_reserved + 1024) < per_sm) per_sm = TMAP_SM_SMEM_POOL / (L->smem_reserved + 1024);
  if (per_sm < 1) per_sm = 1;
  int64_t words = (TMAP_MAX_SMS * per_sm + 31) / 32;
  MlirAttribute kname = mlirOperationGetAttributeByName(mlirBlockGetParentOperation(mlirRegionGetFirstBlock(L->fn_region)),
                                                        mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef kn = mlirStringAttrGetValue(kname);
  snprintf(E->tmap_pool, sizeof E->tmap_pool, "__tilec_tmaps_%.*s", (int)kn.length, kn.data);
  snprintf(E->tmap_mask, sizeof E->tmap_mask, "__tilec_tmap_slots_%.*s", (int)kn.length, kn.data);
  add_zero_global(L, E->tmap_pool, b->i8, words * 32 * n * TMAP_BYTES, TMAP_BYTES);
  add_zero_global(L, E->tmap_mask, b->i32, words, 4);
  E->tmap_staging = staging_off;
  E->tmap_count = n; /* (a loop's lowering sees its own plan, L->hopper: the counts are the kernel's) */
  E->tmap_has_store = p->has_store;
  ct_diag_emit_at(L->c, CT_DIAG_REMARK, b->loc,
                  "self-contained ABI: the kernel builds its %d tensor map%s on the device (warp 0 at its start: "
                  "tensormap.replace, cp_fenceproxy to global memory) in a pool slot it holds until it returns; "
                  "`%s`: %lld slots, %lld bytes",
                  n, n == 1 ? "" : "s", E->tmap_pool, (long long)(words * 32), (long long)(words * 32 * n * TMAP_BYTES));
  MlirType ptr1 = mlirLLVMPointerTypeGet(b->ctx, 1);
  MlirValue slot_word = hopper_ring_ptr(L, bld_i32(b, (int32_t)(staging_off + n * TMAP_BYTES)));

  MlirBlock warp0 = hopper_open_if(L, bld_icmp(b, BLD_ULT, L->tid, bld_i32(b, 32)));
  MlirBlock t0 = hopper_open_if(L, hopper_is_thread0(L));
  bld_store(b, claim_slot(L, bld_addressof(b, E->tmap_mask, ptr1), words), slot_word, 4);
  hopper_close_if(L, t0);
  hopper_warp_sync(b);
  MlirValue slot = bld_load(b, b->i32, slot_word, 4);
  MlirValue maps = device_tmaps_at(L, slot);
  /* (the copy's destination operand is a .global address: the pool's, not its generic alias) */
  MlirValue maps_global = bld_gep(b, bld_addressof(b, E->tmap_pool, ptr1), bld_mul(b, slot, bld_i32(b, n * TMAP_BYTES)), b->i8);
  for (int i = 0; i < n; i++) { /* 32 lanes × 4 bytes: the map's 128 bytes */
    MlirValue at = bld_add(b, bld_i32(b, (int32_t)(staging_off + i * TMAP_BYTES)), bld_mul(b, L->tid, bld_i32(b, 4)));
    bld_store(b, bld_i32(b, 0), hopper_ring_ptr(L, at), 4);
  }
  hopper_warp_sync(b);
  t0 = hopper_open_if(L, hopper_is_thread0(L));
  for (int i = 0; i < n; i++) {
    int base_arg;
    const ct_tensormap_fields *f = map_fields(L, i, &base_arg);
    replace_fields(L, hopper_ring_ptr(L, bld_i32(b, (int32_t)(staging_off + i * TMAP_BYTES))), f, base_arg);
  }
  hopper_close_if(L, t0);
  hopper_warp_sync(b);
  for (int i = 0; i < n; i++) {
    MlirValue ops[2] = {bld_gep(b, maps_global, bld_i32(b, i * TMAP_BYTES), b->i8),
                        hopper_ring_ptr(L, bld_i32(b, (int32_t)(staging_off + i * TMAP_BYTES)))};
    bld_asm_void(b, "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;",
             "l,r,~{memory}", 2, ops);
  }
  device_tmaps_acquire(L, maps);
  hopper_close_if(L, warp0);
  E->tmaps_built = true; /* (the caller's CTA barrier publishes the slot word) */
}

MlirValue device_tmaps_at(ct_lower *L, MlirValue slot) {
  ct_bld *b = &L->b;
  const ct_hopper_emit *E = L->hopper_emit;
  MlirValue pool = bld_cast(b, "llvm.addrspacecast", bld_addressof(b, E->tmap_pool, mlirLLVMPointerTypeGet(b->ctx, 1)),
                            b->ptr_generic);
  return bld_gep(b, pool, bld_mul(b, slot, bld_i32(b, E->tmap_count * TMAP_BYTES)), b->i8);
}

void device_tmaps_acquire(ct_lower *L, MlirValue maps) {
  ct_bld *b = &L->b;
  for (int i = 0; i < L->hopper_emit->tmap_count; i++) {
    MlirValue ops[2] = {bld_gep(b, maps, bld_i32(b, i * TMAP_BYTES), b->i8), bld_i32(b, TMAP_BYTES)};
    bld_intr_void(b, "llvm.nvvm.fence.proxy.tensormap_generic.acquire.gpu", 2, ops);
  }
  bld_intr_void(b, "llvm.nvvm.cp.async.bulk.commit.group", 0, NULL);
  MlirValue zero = bld_i32(b, 0);
  bld_intr_void(b, "llvm.nvvm.cp.async.bulk.wait.group.read", 1, &zero);
}

/* This CTA's slot (i32), read from its shared word where it is needed (a value held in a register from
 * the prologue to every TMA issue and return would cost one for the whole kernel). */
static MlirValue device_tmaps_slot(ct_lower *L) {
  const ct_hopper_emit *E = L->hopper_emit;
  return bld_load(&L->b, L->b.i32, hopper_ring_ptr(L, bld_i32(&L->b, (int32_t)(E->tmap_staging + E->tmap_count * TMAP_BYTES))), 4);
}

MlirValue hopper_tmap(ct_lower *L, int param) {
  if (L->hopper_emit->tmaps_built)
    return bld_gep(&L->b, device_tmaps_at(L, device_tmaps_slot(L)), bld_i32(&L->b, param * TMAP_BYTES), L->b.i8);
  return kernel_arg(L, L->nuser_args + param);
}

void device_tmaps_at_return(ct_lower *L) {
  if (!L->hopper_emit || !L->hopper_emit->tmaps_built) return;
  ct_bld *b = &L->b;
  const ct_hopper_emit *E = L->hopper_emit;
  MlirBlock join = hopper_open_if(L, hopper_is_thread0(L));
  if (E->tmap_has_store) {
    MlirValue zero = bld_i32(b, 0);
    bld_intr_void(b, "llvm.nvvm.cp.async.bulk.wait.group", 1, &zero);
  }
  MlirValue slot = device_tmaps_slot(L);
  MlirValue word = bld_bin(b, "llvm.udiv", slot, bld_i32(b, 32));
  MlirValue bit = bld_shl(b, bld_i32(b, 1), bld_bin(b, "llvm.urem", slot, bld_i32(b, 32)));
  MlirValue ops[2] = {bld_gep(b, bld_addressof(b, E->tmap_mask, mlirLLVMPointerTypeGet(b->ctx, 1)), word, b->i32),
                      bld_bin(b, "llvm.xor", bit, bld_i32(b, -1))};
  bld_asm_void(b, "red.release.gpu.global.and.b32 [$0], $1;", "l,r,~{memory}", 2, ops);
  hopper_close_if(L, join);
}

/* roofline: the latency-true inputs of a pipelined loop's stage count.
 *
 * Algorithm (issue 12 item 3; seed 001 "Roofline Reasoning": memory_cycles is the wall-clock cost
 * of the loop's async loads, compute_cycles the throughput of the surrounding compute):
 *   memory_cycles  = load_latency + ceil(load_bytes / bytes_per_cycle) [+ SMEM->TMEM staging]
 *                    where load_bytes is one stage of every pipe of the loop (they travel
 *                    together) and bytes_per_cycle the SM's share of DRAM bandwidth
 *                    (dram / (sms x clock));
 *   compute_cycles = sum over the iteration's mmaf/mmai of FMAs / rate(family, operand type)
 *                    + element results of the other compute ops / ALU lanes (SFU ops: / SFU lanes),
 *                    nested regions included;
 *   period_cycles  = max(compute, transfer): the iteration's steady-state period (a bandwidth-bound
 *                    loop consumes a stage no faster than one arrives);
 * ct_stage_count (stage_count.c) turns them into stages = ceil(memory / period) + 1, clamped.
 * The modulo scheduler keeps its own issue-occupancy roofline (RRT units, the seed's worked
 * examples) for the TMEM pool check; this one decides how deep the ring is.
 * Seed: 001 "Roofline Reasoning". Knobs: the machine figures (machine_<arch>.c .roofline),
 * --num-stages=N (sched_trace.c) overrides the result. */
#include <math.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/types.h"
#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/sched.h"

double ct_roofline_bytes_per_cycle(const ct_machine *m) {
  const ct_roofline_model *r = &m->roofline;
  if (r->sms <= 0 || r->clock_mhz <= 0) return 1.0;
  return (double)r->dram_gb_per_s * 1000.0 / ((double)r->sms * (double)r->clock_mhz);
}

void ct_roofline_memory(const ct_machine *m, int64_t load_bytes, bool tmem_staged, ct_roofline *r) {
  r->load_bytes = load_bytes;
  r->load_latency = load_bytes > 0 ? m->roofline.load_latency_cycles : 0;
  r->bytes_per_cycle = ct_roofline_bytes_per_cycle(m);
  r->transfer_cycles = (int64_t)ceil((double)load_bytes / r->bytes_per_cycle);
  r->staging_cycles = tmem_staged ? m->latency[CT_LAT_TCGEN05_CP] : 0;
  r->memory_cycles = r->load_latency + r->transfer_cycles + r->staging_cycles;
}

int ct_roofline_mma_rate(const ct_machine *m, ct_mma_family f, ct_mma_rate cls) {
  const ct_roofline_model *r = &m->roofline;
  int peak = r->mma_fma_per_cycle[cls] > 0 ? r->mma_fma_per_cycle[cls] : r->alu_lanes;
  switch (f) {
  case CT_MMA_WGMMA:
  case CT_MMA_TCGEN05: return peak;
  case CT_MMA_SYNC: return r->mma_sync_divisor > 1 ? peak / r->mma_sync_divisor : peak;
  case CT_MMA_FMA: break;
  }
  return r->alu_lanes > 0 ? r->alu_lanes : 1;
}

int64_t ct_roofline_period(int64_t compute_cycles, int64_t transfer_cycles) {
  int64_t period = compute_cycles > transfer_cycles ? compute_cycles : transfer_cycles;
  return period > 0 ? period : 1;
}

void ct_roofline_loop(const ct_machine *m, MlirOperation loop, int64_t load_bytes, bool tmem_staged, ct_roofline *r) {
  memset(r, 0, sizeof *r);
  ct_roofline_memory(m, load_bytes, tmem_staged, r);
  ct_roofline_compute(m, loop, r);
  r->period_cycles = ct_roofline_period(r->compute_cycles, r->transfer_cycles);
}

/* Does mmaf mm of `loop` accumulate into a loop-carried value only it reads (its C an iteration
 * argument only it uses, its result read by nothing but the loop's `continue` at that argument's
 * position), with A straight from memory when a_from_memory? *result: that loop result's index. */
static bool mma_acc_only_carried(MlirOperation loop, MlirOperation mm, int *result, bool a_from_memory) {
  if (mlirOperationGetNumOperands(mm) != 3) return false;
  /* A straight from memory (a TileAA wait / TileAS consume, or the 2-D view of a 3-D/4-D one that
   * drops its leading unit dims, which stays where it is): an A computed in registers would be
   * rewritten by the next iteration while the group still reads it */
  MlirValue a = mlirOperationGetOperand(mm, 0);
  MlirOperation a_def = mlirValueIsAOpResult(a) ? mlirOpResultGetOwner(a) : (MlirOperation){NULL};
  if (hopper_is_unit_reshape(a_def)) {
    a = mlirOperationGetOperand(a_def, 0);
    a_def = mlirValueIsAOpResult(a) ? mlirOpResultGetOwner(a) : (MlirOperation){NULL};
  }
  if (a_from_memory && (mlirOperationIsNull(a_def) || !(ct_ir_is(a_def, "tileaa.wait") || ct_ir_is(a_def, "tileas.consume"))))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  if (!mlirOperationEqual(mlirOperationGetParentOperation(mm), loop)) return false;
  MlirValue c = mlirOperationGetOperand(mm, 2);
  if (!mlirValueIsABlockArgument(c) || !mlirBlockEqual(mlirBlockArgumentGetOwner(c), body)) return false;
  intptr_t arg = mlirBlockArgumentGetArgNumber(c);
  if (arg < 1) return false; /* argument 0 is the induction variable */
  MlirOpOperand u = mlirValueGetFirstUse(c);
  if (mlirOpOperandIsNull(u) || !mlirOperationEqual(mlirOpOperandGetOwner(u), mm) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u)))
    return false;
  u = mlirValueGetFirstUse(mlirOperationGetResult(mm, 0));
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u))) return false;
  MlirOperation term = mlirOpOperandGetOwner(u);
  if (!mlirBlockEqual(mlirOperationGetBlock(term), body) || !ct_ir_is(term, "cuda_tile.continue") ||
      mlirOpOperandGetOperandNumber(u) != (unsigned)(arg - 1))
    return false;
  if (result) *result = (int)(arg - 1);
  return true;
}

/* The one use of v, or a null operand when v has none or several. */
static MlirOpOperand only_use(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u))) return (MlirOpOperand){NULL};
  return u;
}

MlirOperation ct_mma_acc_rescaled(MlirOperation loop, MlirOperation mm, int *result, int *scale_operand) {
  MlirOperation none = {NULL};
  if (mlirOperationGetNumOperands(mm) != 3 || !mlirOperationEqual(mlirOperationGetParentOperation(mm), loop)) return none;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  MlirValue c = mlirOperationGetOperand(mm, 2);
  MlirOperation mul = mlirValueIsAOpResult(c) ? mlirOpResultGetOwner(c) : none;
  if (mlirOperationIsNull(mul) || !ct_ir_is(mul, "cuda_tile.mulf") || !mlirBlockEqual(mlirOperationGetBlock(mul), body) ||
      mlirOperationGetNumOperands(mul) != 2 || ct_attr_rounding(mul) != CT_RND_NEAREST_EVEN ||
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(mul, mlirStringRefCreateFromCString("flush_to_zero"))))
    return none; /* (the rescale in TMEM is an f32 multiply rounded to nearest even) */
  MlirOpOperand cu = only_use(c);
  if (mlirOpOperandIsNull(cu) || !mlirOperationEqual(mlirOpOperandGetOwner(cu), mm)) return none;
  for (int i = 0; i < 2; i++) {
    MlirValue acc = mlirOperationGetOperand(mul, i), scale = mlirOperationGetOperand(mul, 1 - i);
    if (!mlirValueIsABlockArgument(acc) || !mlirBlockEqual(mlirBlockArgumentGetOwner(acc), body) ||
        mlirBlockArgumentGetArgNumber(acc) < 1 || mlirValueEqual(acc, scale))
      continue;
    intptr_t arg = mlirBlockArgumentGetArgNumber(acc);
    MlirOpOperand au = only_use(acc), ru = only_use(mlirOperationGetResult(mm, 0));
    if (mlirOpOperandIsNull(au) || mlirOpOperandIsNull(ru)) return none;
    MlirOperation term = mlirOpOperandGetOwner(ru);
    if (!mlirBlockEqual(mlirOperationGetBlock(term), body) || !ct_ir_is(term, "cuda_tile.continue") ||
        mlirOpOperandGetOperandNumber(ru) != (unsigned)(arg - 1))
      return none;
    if (result) *result = (int)(arg - 1);
    if (scale_operand) *scale_operand = 1 - i;
    return mul;
  }
  return none;
}

int ct_loop_mmas_in_flight(MlirOperation loop, MlirOperation *mmafs, int *results, int cap, bool tcgen05) {
  ct_oplist mmas = {0};
  ct_ir_collect(loop, "cuda_tile.mma", &mmas); /* mmaf, mmai (and mmaf_scaled, which has more operands) */
  int n = mmas.n >= 1 && (int)mmas.n <= cap ? (int)mmas.n : 0;
  for (int i = 0; i < n; i++) {
    MlirOperation mm = mmas.ops[i];
    int r;
    /* wgmma: an f16 accumulator is repacked (two per .b32) around every chain: reading it while
     * its group is in flight would be undefined, so such a loop waits for its group every
     * iteration (tcgen05 holds it as f32 in TMEM) */
    ct_type c;
    if (!mma_acc_only_carried(loop, mm, &r, !tcgen05) ||
        !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mm, 2)), &c) || (!tcgen05 && c.elem == CT_F16)) {
      n = 0;
      break;
    }
    if (mmafs) mmafs[i] = mm;
    if (results) results[i] = r;
  }
  ct_oplist_free(&mmas);
  return n;
}

bool ct_loop_mma_in_flight(MlirOperation loop, bool tcgen05) {
  return ct_loop_mmas_in_flight(loop, NULL, NULL, CT_LOOP_MAX_IN_FLIGHT, tcgen05) > 0;
}

bool ct_op_is_sfu(MlirOperation op) {
  static const char *const names[] = {"cuda_tile.exp", "cuda_tile.exp2", "cuda_tile.log", "cuda_tile.log2",
                                      "cuda_tile.rsqrt", "cuda_tile.sqrt", "cuda_tile.divf", "cuda_tile.sin",
                                      "cuda_tile.cos", "cuda_tile.tanh", "cuda_tile.pow"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (ct_ir_is(op, names[i])) return true;
  return false;
}

static bool tile_of(MlirValue v, ct_type *t) {
  return ct_type_from_mlir(mlirValueGetType(v), t) && t->kind == CT_TYPE_TILE;
}

static ct_mma_rate rate_class(ct_elem e) {
  switch (e) {
  case CT_F8E4M3FN:
  case CT_F8E5M2: return CT_MMA_RATE_F8;
  case CT_I8:
  case CT_I4: return CT_MMA_RATE_I8;
  case CT_F32:
  case CT_TF32: return CT_MMA_RATE_TF32;
  case CT_F64: return CT_MMA_RATE_F64;
  default: return CT_MMA_RATE_F16;
  }
}

static bool zero_cost(MlirOperation op) {
  MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
  if (nm.length <= 10 || memcmp(nm.data, "cuda_tile.", 10) != 0) return true; /* tileaa/tileas: memory ops */
  return ct_ir_is(op, "cuda_tile.constant") || ct_ir_is(op, "cuda_tile.continue") || ct_ir_is(op, "cuda_tile.yield") ||
         ct_ir_is(op, "cuda_tile.break") || mlirOperationGetNumResults(op) == 0;
}

void ct_roofline_compute(const ct_machine *m, MlirOperation loop, ct_roofline *r) {
  ct_oplist ops = {0};
  ct_ir_collect(loop, "", &ops);
  int64_t alu = 0, sfu = 0;
  r->mma_fmas = r->mma_cycles = 0;
  for (size_t i = 0; i < ops.n; i++) {
    MlirOperation op = ops.ops[i];
    if (mlirOperationEqual(op, loop) || zero_cost(op)) continue;
    ct_type res, lhs;
    if (!tile_of(mlirOperationGetResult(op, 0), &res)) continue; /* tokens, views */
    int64_t elems = ct_type_num_elements(&res);
    if ((ct_ir_is(op, "cuda_tile.mmaf") || ct_ir_is(op, "cuda_tile.mmai")) && mlirOperationGetNumOperands(op) >= 2 &&
        tile_of(mlirOperationGetOperand(op, 0), &lhs) && lhs.rank >= 2) {
      ct_mma_family fam = CT_MMA_SYNC;
      (void)ct_tileas_op_mma(op, &fam);
      int64_t fmas = elems * lhs.shape[lhs.rank - 1];
      int rate = ct_roofline_mma_rate(m, fam, rate_class(lhs.elem));
      r->mma_fmas += fmas;
      r->mma_cycles += (fmas + rate - 1) / rate;
    } else if (ct_op_is_sfu(op)) sfu += elems;
    else if (ct_ir_is(op, "cuda_tile.reduce") || ct_ir_is(op, "cuda_tile.scan")) {
      ct_type in;
      alu += tile_of(mlirOperationGetOperand(op, 0), &in) ? ct_type_num_elements(&in) : elems;
    } else alu += elems;
  }
  ct_oplist_free(&ops);
  const ct_roofline_model *rm = &m->roofline;
  int alu_lanes = rm->alu_lanes > 0 ? rm->alu_lanes : 1, sfu_lanes = rm->sfu_lanes > 0 ? rm->sfu_lanes : 1;
  r->other_elements = alu + sfu * (alu_lanes / sfu_lanes);
  r->other_cycles = (alu + alu_lanes - 1) / alu_lanes + (sfu + sfu_lanes - 1) / sfu_lanes;
  r->compute_cycles = r->mma_cycles + r->other_cycles;
  if (r->compute_cycles < 1) r->compute_cycles = 1;
}

/* Bytes of a tile value (elements x storage bytes; sub-byte types round up to a byte each). */
static int64_t tile_bytes(MlirValue v) {
  ct_type t;
  if (!tile_of(v, &t)) return 0;
  int bits = ct_elem_bits(t.elem == CT_PTR ? CT_I64 : t.elem);
  return ct_type_num_elements(&t) * (bits >= 8 ? bits / 8 : 1);
}

int64_t ct_roofline_scratch_bytes(MlirOperation entry) {
  ct_oplist ops = {0};
  ct_ir_collect(entry, "cuda_tile.", &ops);
  int64_t need = 0;
  for (size_t i = 0; i < ops.n; i++) {
    MlirOperation op = ops.ops[i];
    int64_t b = 0;
    if (ct_ir_is(op, "cuda_tile.extract")) b = tile_bytes(mlirOperationGetOperand(op, 0));
    else if (ct_ir_is(op, "cuda_tile.cat") || ct_ir_is(op, "cuda_tile.insert")) b = tile_bytes(mlirOperationGetResult(op, 0));
    else if (ct_ir_is(op, "cuda_tile.print"))
      for (intptr_t a = 0; a < mlirOperationGetNumOperands(op); a++) {
        ct_type t;
        if (tile_of(mlirOperationGetOperand(op, a), &t) && t.rank > 0) b += ct_type_num_elements(&t) * 8; /* promoted */
      }
    else if ((ct_ir_is(op, "cuda_tile.mmaf") || ct_ir_is(op, "cuda_tile.mmai")) && mlirOperationGetNumOperands(op) >= 2) {
      ct_mma_family fam = CT_MMA_SYNC;
      (void)ct_tileas_op_mma(op, &fam);
      ct_type a, bt;
      if (fam == CT_MMA_SYNC && tile_of(mlirOperationGetOperand(op, 0), &a) && tile_of(mlirOperationGetOperand(op, 1), &bt) &&
          a.rank >= 2 && bt.rank >= 2) /* both operands staged (lower_mma.c; 0 when not an mma.sync shape) */
        b = ct_reg_layout_mma_sync_staging_bytes(&a, &bt);
    }
    if (b > need) need = b;
  }
  ct_oplist_free(&ops);
  return (need + 15) / 16 * 16;
}

/* path_select: a TileAS pass — decides, per entry, the path its mma ops take and the warps per CTA,
 * and writes both into the module, where the code generator reads them:
 *   tileas.mma = "wgmma" | "mma.sync" | "fma" on every mmaf/mmai (final: what the PTX uses), and
 *   tileas.num_warps = W on the entry.
 * Algorithm: the earlier TileAS passes name the family the operand layouts allow (from_tileaa.c:
 * wgmma for wgmma SMEM descriptors, tcgen05.mma for tcgen05 ones, mma.sync for ldmatrix / register
 * fragments). The Hopper TMA + wgmma path is then planned for the whole entry (hopper_plan.c:
 * every mmaf directly in one top-level tileaa.for, TMA pipes of TileAS's stages, the ring in shared
 * memory, tile M 64/128, the hinted warps matching 4 per m64 warpgroup, sm_90a, host-built tensor
 * maps). When it is planned, the mmaf ops keep wgmma and the entry gets 4 warps per warpgroup;
 * otherwise — with a remark saying why — the entry gets its hinted warps (num_worker_warps_per_cta,
 * default 4) and every mmaf/mmai another family: mma.sync when its operands fit
 * mma.sync.m16n8k16 on those warps (reg_layout.h ct_reg_layout_mma_sync_ok: f16/bf16 -> f32,
 * M % 16, N % 8, K % 16, a warp grid), else fma (no tcgen05 code generation yet, so tcgen05.mma
 * is never the final family). An invalid hint leaves tileas.num_warps out; the code
 * generator reports it. Seed: 001 (the TMA + wgmma pipeline). Knobs: none (the tunables act in
 * the passes before; TILEIR_DELAY_TMA_STORE_WAIT through tileas.store_wait). */
#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

#include "frontend/attr_read.h"
#include "tileaa/ir_build.h"
#include "tileas/attrs.h"
#include "tileas/hopper_plan.h"
#include "tileas/reg_layout.h"
#include "tileas/tileas.h"

static bool select_entry(ct_ctx *c, MlirOperation entry, const ct_tileas_options *o) {
  MlirContext ctx = mlirOperationGetContext(entry);
  int64_t warps = ct_entry_hinted_warps(entry, o->target == CT_TILEAS_SM100A ? "sm_100" : "sm_90");
  bool valid = warps >= 1 && warps <= 32 && !(warps & (warps - 1));
  ct_hopper_plan_env env = {.c = c,
                            .has_wgmma = o->target == CT_TILEAS_SM90A,
                            .is_sm100a = o->target == CT_TILEAS_SM100A,
                            .self_contained_abi = o->self_contained_abi,
                            .explain_decline = true};
  ct_hopper_plan plan;
  const char *why = NULL;
  bool wgmma = valid && ct_hopper_plan_entry(&env, entry, &plan, warps == CT_DEFAULT_WARPS ? 0 : (int)warps, &why);
  if (wgmma) warps = 4 * plan.warpgroups;
  ct_oplist mmas = {0};
  ct_ir_collect(entry, "cuda_tile.mma", &mmas);
  for (size_t i = 0; i < mmas.n && valid; i++) {
    MlirOperation op = mmas.ops[i];
    if (wgmma && hopper_mma_index(&plan, op) >= 0) continue; /* keeps wgmma */
    ct_type a, b, acc;
    bool sync = ct_ir_is(op, "cuda_tile.mmaf") && mlirOperationGetNumOperands(op) == 3 &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 0)), &a) &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 1)), &b) &&
                ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(op, 2)), &acc) &&
                ct_reg_layout_mma_sync_ok(&a, &b, &acc, (int)warps);
    ct_tileas_set_mma(op, sync ? CT_MMA_SYNC : CT_MMA_FMA);
  }
  ct_oplist_free(&mmas);
  if (valid) mlirOperationSetAttributeByName(entry, ct_ir_sref("tileas.num_warps"), ct_ir_i64_attr(ctx, warps));
  return true;
}

bool ct_tileas_select_paths(ct_ctx *c, MlirOperation module_op, const ct_tileas_options *o) {
  ct_oplist entries = {0};
  ct_ir_collect(module_op, "cuda_tile.entry", &entries);
  bool ok = true;
  for (size_t i = 0; i < entries.n && ok; i++) ok = select_entry(c, entries.ops[i], o);
  ct_oplist_free(&entries);
  return ok;
}

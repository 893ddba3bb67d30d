/* stage_count: the roofline pipeline depth of a software-pipelined loop.
 *
 * Algorithm: roofline = ceil(memory_cycles / period) stages in flight (Little's law: a load's
 * whole latency-true cost over the iteration's steady-state period, period = max(compute_cycles,
 * transfer_cycles): a bandwidth-bound loop consumes a stage no faster than one arrives, so extra
 * stages beyond that only cost shared memory and occupancy) with the terms of roofline.c;
 * stages = roofline + 1 (the seed's promotion of the producer/consumer pair to stages
 * (0, 1), generalised: `roofline` stages in flight while one is consumed), at least 2; raised to
 * the span of the placed modulo schedule (schedule_stages); then clamped so that
 * other_smem + stages * stage_bytes <= the 227 KiB SMEM ceiling (pool 5; lifted by
 * TILE_AS_DEBUG_UNLIMITED_SMEM) and, for TMEM-staged pipes, stages * banks_per_stage <= the TMEM
 * bank cap (pool 1). Clamping may go below 2 (down to 1); 0 means not even one stage fits.
 * forced_stages (--num-stages=N) replaces the whole computation and is never clamped: stages_fit
 * says whether it fits, and the caller refuses it with a located error when it does not.
 * Calibration (H200, 2026-11-26, docs/performance.md): gemm_dynamic 4096^3 with a 16 KiB stage ran
 * 472 / 529 / 534 / 521 / 518 TFLOP/s at 2..6 stages and 343-350 at 7..9 (one CTA per SM instead
 * of two); dividing by compute alone asked for 9, the period gives 3.
 * Seed: "Roofline Reasoning" (Worked Examples 1 and 2), tunable TILE_AS_DEBUG_UNLIMITED_SMEM.
 * Knobs: ct_stage_request.unlimited_smem, forced_stages. */
#include "tileas/machine.h"

ct_stage_result ct_stage_count(const ct_machine *m, const ct_stage_request *r) {
  ct_stage_result out = {0, 0, "roofline", true};
  int64_t period = ct_roofline_period(r->compute_cycles, r->transfer_cycles);
  int64_t memory = r->memory_cycles > 0 ? r->memory_cycles : 0;
  int64_t roofline = (memory + period - 1) / period;
  out.roofline = roofline < INT32_MAX - 1 ? (int)roofline : INT32_MAX - 1;
  int stages = out.roofline + 1;
  if (stages < 2) stages = 2;
  if (r->schedule_stages > stages) stages = r->schedule_stages, out.limited_by = "schedule";
  int tmem_fit = INT32_MAX, smem_fit = INT32_MAX;
  if (r->tmem_staged && m->tmem_bank_cap > 0 && m->tmem_banks_per_stage > 0) tmem_fit = m->tmem_bank_cap / m->tmem_banks_per_stage;
  if (!r->unlimited_smem && r->stage_bytes > 0) {
    int64_t room = m->smem_ceiling_bytes - r->other_smem_bytes;
    int64_t fit = room > 0 ? room / r->stage_bytes : 0;
    smem_fit = fit < INT32_MAX ? (int)fit : INT32_MAX;
  }
  if (r->forced_stages > 0) {
    out.stages = r->forced_stages;
    out.limited_by = "num-stages";
    out.stages_fit = r->forced_stages <= tmem_fit && r->forced_stages <= smem_fit;
    return out;
  }
  if (stages > tmem_fit) stages = tmem_fit, out.limited_by = "tmem";
  if (stages > smem_fit) {
    stages = smem_fit;
    out.limited_by = smem_fit > 0 ? "smem" : "none-fits";
  }
  out.stages = stages;
  return out;
}

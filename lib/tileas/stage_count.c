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
 * A tensor-core group kept in flight into the next iteration (mma_in_flight) holds its stage one
 * iteration longer: one more stage. two_ctas_per_sm then caps the ring at the deepest with which
 * two CTAs fit in the SM's 228 KiB (1 KiB reserved per CTA), when the shallowest ring does
 * (limited_by "occupancy"): a deeper ring that costs the second CTA loses more than it hides.
 * Calibration (H200, 2026-11-26, docs/performance.md): gemm_dynamic 4096^3 with a 16 KiB stage ran
 * 472 / 529 / 534 / 521 / 518 TFLOP/s at 2..6 stages and 343-350 at 7..9 (one CTA per SM instead
 * of two); dividing by compute alone asked for 9, the period gives 3. With the wgmma group in
 * flight: 307 / 509 / 540 / 532 / 526 at 2..6 (4 best: 2 + 1 + 1), 379-400 at 7..9; cuTile's
 * 32 KiB stages 490 / 607 / 565 / 572 at 2..5 (3 best: 4 would leave one CTA per SM).
 * Knobs: ct_stage_request.unlimited_smem, forced_stages, mma_in_flight, two_ctas_per_sm.
 * Seed: "Roofline Reasoning" (Worked Examples 1 and 2), tunable TILE_AS_DEBUG_UNLIMITED_SMEM.
 */
#include "tileas/machine.h"

ct_stage_result ct_stage_count(const ct_machine *m, const ct_stage_request *r) {
  ct_stage_result out = {0, 0, "roofline", true};
  int64_t period = ct_roofline_period(r->compute_cycles, r->transfer_cycles);
  int64_t memory = r->memory_cycles > 0 ? r->memory_cycles : 0;
  int64_t roofline = (memory + period - 1) / period;
  out.roofline = roofline < INT32_MAX - 1 ? (int)roofline : INT32_MAX - 1;
  int stages = out.roofline + 1 + (r->mma_in_flight ? 1 : 0);
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
  /* two CTAs per SM: the deepest ring with which two CTAs share the SM's shared memory, when the
   * shallowest useful ring (2 stages or the schedule's span, one more for an in-flight group: with
   * fewer, the group's stage leaves no load in flight) lets them */
  if (r->two_ctas_per_sm && !r->unlimited_smem && r->stage_bytes > 0 && m->smem_per_sm_bytes > 0) {
    int64_t half = m->smem_per_sm_bytes / 2 - m->smem_reserved_per_cta - r->other_smem_bytes;
    int floor_stages = (r->schedule_stages > 2 ? r->schedule_stages : 2) + (r->mma_in_flight ? 1 : 0);
    int64_t fit = half > 0 ? half / r->stage_bytes : 0;
    /* staging that will lie over a ring at least as large takes no room of its own */
    int64_t fit_reusing = (half + r->reusable_smem_bytes) / r->stage_bytes;
    if (r->reusable_smem_bytes > 0 && fit_reusing * r->stage_bytes >= r->reusable_smem_bytes && fit_reusing > fit)
      fit = fit_reusing;
    if (fit >= floor_stages && stages > fit) stages = (int)fit, out.limited_by = "occupancy";
  }
  if (stages > smem_fit) {
    stages = smem_fit;
    out.limited_by = smem_fit > 0 ? "smem" : "none-fits";
  }
  out.stages = stages;
  return out;
}

/* stage_count: the roofline pipeline depth of a software-pipelined loop.
 *
 * Algorithm: roofline = ceil(memory_cycles / compute_cycles); stages = max(2, roofline) (the
 * producer/consumer pair is always promoted to stages (0, 1): the commit_group / wgmma.fence
 * synchronisation makes a single stage serialise); then clamped so that
 * other_smem + stages * stage_bytes <= the 227 KiB SMEM ceiling (pool 5; lifted by
 * TILE_AS_DEBUG_UNLIMITED_SMEM) and, for TMEM-staged pipes, stages * banks_per_stage <= the TMEM
 * bank cap (pool 1). Clamping may go below 2 (down to 1); 0 means not even one stage fits.
 * When the modulo scheduler ran (schedule_stages > 0), the placed schedule's span in IIs raises the
 * roofline value (sched_solve.c), before the promotion and the clamps.
 * Seed: "Roofline Reasoning" (Worked Examples 1 and 2), tunable TILE_AS_DEBUG_UNLIMITED_SMEM.
 * Knobs: ct_stage_request.unlimited_smem. */
#include "tileas/machine.h"

ct_stage_result ct_stage_count(const ct_machine *m, const ct_stage_request *r) {
  ct_stage_result out = {0, 0, "roofline"};
  int compute = r->compute_cycles > 0 ? r->compute_cycles : 1;
  int memory = r->memory_cycles > 0 ? r->memory_cycles : 0;
  out.roofline = (memory + compute - 1) / compute;
  int stages = out.roofline;
  if (r->schedule_stages > stages && r->schedule_stages > 2) stages = r->schedule_stages, out.limited_by = "schedule";
  if (stages < 2) stages = 2, out.limited_by = "min-2";
  if (r->tmem_staged && m->tmem_bank_cap > 0 && m->tmem_banks_per_stage > 0) {
    int cap = m->tmem_bank_cap / m->tmem_banks_per_stage;
    if (stages > cap) stages = cap, out.limited_by = "tmem";
  }
  if (!r->unlimited_smem && r->stage_bytes > 0) {
    int64_t room = m->smem_ceiling_bytes - r->other_smem_bytes;
    int64_t fit = room > 0 ? room / r->stage_bytes : 0;
    if (fit < stages) {
      stages = (int)fit;
      out.limited_by = fit > 0 ? "smem" : "none-fits";
    }
  }
  out.stages = stages;
  return out;
}

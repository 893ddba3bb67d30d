/* tileas_stage_count: the roofline stage count (lib/tileas/stage_count.c) on the seed's worked
 * examples — Hopper TMA 8 + WGMMA 8 -> ratio 1, promoted to 2; Blackwell (TMA 8 + tcgen05.cp 7) /
 * tcgen05.mma 8 -> 2 — with the latencies read from the machine tables, plus the 227 KiB SMEM
 * clamp, TILE_AS_DEBUG_UNLIMITED_SMEM, and the TMEM bank cap (pool 1). */
#include <stdio.h>
#include <string.h>

#include "tileas/machine.h"

#include "unit_check.h"

int main(void) {
  const ct_machine *h = ct_machine_hopper(), *b = ct_machine_blackwell();
  CHECK(h->latency[CT_LAT_TMA_LOAD] == 8 && h->latency[CT_LAT_WGMMA] == 8, "Hopper table: TMA 8, WGMMA 8");
  CHECK(b->latency[CT_LAT_TCGEN05_CP] == 7 && b->latency[CT_LAT_TCGEN05_MMA] == 8 && b->latency[CT_LAT_TCGEN05_LD] == 7,
        "Blackwell table: tcgen05.cp 7, mma 8, ld 7");
  CHECK(h->smem_ceiling_bytes == 227 * 1024 && b->tmem_bank_cap == 4, "pool caps");

  /* Worked example 1: ceil(8 / 8) = 1 -> promoted to 2. */
  ct_stage_request r = {.memory_cycles = h->latency[CT_LAT_TMA_LOAD], .compute_cycles = h->latency[CT_LAT_WGMMA],
                        .stage_bytes = 32768};
  ct_stage_result s = ct_stage_count(h, &r);
  CHECK(s.roofline == 1 && s.stages == 2 && strcmp(s.limited_by, "min-2") == 0, "Hopper: 1 -> 2 (got %d/%d)", s.roofline, s.stages);

  /* Worked example 2: ceil((8 + 7) / 8) = 2. */
  r = (ct_stage_request){.memory_cycles = b->latency[CT_LAT_TMA_LOAD] + b->latency[CT_LAT_TCGEN05_CP],
                         .compute_cycles = b->latency[CT_LAT_TCGEN05_MMA], .stage_bytes = 32768, .tmem_staged = true};
  s = ct_stage_count(b, &r);
  CHECK(s.roofline == 2 && s.stages == 2 && strcmp(s.limited_by, "roofline") == 0, "Blackwell: 15/8 -> 2 (got %d/%d)", s.roofline, s.stages);

  /* A memory-bound loop: cp.async 16 against mma.sync 4 -> 4 stages. */
  r = (ct_stage_request){.memory_cycles = h->latency[CT_LAT_CP_ASYNC], .compute_cycles = h->latency[CT_LAT_MMA_SYNC],
                         .stage_bytes = 16384};
  s = ct_stage_count(h, &r);
  CHECK(s.roofline == 4 && s.stages == 4, "16/4 -> 4 (got %d)", s.stages);

  /* TMEM cap: 4 banks / 2 per stage = 2 stages at most. */
  r = (ct_stage_request){.memory_cycles = 40, .compute_cycles = 8, .stage_bytes = 1024, .tmem_staged = true};
  s = ct_stage_count(b, &r);
  CHECK(s.roofline == 5 && s.stages == 2 && strcmp(s.limited_by, "tmem") == 0, "TMEM cap (got %d)", s.stages);

  /* SMEM clamp: 96 KiB stages with 64 KiB elsewhere -> 1 stage; unlimited -> 2; nothing fits -> 0. */
  r = (ct_stage_request){.memory_cycles = 8, .compute_cycles = 8, .stage_bytes = 96 * 1024, .other_smem_bytes = 64 * 1024};
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 1 && strcmp(s.limited_by, "smem") == 0, "SMEM clamp to 1 (got %d)", s.stages);
  r.unlimited_smem = true;
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 2, "unlimited SMEM keeps 2 (got %d)", s.stages);
  r = (ct_stage_request){.memory_cycles = 8, .compute_cycles = 8, .stage_bytes = 200 * 1024, .other_smem_bytes = 64 * 1024};
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 0 && strcmp(s.limited_by, "none-fits") == 0, "nothing fits (got %d)", s.stages);

  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  else printf("tileas_stage_count: ok\n");
  return failures ? 1 : 0;
}

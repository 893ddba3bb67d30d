/* tileas_stage_count: the roofline stage count (lib/tileas/stage_count.c): stages = ceil(memory /
 * compute) + 1. On the seed's worked examples in issue-occupancy units — Hopper TMA 8 + WGMMA 8 ->
 * ratio 1 -> 2 stages; Blackwell (TMA 8 + tcgen05.cp 7) / tcgen05.mma 8 -> ratio 2, held at 2 by
 * the TMEM bank cap (pool 1) — plus the 227 KiB SMEM clamp, TILE_AS_DEBUG_UNLIMITED_SMEM,
 * --num-stages (forced_stages), and the latency-true terms (roofline.c) from the machine figures:
 * a 128x128x64 f16 GEMM iteration on H100 (32 KiB per stage) is bandwidth-bound: its period is
 * the 2363-cycle transfer, not the 512 compute cycles, so 3063 / 2363 -> 3 stages. */
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
  CHECK(s.roofline == 1 && s.stages == 2 && strcmp(s.limited_by, "roofline") == 0, "Hopper: 1 -> 2 (got %d/%d)", s.roofline, s.stages);

  /* Worked example 2: ceil((8 + 7) / 8) = 2. */
  r = (ct_stage_request){.memory_cycles = b->latency[CT_LAT_TMA_LOAD] + b->latency[CT_LAT_TCGEN05_CP],
                         .compute_cycles = b->latency[CT_LAT_TCGEN05_MMA], .stage_bytes = 32768, .tmem_staged = true};
  s = ct_stage_count(b, &r);
  CHECK(s.roofline == 2 && s.stages == 2 && strcmp(s.limited_by, "tmem") == 0, "Blackwell: 15/8 -> 2 (got %d/%d)", s.roofline, s.stages);

  /* A memory-bound loop: 16 against 4 -> ratio 4 -> 5 stages. */
  r = (ct_stage_request){.memory_cycles = h->latency[CT_LAT_CP_ASYNC], .compute_cycles = h->latency[CT_LAT_MMA_SYNC],
                         .stage_bytes = 16384};
  s = ct_stage_count(h, &r);
  CHECK(s.roofline == 4 && s.stages == 5, "16/4 -> 5 (got %d)", s.stages);

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

  /* --num-stages: exactly N, never clamped; stages_fit says whether it fits. */
  r = (ct_stage_request){.memory_cycles = 8, .compute_cycles = 8, .stage_bytes = 16384, .forced_stages = 5};
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 5 && s.stages_fit && strcmp(s.limited_by, "num-stages") == 0, "forced 5 (got %d)", s.stages);
  r.forced_stages = 20;
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 20 && !s.stages_fit, "forced 20 x 16 KiB does not fit (got %d, fit %d)", s.stages, s.stages_fit);
  r.unlimited_smem = true;
  s = ct_stage_count(h, &r);
  CHECK(s.stages_fit, "forced 20 fits with unlimited SMEM");

  /* Latency-true terms: H100, one 128x128x64 f16 GEMM iteration (A and B: 32 KiB per stage). */
  double bpc = ct_roofline_bytes_per_cycle(h);
  CHECK(bpc > 13.86 && bpc < 13.88, "H100 SM share of DRAM: 3.35e12 / (132 x 1.83e9) = 13.87 B/clk (got %.3f)", bpc);
  ct_roofline t;
  memset(&t, 0, sizeof t);
  ct_roofline_memory(h, 32768, false, &t);
  CHECK(t.load_latency == 700 && t.transfer_cycles == 2363 && t.memory_cycles == 3063, "memory 700 + 2363 (got %lld)",
        (long long)t.memory_cycles);
  int rate = ct_roofline_mma_rate(h, CT_MMA_WGMMA, CT_MMA_RATE_F16);
  CHECK(rate == 2048 && ct_roofline_mma_rate(h, CT_MMA_SYNC, CT_MMA_RATE_F16) == 1024 &&
            ct_roofline_mma_rate(h, CT_MMA_WGMMA, CT_MMA_RATE_F8) == 4096 && ct_roofline_mma_rate(h, CT_MMA_FMA, CT_MMA_RATE_F16) == 128,
        "H100 rates: wgmma f16 2048, mma.sync 1024, fp8 4096, fma 128 lanes");
  /* Without the transfer term the period would be the 512 compute cycles: 3063 / 512 -> 6 + 1. */
  r = (ct_stage_request){.memory_cycles = (int)t.memory_cycles, .compute_cycles = 128 * 128 * 64 / rate, .stage_bytes = 32768};
  s = ct_stage_count(h, &r);
  CHECK(s.roofline == 6 && s.stages == 7 && strcmp(s.limited_by, "roofline") == 0, "compute period: 3063 / 512 -> 6 + 1 (got %d/%d)",
        s.roofline, s.stages);
  r.other_smem_bytes = 32768; /* a 32 KiB epilogue buffer: 6 stages fit */
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 6 && strcmp(s.limited_by, "smem") == 0, "epilogue buffer clamps to 6 (got %d)", s.stages);
  /* The tile is bandwidth-bound (2363 transfer cycles > 512 compute): the period is the transfer,
   * 3063 / 2363 -> 2 in flight + 1 = 3 stages (the H200 sweep: 3-4 stages best, docs/performance.md). */
  r = (ct_stage_request){.memory_cycles = t.memory_cycles, .compute_cycles = 128 * 128 * 64 / rate,
                         .transfer_cycles = t.transfer_cycles, .stage_bytes = 32768};
  s = ct_stage_count(h, &r);
  CHECK(ct_roofline_period(512, 2363) == 2363 && ct_roofline_period(512, 0) == 512 && ct_roofline_period(0, 0) == 1,
        "period = max(compute, transfer), at least 1");
  CHECK(s.roofline == 2 && s.stages == 3 && strcmp(s.limited_by, "roofline") == 0, "H100 GEMM: 3063 / 2363 -> 2 + 1 (got %d/%d)",
        s.roofline, s.stages);
  /* Compute-bound (fp8 at 4x the rate would not be; an f64 tile at 128 FMA/clk is): the period is
   * the compute, 3063 / 16384 -> 1 + 1 = 2. */
  r.compute_cycles = 128 * 128 * 128 / 128;
  s = ct_stage_count(h, &r);
  CHECK(s.roofline == 1 && s.stages == 2, "compute-bound: 2 stages (got %d/%d)", s.roofline, s.stages);
  /* B200: twice the rate and 29 B/clk -> the same tile is less memory-bound. */
  memset(&t, 0, sizeof t);
  ct_roofline_memory(b, 32768, false, &t);
  r = (ct_stage_request){.memory_cycles = t.memory_cycles, .compute_cycles = 128 * 128 * 64 / ct_roofline_mma_rate(b, CT_MMA_TCGEN05, CT_MMA_RATE_F16),
                         .transfer_cycles = t.transfer_cycles, .stage_bytes = 32768};
  s = ct_stage_count(b, &r);
  CHECK(t.memory_cycles == 800 + 1125 && s.roofline == 2 && s.stages == 3 && strcmp(s.limited_by, "roofline") == 0,
        "B200 GEMM: 1925 / 1125 -> 2 + 1 (got %lld, %d/%d)", (long long)t.memory_cycles, s.roofline, s.stages);

  /* A wgmma group kept in flight holds one more stage; the two-CTA cap (228 KiB per SM, 1 KiB
   * reserved per CTA): 16 KiB stages -> 2 + 1 + 1 = 4 fit twice; 32 KiB stages -> 4 would not, 3
   * does; a ring whose smallest useful depth does not fit twice is not capped. */
  r = (ct_stage_request){.memory_cycles = 1882, .compute_cycles = 256, .transfer_cycles = 1182, .stage_bytes = 16416,
                         .other_smem_bytes = 1024, .mma_in_flight = true, .two_ctas_per_sm = true, .schedule_stages = 2};
  s = ct_stage_count(h, &r);
  CHECK(h->smem_per_sm_bytes == 228 * 1024 && h->smem_reserved_per_cta == 1024, "Hopper: 228 KiB per SM, 1 KiB per CTA");
  CHECK(s.stages == 4 && strcmp(s.limited_by, "roofline") == 0, "in flight: 2 + 1 + 1 = 4 (got %d %s)", s.stages, s.limited_by);
  r.memory_cycles = 3063, r.compute_cycles = 512, r.transfer_cycles = 2363, r.stage_bytes = 32800;
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 3 && strcmp(s.limited_by, "occupancy") == 0, "32 KiB stages: capped at 3 for two CTAs (got %d %s)", s.stages,
        s.limited_by);
  r.two_ctas_per_sm = false;
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 4, "without the cap: 4 (got %d)", s.stages);
  r.two_ctas_per_sm = true, r.stage_bytes = 49184; /* 48 KiB stages: 3 (the in-flight floor) do not fit twice */
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 4 && strcmp(s.limited_by, "roofline") == 0, "48 KiB stages: no cap below the floor (got %d %s)", s.stages,
        s.limited_by);
  /* a TMA-store staging buffer laid over a large enough ring takes no room of its own */
  r.stage_bytes = 32800, r.other_smem_bytes = 1024 + 32768, r.reusable_smem_bytes = 32768;
  s = ct_stage_count(h, &r);
  CHECK(s.stages == 3 && strcmp(s.limited_by, "occupancy") == 0, "reusable staging: still 3 (got %d %s)", s.stages, s.limited_by);

  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  else printf("tileas_stage_count: ok\n");
  return failures ? 1 : 0;
}

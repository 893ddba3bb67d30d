/* lower_hopper: the Hopper (sm_90a) tensor-core path of the code generator — the first consumer
 * of TileAS. A `tileaa.for` loop whose body consumes TileAS TMA pipes (tileas.produce/consume) feeding
 * f16/bf16 → f32 `mmaf`s with loop-carried accumulators becomes a TMA + mbarrier ring of S stages
 * feeding wgmma.mma_async, with S, the swizzles and the TMA boxes taken from TileAS (docs/abi.md has the
 * tensor-map contract, docs/tileaa-tileas.md the TileAS side).
 *   tileas/hopper_plan.h: the plan (TileAS decides the path in path_select.c; the code generator
 *                        rebuilds the plan of an entry whose mmaf ops carry tileas.mma = "wgmma" to
 *                        read its geometry) and the pure computations (wgmma descriptors, operand
 *                        geometry, tensor-map fields, mbarrier parities);
 *   lower_hopper_loop.c: emits the pipelined loop;
 *   lower_hopper_store.c: the TMA store epilogue (when TileAS chose a TMA store).
 * Owner: nvvm. */
#ifndef TILEC_NVVM_LOWER_HOPPER_H
#define TILEC_NVVM_LOWER_HOPPER_H
#include <stdbool.h>
#include <stdint.h>

#include <mlir-c/IR.h>

#include "tileas/hopper_plan.h"

/* The code generator's values while it emits a planned kernel (lower_hopper_loop.c). */
typedef struct ct_hopper_emit {
  MlirValue raw, pad, base32; /* module SMEM buffer, bytes to the aligned start, its shared address */
  MlirValue lb, step;         /* i32 loop bounds */
  MlirValue trip;             /* i32 trip count of the loop */
  MlirValue kt;               /* i32 iteration number (0-based) inside the body */
  /* a loop nested in other loops (its plan's `nested`): ring_state is an i32 alloca of two words per
   * loop (loop l's at its plan's ring_word = 2 l; one loop: words 0-1) — the iterations of the loop's
   * earlier executions, and how many of its executions read a TMEM accumulator back — and base the
   * first of them, loaded at each execution's start; rings index stages and parities by base + kt
   * (hopper_ring_pos). No nested loop: ring_state NULL; a loop not nested: base 0. */
  MlirValue ring_state, base;
  MlirValue stage[CT_HOPPER_MAX_PIPES], phase[CT_HOPPER_MAX_PIPES]; /* each pipe's stage and parity this iteration */
  /* the replaying producer of several loops (lower_ws_producer.c): an i32 word per loop (alloca),
   * 0 until the loop's fills are issued, then its trip count, for the drain of its rings ahead of a
   * later loop's fills */
  MlirValue fill_trip[CT_HOPPER_MAX_LOOPS];
  MlirValue tmem;             /* i32 TMEM address of the tcgen05 allocation (lane 0, column 0) */
  /* the self-contained ABI's device-built tensor maps (lower_device_tmap.c); tmaps NULL: the
   * host-built maps are kernel parameters */
  bool tmaps_built;           /* the maps are in this CTA's pool slot (map i at + 128 i) */
  int tmap_count;             /* maps (the kernel's TMA pipes, then its store) */
  bool tmap_has_store;        /* one of them is a TMA store's */
  int64_t tmap_staging;       /* ring offset of the staging maps, then of the slot word (the slot index) */
  char tmap_pool[160], tmap_mask[160]; /* the kernel's pool and bitmask globals */
} ct_hopper_emit;

#endif

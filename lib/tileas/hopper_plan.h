/* hopper_plan: the Hopper (sm_90a) TMA + wgmma path as TileAS decides it — which mmaf ops run on
 * wgmma, fed by which TMA pipes, with which SMEM geometry, tensor maps and TMA store epilogue — and
 * its Blackwell (sm_100a) form (plan->tcgen05: mmaf on tcgen05.mma, their accumulators in TMEM;
 * lib/nvvm/lower_tcgen05.c), and
 * the pure computations behind it (hopper_geometry.c: wgmma descriptors, operand geometry,
 * tensor-map fields, mbarrier parities; unit-tested in test/unit/hopper_desc.c).
 *   hopper_plan.c: reads TileAS's decisions off a TileAS entry and checks the path's legality;
 *   path_select.c: the TileAS pass that decides (tileas.mma, tileas.num_warps);
 *   lib/nvvm/lower_hopper_*.c: the code generator of the decided path.
 * Owner: tileas. */
#ifndef TILEC_TILEAS_HOPPER_PLAN_H
#define TILEC_TILEAS_HOPPER_PLAN_H
#include <stdbool.h>
#include <stdint.h>

#include <mlir-c/IR.h>

#include "frontend/types.h"
#include "tileas/attrs.h"
#include "support/context.h"

/* ---- pure computations (hopper_geometry.c) ---- */

/* wgmma matrix-descriptor swizzle code (bits 63:62): 0 none, 1 = 128B, 2 = 64B, 3 = 32B;
 * -1 for an unknown byte count. */
int ct_wgmma_swizzle_code(int swizzle_bytes);
/* The address-independent bits of a wgmma shared-memory descriptor: LBO (bits 29:16) and SBO
 * (bits 45:32) in 16-byte units, base offset 0, swizzle code (bits 63:62). */
uint64_t ct_wgmma_desc_const(int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes);
/* The full descriptor for a shared-window byte address (start address bits 13:0 = (addr & 0x3FFFF) >> 4). */
uint64_t ct_wgmma_desc(uint32_t smem_addr, int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes);

/* tcgen05 (sm_100a): the shared-memory descriptor's address-independent bits (the wgmma fields plus
 * version 1 in bits 48:46; the swizzle codes 2/4/6 at 63:61 are the sm_90 bit patterns). */
uint64_t ct_tcgen05_desc_const(int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes);
/* The tcgen05.mma kind of operand type e (the LLVM intrinsic's immediate), or -1. */
enum { CT_TCGEN05_KIND_F16 = 0, CT_TCGEN05_KIND_TF32 = 1, CT_TCGEN05_KIND_F8F6F4 = 2, CT_TCGEN05_KIND_I8 = 3 };
int ct_tcgen05_kind(ct_elem e);
/* The 32-bit instruction descriptor of a dense tcgen05.mma (kinds f16/tf32/f8f6f4/i8): operand
 * type ab (signedness per operand for i8), accumulator acc, each operand's major order, M x N. */
uint32_t ct_tcgen05_idesc(ct_elem ab, ct_elem acc, bool a_unsigned, bool b_unsigned, bool a_mn_major, bool b_mn_major,
                          int64_t m, int64_t n);
/* TMEM columns tcgen05.alloc takes for `columns` used ones: the power of two >= max(32, columns). */
int64_t ct_tcgen05_alloc_columns(int64_t columns);

/* Shared-memory geometry of one wgmma operand tile as TMA lands it: `nboxes` boxes side by side
 * along the tile's contiguous (last) dim, each box rows × span bytes, rows of `span` = swizzle
 * bytes (the box's inner extent). */
typedef struct ct_wgmma_operand_geom {
  bool k_major;       /* contiguous dim is K (A of a row-major A[M,K]); else MN-major (B[K,N]) */
  int swizzle;        /* bytes: 32 / 64 / 128 */
  int esize;          /* element bytes (1, 2 or 4) */
  int64_t rows;       /* box rows (the tile's outer dim: M for A, K for B) */
  int64_t box_bytes;  /* rows * swizzle */
  int64_t box_stride; /* from one box column of the tile to the next: box_bytes (× batch for a batched pipe) */
  int nboxes;
  int64_t lbo, sbo;   /* descriptor strides in bytes */
} ct_wgmma_operand_geom;

/* Fill lbo/sbo/box_bytes: K-major swizzled: LBO unused (16 B, encoded 1), SBO = 8 rows × span;
 * MN-major swizzled: LBO = distance between MN swizzle atoms (one box), SBO = 8 K-rows × span. */
void ct_wgmma_operand_geom_init(ct_wgmma_operand_geom *g, bool k_major, int swizzle, int esize, int64_t rows, int nboxes);
/* A batched pipe's geometry (ct_hopper_pipe.batch): box columns `batch` slabs apart. */
void ct_wgmma_operand_geom_batch(ct_wgmma_operand_geom *g, int64_t batch);
/* Byte offset inside the operand tile where wgmma k step kk starts (row_offset: first row for
 * the warpgroup, K-major only). Every wgmma k step covers 32 bytes of K (k16 of f16/bf16, k8 of
 * tf32, k32 of 8-bit types: CT_WGMMA_KSTEP_BYTES). K-major: slab kk*32 / span, + the in-row
 * offset; MN-major: 32/esize K-rows × span per step. */
#define CT_WGMMA_KSTEP_BYTES 32
/* K of one wgmma instruction for element type e (16 for f16/bf16, 8 for tf32, 32 for 8-bit). */
int ct_wgmma_kstep_elems(ct_elem e);
/* Does wgmma read operands of e in either major order (imm-trans-a/b)? Only 16-bit types: tf32 and
 * 8-bit operands must be K-major in shared memory (and A in registers is 16-bit only here: a tf32 /
 * 8-bit A that is no TMA pipe is staged into shared memory). */
bool ct_wgmma_transposable(ct_elem e);
int64_t ct_wgmma_kstep_offset(const ct_wgmma_operand_geom *g, int64_t kk, int64_t row_offset);

/* Byte offset inside a TMA box (rows of span bytes, the box aligned to the swizzle pattern's
 * repeat) of linear offset `off` under the TMA swizzle mode: the 16-byte chunk bits 4.. are XORed
 * with bits 7.. (CUTLASS Swizzle<log2(swizzle/16), 4, 3>); 0 = none. */
int64_t ct_tma_swizzle_offset(int64_t off, int swizzle_bytes);

/* mbarrier parities of the S-stage ring: consumers wait full[kt % S] on (kt / S) & 1; the
 * producer, before refilling for iteration j ≥ S, waits empty[j % S] on ((j / S) & 1) ^ 1. */
int ct_ring_full_parity(int64_t kt, int stages);
int ct_ring_empty_parity(int64_t fill, int stages);

/* cuTensorMapEncodeTiled arguments for one TMA-loaded view (docs/abi.md, "Tensor maps"). */
typedef struct ct_tensormap_fields {
  ct_elem elem;
  int rank;
  int64_t dims[CT_MAX_RANK];          /* globalDim, innermost first */
  int64_t strides_bytes[CT_MAX_RANK]; /* globalStrides, dims 1..rank-1 (rank - 1 entries) */
  int64_t box[CT_MAX_RANK];           /* boxDim, innermost first */
  int swizzle;                        /* bytes: 0 / 32 / 64 / 128 */
  /* run-time entries (docs/abi.md `@j`): dims[i] / strides_bytes[i] is the value of kernel
   * argument dim_arg[i] / stride_arg[i] (× element bytes for strides); -1 = the static value */
  int dim_arg[CT_MAX_RANK];
  int stride_arg[CT_MAX_RANK];
} ct_tensormap_fields;

/* From a partition-view type (static shape and strides, innermost stride 1) and the TMA box in
 * tensor-dimension order (outermost first). False (with *why set) when not encodable. */
bool ct_tensormap_fields_from_view(const ct_type *view, const int64_t *box_outer_first, int swizzle,
                                   ct_tensormap_fields *out, const char **why);
/* Same for a view with dynamic dims/strides: dim_args / stride_args (tensor-dimension order, -1 =
 * unknown) name the kernel arguments holding them, stride_div_bytes a proven byte divisor of each
 * dynamic stride (TMA needs multiples of 16). NULL arrays: everything must be static. */
bool ct_tensormap_fields_from_view_args(const ct_type *view, const int64_t *box_outer_first, int swizzle,
                                        const int *dim_args, const int *stride_args, const int64_t *stride_div_bytes,
                                        ct_tensormap_fields *out, const char **why);
/* The ABI comment payload: `param=<p> base_arg=<a> dtype=f16 dims=.. strides_bytes=.. box=..
 * elem_strides=.. swizzle=.. interleave=none l2=256B oob=zero`. Returns the length
 * written (snprintf semantics). */
int ct_tensormap_format(const ct_tensormap_fields *f, int param, int base_arg, char *buf, size_t cap);

/* ---- the plan for one kernel (hopper_plan.c) ---- */
#define CT_HOPPER_MAX_PIPES 6
#define CT_HOPPER_MAX_MMAS 4
#define CT_HOPPER_MAX_LOOPS 4
#define CT_BULK_RING_MAX_STAGES 32 /* the deepest ring of a bulk plan (the protocol check's stage limit) */

/* How a TMA pipe's tile feeds wgmma: A (K-major, [M,K] with K contiguous), B MN-major ([K,N] with
 * N contiguous: imm-trans-b 1) or B K-major (a [N,K] tile used through `permute [1,0]`:
 * imm-trans-b 0). */
typedef enum { CT_PIPE_A = 0, CT_PIPE_B_MN, CT_PIPE_B_K } ct_pipe_role;

/* One TMA-loaded wgmma operand (TileAS: a tileas.produce on a tileas.pipe with producer tma,
 * consumer wgmma_smem). */
typedef struct ct_hopper_pipe {
  MlirOperation load;        /* its tileas.produce */
  MlirOperation pipe_op, alloc; /* its tileas.pipe and that pipe's tileas.alloc */
  bool in_loop;              /* in the loop body: a ring of `stages`; else loaded once before the loop */
  int loop;                  /* in_loop: the index of its loop in ct_hopper_plan.loops; else -1 (loaded at the
                                entry's top level before the first loop that reads it) */
  ct_pipe_role role;
  ct_type view;              /* its tileaa.view as a partition-view type (tileaa/view_read.h) */
  int base_arg;              /* entry argument holding the view's base pointer */
  int param;                 /* kernel parameter index of its CUtensorMap (after the user's) */
  int64_t box[2];            /* TMA box, tensor-dimension order (outer, inner) */
  int lead;                  /* leading unit tile dims of a 3-D/4-D view (read through a reshape to 2-D) */
  /* a batched (3-D) mmaf's operand: the view tile [batch, R, C], one TMA box [batch, R, span] per
   * box column — batch consecutive [R, span] slabs, so batch b's slab of box column x is at
   * (x × batch + b) × geom.box_bytes (geom.box_stride = batch × box_bytes); 1 otherwise */
  int64_t batch;
  int nboxes;                /* boxes per tile along the contiguous dim */
  int64_t tile_bytes;        /* one stage */
  int stages;                /* TileAS tileas.pipe `stages` (1 before the loop) */
  ct_wgmma_operand_geom geom;
  ct_tensormap_fields tmap;
  MlirOperation last_use;    /* the mmaf after which a stage is released (in-loop pipes) */
  bool wait_at_return;       /* loaded once and no wait for it surely runs (its readers are inside `if`s or
                                other loops): the kernel's return waits for it, so that no copy is still
                                landing in shared memory when the CTA exits */
  int64_t smem_off;          /* stage 0, from the 1024-aligned ring start */
  int64_t full_off, empty_off; /* its mbarriers full[stages] (and empty[stages] when in the loop) */
  int64_t full_arrivals, empty_arrivals; /* their init counts (tileas.barriers; default 1 and the consumer threads) */
} ct_hopper_pipe;

/* One mmaf lowered to wgmma: A from a pipe (SMEM descriptor) or from registers; B from a pipe. */
typedef struct ct_hopper_mma {
  MlirOperation mmaf;
  int64_t m, n, k;
  int64_t batch;             /* a batched (3-D) mmaf's batch count (one wgmma chain per batch); 1 for 2-D */
  ct_elem elem;              /* A's element type: f16 / bf16 / tf32 / f8E4M3FN / f8E5M2 / i8 */
  ct_elem acc_elem;          /* f32, or i32 for mmai */
  int loop;                  /* index of the loop holding it in ct_hopper_plan.loops */
  bool a_unsigned, b_unsigned; /* mmai operand signedness (.u8 / .s8) */
  int a_pipe;                /* -1: A from registers (wgmma with A in registers) */
  int b_pipe;                /* -1: B staged from registers (b_staged) */
  /* B staged from registers: a tf32/8-bit B that is not a K-major TMA pipe (e.g. [K,N] with N
   * contiguous, or SIMT-loaded) is written by every thread, transposed, into a K-major swizzled
   * buffer of b_slots slots (slot kt % b_slots) at b_stage_off, then read through b_geom's
   * descriptors. One CTA barrier per iteration (between the writes and the wgmmas) orders
   * everything: the slot written in iteration kt was last read by the group of kt - b_slots,
   * which every warpgroup has waited for before that barrier of iteration kt - 1 (wait_group 0:
   * 2 slots; a group kept in flight, wait_group 1: 3 slots) */
  bool b_staged;
  int b_slots;
  int64_t b_stage_off, b_slot_bytes;
  ct_wgmma_operand_geom b_geom;
  /* the loop's only mmaf, accumulating into a loop-carried value nothing else reads: its wgmma
   * group stays in flight into the next iteration (wait_group 1, the previous iteration's stages
   * released), and the loop's result `loop_result` is waited for (wait_group 0) after the loop */
  bool keep_in_flight;
  int loop_result;
  /* A staged from registers (no TMA pipe; on wgmma a tf32 / 8-bit A only, a 16-bit one is read from
   * registers): like B, every thread writes it, K-major (M rows of K bytes), into slot
   * kt % a_slots at a_stage_off each iteration */
  bool a_staged;
  /* tcgen05: the loop's initial accumulator is not a zero constant: every thread stores it into
   * TMEM (tcgen05.st) before the loop, and every MMA accumulates (enable-input-d 1) */
  bool acc_from_registers;
  /* tcgen05: its accumulator's TMEM columns and its mbarriers (tileas.tmem on the mmaf). Several
   * loops: the loops' accumulators share the kernel's one allocation (columns from 0, the
   * allocation the largest any needs, one address slot), each with its own done (and order)
   * mbarriers and A staging */
  ct_tileas_tmem tmem;
  /* tcgen05, an mmaf that is not its loop's only, loop-carried one (attention's S = Q·Kᵀ and P·V):
   * its accumulator is written afresh in TMEM every iteration (enable-input-d 0 first), committed
   * to its done mbarrier and read back by every thread (tcgen05.ld) right after its MMAs; a non-zero
   * C is added in registers. The mmaf ops of a loop take consecutive TMEM columns */
  bool tmem_per_iter;
  /* tcgen05, an mmaf whose C is its loop-carried accumulator times a scale (ct_mma_acc_rescaled:
   * attention's O = O · alpha + P · V): the accumulator
   * stays in TMEM for the whole loop (its initial value stored before it, acc_from_registers; read
   * back once after it, loop_result), and the `rescale` mulf (its operand rescale_scale the scale)
   * runs in TMEM, a chunk of columns at a time: tcgen05.ld, multiply, tcgen05.st, after the wait
   * for the previous iteration's MMAs (thread 0 commits to done after its MMAs every iteration) */
  bool tmem_rescaled;
  MlirOperation rescale;
  int rescale_scale;
  int a_slots;
  int64_t a_stage_off, a_slot_bytes;
  ct_wgmma_operand_geom a_geom;
} ct_hopper_mma;

/* A TMA store epilogue (TileAS chose a TMA store for a store_view_tko after the loop): the tile
 * is staged in SMEM as `nboxes` boxes of rows × span bytes (span = box inner bytes, swizzled),
 * then thread 0 stores each box with cp.async.bulk.tensor (tensor map `param`). */
typedef struct ct_hopper_store {
  MlirOperation store;       /* tileas.store at the entry's top level */
  MlirOperation alloc;       /* its staging tileas.alloc (the store's last operand), or null */
  ct_type view;
  int base_arg, param;
  int64_t box[2];            /* tensor-dimension order (outer, inner) */
  int nboxes, swizzle, esize;
  int64_t box_bytes, tile_bytes;
  int64_t smem_off;          /* staging offset from the 1024-aligned ring start */
  bool after_loop;           /* the store follows the loop directly (its exit barrier suffices) */
  bool buffers_dead;         /* every pipe buffer has been read when the store runs (after the wgmma
                                loop; plan->bulk: each pipe filled and consumed before it), so the
                                staging may reuse them */
  bool deferred;             /* wait_group.read at the kernel's return (TILEIR_DELAY_TMA_STORE_WAIT) */
  ct_tensormap_fields tmap;
} ct_hopper_store;

typedef struct ct_hopper_plan {
  /* a kernel without mmaf whose view loads and stores TileAS put on TMA
   * (TILEIR_PREFER_TMA_FOR_LOAD_STORE; hopper_plan.c plan_bulk): a pipe at the entry's top level
   * is filled once and its tile read into registers (ld.shared) where it is consumed; a pipe in a
   * loop at the top level (p->loops, program order; for_op = top_op = loops[0], null without one;
   * ct_hopper_plan_of_loop keeps every one-shot pipe) is a ring that thread 0 fills ahead as on the
   * wgmma path, every thread reading a
   * stage with ld.shared at a consume and releasing it at the pipe's tileas.release; no mmaf, the
   * kernel's own warps (warpgroups 0) */
  bool bulk;
  int bulk_threads;          /* a bulk plan's threads per CTA (32 x tileas.num_warps): its rings' empty arrivals */
  MlirOperation for_op;      /* the loop holding every wgmma (several loops: the first) */
  /* the loops holding the mmaf ops, in program order (one, for_op, unless several top-level loops
   * each hold some: each with its own rings, waited for and refilled inside it; the rings of
   * different loops share their shared memory, the mbarriers do not). The code generator and the
   * protocol check work on one loop at a time (ct_hopper_plan_of_loop) */
  int nloops;
  MlirOperation loops[CT_HOPPER_MAX_LOOPS];
  /* the loop is nested in control flow (a persistent kernel's tile loop around it): top_op is its
   * outermost enclosing op in the entry body (for_op itself when not nested). The rings and
   * mbarriers then run on across the loop's executions: stage and parity of an iteration come from
   * its global index (the trips of the earlier executions plus its own), kept in the kernel
   * (lower_hopper_loop.c) */
  bool nested;
  MlirOperation top_op;
  /* several loops: loop l is inside another loop (loop_nested[l]: its rings run on across its
   * executions like a single nested loop's; the whole plan's `nested` is false, each loop's own plan
   * (ct_hopper_plan_of_loop) has it). ring_word: the first of this plan's two words in the kernel's
   * ring state (2 l in loop l's own plan, 0 otherwise) */
  bool loop_nested[CT_HOPPER_MAX_LOOPS];
  int ring_word;
  /* warp-specialised (ws): the producer's thread replays its slice of the kernel (ct_ws_replays) */
  bool ws_replay;
  /* warp-specialised, several loops: bit l set when loop l's rings share shared memory with a later
   * loop's (ct_hopper_loop_rings_overlap), so that the producer, before it fills that later loop,
   * waits for the consumers' release of loop l's last fill of each ring (lower_ws_producer.c); the
   * consumers then release every fill of loop l, the last too (an in-flight group's on the exit
   * edge). A loop's own plan (ct_hopper_plan_of_loop) keeps its bit as bit 0: ct_hopper_loop_drained */
  unsigned ws_drained_loops;
  /* the Blackwell (sm_100a) form of the path: every mmaf runs on tcgen05.mma, issued by thread 0,
   * its accumulator in TMEM (ct_hopper_mma.tmem: the columns, the accumulator-ready mbarrier and the
   * address slot of the kernel's one allocation), each ring stage released by one tcgen05.commit (empty_arrivals 1); the threads read
   * a loop's only, loop-carried accumulator back after the loop, any other every iteration
   * (ct_hopper_mma.tmem_per_iter) (tcgen05.ld) */
  bool tcgen05;
  int npipes, nmmas;
  ct_hopper_pipe pipes[CT_HOPPER_MAX_PIPES]; /* program order of their produces = tensor-map order */
  ct_hopper_mma mmas[CT_HOPPER_MAX_MMAS];
  int64_t m;                 /* tile M of every mmaf */
  int warpgroups;            /* m / 64 × batch_warpgroups; threads = 128 × warpgroups */
  /* wgmma, every mmaf batched (3-D): the warpgroups beyond M's split the batch — warpgroup w runs
   * the chains of batches [(w / (m / 64)) × batch / G, ...) for G = batch_warpgroups, so each holds
   * 1/G of the accumulators (issue 12: large accumulators split across warpgroups). Taken when the
   * warps decided or hinted (tileas.num_warps, num_worker_warps_per_cta) are that many; path_select.c
   * asks for it when the live tiles at m / 64 warpgroups exceed the register budget. 1 otherwise */
  int batch_warpgroups;
  int stages;                /* the deepest in-loop ring (the `tilec.pipeline` note) */
  int64_t tx_bytes;          /* bytes the in-loop pipes bring per iteration (several loops: the most of one loop) */
  int nbarriers;             /* mbarriers: 2 × stages per in-loop pipe, 1 per pipe before the loop */
  int64_t ring_bytes;        /* every pipe's stages (each 1024-aligned), then the mbarriers */
  bool has_store;            /* a TMA store epilogue (st) */
  ct_hopper_store st;
  /* the first other tileas.store with a TMA layout, and why the epilogue cannot take it (TileAS's
   * path_select.c makes every such store SIMT; the code generator refuses one) */
  MlirOperation declined_store;
  const char *declined_store_why;
  /* when planning fails on one op's recorded decision (a shared-memory assignment), that op */
  MlirOperation why_op;
  int64_t smem_bytes;        /* ring + mbarriers (+ store staging), before the 1024 B alignment pad */
  /* warp specialization (the loop's tileas.pipeline / tileas.agents, warp_specialize.c): the
   * consumer agent is warps [0, 4 x warpgroups) (every tile layout's warps), the producer agent
   * one more warpgroup whose first thread issues every ring fill */
  bool ws;
  ct_tileas_ws ws_agents;
  int producer_agent, consumer_agent; /* indices into ws_agents */
  int ws_threads;            /* threads per CTA with the producer warpgroup */
} ct_hopper_plan;

/* A warp-specialised plan's launch share of registers per thread (.maxnreg): the register file's
 * share of one CTA at tileas.pipeline's ctas_per_sm, a multiple of 8, at most the consumers'
 * setmaxnreg budget. ptxas allocates every agent's code within it. */
int ct_hopper_ws_share(const ct_hopper_plan *p);
/* The register file's share of each of `threads` threads when `ctas_per_sm` CTAs share the SM: a
 * multiple of 8 (the allocation granule). TileAS cuts the agents' budgets from it; the code
 * generator's .maxnreg is it, capped by the consumers' budget (ct_hopper_ws_share). */
int ct_ws_launch_share(int ctas_per_sm, int threads);
/* An upper bound on the CTAs a launch of entry can use, when the shapes say it: every tile-block
 * id dimension that indexes a view is bounded by that view's static index-space extent (a launch
 * past it only reads and writes out of bounds), a dimension used for nothing else by 1. 0: not
 * known (run-time shapes, or an id used in arithmetic, as a persistent kernel's is).
 * (warp_specialize.c; register_prefetch.c uses it too.) */
int64_t ct_static_grid_bound(MlirOperation entry);
/* Resident CTAs per SM (1-32) of threads threads at regs registers per thread (rounded up to 8, as
 * ptxas allocates) and smem_footprint bytes of shared memory each (0: none): the register file,
 * the SM's 2048 threads and its shared memory (warp_specialize.c; register_prefetch.c too). */
int ct_ctas_per_sm(const ct_machine *m, int threads, int64_t regs, int64_t smem_footprint);
/* Registers ptxas wants beside the accumulator to issue a wgmma (it refuses an m64n128k16 f32, 64
 * accumulator words per thread, under a .maxnreg of 90). */
#define CT_WGMMA_REG_OVERHEAD 26
/* Registers per thread one tcgen05.ld / tcgen05.st moves at most (32x32b.x32, 16x256b.x8): the
 * chunk in which the tcgen05 path reads, rescales and writes an accumulator in TMEM. */
#define CT_TCGEN05_ACCESS_MAX_REGS 32
/* Registers ptxas wants beside such a chunk (it refuses a tcgen05.st 32x32b.x32 under 50). */
#define CT_TCGEN05_REG_OVERHEAD 18
/* The most accumulator words per consumer thread of one of the plan's wgmma mmaf; on tcgen05, whose
 * accumulators live in TMEM, the words of the largest chunk a thread moves with one tcgen05.ld / st
 * (at most CT_TCGEN05_ACCESS_MAX_REGS). */
int64_t ct_hopper_wgmma_acc_words(const ct_hopper_plan *p);
/* The registers per consumer thread the plan's MMAs need whatever the pressure estimate says: the
 * accumulator words (above) plus CT_WGMMA_REG_OVERHEAD, or on tcgen05 plus CT_TCGEN05_REG_OVERHEAD. */
int64_t ct_hopper_mma_min_regs(const ct_hopper_plan *p);

/* Where the plan is built and what it says. The TileAS pass (path_select.c) builds it to decide and
 * explains a decline; the code generator rebuilds it to read the geometry of the decided path and
 * describes that path (remarks: `tilec --remarks`). */
typedef struct ct_hopper_plan_env {
  ct_ctx *c;
  bool has_wgmma;          /* the target is sm_90a */
  bool has_tcgen05;        /* the target is sm_100a: plan the tcgen05 form */
  bool has_tma;            /* the target has TMA (sm_90a, sm_100a): a kernel without mmaf may take plan->bulk */
  bool explain_decline;    /* remark why the kernel stays on mma.sync */
  bool describe_plan;      /* remark the wgmma path's shape (and its TMA store epilogue) */
} ct_hopper_plan_env;

/* Plans entry's TMA + wgmma path. hinted_warps: the entry's num_worker_warps_per_cta, 0 = none.
 * True when every mmaf of the entry takes wgmma; false with *why when the kernel stays on the
 * mma.sync path. An entry without mmaf: true with plan->bulk when env->has_tma and TileAS put some
 * of its view loads or stores on TMA and the plan takes one; false (*why NULL) otherwise. */
bool ct_hopper_plan_entry(const ct_hopper_plan_env *env, MlirOperation entry, ct_hopper_plan *p, int hinted_warps,
                          const char **why);

/* The static protocol check of the plan's TMA rings (ws_protocol.c): false with a message and the op
 * it concerns when an mbarrier's arrivals, waits or parities do not match for some trip count. */
bool ct_ring_protocol_check(const ct_hopper_plan *p, char *msg, size_t cap, MlirOperation *where);

/* The plan of loop l of a plan with several loops (p->loops[l]): its pipes and the pipes loaded
 * before it that its mmaf ops read, its mmaf ops (pipe indices renumbered), for_op = that loop — the
 * single-loop plan the code generator emits that loop from and the protocol check proves. */
void ct_hopper_plan_of_loop(const ct_hopper_plan *p, int l, ct_hopper_plan *out);
/* Is the loop of a one-loop plan (a loop's own plan, or a kernel's only loop) drained (ws_drained_loops)? */
static inline bool ct_hopper_loop_drained(const ct_hopper_plan *p) { return p->nloops == 1 && (p->ws_drained_loops & 1u); }
/* Do the rings (in-loop pipe buffers) of loops a and b of p share shared memory? */
bool ct_hopper_loop_rings_overlap(const ct_hopper_plan *p, int a, int b);
/* Warp specialization of several loops: each later loop whose rings share shared memory with an
 * earlier loop's gets its rings past the end of the plan's shared memory instead, while the plan
 * stays within max_bytes, so that the producer fills it during the earlier loop (no drain). Updates
 * the pipes' smem_off, smem_bytes and ws_drained_loops; returns the bytes added (the caller records
 * the new tileas.offset of each moved pipe's alloc). */
int64_t ct_hopper_separate_loop_rings(ct_hopper_plan *p, int64_t max_bytes);
/* Index of loop `op` in p->loops, or -1. */
int hopper_loop_index(const ct_hopper_plan *p, MlirOperation op);

/* Index of the pipe whose tileas.produce is `load` / of the planned mmaf, or -1 (hopper_plan.c). */
int hopper_pipe_of_load(const ct_hopper_plan *p, MlirOperation load);
int hopper_mma_index(const ct_hopper_plan *p, MlirOperation mmaf);
/* The tileas.produce whose slot a tileas.consume turned into tile v (directly, or through a
 * reshape that drops leading unit dims: hopper_is_unit_reshape), or null. */
MlirOperation hopper_produce_of(MlirValue v);
bool hopper_is_unit_reshape(MlirOperation op);
/* Is op a `permute` that swaps the last two dims of a 2-D tile ([1, 0]) or of a batched 3-D one
 * ([0, 2, 1], the batch kept)? Of a pipe's tile feeding B: the K-major descriptor, no data move. */
bool hopper_is_minor_transpose(MlirOperation op);
/* Is v `addi iv, x` with x defined outside `loop` (a loop index with a non-zero start)? *x (may be
 * NULL): the invariant operand. */
bool hopper_iv_plus_invariant(MlirValue v, MlirValue iv, MlirOperation loop, MlirValue *x);
/* Does op (a tileas.consume or tileas.release) take the slot of a planned pipe's produce? */
bool hopper_takes_pipe_slot(const ct_hopper_plan *p, MlirOperation op);

/* ---- the producer agent of a warp-specialised loop nested in control flow (ws_slice.c) ---- */
/* An op the producer warpgroup may run as well as the consumers: no memory access but a
 * one-element load, no cross-thread exchange, no region. */
bool ct_ws_register_only(MlirOperation op, const ct_hopper_plan *p);
/* The ops (outside p->for_op) the producer needs to issue every fill of every execution of the
 * loop: appended to *out (the caller frees it). NULL, or why there is no such slice (*bad: the op
 * at fault, or null). */
struct ct_oplist;
const char *ct_ws_producer_slice(const ct_hopper_plan *p, struct ct_oplist *out, MlirOperation *bad);
/* Does the producer agent of p's warp-specialised loop replay its slice (lower_ws_producer.c: the
 * agents split at the kernel's start)? Yes for a nested loop, and for one whose prefix in the entry
 * is not register-only; no: every thread runs the prefix and the agents split at the loop. */
bool ct_ws_replays(MlirOperation entry, const ct_hopper_plan *p);
/* Is op a `for` or `if` enclosing p->for_op (below the entry)? */
bool ct_ws_is_around(const ct_hopper_plan *p, MlirOperation op);
#endif

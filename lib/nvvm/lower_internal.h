/* lower_internal: state shared by the lower_*.c files of the code generator.
 *
 * Its input is a module's TileAS form: cuda_tile ops beside tileaa.* / tileas.* ops. Every SSA
 * value is mapped to a ct_lv ("lowered value"):
 *  - tiles: a layout (tileas/reg_layout.h) and one LLVM scalar SSA value per register of the thread
 *    (fully unrolled; rank-0 tiles have one uniform register);
 *  - views (cuda_tile views, tileaa.view): the base pointer plus i64 shape and stride values
 *    (static ones are constants);
 *  - tokens, and the stage forms' futures, SMEM buffers and pipes: nothing (ordering is implied
 *    by program order of the emitted accesses); a tileaa.async_load's future and a SIMT
 *    tileas.produce's slot carry the loaded tile to their wait / consume.
 * Ops are dispatched by name to lower_<concern>_op() functions, each returning
 * LOWER_DONE, LOWER_NOT_MINE or LOWER_FAILED. Structured control flow keeps a stack of region
 * contexts that tell `yield`/`continue`/`break` where to branch. Owner: nvvm. */
#ifndef TILEC_NVVM_LOWER_INTERNAL_H
#define TILEC_NVVM_LOWER_INTERNAL_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#include "frontend/types.h"
#include "nvvm/builder.h"
#include "tileas/attrs.h"
#include "tileas/reg_layout.h"
#include "nvvm/lower.h"
#include "support/context.h"

enum { LOWER_FAILED = -1, LOWER_NOT_MINE = 0, LOWER_DONE = 1 };

typedef enum { LV_TILE = 1, LV_VIEW, LV_TOKEN } ct_lv_kind;

typedef struct ct_lv {
  ct_lv_kind kind;
  ct_type type;
  const ct_layout *layout; /* tiles */
  int nregs;
  MlirValue *regs; /* owned */
  /* views */
  MlirValue base;                   /* !llvm.ptr<1> */
  MlirValue dims[CT_MAX_RANK];      /* i64 */
  MlirValue strides[CT_MAX_RANK];   /* i64 */
  int64_t base_align;               /* provable byte alignment of base */
  /* tiles of pointers: provable byte alignment of every element (from assume div_by) */
  int64_t ptr_align;
  /* rank-0 integer tiles: a known divisor of the value (assume div_by; 1 when unknown/0) */
  int64_t int_div;
  /* views: known divisors of each dim / stride (the value when static) */
  int64_t dim_div[CT_MAX_RANK], stride_div[CT_MAX_RANK];
  /* tiles: every element has the same value (a splat constant, or computed from splats only),
   * so any thread may take any element from regs[0]. */
  bool uniform;
} ct_lv;

typedef enum { RCTX_IF, RCTX_LOOP, RCTX_REDUCE } ct_rctx_kind;

typedef struct ct_rctx {
  ct_rctx_kind kind;
  MlirOperation op;
  /* if: merge block; its arguments are created by the first yield */
  MlirBlock merge;
  bool merge_args_ready;
  int nresults;
  const ct_layout **result_layouts; /* owned array */
  bool fixed_layouts;               /* result_layouts are TileAS's (not the first yield's / break's) */
  /* loop: continue → header (with iv for `for`), break → exit */
  MlirBlock header, exit;
  bool is_for;
  MlirValue iv, step; /* for */
  const ct_layout **carried_layouts; /* owned array, ncarried entries */
  int ncarried;                      /* values a continue carries (a `loop`'s results may differ) */
  /* reduce: yielded scalar values land here */
  MlirValue *yielded;
  int nyielded;
  struct ct_rctx *parent;
} ct_rctx;

typedef struct lv_slot {
  const void *key;
  ct_lv *lv;
} lv_slot;

typedef struct ct_lower {
  ct_ctx *c;
  /* the kernel's `alloca` buffers (lower_kernel.c plan_allocas): op, byte offset in shared memory
   * (an `alloca global`: of the 8-byte slot holding its malloc'd pointer), alignment, global? */
  MlirOperation *alloca_ops;
  int64_t *alloca_offs, *alloca_align, *alloca_bytes; /* (bytes: its buffer's size) */
  bool *alloca_global;
  int nallocas;
  int nconst_globals; /* the module's `__tilec_const_<n>` globals (big dense constants, lower_elementwise.c) */
  const ct_lower_options *opts;
  ct_bld b;
  MlirModule out;
  MlirBlock out_body;
  MlirRegion fn_region;
  int nthreads, nwarps;
  MlirValue tid; /* i32 */
  /* value map (lookup only; never iterated) */
  lv_slot *slots;
  size_t nslots, nused;
  /* everything allocated, freed at the end */
  ct_lv **all;
  size_t nall, all_cap;
  ct_layout **layouts;
  size_t nlayouts, layouts_cap;
  /* shared memory: one buffer for the module, sized to the largest use of any kernel; static
   * when that fits STATIC_SMEM_LIMIT, else dynamic (docs/abi.md) */
  int64_t smem_bytes;
  int64_t entry_smem_bytes; /* largest use of the kernel being lowered */
  MlirOperation *kernels;   /* llvm.func of every lowered entry */
  int64_t *kernel_smem;     /* its shared-memory bytes */
  int64_t *kernel_ring;     /* of which the Hopper path's TMA buffers + mbarriers + 1024 B pad (0: none) */
  bool *kernel_bulk;        /* those are a bulk plan's (TMA loads and stores of a kernel without mmaf) */
  MlirLocation *kernel_loc; /* its cuda_tile.entry (for the shared-memory remark) */
  size_t nkernels;
  /* declared external functions (libdevice) */
  char **externs;
  size_t nexterns;
  ct_rctx *rctx;
  bool vectorize;
  /* Hopper path (lower_hopper_*.c): the plan of the kernel being lowered (NULL when its mmaf ops
   * are not on wgmma) and the values emitting it builds up */
  struct ct_hopper_plan *hopper;
  struct ct_hopper_emit *hopper_emit;
  /* a warp-specialised loop's replaying producer agent being lowered (lower_ws_producer.c): the ops
   * of its slice (tileas/ws_slice.c); null otherwise */
  const struct ct_oplist *ws_slice;
  int nuser_args; /* kernel parameters from the entry's arguments (tensor maps follow) */
  int64_t smem_reserved; /* bytes at the start of the SMEM buffer owned by the Hopper ring */
  /* print_tko (lower_print.c): the kernel's vprintf argument buffer (null until used) and the
   * number of format-string globals of the module */
  MlirValue print_buf;
  int nformats;
  /* --lineinfo (lower_debuginfo.c): the module's compile unit, the kernel's subprogram (null: no line
   * information) and its file, and the scope of the last other file seen */
  MlirAttribute di_cu, di_sp, di_other_scope;
  MlirStringRef di_path, di_other_path;
} ct_lower;

/* ---- lower_kernel.c: value map, layouts, helpers ---- */
ct_lv *lv_lookup(ct_lower *L, MlirValue v);           /* NULL when unknown */
ct_lv *lv_get(ct_lower *L, MlirOperation op, int operand); /* errors when unknown */
/* Operand `operand` of op (v) as the op needs it, in layout l: v itself when it has l, re-spread
 * without code when uniform; otherwise a located error (TileAS's layout_propagate.c puts a
 * tileas.convert_layout wherever a layout changes; the code generator moves no data implicitly).
 * NULL after the error. */
ct_lv *lv_require(ct_lower *L, MlirOperation op, int operand, ct_lv *v, const ct_layout *l);
ct_lv *lv_alloc(ct_lower *L, ct_lv_kind kind, const ct_type *t);
void lv_bind(ct_lower *L, MlirValue v, ct_lv *lv);
ct_lv *lv_new_tile(ct_lower *L, const ct_type *t, const ct_layout *layout); /* regs zeroed */
const ct_layout *layout_intern(ct_lower *L, const ct_layout *l);
const ct_layout *layout_blocked_for(ct_lower *L, MlirOperation op, const ct_type *t); /* NULL + error */
/* The layout of op's tile result t: TileAS's (tileas.reg_layout, reg_layouts.c), else blocked (what
 * that pass writes on iota, splat constants and broadcasts); NULL + error. */
const ct_layout *layout_chosen_for(ct_lower *L, MlirOperation op, const ct_type *t);
/* op's tileas.reg_layout for its tile result t, checked against the kernel's warps: 1 and *out;
 * 0 when op carries none; -1 after a located error (malformed, or laid out for other warps). */
int reg_layout_read(ct_lower *L, MlirOperation op, const ct_type *t, const ct_layout **out);
/* A layout TileAS recorded on op (`what` names it in the error), interned, when it is laid out
 * for the kernel's warps; NULL after a located error. */
const ct_layout *layout_for_kernel(ct_lower *L, MlirOperation op, const ct_layout *l, const char *what);
bool value_type(ct_lower *L, MlirOperation op, MlirValue v, ct_type *t); /* error when not cuda_tile */
bool result_type(ct_lower *L, MlirOperation op, int i, ct_type *t);
MlirType elem_llvm_type(ct_lower *L, ct_elem e);
bool lower_block(ct_lower *L, MlirBlock block); /* lowers every op of a cuda_tile block */
/* A module-level array global in the global address space (PTX .global), internal, initialised with
 * `value` (n elements of et), read-only when `constant` (lower_kernel.c). */
void add_global_array(ct_lower *L, MlirLocation loc, MlirAttribute name, MlirType et, int64_t n, int64_t align,
                      MlirAttribute value, bool constant);
void declare_extern(ct_lower *L, const char *name, MlirType res, int n, const MlirType *args);
/* Attribute helpers (absent → dflt). Opaque attr data like `rounding<zero>` → "zero". */
bool attr_keyword(MlirOperation op, const char *name, char *buf, size_t cap);
/* A CTA barrier before memory op `op` when one of its tokens orders it after a write (or, when op
 * writes, after any memory op) of the block (lower_memory.c). */
void lower_token_order(ct_lower *L, MlirOperation op, bool writes);
int64_t attr_int(MlirOperation op, const char *name, int64_t dflt);
bool attr_present(MlirOperation op, const char *name);
/* The name a user's diagnostic gives op: its cuda_tile short name, or for a TileAA / TileAS op the
 * cuda_tile op it stands for (tileas.load / produce / consume -> load_view_tko, ...). */
const char *lower_user_op_name(MlirOperation op, char *buf, size_t cap);
/* Operand segment sizes (operandSegmentSizes); false when absent. */
bool op_segments(MlirOperation op, int32_t *seg, int max, int *n);

/* ---- lower_layout.c: coordinates and layout conversion ---- */
MlirValue thread_coord(ct_lower *L, const ct_layout *l, int d); /* i32 */
MlirValue owner_predicate(ct_lower *L, const ct_layout *l);     /* i1, or null when all threads own */
/* Flat index (i32) of the thread part of layout l: OR of the lane/warp bases of tid's set bits. */
MlirValue thread_flat_index(ct_lower *L, const ct_layout *l);
MlirValue smem_base(ct_lower *L, int64_t bytes);                 /* !llvm.ptr<3> */
/* The shared buffer sized for every element of a tile of elem in layout l (sub-byte: a byte each). */
MlirValue smem_tile_buffer(ct_lower *L, const ct_layout *l, ct_elem elem);
/* True when every element of tile v has the same value and regs[0] holds it in every thread:
 * v->uniform, or all registers are one SSA value and no lane/warp basis is set (replicated). */
bool lv_is_uniform(const ct_lv *v);
/* Returns v itself when already in layout `to`, else a new lv (not bound to an MLIR value):
 * tileas.convert_layout, and lv_require for uniform tiles. */
ct_lv *lv_convert(ct_lower *L, ct_lv *v, const ct_layout *to);
/* Regs of `dst` layout filled from `src` through flat map m (dst flat → src flat): register
 * remap when possible, else through shared memory. */
bool lv_gather(ct_lower *L, ct_lv *dst, ct_lv *src, const ct_flat_map *m);
/* The two halves of an exchange through the shared buffer `base` (the caller puts bar.sync before
 * and between them): every thread writes each register of src at flat index m(its flat index) +
 * offset (+ dyn, i32, when not null); dst's registers read flat index m(their flat index) (+ offset, i32, when not null) as
 * type t, an element read once per thread. */
void smem_scatter(ct_lower *L, MlirValue base, const ct_lv *src, const ct_flat_map *m, uint32_t offset, MlirValue dyn);
void smem_gather(ct_lower *L, MlirValue base, ct_lv *dst, const ct_flat_map *m, MlirValue offset, MlirType t);
/* The whole exchange: src's registers to a whole-tile shared buffer at their own flat places, then
 * dst's read through m (+ offset, as smem_gather). No trailing barrier: every user of the buffer
 * starts with bar.sync. lv_gather's shared-memory path and extract. */
void smem_exchange(ct_lower *L, const ct_lv *src, ct_lv *dst, const ct_flat_map *m, MlirValue offset);
/* Broadcast src (same rank; dims of size 1 stretched to rt's) into layout dl (lower_shape.c). */
ct_lv *lv_broadcast_into(ct_lower *L, ct_lv *src, const ct_type *rt, const ct_layout *dl);
/* The 1-d tile ix (a gather's row ids, along tile dim `dim` of `full`) broadcast to full's shape in
 * layout dl: register k holds the row id of dl's element k (lower_shape.c). NULL after an error. */
ct_lv *lv_index_along(ct_lower *L, MlirOperation op, ct_lv *ix, const ct_type *full, int dim, const ct_layout *dl);
/* Store a register value to / load from shared memory element index (i32). */
void smem_store_elem(ct_lower *L, MlirValue base, MlirValue index, MlirValue v);
MlirValue smem_load_elem(ct_lower *L, MlirValue base, MlirValue index, MlirType t);

/* ---- lower_control.c: an empty block appended to the function being lowered ---- */
MlirBlock lower_new_block(ct_lower *L);

/* ---- reg_budget.c: the register budget (docs/driver.md, "Code generation limits"; the estimate and
 * ct_reg_budget_words: tileas/reg_layout.h, reg_pressure.c) ---- */
/* Estimate the peak registers per thread of entry's live tiles (L->nthreads, L->hopper set) and
 * refuse it with a located error when over the budget. Linear in the IR, before any unrolling. */
bool ct_reg_budget_check(ct_lower *L, MlirOperation entry);

/* ---- per-concern op lowering ---- */
int lower_elementwise_op(ct_lower *L, MlirOperation op, const char *name);
int lower_memory_op(ct_lower *L, MlirOperation op, const char *name);
/* lower_memory.c: the TileAA / TileAS forms' views, loads, stores and hand-offs (tileaa.view,
 * index_space, async_load/async_store/wait; tileas.load/store/produce/consume, alloc/pipe/release/
 * store_wait), called by lower_memory_op. */
int lower_stage_memory_op(ct_lower *L, MlirOperation op, const char *name);
/* lower_print.c: print_tko (vprintf, thread 0 of the tile block) */
int lower_print_op(ct_lower *L, MlirOperation op, const char *name);
/* lower_atomic.c: atomic_rmw_tko, atomic_cas_tko */
int lower_atomic_op(ct_lower *L, MlirOperation op, const char *name);
/* The PTX `red` one element of atomic_red_view_tko becomes (lower_atomic.c): text
 * "red.<sem>.<scope>.global.<op>.<type> [$0], $1;", its constraints, the element type and the type
 * of the asm operand (16-bit floats as i16). atomic_red_asm reports a bad mode/ordering itself. */
typedef struct ct_red_asm {
  char text[96];
  char constraints[32];
  MlirType t, reg;
} ct_red_asm;
bool atomic_red_asm(ct_lower *L, MlirOperation op, const char *name, ct_elem e, ct_red_asm *out);
/* The multimem.ld_reduce / red / st of a multimem view op on elements of type e (lower_atomic.c). */
bool multimem_asm(ct_lower *L, MlirOperation op, const char *name, ct_elem e, ct_red_asm *out);
void emit_red(ct_lower *L, const ct_red_asm *r, MlirValue addr, MlirValue val);
int lower_control_op(ct_lower *L, MlirOperation op, const char *name);
/* Before the kernel's return: the CTA barrier, then thread 0 frees every `alloca global` buffer
 * (lower_kernel.c; nothing when the kernel has none). */
void alloca_global_at_return(ct_lower *L);
int lower_shape_op(ct_lower *L, MlirOperation op, const char *name);
int lower_reduce_op(ct_lower *L, MlirOperation op, const char *name);
int lower_mma_op(ct_lower *L, MlirOperation op, const char *name);
/* The bits of an f8 value exactly representable in e (f8E4M3FN / f8E5M2): constants, globals. */
int64_t lower_f8_bits(double v, ct_elem e);
/* tf32 and the code types are storage types (elem_llvm_type: f32 / i8): element e is one? */
bool lower_is_storage_elem(ct_elem e);
/* A storage float held as its code in a byte (lower_f8_bits encodes it): f8E4M3FN, f8E5M2,
 * f8E8M0FNU, f4E2M1FN. */
bool lower_is_code_elem(ct_elem e);
/* A storage-type value (tf32 / fp8 of element type e) as f32, and an f32 rounded to e (ftof). */
MlirValue lower_storage_to_f32(ct_lower *L, MlirValue v, ct_elem e);
MlirValue lower_f32_to_storage(ct_lower *L, MlirValue v, ct_elem e);
/* Elementwise lowering of one scalar op on scalars (used by reduce combiners too). */
bool lower_scalar_op(ct_lower *L, MlirOperation op, const char *name, const MlirValue *in, MlirValue *out);
/* ---- lower_debuginfo.c: --lineinfo ---- */
/* The location of kernel `name`'s llvm.func: its subprogram around the entry's first source position
 * (sets L->di_sp), or the entry's location when line information is off or there is no position. */
MlirLocation lower_debuginfo_kernel(ct_lower *L, MlirOperation entry, MlirStringRef name);
/* The location ops lowered from an op at `loc` carry (loc itself when line information is off). */
MlirLocation lower_debuginfo_loc(ct_lower *L, MlirLocation loc);
/* ---- lower_device_tmap.c: the self-contained ABI's tensor maps, built on the device ---- */
int device_tmaps_count(const ct_lower *L);          /* maps the kernel builds (0: host-built / none) */
int64_t device_tmaps_smem_bytes(const ct_lower *L); /* shared bytes to stage them (and the slot word) */
/* Kernel start, before the prologue's CTA barrier: claim a slot, build the maps (warp 0). */
void device_tmaps_prologue(ct_lower *L, int64_t staging_off);
MlirValue device_tmaps_at(ct_lower *L, MlirValue slot); /* generic pointer to slot's first map */
/* fence.proxy.tensormap::generic.acquire of every map at `maps` (+ the ptxas workaround). */
void device_tmaps_acquire(ct_lower *L, MlirValue maps);
/* Before a `return`: thread 0 releases the slot (after its TMA stores completed). */
void device_tmaps_at_return(ct_lower *L);
/* The tensor map of TMA param `param` (a pipe's or the store's): device-built or the kernel parameter. */
MlirValue hopper_tmap(ct_lower *L, int param);
/* ---- lower_ws_producer.c: the agents of a warp-specialised loop whose producer replays its slice ---- */
/* After the prologue: the producer warpgroup's branch (its issuing thread runs the producer slice,
 * the loop as its fill loop) and the consumers' setmaxnreg; the caller lowers the body for them. */
bool ws_replay_dispatch(ct_lower *L, MlirBlock body);
/* In producer mode (L->ws_slice): LOWER_DONE for an op it emitted or skips, LOWER_NOT_MINE for one
 * lowered as usual (the slice, the control flow around the loop, terminators). */
int lower_ws_producer_op(ct_lower *L, MlirOperation op, const char *name);
/* ---- lower_hopper_loop.c (the plan: tileas/hopper_plan.h) ---- */
/* Warp specialization's split of the CTA: threads from L->nthreads on (the producer warpgroup) give
 * registers back (setmaxnreg.dec); its first thread continues in the current block (after acquiring
 * device-built tensor maps), the other producer threads branch to *leave (left open for the caller),
 * the consumers to *consumer; hopper_ws_consumers then continues there: setmaxnreg.inc, and every
 * later CTA barrier is named barrier 1 over the consumer threads. */
void hopper_ws_split(ct_lower *L, MlirBlock *consumer, MlirBlock *leave);
void hopper_ws_consumers(ct_lower *L, MlirBlock consumer);
/* The producer's fill loop over this execution's E->trip iterations, exiting to `done`: fill j is
 * global fill g = base + j (hopper_ring_pos); from g = S on it waits for phase g/S - 1 of
 * empty[g % S], then arrive.expect_tx + the TMA boxes into stage g % S. */
void hopper_fill_loop(ct_lower *L, MlirBlock done);
/* Kernel start: the SMEM ring and its mbarriers (reserves L->smem_reserved). */
void hopper_kernel_prologue(ct_lower *L);
/* The planned ops (pipe loads, their permutes, mmaf → wgmma, the TMA store); LOWER_NOT_MINE else. */
int lower_hopper_op(ct_lower *L, MlirOperation op, const char *name);
/* The planned loop (L->hopper->for_op), called by the ordinary `for` lowering: before its header
 * (ring prologue), at the start of the body (stages/parities of this iteration), at its exit. */
void hopper_loop_begin(ct_lower *L, MlirValue lb, MlirValue ub, MlirValue step);
void hopper_loop_body_begin(ct_lower *L, MlirValue iv);
void hopper_loop_end(ct_lower *L);
/* The loop results whose wgmma groups (tcgen05: whose TMEM accumulator, kept or rescaled there
 * across iterations) are still in flight when the loop exits (their count, up to cap; 0: none;
 * mmas[i]: the plan's mmaf of results[i]), and the wait for them (wgmma.wait_group 0) with every
 * accumulator register passed through. */
int hopper_in_flight_results(ct_lower *L, int *results, int *mmas, int cap);
void hopper_wait_in_flight(ct_lower *L, MlirValue *regs, int n);
/* Small emitters shared by lower_hopper_loop.c and lower_hopper_store.c: thread 0's `if` (open
 * returns the join block and leaves the builder in the then block), bar.warp.sync (re-converges
 * warp 0 before the next .aligned op), and the !llvm.ptr<3> at byte offset `off` (i32) from the
 * 1024-aligned ring start. */
MlirValue hopper_is_thread0(ct_lower *L);
MlirBlock hopper_open_if(ct_lower *L, MlirValue cond);
void hopper_close_if(ct_lower *L, MlirBlock join);
void hopper_warp_sync(ct_bld *b);
MlirValue hopper_ring_ptr(ct_lower *L, MlirValue off);
/* i32 bit field (v >> off) & ((1 << bits) - 1) (0 when bits is 0). */
MlirValue hopper_bit_field(ct_bld *b, MlirValue v, int off, int bits);
/* XOR of the 16-byte chunk bits with bits 7.. of a byte offset inside a TMA-swizzled box (the
 * swizzle span `swizzle` bytes; 0: none): ct_tma_swizzle_offset on run-time values. */
MlirValue hopper_swizzle(ct_bld *b, MlirValue off, int swizzle);
/* The ring's pieces shared with lower_tcgen05.c: mbarrier `which_off` + 8 * stage; the spin on
 * try_wait.parity; one thread's fill of pipe o's stage for iteration j (expect_tx + TMA boxes);
 * pipe o's current stage address (i32, shared window) and this iteration's stage / parity; a
 * matrix descriptor (start-address field of addr32 | desc_const); an asm `instr` through which
 * registers pass as tied operands (ordering every computation of them before it and every use after). */
struct ct_hopper_pipe;
MlirValue hopper_bar_ptr(ct_lower *L, int64_t which_off, MlirValue stage);
void hopper_spin_wait(ct_lower *L, MlirValue bar, MlirValue parity);
void hopper_issue(ct_lower *L, const struct ct_hopper_pipe *o, MlirValue stage, MlirValue j);
MlirValue hopper_stage_addr(ct_lower *L, const struct ct_hopper_pipe *o);
MlirValue hopper_stage_of(ct_lower *L, const struct ct_hopper_pipe *o);
MlirValue hopper_phase_of(ct_lower *L, const struct ct_hopper_pipe *o);
/* Stage and parity (NULL: not wanted) of pipe o at iteration j of this execution of the loop (its
 * global index, for a nested loop); hopper_ring_state_ptr: word `which` of a nested loop's counters. */
void hopper_ring_pos(ct_lower *L, const struct ct_hopper_pipe *o, MlirValue j, MlirValue *stage, MlirValue *parity);
MlirValue hopper_ring_state_ptr(ct_lower *L, int which);
/* Iteration j's global index: base + j for a nested loop, else j. */
MlirValue hopper_global_iter(ct_lower *L, MlirValue j);
/* The accumulator layout of planned mmaf mm: wgmma's D fragment or (tcgen05) the tcgen05.ld
 * layout, a batched one's batch bits above the 2-D layout's registers. */
struct ct_hopper_mma;
bool hopper_mma_acc_layout(ct_layout *out, const struct ct_hopper_mma *mm, bool tcgen05, int nwarps);
MlirValue hopper_desc_at(ct_bld *b, MlirValue addr32, uint64_t desc_const);
/* Thread 0's refill of pipe o's stage `stage` (read in iteration rel, whose empty phase has parity
 * `parity`) for iteration rel + S, when that iteration exists: wait for the phase, then the fill. */
void hopper_refill(ct_lower *L, const struct ct_hopper_pipe *o, MlirValue rel, MlirValue stage, MlirValue parity);
/* An mma operand staged from registers (hopper_plan.c plan_staging): every thread writes its
 * registers of operand `operand` of op (K is tile dim kdim) K-major and swizzled into slot
 * kt % slots (rows of K bytes, as a TMA box of g's swizzle would lay them out); returns the slot's
 * offset from the ring start (i32), or NULL after an error; a thread's run of consecutive K in its
 * registers is one store of up to 16 bytes. hopper_staged_to_async: fence.proxy.async and the CTA
 * barrier that hand the slots to the tensor cores. */
struct ct_wgmma_operand_geom;
MlirValue hopper_stage_operand(ct_lower *L, MlirOperation op, int operand, int kdim, int slots, int64_t stage_off,
                               int64_t slot_bytes, const struct ct_wgmma_operand_geom *g);
void hopper_staged_to_async(ct_bld *b);
/* Is v an llvm.mlir.constant zero (integer 0, float +-0)? */
bool hopper_is_zero_const(MlirValue v);
void hopper_through_asm(ct_bld *b, const char *instr, const char *intrinsic, int64_t arg, MlirValue *v, int nv, MlirValue *w,
                        int nw);
/* ---- lower_tcgen05.c: the Blackwell form of the plan (L->hopper->tcgen05) ---- */
/* After the mbarrier init: TMEM allocation by warp 0, the CTA barrier, the TMEM address read back. */
void tcgen05_kernel_prologue(ct_lower *L);
/* tcgen05.fence::before_thread_sync, CTA barrier, fence::after_thread_sync. */
void tcgen05_fenced_barrier(ct_lower *L);
/* The planned mmaf: thread 0 waits for its stages, issues the tcgen05.mma k steps, commits the
 * stages and refills the previous iteration's. */
int lower_tcgen05_mma(ct_lower *L, MlirOperation op, int idx);
/* Do the loop's in-flight accumulators (hopper_in_flight_results) live in TMEM for the whole loop
 * (the tcgen05 form)? */
bool hopper_acc_in_tmem(ct_lower *L);
/* Their read-back after the loop: one commit and wait (rescaled ones: the wait for the last
 * iteration's commit), then every thread's tcgen05.ld of the n accumulators of mmaf mmas[i]
 * (out[i]: of types[i] in layouts[i], which must be the tcgen05.ld layout); false after an error
 * (out[] then hold undefined registers). */
bool tcgen05_read_accumulators(ct_lower *L, MlirOperation loop, int n, const int *mmas, struct ct_lv **out,
                               const ct_type *const *types, const ct_layout *const *layouts);
/* Their initial values that are not zero constants (acc_from_registers of mmaf mmas[i]): stored
 * into TMEM before the loop (inits[i] in the tcgen05 layout), then one CTA barrier; false after an
 * error. */
bool tcgen05_store_accumulators(ct_lower *L, MlirOperation loop, int n, const int *mmas, struct ct_lv *const *inits);
/* The `mulf` that rescales mmaf idx's accumulator in TMEM (ct_hopper_mma.tmem_rescaled): its
 * index, or -1. */
int tcgen05_rescale_of(const struct ct_hopper_plan *p, MlirOperation op);
/* Its lowering: every thread waits for the previous iteration's MMAs, then per chunk of columns
 * tcgen05.ld, multiply by the scale, tcgen05.st; tcgen05.wait::st and fence::before_thread_sync
 * (the next CTA barrier orders the stores before the MMA thread's MMAs). */
int lower_tcgen05_rescale(ct_lower *L, MlirOperation op, int idx);
/* Before the kernel's return: every thread is done with TMEM, warp 0 frees it. */
void tcgen05_at_return(ct_lower *L);
/* The wgmma accumulator layout of a planned mmaf's result (NULL when not planned). */
const ct_layout *hopper_result_layout(ct_lower *L, MlirOperation mmaf);
/* lower_hopper_store.c: the planned TMA store epilogue (L->hopper->st.store), and the deferred
 * cp.async.bulk.wait_group.read emitted before the kernel's return (no-op otherwise). */
int lower_hopper_store(ct_lower *L, MlirOperation op);
void hopper_store_at_return(ct_lower *L);
/* lower_hopper_loop.c: before the kernel's return, a wait for every load before the loops that no
 * wait surely covered (the plan's wait_at_return: its readers sit inside `if`s or other loops). */
void hopper_loads_at_return(ct_lower *L);
/* A bulk plan's tileas.consume: wait for the pipe's TMA load (a ring's: this iteration's stage),
 * read the tile into registers. */
int lower_bulk_consume(ct_lower *L, MlirOperation op);
/* A bulk plan's tileas.release: a ring's stage is released (every thread's arrive on its empty
 * mbarrier) and refilled by thread 0 for the iteration S ahead; a one-shot pipe's binds nothing. */
int lower_bulk_release(ct_lower *L, MlirOperation op);
/* Layout the result of an mmaf producing `t` would get (for loop-carried accumulators). */
const ct_layout *mma_result_layout(ct_lower *L, MlirOperation mmaf);
#endif

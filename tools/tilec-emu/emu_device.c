/* emu_device.c - the device side of tilec's CPU emulator (docs/emulator.md): compiled into every
 * kernel module that tilec-emu-build makes from tilec's LLVM IR, it gives the module's kernels a
 * CTA of host threads and implements the NVVM intrinsics and inline-asm instructions the
 * rewritten IR calls (llvm.nvvm.X becomes tilec_emu_X, dots as underscores; an inline-asm
 * instruction `op.a.b` becomes tilec_emu_asm_op_a_b).
 * Algorithm: tilec_emu_launch runs the grid's CTAs one after another; a CTA is block_x * block_y *
 * block_z POSIX threads, each with its thread-local %tid / %ctaid, started together and joined.
 * Shared memory is the module's one tilec_emu_smem array (one CTA runs at a time), filled with
 * 0xA5 before each CTA so that a read before any write shows. bar.sync is a generation-counting
 * barrier over the CTA's threads (or the named barrier's thread count); shfl.sync and
 * bar.warp.sync use one such barrier per warp: every lane publishes its value, waits, reads its
 * source lane (the PTX ISA's rule, segment mask and clamp included), waits again. A thread that
 * waits at a barrier longer than TILEC_EMU_TIMEOUT seconds (default 60) ends the process with
 * "deadlock" and where it waited: a barrier some threads never reach hangs a GPU too.
 * What it checks is the LLVM IR tilec emits (the lowering's semantics), not the NVPTX backend or
 * ptxas; approximate instructions (ex2.approx, ...) are computed exactly.
 * Knobs: env TILEC_EMU_TIMEOUT (seconds). */
#define _GNU_SOURCE
#include <errno.h>
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sched.h>

#include "emu_tmap.h"

#define EMU_EXPORT __attribute__((visibility("default")))

/* Provided by the rewritten module (tilec-emu-build). */
extern unsigned char tilec_emu_smem[];
extern const uint64_t tilec_emu_smem_bytes;

typedef struct {
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  unsigned arrived, generation;
} emu_barrier;

typedef struct {
  emu_barrier sync;
  unsigned lanes; /* threads in this warp (the last warp of an odd block may be partial) */
  uint64_t value[32];
} emu_warp;

enum { EMU_NAMED_BARRIERS = 16, EMU_MAX_THREADS = 1024 };

typedef struct {
  unsigned ctaid[3];
  unsigned nthreads;
  emu_barrier named[EMU_NAMED_BARRIERS];
  emu_warp warp[EMU_MAX_THREADS / 32];
  emu_barrier group_sync[EMU_MAX_THREADS / 128]; /* warpgroup collectives (wgmma) */
  uint64_t group_value[EMU_MAX_THREADS];
  uint32_t tmem[128][512]; /* tensor memory: 128 lanes x 512 32-bit columns (tcgen05) */
  uint32_t tmem_next;      /* the next free column (tcgen05.alloc: a bump allocator) */
  /* tcgen05.mma deferred to the first observed completion of a commit after it (below) */
  pthread_mutex_t tc_lock;
  struct emu_tc_mma *tc_mma;
  size_t tc_nmma, tc_mma_cap, tc_executed;
  struct emu_tc_commit *tc_commit;
  size_t tc_ncommit, tc_commit_cap, tc_delivered;
} emu_cta;

typedef struct {
  void (*entry)(void **);
  void **params;
  emu_cta *cta;
  unsigned tid[3], linear;
} emu_thread_arg;

static unsigned emu_ntid[3], emu_nctaid[3];
static double emu_timeout_s = 60;
static _Thread_local const emu_thread_arg *emu_self;
static void emu_shadow_reset(void); /* (the async-proxy shadow of shared memory, below) */
static void emu_inflight_reset(void); /* (wgmma groups in flight, below) */
static void emu_mbar_check_exit(const unsigned *ctaid); /* (mbarriers, below) */
static void emu_shadows_free(void);

static void emu_barrier_init(emu_barrier *b) {
  pthread_mutex_init(&b->mutex, NULL);
  pthread_cond_init(&b->cond, NULL);
  b->arrived = b->generation = 0;
}

static void emu_barrier_destroy(emu_barrier *b) {
  pthread_mutex_destroy(&b->mutex);
  pthread_cond_destroy(&b->cond);
}

static void emu_die(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  fprintf(stderr, "tilec-emu: CTA (%u,%u,%u) thread %u: ", emu_self ? emu_self->cta->ctaid[0] : 0,
          emu_self ? emu_self->cta->ctaid[1] : 0, emu_self ? emu_self->cta->ctaid[2] : 0,
          emu_self ? emu_self->linear : 0);
  vfprintf(stderr, format, ap);
  fputc('\n', stderr);
  va_end(ap);
  fflush(stderr);
  _exit(4);
}

/* Waits until `expected` threads have arrived at b (this one included). */
static void emu_barrier_wait(emu_barrier *b, unsigned expected, const char *what) {
  pthread_mutex_lock(&b->mutex);
  unsigned gen = b->generation;
  if (++b->arrived >= expected) {
    b->arrived = 0;
    b->generation++;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->mutex);
    return;
  }
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += (time_t)emu_timeout_s;
  while (gen == b->generation) {
    int rc = pthread_cond_timedwait(&b->cond, &b->mutex, &deadline);
    if (rc == ETIMEDOUT && gen == b->generation)
      emu_die("deadlock: waited %.0f s at %s (%u of %u threads arrived)", emu_timeout_s, what, b->arrived, expected);
  }
  pthread_mutex_unlock(&b->mutex);
}

static void *emu_thread_main(void *p) {
  emu_self = p;
  emu_self->entry(emu_self->params);
  return NULL;
}

/* Runs entry(params) over the grid; 0 on success, -1 (message printed) when the block is too big
 * or threads cannot be started. */
EMU_EXPORT int tilec_emu_launch(void (*entry)(void **), const unsigned grid[3], const unsigned block[3],
                                void **params) {
  const char *timeout = getenv("TILEC_EMU_TIMEOUT");
  if (timeout && atof(timeout) > 0) emu_timeout_s = atof(timeout);
  unsigned nthreads = block[0] * block[1] * block[2];
  if (nthreads == 0 || nthreads > EMU_MAX_THREADS) {
    fprintf(stderr, "tilec-emu: block of %u threads (1..%d)\n", nthreads, EMU_MAX_THREADS);
    return -1;
  }
  memcpy(emu_ntid, block, sizeof emu_ntid);
  memcpy(emu_nctaid, grid, sizeof emu_nctaid);
  emu_cta *cta = calloc(1, sizeof *cta);
  emu_thread_arg *args = calloc(nthreads, sizeof *args);
  pthread_t *threads = calloc(nthreads, sizeof *threads);
  if (!cta || !args || !threads) {
    free(cta), free(args), free(threads);
    fprintf(stderr, "tilec-emu: out of memory\n");
    return -1;
  }
  cta->nthreads = nthreads;
  pthread_mutex_init(&cta->tc_lock, NULL);
  for (unsigned i = 0; i < EMU_NAMED_BARRIERS; i++) emu_barrier_init(&cta->named[i]);
  for (unsigned g = 0; g < EMU_MAX_THREADS / 128; g++) emu_barrier_init(&cta->group_sync[g]);
  for (unsigned w = 0; w < (nthreads + 31) / 32; w++) {
    emu_barrier_init(&cta->warp[w].sync);
    cta->warp[w].lanes = nthreads - w * 32 < 32 ? nthreads - w * 32 : 32;
  }
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1u << 20);
  int status = 0;
  for (unsigned z = 0; z < grid[2] && !status; z++)
    for (unsigned y = 0; y < grid[1] && !status; y++)
      for (unsigned x = 0; x < grid[0] && !status; x++) {
        cta->ctaid[0] = x, cta->ctaid[1] = y, cta->ctaid[2] = z;
        memset(tilec_emu_smem, 0xA5, tilec_emu_smem_bytes);
        emu_shadow_reset();
        emu_inflight_reset();
        memset(cta->tmem, 0xFF, sizeof cta->tmem); /* NaN: an accumulator read before any write shows */
        cta->tmem_next = 0;
        cta->tc_nmma = cta->tc_executed = cta->tc_ncommit = cta->tc_delivered = 0;
        unsigned started = 0;
        for (unsigned t = 0; t < nthreads; t++) {
          emu_thread_arg *a = &args[t];
          a->entry = entry, a->params = params, a->cta = cta, a->linear = t;
          a->tid[0] = t % block[0], a->tid[1] = t / block[0] % block[1], a->tid[2] = t / (block[0] * block[1]);
          if (pthread_create(&threads[t], &attr, emu_thread_main, a)) {
            fprintf(stderr, "tilec-emu: cannot start thread %u of CTA (%u,%u,%u)\n", t, x, y, z);
            status = -1;
            break;
          }
          started++;
        }
        /* (a partial start would leave the started threads waiting at their first barrier) */
        if (status) _exit(4);
        for (unsigned t = 0; t < started; t++) pthread_join(threads[t], NULL);
        emu_mbar_check_exit(cta->ctaid);
      }
  pthread_attr_destroy(&attr);
  for (unsigned i = 0; i < EMU_NAMED_BARRIERS; i++) emu_barrier_destroy(&cta->named[i]);
  for (unsigned w = 0; w < (nthreads + 31) / 32; w++) emu_barrier_destroy(&cta->warp[w].sync);
  for (unsigned g = 0; g < EMU_MAX_THREADS / 128; g++) emu_barrier_destroy(&cta->group_sync[g]);
  pthread_mutex_destroy(&cta->tc_lock);
  free(cta->tc_mma), free(cta->tc_commit);
  free(cta), free(args), free(threads);
  emu_shadows_free(); /* (the module may be unloaded after the launch: nothing may outlive it) */
  return status;
}

/* --- special registers ------------------------------------------------------------------- */
#define SREG(name, expr) \
  EMU_EXPORT unsigned tilec_emu_read_ptx_sreg_##name(void) { return (expr); }
SREG(tid_x, emu_self->tid[0])
SREG(tid_y, emu_self->tid[1])
SREG(tid_z, emu_self->tid[2])
SREG(ntid_x, emu_ntid[0])
SREG(ntid_y, emu_ntid[1])
SREG(ntid_z, emu_ntid[2])
SREG(ctaid_x, emu_self->cta->ctaid[0])
SREG(ctaid_y, emu_self->cta->ctaid[1])
SREG(ctaid_z, emu_self->cta->ctaid[2])
SREG(nctaid_x, emu_nctaid[0])
SREG(nctaid_y, emu_nctaid[1])
SREG(nctaid_z, emu_nctaid[2])
SREG(laneid, emu_self->linear % 32)
SREG(warpid, emu_self->linear / 32)
SREG(smid, 0)
#undef SREG

/* --- barriers ---------------------------------------------------------------------------- */
static void emu_bar_sync(unsigned id, unsigned count) {
  if (id >= EMU_NAMED_BARRIERS) emu_die("bar.sync %u: barrier ids are 0..15", id);
  char what[64];
  snprintf(what, sizeof what, "bar.sync %u", id);
  emu_barrier_wait(&emu_self->cta->named[id], count, what);
}
EMU_EXPORT void tilec_emu_barrier0(void) { emu_bar_sync(0, emu_self->cta->nthreads); }
EMU_EXPORT void tilec_emu_barrier_cta_sync_aligned_all(unsigned id) { emu_bar_sync(id, emu_self->cta->nthreads); }
EMU_EXPORT void tilec_emu_barrier_cta_sync_all(unsigned id) { emu_bar_sync(id, emu_self->cta->nthreads); }
EMU_EXPORT void tilec_emu_barrier_cta_sync_aligned_count(unsigned id, unsigned count) { emu_bar_sync(id, count); }
EMU_EXPORT void tilec_emu_barrier_cta_sync_count(unsigned id, unsigned count) { emu_bar_sync(id, count); }

static emu_warp *emu_my_warp(uint32_t mask, const char *what) {
  emu_warp *w = &emu_self->cta->warp[emu_self->linear / 32];
  uint32_t full = w->lanes == 32 ? 0xFFFFFFFFu : (1u << w->lanes) - 1;
  if ((mask & full) != full)
    emu_die("%s with member mask 0x%08x: the emulator runs full-warp exchanges only", what, mask);
  return w;
}

EMU_EXPORT void tilec_emu_bar_warp_sync(uint32_t mask) {
  emu_warp *w = emu_my_warp(mask, "bar.warp.sync");
  emu_barrier_wait(&w->sync, w->lanes, "bar.warp.sync");
}

/* shfl.sync: the PTX ISA's source-lane rule. mode 0 up, 1 down, 2 bfly, 3 idx. */
static uint64_t emu_shfl(int mode, uint32_t mask, uint64_t v, uint32_t b, uint32_t c, const char *what) {
  emu_warp *w = emu_my_warp(mask, what);
  unsigned lane = emu_self->linear % 32;
  w->value[lane] = v;
  emu_barrier_wait(&w->sync, w->lanes, what);
  uint32_t segmask = (c >> 8) & 31, cval = c & 31;
  uint32_t min_lane = lane & segmask, max_lane = min_lane | (cval & ~segmask);
  int j = (int)lane, ok;
  switch (mode) {
  case 0: j = (int)lane - (int)b; ok = j >= (int)max_lane; break;
  case 1: j = (int)lane + (int)b; ok = j <= (int)max_lane; break;
  case 2: j = (int)(lane ^ b); ok = j <= (int)max_lane; break;
  default: j = (int)(min_lane | (b & ~segmask)); ok = j <= (int)max_lane; break;
  }
  if (!ok || j < 0 || j >= (int)w->lanes) j = (int)lane;
  uint64_t r = w->value[j];
  emu_barrier_wait(&w->sync, w->lanes, what);
  return r;
}

#define SHFL(mode_name, mode)                                                                            \
  EMU_EXPORT uint32_t tilec_emu_shfl_sync_##mode_name##_i32(uint32_t mask, uint32_t v, uint32_t b, uint32_t c) { \
    return (uint32_t)emu_shfl(mode, mask, v, b, c, "shfl.sync." #mode_name);                            \
  }                                                                                                      \
  EMU_EXPORT float tilec_emu_shfl_sync_##mode_name##_f32(uint32_t mask, float v, uint32_t b, uint32_t c) { \
    uint32_t bits;                                                                                       \
    memcpy(&bits, &v, 4);                                                                                \
    bits = (uint32_t)emu_shfl(mode, mask, bits, b, c, "shfl.sync." #mode_name);                         \
    memcpy(&v, &bits, 4);                                                                                \
    return v;                                                                                            \
  }
SHFL(up, 0)
SHFL(down, 1)
SHFL(bfly, 2)
SHFL(idx, 3)
#undef SHFL

/* A warp-collective exchange of one 64-bit word per lane: publishes mine, waits, runs `body` (which
 * may read every lane's word from w->value), waits again (so no lane overwrites its word early). */
static emu_warp *emu_warp_publish(uint64_t mine, const char *what) {
  emu_warp *w = emu_my_warp(0xFFFFFFFFu, what);
  if (w->lanes != 32) emu_die("%s in a partial warp", what);
  w->value[emu_self->linear % 32] = mine;
  emu_barrier_wait(&w->sync, 32, what);
  return w;
}
static void emu_warp_done(emu_warp *w, const char *what) { emu_barrier_wait(&w->sync, 32, what); }

/* ldmatrix.sync.aligned.m8n8.x{num}[.trans].shared.b16: lane 8i + r gives the address of row r of
 * matrix i; lane l receives, for each matrix i, elements (l / 4, 2 (l % 4) + {0, 1}) (.trans: the
 * transposed positions (2 (l % 4) + {0, 1}, l / 4)), the first in the low half. A 32-bit address
 * (ptrtoint + trunc of a shared pointer) gets tilec_emu_smem's upper 32 bits back. */
EMU_EXPORT void tilec_emu_ldmatrix(uint64_t addr, uint32_t offset, uint32_t num, uint32_t trans, uint32_t *out) {
  if (addr >> 32 == 0) addr |= (uint64_t)(uintptr_t)tilec_emu_smem & ~(uint64_t)0xFFFFFFFFu;
  emu_warp *w = emu_warp_publish(addr + offset, "ldmatrix");
  unsigned lane = emu_self->linear % 32;
  for (uint32_t i = 0; i < num; i++) {
    uint16_t e[2];
    for (int j = 0; j < 2; j++) {
      unsigned row = trans ? 2 * (lane % 4) + j : lane / 4, col = trans ? lane / 4 : 2 * (lane % 4) + j;
      memcpy(&e[j], (const void *)(uintptr_t)(w->value[8 * i + row] + 2 * col), 2);
    }
    out[i] = (uint32_t)e[0] | (uint32_t)e[1] << 16;
  }
  emu_warp_done(w, "ldmatrix");
}

/* element / accumulator types of tilec_emu_mma (tilec-emu-build's MMA_TYPES) */
enum { EMU_F16, EMU_BF16, EMU_TF32, EMU_S8, EMU_U8, EMU_E4M3, EMU_E5M2, EMU_F32, EMU_S32 };
static float emu_fp8_to_float(uint8_t c, int e4m3);
static double emu_elem(const uint8_t *reg, int type, int j) {
  switch (type) {
  case EMU_F16: {
    _Float16 h;
    memcpy(&h, reg + 2 * j, 2);
    return (double)h;
  }
  case EMU_BF16: {
    uint16_t h;
    memcpy(&h, reg + 2 * j, 2);
    uint32_t b = (uint32_t)h << 16;
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  case EMU_TF32: {
    uint32_t b;
    memcpy(&b, reg, 4);
    b &= 0xFFFFE000u; /* the tensor core reads a tf32's 19 bits */
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  case EMU_S8: return (int8_t)reg[j];
  case EMU_U8: return reg[j];
  case EMU_E4M3: return emu_fp8_to_float(reg[j], 1);
  default: return emu_fp8_to_float(reg[j], 0);
  }
}

/* Accumulator element i of packed D registers: f16 (two per 32-bit register), s32 (iacc, wrapping)
 * or f32, rounded once from the double sum. */
static void emu_acc_store(uint8_t *out, int type, int i, double acc, int64_t iacc) {
  if (type == EMU_F16) {
    _Float16 h = (_Float16)(float)acc;
    memcpy(out + 2 * i, &h, 2);
  } else if (type == EMU_S32) {
    int32_t v = (int32_t)(uint32_t)(uint64_t)iacc;
    memcpy(out + 4 * i, &v, 4);
  } else {
    float v = (float)acc;
    memcpy(out + 4 * i, &v, 4);
  }
}

/* mma.sync.aligned.m16n8kK.row.col: A (4 registers), B (2) and C (4 x 32-bit, or 2 x f16x2) of each
 * lane at `in` (4 bytes each), D to `out`. Fragments as the PTX ISA lays them out: with g = lane / 4,
 * t = lane % 4 and e elements per 32-bit register, A register r element j is (g + 8 (r & 1),
 * t e + j + K/2 (r >> 1)), B register r element j is (t e + j + K/2 r, g), C / D element i is
 * (g + 8 (i >> 1), 2 t + (i & 1)). Products summed in double from C, in k order, rounded once. */
EMU_EXPORT void tilec_emu_mma(const uint8_t *in, uint8_t *out, int k, int ta, int tb, int tcd) {
  emu_warp *w = emu_warp_publish((uint64_t)(uintptr_t)in, "mma.sync");
  unsigned lane = emu_self->linear % 32, g = lane / 4, t = lane % 4;
  int ea = ta == EMU_TF32 ? 1 : ta <= EMU_BF16 ? 2 : 4, eb = tb == EMU_TF32 ? 1 : tb <= EMU_BF16 ? 2 : 4;
  int half_k = k / 2;
  for (int i = 0; i < 4; i++) {
    unsigned row = g + 8 * (i >> 1), col = 2 * t + (i & 1);
    double acc;
    if (tcd == EMU_F16) {
      _Float16 h;
      memcpy(&h, in + 24 + 2 * i, 2);
      acc = (double)h;
    } else if (tcd == EMU_S32) {
      int32_t v;
      memcpy(&v, in + 24 + 4 * i, 4);
      acc = v;
    } else {
      float v;
      memcpy(&v, in + 24 + 4 * i, 4);
      acc = v;
    }
    int64_t iacc = (int64_t)acc;
    for (int kk = 0; kk < k; kk++) {
      /* A[row][kk]: lane g' * 4 + t' with g' = row % 8, register (row / 8) + 2 (kk / (K/2)) */
      unsigned ta_lane = (row % 8) * 4 + (unsigned)((kk % half_k) / ea);
      const uint8_t *areg = (const uint8_t *)(uintptr_t)w->value[ta_lane] + 4 * ((row / 8) + 2 * (kk / half_k));
      unsigned tb_lane = col * 4 + (unsigned)((kk % half_k) / eb);
      const uint8_t *breg = (const uint8_t *)(uintptr_t)w->value[tb_lane] + 16 + 4 * (kk / half_k);
      double a = emu_elem(areg, ta, kk % ea), b = emu_elem(breg, tb, kk % eb);
      if (tcd == EMU_S32) iacc += (int64_t)a * (int64_t)b;
      else acc += a * b;
    }
    emu_acc_store(out, tcd, i, acc, iacc);
  }
  emu_warp_done(w, "mma.sync");
}

/* --- mbarriers (the 8-byte object in shared memory: expected and pending arrivals, pending
 * transaction bytes, phase), all under one lock -------------------------------------------
 * A phase that transaction bytes (a TMA load's) completed and that no thread's wait has observed
 * yet is `unseen`: on the GPU the copy may still be landing when the CTA exits, writing shared
 * memory the next CTA on the SM owns. A CTA that ends with an unseen phase on any mbarrier it
 * initialised fails the run (emu_mbar_check_exit; emu_mbar_inited marks the 8-byte words that
 * mbarrier.init made, a st.shared over one unmarks it). */
typedef struct {
  uint16_t expected, pending;
  int32_t tx : 29;
  uint32_t had_tx : 1; /* the current phase expects transaction bytes */
  uint32_t unseen : 1; /* the last completed phase had transaction bytes and no wait observed it */
  uint32_t phase : 1;
} emu_mbar;
_Static_assert(sizeof(emu_mbar) == 8, "an mbarrier is 8 bytes");
static pthread_mutex_t emu_mbar_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned char *emu_mbar_inited; /* one byte per 8-byte word of shared memory */

static void emu_mbar_check(emu_mbar *m) {
  if (m->pending == 0 && m->tx == 0) {
    m->phase ^= 1;
    m->pending = m->expected;
    m->unseen = m->had_tx;
    m->had_tx = 0;
  }
}
static void emu_mbar_mark(const void *m, int inited) {
  uint64_t at = (uint64_t)((const unsigned char *)m - tilec_emu_smem);
  if (emu_mbar_inited && at < tilec_emu_smem_bytes) emu_mbar_inited[at / 8] = (unsigned char)inited;
}
EMU_EXPORT void tilec_emu_mbarrier_init_shared(emu_mbar *m, uint32_t count) {
  pthread_mutex_lock(&emu_mbar_lock);
  m->expected = m->pending = (uint16_t)count;
  m->tx = 0;
  m->had_tx = m->unseen = 0;
  m->phase = 0;
  emu_mbar_mark(m, 1);
  pthread_mutex_unlock(&emu_mbar_lock);
}
EMU_EXPORT void tilec_emu_mbarrier_init(emu_mbar *m, uint32_t count) { tilec_emu_mbarrier_init_shared(m, count); }
static void emu_mbar_check_exit(const unsigned *ctaid) {
  for (uint64_t w = 0; w < tilec_emu_smem_bytes / 8; w++) {
    if (!emu_mbar_inited[w]) continue;
    const emu_mbar *m = (const emu_mbar *)(tilec_emu_smem + 8 * w);
    if (!m->unseen && !m->had_tx) continue;
    fprintf(stderr, "tilec-emu: CTA (%u,%u,%u) exited with the mbarrier at shared +%llu %s: a TMA load into shared "
            "memory may still be landing (wait for every fill before the CTA exits)\n", ctaid[0], ctaid[1], ctaid[2],
            (unsigned long long)(8 * w), m->unseen ? "completing a phase no thread waited for" : "expecting transaction bytes");
    fflush(stderr);
    _exit(4);
  }
}
static uint64_t emu_mbar_arrive(emu_mbar *m, int32_t tx, uint32_t count) {
  pthread_mutex_lock(&emu_mbar_lock);
  uint64_t token = m->phase;
  if (m->pending < count) emu_die("mbarrier: more arrivals than its count %u", m->expected);
  m->tx += tx;
  if (tx) m->had_tx = 1;
  m->pending = (uint16_t)(m->pending - count);
  emu_mbar_check(m);
  pthread_mutex_unlock(&emu_mbar_lock);
  return token;
}
static void emu_mbar_complete_tx(emu_mbar *m, int32_t bytes) {
  pthread_mutex_lock(&emu_mbar_lock);
  m->tx -= bytes;
  emu_mbar_check(m);
  pthread_mutex_unlock(&emu_mbar_lock);
}
EMU_EXPORT uint64_t tilec_emu_mbarrier_arrive_shared(emu_mbar *m) { return emu_mbar_arrive(m, 0, 1); }
EMU_EXPORT uint64_t tilec_emu_mbarrier_arrive(emu_mbar *m) { return emu_mbar_arrive(m, 0, 1); }
EMU_EXPORT uint64_t tilec_emu_mbarrier_arrive_scope_cta_space_cta(emu_mbar *m, uint32_t count) {
  return emu_mbar_arrive(m, 0, count);
}
EMU_EXPORT uint64_t tilec_emu_mbarrier_arrive_expect_tx_scope_cta_space_cta(emu_mbar *m, uint32_t tx) {
  return emu_mbar_arrive(m, (int32_t)tx, 1);
}
EMU_EXPORT void tilec_emu_mbarrier_expect_tx_scope_cta_space_cta(emu_mbar *m, uint32_t tx) {
  pthread_mutex_lock(&emu_mbar_lock);
  m->tx += (int32_t)tx;
  if (tx) m->had_tx = 1;
  pthread_mutex_unlock(&emu_mbar_lock);
}
/* true once the phase of parity `parity` has completed (the current phase's parity differs) */
static void emu_tc_deliver(emu_mbar *m);
static _Bool emu_mbar_test_parity(emu_mbar *m, uint32_t parity) {
  emu_tc_deliver(m); /* tcgen05 commits to m complete now, at the latest (below) */
  pthread_mutex_lock(&emu_mbar_lock);
  _Bool done = m->phase != (parity & 1);
  if (done) m->unseen = 0; /* (the completed phase of that parity is the last one) */
  pthread_mutex_unlock(&emu_mbar_lock);
  if (!done) sched_yield();
  return done;
}
EMU_EXPORT _Bool tilec_emu_mbarrier_try_wait_parity_scope_cta_space_cta(emu_mbar *m, uint32_t parity) {
  return emu_mbar_test_parity(m, parity);
}
EMU_EXPORT _Bool tilec_emu_mbarrier_test_wait_parity_shared(emu_mbar *m, uint32_t parity) {
  return emu_mbar_test_parity(m, parity);
}
EMU_EXPORT _Bool tilec_emu_mbarrier_test_wait_shared(emu_mbar *m, uint64_t token) { return emu_mbar_test_parity(m, (uint32_t)token); }
EMU_EXPORT _Bool tilec_emu_mbarrier_try_wait_scope_cta_space_cta(emu_mbar *m, uint64_t token) {
  return emu_mbar_test_parity(m, (uint32_t)token);
}
EMU_EXPORT void tilec_emu_fence_mbarrier_init_release_cluster(void) {}
/* --- the async proxy's view of shared memory -------------------------------------------------------
 * A generic-proxy store to shared memory (st.shared; tilec-emu-build instruments every store through
 * an addrspace(3) pointer) is visible to the async proxy (wgmma / tcgen05.mma operand reads, TMA
 * store sources) only after the storing thread's fence.proxy.async. Per byte: the storing thread
 * (+1) and its fence count at the store; the byte is fenced once that thread's count has moved on.
 * An async read of an unfenced byte fails the run naming the reader, the byte and the writer. A TMA
 * load's write (async) makes its bytes clean. (Barriers between the fence and the read, which the
 * PTX memory model also needs for another thread's stores, are not checked.) */
static uint64_t *emu_smem_shadow;
static uint32_t emu_fences[EMU_MAX_THREADS];
static void emu_shadow_reset(void) {
  if (!emu_smem_shadow) emu_smem_shadow = calloc(tilec_emu_smem_bytes, sizeof *emu_smem_shadow);
  if (!emu_mbar_inited) emu_mbar_inited = calloc(tilec_emu_smem_bytes / 8 + 1, 1);
  if (!emu_smem_shadow || !emu_mbar_inited) emu_die("out of memory for the shared-memory shadow");
  memset(emu_smem_shadow, 0, tilec_emu_smem_bytes * sizeof *emu_smem_shadow);
  memset(emu_mbar_inited, 0, tilec_emu_smem_bytes / 8 + 1);
  memset(emu_fences, 0, sizeof emu_fences);
}
static int emu_in_smem(const unsigned char *p, uint64_t n) {
  return p >= tilec_emu_smem && p + n <= tilec_emu_smem + tilec_emu_smem_bytes;
}
static void emu_inflight_write(const unsigned char *p, uint64_t n, const char *who);
EMU_EXPORT void tilec_emu_smem_store(unsigned char *p, uint64_t n) {
  if (!emu_in_smem(p, n)) return;
  emu_inflight_write(p, n, "a st.shared");
  for (uint64_t w = (uint64_t)(p - tilec_emu_smem) / 8; w * 8 < (uint64_t)(p - tilec_emu_smem) + n; w++)
    emu_mbar_inited[w] = 0; /* (no longer an mbarrier) */
  uint32_t me = emu_self->linear;
  uint64_t mark = ((uint64_t)(me + 1) << 32) | __atomic_load_n(&emu_fences[me], __ATOMIC_RELAXED);
  for (uint64_t i = 0; i < n; i++) emu_smem_shadow[(p - tilec_emu_smem) + i] = mark;
}
static void emu_async_read(const unsigned char *p, uint64_t n, const char *what) {
  if (!emu_in_smem(p, n)) return;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t mark = emu_smem_shadow[(p - tilec_emu_smem) + i];
    if (!mark) continue;
    uint32_t writer = (uint32_t)(mark >> 32) - 1;
    if (__atomic_load_n(&emu_fences[writer], __ATOMIC_RELAXED) == (uint32_t)mark)
      emu_die("%s reads shared memory at +%llu that thread %u stored without a fence.proxy.async after the store "
              "(generic-proxy writes are not visible to the async proxy)", what,
              (unsigned long long)((p - tilec_emu_smem) + i), writer);
  }
}
static void emu_async_write(const unsigned char *p, uint64_t n) {
  if (emu_in_smem(p, n)) emu_inflight_write(p, n, "a TMA load");
  if (emu_in_smem(p, n)) memset(emu_smem_shadow + (p - tilec_emu_smem), 0, n * sizeof *emu_smem_shadow);
}
static void emu_fence_proxy_async(void) { __atomic_add_fetch(&emu_fences[emu_self->linear], 1, __ATOMIC_RELAXED); }
EMU_EXPORT void tilec_emu_fence_proxy_async_shared_cta(void) { emu_fence_proxy_async(); }
EMU_EXPORT void tilec_emu_fence_proxy_async(void) { emu_fence_proxy_async(); }
EMU_EXPORT void tilec_emu_cp_async_bulk_commit_group(void) {}
EMU_EXPORT void tilec_emu_cp_async_bulk_wait_group(uint32_t n) { (void)n; }
EMU_EXPORT void tilec_emu_cp_async_bulk_wait_group_read(uint32_t n) { (void)n; }

/* --- tensor maps built on the device: tensormap.replace in shared memory, cp_fenceproxy, acquire -- */
static emu_tmap *emu_tmap_staged(void *tm, const char *what) {
  if ((unsigned char *)tm < tilec_emu_smem || (unsigned char *)tm >= tilec_emu_smem + tilec_emu_smem_bytes)
    emu_die("%s: the map is not in shared memory (tilec builds maps in .shared::cta)", what);
  if ((uintptr_t)tm % 64) emu_die("%s: a tensor map must be 64-byte aligned", what);
  emu_tmap *t = tm;
  t->magic = EMU_TMAP_STAGED;
  return t;
}
static void emu_tmap_ord(uint32_t ord, const char *what) {
  if (ord > 4) emu_die("%s: dimension %u (0..4)", what, ord);
}
EMU_EXPORT void tilec_emu_tensormap_replace_global_address_p3(void *tm, uint64_t v) {
  emu_tmap_staged(tm, "tensormap.replace.global_address")->address = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_rank_p3(void *tm, uint32_t v) {
  if (v > 4) emu_die("tensormap.replace.rank %u: the value is rank - 1 (0..4)", v);
  emu_tmap_staged(tm, "tensormap.replace.rank")->rank = v + 1;
}
EMU_EXPORT void tilec_emu_tensormap_replace_box_dim_p3(void *tm, uint32_t ord, uint32_t v) {
  emu_tmap_ord(ord, "tensormap.replace.box_dim");
  if (v < 1 || v > 256) emu_die("tensormap.replace.box_dim %u: box extents are 1..256", v);
  emu_tmap_staged(tm, "tensormap.replace.box_dim")->box[ord] = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_global_dim_p3(void *tm, uint32_t ord, uint32_t v) {
  emu_tmap_ord(ord, "tensormap.replace.global_dim");
  emu_tmap_staged(tm, "tensormap.replace.global_dim")->dims[ord] = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_global_stride_p3(void *tm, uint32_t ord, uint64_t v) {
  if (ord > 3) emu_die("tensormap.replace.global_stride: ordinal %u (0..3: dims 1..4)", ord);
  if (v % 16 || v >= (1ull << 40)) emu_die("tensormap.replace.global_stride %llu: a multiple of 16 below 2^40", (unsigned long long)v);
  emu_tmap_staged(tm, "tensormap.replace.global_stride")->strides[ord] = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_element_stride_p3(void *tm, uint32_t ord, uint32_t v) {
  emu_tmap_ord(ord, "tensormap.replace.element_stride");
  emu_tmap_staged(tm, "tensormap.replace.element_stride")->elem_strides[ord] = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_elemtype_p3(void *tm, uint32_t v) {
  /* PTX elemtype codes: u8 u16 u32 s32 u64 s64 f16 f32 f32.ftz f64 bf16 tf32 tf32.ftz */
  static const uint32_t bytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 4, 8, 2, 4, 4};
  if (v >= sizeof bytes / sizeof bytes[0]) emu_die("tensormap.replace.elemtype %u is not emulated", v);
  emu_tmap *t = emu_tmap_staged(tm, "tensormap.replace.elemtype");
  t->elem_bytes = bytes[v];
  t->data_type = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_interleave_layout_p3(void *tm, uint32_t v) {
  if (v) emu_die("tensormap.replace.interleave_layout %u: interleaved maps are not emulated", v);
  emu_tmap_staged(tm, "tensormap.replace.interleave_layout");
}
EMU_EXPORT void tilec_emu_tensormap_replace_swizzle_mode_p3(void *tm, uint32_t v) {
  if (v > 3) emu_die("tensormap.replace.swizzle_mode %u is not emulated", v);
  emu_tmap_staged(tm, "tensormap.replace.swizzle_mode")->swizzle = v;
}
EMU_EXPORT void tilec_emu_tensormap_replace_fill_mode_p3(void *tm, uint32_t v) {
  emu_tmap_staged(tm, "tensormap.replace.fill_mode")->oob_nan = v != 0;
}
/* tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [dst], [src], 128:
 * warp-collective (every lane the same operands); the map, complete, lands in global memory released */
EMU_EXPORT void tilec_emu_asm_tensormap_cp_fenceproxy_tensormap_generic(void *dst, void *src) {
  const char *what = "tensormap.cp_fenceproxy";
  emu_warp *w = emu_warp_publish((uint64_t)(uintptr_t)dst, what);
  for (unsigned l = 0; l < 32; l++)
    if (w->value[l] != (uint64_t)(uintptr_t)dst) emu_die("%s: lanes give different addresses", what);
  if ((uintptr_t)dst % 64) emu_die("%s: the global map must be 64-byte aligned", what);
  if (emu_self->linear % 32 == 0) {
    emu_tmap *t = src;
    if (t->magic != EMU_TMAP_STAGED) emu_die("%s: the shared-memory source is not a map built by tensormap.replace", what);
    memcpy(dst, src, 128);
    ((emu_tmap *)dst)->magic = EMU_TMAP_RELEASED;
  }
  emu_warp_done(w, what);
}
/* fence.proxy.tensormap::generic.acquire.gpu [map], 128 */
EMU_EXPORT void tilec_emu_fence_proxy_tensormap_generic_acquire_gpu(void *map, uint32_t size) {
  emu_tmap *t = map;
  if (size != 128) emu_die("fence.proxy.tensormap::generic.acquire: size %u (128)", size);
  if (t->magic == EMU_TMAP_RELEASED) t->magic = EMU_TMAP_MAGIC;
  else if (t->magic != EMU_TMAP_MAGIC) emu_die("fence.proxy.tensormap::generic.acquire of a map nobody released");
}

/* --- TMA (cp.async.bulk.tensor, tiled): synchronous box copies through emu_tmap ------------- */
static const emu_tmap *emu_tmap_get(const void *map) {
  const emu_tmap *t = map;
  if (t->magic == EMU_TMAP_STAGED)
    emu_die("cp.async.bulk.tensor: a tensor map built by tensormap.replace used without tensormap.cp_fenceproxy to "
            "global memory");
  if (t->magic == EMU_TMAP_RELEASED)
    emu_die("cp.async.bulk.tensor: a device-built tensor map used without fence.proxy.tensormap::generic.acquire");
  if (t->magic != EMU_TMAP_MAGIC) emu_die("cp.async.bulk.tensor: not a tensor map (neither host-encoded nor device-built)");
  if (t->rank < 1 || t->rank > 5 || !t->elem_bytes || !t->address)
    emu_die("cp.async.bulk.tensor: an incomplete tensor map (rank %u, %u-byte elements, address %#llx)", t->rank,
            t->elem_bytes, (unsigned long long)t->address);
  for (uint32_t d = 0; d < t->rank; d++)
    if (!t->box[d] || !t->dims[d] || (d && !t->strides[d - 1]))
      emu_die("cp.async.bulk.tensor: tensor map dimension %u has no box / extent / stride", d);
  for (uint32_t d = 0; d < t->rank; d++)
    if (t->elem_strides[d] != 1) emu_die("cp.async.bulk.tensor: element strides other than 1 are not emulated");
  return t;
}
/* the swizzled byte offset of `o` in shared memory (CUTLASS Swizzle<B, 4, 3>: the 16-byte chunk
 * index xor the row of 128 bytes), relative to the 1024-byte-aligned shared array */
static uint64_t emu_swizzle(uint64_t o, uint32_t swizzle) {
  static const uint64_t mask[4] = {0, 1, 3, 7};
  return swizzle ? o ^ (((o >> 7) & mask[swizzle & 3]) << 4) : o;
}
/* Copies the box at coordinates c between global memory and shared memory at smem (g2s: to_smem);
 * returns the box's bytes. Out-of-bounds elements read as zero (or NaN) and are not written. */
static uint32_t emu_tma_box(const void *map, unsigned char *smem, const int32_t *c, int to_smem) {
  const emu_tmap *t = emu_tmap_get(map);
  uint32_t n = 1, eb = t->elem_bytes;
  for (uint32_t d = 0; d < t->rank; d++) n *= t->box[d];
  if (t->swizzle) {
    uint32_t span = 16u << t->swizzle;
    if (t->box[0] * eb != span)
      emu_die("cp.async.bulk.tensor: a swizzled box's inner dim (%u bytes) other than the swizzle span (%u) is not emulated",
              t->box[0] * eb, span);
  }
  uint64_t base = (uint64_t)((uintptr_t)smem - (uintptr_t)tilec_emu_smem);
  for (uint32_t e = 0; e < n; e++) {
    uint32_t rest = e;
    int inside = 1;
    uint64_t gaddr = t->address;
    for (uint32_t d = 0; d < t->rank; d++) {
      int64_t g = (int64_t)c[d] + rest % t->box[d];
      rest /= t->box[d];
      if (g < 0 || g >= (int64_t)t->dims[d]) inside = 0;
      else gaddr += (uint64_t)g * (d ? t->strides[d - 1] : eb);
    }
    unsigned char *s = tilec_emu_smem + emu_swizzle(base + (uint64_t)e * eb, t->swizzle);
    if (to_smem) {
      if (inside) memcpy(s, (const void *)(uintptr_t)gaddr, eb);
      else memset(s, t->oob_nan ? 0xFF : 0, eb);
      emu_async_write(s, eb);
    } else if (inside) {
      emu_async_read(s, eb, "a TMA store (cp.async.bulk.tensor shared -> global)");
      memcpy((void *)(uintptr_t)gaddr, s, eb);
    }
  }
  return n * eb;
}
#define TMA_DIMS(N, PARAMS, ...)                                                                          \
  EMU_EXPORT void tilec_emu_cp_async_bulk_tensor_g2s_tile_##N##d(unsigned char *dst, emu_mbar *bar, const void *map, \
                                                                PARAMS, int16_t mc, int64_t hint, _Bool use_mc,   \
                                                                _Bool use_hint, int32_t cta_group) {             \
    (void)mc, (void)hint, (void)use_mc, (void)use_hint, (void)cta_group;                                        \
    int32_t c[5] = {__VA_ARGS__};                                                                               \
    emu_mbar_complete_tx(bar, (int32_t)emu_tma_box(map, dst, c, 1));                                           \
  }                                                                                                            \
  EMU_EXPORT void tilec_emu_cp_async_bulk_tensor_s2g_tile_##N##d(unsigned char *src, const void *map, PARAMS,   \
                                                                int64_t hint, _Bool use_hint) {                \
    (void)hint, (void)use_hint;                                                                                \
    int32_t c[5] = {__VA_ARGS__};                                                                               \
    (void)emu_tma_box(map, src, c, 0);                                                                          \
  }
#define P1 int32_t c0
#define P2 int32_t c0, int32_t c1
#define P3 int32_t c0, int32_t c1, int32_t c2
#define P4 int32_t c0, int32_t c1, int32_t c2, int32_t c3
#define P5 int32_t c0, int32_t c1, int32_t c2, int32_t c3, int32_t c4
TMA_DIMS(1, P1, c0)
TMA_DIMS(2, P2, c0, c1)
TMA_DIMS(3, P3, c0, c1, c2)
TMA_DIMS(4, P4, c0, c1, c2, c3)
TMA_DIMS(5, P5, c0, c1, c2, c3, c4)
#undef P1
#undef P2
#undef P3
#undef P4
#undef P5
#undef TMA_DIMS

/* --- wgmma groups in flight ---------------------------------------------------------------------
 * wgmma runs at issue here, but on the GPU it reads its shared-memory operands until its group is
 * retired by wgmma.wait_group. Each byte a wgmma reads records the reading warpgroup and the group
 * the wgmma joins at the next commit (the thread's committed count + 1); each thread counts its
 * commits and the groups its waits retired (committed - N), and each warpgroup keeps the least of
 * its threads' retired counts. A shared-memory write — a TMA load's, or a thread's st.shared —
 * over a byte whose group the reading warpgroup has not retired in all its threads fails the run
 * (a ring stage refilled while the wgmma reading it may still be running). */
static uint64_t *emu_smem_reader;
static uint32_t emu_committed[EMU_MAX_THREADS], emu_retired[EMU_MAX_THREADS];
static uint32_t emu_group_retired[EMU_MAX_THREADS / 128];
static _Thread_local int emu_wgmma_reading; /* inside tilec_emu_wgmma: emu_wgmma_elem marks what it reads */
static void emu_inflight_reset(void) {
  if (!emu_smem_reader) emu_smem_reader = calloc(tilec_emu_smem_bytes, sizeof *emu_smem_reader);
  if (!emu_smem_reader) emu_die("out of memory for the shared-memory shadow");
  memset(emu_smem_reader, 0, tilec_emu_smem_bytes * sizeof *emu_smem_reader);
  memset(emu_committed, 0, sizeof emu_committed);
  memset(emu_retired, 0, sizeof emu_retired);
  memset(emu_group_retired, 0, sizeof emu_group_retired);
}
static void emu_shadows_free(void) {
  free(emu_smem_shadow), free(emu_smem_reader), free(emu_mbar_inited);
  emu_smem_shadow = NULL, emu_smem_reader = NULL, emu_mbar_inited = NULL;
}
static void emu_inflight_read(const unsigned char *p, uint64_t n) {
  unsigned me = emu_self->linear;
  uint64_t mark = ((uint64_t)(me / 128 + 1) << 32) | (emu_committed[me] + 1);
  for (uint64_t i = 0; i < n; i++) emu_smem_reader[(p - tilec_emu_smem) + i] = mark;
}
static void emu_inflight_write(const unsigned char *p, uint64_t n, const char *who) {
  for (uint64_t i = 0; i < n; i++) {
    uint64_t mark = emu_smem_reader[(p - tilec_emu_smem) + i];
    if (!mark) continue;
    unsigned wg = (unsigned)(mark >> 32) - 1;
    uint32_t group = (uint32_t)mark;
    if (__atomic_load_n(&emu_group_retired[wg], __ATOMIC_ACQUIRE) < group)
      emu_die("%s overwrites shared memory at +%llu that wgmma group %u of warpgroup %u reads, before every thread of "
              "the warpgroup retired that group with wgmma.wait_group", who,
              (unsigned long long)((p - tilec_emu_smem) + i), group, wg);
  }
}
/* --- wgmma ------------------------------------------------------------------------------------ */
/* The byte address (in tilec_emu_smem) of element (mn, k) of a wgmma operand described by `desc`
 * (start address, leading / stride byte offsets, swizzle in bits 62-63: 0 none, 1 128B, 2 64B,
 * 3 32B) in K-major (k contiguous) or MN-major order, es bytes per element. The canonical layouts
 * (CUTLASS mma_sm90_desc.hpp, in elements, T = 16 / es, R = 16-byte chunks per swizzle row):
 *   K-major,  no swizzle: ((8,m),(T,2)) : ((T,SBO),(1,LBO))
 *   K-major,  swizzled:   ((8,m),(T,2)) : ((R T,SBO),(1,T))
 *   MN-major, no swizzle: ((T,1,m),(8,k)) : ((1,T,SBO),(T,LBO))
 *   MN-major, swizzled:   ((T,R,m),(8,k)) : ((1,T,LBO),(R T,SBO))
 * then the swizzle (16-byte chunk xor 128-byte row) on the shared-memory offset. */
static unsigned char *emu_wgmma_elem(uint64_t desc, int mn_major, uint32_t mn, uint32_t k, uint32_t es) {
  if ((desc >> 49) & 7) emu_die("a matrix descriptor with a base offset (bits 49-51) is not emulated");
  if ((desc >> 61) & 1) emu_die("tcgen05's 128B-with-32B-atom swizzle is not emulated");
  uint64_t start = (desc & 0x3FFF) << 4, lbo = ((desc >> 16) & 0x3FFF) << 4, sbo = ((desc >> 32) & 0x3FFF) << 4;
  uint32_t mode = (uint32_t)(desc >> 62), T = 16 / es;
  static const uint32_t chunks[4] = {1, 8, 4, 2}, swz[4] = {0, 3, 2, 1}; /* by descriptor mode */
  uint32_t R = chunks[mode];
  uint64_t off; /* bytes */
  if (!mn_major) {
    uint32_t mn0 = mn % 8, mn1 = mn / 8, k0 = k % T, k1 = k / T;
    off = mode == 0 ? (uint64_t)(mn0 * T + k0) * es + mn1 * sbo + k1 * lbo
                    : (uint64_t)(mn0 * R * T + k0 + k1 * T) * es + mn1 * sbo;
  } else {
    uint32_t mn0 = mn % T, k0 = k % 8, k1 = k / 8;
    if (mode == 0) off = (uint64_t)(mn0 + k0 * T) * es + (mn / T) * sbo + k1 * lbo;
    else off = (uint64_t)(mn0 + (mn / T) % R * T + k0 * R * T) * es + (mn / (T * R)) * lbo + k1 * sbo;
  }
  unsigned char *at = tilec_emu_smem + emu_swizzle(start + off, swz[mode]);
  emu_async_read(at, es, "an MMA (wgmma / tcgen05.mma) operand descriptor");
  if (emu_wgmma_reading) emu_inflight_read(at, es);
  return at;
}


EMU_EXPORT void tilec_emu_wgmma_sync(void) {}
/* register budgets mean nothing on the host; the instruction's warpgroup-wide agreement is not checked */
EMU_EXPORT void tilec_emu_setmaxnreg_dec_sync_aligned_u32(uint32_t n) { (void)n; }
EMU_EXPORT void tilec_emu_setmaxnreg_inc_sync_aligned_u32(uint32_t n) { (void)n; }
EMU_EXPORT void tilec_emu_wgmma_fence_sync_aligned(void) {}
EMU_EXPORT void tilec_emu_wgmma_commit_group_sync_aligned(void) { emu_committed[emu_self->linear]++; }
EMU_EXPORT void tilec_emu_wgmma_wait_group_sync_aligned(int64_t n) {
  unsigned me = emu_self->linear, wg = me / 128;
  uint32_t done = emu_committed[me] > (uint32_t)n ? emu_committed[me] - (uint32_t)n : 0;
  if (done > emu_retired[me]) __atomic_store_n(&emu_retired[me], done, __ATOMIC_RELEASE);
  uint32_t least = UINT32_MAX;
  for (unsigned t = wg * 128; t < wg * 128 + 128 && t < emu_self->cta->nthreads; t++) {
    uint32_t r = __atomic_load_n(&emu_retired[t], __ATOMIC_ACQUIRE);
    if (r < least) least = r;
  }
  uint32_t cur = __atomic_load_n(&emu_group_retired[wg], __ATOMIC_ACQUIRE);
  while (least > cur && !__atomic_compare_exchange_n(&emu_group_retired[wg], &cur, least, 0, __ATOMIC_ACQ_REL,
                                                     __ATOMIC_ACQUIRE)) {
  }
}

/* wgmma.mma_async.sync.aligned.m64nNkK, executed at issue (its wait_group is then a no-op): the
 * warpgroup's 128 threads publish their operand blocks (`in`: 8 bytes per asm operand: the tied D
 * inputs when accumulating, then A's 4 registers or descriptor, then B's descriptor); each thread
 * computes its D fragment (warp w of the group: rows 16 w + g + 8 (i / 2 % 2), column 8 j + 2 t +
 * i % 2 for register 4 j + i), A from the descriptor or from its warp's registers (the mma.sync A
 * layout), B from the descriptor; products summed in double, rounded once. */
EMU_EXPORT void tilec_emu_wgmma(const uint8_t *in, uint8_t *out, int n, int k, int td, int ta, int tb, int has_acc,
                                int a_regs, int scale_d, int scale_a, int scale_b, int tnsp_a, int tnsp_b) {
  emu_cta *cta = emu_self->cta;
  unsigned me = emu_self->linear, group = me / 128;
  if ((group + 1) * 128 > cta->nthreads) emu_die("wgmma outside a full warpgroup");
  cta->group_value[me] = (uint64_t)(uintptr_t)in;
  emu_barrier_wait(&cta->group_sync[group], 128, "wgmma");
  emu_wgmma_reading = 1;
  unsigned w = me % 128 / 32, lane = me % 32, g = lane / 4, t = lane % 4;
  int nd = n / 2, nin = has_acc ? (td == EMU_F16 ? nd / 2 : nd) : 0; /* f16 D: two per register */
  uint64_t desc_a = 0, desc_b;
  if (!a_regs) memcpy(&desc_a, in + 8 * nin, 8);
  memcpy(&desc_b, in + 8 * (nin + (a_regs ? 4 : 1)), 8);
  uint32_t esa = ta == EMU_TF32 ? 4 : ta <= EMU_BF16 ? 2 : 1, esb = tb == EMU_TF32 ? 4 : tb <= EMU_BF16 ? 2 : 1;
  int ea = 4 / (int)esa, half_k = k / 2;
  for (int r = 0; r < nd; r++) {
    int j = r / 4, i = r % 4;
    uint32_t row = 16 * w + g + 8 * (i >> 1), col = 8 * j + 2 * t + (i & 1);
    double acc = 0;
    int64_t iacc = 0;
    if (has_acc && scale_d) {
      if (td == EMU_F16) {
        _Float16 h;
        memcpy(&h, in + 8 * (r / 2) + 2 * (r % 2), 2);
        acc = (double)h;
      } else if (td == EMU_S32) {
        int32_t v;
        memcpy(&v, in + 8 * r, 4);
        iacc = v;
      } else {
        float v;
        memcpy(&v, in + 8 * r, 4);
        acc = v;
      }
    }
    for (int kk = 0; kk < k; kk++) {
      double a, b;
      if (a_regs) {
        uint32_t rr = row - 16 * w;
        unsigned owner = group * 128 + w * 32 + (rr % 8) * 4 + (unsigned)((kk % half_k) / ea);
        const uint8_t *areg = (const uint8_t *)(uintptr_t)cta->group_value[owner] + 8 * (nin + rr / 8 + 2 * (kk / half_k));
        a = emu_elem(areg, ta, kk % ea);
      } else {
        a = emu_elem(emu_wgmma_elem(desc_a, tnsp_a, row, (uint32_t)kk, esa), ta, 0);
      }
      b = emu_elem(emu_wgmma_elem(desc_b, tnsp_b, col, (uint32_t)kk, esb), tb, 0);
      if (td == EMU_S32) iacc += (int64_t)a * (int64_t)b;
      else acc += scale_a * a * scale_b * b;
    }
    emu_acc_store(out, td, r, acc, iacc);
  }
  emu_wgmma_reading = 0;
  emu_barrier_wait(&cta->group_sync[group], 128, "wgmma");
}

/* --- tcgen05 (cta_group::1): tensor memory, tcgen05.mma deferred to its commit, tcgen05.ld ----- */
EMU_EXPORT void tilec_emu_tcgen05_alloc_shared_cg1(uint32_t *dst, uint32_t ncols) {
  emu_warp *w = emu_warp_publish(0, "tcgen05.alloc");
  if (emu_self->linear % 32 == 0) {
    emu_cta *cta = emu_self->cta;
    if (ncols < 32 || ncols > 512 || (ncols & (ncols - 1))) emu_die("tcgen05.alloc of %u columns", ncols);
    uint32_t col = (cta->tmem_next + ncols - 1) / ncols * ncols;
    if (col + ncols > 512) emu_die("tcgen05.alloc: %u columns do not fit (next free %u)", ncols, cta->tmem_next);
    cta->tmem_next = col + ncols;
    *dst = col; /* lane 0, column col */
  }
  emu_warp_done(w, "tcgen05.alloc");
}
EMU_EXPORT void tilec_emu_tcgen05_alloc_cg1(uint32_t *dst, uint32_t ncols) { tilec_emu_tcgen05_alloc_shared_cg1(dst, ncols); }
EMU_EXPORT void tilec_emu_tcgen05_dealloc_cg1(uintptr_t taddr, uint32_t ncols) {
  (void)taddr, (void)ncols;
  emu_warp_done(emu_warp_publish(0, "tcgen05.dealloc"), "tcgen05.dealloc");
}
EMU_EXPORT void tilec_emu_tcgen05_relinq_alloc_permit_cg1(void) {}
EMU_EXPORT void tilec_emu_tcgen05_fence_before_thread_sync(void) {}
EMU_EXPORT void tilec_emu_tcgen05_fence_after_thread_sync(void) {}
EMU_EXPORT void tilec_emu_tcgen05_wait_ld(void) {}
EMU_EXPORT void tilec_emu_tcgen05_wait_st(void) {}
EMU_EXPORT void tilec_emu_asm_tcgen05_wait_ld(void) {}
EMU_EXPORT void tilec_emu_asm_tcgen05_wait_st(void) {}
/* tcgen05.mma runs asynchronously on the GPU: it may read its shared-memory operands and write TMEM
 * at any time until a tcgen05.commit after it arrives on its mbarrier. The emulator takes the
 * latest such time: an MMA is queued at issue and executed, with every MMA before it, when a thread
 * first tests an mbarrier that a commit after it targets, and that commit (and every earlier one)
 * arrives only then. A stage or staging slot rewritten before the MMAs reading it are waited for
 * (a refill before the stage's commit, a missing order wait) then feeds them the new data, and the
 * run fails against its reference; a TMEM read before the wait reads the old accumulator. */
typedef struct emu_tc_mma {
  uintptr_t d;
  uint64_t adesc, bdesc;
  uint32_t idesc;
  unsigned char enable_d;
  int32_t kind;
} emu_tc_mma;
typedef struct emu_tc_commit {
  emu_mbar *bar;
  size_t upto; /* the MMAs issued before it */
} emu_tc_commit;
static void emu_tc_execute(emu_cta *cta, const emu_tc_mma *mma);
static void emu_tc_deliver(emu_mbar *m) {
  emu_cta *cta = emu_self->cta;
  pthread_mutex_lock(&cta->tc_lock);
  size_t last = cta->tc_ncommit;
  for (size_t j = cta->tc_delivered; j < cta->tc_ncommit; j++)
    if (cta->tc_commit[j].bar == m) last = j;
  for (; last < cta->tc_ncommit && cta->tc_delivered <= last; cta->tc_delivered++) {
    const emu_tc_commit *c = &cta->tc_commit[cta->tc_delivered];
    for (; cta->tc_executed < c->upto; cta->tc_executed++) emu_tc_execute(cta, &cta->tc_mma[cta->tc_executed]);
    (void)emu_mbar_arrive(c->bar, 0, 1);
  }
  pthread_mutex_unlock(&cta->tc_lock);
}
static void emu_tc_commit_to(emu_mbar *bar) {
  emu_cta *cta = emu_self->cta;
  pthread_mutex_lock(&cta->tc_lock);
  if (cta->tc_ncommit == cta->tc_commit_cap) {
    cta->tc_commit_cap = cta->tc_commit_cap ? 2 * cta->tc_commit_cap : 64;
    cta->tc_commit = realloc(cta->tc_commit, cta->tc_commit_cap * sizeof *cta->tc_commit);
    if (!cta->tc_commit) emu_die("out of memory for tcgen05 commits");
  }
  cta->tc_commit[cta->tc_ncommit++] = (emu_tc_commit){bar, cta->tc_nmma};
  pthread_mutex_unlock(&cta->tc_lock);
}
EMU_EXPORT void tilec_emu_tcgen05_commit_shared_cg1(emu_mbar *bar) { emu_tc_commit_to(bar); }
EMU_EXPORT void tilec_emu_tcgen05_commit_cg1(emu_mbar *bar) { emu_tc_commit_to(bar); }

/* tcgen05.mma.cta_group::1 (kind f16 / tf32 / f8f6f4 / i8, A and B from shared memory), queued at
 * issue and executed when a commit after it is observed (emu_tc_deliver): D (TMEM lane = row, column = d's column + n) = A x B^T (+ D when
 * enable_input_d). The instruction descriptor (PTX ISA 9.7.16.4.2): D type bits 5:4 (F16 0, F32 1,
 * S32 2), A / B type 9:7 / 12:10, negate 13 / 14, transpose (MN-major) 15 / 16, N >> 3 in 22:17,
 * M >> 4 in 28:24. Shared-memory descriptors as wgmma's (the swizzle codes 2 / 4 / 6 of bits 63:61
 * are wgmma's 1 / 2 / 3 in bits 63:62). M = 128 (row r in TMEM lane r) or 64 (rows 16 q .. 16 q + 15
 * in lanes 32 q .. 32 q + 15: the first half of each warp's quarter). */
EMU_EXPORT void tilec_emu_tcgen05_mma_shared(uintptr_t d, uint64_t adesc, uint64_t bdesc, uint32_t idesc,
                                             unsigned char enable_d, int32_t kind, int32_t cta_group, int32_t collector) {
  (void)collector;
  if (cta_group != 1) emu_die("tcgen05.mma with cta_group::%d is not emulated", cta_group);
  emu_cta *cta = emu_self->cta;
  pthread_mutex_lock(&cta->tc_lock);
  if (cta->tc_nmma == cta->tc_mma_cap) {
    cta->tc_mma_cap = cta->tc_mma_cap ? 2 * cta->tc_mma_cap : 256;
    cta->tc_mma = realloc(cta->tc_mma, cta->tc_mma_cap * sizeof *cta->tc_mma);
    if (!cta->tc_mma) emu_die("out of memory for tcgen05 MMAs");
  }
  cta->tc_mma[cta->tc_nmma++] = (emu_tc_mma){d, adesc, bdesc, idesc, enable_d, kind};
  pthread_mutex_unlock(&cta->tc_lock);
}
static void emu_tc_execute(emu_cta *cta, const emu_tc_mma *mma) {
  uintptr_t d = mma->d;
  uint64_t adesc = mma->adesc, bdesc = mma->bdesc;
  uint32_t idesc = mma->idesc;
  unsigned char enable_d = mma->enable_d;
  int32_t kind = mma->kind;
  uint32_t dtype = (idesc >> 4) & 3, at = (idesc >> 7) & 7, bt = (idesc >> 10) & 7;
  int neg_a = (idesc >> 13) & 1, neg_b = (idesc >> 14) & 1, tr_a = (idesc >> 15) & 1, tr_b = (idesc >> 16) & 1;
  uint32_t n = ((idesc >> 17) & 0x3F) << 3, m = ((idesc >> 24) & 0x1F) << 4;
  if (m != 128 && m != 64) emu_die("tcgen05.mma with M = %u is not emulated (M = 64, 128)", m);
  int ta, tb, k;
  switch (kind) { /* LLVM's Tcgen05MMAKind: f16, tf32, f8f6f4, i8 */
  case 0: ta = at ? EMU_BF16 : EMU_F16, tb = bt ? EMU_BF16 : EMU_F16, k = 16; break;
  case 1: ta = tb = EMU_TF32, k = 8; break;
  case 2:
    if (at > 1 || bt > 1) emu_die("tcgen05.mma kind::f8f6f4 with f6 / f4 operands is not emulated");
    ta = at ? EMU_E5M2 : EMU_E4M3, tb = bt ? EMU_E5M2 : EMU_E4M3, k = 32;
    break;
  default: ta = at ? EMU_S8 : EMU_U8, tb = bt ? EMU_S8 : EMU_U8, k = 32; break;
  }
  if (dtype == 0) emu_die("tcgen05.mma with an f16 accumulator is not emulated");
  uint32_t lane0 = (uint32_t)(d >> 16) & 0xFFFF, col0 = (uint32_t)d & 0xFFFF;
  if (lane0 + (m == 64 ? 128 : m) > 128 || col0 + n > 512)
    emu_die("tcgen05.mma: D (lane %u, column %u) outside tensor memory", lane0, col0);
  uint32_t esa = ta == EMU_TF32 ? 4 : ta <= EMU_BF16 ? 2 : 1, esb = tb == EMU_TF32 ? 4 : tb <= EMU_BF16 ? 2 : 1;
  for (uint32_t r = 0; r < m; r++)
    for (uint32_t c = 0; c < n; c++) {
      /* M = 128: row r in lane r; M = 64: rows 16 q .. 16 q + 15 in lanes 32 q .. 32 q + 15 */
      uint32_t *cell = &cta->tmem[lane0 + (m == 64 ? r / 16 * 32 + r % 16 : r)][col0 + c];
      double acc = 0;
      int64_t iacc = 0;
      if (enable_d & 1) {
        if (dtype == 2) iacc = (int32_t)*cell;
        else {
          float f;
          memcpy(&f, cell, 4);
          acc = f;
        }
      }
      for (int kk = 0; kk < k; kk++) {
        double a = emu_elem(emu_wgmma_elem(adesc, tr_a, r, (uint32_t)kk, esa), ta, 0);
        double b = emu_elem(emu_wgmma_elem(bdesc, tr_b, c, (uint32_t)kk, esb), tb, 0);
        if (neg_a) a = -a;
        if (neg_b) b = -b;
        if (dtype == 2) iacc += (int64_t)a * (int64_t)b;
        else acc += a * b;
      }
      if (dtype == 2) *cell = (uint32_t)(uint64_t)iacc;
      else {
        float f = (float)acc;
        memcpy(cell, &f, 4);
      }
    }
}

/* tcgen05.ld / tcgen05.st .32x32b.xN (st: registers `in` into TMEM, else TMEM into `out`): lane l
 * of the warp reads / writes TMEM lane (taddr's lane + l), columns taddr's column .. + N - 1. */
static void tmem_32x32b(uintptr_t taddr, uint32_t ncols, uint32_t *out, const uint32_t *in, bool st) {
  const char *op = st ? "tcgen05.st" : "tcgen05.ld";
  uint32_t lane = (uint32_t)(taddr >> 16) & 0xFFFF, col = (uint32_t)taddr & 0xFFFF, l = emu_self->linear % 32;
  unsigned quarter = emu_self->linear / 32 % 4;
  if (lane / 32 != quarter)
    emu_die("%s: warp %u of its warpgroup may not %s TMEM lane %u", op, quarter, st ? "write" : "read", lane);
  if (lane + l >= 128 || col + ncols > 512) emu_die("%s outside tensor memory (lane %u, column %u)", op, lane + l, col);
  if (st) memcpy(&emu_self->cta->tmem[lane + l][col], in, 4 * ncols);
  else memcpy(out, &emu_self->cta->tmem[lane + l][col], 4 * ncols);
}
EMU_EXPORT void tilec_emu_tcgen05_ld_32x32b(uintptr_t taddr, uint32_t ncols, uint32_t *out) {
  tmem_32x32b(taddr, ncols, out, NULL, false);
}
EMU_EXPORT void tilec_emu_tcgen05_st_32x32b(uintptr_t taddr, uint32_t ncols, const uint32_t *in) {
  tmem_32x32b(taddr, ncols, NULL, in, true);
}

/* tcgen05.ld / tcgen05.st .16x256b.xN: 16 TMEM lanes x 256 bits per repetition, laid out as an mma
 * accumulator fragment: thread l holds, for repetition j, registers 4 j + {0, 1} at (lane l / 4,
 * columns 8 j + 2 (l % 4) + {0, 1}) and 4 j + {2, 3} at lane l / 4 + 8. */
static void tmem_16x256b(uintptr_t taddr, uint32_t reps, uint32_t *out, const uint32_t *in, bool st) {
  const char *op = st ? "tcgen05.st" : "tcgen05.ld";
  uint32_t lane = (uint32_t)(taddr >> 16) & 0xFFFF, col = (uint32_t)taddr & 0xFFFF, l = emu_self->linear % 32;
  unsigned quarter = emu_self->linear / 32 % 4;
  if (lane / 32 != quarter || lane % 32 + 16 > 32)
    emu_die("%s.16x256b: warp %u of its warpgroup may not %s TMEM lanes %u..%u", op, quarter, st ? "write" : "read",
            lane, lane + 15);
  if (col + 8 * reps > 512) emu_die("%s outside tensor memory (column %u)", op, col + 8 * reps);
  for (uint32_t j = 0; j < reps; j++)
    for (uint32_t i = 0; i < 4; i++) {
      uint32_t *cell = &emu_self->cta->tmem[lane + l / 4 + 8 * (i >> 1)][col + 8 * j + 2 * (l % 4) + (i & 1)];
      if (st) *cell = in[4 * j + i];
      else out[4 * j + i] = *cell;
    }
}
EMU_EXPORT void tilec_emu_tcgen05_ld_16x256b(uintptr_t taddr, uint32_t reps, uint32_t *out) {
  tmem_16x256b(taddr, reps, out, NULL, false);
}
EMU_EXPORT void tilec_emu_tcgen05_st_16x256b(uintptr_t taddr, uint32_t reps, const uint32_t *in) {
  tmem_16x256b(taddr, reps, NULL, in, true);
}

EMU_EXPORT void tilec_emu_asm_trap(void) { emu_die("trap (the kernel executed `trap`)"); }

/* --- math --------------------------------------------------------------------------------- */
static float emu_ftz(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
EMU_EXPORT float tilec_emu_ex2_approx_f32(float x) { return exp2f(x); }
EMU_EXPORT float tilec_emu_ex2_approx_ftz_f32(float x) { return emu_ftz(exp2f(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_lg2_approx_f(float x) { return log2f(x); }
EMU_EXPORT float tilec_emu_lg2_approx_ftz_f(float x) { return emu_ftz(log2f(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_rcp_approx_ftz_f(float x) { return emu_ftz(1.0f / emu_ftz(x)); }
EMU_EXPORT float tilec_emu_div_approx_f(float x, float y) { return x / y; }
EMU_EXPORT float tilec_emu_div_approx_ftz_f(float x, float y) { return emu_ftz(emu_ftz(x) / emu_ftz(y)); }
EMU_EXPORT float tilec_emu_saturate_f(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }
EMU_EXPORT float tilec_emu_sin_approx_f(float x) { return sinf(x); }
EMU_EXPORT float tilec_emu_cos_approx_f(float x) { return cosf(x); }
EMU_EXPORT float tilec_emu_sqrt_approx_f(float x) { return sqrtf(x); }
EMU_EXPORT float tilec_emu_rsqrt_approx_f(float x) { return 1.0f / sqrtf(x); }

/* IEEE operations with an explicit rounding mode: the host FPU's (thread-local) mode around one
 * op; the _ftz forms flush subnormal inputs and results to zero (f32 only, as in PTX). */
#define ROUNDED_OP(name, type, ftz, mode, expr)                     \
  EMU_EXPORT type tilec_emu_##name(type x, type y) {                  \
    if (ftz) x = (type)emu_ftz((float)x), y = (type)emu_ftz((float)y); \
    int saved = fegetround();                                        \
    fesetround(mode);                                                \
    volatile type r = (expr);                                        \
    fesetround(saved);                                               \
    return ftz ? (type)emu_ftz((float)r) : r;                        \
  }
#define ROUNDED_FMA(name, type, ftz, mode, fn)                                        \
  EMU_EXPORT type tilec_emu_##name(type x, type y, type z) {                            \
    if (ftz) x = (type)emu_ftz((float)x), y = (type)emu_ftz((float)y), z = (type)emu_ftz((float)z); \
    int saved = fegetround();                                                          \
    fesetround(mode);                                                                  \
    volatile type r = fn(x, y, z);                                                     \
    fesetround(saved);                                                                 \
    return ftz ? (type)emu_ftz((float)r) : r;                                          \
  }
#define ROUNDED(rm, mode)                                  \
  ROUNDED_OP(add_##rm##_f, float, 0, mode, x + y)          \
  ROUNDED_OP(add_##rm##_ftz_f, float, 1, mode, x + y)      \
  ROUNDED_OP(add_##rm##_d, double, 0, mode, x + y)         \
  ROUNDED_OP(mul_##rm##_f, float, 0, mode, x * y)          \
  ROUNDED_OP(mul_##rm##_ftz_f, float, 1, mode, x * y)      \
  ROUNDED_OP(mul_##rm##_d, double, 0, mode, x * y)         \
  ROUNDED_OP(div_##rm##_f, float, 0, mode, x / y)          \
  ROUNDED_OP(div_##rm##_ftz_f, float, 1, mode, x / y)      \
  ROUNDED_OP(div_##rm##_d, double, 0, mode, x / y)         \
  ROUNDED_FMA(fma_##rm##_f, float, 0, mode, fmaf)          \
  ROUNDED_FMA(fma_##rm##_ftz_f, float, 1, mode, fmaf)      \
  ROUNDED_FMA(fma_##rm##_d, double, 0, mode, fma)
ROUNDED(rn, FE_TONEAREST)
ROUNDED(rz, FE_TOWARDZERO)
ROUNDED(rm, FE_DOWNWARD)
ROUNDED(rp, FE_UPWARD)
#undef ROUNDED
#undef ROUNDED_OP
#undef ROUNDED_FMA

EMU_EXPORT float tilec_emu_div_full(float x, float y) { return x / y; }
EMU_EXPORT float tilec_emu_div_full_ftz(float x, float y) { return emu_ftz(emu_ftz(x) / emu_ftz(y)); }
EMU_EXPORT float tilec_emu_fabs_f32(float x) { return fabsf(x); }
EMU_EXPORT double tilec_emu_fabs_f64(double x) { return fabs(x); }
EMU_EXPORT float tilec_emu_round_f(float x) { return roundf(x); }
EMU_EXPORT float tilec_emu_fmin_ftz_f(float x, float y) { return emu_ftz(fminf(emu_ftz(x), emu_ftz(y))); }
EMU_EXPORT float tilec_emu_fmax_ftz_f(float x, float y) { return emu_ftz(fmaxf(emu_ftz(x), emu_ftz(y))); }
EMU_EXPORT double tilec_emu_rcp_approx_ftz_d(double x) { return 1.0 / x; }
EMU_EXPORT int32_t tilec_emu_d2i_hi(double x) {
  uint64_t b;
  memcpy(&b, &x, 8);
  return (int32_t)(b >> 32);
}
EMU_EXPORT int32_t tilec_emu_d2i_lo(double x) {
  uint64_t b;
  memcpy(&b, &x, 8);
  return (int32_t)(uint32_t)b;
}
EMU_EXPORT double tilec_emu_lohi_i2d(int32_t lo, int32_t hi) {
  uint64_t b = (uint64_t)(uint32_t)hi << 32 | (uint32_t)lo;
  double x;
  memcpy(&x, &b, 8);
  return x;
}

/* cvt.rni / rzi / rmi / rpi float -> integer, saturating, NaN -> 0 (PTX) */
static double emu_round_mode(double x, int mode) {
  switch (mode) {
  case 0: return nearbyint(x); /* the default (nearest even) mode */
  case 1: return trunc(x);
  case 2: return floor(x);
  default: return ceil(x);
  }
}
#define F2I(src, stype, dst, ctype, lo, hi)                                                          \
  EMU_EXPORT ctype tilec_emu_##src##2##dst##_rn(stype x) { return emu_sat_##dst(emu_round_mode(x, 0)); } \
  EMU_EXPORT ctype tilec_emu_##src##2##dst##_rz(stype x) { return emu_sat_##dst(emu_round_mode(x, 1)); } \
  EMU_EXPORT ctype tilec_emu_##src##2##dst##_rm(stype x) { return emu_sat_##dst(emu_round_mode(x, 2)); } \
  EMU_EXPORT ctype tilec_emu_##src##2##dst##_rp(stype x) { return emu_sat_##dst(emu_round_mode(x, 3)); }
#define SAT(dst, ctype, lo, hi)                                                  \
  static ctype emu_sat_##dst(double r) {                                          \
    if (isnan(r)) return 0;                                                      \
    if (r <= (double)(lo)) return (lo);                                          \
    if (r >= (double)(hi)) return (hi);                                          \
    return (ctype)r;                                                             \
  }
SAT(i, int32_t, INT32_MIN, INT32_MAX)
SAT(ui, uint32_t, 0, UINT32_MAX)
SAT(ll, int64_t, INT64_MIN, INT64_MAX)
SAT(ull, uint64_t, 0, UINT64_MAX)
#undef SAT
F2I(f, float, i, int32_t, , )
F2I(f, float, ui, uint32_t, , )
F2I(f, float, ll, int64_t, , )
F2I(f, float, ull, uint64_t, , )
F2I(d, double, i, int32_t, , )
F2I(d, double, ui, uint32_t, , )
F2I(d, double, ll, int64_t, , )
F2I(d, double, ull, uint64_t, , )
#undef F2I

/* Round the f32 bit pattern `b` to its top 32 - drop bits: 0 nearest-even, 1 toward zero,
 * 2 nearest ties away; NaN / Inf kept (NaN canonical). */
static uint32_t emu_round_bits(uint32_t b, int drop, int how) {
  if ((b & 0x7F800000u) == 0x7F800000u) return (b & 0x007FFFFFu) ? 0x7FFFFFFFu : b;
  uint32_t half = 1u << (drop - 1), mask = (1u << drop) - 1, rest = b & mask;
  b &= ~mask;
  if (how == 0 && (rest > half || (rest == half && (b >> drop & 1)))) b += mask + 1;
  if (how == 2 && rest >= half) b += mask + 1;
  return b;
}
static uint32_t emu_f32_bits(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  return b;
}
EMU_EXPORT uint32_t tilec_emu_f2tf32_rn(float x) { return emu_round_bits(emu_f32_bits(x), 13, 0); }
EMU_EXPORT uint32_t tilec_emu_f2tf32_rz(float x) { return emu_round_bits(emu_f32_bits(x), 13, 1); }
EMU_EXPORT uint32_t tilec_emu_f2tf32_rna(float x) { return emu_round_bits(emu_f32_bits(x), 13, 2); }

/* f32 -> bf16 (round to nearest even), the helpers LLVM's x86 backend calls for fptrunc to bfloat
 * (libgcc 12 has none). Returned in the low 16 bits of xmm0, as _Float16 is. */
EMU_EXPORT _Float16 __truncsfbf2(float x) {
  uint32_t b = emu_f32_bits(x);
  uint16_t r = (b & 0x7FFFFFFFu) > 0x7F800000u ? (uint16_t)((b >> 16) | 0x40) : (uint16_t)(emu_round_bits(b, 16, 0) >> 16);
  _Float16 h;
  memcpy(&h, &r, 2);
  return h;
}
EMU_EXPORT _Float16 __truncdfbf2(double x) {
  /* double -> bf16 through one rounding: round to odd at f32 first (exact for the bf16 rounding) */
  float f = (float)x;
  if ((double)f != x && isfinite(x) && isfinite(f)) {
    uint32_t b = emu_f32_bits(f);
    if (((double)f > x) == (f > 0)) b -= 1; /* truncate toward zero ... */
    b |= 1;                                 /* ... then make it odd: sticky */
    memcpy(&f, &b, 4);
  }
  return __truncsfbf2(f);
}

/* f16 / bf16 from f32 with a directed rounding (cvt.rz|rm|rp.f16|bf16.f32), as bits. */
static uint16_t emu_to_half_bits(float x, int bf16, int mode) {
  int saved = fegetround();
  fesetround(mode);
  uint16_t r;
  if (bf16) {
    uint32_t b = emu_f32_bits(x);
    if ((b & 0x7FFFFFFFu) > 0x7F800000u) r = (uint16_t)((b >> 16) | 0x40);
    else if (mode == FE_TONEAREST) r = (uint16_t)(emu_round_bits(b, 16, 0) >> 16);
    else {
      uint32_t rest = b & 0xFFFFu, sign = b >> 31;
      b &= 0xFFFF0000u;
      int up = rest && ((mode == FE_UPWARD && !sign) || (mode == FE_DOWNWARD && sign));
      if (up && (b & 0x7FFFFFFFu) != 0x7F800000u) b += 0x10000u;
      r = (uint16_t)(b >> 16);
    }
  } else {
    volatile _Float16 h = (_Float16)x;
    _Float16 hv = h;
    memcpy(&r, &hv, 2);
  }
  fesetround(saved);
  return r;
}
#define CVT_HALF(rm, mode)                                                                          \
  EMU_EXPORT uint16_t tilec_emu_asm_cvt_##rm##_f16_f32(float x) { return emu_to_half_bits(x, 0, mode); } \
  EMU_EXPORT uint16_t tilec_emu_asm_cvt_##rm##_bf16_f32(float x) { return emu_to_half_bits(x, 1, mode); } \
  EMU_EXPORT float tilec_emu_asm_cvt_##rm##_f32_f64(double x) {                                      \
    int saved = fegetround();                                                                      \
    fesetround(mode);                                                                              \
    volatile float r = (float)x;                                                                   \
    fesetround(saved);                                                                             \
    return r;                                                                                      \
  }
CVT_HALF(rn, FE_TONEAREST)
CVT_HALF(rz, FE_TOWARDZERO)
CVT_HALF(rm, FE_DOWNWARD)
CVT_HALF(rp, FE_UPWARD)
#undef CVT_HALF

#define SQRT(rm, mode)                                                                  \
  EMU_EXPORT float tilec_emu_asm_sqrt_##rm##_f32(float x) {                              \
    int saved = fegetround();                                                          \
    fesetround(mode);                                                                  \
    volatile float r = sqrtf(x);                                                       \
    fesetround(saved);                                                                 \
    return r;                                                                          \
  }                                                                                    \
  EMU_EXPORT float tilec_emu_asm_sqrt_##rm##_ftz_f32(float x) { return emu_ftz(tilec_emu_asm_sqrt_##rm##_f32(emu_ftz(x))); } \
  EMU_EXPORT double tilec_emu_asm_sqrt_##rm##_f64(double x) {                            \
    int saved = fegetround();                                                          \
    fesetround(mode);                                                                  \
    volatile double r = sqrt(x);                                                       \
    fesetround(saved);                                                                 \
    return r;                                                                          \
  }
SQRT(rn, FE_TONEAREST)
SQRT(rz, FE_TOWARDZERO)
SQRT(rm, FE_DOWNWARD)
SQRT(rp, FE_UPWARD)
#undef SQRT
EMU_EXPORT float tilec_emu_asm_sqrt_approx_f32(float x) { return sqrtf(x); }
EMU_EXPORT float tilec_emu_asm_sqrt_approx_ftz_f32(float x) { return emu_ftz(sqrtf(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_asm_rsqrt_approx_f32(float x) { return 1.0f / sqrtf(x); }
EMU_EXPORT float tilec_emu_asm_rsqrt_approx_ftz_f32(float x) { return emu_ftz(1.0f / sqrtf(emu_ftz(x))); }
EMU_EXPORT double tilec_emu_asm_rsqrt_approx_f64(double x) { return 1.0 / sqrt(x); }
EMU_EXPORT double tilec_emu_asm_rsqrt_approx_ftz_f64(double x) { return 1.0 / sqrt(x); }
EMU_EXPORT float tilec_emu_asm_rcp_approx_ftz_f32(float x) { return emu_ftz(1.0f / emu_ftz(x)); }
EMU_EXPORT float tilec_emu_asm_rcp_approx_f32(float x) { return 1.0f / x; }
EMU_EXPORT float tilec_emu_asm_tanh_approx_f32(float x) { return tanhf(x); }
EMU_EXPORT float tilec_emu_asm_ex2_approx_f32(float x) { return exp2f(x); }
EMU_EXPORT float tilec_emu_asm_ex2_approx_ftz_f32(float x) { return emu_ftz(exp2f(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_asm_lg2_approx_f32(float x) { return log2f(x); }
EMU_EXPORT float tilec_emu_asm_lg2_approx_ftz_f32(float x) { return emu_ftz(log2f(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_asm_sin_approx_f32(float x) { return sinf(x); }
EMU_EXPORT float tilec_emu_asm_cos_approx_f32(float x) { return cosf(x); }
EMU_EXPORT float tilec_emu_asm_sin_approx_ftz_f32(float x) { return emu_ftz(sinf(emu_ftz(x))); }
EMU_EXPORT float tilec_emu_asm_cos_approx_ftz_f32(float x) { return emu_ftz(cosf(emu_ftz(x))); }

/* fp8 (e4m3: bias 7, no Inf, S.1111.111 NaN, max 448; e5m2: bias 15, IEEE-like, max 57344) */
static float emu_fp8_to_float(uint8_t c, int e4m3) {
  int ebits = e4m3 ? 4 : 5, mbits = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15;
  int s = c >> 7, e = (c >> mbits) & ((1 << ebits) - 1), m = c & ((1 << mbits) - 1);
  float v;
  if (e4m3 && e == 15 && m == 7) v = NAN;
  else if (!e4m3 && e == 31) v = m ? NAN : INFINITY;
  else if (e == 0) v = ldexpf((float)m, 1 - bias - mbits);
  else v = ldexpf((float)(m + (1 << mbits)), e - bias - mbits);
  return s ? -v : v;
}
/* float -> fp8, round to nearest even, saturating to the largest finite value (cvt .satfinite) */
static uint8_t emu_float_to_fp8(float x, int e4m3) {
  if (isnan(x)) return 0x7F;
  uint8_t best = 0;
  float bd = INFINITY;
  uint8_t sign = signbit(x) ? 0x80 : 0;
  float ax = fabsf(x);
  for (int c = 0; c < 128; c++) {
    float v = emu_fp8_to_float((uint8_t)c, e4m3);
    if (isnan(v) || isinf(v)) continue;
    float d = fabsf(v - ax);
    if (d < bd || (d == bd && (c & 1) == 0)) bd = d, best = (uint8_t)c;
  }
  return (uint8_t)(sign | best);
}
typedef _Float16 emu_half2 __attribute__((vector_size(4)));
EMU_EXPORT emu_half2 tilec_emu_e4m3x2_to_f16x2_rn(uint16_t v) {
  emu_half2 r = {(_Float16)emu_fp8_to_float((uint8_t)v, 1), (_Float16)emu_fp8_to_float((uint8_t)(v >> 8), 1)};
  return r;
}
EMU_EXPORT emu_half2 tilec_emu_e5m2x2_to_f16x2_rn(uint16_t v) {
  emu_half2 r = {(_Float16)emu_fp8_to_float((uint8_t)v, 0), (_Float16)emu_fp8_to_float((uint8_t)(v >> 8), 0)};
  return r;
}
/* cvt.rn.satfinite.e4m3x2.f32 d, a, b: a into the upper byte, b into the lower */
/* f4E2M1FN pairs (cvt.rn.f16x2.e2m1x2): the low nibble is the first element */
static const float emu_e2m1[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
EMU_EXPORT emu_half2 tilec_emu_e2m1x2_to_f16x2_rn(uint16_t v) {
  float lo = emu_e2m1[v & 7], hi = emu_e2m1[(v >> 4) & 7];
  emu_half2 r = {(_Float16)((v & 8) ? -lo : lo), (_Float16)((v & 0x80) ? -hi : hi)};
  return r;
}
EMU_EXPORT uint16_t tilec_emu_ff_to_e4m3x2_rn(float a, float b) {
  return (uint16_t)(emu_float_to_fp8(a, 1) << 8 | emu_float_to_fp8(b, 1));
}
EMU_EXPORT uint16_t tilec_emu_ff_to_e5m2x2_rn(float a, float b) {
  return (uint16_t)(emu_float_to_fp8(a, 0) << 8 | emu_float_to_fp8(b, 0));
}

/* --- atomics (inline asm in tilec's IR: atom / red on global or shared memory) -------------- */
#define ATOM_INT(op, type, ctype, expr)                                                                       \
  EMU_EXPORT ctype tilec_emu_asm_atom_##op##_##type(ctype *p, ctype v) {                                       \
    ctype old = __atomic_load_n(p, __ATOMIC_SEQ_CST), want;                                                    \
    do want = (expr);                                                                                          \
    while (!__atomic_compare_exchange_n(p, &old, want, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));                \
    return old;                                                                                                \
  }                                                                                                            \
  EMU_EXPORT void tilec_emu_asm_red_##op##_##type(ctype *p, ctype v) { (void)tilec_emu_asm_atom_##op##_##type(p, v); }
ATOM_INT(add, u32, uint32_t, old + v)
ATOM_INT(add, u64, uint64_t, old + v)
ATOM_INT(and, b32, uint32_t, old & v)
ATOM_INT(or, b32, uint32_t, old | v)
ATOM_INT(xor, b32, uint32_t, old ^ v)
ATOM_INT(and, b64, uint64_t, old & v)
ATOM_INT(or, b64, uint64_t, old | v)
ATOM_INT(xor, b64, uint64_t, old ^ v)
ATOM_INT(exch, b32, uint32_t, v)
ATOM_INT(exch, b64, uint64_t, v)
ATOM_INT(max, s32, int32_t, old > v ? old : v)
ATOM_INT(min, s32, int32_t, old < v ? old : v)
ATOM_INT(max, u32, uint32_t, old > v ? old : v)
ATOM_INT(min, u32, uint32_t, old < v ? old : v)
ATOM_INT(max, s64, int64_t, old > v ? old : v)
ATOM_INT(min, s64, int64_t, old < v ? old : v)
ATOM_INT(max, u64, uint64_t, old > v ? old : v)
ATOM_INT(min, u64, uint64_t, old < v ? old : v)
#undef ATOM_INT

#define ATOM_FLOAT(name, ctype, bits_t)                                                                       \
  EMU_EXPORT ctype tilec_emu_asm_atom_##name(ctype *p, ctype v) {                                                \
    bits_t *q = (bits_t *)p, old = __atomic_load_n(q, __ATOMIC_SEQ_CST), want;                                  \
    ctype o, n;                                                                                                \
    do {                                                                                                       \
      memcpy(&o, &old, sizeof o);                                                                              \
      n = o + v;                                                                                               \
      memcpy(&want, &n, sizeof want);                                                                          \
    } while (!__atomic_compare_exchange_n(q, &old, want, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));              \
    return o;                                                                                                  \
  }                                                                                                            \
  EMU_EXPORT void tilec_emu_asm_red_##name(ctype *p, ctype v) { (void)tilec_emu_asm_atom_##name(p, v); }
ATOM_FLOAT(add_f32, float, uint32_t)
ATOM_FLOAT(add_f64, double, uint64_t)
#undef ATOM_FLOAT
/* f16 / bf16 atomics take and return the 16-bit pattern (tilec's asm operands are i16) */
EMU_EXPORT uint16_t tilec_emu_asm_atom_add_f16(uint16_t *p, uint16_t v) {
  uint16_t old = __atomic_load_n(p, __ATOMIC_SEQ_CST), want;
  do {
    _Float16 a, b, n;
    memcpy(&a, &old, 2), memcpy(&b, &v, 2);
    n = (_Float16)((float)a + (float)b);
    memcpy(&want, &n, 2);
  } while (!__atomic_compare_exchange_n(p, &old, want, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  return old;
}
EMU_EXPORT void tilec_emu_asm_red_add_f16(uint16_t *p, uint16_t v) { (void)tilec_emu_asm_atom_add_f16(p, v); }
static float emu_bf16_to_float(uint16_t h) {
  uint32_t b = (uint32_t)h << 16;
  float f;
  memcpy(&f, &b, 4);
  return f;
}
EMU_EXPORT uint16_t tilec_emu_asm_atom_add_bf16(uint16_t *p, uint16_t v) {
  uint16_t old = __atomic_load_n(p, __ATOMIC_SEQ_CST), want;
  do {
    _Float16 h = __truncsfbf2(emu_bf16_to_float(old) + emu_bf16_to_float(v));
    memcpy(&want, &h, 2);
  } while (!__atomic_compare_exchange_n(p, &old, want, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  return old;
}
EMU_EXPORT void tilec_emu_asm_red_add_bf16(uint16_t *p, uint16_t v) { (void)tilec_emu_asm_atom_add_bf16(p, v); }
EMU_EXPORT uint32_t tilec_emu_asm_atom_cas_b32(uint32_t *p, uint32_t cmp, uint32_t v) {
  __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cmp;
}
EMU_EXPORT uint64_t tilec_emu_asm_atom_cas_b64(uint64_t *p, uint64_t cmp, uint64_t v) {
  __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cmp;
}
/* the .b32 / .b64 forms tilec calls with float operands (tilec-emu-build's __f / __d suffix) */
EMU_EXPORT float tilec_emu_asm_atom_cas_b32__f(float *p, float cmp, float v) {
  uint32_t c, n, r;
  memcpy(&c, &cmp, 4), memcpy(&n, &v, 4);
  r = tilec_emu_asm_atom_cas_b32((uint32_t *)p, c, n);
  memcpy(&cmp, &r, 4);
  return cmp;
}
EMU_EXPORT double tilec_emu_asm_atom_cas_b64__d(double *p, double cmp, double v) {
  uint64_t c, n, r;
  memcpy(&c, &cmp, 8), memcpy(&n, &v, 8);
  r = tilec_emu_asm_atom_cas_b64((uint64_t *)p, c, n);
  memcpy(&cmp, &r, 8);
  return cmp;
}
EMU_EXPORT float tilec_emu_asm_atom_exch_b32__f(float *p, float v) {
  uint32_t n, r;
  memcpy(&n, &v, 4);
  r = tilec_emu_asm_atom_exch_b32((uint32_t *)p, n);
  memcpy(&v, &r, 4);
  return v;
}
EMU_EXPORT double tilec_emu_asm_atom_exch_b64__d(double *p, double v) {
  uint64_t n, r;
  memcpy(&n, &v, 8);
  r = tilec_emu_asm_atom_exch_b64((uint64_t *)p, n);
  memcpy(&v, &r, 8);
  return v;
}

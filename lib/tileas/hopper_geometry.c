/* hopper_geometry: the pure computations of the Hopper path — wgmma shared-memory matrix
 * descriptors, the SMEM geometry of a TMA-landed operand tile, the k16-step offsets, the
 * mbarrier ring parities and the cuTensorMapEncodeTiled fields of a view.
 * Algorithm: PTX ISA "Matrix Descriptor Format" (ptx_ground_truth.md §5.1): start address
 * (addr & 0x3FFFF) >> 4 in bits 13:0, LBO >> 4 in 29:16, SBO >> 4 in 45:32, base offset 0 (every
 * buffer is aligned to the swizzle pattern's repeat, 8 rows × span), swizzle code in 63:62.
 * K-major swizzled operands (CUTLASS `Sw<..> o ((8,m),(T,2k))`): LBO unused (1), SBO = 8 rows ×
 * span, a k step (32 bytes of K: k16 of 16-bit types, k8 of tf32, k32 of 8-bit ones) inside the
 * span row = +32 B. MN-major swizzled operands (16-bit only: CUTLASS
 * `((T,8,m),(8,k)):((1,T,LBO),(8T,SBO))`): LBO = stride between MN atoms (one TMA box), SBO =
 * 8 K-rows × span, a k16 step = 16 K-rows. Parities: ptx_ground_truth.md §5.3.
 * tcgen05 (sm_100a, ptx_ground_truth.md §5.2): the same start/LBO/SBO fields and canonical layouts,
 * version 0b001 in bits 48:46, the swizzle code in 63:61 (2 = 128B, 4 = 64B, 6 = 32B: the sm_90
 * bit patterns); the instruction descriptor (kinds f16/tf32/f8f6f4/i8): D type in 5:4 (f32 1, s32
 * 2), A / B types in 9:7 / 12:10 (f16 0, bf16 1, tf32 2; e4m3 0, e5m2 1; u8 0, s8 1), A / B major in
 * 15 / 16 (1 = MN-major), N >> 3 in 22:17, M >> 4 in 28:24.
 * Seed: 001 (TMA + wgmma pipeline). Knobs: none. */
#include <stdio.h>
#include <string.h>

#include "tileas/hopper_plan.h"

int ct_wgmma_swizzle_code(int swizzle_bytes) {
  switch (swizzle_bytes) {
  case 0: return 0;
  case 128: return 1;
  case 64: return 2;
  case 32: return 3;
  default: return -1;
  }
}

static uint64_t field14(int64_t bytes) { return ((uint64_t)bytes & 0x3FFFFu) >> 4; }

uint64_t ct_wgmma_desc_const(int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes) {
  int code = ct_wgmma_swizzle_code(swizzle_bytes);
  if (code < 0) code = 0;
  return (field14(lbo_bytes) << 16) | (field14(sbo_bytes) << 32) | ((uint64_t)code << 62);
}

uint64_t ct_wgmma_desc(uint32_t smem_addr, int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes) {
  return field14(smem_addr) | ct_wgmma_desc_const(swizzle_bytes, lbo_bytes, sbo_bytes);
}

void ct_wgmma_operand_geom_init(ct_wgmma_operand_geom *g, bool k_major, int swizzle, int esize, int64_t rows, int nboxes) {
  memset(g, 0, sizeof *g);
  g->k_major = k_major;
  g->swizzle = swizzle;
  g->esize = esize;
  g->rows = rows;
  g->nboxes = nboxes;
  g->box_bytes = g->box_stride = rows * swizzle;
  if (k_major) {
    g->lbo = 16; /* unused for swizzled K-major layouts; encoded as 1 */
    g->sbo = 8 * (int64_t)swizzle;
  } else {
    g->lbo = g->box_bytes;
    g->sbo = 8 * (int64_t)swizzle;
  }
}

void ct_wgmma_operand_geom_batch(ct_wgmma_operand_geom *g, int64_t batch) {
  g->box_stride = batch * g->box_bytes;
  if (!g->k_major) g->lbo = g->box_stride; /* the next MN swizzle atom of the same batch */
}

uint64_t ct_tcgen05_desc_const(int swizzle_bytes, int64_t lbo_bytes, int64_t sbo_bytes) {
  return ct_wgmma_desc_const(swizzle_bytes, lbo_bytes, sbo_bytes) | (1ull << 46);
}

int ct_tcgen05_kind(ct_elem e) {
  switch (e) {
  case CT_F16:
  case CT_BF16: return CT_TCGEN05_KIND_F16;
  case CT_TF32: return CT_TCGEN05_KIND_TF32;
  case CT_F8E4M3FN:
  case CT_F8E5M2: return CT_TCGEN05_KIND_F8F6F4;
  case CT_I8: return CT_TCGEN05_KIND_I8;
  default: return -1;
  }
}

static uint32_t tcgen05_operand_format(ct_elem e, bool is_unsigned) {
  switch (e) {
  case CT_BF16: return 1;
  case CT_TF32: return 2;
  case CT_F8E5M2: return 1;
  case CT_I8: return is_unsigned ? 0 : 1;
  default: return 0; /* f16, e4m3 */
  }
}

uint32_t ct_tcgen05_idesc(ct_elem ab, ct_elem acc, bool a_unsigned, bool b_unsigned, bool a_mn_major, bool b_mn_major,
                          int64_t m, int64_t n) {
  uint32_t d = acc == CT_I32 ? 2u : acc == CT_F32 ? 1u : 0u;
  return (d << 4) | (tcgen05_operand_format(ab, a_unsigned) << 7) | (tcgen05_operand_format(ab, b_unsigned) << 10) |
         ((a_mn_major ? 1u : 0u) << 15) | ((b_mn_major ? 1u : 0u) << 16) | ((uint32_t)(n >> 3) << 17) |
         ((uint32_t)(m >> 4) << 24);
}

int64_t ct_tcgen05_alloc_columns(int64_t columns) {
  int64_t c = 32;
  while (c < columns) c *= 2;
  return c;
}

int ct_wgmma_kstep_elems(ct_elem e) { return CT_WGMMA_KSTEP_BYTES * 8 / ct_elem_bits(e); }

bool ct_wgmma_transposable(ct_elem e) { return e == CT_F16 || e == CT_BF16; }

int64_t ct_wgmma_kstep_offset(const ct_wgmma_operand_geom *g, int64_t kk, int64_t row_offset) {
  if (g->k_major) {
    int64_t kbytes = kk * CT_WGMMA_KSTEP_BYTES;
    int64_t slab = kbytes / g->swizzle, within = kbytes % g->swizzle;
    return slab * g->box_stride + row_offset * g->swizzle + within;
  }
  return kk * (CT_WGMMA_KSTEP_BYTES / g->esize) * (int64_t)g->swizzle;
}

int64_t ct_tma_swizzle_offset(int64_t off, int swizzle_bytes) {
  if (swizzle_bytes < 32) return off;
  int64_t mask = swizzle_bytes / 16 - 1;
  return off ^ (((off >> 7) & mask) << 4);
}

int ct_ring_full_parity(int64_t kt, int stages) { return (int)((kt / stages) & 1); }
int ct_ring_empty_parity(int64_t fill, int stages) { return (int)(((fill / stages) & 1) ^ 1); }

bool ct_tensormap_fields_from_view(const ct_type *v, const int64_t *box, int swizzle, ct_tensormap_fields *out,
                                   const char **why) {
  return ct_tensormap_fields_from_view_args(v, box, swizzle, NULL, NULL, NULL, out, why);
}

bool ct_tensormap_fields_from_view_args(const ct_type *v, const int64_t *box, int swizzle, const int *dim_args,
                                        const int *stride_args, const int64_t *stride_div_bytes, ct_tensormap_fields *out,
                                        const char **why) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < CT_MAX_RANK; i++) out->dim_arg[i] = out->stride_arg[i] = -1;
  *why = NULL;
  if (v->kind != CT_TYPE_PARTITION_VIEW) return *why = "not a partition view", false;
  if (v->rank < 1 || v->rank > 5) return *why = "TMA needs a tensor rank of 1 to 5", false;
  if (v->has_dim_map)
    for (int d = 0; d < v->rank; d++)
      if (v->dim_map[d] != d) return *why = "the view permutes dimensions (dim_map)", false;
  int esize = ct_elem_bits(v->elem) / 8;
  if (esize < 1) return *why = "sub-byte element type", false;
  out->elem = v->elem;
  out->rank = v->rank;
  out->swizzle = swizzle;
  for (int i = 0; i < v->rank; i++) {
    int d = v->rank - 1 - i; /* innermost first */
    if (v->shape[d] == CT_DYNAMIC) {
      if (!dim_args || dim_args[d] < 0) return *why = "a dynamic tensor dimension is not a kernel argument", false;
      out->dim_arg[i] = dim_args[d];
    }
    out->dims[i] = v->shape[d];
    out->box[i] = box[d];
    if (box[d] < 1 || box[d] > 256) return *why = "a TMA box dimension is outside 1..256", false;
    if (i == 0) {
      if (v->strides[d] != 1) return *why = "the innermost dimension is not contiguous", false;
    } else if (v->strides[d] == CT_DYNAMIC) {
      if (!stride_args || stride_args[d] < 0) return *why = "a dynamic tensor stride is not a kernel argument", false;
      if (!stride_div_bytes || stride_div_bytes[d] <= 0 || stride_div_bytes[d] % 16)
        return *why = "a dynamic byte stride is not proven a multiple of 16 (assume div_by)", false;
      out->stride_arg[i - 1] = stride_args[d];
      out->strides_bytes[i - 1] = CT_DYNAMIC;
    } else {
      int64_t sb = v->strides[d] * esize;
      if (sb % 16 || sb <= 0 || sb >= (1LL << 40)) return *why = "a byte stride is not a positive multiple of 16", false;
      out->strides_bytes[i - 1] = sb;
    }
  }
  if ((out->box[0] * esize) % 16) return *why = "the inner box extent is not a multiple of 16 bytes", false;
  if (swizzle && out->box[0] * esize > swizzle) return *why = "the inner box extent exceeds the swizzle span", false;
  return true;
}

/* " key=v0,v1,..": entry i is `@<args[i]>` (× `*<mul>` when mul > 0) when args && args[i] >= 0. */
static int put_list(char *buf, size_t cap, int pos, const char *key, const int64_t *v, int n, const int *args, int mul) {
  int k = snprintf(buf + (pos < (int)cap ? pos : (int)cap), pos < (int)cap ? cap - (size_t)pos : 0, " %s=", key);
  pos += k > 0 ? k : 0;
  for (int i = 0; i < n; i++) {
    char *at = buf + (pos < (int)cap ? pos : (int)cap);
    size_t room = pos < (int)cap ? cap - (size_t)pos : 0;
    const char *sep = i ? "," : "";
    if (args && args[i] >= 0 && mul > 0) k = snprintf(at, room, "%s@%d*%d", sep, args[i], mul);
    else if (args && args[i] >= 0) k = snprintf(at, room, "%s@%d", sep, args[i]);
    else k = snprintf(at, room, "%s%lld", sep, (long long)v[i]);
    pos += k > 0 ? k : 0;
  }
  return pos;
}

int ct_tensormap_format(const ct_tensormap_fields *f, int param, int base_arg, char *buf, size_t cap) {
  if (cap) buf[0] = 0;
  int pos = snprintf(buf, cap, "param=%d base_arg=%d dtype=%s rank=%d", param, base_arg, ct_elem_name(f->elem), f->rank);
  if (pos < 0) return pos;
  int esize = ct_elem_bits(f->elem) / 8;
  pos = put_list(buf, cap, pos, "dims", f->dims, f->rank, f->dim_arg, 0);
  pos = put_list(buf, cap, pos, "strides_bytes", f->strides_bytes, f->rank - 1, f->stride_arg, esize);
  pos = put_list(buf, cap, pos, "box", f->box, f->rank, NULL, 0);
  int64_t ones[CT_MAX_RANK];
  for (int i = 0; i < CT_MAX_RANK; i++) ones[i] = 1;
  pos = put_list(buf, cap, pos, "elem_strides", ones, f->rank, NULL, 0);
  char sw[16];
  if (f->swizzle) snprintf(sw, sizeof sw, "%dB", f->swizzle);
  else snprintf(sw, sizeof sw, "none");
  int k = snprintf(buf + (pos < (int)cap ? pos : (int)cap), pos < (int)cap ? cap - (size_t)pos : 0,
                   " swizzle=%s interleave=none l2=256B oob=zero", sw);
  return pos + (k > 0 ? k : 0);
}

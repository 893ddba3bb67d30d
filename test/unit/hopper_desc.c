/* hopper_desc: the pure computations of the Hopper path (lib/tileas/hopper_geometry.c) against
 * hand-computed values:
 *  - wgmma descriptors: the verified gen_sm90.py constant (K-major, 128B swizzle, LBO 16, SBO 1024
 *    = 0x4000004000010000) and its address field, plus the 64B / MN-major descriptors of
 *    examples/gemm.mlir;
 *  - operand geometry and k16-step offsets (K-major +32 B per step inside a swizzle row, next slab
 *    after the span; MN-major 16 rows × span per step);
 *  - the mbarrier ring parity sequence (consumer: 0,0,1,1,0,0 for S = 2; producer refills);
 *  - cuTensorMapEncodeTiled fields and the ABI comment text, and the rejections;
 *  - the TMA swizzle of a staged box (hand values of Swizzle<b,4,3>; a permutation of each
 *    8-row pattern that keeps 16-byte chunks whole);
 *  - the wgmma accumulator layout equals the PTX m64nNk16 D fragment (row = 16·warp + lane/4 +
 *    8·half, col = 8·j + 2·(lane%4) + c for register 4j + 2·half + c);
 *  - tcgen05 (sm_100a): the verified gen_sm100.py descriptor constant (0x4000404000010000) and
 *    instruction descriptor (kind::f16 f32 128x128 K-major: 0x08200010), the other kinds' type
 *    codes, the TMEM allocation sizes, and the tcgen05.ld accumulator layouts (M = 128, 32x32b:
 *    thread of warp w, lane l holds row 32(w % 4) + l, columns (w / 4) x N/2 + r in register r;
 *    M = 64, 16x256b: the m16n8 C fragment per warp). */
#include <stdio.h>
#include <string.h>

#include "tileas/reg_layout.h"
#include "nvvm/lower_hopper.h"

#include "unit_check.h"

static void test_desc(void) {
  CHECK(ct_wgmma_swizzle_code(128) == 1 && ct_wgmma_swizzle_code(64) == 2 && ct_wgmma_swizzle_code(32) == 3 &&
            ct_wgmma_swizzle_code(0) == 0 && ct_wgmma_swizzle_code(16) == -1,
        "swizzle codes");
  /* gen_sm90.py: DESC_HI = (1 << 16) | (64 << 32) | (1 << 62) */
  CHECK(ct_wgmma_desc_const(128, 16, 1024) == 0x4000004000010000ull, "sm90 generator constant: %llx",
        (unsigned long long)ct_wgmma_desc_const(128, 16, 1024));
  CHECK(ct_wgmma_desc(0x1400, 128, 16, 1024) == (0x4000004000010000ull | 0x140), "address field");
  CHECK(ct_wgmma_desc(0x41400, 128, 16, 1024) == (0x4000004000010000ull | 0x140), "address masked to 18 bits");
  /* examples/gemm.mlir: A 64B swizzle K-major, B 128B swizzle MN-major with 4096-byte boxes */
  CHECK(ct_wgmma_desc_const(64, 16, 512) == 0x8000002000010000ull, "A 64B");
  CHECK(ct_wgmma_desc_const(128, 4096, 1024) == 0x4000004001000000ull, "B MN-major");
  CHECK(ct_wgmma_desc_const(32, 16, 256) == 0xC000001000010000ull, "32B");
}

static void test_geometry(void) {
  ct_wgmma_operand_geom a, b, a128;
  ct_wgmma_operand_geom_init(&a, true, 64, 2, 128, 1);
  CHECK(a.lbo == 16 && a.sbo == 512 && a.box_bytes == 8192, "A geometry");
  CHECK(ct_wgmma_kstep_offset(&a, 0, 0) == 0 && ct_wgmma_kstep_offset(&a, 1, 0) == 32, "A k steps");
  CHECK(ct_wgmma_kstep_offset(&a, 1, 64) == 64 * 64 + 32, "A second warpgroup");
  ct_wgmma_operand_geom_init(&a128, true, 128, 2, 128, 2); /* K = 128: two 64-wide slabs */
  CHECK(ct_wgmma_kstep_offset(&a128, 3, 0) == 96, "A k step 3 inside the first slab");
  CHECK(ct_wgmma_kstep_offset(&a128, 4, 0) == 128 * 128, "A k step 4 starts the second slab");
  CHECK(ct_wgmma_kstep_offset(&a128, 5, 64) == 128 * 128 + 64 * 128 + 32, "A slab 2 + warpgroup 1");
  ct_wgmma_operand_geom_init(&b, false, 128, 2, 32, 2);
  CHECK(b.lbo == 4096 && b.sbo == 1024 && b.box_bytes == 4096, "B geometry");
  CHECK(ct_wgmma_kstep_offset(&b, 1, 0) == 2048, "B k step = 16 rows of 128 B");
  /* a batched pipe (3-D box [2, rows, span]): each box column holds both batches' slabs, so the next
   * column is 2 slabs on (K-major: the k step's slab; MN-major: LBO) */
  ct_wgmma_operand_geom ab, bb;
  ct_wgmma_operand_geom_init(&ab, true, 128, 2, 64, 2);
  ct_wgmma_operand_geom_batch(&ab, 2);
  CHECK(ab.box_bytes == 8192 && ab.box_stride == 16384 && ab.lbo == 16, "batched A geometry");
  CHECK(ct_wgmma_kstep_offset(&ab, 3, 0) == 96 && ct_wgmma_kstep_offset(&ab, 4, 0) == 16384, "batched A k steps");
  ct_wgmma_operand_geom_init(&bb, false, 128, 2, 32, 2);
  ct_wgmma_operand_geom_batch(&bb, 2);
  CHECK(bb.lbo == 8192 && bb.sbo == 1024 && bb.box_bytes == 4096, "batched B geometry (LBO: the next column of batch b)");
  CHECK(ct_wgmma_kstep_offset(&bb, 1, 0) == 2048, "batched B k step");
}

static void test_parity(void) {
  static const int full2[8] = {0, 0, 1, 1, 0, 0, 1, 1};
  for (int kt = 0; kt < 8; kt++) CHECK(ct_ring_full_parity(kt, 2) == full2[kt], "full parity kt=%d", kt);
  static const int full3[7] = {0, 0, 0, 1, 1, 1, 0};
  for (int kt = 0; kt < 7; kt++) CHECK(ct_ring_full_parity(kt, 3) == full3[kt], "full parity S=3 kt=%d", kt);
  /* first pass over the ring would wait on parity 1 (passes on a fresh barrier); the refill for
   * iteration kt + S waits on the parity of the consumers' release of iteration kt */
  for (int kt = 0; kt < 8; kt++) {
    CHECK(ct_ring_empty_parity(kt, 4) == (kt < 4 ? 1 : 0), "empty parity first rounds kt=%d", kt);
    CHECK(ct_ring_empty_parity(kt + 2, 2) == ct_ring_full_parity(kt, 2), "refill parity kt=%d", kt);
  }
}

static ct_type view_type(ct_elem e, int64_t rows, int64_t cols, int64_t stride, int32_t t0, int32_t t1) {
  ct_type v;
  memset(&v, 0, sizeof v);
  v.kind = CT_TYPE_PARTITION_VIEW;
  v.elem = e;
  v.rank = 2;
  v.shape[0] = rows;
  v.shape[1] = cols;
  v.strides[0] = stride;
  v.strides[1] = 1;
  v.tile_rank = 2;
  v.tile_shape[0] = t0;
  v.tile_shape[1] = t1;
  return v;
}

static void test_tensormap(void) {
  ct_type v = view_type(CT_F16, 1024, 512, 1024, 128, 32);
  int64_t box[2] = {128, 32};
  ct_tensormap_fields f;
  const char *why;
  CHECK(ct_tensormap_fields_from_view(&v, box, 64, &f, &why), "A map: %s", why ? why : "");
  CHECK(f.rank == 2 && f.dims[0] == 512 && f.dims[1] == 1024 && f.strides_bytes[0] == 2048 && f.box[0] == 32 &&
            f.box[1] == 128 && f.swizzle == 64,
        "A map fields");
  char buf[512];
  ct_tensormap_format(&f, 3, 0, buf, sizeof buf);
  CHECK(!strcmp(buf, "param=3 base_arg=0 dtype=f16 rank=2 dims=512,1024 strides_bytes=2048 box=32,128 "
                     "elem_strides=1,1 swizzle=64B interleave=none l2=256B oob=zero"),
        "format: %s", buf);
  char small[20];
  int need = ct_tensormap_format(&f, 3, 0, small, sizeof small);
  CHECK(need == (int)strlen(buf) && strlen(small) == sizeof small - 1, "truncation reports the full length");
  int64_t wide[2] = {128, 128};
  CHECK(!ct_tensormap_fields_from_view(&v, wide, 128, &f, &why) && why, "inner box over the swizzle span");
  ct_type odd = view_type(CT_F16, 1024, 1000, 1000 + 4, 128, 32); /* 2008-byte rows */
  CHECK(!ct_tensormap_fields_from_view(&odd, box, 64, &f, &why) && why, "stride not a multiple of 16 B");
  ct_type dyn = view_type(CT_F16, CT_DYNAMIC, 512, 1024, 128, 32);
  CHECK(!ct_tensormap_fields_from_view(&dyn, box, 64, &f, &why) && why, "dynamic shape");
  int64_t big[2] = {512, 32};
  CHECK(!ct_tensormap_fields_from_view(&v, big, 64, &f, &why) && why, "box dim over 256");
  /* run-time dims and pitch (docs/abi.md `@j`): A[M, K] with M = arg 3, K = arg 5, pitch K */
  ct_type rt = view_type(CT_F16, CT_DYNAMIC, CT_DYNAMIC, CT_DYNAMIC, 128, 32);
  int dim_args[2] = {3, 5}, stride_args[2] = {5, -1};
  int64_t sdiv[2] = {32, 0};
  CHECK(ct_tensormap_fields_from_view_args(&rt, box, 64, dim_args, stride_args, sdiv, &f, &why), "run-time map: %s",
        why ? why : "");
  ct_tensormap_format(&f, 6, 0, buf, sizeof buf);
  CHECK(!strcmp(buf, "param=6 base_arg=0 dtype=f16 rank=2 dims=@5,@3 strides_bytes=@5*2 box=32,128 "
                     "elem_strides=1,1 swizzle=64B interleave=none l2=256B oob=zero"),
        "run-time format: %s", buf);
  sdiv[0] = 8; /* div_by<4> f16: 8-byte multiples only */
  CHECK(!ct_tensormap_fields_from_view_args(&rt, box, 64, dim_args, stride_args, sdiv, &f, &why) && why,
        "run-time pitch not proven a multiple of 16 B");
  sdiv[0] = 32;
  dim_args[0] = -1;
  CHECK(!ct_tensormap_fields_from_view_args(&rt, box, 64, dim_args, stride_args, sdiv, &f, &why) && why,
        "run-time dim that is no kernel argument");
}

static void test_tma_swizzle(void) {
  CHECK(ct_tma_swizzle_offset(136, 0) == 136, "none");
  CHECK(ct_tma_swizzle_offset(0, 32) == 0 && ct_tma_swizzle_offset(96, 32) == 96, "32B rows 0-3 unchanged");
  CHECK(ct_tma_swizzle_offset(128, 32) == 144 && ct_tma_swizzle_offset(152, 32) == 136, "32B row 4 halves swapped");
  CHECK(ct_tma_swizzle_offset(256 + 128, 32) == 256 + 144, "32B period 256");
  CHECK(ct_tma_swizzle_offset(128, 128) == 144 && ct_tma_swizzle_offset(7 * 128 + 32 + 4, 128) == 976 + 4, "128B");
  CHECK(ct_tma_swizzle_offset(64 + 8, 64) == 64 + 8 && ct_tma_swizzle_offset(3 * 64 + 8, 64) == 3 * 64 + 24 && ct_tma_swizzle_offset(5 * 64, 64) == 5 * 64 + 32,
        "64B: rows of 64 B, bits 5:4 ^= bits 8:7");
  int swz[3] = {32, 64, 128};
  for (int i = 0; i < 3; i++) {
    int period = 8 * swz[i];
    static unsigned char seen[1024];
    memset(seen, 0, sizeof seen);
    bool ok = true;
    for (int off = 0; off < period; off++) {
      int64_t o = ct_tma_swizzle_offset(off, swz[i]);
      if (o < 0 || o >= period || seen[o] || (o & 15) != (off & 15)) ok = false;
      else seen[o] = 1;
    }
    CHECK(ok, "swizzle %dB is a chunk permutation of its %d-byte period", swz[i], period);
  }
}

static void test_acc_layout(void) {
  for (int wg = 1; wg <= 2; wg++) {
    int64_t m = 64 * wg, n = 128;
    ct_layout l;
    CHECK(ct_layout_mma_acc_grid(&l, m, n, 4 * wg, 1), "layout m=%lld", (long long)m);
    CHECK(ct_layout_num_regs(&l) == n / 2, "N/2 registers");
    for (uint32_t warp = 0; warp < (uint32_t)(4 * wg); warp++)
      for (uint32_t lane = 0; lane < 32; lane++)
        for (uint32_t r = 0; r < (uint32_t)(n / 2); r++) {
          uint32_t j = r / 4, half = (r / 2) & 1, c = r & 1;
          int64_t row = 16 * warp + lane / 4 + 8 * half, col = 8 * j + 2 * (lane % 4) + c;
          uint32_t flat = ct_layout_flat(&l, r, lane, warp);
          CHECK(ct_layout_coord(&l, flat, 0) == row && ct_layout_coord(&l, flat, 1) == col,
                "fragment warp %u lane %u reg %u", warp, lane, r);
        }
  }
}

static void test_tcgen05(void) {
  /* gen_sm100.py: DESC_HI = (1 << 16) | (64 << 32) | (1 << 46) | (2 << 61) */
  CHECK(ct_tcgen05_desc_const(128, 16, 1024) == 0x4000404000010000ull, "sm100 generator constant: %llx",
        (unsigned long long)ct_tcgen05_desc_const(128, 16, 1024));
  CHECK(ct_tcgen05_desc_const(64, 16, 512) == (0x8000002000010000ull | (1ull << 46)), "64B: code 4 at 63:61");
  CHECK(ct_tcgen05_idesc(CT_F16, CT_F32, false, false, false, false, 128, 128) == 0x08200010u, "gen_sm100.py idesc %x",
        ct_tcgen05_idesc(CT_F16, CT_F32, false, false, false, false, 128, 128));
  CHECK(ct_tcgen05_idesc(CT_F16, CT_F32, false, false, false, true, 128, 128) == 0x08210010u, "B MN-major: bit 16");
  CHECK(ct_tcgen05_idesc(CT_BF16, CT_F32, false, false, false, false, 128, 64) == (0x10u | 1u << 7 | 1u << 10 | 8u << 17 | 8u << 24),
        "bf16 N=64");
  CHECK(ct_tcgen05_idesc(CT_TF32, CT_F32, false, false, false, false, 128, 256) == (0x10u | 2u << 7 | 2u << 10 | 32u << 17 | 8u << 24),
        "tf32 N=256");
  CHECK(ct_tcgen05_idesc(CT_F8E5M2, CT_F32, false, false, false, false, 128, 128) == (0x10u | 1u << 7 | 1u << 10 | 16u << 17 | 8u << 24),
        "e5m2");
  CHECK(ct_tcgen05_idesc(CT_I8, CT_I32, true, false, false, false, 128, 128) == (0x20u | 0u << 7 | 1u << 10 | 16u << 17 | 8u << 24),
        "u8 x s8 -> s32");
  CHECK(ct_tcgen05_kind(CT_F16) == CT_TCGEN05_KIND_F16 && ct_tcgen05_kind(CT_BF16) == CT_TCGEN05_KIND_F16 &&
            ct_tcgen05_kind(CT_TF32) == CT_TCGEN05_KIND_TF32 && ct_tcgen05_kind(CT_F8E4M3FN) == CT_TCGEN05_KIND_F8F6F4 &&
            ct_tcgen05_kind(CT_I8) == CT_TCGEN05_KIND_I8 && ct_tcgen05_kind(CT_F32) == -1,
        "kinds");
  CHECK(ct_tcgen05_alloc_columns(16) == 32 && ct_tcgen05_alloc_columns(64) == 64 && ct_tcgen05_alloc_columns(96) == 128 &&
            ct_tcgen05_alloc_columns(256) == 256,
        "allocation sizes");
  for (int warps = 4; warps <= 8; warps *= 2) {
    ct_layout l;
    CHECK(ct_layout_tcgen05_acc(&l, 128, 128, warps), "tcgen05 layout of %d warps", warps);
    int per = 128 / (warps / 4);
    CHECK(ct_layout_num_regs(&l) == per, "%d columns per thread", per);
    for (uint32_t w = 0; w < (uint32_t)warps; w++)
      for (uint32_t lane = 0; lane < 32; lane += 7)
        for (uint32_t r = 0; r < (uint32_t)per; r += 5) {
          uint32_t f = ct_layout_flat(&l, r, lane, w);
          CHECK(f / 128 == 32 * (w % 4) + lane && f % 128 == (w / 4) * per + r, "warp %u lane %u reg %u -> %u", w, lane, r, f);
        }
  }
  /* M = 64 (layout F, tcgen05.ld 16x256b): register r of lane l in warp w = row 16w + l/4 + 8((r/2)%2),
   * column 8(r/4) + 2(l%4) + r%2 — the wgmma accumulator layout of one warpgroup */
  ct_layout f, acc;
  CHECK(ct_layout_tcgen05_acc(&f, 64, 128, 4) && ct_layout_mma_acc_grid(&acc, 64, 128, 4, 1) && ct_layout_equal(&f, &acc),
        "M=64: the m16n8 fragment layout");
  for (uint32_t w = 0; w < 4; w++)
    for (uint32_t lane = 0; lane < 32; lane += 3)
      for (uint32_t r = 0; r < 64; r += 7) {
        uint32_t flat = ct_layout_flat(&f, r, lane, w);
        CHECK(flat / 128 == 16 * w + lane / 4 + 8 * ((r / 2) % 2) && flat % 128 == 8 * (r / 4) + 2 * (lane % 4) + r % 2,
              "M=64 warp %u lane %u reg %u -> %u", w, lane, r, flat);
      }
  ct_layout bad;
  CHECK(!ct_layout_tcgen05_acc(&bad, 64, 128, 8) && !ct_layout_tcgen05_acc(&bad, 128, 128, 2) &&
            !ct_layout_tcgen05_acc(&bad, 256, 128, 8),
        "M=64 on 8 warps, 2 warps and M=256 refused");
}

int main(void) {
  test_desc();
  test_geometry();
  test_parity();
  test_tensormap();
  test_tma_swizzle();
  test_acc_layout();
  test_tcgen05();
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("hopper_desc: all checks passed\n");
  return 0;
}

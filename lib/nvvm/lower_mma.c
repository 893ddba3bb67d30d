/* lower_mma: `mmaf` / `mmai` (2-D) on tensor cores with mma.sync.aligned (m16n8k16 for f16/bf16 ->
 * f32 and f16 -> f16, m16n8k8 for tf32, m16n8k32 for fp8 -> f32/f16 and i8 -> i32), or a simple FMA form.
 *
 * Tensor-core path (TileAS put the op on mma.sync, path_select.c; M%16 = N%8 = 0, K a multiple of
 * the k step, enough tiles for the warps): the accumulator lives in the mma C-fragment layout
 * (tileas/reg_layout.h, ct_layout_mma_acc; warps form a wm × wn grid, each owns a (M/wm) × (N/wn)
 * block; batched 3-D: every batch's fragment, batch bits the highest register bits, the batches
 * staged one after another and multiplied in turn). A is written to shared memory row-major, B row-major (f16/bf16) or transposed (i8: four
 * consecutive k of one column per register, which ldmatrix.trans cannot gather from bytes), rows
 * padded by 16 bytes so that the eight 16-byte rows an ldmatrix phase reads fall in distinct
 * banks; bar.sync; per k step every warp loads its B fragments with ldmatrix.x4 (.trans for
 * f16/bf16; x2 when a warp has one n8 tile), then per m16 row of tiles one A fragment with
 * ldmatrix.x4 and one mma per n8 tile (one A fragment live at a time; each fragment is bitcast
 * once). The next user of the buffer starts with bar.sync.
 * FMA path (other types / shapes): A and B through shared memory (3-D:
 * [batch x rows] flattened), each accumulator register does K multiply-adds in f32 (f64 for f64;
 * for mmai i32 multiply-adds of the operands sign- or zero-extended by their signedness). 2-D
 * mmaf unrolls K; mmai and 3-D run a real K loop with loop-carried accumulators (unrolled, K x
 * registers products do not fit: 412 bytes of spills on a 64x64x64 int8 GEMM).
 * TODO: tf32/f8 tensor-core paths, wgmma .s8, tcgen05.
 * Knobs: SMEM_ROW_PAD_BYTES (bytes added to each shared-memory row of the tensor-core staging). */
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_internal.h"

#define SMEM_ROW_PAD_BYTES 16

static bool streq(const char *a, const char *b) { return !strcmp(a, b); }
static MlirType value_type_of(MlirValue v) { return mlirValueGetType(v); }

static bool mma_types(ct_lower *L, MlirOperation op, ct_type *a, ct_type *b, ct_type *c) {
  return value_type(L, op, mlirOperationGetOperand(op, 0), a) && value_type(L, op, mlirOperationGetOperand(op, 1), b) &&
         value_type(L, op, mlirOperationGetOperand(op, 2), c);
}

/* The accumulator layout of mmaf: TileAS's (tileas.reg_layout, reg_layouts.c), else the one that
 * pass would choose (the wgmma path's, or mma.sync's C fragment when the operands fit); NULL: the
 * FMA form (the accumulator keeps its operand's layout), or a malformed layout after an error. */
const ct_layout *mma_result_layout(ct_lower *L, MlirOperation mmaf) {
  if (mlirOperationGetNumOperands(mmaf) != 3) return NULL;
  ct_type a, b, c;
  if (!ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 0)), &a) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 1)), &b) ||
      !ct_type_from_mlir(mlirValueGetType(mlirOperationGetOperand(mmaf, 2)), &c))
    return NULL;
  ct_mma_family fam;
  if (ct_tileas_op_mma(mmaf, &fam) && fam == CT_MMA_FMA) return NULL; /* (its tileas.reg_layout: the accumulator's) */
  const ct_layout *chosen;
  if (reg_layout_read(L, mmaf, &c, &chosen)) return chosen;
  ct_layout l;
  const ct_layout *h = hopper_result_layout(L, mmaf);
  if (h) return h;
  if (!ct_reg_layout_mma_sync_ok(&a, &b, &c, L->nwarps)) return NULL;
  if (!ct_layout_mma_acc_of(&l, &c, L->nwarps)) return NULL;
  return layout_intern(L, &l);
}

/* Store a 2-D (or batched 3-D: [batch x rows] flattened) tile to shared memory at row stride `ld`
 * (elements); `base` is 16-byte aligned. transposed: element (r, c) goes to c*ld + r (batched:
 * (b*C + c)*ld + r).
 * The G lowest registers of a thread that hold consecutive columns (layout reg bit i = column
 * bit i) go out as one vector store of G*esize ≤ 16 bytes when the row stride keeps it aligned
 * (the thread's column is then a multiple of G: thread bases never touch those bits); a
 * transposed tile goes out element by element. */
static void tile_to_smem(ct_lower *L, ct_lv *t, MlirValue base, int64_t ld, bool transposed) {
  ct_bld *b = &L->b;
  const ct_layout *l = t->layout;
  MlirType et = mlirValueGetType(t->regs[0]);
  int ebits = ct_elem_bits(t->type.elem);
  int64_t esize = ebits >= 8 ? ebits / 8 : 1;
  int gbits = 0;
  while (!transposed && gbits < l->nreg_bits && l->reg[gbits] == (1u << gbits)) gbits++;
  int64_t g = 1LL << gbits;
  while (g > 1 && (g * esize > 16 || (ld * esize) % (g * esize) != 0 || ebits < 8)) g /= 2;
  /* rank 3 (batched): the batch and row dims flattened into rows of `ld` elements (transposed:
   * the batch and column dims, each batch's columns a block of rows) */
  int r = t->type.rank;
  int64_t rows1 = r == 3 ? t->type.shape[transposed ? 2 : 1] : 1;
  MlirValue r0 = thread_coord(L, l, r - 2), c0 = thread_coord(L, l, r - 1);
  MlirValue b0 = r == 3 ? bld_mul(b, thread_coord(L, l, 0), bld_i32(b, rows1)) : bld_i32(b, 0);
  MlirValue tbase = transposed ? bld_add(b, bld_mul(b, bld_add(b, b0, c0), bld_i32(b, ld)), r0)
                               : bld_add(b, bld_mul(b, bld_add(b, b0, r0), bld_i32(b, ld)), c0);
  MlirType vt = g > 1 ? mlirVectorTypeGet(1, &g, et) : et;
  for (int k = 0; k < t->nregs; k += (int)g) {
    uint32_t rf = ct_layout_reg_flat(l, (uint32_t)k);
    int64_t bat = r == 3 ? ct_layout_coord(l, rf, 0) * rows1 : 0;
    int64_t row = ct_layout_coord(l, rf, r - 2);
    int64_t col = ct_layout_coord(l, rf, r - 1);
    int64_t off = transposed ? (bat + col) * ld + row : (bat + row) * ld + col;
    MlirValue idx = bld_add(b, tbase, bld_i32(b, off));
    if (g == 1) {
      smem_store_elem(L, base, idx, t->regs[k]);
      continue;
    }
    MlirValue vec = bld_undef(b, vt);
    for (int i = 0; i < g; i++) {
      MlirValue ops[3] = {vec, t->regs[k + i], bld_i32(b, i)};
      vec = bld_op1(b, "llvm.insertelement", vt, 3, ops, 0, NULL);
    }
    bld_store(b, vec, bld_gep(b, base, idx, et), g * esize);
  }
}

static MlirValue shared_byte_ptr(ct_lower *L, MlirValue base, MlirValue byte_off) {
  return bld_gep(&L->b, base, byte_off, L->b.i8);
}

/* ldmatrix (.x4 or .x2, optionally .trans) through inline PTX at the 32-bit shared address
 * `addr32` + `imm` bytes: the constant tile/k-step offset stays an immediate, so one address
 * register per lane serves every fragment (the intrinsic takes a pointer, and LLVM hoists one
 * 64-bit address register per fragment out of the k loop). Volatile: it reads shared memory
 * and must stay between the staging barriers. */
static MlirValue ldmatrix_asm(ct_lower *L, MlirValue addr32, int64_t imm, int nregs, bool trans, MlirType res) {
  char text[160];
  if (nregs == 4)
    snprintf(text, sizeof text, "ldmatrix.sync.aligned.m8n8.x4%s.shared.b16 {$0, $1, $2, $3}, [$4+%lld];",
             trans ? ".trans" : "", (long long)imm);
  else
    snprintf(text, sizeof text, "ldmatrix.sync.aligned.m8n8.x2%s.shared.b16 {$0, $1}, [$2+%lld];",
             trans ? ".trans" : "", (long long)imm);
  return bld_inline_asm_volatile(&L->b, text, nregs == 4 ? "=r,=r,=r,=r,r" : "=r,=r,r", res, 1, &addr32);
}

/* The mma.sync instruction of an mmaf/mmai: its NVVM intrinsic, its k step, the operand element
 * bytes, whether B is staged transposed. f16 / bf16 -> f32 and f16 -> f16: m16n8k16; tf32 -> f32:
 * m16n8k8; e4m3/e5m2 -> f32/f16: m16n8k32; i8 -> i32 (mmai, by each operand's signedness): m16n8k32
 * (products and sums wrap modulo 2^32, as the spec says: no .satfinite). A k step is 32 bytes of
 * K. An f16 accumulator (half_acc) is two <2 x half> per m16n8 tile, c0 c1 and c2 c3 (rounded to
 * f16 after every k step, as the instruction does). */
typedef struct mma_sync_insn {
  char intrinsic[64];
  int64_t kstep;
  int ebytes;
  bool integer, b_transposed, half_operands, half_acc;
} mma_sync_insn;

static const char *f8_name(ct_elem e) { return e == CT_F8E5M2 ? "e5m2" : "e4m3"; }

static mma_sync_insn mma_sync_insn_of(ct_elem a, ct_elem b, ct_elem c, bool a_signed, bool b_signed) {
  mma_sync_insn in = {.ebytes = ct_elem_bits(a) / 8, .half_acc = c == CT_F16};
  in.kstep = 32 / in.ebytes;
  in.b_transposed = in.ebytes != 2; /* ldmatrix.trans moves 16-bit elements only */
  in.integer = a == CT_I8;
  in.half_operands = a == CT_F16; /* the f16 intrinsic takes <2 x half>; the others i32 */
  if (in.integer)
    snprintf(in.intrinsic, sizeof in.intrinsic, "llvm.nvvm.mma.m16n8k32.row.col.%s%s", a_signed ? "s8" : "u8",
             a_signed == b_signed ? "" : b_signed ? ".s8" : ".u8");
  else if (a == CT_F8E4M3FN || a == CT_F8E5M2)
    snprintf(in.intrinsic, sizeof in.intrinsic, "llvm.nvvm.mma.m16n8k32.row.col.%s.%s.%s.%s", in.half_acc ? "f16" : "f32",
             f8_name(a), f8_name(b), in.half_acc ? "f16" : "f32");
  else if (in.half_acc)
    snprintf(in.intrinsic, sizeof in.intrinsic, "llvm.nvvm.mma.m16n8k16.row.col.f16.f16");
  else if (a == CT_TF32)
    snprintf(in.intrinsic, sizeof in.intrinsic, "llvm.nvvm.mma.m16n8k8.row.col.tf32");
  else
    snprintf(in.intrinsic, sizeof in.intrinsic, "%s",
             a == CT_BF16 ? "llvm.nvvm.mma.m16n8k16.row.col.bf16" : "llvm.nvvm.mma.m16n8k16.row.col.f32.f32");
  return in;
}

/* <lo, hi> as a <2 x half>. */
static MlirValue half_pair(ct_bld *b, MlirType half2, MlirValue lo, MlirValue hi) {
  MlirValue v = bld_undef(b, half2);
  MlirValue i0[3] = {v, lo, bld_i32(b, 0)};
  v = bld_op1(b, "llvm.insertelement", half2, 3, i0, 0, NULL);
  MlirValue i1[3] = {v, hi, bld_i32(b, 1)};
  return bld_op1(b, "llvm.insertelement", half2, 3, i1, 0, NULL);
}

/* mma.sync over the accumulator layout cl. Staging: A row-major [M x K], rows of K*esize + 16
 * bytes. B: f16/bf16 row-major [K x N] (rows N*2 + 16 bytes), read with ldmatrix.trans; i8
 * transposed, [N x K] (rows K + 16 bytes), because m16n8k32 wants four consecutive k of one column
 * per register and ldmatrix.trans moves 16-bit elements, not bytes. In bytes both A fragments are
 * the same ldmatrix.x4 (rows 0-7 / 8-15 by 16-byte halves), and so are the i8 B fragments
 * (ldmatrix.x4 non-transposed: two n8 tiles by two 16-byte k halves). */
static bool lower_tensor_core(ct_lower *L, MlirOperation op, ct_lv *A, ct_lv *B, ct_lv *C, const ct_layout *cl,
                              mma_sync_insn in) {
  ct_bld *b = &L->b;
  int64_t nb, m, k, n;
  if (!ct_reg_layout_mma_dims(&A->type, &B->type, &nb, &m, &k, &n)) {
    ct_error_op(L->c, op, "code generation: mma.sync takes 2-D or batched 3-D operands of one batch count");
    return false;
  }
  int wm, wn;
  if (!ct_reg_layout_mma_grid_of(cl, m, n, L->nwarps, &wm, &wn)) {
    ct_error_op(L->c, op, "the accumulator layout (tileas.reg_layout) is not the mma.sync m16n8 C-fragment layout of any "
                "warp grid of %d warps", L->nwarps);
    return false;
  }
  int64_t WM = m / wm, WN = n / wn;
  if (WM % 16 || !(WN == 8 || WN % 16 == 0)) {
    ct_error_op(L->c, op, "the accumulator layout (tileas.reg_layout) gives each warp a %lldx%lld block; mma.sync needs "
                "rows in multiples of 16 and columns 8 or a multiple of 16", (long long)WM, (long long)WN);
    return false;
  }
  int64_t MT = WM / 16, NT = WN / 8, eb = in.ebytes;
  int64_t lda = k + SMEM_ROW_PAD_BYTES / eb;                              /* elements; rows padded */
  int64_t ldb = (in.b_transposed ? k : n) + SMEM_ROW_PAD_BYTES / eb; /* transposed B: rows of K */
  int64_t a_bytes = eb * nb * m * lda;
  /* one batch's A and B in bytes (batched: [nb*m x k] and [nb*k x n] / transposed [nb*n x k]) */
  int64_t a_batch = eb * m * lda, b_batch = eb * (in.b_transposed ? n : k) * ldb;
  MlirValue base = smem_base(L, ct_reg_layout_mma_sync_staging_bytes(&A->type, &B->type)); /* the size TileAS counts */
  MlirValue a_base = base, b_base = shared_byte_ptr(L, base, bld_i32(b, a_bytes));
  bld_barrier(b);
  tile_to_smem(L, A, a_base, lda, false);
  tile_to_smem(L, B, b_base, ldb, in.b_transposed);
  bld_barrier(b);

  MlirValue lane = bld_and(b, L->tid, bld_i32(b, 31));
  MlirValue warp = bld_lshr(b, L->tid, bld_i32(b, 5));
  int lg_wn = ct_log2_exact(wn);
  MlirValue warp_n = bld_and(b, warp, bld_i32(b, wn - 1));
  MlirValue warp_m = bld_lshr(b, warp, bld_i32(b, lg_wn));
  MlirValue row_base = bld_mul(b, warp_m, bld_i32(b, WM));
  MlirValue col_base = bld_mul(b, warp_n, bld_i32(b, WN));
  MlirValue lrow = bld_and(b, lane, bld_i32(b, 15));
  MlirValue lhalf = bld_mul(b, bld_lshr(b, lane, bld_i32(b, 4)), bld_i32(b, 16 / eb)); /* 16-byte half, elements */
  /* per-lane ldmatrix element offsets (k-step and tile offsets added as constants) */
  MlirValue a_lane = bld_add(b, bld_mul(b, bld_add(b, row_base, lrow), bld_i32(b, lda)), lhalf);
  MlirValue b_lane;
  if (in.b_transposed) /* row n = col_base + (lane/16)*8 + lane%8, k half (lane/8)%2 */
    b_lane = bld_add(b,
                     bld_mul(b,
                             bld_add(b, col_base,
                                     bld_add(b, bld_mul(b, bld_lshr(b, lane, bld_i32(b, 4)), bld_i32(b, 8)),
                                             bld_and(b, lane, bld_i32(b, 7)))),
                             bld_i32(b, ldb)),
                     bld_mul(b, bld_and(b, bld_lshr(b, lane, bld_i32(b, 3)), bld_i32(b, 1)), bld_i32(b, 16 / eb)));
  else
    b_lane = bld_add(b, bld_mul(b, lrow, bld_i32(b, ldb)), bld_add(b, col_base, lhalf));
  /* 32-bit shared-window addresses of this lane's first A / B row (PTX allows 32-bit .shared
   * addresses; the buffer lies in the shared window, below 4 GiB) */
  MlirValue a_addr = bld_cast(b, "llvm.trunc",
                              bld_cast(b, "llvm.ptrtoint", shared_byte_ptr(L, a_base, bld_mul(b, a_lane, bld_i32(b, eb))), b->i64),
                              b->i32);
  MlirValue b_addr = bld_cast(b, "llvm.trunc",
                              bld_cast(b, "llvm.ptrtoint", shared_byte_ptr(L, b_base, bld_mul(b, b_lane, bld_i32(b, eb))), b->i64),
                              b->i32);

  MlirType half2;
  {
    int64_t two = 2;
    half2 = mlirVectorTypeGet(1, &two, b->f16);
  }
  bool bitcast_halves = in.half_operands;
  MlirType i32x4[4] = {b->i32, b->i32, b->i32, b->i32};
  MlirType s4 = mlirLLVMStructTypeLiteralGet(b->ctx, 4, i32x4, false);
  MlirType s2 = mlirLLVMStructTypeLiteralGet(b->ctx, 2, i32x4, false);
  MlirType acc_t = in.integer ? b->i32 : in.half_acc ? half2 : b->f32;
  MlirType acc4[4] = {acc_t, acc_t, acc_t, acc_t};
  int nacc = in.half_acc ? 2 : 4; /* C/D registers per m16n8 tile */
  MlirType sacc = mlirLLVMStructTypeLiteralGet(b->ctx, nacc, acc4, false);

  ct_lv *D = lv_new_tile(L, &C->type, cl);
  memcpy(D->regs, C->regs, (size_t)C->nregs * sizeof *D->regs);
  MlirValue *afrag = malloc(4 * sizeof *afrag);
  MlirValue *bfrag = malloc((size_t)NT * 2 * sizeof *bfrag);
  if (!afrag || !bfrag) abort();
  int64_t regs_per_batch = C->nregs / nb; /* (the batch bits are the layout's highest register bits) */
  for (int64_t bi = 0; bi < nb; bi++)
  for (int64_t kk = 0; kk < k / in.kstep; kk++) {
    /* B fragments of this k step for every n8 tile; then per m16 row of tiles its A fragment
     * and NT mmas (only one A fragment is live at a time) */
    for (int64_t nj = 0; nj < NT; nj += 2) {
      int64_t off = bi * b_batch + (in.b_transposed ? eb * (nj * 8) * ldb + kk * 32 : 2 * ((kk * 16) * ldb + nj * 8));
      if (NT == 1) {
        MlirValue s = ldmatrix_asm(L, b_addr, off, 2, !in.b_transposed, s2);
        bfrag[0] = bld_extractvalue(b, s, 0, b->i32);
        bfrag[1] = bld_extractvalue(b, s, 1, b->i32);
      } else {
        MlirValue s = ldmatrix_asm(L, b_addr, off, 4, !in.b_transposed, s4);
        for (int q = 0; q < 4; q++) bfrag[nj * 2 + q] = bld_extractvalue(b, s, q, b->i32);
      }
    }
    if (bitcast_halves)
      for (int64_t q = 0; q < NT * 2; q++) bfrag[q] = bld_bitcast(b, bfrag[q], half2);
    for (int64_t mi = 0; mi < MT; mi++) {
      int64_t off = bi * a_batch + eb * ((mi * 16) * lda) + kk * 32;
      MlirValue s = ldmatrix_asm(L, a_addr, off, 4, false, s4);
      for (int q = 0; q < 4; q++) {
        afrag[q] = bld_extractvalue(b, s, q, b->i32);
        if (bitcast_halves) afrag[q] = bld_bitcast(b, afrag[q], half2);
      }
      for (int64_t ni = 0; ni < NT; ni++) {
        MlirValue ops[10];
        for (int q = 0; q < 4; q++) ops[q] = afrag[q];
        for (int q = 0; q < 2; q++) ops[4 + q] = bfrag[ni * 2 + q];
        int64_t r = bi * regs_per_batch + (mi * NT + ni) * 4;
        for (int q = 0; q < nacc; q++) ops[6 + q] = in.half_acc ? half_pair(b, half2, D->regs[r + 2 * q], D->regs[r + 2 * q + 1])
                                                                : D->regs[r + q];
        MlirValue res = bld_intr(b, in.intrinsic, sacc, 6 + nacc, ops);
        for (int q = 0; q < nacc; q++) {
          MlirValue d = bld_extractvalue(b, res, q, acc_t);
          if (!in.half_acc) {
            D->regs[r + q] = d;
            continue;
          }
          for (int h = 0; h < 2; h++) {
            MlirValue e[2] = {d, bld_i32(b, h)};
            D->regs[r + 2 * q + h] = bld_op1(b, "llvm.extractelement", b->f16, 2, e, 0, NULL);
          }
        }
      }
    }
  }
  free(afrag);
  free(bfrag);
  lv_bind(L, mlirOperationGetResult(op, 0), D);
  return true;
}

/* int_mode: `mmai` (integer operands widened to the i32 accumulator, a_signed / b_signed from its
 * signedness attributes; products and sums wrap modulo 2^32 as the spec says). */
static bool lower_fma_form(ct_lower *L, MlirOperation op, ct_lv *A, ct_lv *B, ct_lv *C, bool int_mode, bool a_signed,
                           bool b_signed) {
  ct_bld *b = &L->b;
  int rank = A->type.rank; /* 2, or 3: batched */
  int64_t nb = rank == 3 ? A->type.shape[0] : 1;
  int64_t m = A->type.shape[rank - 2], k = A->type.shape[rank - 1], n = B->type.shape[rank - 1];
  int abits = ct_elem_bits(A->type.elem), bbits = ct_elem_bits(B->type.elem);
  int64_t a_bytes = (nb * m * k * (abits / 8) + 15) / 16 * 16, b_bytes = nb * k * n * (bbits / 8);
  MlirValue base = smem_base(L, a_bytes + b_bytes);
  MlirValue a_base = base, b_base = shared_byte_ptr(L, base, bld_i32(b, a_bytes));
  bld_barrier(b);
  tile_to_smem(L, A, a_base, k, false); /* [nb*m x k] */
  tile_to_smem(L, B, b_base, n, false); /* [nb*k x n] */
  bld_barrier(b);
  MlirType at = elem_llvm_type(L, A->type.elem), bt = elem_llvm_type(L, B->type.elem);
  MlirType ct = elem_llvm_type(L, C->type.elem);
  bool f64 = mlirTypeEqual(ct, b->f64);
  MlirType acc_t = int_mode ? ct : f64 ? b->f64 : b->f32;
  const ct_layout *l = C->layout;
  ct_lv *D = lv_new_tile(L, &C->type, l);
  MlirValue r0 = thread_coord(L, l, rank - 2), c0 = thread_coord(L, l, rank - 1);
  MlirValue b0 = rank == 3 ? thread_coord(L, l, 0) : (MlirValue){NULL};
  bool storage = lower_is_storage_elem(A->type.elem) || lower_is_storage_elem(B->type.elem);
  if (int_mode || rank == 3 || storage) {
    /* a real loop over K (not unrolled: K x registers multiply-adds would not fit the registers):
     * the accumulators are loop-carried block arguments */
    int nr = D->nregs;
    MlirValue *arow = malloc(((size_t)nr + 1) * sizeof *arow), *bcol = malloc(((size_t)nr + 1) * sizeof *bcol);
    MlirValue *args = malloc(((size_t)nr + 2) * sizeof *args);
    if (!arow || !bcol || !args) abort();
    for (int j = 0; j < nr; j++) {
      uint32_t rf = ct_layout_reg_flat(l, (uint32_t)j);
      MlirValue row = bld_add(b, r0, bld_i32(b, ct_layout_coord(l, rf, rank - 2)));
      MlirValue col = bld_add(b, c0, bld_i32(b, ct_layout_coord(l, rf, rank - 1)));
      if (rank == 3) {
        /* batch bt: A rows start at bt*m, B's [k x n] block at bt*k*n */
        MlirValue bt = bld_add(b, b0, bld_i32(b, ct_layout_coord(l, rf, 0)));
        row = bld_add(b, row, bld_mul(b, bt, bld_i32(b, m)));
        col = bld_add(b, col, bld_mul(b, bt, bld_i32(b, k * n)));
      }
      arow[j] = bld_mul(b, row, bld_i32(b, k));
      bcol[j] = col;
    }
    MlirBlock header = lower_new_block(L), body = lower_new_block(L), exit = lower_new_block(L);
    MlirValue kk = mlirBlockAddArgument(header, b->i32, b->loc);
    for (int j = 0; j < nr; j++) {
      mlirBlockAddArgument(header, acc_t, b->loc);
      mlirBlockAddArgument(exit, acc_t, b->loc);
    }
    args[0] = bld_i32(b, 0);
    for (int j = 0; j < nr; j++)
      args[1 + j] = mlirTypeEqual(ct, acc_t) ? C->regs[j] : bld_cast(b, "llvm.fpext", C->regs[j], acc_t);
    bld_br(b, header, nr + 1, args);
    b->block = header;
    for (int j = 0; j < nr; j++) args[j] = mlirBlockGetArgument(header, 1 + j);
    bld_cond_br(b, bld_icmp(b, BLD_SLT, kk, bld_i32(b, k)), body, 0, NULL, exit, nr, args);
    b->block = body;
    MlirValue boff = bld_mul(b, kk, bld_i32(b, n));
    for (int j = 0; j < nr; j++) {
      MlirValue av = smem_load_elem(L, a_base, bld_add(b, arow[j], kk), at);
      MlirValue bv = smem_load_elem(L, b_base, bld_add(b, bcol[j], boff), bt);
      MlirValue acc = mlirBlockGetArgument(header, 1 + j);
      if (int_mode) {
        av = bld_int_resize(b, av, acc_t, a_signed);
        bv = bld_int_resize(b, bv, acc_t, b_signed);
        args[1 + j] = bld_add(b, bld_mul(b, av, bv), acc);
        continue;
      }
      /* tf32 / fp8 operands: their f32 values (mma semantics: exact products, f32 sums) */
      if (lower_is_storage_elem(A->type.elem)) av = lower_storage_to_f32(L, av, A->type.elem);
      if (lower_is_storage_elem(B->type.elem)) bv = lower_storage_to_f32(L, bv, B->type.elem);
      if (!mlirTypeEqual(value_type_of(av), acc_t)) av = bld_cast(b, "llvm.fpext", av, acc_t);
      if (!mlirTypeEqual(value_type_of(bv), acc_t)) bv = bld_cast(b, "llvm.fpext", bv, acc_t);
      MlirValue ops[3] = {av, bv, acc};
      args[1 + j] = bld_op1(b, "llvm.intr.fma", acc_t, 3, ops, 0, NULL);
    }
    args[0] = bld_add(b, kk, bld_i32(b, 1));
    bld_br(b, header, nr + 1, args);
    b->block = exit;
    for (int j = 0; j < nr; j++) {
      MlirValue v = mlirBlockGetArgument(exit, j);
      D->regs[j] = mlirTypeEqual(ct, acc_t) ? v : bld_cast(b, "llvm.fptrunc", v, ct);
    }
    free(arow);
    free(bcol);
    free(args);
    lv_bind(L, mlirOperationGetResult(op, 0), D);
    return true;
  }
  for (int j = 0; j < D->nregs; j++) {
    uint32_t rf = ct_layout_reg_flat(l, (uint32_t)j);
    MlirValue row = bld_add(b, r0, bld_i32(b, ct_layout_coord(l, rf, 0)));
    MlirValue col = bld_add(b, c0, bld_i32(b, ct_layout_coord(l, rf, 1)));
    MlirValue arow = bld_mul(b, row, bld_i32(b, k));
    MlirValue acc = C->regs[j];
    if (!mlirTypeEqual(ct, acc_t)) acc = bld_cast(b, "llvm.fpext", acc, acc_t);
    for (int64_t kk = 0; kk < k; kk++) {
      MlirValue av = smem_load_elem(L, a_base, bld_add(b, arow, bld_i32(b, kk)), at);
      MlirValue bv = smem_load_elem(L, b_base, bld_add(b, col, bld_i32(b, kk * n)), bt);
      if (!mlirTypeEqual(at, acc_t)) av = bld_cast(b, "llvm.fpext", av, acc_t);
      if (!mlirTypeEqual(bt, acc_t)) bv = bld_cast(b, "llvm.fpext", bv, acc_t);
      MlirValue ops[3] = {av, bv, acc};
      acc = bld_op1(b, "llvm.intr.fma", acc_t, 3, ops, 0, NULL);
    }
    if (!mlirTypeEqual(ct, acc_t)) acc = bld_cast(b, "llvm.fptrunc", acc, ct);
    D->regs[j] = acc;
  }
  lv_bind(L, mlirOperationGetResult(op, 0), D);
  return true;
}

#define MMA_SYNC_SHAPES                                                                                          \
  "mma.sync takes f16/bf16 (m16n8k16), tf32 (m16n8k8) or e4m3/e5m2 (m16n8k32) operands with an f32 "             \
  "accumulator, f16 or e4m3/e5m2 operands with an f16 accumulator, or i8 operands with an i32 accumulator "       \
  "(m16n8k32); M and N multiples of 16 and 8, K of the k step"

/* An mmaf/mmai on the family TileAS chose (fam; NULL in a hand-written module: the layout decides):
 * mma.sync when its accumulator layout is the C fragment, else the FMA form. */
static int lower_on_family(ct_lower *L, MlirOperation op, const ct_mma_family *fam, const ct_type *a, const ct_type *bt,
                           const ct_type *c, bool int_mode, bool a_signed, bool b_signed) {
  const char *opname = int_mode ? "mmai" : "mmaf";
  bool on_sync = fam && *fam == CT_MMA_SYNC;
  if (on_sync && !ct_reg_layout_mma_sync_types_ok(a, bt, c)) {
    ct_error_op(L->c, op, "TileAS put this %s on mma.sync (tileas.mma), but " MMA_SYNC_SHAPES " (tileas.mma = \"fma\" "
                "is the form without tensor cores)", opname);
    return LOWER_FAILED;
  }
  ct_lv *A = lv_get(L, op, 0), *B = lv_get(L, op, 1), *C = lv_get(L, op, 2);
  if (!A || !B || !C) return LOWER_FAILED;
  int errors_before = L->c->nerrors;
  const ct_layout *cl = mma_result_layout(L, op);
  if (L->c->nerrors != errors_before) return LOWER_FAILED;
  if (cl) {
    if (!ct_reg_layout_mma_sync_types_ok(a, bt, c)) {
      ct_error_op(L->c, op, "tileas.reg_layout gives this %s an mma.sync accumulator, but " MMA_SYNC_SHAPES, opname);
      return LOWER_FAILED;
    }
    if (!(C = lv_require(L, op, 2, C, cl))) return LOWER_FAILED;
    return lower_tensor_core(L, op, A, B, C, cl, mma_sync_insn_of(a->elem, bt->elem, c->elem, a_signed, b_signed)) ? LOWER_DONE
                                                                                                          : LOWER_FAILED;
  }
  if (on_sync) {
    ct_error_op(L->c, op, "TileAS put this %s on mma.sync (tileas.mma), but its M x N tile has no mma.sync warp grid of "
                "%d warps (tileas.mma = \"fma\" is the form without tensor cores)", opname, L->nwarps);
    return LOWER_FAILED;
  }
  return lower_fma_form(L, op, A, B, C, int_mode, a_signed, b_signed) ? LOWER_DONE : LOWER_FAILED;
}

/* `mmai`: i8 x i8 -> i32 (the verifier's types) on mma.sync.m16n8k32 (.s8/.u8 by each operand's
 * signedness) when TileAS put it there (path_select.c), else in the FMA form, each operand widened by
 * its signedness. (On the Hopper wgmma path lower_hopper_loop.c lowers it before this is asked.) */
static int lower_mmai(ct_lower *L, MlirOperation op) {
  ct_type a, bt, c;
  if (mlirOperationGetNumOperands(op) != 3 || !mma_types(L, op, &a, &bt, &c)) return LOWER_FAILED;
  if (!ct_elem_is_int(a.elem) || !ct_elem_is_int(bt.elem) || c.elem != CT_I32) {
    ct_error_op(L->c, op, "`mmai` on %s x %s operands with a %s accumulator is not supported by code generation",
                ct_elem_name(a.elem), ct_elem_name(bt.elem), ct_elem_name(c.elem));
    return LOWER_FAILED;
  }
  ct_mma_family fam;
  bool has_fam = ct_tileas_op_mma(op, &fam);
  if (has_fam && fam != CT_MMA_FMA && fam != CT_MMA_SYNC) {
    ct_error_op(L->c, op, "tileas.mma = \"%s\": code generation runs `mmai` on mma.sync or in the fma form",
                ct_mma_family_name(fam));
    return LOWER_FAILED;
  }
  char sa[32] = "signed", sb[32] = "signed";
  attr_keyword(op, "signedness_lhs", sa, sizeof sa);
  attr_keyword(op, "signedness_rhs", sb, sizeof sb);
  return lower_on_family(L, op, has_fam ? &fam : NULL, &a, &bt, &c, true, !streq(sa, "unsigned"), !streq(sb, "unsigned"));
}

int lower_mma_op(ct_lower *L, MlirOperation op, const char *name) {
  if (streq(name, "mmai")) return lower_mmai(L, op);
  if (streq(name, "mmaf_scaled")) {
    ct_error_op(L->c, op, "`%s` is not supported by code generation yet", name);
    return LOWER_FAILED;
  }
  if (!streq(name, "mmaf")) return LOWER_NOT_MINE;
  ct_type a, bt, c;
  if (mlirOperationGetNumOperands(op) != 3 || !mma_types(L, op, &a, &bt, &c)) return LOWER_FAILED;
  bool base_float = (a.elem == CT_F16 || a.elem == CT_BF16 || a.elem == CT_F32 || a.elem == CT_F64 ||
                     lower_is_storage_elem(a.elem)) &&
                    (c.elem == CT_F16 || c.elem == CT_F32 || c.elem == CT_F64);
  if (!base_float) {
    ct_error_op(L->c, op, "`mmaf` on %s operands with a %s accumulator is not supported by code generation yet",
                ct_elem_name(a.elem), ct_elem_name(c.elem));
    return LOWER_FAILED;
  }
  /* the family TileAS chose (path_select.c); absent in a hand-written module: by the operands */
  ct_mma_family fam;
  bool has_fam = ct_tileas_op_mma(op, &fam);
  if (has_fam && fam == CT_MMA_TCGEN05) {
    ct_error_op(L->c, op, "tileas.mma = \"tcgen05.mma\" is not supported by code generation yet (mma.sync and fma are)");
    return LOWER_FAILED;
  }
  return lower_on_family(L, op, has_fam ? &fam : NULL, &a, &bt, &c, false, true, true);
}

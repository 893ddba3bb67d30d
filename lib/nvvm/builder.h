/* builder: small helpers that create `llvm` dialect operations through the MLIR C API.
 *
 * Every op is created in generic form (mlirOperationCreate) and appended at the end of the
 * builder's current block; inherent attributes are passed as named attributes. Intrinsics are
 * `llvm.call_intrinsic "llvm.nvvm.*"` so any NVVM intrinsic is one call. Integer arithmetic
 * helpers fold nothing: LLVM's O-level pipeline cleans up. Owner: nvvm. */
#ifndef TILEC_NVVM_BUILDER_H
#define TILEC_NVVM_BUILDER_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct ct_bld {
  MlirContext ctx;
  MlirBlock block; /* insertion point: end of this block */
  MlirLocation loc;
  MlirType i1, i8, i16, i32, i64, f16, bf16, f32, f64, ptr_global, ptr_shared, ptr_generic, void_ty;
  /* bld_barrier's scope: 0 = every thread of the CTA (bar.sync 0); n > 0 = the n threads of the
   * consumer agent of a warp-specialised kernel after its dispatch (named barrier 1, n threads) */
  int barrier_threads;
  /* the LLVM type of a pointer tile's element: global (addrspace 1), or generic (0) in a kernel with
   * an `alloca` (its memory is shared: lower_kernel.c lower_alloca) */
  MlirType ptr_data;
} ct_bld;

/* The named barrier of a warp-specialised kernel's consumer agent (bld_barrier; 0 is the whole CTA). */
#define CT_CONSUMER_BARRIER_ID 1
/* icmp predicates (LLVM dialect ICmpPredicate values). */
enum { BLD_EQ = 0, BLD_NE, BLD_SLT, BLD_SLE, BLD_SGT, BLD_SGE, BLD_ULT, BLD_ULE, BLD_UGT, BLD_UGE };
/* fcmp predicates. */
enum { BLD_F_FALSE = 0, BLD_F_OEQ, BLD_F_OGT, BLD_F_OGE, BLD_F_OLT, BLD_F_OLE, BLD_F_ONE, BLD_F_ORD,
       BLD_F_UEQ, BLD_F_UGT, BLD_F_UGE, BLD_F_ULT, BLD_F_ULE, BLD_F_UNE, BLD_F_UNO, BLD_F_TRUE };

void bld_init(ct_bld *b, MlirContext ctx);
MlirAttribute bld_attr(ct_bld *b, const char *text);      /* parse an attribute */
MlirNamedAttribute bld_named(ct_bld *b, const char *name, MlirAttribute a);
/* Create `name` with operands/results/attributes, append it, return the op. */
MlirOperation bld_op(ct_bld *b, const char *name, int nres, const MlirType *res, int nops, const MlirValue *ops,
                     int nattrs, const MlirNamedAttribute *attrs);
/* Same with one result; returns it. */
MlirValue bld_op1(ct_bld *b, const char *name, MlirType res, int nops, const MlirValue *ops, int nattrs,
                  const MlirNamedAttribute *attrs);

bool bld_is_float_type(MlirType t);
int bld_int_width(MlirType t); /* 0 when not an integer type */

MlirValue bld_const_int(ct_bld *b, MlirType t, int64_t v);
MlirValue bld_i32(ct_bld *b, int64_t v);
MlirValue bld_i64(ct_bld *b, int64_t v);
MlirValue bld_const_float(ct_bld *b, MlirType t, double v);
MlirValue bld_const_attr(ct_bld *b, MlirType t, MlirAttribute value);
MlirValue bld_undef(ct_bld *b, MlirType t);
MlirValue bld_zero(ct_bld *b, MlirType t); /* llvm.mlir.zero: 0 / 0.0 / null */

MlirValue bld_bin(ct_bld *b, const char *name, MlirValue x, MlirValue y); /* result type = type(x) */
MlirValue bld_un(ct_bld *b, const char *name, MlirValue x);
MlirValue bld_add(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_sub(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_mul(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_and(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_or(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_shl(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_lshr(ct_bld *b, MlirValue x, MlirValue y);
MlirValue bld_icmp(ct_bld *b, int pred, MlirValue x, MlirValue y);
MlirValue bld_fcmp(ct_bld *b, int pred, MlirValue x, MlirValue y);
MlirValue bld_select(ct_bld *b, MlirValue c, MlirValue x, MlirValue y);
MlirValue bld_cast(ct_bld *b, const char *name, MlirValue x, MlirType to); /* llvm.zext, llvm.sitofp, ... */
/* Integer resize: zext/sext/trunc or nothing. */
MlirValue bld_int_resize(ct_bld *b, MlirValue x, MlirType to, bool is_signed);
/* getelementptr base[idx] over elements of `elem`. */
MlirValue bld_gep(ct_bld *b, MlirValue base, MlirValue idx, MlirType elem);
/* An llvm.alloca of n elements of elem at the start of the function's entry block (so that LLVM's
 * SROA / mem2reg promotes a scalar one to SSA values). */
MlirValue bld_entry_alloca(ct_bld *b, MlirBlock entry, MlirType elem, int64_t n, int64_t align);
MlirValue bld_load(ct_bld *b, MlirType t, MlirValue ptr, int64_t align);
void bld_store(ct_bld *b, MlirValue v, MlirValue ptr, int64_t align);
/* Atomic-ordered load/store (ordering: LLVM AtomicOrdering numbers; scope: syncscope or NULL). */
MlirValue bld_load_ordered(ct_bld *b, MlirType t, MlirValue ptr, int64_t align, int ordering, const char *scope);
void bld_store_ordered(ct_bld *b, MlirValue v, MlirValue ptr, int64_t align, int ordering, const char *scope);
/* llvm.call_intrinsic; res may be b->void_ty (returns a null value). */
MlirValue bld_intr(ct_bld *b, const char *name, MlirType res, int n, const MlirValue *ops);
MlirValue bld_intr1(ct_bld *b, const char *name, MlirType res, MlirValue x);
void bld_intr_void(ct_bld *b, const char *name, int n, const MlirValue *ops); /* an intrinsic without a result */
MlirValue bld_call(ct_bld *b, const char *callee, MlirType res, int n, const MlirValue *ops);
MlirValue bld_extractvalue(ct_bld *b, MlirValue agg, int64_t pos, MlirType t);
MlirValue bld_bitcast(ct_bld *b, MlirValue x, MlirType to);
MlirValue bld_addressof(ct_bld *b, const char *global, MlirType ptr_type);
void bld_br(ct_bld *b, MlirBlock dest, int n, const MlirValue *args);
void bld_cond_br(ct_bld *b, MlirValue cond, MlirBlock t, int nt, const MlirValue *targs, MlirBlock f, int nf,
                 const MlirValue *fargs);
void bld_barrier(ct_bld *b); /* bar.sync 0 */
/* Pure inline PTX with one result: `asm_text` uses $0 (result), $1.. (operands). */
MlirValue bld_inline_asm(ct_bld *b, const char *asm_text, const char *constraints, MlirType res, int n,
                         const MlirValue *ops);
/* Same, marked as having side effects (never moved across barriers, never merged): for asm that
 * reads memory, e.g. ldmatrix. */
/* A PTX statement with no operands that orders memory: volatile inline asm clobbering memory, so
 * that no load or store moves across it. */
void bld_asm_stmt_memory(ct_bld *b, const char *asm_text);
/* A side-effecting inline asm statement with operands (constraints such as "r,l"), no result. */
void bld_asm_void(ct_bld *b, const char *text, const char *constraints, int n, const MlirValue *ops);
MlirValue bld_inline_asm_volatile(ct_bld *b, const char *asm_text, const char *constraints, MlirType res, int n,
                                  const MlirValue *ops);
#endif

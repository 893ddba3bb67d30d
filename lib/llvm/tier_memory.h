/* tier_memory: the memory model the LLVM-tier passes share — what an instruction does to memory,
 * whether it has side effects, whether it is a "texture-class" access (seed 002's profitability
 * target, mapped to PTX: see docs/llvm-tier.md), and a conservative alias query with the NVPTX
 * address-space rules (AS 1 global, 3 shared, 4 const, 5 local, 101 param; 0 generic aliases all).
 * No state, no ownership. */
#ifndef TILEC_LLVM_TIER_MEMORY_H
#define TILEC_LLVM_TIER_MEMORY_H
#include <llvm-c/Core.h>
#include <stdbool.h>

typedef enum {
  CT_MEM_NONE,  /* no memory access */
  CT_MEM_READ,  /* reads memory (pointer known or unknown) */
  CT_MEM_WRITE, /* writes (maybe also reads) memory */
  CT_MEM_FENCE, /* barrier, fence, ordered atomic: orders every memory access */
} ct_mem_kind;

#define CT_AS_UNKNOWN (-1) /* a call that touches memory it does not name */
#define CT_AS_TEXTURE (-2) /* texture/surface memory (tex.*, suld.*, sust.* intrinsics) */

typedef struct ct_mem_access {
  ct_mem_kind kind;
  LLVMValueRef ptr; /* NULL when unknown */
  int addrspace;    /* of ptr, or CT_AS_UNKNOWN / CT_AS_TEXTURE */
  bool is_volatile, is_atomic;
  bool invariant;     /* !invariant.load: memory constant during the kernel */
  bool noncoherent;   /* ld.global.nc class: invariant.load, ldg/ldu, noalias readonly global arg */
  bool texture_class; /* seed 002 "texture" op for the profitability rule */
  bool convergent;    /* call marked convergent: never moved */
  bool barrier;       /* synchronisation intrinsic / fence */
} ct_mem_access;

void ct_mem_classify(LLVMValueRef inst, ct_mem_access *out);
/* mayHaveSideEffects: writes, fences, volatile/atomic, convergent or possibly non-returning calls,
 * allocas, EH pads and terminators. */
bool ct_has_side_effects(LLVMValueRef inst);
/* May instruction `other` (classified) change what the read `read` sees, or order it? */
bool ct_read_conflicts_with(const ct_mem_access *read, const ct_mem_access *other);
/* Base object under GEPs and casts (bounded walk). */
LLVMValueRef ct_underlying_object(LLVMValueRef ptr);
/* Name of a called function ("" when indirect). */
const char *ct_callee_name(LLVMValueRef call);
#endif

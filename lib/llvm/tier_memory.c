/* tier_memory: memory classification and conservative alias rules for the LLVM-tier passes (see
 * tier_memory.h). Rules (seed 002 "Alias Checking" / "Memory Dependency Checking" / address
 * spaces): fences, barriers and ordered atomics conflict with everything; plain reads never
 * conflict with reads; a write conflicts with a read unless (a) their address spaces are both
 * specific and different (shared stores never block global/texture reads), (b) the read is
 * !invariant.load, (c) the read is from texture memory and the write is to shared/local memory, or
 * (d) the underlying objects are distinct identified objects (allocas, globals, noalias arguments;
 * a noalias argument is not aliased by any other argument, alloca or global). No knobs. */
#include "llvm/tier_memory.h"

#include <string.h>

static bool starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

const char *ct_callee_name(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee)) return "";
  size_t len;
  const char *n = LLVMGetValueName2(callee, &len);
  return n ? n : "";
}

static int ptr_addrspace(LLVMValueRef p) {
  LLVMTypeRef t = LLVMTypeOf(p);
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? (int)LLVMGetPointerAddressSpace(t) : CT_AS_UNKNOWN;
}

static unsigned attr_kind(const char *name) { return LLVMGetEnumAttributeKindForName(name, strlen(name)); }

/* A function attribute on the call site or on the callee. */
static LLVMAttributeRef call_fn_attr(LLVMValueRef call, const char *name) {
  unsigned k = attr_kind(name);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, k);
  if (a) return a;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (callee && LLVMIsAFunction(callee)) return LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, k);
  return NULL;
}

LLVMValueRef ct_underlying_object(LLVMValueRef p) {
  for (int depth = 0; depth < 32 && p; depth++) {
    if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p)) {
      p = LLVMGetOperand(p, 0);
      continue;
    }
    if (LLVMIsAConstantExpr(p)) {
      LLVMOpcode op = LLVMGetConstOpcode(p);
      if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast) {
        p = LLVMGetOperand(p, 0);
        continue;
      }
    }
    break;
  }
  return p;
}

static bool arg_has_attr(LLVMValueRef arg, const char *name) {
  LLVMValueRef fn = LLVMGetParamParent(arg);
  unsigned n = LLVMCountParams(fn);
  for (unsigned i = 0; i < n; i++)
    if (LLVMGetParam(fn, i) == arg) return LLVMGetEnumAttributeAtIndex(fn, i + 1, attr_kind(name)) != NULL;
  return false;
}

static bool is_noalias_arg(LLVMValueRef v) { return v && LLVMIsAArgument(v) && arg_has_attr(v, "noalias"); }

/* The ld.global.nc rule of NVPTX: a non-volatile load from a global pointer based on a kernel
 * argument that is noalias and readonly. */
static bool based_on_noalias_readonly_arg(LLVMValueRef ptr) {
  LLVMValueRef base = ct_underlying_object(ptr);
  return base && LLVMIsAArgument(base) && arg_has_attr(base, "noalias") && arg_has_attr(base, "readonly");
}

/* MemoryEffects is encoded as 2 bits (Ref = 1, Mod = 2) per location; 0 = memory(none). */
static void memory_effects(LLVMValueRef call, bool *reads, bool *writes) {
  LLVMAttributeRef a = call_fn_attr(call, "memory");
  if (!a) {
    *reads = *writes = true;
    return;
  }
  uint64_t v = LLVMGetEnumAttributeValue(a);
  *reads = (v & 0x5555555555555555ull) != 0;
  *writes = (v & 0xAAAAAAAAAAAAAAAAull) != 0;
}

static bool is_barrier_name(const char *n) {
  static const char *const prefixes[] = {
      "llvm.nvvm.barrier", "llvm.nvvm.bar.", "llvm.nvvm.membar", "llvm.nvvm.fence", "llvm.nvvm.cp.async.wait",
      "llvm.nvvm.cp.async.bulk.wait", "llvm.nvvm.mbarrier", "llvm.nvvm.wgmma.fence", "llvm.nvvm.wgmma.wait",
      "llvm.nvvm.tcgen05.wait", "llvm.nvvm.tcgen05.fence", "llvm.nvvm.cluster.", "llvm.nvvm.barrier.cluster",
      "__syncthreads", "llvm.nvvm.bar.warp.sync", "llvm.nvvm.griddepcontrol"};
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (starts_with(n, prefixes[i])) return true;
  return false;
}

void ct_mem_classify(LLVMValueRef inst, ct_mem_access *m) {
  memset(m, 0, sizeof *m);
  m->kind = CT_MEM_NONE;
  m->addrspace = CT_AS_UNKNOWN;
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMLoad: {
    m->kind = CT_MEM_READ;
    m->ptr = LLVMGetOperand(inst, 0);
    m->addrspace = ptr_addrspace(m->ptr);
    m->is_volatile = LLVMGetVolatile(inst);
    LLVMAtomicOrdering ord = LLVMGetOrdering(inst);
    m->is_atomic = ord != LLVMAtomicOrderingNotAtomic;
    if (ord > LLVMAtomicOrderingMonotonic) m->kind = CT_MEM_FENCE; /* acquire orders later accesses */
    unsigned inv = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(inst)), "invariant.load", 14);
    m->invariant = LLVMGetMetadata(inst, inv) != NULL;
    m->noncoherent = !m->is_volatile && !m->is_atomic &&
                     (m->invariant || ((m->addrspace == 1 || m->addrspace == 0) && based_on_noalias_readonly_arg(m->ptr)));
    m->texture_class = m->noncoherent || m->addrspace == 1 || m->addrspace == 0;
    return;
  }
  case LLVMStore: {
    m->kind = CT_MEM_WRITE;
    m->ptr = LLVMGetOperand(inst, 1);
    m->addrspace = ptr_addrspace(m->ptr);
    m->is_volatile = LLVMGetVolatile(inst);
    LLVMAtomicOrdering ord = LLVMGetOrdering(inst);
    m->is_atomic = ord != LLVMAtomicOrderingNotAtomic;
    if (ord > LLVMAtomicOrderingMonotonic) m->kind = CT_MEM_FENCE;
    m->texture_class = m->addrspace == 1 || m->addrspace == 0;
    return;
  }
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg: {
    m->kind = CT_MEM_WRITE;
    m->ptr = LLVMGetOperand(inst, 0);
    m->addrspace = ptr_addrspace(m->ptr);
    m->is_atomic = true;
    m->is_volatile = LLVMGetVolatile(inst);
    LLVMAtomicOrdering ord = LLVMGetInstructionOpcode(inst) == LLVMAtomicRMW ? LLVMGetOrdering(inst)
                                                                             : LLVMGetCmpXchgSuccessOrdering(inst);
    if (ord > LLVMAtomicOrderingMonotonic) m->kind = CT_MEM_FENCE;
    return;
  }
  case LLVMFence:
    m->kind = CT_MEM_FENCE;
    m->barrier = true;
    return;
  case LLVMVAArg:
    m->kind = CT_MEM_WRITE;
    return;
  case LLVMCall:
  case LLVMInvoke:
  case LLVMCallBr: {
    const char *n = ct_callee_name(inst);
    m->convergent = call_fn_attr(inst, "convergent") != NULL;
    if (is_barrier_name(n)) {
      m->kind = CT_MEM_FENCE;
      m->barrier = true;
      return;
    }
    if (starts_with(n, "llvm.nvvm.tex.") || starts_with(n, "llvm.nvvm.tld4.") || starts_with(n, "llvm.nvvm.suld.")) {
      m->kind = CT_MEM_READ;
      m->addrspace = CT_AS_TEXTURE;
      m->noncoherent = m->texture_class = true;
      return;
    }
    if (starts_with(n, "llvm.nvvm.sust.")) {
      m->kind = CT_MEM_WRITE;
      m->addrspace = CT_AS_TEXTURE;
      m->texture_class = true;
      return;
    }
    if (starts_with(n, "llvm.nvvm.ldg.global.") || starts_with(n, "llvm.nvvm.ldu.global.")) {
      m->kind = CT_MEM_READ;
      m->ptr = LLVMGetOperand(inst, 0);
      m->addrspace = ptr_addrspace(m->ptr);
      m->noncoherent = m->texture_class = true;
      return;
    }
    bool reads, writes;
    memory_effects(inst, &reads, &writes);
    m->kind = writes ? CT_MEM_WRITE : reads ? CT_MEM_READ : CT_MEM_NONE;
    /* a convergent call that touches memory is a synchronisation point (shfl/vote/redux...) */
    if (m->convergent && m->kind != CT_MEM_NONE) {
      m->kind = CT_MEM_FENCE;
      m->barrier = true;
    }
    return;
  }
  default:
    return;
  }
}

bool ct_has_side_effects(LLVMValueRef inst) {
  if (LLVMIsATerminatorInst(inst) || LLVMIsAPHINode(inst) || LLVMIsAAllocaInst(inst) ||
      LLVMIsALandingPadInst(inst) || LLVMIsAFuncletPadInst(inst))
    return true;
  ct_mem_access m;
  ct_mem_classify(inst, &m);
  if (m.kind == CT_MEM_WRITE || m.kind == CT_MEM_FENCE || m.is_volatile || m.is_atomic || m.convergent) return true;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op == LLVMCall || op == LLVMInvoke || op == LLVMCallBr) {
    if (!call_fn_attr(inst, "willreturn") || !call_fn_attr(inst, "nounwind")) return true;
  }
  return false;
}

/* Distinct identified objects: allocas, globals, arguments (a noalias argument against anything
 * else identified). */
static bool distinct_objects(LLVMValueRef a, LLVMValueRef b) {
  if (!a || !b || a == b) return false;
  bool a_alloca = LLVMIsAAllocaInst(a) != NULL, b_alloca = LLVMIsAAllocaInst(b) != NULL;
  bool a_global = LLVMIsAGlobalVariable(a) != NULL, b_global = LLVMIsAGlobalVariable(b) != NULL;
  bool a_arg = LLVMIsAArgument(a) != NULL, b_arg = LLVMIsAArgument(b) != NULL;
  if ((a_alloca || a_global) && (b_alloca || b_global)) return true;
  if ((a_alloca && b_arg) || (b_alloca && a_arg)) return true;
  if (a_arg && b_arg) return is_noalias_arg(a) || is_noalias_arg(b);
  if ((a_arg && b_global) || (b_arg && a_global)) return is_noalias_arg(a_arg ? a : b);
  return false;
}

bool ct_read_conflicts_with(const ct_mem_access *r, const ct_mem_access *o) {
  if (o->kind == CT_MEM_NONE || o->kind == CT_MEM_READ) return false;
  if (o->kind == CT_MEM_FENCE) return true;
  /* o writes */
  if (r->invariant) return false;
  if (r->addrspace == CT_AS_TEXTURE)
    return !(o->addrspace == 3 || o->addrspace == 5 || o->addrspace == 4 || o->addrspace == 101);
  if (!o->ptr || !r->ptr || o->addrspace == CT_AS_UNKNOWN) return true;
  if (o->addrspace == CT_AS_TEXTURE) return r->addrspace == 1 || r->addrspace == 0;
  if (r->addrspace != o->addrspace && r->addrspace != 0 && o->addrspace != 0) return false;
  return !distinct_objects(ct_underlying_object(r->ptr), ct_underlying_object(o->ptr));
}

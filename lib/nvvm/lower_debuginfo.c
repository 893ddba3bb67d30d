/* lower_debuginfo: line information for --lineinfo (tileiras's `--lineinfo` / `-g`; docs/debuginfo.md
 * "Line information in the PTX"). Each kernel gets an LLVM DISubprogram (in one DICompileUnit per
 * module, emission kind DebugDirectivesOnly: the NVPTX back end then writes `.file` / `.loc`
 * directives and no DWARF sections, as nvcc -lineinfo does) whose file is that of the first source
 * position in the entry; every lowered op carries the file:line:col of the cuda_tile op it comes
 * from, so each PTX instruction is preceded by the `.loc` of its source line and ptxas -lineinfo
 * keeps the table in the cubin (SASS ↔ source in Nsight Compute, cuda-gdb, nvdisasm -g).
 * Algorithm: a location's source position is the first FileLineCol found depth-first through
 * fused locations (cuda_tile's di_loc is FusedLoc([pos], scope)), names and call sites (the callee
 * first: the position of the op itself); a position in another file than the kernel's is wrapped in
 * a DILexicalBlockFile of that file (the DILocation's file is its scope's). Ops without a position
 * get none. Seed: none. Knobs: none. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <stdlib.h>
#include <string.h>

#include "nvvm/lower_internal.h"

#define DW_LANG_C 0x0002
#define SP_FLAG_DEFINITION 8
#define SP_FLAG_OPTIMIZED 16

/* The first FileLineCol of loc (null when it has none). */
static MlirLocation source_position(MlirLocation loc, int depth) {
  MlirLocation none = {NULL};
  if (mlirLocationIsNull(loc) || depth > 32) return none;
  if (mlirLocationIsAFileLineColRange(loc)) return loc;
  if (mlirLocationIsAName(loc)) return source_position(mlirLocationNameGetChildLoc(loc), depth + 1);
  if (mlirLocationIsACallSite(loc)) {
    MlirLocation p = source_position(mlirLocationCallSiteGetCallee(loc), depth + 1);
    return mlirLocationIsNull(p) ? source_position(mlirLocationCallSiteGetCaller(loc), depth + 1) : p;
  }
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *subs = calloc((size_t)n + 1, sizeof *subs);
    if (!subs) abort();
    mlirLocationFusedGetLocations(loc, subs);
    MlirLocation p = none;
    for (intptr_t i = 0; i < n && mlirLocationIsNull(p); i++) p = source_position(subs[i], depth + 1);
    free(subs);
    return p;
  }
  return none;
}

static MlirLocation first_position_in(MlirOperation op, int depth) {
  MlirLocation p = source_position(mlirOperationGetLocation(op), 0);
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op) && mlirLocationIsNull(p) && depth < 64; r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b) && mlirLocationIsNull(p);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o) && mlirLocationIsNull(p);
           o = mlirOperationGetNextInBlock(o))
        p = first_position_in(o, depth + 1);
  return p;
}

/* #llvm.di_file<basename in dirname> of a path. */
static MlirAttribute di_file(MlirContext ctx, MlirStringRef path) {
  size_t slash = path.length;
  while (slash > 0 && path.data[slash - 1] != '/') slash--;
  MlirStringRef dir = mlirStringRefCreate(path.data, slash > 1 ? slash - 1 : slash);
  MlirStringRef base = mlirStringRefCreate(path.data + slash, path.length - slash);
  return mlirLLVMDIFileAttrGet(ctx, mlirStringAttrGet(ctx, base), mlirStringAttrGet(ctx, dir));
}

static bool same_ref(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && (a.length == 0 || memcmp(a.data, b.data, a.length) == 0);
}

MlirLocation lower_debuginfo_kernel(ct_lower *L, MlirOperation entry, MlirStringRef name) {
  MlirContext ctx = L->b.ctx;
  L->di_sp = mlirAttributeGetNull();
  MlirLocation at = mlirOperationGetLocation(entry);
  if (!L->opts->lineinfo) return at;
  MlirLocation pos = first_position_in(entry, 0);
  if (mlirLocationIsNull(pos)) return at; /* no source positions: no line information */
  MlirStringRef path = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(pos));
  MlirAttribute file = di_file(ctx, path);
  if (mlirAttributeIsNull(L->di_cu)) /* one compile unit for the module, in the first kernel's file */
    L->di_cu = mlirLLVMDICompileUnitAttrGet(ctx, mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx)), DW_LANG_C, file,
                                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("tilec")), true,
                                            MlirLLVMDIEmissionKindDebugDirectivesOnly, MlirLLVMDINameTableKindNone,
                                            mlirAttributeGetNull());
  unsigned line = (unsigned)mlirLocationFileLineColRangeGetStartLine(pos);
  MlirAttribute nm = mlirStringAttrGet(ctx, name);
  L->di_sp = mlirLLVMDISubprogramAttrGet(ctx, mlirAttributeGetNull(), false, mlirDisctinctAttrCreate(mlirUnitAttrGet(ctx)),
                                         L->di_cu, file, nm, nm, file, line, line, SP_FLAG_DEFINITION | SP_FLAG_OPTIMIZED,
                                         mlirAttributeGetNull(), 0, NULL, 0, NULL);
  L->di_path = path;
  L->di_other_scope = mlirAttributeGetNull();
  return mlirLocationFusedGet(ctx, 1, &pos, L->di_sp);
}

MlirLocation lower_debuginfo_loc(ct_lower *L, MlirLocation loc) {
  if (mlirAttributeIsNull(L->di_sp)) return loc;
  MlirLocation pos = source_position(loc, 0);
  if (mlirLocationIsNull(pos)) return mlirLocationUnknownGet(L->b.ctx);
  MlirStringRef path = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(pos));
  if (same_ref(path, L->di_path)) return pos;
  if (mlirAttributeIsNull(L->di_other_scope) || !same_ref(path, L->di_other_path)) { /* (a one-entry cache) */
    L->di_other_scope = mlirLLVMDILexicalBlockFileAttrGet(L->b.ctx, L->di_sp, di_file(L->b.ctx, path), 0);
    L->di_other_path = path;
  }
  return mlirLocationFusedGet(L->b.ctx, 1, &pos, L->di_other_scope);
}

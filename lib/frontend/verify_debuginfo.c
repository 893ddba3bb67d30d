/* verify_debuginfo: the debug-info rules NVIDIA checks on functions (entry, testing$func) and
 * module-level ops (docs/debuginfo.md):
 *   1. a kernel whose location carries a di_loc must have a di_subprogram scope;
 *   2. that subprogram's linkageName must be the kernel's name;
 *   3. ops of a kernel without scope must not have scope;
 *   4. an op's subprogram (through lexical blocks) must be the kernel's;
 *   5. globals (any non-function op of a cuda_tile.module) must not have scope;
 *   6. a kernel's location must not be a callsite.
 * "Has scope" looks through callsite callers, fused members and name children (getDILoc).
 * Errors are reported at the op's location, like every verifier error. Owner: frontend. */
#include <mlir-c/BuiltinAttributes.h>
#include <string.h>

#include "frontend/debuginfo.h"
#include "frontend/ops.h"
#include "support/context.h"
#include "support/strbuf.h"

static char *attr_text(MlirAttribute a, ct_strbuf *sb) {
  ct_strbuf_clear(sb);
  mlirAttributePrint(a, ct_strbuf_mlir_callback, sb);
  return sb->data ? sb->data : "";
}

static MlirAttribute op_subprogram(MlirContext ctx, MlirOperation op) {
  MlirLocation di = ct_di_find_loc(mlirOperationGetLocation(op));
  MlirAttribute scope = {NULL};
  if (mlirLocationIsNull(di) || !ct_di_loc_split(di, NULL, &scope)) return (MlirAttribute){NULL};
  return ct_di_subprogram_of(ctx, scope);
}

/* Rules 3 and 4 over the body of a kernel; stops at the first error. */
static bool verify_body(ct_ctx *c, MlirContext ctx, MlirOperation op, MlirAttribute fn_sp, ct_strbuf *sb) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        MlirAttribute sp = op_subprogram(ctx, o);
        if (!mlirAttributeIsNull(sp)) {
          if (mlirAttributeIsNull(fn_sp)) {
            ct_error_op(c, o,
                        "invalid operation debug info scope: %s. Operation has debug info scope, but function debug "
                        "info scope is undefined.",
                        attr_text(sp, sb));
            return false;
          }
          if (!mlirAttributeEqual(sp, fn_sp)) {
            ct_strbuf other;
            ct_strbuf_init(&other);
            ct_error_op(c, o,
                        "invalid operation debug info scope: %s. Operation debug info scope does not match function "
                        "debug info scope: %s.",
                        attr_text(sp, sb), attr_text(fn_sp, &other));
            ct_strbuf_free(&other);
            return false;
          }
        }
        if (!verify_body(c, ctx, o, fn_sp, sb)) return false;
      }
  return true;
}

static bool verify_function(ct_ctx *c, MlirContext ctx, MlirOperation fn, ct_strbuf *sb) {
  MlirLocation loc = mlirOperationGetLocation(fn);
  if (mlirLocationIsACallSite(loc)) {
    ct_error_op(c, fn, "invalid function debug info location: a function location must not be a CallSiteLoc");
    return false;
  }
  MlirAttribute fn_sp = {NULL};
  MlirLocation di = ct_di_find_loc(loc);
  MlirAttribute scope;
  if (!mlirLocationIsNull(di) && ct_di_loc_split(di, NULL, &scope)) {
    ct_di_node n;
    if (!ct_di_attr_get(ctx, scope, &n) || n.kind != CT_DI_SUBPROGRAM) {
      ct_error_op(c, fn,
                  "invalid function debug info scope: %s. Function location must have cuda_tile.di_subprogram debug "
                  "info scope.",
                  attr_text(scope, sb));
      return false;
    }
    MlirAttribute sym = mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        !ct_di_str_eq(n.dir_or_linkage, mlirStringAttrGetValue(sym))) {
      MlirStringRef s = mlirStringAttrGetValue(sym);
      ct_error_op(c, fn,
                  "invalid function debug info scope: %s. Function name \"%.*s\" does not match subprogram scope "
                  "linkage name \"%.*s\".",
                  attr_text(scope, sb), (int)s.length, s.data, (int)n.dir_or_linkage.length, n.dir_or_linkage.data);
      return false;
    }
    fn_sp = scope;
  }
  return verify_body(c, ctx, fn, fn_sp, sb);
}

bool ct_verify_debuginfo(ct_ctx *c, MlirModule m) {
  if (mlirModuleIsNull(m)) return false;
  MlirContext ctx = mlirModuleGetContext(m);
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  bool ok = true;
  for (MlirOperation mod = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(mod);
       mod = mlirOperationGetNextInBlock(mod)) {
    if (ct_op_id_of(mod) != CT_OP_module || mlirOperationGetNumRegions(mod) != 1) continue;
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(mod, 0));
    if (mlirBlockIsNull(b)) continue;
    for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      ct_op_id id = ct_op_id_of(o);
      if (id == CT_OP_entry || id == CT_OP_testing_func) {
        ok &= verify_function(c, ctx, o, &sb);
      } else if (!mlirLocationIsNull(ct_di_find_loc(mlirOperationGetLocation(o)))) {
        ct_error_op(c, o, "invalid operation debug info scope: global variables must not have scope");
        ok = false;
      }
    }
  }
  ct_strbuf_free(&sb);
  return ok;
}

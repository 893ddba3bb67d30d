/* verify_control: verifier hooks for structure and control flow — module, entry (and NVIDIA's
 * test-only testing$func), return, yield, continue, break, for, loop, if, reduce, scan, assert,
 * print_tko, global, get_global.
 *
 * Algorithm: each hook checks counts and type classes, then walks up the parent chain (terminators)
 * or down into its regions (loops, if, reduce/scan) to compare block arguments and terminator
 * operand types with the op's operands/results, using NVIDIA's rules and wording
 * (CudaTile.cpp: verifyLoopIterValues, IfOp::verify, verifyEarlyExitOp, verifyAggregateOp...).
 * Knobs: none. */
#include <stdlib.h>
#include <string.h>

#include "frontend/ops.h"
#include "frontend/verify.h"

/* "'t0', 't1'" for a list of types (empty string for none). */
static const char *types_list(MlirType *types, int n, ct_strbuf *sb) {
  ct_strbuf_clear(sb);
  for (int i = 0; i < n; i++) {
    if (i) ct_strbuf_puts(sb, ", ");
    ct_strbuf_putc(sb, '\'');
    v_print_mlir_type(types[i], sb);
    ct_strbuf_putc(sb, '\'');
  }
  return sb->data ? sb->data : "";
}

static int op_operand_types(MlirOperation op, int first, MlirType *out, int cap) {
  int n = (int)mlirOperationGetNumOperands(op) - first;
  if (n < 0) n = 0;
  for (int i = 0; i < n && i < cap; i++) out[i] = mlirValueGetType(mlirOperationGetOperand(op, first + i));
  return n;
}

static int op_result_types(MlirOperation op, MlirType *out, int cap) {
  int n = (int)mlirOperationGetNumResults(op);
  for (int i = 0; i < n && i < cap; i++) out[i] = mlirValueGetType(mlirOperationGetResult(op, i));
  return n;
}

static bool same_type_lists(MlirType *a, int na, MlirType *b, int nb) {
  if (na != nb) return false;
  for (int i = 0; i < na; i++)
    if (!v_types_equal(a[i], b[i])) return false;
  return true;
}

#define MAX_LIST 256

static bool is_view_kind(const ct_type *t) {
  return t->kind == CT_TYPE_PARTITION_VIEW || t->kind == CT_TYPE_STRIDED_VIEW || t->kind == CT_TYPE_GATHER_SCATTER_VIEW;
}

/* Loop-carried and result values may not be views. `what` is "loop-carried value" / "result type". */
static bool check_not_view(ct_vop *v, const char *what, int i, MlirType mt) {
  ct_type t;
  if (!ct_type_from_mlir(mt, &t)) return true;
  if (t.kind == CT_TYPE_TENSOR_VIEW) return v_error(v, "%s %d is a tensor_view, which is not supported", what, i);
  if (is_view_kind(&t)) return v_error(v, "%s %d is a tile view, which is not supported", what, i);
  return true;
}

/* The block must end with one of the named terminators (short names, NULL-terminated). */
static bool check_terminator(ct_vop *v, MlirBlock b, const char *const *allowed, const char *region_name) {
  MlirOperation last = v_block_last_op(b);
  for (int i = 0; allowed[i]; i++)
    if (v_op_is(last, allowed[i])) return true;
  char buf[96];
  ct_strbuf list;
  ct_strbuf_init(&list);
  for (int i = 0; allowed[i]; i++) ct_strbuf_printf(&list, "%s'cuda_tile.%s'", i ? " or " : "", allowed[i]);
  if (mlirOperationIsNull(last))
    v_error(v, "%s must end with %s, but it is empty", region_name, list.data);
  else
    v_error(v, "%s must end with %s, found '%s'", region_name, list.data,
            mlirOperationIsNull(last) ? "" : ct_op_short_name(last, buf, sizeof buf));
  ct_strbuf_free(&list);
  return false;
}

static bool single_block_region(ct_vop *v, int region, const char *rname) {
  int nb = v_region_num_blocks(v->op, region);
  if (nb != 1) return v_error(v, "region #%d ('%s') failed to verify constraint: region with 1 blocks", region, rname);
  return true;
}

/* ------------------------------------------------------------------------------------------ */

static bool string_attr(ct_vop *v, const char *name, MlirStringRef *out) {
  MlirAttribute a = v_attr(v, name);
  if (mlirAttributeIsNull(a)) return v_error(v, "requires attribute '%s'", name);
  if (!mlirAttributeIsAString(a)) return v_error(v, "attribute '%s' must be a string attribute", name);
  if (out) *out = mlirStringAttrGetValue(a);
  return true;
}

bool verify_module(ct_vop *v) {
  if (!v_num_operands(v, 0) || !v_num_results(v, 0) || !v_num_regions(v, 1)) return false;
  if (!string_attr(v, "sym_name", NULL)) return false;
  if (!single_block_region(v, 0, "body")) return false;
  MlirBlock b = v_region_block(v->op, 0);
  if (mlirBlockGetNumArguments(b) != 0) return v_error(v, "body block must not have arguments");
  /* Symbol table: symbol names are unique within the module. */
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    MlirAttribute n = mlirOperationGetAttributeByName(o, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsNull(n) || !mlirAttributeIsAString(n)) continue;
    MlirStringRef s = mlirStringAttrGetValue(n);
    for (MlirOperation p = mlirBlockGetFirstOperation(b); !mlirOperationEqual(p, o); p = mlirOperationGetNextInBlock(p)) {
      MlirAttribute pn = mlirOperationGetAttributeByName(p, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(pn) || !mlirAttributeIsAString(pn)) continue;
      MlirStringRef ps = mlirStringAttrGetValue(pn);
      if (ps.length == s.length && (s.length == 0 || memcmp(ps.data, s.data, s.length) == 0)) {
        ct_error_op(v->c, o, "redefinition of symbol named '%.*s'", (int)s.length, s.data);
        v->nerrors++;
        break;
      }
    }
  }
  return v->nerrors == 0;
}

/* Shared by entry and testing$func. */
static bool verify_function_like(ct_vop *v, bool is_entry) {
  if (!v_num_operands(v, 0) || !v_num_results(v, 0) || !v_num_regions(v, 1)) return false;
  MlirStringRef name;
  if (!string_attr(v, "sym_name", &name)) return false;
  MlirAttribute ft = v_attr(v, "function_type");
  if (mlirAttributeIsNull(ft)) return v_error(v, "requires attribute 'function_type'");
  if (!mlirAttributeIsAType(ft) || !mlirTypeIsAFunction(mlirTypeAttrGetValue(ft)))
    return v_error(v, "attribute 'function_type' must be a function type");
  MlirType fty = mlirTypeAttrGetValue(ft);
  MlirOperation parent = mlirOperationGetParentOperation(v->op);
  /* entry lives in a cuda_tile.module; NVIDIA's test-only testing$func may stand at the top level. */
  if (is_entry && !v_op_is(parent, "module")) return v_error(v, "expects parent op 'cuda_tile.module'");
  int nin = (int)mlirFunctionTypeGetNumInputs(fty), nout = (int)mlirFunctionTypeGetNumResults(fty);
  if (is_entry && nout != 0) return v_error(v, "entry op must not return values");
  for (int i = 0; i < nin; i++) {
    ct_type t;
    MlirType in = mlirFunctionTypeGetInput(fty, i);
    if (!ct_type_from_mlir(in, &t)) {
      /* NVIDIA's test-only testing$func takes any type (its tests pass builtin i32 values). */
      if (!is_entry) continue;
      return v_error(v, "argument #%d has type '%s', which is not a cuda_tile type", i, v_type_str(in));
    }
    if (is_entry && t.kind == CT_TYPE_TILE && t.rank != 0)
      return v_error(v, "entry op must have scalar types (rank 0 !cuda_tile.tile)");
  }
  if (!single_block_region(v, 0, "body")) return false;
  MlirBlock b = v_region_block(v->op, 0);
  if ((int)mlirBlockGetNumArguments(b) != nin)
    return v_error(v, "entry block has %d arguments, but the function type has %d inputs",
                   (int)mlirBlockGetNumArguments(b), nin);
  for (int i = 0; i < nin; i++) {
    MlirType at = mlirValueGetType(mlirBlockGetArgument(b, i));
    if (!v_types_equal(at, mlirFunctionTypeGetInput(fty, i)))
      return v_error(v, "type of entry block argument #%d ('%s') must match the type of the corresponding argument in function signature ('%s')",
                     i, v_type_str(at), v_type_str(mlirFunctionTypeGetInput(fty, i)));
  }
  static const char *const terms[] = {"return", NULL};
  return check_terminator(v, b, terms, "the function body");
}

bool verify_entry(ct_vop *v) { return verify_function_like(v, true); }
bool verify_testing_func(ct_vop *v) { return verify_function_like(v, false); }

bool verify_return(ct_vop *v) {
  if (!v_num_results(v, 0)) return false;
  MlirOperation p = mlirOperationGetParentOperation(v->op);
  while (v_op_is(p, "if")) p = mlirOperationGetParentOperation(p);
  bool entry = v_op_is(p, "entry");
  if (!entry && !v_op_is(p, "testing$func"))
    return v_error(v, "must be used within a cuda_tile.entry, or cuda_tile.if operation");
  MlirAttribute ft = mlirOperationGetAttributeByName(p, mlirStringRefCreateFromCString("function_type"));
  MlirAttribute sn = mlirOperationGetAttributeByName(p, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(ft) || !mlirAttributeIsAType(ft) || !mlirTypeIsAFunction(mlirTypeAttrGetValue(ft)) ||
      mlirAttributeIsNull(sn) || !mlirAttributeIsAString(sn))
    return true; /* the function op reports its own malformed attributes */
  MlirType fty = mlirTypeAttrGetValue(ft);
  MlirStringRef fname = mlirStringAttrGetValue(sn);
  int nout = (int)mlirFunctionTypeGetNumResults(fty);
  if (v->nops != nout)
    return v_error(v, "has %d operands, but enclosing function (@%.*s) returns %d", v->nops, (int)fname.length,
                   fname.data, nout);
  if (entry && v->nops != 0) return v_error(v, "has %d operands, but entry function must return 0 operands", v->nops);
  for (int i = 0; i < nout; i++) {
    MlirType ot = v_operand_mlir_type(v, i), rt = mlirFunctionTypeGetResult(fty, i);
    if (!v_types_equal(ot, rt))
      return v_error_plain(v, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%.*s",
                           i, v_type_str(ot), v_type_str(rt), (int)fname.length, fname.data);
  }
  return true;
}

bool verify_yield(ct_vop *v) {
  if (!v_num_results(v, 0)) return false;
  MlirOperation p = mlirOperationGetParentOperation(v->op);
  if (!v_op_is(p, "if") && !v_op_is(p, "reduce") && !v_op_is(p, "scan"))
    return v_error(v, "expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'");
  return true; /* the parent compares the operand types */
}

/* Walk up through `if`s to the nearest loop; reports NVIDIA's ancestor-chain errors. */
static MlirOperation enclosing_loop(ct_vop *v, bool allow_for) {
  MlirOperation p = mlirOperationGetParentOperation(v->op);
  while (!mlirOperationIsNull(p)) {
    if (v_op_is(p, "loop") || (allow_for && v_op_is(p, "for"))) return p;
    if (!v_op_is(p, "if")) break;
    p = mlirOperationGetParentOperation(p);
  }
  if (allow_for)
    v_error(v, "can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations");
  else
    v_error(v, "can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations");
  return (MlirOperation){NULL};
}

bool verify_continue(ct_vop *v) {
  if (!v_num_results(v, 0)) return false;
  MlirOperation p = mlirOperationGetParentOperation(v->op);
  if (!v_op_is(p, "for") && !v_op_is(p, "if") && !v_op_is(p, "loop"))
    return v_error(v, "expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'");
  MlirOperation loop = enclosing_loop(v, true);
  if (mlirOperationIsNull(loop)) return false;
  MlirType mine[MAX_LIST], want[MAX_LIST];
  int nm = op_operand_types(v->op, 0, mine, MAX_LIST);
  ct_strbuf a, b;
  ct_strbuf_init(&a);
  ct_strbuf_init(&b);
  bool ok = true;
  if (v_op_is(loop, "loop")) {
    int nw = op_operand_types(loop, 0, want, MAX_LIST);
    if (nm > MAX_LIST || nw > MAX_LIST || !same_type_lists(mine, nm, want, nw))
      ok = v_error_plain(v, "`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: (%s), but found: (%s)",
                         types_list(want, nw < MAX_LIST ? nw : MAX_LIST, &a), types_list(mine, nm < MAX_LIST ? nm : MAX_LIST, &b));
  } else {
    int nw = op_result_types(loop, want, MAX_LIST);
    if (nm > MAX_LIST || nw > MAX_LIST || !same_type_lists(mine, nm, want, nw))
      ok = v_error_plain(v, "`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: (%s), but found: (%s)",
                         types_list(want, nw < MAX_LIST ? nw : MAX_LIST, &a), types_list(mine, nm < MAX_LIST ? nm : MAX_LIST, &b));
  }
  ct_strbuf_free(&a);
  ct_strbuf_free(&b);
  return ok;
}

bool verify_break(ct_vop *v) {
  if (!v_num_results(v, 0)) return false;
  MlirOperation p = mlirOperationGetParentOperation(v->op);
  if (!v_op_is(p, "if") && !v_op_is(p, "loop"))
    return v_error(v, "expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'");
  MlirOperation loop = enclosing_loop(v, false);
  if (mlirOperationIsNull(loop)) return false;
  MlirType mine[MAX_LIST], want[MAX_LIST];
  int nm = op_operand_types(v->op, 0, mine, MAX_LIST);
  int nw = op_result_types(loop, want, MAX_LIST);
  if (nm > MAX_LIST || nw > MAX_LIST || !same_type_lists(mine, nm, want, nw)) {
    ct_strbuf a, b;
    ct_strbuf_init(&a);
    ct_strbuf_init(&b);
    v_error(v, "operand types must correspond to the parent loop result types: (%s) vs (%s)",
            types_list(mine, nm < MAX_LIST ? nm : MAX_LIST, &a), types_list(want, nw < MAX_LIST ? nw : MAX_LIST, &b));
    ct_strbuf_free(&a);
    ct_strbuf_free(&b);
    return false;
  }
  return true;
}

/* Shared by for and loop: block arguments [first_arg..] vs init operands [first_init..]. */
static bool verify_iter_values(ct_vop *v, MlirBlock body, int first_arg, int first_init) {
  int nargs = (int)mlirBlockGetNumArguments(body) - first_arg;
  int ninit = v->nops - first_init;
  if (nargs != ninit)
    return v_error(v, "mismatch in number of region iterator values and loop iterator inits: %d vs %d", nargs, ninit);
  for (int i = 0; i < ninit; i++) {
    MlirType it = mlirValueGetType(mlirBlockGetArgument(body, first_arg + i));
    if (!check_not_view(v, "loop-carried value", i, it)) return false;
    MlirType init = v_operand_mlir_type(v, first_init + i);
    if (!v_types_equal(init, it))
      return v_error(v, "init value %d and region iter_value %d have different type: '%s' != '%s'", i, i,
                     v_type_str(init), v_type_str(it));
  }
  for (int i = 0; i < v->nres; i++)
    if (!check_not_view(v, "result type", i, v_result_mlir_type(v, i))) return false;
  return true;
}

bool verify_for(ct_vop *v) {
  if (!v_num_operands_range(v, 3, -1) || !v_num_regions(v, 1)) return false;
  ct_type lb, ub, st;
  if (!v_operand(v, 0, TC_SCALAR_INT, &lb) || !v_operand(v, 1, TC_SCALAR_INT, &ub) ||
      !v_operand(v, 2, TC_SCALAR_INT, &st))
    return false;
  if (!ct_type_equal(&lb, &ub) || !ct_type_equal(&lb, &st))
    return v_error(v, "failed to verify that all of {lowerBound, upperBound, step} have same type");
  if (v->nres != v->nops - 3)
    return v_error(v, "mismatch in number of loop-carried values and defined values: %d vs %d", v->nops - 3, v->nres);
  for (int i = 0; i < v->nres; i++) {
    MlirType rt = v_result_mlir_type(v, i), it = v_operand_mlir_type(v, 3 + i);
    if (!v_types_equal(rt, it))
      return v_error(v, "result #%d type '%s' does not match init value type '%s'", i, v_type_str(rt), v_type_str(it));
  }
  if (!single_block_region(v, 0, "region")) return false;
  MlirBlock body = v_region_block(v->op, 0);
  if (mlirBlockGetNumArguments(body) == 0) return v_error(v, "expected at least one block argument for induction variable");
  MlirType ivt = mlirValueGetType(mlirBlockGetArgument(body, 0));
  if (!v_types_equal(ivt, v_operand_mlir_type(v, 0)))
    return v_error(v, "expected induction variable to be same type as bounds and step: '%s' vs '%s'", v_type_str(ivt),
                   v_type_str(v_operand_mlir_type(v, 0)));
  if (!verify_iter_values(v, body, 1, 3)) return false;
  static const char *const terms[] = {"continue", NULL};
  return check_terminator(v, body, terms, "the 'cuda_tile.for' body");
}

bool verify_loop(ct_vop *v) {
  if (!v_num_regions(v, 1)) return false;
  if (!single_block_region(v, 0, "region")) return false;
  MlirBlock body = v_region_block(v->op, 0);
  if (!verify_iter_values(v, body, 0, 0)) return false;
  static const char *const terms[] = {"continue", "break", "return", NULL};
  return check_terminator(v, body, terms, "the 'cuda_tile.loop' body");
}

static bool if_branch(ct_vop *v, MlirBlock b, const char *name) {
  static const char *const terms[] = {"yield", "continue", "break", "return", NULL};
  char rname[64];
  snprintf(rname, sizeof rname, "the %s branch", name);
  if (!check_terminator(v, b, terms, rname)) return false;
  MlirOperation last = v_block_last_op(b);
  if (!v_op_is(last, "yield")) return true; /* early exits are checked by their own verifiers */
  MlirType ys[MAX_LIST], rs[MAX_LIST];
  int ny = op_operand_types(last, 0, ys, MAX_LIST), nr = op_result_types(v->op, rs, MAX_LIST);
  if (ny > MAX_LIST || nr > MAX_LIST) return v_error(v, "too many results");
  ct_strbuf a, c;
  ct_strbuf_init(&a);
  ct_strbuf_init(&c);
  bool ok = true;
  if (nr && !ny)
    ok = v_error(v, "has return type of %s but %s branch does not yield anything", types_list(rs, nr, &a), name);
  else if (!nr && ny)
    ok = v_error(v, "does not return a value, but %s branch yields %s", name, types_list(ys, ny, &a));
  else if (!same_type_lists(ys, ny, rs, nr))
    ok = v_error(v, "type does not match yield type, %s branch yields %s but op result type is %s", name,
                 types_list(ys, ny, &a), types_list(rs, nr, &c));
  ct_strbuf_free(&a);
  ct_strbuf_free(&c);
  return ok;
}

bool verify_if(ct_vop *v) {
  if (!v_num_operands(v, 1) || !v_operand(v, 0, TC_SCALAR_I1, NULL)) return false;
  if (!v_num_regions(v, 2)) return false;
  for (int i = 0; i < v->nres; i++)
    if (!check_not_view(v, "result type", i, v_result_mlir_type(v, i))) return false;
  int nthen = v_region_num_blocks(v->op, 0), nelse = v_region_num_blocks(v->op, 1);
  if (nthen == 0) return v_error(v, "must define then branch");
  if (nthen != 1 || nelse > 1) return v_error(v, "regions must have at most one block each");
  MlirBlock tb = v_region_block(v->op, 0);
  if (mlirBlockGetNumArguments(tb) != 0) return v_error(v, "then branch must not have block arguments");
  if (!if_branch(v, tb, "then")) return false;
  if (nelse == 0) {
    if (v->nres) return v_error(v, "has non-empty return type, must define else branch");
    return true;
  }
  MlirBlock eb = v_region_block(v->op, 1);
  if (mlirBlockGetNumArguments(eb) != 0) return v_error(v, "else branch must not have block arguments");
  return if_branch(v, eb, "else");
}

/* ------------------------------------------------------------------------------------------
 * reduce / scan */

static bool is_pure_op(MlirOperation op) {
  char buf[96];
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (!(n.length > 10 && memcmp(n.data, "cuda_tile.", 10) == 0)) return true; /* foreign: not ours to judge */
  const char *s = ct_op_short_name(op, buf, sizeof buf);
  size_t l = strlen(s);
  if (l > 4 && strcmp(s + l - 4, "_tko") == 0) return false;
  static const char *const impure[] = {"assert", "alloca", "make_token", "join_tokens", "return", "continue",
                                       "break", "loop", "for", "if", NULL};
  for (int i = 0; impure[i]; i++)
    if (strcmp(s, impure[i]) == 0) return false;
  return true;
}

static bool find_impure(ct_vop *v, MlirBlock b) {
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (!is_pure_op(o)) {
      char buf[96];
      ct_error_op(v->c, o, "'cuda_tile.%s' op only pure operations are allowed inside 'cuda_tile.%s'",
                  ct_op_short_name(o, buf, sizeof buf), v->name);
      v->nerrors++;
      return false;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(o); r++)
      for (MlirBlock nb = mlirRegionGetFirstBlock(mlirOperationGetRegion(o, r)); !mlirBlockIsNull(nb);
           nb = mlirBlockGetNextInRegion(nb))
        if (!find_impure(v, nb)) return false;
  }
  return true;
}

static bool verify_aggregate(ct_vop *v, bool is_scan) {
  if (!v_num_regions(v, 1)) return false;
  int n = v->nops;
  if (n == 0) return v_error(v, "expect at least 1 operand");
  ct_type first;
  for (int i = 0; i < n; i++) {
    ct_type t;
    if (!v_operand_variadic(v, i, TC_TILE_NUMBER, &t)) return false;
    if (i == 0) first = t;
    else if (!v_same_shape(&t, &first)) return v_error(v, "requires the same shape for all operands");
  }
  if (v->nres != n) return v_error(v, "expect same number of operands and results");
  int64_t dim;
  MlirAttribute da = v_attr(v, "dim");
  if (mlirAttributeIsNull(da)) return v_error(v, "requires attribute 'dim'");
  if (!v_int_attr(v, "dim", &dim) || dim < 0 || dim > INT32_MAX)
    return v_error(v, "attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative");
  if (is_scan && !mlirAttributeIsNull(v_attr(v, "reverse")) && !mlirAttributeIsABool(v_attr(v, "reverse")))
    return v_error(v, "attribute 'reverse' failed to satisfy constraint: bool attribute");
  MlirAttribute ids = v_attr(v, "identities");
  if (mlirAttributeIsNull(ids)) return v_error(v, "requires attribute 'identities'");
  if (!mlirAttributeIsAArray(ids)) return v_error(v, "attribute 'identities' must be an array of typed scalars");
  int nid = (int)mlirArrayAttrGetNumElements(ids);
  if (nid != n)
    return v_error(v, "expect identities to match the number of operands but got: %d operands and %d identities", n, nid);
  for (int i = 0; i < n; i++) {
    ct_type ot;
    v_value_type(mlirOperationGetOperand(v->op, i), &ot);
    MlirAttribute id = mlirArrayAttrGetElement(ids, i);
    if (!mlirAttributeIsAInteger(id) && !mlirAttributeIsAFloat(id))
      return v_error(v, "identity at index %d must be a typed integer or float scalar", i);
    ct_elem ie = v_elem_from_mlir(mlirAttributeGetType(id));
    if ((ot.elem == CT_BF16 && ie == CT_F16) || (ot.elem == CT_F16 && ie == CT_BF16)) continue;
    if (ie != ot.elem)
      return v_error(v, "expect same type for operand at index: %d and identity at index: %d but got: '%s' and '%s'", i,
                     i, v_elem_str(&ot), v_type_str(mlirAttributeGetType(id)));
  }
  if (dim >= first.rank)
    return v_error(v, "dimension (%lld) is out of bound [0, %d)", (long long)dim, first.rank);
  /* results */
  for (int i = 0; i < n; i++) {
    ct_type ot, rt, want;
    v_value_type(mlirOperationGetOperand(v->op, i), &ot);
    want = ot;
    if (!is_scan) {
      want.rank = ot.rank - 1;
      for (int k = 0, j = 0; k < ot.rank; k++)
        if (k != dim) want.shape[j++] = ot.shape[k];
    }
    bool ok = ct_type_from_mlir(v_result_mlir_type(v, i), &rt) && ct_type_equal(&rt, &want);
    if (!ok) {
      if (is_scan) return v_error(v, "expect same type for operand at index: %d and result at index: %d", i, i);
      ct_strbuf a, b;
      ct_strbuf_init(&a);
      ct_strbuf_init(&b);
      for (int k = 0; k < n; k++) {
        ct_type ok_t;
        v_value_type(mlirOperationGetOperand(v->op, k), &ok_t);
        ok_t.rank = ok_t.rank - 1;
        for (int q = 0, j = 0; q < ok_t.rank + 1; q++)
          if (q != dim) ok_t.shape[j++] = ok_t.shape[q];
        ct_strbuf_printf(&a, "%s'%s'", k ? ", " : "", v_ct_type_str(&ok_t));
        ct_strbuf_printf(&b, "%s'%s'", k ? ", " : "", v_type_str(v_result_mlir_type(v, k)));
      }
      v_error(v, "inferred type(s) %s are incompatible with return type(s) of operation %s", a.data, b.data);
      ct_strbuf_free(&a);
      ct_strbuf_free(&b);
      return false;
    }
  }
  /* region */
  if (!single_block_region(v, 0, "body")) return false;
  MlirBlock b = v_region_block(v->op, 0);
  if (mlirOperationIsNull(mlirBlockGetFirstOperation(b))) return v_error(v, "expect non-empty block");
  int nargs = (int)mlirBlockGetNumArguments(b);
  if (nargs != 2 * n) return v_error(v, "expect %d block arguments but got: %d", 2 * n, nargs);
  ct_type at[2 * CT_MAX_RANK + 64];
  if (nargs > (int)(sizeof at / sizeof at[0])) return v_error(v, "too many operands");
  for (int i = 0; i < nargs; i++) {
    MlirType mt = mlirValueGetType(mlirBlockGetArgument(b, i));
    if (!ct_type_from_mlir(mt, &at[i]) || at[i].kind != CT_TYPE_TILE || at[i].rank != 0)
      return v_error(v, "expect 0-rank tile type at index: %d but got: '%s'", i, v_type_str(mt));
  }
  for (int i = 0; i + 1 < nargs; i += 2)
    if (!v_same_elem(&at[i], &at[i + 1]))
      return v_error(v, "expect same element type for block argument at index: %d and %d but got: '%s' and '%s'", i, i + 1,
                     v_elem_str(&at[i]), v_elem_str(&at[i + 1]));
  for (int i = 0; i < n; i++) {
    ct_type ot;
    v_value_type(mlirOperationGetOperand(v->op, i), &ot);
    if (!v_same_elem(&ot, &at[2 * i]))
      return v_error(v, "expect same type for operand at index: %d and block argument at index: %d but got: '%s' and '%s'",
                     i, 2 * i, v_elem_str(&ot), v_elem_str(&at[2 * i]));
  }
  static const char *const terms[] = {"yield", NULL};
  char rname[64];
  snprintf(rname, sizeof rname, "the 'cuda_tile.%s' body", v->name);
  if (!check_terminator(v, b, terms, rname)) return false;
  MlirOperation y = v_block_last_op(b);
  int ny = (int)mlirOperationGetNumOperands(y);
  if (ny != n)
    return v_error(v, "expect number of terminators operands (%d) to match number of operands (%d)", ny, n);
  for (int i = 0; i < n; i++) {
    ct_type ot, yt;
    v_value_type(mlirOperationGetOperand(v->op, i), &ot);
    MlirType ymt = mlirValueGetType(mlirOperationGetOperand(y, i));
    if (!ct_type_from_mlir(ymt, &yt) || yt.kind != CT_TYPE_TILE)
      return v_error(v, "expected TileType for operand and terminator types but got: '%s' and '%s'",
                     v_type_str(v_operand_mlir_type(v, i)), v_type_str(ymt));
    if (!v_same_elem(&ot, &yt))
      return v_error(v, "expect same type for operand at index: %d and terminator argument at index: %d but got: '%s' and '%s'",
                     i, i, v_elem_str(&ot), v_elem_str(&yt));
    if (yt.rank != 0) return v_error(v, "terminator operand %d must be a 0-rank tile, got '%s'", i, v_type_str(ymt));
  }
  return find_impure(v, b);
}

bool verify_reduce(ct_vop *v) { return verify_aggregate(v, false); }
bool verify_scan(ct_vop *v) { return verify_aggregate(v, true); }

/* ------------------------------------------------------------------------------------------ */

bool verify_assert(ct_vop *v) {
  if (!v_num_operands(v, 1) || !v_num_results(v, 0)) return false;
  if (!v_operand(v, 0, TC_TILE_I1, NULL)) return false;
  return string_attr(v, "message", NULL);
}

bool verify_print_tko(ct_vop *v) {
  int st[2], sz[2];
  if (!v_segments(v, "vo", st, sz)) return false;
  for (int i = 0; i < sz[0]; i++)
    if (!v_operand_variadic(v, st[0] + i, TC_TILE, NULL)) return false;
  if (sz[1] && !v_operand(v, st[1], TC_TOKEN, NULL)) return false;
  if (!v_num_results(v, 1) || !v_result(v, 0, TC_TOKEN, NULL)) return false;
  MlirStringRef s = {NULL, 0};
  if (!string_attr(v, "str", &s)) return false;
  int expected = 0;
  for (size_t pos = 0; pos < s.length; pos++) {
    if (s.data[pos] != '%') continue;
    size_t end = pos + 1;
    while (end < s.length && !strchr("diuoxXeEfFgGaAcspn%", s.data[end])) end++;
    if (end >= s.length) return v_error(v, "found unterminated format expression");
    if (end == pos + 1 && s.data[end] == '%') {
      pos = end;
      continue;
    }
    expected++;
    pos = end;
  }
  if (expected != sz[0]) return v_error(v, "incorrect number of operands: expected %d, found %d", expected, sz[0]);
  return true;
}

bool verify_global(ct_vop *v) {
  if (!v_num_operands(v, 0) || !v_num_results(v, 0)) return false;
  if (!string_attr(v, "sym_name", NULL)) return false;
  if (!v_op_is(mlirOperationGetParentOperation(v->op), "module")) return v_error(v, "expects parent op 'cuda_tile.module'");
  MlirAttribute val = v_attr(v, "value");
  if (mlirAttributeIsNull(val)) return v_error(v, "requires attribute 'value'");
  if (!mlirAttributeIsADenseElements(val)) return v_error(v, "attribute 'value' must be a dense elements attribute");
  MlirType t = mlirAttributeGetType(val);
  if (!mlirTypeIsARankedTensor(t) || mlirShapedTypeGetRank(t) != 1) return v_error(v, "type must have rank 1");
  int64_t align;
  if (v_int_attr(v, "alignment", &align) && align < 0)
    return v_error(v, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0");
  return true;
}

bool verify_get_global(ct_vop *v) {
  ct_type rt;
  if (!v_num_operands(v, 0) || !v_num_results(v, 1) || !v_result(v, 0, TC_SCALAR_PTR, &rt)) return false;
  MlirAttribute name = v_attr(v, "name");
  if (mlirAttributeIsNull(name)) return v_error(v, "requires attribute 'name'");
  if (!mlirAttributeIsAFlatSymbolRef(name)) return v_error(v, "attribute 'name' must be a flat symbol reference");
  MlirStringRef s = mlirFlatSymbolRefAttrGetValue(name);
  MlirOperation mod = mlirOperationGetParentOperation(v->op);
  while (!mlirOperationIsNull(mod) && !v_op_is(mod, "module")) mod = mlirOperationGetParentOperation(mod);
  MlirOperation g = {NULL};
  if (!mlirOperationIsNull(mod)) {
    MlirBlock b = v_region_block(mod, 0);
    for (MlirOperation o = mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(b);
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
      if (!v_op_is(o, "global")) continue;
      MlirAttribute n = mlirOperationGetAttributeByName(o, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(n) || !mlirAttributeIsAString(n)) continue;
      MlirStringRef gs = mlirStringAttrGetValue(n);
      if (gs.length == s.length && memcmp(gs.data, s.data, s.length) == 0) {
        g = o;
        break;
      }
    }
  }
  if (mlirOperationIsNull(g)) return v_error(v, "'%.*s' does not reference a valid global", (int)s.length, s.data);
  MlirAttribute val = mlirOperationGetAttributeByName(g, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(val) || !mlirAttributeIsADenseElements(val)) return true; /* global reports it */
  MlirType et = mlirShapedTypeGetElementType(mlirAttributeGetType(val));
  if (v_elem_from_mlir(et) != rt.pointee)
    return v_error(v, "pointee type of result type '!cuda_tile.ptr<%s>' does not match type '%s' of the global @%.*s",
                   ct_elem_name(rt.pointee), v_type_str(et), (int)s.length, s.data);
  return true;
}

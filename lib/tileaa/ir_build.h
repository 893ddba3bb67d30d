/* ir_build: small MLIR C API helpers shared by the TileAA and TileAS passes — creating unregistered
 * `tileaa.*` / `tileas.*` / `cuda_tile.*` operations next to an anchor op, reading integer
 * constants, collecting ops in walk order (so a pass can rewrite while iterating), and use
 * queries (first/last user inside a block). Not a pass; no knobs. Owner: tileaa/tileas. */
#ifndef TILEC_TILEAA_IR_BUILD_H
#define TILEC_TILEAA_IR_BUILD_H
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frontend/types.h"

/* A growable list of operations (collected before rewriting). */
typedef struct ct_oplist {
  MlirOperation *ops;
  size_t n, cap;
} ct_oplist;
void ct_oplist_push(ct_oplist *l, MlirOperation op);
void ct_oplist_free(ct_oplist *l);
bool ct_oplist_has(const ct_oplist *l, MlirOperation op); /* op is in l (linear search) */
/* Every op nested under root whose name starts with prefix (pre-order, root excluded). */
void ct_ir_collect(MlirOperation root, const char *prefix, ct_oplist *out);
/* The owner of every use of v, in use-list order (an op using v twice appears twice), so that the
 * caller may rewrite or destroy them. */
void ct_ir_collect_users(MlirValue v, ct_oplist *out);

bool ct_ir_is(MlirOperation op, const char *name);     /* op name == name */
/* cuda_tile.mmaf or cuda_tile.mmai (the two matrix multiply-accumulates a path is chosen for) */
bool ct_ir_is_mma(MlirOperation op);
MlirStringRef ct_ir_sref(const char *s);
MlirNamedAttribute ct_ir_named(MlirContext ctx, const char *name, MlirAttribute a);
MlirAttribute ct_ir_i64_attr(MlirContext ctx, int64_t v);
MlirAttribute ct_ir_str_attr(MlirContext ctx, const char *s);
/* An OpaqueType / OpaqueAttr `!ns.<printf text>` / `#ns.<printf text>`. */
MlirType ct_ir_opaque_type(MlirContext ctx, const char *ns, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
MlirAttribute ct_ir_opaque_attr(MlirContext ctx, const char *ns, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Create an op and insert it before `anchor` (or append to `block` when anchor is null). */
MlirOperation ct_ir_build(MlirLocation loc, const char *name, intptr_t nres, const MlirType *res, intptr_t nopd,
                          const MlirValue *opd, intptr_t nattr, const MlirNamedAttribute *attrs,
                          MlirOperation anchor);
/* Copy every discardable attribute of `from` onto `to`, except operandSegmentSizes. */
void ct_ir_copy_attrs(MlirOperation from, MlirOperation to);

/* Integer value of a scalar cuda_tile.constant / tileaa.constant result. */
bool ct_ir_const_int(MlirValue v, int64_t *out);
/* The divisor N of the first `assume div_by<N>` on v, looking through tileaa.to_i64 and assume
 * chains; 0 when none. */
int64_t ct_ir_assumed_divisor(MlirValue v);
/* A scalar cuda_tile.constant of type `tile<elem>` holding v, inserted before anchor. */
MlirValue ct_ir_ct_scalar_const(MlirContext ctx, MlirLocation loc, ct_elem elem, int64_t v, MlirOperation anchor);
/* A binary scalar cuda_tile integer op (addi/subi/muli; divi/mini/maxi signed) on same-typed operands. */
MlirValue ct_ir_ct_binop(MlirContext ctx, MlirLocation loc, const char *op, MlirValue a, MlirValue b,
                         MlirOperation anchor);

/* Is op outside every loop: only `if`s (no other region op) between it and its cuda_tile.entry? */
bool ct_ir_outside_loops(MlirOperation op);
/* The ancestor of op (op itself included) whose parent block is `block`; null when none. */
MlirOperation ct_ir_ancestor_in_block(MlirOperation op, MlirBlock block);
/* Earliest / latest op of `block` that uses v (directly or inside a nested region); null when none. */
MlirOperation ct_ir_first_user_in_block(MlirValue v, MlirBlock block);
MlirOperation ct_ir_last_user_in_block(MlirValue v, MlirBlock block);
MlirOperation ct_ir_block_last_op(MlirBlock b);
/* Is v defined outside op: a block argument or op result not nested in op? */
bool ct_ir_defined_outside(MlirValue v, MlirOperation op);
/* Loop op f (one region) rebuilt as op `name` with the given operands and result types (at least
 * f's results, in f's order first): inserted before f with f's attributes (operandSegmentSizes
 * excepted) and its region; f's results' uses move to the new op's; f is destroyed. */
MlirOperation ct_ir_rebuild_loop(MlirOperation f, const char *name, intptr_t nopd, const MlirValue *opd, intptr_t nres,
                                 const MlirType *res);
/* Scalar arithmetic of any dialect: op's name says no load, store, atomic or print, and every
 * operand and result is an integer / index / float scalar or a rank-0 tile (regions not checked). */
bool ct_ir_scalar_arith(MlirOperation op);
/* Nearest enclosing op with the given name (op excluded); null when none. */
MlirOperation ct_ir_enclosing(MlirOperation op, const char *name);
#endif

/* run_interp.c - see run_interp.h. Errors from the front end and the interpreter are printed by
 * tilec's diagnostic engine as `file:line:col: error: ...`; argument mismatches as `error: ...`. */
#include "run_interp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode.h"
#include "frontend/frontend.h"
#include "frontend/ops.h"
#include "interp/interp.h"
#include "support/file_io.h"

static int type_matches(const run_arg_spec *spec, const ct_type *param) {
  if (param->kind != CT_TYPE_TILE || param->rank != 0) return 0;
  if (spec->kind == RUN_ARG_BUFFER)
    return param->elem == CT_PTR && strcmp(ct_elem_name(param->pointee), run_dtype_name(spec->dtype)) == 0;
  if (spec->kind == RUN_ARG_SCALAR)
    return param->elem != CT_PTR && strcmp(ct_elem_name(param->elem), run_dtype_name(spec->dtype)) == 0;
  return 0;
}

static void describe_param(const ct_type *param, char *out, size_t size) {
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  ct_type_print(param, &sb);
  snprintf(out, size, "%s", sb.data ? sb.data : "?");
  ct_strbuf_free(&sb);
}

static int walk_kind(MlirOperation op, int kind) {
  ct_op_id id = ct_op_id_of(op);
  if (id == CT_OP_mmaf || id == CT_OP_mmai || id == CT_OP_mmaf_scaled) return RUN_CHECK_GEMM;
  if ((id == CT_OP_reduce || id == CT_OP_scan) && kind == RUN_CHECK_ELEMENTWISE) kind = RUN_CHECK_REDUCTION;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
        kind = walk_kind(o, kind);
        if (kind == RUN_CHECK_GEMM) return kind;
      }
  return kind;
}

static int check_arguments(const run_options *options, MlirOperation entry, const char *name, ct_interp_arg **args_out,
                           unsigned *arg_count, unsigned *buffer_index) {
  ct_type params[64];
  int nparams = ct_interp_entry_params(entry, params, 64);
  unsigned passed = 0;
  for (unsigned i = 0; i < options->arg_count; i++) passed += !options->args[i].hidden;
  if (nparams > 64 || (unsigned)nparams != passed) {
    fprintf(stderr, "error: kernel '%s' takes %d parameters but %u --arg were given\n", name, nparams, passed);
    return 2;
  }
  ct_interp_arg *args = calloc(passed ? passed : 1, sizeof *args);
  if (!args) return 2;
  unsigned param = 0, buffers = 0;
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind == RUN_ARG_TMAP) {
      fprintf(stderr, "error: --arg %u: tensor maps are not supported by --interpret\n", i);
      free(args);
      return 2;
    }
    if (spec->kind == RUN_ARG_BUFFER) buffer_index[i] = buffers++;
    if (spec->hidden) continue;
    if (!type_matches(spec, &params[param])) {
      char text[256];
      describe_param(&params[param], text, sizeof text);
      fprintf(stderr, "error: --arg %u: kernel '%s' parameter %u is %s but the argument is a %s %s\n", i, name, param,
              text, run_dtype_name(spec->dtype), spec->kind == RUN_ARG_BUFFER ? "buffer" : "scalar");
      free(args);
      return 2;
    }
    if (spec->kind == RUN_ARG_BUFFER) {
      args[param].kind = CT_INTERP_ARG_BUFFER;
      args[param].buffer = buffer_index[i];
    } else {
      args[param].kind = CT_INTERP_ARG_SCALAR;
      uint64_t bits = 0;
      for (int b = 0; b < 8; b++) bits |= (uint64_t)spec->scalar_bytes[b] << (8 * b);
      args[param].scalar_bits = bits;
    }
    param++;
  }
  *args_out = args;
  *arg_count = passed;
  return 0;
}

int run_interp_execute(const run_options *options, const char *source_path, void **buffers, const size_t *bytes,
                       run_interp_info *info) {
  memset(info, 0, sizeof *info);
  size_t length = 0;
  char *text = ct_read_file(source_path, &length);
  if (!text) {
    fprintf(stderr, "error: cannot read '%s'\n", source_path);
    return 2;
  }
  ct_ctx *c = ct_ctx_create();
  int status = 2;
  ct_interp_arg *args = NULL;
  ct_interp_buffer *memory = NULL;
  unsigned *buffer_index = calloc(options->arg_count ? options->arg_count : 1, sizeof *buffer_index);
  /* cuTile's bytecode (.tileirbc) as well as text: the reader tilec uses */
  MlirModule module = ct_bytecode_is_bytecode((const uint8_t *)text, length)
                          ? ct_bytecode_read(c, source_path, (const uint8_t *)text, length)
                          : ct_parse_text(c, source_path, 1, text, length);
  if (mlirModuleIsNull(module) || !buffer_index) goto done;
  if (!ct_verify_module(c, module)) goto done_module;
  MlirOperation entry = ct_interp_find_entry(c, module, options->kernel_name);
  if (mlirOperationIsNull(entry)) goto done_module;
  MlirStringRef name = ct_interp_entry_name(entry);
  snprintf(info->kernel_name, sizeof info->kernel_name, "%.*s", (int)name.length, name.data);
  info->kind = (run_check_kind)walk_kind(entry, RUN_CHECK_ELEMENTWISE);
  info->input_dtype = RUN_DTYPE_INVALID;
  unsigned arg_count = 0, buffer_count = 0;
  if (check_arguments(options, entry, info->kernel_name, &args, &arg_count, buffer_index)) goto done_module;
  memory = calloc(options->arg_count ? options->arg_count : 1, sizeof *memory);
  char (*labels)[32] = calloc(options->arg_count ? options->arg_count : 1, sizeof *labels);
  if (!memory || !labels) {
    free(labels);
    goto done_module;
  }
  for (unsigned i = 0; i < options->arg_count; i++) {
    const run_arg_spec *spec = &options->args[i];
    if (spec->kind != RUN_ARG_BUFFER) continue;
    if (info->input_dtype == RUN_DTYPE_INVALID && spec->init != RUN_INIT_OUTPUT) info->input_dtype = spec->dtype;
    snprintf(labels[i], sizeof labels[i], "argument %u", i);
    memory[buffer_count++] = (ct_interp_buffer){buffers[i], bytes[i], labels[i]};
  }
  if (info->input_dtype == RUN_DTYPE_INVALID) info->input_dtype = RUN_DTYPE_F32;
  ct_interp_config config = {.buffers = memory, .buffer_count = buffer_count, .args = args, .arg_count = arg_count,
                             .max_ops = options->max_ops};
  memcpy(config.grid, options->grid, sizeof config.grid);
  status = ct_interp_run(c, entry, &config) ? 0 : 1;
  free(labels);
done_module:
  mlirModuleDestroy(module);
done:
  free(memory);
  free(args);
  free(buffer_index);
  ct_ctx_destroy(c);
  free(text);
  return status;
}

/* bytecode: CUDA Tile IR bytecode (.tileirbc) reader and writer, byte-compatible with the format
 * NVIDIA's cuda-tile-translate writes for versions 13.1, 13.2 and 13.3, and in the layout of NVIDIA's
 * generated encoders (cuTile Python 1.7) for 13.4 and 13.5 (default 13.5).
 *
 * Format (docs/bytecode.md): magic `\x7FTileIR\0`, version (u8 major, u8 minor, u16 LE tag), then
 * sections `id(byte, bit 7 = aligned) length(varint) [alignment(varint) padding(0xCB)] data`:
 * global (6), function (2), constant (4), debug (3), type (5), string (1), producer (7, 13.3+),
 * end (0). Ops are encoded per NVIDIA's generated op writers (result types, flags word, attributes,
 * operands, regions) with the per-version gating of newer ops, attributes, operands and types.
 *
 * Limits: one cuda_tile.module per bytecode file; the module's sym_name and entry res_attrs are
 * not representable in the format, arg_attrs only from 13.5 (the reader names the module `kernels`,
 * as NVIDIA's reader does); debug info is read for DILoc locations only and never written (tilec's locations are
 * FileLineCol, which NVIDIA's writer also leaves out). Reading never over-reads: every length and
 * count is checked against the remaining bytes before anything is allocated.
 * Owner: bytecode. */
#ifndef TILEC_FRONTEND_BYTECODE_H
#define TILEC_FRONTEND_BYTECODE_H
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/context.h"
#include "support/strbuf.h"

/* A bytecode version as (major << 8) | minor; the 16-bit tag of the header is always written 0. */
typedef enum ct_bytecode_version {
  CT_BYTECODE_13_1 = 0x0D01,
  CT_BYTECODE_13_2 = 0x0D02,
  CT_BYTECODE_13_3 = 0x0D03,
  CT_BYTECODE_13_4 = 0x0D04,
  CT_BYTECODE_13_5 = 0x0D05,
  CT_BYTECODE_DEFAULT = CT_BYTECODE_13_5,
} ct_bytecode_version;

/* The 8-byte magic every bytecode file starts with. */
extern const uint8_t ct_bytecode_magic[8];

/* True when data starts with the bytecode magic (input detection). */
bool ct_bytecode_is_bytecode(const uint8_t *data, size_t len);

/* Parse a `--bytecode-version=` value ("13.1" .. "13.5"). Returns false for anything else. */
bool ct_bytecode_version_parse(const char *text, ct_bytecode_version *out);

/* "13.1" .. "13.5" (static string; "?" for anything else). */
const char *ct_bytecode_version_name(ct_bytecode_version v);

/* Read bytecode into a builtin module holding one cuda_tile.module, built exactly as the text parser
 * builds it (docs/ir.md). Op locations are FileLineCol(filename, line, col) from the debug section
 * when it has a DILoc for the op, else FileLineCol(filename, 0, byte offset of the op).
 * On error: ct_diag_emit(c, CT_DIAG_ERROR, filename, 0, 0, "... at byte offset N") and a null
 * module. */
MlirModule ct_bytecode_read(ct_ctx *c, const char *filename, const uint8_t *data, size_t len);

/* Write the (single) cuda_tile.module of m as bytecode of version v, appended to out.
 * Ops, attributes, operands or types newer than v give a located error and false (out is then
 * left with unspecified partial content). */
bool ct_bytecode_write(ct_ctx *c, MlirModule m, ct_bytecode_version v, ct_strbuf *out);
#endif

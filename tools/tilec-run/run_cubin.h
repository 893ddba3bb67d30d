/* run_cubin.h - reads what a launcher needs from a cubin (an sm_90/sm_100 CUDA ELF, from ptxas or
 * from NVIDIA's tileiras): each kernel's name, parameter sizes, required block size and cluster
 * shape, static shared memory, and whether the kernel is a CUDA Tile IR kernel whose launch is
 * completed by the driver from the cubin's embedded host code (docs/tilec-run.md "Cubins").
 * Algorithm: walk the ELF64 section headers; every `.nv.info.<kernel>` section (SHT 0x70000000)
 * is a list of attribute records {u8 format, u8 attribute, u16 size-or-value, payload}; the
 * attributes read are REQNTID (0x10), CTA_PER_CLUSTER (0x3d), KPARAM_INFO (0x17, v1: u32 index,
 * u16 ordinal, u16 offset, u32 flags with size = flags >> 18), KPARAM_INFO_V2 (0x45: u32 index,
 * u16 ordinal, u16 offset, u16 size, u8 log2 pointee alignment, u8 space) and LANGUAGE (0x66,
 * 7 = TILEIR); `.nv.shared.<kernel>` gives static shared memory and `.nv.host` marks embedded
 * host code. Every offset and size is bounds-checked; a malformed file is an error, never a read
 * out of bounds. The record layouts were read off cuobjdump -elf of ptxas 13.0 and tileiras 13.5
 * cubins (test/run/Inputs/cubin/NOTICE).
 * Knobs: none. */
#ifndef TILEC_RUN_CUBIN_H
#define TILEC_RUN_CUBIN_H

#include <stddef.h>
#include <stdint.h>

#include "run_ptx.h"

/* Fills `module` (the same description run_ptx_scan gives for PTX; dynamic_smem_bytes is -1 and
 * no tilec comments exist in a cubin) from a cubin image. Returns 0, or -1 with a message. */
int run_cubin_scan(const uint8_t *image, size_t size, run_ptx_module *module, char *error, size_t error_size);

#endif

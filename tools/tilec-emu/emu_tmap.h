/* emu_tmap.h - the tensor map the CPU emulator's cuTensorMapEncodeTiled writes into a CUtensorMap's
 * 128 bytes (emu_driver.c) and its cp.async.bulk.tensor reads back (emu_device.c). Host memory
 * addresses; dims innermost first; strides in bytes for dims 1.. (dim 0's is the element size). */
#ifndef TILEC_EMU_TMAP_H
#define TILEC_EMU_TMAP_H

#include <stdint.h>

#define EMU_TMAP_MAGIC 0x554D4554u /* "TEMU": a map TMA may use (host-encoded, or device-built and acquired) */
/* a map built on the device (emu_device.c): fields set by tensormap.replace in shared memory, then
 * copied to global memory by tensormap.cp_fenceproxy (released), then acquired for the tensormap
 * proxy by fence.proxy.tensormap::generic.acquire — only then EMU_TMAP_MAGIC */
#define EMU_TMAP_STAGED 0x53544D54u   /* "TMTS" */
#define EMU_TMAP_RELEASED 0x52544D54u /* "TMTR" */

typedef struct {
  uint32_t magic, rank, elem_bytes, swizzle; /* swizzle: 0 none, 1 32B, 2 64B, 3 128B */
  uint32_t oob_nan, data_type;
  uint64_t address;
  uint32_t dims[5];
  uint64_t strides[4];
  uint32_t box[5];
  uint32_t elem_strides[5];
} emu_tmap;

_Static_assert(sizeof(emu_tmap) <= 128, "emu_tmap fits a CUtensorMap");

#endif

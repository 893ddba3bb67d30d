/* run_cubin.c - kernel metadata from a cubin's .nv.info sections (see run_cubin.h for the record
 * layouts and where they come from). Knobs: none. */
#include "run_cubin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  SHT_CUDA_INFO = 0x70000000,
  EIFMT_SVAL = 4, /* u16 size, then the payload; other formats carry a 2-byte value inline */
  EIATTR_REQNTID = 0x10,
  EIATTR_KPARAM_INFO = 0x17,
  EIATTR_CTA_PER_CLUSTER = 0x3d,
  EIATTR_KPARAM_INFO_V2 = 0x45,
  EIATTR_LANGUAGE = 0x66,
  LANGUAGE_TILEIR = 7,
  MAX_PARAMS = 4096,
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

typedef struct {
  uint32_t name, type;
  uint64_t offset, size;
} section;

/* The NUL-terminated string at `offset` of the string table [strtab, strtab + strtab_size), or
 * NULL when it runs past the table. */
static const char *string_at(const uint8_t *strtab, uint64_t strtab_size, uint32_t offset) {
  if (offset >= strtab_size) return NULL;
  const void *nul = memchr(strtab + offset, 0, strtab_size - offset);
  return nul ? (const char *)strtab + offset : NULL;
}

/* One parameter, as its KPARAM_INFO record gives it. */
typedef struct {
  uint32_t ordinal, size;
} kparam;

static int parse_info(const uint8_t *p, uint64_t size, run_ptx_entry *entry, char *error, size_t error_size) {
  kparam *params = NULL;
  unsigned count = 0, capacity = 0;
  int status = 0;
  for (uint64_t at = 0; at < size && status == 0;) {
    if (size - at < 4) {
      status = run_fail(error, error_size, "kernel '%s': truncated .nv.info record", entry->name);
      break;
    }
    uint8_t format = p[at], attribute = p[at + 1];
    const uint8_t *payload = p + at + 4;
    uint64_t payload_size = 0;
    if (format == EIFMT_SVAL) {
      payload_size = rd16(p + at + 2);
      if (payload_size > size - at - 4) {
        status = run_fail(error, error_size, "kernel '%s': .nv.info record 0x%02x runs past its section", entry->name,
                      attribute);
        break;
      }
    }
    at += 4 + payload_size;
    if (format != EIFMT_SVAL) continue;
    switch (attribute) {
    case EIATTR_REQNTID:
    case EIATTR_CTA_PER_CLUSTER: {
      if (payload_size < 12) {
        status = run_fail(error, error_size, "kernel '%s': short %s record", entry->name,
                      attribute == EIATTR_REQNTID ? "REQNTID" : "CTA_PER_CLUSTER");
        break;
      }
      unsigned *dims = attribute == EIATTR_REQNTID ? entry->block : entry->cluster;
      for (int d = 0; d < 3; d++) dims[d] = rd32(payload + 4 * d);
      if (attribute == EIATTR_REQNTID) entry->has_reqntid = 1;
      else entry->has_cluster = 1;
      break;
    }
    case EIATTR_LANGUAGE:
      if (payload_size >= 4 && rd32(payload) == LANGUAGE_TILEIR) entry->tileir = 1;
      break;
    case EIATTR_KPARAM_INFO:
    case EIATTR_KPARAM_INFO_V2: {
      if (payload_size < 12) {
        status = run_fail(error, error_size, "kernel '%s': short KPARAM_INFO record", entry->name);
        break;
      }
      uint32_t ordinal = rd16(payload + 4);
      uint32_t bytes = attribute == EIATTR_KPARAM_INFO ? rd32(payload + 8) >> 18 : rd16(payload + 8);
      if (ordinal >= MAX_PARAMS || bytes == 0 || bytes > 4096) {
        status = run_fail(error, error_size, "kernel '%s': parameter record with ordinal %u, size %u", entry->name,
                      ordinal, bytes);
        break;
      }
      if (count == capacity) {
        capacity = capacity ? 2 * capacity : 8;
        kparam *grown = realloc(params, capacity * sizeof *params);
        if (!grown) {
          status = run_fail(error, error_size, "out of memory");
          break;
        }
        params = grown;
      }
      params[count++] = (kparam){ordinal, bytes};
      break;
    }
    default:
      break;
    }
  }
  if (status == 0 && count > 0) {
    /* Ordinals must be exactly 0..count-1 (records come in any order, each once). */
    entry->param_sizes = calloc(count, sizeof *entry->param_sizes);
    entry->param_aligns = calloc(count, sizeof *entry->param_aligns);
    if (!entry->param_sizes || !entry->param_aligns) status = run_fail(error, error_size, "out of memory");
    for (unsigned i = 0; i < count && status == 0; i++) {
      if (params[i].ordinal >= count || entry->param_sizes[params[i].ordinal])
        status = run_fail(error, error_size, "kernel '%s': parameter ordinals are not 0..%u, each once", entry->name,
                      count - 1);
      else
        entry->param_sizes[params[i].ordinal] = params[i].size, entry->param_aligns[params[i].ordinal] = params[i].size;
    }
    entry->param_count = count;
  }
  free(params);
  return status;
}

int run_cubin_scan(const uint8_t *image, size_t size, run_ptx_module *module, char *error, size_t error_size) {
  memset(module, 0, sizeof *module);
  if (size < 64 || memcmp(image, "\x7f" "ELF", 4) != 0) return run_fail(error, error_size, "not an ELF file");
  if (image[4] != 2 || image[5] != 1) return run_fail(error, error_size, "not a 64-bit little-endian ELF (a cubin is)");
  if (rd16(image + 18) != 190) return run_fail(error, error_size, "ELF machine %u is not NVIDIA CUDA (190)", rd16(image + 18));
  uint64_t shoff = rd64(image + 0x28);
  uint16_t shentsize = rd16(image + 0x3a), shnum = rd16(image + 0x3c), shstrndx = rd16(image + 0x3e);
  if (shentsize < 64 || shnum == 0 || shstrndx >= shnum || shoff > size || (uint64_t)shnum * shentsize > size - shoff)
    return run_fail(error, error_size, "section header table out of bounds");
  section *sections = calloc(shnum, sizeof *sections);
  if (!sections) return run_fail(error, error_size, "out of memory");
  int status = 0;
  for (unsigned i = 0; i < shnum && status == 0; i++) {
    const uint8_t *h = image + shoff + (uint64_t)i * shentsize;
    sections[i] = (section){rd32(h), rd32(h + 4), rd64(h + 0x18), rd64(h + 0x20)};
    /* NOBITS (8) sections occupy no file bytes; the others must lie inside the file. */
    if (sections[i].type != 8 && (sections[i].offset > size || sections[i].size > size - sections[i].offset))
      status = run_fail(error, error_size, "section %u out of bounds", i);
  }
  const uint8_t *strtab = status == 0 ? image + sections[shstrndx].offset : NULL;
  uint64_t strtab_size = status == 0 ? sections[shstrndx].size : 0;
  if (status == 0 && sections[shstrndx].type == 8) status = run_fail(error, error_size, "section name table has no bytes");
  /* Entries first (one per .nv.info.<name>), then the shared-memory sizes by name. */
  for (unsigned pass = 0; pass < 2 && status == 0; pass++) {
    for (unsigned i = 0; i < shnum && status == 0; i++) {
      const char *name = string_at(strtab, strtab_size, sections[i].name);
      if (!name) {
        status = run_fail(error, error_size, "section %u has no valid name", i);
        break;
      }
      if (pass == 0 && strcmp(name, ".nv.host") == 0) module->has_host_code = 1;
      if (pass == 0 && strncmp(name, ".nv.info.", 9) == 0 && sections[i].type == SHT_CUDA_INFO && name[9]) {
        run_ptx_entry *grown = realloc(module->entries, (module->entry_count + 1) * sizeof *grown);
        if (!grown) {
          status = run_fail(error, error_size, "out of memory");
          break;
        }
        module->entries = grown;
        run_ptx_entry *entry = &module->entries[module->entry_count++];
        memset(entry, 0, sizeof *entry);
        entry->dynamic_smem_bytes = -1;
        entry->name = strdup(name + 9);
        if (!entry->name) status = run_fail(error, error_size, "out of memory");
        else status = parse_info(image + sections[i].offset, sections[i].size, entry, error, error_size);
      } else if (pass == 1 && strncmp(name, ".nv.shared.", 11) == 0) {
        for (unsigned e = 0; e < module->entry_count; e++)
          if (strcmp(module->entries[e].name, name + 11) == 0) module->entries[e].static_smem_bytes = sections[i].size;
      }
    }
  }
  free(sections);
  if (status == 0 && module->entry_count == 0) status = run_fail(error, error_size, "no kernel (.nv.info.<name>) in the cubin");
  if (status != 0) run_ptx_module_destroy(module);
  return status;
}

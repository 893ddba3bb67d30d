/* run_cubin_test.c - unit tests of the cubin metadata scan (run_cubin.c) on a cubin assembled in
 * memory: two kernels (a tileiras-style one with KPARAM_INFO_V2, LANGUAGE = TILEIR and a .nv.host
 * section; a ptxas-style one with KPARAM_INFO v1 and a cluster shape), static shared memory, and
 * malformed files: every truncation and every single-byte change is scanned without a crash (run
 * under ASan in CI) and a broken record is an error, not a guess. Knobs: none. */
#include <stdlib.h>

#include "run_cubin.h"
#include "run_test.h"

typedef struct {
  uint8_t data[4096];
  size_t len;
} blob;

static void put(blob *b, const void *p, size_t n) {
  memcpy(b->data + b->len, p, n);
  b->len += n;
}
static void put8(blob *b, uint8_t v) { put(b, &v, 1); }
static void put16(blob *b, uint16_t v) { put8(b, (uint8_t)v), put8(b, (uint8_t)(v >> 8)); }
static void put32(blob *b, uint32_t v) { put16(b, (uint16_t)v), put16(b, (uint16_t)(v >> 16)); }
static void put64(blob *b, uint64_t v) { put32(b, (uint32_t)v), put32(b, (uint32_t)(v >> 32)); }

static void sval(blob *b, uint8_t attribute, const blob *payload) {
  put8(b, 4), put8(b, attribute), put16(b, (uint16_t)payload->len), put(b, payload->data, payload->len);
}
static void kparam_v1(blob *b, uint16_t ordinal, uint16_t offset, uint32_t size) {
  blob p = {.len = 0};
  put32(&p, 0), put16(&p, ordinal), put16(&p, offset), put32(&p, size << 18 | 0xf000);
  sval(b, 0x17, &p);
}
static void kparam_v2(blob *b, uint16_t ordinal, uint16_t offset, uint16_t size) {
  blob p = {.len = 0};
  put32(&p, 0), put16(&p, ordinal), put16(&p, offset), put16(&p, size), put8(&p, 0), put8(&p, 4);
  sval(b, 0x45, &p);
}
static void dims(blob *b, uint8_t attribute, uint32_t x, uint32_t y, uint32_t z) {
  blob p = {.len = 0};
  put32(&p, x), put32(&p, y), put32(&p, z);
  sval(b, attribute, &p);
}

typedef struct {
  const char *name;
  uint32_t type;
  const blob *contents; /* NULL: NOBITS of `nobits_size` */
  uint64_t nobits_size;
} section_spec;

/* ELF64 header, section contents, then the section header table (index 0 null, last .shstrtab). */
static void build_cubin(blob *out, const section_spec *specs, int count) {
  blob names = {.len = 0};
  put8(&names, 0);
  uint32_t name_at[16];
  for (int i = 0; i < count; i++) name_at[i] = (uint32_t)names.len, put(&names, specs[i].name, strlen(specs[i].name) + 1);
  uint32_t shstrtab_name = (uint32_t)names.len;
  put(&names, ".shstrtab", 10);
  out->len = 0;
  put(out, "\x7f" "ELF", 4), put8(out, 2), put8(out, 1), put8(out, 1);
  while (out->len < 16) put8(out, 0);
  put16(out, 2), put16(out, 190), put32(out, 1); /* ET_EXEC, EM_CUDA, version */
  put64(out, 0), put64(out, 0);
  size_t shoff_at = out->len;
  put64(out, 0), put32(out, 0), put16(out, 64), put16(out, 0), put16(out, 0), put16(out, 64);
  put16(out, (uint16_t)(count + 2)), put16(out, (uint16_t)(count + 1));
  uint64_t offsets[16];
  for (int i = 0; i < count; i++) {
    offsets[i] = out->len;
    if (specs[i].contents) put(out, specs[i].contents->data, specs[i].contents->len);
  }
  uint64_t names_at = out->len;
  put(out, names.data, names.len);
  uint64_t shoff = out->len;
  memcpy(out->data + shoff_at, &shoff, 8); /* little-endian host assumed, as the suite runs on x86-64/arm64 */
  for (int i = 0; i < 64; i++) put8(out, 0);
  for (int i = 0; i <= count; i++) {
    int strtab = i == count;
    put32(out, strtab ? shstrtab_name : name_at[i]);
    put32(out, strtab ? 3 : !specs[i].contents ? 8 : specs[i].type);
    put64(out, 0), put64(out, 0);
    put64(out, strtab ? names_at : offsets[i]);
    put64(out, strtab ? names.len : specs[i].contents ? specs[i].contents->len : specs[i].nobits_size);
    put32(out, 0), put32(out, 0), put64(out, 1), put64(out, 0);
  }
}

static blob sample;

static void make_sample(void) {
  blob tile_info = {.len = 0}, ptx_info = {.len = 0}, host = {.len = 0};
  blob language = {.len = 0};
  put32(&language, 7);
  sval(&tile_info, 0x66, &language);
  kparam_v2(&tile_info, 2, 16, 8);
  kparam_v2(&tile_info, 0, 0, 8);
  kparam_v2(&tile_info, 1, 8, 4);
  put8(&tile_info, 3), put8(&tile_info, 0x1b), put16(&tile_info, 0xff); /* an inline (HVAL) record */
  dims(&tile_info, 0x10, 256, 1, 1);
  kparam_v1(&ptx_info, 1, 8, 4);
  kparam_v1(&ptx_info, 0, 0, 8);
  dims(&ptx_info, 0x3d, 2, 1, 1);
  dims(&ptx_info, 0x10, 128, 1, 1);
  put(&host, "\x7f" "ELF host code", 13);
  section_spec specs[] = {
      {".nv.info.tile_kernel", 0x70000000, &tile_info, 0},
      {".nv.host", 0x70000001, &host, 0},
      {".nv.shared.tile_kernel", 8, NULL, 189680},
      {".nv.info.ptx_kernel", 0x70000000, &ptx_info, 0},
  };
  build_cubin(&sample, specs, 4);
}

static void test_sample(void) {
  run_ptx_module module;
  char error[256] = "";
  EXPECT(run_cubin_scan(sample.data, sample.len, &module, error, sizeof error) == 0);
  if (error[0]) fprintf(stderr, "error: %s\n", error);
  EXPECT(module.entry_count == 2);
  EXPECT(module.has_host_code);
  const run_ptx_entry *tile = run_ptx_find_entry(&module, "tile_kernel");
  EXPECT(tile != NULL);
  if (tile) {
    EXPECT(tile->tileir);
    EXPECT(tile->param_count == 3);
    EXPECT(tile->param_sizes[0] == 8 && tile->param_sizes[1] == 4 && tile->param_sizes[2] == 8);
    EXPECT(tile->has_reqntid && tile->block[0] == 256 && tile->block[1] == 1 && tile->block[2] == 1);
    EXPECT(!tile->has_cluster);
    EXPECT(tile->static_smem_bytes == 189680);
    EXPECT(tile->dynamic_smem_bytes == -1 && tile->tmap_count == 0);
  }
  const run_ptx_entry *ptx = run_ptx_find_entry(&module, "ptx_kernel");
  EXPECT(ptx != NULL);
  if (ptx) {
    EXPECT(!ptx->tileir);
    EXPECT(ptx->param_count == 2 && ptx->param_sizes[0] == 8 && ptx->param_sizes[1] == 4);
    EXPECT(ptx->has_cluster && ptx->cluster[0] == 2 && ptx->cluster[1] == 1);
    EXPECT(ptx->block[0] == 128 && ptx->static_smem_bytes == 0);
  }
  run_ptx_module_destroy(&module);
}

static void expect_error(const uint8_t *data, size_t len, const char *needle) {
  run_ptx_module module;
  char error[256] = "";
  EXPECT(run_cubin_scan(data, len, &module, error, sizeof error) == -1);
  EXPECT_STR_CONTAINS(error, needle);
  EXPECT(module.entry_count == 0 && module.entries == NULL);
}

static void test_malformed(void) {
  expect_error((const uint8_t *)"\x7f" "ELF", 4, "not an ELF file");
  blob b = sample;
  b.data[4] = 1; /* 32-bit */
  expect_error(b.data, b.len, "64-bit little-endian");
  b = sample;
  b.data[18] = 62; /* x86-64: not a cubin */
  expect_error(b.data, b.len, "is not NVIDIA CUDA");
  b = sample;
  b.data[0x3c] = 0xff; /* section count past the file */
  expect_error(b.data, b.len, "section header table out of bounds");
  /* A record whose size runs past its section: the first record of the first .nv.info. */
  b = sample;
  size_t info = 64; /* the first section's contents follow the 64-byte ELF header */
  b.data[info + 2] = 0xff;
  expect_error(b.data, b.len, "runs past its section");
  /* Parameter ordinals 0, 2, 2 (not 0..2 each once). */
  b = sample;
  b.data[info + 8 + 4 + 16 + 4] = 2; /* the second KPARAM_V2 record's ordinal: 0 -> 2 */
  expect_error(b.data, b.len, "ordinals");
  /* Every truncation and every single-byte change: no crash, and either a result or an error. */
  for (size_t n = 0; n < sample.len; n++) {
    run_ptx_module module;
    char error[256];
    if (run_cubin_scan(sample.data, n, &module, error, sizeof error) == 0) run_ptx_module_destroy(&module);
  }
  for (size_t i = 0; i < sample.len; i++) {
    for (int v = 0; v < 3; v++) {
      b = sample;
      b.data[i] = v == 0 ? 0x00 : v == 1 ? 0xff : (uint8_t)(b.data[i] ^ 0x80);
      run_ptx_module module;
      char error[256];
      if (run_cubin_scan(b.data, b.len, &module, error, sizeof error) == 0) run_ptx_module_destroy(&module);
    }
  }
}

int main(void) {
  make_sample();
  test_sample();
  test_malformed();
  if (test_failures == 0) printf("run_cubin_test: all passed\n");
  return test_failures != 0;
}

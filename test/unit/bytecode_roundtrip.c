/* bytecode_roundtrip: unit test of lib/frontend/bytecode_{reader,writer}.c.
 *
 *   - round trip: every chunk of examples/<name>.mlir, the conformance Bytecode/<name>.mlir and the positive
 *     Dialect files that parses and verifies is written as bytecode (13.3, and 13.1/13.2/13.4/13.5 where the
 *     writer accepts it), read back, verified and printed; the text must equal the original print
 *     (the module name is normalised: the format does not store it, NVIDIA's reader says @kernels);
 *   - NVIDIA's 13.1 fixtures (Bytecode/versioning/Inputs/13.1) are read (the f4E2M1FN one must be
 *     rejected: its type needs 13.3) and, written back as 13.1, must be byte-identical;
 *   - the binary fixtures under Bytecode/invalid are rejected with an error naming a byte offset;
 *   - version gating: newer ops, attributes, types and global flags give errors for older targets;
 *   - robustness: a rich bytecode file truncated at every offset is rejected with an error, and
 *     every single-byte mutation (three values per offset) never crashes (ASan-clean under
 *     TILEC_SANITIZE); an accepted mutant must verify or be rejected with an error, then print.
 * Conformance paths come from the vendored copy, test/conformance/cuda-tile-13.3 (a failure when absent).
 * Prints "N passed, N failed"; exit status 1 on failure. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/bytecode.h"
#include "frontend/frontend.h"
#include "support/context.h"
#include "support/strbuf.h"

static int passed, failed;
static char conformance[400]; /* <repo>/test/conformance/cuda-tile-13.3, set by main */

static void check(bool ok, const char *what, const char *file, const char *detail) {
  if (ok) {
    passed++;
    return;
  }
  failed++;
  if (failed <= 40)
    fprintf(stderr, "FAIL: %s [%s]%s%s\n", what, file ? file : "", detail ? ": " : "", detail ? detail : "");
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  ct_strbuf sb;
  ct_strbuf_init(&sb);
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) ct_strbuf_append(&sb, buf, n);
  fclose(f);
  *len = sb.len;
  return ct_strbuf_take(&sb);
}

/* Replace `cuda_tile.module @name` by `cuda_tile.module @kernels`. */
static void normalise_module_name(ct_strbuf *sb) {
  if (!sb->data) return;
  ct_strbuf out;
  ct_strbuf_init(&out);
  const char *p = sb->data, *key = "cuda_tile.module @";
  const char *hit;
  while ((hit = strstr(p, key)) != NULL) {
    ct_strbuf_append(&out, p, (size_t)(hit - p));
    ct_strbuf_puts(&out, "cuda_tile.module @kernels");
    p = hit + strlen(key);
    while (*p && *p != ' ' && *p != '\n') p++;
  }
  ct_strbuf_puts(&out, p);
  ct_strbuf_free(sb);
  *sb = out;
}

static void print_module(MlirModule m, ct_strbuf *out) {
  ct_print_options po = {.generic = false};
  ct_print_module(m, &po, out);
}

static const char *first_error(ct_ctx *c) {
  for (size_t i = 0; i < c->ndiags; i++)
    if (c->diags[i].severity == CT_DIAG_ERROR) return c->diags[i].message;
  return NULL;
}

static int roundtrips, roundtrip_files;

/* Round trip one text chunk through every version. */
static void roundtrip_chunk(ct_ctx *c, const char *file, const char *text, size_t len) {
  MlirModule m = ct_parse_text(c, file, 1, text, len);
  if (mlirModuleIsNull(m)) {
    ct_ctx_clear_diags(c);
    return;
  }
  if (!ct_verify_module(c, m)) {
    mlirModuleDestroy(m);
    ct_ctx_clear_diags(c);
    return;
  }
  int nmodules = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    nmodules++;
  if (nmodules != 1) { /* bytecode holds one cuda_tile.module; RUN-line-only chunks hold none */
    mlirModuleDestroy(m);
    ct_ctx_clear_diags(c);
    return;
  }
  ct_strbuf orig, orig_noproducer;
  ct_strbuf_init(&orig);
  ct_strbuf_init(&orig_noproducer);
  print_module(m, &orig);
  normalise_module_name(&orig);
  /* before 13.3 the producer attribute is dropped (as NVIDIA's writer does) */
  const char *pa = strstr(orig.data, " attributes {producer = \"");
  if (pa) {
    const char *pe = strstr(pa, "\"} {");
    ct_strbuf_append(&orig_noproducer, orig.data, (size_t)(pa - orig.data));
    ct_strbuf_puts(&orig_noproducer, pe ? pe + 2 : "");
  } else {
    ct_strbuf_puts(&orig_noproducer, orig.data);
  }
  static const ct_bytecode_version versions[] = {CT_BYTECODE_13_3, CT_BYTECODE_13_2, CT_BYTECODE_13_1,
                                                 CT_BYTECODE_13_4, CT_BYTECODE_13_5};
  for (int vi = 0; vi < 5; vi++) {
    ct_strbuf bc;
    ct_strbuf_init(&bc);
    bool wrote = ct_bytecode_write(c, m, versions[vi], &bc);
    if (vi == 0) check(wrote, "writes 13.3 bytecode", file, first_error(c));
    if (!wrote) {
      ct_strbuf_free(&bc);
      ct_ctx_clear_diags(c);
      continue;
    }
    MlirModule back = ct_bytecode_read(c, file, (const uint8_t *)bc.data, bc.len);
    check(!mlirModuleIsNull(back), "reads its own bytecode", file, first_error(c));
    if (!mlirModuleIsNull(back)) {
      check(ct_verify_module(c, back), "the read module verifies", file, first_error(c));
      ct_strbuf again;
      ct_strbuf_init(&again);
      print_module(back, &again);
      const char *expect = versions[vi] >= CT_BYTECODE_13_3 ? orig.data : orig_noproducer.data;
      bool same = again.data && expect && strcmp(again.data, expect) == 0;
      if (!same && failed < 40) fprintf(stderr, "--- original (%s)\n%s--- after bytecode %s\n%s", file, orig.data,
                                        ct_bytecode_version_name(versions[vi]), again.data ? again.data : "");
      check(same, "text -> bytecode -> text is identical", file, ct_bytecode_version_name(versions[vi]));
      /* writing the read module again gives the same bytes */
      ct_strbuf bc2;
      ct_strbuf_init(&bc2);
      check(ct_bytecode_write(c, back, versions[vi], &bc2) && bc2.len == bc.len && memcmp(bc2.data, bc.data, bc.len) == 0,
            "bytecode -> module -> bytecode is byte-identical", file, ct_bytecode_version_name(versions[vi]));
      ct_strbuf_free(&bc2);
      ct_strbuf_free(&again);
      mlirModuleDestroy(back);
      roundtrips++;
    }
    ct_strbuf_free(&bc);
    ct_ctx_clear_diags(c);
  }
  ct_strbuf_free(&orig);
  ct_strbuf_free(&orig_noproducer);
  mlirModuleDestroy(m);
  ct_ctx_clear_diags(c);
}

static void roundtrip_file(ct_ctx *c, const char *path) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) return;
  if (strstr(text, "expected-error") || strstr(text, "RUN: not ")) { /* negative files: not round-trip material */
    free(text);
    return;
  }
  roundtrip_files++;
  const char *p = text, *end = text + len;
  while (p < end) {
    const char *sep = strstr(p, "\n// -----");
    const char *chunk_end = sep ? sep + 1 : end;
    roundtrip_chunk(c, path, p, (size_t)(chunk_end - p));
    if (!sep) break;
    p = strchr(sep + 1, '\n');
    if (!p) break;
  }
  free(text);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted paths of dir/ *suffix. Returns the count; *out must be freed (each entry too). */
static int list_dir(const char *dir, const char *suffix, char ***out) {
  *out = NULL;
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0, cap = 0;
  char **v = NULL;
  struct dirent *e;
  size_t sl = strlen(suffix);
  while ((e = readdir(d)) != NULL) {
    size_t nl = strlen(e->d_name);
    if (nl < sl || strcmp(e->d_name + nl - sl, suffix) != 0) continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      v = realloc(v, (size_t)cap * sizeof *v);
      if (!v) abort();
    }
    size_t pl = strlen(dir) + nl + 2;
    v[n] = malloc(pl);
    if (!v[n]) abort();
    snprintf(v[n], pl, "%s/%s", dir, e->d_name);
    n++;
  }
  closedir(d);
  if (n) qsort(v, (size_t)n, sizeof *v, cmp_str);
  *out = v;
  return n;
}

static void free_list(char **v, int n) {
  for (int i = 0; i < n; i++) free(v[i]);
  free(v);
}

static void roundtrip_dir(ct_ctx *c, const char *dir) {
  char **files;
  int n = list_dir(dir, ".mlir", &files);
  for (int i = 0; i < n; i++) roundtrip_file(c, files[i]);
  free_list(files, n);
}

static bool has_offset_error(ct_ctx *c) {
  const char *e = first_error(c);
  return e && strstr(e, "byte offset") != NULL;
}

static void test_invalid_fixtures(ct_ctx *c) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/Bytecode/invalid", conformance);
  static const char *const suffixes[] = {".tileirbc", ".bc"};
  for (int s = 0; s < 2; s++) {
    char **files;
    int n = list_dir(dir, suffixes[s], &files);
    for (int i = 0; i < n; i++) {
      size_t len;
      char *data = read_file(files[i], &len);
      if (!data) continue;
      MlirModule m = ct_bytecode_read(c, files[i], (const uint8_t *)data, len);
      check(mlirModuleIsNull(m) && has_offset_error(c), "invalid fixture rejected with a byte offset", files[i],
            first_error(c));
      if (!mlirModuleIsNull(m)) mlirModuleDestroy(m);
      ct_ctx_clear_diags(c);
      free(data);
    }
    free_list(files, n);
  }
}

static void test_13_1_fixtures(ct_ctx *c) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/Bytecode/versioning/Inputs/13.1", conformance);
  char **files;
  int n = list_dir(dir, ".tileirbc", &files);
  for (int i = 0; i < n; i++) {
    size_t len;
    char *data = read_file(files[i], &len);
    if (!data) continue;
    MlirModule m = ct_bytecode_read(c, files[i], (const uint8_t *)data, len);
    if (strstr(files[i], "f4e2m1fn")) {
      const char *e = first_error(c);
      check(mlirModuleIsNull(m) && e && strstr(e, "requires bytecode version 13.3+"),
            "a 13.1 file with a 13.3 type is rejected", files[i], e);
    } else {
      check(!mlirModuleIsNull(m), "13.1 fixture is read", files[i], first_error(c));
      if (!mlirModuleIsNull(m)) {
        check(ct_verify_module(c, m), "13.1 fixture verifies", files[i], first_error(c));
        ct_strbuf text;
        ct_strbuf_init(&text);
        print_module(m, &text);
        if (strstr(files[i], "print-op")) {
          check(text.data && strstr(text.data, "print_tko \"Iteration result\" -> token"),
                "13.1 print reads as print_tko with a token", files[i], text.data);
        } else {
          check(text.data && strstr(text.data, "negi"), "13.1 negi fixture has negi ops", files[i], text.data);
        }
        ct_strbuf bc;
        ct_strbuf_init(&bc);
        bool wrote = ct_bytecode_write(c, m, CT_BYTECODE_13_1, &bc);
        bool same = wrote && bc.len == len && memcmp(bc.data, data, len) == 0;
        check(same, "rewriting the 13.1 fixture as 13.1 is byte-identical to NVIDIA's", files[i],
              wrote ? NULL : first_error(c));
        if (!same && wrote) {
          size_t k = 0;
          while (k < len && k < bc.len && (uint8_t)bc.data[k] == (uint8_t)data[k]) k++;
          fprintf(stderr, "  first difference at byte %zu (ours %zu bytes, theirs %zu)\n", k, bc.len, len);
        }
        ct_strbuf_free(&bc);
        ct_strbuf_free(&text);
        mlirModuleDestroy(m);
      }
    }
    if (!mlirModuleIsNull(m) && strstr(files[i], "f4e2m1fn")) mlirModuleDestroy(m);
    ct_ctx_clear_diags(c);
    free(data);
  }
  free_list(files, n);
}

/* Write `text` at version v: expect failure with an error containing `needle`. */
static void expect_write_error(ct_ctx *c, const char *what, const char *text, ct_bytecode_version v, const char *needle) {
  MlirModule m = ct_parse_text(c, what, 1, text, strlen(text));
  check(!mlirModuleIsNull(m), "gating input parses", what, first_error(c));
  if (mlirModuleIsNull(m)) {
    ct_ctx_clear_diags(c);
    return;
  }
  ct_strbuf bc;
  ct_strbuf_init(&bc);
  bool ok = ct_bytecode_write(c, m, v, &bc);
  const char *e = first_error(c);
  check(!ok && e && strstr(e, needle), "version gating error", what, e ? e : "accepted");
  ct_strbuf bc3;
  ct_strbuf_init(&bc3);
  ct_ctx_clear_diags(c);
  check(ct_bytecode_write(c, m, CT_BYTECODE_13_3, &bc3), "the same module writes as 13.3", what, first_error(c));
  ct_strbuf_free(&bc3);
  ct_strbuf_free(&bc);
  mlirModuleDestroy(m);
  ct_ctx_clear_diags(c);
}

static void test_gating(ct_ctx *c) {
  expect_write_error(c, "atan2@13.1",
                     "cuda_tile.module @m {\n  entry @k(%a: tile<f32>) {\n    %r = atan2 %a, %a : tile<f32>\n  }\n}\n",
                     CT_BYTECODE_13_1, "requires bytecode version 13.2+");
  expect_write_error(c, "pack@13.2",
                     "cuda_tile.module @m {\n  entry @k(%a: tile<8xi8>) {\n    %r = pack %a : tile<8xi8> -> tile<8xi8>\n  }\n}\n",
                     CT_BYTECODE_13_2, "requires bytecode version 13.3+");
  expect_write_error(c, "constant-global@13.1",
                     "cuda_tile.module @kernels {\n  global constant @g <f32: 1.0> : tile<1xf32>\n}\n", CT_BYTECODE_13_1,
                     "constant global `g` cannot be encoded in bytecode version 13.1");
  expect_write_error(c, "private-global@13.2",
                     "cuda_tile.module @kernels {\n  global private @p <f32: 2.0> : tile<1xf32>\n}\n", CT_BYTECODE_13_2,
                     "uses non-public symbol visibility");
  expect_write_error(c, "f8e8m0fnu@13.1",
                     "cuda_tile.module @m {\n  entry @k(%p: tile<f8E8M0FNU>) {\n    return\n  }\n}\n", CT_BYTECODE_13_1,
                     "type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1");
  expect_write_error(c, "negi-overflow@13.1",
                     "cuda_tile.module @m {\n  entry @k(%a: tile<i32>) {\n    %r = negi %a overflow<no_wrap> : tile<i32>\n  }\n}\n",
                     CT_BYTECODE_13_1, "attribute 'overflow' requires bytecode version 13.2+");
  expect_write_error(c, "unsignedCmp@13.1",
                     "cuda_tile.module @m {\n  entry @k(%n: tile<i32>) {\n    for unsigned %i in (%n to %n, step %n) : tile<i32> {\n"
                     "      continue\n    }\n  }\n}\n",
                     CT_BYTECODE_13_1, "'unsignedCmp' is provided but requires bytecode version 13.2");
}

static const char rich[] =
    "cuda_tile.module @kernels {\n"
    "  global @g alignment = 8 <f32: [1.0, 2.0]> : tile<2xf32>\n"
    "  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) optimization_hints = <sm_100 = {num_cta_in_cga = 2}> {\n"
    "    %a = assume div_by<16>, %p : tile<ptr<f32>>\n"
    "    %tv = make_tensor_view %a, shape = [%n, 8], strides = [8, 1] : tile<i32> -> tensor_view<?x8xf32, strides=[8,1]>\n"
    "    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<?x8xf32, strides=[8,1]>>\n"
    "    %c0 = constant <i32: 0> : tile<i32>\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %x, %tok = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(4x8), tensor_view<?x8xf32, strides=[8,1]>>, tile<i32> -> tile<4x8xf32>, token\n"
    "    %z = constant <f32: 0.0> : tile<4x8xf32>\n"
    "    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %z) -> (tile<4x8xf32>) {\n"
    "      %t = addf %s, %x rounding<zero> : tile<4x8xf32>\n"
    "      continue %t : tile<4x8xf32>\n"
    "    }\n"
    "    %r = reduce %acc dim=1 identities=[0.000000e+00 : f32] : tile<4x8xf32> -> tile<4xf32>\n"
    "    (%e: tile<f32>, %f: tile<f32>) {\n"
    "      %m = maxf %e, %f : tile<f32>\n"
    "      yield %m : tile<f32>\n"
    "    }\n"
    "    %cond = cmpi less_than %c0, %n, signed : tile<i32> -> tile<i1>\n"
    "    %v = if %cond -> (tile<i32>) {\n"
    "      yield %c0 : tile<i32>\n"
    "    } else {\n"
    "      yield %c1 : tile<i32>\n"
    "    }\n"
    "    %gp = get_global @g : tile<ptr<f32>>\n"
    "    %pt = print_tko \"%d\", %v : tile<i32> -> token\n"
    "  }\n"
    "}\n";

/* The 13.4/13.5 fields: pointer attributes, inbounds, saturating, the 13.4 ops, arg_attrs, hints. */
static const char *rich135 =
    "cuda_tile.module @kernels {\n"
    "  entry @k(%arg0: tile<ptr<f32, <none>>> {cuda_tile.foo = 7 : i32}, %arg1: tile<i32>) "
    "optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {\n"
    "    %tview = make_tensor_view %arg0, shape = [%arg1], strides = [1] : tile<ptr<f32, <none>>>, tile<i32> -> "
    "tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<none>>\n"
    "    %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xf32, strides=[1], "
    "#cuda_tile.ptr_attr<none>>>\n"
    "    %0 = make_token : token\n"
    "    %tile, %tok = load_view_tko weak %pview[%arg1] token = %0 inbounds = [true] : partition_view<tile=(16), "
    "tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<none>>>, tile<i32> -> tile<16xf32>, token\n"
    "    %1 = ftoi %tile signed saturating : tile<16xf32> -> tile<16xi32>\n"
    "    %2 = extract %tile[%arg1] : tile<16xf32> -> tile<4xf32>\n"
    "    %3 = insert %2, %tile[%arg1] : tile<4xf32>, tile<16xf32>\n"
    "    %4 = gdc_wait_tko -> token\n"
    "    %5 = gdc_launch_dependents_tko token = %4 -> token\n"
    "    %6 = memory_fence_alias_tko %5\n"
    "    %7 = fpowi %3, %1 : tile<16xf32>, tile<16xi32>\n"
    "    %8 = atomic_red_view_tko relaxed device %pview[%arg1], addf, %7 inbounds = [true] : tile<16xf32>, "
    "partition_view<tile=(16), tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<none>>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_robustness(ct_ctx *c, const char *name, const char *text, ct_bytecode_version version) {
  MlirModule m = ct_parse_text(c, name, 1, text, strlen(text));
  check(!mlirModuleIsNull(m) && ct_verify_module(c, m), "the rich kernel parses and verifies", name, first_error(c));
  if (mlirModuleIsNull(m)) {
    ct_ctx_clear_diags(c);
    return;
  }
  ct_strbuf bc;
  ct_strbuf_init(&bc);
  check(ct_bytecode_write(c, m, version, &bc), "the rich kernel writes", name, first_error(c));
  mlirModuleDestroy(m);
  ct_ctx_clear_diags(c);
  int silent = 0, bad_trunc = 0;
  for (size_t n = 0; n < bc.len; n++) {
    uint8_t *copy = malloc(n ? n : 1); /* exactly n bytes: ASan sees any over-read */
    if (!copy) abort();
    memcpy(copy, bc.data, n);
    MlirModule t = ct_bytecode_read(c, "trunc.tileirbc", copy, n);
    if (!mlirModuleIsNull(t)) {
      bad_trunc++;
      mlirModuleDestroy(t);
    } else if (!has_offset_error(c)) silent++;
    ct_ctx_clear_diags(c);
    free(copy);
  }
  check(bad_trunc == 0, "every truncation is rejected", name, NULL);
  check(silent == 0, "every rejection names a byte offset", name, NULL);
  static const uint8_t flips[] = {0xFF, 0x80, 0x01};
  int accepted = 0, errors = 0;
  silent = 0;
  uint8_t *copy = malloc(bc.len);
  if (!copy) abort();
  for (size_t i = 0; i < bc.len; i++) {
    for (size_t k = 0; k < sizeof flips; k++) {
      memcpy(copy, bc.data, bc.len);
      copy[i] ^= flips[k];
      MlirModule t = ct_bytecode_read(c, "flip.tileirbc", copy, bc.len);
      if (mlirModuleIsNull(t)) {
        if (!has_offset_error(c)) silent++;
        errors++;
      } else {
        accepted++;
        int before = c->nerrors;
        if (!ct_verify_module(c, t) && c->nerrors == before) silent++;
        ct_strbuf sink;
        ct_strbuf_init(&sink);
        print_module(t, &sink);
        ct_strbuf_free(&sink);
        mlirModuleDestroy(t);
      }
      ct_ctx_clear_diags(c);
    }
  }
  free(copy);
  check(silent == 0, "every mutant is accepted, or rejected with a located error", name, NULL);
  printf("mutations: %d rejected, %d read (of %zu bytes x 3)\n", errors, accepted, bc.len);
  ct_strbuf_free(&bc);
}

int main(void) {
  ct_ctx *c = ct_ctx_create();
  c->capture = true;
  ct_bytecode_version v;
  check(ct_bytecode_version_parse("13.1", &v) && v == CT_BYTECODE_13_1, "version 13.1 parses", NULL, NULL);
  check(ct_bytecode_version_parse("13.3", &v) && v == CT_BYTECODE_13_3, "version 13.3 parses", NULL, NULL);
  check(ct_bytecode_version_parse("13.5", &v) && v == CT_BYTECODE_13_5, "version 13.5 parses", NULL, NULL);
  check(!ct_bytecode_version_parse("13.6", &v) && !ct_bytecode_version_parse("13.0", &v) &&
            !ct_bytecode_version_parse("", &v),
        "bad versions rejected", NULL, NULL);

  /* repository root from this file's path: <root>/test/unit/bytecode_roundtrip.c */
  char root[1024];
  snprintf(root, sizeof root, "%s", __FILE__);
  char *cut = strstr(root, "/test/unit/");
  if (cut) *cut = 0;
  char dir[1200];
  snprintf(dir, sizeof dir, "%s/examples", root);
  roundtrip_dir(c, dir);
  if (snprintf(conformance, sizeof conformance, "%s/test/conformance/cuda-tile-13.3", root) >= (int)sizeof conformance)
    conformance[0] = 0;
  DIR *probe = opendir(conformance);
  check(probe != NULL, "vendored conformance files present", conformance, NULL);
  if (probe) {
    closedir(probe);
    snprintf(dir, sizeof dir, "%s/Bytecode", conformance);
    roundtrip_dir(c, dir);
    snprintf(dir, sizeof dir, "%s/Bytecode/versioning", conformance);
    roundtrip_dir(c, dir);
    snprintf(dir, sizeof dir, "%s/Dialect", conformance);
    roundtrip_dir(c, dir);
    test_invalid_fixtures(c);
    test_13_1_fixtures(c);
  }
  test_gating(c);
  test_robustness(c, "rich", rich, CT_BYTECODE_13_3);
  test_robustness(c, "rich135", rich135, CT_BYTECODE_13_5);
  printf("round trips: %d modules from %d files\n", roundtrips, roundtrip_files);
  printf("%d passed, %d failed\n", passed, failed);
  ct_ctx_destroy(c);
  return failed ? 1 : 0;
}

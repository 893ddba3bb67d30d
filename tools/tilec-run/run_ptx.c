/* run_ptx.c - the PTX metadata scan of run_ptx.h.
 * Algorithm: a cursor skips whitespace and comments; identifiers and directives are read as
 * tokens. `.entry NAME (` starts an entry; each comma-separated `.param` up to `)` yields a size
 * (scalar type width, or N for `.b8 name[N]`) and alignment; then `.reqntid/.maxntid/
 * .reqnctapercluster a, b, c` are read until `{`. The body is skipped by brace matching.
 * `// tilec.dynamic_smem_bytes NAME BYTES`, `// tilec.tensormap NAME k=v..` and
 * `// tilec.pipeline NAME k=v..` lines (docs/abi.md) are collected and attached to entries at the
 * end; a malformed tensormap line is an error (the launch would build a wrong map). A dims /
 * strides_bytes entry may be `@J` / `@J*E` (kernel parameter J times E); J must be a 4- or 8-byte
 * parameter of the entry that is not a map or a map's base pointer (checked once all are attached).
 * Knobs: none. */
#include "run_ptx.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *pos;
} cursor;

typedef struct {
  char name[256];
  int64_t bytes;
} smem_note;

static void skip_space_and_comments(cursor *cur) {
  for (;;) {
    while (isspace((unsigned char)*cur->pos)) cur->pos++;
    if (cur->pos[0] == '/' && cur->pos[1] == '/') {
      while (*cur->pos && *cur->pos != '\n') cur->pos++;
    } else if (cur->pos[0] == '/' && cur->pos[1] == '*') {
      const char *end = strstr(cur->pos + 2, "*/");
      cur->pos = end ? end + 2 : cur->pos + strlen(cur->pos);
    } else {
      return;
    }
  }
}

static int is_token_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$' || c == '%';
}

/* Reads one token (identifier/directive/number) or a single punctuation char into `out`. */
static size_t next_token(cursor *cur, char *out, size_t out_size) {
  skip_space_and_comments(cur);
  size_t len = 0;
  if (!*cur->pos) {
    out[0] = 0;
    return 0;
  }
  if (is_token_char(*cur->pos)) {
    while (is_token_char(*cur->pos)) {
      if (len + 1 < out_size) out[len++] = *cur->pos;
      cur->pos++;
    }
  } else {
    out[len++] = *cur->pos++;
  }
  out[len] = 0;
  return len;
}

static uint32_t scalar_type_size(const char *token) {
  static const char *const types[][2] = {
      {".u8", "1"}, {".s8", "1"}, {".b8", "1"}, {".u16", "2"}, {".s16", "2"}, {".b16", "2"},
      {".f16", "2"}, {".bf16", "2"}, {".u32", "4"}, {".s32", "4"}, {".b32", "4"}, {".f32", "4"},
      {".u64", "8"}, {".s64", "8"}, {".b64", "8"}, {".f64", "8"}, {".pred", "1"}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (strcmp(token, types[i][0]) == 0) return (uint32_t)(types[i][1][0] - '0');
  return 0;
}

static int fail(char *error, size_t error_size, const char *message, const char *detail) {
  snprintf(error, error_size, "%s%s%s", message, detail ? ": " : "", detail ? detail : "");
  return -1;
}

static int read_triple(cursor *cur, unsigned out[3]) {
  char token[64];
  out[0] = out[1] = out[2] = 1;
  for (int i = 0; i < 3; i++) {
    next_token(cur, token, sizeof token);
    char *end;
    unsigned long value = strtoul(token, &end, 10);
    if (end == token || *end) return -1;
    out[i] = (unsigned)value;
    skip_space_and_comments(cur);
    if (*cur->pos != ',') return 0;
    cur->pos++;
  }
  return 0;
}

/* Parses from after `.entry`. */
static int parse_entry(cursor *cur, run_ptx_entry *entry, char *error, size_t error_size) {
  char token[256];
  if (!next_token(cur, token, sizeof token) || !is_token_char(token[0]))
    return fail(error, error_size, "malformed .entry", "missing name");
  entry->name = strdup(token);
  entry->dynamic_smem_bytes = -1;
  if (!entry->name) return fail(error, error_size, "out of memory", NULL);
  skip_space_and_comments(cur);
  if (*cur->pos == '(') {
    cur->pos++;
    unsigned capacity = 0;
    for (;;) {
      next_token(cur, token, sizeof token);
      if (strcmp(token, ")") == 0) break;
      if (strcmp(token, ",") == 0) continue;
      if (strcmp(token, ".param") != 0)
        return fail(error, error_size, "malformed parameter list of entry", entry->name);
      uint32_t size = 0, align = 0;
      for (;;) { /* qualifiers, type, name, optional [N] */
        skip_space_and_comments(cur);
        if (*cur->pos == ',' || *cur->pos == ')' || !*cur->pos) break;
        next_token(cur, token, sizeof token);
        if (strcmp(token, ".align") == 0) {
          next_token(cur, token, sizeof token);
          align = (uint32_t)strtoul(token, NULL, 10);
        } else if (scalar_type_size(token) && !size) {
          size = scalar_type_size(token);
        } else if (strcmp(token, "[") == 0) {
          next_token(cur, token, sizeof token);
          size *= (uint32_t)strtoul(token, NULL, 10);
          next_token(cur, token, sizeof token); /* ] */
        }
      }
      if (!size) return fail(error, error_size, "parameter without a type in entry", entry->name);
      if (entry->param_count == capacity) {
        capacity = capacity ? capacity * 2 : 8;
        uint32_t *sizes = realloc(entry->param_sizes, capacity * sizeof *sizes);
        if (!sizes) return fail(error, error_size, "out of memory", NULL);
        entry->param_sizes = sizes;
        uint32_t *aligns = realloc(entry->param_aligns, capacity * sizeof *aligns);
        if (!aligns) return fail(error, error_size, "out of memory", NULL);
        entry->param_aligns = aligns;
      }
      entry->param_sizes[entry->param_count] = size;
      entry->param_aligns[entry->param_count] = align ? align : (size < 8 ? size : 8);
      entry->param_count++;
    }
  }
  unsigned maxntid[3] = {0, 0, 0};
  for (;;) { /* performance directives up to the body (or ';' for a declaration) */
    next_token(cur, token, sizeof token);
    if (!token[0]) return fail(error, error_size, "unterminated entry", entry->name);
    if (strcmp(token, "{") == 0 || strcmp(token, ";") == 0) break;
    if (strcmp(token, ".reqntid") == 0) {
      if (read_triple(cur, entry->block)) return fail(error, error_size, "bad .reqntid", entry->name);
      entry->has_reqntid = 1;
    } else if (strcmp(token, ".maxntid") == 0) {
      if (read_triple(cur, maxntid)) return fail(error, error_size, "bad .maxntid", entry->name);
    } else if (strcmp(token, ".reqnctapercluster") == 0) {
      if (read_triple(cur, entry->cluster))
        return fail(error, error_size, "bad .reqnctapercluster", entry->name);
      entry->has_cluster = 1;
    }
  }
  if (!entry->has_reqntid && maxntid[0]) memcpy(entry->block, maxntid, sizeof maxntid);
  if (strcmp(token, "{") == 0) { /* skip the body */
    int depth = 1;
    while (depth > 0) {
      if (!next_token(cur, token, sizeof token))
        return fail(error, error_size, "unterminated body of entry", entry->name);
      if (token[0] == '{') depth++;
      else if (token[0] == '}') depth--;
    }
  }
  return 0;
}

static int collect_smem_notes(const char *text, smem_note **notes, unsigned *count) {
  static const char marker[] = "// tilec.dynamic_smem_bytes";
  unsigned capacity = 0;
  *notes = NULL;
  *count = 0;
  for (const char *hit = strstr(text, marker); hit; hit = strstr(hit + 1, marker)) {
    smem_note note;
    long long bytes = -1;
    if (sscanf(hit + sizeof marker - 1, " %255s %lld", note.name, &bytes) != 2 || bytes < 0) continue;
    note.bytes = bytes;
    if (*count == capacity) {
      capacity = capacity ? capacity * 2 : 4;
      smem_note *grown = realloc(*notes, capacity * sizeof *grown);
      if (!grown) return -1;
      *notes = grown;
    }
    (*notes)[(*count)++] = note;
  }
  return 0;
}

/* Comma-separated unsigned list into out (at most max). Returns the count, -1 when malformed. */
static int parse_list(const char *v, size_t len, uint64_t *out, int max) {
  int n = 0;
  size_t i = 0;
  while (i < len) {
    if (n == max || !isdigit((unsigned char)v[i])) return -1;
    uint64_t x = 0;
    while (i < len && isdigit((unsigned char)v[i])) {
      if (x > UINT64_MAX / 10 - 9) return -1;
      x = x * 10 + (uint64_t)(v[i++] - '0');
    }
    out[n++] = x;
    if (i < len && v[i++] != ',') return -1;
    if (i == len && v[len - 1] == ',') return -1;
  }
  return n;
}

/* Reads the digits at v[*i..len) into *out. Returns -1 when there are none or on overflow. */
static int read_number(const char *v, size_t len, size_t *i, uint64_t *out) {
  if (*i >= len || !isdigit((unsigned char)v[*i])) return -1;
  uint64_t x = 0;
  while (*i < len && isdigit((unsigned char)v[*i])) {
    if (x > UINT64_MAX / 10 - 9) return -1;
    x = x * 10 + (uint64_t)(v[(*i)++] - '0');
  }
  *out = x;
  return 0;
}

/* Comma-separated `N` / `@J` / `@J*E` list (dims, strides_bytes) into out (at most max). Returns
 * the count, or -1 with a message naming the entry `name` and the bad item. */
static int parse_extent_list(const char *v, size_t len, run_ptx_extent *out, int max, const char *key,
                             const char *name, char *error, size_t error_size) {
  int n = 0;
  size_t i = 0;
  while (i < len) {
    size_t start = i, end = i;
    while (end < len && v[end] != ',') end++;
    run_ptx_extent x = {0, -1, 0};
    uint64_t j = 0;
    int ok = n < max;
    if (ok && v[i] == '@') {
      i++;
      ok = read_number(v, end, &i, &j) == 0 && j <= 4096;
      x.arg = (int)j;
      x.scale = 1;
      if (ok && i < end && v[i] == '*') {
        i++;
        ok = read_number(v, end, &i, &x.scale) == 0 && x.scale >= 1 && x.scale < (1ull << 40);
      }
    } else if (ok) {
      ok = read_number(v, end, &i, &x.value) == 0;
    }
    if (!ok || i != end) {
      if (n == max)
        snprintf(error, error_size, "tilec.tensormap of '%s': too many %s entries (at most %d)", name, key, max);
      else
        snprintf(error, error_size,
                 "tilec.tensormap of '%s': bad %s entry '%.*s' (want N, @J or @J*E: kernel argument J, "
                 "a 4- or 8-byte integer, times E >= 1)", name, key, (int)(end - start), v + start);
      return -1;
    }
    out[n++] = x;
    if (end < len && end + 1 == len) { /* trailing comma */
      snprintf(error, error_size, "tilec.tensormap of '%s': bad %s (trailing ',')", name, key);
      return -1;
    }
    i = end < len ? end + 1 : end;
  }
  return n;
}

static int word_is(const char *v, size_t len, const char *word) { return strlen(word) == len && !memcmp(v, word, len); }

int run_ptx_parse_tmap_note(const char *text, char *name, size_t name_size, run_ptx_tmap *out, char *error,
                            size_t error_size) {
  memset(out, 0, sizeof *out);
  const char *p = text;
  while (*p == ' ' || *p == '\t') p++;
  size_t nl = 0;
  while (p[nl] && !isspace((unsigned char)p[nl])) nl++;
  if (!nl || nl >= name_size) return fail(error, error_size, "tilec.tensormap: missing kernel name", NULL);
  memcpy(name, p, nl);
  name[nl] = 0;
  p += nl;
  unsigned seen = 0; /* bit per required key */
  int ndims = -1, nbox = -1, nstrides = -1;
  uint64_t tmp[RUN_TMAP_MAX_RANK];
  for (;;) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p || *p == '\n' || *p == '\r') break;
    const char *key = p;
    while (*p && *p != '=' && !isspace((unsigned char)*p)) p++;
    if (*p != '=') return fail(error, error_size, "tilec.tensormap: expected key=value", name);
    size_t klen = (size_t)(p - key);
    const char *v = ++p;
    while (*p && !isspace((unsigned char)*p)) p++;
    size_t vlen = (size_t)(p - v);
    int n;
    if (word_is(key, klen, "param") || word_is(key, klen, "base_arg") || word_is(key, klen, "rank")) {
      if ((n = parse_list(v, vlen, tmp, 1)) != 1 || tmp[0] > 4096)
        return fail(error, error_size, "tilec.tensormap: bad number", name);
      if (key[0] == 'p') out->param = (unsigned)tmp[0], seen |= 1;
      else if (key[0] == 'b') out->base_arg = (unsigned)tmp[0], seen |= 2;
      else out->rank = (unsigned)tmp[0], seen |= 4;
    } else if (word_is(key, klen, "dtype")) {
      out->dtype = run_dtype_parse(v, vlen);
      if (out->dtype == RUN_DTYPE_INVALID || run_tmap_data_type(out->dtype) < 0)
        return fail(error, error_size, "tilec.tensormap: unsupported dtype", name);
      seen |= 8;
    } else if (word_is(key, klen, "dims")) {
      if ((ndims = parse_extent_list(v, vlen, out->dims, RUN_TMAP_MAX_RANK, "dims", name, error, error_size)) < 0)
        return -1;
      if (ndims < 1) return fail(error, error_size, "tilec.tensormap: bad dims", name);
    } else if (word_is(key, klen, "strides_bytes")) {
      if ((nstrides = parse_extent_list(v, vlen, out->strides_bytes, RUN_TMAP_MAX_RANK - 1, "strides_bytes", name,
                                        error, error_size)) < 0)
        return -1;
    } else if (word_is(key, klen, "box")) {
      if ((nbox = parse_list(v, vlen, tmp, RUN_TMAP_MAX_RANK)) < 1)
        return fail(error, error_size, "tilec.tensormap: bad box", name);
      for (int i = 0; i < nbox; i++) {
        if (tmp[i] < 1 || tmp[i] > 256) return fail(error, error_size, "tilec.tensormap: box outside 1..256", name);
        out->box[i] = (uint32_t)tmp[i];
      }
    } else if (word_is(key, klen, "elem_strides")) {
      if ((n = parse_list(v, vlen, tmp, RUN_TMAP_MAX_RANK)) < 1)
        return fail(error, error_size, "tilec.tensormap: bad elem_strides", name);
      for (int i = 0; i < n; i++)
        if (tmp[i] != 1) return fail(error, error_size, "tilec.tensormap: element strides other than 1", name);
    } else if (word_is(key, klen, "swizzle")) {
      if (word_is(v, vlen, "none")) out->swizzle = RUN_TMAP_SWIZZLE_NONE;
      else if (word_is(v, vlen, "32B")) out->swizzle = RUN_TMAP_SWIZZLE_32B;
      else if (word_is(v, vlen, "64B")) out->swizzle = RUN_TMAP_SWIZZLE_64B;
      else if (word_is(v, vlen, "128B")) out->swizzle = RUN_TMAP_SWIZZLE_128B;
      else return fail(error, error_size, "tilec.tensormap: bad swizzle", name);
      seen |= 16;
    } else if (word_is(key, klen, "interleave")) {
      if (!word_is(v, vlen, "none")) return fail(error, error_size, "tilec.tensormap: interleave other than none", name);
    } else if (word_is(key, klen, "l2")) {
      if (word_is(v, vlen, "none")) out->l2_promotion = RUN_TMAP_L2_NONE;
      else if (word_is(v, vlen, "64B")) out->l2_promotion = RUN_TMAP_L2_64B;
      else if (word_is(v, vlen, "128B")) out->l2_promotion = RUN_TMAP_L2_128B;
      else if (word_is(v, vlen, "256B")) out->l2_promotion = RUN_TMAP_L2_256B;
      else return fail(error, error_size, "tilec.tensormap: bad l2", name);
    } else if (word_is(key, klen, "oob")) {
      if (word_is(v, vlen, "zero")) out->oob_fill = RUN_TMAP_OOB_ZERO;
      else if (word_is(v, vlen, "nan")) out->oob_fill = RUN_TMAP_OOB_NAN;
      else return fail(error, error_size, "tilec.tensormap: bad oob", name);
    } else {
      return fail(error, error_size, "tilec.tensormap: unknown key", name);
    }
  }
  if ((seen & 31) != 31) return fail(error, error_size, "tilec.tensormap: missing param/base_arg/rank/dtype/swizzle", name);
  if (out->rank < 1 || out->rank > RUN_TMAP_MAX_RANK || ndims != (int)out->rank || nbox != (int)out->rank ||
      nstrides != (int)out->rank - 1)
    return fail(error, error_size, "tilec.tensormap: dims/box/strides_bytes do not match the rank", name);
  return 0;
}

static int parse_pipeline_note(const char *text, char *name, size_t name_size, run_ptx_entry *e) {
  unsigned stages, threads;
  unsigned long long tx;
  char fmt[64];
  snprintf(fmt, sizeof fmt, " %%%zus stages=%%u tx_bytes=%%llu threads=%%u", name_size - 1);
  if (sscanf(text, fmt, name, &stages, &tx, &threads) != 4) return -1;
  e->pipeline_stages = stages;
  e->pipeline_tx_bytes = tx;
  e->pipeline_threads = threads;
  e->has_pipeline = 1;
  return 0;
}

/* The `@J` references of the entry's maps must name a 4- or 8-byte parameter (an i32/i64 scalar)
 * that is neither a map nor the base pointer of one. */
static int check_tmap_refs(const run_ptx_entry *e, char *error, size_t error_size) {
  for (unsigned t = 0; t < e->tmap_count; t++) {
    const run_ptx_tmap *m = &e->tmaps[t];
    for (unsigned k = 0; k < 2 * m->rank - 1; k++) {
      int strides = k >= m->rank;
      unsigned d = strides ? k - m->rank + 1 : k; /* strides_bytes[d - 1] is dimension d's */
      const run_ptx_extent *x = strides ? &m->strides_bytes[d - 1] : &m->dims[d];
      if (x->arg < 0) continue;
      unsigned j = (unsigned)x->arg;
      const char *why = NULL;
      if (j >= e->param_count) why = "the entry has no such parameter";
      for (unsigned u = 0; !why && u < e->tmap_count; u++) {
        if (e->tmaps[u].param == j) why = "a tensor-map parameter";
        else if (e->tmaps[u].base_arg == j) why = "the base pointer of a tensor map";
      }
      if (!why && e->param_sizes[j] != 4 && e->param_sizes[j] != 8) why = "not a 4- or 8-byte integer parameter";
      if (why) {
        snprintf(error, error_size, "tilec.tensormap of '%s' (param=%u): %s entry %u refers to kernel parameter %u "
                 "(of %u), %s", e->name, m->param, strides ? "strides_bytes" : "dims", strides ? d - 1 : d, j,
                 e->param_count, why);
        return -1;
      }
    }
  }
  return 0;
}

/* Attaches the tensormap / pipeline notes to their entries. */
static int attach_hopper_notes(const char *text, run_ptx_module *module, char *error, size_t error_size) {
  static const char tm[] = "// tilec.tensormap ", pl[] = "// tilec.pipeline ";
  char name[256];
  for (const char *hit = strstr(text, tm); hit; hit = strstr(hit + 1, tm)) {
    run_ptx_tmap t;
    if (run_ptx_parse_tmap_note(hit + sizeof tm - 1, name, sizeof name, &t, error, error_size)) return -1;
    run_ptx_entry *e = NULL;
    for (unsigned i = 0; i < module->entry_count; i++)
      if (strcmp(module->entries[i].name, name) == 0) e = &module->entries[i];
    if (!e) return fail(error, error_size, "tilec.tensormap for an unknown entry", name);
    if (t.param >= e->param_count || e->param_sizes[t.param] != 128 || t.base_arg >= e->param_count ||
        e->param_sizes[t.base_arg] != 8)
      return fail(error, error_size, "tilec.tensormap: param/base_arg do not match the entry's parameters", name);
    run_ptx_tmap *grown = realloc(e->tmaps, (e->tmap_count + 1) * sizeof *grown);
    if (!grown) return fail(error, error_size, "out of memory", NULL);
    e->tmaps = grown;
    e->tmaps[e->tmap_count++] = t;
  }
  for (unsigned i = 0; i < module->entry_count; i++)
    if (check_tmap_refs(&module->entries[i], error, error_size)) return -1;
  for (const char *hit = strstr(text, pl); hit; hit = strstr(hit + 1, pl)) {
    run_ptx_entry scratch;
    memset(&scratch, 0, sizeof scratch);
    if (parse_pipeline_note(hit + sizeof pl - 1, name, sizeof name, &scratch))
      return fail(error, error_size, "malformed tilec.pipeline line", NULL);
    for (unsigned i = 0; i < module->entry_count; i++)
      if (strcmp(module->entries[i].name, name) == 0) {
        module->entries[i].has_pipeline = 1;
        module->entries[i].pipeline_stages = scratch.pipeline_stages;
        module->entries[i].pipeline_tx_bytes = scratch.pipeline_tx_bytes;
        module->entries[i].pipeline_threads = scratch.pipeline_threads;
      }
  }
  return 0;
}

int run_ptx_scan(const char *text, run_ptx_module *module, char *error, size_t error_size) {
  memset(module, 0, sizeof *module);
  cursor cur = {text};
  char token[256];
  unsigned capacity = 0;
  while (next_token(&cur, token, sizeof token)) {
    if (strcmp(token, ".target") == 0) {
      next_token(&cur, token, sizeof token);
      size_t length = strlen(token) < sizeof module->target - 1 ? strlen(token) : sizeof module->target - 1;
      memcpy(module->target, token, length);
      module->target[length] = 0;
    } else if (strcmp(token, ".extern") == 0) {
      next_token(&cur, token, sizeof token);
      if (strcmp(token, ".shared") == 0) module->declares_extern_shared = 1;
    } else if (strcmp(token, ".entry") == 0) {
      if (module->entry_count == capacity) {
        capacity = capacity ? capacity * 2 : 4;
        run_ptx_entry *grown = realloc(module->entries, capacity * sizeof *grown);
        if (!grown) {
          run_ptx_module_destroy(module);
          return fail(error, error_size, "out of memory", NULL);
        }
        module->entries = grown;
      }
      run_ptx_entry *entry = &module->entries[module->entry_count++];
      memset(entry, 0, sizeof *entry);
      if (parse_entry(&cur, entry, error, error_size)) {
        run_ptx_module_destroy(module);
        return -1;
      }
    } else if (strcmp(token, "{") == 0) { /* a .func body or other block: skip */
      int depth = 1;
      while (depth > 0 && next_token(&cur, token, sizeof token)) {
        if (token[0] == '{') depth++;
        else if (token[0] == '}') depth--;
      }
    }
  }
  smem_note *notes;
  unsigned note_count;
  if (collect_smem_notes(text, &notes, &note_count)) {
    run_ptx_module_destroy(module);
    return fail(error, error_size, "out of memory", NULL);
  }
  for (unsigned i = 0; i < note_count; i++)
    for (unsigned e = 0; e < module->entry_count; e++)
      if (strcmp(module->entries[e].name, notes[i].name) == 0)
        module->entries[e].dynamic_smem_bytes = notes[i].bytes;
  free(notes);
  if (attach_hopper_notes(text, module, error, error_size)) {
    run_ptx_module_destroy(module);
    return -1;
  }
  return 0;
}

void run_ptx_module_destroy(run_ptx_module *module) {
  for (unsigned i = 0; i < module->entry_count; i++) {
    free(module->entries[i].name);
    free(module->entries[i].param_sizes);
    free(module->entries[i].param_aligns);
    free(module->entries[i].tmaps);
  }
  free(module->entries);
  memset(module, 0, sizeof *module);
}

const run_ptx_entry *run_ptx_find_entry(const run_ptx_module *module, const char *name) {
  for (unsigned i = 0; i < module->entry_count; i++)
    if (strcmp(module->entries[i].name, name) == 0) return &module->entries[i];
  return NULL;
}

/* attr_read: typed readers of cuda_tile's opaque attributes (attr_read.h). Each reads the dialect's
 * text form of one attribute kind, as the parser writes it (parser.c) and the bytecode reader
 * rebuilds it (bytecode_reader.c). No knobs. Owner: frontend. */
#include "frontend/attr_read.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

static bool opaque_data(MlirAttribute a, MlirStringRef *d) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAOpaque(a)) return false;
  *d = mlirOpaqueAttrGetData(a);
  return true;
}

/* Parses a decimal integer at s[*i..n) (optional sign), skipping spaces first. */
static bool read_int(const char *s, size_t n, size_t *i, int64_t *out) {
  while (*i < n && s[*i] == ' ') (*i)++;
  size_t j = *i;
  bool neg = false;
  if (j < n && (s[j] == '-' || s[j] == '+')) neg = s[j++] == '-';
  if (j >= n || !isdigit((unsigned char)s[j])) return false;
  int64_t v = 0;
  while (j < n && isdigit((unsigned char)s[j])) {
    if (v > (INT64_MAX - 9) / 10) return false;
    v = v * 10 + (s[j++] - '0');
  }
  *i = j;
  *out = neg ? -v : v;
  return true;
}

bool ct_attr_div_by(MlirAttribute predicate, int64_t *divisor) {
  MlirStringRef d;
  if (!opaque_data(predicate, &d) || d.length < 8 || memcmp(d.data, "div_by<", 7)) return false;
  size_t i = 7;
  int64_t v;
  if (!read_int(d.data, d.length, &i, &v) || v <= 0) return false;
  while (i < d.length && d.data[i] == ' ') i++;
  if (i >= d.length || d.data[i] != '>') return false; /* the `every ... along ...` form */
  *divisor = v;
  return true;
}

static bool word_at(const char *s, size_t n, size_t i, const char *w, size_t *end) {
  size_t k = strlen(w);
  if (i + k > n || memcmp(s + i, w, k)) return false;
  if (i + k < n && (isalnum((unsigned char)s[i + k]) || s[i + k] == '_')) return false;
  *end = i + k;
  return true;
}

/* In the `{k = v, ...}` block starting at s[open] ('{'), the integer value of `key`. */
static bool block_int(const char *s, size_t n, size_t open, const char *key, int64_t *out) {
  size_t i = open + 1;
  while (i < n && s[i] != '}') {
    while (i < n && (s[i] == ' ' || s[i] == ',')) i++;
    size_t end;
    if (word_at(s, n, i, key, &end)) {
      i = end;
      while (i < n && s[i] == ' ') i++;
      if (i < n && s[i] == '=') {
        i++;
        return read_int(s, n, &i, out);
      }
    }
    while (i < n && s[i] != ',' && s[i] != '}') i++; /* skip this entry */
  }
  return false;
}

/* The position of the '{' of entry `name` (`name = {`) at the top level of the hints, or 0. */
static size_t entry_block(const char *s, size_t n, const char *name) {
  int depth = 0;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '{') depth++;
    else if (c == '}') depth--;
    size_t end;
    if (depth == 0 && (i == 0 || s[i - 1] == '<' || s[i - 1] == ' ' || s[i - 1] == ',') && word_at(s, n, i, name, &end)) {
      while (end < n && s[end] == ' ') end++;
      if (end < n && s[end] == '=') {
        end++;
        while (end < n && s[end] == ' ') end++;
        if (end < n && s[end] == '{') return end;
      }
    }
  }
  return 0;
}

bool ct_attr_hint_int(MlirAttribute hints, const char *arch, const char *key, int64_t *out) {
  MlirStringRef d;
  if (!opaque_data(hints, &d)) return false;
  size_t at = entry_block(d.data, d.length, arch);
  if (!at) at = entry_block(d.data, d.length, "default");
  return at && block_int(d.data, d.length, at, key, out);
}

bool ct_attr_keyword(MlirAttribute a, char *buf, size_t cap) {
  MlirStringRef d;
  if (!opaque_data(a, &d) || cap == 0) return false;
  const char *lt = memchr(d.data, '<', d.length);
  const char *s = lt ? lt + 1 : d.data;
  size_t n = lt ? d.length - (size_t)(s - d.data) : d.length;
  if (lt && n && s[n - 1] == '>') n--;
  if (n + 1 > cap) n = cap - 1;
  memcpy(buf, s, n);
  buf[n] = 0;
  return true;
}

int64_t ct_entry_hinted_warps_raw(MlirOperation entry, const char *arch) {
  int64_t warps = CT_DEFAULT_WARPS;
  ct_attr_hint_int(mlirOperationGetAttributeByName(entry, mlirStringRefCreateFromCString("optimization_hints")), arch,
                   "num_worker_warps_per_cta", &warps);
  return warps;
}

int64_t ct_entry_hinted_warps(MlirOperation entry, const char *arch) {
  int64_t warps = ct_entry_hinted_warps_raw(entry, arch);
  if (warps >= 1 && warps <= 32)
    while (warps & (warps - 1)) warps &= warps - 1; /* the largest power of two not above it */
  return warps;
}

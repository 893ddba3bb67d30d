/* ptr_hash: the bucket of a pointer key in an open-addressing table of n (a power of two) slots —
 * Fibonacci hashing of the address. Used by the register budget and strip-mining tables (lib/nvvm).
 * Knobs: none. */
#ifndef TILEC_SUPPORT_PTR_HASH_H
#define TILEC_SUPPORT_PTR_HASH_H
#include <stddef.h>
#include <stdint.h>

static inline size_t ct_ptr_hash(const void *k, size_t n) {
  uintptr_t x = (uintptr_t)k;
  x ^= x >> 17;
  x *= (uintptr_t)0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (n - 1);
}
#endif

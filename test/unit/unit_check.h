/* unit_check: the CHECK macro shared by the C unit tests. Each failed check prints
 * `FAIL file:line: message` on stderr and counts in `failures`; a test's main returns non-zero
 * when failures > 0. (One header per test binary: `failures` is static to it.) */
#ifndef TILEC_TEST_UNIT_CHECK_H
#define TILEC_TEST_UNIT_CHECK_H
#include <stdio.h>

static int failures;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      failures++;                                          \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fprintf(stderr, "\n");                               \
    }                                                      \
  } while (0)
#endif

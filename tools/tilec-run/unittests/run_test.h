/* run_test.h - minimal assertion helpers for tilec-run's unit tests: each failed EXPECT prints
 * file:line and the expression, and the test's main returns the failure count (non-zero = fail).
 * Knobs: none. */
#ifndef TILEC_RUN_TEST_H
#define TILEC_RUN_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int test_failures = 0;

#define EXPECT(cond)                                                            \
  do {                                                                          \
    if (!(cond)) {                                                              \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);       \
      test_failures++;                                                          \
    }                                                                           \
  } while (0)

#define EXPECT_STR_CONTAINS(haystack, needle)                                               \
  do {                                                                                      \
    if (!strstr((haystack), (needle))) {                                                    \
      fprintf(stderr, "%s:%d: expected \"%s\" to contain \"%s\"\n", __FILE__, __LINE__,     \
              (haystack), (needle));                                                        \
      test_failures++;                                                                      \
    }                                                                                       \
  } while (0)

#define EXPECT_NEAR(a, b, eps)                                                             \
  do {                                                                                     \
    double a_ = (a), b_ = (b);                                                             \
    if (!(fabs(a_ - b_) <= (eps))) {                                                       \
      fprintf(stderr, "%s:%d: expected %s (%.9g) near %s (%.9g)\n", __FILE__, __LINE__, #a, \
              a_, #b, b_);                                                                 \
      test_failures++;                                                                     \
    }                                                                                      \
  } while (0)

#define TEST_DONE(name)                                                       \
  do {                                                                        \
    if (test_failures) fprintf(stderr, "%s: %d failure(s)\n", name, test_failures); \
    else printf("%s: all passed\n", name);                                    \
    return test_failures != 0;                                                \
  } while (0)

#endif

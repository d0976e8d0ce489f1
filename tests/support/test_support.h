/* Helpers shared by the test programs (cmocka). */
#ifndef GAMEOPT_TEST_SUPPORT_H
#define GAMEOPT_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gameopt/gameopt.h"

/* The exit code CTest reads as "skipped" (SKIP_RETURN_CODE). */
#define TEST_SKIPPED 77

/* Full path of a file under ../shared/data (from $GOPT_SHARED_DATA); NULL when absent. */
const char *test_shared_path(const char *relative, char *buf, size_t size);
/* Full path of a file in the source tree (from $GOPT_SOURCE_DIR, else "."). */
const char *test_source_path(const char *relative, char *buf, size_t size);
/* For external tests: exits with TEST_SKIPPED and a message when the shared data is absent. */
void test_require_shared(const char *relative);
/* Reads a whole file into a NUL-terminated string (the test fails when it cannot). */
char *test_read_file(const char *path, size_t *len);
/* The number of random cases a property test runs: $GOPT_PROPERTY_CASES or `fallback`. */
int test_cases(int fallback);

#endif

/* Helpers shared by the test programs. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *test_shared_path(const char *relative, char *buf, size_t size) {
    const char *dir = getenv("GOPT_SHARED_DATA");
    if (!dir) dir = "../shared/data";
    snprintf(buf, size, "%s/%s", dir, relative);
    return access(buf, R_OK) == 0 ? buf : NULL;
}

const char *test_source_path(const char *relative, char *buf, size_t size) {
    const char *dir = getenv("GOPT_SOURCE_DIR");
    snprintf(buf, size, "%s/%s", dir ? dir : ".", relative);
    return buf;
}

void test_require_shared(const char *relative) {
    char buf[1024];
    if (!test_shared_path(relative, buf, sizeof buf)) {
        printf("skipped: shared data %s is not here (set GOPT_SHARED_DATA)\n", buf);
        exit(TEST_SKIPPED);
    }
}

char *test_read_file(const char *path, size_t *len) {
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, path, &err)) {
        gopt_error_print(stderr, &err);
        fail_msg("cannot read %s", path);
    }
    if (len) *len = t.len;
    return t.data;
}

int test_cases(int fallback) {
    const char *s = getenv("GOPT_PROPERTY_CASES");
    int n = s ? atoi(s) : 0;
    return n > 0 ? n : fallback;
}

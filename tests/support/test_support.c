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

/* Byte for byte (pictures too): not through the text reader, which wants UTF-8 text. */
char *test_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot read %s", path);
    gopt_buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) gopt_buf_append(&b, chunk, n);
    fclose(f);
    if (len) *len = b.len;
    return gopt_buf_take(&b);
}

int test_cases(int fallback) {
    const char *s = getenv("GOPT_PROPERTY_CASES");
    int n = s ? atoi(s) : 0;
    return n > 0 ? n : fallback;
}

/* Fuzz target for the penpa-edit reader. The input is the *inflated* text (header, margins,
 * layers as abbreviated JSON), which this target deflates and base64-encodes into a link, so
 * the fuzzer works on what the reader parses rather than on compressed bytes; then every
 * puzzle read goes through the writers' round trips. */
#include <zlib.h>

#include "fuzz_country_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    z_stream z = {0};
    deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    uLong cap = deflateBound(&z, (uLong)size);
    unsigned char *packed = malloc(cap + 1);
    z.next_in = (Bytef *)data;
    z.avail_in = (uInt)size;
    z.next_out = packed;
    z.avail_out = (uInt)cap;
    deflate(&z, Z_FINISH);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *prefix = "https://swaroopg92.github.io/penpa-edit/#m=edit&p=";
    size_t np = strlen(prefix);
    char *link = malloc(np + 4 * (n / 3 + 1) + 2);
    memcpy(link, prefix, np);
    size_t k = np;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)packed[i] << 16 | (i + 1 < n ? (unsigned)packed[i + 1] << 8 : 0) |
                     (i + 2 < n ? packed[i + 2] : 0);
        link[k++] = digits[v >> 18 & 63];
        link[k++] = digits[v >> 12 & 63];
        link[k++] = i + 1 < n ? digits[v >> 6 & 63] : '=';
        link[k++] = i + 2 < n ? digits[v & 63] : '=';
    }
    link[k++] = '\n';
    fuzz_country_read_all((const uint8_t *)link, k, "penpa");
    free(link);
    free(packed);
    return 0;
}

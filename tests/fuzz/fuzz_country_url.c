/* Fuzz target for the puzz.link URL reader (and the URL writer, through round trips). */
#include "fuzz_country_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_country_read_all(data, size, "url");
    return 0;
}

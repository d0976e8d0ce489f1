/* Fuzz target for the Country Road file readers: the format is guessed per puzzle, so one
 * input reaches the pzprv3, block and text readers (and the URL reader). */
#include "fuzz_country_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_country_read_all(data, size, NULL);
    return 0;
}

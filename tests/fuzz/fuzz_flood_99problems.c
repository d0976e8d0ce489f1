/* Fuzz target for the Flood-It 99problems reader (see flood_fuzz.h for what is checked). */
#include "flood_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return flood_fuzz(data, size, "99problems"); }

/* Fuzz target for Flood-It input with the format guessed (see flood_fuzz.h). */
#include "flood_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return flood_fuzz(data, size, NULL); }

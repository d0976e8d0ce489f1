/* Fuzz target for the flow reader of pzprv3 files of Numberlink (puzz.link saves) (see fuzz_flow_common.h). */
#include "fuzz_flow_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fuzz_flow_input(data, size, GOPT_FLOW_PZPRV3); }

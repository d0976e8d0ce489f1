/* The exact search for graphs of at most 64 nodes: every node set is one uint64_t. */
#include "games/taxis/set64.h"
#define ENGINE(name) taxis_##name##_64
#include "games/taxis/search.h"

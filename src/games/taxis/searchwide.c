/* The exact search for graphs of 65..GOPT_TAXIS_MAX_NODES nodes: node sets of
 * GOPT_TAXIS_WIDE_WORDS words. */
#include "games/taxis/setwide.h"
#define ENGINE(name) taxis_##name##_wide
#include "games/taxis/search.h"

/* gameopt: board-game and pencil-puzzle questions reduced to classic problems (maximum
 * flow, SAT, integer programming, heuristic search), solved by real solver libraries and
 * checked by independent code. This umbrella header includes every public module. */
#ifndef GAMEOPT_GAMEOPT_H
#define GAMEOPT_GAMEOPT_H

#include "gameopt/alloc.h"
#include "gameopt/api.h"
#include "gameopt/assist.h"
#include "gameopt/backbone.h"
#include "gameopt/bitset.h"
#include "gameopt/budget.h"
#include "gameopt/canvas.h"
#include "gameopt/counters.h"
#include "gameopt/country.h"
#include "gameopt/cuts.h"
#include "gameopt/data.h"
#include "gameopt/error.h"
#include "gameopt/flood.h"
#include "gameopt/game.h"
#include "gameopt/flow.h"
#include "gameopt/front.h"
#include "gameopt/graph.h"
#include "gameopt/grid.h"
#include "gameopt/json.h"
#include "gameopt/maxflow.h"
#include "gameopt/mip.h"
#include "gameopt/outfile.h"
#include "gameopt/progress.h"
#include "gameopt/rng.h"
#include "gameopt/sat.h"
#include "gameopt/stop.h"
#include "gameopt/routes.h"
#include "gameopt/taxis.h"
#include "gameopt/term.h"
#include "gameopt/text.h"
#include "gameopt/timer.h"
#include "gameopt/tokens.h"

/* "0.1.0" */
const char *gopt_version(void);

#endif

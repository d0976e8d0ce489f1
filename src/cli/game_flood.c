/* gameopt flood: solve, check, hint, par, generate. */
#include "cli/cli.h"
#include "gameopt/flood.h"

static const gopt_cli_option solve_options[] = {
    {"start", "ROW,COL", "the flooded cell: ROW,COL from 1, or ul ur ll lr m (default ul; puchert files name it)"},
    {"beam-width", "N", "states kept per step by --method beam (default 400)"},
    {"depth", "N", "moves looked ahead by --method lookahead (default 3)"},
    {"no-frames", NULL, "pictures show the board only, without the strip of frames"},
    {NULL},
};
static const gopt_cli_verb verbs[] = {
    {"solve", "the fewest moves that flood each board", "[FILE...]", CLI_SOLVE_OPTIONS, solve_options, cli_run_solve},
    {NULL},
};
const gopt_cli_game gopt_cli_flood = {"flood", "Flood-It: flood the board from one corner in the fewest moves",
                                      &gopt_game_flood, verbs, NULL};

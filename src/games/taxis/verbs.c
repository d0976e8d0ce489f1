/* The verbs of taxis (the online path extension problem of Thurn & Taxis) in the game table:
 * play and ideal (verbs_play.c), turn (turn.c), experiment and tournament (verbs_study.c),
 * the generic solve and generate with the options below. */
#include "internal.h"
#include "verbs.h"

/* solve and generate: settings as the puzzles of the generic drivers (game.c) */
const gopt_opt taxis_solve_opts[] = {GRAPH_OPTIONS, GOPT_OPT_END};
const gopt_opt taxis_generate_opts[] = {
    GRAPH_OPTIONS,
    GOPT_INT("c", "C", "6", 1, 1e6, "face-up cards"),
    GOPT_INT("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D"),
    GOPT_OPT_END,
};

/* ---------------------------------------------------------------- registration */

const gopt_verb taxis_verbs[] = {
    {"solve", "the ideal path of every setting of the files (the generic batch: --threads, --shard, --json)",
     "[SETTING...]", GOPT_SOLVE_COMMON, taxis_solve_opts, gopt_run_solve},
    {"generate", "random settings (--count of them)", "", GOPT_GENERATE_COMMON, taxis_generate_opts,
     gopt_run_generate},
    {"play", "play one game turn by turn with a heuristic, checked and optionally drawn", "[SETTING]",
     GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_QUIET, taxis_play_opts, taxis_run_play},
    {"ideal", "the ideal path (longest TT-path, deck known) by our search or the paper's integer program",
     "[SETTING]", GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_QUIET | GOPT_COMMON_STATS | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_THREADS, taxis_ideal_opts,
     taxis_run_ideal},
    {"turn", "one position of a game you play: the display, your path, the legal moves (the moves so far as arguments)",
     "[NAME[@front|@back]...]", GOPT_COMMON_JSON | GOPT_COMMON_SEED, taxis_turn_opts, taxis_run_turn},
    {"experiment", "the paper's experiments: table1 (Tables 1-2) or sweep (Figures 8-12)", "table1|sweep",
     GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_THREADS | GOPT_COMMON_SHARD | GOPT_COMMON_PROGRESS | GOPT_COMMON_VERIFY |
         GOPT_COMMON_TIME_LIMIT, taxis_experiment_opts, taxis_run_experiment},
    {"tournament", "two heuristics share one display, every ordered pair (Table 4)", "",
     GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_THREADS | GOPT_COMMON_SHARD | GOPT_COMMON_PROGRESS | GOPT_COMMON_VERIFY |
         GOPT_COMMON_TIME_LIMIT, taxis_tournament_opts, taxis_run_tournament},
    GOPT_DRAW_VERB,
    {0},
};



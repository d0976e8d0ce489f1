/* What the taxis verbs share (verbs.c registers them; verbs_play.c plays, verbs_study.c runs the
 * paper's experiments; verb_inputs.c reads the options and inputs they have in common). */
#ifndef GAMEOPT_TAXIS_VERBS_H
#define GAMEOPT_TAXIS_VERBS_H

#include <stdbool.h>

#include "gameopt/game.h"
#include "gameopt/taxis.h"
#include "report.h"

/* The choices of the enum options (verb_inputs.c). */
extern const char *const taxis_graph_formats[], *const taxis_ideal_methods[], *const taxis_mip_starts[];
extern const char *const taxis_mc_ties[];  /* gopt_taxis_mc_ties order */
extern const char *const taxis_mc_evals[]; /* gopt_taxis_mc_eval order */


/* The mc player's options, in every verb that plays heuristics. */
#define MC_OPTIONS                                                                                             \
    GOPT_INT("mc-samples", "K", "512", 1, 1048576, "mc: sampled orders of the unseen cards per move"),        \
        GOPT_ENUM("mc-ties", "T", "pp", taxis_mc_ties,                                                              \
                  "mc: ties between the best moves go to pp's move (pp), the most tentacles\n"                \
                  "                           (tentacles) or a uniform choice (random)"),                       \
        GOPT_ENUM("mc-eval", "E", "pp", taxis_mc_evals,                                                             \
                  "mc: a sampled future is worth the length pp reaches (pp: a rollout), its\n"                \
                  "                           ideal length (ideal: the exact search), their sum (mix), or\n"   \
                  "                           (ply2) the best reply to the next card, then pp rollouts"),       \
        GOPT_REAL("mc-budget", "MS", "0", 0, 1e6,                                                             \
                  "mc: stop sampling a move after MS milliseconds of CPU (0: never; the\n"                    \
                  "                           moves then depend on the machine's speed)")

/* The one-player readings (docs/methods.md, taxis, "One-player readings"). */
#define SOLO_READING_HELP                                                                                      \
    "one-player readings of the paper's rules, comma-separated: clear (a face-up card\n"                       \
    "                           of a node on the path leaves and the next card replaces it), refill (a taken\n" \
    "                           node's other face-up copies leave with it; default keep: they stay),\n"     \
    "                           start-all (Algorithm 8 starts on the least-degree node of all its best\n"     \
    "                           paths; default start-plan: of the chosen one), ties-first (Algorithms 8\n"    \
    "                           and 9 keep the first best component; default ties-uniform)"
#define READING_OPTION GOPT_STRING("reading", "LIST", "default", SOLO_READING_HELP)

#define GRAPH_OPTIONS                                                                                          \
    GOPT_STRING("graph", "NAME|FILE", "thurn-taxis",                                                         \
                "the graph: bundled thurn-taxis or a .board, .graphml, .gml, .ncol or edge-list file"),       \
        GOPT_ENUM("graph-format", "F", NULL, taxis_graph_formats,                                                   \
                  "board, graphml, gml, ncol or edgelist (default: by the file's extension)")
#define INDEX_HELP "play setting I of the seed's sequence; with a file, the random stream of\n" \
                   "                           setting I, so a saved game replays exactly"


/* The verbs' option tables and runners. */
extern const gopt_opt taxis_play_opts[], taxis_ideal_opts[], taxis_experiment_opts[], taxis_tournament_opts[];
int taxis_run_play(gopt_call *call);
int taxis_run_ideal(gopt_call *call);
int taxis_run_experiment(gopt_call *call);
int taxis_run_tournament(gopt_call *call);

/* ---- shared option handling (verb_inputs.c) */
/* --graph (bundled or a file, in --graph-format); NULL after the error is given to the call. */
gopt_taxis_graph *taxis_load_graph(gopt_call *call);
/* --c and --dups as ranges within the graph's deck; defaults as given. */
bool taxis_deck_ranges(gopt_call *call, const gopt_taxis_graph *g, long c[2], long dups[2]);
/* A single value for --c / --dups (ranges are for sweep). */
bool taxis_single(gopt_call *call, const long range[2], const char *name);
/* The --mc-* options into *mc, and every mc heuristic of hs[0..nh) pointed at them. */
void taxis_mc_options(gopt_call *call, gopt_taxis_mc *mc, gopt_taxis_heuristic *hs, int nh);
/* --reading into *r; duel: the two-player words are allowed too. False after a usage error. */
bool taxis_reading_option(gopt_call *call, gopt_taxis_reading *r, bool duel);
/* The exact search knows only the keep display: no ideal path, and no mc evaluation by it,
 * under the clear reading. False after a usage error. */
bool taxis_reading_fits(gopt_call *call, const gopt_taxis_reading *r, const gopt_taxis_mc *mc, bool mc_used, bool ideal);
/* Parses --heuristics. With want_ideal (sweep), "ideal" in the list (or the default) adds the
 * ideal path's column, which goes last. */
bool taxis_parse_heuristic_list(gopt_call *call, const char *text, gopt_taxis_heuristic **hs, int *nh, bool *want_ideal);
/* --json or --csv into *f (text otherwise); false after a usage error. */
bool taxis_output_format(gopt_call *call, taxis_format *f);
/* A run whose results failed the independent checker prints nothing but this (exit 4). */
int taxis_internal_error(gopt_call *call, int64_t failed, const char *what);

#endif

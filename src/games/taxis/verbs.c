/* The verbs of taxis (the online path extension problem of Thurn & Taxis), with their option
 * tables: play (one game, turn by turn), ideal (the longest path with the deck known),
 * experiment (the paper's tables and figures over many settings), tournament (two players
 * on one display). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "gameopt/canvas.h"
#include "gameopt/json.h"
#include "gameopt/taxis.h"
#include "internal.h"
#include "report.h"

static const char *const graph_formats[] = {"board", "graphml", "gml", "ncol", "edgelist", NULL};
static const char *const ideal_methods[] = {"search", "mip", NULL};
static const char *const mip_starts[] = {"search", "heuristics", NULL};
static const char *const mc_ties[] = {"random", "tentacles", "pp", NULL}; /* gopt_taxis_mc_ties order */
static const char *const mc_evals[] = {"ideal", "pp", "ply2", "mix", NULL};            /* gopt_taxis_mc_eval order */

/* The mc player's options, in every verb that plays heuristics. */
#define MC_OPTIONS                                                                                             \
    GOPT_INT("mc-samples", "K", "512", 1, 1048576, "mc: sampled orders of the unseen cards per move"),        \
        GOPT_ENUM("mc-ties", "T", "pp", mc_ties,                                                              \
                  "mc: ties between the best moves go to pp's move (pp), the most tentacles\n"                \
                  "                           (tentacles) or a uniform choice (random)"),                       \
        GOPT_ENUM("mc-eval", "E", "pp", mc_evals,                                                             \
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
        GOPT_ENUM("graph-format", "F", NULL, graph_formats,                                                   \
                  "board, graphml, gml, ncol or edgelist (default: by the file's extension)")
#define INDEX_HELP "play setting I of the seed's sequence; with a file, the random stream of\n" \
                   "                           setting I, so a saved game replays exactly"

/* solve and generate: settings as the puzzles of the generic drivers (game.c) */
const gopt_opt taxis_solve_opts[] = {GRAPH_OPTIONS, GOPT_OPT_END};
const gopt_opt taxis_generate_opts[] = {
    GRAPH_OPTIONS,
    GOPT_INT("c", "C", "6", 1, 1e6, "face-up cards"),
    GOPT_INT("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D"),
    GOPT_OPT_END,
};

static const gopt_opt play_opts[] = {
    GRAPH_OPTIONS,
    GOPT_STRING("heuristic", "H", "pp", "rs, md, mt, lcc, pp, mc (ours: the exact search on sampled decks) or\n"
                                        "                           START+EXTENSION, e.g. degree+tentacles"),
    MC_OPTIONS,
    GOPT_RANGE("c", "C", "6", 1, 1e6, "face-up cards of a random setting"),
    GOPT_RANGE("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node in a random setting, N_D"),
    GOPT_INT("index", "I", "0", 0, 4611686018427387904.0, INDEX_HELP),
    GOPT_OUTPUT("save-setting", "FILE", "write the setting played to FILE (replay it with `taxis play FILE`)"),
    READING_OPTION,
    GOPT_OPT_END,
};

static const gopt_opt ideal_opts[] = {
    GRAPH_OPTIONS,
    GOPT_ENUM("method", "M", "search", ideal_methods,
              "search (our exact branch and bound) or mip (the paper's integer program, CBC)"),
    GOPT_ENUM("mip-start", "S", "search", mip_starts,
              "mip: CBC starts from the search's path and must prove nothing is longer (search),\n"
              "                           or from the paper's heuristics and finds the longest path itself (heuristics)"),
    GOPT_FLAG("random", "solve random settings (the default without a SETTING file)"),
    GOPT_RANGE("c", "C", "6", 1, 1e6, "face-up cards of a random setting"),
    GOPT_RANGE("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node in a random setting, N_D"),
    GOPT_INT("index", "I", "0", 0, 4611686018427387904.0,
             "the first setting of the seed's sequence; with a file, the random stream\n"
             "                           of --heuristic, as in `taxis play`"),
    GOPT_INT("count", "K", "1", 1, 1000000, "with --random: solve the K settings I, I+1, ..., one result each"),
    GOPT_STRING("heuristic", "H", NULL,
                "also play heuristic H on each setting, report it and draw it beside the ideal path\n"
                "                           (pictures draw pp unless H is given)"),
    MC_OPTIONS,
    GOPT_OUTPUT("lp", "FILE",
                "write each setting's integer program to FILE (CPLEX-LP; with several, m.lp becomes m-1.lp, m-2.lp ...);\n"
                "                           - prints the models instead of solving"),
    GOPT_OPT_END,
};

static const gopt_opt experiment_opts[] = {
    GRAPH_OPTIONS,
    GOPT_INT("games", "N", NULL, 1, 1000000000, "settings per point (default 10000 for table1, 100000 for sweep)"),
    GOPT_RANGE("c", "C|A..B", NULL, 1, 1e6, "face-up cards (table1: default 6; sweep: default 4..8)"),
    GOPT_RANGE("dups", "D|A..B", NULL, 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D (table1: default 2; sweep: default 1..3)"),
    GOPT_STRING("heuristics", "LIST", NULL,
                "sweep: comma-separated players (default rs,md,mt,lcc,pp,ideal; all: the 20 pairs;\n"
                "                           ideal: the ideal path of every setting, by the exact search;\n"
                "                           mc: ours, the exact search on sampled decks)"),
    MC_OPTIONS,
    GOPT_FLAG("hist", "sweep: node-length histograms (the paper's Figures 10-12)"),
    GOPT_FLAG("csv", "print CSV"),
    GOPT_FLAG("per-game", "print every setting's node lengths as CSV (shards concatenate)"),
    GOPT_OUTPUT("plot", "FILE", "draw the figure with gnuplot into FILE (.svg or .png)"),
    READING_OPTION,
    GOPT_OPT_END,
};

static const gopt_opt tournament_opts[] = {
    GRAPH_OPTIONS,
    GOPT_INT("games", "N", "100000", 1, 1000000000, "settings"),
    GOPT_RANGE("c", "C", "6", 1, 1e6, "face-up cards"),
    GOPT_RANGE("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D"),
    GOPT_STRING("heuristics", "LIST", NULL, "comma-separated players (default rs,md,mt,lcc,pp; all: the 20 pairs; mc: ours)"),
    MC_OPTIONS,
    GOPT_STRING("reading", "LIST", "default",
                "how the paper's two-player rules are read: closed (the opponent's nodes cannot be\n"
                "                           taken; default open), play-out (after a failure the other plays on, the\n"
                "                           longer path wins; default one-more); and the " SOLO_READING_HELP),
    GOPT_FLAG("csv", "print CSV"),
    GOPT_OPT_END,
};

/* ---------------------------------------------------------------- shared option handling */

static gopt_taxis_graph *load_graph(gopt_call *call) {
    const gopt_options *o = &call->opts;
    const char *spec = gopt_option(o, "graph");
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(o, spec ? spec : "thurn-taxis", gopt_option(o, "graph-format"), &err);
    if (!g) gopt_call_input(call, &err);
    return g;
}

/* --c and --dups as ranges within the graph's deck; defaults as given. */
static bool deck_ranges(gopt_call *call, const gopt_taxis_graph *g, long c[2], long dups[2]) {
    const gopt_options *o = &call->opts;
    const gopt_opt *table = call->verb->options;
    if (gopt_option(o, "dups")) gopt_opt_range(o, table, "dups", &dups[0], &dups[1]);
    const char *cv = gopt_option(o, "c");
    long deck = (long)g->n * dups[0];
    /* The default too must fit a small graph's deck (else the checker fails: exit 4). */
    if (!cv && c[1] > deck)
        return gopt_call_usage(call, "--c: the deck of %s holds %ld cards (%d nodes x %ld); give --c %ld or less",
                               g->name, deck, g->n, dups[0], deck),
               false;
    if (!cv) return true;
    /* the deck bounds the face-up cards: the declared range narrowed to this graph */
    gopt_opt c_in_deck[2] = {*gopt_opt_find(table, "c"), GOPT_OPT_END};
    c_in_deck[0].max = (double)g->n * (double)dups[0];
    gopt_error err = {0};
    if (!gopt_opt_check(&c_in_deck[0], cv, &err)) return gopt_call_input(call, &err), false;
    gopt_opt_range(o, c_in_deck, "c", &c[0], &c[1]);
    return true;
}

/* A single value for --c / --dups (ranges are for sweep). */
static bool single(gopt_call *call, const long range[2], const char *name) {
    if (range[0] == range[1]) return true;
    gopt_call_usage(call, "--%s: give one value here (ranges are for `experiment sweep`)", name);
    return false;
}

/* The --mc-* options into *mc, and every mc heuristic of hs[0..nh) pointed at them. */
static void mc_options(gopt_call *call, gopt_taxis_mc *mc, gopt_taxis_heuristic *hs, int nh) {
    const gopt_options *o = &call->opts;
    const gopt_opt *table = call->verb->options;
    *mc = gopt_taxis_mc_default;
    mc->samples = (int)gopt_opt_int(o, table, "mc-samples");
    mc->ties = (gopt_taxis_mc_ties)gopt_opt_enum(o, table, "mc-ties");
    mc->eval = (gopt_taxis_mc_eval)gopt_opt_enum(o, table, "mc-eval");
    mc->budget = gopt_opt_real(o, table, "mc-budget") / 1000;
    for (int k = 0; k < nh; k++)
        if (hs[k].mc) hs[k].mc = mc;
}

/* --reading into *r; duel: the two-player words are allowed too. False after a usage error. */
static bool reading_option(gopt_call *call, gopt_taxis_reading *r, bool duel) {
    const char *text = gopt_option(&call->opts, "reading");
    *r = (gopt_taxis_reading){0};
    if (!text) return true;
    if (!gopt_taxis_reading_parse(text, r)) {
        gopt_call_usage(call, "--reading: unknown reading in '%s' (%sclear, refill, keep, start-all, start-plan, ties-first, "
                              "ties-uniform, default)", text, duel ? "closed, open, play-out, one-more, " : "");
        return false;
    }
    if (!duel && (r->closed || r->play_out)) {
        gopt_call_usage(call, "--reading: closed and play-out are rules of the two-player game (taxis tournament)");
        return false;
    }
    return true;
}

/* The exact search knows only the keep display: no ideal path, and no mc evaluation by it,
 * under the clear reading. False after a usage error. */
static bool reading_fits(gopt_call *call, const gopt_taxis_reading *r, const gopt_taxis_mc *mc, bool mc_used, bool ideal) {
    if (!r->clear && !r->refill) return true;
    if (ideal) {
        gopt_call_usage(call, "--reading %s: the ideal path (exact search) models the keep display only",
                        r->clear ? "clear" : "refill");
        return false;
    }
    if (mc_used && (mc->eval == GOPT_TAXIS_EVAL_IDEAL || mc->eval == GOPT_TAXIS_EVAL_MIX)) {
        gopt_call_usage(call, "--reading %s: --mc-eval %s uses the exact search, which models the keep display "
                              "only (use pp or ply2)", r->clear ? "clear" : "refill", gopt_taxis_mc_eval_name(mc->eval));
        return false;
    }
    return true;
}

/* Parses --heuristics. With want_ideal (sweep), "ideal" in the list (or the default) adds the
 * ideal path's column, which goes last. */
static bool parse_heuristic_list(gopt_call *call, const char *text, gopt_taxis_heuristic **hs, int *nh, bool *want_ideal) {
    bool sweep = want_ideal != NULL;
    if (!text) text = sweep ? "rs,md,mt,lcc,pp,ideal" : "rs,md,mt,lcc,pp";
    *nh = 0;
    if (sweep) *want_ideal = false;
    if (strcmp(text, "all") == 0) {
        *hs = gopt_malloc(GOPT_TAXIS_NSTARTS * GOPT_TAXIS_NEXTENSIONS * sizeof **hs);
        for (int s = 0; s < GOPT_TAXIS_NSTARTS; s++)
            for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++)
                (*hs)[(*nh)++] = (gopt_taxis_heuristic){(gopt_taxis_start)s, (gopt_taxis_extension)e, NULL, NULL};
        return true;
    }
    *hs = gopt_malloc((strlen(text) / 2 + 1) * sizeof **hs);
    char *copy = gopt_strdup(text), *save = NULL;
    bool ok = true;
    for (char *item = strtok_r(copy, ",", &save); item && ok; item = strtok_r(NULL, ",", &save)) {
        if (sweep && strcmp(item, "ideal") == 0) *want_ideal = true;
        else if (!(ok = gopt_taxis_heuristic_parse(item, &(*hs)[(*nh)++])))
            gopt_call_usage(call, "--heuristics: unknown heuristic '%s' (rs, md, mt, lcc, pp, mc, all or START+EXTENSION%s)", item,
                            sweep ? ", and ideal" : "");
    }
    if (ok && *nh == 0 && !(sweep && *want_ideal)) ok = (gopt_call_usage(call, "--heuristics: the list is empty"), false);
    free(copy);
    if (!ok) {
        free(*hs);
        *hs = NULL; /* the callers free *hs whatever happens */
    }
    return ok;
}

static bool output_format(gopt_call *call, taxis_format *f) {
    const gopt_options *o = &call->opts;
    bool csv = gopt_option_flag(o, "csv");
    if (csv && o->json) return gopt_call_usage(call, "--json and --csv exclude each other"), false;
    *f = o->json ? TAXIS_JSON : csv ? TAXIS_CSV : TAXIS_TEXT;
    return true;
}

/* A run whose results failed the independent checker prints nothing but this (exit 4). */
static int internal_error(gopt_call *call, int64_t failed, const char *what) {
    gopt_call_warn(call, "internal error: %lld %s failed the independent checker; no results printed", (long long)failed,
                   what);
    return GOPT_ERROR;
}

/* ---------------------------------------------------------------- play */

typedef struct play_job {
    gopt_call *call;
    const gopt_taxis_graph *g;
    const gopt_options *o;
    gopt_taxis_heuristic h;
    gopt_taxis_reading reading;
    const char *source; /* file name, or NULL for a random setting */
    long number, index;
    FILE *out;
    bool several;
} play_job;

static void print_play_header(const play_job *job, const gopt_taxis_setting *s) {
    char name[64];
    if (job->h.mc)
        fprintf(job->out, "graph %s, c = %d, N_D = %d, heuristic mc (K = %d, ties %s, eval %s)\n", job->g->name, s->c,
                s->dups, job->h.mc->samples, gopt_taxis_mc_ties_name(job->h.mc->ties),
                gopt_taxis_mc_eval_name(job->h.mc->eval));
    else
        fprintf(job->out, "graph %s, c = %d, N_D = %d, heuristic %s (start %s, extension %s)\n", job->g->name, s->c,
                s->dups, gopt_taxis_heuristic_name(job->h, name, sizeof name), gopt_taxis_start_name(job->h.start),
                gopt_taxis_extension_name(job->h.extension));
    if (job->source) fprintf(job->out, "setting %ld of %s\n", job->number, job->source);
    else fprintf(job->out, "setting %ld of seed %llu\n", job->index, (unsigned long long)job->o->seed);
    if (gopt_taxis_reading_solo(job->reading)) fprintf(job->out, "reading: %s\n", gopt_taxis_reading_name(job->reading));
}

static json_t *play_json(const play_job *job, const gopt_taxis_setting *s, const int *path, int len) {
    char name[64];
    json_t *o = json_object(), *names = json_array();
    json_object_set_new(o, "graph", json_string(job->g->name));
    json_object_set_new(o, "c", json_integer(s->c));
    json_object_set_new(o, "dups", json_integer(s->dups));
    json_object_set_new(o, "heuristic", json_string(gopt_taxis_heuristic_name(job->h, name, sizeof name)));
    if (job->h.mc) {
        json_object_set_new(o, "samples", json_integer(job->h.mc->samples));
        json_object_set_new(o, "ties", json_string(gopt_taxis_mc_ties_name(job->h.mc->ties)));
        json_object_set_new(o, "eval", json_string(gopt_taxis_mc_eval_name(job->h.mc->eval)));
    } else {
        json_object_set_new(o, "start", json_string(gopt_taxis_start_name(job->h.start)));
        json_object_set_new(o, "extension", json_string(gopt_taxis_extension_name(job->h.extension)));
    }
    if (job->source) {
        json_object_set_new(o, "file", json_string(job->source));
        json_object_set_new(o, "number", json_integer(job->number));
    } else {
        json_object_set_new(o, "seed", json_integer((json_int_t)job->o->seed));
        json_object_set_new(o, "index", json_integer(job->index));
    }
    if (gopt_taxis_reading_solo(job->reading))
        json_object_set_new(o, "reading", json_string(gopt_taxis_reading_name(job->reading)));
    json_object_set_new(o, "length", json_integer(len));
    for (int k = 0; k < len; k++) json_array_append_new(names, json_string(gopt_taxis_name(job->g, path[k])));
    json_object_set_new(o, "path", names);
    return o;
}

/* Plays one setting, checks and prints it. Returns the exit code. */
static int play_one(const play_job *job, const gopt_taxis_setting *s, bool several) {
    const gopt_taxis_graph *g = job->g;
    /* Setting k of a file plays with the stream of index (--index) + k - 1. */
    uint64_t index = (uint64_t)job->index + (uint64_t)job->number - 1;
    gopt_rng rng = gopt_taxis_game_stream(s->n, s->dups, job->o->seed, index);
    gopt_taxis_move *moves = gopt_malloc((size_t)g->n * sizeof *moves);
    int *path = gopt_malloc((size_t)g->n * sizeof *path);
    int len = gopt_taxis_play(g, s, job->h, &rng, moves);
    gopt_taxis_path_of_moves(moves, len, path);
    char why[512] = "";
    bool ok = gopt_taxis_check_path_read(g, s, job->reading, path, len, true, why, sizeof why);
    json_t *json = job->o->json ? play_json(job, s, path, len) : NULL, *json_moves = json ? json_array() : NULL;
    if (ok && !job->o->json && !job->o->quiet) print_play_header(job, s);
    if (ok && !taxis_print_turns(job->o->json || job->o->quiet ? NULL : job->out, g, s, moves, len, true, job->reading, json_moves)) ok = false, snprintf(why, sizeof why, "a move took a card that was not face up");
    int code = 0;
    char game_name[64];
    if (job->source) snprintf(game_name, sizeof game_name, "%s:%ld", job->source, job->number);
    else snprintf(game_name, sizeof game_name, "setting %ld", job->index);
    if (!ok) {
        gopt_call_warn(job->call, "internal error: the game failed its check: %s", why);
        code = GOPT_ERROR;
        json_decref(json_moves);
    } else if (json) {
        json_object_set_new(json, "moves", json_moves);
        json_object_set_new(json, "checked", json_true());
        char hn[64];
        gopt_answer a = {.name = game_name, .status = GOPT_SOLVED, .method = gopt_taxis_heuristic_name(job->h, hn, sizeof hn)};
        gopt_call_answer(job->call, &a, json_incref(json));
    } else {
        fprintf(job->out, "node length %d: ", len);
        taxis_print_path(job->out, g, path, len);
        fputc('\n', job->out);
        if (!job->o->quiet) fputs("checked: a finished TT-path of this setting (paper Definition 5)\n", job->out);
    }
    json_decref(json);
    (void)several;
    if (code == 0 && job->o->picture != GOPT_PIC_NONE) {
        char name[64];
        gopt_taxis_overlay overlay = {path, len, gopt_taxis_heuristic_name(job->h, name, sizeof name)};
        if (!gopt_call_picture(job->call, game_name, gopt_taxis_render(g, s, &overlay, 1))) code = GOPT_BAD_INPUT;
    }
    free(moves);
    free(path);
    return code;
}

/* Reads every setting of the file before anything is played. */
static gopt_taxis_setting **read_settings(gopt_call *call, const char *file, const gopt_taxis_graph *g, int *count) {
    gopt_text t;
    gopt_error err = {0};
    *count = 0;
    if (!gopt_call_read_arg(call, file, &t)) return NULL;
    gopt_taxis_setting **list = NULL, *s;
    size_t cap = 0;
    int r;
    while ((r = gopt_taxis_setting_read(&t, g, &s, &err)) == 1) {
        gopt_grow(&list, &cap, (size_t)*count + 1, sizeof *list);
        list[(*count)++] = s;
    }
    gopt_text_free(&t);
    if (r < 0 || *count == 0) {
        if (r == 0) gopt_fail(&err, file, 0, 0, "no setting in the file (it starts with `dups N`)");
        gopt_call_input(call, &err);
        for (int k = 0; k < *count; k++) gopt_taxis_setting_free(list[k]);
        free(list);
        return NULL;
    }
    return list;
}

/* --save-setting FILE: the settings played, as a side output the front end writes there. */
static void save_settings(const char *file, const play_job *job, gopt_taxis_setting **list, int count) {
    const gopt_taxis_graph *g = job->g;
    gopt_buf b = {0};
    gopt_buf_printf(&b, "# `gameopt taxis play %s --seed %llu --index %ld` replays the game%s\n", file,
                    (unsigned long long)job->o->seed, job->index, count > 1 ? "s" : "");
    for (int k = 0; k < count; k++) {
        char *text = gopt_taxis_setting_format(g, list[k]);
        gopt_buf_puts(&b, text);
        free(text);
    }
    gopt_call_side(job->call, "setting", "save-setting", "setting", "txt", b.data, b.len);
    gopt_buf_free(&b);
}

static int run_play(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs > 1) return gopt_call_usage(call, "taxis play: one SETTING file at most (see --help)");
    play_job job = {.call = call, .o = o, .h = gopt_taxis_named_pairs[4], .out = call->out};
    const char *hname = gopt_option(o, "heuristic");
    if (hname && !gopt_taxis_heuristic_parse(hname, &job.h))
        return gopt_call_usage(call, "--heuristic: unknown heuristic '%s' (rs, md, mt, lcc, pp, mc or START+EXTENSION)", hname);
    gopt_taxis_mc mc;
    mc_options(call, &mc, &job.h, 1);
    if (!reading_option(call, &job.reading, false) || !reading_fits(call, &job.reading, &mc, job.h.mc != NULL, false))
        return 2;
    if (gopt_taxis_reading_solo(job.reading)) job.h.reading = &job.reading;
    long c[2] = {6, 6}, dups[2] = {2, 2};
    job.index = gopt_opt_int(o, play_opts, "index");
    gopt_taxis_graph *g = load_graph(call);
    if (!g) return 2;
    job.g = g;
    gopt_taxis_setting **list = NULL;
    int count = 1, code = 0;
    if (call->nargs == 1) {
        if (gopt_option(o, "c") || gopt_option(o, "dups"))
            code = gopt_call_usage(call, "--c and --dups shape a random setting; a SETTING file has its own");
        else if (!(list = read_settings(call, call->args[0], g, &count))) code = 2;
        job.source = call->args[0];
    } else if (!deck_ranges(call, g, c, dups) || !single(call, c, "c") || !single(call, dups, "dups")) {
        code = 2;
    } else {
        list = gopt_malloc(sizeof *list);
        list[0] = gopt_taxis_setting_new(g->n, (int)c[0], (int)dups[0]);
        gopt_taxis_deal_indexed(list[0], o->seed, (uint64_t)job.index, NULL);
    }
    const char *save = gopt_option(o, "save-setting");
    if (code == 0 && save) save_settings(save, &job, list, count);
    for (int k = 0; k < count && code == 0 && list; k++) {
        job.number = k + 1;
        if (k > 0 && !o->json && !o->quiet) fputc('\n', job.out);
        code = play_one(&job, list[k], count > 1);
    }
    for (int k = 0; list && k < count; k++) gopt_taxis_setting_free(list[k]);
    free(list);
    gopt_taxis_graph_free(g);
    return code;
}

/* ---------------------------------------------------------------- ideal */

typedef struct ideal_job {
    gopt_call *call;
    const gopt_taxis_graph *g;
    const gopt_options *o;
    gopt_taxis_ideal_options how;
    bool compare;           /* --heuristic given: report it too */
    gopt_taxis_heuristic h; /* the heuristic reported or drawn */
    const char *source;     /* file name, or NULL for random settings */
    long index;
    FILE *out;
} ideal_job;

/* A heuristic's game on the setting, with the stream `play` would use; checked. */
typedef struct rival {
    int len;
    int *path;
    char name[64];
} rival;

static bool play_rival(const ideal_job *job, const gopt_taxis_setting *s, long number, rival *r, char *why, size_t size) {
    uint64_t index = (uint64_t)job->index + (uint64_t)number - 1;
    gopt_rng rng = gopt_taxis_game_stream(s->n, s->dups, job->o->seed, index);
    gopt_taxis_move *moves = gopt_malloc((size_t)job->g->n * sizeof *moves);
    r->path = gopt_malloc((size_t)job->g->n * sizeof *r->path);
    r->len = gopt_taxis_play(job->g, s, job->h, &rng, moves);
    gopt_taxis_path_of_moves(moves, r->len, r->path);
    gopt_taxis_heuristic_name(job->h, r->name, sizeof r->name);
    free(moves);
    return gopt_taxis_check_path(job->g, s, r->path, r->len, true, why, size);
}

static json_t *path_json(const gopt_taxis_graph *g, const int *path, int len) {
    json_t *a = json_array();
    for (int k = 0; k < len; k++) json_array_append_new(a, json_string(gopt_taxis_name(g, path[k])));
    return a;
}

static json_t *ideal_json(const ideal_job *job, const gopt_taxis_setting *s, long number, const gopt_taxis_ideal *r,
                          const int *path, const rival *h) {
    const gopt_taxis_graph *g = job->g;
    json_t *o = json_object();
    json_object_set_new(o, "length", json_integer(r->length));
    json_object_set_new(o, "path", path_json(g, path, r->length));
    if (r->status != GOPT_SOLVED) json_object_set_new(o, "bound", json_integer(r->bound));
    json_object_set_new(o, "graph", json_string(g->name));
    json_object_set_new(o, "c", json_integer(s->c));
    json_object_set_new(o, "dups", json_integer(s->dups));
    if (job->source) {
        json_object_set_new(o, "file", json_string(job->source));
        json_object_set_new(o, "number", json_integer(number));
    } else {
        json_object_set_new(o, "seed", json_integer((json_int_t)job->o->seed));
        json_object_set_new(o, "index", json_integer(job->index + number - 1));
    }
    if (job->compare)
        json_object_set_new(o, "heuristic", json_pack("{s:s,s:i,s:o}", "name", h->name, "length", h->len, "path",
                                                      path_json(g, h->path, h->len)));
    json_object_set_new(o, "checked", json_true());
    return o;
}

static void ideal_text(const ideal_job *job, const gopt_taxis_setting *s, long number, const gopt_taxis_ideal *r,
                       const gopt_taxis_move *moves, const int *path, const rival *h) {
    FILE *out = job->out;
    const gopt_taxis_graph *g = job->g;
    bool solved = r->status == GOPT_SOLVED;
    if (!job->o->quiet) {
        fprintf(out, "graph %s, c = %d, N_D = %d, ", g->name, s->c, s->dups);
        if (job->source) fprintf(out, "setting %ld of %s\n", number, job->source);
        else fprintf(out, "setting %ld of seed %llu\n", job->index + number - 1, (unsigned long long)job->o->seed);
        fprintf(out, "the ideal path (%s), turn by turn with the deck known:\n", gopt_taxis_method_name(job->how.method));
        taxis_print_turns(out, g, s, moves, r->length, solved, (gopt_taxis_reading){0}, NULL);
    }
    fprintf(out, solved ? "node length %d: " : "node length at least %d: ", r->length);
    taxis_print_path(out, g, path, r->length);
    fputc('\n', out);
    if (!solved) /* Ctrl-C now stops a CBC solve too (its child process is killed): say which stop it was */
        fprintf(out, "%s: the ideal node length is %d..%d\n", gopt_stop_signalled() ? "interrupted" : "stopped by the time limit",
                r->length, r->bound);
    if (!job->o->quiet)
        fprintf(out, "checked: %s TT-path of this setting (paper Definition 5)\n", solved ? "a finished" : "a");
    if (job->compare) {
        fprintf(out, "%s: node length %d: ", h->name, h->len);
        taxis_print_path(out, g, h->path, h->len);
        fputc('\n', out);
    }
    if (job->o->stats) {
        fprintf(out, "%s: %.6f s, ", gopt_taxis_method_name(job->how.method), r->seconds);
        gopt_counters_print(out, &r->counters);
        fputc('\n', out);
    }
}

/* Checks, prints and draws one setting's answer. Returns the exit code. */
static int ideal_one(const ideal_job *job, const gopt_taxis_setting *s, long number, bool several,
                     const gopt_taxis_move *moves, const gopt_taxis_ideal *r) {
    const gopt_taxis_graph *g = job->g;
    if (r->status == GOPT_ERROR) {
        gopt_call_warn(job->call, "internal error: %s", r->note);
        return GOPT_ERROR;
    }
    int *path = gopt_malloc((size_t)g->n * sizeof *path);
    gopt_taxis_path_of_moves(moves, r->length, path);
    char why[512] = "";
    rival h = {0, NULL, ""};
    bool drawn = job->o->picture != GOPT_PIC_NONE;
    bool ok = r->length > 0 && gopt_taxis_check_path(g, s, path, r->length, r->status == GOPT_SOLVED, why, sizeof why);
    if (!ok && r->length == 0) snprintf(why, sizeof why, "the method found no path");
    if (ok && (job->compare || drawn)) ok = play_rival(job, s, number, &h, why, sizeof why);
    if (ok && r->status == GOPT_SOLVED && h.path && h.len > r->length)
        ok = false, snprintf(why, sizeof why, "heuristic %s found a longer path (%d) than the ideal", h.name, h.len);
    int code = r->status == GOPT_SOLVED ? GOPT_SOLVED : GOPT_LIMIT;
    char name[64];
    if (job->source) snprintf(name, sizeof name, "%s:%ld", job->source, number);
    else snprintf(name, sizeof name, "setting %ld", job->index + number - 1);
    if (!ok) {
        gopt_call_warn(job->call, "internal error: the ideal path failed its check: %s", why);
        code = GOPT_ERROR;
    } else if (job->o->json) {
        gopt_answer a = {.name = name, .status = r->status, .method = gopt_taxis_method_name(job->how.method),
                         .seconds = r->seconds, .cpu_seconds = r->cpu_seconds, .counters = r->counters};
        gopt_call_answer(job->call, &a, ideal_json(job, s, number, r, path, &h));
    } else {
        if (number > 1 && !job->o->quiet) fputc('\n', job->out);
        ideal_text(job, s, number, r, moves, path, &h);
    }
    if (ok && drawn) {
        char label[96];
        snprintf(label, sizeof label, "ideal (%s)", gopt_taxis_method_name(job->how.method));
        gopt_taxis_overlay overlays[2] = {{path, r->length, label}, {h.path, h.len, h.name}};
        (void)several;
        if (!gopt_call_picture(job->call, name, gopt_taxis_render(g, s, overlays, 2))) code = GOPT_BAD_INPUT;
    }
    free(h.path);
    free(path);
    return code;
}

/* The settings to solve: the file's, or --count random ones from --index. */
static gopt_taxis_setting **ideal_settings(gopt_call *call, ideal_job *job, int *count) {
    const gopt_options *o = &call->opts;
    long c[2] = {6, 6}, dups[2] = {2, 2}, k = 1;
    bool random = gopt_option_flag(o, "random");
    if (call->nargs == 1) {
        if (random) return gopt_call_usage(call, "--random and a SETTING file exclude each other"), NULL;
        if (gopt_option(o, "c") || gopt_option(o, "dups") || gopt_option(o, "count"))
            return gopt_call_usage(call, "--c, --dups and --count shape random settings; a SETTING file has its own"), NULL;
        job->source = call->args[0];
        return read_settings(call, call->args[0], job->g, count);
    }
    k = gopt_opt_int(o, ideal_opts, "count");
    if (!deck_ranges(call, job->g, c, dups) || !single(call, c, "c") ||
        !single(call, dups, "dups"))
        return NULL;
    gopt_taxis_setting **list = gopt_malloc((size_t)k * sizeof *list);
    for (long i = 0; i < k; i++) {
        list[i] = gopt_taxis_setting_new(job->g->n, (int)c[0], (int)dups[0]);
        gopt_taxis_deal_indexed(list[i], o->seed, (uint64_t)(job->index + i), NULL);
    }
    *count = (int)k;
    return list;
}

/* --lp FILE: each setting's model as a side output (the command line writes FILE, FILE-2.lp
 * ... for several; "-" prints them). */
static bool write_models(const ideal_job *job, gopt_taxis_setting **list, int count) {
    const char *lp = gopt_option(job->o, "lp");
    for (int k = 0; lp && k < count; k++) {
        char *text = gopt_taxis_mip_lp_text(job->g, list[k]);
        char name[32];
        snprintf(name, sizeof name, "setting %d", k + 1);
        gopt_call_side(job->call, "lp", "lp", name, "lp", text, strlen(text));
        free(text);
    }
    return true;
}

static int run_ideal(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs > 1) return gopt_call_usage(call, "taxis ideal: one SETTING file at most (see --help)");
    ideal_job job = {.call = call, .o = o, .how = {GOPT_TAXIS_SEARCH, o->time_limit, 1, GOPT_TAXIS_MIP_START_SEARCH}, .h = gopt_taxis_named_pairs[4], .out = call->out};
    const char *method = gopt_option(o, "method"), *hname = gopt_option(o, "heuristic");
    if (method && !gopt_taxis_method_parse(method, &job.how.method))
        return gopt_call_usage(call, "--method: unknown method '%s' (search or mip)", method);
    const char *start = gopt_option(o, "mip-start");
    if (start && !gopt_taxis_mip_start_parse(start, &job.how.mip_start))
        return gopt_call_usage(call, "--mip-start: unknown start '%s' (search or heuristics)", start);
    if (hname && !gopt_taxis_heuristic_parse(hname, &job.h))
        return gopt_call_usage(call, "--heuristic: unknown heuristic '%s' (rs, md, mt, lcc, pp, mc or START+EXTENSION)", hname);
    gopt_taxis_mc mc;
    mc_options(call, &mc, &job.h, 1);
    job.compare = hname != NULL;
    job.index = gopt_opt_int(o, ideal_opts, "index");
    gopt_taxis_graph *g = load_graph(call);
    if (!g) return 2;
    job.g = g;
    int count = 0, code = 0;
    gopt_taxis_setting **list = ideal_settings(call, &job, &count);
    if (!list || !write_models(&job, list, count)) code = 2;
    const char *lp = gopt_option(o, "lp");
    bool only_lp = lp && strcmp(lp, "-") == 0; /* the models are the output */
    if (code == 0 && !only_lp) {
        gopt_taxis_move *moves = gopt_malloc((size_t)count * (size_t)g->n * sizeof *moves);
        gopt_taxis_ideal *results = gopt_calloc((size_t)count, sizeof *results);
        gopt_taxis_ideal_many(g, list, count, &job.how, o->threads, moves, results);
        for (int k = 0; k < count && code != 4; k++) {
            int one = ideal_one(&job, list[k], k + 1, count > 1, moves + (size_t)k * (size_t)g->n, &results[k]);
            code = one > code ? one : code;
        }
        free(moves);
        free(results);
    }
    for (int k = 0; list && k < count; k++) gopt_taxis_setting_free(list[k]);
    free(list);
    gopt_taxis_graph_free(g);
    return code;
}

/* ---------------------------------------------------------------- experiment */

typedef struct study_job {
    gopt_call *call;
    const gopt_options *o;
    gopt_taxis_run run;
    bool per_game;
} study_job;

/* Runs one (c, N_D) point; with --per-game, in blocks whose lines are printed at once. */
static void run_point(const study_job *job, const gopt_taxis_graph *g, const gopt_taxis_player *players, int np,
                      taxis_point *pt) {
    gopt_taxis_run run = job->run;
    run.c = pt->c;
    run.dups = pt->dups;
    char label[64];
    snprintf(label, sizeof label, "taxis c=%d N_D=%d", pt->c, pt->dups);
    run.label = label;
    if (!job->per_game) {
        gopt_taxis_experiment(g, &run, players, np, pt->tallies);
        return;
    }
    const int64_t block = 1 << 16;
    int *lengths = gopt_malloc((size_t)block * (size_t)np * sizeof *lengths);
    for (int64_t first = job->run.begin; first < job->run.end; first += block) {
        run.begin = first;
        run.end = first + block < job->run.end ? first + block : job->run.end;
        run.lengths = lengths;
        gopt_taxis_experiment(g, &run, players, np, pt->tallies);
        taxis_print_per_game(job->call->out, pt->c, pt->dups, run.begin, run.end - run.begin, lengths, np);
    }
    free(lengths);
}

/* A run stopped early: the table that follows counts only the settings played. Text says so
 * on stdout above it; CSV and JSON keep their shape and say it on stderr. */
static void partial_note(gopt_call *call, taxis_format f, gopt_stop_reason why) {
    if (f == TAXIS_TEXT)
        fprintf(call->out, "partial results (%s): the counts cover the settings played before the stop\n", gopt_stop_text(why));
    else
        gopt_call_warn(call, "partial results (%s): the counts cover the settings played before the stop", gopt_stop_text(why));
}

static int run_study(gopt_call *call, gopt_taxis_graph *g, bool table1, const gopt_taxis_heuristic *hs, int nh,
                     bool ideal, const long c[2], const long dups[2], long games, gopt_taxis_reading reading) {
    const gopt_options *o = &call->opts;
    taxis_format f;
    if (!output_format(call, &f)) return 2;
    if (gopt_option_flag(o, "per-game") && f != TAXIS_TEXT)
        return gopt_call_usage(call, "--per-game prints CSV of its own; leave out --json and --csv");
    study_job job = {call, o, {.seed = o->seed, .threads = o->threads, .progress = o->progress_sink, .verify = o->verify},
                     gopt_option_flag(o, "per-game")};
    gopt_shard_range(o, games, &job.run.begin, &job.run.end);
    int np = nh + ideal;
    gopt_taxis_player *players = gopt_malloc((size_t)np * sizeof *players);
    char (*names)[48] = gopt_malloc((size_t)np * sizeof *names);
    for (int p = 0; p < nh; p++) players[p] = gopt_taxis_heuristic_player(&hs[p], names[p], sizeof names[p]);
    if (ideal) players[nh] = gopt_taxis_ideal_player();
    taxis_study s = {g, o->seed, job.run.begin, job.run.end, np, players, 0, NULL, !table1 && gopt_option_flag(o, "hist")};
    s.points = gopt_calloc((size_t)((c[1] - c[0] + 1) * (dups[1] - dups[0] + 1)), sizeof *s.points);
    if (job.per_game) taxis_print_per_game_header(call->out, players, np);
    /* --time-limit and Ctrl-C end the run early: the points played so far are printed,
     * marked partial, and the exit code is 3. */
    gopt_solve_ctx limits;
    gopt_ctx_init(&limits, o->time_limit, o->cancel, NULL); /* the server's hang-up too */
    gopt_solve_ctx *outer = gopt_ctx_enter(&limits);
    for (long d = dups[0]; d <= dups[1] && gopt_stop_check() == GOPT_GO; d++)
        for (long k = c[0]; k <= c[1] && gopt_stop_check() == GOPT_GO; k++) {
            taxis_point *pt = &s.points[s.npoints++];
            *pt = (taxis_point){(int)k, (int)d, gopt_calloc((size_t)np, sizeof *pt->tallies)};
            for (int p = 0; p < np && s.hist; p++) pt->tallies[p].hist = gopt_calloc((size_t)g->n + 1, sizeof(int64_t));
            run_point(&job, g, players, np, pt);
            if (pt->tallies[0].games == 0) { /* stopped before its first setting: not a point */
                for (int p = 0; p < np; p++) free(pt->tallies[p].hist);
                free(pt->tallies);
                s.npoints--;
            }
        }
    gopt_stop_reason stopped = gopt_stop_check();
    gopt_ctx_enter(outer);
    int64_t failed = 0;
    for (int i = 0; i < s.npoints; i++)
        for (int p = 0; p < np; p++) failed += s.points[i].tallies[p].failed;
    int code = failed ? internal_error(call, failed, "games") : 0;
    if (stopped != GOPT_GO && code == 0) {
        partial_note(call, f, stopped);
        code = 3;
    }
    if (!job.per_game && code != 4 && s.npoints > 0) {
        if (f == TAXIS_TEXT && gopt_taxis_reading_solo(reading))
            fprintf(call->out, "reading of the rules: %s\n", gopt_taxis_reading_name(reading));
        if (table1) taxis_print_table1(call, &s, f);
        else taxis_print_sweep(call, &s, f);
    }
    const char *plot = gopt_option(o, "plot");
    if (plot && (code == 0 || code == 3) && s.npoints > 0) {
        gopt_error err = {0};
        gopt_buf figure = {0};
        int drawn = taxis_plot(&s, table1, plot, &figure, &err);
        const char *ext = strrchr(plot, '.') ? strrchr(plot, '.') + 1 : "svg";
        if (drawn < 0) code = gopt_call_input(call, &err);
        else if (drawn == 0) gopt_call_warn(call, "gnuplot is not installed; --plot %s skipped", plot);
        else gopt_call_side(call, "plot", "plot", table1 ? "table1" : "sweep", ext, figure.data, figure.len);
        gopt_buf_free(&figure);
    }
    for (int i = 0; i < s.npoints; i++) {
        for (int p = 0; p < np; p++) free(s.points[i].tallies[p].hist);
        free(s.points[i].tallies);
    }
    free(s.points);
    free(players);
    free(names);
    return code;
}

static int run_experiment(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs != 1 || (strcmp(call->args[0], "table1") != 0 && strcmp(call->args[0], "sweep") != 0))
        return gopt_call_usage(call, "taxis experiment: name the experiment, table1 or sweep (see --help)");
    bool table1 = strcmp(call->args[0], "table1") == 0;
    long games = table1 ? 10000 : 100000;
    if (gopt_option(o, "games")) games = gopt_opt_int(o, experiment_opts, "games");
    if (table1 && (gopt_option(o, "heuristics") || gopt_option(o, "hist")))
        return gopt_call_usage(call, "--heuristics and --hist belong to `experiment sweep`; table1 plays all 20 pairs");
    gopt_taxis_graph *g = load_graph(call);
    if (!g) return 2;
    long c[2] = {table1 ? 6 : 4, table1 ? 6 : 8}, dups[2] = {table1 ? 2 : 1, table1 ? 2 : 3};
    gopt_taxis_heuristic *hs = NULL;
    int nh = 0, code = 2;
    bool ok = deck_ranges(call, g, c, dups) && (!table1 || (single(call, c, "c") && single(call, dups, "dups")));
    bool ideal = false;
    if (ok) ok = parse_heuristic_list(call, table1 ? "all" : gopt_option(o, "heuristics"), &hs, &nh, table1 ? NULL : &ideal);
    gopt_taxis_mc mc;
    gopt_taxis_reading reading;
    if (ok) mc_options(call, &mc, hs, nh);
    bool mc_used = false;
    for (int k = 0; ok && k < nh; k++) mc_used |= hs[k].mc != NULL;
    if (ok) ok = reading_option(call, &reading, false) && reading_fits(call, &reading, &mc, mc_used, ideal);
    for (int k = 0; ok && k < nh && gopt_taxis_reading_solo(reading); k++) hs[k].reading = &reading;
    if (ok) code = run_study(call, g, table1, hs, nh, ideal, c, dups, games, reading);
    free(hs);
    gopt_taxis_graph_free(g);
    return code;
}

/* ---------------------------------------------------------------- tournament */

static int run_tournament(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs != 0) return gopt_call_usage(call, "taxis tournament takes no file (see --help)");
    long games = 100000;
    taxis_format f;
    games = gopt_opt_int(o, tournament_opts, "games");
    if (!output_format(call, &f)) return 2;
    gopt_taxis_graph *g = load_graph(call);
    if (!g) return 2;
    long c[2] = {6, 6}, dups[2] = {2, 2};
    gopt_taxis_heuristic *hs = NULL;
    int nh = 0;
    if (!deck_ranges(call, g, c, dups) || !single(call, c, "c") || !single(call, dups, "dups") ||
        !parse_heuristic_list(call, gopt_option(o, "heuristics"), &hs, &nh, NULL)) {
        gopt_taxis_graph_free(g);
        return 2;
    }
    gopt_taxis_mc mc;
    mc_options(call, &mc, hs, nh);
    gopt_taxis_reading reading;
    bool mc_used = false;
    for (int k = 0; k < nh; k++) mc_used |= hs[k].mc != NULL;
    if (!reading_option(call, &reading, true) || !reading_fits(call, &reading, &mc, mc_used, false)) {
        free(hs);
        gopt_taxis_graph_free(g);
        return 2;
    }
    gopt_taxis_run run = {(int)c[0], (int)dups[0], o->seed, 0, 0, o->threads, o->progress_sink, "taxis tournament", NULL, o->verify};
    gopt_shard_range(o, games, &run.begin, &run.end);
    gopt_taxis_match *matches = gopt_calloc((size_t)nh * (size_t)nh, sizeof *matches);
    gopt_solve_ctx limits; /* --time-limit and Ctrl-C: the duels played so far, marked partial */
    gopt_ctx_init(&limits, o->time_limit, o->cancel, NULL); /* the server's hang-up too */
    gopt_solve_ctx *outer = gopt_ctx_enter(&limits);
    gopt_taxis_tournament_read(g, &run, reading, hs, nh, matches);
    gopt_stop_reason stopped = gopt_stop_check();
    gopt_ctx_enter(outer);
    char (*names)[48] = gopt_malloc((size_t)nh * sizeof *names);
    const char **name_list = gopt_malloc((size_t)nh * sizeof *name_list);
    for (int i = 0; i < nh; i++) name_list[i] = gopt_taxis_heuristic_name(hs[i], names[i], sizeof names[i]);
    int64_t failed = 0;
    for (int k = 0; k < nh * nh; k++) failed += matches[k].failed;
    int code = failed ? internal_error(call, failed, "duels") : 0;
    if (stopped != GOPT_GO && code == 0) {
        partial_note(call, f, stopped);
        code = 3;
    }
    bool printable = code != 4 && matches[0].games > 0;
    if (printable && f == TAXIS_TEXT && (reading.closed || reading.play_out || gopt_taxis_reading_solo(reading)))
        fprintf(call->out, "reading of the rules: %s\n", gopt_taxis_reading_name(reading));
    if (printable) taxis_print_tournament(call, g, &run, name_list, nh, matches, f);
    free(name_list);
    free(names);
    free(matches);
    free(hs);
    gopt_taxis_graph_free(g);
    return code;
}

/* ---------------------------------------------------------------- registration */

const gopt_verb taxis_verbs[] = {
    {"solve", "the ideal path of every setting of the files (the generic batch: --threads, --shard, --json)",
     "[SETTING...]", GOPT_SOLVE_COMMON, taxis_solve_opts, gopt_run_solve},
    {"generate", "random settings (--count of them)", "", GOPT_GENERATE_COMMON, taxis_generate_opts,
     gopt_run_generate},
    {"play", "play one game turn by turn with a heuristic, checked and optionally drawn", "[SETTING]",
     GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_QUIET, play_opts, run_play},
    {"ideal", "the ideal path (longest TT-path, deck known) by our search or the paper's integer program",
     "[SETTING]", GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_QUIET | GOPT_COMMON_STATS | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_THREADS, ideal_opts,
     run_ideal},
    {"turn", "one position of a game you play: the display, your path, the legal moves (the moves so far as arguments)",
     "[NAME[@front|@back]...]", GOPT_COMMON_JSON | GOPT_COMMON_SEED, taxis_turn_opts, taxis_run_turn},
    {"experiment", "the paper's experiments: table1 (Tables 1-2) or sweep (Figures 8-12)", "table1|sweep",
     GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_THREADS | GOPT_COMMON_SHARD | GOPT_COMMON_PROGRESS | GOPT_COMMON_VERIFY |
         GOPT_COMMON_TIME_LIMIT, experiment_opts, run_experiment},
    {"tournament", "two heuristics share one display, every ordered pair (Table 4)", "",
     GOPT_COMMON_JSON | GOPT_COMMON_SEED | GOPT_COMMON_THREADS | GOPT_COMMON_SHARD | GOPT_COMMON_PROGRESS | GOPT_COMMON_VERIFY |
         GOPT_COMMON_TIME_LIMIT, tournament_opts, run_tournament},
    GOPT_DRAW_VERB,
    {0},
};


/* The taxis verbs that study many settings: experiment (the paper's tables and figures) and
 * tournament (two players on one display, Table 4). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "gameopt/canvas.h"
#include "gameopt/json.h"
#include "gameopt/taxis.h"
#include "internal.h"
#include "report.h"
#include "verbs.h"

const gopt_opt taxis_experiment_opts[] = {
    GRAPH_OPTIONS,
    GOPT_INT("games", "N", NULL, 1, 1000000000, "settings per point (default 10000 for table1, 100000 for sweep)"),
    GOPT_RANGE("c", "C|A..B", NULL, 1, 1e6, "face-up cards (table1: default 6; sweep: default 4..8)"),
    GOPT_RANGE("dups", "D|A..B", NULL, 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D (table1: default 2; sweep: default 1..3)"),
    GOPT_STRING("heuristics", "LIST", NULL,
                "sweep: comma-separated players (default rs,md,mt,lcc,pp,ideal; all: the 20 pairs;\n"
                "                           ideal: the ideal path of every setting, by the exact search;\n"
                "                           mc: ours, sampled decks played out, --mc-eval)"),
    MC_OPTIONS,
    GOPT_FLAG("hist", "sweep: node-length histograms (the paper's Figures 10-12)"),
    GOPT_FLAG("csv", "print CSV"),
    GOPT_FLAG("per-game", "print every setting's node lengths as CSV (shards concatenate)"),
    GOPT_OUTPUT("plot", "FILE", "draw the figure with gnuplot into FILE (.svg or .png)"),
    READING_OPTION,
    GOPT_OPT_END,
};

const gopt_opt taxis_tournament_opts[] = {
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
    if (!taxis_output_format(call, &f)) return GOPT_BAD_INPUT;
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
    int code = failed ? taxis_internal_error(call, failed, "games") : 0;
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

int taxis_run_experiment(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs != 1 || (strcmp(call->args[0], "table1") != 0 && strcmp(call->args[0], "sweep") != 0))
        return gopt_call_usage(call, "taxis experiment: name the experiment, table1 or sweep (see --help)");
    bool table1 = strcmp(call->args[0], "table1") == 0;
    long games = table1 ? 10000 : 100000;
    if (gopt_option(o, "games")) games = gopt_opt_int(o, taxis_experiment_opts, "games");
    if (table1 && (gopt_option(o, "heuristics") || gopt_option(o, "hist")))
        return gopt_call_usage(call, "--heuristics and --hist belong to `experiment sweep`; table1 plays all 20 pairs");
    gopt_taxis_graph *g = taxis_load_graph(call);
    if (!g) return GOPT_BAD_INPUT;
    long c[2] = {table1 ? 6 : 4, table1 ? 6 : 8}, dups[2] = {table1 ? 2 : 1, table1 ? 2 : 3};
    gopt_taxis_heuristic *hs = NULL;
    int nh = 0, code = 2;
    bool ok = taxis_deck_ranges(call, g, c, dups) && (!table1 || (taxis_single(call, c, "c") && taxis_single(call, dups, "dups")));
    bool ideal = false;
    if (ok) ok = taxis_parse_heuristic_list(call, table1 ? "all" : gopt_option(o, "heuristics"), &hs, &nh, table1 ? NULL : &ideal);
    gopt_taxis_mc mc;
    gopt_taxis_reading reading;
    if (ok) taxis_mc_options(call, &mc, hs, nh);
    bool mc_used = false;
    for (int k = 0; ok && k < nh; k++) mc_used |= hs[k].mc != NULL;
    if (ok) ok = taxis_reading_option(call, &reading, false) && taxis_reading_fits(call, &reading, &mc, mc_used, ideal);
    for (int k = 0; ok && k < nh && gopt_taxis_reading_solo(reading); k++) hs[k].reading = &reading;
    if (ok) code = run_study(call, g, table1, hs, nh, ideal, c, dups, games, reading);
    free(hs);
    gopt_taxis_graph_free(g);
    return code;
}

/* ---------------------------------------------------------------- tournament */

int taxis_run_tournament(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs != 0) return gopt_call_usage(call, "taxis tournament takes no file (see --help)");
    long games = 100000;
    taxis_format f;
    games = gopt_opt_int(o, taxis_tournament_opts, "games");
    if (!taxis_output_format(call, &f)) return GOPT_BAD_INPUT;
    gopt_taxis_graph *g = taxis_load_graph(call);
    if (!g) return GOPT_BAD_INPUT;
    long c[2] = {6, 6}, dups[2] = {2, 2};
    gopt_taxis_heuristic *hs = NULL;
    int nh = 0;
    if (!taxis_deck_ranges(call, g, c, dups) || !taxis_single(call, c, "c") || !taxis_single(call, dups, "dups") ||
        !taxis_parse_heuristic_list(call, gopt_option(o, "heuristics"), &hs, &nh, NULL)) {
        gopt_taxis_graph_free(g);
        return GOPT_BAD_INPUT;
    }
    gopt_taxis_mc mc;
    taxis_mc_options(call, &mc, hs, nh);
    gopt_taxis_reading reading;
    bool mc_used = false;
    for (int k = 0; k < nh; k++) mc_used |= hs[k].mc != NULL;
    if (!taxis_reading_option(call, &reading, true) || !taxis_reading_fits(call, &reading, &mc, mc_used, false)) {
        free(hs);
        gopt_taxis_graph_free(g);
        return GOPT_BAD_INPUT;
    }
    gopt_taxis_run run = {(int)c[0], (int)dups[0], o->seed, 0, 0, o->threads, o->progress_sink, "taxis tournament", NULL, o->verify};
    gopt_shard_range(o, games, &run.begin, &run.end);
    gopt_taxis_match *matches = gopt_calloc((size_t)nh * (size_t)nh, sizeof *matches);
    size_t cells = (size_t)nh * (size_t)nh;
    int64_t *joint = gopt_calloc(cells * cells * 4, sizeof *joint); /* for the paired statistics */
    gopt_solve_ctx limits; /* --time-limit and Ctrl-C: the duels played so far, marked partial */
    gopt_ctx_init(&limits, o->time_limit, o->cancel, NULL); /* the server's hang-up too */
    gopt_solve_ctx *outer = gopt_ctx_enter(&limits);
    gopt_taxis_tournament_joint(g, &run, reading, hs, nh, matches, joint);
    gopt_stop_reason stopped = gopt_stop_check();
    gopt_ctx_enter(outer);
    char (*names)[48] = gopt_malloc((size_t)nh * sizeof *names);
    const char **name_list = gopt_malloc((size_t)nh * sizeof *name_list);
    for (int i = 0; i < nh; i++) name_list[i] = gopt_taxis_heuristic_name(hs[i], names[i], sizeof names[i]);
    int64_t failed = 0;
    for (int k = 0; k < nh * nh; k++) failed += matches[k].failed;
    int code = failed ? taxis_internal_error(call, failed, "duels") : 0;
    if (stopped != GOPT_GO && code == 0) {
        partial_note(call, f, stopped);
        code = 3;
    }
    bool printable = code != 4 && matches[0].games > 0;
    if (printable && f == TAXIS_TEXT && (reading.closed || reading.play_out || gopt_taxis_reading_solo(reading)))
        fprintf(call->out, "reading of the rules: %s\n", gopt_taxis_reading_name(reading));
    if (printable) taxis_print_tournament(call, g, &run, name_list, nh, matches, joint, f);
    free(name_list);
    free(names);
    free(matches);
    free(joint);
    free(hs);
    gopt_taxis_graph_free(g);
    return code;
}


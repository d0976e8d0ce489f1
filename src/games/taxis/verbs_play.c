/* The taxis verbs that play one setting: play (one game turn by turn with a heuristic, checked
 * and optionally drawn) and ideal (the longest path with the deck known). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "gameopt/canvas.h"
#include "gameopt/json.h"
#include "gameopt/taxis.h"
#include "internal.h"
#include "report.h"
#include "verbs.h"

const gopt_opt taxis_play_opts[] = {
    GRAPH_OPTIONS,
    GOPT_STRING("heuristic", "H", "pp", "rs, md, mt, lcc, pp, mc (ours: sampled decks played out, --mc-eval) or\n"
                                        "                           START+EXTENSION, e.g. degree+tentacles"),
    MC_OPTIONS,
    GOPT_RANGE("c", "C", "6", 1, 1e6, "face-up cards of a random setting"),
    GOPT_RANGE("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node in a random setting, N_D"),
    GOPT_INT("index", "I", "0", 0, 4611686018427387904.0, INDEX_HELP),
    GOPT_OUTPUT("save-setting", "FILE", "write the setting played to FILE (replay it with `taxis play FILE`)"),
    READING_OPTION,
    GOPT_OPT_END,
};

const gopt_opt taxis_ideal_opts[] = {
    GRAPH_OPTIONS,
    GOPT_ENUM("method", "M", "search", taxis_ideal_methods,
              "search (our exact branch and bound) or mip (the paper's integer program, CBC)"),
    GOPT_ENUM("mip-start", "S", "search", taxis_mip_starts,
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
    /* where the reader stopped: the end of a text with no setting in it */
    if (r == 0 && *count == 0) gopt_fail(&err, file, t.line, t.col, "no setting in the file (it starts with `dups N`)");
    gopt_text_free(&t);
    if (r < 0 || *count == 0) {
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

int taxis_run_play(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs > 1) return gopt_call_usage(call, "taxis play: one SETTING file at most (see --help)");
    play_job job = {.call = call, .o = o, .h = gopt_taxis_named_pairs[4], .out = call->out};
    const char *hname = gopt_option(o, "heuristic");
    if (hname && !gopt_taxis_heuristic_parse(hname, &job.h))
        return gopt_call_usage(call, "--heuristic: unknown heuristic '%s' (rs, md, mt, lcc, pp, mc or START+EXTENSION)", hname);
    gopt_taxis_mc mc;
    taxis_mc_options(call, &mc, &job.h, 1);
    if (!taxis_reading_option(call, &job.reading, false) || !taxis_reading_fits(call, &job.reading, &mc, job.h.mc != NULL, false))
        return GOPT_BAD_INPUT;
    if (gopt_taxis_reading_solo(job.reading)) job.h.reading = &job.reading;
    long c[2] = {6, 6}, dups[2] = {2, 2};
    job.index = gopt_opt_int(o, taxis_play_opts, "index");
    gopt_taxis_graph *g = taxis_load_graph(call);
    if (!g) return GOPT_BAD_INPUT;
    job.g = g;
    gopt_taxis_setting **list = NULL;
    int count = 1, code = 0;
    if (call->nargs == 1) {
        if (gopt_option(o, "c") || gopt_option(o, "dups"))
            code = gopt_call_usage(call, "--c and --dups shape a random setting; a SETTING file has its own");
        else if (!(list = read_settings(call, call->args[0], g, &count))) code = 2;
        job.source = call->args[0];
    } else if (!taxis_deck_ranges(call, g, c, dups) || !taxis_single(call, c, "c") || !taxis_single(call, dups, "dups")) {
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
    k = gopt_opt_int(o, taxis_ideal_opts, "count");
    if (!taxis_deck_ranges(call, job->g, c, dups) || !taxis_single(call, c, "c") ||
        !taxis_single(call, dups, "dups"))
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

int taxis_run_ideal(gopt_call *call) {
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
    taxis_mc_options(call, &mc, &job.h, 1);
    job.compare = hname != NULL;
    job.index = gopt_opt_int(o, taxis_ideal_opts, "index");
    gopt_taxis_graph *g = taxis_load_graph(call);
    if (!g) return GOPT_BAD_INPUT;
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


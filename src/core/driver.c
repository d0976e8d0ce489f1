/* The generic drivers over the game tables: reading and naming every puzzle of some inputs,
 * the `solve` and `generate` verbs, and what every verb call shares (errors, checks). Every
 * input is parsed before anything is solved, so bad input never leaves partial results. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "gameopt/canvas.h"
#include "gameopt/game.h"
#include "gameopt/json.h"
#include "gameopt/outfile.h"
#include "gameopt/progress.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"

/* ---- calls ---- */

int gopt_call_usage(gopt_call *call, const char *fmt, ...) {
    if (call->err.set) return 2;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gopt_fail(&call->err, "", 0, 0, "%s", msg);
    return 2;
}

int gopt_call_input(gopt_call *call, const gopt_error *err) {
    if (!call->err.set) call->err = *err;
    return 2;
}

static bool in_list(const char *const *list, const char *s) {
    for (; list && *list; list++)
        if (strcmp(*list, s) == 0) return true;
    return false;
}

bool gopt_call_check(gopt_call *call) {
    const gopt_game *g = call->game;
    const gopt_options *o = &call->opts;
    const char *verb = call->verb ? call->verb->name : "solve";
    if (o->method && g->methods && !in_list(g->methods, o->method))
        return gopt_call_usage(call, "%s: unknown method '%s' (see gameopt %s %s --help)", g->name, o->method, g->name,
                               verb),
               false;
    if (o->format && g->formats && !in_list(g->formats, o->format))
        return gopt_call_usage(call, "%s: unknown format '%s' (see gameopt %s %s --help)", g->name, o->format, g->name,
                               verb),
               false;
    gopt_error err = {0};
    if (call->verb && !gopt_options_check(o, call->verb->options, &err)) return gopt_call_input(call, &err), false;
    return true;
}

/* ---- the registry ---- */

const gopt_game *gopt_game_find(const char *name) {
    for (const gopt_game *const *g = gopt_games; *g; g++)
        if (strcmp((*g)->name, name) == 0) return *g;
    return NULL;
}

const gopt_verb *gopt_verb_find(const gopt_game *g, const char *name) {
    for (const gopt_verb *v = g->verbs; v && v->name; v++)
        if (strcmp(v->name, name) == 0) return v;
    return NULL;
}

int gopt_method_index(const gopt_game *g, const char *name) {
    if (!name) return 0;
    for (int i = 0; g->methods && g->methods[i]; i++)
        if (strcmp(g->methods[i], name) == 0) return i;
    return -1;
}

/* ---- batches ---- */

char *gopt_file_stem(const char *path) {
    if (strcmp(path, "-") == 0) return gopt_strdup("stdin");
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    return gopt_strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
}

char *gopt_numbered_path(const char *path, long number, bool several) {
    if (!several) return gopt_strdup(path);
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot && slash && dot < slash) dot = NULL;
    size_t stem = dot ? (size_t)(dot - path) : strlen(path);
    return gopt_format("%.*s-%ld%s", (int)stem, path, number, dot ? dot : "");
}

bool gopt_batch_read(const gopt_game *g, const char *path, const gopt_options *o, gopt_batch *b, gopt_error *err) {
    GOPT_REQUIRE(g->parse, "game '%s' has no parser", g->name);
    gopt_text t;
    if (!gopt_text_load_arg(&t, path, err)) return false;
    size_t first = b->n;
    for (;;) {
        void *p = NULL;
        int r = g->parse(&t, o, &p, err);
        if (r < 0) {
            gopt_text_free(&t);
            return false;
        }
        if (r == 0) break;
        gopt_grow(&b->items, &b->cap, b->n + 1, sizeof *b->items);
        b->items[b->n++] = (gopt_named){.puzzle = p};
    }
    if (t.warning[0]) { /* how the reader chose to read the text (e.g. which of two formats) */
        char *all = gopt_format("%s%s\n", b->warnings ? b->warnings : "", t.warning);
        free(b->warnings);
        b->warnings = all;
    }
    gopt_text_free(&t);
    if (b->n == first) return gopt_fail(err, t.name, 0, 0, "no %s puzzle found", g->name);
    char *stem = gopt_file_stem(gopt_text_arg_is_url(path) ? "url" : path);
    for (size_t i = first; i < b->n; i++) {
        const char *own = g->puzzle_name ? g->puzzle_name(b->items[i].puzzle) : NULL;
        if (own) b->items[i].name = gopt_strdup(own);
        else if (b->n - first == 1) b->items[i].name = gopt_strdup(stem);
        else b->items[i].name = gopt_format("%s:%zu", stem, i - first + 1);
    }
    free(stem);
    return true;
}

bool gopt_batch_read_call(gopt_call *call, gopt_batch *b) {
    static char *stdin_only[] = {"-"};
    char **inputs = call->nargs ? call->args : stdin_only;
    int ninputs = call->nargs ? call->nargs : 1;
    for (int i = 0; i < ninputs; i++) {
        gopt_error err = {0};
        if (!gopt_batch_read(call->game, inputs[i], &call->opts, b, &err)) return gopt_call_input(call, &err), false;
    }
    gopt_batch_warnings(b, call->diag);
    return true;
}

void gopt_batch_warnings(gopt_batch *b, FILE *diag) {
    if (!b->warnings) return;
    for (char *line = b->warnings, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (diag) fprintf(diag, "gameopt: warning: %.*s\n", (int)(nl - line), line);
    }
    free(b->warnings);
    b->warnings = NULL;
}

void gopt_batch_free(const gopt_game *g, gopt_batch *b) {
    for (size_t i = 0; i < b->n; i++) {
        if (b->items[i].puzzle) g->free_puzzle(b->items[i].puzzle);
        free(b->items[i].name);
    }
    free(b->items);
    free(b->warnings);
    memset(b, 0, sizeof *b);
}

/* ---- solve ---- */

static void print_result(FILE *out, const gopt_game *g, const void *puzzle, const gopt_answer *a,
                         const gopt_options *o) {
    if (o->json) {
        json_t *j = g->to_json ? g->to_json(puzzle, a, o) : NULL;
        if (!j) {
            j = json_object();
            json_object_set_new(j, "name", json_string(a->name));
            json_object_set_new(j, "status", json_string(gopt_status_name(a->status)));
            gopt_json_set_times(j, a->seconds, a->cpu_seconds);
        }
        if (o->stats && !json_object_get(j, "stats")) json_object_set_new(j, "stats", gopt_counters_json(&a->counters));
        gopt_json_emit(out, j);
        return;
    }
    if (g->print) g->print(out, puzzle, a, o);
    else fprintf(out, "%s: %s%s%s\n", a->name, gopt_status_name(a->status), a->note[0] ? ": " : "", a->note);
    if (o->stats) {
        fprintf(out, "stats: %s, %.3f s, ", a->method ? a->method : "-", a->seconds);
        gopt_counters_print(out, &a->counters);
        fputc('\n', out);
    }
}

/* Where results go: call->out, or a .txt/.json --output file (JSON by its extension). */
static bool results_file(gopt_call *call, gopt_options *o, bool *to_file) {
    *to_file = o->output && gopt_picture_format_of(o->output) == GOPT_PIC_NONE;
    gopt_error err = {0};
    /* An unwritable place fails now, before any work, with the OS's reason (exit 2). */
    if (o->output && !gopt_outfile_check(o->output, &err)) return gopt_call_input(call, &err), false;
    if (!*to_file) return true;
    const char *dot = strrchr(o->output, '.');
    if (!dot || (strcasecmp(dot, ".txt") != 0 && strcasecmp(dot, ".json") != 0))
        return gopt_call_usage(call, "--output %s: use .txt, .json, .svg, .png or .pdf", o->output), false;
    if (strcasecmp(dot, ".json") == 0) o->json = true;
    return true;
}

/* Solves items [begin, end) of b into answers, over o->threads threads. */
static void solve_range(const gopt_game *g, gopt_batch *b, gopt_answer *answers, int64_t begin, int64_t end,
                        const gopt_options *o) {
    gopt_progress *bar = gopt_progress_start(g->name, end - begin, o->progress);
    gopt_options one = *o;
    one.threads = 1; /* the batch is parallel; each puzzle runs on one thread */
    /* --memory-limit bounds the process: each of the puzzles running at once gets an equal
     * share, so none can stop another (budget.h). */
    if (o->memory_limit_mb > 0) one.memory_limit_mb = o->memory_limit_mb / o->threads;
    /* --time-limit is per puzzle; --total-time-limit bounds the whole batch: each puzzle gets
     * the smaller of its own limit and what is left of the total. */
    double total_end = o->total_time_limit > 0 ? gopt_now() + o->total_time_limit : 0;
    /* not for a lone puzzle: its own threads would then be nested, and get one thread */
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->threads) if (o->threads > 1 && end - begin > 1)
    for (int64_t i = begin; i < end; i++) {
        gopt_answer *a = &answers[i];
        a->name = b->items[i].name;
        a->index = (long)i;
        /* a lone puzzle (one board, or one --shard) gets every thread and the whole budget:
         * a game that can spread one solve over threads (flood's A*) uses them */
        gopt_options mine = o->threads > 1 && end - begin > 1 ? one : *o;
        double left = total_end > 0 ? total_end - gopt_now() : 0;
        if (total_end > 0 && left <= 0) {
            *a = (gopt_answer){.name = a->name, .index = a->index, .status = GOPT_LIMIT};
            snprintf(a->note, sizeof a->note, "the total time limit was spent before it started");
        } else {
            if (total_end > 0 && (mine.time_limit <= 0 || left < mine.time_limit)) mine.time_limit = left;
            gopt_game_solve_checked(g, b->items[i].puzzle, &mine, a);
        }
        gopt_progress_add(bar, 1);
    }
    gopt_progress_finish(bar);
}

/* Prints the answers of [begin, end) and draws their pictures; the worst status. */
static gopt_status print_range(gopt_call *call, const gopt_options *o, FILE *out, const gopt_batch *b,
                               const gopt_answer *answers, int64_t begin, int64_t end) {
    const gopt_game *g = call->game;
    bool picture = o->output && gopt_picture_format_of(o->output) != GOPT_PIC_NONE;
    gopt_status worst = GOPT_SOLVED;
    for (int64_t i = begin; i < end; i++) {
        const gopt_answer *a = &answers[i];
        worst = gopt_status_worst(worst, a->status);
        if (a->status == GOPT_ERROR) {
            fprintf(call->diag, "gameopt: %s: %s\n", a->name, a->note[0] ? a->note : "internal error");
            continue;
        }
        print_result(out, g, b->items[i].puzzle, a, o);
        if (picture) {
            char *path = gopt_numbered_path(o->output, (long)(i - begin + 1), end - begin > 1);
            gopt_error perr = {0};
            if (!g->render(b->items[i].puzzle, a->solution, path, &perr)) {
                gopt_error_print(call->diag, &perr);
                worst = gopt_status_worst(worst, GOPT_ERROR);
            }
            free(path);
        }
    }
    return worst;
}

int gopt_run_solve(gopt_call *call) {
    const gopt_game *g = call->game;
    gopt_options o = call->opts;
    bool to_file;
    if (!gopt_call_check(call) || !results_file(call, &o, &to_file)) return 2;
    if (o.output && !to_file && !g->render)
        return gopt_call_usage(call, "%s: pictures are not available for this game", g->name);
    gopt_batch b = {0};
    if (!gopt_batch_read_call(call, &b)) {
        gopt_batch_free(g, &b);
        return 2;
    }
    int64_t begin, end;
    gopt_shard_range(&o, (int64_t)b.n, &begin, &end);
    gopt_answer *answers = gopt_calloc(b.n ? b.n : 1, sizeof *answers);
    solve_range(g, &b, answers, begin, end, &o);
    /* Results go to a temporary file renamed when complete (outfile.h). */
    gopt_outfile file = {0};
    gopt_error ferr = {0};
    FILE *out = call->out;
    gopt_status worst = GOPT_BAD_INPUT;
    if (to_file) out = gopt_outfile_open(&file, o.output, &ferr) ? file.f : NULL;
    if (!out) gopt_call_input(call, &ferr);
    else worst = print_range(call, &o, out, &b, answers, begin, end);
    if (out && to_file && !gopt_outfile_commit(&file, &ferr)) {
        gopt_call_input(call, &ferr);
        worst = gopt_status_worst(worst, GOPT_BAD_INPUT);
    }
    for (size_t i = 0; i < b.n; i++) gopt_answer_free(g, &answers[i]);
    free(answers);
    gopt_batch_free(g, &b);
    return (int)worst;
}

/* ---- generate ---- */

int gopt_run_generate(gopt_call *call) {
    const gopt_game *g = call->game;
    const gopt_options *o = &call->opts;
    if (!gopt_call_check(call)) return 2;
    GOPT_REQUIRE(g->generate && g->format, "game '%s' cannot generate", g->name);
    const char *format = o->format ? o->format : g->formats[0];
    int64_t begin, end;
    gopt_shard_range(o, o->count, &begin, &end);
    /* --time-limit (where the verb declares it) bounds the whole run: the generators poll
     * gopt_stop_check(); a board cut short is dropped, the ones finished before stay printed. */
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, o->time_limit, o->cancel, NULL);
    gopt_solve_ctx *outer = gopt_ctx_enter(&ctx);
    int status = 0;
    for (int64_t i = begin; i < end && status == 0; i++) {
        gopt_rng rng = gopt_rng_stream(o->seed, (uint64_t)i);
        gopt_error err = {0};
        gopt_stop_reason why = gopt_stop_check();
        void *p = why == GOPT_GO ? g->generate(o, &rng, &err) : NULL;
        if (why == GOPT_GO) why = gopt_stop_check();
        if (why != GOPT_GO) {
            if (p) g->free_puzzle(p);
            fprintf(stderr, "gameopt: %s: %s after %lld of %lld boards\n", g->name, gopt_stop_text(why),
                    (long long)(i - begin), (long long)(end - begin));
            status = 3;
            break;
        }
        if (!p) {
            status = gopt_call_input(call, &err);
            break;
        }
        char *text = g->format(p, NULL, format);
        fputs(text, call->out);
        if (i + 1 < end) fputc('\n', call->out);
        free(text);
        g->free_puzzle(p);
    }
    gopt_ctx_enter(outer);
    return status;
}

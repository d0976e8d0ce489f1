/* The generic verbs over the game tables: reading and naming every puzzle of a call's inputs,
 * `solve` and `generate`. Every input is parsed before anything is solved, so bad input
 * never leaves partial results. Results go to the call's sinks (call.c). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/game.h"
#include "gameopt/json.h"
#include "gameopt/progress.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"

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

bool gopt_batch_read_text(const gopt_game *g, gopt_text *t, const gopt_options *o, gopt_batch *b, gopt_error *err) {
    GOPT_REQUIRE(g->parse, "game '%s' has no parser", g->name);
    size_t first = b->n;
    for (;;) {
        void *p = NULL;
        int r = g->parse(t, o, &p, err);
        if (r < 0) return false;
        if (r == 0) break;
        gopt_grow(&b->items, &b->cap, b->n + 1, sizeof *b->items);
        b->items[b->n++] = (gopt_named){.puzzle = p};
        /* a reader that polls nothing still stops between puzzles at the call's time limit */
        gopt_stop_reason why = gopt_stop_check();
        if (why != GOPT_GO) return gopt_fail(err, t->name, t->line, 0, "%s while reading the input", gopt_stop_text(why));
    }
    if (t->warning[0]) { /* how the reader chose to read the text (e.g. which of two formats) */
        char *all = gopt_format("%s%s\n", b->warnings ? b->warnings : "", t->warning);
        free(b->warnings);
        b->warnings = all;
    }
    if (b->n == first) { /* at the end of the text, where the reader looked last */
        int line = 1, col = 1;
        for (size_t i = 0; i < t->len; i++)
            if (t->data[i] == '\n') line++, col = 1;
            else if (((unsigned char)t->data[i] & 0xC0) != 0x80) col++;
        return gopt_fail(err, t->name, line, col, "no %s puzzle found %s", g->name,
                         t->len ? "before the end of the text" : "(the text is empty)");
    }
    char *stem = gopt_file_stem(strcmp(t->name, "url") == 0 ? "url" : t->name);
    for (size_t i = first; i < b->n; i++) {
        const char *own = g->puzzle_name ? g->puzzle_name(b->items[i].puzzle) : NULL;
        if (own) b->items[i].name = gopt_strdup(own);
        else if (b->n - first == 1) b->items[i].name = gopt_strdup(stem);
        else b->items[i].name = gopt_format("%s:%zu", stem, i - first + 1);
    }
    free(stem);
    return true;
}

bool gopt_batch_read(const gopt_game *g, const char *name, const gopt_options *o, gopt_batch *b, gopt_error *err) {
    gopt_text t;
    if (!gopt_read_named(o, name, &t, err)) return false;
    bool ok = gopt_batch_read_text(g, &t, o, b, err);
    gopt_text_free(&t);
    return ok;
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

bool gopt_call_read_arg(gopt_call *call, const char *arg, gopt_text *t) {
    gopt_error err = {0};
    if (gopt_read_named(&call->opts, arg, t, &err)) return true;
    gopt_call_input(call, &err);
    return false;
}

/* ---- solve ---- */

static void answer(gopt_call *call, const void *puzzle, const gopt_answer *a) {
    const gopt_game *g = call->game;
    const gopt_options *o = &call->opts;
    gopt_call_answer(call, a, g->to_json ? g->to_json(puzzle, a, o) : NULL);
    FILE *out = call->out;
    if (g->print) g->print(out, puzzle, a, o);
    else fprintf(out, "%s: %s%s%s\n", a->name, gopt_status_name(a->status), a->note[0] ? ": " : "", a->note);
    if (o->stats) {
        fprintf(out, "stats: %s, %.3f s, ", a->method ? a->method : "-", a->seconds);
        gopt_counters_print(out, &a->counters);
        fputc('\n', out);
    }
}

/* What every puzzle of a batch shares. */
typedef struct batch_run {
    gopt_call *call;
    gopt_batch *b;
    gopt_answer *answers;
    gopt_progress *bar;
    gopt_options one; /* a puzzle's options when several run at once */
    double total_end; /* when --total-time-limit runs out (0: never) */
    bool lone;        /* the shard holds one puzzle */
    bool parallel;    /* puzzles run side by side */
} batch_run;

static void solve_item(batch_run *r, int64_t i) {
    const gopt_options *o = &r->call->opts;
    gopt_answer *a = &r->answers[i];
    a->name = r->b->items[i].name;
    a->index = (long)i;
    gopt_progress *outer_bar = gopt_progress_enter(r->bar);
    const gopt_source *outer_source = gopt_source_enter(o->source); /* OpenMP's workers read through the call's */
    gopt_call *outer_call = gopt_call_enter(r->call);                /* ... and warn into it */
    /* a lone puzzle (one board, or one --shard) gets every thread and the whole budget: a
     * game that can spread one solve over threads (flood's A*) uses them */
    gopt_options mine = r->parallel ? r->one : *o;
    if (r->lone && mine.time_limit > 0) mine.time_limit -= gopt_now() - r->call->started;
    double left = r->total_end > 0 ? r->total_end - gopt_now() : 0;
    if ((r->total_end > 0 && left <= 0) || (r->lone && o->time_limit > 0 && mine.time_limit <= 0)) {
        *a = (gopt_answer){.name = a->name, .index = a->index, .status = GOPT_LIMIT};
        snprintf(a->note, sizeof a->note, "the %stime limit was spent before it started", r->total_end > 0 ? "total " : "");
    } else {
        if (r->total_end > 0 && (mine.time_limit <= 0 || left < mine.time_limit)) mine.time_limit = left;
        gopt_game_solve_checked(r->call->game, r->b->items[i].puzzle, &mine, a);
    }
    gopt_call_enter(outer_call);
    gopt_source_enter(outer_source);
    gopt_progress_enter(outer_bar);
    gopt_progress_add(r->bar, 1);
}

/* Solves items [begin, end) of b into answers, over o->threads threads. */
static void solve_range(gopt_call *call, gopt_batch *b, gopt_answer *answers, int64_t begin, int64_t end) {
    const gopt_options *o = &call->opts;
    batch_run r = {call, b, answers, gopt_progress_start(o->progress_sink, call->game->name, end - begin), *o, 0,
                   end - begin == 1, o->threads > 1 && end - begin > 1};
    r.one.threads = 1; /* the batch is parallel; each puzzle runs on one thread */
    /* --memory-limit bounds the process: each of the puzzles running at once gets an equal
     * share, so none can stop another (budget.h). */
    if (o->memory_limit_mb > 0) r.one.memory_limit_mb = o->memory_limit_mb / o->threads;
    /* --time-limit is per puzzle and covers reading it: a lone puzzle's solve gets what its
     * reading left; --total-time-limit bounds the whole batch: each puzzle gets the smaller
     * of its own limit and what is left of the total. */
    r.total_end = o->total_time_limit > 0 ? call->started + o->total_time_limit : 0;
    /* OpenMP only when puzzles run side by side: a thread that never entered a parallel region
     * owns no OpenMP state (the server's workers come and go) */
    if (r.parallel) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(o->threads)
        for (int64_t i = begin; i < end; i++) solve_item(&r, i);
    } else {
        for (int64_t i = begin; i < end; i++) solve_item(&r, i);
    }
    gopt_progress_finish(r.bar);
}

/* Answers [begin, end) and draws their pictures. */
static void answer_range(gopt_call *call, const gopt_batch *b, const gopt_answer *answers, int64_t begin, int64_t end) {
    const gopt_game *g = call->game;
    for (int64_t i = begin; i < end; i++) {
        const gopt_answer *a = &answers[i];
        if (a->status == GOPT_ERROR) {
            gopt_call_warn(call, "%s: %s", a->name, a->note[0] ? a->note : "internal error");
            call->worst = gopt_status_worst(call->worst, GOPT_ERROR);
            continue;
        }
        answer(call, b->items[i].puzzle, a);
        if (call->opts.picture != GOPT_PIC_NONE && g->render &&
            !gopt_call_picture(call, a->name, g->render(b->items[i].puzzle, a->solution))) {
            call->worst = gopt_status_worst(call->worst, GOPT_ERROR);
        }
    }
}

int gopt_run_solve(gopt_call *call) {
    const gopt_game *g = call->game;
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    if (call->opts.picture != GOPT_PIC_NONE && !g->render)
        return gopt_call_usage(call, "%s: pictures are not available for this game", g->name);
    gopt_batch b = {0};
    if (!gopt_batch_read_call(call, &b)) {
        gopt_batch_free(g, &b);
        return GOPT_BAD_INPUT;
    }
    int64_t begin, end;
    gopt_shard_range(&call->opts, (int64_t)b.n, &begin, &end);
    gopt_answer *answers = gopt_calloc(b.n ? b.n : 1, sizeof *answers);
    solve_range(call, &b, answers, begin, end);
    answer_range(call, &b, answers, begin, end);
    for (size_t i = 0; i < b.n; i++) gopt_answer_free(g, &answers[i]);
    free(answers);
    gopt_batch_free(g, &b);
    return call->err.set ? GOPT_BAD_INPUT : (int)call->worst;
}

/* ---- draw ---- */

int gopt_run_draw(gopt_call *call) {
    const gopt_game *g = call->game;
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    GOPT_REQUIRE(g->render && g->format, "game '%s' cannot draw", g->name);
    gopt_batch b = {0};
    if (!gopt_batch_read_call(call, &b)) {
        gopt_batch_free(g, &b);
        return GOPT_BAD_INPUT;
    }
    int code = GOPT_SOLVED;
    for (size_t i = 0; i < b.n && code == GOPT_SOLVED; i++) {
        char *text = g->format(b.items[i].puzzle, NULL, g->formats ? g->formats[0] : NULL);
        fprintf(call->out, "%s", text);
        gopt_answer a = {.name = b.items[i].name, .status = GOPT_SOLVED, .method = "draw"};
        gopt_call_answer(call, &a, json_pack("{s:s}", "text", text));
        free(text);
        if (!gopt_call_picture(call, b.items[i].name, g->render(b.items[i].puzzle, NULL))) code = GOPT_BAD_INPUT;
    }
    gopt_batch_free(g, &b);
    return code;
}

/* ---- generate ---- */

int gopt_run_generate(gopt_call *call) {
    const gopt_game *g = call->game;
    const gopt_options *o = &call->opts;
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    GOPT_REQUIRE(g->generate && g->format, "game '%s' cannot generate", g->name);
    const char *format = o->format ? o->format : g->formats[0];
    int64_t begin, end;
    gopt_shard_range(o, o->count, &begin, &end);
    /* --time-limit bounds the whole run (the call's limits, gopt_call_run): the generators
     * poll gopt_stop_check(); a board cut short is dropped, the ones finished before stay. */
    int status = GOPT_SOLVED;
    for (int64_t i = begin; i < end && status == GOPT_SOLVED; i++) {
        gopt_rng rng = gopt_rng_stream(o->seed, (uint64_t)i);
        gopt_error err = {0};
        gopt_stopwatch watch = gopt_stopwatch_start();
        gopt_stop_reason why = gopt_stop_check();
        void *p = why == GOPT_GO ? g->generate(o, &rng, &err) : NULL;
        if (why == GOPT_GO) why = gopt_stop_check();
        if (why != GOPT_GO) {
            if (p) g->free_puzzle(p);
            gopt_call_warn(call, "%s: %s after %lld of %lld boards", g->name, gopt_stop_text(why), (long long)(i - begin),
                           (long long)(end - begin));
            status = GOPT_LIMIT;
            break;
        }
        if (!p) {
            status = gopt_call_input(call, &err);
            break;
        }
        char *text = g->format(p, NULL, format);
        fputs(text, call->out);
        if (i + 1 < end) fputc('\n', call->out);
        char name[48];
        snprintf(name, sizeof name, "generated:%lld", (long long)i + 1);
        gopt_answer a = {.name = name, .status = GOPT_SOLVED, .method = "generate"};
        a.seconds = gopt_stopwatch_read(&watch, &a.cpu_seconds);
        gopt_call_answer(call, &a, json_pack("{s:s, s:s}", "format", format, "puzzle", text));
        if (o->picture != GOPT_PIC_NONE && g->render) gopt_call_picture(call, name, g->render(p, NULL));
        free(text);
        g->free_puzzle(p);
    }
    return status;
}

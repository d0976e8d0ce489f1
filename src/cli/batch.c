/* The generic verbs over the gopt_game table: `solve` (a batch of puzzles from files or
 * stdin) and `generate`. Every input is parsed before anything is solved, so bad input
 * never leaves partial results on stdout. */
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"

typedef struct batch_item {
    void *puzzle;
    gopt_answer answer;
    char *name;
} batch_item;

typedef struct batch {
    batch_item *items;
    size_t n, cap;
} batch;

static bool in_list(const char *const *list, const char *s) {
    for (; list && *list; list++)
        if (strcmp(*list, s) == 0) return true;
    return false;
}

/* "dir/puzzles.txt" -> "puzzles" */
static char *file_stem(const char *path) {
    if (strcmp(path, "-") == 0) return gopt_strdup("stdin");
    char *copy = gopt_strdup(path);
    char *base = gopt_strdup(basename(copy));
    free(copy);
    char *dot = strrchr(base, '.');
    if (dot && dot != base) *dot = 0;
    return base;
}

/* Parses every puzzle of one input into b; names them. */
static bool parse_input(const gopt_game *g, const char *path, const gopt_options *o, batch *b, gopt_error *err) {
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
        b->items[b->n++] = (batch_item){.puzzle = p};
    }
    gopt_text_free(&t);
    if (b->n == first) return gopt_fail(err, t.name, 0, 0, "no %s puzzle found", g->name);
    char *stem = file_stem(gopt_text_arg_is_url(path) ? "url" : path);
    for (size_t i = first; i < b->n; i++) {
        const char *own = g->puzzle_name ? g->puzzle_name(b->items[i].puzzle) : NULL;
        if (own) b->items[i].name = gopt_strdup(own);
        else if (b->n - first == 1) b->items[i].name = gopt_strdup(stem);
        else b->items[i].name = gopt_format("%s:%zu", stem, i - first + 1);
    }
    free(stem);
    return true;
}

static void free_batch(const gopt_game *g, batch *b) {
    for (size_t i = 0; i < b->n; i++) {
        gopt_answer_free(g, &b->items[i].answer);
        if (b->items[i].puzzle) g->free_puzzle(b->items[i].puzzle);
        free(b->items[i].name);
    }
    free(b->items);
}

/* "out.svg" for one picture; "out-3.svg" for the third of several. */
static char *picture_path(const char *output, size_t k, size_t count) {
    if (count == 1) return gopt_strdup(output);
    const char *dot = strrchr(output, '.');
    return gopt_format("%.*s-%zu%s", (int)(dot - output), output, k + 1, dot);
}

static void print_result(FILE *out, const gopt_game *g, const batch_item *it, const gopt_options *o) {
    const gopt_answer *a = &it->answer;
    if (o->json) {
        json_t *j = g->to_json ? g->to_json(it->puzzle, a, o) : NULL;
        if (!j) {
            j = json_object();
            json_object_set_new(j, "name", json_string(it->name));
            json_object_set_new(j, "status", json_string(gopt_status_name(a->status)));
            gopt_json_set_real(j, "seconds", a->seconds, 6);
        }
        if (o->stats && !json_object_get(j, "stats")) json_object_set_new(j, "stats", gopt_counters_json(&a->counters));
        gopt_json_emit(out, j);
        return;
    }
    if (g->print) g->print(out, it->puzzle, a, o);
    else fprintf(out, "%s: %s%s%s\n", it->name, gopt_status_name(a->status), a->note[0] ? ": " : "", a->note);
    if (o->stats) {
        fprintf(out, "stats: %s, %.3f s, ", a->method ? a->method : "-", a->seconds);
        gopt_counters_print(out, &a->counters);
        fputc('\n', out);
    }
}

static bool check_choices(const gopt_game *g, const gopt_options *o) {
    if (o->method && !in_list(g->methods, o->method)) {
        cli_usage_error("%s: unknown method '%s' (see gameopt %s solve --help)", g->name, o->method, g->name);
        return false;
    }
    if (o->format && !in_list(g->formats, o->format)) {
        cli_usage_error("%s: unknown format '%s' (see gameopt %s solve --help)", g->name, o->format, g->name);
        return false;
    }
    return true;
}

int cli_run_solve(const gopt_cli_call *call) {
    const gopt_game *g = call->game->game;
    gopt_options o = call->opts;
    if (!check_choices(g, &o)) return 2;
    gopt_picture_format picture = gopt_picture_format_of(o.output);
    bool results_to_file = o.output && picture == GOPT_PIC_NONE;
    if (results_to_file) {
        const char *dot = strrchr(o.output, '.');
        if (!dot || (strcasecmp(dot, ".txt") != 0 && strcasecmp(dot, ".json") != 0))
            return cli_usage_error("--output %s: use .txt, .json, .svg, .png or .pdf", o.output);
        if (strcasecmp(dot, ".json") == 0) o.json = true;
    }
    if (picture != GOPT_PIC_NONE && !g->render)
        return cli_usage_error("%s: pictures are not available for this game", g->name);

    batch b = {0};
    gopt_error err = {0};
    char *stdin_only[] = {"-"};
    char **inputs = call->nargs ? call->args : stdin_only;
    int ninputs = call->nargs ? call->nargs : 1;
    for (int i = 0; i < ninputs; i++) {
        if (!parse_input(g, inputs[i], &o, &b, &err)) {
            free_batch(g, &b);
            return cli_input_error(&err);
        }
    }

    int64_t begin, end;
    gopt_shard_range(&o, (int64_t)b.n, &begin, &end);
    gopt_progress *bar = gopt_progress_start(g->name, end - begin, o.progress);
    gopt_options solve_opts = o;
    solve_opts.threads = 1; /* the batch is parallel; each puzzle runs on one thread */
#pragma omp parallel for schedule(dynamic, 1) num_threads(o.threads) if (o.threads > 1)
    for (int64_t i = begin; i < end; i++) {
        gopt_answer *a = &b.items[i].answer;
        a->name = b.items[i].name;
        a->index = (long)i;
        gopt_game_solve_checked(g, b.items[i].puzzle, o.threads > 1 ? &solve_opts : &o, a);
        gopt_progress_add(bar, 1);
    }
    gopt_progress_finish(bar);

    FILE *out = stdout;
    if (results_to_file && !(out = fopen(o.output, "w"))) {
        free_batch(g, &b);
        return cli_usage_error("--output %s: cannot write", o.output);
    }
    gopt_status worst = GOPT_SOLVED;
    for (int64_t i = begin; i < end; i++) {
        const batch_item *it = &b.items[i];
        worst = gopt_status_worst(worst, it->answer.status);
        if (it->answer.status == GOPT_ERROR) {
            fprintf(stderr, "gameopt: %s: %s\n", it->name, it->answer.note[0] ? it->answer.note : "internal error");
            continue;
        }
        print_result(out, g, it, &o);
        if (picture != GOPT_PIC_NONE) {
            char *path = picture_path(o.output, (size_t)(i - begin), (size_t)(end - begin));
            gopt_error perr = {0};
            if (!g->render(it->puzzle, it->answer.solution, path, &perr)) {
                gopt_error_print(stderr, &perr);
                worst = gopt_status_worst(worst, GOPT_ERROR);
            }
            free(path);
        }
    }
    if (out != stdout && fclose(out) != 0) worst = gopt_status_worst(worst, GOPT_ERROR);
    free_batch(g, &b);
    return (int)worst;
}

int cli_run_generate(const gopt_cli_call *call) {
    const gopt_game *g = call->game->game;
    const gopt_options *o = &call->opts;
    if (o->format && !in_list(g->formats, o->format))
        return cli_usage_error("%s: unknown format '%s'", g->name, o->format);
    const char *format = o->format ? o->format : g->formats[0];
    int64_t begin, end;
    gopt_shard_range(o, o->count, &begin, &end);
    for (int64_t i = begin; i < end; i++) {
        gopt_rng rng = gopt_rng_stream(o->seed, (uint64_t)i);
        gopt_error err = {0};
        void *p = g->generate(o, &rng, &err);
        if (!p) return cli_input_error(&err);
        char *text = g->format(p, NULL, format);
        fputs(text, stdout);
        if (i + 1 < end) fputc('\n', stdout);
        free(text);
        g->free_puzzle(p);
    }
    return 0;
}

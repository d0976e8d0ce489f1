/* The parts of the game interface every family shares: options, outcomes, checked solving. */
#include "core/manifest.h"
#include "gameopt/game.h"

#include <string.h>

#include "gameopt/budget.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"

void gopt_options_init(gopt_options *o) {
    memset(o, 0, sizeof *o);
    o->verify = true;
    o->threads = 1;
    o->seed = 1;
    o->count = 1;
    o->shard_k = 1;
    o->shard_n = 1;
}

/* ---- reading what a call names ---- */

static _Thread_local const gopt_source *current_source;

const gopt_source *gopt_source_enter(const gopt_source *s) {
    const gopt_source *previous = current_source;
    current_source = s;
    return previous;
}

static bool read_named(const gopt_options *o, const char *name, gopt_text *t, gopt_error *err);

bool gopt_read_named(const gopt_options *o, const char *name, gopt_text *t, gopt_error *err) {
    if (!read_named(o, name, t, err)) return false;
    gopt_call_note_input(name, t->data, t->len); /* --manifest: its checksum */
    return true;
}

static bool read_named(const gopt_options *o, const char *name, gopt_text *t, gopt_error *err) {
    GOPT_REQUIRE(name && t, "a name and a text");
    const gopt_source *src = o && o->source ? o->source : current_source;
    for (int i = 0; src && i < src->ninputs; i++)
        if (strcmp(src->inputs[i].name, name) == 0) {
            gopt_text_from(t, name, src->inputs[i].data, src->inputs[i].len);
            return gopt_text_check_utf8(t, err) || (gopt_text_free(t), false);
        }
    /* a pasted link is its own text; where files are read a file of that name comes first
     * (and where they are not, nothing is asked of the file system, which would tell a
     * request whether a path exists) */
    bool files = src && src->files && src->files->load;
    if (files ? gopt_text_arg_is_url(name) : gopt_text_looks_like_url(name)) {
        gopt_text_from_string(t, "url", name);
        return gopt_text_check_utf8(t, err) || (gopt_text_free(t), false);
    }
    if (files) return src->files->load(src->files->ctx, name, t, err);
    return gopt_fail(err, name, 0, 0, "no such input (files of this machine are not read here: send the text itself)");
}

bool gopt_named_exists(const gopt_options *o, const char *name) {
    const gopt_source *src = o && o->source ? o->source : current_source;
    for (int i = 0; src && i < src->ninputs; i++)
        if (strcmp(src->inputs[i].name, name) == 0) return true;
    return src && src->files && src->files->exists && src->files->exists(src->files->ctx, name);
}

const gopt_files *gopt_files_of(const gopt_options *o) {
    const gopt_source *src = o && o->source ? o->source : current_source;
    return src ? src->files : NULL;
}

void gopt_shard_range(const gopt_options *o, int64_t total, int64_t *begin, int64_t *end) {
    int64_t k = o->shard_k - 1, n = o->shard_n > 0 ? o->shard_n : 1;
    *begin = total * k / n;
    *end = total * (k + 1) / n;
}

const char *gopt_status_name(gopt_status s) {
    switch (s) {
    case GOPT_SOLVED: return "solved";
    case GOPT_INFEASIBLE: return "infeasible";
    case GOPT_BAD_INPUT: return "bad-input";
    case GOPT_LIMIT: return "unknown";
    default: return "error";
    }
}

static int severity(gopt_status s) {
    switch (s) {
    case GOPT_SOLVED: return 0;
    case GOPT_INFEASIBLE: return 1;
    case GOPT_LIMIT: return 2;
    case GOPT_BAD_INPUT: return 3;
    default: return 4;
    }
}

gopt_status gopt_status_worst(gopt_status a, gopt_status b) { return severity(a) >= severity(b) ? a : b; }

void gopt_answer_free(const gopt_game *g, gopt_answer *a) {
    if (a->solution && g->free_solution) g->free_solution(a->solution);
    if (a->extra && g->free_extra) g->free_extra(a->extra);
    *a = (gopt_answer){.name = a->name, .index = a->index};
}

/* The library's own check of what a caller asks for: the same table as the command line's,
 * so a binding or the web server cannot reach a game with an unknown method or option. */
static bool solve_request_ok(const gopt_game *g, const gopt_options *o, gopt_answer *a) {
    if (gopt_method_index(g, o->method) < 0) {
        snprintf(a->note, sizeof a->note, "%s: unknown method '%s'", g->name, o->method);
        return false;
    }
    const gopt_verb *v = gopt_verb_find(g, "solve");
    gopt_error err = {0};
    if (v && !gopt_options_check(o, v->options, &err)) {
        gopt_error_text(&err, a->note, sizeof a->note);
        return false;
    }
    return true;
}

gopt_status gopt_game_solve_checked(const gopt_game *g, const void *puzzle, const gopt_options *o,
                                    gopt_answer *a) {
    GOPT_REQUIRE(g && g->solve && puzzle && o && a, "a game with a solver, a puzzle, options and an answer");
    *a = (gopt_answer){.name = a->name, .index = a->index};
    if (!solve_request_ok(g, o, a)) return a->status = GOPT_BAD_INPUT;
    /* The solve's limits, current on this thread: its games' loops poll gopt_stop_check() and
     * charge gopt_budget_charge(NULL, ...). A puzzle stopped before it started (Ctrl-C during
     * a batch) is reported as such, not solved. */
    gopt_budget *budget = gopt_budget_new(o->memory_limit_mb);
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, o->time_limit, o->cancel, budget);
    gopt_solve_ctx *outer = gopt_ctx_enter(&ctx);
    /* A solve with threads of its own (flood's A*) runs alone in the process (the batch
     * gives each puzzle one thread when several run at once): its CPU is the process's. */
    gopt_stopwatch watch = o->threads > 1 ? gopt_stopwatch_start_process() : gopt_stopwatch_start();
    gopt_stop_reason before = gopt_stop_check();
    if (before == GOPT_STOP_SIGNAL || before == GOPT_STOP_CANCEL) {
        a->status = GOPT_LIMIT;
        snprintf(a->note, sizeof a->note, "%s before it started", gopt_stop_text(before));
    } else {
        a->status = g->solve(puzzle, o, a);
    }
    a->seconds = gopt_stopwatch_read(&watch, &a->cpu_seconds);
    gopt_stop_reason stopped = (gopt_stop_reason)atomic_load(&ctx.stopped);
    if (a->status == GOPT_LIMIT && !a->note[0] && stopped != GOPT_GO)
        snprintf(a->note, sizeof a->note, "%s", gopt_stop_text(stopped));
    gopt_ctx_enter(outer);
    gopt_budget_free(budget);
    if (a->status == GOPT_SOLVED && o->verify && g->check) {
        char why[256] = "";
        if (!a->solution || !g->check(puzzle, a->solution, why, sizeof why)) {
            a->status = GOPT_ERROR;
            snprintf(a->note, sizeof a->note, "internal error: the answer failed the checker: %s",
                     a->solution ? why : "no solution returned");
        }
    }
    return a->status;
}

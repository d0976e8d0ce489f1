/* What the assist verbs of every family share (gameopt/assist.h): the hint kinds' words, the
 * loop over a batch's puzzles with its exit code, the JSON envelope, and the verdict of
 * `mistakes`, so that both families say it the same way. */
#include "gameopt/assist.h"

#include <stdlib.h>
#include <string.h>

#include "gameopt/json.h"

const char *gopt_hint_kind_name(gopt_hint_kind k) {
    static const char *const names[] = {"rule", "trial", "split", "guess", "mistake", "done"};
    return k >= GOPT_HINT_RULE && k <= GOPT_HINT_DONE ? names[k] : "?";
}

gopt_assist_options gopt_assist_options_of(const gopt_call *call) {
    return (gopt_assist_options){.time_limit = call->opts.time_limit,
                                 .all = gopt_opt_find(call->verb->options, "all") && gopt_option_flag(&call->opts, "all")};
}

json_t *gopt_assist_head(const char *name, gopt_status s) {
    return json_pack("{s:s, s:s}", "name", name, "status", gopt_status_name(s));
}

/* The answer goes to the call's answers: its name and status become the envelope's, with the
 * stopwatch's times and the verb's name as the method. */
void gopt_assist_emit(gopt_call *call, json_t *j, const gopt_stopwatch *w) {
    const char *status = json_string_value(json_object_get(j, "status"));
    gopt_status st = GOPT_SOLVED;
    for (int s = GOPT_SOLVED; s <= GOPT_ERROR && status; s++)
        if (strcmp(status, gopt_status_name((gopt_status)s)) == 0) st = (gopt_status)s;
    char *name = gopt_strdup(json_string_value(json_object_get(j, "name")) ? json_string_value(json_object_get(j, "name")) : "");
    gopt_answer a = {.name = name, .status = st, .method = call->verb->name};
    a.seconds = gopt_stopwatch_read(w, &a.cpu_seconds);
    json_object_del(j, "name");
    json_object_del(j, "status");
    gopt_call_answer(call, &a, j);
    free(name);
}

int gopt_assist_each(gopt_call *call, const gopt_game *g, gopt_batch *b, gopt_assist_one one, void *ctx) {
    gopt_assist_options o = gopt_assist_options_of(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b->n; i++) {
        gopt_stopwatch w = gopt_stopwatch_start();
        worst = gopt_status_worst(worst, one(call, i, b->items[i].name, b->items[i].puzzle, &o, &w, ctx));
    }
    gopt_batch_free(g, b);
    return (int)worst;
}

void gopt_assist_decided_json(const gopt_call *call, json_t *j, gopt_status s, long solutions, int decided, int open,
                              const gopt_backbone_stats *st) {
    json_object_set_new(j, "unique", s == GOPT_SOLVED || solutions >= 2 ? json_boolean(solutions == 1) : json_null());
    json_object_set_new(j, "decided", json_integer(decided));
    json_object_set_new(j, "open", json_integer(open));
    if (call->opts.stats)
        json_object_set_new(j, "stats", json_pack("{s:I, s:I, s:I}", "answers", (json_int_t)st->answers, "tests",
                                                  (json_int_t)st->tests, "proofs", (json_int_t)st->proofs));
}

const char *gopt_assist_count_words(gopt_status s, long solutions) {
    if (s == GOPT_INFEASIBLE) return "no solution";
    if (solutions >= 2) return "not unique";
    return s == GOPT_SOLVED ? "unique" : "unknown";
}

json_t *gopt_assist_hint_json(gopt_status s, gopt_hint_kind k, const char *rule, json_t *step, json_t *split, const char *text) {
    bool answered = s == GOPT_SOLVED;
    return json_pack("{s:o, s:o, s:o, s:o, s:s}", "kind", answered ? json_string(gopt_hint_kind_name(k)) : json_null(), "rule",
                     rule ? json_string(rule) : json_null(), "step", step, "split", split, "text", text);
}

void gopt_assist_print_hint(gopt_call *call, const char *name, gopt_hint_kind k, const char *rule, const char *text) {
    fprintf(call->out, "%s: ", name);
    if (k == GOPT_HINT_RULE) fprintf(call->out, "%s: ", rule);
    if (k == GOPT_HINT_TRIAL) fputs("trial: ", call->out);
    fprintf(call->out, "%s\n", text);
}

gopt_status gopt_assist_print_verdict(gopt_call *call, const char *name, json_t *j, const gopt_assist_verdict *v,
                                      const gopt_stopwatch *w) {
    if (call->opts.json) {
        json_object_set_new(j, "marks", json_integer(v->marks));
        json_object_set_new(j, "completable", v->status == GOPT_SOLVED ? json_boolean(v->completable) : json_null());
        json_object_set_new(j, "together", json_boolean(v->together));
        json_t *wrong = json_array();
        for (int k = 0; k < v->nwrong; k++) json_array_append_new(wrong, v->json(v->ctx, k));
        json_object_set_new(j, "mistakes", wrong);
        gopt_assist_emit(call, j, w);
    } else {
        json_decref(j);
        fprintf(call->out, "%s: ", name);
        if (v->status == GOPT_INFEASIBLE) fputs("the puzzle has no solution\n", call->out);
        else if (v->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
        else if (v->completable) fprintf(call->out, "no mistake: some solution extends all %d %s\n", v->marks, v->noun);
        else {
            fprintf(call->out, "%s\n", v->together ? "no solution holds these together (each fits one alone):"
                                       : v->nwrong == 1 && !v->all ? "wrong (the first such mark):"
                                                                   : "wrong (no solution holds any of these):");
            gopt_buf t = {0};
            for (int k = 0; k < v->nwrong; k++) {
                t.len = 0;
                v->text(v->ctx, k, &t);
                fprintf(call->out, "  %s\n", t.data ? t.data : "");
            }
            gopt_buf_free(&t);
        }
    }
    /* exit 1 when no solution extends the marks, as `check` does for a wrong answer */
    return v->status != GOPT_SOLVED ? v->status : v->completable ? GOPT_SOLVED : GOPT_INFEASIBLE;
}

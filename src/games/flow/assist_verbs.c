/* The assist verbs of Flow: decided, unique, mistakes, hint, explain and setter (rows in
 * verbs.c). Each reads every puzzle first, answers each one, and prints a line and the board
 * for people or one JSON object per puzzle (docs/formats.md, "Help short of the answer").
 * Boards print in the puzzle's own answer format, '?' where a cell is open; cells are [x, y]
 * in JSON (column and row from 0, [x, y, z] with layers), rRcC in text (from 1). */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/json.h"

/* ---------------------------------------------------------------- shared */

static json_t *xy(const gopt_flow_puzzle *p, int v) {
    if (p->layers > 1) return json_pack("[i,i,i]", p->col[v], p->row[v], p->layer[v]);
    return json_pack("[i,i]", p->col[v], p->row[v]);
}

static json_t *head(const char *name, const gopt_flow_puzzle *p, gopt_status status) {
    json_t *j = gopt_assist_head(name, status);
    json_object_set_new(j, "paths", json_string(p->untouching ? "untouching" : "simple"));
    return j;
}

/* Rows of a colouring (per node, public convention): JSON array or printed lines. */
static json_t *rows_json(const gopt_flow_puzzle *p, const int *colour) {
    int n;
    char **rows = flow_known_rows(p, colour, &n);
    json_t *a = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(a, json_string(rows[i]));
    flow_rows_free(rows, n);
    return a;
}

static int *colours_of(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    int *c = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *c);
    for (int v = 0; v < p->nnodes; v++) c[v] = flow_solution_colour(s, v);
    return c;
}

/* Two boards side by side (b may be NULL). */
static void print_boards(FILE *out, const gopt_flow_puzzle *p, const int *a, const int *b) {
    int n, m = 0;
    char **ra = flow_known_rows(p, a, &n), **rb = b ? flow_known_rows(p, b, &m) : NULL;
    for (int i = 0; i < n; i++) fprintf(out, "%s%s%s\n", ra[i], rb ? "   " : "", rb ? rb[i] : "");
    flow_rows_free(ra, n);
    if (rb) flow_rows_free(rb, m);
}

static bool coverage_ok(gopt_call *call) {
    if (gopt_option_flag(&call->opts, "partial") && gopt_option_flag(&call->opts, "full"))
        return gopt_call_usage(call, "--partial and --full exclude each other"), false;
    return true;
}

static bool read_all(gopt_call *call, gopt_batch *b, int nfiles) {
    if (!gopt_call_check(call) || !coverage_ok(call)) return false;
    int nargs = call->nargs;
    call->nargs = nargs < nfiles ? nargs : nfiles;
    bool ok = gopt_batch_read_call(call, b);
    call->nargs = nargs;
    return ok;
}

/* The partial answers of an ANSWER file, one per puzzle (NULL marks without the file). */
static bool read_answers(gopt_call *call, const gopt_batch *b, gopt_flow_marks *marks) {
    if (call->nargs < 2) return true;
    if (call->nargs > 2) return gopt_call_usage(call, "expected PUZZLE [ANSWER]"), false;
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_read_named(&call->opts, call->args[1], &t, &err)) return gopt_call_input(call, &err), false;
    bool ok = true;
    for (size_t i = 0; i < b->n && ok; i++) ok = gopt_flow_read_marks(&t, b->items[i].puzzle, &marks[i], &err);
    if (ok && b->n > 0) ok = gopt_flow_answer_end(&t, b->items[b->n - 1].puzzle, &err);
    gopt_text_free(&t);
    if (!ok) gopt_call_input(call, &err);
    return ok;
}

/* ---------------------------------------------------------------- decided */

static gopt_status decided_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                               const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_flow_puzzle *p = puzzle;
    gopt_flow_decided *d = gopt_flow_decided_of(p, o);
    gopt_status status = d->status;
    {
        if (call->opts.json) {
            json_t *j = head(name, p, d->status);
            gopt_assist_decided_json(call, j, d->status, d->solutions, d->decided, d->open, &d->stats);
            json_t *open = json_array();
            for (int v = 0; v < p->nnodes; v++)
                if (d->known.colour[v] == GOPT_FLOW_OPEN) json_array_append_new(open, xy(p, v));
            json_object_set_new(j, "open_cells", open);
            json_object_set_new(j, "rows", d->status == GOPT_INFEASIBLE ? json_null() : rows_json(p, d->known.colour));
            gopt_assist_emit(call, j, w);
        } else {
            const char *what = gopt_assist_count_words(d->status, d->solutions);
            fprintf(call->out, "%s: %s (%s paths), %d of %d cells decided%s\n", name, what,
                    p->untouching ? "untouching" : "simple", d->decided, d->decided + d->open,
                    d->status == GOPT_LIMIT ? " so far (a limit stopped the work)" : "");
            if (d->status != GOPT_INFEASIBLE && !call->opts.quiet) print_boards(call->out, p, d->known.colour, NULL);
        }
    }
    if (call->opts.picture && d->status != GOPT_INFEASIBLE && !gopt_call_picture(call, name, flow_decided_render(p, d)))
        status = GOPT_BAD_INPUT;
    gopt_flow_decided_free(d);
    return status;
}

int flow_run_decided(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    return gopt_assist_each(call, &gopt_game_flow, &b, decided_one, NULL);
}

/* ---------------------------------------------------------------- unique */

static gopt_status unique_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                              const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_flow_puzzle *p = puzzle;
    gopt_flow_pair *x = gopt_flow_pair_of(p, o);
    gopt_status status = x->status;
    {
        int *a = x->first ? colours_of(p, x->first) : NULL, *c = x->second ? colours_of(p, x->second) : NULL;
        if (call->opts.json) {
            json_t *j = head(name, p, x->status);
            json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
            json_t *sols = json_array();
            if (a) json_array_append_new(sols, rows_json(p, a));
            if (c) json_array_append_new(sols, rows_json(p, c));
            json_object_set_new(j, "solutions", sols);
            json_t *differ = json_array();
            for (int k = 0; k < x->ndiffer; k++) json_array_append_new(differ, xy(p, x->differ[k]));
            json_object_set_new(j, "differ", differ);
            gopt_assist_emit(call, j, w);
        } else {
            fprintf(call->out, "%s: ", name);
            if (x->status == GOPT_INFEASIBLE) fprintf(call->out, "no solution (%s paths)\n", p->untouching ? "untouching" : "simple");
            else if (x->solutions == 2) {
                fprintf(call->out, "not unique (%s paths): two solutions differ in %d cells:", p->untouching ? "untouching" : "simple",
                        x->ndiffer);
                gopt_buf t = {0};
                for (int k = 0; k < x->ndiffer; k++) gopt_buf_putc(&t, ' '), flow_node_name(p, x->differ[k], &t);
                fprintf(call->out, "%s\n", t.data ? t.data : "");
                gopt_buf_free(&t);
            } else fprintf(call->out, "%s\n", x->status == GOPT_SOLVED ? (p->untouching ? "unique (untouching paths)" : "unique (simple paths)")
                                                                        : "unknown (a limit stopped the work)");
            if (a && !call->opts.quiet) print_boards(call->out, p, a, c);
        }
        free(a);
        free(c);
    }
    if (call->opts.picture && x->first && !gopt_call_picture(call, name, flow_pair_render(p, x))) status = GOPT_BAD_INPUT;
    gopt_flow_pair_free(x);
    return status;
}

int flow_run_unique(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    return gopt_assist_each(call, &gopt_game_flow, &b, unique_one, NULL);
}

/* ---------------------------------------------------------------- mistakes */

typedef struct wrong_ctx {
    const gopt_flow_puzzle *p;
    const gopt_flow_marks *m;
    const gopt_flow_mistakes *x;
} wrong_ctx;

static void wrong_text(void *ctx, int k, gopt_buf *b) {
    wrong_ctx *c = ctx;
    int v = c->x->wrong[k], colour = c->m->colour[v];
    flow_node_name(c->p, v, b);
    gopt_buf_printf(b, " %s", colour == GOPT_FLOW_EMPTY ? "empty" : c->p->label[colour]);
}

static json_t *wrong_json(void *ctx, int k) {
    wrong_ctx *c = ctx;
    int v = c->x->wrong[k], colour = c->m->colour[v];
    return json_pack("{s:o, s:s}", "cell", xy(c->p, v), "mark", colour == GOPT_FLOW_EMPTY ? "empty" : c->p->label[colour]);
}

static gopt_status mistakes_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                                const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    const gopt_flow_puzzle *p = puzzle;
    const gopt_flow_marks *m = &((const gopt_flow_marks *)ctx)[index];
    gopt_flow_mistakes *x = gopt_flow_mistakes_of(p, m, o);
    wrong_ctx c = {p, m, x};
    gopt_assist_verdict v = {x->status, x->marks, x->completable, x->together, o->all, x->nwrong, "filled cells",
                             wrong_text, wrong_json, &c};
    gopt_status status = gopt_assist_print_verdict(call, name, head(name, p, x->status), &v, w);
    if (call->opts.picture && !gopt_call_picture(call, name, flow_marks_render(p, m, x->wrong, x->nwrong, NULL)))
        status = GOPT_BAD_INPUT;
    gopt_flow_mistakes_free(x);
    return status;
}

/* The verbs that read PUZZLE [ANSWER]: the answers, then each puzzle with its marks. */
static int with_answers(gopt_call *call, gopt_assist_one one) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    size_t n = b.n;
    gopt_flow_marks *marks = gopt_calloc(n + 1, sizeof *marks);
    int code = 2;
    if (read_answers(call, &b, marks)) code = gopt_assist_each(call, &gopt_game_flow, &b, one, marks); /* (frees b) */
    else gopt_batch_free(&gopt_game_flow, &b);
    for (size_t i = 0; i < n; i++) gopt_flow_marks_free(&marks[i]);
    free(marks);
    return code;
}

int flow_run_mistakes(gopt_call *call) {
    if (call->nargs != 2)
        return gopt_call_usage(call, "flow mistakes: expected PUZZLE and ANSWER files (the answer with '?' where not filled)");
    return with_answers(call, mistakes_one);
}

/* ---------------------------------------------------------------- hint */

static json_t *step_json(const gopt_flow_puzzle *p, const gopt_flow_step *st) {
    if (st->edge < 0 && st->node < 0) return json_null();
    if (st->edge >= 0)
        return json_pack("{s:[o,o], s:b}", "edge", xy(p, p->edge_u[st->edge]), xy(p, p->edge_v[st->edge]), "value", st->value);
    return json_pack("{s:o, s:s}", "cell", xy(p, st->node), "colour", st->colour == GOPT_FLOW_EMPTY ? "empty" : p->label[st->colour]);
}

static gopt_status hint_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                            const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    const gopt_flow_puzzle *p = puzzle;
    const gopt_flow_marks *m = &((const gopt_flow_marks *)ctx)[index];
    gopt_flow_hint *h = gopt_flow_hint_of(p, m->colour ? m : NULL, o);
    gopt_status status = h->status;
    bool step = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT;
    const char *rule = h->kind == GOPT_HINT_RULE    ? gopt_flow_rule_name(h->step.rule)
                       : h->kind == GOPT_HINT_TRIAL ? gopt_flow_rule_name(h->step.because)
                                                    : NULL;
    if (call->opts.json) {
        bool split = h->kind == GOPT_HINT_SPLIT || h->kind == GOPT_HINT_GUESS;
        json_t *j = head(name, p, h->status);
        json_object_set_new(j, "hint", gopt_assist_hint_json(h->status, h->kind, rule, step ? step_json(p, &h->step) : json_null(),
                                                             split ? step_json(p, &h->split) : json_null(), h->text));
        gopt_assist_emit(call, j, w);
    } else {
        gopt_assist_print_hint(call, name, h->kind, rule, h->text);
    }
    if (call->opts.picture && !gopt_call_picture(call, name, flow_marks_render(p, m, NULL, 0, step ? &h->step : NULL)))
        status = GOPT_BAD_INPUT;
    gopt_flow_hint_free(h);
    return status;
}

int flow_run_hint(gopt_call *call) { return with_answers(call, hint_one); }

/* ---------------------------------------------------------------- explain */

static gopt_status explain_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                               const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    size_t n = *(const size_t *)ctx;
    const gopt_flow_puzzle *p = puzzle;
    gopt_flow_explanation *x = gopt_flow_explain(p, o);
    gopt_status status = x->status;
    bool sound = x->status == GOPT_SOLVED;
    {
        if (call->opts.json) {
            json_t *j = head(name, p, x->status);
            json_t *steps = json_array();
            for (int k = 0; k < x->nsteps && sound; k++) {
                const gopt_flow_step *st = &x->steps[k];
                json_t *s = step_json(p, st);
                json_object_set_new(s, "rule", json_string(gopt_flow_rule_name(st->rule)));
                if (st->rule == GOPT_FLOW_RULE_TRIAL) json_object_set_new(s, "because", json_string(gopt_flow_rule_name(st->because)));
                gopt_buf t = {0};
                gopt_flow_step_text(p, st, &t);
                json_object_set_new(s, "text", json_string(t.data));
                gopt_buf_free(&t);
                json_array_append_new(steps, s);
            }
            json_object_set_new(j, "steps", steps);
            json_object_set_new(j, "trials", json_integer(x->trials));
            json_object_set_new(j, "guesses", json_integer(x->guesses));
            json_object_set_new(j, "unique", json_boolean(x->solutions == 1));
            if (x->solution && sound) {
                int *c = colours_of(p, x->solution);
                json_object_set_new(j, "rows", rows_json(p, c));
                free(c);
            } else {
                json_object_set_new(j, "rows", json_null());
            }
            if (x->note[0]) json_object_set_new(j, "note", json_string(x->note));
            gopt_assist_emit(call, j, w);
            gopt_flow_explanation_free(x);
            return status;
        }
        if (n > 1) fprintf(call->out, "%s%s:\n", index ? "\n" : "", name);
        gopt_buf t = {0};
        for (int k = 0; k < x->nsteps && sound; k++) {
            t.len = 0;
            gopt_flow_step_text(p, &x->steps[k], &t);
            fprintf(call->out, "%d. %s: %s\n", k + 1, gopt_flow_rule_name(x->steps[k].rule), t.data);
        }
        gopt_buf_free(&t);
        if (!sound) {
            fprintf(call->out, "%s\n", x->note);
        } else {
            fprintf(call->out, "%d steps: %d by the rules alone, %d by a trial, %d guesses (each checked against every solution)%s\n",
                    x->nsteps, x->nsteps - x->trials - x->guesses, x->trials, x->guesses,
                    x->solutions == 2 ? " (the puzzle has more than one solution)" : "");
            int *c = colours_of(p, x->solution);
            print_boards(call->out, p, c, NULL);
            free(c);
        }
        gopt_flow_explanation_free(x);
    }
    return status;
}

int flow_run_explain(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    size_t n = b.n;
    return gopt_assist_each(call, &gopt_game_flow, &b, explain_one, &n);
}

/* ---------------------------------------------------------------- setter */

static gopt_status setter_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                              const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_flow_puzzle *p = puzzle;
    gopt_flow_setter *x = gopt_flow_setter_of(p, o);
    gopt_status status = x->status;
    {
        char *fixed = x->repaired ? gopt_flow_write(x->repaired, NULL) : NULL;
        if (call->opts.json) {
            json_t *j = head(name, p, x->status);
            json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
            json_t *r = json_null();
            if (x->repaired) {
                json_t *splits = json_array();
                for (int k = 0; k < x->nsplits; k++) {
                    const gopt_flow_split *sp = &x->splits[k];
                    json_array_append_new(splits, json_pack("{s:s, s:o, s:s, s:o}", "colour", sp->colour, "end", xy(p, sp->end),
                                                            "new_colour", sp->new_colour, "new_end", xy(p, sp->new_end)));
                }
                r = json_pack("{s:o, s:s}", "splits", splits, "puzzle", fixed);
            }
            json_object_set_new(j, "repair", r);
            gopt_assist_emit(call, j, w);
        } else {
            fprintf(call->out, "%s: ", name);
            const char *paths = p->untouching ? "untouching paths" : "simple paths";
            if (x->status == GOPT_INFEASIBLE) fprintf(call->out, "no solution (%s)\n", paths);
            else if (x->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
            else if (x->solutions == 1) fprintf(call->out, "unique (%s): nothing to repair\n", paths);
            else if (!x->repaired) fprintf(call->out, "not unique (%s), and no splits of paths found make it unique\n", paths);
            else {
                fprintf(call->out, "not unique (%s); %s unique (checked):\n", paths,
                        x->nsplits == 1 ? "this split of a path makes it" : "these splits of paths, in turn, make it");
                gopt_buf t = {0};
                for (int k = 0; k < x->nsplits; k++) {
                    const gopt_flow_split *sp = &x->splits[k];
                    t.len = 0;
                    gopt_buf_printf(&t, "  %s ends at ", sp->colour);
                    flow_node_name(p, sp->end, &t);
                    gopt_buf_printf(&t, "; a new colour %s runs from ", sp->new_colour);
                    flow_node_name(p, sp->new_end, &t);
                    gopt_buf_puts(&t, " to its old far end\n");
                    fputs(t.data, call->out);
                }
                gopt_buf_free(&t);
                fputs(fixed, call->out);
            }
        }
        free(fixed);
    }
    gopt_flow_setter_free(x);
    return status;
}

int flow_run_setter(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    return gopt_assist_each(call, &gopt_game_flow, &b, setter_one, NULL);
}

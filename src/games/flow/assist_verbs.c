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
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(name));
    json_object_set_new(j, "status", json_string(gopt_status_name(status)));
    json_object_set_new(j, "paths", json_string(p->untouching ? "untouching" : "simple"));
    return j;
}

static void finish(gopt_call *call, json_t *j, const gopt_stopwatch *w) {
    double cpu, wall = gopt_stopwatch_read(w, &cpu);
    gopt_json_set_times(j, wall, cpu);
    gopt_json_emit(call->out, j);
}

static gopt_assist_options assist_options(const gopt_call *call) {
    return (gopt_assist_options){.time_limit = call->opts.time_limit,
                                 .all = gopt_opt_find(call->verb->options, "all") && gopt_option_flag(&call->opts, "all")};
}

static int code_of(gopt_status s) { return (int)s; }

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
    if (!gopt_text_load(&t, call->args[1], &err)) return gopt_call_input(call, &err), false;
    bool ok = true;
    for (size_t i = 0; i < b->n && ok; i++) ok = gopt_flow_read_marks(&t, b->items[i].puzzle, &marks[i], &err);
    if (ok && b->n > 0) ok = gopt_flow_answer_end(&t, b->items[b->n - 1].puzzle, &err);
    gopt_text_free(&t);
    if (!ok) gopt_call_input(call, &err);
    return ok;
}

/* ---------------------------------------------------------------- decided */

int flow_run_decided(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_decided *d = gopt_flow_decided_of(p, &o);
        worst = gopt_status_worst(worst, d->status);
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, d->status);
            json_object_set_new(j, "unique", d->status == GOPT_SOLVED || d->solutions >= 2 ? json_boolean(d->solutions == 1) : json_null());
            json_object_set_new(j, "decided", json_integer(d->decided));
            json_object_set_new(j, "open", json_integer(d->open));
            json_t *open = json_array();
            for (int v = 0; v < p->nnodes; v++)
                if (d->known.colour[v] == GOPT_FLOW_OPEN) json_array_append_new(open, xy(p, v));
            json_object_set_new(j, "open_cells", open);
            json_object_set_new(j, "rows", d->status == GOPT_INFEASIBLE ? json_null() : rows_json(p, d->known.colour));
            if (call->opts.stats)
                json_object_set_new(j, "stats", json_pack("{s:I, s:I, s:I}", "answers", (json_int_t)d->stats.answers, "tests",
                                                          (json_int_t)d->stats.tests, "proofs", (json_int_t)d->stats.proofs));
            finish(call, j, &w);
        } else {
            const char *what = d->status == GOPT_INFEASIBLE ? "no solution" : d->solutions >= 2 ? "not unique"
                               : d->status == GOPT_SOLVED  ? "unique" : "unknown";
            fprintf(call->out, "%s: %s (%s paths), %d of %d cells decided%s\n", b.items[i].name, what,
                    p->untouching ? "untouching" : "simple", d->decided, d->decided + d->open,
                    d->status == GOPT_LIMIT ? " so far (a limit stopped the work)" : "");
            if (d->status != GOPT_INFEASIBLE && !call->opts.quiet) print_boards(call->out, p, d->known.colour, NULL);
        }
        gopt_flow_decided_free(d);
    }
    gopt_batch_free(&gopt_game_flow, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- unique */

int flow_run_unique(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_pair *x = gopt_flow_pair_of(p, &o);
        worst = gopt_status_worst(worst, x->status);
        int *a = x->first ? colours_of(p, x->first) : NULL, *c = x->second ? colours_of(p, x->second) : NULL;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, x->status);
            json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
            json_t *sols = json_array();
            if (a) json_array_append_new(sols, rows_json(p, a));
            if (c) json_array_append_new(sols, rows_json(p, c));
            json_object_set_new(j, "solutions", sols);
            json_t *differ = json_array();
            for (int k = 0; k < x->ndiffer; k++) json_array_append_new(differ, xy(p, x->differ[k]));
            json_object_set_new(j, "differ", differ);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
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
        gopt_flow_pair_free(x);
    }
    gopt_batch_free(&gopt_game_flow, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- mistakes */

static void mark_text(const gopt_flow_puzzle *p, const gopt_flow_marks *m, int v, gopt_buf *b) {
    flow_node_name(p, v, b);
    if (m->colour[v] == GOPT_FLOW_EMPTY) gopt_buf_puts(b, " empty");
    else gopt_buf_printf(b, " %s", p->label[m->colour[v]]);
}

int flow_run_mistakes(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    if (call->nargs != 2) {
        gopt_batch_free(&gopt_game_flow, &b);
        return gopt_call_usage(call, "flow mistakes: expected PUZZLE and ANSWER files (the answer with '?' where not filled)");
    }
    gopt_flow_marks *marks = gopt_calloc(b.n + 1, sizeof *marks);
    int code = read_answers(call, &b, marks) ? 0 : 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n && code == 0; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_mistakes *x = gopt_flow_mistakes_of(p, &marks[i], &o);
        /* exit 1 when no solution extends the marks, as `check` does for a wrong answer */
        worst = gopt_status_worst(worst, x->status != GOPT_SOLVED ? x->status : x->completable ? GOPT_SOLVED : GOPT_INFEASIBLE);
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, x->status);
            json_object_set_new(j, "marks", json_integer(x->marks));
            json_object_set_new(j, "completable", x->status == GOPT_SOLVED ? json_boolean(x->completable) : json_null());
            json_object_set_new(j, "together", json_boolean(x->together));
            json_t *wrong = json_array();
            for (int k = 0; k < x->nwrong; k++) {
                int v = x->wrong[k], c = marks[i].colour[v];
                json_array_append_new(wrong, json_pack("{s:o, s:s}", "cell", xy(p, v), "mark", c == GOPT_FLOW_EMPTY ? "empty" : p->label[c]));
            }
            json_object_set_new(j, "mistakes", wrong);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (x->status == GOPT_INFEASIBLE) fputs("the puzzle has no solution\n", call->out);
            else if (x->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
            else if (x->completable) fprintf(call->out, "no mistake: some solution extends all %d filled cells\n", x->marks);
            else {
                fprintf(call->out, "%s\n", x->together ? "no solution holds these cells together (each fits one alone):"
                                           : x->nwrong == 1 && !o.all ? "wrong (the first such cell):"
                                                                       : "wrong (no solution colours any of these cells so):");
                gopt_buf t = {0};
                for (int k = 0; k < x->nwrong; k++) {
                    t.len = 0;
                    mark_text(p, &marks[i], x->wrong[k], &t);
                    fprintf(call->out, "  %s\n", t.data);
                }
                gopt_buf_free(&t);
            }
        }
        gopt_flow_mistakes_free(x);
    }
    for (size_t i = 0; i < b.n; i++) gopt_flow_marks_free(&marks[i]);
    free(marks);
    gopt_batch_free(&gopt_game_flow, &b);
    return code ? code : code_of(worst);
}

/* ---------------------------------------------------------------- hint */

static json_t *step_json(const gopt_flow_puzzle *p, const gopt_flow_step *st) {
    if (st->edge < 0 && st->node < 0) return json_null();
    if (st->edge >= 0)
        return json_pack("{s:[o,o], s:b}", "edge", xy(p, p->edge_u[st->edge]), xy(p, p->edge_v[st->edge]), "value", st->value);
    return json_pack("{s:o, s:s}", "cell", xy(p, st->node), "colour", st->colour == GOPT_FLOW_EMPTY ? "empty" : p->label[st->colour]);
}

int flow_run_hint(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    gopt_flow_marks *marks = gopt_calloc(b.n + 1, sizeof *marks);
    int code = read_answers(call, &b, marks) ? 0 : 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n && code == 0; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_hint *h = gopt_flow_hint_of(p, marks[i].colour ? &marks[i] : NULL, &o);
        worst = gopt_status_worst(worst, h->status);
        bool step = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, h->status);
            json_t *x = json_object();
            json_object_set_new(x, "kind", h->status == GOPT_SOLVED ? json_string(gopt_hint_kind_name(h->kind)) : json_null());
            json_object_set_new(x, "rule", h->kind == GOPT_HINT_RULE ? json_string(gopt_flow_rule_name(h->step.rule))
                                           : h->kind == GOPT_HINT_TRIAL ? json_string(gopt_flow_rule_name(h->step.because))
                                                                         : json_null());
            json_object_set_new(x, "step", step ? step_json(p, &h->step) : json_null());
            json_object_set_new(x, "split", h->kind == GOPT_HINT_SPLIT || h->kind == GOPT_HINT_GUESS ? step_json(p, &h->split) : json_null());
            json_object_set_new(x, "text", json_string(h->text));
            json_object_set_new(j, "hint", x);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (h->kind == GOPT_HINT_RULE) fprintf(call->out, "%s: ", gopt_flow_rule_name(h->step.rule));
            if (h->kind == GOPT_HINT_TRIAL) fputs("trial: ", call->out);
            fprintf(call->out, "%s\n", h->text);
        }
        gopt_flow_hint_free(h);
    }
    for (size_t i = 0; i < b.n; i++) gopt_flow_marks_free(&marks[i]);
    free(marks);
    gopt_batch_free(&gopt_game_flow, &b);
    return code ? code : code_of(worst);
}

/* ---------------------------------------------------------------- explain */

int flow_run_explain(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_explanation *x = gopt_flow_explain(p, &o);
        worst = gopt_status_worst(worst, x->status);
        bool sound = x->status == GOPT_SOLVED;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, x->status);
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
            finish(call, j, &w);
            gopt_flow_explanation_free(x);
            continue;
        }
        if (b.n > 1) fprintf(call->out, "%s%s:\n", i ? "\n" : "", b.items[i].name);
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
    gopt_batch_free(&gopt_game_flow, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- setter */

int flow_run_setter(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, 1 << 20)) return gopt_batch_free(&gopt_game_flow, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_flow_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_flow_setter *x = gopt_flow_setter_of(p, &o);
        worst = gopt_status_worst(worst, x->status);
        char *fixed = x->repaired ? gopt_flow_write(x->repaired, NULL) : NULL;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, p, x->status);
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
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
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
        gopt_flow_setter_free(x);
    }
    gopt_batch_free(&gopt_game_flow, &b);
    return code_of(worst);
}

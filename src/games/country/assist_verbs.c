/* The assist verbs of Country Road: decided, unique, mistakes, hint and setter (rows in
 * verbs.c). Each reads every puzzle first, answers each one, and prints a line (and a drawing)
 * for people or one JSON object per puzzle (docs/formats.md, "Help short of the answer").
 * Cells are [x, y] in JSON (column and row from 0), rRcC in text (from 1). */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/json.h"
#include "gameopt/term.h"

const gopt_opt country_decided_opts[] = {
    GOPT_FLAG("ascii", "draw with ASCII characters"),
    GOPT_OPT_END,
};
const gopt_opt country_mistakes_opts[] = {
    GOPT_FLAG("all", "every wrong mark, not only the first"),
    GOPT_OPT_END,
};

/* ---------------------------------------------------------------- shared */

static json_t *xy(const gopt_country_puzzle *p, int c) { return json_pack("[i,i]", c % p->size.w, c / p->size.w); }

static void cell_name(const gopt_country_puzzle *p, int c, gopt_buf *b) {
    gopt_buf_printf(b, "r%dc%d", c / p->size.w + 1, c % p->size.w + 1);
}

/* A statement in the words of `country explain`: "r2c3-r2c4 on the loop", "r2c3 unused". */
static void statement_text(const gopt_country_puzzle *p, const gopt_country_statement *st, gopt_buf *b) {
    cell_name(p, st->cell, b);
    if (st->side < 0) {
        gopt_buf_puts(b, st->value ? " used" : " unused");
        return;
    }
    int v = gopt_grid_step(p->size, st->cell, (gopt_dir)st->side);
    if (v < 0 || p->room[v] == GOPT_COUNTRY_HOLE) {
        gopt_buf_printf(b, " leaves by %c (off the puzzle)", gopt_dir_char[st->side]);
        return;
    }
    gopt_buf_putc(b, '-');
    cell_name(p, v, b);
    gopt_buf_puts(b, st->value ? " on the loop" : " not on the loop");
}

static json_t *statement_json(const gopt_country_puzzle *p, const gopt_country_statement *st) {
    json_t *j = json_object();
    json_object_set_new(j, "cell", xy(p, st->cell));
    if (st->side < 0) {
        json_object_set_new(j, "mark", json_string(st->value ? "used" : "unused"));
    } else {
        char side[2] = {gopt_dir_char[st->side], 0};
        json_object_set_new(j, "side", json_string(side));
        json_object_set_new(j, "mark", json_string(st->value ? "on" : "off"));
    }
    gopt_buf b = {0};
    statement_text(p, st, &b);
    json_object_set_new(j, "text", json_string(b.data));
    gopt_buf_free(&b);
    return j;
}

static json_t *head(const char *name, gopt_status status) {
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(name));
    json_object_set_new(j, "status", json_string(gopt_status_name(status)));
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

/* The rows of a loop with one string per row, or with `known` the decided part ('?' open). */
static json_t *loop_rows(const gopt_country_puzzle *p, const uint8_t *dirs, const gopt_country_known *known) {
    json_t *rows = json_array();
    gopt_buf b = {0};
    char tok[5];
    for (int r = 0; r < p->size.h; r++) {
        b.len = 0;
        for (int c = 0; c < p->size.w; c++) {
            if (c) gopt_buf_putc(&b, ' ');
            int cell = r * p->size.w + c;
            gopt_buf_puts(&b, known ? gopt_country_known_token(known, cell, tok) : gopt_country_token(dirs[cell], tok));
        }
        json_array_append_new(rows, json_string(b.data ? b.data : ""));
    }
    gopt_buf_free(&b);
    return rows;
}

/* Every puzzle of the call's inputs; an optional ANSWER file (rows of loop tokens) becomes the
 * given answer of a single puzzle. */
static bool read_all(gopt_call *call, gopt_batch *b, bool answer) {
    if (!gopt_call_check(call)) return false;
    int nargs = call->nargs;
    if (answer && nargs == 2) call->nargs = 1;
    bool ok = gopt_batch_read_call(call, b);
    call->nargs = nargs;
    if (!ok) return false;
    if (!answer || nargs != 2) return true;
    if (b->n != 1) return gopt_call_usage(call, "an ANSWER file goes with a file of one puzzle (this one holds %zu)", b->n), false;
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, call->args[1], &err)) return gopt_call_input(call, &err), false;
    gopt_text_skip_ws_comments(&t, '#');
    ok = country_read_loop_rows(&t, b->items[0].puzzle, &err);
    gopt_text_skip_ws_comments(&t, '#');
    if (ok && !gopt_text_eof(&t)) ok = gopt_text_fail(&t, &err, "more than one row per row of the puzzle");
    gopt_text_free(&t);
    if (!ok) gopt_call_input(call, &err);
    return ok;
}

static int code_of(gopt_status s) { return s == GOPT_SOLVED ? 0 : (int)s; }

/* ---------------------------------------------------------------- decided */

/* The decided part drawn: a decided cell as its glyph (unused "·"), an open one as '?'. */
static void draw_known(FILE *out, const gopt_country_puzzle *p, const gopt_country_known *k, bool unicode) {
    for (int r = 0; r < p->size.h; r++) {
        for (int c = 0; c < p->size.w; c++) {
            int cell = r * p->size.w + c;
            if (p->room[cell] == GOPT_COUNTRY_HOLE) fputs(" ", out);
            else if (!gopt_country_known_cell(k, cell)) fputs("?", out);
            else if (!k->on[cell]) fputs(unicode ? "·" : ".", out);
            else fputs(gopt_term_pipe(k->on[cell], unicode), out);
        }
        fputc('\n', out);
    }
}

static const char *count_words(long solutions, gopt_status s) {
    if (s == GOPT_INFEASIBLE) return "no solution";
    if (solutions >= 2) return "not unique";
    return s == GOPT_SOLVED ? "unique" : "unknown";
}

int country_run_decided(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_country_decided *d = gopt_country_decided_of(p, &o);
        worst = gopt_status_worst(worst, d->status);
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, d->status);
            json_object_set_new(j, "unique", d->status == GOPT_SOLVED || d->solutions >= 2 ? json_boolean(d->solutions == 1) : json_null());
            json_object_set_new(j, "decided", json_integer(d->decided));
            json_object_set_new(j, "open", json_integer(d->open));
            json_t *open = json_array();
            for (int c = 0; c < d->known.ncells; c++)
                if (p->room[c] != GOPT_COUNTRY_HOLE && !gopt_country_known_cell(&d->known, c)) json_array_append_new(open, xy(p, c));
            json_object_set_new(j, "open_cells", open);
            json_object_set_new(j, "rows", d->status == GOPT_INFEASIBLE ? json_null() : loop_rows(p, NULL, &d->known));
            if (call->opts.stats)
                json_object_set_new(j, "stats", json_pack("{s:I, s:I, s:I}", "answers", (json_int_t)d->stats.answers, "tests",
                                                          (json_int_t)d->stats.tests, "proofs", (json_int_t)d->stats.proofs));
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: %s, %d of %d cells decided", b.items[i].name, count_words(d->solutions, d->status),
                    d->decided, d->decided + d->open);
            if (d->status == GOPT_LIMIT) fputs(" so far (a limit stopped the work)", call->out);
            fputc('\n', call->out);
            if (d->status != GOPT_INFEASIBLE && !call->opts.quiet)
                draw_known(call->out, p, &d->known, !gopt_option_flag(&call->opts, "ascii"));
        }
        gopt_country_decided_free(d);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- unique */

static void draw_row(FILE *out, const gopt_country_puzzle *p, const uint8_t *dirs, const uint8_t *differ, int r, bool unicode) {
    for (int c = 0; c < p->size.w; c++) {
        int cell = r * p->size.w + c;
        bool mark = differ && differ[cell];
        if (p->room[cell] == GOPT_COUNTRY_HOLE) fputs(" ", out);
        else if (mark && !unicode) fputs("#", out);
        else if (!dirs[cell]) fputs(mark ? "•" : unicode ? "·" : ".", out);
        else fputs(mark ? gopt_term_pipe_heavy(dirs[cell]) : gopt_term_pipe(dirs[cell], unicode), out);
    }
}

int country_run_unique(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    bool unicode = !gopt_option_flag(&call->opts, "ascii");
    for (size_t i = 0; i < b.n; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_country_pair *x = gopt_country_pair_of(p, &o);
        worst = gopt_status_worst(worst, x->status);
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, x->status);
            json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
            json_t *sols = json_array();
            if (x->first) json_array_append_new(sols, loop_rows(p, x->first, NULL));
            if (x->second) json_array_append_new(sols, loop_rows(p, x->second, NULL));
            json_object_set_new(j, "solutions", sols);
            json_t *differ = json_array();
            for (int k = 0; k < x->ndiffer; k++) json_array_append_new(differ, xy(p, x->differ[k]));
            json_object_set_new(j, "differ", differ);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (x->status == GOPT_INFEASIBLE) fputs("no solution\n", call->out);
            else if (x->solutions == 2)
                fprintf(call->out, "not unique: two solutions differ in %d cells (marked in both)\n", x->ndiffer);
            else fprintf(call->out, "%s\n", x->status == GOPT_SOLVED ? "unique" : "unknown (a limit stopped the work)");
            uint8_t *mark = gopt_calloc((size_t)gopt_grid_cells(p->size) + 1, 1);
            for (int k = 0; k < x->ndiffer; k++) mark[x->differ[k]] = 1;
            for (int r = 0; r < p->size.h && x->first && !call->opts.quiet; r++) {
                draw_row(call->out, p, x->first, mark, r, unicode);
                if (x->second) fputs("   ", call->out), draw_row(call->out, p, x->second, mark, r, unicode);
                fputc('\n', call->out);
            }
            free(mark);
        }
        gopt_country_pair_free(x);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- mistakes */

int country_run_mistakes(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, true)) return gopt_batch_free(&gopt_game_country, &b), 2;
    for (size_t i = 0; i < b.n; i++)
        if (!((gopt_country_puzzle *)b.items[i].puzzle)->given) {
            int code = gopt_call_usage(call, "%s: no answer to look at: give the puzzle with its partial answer, or an ANSWER file",
                                       b.items[i].name);
            gopt_batch_free(&gopt_game_country, &b);
            return code;
        }
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_country_mistakes *x = gopt_country_mistakes_of(p, &o);
        /* exit 1 when no solution extends the marks, as `check` does for a wrong loop */
        worst = gopt_status_worst(worst, x->status != GOPT_SOLVED ? x->status : x->completable ? GOPT_SOLVED : GOPT_INFEASIBLE);
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, x->status);
            json_object_set_new(j, "marks", json_integer(x->marks));
            json_object_set_new(j, "completable", x->status == GOPT_SOLVED ? json_boolean(x->completable) : json_null());
            json_object_set_new(j, "together", json_boolean(x->together));
            json_t *wrong = json_array();
            for (int k = 0; k < x->nwrong; k++) json_array_append_new(wrong, statement_json(p, &x->wrong[k]));
            json_object_set_new(j, "mistakes", wrong);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (x->status == GOPT_INFEASIBLE) fputs("the puzzle has no solution\n", call->out);
            else if (x->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
            else if (x->completable) fprintf(call->out, "no mistake: some solution extends all %d marks\n", x->marks);
            else {
                fprintf(call->out, "%s\n", x->together ? "no solution holds these marks together (each fits one alone):"
                                           : x->nwrong == 1 && !o.all ? "wrong (the first such mark):"
                                                                       : "wrong (no solution holds any of these marks):");
                gopt_buf t = {0};
                for (int k = 0; k < x->nwrong; k++) {
                    t.len = 0;
                    statement_text(p, &x->wrong[k], &t);
                    fprintf(call->out, "  %s\n", t.data);
                }
                gopt_buf_free(&t);
            }
        }
        gopt_country_mistakes_free(x);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- hint */

static json_t *var_json(const gopt_country_puzzle *p, const int cells[2]) {
    if (cells[0] < 0) return json_null();
    if (cells[1] < 0) return json_pack("{s:o}", "cell", xy(p, cells[0]));
    return json_pack("{s:[o,o]}", "edge", xy(p, cells[0]), xy(p, cells[1]));
}

int country_run_hint(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, true)) return gopt_batch_free(&gopt_game_country, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_country_hint *h = gopt_country_hint_of(p, &o);
        worst = gopt_status_worst(worst, h->status);
        bool step = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, h->status);
            json_t *x = json_object();
            json_object_set_new(x, "kind", h->status == GOPT_SOLVED ? json_string(gopt_hint_kind_name(h->kind)) : json_null());
            json_object_set_new(x, "rule", step ? json_string(gopt_country_rule_name(h->rule)) : json_null());
            json_object_set_new(x, "step", step ? var_json(p, h->cells) : json_null());
            if (step) {
                json_t *st = json_object_get(x, "step");
                json_object_set_new(st, "value", json_boolean(h->value));
                json_object_set_new(st, "mark", json_string(h->cells[1] < 0 ? (h->value ? "used" : "unused") : h->value ? "on" : "off"));
            }
            json_object_set_new(x, "split", var_json(p, h->split));
            json_object_set_new(x, "text", json_string(h->text));
            json_object_set_new(j, "hint", x);
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (h->kind == GOPT_HINT_RULE) fprintf(call->out, "%s: ", gopt_country_rule_name(h->rule));
            if (h->kind == GOPT_HINT_TRIAL) fputs("trial: ", call->out);
            fprintf(call->out, "%s\n", h->text);
        }
        gopt_country_hint_free(h);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code_of(worst);
}

/* ---------------------------------------------------------------- setter */

static json_t *rooms_json(const gopt_country_puzzle *p, const int *rooms, const int *numbers, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_pack("{s:i, s:o, s:i}", "room", rooms[i], "cell", xy(p, p->room_first[rooms[i]]), "number",
                                           numbers ? numbers[i] : p->number[rooms[i]]));
    return a;
}

static void rooms_text(FILE *out, const gopt_country_puzzle *p, const int *rooms, const int *numbers, int n) {
    gopt_buf b = {0};
    for (int i = 0; i < n; i++) {
        gopt_buf_putc(&b, ' ');
        cell_name(p, p->room_first[rooms[i]], &b);
        gopt_buf_printf(&b, "=%d", numbers ? numbers[i] : p->number[rooms[i]]);
    }
    fputs(b.data ? b.data : "", out);
    gopt_buf_free(&b);
}

int country_run_setter(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    gopt_assist_options o = assist_options(call);
    gopt_status worst = GOPT_SOLVED;
    for (size_t i = 0; i < b.n; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        gopt_stopwatch w = gopt_stopwatch_start();
        gopt_country_setter *x = gopt_country_setter_of(p, &o);
        worst = gopt_status_worst(worst, x->status);
        char *fixed = NULL;
        if (x->repaired) {
            const char *why;
            const char *fmt = "url";
            fixed = gopt_country_write(x->repaired, NULL, fmt, &why);
            if (!fixed) fixed = gopt_country_write(x->repaired, NULL, "text", &why);
        }
        int numbered = 0;
        for (int r = 0; r < p->nrooms; r++) numbered += p->number[r] >= 0;
        if (call->opts.json) {
            json_t *j = head(b.items[i].name, x->status);
            json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
            json_object_set_new(j, "numbers", json_integer(numbered));
            json_object_set_new(j, "redundant", rooms_json(p, x->redundant, NULL, x->nredundant));
            json_object_set_new(j, "removable_together", rooms_json(p, x->together, NULL, x->ntogether));
            json_object_set_new(j, "repair", rooms_json(p, x->repair_room, x->repair_number, x->nrepair));
            char *nl = fixed ? strchr(fixed, '\n') : NULL;
            if (nl && !nl[1]) *nl = 0; /* a one-line link: no line end inside JSON */
            json_object_set_new(j, "repaired", fixed ? json_string(fixed) : json_null());
            finish(call, j, &w);
        } else {
            fprintf(call->out, "%s: ", b.items[i].name);
            if (x->status == GOPT_INFEASIBLE) fputs("no solution\n", call->out);
            else if (x->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
            else if (x->solutions == 1) {
                fprintf(call->out, "unique; %d of %d numbers can go (each alone):", x->nredundant, numbered);
                rooms_text(call->out, p, x->redundant, NULL, x->nredundant);
                fprintf(call->out, "\n  these %d can go together:", x->ntogether);
                rooms_text(call->out, p, x->together, NULL, x->ntogether);
                fputc('\n', call->out);
            } else if (x->nrepair == 0) {
                fputs("not unique, and no room number added to the first solution makes it unique\n", call->out);
            } else {
                fprintf(call->out, "not unique; adding %s makes it unique (checked):", x->nrepair == 1 ? "this number" : "these numbers");
                rooms_text(call->out, p, x->repair_room, x->repair_number, x->nrepair);
                fprintf(call->out, "\n  %s%s", fixed ? fixed : "", fixed && fixed[strlen(fixed) - 1] == '\n' ? "" : "\n");
            }
        }
        free(fixed);
        gopt_country_setter_free(x);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code_of(worst);
}

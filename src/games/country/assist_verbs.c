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
    if (!gopt_read_named(&call->opts, call->args[1], &t, &err)) return gopt_call_input(call, &err), false;
    gopt_text_skip_ws_comments(&t, '#');
    ok = country_read_loop_rows(&t, b->items[0].puzzle, &err);
    gopt_text_skip_ws_comments(&t, '#');
    if (ok && !gopt_text_eof(&t)) ok = gopt_text_fail(&t, &err, "text after the answer's last row (one row of tokens per row of the puzzle)");
    gopt_text_free(&t);
    if (!ok) gopt_call_input(call, &err);
    return ok;
}

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

static gopt_status decided_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                               const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_country_puzzle *p = puzzle;
    gopt_country_decided *d = gopt_country_decided_of(p, o);
    gopt_status status = d->status;
    if (call->opts.json) {
        json_t *j = gopt_assist_head(name, d->status);
        gopt_assist_decided_json(call, j, d->status, d->solutions, d->decided, d->open, &d->stats);
        json_t *open = json_array();
        for (int c = 0; c < d->known.ncells; c++)
            if (p->room[c] != GOPT_COUNTRY_HOLE && !gopt_country_known_cell(&d->known, c)) json_array_append_new(open, xy(p, c));
        json_object_set_new(j, "open_cells", open);
        json_object_set_new(j, "rows", d->status == GOPT_INFEASIBLE ? json_null() : loop_rows(p, NULL, &d->known));
        gopt_assist_emit(call, j, w);
    } else {
        fprintf(call->out, "%s: %s, %d of %d cells decided", name, gopt_assist_count_words(d->status, d->solutions), d->decided,
                d->decided + d->open);
        if (d->status == GOPT_LIMIT) fputs(" so far (a limit stopped the work)", call->out);
        fputc('\n', call->out);
        if (d->status != GOPT_INFEASIBLE && !call->opts.quiet) draw_known(call->out, p, &d->known, !gopt_option_flag(&call->opts, "ascii"));
    }
    if (call->opts.picture && d->status != GOPT_INFEASIBLE && !gopt_call_picture(call, name, country_decided_render(p, d)))
        status = GOPT_BAD_INPUT;
    gopt_country_decided_free(d);
    return status;
}

int country_run_decided(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    return gopt_assist_each(call, &gopt_game_country, &b, decided_one, NULL);
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

static gopt_status unique_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                              const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_country_puzzle *p = puzzle;
    gopt_country_pair *x = gopt_country_pair_of(p, o);
    gopt_status status = x->status;
    if (call->opts.json) {
        json_t *j = gopt_assist_head(name, x->status);
        json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
        json_t *sols = json_array();
        if (x->first) json_array_append_new(sols, loop_rows(p, x->first, NULL));
        if (x->second) json_array_append_new(sols, loop_rows(p, x->second, NULL));
        json_object_set_new(j, "solutions", sols);
        json_t *differ = json_array();
        for (int k = 0; k < x->ndiffer; k++) json_array_append_new(differ, xy(p, x->differ[k]));
        json_object_set_new(j, "differ", differ);
        gopt_assist_emit(call, j, w);
    } else {
        bool unicode = !gopt_option_flag(&call->opts, "ascii");
        fprintf(call->out, "%s: ", name);
        if (x->status == GOPT_INFEASIBLE) fputs("no solution\n", call->out);
        else if (x->solutions == 2) fprintf(call->out, "not unique: two solutions differ in %d cells (marked in both)\n", x->ndiffer);
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
    if (call->opts.picture && x->first && !gopt_call_picture(call, name, country_pair_render(p, x))) status = GOPT_BAD_INPUT;
    gopt_country_pair_free(x);
    return status;
}

int country_run_unique(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    return gopt_assist_each(call, &gopt_game_country, &b, unique_one, NULL);
}

/* ---------------------------------------------------------------- mistakes */

typedef struct wrong_ctx {
    const gopt_country_puzzle *p;
    const gopt_country_mistakes *x;
} wrong_ctx;

static void wrong_text(void *ctx, int k, gopt_buf *b) {
    wrong_ctx *c = ctx;
    statement_text(c->p, &c->x->wrong[k], b);
}

static json_t *wrong_json(void *ctx, int k) {
    wrong_ctx *c = ctx;
    return statement_json(c->p, &c->x->wrong[k]);
}

static gopt_status mistakes_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                                const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_country_puzzle *p = puzzle;
    gopt_country_mistakes *x = gopt_country_mistakes_of(p, o);
    wrong_ctx c = {p, x};
    gopt_assist_verdict v = {x->status, x->marks, x->completable, x->together, o->all, x->nwrong, "marks", wrong_text, wrong_json, &c};
    gopt_status status = gopt_assist_print_verdict(call, name, gopt_assist_head(name, x->status), &v, w);
    if (call->opts.picture && !gopt_call_picture(call, name, country_marks_render(p, x->wrong, x->nwrong, NULL, false)))
        status = GOPT_BAD_INPUT;
    gopt_country_mistakes_free(x);
    return status;
}

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
    return gopt_assist_each(call, &gopt_game_country, &b, mistakes_one, NULL);
}

/* ---------------------------------------------------------------- hint */

static json_t *var_json(const gopt_country_puzzle *p, const int cells[2]) {
    if (cells[0] < 0) return json_null();
    if (cells[1] < 0) return json_pack("{s:o}", "cell", xy(p, cells[0]));
    return json_pack("{s:[o,o]}", "edge", xy(p, cells[0]), xy(p, cells[1]));
}

static gopt_status hint_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                            const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_country_puzzle *p = puzzle;
    gopt_country_hint *h = gopt_country_hint_of(p, o);
    gopt_status status = h->status;
    bool step = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT;
    if (call->opts.json) {
        json_t *st = step ? var_json(p, h->cells) : json_null();
        if (step) {
            json_object_set_new(st, "value", json_boolean(h->value));
            json_object_set_new(st, "mark", json_string(h->cells[1] < 0 ? (h->value ? "used" : "unused") : h->value ? "on" : "off"));
        }
        json_t *j = gopt_assist_head(name, h->status);
        /* a rule only for a rule's step or a trial's (the rule the other value breaks); a split has none */
        bool ruled = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL;
        json_object_set_new(j, "hint", gopt_assist_hint_json(h->status, h->kind, ruled ? gopt_country_rule_name(h->rule) : NULL, st,
                                                             var_json(p, h->split), h->text));
        gopt_assist_emit(call, j, w);
    } else {
        gopt_assist_print_hint(call, name, h->kind, gopt_country_rule_name(h->rule), h->text);
    }
    if (call->opts.picture && !gopt_call_picture(call, name, country_marks_render(p, NULL, 0, step ? h->cells : NULL, h->value)))
        status = GOPT_BAD_INPUT;
    gopt_country_hint_free(h);
    return status;
}

int country_run_hint(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, true)) return gopt_batch_free(&gopt_game_country, &b), 2;
    return gopt_assist_each(call, &gopt_game_country, &b, hint_one, NULL);
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

static gopt_status setter_one(gopt_call *call, size_t index, const char *name, const void *puzzle,
                              const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx) {
    (void)index, (void)ctx;
    const gopt_country_puzzle *p = puzzle;
    gopt_country_setter *x = gopt_country_setter_of(p, o);
    gopt_status status = x->status;
    char *fixed = NULL;
    if (x->repaired) {
        const char *why;
        fixed = gopt_country_write(x->repaired, NULL, "url", &why);
        if (!fixed) fixed = gopt_country_write(x->repaired, NULL, "text", &why);
    }
    int numbered = 0;
    for (int r = 0; r < p->nrooms; r++) numbered += p->number[r] >= 0;
    if (call->opts.json) {
        json_t *j = gopt_assist_head(name, x->status);
        json_object_set_new(j, "unique", x->status == GOPT_SOLVED ? json_boolean(x->solutions == 1) : json_null());
        json_object_set_new(j, "numbers", json_integer(numbered));
        json_object_set_new(j, "redundant", rooms_json(p, x->redundant, NULL, x->nredundant));
        json_object_set_new(j, "removable_together", rooms_json(p, x->together, NULL, x->ntogether));
        json_object_set_new(j, "repair", rooms_json(p, x->repair_room, x->repair_number, x->nrepair));
        char *nl = fixed ? strchr(fixed, '\n') : NULL;
        if (nl && !nl[1]) *nl = 0; /* a one-line link: no line end inside JSON */
        json_object_set_new(j, "repaired", fixed ? json_string(fixed) : json_null());
        gopt_assist_emit(call, j, w);
    } else {
        fprintf(call->out, "%s: ", name);
        if (x->status == GOPT_INFEASIBLE) fputs("no solution\n", call->out);
        else if (x->status != GOPT_SOLVED) fputs("unknown (a limit stopped the work)\n", call->out);
        else if (x->solutions == 1) {
            fprintf(call->out, "unique; %d of %d numbers can go (each alone):", x->nredundant, numbered);
            rooms_text(call->out, p, x->redundant, NULL, x->nredundant);
            fprintf(call->out, "\n  these %d can go together:", x->ntogether);
            rooms_text(call->out, p, x->together, NULL, x->ntogether);
            fputc('\n', call->out);
        } else if (x->nrepair == 0) {
            fputs("not unique, and no room numbers added to the first solution make it unique\n", call->out);
        } else {
            fprintf(call->out, "not unique; adding %s makes it unique (checked):", x->nrepair == 1 ? "this number" : "these numbers");
            rooms_text(call->out, p, x->repair_room, x->repair_number, x->nrepair);
            fprintf(call->out, "\n  %s%s", fixed ? fixed : "", fixed && fixed[strlen(fixed) - 1] == '\n' ? "" : "\n");
        }
    }
    free(fixed);
    gopt_country_setter_free(x);
    return status;
}

int country_run_setter(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_all(call, &b, false)) return gopt_batch_free(&gopt_game_country, &b), 2;
    return gopt_assist_each(call, &gopt_game_country, &b, setter_one, NULL);
}

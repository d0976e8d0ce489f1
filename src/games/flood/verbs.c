/* The verbs of Flood-It: solve (the generic batch), check (replay sequences), hint (an
 * optimal next move from a position), par (the optimum of Tatham game IDs), generate and
 * convert (between formats), with their option tables. Declared in the game's table (game.c), run by any driver. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "split.h"
#include "open_list.h" /* FLOOD_MAX_G: the longest sequence the searches hold */
#include "gameopt/alloc.h"
#include "gameopt/json.h"

/* ---- the option tables ---- */

#define START_OPT GOPT_STRING("start", "ROW,COL", "ul", "the flooded corner: ROW,COL from 1, or ul ur ll lr m")
#define BOARD_OPT GOPT_INT("board", "N", "1", 1, 1000000000, "which board of the file (from 1)")
#define BEAM_OPT GOPT_INT("beam-width", "N", "400", 1, 1 << 20, "states kept per step by --method beam, and when given by the beam that bounds the exact methods")

#define SHORTER_OPT GOPT_INT("shorter-than", "N", "0", 0, FLOOD_MAX_G, "exact methods look only for sequences shorter than N; none: the answer is the heuristic's, with N as proven lower bound (a part of flood split); 0: any")

const gopt_opt flood_solve_opts[] = {
    START_OPT,
    BEAM_OPT,
    GOPT_INT("depth", "N", "3", 1, 6, "moves looked ahead by --method lookahead"),
    GOPT_FLAG("no-frames", "pictures show the board alone, without the strip of frames"),
    SHORTER_OPT,
    GOPT_STATE("checkpoint", "FILE", "A* whose memory fills keeps its store and progress in FILE (about the memory limit); run again with it to resume (one board; one process at a time: FILE.lock holds it while in use)"),
    GOPT_OPT_END,
};
/* convert (the generic verb, src/core/convert.c; what each format holds: convert.c); `blocks`
 * is a way of reading grid files, so it is not a choice here */
static const char *const convert_formats[] = {"grid", "compact", "99problems", "puchert", "tatham", NULL};
static const gopt_opt convert_opts[] = {
    START_OPT,
    GOPT_ENUM("to", "FORMAT", NULL, convert_formats,
              "grid, compact, 99problems, puchert or tatham (an error when the format cannot hold the board: compact is "
              "square, Tatham IDs hold 10 colours, only puchert holds a start other than the top-left corner)"),
    GOPT_OPT_END,
};
static const gopt_opt check_opts[] = {
    START_OPT,
    GOPT_STRING("moves", "MOVES", NULL, "the sequence to replay on a one-board file, e.g. 6252541"),
    GOPT_OPT_END,
};
static const gopt_opt hint_opts[] = {
    START_OPT,
    BOARD_OPT,
    BEAM_OPT,
    SHORTER_OPT,
    GOPT_OPT_END,
};
static const gopt_opt split_opts[] = {
    START_OPT,
    BOARD_OPT,
    GOPT_INT("depth", "D", "1", 1, 16, "moves after those given"),
    GOPT_OPT_END,
};
static const gopt_opt par_opts[] = {BEAM_OPT, GOPT_OPT_END};
const gopt_opt flood_generate_opts[] = {
    GOPT_SIZE("size", "14x14", 1, GOPT_FLOOD_MAX_SIDE, "board size (at most 4194304 cells)"),
    GOPT_INT("colours", "C", "6", 1, GOPT_FLOOD_MAX_COLOURS, "number of colours"),
    GOPT_OPT_END,
};

/* ---- shared helpers ---- */

/* --start is checked before any input is read (the parser checks it against each board). */
static bool start_ok(gopt_call *call) {
    const char *start = gopt_option(&call->opts, "start");
    if (!start || gopt_flood_start_valid(start)) return true;
    return gopt_call_usage(call, "--start %s: use ROW,COL (counted from 1) or ul, ur, ll, lr, m", start), false;
}

static bool boards_read(gopt_text *t, const gopt_options *o, gopt_batch *b, gopt_error *err) {
    size_t first = b->n;
    for (;;) {
        void *p = NULL;
        int r = gopt_game_flood.parse(t, o, &p, err);
        if (r < 0) return false;
        if (r == 0) break;
        gopt_grow(&b->items, &b->cap, b->n + 1, sizeof *b->items);
        b->items[b->n++] = (gopt_named){p, NULL};
    }
    if (b->n == first) return gopt_fail(err, t->name, 0, 0, "no flood board found");
    return true;
}

/* The options of o that the solver takes (a verb's own, such as --board, stay behind). */
static gopt_options solve_options(const gopt_options *o) {
    gopt_options s = *o;
    s.nextra = 0;
    for (int i = 0; i < o->nextra; i++) {
        const gopt_opt *spec = gopt_opt_find(flood_solve_opts, o->extra[i].spec->name);
        if (spec) s.extra[s.nextra++] = (gopt_opt_value){spec, o->extra[i].text, {o->extra[i].n[0], o->extra[i].n[1]}, o->extra[i].x};
    }
    return s;
}

static int run_solve(gopt_call *call) { return start_ok(call) ? gopt_run_solve(call) : 2; }

/* ---- check ---- */

/* The next sequence of a solutions file: one line per board ("[]" for none; blank and '#'
 * lines are skipped); aaronpuchert's output ("A shortest sequence ...", then
 * "[first] m1 m2 ...") too. */
static bool next_sequence(gopt_text *t, const gopt_flood_puzzle *p, uint8_t **moves, int *n, gopt_error *err) {
    for (;;) {
        if (gopt_text_eof(t)) return gopt_text_fail(t, err, "no sequence for this board (one line per board)");
        gopt_text_mark at = gopt_text_save(t);
        size_t len;
        const char *line = gopt_text_line(t, &len);
        size_t skip = 0;
        while (skip < len && (line[skip] == ' ' || line[skip] == '\t')) skip++;
        if (skip == len || line[skip] == '#') continue;
        if (len - skip >= 10 && strncmp(line + skip, "A shortest", 10) == 0) continue;
        char *text = gopt_strndup(line, len);
        char *body = text + skip;
        if (*body == '[') { /* "[initial colour] moves", or "[]" for none */
            char *close = strchr(body, ']');
            body = close ? close + 1 : body + strlen(body);
        }
        char why[160];
        size_t bad = 0;
        *n = gopt_flood_moves_parse(p, body, moves, why, sizeof why, &bad);
        if (*n < 0) {
            at.col += (int)(body - text + (long)bad);
            gopt_text_fail_at(t, at, err, "%s", why);
        }
        free(text);
        return *n >= 0;
    }
}

/* Every sequence (one per board) from the SOLUTIONS file or --moves, before printing. */
static bool read_sequences(gopt_call *call, const gopt_batch *b, uint8_t **seq, int *len, int *optimum, bool *proven,
                           gopt_error *err) {
    const char *moves_opt = gopt_option(&call->opts, "moves");
    gopt_text t = {0}; /* freed below also when loading the file failed */
    bool ok = true;
    if (moves_opt) gopt_text_from_string(&t, "--moves", moves_opt);
    else ok = gopt_read_named(&call->opts, call->args[1], &t, err);
    *proven = ok && !moves_opt && flood_proven_table(t.data);
    if (*proven) {
        ok = flood_proven_read(&t, b, seq, len, optimum, err);
        gopt_text_free(&t);
        return ok;
    }
    for (size_t i = 0; ok && i < b->n; i++) ok = next_sequence(&t, b->items[i].puzzle, &seq[i], &len[i], err);
    if (ok && moves_opt && b->n > 1) ok = gopt_fail(err, "--moves", 0, 0, "the file has %zu boards; use a SOLUTIONS file", b->n);
    if (ok) {
        gopt_text_skip_ws_comments(&t, '#');
        if (!gopt_text_eof(&t)) ok = gopt_text_fail(&t, err, "more sequences than the %zu boards", b->n);
    }
    if (ok || t.data) gopt_text_free(&t);
    return ok;
}

/* Checks each board's sequence (only the listed ones, and their claimed optimum, for a
 * proven table: optimum[i] >= 0) and prints one line each and a summary. */
static int print_checks(gopt_call *call, const gopt_batch *b, uint8_t **seq, const int *len, const int *optimum, bool proven) {
    const gopt_options *o = &call->opts;
    long total = 0, good = 0, listed = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (proven && optimum[i] < 0) continue;
        listed++;
        char why[256] = "";
        const char *name = b->items[i].name;
        bool valid = gopt_flood_check(b->items[i].puzzle, seq[i], len[i], why, sizeof why);
        if (valid && proven && len[i] != optimum[i]) {
            snprintf(why, sizeof why, "%d moves, but the table says the optimum is %d", len[i], optimum[i]);
            valid = false;
        }
        good += valid;
        total += len[i];
        char *line = valid && o->quiet ? gopt_strdup("")
                     : valid ? gopt_format("%s: ok, %d moves\n", name, len[i])
                             : gopt_format("%s: fails: %s\n", name, why);
        gopt_call_check_result(call, name, valid, why, json_pack("{s:I, s:i}", "index", (json_int_t)i, "length", len[i]), line);
        free(line);
    }
    if (proven) fprintf(call->out, "%ld of %zu boards listed: %ld ok, %ld moves in total\n", listed, b->n, good, total);
    else fprintf(call->out, "%zu boards: %ld ok, %ld moves in total\n", b->n, good, total);
    return good == listed ? GOPT_SOLVED : GOPT_INFEASIBLE;
}

static int run_check(gopt_call *call) {
    const char *moves_opt = gopt_option(&call->opts, "moves");
    if (!gopt_call_check(call) || !start_ok(call)) return GOPT_BAD_INPUT;
    if (call->nargs < 1 || call->nargs > 2 || (moves_opt && call->nargs != 1))
        return gopt_call_usage(call, "flood check: use BOARDS SOLUTIONS, or BOARDS --moves MOVES (see --help)");
    if (!moves_opt && call->nargs != 2) return gopt_call_usage(call, "flood check: which sequences? give SOLUTIONS or --moves");
    gopt_batch b = {0};
    gopt_error err = {0};
    int code = 2;
    if (!gopt_batch_read(&gopt_game_flood, call->args[0], &call->opts, &b, &err)) {
        gopt_call_input(call, &err);
    } else {
        gopt_batch_warnings(&b, call->diag);
        uint8_t **seq = gopt_calloc(b.n, sizeof *seq);
        int *len = gopt_calloc(b.n, sizeof *len), *optimum = gopt_malloc(b.n * sizeof *optimum);
        for (size_t i = 0; i < b.n; i++) optimum[i] = -1;
        bool proven = false;
        if (read_sequences(call, &b, seq, len, optimum, &proven, &err)) {
            code = print_checks(call, &b, seq, len, optimum, proven);
        } else {
            code = gopt_call_input(call, &err);
        }
        free(optimum);
        for (size_t i = 0; i < b.n; i++) free(seq[i]);
        free(seq);
        free(len);
    }
    gopt_batch_free(&gopt_game_flood, &b);
    return code;
}

/* ---- hint ---- */

static void print_hint(gopt_call *call, const gopt_flood_puzzle *q, int played, const gopt_answer *a) {
    const gopt_flood_solution *s = a->solution;
    const gopt_flood_result *r = a->extra;
    char *rest = gopt_flood_moves_text(q, s->moves, s->length);
    char *next = s->length ? gopt_flood_moves_text(q, s->moves, 1) : gopt_strdup("");
    bool optimal = r && r->optimal;
    gopt_call_answer(call, a,
                     json_pack("{s:i,s:s?,s:i,s:s,s:b,s:i,s:I}", "played", played, "move", s->length ? next : NULL,
                               "remaining", s->length, "moves", rest, "optimal", optimal, "lower_bound",
                               r ? r->lower_bound : 0, "nodes", (json_int_t)(r ? r->nodes : 0)));
    if (s->length == 0) {
        fprintf(call->out, "the board is flooded after %d moves\n", played);
    } else {
        char proof[64];
        if (optimal) snprintf(proof, sizeof proof, " (optimal)");
        else if (a->status == GOPT_LIMIT) snprintf(proof, sizeof proof, " (a limit stopped the proof at %d)", r ? r->lower_bound : 0);
        else if (r && r->lower_bound > 0) snprintf(proof, sizeof proof, " (at least %d)", r->lower_bound);
        else snprintf(proof, sizeof proof, " (not proven)");
        fprintf(call->out, "play %s; %d moves finish the board%s: %s\n", next, s->length, proof, rest);
    }
    free(rest);
    free(next);
}

/* The moves given after the board, as one string of the board's colours. */
static int played_moves(gopt_call *call, const gopt_flood_puzzle *p, uint8_t **moves) {
    gopt_buf played = {0};
    gopt_buf_puts(&played, "");
    for (int i = 1; i < call->nargs; i++) {
        gopt_buf_puts(&played, call->args[i]);
        gopt_buf_putc(&played, ' ');
    }
    char why[160];
    int n = gopt_flood_moves_parse(p, played.data, moves, why, sizeof why, NULL);
    gopt_buf_free(&played);
    if (n < 0) gopt_call_usage(call, "flood hint: %s", why);
    return n;
}

static int hint_from(gopt_call *call, const gopt_flood_puzzle *p) {
    uint8_t *moves;
    int n = played_moves(call, p, &moves);
    if (n < 0) return GOPT_BAD_INPUT;
    gopt_flood_puzzle *q = flood_position_after(p, moves, n);
    free(moves);
    gopt_answer a = {.name = "hint"};
    gopt_options so = solve_options(&call->opts);
    gopt_status st = gopt_game_solve_checked(&gopt_game_flood, q, &so, &a);
    int code = (int)st;
    if (st == GOPT_ERROR || !a.solution) {
        gopt_call_warn(call, "hint: %s", a.note[0] ? a.note : "internal error");
        code = st == GOPT_LIMIT ? GOPT_LIMIT : GOPT_ERROR;
    } else {
        print_hint(call, q, n, &a);
    }
    gopt_answer_free(&gopt_game_flood, &a);
    gopt_flood_free(q);
    return code;
}

/* BOARD [MOVES...] with --board N: runs `then` on that board of the file (hint, split). */
static int on_board(gopt_call *call, const char *verb, const gopt_opt *opts,
                    int (*then)(gopt_call *, const gopt_flood_puzzle *)) {
    if (!gopt_call_check(call) || !start_ok(call)) return GOPT_BAD_INPUT;
    if (call->nargs < 1) return gopt_call_usage(call, "flood %s: use BOARD [MOVES...] (see --help)", verb);
    long which = gopt_opt_int(&call->opts, opts, "board");
    gopt_batch b = {0};
    gopt_error err = {0};
    int code;
    bool read = gopt_batch_read(&gopt_game_flood, call->args[0], &call->opts, &b, &err);
    gopt_batch_warnings(&b, call->diag);
    if (!read) code = gopt_call_input(call, &err);
    else if ((size_t)which > b.n) code = gopt_call_usage(call, "--board %ld: %s has only %zu board%s", which, call->args[0], b.n,
                               b.n == 1 ? "" : "s");
    else code = then(call, b.items[which - 1].puzzle);
    gopt_batch_free(&gopt_game_flood, &b);
    return code;
}

static int run_hint(gopt_call *call) { return on_board(call, "hint", hint_opts, hint_from); }

/* ---- split ---- */

enum { SPLIT_MOST = 100000 }; /* parts a split may make: each is a whole proof to run */

static int split_from(gopt_call *call, const gopt_flood_puzzle *p) {
    uint8_t *played;
    int nplayed = played_moves(call, p, &played);
    if (nplayed < 0) return GOPT_BAD_INPUT;
    int depth = (int)gopt_opt_int(&call->opts, split_opts, "depth");
    double most = 1; /* positions after `depth` moves: at most (colours - 1)^depth */
    for (int d = 0; d < depth; d++) most *= p->ncolours > 1 ? p->ncolours - 1 : 1;
    if (most > SPLIT_MOST) {
        free(played);
        return gopt_call_usage(call, "flood split: --depth %d on %d colours may make %.0f parts; at most %d: give a smaller depth",
                               depth, p->ncolours, most, SPLIT_MOST);
    }
    flood_part *parts;
    size_t n = flood_split(p, played, nplayed, depth, &parts);
    for (size_t i = 0; i < n; i++) {
        char *moves = gopt_flood_moves_text(p, parts[i].moves, parts[i].n);
        char name[32];
        snprintf(name, sizeof name, "part:%zu", i + 1);
        gopt_answer a = {.name = name, .status = GOPT_SOLVED, .method = "split"};
        gopt_call_answer(call, &a, json_pack("{s:I,s:s,s:i,s:b}", "part", (json_int_t)i + 1, "moves", moves, "played",
                                             parts[i].n, "flooded", parts[i].flooded));
        fprintf(call->out, "%s\n", moves);
        free(moves);
    }
    flood_parts_free(parts, n);
    free(played);
    return 0;
}

static int run_split(gopt_call *call) { return on_board(call, "split", split_opts, split_from); }

/* ---- par ---- */

static bool looks_like_id(const char *s) {
    const char *x = s;
    while (isdigit((unsigned char)*x)) x++;
    return x > s && *x == 'x' && strchr(s, ':') != NULL;
}

/* IDs given on the command line are named "WxH id K"; files as the batch names them. */
static bool read_par_inputs(gopt_call *call, const gopt_options *o, gopt_batch *b) {
    gopt_error err = {0};
    for (int i = 0; i < call->nargs; i++) {
        if (!looks_like_id(call->args[i])) {
            if (!gopt_batch_read(&gopt_game_flood, call->args[i], o, b, &err)) return gopt_call_input(call, &err), false;
            gopt_batch_warnings(b, call->diag);
            continue;
        }
        gopt_text t;
        gopt_text_from_string(&t, "ID", call->args[i]);
        size_t first = b->n;
        bool ok = boards_read(&t, o, b, &err);
        gopt_text_free(&t);
        if (!ok) return gopt_call_input(call, &err), false;
        for (size_t k = first; k < b->n; k++) {
            const gopt_flood_puzzle *p = b->items[k].puzzle;
            b->items[k].name = gopt_format("%dx%d id %d", p->w, p->h, i + 1);
        }
    }
    return true;
}

static void print_par(gopt_call *call, const gopt_flood_puzzle *p, const gopt_answer *a) {
    const gopt_flood_result *r = a->extra;
    const gopt_flood_solution *s = a->solution;
    char *moves = gopt_flood_moves_text(p, s->moves, s->length);
    json_t *j = json_pack("{s:I,s:i,s:b,s:i,s:i}", "index", (json_int_t)a->index, "par", s->length, "optimal", r->optimal,
                          "lower_bound", r->lower_bound, "limit", p->limit);
    json_object_set_new(j, "moves", json_string(moves));
    gopt_call_answer(call, a, j);
    {
        if (r->optimal) fprintf(call->out, "%s: par %d", a->name, s->length);
        else fprintf(call->out, "%s: par unknown, %d..%d (%s)", a->name, r->lower_bound, s->length, a->note);
        if (p->limit >= 0) {
            fprintf(call->out, ", move limit %d", p->limit);
            if (p->leniency >= 0) fprintf(call->out, " (%d + m%d)", p->limit - p->leniency, p->leniency);
        }
        fprintf(call->out, ": %s\n", moves);
    }
    free(moves);
}

static int run_par(gopt_call *call) {
    gopt_options o = call->opts;
    o.format = "tatham";
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    if (call->nargs < 1) return gopt_call_usage(call, "flood par: give Tatham game IDs or files of them (see --help)");
    gopt_batch b = {0};
    if (!read_par_inputs(call, &o, &b)) {
        gopt_batch_free(&gopt_game_flood, &b);
        return GOPT_BAD_INPUT;
    }
    int code = 0;
    gopt_options so = solve_options(&o);
    for (size_t k = 0; k < b.n; k++) {
        gopt_answer a = {.name = b.items[k].name, .index = (long)k};
        gopt_status st = gopt_game_solve_checked(&gopt_game_flood, b.items[k].puzzle, &so, &a);
        code = (int)gopt_status_worst((gopt_status)code, st);
        if (st == GOPT_ERROR || !a.extra || !a.solution)
            gopt_call_warn(call, "%s: %s", a.name, a.note[0] ? a.note : "internal error");
        else print_par(call, b.items[k].puzzle, &a);
        gopt_answer_free(&gopt_game_flood, &a);
    }
    gopt_batch_free(&gopt_game_flood, &b);
    return code;
}

/* ---- generate ---- */

static int run_generate(gopt_call *call) {
    /* "blocks" reads like "grid" but is written as the grid */
    if (call->opts.format && strcmp(call->opts.format, "blocks") == 0) call->opts.format = "grid";
    return gopt_run_generate(call);
}

const gopt_verb flood_verbs[] = {
    {"solve", "the fewest moves that flood each board, with a proof", "[FILE...]", GOPT_SOLVE_COMMON & ~(unsigned)GOPT_COMMON_COUNT, flood_solve_opts,
     run_solve},
    {"check", "replay sequences and say whether each floods its board", "BOARDS [SOLUTIONS]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_QUIET, check_opts, run_check},
    {"hint", "an optimal next move after the moves played so far", "BOARD [MOVES...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_METHOD | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_MEMORY_LIMIT |
         GOPT_COMMON_THREADS | GOPT_COMMON_VERIFY,
     hint_opts, run_hint},
    {"split", "a board's distinct positions some moves on: a hard board proven in parts", "BOARD [MOVES...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON, split_opts, run_split},
    {"par", "the true optimum of Tatham game IDs, beside their move limits", "ID|FILE...",
     GOPT_COMMON_JSON | GOPT_COMMON_METHOD | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_MEMORY_LIMIT | GOPT_COMMON_VERIFY,
     par_opts, run_par},
    {"generate", "random boards", "", GOPT_GENERATE_COMMON, flood_generate_opts, run_generate},
    GOPT_CONVERT_VERB(convert_opts),
    GOPT_DRAW_VERB,
    {0},
};

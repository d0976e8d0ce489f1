/* gameopt flood: solve (the generic batch), check (replay sequences), hint (an optimal next
 * move from a position), par (the optimum of Tatham game IDs) and generate. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "gameopt/flood.h"

/* ---- shared helpers ---- */

typedef struct boards {
    gopt_flood_puzzle **p;
    size_t n, cap;
} boards;

static void boards_free(boards *b) {
    for (size_t i = 0; i < b->n; i++) gopt_flood_free(b->p[i]);
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* Reads every board of a file or of a string given as its own text. */
static bool boards_read(gopt_text *t, const gopt_options *o, boards *b, gopt_error *err) {
    for (;;) {
        gopt_flood_puzzle *p = NULL;
        int r = gopt_flood_parse(t, o->format, o, &p, err);
        if (r < 0) return false;
        if (r == 0) break;
        gopt_grow(&b->p, &b->cap, b->n + 1, sizeof *b->p);
        b->p[b->n++] = p;
    }
    if (b->n == 0) return gopt_fail(err, t->name, 0, 0, "no flood board found");
    return true;
}

static bool boards_load(const char *path, const gopt_options *o, boards *b, gopt_error *err) {
    gopt_text t;
    if (!gopt_text_load(&t, path, err)) return false;
    bool ok = boards_read(&t, o, b, err);
    gopt_text_free(&t);
    return ok;
}

static bool check_choices(const gopt_options *o) {
    const gopt_game *g = &gopt_game_flood;
    if (o->format) {
        bool known = false;
        for (const char *const *f = g->formats; *f; f++) known = known || strcmp(*f, o->format) == 0;
        if (!known) return cli_usage_error("flood: unknown format '%s' (see gameopt flood --help)", o->format), false;
    }
    if (o->method) {
        bool known = false;
        for (const char *const *m = g->methods; *m; m++) known = known || strcmp(*m, o->method) == 0;
        if (!known) return cli_usage_error("flood: unknown method '%s' (see gameopt flood --help)", o->method), false;
    }
    const char *start = gopt_option(o, "start");
    if (start && !gopt_flood_start_valid(start))
        return cli_usage_error("--start %s: use ROW,COL (counted from 1) or ul, ur, ll, lr, m", start), false;
    long v = 0;
    return cli_option_int(o, "beam-width", 1, 1 << 20, &v) && cli_option_int(o, "depth", 1, 6, &v);
}

/* "dataset:3" for the third of several boards of a file, else the file's stem. */
static char *board_name(const char *path, size_t i, size_t n) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *stem = gopt_strdup(strcmp(path, "-") == 0 ? "stdin" : base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = 0;
    if (n == 1) return stem;
    char *name = gopt_format("%s:%zu", stem, i + 1);
    free(stem);
    return name;
}

/* ---- solve ---- */

static int run_solve(const gopt_cli_call *call) {
    if (!check_choices(&call->opts)) return 2;
    return cli_run_solve(call);
}

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

static int run_check(const gopt_cli_call *call) {
    const gopt_options *o = &call->opts;
    if (!check_choices(o)) return 2;
    const char *moves_opt = gopt_option(o, "moves");
    if (call->nargs < 1 || call->nargs > 2 || (moves_opt && call->nargs != 1))
        return cli_usage_error("flood check: use BOARDS SOLUTIONS, or BOARDS --moves MOVES (see --help)");
    if (!moves_opt && call->nargs != 2) return cli_usage_error("flood check: which sequences? give SOLUTIONS or --moves");
    boards b = {0};
    gopt_error err = {0};
    if (!boards_load(call->args[0], o, &b, &err)) {
        boards_free(&b);
        return cli_input_error(&err);
    }
    /* read every sequence before printing anything */
    uint8_t **seq = gopt_calloc(b.n, sizeof *seq);
    int *len = gopt_calloc(b.n, sizeof *len);
    gopt_text t;
    bool ok = true;
    if (moves_opt) gopt_text_from_string(&t, "--moves", moves_opt);
    else ok = gopt_text_load(&t, call->args[1], &err);
    for (size_t i = 0; ok && i < b.n; i++) ok = next_sequence(&t, b.p[i], &seq[i], &len[i], &err);
    if (ok && moves_opt && b.n > 1) ok = gopt_fail(&err, "--moves", 0, 0, "the file has %zu boards; use a SOLUTIONS file", b.n);
    if (ok) {
        gopt_text_skip_ws_comments(&t, '#');
        if (!gopt_text_eof(&t)) ok = gopt_text_fail(&t, &err, "more sequences than the %zu boards", b.n);
    }
    if (ok || t.data) gopt_text_free(&t);
    int code = 0;
    if (ok) {
        long total = 0, good = 0;
        for (size_t i = 0; i < b.n; i++) {
            char why[256] = "", *name = board_name(call->args[0], i, b.n);
            bool valid = gopt_flood_check(b.p[i], seq[i], len[i], why, sizeof why);
            good += valid;
            total += len[i];
            if (o->json) {
                json_t *j = json_pack("{s:I,s:s,s:b,s:i}", "index", (json_int_t)i, "name", name, "ok", valid, "length",
                                      len[i]);
                if (!valid) json_object_set_new(j, "reason", json_string(why));
                gopt_json_emit(stdout, j);
            } else if (valid && !o->quiet) {
                printf("%s: ok, %d moves\n", name, len[i]);
            } else if (!valid) {
                printf("%s: fails: %s\n", name, why);
            }
            free(name);
        }
        if (!o->json) printf("%zu boards: %ld ok, %ld moves in total\n", b.n, good, total);
        code = good == (long)b.n ? 0 : 1;
    } else {
        code = cli_input_error(&err);
    }
    for (size_t i = 0; i < b.n; i++) free(seq[i]);
    free(seq);
    free(len);
    boards_free(&b);
    return code;
}

/* ---- hint ---- */

/* The position after some moves, as a board of its own (same alphabet and start). */
static gopt_flood_puzzle *position_after(const gopt_flood_puzzle *p, const uint8_t *moves, int n) {
    gopt_flood_puzzle *q = gopt_flood_new(p->w, p->h, p->ncolours);
    for (int c = 0; c < p->ncolours; c++) {
        free(q->names[c]);
        q->names[c] = gopt_strdup(p->names[c]);
    }
    q->tokens = p->tokens;
    q->start = p->start;
    q->format = p->format;
    memcpy(q->cells, p->cells, (size_t)p->w * (size_t)p->h);
    /* recolour the start cell's area, move by move, as the game does */
    int *stack = gopt_malloc((size_t)p->w * (size_t)p->h * sizeof *stack);
    uint8_t *seen = gopt_malloc((size_t)p->w * (size_t)p->h);
    for (int i = 0; i < n; i++) {
        uint8_t old = q->cells[q->start];
        if (old == moves[i]) continue;
        memset(seen, 0, (size_t)p->w * (size_t)p->h);
        int top = 0;
        stack[top++] = q->start;
        seen[q->start] = 1;
        while (top) {
            int cell = stack[--top], r = cell / p->w, c = cell % p->w;
            q->cells[cell] = moves[i];
            int next[4] = {r > 0 ? cell - p->w : -1, r + 1 < p->h ? cell + p->w : -1, c > 0 ? cell - 1 : -1,
                           c + 1 < p->w ? cell + 1 : -1};
            for (int k = 0; k < 4; k++)
                if (next[k] >= 0 && !seen[next[k]] && q->cells[next[k]] == old) seen[next[k]] = 1, stack[top++] = next[k];
        }
    }
    free(stack);
    free(seen);
    return q;
}

static int run_hint(const gopt_cli_call *call) {
    gopt_options o = call->opts;
    if (!check_choices(&o)) return 2;
    if (call->nargs < 1) return cli_usage_error("flood hint: use BOARD [MOVES...] (see --help)");
    long which = 1;
    if (!cli_option_int(&o, "board", 1, 1000000000L, &which)) return 2;
    boards b = {0};
    gopt_error err = {0};
    if (!boards_load(call->args[0], &o, &b, &err)) {
        boards_free(&b);
        return cli_input_error(&err);
    }
    if ((size_t)which > b.n) {
        boards_free(&b);
        return cli_usage_error("--board %ld: %s has %zu boards", which, call->args[0], b.n);
    }
    const gopt_flood_puzzle *p = b.p[which - 1];
    gopt_buf played = {0};
    gopt_buf_puts(&played, "");
    for (int i = 1; i < call->nargs; i++) {
        gopt_buf_puts(&played, call->args[i]);
        gopt_buf_putc(&played, ' ');
    }
    uint8_t *moves;
    char why[160];
    int n = gopt_flood_moves_parse(p, played.data, &moves, why, sizeof why, NULL);
    gopt_buf_free(&played);
    if (n < 0) {
        boards_free(&b);
        return cli_usage_error("flood hint: %s", why);
    }
    gopt_flood_puzzle *q = position_after(p, moves, n);
    free(moves);
    gopt_answer a = {.name = "hint"};
    gopt_status st = gopt_game_solve_checked(&gopt_game_flood, q, &o, &a);
    const gopt_flood_solution *s = a.solution;
    const gopt_flood_result *r = a.extra;
    int code = (int)st;
    if (st == GOPT_ERROR || !s) {
        fprintf(stderr, "gameopt: hint: %s\n", a.note[0] ? a.note : "internal error");
        code = st == GOPT_LIMIT ? 3 : 4;
    } else {
        char *rest = gopt_flood_moves_text(q, s->moves, s->length);
        char *next = s->length ? gopt_flood_moves_text(q, s->moves, 1) : gopt_strdup("");
        bool optimal = r && r->optimal;
        if (o.json) {
            json_t *j = json_pack("{s:i,s:s?,s:i,s:s,s:b,s:i}", "played", n, "move", s->length ? next : NULL,
                                  "remaining", s->length, "moves", rest, "optimal", optimal, "lower_bound",
                                  r ? r->lower_bound : 0);
            gopt_json_emit(stdout, j);
        } else if (s->length == 0) {
            printf("the board is flooded after %d moves\n", n);
        } else {
            printf("play %s; %d moves finish the board%s: %s\n", next, s->length,
                   optimal ? " (optimal)" : st == GOPT_LIMIT ? " (a limit stopped the proof)" : " (not proven)", rest);
        }
        free(rest);
        free(next);
    }
    gopt_answer_free(&gopt_game_flood, &a);
    gopt_flood_free(q);
    boards_free(&b);
    return code;
}

/* ---- par ---- */

static bool looks_like_id(const char *s) {
    const char *x = s;
    while (isdigit((unsigned char)*x)) x++;
    return x > s && *x == 'x' && strchr(s, ':') != NULL;
}

static int run_par(const gopt_cli_call *call) {
    gopt_options o = call->opts;
    o.format = "tatham";
    if (!check_choices(&o)) return 2;
    if (call->nargs < 1) return cli_usage_error("flood par: give Tatham game IDs or files of them (see --help)");
    boards b = {0};
    char **names = NULL;
    size_t names_cap = 0;
    gopt_error err = {0};
    for (int i = 0; i < call->nargs; i++) {
        size_t first = b.n;
        bool ok;
        if (looks_like_id(call->args[i])) {
            gopt_text t;
            gopt_text_from_string(&t, "ID", call->args[i]);
            ok = boards_read(&t, &o, &b, &err);
            gopt_text_free(&t);
        } else {
            ok = boards_load(call->args[i], &o, &b, &err);
        }
        if (!ok) {
            for (size_t k = 0; k < first; k++) free(names[k]);
            free(names);
            boards_free(&b);
            return cli_input_error(&err);
        }
        gopt_grow(&names, &names_cap, b.n, sizeof *names);
        for (size_t k = first; k < b.n; k++) {
            const gopt_flood_puzzle *p = b.p[k];
            names[k] = looks_like_id(call->args[i]) ? gopt_format("%dx%d id %d", p->w, p->h, i + 1)
                                                   : board_name(call->args[i], k - first, b.n - first);
        }
    }
    int code = 0;
    for (size_t k = 0; k < b.n; k++) {
        const gopt_flood_puzzle *p = b.p[k];
        gopt_answer a = {.name = names[k], .index = (long)k};
        gopt_status st = gopt_game_solve_checked(&gopt_game_flood, p, &o, &a);
        const gopt_flood_result *r = a.extra;
        const gopt_flood_solution *s = a.solution;
        code = (int)gopt_status_worst((gopt_status)code, st);
        if (st == GOPT_ERROR || !r || !s) {
            fprintf(stderr, "gameopt: %s: %s\n", names[k], a.note[0] ? a.note : "internal error");
        } else if (o.json) {
            json_t *j = json_pack("{s:I,s:s,s:i,s:b,s:i,s:i}", "index", (json_int_t)k, "name", names[k], "par",
                                  s->length, "optimal", r->optimal, "lower_bound", r->lower_bound, "limit", p->limit);
            char *moves = gopt_flood_moves_text(p, s->moves, s->length);
            json_object_set_new(j, "moves", json_string(moves));
            free(moves);
            gopt_json_emit(stdout, j);
        } else {
            char *moves = gopt_flood_moves_text(p, s->moves, s->length);
            if (r->optimal) printf("%s: par %d", names[k], s->length);
            else printf("%s: par unknown, %d..%d (%s)", names[k], r->lower_bound, s->length, a.note);
            if (p->limit >= 0) {
                printf(", move limit %d", p->limit);
                if (p->leniency >= 0) printf(" (%d + m%d)", p->limit - p->leniency, p->leniency);
            }
            printf(": %s\n", moves);
            free(moves);
        }
        gopt_answer_free(&gopt_game_flood, &a);
    }
    for (size_t k = 0; k < b.n; k++) free(names[k]);
    free(names);
    boards_free(&b);
    return code;
}

/* ---- generate ---- */

static int run_generate(const gopt_cli_call *call) {
    gopt_options o = call->opts;
    if (o.format && strcmp(o.format, "blocks") == 0) o.format = "grid";
    gopt_cli_call c = *call;
    c.opts = o;
    return cli_run_generate(&c);
}

/* ---- the tables ---- */

#define START_OPTION {"start", "ROW,COL", "the flooded corner: ROW,COL from 1, or ul ur ll lr m (default ul)"}

static const gopt_cli_option solve_options[] = {
    START_OPTION,
    {"beam-width", "N", "states kept per step by --method beam (default 400)"},
    {"depth", "N", "moves looked ahead by --method lookahead (default 3)"},
    {"no-frames", NULL, "pictures show the board alone, without the strip of frames"},
    {NULL, NULL, NULL},
};
static const gopt_cli_option check_options[] = {
    START_OPTION,
    {"moves", "MOVES", "the sequence to replay on a one-board file, e.g. 6252541"},
    {NULL, NULL, NULL},
};
static const gopt_cli_option hint_options[] = {
    START_OPTION,
    {"board", "N", "which board of the file (from 1; default 1)"},
    {"beam-width", "N", "states kept per step by --method beam (default 400)"},
    {NULL, NULL, NULL},
};
static const gopt_cli_option par_options[] = {
    {"beam-width", "N", "states kept per step by --method beam (default 400)"},
    {NULL, NULL, NULL},
};
static const gopt_cli_option generate_options[] = {
    {"size", "WxH", "board size (default 14x14)"},
    {"colours", "C", "number of colours (default 6)"},
    {NULL, NULL, NULL},
};

static const gopt_cli_verb verbs[] = {
    {"solve", "the fewest moves that flood each board, with a proof", "[FILE...]", CLI_SOLVE_OPTIONS, solve_options,
     run_solve},
    {"check", "replay sequences and say whether each floods its board", "BOARDS [SOLUTIONS]",
     CLI_FORMAT | CLI_JSON | CLI_QUIET, check_options, run_check},
    {"hint", "an optimal next move after the moves played so far", "BOARD [MOVES...]",
     CLI_FORMAT | CLI_JSON | CLI_METHOD | CLI_TIME_LIMIT | CLI_MEMORY_LIMIT | CLI_VERIFY, hint_options, run_hint},
    {"par", "the true optimum of Tatham game IDs, beside their move limits", "ID|FILE...",
     CLI_JSON | CLI_METHOD | CLI_TIME_LIMIT | CLI_MEMORY_LIMIT | CLI_VERIFY, par_options, run_par},
    {"generate", "random boards", "", CLI_FORMAT | CLI_SEED | CLI_COUNT | CLI_SHARD, generate_options, run_generate},
    {NULL, NULL, NULL, 0, NULL, NULL},
};

static const char help[] =
    "A move recolours the area connected to the start cell (top left unless --start says\n"
    "otherwise); the goal is one colour everywhere. Boards: a grid of colour characters, one row\n"
    "a line (several boards: blank lines between); compact lines of n*n colours; 99problems\n"
    "files; aaronpuchert's input; Simon Tatham's game IDs (WxHcCmM:cells,limit). Moves are\n"
    "printed in the board's own colour names.\n\n"
    "examples:\n"
    "  gameopt flood solve board.txt                                    optimal, with a proof\n"
    "  gameopt flood solve sets.txt --json --threads 2                  one JSON object per board\n"
    "  gameopt flood solve board.txt --output run.svg                   the board and its frames\n"
    "  gameopt flood solve big.txt --method beam                        fast, near optimal\n"
    "  gameopt flood solve hard.txt --method dfbnb --memory-limit 2000  little memory\n"
    "  gameopt flood check boards.txt solutions.txt                     replay sequences\n"
    "  gameopt flood hint board.txt 6 2 5                               the best move from here\n"
    "  gameopt flood par '14x14c6m5:0123...,25'                         the true optimum of an ID\n";

const gopt_cli_game gopt_cli_flood = {"flood", "Flood-It: flood the board from one corner in the fewest moves",
                                      &gopt_game_flood, verbs, help};

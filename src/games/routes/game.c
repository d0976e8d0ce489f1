/* The gopt_game table of routes: a map state is the puzzle, the best set of routes the
 * answer; `check` checks routes given as JSON, `show` describes a state (and draws its map).
 *
 * A family of its own rather than a verb of tokens: tokens answers one question about one hex
 * (which rotations of an upgrade keep the tokens connected) by max flow; routes answers a
 * question about the whole map (which runs pay most) by a MIP and a branch and bound, with its
 * own state format, checker and pictures. It uses the tile language, catalogues and maps of
 * tokens through gameopt/tokens.h only, so each family can change without the other. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/canvas.h"
#include "gameopt/json.h"
#include "gameopt/require.h"
#include "games/routes/net.h"

static const char *const formats[] = {"state", NULL};
/* In the order of gopt_routes_method. */
static const char *const methods[] = {"search", "mip", "both", "brute", NULL};

const gopt_opt routes_solve_opts[] = {
    GOPT_STRING("rules", "LIST", NULL,
                "rule options to add (or no-X to remove), e.g. hex-once,any-token,towns-free,no-block"),
    GOPT_STRING("trains", "LIST", NULL, "the company's trains instead of the state's, e.g. 8,5+5E,2+2"),
    GOPT_STRING("phase", "PHASE", NULL, "the phase instead of the state's (a phase name or a colour)"),
    GOPT_OPT_END,
};

static const char *const stages[] = {"early", "middle", "late", NULL};
static const gopt_opt generate_opts[] = {
    GOPT_STRING("game", "GAME", NULL, "a position on a bundled game's board (1830, 1867, 1889) instead of a random small map"),
    GOPT_REAL("track", "SHARE", "0.8", 0, 1, "with --game: the share of plain hexes that get track"),
    GOPT_ENUM("stage", "STAGE", "late", stages, "with --game: early (yellow), middle (green) or late (brown, gray) tiles"),
    GOPT_INT("tokens", "N", "3", 1, 20, "with --game: the company's station tokens"),
    GOPT_REAL("others", "SHARE", "0.5", 0, 1, "with --game: the share of free city slots other companies hold"),
    GOPT_STRING("company", "NAME", "A", "with --game: the company"),
    GOPT_STRING("trains", "LIST", NULL, "with --game: the company's trains (default: the game's largest three)"),
    GOPT_STRING("phase", "PHASE", NULL, "with --game: the phase (default: the game's last)"),
    GOPT_OPT_END,
};

static const gopt_opt show_opts[] = {
    GOPT_FLAG("state", "print the state in full (every hex with its tile string), as it reads back"),
    GOPT_OPT_END,
};

/* --rules, --trains, --phase applied to a parsed state; false with err set. */
static bool apply_options(gopt_routes_state *s, const gopt_options *o, gopt_error *err) {
    const char *rules = gopt_option(o, "rules"), *trains = gopt_option(o, "trains"), *phase = gopt_option(o, "phase");
    char buf[512];
    if (rules) {
        snprintf(buf, sizeof buf, "%s", rules);
        for (char *save = NULL, *w = strtok_r(buf, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
            bool off = strncmp(w, "no-", 3) == 0 && strcmp(w, "no-block") != 0;
            int k = 0;
            while (gopt_routes_rule_names[k] && strcmp(gopt_routes_rule_names[k], off ? w + 3 : w) != 0) k++;
            if (!gopt_routes_rule_names[k])
                return gopt_fail(err, "--rules", 0, 0, "unknown rule option '%s' (hex-once, any-token, towns-free, no-block)", w);
            if (off) s->rules &= ~(1u << k);
            else s->rules |= 1u << k;
        }
    }
    if (trains) {
        snprintf(buf, sizeof buf, "%s", trains);
        s->ntrains = 0;
        for (char *save = NULL, *w = strtok_r(buf, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
            if (s->ntrains == GOPT_ROUTES_MAX_TRAINS) return gopt_fail(err, "--trains", 0, 0, "more than %d trains", GOPT_ROUTES_MAX_TRAINS);
            if (!gopt_routes_train_parse(s, w, "--trains", &s->trains[s->ntrains++], err)) return false;
        }
    }
    if (phase) {
        bool found = false;
        for (int i = 0; i < s->nphases && !found; i++)
            if (strcmp(s->phases[i].name, phase) == 0) {
                snprintf(s->phase, sizeof s->phase, "%s", phase);
                s->phase_colour = s->phases[i].colour;
                found = true;
            }
        gopt_tokens_colour c;
        if (!found && gopt_tokens_colour_parse(phase, &c) && c >= GOPT_TOKENS_YELLOW && c <= GOPT_TOKENS_GRAY) {
            snprintf(s->phase, sizeof s->phase, "%s", gopt_tokens_colour_name(c));
            s->phase_colour = c;
            found = true;
        }
        if (!found) return gopt_fail(err, "--phase", 0, 0, "unknown phase '%s'", phase);
    }
    return true;
}

static int parse(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err) {
    gopt_routes_state *s = NULL;
    int r = gopt_routes_read(t, &s, err);
    if (r == 1 && !apply_options(s, o, err)) {
        gopt_routes_free(s);
        return -1;
    }
    *puzzle = s;
    return r;
}

static const char *puzzle_name(const void *puzzle) {
    const gopt_routes_state *s = puzzle;
    return s->name[0] ? s->name : NULL;
}

static char *format(const void *puzzle, const void *solution, const char *name) {
    (void)solution, (void)name;
    return gopt_routes_format(puzzle);
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    const gopt_routes_state *s = puzzle;
    int m = gopt_method_index(&gopt_game_routes, o->method);
    GOPT_REQUIRE(m >= 0, "unknown method '%s'", o->method);
    gopt_routes_settings how = {.method = (gopt_routes_method)m, .threads = o->threads};
    gopt_routes_result *r = gopt_calloc(1, sizeof *r);
    int status = gopt_routes_solve(s, &how, r);
    a->method = r->method;
    a->counters = r->counters;
    snprintf(a->note, sizeof a->note, "%s", r->note);
    if (r->found) {
        gopt_routes_solution *x = gopt_malloc(sizeof *x);
        *x = r->solution;
        a->solution = x;
        a->solutions = 1;
    }
    /* a limited answer is checked here (the driver checks solved ones) */
    if (status == GOPT_LIMIT && a->solution && o->verify) {
        char why[256];
        if (!gopt_routes_check(s, a->solution, why, sizeof why)) {
            status = GOPT_ERROR;
            snprintf(a->note, sizeof a->note, "internal error: the answer failed the checker: %s", why);
        }
    }
    free(r);
    return (gopt_status)status;
}

static bool check(const void *puzzle, const void *solution, char *why, size_t size) {
    return gopt_routes_check(puzzle, solution, why, size);
}

static void print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_routes_state *s = puzzle;
    const gopt_routes_solution *x = a->solution;
    (void)o;
    if (!x) {
        fprintf(out, "%s: %s%s%s\n", a->name, gopt_status_name(a->status), a->note[0] ? ": " : "", a->note);
        return;
    }
    if (a->status == GOPT_SOLVED)
        fprintf(out, "%s: %s earns %d (optimal; %s)\n", a->name, s->company, x->total, a->method ? a->method : "-");
    else
        fprintf(out, "%s: %s: %s earns %d, at most %d (%s)\n", a->name, gopt_status_name(a->status), s->company, x->total, x->bound,
                a->note);
    gopt_routes_print(out, s, x);
}

static json_t *to_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_routes_state *s = puzzle;
    const gopt_routes_solution *x = a->solution;
    json_t *j = x ? gopt_routes_solution_json(s, x) : json_object();
    json_object_set_new(j, "company", json_string(s->company));
    json_object_set_new(j, "phase", json_string(s->phase));
    (void)o;
    return j;
}

static gopt_canvas *render(const void *puzzle, const void *solution) { return gopt_routes_render(puzzle, solution); }

/* A position on a bundled board (--game), or a random small map. */
static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    const char *game = gopt_opt_string(o, generate_opts, "game");
    if (!game) {
        gopt_routes_random p = {.width = 5, .height = 4, .max_trains = 3, .rules = true};
        return gopt_routes_generate(&p, gopt_rng_next(rng));
    }
    char text[256];
    snprintf(text, sizeof text, "game %s\ncompany %s\n", game, gopt_opt_string(o, generate_opts, "company"));
    gopt_routes_state *board = gopt_routes_parse("--game", text, err);
    if (!board) return NULL;
    gopt_routes_fill_params p = {.track = gopt_opt_real(o, generate_opts, "track"),
                                 .stage = gopt_opt_enum(o, generate_opts, "stage") + 1,
                                 .own_tokens = (int)gopt_opt_int(o, generate_opts, "tokens"),
                                 .others = gopt_opt_real(o, generate_opts, "others")};
    snprintf(p.company, sizeof p.company, "%s", gopt_opt_string(o, generate_opts, "company"));
    uint64_t seed = gopt_rng_next(rng);
    gopt_routes_state *s = gopt_routes_fill(board, &p, seed, err);
    if (s) {
        /* the game's largest three trains and its last phase, unless told */
        if (!gopt_option(o, "trains") && board->ntypes > 0) {
            s->ntrains = 0;
            for (int i = board->ntypes - 1; i >= 0 && s->ntrains < 3; i--) s->trains[s->ntrains++] = board->types[i];
        }
        if (!gopt_option(o, "phase") && board->nphases > 0) {
            snprintf(s->phase, sizeof s->phase, "%s", board->phases[board->nphases - 1].name);
            s->phase_colour = board->phases[board->nphases - 1].colour;
        }
        snprintf(s->name, sizeof s->name, "%s-%s-%llu", game, stages[gopt_opt_enum(o, generate_opts, "stage")],
                 (unsigned long long)(seed % 100000));
        if (!apply_options(s, o, err)) {
            gopt_routes_free(s);
            s = NULL;
        }
    }
    gopt_routes_free(board);
    return s;
}

static void free_puzzle(void *p) { gopt_routes_free(p); }

/* ---- check: routes (JSON) against a state ---- */

static int run_check(gopt_call *call) {
    if (call->nargs != 2) return gopt_call_usage(call, "routes check: expected STATE and ROUTES (JSON, as solve --json writes)");
    gopt_batch b = {0};
    gopt_error err = {0};
    if (!gopt_batch_read(&gopt_game_routes, call->args[0], &call->opts, &b, &err)) {
        gopt_batch_free(&gopt_game_routes, &b);
        return gopt_call_input(call, &err);
    }
    gopt_text t;
    if (!gopt_call_read_arg(call, call->args[1], &t)) {
        gopt_batch_free(&gopt_game_routes, &b);
        return GOPT_BAD_INPUT;
    }
    int code = 0;
    /* one JSON answer per line, one per state */
    size_t pos = 0;
    for (size_t i = 0; i < b.n && code != 2; i++) {
        while (pos < t.len && (t.data[pos] == '\n' || t.data[pos] == ' ')) pos++;
        size_t end = pos;
        while (end < t.len && t.data[end] != '\n') end++;
        if (pos >= t.len) {
            code = gopt_call_usage(call, "routes check: %zu states but fewer answers", b.n);
            break;
        }
        json_t *j = gopt_json_parse(call->args[1], t.data + pos, end - pos, &err);
        pos = end;
        gopt_routes_solution x;
        const gopt_routes_state *s = b.items[i].puzzle;
        if (!j || !gopt_routes_solution_from_json(s, j, &x, &err)) {
            json_decref(j);
            code = gopt_call_input(call, &err);
            break;
        }
        const json_t *total = json_object_get(j, "total");
        if (json_is_integer(total)) x.total = (int)json_integer_value(total);
        json_decref(j);
        char why[256] = "";
        bool ok = gopt_routes_check(s, &x, why, sizeof why);
        char *line = ok ? gopt_format("%s: ok, %d\n", b.items[i].name, x.total) : NULL;
        gopt_call_check_result(call, b.items[i].name, ok, why, json_pack("{s:i}", "total", x.total), line);
        free(line);
        if (!ok) code = GOPT_INFEASIBLE;
    }
    gopt_text_free(&t);
    gopt_batch_free(&gopt_game_routes, &b);
    return code;
}

/* ---- lp: the integer program for any solver ---- */

static int run_lp(gopt_call *call) {
    gopt_batch b = {0};
    if (!gopt_batch_read_call(call, &b)) {
        gopt_batch_free(&gopt_game_routes, &b);
        return GOPT_BAD_INPUT;
    }
    const char *output = call->opts.output;
    if (output && (strlen(output) < 3 || strcmp(output + strlen(output) - 3, ".lp") != 0)) {
        gopt_batch_free(&gopt_game_routes, &b);
        return gopt_call_usage(call, "--output %s: an LP file ends in .lp", output);
    }
    int code = 0;
    for (size_t i = 0; i < b.n && code == 0; i++) {
        routes_net n;
        gopt_error err = {0};
        if (!net_build(&n, b.items[i].puzzle, &err)) {
            code = gopt_call_input(call, &err);
        } else {
            char *text = net_mip_lp_text(&n);
            gopt_call_side(call, "lp", "output", b.items[i].name, "lp", text, strlen(text));
            gopt_answer a = {.name = b.items[i].name, .status = GOPT_SOLVED, .method = "lp"};
            gopt_call_answer(call, &a, json_pack("{s:s}", "lp", text));
            free(text);
        }
        net_free(&n);
    }
    gopt_batch_free(&gopt_game_routes, &b);
    return code;
}

/* ---- show: what the state holds ---- */

static void show_one(gopt_call *call, const char *name, const gopt_routes_state *s) {
    routes_net n;
    gopt_error err = {0};
    bool built = net_build(&n, s, &err);
    int tokens = 0, stops = built ? n.nstops : 0;
    for (int v = 0; built && v < n.nstops; v++) tokens += n.stops[v].token;
    {
        json_t *trains = json_array();
        for (int t = 0; t < s->ntrains; t++) {
            char text[160];
            json_array_append_new(trains, json_pack("{s:s,s:s}", "name", s->trains[t].name, "rules",
                                                    gopt_routes_train_text(&s->trains[t], text, sizeof text)));
        }
        json_t *rules = json_array();
        for (int k = 0; gopt_routes_rule_names[k]; k++)
            if (s->rules >> k & 1) json_array_append_new(rules, json_string(gopt_routes_rule_names[k]));
        gopt_answer a = {.name = name, .status = GOPT_SOLVED, .method = "show"};
        gopt_call_answer(call, &a, json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:o,s:o}", "game", s->game, "company", s->company,
                                             "phase", s->phase, "hexes", s->nhexes, "stops", stops, "segments",
                                             built ? n.nsegs : 0, "track", built ? n.nres : 0, "token_cities", tokens, "trains",
                                             trains, "rules", rules));
    }
    {
        fprintf(call->out, "%s: %s%s%s, phase %s, %s: %d hexes, %d stops, %d segments of track between them, %d token cit%s\n", name,
                s->game[0] ? "game " : "", s->game, s->game[0] ? "" : "own map", s->phase, s->company, s->nhexes, stops,
                built ? n.nsegs : 0, tokens, tokens == 1 ? "y" : "ies");
        for (int t = 0; t < s->ntrains; t++) {
            char text[160];
            fprintf(call->out, "  train %-6s %s\n", s->trains[t].name, gopt_routes_train_text(&s->trains[t], text, sizeof text));
        }
        if (s->rules) {
            fprintf(call->out, "  rules");
            for (int k = 0; gopt_routes_rule_names[k]; k++)
                if (s->rules >> k & 1) fprintf(call->out, " %s", gopt_routes_rule_names[k]);
            fputc('\n', call->out);
        }
    }
    if (built) net_free(&n);
}

static int run_show(gopt_call *call) {
    gopt_batch b = {0};
    if (!gopt_batch_read_call(call, &b)) {
        gopt_batch_free(&gopt_game_routes, &b);
        return GOPT_BAD_INPUT;
    }
    int code = 0;
    for (size_t i = 0; i < b.n && code == 0; i++) {
        const gopt_routes_state *s = b.items[i].puzzle;
        if (gopt_option_flag(&call->opts, "state")) {
            char *text = gopt_routes_format(s);
            fputs(text, call->out);
            free(text);
        } else {
            show_one(call, b.items[i].name, s);
        }
        if (call->opts.picture && !gopt_call_picture(call, b.items[i].name, gopt_routes_render(s, NULL))) code = GOPT_BAD_INPUT;
    }
    gopt_batch_free(&gopt_game_routes, &b);
    return code;
}

const gopt_verb routes_verbs[] = {
    {"solve", "the routes of the company's trains that earn the most, proven (pictures with --output x.svg)", "[STATE...]",
     GOPT_SOLVE_COMMON & ~GOPT_COMMON_COUNT, routes_solve_opts, gopt_run_solve},
    {"check", "check routes (as solve --json writes them) against their state: legality and revenue", "STATE ROUTES",
     GOPT_COMMON_JSON, routes_solve_opts, run_check},
    {"show", "what a state holds: trains, stops, track (--output draws the map)", "[STATE...]",
     GOPT_COMMON_JSON | GOPT_COMMON_OUTPUT, show_opts, run_show},
    {"lp", "write the integer program (without its lazy cycle rows) as a CPLEX-LP file", "[STATE...]",
     GOPT_COMMON_OUTPUT, routes_solve_opts, run_lp},
    {"generate", "random small states (the property tests' instances), or positions on a bundled board (--game)", "",
     GOPT_GENERATE_COMMON, generate_opts, gopt_run_generate},
    GOPT_DRAW_VERB,
    {0},
};

const char routes_help[] =
    "A map state names a game (data/routes/games/: 1830, 1867, 1889), the tiles laid with their rotations\n"
    "and station tokens, the phase, the company and its trains (docs/formats.md#routes). The answer:\n"
    "one route per train, sharing no track, of greatest total revenue, proven by a branch and bound\n"
    "(search) or an integer program on CBC with lazy connectivity cuts (mip); `both` runs both and\n"
    "compares. With --time-limit: the best found and a proven upper bound (exit 3).\n\n"
    "Trains: N, N+M, D (diesel), NE (express: best N), N/M (M stops, best N count), NH (N hexes),\n"
    "and the game's own (1867's 2+2 and 5+5E are double). Rule options: hex-once, any-token,\n"
    "towns-free, no-block.\n\n"
    "examples:\n"
    "  gameopt routes solve data/routes/1867-late.txt\n"
    "  gameopt routes solve --json --method both data/routes/1889-late.txt\n"
    "  gameopt routes solve --output map.svg data/routes/1867-late.txt\n"
    "  gameopt routes solve --trains 6,D --rules no-hex-once data/routes/1867-late.txt\n"
    "  gameopt routes show --output board.svg data/routes/1867-late.txt\n";

const gopt_game gopt_game_routes = {
    .name = "routes",
    .summary = "18xx: the best runs of a company's trains, proven (MIP with lazy cuts, branch and bound)",
    .formats = formats,
    .methods = methods,
    .verbs = routes_verbs,
    .help = routes_help,
    .parse = parse,
    .puzzle_name = puzzle_name,
    .format = format,
    .solve = solve,
    .check = check,
    .print = print,
    .to_json = to_json,
    .render = render,
    .generate = generate,
    .free_puzzle = free_puzzle,
    .free_solution = free,
};

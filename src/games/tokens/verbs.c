/* The verbs of tokens (18xx tile upgrades that keep every station token connected), with
 * their option tables:
 *   upgrade  which rotations of which tiles keep the tokens connected (max flow)
 *   show     a tile's cities, edge sets and track, or a whole catalogue */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "gameopt/json.h"
#include "gameopt/canvas.h"
#include "gameopt/stop.h"
#include "internal.h"

/* Enough for any catalogue's next-colour tiles. */
#define MAX_CANDIDATES 256
/* --all without --count stops after this many placements per rotation. */
#define DEFAULT_ALL_LIMIT 100000

static const char *const rules_names[] = {"tokens", "full", NULL};
static const char *const duplicates_names[] = {"keep", "return", NULL};
static const char *const future_names[] = {"follow", "ignore", NULL};
static const char *const partition_names[] = {"ignore", "follow", NULL};
static const char *const meet_names[] = {"every", "one", NULL};
static const char *const placer_names[] = {"owner", "first", "index", NULL};
static const char *const layout_names[] = {"flat", "pointy", NULL};
#define LAYOUT_OPT GOPT_ENUM("layout", "flat|pointy", "flat", layout_names, "pictures: flat-topped hexes, or pointy-topped (1830, 1846)")

static bool pointy(const gopt_options *o) {
    const char *l = gopt_option(o, "layout");
    return l && strcmp(l, "pointy") == 0;
}

static const gopt_opt upgrade_opts[] = {
    GOPT_STRING("from", "TILE[@ROT]", NULL, "the tile on the map and its rotation (0..5): GAME:NAME, a name in --catalog, or a tile string"),
    GOPT_STRING("tokens", "CITY:NAME,...", NULL, "the station tokens on it: old city index (0-based) and company, e.g. 0:LPS,1:QLS"),
    GOPT_STRING("to", "TILE", NULL, "the new tile (default: every tile of the next colour with the same label)"),
    GOPT_STRING("catalog", "FILE|GAME", NULL, "tile catalogue: a file, or a bundled game (1822CA, 1830, 1837, 1841, 1846, 1850, 1860, 1861, 1867, 1889, 18CO, 18Chesapeake, 18Mag, 18NY, 18NY1E, standard)"),
    GOPT_ENUM("rules", "tokens|full", NULL, rules_names, "tokens: only tokens keep their edges; full (default): whole cities, towns, track and gauge too"),
    GOPT_FLAG("split", "full rules: an old city of several slots may split over new cities that each hold its edges"),
    GOPT_FLAG("split-exits", "full rules: an old city may split with its exits shared out (1894): each token to a new city holding one of its edges"),
    GOPT_STRING("open", "EDGES", NULL, "the hex sides that lead somewhere, e.g. 1,2,3,4 (default: all six neighbours assumed)"),
    GOPT_STRING("hex", "GAME:COORD", NULL, "take the open sides from a bundled map (" GOPT_TOKENS_MAPS "), e.g. 1867:F16 (Toronto)"),
    GOPT_STRING("reserve", "CITY:NAME,...", NULL, "reservations (home or company) in old cities: each takes a slot and follows its city"),
    GOPT_STRING("extra", "CITY:NAME,...", NULL, "extra tokens beyond the slots (1822's destination, cheater tokens): they take no slot"),
    GOPT_ENUM("duplicates", "keep|return", "keep", duplicates_names, "two tokens of one company in one new city: the game keeps both or returns one"),
    GOPT_ENUM("future-track", "follow|ignore", "follow", future_names, "printed future track (track:future): the new tile must follow it (1858, 1840), or it binds nothing (18SJ, Harzbahn 1873)"),
    GOPT_ENUM("partition", "ignore|follow", "ignore", partition_names, "barriers inside the hex (partition=, in the tile or the map): they bind nothing, or no path of the new tile may cross one (1870 while the Mississippi River Bridge Company is held, 18Mag)"),
    GOPT_STRING("stubs", "SIDES", NULL, "the old tile's stubs and future track still binding (game state; map sides, '' none), replacing the printed ones: 1858 drops a private railway's when it closes"),
    GOPT_STRING("neighbour-track", "SIDE:GAUGE,...", NULL, "the neighbours' track at the hex's sides (game state), e.g. 5:broad,3:narrow: the new tile's track facing it must share its gauge (dual shares with both)"),
    GOPT_ENUM("neighbour-meet", "every|one", "every", meet_names, "with --neighbour-track: at every side the new tile's track faces (18Ireland), or at one at least (1849, the sides the laying company arrives by)"),
    GOPT_FLAG("town-or-city", "a white hex printed with a town and a city (1880): a tile with its towns and no city drops the empty cities"),
    GOPT_FLAG("shrink", "slots may shrink (1837 Vienna, 1866 London): old cities keep their tokens, not their empty slots; owners return the fewest tokens that let the rest fit"),
    GOPT_STRING("return", "CITY:NAME,...", NULL, "tokens the game returns in this upgrade (1837: KK's tokens in Vienna but its home), CITY:NAME or NAME; implies --shrink"),
    GOPT_ENUM("placed-by", "owner|first|index", "owner", placer_names, "who puts an old city's tokens in a new city: the owner, or the game: the first city holding its edges, or by index for cities without track (1830, 1856)"),
    GOPT_FLAG("all", "list every placement, not just the first (--count N caps it)"),
    GOPT_OUTPUT("network", "FILE.dot", "write the flow network of every rotation in Graphviz DOT (- for stdout)"),
    GOPT_STRING("color", "COLOUR", NULL, "colour of an inline --from/--to tile string (yellow, green, brown, gray)"),
    GOPT_INT("max-flows", "N", NULL, 1, 1000000000, "give up on a rotation after N max-flow runs (default 200000; exit 3 if nothing is found)"),
    LAYOUT_OPT,
    GOPT_OPT_END,
};

static const gopt_opt show_opts[] = {
    GOPT_STRING("catalog", "FILE|GAME", NULL, "tile catalogue for names given alone"),
    GOPT_STRING("color", "COLOUR", NULL, "colour of an inline tile string"),
    LAYOUT_OPT,
    GOPT_OPT_END,
};

static const gopt_opt audit_opts[] = {
    GOPT_ENUM("rules", "tokens|full", NULL, rules_names, "full (default): whole cities keep their slots; tokens: only tokens matter"),
    LAYOUT_OPT,
    GOPT_OPT_END,
};

typedef struct upgrade_run {
    gopt_tokens_library *library;
    gopt_tokens_question q;
    const gopt_tokens_tile *targets[MAX_CANDIDATES];
    int ntargets;
    gopt_tokens_answer *answers; /* room for MAX_CANDIDATES */
    int nanswers;
    bool all;
} upgrade_run;

/* --color for inline tile strings. */
static bool inline_colour(gopt_call *call, const gopt_options *o, gopt_tokens_colour *out) {
    const char *c = gopt_option(o, "color");
    *out = GOPT_TOKENS_UNKNOWN_COLOUR;
    if (!c || gopt_tokens_colour_parse(c, out)) return true;
    gopt_call_usage(call, "--color: unknown colour '%s' (white, yellow, green, brown, gray, red, blue, sepia)", c);
    return false;
}

/* The catalogue of --catalog, or NULL when not given; false on error. */
static bool named_catalog(gopt_call *call, gopt_tokens_library *library, const gopt_options *o, gopt_tokens_catalog **out) {
    const char *name = gopt_option(o, "catalog");
    *out = NULL;
    if (!name) return true;
    gopt_error err = {0};
    *out = gopt_tokens_library_catalog(library, name, &err);
    if (!*out) gopt_call_input(call, &err);
    return *out != NULL;
}

static bool read_rules(gopt_call *call, const gopt_options *o, gopt_tokens_rules *rules) {
    const char *r = gopt_option(o, "rules");
    *rules = GOPT_TOKENS_RULES_FULL;
    if (!r || strcmp(r, "full") == 0) return true;
    if (strcmp(r, "tokens") == 0) {
        *rules = GOPT_TOKENS_RULES_TOKENS;
        return true;
    }
    gopt_call_usage(call, "--rules: '%s' is not one of tokens, full", r);
    return false;
}

/* --open EDGES or --hex GAME:COORD: the sides of the hex that lead somewhere. */
static int read_map(gopt_call *call, const gopt_options *o, gopt_tokens_question *q) {
    const char *open = gopt_option(o, "open"), *hex = gopt_option(o, "hex");
    gopt_error err = {0};
    uint8_t sides = 0x3F;
    if (open && hex) return gopt_call_usage(call, "tokens upgrade: give --open or --hex, not both");
    if (open && !gopt_tokens_parse_edges(open, "--open", &sides, &err)) return gopt_call_input(call, &err);
    if (hex) {
        const char *colon = strchr(hex, ':');
        if (!colon || colon == hex || !colon[1]) return gopt_call_usage(call, "--hex: expected GAME:COORD such as 1867:L12, not '%s'", hex);
        char game[128];
        snprintf(game, sizeof game, "%.*s", (int)(colon - hex), hex);
        gopt_tokens_map *m = gopt_tokens_map_open(game, &err);
        bool ok = m && gopt_tokens_map_open_edges(m, colon + 1, &sides, &err) &&
                  (q->npartitions = gopt_tokens_map_partitions(m, colon + 1, q->partitions, GOPT_TOKENS_MAX_PARTITIONS, &err)) >= 0 &&
                  (q->nhex_rules = gopt_tokens_map_rotations(m, colon + 1, q->hex_rules, GOPT_TOKENS_MAX_HEX_RULES, &err)) >= 0;
        gopt_tokens_map_free(m);
        if (!ok) return gopt_call_input(call, &err);
    }
    q->map_known = open || hex;
    q->closed = (uint8_t)(~sides & 0x3F);
    return 0;
}

/* An upgrade replaces a tile by one of the next colour in the game's order (the catalogue's
 * `order`, or yellow, green, brown, gray): the tile itself, or a skipped colour, is a mistake. */
static int check_step(gopt_call *call, const gopt_tokens_tile *from, const gopt_tokens_tile *to,
                      const gopt_tokens_catalog *order) {
    char a[256], b[256];
    if (from == to || (from->colour == to->colour && strcmp(gopt_tokens_tile_title(from, a, sizeof a),
                                                            gopt_tokens_tile_title(to, b, sizeof b)) == 0))
        return gopt_call_usage(call, "tokens upgrade: --to names the --from tile itself, which is not an upgrade");
    if (from->colour == GOPT_TOKENS_UNKNOWN_COLOUR || to->colour == GOPT_TOKENS_UNKNOWN_COLOUR) return 0;
    gopt_tokens_colour next = order ? gopt_tokens_catalog_next_colour(order, from->colour)
                                    : gopt_tokens_next_colour(from->colour);
    if (to->colour == next) return 0;
    if (next == GOPT_TOKENS_UNKNOWN_COLOUR)
        return gopt_call_usage(call, "tokens upgrade: a %s tile is not upgraded (no colour follows %s), so not to %s",
                               gopt_tokens_colour_name(from->colour), gopt_tokens_colour_name(from->colour),
                               gopt_tokens_colour_name(to->colour));
    return gopt_call_usage(call, "tokens upgrade: a %s tile is upgraded to %s, not %s", gopt_tokens_colour_name(from->colour),
                           gopt_tokens_colour_name(next), gopt_tokens_colour_name(to->colour));
}

/* Everything from the command line, checked before anything is solved. */
static int read_question(upgrade_run *u, gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs) return gopt_call_usage(call, "tokens upgrade: unexpected argument '%s' (see --help)", call->args[0]);
    const char *from = gopt_option(o, "from");
    if (!from) return gopt_call_usage(call, "tokens upgrade: --from TILE[@ROT] is required (see --help)");
    gopt_tokens_colour colour;
    gopt_tokens_catalog *catalog;
    if (!inline_colour(call, o, &colour) || !read_rules(call, o, &u->q.rules) || !named_catalog(call, u->library, o, &catalog)) return GOPT_BAD_INPUT;
    gopt_error err = {0};
    const gopt_tokens_catalog *home = NULL;
    u->q.from = gopt_tokens_lookup(u->library, from, "--from", catalog, colour, &u->q.from_rotation, &home, &err);
    if (!u->q.from) return gopt_call_input(call, &err);
    if (gopt_option(o, "max-flows")) u->q.max_flows = gopt_opt_int(o, upgrade_opts, "max-flows");
    const char *tokens = gopt_option(o, "tokens");
    if (tokens && !gopt_tokens_parse_stations(&u->q, tokens, "--tokens", &err)) return gopt_call_input(call, &err);
    const char *reserve = gopt_option(o, "reserve");
    if (reserve && !gopt_tokens_parse_reservations(&u->q, reserve, "--reserve", &err)) return gopt_call_input(call, &err);
    const char *extra = gopt_option(o, "extra");
    if (extra && !gopt_tokens_parse_extras(&u->q, extra, "--extra", &err)) return gopt_call_input(call, &err);
    u->q.split_exits = gopt_option_flag(o, "split-exits");
    u->q.town_or_city = gopt_option_flag(o, "town-or-city");
    const char *returns = gopt_option(o, "return");
    if (returns && !gopt_tokens_parse_returns(&u->q, returns, "--return", &err)) return gopt_call_input(call, &err);
    u->q.shrink = gopt_option_flag(o, "shrink") || returns;
    const char *placer = gopt_option(o, "placed-by");
    u->q.placer = !placer || strcmp(placer, "owner") == 0 ? GOPT_TOKENS_PLACER_OWNER
                  : strcmp(placer, "first") == 0        ? GOPT_TOKENS_PLACER_FIRST
                                                        : GOPT_TOKENS_PLACER_INDEX;
    if (u->q.placer != GOPT_TOKENS_PLACER_OWNER && (gopt_option_flag(o, "split") || gopt_option_flag(o, "split-exits")))
        return gopt_call_usage(call, "tokens upgrade: --placed-by %s and --split: a city that splits is shared out by its owners", placer);
    const char *future = gopt_option(o, "future-track");
    u->q.future_free = future && strcmp(future, "ignore") == 0;
    const char *partition = gopt_option(o, "partition");
    u->q.partition_follow = partition && strcmp(partition, "follow") == 0;
    const char *stubs = gopt_option(o, "stubs");
    if (stubs) { /* the stubs still binding: sides where the old tile prints one */
        u->q.stubs_set = true;
        if (*stubs && !gopt_tokens_parse_edges(stubs, "--stubs", &u->q.stubs_now, &err)) return gopt_call_input(call, &err);
        uint8_t printed = gopt_tokens_rotate(u->q.future_free ? u->q.from->stub_marks : u->q.from->stubs, u->q.from_rotation);
        if (u->q.stubs_now & (uint8_t)~printed)
            return gopt_call_usage(call, "--stubs: the old tile prints no stub or future track at side %d",
                                   __builtin_ctz(u->q.stubs_now & (uint8_t)~printed));
    }
    const char *neighbours = gopt_option(o, "neighbour-track"), *meet = gopt_option(o, "neighbour-meet");
    if (neighbours && !gopt_tokens_parse_neighbour_track(&u->q, neighbours, "--neighbour-track", &err)) return gopt_call_input(call, &err);
    u->q.neighbour_meet_one = meet && strcmp(meet, "one") == 0;
    u->q.split = gopt_option_flag(o, "split") || u->q.split_exits;
    const char *dup = gopt_option(o, "duplicates");
    u->q.duplicates = dup && strcmp(dup, "return") == 0 ? GOPT_TOKENS_DUPLICATES_RETURN : GOPT_TOKENS_DUPLICATES_KEEP;
    int code = read_map(call, o, &u->q);
    if (code) return code;
    const char *to = gopt_option(o, "to");
    if (to) {
        u->targets[0] = gopt_tokens_lookup(u->library, to, "--to", catalog ? catalog : home, colour, NULL, NULL, &err);
        if (!u->targets[0]) return gopt_call_input(call, &err);
        u->ntargets = 1;
        return check_step(call, u->q.from, u->targets[0], catalog ? catalog : home);
    }
    const gopt_tokens_catalog *source = catalog ? catalog : home;
    if (!source) return gopt_call_usage(call, "tokens upgrade: give --to TILE, or --catalog (or --from as GAME:NAME) to list the upgrades");
    if (u->q.from->colour == GOPT_TOKENS_UNKNOWN_COLOUR)
        return gopt_call_usage(call, "tokens upgrade: the colour of an inline --from tile is unknown; give --color to list upgrades");
    u->ntargets = gopt_tokens_catalog_upgrades(source, u->q.from, u->targets, MAX_CANDIDATES);
    return 0;
}

/* The independent checker on every rotation of every answer; false with the reason. */
static bool answers_check(const gopt_tokens_question *q, const gopt_tokens_answer *answers, int n, char *why,
                          size_t size) {
    for (int k = 0; k < n; k++)
        for (int r = 0; r < GOPT_TOKENS_EDGES; r++) {
            char reason[512], name[256];
            if (!gopt_tokens_check(q, answers[k].to, &answers[k].rotations[r], reason, sizeof reason))
                return gopt_reason(why, size, "the checker rejects %s rotation %d: %s",
                                   gopt_tokens_tile_title(answers[k].to, name, sizeof name), r, reason);
        }
    return true;
}

/* Solves every target into answers (*n of them); false with the reason (an internal error). */
static bool solve_targets(const upgrade_run *u, long limit, gopt_tokens_answer *answers, int *n, char *why,
                          size_t size) {
    *n = 0;
    for (int k = 0; k < u->ntargets; k++) {
        gopt_error err = {0};
        if (!gopt_tokens_solve(&u->q, u->targets[k], limit, &answers[k], &err))
            return gopt_error_text(&err, why, size), false;
        (*n)++;
    }
    return true;
}

/* Placements to look for per rotation: 2 to decide, --count (or a cap) with --all. */
static long placement_limit(bool all, const gopt_options *o) {
    return all ? (o->count > 1 ? o->count : DEFAULT_ALL_LIMIT) : 2;
}

static int solve_all(gopt_call *call, upgrade_run *u, const gopt_options *o) {
    char why[768];
    if (!solve_targets(u, placement_limit(u->all, o), u->answers, &u->nanswers, why, sizeof why)) {
        gopt_call_warn(call, "%s", why);
        return GOPT_ERROR;
    }
    if (o->verify && !answers_check(&u->q, u->answers, u->nanswers, why, sizeof why)) {
        gopt_call_warn(call, "internal error: %s", why);
        return GOPT_ERROR;
    }
    return GOPT_SOLVED;
}

static void print_stats(FILE *out, const upgrade_run *u) {
    gopt_counters total = {0};
    double seconds = 0;
    for (int k = 0; k < u->nanswers; k++) {
        gopt_counters_merge(&total, &u->answers[k].counters);
        seconds += u->answers[k].seconds;
    }
    fputs("stats: ", out);
    gopt_counters_print(out, &total);
    fprintf(out, ", %d new tile%s x 6 rotations in %.3f ms\n", u->nanswers, u->nanswers == 1 ? "" : "s", seconds * 1e3);
}

static void write_results(FILE *out, const upgrade_run *u, const gopt_options *o) {
    gopt_tokens_print_question(out, &u->q);
    for (int k = 0; k < u->nanswers; k++) gopt_tokens_print(out, &u->q, &u->answers[k], u->all);
    if (u->nanswers == 0) fputs("\nno tile of the catalogue may replace it (next colour, same label)\n", out);
    if (o->stats) print_stats(out, u);
}

/* One answer per new tile, the text, the DOT network (--network) and the picture. */
static int write_outputs(gopt_call *call, const upgrade_run *u, const gopt_options *o) {
    gopt_error err = {0};
    const char *out = o->output, *dot = out ? strrchr(out, '.') : NULL;
    if (out && o->picture == GOPT_PIC_NONE && (!dot || (strcasecmp(dot, ".txt") != 0 && strcasecmp(dot, ".json") != 0)))
        return gopt_call_usage(call, "--output %s: use .svg, .png or .pdf for a picture, .txt or .json for the results", out);
    if (gopt_option(o, "network")) {
        char *text = gopt_tokens_network_text(&u->q, u->answers, u->nanswers, &err);
        if (!text) return gopt_call_input(call, &err);
        gopt_call_side(call, "dot", "network", "network", "dot", text, strlen(text));
        free(text);
    }
    for (int k = 0; k < u->nanswers; k++) {
        char title[256];
        gopt_answer a = {.name = gopt_tokens_tile_title(u->answers[k].to, title, sizeof title),
                         .status = u->answers[k].nfeasible ? GOPT_SOLVED : GOPT_INFEASIBLE, .method = "maxflow",
                         .seconds = u->answers[k].seconds, .cpu_seconds = u->answers[k].cpu_seconds,
                         .counters = u->answers[k].counters};
        json_t *fields = gopt_tokens_answer_json(&u->q, &u->answers[k], u->all);
        json_object_del(fields, "seconds"); /* the envelope's */
        json_object_del(fields, "cpu_seconds");
        gopt_call_answer(call, &a, fields);
    }
    write_results(call->out, u, o);
    if (!gopt_call_picture(call, "upgrade", o->picture ? gopt_tokens_render(&u->q, u->answers, u->nanswers, pointy(o)) : NULL))
        return GOPT_BAD_INPUT;
    return GOPT_SOLVED;
}

/* 0 when some rotation keeps the tokens; 1 when that is proven for none; 3 when the search
 * gave up on a rotation and nothing was found. */
static int exit_code(const upgrade_run *u) {
    int code = 1;
    for (int k = 0; k < u->nanswers; k++) {
        if (u->answers[k].nfeasible) return 0;
        for (int r = 0; r < GOPT_TOKENS_EDGES; r++)
            if (u->answers[k].rotations[r].verdict == GOPT_TOKENS_UNKNOWN) code = 3;
    }
    return code;
}

static int run_upgrade(gopt_call *call) {
    upgrade_run *u = gopt_calloc(1, sizeof *u);
    u->answers = gopt_calloc(MAX_CANDIDATES, sizeof *u->answers);
    u->library = gopt_tokens_library_new();
    u->all = gopt_option_flag(&call->opts, "all");
    int code = read_question(u, call);
    if (code == 0) code = solve_all(call, u, &call->opts);
    if (code == 0) code = write_outputs(call, u, &call->opts);
    if (code == 0) code = exit_code(u);
    for (int k = 0; k < u->nanswers; k++) gopt_tokens_answer_free(&u->answers[k]);
    gopt_tokens_library_free(u->library);
    free(u->answers);
    free(u);
    return code;
}

/* ---------------------------------------------------------------- show */

static void print_tile(FILE *out, const gopt_tokens_tile *t, int rotation) {
    char title[512], labels[160], edges[32];
    char *code = gopt_tokens_tile_format(t);
    gopt_tokens_label_text(t, labels, sizeof labels);
    fprintf(out, "%s (%s%s%s) at rotation %d\n  %s\n", gopt_tokens_tile_title(t, title, sizeof title),
            gopt_tokens_colour_name(t->colour), labels[0] ? ", label " : "", labels, rotation, code);
    free(code);
    for (int c = 0; c < t->ncities; c++) {
        int slots = gopt_tokens_city_slots(t, c);
        uint8_t e = gopt_tokens_city_edges(t, c, rotation);
        const char *reserved = t->nodes[t->city_node[c]].reservation;
        fprintf(out, "  city %d: %d slot%s, %s%s%s%s\n", c, slots, slots == 1 ? "" : "s", e ? "edges " : "no track",
                e ? gopt_tokens_edges_text(e, edges, sizeof edges) : "", reserved[0] ? ", reserved for " : "", reserved);
    }
    for (int k = 0; k < t->ntowns; k++)
        fprintf(out, "  town %d: edges %s\n", k,
                gopt_tokens_edges_text(gopt_tokens_rotate(t->nodes[t->town_node[k]].edges, rotation), edges, sizeof edges));
    bool any = false;
    for (int a = 0; a < GOPT_TOKENS_EDGES; a++)
        for (int b = a + 1; b < GOPT_TOKENS_EDGES; b++)
            if (t->links[a] >> b & 1) {
                int x = (a + rotation) % 6, y = (b + rotation) % 6;
                fprintf(out, "%s %d-%d", any ? "," : "  through track:", x < y ? x : y, x < y ? y : x);
                any = true;
            }
    if (any) fputc('\n', out);
}

static int run_show(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs == 0) return gopt_call_usage(call, "tokens show: name a tile (GAME:NAME[@ROT] or a tile string) or a game");
    gopt_tokens_library *library = gopt_tokens_library_new();
    const gopt_tokens_tile *tiles[MAX_CANDIDATES];
    int rotations[MAX_CANDIDATES], n = 0, code = 0;
    gopt_tokens_colour colour;
    gopt_tokens_catalog *catalog;
    if (!inline_colour(call, o, &colour) || !named_catalog(call, library, o, &catalog)) code = 2;
    for (int i = 0; code == 0 && i < call->nargs; i++) {
        const char *arg = call->args[i];
        gopt_error err = {0};
        bool game = !strpbrk(arg, ":=;@") && !(catalog && gopt_tokens_catalog_find(catalog, arg));
        gopt_tokens_catalog *whole = game ? gopt_tokens_library_catalog(library, arg, &err) : NULL;
        if (whole) {
            for (int k = 0; k < gopt_tokens_catalog_size(whole) && n < MAX_CANDIDATES; k++, n++) {
                tiles[n] = gopt_tokens_catalog_tile(whole, k);
                rotations[n] = 0;
            }
            continue;
        }
        gopt_error not_a_game = err, not_a_tile = {0};
        if (n == MAX_CANDIDATES) code = gopt_call_usage(call, "tokens show: more than %d tiles", MAX_CANDIDATES);
        else if (!(tiles[n] = gopt_tokens_lookup(library, arg, arg, catalog, colour, &rotations[n], NULL, &not_a_tile)))
            code = gopt_call_input(call, game ? &not_a_game : &not_a_tile);
        else n++;
    }
    if (code == 0 && o->picture && !gopt_call_picture(call, "tiles", gopt_tokens_render_tiles(tiles, rotations, n, pointy(o))))
        code = GOPT_BAD_INPUT;
    for (int k = 0; code == 0 && k < n; k++) {
        char title[256];
        gopt_answer a = {.name = gopt_tokens_tile_title(tiles[k], title, sizeof title), .status = GOPT_SOLVED, .method = "show"};
        gopt_call_answer(call, &a, gopt_tokens_tile_json(tiles[k], rotations[k]));
        print_tile(call->out, tiles[k], rotations[k]);
    }
    gopt_tokens_library_free(library);
    return code;
}

/* ---------------------------------------------------------------- audit */

/* Stuck cases drawn on the sheet at most (a row each). */
#define MAX_SHEET_ROWS 60

/* The stuck layouts, solved again for the picture sheet. */
static int draw_sheet(gopt_call *call, const gopt_tokens_audit *a) {
    gopt_tokens_question *qs = gopt_calloc(MAX_SHEET_ROWS, sizeof *qs);
    gopt_tokens_answer *as = gopt_calloc(MAX_SHEET_ROWS, sizeof *as);
    int n = 0, code = 0;
    gopt_error err = {0};
    for (int k = 0; k < a->nrows && code == 0; k++)
        for (int s = 0; s < a->rows[k].nstuck_shown && n < MAX_SHEET_ROWS && code == 0; s++) {
            gopt_tokens_audit_question(a->rows[k].from, a->rows[k].stuck_layouts[s], a->rules, &qs[n]);
            if (!gopt_tokens_solve(&qs[n], a->rows[k].to, 2, &as[n], &err)) code = gopt_call_input(call, &err);
            else n++;
        }
    if (code == 0 && !gopt_call_picture(call, "audit",
                                        gopt_tokens_render_cases(qs, as, n, "no upgrade leaves the player stuck", pointy(&call->opts))))
        code = GOPT_BAD_INPUT;
    for (int k = 0; k < n; k++) gopt_tokens_answer_free(&as[k]);
    free(qs);
    free(as);
    return code;
}

static int run_audit(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (call->nargs != 1) return gopt_call_usage(call, "tokens audit: name one game or catalogue file (e.g. 1867)");
    gopt_error err = {0};
    gopt_tokens_catalog *c = gopt_tokens_catalog_open(call->args[0], &err);
    if (!c) return gopt_call_input(call, &err);
    const char *out = o->output, *dot = out ? strrchr(out, '.') : NULL;
    if (out && o->picture == GOPT_PIC_NONE && (!dot || (strcasecmp(dot, ".txt") != 0 && strcasecmp(dot, ".json") != 0))) {
        gopt_tokens_catalog_free(c);
        return gopt_call_usage(call, "--output %s: the audit draws a sheet of stuck cases (.svg, .png or .pdf)", out);
    }
    gopt_tokens_audit a;
    gopt_tokens_rules rules;
    if (!read_rules(call, o, &rules)) {
        gopt_tokens_catalog_free(c);
        return GOPT_BAD_INPUT;
    }
    int code = 0;
    if (!gopt_tokens_audit_run(c, rules, &a, &err)) code = gopt_call_input(call, &err);
    if (code == 0 && o->picture) code = draw_sheet(call, &a);
    if (code == 0) {
        for (int k = 0; k < a.nrows; k++) {
            char name[64];
            snprintf(name, sizeof name, "%s:%d", call->args[0], k + 1);
            gopt_answer ans = {.name = name, .status = GOPT_SOLVED, .method = "audit"};
            gopt_call_answer(call, &ans, gopt_tokens_audit_row_json(&a, &a.rows[k]));
        }
        gopt_tokens_audit_print(call->out, c, &a);
        if (a.stopped) {
            /* what was audited stands (each row whole and checked); the run says it is partial */
            const char *why = gopt_stop_text((gopt_stop_reason)a.stopped);
            gopt_answer ans = {.name = call->args[0], .status = GOPT_LIMIT, .method = "audit"};
            snprintf(ans.note, sizeof ans.note, "%s after %d of %d upgrades", why, a.nrows, a.nupgrades);
            gopt_call_answer(call, &ans, json_pack("{s:b, s:i, s:i}", "partial", 1, "audited", a.nrows, "upgrades", a.nupgrades));
            gopt_call_warn(call, "tokens audit: %s after %d of %d upgrades", why, a.nrows, a.nupgrades);
            code = GOPT_LIMIT;
        }
    }
    gopt_tokens_audit_free(&a);
    gopt_tokens_catalog_free(c);
    return code;
}

const gopt_verb tokens_verbs[] = {
    {"upgrade", "which rotations of which new tiles keep every station token connected", "",
     GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_COUNT | GOPT_COMMON_STATS | GOPT_COMMON_VERIFY, upgrade_opts,
     run_upgrade},
    {"solve", "questions written one per line as upgrade options (the generic batch: --json, --threads, pictures)",
     "[FILE...]", GOPT_SOLVE_COMMON & ~(unsigned)GOPT_COMMON_METHOD, NULL, gopt_run_solve},
    {"show", "a tile's cities, edge sets and track (GAME:NAME[@ROT], a tile string, or a whole GAME)", "TILE|GAME...",
     GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON, show_opts, run_show},
    {"audit", "every upgrade of a game with every token layout: stuck players, owner choices, city-dependent rotations",
     "GAME", GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON, audit_opts, run_audit},
    GOPT_DRAW_VERB,
    {0},
};

/* ---------------------------------------------------------------- questions as puzzles */

/* For the generic drivers (solve, the conformance test, the web server) a question is one
 * line in the upgrade verb's own words, e.g.
 *     --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2
 * ("--" optional, "name=value" or "name value"); its answer is every target's rotations. */
static const gopt_opt question_opts[] = {
    GOPT_STRING("from", "TILE[@ROT]", NULL, ""), GOPT_STRING("tokens", "CITY:NAME,...", NULL, ""),
    GOPT_STRING("to", "TILE", NULL, ""),         GOPT_STRING("catalog", "FILE|GAME", NULL, ""),
    GOPT_ENUM("rules", "R", NULL, rules_names, ""), GOPT_FLAG("split", ""), GOPT_FLAG("split-exits", ""),
    GOPT_STRING("open", "EDGES", NULL, ""),      GOPT_STRING("hex", "GAME:COORD", NULL, ""),
    GOPT_STRING("reserve", "CITY:NAME,...", NULL, ""), GOPT_ENUM("duplicates", "D", "keep", duplicates_names, ""),
    GOPT_ENUM("future-track", "F", "follow", future_names, ""),
    GOPT_ENUM("partition", "P", "ignore", partition_names, ""),
    GOPT_STRING("stubs", "SIDES", NULL, ""),
    GOPT_STRING("neighbour-track", "SIDE:GAUGE,...", NULL, ""), GOPT_ENUM("neighbour-meet", "M", "every", meet_names, ""),
    GOPT_STRING("extra", "CITY:NAME,...", NULL, ""),
    GOPT_FLAG("town-or-city", "a white hex printed with a town and a city (1880): a tile with its towns and no city drops the empty cities"),
    GOPT_FLAG("shrink", ""),                     GOPT_STRING("return", "CITY:NAME,...", NULL, ""),
    GOPT_ENUM("placed-by", "P", "owner", placer_names, ""),
    GOPT_FLAG("all", ""),                        GOPT_STRING("color", "COLOUR", NULL, ""),
    GOPT_INT("max-flows", "N", NULL, 1, 1000000000, ""),
    GOPT_OPT_END,
};

typedef struct tokens_puzzle {
    upgrade_run *u;
    char *line;  /* the question as written (the options point into `words`) */
    char *words;
} tokens_puzzle;

typedef struct tokens_result {
    int n;
    gopt_tokens_answer *answers;
} tokens_result;

/* Splits the words of a question line into options checked against question_opts. */
static bool question_options(char *words, gopt_options *o, gopt_error *err) {
    gopt_options_init(o);
    char *save = NULL;
    for (char *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        while (*w == '-') w++;
        char *eq = strchr(w, '=');
        if (eq) *eq = 0;
        const gopt_opt *spec = gopt_opt_find(question_opts, w);
        if (!spec) return gopt_fail(err, "", 0, 0, "unknown word '%s' in the question (see tokens upgrade --help)", w);
        const char *value = eq ? eq + 1 : NULL;
        if (!eq && spec->type != GOPT_OPT_FLAG && !(value = strtok_r(NULL, " \t", &save)))
            return gopt_fail(err, "", 0, 0, "'%s' needs a value (%s)", w, spec->arg);
        if (!gopt_opt_set(o, question_opts, 0, spec->name, value, NULL, NULL, err)) return false;
    }
    return true;
}

static void free_question(void *puzzle) {
    tokens_puzzle *p = puzzle;
    gopt_tokens_library_free(p->u->library);
    free(p->u);
    free(p->line);
    free(p->words);
    free(p);
}

static int parse_question(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err) {
    (void)o;
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    gopt_text_mark at = gopt_text_save(t);
    size_t len;
    const char *line = gopt_text_line(t, &len);
    tokens_puzzle *p = gopt_calloc(1, sizeof *p);
    p->line = gopt_strndup(line, len);
    p->words = gopt_strdup(p->line);
    p->u = gopt_calloc(1, sizeof *p->u);
    p->u->library = gopt_tokens_library_new();
    gopt_call call = {.game = &gopt_game_tokens, .verb = &tokens_verbs[0]};
    gopt_error why = {0};
    if (!question_options(p->words, &call.opts, &why) || read_question(p->u, &call) != 0) {
        if (call.err.set) why = call.err;
        char text[768];
        gopt_text_fail_at(t, at, err, "%s", gopt_error_text(&why, text, sizeof text));
        free_question(p);
        return -1;
    }
    p->u->all = gopt_option_flag(&call.opts, "all");
    *puzzle = p;
    return 1;
}

static gopt_status solve_question(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    const tokens_puzzle *p = puzzle;
    tokens_result *r = gopt_calloc(1, sizeof *r);
    r->answers = gopt_calloc((size_t)p->u->ntargets + 1, sizeof *r->answers);
    a->method = "maxflow";
    a->solution = r;
    if (!solve_targets(p->u, placement_limit(p->u->all, o), r->answers, &r->n, a->note, sizeof a->note))
        return GOPT_ERROR;
    for (int k = 0; k < r->n; k++) gopt_counters_merge(&a->counters, &r->answers[k].counters);
    upgrade_run view = *p->u;
    view.answers = r->answers;
    view.nanswers = r->n;
    int code = exit_code(&view);
    if (code == 1) snprintf(a->note, sizeof a->note, "no rotation of any new tile keeps the tokens");
    if (code == 3) snprintf(a->note, sizeof a->note, "the search gave up on a rotation (--max-flows)");
    return code == 0 ? GOPT_SOLVED : code == 1 ? GOPT_INFEASIBLE : GOPT_LIMIT;
}

static bool check_question(const void *puzzle, const void *solution, char *why, size_t size) {
    const tokens_result *r = solution;
    return answers_check(&((const tokens_puzzle *)puzzle)->u->q, r->answers, r->n, why, size);
}

static void free_result(void *solution) {
    tokens_result *r = solution;
    for (int k = 0; k < r->n; k++) gopt_tokens_answer_free(&r->answers[k]);
    free(r->answers);
    free(r);
}

static void print_question(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const tokens_puzzle *p = puzzle;
    const tokens_result *r = a->solution;
    fprintf(out, "%s: %s%s%s\n", a->name, gopt_status_name(a->status), a->note[0] ? ": " : "", a->note);
    if (!r || o->quiet) return;
    upgrade_run view = *p->u;
    view.answers = r->answers;
    view.nanswers = r->n;
    write_results(out, &view, o);
}

static json_t *question_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const tokens_puzzle *p = puzzle;
    const tokens_result *r = a->solution;
    json_t *j = json_object(), *list = json_array();
    for (int k = 0; r && k < r->n; k++) json_array_append_new(list, gopt_tokens_answer_json(&p->u->q, &r->answers[k], p->u->all));
    json_object_set_new(j, "answers", list);
    (void)o;
    return j;
}

static gopt_canvas *render_question(const void *puzzle, const void *solution) {
    const tokens_puzzle *p = puzzle;
    const tokens_result *r = solution;
    return gopt_tokens_render(&p->u->q, r ? r->answers : NULL, r ? r->n : 0, false);
}

static char *format_question(const void *puzzle, const void *solution, const char *fmt) {
    (void)solution;
    (void)fmt;
    return gopt_format("%s\n", ((const tokens_puzzle *)puzzle)->line);
}

static const char *const question_formats[] = {"question", NULL};
static const char *const question_methods[] = {"maxflow", NULL};

const gopt_game gopt_game_tokens = {
    .name = "tokens",
    .summary = "18xx tile upgrades that keep every station token connected (max flow)",
    .formats = question_formats,
    .methods = question_methods,
    .verbs = tokens_verbs,
    .help = tokens_help,
    .parse = parse_question,
    .format = format_question,
    .solve = solve_question,
    .check = check_question,
    .print = print_question,
    .to_json = question_json,
    .render = render_question,
    .free_puzzle = free_question,
    .free_solution = free_result,
};

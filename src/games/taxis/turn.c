/* taxis `turn`: one position of a game a person plays, for the web page (and anyone who
 * wants to play on the command line). The deck is setting I of --seed (the one `play` and
 * `ideal` use for the same --seed --index --c --dups), so the person never sees it; the
 * moves so far are the arguments (NAME, or NAME@front / NAME@back when the node joins both
 * ends). The moves are replayed with the rules written out here (face up, not on the path,
 * next to the chosen end), a wrong one is a located usage error (exit 2), and the answer is
 * what the player may see: the display, the path, the legal moves, and whether the game has
 * ended; a finished path also passes the independent checker (gopt_taxis_check_path). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/json.h"
#include "internal.h"

const gopt_opt taxis_turn_opts[] = {
    GOPT_INT("c", "C", "6", 1, 1e6, "face-up cards"),
    GOPT_INT("dups", "D", "2", 1, GOPT_TAXIS_MAX_DUPS, "copies of each node, N_D"),
    GOPT_INT("index", "I", "0", 0, 4611686018427387904.0, "setting I of the seed's sequence (as in `taxis play`)"),
    GOPT_FLAG("map", "also print the graph: nodes with positions, and roads"),
    GOPT_OPT_END,
};

typedef struct position {
    const gopt_taxis_graph *g;
    const gopt_taxis_setting *s;
    int *slot;  /* the display, slot by slot; -1 once the deck is spent */
    int next;   /* the next card of the deck */
    int *path;  /* path[lo .. lo + len): room for the path to grow either way */
    int lo, len;
    bool *on;   /* on the path */
} position;

static bool face_up(const position *p, int v) {
    for (int k = 0; k < p->s->c; k++)
        if (p->slot[k] == v) return true;
    return false;
}

/* Whether v may be taken at `end` now. */
static bool legal(const position *p, int v, gopt_taxis_end end) {
    if (!face_up(p, v) || p->on[v]) return false;
    if (p->len == 0) return end == GOPT_TAXIS_AT_START;
    /* a one-node path has one end: it grows at the back */
    if (end == GOPT_TAXIS_AT_FRONT) return p->len > 1 && gopt_taxis_adjacent(p->g, p->path[p->lo], v);
    return end == GOPT_TAXIS_AT_BACK && gopt_taxis_adjacent(p->g, p->path[p->lo + p->len - 1], v);
}

/* Whether no move is left: the game has ended. */
static bool over(const position *p) {
    for (int v = 0; v < p->g->n; v++)
        for (int e = GOPT_TAXIS_AT_START; e <= GOPT_TAXIS_AT_BACK; e++)
            if (legal(p, v, (gopt_taxis_end)e)) return false;
    return true;
}

static void take(position *p, int v, gopt_taxis_end end) {
    for (int k = 0; k < p->s->c; k++)
        if (p->slot[k] == v) {
            p->slot[k] = p->next < p->s->ncards ? p->s->cards[p->next++] : -1;
            break;
        }
    if (end == GOPT_TAXIS_AT_FRONT) p->path[--p->lo] = v;
    else p->path[p->lo + p->len] = v;
    p->len++;
    p->on[v] = true;
}

static const char *end_word(gopt_taxis_end e) {
    return e == GOPT_TAXIS_AT_START ? "start" : e == GOPT_TAXIS_AT_FRONT ? "front" : "back";
}

/* The display as the message of a wrong move shows it. */
static void display_text(const position *p, char *buf, size_t size) {
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < p->s->c && used < size; k++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? " " : "",
                                 p->slot[k] < 0 ? "-" : gopt_taxis_name(p->g, p->slot[k]));
}

/* Plays move number `number` (1-based) written as NAME[@front|@back]; 2 with the reason. */
static int play_word(gopt_call *call, position *p, int number, const char *word) {
    char name[TAXIS_NAME_MAX + 1];
    if (over(p)) return gopt_call_usage(call, "move %d: the game has ended (no face-up node extends the path)", number);
    const char *at = strrchr(word, '@');
    size_t n = at ? (size_t)(at - word) : strlen(word);
    if (n > TAXIS_NAME_MAX) return gopt_call_usage(call, "move %d: the name is too long", number);
    memcpy(name, word, n);
    name[n] = '\0';
    int v = gopt_taxis_node(p->g, name);
    if (v < 0) return gopt_call_usage(call, "move %d: '%s' is not a node of %s", number, name, p->g->name);
    gopt_taxis_end end;
    if (p->len == 0) end = GOPT_TAXIS_AT_START;
    else if (at && strcmp(at, "@front") == 0) end = GOPT_TAXIS_AT_FRONT;
    else if (at && strcmp(at, "@back") == 0) end = GOPT_TAXIS_AT_BACK;
    else if (at) return gopt_call_usage(call, "move %d: '%s': the end is @front or @back", number, word);
    else if (legal(p, v, GOPT_TAXIS_AT_FRONT) && legal(p, v, GOPT_TAXIS_AT_BACK))
        return gopt_call_usage(call, "move %d: '%s' joins both ends: write %s@front or %s@back", number, name, name, name);
    else end = legal(p, v, GOPT_TAXIS_AT_FRONT) ? GOPT_TAXIS_AT_FRONT : GOPT_TAXIS_AT_BACK;
    if (!legal(p, v, end)) {
        char shown[1024];
        display_text(p, shown, sizeof shown);
        const char *why = p->on[v] ? "is already on the path"
                          : !face_up(p, v) ? "is not face up"
                          : "is not next to that end of the path";
        return gopt_call_usage(call, "move %d: '%s' %s (display: %s)", number, name, why, shown);
    }
    take(p, v, end);
    return 0;
}

static json_t *names_json(const gopt_taxis_graph *g, const int *nodes, int n) {
    json_t *a = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(a, nodes[k] < 0 ? json_null() : json_string(gopt_taxis_name(g, nodes[k])));
    return a;
}

static json_t *map_json(const gopt_taxis_graph *g) {
    json_t *nodes = json_array(), *edges = json_array();
    const gopt_graph *gr = g->graph;
    for (int v = 0; v < g->n; v++) {
        json_t *node = json_pack("{s:s}", "name", gopt_taxis_name(g, v));
        if (gr->x && gr->y) {
            json_object_set_new(node, "x", json_real(gr->x[v]));
            json_object_set_new(node, "y", json_real(gr->y[v]));
        }
        json_array_append_new(nodes, node);
    }
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (gopt_taxis_adjacent(g, u, v)) json_array_append_new(edges, json_pack("[i,i]", u, v));
    return json_pack("{s:o,s:o}", "nodes", nodes, "edges", edges);
}

static int report(gopt_call *call, const position *p, long index, int moves) {
    const gopt_taxis_graph *g = p->g;
    json_t *legal_moves = json_array();
    int nlegal = 0;
    for (int v = 0; v < g->n; v++)
        for (int e = GOPT_TAXIS_AT_START; e <= GOPT_TAXIS_AT_BACK; e++)
            if (legal(p, v, (gopt_taxis_end)e)) {
                json_array_append_new(legal_moves, json_pack("{s:s,s:s}", "node", gopt_taxis_name(g, v), "end",
                                                             end_word((gopt_taxis_end)e)));
                nlegal++;
            }
    bool finished = nlegal == 0;
    char why[512] = "";
    if (finished && !gopt_taxis_check_path(g, p->s, p->path + p->lo, p->len, true, why, sizeof why)) {
        json_decref(legal_moves);
        gopt_call_warn(call, "internal error: the finished path failed the checker: %s", why);
        return GOPT_ERROR;
    }
    const gopt_options *o = &call->opts;
    if (o->json) {
        json_t *j = json_pack("{s:s,s:i,s:i,s:I,s:I,s:i}", "graph", g->name, "c", p->s->c, "dups", p->s->dups, "seed",
                              (json_int_t)o->seed, "index", (json_int_t)index, "moves", moves);
        json_object_set_new(j, "display", names_json(g, p->slot, p->s->c));
        json_object_set_new(j, "deck_left", json_integer(p->s->ncards - p->next));
        json_object_set_new(j, "path", names_json(g, p->path + p->lo, p->len));
        json_object_set_new(j, "length", json_integer(p->len));
        json_object_set_new(j, "legal", legal_moves);
        json_object_set_new(j, "finished", json_boolean(finished));
        if (finished) json_object_set_new(j, "checked", json_true());
        if (gopt_option_flag(o, "map")) json_object_set_new(j, "map", map_json(g));
        gopt_answer a = {.name = "turn", .status = GOPT_SOLVED, .method = "turn"};
        gopt_call_answer(call, &a, j);
        return GOPT_SOLVED;
    }
    char shown[4096];
    display_text(p, shown, sizeof shown);
    fprintf(call->out, "display: %s\npath (%d): ", shown, p->len);
    for (int k = 0; k < p->len; k++) fprintf(call->out, "%s%s", k ? " - " : "", gopt_taxis_name(g, p->path[p->lo + k]));
    fputc('\n', call->out);
    if (finished) fputs("no face-up node extends the path: the game ends (checked: a finished TT-path)\n", call->out);
    else {
        fputs("legal:", call->out);
        for (size_t k = 0; k < json_array_size(legal_moves); k++) {
            json_t *m = json_array_get(legal_moves, k);
            fprintf(call->out, " %s@%s", json_string_value(json_object_get(m, "node")),
                    json_string_value(json_object_get(m, "end")));
        }
        fputc('\n', call->out);
    }
    json_decref(legal_moves);
    return 0;
}

int taxis_run_turn(gopt_call *call) {
    const gopt_options *o = &call->opts;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    if (!g) return gopt_call_input(call, &err);
    long c = gopt_opt_int(o, taxis_turn_opts, "c"), dups = gopt_opt_int(o, taxis_turn_opts, "dups");
    long index = gopt_opt_int(o, taxis_turn_opts, "index");
    char why[256];
    if (!gopt_taxis_params_valid(g->n, (int)c, (int)dups, why, sizeof why)) {
        gopt_taxis_graph_free(g);
        return gopt_call_usage(call, "--c %ld --dups %ld: %s", c, dups, why);
    }
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, (int)c, (int)dups);
    gopt_taxis_deal_indexed(s, o->seed, (uint64_t)index, NULL);
    position p = {g, s, gopt_malloc((size_t)s->c * sizeof(int)), s->c, gopt_malloc(2 * (size_t)g->n * sizeof(int)),
                  g->n, 0, gopt_calloc((size_t)g->n, sizeof(bool))};
    memcpy(p.slot, s->cards, (size_t)s->c * sizeof(int));
    int code = 0;
    for (int k = 0; k < call->nargs && code == 0; k++) code = play_word(call, &p, k + 1, call->args[k]);
    if (code == 0) code = report(call, &p, index, call->nargs);
    free(p.slot);
    free(p.path);
    free(p.on);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
    return code;
}

/* The turns of a one-player game as a person reads them: the display slot by slot (a taken
 * card's slot receives the next card of the deck), the move and the path. Replaying the moves
 * on the display is also a second, independent enactment of the rules. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/report.h"
#include "gameopt/alloc.h"

typedef struct display {
    int c, next;
    int *slot; /* node, or -1 once the deck is spent */
} display;

static bool display_take(display *d, const gopt_taxis_setting *s, int v) {
    for (int k = 0; k < d->c; k++)
        if (d->slot[k] == v) {
            d->slot[k] = d->next < s->ncards ? s->cards[d->next++] : -1;
            return true;
        }
    return false;
}

static void print_display(FILE *out, const gopt_taxis_graph *g, const display *d, const bool *on_path) {
    fputs("display:", out);
    for (int k = 0; k < d->c; k++) {
        int v = d->slot[k];
        if (v < 0) fputs(" -", out);
        else fprintf(out, on_path[v] ? " [%s]" : " %s", gopt_taxis_name(g, v));
    }
    fputc('\n', out);
}

static json_t *display_json(const gopt_taxis_graph *g, const display *d) {
    json_t *a = json_array();
    for (int k = 0; k < d->c; k++) json_array_append_new(a, d->slot[k] < 0 ? json_null() : json_string(gopt_taxis_name(g, d->slot[k])));
    return a;
}

static const char *end_name(gopt_taxis_end e) {
    return e == GOPT_TAXIS_AT_START ? "start" : e == GOPT_TAXIS_AT_FRONT ? "front" : "back";
}

void taxis_print_path(FILE *out, const gopt_taxis_graph *g, const int *path, int len) {
    for (int k = 0; k < len; k++) fprintf(out, "%s%s", k ? " - " : "", gopt_taxis_name(g, path[k]));
}

bool taxis_print_turns(FILE *out, const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_move *moves,
                       int len, bool finished, json_t *json_moves) {
    display d = {s->c, s->c, gopt_malloc((size_t)s->c * sizeof *d.slot)};
    memcpy(d.slot, s->cards, (size_t)s->c * sizeof *d.slot);
    bool *on_path = gopt_calloc((size_t)g->n, sizeof *on_path);
    int *path = gopt_malloc((size_t)g->n * sizeof *path);
    bool ok = true;
    for (int t = 0; t <= len && ok; t++) {
        if (out) {
            fprintf(out, "%3d. ", t + 1);
            print_display(out, g, &d, on_path);
        }
        if (t == len) {
            if (out && finished) fprintf(out, "     no face-up node extends the path: the game ends\n");
            break;
        }
        if (json_moves)
            json_array_append_new(json_moves, json_pack("{s:s,s:s,s:o}", "node", gopt_taxis_name(g, moves[t].node), "end",
                                                        end_name(moves[t].end), "display", display_json(g, &d)));
        ok = display_take(&d, s, moves[t].node);
        on_path[moves[t].node] = true;
        if (out && ok) {
            static const char *const where[] = {"to start", "at the front", "at the back"};
            fprintf(out, "     take %s %s; path: ", gopt_taxis_name(g, moves[t].node), where[moves[t].end]);
            gopt_taxis_path_of_moves(moves, t + 1, path);
            taxis_print_path(out, g, path, t + 1);
            fputc('\n', out);
        }
    }
    free(d.slot);
    free(on_path);
    free(path);
    return ok;
}

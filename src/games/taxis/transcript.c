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

/* With `clear` (on_path already holding v) every slot showing a node of the path takes the
 * next card, until it shows a node off the path or the deck is spent. */
/* A card of v leaves and its slot takes the next card. With `refill` every slot showing v
 * then does so (a copy turned up by the refill stays); with `clear` (on_path already holding
 * v) every slot showing a node of the path takes the next card until it shows a node off the
 * path or the deck is spent. */
static bool display_take(display *d, const gopt_taxis_setting *s, int v, bool clear, bool refill, const bool *on_path) {
    bool *showed = gopt_malloc((size_t)d->c * sizeof *showed), found = false;
    for (int k = 0; k < d->c; k++) showed[k] = d->slot[k] == v && (refill || !found) && (found = true);
    for (int k = 0; k < d->c; k++)
        if (showed[k]) d->slot[k] = d->next < s->ncards ? s->cards[d->next++] : -1;
    for (int k = 0; k < d->c && clear; k++)
        while (d->slot[k] >= 0 && on_path[d->slot[k]]) d->slot[k] = d->next < s->ncards ? s->cards[d->next++] : -1;
    free(showed);
    return found;
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
                       int len, bool finished, gopt_taxis_reading r, json_t *json_moves) {
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
        on_path[moves[t].node] = true;
        ok = display_take(&d, s, moves[t].node, r.clear, r.refill, on_path);
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

/* The independent checker: replays a move sequence on the cells themselves, the way the
 * game is played (recolour the start cell's connected area, paint-bucket style), and looks
 * at the board at the end. It shares nothing with the solvers but the puzzle struct; it
 * never builds the region graph. */
#include <stdlib.h>
#include <string.h>

#include "flood_sim.h"
#include "gameopt/alloc.h"

void flood_sim_init(flood_sim *s, const gopt_flood_puzzle *p) {
    size_t n = (size_t)p->w * (size_t)p->h;
    s->p = p;
    s->colour = gopt_malloc(n);
    memcpy(s->colour, p->cells, n);
    s->queue = gopt_malloc(n * sizeof *s->queue);
    s->mark = gopt_calloc(n, 1);
}

void flood_sim_free(flood_sim *s) {
    free(s->colour);
    free(s->queue);
    free(s->mark);
    memset(s, 0, sizeof *s);
}

/* Marks the cells of colour c connected to the start cell (s->mark, listed in s->queue);
 * returns how many. */
static int collect(flood_sim *s, uint8_t c) {
    const gopt_flood_puzzle *p = s->p;
    int w = p->w, h = p->h;
    memset(s->mark, 0, (size_t)w * (size_t)h);
    int head = 0, tail = 0;
    s->queue[tail++] = p->start;
    s->mark[p->start] = 1;
    while (head < tail) {
        int cell = s->queue[head++], r = cell / w, col = cell % w;
        int next[4] = {r > 0 ? cell - w : -1, r + 1 < h ? cell + w : -1, col > 0 ? cell - 1 : -1,
                       col + 1 < w ? cell + 1 : -1};
        for (int k = 0; k < 4; k++) {
            int x = next[k];
            if (x >= 0 && !s->mark[x] && s->colour[x] == c) {
                s->mark[x] = 1;
                s->queue[tail++] = x;
            }
        }
    }
    return tail;
}

/* Recolours the start cell's area (paint bucket); returns the area's size after the move. */
int flood_sim_play(flood_sim *s, int c) {
    int n = collect(s, s->colour[s->p->start]);
    for (int i = 0; i < n; i++) s->colour[s->queue[i]] = (uint8_t)c;
    return flood_sim_area(s);
}

int flood_sim_area(flood_sim *s) { return collect(s, s->colour[s->p->start]); }

bool gopt_flood_check(const gopt_flood_puzzle *p, const uint8_t *moves, int length, char *why, size_t why_size) {
    if (length < 0) {
        snprintf(why, why_size, "no sequence");
        return false;
    }
    flood_sim s;
    flood_sim_init(&s, p);
    for (int i = 0; i < length; i++) {
        if (moves[i] >= p->ncolours) {
            snprintf(why, why_size, "move %d is colour number %d; the board has %d colours", i + 1, moves[i],
                     p->ncolours);
            flood_sim_free(&s);
            return false;
        }
        flood_sim_play(&s, moves[i]);
    }
    int n = p->w * p->h, area = flood_sim_area(&s);
    flood_sim_free(&s);
    if (area != n) {
        snprintf(why, why_size, "after %d moves %d of %d cells are not flooded", length, n - area, n);
        return false;
    }
    return true;
}

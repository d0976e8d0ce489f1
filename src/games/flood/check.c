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

/* Recolours the start cell's area; returns its size after the move. */
int flood_sim_play(flood_sim *s, int c) {
    const gopt_flood_puzzle *p = s->p;
    int w = p->w, h = p->h, n = w * h;
    uint8_t old = s->colour[p->start];
    memset(s->mark, 0, (size_t)n);
    int head = 0, tail = 0;
    s->queue[tail++] = p->start;
    s->mark[p->start] = 1;
    /* collect the area of the old colour, then paint it; the area after the move is the
     * same search with the new colour, which the next call (or flood_sim_area) sees */
    while (head < tail) {
        int cell = s->queue[head++], r = cell / w, col = cell % w;
        int next[4] = {r > 0 ? cell - w : -1, r + 1 < h ? cell + w : -1, col > 0 ? cell - 1 : -1,
                       col + 1 < w ? cell + 1 : -1};
        for (int k = 0; k < 4; k++) {
            int x = next[k];
            if (x >= 0 && !s->mark[x] && s->colour[x] == old) {
                s->mark[x] = 1;
                s->queue[tail++] = x;
            }
        }
    }
    for (int i = 0; i < tail; i++) s->colour[s->queue[i]] = (uint8_t)c;
    return flood_sim_area(s);
}

int flood_sim_area(flood_sim *s) {
    const gopt_flood_puzzle *p = s->p;
    int w = p->w, h = p->h, n = w * h;
    uint8_t c = s->colour[p->start];
    memset(s->mark, 0, (size_t)n);
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

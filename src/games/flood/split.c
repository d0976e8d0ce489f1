/* flood split: the distinct positions some moves on, level by level with the checker's
 * simulator (flood_sim.h), so the parts owe nothing to the solvers' region graph. */
#include "split.h"

#include <stdlib.h>
#include <string.h>

#include "flood_sim.h"
#include "gameopt/alloc.h"

/* A position and the moves that reach it from the board's start. Its cells show the flooded
 * area as FLOODED, not in its colour: two positions with the same area have the same
 * optimum whatever that colour (a move's effect on the area does not depend on it, and the
 * area's own colour never borders it), so they are one part. */
enum { FLOODED = 0xff }; /* not a colour: there are at most GOPT_FLOOD_MAX_COLOURS */
typedef struct split_part {
    uint8_t *cells, *moves;
    int n;
} split_part;

typedef struct split_parts {
    split_part *v;
    size_t n, cap;
} split_parts;

/* The positions met so far, by their cells: an open-addressing set of part numbers, at
 * most half full. */
typedef struct split_seen {
    const split_parts *all; /* every part made, in order */
    size_t *slot, mask, count, cells;
} split_seen;

static uint64_t cells_hash(const uint8_t *c, size_t n) {
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) h = (h ^ c[i]) * 1099511628211u;
    return h;
}

static size_t *split_seen_find(split_seen *s, const uint8_t *cells) {
    for (size_t i = cells_hash(cells, s->cells) & s->mask;; i = (i + 1) & s->mask)
        if (s->slot[i] == SIZE_MAX || memcmp(s->all->v[s->slot[i]].cells, cells, s->cells) == 0) return &s->slot[i];
}

/* Whether a position with these cells was made before; remembers part k otherwise. */
static bool split_seen_add(split_seen *s, const uint8_t *cells, size_t k) {
    if (2 * (s->count + 1) > s->mask + 1) { /* grow: the parts made so far are all in the set */
        free(s->slot);
        s->mask = s->mask ? 2 * s->mask + 1 : 63;
        s->slot = gopt_malloc((s->mask + 1) * sizeof *s->slot);
        memset(s->slot, 0xff, (s->mask + 1) * sizeof *s->slot);
        for (size_t j = 0; j < s->count; j++) *split_seen_find(s, s->all->v[j].cells) = j;
    }
    size_t *slot = split_seen_find(s, cells);
    if (*slot != SIZE_MAX) return true;
    *slot = k;
    s->count++;
    return false;
}

/* The area just collected (s->queue) shown as FLOODED. */
static void mark_flooded(flood_sim *s, int area) {
    for (int i = 0; i < area; i++) s->colour[s->queue[i]] = FLOODED;
}

/* flood_split's search, level by level: `all` gets every position made, the ones expanded on
 * the way too; `answer` the numbers of the answers. */
static void split_positions(const gopt_flood_puzzle *p, const uint8_t *played, int nplayed, int depth,
                            split_parts *all, size_t **answer, size_t *nanswer) {
    size_t ncells = (size_t)p->w * (size_t)p->h;
    split_seen seen = {.all = all, .cells = ncells};
    size_t answer_cap = 0, moves_size = (size_t)nplayed + (size_t)depth + 1;
    *answer = NULL;
    *nanswer = 0;
    flood_sim s;
    flood_sim_init(&s, p);
    for (int i = 0; i < nplayed; i++) flood_sim_play(&s, played[i]);
    mark_flooded(&s, flood_sim_area(&s));
    gopt_grow(&all->v, &all->cap, 1, sizeof *all->v);
    all->v[0] = (split_part){gopt_malloc(ncells), gopt_malloc(moves_size), nplayed};
    memcpy(all->v[0].cells, s.colour, ncells);
    if (nplayed) memcpy(all->v[0].moves, played, (size_t)nplayed); /* played may be NULL */
    all->n = 1;
    split_seen_add(&seen, s.colour, 0);
    size_t level = 0; /* this level's positions: [level, all->n) */
    for (int d = 0; d <= depth; d++) {
        size_t end = all->n;
        for (size_t k = level; k < end; k++) {
            memcpy(s.colour, all->v[k].cells, ncells);
            int area = flood_sim_area(&s);
            if (d == depth || area == (int)ncells) { /* an answer: deep enough, or flooded */
                gopt_grow(answer, &answer_cap, *nanswer + 1, sizeof **answer);
                (*answer)[(*nanswer)++] = k;
                continue;
            }
            for (int c = 0; c < p->ncolours; c++) {
                memcpy(s.colour, all->v[k].cells, ncells);
                int after = flood_sim_play(&s, c);
                if (after == area) continue;
                mark_flooded(&s, after);
                if (split_seen_add(&seen, s.colour, all->n)) continue;
                gopt_grow(&all->v, &all->cap, all->n + 1, sizeof *all->v);
                split_part *q = &all->v[all->n++], *from = &all->v[k];
                *q = (split_part){gopt_malloc(ncells), gopt_malloc(moves_size), from->n + 1};
                memcpy(q->cells, s.colour, ncells);
                memcpy(q->moves, from->moves, (size_t)from->n);
                q->moves[from->n] = (uint8_t)c;
            }
        }
        level = end;
    }
    flood_sim_free(&s);
    free(seen.slot);
}


size_t flood_split(const gopt_flood_puzzle *p, const uint8_t *played, int nplayed, int depth, flood_part **parts) {
    split_parts all = {0};
    size_t *answer, n;
    split_positions(p, played, nplayed, depth, &all, &answer, &n);
    size_t ncells = (size_t)p->w * (size_t)p->h;
    *parts = gopt_malloc((n ? n : 1) * sizeof **parts);
    for (size_t i = 0; i < n; i++) {
        split_part *q = &all.v[answer[i]];
        bool flooded = true;
        for (size_t c = 0; c < ncells && flooded; c++) flooded = q->cells[c] == FLOODED;
        (*parts)[i] = (flood_part){q->moves, q->n, flooded};
        q->moves = NULL; /* handed over */
    }
    for (size_t k = 0; k < all.n; k++) free(all.v[k].cells), free(all.v[k].moves);
    free(all.v);
    free(answer);
    return n;
}

void flood_parts_free(flood_part *parts, size_t n) {
    for (size_t i = 0; i < n; i++) free(parts[i].moves);
    free(parts);
}

gopt_flood_puzzle *flood_position_after(const gopt_flood_puzzle *p, const uint8_t *moves, int n) {
    gopt_flood_puzzle *q = gopt_flood_new(p->w, p->h, p->ncolours);
    for (int c = 0; c < p->ncolours; c++) {
        free(q->names[c]);
        q->names[c] = gopt_strdup(p->names[c]);
    }
    q->tokens = p->tokens;
    q->start = p->start;
    q->format = p->format;
    flood_sim s;
    flood_sim_init(&s, p);
    for (int i = 0; i < n; i++) flood_sim_play(&s, moves[i]);
    memcpy(q->cells, s.colour, (size_t)p->w * (size_t)p->h);
    flood_sim_free(&s);
    return q;
}


/* Gauge where the new tile meets its neighbours' track (18Ireland, 1849): narrow and broad
 * gauge track may not run into each other at a hex side. Which track the neighbours have,
 * and (1849) which sides the laying company arrives by, is game state: the question carries
 * it (q->neighbour_gauges, --neighbour-track). The rule as the online engine plays it:
 * G18Ireland#legal_tile_rotation? (every exit of the new tile facing a neighbour's path must
 * match its track) and G1849#legal_tile_rotation? (over the sides the company is connected
 * by, one matching path suffices; none facing a path: any rotation). */
#include <stdio.h>
#include <string.h>

#include "games/tokens/internal.h"

/* The trains a gauge carries: bit 0 broad, bit 1 narrow, bit 2 thin. */
static unsigned trains(uint8_t gauges) {
    unsigned t = 0;
    if (gauges & (1u << GOPT_TOKENS_BROAD | 1u << GOPT_TOKENS_DUAL)) t |= 1;
    if (gauges & (1u << GOPT_TOKENS_NARROW | 1u << GOPT_TOKENS_DUAL)) t |= 2;
    if (gauges & (1u << GOPT_TOKENS_OTHER_TRACK)) t |= 4;
    return t;
}

bool gopt_tokens_gauges_meet(uint8_t a, uint8_t b) { return (trains(a) & trains(b)) != 0; }

bool gopt_tokens_parse_neighbour_track(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err) {
    static const char *const names[] = {"broad", "narrow", "dual"};
    gopt_text t;
    gopt_text_from_string(&t, where, spec);
    bool ok = true;
    gopt_text_skip_spaces(&t);
    while (ok && !gopt_text_eof(&t)) {
        long side;
        if (!gopt_text_int(&t, 0, 5, &side, err) || !gopt_text_expect(&t, ':', err)) {
            ok = false;
            break;
        }
        gopt_text_mark at = gopt_text_save(&t);
        char word[16];
        size_t n = 0;
        while (gopt_text_peek(&t) >= 'a' && gopt_text_peek(&t) <= 'z') {
            int c = gopt_text_next(&t);
            if (n + 1 < sizeof word) word[n] = (char)c;
            n++;
        }
        word[n < sizeof word ? n : sizeof word - 1] = 0;
        int g = -1;
        for (int k = 0; k < 3; k++)
            if (n < sizeof word && strcmp(word, names[k]) == 0) g = k;
        if (g < 0) {
            ok = gopt_text_fail_at(&t, at, err, "expected a gauge (broad, narrow or dual) after side %ld", side);
            break;
        }
        q->neighbour_gauges[side] |= (uint8_t)(1u << g);
        if (!gopt_text_accept(&t, ',') && !gopt_text_eof(&t)) {
            char found[32];
            ok = gopt_text_fail(&t, err, "expected ',' or the end after a gauge, found %s",
                                gopt_text_describe(gopt_text_peek(&t), found, sizeof found));
        }
    }
    gopt_text_free(&t);
    return ok;
}

bool tokens_neighbour_gauge_unmet(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *side,
                                  int *ours, int *theirs) {
    int first = -1;
    bool met = false;
    for (int s = 0; s < GOPT_TOKENS_EDGES; s++) {
        uint8_t there = q->neighbour_gauges[s], here = to->gauges[(s - rotation + 12) % 6];
        if (!there || !here) continue;
        if (gopt_tokens_gauges_meet(here, there)) {
            met = true;
            continue;
        }
        if (first < 0) {
            first = s;
            *ours = __builtin_ctz(here);
            *theirs = __builtin_ctz(there);
        }
    }
    *side = first;
    return first >= 0 && !(q->neighbour_meet_one && met);
}

/* Shared by the Country Road fuzz targets: read every puzzle of the input, and for each one
 * that reads, write it in every format that can hold it, read it back, and insist on the
 * same puzzle (a writer and its reader must agree on everything they accept). */
#ifndef FUZZ_COUNTRY_COMMON_H
#define FUZZ_COUNTRY_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

static void fuzz_country_same(const gopt_country_puzzle *a, const gopt_country_puzzle *b) {
    int n = gopt_grid_cells(a->size);
    if (a->size.w != b->size.w || a->size.h != b->size.h || a->nrooms != b->nrooms ||
        a->empty_rooms != b->empty_rooms || memcmp(a->room, b->room, (size_t)n * sizeof *a->room) != 0 ||
        memcmp(a->number, b->number, (size_t)a->nrooms * sizeof *a->number) != 0)
        abort();
    for (int c = 0; c < n; c++)
        for (gopt_dir d = GOPT_E; d <= GOPT_S; d++)
            if (gopt_country_border(a, c, d) != gopt_country_border(b, c, d)) abort();
}

static void fuzz_country_round_trip(const gopt_country_puzzle *p) {
    for (const char *const *f = gopt_country_formats; *f; f++) {
        const char *why = NULL;
        char *text = gopt_country_write(p, p->given, *f, &why);
        if (!text) {
            if (!why) abort();
            continue;
        }
        gopt_text t;
        gopt_text_from_string(&t, "again", text);
        gopt_country_puzzle *q = NULL;
        gopt_error err = {0};
        if (gopt_country_read(&t, *f, &q, &err) != 1) abort();
        fuzz_country_same(p, q);
        if (p->given && strcmp(*f, "url") != 0 &&
            (!q->given || memcmp(p->given, q->given, (size_t)gopt_grid_cells(p->size)) != 0)) {
            /* pzprv3 and penpa keep only line segments: a loop token pointing off the board or into a
             * hole is not a line there, so only consistent drawings must survive. */
            char why2[128];
            if ((strcmp(*f, "pzprv3") != 0 && strcmp(*f, "penpa") != 0) ||
                gopt_country_check(p, p->given, why2, sizeof why2))
                abort();
        }
        gopt_country_free(q);
        gopt_text_free(&t);
        free(text);
    }
}

static void fuzz_country_read_all(const uint8_t *data, size_t size, const char *format) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    for (int i = 0; i < 64; i++) {
        gopt_country_puzzle *p = NULL;
        gopt_error err = {0};
        int r = gopt_country_read(&t, format, &p, &err);
        if (r < 0 && (!err.set || err.line < 1)) abort();
        if (r != 1) break;
        if (p->given) {
            char why[256];
            gopt_country_check(p, p->given, why, sizeof why);
        }
        fuzz_country_round_trip(p);
        gopt_country_free(p);
    }
    gopt_text_free(&t);
}

#endif

/* A state written back as text that reads to the same state: every hex in full with an
 * inline tile string (so the text needs no catalogue and no game file), every train type the
 * trains use, groups and bonuses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "games/routes/internal.h"

static void train_keys(gopt_buf *b, const gopt_routes_train *t) {
    static const char *const names[] = {"stops", "cities", "towns", "pay", "hexes"};
    const int values[] = {t->stops, t->cities, t->towns, t->pay, t->hexes};
    bool any = false;
    for (int k = 0; k < 5; k++)
        if (values[k] != GOPT_ROUTES_UNLIMITED) gopt_buf_printf(b, " %s:%d", names[k], values[k]), any = true;
    if (!any) gopt_buf_puts(b, " stops:unlimited");
    if (t->towns_free) gopt_buf_puts(b, " free-towns");
    if (t->first) {
        static const char *const classes[] = {"city", "town", "offboard"};
        gopt_buf_puts(b, " first:");
        bool comma = false;
        for (int c = 0; c < 3; c++)
            if (t->first & (1u << c)) gopt_buf_printf(b, "%s%s", comma ? "," : "", classes[c]), comma = true;
    }
    if (t->multiplier > 1) gopt_buf_printf(b, " multiplier:%d", t->multiplier);
    if (t->diesel) gopt_buf_puts(b, " diesel");
}

static bool type_listed(const gopt_routes_state *s, const gopt_routes_train *t) {
    for (int i = 0; i < s->ntypes; i++)
        if (memcmp(&s->types[i], t, sizeof *t) == 0) return true;
    return false;
}

static void write_hex(gopt_buf *b, const gopt_routes_state *s, const gopt_routes_hex *h) {
    gopt_buf_printf(b, "%s %s", h->coord, gopt_tokens_colour_name(h->colour == GOPT_TOKENS_UNKNOWN_COLOUR ? GOPT_TOKENS_WHITE : h->colour));
    if (h->tile.nnodes || h->tile.npaths || h->tile.nlabels) {
        char *code = gopt_tokens_tile_format(&h->tile);
        gopt_buf_printf(b, " %s", code);
        if (h->rotation) gopt_buf_printf(b, "@%d", h->rotation);
        free(code);
    }
    if (h->ntokens) {
        gopt_buf_puts(b, " tokens:");
        for (int i = 0; i < h->ntokens; i++) gopt_buf_printf(b, "%s%d:%s", i ? "," : "", h->tokens[i].city, h->tokens[i].company);
    }
    if (h->closed) {
        gopt_buf_puts(b, " closed:");
        bool comma = false;
        for (int e = 0; e < 6; e++)
            if (h->closed >> e & 1) gopt_buf_printf(b, "%s%d", comma ? "," : "", e), comma = true;
    }
    if (h->name[0]) gopt_buf_printf(b, " name:%s", h->name);
    gopt_buf_putc(b, '\n');
    (void)s;
}

char *gopt_routes_format(const gopt_routes_state *s) {
    gopt_buf b = {0};
    if (s->name[0]) gopt_buf_printf(&b, "name %s\n", s->name);
    gopt_buf_printf(&b, "layout %s\n", s->layout == GOPT_ROUTES_FLAT ? "flat" : "pointy");
    if (s->nphases) {
        gopt_buf_puts(&b, "phases");
        for (int i = 0; i < s->nphases; i++)
            gopt_buf_printf(&b, " %s:%s", s->phases[i].name, gopt_tokens_colour_name(s->phases[i].colour));
        gopt_buf_putc(&b, '\n');
    }
    gopt_buf_printf(&b, "phase %s\ncompany %s\n", s->phase, s->company);
    if (s->nneutral) {
        gopt_buf_puts(&b, "neutral");
        for (int i = 0; i < s->nneutral; i++) gopt_buf_printf(&b, " %s", s->neutral[i]);
        gopt_buf_putc(&b, '\n');
    }
    if (s->rules) {
        gopt_buf_puts(&b, "rules");
        for (int k = 0; gopt_routes_rule_names[k]; k++)
            if (s->rules >> k & 1) gopt_buf_printf(&b, " %s", gopt_routes_rule_names[k]);
        gopt_buf_putc(&b, '\n');
    }
    for (int i = 0; i < s->ntypes; i++) {
        gopt_buf_printf(&b, "type %s", s->types[i].name);
        train_keys(&b, &s->types[i]);
        gopt_buf_putc(&b, '\n');
    }
    for (int i = 0; i < s->ntrains; i++)
        if (!type_listed(s, &s->trains[i])) {
            gopt_buf_printf(&b, "type %s", s->trains[i].name);
            train_keys(&b, &s->trains[i]);
            gopt_buf_putc(&b, '\n');
        }
    if (s->ntrains) {
        gopt_buf_puts(&b, "trains");
        for (int i = 0; i < s->ntrains; i++) gopt_buf_printf(&b, " %s", s->trains[i].name);
        gopt_buf_putc(&b, '\n');
    }
    for (int i = 0; i < s->nhexes; i++) write_hex(&b, s, &s->hexes[i]);
    for (int g = 0; g < s->ngroups; g++) {
        gopt_buf_printf(&b, "group %s", s->groups[g].name);
        for (int k = 0; k < s->groups[g].n; k++) gopt_buf_printf(&b, " %s", s->hexes[s->groups[g].hex[k]].coord);
        gopt_buf_putc(&b, '\n');
    }
    for (int k = 0; k < s->nbonuses; k++) {
        const gopt_routes_bonus *bo = &s->bonuses[k];
        gopt_buf_printf(&b, "bonus %s %d%s%s%s", bo->name, bo->amount, bo->multiplied ? "" : " flat", bo->once ? " once" : "",
                        bo->kind == GOPT_ROUTES_BONUS_EACH ? " each" : "");
        for (int j = 0; j < bo->nsets; j++) {
            gopt_buf_putc(&b, ' ');
            for (int i = 0; i < bo->sets[j].n; i++) {
                gopt_buf_printf(&b, "%s%s", i ? "," : "", s->hexes[bo->sets[j].hex[i]].coord);
                if (bo->sets[j].value[i]) gopt_buf_printf(&b, ":%d", bo->sets[j].value[i]);
            }
        }
        gopt_buf_putc(&b, '\n');
    }
    return gopt_buf_take(&b);
}

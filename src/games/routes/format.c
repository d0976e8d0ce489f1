/* A state written back as text that reads to the same state. A state on a bundled game is
 * written as a player writes one: `game NAME` and what differs from the board (tiles by
 * their catalogue names); any other state in full, every hex with an inline tile string, so
 * the text needs no catalogue and no game file. */
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

static void write_types_and_trains(gopt_buf *b, const gopt_routes_state *s, int from) {
    for (int i = from; i < s->ntypes; i++) {
        gopt_buf_printf(b, "type %s", s->types[i].name);
        train_keys(b, &s->types[i]);
        gopt_buf_putc(b, '\n');
    }
    for (int i = 0; i < s->ntrains; i++) {
        bool again = false;
        for (int j = 0; j < i; j++) again |= memcmp(&s->trains[j], &s->trains[i], sizeof s->trains[i]) == 0;
        if (!again && !type_listed(s, &s->trains[i])) {
            gopt_buf_printf(b, "type %s", s->trains[i].name);
            train_keys(b, &s->trains[i]);
            gopt_buf_putc(b, '\n');
        }
    }
    if (s->ntrains) {
        gopt_buf_puts(b, "trains");
        for (int i = 0; i < s->ntrains; i++) gopt_buf_printf(b, " %s", s->trains[i].name);
        gopt_buf_putc(b, '\n');
    }
}

static void write_tokens(gopt_buf *b, const gopt_routes_hex *h) {
    if (!h->ntokens) return;
    gopt_buf_puts(b, " tokens:");
    for (int i = 0; i < h->ntokens; i++) gopt_buf_printf(b, "%s%d:%s", i ? "," : "", h->tokens[i].city, h->tokens[i].company);
}

/* A hex in full: colour, inline tile string, rotation, tokens, closed sides, name. */
static void write_hex(gopt_buf *b, const gopt_routes_hex *h) {
    gopt_buf_printf(b, "%s %s", h->coord, gopt_tokens_colour_name(h->colour == GOPT_TOKENS_UNKNOWN_COLOUR ? GOPT_TOKENS_WHITE : h->colour));
    if (h->tile.nnodes || h->tile.npaths || h->tile.nlabels) {
        char *code = gopt_tokens_tile_format(&h->tile);
        gopt_buf_printf(b, " %s", code);
        if (h->rotation) gopt_buf_printf(b, "@%d", h->rotation);
        free(code);
    }
    write_tokens(b, h);
    if (h->closed) {
        gopt_buf_puts(b, " closed:");
        bool comma = false;
        for (int e = 0; e < 6; e++)
            if (h->closed >> e & 1) gopt_buf_printf(b, "%s%d", comma ? "," : "", e), comma = true;
    }
    if (h->name[0]) gopt_buf_printf(b, " name:%s", h->name);
    gopt_buf_putc(b, '\n');
}

static void write_groups(gopt_buf *b, const gopt_routes_state *s, int from) {
    for (int g = from; g < s->ngroups; g++) {
        gopt_buf_printf(b, "group %s", s->groups[g].name);
        for (int k = 0; k < s->groups[g].n; k++) gopt_buf_printf(b, " %s", s->hexes[s->groups[g].hex[k]].coord);
        gopt_buf_putc(b, '\n');
    }
}

static void write_bonuses(gopt_buf *b, const gopt_routes_state *s, int from) {
    for (int k = from; k < s->nbonuses; k++) {
        const gopt_routes_bonus *bo = &s->bonuses[k];
        gopt_buf_printf(b, "bonus %s %d%s%s%s", bo->name, bo->amount, bo->multiplied ? "" : " flat", bo->once ? " once" : "",
                        bo->kind == GOPT_ROUTES_BONUS_EACH ? " each" : "");
        for (int j = 0; j < bo->nsets; j++) {
            gopt_buf_putc(b, ' ');
            for (int i = 0; i < bo->sets[j].n; i++) {
                gopt_buf_printf(b, "%s%s", i ? "," : "", s->hexes[bo->sets[j].hex[i]].coord);
                if (bo->sets[j].value[i]) gopt_buf_printf(b, ":%d", bo->sets[j].value[i]);
            }
        }
        gopt_buf_putc(b, '\n');
    }
}

/* ---- on a bundled game ---- */

static bool same_hex(const gopt_routes_hex *a, const gopt_routes_hex *b) {
    return strcmp(a->tile_name, b->tile_name) == 0 && a->rotation == b->rotation && a->colour == b->colour &&
           a->ntokens == b->ntokens && strcmp(a->name, b->name) == 0 && a->closed == b->closed &&
           memcmp(&a->tile, &b->tile, sizeof a->tile) == 0 &&
           memcmp(a->tokens, b->tokens, (size_t)a->ntokens * sizeof a->tokens[0]) == 0;
}

/* Whether the state keeps everything of the board but what a state may change: tiles,
 * tokens, rules, trains, the phase; and adds only types, groups and bonuses. */
static bool fits_board(const gopt_routes_state *s, const gopt_routes_state *board) {
    if (board->nhexes > s->nhexes || board->ntypes > s->ntypes || board->nbonuses > s->nbonuses ||
        board->ngroups > s->ngroups || board->nphases != s->nphases || board->layout != s->layout ||
        board->nneutral > s->nneutral)
        return false;
    if (memcmp(board->phases, s->phases, sizeof board->phases) != 0 ||
        memcmp(board->types, s->types, (size_t)board->ntypes * sizeof board->types[0]) != 0 ||
        memcmp(board->bonuses, s->bonuses, (size_t)board->nbonuses * sizeof board->bonuses[0]) != 0 ||
        memcmp(board->groups, s->groups, (size_t)board->ngroups * sizeof board->groups[0]) != 0)
        return false;
    for (int i = 0; i < board->nhexes; i++)
        if (strcmp(board->hexes[i].coord, s->hexes[i].coord) != 0 || strcmp(board->hexes[i].name, s->hexes[i].name) != 0 ||
            board->hexes[i].closed != s->hexes[i].closed)
            return false;
    return true;
}

/* A hex laid with a catalogue tile, as `COORD NAME@ROT tokens:...`. */
static void write_laid(gopt_buf *b, const gopt_routes_hex *h) {
    gopt_buf_printf(b, "%s %s", h->coord, h->tile_name);
    if (h->rotation) gopt_buf_printf(b, "@%d", h->rotation);
    write_tokens(b, h);
    gopt_buf_putc(b, '\n');
}

static char *format_on_game(const gopt_routes_state *s) {
    char text[128];
    snprintf(text, sizeof text, "game %s\ncompany %s\n", s->game, s->company);
    gopt_error err = {0};
    gopt_routes_state *board = gopt_routes_parse(s->game, text, &err);
    if (!board) return NULL;
    if (!fits_board(s, board)) {
        gopt_routes_free(board);
        return NULL;
    }
    gopt_buf b = {0};
    gopt_buf_printf(&b, "game %s\n", s->game);
    if (s->name[0]) gopt_buf_printf(&b, "name %s\n", s->name);
    gopt_buf_printf(&b, "phase %s\ncompany %s\n", s->phase, s->company);
    for (int i = board->nneutral; i < s->nneutral; i++) gopt_buf_printf(&b, "neutral %s\n", s->neutral[i]);
    if (s->rules != board->rules) {
        gopt_buf_puts(&b, "rules");
        for (int k = 0; gopt_routes_rule_names[k]; k++) {
            bool now = s->rules >> k & 1, was = board->rules >> k & 1;
            if (now != was) gopt_buf_printf(&b, " %s%s", now ? "" : "no-", gopt_routes_rule_names[k]);
        }
        gopt_buf_putc(&b, '\n');
    }
    write_types_and_trains(&b, s, board->ntypes);
    for (int i = 0; i < s->nhexes; i++) {
        const gopt_routes_hex *h = &s->hexes[i];
        if (i < board->nhexes && same_hex(h, &board->hexes[i])) continue;
        if (i < board->nhexes && h->tile_name[0]) write_laid(&b, h);
        else if (i < board->nhexes && !h->tile_name[0] && memcmp(&h->tile, &board->hexes[i].tile, sizeof h->tile) == 0 &&
                 h->rotation == board->hexes[i].rotation) {
            gopt_buf_printf(&b, "%s", h->coord); /* the preprinted hex, tokens only */
            write_tokens(&b, h);
            gopt_buf_putc(&b, '\n');
        } else write_hex(&b, h);
    }
    write_groups(&b, s, board->ngroups);
    write_bonuses(&b, s, board->nbonuses);
    gopt_routes_free(board);
    return gopt_buf_take(&b);
}

char *gopt_routes_format(const gopt_routes_state *s) {
    if (s->game[0]) {
        char *text = format_on_game(s);
        if (text) return text;
    }
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
    write_types_and_trains(&b, s, 0);
    for (int i = 0; i < s->nhexes; i++) write_hex(&b, &s->hexes[i]);
    write_groups(&b, s, 0);
    write_bonuses(&b, s, 0);
    return gopt_buf_take(&b);
}

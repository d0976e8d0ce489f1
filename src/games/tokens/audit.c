/* The designer's audit: every upgrade a catalogue allows between tiles with cities, tried
 * with every way its tokens can sit in the old tile. Companies are anonymous (only how
 * many tokens each city holds matters for which rotations are legal), the old tile lies at
 * rotation 0 (turning it turns every answer alike), under either rule set (under full rules
 * old cities carry their slots whatever tokens they hold, so only the owner's choices
 * vary with the layout; under tokens rules the legal rotations do too). For each upgrade
 * it counts the layouts that leave the player stuck (no legal rotation), the layouts where
 * the owner must choose among placements, and whether the legal rotations depend on which
 * city holds the tokens rather than on how many there are. Every answer is checked. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "gameopt/json.h"
#include "gameopt/stop.h"
#include "games/tokens/internal.h"

#define MAX_UPGRADES 256

void gopt_tokens_audit_question(const gopt_tokens_tile *from, const int8_t *layout, gopt_tokens_rules rules,
                                gopt_tokens_question *q) {
    memset(q, 0, sizeof *q);
    q->from = from;
    q->rules = rules;
    for (int c = 0; c < from->ncities; c++)
        for (int k = 0; k < layout[c] && q->ntokens < GOPT_TOKENS_MAX_TOKENS; k++) {
            gopt_tokens_station *s = &q->tokens[q->ntokens];
            /* A..Z, then AA..: distinct names, so no token is a duplicate of another */
            int i = q->ntokens++;
            if (i < 26) snprintf(s->name, sizeof s->name, "%c", 'A' + i);
            else snprintf(s->name, sizeof s->name, "%c%c", 'A' + i / 26 - 1, 'A' + i % 26);
            s->city = c;
        }
}

/* The next layout (odometer over 0..slots per city); false after the last. */
static bool next_layout(const gopt_tokens_tile *t, int8_t *layout) {
    for (int c = 0; c < t->ncities; c++) {
        if (layout[c] < gopt_tokens_city_slots(t, c)) {
            layout[c]++;
            return true;
        }
        layout[c] = 0;
    }
    return false;
}

/* One layout of one upgrade: solves and checks the six rotations. */
static bool audit_layout(const gopt_tokens_tile *from, const gopt_tokens_tile *to, const int8_t *layout,
                         gopt_tokens_audit *a, gopt_tokens_audit_row *row, uint8_t *by_count, gopt_error *err) {
    gopt_tokens_question q;
    gopt_tokens_audit_question(from, layout, a->rules, &q);
    gopt_tokens_answer ans;
    if (!gopt_tokens_solve(&q, to, 2, &ans, err)) return false;
    uint8_t legal = 0;
    bool choice = false;
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++) {
        const gopt_tokens_rotation *rot = &ans.rotations[r];
        char why[256];
        if (!gopt_tokens_check(&q, to, rot, why, sizeof why)) {
            gopt_tokens_answer_free(&ans);
            return gopt_fail(err, "audit", 0, 0, "internal error: the checker rejects %s -> %s rotation %d: %s", from->name,
                             to->name, r, why);
        }
        if (rot->feasible) {
            legal |= (uint8_t)(1u << r);
            choice = choice || !rot->unique;
        }
    }
    gopt_tokens_answer_free(&ans);
    a->solves += GOPT_TOKENS_EDGES;
    a->layouts++;
    row->configurations++;
    if (q.ntokens == 0) row->empty_rotations = legal;
    row->any_rotations |= legal;
    if (!legal) {
        if (row->nstuck_shown < 8) memcpy(row->stuck_layouts[row->nstuck_shown++], layout, GOPT_TOKENS_MAX_CITIES);
        row->stuck++;
    } else {
        row->with_rotations++;
    }
    row->choice += choice;
    /* by_count[n] holds the legal set of the first layout with n tokens (bit 6: seen). */
    if (!(by_count[q.ntokens] & 0x40)) by_count[q.ntokens] = (uint8_t)(legal | 0x40);
    else if ((by_count[q.ntokens] & 0x3F) != legal) row->depends = true;
    return true;
}

/* The upgrades the audit goes through: those between tiles with cities. */
static int upgrades_with_cities(const gopt_tokens_catalog *c, const gopt_tokens_tile *from, const gopt_tokens_tile **ups) {
    int n = gopt_tokens_catalog_upgrades(c, from, ups, MAX_UPGRADES), kept = 0;
    for (int k = 0; k < n; k++)
        if (ups[k]->ncities > 0) ups[kept++] = ups[k];
    return kept;
}

/* A stop (--time-limit, --memory-limit, Ctrl-C, a hang-up) is polled before each layout, so
 * a big catalogue ends within one layout's solve; the row it cut short is dropped, so every
 * row kept is whole and the answer says how many of how many were audited. */
bool gopt_tokens_audit_run(const gopt_tokens_catalog *c, gopt_tokens_rules rules, gopt_tokens_audit *a, gopt_error *err) {
    memset(a, 0, sizeof *a);
    a->rules = rules;
    double start = gopt_now();
    size_t cap = 0;
    const gopt_tokens_tile *ups[MAX_UPGRADES];
    for (int i = 0; i < gopt_tokens_catalog_size(c); i++) {
        const gopt_tokens_tile *from = gopt_tokens_catalog_tile(c, i);
        if (from->ncities > 0) a->nupgrades += upgrades_with_cities(c, from, ups);
    }
    for (int i = 0; i < gopt_tokens_catalog_size(c) && !a->stopped; i++) {
        const gopt_tokens_tile *from = gopt_tokens_catalog_tile(c, i);
        if (from->ncities == 0) continue;
        int n = upgrades_with_cities(c, from, ups);
        for (int k = 0; k < n && !a->stopped; k++) {
            gopt_grow(&a->rows, &cap, (size_t)a->nrows + 1, sizeof *a->rows);
            gopt_tokens_audit_row *row = &a->rows[a->nrows++];
            memset(row, 0, sizeof *row);
            row->from = from;
            row->to = ups[k];
            int8_t layout[GOPT_TOKENS_MAX_CITIES] = {0};
            uint8_t by_count[GOPT_TOKENS_MAX_CITIES * GOPT_TOKENS_MAX_SLOTS + 1] = {0};
            do {
                int total = 0;
                for (int city = 0; city < from->ncities; city++) total += layout[city];
                if (total > GOPT_TOKENS_MAX_TOKENS) continue;
                gopt_stop_reason why = gopt_stop_check();
                if (why != GOPT_GO) {
                    a->stopped = (int)why;
                    a->layouts -= row->configurations;
                    a->solves -= (long)row->configurations * GOPT_TOKENS_EDGES;
                    a->nrows--;
                    break;
                }
                if (!audit_layout(from, ups[k], layout, a, row, by_count, err)) {
                    gopt_tokens_audit_free(a);
                    return false;
                }
            } while (row->configurations < GOPT_TOKENS_AUDIT_MAX_LAYOUTS && next_layout(from, layout));
        }
    }
    a->checked = true;
    a->seconds = gopt_now() - start;
    return true;
}

void gopt_tokens_audit_free(gopt_tokens_audit *a) {
    free(a->rows);
    a->rows = NULL;
    a->nrows = 0;
}

static const char *rotations_text(uint8_t set, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (int r = 0; r < GOPT_TOKENS_EDGES && n < size; r++)
        if (set >> r & 1) n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? "," : "", r);
    if (!set) snprintf(buf, size, "none");
    return buf;
}

static const char *layout_text(const gopt_tokens_tile *from, const int8_t *layout, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (int c = 0; c < from->ncities && n < size; c++) n += (size_t)snprintf(buf + n, size - n, "%s%d", c ? "/" : "", layout[c]);
    return buf;
}

static const char *plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

void gopt_tokens_audit_print(FILE *out, const gopt_tokens_catalog *c, const gopt_tokens_audit *a) {
    int stuck = 0, depends = 0, choice = 0;
    if (a->stopped)
        fprintf(out, "audit of %s, partial: %s after %d of %d %s between tiles with cities, %s rules, old tile at rotation 0\n",
                gopt_tokens_catalog_name(c), gopt_stop_text((gopt_stop_reason)a->stopped), a->nrows, a->nupgrades,
                plural(a->nupgrades, "upgrade", "upgrades"), gopt_tokens_rules_name(a->rules));
    else
        fprintf(out, "audit of %s: %d %s between tiles with cities, %s rules, old tile at rotation 0\n",
                gopt_tokens_catalog_name(c), a->nrows, plural(a->nrows, "upgrade", "upgrades"), gopt_tokens_rules_name(a->rules));
    fprintf(out, "  %-8s %-8s %7s %6s %7s %8s  %-11s %s\n", "from", "to", "layouts", "stuck", "choice", "depends",
            "empty tile", "stuck layouts (tokens per old city)");
    for (int k = 0; k < a->nrows; k++) {
        const gopt_tokens_audit_row *r = &a->rows[k];
        char rots[32], shown[256] = "";
        size_t n = 0;
        if (r->stuck && r->stuck == r->configurations) snprintf(shown, sizeof shown, "all: no rotation is ever legal");
        for (int s = 0; s < r->nstuck_shown && n < sizeof shown && r->stuck < r->configurations; s++) {
            char one[64];
            n += (size_t)snprintf(shown + n, sizeof shown - n, "%s%s", s ? " " : "", layout_text(r->from, r->stuck_layouts[s], one, sizeof one));
        }
        if (r->stuck > r->nstuck_shown && r->stuck < r->configurations && n < sizeof shown) snprintf(shown + n, sizeof shown - n, " ...");
        fprintf(out, "  %-8s %-8s %7d %6d %7d %8s  %-11s %s\n", r->from->name, r->to->name, r->configurations, r->stuck,
                r->choice, r->depends ? "yes" : "no", rotations_text(r->empty_rotations, rots, sizeof rots), shown);
        stuck += r->stuck > 0;
        depends += r->depends;
        choice += r->choice > 0;
    }
    fprintf(out, "%d %s can leave the player stuck, %d %s legal rotations that depend on which city holds the "
                 "tokens, %d can leave the owner a choice; %ld layouts, %ld rotations solved and checked\n",
            stuck, plural(stuck, "upgrade", "upgrades"), depends, plural(depends, "has", "have"), choice, a->layouts, a->solves);
    if (a->stopped)
        fprintf(out, "partial: %s after %d of %d upgrades; the counts above cover those %d only\n",
                gopt_stop_text((gopt_stop_reason)a->stopped), a->nrows, a->nupgrades, a->nrows);
}

json_t *gopt_tokens_audit_row_json(const gopt_tokens_audit *a, const gopt_tokens_audit_row *r) {
    json_t *stuck = json_array();
    for (int s = 0; s < r->nstuck_shown; s++) {
        int layout[GOPT_TOKENS_MAX_CITIES];
        for (int c = 0; c < r->from->ncities; c++) layout[c] = r->stuck_layouts[s][c];
        json_array_append_new(stuck, gopt_json_int_array(layout, r->from->ncities));
    }
    int empty[6], any[6], ne = 0, na = 0;
    for (int rot = 0; rot < GOPT_TOKENS_EDGES; rot++) {
        if (r->empty_rotations >> rot & 1) empty[ne++] = rot;
        if (r->any_rotations >> rot & 1) any[na++] = rot;
    }
    json_t *o = json_pack("{s:s, s:s, s:i, s:i, s:o, s:i, s:i, s:b, s:o, s:o}", "from", r->from->name, "to", r->to->name,
                     "layouts", r->configurations, "stuck", r->stuck, "stuck_layouts", stuck, "choice", r->choice,
                     "with_rotations", r->with_rotations, "depends_on_cities", r->depends, "empty_rotations",
                     gopt_json_int_array(empty, ne), "rotations_some_layout", gopt_json_int_array(any, na));
    json_object_set_new(o, "rules", json_string(gopt_tokens_rules_name(a->rules)));
    return o;
}

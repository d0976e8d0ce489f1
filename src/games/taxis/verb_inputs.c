/* The options and inputs the taxis verbs share: the graph, the deck ranges, the mc player,
 * the one-player readings, heuristic lists, the output format. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "gameopt/canvas.h"
#include "gameopt/json.h"
#include "gameopt/taxis.h"
#include "internal.h"
#include "report.h"
#include "verbs.h"

const char *const taxis_graph_formats[] = {"board", "graphml", "gml", "ncol", "edgelist", NULL};
const char *const taxis_ideal_methods[] = {"search", "mip", NULL};
const char *const taxis_mip_starts[] = {"search", "heuristics", NULL};
const char *const taxis_mc_ties[] = {"random", "tentacles", "pp", NULL}; /* gopt_taxis_mc_ties order */
const char *const taxis_mc_evals[] = {"ideal", "pp", "ply2", "mix", NULL};            /* gopt_taxis_mc_eval order */

/* ---------------------------------------------------------------- shared option handling */

gopt_taxis_graph *taxis_load_graph(gopt_call *call) {
    const gopt_options *o = &call->opts;
    const char *spec = gopt_option(o, "graph");
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(o, spec ? spec : "thurn-taxis", gopt_option(o, "graph-format"), &err);
    if (!g) gopt_call_input(call, &err);
    return g;
}

/* --c and --dups as ranges within the graph's deck; defaults as given. */
bool taxis_deck_ranges(gopt_call *call, const gopt_taxis_graph *g, long c[2], long dups[2]) {
    const gopt_options *o = &call->opts;
    const gopt_opt *table = call->verb->options;
    if (gopt_option(o, "dups")) gopt_opt_range(o, table, "dups", &dups[0], &dups[1]);
    const char *cv = gopt_option(o, "c");
    long deck = (long)g->n * dups[0];
    /* The default too must fit a small graph's deck (else the checker fails: exit 4). */
    if (!cv && c[1] > deck)
        return gopt_call_usage(call, "--c: the deck of %s holds %ld cards (%d nodes x %ld); give --c %ld or less",
                               g->name, deck, g->n, dups[0], deck),
               false;
    if (!cv) return true;
    /* the deck bounds the face-up cards: the declared range narrowed to this graph */
    gopt_opt c_in_deck[2] = {*gopt_opt_find(table, "c"), GOPT_OPT_END};
    c_in_deck[0].max = (double)g->n * (double)dups[0];
    gopt_error err = {0};
    if (!gopt_opt_check(&c_in_deck[0], cv, &err)) return gopt_call_input(call, &err), false;
    gopt_opt_range(o, c_in_deck, "c", &c[0], &c[1]);
    return true;
}

/* A taxis_single value for --c / --dups (ranges are for sweep). */
bool taxis_single(gopt_call *call, const long range[2], const char *name) {
    if (range[0] == range[1]) return true;
    gopt_call_usage(call, "--%s: give one value here (ranges are for `experiment sweep`)", name);
    return false;
}

/* The --mc-* options into *mc, and every mc heuristic of hs[0..nh) pointed at them. */
void taxis_mc_options(gopt_call *call, gopt_taxis_mc *mc, gopt_taxis_heuristic *hs, int nh) {
    const gopt_options *o = &call->opts;
    const gopt_opt *table = call->verb->options;
    *mc = gopt_taxis_mc_default;
    mc->samples = (int)gopt_opt_int(o, table, "mc-samples");
    mc->ties = (gopt_taxis_mc_ties)gopt_opt_enum(o, table, "mc-ties");
    mc->eval = (gopt_taxis_mc_eval)gopt_opt_enum(o, table, "mc-eval");
    mc->budget = gopt_opt_real(o, table, "mc-budget") / 1000;
    for (int k = 0; k < nh; k++)
        if (hs[k].mc) hs[k].mc = mc;
}

/* --reading into *r; duel: the two-player words are allowed too. False after a usage error. */
bool taxis_reading_option(gopt_call *call, gopt_taxis_reading *r, bool duel) {
    const char *text = gopt_option(&call->opts, "reading");
    *r = (gopt_taxis_reading){0};
    if (!text) return true;
    if (!gopt_taxis_reading_parse(text, r)) {
        gopt_call_usage(call, "--reading: unknown reading in '%s' (%sclear, refill, keep, start-all, start-plan, ties-first, "
                              "ties-uniform, default)", text, duel ? "closed, open, play-out, one-more, " : "");
        return false;
    }
    if (!duel && (r->closed || r->play_out)) {
        gopt_call_usage(call, "--reading: closed and play-out are rules of the two-player game (taxis tournament)");
        return false;
    }
    return true;
}

/* The exact search knows only the keep display: no ideal path, and no mc evaluation by it,
 * under the clear reading. False after a usage error. */
bool taxis_reading_fits(gopt_call *call, const gopt_taxis_reading *r, const gopt_taxis_mc *mc, bool mc_used, bool ideal) {
    if (!r->clear && !r->refill) return true;
    if (ideal) {
        gopt_call_usage(call, "--reading %s: the ideal path (exact search) models the keep display only",
                        r->clear ? "clear" : "refill");
        return false;
    }
    if (mc_used && (mc->eval == GOPT_TAXIS_EVAL_IDEAL || mc->eval == GOPT_TAXIS_EVAL_MIX)) {
        gopt_call_usage(call, "--reading %s: --mc-eval %s uses the exact search, which models the keep display "
                              "only (use pp or ply2)", r->clear ? "clear" : "refill", gopt_taxis_mc_eval_name(mc->eval));
        return false;
    }
    return true;
}

/* Parses --heuristics. With want_ideal (sweep), "ideal" in the list (or the default) adds the
 * ideal path's column, which goes last. */
bool taxis_parse_heuristic_list(gopt_call *call, const char *text, gopt_taxis_heuristic **hs, int *nh, bool *want_ideal) {
    bool sweep = want_ideal != NULL;
    if (!text) text = sweep ? "rs,md,mt,lcc,pp,ideal" : "rs,md,mt,lcc,pp";
    *nh = 0;
    if (sweep) *want_ideal = false;
    if (strcmp(text, "all") == 0) {
        *hs = gopt_malloc(GOPT_TAXIS_NSTARTS * GOPT_TAXIS_NEXTENSIONS * sizeof **hs);
        for (int s = 0; s < GOPT_TAXIS_NSTARTS; s++)
            for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++)
                (*hs)[(*nh)++] = (gopt_taxis_heuristic){(gopt_taxis_start)s, (gopt_taxis_extension)e, NULL, NULL};
        return true;
    }
    *hs = gopt_malloc((strlen(text) / 2 + 1) * sizeof **hs);
    char *copy = gopt_strdup(text), *save = NULL;
    bool ok = true;
    for (char *item = strtok_r(copy, ",", &save); item && ok; item = strtok_r(NULL, ",", &save)) {
        if (sweep && strcmp(item, "ideal") == 0) *want_ideal = true;
        else if (!(ok = gopt_taxis_heuristic_parse(item, &(*hs)[(*nh)++])))
            gopt_call_usage(call, "--heuristics: unknown heuristic '%s' (rs, md, mt, lcc, pp, mc, all or START+EXTENSION%s)", item,
                            sweep ? ", and ideal" : "");
    }
    if (ok && *nh == 0 && !(sweep && *want_ideal)) ok = (gopt_call_usage(call, "--heuristics: the list is empty"), false);
    free(copy);
    if (!ok) {
        free(*hs);
        *hs = NULL; /* the callers free *hs whatever happens */
    }
    return ok;
}

bool taxis_output_format(gopt_call *call, taxis_format *f) {
    const gopt_options *o = &call->opts;
    bool csv = gopt_option_flag(o, "csv");
    if (csv && o->json) return gopt_call_usage(call, "--json and --csv exclude each other"), false;
    *f = o->json ? TAXIS_JSON : csv ? TAXIS_CSV : TAXIS_TEXT;
    return true;
}

/* A run whose results failed the independent checker prints nothing but this (exit 4). */
int taxis_internal_error(gopt_call *call, int64_t failed, const char *what) {
    gopt_call_warn(call, "internal error: %lld %s failed the independent checker; no results printed", (long long)failed,
                   what);
    return GOPT_ERROR;
}


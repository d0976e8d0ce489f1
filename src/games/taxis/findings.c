/* The tournament's statistics: 95 % intervals of every win rate, the paired comparison of each
 * heuristic pair over both orders, and the paper's §5.2 findings, each judged "reproduced",
 * "not reproduced (our interval excludes it)" or "undecided at this sample size".
 *
 * Every cell of the tournament meets the same settings, so any two rates pair up setting by
 * setting: a difference of rates is the mean of a per-setting difference of outcome
 * indicators, whose variance the joint counts of the run give exactly (gopt_taxis_run.joint).
 * Cells that share decks are positively correlated, so pairing is what makes gaps of one or
 * two points decidable at the paper's 100,000 settings. Each comparison has its own 95 %
 * interval (normal approximation; no correction for the several comparisons of a finding). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/findings.h"
#include "gameopt/alloc.h"
#include "gameopt/json.h"

#define Z95 1.959963984540054

const char *const taxis_verdict_names[3] = {"reproduced", "not reproduced (our interval excludes it)",
                                            "undecided at this sample size"};

/* One indicator of a linear combination: outcome x (0 first wins, 1 second wins) of cell. */
typedef struct term {
    size_t cell;
    int x;
    double w;
} term;

static double count_of(const taxis_tourney *t, size_t cell, int x) {
    const gopt_taxis_match *m = &t->matches[cell];
    return (double)(x ? m->second_wins : m->first_wins);
}

/* Mean and standard error of sum w * indicator over the settings. */
static taxis_estimate combination(const taxis_tourney *t, const term *terms, int nt) {
    size_t cells = (size_t)t->nh * (size_t)t->nh;
    double n = (double)t->matches[0].games, mean = 0, second = 0;
    taxis_estimate e = {0};
    if (n < 1) return e;
    for (int u = 0; u < nt; u++) {
        mean += terms[u].w * count_of(t, terms[u].cell, terms[u].x) / n;
        for (int v = 0; v < nt; v++)
            second += terms[u].w * terms[v].w *
                      (double)t->joint[GOPT_TAXIS_JOINT(cells, terms[u].cell, terms[u].x, terms[v].cell, terms[v].x)] / n;
    }
    double var = second - mean * mean; /* of one setting's value; n - 1 for the sample's */
    e.mean = mean;
    e.stderr_ = n > 1 && var > 0 ? sqrt(var / (n - 1)) : 0;
    e.low = mean - Z95 * e.stderr_;
    e.high = mean + Z95 * e.stderr_;
    e.verdict = e.low > 0 ? TAXIS_REPRODUCED : e.high < 0 ? TAXIS_NOT_REPRODUCED : TAXIS_UNDECIDED;
    return e;
}

void taxis_rate_interval(int64_t part, int64_t games, double *low, double *high) {
    if (games <= 0) {
        *low = 0, *high = 1;
        return;
    }
    double n = (double)games, p = (double)part / n, z2 = Z95 * Z95, d = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / d, half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / d;
    *low = centre - half > 0 ? centre - half : 0;
    *high = centre + half < 1 ? centre + half : 1;
}

taxis_estimate taxis_pair_comparison(const taxis_tourney *t, int i, int j) {
    size_t nh = (size_t)t->nh, ij = (size_t)i * nh + (size_t)j, ji = (size_t)j * nh + (size_t)i;
    /* i's wins minus j's wins in the two duels of a setting, halved: per duel */
    term terms[4] = {{ij, 0, 0.5}, {ij, 1, -0.5}, {ji, 1, 0.5}, {ji, 0, -0.5}};
    return combination(t, terms, 4);
}

static int find(const taxis_tourney *t, const char *name) {
    for (int i = 0; i < t->nh; i++)
        if (strcmp(t->names[i], name) == 0) return i;
    return -1;
}

/* Rate x of cell a minus rate y of cell b, as a comparison "a beats b". */
static void compare(taxis_finding *f, const taxis_tourney *t, size_t a, int x, size_t b, int y) {
    if (f->ncomparisons == TAXIS_MAX_COMPARISONS) return;
    term terms[2] = {{a, x, 1}, {b, y, -1}};
    taxis_comparison *c = &f->comparisons[f->ncomparisons++];
    *c = (taxis_comparison){a, x, b, y, combination(t, terms, 2)};
}

/* A finding holds when each of its comparisons does: one interval below 0 refutes it. */
static void judge(taxis_finding *f) {
    f->verdict = f->ncomparisons ? TAXIS_REPRODUCED : TAXIS_UNDECIDED;
    f->deciding = 0;
    double weakest = INFINITY;
    for (int k = 0; k < f->ncomparisons; k++) {
        const taxis_estimate *e = &f->comparisons[k].estimate;
        if (e->verdict == TAXIS_NOT_REPRODUCED) {
            if (f->verdict != TAXIS_NOT_REPRODUCED || e->high < f->comparisons[f->deciding].estimate.high) f->deciding = k;
            f->verdict = TAXIS_NOT_REPRODUCED;
        } else if (f->verdict != TAXIS_NOT_REPRODUCED && e->low < weakest) {
            weakest = e->low;
            f->deciding = k;
            if (e->verdict == TAXIS_UNDECIDED) f->verdict = TAXIS_UNDECIDED;
        }
    }
}

int taxis_findings(const taxis_tourney *t, taxis_finding out[TAXIS_NFINDINGS]) {
    size_t nh = (size_t)t->nh, cells = nh * nh;
    int rs = find(t, "rs"), md = find(t, "md"), mt = find(t, "mt"), pp = find(t, "pp"), n = 0;
    if (t->matches[0].games < 1) return 0;
    taxis_finding *f = &out[n++];
    *f = (taxis_finding){.id = "1", .claim = "the first player wins more often in every mirror match (the diagonal)"};
    for (size_t i = 0; i < nh; i++) compare(f, t, i * nh + i, 0, i * nh + i, 1);
    judge(f);
    if (rs < 0 || md < 0 || mt < 0 || pp < 0) return n;
    size_t pp_rs = (size_t)pp * nh + (size_t)rs, rs_pp = (size_t)rs * nh + (size_t)pp;
    f = &out[n++];
    *f = (taxis_finding){.id = "2", .claim = "against a starting pp, md and mt win most often as second players"};
    for (size_t s = 0; s < nh; s++)
        for (size_t x = 0; x < nh && ((int)s == md || (int)s == mt); x++)
            if ((int)x != md && (int)x != mt) compare(f, t, (size_t)pp * nh + s, 1, (size_t)pp * nh + x, 1);
    judge(f);
    f = &out[n++];
    *f = (taxis_finding){.id = "3a", .claim = "pp first against rs has the highest first-player win rate of the table"};
    for (size_t a = 0; a < cells; a++)
        if (a != pp_rs) compare(f, t, pp_rs, 0, a, 0);
    judge(f);
    f = &out[n++];
    *f = (taxis_finding){.id = "3b", .claim = "rs first against pp has the highest second-player win rate of the table"};
    for (size_t a = 0; a < cells; a++)
        if (a != rs_pp) compare(f, t, rs_pp, 1, a, 1);
    judge(f);
    f = &out[n++];
    *f = (taxis_finding){.id = "4", .claim = "between rs and pp the first move pays: each wins more as first than as second"};
    compare(f, t, pp_rs, 0, rs_pp, 1);
    compare(f, t, rs_pp, 0, pp_rs, 1);
    judge(f);
    return n;
}

/* "pp:rs first" - the rate x of cell (row : column). */
static void rate_name(char *buf, size_t size, const taxis_tourney *t, size_t cell, int x) {
    snprintf(buf, size, "%s:%s %s", t->names[cell / (size_t)t->nh], t->names[cell % (size_t)t->nh],
             x ? "second" : "first");
}

static double rate_of(const taxis_tourney *t, size_t cell, int x) {
    int64_t n = t->matches[cell].games;
    return n ? count_of(t, cell, x) / (double)n : 0;
}

static void estimate_json(json_t *o, const taxis_estimate *e) {
    gopt_json_set_real(o, "diff", e->mean, 6);
    gopt_json_set_real(o, "stderr", e->stderr_, 6);
    gopt_json_set_real(o, "low", e->low, 6);
    gopt_json_set_real(o, "high", e->high, 6);
}

json_t *taxis_pairs_json(const taxis_tourney *t) {
    json_t *pairs = json_array();
    for (int i = 0; i < t->nh; i++)
        for (int j = i + 1; j < t->nh; j++) {
            taxis_estimate e = taxis_pair_comparison(t, i, j);
            json_t *o = json_pack("{s:s, s:s}", "a", t->names[i], "b", t->names[j]);
            size_t ij = (size_t)i * (size_t)t->nh + (size_t)j, ji = (size_t)j * (size_t)t->nh + (size_t)i;
            gopt_json_set_real(o, "a_wins", (rate_of(t, ij, 0) + rate_of(t, ji, 1)) / 2, 6);
            gopt_json_set_real(o, "b_wins", (rate_of(t, ij, 1) + rate_of(t, ji, 0)) / 2, 6);
            estimate_json(o, &e);
            json_array_append_new(pairs, o);
        }
    return pairs;
}

json_t *taxis_findings_json(const taxis_tourney *t) {
    taxis_finding *fs = gopt_calloc(TAXIS_NFINDINGS, sizeof *fs); /* 140 kB: not on a server thread's stack */
    int n = taxis_findings(t, fs);
    json_t *arr = json_array();
    for (int k = 0; k < n; k++) {
        json_t *o = json_pack("{s:s, s:s, s:s}", "finding", fs[k].id, "claim", fs[k].claim, "verdict",
                              taxis_verdict_names[fs[k].verdict]);
        json_t *cs = json_array();
        for (int i = 0; i < fs[k].ncomparisons; i++) {
            const taxis_comparison *c = &fs[k].comparisons[i];
            char a[112], b[112];
            rate_name(a, sizeof a, t, c->a, c->x);
            rate_name(b, sizeof b, t, c->b, c->y);
            json_t *co = json_pack("{s:s, s:s}", "rate", a, "vs", b);
            gopt_json_set_real(co, "rate_value", rate_of(t, c->a, c->x), 6);
            gopt_json_set_real(co, "vs_value", rate_of(t, c->b, c->y), 6);
            estimate_json(co, &c->estimate);
            json_object_set_new(co, "verdict", json_string(taxis_verdict_names[c->estimate.verdict]));
            json_array_append_new(cs, co);
        }
        json_object_set_new(o, "comparisons", cs);
        json_array_append_new(arr, o);
    }
    free(fs);
    return arr;
}

void taxis_print_statistics(FILE *out, const taxis_tourney *t) {
    size_t nh = (size_t)t->nh;
    int width = 25;
    for (size_t i = 0; i < nh; i++) width = (int)strlen(t->names[i]) > width ? (int)strlen(t->names[i]) : width;
    fputs("\n95 % intervals of the win rates (Wilson), first : second\n", out);
    fprintf(out, "%-*s", width + 1, "first \\ second");
    for (size_t j = 0; j < nh; j++) fprintf(out, " %*s", width, t->names[j]);
    fputc('\n', out);
    for (size_t i = 0; i < nh; i++) {
        fprintf(out, "%-*s", width + 1, t->names[i]);
        for (size_t j = 0; j < nh; j++) {
            const gopt_taxis_match *m = &t->matches[i * nh + j];
            double fl, fh, sl, sh;
            taxis_rate_interval(m->first_wins, m->games, &fl, &fh);
            taxis_rate_interval(m->second_wins, m->games, &sl, &sh);
            char cell[64];
            snprintf(cell, sizeof cell, "%.3f-%.3f : %.3f-%.3f", fl, fh, sl, sh);
            fprintf(out, " %*s", width, cell);
        }
        fputc('\n', out);
    }
    if (nh > 1) {
        fputs("\npaired over both orders on the same settings: wins per duel, difference (95 % interval)\n", out);
        for (int i = 0; i < t->nh; i++)
            for (int j = i + 1; j < t->nh; j++) {
                size_t ij = (size_t)i * nh + (size_t)j, ji = (size_t)j * nh + (size_t)i;
                taxis_estimate e = taxis_pair_comparison(t, i, j);
                fprintf(out, "%s %.3f vs %s %.3f: %+.3f (%+.3f .. %+.3f)\n", t->names[i],
                        (rate_of(t, ij, 0) + rate_of(t, ji, 1)) / 2, t->names[j], (rate_of(t, ij, 1) + rate_of(t, ji, 0)) / 2,
                        e.mean, e.low, e.high);
            }
    }
    taxis_finding *fs = gopt_calloc(TAXIS_NFINDINGS, sizeof *fs);
    int n = taxis_findings(t, fs);
    if (n) fputs("\nthe paper's findings (§5.2), by paired differences on the same settings (95 % intervals)\n", out);
    for (int k = 0; k < n; k++) {
        fprintf(out, "(%s) %s: %s", fs[k].id, fs[k].claim, taxis_verdict_names[fs[k].verdict]);
        if (fs[k].ncomparisons) {
            const taxis_comparison *c = &fs[k].comparisons[fs[k].deciding];
            char a[112], b[112];
            rate_name(a, sizeof a, t, c->a, c->x);
            rate_name(b, sizeof b, t, c->b, c->y);
            fprintf(out, "; %s: %s %.3f - %s %.3f = %+.3f (%+.3f .. %+.3f)",
                    fs[k].verdict == TAXIS_REPRODUCED ? "closest" : "deciding", a, rate_of(t, c->a, c->x), b,
                    rate_of(t, c->b, c->y), c->estimate.mean, c->estimate.low, c->estimate.high);
        }
        fputc('\n', out);
    }
    free(fs);
}

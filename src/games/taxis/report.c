/* Experiment and tournament results as text tables, CSV and JSON (docs/formats.md, taxis). */
#include <string.h>

#include "games/taxis/report.h"
#include "games/taxis/findings.h"
#include "gameopt/json.h"

/* ---------------------------------------------------------------- experiment tables */

/* "N settings (first..last) of seed S" */
static void print_settings(FILE *out, int64_t begin, int64_t end, uint64_t seed) {
    fprintf(out, "%lld settings ", (long long)(end - begin));
    if (end > begin) fprintf(out, "(%lld..%lld) ", (long long)begin, (long long)(end - 1));
    fprintf(out, "of seed %llu", (unsigned long long)seed);
}

void taxis_study_played(const taxis_study *s, int64_t *fewest, int64_t *most) {
    *fewest = *most = 0;
    for (int i = 0; i < s->npoints; i++) {
        int64_t n = s->nplayers ? s->points[i].tallies[0].games : 0; /* every player plays a counted chunk */
        if (i == 0 || n < *fewest) *fewest = n;
        if (i == 0 || n > *most) *most = n;
    }
}

const char *taxis_study_count(const taxis_study *s, char *buf, size_t size) {
    int64_t fewest, most, asked = s->end - s->begin;
    taxis_study_played(s, &fewest, &most);
    if (fewest == asked && most == asked) snprintf(buf, size, "%lld settings", (long long)asked);
    else if (fewest == most) snprintf(buf, size, "stopped early: %lld of %lld settings", (long long)most, (long long)asked);
    else
        snprintf(buf, size, "stopped early: %lld to %lld of %lld settings", (long long)fewest, (long long)most,
                 (long long)asked);
    return buf;
}

/* A stopped run says what its points hold (the settings played, of those asked for) rather
 * than the range it was asked for. */
static void print_header(FILE *out, const taxis_study *s, const char *per) {
    fprintf(out, "graph %s, ", s->g->name);
    int64_t fewest, most;
    taxis_study_played(s, &fewest, &most);
    if (fewest == s->end - s->begin && most == fewest) print_settings(out, s->begin, s->end, s->seed);
    else {
        char count[128];
        fprintf(out, "%s (of %lld..%lld) of seed %llu", taxis_study_count(s, count, sizeof count), (long long)s->begin,
                (long long)(s->end - 1), (unsigned long long)s->seed);
    }
    fprintf(out, "%s\n", per);
}

/* A table as one answer (--json): the envelope's name says which. */
static void emit(gopt_call *call, const char *name, json_t *table) {
    gopt_answer a = {.name = name, .status = GOPT_SOLVED, .method = strcmp(name, "tournament") == 0 ? "tournament" : "experiment"};
    gopt_call_answer(call, &a, table);
}

static void tally_json(json_t *row, const gopt_taxis_tally *t) {
    gopt_json_set_real(row, "mean", gopt_taxis_tally_mean(t), 6);
    gopt_json_set_real(row, "stderr", gopt_taxis_tally_stderr(t), 6);
    gopt_json_set_real(row, "us_per_game", gopt_taxis_tally_us_per_game(t), 3);
}

static void print_mean_cell(FILE *out, const gopt_taxis_tally *t) {
    char cell[32];
    snprintf(cell, sizeof cell, "%.3f (%.3f)", gopt_taxis_tally_mean(t), gopt_taxis_tally_stderr(t));
    fprintf(out, " %15s", cell);
}

void taxis_print_table1(gopt_call *call, const taxis_study *s, taxis_format f) {
    FILE *out = call->out;
    const taxis_point *pt = &s->points[0];
    int ne = GOPT_TAXIS_NEXTENSIONS;
    if (f == TAXIS_JSON) {
        json_t *o = json_object(), *rows = json_array();
        json_object_set_new(o, "games", json_integer(s->end - s->begin));
        if (pt->tallies[0].games != s->end - s->begin) /* stopped early: what the table holds */
            json_object_set_new(o, "played", json_integer(pt->tallies[0].games));
        json_object_set_new(o, "c", json_integer(pt->c));
        json_object_set_new(o, "dups", json_integer(pt->dups));
        for (int p = 0; p < s->nplayers; p++) {
            json_t *row = json_object();
            json_object_set_new(row, "start", json_string(s->players[p].start));
            json_object_set_new(row, "extension", json_string(s->players[p].extension));
            tally_json(row, &pt->tallies[p]);
            json_array_append_new(rows, row);
        }
        json_object_set_new(o, "rows", rows);
        json_object_set_new(o, "seed", json_integer((json_int_t)s->seed));
        json_object_set_new(o, "graph", json_string(s->g->name));
        emit(call, "table1", o);
        return;
    }
    if (f == TAXIS_CSV) {
        fputs("start,extension,mean,stderr,us_per_game\n", out);
        for (int p = 0; p < s->nplayers; p++)
            fprintf(out, "%s,%s,%.6f,%.6f,%.3f\n", s->players[p].start, s->players[p].extension,
                    gopt_taxis_tally_mean(&pt->tallies[p]), gopt_taxis_tally_stderr(&pt->tallies[p]),
                    gopt_taxis_tally_us_per_game(&pt->tallies[p]));
        return;
    }
    char per[64];
    snprintf(per, sizeof per, ", c = %d, N_D = %d", pt->c, pt->dups);
    print_header(out, s, per);
    for (int table = 0; table < 2; table++) {
        fputs(table == 0 ? "\nmean node length (standard error)\n" : "\ntime per game (microseconds, one core)\n", out);
        fprintf(out, "%-17s", "start \\ extension");
        for (int e = 0; e < ne; e++) fprintf(out, " %15s", gopt_taxis_extension_name((gopt_taxis_extension)e));
        fputc('\n', out);
        for (int st = 0; st < GOPT_TAXIS_NSTARTS; st++) {
            fprintf(out, "%-17s", gopt_taxis_start_name((gopt_taxis_start)st));
            for (int e = 0; e < ne; e++) {
                const gopt_taxis_tally *t = &pt->tallies[st * ne + e];
                if (table == 0) print_mean_cell(out, t);
                else fprintf(out, " %15.2f", gopt_taxis_tally_us_per_game(t));
            }
            fputc('\n', out);
        }
    }
}

static int longest_seen(const taxis_study *s, const taxis_point *pt) {
    int top = 1;
    for (int p = 0; p < s->nplayers; p++)
        for (int l = 1; l <= s->g->n; l++)
            if (pt->tallies[p].hist[l]) top = l > top ? l : top;
    return top;
}

static void print_sweep_json(gopt_call *call, const taxis_study *s) {
    json_t *o = json_object(), *rows = json_array();
    json_object_set_new(o, "games", json_integer(s->end - s->begin));
    json_object_set_new(o, "seed", json_integer((json_int_t)s->seed));
    json_object_set_new(o, "graph", json_string(s->g->name));
    for (int i = 0; i < s->npoints; i++)
        for (int p = 0; p < s->nplayers; p++) {
            const gopt_taxis_tally *t = &s->points[i].tallies[p];
            json_t *row = json_object();
            json_object_set_new(row, "c", json_integer(s->points[i].c));
            json_object_set_new(row, "dups", json_integer(s->points[i].dups));
            json_object_set_new(row, "heuristic", json_string(s->players[p].name));
            if (t->games != s->end - s->begin) json_object_set_new(row, "played", json_integer(t->games)); /* stopped */
            tally_json(row, t);
            if (p > 0) { /* paired with the first player on the same settings */
                json_object_set_new(row, "vs", json_string(s->players[0].name));
                gopt_json_set_real(row, "diff", gopt_taxis_tally_diff_mean(t), 6);
                gopt_json_set_real(row, "diff_stderr", gopt_taxis_tally_diff_stderr(t), 6);
            }
            if (s->hist) {
                json_t *h = json_array();
                for (int l = 1; l <= s->g->n; l++) json_array_append_new(h, json_integer(t->hist[l]));
                json_object_set_new(row, "hist", h);
            }
            json_array_append_new(rows, row);
        }
    json_object_set_new(o, "rows", rows);
    emit(call, "sweep", o);
}

static void print_sweep_csv(FILE *out, const taxis_study *s) {
    fputs(s->hist ? "c,dups,heuristic,length,games\n" : "c,dups,heuristic,mean,stderr,us_per_game\n", out);
    for (int i = 0; i < s->npoints; i++)
        for (int p = 0; p < s->nplayers; p++) {
            const taxis_point *pt = &s->points[i];
            const gopt_taxis_tally *t = &pt->tallies[p];
            if (!s->hist)
                fprintf(out, "%d,%d,%s,%.6f,%.6f,%.3f\n", pt->c, pt->dups, s->players[p].name, gopt_taxis_tally_mean(t),
                        gopt_taxis_tally_stderr(t), gopt_taxis_tally_us_per_game(t));
            else
                for (int l = 1; l <= s->g->n; l++)
                    fprintf(out, "%d,%d,%s,%d,%lld\n", pt->c, pt->dups, s->players[p].name, l, (long long)t->hist[l]);
        }
}

static void print_sweep_hist(FILE *out, const taxis_study *s, const taxis_point *pt) {
    fprintf(out, "\nnode lengths, N_D = %d, c = %d (share of games, %%)\n%6s", pt->dups, pt->c, "length");
    for (int p = 0; p < s->nplayers; p++) fprintf(out, " %9s", s->players[p].name);
    fputc('\n', out);
    for (int l = 1; l <= longest_seen(s, pt); l++) {
        fprintf(out, "%6d", l);
        for (int p = 0; p < s->nplayers; p++) {
            const gopt_taxis_tally *t = &pt->tallies[p];
            fprintf(out, " %9.2f", t->games ? 100.0 * (double)t->hist[l] / (double)t->games : 0);
        }
        fputc('\n', out);
    }
}

void taxis_print_sweep(gopt_call *call, const taxis_study *s, taxis_format f) {
    FILE *out = call->out;
    if (f == TAXIS_JSON) return print_sweep_json(call, s);
    if (f == TAXIS_CSV) return print_sweep_csv(out, s);
    print_header(out, s, " per point");
    for (int table = 0; table < 2; table++) {
        fputs(table == 0 ? "\nmean node length (standard error)\n" : "\ntime per game (microseconds, one core)\n", out);
        fprintf(out, "%3s %3s", "N_D", "c");
        for (int p = 0; p < s->nplayers; p++) fprintf(out, " %15s", s->players[p].name);
        fputc('\n', out);
        for (int i = 0; i < s->npoints; i++) {
            fprintf(out, "%3d %3d", s->points[i].dups, s->points[i].c);
            for (int p = 0; p < s->nplayers; p++) {
                const gopt_taxis_tally *t = &s->points[i].tallies[p];
                if (table == 0) print_mean_cell(out, t);
                else fprintf(out, " %15.2f", gopt_taxis_tally_us_per_game(t));
            }
            fputc('\n', out);
        }
    }
    if (s->nplayers > 1) {
        fprintf(out, "\nmean difference to %s on the same settings (standard error)\n%3s %3s", s->players[0].name,
                "N_D", "c");
        for (int p = 1; p < s->nplayers; p++) fprintf(out, " %15s", s->players[p].name);
        fputc('\n', out);
        for (int i = 0; i < s->npoints; i++) {
            fprintf(out, "%3d %3d", s->points[i].dups, s->points[i].c);
            for (int p = 1; p < s->nplayers; p++) {
                const gopt_taxis_tally *t = &s->points[i].tallies[p];
                char cell[32];
                snprintf(cell, sizeof cell, "%+.3f (%.3f)", gopt_taxis_tally_diff_mean(t), gopt_taxis_tally_diff_stderr(t));
                fprintf(out, " %15s", cell);
            }
            fputc('\n', out);
        }
    }
    if (s->hist)
        for (int i = 0; i < s->npoints; i++) print_sweep_hist(out, s, &s->points[i]);
}

void taxis_print_per_game_header(FILE *out, const gopt_taxis_player *players, int nplayers) {
    fputs("c,dups,setting", out);
    for (int p = 0; p < nplayers; p++) fprintf(out, ",%s", players[p].name);
    fputc('\n', out);
}

void taxis_print_per_game(FILE *out, int c, int dups, int64_t first, int64_t count, const int *lengths, int nplayers) {
    for (int64_t k = 0; k < count; k++) {
        fprintf(out, "%d,%d,%lld", c, dups, (long long)(first + k));
        for (int p = 0; p < nplayers; p++) fprintf(out, ",%d", lengths[k * nplayers + p]);
        fputc('\n', out);
    }
}

/* ---------------------------------------------------------------- tournament */

static double rate(int64_t part, int64_t games) { return games ? (double)part / (double)games : 0; }

void taxis_print_tournament(gopt_call *call, const gopt_taxis_graph *g, const gopt_taxis_run *run, const char *const *names,
                            int nh, const gopt_taxis_match *matches, const int64_t *joint, taxis_format f) {
    FILE *out = call->out;
    int64_t games = run->end - run->begin;
    taxis_tourney t = {nh, names, matches, joint};
    if (f == TAXIS_JSON) {
        json_t *o = json_object(), *matrix = json_array();
        json_object_set_new(o, "games", json_integer(games));
        if (matches[0].games != games) json_object_set_new(o, "played", json_integer(matches[0].games)); /* stopped */
        for (int i = 0; i < nh; i++)
            for (int j = 0; j < nh; j++) {
                const gopt_taxis_match *m = &matches[i * nh + j];
                json_t *cell = json_object();
                json_object_set_new(cell, "first", json_string(names[i]));
                json_object_set_new(cell, "second", json_string(names[j]));
                gopt_json_set_real(cell, "first_wins", rate(m->first_wins, m->games), 6);
                gopt_json_set_real(cell, "second_wins", rate(m->second_wins, m->games), 6);
                gopt_json_set_real(cell, "ties", rate(m->ties, m->games), 6);
                double lo, hi;
                taxis_rate_interval(m->first_wins, m->games, &lo, &hi);
                gopt_json_set_real(cell, "first_wins_low", lo, 6);
                gopt_json_set_real(cell, "first_wins_high", hi, 6);
                taxis_rate_interval(m->second_wins, m->games, &lo, &hi);
                gopt_json_set_real(cell, "second_wins_low", lo, 6);
                gopt_json_set_real(cell, "second_wins_high", hi, 6);
                json_array_append_new(matrix, cell);
            }
        json_object_set_new(o, "matrix", matrix);
        json_object_set_new(o, "c", json_integer(run->c));
        json_object_set_new(o, "dups", json_integer(run->dups));
        json_object_set_new(o, "seed", json_integer((json_int_t)run->seed));
        json_object_set_new(o, "graph", json_string(g->name));
        json_object_set_new(o, "pairs", taxis_pairs_json(&t));
        json_object_set_new(o, "findings", taxis_findings_json(&t));
        emit(call, "tournament", o);
        return;
    }
    if (f == TAXIS_CSV) {
        fputs("first,second,first_wins,second_wins,ties,first_wins_low,first_wins_high,second_wins_low,second_wins_high\n",
              out);
        for (int i = 0; i < nh; i++)
            for (int j = 0; j < nh; j++) {
                const gopt_taxis_match *m = &matches[i * nh + j];
                double fl, fh, sl, sh;
                taxis_rate_interval(m->first_wins, m->games, &fl, &fh);
                taxis_rate_interval(m->second_wins, m->games, &sl, &sh);
                fprintf(out, "%s,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", names[i], names[j], rate(m->first_wins, m->games),
                        rate(m->second_wins, m->games), rate(m->ties, m->games), fl, fh, sl, sh);
            }
        return;
    }
    fprintf(out, "graph %s, c = %d, N_D = %d, ", g->name, run->c, run->dups);
    if (matches[0].games == games) print_settings(out, run->begin, run->end, run->seed);
    else /* a stopped run: the settings its table holds */
        fprintf(out, "stopped early: %lld of %lld settings (of %lld..%lld) of seed %llu", (long long)matches[0].games,
                (long long)games, (long long)run->begin, (long long)(run->end - 1), (unsigned long long)run->seed);
    fputc('\n', out);
    int width = 15;
    for (int i = 0; i < nh; i++) width = (int)strlen(names[i]) > width ? (int)strlen(names[i]) : width;
    fputs("\nwin rates first : second (row moves first; the rest are ties)\n", out);
    fprintf(out, "%-*s", width + 1, "first \\ second");
    for (int j = 0; j < nh; j++) fprintf(out, " %*s", width, names[j]);
    fputc('\n', out);
    for (int i = 0; i < nh; i++) {
        fprintf(out, "%-*s", width + 1, names[i]);
        for (int j = 0; j < nh; j++) {
            const gopt_taxis_match *m = &matches[i * nh + j];
            char cell[32];
            snprintf(cell, sizeof cell, "%.3f : %.3f", rate(m->first_wins, m->games), rate(m->second_wins, m->games));
            fprintf(out, " %*s", width, cell);
        }
        fputc('\n', out);
    }
    taxis_print_statistics(out, &t);
}

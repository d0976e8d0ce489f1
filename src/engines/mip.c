/* The MIP engine: our own copy of the model, handed to CBC afresh for every solve (a
 * Cbc_Model must not be solved twice), and written as CPLEX-LP by our own writer.
 *
 * Why not Cbc_writeLp: it turns a maximisation into a minimisation of the negated
 * objective, drops every name when one is not LP-safe, and prints its warnings on stdout,
 * which belongs to our answers. The format itself is simple and documented (CPLEX "LP file
 * format"); GLPK's glpsol reads it back in the tests. */
#include "gameopt/mip.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engines/cbc_child.h"
#include "engines/cbc_dl.h"
#include "gameopt/alloc.h"
#include "gameopt/require.h"

#define MIP_MAX_OPTIONS 16

typedef struct mip_col {
    char *name;
    gopt_mip_kind kind;
    double lb, ub, obj;
    size_t seen_in_row; /* 1 + the row that last used this column, and where, to merge repeats */
    int seen_at;
} mip_col;

typedef struct mip_row {
    char *name;
    int start, n; /* into the shared index/coefficient arrays */
    char sense;   /* '<', '>', '=' */
    double rhs;
} mip_row;

struct gopt_mip {
    char *name;
    bool maximize;
    mip_col *cols;
    size_t ncols, cols_cap;
    mip_row *rows;
    size_t nrows, rows_cap;
    int *idx;
    double *coef;
    size_t nz, nz_cap;
    double time_limit;
    int threads;
    int noptions;  /* CBC parameters for every solve */
    char *option_name[MIP_MAX_OPTIONS], *option_value[MIP_MAX_OPTIONS];
    /* the last solve */
    gopt_mip_result result;
    double objective;
    double bound;   /* CBC's best possible objective in the last solve (NAN: unknown) */
    double *start;  /* an initial solution handed to CBC (NULL: none) */
    double *values;
    int64_t solves, nodes;
    char why[512]; /* why the last solve was GOPT_MIP_ERROR, when the library could not load */
};

const char *gopt_mip_why(const gopt_mip *m) { return m->why; }

/* LP files allow letters, digits and !"#$%&()/,.;?@_`'{}|~ in names; anything else
 * becomes '_'. A name may not start with a digit or a period (nor be e/E and a number,
 * which reads as an exponent), so such names get a leading '_'. */
static char *lp_safe_name(const char *name) {
    static const char allowed[] = "!\"#$%&()/,.;?@_`'{}|~";
    size_t n = strlen(name);
    char *s = gopt_malloc(n + 2), *p = s;
    bool digit_start = (name[0] >= '0' && name[0] <= '9') || name[0] == '.';
    bool exp_like = (name[0] == 'e' || name[0] == 'E') && n > 1 && strspn(name + 1, "0123456789") == n - 1;
    if (digit_start || exp_like || n == 0) *p++ = '_';
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  (c && strchr(allowed, c));
        *p++ = ok ? c : '_';
    }
    *p = 0;
    return s;
}

gopt_mip *gopt_mip_new(const char *name) {
    gopt_mip *m = gopt_calloc(1, sizeof *m);
    m->name = lp_safe_name(name ? name : "gameopt");
    m->threads = 1;
    m->bound = NAN;
    return m;
}

void gopt_mip_free(gopt_mip *m) {
    if (!m) return;
    for (size_t i = 0; i < m->ncols; i++) free(m->cols[i].name);
    for (size_t i = 0; i < m->nrows; i++) free(m->rows[i].name);
    free(m->cols);
    free(m->rows);
    free(m->idx);
    free(m->coef);
    free(m->values);
    free(m->start);
    free(m->name);
    for (int i = 0; i < m->noptions; i++) free(m->option_name[i]), free(m->option_value[i]);
    free(m);
}

int gopt_mip_col(gopt_mip *m, const char *name, gopt_mip_kind kind, double lb, double ub, double obj) {
    GOPT_REQUIRE(m, "a model");
    GOPT_REQUIRE(kind == GOPT_MIP_CONTINUOUS || kind == GOPT_MIP_INTEGER || kind == GOPT_MIP_BINARY, "kind %d", (int)kind);
    GOPT_REQUIRE(lb <= ub, "column '%s': lower bound %g above upper bound %g", name ? name : "", lb, ub);
    gopt_grow(&m->cols, &m->cols_cap, m->ncols + 1, sizeof *m->cols);
    char fallback[32];
    if (!name) snprintf(fallback, sizeof fallback, "x%zu", m->ncols);
    if (kind == GOPT_MIP_BINARY) {
        lb = lb < 0 ? 0 : lb;
        ub = ub > 1 ? 1 : ub;
    }
    m->cols[m->ncols] = (mip_col){lp_safe_name(name ? name : fallback), kind, lb, ub, obj, 0, 0};
    return (int)m->ncols++;
}

/* A column named twice in one row gets one term with the summed coefficient: CBC's row
 * builder does not merge repeats and then solves a different model (seen in the taxis MIP). */
int gopt_mip_row(gopt_mip *m, const char *name, int n, const int *col, const double *coef, char sense, double rhs) {
    GOPT_REQUIRE(m && n >= 0 && (n == 0 || (col && coef)), "a model and n >= 0 terms (n = %d)", n);
    GOPT_REQUIRE(sense == '<' || sense == '>' || sense == '=', "sense '%c' is none of < > =", sense);
    gopt_grow(&m->rows, &m->rows_cap, m->nrows + 1, sizeof *m->rows);
    gopt_grow(&m->idx, &m->nz_cap, m->nz + (size_t)n, sizeof *m->idx);
    m->coef = gopt_realloc(m->coef, m->nz_cap * sizeof *m->coef);
    int terms = 0;
    for (int i = 0; i < n; i++) {
        GOPT_REQUIRE(col[i] >= 0 && (size_t)col[i] < m->ncols, "row term %d: column %d of 0..%zu", i, col[i],
                     m->ncols - 1);
        mip_col *c = &m->cols[col[i]];
        if (c->seen_in_row == m->nrows + 1) {
            m->coef[m->nz + (size_t)c->seen_at] += coef[i];
            continue;
        }
        c->seen_in_row = m->nrows + 1;
        c->seen_at = terms;
        m->idx[m->nz + (size_t)terms] = col[i];
        m->coef[m->nz + (size_t)terms] = coef[i];
        terms++;
    }
    char fallback[32];
    if (!name) snprintf(fallback, sizeof fallback, "c%zu", m->nrows);
    m->rows[m->nrows] = (mip_row){lp_safe_name(name ? name : fallback), (int)m->nz, terms, sense, rhs};
    m->nz += (size_t)terms;
    return (int)m->nrows++;
}

void gopt_mip_maximize(gopt_mip *m, bool maximize) { m->maximize = maximize; }
int gopt_mip_num_cols(const gopt_mip *m) { return (int)m->ncols; }
int gopt_mip_num_rows(const gopt_mip *m) { return (int)m->nrows; }
void gopt_mip_set_time_limit(gopt_mip *m, double seconds) { m->time_limit = seconds; }
void gopt_mip_set_threads(gopt_mip *m, int threads) { m->threads = threads > 0 ? threads : 1; }

void gopt_mip_set_option(gopt_mip *m, const char *name, const char *value) {
    int i = 0;
    while (i < m->noptions && strcmp(m->option_name[i], name) != 0) i++;
    GOPT_REQUIRE(i < MIP_MAX_OPTIONS, "option '%s': the table of %d options is full", name, MIP_MAX_OPTIONS);
    if (i == m->noptions) m->option_name[m->noptions++] = gopt_strdup(name);
    else free(m->option_value[i]);
    m->option_value[i] = gopt_strdup(value);
}

static double coin_bound(double v) { return v >= 1e30 ? DBL_MAX : v <= -1e30 ? -DBL_MAX : v; }

static Cbc_Model *build_cbc(const gopt_mip *m, double seconds) {
    Cbc_Model *cbc = Cbc_newModel();
    Cbc_setProblemName(cbc, m->name);
    for (size_t j = 0; j < m->ncols; j++) {
        const mip_col *c = &m->cols[j];
        Cbc_addCol(cbc, c->name, coin_bound(c->lb), coin_bound(c->ub), c->obj, c->kind != GOPT_MIP_CONTINUOUS,
                   0, NULL, NULL);
    }
    for (size_t i = 0; i < m->nrows; i++) {
        const mip_row *r = &m->rows[i];
        char sense = r->sense == '<' ? 'L' : r->sense == '>' ? 'G' : 'E';
        Cbc_addRow(cbc, r->name, r->n, m->idx + r->start, m->coef + r->start, sense, r->rhs);
    }
    Cbc_setObjSense(cbc, m->maximize ? -1 : 1);
    Cbc_setLogLevel(cbc, 0);
    if (seconds > 0) {
        /* Wall time, as our --time-limit is: CBC counts CPU seconds by default, which on a
         * loaded machine (or while the model is being read) overruns the limit (issue 16). */
        Cbc_setParameter(cbc, "timeMode", "elapsed");
        Cbc_setMaximumSeconds(cbc, seconds);
    }
    if (m->threads > 1) {
        char t[16];
        snprintf(t, sizeof t, "%d", m->threads);
        Cbc_setParameter(cbc, "threads", t);
    }
    for (int i = 0; i < m->noptions; i++) Cbc_setParameter(cbc, m->option_name[i], m->option_value[i]);
    if (m->start) Cbc_setInitialSolution(cbc, m->start);
    return cbc;
}

/* One solve with CBC in this process (in the child of cbc_child.c). */
static void solve_here(const void *model, double seconds, cbc_outcome *out) {
    const gopt_mip *m = model;
    Cbc_Model *cbc = build_cbc(m, seconds);
    Cbc_solve(cbc);
    out->nodes = Cbc_getNodeCount(cbc);
    out->bound = Cbc_getBestPossibleObjValue(cbc);
    out->values = NULL;
    const double *best = Cbc_bestSolution(cbc);
    /* a model without integer columns is an LP: CBC keeps its answer as the column solution */
    bool integers = false;
    for (size_t j = 0; j < m->ncols && !integers; j++) integers = m->cols[j].kind != GOPT_MIP_CONTINUOUS;
    if (!best && !integers && Cbc_isProvenOptimal(cbc)) best = Cbc_getColSolution(cbc);
    if (Cbc_isProvenOptimal(cbc)) out->result = GOPT_MIP_OPTIMAL;
    else if (Cbc_isProvenInfeasible(cbc)) out->result = GOPT_MIP_INFEASIBLE;
    else if (Cbc_isContinuousUnbounded(cbc)) out->result = GOPT_MIP_UNBOUNDED;
    else if (Cbc_status(cbc) == 1 || Cbc_status(cbc) == 5) out->result = best ? GOPT_MIP_FEASIBLE : GOPT_MIP_LIMIT;
    else out->result = GOPT_MIP_ERROR;
    if (out->result == GOPT_MIP_OPTIMAL || out->result == GOPT_MIP_FEASIBLE) {
        out->values = gopt_calloc(m->ncols ? m->ncols : 1, sizeof *out->values);
        if (best) memcpy(out->values, best, m->ncols * sizeof *out->values);
        out->objective = Cbc_getObjValue(cbc);
    }
    Cbc_deleteModel(cbc);
}

/* The time allowed is the model's limit or what the current solve has left, whichever is
 * shorter; cbc_child.c holds CBC to it (and to Ctrl-C, cancel and the memory budget) by
 * running it in a child process. */
gopt_mip_result gopt_mip_solve(gopt_mip *m) {
    gopt_error err = {0};
    if (!gopt_cbc_load(NULL, &err)) {
        /* A broken installation, not a property of the model: the caller's "MIP error" note
         * comes with the reason and the package to install (gopt_mip_why). */
        gopt_error_text(&err, m->why, sizeof m->why);
        return m->result = GOPT_MIP_ERROR;
    }
    cbc_outcome out;
    gopt_cbc_run(solve_here, m, m->ncols, m->time_limit, &out);
    m->solves++;
    m->nodes += out.nodes;
    free(m->values);
    m->values = out.values;
    m->result = out.result;
    m->bound = out.result == GOPT_MIP_LIMIT && !out.values ? NAN : out.bound;
    if (out.values) m->objective = out.objective;
    return m->result;
}

double gopt_mip_objective(const gopt_mip *m) { return m->objective; }
double gopt_mip_bound(const gopt_mip *m) { return m->bound; }

void gopt_mip_set_start(gopt_mip *m, const double *values) {
    free(m->start);
    m->start = NULL;
    if (!values) return;
    m->start = gopt_malloc((m->ncols ? m->ncols : 1) * sizeof *m->start);
    memcpy(m->start, values, m->ncols * sizeof *m->start);
}
const double *gopt_mip_values(const gopt_mip *m) { return m->values; }
double gopt_mip_value(const gopt_mip *m, int col) {
    GOPT_REQUIRE(col >= 0 && (size_t)col < m->ncols, "column %d of 0..%zu", col, m->ncols - 1);
    return m->values ? m->values[col] : 0.0;
}
bool gopt_mip_bool(const gopt_mip *m, int col) { return gopt_mip_value(m, col) > 0.5; }

/* ---------------------------------------------------------------- CPLEX-LP */

/* Writes " + 3 x - y" style terms, breaking lines so no line gets long. */
static void write_terms(FILE *f, const gopt_mip *m, int n, const int *idx, const double *coef) {
    int written = 0;
    for (int k = 0; k < n; k++) {
        double a = coef[k];
        if (a == 0 && n > 1) continue;
        if (written && written % 8 == 0) fputs("\n   ", f);
        if (a < 0) fputs(" -", f);
        else if (written) fputs(" +", f);
        double mag = fabs(a);
        if (mag == 1) fprintf(f, " %s", m->cols[idx[k]].name);
        else fprintf(f, " %.17g %s", mag, m->cols[idx[k]].name);
        written++;
    }
    if (!written && m->ncols > 0) fprintf(f, " 0 %s", m->cols[0].name);
}

static void write_number(FILE *f, double v) {
    if (v >= 1e30) fputs("+inf", f);
    else if (v <= -1e30) fputs("-inf", f);
    else fprintf(f, "%.17g", v);
}

static bool is_binary(const mip_col *c) { return c->kind == GOPT_MIP_BINARY && c->lb == 0 && c->ub == 1; }
/* Integers, and binaries fixed by their bounds (written as integers with those bounds). */
static bool is_general(const mip_col *c) { return c->kind != GOPT_MIP_CONTINUOUS && !is_binary(c); }

static void write_section(FILE *f, const gopt_mip *m, const char *title, bool (*member)(const mip_col *)) {
    int count = 0;
    for (size_t j = 0; j < m->ncols; j++) {
        if (!member(&m->cols[j])) continue;
        if (count == 0) fputs(title, f);
        fputs(count % 8 == 0 ? "\n " : " ", f);
        fputs(m->cols[j].name, f);
        count++;
    }
    if (count) fputc('\n', f);
}

char *gopt_mip_lp_text(const gopt_mip *m) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    GOPT_REQUIRE(f, "an in-memory stream");
    fprintf(f, "\\ %s, written by gameopt\n%s\n obj:", m->name, m->maximize ? "Maximize" : "Minimize");
    int *idx = gopt_malloc((m->ncols + 1) * sizeof *idx);
    double *obj = gopt_malloc((m->ncols + 1) * sizeof *obj);
    int n = 0;
    for (size_t j = 0; j < m->ncols; j++)
        if (m->cols[j].obj != 0) idx[n] = (int)j, obj[n++] = m->cols[j].obj;
    write_terms(f, m, n, idx, obj);
    free(idx);
    free(obj);
    fputs("\nSubject To\n", f);
    for (size_t i = 0; i < m->nrows; i++) {
        const mip_row *r = &m->rows[i];
        fprintf(f, " %s:", r->name);
        write_terms(f, m, r->n, m->idx + r->start, m->coef + r->start);
        fprintf(f, " %s ", r->sense == '<' ? "<=" : r->sense == '>' ? ">=" : "=");
        write_number(f, r->rhs);
        fputc('\n', f);
    }
    fputs("Bounds\n", f);
    for (size_t j = 0; j < m->ncols; j++) {
        const mip_col *c = &m->cols[j];
        if (is_binary(c)) continue;
        if (c->lb <= -1e30 && c->ub >= 1e30) {
            fprintf(f, " %s free\n", c->name);
            continue;
        }
        if (c->lb == 0 && c->ub >= 1e30) continue; /* the default */
        fputc(' ', f);
        write_number(f, c->lb);
        fprintf(f, " <= %s <= ", c->name);
        write_number(f, c->ub);
        fputc('\n', f);
    }
    write_section(f, m, "Generals", is_general);
    write_section(f, m, "Binaries", is_binary);
    fputs("End\n", f);
    fclose(f);
    return text;
}

void gopt_mip_add_counters(const gopt_mip *m, gopt_counters *c) {
    gopt_counter_add(c, "mip_solves", m->solves);
    gopt_counter_add(c, "mip_nodes", m->nodes);
}

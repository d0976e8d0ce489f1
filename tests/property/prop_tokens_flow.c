/* Max flow against brute force on random tiles: up to 4 cities of up to 4 slots on each
 * tile (the new tile may have more cities than the old), up to 6 tokens, every rotation,
 * both rule sets and full rules with splitting cities; some full cities hold an extra token
 * beyond their slots; some tiles have narrow and dual
 * track, some questions closed map sides. The brute force tries every
 * assignment (tokens to cities, or old cities to new cities) and must agree with the solver
 * on feasibility, on the exact set of placements (--all) and on uniqueness; the checker must
 * accept every answer. Tiles are written as tile strings and parsed, so the parser is
 * exercised too. Reproducible: case i draws from stream (seed 4, i). */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PLACEMENTS 4096

/* A random tile of 1..4 cities: slots 1..4, each edge joined to a city with probability p;
 * with `gauges`, each path narrow or dual with probability 1/6 each (else broad). */
static void random_tile(gopt_rng *rng, gopt_tokens_tile *t, double p, bool gauges) {
    int ncities = 1 + (int)gopt_rng_below(rng, 4);
    char code[1024];
    size_t n = 0;
    for (int c = 0; c < ncities; c++) {
        int slots = 1 + (int)gopt_rng_below(rng, 4);
        n += (size_t)snprintf(code + n, sizeof code - n, "%scity=revenue:%d,slots:%d", c ? ";" : "", 10 * (c + 1), slots);
    }
    for (int c = 0; c < ncities; c++)
        for (int e = 0; e < 6; e++)
            if (gopt_rng_double(rng) < p) {
                uint32_t g = gauges ? gopt_rng_below(rng, 6) : 0;
                n += (size_t)snprintf(code + n, sizeof code - n, ";path=a:%d,b:_%d%s", e, c,
                                      g == 1 ? ",track:narrow" : g == 2 ? ",track:dual" : "");
            }
    gopt_error err = {0};
    if (!gopt_tokens_tile_parse(t, code, "random", &err)) fail_msg("random tile did not parse: %s (%s)", code, err.msg);
}

static void random_tokens(gopt_rng *rng, gopt_tokens_question *q) {
    int want = (int)gopt_rng_below(rng, 7), used[GOPT_TOKENS_MAX_CITIES] = {0};
    q->ntokens = 0;
    for (int k = 0; k < want; k++) {
        int c = (int)gopt_rng_below(rng, (uint32_t)q->from->ncities);
        /* A full city sometimes takes an extra token beyond its slots (issue 32 item 6). */
        bool extra = used[c] == gopt_tokens_city_slots(q->from, c);
        if (extra && gopt_rng_below(rng, 2)) continue;
        used[c] += !extra;
        snprintf(q->tokens[q->ntokens].name, sizeof q->tokens[0].name, "T%d", q->ntokens);
        q->tokens[q->ntokens].extra = extra;
        q->tokens[q->ntokens++].city = c;
    }
}

static bool contains(uint8_t have, uint8_t need) { return (need & ~have) == 0; }

typedef struct brute {
    int n;           /* placements found */
    int8_t rows[MAX_PLACEMENTS][6];
} brute;

static int compare_rows(const void *a, const void *b) { return memcmp(a, b, 6); }

/* Every assignment of tokens to new cities that keeps edges and slots. */
static void brute_tokens(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    int n = q->ntokens, k = to->ncities, total = 1;
    for (int i = 0; i < n; i++) total *= k;
    out->n = 0;
    for (int code = 0; code < total; code++) {
        int8_t row[6];
        int load[GOPT_TOKENS_MAX_CITIES] = {0}, c = code;
        bool ok = true;
        for (int i = n - 1; i >= 0; i--, c /= k) row[i] = (int8_t)(c % k);
        for (int i = 0; i < n && ok; i++) {
            ok = contains(gopt_tokens_city_edges(to, row[i], r), gopt_tokens_city_edges(q->from, q->tokens[i].city, q->from_rotation));
            ok = ok && (load[row[i]] += !q->tokens[i].extra) <= gopt_tokens_city_slots(to, row[i]);
        }
        if (ok) memcpy(out->rows[out->n++], row, 6);
    }
}

/* Every map of old cities to new cities that keeps edges and slots; the distinct token
 * placements they give. */
static void brute_full(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    const gopt_tokens_tile *from = q->from;
    int n = from->ncities, k = to->ncities, total = 1;
    out->n = 0;
    for (int i = 0; i < n; i++) total *= k;
    for (int code = 0; code < total; code++) {
        int map[GOPT_TOKENS_MAX_CITIES], load[GOPT_TOKENS_MAX_CITIES] = {0}, c = code;
        bool ok = true;
        for (int i = n - 1; i >= 0; i--, c /= k) map[i] = c % k;
        for (int i = 0; i < n && ok; i++) {
            uint8_t need = gopt_tokens_city_edges(from, i, q->from_rotation);
            ok = (!need || contains(gopt_tokens_city_edges(to, map[i], r), need)) &&
                 (load[map[i]] += gopt_tokens_city_slots(from, i)) <= gopt_tokens_city_slots(to, map[i]);
        }
        if (!ok) continue;
        int8_t row[6] = {0};
        for (int t = 0; t < q->ntokens; t++) row[t] = (int8_t)map[q->tokens[t].city];
        bool seen = false;
        for (int j = 0; j < out->n && !seen; j++) seen = memcmp(out->rows[j], row, 6) == 0;
        if (!seen) memcpy(out->rows[out->n++], row, 6);
    }
    qsort(out->rows, (size_t)out->n, 6, compare_rows);
}

/* Splitting cities: every token to a new city holding its old city's edges, within the
 * slots, and then the old cities' empty slots must fit the room left: by Hall's theorem for
 * supplies and demands, every set S of old cities needs no more than the room of the new
 * cities any of them fits. */
static void brute_split(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    const gopt_tokens_tile *from = q->from;
    int n = q->ntokens, k = to->ncities, total = 1;
    for (int i = 0; i < n; i++) total *= k;
    out->n = 0;
    for (int code = 0; code < total; code++) {
        int8_t row[6] = {0};
        int load[GOPT_TOKENS_MAX_CITIES] = {0}, rest[GOPT_TOKENS_MAX_CITIES] = {0}, c = code;
        bool ok = true;
        for (int i = n - 1; i >= 0; i--, c /= k) row[i] = (int8_t)(c % k);
        for (int oc = 0; oc < from->ncities; oc++) rest[oc] = gopt_tokens_city_slots(from, oc);
        for (int i = 0; i < n && ok; i++) {
            uint8_t need = gopt_tokens_city_edges(from, q->tokens[i].city, q->from_rotation);
            ok = contains(gopt_tokens_city_edges(to, row[i], r), need) &&
                 (load[row[i]] += !q->tokens[i].extra) <= gopt_tokens_city_slots(to, row[i]);
            rest[q->tokens[i].city] -= !q->tokens[i].extra;
        }
        for (unsigned set = 1; ok && set < 1u << from->ncities; set++) {
            int demand = 0, room = 0;
            uint32_t reach = 0;
            for (int oc = 0; oc < from->ncities; oc++)
                if (set >> oc & 1) {
                    demand += rest[oc];
                    uint8_t need = gopt_tokens_city_edges(from, oc, q->from_rotation);
                    for (int b = 0; b < k; b++)
                        if (contains(gopt_tokens_city_edges(to, b, r), need)) reach |= 1u << b;
                }
            for (int b = 0; b < k; b++)
                if (reach >> b & 1) room += gopt_tokens_city_slots(to, b) - load[b];
            ok = demand <= room;
        }
        if (ok) memcpy(out->rows[out->n++], row, 6);
    }
}

/* Full rules on gauges: at every edge where both tiles have track, each old path's gauge
 * meets a new path of that gauge or dual. */
static bool gauges_kept(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r) {
    const gopt_tokens_tile *from = q->from;
    for (int k = 0; k < from->npaths; k++) {
        int at = (from->paths[k].a + q->from_rotation) % 6, g = from->paths[k].track; /* a is the edge */
        bool any = false, kept = false;
        for (int m = 0; m < to->npaths; m++)
            if ((to->paths[m].a + r) % 6 == at) {
                any = true;
                kept = kept || to->paths[m].track == g || to->paths[m].track == GOPT_TOKENS_DUAL;
            }
        if (any && !kept) return false;
    }
    return true;
}

static long verdicts[GOPT_TOKENS_UNKNOWN + 8], branched, grown, extras;

static void compare(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, long i) {
    static brute want;
    if (q->rules == GOPT_TOKENS_RULES_TOKENS) brute_tokens(q, to, r, &want);
    else if (q->split) brute_split(q, to, r, &want);
    else brute_full(q, to, r, &want);
    if (q->rules == GOPT_TOKENS_RULES_FULL && !gauges_kept(q, to, r)) want.n = 0;
    for (int k = 0; k < to->npaths; k++)
        if (q->closed >> ((to->paths[k].a + r) % 6) & 1) want.n = 0; /* track off the map */
    gopt_tokens_rotation got;
    gopt_error err = {0};
    assert_true(gopt_tokens_place(q, to, r, MAX_PLACEMENTS, &got, &err));
    verdicts[got.verdict]++;
    branched += got.branches > 0;
    grown += got.feasible && q->rules == GOPT_TOKENS_RULES_FULL && to->ncities > q->from->ncities;
    char why[512];
    if (!gopt_tokens_check(q, to, &got, why, sizeof why)) fail_msg("case %ld rotation %d: checker: %s", i, r, why);
    if (got.feasible != (want.n > 0))
        fail_msg("case %ld rotation %d (%s rules): flow says %s, brute force finds %d placements", i, r,
                 gopt_tokens_rules_name(q->rules), got.feasible ? "feasible" : "infeasible", want.n);
    if (got.feasible) {
        assert_true(got.complete);
        assert_int_equal(got.count, want.n);
        assert_int_equal(got.unique, want.n == 1);
        static int8_t rows[MAX_PLACEMENTS][6];
        memset(rows, 0, sizeof rows);
        for (long k = 0; k < got.count; k++) memcpy(rows[k], got.placements + k * q->ntokens, (size_t)q->ntokens);
        /* Tokens rules enumerate in lexicographic order already; full rules by old city. */
        if (q->rules == GOPT_TOKENS_RULES_FULL && !q->split) qsort(rows, (size_t)got.count, 6, compare_rows);
        for (long k = 0; k < got.count; k++)
            if (memcmp(rows[k], want.rows[k], 6) != 0) fail_msg("case %ld rotation %d: placement %ld differs", i, r, k);
    }
    gopt_tokens_rotation_free(&got);
}

static void flow_matches_brute_force(void **state) {
    (void)state;
    int cases = test_cases(4000);
    long feasible = 0, infeasible = 0;
    for (long i = 0; i < cases; i++) {
        gopt_rng rng = gopt_rng_stream(4, (uint64_t)i);
        gopt_tokens_tile from, to;
        bool gauges = i % 3 == 0;
        random_tile(&rng, &from, 0.3, gauges);
        random_tile(&rng, &to, 0.6, gauges);
        gopt_tokens_question q = {.from = &from, .from_rotation = (int)gopt_rng_below(&rng, 6)};
        random_tokens(&rng, &q);
        for (int t = 0; t < q.ntokens; t++) extras += q.tokens[t].extra;
        if (i % 4 == 1) q.closed = (uint8_t)(1u << gopt_rng_below(&rng, 6));
        for (int rules = 0; rules < 3; rules++) { /* tokens, full, full with splitting cities */
            q.rules = rules ? GOPT_TOKENS_RULES_FULL : GOPT_TOKENS_RULES_TOKENS;
            q.split = rules == 2;
            for (int r = 0; r < 6; r++) compare(&q, &to, r, i);
            gopt_tokens_answer a;
            gopt_error err = {0};
            assert_true(gopt_tokens_solve(&q, &to, 2, &a, &err));
            feasible += a.nfeasible;
            infeasible += 6 - a.nfeasible;
            gopt_tokens_answer_free(&a);
        }
    }
    /* The generator must give both outcomes plenty of times, or the test proves little. */
    print_message("%d cases: %ld feasible and %ld infeasible rotations; verdicts short %ld, unsplittable %ld, gauge %ld, off-map %ld; "
                  "%ld rotations branched on a multi-slot city; %ld full-rules placements onto more cities\n",
                  cases, feasible, infeasible, verdicts[GOPT_TOKENS_SHORT], verdicts[GOPT_TOKENS_UNSPLITTABLE], verdicts[GOPT_TOKENS_GAUGE], verdicts[GOPT_TOKENS_OFF_MAP], branched,
                  grown);
    assert_true(feasible > cases && infeasible > cases);
    if (cases >= 100) assert_true(extras > 0);
    if (cases >= 1000)
        assert_true(verdicts[GOPT_TOKENS_UNSPLITTABLE] > 0 && branched > 0 && grown > 0 && verdicts[GOPT_TOKENS_GAUGE] > 0 &&
                    verdicts[GOPT_TOKENS_OFF_MAP] > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(flow_matches_brute_force)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Max flow against brute force on random tiles: up to 4 cities of up to 4 slots on each
 * tile (the new tile may have more cities than the old), up to 6 tokens, every rotation,
 * both rule sets and full rules with splitting cities; some full cities hold an extra token
 * beyond their slots; some tiles have narrow and dual
 * track, some questions closed map sides. Issue 32 adds: towns that join cities or stay
 * towns (some tiles carry a town), splits with the exits shared out, shrinking slots (the
 * owners return the fewest tokens that let the rest fit: every choice is enumerated), and
 * the game placing the tokens (first city holding their edges, or by index). The brute force tries every
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
static void random_tile(gopt_rng *rng, gopt_tokens_tile *t, double p, bool gauges, bool town) {
    int ncities = 1 + (int)gopt_rng_below(rng, 4);
    char code[1024];
    size_t n = 0;
    for (int c = 0; c < ncities; c++) {
        int slots = 1 + (int)gopt_rng_below(rng, 4);
        n += (size_t)snprintf(code + n, sizeof code - n, "%scity=revenue:%d,slots:%d", c ? ";" : "", 10 * (c + 1), slots);
    }
    if (town) n += (size_t)snprintf(code + n, sizeof code - n, ";town=revenue:10");
    for (int e = 0; town && e < 6; e++)
        if (gopt_rng_double(rng) < p / 2) n += (size_t)snprintf(code + n, sizeof code - n, ";path=a:%d,b:_%d", e, ncities);
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

/* The game's choice of new city for each old city (-1 everywhere when the owner chooses). */
static int8_t game_map[GOPT_TOKENS_MAX_CITIES];
static bool placed_ok(const gopt_tokens_question *q, int city, int j) {
    return q->placer == GOPT_TOKENS_PLACER_OWNER || q->split || game_map[city] == j;
}

/* Digits of `code` in base k for the tokens that stay; -1 for the returned ones. */
static void decode(const gopt_tokens_question *q, int code, int k, int8_t *row) {
    for (int i = q->ntokens - 1; i >= 0; i--) {
        if (q->tokens[i].returned) {
            row[i] = -1;
            continue;
        }
        row[i] = (int8_t)(code % k);
        code /= k;
    }
}

static int staying(const gopt_tokens_question *q) {
    int m = 0;
    for (int i = 0; i < q->ntokens; i++) m += !q->tokens[i].returned;
    return m;
}

/* Every assignment of tokens to new cities that keeps edges and slots. */
static void brute_tokens(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    int n = q->ntokens, k = to->ncities, total = 1;
    for (int i = 0; i < staying(q); i++) total *= k;
    out->n = 0;
    for (int code = 0; code < total; code++) {
        int8_t row[6] = {0};
        int load[GOPT_TOKENS_MAX_CITIES] = {0};
        bool ok = true;
        decode(q, code, k, row);
        for (int i = 0; i < n && ok; i++) {
            if (row[i] < 0) continue;
            ok = placed_ok(q, q->tokens[i].city, row[i]);
            ok = ok && contains(gopt_tokens_city_edges(to, row[i], r), gopt_tokens_city_edges(q->from, q->tokens[i].city, q->from_rotation));
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
            int demand = gopt_tokens_city_slots(from, i);
            if (q->shrink) { /* only what sits there moves */
                demand = 0;
                for (int t = 0; t < q->ntokens; t++) demand += q->tokens[t].city == i && !q->tokens[t].extra && !q->tokens[t].returned;
            }
            bool holds = demand > 0; /* an empty old city goes anywhere that keeps its track */
            for (int t = 0; t < q->ntokens; t++) holds = holds || (q->tokens[t].city == i && !q->tokens[t].returned);
            ok = (!holds || placed_ok(q, i, map[i])) && (!need || contains(gopt_tokens_city_edges(to, map[i], r), need)) &&
                 (load[map[i]] += demand) <= gopt_tokens_city_slots(to, map[i]);
        }
        if (!ok) continue;
        int8_t row[6] = {0};
        for (int t = 0; t < q->ntokens; t++) row[t] = q->tokens[t].returned ? -1 : (int8_t)map[q->tokens[t].city];
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
/* Split exits (1894): a token or empty slot fits a new city holding one of its old city's
 * edges (any city when its old city has no track). */
static bool split_fits(const gopt_tokens_question *q, uint8_t have, uint8_t need) {
    return q->split_exits ? !need || (have & need) : contains(have, need);
}

static void brute_split(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    const gopt_tokens_tile *from = q->from;
    int n = q->ntokens, k = to->ncities, total = 1;
    for (int i = 0; i < staying(q); i++) total *= k;
    out->n = 0;
    for (int code = 0; code < total; code++) {
        int8_t row[6] = {0};
        int load[GOPT_TOKENS_MAX_CITIES] = {0}, rest[GOPT_TOKENS_MAX_CITIES] = {0};
        bool ok = true;
        decode(q, code, k, row);
        for (int oc = 0; oc < from->ncities; oc++) rest[oc] = q->shrink ? 0 : gopt_tokens_city_slots(from, oc);
        for (int i = 0; i < n && ok; i++) {
            if (!q->shrink) rest[q->tokens[i].city] -= !q->tokens[i].extra;
            if (row[i] < 0) continue;
            uint8_t need = gopt_tokens_city_edges(from, q->tokens[i].city, q->from_rotation);
            ok = placed_ok(q, q->tokens[i].city, row[i]) && split_fits(q, gopt_tokens_city_edges(to, row[i], r), need) &&
                 (load[row[i]] += !q->tokens[i].extra) <= gopt_tokens_city_slots(to, row[i]);
        }
        /* every old city's track must stay at some new city, even with no slot left to move */
        for (int oc = 0; ok && oc < from->ncities; oc++) {
            bool some = false;
            for (int b = 0; b < k; b++) some = some || split_fits(q, gopt_tokens_city_edges(to, b, r), gopt_tokens_city_edges(from, oc, q->from_rotation));
            ok = some;
        }
        for (unsigned set = 1; ok && set < 1u << from->ncities; set++) {
            int demand = 0, room = 0;
            uint32_t reach = 0;
            for (int oc = 0; oc < from->ncities; oc++)
                if (set >> oc & 1) {
                    demand += rest[oc];
                    uint8_t need = gopt_tokens_city_edges(from, oc, q->from_rotation);
                    for (int b = 0; b < k; b++)
                        if (split_fits(q, gopt_tokens_city_edges(to, b, r), need) && placed_ok(q, oc, b)) reach |= 1u << b;
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

/* Full rules on towns: an old town's track stays at a new town, or at a city when the new
 * tile has no town, or (no town on the new tile) vanishes when its edges are joined two by
 * two by through track; a town without track always stays. */
static bool towns_kept(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r) {
    const gopt_tokens_tile *from = q->from;
    bool small = to->ntowns > 0;
    for (int k = 0; k < from->ntowns; k++) {
        uint8_t need = gopt_tokens_rotate(from->nodes[from->town_node[k]].edges, q->from_rotation);
        bool kept = !need;
        for (int j = 0; j < to->nnodes && !kept; j++) {
            bool stop = to->nodes[j].kind == GOPT_TOKENS_TOWN || (!small && to->nodes[j].kind == GOPT_TOKENS_CITY);
            kept = stop && contains(gopt_tokens_rotate(to->nodes[j].edges, r), need);
        }
        if (!kept && !small) {
            kept = true;
            for (int a = 0; a < 6; a++)
                for (int b = 0; b < 6; b++)
                    if (a != b && (need >> a & 1) && (need >> b & 1) &&
                        !(gopt_tokens_rotate(to->links[(a - r + 6) % 6], r) >> b & 1))
                        kept = false;
        }
        if (!kept) return false;
    }
    return true;
}

/* Full rules: a new stop (city or town with track) sharing a side with no old stop is an
 * added one; there may be no more of them than the new tile has stops beyond the old's
 * (the online engine's valid_added_city_count). Pair by pair, not by a union of sides. */
static long appeared_refused;
static bool no_stop_appears(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r) {
    int nold = 0, nnew = 0, alone = 0;
    for (int k = 0; k < q->from->nnodes; k++)
        nold += q->from->nodes[k].kind != GOPT_TOKENS_JUNCTION && q->from->nodes[k].kind != GOPT_TOKENS_OFFBOARD &&
                q->from->nodes[k].kind != GOPT_TOKENS_PASS && q->from->nodes[k].edges != 0;
    for (int j = 0; j < to->nnodes; j++) {
        gopt_tokens_node_kind kind = to->nodes[j].kind;
        if (kind == GOPT_TOKENS_JUNCTION || kind == GOPT_TOKENS_OFFBOARD || kind == GOPT_TOKENS_PASS || !to->nodes[j].edges) continue;
        nnew++;
        bool touches = false;
        for (int k = 0; k < q->from->nnodes; k++) {
            gopt_tokens_node_kind ok = q->from->nodes[k].kind;
            if (ok == GOPT_TOKENS_JUNCTION || ok == GOPT_TOKENS_OFFBOARD || ok == GOPT_TOKENS_PASS) continue;
            touches = touches || (gopt_tokens_rotate(q->from->nodes[k].edges, q->from_rotation) & gopt_tokens_rotate(to->nodes[j].edges, r));
        }
        alone += !touches;
    }
    bool ok = alone <= (nnew > nold ? nnew - nold : 0);
    appeared_refused += !ok;
    return ok;
}

/* Split exits: every old city's edge stays at some new city. */
static bool exits_kept(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r) {
    uint8_t held = 0;
    for (int j = 0; j < to->ncities; j++) held |= gopt_tokens_city_edges(to, j, r);
    for (int c = 0; c < q->from->ncities; c++)
        if (!contains(held, gopt_tokens_city_edges(q->from, c, q->from_rotation))) return false;
    return true;
}

static void brute_any(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out) {
    if (q->rules == GOPT_TOKENS_RULES_TOKENS) brute_tokens(q, to, r, out);
    else if (q->split) brute_split(q, to, r, out);
    else brute_full(q, to, r, out);
}

/* Shrinking slots with nothing named: the fewest returned tokens (of those that take a
 * slot) that let the rest fit, every choice of them; `returned` gets how many. */
static void brute_returning(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, brute *out, int *returned) {
    static brute part;
    gopt_tokens_question qr = *q;
    *returned = 0;
    brute_any(q, to, r, out);
    bool named = false;
    for (int i = 0; i < q->ntokens; i++) named = named || q->tokens[i].returned;
    if (out->n || !q->shrink || named) return; /* the game named the tokens it returns */
    for (int size = 1; size <= q->ntokens && !out->n; size++)
        for (unsigned set = 0; set < 1u << q->ntokens; set++) {
            if (__builtin_popcount(set) != size) continue;
            bool may = true;
            for (int i = 0; i < q->ntokens; i++) {
                qr.tokens[i].returned = set >> i & 1;
                may = may && (!(set >> i & 1) || (!q->tokens[i].extra && !q->tokens[i].reserved));
            }
            if (!may) continue;
            brute_any(&qr, to, r, &part);
            for (int k = 0; k < part.n && out->n < MAX_PLACEMENTS; k++) memcpy(out->rows[out->n++], part.rows[k], 6);
            if (part.n) *returned = size;
        }
}

static long verdicts[GOPT_TOKENS_UNKNOWN + 8], branched, grown, extras, returning, placed, joined, exits_split, named;

static void compare(const gopt_tokens_question *q, const gopt_tokens_tile *to, int r, long i) {
    static brute want;
    int returned = 0;
    int8_t map[GOPT_TOKENS_MAX_CITIES];
    gopt_tokens_game_city_map(q->from, q->from_rotation, to, r, q->placer, map);
    memcpy(game_map, map, sizeof game_map);
    brute_returning(q, to, r, &want, &returned);
    if (q->rules == GOPT_TOKENS_RULES_FULL && !gauges_kept(q, to, r)) want.n = 0;
    if (q->rules == GOPT_TOKENS_RULES_FULL && !towns_kept(q, to, r)) want.n = 0;
    if (q->rules == GOPT_TOKENS_RULES_FULL && !no_stop_appears(q, to, r)) want.n = 0;
    if (q->rules == GOPT_TOKENS_RULES_FULL && q->split && q->split_exits && !exits_kept(q, to, r)) want.n = 0;
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
    if (got.feasible != (want.n > 0)) {
        char *a = gopt_tokens_tile_format(q->from), *b = gopt_tokens_tile_format(to);
        print_message("from %s @%d to %s; %d tokens, shrink %d, placer %d, split %d/%d, verdict %d\n", a, q->from_rotation, b,
                      q->ntokens, q->shrink, (int)q->placer, q->split, q->split_exits, (int)got.verdict);
        for (int t = 0; t < q->ntokens; t++) print_message("  %d:%s%s\n", q->tokens[t].city, q->tokens[t].name, q->tokens[t].extra ? " extra" : "");
        free(a);
        free(b);
    }
    if (got.feasible != (want.n > 0))
        fail_msg("case %ld rotation %d (%s rules): flow says %s, brute force finds %d placements", i, r,
                 gopt_tokens_rules_name(q->rules), got.feasible ? "feasible" : "infeasible", want.n);
    if (got.feasible) {
        assert_true(got.complete);
        assert_int_equal(got.count, want.n);
        assert_int_equal(got.unique, want.n == 1);
        assert_int_equal(got.nreturned, returned);
        returning += returned > 0;
        named += q->ntokens > 0 && q->tokens[0].returned;
        placed += q->placer != GOPT_TOKENS_PLACER_OWNER && !q->split;
        /* an old town with track on a new tile without towns: it joined a city (or vanished) */
        joined += q->rules == GOPT_TOKENS_RULES_FULL && q->from->ntowns > 0 && to->ntowns == 0 &&
                  q->from->nodes[q->from->town_node[0]].edges;
        exits_split += q->split && q->split_exits;
        static int8_t rows[MAX_PLACEMENTS][6];
        memset(rows, 0, sizeof rows);
        for (long k = 0; k < got.count; k++) memcpy(rows[k], got.placements + k * q->ntokens, (size_t)q->ntokens);
        /* Compared as sorted lists: full rules enumerate by old city, returns by choice. */
        qsort(rows, (size_t)got.count, 6, compare_rows);
        qsort(want.rows, (size_t)want.n, 6, compare_rows);
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
        random_tile(&rng, &from, 0.3, gauges, i % 4 == 3);
        random_tile(&rng, &to, 0.6, gauges, i % 8 == 3);
        gopt_tokens_question q = {.from = &from, .from_rotation = (int)gopt_rng_below(&rng, 6)};
        q.shrink = i % 5 == 2 || i % 11 == 5;
        q.placer = i % 7 == 4 ? GOPT_TOKENS_PLACER_FIRST : i % 7 == 6 ? GOPT_TOKENS_PLACER_INDEX : GOPT_TOKENS_PLACER_OWNER;
        random_tokens(&rng, &q);
        if (i % 11 == 5 && q.ntokens > 0) q.tokens[0].returned = true; /* named by the game (--return) */
        for (int t = 0; t < q.ntokens; t++) extras += q.tokens[t].extra;
        if (i % 4 == 1) q.closed = (uint8_t)(1u << gopt_rng_below(&rng, 6));
        for (int rules = 0; rules < 3; rules++) { /* tokens, full, full with splitting cities */
            q.rules = rules ? GOPT_TOKENS_RULES_FULL : GOPT_TOKENS_RULES_TOKENS;
            q.split = rules == 2;
            q.split_exits = q.split && i % 3 == 1;
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
    print_message("feasible with owners returning tokens %ld, the game returning one %ld, placed by the game %ld, with old towns joining "
                  "a city %ld, split exits %ld\n", returning, named, placed, joined, exits_split);
    if (cases >= 100) assert_true(extras > 0);
    if (cases >= 1000) assert_true(returning > 0 && named > 0 && placed > 0 && joined > 0 && exits_split > 0);
    print_message("rotations where a new stop would appear though none is added: %ld\n", appeared_refused);
    if (cases >= 1000) assert_true(appeared_refused > 0);
    if (cases >= 1000)
        assert_true(verdicts[GOPT_TOKENS_UNSPLITTABLE] > 0 && branched > 0 && grown > 0 && verdicts[GOPT_TOKENS_GAUGE] > 0 &&
                    verdicts[GOPT_TOKENS_OFF_MAP] > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(flow_matches_brute_force)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Our proven Flood-It optima (data/flood/proven/<set>.tsv) against the boards they name in
 * ../shared/data/flood. Every line's sequence must replay on its board in the checker, have
 * the stated length, be no shorter than the board's admissible lower bound (a sequence
 * shorter than a lower bound would mean a broken bound or a broken checker), and be no
 * longer than the best length published for that board, when a list exists: a proven optimum
 * above a published sequence that floods the board is impossible. Where ours is shorter,
 * the published "potentially optimal" list was not optimal: the test prints those boards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

typedef struct proven_set {
    const char *tsv;       /* under the source tree */
    const char *boards;    /* under ../shared/data */
    const char *published; /* best known sequences, one line a board, or NULL */
} proven_set;

static const proven_set sets[] = {
    {"data/flood/proven/b24c6.tsv", "flood/sets/dataset_b24c6n1000.txt",
     "flood/sets/solutions_potentially_optimal_b24c6n1000.txt"},
    {"data/flood/proven/b28c6.tsv", "flood/open_b28c6/b28c6_10_boards.txt", NULL},
};

/* The boards of a set file, in order. */
static gopt_flood_puzzle **load_boards(const char *path, size_t *n) {
    gopt_text t;
    gopt_error err = {0};
    assert_true(gopt_text_load(&t, path, &err));
    gopt_flood_puzzle **p = NULL, *q;
    size_t cap = 0;
    int r;
    *n = 0;
    while ((r = gopt_flood_read(&t, NULL, NULL, &q, &err)) == 1) {
        gopt_grow(&p, &cap, *n + 1, sizeof *p);
        p[(*n)++] = q;
    }
    if (r < 0) gopt_error_print(stderr, &err);
    assert_int_equal(r, 0);
    gopt_text_free(&t);
    return p;
}

/* Line i of a file (0-based) without its newline, or NULL past the end. */
static char **load_lines(const char *path, size_t *n) {
    size_t len;
    char *text = test_read_file(path, &len);
    char **lines = NULL;
    size_t cap = 0;
    *n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        gopt_grow(&lines, &cap, *n + 1, sizeof *lines);
        lines[(*n)++] = strdup(line);
    }
    free(text);
    return lines;
}

static void free_lines(char **lines, size_t n) {
    for (size_t i = 0; i < n; i++) free(lines[i]);
    free(lines);
}

/* One line `board optimum moves nodes seconds peak_mb`: checks it; returns the optimum. */
static int check_line(const char *tsv, size_t lineno, const char *line, gopt_flood_puzzle **boards,
                      size_t nboards, char **published, size_t npublished, bool *seen, long *shorter) {
    long board = 0, optimum = 0, nodes = 0;
    char moves[512];
    double seconds = 0, peak = 0;
    if (sscanf(line, "%ld\t%ld\t%511s\t%ld\t%lf\t%lf", &board, &optimum, moves, &nodes, &seconds, &peak) != 6)
        fail_msg("%s:%zu: not six tab-separated columns: %s", tsv, lineno, line);
    if (board < 1 || (size_t)board > nboards) fail_msg("%s:%zu: board %ld is not in the set", tsv, lineno, board);
    if (seen[board - 1]) fail_msg("%s:%zu: board %ld is listed twice", tsv, lineno, board);
    seen[board - 1] = true;
    const gopt_flood_puzzle *p = boards[board - 1];
    uint8_t *seq = NULL;
    char why[256] = "";
    int len = gopt_flood_moves_parse(p, moves, &seq, why, sizeof why, NULL);
    if (len < 0)
        fail_msg("%s:%zu: board %ld: %s", tsv, lineno, board, why);
    if (len != optimum) fail_msg("%s:%zu: board %ld: %d moves listed, optimum says %ld", tsv, lineno, board, len, optimum);
    if (!gopt_flood_check(p, seq, len, why, sizeof why))
        fail_msg("%s:%zu: board %ld: the sequence does not flood the board: %s", tsv, lineno, board, why);
    if (optimum < gopt_flood_lower_bound(p))
        fail_msg("%s:%zu: board %ld: %ld moves is below the lower bound %d", tsv, lineno, board, optimum,
                 gopt_flood_lower_bound(p));
    if (published) {
        assert_true((size_t)board <= npublished);
        long best = (long)strlen(published[board - 1]);
        if (optimum > best) fail_msg("%s: board %ld: proven %ld but a published sequence has %ld", tsv, board, optimum, best);
        if (optimum < best) {
            printf("# %s: board %ld: optimum %ld, the published list has %ld\n", tsv, board, optimum, best);
            (*shorter)++;
        }
    }
    free(seq);
    return (int)optimum;
}

static void proven_sets_replay(void **state) {
    (void)state;
    int checked_sets = 0;
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
        char tsv[1024], bp[1024], pp[1024];
        test_source_path(sets[s].tsv, tsv, sizeof tsv);
        FILE *f = fopen(tsv, "r");
        if (!f) continue; /* not proven yet */
        fclose(f);
        test_require_shared(sets[s].boards);
        size_t nboards, npub = 0, nlines;
        gopt_flood_puzzle **boards = load_boards(test_shared_path(sets[s].boards, bp, sizeof bp), &nboards);
        char **pub = sets[s].published ? load_lines(test_shared_path(sets[s].published, pp, sizeof pp), &npub) : NULL;
        char **lines = load_lines(tsv, &nlines);
        bool *seen = calloc(nboards, sizeof *seen);
        long sum = 0, n = 0, shorter = 0;
        assert_true(nlines >= 1 && lines[0][0] == '#');
        for (size_t i = 1; i < nlines; i++, n++)
            sum += check_line(sets[s].tsv, i + 1, lines[i], boards, nboards, pub, npub, seen, &shorter);
        printf("# %s: %ld boards proven, %ld moves in all, %ld below the published list\n", sets[s].tsv, n, sum,
               shorter);
        free(seen);
        free_lines(lines, nlines);
        if (pub) free_lines(pub, npub);
        for (size_t i = 0; i < nboards; i++) gopt_flood_free(boards[i]);
        free(boards);
        checked_sets++;
    }
    assert_true(checked_sets >= 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(proven_sets_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

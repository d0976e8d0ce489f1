/* Flood-It A* checkpoints (--checkpoint, checkpoint.h): a proof stopped in its depth-first
 * tail and resumed from the file, over and over, ends with the optimum of one unbroken run,
 * whatever the stops, the threads and the node layout; the file is gone once the proof is
 * complete; a file of another board, or damaged, is not used.
 *
 * The first version resumed every threshold after the first from where the first had
 * stopped (the loop compared T with the lower bound it was raising), so a stop in the middle
 * of threshold T skipped roots of T + 1: b24c6 board 1 "proven" at 31, one too many. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/flood/checkpoint.h"
#include "games/flood/closed_table.h"
#include "games/flood/internal.h"
#include "gameopt/alloc.h"
#include "gameopt/rng.h"
#include "gameopt/timer.h"
#include "test_support.h"

static gopt_flood_puzzle *random_puzzle(int index) {
    gopt_rng r = gopt_rng_stream(11, (uint64_t)index);
    gopt_flood_puzzle *p = gopt_flood_new(18, 18, 6);
    for (int c = 0; c < 18 * 18; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, 6);
    return p;
}

/* A* as the solve verbs run it, stopped at its `polls`th stop check (0: not), which is where a
 * deadline would stop it but the same on a loaded machine (a wall-clock deadline made this test
 * fail under load: a run could jump from before the tail to done). The first upper bound is
 * greedy's, often a few moves long, so that the tail has thresholds to go through. */
static void run(const flood_graph *g, double memory_bytes, int threads, int light, const char *path, double polls,
                flood_outcome *out) {
    flood_outcome ub;
    flood_greedy(g, &ub);
    int64_t left = (int64_t)polls;
    flood_limits lim = {.polls_left = polls > 0 ? &left : NULL, .memory_bytes = memory_bytes,
                        .threads = threads, .cache_share = FLOOD_TAIL_CACHE_SHARE, .light = light,
                        .checkpoint = path, .files = &gopt_local_files};
    flood_astar(g, ub.moves, ub.length, &lim, out);
    free(ub.moves);
}

static char *temp_path(const char *what) { return gopt_format("/tmp/gopt-test-%s-%ld", what, (long)getpid()); }

/* Stops the search again and again, each run a little longer (so that every run gets past
 * loading the store and through some roots), until it is done. */
static void resumed_proof_is_the_proof(void **state) {
    (void)state;
    const int boards[] = {1, 14};
    char *path = temp_path("ckpt");
    int resumed_runs = 0;
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        gopt_flood_puzzle *p = random_puzzle(boards[k]);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
        flood_outcome whole;
        run(&g, 0, 1, 0, NULL, 0, &whole);
        assert_true(whole.optimal);
        double limit = whole.peak_bytes / 2;
        for (int variant = 0; variant < 3; variant++) {
            int threads = variant == 1 ? 2 : 1, light = variant == 2 ? 3 : 0;
            remove(path);
            flood_outcome o;
            int runs = 0;
            for (double polls = 1;; polls *= 1.5) {
                run(&g, limit, threads, light, path, polls, &o);
                runs++;
                if (o.status != GOPT_LIMIT) break;
                free(o.moves);
            }
            if (!o.optimal || o.length != whole.length)
                fail_msg("board %d, %d threads, light %d: %d..%d after %d runs (unbroken: %d)", boards[k], threads,
                         light, o.lower_bound, o.length, runs, whole.length);
            assert_int_equal(access(path, F_OK), -1); /* done: nothing left to resume */
            char fail[200];
            if (!gopt_flood_check(p, o.moves, o.length, fail, sizeof fail)) fail_msg("board %d: %s", boards[k], fail);
            resumed_runs += runs > 2;
            free(o.moves);
        }
        free(whole.moves);
        flood_graph_free(&g);
        gopt_flood_free(p);
    }
    assert_true(resumed_runs > 0); /* the stops did fall in the tail */
    free(path);
}

/* Stopped in the tail (the file saved, the status LIMIT); false if no stop fell
 * there. */
static bool stop_in_tail(const flood_graph *g, double limit, int light, const char *path) {
    remove(path);
    for (double polls = 1; polls < 1e7; polls *= 1.5) {
        flood_outcome o;
        run(g, limit, 1, light, path, polls, &o);
        free(o.moves);
        if (o.status != GOPT_LIMIT) return false;
        if (access(path, F_OK) == 0) return true;
    }
    return false;
}

static void copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

/* Whatever true progress the file holds (every threshold below T exhausted, `done` roots of
 * T searched: true for any done while T is below the optimum), the resumed run proves the
 * optimum: from the tail's first threshold to the last before the optimum, from none of the
 * roots to all of them. */
static void resumed_from_any_progress(void **state) {
    (void)state;
    const int boards[] = {1, 21};
    char *path = temp_path("saved"), *copy = temp_path("copy");
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        gopt_flood_puzzle *p = random_puzzle(boards[k]);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
        for (int light = 0; light <= 4; light += 4) {
            flood_outcome whole;
            run(&g, 0, 1, light, NULL, 0, &whole);
            assert_true(whole.optimal);
            double limit = whole.peak_bytes / 2;
            if (!stop_in_tail(&g, limit, light, path)) fail_msg("board %d: no stop in the tail", boards[k]);
            flood_ckpt want = {.digest = flood_graph_digest(&g), .nw = g.nwords, .stride = light ? 2 : g.nwords + 1,
                               .light = light},
                       got;
            assert_true(flood_ckpt_header(&gopt_local_files, path, &want, &got));
            int tried = 0;
            for (int T = got.T; T < whole.length; T++) {
                for (int part = 0; part <= 3; part++) {
                    uint32_t done = (uint32_t)((uint64_t)got.nnodes * (uint64_t)part / 3);
                    copy_file(path, copy);
                    assert_true(flood_ckpt_progress(&gopt_local_files, copy, T, done));
                    flood_outcome o;
                    run(&g, limit, 1 + part % 2, light, copy, 0, &o);
                    if (!o.optimal || o.length != whole.length)
                        fail_msg("board %d, light %d: from threshold %d, %u of %u roots done: %d..%d (unbroken: %d)",
                                 boards[k], light, T, done, got.nnodes, o.lower_bound, o.length, whole.length);
                    assert_int_equal(access(copy, F_OK), -1);
                    free(o.moves);
                    tried++;
                }
            }
            assert_true(tried > 0);
            free(whole.moves);
            remove(path);
        }
        flood_graph_free(&g);
        gopt_flood_free(p);
    }
    free(path);
    free(copy);
}

/* A checkpoint left by board A is not used for board B (its digest differs), nor
 * overwritten (a batch given one file, or the wrong file, would lose A's proof): B is proven
 * from the start without one, and A then resumes from its file. */
static void checkpoint_of_another_board_is_not_used(void **state) {
    (void)state;
    char *path = temp_path("other");
    remove(path);
    flood_graph a, b;
    gopt_flood_puzzle *pa = random_puzzle(2), *pb = random_puzzle(14);
    char why[100];
    assert_true(flood_graph_build(&a, pa, why, sizeof why));
    assert_true(flood_graph_build(&b, pb, why, sizeof why));
    flood_outcome whole_a, whole_b, o;
    run(&a, 0, 1, 0, NULL, 0, &whole_a);
    run(&b, 0, 1, 0, NULL, 0, &whole_b);
    assert_true(stop_in_tail(&a, whole_a.peak_bytes / 2, 0, path));
    flood_ckpt want_a = {.digest = flood_graph_digest(&a), .nw = a.nwords, .stride = a.nwords + 1}, saved, after;
    assert_true(flood_ckpt_header(&gopt_local_files, path, &want_a, &saved));
    run(&b, whole_b.peak_bytes / 2, 1, 0, path, 0, &o);
    assert_true(o.optimal);
    assert_int_equal(o.length, whole_b.length);
    assert_true(o.tail_nodes > 0); /* B's own tail ran, beside A's file */
    free(o.moves);
    assert_true(flood_ckpt_header(&gopt_local_files, path, &want_a, &after)); /* A's, as it was */
    assert_int_equal(after.T, saved.T);
    assert_int_equal(after.done, saved.done);
    assert_int_equal(after.checksum, saved.checksum);
    run(&a, whole_a.peak_bytes / 2, 1, 0, path, 0, &o);
    assert_true(o.optimal);
    assert_int_equal(o.length, whole_a.length);
    assert_int_equal(access(path, F_OK), -1);
    free(o.moves);
    free(whole_a.moves);
    free(whole_b.moves);
    flood_graph_free(&a);
    flood_graph_free(&b);
    gopt_flood_free(pa);
    gopt_flood_free(pb);
    free(path);
}

static void flip_bit(FILE *f, long at) {
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    int byte = fgetc(f);
    assert_int_equal(fseek(f, at, SEEK_SET), 0);
    fputc(byte ^ 4, f);
    fflush(f);
}

/* One byte changed anywhere in the store and the file is not loaded (its checksum), and a
 * file cut short neither. */
static void damaged_checkpoint_is_not_loaded(void **state) {
    (void)state;
    char *path = temp_path("damaged");
    gopt_flood_puzzle *p = random_puzzle(6);
    flood_graph g;
    char why[100];
    assert_true(flood_graph_build(&g, p, why, sizeof why));
    flood_outcome whole;
    run(&g, 0, 1, 0, NULL, 0, &whole);
    assert_true(stop_in_tail(&g, whole.peak_bytes / 2, 0, path));
    flood_ckpt want = {.digest = flood_graph_digest(&g), .nw = g.nwords, .stride = g.nwords + 1}, got;
    assert_true(flood_ckpt_header(&gopt_local_files, path, &want, &got));
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    for (int cut = 0; cut <= 1; cut++) {
        size_t nchunks = (got.nnodes >> FLOOD_CHUNK_SHIFT) + 1;
        uint64_t **chunks = gopt_calloc(nchunks, sizeof *chunks), *table = gopt_malloc(got.table_cap * 8);
        assert_true(flood_ckpt_load(&gopt_local_files, path, &got, chunks, NULL, table)); /* as saved */
        for (size_t c = 0; c < nchunks; c++) free(chunks[c]);
        if (cut) {
            assert_int_equal(ftruncate(fileno(f), size - 8), 0);
        } else { /* one bit of a node in the middle */
            flip_bit(f, size / 3);
        }
        fflush(f);
        memset(chunks, 0, nchunks * sizeof *chunks);
        assert_false(flood_ckpt_load(&gopt_local_files, path, &got, chunks, NULL, table));
        for (size_t c = 0; c < nchunks; c++) free(chunks[c]);
        free(chunks);
        free(table);
        if (!cut) flip_bit(f, size / 3); /* put the bit back for the next case */
    }
    fclose(f);
    flood_outcome o; /* and the search proves the board from the start */
    run(&g, whole.peak_bytes / 2, 1, 0, path, 0, &o);
    assert_true(o.optimal);
    assert_int_equal(o.length, whole.length);
    free(o.moves);
    free(whole.moves);
    remove(path);
    flood_graph_free(&g);
    gopt_flood_free(p);
    free(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(resumed_proof_is_the_proof),
                                       cmocka_unit_test(resumed_from_any_progress),
                                       cmocka_unit_test(checkpoint_of_another_board_is_not_used),
                                       cmocka_unit_test(damaged_checkpoint_is_not_loaded)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

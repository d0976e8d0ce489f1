/* Bitsets, random streams, counters, options and shards. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static void masks_and_word_arrays(void **state) {
    (void)state;
    int seen[8], k = 0;
    GOPT_FOR_BITS(i, (uint64_t)0x8000000000000105ull) {
        seen[k++] = i;
    }
    assert_int_equal(k, 4);
    assert_int_equal(seen[0], 0);
    assert_int_equal(seen[1], 2);
    assert_int_equal(seen[2], 8);
    assert_int_equal(seen[3], 63);

    uint64_t a[3] = {0}, b[3] = {0}, c[3];
    gopt_bits_set(a, 3);
    gopt_bits_set(a, 130);
    gopt_bits_set(b, 130);
    assert_int_equal(gopt_bits_count(a, 3), 2);
    assert_true(gopt_bits_subset(b, a, 3));
    assert_false(gopt_bits_subset(a, b, 3));
    assert_true(gopt_bits_intersects(a, b, 3));
    gopt_bits_andnot(c, a, b, 3);
    assert_int_equal(gopt_bits_next(c, 3, 0), 3);
    assert_int_equal(gopt_bits_next(c, 3, 4), -1);
    assert_int_equal(gopt_bits_next(a, 3, 4), 130);
    gopt_bits_clear(a, 3);
    assert_true(gopt_bits_equal(a, b, 3));
    assert_true(gopt_bits_hash(a, 3) == gopt_bits_hash(b, 3));
    gopt_bits_set(b, 64);
    assert_true(gopt_bits_hash(a, 3) != gopt_bits_hash(b, 3));
}

static void streams_are_reproducible_and_distinct(void **state) {
    (void)state;
    gopt_rng a = gopt_rng_stream(7, 3), b = gopt_rng_stream(7, 3), c = gopt_rng_stream(7, 4),
             d = gopt_rng_stream(8, 3);
    uint64_t x = gopt_rng_next(&a);
    assert_true(x == gopt_rng_next(&b));
    assert_true(x != gopt_rng_next(&c));
    assert_true(x != gopt_rng_next(&d));
    /* Uniformity of below(6): 60,000 draws, each face within 5% of 10,000. */
    int count[6] = {0};
    for (int i = 0; i < 60000; i++) count[gopt_rng_below(&a, 6)]++;
    for (int f = 0; f < 6; f++) assert_in_range(count[f], 9500, 10500);
    int perm[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, sum = 0;
    gopt_rng_shuffle_int(&a, perm, 10);
    for (int i = 0; i < 10; i++) sum += 1 << perm[i];
    assert_int_equal(sum, 1023); /* still a permutation */
    double u = gopt_rng_double(&a);
    assert_true(u >= 0 && u < 1);
}

static void counters_keep_order(void **state) {
    (void)state;
    gopt_counters c = {0}, d = {0};
    gopt_counter_add(&c, "nodes", 5);
    gopt_counter_add(&c, "cuts", 2);
    gopt_counter_add(&c, "nodes", 1);
    gopt_counter_add(&d, "cuts", 3);
    gopt_counters_merge(&c, &d);
    assert_int_equal(gopt_counter_get(&c, "nodes"), 6);
    assert_int_equal(gopt_counter_get(&c, "cuts"), 5);
    assert_int_equal(gopt_counter_get(&c, "absent"), 0);
    json_t *j = gopt_counters_json(&c);
    char *s = gopt_json_string(j);
    assert_string_equal(s, "{\"nodes\":6,\"cuts\":5}");
    free(s);
    json_decref(j);
}

static void shards_cover_everything_once(void **state) {
    (void)state;
    gopt_options o;
    gopt_options_init(&o);
    int64_t next = 0;
    o.shard_n = 7;
    for (o.shard_k = 1; o.shard_k <= 7; o.shard_k++) {
        int64_t b, e;
        gopt_shard_range(&o, 100, &b, &e);
        assert_int_equal(b, next);
        next = e;
    }
    assert_int_equal(next, 100);
}

static void options_and_statuses(void **state) {
    (void)state;
    gopt_options o;
    gopt_options_init(&o);
    assert_true(o.verify);
    assert_int_equal(o.count, 1);
    static const gopt_opt own[] = {GOPT_STRING("start", "S", NULL, ""), GOPT_FLAG("all", ""), GOPT_OPT_END};
    gopt_error err = {0};
    assert_true(gopt_opt_set(&o, own, 0, "start", "ul", NULL, NULL, &err));
    assert_true(gopt_opt_set(&o, own, 0, "start", "m", NULL, NULL, &err));
    assert_true(gopt_opt_set(&o, own, 0, "all", NULL, NULL, NULL, &err));
    assert_false(gopt_opt_set(&o, own, 0, "al", NULL, NULL, NULL, &err));
    assert_string_equal(err.msg, "unknown option '--al' (did you mean --all?)");
    assert_string_equal(gopt_option(&o, "start"), "m");
    assert_true(gopt_option_flag(&o, "all"));
    assert_null(gopt_option(&o, "none"));
    assert_int_equal(gopt_status_worst(GOPT_SOLVED, GOPT_INFEASIBLE), GOPT_INFEASIBLE);
    assert_int_equal(gopt_status_worst(GOPT_LIMIT, GOPT_INFEASIBLE), GOPT_LIMIT);
    assert_int_equal(gopt_status_worst(GOPT_LIMIT, GOPT_ERROR), GOPT_ERROR);
    assert_string_equal(gopt_status_name(GOPT_LIMIT), "unknown");
}

static void json_round_trip_and_errors(void **state) {
    (void)state;
    gopt_error err = {0};
    json_t *j = gopt_json_parse("in.json", "{\"a\": [1, 2.5]}", 15, &err);
    assert_non_null(j);
    gopt_json_set_real(j, "t", 0.123456789, 3);
    char *s = gopt_json_string(j);
    assert_string_equal(s, "{\"a\":[1,2.5],\"t\":0.123}");
    free(s);
    json_decref(j);
    assert_null(gopt_json_parse("in.json", "{\n  \"a\": }", 11, &err));
    assert_int_equal(err.line, 2);
    assert_string_equal(err.file, "in.json");
}

static void data_files_are_found(void **state) {
    (void)state;
    char buf[1024];
    setenv("GAMEOPT_DATA", "/nonexistent", 1);
    assert_false(gopt_data_path("no/such/file", buf, sizeof buf));
    char dir[1024];
    test_source_path("tests", dir, sizeof dir);
    setenv("GAMEOPT_DATA", dir, 1);
    assert_true(gopt_data_path("unit/test_core.c", buf, sizeof buf));
}

static int64_t last_done;
static bool last_final;
static char last_label[32];
static void heard(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final) {
    (void)ctx, (void)total, (void)status;
    last_done = done;
    last_final = final;
    snprintf(last_label, sizeof last_label, "%s", label);
}

static void progress_only_when_wanted(void **state) {
    (void)state;
    /* Nobody watching: no progress; a NULL progress is a valid no-op. A sink hears the last
     * count and a final report. */
    gopt_progress *quiet = gopt_progress_start(NULL, "quiet", 10);
    assert_null(quiet);
    gopt_progress_add(quiet, 5);
    gopt_progress_finish(quiet);
    gopt_progress_sink sink = {heard, NULL};
    gopt_progress *forced = gopt_progress_start(&sink, "forced", 3);
    assert_non_null(forced);
    for (int i = 0; i < 3; i++) gopt_progress_add(forced, 1);
    gopt_progress_status(forced, "bounds %d..%d", 3, 5);
    gopt_progress_finish(forced);
    assert_int_equal(last_done, 3);
    assert_true(last_final);
    assert_string_equal(last_label, "forced");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(masks_and_word_arrays),
        cmocka_unit_test(streams_are_reproducible_and_distinct),
        cmocka_unit_test(counters_keep_order),
        cmocka_unit_test(shards_cover_everything_once),
        cmocka_unit_test(options_and_statuses),
        cmocka_unit_test(json_round_trip_and_errors),
        cmocka_unit_test(data_files_are_found),
        cmocka_unit_test(progress_only_when_wanted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* One mid-end (issue 28): every declared verb of every family, run through the JSON entry point
 * (gopt_api_call, what the server, Python and the browser call) and through the command line
 * (the built `gameopt` with --json), answers the same, field by field, times aside, with the
 * same exit code. A family's verb without a case here fails the test. Also: no option that
 * names a file of the machine is taken by the entry point, and files named in arguments are
 * not read there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "test_support.h"

/* Each case as typed on the command line, from the source folder. */
static const char *const cases[] = {
    "country solve --count 2 data/country/seed-10x10.txt",
    "country solve --method mip data/country/generated-12x12.txt",
    "country check tests/golden/country/check-wrong.in",
    "country convert --to url data/country/seed-10x10.txt",
    "country generate --size 6x6 --count 2 --seed 3",
    "country explain data/country/seed-10x10.txt",
    "country lp data/country/seed-10x10.txt",
    "country decided data/country/seed-10x10.txt",
    "country unique tests/golden/country/files/two-6x5.txt",
    "country mistakes --all https://puzz.link/p?country/5/5/amda0uf02h12h tests/golden/country/files/partial-wrong.txt",
    "country hint https://puzz.link/p?country/5/5/amda0uf02h12h",
    "country setter data/country/seed-10x10.txt",
    "country draw data/country/seed-10x10.txt",
    "flow solve data/flow/seed_5x5.txt data/flow/bridges_5x5.txt",
    "flow solve --method sat --partial data/flow/numberlink_8x8.txt",
    "flow check data/flow/seed_5x5.txt tests/golden/flow/files/seed-wrong.txt",
    "flow lp data/flow/seed_5x5.txt",
    "flow generate --size 6x6 --count 2 --seed 5",
    "flow decided data/flow/seed_5x5.txt",
    "flow unique data/flow/seed_5x5.txt",
    "flow mistakes --all data/flow/seed_5x5.txt tests/golden/flow/files/seed-mistake.txt",
    "flow hint data/flow/seed_5x5.txt",
    "flow explain data/flow/seed_5x5.txt",
    "flow setter data/flow/seed_5x5.txt",
    "flow draw data/flow/houston_6x6.txt",
    "flow convert --to samgoldman data/flow/seed_5x5.txt data/flow/houston_6x6.txt",
    "flood solve data/flood/ten.txt",
    "flood check data/flood/example.txt --moves 5235205130235134",
    "flood hint data/flood/example.txt 5 2",
    "flood split --depth 2 data/flood/example.txt",
    "flood par 5x4c3m2:01201120120221001201,9",
    "flood generate --size 5x5 --count 2",
    "flood draw data/flood/ids.txt",
    "flood convert --to tatham --start ul data/flood/example.txt",
    "taxis solve data/taxis/figure7.setting",
    "taxis generate --count 2 --seed 4",
    "taxis play --seed 3 --heuristic md",
    "taxis ideal --seed 1 --index 10",
    "taxis turn --seed 3 Munchen Ingolstadt",
    "taxis experiment table1 --games 40",
    "taxis tournament --games 30 --heuristics md,pp",
    "taxis draw data/taxis/figure7.setting",
    "tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2",
    "tokens solve data/tokens/questions.txt",
    "tokens show 1867:X2@1",
    "tokens audit 1867",
    "tokens draw data/tokens/questions.txt",
    "routes solve data/routes/1889-late.txt",
    "routes check data/routes/1889-late.txt tests/golden/routes/1889-late.routes.json",
    "routes show data/routes/1867-late.txt",
    "routes lp tests/golden/routes/train-n.txt",
    "routes generate --seed 5",
    "routes draw data/routes/1867-middle.txt",
    NULL,
};

/* Drops what differs between two runs of the same work: times, memory, the manifest's date. */
static void strip_volatile(json_t *v) {
    static const char *const keys[] = {"seconds", "cpu_seconds", "peak_mb", "us_per_game", "date", NULL};
    if (json_is_object(v)) {
        for (int k = 0; keys[k]; k++) json_object_del(v, keys[k]);
        const char *key;
        json_t *x;
        json_object_foreach(v, key, x) strip_volatile(x);
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x) strip_volatile(x);
    }
}

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The request for a command line: options by their declared types, positional words as
 * args, and the files among them as named inputs (named as the command line names them). */
static json_t *request_of(char **words, int n) {
    const gopt_game *g = gopt_game_find(words[0]);
    const gopt_verb *v = gopt_verb_find(g, words[1]);
    json_t *options = json_object(), *args = json_array(), *inputs = json_array();
    for (int i = 2; i < n; i++) {
        if (strncmp(words[i], "--", 2) == 0) {
            const gopt_opt *spec = gopt_opt_lookup(v->options, v->common | GOPT_COMMON_ALWAYS, words[i] + 2);
            if (!spec) fail_msg("%s %s: no option %s", words[0], words[1], words[i]);
            if (spec->type == GOPT_OPT_FLAG) json_object_set_new(options, spec->name, json_true());
            else json_object_set_new(options, spec->name, json_string(words[++i]));
            continue;
        }
        json_array_append_new(args, json_string(words[i]));
        if (is_file(words[i])) {
            size_t len;
            char *text = test_read_file(words[i], &len);
            json_array_append_new(inputs, json_pack("{s:s, s:s%}", "name", words[i], "text", text, len));
            free(text);
        }
    }
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "game", words[0], "verb", words[1], "options", options, "args", args,
                     "inputs", inputs);
}

/* The command line's --json lines, and its exit code. */
static json_t *cli_answers(const char *line, int *code) {
    const char *bin = getenv("GAMEOPT");
    if (!bin) fail_msg("GAMEOPT is not set (the tests run under CTest)");
    char *cmd = gopt_format("%s %s --json </dev/null 2>/dev/null", bin, line);
    FILE *p = popen(cmd, "r");
    free(cmd);
    json_t *rows = json_array();
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&buf, &cap, p)) > 0) {
        json_error_t je;
        json_t *row = json_loads(buf, JSON_DECODE_ANY, &je);
        if (!row) fail_msg("%s: a line that is not JSON: %s", line, buf);
        json_array_append_new(rows, row);
    }
    free(buf);
    int status = pclose(p);
    *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return rows;
}

static void one_case(const char *line) {
    char *copy = gopt_strdup(line), *words[64] = {0}, *save = NULL;
    int n = 0;
    for (char *w = strtok_r(copy, " ", &save); w && n < 64; w = strtok_r(NULL, " ", &save)) words[n++] = w;
    assert_true(n >= 2);
    json_t *req = request_of(words, n);
    char *text = json_dumps(req, JSON_COMPACT);
    char *reply_text = gopt_api_call(text, strlen(text), NULL);
    json_t *reply = json_loads(reply_text, 0, NULL);
    assert_non_null(reply);
    int code;
    json_t *want = cli_answers(line, &code);
    json_t *got = json_incref(json_object_get(reply, "answers"));
    strip_volatile(got);
    strip_volatile(want);
    int exit_code = (int)json_integer_value(json_object_get(reply, "exit"));
    if (exit_code != code || !json_equal(got, want)) {
        char *a = json_dumps(got, JSON_COMPACT), *b = json_dumps(want, JSON_COMPACT);
        fail_msg("%s\n  entry point (exit %d): %.2000s\n  command line (exit %d): %.2000s", line, exit_code, a, code, b);
    }
    if (json_array_size(got) == 0) fail_msg("%s: no answers to compare", line);
    json_decref(got);
    json_decref(want);
    json_decref(reply);
    gopt_api_free(reply_text);
    free(text);
    json_decref(req);
    free(copy);
}

static void every_verb_answers_alike(void **state) {
    (void)state;
    for (int i = 0; cases[i]; i++) one_case(cases[i]);
    /* every declared verb has a case */
    for (const gopt_game *const *g = gopt_games; *g; g++)
        for (const gopt_verb *v = (*g)->verbs; v->name; v++) {
            char head[128];
            snprintf(head, sizeof head, "%s %s ", (*g)->name, v->name);
            bool seen = false;
            for (int i = 0; cases[i] && !seen; i++) seen = strncmp(cases[i], head, strlen(head)) == 0;
            if (!seen) fail_msg("%s%s: no conformance case (tests/unit/test_midend.c)", head, "");
        }
}

/* text with every occurrence of word replaced by "PATH" */
static char *without(const char *text, const char *word) {
    gopt_buf b = {0};
    for (const char *at; (at = strstr(text, word)); text = at + strlen(word)) {
        gopt_buf_append(&b, text, (size_t)(at - text));
        gopt_buf_puts(&b, "PATH");
    }
    gopt_buf_puts(&b, text);
    return gopt_buf_take(&b);
}

/* No request names a file of the machine: every option of type path, output or state, of
 * every verb of every family, is refused by the entry point (an output takes "-" only). */
static void no_request_names_a_file(void **state) {
    (void)state;
    int tried = 0;
    for (const gopt_game *const *g = gopt_games; *g; g++)
        for (const gopt_verb *v = (*g)->verbs; v->name; v++) {
            const gopt_opt *tables[2] = {v->options, gopt_common_opts};
            for (int t = 0; t < 2; t++)
                for (const gopt_opt *s = tables[t]; s && s->name; s++) {
                    if (!GOPT_OPT_TYPE_NAMES_FILE(s->type)) continue;
                    if (t == 1 && !((v->common | GOPT_COMMON_ALWAYS) & gopt_common_bits[s - gopt_common_opts])) continue;
                    char *req = gopt_format("{\"game\":\"%s\",\"verb\":\"%s\",\"options\":{\"%s\":\"/etc/passwd\"}}", (*g)->name,
                                            v->name, s->name);
                    char *reply = gopt_api_call(req, strlen(req), NULL);
                    json_t *r = json_loads(reply, 0, NULL);
                    const char *msg = json_string_value(json_object_get(json_object_get(r, "error"), "message"));
                    if (json_integer_value(json_object_get(r, "exit")) != 2 || !msg || !strstr(msg, "names a file of this machine"))
                        fail_msg("%s %s --%s /etc/passwd was not refused: %s", (*g)->name, v->name, s->name, reply);
                    tried++;
                    json_decref(r);
                    gopt_api_free(reply);
                    free(req);
                }
        }
    assert_true(tried >= 10);
    /* nor through an argument, a tile reference or a graph: the entry point reads no file,
     * and the answer is the same whether the file exists or not */
    const char *const probes[][2] = {
        {"{\"game\":\"country\",\"verb\":\"solve\",\"args\":[\"%s\"]}", "country solve"},
        {"{\"game\":\"tokens\",\"verb\":\"upgrade\",\"options\":{\"from\":\"%s:root\",\"to\":\"1867:X2\"}}", "tokens --from"},
        {"{\"game\":\"tokens\",\"verb\":\"audit\",\"args\":[\"%s\"]}", "tokens audit"},
        /* options typed as words that may name a file on a command line (FILE|GAME, GAME:COORD) */
        {"{\"game\":\"tokens\",\"verb\":\"upgrade\",\"options\":{\"from\":\"1867:X2\",\"to\":\"1867:X5\",\"catalog\":\"%s\"}}",
         "tokens --catalog"},
        {"{\"game\":\"tokens\",\"verb\":\"upgrade\",\"options\":{\"from\":\"1867:X2\",\"hex\":\"%s:A1\"}}", "tokens --hex"},
        {"{\"game\":\"tokens\",\"verb\":\"audit\",\"options\":{\"catalog\":\"%s\"}}", "tokens audit --catalog"},
        {"{\"game\":\"taxis\",\"verb\":\"play\",\"options\":{\"graph\":\"%s\"}}", "taxis --graph"},
    };
    for (size_t k = 0; k < sizeof probes / sizeof probes[0]; k++) {
        char *seen[2];
        const char *paths[2] = {"/etc/passwd", "/no/such/file/anywhere"};
        for (int i = 0; i < 2; i++) {
            char *req = gopt_format(probes[k][0], paths[i]);
            char *reply = gopt_api_call(req, strlen(req), NULL);
            json_t *r = json_loads(reply, 0, NULL);
            if (json_integer_value(json_object_get(r, "exit")) != 2) fail_msg("%s read a file: %s", probes[k][1], reply);
            const char *msg = json_string_value(json_object_get(json_object_get(r, "error"), "text"));
            seen[i] = gopt_strdup(msg ? msg : "");
            if (strstr(seen[i], "root:")) fail_msg("%s echoes the file: %s", probes[k][1], reply);
            json_decref(r);
            gopt_api_free(reply);
            free(req);
        }
        /* the same words for a file that exists and one that does not, the path aside */
        char *a = without(seen[0], paths[0]), *b = without(seen[1], paths[1]);
        if (strcmp(a, b) != 0) fail_msg("%s tells whether a file exists:\n  %s\n  %s", probes[k][1], seen[0], seen[1]);
        free(a);
        free(b);
        free(seen[0]);
        free(seen[1]);
    }
}

/* A malformed request is an answer with exit 2, never a crash. */
static void malformed_requests(void **state) {
    (void)state;
    const char *const bad[] = {"", "[", "[1]", "{}", "{\"game\":\"nope\",\"verb\":\"solve\"}",
                               "{\"game\":\"flow\",\"verb\":\"nope\"}", "{\"game\":\"flow\",\"verb\":\"solve\",\"x\":1}",
                               "{\"game\":\"flow\",\"verb\":\"solve\",\"input\":\"B.B\\n\",\"options\":{\"count\":0}}",
                               "{\"game\":\"flow\",\"verb\":\"solve\",\"options\":{\"colour\":[1]}}", NULL};
    for (int i = 0; bad[i]; i++) {
        char *reply = gopt_api_call(bad[i], strlen(bad[i]), NULL);
        json_t *r = json_loads(reply, 0, NULL);
        assert_non_null(r);
        if (json_integer_value(json_object_get(r, "exit")) != 2 || !json_object_get(r, "error"))
            fail_msg("%s: %s", bad[i], reply);
        json_decref(r);
        gopt_api_free(reply);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_verb_answers_alike),
        cmocka_unit_test(no_request_names_a_file),
        cmocka_unit_test(malformed_requests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

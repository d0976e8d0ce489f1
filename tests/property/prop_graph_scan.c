/* The first reading of graph files (src/core/graph_scan.c) must take exactly what igraph
 * takes: it refuses before igraph runs, so a rule it adds would refuse real files, and a rule
 * it misses would hand igraph a file only igraph can judge (without a column). Random GML and
 * NCOL texts, valid ones mutated by inserting, replacing and dropping tokens igraph's lexers
 * treat specially (inf, nan, 1e400, 2147483648, '#' at a line start, NUL, unterminated
 * strings, nesting), are read by gopt_graph_load_at_most and by igraph alone: the verdicts
 * must agree, and every refusal must name a line and column. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/igraph_dl.h"
#include "core/igraph_glue.h"

typedef struct job {
    FILE *f;
    bool gml;
    igraph_t *g;
} job;

static igraph_error_t read_alone(void *ctx) {
    job *j = ctx;
    return j->gml ? igraph_read_graph_gml(j->g, j->f) : igraph_read_graph_ncol(j->g, j->f, NULL, true, IGRAPH_ADD_WEIGHTS_NO, false);
}

static bool igraph_takes(const char *path, bool gml) {
    FILE *f = fopen(path, "rb");
    igraph_t g;
    job j = {f, gml, &g};
    igraph_glue_lock();
    bool ok = igraph_glue_call(read_alone, &j) == IGRAPH_SUCCESS;
    if (ok) igraph_destroy(&g);
    igraph_glue_unlock();
    fclose(f);
    return ok;
}

static const char *const specials[] = {
    "graph", "node", "edge", "id", "source", "target", "label", "directed", "[", "]", "[", "]", "\"a b\"", "\"x\"",
    "\"\"", "1", "0", "2", "-1", "1.0", "1.5", "2e0", "1e400", "1e-400", "inf", "nan", "-inf", "NaN", "infinity",
    "nanx", "x1", "_k", "#c\n", "\n", "\t", " ", "$", "\"open", "3abc", "1.", ".5", "+2", "9999999999", "2147483648",
    "-2147483648", "graphics", "\r\n", "\r", "\xc3\xa9", "a#b", "\n#x\n",
};
#define NSPECIALS (sizeof specials / sizeof specials[0])

static void gml_text(gopt_rng *r, gopt_buf *b) {
    int n = 1 + (int)gopt_rng_below(r, 5), edges = (int)gopt_rng_below(r, 6);
    const char *words[64];
    char owned[64][32];
    int k = 0;
    words[k++] = "graph";
    words[k++] = "[";
    for (int i = 0; i < n && k < 50; i++) {
        snprintf(owned[k], sizeof owned[k], "%d", i);
        words[k++] = "node", words[k++] = "[", words[k++] = "id";
        snprintf(owned[k], sizeof owned[k], "%d", i);
        words[k] = owned[k], k++;
        words[k++] = "]";
    }
    for (int e = 0; e < edges && k < 56; e++) {
        words[k++] = "edge", words[k++] = "[", words[k++] = "source";
        snprintf(owned[k], sizeof owned[k], "%d", (int)gopt_rng_below(r, (uint32_t)n));
        words[k] = owned[k], k++;
        words[k++] = "target";
        snprintf(owned[k], sizeof owned[k], "%d", (int)gopt_rng_below(r, (uint32_t)n));
        words[k] = owned[k], k++;
        words[k++] = "]";
    }
    words[k++] = "]";
    for (int m = (int)gopt_rng_below(r, 4); m > 0; m--) {
        int at = (int)gopt_rng_below(r, (uint32_t)k), op = (int)gopt_rng_below(r, 3);
        const char *w = specials[gopt_rng_below(r, NSPECIALS)];
        if (op == 0) words[at] = w;
        else if (op == 1 && k < 63) memmove(words + at + 1, words + at, (size_t)(k - at) * sizeof *words), words[at] = w, k++;
        else if (k > 1) memmove(words + at, words + at + 1, (size_t)(k - at - 1) * sizeof *words), k--;
    }
    for (int i = 0; i < k; i++) {
        gopt_buf_puts(b, words[i]);
        gopt_buf_putc(b, gopt_rng_below(r, 4) ? ' ' : '\n');
    }
}

static void ncol_text(gopt_rng *r, gopt_buf *b) {
    static const char *const words[] = {"a", "b", "c", "1", "2.5", "-3", "1e400", "1e-400", "nan", "inf", "0x10",
                                        "\xc3\xa9", "x#y", "a\tb"};
    static const char *const ends[] = {"\n", "\r\n", "\r", "\n\r"};
    for (int line = (int)gopt_rng_below(r, 6); line >= 0; line--) {
        int n = (int)gopt_rng_below(r, 5);
        for (int w = 0; w < n; w++) {
            if (w) gopt_buf_puts(b, gopt_rng_below(r, 3) ? " " : "\t ");
            gopt_buf_puts(b, words[gopt_rng_below(r, sizeof words / sizeof *words)]);
        }
        if (line || gopt_rng_below(r, 2)) gopt_buf_puts(b, ends[gopt_rng_below(r, 4)]);
    }
}

static void test_scan_agrees_with_igraph(void **state) {
    (void)state;
    gopt_rng r = gopt_rng_stream(35, 2);
    char path[2][64];
    snprintf(path[0], sizeof path[0], "/tmp/gameopt-prop-scan-%d.gml", (int)getpid());
    snprintf(path[1], sizeof path[1], "/tmp/gameopt-prop-scan-%d.ncol", (int)getpid());
    int taken[2] = {0, 0}, refused[2] = {0, 0};
    for (int i = 0; i < test_cases(2000); i++) {
        int gml = (int)(i % 2 == 0);
        gopt_buf b = {0};
        gopt_buf_puts(&b, "");
        if (gml) gml_text(&r, &b);
        else ncol_text(&r, &b);
        const char *p = path[gml ? 0 : 1];
        FILE *f = fopen(p, "wb");
        fwrite(b.data, 1, b.len, f);
        fclose(f);
        gopt_error err = {0};
        gopt_text t;
        gopt_text_from(&t, p, b.data, b.len);
        gopt_graph *g = gopt_graph_read(&t, gml ? GOPT_GRAPH_GML : GOPT_GRAPH_NCOL, false, 1 << 20, &err);
        gopt_text_free(&t);
        bool igraph_ok = igraph_takes(p, gml);
        if (b.len == 0) igraph_ok = false; /* we call an empty file empty; igraph makes no graph of it */
        if (!!g != igraph_ok)
            fail_msg("%s: ours %s, igraph %s (%d:%d: %s)\n%s", gml ? "GML" : "NCOL", g ? "takes" : "refuses",
                     igraph_ok ? "takes" : "refuses", err.line, err.col, err.msg, b.data);
        if (!g && (err.line < 1 || err.col < 1)) fail_msg("refused without a place: %s\n%s", err.msg, b.data);
        if (g) taken[!gml]++, gopt_graph_free(g);
        else refused[!gml]++;
        gopt_buf_free(&b);
    }
    unlink(path[0]);
    unlink(path[1]);
    /* both verdicts must be common, or the test tests nothing */
    for (int k = 0; k < 2; k++)
        if (taken[k] < test_cases(2000) / 20 || refused[k] < test_cases(2000) / 20)
            fail_msg("%s: %d taken, %d refused", k ? "NCOL" : "GML", taken[k], refused[k]);
}

int main(void) {
    gopt_error err = {0};
    if (!gopt_igraph_load(NULL, &err)) {
        printf("skipped: %s\n", err.msg);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_agrees_with_igraph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

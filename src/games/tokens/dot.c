/* The flow network of every rotation in Graphviz DOT, like the seed's Figure 8: one cluster
 * per rotation, source -> tokens (or old cities) -> new cities -> sink, every edge labelled
 * flow/capacity. Edges that carry flow are bold; when the flow falls short, the nodes on
 * the source side of the minimum cut (the competing tokens and their cities) are shaded. */
#include <stdlib.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "games/tokens/internal.h"

/* A DOT string: quotes and backslashes escaped, line breaks as \\n. */
static void dot_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '\n') {
            fputs("\\n", f);
            continue;
        }
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void node(FILE *f, const char *id, const char *label, const char *shape, bool shaded) {
    fprintf(f, "    %s [shape=%s, label=", id, shape);
    dot_string(f, label);
    if (shaded) fputs(", style=filled, fillcolor=\"#f4c7c3\"", f);
    fputs("];\n", f);
}

static void arc(FILE *f, const char *prefix, const char *u, const char *v, const gopt_maxflow_result *r,
                const gopt_maxflow_net *net, int e) {
    double flow = r->flow[e], cap = net->cap[e];
    fprintf(f, "    %s_%s -> %s_%s [label=\"%g/%g\"%s];\n", prefix, u, prefix, v, flow, cap,
            flow > 0.5 ? ", penwidth=2.5" : ", color=gray50");
}

static void item_label(const gopt_tokens_question *q, const tokens_problem *p, int i, char *buf, size_t size) {
    char edges[32];
    gopt_tokens_edges_text(p->edges[i], edges, sizeof edges);
    if (q->rules == GOPT_TOKENS_RULES_TOKENS) {
        snprintf(buf, size, "%s\n%s", q->tokens[i].name, edges);
        return;
    }
    size_t n = (size_t)snprintf(buf, size, "old city %d\n%s, %d slot%s", i, edges, p->demand[i], p->demand[i] == 1 ? "" : "s");
    for (int t = 0; t < q->ntokens && n < size; t++)
        if (q->tokens[t].city == i) n += (size_t)snprintf(buf + n, size - n, "\n%s", q->tokens[t].name);
}

static bool write_rotation(FILE *f, const gopt_tokens_question *q, const gopt_tokens_answer *a, int k, int r,
                           gopt_error *err) {
    tokens_problem p;
    tokens_problem_build(q, a->to, r, &p);
    tokens_network nw;
    tokens_network_build(&p, &nw);
    gopt_maxflow_result res;
    if (!gopt_maxflow(nw.net, nw.source, nw.sink, &res, err)) {
        tokens_network_free(&nw);
        return false;
    }
    char prefix[32], title[256], name[128], id[32], label[256];
    snprintf(prefix, sizeof prefix, "a%d_r%d", k, r);
    bool short_flow = res.value < p.total - 0.5;
    snprintf(title, sizeof title, "%s rotation %d: flow %g of %d%s", gopt_tokens_tile_title(a->to, name, sizeof name), r,
             res.value, p.total, short_flow ? " (infeasible)" : "");
    fprintf(f, "  subgraph cluster_%s {\n    label=", prefix);
    dot_string(f, title);
    fputs(";\n", f);
    snprintf(id, sizeof id, "%s_s", prefix);
    node(f, id, "source", "circle", short_flow);
    snprintf(id, sizeof id, "%s_t", prefix);
    node(f, id, "sink", "circle", false);
    for (int i = 0; i < p.nitems; i++) {
        if (nw.item_edge[i] < 0) continue;
        snprintf(id, sizeof id, "%s_i%d", prefix, i);
        item_label(q, &p, i, label, sizeof label);
        node(f, id, label, "box", short_flow && res.source_side[tokens_item_node(i)]);
    }
    for (int b = 0; b < p.nbins; b++) {
        char edges[32];
        snprintf(id, sizeof id, "%s_b%d", prefix, b);
        snprintf(label, sizeof label, "city %d\n%s\n%d slot%s", b, gopt_tokens_edges_text(p.bin_edges[b], edges, sizeof edges),
                 p.slots[b], p.slots[b] == 1 ? "" : "s");
        node(f, id, label, "ellipse", short_flow && res.source_side[tokens_bin_node(&p, b)]);
    }
    for (int i = 0; i < p.nitems; i++) {
        if (nw.item_edge[i] < 0) continue;
        char item[16], bin[16];
        snprintf(item, sizeof item, "i%d", i);
        arc(f, prefix, "s", item, &res, nw.net, nw.item_edge[i]);
        for (int b = 0; b < p.nbins; b++)
            if (nw.pair_edge[i][b] >= 0) {
                snprintf(bin, sizeof bin, "b%d", b);
                arc(f, prefix, item, bin, &res, nw.net, nw.pair_edge[i][b]);
            }
    }
    for (int b = 0; b < p.nbins; b++) {
        char bin[16];
        snprintf(bin, sizeof bin, "b%d", b);
        arc(f, prefix, bin, "t", &res, nw.net, nw.bin_edge[b]);
    }
    fputs("  }\n", f);
    gopt_maxflow_result_free(&res);
    tokens_network_free(&nw);
    return true;
}

char *gopt_tokens_network_text(const gopt_tokens_question *q, const gopt_tokens_answer *answers, int n,
                               gopt_error *err) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return gopt_fail(err, "--network", 0, 0, "out of memory"), NULL;
    fputs("// Flow networks of gameopt tokens upgrade: render with `dot -Tsvg`.\n"
          "digraph tokens {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9];\n",
          f);
    bool ok = true;
    for (int k = 0; k < n && ok; k++)
        for (int r = 0; r < GOPT_TOKENS_EDGES && ok; r++) ok = write_rotation(f, q, &answers[k], k, r, err);
    fputs("}\n", f);
    fclose(f);
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* The flow model: building the cell graph from what a parser reads, freeing it, and the small
 * helpers every method shares (solutions, colour domains). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "internal.h"

const int flow_dir_dr[GOPT_FLOW_NDIRS] = {-1, 0, 1, 0, -1, 1, 1, -1, 0, 0};
const int flow_dir_dc[GOPT_FLOW_NDIRS] = {0, 1, 0, -1, 1, 1, -1, -1, 0, 0};

gopt_flow_dir flow_dir_opposite(gopt_flow_dir d) {
    static const gopt_flow_dir opposite[GOPT_FLOW_NDIRS] = {
        GOPT_FLOW_S, GOPT_FLOW_W, GOPT_FLOW_N, GOPT_FLOW_E, GOPT_FLOW_SW,
        GOPT_FLOW_NW, GOPT_FLOW_NE, GOPT_FLOW_SE, GOPT_FLOW_DOWN, GOPT_FLOW_UP,
    };
    return opposite[d];
}

void flow_build_start(flow_builder *b, gopt_flow_format format, int layers, int rows, int cols) {
    memset(b, 0, sizeof *b);
    gopt_flow_puzzle *p = b->p = gopt_calloc(1, sizeof *p);
    p->format = format;
    p->layers = layers;
    p->rows = rows;
    p->cols = cols;
    size_t cells = (size_t)layers * (size_t)rows * (size_t)cols;
    p->at = gopt_malloc((cells ? cells : 1) * sizeof *p->at);
    for (size_t i = 0; i < cells; i++) p->at[i] = -1;
}

int flow_build_node(flow_builder *b, int layer, int row, int col, gopt_flow_kind kind) {
    gopt_flow_puzzle *p = b->p;
    int v = p->nnodes;
    if ((size_t)v + 1 > b->node_cap) {
        size_t cap = b->node_cap;
        gopt_grow(&p->row, &cap, (size_t)v + 1, sizeof *p->row);
        cap = b->node_cap;
        gopt_grow(&p->col, &cap, (size_t)v + 1, sizeof *p->col);
        cap = b->node_cap;
        gopt_grow(&p->layer, &cap, (size_t)v + 1, sizeof *p->layer);
        cap = b->node_cap;
        gopt_grow(&p->kind, &cap, (size_t)v + 1, sizeof *p->kind);
        cap = b->node_cap;
        gopt_grow(&p->colour, &cap, (size_t)v + 1, sizeof *p->colour);
        cap = b->node_cap;
        gopt_grow(&b->nnb, &cap, (size_t)v + 1, sizeof *b->nnb);
        cap = b->node_cap;
        gopt_grow(&b->nb, &cap, (size_t)v + 1, FLOW_MAX_LINKS * sizeof *b->nb);
        b->node_cap = cap;
    }
    p->row[v] = row;
    p->col[v] = col;
    p->layer[v] = layer;
    p->kind[v] = (uint8_t)kind;
    p->colour[v] = -1;
    b->nnb[v] = 0;
    if (kind != GOPT_FLOW_BRIDGE_V) p->at[((size_t)layer * p->rows + row) * p->cols + col] = v;
    p->nnodes++;
    return v;
}

static size_t label_hash(const char *label) {
    uint64_t h = 14695981039346656037u; /* FNV-1a, 64-bit also where size_t is 32 (WebAssembly) */
    for (const unsigned char *s = (const unsigned char *)label; *s; s++) h = (h ^ *s) * 1099511628211u;
    return (size_t)h;
}

/* The slot of `label` in the table: its colour's, or the empty one where it would go. */
static size_t label_slot(const flow_builder *b, const char *label) {
    size_t mask = b->label_slots - 1, i = label_hash(label) & mask;
    while (b->by_label[i] >= 0 && strcmp(b->p->label[b->by_label[i]], label) != 0) i = (i + 1) & mask;
    return i;
}

/* Doubles the table (kept at most half full) and puts every colour back. */
static void grow_labels(flow_builder *b) {
    free(b->by_label);
    b->label_slots = b->label_slots ? 2 * b->label_slots : 64;
    b->by_label = gopt_malloc(b->label_slots * sizeof *b->by_label);
    for (size_t i = 0; i < b->label_slots; i++) b->by_label[i] = -1;
    for (int k = 0; k < b->p->ncolours; k++) b->by_label[label_slot(b, b->p->label[k])] = k;
}

int flow_build_colour(flow_builder *b, const char *label) {
    gopt_flow_puzzle *p = b->p;
    if (2 * ((size_t)p->ncolours + 1) > b->label_slots) grow_labels(b);
    char key[GOPT_FLOW_LABEL]; /* (as stored: a longer label is cut the same way) */
    snprintf(key, sizeof key, "%s", label);
    size_t slot = label_slot(b, key);
    if (b->by_label[slot] >= 0) return b->by_label[slot];
    int k = p->ncolours;
    b->by_label[slot] = k;
    if ((size_t)k + 1 > b->colour_cap) {
        size_t cap = b->colour_cap;
        gopt_grow(&p->label, &cap, (size_t)k + 1, sizeof *p->label);
        cap = b->colour_cap;
        gopt_grow(&p->ends, &cap, (size_t)k + 1, sizeof *p->ends);
        cap = b->colour_cap;
        gopt_grow(&b->nends, &cap, (size_t)k + 1, sizeof *b->nends);
        b->colour_cap = cap;
    }
    snprintf(p->label[k], sizeof p->label[k], "%s", label);
    p->ends[k][0] = p->ends[k][1] = -1;
    b->nends[k] = 0;
    p->ncolours++;
    return k;
}

bool flow_build_endpoint(flow_builder *b, int node, int colour) {
    if (b->nends[colour] >= 2) return false;
    b->p->ends[colour][b->nends[colour]++] = node;
    b->p->colour[node] = colour;
    return true;
}

bool flow_build_edge(flow_builder *b, int u, int v, gopt_flow_dir dir_u, gopt_flow_dir dir_v, bool warp) {
    if (u == v || b->nnb[u] >= FLOW_MAX_LINKS || b->nnb[v] >= FLOW_MAX_LINKS) return false;
    for (int i = 0; i < b->nnb[u]; i++)
        if (b->nb[(size_t)u * FLOW_MAX_LINKS + i] == v) return false;
    b->nb[(size_t)u * FLOW_MAX_LINKS + b->nnb[u]++] = v;
    b->nb[(size_t)v * FLOW_MAX_LINKS + b->nnb[v]++] = u;
    gopt_grow(&b->edges, &b->edge_cap, (size_t)b->p->nedges + 1, sizeof *b->edges);
    b->edges[b->p->nedges++] = (flow_edge_spec){u, v, (uint8_t)dir_u, (uint8_t)dir_v, warp};
    return true;
}

void flow_build_box(flow_builder *b, int layers, int rows, int cols) {
    for (int z = 0; z < layers; z++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) flow_build_node(b, z, r, c, GOPT_FLOW_CELL);
    for (int z = 0; z < layers; z++)
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) {
                int v = (z * rows + r) * cols + c;
                if (c + 1 < cols) flow_build_edge(b, v, v + 1, GOPT_FLOW_E, GOPT_FLOW_W, false);
                if (r + 1 < rows) flow_build_edge(b, v, v + cols, GOPT_FLOW_S, GOPT_FLOW_N, false);
                if (z + 1 < layers) flow_build_edge(b, v, v + rows * cols, GOPT_FLOW_DOWN, GOPT_FLOW_UP, false);
            }
}

int flow_build_unpaired(const flow_builder *b) {
    for (int k = 0; k < b->p->ncolours; k++)
        if (b->nends[k] != 2) return k;
    return -1;
}

/* A full rectangle of cells numbered row by row, each joined to exactly its four
 * neighbours: the boards where the search may use the geometry of corners. */
static bool is_plain(const gopt_flow_puzzle *p) {
    if (p->layers != 1 || p->nnodes != p->rows * p->cols) return false;
    if (p->nedges != p->rows * (p->cols - 1) + p->cols * (p->rows - 1)) return false;
    for (int v = 0; v < p->nnodes; v++) {
        if (p->kind[v] != GOPT_FLOW_CELL || p->row[v] * p->cols + p->col[v] != v) return false;
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
            if (l->warp || l->dir > GOPT_FLOW_W) return false;
            if (l->node != v + flow_dir_dr[l->dir] * p->cols + flow_dir_dc[l->dir]) return false;
        }
    }
    return true;
}

gopt_flow_puzzle *flow_build_finish(flow_builder *b, bool partial) {
    gopt_flow_puzzle *p = b->p;
    int n = p->nnodes, m = p->nedges;
    p->partial = partial;
    p->untouching = gopt_flow_untouching_default(p->format);
    p->link_start = gopt_calloc((size_t)n + 1, sizeof *p->link_start);
    p->links = gopt_malloc(((size_t)2 * m + 1) * sizeof *p->links);
    p->edge_u = gopt_malloc(((size_t)m + 1) * sizeof *p->edge_u);
    p->edge_v = gopt_malloc(((size_t)m + 1) * sizeof *p->edge_v);
    for (int e = 0; e < m; e++) {
        p->link_start[b->edges[e].u + 1]++;
        p->link_start[b->edges[e].v + 1]++;
    }
    for (int v = 0; v < n; v++) p->link_start[v + 1] += p->link_start[v];
    int *fill = gopt_malloc(((size_t)n + 1) * sizeof *fill);
    memcpy(fill, p->link_start, (size_t)n * sizeof *fill);
    for (int e = 0; e < m; e++) {
        const flow_edge_spec *s = &b->edges[e];
        p->edge_u[e] = s->u;
        p->edge_v[e] = s->v;
        p->links[fill[s->u]++] = (gopt_flow_link){s->v, e, s->dir_u, s->warp};
        p->links[fill[s->v]++] = (gopt_flow_link){s->u, e, s->dir_v, s->warp};
    }
    free(fill);
    /* Links in direction order (N, E, S, W, ...), so every method sees the same order. */
    for (int v = 0; v < n; v++) {
        gopt_flow_link *l = p->links + p->link_start[v];
        int d = flow_degree(p, v);
        for (int i = 1; i < d; i++)
            for (int j = i; j > 0 && l[j - 1].dir > l[j].dir; j--) {
                gopt_flow_link t = l[j];
                l[j] = l[j - 1];
                l[j - 1] = t;
            }
    }
    p->plain = is_plain(p);
    free(b->edges);
    free(b->nends);
    free(b->nb);
    free(b->nnb);
    free(b->by_label);
    b->p = NULL;
    return p;
}

void flow_build_abort(flow_builder *b) {
    free(b->edges);
    free(b->nends);
    free(b->nb);
    free(b->nnb);
    free(b->by_label);
    gopt_flow_free(b->p);
    b->p = NULL;
}

void gopt_flow_free(gopt_flow_puzzle *p) {
    if (!p) return;
    if (p->charged) gopt_budget_release(NULL, p->charged);
    free(p->row);
    free(p->col);
    free(p->layer);
    free(p->kind);
    free(p->colour);
    free(p->link_start);
    free(p->links);
    free(p->edge_u);
    free(p->edge_v);
    free(p->ends);
    free(p->label);
    free(p->at);
    free(p->drawing);
    free(p->name);
    free(p);
}

/* ---------------------------------------------------------------- solutions */

gopt_flow_solution *gopt_flow_solution_new(const gopt_flow_puzzle *p) {
    gopt_flow_solution *s = gopt_calloc(1, sizeof *s);
    s->nnodes = p->nnodes;
    s->nedges = p->nedges;
    s->used = gopt_calloc((size_t)p->nedges + 1, 1);
    s->colour = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *s->colour);
    for (int v = 0; v < p->nnodes; v++) s->colour[v] = -1;
    return s;
}

void gopt_flow_solution_free(gopt_flow_solution *s) {
    if (!s) return;
    free(s->used);
    free(s->colour);
    free(s);
}

void gopt_flow_solution_paint(const gopt_flow_puzzle *p, gopt_flow_solution *s) {
    for (int v = 0; v < p->nnodes; v++) s->colour[v] = -1;
    for (int k = 0; k < p->ncolours; k++) {
        int prev = -1, cur = p->ends[k][0];
        while (cur >= 0 && s->colour[cur] < 0) {
            s->colour[cur] = k;
            int next = -1;
            for (const gopt_flow_link *l = flow_links(p, cur), *end = l + flow_degree(p, cur); l < end; l++)
                if (s->used[l->edge] && l->node != prev && s->colour[l->node] < 0) {
                    next = l->node;
                    break;
                }
            prev = cur;
            cur = next;
        }
    }
}

uint8_t *flow_colour_domains(const gopt_flow_puzzle *p) {
    size_t n = (size_t)p->nnodes;
    uint8_t *dom = gopt_calloc((size_t)p->ncolours * n + 1, 1);
    int *queue = gopt_malloc((n + 1) * sizeof *queue);
    uint8_t *seen = gopt_malloc(n + 1);
    for (int k = 0; k < p->ncolours; k++) {
        /* Nodes reachable from both endpoints without passing another colour's endpoint. */
        for (int side = 0; side < 2; side++) {
            memset(seen, 0, n);
            int head = 0, tail = 0;
            queue[tail++] = p->ends[k][side];
            seen[p->ends[k][side]] = 1;
            while (head < tail) {
                int v = queue[head++];
                if (p->colour[v] >= 0 && p->colour[v] != k) continue;
                for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                    if (!seen[l->node]) {
                        seen[l->node] = 1;
                        queue[tail++] = l->node;
                    }
            }
            uint8_t *d = dom + (size_t)k * n;
            for (size_t v = 0; v < n; v++) {
                bool ok = seen[v] && (p->colour[v] < 0 || p->colour[v] == k);
                d[v] = side == 0 ? ok : (d[v] && ok);
            }
        }
    }
    free(queue);
    free(seen);
    return dom;
}

char flow_colour_char(const gopt_flow_puzzle *p, int colour) {
    if (colour < 0) return '.';
    const char *label = p->label[colour];
    if (label[0] && !label[1]) return label[0];
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    return alphabet[colour % (int)(sizeof alphabet - 1)];
}

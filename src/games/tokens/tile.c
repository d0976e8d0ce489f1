/* The tile model: colours, edge sets of revenue centres, through track, and the canonical
 * tile string. A node's edge set is what its track reaches: walking from the node along
 * paths, through junctions (plain track crossings), stopping at tile edges and never passing
 * another stop (city, town, offboard...), whose edges are its own. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "games/tokens/internal.h"

static const char *const colour_names[] = {"unknown", "white", "yellow", "green", "brown", "gray", "red", "blue", "sepia"};

const char *gopt_tokens_colour_name(gopt_tokens_colour c) {
    return (unsigned)c < sizeof colour_names / sizeof colour_names[0] ? colour_names[c] : "unknown";
}

bool gopt_tokens_colour_parse(const char *name, gopt_tokens_colour *out) {
    if (strcasecmp(name, "grey") == 0) name = "gray";
    for (int c = GOPT_TOKENS_WHITE; c <= GOPT_TOKENS_SEPIA; c++)
        if (strcasecmp(name, colour_names[c]) == 0) {
            *out = (gopt_tokens_colour)c;
            return true;
        }
    return false;
}

gopt_tokens_colour gopt_tokens_next_colour(gopt_tokens_colour c) {
    return c >= GOPT_TOKENS_WHITE && c < GOPT_TOKENS_GRAY ? (gopt_tokens_colour)(c + 1) : GOPT_TOKENS_UNKNOWN_COLOUR;
}

static bool is_node_end(int end) { return end >= GOPT_TOKENS_NODE_END; }
static bool is_junction(const gopt_tokens_tile *t, int end) {
    return is_node_end(end) && t->nodes[end - GOPT_TOKENS_NODE_END].kind == GOPT_TOKENS_JUNCTION;
}

/* The edges reachable from node `start` through junctions, and (through `junctions`) the
 * junctions visited. */
static uint8_t reach(const gopt_tokens_tile *t, int start, uint32_t *junctions) {
    uint32_t seen = 1u << start, todo = 1u << start;
    uint8_t edges = 0;
    while (todo) {
        int v = __builtin_ctz(todo);
        todo &= todo - 1;
        for (int k = 0; k < t->npaths; k++) {
            int a = t->paths[k].a, b = t->paths[k].b, here = GOPT_TOKENS_NODE_END + v;
            int other = a == here ? b : b == here ? a : -1;
            if (other < 0) continue;
            if (!is_node_end(other)) edges |= (uint8_t)(1u << other);
            else if (is_junction(t, other) && !(seen & (1u << (other - GOPT_TOKENS_NODE_END)))) {
                seen |= 1u << (other - GOPT_TOKENS_NODE_END);
                todo |= 1u << (other - GOPT_TOKENS_NODE_END);
            }
        }
    }
    if (junctions) *junctions = seen;
    return edges;
}

void tokens_tile_finish(gopt_tokens_tile *tile) {
    memset(tile->links, 0, sizeof tile->links);
    tile->exits = 0;
    uint32_t done = 0;
    for (int v = 0; v < tile->nnodes; v++) {
        uint32_t junctions = 0;
        tile->nodes[v].edges = reach(tile, v, &junctions);
        /* Every edge on one web of junctions is joined to every other without a stop. */
        if (tile->nodes[v].kind == GOPT_TOKENS_JUNCTION && !(done & (1u << v))) {
            done |= junctions;
            for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
                if (tile->nodes[v].edges & (1u << e)) tile->links[e] |= tile->nodes[v].edges & (uint8_t) ~(1u << e);
        }
    }
    memset(tile->gauges, 0, sizeof tile->gauges);
    tile->port_spikes = 0;
    tile->terminal_only = tile->npaths > 0;
    for (int k = 0; k < tile->npaths; k++) {
        int a = tile->paths[k].a, b = tile->paths[k].b;
        tile->terminal_only = tile->terminal_only && tile->paths[k].terminal;
        /* A long spike: edge to junction, `terminal:1` (short ones, 2, only let neighbours
         * upgrade). */
        if (tile->paths[k].terminal == 1) {
            int edge = is_node_end(a) ? b : a, node = is_node_end(a) ? a : b;
            if (!is_node_end(edge) && is_node_end(node) && tile->nodes[node - GOPT_TOKENS_NODE_END].kind == GOPT_TOKENS_JUNCTION)
                tile->port_spikes |= (uint8_t)(1u << edge);
        }
        uint8_t gauge = (uint8_t)(1u << tile->paths[k].track);
        if (!is_node_end(a)) tile->gauges[a] |= gauge;
        if (!is_node_end(b)) tile->gauges[b] |= gauge;
        if (!is_node_end(a)) tile->exits |= (uint8_t)(1u << a);
        if (!is_node_end(b)) tile->exits |= (uint8_t)(1u << b);
        if (!is_node_end(a) && !is_node_end(b) && a != b) {
            tile->links[a] |= (uint8_t)(1u << b);
            tile->links[b] |= (uint8_t)(1u << a);
        }
    }
}

uint8_t gopt_tokens_city_edges(const gopt_tokens_tile *tile, int city, int r) {
    return gopt_tokens_rotate(tile->nodes[tile->city_node[city]].edges, r);
}

int gopt_tokens_city_slots(const gopt_tokens_tile *tile, int city) { return tile->nodes[tile->city_node[city]].slots; }

const char *gopt_tokens_edges_text(uint8_t edges, char *buf, size_t size) {
    size_t n = (size_t)snprintf(buf, size, "{");
    for (int e = 0; e < GOPT_TOKENS_EDGES && n < size; e++)
        if (edges & (1u << e)) n += (size_t)snprintf(buf + n, size - n, "%s%d", n > 1 ? "," : "", e);
    if (n < size) snprintf(buf + n, size - n, "}");
    return buf;
}

const char *gopt_tokens_label_text(const gopt_tokens_tile *tile, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < tile->nlabels && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "/" : "", tile->labels[i]);
    return buf;
}

static const char *const node_part[] = {"city", "town", "offboard", "halt", "pass", "junction"};
static const char *const track_names[] = {"broad", "narrow", "dual", "thin", "future"};

const char *gopt_tokens_track_name(gopt_tokens_track g) { return (unsigned)g < 5 ? track_names[g] : "thin"; }

bool gopt_tokens_gauge_keeps(gopt_tokens_track g, gopt_tokens_track by) { return by == g || (by == GOPT_TOKENS_DUAL && g != GOPT_TOKENS_OTHER_TRACK); }

static void format_end(gopt_buf *b, int end) {
    if (is_node_end(end)) gopt_buf_printf(b, "_%d", end - GOPT_TOKENS_NODE_END);
    else gopt_buf_printf(b, "%d", end);
}

char *gopt_tokens_tile_format(const gopt_tokens_tile *tile) {
    gopt_buf b = {0};
    for (int v = 0; v < tile->nnodes; v++) {
        const gopt_tokens_node *n = &tile->nodes[v];
        gopt_buf_printf(&b, "%s%s", b.len ? ";" : "", node_part[n->kind]);
        char sep = '=';
        if (n->revenue[0]) {
            gopt_buf_printf(&b, "%crevenue:%s", sep, n->revenue);
            sep = ',';
        }
        if (n->kind == GOPT_TOKENS_CITY && n->slots != 1) {
            gopt_buf_printf(&b, "%cslots:%d", sep, n->slots);
            sep = ',';
        }
        if (n->has_loc) {
            if (n->loc < 0) gopt_buf_printf(&b, "%cloc:center", sep);
            else gopt_buf_printf(&b, "%cloc:%.17g", sep, n->loc);
            sep = ',';
        }
        if (n->reservation[0]) gopt_buf_printf(&b, "%creservation:%s", sep, n->reservation);
    }
    for (int k = 0; k < tile->npaths; k++) {
        const gopt_tokens_path *p = &tile->paths[k];
        gopt_buf_printf(&b, "%spath=a:", b.len ? ";" : "");
        format_end(&b, p->a);
        gopt_buf_puts(&b, ",b:");
        format_end(&b, p->b);
        if (p->terminal) gopt_buf_printf(&b, ",terminal:%d", p->terminal);
        if (p->track != GOPT_TOKENS_BROAD) gopt_buf_printf(&b, ",track:%s", track_names[p->track]);
    }
    /* Future track's edges as future track (an edge to itself), so that a reader can still
     * tell them from stub marks (--future-track ignore). */
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
        if (tile->future >> e & 1) gopt_buf_printf(&b, "%spath=a:%d,b:%d,track:future", b.len ? ";" : "", e, e);
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
        if (tile->stub_marks >> e & 1) gopt_buf_printf(&b, "%sstub=edge:%d", b.len ? ";" : "", e);
    for (int i = 0; i < tile->npartitions; i++) {
        char text[96];
        gopt_buf_printf(&b, "%spartition=%s", b.len ? ";" : "", gopt_tokens_partition_text(&tile->partitions[i], text, sizeof text));
    }
    for (int i = 0; i < tile->nlabels; i++) gopt_buf_printf(&b, "%slabel=%s", b.len ? ";" : "", tile->labels[i]);
    return gopt_buf_take(&b);
}

const char *gopt_tokens_rules_name(gopt_tokens_rules r) { return r == GOPT_TOKENS_RULES_TOKENS ? "tokens" : "full"; }

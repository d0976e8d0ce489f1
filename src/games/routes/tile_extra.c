/* Parts of a tile string that the tokens model checks and drops but a route needs: the
 * impassable borders of preprinted hexes and the `groups:` of stops (1830's Gulf, 1846's
 * east off-boards and Chicago, 1867's Detroit: one place printed on several hexes). The
 * string was parsed by gopt_tokens_tile_parse before, so its form is known to be right; this
 * only looks the two keys up, counting node parts in declaration order as `_N` does. */
#include <string.h>

#include "games/routes/internal.h"

static bool is_node_part(const char *p, size_t n) {
    static const char *const kinds[] = {"city", "town", "offboard", "halt", "pass", "junction"};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t len = strlen(kinds[k]);
        if (n >= len && memcmp(p, kinds[k], len) == 0 && (n == len || p[len] == '=')) return true;
    }
    return false;
}

/* The value of key `key` in the part p[0..n), copied into buf ("" when absent). */
static void part_value(const char *p, size_t n, const char *key, char *buf, size_t size) {
    buf[0] = 0;
    const char *eq = memchr(p, '=', n);
    if (!eq) return;
    size_t klen = strlen(key);
    for (const char *q = eq + 1; q < p + n;) {
        const char *comma = memchr(q, ',', (size_t)(p + n - q));
        const char *end = comma ? comma : p + n;
        if ((size_t)(end - q) > klen && memcmp(q, key, klen) == 0 && q[klen] == ':') {
            size_t len = (size_t)(end - q) - klen - 1;
            if (len >= size) len = size - 1;
            memcpy(buf, q + klen + 1, len);
            buf[len] = 0;
            return;
        }
        q = end + 1;
    }
}

void routes_tile_extra_scan(const char *code, routes_tile_extra *x) {
    memset(x, 0, sizeof *x);
    int node = 0;
    for (const char *p = code; *p;) {
        const char *semi = strchr(p, ';');
        size_t n = semi ? (size_t)(semi - p) : strlen(p);
        if (is_node_part(p, n)) {
            if (node < GOPT_TOKENS_MAX_NODES) {
                char group[GOPT_ROUTES_NAME_SIZE];
                part_value(p, n, "groups", group, sizeof group);
                char *bar = strchr(group, '|'); /* a stop of several groups: the first names its place */
                if (bar) *bar = 0;
                memcpy(x->group[node], group, sizeof group);
            }
            node++;
        } else if (n > 7 && memcmp(p, "border=", 7) == 0) {
            char edge[8], type[32];
            part_value(p, n, "edge", edge, sizeof edge);
            part_value(p, n, "type", type, sizeof type);
            if (strcmp(type, "impassable") == 0 && edge[0] >= '0' && edge[0] <= '5' && !edge[1])
                x->impassable |= (uint8_t)(1u << (edge[0] - '0'));
        }
        p += n;
        if (*p == ';') p++;
    }
}

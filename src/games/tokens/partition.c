/* Partitions: barriers inside a hex (`partition=` in the tile language; 1870's Mississippi,
 * 18Mag's rivers). They belong to the hex, not to a tile: the online engine moves them from
 * the old tile to the new one (lib/engine/hex.rb, Hex#lay), so a question's partitions are
 * the old tile's own (turned with it) and the ones its map gives the hex. While the game
 * enforces them (1870 while the Mississippi River Bridge Company's ability holds: its
 * G1870 legal_tile_rotation?; 18Mag the same), every path of the new tile keeps all its
 * edges on one side of each partition. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "games/tokens/internal.h"

void gopt_tokens_partition_sides(gopt_tokens_partition *p) {
    /* As part/partition.rb: inner = edges min(a,b) .. max(a,b)-1 (edge e lies between
     * vertices e and e+1), the outer side the rest; a restriction empties the other side. */
    int lo = p->a < p->b ? p->a : p->b, hi = p->a < p->b ? p->b : p->a;
    uint8_t inner = 0;
    for (int e = lo; e < hi; e++) inner |= (uint8_t)(1u << e);
    p->inner = p->restrict_to == GOPT_TOKENS_PARTITION_OUTER ? 0 : inner;
    p->outer = p->restrict_to == GOPT_TOKENS_PARTITION_INNER ? 0 : (uint8_t)(~inner & 0x3F);
}

static const char *sign_text(int sign) { return sign < 0 ? "-" : sign > 0 ? "+" : ""; }

const char *gopt_tokens_partition_text(const gopt_tokens_partition *p, char *buf, size_t size) {
    static const char *const restricts[] = {"", ",restrict:inner", ",restrict:outer"};
    snprintf(buf, size, "a:%d%s,b:%d%s%s%s%s", p->a, sign_text(p->a_sign), p->b, sign_text(p->b_sign),
             p->type[0] ? ",type:" : "", p->type, restricts[p->restrict_to]);
    return buf;
}

/* A map's `partition:` value is a tile's `partition=` value: read it as that tile part. */
bool gopt_tokens_parse_partition(const char *spec, const char *where, gopt_tokens_partition *out, gopt_error *err) {
    static const char prefix[] = "partition=";
    const char *stop = strpbrk(spec, ";\n");
    if (stop) return gopt_fail(err, where, 1, (int)(stop - spec) + 1, "a partition is one part: no '%c' in it", *stop);
    size_t n = strlen(spec);
    char *code = gopt_malloc(sizeof prefix + n);
    memcpy(code, prefix, sizeof prefix - 1);
    memcpy(code + sizeof prefix - 1, spec, n + 1);
    gopt_tokens_tile *tile = gopt_malloc(sizeof *tile);
    bool ok = gopt_tokens_tile_parse(tile, code, where, err);
    if (!ok && err->col > (int)sizeof prefix - 1) err->col -= (int)sizeof prefix - 1;
    if (ok) *out = tile->partitions[0];
    free(tile);
    free(code);
    return ok;
}

/* The edges (map orientation) of path k of `to` lying with `rotation`. */
static uint8_t path_exits(const gopt_tokens_tile *to, int k, int rotation) {
    const gopt_tokens_path *p = &to->paths[k];
    uint8_t e = 0;
    if (p->a < GOPT_TOKENS_NODE_END) e |= (uint8_t)(1u << p->a);
    if (p->b < GOPT_TOKENS_NODE_END) e |= (uint8_t)(1u << p->b);
    return gopt_tokens_rotate(e, rotation);
}

bool tokens_partition_crossed(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *edge_a,
                              int *edge_b) {
    if (!q->partition_follow) return false;
    int n = q->from->npartitions + q->npartitions;
    for (int i = 0; i < n; i++) {
        const gopt_tokens_partition *p = i < q->from->npartitions ? &q->from->partitions[i]
                                                                  : &q->partitions[i - q->from->npartitions];
        int turn = i < q->from->npartitions ? q->from_rotation : 0;
        uint8_t inner = gopt_tokens_rotate(p->inner, turn), outer = gopt_tokens_rotate(p->outer, turn);
        for (int k = 0; k < to->npaths; k++) {
            uint8_t exits = path_exits(to, k, rotation);
            if (!(exits & (uint8_t)~inner) || !(exits & (uint8_t)~outer)) continue;
            *edge_a = __builtin_ctz(exits);
            exits &= (uint8_t)(exits - 1);
            *edge_b = exits ? __builtin_ctz(exits) : -1;
            return true;
        }
    }
    return false;
}

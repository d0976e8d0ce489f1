/* From a question and a rotation of the new tile to the seed's flow network:
 * source -> item (capacity: its demand) -> every new city whose edges (in map orientation)
 * contain the item's edges (capacity: the demand) -> sink (capacity: the city's slots).
 * Under tokens rules the items are the tokens (demand 1); under full rules they are the old
 * cities, each demanding its slots (its spaces move with it, so two old cities cannot squeeze
 * into fewer slots than they had), its tokens riding along; a city without track fits any.
 * When cities may split, the items are the tokens and each old city's empty slots, all
 * with their old city's edges, and the flow may spread an old city's slots freely.
 * Extra tokens (beyond the slots) take no slot: under tokens rules and with splitting
 * cities they are items of demand 0 that need only a city holding their edges; under full
 * rules they ride with their old city like the others. Tokens the game returns take no slot
 * and go nowhere; with shrinking slots an old city (or its empty slots, when cities split)
 * demands only what sits in it. When the game places the tokens (placer.c), an old city's
 * tokens have one candidate: the new city the game picks. */
#include <string.h>

#include "games/tokens/internal.h"

static uint32_t containing(const tokens_problem *p, uint8_t edges, bool anywhere) {
    uint32_t cand = 0;
    for (int b = 0; b < p->nbins; b++)
        if (anywhere || (edges & ~p->bin_edges[b]) == 0) cand |= 1u << b;
    return cand;
}

/* Split exits (1894): the new cities holding at least one of the edges. */
static uint32_t touching(const tokens_problem *p, uint8_t edges, bool anywhere) {
    uint32_t cand = 0;
    for (int b = 0; b < p->nbins; b++)
        if (anywhere || (edges & p->bin_edges[b]) != 0) cand |= 1u << b;
    return cand;
}

void tokens_problem_build(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, tokens_problem *p) {
    memset(p, 0, sizeof *p);
    const gopt_tokens_tile *from = q->from;
    p->nbins = to->ncities;
    for (int b = 0; b < p->nbins; b++) {
        p->slots[b] = gopt_tokens_city_slots(to, b);
        p->bin_edges[b] = gopt_tokens_city_edges(to, b, rotation);
    }
    if (q->rules == GOPT_TOKENS_RULES_TOKENS) {
        p->nitems = q->ntokens;
        for (int i = 0; i < q->ntokens; i++) {
            bool gone = q->tokens[i].returned;
            p->edges[i] = gopt_tokens_city_edges(from, q->tokens[i].city, q->from_rotation);
            p->demand[i] = q->tokens[i].extra || gone ? 0 : 1;
            p->cand[i] = containing(p, p->edges[i], gone);
            p->carries[i] = !gone;
            p->token_item[i] = i;
            p->item_city[i] = (int8_t)q->tokens[i].city;
        }
    } else if (!q->split) {
        p->nitems = from->ncities;
        int held[GOPT_TOKENS_MAX_CITIES] = {0}, occupied[GOPT_TOKENS_MAX_CITIES] = {0};
        for (int i = 0; i < q->ntokens; i++) {
            held[q->tokens[i].city] += !q->tokens[i].returned;
            occupied[q->tokens[i].city] += !q->tokens[i].returned && !q->tokens[i].extra;
            p->token_item[i] = q->tokens[i].city;
        }
        for (int c = 0; c < from->ncities; c++) {
            p->edges[c] = gopt_tokens_city_edges(from, c, q->from_rotation);
            bool track = p->edges[c] != 0;
            /* Shrinking slots: only what sits in the city moves with it. */
            p->demand[c] = q->shrink ? occupied[c] : gopt_tokens_city_slots(from, c);
            p->cand[c] = containing(p, p->edges[c], !track);
            p->carries[c] = held[c] > 0;
            p->whole[c] = true;
            p->item_city[c] = (int8_t)c;
        }
    } else {
        /* Splitting cities: each token is an item of its own, and each old city's empty
         * slots one more item that may spread over every new city holding its edges. */
        int held[GOPT_TOKENS_MAX_CITIES] = {0};
        for (int i = 0; i < q->ntokens; i++) {
            int c = q->tokens[i].city;
            bool gone = q->tokens[i].returned;
            held[c] += !q->tokens[i].extra;
            p->edges[i] = gopt_tokens_city_edges(from, c, q->from_rotation);
            p->demand[i] = q->tokens[i].extra || gone ? 0 : 1;
            p->cand[i] = (q->split_exits ? touching : containing)(p, p->edges[i], p->edges[i] == 0 || gone);
            p->carries[i] = !gone;
            p->token_item[i] = i;
            p->item_city[i] = (int8_t)c;
        }
        p->nitems = q->ntokens;
        for (int c = 0; c < from->ncities; c++) {
            int i = p->nitems++;
            p->edges[i] = gopt_tokens_city_edges(from, c, q->from_rotation);
            p->demand[i] = q->shrink ? 0 : gopt_tokens_city_slots(from, c) - held[c];
            p->cand[i] = (q->split_exits ? touching : containing)(p, p->edges[i], p->edges[i] == 0);
            p->item_city[i] = (int8_t)c;
        }
    }
    if (q->placer != GOPT_TOKENS_PLACER_OWNER && !q->split) { /* a city that splits is shared out by its owners */
        /* The game picks the new city of every old city: its tokens may go only there. */
        int8_t map[GOPT_TOKENS_MAX_CITIES];
        gopt_tokens_game_city_map(from, q->from_rotation, to, rotation, q->placer, map);
        for (int i = 0; i < p->nitems; i++)
            if (p->carries[i] || p->demand[i] > 0) /* a city's tokens, extras and slots; not a returned token */
                p->cand[i] &= map[p->item_city[i]] >= 0 ? 1u << map[p->item_city[i]] : 0;
    }
    for (int i = 0; i < p->nitems; i++) p->total += p->demand[i];
}

void tokens_network_build(const tokens_problem *p, tokens_network *n) {
    n->net = gopt_maxflow_net_new(2 + p->nitems + p->nbins);
    n->source = 0;
    n->sink = 1;
    for (int i = 0; i < p->nitems; i++) {
        n->item_edge[i] = -1;
        for (int b = 0; b < GOPT_TOKENS_MAX_CITIES; b++) n->pair_edge[i][b] = -1;
        if (p->demand[i] == 0) continue; /* nothing to carry; full rules check it apart */
        n->item_edge[i] = gopt_maxflow_edge(n->net, n->source, tokens_item_node(i), p->demand[i]);
        for (int b = 0; b < p->nbins; b++)
            if (p->cand[i] & (1u << b))
                n->pair_edge[i][b] = gopt_maxflow_edge(n->net, tokens_item_node(i), tokens_bin_node(p, b), p->demand[i]);
    }
    for (int b = 0; b < p->nbins; b++) n->bin_edge[b] = gopt_maxflow_edge(n->net, tokens_bin_node(p, b), n->sink, p->slots[b]);
}

void tokens_network_free(tokens_network *n) {
    gopt_maxflow_net_free(n->net);
    n->net = NULL;
}

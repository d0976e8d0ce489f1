/* The station tokens on the old tile: `CITY:NAME[,CITY:NAME...]`, checked against the tile
 * (city indices, slots) so that every question the solver sees makes sense. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/tokens/internal.h"

static bool name_char(int c) { return c > 0x20 && c != 0x7F && c != ',' && c != ':' && c != '@' && c != '"' && c != '\\'; }

/* The tokens already in `city` that take a slot, and whether one of the same kind as `like`
 * (token, reservation or extra token) already has its name. */
static int tokens_in(const gopt_tokens_question *q, int city, const gopt_tokens_station *like, bool *same_name) {
    int n = 0;
    *same_name = false;
    for (int i = 0; i < q->ntokens; i++)
        if (q->tokens[i].city == city) {
            n += !q->tokens[i].extra;
            if (like && q->tokens[i].reserved == like->reserved && q->tokens[i].extra == like->extra &&
                strcmp(q->tokens[i].name, like->name) == 0)
                *same_name = true;
        }
    return n;
}

/* Whether token `i` can join the ones before it; the message names what is wrong. */
static bool token_fits(const gopt_tokens_question *q, int i, char *why, size_t size) {
    const gopt_tokens_station *s = &q->tokens[i];
    const gopt_tokens_tile *from = q->from;
    const char *tile = from->name[0] ? from->name : "the old tile";
    if (s->city < 0 || s->city >= from->ncities) {
        if (from->ncities == 0) snprintf(why, size, "%s has no cities", tile);
        else snprintf(why, size, "city %d: %s has cities 0..%d", s->city, tile, from->ncities - 1);
        return false;
    }
    bool same;
    gopt_tokens_question before = *q;
    before.ntokens = i;
    int n = tokens_in(&before, s->city, s, &same);
    if (same) {
        snprintf(why, size, "%s has two %s in city %d", s->name,
                 s->reserved ? "reservations" : s->extra ? "extra tokens" : "tokens", s->city);
        return false;
    }
    int slots = gopt_tokens_city_slots(from, s->city);
    if (!s->extra && n + 1 > slots) {
        snprintf(why, size, "city %d of %s has %d slot%s, too few for %d token%s", s->city, tile, slots,
                 slots == 1 ? "" : "s", n + 1, n + 1 == 1 ? "" : "s");
        return false;
    }
    return true;
}

/* Appends `CITY:NAME,...` to q->tokens, reservations when `reserved`, extra tokens when `extra`. */
static bool parse_list(gopt_tokens_question *q, const char *spec, const char *where, bool reserved, bool extra,
                       gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, where, spec);
    bool ok = true;
    gopt_text_skip_spaces(&t);
    while (ok && !gopt_text_eof(&t)) {
        gopt_text_mark at = gopt_text_save(&t);
        long city;
        if (q->ntokens == GOPT_TOKENS_MAX_TOKENS) {
            ok = gopt_text_fail(&t, err, "more than %d tokens", GOPT_TOKENS_MAX_TOKENS);
            break;
        }
        if (!gopt_text_int(&t, 0, 99, &city, err) || !gopt_text_expect(&t, ':', err)) {
            ok = false;
            break;
        }
        gopt_text_mark name_at = gopt_text_save(&t);
        gopt_tokens_station *s = &q->tokens[q->ntokens];
        size_t n = 0;
        while (name_char(gopt_text_peek(&t))) {
            int c = gopt_text_next(&t);
            if (n + 1 < sizeof s->name) s->name[n] = (char)c;
            n++;
        }
        if (n == 0 || n >= sizeof s->name) {
            char found[32];
            ok = n ? gopt_text_fail_at(&t, name_at, err, "token name longer than %zu characters", sizeof s->name - 1)
                   : gopt_text_fail(&t, err, "expected a token name (such as a company's initials), found %s",
                                    gopt_text_describe(gopt_text_peek(&t), found, sizeof found));
            break;
        }
        s->name[n] = 0;
        s->city = (int)city;
        s->reserved = reserved;
        s->extra = extra;
        char why[256];
        if (!token_fits(q, q->ntokens, why, sizeof why)) {
            ok = gopt_text_fail_at(&t, at, err, "%s", why);
            break;
        }
        q->ntokens++;
        gopt_text_skip_spaces(&t);
        if (gopt_text_eof(&t)) break;
        if (!gopt_text_accept(&t, ',')) {
            char found[32];
            ok = gopt_text_fail(&t, err, "expected ',' between tokens, found %s",
                                gopt_text_describe(gopt_text_peek(&t), found, sizeof found));
            break;
        }
        gopt_text_skip_spaces(&t);
    }
    gopt_text_free(&t);
    return ok;
}

bool gopt_tokens_parse_stations(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err) {
    q->ntokens = 0;
    return parse_list(q, spec, where, false, false, err);
}

bool gopt_tokens_parse_reservations(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err) {
    return parse_list(q, spec, where, true, false, err);
}

bool gopt_tokens_parse_extras(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err) {
    return parse_list(q, spec, where, false, true, err);
}

/* One entry of --return: `CITY:NAME` or `NAME`; the index of the token it names, or -1
 * with `why` set. */
static int find_return(const gopt_tokens_question *q, const char *entry, char *why, size_t size) {
    const char *colon = strchr(entry, ':');
    int city = -1;
    const char *name = entry;
    if (colon) {
        char *end;
        long c = strtol(entry, &end, 10);
        if (end != colon || colon == entry || c < 0 || c > 99) {
            snprintf(why, size, "expected CITY:NAME or NAME, not '%s'", entry);
            return -1;
        }
        city = (int)c;
        name = colon + 1;
    }
    int found = -1, n = 0;
    for (int i = 0; i < q->ntokens; i++)
        if (!q->tokens[i].reserved && strcmp(q->tokens[i].name, name) == 0 && (city < 0 || q->tokens[i].city == city)) {
            found = i;
            n++;
        }
    if (n == 1) return found;
    if (n > 1) snprintf(why, size, "%s has %d tokens on the old tile: name one as CITY:%s", name, n, name);
    else if (city >= 0) snprintf(why, size, "no token %s in city %d (--tokens, --extra)", name, city);
    else snprintf(why, size, "no token %s on the old tile (--tokens, --extra)", name);
    return -1;
}

bool gopt_tokens_parse_returns(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err) {
    size_t at = 0, len = strlen(spec);
    while (at <= len) {
        size_t end = at;
        while (end < len && spec[end] != ',') end++;
        char entry[GOPT_TOKENS_NAME_SIZE + 8], why[256];
        size_t n = end - at;
        while (n && spec[at] == ' ') at++, n--;
        while (n && spec[at + n - 1] == ' ') n--;
        if (n == 0 || n >= sizeof entry)
            return gopt_fail(err, where, 1, (int)at + 1, n ? "a token longer than %zu characters" : "expected a token (CITY:NAME or NAME)",
                             sizeof entry - 1);
        memcpy(entry, spec + at, n);
        entry[n] = 0;
        int i = find_return(q, entry, why, sizeof why);
        if (i < 0) return gopt_fail(err, where, 1, (int)at + 1, "%s", why);
        if (q->tokens[i].returned) return gopt_fail(err, where, 1, (int)at + 1, "%s is returned twice", entry);
        q->tokens[i].returned = true;
        at = end + 1;
    }
    return true;
}

const char *gopt_tokens_placer_name(gopt_tokens_placer p) {
    return p == GOPT_TOKENS_PLACER_FIRST ? "first" : p == GOPT_TOKENS_PLACER_INDEX ? "index" : "owner";
}

uint64_t gopt_tokens_duplicates(const gopt_tokens_question *q, const int8_t *row) {
    uint64_t dup = 0;
    for (int i = 0; i < q->ntokens; i++)
        for (int j = 0; j < i && !(dup >> i & 1); j++)
            if (row[i] >= 0 && !q->tokens[i].reserved && !q->tokens[j].reserved && !q->tokens[i].extra && !q->tokens[j].extra &&
                !(dup >> j & 1) && row[i] == row[j] &&
                strcmp(q->tokens[i].name, q->tokens[j].name) == 0)
                dup |= (uint64_t)1 << i;
    return dup;
}

const char *gopt_tokens_duplicates_name(gopt_tokens_duplicate_rule d) { return d == GOPT_TOKENS_DUPLICATES_RETURN ? "return" : "keep"; }

bool gopt_tokens_question_check(const gopt_tokens_question *q, gopt_error *err) {
    if (!q->from) return gopt_fail(err, "tokens", 0, 0, "the question has no old tile");
    if (q->ntokens < 0 || q->ntokens > GOPT_TOKENS_MAX_TOKENS)
        return gopt_fail(err, "tokens", 0, 0, "%d tokens (at most %d)", q->ntokens, GOPT_TOKENS_MAX_TOKENS);
    if (q->from_rotation < 0 || q->from_rotation > 5)
        return gopt_fail(err, "tokens", 0, 0, "rotation %d is not 0..5", q->from_rotation);
    for (int i = 0; i < q->ntokens; i++) {
        char why[256];
        if (!q->tokens[i].name[0] || !token_fits(q, i, why, sizeof why))
            return gopt_fail(err, "tokens", 0, 0, "token %d: %s", i, q->tokens[i].name[0] ? why : "no name");
    }
    return true;
}

const char *gopt_tokens_token_key(const gopt_tokens_question *q, int i, char *buf, size_t size) {
    bool recurs = false;
    for (int j = 0; j < q->ntokens; j++)
        if (j != i && q->tokens[j].reserved == q->tokens[i].reserved && q->tokens[j].extra == q->tokens[i].extra &&
            strcmp(q->tokens[j].name, q->tokens[i].name) == 0)
            recurs = true;
    const char *kind = q->tokens[i].reserved ? "reserved:" : q->tokens[i].extra ? "extra:" : "";
    if (recurs) snprintf(buf, size, "%s%s@%d", kind, q->tokens[i].name, q->tokens[i].city);
    else snprintf(buf, size, "%s%s", kind, q->tokens[i].name);
    return buf;
}

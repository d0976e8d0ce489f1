/* Country Road's formats behind one reader and one writer: the format named, or guessed from
 * the text's first line, dispatched to format_url.c, format_pzprv3.c, format_block.c,
 * format_text.c or format_penpa.c (which share format_common.c's pieces). */
#include <string.h>

#include "internal.h"

const char *const gopt_country_formats[] = {"url", "pzprv3", "block", "text", "penpa", NULL};

/* Does a line look like a pasted link? Only by what a room row of the text format cannot
 * hold too: a scheme (`://`), `www.`, a puzzle path (`country/`, `?slither/`, `?pzprv3/`)
 * or penpa's data. A lone '?' is a room of the text format ("A?" is two rooms), and a row may
 * start with "http" (issue 35: "http" and '?' sent text puzzles to the URL reader). */
static bool link_like(const char *line, size_t n) {
    while (n > 0 && (*line == '"' || *line == '\'' || *line == '<' || *line == ' ' || *line == '\t')) line++, n--;
    if (n >= 4 && memcmp(line, "www.", 4) == 0) return true;
    if (country_is_penpa(line, n)) return true;
    for (size_t i = 0; i + 3 <= n; i++)
        if (memcmp(line + i, "://", 3) == 0) return true;
    for (size_t i = 0; i + 8 <= n; i++)
        if (memcmp(line + i, "country", 7) == 0 && (line[i + 7] == '/' || line[i + 7] == '_')) return true;
    for (size_t i = 0; i < n; i++) { /* ?WORD/ : a puzzle type's path in a query */
        if (line[i] != '?') continue;
        size_t k = i + 1;
        while (k < n && ((line[k] >= 'a' && line[k] <= 'z') || (line[k] >= '0' && line[k] <= '9') || line[k] == '_')) k++;
        if (k > i + 1 && k < n && line[k] == '/') return true;
    }
    return false;
}

static bool is_blank(int c) { return c == ' ' || c == '\t'; }

/* The format of the puzzle at the reader's position, from its first line. Links (puz.link,
 * pzprv3 in a URL, penpa-edit) are all "url": its reader tells them apart. */
static const char *guess_format(const gopt_text *t) {
    size_t rest = gopt_text_line_rest(t);
    const char *line = t->data + t->pos;
    if (rest >= 6 && memcmp(line, "pzprv3", 6) == 0 && (rest == 6 || line[6] == '.' || is_blank(line[6])))
        return "pzprv3";
    if (rest >= 7 && memcmp(line, "puzzle", 6) == 0 && is_blank(line[6])) return "block";
    return link_like(line, rest) ? "url" : "text";
}

int gopt_country_read(gopt_text *t, const char *format, gopt_country_puzzle **out, gopt_error *err) {
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    if (!format) format = guess_format(t);
    bool ok;
    if (strcmp(format, "url") == 0) ok = country_read_url(t, out, err);
    else if (strcmp(format, "pzprv3") == 0) ok = country_read_pzprv3(t, out, err);
    else if (strcmp(format, "block") == 0) ok = country_read_block(t, out, err);
    else if (strcmp(format, "text") == 0) ok = country_read_text(t, out, err);
    else if (strcmp(format, "penpa") == 0) ok = country_read_url(t, out, err);
    else ok = gopt_text_fail(t, err, "unknown Country Road format '%s'", format);
    return ok ? 1 : -1;
}

char *gopt_country_write(const gopt_country_puzzle *p, const uint8_t *dirs, const char *format, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    *why = NULL;
    if (strcmp(format, "url") == 0) return country_write_url(p, why);
    if (strcmp(format, "penpa") == 0) return country_write_penpa(p, dirs, why);
    if (p->wall && strcmp(format, "pzprv3") == 0) {
        *why = "its borders inside a room cannot be written as pzprv3 room ids (use url)";
        return NULL;
    }
    if (p->wall && (strcmp(format, "block") == 0 || strcmp(format, "text") == 0)) {
        *why = "the format has no borders inside a room (use url)";
        return NULL;
    }
    if (strcmp(format, "pzprv3") == 0) return country_write_pzprv3(p, dirs);
    if (strcmp(format, "block") == 0) return country_write_block(p, dirs);
    if (strcmp(format, "text") == 0) return country_write_text(p, dirs, why);
    *why = "unknown format";
    return NULL;
}

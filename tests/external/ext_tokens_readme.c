/* The bundled catalogues against ../shared/data/18xx/README.md: every tile the README
 * describes in abstract form, `(slots,{edges})` per city in declaration order (its tile
 * table, and the forms written in backquotes after a tile's name in its cases), must have
 * exactly those cities in our catalogue files. */
#include "test_support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct form {
    int n;
    int slots[GOPT_TOKENS_MAX_CITIES];
    uint8_t edges[GOPT_TOKENS_MAX_CITIES];
} form;

/* "0,1,3" or "0..5" or "" up to '}' */
static const char *read_edges(const char *p, uint8_t *edges) {
    *edges = 0;
    while (*p && *p != '}') {
        if (isdigit((unsigned char)*p)) {
            int a = *p++ - '0', b = a;
            if (p[0] == '.' && p[1] == '.') {
                b = p[2] - '0';
                p += 3;
            }
            for (int e = a; e <= b; e++) *edges |= (uint8_t)(1u << e);
        } else {
            p++;
        }
    }
    return *p ? p + 1 : p;
}

/* "(1,{1}) (1,{3}) (1,{})" up to the end of the cell or backquote. */
static bool read_form(const char *p, const char *end, form *f) {
    f->n = 0;
    while (p < end && (p = strchr(p, '(')) && p < end) {
        char *after;
        long slots = strtol(p + 1, &after, 10);
        if (after == p + 1 || strncmp(after, ",{", 2) != 0 || f->n == GOPT_TOKENS_MAX_CITIES) return false;
        f->slots[f->n] = (int)slots;
        p = read_edges(after + 2, &f->edges[f->n]);
        f->n++;
    }
    return f->n > 0;
}

static int compared;

static void compare(gopt_tokens_library *lib, const char *game, const char *name, const form *f) {
    char spec[64];
    snprintf(spec, sizeof spec, "%s:%s", game, name);
    gopt_error err = {0};
    const gopt_tokens_tile *t = gopt_tokens_lookup(lib, spec, "README", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err);
    if (!t) fail_msg("README tile %s is not in our catalogue: %s", spec, err.msg);
    if (t->ncities != f->n) fail_msg("%s: %d cities, README says %d", spec, t->ncities, f->n);
    for (int c = 0; c < f->n; c++) {
        if (gopt_tokens_city_slots(t, c) != f->slots[c] || gopt_tokens_city_edges(t, c, 0) != f->edges[c])
            fail_msg("%s city %d: %d slots, edges %#x; README: %d slots, edges %#x", spec, c, gopt_tokens_city_slots(t, c),
                     gopt_tokens_city_edges(t, c, 0), f->slots[c], f->edges[c]);
    }
    compared++;
}

/* Section 3's table: `| NAME ... | colour | code | forms |`, all 1867 tiles. */
static void table_rows(gopt_tokens_library *lib, const char *text) {
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "| ", 2) != 0) continue;
        const char *eol = strchr(line, '\n');
        if (!eol) eol = line + strlen(line);
        const char *last = eol;
        while (last > line && last[-1] != '|') last--;
        const char *cell = last - 1;
        while (cell > line && cell[-1] != '|') cell--;
        form f;
        char name[16] = "";
        sscanf(line + 2, "%15s", name);
        if (strcmp(name, "tile") == 0 || !read_form(cell, last, &f)) continue;
        compare(lib, "1867", name, &f);
    }
}

/* A form in backquotes shortly after the name: "J4 `(1,{0}) (1,{3})`". */
static void quoted(gopt_tokens_library *lib, const char *text, const char *game, const char *name) {
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        if ((p > text && isalnum((unsigned char)p[-1])) || isalnum((unsigned char)p[len])) continue;
        const char *tick = strstr(p + len, "`(");
        const char *next_tick = strchr(p + len, '`');
        if (!tick || tick != next_tick || tick - (p + len) > 12) continue;
        const char *close = strchr(tick + 1, '`');
        form f;
        if (close && read_form(tick + 1, close, &f)) {
            compare(lib, game, name, &f);
            return;
        }
    }
    fail_msg("the README gives no form for %s %s", game, name);
}

static void readme_forms_match_catalogues(void **state) {
    (void)state;
    char path[1024];
    size_t len;
    char *text = test_read_file(test_shared_path("18xx/README.md", path, sizeof path), &len);
    gopt_tokens_library *lib = gopt_tokens_library_new();
    table_rows(lib, text);
    assert_true(compared >= 10);
    const char *toronto[] = {"F16", "120", "122", "124"};
    for (int k = 0; k < 4; k++) quoted(lib, text, "1867", toronto[k]);
    const char *chesapeake[] = {"J4", "X3", "X4", "X5", "H6", "X7", "X9"};
    for (int k = 0; k < 7; k++) quoted(lib, text, "18Chesapeake", chesapeake[k]);
    const char *winnipeg[] = {"W1", "W2", "W3"};
    for (int k = 0; k < 3; k++) quoted(lib, text, "1822CA", winnipeg[k]);
    print_message("%d tiles of the README match our catalogues\n", compared);
    gopt_tokens_library_free(lib);
    free(text);
}

int main(void) {
    test_require_shared("18xx/README.md");
    const struct CMUnitTest tests[] = {cmocka_unit_test(readme_forms_match_catalogues)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

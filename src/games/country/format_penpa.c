/* penpa-edit links (https://swaroopg92.github.io/penpa-edit/#m=edit&p=DATA): DATA is the
 * base64 of raw-deflated text (zlib, no header), lines separated by '\n':
 *     0  header: gridtype,COLS,ROWS,size,...  (COLS, ROWS count the hidden margins too)
 *     1  margins hidden on each side: [top,bottom,left,right]
 *     2  editor modes
 *     3  pu_q, the problem layer: JSON, with quoted keys abbreviated ("number" -> zN, null ->
 *        zO, ...)
 *     4  pu_a, the answer layer, same form; then undo lists, settings, ...
 * Points are numbered on a grid of (COLS + 4) x (ROWS + 4) (two spare rings around the
 * board): point (category, r, c) = category * (COLS + 4) * (ROWS + 4) + (r + 2 + top) *
 * (COLS + 4) + c + 2 + left, for cell centres (category 0) and for the corner to the
 * bottom-right of cell (r, c) (category 1). A Country Road is drawn with
 *     pu_q.lineE   {"v1,v2": style}: room borders, segments between two corners (Edge mode)
 *     pu_q.number  {"centre": [text, colour, submode]}: the room numbers ("?" allowed)
 *     pu_a.line    {"c1,c2": style}: the loop, segments between two cell centres (optional)
 * Borders on the frame are ignored; a border between two cells of one area is a wall. */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "internal.h"

#define PENPA_MAX_TEXT (8u << 20) /* inflated bytes we accept (a 100x100 board is ~1 MB) */
#define PENPA_MAX_POINTS 10000    /* header sizes beyond this are refused before any arithmetic */

/* penpa's abbreviations of its JSON, in its order (the writer applies them forwards, the
 * reader backwards, as penpa does). */
static const char *const abbreviations[][2] = {
    {"\"qa\"", "z9"},           {"\"pu_q\"", "zQ"},         {"\"pu_a\"", "zA"},           {"\"grid\"", "zG"},
    {"\"edit_mode\"", "zM"},    {"\"surface\"", "zS"},      {"\"line\"", "zL"},           {"\"lineE\"", "zE"},
    {"\"wall\"", "zW"},         {"\"cage\"", "zC"},         {"\"number\"", "zN"},         {"\"symbol\"", "zY"},
    {"\"special\"", "zP"},      {"\"board\"", "zB"},        {"\"command_redo\"", "zR"},   {"\"command_undo\"", "zU"},
    {"\"command_replay\"", "z8"}, {"\"numberS\"", "z1"},    {"\"freeline\"", "zF"},       {"\"freelineE\"", "z2"},
    {"\"thermo\"", "zT"},       {"\"arrows\"", "z3"},       {"\"direction\"", "zD"},      {"\"squareframe\"", "z0"},
    {"\"polygon\"", "z5"},      {"\"deletelineE\"", "z4"},  {"\"killercages\"", "z6"},    {"\"nobulbthermo\"", "z7"},
    {"\"__a\"", "z_"},          {"null", "zO"},
};
#define NABBR (sizeof abbreviations / sizeof abbreviations[0])

static bool contains(const char *s, size_t n, const char *word) {
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(s + i, word, k) == 0) return true;
    return false;
}

bool country_is_penpa(const char *s, size_t n) {
    return contains(s, n, "penpa") || contains(s, n, "m=edit&p=") || contains(s, n, "m=solve&p=");
}

/* Replaces every `from` by `to` in a NUL-terminated heap string. */
static char *replace_all(char *s, const char *from, const char *to) {
    size_t nf = strlen(from), nt = strlen(to);
    if (!strstr(s, from)) return s;
    gopt_buf b = {0};
    for (const char *p = s, *hit; *p; p = hit + nf) {
        hit = strstr(p, from);
        if (!hit) {
            gopt_buf_puts(&b, p);
            break;
        }
        gopt_buf_append(&b, p, (size_t)(hit - p));
        gopt_buf_append(&b, to, nt);
        if (!hit[nf]) break;
    }
    free(s);
    return b.data ? gopt_buf_take(&b) : gopt_strdup("");
}

static int base64_value(int c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-' || c == ' ') return 62; /* '-' of url-safe base64; '+' read as ' ' */
    if (c == '/' || c == '_') return 63;
    return -1;
}

/* Decodes the base64 at t (up to `end`, percent-escapes of + / = allowed) into b. */
static bool read_base64(gopt_text *t, const char *end, gopt_buf *b, gopt_error *err) {
    unsigned acc = 0;
    int bits = 0;
    while (t->data + t->pos < end) {
        gopt_text_mark at = gopt_text_save(t);
        int c = gopt_text_next(t);
        if (c == '%' && t->data + t->pos + 2 <= end) {
            const char *e = t->data + t->pos;
            c = strncmp(e, "2B", 2) == 0 || strncmp(e, "2b", 2) == 0   ? '+'
                : strncmp(e, "2F", 2) == 0 || strncmp(e, "2f", 2) == 0 ? '/'
                : strncmp(e, "3D", 2) == 0 || strncmp(e, "3d", 2) == 0 ? '='
                                                                       : '%';
            if (c != '%') gopt_text_next(t), gopt_text_next(t);
        }
        if (c == '=') continue;
        int v = base64_value(c);
        if (v < 0) {
            char what[32];
            return gopt_text_fail_at(t, at, err, "expected base64 (A-Z, a-z, 0-9, +, /) in the p= data, found %s",
                                     gopt_text_describe(c, what, sizeof what));
        }
        acc = (acc << 6) | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            gopt_buf_putc(b, (char)((acc >> bits) & 0xff));
        }
    }
    return true;
}

/* Raw inflate (penpa's Zlib.RawDeflate writes no zlib header). NULL when not deflate data. */
static char *inflate_raw(const gopt_buf *in, size_t *len, const char **why) {
    z_stream z = {0};
    if (inflateInit2(&z, -15) != Z_OK) {
        *why = "zlib cannot start";
        return NULL;
    }
    gopt_buf out = {0};
    char chunk[16384];
    z.next_in = (Bytef *)in->data;
    z.avail_in = (uInt)in->len;
    int r;
    do {
        z.next_out = (Bytef *)chunk;
        z.avail_out = sizeof chunk;
        r = inflate(&z, Z_NO_FLUSH);
        if (r != Z_OK && r != Z_STREAM_END) break;
        gopt_buf_append(&out, chunk, sizeof chunk - z.avail_out);
        if (out.len > PENPA_MAX_TEXT) r = Z_MEM_ERROR;
    } while (r == Z_OK && (z.avail_in > 0 || z.avail_out == 0));
    inflateEnd(&z);
    if (r != Z_STREAM_END) {
        *why = r == Z_MEM_ERROR ? "it inflates to more than 8 MB" : "it is not deflate data";
        gopt_buf_free(&out);
        return NULL;
    }
    *len = out.len;
    gopt_buf_putc(&out, 0);
    return gopt_buf_take(&out);
}

/* Line k of the text (a copy, penpa's abbreviations expanded), or NULL past the end. Every
 * abbreviation is 'z' and one character, and no expansion holds a 'z', so one pass left to
 * right gives what penpa's replacements in turn give (a pass per abbreviation took a second
 * on an inflated 8 MB line). */
static char *text_line(const char *text, int k) {
    const char *p = text;
    for (int i = 0; i < k && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    if (!p) return NULL;
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    const char *expand[256] = {0};
    for (size_t i = 0; i < NABBR; i++) expand[(unsigned char)abbreviations[i][1][1]] = abbreviations[i][0];
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    for (size_t i = 0; i < n; i++) {
        const char *e = p[i] == 'z' && i + 1 < n ? expand[(unsigned char)p[i + 1]] : NULL;
        if (e) gopt_buf_puts(&b, e), i++;
        else gopt_buf_putc(&b, p[i]);
    }
    return gopt_buf_take(&b);
}

/* "a,b" into two point numbers. */
static bool point_pair(const char *key, long *a, long *b) {
    char *end;
    *a = strtol(key, &end, 10);
    if (end == key || *end != ',') return false;
    const char *second = end + 1;
    *b = strtol(second, &end, 10);
    return end != second && !*end;
}

typedef struct penpa_grid {
    int cols, rows;     /* the board, margins removed */
    int top, left;      /* margins */
    long stride, plane; /* points per row (COLS + 4), per category */
} penpa_grid;

/* Point number -> category, row, column of the board (may lie outside it). */
static void point_at(const penpa_grid *g, long k, int *category, int *r, int *c) {
    *category = (int)(k / g->plane);
    long rest = k % g->plane;
    *r = (int)(rest / g->stride) - 2 - g->top;
    *c = (int)(rest % g->stride) - 2 - g->left;
}

static long point_of(const penpa_grid *g, int category, int r, int c) {
    return category * g->plane + (long)(r + 2 + g->top) * g->stride + c + 2 + g->left;
}

/* Room borders from lineE: corner (r, c) is the one below-right of cell (r, c). */
static void read_borders(const penpa_grid *g, json_t *edges, uint8_t *vb, uint8_t *hb) {
    const char *key;
    json_t *value;
    json_object_foreach(edges, key, value) {
        long a, b;
        int ka, ra, ca, kb, rb, cb;
        if (!point_pair(key, &a, &b) || a < 0 || b < 0) continue;
        point_at(g, a, &ka, &ra, &ca);
        point_at(g, b, &kb, &rb, &cb);
        if (ka != 1 || kb != 1) continue;
        if (ra == rb && abs(ca - cb) == 1) { /* horizontal: below cell (ra, max col) */
            int c = ca > cb ? ca : cb;
            if (ra >= 0 && ra < g->rows - 1 && c >= 0 && c < g->cols) hb[ra * g->cols + c] = 1;
        } else if (ca == cb && abs(ra - rb) == 1) { /* vertical: right of cell (max row, ca) */
            int r = ra > rb ? ra : rb;
            if (ca >= 0 && ca < g->cols - 1 && r >= 0 && r < g->rows) vb[r * (g->cols - 1) + ca] = 1;
        }
    }
}

/* Room numbers from the cell-centre numbers; false with *why on a bad one. */
static bool read_numbers(const penpa_grid *g, json_t *numbers, gopt_country_puzzle *p, char *why, size_t size) {
    const char *key;
    json_t *value;
    json_object_foreach(numbers, key, value) {
        char *end;
        long k = strtol(key, &end, 10);
        int cat, r, c;
        if (end == key || *end || k < 0) continue;
        point_at(g, k, &cat, &r, &c);
        if (cat != 0 || r < 0 || r >= g->rows || c < 0 || c >= g->cols) continue;
        const char *text = json_is_array(value) ? json_string_value(json_array_get(value, 0)) : NULL;
        if (!text || !*text) continue;
        long v = GOPT_COUNTRY_UNKNOWN;
        if (strcmp(text, "?") != 0) {
            v = strtol(text, &end, 10);
            if (end == text || *end || v < 0 || v > GOPT_COUNTRY_MAX_NUMBER)
                return gopt_reason(why, size, "the text '%.30s' in row %d, column %d is not a room number", text,
                                   r + 1, c + 1);
        }
        int room = p->room[r * g->cols + c];
        if (p->number[room] != GOPT_COUNTRY_NO_NUMBER)
            return gopt_reason(why, size, "a second number in the room of row %d, column %d", r + 1, c + 1);
        p->number[room] = (int)v;
    }
    return true;
}

/* The loop drawn in the answer layer, if any. */
static void read_loop(const penpa_grid *g, json_t *lines, gopt_country_puzzle *p) {
    uint8_t *dirs = gopt_calloc((size_t)gopt_grid_cells(p->size), 1);
    bool any = false;
    const char *key;
    json_t *value;
    json_object_foreach(lines, key, value) {
        long a, b;
        int ka, ra, ca, kb, rb, cb;
        if (!point_pair(key, &a, &b) || a < 0 || b < 0) continue;
        point_at(g, a, &ka, &ra, &ca);
        point_at(g, b, &kb, &rb, &cb);
        if (ka != 0 || kb != 0 || ra < 0 || rb < 0 || ca < 0 || cb < 0 || ra >= g->rows || rb >= g->rows ||
            ca >= g->cols || cb >= g->cols || abs(ra - rb) + abs(ca - cb) != 1)
            continue;
        int u = ra * g->cols + ca, v = rb * g->cols + cb;
        gopt_dir d = rb > ra ? GOPT_S : rb < ra ? GOPT_N : cb > ca ? GOPT_E : GOPT_W;
        dirs[u] |= (uint8_t)GOPT_DIR_BIT(d);
        dirs[v] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite(d));
        any = true;
    }
    if (any) p->given = dirs;
    else free(dirs);
}

/* The decoded text into a puzzle; false with *why naming what was found instead. */
static gopt_country_puzzle *from_text(const char *text, char *why, size_t size) {
    char *header = text_line(text, 0), *margins = text_line(text, 1), *layer = text_line(text, 3);
    char *answer = text_line(text, 4);
    json_t *m = NULL, *q = NULL, *a = NULL;
    gopt_country_puzzle *p = NULL;
    char kind[16] = "";
    long nx = 0, ny = 0;
    if (header) sscanf(header, "%15[^,],%ld,%ld", kind, &nx, &ny);
    json_int_t margin[4] = {0, 0, 0, 0};
    if (!header || !kind[0]) {
        gopt_reason(why, size, "the p= data has no penpa-edit header line");
    } else if (strcmp(kind, "square") != 0 && strcmp(kind, "sudoku") != 0 && strcmp(kind, "kakuro") != 0) {
        gopt_reason(why, size, "a penpa-edit puzzle on a '%s' grid; Country Road needs a square grid", kind);
    } else if (!(m = margins ? json_loads(margins, 0, NULL) : NULL) || !json_is_array(m) || json_array_size(m) != 4) {
        gopt_reason(why, size, "a penpa-edit square grid without its margins line ([top,bottom,left,right])");
    } else if (!(q = layer ? json_loads(layer, 0, NULL) : NULL) || !json_is_object(q)) {
        gopt_reason(why, size, "a penpa-edit square grid %ldx%ld without a readable problem layer (line 4)", nx, ny);
    } else if ((void)(margin[0] = json_integer_value(json_array_get(m, 0))),
               (void)(margin[1] = json_integer_value(json_array_get(m, 1))),
               (void)(margin[2] = json_integer_value(json_array_get(m, 2))),
               (void)(margin[3] = json_integer_value(json_array_get(m, 3))),
               nx < 1 || ny < 1 || nx > PENPA_MAX_POINTS || ny > PENPA_MAX_POINTS || margin[0] < 0 ||
                   margin[1] < 0 || margin[2] < 0 || margin[3] < 0 || margin[0] + margin[1] >= ny ||
                   margin[2] + margin[3] >= nx) {
        /* checked before any arithmetic: 4294967306 columns once wrapped round to 10 */
        gopt_reason(why, size, "a penpa-edit square grid of %ldx%ld points with margins [%lld,%lld,%lld,%lld]: "
                               "Country Road reads 1x1 to %dx%d cells",
                    nx, ny, (long long)margin[0], (long long)margin[1], (long long)margin[2], (long long)margin[3],
                    GOPT_COUNTRY_MAX_SIDE, GOPT_COUNTRY_MAX_SIDE);
    } else {
        penpa_grid g = {.top = (int)margin[0], .left = (int)margin[2]};
        g.cols = (int)(nx - margin[2] - margin[3]);
        g.rows = (int)(ny - margin[0] - margin[1]);
        g.stride = nx + 4;
        g.plane = (nx + 4) * (ny + 4);
        json_t *edges = json_object_get(q, "lineE"), *numbers = json_object_get(q, "number");
        if (g.cols < 1 || g.rows < 1 || g.cols > GOPT_COUNTRY_MAX_SIDE || g.rows > GOPT_COUNTRY_MAX_SIDE ||
            g.top < 0 || g.left < 0 || g.cols + g.left > nx || g.rows + g.top > ny) {
            gopt_reason(why, size, "a penpa-edit square grid of %dx%d cells; Country Road reads 1x1 to %dx%d", g.cols,
                        g.rows, GOPT_COUNTRY_MAX_SIDE, GOPT_COUNTRY_MAX_SIDE);
        } else if (!json_is_object(edges) || json_object_size(edges) == 0) {
            gopt_reason(why, size,
                        "a penpa-edit square grid of %dx%d cells without room borders (lines of the Edge mode)",
                        g.cols, g.rows);
        } else {
            int nv = (g.cols - 1) * g.rows, nh = g.cols * (g.rows - 1);
            uint8_t *vb = gopt_calloc((size_t)nv + 1, 1), *hb = gopt_calloc((size_t)nh + 1, 1);
            read_borders(&g, edges, vb, hb);
            p = country_from_borders((gopt_grid){g.cols, g.rows}, vb, hb);
            free(vb);
            free(hb);
            if (json_is_object(numbers) && !read_numbers(&g, numbers, p, why, size)) {
                gopt_country_free(p);
                p = NULL;
            }
            if (p && answer && (a = json_loads(answer, 0, NULL)) && json_is_object(json_object_get(a, "line")))
                read_loop(&g, json_object_get(a, "line"), p);
        }
    }
    json_decref(m);
    json_decref(q);
    json_decref(a);
    free(header);
    free(margins);
    free(layer);
    free(answer);
    return p;
}

bool country_read_penpa(gopt_text *t, const char *s, size_t n, gopt_country_puzzle **out, gopt_error *err) {
    const char *value = NULL, *end = s + n;
    for (size_t i = 0; i + 2 <= n && !value; i++)
        if (s[i] == 'p' && s[i + 1] == '=' && i > 0 && strchr("&?#", s[i - 1])) value = s + i + 2;
    if (!value) return gopt_text_fail(t, err, "a penpa-edit link without its puzzle data (p=...)");
    const char *stop = value;
    while (stop < end && *stop != '&' && *stop != '#') stop++;
    while (t->data + t->pos < value) gopt_text_next(t);
    gopt_text_mark at = gopt_text_save(t);
    gopt_buf raw = {0};
    if (!read_base64(t, stop, &raw, err)) return gopt_buf_free(&raw), false;
    const char *why_zlib = NULL;
    size_t len = 0;
    char *text = inflate_raw(&raw, &len, &why_zlib);
    gopt_buf_free(&raw);
    if (!text) return gopt_text_fail_at(t, at, err, "the p= data of the penpa-edit link: %s", why_zlib);
    /* the inflated text and jansson's trees of its lines (about 16 bytes a byte) count
     * against --memory-limit while they live */
    size_t held = len * 17;
    if (!gopt_text_charge(t, at, held, err)) return free(text), false;
    char why[300] = "";
    *out = memchr(text, 0, len) ? NULL : from_text(text, why, sizeof why);
    free(text);
    gopt_budget_release(NULL, held);
    if (!*out) return gopt_text_fail_at(t, at, err, "%s", why[0] ? why : "the p= data holds a NUL byte");
    while (t->data + t->pos < end) gopt_text_next(t);
    return true;
}

/* ---------------------------------------------------------------- writing */

static char *abbreviate(char *s) {
    for (size_t i = 0; i < NABBR; i++) s = replace_all(s, abbreviations[i][0], abbreviations[i][1]);
    return s;
}

/* A layer with every key the editor expects (it rebuilds its undo stacks from them). */
static json_t *empty_layer(void) {
    json_t *l = json_object();
    static const char *const objects[] = {"surface", "number", "numberS", "symbol", "freeline", "freelineE",
                                          "line",    "lineE",  "wall",    "cage",   "special",  "deletelineE"};
    static const char *const arrays[] = {"thermo", "arrows", "direction", "squareframe", "polygon", "killercages",
                                         "nobulbthermo"};
    for (size_t i = 0; i < sizeof objects / sizeof *objects; i++) json_object_set_new(l, objects[i], json_object());
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++) json_object_set_new(l, arrays[i], json_array());
    static const char *const stacks[] = {"command_redo", "command_undo", "command_replay"};
    for (size_t i = 0; i < 3; i++) json_object_set_new(l, stacks[i], json_pack("{s:[]}", "__a"));
    return l;
}

static void set_key(json_t *obj, long a, long b, json_t *value) {
    char key[48];
    snprintf(key, sizeof key, "%ld,%ld", a < b ? a : b, a < b ? b : a);
    json_object_set_new(obj, key, value);
}

/* text as raw deflate (no zlib header: the form penpa-edit links hold, which the reader
 * inflates raw too), then base64. */
static void put_deflated_base64(gopt_buf *out, const char *text) {
    z_stream z = {0};
    deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    uLong cap = deflateBound(&z, (uLong)strlen(text));
    unsigned char *packed = gopt_malloc(cap);
    z.next_in = (Bytef *)text;
    z.avail_in = (uInt)strlen(text);
    z.next_out = packed;
    z.avail_out = (uInt)cap;
    deflate(&z, Z_FINISH);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)packed[i] << 16 | (i + 1 < n ? (unsigned)packed[i + 1] << 8 : 0) |
                     (i + 2 < n ? packed[i + 2] : 0);
        gopt_buf_putc(out, digits[v >> 18 & 63]);
        gopt_buf_putc(out, digits[v >> 12 & 63]);
        gopt_buf_putc(out, i + 1 < n ? digits[v >> 6 & 63] : '=');
        gopt_buf_putc(out, i + 2 < n ? digits[v & 63] : '=');
    }
    free(packed);
}

char *country_write_penpa(const gopt_country_puzzle *p, const uint8_t *dirs, const char **why) {
    gopt_grid gg = p->size;
    for (int c = 0; c < gopt_grid_cells(gg); c++)
        if (p->room[c] == GOPT_COUNTRY_HOLE) {
            *why = "a penpa-edit link of ours cannot hold cells outside the puzzle";
            return NULL;
        }
    if (p->empty_rooms) {
        *why = "penpa-edit has no mark for the variant with empty rooms (use url)";
        return NULL;
    }
    penpa_grid g = {.cols = gg.w, .rows = gg.h, .stride = gg.w + 4, .plane = (long)(gg.w + 4) * (gg.h + 4)};
    json_t *q = empty_layer(), *a = empty_layer();
    json_t *edges = json_object_get(q, "lineE"), *numbers = json_object_get(q, "number");
    for (int r = 0; r < gg.h; r++)
        for (int c = 0; c < gg.w; c++) {
            int cell = r * gg.w + c;
            if (c + 1 < gg.w && gopt_country_border(p, cell, GOPT_E))
                set_key(edges, point_of(&g, 1, r - 1, c), point_of(&g, 1, r, c), json_integer(2));
            if (r + 1 < gg.h && gopt_country_border(p, cell, GOPT_S))
                set_key(edges, point_of(&g, 1, r, c - 1), point_of(&g, 1, r, c), json_integer(2));
            int room = p->room[cell], v = p->room_first[room] == cell ? p->number[room] : GOPT_COUNTRY_NO_NUMBER;
            if (v != GOPT_COUNTRY_NO_NUMBER) {
                char text[16], key[24];
                snprintf(text, sizeof text, v == GOPT_COUNTRY_UNKNOWN ? "?" : "%d", v);
                snprintf(key, sizeof key, "%ld", point_of(&g, 0, r, c));
                json_object_set_new(numbers, key, json_pack("[s,i,s]", text, 1, "1"));
            }
            if (dirs && c + 1 < gg.w && (dirs[cell] & GOPT_DIR_BIT(GOPT_E)))
                set_key(json_object_get(a, "line"), point_of(&g, 0, r, c), point_of(&g, 0, r, c + 1), json_integer(3));
            if (dirs && r + 1 < gg.h && (dirs[cell] & GOPT_DIR_BIT(GOPT_S)))
                set_key(json_object_get(a, "line"), point_of(&g, 0, r, c), point_of(&g, 0, r + 1, c), json_integer(3));
        }
    /* A board of one room has no border inside; its frame is drawn as Edge lines so the link
     * still shows (and our reader still finds) a board drawn in the Edge mode. */
    if (json_object_size(edges) == 0)
        for (int i = 0; i < gg.w; i++) {
            set_key(edges, point_of(&g, 1, -1, i - 1), point_of(&g, 1, -1, i), json_integer(2));
            set_key(edges, point_of(&g, 1, gg.h - 1, i - 1), point_of(&g, 1, gg.h - 1, i), json_integer(2));
        }
    /* The cells the editor draws, as the first point then differences. */
    json_t *centers = json_array();
    for (int cell = 0; cell < gopt_grid_cells(gg); cell++)
        json_array_append_new(centers,
                              json_integer(cell == 0 ? point_of(&g, 0, 0, 0)
                                                     : point_of(&g, 0, cell / gg.w, cell % gg.w) -
                                                           point_of(&g, 0, (cell - 1) / gg.w, (cell - 1) % gg.w)));
    gopt_buf b = {0};
    int size = 38;
    long center = point_of(&g, 0, gg.h / 2, gg.w / 2);
    gopt_buf_printf(&b, "square,%d,%d,%d,0,1,1,%d,%d,%ld,%ld,0,0,0,0,Title: ,Author: ,,,1,false\n", gg.w, gg.h, size,
                    (gg.w + 1) * size, (gg.h + 1) * size, center, center);
    gopt_buf_puts(&b, "[0,0,0,0]\n{\"qa\":\"pu_q\",\"grid\":[\"1\",\"2\",\"1\"]}\n");
    char *qs = json_dumps(q, JSON_COMPACT | JSON_PRESERVE_ORDER), *as = json_dumps(a, JSON_COMPACT | JSON_PRESERVE_ORDER);
    char *cs = json_dumps(centers, JSON_COMPACT);
    gopt_buf_printf(&b, "%s\n%s\n%s\n[]\n{}", qs, as, cs);
    free(qs);
    free(as);
    free(cs);
    json_decref(q);
    json_decref(a);
    json_decref(centers);
    char *text = abbreviate(gopt_buf_take(&b));

    gopt_buf out = {0};
    gopt_buf_puts(&out, "https://swaroopg92.github.io/penpa-edit/#m=edit&p=");
    put_deflated_base64(&out, text);
    free(text);
    gopt_buf_putc(&out, '\n');
    return gopt_buf_take(&out);
}

/* JSON levels as the mobile game's level scrapers store them: a grid, one array per row,
 * each cell a colour name ("red", "darkblue") or "" / null for an empty cell; or an object
 * holding such a grid under "grid", "board" or "level" (other keys are ignored). A file may
 * hold many levels: one after another, in an array, in an object under "levels", or as the
 * public level scrapers store a pack: one object whose keys are the level names and whose
 * values the levels ({"level_1": [[...]], "level_2": ...}), read in the file's order, each
 * named by its key. The levels are read one at a time (jansson parses one value and says where it stopped), so a
 * file of thousands of levels never becomes one tree. Answers are the same grid, filled. */
#include <jansson.h>
#include <string.h>

#include "internal.h"
#include "parse.h"


/* The position after the white space from t's position (without moving). */
static size_t after_ws(const gopt_text *t, size_t pos) {
    while (pos < t->len && (t->data[pos] == ' ' || t->data[pos] == '\t' || t->data[pos] == '\n' || t->data[pos] == '\r')) pos++;
    return pos;
}

static void advance_to(gopt_text *t, size_t pos) {
    while (t->pos < pos && !gopt_text_eof(t)) gopt_text_next(t);
}

/* The JSON string at pos (a key), decoded into *key (the caller frees it); the position after
 * it, or 0 when there is none there. */
static size_t read_key(const gopt_text *t, size_t pos, char **key) {
    json_error_t je;
    json_t *v = json_loadb(t->data + pos, t->len - pos, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &je);
    size_t end = v && json_is_string(v) ? pos + (size_t)je.position : 0;
    *key = end ? gopt_strdup(json_string_value(v)) : NULL;
    json_decref(v);
    return end;
}

/* Does the value at pos look like a level: a grid (an array of arrays) or an object? */
static bool level_ahead(const gopt_text *t, size_t pos) {
    pos = after_ws(t, pos);
    if (pos >= t->len) return false;
    if (t->data[pos] == '{') return true;
    size_t q = after_ws(t, pos + 1);
    return t->data[pos] == '[' && q < t->len && t->data[q] == '[';
}

/* Steps into the containers that only hold levels: an outer array of levels or grids, an
 * object's "levels" array, and an object of named levels as the level scrapers store a pack
 * ({"level_1": grid, "level_2": grid, ...}: the level is named by its key, set in *name);
 * and over the commas and closing brackets between levels. */
static void skip_wrappers(gopt_text *t, char **name) {
    for (;;) {
        size_t p = after_ws(t, t->pos);
        if (p >= t->len) return advance_to(t, p);
        char c = t->data[p];
        if (c == ',' || c == ']' || c == '}') {
            advance_to(t, p + 1);
            continue;
        }
        if (c == '[') { /* an array of levels (objects, or grids: arrays of arrays of rows) */
            size_t q = after_ws(t, p + 1);
            bool levels = q < t->len && t->data[q] == '{';
            if (q < t->len && t->data[q] == '[') {
                size_t r = after_ws(t, q + 1);
                levels = r < t->len && t->data[r] == '[';
            }
            if (!levels) return advance_to(t, p);
            advance_to(t, p + 1);
            continue;
        }
        if (c == '{' || c == '"') { /* {"levels": [ ..., {"level_1": [[ ..., or a level's name */
            size_t q = c == '{' ? after_ws(t, p + 1) : p;
            char *key = NULL;
            size_t k = q < t->len && t->data[q] == '"' ? read_key(t, q, &key) : 0;
            k = k ? after_ws(t, k) : 0;
            bool colon = k && k < t->len && t->data[k] == ':';
            bool into = false;
            if (colon && c == '"') { /* a named level: keep the name, read the value */
                free(*name);
                *name = key;
                advance_to(t, k + 1);
                continue;
            }
            if (colon && strcmp(key, "levels") == 0) {
                size_t v = after_ws(t, k + 1);
                into = v < t->len && t->data[v] == '[';
                if (into) p = v; /* (into the array) */
            } else if (colon && strcmp(key, "grid") != 0 && strcmp(key, "board") != 0 && strcmp(key, "level") != 0) {
                into = level_ahead(t, k + 1); /* an object of named levels: step in, the key is read next */
            }
            free(key);
            if (!into) return advance_to(t, p);
            advance_to(t, p + 1);
            continue;
        }
        return advance_to(t, p);
    }
}

/* After a level: the commas and closing brackets up to the next level or the end, so that
 * the next read (and the check for text after the last answer) starts at what follows. */
static void skip_closers(gopt_text *t) {
    for (size_t p = after_ws(t, t->pos); p < t->len && (t->data[p] == ',' || t->data[p] == ']' || t->data[p] == '}');
         p = after_ws(t, p + 1))
        advance_to(t, p + 1);
}

/* Parses one JSON value at t's position and moves past it. */
static json_t *parse_value(gopt_text *t, gopt_error *err) {
    json_error_t je;
    gopt_text_mark at = gopt_text_save(t);
    json_t *v = json_loadb(t->data + t->pos, t->len - t->pos, JSON_DISABLE_EOF_CHECK | JSON_REJECT_DUPLICATES, &je);
    if (!v) {
        gopt_text_mark where = at;
        if (je.line > 1) where.line = at.line + je.line - 1, where.col = je.column > 0 ? je.column : 1;
        else if (je.column > 0) where.col = at.col + je.column - 1;
        gopt_text_fail_at(t, where, err, "JSON: %s", je.text);
        return NULL;
    }
    advance_to(t, t->pos + (size_t)je.position);
    return v;
}

/* The grid of a level value, or NULL with err set at `at`. */
static json_t *level_grid(const gopt_text *t, json_t *v, gopt_text_mark at, gopt_error *err) {
    if (json_is_object(v)) {
        static const char *const keys[] = {"grid", "board", "level"};
        for (int i = 0; i < 3; i++)
            if (json_object_get(v, keys[i])) return level_grid(t, json_object_get(v, keys[i]), at, err);
        gopt_text_fail_at(t, at, err, "a JSON level needs a \"grid\" (an array of rows of colour names)");
        return NULL;
    }
    if (!json_is_array(v) || json_array_size(v) == 0) {
        gopt_text_fail_at(t, at, err, "a JSON level's grid is a non-empty array of rows");
        return NULL;
    }
    size_t w = 0;
    for (size_t r = 0; r < json_array_size(v); r++) {
        json_t *row = json_array_get(v, r);
        if (!json_is_array(row) || json_array_size(row) == 0) {
            gopt_text_fail_at(t, at, err, "row %zu of the JSON grid is not a non-empty array of colour names", r + 1);
            return NULL;
        }
        if (r == 0) w = json_array_size(row);
        if (json_array_size(row) != w) {
            gopt_text_fail_at(t, at, err, "row %zu of the JSON grid has %zu cells, the rows above have %zu", r + 1,
                              json_array_size(row), w);
            return NULL;
        }
        for (size_t c = 0; c < w; c++) {
            json_t *cell = json_array_get(row, c);
            if (!json_is_null(cell) && !json_is_string(cell)) {
                gopt_text_fail_at(t, at, err, "row %zu, column %zu of the JSON grid: expected a colour name, \"\" or null",
                                  r + 1, c + 1);
                return NULL;
            }
            if (json_is_string(cell) && json_string_length(cell) >= GOPT_FLOW_LABEL) {
                gopt_text_fail_at(t, at, err, "row %zu, column %zu of the JSON grid: colour names have at most %d characters",
                                  r + 1, c + 1, GOPT_FLOW_LABEL - 1);
                return NULL;
            }
        }
    }
    if ((double)w * (double)json_array_size(v) > FLOW_MAX_CELLS) {
        gopt_text_fail_at(t, at, err, "board size %zux%zu is out of range", w, json_array_size(v));
        return NULL;
    }
    return v;
}

/* A cell's colour name, or NULL for an empty cell. */
static const char *cell_name(json_t *grid, size_t r, size_t c) {
    json_t *cell = json_array_get(json_array_get(grid, r), c);
    const char *s = json_is_string(cell) ? json_string_value(cell) : NULL;
    return s && s[0] ? s : NULL;
}

int flow_read_json(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err) {
    *out = NULL;
    char *level = NULL; /* its name, when the file names it */
    skip_wrappers(t, &level);
    if (gopt_text_eof(t)) {
        bool named = level != NULL;
        free(level);
        if (named) gopt_text_fail(t, err, "JSON: the level named by the last key is missing");
        return named ? -1 : 0;
    }
    gopt_text_mark at = gopt_text_save(t);
    json_t *v = parse_value(t, err);
    json_t *grid = v ? level_grid(t, v, at, err) : NULL;
    if (!grid) {
        json_decref(v);
        free(level);
        return -1;
    }
    skip_closers(t);
    int h = (int)json_array_size(grid), w = (int)json_array_size(json_array_get(grid, 0));
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, at, &b, &m, GOPT_FLOW_JSON, 1, h, w, err)) {
        json_decref(v);
        free(level);
        return -1;
    }
    bool ok = true;
    for (int r = 0; r < h && ok; r++)
        for (int c = 0; c < w && ok; c++) {
            const char *name = cell_name(grid, (size_t)r, (size_t)c);
            if (!name) continue;
            bool plain = true; /* (names are written back unescaped) */
            for (const char *q = name; *q; q++) plain &= *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20;
            if (!plain) {
                ok = gopt_text_fail_at(t, at, err,
                                       "row %d, column %d of the JSON grid: a colour name holds '\"', '\\' or a control character",
                                       r + 1, c + 1);
                break;
            }
            ok = flow_parse_add_endpoint(t, &b, &m, r * w + c, name, at, err);
        }
    json_decref(v);
    *out = flow_parse_finish(t, &b, &m, ok, partial, at, err);
    if (*out) (*out)->name = level;
    else free(level);
    return *out ? 1 : -1;
}

bool flow_read_json_answer(gopt_text *t, const gopt_flow_puzzle *p, int *mark, gopt_error *err) {
    char *level = NULL; /* (answers are matched to puzzles by order, as in every format) */
    skip_wrappers(t, &level);
    free(level);
    gopt_text_mark at = gopt_text_save(t);
    if (gopt_text_eof(t)) return gopt_text_fail(t, err, "expected the answer's JSON grid");
    json_t *v = parse_value(t, err);
    if (!v) return false;
    json_t *grid = level_grid(t, v, at, err);
    bool ok = grid != NULL;
    if (ok && ((int)json_array_size(grid) != p->rows || (int)json_array_size(json_array_get(grid, 0)) != p->cols))
        ok = gopt_text_fail_at(t, at, err, "the answer is %zux%zu, the puzzle %dx%d", json_array_size(json_array_get(grid, 0)),
                               json_array_size(grid), p->cols, p->rows);
    for (int r = 0; r < p->rows && ok; r++)
        for (int c = 0; c < p->cols && ok; c++) {
            int v2 = p->at[(size_t)r * p->cols + c];
            const char *name = cell_name(grid, (size_t)r, (size_t)c);
            int k = -1;
            if (name && strcmp(name, "?") == 0) { /* a partial answer's unknown cell */
                if (v2 >= 0) mark[v2] = FLOW_MARK_UNKNOWN;
                continue;
            }
            for (int j = 0; name && j < p->ncolours && k < 0; j++)
                if (strcmp(p->label[j], name) == 0) k = j;
            if (name && k < 0) ok = gopt_text_fail_at(t, at, err, "row %d, column %d: no colour of the puzzle is named '%s'", r + 1, c + 1, name);
            if (v2 >= 0) mark[v2] = k;
        }
    json_decref(v);
    if (ok) skip_closers(t);
    return ok;
}

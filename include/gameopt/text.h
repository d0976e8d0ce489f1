/* A text reader that knows where it is. Parsers read through it so every error can name
 * the line and column (columns count UTF-8 characters, starting at 1). Windows line ends are
 * turned into plain '\n' when the text is loaded, so parsers only ever see '\n'. */
#ifndef GAMEOPT_TEXT_H
#define GAMEOPT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include "gameopt/error.h"

typedef struct gopt_text {
    char name[256]; /* for errors: the file name, "-" for stdin, or e.g. "--from" */
    char *data;     /* NUL-terminated copy of the text */
    size_t len;
    size_t pos;
    int line;
    int col;
    /* What readers learn about the whole text, kept with it: */
    const char *guess; /* the format a reader guessed for it (readers of many puzzles guess once) */
    char warning[400]; /* how it was read when that was a choice ("FILE:LINE:COL: ..."); "" for none */
    size_t charged;    /* bytes of the memory budget (budget.h) the text holds */
} gopt_text;

/* A saved position, to look ahead and come back. */
typedef struct gopt_text_mark {
    size_t pos;
    int line;
    int col;
} gopt_text_mark;

/* Every text is UTF-8: a byte-order mark at the start is dropped, and gopt_text_load rejects
 * other encodings (e.g. Latin-1) at the first bad byte, so names never reach JSON mangled. */

/* Loads a whole file ("-" is stdin): front-end glue (src/front/files.c), for the front ends
 * that read this machine's files; games read through gopt_read_named. */
bool gopt_text_load(gopt_text *t, const char *path, gopt_error *err);
/* A command-line input: a file, "-" for stdin, or, when no file has that name and the
 * argument looks like a URL ("https://...", "www...", "?..."), the argument's own text,
 * named "url" in errors. So `gameopt GAME solve 'https://...'` reads the pasted link. */
bool gopt_text_load_arg(gopt_text *t, const char *arg, gopt_error *err);
/* Does s look like something a person pasted from a browser: a scheme, "www.", a query, or a
 * link without its scheme ("puzz.link/p?country/...", "pzv.jp/p.html?..."): a host name, a
 * path and a query? */
bool gopt_text_looks_like_url(const char *s);
/* Would gopt_text_load_arg read this argument as its own text (and no file has that name)? */
bool gopt_text_arg_is_url(const char *arg);
/* Reads from a copy of the given bytes; name is what errors call it. */
void gopt_text_from(gopt_text *t, const char *name, const char *data, size_t len);
void gopt_text_from_string(gopt_text *t, const char *name, const char *s);
/* Starts t on the file a link holds in pzprjs's `?pzprv3/...` form (q[0..n), from "pzprv3"):
 * '/' a line end, %XX a byte, '+' a space, as pzprjs reads the query after the browser's
 * percent-decoding; the text ends with a line end. */
void gopt_text_from_query(gopt_text *t, const char *name, const char *q, size_t n);
void gopt_text_free(gopt_text *t);
/* Fails, at the line and column of the first byte that is not UTF-8, unless all of t is. For
 * texts made with gopt_text_from (gopt_text_load checks on its own). */
bool gopt_text_check_utf8(gopt_text *t, gopt_error *err);
/* The offset of the first byte of s[0..len) that does not belong to valid UTF-8 (overlong
 * forms, surrogates and cut-short sequences included), or len when all is valid. */
size_t gopt_utf8_invalid(const char *s, size_t len);

static inline bool gopt_text_eof(const gopt_text *t) { return t->pos >= t->len; }
/* The next byte (0..255), or -1 at the end. */
static inline int gopt_text_peek(const gopt_text *t) {
    return t->pos < t->len ? (unsigned char)t->data[t->pos] : -1;
}
/* The byte k places ahead, or -1 past the end. */
static inline int gopt_text_peek_at(const gopt_text *t, size_t k) {
    return t->pos + k < t->len ? (unsigned char)t->data[t->pos + k] : -1;
}
/* Consumes one byte and returns it (-1 at the end). */
int gopt_text_next(gopt_text *t);
/* Consumes c if it comes next. */
bool gopt_text_accept(gopt_text *t, int c);
/* Consumes the word if it comes next (case-sensitive). */
bool gopt_text_accept_word(gopt_text *t, const char *word);

gopt_text_mark gopt_text_save(const gopt_text *t);
void gopt_text_restore(gopt_text *t, gopt_text_mark m);

/* Skips spaces and tabs (not line ends). */
void gopt_text_skip_spaces(gopt_text *t);
/* Skips all white space including line ends. */
void gopt_text_skip_ws(gopt_text *t);
/* Skips white space and lines starting with `comment` (e.g. '#'; 0 for none). */
void gopt_text_skip_ws_comments(gopt_text *t, char comment);
/* Returns the rest of the current line (without '\n') and moves to the next line. */
const char *gopt_text_line(gopt_text *t, size_t *len);
/* The rest of the current line, without moving. */
size_t gopt_text_line_rest(const gopt_text *t);

/* Reads an optionally signed decimal integer in [min, max]; errors name its position. */
bool gopt_text_int(gopt_text *t, long min, long max, long *out, gopt_error *err);
/* Reads a decimal number (integer or with fraction/exponent). */
bool gopt_text_double(gopt_text *t, double *out, gopt_error *err);
/* Consumes c or fails with "expected 'c'". */
bool gopt_text_expect(gopt_text *t, int c, gopt_error *err);

/* Records an error at the reader's current position. Returns false. */
bool gopt_text_fail(const gopt_text *t, gopt_error *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Records an error at a saved position. Returns false. */
bool gopt_text_fail_at(const gopt_text *t, gopt_text_mark at, gopt_error *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Records a warning at a saved position (the first one is kept): a choice the reader made that
 * the user should know of, such as which of two formats that fit it took. Front ends print
 * it; it never stops the reading. */
void gopt_text_warn(gopt_text *t, gopt_text_mark at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Charges bytes that a reader is about to allocate for what it reads to the memory budget
 * (budget.h: the current solve's account, else the process's), or fails at mark `at` when
 * --memory-limit has no room for them. The structure that holds them gives them back
 * (gopt_budget_release(NULL, bytes)) when it is freed. */
bool gopt_text_charge(const gopt_text *t, gopt_text_mark at, size_t bytes, gopt_error *err);

/* A reader builds at most this many bytes for each byte of its text (the densest real
 * encoding: a puzz.link run letter stands for up to 20 flow cells of 190 bytes, 3,800). */
#define GOPT_TEXT_MAX_EXPANSION 4096
/* The error for a memory charge refused while reading (bytes needed for what input_len bytes
 * of text hold; 0 when the text itself is what did not fit). An input that needs more than
 * GOPT_TEXT_MAX_EXPANSION times its size declares a size it does not hold (a 51-byte ADC
 * file declaring 1024x1024): bad input, exit 2, whatever the limit. Otherwise it is a real
 * input that needs more memory than --memory-limit leaves: a limit (err->limit, exit 3),
 * and a larger limit may read it. Returns false. */
bool gopt_fail_reading_memory(gopt_error *err, const char *file, int line, int col, size_t bytes, size_t input_len);

/* Describes a byte for messages: 'x', or "end of input", "end of line", "byte 0x07". */
const char *gopt_text_describe(int c, char *buf, size_t size);

#endif

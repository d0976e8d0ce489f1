/* pzprjs's Number16 code (gameopt/number16.h). */
#include "gameopt/number16.h"

int gopt_number16_digit(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* The wide items: a marker, its hex digits and the value the digits count from. */
static const struct {
    char c;
    int digits;
    long base;
} wide[] = {{'-', 2, 0}, {'+', 3, 0}, {'=', 3, 4096}, {'%', 3, 8192}, {'@', 3, 8192}, {'*', 4, 12240}, {'$', 5, 77776}};

size_t gopt_number16_read(const char *s, size_t n, long *number, long *skip) {
    *number = -1, *skip = 0;
    if (n == 0) return 0;
    int c = (unsigned char)s[0];
    if (gopt_number16_digit(c) >= 0) return *number = gopt_number16_digit(c), 1;
    if (c == '.') return *number = -2, 1;
    if (c >= 'g' && c <= 'z') return *skip = c - 'f', 1;
    for (size_t i = 0; i < sizeof wide / sizeof *wide; i++) {
        if (c != wide[i].c) continue;
        long v = 0;
        for (int d = 1; d <= wide[i].digits; d++) {
            if ((size_t)d >= n || gopt_number16_digit((unsigned char)s[d]) < 0) return 0;
            v = v * 16 + gopt_number16_digit((unsigned char)s[d]);
        }
        return *number = wide[i].base + v, (size_t)wide[i].digits + 1;
    }
    return 0;
}

void gopt_number16_write(gopt_buf *b, long n) {
    if (n < 16) gopt_buf_printf(b, "%lx", n);
    else if (n < 256) gopt_buf_printf(b, "-%02lx", n);
    else if (n < 4096) gopt_buf_printf(b, "+%03lx", n);
    else if (n < 8192) gopt_buf_printf(b, "=%03lx", n - 4096);
    else if (n < 12240) gopt_buf_printf(b, "@%03lx", n - 8192);
    else if (n < 77776) gopt_buf_printf(b, "*%04lx", n - 12240);
    else gopt_buf_printf(b, "$%05lx", n - 77776);
}

void gopt_number16_write_skip(gopt_buf *b, int skip) { gopt_buf_putc(b, (char)('f' + skip)); }

/* Which of flood's formats can hold a board (`flood convert`): compact boards are square
 * lines of one-character colour names, Tatham IDs hold at most 10 colours, and only puchert
 * files say where the flood starts (the other formats start in the top-left corner). */
#include <stdio.h>
#include <string.h>

#include "internal.h"

bool gopt_flood_writable(const gopt_flood_puzzle *p, const char *format, char *why, size_t size) {
    if (p->start != 0 && strcmp(format, "puchert") != 0)
        return snprintf(why, size, "its flood starts at row %d, column %d; %s boards start in the top-left corner "
                                   "(puchert files hold the start)",
                        p->start / p->w + 1, p->start % p->w + 1, format),
               false;
    if (strcmp(format, "compact") == 0 && p->w != p->h)
        return snprintf(why, size, "compact boards are square (one line of n*n colours), this one is %dx%d", p->w, p->h), false;
    if (flood_needs_letters(p, format) && p->ncolours > 62)
        return snprintf(why, size, "%s boards name colours by one letter or digit (62), this board has %d colours (puchert "
                                   "holds words)", format, p->ncolours),
               false;
    if (strcmp(format, "tatham") == 0 && p->ncolours > 10)
        return snprintf(why, size, "Tatham's IDs hold at most 10 colours, this board has %d", p->ncolours), false;
    return true;
}

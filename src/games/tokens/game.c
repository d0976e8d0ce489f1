/* The help of tokens; its gopt_game table is in verbs.c, beside the verbs whose question
 * reader the generic drivers share. */
#include "internal.h"

const char tokens_help[] =
    "Tiles are written in the 18xx.games tile language, e.g.\n"
    "  city=revenue:40;city=revenue:40;city=revenue:40,loc:5;path=a:1,b:_0;path=a:3,b:_1;label=M\n"
    "Edges: 0 bottom, 1 lower left, 2 upper left, 3 top, 4 upper right, 5 lower right;\n"
    "rotation r turns edge e into (e + r) mod 6. Bundled catalogues: 1822CA, 1830, 1837, 1841,\n"
    "1846, 1850, 1860, 1861, 1867, 1889, 18CO, 18Chesapeake, 18Mag, 18NY, 18NY1E and the\n"
    "standard numbered tiles (data/tiles/); bundled maps of the same games but 1837, 18Mag\n"
    "and 18NY1E, and 1870's with its river (partition=, binding with --partition follow),\n"
    "for --hex GAME:COORD (data/maps/). Exit 0 when some rotation keeps the tokens, 1 when none\n"
    "does, 3 when the search gave up without finding one.\n\n"
    "examples:\n"
    "  gameopt tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2\n"
    "  gameopt tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --output montreal.svg\n"
    "  gameopt tokens upgrade --hex 1867:F16 --from 1867:F16 --tokens 0:CPR,1:GT\n"
    "  gameopt tokens show 1867:X2@1\n";


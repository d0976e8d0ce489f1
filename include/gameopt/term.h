/* Text output for terminals: box-drawing glyphs for paths and loops, and ANSI colours when
 * the stream is a terminal that wants them (not when NO_COLOR is set or TERM=dumb). */
#ifndef GAMEOPT_TERM_H
#define GAMEOPT_TERM_H

#include <stdbool.h>
#include <stdio.h>

/* Should we colour this stream? */
bool gopt_term_colour_ok(FILE *f);
/* ANSI escape for a distinct foreground colour (index wraps), and the reset escape. */
const char *gopt_term_fg(int index);
const char *gopt_term_reset(void);

/* The glyph for a cell whose connections are the direction bits (N=1, E=2, S=4, W=8, as
 * GOPT_DIR_BIT): "│", "┌", ... in Unicode, "|", "+", "-" in ASCII; " " for none. One-ended
 * connections draw a stub: "╵" / "'" for N alone. */
const char *gopt_term_pipe(unsigned dirs, bool unicode);
/* The same with heavy (thick) lines, for endpoints and highlights. */
const char *gopt_term_pipe_heavy(unsigned dirs);

#endif

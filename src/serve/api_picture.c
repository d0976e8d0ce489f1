/* Pictures for the API. The games draw to a file path (cairo picks SVG from the
 * extension), so the server draws into a temporary file of its own choosing, reads it back
 * and removes it: the request never names the file. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve/api_internal.h"

char *api_render_svg(const gopt_game *g, const void *puzzle, const void *solution, gopt_error *err) {
    if (!g->render) {
        gopt_fail(err, g->name, 0, 0, "pictures are not available for this game");
        return NULL;
    }
    const char *tmp = getenv("TMPDIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/gameopt-serve-XXXXXX.svg", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemps(path, 4);
    if (fd < 0) {
        gopt_fail(err, "picture", 0, 0, "cannot create a temporary file");
        return NULL;
    }
    close(fd);
    char *svg = NULL;
    if (g->render(puzzle, solution, path, err)) {
        gopt_text t;
        if (gopt_text_load(&t, path, err)) {
            svg = gopt_strndup(t.data, t.len);
            gopt_text_free(&t);
        }
    }
    unlink(path);
    return svg;
}

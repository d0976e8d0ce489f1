/* placeholder */
#include "gameopt/flood.h"
bool gopt_flood_render(const gopt_flood_puzzle *p, const gopt_flood_solution *s, const char *path,
                       gopt_error *err) {
    (void)p; (void)s; (void)path; (void)err;
    return false;
}

/* CBC in the WebAssembly build: absent. Its loader fails with a message that says where MIP
 * runs instead, and the child process that holds a solve to its limits (cbc_child.c, built on
 * fork) is not needed: nothing reaches it once loading has failed. The reasons (size, threads,
 * HiGHS) are in /work/notes/29-web.md. */
#include "engines/cbc_child.h"
#include "engines/cbc_dl.h"

struct gopt_cbc_api gopt_cbc;

bool gopt_cbc_load(const char *file, gopt_error *err) {
    gopt_fail(err, file, 0, 0,
              "MIP solves (--method mip) need CBC, which the browser build does not have: "
              "use another --method, or the page served by `gameopt serve`");
    return false;
}

void gopt_cbc_run(cbc_solve_fn *solve, const void *model, size_t ncols, double seconds, cbc_outcome *out) {
    (void)ncols;
    solve(model, seconds, out); /* as cbc_child.c does when it cannot fork */
}

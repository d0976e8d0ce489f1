/* A program of a library user, built against an installed gameopt through pkg-config: it
 * draws a picture and solves a MIP, the two parts the library opens with dlopen on first use
 * (cairo and CBC), so it proves they are found from an installed tree. */
#include <stdio.h>

#include "gameopt/gameopt.h"

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    gopt_error err = {0};
    gopt_canvas *c = gopt_canvas_new(40, 20);
    gopt_draw_circle(c, 10, 10, 5, &gopt_red, &gopt_black, 1);
    gopt_buf picture = {0};
    bool ok = gopt_canvas_encode(c, gopt_picture_format_of(argv[1]), argv[1], &picture, &err);
    gopt_canvas_free(c);
    FILE *f = ok ? fopen(argv[1], "wb") : NULL;
    if (!f || fwrite(picture.data, 1, picture.len, f) != picture.len || fclose(f) != 0) {
        if (!ok) gopt_error_print(stderr, &err);
        return 1;
    }
    gopt_buf_free(&picture);
    /* max 5a + 4b + 3c subject to 2a + 3b + c <= 5, 4a + b + 2c <= 11, 3a + 4b + 2c <= 8:
     * the LP optimum a = 2, b = 0, c = 1 is integral, objective 13. */
    gopt_mip *m = gopt_mip_new("user");
    int x[3];
    for (int k = 0; k < 3; k++) x[k] = gopt_mip_col(m, NULL, GOPT_MIP_INTEGER, 0, 10, (double[]){5, 4, 3}[k]);
    gopt_mip_row(m, NULL, 3, x, (double[]){2, 3, 1}, '<', 5);
    gopt_mip_row(m, NULL, 3, x, (double[]){4, 1, 2}, '<', 11);
    gopt_mip_row(m, NULL, 3, x, (double[]){3, 4, 2}, '<', 8);
    gopt_mip_maximize(m, true);
    gopt_mip_result r = gopt_mip_solve(m);
    printf("mip %s %g\n", r == GOPT_MIP_OPTIMAL ? "optimal" : "not optimal", gopt_mip_objective(m));
    gopt_mip_free(m);
    return r == GOPT_MIP_OPTIMAL ? 0 : 1;
}

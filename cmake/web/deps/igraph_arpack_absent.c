/* ARPACK's routines for igraph's linalg/arpack.c in the WebAssembly build, which has no
 * Fortran compiler: the drivers answer ARPACK's "could not build an Arnoldi factorization"
 * (info -9999), so igraph's eigenvector functions fail with an ARPACK error instead of the
 * link failing. gameopt calls none of them: max flow, components and the graph readers do
 * not use ARPACK; linalg/arpack.c is linked only because other files igraph needs refer to it. */
#include "linalg/arpack_internal.h"

static int absent(int *ido, int *info) {
    if (ido) *ido = 99; /* "done": the reverse-communication loop stops */
    *info = -9999;
    return 0;
}

int igraphdsaupd_(int *ido, char *bmat, int *n, char *which, int *nev, igraph_real_t *tol,
                  igraph_real_t *resid, int *ncv, igraph_real_t *v, int *ldv, int *iparam,
                  int *ipntr, igraph_real_t *workd, igraph_real_t *workl, int *lworkl, int *info) {
    return absent(ido, info);
}

int igraphdnaupd_(int *ido, char *bmat, int *n, char *which, int *nev, igraph_real_t *tol,
                  igraph_real_t *resid, int *ncv, igraph_real_t *v, int *ldv, int *iparam,
                  int *ipntr, igraph_real_t *workd, igraph_real_t *workl, int *lworkl, int *info) {
    return absent(ido, info);
}

int igraphdseupd_(int *rvec, char *howmny, int *select, igraph_real_t *d, igraph_real_t *z,
                  int *ldz, igraph_real_t *sigma, char *bmat, int *n, char *which, int *nev,
                  igraph_real_t *tol, igraph_real_t *resid, int *ncv, igraph_real_t *v, int *ldv,
                  int *iparam, int *ipntr, igraph_real_t *workd, igraph_real_t *workl,
                  int *lworkl, int *info) {
    return absent(NULL, info);
}

int igraphdneupd_(int *rvec, char *howmny, int *select, igraph_real_t *dr, igraph_real_t *di,
                  igraph_real_t *z, int *ldz, igraph_real_t *sigmar, igraph_real_t *sigmai,
                  igraph_real_t *workev, char *bmat, int *n, char *which, int *nev,
                  igraph_real_t *tol, igraph_real_t *resid, int *ncv, igraph_real_t *v, int *ldv,
                  int *iparam, int *ipntr, igraph_real_t *workd, igraph_real_t *workl,
                  int *lworkl, int *info) {
    return absent(NULL, info);
}

int igraphdsortr_(char *which, int *apply, int *n, igraph_real_t *x1, igraph_real_t *x2) { return 0; }

int igraphdsortc_(char *which, int *apply, int *n, igraph_real_t *xreal, igraph_real_t *ximag,
                  igraph_real_t *y) {
    return 0;
}

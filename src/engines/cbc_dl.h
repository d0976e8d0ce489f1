/* CBC's C interface, opened on first use (core/dl.h says why): libCbcSolver brings Cbc, Cgl,
 * Clp, Osi and CoinUtils, about 3 ms of loading that only `--method mip` should pay. The MIP
 * engine includes this header; the functions it calls must be in the list below, or the
 * executable does not link (it no longer links CBC). */
#ifndef GAMEOPT_ENGINES_CBC_DL_H
#define GAMEOPT_ENGINES_CBC_DL_H

#include <coin/Cbc_C_Interface.h>
#include <stdbool.h>

#include "gameopt/error.h"

#define GOPT_CBC_FUNCTIONS(X) \
    X(Cbc_addCol) \
    X(Cbc_addRow) \
    X(Cbc_bestSolution) \
    X(Cbc_deleteModel) \
    X(Cbc_getBestPossibleObjValue) \
    X(Cbc_getColSolution) \
    X(Cbc_getNodeCount) \
    X(Cbc_getObjValue) \
    X(Cbc_isContinuousUnbounded) \
    X(Cbc_isProvenInfeasible) \
    X(Cbc_isProvenOptimal) \
    X(Cbc_newModel) \
    X(Cbc_setInitialSolution) \
    X(Cbc_setLogLevel) \
    X(Cbc_setMaximumSeconds) \
    X(Cbc_setObjSense) \
    X(Cbc_setParameter) \
    X(Cbc_setProblemName) \
    X(Cbc_solve) \
    X(Cbc_status)

struct gopt_cbc_api {
#define GOPT_DL_SLOT(f) __typeof__(f) *p_##f;
    GOPT_CBC_FUNCTIONS(GOPT_DL_SLOT)
#undef GOPT_DL_SLOT
};
extern struct gopt_cbc_api gopt_cbc;

/* Loads CBC once; false with err set (about `file`, may be NULL) when it cannot. */
bool gopt_cbc_load(const char *file, gopt_error *err);

/* From here on, a name such as f in this file goes through the table. */
#define Cbc_addCol                  (*gopt_cbc.p_Cbc_addCol)
#define Cbc_addRow                  (*gopt_cbc.p_Cbc_addRow)
#define Cbc_bestSolution            (*gopt_cbc.p_Cbc_bestSolution)
#define Cbc_deleteModel             (*gopt_cbc.p_Cbc_deleteModel)
#define Cbc_getBestPossibleObjValue (*gopt_cbc.p_Cbc_getBestPossibleObjValue)
#define Cbc_getColSolution          (*gopt_cbc.p_Cbc_getColSolution)
#define Cbc_getNodeCount            (*gopt_cbc.p_Cbc_getNodeCount)
#define Cbc_getObjValue             (*gopt_cbc.p_Cbc_getObjValue)
#define Cbc_isContinuousUnbounded   (*gopt_cbc.p_Cbc_isContinuousUnbounded)
#define Cbc_isProvenInfeasible      (*gopt_cbc.p_Cbc_isProvenInfeasible)
#define Cbc_isProvenOptimal         (*gopt_cbc.p_Cbc_isProvenOptimal)
#define Cbc_newModel                (*gopt_cbc.p_Cbc_newModel)
#define Cbc_setInitialSolution      (*gopt_cbc.p_Cbc_setInitialSolution)
#define Cbc_setLogLevel             (*gopt_cbc.p_Cbc_setLogLevel)
#define Cbc_setMaximumSeconds       (*gopt_cbc.p_Cbc_setMaximumSeconds)
#define Cbc_setObjSense             (*gopt_cbc.p_Cbc_setObjSense)
#define Cbc_setParameter            (*gopt_cbc.p_Cbc_setParameter)
#define Cbc_setProblemName          (*gopt_cbc.p_Cbc_setProblemName)
#define Cbc_solve                   (*gopt_cbc.p_Cbc_solve)
#define Cbc_status                  (*gopt_cbc.p_Cbc_status)

#endif

/* The tournament's statistics and the paper's §5.2 findings with verdicts (findings.c). */
#ifndef GAMEOPT_TAXIS_FINDINGS_H
#define GAMEOPT_TAXIS_FINDINGS_H

#include <jansson.h>
#include <stdio.h>

#include "gameopt/taxis.h"

typedef enum taxis_verdict { TAXIS_REPRODUCED, TAXIS_NOT_REPRODUCED, TAXIS_UNDECIDED } taxis_verdict;
extern const char *const taxis_verdict_names[3];

/* A tournament's results: matches[i * nh + j] and the run's joint counts. */
typedef struct taxis_tourney {
    int nh;
    const char *const *names;
    const gopt_taxis_match *matches;
    const int64_t *joint; /* gopt_taxis_tournament_joint's counts */
} taxis_tourney;

/* A mean over the settings with its standard error and 95 % interval; the verdict of the
 * claim "mean > 0". */
typedef struct taxis_estimate {
    double mean, stderr_, low, high;
    taxis_verdict verdict;
} taxis_estimate;

/* "rate x of cell a beats rate y of cell b" (x, y: 0 the first player's wins, 1 the second's). */
typedef struct taxis_comparison {
    size_t a;
    int x;
    size_t b;
    int y;
    taxis_estimate estimate;
} taxis_comparison;

#define TAXIS_NFINDINGS 5
#define TAXIS_MAX_COMPARISONS 512
typedef struct taxis_finding {
    const char *id, *claim;
    taxis_verdict verdict;
    int ncomparisons, deciding; /* deciding: the refuting, undecided or closest comparison */
    taxis_comparison comparisons[TAXIS_MAX_COMPARISONS];
} taxis_finding;

/* Wilson's 95 % interval of the rate part / games. */
void taxis_rate_interval(int64_t part, int64_t games, double *low, double *high);
/* Heuristic i against j over both orders on the same settings: (i's wins - j's wins) per duel. */
taxis_estimate taxis_pair_comparison(const taxis_tourney *t, int i, int j);
/* The paper's findings that the tournament's heuristics allow ((1) always; the rest need rs,
 * md, mt and pp); returns how many. */
int taxis_findings(const taxis_tourney *t, taxis_finding out[TAXIS_NFINDINGS]);

json_t *taxis_pairs_json(const taxis_tourney *t);
json_t *taxis_findings_json(const taxis_tourney *t);
/* The intervals, the paired comparisons and the findings as text after the matrix. */
void taxis_print_statistics(FILE *out, const taxis_tourney *t);

#endif

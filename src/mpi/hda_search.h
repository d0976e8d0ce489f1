/* One rank's side of one HDA* search: shared by the loop (hda.c) and the answer
 * (hda_answer.c). */
#ifndef GOPT_MPI_HDA_SEARCH_H
#define GOPT_MPI_HDA_SEARCH_H

#include "mpi/hda.h"
#include "mpi/hda_comm.h"

typedef struct hda {
    const flood_graph *g;
    int nw;
    hda_store st;
    hda_comm comm;
    flood_expander ex;
    flood_bounder bounder; /* the owner's bounds of the successors it receives */
    uint64_t *border;      /* nw: the border of a received state */
    uint64_t *rec;         /* one record: a successor this rank owns itself */
    int ub;                /* the incumbent: the shortest sequence known to this rank */
    int layer;             /* the smallest f of any rank at the last round: expand no larger */
    int stop;              /* this rank's own reason to stop (a gopt_stop_reason; sticky) */
    int agreed_stop;       /* the reason all ranks agreed on (0: none yet) */
    int lb_drop;           /* the smallest parent f of the successors dropped when stopping */
    /* the node being expanded */
    uint32_t cur;
    int cur_g, cur_f;
    /* the best goal found on this rank: reached by goal_colour from node goal_parent */
    bool start_goal;       /* the start's forced moves flood the board */
    bool have_goal;
    uint32_t goal_parent;
    int goal_colour, goal_len;
    int64_t expanded, merged, reopened, duplicates;
    double extra_bytes, peak;
    double cpu_start;
} hda;

/* hda_answer.c */
/* Makes every rank agree that it read the same board and on the smallest incumbent: false
 * (after telling the user) when the boards differ. *ub_rank: the rank whose ub_moves are best. */
bool hda_agree_start(hda *h, int ub_len, int *ub_rank);
/* Fills out from the search's end on every rank: the totals, the bound, and the sequence
 * (walked back through the ranks that hold its nodes). */
void hda_answer(hda *h, const uint8_t *ub_moves, int ub_len, int ub_rank, bool searched, flood_outcome *out);

#endif

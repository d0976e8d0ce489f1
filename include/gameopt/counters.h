/* Every work counter's name, in one place (with --stats and in JSON "stats" objects they
 * appear under these names). A method adds a counter by its name; a name not listed here
 * fails its contract, so the list stays the whole vocabulary. */
#ifndef GAMEOPT_COUNTERS_H
#define GAMEOPT_COUNTERS_H

#include <stdbool.h>

/* X(name, meaning) */
#define GOPT_COUNTER_NAMES(X)                                                                      \
    X("nodes", "search nodes expanded (flood, flow search, MIP branch-and-bound nodes)")          \
    X("generated", "search states generated (flood)")                                             \
    X("pruned_no_exposure", "flood: successors skipped that expose no new colour")               \
    X("pruned_commuting", "flood: successors skipped as commuting moves")                         \
    X("duplicates", "flood A*: successors found already stored (no bound computed)")              \
    X("merged", "flood A*: second parents at equal depth (commuting rule off there)")            \
    X("reopened", "flood A*: stored states reached again by a shorter path")                      \
    X("nodes_after_memory_full", "flood A*: of nodes, those expanded depth-first once the store was full") \
    X("duplicates_after_memory_full", "flood A*: depth-first successors dropped as searched before (its cache)") \
    X("states", "taxis ideal search: states visited")                                             \
    X("memo_hits", "taxis ideal search: states found in the memo")                                \
    X("bound_cuts", "taxis ideal search: branches cut by the bound")                              \
    X("vars", "SAT variables")                                                                     \
    X("clauses", "SAT clauses added")                                                              \
    X("conflicts", "SAT conflicts")                                                                \
    X("solves", "SAT solve calls")                                                                 \
    X("columns", "MIP columns")                                                                    \
    X("rows", "MIP rows")                                                                          \
    X("mip_solves", "MIP solve calls")                                                             \
    X("mip_nodes", "MIP branch-and-bound nodes")                                                   \
    X("mip_models", "MIP models built")                                                            \
    X("rounds", "rounds of the lazy-cut loop (solve, separate)")                                  \
    X("cuts", "lazy constraints added")                                                            \
    X("room_cuts", "country: room-connectivity cuts")                                             \
    X("route rounds", "flow: rounds of the wire router")                                          \
    X("touching", "flow: search states skipped as paths touching themselves")                     \
    X("crossings", "flow: sweep states refused because two colours would have to cross")          \
    X("frontier_hits", "flow: sweep states refused as a frontier already searched in vain")       \
    X("frontier_stored", "flow: frontiers the sweep stored as searched in vain")                  \
    X("fill_windows", "flow: windows solved as puzzles of their own by route and fill")          \
    X("flows", "tokens: max-flow runs")                                                            \
    X("branches", "tokens: placement branches")                                                    \
    X("placements", "tokens: placements found")                                                  \
    X("stops", "routes: stops on the map")                                                        \
    X("segments", "routes: segments of track between two stops")                                 \
    X("routes", "routes: routes scored (search, brute force)")                                    \
    X("bounds", "routes: revenue bounds computed (search)")                                       \
    X("combinations", "routes brute force: sets of routes tried")                                 \
    X("train_sets", "routes search: sets of trains solved as sub-problems")                       \
    X("cycles", "routes MIP: cycles cut off by lazy rows")

/* Whether a name is in the list. */
bool gopt_counter_known(const char *name);

#endif

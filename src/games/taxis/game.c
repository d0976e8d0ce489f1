/* The gopt_game table of taxis: the online path extension problem of Thurn & Taxis. Its
 * questions (play a game, the ideal path, the paper's experiments) are the family's own
 * verbs (verbs.c), declared here. */
#include "internal.h"

static const char taxis_help[] =
    "A deck holds every node of a graph N_D times; c cards lie face up. A path starts on a\n"
    "face-up node and grows at either end by face-up neighbours; a taken card is replaced by\n"
    "the next of the deck. Heuristics (Kraus, Klamroth, Stiglmayr, Table 3): rs, md, mt, lcc,\n"
    "pp, or any START+EXTENSION with START in random, degree, connected, longestpath and\n"
    "EXTENSION in random, degree, tentacles, connected, longestpath; and mc (ours): per move,\n"
    "K sampled orders of the unseen cards, each solved exactly by the ideal-path search.\n"
    "Graphs: --graph thurn-taxis (bundled, 22 cities) or a .board, .graphml, .gml, .ncol or\n"
    "edge-list file. Settings: `dups D`, `initial NAMES`, `extension NAMES` lines\n"
    "(docs/formats.md); setting i of --seed S is the same deck in every verb.\n"
    "\nexamples:\n"
    "  gameopt taxis play --heuristic pp --seed 7 --output game.svg\n"
    "  gameopt taxis experiment table1 --games 10000 --threads 2\n"
    "  gameopt taxis experiment sweep --c 4..8 --dups 1..3 --plot sweep.svg\n"
    "  gameopt taxis tournament --games 100000 --json\n"
    "  gameopt taxis experiment sweep --heuristics pp,mc,ideal --c 6 --dups 2 --games 2000\n";

const gopt_game gopt_game_taxis = {
    .name = "taxis",
    .summary = "the online path extension problem of Thurn & Taxis",
    .verbs = taxis_verbs,
    .help = taxis_help,
};

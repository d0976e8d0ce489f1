/* Words shared by the assist verbs of every family (gameopt/assist.h). */
#include "gameopt/assist.h"

const char *gopt_hint_kind_name(gopt_hint_kind k) {
    static const char *const names[] = {"rule", "trial", "split", "guess", "mistake", "done"};
    return k >= GOPT_HINT_RULE && k <= GOPT_HINT_DONE ? names[k] : "?";
}

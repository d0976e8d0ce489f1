/* Finding games, verbs and methods by name in the registry (gopt_games, generated from the
 * folders of src/games). Names of methods are matched in any case. */
#include <string.h>
#include <strings.h>

#include "gameopt/game.h"

const gopt_game *gopt_game_find(const char *name) {
    for (const gopt_game *const *g = gopt_games; *g; g++)
        if (strcmp((*g)->name, name) == 0) return *g;
    return NULL;
}

const gopt_verb *gopt_verb_find(const gopt_game *g, const char *name) {
    for (const gopt_verb *v = g->verbs; v && v->name; v++)
        if (strcmp(v->name, name) == 0) return v;
    return NULL;
}

bool gopt_options_set(gopt_options *o, const gopt_game *g, const char *verb, const char *name, const char *value,
                      gopt_error *err) {
    const gopt_verb *v = gopt_verb_find(g, verb);
    if (!v) return gopt_fail(err, "", 0, 0, "%s has no verb '%s'", g->name, verb);
    return gopt_opt_set(o, v->options, 0, name, value, NULL, NULL, err);
}

int gopt_method_index(const gopt_game *g, const char *name) {
    if (!name) return 0;
    for (int i = 0; g->methods && g->methods[i]; i++)
        if (strcasecmp(g->methods[i], name) == 0) return i;
    return -1;
}

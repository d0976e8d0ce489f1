/* JSON over jansson: one compact object per line for every --json output, and loading with
 * positions in errors. Reals are printed with up to 10 significant digits. */
#ifndef GAMEOPT_JSON_H
#define GAMEOPT_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include "gameopt/error.h"

/* Prints `value` compactly on one line followed by '\n'. Does not steal the reference. */
void gopt_json_print(FILE *out, const json_t *value);
/* The same, as a string the caller frees. */
char *gopt_json_string(const json_t *value);

/* Parses JSON text; `name` is what errors call it. */
json_t *gopt_json_parse(const char *name, const char *text, size_t len, gopt_error *err);

/* Sets obj[key] to a real rounded to `digits` decimals (times, means), stealing nothing. */
void gopt_json_set_real(json_t *obj, const char *key, double value, int digits);
/* Sets obj["seconds"] (wall time) and obj["cpu_seconds"] (thread CPU time), microseconds. */
void gopt_json_set_times(json_t *obj, double seconds, double cpu_seconds);
/* Appends the integers to a new JSON array. */
json_t *gopt_json_int_array(const int *values, int n);

#endif

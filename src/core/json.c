/* JSON output and input over jansson. */
#include "gameopt/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/require.h"

/* Compact, in insertion order, reals with 10 significant digits (enough for means and
 * times, without the noise of 17-digit round trips). */
#define GOPT_JSON_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))

void gopt_json_print(FILE *out, const json_t *value) {
    char *s = gopt_json_string(value);
    fputs(s, out);
    fputc('\n', out);
    free(s);
}

char *gopt_json_string(const json_t *value) {
    char *s = json_dumps(value, GOPT_JSON_FLAGS | JSON_ENCODE_ANY);
    if (!s) {
        gopt_fatal("out of memory writing JSON");
    }
    return s;
}

static json_t *report(json_t *v, const char *name, const json_error_t *je, gopt_error *err) {
    if (!v) gopt_fail(err, name, je->line > 0 ? je->line : 0, je->column > 0 ? je->column : 0, "%s", je->text);
    return v;
}

json_t *gopt_json_parse(const char *name, const char *text, size_t len, gopt_error *err) {
    json_error_t je;
    return report(json_loadb(text, len, 0, &je), name, &je, err);
}

void gopt_json_set_real(json_t *obj, const char *key, double value, int digits) {
    double scale = pow(10.0, digits);
    double rounded = isfinite(value) ? round(value * scale) / scale : 0.0;
    json_object_set_new(obj, key, json_real(rounded));
}

void gopt_json_set_times(json_t *obj, double seconds, double cpu_seconds) {
    gopt_json_set_real(obj, "seconds", seconds, 6);
    gopt_json_set_real(obj, "cpu_seconds", cpu_seconds, 6);
}

json_t *gopt_json_int_array(const int *values, int n) {
    json_t *a = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(a, json_integer(values[i]));
    return a;
}

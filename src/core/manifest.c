/* The manifest of a call (manifest.h). The machine's description is read once. */
#include "core/manifest.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/sha256.h"
#include "gameopt/gameopt.h"
#include "gameopt/json.h"

#ifdef GOPT_HAVE_REVISION_H
#include "revision.h"
#endif
#ifndef GOPT_REVISION
#define GOPT_REVISION "unknown"
#endif

const char *gopt_revision(void) { return GOPT_REVISION; }

static char cpu_model[128] = "unknown";
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;

/* The CPU's model name from Linux's /proc/cpuinfo (a file of the system, not of the user);
 * "unknown" where there is none (the browser). */
static void read_cpu_model(void) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        const char *colon = strchr(line, ':');
        if (!colon) break;
        colon++;
        while (*colon == ' ' || *colon == '\t') colon++;
        snprintf(cpu_model, sizeof cpu_model, "%s", colon);
        cpu_model[strcspn(cpu_model, "\n")] = 0;
        break;
    }
    fclose(f);
}

json_t *gopt_manifest_json(const gopt_call *call) {
    pthread_once(&cpu_once, read_cpu_model);
    json_t *args = json_array();
    for (int i = 0; i < call->nargs; i++) json_array_append_new(args, json_string(call->args[i]));
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char date[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:O, s:{s:s, s:i}, s:s}", "gameopt", gopt_version(), "revision",
                     gopt_revision(), "game", call->game->name, "verb", call->verb->name, "args", args, "options",
                     gopt_options_json(&call->opts, call->verb->options, call->verb->common | GOPT_COMMON_ALWAYS),
                     "inputs", call->inputs ? call->inputs : json_array(), "machine", "cpu", cpu_model, "cores",
                     (int)(cores > 0 ? cores : 1), "date", date);
}

static char *manifest_text(const gopt_call *call) {
    json_t *m = gopt_manifest_json(call);
    char *text = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(m);
    return text;
}

void gopt_manifest_csv_line(const gopt_call *call, FILE *out) {
    char *text = manifest_text(call);
    fprintf(out, "# manifest: %s\n", text);
    free(text);
}

/* text with &, < and > escaped, for an element's content */
static void xml_escaped(gopt_buf *b, const char *text) {
    for (const char *p = text; *p; p++) {
        if (*p == '&') gopt_buf_puts(b, "&amp;");
        else if (*p == '<') gopt_buf_puts(b, "&lt;");
        else if (*p == '>') gopt_buf_puts(b, "&gt;");
        else gopt_buf_putc(b, *p);
    }
}

bool gopt_manifest_decorate(const gopt_call *call, const char *ext, const char *data, size_t len, gopt_buf *out) {
    if (strcmp(ext, "csv") == 0) {
        char *text = manifest_text(call);
        gopt_buf_printf(out, "# manifest: %s\n", text);
        gopt_buf_append(out, data, len);
        free(text);
        return true;
    }
    if (strcmp(ext, "svg") != 0) return false;
    size_t at = 0;
    while (at + 4 <= len && memcmp(data + at, "<svg", 4) != 0) at++;
    const char *end = at + 4 <= len ? memchr(data + at, '>', len - at) : NULL;
    if (!end) return false;
    char *text = manifest_text(call);
    gopt_buf_append(out, data, (size_t)(end + 1 - data));
    gopt_buf_puts(out, "\n<metadata id=\"gameopt-manifest\">");
    xml_escaped(out, text);
    gopt_buf_puts(out, "</metadata>");
    gopt_buf_append(out, end + 1, len - (size_t)(end + 1 - data));
    free(text);
    return true;
}

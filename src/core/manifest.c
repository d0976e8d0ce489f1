/* The manifest of a call (manifest.h). The machine's description is read once. */
#include "core/manifest.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gameopt/gameopt.h"

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
    return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:{s:s, s:i}, s:s}", "gameopt", gopt_version(), "revision",
                     gopt_revision(), "game", call->game->name, "verb", call->verb->name, "args", args, "options",
                     gopt_options_json(&call->opts, call->verb->options, call->verb->common | GOPT_COMMON_ALWAYS),
                     "machine", "cpu", cpu_model, "cores", (int)(cores > 0 ? cores : 1), "date", date);
}

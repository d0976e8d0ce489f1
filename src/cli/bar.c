/* The progress bar on stderr: drawn only when stderr is a terminal (or with --progress). The
 * driver throttles the reports (progress.h); this only draws them. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "gameopt/progress.h"
#include "gameopt/timer.h"

static double started;

static void draw(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final) {
    (void)ctx;
    double now = gopt_now(), elapsed = started > 0 ? now - started : 0;
    if (started == 0) started = now;
    if (total > 0) {
        double fraction = (double)done / (double)total;
        if (fraction > 1) fraction = 1;
        char bar[31];
        int filled = (int)(fraction * 30);
        memset(bar, '#', (size_t)filled);
        memset(bar + filled, '.', (size_t)(30 - filled));
        bar[30] = 0;
        double eta = fraction > 0 ? elapsed / fraction - elapsed : 0;
        fprintf(stderr, "\r%s [%s] %5.1f%% %lld/%lld %.0fs%s", label, bar, 100 * fraction, (long long)done,
                (long long)total, final ? elapsed : eta, final ? " total" : " left ");
    } else {
        fprintf(stderr, "\r%s %lld %.0fs", label, (long long)done, elapsed);
    }
    if (status && *status) fprintf(stderr, "  %-60.60s", status);
    else if (!final) fputs("\033[K", stderr);
    if (final) {
        fputc('\n', stderr);
        started = 0;
    }
    fflush(stderr);
}

static const gopt_progress_sink sink = {draw, NULL};

const gopt_progress_sink *cli_progress_sink(bool force) {
    return force || isatty(STDERR_FILENO) ? &sink : NULL;
}

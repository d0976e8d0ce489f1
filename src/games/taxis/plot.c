/* Figures through gnuplot: a generated script with the data inline, piped to `gnuplot`.
 * table1: clustered bars of mean node length (Table 1); sweep: mean node length and time per
 * game against c, one column per N_D (Figures 8 and 9); sweep with histograms: node-length
 * shares per (N_D, c) (Figures 10-12). gnuplot is optional: without it nothing is drawn. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include "games/taxis/report.h"
#include "gameopt/alloc.h"

static bool gnuplot_available(void) {
    const char *path = getenv("PATH");
    if (!path) return false;
    char *copy = gopt_strdup(path), *save = NULL;
    bool found = false;
    for (char *dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
        char exe[4096];
        snprintf(exe, sizeof exe, "%s/gnuplot", *dir ? dir : ".");
        found = access(exe, X_OK) == 0;
    }
    free(copy);
    return found;
}

/* The figure goes to gnuplot's standard output (`set output` without a file): no file of
 * ours is named, and the bytes come back to the caller. */
static void terminal(gopt_buf *b, bool svg, int width, int height) {
    gopt_buf_printf(b, "set terminal %s size %d,%d font 'sans,10'\nset output\n", svg ? "svg dynamic" : "pngcairo", width,
                    height);
    gopt_buf_puts(b, "set key outside right top\nset grid ytics\n");
}

/* Runs gnuplot on the script: writes it to gnuplot's stdin and reads its stdout into out at
 * the same time (poll), so neither side waits on a full pipe. gnuplot's own messages are not
 * ours to print. The exit status, or -1 when it could not run. */
static int run_gnuplot(const gopt_buf *script, gopt_buf *out) {
    int in[2], from[2];
    if (pipe(in) != 0) return -1;
    if (pipe(from) != 0) {
        close(in[0]), close(in[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, from[0]);
    char *argv[] = {"gnuplot", NULL};
    extern char **environ;
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(from[1]);
    if (rc != 0) {
        close(in[1]);
        close(from[0]);
        return -1;
    }
    signal(SIGPIPE, SIG_IGN); /* gnuplot may end before reading it all: a write error, not a signal */
    size_t sent = 0;
    bool writing = true;
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    for (;;) {
        struct pollfd p[2] = {{.fd = from[0], .events = POLLIN}, {.fd = writing ? in[1] : -1, .events = POLLOUT}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (writing && (p[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = write(in[1], script->data + sent, script->len - sent);
            if (n > 0) sent += (size_t)n;
            if ((n < 0 && errno != EAGAIN) || sent == script->len) {
                close(in[1]);
                writing = false;
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char chunk[65536];
            ssize_t n = read(from[0], chunk, sizeof chunk);
            if (n > 0) gopt_buf_append(out, chunk, (size_t)n);
            else if (n == 0 || errno != EINTR) break;
        }
    }
    if (writing) close(in[1]);
    close(from[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void names_word_list(gopt_buf *b, const taxis_study *s) {
    gopt_buf_putc(b, '"');
    for (int p = 0; p < s->nplayers; p++) gopt_buf_printf(b, "%s%s", p ? " " : "", s->players[p].name);
    gopt_buf_putc(b, '"');
}

static void script_table1(gopt_buf *b, const taxis_study *s) {
    const taxis_point *pt = &s->points[0];
    int ne = GOPT_TAXIS_NEXTENSIONS;
    gopt_buf_puts(b, "$data << EOD\n");
    for (int st = 0; st < GOPT_TAXIS_NSTARTS; st++) {
        gopt_buf_printf(b, "%s", gopt_taxis_start_name((gopt_taxis_start)st));
        for (int e = 0; e < ne; e++)
            gopt_buf_printf(b, " %.6f %.6f", gopt_taxis_tally_mean(&pt->tallies[st * ne + e]),
                            gopt_taxis_tally_stderr(&pt->tallies[st * ne + e]));
        gopt_buf_putc(b, '\n');
    }
    char count[128];
    gopt_buf_printf(b, "EOD\nset title 'Mean node length on %s, c = %d, N_D = %d (%s)'\n", s->g->name, pt->c, pt->dups,
                    taxis_study_count(s, count, sizeof count));
    gopt_buf_puts(b, "set style data histogram\nset style histogram errorbars gap 1 lw 1\n"
                     "set style fill solid 0.8 border -1\nset xlabel 'start heuristic'\nset ylabel 'mean node length'\n"
                     "set yrange [0:*]\nset key title 'extension'\n"
                     "ext = 'random degree tentacles connected longestpath'\n"
                     "plot for [i=0:4] $data using (column(2+2*i)):(column(3+2*i)):xtic(1) title word(ext, i+1)\n");
}

static void script_sweep(gopt_buf *b, const taxis_study *s) {
    int ndups = 0, dups[GOPT_TAXIS_MAX_DUPS + 1];
    for (int i = 0; i < s->npoints; i++)
        if (ndups == 0 || dups[ndups - 1] != s->points[i].dups) dups[ndups++] = s->points[i].dups;
    for (int d = 0; d < ndups; d++) {
        gopt_buf_printf(b, "$d%d << EOD\n", d);
        for (int i = 0; i < s->npoints; i++) {
            if (s->points[i].dups != dups[d]) continue;
            gopt_buf_printf(b, "%d", s->points[i].c);
            for (int p = 0; p < s->nplayers; p++) {
                const gopt_taxis_tally *t = &s->points[i].tallies[p];
                gopt_buf_printf(b, " %.6f %.6f %.4f", gopt_taxis_tally_mean(t), gopt_taxis_tally_stderr(t),
                                gopt_taxis_tally_us_per_game(t));
            }
            gopt_buf_putc(b, '\n');
        }
        gopt_buf_puts(b, "EOD\n");
    }
    gopt_buf_puts(b, "names = ");
    names_word_list(b, s);
    char count[128];
    gopt_buf_printf(b, "\nset multiplot layout 2,%d title 'Heuristics on %s (%s per point)'\n", ndups, s->g->name,
                    taxis_study_count(s, count, sizeof count));
    gopt_buf_puts(b, "set xlabel 'c (face-up cards)'\nset xtics 1\nset offsets 0.3,0.3,0,0\n");
    for (int row = 0; row < 2; row++)
        for (int d = 0; d < ndups; d++) {
            gopt_buf_printf(b, "set title 'N_D = %d'\nset ylabel '%s'\n", dups[d],
                            row == 0 ? "mean node length" : "microseconds per game");
            if (row == 0)
                gopt_buf_printf(b, "plot for [i=1:%d] $d%d using 1:(column(3*i-1)):(column(3*i)) with yerrorlines "
                                   "title word(names, i)\n", s->nplayers, d);
            else
                gopt_buf_printf(b, "plot for [i=1:%d] $d%d using 1:(column(3*i+1)) with linespoints title word(names, i)\n",
                                s->nplayers, d);
        }
    gopt_buf_puts(b, "unset multiplot\n");
}

static void script_hist(gopt_buf *b, const taxis_study *s, int *rows, int *cols) {
    *cols = 0;
    for (int i = 0; i < s->npoints && s->points[i].dups == s->points[0].dups; i++) ++*cols;
    *rows = (s->npoints + *cols - 1) / *cols;
    gopt_buf_puts(b, "names = ");
    names_word_list(b, s);
    char count[128];
    gopt_buf_printf(b, "\nset multiplot layout %d,%d title 'Node lengths on %s (%s per panel)'\n", *rows, *cols,
                    s->g->name, taxis_study_count(s, count, sizeof count));
    gopt_buf_puts(b, "set style data histogram\nset style histogram cluster gap 1\nset style fill solid 0.8 border -1\n"
                     "set xlabel 'node length'\nset ylabel 'share of games'\nset yrange [0:*]\n"
                     "set key inside right top\n");
    /* Every panel shows lengths 1..longest seen anywhere, so panels compare at a glance. */
    int longest = 1;
    for (int i = 0; i < s->npoints; i++)
        for (int p = 0; p < s->nplayers; p++)
            for (int l = 1; l <= s->g->n; l++)
                if (s->points[i].tallies[p].hist[l] && l > longest) longest = l;
    for (int i = 0; i < s->npoints; i++) {
        const taxis_point *pt = &s->points[i];
        gopt_buf_printf(b, "$h%d << EOD\n", i);
        for (int l = 1; l <= longest; l++) {
            gopt_buf_printf(b, "%d", l);
            for (int p = 0; p < s->nplayers; p++) {
                const gopt_taxis_tally *t = &pt->tallies[p];
                gopt_buf_printf(b, " %.6f", t->games ? (double)t->hist[l] / (double)t->games : 0);
            }
            gopt_buf_putc(b, '\n');
        }
        gopt_buf_printf(b, "EOD\nset title 'N_D = %d, c = %d", pt->dups, pt->c);
        if (pt->tallies[0].games != s->end - s->begin) /* a stopped run: this panel's own count */
            gopt_buf_printf(b, ", %lld settings", (long long)pt->tallies[0].games);
        gopt_buf_puts(b, "'\n");
        gopt_buf_printf(b, "plot for [i=1:%d] $h%d using (column(i+1)):xtic(int($1) %% 2 ? stringcolumn(1) : '') "
                           "title word(names, i)\n", s->nplayers, i);
    }
    gopt_buf_puts(b, "unset multiplot\n");
}

int taxis_plot(const taxis_study *s, bool table1, const char *file, gopt_buf *out, gopt_error *err) {
    const char *dot = strrchr(file, '.');
    bool svg = dot && strcasecmp(dot, ".svg") == 0, png = dot && strcasecmp(dot, ".png") == 0;
    if (!svg && !png) return gopt_fail(err, "--plot", 0, 0, "'%s': plots are .svg or .png files", file), -1;
    if (!gnuplot_available()) return 0;
    gopt_buf body = {0};
    int rows = 1, cols = 1;
    if (table1) script_table1(&body, s);
    else if (s->hist) script_hist(&body, s, &rows, &cols);
    else script_sweep(&body, s);
    int ndups = 0;
    for (int i = 0; i < s->npoints; i++) ndups += i == 0 || s->points[i].dups != s->points[i - 1].dups;
    int width = table1 ? 900 : s->hist ? 600 * cols : 420 * ndups + 160;
    int height = table1 ? 500 : s->hist ? 320 * rows : 640;
    gopt_buf script = {0};
    terminal(&script, svg, width, height);
    gopt_buf_puts(&script, body.data);
    gopt_buf_free(&body);
    int status = run_gnuplot(&script, out);
    gopt_buf_free(&script);
    if (status != 0 || out->len == 0) return gopt_fail(err, file, 0, 0, "gnuplot failed to draw the figure"), -1;
    return 1;
}

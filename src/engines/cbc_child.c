/* CBC in a child process that the parent can kill (cbc_child.h says why). The child sends
 * one message through a pipe: a header, then the values. */
#define _GNU_SOURCE /* pipe2 */
#include "engines/cbc_child.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/budget.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* How often the parent looks at the stop check and the child's memory while it waits. */
#define CBC_POLL_MS 10

typedef struct cbc_header {
    int32_t result;
    int32_t has_values;
    double objective;
    int64_t nodes;
    double bound;
} cbc_header;

static void write_all(int fd, const void *data, size_t n) {
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(4);
        p += w;
        n -= (size_t)w;
    }
}

/* The child: no signals of ours (the parent decides; a terminal's Ctrl-C reaches the whole
 * group), killed with its parent (a second Ctrl-C ends the parent at once), nothing of the
 * parent's open files kept (a server's sockets), and standard output sent nowhere: the
 * buffered output of the parent copied into this process must not be written twice, and
 * stdout belongs to our answers. Ends with _exit: no atexit work, no stdio flush. */
static _Noreturn void child(cbc_solve_fn *solve, const void *model, size_t ncols, double cbc_seconds, int fd) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDOUT_FILENO);
    if (fd != 3) dup2(fd, 3);
    closefrom(4);
    cbc_outcome out = {0};
    solve(model, cbc_seconds, &out);
    cbc_header h = {(int32_t)out.result, out.values != NULL, out.objective, out.nodes, out.bound};
    write_all(3, &h, sizeof h);
    if (out.values) write_all(3, out.values, ncols * sizeof *out.values);
    _exit(0);
}

/* Resident bytes of a process (0 when it cannot be read). */
static size_t resident_bytes(pid_t pid) {
    char path[64];
    if (pid) snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    else snprintf(path, sizeof path, "/proc/self/statm");
    FILE *f = fopen(path, "r");
    unsigned long size = 0, resident = 0;
    if (!f) return 0;
    if (fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
    fclose(f);
    return (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
}

typedef struct waiter {
    pid_t pid;
    int fd;
    char *buf; /* the message: header, then values */
    size_t want, got;
    size_t base, charged; /* the child's resident size at the start; what we charged for its growth */
} waiter;

/* Reads what the pipe has. 1: the whole message, 0: more to come, -1: the child is gone
 * without finishing it. */
static int read_some(waiter *w) {
    if (w->got == w->want) return 1;
    for (;;) {
        ssize_t r = read(w->fd, w->buf + w->got, w->want - w->got);
        if (r > 0) {
            w->got += (size_t)r;
            if (w->got == w->want) return 1;
            continue;
        }
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && errno == EAGAIN) return 0;
        return -1; /* end of file or an error */
    }
}

/* Charges the child's growth beyond its start to the solve's budget; false when the budget
 * refuses it (the budget then marks the solve stopped for memory). */
static bool charge_growth(waiter *w) {
    size_t rss = resident_bytes(w->pid), grown = rss > w->base ? rss - w->base : 0;
    if (grown <= w->charged) return true;
    if (!gopt_budget_charge(NULL, grown - w->charged)) return false;
    w->charged = grown;
    return true;
}

/* Waits until w->want bytes have come, the child dies, or a stop: 1, -1, or 0 (a stop: the
 * reason is noted on the solve). */
static int wait_for(waiter *w, double deadline) {
    struct pollfd p = {w->fd, POLLIN, 0};
    for (;;) {
        int r = read_some(w);
        if (r != 0) return r;
        if (gopt_stop_check() != GOPT_GO) return 0;
        if (!charge_growth(w)) return 0;
        double now = gopt_now();
        if (deadline > 0 && now >= deadline) {
            gopt_stop_note(GOPT_STOP_TIME);
            return 0;
        }
        int ms = CBC_POLL_MS;
        if (deadline > 0 && (deadline - now) * 1000 < ms) ms = (int)((deadline - now) * 1000) + 1;
        if (poll(&p, 1, ms) < 0 && errno != EINTR) return -1;
    }
}

void gopt_cbc_run(cbc_solve_fn *solve, const void *model, size_t ncols, double seconds, cbc_outcome *out) {
    *out = (cbc_outcome){GOPT_MIP_LIMIT, 0, 0, NULL, NAN};
    double left = gopt_stop_seconds_left();
    if (seconds > 0 && seconds < left) left = seconds;
    if (gopt_stop_check() != GOPT_GO || left <= 0) {
        if (left <= 0) gopt_stop_note(GOPT_STOP_TIME);
        return;
    }
    bool limited = left < 1e11;
    double deadline = limited ? gopt_now() + left : 0;
    /* CBC's own limit, a little shorter than ours, so that it normally stops by itself and
     * hands back the solution it has; the kill is for when it overruns. */
    double cbc_seconds = limited ? (left * 0.9 > left - 0.05 ? left * 0.9 : left - 0.05) : 0;
    if (limited && cbc_seconds < 0.005) cbc_seconds = 0.005;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        solve(model, cbc_seconds, out);
        return;
    }
    size_t base = resident_bytes(0);
    fflush(NULL); /* nothing buffered is copied into the child */
    pid_t pid = fork();
    if (pid == 0) child(solve, model, ncols, cbc_seconds, fds[1]);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        solve(model, cbc_seconds, out);
        return;
    }
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    size_t bytes = sizeof(cbc_header) + ncols * sizeof(double);
    waiter w = {pid, fds[0], gopt_malloc(bytes), sizeof(cbc_header), 0, base, 0};
    cbc_header h;
    int got = wait_for(&w, deadline);
    if (got == 1) {
        memcpy(&h, w.buf, sizeof h);
        w.want = h.has_values ? bytes : w.got; /* the values follow the header */
        if (h.has_values) got = wait_for(&w, deadline);
    }
    kill(pid, SIGKILL); /* done or not, the child has nothing more to give */
    struct rusage ru;
    while (wait4(pid, NULL, 0, &ru) < 0) {
        if (errno != EINTR) {
            memset(&ru, 0, sizeof ru);
            break;
        }
    }
    gopt_thread_child_cpu_add((double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
                              (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec);
    close(fds[0]);
    if (w.charged) gopt_budget_release(NULL, w.charged);
    if (got == 1) {
        out->result = (gopt_mip_result)h.result;
        out->objective = h.objective;
        out->nodes = h.nodes;
        out->bound = h.bound;
        if (h.has_values) {
            out->values = gopt_malloc(ncols ? ncols * sizeof *out->values : 1);
            memcpy(out->values, w.buf + sizeof h, ncols * sizeof *out->values);
        }
    } else if (got < 0) {
        /* CBC died (a crash inside it would have taken the whole process before) */
        out->result = GOPT_MIP_ERROR;
    }
    free(w.buf);
}

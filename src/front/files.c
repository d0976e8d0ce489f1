/* Front-end glue: this machine's files for the front ends that may read them (the command
 * line, the MPI runner, the tests; never the server, the browser or the JSON entry point).
 * The only place, with the server's page loader, where gameopt opens a path a user gave.
 * Reads are bounded by the process's memory budget and end on Ctrl-C or SIGTERM: a FIFO with
 * no writer or a stdin that never ends does not hold the process (the read polls, and open()
 * does not wait for a writer). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gameopt/front.h"
#include "gameopt/game.h"
#include "gameopt/budget.h"
#include "gameopt/stop.h"

static bool read_fd(int fd, const char *path, gopt_buf *b, size_t *charged, gopt_error *err) {
    char chunk[65536];
    for (;;) {
        if (gopt_stop_signalled())
            return gopt_fail(err, path, 0, 0, "cannot read: %s", gopt_stop_text(GOPT_STOP_SIGNAL));
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = poll(&p, 1, 100);
        if (ready < 0 && errno == EINTR) continue;
        /* While it waits for a writer, the call's time limit and cancel token end the read
         * too (a file whose bytes are there is read whole: its reader polls them). */
        gopt_stop_reason why = ready == 0 ? gopt_stop_check() : GOPT_GO;
        if (why != GOPT_GO) return gopt_fail(err, path, 0, 0, "cannot read: %s", gopt_stop_text(why));
        if (ready == 0) continue;
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n < 0) return gopt_fail(err, path, 0, 0, "cannot read: %s", strerror(errno));
        if (n == 0) return true;
        /* the input counts against --memory-limit like any other structure */
        /* The text counts against --memory-limit as it arrives, so an endless stdin or a huge
         * file stops at the limit instead of after it. */
        if (!gopt_budget_charge(NULL, (size_t)n)) /* the text itself: a real input, a limit */
            return gopt_fail_reading_memory(err, path, 0, 0, 0, *charged + (size_t)n);
        *charged += (size_t)n;
        gopt_buf_append(b, chunk, (size_t)n);
    }
}

bool gopt_text_load(gopt_text *t, const char *path, gopt_error *err) {
    bool is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return gopt_fail(err, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    if (!is_stdin && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return gopt_fail(err, path, 0, 0, "cannot read: it is a directory");
    }
    gopt_buf b = {0};
    size_t charged = 0;
    bool ok = read_fd(fd, path, &b, &charged, err);
    if (!is_stdin) close(fd);
    if (!ok) {
        gopt_buf_free(&b);
        gopt_budget_release(NULL, charged);
        return false;
    }
    size_t len = b.len;
    char *data = gopt_buf_take(&b);
    gopt_text_from(t, path, data ? data : "", len);
    free(data);
    t->charged = charged; /* the text holds its bytes of the budget until it is freed */
    if (gopt_text_check_utf8(t, err)) return true;
    gopt_text_free(t);
    return false;
}

static FILE *open_file(void *ctx, const char *path, const char *mode, gopt_error *err) {
    (void)ctx;
    FILE *f = fopen(path, mode);
    if (!f) gopt_fail(err, path, 0, 0, "cannot open: %s", strerror(errno));
    return f;
}

static bool rename_file(void *ctx, const char *from, const char *to) {
    (void)ctx;
    return rename(from, to) == 0;
}

static bool remove_file(void *ctx, const char *path) {
    (void)ctx;
    return remove(path) == 0;
}

bool gopt_text_load_arg(gopt_text *t, const char *arg, gopt_error *err) {
    if (!gopt_text_arg_is_url(arg)) return gopt_text_load(t, arg, err);
    gopt_text_from_string(t, "url", arg);
    return true;
}

static bool load(void *ctx, const char *path, gopt_text *t, gopt_error *err) {
    (void)ctx;
    return gopt_text_load(t, path, err);
}

static bool exists(void *ctx, const char *path) {
    (void)ctx;
    return strcmp(path, "-") == 0 || access(path, F_OK) == 0;
}

const gopt_files gopt_local_files = {load, open_file, rename_file, remove_file, exists, NULL};
const gopt_source gopt_local_source = {NULL, 0, &gopt_local_files};

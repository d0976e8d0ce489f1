/* Ctrl-C, SIGTERM, cancel tokens and time limits, seen through one check. */
#include "gameopt/stop.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "gameopt/budget.h"
#include "gameopt/timer.h"

static volatile sig_atomic_t signalled;
static _Thread_local gopt_solve_ctx *current;

const char *gopt_stop_text(gopt_stop_reason r) {
    switch (r) {
    case GOPT_STOP_SIGNAL: return "interrupted";
    case GOPT_STOP_CANCEL: return "cancelled";
    case GOPT_STOP_TIME: return "time limit reached";
    case GOPT_STOP_MEMORY: return "memory limit reached";
    default: return "";
    }
}

const char *gopt_stop_word(gopt_stop_reason r) {
    switch (r) {
    case GOPT_STOP_TIME: return "time limit";
    case GOPT_STOP_MEMORY: return "memory limit";
    default: return gopt_stop_text(r);
    }
}

static void on_signal(int sig) {
    if (signalled) {
        /* The second Ctrl-C: the user wants out now. Only async-signal-safe calls here. */
        static const char msg[] = "gameopt: stopped at once (second signal)\n";
        ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
        (void)ignored;
        _exit(3);
    }
    signalled = sig;
}

void gopt_stop_install_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* reads and writes go on; the loops poll the flag */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int gopt_stop_signalled(void) { return signalled; }
void gopt_stop_raise(int signal_number) { signalled = signal_number ? signal_number : SIGINT; }
void gopt_stop_reset(void) { signalled = 0; }

void gopt_ctx_init(gopt_solve_ctx *c, double seconds, const atomic_int *cancel, gopt_budget *budget) {
    c->deadline = seconds > 0 ? gopt_now() + seconds : 0;
    c->cancel = cancel;
    c->budget = budget;
    atomic_init(&c->stopped, GOPT_GO);
}

gopt_solve_ctx *gopt_ctx_enter(gopt_solve_ctx *c) {
    gopt_solve_ctx *previous = current;
    current = c;
    return previous;
}

gopt_solve_ctx *gopt_ctx_current(void) { return current; }

static gopt_stop_reason note_on(gopt_solve_ctx *c, gopt_stop_reason r) {
    int expected = GOPT_GO;
    if (!c || r == GOPT_GO) return r;
    if (atomic_compare_exchange_strong(&c->stopped, &expected, (int)r)) return r;
    return (gopt_stop_reason)expected;
}

gopt_stop_reason gopt_stop_check_ctx(gopt_solve_ctx *c) {
    if (c) {
        int already = atomic_load_explicit(&c->stopped, memory_order_relaxed);
        if (already != GOPT_GO) return (gopt_stop_reason)already;
    }
    if (signalled) return note_on(c, GOPT_STOP_SIGNAL);
    if (!c) return GOPT_GO;
    if (c->cancel && atomic_load_explicit(c->cancel, memory_order_relaxed)) return note_on(c, GOPT_STOP_CANCEL);
    if (c->deadline > 0 && gopt_now() >= c->deadline) return note_on(c, GOPT_STOP_TIME);
    return GOPT_GO;
}

gopt_stop_reason gopt_stop_check(void) { return gopt_stop_check_ctx(current); }

gopt_stop_reason gopt_stop_note(gopt_stop_reason r) { return note_on(current, r); }

void gopt_stop_recovered(gopt_stop_reason r) {
    int expected = (int)r;
    if (current) atomic_compare_exchange_strong(&current->stopped, &expected, GOPT_GO);
}

double gopt_stop_seconds_left(void) {
    if (!current || current->deadline <= 0) return 1e12;
    double left = current->deadline - gopt_now();
    return left > 0 ? left : 0;
}

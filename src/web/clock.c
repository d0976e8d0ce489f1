/* Clocks in the WebAssembly build. Emscripten's clock_gettime knows only the real-time and the
 * monotonic clock and fails on the CPU-time clocks, leaving the time unset (cpu_seconds came
 * out as -2018). A WebAssembly instance runs on one thread that is busy from the start of a
 * call to its end (in the browser, a worker of its own), so the monotonic clock is its CPU
 * time: the CPU clocks read it. This definition takes the place of the library's. */
#include <emscripten.h>
#include <emscripten/html5.h>
#include <errno.h>
#include <time.h>

int clock_gettime(clockid_t clock, struct timespec *ts) {
    double ms;
    if (clock == CLOCK_REALTIME) ms = emscripten_date_now();
    else if (clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_PROCESS_CPUTIME_ID ||
             clock == CLOCK_THREAD_CPUTIME_ID)
        ms = emscripten_get_now();
    else {
        errno = EINVAL;
        return -1;
    }
    double s = ms / 1000;
    ts->tv_sec = (time_t)s;
    ts->tv_nsec = (long)((s - (double)ts->tv_sec) * 1e9);
    return 0;
}

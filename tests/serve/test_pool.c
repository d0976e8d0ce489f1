/* The server's pool of workers (src/serve/pool.c) against requests that block (issue 37 item
 * 2): a worker blocked in open() of a FIFO whose client hangs up, requests that ignore their
 * cancel token and every signal and never return, more of them than there are workers, and
 * a stop while one is stuck. Every other request must still be answered. The handler here is
 * a stand-in for the API (serve_api_call): the verb says what the request does. Nothing is
 * timed beyond "answered within a generous wait". */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "serve/serve.h"

/* ---- the stand-in for api.c ---- */
static atomic_int release_spinners; /* the "spin" requests return once this is set */

void serve_reply_error(serve_reply *r, int http, int exit_code, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->http = http;
    r->exit_code = exit_code;
    r->type = "application/json";
    r->body = gopt_format("{\"error\":\"gameopt: %s\"}", msg);
    r->len = strlen(r->body);
}

void serve_reply_free(serve_reply *r) {
    free(r->body);
    *r = (serve_reply){0};
}

static void nap(double seconds) {
    struct timespec ts = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
    nanosleep(&ts, NULL);
}

void serve_api_call(const serve_api *api, const char *game, const char *verb, const char *body, size_t len,
                    const atomic_int *cancel, const gopt_progress_sink *progress, serve_reply *r) {
    (void)api, (void)game, (void)len, (void)cancel, (void)progress;
    if (strcmp(verb, "fifo") == 0) { /* opening a FIFO nobody writes blocks until a signal */
        int fd = open(body, O_RDONLY);
        if (fd >= 0) close(fd);
        serve_reply_error(r, fd >= 0 ? 200 : 500, fd >= 0 ? 0 : 4, "open: %s", fd >= 0 ? "ok" : strerror(errno));
        return;
    }
    if (strcmp(verb, "report") == 0) { /* tells its progress (the body), then runs until cancelled */
        if (progress) progress->report(progress->ctx, "test", 1, 3, body, false);
        while (!atomic_load(cancel)) nap(0.01);
    }
    if (strcmp(verb, "spin") == 0) /* deaf to its cancel token and to signals */
        while (!atomic_load(&release_spinners)) nap(0.01);
    serve_reply_error(r, 200, 0, "%s done", verb);
}

/* ---- the test's side: jobs and their answers ---- */
typedef struct answered {
    atomic_int n;   /* done() calls */
    atomic_int http; /* the last answer's status */
} answered;

static void on_done(serve_job *job) {
    answered *a = job->ctx;
    atomic_store(&a->http, job->reply.http);
    atomic_fetch_add(&a->n, 1);
}

static serve_job *job_of(const char *verb, const char *body, int fd, answered *a) {
    serve_job *job = gopt_calloc(1, sizeof *job);
    job->game = gopt_strdup("test");
    job->verb = gopt_strdup(verb);
    job->body = gopt_strdup(body);
    job->len = strlen(body);
    job->fd = fd;
    job->done = on_done;
    job->ctx = a;
    return job;
}

/* Waits (at most a generous 60 s) until the job was answered; its HTTP status. */
static int wait_answer(answered *a) {
    for (int i = 0; i < 6000 && !atomic_load(&a->n); i++) nap(0.01);
    assert_int_equal(atomic_load(&a->n), 1);
    return atomic_load(&a->http);
}

/* A worker blocked in open() of a FIFO: its client hangs up, the request is cancelled, the
 * signal makes open() return EINTR, and the worker takes the next request. */
static void blocked_open_ends_when_the_client_hangs_up(void **state) {
    (void)state;
    char dir[] = "/tmp/gameopt-pool-XXXXXX", fifo[64];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int client[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, client), 0);

    serve_pool *p = serve_pool_start(1, 4, 0);
    answered blocked = {0}, next = {0};
    assert_true(serve_pool_push(p, job_of("fifo", fifo, client[0], &blocked)));
    assert_true(serve_pool_push(p, job_of("quick", "", -1, &next)));
    nap(0.2);
    assert_int_equal(atomic_load(&blocked.n), 0); /* still in open() */
    close(client[1]);                              /* the client hangs up */
    assert_int_equal(wait_answer(&blocked), 500);  /* open() was interrupted */
    assert_int_equal(wait_answer(&next), 200);
    serve_pool_counts n;
    serve_pool_status(p, &n);
    assert_int_equal(n.cancelled, 1);
    assert_int_equal(n.abandoned, 0);
    serve_pool_stop(p);
    close(client[0]);
    unlink(fifo);
    rmdir(dir);
}

/* Two workers, two requests that never return and ignore everything: past the time limit
 * they are answered 503 and abandoned to fresh threads, which answer the others; once the
 * stuck calls return, their threads end. */
static void stuck_requests_never_stall_the_others(void **state) {
    (void)state;
    atomic_store(&release_spinners, 0);
    serve_pool *p = serve_pool_start(2, 8, 0.2);
    answered spin[2] = {0}, quick[4] = {0};
    for (int i = 0; i < 2; i++) assert_true(serve_pool_push(p, job_of("spin", "", -1, &spin[i])));
    for (int i = 0; i < 4; i++) assert_true(serve_pool_push(p, job_of("quick", "", -1, &quick[i])));
    for (int i = 0; i < 4; i++) assert_int_equal(wait_answer(&quick[i]), 200);
    for (int i = 0; i < 2; i++) assert_int_equal(wait_answer(&spin[i]), 503);
    serve_pool_counts n;
    serve_pool_status(p, &n);
    assert_int_equal(n.abandoned, 2);
    assert_int_equal(n.overtime, 2);
    assert_int_equal(n.stuck, 2);
    assert_int_equal(n.served, 6);
    atomic_store(&release_spinners, 1);
    for (int i = 0; i < 6000 && n.stuck; i++) {
        nap(0.01);
        serve_pool_status(p, &n);
    }
    assert_int_equal(n.stuck, 0);
    answered after = {0};
    assert_true(serve_pool_push(p, job_of("quick", "", -1, &after)));
    assert_int_equal(wait_answer(&after), 200);
    serve_pool_stop(p);
}

/* More stuck requests than workers, one after the other: every one is answered. */
static void many_stuck_requests_are_all_answered(void **state) {
    (void)state;
    atomic_store(&release_spinners, 0);
    serve_pool *p = serve_pool_start(1, 8, 0.1);
    answered spin[3] = {0};
    for (int i = 0; i < 3; i++) assert_true(serve_pool_push(p, job_of("spin", "", -1, &spin[i])));
    for (int i = 0; i < 3; i++) assert_int_equal(wait_answer(&spin[i]), 503);
    atomic_store(&release_spinners, 1);
    serve_pool_stop(p);
}

/* The stop does not wait for a request that never returns: it is answered, and the stop
 * returns (the stuck thread is left to the process's exit). */
static void stop_with_a_stuck_request(void **state) {
    (void)state;
    atomic_store(&release_spinners, 0);
    serve_pool *p = serve_pool_start(1, 4, 0);
    answered spin = {0}, waiting = {0};
    assert_true(serve_pool_push(p, job_of("spin", "", -1, &spin)));
    nap(0.1);
    assert_true(serve_pool_push(p, job_of("quick", "", -1, &waiting)));
    serve_pool_stop(p);
    assert_int_equal(wait_answer(&waiting), 503); /* the server is stopping */
    assert_int_equal(wait_answer(&spin), 503);    /* abandoned */
    atomic_store(&release_spinners, 1);
    nap(0.1); /* the stuck thread ends */
}

/* GET /api/progress/ID's answers: a running request's last report, a waiting one's place in
 * the queue, nothing for an unknown name or once the request was answered. */
static void progress_of_waiting_and_running_requests(void **state) {
    (void)state;
    assert_null(serve_progress_new("short"));
    assert_null(serve_progress_new("has spaces in it 0123"));
    assert_false(serve_progress_id_ok("../../etc/passwd-0123"));
    serve_pool *p = serve_pool_start(1, 4, 0);
    answered running = {0}, waiting = {0};
    serve_job *a = job_of("report", "at least 7 moves", -1, &running);
    a->progress = serve_progress_new("running-0123456789");
    serve_job *b = job_of("quick", "", -1, &waiting);
    b->progress = serve_progress_new("waiting_0123456789");
    assert_true(serve_pool_push(p, a));
    assert_true(serve_pool_push(p, b));
    json_t *j = NULL;
    for (int i = 0; i < 6000; i++) { /* until the running one reported */
        j = serve_pool_progress(p, "running-0123456789");
        if (j && json_integer_value(json_object_get(j, "reports")) >= 1) break;
        json_decref(j);
        j = NULL;
        nap(0.01);
    }
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "state")), "running");
    assert_string_equal(json_string_value(json_object_get(j, "status")), "at least 7 moves");
    assert_string_equal(json_string_value(json_object_get(j, "label")), "test");
    assert_int_equal(json_integer_value(json_object_get(j, "done")), 1);
    assert_int_equal(json_integer_value(json_object_get(j, "total")), 3);
    json_decref(j);
    j = serve_pool_progress(p, "waiting_0123456789");
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "state")), "waiting");
    assert_int_equal(json_integer_value(json_object_get(j, "ahead")), 0);
    json_decref(j);
    assert_null(serve_pool_progress(p, "nobody-0123456789ab"));
    atomic_store(&a->cancel, 1); /* running: the pool holds it until it returns */
    assert_int_equal(wait_answer(&running), 200);
    assert_int_equal(wait_answer(&waiting), 200);
    assert_null(serve_pool_progress(p, "running-0123456789"));
    assert_null(serve_pool_progress(p, "waiting_0123456789"));
    serve_pool_stop(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blocked_open_ends_when_the_client_hangs_up),
        cmocka_unit_test(stuck_requests_never_stall_the_others),
        cmocka_unit_test(many_stuck_requests_are_all_answered),
        cmocka_unit_test(stop_with_a_stuck_request),
        cmocka_unit_test(progress_of_waiting_and_running_requests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

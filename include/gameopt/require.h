/* Contracts at the entry points of engines and interfaces (the CaDiCaL habit of stating
 * invariants): a wrong call fails loudly, naming the function and the broken rule, instead
 * of answering wrongly (a literal 0 in a SAT clause would silently make a wrong UNSAT).
 * Contracts are on in every build but -DGOPT_NO_CONTRACTS; their cost is a compare at
 * each entry point, never inside a hot loop. */
#ifndef GAMEOPT_REQUIRE_H
#define GAMEOPT_REQUIRE_H

#ifdef GOPT_NO_CONTRACTS
#define GOPT_REQUIRE(cond, ...) ((void)0)
#else
/* GOPT_REQUIRE(cond, "printf format", args...) */
#define GOPT_REQUIRE(cond, ...)                                                                    \
    do {                                                                                           \
        if (!(cond)) gopt_require_failed(__func__, #cond, __VA_ARGS__);                            \
    } while (0)
#endif

/* Internal invariants inside the solvers, at the places where a broken one would give a wrong
 * answer the checker cannot see (a count, a bound, a proof of "no solution"). Unlike contracts
 * they may sit in hot loops, so they are compiled only in the checked builds (GOPT_CHECKED: the
 * sanitizer, fuzz and Debug builds, so CI's asan-test runs every test with them); elsewhere
 * the condition is not evaluated. */
#ifdef GOPT_CHECKED
#define GOPT_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) gopt_require_failed(__func__, #cond, "internal invariant broken");            \
    } while (0)
#else
#define GOPT_ASSERT(cond) ((void)sizeof(cond))
#endif

/* Prints `gameopt: contract violated in FUNC: REASON (COND)` to stderr and calls the
 * handler (abort() unless a test installed its own). */
void gopt_require_failed(const char *func, const char *cond, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An internal error the process cannot answer past (out of memory outside a request, a
 * broken installation): `gameopt: MESSAGE` on stderr, exit 4. The one place, with a contract
 * violation, where the library itself writes to the process's streams: it ends the process. */
_Noreturn void gopt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Tests replace the handler (e.g. with a longjmp) to check that a contract fires; NULL
 * restores abort(). Returns the previous handler. The handler must not return. */
typedef void (*gopt_require_handler)(const char *func, const char *message);
gopt_require_handler gopt_require_set_handler(gopt_require_handler h);

#endif

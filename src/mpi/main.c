/* gameopt-mpi: `gameopt flood solve` with its exact search (--method astar, the default)
 * spread over MPI ranks as hash-distributed A* (src/mpi/hda.c). Every rank runs the ordinary
 * command line (src/cli, linked in with its main renamed gopt_cli_main) on the same input,
 * so options, checking and output are those of gameopt; the ranks meet inside each board's
 * search. Rank 0 prints; the others write to /dev/null (and their pictures and result files
 * to a private temporary folder), so a message or an answer appears once.
 *
 *   mpirun -np 4 gameopt-mpi flood solve boards.txt --json --memory-limit 4000
 *
 * What differs from gameopt: --memory-limit is each rank's budget (without it, each rank
 * may use half the machine's memory divided by the ranks on that machine); --threads and
 * --total-time-limit are refused (one thread per rank; per-board limits only, so that every
 * rank starts the same boards); standard input is read by rank 0 and shared. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "gameopt/alloc.h"
#include "gameopt/outfile.h"
#include "mpi/hda.h"

int gopt_cli_main(int argc, char **argv);

static const char usage_text[] =
    "usage: mpirun -np N gameopt-mpi flood solve [options] [FILE...]\n\n"
    "gameopt flood solve with its exact search spread over N MPI ranks (hash-distributed A*):\n"
    "each rank holds the states whose hash maps to it, so the ranks' memory adds up. Options,\n"
    "output and exit codes are those of `gameopt flood solve` (see gameopt-mpi flood solve\n"
    "--help), except:\n"
    "  --memory-limit MB   each rank's budget (default: half the machine's memory divided by\n"
    "                      the ranks on that machine); when one rank reaches it all stop, exit 3\n"
    "  --threads, --total-time-limit   not available (add ranks; use --time-limit per board)\n"
    "Rank 0 prints. The input must be the same file on every machine (or standard input,\n"
    "which rank 0 reads and shares). docs/methods.md, \"flood across machines\", has a Slurm\n"
    "example.\n";

static int say(int code, const char *what) {
    if (hda_cfg.rank == 0) fprintf(code ? stderr : stdout, "%s", what);
    return code;
}

/* Standard input reaches rank 0 only: it reads it all and every rank puts the text behind
 * its own descriptor 0 (an unlinked temporary file), so "-" reads the same everywhere. */
static void share_stdin(void) {
    char *text = NULL;
    size_t len = 0, cap = 0;
    if (hda_cfg.rank == 0) {
        for (;;) {
            gopt_grow(&text, &cap, len + 65536, 1);
            ssize_t got = read(STDIN_FILENO, text + len, cap - len);
            if (got <= 0) break;
            len += (size_t)got;
        }
    }
    uint64_t n = len;
    MPI_Bcast(&n, 1, MPI_UINT64_T, 0, hda_cfg.comm);
    if (hda_cfg.rank != 0) text = gopt_malloc(n + 1);
    for (uint64_t at = 0; at < n; at += INT_MAX / 2) {
        int part = (int)(n - at < INT_MAX / 2 ? n - at : INT_MAX / 2);
        MPI_Bcast(text + at, part, MPI_CHAR, 0, hda_cfg.comm);
    }
    FILE *t = tmpfile();
    if (t && fwrite(text, 1, n, t) == n && fflush(t) == 0 && fseek(t, 0, SEEK_SET) == 0) {
        dup2(fileno(t), STDIN_FILENO);
        clearerr(stdin);
    }
    if (t) fclose(t);
    free(text);
}

/* Ranks other than 0 write --output FILE into a folder of their own (removed at the end):
 * rank 0's file is the result, and no two ranks race to rename theirs onto it. */
static char private_dir[PATH_MAX];

static void private_output(char **argv, int argc, const char *output) {
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(private_dir, sizeof private_dir, "%s/gameopt-mpi-XXXXXX", tmp);
    if (!mkdtemp(private_dir)) {
        private_dir[0] = 0;
        return;
    }
    const char *base = strrchr(output, '/') ? strrchr(output, '/') + 1 : output;
    for (int k = 0; k < argc; k++) {
        size_t n = strlen(argv[k]);
        if (argv[k] == output) argv[k] = gopt_format("%s/%s", private_dir, base);
        else if (output > argv[k] && output <= argv[k] + n) argv[k] = gopt_format("--output=%s/%s", private_dir, base);
    }
}

static void remove_private_dir(void) {
    if (!private_dir[0]) return;
    DIR *d = opendir(private_dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *path = gopt_format("%s/%s", private_dir, e->d_name);
        remove(path);
        free(path);
    }
    if (d) closedir(d);
    rmdir(private_dir);
}

/* Half the machine's memory shared by the ranks on this machine, in MB. */
static double default_rank_mb(void) {
    MPI_Comm local;
    int here = 1;
    MPI_Comm_split_type(hda_cfg.comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &here);
    MPI_Comm_free(&local);
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double total = pages > 0 && size > 0 ? (double)pages * (double)size : 8e9;
    return total / 2 / here / 1048576.0;
}

/* Checks what only makes sense in one process and prepares the ranks; returns -1 to go on
 * with the command line (the arguments possibly changed), else the exit code. */
static int prepare(int *argc, char ***argv) {
    const gopt_game *g = gopt_game_find("flood");
    gopt_call call = {.game = g, .verb = gopt_verb_find(g, "solve"), .out = stdout, .diag = stderr};
    gopt_options_init(&call.opts);
    int n = *argc - 3;
    char **scratch = gopt_malloc(((size_t)n + 1) * sizeof *scratch);
    memcpy(scratch, *argv + 3, (size_t)n * sizeof *scratch); /* the parser reorders its array */
    bool help = false;
    bool ok = cli_parse_options(&call, n, scratch, &help);
    int code = -1;
    const gopt_options *o = &call.opts;
    if (!ok || help) {
        /* the command line says what is wrong, or prints the help */
    } else if (o->threads > 1) {
        code = say(2, "gameopt-mpi: --threads: one thread per rank; add ranks instead (mpirun -np N)\n");
    } else if (gopt_option(o, "checkpoint")) {
        /* the ranks' store is distributed: nothing of it is kept in one file */
        code = say(2, "gameopt-mpi: --checkpoint: not across ranks (hash-distributed A* keeps no checkpoint); use "
                      "gameopt on one machine, or flood split\n");
    } else if (o->total_time_limit > 0) {
        code = say(2, "gameopt-mpi: --total-time-limit: not across ranks (each would count its own time); use "
                      "--time-limit per board\n");
    } else {
        bool from_stdin = call.nargs == 0;
        for (int k = 0; k < call.nargs; k++) from_stdin |= strcmp(call.args[k], "-") == 0;
        if (from_stdin) share_stdin();
        /* Only when rank 0 can write the file do the others write elsewhere: else they all
         * stop at the same check, before any search. */
        int writable = 0;
        gopt_error err = {0};
        if (o->output && hda_cfg.rank == 0) writable = gopt_outfile_check(o->output, &err);
        MPI_Bcast(&writable, 1, MPI_INT, 0, hda_cfg.comm);
        if (o->output && writable && hda_cfg.rank != 0) private_output(*argv, *argc, o->output);
        if (o->memory_limit_mb <= 0) {
            char **more = gopt_malloc(((size_t)*argc + 3) * sizeof *more);
            memcpy(more, *argv, 3 * sizeof *more);
            more[3] = "--memory-limit";
            more[4] = gopt_format("%.0f", default_rank_mb());
            memcpy(more + 5, *argv + 3, ((size_t)*argc - 3 + 1) * sizeof *more);
            *argc += 2;
            *argv = more;
        }
        hda_cfg.report = o->stats;
    }
    free(scratch);
    return code;
}

static int run(int argc, char **argv) {
    bool help = argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                              strcmp(argv[1], "help") == 0);
    if (help) return say(0, usage_text);
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        if (hda_cfg.rank == 0) printf("gameopt-mpi %s\n", gopt_version());
        return 0;
    }
    if (argc < 3 || strcmp(argv[1], "flood") != 0 || strcmp(argv[2], "solve") != 0) {
        say(2, "gameopt-mpi: only 'flood solve' runs across ranks (gameopt does the rest)\n");
        return say(GOPT_BAD_INPUT, usage_text);
    }
    if (hda_cfg.size > 65535) return say(GOPT_BAD_INPUT, "gameopt-mpi: at most 65535 ranks\n");
    int code = prepare(&argc, &argv);
    if (code >= 0) return code;
    if (hda_cfg.rank != 0 && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)))
        return GOPT_ERROR;
    flood_astar_search = flood_hda;
    return gopt_cli_main(argc, argv);
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_dup(MPI_COMM_WORLD, &hda_cfg.comm);
    MPI_Comm_rank(hda_cfg.comm, &hda_cfg.rank);
    MPI_Comm_size(hda_cfg.comm, &hda_cfg.size);
    int code = run(argc, argv);
    fflush(stdout);
    fflush(stderr);
    /* Rank 0 has written everything before any rank leaves (mpirun may end the job as soon
     * as one process exits with a failure code). */
    MPI_Barrier(hda_cfg.comm);
    remove_private_dir();
    MPI_Comm_free(&hda_cfg.comm);
    MPI_Finalize();
    return hda_cfg.rank == 0 ? code : 0;
}

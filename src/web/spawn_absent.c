/* Programs run by the library (taxis plots run gnuplot) in the WebAssembly build: there are
 * no processes, and Emscripten's libc declares posix_spawnp without defining it. Spawning
 * fails as it does natively when the program is missing (plot.c looks for gnuplot on PATH
 * first and draws nothing when it is not there). */
#include <errno.h>
#include <spawn.h>

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
                 char *const argv[], char *const envp[]) {
    (void)pid, (void)file, (void)fa, (void)attr, (void)argv, (void)envp;
    return ENOSYS;
}

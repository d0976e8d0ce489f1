#!/usr/bin/env bash
# What each library group costs a process that only starts and exits (docs/methods.md,
# "Start-up"): an empty C program linked with the group (every library kept, as without
# --as-needed), and the same lean program opening the group with dlopen(RTLD_LAZY) the way
# gameopt opens igraph, cairo and CBC on first use. Prints shared objects loaded, symbol
# relocations (LD_DEBUG=statistics) and whole-process CPU (perf stat task-clock, mean of RUNS).
# usage: bash bench/startup-libs.sh [RUNS]
set -euo pipefail
runs=${1:-40}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lib=/usr/lib/x86_64-linux-gnu
printf 'int main(void) { return 0; }\n' >"$tmp/empty.c"
cat >"$tmp/open.c" <<'C'
#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv) {
    for (int k = 1; k < argc; k++)
        if (!dlopen(argv[k], RTLD_LAZY | RTLD_LOCAL)) return puts(dlerror()), 1;
    return 0;
}
C
cpu() { perf stat -r "$runs" -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.2f", $1}'; }
relocs() { LD_DEBUG=statistics "$@" 2>&1 >/dev/null | awk '/number of relocations:/ {n=$NF} END {print n+0}'; }

row() { # name, link flags
  local name=$1; shift
  cc -O2 "$tmp/empty.c" -o "$tmp/a.out" -Wl,--no-as-needed "$@"
  printf '| %-40s | %4d | %6d | %5s |\n' "$name" "$(ldd "$tmp/a.out" | wc -l)" "$(relocs "$tmp/a.out")" "$(cpu "$tmp/a.out")"
}
open_row() { # name, sonames
  local name=$1; shift
  printf '| %-40s | %4s | %6d | %5s |\n' "$name" "+dl" "$(relocs "$tmp/open" "$@")" "$(cpu "$tmp/open" "$@")"
}

echo "empty program, whole process, perf stat task-clock mean of $runs runs (ms)"
echo
echo "| linked with                              | libs | relocs |    ms |"
echo "|------------------------------------------|------|--------|-------|"
row "libc only"
row "libm + libgomp (OpenMP) + zlib" -lm -fopenmp -lz
row "jansson" -ljansson
row "libstdc++ (shared; CaDiCaL needs it)" -lstdc++
row "libm + gomp + zlib + jansson + libstdc++" -lm -fopenmp -lz -ljansson -lstdc++
row "igraph (BLAS, LAPACK, ARPACK, ...)" -ligraph
row "cairo (pixman, fontconfig, X11 ...)" -lcairo
row "CBC (Cbc, Cgl, Clp, Osi, CoinUtils)" "$lib/libCbcSolver.so.3"
[ -e "$lib/libmicrohttpd.so.12" ] && row "libmicrohttpd (gnutls ...)" "$lib/libmicrohttpd.so.12"
row "all but libmicrohttpd (gameopt before)" -lm -fopenmp -lz -ljansson -lstdc++ -ligraph -lcairo "$lib/libCbcSolver.so.3"
cc -O2 "$tmp/open.c" -o "$tmp/open"
open_row "lean program, dlopen nothing"
open_row "lean program, dlopen igraph" libigraph.so.3
open_row "lean program, dlopen cairo" libcairo.so.2
open_row "lean program, dlopen CBC" libCbcSolver.so.3

#!/bin/sh
# Installs the build tree into a fresh prefix and runs from there what the library opens on
# first use (pictures through cairo, --method mip through CBC), with the command line and with
# a user's program built through the installed gameopt.pc (shared and static library).
# usage: run-install.sh BUILD_DIR SOURCE_DIR [user]   ("user": also build the user program)
set -eu
build=$1
src=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
bin=$prefix/bin/gameopt
[ -x "$bin" ] || { echo "not installed: $bin"; exit 1; }

"$bin" flow solve --output "$prefix/board.svg" "$src/data/flow/seed_5x5.txt" >/dev/null
head -c 200 "$prefix/board.svg" | grep -q '<svg' || { echo "no SVG written"; exit 1; }
"$bin" flow solve --output "$prefix/board.png" "$src/data/flow/seed_5x5.txt" >/dev/null
[ "$(head -c 4 "$prefix/board.png" | tail -c 3)" = PNG ] || { echo "no PNG written"; exit 1; }
out=$("$bin" country solve --method mip --json --stats "$src/data/country/seed-10x10.txt")
echo "$out" | grep -q '"status": *"solved"' || { echo "country --method mip: $out"; exit 1; }
echo "$out" | grep -q '"mip_solves": *[1-9]' || { echo "country --method mip made no MIP solve: $out"; exit 1; }
"$bin" tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2 >/dev/null
grep -q '^complete -o filenames -F _gameopt gameopt$' "$prefix/share/bash-completion/completions/gameopt" ||
  { echo "no bash completion installed"; exit 1; }
[ -s "$prefix/share/man/man1/gameopt.1" ] || { echo "no man page installed"; exit 1; }

if [ "${3:-}" = user ]; then
  lib=$(find "$prefix" -name 'libgameopt.so' | head -n 1)
  pc=$(dirname "$lib")/pkgconfig
  export PKG_CONFIG_PATH="$pc"
  flags=$(pkg-config --define-prefix --cflags gameopt)
  # shared library
  cc -std=c17 $flags "$src/tests/install/user.c" -o "$prefix/user" $(pkg-config --define-prefix --libs gameopt)
  LD_LIBRARY_PATH=$(dirname "$lib") "$prefix/user" "$prefix/user.svg" | grep -qx 'mip optimal 13' || { echo "user program (shared) failed"; exit 1; }
  head -c 200 "$prefix/user.svg" | grep -q '<svg' || { echo "user program wrote no SVG"; exit 1; }
  # static library
  cc -std=c17 $flags "$src/tests/install/user.c" -o "$prefix/user-static" \
    "$(dirname "$lib")/libgameopt.a" $(pkg-config --define-prefix --libs --static gameopt | sed 's/-lgameopt//')
  "$prefix/user-static" "$prefix/user2.pdf" | grep -qx 'mip optimal 13' || { echo "user program (static) failed"; exit 1; }
  head -c 5 "$prefix/user2.pdf" | grep -q '%PDF' || { echo "user program wrote no PDF"; exit 1; }
fi
echo "installed tree OK"

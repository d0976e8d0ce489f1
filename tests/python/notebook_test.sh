#!/bin/sh
# Executes notebooks/puzzles.ipynb headless (Debian's jupyter-nbconvert and ipykernel, no
# network) over the build's library, and checks its outputs: the Country Road URL solved with
# one solution, and two SVG pictures shown inline.
#   notebook_test.sh BUILD_DIR
set -eu
build=$1
out=$build/notebooks/puzzles.ipynb
mkdir -p "$build/notebooks"
PYTHONPATH=$PWD/python GAMEOPT_LIB=$build/libgameopt.so PYDEVD_DISABLE_FILE_VALIDATION=1 \
  jupyter nbconvert --to notebook --execute --output "$out" notebooks/puzzles.ipynb
grep -q '"solved 1' "$out" || { echo "notebook_test: the Country Road answer is missing" >&2; exit 1; }
[ "$(grep -c 'image/svg+xml' "$out")" -eq 2 ] || { echo "notebook_test: expected 2 SVG pictures" >&2; exit 1; }
echo "notebook_test: ok"

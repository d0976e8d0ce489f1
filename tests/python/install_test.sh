#!/bin/sh
# `pip install ./python` into a fresh virtual environment, offline (Debian's setuptools and
# wheel through --system-site-packages, --no-index: no package index is asked), then the
# installed package, run from elsewhere, finds this checkout's build/libgameopt.so by itself
# (no GAMEOPT_LIB, no PYTHONPATH) and solves a puzzle.
#   install_test.sh PYTHON WORKDIR
set -eu
python=$1
dir=$2
rm -rf "$dir"
"$python" -m venv --system-site-packages "$dir/venv"
"$dir/venv/bin/pip" install -q --no-build-isolation --no-index ./python
cd "$dir"
out=$(env -u GAMEOPT_LIB -u PYTHONPATH "$dir/venv/bin/python" -c '
import gameopt
print(gameopt.library_path())
print(gameopt.solve("flood", "5x4c3m2:01201120120221001201").answer["length"])')
echo "$out"
lib=$(echo "$out" | sed -n 1p)
case "$lib" in */build/libgameopt.so) ;; *) echo "install_test: library not from the build tree: $lib" >&2; exit 1 ;; esac
[ "$(echo "$out" | sed -n 2p)" = 6 ] || { echo "install_test: wrong answer" >&2; exit 1; }
echo "install_test: ok"

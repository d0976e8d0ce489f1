#!/bin/sh
# Executes a results notebook (taxis-paper or flood-proofs) headless with the small setting
# (GAMES) over the build's library, then checks the numbers it reports against the command
# line's for the same seeds (notebook_check.py).
#   notebook_paper_test.sh BUILD_DIR NOTEBOOK GAMES
set -eu
build=$(cd "$1" && pwd)
name=$2
games=$3
mkdir -p "$build/notebooks"
results=$build/notebooks/$name.json
rm -f "$results"
GAMES=$games GAMEOPT_NOTEBOOK_RESULTS=$results PYTHONPATH=$PWD/python GAMEOPT_LIB=$build/libgameopt.so \
  PYDEVD_DISABLE_FILE_VALIDATION=1 \
  jupyter nbconvert --to notebook --execute --output "$build/notebooks/$name.ipynb" "notebooks/$name.ipynb"
python3 tests/python/notebook_check.py "$name" "$results" "$build/gameopt" "$games"

#!/bin/sh
# The page's game list (data/www/tokens.js GAMES) names every bundled tile catalogue
# (data/tiles/*.txt) and nothing else, so a new catalogue cannot be left off the page.
set -eu
src=$1
page=$(sed -n "s/^ *const GAMES = \[\(.*\)\];/\1/p" "$src/data/www/tokens.js" | tr -d "' " | tr ',' '\n' | tr 'A-Z' 'a-z' | sort)
tiles=$(ls "$src/data/tiles" | sed 's/\.txt$//' | sort)
[ "$page" = "$tiles" ] || { echo "tokens.js GAMES differs from data/tiles:"; echo "page: $page" | tr '\n' ' '; echo; echo "tiles: $tiles" | tr '\n' ' '; echo; exit 1; }
echo "page lists the $(echo "$tiles" | wc -l) bundled catalogues"

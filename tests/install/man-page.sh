#!/bin/sh
# The man page is in step with the program (issue 35 item 6): docs/gameopt.1 is exactly what
# `gameopt --man` generates from the game tables; every game, every verb and every option its
# --help lists has its place there, and serve's options in SERVE; examples for every game and
# serve; no fixed install path; groff reads it without a warning. Before: a page of common
# options only, no game, verb or serve section, /usr/local/share/gameopt.
bin=$1
page=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" --man >"$tmp/man" || { echo "gameopt --man: exit $?"; exit 1; }
cmp -s "$tmp/man" "$page" || { echo "$page differs from \`gameopt --man\` (regenerate it: build/gameopt --man > docs/gameopt.1):"; diff "$page" "$tmp/man" | head -20; fail=1; }
# the section of a verb: from its .SS line to the next .SS or .SH
section() { awk -v h=".SS \"gameopt $1 $2\"" '$0 == h {on = 1; next} on && /^\.S[SH]/ {exit} on' "$tmp/man"; }
games=$("$bin" --help | sed -n '/^games:/,/^$/s/^  \([a-z][a-z0-9]*\) .*/\1/p')
[ -n "$games" ] || { echo "no games in gameopt --help"; exit 1; }
for g in $games; do
  grep -q "^\.SH \"$g\" (gameopt $g)" "$tmp/man" || { echo "no section for $g"; fail=1; }
  verbs=$("$bin" "$g" --help | sed -n '/^verbs:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
  for v in $verbs; do
    section "$g" "$v" >"$tmp/sec"
    [ -s "$tmp/sec" ] || { echo "no section for $g $v"; fail=1; continue; }
    for o in $("$bin" "$g" "$v" --help | sed -n 's/^  --\([a-z][a-z0-9-]*\).*/\1/p'); do
      [ "$o" = help ] && continue
      o_roff=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
      grep -q "\\\\-\\\\-$o_roff\\([^a-z0-9\\\\]\\|\\\\fR\\|\$\\)" "$tmp/sec" || { echo "$g $v: --$o is not in its section"; fail=1; }
    done
  done
  awk -v h=".SH \"$g\" (gameopt $g)" '$0 == h {on = 1; next} on && /^\.SS/ {exit} on' "$tmp/man" | grep -q '^Examples:' ||
    { echo "$g: no examples"; fail=1; }
done
awk '/^\.SH SERVE/ {on = 1; next} on && /^\.SH/ {exit} on' "$tmp/man" >"$tmp/serve"
for o in $("$bin" serve --help | sed -n 's/^  --\([a-z][a-z0-9-]*\).*/\1/p'); do
  o_roff=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
  grep -q "\\\\-\\\\-$o_roff" "$tmp/serve" || { echo "serve: --$o is not in SERVE"; fail=1; }
done
grep -q '^Examples:' "$tmp/serve" || { echo "serve: no examples"; fail=1; }
if grep -n '/usr/local\|/usr/share\|/opt/' "$tmp/man"; then echo "a fixed install path"; fail=1; fi
if command -v groff >/dev/null; then
  groff -man -Tutf8 -ww -z "$tmp/man" >"$tmp/groff" 2>&1
  [ ! -s "$tmp/groff" ] || { echo "groff warns:"; head "$tmp/groff"; fail=1; }
fi
exit $fail

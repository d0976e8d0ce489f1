#!/bin/bash
# Bash completion (issue 35 item 6): `gameopt --completion bash` is generated from the game
# tables; completing with it offers the games, a game's verbs, a verb's own and common options
# (country generate's --grade and --time-limit), serve's options, and files elsewhere.
bin=$1
script=$(mktemp)
trap 'rm -f "$script"' EXIT
"$bin" --completion bash >"$script" || { echo "--completion bash failed"; exit 1; }
# shellcheck disable=SC1090
. "$script"
fail=0
expect() { # expect "WORDS..." "WANTED..."
  read -r -a COMP_WORDS <<<"$1"
  [[ $1 == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _gameopt
  local got=" ${COMPREPLY[*]} "
  for w in $2; do
    [[ $got == *" $w "* ]] || { echo "'$1' does not offer $w: got${got}"; fail=1; }
  done
}
expect "gameopt flo" "flood flow"
expect "gameopt " "country flood flow routes taxis tokens serve"
expect "gameopt flood so" "solve"
expect "gameopt country generate --" "--grade --time-limit --memory-limit --size --help"
expect "gameopt flood solve --pro" "--progress"
expect "gameopt tokens audit --ti" "--time-limit"
expect "gameopt serve --po" "--port --port-file"
expect "gameopt flood solve data/flood/te" "data/flood/ten.txt"
"$bin" --completion zsh >/dev/null 2>&1 && { echo "--completion zsh accepted"; fail=1; }
exit $fail

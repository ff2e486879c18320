#!/usr/bin/env bash
# packaging/benchbox.bash in bash, driven as bash-completion's own tests drive a completion
# function: COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set, _benchbox called, COMPREPLY read.
# What it must offer comes from `benchbox list` (modules, cases, available libraries), so the test
# holds for whichever modules the build holds.
#   tests/completion/completion.sh BENCHBOX COMPLETION_SCRIPT
set -euo pipefail
benchbox=$(realpath "$1") script=$(realpath "$2")
PATH="$(dirname "$benchbox"):$PATH"
export PATH
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# offered LINE: the words offered for LINE's last word (LINE ending in a space: a new word), one a
# line; a request to bash (compopt) goes to standard error.
offered() {
  bash -c '
    source "$1"
    compopt() { asked="compopt $*"; }  # outside a real Tab: record what the function asks of bash
    read -ra COMP_WORDS <<<"$2"
    if [[ $2 == *" " ]]; then COMP_WORDS+=(""); fi
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$2 COMP_POINT=${#2}
    _benchbox
    if [[ -n ${asked:-} ]]; then echo "$asked" >&2; fi
    if ((${#COMPREPLY[@]})); then printf "%s\n" "${COMPREPLY[@]}"; fi
  ' _ "$script" "$1"
}
# expect LINE WORD...: exactly these words, in this order.
expect() {
  local line=$1 got want
  shift
  got=$(offered "$line" 2>/dev/null)
  want=$(if (($#)); then printf '%s\n' "$@"; fi)
  [ "$got" = "$want" ] || fail "'$line' offered [${got//$'\n'/ }], expected [$*]"
}

# `benchbox list` names the modules, a line each starting at the margin (its last line aside);
# `benchbox list MODULE` gives each one's cases and libraries.
mapfile -t modules < <("$benchbox" list | sed -n '/^benchbox list MODULE/q; s/^\([a-z][a-z0-9_-]*\) .*/\1/p')
((${#modules[@]})) || { echo "FAIL: benchbox list names no module"; exit 1; }
list=$(for module in "${modules[@]}"; do "$benchbox" list "$module"; done)
# The cases and available libraries of one module, in the order benchbox list gives them.
of_module() {  # of_module MODULE cases|libraries
  awk -v module="$1" -v want="$2" '
    /^module / { inside = ($2 == module ":") }
    inside && /^  cases:/ { block = "cases" }
    inside && /^  libraries:/ { block = "libraries" }
    inside && block == want && /^    [^ ]/ {
      if (want == "cases" && $2 == "unit:") print $1
      if (want == "libraries" && $2 ~ /^available/) print $1
    }' <<<"$list"
}

top=$(offered "benchbox " 2>/dev/null)
for word in list report compare merge store history trend "${modules[@]}"; do
  grep -qx -- "$word" <<<"$top" || fail "'benchbox ' does not offer $word (offered: ${top//$'\n'/ })"
done
for module in "${modules[@]}"; do
  mapfile -t cases < <(of_module "$module" cases)
  mapfile -t libraries < <(of_module "$module" libraries)
  ((${#cases[@]} && ${#libraries[@]})) || fail "benchbox list shows no case or no available library of $module"
  expect "benchbox $module -n " "${cases[@]}"
  expect "benchbox $module --lib " "${libraries[@]}"
  # A list goes on after its last comma, without what it holds already (a flag before it takes no value).
  rest=("${libraries[@]:1}")
  expect "benchbox $module --verify --lib ${libraries[0]}," "${rest[@]/#/${libraries[0]},}"
done
module=${modules[0]}
mapfile -t cases < <(of_module "$module" cases)
options=$(offered "benchbox $module --" 2>/dev/null)
for option in --name --lib --verify --format --json --help; do
  grep -qx -- "$option" <<<"$options" || fail "'benchbox $module --' does not offer $option"
done
expect "benchbox li" list
expect "benchbox list " "${modules[@]}"
mapfile -t same_start < <(printf '%s\n' "${cases[@]}" | grep "^${cases[0]:0:1}")
expect "$benchbox $module -n ${cases[0]:0:1}" "${same_start[@]}"  # the program named by its path
expect "benchbox nosuchmodule --lib "
# A file: bash's own completion, asked for with compopt.
for line in "benchbox report " "benchbox $module --json "; do
  asked=$(offered "$line" 2>&1 >/dev/null)
  if [ "$asked" != "compopt -o default" ] || [ -n "$(offered "$line" 2>/dev/null)" ]; then
    fail "'$line' did not leave file names to bash (asked: '$asked')"
  fi
done
# A benchbox that cannot be run offers nothing, quietly.
[ -z "$(offered "/nonexistent/benchbox " 2>&1)" ] || fail "a missing program printed something"

((failures == 0)) || exit 1
echo "completion: ${#modules[@]} module(s) (${modules[*]}): commands, modules, cases, options, library ids and files as benchbox list has them"

# bash completion for benchbox: installed as share/bash-completion/completions/benchbox, which
# bash-completion loads at the first Tab after `benchbox` (or source this file). The benchbox being
# completed answers itself (`benchbox __complete WORD...`, src/cli/completion.hpp): its modules, cases,
# options and libraries, so that a module added to a build completes without changing this file.
_benchbox() {
  local program=${COMP_WORDS[0]/#\~/$HOME}
  local answer
  answer=$("$program" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  local lines
  mapfile -t lines <<<"$answer"
  if [[ ${lines[0]} == files ]]; then
    COMPREPLY=()
    compopt -o default 2>/dev/null  # bash's own file-name completion
    return 0
  fi
  COMPREPLY=("${lines[@]:1}")
}
complete -F _benchbox benchbox

# bash completion for ws, generated from its command tree by `ws completion bash`: do not edit.
# Load it with: source <(ws completion bash)   or save it as ~/.local/share/bash-completion/completions/ws

_ws_subcommands() {
  case "$1" in
    "") echo "queries runs automations agents skills sessions auth config api completion emulator help" ;;
  esac
}

_ws_options() {
  case "$1" in
    "queries") echo "--help" ;;
    "runs") echo "--help" ;;
    "automations") echo "--help" ;;
    "agents") echo "--help" ;;
    "skills") echo "--help" ;;
    "sessions") echo "--help" ;;
    "auth") echo "--help" ;;
    "config") echo "--help" ;;
    "api") echo "--help" ;;
    "completion") echo "--help" ;;
    "emulator") echo "--help" ;;
  esac
}

_ws_choices() {
  case "$1" in
    " --output") echo "table json ndjson csv tsv yaml" ;;
    " -o") echo "table json ndjson csv tsv yaml" ;;
  esac
}

_ws_fields() {
  case "$1" in

  esac
}

_ws_arguments() {
  case "$1" in
    "completion") echo "words" ;;
  esac
}

_ws_aliases() {
  case "$1" in

  esac
}

_ws_argument_words() {
  case "$1" in
    "completion") echo "bash zsh fish" ;;
  esac
}

_ws_global_options="--profile --base-url --json --output --jq --quiet --no-color --no-pager --wide --debug --http-timeout --allow-insecure-http --help"
_ws_value_options=" --base-url --http-timeout --jq --output --profile -o "
_ws_file_options="  "
_ws_dynamic_options=" --profile "
_ws_help_topics="environment exit-codes formatting"

_ws_locate() {
  local word i alias skip=0
  _ws_path="" _ws_args=0 _ws_help=0
  for ((i = $1; i < $2; i++)); do
    word="${_ws_line[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$word" in
      --*=*) continue ;;
      -?*) [[ "$_ws_value_options" == *" $word "* ]] && skip=1; continue ;;
    esac
    # `ws help queries list` completes like `ws queries list`
    if [[ -z "$_ws_path" && "$word" == help && $_ws_help == 0 && $_ws_args == 0 ]]; then _ws_help=1; continue; fi
    for alias in $(_ws_aliases "$_ws_path"); do [[ "$word" == "${alias%%=*}" ]] && word="${alias#*=}"; done
    if ((_ws_args == 0)) && [[ " $(_ws_subcommands "$_ws_path") " == *" $word "* ]]; then
      _ws_path="${_ws_path:+$_ws_path }$word"
    else
      _ws_args=$((_ws_args + 1))
    fi
  done
}

# What the positional argument at the cursor completes to: dynamic, files, words, none (or nothing)
_ws_argument_kind() {
  local kind index=0
  for kind in $(_ws_arguments "$_ws_path"); do
    if ((index == _ws_args)) || [[ "$kind" == *... ]]; then echo "${kind%...}"; return; fi
    index=$((index + 1))
  done
}

# Names only ws itself can know (query slugs, automations, run ids, profiles): `ws __complete` prints them, one a line
_ws_dynamic() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    line="${line%%$'\t'*}"
    [[ "$line" == *[[:space:]]* ]] && printf -v line '%q' "$line"
    COMPREPLY+=("$line")
  done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:0:COMP_CWORD+1}" 2>/dev/null)
}

_ws() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" _ws_line=("${COMP_WORDS[@]}") _ws_path _ws_args _ws_help
  _ws_locate 1 "$COMP_CWORD"
  if [[ "$prev" == "--json" ]]; then
    local fields; fields="$(_ws_fields "$_ws_path")"
    if [[ -n "$fields" ]]; then
      # a list is comma-joined: complete after the last comma, and add no space
      local done_part=""; [[ "$cur" == *,* ]] && done_part="${cur%,*},"
      COMPREPLY=($(compgen -P "$done_part" -W "$fields" -- "${cur##*,}"))
      compopt -o nospace 2>/dev/null
      return
    fi
  fi
  if [[ "$_ws_value_options" == *" $prev "* ]]; then
    if [[ "$_ws_dynamic_options" == *" $prev "* ]]; then _ws_dynamic; return; fi
    if [[ "$_ws_file_options" == *" $prev "* ]]; then compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return; fi
    local values; values="$(_ws_choices "$_ws_path $prev")"; [[ -z "$values" ]] && values="$(_ws_choices " $prev")"
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
    return
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_ws_options "$_ws_path") $_ws_global_options" -- "$cur"))
    return
  fi
  local subs; subs="$(_ws_subcommands "$_ws_path")"
  if [[ -n "$subs" ]]; then
    [[ $_ws_help == 1 && -z "$_ws_path" ]] && subs="$subs $_ws_help_topics"
    ((_ws_args == 0)) && COMPREPLY=($(compgen -W "$subs" -- "$cur"))
    return
  fi
  ((_ws_help)) && return
  case "$(_ws_argument_kind)" in
    dynamic) _ws_dynamic ;;
    files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
    words) COMPREPLY=($(compgen -W "$(_ws_argument_words "$_ws_path")" -- "$cur")) ;;
  esac
}
complete -F _ws ws

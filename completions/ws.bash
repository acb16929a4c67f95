# bash completion for ws, generated from its command tree by `ws completion bash`: do not edit.
# Load it with: source <(ws completion bash)   or save it as ~/.local/share/bash-completion/completions/ws

_ws_subcommands() {
  case "$1" in
    "") echo "queries runs automations agents skills sessions auth config api completion emulator mcp help" ;;
    "queries") echo "list get create update execute runs data pull apply" ;;
    "runs") echo "get result wait" ;;
    "automations") echo "list get runs trigger get-run result steps wait watch cancel" ;;
    "agents") echo "get update" ;;
    "skills") echo "get apply" ;;
    "sessions") echo "get update" ;;
    "auth") echo "login status logout" ;;
    "config") echo "list get set unset path" ;;
    "emulator") echo "start exec" ;;
  esac
}

_ws_options() {
  case "$1" in
    "queries") echo "--help" ;;
    "queries list") echo "--search --sort --direction --source --created-by --owner-org --platform-owned --no-runs --limit --offset --all --help" ;;
    "queries get") echo "--help" ;;
    "queries create") echo "--name --sql --sql-file --description --param --parameters-file --metadata --data-source --agent-run --dry-run --help" ;;
    "queries update") echo "--name --sql --sql-file --description --clear-description --param --parameters-file --metadata --dry-run --help" ;;
    "queries execute") echo "--param --metadata --wait --timeout --no-data --limit --x --y --series --out --help" ;;
    "queries runs") echo "--limit --offset --all --help" ;;
    "queries data") echo "--limit --offset --all --run --x --y --series --out --help" ;;
    "queries pull") echo "--force --help" ;;
    "queries apply") echo "--dry-run --help" ;;
    "runs") echo "--help" ;;
    "runs get") echo "--help" ;;
    "runs result") echo "--help" ;;
    "runs wait") echo "--timeout --data --limit --x --y --series --out --help" ;;
    "automations") echo "--help" ;;
    "automations list") echo "--search --sort --direction --ownership --created-by --latest-run --limit --offset --all --help" ;;
    "automations get") echo "--help" ;;
    "automations runs") echo "--limit --offset --all --help" ;;
    "automations trigger") echo "--input --inputs-file --metadata --wait --timeout --cancel-on-interrupt --cancel-on-timeout --dry-run --help" ;;
    "automations get-run") echo "--help" ;;
    "automations result") echo "--help" ;;
    "automations steps") echo "--help" ;;
    "automations wait") echo "--timeout --cancel-on-timeout --help" ;;
    "automations watch") echo "--timeout --cancel-on-timeout --help" ;;
    "automations cancel") echo "--dry-run --help" ;;
    "agents") echo "--help" ;;
    "agents get") echo "--help" ;;
    "agents update") echo "--description --kind --handler --system-prompt --system-prompt-file --tools-file --sub-agent --skill --max-turns --metadata --input-schema-file --output-schema-file --from-file --dry-run --help" ;;
    "skills") echo "--help" ;;
    "skills get") echo "--help" ;;
    "skills apply") echo "--name --slug --description --knowledge --knowledge-file --tool --sub-agent --dry-run --help" ;;
    "sessions") echo "--help" ;;
    "sessions get") echo "--help" ;;
    "sessions update") echo "--visibility --meta --dry-run --help" ;;
    "auth") echo "--help" ;;
    "auth login") echo "--with-key-stdin --insecure-storage --help" ;;
    "auth status") echo "--help" ;;
    "auth logout") echo "--help" ;;
    "config") echo "--help" ;;
    "config list") echo "--help" ;;
    "config get") echo "--help" ;;
    "config set") echo "--help" ;;
    "config unset") echo "--help" ;;
    "config path") echo "--help" ;;
    "api") echo "--method --raw-field --field --header --input --include --paginate --help" ;;
    "completion") echo "--help" ;;
    "emulator") echo "--help" ;;
    "emulator start") echo "--port --host --allow-host --data-dir --api-key --seed --latency --fault-rate --fault-seed --step-duration --max-body-size --run-timeout --memory-limit --threads --max-result-size --time-zone --help" ;;
    "emulator exec") echo "--port --host --allow-host --data-dir --api-key --seed --latency --fault-rate --fault-seed --step-duration --max-body-size --run-timeout --memory-limit --threads --max-result-size --time-zone --help" ;;
    "mcp") echo "--allow-writes --help" ;;
  esac
}

_ws_choices() {
  case "$1" in
    " --output") echo "table json ndjson csv tsv yaml markdown chart parquet arrow" ;;
    " -o") echo "table json ndjson csv tsv yaml markdown chart parquet arrow" ;;
    "queries list --sort") echo "updated created name" ;;
    "queries list --direction") echo "asc desc" ;;
    "queries list --source") echo "human agent all" ;;
    "automations list --sort") echo "updated created name" ;;
    "automations list --direction") echo "asc desc" ;;
    "automations list --ownership") echo "all owned granted" ;;
    "agents update --kind") echo "chat sub" ;;
    "agents update --handler") echo "database code" ;;
    "sessions update --visibility") echo "personal organization public" ;;
    "emulator start --seed") echo "demo none" ;;
    "emulator exec --seed") echo "demo none" ;;
  esac
}

_ws_fields() {
  case "$1" in
    "queries list") echo "id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt" ;;
    "queries get") echo "id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt" ;;
    "queries create") echo "id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt" ;;
    "queries update") echo "id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt" ;;
    "queries execute") echo "queryId queryRunId status queryName message userAgent createdAt history" ;;
    "queries runs") echo "id queryId status rowCount executionTimeMs errorDetails columnSchema resultLocation warehouseQueryId queryHash warehouse dataSourceId userAgent createdAt updatedAt startedAt completedAt" ;;
    "queries pull") echo "slug id file action" ;;
    "queries apply") echo "queries created updated unchanged dryRun" ;;
    "runs get") echo "queryRunId status message userAgent createdAt history" ;;
    "runs result") echo "queryRunId queryId status resultLocation rowCount executionTimeMs columnSchema userAgent createdAt completedAt" ;;
    "runs wait") echo "queryRunId status message userAgent createdAt history" ;;
    "automations list") echo "id organizationId name description cadence inputSchema clonedFromId createdById updatedById lastRunAt createdAt updatedAt userAgent latestRun" ;;
    "automations get") echo "id organizationId name description cadence inputSchema clonedFromId createdById updatedById lastRunAt createdAt updatedAt userAgent latestRun" ;;
    "automations runs") echo "id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent" ;;
    "automations trigger") echo "id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent" ;;
    "automations get-run") echo "run stepRuns" ;;
    "automations steps") echo "id workflowRunId workflowStepId state input output error startedAt completedAt createdAt updatedAt stateHistory" ;;
    "automations wait") echo "id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent" ;;
    "automations watch") echo "run stepRuns" ;;
    "automations cancel") echo "run stepRuns" ;;
    "agents get") echo "id name description kind status handlerType systemPrompt tools maxTurns metadata organizationId organizationSlug createdById updatedById createdAt updatedAt subAgents skills inputSchema outputSchema userAgent lastUsedAt" ;;
    "agents update") echo "id name description kind status handlerType systemPrompt tools maxTurns metadata organizationId organizationSlug createdById updatedById createdAt updatedAt subAgents skills inputSchema outputSchema userAgent lastUsedAt" ;;
    "skills get") echo "id name slug description knowledge tools subAgents organizationId createdById updatedById createdAt updatedAt sections userAgent organizationSlug lastUsedAt" ;;
    "skills apply") echo "id name slug description knowledge tools subAgents organizationId createdById updatedById createdAt updatedAt sections userAgent organizationSlug lastUsedAt" ;;
    "sessions get") echo "id userId createdAt organizationId createdById updatedById meta isPublic visibility version userAgent" ;;
    "sessions update") echo "id visibility meta updatedAt" ;;
    "auth status") echo "profile baseUrl apiKey proxy caFile authenticated" ;;
    "config list") echo "base-url output ca-file pager" ;;
  esac
}

_ws_arguments() {
  case "$1" in
    "queries get") echo "dynamic" ;;
    "queries update") echo "dynamic" ;;
    "queries execute") echo "dynamic" ;;
    "queries runs") echo "dynamic" ;;
    "queries data") echo "dynamic" ;;
    "queries pull") echo "dirs dynamic..." ;;
    "queries apply") echo "files..." ;;
    "runs get") echo "dynamic" ;;
    "runs result") echo "dynamic" ;;
    "runs wait") echo "dynamic" ;;
    "automations get") echo "dynamic" ;;
    "automations runs") echo "dynamic" ;;
    "automations trigger") echo "dynamic" ;;
    "automations get-run") echo "dynamic" ;;
    "automations result") echo "dynamic" ;;
    "automations steps") echo "dynamic" ;;
    "automations wait") echo "dynamic" ;;
    "automations watch") echo "dynamic" ;;
    "automations cancel") echo "dynamic" ;;
    "agents get") echo "none" ;;
    "agents update") echo "none" ;;
    "skills get") echo "none" ;;
    "skills apply") echo "files..." ;;
    "sessions get") echo "none" ;;
    "sessions update") echo "none" ;;
    "config get") echo "none" ;;
    "config set") echo "none none" ;;
    "config unset") echo "none" ;;
    "api") echo "none none" ;;
    "completion") echo "words" ;;
    "emulator exec") echo "none..." ;;
  esac
}

_ws_aliases() {
  case "$1" in
    "automations") echo "run=get-run" ;;
  esac
}

_ws_argument_words() {
  case "$1" in
    "completion") echo "bash zsh fish" ;;
  esac
}

_ws_global_options="--profile --base-url --json --output --jq --quiet --no-color --no-pager --wide --crlf --csv-safe --debug --http-timeout --allow-insecure-http --no-prompt --help"
_ws_value_options=" --agent-run --allow-host --api-key --base-url --created-by --data-dir --data-source --description --direction --fault-rate --fault-seed --field --from-file --handler --header --host --http-timeout --input --input-schema-file --inputs-file --jq --kind --knowledge --knowledge-file --latency --limit --max-body-size --max-result-size --max-turns --memory-limit --meta --metadata --method --name --offset --out --output --output-schema-file --owner-org --ownership --param --parameters-file --port --profile --raw-field --run --run-timeout --search --seed --series --skill --slug --sort --source --sql --sql-file --step-duration --sub-agent --system-prompt --system-prompt-file --threads --time-zone --timeout --tool --tools-file --visibility --x --y -F -H -X -f -o "
_ws_file_options=" --data-dir --from-file --input --input-schema-file --inputs-file --knowledge-file --out --output-schema-file --parameters-file --sql-file --system-prompt-file --tools-file "
_ws_dynamic_options="| --profile|queries execute --param|"
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
  # a parameter name (`start_date=`) is followed by its value, not by a space
  [[ "${COMPREPLY[0]}" == *= ]] && compopt -o nospace 2>/dev/null
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
    if [[ "$_ws_dynamic_options" == *"| $prev|"* || "$_ws_dynamic_options" == *"|$_ws_path $prev|"* ]]; then _ws_dynamic; return; fi
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
    dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
    words) COMPREPLY=($(compgen -W "$(_ws_argument_words "$_ws_path")" -- "$cur")) ;;
  esac
}
complete -F _ws ws

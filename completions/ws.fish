# fish completion for ws, generated from its command tree by `ws completion fish`: do not edit.
# Load it with: ws completion fish | source   or save it as ~/.config/fish/completions/ws.fish

set -g __ws_value_options '--agent-run' '--allow-host' '--api-key' '--base-url' '--created-by' '--data-dir' '--data-source' '--description' '--direction' '--fault-rate' '--fault-seed' '--field' '--from-file' '--handler' '--header' '--host' '--http-timeout' '--input' '--input-schema-file' '--inputs-file' '--jq' '--kind' '--knowledge' '--knowledge-file' '--latency' '--limit' '--max-body-size' '--max-result-size' '--max-turns' '--memory-limit' '--meta' '--metadata' '--method' '--name' '--offset' '--out' '--output' '--output-schema-file' '--owner-org' '--ownership' '--param' '--parameters-file' '--port' '--profile' '--raw-field' '--run' '--run-timeout' '--search' '--seed' '--series' '--skill' '--slug' '--sort' '--source' '--sql' '--sql-file' '--step-duration' '--sub-agent' '--system-prompt' '--system-prompt-file' '--threads' '--time-zone' '--timeout' '--tool' '--tools-file' '--visibility' '--x' '--y' '-F' '-H' '-X' '-f' '-o'
set -g __ws_tree ':queries runs automations agents skills sessions auth config api completion emulator mcp help' 'queries:list get create update execute runs data pull apply' 'runs:get result wait' 'automations:list get runs trigger get-run result steps wait watch cancel' 'agents:get update' 'skills:get apply' 'sessions:get update' 'auth:login status logout' 'config:list get set unset path' 'emulator:start exec'
set -g __ws_aliases 'automations run=get-run'

# The command words typed so far (options and their values left out): "queries list" for ws -q queries list --all;
# the positional arguments after them are counted in __ws_nargs
function __ws_path
    set -l path
    set -l skip 0
    set -g __ws_nargs 0
    for word in (commandline -opc)[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        if string match -q -- '-*' $word
            contains -- $word $__ws_value_options; and set skip 1
            continue
        end
        set -l current (string join ' ' $path)
        set -l subs
        for entry in $__ws_tree
            set -l parts (string split -m1 ':' $entry)
            test "$parts[1]" = "$current"; and set subs (string split ' ' $parts[2])
        end
        if test (count $path) -eq 0 -a "$word" = help
            continue
        end
        for alias in $__ws_aliases
            set -l parts (string split -m1 '=' $alias)
            test "$parts[1]" = (string trim -- "$current $word"); and set word $parts[2]
        end
        if test $__ws_nargs -eq 0; and contains -- $word $subs
            set path $path $word
        else
            set __ws_nargs (math $__ws_nargs + 1)
        end
    end
    string join ' ' $path
end

function __ws_at
    set -l path (__ws_path)
    test "$path" = "$argv"
end

# After __ws_at: the cursor is at positional argument $argv[1] (from 0), or at it or later with a + ("1+")
function __ws_argn
    set -l n (string trim -r -c + -- $argv[1])
    if string match -q -- '*+' $argv[1]
        test $__ws_nargs -ge $n
    else
        test $__ws_nargs -eq $n
    end
end

# --json takes an optional comma-separated list: complete the field after the last comma
function __ws_after_json
    set -l tokens (commandline -opc)
    test "$tokens[-1]" = --json
end

function __ws_json_fields
    set -l token (commandline -ct)
    set -l done (string replace -r '[^,]*$' '' -- $token)
    for field in $argv
        echo $done$field
    end
end

# After `ws help`: the topics too
function __ws_after_help
    set -l tokens (commandline -opc)
    test "$tokens[2]" = help -a (count $tokens) -eq 2
end

# Names only ws itself can know (query slugs, automations, run ids, profiles), as value<TAB>description
function __ws_dynamic
    set -l tokens (commandline -opc)
    $tokens[1] __complete $tokens (commandline -ct) 2>/dev/null
end

complete -c ws -f
complete -c ws -l profile -x -a '(__ws_dynamic)' -d 'configuration profile (env WS_PROFILE)'
complete -c ws -l base-url -x -d 'API base URL, including /public/v3 (env WS_BASE_URL)'
complete -c ws -l json -d 'print JSON; with a comma-separated list, only those fields of each item'
complete -c ws -l output -s o -x -a 'table json ndjson csv tsv yaml markdown chart parquet arrow' -d 'output format (env WS_OUTPUT)'
complete -c ws -l jq -x -d 'filter the JSON output with a jq expression (implies --json)'
complete -c ws -l quiet -s q -d 'no progress or hints on stderr'
complete -c ws -l no-color -d 'never colour the output (also NO_COLOR)'
complete -c ws -l no-pager -d 'never send output through a pager (WS_PAGER, the profile\'s pager, PAGER, else less -FRX)'
complete -c ws -l wide -d 'tables in a terminal show every column and full ids, even when wider than the terminal'
complete -c ws -l crlf -d 'with -o csv, end lines in CRLF (RFC 4180) instead of LF'
complete -c ws -l csv-safe -d 'with -o csv, start a text cell a spreadsheet would run as a formula (= + - @, tab, CR) with \' (OWASP)'
complete -c ws -l debug -d 'log each HTTP request and response to stderr, key redacted (env WS_DEBUG=1)'
complete -c ws -l http-timeout -x -d 'timeout of each HTTP request, e.g. 30s, 2m'
complete -c ws -l allow-insecure-http -d 'allow sending the key over plain http:// to a host that is not loopback'
complete -c ws -l no-prompt -d 'never ask anything, even at a terminal (env WS_NO_PROMPT=1); a left-out argument is then an error'
complete -c ws -l help -s h -d 'show help'
complete -c ws -n __ws_after_help -x -a 'environment exit-codes formatting' -d 'help topic'
complete -c ws -n '__ws_at' -a 'queries' -d 'Saved SQL queries: list, show, create, update, execute, runs, data, pull, apply'
complete -c ws -n '__ws_at' -a 'runs' -d 'Query runs: status and history, result metadata, waiting for one to end'
complete -c ws -n '__ws_at' -a 'automations' -d 'Scheduled automations: list, trigger, follow and cancel their runs'
complete -c ws -n '__ws_at' -a 'agents' -d 'Agent configurations: show and update them, from flags or from a file kept in version control'
complete -c ws -n '__ws_at' -a 'skills' -d 'Skills: show them, and create or update them from Markdown, YAML or JSON files kept in version control'
complete -c ws -n '__ws_at' -a 'sessions' -d 'Chat sessions: show one, change who sees it or its meta'
complete -c ws -n '__ws_at' -a 'auth' -d 'Log in, check the key, log out'
complete -c ws -n '__ws_at' -a 'config' -d 'Read and change profile settings (base URL, default output, CA file)'
complete -c ws -n '__ws_at' -a 'api' -d 'Send an authenticated request to any endpoint and print the response body'
complete -c ws -n '__ws_at' -a 'completion' -d 'Print the shell completion script for bash, zsh or fish'
complete -c ws -n '__ws_at' -a 'emulator' -d 'Serve the whole Workspace API v3 on loopback, with demo data, for offline work and tests'
complete -c ws -n '__ws_at' -a 'mcp' -d 'Serve the workspace to AI assistants over MCP (stdio): find, run and read saved queries, automations, agents'
complete -c ws -n '__ws_at' -a 'help' -d 'show help for a command or a topic'
complete -c ws -n '__ws_at queries' -a 'list' -d 'List saved queries'
complete -c ws -n '__ws_at queries' -a 'get' -d 'Show one saved query'
complete -c ws -n '__ws_at queries' -a 'create' -d 'Save a new SQL query'
complete -c ws -n '__ws_at queries' -a 'update' -d 'Change a saved query'
complete -c ws -n '__ws_at queries' -a 'execute' -d 'Run a saved query; with --wait, wait for it and print its rows'
complete -c ws -n '__ws_at queries' -a 'runs' -d 'List the runs of a saved query, newest first'
complete -c ws -n '__ws_at queries' -a 'data' -d 'Print the rows of the latest successful run of a query'
complete -c ws -n '__ws_at queries' -a 'pull' -d 'Write saved queries to <slug>.sql files: front matter with name, description, parameters, then the SQL'
complete -c ws -n '__ws_at queries' -a 'apply' -d 'Create or update saved queries from <slug>.sql files, matched by slug; prints the plan first'
complete -c ws -n '__ws_at queries' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries list' -l search -x -d 'match name, description and slug'
complete -c ws -n '__ws_at queries list' -l sort -x -a 'updated created name' -d 'sort by'
complete -c ws -n '__ws_at queries list' -l direction -x -a 'asc desc' -d 'sort direction'
complete -c ws -n '__ws_at queries list' -l source -x -a 'human agent all' -d 'who made the query'
complete -c ws -n '__ws_at queries list' -l created-by -x -d 'only queries created by this user'
complete -c ws -n '__ws_at queries list' -l owner-org -x -d 'only queries owned by this organization'
complete -c ws -n '__ws_at queries list' -l platform-owned -d 'only queries owned by the platform\'s own organization'
complete -c ws -n '__ws_at queries list' -l no-runs -d 'leave out the last runs (faster)'
complete -c ws -n '__ws_at queries list' -l limit -x -d 'number of queries wanted (default 50; more than 100 fetches several pages)'
complete -c ws -n '__ws_at queries list' -l offset -x -d 'queries to skip'
complete -c ws -n '__ws_at queries list' -l all -d 'fetch every page'
complete -c ws -n '__ws_at queries list' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries list; and __ws_after_json' -x -a '(__ws_json_fields id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt)'
complete -c ws -n '__ws_at queries get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries get; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries get; and __ws_after_json' -x -a '(__ws_json_fields id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt)'
complete -c ws -n '__ws_at queries create' -l name -x -d 'name, 1 to 500 characters'
complete -c ws -n '__ws_at queries create' -l sql -x -d 'the SQL; name parameters as {{name}}'
complete -c ws -n '__ws_at queries create' -l sql-file -r -F -d 'read the SQL from a file, or - for stdin'
complete -c ws -n '__ws_at queries create' -l description -x -d 'up to 2000 characters'
complete -c ws -n '__ws_at queries create' -l param -x -d 'declare a parameter: name[:type][=default][:description] (repeatable)'
complete -c ws -n '__ws_at queries create' -l parameters-file -r -F -d 'parameters as a JSON or YAML array of {name, type, description, defaultValue}'
complete -c ws -n '__ws_at queries create' -l metadata -x -d 'any JSON value, inline or from a file'
complete -c ws -n '__ws_at queries create' -l data-source -x -d 'data source to run it on'
complete -c ws -n '__ws_at queries create' -l agent-run -x -d 'the agent run that made it'
complete -c ws -n '__ws_at queries create' -l dry-run -d 'validate and print the request without sending it'
complete -c ws -n '__ws_at queries create' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries create; and __ws_after_json' -x -a '(__ws_json_fields id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt)'
complete -c ws -n '__ws_at queries update' -l name -x -d 'new name, 1 to 500 characters'
complete -c ws -n '__ws_at queries update' -l sql -x -d 'new SQL'
complete -c ws -n '__ws_at queries update' -l sql-file -r -F -d 'read the new SQL from a file, or - for stdin'
complete -c ws -n '__ws_at queries update' -l description -x -d 'new description, up to 2000 characters'
complete -c ws -n '__ws_at queries update' -l clear-description -d 'remove the description'
complete -c ws -n '__ws_at queries update' -l param -x -d 'replace the parameters: name[:type][=default][:description] (repeatable)'
complete -c ws -n '__ws_at queries update' -l parameters-file -r -F -d 'replace the parameters from a JSON or YAML array'
complete -c ws -n '__ws_at queries update' -l metadata -x -d 'replace the metadata'
complete -c ws -n '__ws_at queries update' -l dry-run -d 'validate and print the request without sending it'
complete -c ws -n '__ws_at queries update' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries update; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries update; and __ws_after_json' -x -a '(__ws_json_fields id name slug description sql parameters lastSuccessfulRunId lastQueryRunId lastSuccessfulRun lastQueryRun agentRunId dataSourceId organizationId metadata userAgent createdById updatedById createdAt updatedAt)'
complete -c ws -n '__ws_at queries execute' -l param -x -a '(__ws_dynamic)' -d 'a parameter value (repeatable)'
complete -c ws -n '__ws_at queries execute' -l metadata -x -d 'a JSON object kept with the run'
complete -c ws -n '__ws_at queries execute' -l wait -d 'wait for the run to end, then print the rows'
complete -c ws -n '__ws_at queries execute' -l timeout -x -d 'with --wait: give up after this long, exit 6 (0 waits forever)'
complete -c ws -n '__ws_at queries execute' -l no-data -d 'with --wait: print the final status instead of the rows'
complete -c ws -n '__ws_at queries execute' -l limit -x -d 'with --wait: rows wanted (default: every row; a table in a terminal and a chart show the first 1000)'
complete -c ws -n '__ws_at queries execute' -l x -x -d 'with -o chart: the x axis (default: the first date or time column, else the first text column, else the row number)'
complete -c ws -n '__ws_at queries execute' -l y -x -d 'with -o chart: the series, comma-separated (default: the numeric columns; 3 at most are drawn)'
complete -c ws -n '__ws_at queries execute' -l series -x -d 'with -o chart: one line (or bar) per value of this column, of one --y column (default: a text column beside x and y when the x values repeat)'
complete -c ws -n '__ws_at queries execute' -l out -r -F -d 'write the rows to this file, whole or not at all (written beside it, renamed when complete); the format is its extension\'s (.csv .tsv .json .ndjson .parquet .arrow) unless -o names one'
complete -c ws -n '__ws_at queries execute' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries execute; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries execute; and __ws_after_json' -x -a '(__ws_json_fields queryId queryRunId status queryName message userAgent createdAt history)'
complete -c ws -n '__ws_at queries runs' -l limit -x -d 'runs wanted (default 20; more than 100 fetches several pages)'
complete -c ws -n '__ws_at queries runs' -l offset -x -d 'runs to skip'
complete -c ws -n '__ws_at queries runs' -l all -d 'fetch every page'
complete -c ws -n '__ws_at queries runs' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries runs; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries runs; and __ws_after_json' -x -a '(__ws_json_fields id queryId status rowCount executionTimeMs errorDetails columnSchema resultLocation warehouseQueryId queryHash warehouse dataSourceId userAgent createdAt updatedAt startedAt completedAt)'
complete -c ws -n '__ws_at queries data' -l limit -x -d 'rows wanted (default: every row; a table in a terminal and a chart show the first 1000)'
complete -c ws -n '__ws_at queries data' -l offset -x -d 'rows to skip'
complete -c ws -n '__ws_at queries data' -l all -d 'every row, streamed page by page (--jq sees them as one document, up to 16 MiB of JSON)'
complete -c ws -n '__ws_at queries data' -l run -x -d 'only the rows of this query run: an error (data_replaced) once another run\'s rows have replaced them, so that rows read in parts are of one run'
complete -c ws -n '__ws_at queries data' -l x -x -d 'with -o chart: the x axis (default: the first date or time column, else the first text column, else the row number)'
complete -c ws -n '__ws_at queries data' -l y -x -d 'with -o chart: the series, comma-separated (default: the numeric columns; 3 at most are drawn)'
complete -c ws -n '__ws_at queries data' -l series -x -d 'with -o chart: one line (or bar) per value of this column, of one --y column (default: a text column beside x and y when the x values repeat)'
complete -c ws -n '__ws_at queries data' -l out -r -F -d 'write the rows to this file, whole or not at all (written beside it, renamed when complete); the format is its extension\'s (.csv .tsv .json .ndjson .parquet .arrow) unless -o names one'
complete -c ws -n '__ws_at queries data' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries data; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries pull' -l force -d 'overwrite files that differ from the server (they may hold edits not yet applied)'
complete -c ws -n '__ws_at queries pull' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries pull; and __ws_argn 0' -x -a '(__fish_complete_directories (commandline -ct))'
complete -c ws -n '__ws_at queries pull; and __ws_argn 1+' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at queries pull; and __ws_after_json' -x -a '(__ws_json_fields slug id file action)'
complete -c ws -n '__ws_at queries apply' -l dry-run -d 'print the plan and send nothing; exit 8 when changes are pending'
complete -c ws -n '__ws_at queries apply' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at queries apply; and __ws_argn 0+' -F
complete -c ws -n '__ws_at queries apply; and __ws_after_json' -x -a '(__ws_json_fields queries created updated unchanged dryRun)'
complete -c ws -n '__ws_at runs' -a 'get' -d 'Show the status and history of a query run'
complete -c ws -n '__ws_at runs' -a 'result' -d 'Show the result metadata of a query run: rows, duration, columns'
complete -c ws -n '__ws_at runs' -a 'wait' -d 'Wait for a query run to end; exit 5 if it failed, 6 on --timeout'
complete -c ws -n '__ws_at runs' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at runs get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at runs get; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at runs get; and __ws_after_json' -x -a '(__ws_json_fields queryRunId status message userAgent createdAt history)'
complete -c ws -n '__ws_at runs result' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at runs result; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at runs result; and __ws_after_json' -x -a '(__ws_json_fields queryRunId queryId status resultLocation rowCount executionTimeMs columnSchema userAgent createdAt completedAt)'
complete -c ws -n '__ws_at runs wait' -l timeout -x -d 'give up after this long (0 waits forever)'
complete -c ws -n '__ws_at runs wait' -l data -d 'print the query\'s rows when the run completed (else its final status)'
complete -c ws -n '__ws_at runs wait' -l limit -x -d 'with --data: rows wanted (default: every row; a table in a terminal and a chart show the first 1000)'
complete -c ws -n '__ws_at runs wait' -l x -x -d 'with -o chart: the x axis (default: the first date or time column, else the first text column, else the row number)'
complete -c ws -n '__ws_at runs wait' -l y -x -d 'with -o chart: the series, comma-separated (default: the numeric columns; 3 at most are drawn)'
complete -c ws -n '__ws_at runs wait' -l series -x -d 'with -o chart: one line (or bar) per value of this column, of one --y column (default: a text column beside x and y when the x values repeat)'
complete -c ws -n '__ws_at runs wait' -l out -r -F -d 'write the rows to this file, whole or not at all (written beside it, renamed when complete); the format is its extension\'s (.csv .tsv .json .ndjson .parquet .arrow) unless -o names one'
complete -c ws -n '__ws_at runs wait' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at runs wait; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at runs wait; and __ws_after_json' -x -a '(__ws_json_fields queryRunId status message userAgent createdAt history)'
complete -c ws -n '__ws_at automations' -a 'list' -d 'List automations'
complete -c ws -n '__ws_at automations' -a 'get' -d 'Show one automation'
complete -c ws -n '__ws_at automations' -a 'runs' -d 'List the runs of an automation, newest first'
complete -c ws -n '__ws_at automations' -a 'trigger' -d 'Start a run of an automation; with --wait, follow it to the end'
complete -c ws -n '__ws_at automations' -a 'get-run' -d 'Show one automation run with its step runs as a timeline'
complete -c ws -n '__ws_at automations' -a 'result' -d 'Print the complete result of a run: step outputs, durations, errors'
complete -c ws -n '__ws_at automations' -a 'steps' -d 'List the step runs of a run with their states'
complete -c ws -n '__ws_at automations' -a 'wait' -d 'Wait for a run to end and print it, as trigger --wait does; exit 5 if it failed or was cancelled, 6 on --timeout'
complete -c ws -n '__ws_at automations' -a 'watch' -d 'Show a run as it happens: each step with its state and time, to the end'
complete -c ws -n '__ws_at automations' -a 'cancel' -d 'Cancel a pending or running run'
complete -c ws -n '__ws_at automations' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations list' -l search -x -d 'match name and description'
complete -c ws -n '__ws_at automations list' -l sort -x -a 'updated created name' -d 'sort by'
complete -c ws -n '__ws_at automations list' -l direction -x -a 'asc desc' -d 'sort direction'
complete -c ws -n '__ws_at automations list' -l ownership -x -a 'all owned granted' -d 'whose automations'
complete -c ws -n '__ws_at automations list' -l created-by -x -d 'only automations created by this user'
complete -c ws -n '__ws_at automations list' -l latest-run -d 'include each automation’s latest run (JSON output)'
complete -c ws -n '__ws_at automations list' -l limit -x -d 'automations wanted (default 50; more than 200 fetches several pages)'
complete -c ws -n '__ws_at automations list' -l offset -x -d 'automations to skip'
complete -c ws -n '__ws_at automations list' -l all -d 'fetch every page'
complete -c ws -n '__ws_at automations list' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations list; and __ws_after_json' -x -a '(__ws_json_fields id organizationId name description cadence inputSchema clonedFromId createdById updatedById lastRunAt createdAt updatedAt userAgent latestRun)'
complete -c ws -n '__ws_at automations get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations get; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations get; and __ws_after_json' -x -a '(__ws_json_fields id organizationId name description cadence inputSchema clonedFromId createdById updatedById lastRunAt createdAt updatedAt userAgent latestRun)'
complete -c ws -n '__ws_at automations runs' -l limit -x -d 'runs wanted (default 20; more than 100 fetches several pages)'
complete -c ws -n '__ws_at automations runs' -l offset -x -d 'runs to skip'
complete -c ws -n '__ws_at automations runs' -l all -d 'fetch every page'
complete -c ws -n '__ws_at automations runs' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations runs; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations runs; and __ws_after_json' -x -a '(__ws_json_fields id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent)'
complete -c ws -n '__ws_at automations trigger' -l input -x -d 'an input value (repeatable)'
complete -c ws -n '__ws_at automations trigger' -l inputs-file -r -F -d 'input values from a JSON or YAML object (- for stdin)'
complete -c ws -n '__ws_at automations trigger' -l metadata -x -d 'a JSON object kept with the run'
complete -c ws -n '__ws_at automations trigger' -l wait -d 'wait for the run to end and print it'
complete -c ws -n '__ws_at automations trigger' -l timeout -x -d 'with --wait: give up after this long, exit 6 (0 waits forever)'
complete -c ws -n '__ws_at automations trigger' -l cancel-on-interrupt -d 'with --wait: Ctrl-C (or SIGTERM, SIGHUP) cancels the run before exiting'
complete -c ws -n '__ws_at automations trigger' -l cancel-on-timeout -d 'with --wait: --timeout cancels the run before exiting 6 (by default it goes on)'
complete -c ws -n '__ws_at automations trigger' -l dry-run -d 'validate and print the request without sending it'
complete -c ws -n '__ws_at automations trigger' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations trigger; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations trigger; and __ws_after_json' -x -a '(__ws_json_fields id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent)'
complete -c ws -n '__ws_at automations get-run' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations get-run; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations get-run; and __ws_after_json' -x -a '(__ws_json_fields run stepRuns)'
complete -c ws -n '__ws_at automations result' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations result; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations steps' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations steps; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations steps; and __ws_after_json' -x -a '(__ws_json_fields id workflowRunId workflowStepId state input output error startedAt completedAt createdAt updatedAt stateHistory)'
complete -c ws -n '__ws_at automations wait' -l timeout -x -d 'give up after this long (0 waits forever)'
complete -c ws -n '__ws_at automations wait' -l cancel-on-timeout -d '--timeout cancels the run before exiting 6 (by default it goes on)'
complete -c ws -n '__ws_at automations wait' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations wait; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations wait; and __ws_after_json' -x -a '(__ws_json_fields id workflowId workflowName organizationId runById state triggeredBy error metadata inputValues startedAt completedAt createdAt updatedAt stateHistory userAgent)'
complete -c ws -n '__ws_at automations watch' -l timeout -x -d 'give up after this long (0 waits forever)'
complete -c ws -n '__ws_at automations watch' -l cancel-on-timeout -d '--timeout cancels the run before exiting 6 (by default it goes on)'
complete -c ws -n '__ws_at automations watch' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations watch; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations watch; and __ws_after_json' -x -a '(__ws_json_fields run stepRuns)'
complete -c ws -n '__ws_at automations cancel' -l dry-run -d 'print the request without sending it'
complete -c ws -n '__ws_at automations cancel' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations cancel; and __ws_argn 0' -x -a '(__ws_dynamic)'
complete -c ws -n '__ws_at automations cancel; and __ws_after_json' -x -a '(__ws_json_fields run stepRuns)'
complete -c ws -n '__ws_at agents' -a 'get' -d 'Show one agent configuration'
complete -c ws -n '__ws_at agents' -a 'update' -d 'Change an agent configuration (only the fields given are sent)'
complete -c ws -n '__ws_at agents' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at agents get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at agents get; and __ws_after_json' -x -a '(__ws_json_fields id name description kind status handlerType systemPrompt tools maxTurns metadata organizationId organizationSlug createdById updatedById createdAt updatedAt subAgents skills inputSchema outputSchema userAgent lastUsedAt)'
complete -c ws -n '__ws_at agents update' -l description -x -d 'new description, up to 1000 characters'
complete -c ws -n '__ws_at agents update' -l kind -x -a 'chat sub' -d 'agent kind'
complete -c ws -n '__ws_at agents update' -l handler -x -a 'database code' -d 'handler type (handlerType)'
complete -c ws -n '__ws_at agents update' -l system-prompt -x -d 'new system prompt'
complete -c ws -n '__ws_at agents update' -l system-prompt-file -r -F -d 'read the system prompt from a file, or - for stdin'
complete -c ws -n '__ws_at agents update' -l tools-file -r -F -d 'replace the tools: a JSON or YAML array of {name, config}'
complete -c ws -n '__ws_at agents update' -l sub-agent -x -d 'replace the sub-agents with these: [org/]name (repeatable)'
complete -c ws -n '__ws_at agents update' -l skill -x -d 'replace the skills with these (repeatable)'
complete -c ws -n '__ws_at agents update' -l max-turns -x -d 'most turns per conversation, 1 to 50'
complete -c ws -n '__ws_at agents update' -l metadata -x -d 'replace the metadata: a JSON object, inline or from a file'
complete -c ws -n '__ws_at agents update' -l input-schema-file -r -F -d 'replace the input schema: a JSON or YAML object'
complete -c ws -n '__ws_at agents update' -l output-schema-file -r -F -d 'replace the output schema: a JSON or YAML object'
complete -c ws -n '__ws_at agents update' -l from-file -r -F -d 'take the fields from a JSON or YAML file (flags win over it), or - for stdin'
complete -c ws -n '__ws_at agents update' -l dry-run -d 'validate, read the agent and print the request and what would change; send no update'
complete -c ws -n '__ws_at agents update' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at agents update; and __ws_after_json' -x -a '(__ws_json_fields id name description kind status handlerType systemPrompt tools maxTurns metadata organizationId organizationSlug createdById updatedById createdAt updatedAt subAgents skills inputSchema outputSchema userAgent lastUsedAt)'
complete -c ws -n '__ws_at skills' -a 'get' -d 'Show one skill with its knowledge'
complete -c ws -n '__ws_at skills' -a 'apply' -d 'Create or update skills from files (or one from flags); a skill is matched by its slug'
complete -c ws -n '__ws_at skills' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at skills get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at skills get; and __ws_after_json' -x -a '(__ws_json_fields id name slug description knowledge tools subAgents organizationId createdById updatedById createdAt updatedAt sections userAgent organizationSlug lastUsedAt)'
complete -c ws -n '__ws_at skills apply' -l name -x -d 'name, 1 to 255 characters'
complete -c ws -n '__ws_at skills apply' -l slug -x -d 'slug: lower-case letters, digits and _'
complete -c ws -n '__ws_at skills apply' -l description -x -d '1 to 1000 characters'
complete -c ws -n '__ws_at skills apply' -l knowledge -x -d 'what the skill teaches (Markdown)'
complete -c ws -n '__ws_at skills apply' -l knowledge-file -r -F -d 'read the knowledge from a file as it is, or - for stdin'
complete -c ws -n '__ws_at skills apply' -l tool -x -d 'a tool the skill uses (repeatable)'
complete -c ws -n '__ws_at skills apply' -l sub-agent -x -d 'a sub-agent the skill uses: [org/]name (repeatable)'
complete -c ws -n '__ws_at skills apply' -l dry-run -d 'print the plan (created, updated with each change, unchanged) and send nothing; exit 8 when changes are pending'
complete -c ws -n '__ws_at skills apply' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at skills apply; and __ws_argn 0+' -F
complete -c ws -n '__ws_at skills apply; and __ws_after_json' -x -a '(__ws_json_fields id name slug description knowledge tools subAgents organizationId createdById updatedById createdAt updatedAt sections userAgent organizationSlug lastUsedAt)'
complete -c ws -n '__ws_at sessions' -a 'get' -d 'Show one chat session'
complete -c ws -n '__ws_at sessions' -a 'update' -d 'Change a chat session\'s visibility or merge keys into its meta'
complete -c ws -n '__ws_at sessions' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at sessions get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at sessions get; and __ws_after_json' -x -a '(__ws_json_fields id userId createdAt organizationId createdById updatedById meta isPublic visibility version userAgent)'
complete -c ws -n '__ws_at sessions update' -l visibility -x -a 'personal organization public' -d 'personal (owner only), organization (shared with its members) or public'
complete -c ws -n '__ws_at sessions update' -l meta -x -d 'JSON merged into the existing meta (an object adds or replaces keys), inline or from a file'
complete -c ws -n '__ws_at sessions update' -l dry-run -d 'validate and print the request without sending it'
complete -c ws -n '__ws_at sessions update' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at sessions update; and __ws_after_json' -x -a '(__ws_json_fields id visibility meta updatedAt)'
complete -c ws -n '__ws_at auth' -a 'login' -d 'Save an API key (and base URL) in a profile, after checking that the key works'
complete -c ws -n '__ws_at auth' -a 'status' -d 'Show the profile, base URL and key in use, where each comes from, and whether the key works'
complete -c ws -n '__ws_at auth' -a 'logout' -d 'Remove the profile\'s saved API key'
complete -c ws -n '__ws_at auth' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at auth login' -l with-key-stdin -d 'read the key from standard input instead of asking for it'
complete -c ws -n '__ws_at auth login' -l insecure-storage -d 'keep the key in the config file in plain text, not in the system keyring'
complete -c ws -n '__ws_at auth login' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at auth status' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at auth status; and __ws_after_json' -x -a '(__ws_json_fields profile baseUrl apiKey proxy caFile authenticated)'
complete -c ws -n '__ws_at auth logout' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config' -a 'list' -d 'List the profile\'s settings'
complete -c ws -n '__ws_at config' -a 'get' -d 'Print one setting'
complete -c ws -n '__ws_at config' -a 'set' -d 'Change one setting'
complete -c ws -n '__ws_at config' -a 'unset' -d 'Remove one setting'
complete -c ws -n '__ws_at config' -a 'path' -d 'Print the path of the config file'
complete -c ws -n '__ws_at config' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config list' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config list; and __ws_after_json' -x -a '(__ws_json_fields base-url output ca-file pager)'
complete -c ws -n '__ws_at config get' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config set' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config unset' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config path' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at api' -l method -s X -x -d 'the HTTP method'
complete -c ws -n '__ws_at api' -l raw-field -s f -x -d 'a string field: a query parameter for GET and DELETE, a body field otherwise (repeatable)'
complete -c ws -n '__ws_at api' -l field -s F -x -d 'a typed field: true, false, null and numbers as JSON, @file the file’s text (@- stdin), else a string (repeatable)'
complete -c ws -n '__ws_at api' -l header -s H -x -d 'an extra request header (repeatable; never x-api-key)'
complete -c ws -n '__ws_at api' -l input -r -F -d 'the JSON request body from a file or stdin; fields then become query parameters'
complete -c ws -n '__ws_at api' -l include -s i -d 'print the status line and the response headers before the body (credentials redacted)'
complete -c ws -n '__ws_at api' -l paginate -d 'GET every page of a list (limit and offset) and print one envelope with every item; fields are query parameters'
complete -c ws -n '__ws_at api' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at completion' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at completion; and __ws_argn 0' -x -a 'bash zsh fish'
complete -c ws -n '__ws_at emulator' -a 'start' -d 'Start the emulator and serve until Ctrl-C (the default)'
complete -c ws -n '__ws_at emulator' -a 'exec' -d 'Start the emulator, run a command with WS_BASE_URL and WS_API_KEY set, stop it, exit with its code'
complete -c ws -n '__ws_at emulator' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at emulator start' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c ws -n '__ws_at emulator start' -l host -x -d 'loopback address to listen on'
complete -c ws -n '__ws_at emulator start' -l allow-host -x -d 'serve this Host name too (a local TLS terminator\'s), on any port, as loopback addresses and localhost are; repeatable'
complete -c ws -n '__ws_at emulator start' -l data-dir -r -F -d 'keep state in this folder across restarts (default: in memory)'
complete -c ws -n '__ws_at emulator start' -l api-key -x -d 'accepted API key, repeatable; KEY:ORG puts the key in its own organization (default wsk_emulator_demo)'
complete -c ws -n '__ws_at emulator start' -l seed -x -a 'demo none' -d 'demo data for an empty workspace'
complete -c ws -n '__ws_at emulator start' -l latency -x -d 'delay every API response, e.g. 200ms'
complete -c ws -n '__ws_at emulator start' -l fault-rate -x -d 'share of API requests (0 to 1) failed with 429, 503 or a dropped connection'
complete -c ws -n '__ws_at emulator start' -l fault-seed -x -d 'seed of the random fault stream, for repeatable runs'
complete -c ws -n '__ws_at emulator start' -l step-duration -x -d 'how long each run state lasts at least'
complete -c ws -n '__ws_at emulator start' -l max-body-size -x -d 'largest request body accepted, e.g. 1MiB (default; 413 beyond)'
complete -c ws -n '__ws_at emulator start' -l run-timeout -x -d 'a run whose SQL takes longer fails, e.g. 60s (default)'
complete -c ws -n '__ws_at emulator start' -l memory-limit -x -d 'memory of each organization\'s SQL engine, e.g. 1GiB (default)'
complete -c ws -n '__ws_at emulator start' -l threads -x -d 'threads of each organization\'s SQL engine (default 2)'
complete -c ws -n '__ws_at emulator start' -l max-result-size -x -d 'largest result a run may keep, as JSON, e.g. 100MiB (default)'
complete -c ws -n '__ws_at emulator start' -l time-zone -x -d 'the SQL sessions\' time zone (an IANA name, e.g. Europe/Berlin), whatever the machine\'s'
complete -c ws -n '__ws_at emulator start' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at emulator exec' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c ws -n '__ws_at emulator exec' -l host -x -d 'loopback address to listen on'
complete -c ws -n '__ws_at emulator exec' -l allow-host -x -d 'serve this Host name too (a local TLS terminator\'s), on any port, as loopback addresses and localhost are; repeatable'
complete -c ws -n '__ws_at emulator exec' -l data-dir -r -F -d 'keep state in this folder across restarts (default: in memory)'
complete -c ws -n '__ws_at emulator exec' -l api-key -x -d 'accepted API key, repeatable; KEY:ORG puts the key in its own organization (default wsk_emulator_demo)'
complete -c ws -n '__ws_at emulator exec' -l seed -x -a 'demo none' -d 'demo data for an empty workspace'
complete -c ws -n '__ws_at emulator exec' -l latency -x -d 'delay every API response, e.g. 200ms'
complete -c ws -n '__ws_at emulator exec' -l fault-rate -x -d 'share of API requests (0 to 1) failed with 429, 503 or a dropped connection'
complete -c ws -n '__ws_at emulator exec' -l fault-seed -x -d 'seed of the random fault stream, for repeatable runs'
complete -c ws -n '__ws_at emulator exec' -l step-duration -x -d 'how long each run state lasts at least'
complete -c ws -n '__ws_at emulator exec' -l max-body-size -x -d 'largest request body accepted, e.g. 1MiB (default; 413 beyond)'
complete -c ws -n '__ws_at emulator exec' -l run-timeout -x -d 'a run whose SQL takes longer fails, e.g. 60s (default)'
complete -c ws -n '__ws_at emulator exec' -l memory-limit -x -d 'memory of each organization\'s SQL engine, e.g. 1GiB (default)'
complete -c ws -n '__ws_at emulator exec' -l threads -x -d 'threads of each organization\'s SQL engine (default 2)'
complete -c ws -n '__ws_at emulator exec' -l max-result-size -x -d 'largest result a run may keep, as JSON, e.g. 100MiB (default)'
complete -c ws -n '__ws_at emulator exec' -l time-zone -x -d 'the SQL sessions\' time zone (an IANA name, e.g. Europe/Berlin), whatever the machine\'s'
complete -c ws -n '__ws_at emulator exec' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at mcp' -l allow-writes -d 'also offer the tools that change the workspace (create and update queries, trigger and cancel automation runs, …)'
complete -c ws -n '__ws_at mcp' -l help -s h -d 'show help for a command'

# fish completion for ws, generated from its command tree by `ws completion fish`: do not edit.
# Load it with: ws completion fish | source   or save it as ~/.config/fish/completions/ws.fish

set -g __ws_value_options '--base-url' '--http-timeout' '--jq' '--output' '--profile' '-o'
set -g __ws_tree ':queries runs automations agents skills sessions auth config api completion emulator help'
set -g __ws_aliases 

# The command words typed so far (options and their values left out): "queries list" for ws -q queries list --all
function __ws_path
    set -l path
    set -l skip 0
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
        contains -- $word $subs; and set path $path $word
    end
    string join ' ' $path
end

function __ws_at
    set -l path (__ws_path)
    test "$path" = "$argv"
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
complete -c ws -l output -s o -x -a 'table json ndjson csv tsv yaml' -d 'output format (env WS_OUTPUT)'
complete -c ws -l jq -x -d 'filter the JSON output with a jq expression (implies --json)'
complete -c ws -l quiet -s q -d 'no progress or hints on stderr'
complete -c ws -l no-color -d 'never colour the output (also NO_COLOR)'
complete -c ws -l no-pager -d 'never send output through a pager (WS_PAGER, the profile\'s pager, PAGER, else less -FRX)'
complete -c ws -l wide -d 'tables in a terminal show every column and full ids, even when wider than the terminal'
complete -c ws -l debug -d 'log each HTTP request and response to stderr, key redacted (env WS_DEBUG=1)'
complete -c ws -l http-timeout -x -d 'timeout of each HTTP request, e.g. 30s, 2m'
complete -c ws -l allow-insecure-http -d 'allow sending the key over plain http:// to a host that is not loopback'
complete -c ws -l help -s h -d 'show help'
complete -c ws -n __ws_after_help -x -a 'environment exit-codes formatting' -d 'help topic'
complete -c ws -n '__ws_at' -a 'queries' -d ''
complete -c ws -n '__ws_at' -a 'runs' -d ''
complete -c ws -n '__ws_at' -a 'automations' -d ''
complete -c ws -n '__ws_at' -a 'agents' -d ''
complete -c ws -n '__ws_at' -a 'skills' -d ''
complete -c ws -n '__ws_at' -a 'sessions' -d ''
complete -c ws -n '__ws_at' -a 'auth' -d ''
complete -c ws -n '__ws_at' -a 'config' -d ''
complete -c ws -n '__ws_at' -a 'api' -d ''
complete -c ws -n '__ws_at' -a 'completion' -d 'Print the shell completion script for bash, zsh or fish'
complete -c ws -n '__ws_at' -a 'emulator' -d ''
complete -c ws -n '__ws_at' -a 'help' -d 'show help for a command or a topic'
complete -c ws -n '__ws_at queries' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at runs' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at automations' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at agents' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at skills' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at sessions' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at auth' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at config' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at api' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at completion' -l help -s h -d 'show help for a command'
complete -c ws -n '__ws_at completion' -x -a 'bash zsh fish'
complete -c ws -n '__ws_at emulator' -l help -s h -d 'show help for a command'

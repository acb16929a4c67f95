import { flatten, type CommandSpec, type OptionSpec, type Tree } from './tree.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

const header = (shell: Shell, install: string) =>
  `# ${shell} completion for ws, generated from its command tree by \`ws completion ${shell}\`: do not edit.\n# ${install}\n`;

/** Options that take a required value: while reading the command line, the word after one is its value. */
function valueOptions(tree: Tree): string[] {
  return optionNames(tree, (option) => option.takesValue && !isOptionalValue(option));
}

function optionNames(tree: Tree, test: (option: OptionSpec) => boolean): string[] {
  const all = [...tree.globalOptions, ...flatten(tree.root).flatMap((command) => command.options)];
  return [...new Set(all.filter(test).flatMap((option) => option.names))].sort();
}

/**
 * Options whose value \`ws __complete\` gives, as "<command path> <option>" (" --profile" for a global one): \`--param\`
 * of \`queries execute\` names the query's parameters, while \`--param\` of \`queries create\` declares one.
 */
function dynamicOptionKeys(tree: Tree): string[] {
  const keys = (path: string, options: OptionSpec[]) =>
    options.filter((option) => option.value === 'dynamic').flatMap((option) => option.names.map((name) => `${path} ${name}`));
  return [...keys('', tree.globalOptions), ...flatten(tree.root).flatMap((command) => keys(command.path.join(' '), command.options))];
}

/** `--json [fields]` may stand alone, so the word after it is not necessarily its value. */
function isOptionalValue(option: OptionSpec): boolean {
  return option.names.includes('--json');
}

const words = (list: readonly string[]) => list.join(' ');
const spaced = (list: readonly string[]) => JSON.stringify(` ${words(list)} `);

function shCase(fn: string, entries: [string, string][]): string {
  const cases = entries.filter(([, value]) => value !== '').map(([key, value]) => `    ${JSON.stringify(key)}) echo ${JSON.stringify(value)} ;;`);
  return `${fn}() {\n  case "$1" in\n${cases.join('\n')}\n  esac\n}\n`;
}

/** What each positional argument completes to, e.g. "dynamic" for `queries get <query>`, "files..." for a list of files. */
const argumentKinds = (command: CommandSpec) => words(command.arguments.map((argument) => `${argument.value}${argument.variadic ? '...' : ''}`));

/** The tables both bash and zsh read: plain sh functions and variables. */
function shTables(tree: Tree): string {
  const commands = flatten(tree.root);
  const key = (command: CommandSpec) => command.path.join(' ');
  const choices: [string, string][] = [];
  for (const option of tree.globalOptions) for (const name of option.names) choices.push([` ${name}`, words(option.choices)]);
  for (const command of commands)
    for (const option of command.options) for (const name of option.names) choices.push([`${key(command)} ${name}`, words(option.choices)]);
  return `${shCase(
    '_ws_subcommands',
    commands.map((c) => [key(c), words(c.subcommands.map((s) => s.path.at(-1)!))]),
  )}
${shCase(
  '_ws_options',
  commands.map((c) => [key(c), words(c.options.flatMap((o) => o.names.filter((n) => n.startsWith('--'))))]),
)}
${shCase('_ws_choices', choices)}
${shCase(
  '_ws_fields',
  commands.map((c) => [key(c), words(c.jsonFields)]),
)}
${shCase(
  '_ws_arguments',
  commands.map((c) => [key(c), argumentKinds(c)]),
)}
${shCase(
  '_ws_aliases',
  commands.map((c) => [key(c), words(c.subcommands.flatMap((sub) => sub.aliases.map((alias) => `${alias}=${sub.path.at(-1)}`)))]),
)}
${shCase(
  '_ws_argument_words',
  commands.map((c) => [key(c), words(c.arguments.flatMap((a) => a.choices))]),
)}
_ws_global_options=${JSON.stringify(words(tree.globalOptions.flatMap((o) => o.names.filter((n) => n.startsWith('--')))))}
_ws_value_options=${spaced(valueOptions(tree))}
_ws_file_options=${spaced(optionNames(tree, (option) => option.value === 'files'))}
_ws_dynamic_options=${JSON.stringify(`|${dynamicOptionKeys(tree).join('|')}|`)}
_ws_help_topics=${JSON.stringify(words(tree.helpTopics))}
`;
}

/**
 * Reads the words before the cursor (\`$1\` is the index of the first, \`$2\` of the current one, in the array
 * \`_ws_line\`): sets _ws_path (the command words), _ws_args (positional arguments so far), _ws_help (after \`help\`).
 */
const shLocate = `_ws_locate() {
  local word i alias skip=0
  _ws_path="" _ws_args=0 _ws_help=0
  for ((i = $1; i < $2; i++)); do
    word="\${_ws_line[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$word" in
      --*=*) continue ;;
      -?*) [[ "$_ws_value_options" == *" $word "* ]] && skip=1; continue ;;
    esac
    # \`ws help queries list\` completes like \`ws queries list\`
    if [[ -z "$_ws_path" && "$word" == help && $_ws_help == 0 && $_ws_args == 0 ]]; then _ws_help=1; continue; fi
    for alias in $(_ws_aliases "$_ws_path"); do [[ "$word" == "\${alias%%=*}" ]] && word="\${alias#*=}"; done
    if ((_ws_args == 0)) && [[ " $(_ws_subcommands "$_ws_path") " == *" $word "* ]]; then
      _ws_path="\${_ws_path:+$_ws_path }$word"
    else
      _ws_args=$((_ws_args + 1))
    fi
  done
}

# What the positional argument at the cursor completes to: dynamic, files, words, none (or nothing)
_ws_argument_kind() {
  local kind index=0
  for kind in $(_ws_arguments "$_ws_path"); do
    if ((index == _ws_args)) || [[ "$kind" == *... ]]; then echo "\${kind%...}"; return; fi
    index=$((index + 1))
  done
}
`;

export function bashScript(tree: Tree): string {
  return `${header('bash', 'Load it with: source <(ws completion bash)   or save it as ~/.local/share/bash-completion/completions/ws')}
${shTables(tree)}
${shLocate}
# Names only ws itself can know (query slugs, automations, run ids, profiles): \`ws __complete\` prints them, one a line
_ws_dynamic() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    line="\${line%%$'\\t'*}"
    [[ "$line" == *[[:space:]]* ]] && printf -v line '%q' "$line"
    COMPREPLY+=("$line")
  done < <("\${COMP_WORDS[0]}" __complete "\${COMP_WORDS[@]:0:COMP_CWORD+1}" 2>/dev/null)
  # a parameter name (\`start_date=\`) is followed by its value, not by a space
  [[ "\${COMPREPLY[0]}" == *= ]] && compopt -o nospace 2>/dev/null
}

_ws() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" _ws_line=("\${COMP_WORDS[@]}") _ws_path _ws_args _ws_help
  _ws_locate 1 "$COMP_CWORD"
  if [[ "$prev" == "--json" ]]; then
    local fields; fields="$(_ws_fields "$_ws_path")"
    if [[ -n "$fields" ]]; then
      # a list is comma-joined: complete after the last comma, and add no space
      local done_part=""; [[ "$cur" == *,* ]] && done_part="\${cur%,*},"
      COMPREPLY=($(compgen -P "$done_part" -W "$fields" -- "\${cur##*,}"))
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
`;
}

/**
 * Native zsh (no bashcompinit): \`#compdef ws\` so that the file works from \`fpath\`, and compadd without a space after
 * a --json field. It reads the same tables as the bash script.
 */
export function zshScript(tree: Tree): string {
  return `#compdef ws
${header('zsh', 'Load it in ~/.zshrc with: source <(ws completion zsh)   or save it as _ws in a folder of $fpath (before compinit)')}
${shTables(tree)}
${shLocate}
_ws_dynamic() {
  local line
  local -a values shown
  for line in \${(f)"$(\${words[1]} __complete "\${(@)words[1,CURRENT]}" 2>/dev/null)"}; do
    values+=("\${line%%$'\\t'*}")
    shown+=("\${line%%$'\\t'*}  -- \${line#*$'\\t'}")
  done
  # a parameter name (\`start_date=\`) is followed by its value, not by a space
  if [[ "\${values[1]}" == *= ]]; then ((\${#values})) && compadd -S '' -l -d shown -a values
  else ((\${#values})) && compadd -l -d shown -a values; fi
}

_ws() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" _ws_path _ws_args _ws_help kind
  local -a _ws_line
  _ws_line=("\${(@)words}")
  _ws_locate 2 "$CURRENT"
  if [[ "$prev" == "--json" ]]; then
    local fields; fields="$(_ws_fields "$_ws_path")"
    if [[ -n "$fields" ]]; then
      # a list is comma-joined: complete after the last comma, and add no space
      compset -P '*,'
      compadd -S '' -- \${=fields}
      return
    fi
  fi
  if [[ "$_ws_value_options" == *" $prev "* ]]; then
    if [[ "$_ws_dynamic_options" == *"| $prev|"* || "$_ws_dynamic_options" == *"|$_ws_path $prev|"* ]]; then _ws_dynamic; return; fi
    if [[ "$_ws_file_options" == *" $prev "* ]]; then _files; return; fi
    local values; values="$(_ws_choices "$_ws_path $prev")"; [[ -z "$values" ]] && values="$(_ws_choices " $prev")"
    [[ -n "$values" ]] && compadd -- \${=values}
    return
  fi
  if [[ "$cur" == -* ]]; then
    compadd -- \${=$(_ws_options "$_ws_path")} \${=_ws_global_options}
    return
  fi
  local subs; subs="$(_ws_subcommands "$_ws_path")"
  if [[ -n "$subs" ]]; then
    [[ $_ws_help == 1 && -z "$_ws_path" ]] && subs="$subs $_ws_help_topics"
    ((_ws_args == 0)) && compadd -- \${=subs}
    return
  fi
  ((_ws_help)) && return
  kind="$(_ws_argument_kind)"
  case "$kind" in
    dynamic) _ws_dynamic ;;
    files) _files ;;
    dirs) _files -/ ;;
    words) compadd -- \${=$(_ws_argument_words "$_ws_path")} ;;
  esac
}

# autoloaded from fpath, this file is the body of _ws: complete now; sourced, register _ws
if [[ "\${funcstack[1]}" == _ws ]]; then
  _ws "$@"
else
  (( $+functions[compdef] )) || { autoload -U +X compinit && compinit }
  compdef _ws ws
fi
`;
}

const fishDirectories = "'(__fish_complete_directories (commandline -ct))'";
const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function fishScript(tree: Tree): string {
  const lines: string[] = [header('fish', 'Load it with: ws completion fish | source   or save it as ~/.config/fish/completions/ws.fish')];
  lines.push(`set -g __ws_value_options ${valueOptions(tree).map(fishQuote).join(' ')}`);
  lines.push(
    `set -g __ws_tree ${flatten(tree.root)
      .filter((c) => c.subcommands.length)
      .map((c) => fishQuote(`${c.path.join(' ')}:${c.subcommands.map((s) => s.path.at(-1)).join(' ')}`))
      .join(' ')}`,
  );
  const aliases = flatten(tree.root).flatMap((c) =>
    c.subcommands.flatMap((sub) => sub.aliases.map((alias) => fishQuote(`${[...c.path, alias].join(' ')}=${sub.path.at(-1)}`))),
  );
  lines.push(`set -g __ws_aliases ${aliases.join(' ')}`);
  lines.push(`
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

# After \`ws help\`: the topics too
function __ws_after_help
    set -l tokens (commandline -opc)
    test "$tokens[2]" = help -a (count $tokens) -eq 2
end

# Names only ws itself can know (query slugs, automations, run ids, profiles), as value<TAB>description
function __ws_dynamic
    set -l tokens (commandline -opc)
    $tokens[1] __complete $tokens (commandline -ct) 2>/dev/null
end
`);
  const option = (condition: string, spec: OptionSpec) => {
    const long = spec.names.find((n) => n.startsWith('--'))?.slice(2);
    const short = spec.names.find((n) => /^-[^-]$/.test(n))?.slice(1);
    let line = `complete -c ws${condition ? ` -n ${fishQuote(condition)}` : ''}${long ? ` -l ${long}` : ''}${short ? ` -s ${short}` : ''}`;
    if (spec.takesValue && !isOptionalValue(spec)) {
      line += {
        words: ` -x -a ${fishQuote(words(spec.choices))}`,
        dynamic: " -x -a '(__ws_dynamic)'",
        files: ' -r -F',
        dirs: ` -x -a ${fishDirectories}`,
        none: ' -x',
      }[spec.value];
    }
    return `${line} -d ${fishQuote(spec.description)}`;
  };
  lines.push('complete -c ws -f');
  for (const spec of tree.globalOptions) lines.push(option('', spec));
  if (tree.helpTopics.length) lines.push(`complete -c ws -n __ws_after_help -x -a ${fishQuote(words(tree.helpTopics))} -d 'help topic'`);
  for (const command of flatten(tree.root)) {
    const at = `__ws_at ${command.path.join(' ')}`.trimEnd();
    for (const sub of command.subcommands) lines.push(`complete -c ws -n ${fishQuote(at)} -a ${fishQuote(sub.path.at(-1)!)} -d ${fishQuote(sub.description)}`);
    for (const spec of command.options) lines.push(option(at, spec));
    command.arguments.forEach((argument, index) => {
      // each positional argument by its place: \`queries pull <dir> <query...>\` is a folder, then query slugs
      const here = fishQuote(`${at}; and __ws_argn ${index}${argument.variadic ? '+' : ''}`);
      const values = {
        dynamic: " -x -a '(__ws_dynamic)'",
        files: ' -F',
        dirs: ` -x -a ${fishDirectories}`,
        words: ` -x -a ${fishQuote(words(argument.choices))}`,
        none: '',
      }[argument.value];
      if (values) lines.push(`complete -c ws -n ${here}${values}`);
    });
    if (command.jsonFields.length) {
      lines.push(`complete -c ws -n ${fishQuote(`${at}; and __ws_after_json`)} -x -a ${fishQuote(`(__ws_json_fields ${words(command.jsonFields)})`)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, tree: Tree): string {
  return shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
}

import { flatten, type CommandSpec, type OptionSpec } from './tree.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

interface Tree {
  root: CommandSpec;
  globalOptions: OptionSpec[];
}

const header = (shell: Shell, install: string) =>
  `# ${shell} completion for ws, generated from its command tree by \`ws completion ${shell}\`: do not edit.\n# ${install}\n`;

/** Options that take a required value: while reading the command line, the word after one is its value. */
function valueOptions(tree: Tree): string[] {
  const all = [...tree.globalOptions, ...flatten(tree.root).flatMap((command) => command.options)];
  return [...new Set(all.filter((option) => option.takesValue && !isOptionalValue(option)).flatMap((option) => option.names))].sort();
}

/** `--json [fields]` may stand alone, so the word after it is not necessarily its value. */
function isOptionalValue(option: OptionSpec): boolean {
  return option.names.includes('--json');
}

const words = (list: readonly string[]) => list.join(' ');

function bashCase(fn: string, entries: [string, string][]): string {
  const cases = entries.filter(([, value]) => value !== '').map(([key, value]) => `    ${JSON.stringify(key)}) echo ${JSON.stringify(value)} ;;`);
  return `${fn}() {\n  case "$1" in\n${cases.join('\n')}\n  esac\n}\n`;
}

export function bashScript(tree: Tree): string {
  const commands = flatten(tree.root);
  const key = (command: CommandSpec) => command.path.join(' ');
  const choices: [string, string][] = [];
  for (const option of tree.globalOptions) for (const name of option.names) choices.push([` ${name}`, words(option.choices)]);
  for (const command of commands) for (const option of command.options) for (const name of option.names) choices.push([`${key(command)} ${name}`, words(option.choices)]);
  return `${header('bash', 'Load it with: source <(ws completion bash)   or save it as ~/.local/share/bash-completion/completions/ws')}
${bashCase('_ws_subcommands', commands.map((c) => [key(c), words(c.subcommands.map((s) => s.path.at(-1)!))]))}
${bashCase('_ws_options', commands.map((c) => [key(c), words(c.options.flatMap((o) => o.names.filter((n) => n.startsWith('--'))))]))}
${bashCase('_ws_choices', choices)}
${bashCase('_ws_fields', commands.map((c) => [key(c), words(c.jsonFields)]))}
_ws_global_options=${JSON.stringify(words(tree.globalOptions.flatMap((o) => o.names.filter((n) => n.startsWith('--')))))}
_ws_value_options=${JSON.stringify(` ${words(valueOptions(tree))} `)}

_ws() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" word i skip=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    case "$word" in
      --*=*) continue ;;
      -*) [[ "$_ws_value_options" == *" $word "* ]] && skip=1; continue ;;
    esac
    # \`ws help queries list\` completes like \`ws queries list\`
    if [[ "$path" == "" && "$word" == "help" ]]; then continue; fi
    [[ " $(_ws_subcommands "$path") " == *" $word "* ]] && path="\${path:+$path }$word"
  done
  local command="$path"
  if [[ "$prev" == "--json" ]]; then
    local fields; fields="$(_ws_fields "$command")"
    if [[ -n "$fields" ]]; then
      local done_part=""; [[ "$cur" == *,* ]] && done_part="\${cur%,*},"
      COMPREPLY=($(compgen -P "$done_part" -W "$fields" -- "\${cur##*,}"))
      compopt -o nospace 2>/dev/null
      return
    fi
  fi
  if [[ "$_ws_value_options" == *" $prev "* ]]; then
    local values; values="$(_ws_choices "$command $prev")"; [[ -z "$values" ]] && values="$(_ws_choices " $prev")"
    if [[ -n "$values" ]]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
    return
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_ws_options "$command") $_ws_global_options" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -W "$(_ws_subcommands "$path")" -- "$cur"))
}
complete -F _ws ws
`;
}

/** zsh runs the bash completion through bashcompinit: one script to keep right, the same answers in both shells. */
export function zshScript(tree: Tree): string {
  return `${header('zsh', 'Load it in ~/.zshrc with: source <(ws completion zsh)')}
(( $+functions[compdef] )) || { autoload -U +X compinit && compinit }
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree).replace(/^#.*\n#.*\n/, '')}`;
}

const fishQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function fishScript(tree: Tree): string {
  const lines: string[] = [header('fish', 'Load it with: ws completion fish | source   or save it as ~/.config/fish/completions/ws.fish')];
  lines.push(`set -g __ws_value_options ${valueOptions(tree).map(fishQuote).join(' ')}`);
  lines.push(`set -g __ws_tree ${flatten(tree.root).filter((c) => c.subcommands.length).map((c) => fishQuote(`${c.path.join(' ')}:${c.subcommands.map((s) => s.path.at(-1)).join(' ')}`)).join(' ')}`);
  lines.push(`
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
`);
  const option = (condition: string, spec: OptionSpec) => {
    const long = spec.names.find((n) => n.startsWith('--'))?.slice(2);
    const short = spec.names.find((n) => /^-[^-]$/.test(n))?.slice(1);
    let line = `complete -c ws${condition ? ` -n ${fishQuote(condition)}` : ''}${long ? ` -l ${long}` : ''}${short ? ` -s ${short}` : ''}`;
    if (spec.takesValue && !isOptionalValue(spec)) line += spec.choices.length ? ` -x -a ${fishQuote(words(spec.choices))}` : ' -r';
    return `${line} -d ${fishQuote(spec.description)}`;
  };
  lines.push('complete -c ws -f');
  for (const spec of tree.globalOptions) lines.push(option('', spec));
  for (const command of flatten(tree.root)) {
    const at = `__ws_at ${command.path.join(' ')}`.trimEnd();
    for (const sub of command.subcommands) lines.push(`complete -c ws -n ${fishQuote(at)} -a ${fishQuote(sub.path.at(-1)!)} -d ${fishQuote(sub.description)}`);
    for (const spec of command.options) lines.push(option(at, spec));
    if (command.jsonFields.length) {
      lines.push(`complete -c ws -n ${fishQuote(`${at}; and __ws_after_json`)} -x -a ${fishQuote(`(__ws_json_fields ${words(command.jsonFields)})`)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, tree: Tree): string {
  return shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
}

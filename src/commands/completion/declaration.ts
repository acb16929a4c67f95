import { Argument } from '@commander-js/extra-typings';
import { examples, type Program } from '../../cmdutil/command.js';

/** `ws completion`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareCompletion(program: Program) {
  const completion = program
    .command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']));
  examples(
    completion,
    'source <(ws completion bash)                            # in ~/.bashrc',
    'source <(ws completion zsh)                             # in ~/.zshrc',
    'ws completion fish > ~/.config/fish/completions/ws.fish',
  );
  completion.addHelpText(
    'after',
    '\nThe scripts complete commands, options, option values and the fields of --json a,b, and ask `ws` itself for\nquery slugs, automation names and ids, recent run ids and profile names (at most 2 s, silent on errors).',
  );
  return { completion };
}

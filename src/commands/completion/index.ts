import { Argument, type Command } from 'commander';
import type { Shell } from '../../completion/scripts.js';
import { examples, type Runner } from '../../cmdutil/command.js';

export function registerCompletion(program: Command, runner: Runner): void {
  const completion = program
    .command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .action(
      runner(async () => {
        const { print } = await import('./completion.js');
        return { run: (ctx, [shell]: string[]) => print(ctx, shell as Shell, program) };
      }),
    );
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
}

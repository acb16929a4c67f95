import type { Command } from 'commander';
import { examples, jsonFields, type Runner } from '../../cmdutil/command.js';
import { authStatusFields } from './shared/status-fields.js';

export function registerAuth(program: Command, runner: Runner): void {
  const auth = program.command('auth').description('Log in, check the key, log out');
  examples(auth, 'ws auth login --base-url https://workspace.example.com/public/v3', 'ws auth status');

  const login = auth
    .command('login')
    .description('Save an API key (and base URL) in a profile, after checking that the key works')
    .option('--with-key-stdin', 'read the key from standard input instead of asking for it')
    .action(runner(() => import('./login.js')));
  examples(
    login,
    'ws auth login --base-url https://workspace.example.com/public/v3',
    'echo "$WS_KEY" | ws auth login --with-key-stdin --profile ci',
  );
  login.addHelpText('after', '\nOn a terminal the key is asked for with hidden input; otherwise it is read from stdin.\nWith CI or WS_NO_PROMPT set, nothing is asked (exit 2): use --with-key-stdin, or WS_API_KEY.');

  const status = auth
    .command('status')
    .description('Show the profile, base URL and key in use, where each comes from, and whether the key works')
    .action(runner(() => import('./status.js')));
  examples(status, 'ws auth status', 'ws auth status --profile ci --json');
  jsonFields(status, authStatusFields);

  const logout = auth
    .command('logout')
    .description("Remove the profile's saved API key")
    .action(runner(() => import('./logout.js')));
  examples(logout, 'ws auth logout', 'ws auth logout --profile ci');
}

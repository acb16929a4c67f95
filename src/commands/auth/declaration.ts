import { examples, jsonFields, type DeclaredAll, type Program } from '../../cmdutil/command.js';
import { authStatusFields } from './shared/status-fields.js';

/** `ws auth`: its commands, their arguments, flags and help, as commander parses and prints them. */
export function declareAuth(program: Program) {
  const auth = program.command('auth').description('Log in, check the key, log out');
  examples(auth, 'ws auth login --base-url https://workspace.example.com/public/v3', 'ws auth status');

  const login = auth
    .command('login')
    .description('Save an API key (and base URL) in a profile, after checking that the key works')
    .option('--with-key-stdin', 'read the key from standard input instead of asking for it')
    .option('--insecure-storage', 'keep the key in the config file in plain text, not in the system keyring');
  examples(login, 'ws auth login --base-url https://workspace.example.com/public/v3', 'echo "$WS_KEY" | ws auth login --with-key-stdin --profile ci');
  login.addHelpText(
    'after',
    [
      '',
      'On a terminal the key is asked for with hidden input; otherwise it is read',
      'from stdin. With CI or WS_NO_PROMPT set, or --no-prompt, nothing is asked',
      '(exit 2): use --with-key-stdin, or WS_API_KEY.',
      '',
      'The key is kept in the system keyring: the Secret Service on Linux, the',
      'macOS Keychain, the Windows Credential Manager. Where there is none (SSH',
      'sessions, containers, CI), it goes to the config file in plain text (mode',
      '0600), with a warning. A locked keyring nobody can unlock stops the login',
      '(exit 2).',
    ].join('\n'),
  );

  const status = auth.command('status').description('Show the profile, base URL and key in use, where each comes from, and whether the key works');
  examples(status, 'ws auth status', 'ws auth status --profile ci --json');
  jsonFields(status, authStatusFields);

  const logout = auth.command('logout').description("Remove the profile's saved API key");
  examples(logout, 'ws auth logout', 'ws auth logout --profile ci');
  return { login, status, logout };
}

/** What each `ws auth` command's declaration gives its verb: `Auth['<command>']['args' | 'opts']`. */
export type Auth = DeclaredAll<ReturnType<typeof declareAuth>>;

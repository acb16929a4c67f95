import { noConfigFolder } from '../../config/paths.js';
import { keyringPlace } from '../../config/settings.js';
import { originOf, restoreProfile, updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { WsError, usageError } from '../../errors.js';
import { askSecret, readAll } from '../../prompt.js';
import { stripControl } from '../../text.js';
import { checkKey, maskKey, withHint } from './shared/check.js';
import { forgetOtherKeyringKey } from './shared/keyring-key.js';
import type { Auth } from './declaration.js';

export async function run(ctx: Context, _args: Auth['login']['args'], opts: Auth['login']['opts']): Promise<void> {
  const { io } = ctx;
  const s = ctx.settings;
  // nowhere to save the key: said before it is asked for and checked
  if (s.configFile === undefined) throw noConfigFolder();
  const baseUrl = ctx.baseUrl();
  const piped = opts.withKeyStdin || !io.stdinIsTTY;
  let key: string;
  // `< key.txt` is the shell's, not a word of the command
  const pipeIt = `${ctx.printed.command('auth', 'login', '--with-key-stdin')} < key.txt`;
  const wanted = { what: 'the API key', instead: `pipe it in: \`${pipeIt}\`; or give it to each command in WS_API_KEY, with no login` };
  if (piped) {
    key = (await readAll(io, wanted, ctx.promptFlag())).trim();
  } else {
    try {
      key = (await askSecret(io, `API key for ${baseUrl}: `, wanted, ctx.promptFlag())).trim();
    } catch (error) {
      if (error instanceof WsError) throw error; // asked nothing: nobody could answer
      throw new WsError('interrupted', 'login cancelled; nothing was saved');
    }
  }
  if (key === '') {
    // a piped key that came out empty was piped already: the hint looks at what was piped, not at piping
    throw usageError(
      'no API key given',
      piped ? 'nothing came on stdin: check what is piped in (an unset variable, an empty file)' : `paste the key at the prompt, or pipe it: \`${pipeIt}\``,
    );
  }
  if (/\s/.test(key))
    throw usageError(
      'the API key must not contain spaces or newlines',
      `give the key alone, on one line${piped ? ' (what is piped in holds more than the key)' : ''}`,
    );
  const http = ctx.http({ apiKey: key });
  try {
    await checkKey(http);
  } catch (error) {
    // not "log in again with `ws auth login`": that is what just failed
    if (error instanceof WsError && error.kind === 'auth')
      throw withHint(error, `nothing was saved; a key works only for the workspace it was made for: check that this one is for ${baseUrl}`);
    throw error;
  } finally {
    await http.close();
  }
  const name = s.profileName.value;
  const place = keyringPlace(s, originOf(baseUrl)!);
  let where: string;
  let inKeyring = false;
  if (opts.insecureStorage) {
    await updateProfile(s.configFile, name, { apiKey: key, apiKeyStore: 'file', baseUrl });
    where = `in plain text in ${s.configFile} (--insecure-storage)`;
  } else {
    // the profile points to the keyring before the key goes there: a login stopped in between (or a config file that
    // cannot be written) leaves no key in the keyring that no profile names, and `ws auth logout` finds it
    const before = s.profile;
    await updateProfile(s.configFile, name, { apiKey: undefined, apiKeyStore: 'keyring', apiKeyOrigin: place.origin, baseUrl });
    const { KeyringError, saveKey } = await import('../../config/keyring.js');
    try {
      await saveKey(place, key, ctx.keyringWait());
      where = 'in the system keyring';
      inKeyring = true;
    } catch (error) {
      if (!(error instanceof KeyringError) || !error.absent) await restoreProfile(s.configFile, name, before);
      if (!(error instanceof KeyringError)) throw error;
      if (!error.absent) {
        throw usageError(
          `cannot keep the API key in the system keyring: ${error.message}; nothing was saved`,
          `unlock the keyring and log in again, or keep the key in the config file in plain text: \`${ctx.printed.command('auth', 'login', '--insecure-storage')}\``,
        );
      }
      await updateProfile(s.configFile, name, { apiKey: key, baseUrl });
      // never silently: said even with --quiet, as a warning is
      io.stderr.write(`warning: no system keyring: the key is stored in plain text in ${s.configFile}\n  (${stripControl(error.message)})\n`);
      where = `in plain text in ${s.configFile}`;
    }
  }
  // the key kept before for this profile is used no more, unless it is the one just stored over
  await forgetOtherKeyringKey(ctx, inKeyring ? place : undefined);
  ctx.note(`Logged in to ${baseUrl} with key ${maskKey(key)}; saved for profile "${name}" ${where}.`);
  if (io.env.WS_API_KEY && io.env.WS_API_KEY !== key) {
    io.stderr.write('warning: WS_API_KEY is set in this environment and overrides the key just saved; unset it to use the saved key\n');
  }
}

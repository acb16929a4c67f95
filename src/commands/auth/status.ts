import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { withoutCredentials } from '../../text.js';
import { checkKey, maskKey, withHint } from './shared/check.js';
import { authStatusFields } from './shared/status-fields.js';

const from = { flag: 'flag', env: 'env', config: 'config', keyring: 'system keyring', default: 'default' } as const;
const envNames = { profile: 'WS_PROFILE', baseUrl: 'WS_BASE_URL', apiKey: 'WS_API_KEY', caFile: 'WS_CA_FILE' };

/**
 * A hint that names a next step, not `ws auth status` itself: where the refused key comes from and how to replace
 * it; for a base URL that fails, the one printed above.
 */
function statusHint(error: WsError, keySource: string, login: string): WsError {
  if (error.kind === 'auth' && error.status === 401) {
    return withHint(
      error,
      keySource === 'env'
        ? `the key comes from WS_API_KEY: set a working key there, or unset it and log in with \`${login}\``
        : `log in again with \`${login}\``,
    );
  }
  return error.hint?.includes('`ws auth status') ? withHint(error, error.hint.replace(/ ?\(`ws auth status[^`]*`\)/, ' shown above')) : error;
}

export async function run(ctx: Context): Promise<void> {
  const s = ctx.settings;
  const output = await ctx.output(authStatusFields, { document: true });
  let authenticated = false;
  let problem: WsError | undefined;
  if (!s.apiKey.value && !s.keyring) {
    problem = ctx.noKeyError();
  } else {
    try {
      await checkKey(ctx.http());
      authenticated = true;
    } catch (error) {
      if (!(error instanceof WsError)) throw error;
      problem = statusHint(error, s.apiKey.source, ctx.printed.command('auth', 'login'));
    }
  }
  // a key read from the keyring is known once the check above has read it
  const key = ctx.keyInUse();
  const where = (source: keyof typeof from, env: string) => (source === 'env' ? `env ${env}` : source === 'config' ? `config ${s.configFile}` : from[source]);
  /** Where the key lives, as the issue of plain-text keys asks to be told (cli/cli#13872). */
  const keySource =
    s.apiKey.source === 'config'
      ? `config file, plain text: ${s.configFile}`
      : s.apiKey.source === 'keyring'
        ? 'system keyring'
        : where(s.apiKey.source, envNames.apiKey);
  const { proxyStatus } = await import('../../api/network.js');
  const { note, ...proxy } = proxyStatus(s.baseUrl.value, ctx.io.env);
  const status = {
    profile: { value: s.profileName.value, source: where(s.profileName.source, envNames.profile) },
    baseUrl: {
      value: s.baseUrl.value === undefined ? null : withoutCredentials(s.baseUrl.value),
      source: s.baseUrl.value ? where(s.baseUrl.source, envNames.baseUrl) : null,
    },
    apiKey: { value: key ? maskKey(key) : null, source: key || s.keyring ? keySource : null },
    proxy,
    caFile: { value: s.caFile.value ?? null, source: s.caFile.value ? where(s.caFile.source, envNames.caFile) : null },
    authenticated,
  };
  if (output.format === 'table') {
    const line = (label: string, setting: { value: string | null; source: string | null }) =>
      `${label.padEnd(9)} ${setting.value ?? '(not set)'}${setting.source ? `  (from ${setting.source})` : ''}\n`;
    ctx.io.stdout.write(
      line('profile:', status.profile) +
        line('base URL:', status.baseUrl) +
        // a key in a keyring that cannot be read now is there all the same: not "(not set)"
        line('API key:', { ...status.apiKey, value: status.apiKey.value ?? (s.keyring ? '(cannot be read now)' : null) }) +
        // shown when a proxy variable or a CA file is set, the cases where they explain a failure
        (proxy.value || note ? line('proxy:', { value: proxy.value ?? `none (${note})`, source: proxy.source }) : '') +
        (status.caFile.value ? line('CA file:', status.caFile) : '') +
        `status:   ${authenticated ? 'the key works' : problem?.kind === 'auth' ? `not authenticated: ${problem.message}` : `cannot check the key: ${problem?.message ?? 'unknown error'}`}\n`,
    );
  } else {
    await output.document(status);
  }
  // a key that works but lies in plain text: how to move it (a refused one gets its own hint below), unless it was
  // put there on purpose with --insecure-storage
  if (s.apiKey.source === 'config' && authenticated && s.profile.apiKeyStore !== 'file') {
    ctx.note(
      `The API key is kept in plain text in ${s.configFile}: to keep it in the system keyring, log in again: \`${ctx.printed.command('auth', 'login')}\``,
    );
  }
  if (problem) {
    // exit 3 for a missing or refused key; other failures (network, 5xx) keep their own exit code
    throw problem;
  }
}

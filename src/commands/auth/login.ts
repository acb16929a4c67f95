import { updateProfile } from '../../config/store.js';
import type { Context } from '../../context.js';
import { WsError, usageError } from '../../errors.js';
import { askSecret, readAll } from '../../prompt.js';
import { checkKey, maskKey } from './check.js';

export async function run(ctx: Context, _args: string[], opts: { withKeyStdin?: boolean }): Promise<void> {
  const { io } = ctx;
  const s = ctx.settings;
  const baseUrl = ctx.baseUrl();
  let key: string;
  const wanted = { what: 'the API key', instead: 'pipe it in: `ws auth login --with-key-stdin < key.txt`; or give it to each command in WS_API_KEY, with no login' };
  if (opts.withKeyStdin || !io.stdinIsTTY) {
    key = (await readAll(io, wanted)).trim();
  } else {
    try {
      key = (await askSecret(io, `API key for ${baseUrl}: `, wanted)).trim();
    } catch (error) {
      if (error instanceof WsError) throw error; // asked nothing: nobody could answer
      throw new WsError('interrupted', 'login cancelled; nothing was saved');
    }
  }
  if (key === '' || /\s/.test(key)) {
    throw usageError(key === '' ? 'no API key given' : 'the API key must not contain spaces or newlines', 'pipe the key on stdin: `ws auth login --with-key-stdin < key.txt`');
  }
  const http = ctx.http({ apiKey: key });
  try {
    await checkKey(http);
  } finally {
    await http.close();
  }
  await updateProfile(s.configFile, s.profileName.value, { apiKey: key, baseUrl });
  ctx.note(`Logged in to ${baseUrl} with key ${maskKey(key)}; saved in profile "${s.profileName.value}" (${s.configFile}).`);
  if (io.env.WS_API_KEY && io.env.WS_API_KEY !== key) {
    io.stderr.write('warning: WS_API_KEY is set in this environment and overrides the key just saved; unset it to use the saved key\n');
  }
}

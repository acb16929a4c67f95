/**
 * The keyring's own process: `ws __keyring` (bin/ws.js) reads one request as JSON on stdin, does it with
 * @napi-rs/keyring and writes the answer as JSON on stdout. Writes (login, logout) go there, and every read that ws
 * does not make itself on the session bus (src/config/keyring.ts): a locked item, a Secret Service not running, and
 * every read on macOS and Windows. A keyring may block inside the library (a locked collection waiting for its
 * unlock dialog, a Secret Service that never answers: libdbus waits 25 s), Node cannot end while a thread of its own
 * is blocked there, and a process can be killed. The key goes through the pipes, never through argv.
 */

export interface KeyringRequest {
  op: 'get' | 'set' | 'delete';
  service: string;
  account: string;
  password?: string;
}

export type KeyringAnswer = { value: string | boolean | null } | { error: string; absent: boolean };

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .trim();

/**
 * Whether keyring-rs's error says there is no keyring here to use (so a key may go to the file instead): no bus,
 * no Secret Service on it, no collection to store in; otherwise a keyring is there and refused.
 */
function absent(text: string): boolean {
  return /autolaunch|DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|No such file or directory|ServiceUnknown|was not provided by any \.service files|no result found|Object does not exist|No such interface/i.test(
    text,
  );
}

/** Why the library did not load: no keyring to use here. */
const libraryMissing = (error: unknown) => ({ error: `the keyring library cannot be loaded here: ${firstLine(error)}`, absent: true });

/** keyring-rs's error as ws says it, and whether it means there is no keyring here to use. */
function keyringFailure(error: unknown): { error: string; absent: boolean } {
  const text = firstLine(error);
  return { error: text.replace(/^(Platform failure|Couldn't access platform storage): /, ''), absent: absent(text) };
}

/** The options of every entry: on Linux the Secret Service, named, as keyring-rs would otherwise fall back to the kernel's keyring in silence. */
const entryOptions = { linux: { store: 'secret-service' } } as const;

export async function answer(request: KeyringRequest): Promise<KeyringAnswer> {
  let keyring: typeof import('@napi-rs/keyring');
  try {
    keyring = await import('@napi-rs/keyring');
  } catch (error) {
    return libraryMissing(error);
  }
  try {
    const entry = new keyring.Entry(request.service, request.account, entryOptions);
    if (request.op === 'set') {
      entry.setPassword(request.password ?? '');
      return { value: true };
    }
    if (request.op === 'delete') return { value: entry.deleteCredential() };
    return { value: entry.getPassword() };
  } catch (error) {
    return keyringFailure(error);
  }
}

/** `ws __keyring`: one request from stdin, one answer to stdout. */
export async function serve(stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
  let request: KeyringRequest;
  try {
    request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    stdout.write(JSON.stringify({ error: 'the request to the keyring is not JSON', absent: false }));
    return;
  }
  stdout.write(JSON.stringify(await answer(request)));
}

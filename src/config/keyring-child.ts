/**
 * The keyring's own process: `ws __keyring` (bin/ws.js) reads one request as JSON on stdin, does it with
 * @napi-rs/keyring and writes the answer as JSON on stdout. A separate process because a keyring may block inside
 * the library (a locked collection waiting for its unlock dialog, a Secret Service that never answers: libdbus
 * waits 25 s), and Node cannot end while a thread of its own is blocked there; a process can be killed
 * (src/config/keyring.ts). The key goes through the pipes, never through argv.
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

export async function answer(request: KeyringRequest): Promise<KeyringAnswer> {
  let keyring: typeof import('@napi-rs/keyring');
  try {
    keyring = await import('@napi-rs/keyring');
  } catch (error) {
    return { error: `the keyring library cannot be loaded here: ${firstLine(error)}`, absent: true };
  }
  try {
    // on Linux the Secret Service, named: keyring-rs would otherwise fall back to the kernel's keyring in silence
    const entry = new keyring.Entry(request.service, request.account, { linux: { store: 'secret-service' } });
    if (request.op === 'set') {
      entry.setPassword(request.password ?? '');
      return { value: true };
    }
    if (request.op === 'delete') return { value: entry.deleteCredential() };
    return { value: entry.getPassword() };
  } catch (error) {
    const text = firstLine(error);
    return { error: text.replace(/^(Platform failure|Couldn't access platform storage): /, ''), absent: absent(text) };
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

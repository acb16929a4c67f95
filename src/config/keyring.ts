/**
 * The system keyring, where `ws auth login` keeps a profile's key (docs/security.md): the Secret Service on Linux
 * (GNOME Keyring, KWallet) chosen explicitly, never the kernel's keyring (keyutils: gone at logout), the Keychain on
 * macOS, the Credential Manager on Windows; through @napi-rs/keyring (keyring-rs), loaded only when a key is kept there.
 *
 * One entry per profile and origin, as gh keeps one per host: service `ws:<origin>`, account `<profile>`.
 */
import type { AsyncEntry } from '@napi-rs/keyring';

export interface KeyringPlace {
  /** The origin (scheme, host, port) the key is sent to. */
  origin: string;
  profile: string;
}

/** The entry's names, as another client (`secret-tool lookup service <service> username <account>`) finds it. */
export function keyringNames(place: KeyringPlace): { service: string; account: string } {
  return { service: `ws:${place.origin}`, account: place.profile };
}

/**
 * Why the keyring could not be used. `absent`: there is none to use here (the binding does not load, no D-Bus
 * session, no Secret Service or no collection on it), so a key may go to the file instead, saying so. Otherwise a
 * keyring is there and refused: locked with nobody unlocking it, or no answer in time.
 */
export class KeyringError extends Error {
  constructor(
    message: string,
    readonly absent: boolean,
  ) {
    super(message);
  }
}

export interface KeyringWait {
  /** How long ws waits for an answer: seconds where nobody can unlock a keyring, longer where a person may. */
  waitMs: number;
  /** Called once when the keyring is slow to answer (it may be asking a person to unlock it). */
  slow?: () => void;
  env: Record<string, string | undefined>;
}

/** After this long a keyring is "slow": a person at the terminal is told it may be asking to be unlocked. */
const slowAfterMs = 1500;

/**
 * Operations still running in the keyring's thread after ws stopped waiting for them: Node would wait for them
 * before it exits, so the program ends without them (bin/ws.js, through cli.ts's `keyringAbandoned`).
 */
let abandoned = 0;
export function keyringAbandoned(): boolean {
  return abandoned > 0;
}

async function binding(): Promise<typeof import('@napi-rs/keyring')> {
  try {
    return await import('@napi-rs/keyring');
  } catch (error) {
    throw new KeyringError(`the keyring library cannot be loaded here (${firstLine(error)})`, true);
  }
}

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .trim();

/** What keyring-rs says, sorted into "none here" and "there, but refused". */
function classify(error: unknown): KeyringError {
  if (error instanceof KeyringError) return error;
  const text = firstLine(error);
  // libdbus without a session bus; a bus with no Secret Service; a Secret Service with no collection to store in
  const absent =
    /autolaunch|DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|No such file or directory|ServiceUnknown|was not provided by any \.service files|no result found|Object does not exist|No such interface/i.test(
      text,
    );
  return new KeyringError(text.replace(/^(Platform failure|Couldn't access platform storage): /, ''), absent);
}

/**
 * Why there is no keyring to try, without trying one: on Linux (and the BSDs) the Secret Service is reached on the
 * D-Bus session bus, which SSH sessions, containers and CI jobs do not have.
 */
function noSessionBus(env: KeyringWait['env']): string | undefined {
  if (process.platform === 'darwin' || process.platform === 'win32') return undefined;
  if (env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  if (env.XDG_RUNTIME_DIR) {
    const fs = process.getBuiltinModule('node:fs');
    if (fs.existsSync(`${env.XDG_RUNTIME_DIR}/bus`)) return undefined;
  }
  return 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service';
}

/** Runs one keyring operation within the wait, on a new entry (creating one talks to the Secret Service already). */
async function withEntry<T>(place: KeyringPlace, wait: KeyringWait, operation: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>): Promise<T> {
  const missing = noSessionBus(wait.env);
  if (missing) throw new KeyringError(missing, true);
  const { AsyncEntry } = await binding();
  const { service, account } = keyringNames(place);
  const controller = new AbortController();
  let slow: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const work = (async () => {
    // on Linux the Secret Service, named: keyring-rs would otherwise fall back to the kernel's keyring in silence
    const entry = new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
    return operation(entry, controller.signal);
  })();
  const late = new Promise<never>((_, reject) => {
    if (wait.slow) slow = setTimeout(() => !settled && wait.slow?.(), Math.min(slowAfterMs, wait.waitMs));
    timer = setTimeout(() => {
      controller.abort();
      abandoned++;
      void work.catch(() => undefined).finally(() => abandoned--);
      reject(new KeyringError(`the system keyring did not answer within ${Math.round(wait.waitMs / 1000)} s (it may be locked)`, false));
    }, wait.waitMs);
  });
  try {
    return await Promise.race([work, late]);
  } catch (error) {
    throw classify(error);
  } finally {
    settled = true;
    clearTimeout(slow);
    clearTimeout(timer);
  }
}

/** Stores the key, replacing the one there. */
export function saveKey(place: KeyringPlace, key: string, wait: KeyringWait): Promise<void> {
  return withEntry(place, wait, (entry, signal) => entry.setPassword(key, signal));
}

/** The key, or undefined when the keyring holds none for this profile and origin. */
export async function readKey(place: KeyringPlace, wait: KeyringWait): Promise<string | undefined> {
  return (await withEntry(place, wait, (entry, signal) => entry.getPassword(signal))) ?? undefined;
}

/** Removes the key; false when there was none. */
export function deleteKey(place: KeyringPlace, wait: KeyringWait): Promise<boolean> {
  return withEntry(place, wait, (entry, signal) => entry.deleteCredential(signal));
}

/**
 * The system keyring, where `ws auth login` keeps a profile's key (docs/security.md): the Secret Service on Linux
 * (GNOME Keyring, KWallet) chosen explicitly, never the kernel's keyring (keyutils: gone at logout), the Keychain on
 * macOS, the Credential Manager on Windows; through @napi-rs/keyring (keyring-rs) in a process of its own, `ws __keyring`,
 * except a read that ws makes itself on the session bus (src/config/secret-service.ts).
 *
 * One entry per profile and origin, as gh keeps one per host: service `ws:<origin>`, account `<profile>` (with the
 * config file's path when WS_CONFIG_DIR names another).
 */
import type { IO } from '../io.js';
import type { KeyringAnswer, KeyringRequest } from './keyring-child.js';

export interface KeyringPlace {
  /** The origin (scheme, host, port) the key is sent to. */
  origin: string;
  profile: string;
  /**
   * The config file, when WS_CONFIG_DIR names it: the profiles of two config folders are two sets of profiles, and
   * their keys stay apart even for one origin (two organizations on one server).
   */
  configFile: string | undefined;
}

/** The entry's names, as another client (`secret-tool lookup service <service> username <account>`) finds it. */
export function keyringNames(place: KeyringPlace): { service: string; account: string } {
  return { service: `ws:${place.origin}`, account: place.configFile === undefined ? place.profile : `${place.profile} (${place.configFile})` };
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
  /**
   * The environment (the session bus), how to run this ws again (`self`: the keyring is used in a process of its
   * own, `ws __keyring`), and the stop signals, which end that process with ws.
   */
  io: Pick<IO, 'env' | 'self' | 'onInterrupt' | 'exitBySignal'>;
}

/** After this long a keyring is "slow": a person at the terminal is told it may be asking to be unlocked. */
const slowAfterMs = 1500;

/**
 * Why there is no keyring to try, without trying one: on Linux (and the BSDs) the Secret Service is reached on the
 * D-Bus session bus, which SSH sessions, containers and CI jobs do not have.
 */
function noSessionBus(env: IO['env']): string | undefined {
  if (process.platform === 'darwin' || process.platform === 'win32') return undefined;
  if (env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  if (env.XDG_RUNTIME_DIR) {
    const fs = process.getBuiltinModule('node:fs');
    if (fs.existsSync(`${env.XDG_RUNTIME_DIR}/bus`)) return undefined;
  }
  return 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service';
}

/**
 * Calls `expire` when the wait is over, telling a person first (`slow`) that the keyring may be asking them to unlock
 * it; the function returned stops both timers.
 */
function deadline(wait: KeyringWait, waitMs: number, expire: (error: KeyringError) => void): () => void {
  const slow = wait.slow ? setTimeout(() => wait.slow?.(), Math.max(0, Math.min(slowAfterMs, waitMs))) : undefined;
  const timer = setTimeout(
    () => expire(new KeyringError(`the system keyring did not answer within ${Math.round(wait.waitMs / 1000)} s (it may be locked)`, false)),
    Math.max(0, waitMs),
  );
  return () => {
    clearTimeout(slow);
    clearTimeout(timer);
  };
}

/**
 * Runs one request in `ws __keyring` (src/config/keyring-child.ts) and ends that process when the wait is over: a
 * keyring may block inside the library, where Node could not leave it.
 */
function ask(
  place: KeyringPlace,
  wait: KeyringWait,
  request: Omit<KeyringRequest, 'service' | 'account'>,
  waitMs = wait.waitMs,
): Promise<string | boolean | null> {
  const { io } = wait;
  const missing = noSessionBus(io.env);
  if (missing) return Promise.reject(new KeyringError(missing, true));
  const { service, account } = keyringNames(place);
  const { spawn } = process.getBuiltinModule('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(io.self.command, [...io.self.args, '__keyring'], { env: io.env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'ignore'] });
    // a stop signal sent to ws alone (kill <pid>) ends its keyring process too, then ws, by that signal as before
    const stopListening = io.onInterrupt(
      (signal) => {
        child.kill('SIGKILL');
        io.exitBySignal(signal);
      },
      ['SIGINT', 'SIGTERM', 'SIGHUP'],
    );
    const out: Buffer[] = [];
    let ended = false;
    const end = (error: Error | undefined, value?: string | boolean | null) => {
      if (ended) return;
      ended = true;
      stopListening();
      clear();
      if (error) reject(error);
      else resolve(value ?? null);
    };
    const clear = deadline(wait, waitMs, (error) => {
      child.kill('SIGKILL');
      end(error);
    });
    child.on('error', (error) => end(new KeyringError(`cannot start ws's keyring process: ${error.message}`, true)));
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('close', (_code, signal) => {
      // Ctrl-C or a closed terminal reaches the keyring process with ws (one process group): when its end is seen
      // before ws's own signal, ws ends by that signal as well, and does not take it for a keyring that failed
      if (!ended && (signal === 'SIGINT' || signal === 'SIGHUP')) {
        stopListening();
        clear();
        io.exitBySignal(signal);
        return;
      }
      let answer: KeyringAnswer;
      try {
        answer = JSON.parse(Buffer.concat(out).toString('utf8'));
      } catch {
        end(new KeyringError("ws's keyring process ended without an answer", true));
        return;
      }
      if ('error' in answer) end(new KeyringError(answer.error, answer.absent));
      else end(undefined, answer.value);
    });
    // the key goes through the pipe, never argv; a child that died early makes this write fail, not ws
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify({ ...request, service, account }));
  });
}

/**
 * How long ws's own read (src/config/secret-service.ts) may take before the keyring process reads instead: GNOME
 * Keyring answers in a few milliseconds; a service that is busy or hung is left to the process, which can be killed.
 */
const ownReadMs = 1000;

/** Stores the key, replacing the one there. */
export async function saveKey(place: KeyringPlace, key: string, wait: KeyringWait): Promise<void> {
  await ask(place, wait, { op: 'set', password: key });
}

/**
 * The key, or undefined when the keyring gives none for this profile and origin. On Linux and the BSDs ws reads it
 * itself, on the session bus (src/config/secret-service.ts), when one unlocked item holds it; a locked item (its
 * unlock may show a dialog), a service not running, or anything else unexpected, is read by the keyring library in
 * `ws __keyring`, as on macOS and Windows.
 */
export async function readKey(place: KeyringPlace, wait: KeyringWait): Promise<string | undefined> {
  const missing = noSessionBus(wait.io.env);
  if (missing) throw new KeyringError(missing, true);
  const started = Date.now();
  if (process.platform !== 'darwin' && process.platform !== 'win32') {
    const { readSecret } = await import('./secret-service.js');
    const { service, account } = keyringNames(place);
    // the attributes keyring-rs gives an entry (and looks it up by)
    const found = await readSecret(wait.io.env, { service, username: account }, Math.min(ownReadMs, wait.waitMs));
    if (found !== undefined) return found ?? undefined;
  }
  const value = await ask(place, wait, { op: 'get' }, wait.waitMs - (Date.now() - started));
  return typeof value === 'string' ? value : undefined;
}

/** Removes the key; false when there was none. */
export async function deleteKey(place: KeyringPlace, wait: KeyringWait): Promise<boolean> {
  return (await ask(place, wait, { op: 'delete' })) === true;
}

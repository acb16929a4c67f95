/**
 * The system keyring, where `ws auth login` keeps a profile's key (docs/security.md): the Secret Service on Linux
 * (GNOME Keyring, KWallet) chosen explicitly, never the kernel's keyring (keyutils: gone at logout), the Keychain on
 * macOS, the Credential Manager on Windows; through @napi-rs/keyring (keyring-rs), loaded only when a key is kept there.
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
    child.on('close', () => {
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

/** How long the Secret Service may take to answer a Ping before ws reads in its keyring process instead. */
const pingMs = 1000;

/** Node's process.execve (22.15 and later, 23.11 and later, not on Windows), which @types/node may not know yet. */
type Execve = (file: string, args: string[], env?: Record<string, string>) => never;
const execve = () => (process as unknown as { execve?: Execve }).execve;

/** In-process reads still blocked in the keyring library (see leaveNow). */
let pendingReads = 0;

/**
 * Whether a read of this process is still blocked in the keyring library after its wait ended: then Node's exit
 * would wait for that thread (libuv joins its pool as a process exits, for as long as an unlock dialog or libdbus's
 * 25 s take), and ws ends through `endNow` instead.
 */
export function keyringStillReading(): boolean {
  return pendingReads > 0;
}

/**
 * Ends ws at once with this exit code although a thread is blocked in the keyring library: the process becomes
 * `/bin/sh -c 'exit <code>'` (execve ends every other thread). Whatever ws wrote is already written: stdout and
 * stderr are synchronous on files, pipes and terminals on the systems that have execve.
 */
export function endNow(code: number): never {
  return execve()!('/bin/sh', ['sh', '-c', `exit ${Math.trunc(code) & 255}`]);
}

/**
 * Whether the key may be read in this process: where Node can end while a read is blocked (process.execve) and the
 * library finds the bus ws was given. macOS keeps the process of its own: not measured there.
 */
function mayReadHere(env: IO['env']): boolean {
  if (execve() === undefined || process.platform === 'darwin' || process.platform === 'win32') return false;
  // the library finds the bus in this process's own environment, which must be the one ws was given
  return ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR'].every((name) => env[name] === process.env[name]);
}

/** The library, or why it cannot be loaded here. */
async function library(): Promise<typeof import('@napi-rs/keyring')> {
  try {
    return await import('@napi-rs/keyring');
  } catch (error) {
    const { libraryMissing } = await import('./keyring-child.js');
    const failure = libraryMissing(error);
    throw new KeyringError(failure.error, failure.absent);
  }
}

/** Reads the key in this process: the library connects on this thread, and reads on libuv's pool, within the wait. */
async function readHere(keyring: typeof import('@napi-rs/keyring'), place: KeyringPlace, wait: KeyringWait, waitMs: number): Promise<string | null> {
  const { keyringFailure, entryOptions } = await import('./keyring-child.js');
  const { service, account } = keyringNames(place);
  let read: Promise<string | null>;
  try {
    read = new keyring.AsyncEntry(service, account, entryOptions).getPassword();
  } catch (error) {
    const failure = keyringFailure(error);
    throw new KeyringError(failure.error, failure.absent);
  }
  pendingReads++;
  const settled = () => void pendingReads--;
  read.then(settled, settled);
  return new Promise((resolve, reject) => {
    const clear = deadline(wait, waitMs, reject);
    read.then(
      (value) => {
        clear();
        resolve(value);
      },
      (error) => {
        clear();
        const failure = keyringFailure(error);
        reject(new KeyringError(failure.error, failure.absent));
      },
    );
  });
}

/** Stores the key, replacing the one there. */
export async function saveKey(place: KeyringPlace, key: string, wait: KeyringWait): Promise<void> {
  await ask(place, wait, { op: 'set', password: key });
}

/** The key, or undefined when the keyring gives none for this profile and origin. */
export async function readKey(place: KeyringPlace, wait: KeyringWait): Promise<string | undefined> {
  const missing = noSessionBus(wait.io.env);
  if (missing) throw new KeyringError(missing, true);
  const started = performance.now();
  let value: string | boolean | null;
  if (mayReadHere(wait.io.env)) {
    // the Secret Service answers a Ping (so that the library's connection, made on this thread, does not hang)
    // while the library loads
    const { secretServiceAnswers } = await import('./session-bus.js');
    const answers = secretServiceAnswers(wait.io.env, Math.min(pingMs, wait.waitMs)).catch(() => false);
    const keyring = await library();
    const here = await answers;
    const rest = wait.waitMs - (performance.now() - started);
    value = here ? await readHere(keyring, place, wait, rest) : await ask(place, wait, { op: 'get' }, rest);
  } else {
    value = await ask(place, wait, { op: 'get' });
  }
  return typeof value === 'string' ? value : undefined;
}

/** Removes the key; false when there was none. */
export async function deleteKey(place: KeyringPlace, wait: KeyringWait): Promise<boolean> {
  return (await ask(place, wait, { op: 'delete' })) === true;
}

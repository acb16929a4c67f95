/**
 * A connection to the D-Bus session bus without a library: node:net, asynchronous, nothing that blocks a thread, so
 * that ws can give up on a bus or a service that does not answer by closing a socket. It authenticates (SASL
 * EXTERNAL), says Hello, and sends method calls, all written at once (as systemd's sd-bus does): one round trip
 * for the first answer. Replies are matched to their calls; signals and calls to ws are ignored. The wire format is
 * src/config/dbus-wire.ts. Used by ws's own Secret Service read (src/config/secret-service.ts).
 */
import type { IO } from '../io.js';
import { type DbusValue, type MethodCall, messageType, methodCall, readMessages } from './dbus-wire.js';

/** A value of a D-Bus address, %-escaped; one that is not well escaped is kept as written. */
function unescapeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * `text` cut at its first `separator`: what is before, and what is after ('' when there is none). Not a split on a
 * regular expression: each of those makes a new RegExp (its species), about 0.1 ms apiece at a command's start.
 */
function cut(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** Where the session bus listens: a socket path (an abstract one starts with NUL), from the address or the runtime folder. */
export function sessionBusSocket(env: IO['env']): string | undefined {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (address) {
    for (const entry of address.split(';')) {
      const [transport, rest] = cut(entry, ':');
      if (transport !== 'unix') continue;
      const keys = new Map(
        rest.split(',').map((pair) => {
          const [key, value] = cut(pair, '=');
          return [key, unescapeValue(value)];
        }),
      );
      if (keys.has('path')) return keys.get('path');
      if (keys.has('abstract')) return `\0${keys.get('abstract')}`;
    }
    return undefined;
  }
  return env.XDG_RUNTIME_DIR ? `${env.XDG_RUNTIME_DIR}/bus` : undefined;
}

/** An error reply: its D-Bus name (org.freedesktop.DBus.Error.ServiceUnknown, org.freedesktop.Secret.Error.IsLocked…). */
class DbusError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message ? `${errorName}: ${message}` : errorName);
  }
}

export interface SessionBus {
  /** The reply's values, or a DbusError for an error reply, or an Error when the connection fails or closes. */
  call(call: MethodCall): Promise<DbusValue[]>;
  /** Closes the connection; the calls not answered yet fail. */
  close(): void;
}

const bus = { destination: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus' } as const;

/** Connects to the session bus of `env`; undefined when there is none to connect to (no address, not unix). */
export function connectSessionBus(env: IO['env']): SessionBus | undefined {
  const socket = sessionBusSocket(env);
  if (socket === undefined || typeof process.getuid !== 'function') return undefined;
  const net = process.getBuiltinModule('node:net');
  const connection = net.connect(socket);
  const waiting = new Map<number, { resolve: (values: DbusValue[]) => void; reject: (error: Error) => void }>();
  let serial = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
    connection.destroy();
  };
  connection.on('error', (error) => fail(new Error(`the session bus: ${error.message}`)));
  connection.on('close', () => fail(new Error('the session bus closed the connection')));
  // SASL EXTERNAL: the bus knows this uid from the socket; it is sent as hex of its decimal digits
  connection.write(`\0AUTH EXTERNAL ${Buffer.from(String(process.getuid())).toString('hex')}\r\nBEGIN\r\n`);
  const send = (call: MethodCall) =>
    new Promise<DbusValue[]>((resolve, reject) => {
      if (failure) return reject(failure);
      serial += 1;
      waiting.set(serial, { resolve, reject });
      connection.write(methodCall(serial, call));
    });
  // its answer is the name the bus gave ws; nothing waits for it
  send({ ...bus, member: 'Hello' }).catch(() => undefined);

  let authenticated = false;
  let data: Buffer = Buffer.alloc(0);
  connection.on('data', (chunk: Buffer) => {
    data = data.length === 0 ? chunk : Buffer.concat([data, chunk]);
    if (!authenticated) {
      const end = data.indexOf('\r\n');
      if (end < 0) return;
      if (!data.subarray(0, end).toString('latin1').startsWith('OK ')) return fail(new Error('the session bus refused ws (SASL EXTERNAL)'));
      authenticated = true;
      data = data.subarray(end + 2);
    }
    let read: ReturnType<typeof readMessages>;
    try {
      read = readMessages(data);
    } catch (error) {
      return fail(new Error(`the session bus sent what ws cannot read: ${(error as Error).message}`));
    }
    data = data.subarray(read.used);
    for (const message of read.messages) {
      const caller = message.replySerial === undefined ? undefined : waiting.get(message.replySerial);
      if (caller === undefined || (message.type !== messageType.return && message.type !== messageType.error)) continue;
      waiting.delete(message.replySerial!);
      if (message.type === messageType.return) caller.resolve(message.body);
      else caller.reject(new DbusError(message.errorName ?? 'an error', typeof message.body[0] === 'string' ? message.body[0] : ''));
    }
  });
  return { call: send, close: () => fail(new Error('closed')) };
}

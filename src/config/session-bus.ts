/**
 * One question to the D-Bus session bus, asked without a library: does the Secret Service answer now? ws reads a key
 * in its own process only when it does (src/config/keyring.ts): the keyring library connects to the Secret Service
 * on the calling thread, and a service that is being started, or never answers, would hold ws there for the 25 s
 * libdbus waits. The question is `org.freedesktop.DBus.Peer.Ping` sent to `org.freedesktop.secrets` with
 * NO_AUTO_START: the bus answers at once with an error when nobody holds the name (and starts nothing), and every
 * D-Bus library answers Ping for its program. The wire format is the D-Bus specification's ("Message Protocol").
 */
import type { IO } from '../io.js';

/** A value of a D-Bus address, %-escaped; one that is not well escaped is kept as written. */
function unescapeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Where the session bus listens: a socket path (an abstract one starts with NUL), from the address or the runtime folder. */
export function sessionBusSocket(env: IO['env']): string | undefined {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (address) {
    for (const entry of address.split(';')) {
      const [transport, rest = ''] = entry.split(/:(.*)/s) as [string, string?];
      if (transport !== 'unix') continue;
      const keys = new Map(
        rest.split(',').map((pair) => {
          const [key, value = ''] = pair.split(/=(.*)/s) as [string, string?];
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

const align = (at: number, to: number) => Math.ceil(at / to) * to;

/** A method call, little-endian: the fixed header, the header fields (path, interface, member, destination), no body. */
function methodCall(serial: number, flags: number, fields: [code: number, type: 'o' | 's', value: string][]): Buffer {
  const parts: number[] = [];
  const bytes = (...values: number[]) => parts.push(...values);
  const pad = (to: number) => {
    while ((parts.length + 16) % to !== 0) parts.push(0);
  };
  for (const [code, type, value] of fields) {
    pad(8);
    bytes(code, 1, type.charCodeAt(0), 0);
    const text = Buffer.from(value, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length);
    bytes(...length, ...text, 0);
  }
  const header = Buffer.alloc(16);
  header.write('l', 0, 'latin1');
  header.writeUInt8(1, 1); // METHOD_CALL
  header.writeUInt8(flags, 2);
  header.writeUInt8(1, 3); // protocol version
  header.writeUInt32LE(0, 4); // no body
  header.writeUInt32LE(serial, 8);
  header.writeUInt32LE(parts.length, 12);
  const message = Buffer.concat([header, Buffer.from(parts)]);
  return Buffer.concat([message, Buffer.alloc(align(message.length, 8) - message.length)]);
}

const bus = (serial: number, member: string, flags = 0, destination = 'org.freedesktop.DBus', path = '/org/freedesktop/DBus', iface = 'org.freedesktop.DBus') =>
  methodCall(serial, flags, [
    [1, 'o', path],
    [2, 's', iface],
    [3, 's', member],
    [6, 's', destination],
  ]);

const noAutoStart = 0x2;

/** The messages whole in `data`: their type and the serial they reply to, and how many bytes they took. */
function replies(data: Buffer): { replies: { type: number; replyTo: number | undefined }[]; used: number } {
  const found: { type: number; replyTo: number | undefined }[] = [];
  let at = 0;
  while (data.length - at >= 16) {
    const little = data[at] === 0x6c;
    const u32 = (offset: number) => (little ? data.readUInt32LE(offset) : data.readUInt32BE(offset));
    const fieldsLength = u32(at + 12);
    const size = align(16 + fieldsLength, 8) + u32(at + 4);
    if (data.length - at < size) break;
    let replyTo: number | undefined;
    // the header fields: (code, signature, value); REPLY_SERIAL (5) is a uint32
    for (let field = at + 16; field < at + 16 + fieldsLength; ) {
      field = at + align(field - at, 8);
      const code = data[field]!;
      const signature = String.fromCharCode(data[field + 2]!);
      let value = align(field + 4 - at, signature === 's' || signature === 'o' || signature === 'u' ? 4 : 1) + at;
      if (code === 5) replyTo = u32(value);
      if (signature === 's' || signature === 'o') value += 4 + u32(value) + 1;
      else if (signature === 'g') value += 1 + data[value]! + 1;
      else value += 4;
      field = value;
    }
    found.push({ type: data[at + 1]!, replyTo });
    at += size;
  }
  return { replies: found, used: at };
}

/**
 * Whether a Secret Service answers a Ping on the session bus within `timeoutMs`: false when the bus cannot be
 * reached, nobody holds the name, or the holder is silent. Never starts the service.
 */
export function secretServiceAnswers(env: IO['env'], timeoutMs: number): Promise<boolean> {
  const socket = sessionBusSocket(env);
  if (socket === undefined || typeof process.getuid !== 'function') return Promise.resolve(false);
  const net = process.getBuiltinModule('node:net');
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      connection.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    let authenticated = false;
    let data = Buffer.alloc(0);
    connection.on('error', () => done(false));
    connection.on('close', () => done(false));
    // all at once, in one round trip (as systemd's sd-bus does): SASL EXTERNAL (the bus knows this uid from the
    // socket; it is sent as hex of its decimal digits), BEGIN, then Hello and the Ping
    connection.write(
      Buffer.concat([
        Buffer.from(`\0AUTH EXTERNAL ${Buffer.from(String(process.getuid!())).toString('hex')}\r\nBEGIN\r\n`),
        bus(1, 'Hello'),
        bus(2, 'Ping', noAutoStart, 'org.freedesktop.secrets', '/org/freedesktop/secrets', 'org.freedesktop.DBus.Peer'),
      ]),
    );
    connection.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (!authenticated) {
        const end = data.indexOf('\r\n');
        if (end < 0) return;
        if (!data.subarray(0, end).toString('latin1').startsWith('OK ')) return done(false);
        authenticated = true;
        data = data.subarray(end + 2);
      }
      let found: ReturnType<typeof replies>;
      try {
        found = replies(data);
      } catch {
        return done(false); // not D-Bus as this reads it
      }
      data = data.subarray(found.used);
      const ping = found.replies.find(({ replyTo }) => replyTo === 2);
      // 2: METHOD_RETURN; 3: ERROR (ServiceUnknown when nobody holds the name)
      if (ping) done(ping.type === 2);
    });
  });
}

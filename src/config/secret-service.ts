/**
 * ws's own read of a secret from the Secret Service (https://specifications.freedesktop.org/secret-service-spec/latest/),
 * on the session bus through src/config/session-bus.ts: no library, no thread, no process, so a service that does
 * not answer is left by closing a socket. It reads only what needs nobody: one item, unlocked, found by its
 * attributes; everything else (a locked item, whose unlock may show a dialog; no service running; two items; an
 * error; no answer in time) is left to the keyring library in `ws __keyring` (src/config/keyring.ts).
 *
 * The secret travels encrypted, as libsecret asks for it: the session's algorithm is
 * "dh-ietf1024-sha256-aes128-cbc-pkcs7" (Diffie-Hellman on the 1024-bit IETF group, RFC 2409's second Oakley group;
 * HKDF-SHA256 of the shared secret, with no salt and no info, to a 16-byte AES-128-CBC key; PKCS#7 padding; the
 * secret's parameters are the IV).
 */
import type { IO } from '../io.js';
import { type DbusValue, type DbusVariant, noAutoStart } from './dbus-wire.js';
import { connectSessionBus, type SessionBus } from './session-bus.js';

const algorithm = 'dh-ietf1024-sha256-aes128-cbc-pkcs7';
const service = { destination: 'org.freedesktop.secrets', flags: noAutoStart } as const;
const secrets = { ...service, path: '/org/freedesktop/secrets', interface: 'org.freedesktop.Secret.Service' } as const;

/** The secret, or null when no item has these attributes, or undefined when ws cannot read it here (see above). */
export type SecretRead = string | null | undefined;

/** A DER element: its tag and a length in the short or long form, then its bytes. */
function der(tag: number, body: Buffer): Buffer {
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.of(tag, ...length), body]);
}

/** Where the DER element at `at` starts its bytes and ends. */
function element(data: Buffer, at: number): { body: number; end: number } {
  let length = data[at + 1]!;
  let body = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + data[at + 2 + i]!;
    body += bytes;
  }
  if (body + length > data.length) throw new Error('DER cut short');
  return { body, end: body + length };
}

/**
 * This end's half of the Diffie-Hellman exchange, with node:crypto's key objects on the IETF group ("modp2"):
 * a key pair made at once (crypto.getDiffieHellman('modp2') tests the group's prime first, some 30 ms), its public
 * value as bytes, and `shared`, the shared secret from the other end's public value. A public key is read from and
 * written to its DER form (SubjectPublicKeyInfo: the group's parameters, then the public value as an INTEGER).
 */
function keyExchange(): { publicValue: Buffer; shared(otherPublic: Buffer): Buffer } {
  const crypto = process.getBuiltinModule('node:crypto');
  // @types/node has no overload for 'dh'; Node's option is `group`
  const generate = crypto.generateKeyPairSync as unknown as (type: 'dh', options: { group: string }) => import('node:crypto').KeyPairKeyObjectResult;
  const { privateKey, publicKey } = generate('dh', { group: 'modp2' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const algorithmStart = element(spki, 0).body;
  const algorithmEnd = element(spki, algorithmStart).end;
  const bits = element(spki, algorithmEnd);
  const integer = element(spki, bits.body + 1); // the BIT STRING's first byte counts its unused bits
  const unsigned = (value: Buffer) => {
    let at = 0;
    while (at < value.length - 1 && value[at] === 0) at++;
    return value.subarray(at);
  };
  return {
    publicValue: unsigned(spki.subarray(integer.body, integer.end)),
    shared(otherPublic) {
      let value = unsigned(otherPublic);
      if (value[0]! & 0x80) value = Buffer.concat([Buffer.of(0), value]); // an INTEGER is signed
      const other = der(0x30, Buffer.concat([spki.subarray(algorithmStart, algorithmEnd), der(0x03, Buffer.concat([Buffer.of(0), der(0x02, value)]))]));
      // padded to the group's 128 bytes, as libsecret and GNOME Keyring take it
      return crypto.diffieHellman({ privateKey, publicKey: crypto.createPublicKey({ key: other, format: 'der', type: 'spki' }) });
    },
  };
}

/** The session's AES key: HKDF-SHA256 of the shared secret, no salt, no info, 16 bytes. */
function sessionKey(shared: Buffer): Buffer {
  const crypto = process.getBuiltinModule('node:crypto');
  const key = Buffer.from(crypto.hkdfSync('sha256', shared, Buffer.alloc(0), Buffer.alloc(0), 16));
  shared.fill(0);
  return key;
}

/** The secret of a GetSecrets answer, decrypted and decoded as UTF-8 (as the keyring library decodes it); undefined if it is not. */
function decrypt(key: Buffer, iv: Buffer, value: Buffer): string | undefined {
  const crypto = process.getBuiltinModule('node:crypto');
  const decipher = crypto.createDecipheriv('aes-128-cbc', key, iv);
  const plain = Buffer.concat([decipher.update(value), decipher.final()]);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  } finally {
    plain.fill(0);
  }
}

async function read(connection: SessionBus, attributes: Record<string, string>): Promise<SecretRead> {
  const exchange = keyExchange();
  // both written at once: the search needs no session
  const opened = connection.call({ ...secrets, member: 'OpenSession', signature: 'sv', body: [algorithm, { signature: 'ay', value: exchange.publicValue }] });
  const searched = connection.call({ ...secrets, member: 'SearchItems', signature: 'a{ss}', body: [Object.entries(attributes)] });
  opened.catch(() => undefined);
  const [unlocked, locked] = (await searched) as [string[], string[]];
  if (unlocked.length === 0 && locked.length === 0) return null;
  if (unlocked.length !== 1 || locked.length !== 0) return undefined;
  const [output, session] = (await opened) as [DbusVariant, string];
  if (output.signature !== 'ay') return undefined;
  // asked before the session's key is made, which it does not need: the key is made while the answer travels
  const got = connection.call({ ...secrets, member: 'GetSecrets', signature: 'aoo', body: [unlocked, session] });
  got.catch(() => undefined);
  const key = sessionKey(exchange.shared(output.value as Buffer));
  try {
    const [found] = (await got) as [[string, DbusValue[]][]];
    const secret = found.find(([item]) => item === unlocked[0])?.[1];
    if (secret === undefined || secret[0] !== session) return undefined;
    return decrypt(key, secret[1] as Buffer, secret[2] as Buffer);
  } finally {
    key.fill(0);
  }
}

/** The secret of the one item with these attributes, within `timeoutMs` (see SecretRead). Never starts the service. */
export async function readSecret(env: IO['env'], attributes: Record<string, string>, timeoutMs: number): Promise<SecretRead> {
  const connection = connectSessionBus(env);
  if (connection === undefined) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, timeoutMs));
  });
  try {
    return await Promise.race([read(connection, attributes).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
    // GNOME Keyring closes the session when its client leaves the bus
    connection.close();
  }
}

/**
 * D-Bus's wire format as ws writes and reads it (src/config/dbus-wire.ts), against bytes captured from a real
 * exchange: `dbus-monitor --binary` on a private session bus while libsecret's `secret-tool lookup` read an item
 * from GNOME Keyring (test/fixtures/secret-tool-lookup.hex, one message a line, as the bus delivered them). ws's own
 * read makes the same calls (OpenSession, SearchItems, GetSecrets): its bodies must be byte for byte libsecret's,
 * and every answer must read back as GNOME Keyring meant it.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DbusVariant, marshal, type Message, methodCall, noAutoStart, readMessages, splitSignature } from '../../src/config/dbus-wire.js';

const captured = fs
  .readFileSync(new URL('../fixtures/secret-tool-lookup.hex', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => Buffer.from(line, 'hex'));

/** A captured message's body: after the header's fields, at the next multiple of 8. */
const bodyOf = (message: Buffer) => message.subarray(Math.ceil((16 + message.readUInt32LE(12)) / 8) * 8);

const read = (message: Buffer): Message => {
  const { messages, used } = readMessages(message);
  expect(used).toBe(message.length);
  expect(messages).toHaveLength(1);
  return messages[0]!;
};

/** The captured call of this signature, and the reply to it. */
function exchange(signature: string): { call: Buffer; reply: Buffer } {
  const call = captured.find((message) => message[1] === 1 && read(message).signature === signature)!;
  const serial = read(call).serial;
  const reply = captured.find((message) => message[1] === 2 && read(message).replySerial === serial)!;
  return { call, reply };
}

describe('the D-Bus wire format', () => {
  it('reads the whole capture at once, every message whole', () => {
    const all = Buffer.concat(captured);
    const { messages, used } = readMessages(all);
    expect(used).toBe(all.length);
    expect(messages).toHaveLength(captured.length);
  });

  it("OpenSession: ws's call body is libsecret's; the reply is the service's public value (128 bytes) and the session", () => {
    const { call, reply } = exchange('sv');
    const [algorithm, ours] = read(call).body as [string, DbusVariant];
    expect(algorithm).toBe('dh-ietf1024-sha256-aes128-cbc-pkcs7');
    expect(marshal('sv', [algorithm, { signature: 'ay', value: ours.value }])).toEqual(bodyOf(call));
    const [output, session] = read(reply).body as [DbusVariant, string];
    expect(output.signature).toBe('ay');
    expect((output.value as Buffer).length).toBe(128);
    expect(session).toMatch(/^\/org\/freedesktop\/secrets\/session\/s\d+$/);
    expect(read(reply).signature).toBe('vo');
  });

  it("SearchItems: ws's attributes are libsecret's bytes; the reply's two arrays of paths (unlocked, locked)", () => {
    const { call, reply } = exchange('a{ss}');
    expect(
      marshal('a{ss}', [
        [
          ['service', 'ws:http://x:1'],
          ['username', 'default (/a b/config.json)'],
        ],
      ]),
    ).toEqual(bodyOf(call));
    expect(read(reply).body).toEqual([['/org/freedesktop/secrets/collection/login/1'], []]);
  });

  it("GetSecrets: ws's call body is libsecret's; the reply's secret struct (session, IV, ciphertext, content type)", () => {
    const { call, reply } = exchange('aoo');
    const session = (read(exchange('sv').reply).body as [DbusVariant, string])[1];
    expect(marshal('aoo', [['/org/freedesktop/secrets/collection/login/1'], session])).toEqual(bodyOf(call));
    const [secrets] = read(reply).body as [[string, [string, Buffer, Buffer, string]][]];
    expect(secrets).toHaveLength(1);
    const [item, [from, iv, value, contentType]] = secrets[0]!;
    expect(item).toBe('/org/freedesktop/secrets/collection/login/1');
    expect(from).toBe(session);
    expect(iv.length).toBe(16);
    expect(value.length % 16).toBe(0); // AES blocks, padded
    expect(contentType).toBe('text/plain');
  });

  it('a method call ws writes reads back: its serial, flags and body', () => {
    const bytes = methodCall(7, {
      destination: 'org.freedesktop.secrets',
      path: '/org/freedesktop/secrets',
      interface: 'org.freedesktop.Secret.Service',
      member: 'SearchItems',
      signature: 'a{ss}',
      body: [[['service', 'ws:https://ä.example']]],
      flags: noAutoStart,
    });
    expect(bytes[2]).toBe(noAutoStart);
    const message = read(bytes);
    expect(message).toMatchObject({ type: 1, serial: 7, signature: 'a{ss}', body: [[['service', 'ws:https://ä.example']]] });
  });

  it('a message cut short is not read yet; bytes that are not D-Bus are refused', () => {
    const whole = captured.at(-5)!;
    expect(readMessages(whole.subarray(0, whole.length - 1))).toEqual({ messages: [], used: 0 });
    expect(readMessages(whole.subarray(0, 10))).toEqual({ messages: [], used: 0 });
    expect(() => readMessages(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'))).toThrow('not a D-Bus message');
    // a length beyond what the message holds
    const lying = Buffer.from(whole);
    lying.writeUInt32LE(0xfffffff0, 4);
    expect(() => readMessages(lying)).toThrow(/longer than a message may be/);
  });

  it('signatures split into complete types', () => {
    expect(splitSignature('a{o(oayays)}')).toEqual(['a{o(oayays)}']);
    expect(splitSignature('aoao')).toEqual(['ao', 'ao']);
    expect(splitSignature('sv')).toEqual(['s', 'v']);
    expect(() => splitSignature('(ss')).toThrow(/not closed/);
  });
});

/**
 * D-Bus's wire format, the specification's "Message Protocol" (https://dbus.freedesktop.org/doc/dbus-specification.html),
 * for what ws's own Secret Service read (src/config/secret-service.ts) says and hears: the basic types y, b, i, u,
 * s, o, g, variants, arrays, structs and dict entries. ws writes little-endian and reads either order.
 *
 * Values as JavaScript holds them: numbers (y, i, u), booleans (b), strings (s, o, g), a Buffer for an array of
 * bytes (ay), an array for any other array, for a struct (its members) and for a dict entry ([key, value]), and
 * `{ signature, value }` for a variant.
 */

export type DbusValue = number | boolean | string | Buffer | DbusValue[] | DbusVariant;

export interface DbusVariant {
  signature: string;
  value: DbusValue;
}

/** The message types: a method call, its return, an error, a signal. */
export const messageType = { call: 1, return: 2, error: 3, signal: 4 } as const;

/** A method call's flag: the bus does not start the destination's service when nobody holds its name. */
export const noAutoStart = 0x2;

/** The largest message the specification allows (128 MiB); a length beyond it is not D-Bus. */
const maxMessage = 2 ** 27;

const alignment: Record<string, number> = { y: 1, g: 1, v: 1, b: 4, i: 4, u: 4, s: 4, o: 4, a: 4, '(': 8, '{': 8 };

/** Where the complete type that starts at `at` of a signature ends (one past it). */
function typeEnd(signature: string, at: number): number {
  const code = signature[at];
  if (code === 'a') return typeEnd(signature, at + 1);
  if (code === '(' || code === '{') {
    const close = code === '(' ? ')' : '}';
    let next = at + 1;
    while (signature[next] !== close) {
      if (next >= signature.length) throw new Error(`a D-Bus signature not closed: ${signature}`);
      next = typeEnd(signature, next);
    }
    return next + 1;
  }
  if (code === undefined || alignment[code] === undefined) throw new Error(`a D-Bus type ws does not read: ${code} in ${signature}`);
  return at + 1;
}

/** The complete types of a signature, in order: "a{ss}o" is ["a{ss}", "o"]. */
export function splitSignature(signature: string): string[] {
  const types: string[] = [];
  for (let at = 0; at < signature.length; ) {
    const end = typeEnd(signature, at);
    types.push(signature.slice(at, end));
    at = end;
  }
  return types;
}

/** A growing buffer that writes values at their alignment (counted from its start, the message's or the body's). */
class Writer {
  private buffer = Buffer.alloc(256);
  length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const bigger = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  pad(to: number): void {
    const padded = Math.ceil(this.length / to) * to;
    this.room(padded - this.length);
    this.buffer.fill(0, this.length, padded);
    this.length = padded;
  }

  byte(value: number): void {
    this.room(1);
    this.buffer.writeUInt8(value, this.length++);
  }

  u32(value: number, at = -1): void {
    if (at >= 0) return void this.buffer.writeUInt32LE(value, at);
    this.pad(4);
    this.room(4);
    this.buffer.writeUInt32LE(value, this.length);
    this.length += 4;
  }

  bytes(value: Buffer): void {
    this.room(value.length);
    value.copy(this.buffer, this.length);
    this.length += value.length;
  }

  value(type: string, value: DbusValue): void {
    const code = type[0];
    if (code === 'y') this.byte(value as number);
    else if (code === 'b') this.u32(value ? 1 : 0);
    else if (code === 'u') this.u32(value as number);
    else if (code === 'i') {
      this.pad(4);
      this.u32((value as number) >>> 0);
    } else if (code === 's' || code === 'o') {
      const text = Buffer.from(value as string, 'utf8');
      this.u32(text.length);
      this.bytes(text);
      this.byte(0);
    } else if (code === 'g') {
      this.byte(Buffer.byteLength(value as string));
      this.bytes(Buffer.from(value as string, 'latin1'));
      this.byte(0);
    } else if (code === 'v') {
      const variant = value as DbusVariant;
      this.value('g', variant.signature);
      this.value(variant.signature, variant.value);
    } else if (code === '(' || code === '{') {
      this.pad(8);
      this.values(type.slice(1, -1), value as DbusValue[]);
    } else if (code === 'a') this.array(type.slice(1), value);
    else throw new Error(`a D-Bus type ws does not write: ${type}`);
  }

  /** The values of a signature's complete types, in order. */
  values(signature: string, values: DbusValue[]): void {
    for (const [index, type] of splitSignature(signature).entries()) this.value(type, values[index]!);
  }

  /** An array: its length in bytes, then its elements from the element's alignment (even when there are none). */
  private array(element: string, value: DbusValue): void {
    this.u32(0);
    const lengthAt = this.length - 4;
    this.pad(alignment[element[0]!]!);
    const start = this.length;
    if (element === 'y') this.bytes(value as Buffer);
    else for (const item of value as DbusValue[]) this.value(element, item);
    this.u32(this.length - start, lengthAt);
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** The values of `signature`, marshalled (little-endian) as a message body from offset 0. */
export function marshal(signature: string, values: DbusValue[]): Buffer {
  const writer = new Writer();
  writer.values(signature, values);
  return writer.done();
}

/** Reads values from `buffer`, whose offset 0 is where alignment is counted from. */
class Reader {
  constructor(
    private readonly buffer: Buffer,
    private readonly little: boolean,
    public at = 0,
  ) {}

  private align(to: number): void {
    this.at = Math.ceil(this.at / to) * to;
    if (this.at > this.buffer.length) throw new Error('a D-Bus message ends early');
  }

  private take(bytes: number): number {
    const at = this.at;
    if (at + bytes > this.buffer.length) throw new Error('a D-Bus message ends early');
    this.at += bytes;
    return at;
  }

  u32(): number {
    this.align(4);
    const at = this.take(4);
    return this.little ? this.buffer.readUInt32LE(at) : this.buffer.readUInt32BE(at);
  }

  value(type: string): DbusValue {
    const code = type[0];
    if (code === 'y') return this.buffer[this.take(1)]!;
    if (code === 'b') return this.u32() !== 0;
    if (code === 'u') return this.u32();
    if (code === 'i') return this.u32() | 0;
    if (code === 's' || code === 'o') {
      const length = this.u32();
      const at = this.take(length + 1);
      return this.buffer.toString('utf8', at, at + length);
    }
    if (code === 'g') {
      const length = this.buffer[this.take(1)]!;
      const at = this.take(length + 1);
      return this.buffer.toString('latin1', at, at + length);
    }
    if (code === 'v') {
      const signature = this.value('g') as string;
      if (splitSignature(signature).length !== 1) throw new Error(`a D-Bus variant of more than one type: ${signature}`);
      return { signature, value: this.value(signature) };
    }
    if (code === '(' || code === '{') {
      this.align(8);
      return splitSignature(type.slice(1, -1)).map((member) => this.value(member));
    }
    if (code === 'a') {
      const length = this.u32();
      if (length > maxMessage) throw new Error('a D-Bus array longer than a message may be');
      const element = type.slice(1);
      this.align(alignment[element[0]!]!);
      const end = this.at + length;
      if (end > this.buffer.length) throw new Error('a D-Bus message ends early');
      if (element === 'y') return Buffer.from(this.buffer.subarray(this.take(length), end));
      const items: DbusValue[] = [];
      while (this.at < end) items.push(this.value(element));
      if (this.at !== end) throw new Error('a D-Bus array whose elements overrun its length');
      return items;
    }
    throw new Error(`a D-Bus type ws does not read: ${type}`);
  }
}

/** A method call to send: where, what, and its arguments. */
export interface MethodCall {
  destination: string;
  path: string;
  interface: string;
  member: string;
  signature?: string;
  body?: DbusValue[];
  flags?: number;
}

/** A message as read: its type, serials, the error's name and the body's values. */
export interface Message {
  type: number;
  serial: number;
  replySerial: number | undefined;
  errorName: string | undefined;
  signature: string;
  body: DbusValue[];
}

/** The header's fields that ws writes or reads, by their codes. */
const field = { path: 1, interface: 2, member: 3, errorName: 4, replySerial: 5, destination: 6, signature: 8 } as const;

/** A method call as bytes, with this serial. */
export function methodCall(serial: number, call: MethodCall): Buffer {
  const body = call.signature ? marshal(call.signature, call.body ?? []) : Buffer.alloc(0);
  const fields: DbusValue[] = [
    [field.path, { signature: 'o', value: call.path }],
    [field.interface, { signature: 's', value: call.interface }],
    [field.member, { signature: 's', value: call.member }],
    [field.destination, { signature: 's', value: call.destination }],
  ];
  if (call.signature) fields.push([field.signature, { signature: 'g', value: call.signature }]);
  const writer = new Writer();
  for (const [type, value] of [
    ['y', 0x6c], // 'l': little-endian
    ['y', messageType.call],
    ['y', call.flags ?? 0],
    ['y', 1], // the protocol's version
    ['u', body.length],
    ['u', serial],
    ['a(yv)', fields],
  ] as const)
    writer.value(type, value);
  writer.pad(8);
  writer.bytes(body);
  return writer.done();
}

/**
 * The messages complete at the start of `data`, and how many bytes they took (a message cut short waits for the
 * rest). Throws on bytes that are not D-Bus as ws reads it.
 */
export function readMessages(data: Buffer): { messages: Message[]; used: number } {
  const messages: Message[] = [];
  let used = 0;
  while (data.length - used >= 16) {
    const order = data[used];
    if (order !== 0x6c && order !== 0x42) throw new Error('not a D-Bus message');
    const little = order === 0x6c;
    const u32 = (at: number) => (little ? data.readUInt32LE(used + at) : data.readUInt32BE(used + at));
    const bodyLength = u32(4);
    const fieldsLength = u32(12);
    if (bodyLength > maxMessage || fieldsLength > maxMessage) throw new Error('a D-Bus message longer than a message may be');
    const bodyStart = Math.ceil((16 + fieldsLength) / 8) * 8;
    const size = bodyStart + bodyLength;
    if (data.length - used < size) break;
    const message = data.subarray(used, used + size);
    const header = new Reader(message, little, 12);
    const fields = header.value('a(yv)') as [number, DbusVariant][];
    const found = (code: number) => fields.find(([fieldCode]) => fieldCode === code)?.[1].value;
    const signature = (found(field.signature) as string | undefined) ?? '';
    const body = new Reader(message.subarray(bodyStart), little);
    const values = splitSignature(signature).map((type) => body.value(type));
    messages.push({
      type: message[1]!,
      serial: u32(8),
      replySerial: found(field.replySerial) as number | undefined,
      errorName: found(field.errorName) as string | undefined,
      signature,
      body: values,
    });
    used += size;
  }
  return { messages, used };
}

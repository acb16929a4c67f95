/**
 * The edges of issue 10 at unit level: the config lock, origin binding in the config file, redaction by
 * value, the response size cap, Retry-After beyond a minute, ids that are not path segments, durations
 * past what a timer holds, rows that make no progress, and input nested too deep.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HttpClient, joinUrl, maxResponseBytes } from '../../src/api/http.js';
import { redactSecret } from '../../src/text.js';
import { paginate, type Page } from '../../src/api/paginate.js';
import { withFileLock } from '../../src/config/lock.js';
import { resolveSettings } from '../../src/config/settings.js';
import { readConfig, updateProfile } from '../../src/config/store.js';
import { checkDepth, keyValues, maxInputDepth, parseStructured } from '../../src/cmdutil/inputs.js';
import { maxDurationMs, parseDuration } from '../../src/duration.js';
import { WsError } from '../../src/errors.js';
import { fakeIO } from '../helpers/fake-io.js';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ws-unit-edges-'));
}

function usage(fn: () => unknown): WsError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WsError);
    expect((error as WsError).kind).toBe('usage');
    return error as WsError;
  }
  throw new Error('expected a usage error');
}

describe('the config lock', () => {
  it('serialises read-modify-write: 20 writers in one process keep all 20 changes', async () => {
    const file = path.join(tempDir(), 'config.json');
    await Promise.all(Array.from({ length: 20 }, (_, i) => updateProfile(file, `p${i}`, { output: 'json' })));
    expect(Object.keys(readConfig(file).profiles).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`).sort());
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });

  it('removes a lock left by a process that died, and waits for one that is alive', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    // a pid that surely ended: a child that has exited
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(`${file}.lock`, `${child.pid}\n`);
    await updateProfile(file, 'default', { output: 'yaml' });
    expect(readConfig(file).profiles.default).toEqual({ output: 'yaml' });
    expect(fs.existsSync(`${file}.lock`)).toBe(false);

    fs.writeFileSync(`${file}.lock`, `${process.pid}\n`); // held by a live process (this one)
    const error = await withFileLock(file, async () => 'got it', { waitMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WsError);
    expect((error as WsError).message).toBe(`the config file ${file} is locked by another ws (${file}.lock)`);
    expect((error as WsError).hint).toBe(`if no other ws is running, delete ${file}.lock and try again`);
    fs.rmSync(`${file}.lock`);
  });

  it('creates the config folder 0700 and the file 0600', async () => {
    const dir = path.join(tempDir(), 'nested', 'ws');
    const file = path.join(dir, 'config.json');
    await updateProfile(file, 'default', { output: 'json' });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('an empty config file is repaired by a write; a corrupt one is refused naming the file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, '');
    await updateProfile(file, 'default', { output: 'csv' });
    expect(readConfig(file).profiles).toEqual({ default: { output: 'csv' } });
    fs.writeFileSync(file, '{"profiles":');
    const error = (await updateProfile(file, 'default', { output: 'json' }).catch((e: unknown) => e)) as WsError;
    expect(error.kind).toBe('usage');
    expect(error.message).toContain(`the config file ${file} is not valid`);
    expect(error.hint).toContain('fix it by hand');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"profiles":');
  });
});

describe('a saved key is bound to its origin', () => {
  const a = 'https://a.example.com/public/v3';
  const b = 'https://b.example.com/public/v3';

  function settingsFor(profile: Record<string, string>, env: Record<string, string> = {}, baseUrl?: string) {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }));
    return resolveSettings({ baseUrl }, fakeIO({ env: { WS_CONFIG_DIR: dir, ...env } }));
  }

  it('a key saved by login records its origin, and a changed base URL does not carry it along', async () => {
    const file = path.join(tempDir(), 'config.json');
    await updateProfile(file, 'default', { apiKey: 'wsk_a', baseUrl: a });
    expect(readConfig(file).profiles.default).toEqual({ apiKey: 'wsk_a', baseUrl: a, apiKeyOrigin: 'https://a.example.com' });
    await updateProfile(file, 'default', { baseUrl: b });
    expect(readConfig(file).profiles.default!.apiKeyOrigin).toBe('https://a.example.com');
    await updateProfile(file, 'default', { apiKey: undefined });
    expect(readConfig(file).profiles.default).toEqual({ baseUrl: b });
  });

  it('an older profile without an origin keeps its key bound to its own base URL when the base URL changes', async () => {
    const file = path.join(tempDir(), 'config.json');
    fs.writeFileSync(file, JSON.stringify({ profiles: { default: { apiKey: 'wsk_a', baseUrl: a } } }));
    await updateProfile(file, 'default', { baseUrl: b });
    expect(readConfig(file).profiles.default).toEqual({ apiKey: 'wsk_a', baseUrl: b, apiKeyOrigin: 'https://a.example.com' });
  });

  it('uses the key for its own origin (any path, default port written or not), withholds it elsewhere', () => {
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }).apiKey).toEqual({ value: 'wsk_a', source: 'config' });
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'https://A.example.com:443/other/path').apiKey.value).toBe('wsk_a');
    const elsewhere = settingsFor({ apiKey: 'wsk_a', baseUrl: a }, { WS_BASE_URL: b });
    expect(elsewhere.apiKey.value).toBeUndefined();
    expect(elsewhere.apiKeyWithheld).toBe(
      'the API key of profile "default" was saved for https://a.example.com, not for https://b.example.com (from WS_BASE_URL), so it is not sent there',
    );
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'http://a.example.com/public/v3').apiKey.value).toBeUndefined();
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, {}, 'https://a.example.com:8443/public/v3').apiKey.value).toBeUndefined();
    // the environment's key is explicit: it goes where it is told
    expect(settingsFor({ apiKey: 'wsk_a', baseUrl: a }, { WS_API_KEY: 'wsk_env' }, b).apiKey).toEqual({ value: 'wsk_env', source: 'env' });
    // a key with no recorded origin and no base URL is bound to nothing
    expect(settingsFor({ apiKey: 'wsk_a' }, {}, b).apiKeyWithheld).toContain('was saved for no base URL');
  });
});

describe('redaction by value', () => {
  it('replaces the key wherever it appears, as it is and URL-encoded', () => {
    const key = 'wsk_a/b+c=d';
    expect(redactSecret(`x-echo: ${key}; id=req-${key}-1; url=/q?k=${encodeURIComponent(key)}`, key)).toBe(
      'x-echo: [redacted]; id=req-[redacted]-1; url=/q?k=[redacted]',
    );
    expect(redactSecret('nothing here', '')).toBe('nothing here');
  });
});

describe('request paths', () => {
  it('refuses ids that are empty, "." or "..", which URL parsing would fold into another endpoint', () => {
    for (const [path, segment] of [
      ['/agents/.', '.'],
      ['/agents/..', '..'],
      ['/agents/', ''],
      ['/queries//latest/data', ''],
      ['/queries/../x', '..'],
      ['/agents/%2E%2e', '%2E%2e'],
      ['/agents/.%2E', '.%2E'],
    ] as const) {
      const error = usage(() => joinUrl('https://h/public/v3', path));
      expect(error.message).toBe(`invalid id "${segment}" in the request path ${path}`);
    }
    expect(joinUrl('https://h/public/v3/', '/agents/a.b')).toBe('https://h/public/v3/agents/a.b');
    expect(joinUrl('https://h/public/v3', '/agents/%252E%252E')).toBe('https://h/public/v3/agents/%252E%252E');
    expect(joinUrl('https://h/public/v3', '/agents/...')).toBe('https://h/public/v3/agents/...');
  });
});

describe('durations', () => {
  it('refuse what a timer cannot hold (about 24.8 days), with the flag named', () => {
    expect(parseDuration('596h', '--timeout')).toBe(596 * 3_600_000);
    expect(parseDuration(`${maxDurationMs}ms`, '--timeout')).toBe(maxDurationMs);
    const error = usage(() => parseDuration('597h', '--http-timeout'));
    expect(error.message).toBe('invalid duration for --http-timeout: "597h" is longer than 24 days, the most ws can wait');
    usage(() => parseDuration(`${maxDurationMs + 1}ms`, '--timeout'));
    usage(() => parseDuration(`${'1'.repeat(400)}h`, '--timeout'));
  });

  it('a fraction of a millisecond is 1 ms, never 0 (which means no limit)', () => {
    expect(parseDuration('0.4ms', '--timeout')).toBe(1);
  });
});

describe('rows that make no progress', () => {
  it('stop with an error when the server ignores offset and gives no total', async () => {
    let calls = 0;
    const rows = Array.from({ length: 100 }, (_, n) => ({ n }));
    const pages = paginate(
      async () => {
        calls++;
        return { items: rows, total: Infinity };
      },
      { limit: undefined, offset: 0, all: true, pageMax: 100, defaultLimit: 100, rows: true },
    );
    const read = async () => {
      for await (const _page of pages as AsyncIterable<Page<unknown>>) {
        if (calls > 10) throw new Error('endless');
      }
    };
    await expect(read()).rejects.toThrow(
      'the server sent the same rows for offset=100 as for the page before it and gives no total, so the rows cannot be read page by page',
    );
    expect(calls).toBe(2);
  });

  it('equal pages with a total are data, read to the end', async () => {
    const rows = Array.from({ length: 10 }, () => ({ n: 1 }));
    let count = 0;
    for await (const page of paginate(async () => ({ items: rows, total: 30 }), {
      limit: undefined,
      offset: 0,
      all: true,
      pageMax: 10,
      defaultLimit: 10,
      rows: true,
    }))
      count += page.items.length;
    expect(count).toBe(30);
  });
});

describe('input', () => {
  it('--param __proto__=x is refused, not dropped', () => {
    expect(usage(() => keyValues(['__proto__=x'], '--param')).message).toBe('invalid --param "__proto__=x": "__proto__" cannot be a name');
    expect(keyValues(['constructor=1', 'toString=2'], '--param')).toEqual({ constructor: '1', toString: '2' });
  });

  it('input nested deeper than the limit is refused without overflowing the stack, at any depth', async () => {
    for (const depth of [maxInputDepth + 1, 200_000]) {
      const text = '['.repeat(depth) + ']'.repeat(depth);
      const error = (await parseStructured(text, 'deep.json').catch((e: unknown) => e)) as WsError;
      expect(error.kind).toBe('usage');
      expect(error.message).toBe(`deep.json nests deeper than ${maxInputDepth} levels`);
      const yaml = (await parseStructured(`a: ${text}`, 'deep.yaml').catch((e: unknown) => e)) as WsError;
      expect(yaml.kind).toBe('usage');
      expect(yaml.message).toMatch(/^deep\.yaml (nests deeper than 100 levels|is not valid JSON or YAML: it nests too deeply)/);
    }
    const ok = JSON.parse('['.repeat(maxInputDepth) + ']'.repeat(maxInputDepth));
    expect(checkDepth(ok, 'x')).toBe(ok);
  });
});

describe('HTTP edges', () => {
  let server: nodeHttp.Server;
  let baseUrl = '';
  let handler: (req: nodeHttp.IncomingMessage, res: nodeHttp.ServerResponse) => void = () => {};
  let requests = 0;
  beforeAll(async () => {
    server = nodeHttp.createServer((req, res) => {
      requests++;
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v3`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function send(apiKey = 'wsk_unit_key_0123456789'): Promise<{ error: WsError; debug: string[] }> {
    const debug: string[] = [];
    const http = new HttpClient({ baseUrl, apiKey, userAgent: 't', timeoutMs: 10_000, debug: (line) => debug.push(line), sleep: async () => {} });
    try {
      await http.request({ method: 'GET', path: '/queries', schema: z.unknown() });
      throw new Error('expected a failure');
    } catch (error) {
      return { error: error as WsError, debug };
    } finally {
      await http.close();
    }
  }

  it('a body past 64 MiB is refused even without a Content-Length, and reading stops', async () => {
    requests = 0;
    let written = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length announced
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (written < maxResponseBytes * 2) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      more();
    };
    const { error } = await send();
    expect(error.message).toBe('the response to GET /queries is larger than 64 MiB, more than ws reads into memory');
    expect(requests).toBe(1);
    expect(written).toBeLessThan(maxResponseBytes * 2);
  });

  it('a Retry-After over a minute is not waited for: the error says when to try again', async () => {
    requests = 0;
    handler = (_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end('{"message":"slow down"}');
    const before = Date.now();
    const { error } = await send();
    expect(requests).toBe(1);
    expect(error.message).toBe('GET /queries failed (HTTP 429): slow down');
    const when = /try again after (\S+)$/.exec(error.hint ?? '')?.[1];
    expect(error.hint).toMatch(/^the server asks to wait 60 min: try again after /);
    expect(Date.parse(when!) - before).toBeGreaterThanOrEqual(3_599_000);
  });

  it('--debug lines and request ids never show the key, even when the server echoes it', async () => {
    const key = 'wsk_unit_key_0123456789';
    handler = (req, res) =>
      res
        .writeHead(500, { 'x-echo-key': String(req.headers['x-api-key']), 'x-request-id': `req-${req.headers['x-api-key']}`, authorization: 'Bearer abc' })
        .end('{"message":"boom"}');
    const { error, debug } = await send(key);
    const text = debug.join('\n');
    expect(text).toContain('< x-echo-key: [redacted]');
    expect(text).toContain('< x-request-id: req-[redacted]');
    expect(text).toContain('< authorization: [redacted]');
    expect(text).toContain('> x-api-key: [redacted]');
    expect(text).not.toContain(key);
    expect(error.requestId).toBe('req-[redacted]');
  });
});

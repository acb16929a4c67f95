/**
 * The emulator is reachable by this machine's programs, not by web pages in its browser: Host and
 * Origin are checked, control endpoints want the key and JSON, and fault path patterns cannot freeze it.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathPattern } from '../../src/emulator/faults.js';
import { closeAll, demoKey, request, startTestEmulator, type TestEmulator } from './helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(closeAll);

/** A request with headers fetch will not set (Host); bounded. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(emu.origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers, timeout: 10_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const fault = JSON.stringify({ path: '^/queries$', status: 503, times: 1 });

describe('requests from web pages', () => {
  it('refuses a Host that names neither loopback nor localhost (DNS rebinding), on the API and control endpoints', async () => {
    const port = new URL(emu.origin).port;
    for (const host of [`rebound.example.com:${port}`, 'rebound.example.com', `localhost.example.com:${port}`, `0x7f.0.0.1:${port}`]) {
      const api = await raw('GET', '/public/v3/queries', { host, 'x-api-key': demoKey });
      expect(api.status, host).toBe(403);
      expect(api.text).toMatch(/host/i);
      const control = await raw('POST', '/__emulator/faults', { host, 'x-api-key': demoKey, 'content-type': 'application/json' }, fault);
      expect(control.status, host).toBe(403);
    }
    expect((await emu.control('GET', '/faults')).json.faults).toEqual([]);
    // the address listened on, and any loopback address or localhost on any port (port forwards, proxies)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.2:${port}`, '127.0.0.1:1', 'localhost']) {
      expect((await raw('GET', '/public/v3/queries?limit=1', { host, 'x-api-key': demoKey })).status, host).toBe(200);
    }
  });

  it('refuses a foreign Origin, and takes its own', async () => {
    const port = new URL(emu.origin).port;
    const host = `127.0.0.1:${port}`;
    // another port of loopback is another program's page; localhost is another origin than 127.0.0.1
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${Number(port) + 1}`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}/path`,
      'file://',
    ]) {
      const control = await raw('POST', '/__emulator/faults', { host, origin, 'x-api-key': demoKey, 'content-type': 'application/json' }, fault);
      expect(control.status, origin).toBe(403);
      expect((await raw('GET', '/public/v3/queries', { host, origin, 'x-api-key': demoKey })).status, origin).toBe(403);
    }
    expect((await emu.control('GET', '/faults')).json.faults).toEqual([]);
    expect((await raw('GET', '/public/v3/queries?limit=1', { host, origin: `http://127.0.0.1:${port}`, 'x-api-key': demoKey })).status).toBe(200);
    // behind a TLS terminator that keeps Host, the page's origin is https:// with the same address
    expect((await raw('GET', '/public/v3/queries?limit=1', { host, origin: `https://127.0.0.1:${port}`, 'x-api-key': demoKey })).status).toBe(200);
    expect((await raw('GET', '/public/v3/queries?limit=1', { host: 'localhost', origin: 'https://localhost', 'x-api-key': demoKey })).status).toBe(200);
  });

  it('wants the API key and a JSON body on control endpoints: a text/plain form post changes nothing', async () => {
    const host = new URL(emu.origin).host;
    const plain = await raw('POST', '/__emulator/faults', { host, 'x-api-key': demoKey, 'content-type': 'text/plain' }, fault);
    expect(plain.status).toBe(415);
    const form = await raw('POST', '/__emulator/faults', { host, 'x-api-key': demoKey, 'content-type': 'application/x-www-form-urlencoded' }, fault);
    expect(form.status).toBe(415);
    const noKey = await raw('POST', '/__emulator/faults', { host, 'content-type': 'application/json' }, fault);
    expect(noKey.status).toBe(401);
    const wrongKey = await raw('POST', '/__emulator/faults', { host, 'x-api-key': 'guessed', 'content-type': 'application/json' }, fault);
    expect(wrongKey.status).toBe(401);
    for (const [method, path] of [
      ['GET', '/requests'],
      ['DELETE', '/requests'],
      ['GET', '/faults'],
      ['DELETE', '/faults'],
      ['GET', '/health'],
    ]) {
      expect((await request(emu.origin, method!, `/__emulator${path}`, {}, null)).status, `${method} ${path}`).toBe(401);
    }
    expect((await emu.control('GET', '/faults')).json.faults).toEqual([]);
    const scripted = await raw('POST', '/__emulator/faults', { host, 'x-api-key': demoKey, 'content-type': 'application/json; charset=utf-8' }, fault);
    expect(scripted.status).toBe(201);
    expect((await emu.call('GET', '/queries')).status).toBe(503);
  });
});

describe('fault path patterns', () => {
  it('refuses regular-expression syntax that could backtrack, and keeps serving', async () => {
    await emu.control('DELETE', '/faults');
    for (const path of ['^(a+)+$', '^/(queries|automations)$', '^/queries/.*$', '^/q+$', 'x'.repeat(300)]) {
      const res = await emu.control('POST', '/faults', { path, status: 503 });
      expect(res.status, path).toBe(400);
      expect(res.json.error.message).toMatch(/path pattern/);
    }
    expect((await emu.control('GET', '/faults')).json.faults).toEqual([]);
    expect((await emu.call('GET', `/queries/${'a'.repeat(40)}!`)).status).toBe(400);
  });

  it('matches literal text, * within one segment, and ^ $ anchors', () => {
    const cases: [string, string, boolean][] = [
      ['^/queries$', '/queries', true],
      ['^/queries$', '/queries/x', false],
      ['^/agents/', '/agents/sql_helper', true],
      ['^/agents/', '/x/agents/y', false],
      ['execute', '/queries/abc/execute', true],
      ['^/queries/*/execute$', '/queries/abc/execute', true],
      ['^/queries/*/execute$', '/queries/a/b/execute', false],
      ['^/queries/*$', '/queries/', true],
      ['/latest/data$', '/queries/q/latest/data', true],
      ['^*$', '/queries', false],
      ['^/*$', '/queries', true],
    ];
    for (const [pattern, path, expected] of cases) expect(new PathPattern(pattern).test(path), `${pattern} on ${path}`).toBe(expected);
    // linear in the path: a long path with many near-misses answers at once
    expect(new PathPattern('^/*a*a*a*a*a*a*a*a*b$').test(`/${'a'.repeat(5000)}`)).toBe(false);
  });
});

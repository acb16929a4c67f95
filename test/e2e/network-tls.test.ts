import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiServer } from '../helpers/api-server.js';
import { makeCertificates, type Certificates } from '../helpers/certificates.js';
import { queryList } from '../helpers/fixtures.js';
import { TestProxy } from '../helpers/proxy.js';
import { standaloneBin, tempConfigDir, testKey, ws } from '../helpers/ws.js';

let certs: Certificates;
const servers: Record<'valid' | 'expired' | 'mismatched' | 'untrusted', ApiServer> = {} as never;
const proxy = new TestProxy();

beforeAll(async () => {
  certs = makeCertificates();
  for (const name of ['valid', 'expired', 'mismatched', 'untrusted'] as const) {
    servers[name] = await new ApiServer({ tls: certs[name], host: name === 'valid' ? 'localhost' : '127.0.0.1' }).start();
  }
  await proxy.start();
});
afterEach(() => {
  const unmatched = Object.values(servers).flatMap((server) => server.unmatched);
  for (const server of Object.values(servers)) server.reset();
  proxy.reset();
  expect(unmatched).toEqual([]);
});
afterAll(async () => {
  for (const server of Object.values(servers)) await server.stop();
  await proxy.stop();
});

function list(server: ApiServer, env: Record<string, string> = {}, args: string[] = ['--json']) {
  server.on('GET', '/queries', { body: queryList([]) });
  return ws(['queries', 'list', ...args], { WS_BASE_URL: server.baseUrl, WS_API_KEY: testKey, ...env });
}

function errorJson(stderr: string): Record<string, unknown> {
  return (JSON.parse(stderr) as { error: Record<string, unknown> }).error;
}

/** Nothing reached the HTTP layer: the handshake failed, so the key was never sent. */
function nothingSent(server: ApiServer): void {
  expect(server.requests).toEqual([]);
  expect(server.tlsErrors.length).toBeGreaterThan(0);
  server.reset(); // its stub was never asked for
}

const trustHint =
  'hint: if your network uses a private certificate authority, trust it with `ws config set ca-file /path/to/ca.pem` (or WS_CA_FILE, or NODE_EXTRA_CA_CERTS); ws never turns verification off\n';

describe('certificates', () => {
  it('a certificate from an unknown authority: says so, names the host and the fix, sends nothing', async () => {
    const result = await list(servers.valid, {}, []);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^error: GET \/queries: the TLS certificate of localhost is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)\n/,
    );
    expect(`${result.stderr.split('\n')[1]}\n`).toBe(trustHint);
    expect(result.stderr.split('\n')).toHaveLength(3);
    nothingSent(servers.valid);
    const json = await list(servers.valid);
    expect(json.exitCode).toBe(1);
    expect(errorJson(json.stderr)).toMatchObject({ code: 'certificate_untrusted' });
    nothingSent(servers.valid);
  });

  it('NODE_EXTRA_CA_CERTS trusts the authority', async () => {
    const result = await list(servers.valid, { NODE_EXTRA_CA_CERTS: certs.caFile });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(servers.valid.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey]);
  });

  it('WS_CA_FILE trusts the authority, in addition to NODE_EXTRA_CA_CERTS and the default roots', async () => {
    const result = await list(servers.valid, { WS_CA_FILE: certs.caFile });
    expect(result.exitCode).toBe(0);
    // another authority's file does not replace what NODE_EXTRA_CA_CERTS already trusts
    const both = await list(servers.valid, { WS_CA_FILE: certs.otherCaFile, NODE_EXTRA_CA_CERTS: certs.caFile });
    expect(both.stderr).toBe('');
    expect(both.exitCode).toBe(0);
    expect(servers.valid.requests).toHaveLength(2);
  });

  it("WS_CA_FILE of another authority does not make the server's certificate trusted", async () => {
    const neither = await list(servers.valid, { WS_CA_FILE: certs.otherCaFile });
    expect(errorJson(neither.stderr).code).toBe('certificate_untrusted');
    nothingSent(servers.valid);
  });

  it('the ca-file key of a profile trusts the authority; ws config set stores it absolute and checks it', async () => {
    const dir = tempConfigDir();
    const relative = path.relative(process.cwd(), certs.caFile);
    const set = await ws(['config', 'set', 'ca-file', relative], { WS_CONFIG_DIR: dir });
    expect(set.exitCode).toBe(0);
    const get = await ws(['config', 'get', 'ca-file'], { WS_CONFIG_DIR: dir });
    expect(get.stdout).toBe(`${certs.caFile}\n`);
    const result = await list(servers.valid, { WS_CONFIG_DIR: dir });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('ws config set ca-file refuses a file it cannot read', async () => {
    const dir = tempConfigDir();
    const missing = await ws(['config', 'set', 'ca-file', path.join(certs.dir, 'nope.pem')], { WS_CONFIG_DIR: dir });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(`error: cannot read the CA file ${path.join(certs.dir, 'nope.pem')} (from ws config set ca-file): ENOENT\n`);
    expect(fs.existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('an unreadable CA file is a usage error naming where it came from, before any request', async () => {
    const missing = path.join(certs.dir, 'missing.pem');
    const env = await list(servers.valid, { WS_CA_FILE: missing }, []);
    expect(env.exitCode).toBe(2);
    expect(env.stderr.split('\n')[0]).toBe(`error: cannot read the CA file ${missing} (from WS_CA_FILE): ENOENT`);
    const notPem = path.join(certs.dir, 'valid.ext');
    const json = await list(servers.valid, { WS_CA_FILE: notPem });
    expect(json.exitCode).toBe(2);
    expect(errorJson(json.stderr)).toEqual({
      code: 'ca_file_invalid',
      message: `the CA file ${notPem} (from WS_CA_FILE) holds no PEM certificate`,
      hint: expect.any(String),
    });
    expect(servers.valid.requests).toEqual([]);
    expect(servers.valid.tlsErrors).toEqual([]);
    servers.valid.reset();
  });

  it('an unreadable ca-file in the profile is a usage error naming the key and profile, before any request', async () => {
    const missing = path.join(certs.dir, 'missing.pem');
    const dir = tempConfigDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { ci: { caFile: missing } } }), { mode: 0o600 });
    const profile = await list(servers.valid, { WS_CONFIG_DIR: dir, WS_PROFILE: 'ci' }, []);
    expect(profile.exitCode).toBe(2);
    expect(profile.stderr.split('\n')[0]).toBe(`error: cannot read the CA file ${missing} (from ca-file in profile "ci"): ENOENT`);
    expect(servers.valid.requests).toEqual([]);
    expect(servers.valid.tlsErrors).toEqual([]);
    servers.valid.reset();
  });

  it('an expired certificate: says so and sends nothing', async () => {
    const result = await list(servers.expired, { WS_CA_FILE: certs.caFile }, []);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'error: GET /queries: the TLS certificate of 127.0.0.1 has expired (CERT_HAS_EXPIRED)\n' +
        "hint: the server's certificate must be renewed; if it looks current, check this machine's clock\n",
    );
    nothingSent(servers.expired);
    const json = await list(servers.expired, { WS_CA_FILE: certs.caFile });
    expect(errorJson(json.stderr).code).toBe('certificate_expired');
    nothingSent(servers.expired);
  });

  it('a certificate for another host: names both and sends nothing', async () => {
    const result = await list(servers.mismatched, { WS_CA_FILE: certs.caFile }, []);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'error: GET /queries: the TLS certificate of 127.0.0.1 does not match that host name (ERR_TLS_CERT_ALTNAME_INVALID)\n' +
        'hint: it was issued for DNS:elsewhere.example; use a base URL with a host name the certificate names\n',
    );
    nothingSent(servers.mismatched);
    const json = await list(servers.mismatched, { WS_CA_FILE: certs.caFile });
    expect(errorJson(json.stderr).code).toBe('certificate_host_mismatch');
    nothingSent(servers.mismatched);
  });

  it('through a proxy, an untrusted certificate stops the request before the key is sent', async () => {
    const port = new URL(servers.untrusted.baseUrl).port;
    const baseUrl = `https://ws-test.example:${port}/public/v3`;
    servers.untrusted.on('GET', '/queries', { body: queryList([]) });
    const result = await ws(['queries', 'list', '--json'], { WS_BASE_URL: baseUrl, WS_API_KEY: testKey, WS_CA_FILE: certs.caFile, HTTPS_PROXY: proxy.url });
    expect(result.exitCode).toBe(1);
    expect(errorJson(result.stderr)).toMatchObject({ code: 'certificate_untrusted' });
    expect(proxy.seen.map((r) => r.target)).toContain(`ws-test.example:${port}`);
    expect(proxy.tunnelled).not.toContain(testKey);
    nothingSent(servers.untrusted);
  });

  // Node 22.15 and later read the operating system's store; on Linux it honours SSL_CERT_FILE and SSL_CERT_DIR.
  // (ws runs on this test's Node, or is the standalone ws, which is Node 24)
  const systemStore = standaloneBin !== undefined || typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
  it(`the operating system's trust store is ${systemStore ? '' : 'not '}used on Node ${standaloneBin ? '24 (standalone)' : process.versions.node}`, async () => {
    const empty = tempConfigDir();
    const result = await list(servers.valid, { SSL_CERT_FILE: certs.caFile, SSL_CERT_DIR: empty, WS_DEBUG: '1' });
    if (systemStore) {
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toMatch(/\* [A-Z_]+: trying again with the operating system's trust store\n/);
      expect(servers.valid.requests).toHaveLength(1);
    } else {
      expect(result.exitCode).toBe(1);
      expect(
        errorJson(
          result.stderr
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .join(''),
        ).code,
      ).toBe('certificate_untrusted');
      nothingSent(servers.valid);
    }
  });
});

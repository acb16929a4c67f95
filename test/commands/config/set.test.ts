import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../helpers/command.js';
import { configFolder } from '../../helpers/config-file.js';
import { query, queryList } from '../../helpers/fixtures.js';
import { testKey } from '../../helpers/ws.js';

const { server, ws } = stubServer({ env: { WS_BASE_URL: undefined, WS_API_KEY: undefined } });

const base = 'https://workspace.example.com/public/v3';

describe('ws config set', () => {
  it('writes the setting into the profile, mode 0600, printing nothing', async () => {
    const config = configFolder();
    const url = await ws(['config', 'set', 'base-url', base], { env: { WS_CONFIG_DIR: config.dir } });
    expect(url.exitCode, url.stderr).toBe(0);
    expect(url.stdout).toBe('');
    expect(url.stderr).toBe('');
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base } } });
    expect(config.mode()).toBe(0o600);
    const output = await ws(['config', 'set', 'output', 'yaml'], { tty: true, env: { WS_CONFIG_DIR: config.dir } });
    expect(output.exitCode, output.stderr).toBe(0);
    expect(output.stdout + output.stderr).toBe('');
    expect(config.read()).toEqual({ profiles: { default: { baseUrl: base, output: 'yaml' } } });
    expect(server.requests).toEqual([]);
  });

  it('an empty config.json is taken as empty and rewritten', async () => {
    const config = configFolder('');
    const result = await ws(['config', 'set', 'output', 'json'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(config.read()).toEqual({ profiles: { default: { output: 'json' } } });
  });

  it('a corrupt config.json names the file and the fix, and is left as it was', async () => {
    const config = configFolder('{"profiles": {');
    const result = await ws(['config', 'set', 'output', 'json'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: the config file ${config.file.replace(/[.]/g, '\\.')} is not valid: .+\nhint: fix it by hand, or move it away and run \`ws auth login\` again\n$`,
      ),
    );
    expect(fs.readFileSync(config.file, 'utf8')).toBe('{"profiles": {');
  });

  it('--profile and WS_PROFILE choose the profile written', async () => {
    const config = configFolder();
    expect((await ws(['config', 'set', 'output', 'csv', '--profile', 'ci'], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(0);
    expect((await ws(['config', 'set', 'base-url', base], { env: { WS_CONFIG_DIR: config.dir, WS_PROFILE: 'prod' } })).exitCode).toBe(0);
    expect(config.read()).toEqual({ profiles: { ci: { output: 'csv' }, prod: { baseUrl: base } } });
  });

  it('ca-file is stored as an absolute path, and must be readable', async () => {
    const config = configFolder();
    const missing = await ws(['config', 'set', 'ca-file', 'no-such-ca.pem'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(path.resolve('no-such-ca.pem'));
    expect(config.exists()).toBe(false);
  });

  it('an http base URL that is not loopback may be stored (using it is refused)', async () => {
    const config = configFolder();
    expect((await ws(['config', 'set', 'base-url', 'http://example.com/public/v3'], { env: { WS_CONFIG_DIR: config.dir } })).exitCode).toBe(0);
    const used = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir, WS_API_KEY: testKey } });
    expect(used.exitCode).toBe(2);
    expect(used.stderr).toContain('refusing to send the API key over plain http to example.com');
  });

  it('`set output json` makes commands print JSON by default; -o table overrides it', async () => {
    const q = query();
    server.on('GET', '/queries', { body: queryList([q]) });
    const config = configFolder();
    const env = { WS_CONFIG_DIR: config.dir, WS_API_KEY: testKey };
    expect((await ws(['config', 'set', 'base-url', server.baseUrl], { env })).exitCode).toBe(0);
    expect((await ws(['config', 'set', 'output', 'json'], { env })).exitCode).toBe(0);
    expect(JSON.parse((await ws(['queries', 'list'], { env })).stdout)).toEqual(queryList([q]));
    expect((await ws(['queries', 'list', '-o', 'table'], { env })).stdout).toBe(
      `ID\tSLUG\tNAME\tLAST RUN\tUPDATED\n${q.id}\tdaily_revenue\tDaily revenue\t\t2026-11-20T09:00:00.000Z\n`,
    );
  });

  it('WS_API_KEY beats the saved key, WS_OUTPUT the saved output, and -o both', async () => {
    server.on('GET', '/queries', { body: queryList([query()]) });
    const config = configFolder({ profiles: { default: { baseUrl: server.baseUrl, apiKey: 'wsk_saved_key_0000_Aa1B', output: 'json' } } });
    const env = await ws(['queries', 'list'], { env: { WS_CONFIG_DIR: config.dir, WS_API_KEY: testKey, WS_OUTPUT: 'ndjson' } });
    expect(env.exitCode, env.stderr).toBe(0);
    expect(env.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(env.stdout).slug).toBe('daily_revenue');
    const flag = await ws(['queries', 'list', '-o', 'yaml'], { env: { WS_CONFIG_DIR: config.dir, WS_OUTPUT: 'ndjson' } });
    expect(flag.stdout).toMatch(/^queries:\n/);
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([testKey, 'wsk_saved_key_0000_Aa1B']);
  });

  it('an unknown setting, an invalid format or base URL is exit 2 and leaves the file as it was', async () => {
    const before = { profiles: { default: { baseUrl: base, output: 'csv' } } };
    const config = configFolder(before);
    const cases: [string[], string][] = [
      [
        ['api-key', 'wsk_secret_1234'],
        'error: unknown setting "api-key"\nhint: settings: base-url, output, ca-file, pager (the API key is set with `ws auth login`)\n',
      ],
      [['output', 'xml'], 'error: invalid output format "xml"\nhint: valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet, arrow\n'],
      [['base-url', 'not a url'], 'invalid base URL "not a url"'],
      [['base-url', 'ftp://example.com/public/v3'], 'the scheme must be https or http'],
      [['output'], "error: missing required argument 'value'"],
    ];
    for (const [args, message] of cases) {
      const result = await ws(['config', 'set', ...args], { env: { WS_CONFIG_DIR: config.dir } });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain('wsk_secret_1234');
    }
    expect(config.read()).toEqual(before);
  });

  it('with json as the profile output the error is one JSON object; a broken output is repaired by set', async () => {
    const config = configFolder({ profiles: { default: { output: 'json' } } });
    const result = await ws(['config', 'set', 'output', 'xml'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        code: 'usage',
        message: 'invalid output format "xml"',
        hint: 'valid formats: table, json, ndjson, csv, tsv, yaml, markdown, chart, parquet, arrow',
      },
    });
    config.write({ profiles: { default: { output: 'xml' } } });
    const repaired = await ws(['config', 'set', 'output', 'table'], { env: { WS_CONFIG_DIR: config.dir } });
    expect(repaired.exitCode, repaired.stderr).toBe(0);
    expect(config.read()).toEqual({ profiles: { default: { output: 'table' } } });
  });
});

/**
 * ws against what the API description allows, not what our emulator happens to send: every read command
 * (and the waits and writes that read runs) run in-process against a mock that generates each response from the
 * OpenAPI reading (test/helpers/contract-mock.ts), seeded, with optional fields all present, all absent, or
 * by chance. ws must accept all of it: no stack trace, no "undefined", no hang, an exit code the CLI contract
 * documents for the case. It must still fail clearly on what the description forbids.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { contract, deviations, specFile } from '../helpers/contract.js';
import { Generator, seeded, startContractMock, type MockServer, type Optional } from '../helpers/contract-mock.js';
import { runWs } from '../helpers/command.js';
import fs from 'node:fs';

const id = '10000000-0000-4000-8000-000000000001';
const env = (mock: MockServer) => ({ WS_BASE_URL: mock.baseUrl, WS_API_KEY: 'wsk_contract_test' });

/** Each command and the exit codes it may end with on a response the description allows (CLI contract). */
const commands: { args: string[]; exits: number[] }[] = [
  { args: ['queries', 'list'], exits: [0] },
  { args: ['queries', 'get', id], exits: [0] },
  { args: ['queries', 'runs', id], exits: [0] },
  { args: ['queries', 'data', id], exits: [0] },
  // 5: the run ended FAILED or CANCELLED; 6: --timeout (the mock's status is drawn anew on each poll);
  // 1: the latest rows belong to another run than the one started (README, "The main job")
  { args: ['queries', 'execute', id, '--wait', '--timeout', '1s'], exits: [0, 1, 5, 6] },
  { args: ['runs', 'get', id], exits: [0] },
  { args: ['runs', 'result', id], exits: [0] },
  { args: ['runs', 'wait', id, '--timeout', '1s'], exits: [0, 5, 6] },
  { args: ['automations', 'list'], exits: [0] },
  { args: ['automations', 'get', id], exits: [0] },
  { args: ['automations', 'runs', id], exits: [0] },
  { args: ['automations', 'get-run', id], exits: [0] },
  { args: ['automations', 'result', id], exits: [0] },
  { args: ['automations', 'steps', id], exits: [0] },
  { args: ['automations', 'wait', id, '--timeout', '1s'], exits: [0, 5, 6] },
  { args: ['automations', 'watch', id, '--timeout', '1s'], exits: [0, 5, 6] },
  // 1: the run had already ended (cancel says so), as the emulator's 409 would
  { args: ['automations', 'cancel', id], exits: [0, 1] },
  { args: ['automations', 'trigger', id, '--wait', '--timeout', '1s'], exits: [0, 5, 6] },
  { args: ['agents', 'get', id], exits: [0] },
  { args: ['skills', 'get', id], exits: [0] },
  { args: ['sessions', 'get', id], exits: [0] },
];

/** What a user must never see, whatever the server sent. */
function flaws(stdout: string, stderr: string): string[] {
  const found: string[] = [];
  if (/^\s+at .+(\(|:\d+:\d+)/m.test(stderr)) found.push('a stack trace');
  if (/\bundefined\b/.test(stdout + stderr)) found.push('"undefined"');
  if (/\bNaN\b|\[object Object\]|Invalid Date/.test(stdout + stderr)) found.push('NaN, [object Object] or Invalid Date');
  if (/unexpected response/.test(stderr)) found.push('an allowed response refused as unexpected');
  // negative, or longer than a month: 1000 hours and more, or 10 digits of milliseconds
  if (/-\d+ms\b|\b\d{10,}ms\b|\b\d{4,}h\d+m\b/.test(stdout + stderr)) found.push('an impossible duration');
  return found;
}

const mocks: MockServer[] = [];
afterAll(async () => {
  await Promise.all(mocks.map((m) => m.close()));
});

describe('the contract', () => {
  it('is read from ../shared/spec beside the repository, and is there', () => {
    expect(specFile).toMatch(/[/\\]shared[/\\]spec[/\\]workspace-api-v3\.openapi\.yaml$/);
    expect(fs.existsSync(specFile)).toBe(true);
    expect(contract().operations.length).toBeGreaterThanOrEqual(20);
    expect(deviations.every((d) => d.why.length > 0)).toBe(true);
  });

  it('the mock generates only what the description allows, optional fields present and absent (seeded)', () => {
    const { spec } = contract();
    const ops = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({ template, method })),
    );
    for (const optional of ['all', 'none', 'random'] as Optional[]) {
      for (let seed = 1; seed <= 5; seed++) {
        for (const { template, method } of ops) {
          const schema = item(spec, template, method);
          if (!schema) continue;
          const body = new Generator(seeded(seed), optional).value(schema);
          const validate = contract().ajv.getSchema(
            `spec#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/2XX/content/application~1json/schema`,
          )!;
          expect(validate(body), `${method} ${template} seed ${seed} ${optional}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    }
  });
});

function item(spec: any, template: string, method: string): unknown {
  return spec.paths[template][method].responses['2XX']?.content?.['application/json']?.schema;
}

// seeds by optional-field mode: every command runs once per line, in table output and in JSON
const runs: { seed: number; optional: Optional; json: boolean }[] = [
  { seed: 1, optional: 'all', json: false },
  { seed: 2, optional: 'none', json: false },
  { seed: 3, optional: 'random', json: false },
  { seed: 4, optional: 'random', json: true },
];

describe.each(runs)('ws against generated responses: seed $seed, optional fields $optional, json $json', ({ seed, optional, json }) => {
  it.each(commands)('$args.0 $args.1', async ({ args, exits }) => {
    const mock = await startContractMock(seed, optional);
    mocks.push(mock);
    const result = await runWs([...args, ...(json ? ['--json'] : [])], env(mock));
    const shown = `ws ${args.join(' ')} (seed ${seed}, ${optional}) exit ${result.exitCode}\nstdout: ${result.stdout.slice(0, 1500)}\nstderr: ${result.stderr.slice(0, 1500)}`;
    expect(
      mock.sent.flatMap((s) => s.problems),
      'the generator itself',
    ).toEqual([]);
    expect(mock.sent.length, shown).toBeGreaterThan(0);
    expect(flaws(result.stdout, result.stderr), shown).toEqual([]);
    expect(exits, shown).toContain(result.exitCode);
    await mock.close();
  });
});

describe('what the description forbids still fails clearly', () => {
  it.each([
    { args: ['queries', 'get', id], template: '/queries/{id}', field: 'slug' },
    { args: ['automations', 'get-run', id], template: '/automation-runs/{id}', field: 'run' },
    { args: ['queries', 'runs', id], template: '/queries/{id}/query-runs', field: 'runs' },
  ])('$args.0 $args.1 without the required $field: exit 1 naming it', async ({ args, template, field }) => {
    const mock = await startContractMock(9, 'all', (_method, path, body) => {
      if (path !== template) return body;
      const copy = { ...(body as Record<string, unknown>) };
      delete copy[field];
      return copy;
    });
    mocks.push(mock);
    const result = await runWs(args, env(mock));
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/unexpected response/);
    expect(result.stderr).toMatch(new RegExp(`\\b${field}: missing, though the API always sends it`));
    expect(flaws('', result.stderr.replace(/unexpected response/, ''))).toEqual([]);
  });
});

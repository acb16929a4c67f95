/**
 * `ws agents`, `ws skills` and `ws sessions` as a user runs them: the built bin/ws.js against the emulator,
 * started here in-process. The emulator's request log shows what reached the server and what did not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/emulator.js';
import { demoIds } from '../../src/emulator/seed.js';
import { contractCheck } from '../helpers/contract-check.js';
import { ws } from '../helpers/ws.js';

const apiKey = 'wsk_emulator_demo';
let emulator: RunningEmulator;
let env: Record<string, string>;
let origin: string;
let dir: string;
const contract = contractCheck();

interface Logged {
  method: string;
  path: string;
  status: number;
}

beforeAll(async () => {
  emulator = await startEmulator({ onResponse: contract.onResponse, port: 0, host: '127.0.0.1', apiKeys: [apiKey], seed: 'demo', latencyMs: 0, faultRate: 0, faultSeed: 1, stepMs: 5 });
  env = { WS_BASE_URL: emulator.baseUrl, WS_API_KEY: apiKey };
  origin = new URL(emulator.baseUrl).origin;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-agents-skills-'));
});
afterAll(async () => {
  await emulator?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  contract.assert();
});
beforeEach(async () => {
  await fetch(`${origin}/__emulator/requests`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
});

/** The API requests the emulator received since the test began, as "METHOD /path status". */
async function received(): Promise<string[]> {
  const { requests } = (await (await fetch(`${origin}/__emulator/requests`, { headers: { 'x-api-key': apiKey } })).json()) as { requests: Logged[] };
  return requests.map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** The server's state, read without ws (call it after checking `received()`: it is logged too). */
async function serverGet(resource: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.baseUrl}${resource}`, { headers: { 'x-api-key': apiKey } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

describe('ws agents get', () => {
  it('shows an agent named by its slug, as labelled lines with the system prompt below', async () => {
    const result = await ws(['agents', 'get', 'report_writer'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('name:\treport_writer\n');
    expect(result.stdout).toContain(`id:\t${demoIds.agents.reportWriter}\n`);
    expect(result.stdout).toContain('kind:\tsub\n');
    expect(result.stdout).toContain('status:\tdraft\n');
    expect(result.stdout).toContain('system prompt:\nSummarise the rows you are given in five sentences or fewer.\n');
    expect(await received()).toEqual(['GET /agents/report_writer 200']);
  });

  it('shows an agent named by its UUID as JSON, whole or only the fields asked for', async () => {
    const whole = await ws(['agents', 'get', demoIds.agents.sqlHelper, '--json'], env);
    expect(whole.exitCode).toBe(0);
    const agent = JSON.parse(whole.stdout) as Record<string, unknown>;
    expect(agent).toMatchObject({ id: demoIds.agents.sqlHelper, name: 'sql_helper', kind: 'chat', handlerType: 'database' });
    const picked = await ws(['agents', 'get', demoIds.agents.sqlHelper, '--json', 'name,kind'], env);
    expect(JSON.parse(picked.stdout)).toEqual({ name: 'sql_helper', kind: 'chat' });
    expect(await received()).toEqual([`GET /agents/${demoIds.agents.sqlHelper} 200`, `GET /agents/${demoIds.agents.sqlHelper} 200`]);
  });

  it('exits 4 for an agent that does not exist', async () => {
    const result = await ws(['agents', 'get', 'no_such_agent'], env);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^error: .*not found/m);
  });
});

describe('ws agents update', () => {
  it('changes the fields given by flags and keeps the others', async () => {
    const before = await serverGet('/agents/sql_helper');
    await fetch(`${origin}/__emulator/requests`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    const result = await ws(['agents', 'update', 'sql_helper', '--max-turns', '20', '--description', 'Writes SQL for the team', '--skill', 'sql_style'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('max turns:\t20\n');
    expect(result.stderr).toContain('Updated agent sql_helper: description, skills, maxTurns\n');
    expect(await received()).toEqual(['GET /agents/sql_helper 200', 'PATCH /agents/sql_helper 200']);
    const after = await serverGet('/agents/sql_helper');
    expect(after).toMatchObject({ maxTurns: 20, description: 'Writes SQL for the team', skills: ['sql_style'] });
    for (const kept of ['systemPrompt', 'tools', 'subAgents', 'kind', 'handlerType', 'status', 'metadata']) expect(after[kept]).toEqual(before[kept]);
  });

  it('takes the fields from a YAML file, a flag winning over the same field in the file', async () => {
    const file = write(
      'agents/report_writer.yaml',
      [
        'name: report_writer',
        'status: draft',
        'kind: chat',
        'maxTurns: 8',
        'systemPrompt: |',
        '  Write a short report.',
        '  Use plain words.',
        'tools:',
        '  - name: run_query',
        '    config: {maxRows: 50}',
        'subAgents: [sql_helper, acme/summariser]',
        'metadata: {owner: data-team}',
        '',
      ].join('\n'),
    );
    const result = await ws(['agents', 'update', 'report_writer', '--from-file', file, '--max-turns', '6'], env);
    expect(result.exitCode).toBe(0);
    expect(await received()).toEqual(['GET /agents/report_writer 200', 'PATCH /agents/report_writer 200']);
    expect(await serverGet('/agents/report_writer')).toMatchObject({
      name: 'report_writer',
      status: 'draft',
      kind: 'chat',
      maxTurns: 6,
      systemPrompt: 'Write a short report.\nUse plain words.\n',
      tools: [{ name: 'run_query', config: { maxRows: 50 } }],
      subAgents: ['sql_helper', 'acme/summariser'],
      metadata: { owner: 'data-team' },
      handlerType: 'code',
    });
  });

  it('refuses a file with maxTurns out of range, naming the file and field, and sends nothing', async () => {
    const file = write('agents/too_many_turns.yaml', 'description: fine\nmaxTurns: 99\n');
    const result = await ws(['agents', 'update', 'sql_helper', '--from-file', file], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid too_many_turns\.yaml: maxTurns 99: .*50/m);
    expect(await received()).toEqual([]);
  });

  it('refuses a file with a bad subAgents entry and sends no PATCH', async () => {
    const file = write('agents/bad_sub_agent.json', JSON.stringify({ subAgents: ['report_writer', 'Not A Name'] }));
    const result = await ws(['agents', 'update', 'sql_helper', '--from-file', file], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('bad_sub_agent.json: subAgents (subAgents.1) "Not A Name": must match');
    expect((await received()).filter((line) => line.startsWith('PATCH'))).toEqual([]);
  });

  it('refuses a file describing another agent, and a field the API does not know', async () => {
    const other = await ws(['agents', 'update', 'sql_helper', '--from-file', write('agents/other.yaml', 'name: report_writer\nmaxTurns: 3\n')], env);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('other.yaml describes agent report_writer, not sql_helper');
    const unknown = await ws(['agents', 'update', 'sql_helper', '--from-file', write('agents/unknown.yaml', 'maxTurn: 3\n')], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('unknown.yaml: unknown agent field maxTurn');
    expect(await received()).toEqual([]);
  });

  it('--dry-run reads the agent, prints the request and each change, and sends no PATCH', async () => {
    const current = (await serverGet('/agents/sql_helper')) as { maxTurns: number; kind: string };
    await fetch(`${origin}/__emulator/requests`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    const result = await ws(['agents', 'update', 'sql_helper', '--max-turns', '33', '--kind', current.kind, '--dry-run'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('PATCH /agents/sql_helper\n');
    expect(result.stdout).toContain(`changes:\n  maxTurns: ${current.maxTurns} -> 33\n`);
    expect(result.stdout).toContain('unchanged: kind\n');
    expect(result.stderr).toContain('dry run: nothing was sent');
    const json = await ws(['agents', 'update', 'sql_helper', '--max-turns', '33', '--dry-run', '-o', 'json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ dryRun: true, method: 'PATCH', path: '/agents/sql_helper', body: { maxTurns: 33 }, changes: { maxTurns: { from: current.maxTurns, to: 33 } } });
    expect(await received()).toEqual(['GET /agents/sql_helper 200', 'GET /agents/sql_helper 200']);
    expect((await serverGet('/agents/sql_helper')).maxTurns).toBe(current.maxTurns);
  });

  it('exits 2 with nothing to update, and on a bad flag value, before any request', async () => {
    const nothing = await ws(['agents', 'update', 'sql_helper'], env);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toContain('error: nothing to update');
    const tooMany = await ws(['agents', 'update', 'sql_helper', '--max-turns', '51'], env);
    expect(tooMany.exitCode).toBe(2);
    expect(tooMany.stderr).toMatch(/^error: invalid --max-turns 51: .*50/m);
    const kind = await ws(['agents', 'update', 'sql_helper', '--kind', 'robot'], env);
    expect(kind.exitCode).toBe(2);
    expect(await received()).toEqual([]);
  });

  it('reads the system prompt from a file', async () => {
    const prompt = write('prompts/sql_helper.md', 'You write DuckDB SQL.\nNever guess column names.\n');
    const result = await ws(['agents', 'update', 'sql_helper', '--system-prompt-file', prompt], env);
    expect(result.exitCode).toBe(0);
    expect((await serverGet('/agents/sql_helper')).systemPrompt).toBe('You write DuckDB SQL.\nNever guess column names.\n');
  });
});

const skillMarkdown = (slug: string, name: string, knowledge: string, extra = '') => `---\nname: ${name}\nslug: ${slug}\ndescription: About ${name}\n${extra}---\n\n${knowledge}\n`;

describe('ws skills apply', () => {
  it('creates the skills of a folder of Markdown files, then updates the changed one on a second run (the other is unchanged, not written)', async () => {
    const folder = path.join(dir, 'skills-folder');
    write('skills-folder/b_glossary.md', skillMarkdown('metrics_glossary', 'Metrics glossary', 'ARR is annual recurring revenue.'));
    write('skills-folder/a_churn.md', skillMarkdown('churn_rules', 'Churn rules', '# Churn\n\nA customer churns after 90 days without a paid order.', 'tools: [run_query]\nsubAgents: [report_writer]\nsections: {examples: 2}\n'));
    write('skills-folder/notes.txt', 'not a skill');

    const first = await ws(['skills', 'apply', folder, '--json'], env);
    expect(first.exitCode).toBe(0);
    // --json off a terminal: what happened is in the JSON, and stderr is kept for errors
    expect(first.stderr).toBe('');
    const created = JSON.parse(first.stdout) as { skills: { id: string; slug: string }[]; created: string[]; updated: string[] };
    expect(created.skills.map((s) => s.slug)).toEqual(['churn_rules', 'metrics_glossary']);
    expect(created.created).toEqual(['churn_rules', 'metrics_glossary']);
    expect(created.updated).toEqual([]);
    expect(await received()).toEqual(['GET /skills/churn_rules 404', 'POST /skills 201', 'GET /skills/metrics_glossary 404', 'POST /skills 201']);
    expect(await serverGet('/skills/churn_rules')).toMatchObject({
      name: 'Churn rules',
      knowledge: '# Churn\n\nA customer churns after 90 days without a paid order.',
      tools: ['run_query'],
      subAgents: ['report_writer'],
      sections: { examples: 2 },
    });

    write('skills-folder/b_glossary.md', skillMarkdown('metrics_glossary', 'Metrics glossary', 'ARR is annual recurring revenue. MRR is monthly.'));
    await fetch(`${origin}/__emulator/requests`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    const second = await ws(['skills', 'apply', folder], env);
    expect(second.exitCode).toBe(0);
    expect(second.stderr).toMatch(/^unchanged churn_rules .*\n^updated metrics_glossary /m);
    const ids = Object.fromEntries(created.skills.map((s) => [s.slug, s.id]));
    expect(second.stdout).toBe(
      `SLUG\tNAME\tACTION\tID\nchurn_rules\tChurn rules\tunchanged\t${ids.churn_rules}\nmetrics_glossary\tMetrics glossary\tupdated\t${ids.metrics_glossary}\n`,
    );
    expect(await received()).toEqual(['GET /skills/churn_rules 200', 'GET /skills/metrics_glossary 200', 'POST /skills 200']);
    expect((await serverGet('/skills/metrics_glossary')).knowledge).toBe('ARR is annual recurring revenue. MRR is monthly.');
  });

  it('applies the good files when one is bad, names the bad one with its reason and exits 2', async () => {
    const good = write('mixed/good.md', skillMarkdown('pricing_notes', 'Pricing notes', 'Plans: free, team, enterprise.'));
    const badYaml = write('mixed/broken.md', '---\nname: [unclosed\n---\nbody\n');
    const badSlug = write('mixed/bad_slug.yaml', 'name: Bad\nslug: Bad Slug\ndescription: x\nknowledge: y\n');
    const result = await ws(['skills', 'apply', badYaml, good, badSlug], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('created pricing_notes');
    expect(result.stderr).toMatch(/^error: 2 of 3 skills not applied:$/m);
    expect(result.stderr).toMatch(/^ {2}broken\.md: invalid front matter: /m);
    expect(result.stderr).toMatch(/^ {2}invalid bad_slug\.yaml: slug "Bad Slug": must be 1 to 255 lower-case letters, digits and _$/m);
    expect(result.stdout).toMatch(/^pricing_notes\tPricing notes\tcreated\t/m);
    expect(await received()).toEqual(['GET /skills/pricing_notes 404', 'POST /skills 201']);
  });

  it('creates a skill from flags', async () => {
    const result = await ws(
      ['skills', 'apply', '--name', 'Cohorts', '--slug', 'cohorts', '--description', 'Cohort analysis', '--knowledge', 'Group customers by signup month.', '--tool', 'run_query', '--sub-agent', 'report_writer'],
      env,
    );
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('created cohorts');
    expect(await serverGet('/skills/cohorts')).toMatchObject({
      name: 'Cohorts',
      description: 'Cohort analysis',
      knowledge: 'Group customers by signup month.',
      tools: ['run_query'],
      subAgents: ['report_writer'],
    });
  });

  it('reads the knowledge from --knowledge-file, and updates an existing skill', async () => {
    const knowledge = write('knowledge/sql_style.md', 'Keywords in upper case.\n\nOne clause a line.\n');
    const result = await ws(['skills', 'apply', '--name', 'SQL style', '--slug', 'sql_style', '--description', 'House style for SQL', '--knowledge-file', knowledge, '--json', 'id,slug'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ skills: [{ id: demoIds.skills.sqlStyle, slug: 'sql_style' }], created: [], updated: ['sql_style'], unchanged: [] });
    expect((await serverGet('/skills/sql_style')).knowledge).toBe('Keywords in upper case.\n\nOne clause a line.\n');
  });

  it('refuses invalid flags before any request, naming the flag', async () => {
    const slug = await ws(['skills', 'apply', '--name', 'X', '--slug', 'Has Spaces', '--description', 'd', '--knowledge', 'k'], env);
    expect(slug.exitCode).toBe(2);
    expect(slug.stderr).toContain('error: invalid --slug "Has Spaces": must match');
    const missing = await ws(['skills', 'apply', '--name', 'X', '--slug', 'x'], env);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('error: missing --description, --knowledge');
    const nothing = await ws(['skills', 'apply'], env);
    expect(nothing.exitCode).toBe(2);
    expect(await received()).toEqual([]);
  });

  it('--dry-run prints the plan as queries apply does: created, updated with its diff, unchanged; exit 8, and no write', async () => {
    const folder = path.join(dir, 'dry');
    write('dry/style.md', skillMarkdown('dry_style', 'Dry style', 'Keywords in upper case.\nJOIN with USING.\nOne clause a line.'));
    write('dry/two.md', skillMarkdown('dry_same', 'Dry same', 'Same.'));
    expect((await ws(['skills', 'apply', folder], env)).exitCode).toBe(0);
    write('dry/style.md', skillMarkdown('dry_style', 'Dry style', 'Keywords in upper case.\nJOIN with ON.\nOne clause a line.', 'tools: [run_query]\n'));
    write('dry/one.md', skillMarkdown('dry_one', 'Dry one', 'One.'));
    await fetch(`${origin}/__emulator/requests`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    const table = await ws(['skills', 'apply', folder, '--dry-run'], env);
    expect(table.exitCode, table.stderr).toBe(8);
    expect(table.stdout).toBe(
      [
        `created    dry_one    ${path.join(folder, 'one.md')}`,
        '    name: "Dry one"',
        '    slug: "dry_one"',
        '    description: "About Dry one"',
        '    knowledge: "One."',
        `updated    dry_style  ${path.join(folder, 'style.md')}`,
        '    knowledge:',
        '        Keywords in upper case.',
        '      - JOIN with USING.',
        '      + JOIN with ON.',
        '        One clause a line.',
        '    tools: null -> ["run_query"]',
        `unchanged  dry_same   ${path.join(folder, 'two.md')}`,
        '',
        '1 to create, 1 to update, 1 unchanged',
        '',
      ].join('\n'),
    );
    expect(table.stderr).toBe('dry run: nothing was sent; exit 8: changes pending\n');
    const json = await ws(['skills', 'apply', folder, '--dry-run', '-o', 'json'], env);
    expect(json.exitCode).toBe(8);
    const printed = JSON.parse(json.stdout);
    expect(printed).toMatchObject({ dryRun: true, created: ['dry_one'], updated: ['dry_style'], unchanged: ['dry_same'] });
    expect(printed.skills.map((s: { slug: string; action: string }) => `${s.action} ${s.slug}`)).toEqual(['created dry_one', 'updated dry_style', 'unchanged dry_same']);
    expect(printed.skills[1]).toEqual({
      slug: 'dry_style',
      file: path.join(folder, 'style.md'),
      action: 'updated',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      notes: [],
      changes: { knowledge: { from: 'Keywords in upper case.\nJOIN with USING.\nOne clause a line.', to: 'Keywords in upper case.\nJOIN with ON.\nOne clause a line.' }, tools: { from: null, to: ['run_query'] } },
    });
    // reads only: each skill looked up, nothing written
    expect((await received()).every((line) => line.startsWith('GET /skills/'))).toBe(true);
    // nothing pending is exit 0
    const unchanged = await ws(['skills', 'apply', path.join(folder, 'two.md'), '--dry-run'], env);
    expect(unchanged.exitCode, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toBe(`unchanged  dry_same  ${path.join(folder, 'two.md')}\n\n0 to create, 0 to update, 1 unchanged\n`);
    expect(unchanged.stderr).toBe('dry run: nothing was sent\n');
  });
});

describe('ws skills get', () => {
  it('shows a skill with its knowledge', async () => {
    const result = await ws(['skills', 'get', 'revenue_analysis'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`id:\t${demoIds.skills.revenueAnalysis}\n`);
    expect(result.stdout).toContain('knowledge:\nRevenue counts orders with status paid only.');
  });
});

describe('ws sessions', () => {
  const session = demoIds.chatSessions.revenueQuestions;

  it('shows a chat session, as lines and as JSON', async () => {
    const table = await ws(['sessions', 'get', session], env);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain(`id:\t${session}\n`);
    expect(table.stdout).toContain('meta:\t{"title":"Revenue questions"');
    const json = await ws(['sessions', 'get', session, '--json', 'id,meta'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: session, meta: { title: 'Revenue questions' } });
    expect(await received()).toEqual([`GET /chat-sessions/${session} 200`, `GET /chat-sessions/${session} 200`]);
  });

  it('changes the visibility', async () => {
    const result = await ws(['sessions', 'update', session, '--visibility', 'organization'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('visibility:\torganization\n');
    expect(await received()).toEqual(['PATCH /chat-sessions/update 200']);
    expect((await serverGet(`/chat-sessions/${session}`)).visibility).toBe('organization');
  });

  it('merges --meta into the existing meta', async () => {
    const onboarding = demoIds.chatSessions.onboarding;
    const metaFile = write('meta.json', JSON.stringify({ tags: ['new-hire'] }));
    expect((await ws(['sessions', 'update', onboarding, '--meta', '{"pinned": true}'], env)).exitCode).toBe(0);
    const fromFile = await ws(['sessions', 'update', onboarding, '--meta', `@${metaFile}`, '--json'], env);
    expect(fromFile.exitCode).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ id: onboarding, meta: { title: 'Onboarding', pinned: true, tags: ['new-hire'] } });
    const after = await serverGet(`/chat-sessions/${onboarding}`);
    expect(after.meta).toEqual({ title: 'Onboarding', pinned: true, tags: ['new-hire'] });
    expect(after.visibility).toBe('organization');
  });

  it('refuses an id that is not a UUID, and an update with nothing in it, sending nothing', async () => {
    const bad = await ws(['sessions', 'update', 'chat-legacy-42', '--visibility', 'public'], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('error: invalid chat session id "chat-legacy-42": must be a UUID');
    const nothing = await ws(['sessions', 'update', session], env);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toContain('error: nothing to update');
    const visibility = await ws(['sessions', 'update', session, '--visibility', 'everyone'], env);
    expect(visibility.exitCode).toBe(2);
    expect(await received()).toEqual([]);
  });

  it('--dry-run prints the request with its x-session-id header and sends nothing', async () => {
    const result = await ws(['sessions', 'update', session, '--visibility', 'public', '--dry-run'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(`PATCH /chat-sessions/update\nx-session-id: ${session}\n{\n  "visibility": "public"\n}\n`);
    expect(await received()).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../helpers/api-server.js';
import { stubServer } from '../../helpers/command.js';
import { skill } from '../../helpers/resources.js';

const { server, ws } = stubServer({ env: { NO_COLOR: '1' } });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-skills-apply-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}
const markdown = (slug: string, name: string, knowledge: string, extra = '') =>
  `---\nname: ${name}\nslug: ${slug}\ndescription: About ${name}\n${extra}---\n\n${knowledge}\n`;

/** A server holding these skills: GET /skills/{slug} finds them (404 otherwise), POST /skills creates or updates. */
/** The server holds these skills: GET answers from them; POST saves one, unless `writes` is false (a POST is then unmatched). */
function holding(api: ApiServer, skills: Record<string, unknown>[], { writes = true } = {}): Map<string, Record<string, unknown>> {
  const store = new Map(skills.map((s) => [s.slug as string, s]));
  api.on('GET', /^\/skills\/[^/]+$/, (request) => {
    const found = store.get(request.path.split('/')[2]!);
    return found ? { body: found } : { status: 404, body: { message: 'skill not found' } };
  });
  if (!writes) return store;
  api.on('POST', '/skills', (request) => {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const existing = store.get(body.slug as string);
    const saved = skill({ ...(existing ?? {}), ...body, ...(existing ? { id: existing.id } : {}) });
    store.set(body.slug as string, saved);
    return { status: existing ? 200 : 201, body: saved };
  });
  return store;
}
const sent = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('ws skills apply', () => {
  it('a folder: each skill looked up and created; --json off a terminal keeps stderr empty', async () => {
    const folder = path.join(dir, 'two');
    write('two/b_glossary.md', markdown('metrics_glossary', 'Metrics glossary', 'ARR is annual recurring revenue.'));
    write(
      'two/a_churn.md',
      markdown(
        'churn_rules',
        'Churn rules',
        '# Churn\n\nA customer churns after 90 days.',
        'tools: [run_query]\nsubAgents: [report_writer]\nsections: {examples: 2}\n',
      ),
    );
    write('two/notes.txt', 'not a skill');
    const store = holding(server, []);
    const result = await ws(['skills', 'apply', folder, '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const printed = JSON.parse(result.stdout);
    expect(printed.created).toEqual(['churn_rules', 'metrics_glossary']);
    expect(printed.updated).toEqual([]);
    expect(printed.skills.map((s: { id: string }) => s.id)).toEqual([store.get('churn_rules')!.id, store.get('metrics_glossary')!.id]);
    expect(sent()).toEqual(['GET /skills/churn_rules', 'POST /skills', 'GET /skills/metrics_glossary', 'POST /skills']);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      name: 'Churn rules',
      slug: 'churn_rules',
      description: 'About Churn rules',
      knowledge: '# Churn\n\nA customer churns after 90 days.',
      tools: ['run_query'],
      subAgents: ['report_writer'],
      sections: { examples: 2 },
      userAgent: 'cli',
    });
  });

  it('through a pipe: a table of slug, name, action and id; an unchanged skill is not written', async () => {
    const same = skill({ slug: 'same', name: 'Same', description: 'About Same', knowledge: 'Same.', tools: null });
    const old = skill({ slug: 'changed', name: 'Changed', description: 'About Changed', knowledge: 'Old.', tools: null });
    holding(server, [same, old]);
    const files = [write('pipe/same.md', markdown('same', 'Same', 'Same.')), write('pipe/changed.md', markdown('changed', 'Changed', 'New.'))];
    const result = await ws(['skills', 'apply', ...files]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`SLUG\tNAME\tACTION\tID\nsame\tSame\tunchanged\t${same.id}\nchanged\tChanged\tupdated\t${old.id}\n`);
    expect(result.stderr).toBe(`unchanged same (${files[0]})\nupdated changed (${files[1]})\n`);
    expect(sent()).toEqual(['GET /skills/same', 'GET /skills/changed', 'POST /skills']);
  });

  it('in a terminal: aligned columns', async () => {
    holding(server, []);
    const result = await ws(['skills', 'apply', write('tty/one.md', markdown('one', 'One', 'One.'))], { tty: true, columns: 120 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^SLUG +NAME +ACTION +ID\none +One +created +[0-9a-f-]{36}\n$/);
  });

  it('from flags, with --knowledge-file', async () => {
    holding(server, []);
    const knowledge = write('knowledge.md', 'Keywords in upper case.\n\nOne clause a line.\n');
    const result = await ws([
      'skills',
      'apply',
      '--name',
      'SQL style',
      '--slug',
      'sql_style',
      '--description',
      'House style',
      '--knowledge-file',
      knowledge,
      '--tool',
      'run_query',
      '--sub-agent',
      'report_writer',
      '--json',
      'slug',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ skills: [{ slug: 'sql_style' }], created: ['sql_style'], updated: [], unchanged: [] });
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      name: 'SQL style',
      slug: 'sql_style',
      description: 'House style',
      knowledge: 'Keywords in upper case.\n\nOne clause a line.\n',
      tools: ['run_query'],
      subAgents: ['report_writer'],
      userAgent: 'cli',
    });
  });

  it('applies the good files when one is bad, names the bad ones with their reason and exits 2', async () => {
    holding(server, []);
    const good = write('mixed/good.md', markdown('pricing_notes', 'Pricing notes', 'Plans: free, team.'));
    const broken = write('mixed/broken.md', '---\nname: [unclosed\n---\nbody\n');
    const badSlug = write('mixed/bad_slug.yaml', 'name: Bad\nslug: Bad Slug\ndescription: x\nknowledge: y\n');
    const result = await ws(['skills', 'apply', broken, good, badSlug]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toMatch(/^SLUG\tNAME\tACTION\tID\npricing_notes\tPricing notes\tcreated\t[0-9a-f-]{36}\n$/);
    expect(result.stderr).toMatch(/^error: 2 of 3 skills not applied:$/m);
    expect(result.stderr).toMatch(/^ {2}broken\.md: invalid front matter: /m);
    expect(result.stderr).toMatch(/^ {2}invalid bad_slug\.yaml: slug "Bad Slug": must be 1 to 255 lower-case letters, digits and _$/m);
    expect(sent()).toEqual(['GET /skills/pricing_notes', 'POST /skills']);
  });

  it('a bad file names the file, each field and its rule, in words rather than a validator’s; nothing sent', async () => {
    const result = await ws(['skills', 'apply', write('half.yaml', 'slug: half_done\ntools: run_query\nsections: [a]\n')]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: 1 of 1 skill not applied:\n' +
        '  invalid half.yaml: name is missing; it must be text of 1 to 255 characters; description is missing; it must be text of 1 to 1000 characters; ' +
        'knowledge is missing; it must be text of at least 1 character (the body of a Markdown file); tools "run_query": must be a list of tool names, e.g. [run_query]; ' +
        'sections ["a"]: must be a mapping of section names to values\n',
    );
    expect(server.requests).toEqual([]);
  });

  it('a skill the server refuses is exit 1 naming it; the others are applied', async () => {
    server.on('GET', /^\/skills\//, { status: 404, body: { message: 'not found' } });
    server.on('POST', '/skills', (request) =>
      JSON.parse(request.body).slug === 'bad' ? { status: 422, body: { message: 'tool nope does not exist' } } : { status: 201, body: skill({ slug: 'fine' }) },
    );
    const result = await ws(['skills', 'apply', write('refused/a.md', markdown('bad', 'Bad', 'x')), write('refused/b.md', markdown('fine', 'Fine', 'y'))]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('error: 1 of 2 skills not applied:');
    expect(result.stderr).toContain('tool nope does not exist');
    expect(result.stdout).toContain('fine\t');
  });

  it('--dry-run prints the plan (created, updated with its diff, unchanged), sends no write, exit 8', async () => {
    holding(
      server,
      [
        skill({
          slug: 'dry_style',
          name: 'Dry style',
          description: 'About Dry style',
          knowledge: 'Keywords in upper case.\nJOIN with USING.\nOne clause a line.',
          tools: null,
        }),
        skill({ slug: 'dry_same', name: 'Dry same', description: 'About Dry same', knowledge: 'Same.', tools: null }),
      ],
      { writes: false },
    );
    const one = write('dry/one.md', markdown('dry_one', 'Dry one', 'One.'));
    const style = write(
      'dry/style.md',
      markdown('dry_style', 'Dry style', 'Keywords in upper case.\nJOIN with ON.\nOne clause a line.', 'tools: [run_query]\n'),
    );
    const two = write('dry/two.md', markdown('dry_same', 'Dry same', 'Same.'));
    const result = await ws(['skills', 'apply', path.join(dir, 'dry'), '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(8);
    expect(result.stdout).toBe(
      [
        `created    dry_one    ${one}`,
        '    name: "Dry one"',
        '    slug: "dry_one"',
        '    description: "About Dry one"',
        '    knowledge: "One."',
        `updated    dry_style  ${style}`,
        '    knowledge:',
        '        Keywords in upper case.',
        '      - JOIN with USING.',
        '      + JOIN with ON.',
        '        One clause a line.',
        '    tools: null -> ["run_query"]',
        `unchanged  dry_same   ${two}`,
        '',
        '1 to create, 1 to update, 1 unchanged',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('dry run: nothing was sent; exit 8: changes pending\n');
    const json = await ws(['skills', 'apply', path.join(dir, 'dry'), '--dry-run', '-o', 'json']);
    expect(json.exitCode).toBe(8);
    const printed = JSON.parse(json.stdout);
    expect(printed).toMatchObject({ dryRun: true, created: ['dry_one'], updated: ['dry_style'], unchanged: ['dry_same'] });
    expect(printed.skills[1].changes).toEqual({
      knowledge: { from: 'Keywords in upper case.\nJOIN with USING.\nOne clause a line.', to: 'Keywords in upper case.\nJOIN with ON.\nOne clause a line.' },
      tools: { from: null, to: ['run_query'] },
    });
    expect(server.requests.every((r) => r.method === 'GET')).toBe(true);
    // nothing pending is exit 0
    const unchanged = await ws(['skills', 'apply', two, '--dry-run']);
    expect(unchanged.exitCode, unchanged.stderr).toBe(0);
    expect(unchanged.stdout).toBe(`unchanged  dry_same  ${two}\n\n0 to create, 0 to update, 1 unchanged\n`);
    expect(unchanged.stderr).toBe('dry run: nothing was sent\n');
  });

  it.each([
    [['--name', 'X', '--slug', 'Has Spaces', '--description', 'd', '--knowledge', 'k'], 'error: invalid --slug "Has Spaces": must match'],
    [['--name', 'X', '--slug', 'x'], 'error: missing --description, --knowledge'],
    [[], 'error: nothing to apply'],
    [['a.md', '--name', 'X'], 'error: pass skill files or --name, --slug, --description and --knowledge, not both'],
    [
      ['--name', 'X', '--slug', 'x', '--description', 'd', '--knowledge', 'k', '--knowledge-file', 'k.md'],
      'error: use --knowledge or --knowledge-file, not both',
    ],
  ])('%j is exit 2 before any request', async (args, message) => {
    const result = await ws(['skills', 'apply', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(server.requests).toEqual([]);
  });
});

/**
 * A query or an automation named by slug or name: `ws queries get` / `ws automations get` (in-process) and the MCP
 * tools get_query / get_automation (their run, with ws mcp's client) find the same thing by the same rule, and
 * say the same when nothing has the name; a lookup reads a bounded number of items and says when it stopped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/api/http.js';
import { WsError } from '../../src/errors.js';
import { mcpRequestHints } from '../../src/mcp/request-hints.js';
import { getAutomationTool } from '../../src/mcp/tools/automations/get-automation.js';
import { getQueryTool } from '../../src/mcp/tools/queries/get-query.js';
import type { Tool } from '../../src/mcp/tool.js';
import { lookupLimit } from '../../src/workspace/resolve.js';
import type { RecordedRequest } from '../helpers/api-server.js';
import { stubServer } from '../helpers/command.js';
import { fakeIO } from '../helpers/fake-io.js';
import { automation, query, uuid } from '../helpers/fixtures.js';
import { testKey } from '../helpers/ws.js';

const { server, ws } = stubServer();
const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

/** A tool run as `ws mcp` runs it: a client with ws mcp's hints; a failure as the error text the assistant reads. */
async function call(tool: Tool, args: Record<string, unknown>): Promise<{ data?: Record<string, any>; error?: string }> {
  const http = new HttpClient({ baseUrl: server.baseUrl, apiKey: testKey, userAgent: 'ws-test', timeoutMs: 5_000, hints: mcpRequestHints, maxAttempts: 1 });
  clients.push(http);
  try {
    const answer = await tool.run(tool.inputSchema.parse(args), { http: () => http, wait: { io: fakeIO() } });
    return { data: answer.data };
  } catch (error) {
    if (!(error instanceof WsError)) throw error;
    return { error: `error: ${error.message}${error.hint ? `\nhint: ${error.hint}` : ''}` };
  }
}

/**
 * A list endpoint whose search heeds case (the API description does not say whether it does), paging by limit and
 * offset as the API does.
 */
function serve(path: string, key: string, all: Record<string, unknown>[]): void {
  server.on('GET', path, (request: RecordedRequest) => {
    const search = request.query.search;
    const found =
      search === undefined ? all : all.filter((item) => ['name', 'slug', 'description'].some((field) => String(item[field] ?? '').includes(search)));
    const limit = Number(request.query.limit);
    const offset = Number(request.query.offset);
    return { body: { [key]: found.slice(offset, offset + limit), total: found.length, limit, offset } };
  });
}

const lists = () => server.requests.filter((request) => request.method === 'GET' && !/\/[0-9a-f-]{36}/.test(request.path));

describe('a name in another case, which a search that heeds case misses', () => {
  it('`ws queries get` finds the query get_query finds', async () => {
    const daily = query({ id: uuid(), slug: 'daily_revenue', name: 'Daily revenue' });
    serve('/queries', 'queries', [query({ id: uuid(), slug: 'churn', name: 'Churn' }), daily]);
    const viaMcp = await call(getQueryTool, { query: 'DAILY REVENUE' });
    expect(viaMcp.error).toBeUndefined();
    expect(viaMcp.data?.query.id).toBe(daily.id);
    const viaCli = await ws(['queries', 'get', 'DAILY REVENUE', '--json', 'id']);
    expect(viaCli.stderr).toBe('');
    expect(viaCli.exitCode).toBe(0);
    expect(JSON.parse(viaCli.stdout)).toEqual({ id: daily.id });
  });

  it('`ws automations get` finds the automation get_automation finds', async () => {
    const weekly = automation({ id: uuid(), name: 'Weekly export' });
    serve('/automations', 'workflows', [automation({ id: uuid(), name: 'Daily digest' }), weekly]);
    const viaMcp = await call(getAutomationTool, { automation: 'weekly EXPORT' });
    expect(viaMcp.error).toBeUndefined();
    expect(viaMcp.data?.automation.id).toBe(weekly.id);
    const viaCli = await ws(['automations', 'get', 'weekly EXPORT', '--json', 'id']);
    expect(viaCli.stderr).toBe('');
    expect(JSON.parse(viaCli.stdout)).toEqual({ id: weekly.id });
  });
});

describe('a name nothing has', () => {
  it('is exit 4 on the command line and an error for the tool, with the same message and the likeliest; each names its own way to list them', async () => {
    const daily = query({ id: uuid(), slug: 'daily_revenue', name: 'Daily revenue' });
    serve('/queries', 'queries', [daily, query({ id: uuid(), slug: 'churn', name: 'Churn' })]);
    const likeliest = `the likeliest: "daily_revenue" or "Daily revenue" (${daily.id})`;
    const viaMcp = await call(getQueryTool, { query: 'daily revenu' });
    expect(viaMcp.error).toBe(
      `error: no query has the slug or name "daily revenu"\nhint: ${likeliest}; see which there are: call list_queries (its \`search\` finds a part of a name)`,
    );
    const viaCli = await ws(['queries', 'get', 'daily revenu']);
    expect(viaCli.exitCode).toBe(4);
    expect(viaCli.stderr).toBe(`error: no query has the slug or name "daily revenu"\nhint: ${likeliest}; see which there are: \`ws queries list\`\n`);
  });

  it('names the nearest: a slug the word is a prefix of, the closest first (daily_revenue before daily_revenue_2)', async () => {
    const second = query({ id: uuid(), slug: 'daily_revenue_2', name: 'Daily revenue 2' });
    const daily = query({ id: uuid(), slug: 'daily_revenue', name: 'Daily revenue' });
    serve('/queries', 'queries', [second, daily, query({ id: uuid(), slug: 'daily_revenue_by_country', name: 'Daily revenue by country' })]);
    const viaCli = await ws(['queries', 'get', 'daily_revenu']);
    expect(viaCli.exitCode).toBe(4);
    expect(viaCli.stderr).toContain(`hint: the likeliest: "daily_revenue" or "Daily revenue" (${daily.id});`);
  });

  it('an automation likewise', async () => {
    const weekly = automation({ id: uuid(), name: 'Weekly export' });
    serve('/automations', 'workflows', [weekly]);
    const viaMcp = await call(getAutomationTool, { automation: 'Weekly exprt' });
    expect(viaMcp.error).toBe(
      `error: no automation is named "Weekly exprt"\nhint: the likeliest: "Weekly export" (${weekly.id}); see which there are: call list_automations (its \`search\` finds a part of a name)`,
    );
    const viaCli = await ws(['automations', 'get', 'Weekly exprt']);
    expect(viaCli.exitCode).toBe(4);
    expect(viaCli.stderr).toBe(
      `error: no automation is named "Weekly exprt"\nhint: the likeliest: "Weekly export" (${weekly.id}); see which there are: \`ws automations list\`\n`,
    );
  });
});

describe('a lookup reads at most lookupLimit items', () => {
  const many = (count: number, name: (n: number) => string) => Array.from({ length: count }, (_, n) => query({ id: uuid(), slug: `q_${n}`, name: name(n) }));

  it('a workspace of more queries than that: the scan stops there and says so, on both sides', async () => {
    serve(
      '/queries',
      'queries',
      many(lookupLimit + 100, (n) => `Query ${n}`),
    );
    const stopped = `; ws read ${lookupLimit} of the ${lookupLimit + 100} queries and stopped there: name it by its id`;
    const viaCli = await ws(['queries', 'get', 'nothing like it']);
    expect(viaCli.exitCode).toBe(4);
    expect(viaCli.stderr).toBe(`error: no query has the slug or name "nothing like it"\nhint: see which there are: \`ws queries list\`${stopped}\n`);
    const read = lists().reduce((sum, request) => sum + Number(request.query.limit), 0);
    expect(read).toBeLessThanOrEqual(2 * lookupLimit);
    server.requests.length = 0;
    const viaMcp = await call(getQueryTool, { query: 'nothing like it' });
    expect(viaMcp.error).toBe(
      `error: no query has the slug or name "nothing like it"\nhint: see which there are: call list_queries (its \`search\` finds a part of a name)${stopped}`,
    );
  });

  it('a search that finds more than that reads no further, and says so', async () => {
    serve(
      '/queries',
      'queries',
      many(lookupLimit + 100, () => 'Report'),
    );
    const viaCli = await ws(['queries', 'get', 'Report']);
    expect(viaCli.exitCode).toBe(4);
    expect(viaCli.stderr).toMatch(
      new RegExp(
        `^error: the name "Report" matches at least ${lookupLimit} queries\nhint: use the slug of one: .*; ws read ${lookupLimit} of the ${lookupLimit + 100} queries the search found and stopped there\n$`,
      ),
    );
    for (const request of lists()) expect(Number(request.query.offset)).toBeLessThan(lookupLimit);
  });
});

describe('what names nothing', () => {
  it.each([
    ['queries', 'query', 'id, slug or name'],
    ['automations', 'automation', 'id or name'],
  ])('%s: "", "." and ".." are exit 2 and nothing is sent', async (group, noun, rule) => {
    for (const wanted of ['', '.', '..']) {
      const result = await ws([group, 'get', wanted]);
      expect(result.exitCode, `${group} get "${wanted}"`).toBe(2);
      expect(result.stderr).toBe(`error: invalid ${noun} "${wanted}": give its ${rule}\n`);
    }
    expect(server.requests).toEqual([]);
  });
});

import type { Organization } from './router.js';
import type { AutomationRecord, QueryRecord } from './runs.js';
import type { Store } from './store.js';

/**
 * The demo workspace: analytical tables generated deterministically in SQL (no download, same rows every
 * time) and saved queries, automations, agents, skills and chat sessions with fixed ids, listed in docs/emulator.md.
 */
export const demoIds = {
  organization: '0d000000-0000-4000-8000-000000000001',
  user: '0d000000-0000-4000-8000-0000000000a1',
  queries: {
    dailyRevenue: '10000000-0000-4000-8000-000000000001',
    revenueByCountry: '10000000-0000-4000-8000-000000000002',
    topCustomers: '10000000-0000-4000-8000-000000000003',
    eventsByType: '10000000-0000-4000-8000-000000000004',
    brokenReport: '10000000-0000-4000-8000-000000000005',
  },
  automations: {
    morningReport: '20000000-0000-4000-8000-000000000001',
    nightlyExport: '20000000-0000-4000-8000-000000000002',
  },
  agents: { sqlHelper: '30000000-0000-4000-8000-000000000001', reportWriter: '30000000-0000-4000-8000-000000000002' },
  skills: { revenueAnalysis: '40000000-0000-4000-8000-000000000001', sqlStyle: '40000000-0000-4000-8000-000000000002' },
  chatSessions: { revenueQuestions: '50000000-0000-4000-8000-000000000001', onboarding: '50000000-0000-4000-8000-000000000002' },
} as const;

/** 500 customers, 5,000 orders and 20,000 events, from arithmetic on row numbers: the same on every machine. */
export const demoTables = `
CREATE OR REPLACE TABLE customers AS
SELECT i AS customer_id,
       'Customer ' || lpad(i::VARCHAR, 3, '0') AS name,
       ['DE', 'FR', 'US', 'GB', 'NL', 'ES', 'SE', 'JP'][1 + (i * 7) % 8] AS country,
       ['free', 'team', 'enterprise'][1 + (i * 13) % 3] AS plan,
       DATE '2025-01-01' + ((i * 37) % 365)::INTEGER AS signed_up_on
FROM range(1, 501) t(i);

CREATE OR REPLACE TABLE orders AS
SELECT i AS order_id,
       1 + (i * 7919) % 500 AS customer_id,
       DATE '2026-01-01' + ((i * 31) % 300)::INTEGER AS order_date,
       round(5 + ((i * 104729) % 49500) / 100.0, 2)::DECIMAL(10, 2) AS amount,
       ['paid', 'paid', 'paid', 'refunded', 'pending'][1 + (i * 11) % 5] AS status
FROM range(1, 5001) t(i);

CREATE OR REPLACE TABLE events AS
SELECT i AS event_id,
       1 + (i * 6007) % 500 AS customer_id,
       ['page_view', 'signup', 'query_run', 'dashboard_view', 'export'][1 + (i * 17) % 5] AS event_type,
       TIMESTAMP '2026-01-01 00:00:00' + to_seconds((i * 7877) % (300 * 86400)) AS occurred_at
FROM range(1, 20001) t(i);
`;

const created = '2026-01-15T09:00:00.000Z';

function query(id: string, name: string, slug: string, description: string, sql: string, parameters: QueryRecord['parameters'] = null): QueryRecord {
  return {
    id,
    name,
    sql,
    slug,
    description,
    parameters,
    lastSuccessfulRunId: null,
    lastQueryRunId: null,
    agentRunId: null,
    dataSourceId: null,
    organizationId: demoIds.organization,
    createdById: demoIds.user,
    updatedById: demoIds.user,
    createdAt: created,
    updatedAt: created,
    metadata: { seed: 'demo' },
    userAgent: 'web',
  };
}

function automation(
  id: string,
  name: string,
  description: string,
  time: string,
  steps: AutomationRecord['steps'],
  inputSchema: Record<string, unknown> = {},
): AutomationRecord {
  return {
    id,
    organizationId: demoIds.organization,
    name,
    description,
    cadence: { type: 'daily', time },
    inputSchema,
    clonedFromId: null,
    createdById: demoIds.user,
    updatedById: demoIds.user,
    lastRunAt: null,
    createdAt: created,
    updatedAt: created,
    userAgent: 'web',
    steps,
  };
}

const owned = (organization: Organization) => ({
  organizationId: organization.id,
  createdById: organization.userId,
  updatedById: organization.userId,
  createdAt: created,
  updatedAt: created,
});

/** The demo organization's resources; the demo tables are in every organization's database (demoTables). */
export async function seedDemo(store: Store, organization: Organization): Promise<void> {
  await seedQueries(store);
  await seedAutomations(store);
  await seedAgents(store, organization);
  await seedSkills(store, organization);
  await seedChatSessions(store, organization);
}

/** Five queries of the demo tables: one with parameters, one that reads a missing table (its runs fail). */
async function seedQueries(store: Store): Promise<void> {
  const q = demoIds.queries;
  const queries = [
    query(
      q.dailyRevenue,
      'Daily revenue',
      'daily_revenue',
      'Paid revenue and orders per day',
      "SELECT order_date AS day, count(*) AS orders, sum(amount) AS revenue\nFROM orders\nWHERE status = 'paid'\nGROUP BY order_date\nORDER BY order_date",
    ),
    query(
      q.revenueByCountry,
      'Revenue by country',
      'revenue_by_country',
      'Paid revenue per customer country since a date, for orders above a minimum amount',
      "SELECT c.country, count(*) AS orders, sum(o.amount) AS revenue\nFROM orders o JOIN customers c USING (customer_id)\nWHERE o.status = 'paid' AND o.order_date >= CAST({{start_date}} AS DATE) AND o.amount >= {{min_amount}}\nGROUP BY c.country\nORDER BY revenue DESC",
      [
        { name: 'start_date', type: 'date', description: 'first order date included (YYYY-MM-DD)', defaultValue: '2026-01-01' },
        { name: 'min_amount', type: 'number', description: 'smallest order amount included', defaultValue: '0' },
      ],
    ),
    query(
      q.topCustomers,
      'Top customers',
      'top_customers',
      'Customers by lifetime paid revenue',
      "SELECT c.customer_id, c.name, c.country, c.plan, sum(o.amount) AS revenue\nFROM customers c JOIN orders o USING (customer_id)\nWHERE o.status = 'paid'\nGROUP BY ALL\nORDER BY revenue DESC\nLIMIT 25",
    ),
    query(
      q.eventsByType,
      'Events by type',
      'events_by_type',
      'Product events per type and month',
      "SELECT date_trunc('month', occurred_at)::DATE AS month, event_type, count(*) AS events\nFROM events\nGROUP BY ALL\nORDER BY month, event_type",
    ),
    query(
      q.brokenReport,
      'Churn report (broken)',
      'churn_report',
      'Reads a table that does not exist: its runs fail',
      'SELECT customer_id, churned_on FROM subscriptions WHERE churned_on IS NOT NULL',
    ),
  ];
  for (const record of queries) await store.put('query', record);
}

/** A morning report of two steps, and a nightly export whose second step fails. */
async function seedAutomations(store: Store): Promise<void> {
  const q = demoIds.queries;
  const a = demoIds.automations;
  await store.put(
    'automation',
    automation(
      a.morningReport,
      'Morning revenue report',
      'Refreshes daily revenue and revenue by country every morning',
      '06:00',
      [
        { id: '21000000-0000-4000-8000-000000000001', name: 'Daily revenue', queryId: q.dailyRevenue },
        { id: '21000000-0000-4000-8000-000000000002', name: 'Revenue by country', queryId: q.revenueByCountry },
      ],
      { type: 'object', properties: { start_date: { type: 'string', format: 'date' }, min_amount: { type: 'number' } } },
    ),
  );
  await store.put(
    'automation',
    automation(a.nightlyExport, 'Nightly churn export', 'Exports top customers, then the churn report (which fails)', '02:30', [
      { id: '21000000-0000-4000-8000-000000000003', name: 'Top customers', queryId: q.topCustomers },
      { id: '21000000-0000-4000-8000-000000000004', name: 'Churn report', queryId: q.brokenReport },
    ]),
  );
}

async function seedAgents(store: Store, organization: Organization): Promise<void> {
  const agentBase = { ...owned(organization), organizationSlug: organization.slug, metadata: {}, lastUsedAt: null, userAgent: 'web' };
  await store.put('agent', {
    ...agentBase,
    id: demoIds.agents.sqlHelper,
    name: 'sql_helper',
    description: 'Answers questions about the workspace data with SQL',
    kind: 'chat',
    status: 'active',
    handlerType: 'database',
    systemPrompt: 'You are a careful analyst. Write DuckDB SQL against the tables orders, customers and events.',
    tools: [{ name: 'run_query', config: { maxRows: 1000 } }],
    maxTurns: 12,
    subAgents: ['report_writer'],
    skills: ['revenue_analysis', 'sql_style'],
    inputSchema: {},
    outputSchema: {},
  });
  await store.put('agent', {
    ...agentBase,
    id: demoIds.agents.reportWriter,
    name: 'report_writer',
    description: 'Turns query results into a short written report',
    kind: 'sub',
    status: 'draft',
    handlerType: 'code',
    systemPrompt: 'Summarise the rows you are given in five sentences or fewer.',
    tools: null,
    maxTurns: 4,
    subAgents: null,
    skills: [],
  });
}

async function seedSkills(store: Store, organization: Organization): Promise<void> {
  const skillBase = { ...owned(organization), organizationSlug: organization.slug, lastUsedAt: null, userAgent: 'web', sections: {} };
  await store.put('skill', {
    ...skillBase,
    id: demoIds.skills.revenueAnalysis,
    name: 'Revenue analysis',
    slug: 'revenue_analysis',
    description: 'How revenue is defined in this workspace',
    knowledge: 'Revenue counts orders with status paid only. Refunded and pending orders are excluded.',
    tools: ['run_query'],
    subAgents: null,
  });
  await store.put('skill', {
    ...skillBase,
    id: demoIds.skills.sqlStyle,
    name: 'SQL style',
    slug: 'sql_style',
    description: 'House style for SQL',
    knowledge: 'Upper-case keywords, one clause a line, explicit JOIN ... USING where the column names match.',
    tools: null,
    subAgents: null,
  });
}

async function seedChatSessions(store: Store, organization: Organization): Promise<void> {
  const sessionBase = { ...owned(organization), userId: organization.userId, isPublic: false, version: '4', userAgent: 'web' };
  await store.put('chat_session', {
    ...sessionBase,
    id: demoIds.chatSessions.revenueQuestions,
    meta: { title: 'Revenue questions', pinned: false },
    visibility: 'personal',
  });
  await store.put('chat_session', { ...sessionBase, id: demoIds.chatSessions.onboarding, meta: { title: 'Onboarding' }, visibility: 'organization' });
}

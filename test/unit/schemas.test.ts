import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { Agent, UpdateAgentBody } from '../../src/api/schemas/agents.js';
import {
  AutomationRun,
  AutomationRunDetail,
  AutomationRunList,
  AutomationRunResult,
  CancelAutomationRunResponse,
  ListAutomationRunsParams,
  StepRun,
  StepRunsResponse,
  automationRunPageMax,
  stepRunsOf,
  terminalAutomationRunStates,
} from '../../src/api/schemas/automation-runs.js';
import { Automation, AutomationList, ListAutomationsParams, TriggerAutomationBody, automationPageMax } from '../../src/api/schemas/automations.js';
import { ChatSession, UpdateChatSessionBody, UpdateChatSessionResponse } from '../../src/api/schemas/chat-sessions.js';
import {
  CreateQueryBody,
  ExecuteQueryBody,
  ExecuteQueryResponse,
  LatestData,
  LatestDataParams,
  ListQueriesParams,
  ListQueryRunsParams,
  Query,
  QueryList,
  QueryRunList,
  UpdateQueryBody,
  queryPageMax,
  queryRunPageMax,
} from '../../src/api/schemas/queries.js';
import { QueryRun, QueryRunResult, QueryRunStatusResponse } from '../../src/api/schemas/query-runs.js';
import { ApplySkillBody, Skill } from '../../src/api/schemas/skills.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2025-03-04T05:06:07.000Z';
const str = (length: number, char = 'a') => char.repeat(length);

type Fields = Record<string, unknown>;
/** [label, fields merged into the valid value (undefined removes a field), passes?, path of the expected issue] */
type Case = [label: string, patch: Fields, ok: boolean, path?: string];

function merge(base: Fields, patch: Fields): Fields {
  const value: Fields = { ...base, ...patch };
  for (const [key, v] of Object.entries(patch)) if (v === undefined) delete value[key];
  return value;
}

function expectParse(schema: ZodType, value: unknown, ok: boolean, path?: string) {
  const result = schema.safeParse(value);
  if (ok) {
    expect(result.error?.issues, 'expected to pass').toBeUndefined();
    return result.data;
  }
  expect(result.success, 'expected to fail').toBe(false);
  if (path !== undefined) expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  return undefined;
}

// ---------------------------------------------------------------- requests

const subAgentCases = (field: string): Case[] => [
  [`${field}: null`, { [field]: null }, true],
  [`${field}: plain and org-prefixed names`, { [field]: ['helper_1', 'acme-corp/sql_agent'] }, true],
  [`${field}: entry of 255`, { [field]: [str(255)] }, true],
  [`${field}: entry of 256`, { [field]: [str(256)] }, false, `${field}.0`],
  [`${field}: empty entry`, { [field]: [''] }, false, `${field}.0`],
  [`${field}: upper case`, { [field]: ['Helper'] }, false, `${field}.0`],
  [`${field}: dash in the name part`, { [field]: ['org/sql-agent'] }, false, `${field}.0`],
  [`${field}: two prefixes`, { [field]: ['a/b/c'] }, false, `${field}.0`],
  [`${field}: empty name after prefix`, { [field]: ['org/'] }, false, `${field}.0`],
];

const pageCases = (max: number): Case[] => [
  ['limit 0', { limit: 0 }, false, 'limit'],
  ['limit 1', { limit: 1 }, true],
  [`limit ${max}`, { limit: max }, true],
  [`limit ${max + 1}`, { limit: max + 1 }, false, 'limit'],
  ['limit 1.5', { limit: 1.5 }, false, 'limit'],
  ['offset -1', { offset: -1 }, false, 'offset'],
  ['offset 0', { offset: 0 }, true],
  ['unknown parameter', { page: 2 }, false],
];

const requestSuites: { name: string; schema: ZodType; valid: Fields; cases: Case[] }[] = [
  {
    name: 'CreateQueryBody',
    schema: CreateQueryBody,
    valid: { name: 'Daily revenue', sql: 'select 1' },
    cases: [
      [
        'every field',
        {
          description: 'd',
          metadata: [1],
          userAgent: 'cli',
          parameters: [{ name: 'day', type: 'date', description: '', defaultValue: '' }],
          agentRunId: id(1),
          dataSourceId: null,
        },
        true,
      ],
      ['name missing', { name: undefined }, false, 'name'],
      ['sql missing', { sql: undefined }, false, 'sql'],
      ['name of 0', { name: '' }, false, 'name'],
      ['name of 1', { name: 'a' }, true],
      ['name of 500', { name: str(500) }, true],
      ['name of 501', { name: str(501) }, false, 'name'],
      ['description null', { description: null }, true],
      ['description of 2000', { description: str(2000) }, true],
      ['description of 2001', { description: str(2001) }, false, 'description'],
      ['userAgent null', { userAgent: null }, true],
      ['userAgent not in the enum', { userAgent: 'browser' }, false, 'userAgent'],
      ['agentRunId not a uuid', { agentRunId: 'run-1' }, false, 'agentRunId'],
      ['dataSourceId not a uuid', { dataSourceId: '42' }, false, 'dataSourceId'],
      ['unknown field', { owner: 'me' }, false],
    ],
  },
  {
    name: 'UpdateQueryBody',
    schema: UpdateQueryBody,
    valid: {},
    cases: [
      ['name of 0', { name: '' }, false, 'name'],
      ['name of 500', { name: str(500) }, true],
      ['name of 501', { name: str(501) }, false, 'name'],
      ['description null', { description: null }, true],
      ['description of 2000', { description: str(2000) }, true],
      ['description of 2001', { description: str(2001) }, false, 'description'],
      ['parameters null', { parameters: null }, true],
      ['userAgent is not patchable', { userAgent: 'cli' }, false],
    ],
  },
  {
    name: 'ExecuteQueryBody',
    schema: ExecuteQueryBody,
    valid: {},
    cases: [
      ['every field', { parameters: { day: '2025-01-01' }, metadata: { by: 'test' }, userAgent: 'cli' }, true],
      ['userAgent null (not allowed here)', { userAgent: null }, false, 'userAgent'],
      ['parameters not an object', { parameters: 'day=1' }, false, 'parameters'],
      ['unknown field', { dryRun: true }, false],
    ],
  },
  {
    name: 'ListQueriesParams',
    schema: ListQueriesParams,
    valid: {},
    cases: [
      ...pageCases(queryPageMax),
      ['every parameter', { search: 'rev', sortBy: 'name', sortDirection: 'asc', source: 'agent', createdById: id(1), includeRuns: false }, true],
      ['sortBy not in the enum', { sortBy: 'size' }, false, 'sortBy'],
      ['sortDirection not in the enum', { sortDirection: 'up' }, false, 'sortDirection'],
      ['source not in the enum', { source: 'robot' }, false, 'source'],
      ['createdById not a uuid', { createdById: 'me' }, false, 'createdById'],
      ['platformOwned alone', { platformOwned: true }, true],
      ['ownerOrganizationId alone', { ownerOrganizationId: id(2) }, true],
      ['platformOwned with ownerOrganizationId', { platformOwned: false, ownerOrganizationId: id(2) }, false, 'platformOwned'],
    ],
  },
  { name: 'ListQueryRunsParams', schema: ListQueryRunsParams, valid: {}, cases: pageCases(queryRunPageMax) },
  {
    name: 'LatestDataParams',
    schema: LatestDataParams,
    valid: {},
    cases: [
      ['limit 0', { limit: 0 }, false, 'limit'],
      ['limit 100000 (no maximum shown)', { limit: 100_000 }, true],
      ['offset -1', { offset: -1 }, false, 'offset'],
    ],
  },
  {
    name: 'ListAutomationsParams',
    schema: ListAutomationsParams,
    valid: {},
    cases: [
      ...pageCases(automationPageMax),
      [
        'every parameter',
        { include: 'latestRun', search: 'nightly', sortBy: 'created', sortDirection: 'desc', ownership: 'granted', createdById: 'user_123' },
        true,
      ],
      ['include not in the enum', { include: 'steps' }, false, 'include'],
      ['sortBy not in the enum', { sortBy: 'lastRun' }, false, 'sortBy'],
      ['sortDirection not in the enum', { sortDirection: 'down' }, false, 'sortDirection'],
      ['ownership not in the enum', { ownership: 'mine' }, false, 'ownership'],
    ],
  },
  { name: 'ListAutomationRunsParams', schema: ListAutomationRunsParams, valid: {}, cases: pageCases(automationRunPageMax) },
  {
    name: 'TriggerAutomationBody',
    schema: TriggerAutomationBody,
    valid: {},
    cases: [
      ['every field', { metadata: { source: 'ci' }, inputValues: { day: '2025-01-01', n: 3 }, userAgent: 'cli' }, true],
      ['userAgent null', { userAgent: null }, true],
      ['userAgent not in the enum', { userAgent: 'cron' }, false, 'userAgent'],
      ['inputValues not an object', { inputValues: 'day=1' }, false, 'inputValues'],
      ['metadata not an object', { metadata: 3 }, false, 'metadata'],
      ['unknown field', { wait: true }, false],
    ],
  },
  {
    name: 'UpdateAgentBody',
    schema: UpdateAgentBody,
    valid: {},
    cases: [
      [
        'every field',
        {
          description: 'Answers questions',
          kind: 'sub',
          handlerType: 'code',
          systemPrompt: 'Be brief.',
          tools: [{ name: 'sql', config: { readOnly: true } }],
          subAgents: ['helper'],
          skills: ['charts'],
          maxTurns: 10,
          metadata: {},
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object' },
          userAgent: 'cli',
        },
        true,
      ],
      ['description null', { description: null }, true],
      ['description of 1000', { description: str(1000) }, true],
      ['description of 1001', { description: str(1001) }, false, 'description'],
      ['kind not in the enum', { kind: 'main' }, false, 'kind'],
      ['handlerType not in the enum', { handlerType: 'python' }, false, 'handlerType'],
      ['maxTurns 0', { maxTurns: 0 }, false, 'maxTurns'],
      ['maxTurns 1', { maxTurns: 1 }, true],
      ['maxTurns 50', { maxTurns: 50 }, true],
      ['maxTurns 51', { maxTurns: 51 }, false, 'maxTurns'],
      ['maxTurns 2.5', { maxTurns: 2.5 }, false, 'maxTurns'],
      ['tools null', { tools: null }, true],
      ['tool without config', { tools: [{ name: 'sql' }] }, false, 'tools.0.config'],
      ['tool config not an object', { tools: [{ name: 'sql', config: 'x' }] }, false, 'tools.0.config'],
      ...subAgentCases('subAgents'),
      ['skills entry of 1', { skills: ['a'] }, true],
      ['skills empty entry', { skills: [''] }, false, 'skills.0'],
      ['skills null (not allowed in the body)', { skills: null }, false, 'skills'],
      ['userAgent null', { userAgent: null }, true],
      ['userAgent not in the enum', { userAgent: 'robot' }, false, 'userAgent'],
      ['name is not patchable', { name: 'other' }, false],
      ['status is not patchable', { status: 'active' }, false],
    ],
  },
  {
    name: 'ApplySkillBody',
    schema: ApplySkillBody,
    valid: { name: 'Charts', slug: 'charts', description: 'Draws charts', knowledge: 'Use bar charts for counts.' },
    cases: [
      ['every field', { tools: ['sql'], subAgents: ['acme/plotter'], sections: { intro: 'x' }, userAgent: 'cli' }, true],
      ...['name', 'slug', 'description', 'knowledge'].map((field): Case => [`${field} missing`, { [field]: undefined }, false, field]),
      ['name of 0', { name: '' }, false, 'name'],
      ['name of 1', { name: 'a' }, true],
      ['name of 255', { name: str(255) }, true],
      ['name of 256', { name: str(256) }, false, 'name'],
      ['slug of 0', { slug: '' }, false, 'slug'],
      ['slug of 255', { slug: str(255) }, true],
      ['slug of 256', { slug: str(256) }, false, 'slug'],
      ['slug with digits and _', { slug: 'chart_2' }, true],
      ['slug with upper case', { slug: 'Charts' }, false, 'slug'],
      ['slug with a dash', { slug: 'bar-charts' }, false, 'slug'],
      ['slug with a space', { slug: 'bar charts' }, false, 'slug'],
      ['description of 0', { description: '' }, false, 'description'],
      ['description of 1000', { description: str(1000) }, true],
      ['description of 1001', { description: str(1001) }, false, 'description'],
      ['knowledge of 0', { knowledge: '' }, false, 'knowledge'],
      ['knowledge of 1', { knowledge: 'k' }, true],
      ['tools null', { tools: null }, true],
      ['tools entry not a string', { tools: [{ name: 'sql' }] }, false, 'tools.0'],
      ...subAgentCases('subAgents'),
      ['sections not an object', { sections: ['intro'] }, false, 'sections'],
      ['userAgent null', { userAgent: null }, true],
      ['userAgent not in the enum', { userAgent: 'robot' }, false, 'userAgent'],
      ['unknown field', { id: id(1) }, false],
    ],
  },
  {
    name: 'UpdateChatSessionBody',
    schema: UpdateChatSessionBody,
    valid: {},
    cases: [
      ['meta object and visibility', { meta: { pinned: true }, visibility: 'organization' }, true],
      ['meta null', { meta: null }, true],
      ['meta a string', { meta: 'note' }, true],
      ...['personal', 'organization', 'public'].map((visibility): Case => [`visibility ${visibility}`, { visibility }, true]),
      ['visibility not in the enum', { visibility: 'private' }, false, 'visibility'],
      ['unknown field', { isPublic: true }, false],
    ],
  },
];

describe.each(requestSuites)('request $name', ({ schema, valid, cases }) => {
  it('accepts the valid value', () => {
    expectParse(schema, valid, true);
  });
  it.each(cases)('%s', (_label, patch, ok, path) => {
    expectParse(schema, merge(valid, patch), ok, path);
  });
});

it('exports the page maxima of the description', () => {
  expect({ queryPageMax, queryRunPageMax, automationPageMax, automationRunPageMax }).toEqual({
    queryPageMax: 100,
    queryRunPageMax: 100,
    automationPageMax: 200,
    automationRunPageMax: 100,
  });
  expect([...terminalAutomationRunStates].sort()).toEqual(['cancelled', 'completed', 'failed']);
});

// ---------------------------------------------------------------- responses

const history = [
  { state: 'pending', at },
  { state: 'running', at },
];

const queryRun = {
  id: id(20),
  queryId: id(10),
  resultLocation: 's3://bucket/result.parquet',
  warehouseQueryId: 'wh-1',
  rowCount: 3,
  executionTimeMs: 120,
  columnSchema: [{ name: 'day', type: 'date' }],
  errorDetails: null,
  queryHash: 'abc',
  warehouse: 'snowflake',
  dataSourceId: id(30),
  createdAt: at,
  updatedAt: at,
  startedAt: at,
  completedAt: at,
  status: 'COMPLETED',
  userAgent: 'cli',
};

const query = {
  id: id(10),
  name: 'Daily revenue',
  sql: 'select 1',
  lastSuccessfulRunId: id(20),
  lastQueryRunId: null,
  slug: 'daily_revenue',
  parameters: [{ name: 'day', type: 'date', description: 'Day', defaultValue: '2025-01-01' }],
  agentRunId: null,
  dataSourceId: id(30),
  organizationId: id(1),
  createdById: id(2),
  updatedById: id(2),
  createdAt: at,
  updatedAt: at,
  description: null,
  metadata: { team: 'finance' },
  userAgent: 'web',
  lastSuccessfulRun: queryRun,
  lastQueryRun: queryRun,
};

const automation = {
  id: id(40),
  organizationId: id(1),
  name: 'Nightly report',
  description: null,
  cadence: { type: 'daily', time: '02:00' },
  inputSchema: { type: 'object' },
  clonedFromId: null,
  createdById: id(2),
  updatedById: id(2),
  lastRunAt: at,
  createdAt: at,
  updatedAt: at,
  userAgent: null,
};

const automationRun = {
  id: id(50),
  workflowId: id(40),
  organizationId: id(1),
  runById: null,
  state: 'running',
  triggeredBy: 'api',
  error: {},
  metadata: { source: 'ci' },
  inputValues: { day: '2025-01-01' },
  startedAt: at,
  completedAt: null,
  createdAt: at,
  updatedAt: at,
  stateHistory: history,
  userAgent: 'cli',
  workflowName: 'Nightly report',
};

const stepRun = {
  id: id(60),
  workflowRunId: id(50),
  workflowStepId: id(70),
  state: 'succeeded',
  input: { day: '2025-01-01' },
  output: { rows: 3 },
  error: null,
  startedAt: at,
  completedAt: at,
  createdAt: at,
  updatedAt: at,
  stateHistory: history,
};

const agent = {
  id: id(80),
  name: 'sql_helper',
  description: 'Writes SQL',
  kind: 'chat',
  status: 'active',
  handlerType: 'database',
  systemPrompt: 'Be brief.',
  tools: [{ name: 'sql', config: { readOnly: true } }],
  maxTurns: 20,
  metadata: {},
  organizationId: id(1),
  organizationSlug: 'acme',
  createdById: id(2),
  updatedById: id(3),
  createdAt: at,
  updatedAt: at,
  subAgents: ['acme/plotter'],
  skills: ['charts'],
  inputSchema: {},
  outputSchema: {},
  userAgent: 'web',
  lastUsedAt: null,
};

const skill = {
  id: id(90),
  name: 'Charts',
  slug: 'charts',
  description: 'Draws charts',
  knowledge: 'Use bar charts for counts.',
  tools: null,
  subAgents: ['plotter'],
  organizationId: id(1),
  createdById: id(2),
  updatedById: id(2),
  createdAt: at,
  updatedAt: at,
  sections: { intro: 'x' },
  userAgent: 'api',
  organizationSlug: 'acme',
  lastUsedAt: at,
};

const chatSession = {
  id: id(100),
  userId: 'user_1',
  createdAt: at,
  organizationId: id(1),
  createdById: id(2),
  updatedById: id(2),
  meta: { title: 'Revenue' },
  isPublic: false,
  visibility: 'personal',
  version: '4',
  userAgent: 'slack',
};

const envelope = { total: 1, limit: 50, offset: 0 };
const envelopeCases: Case[] = [
  ['limit 0', { limit: 0 }, false, 'limit'],
  ['total -1', { total: -1 }, false, 'total'],
  ['offset 1.5', { offset: 1.5 }, false, 'offset'],
];

const responseSuites: { name: string; schema: ZodType; full: Fields; required: string[]; cases?: Case[] }[] = [
  {
    name: 'Query',
    schema: Query,
    full: query,
    required: [
      'id',
      'name',
      'sql',
      'lastSuccessfulRunId',
      'lastQueryRunId',
      'slug',
      'parameters',
      'agentRunId',
      'dataSourceId',
      'organizationId',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ],
    cases: [
      ['userAgent not (yet) in the enum: a value added later is kept', { userAgent: 'browser' }, true],
      ['parameters null', { parameters: null }, true],
      ['nested run with a status added later', { lastQueryRun: { ...queryRun, status: 'DONE' } }, true],
    ],
  },
  {
    name: 'QueryRun',
    schema: QueryRun,
    full: queryRun,
    // the description marks no QueryRun field `req`
    required: [],
    cases: [['status not (yet) in the enum: a value added later is kept', { status: 'DONE' }, true]],
  },
  { name: 'QueryList', schema: QueryList, full: { queries: [query], ...envelope }, required: ['queries', 'total', 'limit', 'offset'], cases: envelopeCases },
  { name: 'QueryRunList', schema: QueryRunList, full: { runs: [queryRun], ...envelope }, required: ['runs', 'total', 'limit', 'offset'] },
  {
    name: 'ExecuteQueryResponse',
    schema: ExecuteQueryResponse,
    full: { queryId: id(10), queryRunId: id(20), status: 'PENDING', queryName: 'Daily revenue' },
    required: ['queryId', 'queryRunId', 'status'],
  },
  {
    name: 'LatestData',
    schema: LatestData,
    full: {
      queryRunId: id(20),
      status: 'COMPLETED',
      totalRowCount: null,
      returnedRowCount: 1,
      columns: [{ name: 'n' }],
      rows: [{ n: 1 }],
      startedAt: at,
      completedAt: null,
    },
    required: ['queryRunId', 'status', 'totalRowCount', 'returnedRowCount', 'columns', 'rows'],
  },
  {
    name: 'QueryRunStatusResponse',
    schema: QueryRunStatusResponse,
    full: {
      queryRunId: id(20),
      status: 'RUNNING',
      message: null,
      userAgent: null,
      createdAt: at,
      history: [{ status: 'PENDING', message: null, createdAt: at }],
    },
    required: ['queryRunId', 'status', 'message', 'userAgent', 'createdAt', 'history'],
  },
  {
    name: 'QueryRunResult',
    schema: QueryRunResult,
    full: {
      queryRunId: id(20),
      queryId: id(10),
      status: 'COMPLETED',
      resultLocation: null,
      rowCount: 3,
      executionTimeMs: 10,
      columnSchema: null,
      userAgent: 'cli',
      createdAt: at,
      completedAt: at,
    },
    required: ['queryRunId', 'queryId', 'status', 'resultLocation', 'rowCount', 'executionTimeMs', 'columnSchema', 'userAgent', 'createdAt', 'completedAt'],
  },
  {
    name: 'Automation',
    schema: Automation,
    full: { ...automation, latestRun: automationRun },
    required: [
      'id',
      'organizationId',
      'name',
      'description',
      'cadence',
      'inputSchema',
      'clonedFromId',
      'createdById',
      'updatedById',
      'lastRunAt',
      'createdAt',
      'updatedAt',
    ],
    cases: [
      ['cadence with further fields', { cadence: { type: 'weekly', time: '09:00', days: ['mon'], timezone: 'UTC' } }, true],
      ['cadence without time', { cadence: { type: 'hourly' } }, true],
      ['cadence without type', { cadence: { time: '02:00' } }, false, 'cadence.type'],
      ['userAgent not (yet) in the enum: a value added later is kept', { userAgent: 'cron' }, true],
    ],
  },
  {
    name: 'AutomationList',
    schema: AutomationList,
    full: { workflows: [automation], ...envelope },
    required: ['workflows', 'total', 'limit', 'offset'],
    cases: envelopeCases,
  },
  {
    name: 'AutomationRun',
    schema: AutomationRun,
    full: automationRun,
    required: [
      'id',
      'workflowId',
      'organizationId',
      'runById',
      'state',
      'triggeredBy',
      'metadata',
      'inputValues',
      'startedAt',
      'completedAt',
      'createdAt',
      'updatedAt',
      'stateHistory',
    ],
    cases: [
      ['error null on a healthy run', { error: null }, true],
      ['error with details', { state: 'failed', error: { message: 'boom', step: 'load' } }, true],
      ['error not an object', { error: 'boom' }, false, 'error'],
      ['state not (yet) in the enum: a value added later is kept', { state: 'paused' }, true],
      ['triggeredBy not (yet) in the enum: a value added later is kept', { triggeredBy: 'webhook' }, true],
      ['stateHistory entry without at', { stateHistory: [{ state: 'pending' }] }, false, 'stateHistory.0.at'],
    ],
  },
  {
    name: 'StepRun',
    schema: StepRun,
    full: stepRun,
    // the description marks no StepRun field `req`
    required: [],
    cases: [
      [
        'every optional field but the ids null',
        Object.fromEntries(
          Object.keys(stepRun)
            .filter((key) => key !== 'id' && key !== 'workflowRunId')
            .map((key) => [key, null]),
        ),
        true,
      ],
    ],
  },
  { name: 'AutomationRunDetail', schema: AutomationRunDetail, full: { run: automationRun, stepRuns: [stepRun] }, required: ['run', 'stepRuns'] },
  {
    name: 'AutomationRunList',
    schema: AutomationRunList,
    full: { runs: [automationRun], ...envelope },
    required: ['runs', 'total', 'limit', 'offset'],
    cases: envelopeCases,
  },
  {
    name: 'Agent',
    schema: Agent,
    full: agent,
    required: [
      'id',
      'name',
      'description',
      'kind',
      'status',
      'handlerType',
      'systemPrompt',
      'tools',
      'maxTurns',
      'metadata',
      'organizationId',
      'organizationSlug',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ],
    cases: [
      ['tools null', { tools: null }, true],
      // limits are enforced on requests; a stored agent outside them must still be readable
      ['name not matching the pattern', { name: 'SQL Helper' }, true],
      ['maxTurns 51', { maxTurns: 51 }, true],
      ['maxTurns not an integer', { maxTurns: 1.5 }, false, 'maxTurns'],
      ['kind not (yet) in the enum: a value added later is kept', { kind: 'main' }, true],
      ['status not (yet) in the enum: a value added later is kept', { status: 'deleted' }, true],
      ['handlerType not (yet) in the enum: a value added later is kept', { handlerType: 'python' }, true],
    ],
  },
  {
    name: 'Skill',
    schema: Skill,
    full: skill,
    required: [
      'id',
      'name',
      'slug',
      'description',
      'knowledge',
      'tools',
      'subAgents',
      'organizationId',
      'createdById',
      'updatedById',
      'createdAt',
      'updatedAt',
    ],
    cases: [['subAgents null', { subAgents: null }, true]],
  },
  {
    name: 'ChatSession',
    schema: ChatSession,
    full: chatSession,
    required: ['id', 'userId', 'createdAt', 'organizationId', 'createdById', 'updatedById'],
    cases: [
      ['legacy string id', { id: 'sess_01HX' }, true],
      ['version as a number', { version: 4 }, true],
      ['visibility not (yet) in the enum: a value added later is kept', { visibility: 'private' }, true],
    ],
  },
  {
    name: 'UpdateChatSessionResponse',
    schema: UpdateChatSessionResponse,
    full: { id: id(100), visibility: 'organization', meta: null, updatedAt: at },
    required: ['id', 'visibility'],
  },
];

describe.each(responseSuites)('response $name', ({ schema, full, required, cases = [] }) => {
  it('parses a full response unchanged', () => {
    expect(expectParse(schema, full, true)).toEqual(full);
  });
  it('keeps unknown fields', () => {
    const extra = { futureField: { nested: [1, 'two'] } };
    expect(expectParse(schema, { ...full, ...extra }, true)).toMatchObject(extra);
  });
  it.runIf(required.length > 0).each(required)('fails without required %s', (key) => {
    expectParse(schema, merge(full, { [key]: undefined }), false, key);
  });
  const optional = Object.keys(full).filter((key) => !required.includes(key));
  it.runIf(optional.length > 0).each(optional)('passes without optional %s', (key) => {
    expectParse(schema, merge(full, { [key]: undefined }), true);
  });
  it.runIf(cases.length > 0).each(cases)('%s', (_label, patch, ok, path) => {
    expectParse(schema, merge(full, patch), ok, path);
  });
});

describe('step-runs response', () => {
  it.each([
    ['a bare array', [stepRun]],
    ['an object with stepRuns', { stepRuns: [stepRun], total: 1 }],
    ['an object with runs', { runs: [stepRun], total: 1 }],
    ['step runs without id or workflowRunId (neither is marked req)', { stepRuns: [{ state: 'pending' }] }],
    ['runs when stepRuns is not a step-run list', { stepRuns: 'see runs', runs: [stepRun] }],
  ])('normalises %s', (_label, body) => {
    const list = Array.isArray(body) ? body : ((body as { stepRuns: unknown[]; runs?: unknown[] }).runs ?? (body as { stepRuns: unknown[] }).stepRuns);
    expect(stepRunsOf(StepRunsResponse.parse(body))).toEqual(list);
  });
  it.each([
    ['an object without a list', { steps: [stepRun] }],
    ['a list of what cannot be step runs (a number as id)', [{ id: 60 }]],
    ['a list of numbers', [1, 2]],
    ['null', null],
  ])('accepts %s as a body, but finds no step runs in it', (_label, body) => {
    expect(StepRunsResponse.safeParse(body).success).toBe(true);
    expect(stepRunsOf(body)).toBeUndefined();
  });
});

it.each([
  ['AutomationRunResult', AutomationRunResult],
  ['CancelAutomationRunResponse', CancelAutomationRunResponse],
])('%s accepts any body, since its shape is not shown', (_name, schema) => {
  for (const body of [null, { steps: [] }, [1, 2], 'ok']) expect(schema.parse(body)).toEqual(body);
});

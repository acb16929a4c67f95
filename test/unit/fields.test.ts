import { describe, expect, it } from 'vitest';
import {
  agentFields,
  automationFields,
  automationRunFields,
  chatSessionFields,
  chatSessionUpdateFields,
  executeQueryResponseFields,
  queryFields,
  queryRunFields,
  queryRunResultFields,
  queryRunStatusFields,
  skillFields,
  stepRunFields,
} from '../../src/api/fields.js';
import { Agent } from '../../src/api/schemas/agents.js';
import { AutomationRun, StepRun } from '../../src/api/schemas/automation-runs.js';
import { Automation } from '../../src/api/schemas/automations.js';
import { ChatSession, UpdateChatSessionResponse } from '../../src/api/schemas/chat-sessions.js';
import { ExecuteQueryResponse, Query } from '../../src/api/schemas/queries.js';
import { QueryRun, QueryRunResult, QueryRunStatusResponse } from '../../src/api/schemas/query-runs.js';
import { Skill } from '../../src/api/schemas/skills.js';

// The --json field lists are kept free of zod for fast help and completion; they must not drift from the schemas.
describe('--json field lists match the schemas', () => {
  it.each([
    ['Query', queryFields, Query.shape],
    ['QueryRun', queryRunFields, QueryRun.shape],
    ['QueryRunStatusResponse', queryRunStatusFields, QueryRunStatusResponse.shape],
    ['QueryRunResult', queryRunResultFields, QueryRunResult.shape],
    ['ExecuteQueryResponse', executeQueryResponseFields, ExecuteQueryResponse.shape],
    ['Automation', automationFields, Automation.shape],
    ['AutomationRun', automationRunFields, AutomationRun.shape],
    ['StepRun', stepRunFields, StepRun.shape],
    ['Agent', agentFields, Agent.shape],
    ['Skill', skillFields, Skill.shape],
    ['ChatSession', chatSessionFields, ChatSession.shape],
    ['UpdateChatSessionResponse', chatSessionUpdateFields, UpdateChatSessionResponse.shape],
  ])('%s', (_name, fields, shape) => {
    expect([...fields].sort()).toEqual(Object.keys(shape).sort());
  });
});

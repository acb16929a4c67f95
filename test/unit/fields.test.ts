import { describe, expect, it } from 'vitest';
import { automationFields, automationRunFields, queryFields, queryRunFields, stepRunFields } from '../../src/api/fields.js';
import { AutomationRun, StepRun } from '../../src/api/schemas/automation-runs.js';
import { Automation } from '../../src/api/schemas/automations.js';
import { Query } from '../../src/api/schemas/queries.js';
import { QueryRun } from '../../src/api/schemas/query-runs.js';

// The --json field lists are kept free of zod for fast help and completion; they must not drift from the schemas.
describe('--json field lists match the schemas', () => {
  it.each([
    ['Query', queryFields, Query.shape],
    ['QueryRun', queryRunFields, QueryRun.shape],
    ['Automation', automationFields, Automation.shape],
    ['AutomationRun', automationRunFields, AutomationRun.shape],
    ['StepRun', stepRunFields, StepRun.shape],
  ])('%s', (_name, fields, shape) => {
    expect([...fields].sort()).toEqual(Object.keys(shape).sort());
  });
});

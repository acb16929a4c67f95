import type { CreateQueryBody, Query, UpdateQueryBody } from '../../../api/schemas/queries.js';
import { canonical, planText, type PlanAction, type PlanEntry } from '../../../cmdutil/apply-plan.js';
import { normalParameters, normalSql, type QueryFile, type QueryParameterFields } from './query-file.js';

/** What `queries apply` does with one file: the request body, and each changed field's old and new value. */
export interface PlannedQuery extends PlanEntry {
  file: string;
  action: PlanAction;
  create?: CreateQueryBody;
  update?: UpdateQueryBody;
}

/**
 * Compares a file with the query of the same slug (none: it is created); only changed fields are sent.
 * `namesake`, a query of another slug with the file's name, is most likely the same query under a file renamed.
 */
export function planQuery(source: QueryFile, existing: Query | undefined, namesake?: Query): PlannedQuery {
  const want = source.query;
  const base = { slug: source.slug, file: source.file, notes: [] as string[] };
  if (!existing) {
    if (namesake)
      base.notes.push(
        `a query with this name exists as ${namesake.slug} (${namesake.id}): to update it instead of creating another, name the file ${namesake.slug}.sql`,
      );
    // in the order the plan shows them: the SQL, the longest, last
    const create: CreateQueryBody = {
      name: want.name,
      description: want.description,
      parameters: want.parameters,
      metadata: want.metadata,
      ...(want.dataSourceId ? { dataSourceId: want.dataSourceId } : {}),
      sql: want.sql,
      userAgent: 'cli',
    };
    const changes = Object.fromEntries(
      Object.entries(create)
        .filter(([field, value]) => field !== 'userAgent' && value !== null && canonical(value) !== '[]')
        .map(([field, value]) => [field, { from: undefined, to: value }]),
    );
    return { ...base, action: 'created', id: undefined, changes, create };
  }
  const have = {
    name: existing.name,
    description: existing.description ?? null,
    sql: normalSql(existing.sql),
    parameters: normalParameters(existing.parameters),
    metadata: existing.metadata ?? null,
  };
  const update: Record<string, unknown> = {};
  const changes: PlannedQuery['changes'] = {};
  for (const field of ['name', 'description', 'parameters', 'metadata', 'sql'] as const) {
    if (canonical(have[field]) === canonical(want[field])) continue;
    update[field] = want[field];
    changes[field] = { from: have[field], to: want[field] };
  }
  const notes =
    want.dataSourceId && want.dataSourceId !== existing.dataSourceId
      ? [`dataSourceId is set only when a query is created; the query keeps ${existing.dataSourceId ?? 'none'}`]
      : [];
  const action = Object.keys(update).length ? 'updated' : 'unchanged';
  return { ...base, notes, action, id: existing.id, changes, ...(action === 'updated' ? { update: update as UpdateQueryBody } : {}) };
}

function parameterText(p: QueryParameterFields): string {
  return `${p.name}:${p.type}${p.defaultValue !== '' ? `=${p.defaultValue}` : ''}${p.description !== '' ? ` (${p.description})` : ''}`;
}

/** Parameters as lines of their own: the ones that go, then the ones that come. */
function parameterLines(field: string, from: unknown, to: unknown): string[] | undefined {
  if (field !== 'parameters') return undefined;
  const before = ((from ?? []) as QueryParameterFields[]).map(parameterText);
  const after = ((to ?? []) as QueryParameterFields[]).map(parameterText);
  const lines = [
    ...before.filter((p) => !after.includes(p)).map((p) => `      - ${p}`),
    ...after.filter((p) => !before.includes(p)).map((p) => `      + ${p}`),
  ];
  return [lines.length ? '    parameters:' : `    parameters: the same, in a new order: ${after.map((p) => p.split(':')[0]).join(', ')}`, ...lines];
}

/** The plan of `queries apply` as text. */
export function queryPlanText(plan: PlannedQuery[]): string {
  return planText(plan, parameterLines);
}

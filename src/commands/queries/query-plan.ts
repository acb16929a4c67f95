import type { CreateQueryBody, Query, UpdateQueryBody } from '../../api/schemas/queries.js';
import { canonical } from '../../workspace/compare.js';
import { normalParameters, normalSql, type QueryFile, type QueryParameterFields } from './query-file.js';

export type PlanAction = 'created' | 'updated' | 'unchanged';

/** What `queries apply` does with one file: the request body, and each changed field's old and new value. */
export interface PlannedQuery {
  slug: string;
  file: string;
  action: PlanAction;
  id: string | undefined;
  changes: Record<string, { from: unknown; to: unknown }>;
  create?: CreateQueryBody;
  update?: UpdateQueryBody;
  /** Said but not done, e.g. a data source that only creation sets. */
  notes: string[];
}

/**
 * Compares a file with the query of the same slug (none: it is created); only changed fields are sent.
 * `namesake`, a query of another slug with the file's name, is most likely the same query under a file renamed.
 */
export function planQuery(source: QueryFile, existing: Query | undefined, namesake?: Query): PlannedQuery {
  const want = source.query;
  const base = { slug: source.slug, file: source.file, notes: [] as string[] };
  if (!existing) {
    if (namesake) base.notes.push(`a query with this name exists as ${namesake.slug} (${namesake.id}): to update it instead of creating another, name the file ${namesake.slug}.sql`);
    // in the order the plan shows them: the SQL, the longest, last
    const create: CreateQueryBody = { name: want.name, description: want.description, parameters: want.parameters, metadata: want.metadata, ...(want.dataSourceId ? { dataSourceId: want.dataSourceId } : {}), sql: want.sql, userAgent: 'cli' };
    const changes = Object.fromEntries(Object.entries(create).filter(([field, value]) => field !== 'userAgent' && value !== null && canonical(value) !== '[]').map(([field, value]) => [field, { from: undefined, to: value }]));
    return { ...base, action: 'created', id: undefined, changes, create };
  }
  const have = { name: existing.name, description: existing.description ?? null, sql: normalSql(existing.sql), parameters: normalParameters(existing.parameters), metadata: existing.metadata ?? null };
  const update: Record<string, unknown> = {};
  const changes: PlannedQuery['changes'] = {};
  for (const field of ['name', 'description', 'parameters', 'metadata', 'sql'] as const) {
    if (canonical(have[field]) === canonical(want[field])) continue;
    update[field] = want[field];
    changes[field] = { from: have[field], to: want[field] };
  }
  const notes = want.dataSourceId && want.dataSourceId !== existing.dataSourceId ? [`dataSourceId is set only when a query is created; the query keeps ${existing.dataSourceId ?? 'none'}`] : [];
  const action = Object.keys(update).length ? 'updated' : 'unchanged';
  return { ...base, notes, action, id: existing.id, changes, ...(action === 'updated' ? { update: update as UpdateQueryBody } : {}) };
}

function parameterText(p: QueryParameterFields): string {
  return `${p.name}:${p.type}${p.defaultValue !== '' ? `=${p.defaultValue}` : ''}${p.description !== '' ? ` (${p.description})` : ''}`;
}

/** Lines as a small diff: changed lines with one line of context around them. */
export function lineDiff(from: string, to: string): string[] {
  const a = from === '' ? [] : from.split('\n');
  const b = to === '' ? [] : to.split('\n');
  // longest common subsequence, bounded: a huge SQL is shown as removed and added whole
  if (a.length * b.length > 4_000_000) return [...a.map((l) => `- ${l}`), ...b.map((l) => `+ ${l}`)];
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push(`  ${a[i++]}`), j++;
    else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) ops.push(`- ${a[i++]}`);
    else ops.push(`+ ${b[j++]}`);
  }
  const near = (index: number) => [index - 1, index, index + 1].some((k) => ops[k] !== undefined && !ops[k]!.startsWith('  '));
  const shown: string[] = [];
  ops.forEach((op, index) => {
    if (near(index)) shown.push(op);
    else if (shown.at(-1) !== '  …') shown.push('  …');
  });
  return shown;
}

/** The plan as text: one line per query, then its changes, indented. */
export function planText(plan: PlannedQuery[]): string {
  const width = Math.max(...plan.map((p) => p.action.length));
  const slugWidth = Math.max(...plan.map((p) => p.slug.length));
  const out: string[] = [];
  for (const entry of plan) {
    out.push(`${entry.action.padEnd(width)}  ${entry.slug.padEnd(slugWidth)}  ${entry.file}`);
    for (const [field, { from, to }] of Object.entries(entry.changes)) {
      if (field === 'sql' || (field === 'description' && (String(from ?? '').includes('\n') || String(to ?? '').includes('\n')))) {
        out.push(`    ${field}:`, ...lineDiff(String(from ?? ''), String(to ?? '')).map((line) => `      ${line}`));
      } else if (field === 'parameters') {
        const before = ((from ?? []) as QueryParameterFields[]).map(parameterText);
        const after = ((to ?? []) as QueryParameterFields[]).map(parameterText);
        const lines = [...before.filter((p) => !after.includes(p)).map((p) => `      - ${p}`), ...after.filter((p) => !before.includes(p)).map((p) => `      + ${p}`)];
        out.push(lines.length ? '    parameters:' : `    parameters: the same, in a new order: ${after.map((p) => p.split(':')[0]).join(', ')}`, ...lines);
      } else out.push(`    ${field}: ${from === undefined ? '' : `${JSON.stringify(from)} -> `}${JSON.stringify(to)}`);
    }
    for (const note of entry.notes) out.push(`    note: ${note}`);
  }
  const count = (action: PlanAction) => plan.filter((p) => p.action === action).length;
  out.push('', `${count('created')} to create, ${count('updated')} to update, ${count('unchanged')} unchanged`);
  return `${out.join('\n')}\n`;
}

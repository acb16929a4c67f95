/**
 * What an `apply` (of queries, of skills) is about to do, shown the same way for both: one line per item with its
 * action, then each changed field, a text of several lines as a small diff.
 */
export type PlanAction = 'created' | 'updated' | 'unchanged';

export interface PlanEntry {
  slug: string;
  file: string | undefined;
  action: PlanAction;
  id: string | undefined;
  /** Each changed field's value before (undefined for an item created) and after. */
  changes: Record<string, { from: unknown; to: unknown }>;
  /** Said but not done, e.g. a data source that only creation sets. */
  notes: string[];
}

/**
 * JSON with sorted keys, so that two objects compare equal whatever order their keys came in: whether a field of a
 * plan (or of `agents update`) changes.
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

/** Lines as a small diff: changed lines with one line of context around them. */
export function lineDiff(from: string, to: string): string[] {
  const a = from === '' ? [] : from.split('\n');
  const b = to === '' ? [] : to.split('\n');
  // longest common subsequence, bounded: a huge SQL is shown as removed and added whole
  if (a.length * b.length > 4_000_000) return [...a.map((l) => `- ${l}`), ...b.map((l) => `+ ${l}`)];
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const ops: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push(`  ${a[i++]}`);
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) ops.push(`- ${a[i++]}`);
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

/** A field's lines in the plan, for a field shown in its own way; undefined for the usual way. */
export type FieldLines = (field: string, from: unknown, to: unknown) => string[] | undefined;

const multiline = (value: unknown) => typeof value === 'string' && value.includes('\n');

/** The plan as text: one line per item, then its changes, indented; a count of each action last. */
export function planText(plan: PlanEntry[], fieldLines: FieldLines = () => undefined): string {
  const width = Math.max(...plan.map((p) => p.action.length));
  const slugWidth = Math.max(...plan.map((p) => p.slug.length));
  const out: string[] = [];
  for (const entry of plan) {
    out.push(`${entry.action.padEnd(width)}  ${entry.slug.padEnd(slugWidth)}  ${entry.file ?? ''}`.trimEnd());
    for (const [field, { from, to }] of Object.entries(entry.changes)) {
      const own = fieldLines(field, from, to);
      if (own) out.push(...own);
      else if (field === 'sql' || multiline(from) || multiline(to))
        out.push(`    ${field}:`, ...lineDiff(String(from ?? ''), String(to ?? '')).map((line) => `      ${line}`));
      else out.push(`    ${field}: ${from === undefined ? '' : `${JSON.stringify(from)} -> `}${JSON.stringify(to)}`);
    }
    for (const note of entry.notes) out.push(`    note: ${note}`);
  }
  const count = (action: PlanAction) => plan.filter((p) => p.action === action).length;
  out.push('', `${count('created')} to create, ${count('updated')} to update, ${count('unchanged')} unchanged`);
  return `${out.join('\n')}\n`;
}

/** The JSON document of a plan: the entries under `key`, then the slugs of each action. */
export function planDocument<T extends PlanEntry>(
  key: string,
  plan: T[],
  dryRun: boolean,
  strip: (entry: T) => PlanEntry = (entry) => entry,
): Record<string, unknown> {
  const slugs = (action: PlanAction) => plan.filter((entry) => entry.action === action).map((entry) => entry.slug);
  return { dryRun, [key]: plan.map(strip), created: slugs('created'), updated: slugs('updated'), unchanged: slugs('unchanged') };
}

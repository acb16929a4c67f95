/**
 * Reads a line chart as a person does: each panel's y labels and series, and checks the labels against the
 * values drawn (the means of the buckets the legend names).
 */

export interface Panel {
  /** The series named in the panel's legend. */
  names: string[];
  /** Top row first; '' where a row has no label. */
  labels: string[];
}

/** The panels of a line chart's plain lines, top to bottom, and the bucket size its last legend names (1 if none). */
export function panelsOf(lines: string[]): { panels: Panel[]; bucket: number } {
  const panels: Panel[] = [];
  let labels: string[] = [];
  let bucket = 1;
  // a legend wraps onto more lines: a legend line right after another goes on with it
  let legendBefore = false;
  for (const line of lines) {
    const row = /^ *([^ ┤│]*) [┤│]/.exec(line);
    const note = /each column: (\d+) /.exec(line);
    if (note) bucket = Number(note[1]);
    const names = line
      .split('   ')
      .filter((part) => part.startsWith('── '))
      .map((part) => part.slice(3));
    if (row) labels.push(row[1]!);
    else if (line.startsWith('── ') && legendBefore) panels.at(-1)!.names.push(...names);
    else if (line.startsWith('── ')) {
      panels.push({ names, labels });
      labels = [];
    }
    legendBefore = !row && (line.startsWith('── ') || (note !== null && legendBefore));
  }
  if (labels.length) panels.push({ names: [], labels });
  return { panels, bucket };
}

/** A label as a number: 4.35k is 4350. */
export function labelValue(label: string): number {
  const [, digits, unit] = /^(-?\d+(?:\.\d+)?)([kMBT]?)$/.exec(label) ?? [];
  if (digits === undefined) throw new Error(`not a y label: "${label}"`);
  return Number(digits) * 1000 ** ['', 'k', 'M', 'B', 'T'].indexOf(unit!);
}

/** The mean of each `size` values, NULLs left out. */
export function means(values: (number | null)[], size: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let start = 0; start < values.length; start += size) {
    const present = values.slice(start, start + size).filter((v): v is number => v !== null);
    out.push(present.length ? present.reduce((a, b) => a + b, 0) / present.length : null);
  }
  return out;
}

/**
 * What is wrong with a panel's labels for the values drawn in it: each label must be a value its row would show
 * (within half a row of the row's value), the bottom one at or below the lowest value, the top one at or above the
 * highest, no two the same.
 */
export function labelProblems(labels: string[], drawn: (number | null)[]): string[] {
  const values = drawn.filter((v): v is number => v !== null);
  let [lo, hi] = [Math.min(...values), Math.max(...values)];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const rows = labels.length;
  const problems: string[] = [];
  const bottom = labels.at(-1)!;
  const top = labels[0]!;
  if (!bottom || !top) return [`the bottom or top row has no label: ${JSON.stringify(labels)}`];
  // a label is a value to a float's precision: 15.4 is the bottom of 16.4 - 1
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  if (labelValue(bottom) > lo && !near(labelValue(bottom), lo)) problems.push(`bottom label ${bottom} is above the lowest value drawn, ${lo}`);
  if (labelValue(top) < hi && !near(labelValue(top), hi)) problems.push(`top label ${top} is below the highest value drawn, ${hi}`);
  const shown = labels.filter(Boolean);
  if (new Set(shown).size !== shown.length) problems.push(`labels repeat: ${shown.join(', ')}`);
  const half = rows === 1 ? hi - lo : (hi - lo) / (rows - 1) / 2;
  labels.forEach((label, index) => {
    const r = rows - 1 - index;
    const at = rows === 1 ? lo : lo + ((hi - lo) * r) / (rows - 1);
    if (label && Math.abs(labelValue(label) - at) > half * (1 + 1e-9)) problems.push(`label ${label} is not on its row, whose value is ${at} (±${half})`);
  });
  return problems;
}

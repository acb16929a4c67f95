/** The line under a terminal list of runs: their durations at a glance, the median, the slowest, the failures. */
import { formatDuration } from '../duration.js';
import { cutWidth, textWidth } from './width.js';

export interface RunAtAGlance {
  /** When the run started (ISO); the sparkline is in this order. */
  at: string | null | undefined;
  /** How long it took; null while it runs. */
  ms: number | null | undefined;
  failed: boolean;
}

const levels = '▁▂▃▄▅▆▇█';

/** Bars measured from 0, as a chart's are: runs of 300 and 301 ms look alike, not like a slowdown. */
export function sparkline(values: number[]): string {
  const hi = Math.max(...values);
  return values.map((v) => levels[hi <= 0 ? 0 : Math.round((Math.max(v, 0) / hi) * (levels.length - 1))]).join('');
}

/** `durations ▁▂▁▃█▂  median 1.2s  slowest 4.5s  0 failed`, at most `width` columns (the newest runs kept). */
export function runsAtAGlance(runs: RunAtAGlance[], width: number): string {
  const inOrder = [...runs].sort((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? ''));
  const durations = inOrder.map((run) => run.ms).filter((ms): ms is number => typeof ms === 'number' && ms >= 0);
  const failed = `${runs.filter((run) => run.failed).length} failed`;
  if (durations.length === 0) return cutWidth(`no durations yet  ${failed}`, width);
  const sorted = [...durations].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const tail = `  median ${formatDuration(median)}  slowest ${formatDuration(sorted.at(-1)!)}  ${failed}`;
  const room = width - textWidth('durations ') - textWidth(tail);
  if (room < 1) return cutWidth(`${sparkline(durations.slice(-Math.max(1, width - 1)))}${tail}`, width);
  return `durations ${sparkline(durations.slice(-room))}${tail}`;
}

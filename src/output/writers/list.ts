/**
 * What every writer of a list gets from Output: the list, its view, a count of the items that reached stdout, and
 * stdout itself. Output (../output.ts) picks the writer of the format; each format's writer is a file of this
 * folder named after it.
 */
import type { Page } from '../../api/paginate.js';
import { WsError } from '../../errors.js';
import type { Column, View } from '../view.js';

/** A list as it is printed: its items under `key`, with total, limit and offset describing the whole. */
export interface ListSource<T> {
  key: string;
  offset: number;
  /**
   * `--all`: the envelope describes the whole (limit = items printed) even when one page held it all;
   * otherwise a single page is printed as the API sent it.
   */
  all?: boolean;
  pages: AsyncIterable<Page<T>>;
  /** Said on stderr when more items exist than were shown, e.g. "use --all"; a function of how many remain. */
  moreHint?: string | ((remaining: number) => string);
  /**
   * The fields beside the items when several pages are printed as one document, from the first page's
   * envelope and the number of items printed. Default: total, limit (items printed) and offset.
   */
  summarize?: (first: Record<string, unknown> | undefined, count: number, total: number) => Record<string, unknown>;
  /**
   * The fields before the items, from the first page's envelope. When given, every document of this list has
   * one order of fields, whatever its size: these, the items, then `summarize`'s (a single page included).
   */
  leading?: (first: Record<string, unknown> | undefined) => Record<string, unknown>;
  /**
   * For an output broken part-way by `error` after `written` items reached stdout: the command that prints the
   * rest, or undefined when there is none (the items changed meanwhile). Without it, such a break is not reported.
   */
  resume?: (written: number, error: WsError) => string | undefined;
  /** A last line under a terminal table, from the items shown and the terminal's width (the runs' sparkline). */
  footer?: (items: T[], width: number) => string;
}

/** A list being written: what it is, how it is shown, and where its text goes. */
export interface ListWriting<T> {
  source: ListSource<T>;
  view: View<T>;
  /** The items that reached stdout, for the error of an output broken part-way. */
  progress: { written: number };
  /** Every write to stdout (Output's emit: control characters escaped as the format needs). */
  out: (text: string) => Promise<void> | void;
}

/** csv, tsv and typed headers: API field names, a computed column standing for the fields it is made of. */
export function csvHeader<T>(columns: Column<T>[]): string[] {
  return columns.flatMap((c) => c.csv ?? [c.field]);
}

/** A failed write to stdout as ws's error (the reader going away, EPIPE, stays itself: ws ends quietly on it). */
export function outputFailure(error: unknown): unknown {
  if (error instanceof WsError || (error as NodeJS.ErrnoException).code === 'EPIPE') return error;
  return new WsError('api', `cannot write the output: ${error instanceof Error ? error.message : String(error)}`, { code: 'output_failed' });
}

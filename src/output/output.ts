import type { Page } from '../api/paginate.js';
import { rowFormat, type OutputFormat } from '../config/settings.js';
import { write, type IO } from '../io.js';
import { escapeControl, terminalText } from '../text.js';
import { durationText, humanCount, plain, pretty, type Paint } from './cells.js';
import { csvRecord, tsvRecord } from './delimited.js';
import { checkFields, pickFields, valueAt } from './field-selection.js';
import { WsError, usageError } from '../errors.js';
import { checkJq, runJq } from './jq.js';
import { escapeJsonControls, escapeYamlControls } from './serialize.js';
import { yamlItem, yamlWriter } from './yaml.js';
import { markdownHeader, markdownRow } from './markdown.js';
import { detail, exactText, leftOutHint, plainHeader, plainRow, rightAligned, terminalTable } from './table.js';
import type { ChartPlan } from './chart-data.js';
import type { Column, View } from './view.js';
import { fallbackColumns } from './width.js';
import { RowLedger } from './row-ledger.js';
import type { OutTarget } from './out-file.js';
import { typedFormat, typedRows, type RowsWriter, type TypedFormat } from './binary-rows.js';
import { textColumnsNote, typedColumns } from './typed-columns.js';

export interface OutputOptions {
  format: OutputFormat;
  jsonFields: string[] | undefined;
  jq: string | undefined;
  color: boolean;
  quiet: boolean;
  /** The format was given on this command line (-o, --json), not taken from WS_OUTPUT or the profile. */
  explicit?: boolean;
  /** Terminal tables show every column and full ids, however wide (`--wide`). */
  wide?: boolean;
  /** csv records end in CRLF, not LF (`--crlf`). */
  crlf?: boolean;
  /** csv text cells a spreadsheet would run as formulas start with ' (`--csv-safe`). */
  csvSafe?: boolean;
  /** stderr is a program's (Settings.jsonProgress): what must be said is a JSON line there. */
  jsonNotices?: boolean;
  /** The output goes to this file (--out), which commit() makes whole under its name. */
  file?: OutTarget;
  /** The commands that print a query result, named when -o chart or a binary format is asked of another command. */
  resultCommands: string;
}

const noPaint: Paint = (_kind, text) => text;

/** Rows of a terminal table laid out and drawn together (see Output.list). */
export const tableBlock = 10_000;

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

/**
 * The one place that turns API data into stdout text, for every format. stdout carries data only;
 * hints go to stderr and only in a terminal.
 */
export class Output {
  private paint: Paint = noPaint;

  private constructor(
    private readonly io: IO,
    private readonly options: OutputOptions,
  ) {}

  /**
   * Checks `--json` fields and the `--jq` expression up front, before any request is sent. `fields` are
   * the names `--json a,b` may pick; 'columns' when they are a query result's columns, checked once
   * known; none when the output has no fixed fields, where `--json a,b` is refused.
   */
  static async create(io: IO, options: OutputOptions, fields?: readonly string[] | 'columns', shape: { document?: boolean } = {}): Promise<Output> {
    if (options.crlf && options.format !== 'csv') throw usageError(`--crlf is for -o csv, not ${options.format}`, 'add -o csv, or leave --crlf out');
    if (options.csvSafe && options.format !== 'csv') throw usageError(`--csv-safe is for -o csv, not ${options.format}`, 'add -o csv, or leave --csv-safe out');
    if (shape.document && rowFormat(options.format)) {
      if (options.explicit)
        throw usageError(`-o ${options.format} needs rows, and this command prints one document`, 'use -o json or -o yaml, and --jq to pick from it');
      // a default output (profile, WS_OUTPUT) is for the commands it suits; the others print as usual
      options = { ...options, format: 'table' };
    }
    if (typedFormat(options.format) && fields !== 'columns') {
      if (options.explicit)
        throw usageError(
          `-o ${options.format} writes the rows of a query result, and this command prints none`,
          `the commands that write one: ${options.resultCommands}`,
        );
      options = { ...options, format: 'table' };
    }
    if (typedFormat(options.format)) {
      if (options.jq !== undefined) throw usageError(`--jq filters JSON, and -o ${options.format} writes no JSON`, 'leave one of them out');
      // binary is for a file or a program, never for a terminal to show
      if (io.stdoutIsTTY)
        throw usageError(`-o ${options.format} is binary, not for a terminal`, `write it to a file with --out rows.${options.format}, or pipe it to a program`);
    }
    if (options.format === 'chart' && fields !== 'columns') {
      if (options.explicit)
        throw usageError('-o chart draws a query result, and this command prints none', `the commands that draw one: ${options.resultCommands}`);
      options = { ...options, format: 'table' };
    }
    if (options.jsonFields && Array.isArray(fields)) checkFields(options.jsonFields, fields);
    if (options.jsonFields && fields === undefined) {
      throw usageError(
        'this command prints a document without a fixed list of fields, so --json cannot pick some: use --json alone, and --jq to pick (e.g. --jq .state)',
      );
    }
    if (options.jq !== undefined) await checkJq(options.jq);
    const output = new Output(io, options);
    if (options.color && options.format === 'table') {
      const { Chalk } = await import('chalk');
      const chalk = new Chalk({ level: 1 });
      const styles = { good: chalk.green, bad: chalk.red, busy: chalk.yellow, dim: chalk.dim, bold: chalk.bold };
      output.paint = (kind, text) => styles[kind](text);
    }
    return output;
  }

  get format(): OutputFormat {
    return this.options.format;
  }

  /** The file of --out this output writes, if any. */
  get file(): string | undefined {
    return this.options.file?.target;
  }

  /** What another Output writing the same rows (the export's worker) is made with: these options, the file aside. */
  get shared(): Omit<OutputOptions, 'file'> {
    const { file: _file, ...options } = this.options;
    return options;
  }

  /** Everything was written: the file of --out, if any, appears under its name (see OutFile). */
  commit(): void {
    this.options.file?.commit();
  }

  /** The file of --out, if any, is removed unwritten (synchronously: for a signal that ends ws at once). */
  discard(): void {
    this.options.file?.discard();
  }

  private get lineEnd(): '\n' | '\r\n' {
    return this.options.crlf ? '\r\n' : '\n';
  }

  async list<T>(source: ListSource<T>, view: View<T>): Promise<void> {
    const printed = { count: 0, total: Number.NaN };
    // the items that reached stdout, for the error of an output broken part-way
    const progress = { written: 0 };
    const broken = new WeakSet<WsError>();
    try {
      await this.listItems({ ...source, pages: reading(tally(source.pages, printed), broken) }, view, progress);
    } catch (error) {
      // the pages stopped coming (a failure, a signal) or the output could not be written (a full disk): the output
      // holds the items written so far, said with the command that goes on
      if (error instanceof WsError && (broken.has(error) || error.code === 'output_failed')) throw this.partialError(source, progress.written, error);
      throw error;
    }
    if (!source.moreHint || !Number.isFinite(printed.total) || printed.total <= source.offset + printed.count) return;
    // a list cut short says so in every format: in words, or where stderr is a program's (a machine format off a
    // terminal), as a JSON line for ndjson, which has no envelope whose total would tell
    const remaining = printed.total - source.offset - printed.count;
    const text = `showing ${printed.count} of ${printed.total} ${source.key}; ${typeof source.moreHint === 'string' ? source.moreHint : source.moreHint(remaining)}`;
    if (!this.options.quiet) this.io.stderr.write(`${terminalText(text)}\n`);
    else if (this.options.jsonNotices && this.options.format === 'ndjson' && this.options.jq === undefined) {
      this.io.stderr.write(
        `${escapeJsonControls(JSON.stringify({ notice: { code: 'list_cut', message: text, shown: printed.count, total: printed.total } }))}\n`,
      );
    }
  }

  private async listItems<T>(source: ListSource<T>, view: View<T>, progress: { written: number }): Promise<void> {
    const { format, jq } = this.options;
    const out = (text: string) => this.emit(text);
    const pick = (item: unknown) => pickFields(item, this.options.jsonFields);
    if (jq !== undefined) return this.printJq(await jqDocument(source, pick), jq);
    if (typedFormat(format)) return this.writeTyped(format, source, view, progress);
    if (format === 'json' || format === 'yaml') return this.streamDocument(source, progress);
    if (format === 'table' && this.io.stdoutIsTTY) {
      // a table is laid out from the rows it shows; past tableBlock rows, one block at a time, each under its own
      // header, so that memory stays flat and the first rows show at once (a million rows held 800 MB)
      let items: T[] = [];
      let drawn: T[] = [];
      let blocks = 0;
      const hidden = new Set<string>();
      const draw = async () => {
        const table = await terminalTable(view.columns, items, this.io.columns ?? 0, this.io.now(), this.paint, this.options.wide);
        await out(`${blocks > 0 ? '\n' : ''}${table.text}`);
        for (const header of table.hidden) hidden.add(header);
        blocks += 1;
        drawn = items;
      };
      for await (const page of source.pages) {
        for (const item of page.items) {
          items.push(item);
          if (items.length === tableBlock) {
            await draw();
            items = [];
          }
        }
      }
      if (items.length > 0) await draw();
      if (blocks === 0) return this.hint(`no ${source.key} found`);
      if (source.footer && blocks === 1) await out(`${terminalText(source.footer(drawn, this.io.columns ?? fallbackColumns))}\n`);
      if (hidden.size) this.hint(leftOutHint([...hidden], this.io.columns ?? 0));
      return;
    }
    // Formats that stream: one page in memory at a time. The header waits for the first page, since
    // some views (query data) learn their columns from it, and markdown aligns numbers by it.
    let headerWritten = false;
    const ledger = new RowLedger(this.io.stdout);
    // one write per page; after a failed one, the rows whole in the output (a file is cut back to them)
    const writeRows = async (text: string, ends: number[]) => {
      try {
        await out(text);
      } catch (error) {
        if (error instanceof WsError && error.code === 'output_failed') progress.written = ledger.failed(text, ends);
        throw error;
      }
      ledger.wrote(text, ends);
    };
    const writeHeader = async (first: T[]) => {
      if (headerWritten) return;
      headerWritten = true;
      const fields = csvHeader(view.columns);
      const header =
        format === 'csv'
          ? csvRecord(fields, this.lineEnd, this.options.csvSafe)
          : format === 'tsv'
            ? tsvRecord(fields)
            : format === 'table'
              ? plainHeader(view.columns)
              : format === 'markdown'
                ? markdownHeader(view.columns, rightAligned(view.columns, first))
                : '';
      if (header) await writeRows(header, []);
    };
    for await (const page of source.pages) {
      await writeHeader(page.items);
      // one write per page, not per row: each write is a system call; the columns are read once per page too
      const { columns } = view;
      const { lineEnd } = this;
      const csvSafe = Boolean(this.options.csvSafe);
      let text = '';
      const ends: number[] = [];
      for (const item of page.items) {
        if (format === 'ndjson') text += `${JSON.stringify(pickFields(item, this.options.jsonFields))}\n`;
        else if (format === 'csv') text += csvRecord(csvValues(columns, item), lineEnd, csvSafe);
        else if (format === 'tsv') text += tsvRecord(csvValues(columns, item));
        else if (format === 'markdown') text += markdownRow(columns.map((c) => exactText(c, c.value(item))));
        else text += plainRow(columns, item);
        ends.push(text.length);
      }
      await writeRows(text, ends);
      progress.written += page.items.length;
    }
    await writeHeader([]);
    // a blank line ends a markdown table, so that two appended to one file (a job summary) stay two
    if (format === 'markdown') await writeRows('\n', []);
    // a file's last write cut short by a full disk reports no error: its size tells
    if (ledger.short()) {
      progress.written = ledger.settle();
      throw outputFailure(new Error('the file holds less than was written to it (a full disk, or a file size limit)'));
    }
  }

  async item<T>(item: T, view: View<T>): Promise<void> {
    const { format } = this.options;
    const out = (text: string) => this.emit(text);
    if (format === 'json' || format === 'yaml') return this.print(pickFields(item, this.options.jsonFields));
    if (format === 'ndjson') return out(`${JSON.stringify(pickFields(item, this.options.jsonFields))}\n`);
    if (format === 'csv')
      return out(
        csvRecord(csvHeader(view.columns), this.lineEnd, this.options.csvSafe) + csvRecord(csvValues(view.columns, item), this.lineEnd, this.options.csvSafe),
      );
    if (format === 'tsv') return out(tsvRecord(csvHeader(view.columns)) + tsvRecord(csvValues(view.columns, item)));
    if (format === 'markdown')
      return out(`${markdownHeader(view.columns, rightAligned(view.columns, [item]))}${markdownRow(view.columns.map((c) => exactText(c, c.value(item))))}\n`);
    const shown = view.detail?.(item) ?? { rows: view.columns.map((c) => [c.header.toLowerCase(), c.value(item), c.kind] as [string, unknown, undefined]) };
    const block = shown.block && { title: shown.block.title, text: terminalText(shown.block.text) };
    if (this.io.stdoutIsTTY) {
      const rows = shown.rows.map(([label, value, kind]) => [label, pretty(value, kind ?? 'text', this.io.now(), this.paint)] as [string, string]);
      return out(detail(rows, block, this.paint));
    }
    // off a terminal values stay exact (ISO times, whole numbers), but a duration keeps its unit
    const text = (value: unknown, kind: string | undefined) => (kind === 'duration' && typeof value === 'number' ? durationText(value) : plain(value));
    const rows = shown.rows
      .map(([label, value, kind]) => `${label ? `${label}:` : ''}\t${terminalText(text(value, kind)).replace(/[\t\r\n]+/g, ' ')}\n`)
      .join('');
    return out(block ? `${rows}${block.title}:\n${block.text.replace(/\n?$/, '\n')}` : rows);
  }

  /** A query result drawn as a chart (see chart.ts); the notes (series not drawn, rows left out) go to stderr. */
  async chart(rows: Record<string, unknown>[], plan: ChartPlan, allCommand: string): Promise<void> {
    const { drawChart } = await import('./chart.js');
    const { io } = this;
    // a terminal that names itself dumb shows escape codes as text: its chart is plain
    const color = this.options.color && io.env.TERM !== 'dumb';
    const { text, notes, shownRows } = drawChart(rows, plan, { tty: io.stdoutIsTTY, columns: io.columns, rows: io.rows, color });
    await write(io.stdout, text);
    if (shownRows < rows.length)
      notes.push(`${rows.length - shownRows} more ${rows.length - shownRows === 1 ? 'row' : 'rows'} left out to fit; every row: ${allCommand}`);
    for (const note of notes) this.notice(note);
  }

  /**
   * `error` of an output that holds `written` items: said partial, with the command that prints the rest. A file of
   * --out holds nothing: it is removed, and the command is the one that writes it again.
   */
  private partialError<T>(source: ListSource<T>, written: number, error: WsError): WsError {
    if (written === 0 || !source.resume) return error;
    const resumeCommand = source.resume(written, error);
    const { file, format } = this.options;
    if (typedFormat(format) && !file) {
      return new WsError(error.kind, `${error.message}; the ${format} output is not readable: its end, which readers need, was not written`, {
        ...error,
        ...(resumeCommand ? { hint: `write it again: ${resumeCommand}` } : {}),
      });
    }
    if (file) {
      return new WsError(error.kind, `${error.message}; ${file.target} was not written (${written} ${source.key} were read before this)`, {
        ...error,
        ...(resumeCommand ? { hint: `write it again: ${resumeCommand}` } : {}),
      });
    }
    return new WsError(error.kind, `${error.message}; the output is partial: it holds the first ${written} ${source.key}`, {
      ...error,
      ...(resumeCommand ? { hint: `print the rest: ${resumeCommand}` } : {}),
      partial: { rowsWritten: written, ...(resumeCommand ? { resumeCommand } : {}) },
    });
  }

  /**
   * A typed file (Parquet, Arrow) of the rows, with the column types of the result (the first page's `columns`),
   * page by page; a column it writes as text is said once on stderr. Unreadable until finish() wrote its end.
   */
  private async writeTyped<T>(format: TypedFormat, source: ListSource<T>, view: View<T>, progress: { written: number }): Promise<void> {
    let writer: RowsWriter | undefined;
    const start = async (envelope: Record<string, unknown> | undefined) => {
      const columns = typedColumns(envelope?.columns, csvHeader(view.columns));
      const note = textColumnsNote(columns, `-o ${format}`);
      if (note) this.notice(note);
      return typedRows(format, this.io.stdout, columns);
    };
    try {
      for await (const page of source.pages) {
        writer ??= await start(page.envelope);
        await writer.write(page.items as Record<string, unknown>[]);
        progress.written += page.items.length;
      }
      writer ??= await start(undefined);
      await writer.finish();
    } catch (error) {
      throw outputFailure(error);
    }
  }

  /**
   * JSON or YAML for a list. One page is printed as the API sent it (or in the list's own order of fields,
   * `leading`); several pages become one envelope written item by item, so that `--all` over a large result
   * keeps one page in memory.
   */
  private async streamDocument<T>(source: ListSource<T>, progress: { written: number }): Promise<void> {
    const out = (text: string) => this.emit(text);
    const pick = (item: unknown) => pickFields(item, this.options.jsonFields);
    const iterator = source.pages[Symbol.asyncIterator]();
    const first = await iterator.next();
    if (first.done) return this.print(documentOf(source, undefined, [], 0));
    let next = await iterator.next();
    if (next.done && !source.all) {
      const page = first.value;
      const items = page.items.map(pick);
      return this.print(page.envelope && !source.leading ? { ...page.envelope, [source.key]: items } : documentOf(source, page.envelope, items, page.total));
    }
    const writer = this.options.format === 'yaml' ? yamlDocument(await yamlWriter(), source.key) : jsonDocument(source.key);
    await out(writer.head(source.leading?.(first.value.envelope) ?? {}));
    let count = 0;
    let total = 0;
    const writePage = async (page: Page<T>) => {
      total = page.total;
      let text = '';
      for (const item of page.items) text += writer.item(pick(item), count++);
      await out(text);
      progress.written += page.items.length;
    };
    await writePage(first.value);
    while (!next.done) {
      await writePage(next.value);
      next = await iterator.next();
    }
    const rest = Object.fromEntries(Object.entries(summary(source, first.value.envelope, count, total)).filter(([key]) => key !== source.key));
    await out(writer.tail(rest, count));
  }

  /**
   * A whole JSON document (an API body): JSON, YAML or through jq; `--json a,b` keeps those fields.
   * A table shows it as indented JSON; csv, tsv and markdown have no rows to show, which is an error.
   */
  document(value: unknown): Promise<void> {
    if (rowFormat(this.options.format) && this.options.explicit) {
      throw usageError(`-o ${this.options.format} needs rows, and this command prints one document`, 'use -o json or -o yaml, and --jq to pick from it');
    }
    return this.print(pickFields(value, this.options.jsonFields));
  }

  private async print(value: unknown): Promise<void> {
    if (this.options.jq !== undefined) return this.printJq(value, this.options.jq);
    let text: string;
    if (this.options.format === 'yaml') text = (await yamlWriter())(value);
    else if (this.options.format === 'ndjson') text = `${JSON.stringify(value)}\n`;
    else text = `${JSON.stringify(value, null, 2)}\n`;
    await this.emit(text);
  }

  /** What jq prints for the value; on a jq error, what it printed before the error, then the error. */
  private async printJq(value: unknown, expression: string): Promise<void> {
    const result = await runJq(value, expression);
    await this.emit(result.text);
    if (result.error) throw result.error;
  }

  /**
   * Every write to stdout. Text from the server never drives the terminal: JSON and YAML escape the
   * control characters they would carry raw (the same data to a parser); on a terminal, csv, tsv and
   * --jq show the others as escapes. To a file or pipe, csv, tsv and --jq keep every character.
   * Tables have theirs removed cell by cell, which keeps their colours.
   */
  private emit(text: string): Promise<void> | void {
    const { format, jq } = this.options;
    const tty = this.io.stdoutIsTTY;
    let shown = text;
    if (jq !== undefined) shown = tty ? escapeControl(text) : text;
    else if (format === 'json' || format === 'ndjson') shown = escapeJsonControls(text);
    else if (format === 'yaml') shown = escapeYamlControls(text);
    else if (tty && format !== 'table') shown = escapeControl(text);
    try {
      return write(this.io.stdout, shown)?.catch((error: unknown) => {
        throw outputFailure(error);
      });
    } catch (error) {
      throw outputFailure(error);
    }
  }

  /**
   * A line on stderr that must always be seen, even with --quiet and off a terminal (rows were left out). It goes
   * through this output's stderr, which a pager holds until it quits, so it follows the paged rows.
   */
  notice(text: string): void {
    this.io.stderr.write(`${terminalText(text)}\n`);
  }

  /** A line for a person on stderr, in a terminal only and never with --quiet. */
  hint(text: string): void {
    if (!this.options.quiet && this.io.stderrIsTTY) this.io.stderr.write(`${terminalText(text)}\n`);
  }
}

/** Counts the items of the pages as they pass, and keeps the last total the server gave. */
async function* tally<T>(pages: AsyncIterable<Page<T>>, printed: { count: number; total: number }): AsyncGenerator<Page<T>> {
  for await (const page of pages) {
    printed.count += page.items.length;
    printed.total = page.total;
    yield page;
  }
}

/** csv and tsv headers: API field names, a computed column standing for the fields it is made of. */
function csvHeader<T>(columns: Column<T>[]): string[] {
  return columns.flatMap((c) => c.csv ?? [c.field]);
}

function csvValues<T>(columns: Column<T>[], item: T): unknown[] {
  // once per row of an export: a plain loop (flatMap and its arrays cost a fifth of a 1,000,000-row export)
  const values: unknown[] = [];
  for (const c of columns) {
    if (c.csv) for (const path of c.csv) values.push(valueAt(item, path));
    else values.push(c.value(item));
  }
  return values;
}

function summary<T>(source: ListSource<T>, first: Record<string, unknown> | undefined, count: number, total: number): Record<string, unknown> {
  return source.summarize ? source.summarize(first, count, total) : { total, limit: count, offset: source.offset };
}

/** A list's document: the fields before the items (`leading`), the items, then the fields that describe them. */
function documentOf<T>(source: ListSource<T>, first: Record<string, unknown> | undefined, items: unknown[], total: number): Record<string, unknown> {
  return { ...source.leading?.(first), [source.key]: items, ...summary(source, first, items.length, total) };
}

/** One page as the server sent it; several pages as one envelope whose fields describe the whole. */
function collectEnvelope<T>(source: ListSource<T>, pages: Page<unknown>[]): Record<string, unknown> {
  if (pages.length === 1 && pages[0]!.envelope && !source.all && !source.leading) return { ...pages[0]!.envelope, [source.key]: pages[0]!.items };
  return documentOf(
    source,
    pages[0]?.envelope,
    pages.flatMap((page) => page.items),
    pages.at(-1)?.total ?? 0,
  );
}

/** The pages of a list; the error that ends them (a failure to read one, a stop signal) is marked `broken`. */
async function* reading<T>(pages: AsyncIterable<Page<T>>, broken: WeakSet<WsError>): AsyncGenerator<Page<T>> {
  try {
    yield* pages;
  } catch (error) {
    if (error instanceof WsError) broken.add(error);
    throw error;
  }
}

/** The pieces of a list's document written item by item: the fields before the items, each item, the rest. */
interface DocumentWriter {
  head(leading: Record<string, unknown>): string;
  item(item: unknown, index: number): string;
  tail(rest: Record<string, unknown>, count: number): string;
}

/** JSON indented by 2, as JSON.stringify(document, null, 2) writes it whole. */
function jsonDocument(key: string): DocumentWriter {
  const indented = (value: unknown, indent: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
  return {
    head: (leading) =>
      `{\n${Object.entries(leading)
        .map(([name, value]) => `  ${JSON.stringify(name)}: ${indented(value, '  ')},\n`)
        .join('')}  ${JSON.stringify(key)}: [`,
    item: (item, index) => `${index === 0 ? '' : ','}\n    ${indented(item, '    ')}`,
    tail: (rest, count) =>
      `${count ? '\n  ' : ''}]${Object.entries(rest)
        .map(([name, value]) => `,\n  ${JSON.stringify(name)}: ${indented(value, '  ')}`)
        .join('')}\n}\n`,
  };
}

/** YAML as the whole document would be written: `key:` and its items, each `  - …`, between the other fields. */
function yamlDocument(write: (value: unknown) => string, key: string): DocumentWriter {
  const fields = (value: Record<string, unknown>) => (Object.keys(value).length ? write(value) : '');
  return {
    head: (leading) => fields(leading),
    item: (item, index) => `${index === 0 ? write({ [key]: [] }).replace(/ \[\]\n$/, '\n') : ''}${yamlItem(write, key, item)}`,
    tail: (rest, count) => `${count ? '' : write({ [key]: [] })}${fields(rest)}`,
  };
}

/**
 * The document --jq runs on: the whole list, as -o json prints it, so that jq gives one answer over every item.
 * jq-wasm holds it in its own memory (256 MiB; a document of about 30 MiB of JSON aborted it): past jqLimit
 * the command stops before printing anything, saying the size and what to use instead.
 */
async function jqDocument<T>(source: ListSource<T>, pick: (item: unknown) => unknown): Promise<unknown> {
  const pages: Page<unknown>[] = [];
  let size = 0;
  let count = 0;
  for await (const page of source.pages) {
    const items = page.items.map(pick);
    for (const item of items) size += JSON.stringify(item).length + 6;
    count += items.length;
    pages.push({ ...page, items });
    if (size > jqLimit) {
      const whole = Math.max(page.total - source.offset, count);
      throw usageError(
        `--jq holds one document of at most ${jqLimit / mib} MiB, and this result of ${humanCount(whole)} ${source.key} is about ${Math.ceil(((size / count) * whole) / mib)} MiB of JSON`,
        `pipe -o ndjson into jq (-o ndjson | jq -n 'reduce inputs as $row (0; . + 1)'), or read part of it with --limit and --offset`,
      );
    }
  }
  return collectEnvelope(source, pages);
}

const mib = 1024 * 1024;
/** The most JSON text --jq takes in one document (see jqDocument). */
export const jqLimit = 16 * mib;
/** A failed write to stdout as ws's error (the reader going away, EPIPE, stays itself: ws ends quietly on it). */
function outputFailure(error: unknown): unknown {
  if (error instanceof WsError || (error as NodeJS.ErrnoException).code === 'EPIPE') return error;
  return new WsError('api', `cannot write the output: ${error instanceof Error ? error.message : String(error)}`, { code: 'output_failed' });
}

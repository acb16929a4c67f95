import type { Page } from '../api/paginate.js';
import { rowFormat, type OutputFormat } from '../config/settings.js';
import { WsError, usageError } from '../errors.js';
import { write, type IO } from '../io.js';
import { escapeControl, terminalText } from '../text.js';
import { typedFormat } from './binary-rows.js';
import { durationText, plain, pretty, type Paint } from './cells.js';
import type { ChartPlan } from './chart-data.js';
import { checkFields, pickFields } from './field-selection.js';
import { checkJq, runJq } from './jq.js';
import type { OutTarget } from './out-file.js';
import { escapeJsonControls, escapeYamlControls } from './serialize.js';
import { detail } from './table.js';
import type { View } from './view.js';
import { csvFormat, tsvFormat } from './writers/csv.js';
import { streamDocument } from './writers/document.js';
import { jqDocument } from './writers/jq.js';
import { outputFailure, type ListSource, type ListWriting } from './writers/list.js';
import { markdownFormat } from './writers/markdown.js';
import { ndjsonFormat } from './writers/ndjson.js';
import { writeRows, type RowFormat } from './writers/rows.js';
import { plainTableFormat, writeTerminalTable } from './writers/table.js';
import { writeTyped } from './writers/typed.js';
import { yamlWriter } from './yaml.js';

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

  /** Writes the list in its format: each format's writer is a file of ./writers/. */
  private async listItems<T>(source: ListSource<T>, view: View<T>, progress: { written: number }): Promise<void> {
    const { format, jq, jsonFields } = this.options;
    if (jq !== undefined) return this.printJq(await jqDocument(source, jsonFields), jq);
    const writing: ListWriting<T> = { source, view, progress, out: (text) => this.emit(text) };
    if (typedFormat(format)) return writeTyped(format, writing, this.io.stdout, (text) => this.notice(text));
    if (format === 'json' || format === 'yaml') return streamDocument(format, jsonFields, writing, (value) => this.print(value));
    if (format === 'table' && this.io.stdoutIsTTY) {
      return writeTerminalTable(writing, { io: this.io, paint: this.paint, wide: this.options.wide, hint: (text) => this.hint(text) });
    }
    return writeRows(writing, this.rowFormat<T>(), this.io.stdout);
  }

  /** How a format that streams row by row writes one: csv, tsv, ndjson, markdown, and a table off a terminal. */
  private rowFormat<T>(): RowFormat<T> {
    const { format } = this.options;
    if (format === 'csv') return csvFormat(this.lineEnd, Boolean(this.options.csvSafe));
    if (format === 'tsv') return tsvFormat();
    if (format === 'ndjson') return ndjsonFormat(this.options.jsonFields);
    if (format === 'markdown') return markdownFormat();
    return plainTableFormat();
  }

  async item<T>(item: T, view: View<T>): Promise<void> {
    const { format } = this.options;
    const out = (text: string) => this.emit(text);
    if (format === 'json' || format === 'yaml') return this.print(pickFields(item, this.options.jsonFields));
    if (format === 'ndjson' || format === 'csv' || format === 'tsv' || format === 'markdown') {
      const rows = this.rowFormat<T>();
      return out(`${rows.header(view.columns, [item])}${rows.row(view.columns, item)}${rows.end ?? ''}`);
    }
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

/** The pages of a list; the error that ends them (a failure to read one, a stop signal) is marked `broken`. */
async function* reading<T>(pages: AsyncIterable<Page<T>>, broken: WeakSet<WsError>): AsyncGenerator<Page<T>> {
  try {
    yield* pages;
  } catch (error) {
    if (error instanceof WsError) broken.add(error);
    throw error;
  }
}

import type { Writable } from 'node:stream';
import type { OutputFormat } from '../config/settings.js';
import { usageError } from '../errors.js';
import { descriptorStream } from '../io.js';

/** Where an output goes when --out names a file: made whole under its name by commit(), or removed by discard(). */
export interface OutTarget {
  readonly target: string;
  commit(): void;
  discard(): void;
}

/** The formats `--out` takes from a file's extension. */
export const fileFormats: Readonly<Record<string, OutputFormat>> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.parquet': 'parquet',
  '.arrow': 'arrow',
};

/** The formats a file can hold: not a terminal's table or chart. */
const fileable = (format: OutputFormat) => format !== 'table' && format !== 'chart';

/** The format of `--out <file>`: `-o` when given on the command line, else the file's extension; exit 2 otherwise. */
export function formatOfFile(target: string, given: OutputFormat | undefined): OutputFormat {
  const extension = /\.[^./\\]+$/.exec(target)?.[0]?.toLowerCase() ?? '';
  const format = given ?? fileFormats[extension];
  const known = Object.keys(fileFormats).join(' ');
  if (format === undefined)
    throw usageError(`--out ${target}: no output format for the extension "${extension}"`, `name a file ending in ${known}, or give -o with the format`);
  if (!fileable(format))
    throw usageError(
      `--out writes rows to a file, and -o ${format} is for a terminal`,
      `use -o csv, tsv, json, ndjson, parquet or arrow, or a file ending in ${known}`,
    );
  return format;
}

/**
 * A file written whole or not at all: the output goes to a file of its own beside the target (the same folder,
 * so that the rename is atomic), which commit() renames to the target once every byte is on disk; discard()
 * removes it (a failure, a signal). The target is never touched before the commit.
 */
export class OutFile implements OutTarget {
  readonly stream: Writable;
  private fd: number | undefined;
  private done = false;

  private constructor(
    readonly target: string,
    private readonly temporary: string,
    fd: number,
  ) {
    this.fd = fd;
    // whole writes, each to its end, so a failure is a failure
    this.stream = descriptorStream(() => this.fd);
  }

  /** The open temporary file, for the export's worker to write (commit and discard stay this thread's). */
  get descriptor(): number | undefined {
    return this.done ? undefined : this.fd;
  }

  /** Opens the temporary file beside `target`; exit 2, before any request, when it cannot be made there. */
  static open(target: string): OutFile {
    const fs = process.getBuiltinModule('node:fs');
    const path = process.getBuiltinModule('node:path');
    const folder = path.dirname(target);
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw usageError(`--out ${target} is a folder`, 'name a file');
    const temporary = path.join(folder, `${path.basename(target)}.ws-${process.pid}.part`);
    try {
      return new OutFile(target, temporary, fs.openSync(temporary, 'wx', 0o666));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT' ? `the folder ${folder} does not exist` : code === 'EACCES' ? `the folder ${folder} is not writable` : (error as Error).message;
      throw usageError(`cannot write --out ${target}: ${why}`);
    }
  }

  /** The file is whole: flushed to disk and renamed to the target. */
  commit(): void {
    if (this.done) return;
    const fs = process.getBuiltinModule('node:fs');
    fs.fsyncSync(this.fd!);
    this.close();
    fs.renameSync(this.temporary, this.target);
    this.done = true;
  }

  /** The export did not end: its file is removed, the target left as it was. Synchronous, for a signal's last word. */
  discard(): void {
    if (this.done) return;
    this.done = true;
    this.close();
    process.getBuiltinModule('node:fs').rmSync(this.temporary, { force: true });
  }

  private close(): void {
    if (this.fd === undefined) return;
    process.getBuiltinModule('node:fs').closeSync(this.fd);
    this.fd = undefined;
  }
}

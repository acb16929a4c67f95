import type { Writable } from 'node:stream';

/** A page as it was written: its text and where each of its rows ends in it (in characters). */
interface WrittenPage {
  text: string;
  ends: number[];
  bytes: number;
}

/**
 * The rows of an export that are whole in its output. Each page is one write, and a full disk or a file size
 * limit can take part of one: Node's stdout to a file does not say how much of a write landed, and fails only on
 * the next write. So where the output is a regular file, its size tells what landed, and after a failed write
 * the file is cut back to the end of its last whole row, so that the rows it holds are the rows said.
 * Pipes and terminals take a write whole or fail it: the pages written are the rows there.
 */
export class RowLedger {
  /** Rows in the pages written so far. */
  rows = 0;
  private readonly file: { fd: number; start: number } | undefined;
  /** Bytes of the pages before the last one. */
  private before = 0;
  private last: WrittenPage | undefined;

  constructor(stream: Writable) {
    const fd = (stream as { fd?: unknown }).fd;
    if (typeof fd !== 'number') return;
    try {
      const stat = process.getBuiltinModule('node:fs').fstatSync(fd);
      if (stat.isFile()) this.file = { fd, start: stat.size };
    } catch {
      // not a file ws can look at: counted as a pipe
    }
  }

  /** A page written whole, as far as the stream said; `ends` has one entry per row (none for a header). */
  wrote(text: string, ends: number[]): void {
    this.rows += ends.length;
    if (!this.file) return;
    if (this.last) this.before += this.last.bytes;
    this.last = { text, ends, bytes: Buffer.byteLength(text) };
  }

  /**
   * A page whose write failed, for the rows whole in the output (see settle). A write that goes on after a short
   * one (the export's worker writes each page to its end) fails with part of its page in a regular file: that
   * part is counted, and cut back to its last whole row.
   */
  failed(text: string, ends: number[]): number {
    if (this.file && this.landed() > this.before + (this.last?.bytes ?? 0)) this.wrote(text, ends);
    return this.settle();
  }

  /** Whether a regular file holds less than was written to it (a last write cut short, which no error reported). */
  short(): boolean {
    if (!this.file || !this.last) return false;
    return this.landed() < this.before + this.last.bytes;
  }

  /**
   * After a failed (or short) write: the rows whole in the output. A regular file is cut back to the end of the
   * last whole row; when its size cannot be explained by what ws wrote (another writer), nothing is cut.
   */
  settle(): number {
    if (!this.file || !this.last) return this.rows;
    const landed = this.landed();
    const { text, ends, bytes } = this.last;
    if (landed >= this.before + bytes) return this.rows;
    const ofLast = this.rows - ends.length;
    if (landed < this.before) return ofLast;
    // the rows of the last page wholly in the file: the longest prefix whose bytes all landed
    const room = landed - this.before;
    let whole = 0;
    let low = 1;
    let high = ends.length;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (Buffer.byteLength(text.slice(0, ends[middle - 1])) <= room) {
        whole = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    const cut = this.file.start + this.before + (whole === 0 ? 0 : Buffer.byteLength(text.slice(0, ends[whole - 1])));
    try {
      process.getBuiltinModule('node:fs').ftruncateSync(this.file.fd, cut);
    } catch {
      // a file that cannot be cut (opened for appending elsewhere): the rows said are still the whole ones
    }
    return ofLast + whole;
  }

  private landed(): number {
    return process.getBuiltinModule('node:fs').fstatSync(this.file!.fd).size - this.file!.start;
  }
}

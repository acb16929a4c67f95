/**
 * A column's chunk of the Parquet row group being written (src/output/parquet.ts): its values appended to pages as
 * they come, in a dictionary while the row group repeats them, its statistics. The page headers and the levels'
 * encoding are hyparquet-writer's (its modules, which its package exports).
 */
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeRleBitPackedHybrid } from 'hyparquet-writer/src/encoding.js';
import { type ParquetColumn, PlainValues, type Statistic } from './parquet-columns.js';

type Compress = (bytes: Uint8Array) => Uint8Array;

/** A page ends once its values reach this many bytes (before compression): the size readers expect (1 MiB). */
const pageBytes = 1024 * 1024;

/** A dictionary holds at most this many bytes of values, as other writers' (1 MiB); past it, values go PLAIN. */
const dictionaryBytes = 1024 * 1024;

/** The values a chunk takes before a dictionary that has not halved them is dropped. */
const dictionaryTrial = 1_000;

/**
 * A chunk's dictionary: its values in the order they came, PLAIN, where each starts, and each one's number. A page
 * in the dictionary ends only with its row group (5,000 numbers at most), so a chunk is either all in its dictionary
 * or all PLAIN.
 */
class Dictionary {
  readonly numbers = new Map<Statistic, number>();
  readonly values = new PlainValues();
  readonly starts: number[] = [];
}

/** Small integers in a typed array that grows: a page's definition levels, or its values' dictionary numbers. */
class Integers {
  private array = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.array.length) {
      const grown = new Uint32Array(2 * this.array.length);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }

  get values(): Uint32Array {
    return this.array.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

/** What a row group takes of a chunk: its bytes, its metadata for the footer, its size before compression. */
export interface TakenChunk {
  bytes: Buffer;
  chunk: unknown;
  uncompressedSize: number;
}

export class ColumnChunk {
  private readonly values = new PlainValues();
  /** The definition level of each value of the page: 1, or 0 for a null. */
  private readonly levels = new Integers();
  /** The dictionary numbers of the page's values, while the page is in the dictionary. */
  private readonly numbers = new Integers();
  private pageNulls = 0;
  private pages: Uint8Array[] = [];
  private dictionary: Dictionary | undefined;
  /** Bytes of the pages so far, before compression: what a row group's size is judged by. */
  uncompressedSize = 0;
  private count = 0;
  private nulls = 0;
  private min: Statistic | undefined;
  private max: Statistic | undefined;
  private unordered = false;

  constructor(
    readonly column: ParquetColumn,
    private readonly compress: Compress,
  ) {
    this.dictionary = column.dictionary ? new Dictionary() : undefined;
  }

  /** Bytes of the page being filled, and of the dictionary. */
  get pending(): number {
    return this.values.length + (this.dictionary?.values.length ?? 0);
  }

  add(value: unknown): void {
    this.count++;
    if (value === null || value === undefined) {
      this.levels.push(0);
      this.pageNulls++;
      this.nulls++;
      return;
    }
    this.levels.push(1);
    const statistic = this.column.convert(value);
    const compare = this.column.compare;
    // NaN has no place in the order: the format leaves it out of min and max, but DuckDB orders it after every
    // number and would skip a group holding NaN for `x > 1` on a max without it. A chunk with NaN has neither.
    if (typeof statistic === 'number' && Number.isNaN(statistic)) this.unordered = true;
    else if (compare) {
      if (this.min === undefined || compare(statistic, this.min) < 0) this.min = statistic;
      if (this.max === undefined || compare(statistic, this.max) > 0) this.max = statistic;
    }
    if (this.dictionary && this.inDictionary(this.dictionary, statistic)) return;
    this.column.put(this.values, statistic);
    if (this.values.length >= pageBytes) this.endPage();
  }

  /** Whether the value went into the page as its number in the dictionary, which takes it if it is new and has room. */
  private inDictionary(dictionary: Dictionary, value: Statistic): boolean {
    let number = dictionary.numbers.get(value);
    if (number === undefined) {
      if (dictionary.values.length >= dictionaryBytes || (this.count >= dictionaryTrial && 2 * dictionary.numbers.size > this.count)) {
        this.leaveDictionary(dictionary);
        return false;
      }
      number = dictionary.numbers.size;
      dictionary.numbers.set(value, number);
      dictionary.starts.push(dictionary.values.length);
      this.column.put(dictionary.values, value);
    }
    this.numbers.push(number);
    return true;
  }

  /** The chunk's values go PLAIN: those so far, each value's bytes copied from the dictionary, and the rest. */
  private leaveDictionary(dictionary: Dictionary): void {
    const { starts, values } = dictionary;
    for (const number of this.numbers.values) {
      const end = number + 1 < starts.length ? starts[number + 1]! : values.length;
      this.values.put(end - starts[number]!, (bytes, at) => at + values.bytes.copy(bytes, at, starts[number], end));
    }
    this.numbers.clear();
    this.dictionary = undefined;
  }

  /** The page being filled, as a DATA_PAGE_V2: header, definition levels, values (or their numbers) compressed. */
  private endPage(): void {
    if (this.levels.length === 0) return;
    const levels = new ByteWriter();
    writeRleBitPackedHybrid(levels, this.levels.values, 1);
    const inDictionary = this.numbers.length > 0;
    let data: Uint8Array = this.values.bytes.subarray(0, this.values.length);
    if (inDictionary) {
      // RLE_DICTIONARY: the numbers' bit width in a byte, then the numbers, run-length or bit-packed
      const numbers = new ByteWriter();
      const width = Math.max(1, Math.ceil(Math.log2(this.dictionary!.numbers.size)));
      numbers.appendUint8(width);
      writeRleBitPackedHybrid(numbers, this.numbers.values, width);
      data = numbers.getBytes();
    }
    const compressed = this.compress(data);
    this.pages.push(
      this.header({
        type: 'DATA_PAGE_V2',
        uncompressed_page_size: levels.offset + data.length,
        compressed_page_size: levels.offset + compressed.length,
        data_page_header_v2: {
          num_values: this.levels.length,
          num_nulls: this.pageNulls,
          num_rows: this.levels.length,
          encoding: inDictionary ? 'RLE_DICTIONARY' : 'PLAIN',
          definition_levels_byte_length: levels.offset,
          repetition_levels_byte_length: 0,
          is_compressed: true,
        },
      }),
      levels.getBytes(),
      compressed,
    );
    this.uncompressedSize += levels.offset + data.length;
    this.levels.clear();
    this.numbers.clear();
    this.pageNulls = 0;
    this.values.clear();
  }

  /** A page's header, whose bytes count in the size before compression. */
  private header(header: Record<string, unknown>): Uint8Array {
    const writer = new ByteWriter();
    writePageHeader(writer, header as never);
    this.uncompressedSize += writer.offset;
    return writer.getBytes();
  }

  /** The chunk's bytes and its metadata, at `offset` in the file; the chunk is empty again. */
  take(offset: number): TakenChunk {
    this.endPage();
    const dictionary = this.dictionary?.numbers.size ? this.dictionary : undefined;
    const dictionaryPage: Uint8Array[] = [];
    if (dictionary) {
      const data = dictionary.values.bytes.subarray(0, dictionary.values.length);
      const compressed = this.compress(data);
      const header = this.header({
        type: 'DICTIONARY_PAGE',
        uncompressed_page_size: data.length,
        compressed_page_size: compressed.length,
        dictionary_page_header: { num_values: dictionary.numbers.size, encoding: 'PLAIN' },
      });
      dictionaryPage.push(header, compressed);
      this.uncompressedSize += data.length;
    }
    const dictionaryLength = dictionaryPage.reduce((sum, bytes) => sum + bytes.length, 0);
    const bytes = Buffer.concat([...dictionaryPage, ...this.pages]);
    const { element } = this.column;
    const statistics = { null_count: BigInt(this.nulls), ...(this.min === undefined || this.unordered ? {} : statisticsOf(this.min, this.max!)) };
    const chunk = {
      file_offset: BigInt(offset),
      meta_data: {
        type: element.type,
        encodings: dictionary ? ['PLAIN', 'RLE', 'RLE_DICTIONARY'] : ['PLAIN', 'RLE'],
        path_in_schema: [element.name],
        codec: 'SNAPPY',
        num_values: BigInt(this.count),
        total_uncompressed_size: BigInt(this.uncompressedSize),
        total_compressed_size: BigInt(bytes.length),
        ...(dictionary ? { dictionary_page_offset: BigInt(offset) } : {}),
        data_page_offset: BigInt(offset + dictionaryLength),
        statistics,
      },
    };
    const taken = { bytes, chunk, uncompressedSize: this.uncompressedSize };
    this.pages = [];
    this.dictionary = this.column.dictionary ? new Dictionary() : undefined;
    this.uncompressedSize = 0;
    this.count = 0;
    this.nulls = 0;
    this.min = undefined;
    this.max = undefined;
    this.unordered = false;
    return taken;
  }
}

/** A chunk's min and max: -0 and +0 are equal, so the format asks for -0 as a min and +0 as a max. */
function statisticsOf(min: Statistic, max: Statistic): { min_value: Statistic; max_value: Statistic } {
  return { min_value: min === 0 ? -0 : min, max_value: max === 0 ? 0 : max };
}

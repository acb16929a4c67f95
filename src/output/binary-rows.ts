import type { Writable } from 'node:stream';
import type { RowsWriter, TypedColumn } from './typed-columns.js';

export type { RowsWriter } from './typed-columns.js';

/** The typed formats: binary, with the column types of the result. */
export type TypedFormat = 'parquet' | 'arrow';

export function typedFormat(format: string): format is TypedFormat {
  return format === 'parquet' || format === 'arrow';
}

/** The writer of a typed format, its library loaded only now (no other output pays for it). */
export async function typedRows(format: TypedFormat, stream: Writable, columns: TypedColumn[]): Promise<RowsWriter> {
  if (format === 'parquet') return (await import('./parquet.js')).parquetRows(stream, columns);
  return (await import('./arrow.js')).arrowRows(stream, columns);
}

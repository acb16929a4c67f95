/** ndjson: one JSON document a line, with the fields `--json` picked; no header. */
import { pickFields } from '../field-selection.js';
import type { RowFormat } from './rows.js';

export function ndjsonFormat<T>(jsonFields: string[] | undefined): RowFormat<T> {
  return {
    header: () => '',
    row: (_columns, item) => `${JSON.stringify(pickFields(item, jsonFields))}\n`,
  };
}

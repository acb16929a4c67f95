/**
 * How a value is shown in a table cell. `value` is a query result's: its NULL shows as NULL, where a resource's
 * missing field shows as `-`.
 */
export type CellKind = 'text' | 'id' | 'time' | 'state' | 'count' | 'duration' | 'json' | 'value';

/** One column of a list: its header in tables, its field name in csv/tsv, and how to read it from an item. */
export interface Column<T> {
  header: string;
  field: string;
  value: (item: T) => unknown;
  kind?: CellKind;
  /** The column may be cut to fit the terminal (names, descriptions). */
  flex?: boolean;
  /** The column a person identifies a row by (slug, name, a run's id): never cut while another can give. */
  key?: boolean;
  /** Numbers (a result column of a numeric type): right-aligned, whatever its values look like. */
  numeric?: boolean;
  /** Left out before the other columns when the terminal is too narrow. */
  dropFirst?: boolean;
  /** Left out after the other columns: what a row is read for (a run's state and when it started). */
  dropLast?: boolean;
  /**
   * The API fields (paths) that csv and tsv write for a column whose table cell is computed (a duration,
   * a cadence), so that every csv header names the value under it. Without it, csv writes `field`.
   */
  csv?: string[];
}

/** A resource's presentation: table columns and the fields `--json` may pick. */
export interface View<T> {
  columns: Column<T>[];
  /** Fields `--json a,b` may name: the resource's fields in the API's words. */
  fields: readonly string[];
  /** For a single item in a table: label/value lines, then an optional block (for example the SQL). */
  detail?: (item: T) => { rows: [string, unknown, CellKind?][]; block?: { title: string; text: string } };
}

export function column<T>(
  header: string,
  field: string,
  options: Omit<Column<T>, 'header' | 'field' | 'value'> & { value?: (item: T) => unknown } = {},
): Column<T> {
  return { header, field, value: (item) => (item as Record<string, unknown>)[field], ...options };
}

/** A list for one detail line; null and empty lists show as "-". */
export function listText(values: readonly string[] | null | undefined): string | undefined {
  return values?.length ? values.join(', ') : undefined;
}

/** An object field worth a line only when it holds something. */
export function objectOrNothing(value: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  return value && Object.keys(value).length ? value : undefined;
}

/** json and yaml of a list: one document, streamed item by item when it spans several pages. */
import type { Page } from '../../api/paginate.js';
import { pickFields } from '../field-selection.js';
import { yamlItem, yamlWriter } from '../yaml.js';
import type { ListSource, ListWriting } from './list.js';

/**
 * JSON or YAML for a list. One page is printed as the API sent it (or in the list's own order of fields,
 * `leading`); several pages become one envelope written item by item, so that `--all` over a large result
 * keeps one page in memory. `print` writes a whole document (Output's print).
 */
export async function streamDocument<T>(
  format: 'json' | 'yaml',
  jsonFields: string[] | undefined,
  { source, progress, out }: ListWriting<T>,
  print: (value: unknown) => Promise<void>,
): Promise<void> {
  const pick = (item: unknown) => pickFields(item, jsonFields);
  const iterator = source.pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return print(documentOf(source, undefined, [], 0));
  let next = await iterator.next();
  if (next.done && !source.all) {
    const page = first.value;
    const items = page.items.map(pick);
    return print(page.envelope && !source.leading ? { ...page.envelope, [source.key]: items } : documentOf(source, page.envelope, items, page.total));
  }
  const writer = format === 'yaml' ? yamlDocument(await yamlWriter(), source.key) : jsonDocument(source.key);
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

function summary<T>(source: ListSource<T>, first: Record<string, unknown> | undefined, count: number, total: number): Record<string, unknown> {
  return source.summarize ? source.summarize(first, count, total) : { total, limit: count, offset: source.offset };
}

/** A list's document: the fields before the items (`leading`), the items, then the fields that describe them. */
export function documentOf<T>(source: ListSource<T>, first: Record<string, unknown> | undefined, items: unknown[], total: number): Record<string, unknown> {
  return { ...source.leading?.(first), [source.key]: items, ...summary(source, first, items.length, total) };
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

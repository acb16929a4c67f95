/**
 * YAML that both kinds of reader give back exactly: YAML 1.2 (the `yaml` package, go-yaml v3) and YAML 1.1
 * (PyYAML, Ruby's Psych), which reads `NO`, `on`, `12:30`, `1_000` or `2026-01-01` as a boolean, a number or a
 * date. The `yaml` package quotes what a 1.2 reader would retype; the strings a 1.1 reader would are
 * double-quoted here too.
 */
import type { Node } from 'yaml';

type Yaml = typeof import('yaml');

/**
 * Strings that a YAML 1.1 or 1.2 resolver reads as another type (PyYAML's and the 1.1 spec's, with Psych's
 * `1,000` and sexagesimals from 0; the 1.2 core schema's): null, booleans (1.1's y/n, yes/no, on/off too),
 * ints (`0x`, `0o`, `0b`, 1.1's octal `017`, `_` and `:`), floats (`1e3`, `.5`, `.inf`, `.nan`), 1.1's
 * dates and timestamps, and the merge and value keys. A UUID or a slug is plain: none of these reads it.
 */
const retyped = new RegExp(
  [
    /~|null|Null|NULL/,
    /y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF/,
    /<<|=/,
    /[-+]?(?:0b[01_]+|0o?[0-7_]+|0x[0-9a-fA-F_]+|[0-9][0-9_,]*)/,
    /[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?/,
    /[-+]?(?:[0-9][0-9_,]*(?:\.[0-9_]*)?|\.[0-9_]+)(?:[eE][-+]?[0-9]+)?/,
    /[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)/,
    /[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?/,
  ]
    .map((pattern) => `(?:${pattern.source})`)
    .join('|')
    .replace(/^/, '^(?:')
    .concat(')$'),
);

/** A JSON value as YAML nodes, the strings a reader would retype double-quoted. */
function toNode(yaml: Yaml, value: unknown): unknown {
  if (typeof value === 'string') return scalar(yaml, value);
  if (Array.isArray(value)) {
    const seq = new yaml.YAMLSeq();
    for (const item of value) seq.items.push(toNode(yaml, item));
    return seq;
  }
  if (typeof value === 'object' && value !== null) {
    const map = new yaml.YAMLMap();
    for (const [key, item] of Object.entries(value)) if (item !== undefined) map.items.push(new yaml.Pair(scalar(yaml, key), toNode(yaml, item)));
    return map;
  }
  return value;
}

function scalar(yaml: Yaml, text: string): Node {
  const node = new yaml.Scalar(text);
  if (retyped.test(text)) node.type = 'QUOTE_DOUBLE';
  return node;
}

/** A writer of YAML text, once the library is loaded (only when -o yaml is used). */
export async function yamlWriter(): Promise<(value: unknown) => string> {
  const yaml = await import('yaml');
  return (value) => yaml.stringify(toNode(yaml, value));
}

/**
 * The text of one item of a sequence under `key`, as it would be written inside the document `{key: [...]}`:
 * lines of `  - …`, so that a document written item by item is the one written whole.
 */
export function yamlItem(write: (value: unknown) => string, key: string, item: unknown): string {
  const text = write({ [key]: [item] });
  return text.slice(text.indexOf('\n') + 1);
}

/**
 * JSON and YAML text that keeps every character of the data but never carries a raw C1 control (U+0080–
 * U+009F, e.g. U+009B, a one-byte CSI) or DEL to a terminal. JSON.stringify escapes C0 controls already;
 * the rest are escaped here. The text is the same data to any parser.
 */

const c1 = /[\u007f-\u009f]/g;
const hex = (char: string, digits: number) => char.charCodeAt(0).toString(16).padStart(digits, '0');

/**
 * Escapes DEL and C1 controls in JSON text as `\u00XX`. Valid on whole documents and on any piece that
 * holds whole string literals: outside a string, JSON text has no such characters.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(c1, (char) => `\\u${hex(char, 4)}`);
}

/**
 * Escapes DEL and C1 controls in YAML text as `\xXX`. The yaml library writes any string holding a
 * non-printable character double-quoted, where `\x` escapes are valid; it escapes C0 itself, not these.
 */
export function escapeYamlControls(yaml: string): string {
  return yaml.replace(c1, (char) => `\\x${hex(char, 2)}`);
}

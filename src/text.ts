/** C0 and C1 control characters and DEL, which could move the cursor or recolour a terminal. */
const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes control characters from server text but keeps tabs and newlines. */
export function stripControl(text: string): string {
  return text.replace(control, '');
}

/**
 * Marks that reorder the text around them (bidi embeddings, overrides and isolates, LRM, RLM, ALM): U+202E shows
 * "abc" as "cba", so a name or a cell could read as another (the Trojan Source trick).
 */
const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Bidi marks shown as `\u202e`-style escapes, so that text reads in the order it was sent. */
export function escapeBidi(text: string): string {
  return text.replace(bidi, escaped);
}

/** Server text for a person at a terminal (tables, details, notes, hints, errors): control characters removed, bidi marks escaped. */
export function terminalText(text: string): string {
  return escapeBidi(stripControl(text));
}

/** One line for a table cell: control characters removed, bidi marks escaped, tabs and newlines folded to spaces. */
export function cell(text: string): string {
  return terminalText(text).replace(/[\t\r\n]+/g, ' ');
}

/** What a terminal must not get raw: C0 controls but tab, newline and the CR of a CRLF; DEL; C1 controls; bidi marks. */
const unsafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

/**
 * Control characters shown as `\u001b`-style escapes: for data on a terminal (csv, tsv, --jq strings),
 * where a person should see that something is there. Tabs and line ends stay.
 */
export function escapeControl(text: string): string {
  return text.replace(unsafe, escaped);
}

/** `text` with every occurrence of `secret` (also URL-encoded) replaced by [redacted]. */
export function redactSecret(text: string, secret: string): string {
  if (!secret) return text;
  let out = text.split(secret).join('[redacted]');
  for (const encoded of new Set([encodeURIComponent(secret), encodeURI(secret)])) {
    if (encoded !== secret) out = out.split(encoded).join('[redacted]');
  }
  return out;
}

/**
 * A URL as it may be shown: without the user:password before its host (ws never sends them: requests go by origin
 * and path). Textual, so that the rest of the URL stays as given and a URL that does not parse loses them too.
 */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
}

/** Levenshtein distance, for "did you mean" after a mistyped topic or command. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest of `names` to a mistyped word, if any is close enough to be a likely typo: a name the word begins
 * first (the word cut short), then by distance, so that `daily_revenu` finds `daily_revenue` before
 * `daily_revenue_2`; the first of equals.
 */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: { name: string; prefix: boolean; score: number } | undefined;
  for (const name of names) {
    const prefix = name.startsWith(word);
    const score = distance(word, name);
    if (!prefix && score > Math.max(2, Math.floor(name.length / 3))) continue;
    if (!best || (prefix && !best.prefix) || (prefix === best.prefix && score < best.score)) best = { name, prefix, score };
  }
  return best?.name;
}

/** C0 and C1 control characters and DEL, which could move the cursor or recolour a terminal. */
const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes control characters from server text but keeps tabs and newlines. */
export function stripControl(text: string): string {
  return text.replace(control, '');
}

/** One line for a table cell: control characters removed, tabs and newlines folded to spaces. */
export function cell(text: string): string {
  return stripControl(text).replace(/[\t\r\n]+/g, ' ');
}

/** What a terminal must not get raw: C0 controls but tab, newline and the CR of a CRLF; DEL; C1 controls. */
const unsafe = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * Control characters shown as `\u001b`-style escapes: for data on a terminal (csv, tsv, --jq strings),
 * where a person should see that something is there. Tabs and line ends stay.
 */
export function escapeControl(text: string): string {
  return text.replace(unsafe, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
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

/** The closest of `names` to a mistyped word, if any is close enough to be a likely typo. */
export function closest(word: string, names: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const score = name.startsWith(word) ? 0 : distance(word, name);
    if (score <= Math.max(2, Math.floor(name.length / 3)) && (!best || score < best.score)) best = { name, score };
  }
  return best?.name;
}

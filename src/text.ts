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

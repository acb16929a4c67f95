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

/**
 * Commands that ws prints for a user to paste (hints, notes, resume lines) are quoted for a POSIX shell,
 * as gh does: a word of safe characters stays bare, any other is put in single quotes. A slug, a file name
 * or a search may hold spaces, quotes or `$`, and the pasted command must get the same words back.
 */
export function shellWord(word: string): string {
  return /^[\w.:=,@/+%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line from its words, each quoted as the shell needs, e.g. shellCommand('ws', 'queries', 'get', slug). */
export function shellCommand(...words: string[]): string {
  return words.map(shellWord).join(' ');
}

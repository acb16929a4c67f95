import { WsError, usageError } from '../errors.js';

type Jq = typeof import('jq-wasm');

async function load(): Promise<Jq> {
  return import('jq-wasm');
}

/** Compiles the expression against null, so a syntax error is reported before any request is sent. */
export async function checkJq(expression: string): Promise<void> {
  const jq = await load();
  const result = await jq.raw(null, expression, ['-n']);
  if (result.exitCode === 3 || /compile error/.test(result.stderr)) {
    throw usageError(`invalid --jq expression: ${firstLine(result.stderr)}`, 'see https://jqlang.org/manual/ for the syntax');
  }
}

/**
 * jq-wasm's raw() trims the whole of stdout, which would eat the blanks that start the first value and end the
 * last (and empty strings there): the program runs between two marker lines, which are cut off again, so what
 * is left is exactly what jq printed. The blank lines end a comment the expression may end with, even one that
 * a trailing backslash carries on to the next line.
 */
const marker = '\u001e';
const framed = (expression: string) => `"\\u001e", (${expression}\n\n), "\\u001e"`;

/**
 * Runs jq over the JSON that would be printed; strings come out raw, as with `gh --jq` and `jq -r`. A jq error
 * comes with what jq printed before it, which is printed first, as jq does.
 */
export async function runJq(value: unknown, expression: string): Promise<{ text: string; error?: WsError }> {
  const jq = await load();
  let result: { stdout: string; stderr: string; exitCode: number };
  try {
    result = await jq.raw(value as object, framed(expression), ['-r']);
  } catch (error) {
    // jq-wasm's own failures (its memory exhausted: "Aborted()") are jq's errors too, never ws's internal ones
    return { text: '', error: jqError(firstLine(error instanceof Error ? error.message : String(error))) };
  }
  const { stdout, exitCode } = result;
  const body = stdout.startsWith(`${marker}\n`) ? stdout.slice(2) : stdout.replace(/^\u001e/, '');
  if (exitCode === 0 && body.endsWith(marker)) return { text: body.slice(0, -1) };
  // an error (or `halt`) stopped jq before the last marker: only then can the end have been trimmed
  const text = body === '' || body.endsWith('\n') ? body : `${body}\n`;
  return exitCode === 0 ? { text } : { text, error: jqError(firstLine(result.stderr) || `jq exited ${exitCode}`) };
}

function jqError(message: string): WsError {
  return new WsError('api', `--jq failed: ${message}`, { code: 'jq_error', hint: 'the expression met data it cannot handle; see https://jqlang.org/manual/' });
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) =>
        line
          .replace(/^jq: (error( \(at [^)]*\))?: )?/, '')
          .replace(/:$/, '')
          .trim(),
      )
      .find((line) => line !== '') ?? ''
  );
}

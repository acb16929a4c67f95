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

/** Runs jq over the JSON that would be printed; strings come out raw, as with `gh --jq` and `jq -r`. */
export async function applyJq(value: unknown, expression: string): Promise<string> {
  const jq = await load();
  const result = await jq.raw(value as object, expression, ['-r']);
  if (result.exitCode !== 0) {
    throw new WsError('api', `--jq failed: ${firstLine(result.stderr) || `exit ${result.exitCode}`}`);
  }
  return result.stdout === '' || result.stdout.endsWith('\n') ? result.stdout : `${result.stdout}\n`;
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.replace(/^jq: (error: )?/, '').replace(/:$/, '').trim())
      .find((line) => line !== '') ?? ''
  );
}

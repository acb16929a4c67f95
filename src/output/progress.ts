import type { IO } from '../io.js';

/** Progress on stderr while waiting: a spinner in a terminal, plain lines on change elsewhere, nothing when quiet. */
export interface Progress {
  update(text: string): void;
  stop(): void;
}

/** A spinner only where something animated makes sense: stderr is a terminal and this is not CI. */
export async function startProgress(io: IO, quiet: boolean, text: string): Promise<Progress> {
  if (quiet) return { update: () => undefined, stop: () => undefined };
  if (io.stderrIsTTY && !io.env.CI) {
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream: io.stderr as NodeJS.WritableStream, discardStdin: false, isEnabled: true }).start();
    return {
      update: (next) => {
        spinner.text = next;
      },
      stop: () => {
        spinner.stop();
      },
    };
  }
  let last = '';
  const line = (next: string) => {
    if (next !== last) io.stderr.write(`${next}\n`);
    last = next;
  };
  line(text);
  return { update: line, stop: () => undefined };
}

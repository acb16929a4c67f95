import type { IO } from '../io.js';

/** Progress on stderr while waiting: a spinner in a terminal, plain lines on change elsewhere, nothing when quiet. */
export interface Progress {
  /** `state` is what changed; `detail` (elapsed time, …) only animates the spinner. */
  update(state: string, detail?: string): void;
  stop(): void;
}

/**
 * A spinner only where something animated makes sense: stderr is a terminal and this is not CI.
 * Elsewhere one plain line per change of state, so logs stay short.
 */
export async function startProgress(io: IO, quiet: boolean, label: string): Promise<Progress> {
  if (quiet) return { update: () => undefined, stop: () => undefined };
  if (io.stderrIsTTY && !io.env.CI) {
    const { default: ora } = await import('ora');
    const spinner = ora({ text: label, stream: io.stderr as NodeJS.WritableStream, discardStdin: false, isEnabled: true }).start();
    return {
      update: (state, detail) => {
        spinner.text = `${label}: ${state}${detail ? ` (${detail})` : ''}`;
      },
      stop: () => {
        spinner.stop();
      },
    };
  }
  let last: string | undefined;
  return {
    update: (state) => {
      if (state !== last) io.stderr.write(`${label}: ${state}\n`);
      last = state;
    },
    stop: () => undefined,
  };
}

import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import type { IO } from '../io.js';

export const defaultPager = 'less -FRX';

/**
 * The pager for stdout, as gh chooses it: WS_PAGER, then the profile's `pager`, then PAGER, then
 * `less -FRX` (which prints short output as it is and quits). None with --no-pager, when stdout is not a
 * terminal, or when the command is empty or `cat`; none of ws's choosing (only WS_PAGER) where nobody may be
 * there to press a key (see unattended).
 */
export function pagerCommand(io: Pick<IO, 'env' | 'stdoutIsTTY' | 'columns' | 'rows'>, configured: string | undefined, noPager: boolean): string | undefined {
  if (noPager || !io.stdoutIsTTY) return undefined;
  const { env } = io;
  if (env.WS_PAGER === undefined && unattended(io)) return undefined;
  const command = (env.WS_PAGER ?? configured ?? env.PAGER ?? defaultPager).trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/**
 * A terminal where less would wait at its prompt for a key nobody presses, or ask for one on every screen: CI
 * (runners that give a job a terminal: Buildkite, `docker run -t`, `script`), a terminal that reports no size
 * (0 rows or 0 columns: `docker exec -t`, `script` with no terminal around it), one that cannot move its
 * cursor (TERM dumb, or none named: editors' shells).
 */
function unattended(io: Pick<IO, 'env' | 'columns' | 'rows'>): boolean {
  const { env } = io;
  return Boolean(env.CI) || io.columns === undefined || io.rows === undefined || !env.TERM || env.TERM === 'dumb';
}

/**
 * A stream that fails at once, like stdout whose reader went away, once the pager has quit. Whatever the pipe
 * said (EPIPE, or a stream already destroyed when the pager quit first), it is the reader going away: EPIPE.
 */
class PagerStream extends Writable {
  private lost: Error | undefined;

  get failure(): Error | undefined {
    return this.lost;
  }

  set failure(error: Error | undefined) {
    if (!error || this.lost) return;
    this.lost = Object.assign(new Error('the pager quit before reading all the output'), { code: 'EPIPE' });
  }

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    if (this.lost) throw this.lost;
    return (super.write as (chunk: unknown, ...rest: unknown[]) => boolean)(chunk, ...rest);
  }
}

/**
 * stdout through a pager, started on the first write, so a command that prints nothing (or fails first)
 * starts none. A pager that cannot start leaves the output on stdout. A pager that quits early (`q` in
 * less) makes the next write fail with EPIPE, which ends the command quietly, as at `| head`. While the
 * pager runs, Ctrl-C is the pager's: ws waits for it, so that the shell gets the terminal back only when
 * the pager is done.
 */
export class Pager {
  private child: ChildProcess | undefined;
  private started: Promise<Writable> | undefined;
  private stopIgnoring: (() => void) | undefined;

  readonly stream: PagerStream = new PagerStream({
    write: (chunk: Buffer, _encoding, done) => {
      void this.target().then((target) =>
        target.write(chunk, (error) => {
          if (error) this.stream.failure ??= error;
          done();
        }),
      );
    },
  });

  /** Notes for stderr (such as "showing 50 of 180"), held until the pager is done so that they follow the output. */
  private readonly notes: Buffer[] = [];
  readonly stderr = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.notes.push(chunk);
      done();
    },
  });

  constructor(
    private readonly io: IO,
    private readonly command: string,
  ) {}

  private target(): Promise<Writable> {
    this.started ??= new Promise((resolve) => {
      // a plain command runs without a shell, so that a missing one is seen (ENOENT) and nothing is lost
      const plain = /^[\w@%+=:,./ -]+$/.test(this.command);
      const [file, ...args] = plain ? this.command.split(/\s+/) : ['/bin/sh', '-c', this.command];
      // from before the spawn: the pager may see a Ctrl-C as soon as it starts
      this.stopIgnoring = this.io.onInterrupt(() => undefined);
      // the pager writes to the terminal itself; streams without a file descriptor (tests) get its output piped
      const fd = (stream: Writable) => (stream as { fd?: unknown }).fd;
      const out = typeof fd(this.io.stdout) === 'number' ? 'inherit' : 'pipe';
      const err = typeof fd(this.io.stderr) === 'number' ? 'inherit' : 'pipe';
      // node:child_process (about 5 ms to load) is loaded when a pager starts, not on every run
      const child = process
        .getBuiltinModule('node:child_process')
        .spawn(file!, args, { stdio: ['pipe', out, err], env: { LESSCHARSET: 'utf-8', ...this.io.env } });
      child.stdout?.pipe(this.io.stdout, { end: false });
      child.stderr?.pipe(this.io.stderr, { end: false });
      child.once('spawn', () => {
        this.child = child;
        child.stdin!.on('error', (error) => (this.stream.failure ??= error));
        resolve(child.stdin!);
      });
      child.once('error', () => {
        this.stopIgnoring?.();
        resolve(this.io.stdout);
      });
    });
    return this.started;
  }

  /** Ends the pager's input and waits until the person has quit it. */
  async close(): Promise<void> {
    await this.closeOutput();
    for (const note of this.notes.splice(0)) this.io.stderr.write(note);
  }

  private async closeOutput(): Promise<void> {
    if (!this.started) return;
    await new Promise((resolve) => this.stream.end(resolve));
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.stdin!.end();
      await exited;
    }
    this.stopIgnoring?.();
  }
}

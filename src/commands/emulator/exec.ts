import { spawn, type ChildProcess } from 'node:child_process';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { emulatorOptions } from './shared/options.js';
import type { Emulator } from './declaration.js';

const signalNumbers: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };

export async function run(ctx: Context, [[command, ...args]]: Emulator['exec']['args'], flags: Emulator['exec']['opts']): Promise<number> {
  const options = emulatorOptions({ ...flags, port: flags.port === 8787 ? 0 : flags.port });
  const { startEmulator } = await import('../../emulator/emulator.js');
  // The emulator keeps its files private (umask 077); the command gets the user's own umask back.
  const userUmask = process.umask(0o022);
  process.umask(userUmask);
  const emulator = await startEmulator(options);
  let code: number;
  try {
    const emulatorUmask = process.umask(userUmask);
    let child: ChildProcess;
    try {
      child = spawn(command!, args, { stdio: 'inherit', env: { ...ctx.io.env, WS_BASE_URL: emulator.baseUrl, WS_API_KEY: emulator.apiKeys[0] } });
    } finally {
      process.umask(emulatorUmask);
    }
    code = await untilExit(ctx, child, command!);
  } finally {
    // Closing is bounded (running queries are interrupted): ws ends right after its command.
    await emulator.close().catch((error: unknown) => ctx.note(`warning: the emulator did not stop cleanly: ${(error as Error).message}`));
  }
  return code;
}

/**
 * The command's exit code. Signals meant for ws are passed on, so the command never runs on without its
 * server: SIGTERM and SIGHUP always, SIGINT when it cannot have come from a terminal (which sends Ctrl-C to
 * the command as well, and a second one would cut short its own Ctrl-C handling).
 */
function untilExit(ctx: Context, child: ChildProcess, command: string): Promise<number> {
  const forwardInterrupt = () => {
    if (!ctx.io.stdinIsTTY) child.kill('SIGINT');
  };
  const forwardTerminate = () => child.kill('SIGTERM');
  const forwardHangUp = () => child.kill('SIGHUP');
  const stopInterrupt = ctx.io.onInterrupt(forwardInterrupt);
  process.on('SIGTERM', forwardTerminate);
  process.on('SIGHUP', forwardHangUp);
  return new Promise<number>((resolve, reject) => {
    child.once('error', (error) => reject(new WsError('usage', `cannot run ${command}: ${error.message}`)));
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signalNumbers[signal ?? ''] ?? 1)));
  }).finally(() => {
    stopInterrupt();
    process.off('SIGTERM', forwardTerminate);
    process.off('SIGHUP', forwardHangUp);
  });
}

import { spawn } from 'node:child_process';
import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import type { EmulatorFlags } from './index.js';
import { emulatorOptions } from './options.js';

const signalNumbers: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };

export async function run(ctx: Context, [command, ...args]: string[], flags: EmulatorFlags): Promise<number> {
  const options = emulatorOptions({ ...flags, port: flags.port === 8787 ? 0 : flags.port });
  const { startEmulator } = await import('../../emulator/emulator.js');
  const emulator = await startEmulator(options);
  try {
    const child = spawn(command!, args, {
      stdio: 'inherit',
      env: { ...ctx.io.env, WS_BASE_URL: emulator.baseUrl, WS_API_KEY: emulator.apiKeys[0] },
    });
    // Ctrl-C reaches the child through the terminal; the emulator waits for it to finish. A SIGTERM
    // (a CI job's time limit, say) is passed on, so the child is not left running without its server.
    const stopInterrupt = ctx.io.onInterrupt(() => undefined);
    const forward = () => child.kill('SIGTERM');
    process.once('SIGTERM', forward);
    try {
      return await new Promise<number>((resolve, reject) => {
        child.once('error', (error) => reject(new WsError('usage', `cannot run ${command}: ${error.message}`)));
        child.once('exit', (code, signal) => resolve(code ?? 128 + (signalNumbers[signal ?? ''] ?? 1)));
      });
    } finally {
      stopInterrupt();
      process.off('SIGTERM', forward);
    }
  } finally {
    await emulator.close();
  }
}

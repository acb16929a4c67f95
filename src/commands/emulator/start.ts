import type { Context } from '../../context.js';
import { WsError } from '../../errors.js';
import { emulatorOptions } from './shared/options.js';
import type { Emulator } from './declaration.js';

export async function run(ctx: Context, _args: Emulator['start']['args'], flags: Emulator['start']['opts']): Promise<void> {
  const options = emulatorOptions(flags);
  const { startEmulator } = await import('../../emulator/emulator.js');
  const emulator = await startEmulator(options).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE'
      ? new WsError('api', `port ${options.port} on ${options.host} is already in use`, {
          hint: 'stop what listens there, or pass --port 0 to take a free port',
        })
      : error;
  });
  try {
    const [key] = emulator.apiKeys;
    // stdout: the two settings, in a form a shell can `export`; stderr: what a person needs to know.
    ctx.io.stdout.write(`WS_BASE_URL=${emulator.baseUrl}\nWS_API_KEY=${key}\n`);
    ctx.note(
      `Workspace API v3 emulator on ${emulator.baseUrl} (${options.dataDir ? `state in ${options.dataDir}` : 'in memory'}, ${options.seed === 'demo' ? 'demo data' : 'no seed'}).\n` +
        `Try: WS_BASE_URL=${emulator.baseUrl} WS_API_KEY=${key} ws queries list\nStop it with Ctrl-C.`,
    );
    await new Promise<void>((resolve) => {
      const stopInterrupt = ctx.io.onInterrupt(() => done());
      const done = () => {
        stopInterrupt();
        process.off('SIGTERM', done);
        resolve();
      };
      process.once('SIGTERM', done);
    });
  } finally {
    await emulator.close();
  }
  ctx.note('Emulator stopped.');
}

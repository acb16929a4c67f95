#!/usr/bin/env node
// Node >= 22.1 caches compiled code between runs; on Node 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
// The reader of stdout went away (`ws … | head`): stop quietly, as other Unix tools do. A closed stderr
// loses only messages, and the exit code still tells what happened.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.stderr.on('error', (error) => {
  if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error; // EIO: the terminal was closed
});
const { run } = await import('../dist/cli.js');
process.exitCode = await run(process.argv.slice(2));
// After a hang-up (129) the terminal may be gone, and Node's exit aborts when it cannot reset one: end by
// the signal itself, as the shell expects of a hung-up job (same status, 129).
if (process.exitCode === 129) process.kill(process.pid, 'SIGHUP');

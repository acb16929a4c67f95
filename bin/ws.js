#!/usr/bin/env node
// Node >= 22.1 caches compiled code between runs; on Node 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
// The reader of a pipe went away (`ws … | head`): stop quietly, as other Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const { run } = await import('../dist/cli.js');
process.exitCode = await run(process.argv.slice(2));

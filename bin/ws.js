#!/usr/bin/env node
// Node >= 22.1 caches compiled code between runs; on Node 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
// The reader of stdout went away (`ws … | head`): stop quietly, as other Unix tools do. A closed stderr
// loses only messages, and the exit code still tells what happened.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  // a full disk or a file that cannot grow: say so in one line; the output is incomplete, so not 0
  process.stderr.write(`error: cannot write the output: ${error.message}\n`);
  process.exit(1);
});
process.stderr.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
});
const { run } = await import('../dist/cli.js');
process.exitCode = await run(process.argv.slice(2));

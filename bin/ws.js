#!/usr/bin/env node
// Node >= 22.1 caches compiled code between runs; on 20 this is a no-op.
import module from 'node:module';

module.enableCompileCache?.();
const { run } = await import('../dist/cli.js');
process.exitCode = await run(process.argv.slice(2));

#!/usr/bin/env node
'use strict';
// CommonJS (see bin/package.json), like dist/cli.cjs: on Node 20, loading ES modules costs more start-up time.
const args = process.argv.slice(2);
// Most of what `ws --version` would cost is compiling the bundle, which the version does not need.
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
  return;
}
// Help (`ws --help`, `ws help …`, `ws queries`) from dist/help.json, without compiling dist/cli.cjs.
const helpCode = require('../dist/help.cjs').serveHelp(args);
if (helpCode !== undefined) {
  process.exitCode = helpCode;
  return;
}
// undici parses HTTP with a WebAssembly build of llhttp. On Node 20 (V8 11), parsing one response already counts
// as hot, and V8 then recompiles the whole parser with its optimizing compiler: about 100 ms of CPU and 35 MB of
// memory for a request that is over by then. A larger budget keeps one-shot requests on the baseline compiler
// while a long export still gets the optimized parser (Node 22 and later do not need it). Set before anything is
// compiled: V8 refuses code cached under other flags, so a flag set later would have caches rewritten at every start.
if (Number(process.versions.node.split('.')[0]) < 22) process.getBuiltinModule('node:v8').setFlagsFromString('--wasm-tiering-budget=20000000');
// Compiling dist/ is most of what a start costs: compiled code is kept between runs, in the user's cache folder.
try {
  require('./compile-cache.cjs').enable(require('node:path').join(__dirname, '..', 'dist', '/'));
} catch {
  // no cache this time
}
// The reader of stdout went away (`ws … | head`): stop quietly, as other Unix tools do. A closed stderr
// loses only messages, and the exit code still tells what happened.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  // a full disk or a file that cannot grow: say so in one line; the output is incomplete, so not 0
  process.stderr.write(`error: cannot write the output: ${error.message}\n`);
  process.exit(1);
});
process.stderr.on('error', (error) => {
  if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error; // EIO: the terminal was closed
});
require('../dist/cli.cjs')
  .run(args)
  .then((code) => {
    process.exitCode = code;
    // After a hang-up (129) the terminal may be gone, and Node's exit aborts when it cannot reset one: end by
    // the signal itself, as the shell expects of a hung-up job (same status, 129).
    if (code === 129) process.kill(process.pid, 'SIGHUP');
  });

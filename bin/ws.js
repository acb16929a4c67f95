#!/usr/bin/env node
'use strict';
// CommonJS (see bin/package.json), like dist/cli.cjs: on Node 20, loading ES modules costs more start-up time.
const args = process.argv.slice(2);
// Most of what `ws --version` would cost is compiling the bundle, which the version does not need.
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  writeVersion(`${require('../package.json').version}\n`);
} else if (args[0] === '__complete') {
  // Tab: names kept from the API (src/completion/names-cache.ts) are printed by dist/complete.cjs, without the
  // bundle; with none kept, the whole of ws asks the API. No compile cache for dist/complete.cjs: opening it (its
  // folder checked, then Node's cache) cost 1.5-2 ms on Node 24, and compiling the file only about as much; start()
  // opens it for the bundle.
  let answered;
  try {
    answered = require('../dist/complete.cjs').serveComplete(args.slice(1));
  } catch {
    answered = Promise.resolve(false); // a build without it
  }
  answered.then(
    (done) => done || start(),
    () => start(),
  );
} else if (args.length === 1 && args[0] === '__keyring') {
  // the system keyring's own process (src/config/keyring-child.ts): a request on stdin, the answer on stdout
  require('../dist/keyring.cjs').serve(process.stdin, process.stdout);
} else {
  // Help (`ws --help`, `ws help …`, `ws queries`) from dist/help.json, without compiling dist/cli.cjs.
  const helpCode = require('../dist/help.cjs').serveHelp(args);
  if (helpCode === undefined) start();
  else process.exitCode = helpCode;
}

// Compiling dist/ is most of what a start costs: on Node 22.1 and later, compiled code is kept between runs.
function compileCache() {
  try {
    require('./compile-cache.cjs').enable();
  } catch {
    // no cache this time
  }
}

function start() {
  compileCache();
  // The reader of stdout went away (`ws … | head`): stop quietly, as other Unix tools do. A closed stderr
  // loses only messages, and the exit code still tells what happened.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    // a write that waits for its outcome takes the error itself (an export says how many rows the output holds)
    if (process.stdout.listenerCount('error') > 1) return;
    // a full disk or a file that cannot grow: say so in one line; the output is incomplete, so not 0
    process.stderr.write(`error: cannot write the output: ${error.message}\n`);
    process.exit(1);
  });
  process.stderr.on('error', (error) => {
    if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error; // EIO: the terminal was closed
  });
  const cli = require('../dist/cli.cjs');
  cli.run(args).then((code) => {
    process.exitCode = code;
    // After a hang-up (129) the terminal may be gone, and Node's exit aborts when it cannot reset one: end by
    // the signal itself, as the shell expects of a hung-up job (same status, 129).
    if (code === 129) process.kill(process.pid, 'SIGHUP');
  });
}

/**
 * The version line, written with fs.writeSync: process.stdout would load Node's stream modules for one line, and a
 * reader gone (EPIPE) would be an unhandled error with a stack trace; it ends quietly, exit 0, as every command
 * does. On any other failure (a non-blocking pipe that is full: EAGAIN) process.stdout writes the rest.
 */
function writeVersion(text) {
  let written = 0;
  try {
    written = require('node:fs').writeSync(1, text);
  } catch (error) {
    if (error.code === 'EPIPE') return;
  }
  if (written < Buffer.byteLength(text)) process.stdout.write(Buffer.from(text).subarray(written));
}

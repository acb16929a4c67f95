// The standalone ws (dist-bin/, `npm run build:binary`) tested as an installed tool: WS_TEST_BIN names the unpacked
// ws, which the test helpers (test/helpers/ws.ts) then run instead of bin/ws.js; .ci/run gives it a PATH with no
// node. The emulator the tests start runs in the test process, on the machine's node.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

if (!process.env.WS_TEST_BIN) throw new Error('WS_TEST_BIN must name the standalone ws to test, e.g. an unpacked dist-bin/ws-<version>-linux-x64.tar.gz');

// the base's projects would replace the include below with theirs
const { projects: _projects, ...shared } = base.test ?? {};

export default defineConfig({
  test: {
    ...shared,
    exclude: ['node_modules/**'],
    // what matters to an installed tool: the README's examples, --jq, the completion scripts, a --wait in a terminal
    // with Ctrl-C and the other signals, the exit codes, proxies and the CA file, the system keyring (its binding is
    // an asset of the binary); and what only the binary does
    include: [
      'test/standalone/*.test.ts',
      'test/e2e/readme.test.ts',
      'test/e2e/completion.test.ts',
      'test/e2e/pty-wait.test.ts',
      'test/e2e/script-errors.test.ts',
      'test/e2e/network-proxy.test.ts',
      'test/e2e/network-tls.test.ts',
      'test/e2e/keyring.test.ts',
    ],
  },
});
